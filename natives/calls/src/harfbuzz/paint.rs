//! HarfBuzz's paint API (hb-paint.h, hb-font.h's `hb_font_paint_glyph`): a colour glyph (COLR v0 and v1, and
//! bitmaps) as a sequence of paint calls into a table of callbacks, and the colour lines gradients read their
//! stops from. Present since HarfBuzz 7.0; `hb_font_paint_glyph` returns nothing in 8.4.0 (the `_or_fail` form
//! came later).

#![allow(non_camel_case_types)]

use std::ffi::{c_uint, c_void};
use std::marker::{PhantomData, PhantomPinned};

use super::types::{hb_blob_t, hb_bool_t, hb_codepoint_t, hb_destroy_func_t, hb_font_t, hb_glyph_extents_t, hb_tag_t};

/// `typedef uint32_t hb_color_t`: a colour as `HB_COLOR(b, g, r, a)`: blue in the most significant byte, alpha in
/// the least.
pub type hb_color_t = u32;

/// `typedef struct hb_paint_funcs_t hb_paint_funcs_t`: a table of paint callbacks.
#[repr(C)]
pub struct hb_paint_funcs_t {
    _private: [u8; 0],
    _marker: PhantomData<(*mut u8, PhantomPinned)>,
}

/// `void (*hb_paint_push_transform_func_t) (hb_paint_funcs_t *funcs, void *paint_data, float xx, float yx, float xy, float yy, float dx, float dy, void *user_data)`
pub type hb_paint_push_transform_func_t =
    Option<unsafe extern "C" fn(*mut hb_paint_funcs_t, *mut c_void, f32, f32, f32, f32, f32, f32, *mut c_void)>;
/// `void (*hb_paint_pop_transform_func_t) (hb_paint_funcs_t *funcs, void *paint_data, void *user_data)`, and
/// the same shape for `pop_clip` and `push_group`.
pub type hb_paint_pop_func_t = Option<unsafe extern "C" fn(*mut hb_paint_funcs_t, *mut c_void, *mut c_void)>;
/// `void (*hb_paint_push_clip_glyph_func_t) (hb_paint_funcs_t *funcs, void *paint_data, hb_codepoint_t glyph, hb_font_t *font, void *user_data)`
pub type hb_paint_push_clip_glyph_func_t =
    Option<unsafe extern "C" fn(*mut hb_paint_funcs_t, *mut c_void, hb_codepoint_t, *mut hb_font_t, *mut c_void)>;
/// `void (*hb_paint_push_clip_rectangle_func_t) (hb_paint_funcs_t *funcs, void *paint_data, float xmin, float ymin, float xmax, float ymax, void *user_data)`
pub type hb_paint_push_clip_rectangle_func_t =
    Option<unsafe extern "C" fn(*mut hb_paint_funcs_t, *mut c_void, f32, f32, f32, f32, *mut c_void)>;
/// `void (*hb_paint_color_func_t) (hb_paint_funcs_t *funcs, void *paint_data, hb_bool_t is_foreground, hb_color_t color, void *user_data)`
pub type hb_paint_color_func_t =
    Option<unsafe extern "C" fn(*mut hb_paint_funcs_t, *mut c_void, hb_bool_t, hb_color_t, *mut c_void)>;
/// `hb_bool_t (*hb_paint_image_func_t) (hb_paint_funcs_t *funcs, void *paint_data, hb_blob_t *image, unsigned int width, unsigned int height, hb_tag_t format, float slant, hb_glyph_extents_t *extents, void *user_data)`
pub type hb_paint_image_func_t = Option<
    unsafe extern "C" fn(
        *mut hb_paint_funcs_t,
        *mut c_void,
        *mut hb_blob_t,
        c_uint,
        c_uint,
        hb_tag_t,
        f32,
        *mut hb_glyph_extents_t,
        *mut c_void,
    ) -> hb_bool_t,
>;
/// `void (*hb_paint_linear_gradient_func_t) (hb_paint_funcs_t *funcs, void *paint_data, hb_color_line_t *color_line, float x0, float y0, float x1, float y1, float x2, float y2, void *user_data)`
pub type hb_paint_linear_gradient_func_t = Option<
    unsafe extern "C" fn(
        *mut hb_paint_funcs_t,
        *mut c_void,
        *mut hb_color_line_t,
        f32,
        f32,
        f32,
        f32,
        f32,
        f32,
        *mut c_void,
    ),
