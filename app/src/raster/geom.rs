//! The ground floor of the renderer: device rectangles, how list pixels map to device pixels, a layer's pixel
//! shape, and where an op can leave ink.

use std::collections::HashMap;

use goldberry_natives::blend2d::Image;

use crate::display_list::{LayerKey, Op, PathCommand, PathData};
use crate::fonts::FontBook;
use crate::geom::Rect;

/// A rectangle of device pixels: `[x0, x1) x [y0, y1)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct DeviceRect {
    pub(super) x0: f32,
    pub(super) y0: f32,
    pub(super) x1: f32,
    pub(super) y1: f32,
}

impl DeviceRect {
    pub(super) fn intersects(&self, other: &DeviceRect) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }

    pub(super) fn of_layer(shape: &LayerShape) -> DeviceRect {
        DeviceRect {
            x0: shape.left,
            y0: shape.top,
            x1: shape.left + shape.width as f32,
            y1: shape.top + shape.height as f32,
        }
    }

    /// The whole pixels of `self` inside a `width` x `height` frame (`None` when none are).
    pub(super) fn clamped(&self, width: u32, height: u32) -> Option<DeviceRect> {
        let r = DeviceRect {
            x0: self.x0.floor().max(0.0),
            y0: self.y0.floor().max(0.0),
            x1: self.x1.ceil().min(width as f32),
            y1: self.y1.ceil().min(height as f32),
        };
        (r.x0 < r.x1 && r.y0 < r.y1).then_some(r)
    }
}

/// How the list's pixels map to device pixels.
#[derive(Debug, Clone, Copy)]
pub(super) struct Mapping {
    pub(super) scale: f32,
}

/// The device pixels a layer's image covers, and what its pixels follow from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct LayerShape {
    pub(super) version: u64,
    /// The whole device pixel the layer's top-left corner falls in (translation included).
    pub(super) left: f32,
    pub(super) top: f32,
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) frac_x: f32,
    pub(super) frac_y: f32,
    pub(super) scale: f32,
    /// The layer's rect's size in list pixels: its content is clipped to it.
    pub(super) size: (f32, f32),
}

/// The longest side of a layer's image, in device pixels.
const MAX_LAYER_SIDE: f32 = 16384.0;

impl LayerShape {
    /// Whether a layer at `rect` under translation `t` and `scale` has pixels but more on a side than an image of
    /// the layer cache may: its content is drawn in place instead (raster fuzz seed 685: it was left out).
    pub(super) fn too_large(rect: Rect, t: (f32, f32), scale: f32) -> bool {
        let (dx, dy) = ((t.0 + rect.x) * scale, (t.1 + rect.y) * scale);
        let width = (dx - dx.floor() + rect.w * scale).ceil();
        let height = (dy - dy.floor() + rect.h * scale).ceil();
        width >= 1.0 && height >= 1.0 && width.is_finite() && height.is_finite() && width.max(height) > MAX_LAYER_SIDE
    }

    /// The pixel shape of a layer drawn at `rect` under translation `t` and `scale`; `None` when it is empty.
    pub(super) fn of(rect: Rect, version: u64, t: (f32, f32), scale: f32) -> Option<LayerShape> {
        let (dx, dy) = ((t.0 + rect.x) * scale, (t.1 + rect.y) * scale);
        let (frac_x, frac_y) = (dx - dx.floor(), dy - dy.floor());
        let width = (frac_x + rect.w * scale).ceil();
        let height = (frac_y + rect.h * scale).ceil();
        if !(width >= 1.0 && height >= 1.0 && width <= MAX_LAYER_SIDE && height <= MAX_LAYER_SIDE) {
            return None;
        }
        Some(LayerShape {
            version,
            left: dx.floor(),
            top: dy.floor(),
            width: width as u32,
            height: height as u32,
            frac_x,
            frac_y,
            scale,
            size: (rect.w, rect.h),
        })
    }

    /// Whether a layer rasterized as `self` can be blitted for `other`: same content, pixel size, sub-pixel
    /// offset and scale (a move by whole pixels only moves the blit).
    pub(super) fn reusable_for(&self, other: &LayerShape) -> bool {
        LayerShape { left: other.left, top: other.top, ..*self } == *other
    }
}

/// A layer rasterized into an image at `shape`.
#[derive(Debug)]
pub(super) struct CachedLayer {
    pub(super) shape: LayerShape,
    pub(super) image: Image,
    /// Whether this frame draws it (the others are evicted).
    pub(super) used: bool,
}

/// Layer images by key: the layer cache's, or those a band rasterized itself.
pub(super) type LayerImages = HashMap<LayerKey, CachedLayer>;

/// Where `op` can leave ink, in its list's pixels (before the translation in effect), with room for
/// anti-aliasing; `None` for the ops that only change state.
pub(super) fn op_bounds(op: &Op, fonts: &FontBook) -> Option<Rect> {
    let grow = |r: Rect, d: f32| Rect::new(r.x - d, r.y - d, r.w + 2.0 * d, r.h + 2.0 * d);
    match op {
        Op::FillRect { rect, .. } | Op::FillRoundRect { rect, .. } => Some(grow(*rect, 1.0)),
        Op::StrokeRoundRect { rect, stroke, .. } => Some(grow(*rect, stroke.width / 2.0 + 1.0)),
        // Snapped inside its rect: a pixel of room for the rect's pixels it lies in, as for a fill.
        Op::Hairline { rect, .. } => Some(grow(*rect, 1.0)),
        Op::FillCircle { cx, cy, r, .. } => Some(grow(Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r), 1.0)),
        Op::FillPath { path, .. } => path_bounds(path).map(|r| grow(r, 1.0)),
        // A mitred join reaches up to the miter limit (Blend2D's default: 4) times half the width.
        Op::StrokePath { path, stroke, .. } => path_bounds(path).map(|r| grow(r, 2.0 * stroke.width + 1.0)),
        Op::Glyphs { font, x, y, run, .. } => {
            let size = fonts.blend2d_font(*font).size();
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

/// The box of a path's points (curves stay inside their control points' box); `None` for an empty path.
fn path_bounds(path: &PathData) -> Option<Rect> {
    let mut bounds: Option<(f32, f32, f32, f32)> = None;
    let mut add = |x: f32, y: f32| {
        bounds = Some(match bounds {
            None => (x, y, x, y),
            Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
        });
    };
    for command in &path.commands {
        match *command {
            PathCommand::MoveTo(x, y) | PathCommand::LineTo(x, y) => add(x, y),
            PathCommand::QuadTo(x1, y1, x, y) => {
                add(x1, y1);
                add(x, y);
            }
            PathCommand::CubicTo(x1, y1, x2, y2, x, y) => {
                add(x1, y1);
                add(x2, y2);
                add(x, y);
            }
            PathCommand::Close => {}
        }
    }
    bounds.map(|(x0, y0, x1, y1)| Rect::new(x0, y0, x1 - x0, y1 - y0))
}
