//! Painting a colour glyph through HarfBuzz's paint API: `hb_font_paint_glyph` walks the glyph's COLR v0 layers or
//! v1 paint graph (or its bitmap) and calls back, for every paint operation, into Rust, which hands each one as a
//! [`PaintOp`] (plain data, in the font's design units, y up) to a [`PaintSink`].
//!
//! Every callback is an upcall from C: it never unwinds into HarfBuzz. A sink that panics is caught
//! (`catch_unwind`), and from then on that glyph's remaining callbacks are ignored: the fault stops that glyph
//! only, reported in its [`Painted`]. So is a glyph past [`MAX_PAINT_OPS`] operations (HarfBuzz bounds a paint
//! graph's depth and its edges itself; this bounds what one glyph may cost the sink).

use std::ffi::{c_uint, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr::NonNull;
use std::sync::OnceLock;

use goldberry_calls::harfbuzz::paint::{
    HB_PAINT_EXTEND_REFLECT, HB_PAINT_EXTEND_REPEAT, hb_color_line_t, hb_color_stop_t, hb_color_t,
    hb_paint_composite_mode_t, hb_paint_funcs_t,
};
use goldberry_calls::harfbuzz::types::{hb_blob_t, hb_bool_t, hb_codepoint_t, hb_font_t, hb_glyph_extents_t, hb_tag_t};

use super::{Face, Font, GlyphExtents};
use crate::Goldberry;

/// The most paint operations one glyph may send to its sink; past it the glyph is stopped ([`PaintFault::TooManyOps`]).
pub const MAX_PAINT_OPS: usize = 4096;

/// The most stops read from one colour line.
const MAX_STOPS: usize = 256;

/// What a gradient does outside its colour line's interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extend {
    /// The end colours go on.
    Pad,
    /// The line repeats.
    Repeat,
    /// The line repeats, every other time mirrored.
    Reflect,
}

/// One stop of a colour line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ColorStop {
    /// Where along the line (may lie outside 0..=1).
    pub offset: f32,
    /// Whether it takes the foreground colour (its alpha times this stop's).
    pub foreground: bool,
    /// `0xAARRGGBB`, not premultiplied.
    pub argb: u32,
}

/// A gradient's colour line: its stops, in the font's order, and its extend mode.
#[derive(Debug, Clone, PartialEq)]
pub struct ColorLine {
    /// The stops, in the font's order.
    pub stops: Vec<ColorStop>,
    /// What happens outside the stops' interval.
    pub extend: Extend,
}

/// One paint operation, as HarfBuzz calls it back, in design units, y up.
#[derive(Debug, Clone, PartialEq)]
pub enum PaintOp {
    /// Multiplies the current transform by `[xx, yx, xy, yy, dx, dy]` until the matching pop.
    PushTransform([f32; 6]),
    /// Ends the innermost transform.
    PopTransform,
    /// Clips to a glyph's outline (of the same font) until the matching pop.
    PushClipGlyph(u32),
    /// Clips to a rectangle `[xmin, ymin, xmax, ymax]` until the matching pop.
    PushClipRectangle([f32; 4]),
    /// Ends the innermost clip.
    PopClip,
    /// Fills the clip with one colour.
    Solid {
        /// Whether it is the foreground colour (its alpha times `argb`'s).
        foreground: bool,
        /// `0xAARRGGBB`, not premultiplied.
        argb: u32,
    },
    /// Fills the clip with a linear gradient.
    LinearGradient {
        /// Its colours.
        line: ColorLine,
        /// `[x0, y0, x1, y1, x2, y2]`: p0 to p1 along the line, p2 rotating its normal.
        points: [f32; 6],
    },
    /// Fills the clip with a two-circle radial gradient.
    RadialGradient {
        /// Its colours.
        line: ColorLine,
        /// `[x0, y0, r0, x1, y1, r1]`.
        circles: [f32; 6],
    },
    /// Fills the clip with a sweep gradient.
    SweepGradient {
        /// Its colours.
        line: ColorLine,
        /// The centre, x and y.
        centre: [f32; 2],
        /// Where it starts, in radians counter-clockwise.
        start: f32,
        /// Where it ends.
        end: f32,
    },
    /// Starts a group drawn apart, composited by the matching pop.
    PushGroup,
    /// Ends the innermost group, compositing it with this mode (an `hb_paint_composite_mode_t`).
    PopGroup(u32),
    /// A bitmap glyph's image: its format tag, size in pixels, and where it lies.
    Image {
        /// `b"png "`, `b"svg "` or `b"BGRA"`.
        format: [u8; 4],
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
        /// Where it lies, in design units.
        extents: GlyphExtents,
    },
}