>;
/// `void (*hb_paint_radial_gradient_func_t) (hb_paint_funcs_t *funcs, void *paint_data, hb_color_line_t *color_line, float x0, float y0, float r0, float x1, float y1, float r1, void *user_data)`
pub type hb_paint_radial_gradient_func_t = hb_paint_linear_gradient_func_t;
/// `void (*hb_paint_sweep_gradient_func_t) (hb_paint_funcs_t *funcs, void *paint_data, hb_color_line_t *color_line, float x0, float y0, float start_angle, float end_angle, void *user_data)`
pub type hb_paint_sweep_gradient_func_t = Option<
    unsafe extern "C" fn(*mut hb_paint_funcs_t, *mut c_void, *mut hb_color_line_t, f32, f32, f32, f32, *mut c_void),
>;
/// `void (*hb_paint_pop_group_func_t) (hb_paint_funcs_t *funcs, void *paint_data, hb_paint_composite_mode_t mode, void *user_data)`
pub type hb_paint_pop_group_func_t =
    Option<unsafe extern "C" fn(*mut hb_paint_funcs_t, *mut c_void, hb_paint_composite_mode_t, *mut c_void)>;
/// `unsigned int (*hb_color_line_get_color_stops_func_t) (hb_color_line_t *color_line, void *color_line_data, unsigned int start, unsigned int *count, hb_color_stop_t *color_stops, void *user_data)`
pub type hb_color_line_get_color_stops_func_t = Option<
    unsafe extern "C" fn(
        *mut hb_color_line_t,
        *mut c_void,
        c_uint,
        *mut c_uint,
        *mut hb_color_stop_t,
        *mut c_void,
    ) -> c_uint,
>;
/// `hb_paint_extend_t (*hb_color_line_get_extend_func_t) (hb_color_line_t *color_line, void *color_line_data, void *user_data)`
pub type hb_color_line_get_extend_func_t =
    Option<unsafe extern "C" fn(*mut hb_color_line_t, *mut c_void, *mut c_void) -> hb_paint_extend_t>;

crate::c_structs! {
    /// `typedef struct { float offset; hb_bool_t is_foreground; hb_color_t color; } hb_color_stop_t`: one stop of
    /// a colour line.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct hb_color_stop_t {
        /// Where along the line.
        pub offset: f32,
        /// Whether the stop takes the foreground colour (its alpha times `color`'s).
        pub is_foreground: hb_bool_t,
        /// The colour, `HB_COLOR(b, g, r, a)`.
        pub color: hb_color_t,
    }

    /// `struct hb_color_line_t { void *data; get_color_stops; void *get_color_stops_user_data; get_extend;
    /// void *get_extend_user_data; void *reserved0 ... reserved3; void *reserved5 ... reserved8; }`: a gradient's
    /// colour line, read through `hb_color_line_get_color_stops` and `hb_color_line_get_extend`, never its fields.
    #[derive(Debug)]
    pub struct hb_color_line_t {
        /// HarfBuzz's.
        pub data: *mut c_void,
        /// HarfBuzz's.
        pub get_color_stops: hb_color_line_get_color_stops_func_t,
        /// HarfBuzz's.
        pub get_color_stops_user_data: *mut c_void,
        /// HarfBuzz's.
        pub get_extend: hb_color_line_get_extend_func_t,
        /// HarfBuzz's.
        pub get_extend_user_data: *mut c_void,
        /// Private.
        pub reserved0: *mut c_void,
        /// Private.
        pub reserved1: *mut c_void,
        /// Private.
        pub reserved2: *mut c_void,
        /// Private.
        pub reserved3: *mut c_void,
        /// Private.
        pub reserved5: *mut c_void,
        /// Private.
        pub reserved6: *mut c_void,
        /// Private.
        pub reserved7: *mut c_void,
        /// Private.
        pub reserved8: *mut c_void,
    }
}

