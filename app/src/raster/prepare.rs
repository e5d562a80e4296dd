//! From the display list to Blend2D: the paths, gradients and bounds of a list's ops, built once per frame and
//! shared read-only by the bands.

use goldberry_natives::blend2d::{self as bl, Gradient, Rgba32};
use goldberry_natives::{Goldberry, NativeError};

use super::context::FrameContext;
use crate::display_list::{DisplayList, Op, Paint, PathCommand, PathData, Place, Step, Stroke, Walk, walk};
use crate::fonts::FontBook;
use crate::geom::{PixelRect, Rect};

/// Paths, gradients and bounds built from one list's ops, index for index; shared read-only by the bands.
#[derive(Debug, Default)]
pub(super) struct Prepared {
    pub(super) paths: Vec<Option<bl::Path>>,
    pub(super) gradients: Vec<Option<Gradient>>,
    /// Where each drawing op can leave ink, in the list's pixels before its translation (`None`: a state op,
    /// or unknown).
    pub(super) bounds: Vec<Option<Rect>>,
    /// The prepared content of the layers drawn in place this frame (the base's, when it is drawn).
    pub(super) layers: Vec<Option<Prepared>>,
}

/// Builds the Blend2D paths and gradients of `list`'s ops and their bounds (not those inside layers).
pub(super) fn prepare(g: &'static Goldberry, fonts: &FontBook, list: &DisplayList) -> Result<Prepared, NativeError> {
    prepare_reaching(g, fonts, list, None)
}

/// [`prepare`], the paths and gradients only of the ops that may reach the device pixels `visible` drawn from
/// its place at its scale (`None`: of every op). Every op's bounds are found: a replay skips an op by them.
fn prepare_reaching(
    g: &'static Goldberry,
    fonts: &FontBook,
    list: &DisplayList,
    visible: Option<(&[PixelRect], Place, f32)>,
) -> Result<Prepared, NativeError> {
    let n = list.ops.len();
    let mut prepared = Prepared {
        paths: Vec::with_capacity(n),
        gradients: Vec::with_capacity(n),
        bounds: Vec::with_capacity(n),
        layers: (0..n).map(|_| None).collect(),
    };
    let places = visible.map(|(_, origin, _)| Walk::new(list, origin));
    for (op, visit) in list.ops.iter().zip(places.into_iter().flatten().map(Some).chain(std::iter::repeat(None))) {
        let bounds = op.bounds(|f| fonts.blend2d_font(f).size());
        // An op whose bounds miss the pixels drawn is skipped by every replay of this frame: nothing to build.
        if let (Some((rects, _, scale)), Some(visit), Some(b)) = (visible, visit, bounds)
            && !visit.place.may_reach(b, scale, (0.0, 0.0), rects)
        {
            prepared.paths.push(None);
            prepared.gradients.push(None);
            prepared.bounds.push(bounds);
            continue;
        }
        // A shape with a point that is not finite draws nothing: it names no place, and `bl::Path` refuses it.
        let path = match op {
            Op::FillPath { path, .. } | Op::StrokePath { path, .. } => {
                path.is_finite().then(|| to_path(g, path)).transpose()?
            }
            Op::StrokeRoundRect { rect, radius, stroke, .. } => {
                let drawn = op.is_finite() && rect.has_size() && stroke.width > 0.0;
                drawn.then(|| stroke_ring(g, *rect, *radius, *stroke)).transpose()?
            }
            // Drawn by Blend2D's own shapes, by the hairline's or the glyphs' code, or not drawn.
            Op::FillRect { .. }
            | Op::FillRoundRect { .. }
            | Op::Hairline { .. }
            | Op::FillCircle { .. }
            | Op::Glyphs { .. }
            | Op::Layer { .. } => None,
            Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => None,
        };
        let paint = op.paint();
        prepared.paths.push(path);
        prepared.gradients.push(paint.filter(|p| p.is_finite()).map(|p| to_gradient(g, p)).transpose()?.flatten());
        prepared.bounds.push(bounds);
    }
    Ok(prepared)
}

/// The frame's paths, gradients and bounds, and those of the leading run's layers when they are drawn in place;
/// when the frame draws only the device pixels `visible`, the paths and gradients of the ops that reach them.
pub(super) fn prepare_frame(ctx: &FrameContext<'_>, visible: Option<&[PixelRect]>) -> Result<Prepared, NativeError> {
    let scale = ctx.mapping.scale;
    let mut prepared = prepare_reaching(ctx.g, ctx.fonts, ctx.list, visible.map(|v| (v, Place::default(), scale)))?;
    for visit in walk(ctx.list).take(ctx.lead_end) {
        let (i, Step::Draw(Op::Layer { rect, content, .. })) = (visit.index, visit.step) else { continue };
        if !ctx.in_place(i) {
            continue;
        }
        // A layer that reaches no visible pixel is not drawn; should a replay draw it, it builds its own.
        let inside = match (visible, prepared.bounds[i]) {
            (Some(rects), Some(b)) if !visit.place.may_reach(b, scale, (0.0, 0.0), rects) => continue,
            (Some(rects), _) => Some((rects, visit.place.inside(*rect), scale)),
            (None, _) => None,
        };
        prepared.layers[i] = Some(prepare_reaching(ctx.g, ctx.fonts, content, inside)?);
    }
    Ok(prepared)
}

