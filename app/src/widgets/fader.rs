//! A vertical fader, as on a mixing desk: a [`Ranged`] value on a vertical track, the maximum at the top. A press
//! or a drag sets the value under the pointer; the keys and the wheel are [`Ranged`]'s.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::value::Ranged;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::geom::Rect;
use crate::ui::router::{Message, WidgetId};
use crate::{clone_box, ranged_value};

const CAP: (f32, f32) = (28.0, 12.0);
const TRACK_H: f32 = 120.0;
const LABEL_H: f32 = 20.0;

/// A fader.
#[derive(Debug, Clone, PartialEq)]
pub struct Fader {
    id: WidgetId,
    name: &'static str,
    /// The value.
    pub value: Ranged,
}

impl Fader {
    /// A fader named `name` over `value`.
    pub fn new(id: WidgetId, name: &'static str, value: Ranged) -> Fader {
        Fader { id, name, value }
    }

    /// The cap's centre line's travel: from the top (the maximum) to the bottom (the minimum).
    fn travel(rect: Rect) -> (f32, f32) {
        (rect.y + CAP.1 / 2.0, rect.y + TRACK_H - CAP.1 / 2.0)
    }
}

impl Widget for Fader {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed(CAP.0.max(m.label_w(self.name) + 8.0).ceil(), TRACK_H + LABEL_H)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        Response::changed(match *message {
            // A press on the caption under the track focuses the fader (as a label does); it sets nothing.
            Message::Press { y, .. } if y >= cx.rect.y + TRACK_H => false,
            Message::Press { y, .. } | Message::Drag { y, .. } => {
                let (top, bottom) = Fader::travel(cx.rect);
                self.value.set_fraction((bottom - y) / (bottom - top))
            }
            ref other => self.value.message(other, cx.mirrored).unwrap_or(false),
        })
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let state = pen.look(self.id);
        let cx = rect.x + rect.w / 2.0;
        let (top, bottom) = Fader::travel(rect);
        pen.list.fill_round_rect(Rect::new(cx - 2.0, top, 4.0, bottom - top), 2.0, p.border);
        let y = bottom - (bottom - top) * self.value.fraction();
        pen.list.fill_round_rect(Rect::new(cx - 2.0, y, 4.0, bottom - y), 2.0, p.accent);
        for i in 0..=4 {
            let ty = top + (bottom - top) * i as f32 / 4.0;
            pen.list.fill_rect(Rect::new(cx + 8.0, ty.round(), 5.0, 1.0), p.muted);
        }
        let cap = Rect::new(cx - CAP.0 / 2.0, y - CAP.1 / 2.0, CAP.0, CAP.1);
        pen.list.fill_round_rect(cap, 3.0, if state.pressed || state.hovered { p.text } else { p.muted });
        pen.list.fill_rect(Rect::new(cap.x + 4.0, y - 0.5, CAP.0 - 8.0, 1.0), p.surface);
        let label = Rect::new(rect.x - 20.0, rect.y + TRACK_H, rect.w + 40.0, LABEL_H);
        pen.text_in(pen.f.small, label, &format!("{} {}", self.name, self.value.text()), p.muted, Align::Center);
        pen.ring_if_focused(self.id, Rect::new(rect.x, rect.y, rect.w, TRACK_H), 4.0);
    }

    fn tooltip(&self, _part: u8) -> Option<&'static str> {
        Some("Drag, Up and Down, the wheel")
    }

    fn states(&self) -> Vec<&'static str> {
        vec!["vertical"]
    }

    fn access(&self) -> Access {
        // It moves up and down: a screen reader says so, as GTK's vertical scale does.
        self.value.access(Access::new(Role::Slider, self.name).value(self.value.text()).state("vertical", true))
    }

    fn report(&self) -> Value {
        json!({ "value": self.value.json() })
    }

    fn takes_wheel(&self, focused: bool) -> bool {
        focused
    }

    ranged_value!(value);

    clone_box!();
}
