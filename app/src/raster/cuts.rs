//! Where a clip edge of the renderer's own may fall: a band's top or bottom, a damaged rectangle's sides.
//!
//! Blend2D (the beta and 0.12 alike) clips a figure's edges to the clip box before it rasterizes them, and where a
//! sloped or curved edge crosses a side of the box it starts the clipped edge at a point it works out anew; the
//! cells after it then round a level apart from the same edge drawn whole (measured: a round rect's corner cut by a
//! damaged rectangle, a chart's line cut by a band's edge; record 19). An edge along the clip's side (a rect's, a
//! round rect's straight sides) is cut exactly. So each op that draws sloped or curved edges in place gives the
//! boxes those edges lie in (a round rect's four corners, a circle's or a path's whole box, a glyph run filled from
//! its outlines in place), and the renderer's clips are kept off them: a band's edge moves to a row no box spans
//! (or goes, where every row is spanned), a damaged rectangle grows to hold each box it cuts. A layer drawn in
//! bands of its own keeps its band edges off its content's boxes the same way. The list's own clips cut the same
//! in every frame and are left as they are. Blits (cached layers, glyph cells, runs drawn whole into an image of
//! their own) are cut exactly and give no box.

use std::collections::HashMap;

use super::context::FrameContext;
use super::damage::Damage;
use super::geom::{DeviceRect, LayerShape, crosses_partial_clip};
use super::prepare::corner;
use super::replay::MAX_OUTLINED_PX;
use crate::display_list::{DisplayList, LayerKey, Op, Place, Step, Walk, too_far, walk};
use crate::fonts::FontBook;
use crate::geom::{PixelRect, Rect};

/// The device boxes of the sloped and curved edges that `ctx`'s frame draws in place: the ops from `from` on that
/// are not layers (`None`: none of them), and the content of the leading run's layers when `lead` (the base drawn
/// or redrawn this frame); each cut by the list's own clips and the target.
///
/// `ink` gives a top-level op's device ink when the frame's print has it (see `super::damage`), which spares
/// walking a path's points again.
///
/// `known` holds the boxes of the content of the layers drawn in place in the frame before ([`LayerBoxes`]); the
/// frame's target has no offset.
pub(super) fn tender_boxes(
    ctx: &FrameContext<'_>,
    (from, lead): (Option<usize>, bool),
    ink: &dyn Fn(usize) -> Option<PixelRect>,
    known: &mut LayerBoxes,
) -> Vec<PixelRect> {
    tender_boxes_apart(ctx, (from, lead), ink, known).0
}

/// [`tender_boxes`], and how many of them come before the inspector's overlay (its ops are the list's last, so
/// theirs are the boxes after): the frame's own damage is grown by those alone, so that it counts what the frame
/// drew for itself.
pub(super) fn tender_boxes_apart(
    ctx: &FrameContext<'_>,
    (from, lead): (Option<usize>, bool),
    ink: &dyn Fn(usize) -> Option<PixelRect>,
    known: &mut LayerBoxes,
) -> (Vec<PixelRect>, usize) {
    let mut boxes = Vec::new();
    let mut frame_boxes = None;
    let overlay_from = ctx.list.overlay_from.unwrap_or(usize::MAX);
    let target =
        Target { fonts: ctx.fonts, scale: ctx.mapping.scale, offset: (0.0, 0.0), size: (ctx.width, ctx.height) };
    for visit in walk(ctx.list) {
        if visit.index >= overlay_from && frame_boxes.is_none() {
            frame_boxes = Some(boxes.len());
        }
        let Step::Draw(op) = visit.step else { continue };
        let drawn = from.is_some_and(|from| visit.index >= from);
        let Op::Layer { key, rect, version, content } = op else {
            if drawn {
                op_boxes(&target, op, &visit.place, ink(visit.index), &mut boxes);
            }
            continue;
        };
        // A layer of the base drawn this frame is drawn in place; any other is blitted from its image, but where
        // the replay draws it in place although it is not the base's (too large for an image, or under a list clip
        // whose edge lies inside a pixel).
        let in_place = (lead && ctx.in_place(visit.index))
            || (drawn
                && (LayerShape::too_large(*rect, visit.place.translation, target.scale)
                    || crosses_partial_clip(&visit.place, *rect, target.scale, target.offset)));
        if in_place {
            known.add(&target, (*key, *version, *rect, content), visit.place, &mut boxes);
        }
    }
    let frame_boxes = frame_boxes.unwrap_or(boxes.len());
    (boxes, frame_boxes)
}

