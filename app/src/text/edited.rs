//! An edited text laid out again from its last layout, touching only the part the edit changed: the lines before
//! it are kept, the lines from a little before it are wrapped again until one starts where a line started before
//! (shifted by what the edit added), and the lines from there are the old ones, shifted. Greedy wrapping from a
//! line start over the same text gives the same lines, so that is where the new layout meets the old.
//!
//! The part wrapped again is shaped on its own, from a line start: its first hard line at that line's base
//! direction (rule P2 over the whole hard line), like a long line's chunks ([`super::shape`]). As there, the price
//! is that no shaping context, bidi bracket pair or face carried along a run of neutral characters crosses that
//! line start, so a long line may wrap a little otherwise than a fresh layout would. A hard line short enough to
//! be shaped whole is wrapped again whole, and comes out exactly as a fresh layout (the editing fuzz checks it).
//! Lines keep runs only where `pick` asks, as in [`super::layout::layout_picked`].

use std::ops::Range;

use goldberry_natives::NativeError;
use goldberry_natives::glyphs::GlyphRun;

use super::breaks::visible_end;
use super::layout::layout_picked;
use super::lines::{FaceIds, Span, runs, wrap};
use super::shape::{CHUNKED_LINE, ShapedPiece, Shaper};
use super::{BaseDirection, FaceSet, Line, Paragraph, Run, TextStyle};
use std::sync::Arc;

/// How far past the edit (bytes) the first try wraps, looking for the line where the new layout meets the old;
/// each further try reaches four times as far.
const REACH: usize = 1024;

/// The last layout of a text in the same style and width: its text and its lines.
#[derive(Debug, Clone, Copy)]
pub struct Before<'a> {
    pub text: &'a str,
    pub paragraph: &'a Paragraph,
}

/// `text` laid out at `max_width_px` in `style` from its last layout `before` (see the module docs); runs on the
/// lines `pick` chooses.
pub fn layout_edited(
    faces: &dyn FaceSet,
    shaper: &Shaper,
    style: &TextStyle,
    before: Before<'_>,
    text: &str,
    max_width_px: f32,
    pick: &mut dyn FnMut(&[Line]) -> Vec<Range<usize>>,
) -> Result<Paragraph, NativeError> {
    let old = before.paragraph;
    let size_px = faces.face_of(style.font).1;
    let lines = match relaid(faces, shaper, style, before, text, max_width_px, size_px)? {
        Some(lines) => lines,
        None => return layout_picked(faces, shaper, style, text, Some(max_width_px), pick),
    };
    let mut lines = lines;
    let mut ids = FaceIds::new();
    let mut wanted: Vec<usize> = Vec::new();
    for range in pick(&lines) {
        wanted.extend((range.start..range.end.min(lines.len())).filter(|&i| lines[i].runs.is_empty()));
    }
    wanted.sort_unstable();
    wanted.dedup();
    // Each run of neighbouring lines is shaped once, as one part.
    let mut i = 0;
    while i < wanted.len() {
        let mut j = i + 1;
        while j < wanted.len() && wanted[j] == wanted[j - 1] + 1 {
            j += 1;
        }
        let (first, last) = (wanted[i], wanted[j - 1]);
        let part = lines[first].bytes.start..lines[last].bytes.end;
        let pieces = part_pieces(faces, shaper, style, text, part, true)?;
        for &k in &wanted[i..j] {
            let line = &lines[k];
            let Some((offset, piece)) = pieces.iter().rev().find(|(offset, _)| *offset <= line.bytes.start) else {
                continue;
            };
            let local = line.bytes.start - offset..line.bytes.end - offset;
            // A soft-wrapped line's trailing spaces hang; a hard line's last line keeps them, as wrapping does.
            let hard_end = line.bytes.end == text.len() || text.as_bytes().get(line.bytes.end) == Some(&b'\n');
            let visible = if hard_end { local.end } else { visible_end(&piece.text, local.start, local.end) };
            let span = Span { bytes: local, visible_end: visible, width_px: line.width_px };
            let cut = runs(faces, &mut ids, piece, &span, *offset, size_px);
            lines[k].width_px = cut.iter().map(|run| run.width_px).sum();
            lines[k].runs = cut;
        }
        i = j;
    }
    let rtl = match style.direction {
        BaseDirection::Auto if text.len() == before.text.len() && text == before.text => old.rtl,
        BaseDirection::Auto => super::bidi::base_rtl(text),
        direction => direction == BaseDirection::Rtl,
    };
    let width_px = lines.iter().map(|line| line.width_px).fold(0.0, f32::max);
    Ok(Paragraph { lines, width_px, rtl })
}

