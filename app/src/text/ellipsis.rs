//! Ellipsis: a text that does not fit one line of a box ends with "…" at a grapheme cluster boundary.

use std::sync::Arc;

use goldberry_natives::NativeError;

use super::breaks::hangs;
use super::layout::{layout, prefix_widths_of};
use super::segment::grapheme_boundaries;
use super::shape::Shaper;
use super::{FaceSet, Line, Run, TextStyle};

/// The ellipsis character.
pub const ELLIPSIS: &str = "\u{2026}";

/// One line of `text` that fits `max_width_px`: its first hard line whole when that fits and nothing follows it,
/// otherwise the longest prefix of it cut at a grapheme boundary (trailing spaces dropped) that fits with "…"
/// after it, at the line's end edge. The ellipsis run's bytes are empty, at the cut.
pub fn ellipsized(
    faces: &dyn FaceSet,
    shaper: &Shaper,
    style: &TextStyle,
    text: &str,
    max_width_px: f32,
) -> Result<Line, NativeError> {
    let first = text.split('\n').next().unwrap_or_default();
    let more = first.len() < text.len();
    let whole = layout(faces, shaper, style, first, None)?;
    let line = whole.lines.first().cloned().unwrap_or_default();
    if !more && line.width_px <= max_width_px + 0.005 {
        return Ok(line);
    }
    let mark = layout(faces, shaper, style, ELLIPSIS, None)?;
    let mark_line = mark.lines.first().cloned().unwrap_or_default();
    let budget = f64::from(max_width_px - mark_line.width_px);
    let widths = prefix_widths_of(faces, shaper, style, first)?;
    let mut cut = 0;
    for b in grapheme_boundaries(first) {
        if widths.get(b).copied().unwrap_or(f64::INFINITY) <= budget + 0.005 {
            cut = b;
        } else {
            break;
        }
    }
    let cut = first[..cut].trim_end_matches(hangs).len();
    let prefix = layout(faces, shaper, style, &first[..cut], None)?;
    let mut out = prefix.lines.first().cloned().unwrap_or_default();
    out.rtl = line.rtl;
    let mut mark_runs: Vec<Run> = mark_line
        .runs
        .into_iter()
        .map(|run| {
            let mut glyphs = (*run.glyphs).clone();
            glyphs.clusters.iter_mut().for_each(|c| *c = cut as u32);
            Run { bytes: cut..cut, glyphs: Arc::new(glyphs), ..run }
        })
        .collect();
    if out.rtl {
        for run in &mut out.runs {
            run.x += mark_line.width_px;
        }
        mark_runs.append(&mut out.runs);
        out.runs = mark_runs;
    } else {
        for run in &mut mark_runs {
            run.x += out.width_px;
        }
        out.runs.append(&mut mark_runs);
    }
    out.width_px += mark_line.width_px;
    out.bytes = 0..cut;
    Ok(out)
}
