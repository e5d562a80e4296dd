//! HarfBuzz's colour tables (hb-ot-color.h): which colour formats a face has, and the bitmaps of a colour font
//! (CBDT, sbix) as PNG bytes.

use super::types::{hb_blob_t, hb_bool_t, hb_codepoint_t, hb_face_t, hb_font_t};

crate::holders! {
    /// The surface of a face's colour glyphs.
    pub struct ColorCalls in "libgoldberry" {
        /// `hb_bool_t hb_ot_color_has_png(hb_face_t* face)`: whether the face has glyphs as PNG bitmaps (CBDT or sbix).
        fn hb_ot_color_has_png(face: *mut hb_face_t) -> hb_bool_t;
        /// `hb_bool_t hb_ot_color_has_layers(hb_face_t* face)`: whether the face has COLR v0 layers.
        fn hb_ot_color_has_layers(face: *mut hb_face_t) -> hb_bool_t;
        /// `hb_bool_t hb_ot_color_has_paint(hb_face_t* face)`: whether the face has COLR v1 paint graphs.
        fn hb_ot_color_has_paint(face: *mut hb_face_t) -> hb_bool_t;
        /// `hb_blob_t* hb_ot_color_glyph_reference_png(hb_font_t* font, hb_codepoint_t glyph)`: the glyph's PNG from the strike the font's ppem picks (the smallest at least as large, or the largest; the largest at ppem 0); the empty blob when it has none. The caller destroys it.
        fn hb_ot_color_glyph_reference_png(font: *mut hb_font_t, glyph: hb_codepoint_t) -> *mut hb_blob_t;
    }
}
