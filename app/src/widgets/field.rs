//! A single-line text field over the editor's state ([`TextEdit`]), in the variants a form needs: plain, with a
//! placeholder, a password (dots, with a reveal button as part 1), read-only, disabled, a maximum length and
//! digits only; and a rule a form checks when the person leaves it. What is refused is said under the field: a
//! letter in a digits-only field, a paste cut at the maximum (at a grapheme boundary: no cluster is split).
//!
//! Its text is laid out, scrolled and drawn as every editor's ([`editor`]: bidi runs, fallback faces, a caret at
//! cluster boundaries on its run's side, the selection where its glyphs are); its keys are every editor's
//! ([`edit_keys`]). Where the pointer lands needs the laid-out text: the page hands each field its layout after a
//! frame ([`Widget::take_laid`]), as the text screen hands back its geometry.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::edit_keys::{self, Keyed};
use super::editor::{self, Laid, Look, Scroll, Shown};
use super::pen::{Density, KitFonts};
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, blink, part};
use crate::clone_box;
use crate::fonts::{Face, FontBook};
use crate::geom::{FontId, Rect};
use crate::scene::draw::widgets as looks;
use crate::text::TextStyle;
use crate::text::segment::next_grapheme;
use crate::ui::edit::TextEdit;
use crate::ui::input::Key;
use crate::ui::router::{Cursor, Message, Region, WidgetId};

const PAD: f32 = 10.0;
const REVEAL_W: f32 = 56.0;

/// What a field is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Editable text.
    Plain,
    /// Shown as dots unless revealed.
    Password {
        /// The reveal button shows the text.
        revealed: bool,
    },
    /// Selectable and copyable, not editable.
    ReadOnly,
    /// Neither.
    Disabled,
}

pub use super::rule::Rule;

/// A text field.
#[derive(Debug, Clone)]
pub struct Field {
    id: WidgetId,
    name: &'static str,
    /// The text, caret and selection.
    pub edit: TextEdit,
    kind: Kind,
    placeholder: &'static str,
    max_chars: Option<usize>,
    digits_only: bool,
    rule: Option<Rule>,
    /// The rule's message, once the person has left the field (None: it holds, or not checked yet).
    pub error: Option<&'static str>,
    /// What the last edit was told ("digits only", "cut at 12 characters").
    pub hint: Option<String>,
    /// The shown text as the last frame laid it out.
    laid: Laid,
    width: f32,
    /// The keyboard is on the reveal button (a Tab stop of its own), not in the text.
    on_reveal: bool,
    /// Its face and size, px, where not the kit's label font (the text screen writes larger).
    face: Option<(Face, f32)>,
    /// When the caret last moved or the text changed, on the frame clock: the caret blinks from then.
    since: f64,
    /// Padded by the stylesheet's `--edit-inset` rather than the kit's 10 px.
    sheet_inset: bool,
}

impl PartialEq for Field {
    fn eq(&self, other: &Field) -> bool {
        // The selection is something a person sees: Ctrl+A must paint.
        fn seen(f: &Field) -> impl PartialEq + '_ {
            (f.id, f.edit.text(), f.edit.selection(), f.edit.caret(), f.edit.preedit(), f.kind, f.error, f.on_reveal)
        }
        seen(self) == seen(other) && self.hint == other.hint
    }
}

impl Field {
    /// A plain field named `name` holding `text`, `width` px wide.
    pub fn new(id: WidgetId, name: &'static str, text: &str, width: f32) -> Field {
        Field {
            id,
            name,
            edit: TextEdit::new(text, false),
            kind: Kind::Plain,
            placeholder: "",
            max_chars: None,
            digits_only: false,
            rule: None,
            error: None,
            hint: None,
            laid: Laid::default(),
            on_reveal: false,
            width,
            face: None,
            since: 0.0,
            sheet_inset: false,
        }
    }

    /// Written in `face` at `px` instead of the kit's label font.
    pub fn face(mut self, face: Face, px: f32) -> Field {
        self.face = Some((face, px));
        self
    }

    /// Padded as the stylesheet's `--edit-inset` says for the density (the text screen's field), not by the kit's
    /// 10 px.
    pub fn sheet_inset(mut self) -> Field {
        self.sheet_inset = true;
        self
    }

