//! Laid-out text drawn: a line's runs as glyph ops, the selection behind them, the caret at its byte.

use crate::display_list::DisplayList;
use crate::geom::{Color, Rect};
use crate::text::Line;

/// The x spans (from the line's left) of the glyphs of `line` whose clusters lie in `selected` (bytes of the text
/// laid out), merged where they touch. Glyphs are walked left to right, so a right-to-left run's selection is where
/// its glyphs are, not where its bytes are.
pub fn selection_spans(line: &Line, size_px: f32, selected: std::ops::Range<usize>) -> Vec<(f32, f32)> {
    let mut spans: Vec<(f32, f32)> = Vec::new();
    for run in &line.runs {
        if run.bytes.end <= selected.start || run.bytes.start >= selected.end {
            continue;
        }
        let scale = if run.glyphs.units_per_em == 0 { 0.0 } else { size_px / run.glyphs.units_per_em as f32 };
        let mut pen = run.x;
        for (placement, &cluster) in run.glyphs.placements.iter().zip(&run.glyphs.clusters) {
            let advance = placement.advance_x as f32 * scale;
            if selected.contains(&(cluster as usize)) {
                match spans.last_mut() {
                    Some(last) if (last.1 - pen).abs() < 0.5 => last.1 = pen + advance,
                    _ => spans.push((pen, pen + advance)),
                }
            }
            pen += advance;
        }
    }
    // A selected line break or trailing space has no glyph: a sliver shows it is selected.
    if spans.is_empty() && selected.start <= line.bytes.end && selected.end > line.bytes.end {
        spans.push((line.width_px, line.width_px + 4.0));
    }
    spans
}

/// The caret: a 1 px bar a line tall beside x, on the side the text goes on (right of x in a left-to-right line),
/// so it stands in the gap before the next glyph and never covers the one just typed (a bar centred on x covered
/// the last column of "too"'s o, which then read as a d at 3x).
pub fn caret(list: &mut DisplayList, x: f32, top: f32, height: f32, rtl: bool, color: Color) {
    let left = if rtl { x.round() - 1.0 } else { x.round() };
    list.fill_rect(Rect::new(left, top, 1.0, height), color);
}