/// The boxes of the content of the layers drawn in place this frame and the one before, by what they follow from:
/// a layer's content follows from its key and version (as the layer cache and the base take it), and its boxes
/// from that content, its place and the target. A hover redraws the base's damage in place, and walking every
/// base layer's content again for its boxes was a twentieth of the frame (record 28).
#[derive(Debug, Default)]
pub(super) struct LayerBoxes {
    last: HashMap<PlacedContent, Vec<PixelRect>>,
    now: HashMap<PlacedContent, Vec<PixelRect>>,
}

/// What a layer's content boxes follow from (the bits of its numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct PlacedContent {
    key: LayerKey,
    version: u64,
    rect: [u32; 4],
    translation: [u32; 2],
    translation_f64: [u64; 2],
    clip: Option<[u32; 4]>,
    scale: u32,
    size: (u32, usize),
}

impl LayerBoxes {
    /// Adds to `boxes` those of the layer's content at `place` on `target` (see [`content_boxes`]), as this frame
    /// or the last found them, or walked now.
    fn add(
        &mut self,
        target: &Target<'_>,
        (key, version, rect, content): (LayerKey, u64, Rect, &DisplayList),
        place: Place,
        boxes: &mut Vec<PixelRect>,
    ) {
        let bits = |r: Rect| [r.x.to_bits(), r.y.to_bits(), r.w.to_bits(), r.h.to_bits()];
        let at = PlacedContent {
            key,
            version,
            rect: bits(rect),
            translation: [place.translation.0.to_bits(), place.translation.1.to_bits()],
            translation_f64: [place.translation_f64.0.to_bits(), place.translation_f64.1.to_bits()],
            clip: place.clip.map(bits),
            scale: target.scale.to_bits(),
            size: target.size,
        };
        if let Some(known) = self.now.get(&at) {
            boxes.extend_from_slice(known);
            return;
        }
        let known = self.last.remove(&at).unwrap_or_else(|| {
            let mut known = Vec::new();
            content_boxes(target, content, place.inside(rect), &mut known);
            known
        });
        boxes.extend_from_slice(&known);
        self.now.insert(at, known);
    }

    /// How many layers' boxes it holds.
    #[cfg(test)]
    pub(super) fn known(&self) -> usize {
        self.now.len() + self.last.len()
    }

    /// A frame is drawn: the layers it drew in place are kept for the next, the others forgotten (all kept when it
    /// looked none up).
    pub(super) fn frame_done(&mut self) {
        if !self.now.is_empty() {
            std::mem::swap(&mut self.last, &mut self.now);
            self.now.clear();
        }
    }
}

/// Where a list's pixels land: the frame's target, or a layer's image.
pub(super) struct Target<'a> {
    pub(super) fonts: &'a FontBook,
    /// Device pixels a list pixel.
    pub(super) scale: f32,
    /// Device pixels added after the scale (a layer's sub-pixel shift).
    pub(super) offset: (f32, f32),
    /// The target's width and height in pixels.
    pub(super) size: (u32, usize),
}

impl Target<'_> {
    /// `r` (list pixels, translated and clipped) in device pixels.
    fn device(&self, r: Rect) -> DeviceRect {
        let (s, (ox, oy)) = (self.scale, self.offset);
        DeviceRect { x0: r.x * s + ox, y0: r.y * s + oy, x1: r.right() * s + ox, y1: r.bottom() * s + oy }
    }

    /// Every pixel of the target.
    fn whole(&self) -> PixelRect {
        PixelRect { x: 0, y: 0, w: self.size.0, h: self.size.1 as u32 }
    }
}

/// The device boxes of the sloped and curved edges a list's `content` draws at `place` on `target`, with those of
/// the layers inside it (drawn in place wherever the content is).
pub(super) fn content_boxes(target: &Target<'_>, content: &DisplayList, place: Place, boxes: &mut Vec<PixelRect>) {
    for inner in Walk::new(content, place) {
        match inner.step {
            Step::Draw(Op::Layer { rect, content, .. }) => {
                content_boxes(target, content, inner.place.inside(*rect), boxes);
            }
            Step::Draw(op) => op_boxes(target, op, &inner.place, None, boxes),
            Step::Clip(_) | Step::Translate(..) | Step::Pop | Step::StrayPop => {}
        }
    }
}

