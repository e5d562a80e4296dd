//! A text area that grows with its text from 3 rows to 6, then scrolls to keep the caret's row in view. Its lines
//! are its hard lines (Return starts one); the editing is the editor's ([`TextEdit`]), the keys a field's plus Up,
//! Down and Return. Where the pointer lands needs the laid-out text: the page hands the area its caret stops after
//! a frame, the x of every grapheme boundary from its line's start ([`Widget::take_stops`]).

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets as looks;
use crate::text::segment::next_grapheme;
use crate::ui::edit::{TextEdit, Towards};
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
    /// The caret's x after each grapheme boundary from its line's start, from the last frame.
    stops: Vec<(usize, f32)>,
    width: f32,
    /// The first line a wheel scrolled to (None: the caret's row decides).
    scrolled: Option<usize>,
}

impl PartialEq for Area {
    fn eq(&self, other: &Area) -> bool {
        (self.id, self.edit.text(), self.edit.caret(), self.edit.anchor(), self.edit.preedit())
            == (other.id, other.edit.text(), other.edit.caret(), other.edit.anchor(), other.edit.preedit())
    }
}

impl Area {
    /// An area named `name` holding `text`, `width` px wide.
    pub fn new(id: WidgetId, name: &'static str, text: &str, width: f32) -> Area {
        Area { id, name, edit: TextEdit::new(text, true), stops: Vec::new(), width, scrolled: None }
    }

    /// Its hard lines' byte ranges.
    fn lines(&self) -> Vec<(usize, usize)> {
        hard_lines(self.edit.text())
    }

    /// The rows it shows.
    pub fn rows(&self) -> usize {
        self.lines().len().clamp(ROWS.0, ROWS.1)
    }

    fn line_of(&self, byte: usize) -> usize {
        self.lines().iter().position(|(s, e)| byte >= *s && byte <= *e).unwrap_or(0)
    }

    /// The first line shown: where the wheel left it, else so that the caret's row stays in view.
    pub fn first_line(&self) -> usize {
        let last = self.lines().len().saturating_sub(ROWS.1);
        match self.scrolled {
            Some(first) => first.min(last),
            None => self.line_of(self.edit.caret()).saturating_sub(ROWS.1 - 1).min(last),
        }
    }

    fn x_of(&self, byte: usize) -> f32 {
        self.stops.iter().find(|s| s.0 == byte).map_or(0.0, |s| s.1)
    }

    /// The byte on line `line` nearest x.
    fn byte_on(&self, line: usize, x: f32) -> usize {
        let Some(&(start, end)) = self.lines().get(line) else { return self.edit.text().len() };
        let in_line = self.stops.iter().filter(|s| s.0 >= start && s.0 <= end);
        in_line.min_by(|a, b| (a.1 - x).abs().total_cmp(&(b.1 - x).abs())).map_or(end, |s| s.0)
    }

    fn byte_at(&self, x: f32, y: f32, rect: Rect) -> usize {
        let line = self.first_line() + ((y - rect.y - PAD) / ROW).max(0.0) as usize;
        self.byte_on(line.min(self.lines().len() - 1), x - rect.x - PAD)
    }

    fn vertical(&mut self, by: isize, extend: bool) {
        let line = self.line_of(self.edit.caret()) as isize + by;
        let x = self.x_of(self.edit.caret());
        let to = match line {
            l if l < 0 => 0,
            l if l as usize >= self.lines().len() => self.edit.text().len(),
            l => self.byte_on(l as usize, x),
        };
        self.edit.move_to(to, extend);
    }
}

/// The byte ranges of `text`'s hard lines.
fn hard_lines(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if c == '\n' {
            out.push((start, i));
            start = i + 1;
        }
    }
    out.push((start, text.len()));
    out
}

