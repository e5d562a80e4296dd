//! A card: a titled panel with a line of body text, still or interactive (it lifts under the pointer, takes the
//! focus and counts its opens).

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets as looks;
use crate::ui::router::{Message, Region, WidgetId};

/// A card.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    id: WidgetId,
    title: &'static str,
    body: &'static str,
    interactive: bool,
    /// How many times it was opened (interactive cards).
    pub opens: u32,
}

impl Card {
    /// A still card.
    pub fn new(id: WidgetId, title: &'static str, body: &'static str) -> Card {
        Card { id, title, body, interactive: false, opens: 0 }
    }

    /// An interactive card.
    pub fn interactive(id: WidgetId, title: &'static str, body: &'static str) -> Card {
        Card { interactive: true, ..Card::new(id, title, body) }
    }
}

impl Widget for Card {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        Size::fill(200.0, 84.0)
    }

    fn regions(&self, rect: Rect, _mirrored: bool, out: &mut Vec<Region>) {
        if self.interactive {
            out.push(super::focusable(self.id, rect));
        }
    }

    fn handle(&mut self, message: &Message, _cx: &mut Cx<'_>) -> Response {
        match message {
            Message::Activate(_) if self.interactive => {
                self.opens = self.opens.saturating_add(1);
                Response::CHANGED
            }
            _ => Response::NONE,
        }
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let state = pen.look(self.id);
        let lifted = self.interactive && (state.hovered || state.pressed);
        if lifted {
            pen.list.fill_round_rect(Rect { y: rect.y + 3.0, ..rect }, 10.0, p.background.with_alpha(0xa0));
        }
        let card = if lifted { Rect { y: rect.y - 2.0, ..rect } } else { rect };
        pen.list.fill_round_rect(card, 10.0, if lifted { p.surface_hover } else { p.surface });
        looks::stroke_round(pen.list, card, 10.0, 1.0, if lifted { p.accent } else { p.border });
        let inner = Rect { x: card.x + 14.0, w: card.w - 28.0, ..card };
        pen.text_in(pen.f.label, Rect { y: card.y + 12.0, h: 20.0, ..inner }, self.title, p.text, Align::FlexStart);
        pen.text_in(pen.f.small, Rect { y: card.y + 36.0, h: 18.0, ..inner }, self.body, p.muted, Align::FlexStart);
        if self.interactive {
            let opened = match self.opens {
                0 => "Open ›".to_owned(),
                1 => "Opened once".to_owned(),
                n => format!("Opened {n} times"),
            };
            pen.text_in(pen.f.small, Rect { y: card.y + 58.0, h: 18.0, ..inner }, &opened, p.accent, Align::FlexStart);
        }
        pen.ring_if_focused(self.id, card, 10.0);
    }

    fn access(&self) -> Access {
        Access::new(if self.interactive { Role::Button } else { Role::Article }, self.title)
    }

    fn report(&self) -> Value {
        json!({ "interactive": self.interactive, "opens": self.opens })
    }

    clone_box!();
}
