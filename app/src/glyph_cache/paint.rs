//! Drawing a COLR glyph's paint operations ([`PaintOp`], from HarfBuzz's paint callbacks) into a colour cell with
//! Blend2D. Blend2D clips to rectangles only, so a clip to a glyph's outline and the fill inside it are drawn
//! together, as the outline filled with the paint's style (what COLR glyphs do: clip, then fill); the gradient's
//! geometry, given in the fill's transform, is mapped into the clip's. A sweep gradient is Blend2D's conic gradient
//! laid out in device space, its seam turned to where the sweep's angle wraps and its turn laid out as stops
//! (`sweep`: a conic gradient has no start and end angle or extend mode of its own, and is only drawn right under
//! a transform without skew). What Blend2D has no paint for is drawn nearest: a two-circle
//! radial as a focal radial (the inner circle's radius dropped), and a group drawn into an image of its own is
//! composited with its mode where Blend2D has it, source-over otherwise ([`Approximated`] says which a glyph
//! needed).

use goldberry_natives::blend2d::{
    self, CompOp, Context, ExtendMode, Gradient, Image, PixelFormat, Rect, Rgba32, Style,
};
use goldberry_natives::glyphs::{GlyphPlacement, GlyphRun};
use goldberry_natives::harfbuzz::{ColorLine, Extend, PaintOp};
use goldberry_natives::{Goldberry, NativeError};

/// An affine map `[xx, yx, xy, yy, dx, dy]`: (x, y) goes to (x xx + y xy + dx, x yx + y yy + dy).
type Affine = [f64; 6];

const IDENTITY: Affine = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `a` after `b`: `b` applies first.
fn then(a: Affine, b: Affine) -> Affine {
    [
        b[0] * a[0] + b[1] * a[2],
        b[0] * a[1] + b[1] * a[3],
        b[2] * a[0] + b[3] * a[2],
        b[2] * a[1] + b[3] * a[3],
        b[4] * a[0] + b[5] * a[2] + a[4],
        b[4] * a[1] + b[5] * a[3] + a[5],
    ]
}

fn invert(m: Affine) -> Option<Affine> {
    let det = m[0] * m[3] - m[1] * m[2];
    if det.abs() < 1e-12 || !det.is_finite() {
        return None;
    }
    let (a, b, c, d) = (m[3] / det, -m[1] / det, -m[2] / det, m[0] / det);
    Some([a, b, c, d, -(m[4] * a + m[5] * c), -(m[4] * b + m[5] * d)])
}

fn apply(m: Affine, (x, y): (f64, f64)) -> (f64, f64) {
    (x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5])
}

/// Which paints a glyph needed drawn nearest (see the module docs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Approximated {
    pub two_circle_radial: bool,
    pub composite: bool,
}

/// What is pushed, with what it needs at its pop.
enum Frame {
    Transform(Affine),
    Glyph(u32, Affine),
    /// A rectangle clip, in the cell's pixels: applied at each fill inside it (so its edges are anti-aliased as
    /// the fill's, and a group's image is blitted unclipped: the beta cuts a blit to whole pixels).
    Rect(Rect),
}

/// Draws `ops` on `ctx`, whose user space is the glyph's design units, y up (the caller scales and flips), and
/// whose target is `size` pixels; `outline` is a Blend2D font of the glyph's face at its units per em, whose
/// outlines are the clips.
pub fn draw_paint(
    g: &'static Goldberry,
    ctx: &mut Context<'_>,
    size: (u32, u32),
    outline: &blend2d::Font,
    ops: &[PaintOp],
) -> Result<Approximated, NativeError> {
    let base = ctx.user_transform()?;
    let mut painter =
        Painter { g, outline, base, size, current: IDENTITY, stack: Vec::new(), approximated: Approximated::default() };
    let mut next = 0;
    painter.run(ctx, ops, &mut next)?;
    ctx.reset_transform()?;
    ctx.transform(base)?;
    Ok(painter.approximated)
}

