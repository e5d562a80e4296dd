//! Hairlines ([`Op::Hairline`](crate::display_list::Op::Hairline)): one device pixel wide at every scale, on
//! whole device pixels (record 16). A hairline is recorded in units like any op; at replay its rect is mapped by
//! the context's scale and translation, each edge taken to the nearest pixel edge inside it, and the ring of pixels
//! just inside those edges is filled with the transform reset, as the glyph cache's blits are. A one-unit stroke
//! would be two pixels at 2x and a blur of two half-covered rows at 1.5x. Inside, not nearest: a layer clips its
//! content to its rect, and a card's fill only partly covers a pixel its edge cuts.

use goldberry_natives::blend2d::{self as bl, Context, Rgba32, Style};
use goldberry_natives::{Goldberry, NativeError};

use crate::geom::{Color, Rect};
use crate::glyph_cache::uniform_scale;

/// A hairline's pixels, in device pixels: its outer box (whole pixels) and corner radius, and the hole one pixel
/// in (`None` when the box is two pixels or less across: the line fills it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HairlineRing {
    /// The outer box: left, top, right, bottom, each a whole pixel edge.
    pub outer: (f64, f64, f64, f64),
    /// The outer corner radius.
    pub outer_radius: f64,
    /// The hole's box and corner radius.
    pub hole: Option<((f64, f64, f64, f64), f64)>,
}

/// The ring a hairline along the inside of `rect` covers with corners following `radius` (the line's centre at
/// 1x, as [`crate::display_list::DisplayList::hairline`] takes it), the rect mapped to device pixels by `scale`
/// then `translation`; `None` when it covers no whole pixel or a number is not finite.
pub fn hairline_ring(rect: Rect, radius: f32, scale: f64, translation: (f64, f64)) -> Option<HairlineRing> {
    // The pixel edges nearest inside the rect's, past rounding noise (an edge 1/256 px past a pixel edge is on it);
    // a whole-pixel shift (a blit-scroll) moves every edge by as much.
    const NOISE: f64 = 1.0 / 256.0;
    let (x, y) = (f64::from(rect.x), f64::from(rect.y));
    let x0 = (x * scale + translation.0 - NOISE).ceil();
    let y0 = (y * scale + translation.1 - NOISE).ceil();
    let x1 = ((x + f64::from(rect.w)) * scale + translation.0 + NOISE).floor();
    let y1 = ((y + f64::from(rect.h)) * scale + translation.1 + NOISE).floor();
    let (w, h) = (x1 - x0, y1 - y0);
    if !(w >= 1.0 && h >= 1.0 && w.is_finite() && h.is_finite() && radius.is_finite()) {
        return None;
    }
    // The centre line's radius: the outer edge's (the radius plus half a unit, scaled) less half a pixel, at most
    // half the centre line's shorter side (as a stroked round rect's, `super::prepare::corner`).
    let centre = ((f64::from(radius) + 0.5) * scale - 0.5).max(0.0).min((w - 1.0).min(h - 1.0).max(0.0) / 2.0);
    let outer_radius = if centre > 0.0 { centre + 0.5 } else { 0.0 };
    let hole = (w > 2.0 && h > 2.0).then(|| ((x0 + 1.0, y0 + 1.0, x1 - 1.0, y1 - 1.0), (centre - 0.5).max(0.0)));
    Some(HairlineRing { outer: (x0, y0, x1, y1), outer_radius, hole })
}

