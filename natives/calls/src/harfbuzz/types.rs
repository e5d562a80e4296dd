//! The C types HarfBuzz's prototypes name (hb-common.h, hb-blob.h, hb-buffer.h, hb-font.h): the opaque object
//! types, the structs the shim checks, the one union, and the enums and constants.
//!
//! Names are HarfBuzz's own (`hb_glyph_info_t`, `HB_DIRECTION_LTR`), so a reader of hb.h finds them here.
//! `hb_bool_t` is a C `int` in HarfBuzz, not `_Bool`.

#![allow(non_camel_case_types)]

use std::ffi::{c_int, c_uint, c_void};
use std::marker::{PhantomData, PhantomPinned};

/// `typedef int hb_bool_t`: HarfBuzz's boolean is a C `int` (0 false, anything else true).
pub type hb_bool_t = c_int;
/// `typedef uint32_t hb_codepoint_t`: a Unicode code point before shaping, a glyph id after.
pub type hb_codepoint_t = u32;
/// `typedef int32_t hb_position_t`: one coordinate, in the font's scale.
pub type hb_position_t = i32;
/// `typedef uint32_t hb_mask_t`: a bit mask.
pub type hb_mask_t = u32;
/// `typedef uint32_t hb_tag_t`: four bytes, the first in the most significant byte (`HB_TAG`).
pub type hb_tag_t = u32;
/// `typedef void (*hb_destroy_func_t) (void *user_data)`: called when HarfBuzz releases user data.
pub type hb_destroy_func_t = Option<unsafe extern "C" fn(user_data: *mut c_void)>;
/// `typedef const struct hb_language_impl_t *hb_language_t`: an interned language, valid for the process.
pub type hb_language_t = *const hb_language_impl_t;

