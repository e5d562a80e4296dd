//! Text in the book's faces: one run shaped in one face (cached per face and text), and the whole pipeline
//! of [`crate::text`] (itemize, shape, break, lay out) behind the book's own methods.

use std::sync::Arc;

use goldberry_natives::NativeError;
use goldberry_natives::glyphs::GlyphRun;

use super::FontBook;
use crate::geom::FontId;
use crate::text::{self, Line, Paragraph, ShapedPiece, TextStyle};

impl FontBook {
    /// `text` shaped in `id`'s face with kerning and ligatures, cached per face and text. Should HarfBuzz fail
    /// (it only does out of memory), the error is logged and the run is empty: see [`FontBook::try_shape`].
    pub fn shape(&self, id: FontId, text: &str) -> Arc<GlyphRun> {
        self.try_shape(id, text).unwrap_or_else(|error| {
            tracing::warn!("shaping {text:?} failed: {error}");
            Arc::new(GlyphRun::default())
        })
    }

    /// `text` composed from one cached run per character instead of shaped whole: for figures that change every
    /// frame in a monospaced face, which has no kerning or ligatures between digits, so the composition is what
    /// shaping the whole string gives, and the cache holds one entry per character rather than one per value.
    pub fn compose(&self, id: FontId, text: &str) -> GlyphRun {
        let mut run = GlyphRun::default();
        let mut buf = [0u8; 4];
        for (offset, c) in text.char_indices() {
            let piece = self.shape(id, c.encode_utf8(&mut buf));
            run.units_per_em = piece.units_per_em;
            run.glyphs.extend_from_slice(&piece.glyphs);
            run.placements.extend_from_slice(&piece.placements);
            run.clusters.extend(piece.clusters.iter().map(|&cluster| cluster + offset as u32));
        }
        run
    }

    /// `text` shaped in `id`'s face left to right, without fallback, cached per face and text: for labels and
    /// figures in one script ([`FontBook::layout`] is the whole pipeline).
    pub fn try_shape(&self, id: FontId, text: &str) -> Result<Arc<GlyphRun>, NativeError> {
        let face = self.face(id);
        self.shaper.shape(face.index(), &self.loaded_or_sans(face).harfbuzz, text)
    }

    /// `text` (may hold '\n': hard breaks) laid out: bidi runs in visual order, fallback faces per cluster,
    /// wrapped at UAX #14 opportunities within `max_width_px` (`None`: no wrapping), cached. See [`crate::text`].
    pub fn layout(
        &self,
        style: &TextStyle,
        text: &str,
        max_width_px: Option<f32>,
    ) -> Result<Arc<Paragraph>, NativeError> {
        text::layout::layout(self, &self.shaper, style, text, max_width_px)
    }

    /// `text` laid out with runs only on the lines `pick` chooses, not cached: see [`text::layout::layout_picked`].
    pub fn layout_picked(
        &self,
        style: &TextStyle,
        text: &str,
        max_width_px: Option<f32>,
        pick: &mut dyn FnMut(&[Line]) -> Vec<std::ops::Range<usize>>,
    ) -> Result<Paragraph, NativeError> {
        text::layout::layout_picked(self, &self.shaper, style, text, max_width_px, pick)
    }

    /// `text` laid out again from its last layout `before` at the same style and width, wrapping only what the
    /// edit changed: see [`text::edited`].
    pub fn layout_edited(
        &self,
        style: &TextStyle,
        before: text::edited::Before<'_>,
        text: &str,
        max_width_px: f32,
        pick: &mut dyn FnMut(&[Line]) -> Vec<std::ops::Range<usize>>,
    ) -> Result<Paragraph, NativeError> {
        text::edited::layout_edited(self, &self.shaper, style, before, text, max_width_px, pick)
    }

    /// One line of `text` that fits `max_width_px`, ending with "…" at a cluster boundary when it does not.
    pub fn ellipsized(&self, style: &TextStyle, text: &str, max_width_px: f32) -> Result<Line, NativeError> {
        text::ellipsis::ellipsized(self, &self.shaper, style, text, max_width_px)
    }

