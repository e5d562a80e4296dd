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

use std::ops::Range;
use std::sync::Arc;

use crate::geom::{Color, FontId, Rect};

use goldberry_natives::glyphs::GlyphRun;

/// One colour stop of a gradient: offset in 0..=1 and colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stop {
    /// Where along the gradient, 0 to 1.
    pub offset: f32,
    pub color: Color,
}

/// How a shape is filled or stroked.
#[derive(Debug, Clone, PartialEq)]
pub enum Paint {
    /// One colour.
    Solid(Color),
    /// A linear gradient from (x0, y0) to (x1, y1).
    Linear { x0: f32, y0: f32, x1: f32, y1: f32, stops: Vec<Stop> },
    /// A radial gradient centred on (cx, cy) with radius r.
    Radial { cx: f32, cy: f32, r: f32, stops: Vec<Stop> },
}

/// One command of a path, in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PathCommand {
    /// Starts a new figure.
    MoveTo(f32, f32),
    /// A straight segment.
    LineTo(f32, f32),
    /// A quadratic Bézier: control, end.
    QuadTo(f32, f32, f32, f32),
    /// A cubic Bézier: control 1, control 2, end.
    CubicTo(f32, f32, f32, f32, f32, f32),
    /// Closes the figure.
    Close,
}

/// A path as data; raster turns it into a Blend2D path when it replays the op.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PathData {
    pub commands: Vec<PathCommand>,
}

impl From<Color> for Paint {
    /// A colour paints solid.
    fn from(color: Color) -> Paint {
        Paint::Solid(color)
    }
}

/// How a stroke is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    /// Line width in pixels.
    pub width: f32,
    /// Round caps and joins (otherwise butt caps, miter joins).
    pub round: bool,
}

/// Names a retained layer across frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LayerKey(pub u64);

/// One recorded drawing operation.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// Fills a rectangle.
    FillRect { rect: Rect, paint: Paint },
    /// Fills a rounded rectangle.
    FillRoundRect { rect: Rect, radius: f32, paint: Paint },
    /// Strokes a rounded rectangle's outline.
    StrokeRoundRect { rect: Rect, radius: f32, stroke: Stroke, paint: Paint },
    /// A one-device-pixel outline just inside `rect`, its edges on whole device pixels at every scale, corners
    /// following `radius` (the line's centre at 1x); see [`DisplayList::hairline`].
    Hairline { rect: Rect, radius: f32, color: Color },
    /// Fills a circle.
    FillCircle { cx: f32, cy: f32, r: f32, paint: Paint },
    /// Fills a path.
    FillPath { path: Arc<PathData>, paint: Paint },
    /// Strokes a path.
    StrokePath { path: Arc<PathData>, stroke: Stroke, paint: Paint },
    /// Draws a shaped glyph run with its baseline origin at (x, y).
    Glyphs {
        /// The font (same face and size it was shaped with).
        font: FontId,
        x: f32,
        y: f32,
        run: Arc<GlyphRun>,
        color: Color,
    },
    /// Restricts the following ops to `rect` (intersected with the current clip) until the matching `PopClip`.
    PushClip(Rect),
    /// Ends the innermost `PushClip` (in a well-formed list: any pop ends the innermost push, of either kind).
    PopClip,
    /// Offsets the following ops by (dx, dy) until the matching `PopTranslate`.
    PushTranslate(f32, f32),
    /// Ends the innermost `PushTranslate` (see [`Op::PopClip`]).
    PopTranslate,
    /// Content kept as an offscreen image between frames, drawn at `rect`.
    Layer {
        key: LayerKey,
        /// Where it is drawn; its size is the offscreen image's size. The content's coordinates are relative
        /// to the rect's top-left corner.
        rect: Rect,
        /// Changes whenever the content changes; same key, version and size means the cached image is reused.
        version: u64,
        /// What the layer holds.
        content: Arc<DisplayList>,
    },
}

impl Paint {
    /// Whether every number of the paint (a gradient's geometry and stop offsets) is finite.
    pub fn is_finite(&self) -> bool {
        let stops = |stops: &[Stop]| stops.iter().all(|s| s.offset.is_finite());
        match self {
            Paint::Solid(_) => true,
            Paint::Linear { x0, y0, x1, y1, stops: s } => [x0, y0, x1, y1].iter().all(|v| v.is_finite()) && stops(s),
            Paint::Radial { cx, cy, r, stops: s } => [cx, cy, r].iter().all(|v| v.is_finite()) && stops(s),
        }
    }
}