/// Declares opaque C object types: never constructed in Rust, only pointed to, `!Send`, `!Sync`, `!Unpin`.
macro_rules! opaque {
    ($($(#[$meta:meta])* $name:ident;)*) => {
        $(
            $(#[$meta])*
            #[repr(C)]
            pub struct $name {
                _private: [u8; 0],
                _marker: PhantomData<(*mut u8, PhantomPinned)>,
            }
        )*
    };
}

opaque! {
    /// `typedef struct hb_blob_t hb_blob_t`: a reference-counted span of bytes (a font file).
    hb_blob_t;
    /// `typedef struct hb_face_t hb_face_t`: one face of a font file.
    hb_face_t;
    /// `typedef struct hb_font_t hb_font_t`: a face at a scale, with its glyph functions.
    hb_font_t;
    /// `typedef struct hb_buffer_t hb_buffer_t`: text in, glyphs and positions out.
    hb_buffer_t;
    /// `struct hb_language_impl_t`: what an `hb_language_t` points to (never dereferenced).
    hb_language_impl_t;
    /// `typedef struct hb_unicode_funcs_t hb_unicode_funcs_t`: the Unicode character property functions.
    hb_unicode_funcs_t;
}

impl std::fmt::Debug for hb_var_int_t {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // SAFETY: every member is four plain bytes, so reading the word as `u32` is always defined.
        let word = unsafe { self.u32 };
        write!(f, "hb_var_int_t({word:#010x})")
    }
}

crate::c_structs! {
    /// `typedef union _hb_var_int_t { uint32_t u32; int32_t i32; uint16_t u16[2]; int16_t i16[2]; uint8_t u8[4];
    /// int8_t i8[4]; } hb_var_int_t`: HarfBuzz's private per-glyph scratch word.
    #[derive(Clone, Copy)]
    pub union hb_var_int_t {
        /// As one unsigned 32-bit word.
        pub u32: u32,
        /// As one signed 32-bit word.
        pub i32: i32,
        /// As two unsigned 16-bit halves.
        pub u16: [u16; 2],
        /// As two signed 16-bit halves.
        pub i16: [i16; 2],
        /// As four unsigned bytes.
        pub u8: [u8; 4],
        /// As four signed bytes.
        pub i8: [i8; 4],
    }

    /// `typedef struct hb_glyph_info_t { hb_codepoint_t codepoint; hb_mask_t mask; uint32_t cluster;
    /// hb_var_int_t var1; hb_var_int_t var2; } hb_glyph_info_t`: one glyph of a shaped buffer.
    #[derive(Clone, Copy, Debug)]
    pub struct hb_glyph_info_t {
        /// A code point before shaping, the glyph id after.
        pub codepoint: hb_codepoint_t,
        /// Private: the glyph's feature mask.
        pub mask: hb_mask_t,
        /// The cluster: for UTF-8 input, the byte offset of the text it came from.
        pub cluster: u32,
        /// Private scratch.
        pub var1: hb_var_int_t,
        /// Private scratch.
        pub var2: hb_var_int_t,
    }

    /// `typedef struct hb_glyph_position_t { hb_position_t x_advance; hb_position_t y_advance;
    /// hb_position_t x_offset; hb_position_t y_offset; hb_var_int_t var; } hb_glyph_position_t`.
    #[derive(Clone, Copy, Debug)]
    pub struct hb_glyph_position_t {
        /// How far the pen moves right after the glyph.
        pub x_advance: hb_position_t,
        /// How far the pen moves up after the glyph.
        pub y_advance: hb_position_t,
        /// Horizontal offset from the pen, not moving it.
        pub x_offset: hb_position_t,
        /// Vertical offset from the pen (y up), not moving it.
        pub y_offset: hb_position_t,
        /// Private scratch.
        pub var: hb_var_int_t,
    }

    /// `typedef struct hb_feature_t { hb_tag_t tag; uint32_t value; unsigned int start; unsigned int end; }
    /// hb_feature_t`: one OpenType feature setting over a range of clusters.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct hb_feature_t {
        /// The feature's tag, e.g. `HB_TAG('l','i','g','a')`.
        pub tag: hb_tag_t,
        /// 0 disables, 1 enables; for alternates, a one-based index.
        pub value: u32,
        /// First cluster it applies to (inclusive); `HB_FEATURE_GLOBAL_START` for all.
        pub start: c_uint,
        /// Last cluster it applies to (exclusive); `HB_FEATURE_GLOBAL_END` for all.
        pub end: c_uint,
    }

    /// `typedef struct hb_font_extents_t { hb_position_t ascender; hb_position_t descender;
    /// hb_position_t line_gap; hb_position_t reserved9 ... reserved1; } hb_font_extents_t`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct hb_font_extents_t {
        /// Distance from the baseline to the top of the line, y up.
        pub ascender: hb_position_t,
        /// Distance from the baseline to the bottom of the line, y up (so usually negative).
        pub descender: hb_position_t,
        /// Extra space between lines.
        pub line_gap: hb_position_t,
        /// Private.
        pub reserved9: hb_position_t,
        /// Private.
        pub reserved8: hb_position_t,
        /// Private.
        pub reserved7: hb_position_t,
        /// Private.
        pub reserved6: hb_position_t,
        /// Private.
        pub reserved5: hb_position_t,
        /// Private.
        pub reserved4: hb_position_t,
        /// Private.
        pub reserved3: hb_position_t,
        /// Private.
        pub reserved2: hb_position_t,
        /// Private.
        pub reserved1: hb_position_t,
    }

    /// `typedef struct hb_glyph_extents_t { hb_position_t x_bearing; hb_position_t y_bearing; hb_position_t width;
    /// hb_position_t height; } hb_glyph_extents_t`: a glyph's ink box, y up (so `height` is usually negative).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct hb_glyph_extents_t {
        /// From the origin to the left of the box.
        pub x_bearing: hb_position_t,
        /// From the origin to the top of the box.
        pub y_bearing: hb_position_t,
        /// The box's width.
        pub width: hb_position_t,
        /// The box's height, from its top down (negative, y up).
        pub height: hb_position_t,
    }
}

/// `HB_TAG(c1, c2, c3, c4)`: four bytes as a tag, the first in the most significant byte.
pub const fn hb_tag(tag: &[u8; 4]) -> hb_tag_t {
    u32::from_be_bytes(*tag)
}

