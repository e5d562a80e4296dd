//! One editor's text laid out, scrolled and drawn: the layout, caret and selection geometry that every text field
//! and area uses, the kit's and the text screen's alike, so that a fix to one is a fix to all. The text goes
//! through the text engine (UAX #9 runs in visual order, fallback faces, UAX #14 wrapping in an area); a caret
//! stands where HarfBuzz's clusters put it, on the side its run reads from; a long single line lays out only a
//! window around its caret; the selection is drawn where its glyphs are, and an open composition is underlined.
//!
//! A frame lays the text out ([`lay_out`]) from the one before ([`Laid`], which the widget keeps): its scroll, and
//! in an area its lines, so a keystroke wraps again only what it changed. The keys and clicks that come before the
//! next frame are placed against that [`Laid`], which is what the person saw.

use std::ops::Range;
use std::sync::{Arc, Mutex};

use crate::display_list::DisplayList;
use crate::fonts::FontBook;
use crate::geom::{Color, Rect};
use crate::scene::draw::text::line_runs;
use crate::text::edited::Before;
use crate::text::segment::{previous_grapheme, snap};
use crate::text::{Line, Paragraph, TextStyle};

/// A field longer than this lays out only a window around its caret, so a keystroke costs the same in a
/// 100,000-character field as in a short one.
pub const FIELD_WINDOW: usize = 512;

/// One text widget as the last frame laid it out.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Laid {
    /// The box the text is drawn in, window pixels.
    pub content: Rect,
    /// The byte of the widget's text the laid-out text starts at (a long field lays out only a window around its
    /// caret).
    pub start: usize,
    /// The text laid out (the widget's text from `start`, as it was then: events that come before the next frame
    /// are placed against what the person saw).
    pub text: Arc<str>,
    /// The laid-out text's lines.
    pub paragraph: Arc<Paragraph>,
    /// Each line's left edge inside `content` before scrolling (a right-to-left line is aligned right).
    pub line_x: Vec<f32>,
    /// From one line's top to the next.
    pub line_height: f32,
    /// How far the text is scrolled: x in the field, y in the area.
    pub scroll: f32,
    /// The style it was laid out in: the next layout starts from this one when the style and width are the same.
    pub style: Option<TextStyle>,
    /// The edit revision an area laid out, with no composition open: a screen reader's places are taken only from
    /// a layout of the text they name.
    pub revision: Option<u64>,
}

impl Laid {
    /// The laid-out line holding byte `at` of the widget's text (the last line past the end).
    pub fn line_of(&self, at: usize) -> usize {
        line_index(&self.paragraph.lines, at.saturating_sub(self.start))
    }

    /// How far it is scrolled as (x, y): sideways for one line (a field), down for lines (an area).
    fn scrolled(&self, multiline: bool) -> (f32, f32) {
        if multiline { (0.0, self.scroll) } else { (self.scroll, 0.0) }
    }

    /// The byte of the widget's text nearest to window point (x, y).
    pub fn byte_at(&self, x: f32, y: f32, horizontal: bool) -> usize {
        let lines = &self.paragraph.lines;
        if lines.is_empty() {
            return self.start;
        }
        let (sx, sy) = self.scrolled(!horizontal);
        let row = ((y - self.content.y + sy) / self.line_height.max(1.0)).floor();
        let i = (row.max(0.0) as usize).min(lines.len() - 1);
        self.byte_on_line(i, x - self.content.x + sx)
    }

    /// The byte of the widget's text nearest to `x` (px from the content's left, unscrolled) on line `i`, kept to
    /// the carets that stand on that line (see [`Laid::line_end`]).
    pub fn byte_on_line(&self, i: usize, x: f32) -> usize {
        let Some(line) = self.paragraph.lines.get(i) else { return self.start };
        let hit = self.start + line.hit(&self.text, x - self.line_x.get(i).copied().unwrap_or(0.0));
        hit.min(self.line_end(i))
    }

    /// The last byte of the widget's text a caret on line `i` may stand before: the line's end, or at a soft wrap
    /// (the next line starts where this one ends, and a caret there stands on the next line) the grapheme boundary
    /// before it, so End and a click at a wrapped line's right stay on that line.
    pub fn line_end(&self, i: usize) -> usize {
        let lines = &self.paragraph.lines;
        let Some(line) = lines.get(i) else { return self.start + self.text.len() };
        let wrapped = lines.get(i + 1).is_some_and(|next| next.bytes.start == line.bytes.end);
        let end = if wrapped {
            previous_grapheme(&self.text, line.bytes.end.min(self.text.len())).max(line.bytes.start)
        } else {
            line.bytes.end
        };
        self.start + end
    }

