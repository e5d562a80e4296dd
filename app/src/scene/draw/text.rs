//! Recording the scene's text as glyph ops: a line in a box, a wrapped paragraph, unwrapped code.

use std::sync::Arc;

use goldberry_natives::glyphs::GlyphRun;

use crate::display_list::{Color, DisplayList, FontId, Op, Rect};
use crate::fonts::FontBook;
use crate::scene::shaping::Timed;
use crate::text::fit_prefix;

/// Records `run` with its baseline at `y` from its left edge `x`, both rounded to whole pixels.
pub fn glyphs(list: &mut DisplayList, font: FontId, x: f32, y: f32, run: Arc<GlyphRun>, color: Color) {
    if !run.is_empty() {
        list.push(Op::Glyphs { font, x: x.round(), y: y.round(), run, color });
    }
}

/// Records one line of `text` at the top-left of `rect` (vertically centred in it when it is taller than a
/// line); `align_right` sets it against the right edge instead. Returns the glyphs recorded.
pub fn line(
    list: &mut DisplayList,
    text: &Timed<'_>,
    font: FontId,
    rect: Rect,
    content: &str,
    color: Color,
    align_right: bool,
) -> usize {
    let run = text.shape(font, content);
    run_in(list, text.fonts(), font, rect, run, color, align_right)
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

/// Records `content` wrapped to `rect`'s width, as many whole lines as fit its height. Returns the glyphs
/// recorded.
pub fn paragraph(
    list: &mut DisplayList,
    text: &Timed<'_>,
    font: FontId,
    rect: Rect,
    content: &str,
    color: Color,
) -> usize {
    let fonts = text.fonts();
    let m = fonts.metrics(font);
    // Half a pixel of slack: Yoga measured these lines at a width rounded up.
    let paragraph = text.paragraph(font, content, rect.w + 0.5);
    let fit = ((rect.h + 0.5) / m.line_height).floor().max(0.0) as usize;
    let mut n = 0;
    for (i, l) in paragraph.lines.iter().take(fit).enumerate() {
        n += l.run.len();
        glyphs(list, font, rect.x, rect.y + m.ascent + i as f32 * m.line_height, Arc::clone(&l.run), color);
    }
    n
}

/// Records `content` one hard line per line, not wrapped: each line cut at `rect`'s right edge, as many lines
/// as fit its height (code in an editor that does not wrap). Returns the glyphs recorded.
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
    let size = fonts.size_px(font);
    let fit = ((rect.h + 0.5) / m.line_height).floor().max(0.0) as usize;
    let mut n = 0;
    for (i, source) in content.split('\n').take(fit).enumerate() {
        let run = text.shape(font, source);
        let (cut, _) = fit_prefix(&run, size, rect.w + 0.5);
        n += cut.len();
        glyphs(list, font, rect.x, rect.y + m.ascent + i as f32 * m.line_height, Arc::new(cut), color);
    }
    n
}
