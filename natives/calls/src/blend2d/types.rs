//! The C types Blend2D's prototypes name: the object cores, geometry, matrices, gradients, glyph runs, font
//! metrics and runtime info (`#[repr(C)]`, checked against the C compiler by the shim's layout table), and the C
//! enums the bound functions take (`#[repr(transparent)]` newtypes over `uint32_t`, as the prototypes pass them).
//!
//! Field names are the C names, so they are camelCase. A C union is modelled by the fields of its first member
//! when every member has the same layout (`BLMatrix2D`'s `m[6]` / `m00..m21`, `BLFontMetrics`'s
//! `ascent, vAscent, ...` / `ascentByOrientation[2], ...`), or by one view of it (`BLRgba64::value`,
//! `BLObjectDetail::u64_data`). An object core is its `_d` (16 bytes: an impl pointer, or a small object held in
//! place), which only Blend2D reads; the safe layer zeroes it before the core's init function.

#![allow(non_snake_case)]

use std::ffi::{c_char, c_int, c_void};

/// `typedef void (*BLDestroyExternalDataFunc)(void* impl, void* externalData, void* userData)`
pub type BLDestroyExternalDataFunc =
    Option<unsafe extern "C" fn(r#impl: *mut c_void, external_data: *mut c_void, user_data: *mut c_void)>;

crate::c_structs! {
    /// `union BLObjectDetail { BLObjectImpl* impl; uint64_t u64_data[2]; ... }`: every object core's one field.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct BLObjectDetail {
        /// The union's 16 bytes, as its `u64_data[2]` view.
        pub u64_data: [u64; 2],
    }

    /// `struct BLPointI { int x, y; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct BLPointI {
        /// X.
        pub x: c_int,
        /// Y.
        pub y: c_int,
    }

    /// `struct BLPoint { double x, y; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLPoint {
        /// X.
        pub x: f64,
        /// Y.
        pub y: f64,
    }

    /// `struct BLSizeI { int w, h; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct BLSizeI {
        /// Width.
        pub w: c_int,
        /// Height.
        pub h: c_int,
    }

    /// `struct BLBox { double x0, y0, x1, y1; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLBox {
        /// Left.
        pub x0: f64,
        /// Top.
        pub y0: f64,
        /// Right.
        pub x1: f64,
        /// Bottom.
        pub y1: f64,
    }

    /// `struct BLBoxI { int x0, y0, x1, y1; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct BLBoxI {
        /// Left.
        pub x0: c_int,
        /// Top.
        pub y0: c_int,
        /// Right.
        pub x1: c_int,
        /// Bottom.
        pub y1: c_int,
    }

    /// `struct BLRectI { int x, y, w, h; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct BLRectI {
        /// Left.
        pub x: c_int,
        /// Top.
        pub y: c_int,
        /// Width.
        pub w: c_int,
        /// Height.
        pub h: c_int,
    }

    /// `struct BLRect { double x, y, w, h; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLRect {
        /// Left.
        pub x: f64,
        /// Top.
        pub y: f64,
        /// Width.
        pub w: f64,
        /// Height.
        pub h: f64,
    }

    /// `struct BLLine { double x0, y0, x1, y1; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLLine {
        /// Start x.
        pub x0: f64,
        /// Start y.
        pub y0: f64,
        /// End x.
        pub x1: f64,
        /// End y.
        pub y1: f64,
    }

    /// `struct BLRoundRect { double x, y, w, h, rx, ry; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLRoundRect {
        /// Left.
        pub x: f64,
        /// Top.
        pub y: f64,
        /// Width.
        pub w: f64,
        /// Height.
        pub h: f64,
        /// Corner radius along x.
        pub rx: f64,
        /// Corner radius along y.
        pub ry: f64,
    }

    /// `struct BLCircle { double cx, cy, r; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLCircle {
        /// Centre x.
        pub cx: f64,
        /// Centre y.
        pub cy: f64,
        /// Radius.
        pub r: f64,
    }

    /// `struct BLEllipse { double cx, cy, rx, ry; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLEllipse {
        /// Centre x.
        pub cx: f64,
        /// Centre y.
        pub cy: f64,
        /// Radius along x.
        pub rx: f64,
        /// Radius along y.
        pub ry: f64,
    }

    /// `struct BLMatrix2D { union { double m[6]; struct { double m00, m01, m10, m11, m20, m21; }; }; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLMatrix2D {
        /// Row 0, column 0 (x scale).
        pub m00: f64,
        /// Row 0, column 1.
        pub m01: f64,
        /// Row 1, column 0.
        pub m10: f64,
        /// Row 1, column 1 (y scale).
        pub m11: f64,
        /// Row 2, column 0 (x translation).
        pub m20: f64,
        /// Row 2, column 1 (y translation).
        pub m21: f64,
    }

    /// `struct BLImageCore { BLObjectDetail _d; }`: 16 bytes, an impl pointer or data held in place.
    #[derive(Debug, Default)]
    pub struct BLImageCore {
        /// `union BLObjectDetail`, opaque to Rust.
        pub _d: BLObjectDetail,
    }

    /// `struct BLImageData { void* pixelData; intptr_t stride; BLSizeI size; uint32_t format; uint32_t flags; }`
    #[derive(Clone, Copy, Debug)]
    pub struct BLImageData {
        /// The first pixel of the first row.
        pub pixelData: *mut c_void,
        /// Bytes from one row to the next.
        pub stride: isize,
        /// Width and height in pixels.
        pub size: BLSizeI,
        /// A `BL_FORMAT_*` value.
        pub format: u32,
        /// Image flags.
        pub flags: u32,
    }

    /// `struct BLContextCore { BLObjectDetail _d; }`: 16 bytes, an impl pointer or data held in place.
    #[derive(Debug, Default)]
    pub struct BLContextCore {
        /// `union BLObjectDetail`, opaque to Rust.
        pub _d: BLObjectDetail,
    }

    /// `struct BLContextCreateInfo { uint32_t flags, threadCount, cpuFeatures, commandQueueLimit,
    /// savedStateLimit; BLPointI pixelOrigin; uint32_t reserved[1]; }`
    #[derive(Clone, Copy, Debug, Default)]
    pub struct BLContextCreateInfo {
        /// `BL_CONTEXT_CREATE_FLAG_*`.
        pub flags: u32,
        /// Worker threads; 0 means a synchronous context.
        pub threadCount: u32,
        /// CPU features to use when `BL_CONTEXT_CREATE_FLAG_OVERRIDE_CPU_FEATURES` is set.
        pub cpuFeatures: u32,
        /// Commands a multi-threaded context queues before it flushes (0: the default).
        pub commandQueueLimit: u32,
        /// Most states `blContextSave` may hold (0: the default).
        pub savedStateLimit: u32,
        /// Where the context's pixel (0, 0) lies in a larger picture.
        pub pixelOrigin: BLPointI,
        /// Reserved, must be zero.
        pub reserved: [u32; 1],
    }

    /// `struct BLContextCookie { uint64_t data[2]; }`
    #[derive(Clone, Copy, Debug, Default)]
    pub struct BLContextCookie {
        /// Opaque.
        pub data: [u64; 2],
    }

    /// `struct BLPathCore { BLObjectDetail _d; }`: 16 bytes, an impl pointer or data held in place.
    #[derive(Debug, Default)]
    pub struct BLPathCore {
        /// `union BLObjectDetail`, opaque to Rust.
        pub _d: BLObjectDetail,
    }

    /// `struct BLRgba64 { union { uint64_t value; struct { uint32_t b:16, g:16, r:16, a:16; }; }; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct BLRgba64 {
        /// `0xAAAARRRRGGGGBBBB`.
        pub value: u64,
    }

    /// `struct BLGradientCore { BLObjectDetail _d; }`: 16 bytes, an impl pointer or data held in place.
    #[derive(Debug, Default)]
    pub struct BLGradientCore {
        /// `union BLObjectDetail`, opaque to Rust.
        pub _d: BLObjectDetail,
    }

    /// `struct BLGradientStop { double offset; BLRgba64 rgba; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLGradientStop {
        /// Position along the gradient, 0..=1.
        pub offset: f64,
        /// Colour.
        pub rgba: BLRgba64,
    }

    /// `struct BLLinearGradientValues { double x0, y0, x1, y1; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLLinearGradientValues {
        /// Start x.
        pub x0: f64,
        /// Start y.
        pub y0: f64,
        /// End x.
        pub x1: f64,
        /// End y.
        pub y1: f64,
    }

    /// `struct BLConicGradientValues { double x0, y0, angle, repeat; }`: a sweep around a centre.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLConicGradientValues {
        /// Centre x.
        pub x0: f64,
        /// Centre y.
        pub y0: f64,
        /// Where offset 0 lies, in radians clockwise from the positive x axis (y down).
        pub angle: f64,
        /// How many times the stops repeat around the circle (1: once).
        pub repeat: f64,
    }

    /// `struct BLRadialGradientValues { double x0, y0, x1, y1, r0, r1; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLRadialGradientValues {
        /// Centre x.
        pub x0: f64,
        /// Centre y.
        pub y0: f64,
        /// Focal point x.
        pub x1: f64,
        /// Focal point y.
        pub y1: f64,
        /// Radius of the end circle, around the centre.
        pub r0: f64,
        /// Radius of the start circle, around the focal point (0: a point, as the beta drew).
        pub r1: f64,
    }

    /// `struct BLGlyphPlacement { BLPointI placement; BLPointI advance; }`
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct BLGlyphPlacement {
        /// Offset of the glyph from the pen.
        pub placement: BLPointI,
        /// How far the glyph moves the pen.
        pub advance: BLPointI,
    }

    /// `struct BLGlyphRun { void* glyphData; void* placementData; size_t size; uint8_t reserved;
    /// uint8_t placementType; int8_t glyphAdvance; int8_t placementAdvance; uint32_t flags; }`
    #[derive(Clone, Copy, Debug)]
    pub struct BLGlyphRun {
        /// Glyph ids (`uint32_t` each), `glyphAdvance` bytes apart.
        pub glyphData: *mut c_void,
        /// Placements, `placementAdvance` bytes apart.
        pub placementData: *mut c_void,
        /// Number of glyphs.
        pub size: usize,
        /// Reserved, zero.
        pub reserved: u8,
        /// A `BL_GLYPH_PLACEMENT_TYPE_*` value.
        pub placementType: u8,
        /// Bytes from one glyph id to the next.
        pub glyphAdvance: i8,
        /// Bytes from one placement to the next.
        pub placementAdvance: i8,
        /// `BL_GLYPH_RUN_FLAG_*`.
        pub flags: u32,
    }

    /// `struct BLFontFaceCore { BLObjectDetail _d; }`: 16 bytes, an impl pointer or data held in place.
    #[derive(Debug, Default)]
    pub struct BLFontFaceCore {
        /// `union BLObjectDetail`, opaque to Rust.
        pub _d: BLObjectDetail,
    }

    /// `struct BLFontCore { BLObjectDetail _d; }`: 16 bytes, an impl pointer or data held in place.
    #[derive(Debug, Default)]
    pub struct BLFontCore {
        /// `union BLObjectDetail`, opaque to Rust.
        pub _d: BLObjectDetail,
    }

    /// `struct BLFontFaceInfo { uint8_t faceType, outlineType, reserved8[2]; uint32_t glyphCount, revision,
    /// faceIndex, faceFlags, diagFlags, reserved[2]; }`
    #[derive(Clone, Copy, Debug, Default)]
    pub struct BLFontFaceInfo {
        /// `BL_FONT_FACE_TYPE_*`.
        pub faceType: u8,
        /// `BL_FONT_OUTLINE_TYPE_*`.
        pub outlineType: u8,
        /// Reserved.
        pub reserved8: [u8; 2],
        /// Number of glyphs in the face.
        pub glyphCount: u32,
        /// The face's revision (`head.fontRevision`).
        pub revision: u32,
        /// Index of the face in its collection.
        pub faceIndex: u32,
        /// `BL_FONT_FACE_FLAG_*`.
        pub faceFlags: u32,
        /// `BL_FONT_FACE_DIAG_*`.
        pub diagFlags: u32,
        /// Reserved.
        pub reserved: [u32; 2],
    }

    /// `struct BLFontMetrics`: a font's metrics scaled to its size, in pixels (y down: `descent` is positive).
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct BLFontMetrics {
        /// Size in pixels per em.
        pub size: f32,
        /// Horizontal ascent.
        pub ascent: f32,
        /// Vertical ascent.
        pub vAscent: f32,
        /// Horizontal descent.
        pub descent: f32,
        /// Vertical descent.
        pub vDescent: f32,
        /// Line gap.
        pub lineGap: f32,
        /// Height of a lower-case x.
        pub xHeight: f32,
        /// Height of a capital.
        pub capHeight: f32,
        /// Left of the glyphs' bounding box.
        pub xMin: f32,
        /// Top of the glyphs' bounding box.
        pub yMin: f32,
        /// Right of the glyphs' bounding box.
        pub xMax: f32,
        /// Bottom of the glyphs' bounding box.
        pub yMax: f32,
        /// Underline position.
        pub underlinePosition: f32,
        /// Underline thickness.
        pub underlineThickness: f32,
        /// Strikethrough position.
        pub strikethroughPosition: f32,
        /// Strikethrough thickness.
        pub strikethroughThickness: f32,
    }

    /// `struct BLFontDesignMetrics`: a face's metrics in design units.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct BLFontDesignMetrics {
        /// Design units per em.
        pub unitsPerEm: c_int,
        /// Smallest readable size in pixels (`head.lowestRecPPEM`).
        pub lowestPPEM: c_int,
        /// Line gap.
        pub lineGap: c_int,
        /// Height of a lower-case x.
        pub xHeight: c_int,
        /// Height of a capital.
        pub capHeight: c_int,
        /// Horizontal ascent.
        pub ascent: c_int,
        /// Vertical ascent.
        pub vAscent: c_int,
        /// Horizontal descent.
        pub descent: c_int,
        /// Vertical descent.
        pub vDescent: c_int,
        /// Minimum left side bearing (horizontal).
        pub hMinLSB: c_int,
        /// Minimum left side bearing (vertical).
        pub vMinLSB: c_int,
        /// Minimum top side bearing (horizontal).
        pub hMinTSB: c_int,
        /// Minimum top side bearing (vertical).
        pub vMinTSB: c_int,
        /// Maximum advance (horizontal).
        pub hMaxAdvance: c_int,
        /// Maximum advance (vertical).
        pub vMaxAdvance: c_int,
        /// The bounding box of every glyph.
        pub glyphBoundingBox: BLBoxI,
        /// Underline position.
        pub underlinePosition: c_int,
        /// Underline thickness.
        pub underlineThickness: c_int,
        /// Strikethrough position.
        pub strikethroughPosition: c_int,
        /// Strikethrough thickness.
        pub strikethroughThickness: c_int,
    }

    /// `struct BLRuntimeBuildInfo` (`BL_RUNTIME_INFO_TYPE_BUILD`).
    #[derive(Clone, Copy, Debug)]
    pub struct BLRuntimeBuildInfo {
        /// Major version.
        pub majorVersion: u32,
        /// Minor version.
        pub minorVersion: u32,
        /// Patch version.
        pub patchVersion: u32,
        /// `BL_RUNTIME_BUILD_TYPE_*`.
        pub buildType: u32,
        /// CPU features the library was compiled for.
        pub baselineCpuFeatures: u32,
        /// CPU features the library can use when present.
        pub supportedCpuFeatures: u32,
        /// Largest image width or height.
        pub maxImageSize: u32,
        /// Largest thread count of a multi-threaded context.
        pub maxThreadCount: u32,
        /// Reserved.
        pub reserved: [u32; 2],
        /// The compiler, as a NUL-terminated string.
        pub compilerInfo: [c_char; 32],
    }

    /// `struct BLRuntimeSystemInfo` (`BL_RUNTIME_INFO_TYPE_SYSTEM`).
    #[derive(Clone, Copy, Debug)]
    pub struct BLRuntimeSystemInfo {
        /// `BL_RUNTIME_CPU_ARCH_*`.
        pub cpuArch: u32,
        /// `BL_RUNTIME_CPU_FEATURE_*` detected.
        pub cpuFeatures: u32,
        /// CPU cores.
        pub coreCount: u32,
        /// Hardware threads.
        pub threadCount: u32,
        /// The stack size of the threads Blend2D starts.
        pub threadStackSize: u32,
        /// Unused since 0.12 (was the worker stack size).
        pub removed: u32,
        /// Virtual memory allocation granularity.
        pub allocationGranularity: u32,
        /// Reserved.
        pub reserved: [u32; 5],
        /// The CPU's vendor string, NUL-terminated.
        pub cpuVendor: [c_char; 16],
        /// The CPU's brand string, NUL-terminated.
        pub cpuBrand: [c_char; 64],
    }
}

