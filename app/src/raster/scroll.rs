//! The blit-scroll: when a list says which of its ops scroll in a viewport, and by how much ([`ScrollHint`]), a
//! frame whose target still holds the frame before moves the viewport's pixels by the change of offset instead of
//! drawing them again, and its damage ([`super::damage`]) is then only what the move uncovered, what changed
//! besides the move, and what is drawn over the scrolled ops (a sticky header, a scrollbar).
//!
//! The hint's promise: inside the viewport, the ops before the scrolled run paint one colour (a fill of the
//! viewport), so moving the pixels the scrolled ops left there moves nothing that should have stayed.

use std::ops::Range;

use crate::display_list::ScrollHint;
use crate::geom::PixelRect;

/// A scroll as the print of a frame keeps it: the viewport in device pixels, the offset in device pixels.
///
/// At a fractional scale the viewport's edges may fall inside pixels, which hold both the scrolled content and
/// what lies around it: only the whole pixels inside (`viewport`) are moved, and the pixels its edges cut
/// (`outer` less `viewport`) are drawn again whenever the offset changes.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ScrollPrint {
    /// The viewport's whole pixels, when it has some inside the target.
    pub(super) viewport: Option<PixelRect>,
    /// Every pixel the viewport touches, inside the target.
    pub(super) outer: Option<PixelRect>,
    pub(super) offset: f32,
    pub(super) ops: Range<usize>,
}

impl ScrollPrint {
    /// The print of `hint` at `scale` in a `width` x `height` target.
    pub(super) fn of(hint: &ScrollHint, scale: f32, width: u32, height: u32) -> ScrollPrint {
        let v = hint.viewport;
        let edges = [v.x * scale, v.y * scale, v.right() * scale, v.bottom() * scale];
        let rect = |[x0, y0, x1, y1]: [f32; 4]| {
            let (x0, y0) = (x0.max(0.0), y0.max(0.0));
            let (x1, y1) = (x1.min(width as f32), y1.min(height as f32));
            (x1 > x0 && y1 > y0).then_some(PixelRect {
                x: x0 as u32,
                y: y0 as u32,
                w: (x1 - x0) as u32,
                h: (y1 - y0) as u32,
            })
        };
        // An edge inside a pixel keeps one whole pixel more out of the move: the strip drawn again there is then
        // at least a pixel wide inside the viewport's clip, which the beta clips wrongly when narrower (see `rim`).
        let start = |e: f32| if e.fract() == 0.0 { e } else { e.ceil() + 1.0 };
        let end = |e: f32| if e.fract() == 0.0 { e } else { e.floor() - 1.0 };
        let inner = [start(edges[0]), start(edges[1]), end(edges[2]), end(edges[3])];
        let outer = [edges[0].floor(), edges[1].floor(), edges[2].ceil(), edges[3].ceil()];
        ScrollPrint { viewport: rect(inner), outer: rect(outer), offset: hint.offset * scale, ops: hint.ops.clone() }
    }

    /// The pixels around the moved ones that the viewport touches (none on whole pixels): drawn again whenever
    /// the offset changes. At an edge inside a pixel they are that pixel and the whole one inside it: the beta
    /// clips a fill wrongly to a box narrower than a pixel (the viewport's clip cut by a one-pixel strip), and
    /// a fresh render, clipped by the viewport alone, would not.
    pub(super) fn rim(&self) -> Vec<PixelRect> {
        let Some(outer) = self.outer else { return Vec::new() };
        let Some(inner) = self.viewport else { return vec![outer] };
        let strips = [
            PixelRect { h: inner.y - outer.y, ..outer },
            PixelRect { y: inner.bottom(), h: outer.bottom() - inner.bottom(), ..outer },
            PixelRect { y: inner.y, w: inner.x - outer.x, h: inner.h, ..outer },
            PixelRect { x: inner.right(), y: inner.y, w: outer.right() - inner.right(), h: inner.h },
        ];
        strips.into_iter().filter(|r| r.area() > 0).collect()
    }
}

/// A move of the pixels of `rect` by `dy` rows (up when negative): what was at row `y` goes to `y + dy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Blit {
    pub(super) rect: PixelRect,
    pub(super) dy: i32,
}

