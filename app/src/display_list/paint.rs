//! What ops draw with: paints (a colour or a gradient), strokes and paths, and the facts about them that every op
//! holding one shares (finiteness, a path's box).

use crate::geom::{Color, Rect};

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

impl PathData {
    /// Whether every point of the path is finite.
    pub fn is_finite(&self) -> bool {
        self.commands.iter().all(|command| match *command {
            PathCommand::MoveTo(x, y) | PathCommand::LineTo(x, y) => x.is_finite() && y.is_finite(),
            PathCommand::QuadTo(x1, y1, x, y) => [x1, y1, x, y].iter().all(|v| v.is_finite()),
            PathCommand::CubicTo(x1, y1, x2, y2, x, y) => [x1, y1, x2, y2, x, y].iter().all(|v| v.is_finite()),
            PathCommand::Close => true,
        })
    }

    /// The box of the path's points (curves stay inside their control points' box); `None` for an empty path.
    pub fn bounds(&self) -> Option<Rect> {
        let mut bounds: Option<(f32, f32, f32, f32)> = None;
        let mut add = |x: f32, y: f32| {
            bounds = Some(match bounds {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        };
        for command in &self.commands {
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
}
