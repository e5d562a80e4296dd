//! The safe layer over Blend2D: [`Image`], [`ImageView`], [`Context`], [`Path`], [`Gradient`], [`FontFace`],
//! [`Font`], and the plain values they take ([`Rect`], [`Rgba32`], [`Style`], [`CompOp`] ...).
//!
//! Each type owns one Blend2D object and releases it in `Drop`; every `BLResult` other than `BL_SUCCESS` becomes
//! a [`NativeError::Blend2d`] naming the C function and the `BL_ERROR_*` code.
//!
//! # Threads
//!
//! The app rasterizes one frame in horizontal bands on several threads: each band has its own [`Context`] over
//! its own [`ImageView`], and all of them share the same `&Font`, `&Path`, `&Gradient` and `&Image`. What makes
//! that sound, read from Blend2D 0.12's source (the pinned archive natives/build.rs compiles):
//! - Every Blend2D object is a 16-byte core over a reference-counted impl. The count is changed only with atomics
//!   (`blAtomicFetchAddRelaxed` / `blAtomicFetchSubStrong` on the impl header's `refCount`, object_p.h), so two
//!   threads may take and drop references to one impl (a context setting a gradient as its style does) at once.
//! - Drawing only reads the shared objects: the raster context takes `const BLFontCore*` / `const BLPathCore*` /
//!   `const BLImageCore*`. The one thing computed lazily on a shared object, a gradient's colour table, is
//!   published with a compare-and-swap (`ensureLut32`, gradient.cpp); a concurrent loser frees its own copy.
//! - Every mutation goes through `&mut self` here, and Blend2D copies an impl before mutating it when it is
//!   shared (it mutates in place only when the reference count is 1), so mutating one clone never changes what
//!   another thread draws with.
//! - The pipeline JIT runtime that all contexts share guards its cache with a shared mutex
//!   (`PipeDynamicRuntime::_mutex`, pipeline/jit/pipegenruntime_p.h).
//! - A context has no thread affinity (a synchronous one, `threadCount = 0`, which the app draws with, nor the
//!   asynchronous one [`Context::begin_view_threaded`] makes for the `threads` bench, whose workers are its
//!   own), so it may move to another thread (`Send`), but it is used through `&mut self` only (not `Sync`).
//!
//! So [`Image`], [`Path`], [`Gradient`], [`FontFace`] and [`Font`] are `Send + Sync`, [`ImageView`] and
//! [`Context`] are `Send`.

mod context;
mod cpu;
mod font;
mod gradient;
mod image;
mod path;
mod runtime;

use goldberry_calls::blend2d::result::{BL_SUCCESS, CONSTANT_VALUES as RESULT_CODES};
use goldberry_calls::blend2d::types::{
    BL_COMP_OP_CLEAR, BL_COMP_OP_DARKEN, BL_COMP_OP_DST_IN, BL_COMP_OP_DST_OUT, BL_COMP_OP_DST_OVER,
    BL_COMP_OP_LIGHTEN, BL_COMP_OP_MULTIPLY, BL_COMP_OP_PLUS, BL_COMP_OP_SCREEN, BL_COMP_OP_SRC_ATOP,
    BL_COMP_OP_SRC_COPY, BL_COMP_OP_SRC_IN, BL_COMP_OP_SRC_OUT, BL_COMP_OP_SRC_OVER, BL_COMP_OP_XOR,
    BL_EXTEND_MODE_PAD, BL_EXTEND_MODE_REFLECT, BL_EXTEND_MODE_REPEAT, BL_FILL_RULE_EVEN_ODD, BL_FILL_RULE_NON_ZERO,
    BL_FORMAT_PRGB32, BL_FORMAT_XRGB32, BL_STROKE_CAP_BUTT, BL_STROKE_CAP_ROUND, BL_STROKE_CAP_SQUARE,
    BL_STROKE_JOIN_BEVEL, BL_STROKE_JOIN_MITER_BEVEL, BL_STROKE_JOIN_MITER_CLIP, BL_STROKE_JOIN_MITER_ROUND,
    BL_STROKE_JOIN_ROUND, BLCompOp, BLExtendMode, BLFillRule, BLFormat, BLRect, BLStrokeCap, BLStrokeJoin,
};
use goldberry_calls::blend2d::{BLResult, ContextCalls, FontCalls, GradientCalls, ImageCalls, PathCalls, RuntimeCalls};
use goldberry_calls::{MissingSymbols, SymbolSource};

use crate::NativeError;

pub use context::Context;
pub use cpu::{CpuLevel, available_cpu_levels, cpu_level, pin_cpu_level};
pub use font::{Font, FontFace, FontMetrics};
pub use gradient::Gradient;
pub use image::{Image, ImageView, PixelRows, PixelRowsMut};
pub use path::{EllipticArc, Path};
pub use runtime::{BuildInfo, SystemInfo, build_info, system_info};