impl Blit {
    /// The move from the frame scrolled as `old` to the frame scrolled as `new`, when it can be made: the same
    /// viewport on whole pixels, and a change of offset of whole pixels, less than the viewport's height.
    pub(super) fn between(old: &ScrollPrint, new: &ScrollPrint) -> Option<Blit> {
        let rect = new.viewport.filter(|v| old.viewport == Some(*v))?;
        let dy = old.offset - new.offset;
        if dy == 0.0 || dy.fract() != 0.0 || dy.abs() >= rect.h as f32 {
            return None;
        }
        Some(Blit { rect, dy: dy as i32 })
    }

    /// `r` moved with the pixels and cut to the viewport.
    pub(super) fn moved(&self, r: PixelRect) -> Option<PixelRect> {
        let v = self.rect;
        let y0 = (i64::from(r.y) + i64::from(self.dy)).max(i64::from(v.y));
        let y1 = (i64::from(r.bottom()) + i64::from(self.dy)).min(i64::from(v.bottom()));
        let (x0, x1) = (r.x.max(v.x), r.right().min(v.right()));
        (y0 < y1 && x0 < x1).then(|| PixelRect { x: x0, y: y0 as u32, w: x1 - x0, h: (y1 - y0) as u32 })
    }

    /// `r` cut to the viewport.
    pub(super) fn inside(&self, r: PixelRect) -> Option<PixelRect> {
        Blit { dy: 0, ..*self }.moved(r)
    }

    /// The rows of the viewport the move uncovers: no pixel was moved there.
    pub(super) fn uncovered(&self) -> PixelRect {
        let v = self.rect;
        let n = self.dy.unsigned_abs();
        if self.dy < 0 { PixelRect { y: v.bottom() - n, h: n, ..v } } else { PixelRect { h: n, ..v } }
    }

    /// Moves the pixels of a target (XRGB32, `stride` bytes a row).
    pub(super) fn apply(&self, pixels: &mut [u8], stride: usize) {
        let _span = tracing::info_span!("blit scroll", dy = self.dy).entered();
        let v = self.rect;
        let (x0, x1) = (v.x as usize * 4, v.right() as usize * 4);
        let n = self.dy.unsigned_abs();
        let rows = v.y..v.bottom() - n;
        let copy = |pixels: &mut [u8], to: u32| {
            let from = (i64::from(to) - i64::from(self.dy)) as usize;
            let start = from * stride;
            pixels.copy_within(start + x0..start + x1, to as usize * stride + x0);
        };
        if self.dy < 0 {
            rows.for_each(|y| copy(pixels, y));
        } else {
            (v.y + n..v.bottom()).rev().for_each(|y| copy(pixels, y));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blit_moves_rows_inside_the_viewport_and_names_what_it_uncovers() {
        let (w, h, stride) = (4u32, 6u32, 16usize);
        let mut pixels: Vec<u8> = (0..h).flat_map(|y| (0..stride).map(move |_| y as u8)).collect();
        let blit = Blit { rect: PixelRect { x: 1, y: 1, w: 2, h: 4 }, dy: -2 };
        blit.apply(&mut pixels, stride);
        let at = |x: usize, y: usize| pixels[y * stride + x * 4];
        assert_eq!((at(1, 1), at(2, 2), at(1, 3)), (3, 4, 3), "rows 3 and 4 moved up to 1 and 2");
        assert_eq!((at(0, 1), at(3, 1)), (1, 1), "columns outside the viewport stay");
        assert_eq!(blit.uncovered(), PixelRect { x: 1, y: 3, w: 2, h: 2 });
        assert_eq!(blit.moved(PixelRect { x: 0, y: 0, w, h: 2 }), None);
        assert_eq!(blit.moved(PixelRect { x: 0, y: 4, w, h: 2 }), Some(PixelRect { x: 1, y: 2, w: 2, h: 2 }));
        let down = Blit { dy: 1, ..blit };
        let mut pixels: Vec<u8> = (0..h).flat_map(|y| (0..stride).map(move |_| y as u8)).collect();
        down.apply(&mut pixels, stride);
        assert_eq!((pixels[2 * stride + 4], pixels[4 * stride + 4], pixels[stride + 4]), (1, 3, 1));
        assert_eq!(down.uncovered(), PixelRect { x: 1, y: 1, w: 2, h: 1 });
    }
}
