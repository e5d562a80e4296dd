//! A dropdown: its value in a field with a chevron; a click, Space or Return opens its list as a popup
//! ([`Request::Menu`], the current option checked), and what is picked comes back as [`Message::Pick`]. Up and
//! Down change the value without opening the list.

use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::Rect;
use crate::popup::{Item, Request};
use crate::scene::draw::widgets as looks;
use crate::ui::input::Key;
use crate::ui::router::{Message, WidgetId};

/// A dropdown.
#[derive(Debug, Clone, PartialEq)]
pub struct Dropdown {
    id: WidgetId,
    name: &'static str,
    options: &'static [&'static str],
    /// The option chosen.
    pub selected: usize,
}

impl Dropdown {
    /// Its options (a reloaded document keeps a selection only where it still names one).
    pub fn options(&self) -> &'static [&'static str] {
        self.options
    }

    /// A dropdown named `name` of `options`.
    pub fn new(id: WidgetId, name: &'static str, options: &'static [&'static str], selected: usize) -> Dropdown {
        Dropdown { id, name, options, selected: selected.min(options.len().saturating_sub(1)) }
    }

    /// The option chosen.
    pub fn value(&self) -> &'static str {
        self.options.get(self.selected).copied().unwrap_or("")
    }
}

impl Widget for Dropdown {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        let widest = self.options.iter().map(|o| m.label_w(o)).fold(0.0, f32::max);
        Size::fixed((widest + 56.0).max(160.0).ceil(), m.control())
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = self.selected;
        match *message {
            Message::Activate(_) => {
                let items = self
                    .options
                    .iter()
                    .enumerate()
                    .map(|(i, o)| Item { checked: i == self.selected, ..Item::new(o) })
                    .collect();
                *cx.popup = Some(Request::Menu {
                    owner: self.id,
                    anchor: cx.rect,
                    items,
                    highlighted: self.selected,
                    min_width: 0.0,
                    bar: false,
                });
            }
            Message::Pick { item, .. } if item < self.options.len() => self.selected = item,
            Message::Key { key: Key::Up, .. } => self.selected = self.selected.saturating_sub(1),
            Message::Key { key: Key::Down, .. } => {
                self.selected = (self.selected + 1).min(self.options.len().saturating_sub(1));
            }
            _ => {}
        }
        Response::changed(self.selected != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let state = pen.look(self.id);
        let (list, ink) = pen.inked();
        looks::dropdown(list, ink, rect, self.value(), state);
    }

    fn access(&self) -> Access {
        // Collapsed: the tree says expanded while its menu is open (the session's popup, not the widget, holds that).
        Access::new(Role::ComboBox, self.name).value(self.value()).state("collapsed", true)
    }

    fn report(&self) -> Value {
        json!({ "selected": self.selected, "value": self.value() })
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::held::choice(self.selected, self.options))
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        super::held::set_choice(&mut self.selected, self.options, value)
    }

    clone_box!();
}