/// Every blend2d holder group, bound.
#[derive(Debug, Clone, Copy)]
pub struct Blend2dCalls {
    pub(crate) image: ImageCalls,
    pub(crate) context: ContextCalls,
    pub(crate) path: PathCalls,
    pub(crate) gradient: GradientCalls,
    pub(crate) font: FontCalls,
    pub(crate) runtime: RuntimeCalls,
}

impl Blend2dCalls {
    /// Binds every blend2d group, naming every missing symbol.
    pub fn bind(source: &dyn SymbolSource) -> Result<Self, MissingSymbols> {
        crate::bind_groups!(
            source,
            Blend2dCalls {
                image: ImageCalls,
                context: ContextCalls,
                path: PathCalls,
                gradient: GradientCalls,
                font: FontCalls,
                runtime: RuntimeCalls,
            }
        )
    }
}

/// The `BL_ERROR_*` name of a `BLResult` code (`BL_SUCCESS` for 0), or `BL_ERROR_UNKNOWN` for a code this
/// binding does not declare.
pub fn result_name(code: u32) -> &'static str {
    RESULT_CODES.iter().find(|constant| constant.value == i64::from(code)).map_or("BL_ERROR_UNKNOWN", |c| c.name)
}

/// `Ok` for `BL_SUCCESS`, otherwise the error naming `function` and the code.
pub(crate) fn check(function: &'static str, result: BLResult) -> Result<(), NativeError> {
    if result == BL_SUCCESS {
        Ok(())
    } else {
        Err(NativeError::Blend2d { function, code: result.0, name: result_name(result.0) })
    }
}

/// Calls a holder and checks its `BLResult`: `bl!(group, blSymbol(args..))`. Must be used inside `unsafe`,
/// whose SAFETY comment covers the arguments; the holder type must be in scope (it names the function).
macro_rules! bl {
    ($group:expr, $symbol:ident ( $($arg:expr),* $(,)? )) => {
        $crate::blend2d::check($symbol::SYMBOL, $group.$symbol.call($($arg),*))
    };
}
pub(crate) use bl;

/// A colour as Blend2D's 32-bit `0xAARRGGBB` value, not premultiplied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rgba32(pub u32);

impl Rgba32 {
    /// Opaque black.
    pub const BLACK: Rgba32 = Rgba32(0xFF00_0000);
    /// Opaque white.
    pub const WHITE: Rgba32 = Rgba32(0xFFFF_FFFF);
    /// Fully transparent.
    pub const TRANSPARENT: Rgba32 = Rgba32(0);

    /// From red, green, blue and alpha bytes.
    pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Rgba32 {
        Rgba32(((a as u32) << 24) | ((r as u32) << 16) | ((g as u32) << 8) | b as u32)
    }

    /// Opaque, from red, green and blue bytes.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba32 {
        Rgba32::rgba(r, g, b, 0xFF)
    }

    /// The alpha byte.
    pub const fn a(self) -> u8 {
        (self.0 >> 24) as u8
    }

    /// The red byte.
    pub const fn r(self) -> u8 {
        (self.0 >> 16) as u8
    }

    /// The green byte.
    pub const fn g(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// The blue byte.
    pub const fn b(self) -> u8 {
        self.0 as u8
    }

    /// The same colour with another alpha.
    pub const fn with_alpha(self, a: u8) -> Rgba32 {
        Rgba32((self.0 & 0x00FF_FFFF) | ((a as u32) << 24))
    }
}

/// An axis-aligned rectangle in user coordinates (y down).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// A rectangle from its left, top, width and height.
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect { x, y, w, h }
    }

    pub(crate) fn to_bl(self) -> BLRect {
        BLRect { x: self.x, y: self.y, w: self.w, h: self.h }
    }
}

/// A rectangle of whole pixels of an image (`BLRectI`): left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PixelArea {
    /// Left column.
    pub x: i32,
    /// Top row.
    pub y: i32,
    /// Width in pixels.
    pub w: i32,
    /// Height in pixels.
    pub h: i32,
}

/// The pixel formats goldberry draws into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PixelFormat {
    /// 32-bit premultiplied ARGB (`BL_FORMAT_PRGB32`): offscreen layers.
    Prgb32,
    /// 32-bit RGB with the alpha byte ignored (`BL_FORMAT_XRGB32`): SDL's `SDL_PIXELFORMAT_RGB888` surface.
    Xrgb32,
}

impl PixelFormat {
    /// Bytes per pixel (4 for both formats).
    pub const fn bytes_per_pixel(self) -> usize {
        4
    }

    pub(crate) fn to_bl(self) -> BLFormat {
        match self {
            PixelFormat::Prgb32 => BL_FORMAT_PRGB32,
            PixelFormat::Xrgb32 => BL_FORMAT_XRGB32,
        }
    }
}

