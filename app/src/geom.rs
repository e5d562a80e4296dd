//! The plain geometry every stage shares: colours, rectangles in list units and in whole device pixels, and
//! which font a run is drawn with. Nothing here knows how a frame is recorded or drawn.

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
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    /// The overlap of `self` and `other` (`None` when they do not overlap).
    pub fn intersection(self, other: Rect) -> Option<Rect> {
        let (x0, y0) = (self.x.max(other.x), self.y.max(other.y));
        let (x1, y1) = (self.right().min(other.right()), self.bottom().min(other.bottom()));
        (x0 < x1 && y0 < y1).then(|| Rect::new(x0, y0, x1 - x0, y1 - y0))
    }

    /// The smallest rectangle that holds both `self` and `other`.
    pub fn union(self, other: Rect) -> Rect {
        let (x0, y0) = (self.x.min(other.x), self.y.min(other.y));
        Rect::new(x0, y0, self.right().max(other.right()) - x0, self.bottom().max(other.bottom()) - y0)
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

    /// Whether the point (`x`, `y`) lies inside (its left and top edges in, its right and bottom out).
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x && x < self.right() && y >= self.y && y < self.bottom()
    }

    /// Whether its corner and size are finite.
    pub fn is_finite(&self) -> bool {
        [self.x, self.y, self.w, self.h].iter().all(|v| v.is_finite())
    }

    /// Whether it has a width and a height of at least 0 (a negative or NaN size covers nothing).
    pub fn has_size(&self) -> bool {
        self.w >= 0.0 && self.h >= 0.0
    }
}

/// Which font a glyph run is drawn with: a face and a pixel size, packed (`FontId::of`, in the font book), so an
/// id names the same font for ever.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FontId(pub u32);

/// A rectangle of whole device pixels inside the target: columns `x..x + w`, rows `y..y + h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PixelRect {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

impl PixelRect {
    /// Its pixels.
    pub fn area(&self) -> u64 {
        u64::from(self.w) * u64::from(self.h)
    }

    pub fn right(&self) -> u32 {
        self.x + self.w
    }

    pub fn bottom(&self) -> u32 {
        self.y + self.h
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, other: &PixelRect) -> PixelRect {
        let (x, y) = (self.x.min(other.x), self.y.min(other.y));
        PixelRect { x, y, w: self.right().max(other.right()) - x, h: self.bottom().max(other.bottom()) - y }
    }

    /// The pixels both hold.
    pub fn overlap(&self, other: &PixelRect) -> u64 {
        let w = self.right().min(other.right()).saturating_sub(self.x.max(other.x));
        let h = self.bottom().min(other.bottom()).saturating_sub(self.y.max(other.y));
        u64::from(w) * u64::from(h)
    }
}

/// Whether an edge of the clip `[left, top, right, bottom]` that lies inside a pixel (off a pixel edge by more than
/// rounding noise) passes through the whole pixels the box `[left, top, right, bottom]` touches, where the two
/// overlap; both in device pixels. Raster draws such a box in place, not as a blit of an image: a blit under that
/// edge scales each pixel by the share of it the clip covers, where drawing in place clips the shape itself, and
/// the two differ wherever the shape covers part of such a pixel. The box is taken out to whole pixels because the
/// blit's image is (raster fuzz seed 85441: a layer whose top lay on the clip's top, both inside a pixel, drawn
/// through its image at a quarter of its ink).
pub fn partial_edge_crosses(clip: [f64; 4], b: [f64; 4]) -> bool {
    let [x0, y0, x1, y1] = clip;
    let [bx0, by0, bx1, by1] = [b[0].floor(), b[1].floor(), b[2].ceil(), b[3].ceil()];
    let partial = |e: f64| (e - e.round()).abs() > 1e-6;
    let across = |e: f64, lo: f64, hi: f64| partial(e) && lo < e && e < hi;
    let meets = bx0 < x1 && x0 < bx1 && by0 < y1 && y0 < by1;
    meets && (across(x0, bx0, bx1) || across(x1, bx0, bx1) || across(y0, by0, by1) || across(y1, by0, by1))
}