crate::c_enums! {
    /// `enum BLFormat`: pixel formats.
    pub enum BLFormat: u32 {
        /// No format.
        BL_FORMAT_NONE = 0,
        /// 32-bit premultiplied ARGB.
        BL_FORMAT_PRGB32 = 1,
        /// 32-bit RGB, the alpha byte ignored (as 0xFF).
        BL_FORMAT_XRGB32 = 2,
        /// 8-bit alpha.
        BL_FORMAT_A8 = 3,
    }

    /// `enum BLCompOp`: composition operators.
    pub enum BLCompOp: u32 {
        /// Source over.
        BL_COMP_OP_SRC_OVER = 0,
        /// Source copy.
        BL_COMP_OP_SRC_COPY = 1,
        /// Source in.
        BL_COMP_OP_SRC_IN = 2,
        /// Source out.
        BL_COMP_OP_SRC_OUT = 3,
        /// Source atop.
        BL_COMP_OP_SRC_ATOP = 4,
        /// Destination over.
        BL_COMP_OP_DST_OVER = 5,
        /// Destination copy (no-op).
        BL_COMP_OP_DST_COPY = 6,
        /// Destination in.
        BL_COMP_OP_DST_IN = 7,
        /// Destination out.
        BL_COMP_OP_DST_OUT = 8,
        /// Xor.
        BL_COMP_OP_XOR = 10,
        /// Clear.
        BL_COMP_OP_CLEAR = 11,
        /// Plus.
        BL_COMP_OP_PLUS = 12,
        /// Multiply.
        BL_COMP_OP_MULTIPLY = 15,
        /// Screen.
        BL_COMP_OP_SCREEN = 16,
        /// Darken.
        BL_COMP_OP_DARKEN = 18,
        /// Lighten.
        BL_COMP_OP_LIGHTEN = 19,
    }

    /// `enum BLGeometryType`: what `geometryData` points to.
    pub enum BLGeometryType: u32 {
        /// `BLRect`.
        BL_GEOMETRY_TYPE_RECTD = 4,
        /// `BLCircle`.
        BL_GEOMETRY_TYPE_CIRCLE = 5,
        /// `BLEllipse`.
        BL_GEOMETRY_TYPE_ELLIPSE = 6,
        /// `BLRoundRect`.
        BL_GEOMETRY_TYPE_ROUND_RECT = 7,
        /// `BLLine`.
        BL_GEOMETRY_TYPE_LINE = 11,
        /// `BLPathCore`.
        BL_GEOMETRY_TYPE_PATH = 21,
    }

    /// `enum BLGeometryDirection`: winding of a shape added to a path.
    pub enum BLGeometryDirection: u32 {
        /// No direction specified.
        BL_GEOMETRY_DIRECTION_NONE = 0,
        /// Clockwise.
        BL_GEOMETRY_DIRECTION_CW = 1,
        /// Counter-clockwise.
        BL_GEOMETRY_DIRECTION_CCW = 2,
    }

    /// `enum BLGradientType`.
    pub enum BLGradientType: u32 {
        /// `BLLinearGradientValues`.
        BL_GRADIENT_TYPE_LINEAR = 0,
        /// `BLRadialGradientValues`.
        BL_GRADIENT_TYPE_RADIAL = 1,
        /// `BLConicGradientValues`.
        BL_GRADIENT_TYPE_CONIC = 2,
    }

    /// `enum BLExtendMode`: what a gradient does outside 0..=1.
    pub enum BLExtendMode: u32 {
        /// Repeat the edge colours.
        BL_EXTEND_MODE_PAD = 0,
        /// Repeat the gradient.
        BL_EXTEND_MODE_REPEAT = 1,
        /// Mirror the gradient.
        BL_EXTEND_MODE_REFLECT = 2,
    }

    /// `enum BLGlyphPlacementType`: what `BLGlyphRun::placementData` holds.
    pub enum BLGlyphPlacementType: u32 {
        /// No placement data.
        BL_GLYPH_PLACEMENT_TYPE_NONE = 0,
        /// `BLGlyphPlacement` (offset + advance) in design units.
        BL_GLYPH_PLACEMENT_TYPE_ADVANCE_OFFSET = 1,
        /// `BLPoint` positions in design units.
        BL_GLYPH_PLACEMENT_TYPE_DESIGN_UNITS = 2,
        /// `BLPoint` positions in user units.
        BL_GLYPH_PLACEMENT_TYPE_USER_UNITS = 3,
        /// `BLPoint` absolute positions.
        BL_GLYPH_PLACEMENT_TYPE_ABSOLUTE_UNITS = 4,
    }

    /// `enum BLTransformOp`: the operations of `blContextApplyTransformOp`.
    pub enum BLTransformOp: u32 {
        /// Reset to identity (`opData` null).
        BL_TRANSFORM_OP_RESET = 0,
        /// Assign a `BLMatrix2D`.
        BL_TRANSFORM_OP_ASSIGN = 1,
        /// Translate by `double[2]`.
        BL_TRANSFORM_OP_TRANSLATE = 2,
        /// Scale by `double[2]`.
        BL_TRANSFORM_OP_SCALE = 3,
        /// Skew by `double[2]`.
        BL_TRANSFORM_OP_SKEW = 4,
        /// Rotate by `double[1]` radians about the origin.
        BL_TRANSFORM_OP_ROTATE = 5,
        /// Rotate by `double[3]` (angle, x, y) about a point.
        BL_TRANSFORM_OP_ROTATE_PT = 6,
        /// Multiply by a `BLMatrix2D`.
        BL_TRANSFORM_OP_TRANSFORM = 7,
    }

    /// `enum BLStrokeJoin`.
    pub enum BLStrokeJoin: u32 {
        /// Miter, clipped at the miter limit.
        BL_STROKE_JOIN_MITER_CLIP = 0,
        /// Miter, beveled beyond the miter limit.
        BL_STROKE_JOIN_MITER_BEVEL = 1,
        /// Miter, rounded beyond the miter limit.
        BL_STROKE_JOIN_MITER_ROUND = 2,
        /// Bevel.
        BL_STROKE_JOIN_BEVEL = 3,
        /// Round.
        BL_STROKE_JOIN_ROUND = 4,
    }

    /// `enum BLStrokeCap`.
    pub enum BLStrokeCap: u32 {
        /// Butt.
        BL_STROKE_CAP_BUTT = 0,
        /// Square.
        BL_STROKE_CAP_SQUARE = 1,
        /// Round.
        BL_STROKE_CAP_ROUND = 2,
    }

    /// `enum BLFillRule`.
    pub enum BLFillRule: u32 {
        /// Non-zero winding.
        BL_FILL_RULE_NON_ZERO = 0,
        /// Even-odd.
        BL_FILL_RULE_EVEN_ODD = 1,
    }

    /// `enum BLRuntimeInfoType`: what `blRuntimeQueryInfo` fills.
    pub enum BLRuntimeInfoType: u32 {
        /// `BLRuntimeBuildInfo`.
        BL_RUNTIME_INFO_TYPE_BUILD = 0,
        /// `BLRuntimeSystemInfo`.
        BL_RUNTIME_INFO_TYPE_SYSTEM = 1,
    }

    /// `enum BLContextCreateFlags` (the two goldberry uses).
    pub enum BLContextCreateFlags: u32 {
        /// The context compiles its pipelines into a JIT runtime of its own, destroyed with it.
        BL_CONTEXT_CREATE_FLAG_ISOLATED_JIT_RUNTIME = 0x0200_0000,
        /// That runtime uses only `BLContextCreateInfo::cpuFeatures` (with `BL_CONTEXT_CREATE_FLAG_ISOLATED_JIT`).
        BL_CONTEXT_CREATE_FLAG_OVERRIDE_CPU_FEATURES = 0x0800_0000,
    }

    /// `enum BLContextFlushFlags` (the one goldberry uses).
    pub enum BLContextFlushFlags: u32 {
        /// Wait until every command queued so far is in the target's pixels.
        BL_CONTEXT_FLUSH_SYNC = 0x8000_0000,
    }

    /// `enum BLRuntimeCpuFeatures` (x86).
    pub enum BLRuntimeCpuFeatures: u32 {
        /// SSE2.
        BL_RUNTIME_CPU_FEATURE_X86_SSE2 = 0x1,
        /// SSE3.
        BL_RUNTIME_CPU_FEATURE_X86_SSE3 = 0x2,
        /// SSSE3.
        BL_RUNTIME_CPU_FEATURE_X86_SSSE3 = 0x4,
        /// SSE4.1.
        BL_RUNTIME_CPU_FEATURE_X86_SSE4_1 = 0x8,
        /// SSE4.2.
        BL_RUNTIME_CPU_FEATURE_X86_SSE4_2 = 0x10,
        /// AVX.
        BL_RUNTIME_CPU_FEATURE_X86_AVX = 0x20,
        /// AVX2.
        BL_RUNTIME_CPU_FEATURE_X86_AVX2 = 0x40,
        /// AVX-512 (F, BW, DQ, CD and VL).
        BL_RUNTIME_CPU_FEATURE_X86_AVX512 = 0x80,
    }

    /// `enum BLDataAccessFlags`: what Blend2D may do with memory it is lent.
    pub enum BLDataAccessFlags: u32 {
        /// Neither.
        BL_DATA_ACCESS_NO_FLAGS = 0,
        /// Read.
        BL_DATA_ACCESS_READ = 1,
        /// Write.
        BL_DATA_ACCESS_WRITE = 2,
        /// Read and write.
        BL_DATA_ACCESS_RW = 3,
    }

    /// `enum BLRuntimeLimits`.
    pub enum BLRuntimeLimits: u32 {
        /// Images must be smaller than this in both dimensions.
        BL_RUNTIME_MAX_IMAGE_SIZE = 0xffff,
    }
}
