//! Recording the scene's text as glyph ops: a laid-out line's runs, a line in a box, a wrapped paragraph (its
//! last visible line ellipsized when the box cuts it), unwrapped code (each line ellipsized at the box's edge).

use std::sync::Arc;

use goldberry_natives::glyphs::GlyphRun;
use goldberry_natives::yoga::Align;

use crate::display_list::DisplayList;
use crate::fonts::FontBook;
use crate::geom::{Color, FontId, Rect};
use crate::scene::shaping::Timed;
use crate::text::Line;

/// Records `run` with its baseline at `y` from its left edge `x`, both rounded to whole pixels.
pub fn glyphs(list: &mut DisplayList, font: FontId, x: f32, y: f32, run: Arc<GlyphRun>, color: Color) {
    if !run.is_empty() {
        list.glyphs(font, x.round(), y.round(), run, color);
    }
}

/// Records every run of `line` (one op per run, each in the face that shapes it) with the line's left edge at
/// `x` and its baseline at `baseline`. Returns the glyphs recorded.
pub fn line_runs(list: &mut DisplayList, line: &Line, x: f32, baseline: f32, color: Color) -> usize {
    let mut n = 0;
    for run in &line.runs {
        n += run.glyphs.len();
        glyphs(list, run.font, x + run.x, baseline, Arc::clone(&run.glyphs), color);
    }
    n
}

/// Records one line of `text` at the top-left of `rect` (vertically centred in it when it is taller than a
/// line), ending with "…" when it is wider than `rect`; `align_right` sets it against the right edge instead.
/// Returns the glyphs recorded.
pub fn line(
    list: &mut DisplayList,
    text: &Timed<'_>,
    font: FontId,
    rect: Rect,
    content: &str,
    color: Color,
    align_right: bool,
) -> usize {
    let paragraph = text.paragraph(font, content, None);
    let Some(first) = paragraph.lines.first() else { return 0 };
    // Half a pixel of slack, as for paragraphs: Yoga sized many of these boxes to their text.
    let cut = (rect.w > 0.0 && (first.width_px > rect.w + 0.5 || paragraph.lines.len() > 1))
        .then(|| text.ellipsized(font, content, rect.w + 0.5));
    let first = cut.as_ref().unwrap_or(first);
    let align = if align_right { Align::FlexEnd } else { Align::FlexStart };
    line_in(list, text.fonts(), font, rect, first, color, align)
}

/// Records a laid-out `line` of `font` in `rect`, vertically centred (at its top when the box is shorter than a
/// line), at its start, centre or end. Returns the glyphs recorded.
pub fn line_in(
    list: &mut DisplayList,
    fonts: &FontBook,
    font: FontId,
    rect: Rect,
    line: &Line,
    color: Color,
    align: Align,
) -> usize {
    let m = fonts.metrics(font);
    let x = match align {
        Align::Center => rect.x + (rect.w - line.width_px) / 2.0,
        Align::FlexEnd => rect.right() - line.width_px,
        _ => rect.x,
    };
    let top = rect.y + ((rect.h - m.line_height) / 2.0).max(0.0);
    line_runs(list, line, x, top + m.ascent, color)
}

/// Records a shaped run in `rect` as [`line()`] does.
pub fn run_in(
    list: &mut DisplayList,
    fonts: &FontBook,
    font: FontId,
    rect: Rect,
    run: Arc<GlyphRun>,
    color: Color,
    align_right: bool,
) -> usize {
    let m = fonts.metrics(font);
    let width = run.width_px(fonts.size_px(font));
    let x = if align_right { rect.right() - width } else { rect.x };
    let top = rect.y + ((rect.h - m.line_height) / 2.0).max(0.0);
    let n = run.len();
    glyphs(list, font, x, top + m.ascent, run, color);
    n
}

/// Records `content` wrapped to `rect`'s width, as many whole lines as fit its height; when lines are left
/// over, the last one shown ends with "…"; in a `mirrored` UI every line stands against the right edge. Returns
/// the glyphs recorded.
pub fn paragraph(
    list: &mut DisplayList,
    text: &Timed<'_>,
    font: FontId,
    rect: Rect,
    content: &str,
    color: Color,
    mirrored: bool,
) -> usize {
    let fonts = text.fonts();
    let m = fonts.metrics(font);
    // Half a pixel of slack: Yoga measured these lines at a width rounded up.
    let width = rect.w + 0.5;
    let paragraph = text.paragraph(font, content, Some(width));
    let fit = ((rect.h + 0.5) / m.line_height).floor().max(0.0) as usize;
    let cut = paragraph.lines.len() > fit;
    let mut n = 0;
    for (i, l) in paragraph.lines.iter().take(fit).enumerate() {
        let baseline = rect.y + m.ascent + i as f32 * m.line_height;
        if cut && i + 1 == fit {
            let last = text.ellipsized(font, &content[l.bytes.start..], width);
            n += line_runs(list, &last, start_x(rect, &last, mirrored), baseline, color);
        } else {
            n += line_runs(list, l, start_x(rect, l, mirrored), baseline, color);
        }
    }
    n
}

/// Where a line starts in `rect`: its left edge, or its right edge for a right-to-left line or a mirrored UI.
fn start_x(rect: Rect, line: &Line, mirrored: bool) -> f32 {
    if line.rtl || mirrored { rect.right() - line.width_px } else { rect.x }
}

/// Records `content` one hard line per line, not wrapped: each line ellipsized at `rect`'s right edge, as many
/// lines as fit its height (code in an editor that does not wrap). Returns the glyphs recorded.
pub fn unwrapped(
    list: &mut DisplayList,
    text: &Timed<'_>,
    font: FontId,
    rect: Rect,
    content: &str,
    color: Color,
) -> usize {
    let fonts = text.fonts();
    let m = fonts.metrics(font);
    let fit = ((rect.h + 0.5) / m.line_height).floor().max(0.0) as usize;
    let mut n = 0;
    for (i, source) in content.split('\n').take(fit).enumerate() {
        let line = text.ellipsized(font, source, rect.w + 0.5);
        n += line_runs(list, &line, rect.x, rect.y + m.ascent + i as f32 * m.line_height, color);
    }
    n
}
