//! The ops: one enum, and every fact raster needs of an op that follows from the op alone, each matched over every
//! op so that a new op is named by the compiler here first: whether its numbers are finite, where it can leave ink,
//! the paint it needs built (a gradient), what of it a frame's print hashes, and which kind of work it is. The facts
//! that need raster's own types (its cost, the boxes a clip must not cut, how it is replayed) are matched over
//! every op in one raster file each, and its encoding in `crate::recording`'s ops.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use goldberry_natives::glyphs::GlyphRun;

use super::DisplayList;
use super::paint::{Paint, PathData, Stroke};
use crate::geom::{Color, FontId, Rect};

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

    /// Where the op can leave ink, in its list's pixels (before the translation in effect), with room for
    /// anti-aliasing; `None` for the ops that only change state (and a glyph run of a face with no size). A glyph
    /// run's reach follows the size `em` gives its font (the font book's, which the list does not see).
    pub fn bounds(&self, em: impl Fn(FontId) -> f32) -> Option<Rect> {
        let grow = |r: Rect, d: f32| Rect::new(r.x - d, r.y - d, r.w + 2.0 * d, r.h + 2.0 * d);
        match self {
            Op::FillRect { rect, .. } | Op::FillRoundRect { rect, .. } => Some(grow(*rect, 1.0)),
            Op::StrokeRoundRect { rect, stroke, .. } => Some(grow(*rect, stroke.width / 2.0 + 1.0)),
            // Snapped inside its rect: a pixel of room for the rect's pixels it lies in, as for a fill.
            Op::Hairline { rect, .. } => Some(grow(*rect, 1.0)),
            Op::FillCircle { cx, cy, r, .. } => Some(grow(Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r), 1.0)),
            Op::FillPath { path, .. } => path.bounds().map(|r| grow(r, 1.0)),
            // A mitred join reaches up to the miter limit (Blend2D's default: 4) times half the width.
            Op::StrokePath { path, stroke, .. } => path.bounds().map(|r| grow(r, 2.0 * stroke.width + 1.0)),
            Op::Glyphs { font, x, y, run, .. } => {
                let size = em(*font);
                if run.units_per_em == 0 || !size.is_finite() {
                    return None;
                }
                let advance: i64 = run.placements.iter().map(|p| i64::from(p.advance_x)).sum();
                let width = advance as f32 * size / run.units_per_em as f32;
                // Glyphs may reach past their advance and above the ascent (accents): an em of room on each side.
                Some(Rect::new(x - size, y - 1.5 * size, width.abs() + 2.0 * size, 2.5 * size))
            }
            Op::Layer { rect, .. } => Some(grow(*rect, 1.0)),
            Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => None,
        }
    }

    /// The paint the op fills or strokes with, which raster builds a gradient of before the bands draw (`None`:
    /// the op draws with a plain colour of its own, or does not draw).
    pub fn paint(&self) -> Option<&Paint> {
        match self {
            Op::FillRect { paint, .. }
            | Op::FillRoundRect { paint, .. }
            | Op::StrokeRoundRect { paint, .. }
            | Op::FillCircle { paint, .. }
            | Op::FillPath { paint, .. }
            | Op::StrokePath { paint, .. } => Some(paint),
            Op::Hairline { .. } | Op::Glyphs { .. } | Op::Layer { .. } => None,
            Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => None,
        }
    }

    /// The list a layer holds (`None`: the op holds none).
    pub fn content(&self) -> Option<&DisplayList> {
        match self {
            Op::Layer { content, .. } => Some(content),
            Op::FillRect { .. }
            | Op::FillRoundRect { .. }
            | Op::StrokeRoundRect { .. }
            | Op::Hairline { .. }
            | Op::FillCircle { .. }
            | Op::FillPath { .. }
            | Op::StrokePath { .. }
            | Op::Glyphs { .. } => None,
            Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => None,
        }
    }

    /// Which kind of work the op is (the flame's spans, the peers' text and shape parts). The glyph collection, the
    /// flame strip's run lookup and the recorder's redaction go by it and then read the fields of `Op::Glyphs` and
    /// `Op::Layer`: a new op of either of those kinds must be added to them by hand.
    pub fn kind(&self) -> OpKind {
        match self {
            Op::FillRect { .. }
            | Op::FillRoundRect { .. }
            | Op::StrokeRoundRect { .. }
            | Op::Hairline { .. }
            | Op::FillCircle { .. }
            | Op::FillPath { .. }
            | Op::StrokePath { .. } => OpKind::Shape,
            Op::Glyphs { .. } => OpKind::Glyphs,
            Op::Layer { .. } => OpKind::Layer,
            Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => OpKind::State,
        }
    }

    /// Hashes what the op draws but the data it shares (a path, a glyph run), which it returns to be compared
    /// apart; a layer is its key, version and rect. Two ops that hash alike and share the same data draw alike.
    pub fn hash_drawn(&self, h: &mut impl Hasher) -> Shared {
        std::mem::discriminant(self).hash(h);
        match self {
            Op::FillRect { rect, paint } => {
                hash_rect(rect, h);
                hash_paint(paint, h);
            }
            Op::FillRoundRect { rect, radius, paint } => {
                hash_rect(rect, h);
                hash_f32s(&[*radius], h);
                hash_paint(paint, h);
            }
            Op::StrokeRoundRect { rect, radius, stroke, paint } => {
                hash_rect(rect, h);
                hash_f32s(&[*radius, stroke.width], h);
                stroke.round.hash(h);
                hash_paint(paint, h);
            }
            Op::Hairline { rect, radius, color } => {
                hash_rect(rect, h);
                hash_f32s(&[*radius], h);
                color.hash(h);
            }
            Op::FillCircle { cx, cy, r, paint } => {
                hash_f32s(&[*cx, *cy, *r], h);
                hash_paint(paint, h);
            }
            Op::FillPath { path, paint } => {
                hash_paint(paint, h);
                return Shared::Path(Arc::clone(path));
            }
            Op::StrokePath { path, stroke, paint } => {
                hash_f32s(&[stroke.width], h);
                stroke.round.hash(h);
                hash_paint(paint, h);
                return Shared::Path(Arc::clone(path));
            }
            Op::Glyphs { font, x, y, run, color } => {
                font.hash(h);
                hash_f32s(&[*x, *y], h);
                color.hash(h);
                return Shared::Run(Arc::clone(run));
            }
            Op::Layer { key, rect, version, .. } => {
                key.hash(h);
                hash_rect(rect, h);
                version.hash(h);
            }
            Op::PushClip(r) => hash_rect(r, h),
            Op::PushTranslate(dx, dy) => hash_f32s(&[*dx, *dy], h),
            Op::PopClip | Op::PopTranslate => {}
        }
        Shared::None
    }
}

