//! Replay: a walk over a display list drawn through a Blend2D context, op by op, with the paths and gradients
//! [`super::prepare`] built. Top-level layers the cache holds are blitted; the others are drawn in place.

use goldberry_natives::blend2d::{self as bl, Context, Gradient, Image, ImageView, PixelFormat, Rgba32, Style};
use goldberry_natives::{Goldberry, NativeError};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::context::FrameContext;
use super::geom::{DeviceRect, LayerImages, LayerShape, Mapping, crosses_partial_clip};

/// The most pixels a glyph run drawn from its outlines takes in its own image (a 72 px line across a 4K window);
/// a larger run is drawn straight into the target.
pub(super) const MAX_OUTLINED_PX: f64 = 4096.0 * 256.0;
use super::hairline;
use super::prepare::{Prepared, bl_rect, corner, prepare};
use crate::display_list::{DisplayList, Op, OpKind, Paint, Place, Step, Stroke, Visit, Walk, too_far};
use crate::fonts::FontBook;
use crate::geom::Rect;
use crate::glyph_cache::GlyphCache;
use crate::glyph_cache::colour::draw_colour_run;

/// What every replay of a frame (or of a layer's content) shares.
#[derive(Clone, Copy)]
pub(super) struct Replayer<'a> {
    pub(super) g: &'static Goldberry,
    pub(super) fonts: &'a FontBook,
    /// The cached layers, blitted for top-level layers outside the base (`None` inside a layer).
    pub(super) layers: Option<&'a LayerImages>,
    /// The layers this band rasterized itself this frame (looked up after `layers`).
    pub(super) local: Option<&'a LayerImages>,
    pub(super) glyphs: Option<&'a GlyphCache>,
    pub(super) mapping: Mapping,
    /// Device pixels added after the scale (a layer's sub-pixel shift).
    pub(super) offset: (f32, f32),
    /// The device pixels being drawn: ops whose bounds miss them are skipped (`None`: draw everything).
    pub(super) visible: Option<DeviceRect>,
    /// Where the time of each kind of op is added up while the flame shows (`None`: not timed).
    pub(super) kinds: Option<&'a OpKindTimes>,
}

/// The time a band spent per kind of op (the flame's spans below a band): fills and strokes, glyph runs, and
/// layers (blitted, or drawn in place); atomics, as every band thread adds to its own.
#[derive(Debug, Default)]
pub struct OpKindTimes([AtomicU64; 3]);

