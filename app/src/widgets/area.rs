//! A text area that grows with its hard lines (Return starts one) from 3 rows to 6, then scrolls to keep the
//! caret's line in view; a line longer than the area wraps (UAX #14) and scrolls with the rest. Its text is laid
//! out, scrolled and drawn as every editor's ([`editor`]), its keys are every editor's ([`edit_keys`]). Where the
//! pointer lands needs the laid-out text: the page hands the area its layout after a frame ([`Widget::take_laid`]).

use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{Value, json};

use super::edit_keys::{self, Keyed};
use super::editor::{self, Laid, Look, Memo, MemoKey, Scroll, Shown};
use super::pen::KitFonts;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, blink};
use crate::clone_box;
use crate::fonts::{Face, FontBook};
use crate::geom::{FontId, Rect};
use crate::scene::draw::widgets as looks;
use crate::text::TextStyle;
use crate::ui::edit::TextEdit;
use crate::ui::input::Key;
use crate::ui::router::{Cursor, Message, Region, WidgetId};

const ROW: f32 = 20.0;
const PAD: f32 = 8.0;
/// The rows it shows at least and at most.
pub const ROWS: (usize, usize) = (3, 6);

/// A growing text area.
#[derive(Debug, Clone)]
pub struct Area {
    id: WidgetId,
    name: &'static str,
    /// The text, caret and selection.
    pub edit: TextEdit,
    /// The text as the last frame laid it out (and how far it was scrolled).
    laid: Laid,
    width: f32,
    /// Where a wheel asked the lines to scroll to, px (None: where the last frame left them).
    wheeled: Option<f32>,
    /// The caret moved since the last frame: the next one scrolls it into view.
    reveal: bool,
    /// The x Up and Down keep to across shorter lines.
    goal: Option<f32>,
    /// This frame's layout, made once for its drawing and the page's [`Widget::lay_text`].
    memo: Memo,
    /// Its face and size, px, where not the kit's label font (the text screen writes larger, a line its height).
    face: Option<(Face, f32)>,
    /// The rows it shows at least, however few its hard lines.
    least: usize,
    /// When the caret last moved or the text changed, on the frame clock: the caret blinks from then.
    since: f64,
    /// The rows of the text of one revision: counting them looks through the whole text when it has few line
    /// breaks (1 MiB), and they are asked several times a frame.
    rows: Counted,
}

/// A revision and the rows counted for it, in one word (revision × 8 + rows) so that a widget stays `Sync`.
#[derive(Debug, Default)]
struct Counted(AtomicU64);

impl Clone for Counted {
    fn clone(&self) -> Counted {
        Counted(AtomicU64::new(self.0.load(Ordering::Relaxed)))
    }
}

impl PartialEq for Area {
    fn eq(&self, other: &Area) -> bool {
        (self.id, self.edit.text(), self.edit.caret(), self.edit.anchor(), self.edit.preedit(), self.wheeled)
            == (
                other.id,
                other.edit.text(),
                other.edit.caret(),
                other.edit.anchor(),
                other.edit.preedit(),
                other.wheeled,
            )
    }
}

impl Area {
    /// An area named `name` holding `text`, `width` px wide.
    pub fn new(id: WidgetId, name: &'static str, text: &str, width: f32) -> Area {
        let edit = TextEdit::new(text, true);
        let laid = Laid::default();
        let (face, least, since) = (None, ROWS.0, 0.0);
        Area {
            id,
            name,
            edit,
            laid,
            width,
            wheeled: None,
            reveal: true,
            goal: None,
            memo: Memo::default(),
            face,
            least,
            since,
            rows: Counted::default(),
        }
    }

    /// Its caret at the text's start (a sample to read from the top).
    pub fn at_start(mut self) -> Area {
        self.edit = TextEdit::at_start(self.edit.text(), true);
        self
    }

    /// Written in `face` at `px` instead of the kit's label font, a row as tall as its line.
    pub fn face(mut self, face: Face, px: f32) -> Area {
        self.face = Some((face, px));
        self
    }

    /// Showing `rows` rows at least (at most 6).
    pub fn rows_at_least(mut self, rows: usize) -> Area {
        self.least = rows.clamp(ROWS.0, ROWS.1);
        self
    }

    /// The rows it shows: one for each hard line, from 3 (or more, [`Area::rows_at_least`]) to 6 (counted only as
    /// far as 6: the area takes 1 MiB, and this is asked several times a keystroke).
    pub fn rows(&self) -> usize {
        // An area that always shows its most rows counts nothing, and a count searches with memchr: a byte-by-byte
        // count read the whole MiB of a text without a line break several times a keystroke.
        if self.least >= ROWS.1 {
            return ROWS.1;
        }
        // Counted once a revision: the count is asked several times a frame.
        let counted = self.rows.0.load(Ordering::Relaxed);
        if counted >> 3 == self.edit.revision() {
            return (counted & 7) as usize;
        }
        let breaks = self.edit.text().matches('\n').take(ROWS.1).count();
        let rows = (breaks + 1).clamp(self.least, ROWS.1);
        self.rows.0.store(self.edit.revision() << 3 | rows as u64, Ordering::Relaxed);
        rows
    }