/// The outline a stroke of `stroke` along the round rect `rect` (corner `radius`) covers, as a path to fill
/// with the non-zero rule: the round rect grown by half the width, and the one shrunk by it as a hole. Offsetting a round
/// rect's outline gives round rects (a sharp corner's outer edge follows the join: square for a mitre, round
/// for a round join), so this is the stroke's own outline; filling it skips Blend2D's stroker, which each band
/// would run again for every outline crossing its rows (record 11).
fn stroke_ring(g: &'static Goldberry, rect: Rect, radius: f32, stroke: Stroke) -> Result<bl::Path, NativeError> {
    let radius = corner(rect, radius);
    let half = stroke.width / 2.0;
    let outer_radius = if radius > 0.0 || stroke.round { radius + half } else { 0.0 };
    let mut path = bl::Path::new(g)?;
    path.add_round_rect(bl_rect(rect.inset(-half)), f64::from(outer_radius))?;
    if rect.w > stroke.width && rect.h > stroke.width {
        path.add_round_rect_hole(bl_rect(rect.inset(half)), f64::from((radius - half).max(0.0)))?;
    }
    Ok(path)
}

/// The corner radius a round rect is drawn with: at least 0, at most half its shorter side. A larger one rounds
/// the short sides whole, a pill, as CSS scales it: Blend2D would clamp each axis alone and draw an ellipse.
pub(super) fn corner(rect: Rect, radius: f32) -> f32 {
    radius.max(0.0).min(rect.w.min(rect.h).max(0.0) / 2.0)
}

/// A Blend2D path from path data (an error for a point that is not finite). Commands before the first move
/// have no point to start from and are left out; a segment right after a close starts a new figure where the
/// closed one started, as in SVG ([`bl::Path`] refuses a segment with no figure open).
pub fn to_path(g: &'static Goldberry, data: &PathData) -> Result<bl::Path, NativeError> {
    let mut path = bl::Path::new(g)?;
    let f = f64::from;
    let first_move = data.commands.iter().position(|c| matches!(c, PathCommand::MoveTo(..)));
    let mut start = (0.0, 0.0);
    let mut closed = false;
    for command in &data.commands[first_move.unwrap_or(data.commands.len())..] {
        if closed && !matches!(command, PathCommand::MoveTo(..) | PathCommand::Close) {
            path.move_to(f(start.0), f(start.1))?;
        }
        closed = matches!(command, PathCommand::Close);
        match *command {
            PathCommand::MoveTo(x, y) => {
                start = (x, y);
                path.move_to(f(x), f(y))?
            }
            PathCommand::LineTo(x, y) => path.line_to(f(x), f(y))?,
            PathCommand::QuadTo(x1, y1, x, y) => path.quad_to(f(x1), f(y1), f(x), f(y))?,
            PathCommand::CubicTo(x1, y1, x2, y2, x, y) => path.cubic_to(f(x1), f(y1), f(x2), f(y2), f(x), f(y))?,
            PathCommand::Close => path.close()?,
        }
    }
    Ok(path)
}

/// The Blend2D gradient of a paint (`None` for a solid colour).
pub fn to_gradient(g: &'static Goldberry, paint: &Paint) -> Result<Option<Gradient>, NativeError> {
    let f = f64::from;
    let (mut gradient, stops) = match paint {
        Paint::Solid(_) => return Ok(None),
        Paint::Linear { x0, y0, x1, y1, stops } => (Gradient::linear(g, f(*x0), f(*y0), f(*x1), f(*y1))?, stops),
        Paint::Radial { cx, cy, r, stops } => (Gradient::radial(g, f(*cx), f(*cy), f(*cx), f(*cy), f(*r))?, stops),
    };
    // Blend2D refuses an offset outside 0..=1 (an error that failed the whole frame): one past an end is taken
    // to that end, and one that is not a number is dropped.
    for stop in stops.iter().filter(|s| !s.offset.is_nan()) {
        gradient.add_stop(f(stop.offset.clamp(0.0, 1.0)), Rgba32(stop.color.0))?;
    }
    Ok(Some(gradient))
}

/// A Blend2D rectangle from a list rectangle.
pub(super) fn bl_rect(r: Rect) -> bl::Rect {
    bl::Rect { x: f64::from(r.x), y: f64::from(r.y), w: f64::from(r.w), h: f64::from(r.h) }
}