/// The new lines, without runs where they changed or moved; `None` when the last layout cannot serve (it is
/// empty, or the new layout never met it).
fn relaid(
    faces: &dyn FaceSet,
    shaper: &Shaper,
    style: &TextStyle,
    before: Before<'_>,
    text: &str,
    width: f32,
    size_px: f32,
) -> Result<Option<Vec<Line>>, NativeError> {
    let old = &before.paragraph.lines;
    if old.is_empty() {
        return Ok(None);
    }
    let (a, b) = (before.text.as_bytes(), text.as_bytes());
    let mut prefix = common_prefix(a, b);
    if prefix == a.len() && prefix == b.len() {
        return Ok(Some(old.clone()));
    }
    while !text.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let suffix = common_suffix(a, b).min(a.len().min(b.len()) - prefix);
    let mut changed_end = text.len() - suffix;
    while !text.is_char_boundary(changed_end) {
        changed_end += 1;
    }
    let delta = text.len() as isize - before.text.len() as isize;
    // Two lines before the one the edit starts in: an edit may let a word move up a line, and a kerning pair or a
    // bidi level just before the edit may change.
    let k = old.partition_point(|line| line.bytes.start <= prefix).saturating_sub(1);
    // The hard lines before the edit's are paragraphs of their own, untouched. A hard line short enough to be
    // shaped whole is wrapped again whole, from its start: shaped as a fresh layout shapes it, it breaks where a
    // fresh layout breaks it (a face or a bidi level may carry far along a run of neutral characters).
    let line_start = text[..prefix].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[prefix..].find('\n').map_or(text.len(), |i| prefix + i);
    let Some(at_line_start) = old_line_at(old, line_start) else { return Ok(None) };
    let whole = line_end - line_start <= CHUNKED_LINE;
    let first = if whole { at_line_start } else { k.saturating_sub(2).max(at_line_start) };
    let start = old[first].bytes.start;
    let mut reach = REACH;
    loop {
        let hard_end = text[changed_end..].find('\n').map_or(text.len(), |i| changed_end + i);
        let capped = hard_end - changed_end > reach;
        let end = if capped { super::segment::snap(text, changed_end + reach) } else { hard_end };
        let (region, short) = wrap_part(faces, shaper, style, text, start..end, size_px, width)?;
        // The new lines meet the old where a line at or past the edit's end starts where an old one started; the
        // region's last line is cut short when the region was, so it cannot tell.
        let usable = if capped { region.len().saturating_sub(1) } else { region.len() };
        // A whole line past the edit is wrapped again first: shaping and bidi reach a little past an edit (a
        // kerning pair, a neutral's level), so the line right after it may break where it did not. In a hard line
        // shaped whole the reach has no bound (a face or a bidi level carried along a run of neutral characters:
        // digits after an Arabic letter, commas after a Devanagari word), so the layouts meet only where such a
        // line starts.
        let mut candidates = region[..usable].iter().enumerate().skip(2).map(|(r, line)| (r, line.bytes.start));
        let meeting = candidates.find_map(|(r, at)| {
            let was = at as isize - delta;
            let past = region[r - 1].bytes.start >= changed_end;
            let hard_start = text.as_bytes().get(at.wrapping_sub(1)) == Some(&b'\n');
            let may = past && was >= 0 && (hard_start || !short[r]);
            may.then(|| old_line_at(old, was as usize)).flatten().map(|j| (r, j))
        });
        let meeting = meeting.or_else(|| {
            // Past the region's hard line, the next one starts a line in both layouts.
            let next = end + 1;
            (!capped && end < text.len())
                .then(|| old_line_at(old, (next as isize - delta) as usize))
                .flatten()
                .map(|j| (region.len(), j))
        });
        if let Some((r, j)) = meeting {
            let mut lines = Vec::with_capacity(first + r + old.len() - j);
            lines.extend_from_slice(&old[..first]);
            lines.extend(region.into_iter().take(r));
            lines.extend(old[j..].iter().map(|line| shift_line(line, delta)));
            return Ok(Some(lines));
        }
        if !capped && end == text.len() {
            let mut lines = old[..first].to_vec();
            lines.extend(region);
            return Ok(Some(lines));
        }
        // A text that repeats itself past the edit (a paragraph pasted again and again) wraps into a cycle of its
        // own, which may never meet the old lines: its lines are the cycle's, a period further each time.
        if capped && let Some(tail) = periodic(text, &region[..usable], changed_end, hard_end) {
            let resume = tail.last().map_or(start, |line| line.bytes.end);
            let (rest, _) = wrap_part(faces, shaper, style, text, resume..hard_end, size_px, width)?;
            let past = if hard_end < text.len() {
                match old_line_at(old, shift(hard_end + 1, -delta)) {
                    Some(j) => j,
                    None => return Ok(None),
                }
            } else {
                old.len()
            };
            let mut lines = old[..first].to_vec();
            lines.extend(tail);
            lines.extend(rest);
            lines.extend(old[past..].iter().map(|line| shift_line(line, delta)));
            return Ok(Some(lines));
        }
        // A text that repeats itself exactly may wrap a line's worth out of step to its end (greedy wrapping of a
        // period can cycle out of phase): then the whole text is wrapped afresh.
        if reach > text.len() {
            return Ok(None);
        }
        reach *= 4;
    }
}