impl Op {
    /// Whether every number the op draws with is finite: raster draws nothing for an op that has a NaN or an
    /// infinity (it names no place; Blend2D's beta crashed on some), nor for one whose paint has one. Paths are
    /// checked where they are built (a path's points are many).
    pub fn is_finite(&self) -> bool {
        match self {
            Op::FillRect { rect, paint } => rect.is_finite() && paint.is_finite(),
            Op::FillRoundRect { rect, radius, paint } => rect.is_finite() && radius.is_finite() && paint.is_finite(),
            Op::StrokeRoundRect { rect, radius, stroke, paint } => {
                rect.is_finite() && radius.is_finite() && stroke.width.is_finite() && paint.is_finite()
            }
            Op::Hairline { rect, radius, .. } => rect.is_finite() && radius.is_finite(),
            Op::FillCircle { cx, cy, r, paint } => [cx, cy, r].iter().all(|v| v.is_finite()) && paint.is_finite(),
            Op::FillPath { paint, .. } => paint.is_finite(),
            Op::StrokePath { stroke, paint, .. } => stroke.width.is_finite() && paint.is_finite(),
            Op::Glyphs { x, y, .. } => x.is_finite() && y.is_finite(),
            Op::PushClip(rect) | Op::Layer { rect, .. } => rect.is_finite(),
            Op::PushTranslate(dx, dy) => dx.is_finite() && dy.is_finite(),
            Op::PopClip | Op::PopTranslate => true,
        }
    }
}

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
        self.ops
            .iter()
            .map(|op| match op {
                Op::Layer { content, .. } => 1 + content.deep_len(),
                _ => 1,
            })
            .sum()
    }

    /// The number of glyphs drawn, counting those inside layers.
    pub fn glyph_count(&self) -> usize {
        self.ops
            .iter()
            .map(|op| match op {
                Op::Glyphs { run, .. } => run.len(),
                Op::Layer { content, .. } => content.glyph_count(),
                _ => 0,
            })
            .sum()
    }
}

/// Where an op of a walked list is drawn: the translations and clips around it, summed.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Place {
    /// The translation in effect, in list pixels, summed in `f32` (layer shapes and bounds follow from it).
    pub translation: (f32, f32),
    /// The same translation summed in `f64`, as a Blend2D context sums it (glyph positions follow from it).
    pub translation_f64: (f64, f64),
    /// The clips in effect, intersected, in list pixels with their translations applied (`None`: no clip; an
    /// empty rect when they do not overlap).
    pub clip: Option<Rect>,
}

impl Place {
    /// `r` (list pixels before the translation) translated and cut by the clip; `None` when the clip hides it.
    pub fn clipped(&self, r: Rect) -> Option<Rect> {
        let r = Rect::new(r.x + self.translation.0, r.y + self.translation.1, r.w, r.h);
        match self.clip {
            Some(clip) => clip.intersection(r),
            None => Some(r),
        }
    }

    /// The place of a layer's content drawn at `rect` from here: its origin at the rect's corner, clipped to it.
    pub fn inside(&self, rect: Rect) -> Place {
        Place {
            translation: (self.translation.0 + rect.x, self.translation.1 + rect.y),
            translation_f64: (self.translation_f64.0 + f64::from(rect.x), self.translation_f64.1 + f64::from(rect.y)),
            clip: Some(self.clipped(rect).unwrap_or_default()),
        }
    }
}

/// What one op does in a [`Walk`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Step<'l> {
    /// Draws (any op but a push or a pop; a layer too).
    Draw(&'l Op),
    /// `PushClip(rect)`, `rect` in list pixels before the translation.
    Clip(Rect),
    /// `PushTranslate(dx, dy)`.
    Translate(f32, f32),
    /// A pop that ends the innermost push, whatever its kind.
    Pop,
    /// A pop with no push open: it changes nothing.
    StrayPop,
}

/// One op of a [`Walk`]: its index in the list, what it does, and the place in effect once it is done (for a
/// drawing op, where it draws).
#[derive(Debug, Clone, Copy)]
pub struct Visit<'l> {
    /// The op's index in the list.
    pub index: usize,
    /// What it does.
    pub step: Step<'l>,
    /// The translation and clip in effect after it.
    pub place: Place,
}