impl Widget for Area {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        Size::fixed(self.width, self.rows() as f32 * ROW + 2.0 * PAD)
    }

    fn regions(&self, rect: Rect, _mirrored: bool, out: &mut Vec<Region>) {
        out.push(Region { focusable: true, ..Region::at(self.id, 0, rect, Cursor::IBeam) });
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let rows = self.rows();
        let before = self.clone();
        let caret = self.edit.caret();
        match message {
            // A wheel notch scrolls three lines; the caret stays where it is until it moves.
            Message::Wheel { dy, .. } => {
                let first = self.first_line() as f32 - (dy * 3.0).round();
                self.scrolled = Some(first.max(0.0) as usize);
            }
            Message::Press { x, y, clicks, .. } => {
                let at = self.byte_at(*x, *y, cx.rect);
                if *clicks >= 2 { self.edit.select_word(at) } else { self.edit.move_to(at, false) }
            }
            Message::Drag { x, y, .. } => {
                let at = self.byte_at(*x, *y, cx.rect);
                self.edit.move_to(at, true);
            }
            Message::Text { text, .. } => {
                let _ = self.edit.insert(text, true);
            }
            Message::Preedit { text, cursor, .. } => self.edit.set_preedit(text, *cursor),
            // Escape unwinds a selection first (the session then takes the focus away).
            Message::Key { key: Key::Escape, .. } if !self.edit.selection().is_empty() => {
                self.edit.move_to(self.edit.caret(), false);
            }
            Message::Key { key, mods, .. } => {
                let (word, extend) = (mods.ctrl, mods.shift);
                match key {
                    Key::Return => {
                        let _ = self.edit.insert("\n", true);
                    }
                    Key::Left => self.edit.step(Towards::Start, word, extend),
                    Key::Right => self.edit.step(Towards::End, word, extend),
                    Key::Up => self.vertical(-1, extend),
                    Key::Down => self.vertical(1, extend),
                    Key::Home => {
                        let (start, _) = self.lines()[self.line_of(self.edit.caret())];
                        self.edit.move_to(if mods.ctrl { 0 } else { start }, extend);
                    }
                    Key::End => {
                        let (_, end) = self.lines()[self.line_of(self.edit.caret())];
                        self.edit.move_to(if mods.ctrl { self.edit.text().len() } else { end }, extend);
                    }
                    Key::Backspace => self.edit.delete(Towards::Start, word),
                    Key::Delete => self.edit.delete(Towards::End, word),
                    Key::Char('a') if mods.ctrl => self.edit.select_all(),
                    Key::Char('c') if mods.ctrl => cx.clipboard.set(self.edit.selected_text()),
                    Key::Char('v') if mods.ctrl => {
                        if let Some(text) = cx.clipboard.get() {
                            let _ = self.edit.insert(&text, false);
                        }
                    }
                    Key::Char('z') if mods.ctrl => {
                        self.edit.undo();
                    }
                    Key::Char('y') if mods.ctrl => {
                        self.edit.redo();
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        if self.edit.caret() != caret {
            self.scrolled = None;
        }
        if self.rows() != rows {
            Response::RELAYOUT
        } else {
            Response::changed(*self != before || self.first_line() != before.first_line())
        }
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
        // The text as shown: an open composition stands at the caret (it holds no line break, so the lines are the
        // text's own, each as long as it shows).
        let shown = self.edit.shown();
        let text: &str = &shown;
        let lines = hard_lines(text);
        let first = self.first_line();
        let caret = self.edit.shown_caret();
        let sel = if self.edit.preedit().is_some() { 0..0 } else { self.edit.selection() };
        let composing = self.edit.preedit_range().unwrap_or(0..0);
        let inner = rect.inset(2.0);
        let (fonts, f) = (pen.fonts, pen.f);
        pen.list.clip(inner, |list| {
            for (row, &(start, end)) in lines.iter().enumerate().skip(first).take(ROWS.1) {
                let y = rect.y + PAD + (row - first) as f32 * ROW;
                let line_box = Rect::new(rect.x + PAD, y, rect.w - 2.0 * PAD, ROW);
                let a = sel.start.clamp(start, end);
                let b = sel.end.clamp(start, end);
                if focused && a < b {
                    let (xa, xb) = (fonts.width_px(f.label, &text[start..a]), fonts.width_px(f.label, &text[start..b]));
                    list.fill_rect(Rect::new(line_box.x + xa, y + 2.0, xb - xa, ROW - 4.0), p.accent.with_alpha(0x60));
                }
                looks::text(list, fonts, f.label, line_box, &text[start..end], p.text, Align::FlexStart);
                let (a, b) = (composing.start.clamp(start, end), composing.end.clamp(start, end));
                if a < b {
                    let (xa, xb) = (fonts.width_px(f.label, &text[start..a]), fonts.width_px(f.label, &text[start..b]));
                    list.fill_rect(Rect::new(line_box.x + xa, y + ROW - 4.0, xb - xa, 1.5), p.text);
                }
                if focused && caret >= start && caret <= end {
                    let x = (line_box.x + fonts.width_px(f.label, &text[start..caret])).round();
                    list.fill_rect(Rect::new(x, y + 2.0, 1.5, ROW - 4.0), p.text);
                }
            }
        });
        if lines.len() > ROWS.1 {
            let track = Rect::new(rect.right() - 6.0, rect.y + 4.0, 3.0, rect.h - 8.0);
            let h = track.h * ROWS.1 as f32 / lines.len() as f32;
            let y = track.y + (track.h - h) * first as f32 / (lines.len() - ROWS.1) as f32;
            pen.list.fill_round_rect(Rect { y, h, ..track }, 1.5, p.muted);
        }
    }

    fn access(&self) -> Access {
        Access::new(Role::TextInput, self.name).value(self.edit.text().to_owned()).state("multiline", true)
    }

    fn report(&self) -> Value {
        let preedit = self.edit.preedit().map(|p| json!({ "text": p.text, "cursor": p.cursor }));
        json!({
            "text": self.edit.text(), "caret": self.edit.caret(), "rows": self.rows(), "first_line": self.first_line(),
            "preedit": preedit
        })
    }

    fn takes_text(&self) -> bool {
        true
    }

    fn takes_wheel(&self, _focused: bool) -> bool {
        // A scroll view of its own once it holds more lines than it shows.
        self.lines().len() > ROWS.1
    }

    fn stops(&self, m: &Measure<'_>) -> Vec<(usize, f32)> {
        // Of the text as shown, which is the text once an open composition is typed (a press types it first).
        let shown = self.edit.shown();
        let text: &str = &shown;
        let mut stops = Vec::new();
        for (start, end) in hard_lines(text) {
            stops.push((start, 0.0));
            let mut at = start;
            while at < end {
                at = next_grapheme(text, at).min(end);
                stops.push((at, m.fonts.width_px(m.f.label, &text[start..at])));
            }
        }
        stops
    }

    fn take_stops(&mut self, stops: Vec<(usize, f32)>) {
        self.stops = stops;
    }

    fn caret_rect(&self, rect: Rect) -> Option<Rect> {
        let caret = self.edit.shown_caret();
        let row = self.line_of(self.edit.caret()).saturating_sub(self.first_line()).min(ROWS.1 - 1);
        let y = rect.y + PAD + row as f32 * ROW;
        Some(Rect::new(rect.x + PAD + self.x_of(caret), y + 2.0, 1.5, ROW - 4.0))
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
