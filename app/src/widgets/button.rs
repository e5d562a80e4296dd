//! A push button: default, primary (the accent colour, for the one action a page leads to) or disabled. It counts
//! its presses; a page binds a press to what the button says (count, reset, open a dialog).

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets::{self as looks, State};
use crate::ui::router::{Cursor, Message, Region, WidgetId};

/// How a button looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Emphasis {
    /// A surface with a border.
    Default,
    /// Filled with the accent colour.
    Primary,
}

/// A push button.
#[derive(Debug, Clone, PartialEq)]
pub struct Button {
    id: WidgetId,
    label: &'static str,
    emphasis: Emphasis,
    /// Takes no input.
    pub disabled: bool,
    /// How many times it was pressed.
    pub presses: u32,
    tip: Option<&'static str>,
}

impl Button {
    /// A default button.
    pub fn new(id: WidgetId, label: &'static str) -> Button {
        Button { id, label, emphasis: Emphasis::Default, disabled: false, presses: 0, tip: None }
    }

    /// A primary button.
    pub fn primary(id: WidgetId, label: &'static str) -> Button {
        Button { emphasis: Emphasis::Primary, ..Button::new(id, label) }
    }

    /// A disabled button.
    pub fn disabled(id: WidgetId, label: &'static str) -> Button {
        Button { disabled: true, ..Button::new(id, label) }
    }

    /// With a tooltip.
    pub fn tip(mut self, tip: &'static str) -> Button {
        self.tip = Some(tip);
        self
    }

    /// What it says.
    pub fn label(&self) -> &'static str {
        self.label
    }

    /// Says `label` instead (a switch that names its state).
    pub fn set_label(&mut self, label: &'static str) {
        self.label = label;
    }
}

impl Widget for Button {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed((m.label_w(self.label) + 32.0).max(96.0).ceil(), m.control())
    }

    fn regions(&self, rect: Rect, _mirrored: bool, out: &mut Vec<Region>) {
        let cursor = if self.disabled { Cursor::Arrow } else { Cursor::Hand };
        out.push(Region { focusable: !self.disabled, enabled: !self.disabled, ..Region::at(self.id, 0, rect, cursor) });
    }

    fn handle(&mut self, message: &Message, _cx: &mut Cx<'_>) -> Response {
        match message {
            Message::Activate(_) if !self.disabled => {
                self.presses = self.presses.saturating_add(1);
                Response::CHANGED
            }
            _ => Response::NONE,
        }
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let state = if self.disabled { State::DISABLED } else { pen.look(self.id) };
        match self.emphasis {
            Emphasis::Default => {
                let (list, ink) = pen.inked();
                looks::button(list, ink, rect, self.label, state);
            }
            Emphasis::Primary => {
                let p = pen.palette;
                let fill = if state.pressed {
                    p.focus
                } else if state.hovered {
                    crate::ui::theme::mix(p.accent, p.text, 0.18)
                } else {
                    p.accent
                };
                pen.list.fill_round_rect(rect, 6.0, fill);
                pen.text_in(pen.f.label, rect, self.label, p.on_accent, Align::Center);
                pen.ring_if_focused(self.id, rect, 6.0);
            }
        }
    }

    fn tooltip(&self, _part: u8) -> Option<&'static str> {
        self.tip
    }

    fn access(&self) -> Access {
        Access::new(Role::Button, self.label).state("disabled", self.disabled)
    }

    fn report(&self) -> Value {
        json!({ "presses": self.presses, "disabled": self.disabled })
    }

    /// Its presses: a count a bound widget may show, and a person's doing that a reload keeps.
    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Number(f64::from(self.presses)))
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        if self.disabled {
            return Err(super::Refused::Disabled);
        }
        let super::Held::Number(n) = value else { return Err(value.refused("a count of presses")) };
        self.presses = n.round().clamp(0.0, f64::from(u32::MAX)) as u32;
        Ok(super::held::reached(value, super::Held::Number(f64::from(self.presses))))
    }

    clone_box!();
}
