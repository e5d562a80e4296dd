//! The display list: what painting records, as plain Rust data, and what raster replays through the natives.
//!
//! The scene and the HUD record [`Op`]s into a [`DisplayList`] through its methods, one per op ([`DisplayList::clip`]
//! and [`DisplayList::translate`] wrap what they record, so that every push has its pop); the raster module replays
//! them on one or several Blend2D contexts (one per band). Content that does not change from frame to frame is
//! recorded inside a [`Op::Layer`]: raster keeps it as an offscreen image keyed by [`LayerKey`] and re-rasterizes it
//! only when its `version`, size or scale changes, blitting it otherwise.
//!
//! Every pass over a list (layer discovery, costs, glyph collection, replay, the base's damage) is a loop over
//! one [`Walk`]: it yields each op with the translation and clip in effect, so no pass keeps a stack of its own.
//!
//! The ops and their facts are in `op` (one exhaustive match per fact), what they draw with in `paint`, the walk
//! in `walk`; this file holds the list and its recording methods.

mod op;
mod paint;
mod walk;

use std::ops::Range;
use std::sync::Arc;

use crate::geom::{Color, FontId, Rect};

use goldberry_natives::glyphs::GlyphRun;

pub use op::{LayerKey, Op, OpKind, Shared, hash_f32s, hash_rect};
pub use paint::{Paint, PathCommand, PathData, Stop, Stroke};
pub use walk::{Place, Step, Visit, Walk, too_far, walk};

/// A recorded frame (or layer): ops in painting order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DisplayList {
    pub ops: Vec<Op>,
    /// Whether the list's leading layers (the run of layers it starts with, which raster keeps as its base)
    /// paint every pixel of the frame opaquely, on whole pixels, so that a frame drawn from scratch need not be
    /// cleared first. False (the default) unless whoever records the list knows it; the scene does.
    pub opaque_lead: bool,
    /// Which of its ops scroll in a viewport, and how far (a screen that scrolls says so).
    pub scroll: Option<ScrollHint>,
    /// Where the inspector's overlay starts: the ops from this index on draw over the frame, and raster counts
    /// their damage apart from the frame's (`crate::raster::FrameDamage`).
    pub overlay_from: Option<usize>,
    /// Ranges of `ops` that draw a secret the person chose to show (a revealed password's text): drawn as any
    /// other op, but never written down: a recording writes their glyph runs with no glyphs
    /// (`crate::recording::redact`).
    pub secret: Vec<Range<usize>>,
}

/// Which ops of a list scroll, where, and how far (raster's blit-scroll, `crate::raster`): the promise is that inside the viewport, the ops
/// before the scrolled run paint one colour, so moving the pixels the scrolled ops left there moves nothing else.
#[derive(Debug, Clone, PartialEq)]
pub struct ScrollHint {
    /// The viewport the scrolled ops are clipped to, in list pixels (whole device pixels, or no blit is made).
    pub viewport: Rect,
    /// How far the ops are scrolled, in list pixels: they sit under a translation of minus this.
    pub offset: f32,
    /// The scrolled ops, the viewport's clip and the translation included; nothing else draws between them.
    pub ops: Range<usize>,
}

impl DisplayList {
    /// An empty list.
    pub fn new() -> DisplayList {
        DisplayList::default()
    }

    /// Empties the list for the next frame.
    pub fn clear(&mut self) {
        self.ops.clear();
        self.opaque_lead = false;
        self.scroll = None;
        self.overlay_from = None;
        self.secret.clear();
    }

    /// Appends an op.
    pub fn push(&mut self, op: Op) {
        self.ops.push(op);
    }

    /// Fills `rect` with `paint` (a colour or a gradient).
    pub fn fill_rect(&mut self, rect: Rect, paint: impl Into<Paint>) {
        self.push(Op::FillRect { rect, paint: paint.into() });
    }

    /// Fills `rect` with its corners rounded to `radius`.
    pub fn fill_round_rect(&mut self, rect: Rect, radius: f32, paint: impl Into<Paint>) {
        self.push(Op::FillRoundRect { rect, radius, paint: paint.into() });
    }