    /// The room between its border and its text, px.
    fn pad(&self, density: Density) -> f32 {
        if self.sheet_inset { density.sizes().edit_inset } else { PAD }
    }

    /// The font its text is written in.
    fn font(&self, fonts: &FontBook, f: KitFonts) -> FontId {
        self.face.map_or(f.label, |(face, px)| fonts.id(face, px))
    }

    /// The text as the last frame laid it out (a click lands by it).
    pub fn laid(&self) -> &Laid {
        &self.laid
    }

    /// With a placeholder shown while it is empty.
    pub fn placeholder(mut self, placeholder: &'static str) -> Field {
        self.placeholder = placeholder;
        self
    }

    /// Of `kind`.
    pub fn kind(mut self, kind: Kind) -> Field {
        self.kind = kind;
        self
    }

    /// At most `n` characters (grapheme clusters).
    pub fn max_chars(mut self, n: usize) -> Field {
        self.max_chars = Some(n);
        self
    }

    /// Digits only.
    pub fn digits(mut self) -> Field {
        self.digits_only = true;
        self
    }

    /// Checked by `rule` when the person leaves it.
    pub fn rule(mut self, rule: Rule) -> Field {
        self.rule = Some(rule);
        self
    }

    /// The text.
    pub fn text(&self) -> &str {
        self.edit.text()
    }

    /// Checks the rule now (the form's submit, or leaving the field); true when it holds.
    pub fn check(&mut self) -> bool {
        self.error = self.rule.and_then(|rule| rule.message(self.edit.text()));
        self.error.is_none()
    }

    /// Whether its rule holds, without saying so.
    pub fn valid(&self) -> bool {
        self.rule.is_none_or(|rule| rule.message(self.edit.text()).is_none())
    }

    fn editable(&self) -> bool {
        matches!(self.kind, Kind::Plain | Kind::Password { .. })
    }

    /// The text as drawn: an open composition spliced in at the caret, dots for a hidden password.
    pub fn shown(&self) -> String {
        let shown = self.edit.shown();
        match self.kind {
            Kind::Password { revealed: false } => "•".repeat(count_graphemes(&shown)),
            _ => shown.into_owned(),
        }
    }

    /// The byte of the drawn text that stands for `byte` of the text with its composition ([`TextEdit::shown`]; a
    /// dot is three bytes).
    fn shown_byte(&self, byte: usize) -> usize {
        match self.kind {
            Kind::Password { revealed: false } => count_graphemes(&self.edit.shown()[..byte]) * '•'.len_utf8(),
            _ => byte,
        }
    }

    /// Inserts `text` as far as the rules allow, saying what was refused.
    fn insert(&mut self, text: &str, typed: bool) {
        self.hint = None;
        // A line break or a tab is a space on one line, as the editor cleans them, so the count below is of what
        // is inserted.
        let text = text.replace("\r\n", "\n");
        let mut text: String = text.chars().map(|c| if matches!(c, '\n' | '\r' | '\t') { ' ' } else { c }).collect();
        if self.digits_only && !text.chars().all(|c| c.is_ascii_digit()) {
            let digits: String = text.chars().filter(char::is_ascii_digit).collect();
            self.hint = Some("digits only".to_owned());
            text = digits;
        }
        if let Some(max) = self.max_chars {
            let room =
                max.saturating_sub(count_graphemes(self.edit.text()) - count_graphemes(self.edit.selected_text()));
            let fits = cut_graphemes(&text, room);
            if fits.len() < text.len() {
                self.hint = Some(format!("cut at {max} characters"));
                text = fits.to_owned();
            }
        }
        if let Err(e) = self.edit.insert(&text, typed) {
            self.hint = Some(e.to_string());
        }
    }

    /// The byte of the text nearest window point (x, y), by the last frame's layout.
    fn byte_at(&self, x: f32, y: f32) -> usize {
        let shown = self.laid.byte_at(x, y, true);
        // Map a byte of the shown text back to the text (dots stand one for each grapheme).
        match self.kind {
            Kind::Password { revealed: false } => {
                let n = shown / '•'.len_utf8();
                let mut at = 0;
                for _ in 0..n {
                    at = next_grapheme(self.edit.text(), at);
                }
                at
            }
            _ => shown,
        }
    }

