//! Caret geometry on a laid-out line: where the caret before a byte stands, and which byte a click at x means.
//!
//! The caret stands at the cluster boundaries HarfBuzz reports; inside a cluster of several graphemes (a
//! ligature) the cluster's advance is split evenly between them, as browsers do. **At a direction boundary** the
//! byte has two candidate positions, the trailing edge of the grapheme before it and the leading edge of the one
//! after it; the caret takes the one whose run has the line's base direction (the primary-direction caret), and
//! the leading edge of the grapheme after it when neither or both do.

use std::collections::HashMap;

use unicode_segmentation::UnicodeSegmentation;

use super::segment::is_grapheme_boundary;
use super::{Line, Run};

/// One grapheme of a run on screen: its logical bytes and the x of its leading and trailing edges (left and right
/// in a left-to-right run, right and left in a right-to-left one).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grapheme {
    pub start: usize,
    pub end: usize,
    pub leading: f32,
    pub trailing: f32,
    pub rtl: bool,
}

/// The graphemes of `run` (of a line whose text is `text`), in visual order.
pub fn graphemes(run: &Run, text: &str) -> Vec<Grapheme> {
    let glyphs = &run.glyphs;
    let scale = if glyphs.units_per_em > 0 { run_scale(run) } else { 0.0 };
    // Clusters in visual order: (first byte, x, width).
    let mut clusters: Vec<(usize, f32, f32)> = Vec::new();
    let mut x = run.x;
    for (i, placement) in glyphs.placements.iter().enumerate() {
        let cluster = glyphs.clusters.get(i).map_or(run.bytes.start, |&c| c as usize);
        let advance = placement.advance_x as f32 * scale;
        match clusters.last_mut() {
            Some(last) if last.0 == cluster => last.2 += advance,
            _ => clusters.push((cluster, x, advance)),
        }
        x += advance;
    }
    let mut starts: Vec<usize> = clusters.iter().map(|c| c.0).collect();
    starts.sort_unstable();
    let mut out = Vec::new();
    for &(start, x, width) in &clusters {
        let i = starts.partition_point(|&s| s <= start);
        let end = starts.get(i).copied().unwrap_or(run.bytes.end).min(text.len());
        let start = start.min(end);
        let bounds: Vec<usize> = text
            .get(start..end)
            .map(|s| s.grapheme_indices(true).map(|(i, _)| start + i).collect())
            .unwrap_or_default();
        let n = bounds.len().max(1);
        let step = width / n as f32;
        for (k, &g) in bounds.iter().enumerate() {
            let g_end = bounds.get(k + 1).copied().unwrap_or(end);
            let (leading, trailing) = if run.rtl {
                (x + width - step * k as f32, x + width - step * (k + 1) as f32)
            } else {
                (x + step * k as f32, x + step * (k + 1) as f32)
            };
            out.push(Grapheme { start: g, end: g_end, leading, trailing, rtl: run.rtl });
        }
    }
    out
}

/// Pixels per design unit of `run`.
fn run_scale(run: &Run) -> f32 {
    let units = run.glyphs.advance_units();
    if units == 0 { 0.0 } else { run.width_px / units as f32 }
}

impl Line {
    /// The x (px from the line's left) where the caret stands before logical byte `byte` (a grapheme boundary
    /// inside or at the ends of the line): see the module docs for the rule at a direction boundary.
    pub fn caret_x(&self, text: &str, byte: usize) -> f32 {
        let mut before: Option<Grapheme> = None; // the grapheme that ends at `byte`
        let mut after: Option<Grapheme> = None; // the grapheme that starts at `byte`
        for run in &self.runs {
            if byte < run.bytes.start || byte > run.bytes.end {
                continue;
            }
            for g in graphemes(run, text) {
                if g.start == byte {
                    after = Some(g);
                } else if g.end == byte {
                    before = Some(g);
                } else if g.start < byte && byte < g.end {
                    // Not a boundary: the caret before the grapheme that holds it.
                    after = Some(g);
                }
            }
        }
        self.between(before, after, byte)
    }