/// The state of one glyph's drawing.
struct Painter<'f> {
    g: &'static Goldberry,
    outline: &'f blend2d::Font,
    /// The cell's transform: design units to its pixels.
    base: Affine,
    size: (u32, u32),
    current: Affine,
    stack: Vec<Frame>,
    approximated: Approximated,
}

impl Painter<'_> {
    /// Draws `ops` from `*next` on `ctx` until their end or the pop of the group `ctx` draws (whose mode it
    /// returns).
    fn run(&mut self, ctx: &mut Context<'_>, ops: &[PaintOp], next: &mut usize) -> Result<Option<u32>, NativeError> {
        while let Some(op) = ops.get(*next) {
            *next += 1;
            match op {
                PaintOp::PushTransform(t) => {
                    self.stack.push(Frame::Transform(self.current));
                    self.current = then(self.current, t.map(f64::from));
                }
                PaintOp::PushClipGlyph(glyph) => self.stack.push(Frame::Glyph(*glyph, self.current)),
                PaintOp::PushClipRectangle([x0, y0, x1, y1]) => {
                    // Its corners mapped to the cell's pixels: the box around them (exact unless rotated).
                    let m = then(self.base, self.current);
                    let corners = [(*x0, *y0), (*x1, *y0), (*x0, *y1), (*x1, *y1)]
                        .map(|(x, y)| apply(m, (f64::from(x), f64::from(y))));
                    let (xs, ys) = (corners.map(|c| c.0), corners.map(|c| c.1));
                    let (l, r) =
                        (xs.iter().copied().fold(f64::MAX, f64::min), xs.iter().copied().fold(f64::MIN, f64::max));
                    let (t, b) =
                        (ys.iter().copied().fold(f64::MAX, f64::min), ys.iter().copied().fold(f64::MIN, f64::max));
                    self.stack.push(Frame::Rect(Rect { x: l, y: t, w: (r - l).max(0.0), h: (b - t).max(0.0) }));
                }
                PaintOp::PushGroup => self.group(ctx, ops, next)?,
                PaintOp::PopGroup(mode) => return Ok(Some(*mode)),
                PaintOp::PopTransform | PaintOp::PopClip => {
                    if let Some(Frame::Transform(saved)) = self.stack.pop() {
                        self.current = saved;
                    }
                }
                PaintOp::Solid { argb, .. } => self.fill(ctx, Fill::Solid(*argb))?,
                PaintOp::LinearGradient { line, points } => {
                    let p = points.map(f64::from);
                    // COLR's p2 turns the gradient's normal: the end is p1 projected onto the normal through p0.
                    let (nx, ny) = (p[5] - p[1], -(p[4] - p[0]));
                    let (dx, dy) = (p[2] - p[0], p[3] - p[1]);
                    let len = nx * nx + ny * ny;
                    let k = if len > 0.0 { (dx * nx + dy * ny) / len } else { 0.0 };
                    let end = if len > 0.0 { (p[0] + k * nx, p[1] + k * ny) } else { (p[2], p[3]) };
                    self.fill(ctx, Fill::Linear(line, (p[0], p[1]), end))?;
                }
                PaintOp::RadialGradient { line, circles } => {
                    let c = circles.map(f64::from);
                    self.approximated.two_circle_radial |= c[2] > 0.0;
                    self.fill(ctx, Fill::Radial(line, (c[3], c[4]), (c[0], c[1]), c[5]))?;
                }
                PaintOp::SweepGradient { line, centre, start, end } => {
                    let centre = (f64::from(centre[0]), f64::from(centre[1]));
                    self.fill(ctx, Fill::Sweep(line, centre, (f64::from(*start), f64::from(*end))))?;
                }
                PaintOp::Image { .. } => {}
            }
        }
        Ok(None)
    }

    /// A group: drawn into an image of the cell's size, then composited onto `ctx` with its mode.
    fn group(&mut self, ctx: &mut Context<'_>, ops: &[PaintOp], next: &mut usize) -> Result<(), NativeError> {
        let depth = self.stack.len();
        let mut image = Image::new(self.g, self.size.0.max(1), self.size.1.max(1), PixelFormat::Prgb32)?;
        let mode = {
            let mut inner = Context::begin(&mut image)?;
            inner.transform(self.base)?;
            let mode = self.run(&mut inner, ops, next)?;
            // Clips and transforms the group left open end with it.
            self.close(depth);
            inner.end()?;
            mode.unwrap_or(3)
        };
        let op = match mode {
            0 => Some(CompOp::Clear),
            1 => Some(CompOp::SrcCopy),
            2 => return Ok(()),
            3 => Some(CompOp::SrcOver),
            4 => Some(CompOp::DstOver),
            5 => Some(CompOp::SrcIn),
            6 => Some(CompOp::DstIn),
            7 => Some(CompOp::SrcOut),
            8 => Some(CompOp::DstOut),
            9 => Some(CompOp::SrcAtop),
            11 => Some(CompOp::Xor),
            12 => Some(CompOp::Plus),
            13 => Some(CompOp::Screen),
            15 => Some(CompOp::Darken),
            16 => Some(CompOp::Lighten),
            23 => Some(CompOp::Multiply),
            // Destination atop, overlay, dodge, burn, hard and soft light, difference, exclusion, the HSL modes.
            _ => None,
        };
        let op = match (op, super::blend::Mode::from_colr(mode)) {
            (None, Some(blended)) => blend_onto(ctx, &mut image, blended)?,
            (op, _) => op,
        };
        self.approximated.composite |= op.is_none();
        ctx.save()?;
        ctx.reset_transform()?;
        ctx.set_comp_op(op.unwrap_or(CompOp::SrcOver))?;
        ctx.blit_image(0.0, 0.0, &image)?;
        ctx.restore()
    }

    /// Pops the frames above `depth`.
    fn close(&mut self, depth: usize) {
        while self.stack.len() > depth {
            if let Some(Frame::Transform(saved)) = self.stack.pop() {
                self.current = saved;
            }
        }
    }

    fn fill(&self, ctx: &mut Context<'_>, paint: Fill<'_>) -> Result<(), NativeError> {
        fill(self.g, ctx, self.outline, (self.base, self.current), &self.stack, paint)
    }
}

