//! A segmented bar: a row of joined buttons of which one is selected (a view switch). Each segment is a part; the
//! keys are a radio group's ([`Choice`]).

use goldberry_natives::yoga::Align;
use serde_json::Value;

use super::choice::Choice;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets as looks;
use crate::ui::router::{Message, Region, WidgetId};

/// A segmented bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Segmented {
    id: WidgetId,
    name: &'static str,
    /// The segments and the one selected.
    pub choice: Choice,
}

impl Segmented {
    /// A bar named `name` of `options`, `selected` chosen.
    pub fn new(id: WidgetId, name: &'static str, options: &'static [&'static str], selected: usize) -> Segmented {
        Segmented { id, name, choice: Choice::new(options, selected) }
    }
}

impl Widget for Segmented {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed(((self.choice.widest(m) + 28.0) * self.choice.options.len() as f32).ceil(), m.control())
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        self.choice.regions(self.id, rect, mirrored, out);
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        self.choice.handle(message, cx.mirrored)
    }

    fn current_part(&self) -> Option<u8> {
        self.choice.current_part()
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        pen.list.fill_round_rect(rect, 7.0, p.background);
        looks::stroke_round(pen.list, rect, 7.0, 1.0, p.border);
        for (i, (option, r)) in self.choice.options.iter().zip(self.choice.boxes(rect, pen.mirrored)).enumerate() {
            let state = pen.look_part(self.id, i as u8);
            let inner = r.inset(3.0);
            let color = if i == self.choice.selected {
                pen.list.fill_round_rect(inner, 5.0, p.accent);
                p.on_accent
            } else {
                if state.hovered {
                    pen.list.fill_round_rect(inner, 5.0, p.surface_hover);
                }
                p.text
            };
            pen.text_in(pen.f.label, r, option, color, Align::Center);
        }
        if let Some(segment) = self.choice.boxes(rect, pen.mirrored).get(self.choice.selected) {
            pen.ring_if_focused(self.id, *segment, 7.0);
        }
    }

    fn access(&self) -> Access {
        Access::new(Role::RadioGroup, self.name).value(self.choice.value())
    }

    fn part_access(&self) -> Vec<(u8, Access)> {
        self.choice.options_access()
    }

    fn report(&self) -> Value {
        self.choice.report()
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::held::choice(self.choice.selected, self.choice.options))
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        super::held::set_choice(&mut self.choice.selected, self.choice.options, value)
    }

    clone_box!();
}