/// Which kind of work an op is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpKind {
    /// A fill or a stroke of a shape (a rect, a circle, a path, a hairline).
    Shape,
    /// A glyph run.
    Glyphs,
    /// A retained layer (blitted, or drawn in place).
    Layer,
    /// A clip, a translation or a pop.
    State,
}

/// The heap data an op shares, compared apart from its hash ([`Op::hash_drawn`]); a frame's print keeps it alive,
/// so that the same pointer means the same data.
#[derive(Debug, Clone)]
pub enum Shared {
    None,
    Path(Arc<PathData>),
    Run(Arc<GlyphRun>),
}

impl Shared {
    /// Whether two ops share the same data, or equal data.
    pub fn same(&self, other: &Shared) -> bool {
        match (self, other) {
            (Shared::None, Shared::None) => true,
            (Shared::Path(a), Shared::Path(b)) => Arc::ptr_eq(a, b) || a == b,
            (Shared::Run(a), Shared::Run(b)) => Arc::ptr_eq(a, b) || a == b,
            (Shared::None | Shared::Path(_) | Shared::Run(_), _) => false,
        }
    }
}

/// Hashes numbers by their bits (a NaN hashes as itself).
pub fn hash_f32s(values: &[f32], h: &mut impl Hasher) {
    for v in values {
        h.write_u32(v.to_bits());
    }
}

/// Hashes a rect by its numbers' bits.
pub fn hash_rect(r: &Rect, h: &mut impl Hasher) {
    hash_f32s(&[r.x, r.y, r.w, r.h], h);
}

fn hash_paint(paint: &Paint, h: &mut impl Hasher) {
    std::mem::discriminant(paint).hash(h);
    let stops = match paint {
        Paint::Solid(color) => return color.hash(h),
        Paint::Linear { x0, y0, x1, y1, stops } => {
            hash_f32s(&[*x0, *y0, *x1, *y1], h);
            stops
        }
        Paint::Radial { cx, cy, r, stops } => {
            hash_f32s(&[*cx, *cy, *r], h);
            stops
        }
    };
    h.write_usize(stops.len());
    for stop in stops {
        hash_f32s(&[stop.offset], h);
        stop.color.hash(h);
    }
}