/// The one walk over a list's ops (see the module docs): an iterator of [`Visit`]s. It stops where it is told
/// (`walk.by_ref().take(n)`) and goes on from there; layers are not entered (a pass that draws a layer's content
/// walks it from [`Place::inside`] the layer).
#[derive(Debug, Clone)]
pub struct Walk<'l> {
    ops: &'l [Op],
    next: usize,
    place: Place,
    /// The place before each open push.
    saved: Vec<Place>,
}

impl<'l> Walk<'l> {
    /// A walk over `list` from its first op, its origin at `place`.
    pub fn new(list: &'l DisplayList, place: Place) -> Walk<'l> {
        Walk { ops: &list.ops, next: 0, place, saved: Vec::new() }
    }

    /// How many pushes are open (a replay restores that many at the end of a list left unbalanced).
    pub fn depth(&self) -> usize {
        self.saved.len()
    }
}

impl<'l> Iterator for Walk<'l> {
    type Item = Visit<'l>;

    #[inline]
    fn next(&mut self) -> Option<Visit<'l>> {
        let index = self.next;
        let op = self.ops.get(index)?;
        self.next = index + 1;
        let step = match op {
            Op::PushClip(r) => {
                self.saved.push(self.place);
                self.place.clip = Some(self.place.clipped(*r).unwrap_or_default());
                Step::Clip(*r)
            }
            Op::PushTranslate(dx, dy) => {
                self.saved.push(self.place);
                let (t, t64) = (self.place.translation, self.place.translation_f64);
                self.place.translation = (t.0 + dx, t.1 + dy);
                self.place.translation_f64 = (t64.0 + f64::from(*dx), t64.1 + f64::from(*dy));
                Step::Translate(*dx, *dy)
            }
            Op::PopClip | Op::PopTranslate => match self.saved.pop() {
                Some(place) => {
                    self.place = place;
                    Step::Pop
                }
                None => Step::StrayPop,
            },
            op => Step::Draw(op),
        };
        Some(Visit { index, step, place: self.place })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.ops.len() - self.next;
        (left, Some(left))
    }
}

/// A walk over `list` from its origin (see [`Walk`]).
pub fn walk(list: &DisplayList) -> Walk<'_> {
    Walk::new(list, Place::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_yields_each_op_with_the_translation_and_clip_around_it() {
        let fill = Op::FillRect { rect: Rect::new(0.0, 0.0, 10.0, 10.0), paint: Paint::Solid(Color::rgb(1, 2, 3)) };
        let list = DisplayList {
            ops: vec![
                Op::PushTranslate(10.0, 20.0),
                Op::PushClip(Rect::new(0.0, 0.0, 5.0, 5.0)),
                fill.clone(),
                Op::PopClip,
                fill.clone(),
                Op::PopTranslate,
                Op::PopClip,
                fill,
            ],
            opaque_lead: false,
            scroll: None,
            overlay_from: None,
        };
        let mut walk = walk(&list);
        let visits: Vec<Visit<'_>> = walk.by_ref().take(3).collect();
        assert_eq!(walk.depth(), 2);
        assert_eq!(visits[2].place.translation, (10.0, 20.0));
        assert_eq!(visits[2].place.translation_f64, (10.0, 20.0));
        assert_eq!(visits[2].place.clip, Some(Rect::new(10.0, 20.0, 5.0, 5.0)));
        // The walk goes on where it stopped.
        let steps: Vec<(usize, Step<'_>)> = walk.map(|v| (v.index, v.step)).collect();
        assert_eq!(steps[0], (3, Step::Pop));
        assert_eq!((steps[3].1, steps[4].0), (Step::StrayPop, 7));
        let last = walk_places(&list);
        assert_eq!(last[4], Place { translation: (10.0, 20.0), translation_f64: (10.0, 20.0), clip: None });
        assert_eq!(last[7], Place::default());
        // A layer's content is walked from inside it: its origin at the rect's corner, clipped to it.
        let inner = last[2].inside(Rect::new(1.0, 2.0, 100.0, 100.0));
        assert_eq!(inner.translation, (11.0, 22.0));
        assert_eq!(inner.clip, Some(Rect::new(11.0, 22.0, 4.0, 3.0)));
        assert_eq!(inner.clipped(Rect::new(50.0, 0.0, 1.0, 1.0)), None);
    }

    fn walk_places(list: &DisplayList) -> Vec<Place> {
        walk(list).map(|v| v.place).collect()
    }
}
