//! Setting the scene's text: which font each role uses, shaping timed for [`super::SceneTimings`], and
//! recording lines as glyph ops.

use std::cell::Cell;
use std::sync::Arc;
use std::time::{Duration, Instant};

use goldberry_natives::glyphs::GlyphRun;

use crate::display_list::{Color, DisplayList, FontId, Op, Rect};
use crate::fonts::{Face, FontBook};
use crate::text::{Paragraph, fit_prefix};

/// The font of every text role, at one scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Styles {
    /// The title bar's title.
    pub bar_title: FontId,
    /// The title bar's subtitle.
    pub bar_subtitle: FontId,
    /// The title bar's animated status.
    pub status: FontId,
    /// A card's title.
    pub card_title: FontId,
    /// A card's counter.
    pub badge: FontId,
    /// Prose.
    pub prose: FontId,
    /// Code.
    pub code: FontId,
    /// A card's footer.
    pub footer: FontId,
    /// Figures beside a ring.
    pub stats: FontId,
    /// Chip labels.
    pub chip: FontId,
    /// Chart axis labels and the ring's percentage.
    pub label: FontId,
    /// The ring's percentage.
    pub ring: FontId,
    /// The title bar's menu.
    pub menu: FontId,
    /// The status bar.
    pub status_bar: FontId,
    /// The scale these were made for.
    pub scale: f32,
}

impl Styles {
    /// The fonts at `scale` (1 = 1 px per point).
    pub fn new(fonts: &FontBook, scale: f32) -> Styles {
        let f = |face, size: f32| fonts.id(face, size * scale);
        Styles {
            bar_title: f(Face::SansBold, 15.0),
            bar_subtitle: f(Face::Sans, 11.0),
            status: f(Face::Mono, 11.5),
            card_title: f(Face::SansBold, 12.5),
            badge: f(Face::Mono, 10.5),
            prose: f(Face::Sans, 10.0),
            code: f(Face::Mono, 9.5),
            footer: f(Face::Mono, 9.5),
            stats: f(Face::Mono, 10.0),
            chip: f(Face::Sans, 10.0),
            label: f(Face::Mono, 8.5),
            ring: f(Face::Mono, 12.0),
            menu: f(Face::Sans, 11.5),
            status_bar: f(Face::Mono, 9.5),
            scale,
        }
    }
}

/// The font book, with the time spent shaping through it added up.
pub struct Timed<'a> {
    fonts: &'a FontBook,
    spent: Cell<Duration>,
}

impl<'a> Timed<'a> {
    /// Starts counting at zero.
    pub fn new(fonts: &'a FontBook) -> Timed<'a> {
        Timed { fonts, spent: Cell::new(Duration::ZERO) }
    }

    /// The book.
    pub fn fonts(&self) -> &'a FontBook {
        self.fonts
    }

    /// The time spent shaping so far.
    pub fn spent(&self) -> Duration {
        self.spent.get()
    }

    fn timed<T>(&self, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        self.spent.set(self.spent.get() + start.elapsed());
        out
    }

    /// [`FontBook::shape`], timed.
    pub fn shape(&self, font: FontId, text: &str) -> Arc<GlyphRun> {
        self.timed(|| self.fonts.shape(font, text))
    }

    /// [`FontBook::paragraph`], timed; an error is logged and gives no lines.
    pub fn paragraph(&self, font: FontId, text: &str, max_width_px: f32) -> Arc<Paragraph> {
        self.timed(|| {
            self.fonts.paragraph(font, text, max_width_px).unwrap_or_else(|error| {
                tracing::warn!("wrapping {text:?} failed: {error}");
                Arc::new(Paragraph::default())
            })
        })
    }

    /// [`FontBook::compose`], timed: a monospaced figure that changes every frame.
    pub fn figure(&self, font: FontId, text: &str) -> Arc<GlyphRun> {
        self.timed(|| Arc::new(self.fonts.compose(font, text)))
    }
}

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