crate::c_enums! {
    /// `hb_paint_extend_t`: what a gradient does outside its colour line's interval.
    pub enum hb_paint_extend_t: u32 {
        /// `HB_PAINT_EXTEND_PAD`: the end colours go on.
        HB_PAINT_EXTEND_PAD = 0,
        /// `HB_PAINT_EXTEND_REPEAT`: the line repeats.
        HB_PAINT_EXTEND_REPEAT = 1,
        /// `HB_PAINT_EXTEND_REFLECT`: the line repeats, every other time mirrored.
        HB_PAINT_EXTEND_REFLECT = 2,
    }

    /// `hb_paint_composite_mode_t`: how a group is composited onto what is under it (Porter-Duff, then the
    /// separable and the HSL blend modes).
    pub enum hb_paint_composite_mode_t: u32 {
        /// `HB_PAINT_COMPOSITE_MODE_CLEAR`
        HB_PAINT_COMPOSITE_MODE_CLEAR = 0,
        /// `HB_PAINT_COMPOSITE_MODE_SRC`
        HB_PAINT_COMPOSITE_MODE_SRC = 1,
        /// `HB_PAINT_COMPOSITE_MODE_DEST`
        HB_PAINT_COMPOSITE_MODE_DEST = 2,
        /// `HB_PAINT_COMPOSITE_MODE_SRC_OVER`
        HB_PAINT_COMPOSITE_MODE_SRC_OVER = 3,
        /// `HB_PAINT_COMPOSITE_MODE_DEST_OVER`
        HB_PAINT_COMPOSITE_MODE_DEST_OVER = 4,
        /// `HB_PAINT_COMPOSITE_MODE_SRC_IN`
        HB_PAINT_COMPOSITE_MODE_SRC_IN = 5,
        /// `HB_PAINT_COMPOSITE_MODE_DEST_IN`
        HB_PAINT_COMPOSITE_MODE_DEST_IN = 6,
        /// `HB_PAINT_COMPOSITE_MODE_SRC_OUT`
        HB_PAINT_COMPOSITE_MODE_SRC_OUT = 7,
        /// `HB_PAINT_COMPOSITE_MODE_DEST_OUT`
        HB_PAINT_COMPOSITE_MODE_DEST_OUT = 8,
        /// `HB_PAINT_COMPOSITE_MODE_SRC_ATOP`
        HB_PAINT_COMPOSITE_MODE_SRC_ATOP = 9,
        /// `HB_PAINT_COMPOSITE_MODE_DEST_ATOP`
        HB_PAINT_COMPOSITE_MODE_DEST_ATOP = 10,
        /// `HB_PAINT_COMPOSITE_MODE_XOR`
        HB_PAINT_COMPOSITE_MODE_XOR = 11,
        /// `HB_PAINT_COMPOSITE_MODE_PLUS`
        HB_PAINT_COMPOSITE_MODE_PLUS = 12,
        /// `HB_PAINT_COMPOSITE_MODE_SCREEN`
        HB_PAINT_COMPOSITE_MODE_SCREEN = 13,
        /// `HB_PAINT_COMPOSITE_MODE_OVERLAY`
        HB_PAINT_COMPOSITE_MODE_OVERLAY = 14,
        /// `HB_PAINT_COMPOSITE_MODE_DARKEN`
        HB_PAINT_COMPOSITE_MODE_DARKEN = 15,
        /// `HB_PAINT_COMPOSITE_MODE_LIGHTEN`
        HB_PAINT_COMPOSITE_MODE_LIGHTEN = 16,
        /// `HB_PAINT_COMPOSITE_MODE_COLOR_DODGE`
        HB_PAINT_COMPOSITE_MODE_COLOR_DODGE = 17,
        /// `HB_PAINT_COMPOSITE_MODE_COLOR_BURN`
        HB_PAINT_COMPOSITE_MODE_COLOR_BURN = 18,
        /// `HB_PAINT_COMPOSITE_MODE_HARD_LIGHT`
        HB_PAINT_COMPOSITE_MODE_HARD_LIGHT = 19,
        /// `HB_PAINT_COMPOSITE_MODE_SOFT_LIGHT`
        HB_PAINT_COMPOSITE_MODE_SOFT_LIGHT = 20,
        /// `HB_PAINT_COMPOSITE_MODE_DIFFERENCE`
        HB_PAINT_COMPOSITE_MODE_DIFFERENCE = 21,
        /// `HB_PAINT_COMPOSITE_MODE_EXCLUSION`
        HB_PAINT_COMPOSITE_MODE_EXCLUSION = 22,
        /// `HB_PAINT_COMPOSITE_MODE_MULTIPLY`
        HB_PAINT_COMPOSITE_MODE_MULTIPLY = 23,
        /// `HB_PAINT_COMPOSITE_MODE_HSL_HUE`
        HB_PAINT_COMPOSITE_MODE_HSL_HUE = 24,
        /// `HB_PAINT_COMPOSITE_MODE_HSL_SATURATION`
        HB_PAINT_COMPOSITE_MODE_HSL_SATURATION = 25,
        /// `HB_PAINT_COMPOSITE_MODE_HSL_COLOR`
        HB_PAINT_COMPOSITE_MODE_HSL_COLOR = 26,
        /// `HB_PAINT_COMPOSITE_MODE_HSL_LUMINOSITY`
        HB_PAINT_COMPOSITE_MODE_HSL_LUMINOSITY = 27,
    }
}