    /// The text as the last frame laid it out (a click lands by it).
    pub fn laid(&self) -> &Laid {
        &self.laid
    }

    /// The font its text is written in, and a row's height.
    fn font(&self, fonts: &FontBook, f: KitFonts) -> (FontId, f32) {
        match self.face {
            Some((face, px)) => {
                let font = fonts.id(face, px);
                (font, fonts.metrics(font).line_height.ceil())
            }
            None => (f.label, ROW),
        }
    }

    /// The first laid-out line shown, by the last frame's scroll.
    pub fn first_line(&self) -> usize {
        (self.laid.scroll / self.laid.line_height.max(1.0)).round() as usize
    }

    /// The text laid out as it is drawn in `rect`, from the last frame's layout and scroll (or the wheel's).
    fn lay_out(&self, fonts: &FontBook, f: KitFonts, rect: Rect) -> Laid {
        let (font, row) = self.font(fonts, f);
        // Its rows, as far as a box a density made shorter holds them.
        let h = (self.rows() as f32 * row).min(rect.h - 2.0 * PAD).max(0.0);
        let content = Rect::new(rect.x + PAD, rect.y + PAD, (rect.w - 2.0 * PAD).max(0.0), h);
        let scroll = Scroll { at: self.wheeled.unwrap_or(self.laid.scroll), reveal: self.reveal };
        let caret = self.edit.shown_caret();
        let key = MemoKey { revision: self.edit.revision(), caret, size: (content.w, content.h), scroll };
        self.memo.get(key, content, || self.lay_out_in(fonts, &TextStyle::new(font), content, row))
    }

    /// The text laid out in `style` in the content box `content` (window pixels), a line `line_height` tall, from
    /// the last frame's layout and scroll (or the wheel's): what its drawing does inside its padding.
    pub fn lay_out_in(&self, fonts: &FontBook, style: &TextStyle, content: Rect, line_height: f32) -> Laid {
        // A new box or line height wraps the text anew, which can take the caret's line out of view: it is shown.
        let was = &self.laid;
        let resized = (was.content.w, was.content.h, was.line_height) != (content.w, content.h, line_height);
        let scroll = Scroll { at: self.wheeled.unwrap_or(was.scroll), reveal: self.reveal || resized };
        let text = self.edit.shown();
        let shown = Shown { text: &text, caret: self.edit.shown_caret(), multiline: true, line_height };
        let laid = editor::lay_out(fonts, style, content, shown, &self.laid, scroll);
        Laid { revision: self.edit.preedit().is_none().then(|| self.edit.revision()), ..laid }
    }

    /// The last frame's layout when it is of the text as it is now (no key came since, no composition is open):
    /// where a screen reader finds its rows and characters.
    pub fn drawn(&self) -> Option<&Laid> {
        (self.laid.revision == Some(self.edit.revision())).then_some(&self.laid)
    }
}