/// How far past a line's end the wrapping of it may look (a break opportunity, a hanging space): a copy of a line
/// stands for a wrapped one only with this much of the period after it.
const LOOKAHEAD: usize = 1024;

/// The lines of a text that repeats itself from `changed_end` to `hard_end`, from the new `region` (its lines from
/// a line start before the edit) on: the region's lines up to where a line start's place in the period comes round
/// again, then that cycle of lines repeated, each time as far on as the cycle spans, while the text after it still
/// repeats. `None` when the text does not repeat, or the region holds no full cycle. Greedy wrapping from a line
/// start over the same text gives the same lines, so a cycle's copy is the line wrapping would give there.
fn periodic(text: &str, region: &[Line], changed_end: usize, hard_end: usize) -> Option<Vec<Line>> {
    const NEEDLE: usize = 64;
    let bytes = text.as_bytes();
    if hard_end.saturating_sub(changed_end) < 16 * LOOKAHEAD {
        return None;
    }
    // The period: where the text right after the edit comes again, if the whole rest repeats at that distance.
    let needle = &bytes[changed_end..changed_end + NEEDLE];
    let period = 1 + bytes[changed_end + 1..hard_end].windows(NEEDLE).position(|w| w == needle)?;
    if hard_end - changed_end < 2 * period
        || bytes[changed_end..hard_end - period] != bytes[changed_end + period..hard_end]
    {
        return None;
    }
    // The first line start past the edit whose place in the period an earlier one had: a cycle of lines.
    let mut seen: Vec<(usize, usize)> = Vec::new();
    let mut cycle = None;
    for (r, line) in region.iter().enumerate().filter(|(_, l)| l.bytes.start >= changed_end) {
        let phase = (line.bytes.start - changed_end) % period;
        if let Some(&(_, first)) = seen.iter().find(|(p, _)| *p == phase) {
            cycle = Some((first, r));
            break;
        }
        seen.push((phase, r));
    }
    let (first, again) = cycle?;
    let span = region[again].bytes.start - region[first].bytes.start;
    let mut lines: Vec<Line> = region[..again].to_vec();
    let mut k = 1;
    'copies: loop {
        for line in &region[first..again] {
            let by = k * span;
            if line.bytes.end + by + LOOKAHEAD > hard_end {
                break 'copies;
            }
            lines.push(Line {
                bytes: line.bytes.start + by..line.bytes.end + by,
                width_px: line.width_px,
                runs: Vec::new(),
                rtl: line.rtl,
            });
        }
        k += 1;
    }
    Some(lines)
}

/// An old `line` moved by `delta` bytes, where the edit pushed it.
fn shift_line(line: &Line, delta: isize) -> Line {
    Line {
        bytes: shift(line.bytes.start, delta)..shift(line.bytes.end, delta),
        width_px: line.width_px,
        // The few lines with runs (those shown) keep them, moved: shaping them again would cost more.
        runs: line.runs.iter().map(|run| shift_run(run, delta)).collect(),
        rtl: line.rtl,
    }
}

/// `run` moved by `delta` bytes: its bytes and its glyphs' clusters.
fn shift_run(run: &Run, delta: isize) -> Run {
    let mut glyphs = GlyphRun::clone(&run.glyphs);
    for cluster in &mut glyphs.clusters {
        *cluster = (*cluster as isize + delta).max(0) as u32;
    }
    Run { bytes: shift(run.bytes.start, delta)..shift(run.bytes.end, delta), glyphs: Arc::new(glyphs), ..run.clone() }
}