crate::holders! {
    /// The surface of an `hb_paint_funcs_t`, and painting a glyph through one.
    pub struct PaintCalls in "libgoldberry" {
        /// `hb_paint_funcs_t* hb_paint_funcs_create(void)`: never null (the empty table on failure, whose setters do nothing).
        fn hb_paint_funcs_create() -> *mut hb_paint_funcs_t;
        /// `void hb_paint_funcs_destroy(hb_paint_funcs_t* funcs)`: drops one reference.
        fn hb_paint_funcs_destroy(funcs: *mut hb_paint_funcs_t);
        /// `void hb_paint_funcs_make_immutable(hb_paint_funcs_t* funcs)`
        fn hb_paint_funcs_make_immutable(funcs: *mut hb_paint_funcs_t);
        /// `hb_bool_t hb_paint_funcs_is_immutable(hb_paint_funcs_t* funcs)`: true for the empty table too.
        fn hb_paint_funcs_is_immutable(funcs: *mut hb_paint_funcs_t) -> hb_bool_t;
        /// `void hb_paint_funcs_set_push_transform_func(hb_paint_funcs_t* funcs, hb_paint_push_transform_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_push_transform_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_push_transform_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_pop_transform_func(hb_paint_funcs_t* funcs, hb_paint_pop_transform_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_pop_transform_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_pop_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_push_clip_glyph_func(hb_paint_funcs_t* funcs, hb_paint_push_clip_glyph_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_push_clip_glyph_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_push_clip_glyph_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_push_clip_rectangle_func(hb_paint_funcs_t* funcs, hb_paint_push_clip_rectangle_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_push_clip_rectangle_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_push_clip_rectangle_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_pop_clip_func(hb_paint_funcs_t* funcs, hb_paint_pop_clip_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_pop_clip_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_pop_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_color_func(hb_paint_funcs_t* funcs, hb_paint_color_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_color_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_color_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_image_func(hb_paint_funcs_t* funcs, hb_paint_image_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_image_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_image_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_linear_gradient_func(hb_paint_funcs_t* funcs, hb_paint_linear_gradient_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_linear_gradient_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_linear_gradient_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_radial_gradient_func(hb_paint_funcs_t* funcs, hb_paint_radial_gradient_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_radial_gradient_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_radial_gradient_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_sweep_gradient_func(hb_paint_funcs_t* funcs, hb_paint_sweep_gradient_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_sweep_gradient_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_sweep_gradient_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_push_group_func(hb_paint_funcs_t* funcs, hb_paint_push_group_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_push_group_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_pop_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_paint_funcs_set_pop_group_func(hb_paint_funcs_t* funcs, hb_paint_pop_group_func_t func, void* user_data, hb_destroy_func_t destroy)`
        fn hb_paint_funcs_set_pop_group_func(funcs: *mut hb_paint_funcs_t, func: hb_paint_pop_group_func_t, user_data: *mut c_void, destroy: hb_destroy_func_t);
        /// `void hb_font_paint_glyph(hb_font_t* font, hb_codepoint_t glyph, hb_paint_funcs_t* pfuncs, void* paint_data, unsigned int palette_index, hb_color_t foreground)`: calls `pfuncs` with `paint_data` before it returns, never after.
        fn hb_font_paint_glyph(font: *mut hb_font_t, glyph: hb_codepoint_t, pfuncs: *mut hb_paint_funcs_t, paint_data: *mut c_void, palette_index: c_uint, foreground: hb_color_t);
        /// `unsigned int hb_color_line_get_color_stops(hb_color_line_t* color_line, unsigned int start, unsigned int* count, hb_color_stop_t* color_stops)`: the total number of stops; fills up to `*count` from `start` and sets `*count` to how many.
        fn hb_color_line_get_color_stops(color_line: *mut hb_color_line_t, start: c_uint, count: *mut c_uint, color_stops: *mut hb_color_stop_t) -> c_uint;
        /// `hb_paint_extend_t hb_color_line_get_extend(hb_color_line_t* color_line)`
        fn hb_color_line_get_extend(color_line: *mut hb_color_line_t) -> hb_paint_extend_t;
    }
}