impl OpKindTimes {
    /// The kinds' names, in the order of [`OpKindTimes::times`].
    pub const NAMES: [&'static str; 3] = ["fills", "glyph runs", "blits"];

    fn add(&self, op: &Op, time: Duration) {
        let kind = match op.kind() {
            OpKind::Shape | OpKind::State => 0,
            OpKind::Glyphs => 1,
            OpKind::Layer => 2,
        };
        self.0[kind].fetch_add(u64::try_from(time.as_nanos()).unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    /// The time of each kind.
    pub fn times(&self) -> [Duration; 3] {
        std::array::from_fn(|k| Duration::from_nanos(self.0[k].load(Ordering::Relaxed)))
    }
}

impl Replayer<'_> {
    /// Draws a glyph run from its outlines into a transparent image of its own, whole, and blits it at the whole
    /// device pixel the image starts at; returns whether it did (not under a rotation or a skew, nor for a run too
    /// large for the image). A clip edge across a run changes how the rasterizer rounds the coverage beside it (a
    /// band's edge, the damage's): drawn through the image, the run's pixels are the same whichever clips cut it,
    /// so a frame drawn over the one before equals a fresh frame. `bounds` is the run's box in the op's units.
    fn outlined_whole(
        &self,
        ctx: &mut Context<'_>,
        (font, color): (crate::geom::FontId, u32),
        (x, y): (f64, f64),
        run: &goldberry_natives::glyphs::GlyphRun,
        bounds: Rect,
    ) -> Result<bool, NativeError> {
        let m = ctx.user_transform()?;
        let Some(s) = crate::glyph_cache::uniform_scale(&m) else { return Ok(false) };
        let (f, b) = (f64::from, bounds);
        let (x0, y0) = ((f(b.x) * s + m[4]).floor(), (f(b.y) * s + m[5]).floor());
        let (x1, y1) = ((f(b.right()) * s + m[4]).ceil(), (f(b.bottom()) * s + m[5]).ceil());
        let (w, h) = (x1 - x0, y1 - y0);
        if !(w >= 1.0 && h >= 1.0 && w * h <= MAX_OUTLINED_PX && x0.abs() < 1e7 && y0.abs() < 1e7) {
            return Ok(false);
        }
        let mut image = Image::new(self.g, w as u32, h as u32, PixelFormat::Prgb32)?;
        {
            // The image's pixels are the device's, shifted by whole pixels: the glyphs keep their phases.
            let mut scratch = Context::begin(&mut image)?;
            scratch.translate(m[4] - x0, m[5] - y0)?;
            scratch.scale(s, s)?;
            scratch.set_fill(&Style::Solid(Rgba32(color)))?;
            scratch.fill_glyph_run(&self.fonts.blend2d_font(font), x, y, run)?;
            scratch.end()?;
        }
        ctx.save()?;
        ctx.reset_transform()?;
        ctx.blit_image(x0, y0, &image)?;
        ctx.restore()?;
        Ok(true)
    }

    /// Whether an op with `bounds` (list pixels, under `translation`) can touch the visible pixels.
    fn may_draw(&self, bounds: Option<Rect>, translation: (f32, f32)) -> bool {
        let (Some(visible), Some(b)) = (self.visible, bounds) else { return true };
        // Bounds and translations are f32: far out, a sum of them is rounded by more than the pixel of room
        // `Op::bounds` leaves, and a band culled an op that reached it (raster fuzz seed 117): Blend2D clips it.
        if too_far(b, translation) {
            return true;
        }
        let s = self.mapping.scale;
        let device = DeviceRect {
            x0: (b.x + translation.0) * s + self.offset.0,
            y0: (b.y + translation.1) * s + self.offset.1,
            x1: (b.right() + translation.0) * s + self.offset.0,
            y1: (b.bottom() + translation.1) * s + self.offset.1,
        };
        device.intersects(&visible)
    }

    /// Replays `visits` (a walk over the list `prepared` was built from, or part of it) on `ctx`, skipping the
    /// ops whose bounds miss the visible pixels. Pushes left open stay open (for the rest of the walk; [`close`]
    /// ends them).
    pub(super) fn replay<'l>(
        &self,
        ctx: &mut Context<'_>,
        prepared: &Prepared,
        visits: impl Iterator<Item = Visit<'l>>,
    ) -> Result<(), NativeError> {
        for Visit { index: i, step, place } in visits {
            let op = match step {
                Step::Draw(op) => op,
                step => {
                    apply_state(ctx, step)?;
                    continue;
                }
            };
            if !op.is_finite() || !self.may_draw(prepared.bounds.get(i).copied().flatten(), place.translation) {
                continue;
            }
            let gradient = prepared.gradients.get(i).and_then(Option::as_ref);
            let started = self.kinds.map(|_| Instant::now());
            match op {
                // A rect of negative size covers nothing (Blend2D would fill a rect flipped, not a round rect).
                Op::FillRect { rect, paint } if rect.has_size() => {
                    ctx.set_fill(&style(paint, gradient))?;
                    ctx.fill_rect(bl_rect(*rect))?;
                }
                Op::FillRoundRect { rect, radius, paint } if rect.has_size() => {
                    ctx.set_fill(&style(paint, gradient))?;
                    ctx.fill_round_rect(bl_rect(*rect), f64::from(corner(*rect, *radius)))?;
                }
                Op::FillRect { .. } | Op::FillRoundRect { .. } => {}
                Op::StrokeRoundRect { paint, .. } => {
                    if let Some(Some(ring)) = prepared.paths.get(i) {
                        ctx.set_fill(&style(paint, gradient))?;
                        ctx.fill_path(ring)?;
                    }
                }
                Op::Hairline { rect, radius, color } => hairline::draw(ctx, self.g, *rect, *radius, *color)?,
                Op::FillCircle { cx, cy, r, paint } => {
                    ctx.set_fill(&style(paint, gradient))?;
                    ctx.fill_circle(f64::from(*cx), f64::from(*cy), f64::from(*r))?;
                }
                Op::FillPath { paint, .. } => {
                    if let Some(Some(path)) = prepared.paths.get(i) {
                        ctx.set_fill(&style(paint, gradient))?;
                        ctx.fill_path(path)?;
                    }
                }
                Op::StrokePath { stroke, paint, .. } => {
                    // A stroke of no width covers nothing (and the beta's stroker runs away on some at width 0).
                    if let (Some(Some(path)), true) = (prepared.paths.get(i), stroke.width > 0.0) {
                        set_stroke(ctx, *stroke, paint, gradient)?;
                        ctx.stroke_path(path)?;
                    }
                }
                // A colour face's run is drawn from its colour cells, never by Blend2D's glyph fill.
                Op::Glyphs { font, x, y, run, .. } if self.fonts.is_colour(*font) => {
                    let (x, y) = (f64::from(*x), f64::from(*y));
                    draw_colour_run(ctx, self.g, self.fonts, self.glyphs, (*font, x, y), run)?;
                }
                Op::Glyphs { font, x, y, run, color } => {
                    let (x, y) = (f64::from(*x), f64::from(*y));
                    // The list's clips around the run, in the context's user space (their translations undone).
                    let t = place.translation_f64;
                    let clip = place.clip.map(|c| {
                        let (x0, y0) = (f64::from(c.x) - t.0, f64::from(c.y) - t.1);
                        [x0, y0, x0 + f64::from(c.w), y0 + f64::from(c.h)]
                    });
                    let cached = match self.glyphs {
                        Some(cache) if !run.is_empty() => {
                            cache.draw_run(ctx, self.fonts, (*font, *color), (x, y), run, clip)?
                        }
                        _ => false,
                    };
                    // Not cached (too large, or under a transform the cache does not take): rasterized whole
                    // into an image of its own and blitted, so that no band's or damage's clip cuts its outlines.
                    let mut whole = false;
                    if !run.is_empty()
                        && !cached
                        && let Some(b) = op.bounds(|f| self.fonts.blend2d_font(f).size())
                        && !crosses_partial_clip(&place, b, self.mapping.scale, self.offset)
                    {
                        whole = self.outlined_whole(ctx, (*font, color.0), (x, y), run, b)?;
                    }
                    if !run.is_empty() && !cached && !whole {
                        ctx.set_fill(&Style::Solid(Rgba32(color.0)))?;
                        ctx.fill_glyph_run(&self.fonts.blend2d_font(*font), x, y, run)?;
                    }
                }
                Op::Layer { key, rect, version, content } => {
                    let shape = LayerShape::of(*rect, *version, place.translation, self.mapping.scale);
                    let cached = self.layers.and_then(|l| l.get(key)).or_else(|| self.local.and_then(|l| l.get(key)));
                    let done = match (cached, shape) {
                        // No pixels to draw.
                        (_, None) => !LayerShape::too_large(*rect, place.translation, self.mapping.scale),
                        // At the whole device pixel the layer starts in (see [`super::layers`]); a blit that a
                        // clip edge inside a pixel would cut is drawn in place instead (raster fuzz seed 2446).
                        (Some(cached), Some(shape))
                            if cached.shape.reusable_for(&shape)
                                && !crosses_partial_clip(&place, *rect, self.mapping.scale, self.offset) =>
                        {
                            let at = (shape.left, shape.top);
                            blit_device(ctx, self.mapping, at, place.translation, &cached.image)?
                        }
                        // Not cached (the base's, or a layer inside a layer).
                        _ => false,
                    };
                    if !done {
                        let sub = prepared.layers.get(i).and_then(Option::as_ref);
                        self.layer_in_place(ctx, sub, *rect, content, place)?;
                    }
                }
                Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => {}
            }
            if let (Some(kinds), Some(started)) = (self.kinds, started) {
                kinds.add(op, started.elapsed());
            }
        }
        Ok(())
    }

    /// Draws a layer's `content` in place, clipped to its `rect`, from its prepared ops (`sub`, built here when
    /// there are none).
    fn layer_in_place(
        &self,
        ctx: &mut Context<'_>,
        sub: Option<&Prepared>,
        rect: Rect,
        content: &DisplayList,
        place: Place,
    ) -> Result<(), NativeError> {
        let built;
        let sub = match sub {
            Some(sub) => sub,
            None => {
                built = prepare(self.g, self.fonts, content)?;
                &built
            }
        };
        ctx.save()?;
        ctx.clip_to_rect(bl_rect(rect))?;
        ctx.translate(f64::from(rect.x), f64::from(rect.y))?;
        // A layer drawn in place counts as one op of the layer's kind, not as the ops inside it.
        let nested = Replayer { layers: None, local: None, kinds: None, ..*self };
        let mut inner = Walk::new(content, place.inside(rect));
        nested.replay(ctx, sub, &mut inner)?;
        close(ctx, &inner)?;
        ctx.restore()
    }
}

/// Applies a clip, translation or pop of a walk to the context's state (drawing steps are left alone).
fn apply_state(ctx: &mut Context<'_>, step: Step<'_>) -> Result<(), NativeError> {
    match step {
        // A clip with no size, or with a number that is not finite, hides what it wraps, as the walk's place
        // says; so does a translation that is not finite.
        Step::Clip(rect) => {
            ctx.save()?;
            ctx.clip_to_rect(if rect.is_finite() && rect.has_size() { bl_rect(rect) } else { bl_rect(Rect::default()) })
        }
        Step::Translate(dx, dy) if dx.is_finite() && dy.is_finite() => {
            ctx.save()?;
            ctx.translate(f64::from(dx), f64::from(dy))
        }
        Step::Translate(..) => {
            ctx.save()?;
            ctx.clip_to_rect(bl_rect(Rect::default()))
        }
        Step::Pop => ctx.restore(),
        Step::StrayPop | Step::Draw(_) => Ok(()),
    }
}

/// Replays only the clips and translations of `visits` (those of the base's run, whose drawing the base holds).
pub(super) fn replay_state_only<'l>(
    ctx: &mut Context<'_>,
    visits: impl Iterator<Item = Visit<'l>>,
) -> Result<(), NativeError> {
    for visit in visits {
        apply_state(ctx, visit.step)?;
    }
    Ok(())
}