enum Fill<'l> {
    Solid(u32),
    Linear(&'l ColorLine, (f64, f64), (f64, f64)),
    /// Centre, focal point, radius.
    Radial(&'l ColorLine, (f64, f64), (f64, f64), f64),
    /// Centre, and the start and end angles (radians, counter-clockwise, y up).
    Sweep(&'l ColorLine, (f64, f64), (f64, f64)),
}

/// `0xAARRGGBB` as Blend2D's style colour (not premultiplied either).
fn rgba(argb: u32) -> Rgba32 {
    Rgba32(argb)
}

/// Stops a sweep's turn is sampled at: Blend2D's colour table has 256 or 512 entries a turn.
const SWEEP_SAMPLES: usize = 256;

/// The colour of `line` at `t` (0..=1 between its ends, its extend mode beyond), its offsets clamped to 0..=1 as
/// [`stops`] gives them to Blend2D, interpolated channel by channel as Blend2D interpolates its stops.
fn colour_at(line: &ColorLine, t: f64) -> u32 {
    let t = match line.extend {
        Extend::Pad => t.clamp(0.0, 1.0),
        Extend::Repeat => t.rem_euclid(1.0),
        Extend::Reflect => 1.0 - (t.rem_euclid(2.0) - 1.0).abs(),
    };
    let mut stops: Vec<(f64, u32)> = line.stops.iter().map(|s| (f64::from(s.offset).clamp(0.0, 1.0), s.argb)).collect();
    stops.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (Some(&first), Some(&last)) = (stops.first(), stops.last()) else { return 0 };
    if t <= first.0 {
        return first.1;
    }
    let Some(i) = stops.iter().position(|s| s.0 >= t) else { return last.1 };
    let ((t0, a), (t1, b)) = (stops[i - 1], stops[i]);
    let k = if t1 > t0 { (t - t0) / (t1 - t0) } else { 1.0 };
    let channel = |shift: u32| {
        let (x, y) = (f64::from((a >> shift) & 0xff), f64::from((b >> shift) & 0xff));
        ((x + (y - x) * k).round() as u32).min(255) << shift
    };
    channel(24) | channel(16) | channel(8) | channel(0)
}

/// A sweep gradient as Blend2D's conic one, around `centre` in device space: the colour at each of
/// [`SWEEP_SAMPLES`] directions is worked out from the COLR sweep (angles in the paint's space, `to_paint` mapping
/// a direction there, which a skew makes uneven) and laid out as stops, with a hard edge where a repeating colour
/// line starts over. The conic's own seam (its `angle`, where offset 1 meets 0) is put where the paint's angle
/// wraps from a turn back to 0, so that edge is as sharp as the COLR sweep's without a stop pair for it.
fn sweep(
    g: &'static Goldberry,
    line: &ColorLine,
    centre: (f64, f64),
    (start, end): (f64, f64),
    to_paint: &dyn Fn((f64, f64)) -> (f64, f64),
) -> Result<Gradient, NativeError> {
    use std::f64::consts::{PI, TAU};
    let span = end - start;
    // The paint's angle of a direction in the gradient's space, in 0..TAU.
    let angle = |phi: f64| {
        let (x, y) = to_paint((phi.cos(), phi.sin()));
        y.atan2(x).rem_euclid(TAU)
    };
    let t = |alpha: f64| if span.abs() > 1e-9 { (alpha - start) / span } else { 0.0 };
    // Two directions on one smooth stretch of the sweep: the paint's angle did not wrap between them, and (repeat)
    // the colour line did not start over.
    let smooth =
        |a: f64, b: f64| (a - b).abs() <= PI && (line.extend != Extend::Repeat || t(a).floor() == t(b).floor());
    // Halving between two directions `lo` < `hi` whose angles `pass` tells apart: the last direction on `lo`'s
    // side and the first on `hi`'s.
    let halve = |mut lo: f64, mut hi: f64, pass: &dyn Fn(f64) -> bool| {
        for _ in 0..40 {
            let mid = (lo + hi) / 2.0;
            if pass(mid) { lo = mid } else { hi = mid }
        }
        (lo, hi)
    };
    let step = TAU / SWEEP_SAMPLES as f64;
    // The direction where the paint's angle wraps (there is one in every turn unless a transform mirrors it twice).
    let seam = (1..=SWEEP_SAMPLES).find_map(|k| {
        let (a, b) = (step * (k - 1) as f64, step * k as f64);
        let before = angle(a);
        ((before - angle(b)).abs() > PI).then(|| halve(a, b, &|mid| (before - angle(mid)).abs() <= PI))
    });
    // The turn, from just after the seam to just before it: offset 0 and 1 of the conic.
    let (first, last) = seam.map_or((0.0, TAU), |(lo, hi)| (hi, lo + TAU));
    let at = |k: usize| first + (last - first) * k as f64 / SWEEP_SAMPLES as f64;
    let offset = |phi: f64| (phi - first) / (last - first);
    let mut stops: Vec<(f64, u32)> = Vec::with_capacity(SWEEP_SAMPLES + 8);
    let mut previous = angle(first);
    stops.push((0.0, colour_at(line, t(previous))));
    for k in 1..=SWEEP_SAMPLES {
        let phi = at(k);
        let alpha = angle(phi);
        // An edge between the two samples (a repeating line starting over): found by halving, and given both its
        // colours at one offset, so that it is as sharp as the COLR sweep's.
        if !smooth(previous, alpha) {
            let (lo, hi) = halve(at(k - 1), phi, &|mid| smooth(previous, angle(mid)));
            stops.push((offset(hi), colour_at(line, t(angle(lo)))));
            stops.push((offset(hi), colour_at(line, t(angle(hi)))));
        }
        stops.push((offset(phi), colour_at(line, t(alpha))));
        previous = alpha;
    }
    let mut gradient = Gradient::conic(g, centre.0, centre.1, first)?;
    for (offset, argb) in stops {
        gradient.add_stop(offset.clamp(0.0, 1.0), rgba(argb))?;
    }
    Ok(gradient)
}

/// Fills the innermost glyph clip (or, with none, the rectangle clips) with `paint`, given in the current
/// transform `current`.
fn fill(
    g: &'static Goldberry,
    ctx: &mut Context<'_>,
    outline: &blend2d::Font,
    (base, current): (Affine, Affine),
    stack: &[Frame],
    paint: Fill<'_>,
) -> Result<(), NativeError> {
    let clip = stack.iter().rev().find_map(|f| if let Frame::Glyph(glyph, m) = f { Some((*glyph, *m)) } else { None });
    // Drawn in the clip's space, y down for Blend2D's outlines: the paint's points mapped there.
    let (space, glyph) = match clip {
        Some((glyph, m)) => (m, Some(glyph)),
        None => (current, None),
    };
    let Some(inverse) = invert(space) else { return Ok(()) };
    let to_clip = then(inverse, current);
    let flip = |(x, y): (f64, f64)| (x, -y);
    let at = |p: (f64, f64)| flip(apply(to_clip, p));
    let style_gradient;
    // The sweep's style is given in device space, set before the glyph's transform (see its arm).
    let in_device = matches!(paint, Fill::Sweep(..));
    let style = match paint {
        Fill::Solid(argb) => Style::Solid(rgba(argb)),
        Fill::Linear(line, p0, p1) => {
            let ((x0, y0), (x1, y1)) = (at(p0), at(p1));
            style_gradient = stops(Gradient::linear(g, x0, y0, x1, y1)?, line)?;
            Style::Gradient(&style_gradient)
        }
        Fill::Radial(line, c, f, r) => {
            let ((cx, cy), (fx, fy)) = (at(c), at(f));
            // The radius scaled by the map's mean scale.
            let s = (to_clip[0] * to_clip[3] - to_clip[1] * to_clip[2]).abs().sqrt();
            style_gradient = stops(Gradient::radial(g, cx, cy, fx, fy, r * s)?, line)?;
            Style::Gradient(&style_gradient)
        }
        Fill::Sweep(line, c, angles) => {
            // Laid out in device space and set while the context's transform is the identity: Blend2D's conic
            // fetcher takes a transform's rotation out and treats what is left as a scale, which puts a sweep's
            // seam and colours at the wrong angles under a skew or an uneven scale (record 24). A device direction
            // goes back to the paint's through the inverse of the paint-to-device map's linear part.
            let to_device = then(then(base, space), to_clip);
            let Some(back) = invert(to_device) else { return Ok(()) };
            let to_paint = |(x, y): (f64, f64)| (x * back[0] + y * back[2], x * back[1] + y * back[3]);
            style_gradient = sweep(g, line, apply(to_device, c), angles, &to_paint)?;
            Style::Gradient(&style_gradient)
        }
    };
    ctx.save()?;
    ctx.reset_transform()?;
    for frame in stack {
        if let Frame::Rect(rect) = frame {
            ctx.clip_to_rect(*rect)?;
        }
    }
    if in_device {
        ctx.set_fill(&style)?;
    }
    ctx.transform(then(base, space))?;
    ctx.scale(1.0, -1.0)?;
    if !in_device {
        ctx.set_fill(&style)?;
    }
    match glyph {
        Some(glyph) => {
            let run = GlyphRun {
                glyphs: vec![glyph],
                placements: vec![GlyphPlacement::default()],
                clusters: vec![0],
                units_per_em: outline.face_units_per_em(),
            };
            ctx.fill_glyph_run(outline, 0.0, 0.0, &run)?;
        }
        None => ctx.fill_all()?,
    }
    ctx.restore()
}

/// `gradient` with `line`'s stops (clamped to 0..=1, as Blend2D takes them) and extend mode.
fn stops(mut gradient: Gradient, line: &ColorLine) -> Result<Gradient, NativeError> {
    for stop in &line.stops {
        gradient.add_stop(f64::from(stop.offset).clamp(0.0, 1.0), rgba(stop.argb))?;
    }
    gradient.set_extend_mode(match line.extend {
        Extend::Pad => ExtendMode::Pad,
        Extend::Repeat => ExtendMode::Repeat,
        Extend::Reflect => ExtendMode::Reflect,
    })?;
    Ok(gradient)
}

/// Blends `image` (a group of the cell's size) onto the pixels already on `ctx` with `mode`, in place in
/// `image`, and gives the operator that then copies it over the cell: the result already holds the backdrop
/// wherever the group is transparent. `None` (the group left as drawn, to go source-over as an approximation)
/// when the target is not the cell's size, as the pixels would not line up.
fn blend_onto(
    ctx: &mut Context<'_>,
    image: &mut Image,
    mode: super::blend::Mode,
) -> Result<Option<CompOp>, NativeError> {
    let backdrop = ctx.target_pixels()?;
    let rows = image.pixels_mut()?;
    let (width, stride) = (rows.width as usize, rows.stride);
    if width == 0 || backdrop.len() != width * rows.height as usize {
        return Ok(None);
    }
    // Row by row: the image's rows may be padded, the backdrop's are not.
    for (y, backs) in backdrop.chunks_exact(width).enumerate() {
        let Some(row) = rows.data.get_mut(y * stride..y * stride + width * 4) else { return Ok(None) };
        for (bytes, &back) in row.chunks_exact_mut(4).zip(backs) {
            let source = u32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            bytes.copy_from_slice(&super::blend::composite(mode, back, source).to_ne_bytes());
        }
    }
    Ok(Some(CompOp::SrcCopy))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_line_extends_by_its_mode_past_its_ends() {
        let stop = |offset: f32, argb: u32| goldberry_natives::harfbuzz::ColorStop { offset, foreground: false, argb };
        let line = |extend| ColorLine { stops: vec![stop(0.0, 0xff00_0000), stop(1.0, 0xff00_00ff)], extend };
        let blue = |argb: u32| argb & 0xff;
        assert_eq!(blue(colour_at(&line(Extend::Pad), 0.5)), 128);
        assert_eq!(blue(colour_at(&line(Extend::Pad), 1.75)), 255);
        assert_eq!(blue(colour_at(&line(Extend::Pad), -0.5)), 0);
        assert_eq!(blue(colour_at(&line(Extend::Repeat), 1.25)), 64);
        assert_eq!(blue(colour_at(&line(Extend::Reflect), 1.25)), 191);
        assert_eq!(blue(colour_at(&line(Extend::Reflect), -0.25)), 64);
    }

    #[test]
    fn affine_maps_compose_and_invert() {
        let t = [1.0, 0.0, 0.0, 1.0, 10.0, 5.0];
        let s = [2.0, 0.0, 0.0, 3.0, 0.0, 0.0];
        // Scale first, then translate.
        assert_eq!(apply(then(t, s), (1.0, 1.0)), (12.0, 8.0));
        let back = invert(then(t, s)).expect("invertible");
        let (x, y) = apply(back, (12.0, 8.0));
        assert!((x - 1.0).abs() < 1e-12 && (y - 1.0).abs() < 1e-12);
    }
}
