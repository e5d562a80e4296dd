//! The ground floor of the renderer: device rectangles, how list pixels map to device pixels, a layer's pixel
//! shape, and where a list's clip edge lies inside a device pixel.

use std::collections::HashMap;

use goldberry_natives::blend2d::Image;

use crate::display_list::{LayerKey, Place};
use crate::geom::{Rect, partial_edge_crosses};

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

/// Whether the device box of `b` (list pixels, under `place`'s translation), at `scale` and then `offset` device
/// pixels (a layer's sub-pixel shift), crosses an edge of `place`'s clips that lies inside a device pixel: a layer
/// or a glyph run there is drawn in place from its outlines, since a blit of its image under that edge would scale
/// each pixel by the clip's share of it (see [`partial_edge_crosses`]). Decided by the list's clips alone, never the band's or the
/// damage's (whole pixels), so that a frame drawn in bands, or over the frame before, draws each op as a fresh
/// frame does; the replay and the band cuts ask it alike, so that the cuts keep off what the replay draws in place.
pub(super) fn crosses_partial_clip(place: &Place, b: Rect, scale: f32, offset: (f32, f32)) -> bool {
    let Some(clip) = place.clip else { return false };
    let (s, f) = (f64::from(scale), f64::from);
    // List pixels (translated by `t`) to device pixels.
    let device = |r: Rect, (tx, ty): (f64, f64)| {
        let (ox, oy) = (f(offset.0), f(offset.1));
        [(f(r.x) + tx) * s + ox, (f(r.y) + ty) * s + oy, (f(r.right()) + tx) * s + ox, (f(r.bottom()) + ty) * s + oy]
    };
    let t = (f(place.translation.0), f(place.translation.1));
    partial_edge_crosses(device(clip, (0.0, 0.0)), device(b, t))
}
