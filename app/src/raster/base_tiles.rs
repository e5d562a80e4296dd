//! Which parts of the base hold the leading run: squares of [`TILE`] device pixels, each drawn or not. A cold
//! frame draws the run straight into the target and leaves the base undrawn; a later frame that starts from the
//! base draws the squares it needs first (record 8, "The base drawn where it is first needed").

use crate::geom::PixelRect;

/// The side of a square, in device pixels: a hover's damage needs a few, a 3840x2160 base has 2,040.
pub(super) const TILE: u32 = 64;

/// The squares of a `width` x `height` base, row by row, and whether each is drawn.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct BaseTiles {
    width: u32,
    height: u32,
    columns: u32,
    drawn: Vec<bool>,
}

impl BaseTiles {
    /// Every square of a `width` x `height` base, all `drawn` or none.
    pub(super) fn new(width: u32, height: u32, drawn: bool) -> BaseTiles {
        let columns = width.div_ceil(TILE);
        let count = columns as usize * height.div_ceil(TILE) as usize;
        BaseTiles { width, height, columns, drawn: vec![drawn; count] }
    }

    /// Whether every square is drawn.
    pub(super) fn all_drawn(&self) -> bool {
        self.drawn.iter().all(|&d| d)
    }

    /// Whether every square that rows `top..bottom` cross is drawn.
    pub(super) fn rows_drawn(&self, top: usize, bottom: usize) -> bool {
        let (first, last) = (top as u32 / TILE, (bottom.max(top + 1) as u32 - 1) / TILE);
        let columns = self.columns as usize;
        (first..=last).all(|row| {
            let start = row as usize * columns;
            self.drawn.get(start..start + columns).is_none_or(|tiles| tiles.iter().all(|&d| d))
        })
    }

    /// The undrawn squares `rects` reach into, as rectangles on whole squares (cut at the base's edges), one
    /// for each run of them along a row of squares.
    pub(super) fn missing_under(&self, rects: &[PixelRect]) -> Vec<PixelRect> {
        let mut wanted = vec![false; self.drawn.len()];
        for r in rects.iter().filter(|r| r.w > 0 && r.h > 0) {
            let (c0, c1) = (r.x / TILE, (r.right().min(self.width).max(1) - 1) / TILE);
            let (r0, r1) = (r.y / TILE, (r.bottom().min(self.height).max(1) - 1) / TILE);
            for row in r0..=r1 {
                for column in c0..=c1.min(self.columns.saturating_sub(1)) {
                    let i = (row * self.columns + column) as usize;
                    if let (Some(want), Some(false)) = (wanted.get_mut(i), self.drawn.get(i)) {
                        *want = true;
                    }
                }
            }
        }
        let mut runs = Vec::new();
        for (row, line) in wanted.chunks(self.columns.max(1) as usize).enumerate() {
            let mut column = 0;
            while column < line.len() {
                if !line[column] {
                    column += 1;
                    continue;
                }
                let start = column;
                while column < line.len() && line[column] {
                    column += 1;
                }
                let (x, y) = (start as u32 * TILE, row as u32 * TILE);
                let (right, bottom) = ((column as u32 * TILE).min(self.width), (y + TILE).min(self.height));
                runs.push(PixelRect { x, y, w: right - x, h: bottom - y });
            }
        }
        runs
    }

    /// Marks the squares that lie whole inside `rect` (or are cut by the base's edge inside it) as drawn.
    pub(super) fn mark(&mut self, rect: &PixelRect) {
        let (c0, r0) = (rect.x.div_ceil(TILE), rect.y.div_ceil(TILE));
        let whole_to = |edge: u32, size: u32| if edge >= size { size.div_ceil(TILE) } else { edge / TILE };
        let (c1, r1) = (whole_to(rect.right(), self.width), whole_to(rect.bottom(), self.height));
        for row in r0..r1 {
            for column in c0..c1 {
                if let Some(d) = self.drawn.get_mut((row * self.columns + column) as usize) {
                    *d = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x: u32, y: u32, w: u32, h: u32) -> PixelRect {
        PixelRect { x, y, w, h }
    }

    #[test]
    fn a_hover_needs_the_squares_under_it_once() {
        let mut tiles = BaseTiles::new(300, 200, false);
        // Crosses the squares at columns 0 and 1 of row 1, and nothing else.
        let needed = tiles.missing_under(&[rect(40, 70, 30, 20)]);
        assert_eq!(needed, vec![rect(0, 64, 128, 64)]);
        tiles.mark(&needed[0]);
        assert!(tiles.missing_under(&[rect(40, 70, 30, 20)]).is_empty());
        assert!(!tiles.rows_drawn(64, 128), "the row's other squares are not drawn");
        assert!(!tiles.all_drawn());
    }

    #[test]
    fn squares_cut_by_the_edge_are_drawn_by_a_rect_that_reaches_the_edge() {
        let mut tiles = BaseTiles::new(100, 70, false);
        let needed = tiles.missing_under(&[rect(90, 65, 10, 5)]);
        assert_eq!(needed, vec![rect(64, 64, 36, 6)]);
        tiles.mark(&needed[0]);
        assert_eq!(tiles.missing_under(&[rect(0, 64, 100, 6)]), vec![rect(0, 64, 64, 6)]);
        assert!(!tiles.rows_drawn(64, 70));
        for r in tiles.missing_under(&[rect(0, 0, 100, 70)]) {
            tiles.mark(&r);
        }
        assert!(tiles.all_drawn() && tiles.rows_drawn(0, 70));
    }

    #[test]
    fn a_rect_off_whole_squares_marks_only_the_squares_it_holds() {
        let mut tiles = BaseTiles::new(256, 128, false);
        tiles.mark(&rect(10, 0, 200, 128));
        // Squares 1 and 2 of each row lie whole inside; 0 and 3 are cut.
        assert_eq!(
            tiles.missing_under(&[rect(0, 0, 256, 128)]),
            vec![rect(0, 0, 64, 64), rect(192, 0, 64, 64), rect(0, 64, 64, 64), rect(192, 64, 64, 64)]
        );
    }
}