impl HairlineRing {
    /// The ring as a Blend2D path (filled with the non-zero rule: the hole turns the other way).
    fn path(&self, g: &'static Goldberry) -> Result<bl::Path, NativeError> {
        let rect = |(x0, y0, x1, y1): (f64, f64, f64, f64)| bl::Rect { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
        let mut path = bl::Path::new(g)?;
        path.add_round_rect(rect(self.outer), self.outer_radius)?;
        if let Some((hole, radius)) = self.hole {
            path.add_round_rect_hole(rect(hole), radius)?;
        }
        Ok(path)
    }
}

/// Draws a hairline along the inside of `rect` (see the module docs). Under a transform that is not a scale and a
/// translation (the app sets none) it is drawn as at 1x, in user space.
pub(super) fn draw(
    ctx: &mut Context<'_>,
    g: &'static Goldberry,
    rect: Rect,
    radius: f32,
    color: Color,
) -> Result<(), NativeError> {
    let m = ctx.user_transform()?;
    let Some(scale) = uniform_scale(&m) else {
        if let Some(ring) = hairline_ring(rect, radius, 1.0, (0.0, 0.0)) {
            ctx.set_fill(&Style::Solid(Rgba32(color.0)))?;
            ctx.fill_path(&ring.path(g)?)?;
        }
        return Ok(());
    };
    let Some(ring) = hairline_ring(rect, radius, scale, (m[4], m[5])) else { return Ok(()) };
    let path = ring.path(g)?;
    ctx.save()?;
    ctx.reset_transform()?;
    ctx.set_fill(&Style::Solid(Rgba32(color.0)))?;
    ctx.fill_path(&path)?;
    ctx.restore()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display_list::{DisplayList, LayerKey};
    use crate::raster::Renderer;
    use crate::surface::{FrameBuffer, Pixels};

    /// A hairline on the frame and one in a layer at a fractional position, over black, at (`dx`, 0) units.
    fn hairlines(dx: f32) -> DisplayList {
        let white = Color::rgb(255, 255, 255);
        let mut list = DisplayList::new();
        list.fill_rect(Rect::new(0.0, 0.0, 80.0, 40.0), Color::rgb(0, 0, 0));
        list.hairline(Rect::new(4.3 + dx, 5.0, 30.0, 20.0), 3.0, white);
        let mut layer = DisplayList::new();
        layer.hairline(Rect::new(0.0, 0.0, 20.0, 20.0), 0.0, white);
        list.layer(LayerKey(7), Rect::new(45.25, 10.5, 20.0, 20.0), 1, layer);
        list
    }

    /// The red channel of the pixels from (`x0`, `y0`) to (`x1`, `y1`) (device pixels, a row or a column).
    fn reds(fb: &FrameBuffer, (x0, y0): (u32, u32), (x1, y1): (u32, u32)) -> Vec<u8> {
        let at = |x: u32, y: u32| fb.pixels[(y as usize * fb.width as usize + x as usize) * 4 + 2];
        if y0 == y1 { (x0..x1).map(|x| at(x, y0)).collect() } else { (y0..y1).map(|y| at(x0, y)).collect() }
    }

    fn render(list: &DisplayList, scale: f32, threads: usize) -> FrameBuffer {
        let (g, fonts) = crate::raster::tests::setup();
        let mut fb = FrameBuffer::new((80.0 * scale) as u32, (40.0 * scale) as u32);
        Renderer::new(g, threads).render(list, &fonts, fb.canvas_at(scale), Pixels::Fresh).expect("render");
        fb
    }

    /// Issue 22: at 1.5x a one-unit stroke lit two pixels partly, at 2x two pixels fully. Each side of a hairline
    /// is now one device pixel at full coverage, drawn in place or in a layer, in one band or two.
    #[test]
    fn the_renderer_draws_each_side_of_a_hairline_as_one_whole_device_pixel_at_every_scale() {
        for scale in [1.0f32, 1.5, 2.0] {
            for threads in [1, 2] {
                let fb = render(&hairlines(0.0), scale, threads);
                let d = |units: f32| (units * scale) as u32;
                let lines = [
                    ("a row across the frame's", (0, d(15.0)), (d(40.0), d(15.0))),
                    ("a column across the frame's", (d(20.0), 0), (d(20.0), d(40.0))),
                    ("a row across the layer's", (d(40.0), d(20.0)), (d(80.0), d(20.0))),
                    ("a column across the layer's", (d(55.0), 0), (d(55.0), d(40.0))),
                ];
                for (what, from, to) in lines {
                    let line = reds(&fb, from, to);
                    let lit = line.iter().filter(|&&v| v == 255).count();
                    assert_eq!(lit, 2, "{what} hairline at {scale}x, {threads} threads: {line:?}");
                    assert!(line.iter().all(|&v| v == 0 || v == 255), "{what}, partly lit at {scale}x: {line:?}");
                }
            }
        }
    }

    /// A hairline moved by a fraction of a unit over the frame before is redrawn inside the damage: the pixels are
    /// those of the frame drawn fresh.
    #[test]
    fn a_moved_hairline_drawn_over_the_frame_before_is_the_frame_drawn_fresh() {
        let (g, fonts) = crate::raster::tests::setup();
        for scale in [1.0f32, 1.5, 2.0] {
            let mut fb = FrameBuffer::new((80.0 * scale) as u32, (40.0 * scale) as u32);
            let mut renderer = Renderer::new(g, 1);
            renderer.render(&hairlines(0.0), &fonts, fb.canvas_at(scale), Pixels::Fresh).expect("render");
            let kept = renderer.render(&hairlines(0.4), &fonts, fb.canvas_at(scale), Pixels::Kept).expect("render");
            assert!(!kept.damage.is_whole(fb.width, fb.height), "drawn over the frame before at {scale}x");
            assert!(fb.pixels == render(&hairlines(0.4), scale, 1).pixels, "at {scale}x");
        }
    }

    #[test]
    fn a_hairline_is_one_device_pixel_on_whole_pixels_at_every_scale() {
        // A card at (10.3, 20, 100 x 50) units: its left edge falls inside a pixel at every scale.
        let rect = Rect::new(10.3, 20.0, 100.0, 50.0);
        for (scale, left, right) in [(1.0, 11.0, 110.0), (1.5, 16.0, 165.0), (2.0, 21.0, 220.0)] {
            let ring = hairline_ring(rect, 4.0, scale, (0.0, 0.0)).expect("a ring");
            assert_eq!((ring.outer.0, ring.outer.2), (left, right), "at {scale}x");
            let (hole, _) = ring.hole.expect("a hole");
            assert_eq!(hole.0 - ring.outer.0, 1.0, "one pixel wide at {scale}x");
            // The outer corner follows the card's own, scaled: (4 + 0.5) units.
            assert_eq!(ring.outer_radius, 4.5 * scale);
        }
        // A translation by whole pixels moves it by as much; one by a fraction snaps it again.
        let moved = hairline_ring(rect, 4.0, 1.5, (3.0, -7.0)).expect("a ring");
        assert_eq!((moved.outer.0, moved.outer.1), (19.0, 23.0));
        assert!(hairline_ring(rect, 4.0, 1.5, (0.25, 0.0)).expect("a ring").outer.0.fract() == 0.0);
        // Nothing when no whole pixel is covered, or for a number that is not finite.
        assert_eq!(hairline_ring(Rect::new(0.0, 0.0, 0.2, 10.0), 0.0, 1.0, (0.0, 0.0)), None);
        assert_eq!(hairline_ring(Rect::new(0.0, 0.0, f32::NAN, 10.0), 0.0, 1.0, (0.0, 0.0)), None);
    }
}
