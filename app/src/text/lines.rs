//! Wrapping a shaped hard line: greedy, at UAX #14 opportunities (a segment wider than the line breaks between
//! grapheme clusters instead of overflowing, which also serves scripts without spaces such as Thai), then each
//! line's runs in visual order, cut from the shaped items without shaping again.

use std::ops::Range;
use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

use super::bidi::{line_levels, visual_runs};
use super::breaks::visible_end;
use super::shape::ShapedPiece;
use super::{FaceSet, Line, Run, sub_run};
use crate::geom::FontId;

/// One wrapped line of a hard line: its bytes (hanging whitespace included), where its visible part ends, and
/// its width in pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    pub bytes: Range<usize>,
    pub visible_end: usize,
    pub width_px: f32,
}

/// The prefix sums of a piece's advances at `size_px`: `sums[b]` is the width of bytes `0..b`.
pub fn prefix_widths(piece: &ShapedPiece, size_px: f32) -> Vec<f64> {
    let mut sums = Vec::with_capacity(piece.advances.len() + 1);
    let mut total = 0.0f64;
    sums.push(0.0);
    for &advance in &piece.advances {
        total += f64::from(advance) * f64::from(size_px);
        sums.push(total);
    }
    sums
}

/// The lines `piece` wraps into at `max_width_px` (`None`: one line) at `size_px`.
pub fn wrap(piece: &ShapedPiece, size_px: f32, max_width_px: Option<f32>) -> Vec<Span> {
    let text: &str = &piece.text;
    let sums = prefix_widths(piece, size_px);
    let width = |a: usize, b: usize| (sums[b] - sums[a]) as f32;
    let span = |a: usize, b: usize, last: bool| {
        let visible = if last { b } else { visible_end(text, a, b) };
        Span { bytes: a..b, visible_end: visible, width_px: width(a, visible) }
    };
    let Some(max) = max_width_px.filter(|w| w.is_finite()) else {
        return vec![span(0, text.len(), true)];
    };
    // Half a hundredth of a pixel of slack: a text measured at a width must fit that width.
    let max = max + 0.005;
    let mut lines = Vec::new();
    let mut start = 0;
    let mut last_fit: Option<usize> = None;
    let mut i = 0;
    while i < piece.breaks.len() {
        let (b, mandatory) = piece.breaks[i];
        if b <= start {
            i += 1;
            continue;
        }
        let mut fits = width(start, visible_end(text, start, b)) <= max;
        if !fits && let Some(fit) = last_fit {
            lines.push(span(start, fit, false));
            start = fit;
            last_fit = None;
            continue;
        }
        if !fits {
            // A segment wider than the line: cut it between grapheme clusters, as many as fit (at least one).
            let end = visible_end(text, start, b);
            let mut cut = start;
            for (offset, cluster) in text[start..end].grapheme_indices(true) {
                let next = start + offset + cluster.len();
                if cut > start && width(start, next) > max {
                    break;
                }
                cut = next;
            }
            if cut < end {
                lines.push(span(start, cut, false));
                start = cut;
                continue;
            }
            // The whole segment is one cluster: it overflows on a line of its own.
            fits = true;
        }
        if fits {
            last_fit = Some(b);
            if mandatory && b < text.len() {
                lines.push(span(start, b, false));
                start = b;
                last_fit = None;
            }
            i += 1;
        }
    }
    lines.push(span(start, text.len(), true));
    lines
}

/// The font id and family of each face a layout used so far: asking the font book takes its lock, and a line of
/// mixed scripts has many runs.
pub type FaceIds = Vec<(usize, FontId, &'static str, Option<&'static str>)>;

/// The runs of `span` (a line of `piece`, which starts at byte `offset` of the whole text) in visual order.
pub fn runs(
    faces: &dyn FaceSet,
    ids: &mut FaceIds,
    piece: &ShapedPiece,
    span: &Span,
    offset: usize,
    size_px: f32,
) -> Vec<Run> {
    let visible = span.bytes.start..span.visible_end;
    let mut out = Vec::new();
    if visible.is_empty() {
        return out;
    }
    let levels = line_levels(&piece.levels, visible.clone());
    let mut x = 0.0f32;
    for (range, level) in visual_runs(&levels, visible.start) {
        // The items the level run crosses, in logical order, reversed when it runs right to left.
        let first = piece.items.partition_point(|item| item.bytes.end <= range.start);
        let mut parts: Vec<(usize, Range<usize>)> = Vec::new();
        for (k, item) in piece.items.iter().enumerate().skip(first) {
            if item.bytes.start >= range.end {
                break;
            }
            parts.push((k, item.bytes.start.max(range.start)..item.bytes.end.min(range.end)));
        }
        let rtl = level % 2 == 1;
        if rtl {
            parts.reverse();
        }
        for (k, part) in parts {
            let item = &piece.items[k];
            let glyphs = &item.run;
            // The run's clusters are `item.base` short of the hard line's offsets.
            let (lo, hi) = (part.start as u32 - item.base, part.end as u32 - item.base);
            // Glyphs of a run shaped left to right have ascending clusters, right to left descending.
            let item_rtl = item.level % 2 == 1;
            let glyph_range = if item_rtl {
                glyphs.clusters.partition_point(|&c| c >= hi)..glyphs.clusters.partition_point(|&c| c >= lo)
            } else {
                glyphs.clusters.partition_point(|&c| c < lo)..glyphs.clusters.partition_point(|&c| c < hi)
            };
            let cut = sub_run(glyphs, glyph_range, offset as u32 + item.base);
            let width_px = cut.width_px(size_px);
            let (font, family, colour) = match ids.iter().find(|id| id.0 == item.face) {
                Some(&(_, font, family, colour)) => (font, family, colour),
                None => {
                    let face = item.face;
                    let id = (face, faces.font_id(face, size_px), faces.family(face), faces.colour_format(face));
                    ids.push(id);
                    (id.1, id.2, id.3)
                }
            };
            out.push(Run {
                bytes: offset + part.start..offset + part.end,
                rtl,
                font,
                family,
                colour,
                x,
                width_px,
                glyphs: Arc::new(cut),
            });
            x += width_px;
        }
    }
    out
}

/// The lines of `piece` (at byte `offset` of the whole text) wrapped at `max_width_px`, with their runs.
pub fn lay_out(
    faces: &dyn FaceSet,
    piece: &ShapedPiece,
    offset: usize,
    size_px: f32,
    max_width_px: Option<f32>,
) -> Vec<Line> {
    let rtl = piece.levels.rtl();
    let mut ids = FaceIds::new();
    wrap(piece, size_px, max_width_px)
        .into_iter()
        .map(|span| {
            let runs = runs(faces, &mut ids, piece, &span, offset, size_px);
            let width_px = runs.iter().map(|run| run.width_px).sum();
            Line { bytes: offset + span.bytes.start..offset + span.bytes.end, width_px, runs, rtl }
        })
        .collect()
}