impl Widget for Area {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        let (_, row) = self.font(m.fonts, m.f);
        Size::fixed(self.width, self.rows() as f32 * row + 2.0 * PAD)
    }

    fn regions(&self, rect: Rect, _mirrored: bool, out: &mut Vec<Region>) {
        out.push(Region { focusable: true, ..Region::at(self.id, 0, rect, Cursor::IBeam) });
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let rows = self.rows();
        // What a person sees change, without copying the text (it may be 1 MiB).
        let seen = |a: &Area| (a.edit.revision(), a.edit.caret(), a.edit.anchor(), a.wheeled);
        let before = seen(self);
        match message {
            // A wheel notch scrolls three lines; the caret stays where it is until it moves.
            Message::Wheel { dy, .. } => {
                let at = self.wheeled.unwrap_or(self.laid.scroll) - dy * 3.0 * self.laid.line_height;
                let most = (self.laid.height() - self.laid.content.h).max(0.0);
                self.wheeled = Some(at.clamp(0.0, most));
            }
            Message::Press { x, y, clicks, mods, .. } => {
                let at = self.laid.byte_at(*x, *y, false);
                edit_keys::press(&mut self.edit, at, *clicks, *mods);
            }
            Message::Drag { x, y, .. } => {
                let at = self.laid.byte_at(*x, *y, false);
                self.edit.move_to(at, true);
            }
            Message::Text { text, .. } => {
                let _ = self.edit.insert(text, true);
            }
            Message::Preedit { text, cursor, .. } => self.edit.set_preedit(text, *cursor),
            Message::Key { key, mods, .. } => match key {
                // Nothing selected copies nothing, as the text screen's area does (a copy of "" lost the clipboard).
                Key::Char('c') if mods.ctrl => {
                    if !self.edit.selection().is_empty() {
                        cx.clipboard.set(self.edit.selected_text());
                    }
                }
                Key::Char('x') if mods.ctrl => {
                    if let Some(cut) = self.edit.cut() {
                        cx.clipboard.set(&cut);
                    }
                }
                Key::Char('v') if mods.ctrl => {
                    if let Some(text) = cx.clipboard.get() {
                        let _ = self.edit.insert(&text, false);
                    }
                }
                _ => {
                    let (edit, laid, goal) = (&mut self.edit, &self.laid, &mut self.goal);
                    edit_keys::key(Keyed { edit, laid, goal, editable: true, page: ROWS.1 }, *key, *mods);
                }
            },
            _ => {}
        }
        let after = seen(self);
        if (after.0, after.1, after.2) != (before.0, before.1, before.2) {
            self.wheeled = None;
            self.reveal = true;
            // A caret that moved shows at once, then blinks.
            self.since = cx.now;
        }
        if self.rows() != rows { Response::RELAYOUT } else { Response::changed(seen(self) != before) }
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let focused = pen.router.focus() == Some(self.id);
        pen.list.fill_round_rect(rect, 6.0, p.surface);
        looks::stroke_round(
            pen.list,
            rect,
            6.0,
            if focused { 1.5 } else { 1.0 },
            if focused { p.accent } else { p.border },
        );
        let laid = self.lay_out(pen.fonts, pen.f, rect);
        let (font, _) = self.font(pen.fonts, pen.f);
        let m = pen.fonts.metrics(font);
        let look = Look {
            ink: p.text,
            highlight: p.accent.with_alpha(0x60),
            selection: if focused { self.edit.shown_selection() } else { 0..0 },
            composing: self.edit.preedit_range(),
            caret: (focused && blink::on(self.since, pen.now)).then(|| self.edit.shown_caret()),
            ascent: m.ascent,
            face_line: m.line_height,
            size_px: pen.fonts.size_px(font),
        };
        editor::draw(pen.list, &laid, true, &look);
        editor::thumb(pen.list, rect, &laid, p.muted);
    }

    fn access(&self) -> Access {
        Access::new(Role::MultilineTextInput, self.name)
            .text(self.edit.lines())
            .rows(self.drawn().cloned())
            .state("multiline", true)
            .selection(self.edit.anchor(), self.edit.caret())
    }

    fn seen(&self) -> Value {
        let preedit = self.edit.preedit().map(|p| json!({ "text": p.text, "cursor": p.cursor }));
        json!({
            "revision": self.edit.revision(), "caret": self.edit.caret(), "anchor": self.edit.anchor(),
            "rows": self.rows(), "first_line": self.first_line(), "preedit": preedit
        })
    }

    fn states(&self) -> Vec<&'static str> {
        // As access() gives them, without copying the text (a stylesheet asks every frame; it may be 1 MiB).
        vec!["multiline"]
    }

    fn report(&self) -> Value {
        let preedit = self.edit.preedit().map(|p| json!({ "text": p.text, "cursor": p.cursor }));
        json!({
            "text": self.edit.text(), "caret": self.edit.caret(), "anchor": self.edit.anchor(), "rows": self.rows(),
            "first_line": self.first_line(), "preedit": preedit
        })
    }

    fn takes_text(&self) -> bool {
        true
    }

    fn takes_wheel(&self, _focused: bool) -> bool {
        // A scroll view of its own once it holds more lines than it shows.
        self.laid.height() > self.laid.content.h + 0.5
    }

    fn lay_text(&self, m: &Measure<'_>, rect: Rect, _mirrored: bool) -> Option<Laid> {
        Some(self.lay_out(m.fonts, m.f, rect))
    }

    fn take_laid(&mut self, laid: Laid) {
        self.laid = laid;
        self.wheeled = None;
        self.reveal = false;
    }

    fn caret_since(&self) -> Option<f64> {
        Some(self.since)
    }

    fn left(&mut self) -> bool {
        // The column Up and Down kept is forgotten with the focus.
        self.goal = None;
        false
    }

    fn caret_rect(&self, _rect: Rect) -> Option<Rect> {
        Some(self.laid.caret_bar(self.edit.shown_caret(), true))
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Text(self.edit.text().to_owned()))
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let super::Held::Text(text) = value else { return Err(value.refused("text")) };
        self.edit = TextEdit::new(text, true);
        Ok(super::Reached::Exactly)
    }

    clone_box!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::pen::KitFonts;
    use crate::widgets::{Density, Held, Measure};

    /// A value set over a text of the same length, never edited, is laid out anew: a new editor used to start at
    /// revision 0 with its caret at the same end, and the layout kept for the old text was drawn.
    #[test]
    fn a_value_set_over_a_text_of_the_same_length_is_laid_out_anew() {
        let fonts = crate::test_support::fonts();
        let m = Measure { fonts, f: KitFonts::new(fonts), density: Density::Regular };
        let rect = Rect::new(0.0, 0.0, 360.0, 76.0);
        let mut area = Area::new("test.area", "Message", "abc", 360.0);
        let laid = area.lay_text(&m, rect, false).map(|l| l.text.to_string());
        assert_eq!(laid.as_deref(), Some("abc"));
        assert!(area.set_value(&Held::Text("xyz".to_owned())).is_ok());
        let laid = area.lay_text(&m, rect, false).map(|l| l.text.to_string());
        assert_eq!(laid.as_deref(), Some("xyz"));
    }
}