/// Adds the device boxes of `op`'s sloped and curved edges at `place` to `boxes` (`ink`: its device ink, when
/// known).
fn op_boxes(target: &Target<'_>, op: &Op, place: &Place, ink: Option<PixelRect>, boxes: &mut Vec<PixelRect>) {
    let (width, height) = (target.size.0, target.size.1 as u32);
    let mut add = |r: Rect| {
        // A pixel of room each side: the edge's anti-aliasing reaches into the pixels beside the box.
        let Some(r) = place.clipped(Rect::new(r.x - 1.0, r.y - 1.0, r.w + 2.0, r.h + 2.0)) else { return };
        if let Some(p) = PixelRect::of_device(&target.device(r), width, height) {
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
        Op::FillRoundRect { rect, radius, .. } => {
            if rect.has_size() {
                corners(*rect, corner(*rect, *radius), &mut add);
            }
        }
        Op::StrokeRoundRect { rect, radius, stroke, .. } => {
            // The ring's outer corners hold its inner ones (see `prepare::stroke_ring`).
            let (r, half) = (corner(*rect, *radius), stroke.width / 2.0);
            if rect.has_size() && (r > 0.0 || stroke.round) {
                corners(rect.inset(-half), r + half, &mut add);
            }
        }
        // Its corners follow the radius from the line's centre: a pixel more each way holds them at any scale.
        Op::Hairline { rect, radius, .. } => {
            if *radius > 0.0 {
                corners(rect.inset(-1.0), radius + 2.0, &mut add);
            }
        }
        // The op's whole ink: its bounds hold a pixel of room for the anti-aliasing already.
        Op::FillCircle { .. } | Op::FillPath { .. } | Op::StrokePath { .. } => {
            match (op.bounds(|f| target.fonts.blend2d_font(f).size()), ink) {
                // The print's ink holds an op too far out for f32 to place (`Place::ink`); without it, such an op
                // is taken to reach every row, as the replay takes it.
                (Some(_), Some(ink)) => boxes.push(ink),
                (Some(b), None) if too_far(b, place.translation) => boxes.push(target.whole()),
                (Some(b), None) => add(b),
                (None, _) => {}
            }
        }
        // A run the replay fills from its outlines in place rather than blitting (see `Replayer::replay`): under a
        // list clip whose edge lies inside a pixel, or too large for an image of its own. A colour face's run is
        // blitted from its cells.
        Op::Glyphs { font, .. } => {
            if target.fonts.is_colour(*font) {
                return;
            }
            let Some(b) = op.bounds(|f| target.fonts.blend2d_font(f).size()) else { return };
            let t = place.translation;
            let d = target.device(Rect::new(b.x + t.0, b.y + t.1, b.w, b.h));
            let area = f64::from(d.x1 - d.x0) * f64::from(d.y1 - d.y0);
            if crosses_partial_clip(place, b, target.scale, target.offset) || area > MAX_OUTLINED_PX {
                add(b);
            }
        }
        // Straight edges along the pixel grid: a rect is cut exactly.
        Op::FillRect { .. } => {}
        // Blitted from its image, or drawn in place through its content's ops (see `tender_boxes`).
        Op::Layer { .. } => {}
        Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => {}
    }
}

/// Moves each band edge that a box spans (a row strictly inside it) to the nearest row none spans, between the
/// edges beside it; an edge that finds none goes, its two bands drawn as one: a frame's pixels must not depend on
/// how many threads drew it.
pub(super) fn keep_boxes_whole(edges: &mut Vec<usize>, boxes: &[PixelRect]) {
    let spanned = |y: usize| boxes.iter().any(|b| (b.y as usize) < y && y < b.bottom() as usize);
    let mut i = 1;
    while i + 1 < edges.len() {
        let (floor, ceiling, edge) = (edges[i - 1], edges[i + 1], edges[i]);
        if !spanned(edge) {
            i += 1;
            continue;
        }
        let reach = (edge - floor.min(edge)).max(ceiling.saturating_sub(edge));
        let nearest = (1..=reach)
            .flat_map(|d| [edge.checked_sub(d).filter(|&y| y >= floor), Some(edge + d).filter(|&y| y <= ceiling)]);
        match nearest.flatten().find(|&y| !spanned(y)) {
            Some(y) => {
                edges[i] = y;
                i += 1;
            }
            None => {
                edges.remove(i);
            }
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
