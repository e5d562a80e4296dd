//! Where a clip edge of the renderer's own may fall: a band's top or bottom, a damaged rectangle's sides.
//!
//! Blend2D's beta clips a figure's edges to the clip box before it rasterizes them, and where a sloped or curved
//! edge crosses a side of the box it starts the clipped edge at a point it works out anew; the cells after it then
//! round a level apart from the same edge drawn whole (measured: a round rect's corner cut by a damaged
//! rectangle, a chart's line cut by a band's edge; record 19). An edge along the clip's side (a rect's, a round
//! rect's straight sides) is cut exactly. So each op that draws sloped or curved edges in place gives the boxes
//! those edges lie in (a round rect's four corners, a circle's or a path's whole box), and the renderer's clips are
//! kept off them: a band's edge moves to a row no box spans, a damaged rectangle grows to hold each box it cuts.
//! The list's own clips cut the same in every frame and are left as they are. Blits (cached layers, glyph cells,
//! runs drawn whole into an image of their own) are cut exactly and give no box.

use super::context::FrameContext;
use super::damage::Damage;
use super::geom::DeviceRect;
use super::prepare::corner;
use crate::display_list::{Op, Place, Step, Walk, walk};
use crate::geom::{PixelRect, Rect};

/// The device boxes of the sloped and curved edges that `ctx`'s frame draws in place: the ops from `from` on that
/// are not layers (`None`: none of them), and the content of the leading run's layers when `lead` (the base drawn
/// or redrawn this frame); each cut by the list's own clips and the target.
///
/// `ink` gives a top-level op's device ink when the frame's print has it (see `super::damage`), which spares
/// walking a path's points again.
pub(super) fn tender_boxes(
    ctx: &FrameContext<'_>,
    from: Option<usize>,
    lead: bool,
    ink: &dyn Fn(usize) -> Option<PixelRect>,
) -> Vec<PixelRect> {
    tender_boxes_apart(ctx, from, lead, ink).0
}

/// [`tender_boxes`], and how many of them come before the inspector's overlay (its ops are the list's last, so
/// theirs are the boxes after): the frame's own damage is grown by those alone, so that it counts what the frame
/// drew for itself.
pub(super) fn tender_boxes_apart(
    ctx: &FrameContext<'_>,
    from: Option<usize>,
    lead: bool,
    ink: &dyn Fn(usize) -> Option<PixelRect>,
) -> (Vec<PixelRect>, usize) {
    let mut boxes = Vec::new();
    let mut frame_boxes = None;
    let overlay_from = ctx.list.overlay_from.unwrap_or(usize::MAX);
    for visit in walk(ctx.list) {
        if visit.index >= overlay_from && frame_boxes.is_none() {
            frame_boxes = Some(boxes.len());
        }
        let Step::Draw(op) = visit.step else { continue };
        match op {
            // A layer of the base drawn this frame is drawn in place; any other is blitted from its image.
            Op::Layer { rect, content, .. } if lead && ctx.in_place(visit.index) => {
                for inner in Walk::new(content, visit.place.inside(*rect)) {
                    if let Step::Draw(op) = inner.step {
                        op_boxes(ctx, op, &inner.place, None, &mut boxes);
                    }
                }
            }
            Op::Layer { .. } => {}
            op if from.is_some_and(|from| visit.index >= from) => {
                op_boxes(ctx, op, &visit.place, ink(visit.index), &mut boxes);
            }
            _ => {}
        }
    }
    let frame_boxes = frame_boxes.unwrap_or(boxes.len());
    (boxes, frame_boxes)
}

