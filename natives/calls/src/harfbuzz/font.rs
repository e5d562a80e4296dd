//! HarfBuzz fonts (hb-font.h) and shaping (hb-shape.h, hb-common.h's feature parser).
//!
//! `hb_shape` lives here rather than in `BufferCalls`: a font shapes a buffer, and the font is what the safe
//! layer's `Font::shape` is the surface of. `hb_feature_from_string` sits beside it, since features exist only
//! to be passed to `hb_shape`. `hb_version_string` names the HarfBuzz that shapes.

use std::ffi::{c_char, c_int, c_uint};

use super::types::{
    hb_bool_t, hb_buffer_t, hb_codepoint_t, hb_face_t, hb_feature_t, hb_font_extents_t, hb_font_t, hb_glyph_extents_t,
    hb_position_t,
};

crate::holders! {
    /// The surface of an `hb_font_t`, and shaping with it.
    pub struct FontCalls in "libgoldberry" {
        /// `const char* hb_version_string(void)`: the library's version, "major.minor.micro", static.
        fn hb_version_string() -> *const c_char;
        /// `hb_font_t* hb_font_create(hb_face_t* face)`: takes its own reference to `face`; never null (the empty font on failure); scaled to the face's units per em.
        fn hb_font_create(face: *mut hb_face_t) -> *mut hb_font_t;
        /// `void hb_font_destroy(hb_font_t* font)`: drops one reference.
        fn hb_font_destroy(font: *mut hb_font_t);
        /// `void hb_font_make_immutable(hb_font_t* font)`: no setter changes it afterwards.
        fn hb_font_make_immutable(font: *mut hb_font_t);
        /// `void hb_font_set_scale(hb_font_t* font, int x_scale, int y_scale)`
        fn hb_font_set_scale(font: *mut hb_font_t, x_scale: c_int, y_scale: c_int);
        /// `void hb_font_get_scale(hb_font_t* font, int* x_scale, int* y_scale)`
        fn hb_font_get_scale(font: *mut hb_font_t, x_scale: *mut c_int, y_scale: *mut c_int);
        /// `hb_position_t hb_font_get_glyph_h_advance(hb_font_t* font, hb_codepoint_t glyph)`
        fn hb_font_get_glyph_h_advance(font: *mut hb_font_t, glyph: hb_codepoint_t) -> hb_position_t;
        /// `hb_bool_t hb_font_get_nominal_glyph(hb_font_t* font, hb_codepoint_t unicode, hb_codepoint_t* glyph)`
        fn hb_font_get_nominal_glyph(font: *mut hb_font_t, unicode: hb_codepoint_t, glyph: *mut hb_codepoint_t) -> hb_bool_t;
        /// `hb_bool_t hb_font_get_h_extents(hb_font_t* font, hb_font_extents_t* extents)`
        fn hb_font_get_h_extents(font: *mut hb_font_t, extents: *mut hb_font_extents_t) -> hb_bool_t;
        /// `hb_bool_t hb_font_get_glyph_extents(hb_font_t* font, hb_codepoint_t glyph, hb_glyph_extents_t* extents)`: the glyph's ink box in the font's scale, y up (a bitmap glyph's from its strike); false when the font has none for it.
        fn hb_font_get_glyph_extents(font: *mut hb_font_t, glyph: hb_codepoint_t, extents: *mut hb_glyph_extents_t) -> hb_bool_t;
        /// `hb_font_t* hb_font_create_sub_font(hb_font_t* parent)`: a mutable font that takes its own reference to `parent` and inherits its scale and functions; never null (the empty font on failure).
        fn hb_font_create_sub_font(parent: *mut hb_font_t) -> *mut hb_font_t;
        /// `void hb_font_set_ppem(hb_font_t* font, unsigned int x_ppem, unsigned int y_ppem)`: the pixels per em it is drawn at, which picks a bitmap strike (0: the largest).
        fn hb_font_set_ppem(font: *mut hb_font_t, x_ppem: c_uint, y_ppem: c_uint);
        /// `void hb_shape(hb_font_t* font, hb_buffer_t* buffer, const hb_feature_t* features, unsigned int num_features)`
        fn hb_shape(font: *mut hb_font_t, buffer: *mut hb_buffer_t, features: *const hb_feature_t, num_features: c_uint);
        /// `hb_bool_t hb_feature_from_string(const char* str, int len, hb_feature_t* feature)`: `len` -1 means NUL-terminated.
        fn hb_feature_from_string(str: *const c_char, len: c_int, feature: *mut hb_feature_t) -> hb_bool_t;
    }
}