    /// Where each character starting at one of `bytes` (ascending, within the line) is drawn, as its left and right
    /// x (px from the line's left), the line's graphemes walked once: a grapheme's glyph box for its first
    /// character, and no width at its trailing edge for the others (an emoji family's joiners, a letter's accent);
    /// no width at the caret before it for a character no glyph shows (a line break, a space hanging at a soft
    /// wrap). A screen reader's places for every character of a wrapped row, right in a mixed-direction row too,
    /// where the carets on either side of a character are not its edges.
    pub fn boxes(&self, text: &str, bytes: &[usize]) -> Vec<(f32, f32)> {
        let mut shown: Vec<Grapheme> = self.runs.iter().flat_map(|run| graphemes(run, text)).collect();
        shown.sort_by_key(|g| g.start);
        bytes
            .iter()
            .map(|&byte| {
                let k = shown.partition_point(|g| g.start <= byte);
                match k.checked_sub(1).map(|k| shown[k]).filter(|g| byte < g.end) {
                    Some(g) if g.start == byte => (g.leading.min(g.trailing), g.leading.max(g.trailing)),
                    Some(g) => (g.trailing, g.trailing),
                    None => {
                        let x = self.caret_x(text, byte);
                        (x, x)
                    }
                }
            })
            .collect()
    }

    /// Where the caret stands between the grapheme `before` that ends at `byte` and the one `after` that starts
    /// there: see the module docs for the rule at a direction boundary.
    fn between(&self, before: Option<Grapheme>, after: Option<Grapheme>, byte: usize) -> f32 {
        match (before, after) {
            (Some(b), Some(a)) => {
                if (b.trailing - a.leading).abs() < 0.01 || b.rtl == a.rtl {
                    a.leading
                } else if b.rtl == self.rtl {
                    b.trailing
                } else {
                    a.leading
                }
            }
            (Some(b), None) => b.trailing,
            (None, Some(a)) => a.leading,
            (None, None) => self.edge(byte),
        }
    }

    /// Where the caret stands for a byte no run shows: the line's start edge before it, its end edge after it
    /// (the hanging whitespace of a soft break).
    fn edge(&self, byte: usize) -> f32 {
        let at_end = byte > self.bytes.start || self.runs.is_empty() && byte >= self.bytes.end;
        let right = if at_end { !self.rtl } else { self.rtl };
        if right { self.width_px } else { 0.0 }
    }