fn shift(at: usize, delta: isize) -> usize {
    (at as isize + delta).max(0) as usize
}

/// The index of the old line that starts at `at`, if one does.
fn old_line_at(old: &[Line], at: usize) -> Option<usize> {
    let j = old.partition_point(|line| line.bytes.start < at);
    old.get(j).filter(|line| line.bytes.start == at).map(|_| j)
}

/// The bytes `part` of `text` (from a line start) shaped, one piece per hard line in it, each with the byte of
/// `text` it starts at: the first at its whole hard line's base direction when it starts inside that line.
fn part_pieces(
    faces: &dyn FaceSet,
    shaper: &Shaper,
    style: &TextStyle,
    text: &str,
    part: Range<usize>,
    whole_short: bool,
) -> Result<Vec<(usize, Arc<ShapedPiece>)>, NativeError> {
    let primary = faces.face_of(style.font).0;
    let mut part = part;
    // With `whole_short`, a short hard line is shaped whole (as wrapping shaped it, so the shaper's cache has it)
    // rather than the part of it asked for, whose text is new at every keystroke.
    let first_start = text[..part.start].rfind('\n').map_or(0, |i| i + 1);
    let first_end = text[part.start..].find('\n').map_or(text.len(), |i| part.start + i);
    if whole_short && first_end - first_start <= CHUNKED_LINE {
        part.start = first_start;
    }
    let last_start = text[..part.end].rfind('\n').map_or(0, |i| i + 1);
    let last_end = text[part.end..].find('\n').map_or(text.len(), |i| part.end + i);
    if whole_short && last_end - last_start <= CHUNKED_LINE {
        part.end = last_end;
    }
    let mut out = Vec::new();
    let mut at = part.start;
    for (n, piece) in text[part.clone()].split('\n').enumerate() {
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let direction = if n == 0 && at > line_start && style.direction == BaseDirection::Auto {
            let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
            match unicode_bidi::get_base_direction(&text[line_start..line_end]) {
                unicode_bidi::Direction::Rtl => BaseDirection::Rtl,
                _ => BaseDirection::Ltr,
            }
        } else {
            style.direction
        };
        let shaped = shaper.pieces(faces, primary, &style.features, direction, piece)?;
        if let Some(shaped) = shaped.into_iter().next() {
            out.push((at, shaped));
        }
        at += piece.len() + 1;
    }
    Ok(out)
}

/// The lines of the bytes `part` of `text` (from a line start), wrapped at `width`, without runs; and for each,
/// whether its hard line is short enough to be shaped whole.
fn wrap_part(
    faces: &dyn FaceSet,
    shaper: &Shaper,
    style: &TextStyle,
    text: &str,
    part: Range<usize>,
    size_px: f32,
    width: f32,
) -> Result<(Vec<Line>, Vec<bool>), NativeError> {
    let (mut lines, mut short) = (Vec::new(), Vec::new());
    for (offset, piece) in part_pieces(faces, shaper, style, text, part, false)? {
        let rtl = piece.levels.rtl();
        let end = offset + piece.text.len();
        // A piece is its whole hard line but at the part's ends, where the hard line goes on.
        let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
        let whole = line_end - line_start <= CHUNKED_LINE;
        for span in wrap(&piece, size_px, Some(width)) {
            let bytes = offset + span.bytes.start..offset + span.bytes.end;
            lines.push(Line { bytes, width_px: span.width_px, runs: Vec::new(), rtl });
            short.push(whole);
        }
    }
    Ok((lines, short))
}

/// How many bytes `a` and `b` start with in common, compared eight at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 8 <= n && a[i..i + 8] == b[i..i + 8] {
        i += 8;
    }
    while i < n && a[i] == b[i] {
        i += 1;
    }
    i
}

/// How many bytes `a` and `b` end with in common, compared eight at a time.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (ea, eb) = (a.len(), b.len());
    let mut i = 0;
    while i + 8 <= n && a[ea - i - 8..ea - i] == b[eb - i - 8..eb - i] {
        i += 8;
    }
    while i < n && a[ea - i - 1] == b[eb - i - 1] {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_common_ends_of_two_texts() {
        assert_eq!(common_prefix(b"hello world, again", b"hello wXrld, again"), 7);
        assert_eq!(common_suffix(b"hello world, again", b"hello wXrld, again"), 10);
        assert_eq!(common_suffix(b"ab", b"xab"), 2);
        assert_eq!(common_prefix(b"", b"x"), 0);
    }
}