    /// The text laid out as it is drawn in `rect`, from the last frame's layout and scroll; the caret is always
    /// kept in view (a field scrolls by its caret alone).
    fn lay_out(&self, fonts: &FontBook, f: KitFonts, rect: Rect, mirrored: bool, density: Density) -> Laid {
        let pad = self.pad(density);
        let text_box = super::pen::flip(self.text_box(rect), rect, mirrored);
        let font = self.font(fonts, f);
        let line_height = fonts.metrics(font).line_height.ceil();
        let content = Rect::new(
            text_box.x + pad,
            rect.y + ((rect.h - line_height) / 2.0).round(),
            (text_box.w - 2.0 * pad).max(0.0),
            line_height,
        );
        self.lay_out_in(fonts, &TextStyle::new(font), content)
    }

    /// The text laid out in `style` in the content box `content` (window pixels), from the last frame's layout
    /// and scroll, the caret kept in view: what its drawing does inside its padding.
    pub fn lay_out_in(&self, fonts: &FontBook, style: &TextStyle, content: Rect) -> Laid {
        let text = self.shown();
        let caret = self.shown_byte(self.edit.shown_caret());
        let line_height = fonts.metrics(style.font).line_height.ceil();
        let shown = Shown { text: &text, caret, multiline: false, line_height };
        let scroll = Scroll { at: self.laid.scroll, reveal: true };
        editor::lay_out(fonts, style, content, shown, &self.laid, scroll)
    }

    fn text_box(&self, rect: Rect) -> Rect {
        let reveal = if matches!(self.kind, Kind::Password { .. }) { REVEAL_W } else { 0.0 };
        Rect::new(rect.x, rect.y, rect.w - reveal, rect.h)
    }
}

/// How many grapheme clusters `text` has.
pub fn count_graphemes(text: &str) -> usize {
    let mut n = 0;
    let mut at = 0;
    while at < text.len() {
        at = next_grapheme(text, at);
        n += 1;
    }
    n
}

/// The longest start of `text` of at most `n` grapheme clusters.
pub fn cut_graphemes(text: &str, n: usize) -> &str {
    let mut at = 0;
    for _ in 0..n {
        if at >= text.len() {
            break;
        }
        at = next_grapheme(text, at);
    }
    &text[..at]
}