/// Restores the pushes `walk` left open (unbalanced at the end of a list), so that what follows starts clean.
pub(super) fn close(ctx: &mut Context<'_>, walk: &Walk<'_>) -> Result<(), NativeError> {
    for _ in 0..walk.depth() {
        ctx.restore()?;
    }
    Ok(())
}

fn style<'a>(paint: &Paint, gradient: Option<&'a Gradient>) -> Style<'a> {
    match (paint, gradient) {
        (_, Some(gradient)) => Style::Gradient(gradient),
        (Paint::Solid(c), None) => Style::Solid(Rgba32(c.0)),
        // A gradient paint whose gradient was not built: transparent (prepare builds every one).
        (_, None) => Style::Solid(Rgba32(0)),
    }
}

fn set_stroke(
    ctx: &mut Context<'_>,
    stroke: Stroke,
    paint: &Paint,
    gradient: Option<&Gradient>,
) -> Result<(), NativeError> {
    ctx.set_stroke(&style(paint, gradient))?;
    ctx.set_stroke_width(f64::from(stroke.width))?;
    if stroke.round {
        ctx.set_stroke_caps(bl::StrokeCap::Round)?;
        ctx.set_stroke_join(bl::StrokeJoin::Round)?;
    } else {
        ctx.set_stroke_caps(bl::StrokeCap::Butt)?;
        ctx.set_stroke_join(bl::StrokeJoin::MiterClip)?;
    }
    Ok(())
}

