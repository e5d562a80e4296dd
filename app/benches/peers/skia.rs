//! The flat list through tiny-skia: shapes as tiny-skia paths, each glyph's outline from skrifa turned into a
//! path and filled (tiny-skia has no text of its own), clips as masks built only when an op reaches outside its
//! clip (tiny-skia clips to anything but the pixmap only through a mask).

use goldberry::display_list::{DisplayList, Op, Paint, PathCommand, PathData, Stop};
use goldberry::fonts::FontBook;
use goldberry::geom::{Color, Rect};
use tiny_skia::{
    FillRule, GradientStop, LineCap, LineJoin, LinearGradient, Mask, PathBuilder, Pixmap, Point, RadialGradient,
    Shader, SpreadMode, Transform,
};

use super::{FontFiles, PathSink, draw_glyph, glyph_positions, hairline_path, round_rect, walk};

/// A tiny-skia renderer for one size.
pub struct Skia {
    pub pixmap: Pixmap,
    mask: Mask,
}

impl PathSink for PathBuilder {
    fn command(&mut self, command: PathCommand) {
        match command {
            PathCommand::MoveTo(x, y) => self.move_to(x, y),
            PathCommand::LineTo(x, y) => self.line_to(x, y),
            PathCommand::QuadTo(a, b, x, y) => self.quad_to(a, b, x, y),
            PathCommand::CubicTo(a, b, c, d, x, y) => self.cubic_to(a, b, c, d, x, y),
            PathCommand::Close => self.close(),
        }
    }
}

fn color(c: Color) -> tiny_skia::Color {
    let [a, r, g, b] = c.0.to_be_bytes();
    tiny_skia::Color::from_rgba8(r, g, b, a)
}

fn shader(paint: &Paint) -> Option<Shader<'static>> {
    let stops = |s: &[Stop]| s.iter().map(|s| GradientStop::new(s.offset, color(s.color))).collect::<Vec<_>>();
    match paint {
        Paint::Solid(c) => Some(Shader::SolidColor(color(*c))),
        Paint::Linear { x0, y0, x1, y1, stops: s } => LinearGradient::new(
            Point::from_xy(*x0, *y0),
            Point::from_xy(*x1, *y1),
            stops(s),
            SpreadMode::Pad,
            Transform::identity(),
        ),
        Paint::Radial { cx, cy, r, stops: s } => RadialGradient::new(
            Point::from_xy(*cx, *cy),
            0.0,
            Point::from_xy(*cx, *cy),
            *r,
            stops(s),
            SpreadMode::Pad,
            Transform::identity(),
        ),
    }
}

fn to_path(data: &PathData) -> Option<tiny_skia::Path> {
    let mut b = PathBuilder::new();
    for c in &data.commands {
        b.command(*c);
    }
    b.finish()
}

fn stroke(s: goldberry::display_list::Stroke) -> tiny_skia::Stroke {
    let (line_cap, line_join) =
        if s.round { (LineCap::Round, LineJoin::Round) } else { (LineCap::Butt, LineJoin::Miter) };
    tiny_skia::Stroke { width: s.width, line_cap, line_join, ..tiny_skia::Stroke::default() }
}

/// Whether `bounds` (device pixels) lies inside `clip`.
fn inside(bounds: Rect, clip: Rect) -> bool {
    bounds.x >= clip.x && bounds.y >= clip.y && bounds.right() <= clip.right() && bounds.bottom() <= clip.bottom()
}

impl Skia {
    /// A renderer of `width` x `height`.
    pub fn new(width: u32, height: u32) -> Option<Skia> {
        Some(Skia { pixmap: Pixmap::new(width, height)?, mask: Mask::new(width, height)? })
    }