    /// The caret's x (px from the content's left, unscrolled) before byte `at` of the widget's text, on its line.
    pub fn caret_x(&self, at: usize) -> f32 {
        let i = self.line_of(at);
        let Some(line) = self.paragraph.lines.get(i) else { return 0.0 };
        let local = at.saturating_sub(self.start).min(self.text.len());
        self.line_x.get(i).copied().unwrap_or(0.0) + line.caret_x(&self.text, local)
    }

    /// The caret before byte `at` as drawn: a bar a line tall, in window pixels.
    pub fn caret_rect(&self, at: usize, multiline: bool) -> Rect {
        let (sx, sy) = self.scrolled(multiline);
        let x = self.content.x + self.caret_x(at) - sx;
        let y = self.content.y + self.line_of(at) as f32 * self.line_height - sy;
        Rect::new(x, y, 1.0, self.line_height)
    }

    /// The caret bar as [`draw`] draws it before byte `at`, in window pixels: 1 px a line tall beside the caret's
    /// x, on the side the text goes on (right of x in a left-to-right line), so it stands in the gap before the next
    /// glyph and never covers the one just typed (a bar centred on x covered the last column of "too"'s o, which
    /// then read as a d at 3x).
    pub fn caret_bar(&self, at: usize, multiline: bool) -> Rect {
        let bar = self.caret_rect(at, multiline);
        let rtl = self.paragraph.lines.get(self.line_of(at)).is_some_and(|line| line.rtl);
        Rect { x: if rtl { bar.x.round() - 1.0 } else { bar.x.round() }, ..bar }
    }

    /// Where the characters of `value` stand on this one line as drawn (window pixels, scrolled), for a screen
    /// reader; None when this layout is not of `value` (a composition since, or a newer text). Characters outside
    /// a long field's laid-out window stand at its edge, with no width (such a window is taken as `value`'s when
    /// its bytes are there: the tree is built after the frame that laid it out).
    pub fn placed(&self, value: &str) -> Option<super::Placed> {
        let end = self.start.checked_add(self.text.len())?;
        let whole = self.start == 0 && end == value.len();
        if self.paragraph.lines.len() != 1
            || !(whole || value.len() > FIELD_WINDOW)
            || value.get(self.start..end) != Some(&*self.text)
        {
            return None;
        }
        let bar = self.caret_rect(self.start, false);
        let carets = value
            .char_indices()
            .map(|(at, _)| at)
            .chain([value.len()])
            .map(|at| self.caret_rect(at.clamp(self.start, end), false).x)
            .collect();
        Some(super::Placed { y: bar.y, h: bar.h, carets })
    }

    /// Whether the text reads right to left as a whole (Left then moves on): the laid-out paragraph's direction, or
    /// the text's own when only a window of it was laid out (a window's direction may not be the text's).
    pub fn rtl(&self, text: &str) -> bool {
        if self.start == 0 && self.text.len() == text.len() {
            self.paragraph.rtl
        } else {
            crate::text::bidi::base_rtl(text)
        }
    }

    /// The height of all its lines, px.
    pub fn height(&self) -> f32 {
        self.paragraph.lines.len() as f32 * self.line_height
    }
}

/// The line of `lines` holding byte `at` of the text they lay out (the last line past the end): a caret at a soft
/// wrap stands at the start of the next line, at a hard break at the end of its own.
pub fn line_index(lines: &[Line], at: usize) -> usize {
    let i = lines.partition_point(|line| line.bytes.end < at);
    if i >= lines.len() {
        return lines.len().saturating_sub(1);
    }
    match lines.get(i + 1) {
        Some(next) if next.bytes.start == at => i + 1,
        _ => i,
    }
}

/// What a frame lays out: the text as shown (an open composition spliced in) and where its caret stands.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    /// The text as drawn.
    pub text: &'a str,
    /// The caret, a byte of `text`.
    pub caret: usize,
    /// Wrapped lines scrolled down (an area), not one line scrolled sideways (a field).
    pub multiline: bool,
    /// From one line's top to the next, px.
    pub line_height: f32,
}

/// Where the last frame left the scroll, and whether the caret moved since (it is then scrolled into view).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Scroll {
    /// x in a field, y in an area, px.
    pub at: f32,
    /// The caret moved: scroll so that it shows.
    pub reveal: bool,
}

