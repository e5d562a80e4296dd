//! The display list: what painting records, as plain Rust data, and what raster replays through the natives.
//!
//! The scene and the HUD record [`Op`]s into a [`DisplayList`]; the raster module replays them on one or several
//! Blend2D contexts (one per band). Content that does not change from frame to frame is recorded inside a
//! [`Op::Layer`]: raster keeps it as an offscreen image keyed by [`LayerKey`] and re-rasterizes it only when its
//! `version`, size or scale changes, blitting it otherwise.

use std::sync::Arc;

use goldberry_natives::glyphs::GlyphRun;

/// A colour as `0xAARRGGBB`, not premultiplied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Color(pub u32);

impl Color {
    /// An opaque colour from its red, green and blue components.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color(0xff00_0000 | (r as u32) << 16 | (g as u32) << 8 | b as u32)
    }

    /// The same colour with alpha `a`.
    pub const fn with_alpha(self, a: u8) -> Color {
        Color((self.0 & 0x00ff_ffff) | (a as u32) << 24)
    }
}

/// An axis-aligned rectangle in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// The overlap of `self` and `other` (`None` when they do not overlap).
    pub fn intersection(self, other: Rect) -> Option<Rect> {
        let (x0, y0) = (self.x.max(other.x), self.y.max(other.y));
        let (x1, y1) = (self.right().min(other.right()), self.bottom().min(other.bottom()));
        (x0 < x1 && y0 < y1).then(|| Rect::new(x0, y0, x1 - x0, y1 - y0))
    }

    /// A rectangle from its left, top, width and height.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    /// The rectangle shrunk by `d` on every side.
    pub fn inset(self, d: f32) -> Rect {
        Rect { x: self.x + d, y: self.y + d, w: (self.w - 2.0 * d).max(0.0), h: (self.h - 2.0 * d).max(0.0) }
    }

    /// The right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// The bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }
}

/// One colour stop of a gradient: offset in 0..=1 and colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stop {
    /// Where along the gradient, 0 to 1.
    pub offset: f32,
    /// The colour there.
    pub color: Color,
}

/// How a shape is filled or stroked.
#[derive(Debug, Clone, PartialEq)]
pub enum Paint {
    /// One colour.
    Solid(Color),
    /// A linear gradient from (x0, y0) to (x1, y1).
    Linear {
        /// Start point.
        x0: f32,
        /// Start point.
        y0: f32,
        /// End point.
        x1: f32,
        /// End point.
        y1: f32,
        /// Colour stops.
        stops: Vec<Stop>,
    },
    /// A radial gradient centred on (cx, cy) with radius r.
    Radial {
        /// Centre.
        cx: f32,
        /// Centre.
        cy: f32,
        /// Radius.
        r: f32,
        /// Colour stops.
        stops: Vec<Stop>,
    },
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
    /// The commands, in order.
    pub commands: Vec<PathCommand>,
}

/// How a stroke is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    /// Line width in pixels.
    pub width: f32,
    /// Round caps and joins (otherwise butt caps, miter joins).
    pub round: bool,
}

/// Which font a glyph run is drawn with: an index into the app's font book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FontId(pub u16);

/// Names a retained layer across frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LayerKey(pub u64);

/// One recorded drawing operation.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// Fills a rectangle.
    FillRect {
        /// Where.
        rect: Rect,
        /// With what.
        paint: Paint,
    },
    /// Fills a rounded rectangle.
    FillRoundRect {
        /// Where.
        rect: Rect,
        /// Corner radius.
        radius: f32,
        /// With what.
        paint: Paint,
    },
    /// Strokes a rounded rectangle's outline.
    StrokeRoundRect {
        /// Where.
        rect: Rect,
        /// Corner radius.
        radius: f32,
        /// Line.
        stroke: Stroke,
        /// With what.
        paint: Paint,
    },
    /// Fills a circle.
    FillCircle {
        /// Centre x.
        cx: f32,
        /// Centre y.
        cy: f32,
        /// Radius.
        r: f32,
        /// With what.
        paint: Paint,
    },
    /// Fills a path.
    FillPath {
        /// The path.
        path: Arc<PathData>,
        /// With what.
        paint: Paint,
    },
    /// Strokes a path.
    StrokePath {
        /// The path.
        path: Arc<PathData>,
        /// Line.
        stroke: Stroke,
        /// With what.
        paint: Paint,
    },
    /// Draws a shaped glyph run with its baseline origin at (x, y).
    Glyphs {
        /// The font (same face and size it was shaped with).
        font: FontId,
        /// Baseline origin x.
        x: f32,
        /// Baseline origin y.
        y: f32,
        /// The shaped glyphs.
        run: Arc<GlyphRun>,
        /// Text colour.
        color: Color,
    },
    /// Restricts the following ops to `rect` (intersected with the current clip) until the matching `PopClip`.
    PushClip(Rect),
    /// Ends the innermost `PushClip`.
    PopClip,
    /// Offsets the following ops by (dx, dy) until the matching `PopTranslate`.
    PushTranslate(f32, f32),
    /// Ends the innermost `PushTranslate`.
    PopTranslate,
    /// Content kept as an offscreen image between frames, drawn at `rect`.
    Layer {
        /// Which layer.
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

/// A recorded frame (or layer): ops in painting order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DisplayList {
    /// The ops.
    pub ops: Vec<Op>,
    /// Whether the list's leading layers (the run of layers it starts with, which raster keeps as its base)
    /// paint every pixel of the frame opaquely, on whole pixels, so that a frame drawn from scratch need not be
    /// cleared first. False (the default) unless whoever records the list knows it; the scene does.
    pub opaque_lead: bool,
}

impl DisplayList {
    /// An empty list.
    pub fn new() -> DisplayList {
        DisplayList::default()
    }

    /// Appends an op.
    pub fn push(&mut self, op: Op) {
        self.ops.push(op);
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