    /// Draws the flat `list` from scratch, reading each glyph's outline from `files` with skrifa.
    pub fn draw(&mut self, list: &DisplayList, fonts: &FontBook, files: &FontFiles) {
        self.pixmap.fill(tiny_skia::Color::TRANSPARENT);
        let mut canvas = Canvas { pixmap: &mut self.pixmap, mask: &mut self.mask, mask_for: None };
        walk(list, |op, (dx, dy), clip| {
            let t = Transform::from_translate(dx, dy);
            // Each op's path and paint, and its device bounds when known without building the path.
            let (path, paint, outline, bounds) = match op {
                Op::FillRect { rect: r, paint } => (
                    tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h).map(tiny_skia::PathBuilder::from_rect),
                    paint,
                    None,
                    Some(*r),
                ),
                Op::FillRoundRect { rect: r, radius, paint } => {
                    (to_path(&round_rect(*r, *radius)), paint, None, Some(*r))
                }
                Op::StrokeRoundRect { rect: r, radius, stroke: s, paint } => {
                    (to_path(&round_rect(*r, *radius)), paint, Some(*s), Some(r.inset(-s.width)))
                }
                Op::FillCircle { cx, cy, r, paint } => (
                    PathBuilder::from_circle(*cx, *cy, *r),
                    paint,
                    None,
                    Some(Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r)),
                ),
                Op::FillPath { path: p, paint } => (to_path(p), paint, None, None),
                Op::StrokePath { path: p, stroke: s, paint } => (to_path(p), paint, Some(*s), None),
                Op::Glyphs { font, x, y, run, color: c } => {
                    let size = fonts.size_px(*font);
                    let Ok(face) = skrifa::FontRef::new(files.bytes(fonts, *font)) else { return };
                    let mut b = PathBuilder::new();
                    for (id, gx, gy) in glyph_positions(run, size, *x, *y) {
                        draw_glyph(&face, id, size, (gx, gy), &mut b);
                    }
                    let ascent = size * 1.2;
                    let bounds = Rect::new(*x, y - ascent, run.width_px(size) + size, 2.0 * ascent);
                    let paint = Paint::Solid(*c);
                    let shape = Shape { path: b.finish(), paint: &paint, outline: None, bounds: Some(bounds) };
                    return canvas.fill(shape, clip, t);
                }
                Op::Hairline { rect: r, radius, color: c } => {
                    let Some(ring) = hairline_path(*r, *radius, (dx, dy)) else { return };
                    let paint = Paint::Solid(*c);
                    let shape =
                        Shape { path: to_path(&ring), paint: &paint, outline: None, bounds: Some(r.inset(-1.0)) };
                    return canvas.fill(shape, clip, t);
                }
                // The list is flat (no layers), and the walk applies its clips and translations.
                Op::Layer { .. } | Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => return,
            };
            canvas.fill(Shape { path, paint, outline, bounds }, clip, t);
        });
    }

    /// The picture as RGB over black.
    pub fn rgb(&self) -> Vec<u8> {
        super::rgba_to_rgb(self.pixmap.data())
    }
}

/// One op's path and how it is drawn.
struct Shape<'p> {
    path: Option<tiny_skia::Path>,
    paint: &'p Paint,
    /// A stroke, or `None` for a fill.
    outline: Option<goldberry::display_list::Stroke>,
    /// Its bounds in list coordinates, when known without the path.
    bounds: Option<Rect>,
}

/// The pixmap drawn into and the clip mask, with the clip the mask holds (when it holds one).
struct Canvas<'c> {
    pixmap: &'c mut Pixmap,
    mask: &'c mut Mask,
    mask_for: Option<Rect>,
}

impl Canvas<'_> {
    /// Fills or strokes one op's path, through a mask of `clip` when the op's bounds reach outside it (or are not
    /// known).
    fn fill(&mut self, shape: Shape<'_>, clip: Option<Rect>, t: Transform) {
        let Some(path) = shape.path else { return };
        let Some(shader) = shader(shape.paint) else { return };
        let paint = tiny_skia::Paint { shader, anti_alias: true, ..tiny_skia::Paint::default() };
        let device = shape.bounds.map(|b| Rect::new(b.x + t.tx, b.y + t.ty, b.w, b.h));
        let use_mask = match (clip, device) {
            (None, _) => None,
            (Some(c), Some(b)) if inside(b, c) => None,
            (Some(c), _) => {
                if self.mask_for != Some(c) {
                    self.mask.clear();
                    if let Some(r) = tiny_skia::Rect::from_xywh(c.x, c.y, c.w.max(0.01), c.h.max(0.01)) {
                        self.mask.fill_path(&PathBuilder::from_rect(r), FillRule::Winding, true, Transform::identity());
                    }
                    self.mask_for = Some(c);
                }
                Some(&*self.mask)
            }
        };
        match shape.outline {
            None => self.pixmap.fill_path(&path, &paint, FillRule::Winding, t, use_mask),
            Some(s) => self.pixmap.stroke_path(&path, &paint, &stroke(s), t, use_mask),
        }
    }
}