/// Lays out `shown` in `content` in `style`: an area wrapped at its width, a field on one line (a window of it
/// around the caret when it is long); scrolled as far as `scroll` says, then so the caret shows when it moved.
/// `previous` is the last frame's layout: an area wraps again only what changed since.
pub fn lay_out(
    fonts: &FontBook,
    style: &TextStyle,
    content: Rect,
    shown: Shown<'_>,
    previous: &Laid,
    scroll: Scroll,
) -> Laid {
    let Shown { text, caret, multiline, line_height } = shown;
    let (start, end) = if multiline || text.len() <= 2 * FIELD_WINDOW {
        (0, text.len())
    } else {
        // The window moves in whole steps, so it stays put (and its shaping cached) while the caret moves inside.
        let block = caret / FIELD_WINDOW;
        let start = snap(text, (block * FIELD_WINDOW).saturating_sub(FIELD_WINDOW));
        let end = snap(text, (block * FIELD_WINDOW + 2 * FIELD_WINDOW).min(text.len()));
        (start, if end < text.len() && end <= start { text.len() } else { end })
    };
    let laid_out = if multiline {
        // The area's runs are cut only for the lines around the ones shown and the caret's: an area takes 1 MiB,
        // and cutting every line's runs was most of a keystroke's cost in a long text (issue 35).
        let shown_lines = (content.h / line_height.max(1.0)).ceil() as usize + 1;
        let mut pick = |lines: &[Line]| {
            let caret = line_index(lines, caret);
            let y = area_scroll(lines.len(), caret, line_height, content.h, scroll);
            let first = (y / line_height.max(1.0)).floor().max(0.0) as usize;
            // Enough lines either side that a Page key before the next frame still finds its runs.
            let margin = shown_lines + 1;
            vec![
                first.saturating_sub(margin)..first + shown_lines + margin,
                caret.saturating_sub(margin)..caret + margin,
            ]
        };
        // A keystroke wraps again only what it changed, from the last frame's lines (text::edited).
        let same = previous.style.as_ref() == Some(style) && previous.content.w == content.w;
        if same && !previous.paragraph.lines.is_empty() {
            let before = Before { text: &previous.text, paragraph: &previous.paragraph };
            fonts.layout_edited(style, before, text, content.w, &mut pick).map(Arc::new)
        } else {
            fonts.layout_picked(style, text, Some(content.w), &mut pick).map(Arc::new)
        }
    } else {
        fonts.layout(style, &text[start..end], None)
    };
    let paragraph = laid_out.unwrap_or_else(|e| {
        tracing::warn!("laying out the text: {e}");
        Arc::new(Paragraph::default())
    });
    let line_x: Vec<f32> = paragraph
        .lines
        .iter()
        .map(|line| if line.rtl && line.width_px <= content.w { content.w - line.width_px } else { 0.0 })
        .collect();
    let laid_text = Arc::from(&text[start..end]);
    let style = Some(style.clone());
    let mut laid =
        Laid { content, start, text: laid_text, paragraph, line_x, line_height, scroll: 0.0, style, revision: None };
    let at = caret;
    let caret = laid.caret_x(at);
    laid.scroll = if multiline {
        area_scroll(laid.paragraph.lines.len(), laid.line_of(at), line_height, content.h, scroll)
    } else {
        // A window that moved keeps the caret where it was on screen.
        let same_box = (previous.content.w, previous.content.h) == (content.w, content.h);
        let mut x = if previous.start != start && same_box {
            caret - (previous.caret_x(at) - previous.scroll).clamp(0.0, content.w)
        } else {
            scroll.at
        };
        if scroll.reveal {
            x = x.min(caret - 2.0).max(caret + 2.0 - content.w);
        }
        // A line wider than the box scrolls from its left edge (0) to where its right edge meets the box's: a
        // right-to-left line that overflows is laid from its left too, so its end (its logical start) is reached
        // by scrolling to the right.
        let width = laid.paragraph.width_px + 4.0;
        x.clamp(caret.min(0.0) - 2.0, (width - content.w).max(0.0).max(caret + 2.0 - content.w))
    };
    laid
}

/// What a layout was made from, besides where its box stands: the same text, caret, box size and scroll make the
/// same layout.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MemoKey {
    /// The edit's revision (it counts every change to the text and the composition).
    pub revision: u64,
    /// The caret in the text as shown.
    pub caret: usize,
    /// The content box's size.
    pub size: (f32, f32),
    /// The scroll it started from.
    pub scroll: Scroll,
}

/// A kit widget's last layout, kept between its drawing and the page's [`crate::widgets::Widget::lay_text`] in the
/// same frame: each would lay the text out again, which costs milliseconds in a 1 MiB area. A copy starts empty.
#[derive(Default)]
pub struct Memo(Mutex<Option<(MemoKey, Laid)>>);