/// Adds the device boxes of `op`'s sloped and curved edges at `place` to `boxes` (`ink`: its device ink, when
/// known).
fn op_boxes(ctx: &FrameContext<'_>, op: &Op, place: &Place, ink: Option<PixelRect>, boxes: &mut Vec<PixelRect>) {
    let mut add = |r: Rect| {
        // A pixel of room each side: the edge's anti-aliasing reaches into the pixels beside the box.
        let Some(r) = place.clipped(Rect::new(r.x - 1.0, r.y - 1.0, r.w + 2.0, r.h + 2.0)) else { return };
        let s = ctx.mapping.scale;
        let device = DeviceRect { x0: r.x * s, y0: r.y * s, x1: r.right() * s, y1: r.bottom() * s };
        if let Some(p) = PixelRect::of_device(&device, ctx.width, ctx.height as u32) {
            boxes.push(p);
        }
    };
    let corners = |rect: Rect, r: f32, add: &mut dyn FnMut(Rect)| {
        if r <= 0.0 || !rect.is_finite() {
            return;
        }
        let (x1, y1) = (rect.right() - r, rect.bottom() - r);
        for (x, y) in [(rect.x, rect.y), (x1, rect.y), (rect.x, y1), (x1, y1)] {
            add(Rect::new(x, y, r, r));
        }
    };
    match op {
        Op::FillRoundRect { rect, radius, .. } if rect.has_size() => corners(*rect, corner(*rect, *radius), &mut add),
        Op::StrokeRoundRect { rect, radius, stroke, .. } if rect.has_size() => {
            // The ring's outer corners hold its inner ones (see `prepare::stroke_ring`).
            let (r, half) = (corner(*rect, *radius), stroke.width / 2.0);
            if r > 0.0 || stroke.round {
                corners(rect.inset(-half), r + half, &mut add);
            }
        }
        // Its corners follow the radius from the line's centre: a pixel more each way holds them at any scale.
        Op::Hairline { rect, radius, .. } if *radius > 0.0 => corners(rect.inset(-1.0), radius + 2.0, &mut add),
        // The op's whole ink: its bounds hold a pixel of room for the anti-aliasing already.
        Op::FillCircle { .. } | Op::FillPath { .. } | Op::StrokePath { .. } => match ink {
            Some(ink) => boxes.push(ink),
            None => {
                if let Some(b) = super::geom::op_bounds(op, ctx.fonts) {
                    add(b);
                }
            }
        },
        _ => {}
    }
}

/// Moves each band edge that a box spans (a row strictly inside it) to the nearest row none spans, between the
/// edges beside it (an edge that finds none stays).
pub(super) fn keep_boxes_whole(edges: &mut [usize], boxes: &[PixelRect]) {
    let spanned = |y: usize| boxes.iter().any(|b| (b.y as usize) < y && y < b.bottom() as usize);
    for i in 1..edges.len().saturating_sub(1) {
        let (floor, ceiling, edge) = (edges[i - 1], edges[i + 1], edges[i]);
        if !spanned(edge) {
            continue;
        }
        let reach = (edge - floor.min(edge)).max(ceiling.saturating_sub(edge));
        let nearest = (1..=reach)
            .flat_map(|d| [edge.checked_sub(d).filter(|&y| y >= floor), Some(edge + d).filter(|&y| y <= ceiling)]);
        if let Some(y) = nearest.flatten().find(|&y| !spanned(y)) {
            edges[i] = y;
        }
    }
}

/// Each of `rects` grown to hold every box it cuts.
pub(super) fn hold_boxes_in(rects: &mut [DeviceRect], boxes: &[PixelRect], width: u32, height: u32) {
    for rect in rects.iter_mut() {
        let Some(mut p) = PixelRect::of_device(rect, width, height) else { continue };
        let before = p;
        while let Some(b) = boxes.iter().find(|b| cuts(&p, b)) {
            p = p.union(b);
        }
        if p != before {
            *rect = p.to_device();
        }
    }
}

/// `damage` with each rectangle grown to hold every box it cuts (and merged again), until none cuts a box.
pub(super) fn hold_boxes_whole(damage: &Damage, boxes: &[PixelRect]) -> Damage {
    let mut damage = *damage;
    loop {
        let mut grown = Damage::default();
        let mut changed = false;
        for &rect in damage.rects() {
            let mut rect = rect;
            while let Some(b) = boxes.iter().find(|b| cuts(&rect, b)) {
                rect = rect.union(b);
                changed = true;
            }
            grown.add(rect);
        }
        if !changed && grown.rects().len() == damage.rects().len() {
            return grown;
        }
        damage = grown;
    }
}

/// Whether a side of `rect` passes through `b` (they overlap and `b` is not inside `rect`).
fn cuts(rect: &PixelRect, b: &PixelRect) -> bool {
    rect.overlap(b) > 0 && !(b.x >= rect.x && b.y >= rect.y && b.right() <= rect.right() && b.bottom() <= rect.bottom())
}