/// Blits `image` 1:1 whatever the scale with its top-left corner at device pixel `device`, the translation in
/// effect being `translation` (list pixels), and returns `true` (Blend2D 0.12 blits under any clip).
fn blit_device(
    ctx: &mut Context<'_>,
    mapping: Mapping,
    device: (f32, f32),
    translation: (f32, f32),
    image: &Image,
) -> Result<bool, NativeError> {
    // Under scale s and translation t a point p lands at s * (p + t); with the scale undone, at p + s * t.
    let s = f64::from(mapping.scale);
    let x = f64::from(device.0) - s * f64::from(translation.0);
    let y = f64::from(device.1) - s * f64::from(translation.1);
    if s != 1.0 {
        ctx.save()?;
        ctx.scale(1.0 / s, 1.0 / s)?;
    }
    ctx.blit_image(x, y, image)?;
    if s != 1.0 {
        ctx.restore()?;
    }
    Ok(true)
}

/// An image view over whole rows of `format` pixels, `stride` bytes apart: a band's rows, from the target's row
/// `top`, in the target's own coordinates (the band's context is clipped to them), or all of the base's.
pub(super) fn rows_view<'p>(
    g: &'static Goldberry,
    rows: &'p mut [u8],
    top: usize,
    width: u32,
    stride: usize,
    format: PixelFormat,
) -> Result<ImageView<'p>, NativeError> {
    // A last row may end with its pixels rather than the stride's padding.
    let height = rows.len().div_ceil(stride) as u32;
    let top = u32::try_from(top).map_err(|_| NativeError::InvalidArgument(format!("a band from row {top}")))?;
    ImageView::frame_rows(g, rows, top, width, height, stride, format)
}

/// A context over a band's view whose user space is the list's: scaled. No translation by the band's top: the
/// view's coordinates are the target's (see [`rows_view`]). It has Blend2D's own threads when the renderer was
/// asked for them ([`FrameContext::begin`]).
pub(super) fn begin_band<'v>(
    frame: &FrameContext<'_>,
    view: &'v mut ImageView<'_>,
) -> Result<Context<'v>, NativeError> {
    let mut ctx = frame.begin(view)?;
    let scale = f64::from(frame.mapping.scale);
    if scale != 1.0 {
        ctx.scale(scale, scale)?;
    }
    Ok(ctx)
}