impl Memo {
    /// The layout for `key` in `content`: the one kept when it was made from the same, moved to `content`; else
    /// `make()`, kept.
    pub fn get(&self, key: MemoKey, content: Rect, make: impl FnOnce() -> Laid) -> Laid {
        if let Ok(kept) = self.0.lock()
            && let Some((k, laid)) = kept.as_ref()
            && *k == key
        {
            return Laid { content, ..laid.clone() };
        }
        let laid = make();
        if let Ok(mut kept) = self.0.lock() {
            *kept = Some((key, laid.clone()));
        }
        laid
    }
}

impl Clone for Memo {
    fn clone(&self) -> Memo {
        Memo::default()
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

/// An area's y scroll over `lines` lines with the caret on line `caret`: as it was, moved so the caret's line
/// shows when it moved, kept within the text.
pub fn area_scroll(lines: usize, caret: usize, line_height: f32, height: f32, scroll: Scroll) -> f32 {
    let top = caret as f32 * line_height;
    let mut y = scroll.at;
    if scroll.reveal {
        y = y.min(top).max(top + line_height - height);
    }
    y.clamp(0.0, (lines as f32 * line_height - height).max(0.0))
}

/// How a laid-out text is drawn: its colours, and which bytes of the text as shown are selected, composing and
/// where the caret is.
#[derive(Debug, Clone)]
pub struct Look {
    /// The glyphs' colour.
    pub ink: Color,
    /// The selection's fill.
    pub highlight: Color,
    /// The selected bytes of the text as shown (empty: none). While a composition is open the selection stays
    /// drawn (what the commit will replace is what a person sees selected).
    pub selection: Range<usize>,
    /// An open composition's bytes of the text as shown: underlined.
    pub composing: Option<Range<usize>>,
    /// The caret's byte of the text as shown, when it is drawn (focused and blinked on).
    pub caret: Option<usize>,
    /// The text's ascent and its face's line height, px: the baseline within a line.
    pub ascent: f32,
    /// The face's own line height (the layout's line height is rounded up).
    pub face_line: f32,
    /// The text's size, px: a glyph's advance is in its face's units.
    pub size_px: f32,
}

/// Draws `laid` clipped to its content box: the selection behind the glyphs, the glyphs, the composition's
/// underline and the caret.
pub fn draw(list: &mut DisplayList, laid: &Laid, multiline: bool, look: &Look) {
    let (sx, sy) = laid.scrolled(multiline);
    let content = laid.content;
    let local = |r: &Range<usize>| r.start.saturating_sub(laid.start)..r.end.saturating_sub(laid.start);
    let selection = local(&look.selection);
    let composing = look.composing.as_ref().map(local);
    list.clip(content, |list| {
        let first = (sy / laid.line_height.max(1.0)).floor().max(0.0) as usize;
        let shown = (content.h / laid.line_height.max(1.0)).ceil() as usize + 1;
        for (i, line) in laid.paragraph.lines.iter().enumerate().skip(first).take(shown) {
            let x = content.x + laid.line_x[i] - sx;
            let top = content.y + i as f32 * laid.line_height - sy;
            if !selection.is_empty() {
                for (a, b) in selection_spans(line, look.size_px, selection.clone()) {
                    list.fill_rect(Rect::new(x + a, top, b - a, laid.line_height), look.highlight);
                }
            }
            let baseline = top + (laid.line_height - look.face_line) / 2.0 + look.ascent;
            line_runs(list, line, x, baseline, look.ink);
            // The composition is underlined where its glyphs are, so in a right-to-left line too.
            if let Some(range) = composing.clone() {
                for (a, b) in selection_spans(line, look.size_px, range) {
                    list.fill_rect(Rect::new(x + a, (baseline + 2.0).round(), b - a, 1.5), look.ink);
                }
            }
        }
        if let Some(at) = look.caret {
            list.fill_rect(laid.caret_bar(at, multiline), look.ink);
        }
    });
}

/// The x spans (from the line's left) of the glyphs of `line` whose clusters lie in `selected` (bytes of the text
/// laid out), merged where they touch. Glyphs are walked left to right, so a right-to-left run's selection is where
/// its glyphs are, not where its bytes are.
pub fn selection_spans(line: &Line, size_px: f32, selected: Range<usize>) -> Vec<(f32, f32)> {
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

/// An area's scroll thumb at `rect`'s right edge, when its lines are taller than its content box.
pub fn thumb(list: &mut DisplayList, rect: Rect, laid: &Laid, color: Color) {
    let (content, height) = (laid.content, laid.height());
    if height > content.h {
        let track = Rect::new(rect.right() - 5.0, content.y, 3.0, content.h);
        let thumb_h = (content.h * content.h / height).max(12.0);
        let y = track.y + (track.h - thumb_h) * (laid.scroll / (height - content.h)).clamp(0.0, 1.0);
        list.fill_round_rect(Rect::new(track.x, y, track.w, thumb_h), 1.5, color);
    }
}