    /// Every hard line of `text` shaped in `style` (cached): what a measure function wraps at any width.
    pub fn shaped_pieces(&self, style: &TextStyle, text: &str) -> Result<Vec<Arc<ShapedPiece>>, NativeError> {
        let primary = self.face(style.font).index();
        self.shaper.pieces(self, primary, &style.features, style.direction, text)
    }

    /// The OpenType feature tags the face of `font` has (GSUB and GPOS), sorted, deduplicated.
    pub fn feature_tags(&self, font: FontId) -> Vec<[u8; 4]> {
        self.loaded_or_sans(self.face(font)).harfbuzz_face.feature_tags()
    }

    /// The width in pixels of `text` in `id`, shaped (and cached).
    pub fn width_px(&self, id: FontId, text: &str) -> f32 {
        self.shape(id, text).width_px(self.size_px(id))
    }

    /// How many shaped runs the cache holds.
    pub fn cached_runs(&self) -> usize {
        self.shaper.cached_runs()
    }

    /// How many shaped hard lines the layout cache holds.
    pub fn cached_pieces(&self) -> usize {
        self.shaper.cached_pieces()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::fonts::Face;
    use crate::test_support::book;
    use crate::text::TextStyle;

    #[test]
    fn shaping_is_cached_and_kerned() {
        let book = book();
        let id = book.id(Face::Sans, 16.0);
        let first = book.shape(id, "AVATAR office");
        let again = book.shape(book.id(Face::Sans, 20.0), "AVATAR office");
        assert!(Arc::ptr_eq(&first, &again), "one run per face and text, whatever the size");
        // Blend2D scales the run by the same units per em it reads from the same file.
        assert_eq!(first.units_per_em, book.blend2d_font(id).face_units_per_em());
        // Inter kerns "AV": the run is narrower than its glyphs' own advances.
        let kerned = book.shape(id, "AV");
        assert_eq!(kerned.len(), 2);
        let w = kerned.width_px(16.0);
        let a = book.width_px(id, "A");
        let v = book.width_px(id, "V");
        assert!(w < a + v - 0.1, "AV {w} vs A {a} + V {v}");
    }

    #[test]
    fn a_paragraph_of_real_text_wraps_inside_its_width() {
        let book = book();
        let id = book.id(Face::Sans, 13.0);
        let text = "Blend2D paints every card, Yoga lays them out, HarfBuzz shapes their text with kerning and \
                    ligatures, and SDL puts the frame on screen.";
        let style = TextStyle::new(id);
        let paragraph = match book.layout(&style, text, Some(180.0)) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        let one_line = book.width_px(id, text);
        assert!(one_line > 600.0, "{one_line}");
        assert!(paragraph.lines.len() >= 4 && paragraph.lines.len() <= 6, "{}", paragraph.lines.len());
        let widths: Vec<f32> = paragraph.lines.iter().map(|line| line.width_px).collect();
        assert!(widths.iter().all(|&w| w <= 180.0), "{widths:?}");
        // Greedy: every line but the last is full enough that the next word did not fit.
        assert!(widths[..widths.len() - 1].iter().all(|&w| w > 120.0), "{widths:?}");
        // The lines together show every word, in order.
        let words: Vec<&str> =
            paragraph.lines.iter().flat_map(|l| text[l.bytes.clone()].split(' ')).filter(|w| !w.is_empty()).collect();
        assert_eq!(words, text.split(' ').collect::<Vec<_>>());
        // A word longer than the width breaks between graphemes rather than overflow.
        let long_text = "a supercalifragilisticexpialidocious word";
        let long = book.layout(&style, long_text, Some(60.0)).unwrap_or_else(|e| panic!("{e}"));
        assert!(long.lines.len() >= 4, "{:?}", long.lines);
        assert!(long.lines.iter().all(|l| l.width_px <= 60.0), "{:?}", long.lines);
        let joined: String = long.lines.iter().map(|l| &long_text[l.bytes.clone()]).collect();
        assert_eq!(joined, long_text);
        // The same request is served from the cache.
        let again = book.layout(&style, text, Some(180.0)).ok();
        assert!(again.is_some_and(|again| Arc::ptr_eq(&again, &paragraph)));
    }
}
