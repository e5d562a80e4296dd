//! A spinner: a whole number in a range, with − and + buttons (parts 1 and 2), Up and Down (Page Up and Page Down by
//! ten, Home and End to its ends), the wheel while focused, and typed digits (part 0 is its figure). A number typed past the range is clamped to it, and says so
//! until the next key; a letter is refused with a hint.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets::{self as looks, body_color};
use crate::ui::input::Key;
use crate::ui::router::{Cursor, Message, Region, WidgetId};

const BUTTON_W: f32 = 28.0;
const FIGURE_W: f32 = 64.0;

/// A spinner.
#[derive(Debug, Clone, PartialEq)]
pub struct Spinner {
    id: WidgetId,
    name: &'static str,
    /// The value.
    pub value: i64,
    min: i64,
    max: i64,
    /// The digits typed since it took the focus or was stepped (None: none; the figure shows the value).
    typed: Option<String>,
    /// What the last key was told ("clamped to 99", "digits only").
    pub hint: Option<&'static str>,
    wheel_rest: f32,
}

impl Spinner {
    /// A spinner named `name` in `min..=max` at `value`.
    pub fn new(id: WidgetId, name: &'static str, value: i64, min: i64, max: i64) -> Spinner {
        Spinner { id, name, value: value.clamp(min, max), min, max, typed: None, hint: None, wheel_rest: 0.0 }
    }

    fn set(&mut self, value: i64) -> bool {
        let v = value.clamp(self.min, self.max);
        self.hint = match value {
            v if v > self.max => Some("clamped to the maximum"),
            v if v < self.min => Some("clamped to the minimum"),
            _ => None,
        };
        std::mem::replace(&mut self.value, v) != v
    }

    fn step(&mut self, by: i64) -> bool {
        self.typed = None;
        self.set(self.value.saturating_add(by))
    }

    /// Its parts in `rect`: the figure, −, + (the buttons at the end, whichever way the UI runs).
    fn parts(rect: Rect, mirrored: bool) -> [Rect; 3] {
        let figure = Rect::new(rect.x, rect.y, rect.w - 2.0 * BUTTON_W, rect.h);
        let minus = Rect::new(figure.right(), rect.y, BUTTON_W, rect.h);
        let plus = Rect::new(minus.right(), rect.y, BUTTON_W, rect.h);
        [figure, minus, plus].map(|r| super::pen::flip(r, rect, mirrored))
    }

    /// The figure as shown.
    fn figure(&self) -> String {
        self.typed.clone().unwrap_or_else(|| self.value.to_string())
    }
}

impl Widget for Spinner {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed(FIGURE_W + 2.0 * BUTTON_W, m.control())
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        let [figure, minus, plus] = Spinner::parts(rect, mirrored);
        out.push(Region { focusable: true, ..Region::at(self.id, 0, figure, Cursor::IBeam) });
        out.push(part(self.id, 1, minus));
        out.push(part(self.id, 2, plus));
    }

    fn left(&mut self) -> bool {
        // What was half typed ("", "-") gives way to the value held, so the figure shown is the value.
        self.typed.take().is_some_and(|typed| typed != self.value.to_string())
    }

    fn handle(&mut self, message: &Message, _cx: &mut Cx<'_>) -> Response {
        let before = (self.value, self.figure(), self.hint);
        match message {
            Message::Activate(t) if t.part == 1 => {
                self.step(-1);
            }
            Message::Activate(t) if t.part == 2 => {
                self.step(1);
            }
            Message::Key { key: Key::Up, .. } => {
                self.step(1);
            }
            Message::Key { key: Key::Down, .. } => {
                self.step(-1);
            }
            Message::Key { key: Key::PageUp, .. } => {
                self.step(10);
            }
            Message::Key { key: Key::PageDown, .. } => {
                self.step(-10);
            }
            // WAI-ARIA's spin button: Home and End go to the ends of the range.
            Message::Key { key: Key::Home, .. } => {
                self.typed = None;
                self.set(self.min);
            }
            Message::Key { key: Key::End, .. } => {
                self.typed = None;
                self.set(self.max);
            }
            Message::Key { key: Key::Backspace, .. } => {
                let mut digits = self.figure();
                digits.pop();
                let value = digits.parse().unwrap_or(self.min);
                self.set(value);
                self.typed = Some(digits);
            }
            Message::Key { key: Key::Return, .. } => self.typed = None,
            Message::Text { text, .. } => {
                if text.chars().all(|c| c.is_ascii_digit() || c == '-') {
                    let mut digits = self.typed.take().unwrap_or_default();
                    digits.push_str(text);
                    digits.truncate(18);
                    match digits.parse::<i64>() {
                        Ok(v) => {
                            self.set(v);
                            // A clamped number shows the bound it was held to.
                            self.typed = if self.hint.is_some() { None } else { Some(digits) };
                        }
                        Err(_) => self.typed = Some(digits),
                    }
                } else {
                    self.hint = Some("digits only");
                }
            }
            Message::Wheel { dy, .. } => {
                self.wheel_rest += dy;
                let steps = self.wheel_rest.trunc();
                self.wheel_rest -= steps;
                self.step(steps as i64);
            }
            _ => {}
        }
        Response::changed((self.value, self.figure(), self.hint) != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let [figure, minus, plus] = Spinner::parts(rect, pen.mirrored);
        pen.list.fill_round_rect(rect, 6.0, p.background);
        looks::stroke_round(pen.list, rect, 6.0, 1.0, p.border);
        let inner = Rect { x: figure.x + 10.0, w: figure.w - 20.0, ..figure };
        pen.text_in(pen.f.mono, inner, &self.figure(), p.text, Align::FlexEnd);
        for (i, (r, sign)) in [(minus, "−"), (plus, "+")].into_iter().enumerate() {
            let state = pen.look_part(self.id, i as u8 + 1);
            pen.list.fill_rect(r.inset(1.0), body_color(&p, state));
            pen.text_in(pen.f.label, r, sign, p.text, Align::Center);
        }
        if let Some(hint) = self.hint {
            let below = Rect::new(rect.x, rect.bottom() + 1.0, rect.w + 120.0, 14.0);
            pen.text_in(pen.f.small, pen.flip(below, rect), hint, p.focus, Align::FlexStart);
        }
        pen.ring_if_focused(self.id, rect, 6.0);
    }

    fn tooltip(&self, part: u8) -> Option<&'static str> {
        Some(match part {
            1 => "One less",
            2 => "One more",
            _ => "Type a number, or Up and Down",
        })
    }

    fn states(&self) -> Vec<&'static str> {
        Vec::new()
    }

    fn access(&self) -> Access {
        // The figure as drawn (the digits typed so far while typing) is what the keyboard types into; its caret
        // stands after its last digit.
        let figure = self.figure();
        let end = figure.len();
        Access::new(Role::SpinButton, self.name).value(figure).selection(end, end).range(
            self.value as f64,
            self.min as f64,
            self.max as f64,
            1.0,
        )
    }

    fn report(&self) -> Value {
        json!({ "value": self.value, "figure": self.figure(), "min": self.min, "max": self.max, "hint": self.hint })
    }

    fn takes_text(&self) -> bool {
        true
    }

    fn takes_wheel(&self, focused: bool) -> bool {
        focused
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Number(self.value as f64))
    }

    fn range(&self) -> Option<super::Span> {
        Some(super::Span { value: self.value as f64, min: self.min as f64, max: self.max as f64, step: 1.0 })
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        self.typed = None;
        self.hint = None;
        super::held::set_whole(&mut self.value, self.min, self.max, value)
    }

    clone_box!();
}
