//! A radio group: one of its options selected ([`Choice`]), each option a part drawn as a circle and its label.

use serde_json::Value;

use super::choice::Choice;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets::{self as looks, BOX};
use crate::ui::router::{Message, Region, WidgetId};

/// A radio group.
#[derive(Debug, Clone, PartialEq)]
pub struct RadioGroup {
    id: WidgetId,
    name: &'static str,
    /// The options and the one selected.
    pub choice: Choice,
}

impl RadioGroup {
    /// A group named `name` of `options`, `selected` chosen.
    pub fn new(id: WidgetId, name: &'static str, options: &'static [&'static str], selected: usize) -> RadioGroup {
        RadioGroup { id, name, choice: Choice::new(options, selected) }
    }
}

impl Widget for RadioGroup {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        let per = BOX + 8.0 + self.choice.widest(m) + 18.0;
        Size::fixed((per * self.choice.options.len() as f32).ceil(), m.control())
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
        let boxes = self.choice.boxes(rect, pen.mirrored);
        for (i, (option, r)) in self.choice.options.iter().zip(&boxes).enumerate() {
            let state = pen.look_part(self.id, i as u8);
            // The option's circle and label, less the gap before the next option.
            let r = Rect { w: r.w - 18.0, x: if pen.mirrored { r.x + 18.0 } else { r.x }, ..*r };
            let (list, ink) = pen.inked();
            looks::radio(list, ink, r, option, self.choice.selected == i, state);
        }
        // The ring is on the option the keyboard is on: the one selected.
        if let Some(option) = boxes.get(self.choice.selected) {
            pen.ring_if_focused(
                self.id,
                Rect { w: option.w - 12.0, x: option.x + if pen.mirrored { 12.0 } else { 0.0 }, ..*option },
                6.0,
            );
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
