//! A checkbox: two states, or three (checked, unchecked and mixed: a parent of checkboxes some of which are on),
//! or disabled. A click or Space steps it: unchecked → checked (→ mixed, when it has three) → unchecked.

use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::display_list::{PathCommand, PathData, Stroke};
use crate::geom::Rect;
use crate::scene::draw::widgets::{self as looks, BOX, State};
use crate::ui::router::{Cursor, Message, Region, WidgetId};

/// The colour of a required box a submit found unticked (a field's broken rule's).
const INVALID: crate::geom::Color = crate::geom::Color::rgb(0xe0, 0x4f, 0x5f);

/// A checkbox's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// Off.
    Unchecked,
    /// On.
    Checked,
    /// Some of what it stands for is on.
    Mixed,
}

impl Check {
    /// As the report prints it.
    pub fn as_str(self) -> &'static str {
        match self {
            Check::Unchecked => "unchecked",
            Check::Checked => "checked",
            Check::Mixed => "mixed",
        }
    }
}

/// A checkbox.
#[derive(Debug, Clone, PartialEq)]
pub struct Checkbox {
    id: WidgetId,
    label: &'static str,
    /// Its state.
    pub check: Check,
    tristate: bool,
    disabled: bool,
    /// A form's submit needs it ticked.
    required: bool,
    /// A submit found it required and unticked; ticking it clears this.
    invalid: bool,
}

impl Checkbox {
    /// A two-state checkbox.
    pub fn new(id: WidgetId, label: &'static str, checked: bool) -> Checkbox {
        let check = if checked { Check::Checked } else { Check::Unchecked };
        Checkbox { id, label, check, tristate: false, disabled: false, required: false, invalid: false }
    }

    /// A three-state checkbox, starting mixed.
    pub fn tristate(id: WidgetId, label: &'static str) -> Checkbox {
        Checkbox { check: Check::Mixed, tristate: true, ..Checkbox::new(id, label, false) }
    }

    /// Disabled.
    pub fn disabled(mut self) -> Checkbox {
        self.disabled = true;
        self
    }

    /// Needed ticked by a form's submit, which marks it invalid while it is not ([`Widget::check`]).
    pub fn required(mut self) -> Checkbox {
        self.required = true;
        self
    }

    /// Whether it has a third, mixed state (a parent of others).
    pub fn is_tristate(&self) -> bool {
        self.tristate
    }

    /// Whether it is checked.
    pub fn checked(&self) -> bool {
        self.check == Check::Checked
    }
}

impl Widget for Checkbox {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed((BOX + 8.0 + m.label_w(self.label)).ceil(), m.control())
    }

    fn regions(&self, rect: Rect, _mirrored: bool, out: &mut Vec<Region>) {
        let cursor = if self.disabled { Cursor::Arrow } else { Cursor::Hand };
        out.push(Region { focusable: !self.disabled, enabled: !self.disabled, ..Region::at(self.id, 0, rect, cursor) });
    }

    fn handle(&mut self, message: &Message, _cx: &mut Cx<'_>) -> Response {
        if !matches!(message, Message::Activate(_)) || self.disabled {
            return Response::NONE;
        }
        self.check = match (self.check, self.tristate) {
            (Check::Unchecked, _) => Check::Checked,
            (Check::Checked, true) => Check::Mixed,
            _ => Check::Unchecked,
        };
        if self.check == Check::Checked {
            self.invalid = false;
        }
        Response::CHANGED
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let state = if self.disabled { State::DISABLED } else { pen.look(self.id) };
        let p = pen.palette;
        let (list, ink) = pen.inked();
        looks::checkbox(list, ink, rect, self.label, self.check == Check::Checked, state);
        if self.check == Check::Mixed {
            let x = if pen.mirrored { rect.right() - BOX } else { rect.x };
            let square = Rect::new(x, rect.y + (rect.h - BOX) / 2.0, BOX, BOX);
            pen.list.fill_round_rect(square, 4.0, p.accent);
            let dash = PathData {
                commands: vec![
                    PathCommand::MoveTo(square.x + 4.5, square.y + BOX / 2.0),
                    PathCommand::LineTo(square.right() - 4.5, square.y + BOX / 2.0),
                ],
            };
            pen.list.stroke_path(dash, Stroke { width: 2.2, round: true }, p.on_accent);
        }
        if self.invalid {
            // The field's colour for a broken rule, around the box a submit found unticked.
            let x = if pen.mirrored { rect.right() - BOX } else { rect.x };
            let square = Rect::new(x - 2.0, rect.y + (rect.h - BOX) / 2.0 - 2.0, BOX + 4.0, BOX + 4.0);
            pen.list.stroke_round_rect(square, 5.0, Stroke { width: 2.0, round: true }, INVALID);
        }
        if self.disabled {
            pen.list.fill_rect(rect, p.background.with_alpha(0x70));
        }
    }

    fn access(&self) -> Access {
        Access::new(Role::CheckBox, self.label)
            .state("checked", self.check == Check::Checked)
            .state("mixed", self.check == Check::Mixed)
            .state("disabled", self.disabled)
            .state("invalid", self.invalid)
            .state("required", self.required)
            .description(self.invalid.then_some(super::rule::REQUIRED))
    }

    fn report(&self) -> Value {
        json!({
            "checked": self.check == Check::Checked,
            "state": self.check.as_str(),
            "disabled": self.disabled,
            "invalid": self.invalid,
        })
    }

    fn value(&self) -> Option<super::Held> {
        Some(match self.check {
            Check::Checked => super::Held::On(true),
            Check::Unchecked => super::Held::On(false),
            Check::Mixed => super::Held::Mixed,
        })
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        if self.disabled {
            return Err(super::Refused::Disabled);
        }
        self.check = match value {
            super::Held::On(true) => Check::Checked,
            super::Held::On(false) => Check::Unchecked,
            super::Held::Mixed if self.tristate => Check::Mixed,
            other => return Err(other.refused("on or off")),
        };
        if self.check == Check::Checked {
            self.invalid = false;
        }
        Ok(super::Reached::Exactly)
    }

    fn check(&mut self) -> bool {
        self.invalid = self.required && self.check != Check::Checked;
        !self.invalid
    }

    clone_box!();
}
