//! The display list's colours, rects, paths, paints and strokes as vello_cpu's: the one conversion that both
//! `goldberry replay --against vello_cpu` (`crate::shell::against_vello`, the lib's `vello` feature) and the peers
//! bench's vello_cpu renderer (`app/benches/peers/vello.rs`) draw through. Each includes this file as a module of
//! its own, since the peers bench is also compiled into the raster fuzz, which a plain `cargo test` (no `vello`
//! feature) runs; the includer imports the list's types this file names.

use vello_cpu::RenderContext;
use vello_cpu::color::{AlphaColor, Srgb};
use vello_cpu::kurbo::{self, BezPath, Cap, Join};
use vello_cpu::peniko;

use super::{Color, Paint, PathCommand, PathData, Rect, Stop, Stroke};

/// A list colour (ARGB, not premultiplied) as vello_cpu's.
pub fn color(c: Color) -> AlphaColor<Srgb> {
    let [a, r, g, b] = c.0.to_be_bytes();
    AlphaColor::from_rgba8(r, g, b, a)
}

/// A list rect as kurbo's.
pub fn rect(r: Rect) -> kurbo::Rect {
    kurbo::Rect::new(f64::from(r.x), f64::from(r.y), f64::from(r.right()), f64::from(r.bottom()))
}

/// A list path as kurbo's.
pub fn path(data: &PathData) -> BezPath {
    let mut p = BezPath::new();
    let f = f64::from;
    for c in &data.commands {
        match *c {
            PathCommand::MoveTo(x, y) => p.move_to((f(x), f(y))),
            PathCommand::LineTo(x, y) => p.line_to((f(x), f(y))),
            PathCommand::QuadTo(a, b, x, y) => p.quad_to((f(a), f(b)), (f(x), f(y))),
            PathCommand::CubicTo(a, b, c2, d, x, y) => p.curve_to((f(a), f(b)), (f(c2), f(d)), (f(x), f(y))),
            PathCommand::Close => p.close_path(),
        }
    }
    p
}

/// Sets `paint` (a colour or a gradient) as the context's paint.
pub fn set_paint(ctx: &mut RenderContext, paint: &Paint) {
    let stops = |stops: &[Stop]| -> Vec<peniko::ColorStop> {
        stops.iter().map(|s| peniko::ColorStop::from((s.offset, color(s.color)))).collect()
    };
    match paint {
        Paint::Solid(c) => ctx.set_paint(color(*c)),
        Paint::Linear { x0, y0, x1, y1, stops: s } => ctx.set_paint(
            peniko::Gradient::new_linear((f64::from(*x0), f64::from(*y0)), (f64::from(*x1), f64::from(*y1)))
                .with_stops(stops(s).as_slice()),
        ),
        Paint::Radial { cx, cy, r, stops: s } => ctx.set_paint(
            peniko::Gradient::new_radial((f64::from(*cx), f64::from(*cy)), *r).with_stops(stops(s).as_slice()),
        ),
    }
}

/// Sets `stroke` as the context's stroke: round caps and joins, or butt caps and mitre joins.
pub fn set_stroke(ctx: &mut RenderContext, stroke: Stroke) {
    let s = kurbo::Stroke::new(f64::from(stroke.width));
    ctx.set_stroke(if stroke.round {
        s.with_caps(Cap::Round).with_join(Join::Round)
    } else {
        s.with_caps(Cap::Butt).with_join(Join::Miter)
    });
}