    /// Strokes the outline of `rect` with its corners rounded to `radius`, the stroke centred on that outline.
    pub fn stroke_round_rect(&mut self, rect: Rect, radius: f32, stroke: Stroke, paint: impl Into<Paint>) {
        self.push(Op::StrokeRoundRect { rect, radius, stroke, paint: paint.into() });
    }

    /// Strokes a one-device-pixel outline just inside `rect`, corners rounded to `radius` (the line's own, at its
    /// centre at 1x). Raster puts its edges on whole device pixels at every scale (record 16), so that it covers
    /// one row of pixels, not two at 2x nor half of two (a blur) at 1.5x or off a whole pixel.
    pub fn hairline(&mut self, rect: Rect, radius: f32, color: Color) {
        self.push(Op::Hairline { rect, radius, color });
    }

    /// Fills the circle of radius `r` centred on (`cx`, `cy`).
    pub fn fill_circle(&mut self, cx: f32, cy: f32, r: f32, paint: impl Into<Paint>) {
        self.push(Op::FillCircle { cx, cy, r, paint: paint.into() });
    }

    /// Fills `path` (a new one, or one shared through its `Arc`).
    pub fn fill_path(&mut self, path: impl Into<Arc<PathData>>, paint: impl Into<Paint>) {
        self.push(Op::FillPath { path: path.into(), paint: paint.into() });
    }

    /// Strokes `path` (a new one, or one shared through its `Arc`).
    pub fn stroke_path(&mut self, path: impl Into<Arc<PathData>>, stroke: Stroke, paint: impl Into<Paint>) {
        self.push(Op::StrokePath { path: path.into(), stroke, paint: paint.into() });
    }

    /// Draws `run`, shaped in `font`, with its baseline origin at (`x`, `y`) as given (not rounded, even if empty).
    pub fn glyphs(&mut self, font: FontId, x: f32, y: f32, run: impl Into<Arc<GlyphRun>>, color: Color) {
        self.push(Op::Glyphs { font, x, y, run: run.into(), color });
    }

    /// Records what `record` records clipped to `rect` (a push before it, a pop after) and returns its result.
    pub fn clip<R>(&mut self, rect: Rect, record: impl FnOnce(&mut DisplayList) -> R) -> R {
        self.push(Op::PushClip(rect));
        let out = record(self);
        self.push(Op::PopClip);
        out
    }

    /// Records what `record` records as a secret (see [`DisplayList::secret`]) and returns its result.
    pub fn record_secret<R>(&mut self, record: impl FnOnce(&mut DisplayList) -> R) -> R {
        let start = self.ops.len();
        let out = record(self);
        self.secret.push(start..self.ops.len());
        out
    }

    /// Records what `record` records offset by (`dx`, `dy`) (a push before it, a pop after) and returns its result.
    pub fn translate<R>(&mut self, dx: f32, dy: f32, record: impl FnOnce(&mut DisplayList) -> R) -> R {
        self.push(Op::PushTranslate(dx, dy));
        let out = record(self);
        self.push(Op::PopTranslate);
        out
    }

    /// Draws the retained layer `key` at `rect`: `content`, re-rasterized only when `version` or the size changes.
    pub fn layer(&mut self, key: LayerKey, rect: Rect, version: u64, content: impl Into<Arc<DisplayList>>) {
        self.push(Op::Layer { key, rect, version, content: content.into() });
    }

    /// The number of ops, counting those inside layers.
    pub fn deep_len(&self) -> usize {
        self.ops.iter().map(|op| 1 + op.content().map_or(0, DisplayList::deep_len)).sum()
    }

    /// The number of glyphs drawn, counting those inside layers.
    pub fn glyph_count(&self) -> usize {
        self.ops
            .iter()
            .map(|op| match (op, op.content()) {
                (Op::Glyphs { run, .. }, _) => run.len(),
                (_, Some(content)) => content.glyph_count(),
                (_, None) => 0,
            })
            .sum()
    }
}
