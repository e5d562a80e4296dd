//! A whole text laid out: its hard lines shaped (through the cache), wrapped, and the result cached per style,
//! width and text.

use std::sync::Arc;

use goldberry_natives::NativeError;

use super::lines::{FaceIds, lay_out, prefix_widths, runs, wrap};
use super::shape::{Shaper, quantize_width};
use super::{BaseDirection, FaceSet, Line, Paragraph, TextStyle};

/// `text` (hard breaks at `\n`) laid out in `style`, wrapped at `max_width_px` (`None`: not wrapped), cached.
pub fn layout(
    faces: &dyn FaceSet,
    shaper: &Shaper,
    style: &TextStyle,
    text: &str,
    max_width_px: Option<f32>,
) -> Result<Arc<Paragraph>, NativeError> {
    let width_key = quantize_width(max_width_px);
    if let Some(cached) = shaper.cached_paragraph(style.font, &style.features, style.direction, width_key, text) {
        return Ok(cached);
    }
    let (primary, size_px) = faces.face_of(style.font);
    let pieces = shaper.pieces(faces, primary, &style.features, style.direction, text)?;
    let mut lines = Vec::new();
    let mut offset = 0;
    let mut rtl = None;
    for piece in &pieces {
        if rtl.is_none() && (piece.levels.has_strong || style.direction != BaseDirection::Auto) {
            rtl = Some(piece.levels.rtl());
        }
        lines.extend(lay_out(faces, piece, offset, size_px, max_width_px));
        offset += piece.text.len() + 1;
    }
    let width_px = lines.iter().map(|line| line.width_px).fold(0.0, f32::max);
    let paragraph = Arc::new(Paragraph { lines, width_px, rtl: rtl.unwrap_or(false) });
    shaper.cache_paragraph(style.font, &style.features, style.direction, width_key, text, &paragraph);
    Ok(paragraph)
}

/// `text` laid out as [`layout`] lays it out, but with runs only on the lines `pick` chooses (given every line's
/// bytes and width, without runs), and not cached: for an editor whose text may be long, so that a keystroke costs
/// the wrapping of its text and the runs of the lines a person sees, not the runs of every line (a 1 MiB paragraph
/// has some 15,000). A line not picked has no runs: its caret and hit test stand at its start.
pub fn layout_picked(
    faces: &dyn FaceSet,
    shaper: &Shaper,
    style: &TextStyle,
    text: &str,
    max_width_px: Option<f32>,
    pick: &mut dyn FnMut(&[Line]) -> Vec<std::ops::Range<usize>>,
) -> Result<Paragraph, NativeError> {
    let (primary, size_px) = faces.face_of(style.font);
    let pieces = shaper.pieces(faces, primary, &style.features, style.direction, text)?;
    let mut lines = Vec::new();
    // Which piece each line is of, its span and the piece's offset: what its runs are cut from when picked.
    let mut spans = Vec::new();
    let mut offset = 0;
    let mut rtl = None;
    for (k, piece) in pieces.iter().enumerate() {
        if rtl.is_none() && (piece.levels.has_strong || style.direction != BaseDirection::Auto) {
            rtl = Some(piece.levels.rtl());
        }
        let piece_rtl = piece.levels.rtl();
        for span in wrap(piece, size_px, max_width_px) {
            let bytes = offset + span.bytes.start..offset + span.bytes.end;
            lines.push(Line { bytes, width_px: span.width_px, runs: Vec::new(), rtl: piece_rtl });
            spans.push((k, span, offset));
        }
        offset += piece.text.len() + 1;
    }
    let mut ids = FaceIds::new();
    for range in pick(&lines) {
        for i in range.start..range.end.min(lines.len()) {
            if !lines[i].runs.is_empty() {
                continue;
            }
            let (k, span, offset) = &spans[i];
            lines[i].runs = runs(faces, &mut ids, &pieces[*k], span, *offset, size_px);
            lines[i].width_px = lines[i].runs.iter().map(|run| run.width_px).sum();
        }
    }
    let width_px = lines.iter().map(|line| line.width_px).fold(0.0, f32::max);
    Ok(Paragraph { lines, width_px, rtl: rtl.unwrap_or(false) })
}

/// The width in pixels of the logical prefix `text[..b]` of a hard line, for every byte `b` (prefix sums of the
/// shaped advances; a prefix's own shaping may differ slightly at its cut).
pub fn prefix_widths_of(
    faces: &dyn FaceSet,
    shaper: &Shaper,
    style: &TextStyle,
    line: &str,
) -> Result<Vec<f64>, NativeError> {
    let (primary, size_px) = faces.face_of(style.font);
    let pieces = shaper.pieces(faces, primary, &style.features, style.direction, line)?;
    Ok(pieces.first().map(|piece| prefix_widths(piece, size_px)).unwrap_or_else(|| vec![0.0]))
}
