//! HarfBuzz buffers (hb-buffer.h), languages (hb-common.h) and the script of a character (hb-unicode.h): text in,
//! glyphs and positions out.

use std::ffi::{c_char, c_int, c_uint};

use super::types::{
    hb_bool_t, hb_buffer_cluster_level_t, hb_buffer_t, hb_codepoint_t, hb_direction_t, hb_glyph_info_t,
    hb_glyph_position_t, hb_language_t, hb_script_t, hb_unicode_funcs_t,
};

crate::holders! {
    /// The surface of an `hb_buffer_t`.
    pub struct BufferCalls in "libgoldberry" {
        /// `hb_buffer_t* hb_buffer_create(void)`: never null (the inert empty buffer on failure).
        fn hb_buffer_create() -> *mut hb_buffer_t;
        /// `void hb_buffer_destroy(hb_buffer_t* buffer)`: drops one reference.
        fn hb_buffer_destroy(buffer: *mut hb_buffer_t);
        /// `void hb_buffer_reset(hb_buffer_t* buffer)`: contents, segment properties, flags and cluster level back to their defaults.
        fn hb_buffer_reset(buffer: *mut hb_buffer_t);
        /// `void hb_buffer_clear_contents(hb_buffer_t* buffer)`: like `hb_buffer_reset`, but keeps flags, cluster level and Unicode functions.
        fn hb_buffer_clear_contents(buffer: *mut hb_buffer_t);
        /// `hb_bool_t hb_buffer_allocation_successful(hb_buffer_t* buffer)`: false once an allocation failed.
        fn hb_buffer_allocation_successful(buffer: *mut hb_buffer_t) -> hb_bool_t;
        /// `void hb_buffer_add_utf8(hb_buffer_t* buffer, const char* text, int text_length, unsigned int item_offset, int item_length)`
        fn hb_buffer_add_utf8(buffer: *mut hb_buffer_t, text: *const c_char, text_length: c_int, item_offset: c_uint, item_length: c_int);
        /// `void hb_buffer_set_direction(hb_buffer_t* buffer, hb_direction_t direction)`
        fn hb_buffer_set_direction(buffer: *mut hb_buffer_t, direction: hb_direction_t);
        /// `void hb_buffer_set_script(hb_buffer_t* buffer, hb_script_t script)`
        fn hb_buffer_set_script(buffer: *mut hb_buffer_t, script: hb_script_t);
        /// `void hb_buffer_set_language(hb_buffer_t* buffer, hb_language_t language)`
        fn hb_buffer_set_language(buffer: *mut hb_buffer_t, language: hb_language_t);
        /// `hb_language_t hb_language_from_string(const char* str, int len)`: interned for the life of the process; null for an empty string.
        fn hb_language_from_string(str: *const c_char, len: c_int) -> hb_language_t;
        /// `void hb_buffer_guess_segment_properties(hb_buffer_t* buffer)`: fills the unset direction, script and language from the text and the locale.
        fn hb_buffer_guess_segment_properties(buffer: *mut hb_buffer_t);
        /// `void hb_buffer_set_cluster_level(hb_buffer_t* buffer, hb_buffer_cluster_level_t cluster_level)`
        fn hb_buffer_set_cluster_level(buffer: *mut hb_buffer_t, cluster_level: hb_buffer_cluster_level_t);
        /// `unsigned int hb_buffer_get_length(const hb_buffer_t* buffer)`
        fn hb_buffer_get_length(buffer: *const hb_buffer_t) -> c_uint;
        /// `hb_glyph_info_t* hb_buffer_get_glyph_infos(hb_buffer_t* buffer, unsigned int* length)`: owned by the buffer, valid until it changes.
        fn hb_buffer_get_glyph_infos(buffer: *mut hb_buffer_t, length: *mut c_uint) -> *mut hb_glyph_info_t;
        /// `hb_glyph_position_t* hb_buffer_get_glyph_positions(hb_buffer_t* buffer, unsigned int* length)`: owned by the buffer, valid until it changes.
        fn hb_buffer_get_glyph_positions(buffer: *mut hb_buffer_t, length: *mut c_uint) -> *mut hb_glyph_position_t;
        /// `hb_unicode_funcs_t* hb_unicode_funcs_get_default(void)`: HarfBuzz's built-in Unicode data, a static object that lives for the process.
        fn hb_unicode_funcs_get_default() -> *mut hb_unicode_funcs_t;
        /// `hb_script_t hb_unicode_script(hb_unicode_funcs_t* ufuncs, hb_codepoint_t unicode)`: the character's Script property.
        fn hb_unicode_script(ufuncs: *mut hb_unicode_funcs_t, unicode: hb_codepoint_t) -> hb_script_t;
    }
}