/// What receives a glyph's paint operations.
pub trait PaintSink {
    /// Takes the next operation.
    fn paint(&mut self, op: PaintOp);
}

/// Why a glyph's painting stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaintFault {
    /// The sink panicked (the panic was caught: it never reached HarfBuzz).
    Panicked,
    /// The glyph sent more than [`MAX_PAINT_OPS`] operations.
    TooManyOps,
}

/// How a glyph's painting went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Painted {
    /// The operations the sink received.
    pub ops: usize,
    /// Why it stopped early, if it did: the sink's picture of it is then incomplete.
    pub fault: Option<PaintFault>,
}

impl Face {
    /// Whether the face has COLR v0 layers (`hb_ot_color_has_layers`).
    pub fn has_layers(&self) -> bool {
        // SAFETY: a live face.
        unsafe { self.g.harfbuzz.color.hb_ot_color_has_layers.call(self.face.as_ptr()) != 0 }
    }

    /// Whether the face has COLR v1 paint graphs (`hb_ot_color_has_paint`).
    pub fn has_paint(&self) -> bool {
        // SAFETY: a live face.
        unsafe { self.g.harfbuzz.color.hb_ot_color_has_paint.call(self.face.as_ptr()) != 0 }
    }
}

/// What `hb_font_paint_glyph` hands every callback for one glyph.
struct PaintData<'a> {
    g: &'static Goldberry,
    sink: &'a mut dyn PaintSink,
    ops: usize,
    fault: Option<PaintFault>,
}

impl PaintData<'_> {
    /// Hands the operation `make` builds to the sink, unless the glyph is stopped; a panic, in `make` or the sink,
    /// is caught and stops it.
    fn emit(&mut self, make: impl FnOnce(&PaintData<'_>) -> PaintOp) {
        if self.fault.is_some() {
            return;
        }
        if self.ops >= MAX_PAINT_OPS {
            self.fault = Some(PaintFault::TooManyOps);
            return;
        }
        self.ops += 1;
        let result = catch_unwind(AssertUnwindSafe(|| {
            let op = make(self);
            self.sink.paint(op);
        }));
        if result.is_err() {
            self.fault = Some(PaintFault::Panicked);
        }
    }

    /// The stops and extend mode of `line`, valid for the callback it came with.
    fn color_line(&self, line: *mut hb_color_line_t) -> ColorLine {
        let calls = &self.g.harfbuzz.paint;
        let mut count: c_uint = 0;
        // SAFETY: `line` is the colour line HarfBuzz passed to this callback, alive for its duration; a count of 0
        // with a null array asks only for the total.
        let total = unsafe { calls.hb_color_line_get_color_stops.call(line, 0, &mut count, std::ptr::null_mut()) };
        let mut stops = vec![hb_color_stop_t::default(); (total as usize).min(MAX_STOPS)];
        count = stops.len() as c_uint;
        // SAFETY: as above, with an array of `count` stops to fill.
        unsafe { calls.hb_color_line_get_color_stops.call(line, 0, &mut count, stops.as_mut_ptr()) };
        stops.truncate(count as usize);
        // SAFETY: as above.
        let extend = unsafe { calls.hb_color_line_get_extend.call(line) };
        ColorLine {
            stops: stops
                .iter()
                .map(|s| ColorStop { offset: s.offset, foreground: s.is_foreground != 0, argb: argb(s.color) })
                .collect(),
            extend: match extend {
                HB_PAINT_EXTEND_REPEAT => Extend::Repeat,
                HB_PAINT_EXTEND_REFLECT => Extend::Reflect,
                _ => Extend::Pad,
            },
        }
    }
}

/// `HB_COLOR(b, g, r, a)` as `0xAARRGGBB`.
fn argb(c: hb_color_t) -> u32 {
    (c & 0xff) << 24 | ((c >> 8) & 0xff) << 16 | ((c >> 16) & 0xff) << 8 | c >> 24
}

/// `0xAARRGGBB` as `HB_COLOR(b, g, r, a)`.
fn hb_color(argb: u32) -> hb_color_t {
    (argb & 0xff) << 24 | ((argb >> 8) & 0xff) << 16 | ((argb >> 16) & 0xff) << 8 | argb >> 24
}

