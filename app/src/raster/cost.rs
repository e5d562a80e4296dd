//! The cost model: an estimate of each row's raster work, from which the bands are cut so that each gets its
//! share of the work rather than of the rows.

use super::context::FrameContext;
use super::layers::StaleLayer;
use crate::display_list::{DisplayList, Op, Paint, Place, Step, Walk};
use crate::fonts::FontBook;
use crate::geom::Rect;

/// Copying a row into the base (a cold frame) or out of it, in estimated nanoseconds a pixel (record 8).
const ROW_COPY_NS: f64 = 0.45;

/// The estimated work of each of the frame's rows, in nanoseconds: each op the bands draw spreads its cost
/// ([`op_cost`]) over the rows it covers, and every row costs its width once (the base's copy or the clear).
/// A top-level layer drawn in place ([`FrameContext::in_place`]) counts its ops, one blitted its pixels; the ops
/// before [`FrameContext::drawn_from`] are not drawn. The `stale` layers' content counts where the layers lie (a
/// band rasterizes the stale layers that lie in its rows).
pub(super) fn row_costs(ctx: &FrameContext<'_>, stale: &[StaleLayer<'_>]) -> Vec<f64> {
    let height = ctx.height;
    // Cost density changes per row, summed afterwards.
    let mut costs = Costs { fonts: ctx.fonts, scale: ctx.mapping.scale, delta: vec![0.0f64; height + 1] };
    costs.delta[0] += f64::from(ctx.width) * ROW_COPY_NS;
    costs.add(ctx.list, ctx.drawn_from, &|i| ctx.in_place(i), Place::default());
    for (_, shape, content) in stale {
        let origin = ((shape.left + shape.frac_x) / shape.scale, (shape.top + shape.frac_y) / shape.scale);
        costs.add(content, 0, &|_| true, Place { translation: origin, ..Place::default() });
    }
    let mut per_row = Vec::with_capacity(height);
    let mut density = 0.0;
    for d in &costs.delta[..height] {
        density += d;
        per_row.push(density.max(0.0));
    }
    per_row
}

/// Per-row density changes of the estimated work (`delta[y]` is added from row `y` on), at `scale`.
pub(super) struct Costs<'f> {
    pub(super) fonts: &'f FontBook,
    pub(super) scale: f32,
    pub(super) delta: Vec<f64>,
}

impl Costs<'_> {
    /// Adds the cost of `list`'s ops from `from` on, walked from `origin` (list pixels). An op counts only the
    /// part of its bounds inside the clips around it (a card's header band fills the card's whole rounded rect,
    /// clipped to the band). The layer at op `i` is followed into when `in_place(i)`, and counts its pixels (a
    /// blit) otherwise.
    pub(super) fn add(&mut self, list: &DisplayList, from: usize, in_place: &dyn Fn(usize) -> bool, origin: Place) {
        let s = self.scale;
        let rows = self.delta.len().saturating_sub(1) as f32;
        for visit in Walk::new(list, origin) {
            let Step::Draw(op) = visit.step else { continue };
            if visit.index < from {
                continue;
            }
            match op {
                Op::Layer { rect, content, .. } if in_place(visit.index) => {
                    self.add(content, 0, &|_| true, visit.place.inside(*rect));
                }
                op => {
                    let Some(b) = op.bounds(|f| self.fonts.blend2d_font(f).size()) else { continue };
                    let Some(b) = visit.place.clipped(b) else { continue };
                    let (y0, y1) = ((b.y * s).clamp(0.0, rows), (b.bottom() * s).clamp(0.0, rows));
                    if y1 - y0 < 1.0 {
                        continue;
                    }
                    let per_row = op_cost(op, b, s) / f64::from(y1 - y0);
                    // A shape with an infinite point costs NaN, which would leave the bands uncut (a hang, found by
                    // the raster fuzz); it draws nothing anyway.
                    if !per_row.is_finite() {
                        continue;
                    }
                    self.delta[y0 as usize] += per_row;
                    self.delta[y1 as usize] -= per_row;
                }
            }
        }
    }
}

/// What drawing `op` with `bounds` (device pixels at scale `s`) costs, in estimated nanoseconds: a fixed cost a
/// call, then by kind of op its pixels (solid paint, gradient, a filled path's ~80 % of its box, a round rect's
/// outline filled as its ring, a blit), the commands of a stroked path (the stroker, not the pixels, is what
/// costs), or its glyphs. The figures are those measured op by op in cold frames (records 8 and 11).
fn op_cost(op: &Op, bounds: Rect, s: f32) -> f64 {
    let (w, h) = (f64::from(bounds.w * s), f64::from(bounds.h * s));
    let per_pixel = |paint: &Paint| if matches!(paint, Paint::Solid(_)) { 1.8 } else { 4.1 };
    2000.0
        + match op {
            Op::FillRect { paint, .. } | Op::FillRoundRect { paint, .. } | Op::FillCircle { paint, .. } => {
                w * h * per_pixel(paint)
            }
            Op::FillPath { path, paint } => w * h * 0.8 * per_pixel(paint) + path.commands.len() as f64 * 50.0,
            Op::StrokeRoundRect { .. } | Op::Hairline { .. } => 2.0 * (w + h) * 9.0,
            Op::StrokePath { path, .. } => path.commands.len() as f64 * 850.0,
            Op::Glyphs { run, .. } => run.glyphs.len() as f64 * 340.0,
            Op::Layer { .. } => w * h * 1.5,
            Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => 0.0,
        }
}
