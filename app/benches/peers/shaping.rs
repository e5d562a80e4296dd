//! The scene's texts shaped by HarfBuzz (through the holders) and by harfrust, at the same scale (the face's
//! units per em) with the same features as the app's font book (kern, liga, calt).

use goldberry::fonts::{Face, FontBook};
use goldberry::geom::FontId;
use goldberry::scene::styles::Styles;
use goldberry::scene::texts::{STATUS_ITEMS, STATUS_TEMPLATE};
use goldberry::screens::TITLES;
use goldberry::screens::overview::model::{Body, CARDS, Visual, card_tag};
use goldberry_natives::glyphs::{GlyphPlacement, GlyphRun};
use goldberry_natives::{Goldberry, harfbuzz};

use super::FontFiles;

/// The features the app's font book shapes with.
pub const FEATURES: [&str; 3] = ["kern", "liga", "calt"];

/// A long paragraph in the scripts the scene's faces cover (Latin with accents, Greek, Cyrillic, figures and
/// punctuation), for the shaping rows beside the scene's own short texts.
pub fn mixed_paragraph() -> String {
    let piece = "Ligatures office, affine and waffle; kerning AVATAR, Tw, Yo. Ελληνικά: η γρήγορη καφέ αλεπού \
                 πηδά πάνω από τον σκύλο. Русский: съешь же ещё этих мягких французских булок, да выпей чаю. \
                 Français: l'œuvre déjà célèbre, naïve façon. Figures 0123456789 -> 12.5 % ± 3 ‰ — «quotes» … ";
    piece.repeat(8)
}

/// Every text the scene shapes (the layout's measured texts and the recorded ones), with the face it is set in.
pub fn scene_texts(fonts: &FontBook) -> Vec<(Face, String)> {
    let s = Styles::new(fonts, 1.0);
    let mut texts: Vec<(FontId, String)> = vec![
        (s.bar_title, "goldberry".into()),
        (s.bar_subtitle, "Blend2D \u{b7} Yoga \u{b7} HarfBuzz \u{b7} SDL2".into()),
        (s.status, STATUS_TEMPLATE.into()),
    ];
    texts.extend(TITLES.iter().map(|m| (s.tab, (*m).to_owned())));
    texts.extend(STATUS_ITEMS.iter().map(|m| (s.status_bar, (*m).to_owned())));
    for (i, card) in CARDS.iter().enumerate() {
        texts.push((s.card_title, card.title.into()));
        texts.push((s.footer, card.footer.into()));
        texts.push((s.footer, card_tag(i)));
        texts.push((s.badge, "0".repeat(card.counter.width)));
        match card.visual {
            Visual::Ring { stats, .. } => texts.extend(stats.iter().map(|t| (s.stats, (*t).to_owned()))),
            Visual::Chips(labels) => texts.extend(labels.iter().map(|t| (s.chip, (*t).to_owned()))),
            _ => {}
        }
        match card.body {
            Body::Prose(p) => texts.extend(p.split('\n').map(|t| (s.prose, t.to_owned()))),
            Body::Code(c) => texts.extend(c.split('\n').map(|t| (s.code, t.to_owned()))),
        }
    }
    for label in ["ms", "max", "-60 s", "now", "16.7", "linear", "linear, 3 stops", "radial"] {
        texts.push((s.label, label.to_owned()));
    }
    texts.into_iter().map(|(id, t)| (fonts.face(id), t)).collect()
}

/// HarfBuzz through the holders: one face and font per face of the book, one buffer.
pub struct HarfBuzz {
    fonts: Vec<(Face, harfbuzz::Face, harfbuzz::Font)>,
    buffer: harfbuzz::Buffer,
    features: Vec<harfbuzz::Feature>,
}

impl HarfBuzz {
    /// Loads every face of `book` again, from the same files.
    pub fn new(g: &'static Goldberry, book: &FontBook) -> Result<HarfBuzz, String> {
        let mut fonts = Vec::new();
        for (face, path, _) in book.files() {
            let hb_face = harfbuzz::Face::from_file(g, path, 0).map_err(|e| e.to_string())?;
            let hb_font = harfbuzz::Font::new(&hb_face).map_err(|e| e.to_string())?;
            fonts.push((face, hb_face, hb_font));
        }
        let features = FEATURES
            .iter()
            .map(|f| harfbuzz::Feature::parse(g, f))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        Ok(HarfBuzz { fonts, buffer: harfbuzz::Buffer::new(g).map_err(|e| e.to_string())?, features })
    }

    /// `text` shaped in `face`.
    pub fn shape(&mut self, face: Face, text: &str) -> Result<GlyphRun, String> {
        let (_, _, font) = self.fonts.iter().find(|f| f.0 == face).ok_or("no such face")?;
        font.shape(&mut self.buffer, text, &self.features).map_err(|e| e.to_string())
    }
}

/// harfrust: one font per face of the book, read from the same files.
pub struct HarfRust {
    fonts: Vec<(Face, harfrust::Font, u32)>,
    features: Vec<harfrust::Feature>,
    buffer: Option<harfrust::Buffer>,
}

impl HarfRust {
    /// Reads every face from `files`.
    pub fn new(files: &FontFiles) -> Result<HarfRust, String> {
        let mut fonts = Vec::new();
        for (face, bytes) in files.all() {
            let upem = skrifa::FontRef::new(&bytes)
                .ok()
                .and_then(|f| skrifa::raw::TableProvider::head(&f).ok())
                .map_or(1000, |h| u32::from(h.units_per_em()));
            let font = harfrust::Font::new(bytes.as_ref().clone(), 0).ok_or("harfrust cannot read the font")?;
            fonts.push((face, font, upem));
        }
        let features = FEATURES
            .iter()
            .map(|f| harfrust::Feature::new(harfrust::Tag::new(&f.as_bytes().try_into().unwrap_or(*b"kern")), 1, ..))
            .collect();
        Ok(HarfRust { fonts, features, buffer: Some(harfrust::Buffer::new()) })
    }

    /// `text` shaped in `face`, as the natives' run (clusters are byte offsets, placements in design units).
    pub fn shape(&mut self, face: Face, text: &str) -> Result<GlyphRun, String> {
        let (_, font, upem) = self.fonts.iter().find(|f| f.0 == face).ok_or("no such face")?;
        let shaper = harfrust::ShaperFont::new(font);
        let mut buffer = self.buffer.take().unwrap_or_default();
        buffer.clear();
        buffer.push_str(text);
        buffer.set_direction(harfrust::Direction::LeftToRight);
        buffer.guess_segment_properties();
        let shaped = harfrust::shape(&shaper, &mut buffer, harfrust::ShapeOptions::new().features(&self.features));
        let run = GlyphRun {
            glyphs: buffer.glyph_infos().iter().map(|g| g.glyph_id).collect(),
            placements: buffer
                .glyph_positions()
                .iter()
                .map(|p| GlyphPlacement {
                    offset_x: p.x_offset,
                    offset_y: p.y_offset,
                    advance_x: p.x_advance,
                    advance_y: p.y_advance,
                })
                .collect(),
            clusters: buffer.glyph_infos().iter().map(|g| g.cluster).collect(),
            units_per_em: *upem,
        };
        self.buffer = Some(buffer);
        shaped.map_err(|e| format!("{e:?}"))?;
        Ok(run)
    }
}