/// The `PaintData` behind a callback's `paint_data`.
///
/// # Safety
/// `data` must be the `PaintData` [`Font::paint_glyph`] passed to `hb_font_paint_glyph`, which calls back only
/// before it returns; nothing else borrows it meanwhile.
unsafe fn data<'a>(data: *mut c_void) -> Option<&'a mut PaintData<'a>> {
    // SAFETY: the caller's promise.
    unsafe { data.cast::<PaintData<'a>>().as_mut() }
}

unsafe extern "C" fn push_transform(
    _: *mut hb_paint_funcs_t,
    d: *mut c_void,
    xx: f32,
    yx: f32,
    xy: f32,
    yy: f32,
    dx: f32,
    dy: f32,
    _: *mut c_void,
) {
    // SAFETY: HarfBuzz passes back the paint data `paint_glyph` gave it, during that call.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|_| PaintOp::PushTransform([xx, yx, xy, yy, dx, dy]));
    }
}

unsafe extern "C" fn pop_transform(_: *mut hb_paint_funcs_t, d: *mut c_void, _: *mut c_void) {
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|_| PaintOp::PopTransform);
    }
}

unsafe extern "C" fn push_clip_glyph(
    _: *mut hb_paint_funcs_t,
    d: *mut c_void,
    glyph: hb_codepoint_t,
    _: *mut hb_font_t,
    _: *mut c_void,
) {
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|_| PaintOp::PushClipGlyph(glyph));
    }
}

unsafe extern "C" fn push_clip_rectangle(
    _: *mut hb_paint_funcs_t,
    d: *mut c_void,
    xmin: f32,
    ymin: f32,
    xmax: f32,
    ymax: f32,
    _: *mut c_void,
) {
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|_| PaintOp::PushClipRectangle([xmin, ymin, xmax, ymax]));
    }
}

unsafe extern "C" fn pop_clip(_: *mut hb_paint_funcs_t, d: *mut c_void, _: *mut c_void) {
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|_| PaintOp::PopClip);
    }
}

unsafe extern "C" fn color(
    _: *mut hb_paint_funcs_t,
    d: *mut c_void,
    foreground: hb_bool_t,
    c: hb_color_t,
    _: *mut c_void,
) {
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|_| PaintOp::Solid { foreground: foreground != 0, argb: argb(c) });
    }
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn image(
    _: *mut hb_paint_funcs_t,
    d: *mut c_void,
    _: *mut hb_blob_t,
    width: c_uint,
    height: c_uint,
    format: hb_tag_t,
    _: f32,
    extents: *mut hb_glyph_extents_t,
    _: *mut c_void,
) -> hb_bool_t {
    // SAFETY: `extents` is null or points to HarfBuzz's extents for this call.
    let e = unsafe { extents.as_ref() }.copied().unwrap_or_default();
    let extents = GlyphExtents { x_bearing: e.x_bearing, y_bearing: e.y_bearing, width: e.width, height: e.height };
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|_| PaintOp::Image { format: format.to_be_bytes(), width, height, extents });
    }
    1
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn linear_gradient(
    _: *mut hb_paint_funcs_t,
    d: *mut c_void,
    line: *mut hb_color_line_t,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    x2: f32,
    y2: f32,
    _: *mut c_void,
) {
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|d| PaintOp::LinearGradient { line: d.color_line(line), points: [x0, y0, x1, y1, x2, y2] });
    }
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn radial_gradient(
    _: *mut hb_paint_funcs_t,
    d: *mut c_void,
    line: *mut hb_color_line_t,
    x0: f32,
    y0: f32,
    r0: f32,
    x1: f32,
    y1: f32,
    r1: f32,
    _: *mut c_void,
) {
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|d| PaintOp::RadialGradient { line: d.color_line(line), circles: [x0, y0, r0, x1, y1, r1] });
    }
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn sweep_gradient(
    _: *mut hb_paint_funcs_t,
    d: *mut c_void,
    line: *mut hb_color_line_t,
    x0: f32,
    y0: f32,
    start: f32,
    end: f32,
    _: *mut c_void,
) {
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|d| PaintOp::SweepGradient { line: d.color_line(line), centre: [x0, y0], start, end });
    }
}

