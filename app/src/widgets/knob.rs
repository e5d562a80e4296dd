//! A rotary knob: a [`Ranged`] value shown as an arc from 7:30 to 4:30 o'clock, with detents (the value snaps to
//! them). A vertical drag turns it (up raises, 150 px for the whole range); the keys and the wheel are [`Ranged`]'s.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::value::Ranged;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::display_list::{PathCommand, PathData, Stroke};
use crate::geom::Rect;
use crate::scene::draw::geometry::arc;
use crate::ui::router::{Message, WidgetId};
use crate::{clone_box, ranged_value};

const DIAL: f32 = 48.0;
/// How far a drag goes for the whole range, px.
const THROW: f32 = 150.0;
/// Where the arc starts and how far it sweeps, radians (clockwise from 3 o'clock, y down).
const START: f32 = 0.75 * std::f32::consts::PI;
const SWEEP: f32 = 1.5 * std::f32::consts::PI;

/// A knob.
#[derive(Debug, Clone, PartialEq)]
pub struct Knob {
    id: WidgetId,
    name: &'static str,
    /// The value; its step is the detent.
    pub value: Ranged,
    /// A drag: the pointer's y and the value's fraction where it started.
    drag: Option<(f32, f32)>,
}

impl Knob {
    /// A knob named `name` over `value` (its step is the detent).
    pub fn new(id: WidgetId, name: &'static str, value: Ranged) -> Knob {
        Knob { id, name, value, drag: None }
    }
}

impl Widget for Knob {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed(DIAL.max(m.label_w(self.name) + 8.0).ceil(), DIAL + 20.0)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        Response::changed(match *message {
            Message::Press { y, .. } => {
                self.drag = Some((y, self.value.fraction()));
                false
            }
            Message::Drag { y, .. } => match self.drag {
                Some((y0, t0)) => self.value.set_fraction(t0 + (y0 - y) / THROW),
                None => false,
            },
            Message::Release { .. } => {
                self.drag = None;
                false
            }
            ref other => self.value.message(other, cx.mirrored).unwrap_or(false),
        })
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let state = pen.look(self.id);
        let (cx, cy, r) = (rect.x + rect.w / 2.0, rect.y + DIAL / 2.0, DIAL / 2.0 - 4.0);
        let groove = PathData { commands: arc(cx, cy, r, START, START + SWEEP, true) };
        pen.list.stroke_path(groove, Stroke { width: 4.0, round: true }, p.border);
        let t = self.value.fraction();
        if t > 0.0 {
            let filled = PathData { commands: arc(cx, cy, r, START, START + SWEEP * t, true) };
            pen.list.stroke_path(filled, Stroke { width: 4.0, round: true }, p.accent);
        }
        let body = if state.hovered || state.pressed { p.surface_hover } else { p.surface };
        pen.list.fill_circle(cx, cy, r - 6.0, body);
        let a = START + SWEEP * t;
        let pointer = PathData {
            commands: vec![
                PathCommand::MoveTo(cx + (r - 16.0) * a.cos(), cy + (r - 16.0) * a.sin()),
                PathCommand::LineTo(cx + (r - 8.0) * a.cos(), cy + (r - 8.0) * a.sin()),
            ],
        };
        pen.list.stroke_path(pointer, Stroke { width: 2.5, round: true }, p.text);
        let label = Rect::new(rect.x - 20.0, rect.y + DIAL, rect.w + 40.0, 20.0);
        pen.text_in(pen.f.small, label, &format!("{} {}", self.name, self.value.text()), p.muted, Align::Center);
        pen.ring_if_focused(self.id, Rect::new(cx - DIAL / 2.0, rect.y, DIAL, DIAL), DIAL / 2.0);
    }

    fn tooltip(&self, _part: u8) -> Option<&'static str> {
        Some("Drag up or down, arrows, the wheel")
    }

    fn states(&self) -> Vec<&'static str> {
        Vec::new()
    }

    fn access(&self) -> Access {
        self.value.access(Access::new(Role::Slider, self.name).value(self.value.text()))
    }

    fn report(&self) -> Value {
        json!({ "value": self.value.json(), "detent": self.value.step })
    }

    fn takes_wheel(&self, focused: bool) -> bool {
        focused
    }

    ranged_value!(value);

    clone_box!();
}
