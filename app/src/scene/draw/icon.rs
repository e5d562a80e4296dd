//! An icon of the set drawn in the scene: its stroked path and the glow behind it. Both the chrome and the
//! cards draw icons.

use crate::display_list::{DisplayList, Paint, Stop, Stroke};
use crate::geom::{Color, Rect};
use crate::scene::icons::{IconName, Icons};

/// Whether an icon has a soft radial glow behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Glow {
    /// A glow of the icon's colour.
    Behind,
    /// The icon alone.
    None,
}

/// An icon stroked in `color`, at scale `s`, with its `glow`.
pub fn icon(list: &mut DisplayList, icons: &Icons, name: IconName, rect: Rect, color: Color, s: f32, glow: Glow) {
    let (cx, cy) = (rect.x + rect.w / 2.0, rect.y + rect.h / 2.0);
    if glow == Glow::Behind {
        let stops = vec![
            Stop { offset: 0.0, color: color.with_alpha(0x48) },
            Stop { offset: 1.0, color: color.with_alpha(0x00) },
        ];
        radial_glow(list, cx, cy, rect.w * 0.95, stops);
    }
    let stroke = Stroke { width: (1.8 * rect.w / 24.0).max(1.0 * s), round: true };
    list.stroke_path(icons.at(name, rect.x, rect.y, rect.w), stroke, color);
}

/// A soft glow of radius `r` around (`cx`, `cy`): a radial gradient through `stops`, which end transparent.
pub fn radial_glow(list: &mut DisplayList, cx: f32, cy: f32, r: f32, stops: Vec<Stop>) {
    // The circle's box on whole pixels, not the circle: the gradient is transparent from `r` out (its last stop),
    // and Blend2D fills a whole-pixel box with no edge to rasterize, where a circle is a path (record 9).
    let (x0, y0) = ((cx - r).floor(), (cy - r).floor());
    let rect = Rect::new(x0, y0, (cx + r).ceil() - x0, (cy + r).ceil() - y0);
    list.fill_rect(rect, Paint::Radial { cx, cy, r, stops });
}