    /// The grapheme boundary (logical byte) whose caret stands nearest to `x` px from the line's left. Nearest by
    /// where [`Line::caret_x`] draws it, not by the nearest glyph edge: at a direction boundary a byte has two
    /// edges and its caret stands at only one, so the nearest edge could put the caret far from `x` (edit fuzz,
    /// seed 6: Down from a line's start landed mid-line in Arabic).
    pub fn hit(&self, text: &str, x: f32) -> usize {
        if self.runs.is_empty() {
            return self.bytes.start;
        }
        let shown: Vec<Grapheme> = self.runs.iter().flat_map(|run| graphemes(run, text)).collect();
        let starting: HashMap<usize, Grapheme> = shown.iter().map(|g| (g.start, *g)).collect();
        let ending: HashMap<usize, Grapheme> = shown.iter().map(|g| (g.end, *g)).collect();
        let caret = |byte: usize| self.between(ending.get(&byte).copied(), starting.get(&byte).copied(), byte);
        let mut best = (f32::INFINITY, self.bytes.start);
        for g in &shown {
            // A grapheme of the text may span two of HarfBuzz's clusters (a Devanagari conjunct): the caret never
            // stands between them (edit fuzz, seed 22).
            for byte in [g.start, g.end].into_iter().filter(|&b| is_grapheme_boundary(text, b)) {
                let d = (caret(byte) - x).abs();
                if d < best.0 {
                    best = (d, byte);
                }
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use goldberry_natives::glyphs::{GlyphPlacement, GlyphRun};

    use super::*;
    use crate::geom::FontId;

    /// A run of glyphs `advance` units wide (1000 per em, 10 px), one per cluster start in `clusters` (visual
    /// order).
    fn run(bytes: std::ops::Range<usize>, clusters: &[u32], rtl: bool, x: f32) -> Run {
        let glyphs = GlyphRun {
            glyphs: vec![1; clusters.len()],
            placements: vec![GlyphPlacement { advance_x: 1000, ..GlyphPlacement::default() }; clusters.len()],
            clusters: clusters.to_vec(),
            units_per_em: 1000,
        };
        let width_px = clusters.len() as f32 * 10.0;
        Run { bytes, rtl, font: FontId(0), family: "Test", colour: None, x, width_px, glyphs: Arc::new(glyphs) }
    }

    #[test]
    fn a_ligature_splits_its_advance_by_its_graphemes() {
        // "ffi" as one glyph (cluster 0), then "x".
        let line = Line { bytes: 0..4, width_px: 20.0, runs: vec![run(0..4, &[0, 3], false, 0.0)], rtl: false };
        let text = "ffix";
        let xs: Vec<f32> = (0..=4).map(|b| line.caret_x(text, b)).collect();
        assert!((xs[1] - 10.0 / 3.0).abs() < 1e-4 && (xs[2] - 20.0 / 3.0).abs() < 1e-4, "{xs:?}");
        assert_eq!((xs[0], xs[3], xs[4]), (0.0, 10.0, 20.0));
        assert_eq!(line.hit(text, 3.0), 1);
        assert_eq!(line.hit(text, 19.0), 4);
    }

    #[test]
    fn at_a_direction_boundary_the_caret_follows_the_line_direction() {
        // Logical "ab" + two Hebrew letters (2 bytes each): visual "ab" then the Hebrew run reversed.
        let text = "ab\u{5d0}\u{5d1}";
        let ltr = run(0..2, &[0, 1], false, 0.0);
        let rtl = run(2..6, &[4, 2], true, 20.0);
        let line = Line { bytes: 0..6, width_px: 40.0, runs: vec![ltr, rtl], rtl: false };
        // Byte 2: after "b" (x 20, LTR) or before the first Hebrew letter (its right edge, x 40): LTR line -> 20.
        assert_eq!(line.caret_x(text, 2), 20.0);
        assert_eq!(line.caret_x(text, 4), 30.0);
        assert_eq!(line.caret_x(text, 6), 20.0);
        let line = Line { rtl: true, ..line };
        assert_eq!(line.caret_x(text, 2), 40.0);
        assert_eq!(line.hit(text, 39.0), 2);
    }

    #[test]
    fn a_character_s_box_is_its_glyph_s_in_either_direction_and_a_later_character_of_a_grapheme_has_no_width() {
        // "ab", two Hebrew letters (2 bytes each, drawn right to left), "e" and a combining acute, then a break.
        let text = "ab\u{5d0}\u{5d1}e\u{301}\n";
        let ltr = run(0..2, &[0, 1], false, 0.0);
        let rtl = run(2..6, &[4, 2], true, 20.0);
        let accent = run(6..9, &[6], false, 40.0);
        let line = Line { bytes: 0..9, width_px: 50.0, runs: vec![ltr, rtl, accent], rtl: false };
        let bytes = [0, 1, 2, 4, 6, 7, 9];
        let boxes = line.boxes(text, &bytes);
        assert_eq!(boxes[..2], [(0.0, 10.0), (10.0, 20.0)]);
        assert_eq!(boxes[2..4], [(30.0, 40.0), (20.0, 30.0)], "the first Hebrew letter is drawn rightmost");
        assert_eq!(boxes[4..6], [(40.0, 50.0), (50.0, 50.0)], "the accent sits at the end of its letter's box");
        assert_eq!(boxes[6], (50.0, 50.0), "the break, where the caret after the line stands");
    }
}
