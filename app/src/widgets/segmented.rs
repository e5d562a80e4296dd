//! A segmented bar: a row of joined buttons of which one is selected (a view switch). Each segment is a part; the
//! keys are a radio group's ([`super::radio::choose`]).

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::radio::choose;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets as looks;
use crate::ui::router::{Message, Region, WidgetId};

/// A segmented bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Segmented {
    id: WidgetId,
    name: &'static str,
    options: &'static [&'static str],
    /// The segment selected.
    pub selected: usize,
}

impl Segmented {
    /// A bar named `name` of `options`, `selected` chosen.
    pub fn new(id: WidgetId, name: &'static str, options: &'static [&'static str], selected: usize) -> Segmented {
        Segmented { id, name, options, selected: selected.min(options.len().saturating_sub(1)) }
    }

    fn boxes(&self, rect: Rect, mirrored: bool) -> Vec<Rect> {
        let w = rect.w / self.options.len().max(1) as f32;
        (0..self.options.len())
            .map(|i| super::pen::flip(Rect::new(rect.x + i as f32 * w, rect.y, w, rect.h), rect, mirrored))
            .collect()
    }
}

impl Widget for Segmented {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        let widest = self.options.iter().map(|o| m.label_w(o)).fold(0.0, f32::max);
        Size::fixed(((widest + 28.0) * self.options.len() as f32).ceil(), m.control())
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        for (i, r) in self.boxes(rect, mirrored).into_iter().enumerate() {
            out.push(Region { focusable: true, ..part(self.id, i, r) });
        }
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = self.selected;
        match message {
            Message::Activate(t) if usize::from(t.part) < self.options.len() => self.selected = usize::from(t.part),
            Message::Key { key, .. } => {
                if let Some(i) = choose(self.selected, self.options.len(), *key, cx.mirrored) {
                    self.selected = i;
                }
            }
            _ => {}
        }
        Response::changed(self.selected != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        pen.list.fill_round_rect(rect, 7.0, p.background);
        looks::stroke_round(pen.list, rect, 7.0, 1.0, p.border);
        for (i, (option, r)) in self.options.iter().zip(self.boxes(rect, pen.mirrored)).enumerate() {
            let state = pen.look_part(self.id, i as u8);
            let inner = r.inset(3.0);
            let color = if i == self.selected {
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
        pen.ring_if_focused(self.id, rect, 7.0);
    }

    fn access(&self) -> Access {
        Access::new(Role::RadioGroup, self.name).value(self.options.get(self.selected).copied().unwrap_or(""))
    }

    fn report(&self) -> Value {
        json!({ "selected": self.selected, "value": self.options.get(self.selected) })
    }

    clone_box!();
}