impl Widget for Field {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed(self.width, m.control())
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        let enabled = self.kind != Kind::Disabled;
        let text = self.text_box(rect);
        let shown = super::pen::flip(text, rect, mirrored);
        out.push(Region { focusable: enabled, enabled, ..Region::at(self.id, 0, shown, Cursor::IBeam) });
        if matches!(self.kind, Kind::Password { .. }) {
            // The reveal button is a Tab stop of its own, after the text.
            let reveal = Rect::new(text.right(), rect.y, REVEAL_W, rect.h);
            out.push(Region { focusable: true, ..part(self.id, 1, super::pen::flip(reveal, rect, mirrored)) });
        }
    }

    fn current_part(&self) -> Option<u8> {
        Some(u8::from(self.on_reveal))
    }

    fn left(&mut self) -> bool {
        let before = self.error;
        self.on_reveal = false;
        self.check();
        self.error != before
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = self.clone();
        match message {
            Message::Focus(t) => self.on_reveal = t.part == 1,
            // On the reveal button, keys are the button's: Space and Return come as an activation.
            Message::Key { .. } | Message::Text { .. } | Message::Preedit { .. } if self.on_reveal => {}
            // Escape unwinds a selection first (the session then takes the focus away).
            Message::Key { key: Key::Escape, .. } if !self.edit.selection().is_empty() => {
                self.edit.move_to(self.edit.caret(), false);
            }
            Message::Activate(t) if t.part == 1 => {
                if let Kind::Password { revealed } = &mut self.kind {
                    *revealed = !*revealed;
                }
            }
            Message::Press { x, y, clicks, target, mods } if target.part == 0 => {
                let at = self.byte_at(*x, *y);
                edit_keys::press(&mut self.edit, at, *clicks, *mods);
            }
            Message::Drag { x, y, target } if target.part == 0 => {
                let at = self.byte_at(*x, *y);
                self.edit.move_to(at, true);
            }
            Message::Text { text, .. } if self.editable() => self.insert(text, true),
            Message::Preedit { text, cursor, .. } if self.editable() => self.edit.set_preedit(text, *cursor),
            Message::Key { key, mods, .. } => match key {
                // Nothing selected copies nothing, as the text screen's field does (a copy of "" lost the clipboard).
                Key::Char('c') if mods.ctrl => {
                    if !matches!(self.kind, Kind::Password { .. }) && !self.edit.selection().is_empty() {
                        cx.clipboard.set(self.edit.selected_text());
                    }
                }
                Key::Char('x') if mods.ctrl => {
                    if self.kind == Kind::Plain
                        && let Some(cut) = self.edit.cut()
                    {
                        cx.clipboard.set(&cut);
                    }
                }
                Key::Char('v') if mods.ctrl => {
                    if self.editable()
                        && let Some(text) = cx.clipboard.get()
                    {
                        self.insert(&text, false);
                    }
                }
                _ => {
                    let editable = self.editable();
                    let keyed = Keyed { edit: &mut self.edit, laid: &self.laid, goal: &mut None, editable, page: 1 };
                    edit_keys::key(keyed, *key, *mods);
                }
            },
            _ => {}
        }
        // A field that already showed its rule's message says at once whether the fix holds.
        if self.error.is_some() {
            self.check();
        }
        // A caret that moved shows at once, then blinks.
        let stamp = |f: &Field| (f.edit.revision(), f.edit.caret(), f.edit.anchor());
        if stamp(self) != stamp(&before) {
            self.since = cx.now;
        }
        Response::changed(*self != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        // The text shows the focus while the keyboard is in it, not on its reveal button.
        let focused = pen.router.focus() == Some(self.id) && !self.on_reveal;
        let text_box = pen.flip(self.text_box(rect), rect);
        let fill = if self.kind == Kind::Disabled { p.background } else { p.surface };
        pen.list.fill_round_rect(rect, 6.0, fill);
        let border = if self.error.is_some() {
            crate::geom::Color::rgb(0xe0, 0x4f, 0x5f)
        } else if focused {
            p.accent
        } else {
            p.border
        };
        looks::stroke_round(pen.list, rect, 6.0, if focused { 1.5 } else { 1.0 }, border);
        // A field in error keeps its red border, so its focus is the ring every other widget draws.
        if focused && self.error.is_some() {
            looks::focus_ring(pen.list, rect, 6.0, &p);
        }
        let shown = self.shown();
        let ink = if matches!(self.kind, Kind::Disabled | Kind::ReadOnly) { p.muted } else { p.text };
        if shown.is_empty() && !focused {
            let pad = self.pad(pen.density);
            let inner = Rect { x: text_box.x + pad, w: text_box.w - 2.0 * pad, ..text_box };
            pen.text_in(pen.f.label, inner, self.placeholder, p.muted, Align::FlexStart);
        } else {
            let laid = self.lay_out(pen.fonts, pen.f, rect, pen.mirrored, pen.density);
            let font = self.font(pen.fonts, pen.f);
            let m = pen.fonts.metrics(font);
            let selection = self.edit.shown_selection();
            let look = Look {
                ink,
                highlight: p.accent.with_alpha(0x60),
                selection: if focused {
                    self.shown_byte(selection.start)..self.shown_byte(selection.end)
                } else {
                    0..0
                },
                composing: self.edit.preedit_range().map(|r| self.shown_byte(r.start)..self.shown_byte(r.end)),
                caret: (focused && self.kind != Kind::Disabled && blink::on(self.since, pen.now))
                    .then(|| self.shown_byte(self.edit.shown_caret())),
                ascent: m.ascent,
                face_line: m.line_height,
                size_px: pen.fonts.size_px(font),
            };
            // A revealed password is drawn as text, which a recording must not keep.
            if matches!(self.kind, Kind::Password { revealed: true }) {
                pen.list.record_secret(|list| editor::draw(list, &laid, false, &look));
            } else {
                editor::draw(pen.list, &laid, false, &look);
            }
        }
        if let Kind::Password { revealed } = self.kind {
            let reveal = pen.flip(Rect::new(self.text_box(rect).right(), rect.y, REVEAL_W, rect.h), rect);
            let state = pen.look_part(self.id, 1);
            if state.hovered {
                pen.list.fill_round_rect(reveal.inset(3.0), 4.0, p.surface_hover);
            }
            pen.text_in(pen.f.small, reveal, if revealed { "Hide" } else { "Show" }, p.accent, Align::Center);
            if self.on_reveal {
                pen.ring_if_focused(self.id, reveal.inset(3.0), 4.0);
            }
        }
        let note = self.error.map(str::to_owned).or_else(|| self.hint.clone());
        if let Some(note) = note {
            let below = pen.flip(Rect::new(rect.x + 2.0, rect.bottom() + 2.0, rect.w + 160.0, 15.0), rect);
            let color = if self.error.is_some() { crate::geom::Color::rgb(0xe0, 0x4f, 0x5f) } else { p.focus };
            pen.text_in(pen.f.small, below, &note, color, Align::FlexStart);
        }
    }

    fn tooltip(&self, part: u8) -> Option<&'static str> {
        (part == 1).then_some("Shows or hides the password")
    }

    fn access(&self) -> Access {
        let role = if matches!(self.kind, Kind::Password { .. }) { Role::PasswordInput } else { Role::TextInput };
        let value = if matches!(self.kind, Kind::Password { revealed: false }) {
            self.shown()
        } else {
            self.edit.text().to_owned()
        };
        // A password's dots stand for its characters one for one, so its selection is counted in dots.
        let (anchor, caret) = match self.kind {
            Kind::Password { revealed: false } => {
                let dots = |at: usize| count_graphemes(&self.edit.text()[..at]) * '•'.len_utf8();
                (dots(self.edit.anchor()), dots(self.edit.caret()))
            }
            _ => (self.edit.anchor(), self.edit.caret()),
        };
        let placed = self.laid.placed(&value);
        Access::new(role, self.name)
            .value(value)
            .placed(placed)
            .revealed(self.kind == Kind::Password { revealed: true })
            .selection(anchor, caret)
            .state("readonly", self.kind == Kind::ReadOnly)
            .state("disabled", self.kind == Kind::Disabled)
            .state("invalid", self.error.is_some())
            .state("required", self.rule.as_ref().is_some_and(|r| r.required.is_some()))
            .description(self.error)
    }

    fn states(&self) -> Vec<&'static str> {
        // As access() gives them, without copying the text (a stylesheet asks every frame).
        [
            ("readonly", self.kind == Kind::ReadOnly),
            ("disabled", self.kind == Kind::Disabled),
            ("invalid", self.error.is_some()),
            ("required", self.rule.as_ref().is_some_and(|r| r.required.is_some())),
        ]
        .into_iter()
        .filter_map(|(state, on)| on.then_some(state))
        .collect()
    }

    fn report(&self) -> Value {
        let text = if matches!(self.kind, Kind::Password { .. }) { self.shown() } else { self.edit.text().to_owned() };
        let preedit = self.edit.preedit().map(|p| json!({ "text": p.text, "cursor": p.cursor }));
        json!({
            "text": text, "caret": self.edit.caret(), "anchor": self.edit.anchor(), "error": self.error,
            "hint": self.hint, "preedit": preedit
        })
    }

    fn seen(&self) -> Value {
        let revealed = matches!(self.kind, Kind::Password { revealed: true });
        json!({
            "revision": self.edit.revision(), "caret": self.edit.caret(), "anchor": self.edit.anchor(),
            "error": self.error, "hint": self.hint, "revealed": revealed
        })
    }

    fn takes_text(&self) -> bool {
        self.kind != Kind::Disabled
    }

    fn lay_text(&self, m: &Measure<'_>, rect: Rect, mirrored: bool) -> Option<Laid> {
        Some(self.lay_out(m.fonts, m.f, rect, mirrored, m.density))
    }

    fn take_laid(&mut self, laid: Laid) {
        self.laid = laid;
    }

    fn caret_since(&self) -> Option<f64> {
        (self.kind != Kind::Disabled).then_some(self.since)
    }

    fn caret_rect(&self, _rect: Rect) -> Option<Rect> {
        Some(self.laid.caret_bar(self.shown_byte(self.edit.shown_caret()), false))
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Text(self.edit.text().to_owned()))
    }

    /// Its text as typing would leave it: digits only where it takes digits, cut at its most characters; a
    /// read-only or disabled field takes none.
    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        match self.kind {
            Kind::ReadOnly => return Err(super::Refused::ReadOnly),
            Kind::Disabled => return Err(super::Refused::Disabled),
            Kind::Plain | Kind::Password { .. } => {}
        }
        let super::Held::Text(text) = value else { return Err(value.refused("text")) };
        let mut text: String =
            if self.digits_only { text.chars().filter(char::is_ascii_digit).collect() } else { text.clone() };
        if let Some(n) = self.max_chars {
            text = cut_graphemes(&text, n).to_owned();
        }
        self.edit = TextEdit::new(&text, false);
        self.error = None;
        Ok(super::held::reached(value, super::Held::Text(text)))
    }

    /// What a person typed and whether it was found wrong (a rule's message stays until the text is fixed).
    fn carry_from(&mut self, old: &dyn Widget) {
        if let Some(super::Held::Text(text)) = old.value() {
            let _ = self.set_value(&super::Held::Text(text));
            if old.states().contains(&"invalid") {
                self.check();
            }
        }
    }

    fn check(&mut self) -> bool {
        Field::check(self)
    }

    clone_box!();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(field: &mut Field, clipboard: &mut String, key: Key) {
        let mut popup = None;
        let mut cx = Cx { rect: Rect::default(), now: 0.0, mirrored: false, clipboard, popup: &mut popup };
        let mods = crate::ui::input::Mods { ctrl: true, ..crate::ui::input::Mods::NONE };
        field.handle(&Message::Key { id: "f", key, mods }, &mut cx);
    }

    #[test]
    fn its_characters_are_placed_where_its_last_layout_drew_them_and_not_after_an_edit_it_has_not_drawn() {
        let fonts = crate::test_support::fonts();
        let m = Measure { fonts, f: KitFonts::new(fonts), density: Density::Regular };
        let rect = Rect::new(20.0, 40.0, 200.0, 36.0);
        let mut field = Field::new("f", "Name", "Ada", 200.0);
        let laid = field.lay_text(&m, rect, false).expect("a field lays out its text");
        field.take_laid(laid);
        let placed = field.access().placed.expect("placed by its layout");
        assert_eq!(placed.carets.len(), 4, "before each of A, d, a and after the last");
        for i in 0..3 {
            let (left, right) = placed.edges(i).expect("an edge");
            assert!(right > left && left >= rect.x && right <= rect.right(), "character {i}: {left}..{right}");
            assert_eq!(placed.carets[i + 1], right, "left to right, one after the other");
        }
        let line = placed.line();
        assert!(line.y >= rect.y && line.bottom() <= rect.bottom(), "{line:?} inside {rect:?}");
        field.insert("x", true);
        assert_eq!(field.access().placed, None, "a text the last frame did not lay out is not placed");
    }

    #[test]
    fn copy_with_nothing_selected_leaves_the_clipboard_as_it_was() {
        let mut field = Field::new("f", "Field", "abc", 100.0);
        let mut clipboard = "kept".to_owned();
        key(&mut field, &mut clipboard, Key::Char('c'));
        assert_eq!(clipboard, "kept");
        key(&mut field, &mut clipboard, Key::Char('a'));
        key(&mut field, &mut clipboard, Key::Char('c'));
        assert_eq!(clipboard, "abc");
    }

    #[test]
    fn a_pasted_line_break_is_a_space_as_in_every_editor() {
        let mut field = Field::new("f", "Field", "", 100.0);
        let mut clipboard = "one\ntwo\r\nthree".to_owned();
        key(&mut field, &mut clipboard, Key::Char('v'));
        assert_eq!(field.text(), "one two three");
    }

    #[test]
    fn a_cut_keeps_whole_grapheme_clusters() {
        assert_eq!(cut_graphemes("ae\u{301}io", 2), "ae\u{301}");
        assert_eq!(count_graphemes("ae\u{301}io"), 4);
        assert_eq!(cut_graphemes("ab", 5), "ab");
    }
}