/// How a drawing combines with what is already there (`BL_COMP_OP_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CompOp {
    /// Source over destination: ordinary alpha blending (the default).
    #[default]
    SrcOver,
    /// Source replaces destination.
    SrcCopy,
    /// Source where destination is.
    SrcIn,
    /// Source where destination is not.
    SrcOut,
    /// Source atop destination.
    SrcAtop,
    /// Destination over source.
    DstOver,
    /// Destination where source is.
    DstIn,
    /// Destination where source is not.
    DstOut,
    /// Either, not both.
    Xor,
    /// Clears to transparent.
    Clear,
    /// Adds source and destination, saturating.
    Plus,
    /// Multiplies source and destination: only darkens.
    Multiply,
    /// Multiplies the inverses and inverts the result: only lightens.
    Screen,
    /// Keeps the darker.
    Darken,
    /// Keeps the lighter.
    Lighten,
}

impl CompOp {
    pub(crate) fn to_bl(self) -> BLCompOp {
        match self {
            CompOp::SrcOver => BL_COMP_OP_SRC_OVER,
            CompOp::SrcCopy => BL_COMP_OP_SRC_COPY,
            CompOp::SrcIn => BL_COMP_OP_SRC_IN,
            CompOp::SrcOut => BL_COMP_OP_SRC_OUT,
            CompOp::SrcAtop => BL_COMP_OP_SRC_ATOP,
            CompOp::DstOver => BL_COMP_OP_DST_OVER,
            CompOp::DstIn => BL_COMP_OP_DST_IN,
            CompOp::DstOut => BL_COMP_OP_DST_OUT,
            CompOp::Xor => BL_COMP_OP_XOR,
            CompOp::Clear => BL_COMP_OP_CLEAR,
            CompOp::Plus => BL_COMP_OP_PLUS,
            CompOp::Multiply => BL_COMP_OP_MULTIPLY,
            CompOp::Screen => BL_COMP_OP_SCREEN,
            CompOp::Darken => BL_COMP_OP_DARKEN,
            CompOp::Lighten => BL_COMP_OP_LIGHTEN,
        }
    }
}

/// The ends of stroked open lines (`BL_STROKE_CAP_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum StrokeCap {
    /// Flat, at the end point (the default).
    #[default]
    Butt,
    /// Flat, half the width beyond the end point.
    Square,
    /// A half circle.
    Round,
}

impl StrokeCap {
    pub(crate) fn to_bl(self) -> BLStrokeCap {
        match self {
            StrokeCap::Butt => BL_STROKE_CAP_BUTT,
            StrokeCap::Square => BL_STROKE_CAP_SQUARE,
            StrokeCap::Round => BL_STROKE_CAP_ROUND,
        }
    }
}

/// The corners of stroked lines (`BL_STROKE_JOIN_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum StrokeJoin {
    /// Miter, clipped at the miter limit (the default).
    #[default]
    MiterClip,
    /// Miter, beveled beyond the miter limit.
    MiterBevel,
    /// Miter, rounded beyond the miter limit.
    MiterRound,
    /// The corner cut off straight.
    Bevel,
    /// The corner rounded by the stroke's half width.
    Round,
}

impl StrokeJoin {
    pub(crate) fn to_bl(self) -> BLStrokeJoin {
        match self {
            StrokeJoin::MiterClip => BL_STROKE_JOIN_MITER_CLIP,
            StrokeJoin::MiterBevel => BL_STROKE_JOIN_MITER_BEVEL,
            StrokeJoin::MiterRound => BL_STROKE_JOIN_MITER_ROUND,
            StrokeJoin::Bevel => BL_STROKE_JOIN_BEVEL,
            StrokeJoin::Round => BL_STROKE_JOIN_ROUND,
        }
    }
}

/// Which parts of a self-intersecting path are inside (`BL_FILL_RULE_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum FillRule {
    /// Non-zero winding (the default).
    #[default]
    NonZero,
    /// Even-odd.
    EvenOdd,
}

impl FillRule {
    pub(crate) fn to_bl(self) -> BLFillRule {
        match self {
            FillRule::NonZero => BL_FILL_RULE_NON_ZERO,
            FillRule::EvenOdd => BL_FILL_RULE_EVEN_ODD,
        }
    }
}

/// What a gradient paints beyond its ends (`BL_EXTEND_MODE_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ExtendMode {
    /// The end colours continue (the default).
    #[default]
    Pad,
    /// The gradient repeats.
    Repeat,
    /// The gradient repeats mirrored.
    Reflect,
}

impl ExtendMode {
    pub(crate) fn to_bl(self) -> BLExtendMode {
        match self {
            ExtendMode::Pad => BL_EXTEND_MODE_PAD,
            ExtendMode::Repeat => BL_EXTEND_MODE_REPEAT,
            ExtendMode::Reflect => BL_EXTEND_MODE_REFLECT,
        }
    }
}

/// What fills or strokes paint with.
#[derive(Debug, Clone, Copy)]
pub enum Style<'a> {
    /// One colour.
    Solid(Rgba32),
    /// A gradient (Blend2D keeps its own reference: the gradient may be dropped after it is set).
    Gradient(&'a Gradient),
}

/// Converts a pixel dimension to C's `int`, refusing what does not fit.
pub(crate) fn c_int_dimension(value: u32, what: &str) -> Result<i32, NativeError> {
    i32::try_from(value).map_err(|_| NativeError::InvalidArgument(format!("{what} {value} does not fit a C int")))
}