unsafe extern "C" fn push_group(_: *mut hb_paint_funcs_t, d: *mut c_void, _: *mut c_void) {
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|_| PaintOp::PushGroup);
    }
}

unsafe extern "C" fn pop_group(
    _: *mut hb_paint_funcs_t,
    d: *mut c_void,
    mode: hb_paint_composite_mode_t,
    _: *mut c_void,
) {
    // SAFETY: as in `push_transform`.
    if let Some(d) = unsafe { data(d) } {
        d.emit(|_| PaintOp::PopGroup(mode.0));
    }
}

/// The one table of callbacks, made once and immutable: a shared `hb_paint_funcs_t` lives for the process (as
/// libgoldberry does).
struct Funcs(NonNull<hb_paint_funcs_t>);

// SAFETY: the table is immutable once made (`hb_paint_funcs_make_immutable`) and HarfBuzz's objects are reference
// counted atomically; it is never destroyed.
unsafe impl Send for Funcs {}
// SAFETY: as above: only read after it is made.
unsafe impl Sync for Funcs {}

fn funcs(g: &'static Goldberry) -> Option<&'static Funcs> {
    static FUNCS: OnceLock<Option<Funcs>> = OnceLock::new();
    FUNCS
        .get_or_init(|| {
            let p = &g.harfbuzz.paint;
            // SAFETY: a new table only this closure sees until it is made immutable; every callback matches its
            // typedef, takes no user data and needs no destroy.
            unsafe {
                let f = NonNull::new(p.hb_paint_funcs_create.call())?;
                let n = std::ptr::null_mut();
                p.hb_paint_funcs_set_push_transform_func.call(f.as_ptr(), Some(push_transform), n, None);
                p.hb_paint_funcs_set_pop_transform_func.call(f.as_ptr(), Some(pop_transform), n, None);
                p.hb_paint_funcs_set_push_clip_glyph_func.call(f.as_ptr(), Some(push_clip_glyph), n, None);
                p.hb_paint_funcs_set_push_clip_rectangle_func.call(f.as_ptr(), Some(push_clip_rectangle), n, None);
                p.hb_paint_funcs_set_pop_clip_func.call(f.as_ptr(), Some(pop_clip), n, None);
                p.hb_paint_funcs_set_color_func.call(f.as_ptr(), Some(color), n, None);
                p.hb_paint_funcs_set_image_func.call(f.as_ptr(), Some(image), n, None);
                p.hb_paint_funcs_set_linear_gradient_func.call(f.as_ptr(), Some(linear_gradient), n, None);
                p.hb_paint_funcs_set_radial_gradient_func.call(f.as_ptr(), Some(radial_gradient), n, None);
                p.hb_paint_funcs_set_sweep_gradient_func.call(f.as_ptr(), Some(sweep_gradient), n, None);
                p.hb_paint_funcs_set_push_group_func.call(f.as_ptr(), Some(push_group), n, None);
                p.hb_paint_funcs_set_pop_group_func.call(f.as_ptr(), Some(pop_group), n, None);
                p.hb_paint_funcs_make_immutable.call(f.as_ptr());
                // The empty table (allocation failed) ignores its setters: it would paint nothing.
                if p.hb_paint_funcs_is_immutable.call(f.as_ptr()) == 0 {
                    return None;
                }
                Some(Funcs(f))
            }
        })
        .as_ref()
}

impl Font {
    /// Paints `glyph` with palette `palette` and foreground colour `foreground` (`0xAARRGGBB`), handing each
    /// operation to `sink` (see the module docs). A glyph with no colour data paints its outline as one clip and
    /// a foreground fill; a glyph that faults stops where it faulted.
    pub fn paint_glyph(&self, glyph: u32, palette: u32, foreground: u32, sink: &mut dyn PaintSink) -> Painted {
        let Some(table) = funcs(self.g) else { return Painted { ops: 0, fault: None } };
        let mut data = PaintData { g: self.g, sink, ops: 0, fault: None };
        // SAFETY: a live font and table; `data` outlives the call, which calls back only before it returns, and
        // every callback catches what the sink might throw.
        unsafe {
            self.g.harfbuzz.paint.hb_font_paint_glyph.call(
                self.font.as_ptr(),
                glyph,
                table.0.as_ptr(),
                (&raw mut data).cast::<c_void>(),
                palette,
                hb_color(foreground),
            );
        }
        Painted { ops: data.ops, fault: data.fault }
    }
}