crate::c_enums! {
    /// `hb_direction_t`: the direction a segment is set in.
    pub enum hb_direction_t: u32 {
        /// `HB_DIRECTION_INVALID`: not set.
        HB_DIRECTION_INVALID = 0,
        /// `HB_DIRECTION_LTR`: horizontal, left to right.
        HB_DIRECTION_LTR = 4,
        /// `HB_DIRECTION_RTL`: horizontal, right to left.
        HB_DIRECTION_RTL = 5,
        /// `HB_DIRECTION_TTB`: vertical, top to bottom.
        HB_DIRECTION_TTB = 6,
        /// `HB_DIRECTION_BTT`: vertical, bottom to top.
        HB_DIRECTION_BTT = 7,
    }

    /// `hb_script_t`: an ISO 15924 script, as a 4-byte tag.
    pub enum hb_script_t: u32 {
        /// `HB_SCRIPT_INVALID`: not set (`HB_TAG_NONE`).
        HB_SCRIPT_INVALID = 0,
        /// `HB_SCRIPT_COMMON`: `Zyyy`.
        HB_SCRIPT_COMMON = hb_tag(b"Zyyy"),
        /// `HB_SCRIPT_INHERITED`: `Zinh`.
        HB_SCRIPT_INHERITED = hb_tag(b"Zinh"),
        /// `HB_SCRIPT_UNKNOWN`: `Zzzz`.
        HB_SCRIPT_UNKNOWN = hb_tag(b"Zzzz"),
        /// `HB_SCRIPT_LATIN`: `Latn`.
        HB_SCRIPT_LATIN = hb_tag(b"Latn"),
        /// `HB_SCRIPT_GREEK`: `Grek`.
        HB_SCRIPT_GREEK = hb_tag(b"Grek"),
        /// `HB_SCRIPT_CYRILLIC`: `Cyrl`.
        HB_SCRIPT_CYRILLIC = hb_tag(b"Cyrl"),
    }

    /// `hb_memory_mode_t`: how a blob may treat the bytes it is given.
    pub enum hb_memory_mode_t: u32 {
        /// `HB_MEMORY_MODE_DUPLICATE`: HarfBuzz copies the bytes at once.
        HB_MEMORY_MODE_DUPLICATE = 0,
        /// `HB_MEMORY_MODE_READONLY`: the caller never modifies the bytes while the blob lives.
        HB_MEMORY_MODE_READONLY = 1,
        /// `HB_MEMORY_MODE_WRITABLE`: the bytes are HarfBuzz's to modify.
        HB_MEMORY_MODE_WRITABLE = 2,
        /// `HB_MEMORY_MODE_READONLY_MAY_MAKE_WRITABLE`: read-only, but may be made writable in place.
        HB_MEMORY_MODE_READONLY_MAY_MAKE_WRITABLE = 3,
    }

    /// `hb_buffer_cluster_level_t`: how shaping merges clusters.
    pub enum hb_buffer_cluster_level_t: u32 {
        /// `HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES`: grouped by graphemes, monotone (the default).
        HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES = 0,
        /// `HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS`: grouped by characters, monotone.
        HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS = 1,
        /// `HB_BUFFER_CLUSTER_LEVEL_CHARACTERS`: not grouped.
        HB_BUFFER_CLUSTER_LEVEL_CHARACTERS = 2,
        /// `HB_BUFFER_CLUSTER_LEVEL_DEFAULT`: `HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES`.
        HB_BUFFER_CLUSTER_LEVEL_DEFAULT = 0,
    }

    /// The cluster bounds of an `hb_feature_t` that applies to the whole buffer (`#define`s in hb-common.h).
    pub enum FeatureClusterBound: u32 {
        /// `HB_FEATURE_GLOBAL_START`: `0`.
        HB_FEATURE_GLOBAL_START = 0,
        /// `HB_FEATURE_GLOBAL_END`: `((unsigned int) -1)`.
        HB_FEATURE_GLOBAL_END = u32::MAX,
    }
}
