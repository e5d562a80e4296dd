//! A stepper: the steps of a task in a row (a wizard's), each done, current or to come, with Back and Next
//! (parts 0 and 1); a done step is a part too (2 …), and a click on it goes back to it. Its keys are WAI-ARIA's
//! toolbar's: one Tab stop, on Next at first; Left and Right move between Back and Next, Space or Return presses
//! the one the keyboard is on.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::choice::choose;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets::{self as looks, body_color};
use crate::ui::input::Key;
use crate::ui::router::{Message, Region, WidgetId};

const BUTTON_W: f32 = 72.0;
const DOT: f32 = 22.0;

/// A stepper.
#[derive(Debug, Clone, PartialEq)]
pub struct Stepper {
    id: WidgetId,
    steps: &'static [&'static str],
    /// The current step, from 0 (`steps.len()` once all are done).
    pub current: usize,
    /// The button the keyboard is on: 0 Back, 1 Next (a toolbar's arrows move it).
    keys_on: u8,
}

impl Stepper {
    /// Its steps (a reloaded document keeps the current step only where it still stands).
    pub fn steps(&self) -> &'static [&'static str] {
        self.steps
    }

    /// A stepper through `steps`, at the first.
    pub fn new(id: WidgetId, steps: &'static [&'static str]) -> Stepper {
        Stepper { id, steps, current: 0, keys_on: 1 }
    }

    /// Back, Next, then each step's box.
    fn boxes(&self, rect: Rect, mirrored: bool) -> Vec<Rect> {
        let flip = |r| super::pen::flip(r, rect, mirrored);
        let row_h = 44.0;
        let buttons_y = rect.y + row_h + 8.0;
        let mut out = vec![
            flip(Rect::new(rect.x, buttons_y, BUTTON_W, 30.0)),
            flip(Rect::new(rect.x + BUTTON_W + 10.0, buttons_y, BUTTON_W, 30.0)),
        ];
        let w = rect.w / self.steps.len().max(1) as f32;
        out.extend((0..self.steps.len()).map(|i| flip(Rect::new(rect.x + i as f32 * w, rect.y, w, row_h))));
        out
    }
}

impl Widget for Stepper {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        Size::fill(320.0, 84.0)
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        for (i, r) in self.boxes(rect, mirrored).into_iter().enumerate() {
            let done_step = i >= 2 && i - 2 < self.current;
            if i < 2 || done_step {
                out.push(Region { focusable: i == 1, ..part(self.id, i, r) });
            }
        }
    }

    fn current_part(&self) -> Option<u8> {
        Some(self.keys_on)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = (self.current, self.keys_on);
        match *message {
            Message::Activate(t) => match t.part {
                0 => self.current = self.current.saturating_sub(1),
                1 => self.current = (self.current + 1).min(self.steps.len()),
                p => self.current = self.current.min(usize::from(p) - 2),
            },
            Message::Press { target, .. } if target.part < 2 => self.keys_on = target.part,
            // WAI-ARIA's toolbar: the arrows move between Back and Next, Home and End to either.
            Message::Key { key: key @ (Key::Left | Key::Right | Key::Home | Key::End), .. } => {
                if let Some(i) = choose(usize::from(self.keys_on), 2, key, cx.mirrored) {
                    self.keys_on = i as u8;
                }
            }
            _ => {}
        }
        Response::changed((self.current, self.keys_on) != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let boxes = self.boxes(rect, pen.mirrored);
        for (i, (r, name)) in boxes[2..].iter().zip(self.steps).enumerate() {
            let (cx, cy) = (r.x + r.w / 2.0, r.y + DOT / 2.0 + 2.0);
            if i + 1 < self.steps.len() {
                let next = boxes[2 + i + 1];
                let x0 = cx.min(next.x + next.w / 2.0) + DOT / 2.0 + 4.0;
                let x1 = cx.max(next.x + next.w / 2.0) - DOT / 2.0 - 4.0;
                pen.list.fill_rect(
                    Rect::new(x0, cy - 1.0, (x1 - x0).max(0.0), 2.0),
                    if i < self.current { p.accent } else { p.border },
                );
            }
            let (fill, mark) = if i < self.current {
                (p.accent, "✓".to_owned())
            } else if i == self.current {
                (p.focus, (i + 1).to_string())
            } else {
                (p.border, (i + 1).to_string())
            };
            pen.list.fill_circle(cx, cy, DOT / 2.0, fill);
            pen.text_in(
                pen.f.small,
                Rect::new(cx - DOT / 2.0, cy - DOT / 2.0, DOT, DOT),
                &mark,
                p.on_accent,
                Align::Center,
            );
            let label = Rect::new(r.x, r.y + DOT + 6.0, r.w, 16.0);
            pen.text_in(pen.f.small, label, name, if i == self.current { p.text } else { p.muted }, Align::Center);
        }
        for (i, label) in
            ["Back", if self.current + 1 >= self.steps.len() { "Finish" } else { "Next" }].iter().enumerate()
        {
            let r = boxes[i];
            let state = pen.look_part(self.id, i as u8);
            pen.list.fill_round_rect(r, 6.0, body_color(&p, state));
            looks::stroke_round(pen.list, r, 6.0, 1.0, p.border);
            pen.text_in(pen.f.label, r, label, p.text, Align::Center);
        }
        pen.ring_if_focused(self.id, boxes[usize::from(self.keys_on)], 6.0);
    }

    fn states(&self) -> Vec<&'static str> {
        Vec::new()
    }

    fn access(&self) -> Access {
        let step = self.steps.get(self.current).copied().unwrap_or("done");
        Access::new(Role::Group, "Steps").value(format!("step {} of {}: {step}", self.current + 1, self.steps.len()))
    }

    fn report(&self) -> Value {
        json!({ "current": self.current, "done": self.current >= self.steps.len() })
    }

    /// The current step, from 0 (the number of steps once all are done).
    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Number(self.current as f64))
    }

    fn range(&self) -> Option<super::Span> {
        Some(super::Span { value: self.current as f64, min: 0.0, max: self.steps.len() as f64, step: 1.0 })
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let mut current = self.current as i64;
        let reached = super::held::set_whole(&mut current, 0, self.steps.len() as i64, value)?;
        self.current = current as usize;
        Ok(reached)
    }

    clone_box!();
}
