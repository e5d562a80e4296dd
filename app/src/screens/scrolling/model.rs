//! The list's geometry, computed rather than stored: ten thousand rows of two heights in sections of a hundred,
//! each section under a header; where a row lies, which row lies at an offset, and the scrollbar's thumb.

use crate::geom::Rect;

/// The rows in the list.
pub const ROWS: usize = 10_000;
/// Rows in a section (each starts with a header).
pub const SECTION_ROWS: usize = 100;
/// A section header's height.
pub const HEADER_H: f32 = 28.0;
/// A short row's height.
pub const SHORT_H: f32 = 36.0;
/// A tall row's height (every fifth row, from the fourth).
pub const TALL_H: f32 = 52.0;
/// One wheel line.
pub const LINE_PX: f32 = 20.0;
/// One wheel notch (SDL reports 1 for it): three lines, as desktops scroll.
pub const NOTCH_PX: f32 = 3.0 * LINE_PX;
/// The thumb's least height.
pub const MIN_THUMB: f32 = 32.0;

/// Five rows: four short and one tall.
const GROUP_H: f32 = 4.0 * SHORT_H + TALL_H;
/// A section: its header and its rows.
pub const SECTION_H: f32 = HEADER_H + (SECTION_ROWS / 5) as f32 * GROUP_H;

/// Whether row `i` is a tall one.
pub fn is_tall(i: usize) -> bool {
    i % 5 == 3
}

/// Row `i`'s height.
pub fn row_height(i: usize) -> f32 {
    if is_tall(i) { TALL_H } else { SHORT_H }
}

/// The whole list's height.
pub fn content_height() -> f32 {
    (ROWS / SECTION_ROWS) as f32 * SECTION_H
}

/// The furthest the list scrolls in a viewport `viewport_h` high.
pub fn max_offset(viewport_h: f32) -> f32 {
    (content_height() - viewport_h).max(0.0)
}

/// The top of section `s`'s header.
pub fn section_top(s: usize) -> f32 {
    s as f32 * SECTION_H
}

/// Row `i`'s top.
pub fn row_top(i: usize) -> f32 {
    let (s, j) = (i / SECTION_ROWS, i % SECTION_ROWS);
    section_top(s) + HEADER_H + j as f32 * SHORT_H + ((j + 1) / 5) as f32 * (TALL_H - SHORT_H)
}

/// The row at content height `y` (the first row when `y` falls on a header above it), clamped to the list.
pub fn row_at(y: f32) -> usize {
    let y = y.clamp(0.0, content_height() - 1.0);
    let s = ((y / SECTION_H) as usize).min(ROWS / SECTION_ROWS - 1);
    let within = y - section_top(s) - HEADER_H;
    if within < 0.0 {
        return s * SECTION_ROWS;
    }
    let group = ((within / GROUP_H) as usize).min(SECTION_ROWS / 5 - 1);
    let rest = within - group as f32 * GROUP_H;
    let tops = [0.0, SHORT_H, 2.0 * SHORT_H, 3.0 * SHORT_H, 3.0 * SHORT_H + TALL_H];
    let k = tops.iter().rposition(|t| *t <= rest).unwrap_or(0);
    s * SECTION_ROWS + group * 5 + k
}

/// The rows a viewport `viewport_h` high shows at `offset`: the first and one past the last.
pub fn visible(offset: f32, viewport_h: f32) -> (usize, usize) {
    let first = row_at(offset);
    // A viewport less than a pixel high still shows the row at its top (and the count never goes negative).
    let last = row_at(offset + viewport_h.max(1.0) - 1.0);
    (first, (last + 1).min(ROWS))
}

/// The thumb of a scrollbar `track` for a viewport `viewport_h` high at `offset`.
pub fn thumb(track: Rect, offset: f32, viewport_h: f32) -> Rect {
    let h = (track.h * viewport_h / content_height()).clamp(MIN_THUMB.min(track.h), track.h);
    let max = max_offset(viewport_h);
    let at = if max > 0.0 { (offset / max).clamp(0.0, 1.0) } else { 0.0 };
    Rect::new(track.x, (track.y + (track.h - h) * at).round(), track.w, h.round())
}

/// The offset that puts the thumb's top at `thumb_y` in `track`.
pub fn offset_for_thumb(track: Rect, thumb_y: f32, viewport_h: f32) -> f32 {
    let h = thumb(track, 0.0, viewport_h).h;
    let room = track.h - h;
    if room <= 0.0 {
        return 0.0;
    }
    ((thumb_y - track.y) / room).clamp(0.0, 1.0) * max_offset(viewport_h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_tile_each_section_under_its_header_and_row_at_finds_them() {
        assert_eq!(row_top(0), HEADER_H);
        assert_eq!(row_top(4), HEADER_H + 3.0 * SHORT_H + TALL_H);
        assert_eq!(row_top(100), SECTION_H + HEADER_H);
        assert_eq!(row_top(99) + row_height(99), SECTION_H, "a section ends where the next header starts");
        for i in [0, 3, 4, 57, 99, 100, 5_003, ROWS - 1] {
            assert_eq!(row_at(row_top(i)), i);
            assert_eq!(row_at(row_top(i) + row_height(i) - 0.5), i);
        }
        assert_eq!(row_at(section_top(7) + 1.0), 700, "a header belongs to the row under it");
        assert_eq!(content_height(), row_top(ROWS - 1) + row_height(ROWS - 1));
    }

    #[test]
    fn the_thumb_runs_the_track_and_maps_back_to_the_offset() {
        let track = Rect::new(0.0, 100.0, 10.0, 500.0);
        assert_eq!(thumb(track, 0.0, 500.0).y, 100.0);
        let end = thumb(track, max_offset(500.0), 500.0);
        assert_eq!(end.bottom(), 600.0);
        assert_eq!(offset_for_thumb(track, end.y, 500.0), max_offset(500.0));
    }
}
