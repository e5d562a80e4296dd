//! Colour faces: which fonts draw from colour bitmaps rather than outlines, and a glyph's bitmap from the strike
//! nearest the size it is drawn at.

use goldberry_natives::blend2d;
use goldberry_natives::harfbuzz::{ColourBitmap, GlyphExtents, PaintSink, Painted};

use super::{Face, FontBook};
use crate::geom::FontId;

impl FontBook {
    /// Whether `font`'s glyphs are colour bitmaps ([`Face::colour`]) and its face is loaded with them: its runs
    /// are drawn from the glyph cache's colour cells, never by Blend2D's glyph fill, which draws only outlines.
    pub fn is_colour(&self, font: FontId) -> bool {
        let face = self.face(font);
        face.colour().is_some() && self.loaded(face).is_some_and(|loaded| loaded.colour)
    }

    /// The bitmap of `glyph` of `font`'s face from the strike `ppem` (device pixels per em) picks, `None` when the
    /// glyph has none (a space, a joiner) or the face is not a colour face.
    pub fn colour_bitmap(&self, font: FontId, glyph: u32, ppem: u32) -> Option<ColourBitmap> {
        let loaded = self.loaded(self.face(font)).filter(|loaded| loaded.colour)?;
        loaded.harfbuzz.colour_png(glyph, ppem)
    }

    /// Whether `font`'s colour glyphs are COLR (painted through HarfBuzz's paint API), not bitmaps.
    pub fn is_colr(&self, font: FontId) -> bool {
        self.loaded(self.face(font)).is_some_and(|loaded| loaded.colour && loaded.colr)
    }

    /// Paints `glyph` of `font`'s COLR face into `sink` (palette 0, foreground opaque black); `None` when the
    /// face is not a COLR face.
    pub fn paint_colour_glyph(&self, font: FontId, glyph: u32, sink: &mut dyn PaintSink) -> Option<Painted> {
        let loaded = self.loaded(self.face(font)).filter(|loaded| loaded.colour && loaded.colr)?;
        Some(loaded.harfbuzz.paint_glyph(glyph, 0, 0xff00_0000, sink))
    }

    /// A Blend2D font of `font`'s face at its units per em (its outlines in design units, which COLR glyphs clip
    /// to).
    pub fn outline_font(&self, font: FontId) -> Option<blend2d::Font> {
        let loaded = self.loaded(self.face(font))?;
        blend2d::Font::new(&loaded.blend2d, loaded.units_per_em as f32).ok()
    }

    /// The ink box of `glyph` of `font`'s face, in design units (a COLR glyph's from its paint).
    pub fn glyph_extents(&self, font: FontId, glyph: u32) -> Option<GlyphExtents> {
        self.loaded(self.face(font))?.harfbuzz.glyph_extents(glyph)
    }

    /// The box of `glyph`'s advance and the face's ascent and descent, in design units, y up: where a glyph
    /// without extents may draw.
    pub fn glyph_box(&self, font: FontId, glyph: u32) -> GlyphExtents {
        let loaded = self.loaded_or_sans(self.face(font));
        GlyphExtents {
            x_bearing: 0,
            y_bearing: loaded.ascender,
            width: loaded.harfbuzz.glyph_advance(glyph),
            height: loaded.descender - loaded.ascender,
        }
    }

    /// The units per em of `font`'s face (HarfBuzz's: a colour face's Blend2D face is a stand-in of other units).
    pub fn face_units_per_em(&self, font: FontId) -> u32 {
        self.loaded_or_sans(self.face(font)).units_per_em
    }

    /// The family of the colour face, when it is installed and loads with its bitmaps.
    pub fn colour_family(&self) -> Option<&'static str> {
        self.loaded(Face::Emoji).filter(|loaded| loaded.colour).map(|loaded| loaded.family)
    }
}

#[cfg(test)]
mod tests {
    use crate::fonts::Face;
    use crate::test_support::fonts;

    #[test]
    fn noto_color_emoji_loads_as_a_colour_face_and_its_glyphs_have_bitmaps() {
        let fonts = fonts();
        let id = fonts.id(Face::Emoji, 14.0);
        assert!(fonts.is_colour(id), "ci/setup installs fonts-noto-color-emoji");
        assert!(!fonts.is_colour(fonts.id(Face::Symbola, 14.0)));
        let run = fonts.shape(id, "\u{1F600}");
        assert_eq!(run.len(), 1);
        let bitmap = fonts.colour_bitmap(id, run.glyphs[0], 14).expect("the grinning face has a bitmap");
        assert!(bitmap.extents.width > 0);
    }
}
