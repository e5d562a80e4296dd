//! Document tabs: a row of tabs (parts 0, 2, 4 … the tabs; 1, 3, 5 … their close buttons; the last, "+"), and
//! the chosen document's text under them. "+" adds "Untitled N"; closing a tab gives its neighbour the selection
//! (the one after it, or before it when it was the last). Left and Right choose, Delete closes the chosen tab.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::radio::choose;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
use crate::ui::input::Key;
use crate::ui::router::{Message, Region, WidgetId};

const TAB: (f32, f32) = (132.0, 32.0);
const CLOSE: f32 = 18.0;

/// Document tabs.
#[derive(Debug, Clone, PartialEq)]
pub struct DocTabs {
    id: WidgetId,
    /// The documents' names, in tab order.
    pub docs: Vec<String>,
    /// The document shown.
    pub selected: usize,
    next_untitled: usize,
}

impl DocTabs {
    /// Tabs of `docs`, the first chosen.
    pub fn new(id: WidgetId, docs: &[&str]) -> DocTabs {
        DocTabs { id, docs: docs.iter().map(|d| (*d).to_owned()).collect(), selected: 0, next_untitled: 1 }
    }

    fn plus_part(&self) -> usize {
        2 * self.docs.len()
    }

    /// Each tab's box and its close button's, then "+", in `rect` (tabs shrink to share a narrow row).
    fn boxes(&self, rect: Rect, mirrored: bool) -> (Vec<(Rect, Rect)>, Rect) {
        let n = self.docs.len().max(1) as f32;
        let w = ((rect.w - TAB.1) / n).min(TAB.0).max(48.0);
        let flip = |r| super::pen::flip(r, rect, mirrored);
        let tabs = (0..self.docs.len())
            .map(|i| {
                let tab = Rect::new(rect.x + i as f32 * w, rect.y, w - 2.0, TAB.1);
                let close = Rect::new(tab.right() - CLOSE - 6.0, tab.y + (TAB.1 - CLOSE) / 2.0, CLOSE, CLOSE);
                (flip(tab), flip(close))
            })
            .collect();
        let plus = flip(Rect::new(rect.x + self.docs.len() as f32 * w, rect.y, TAB.1, TAB.1));
        (tabs, plus)
    }

    fn close(&mut self, i: usize) {
        if i < self.docs.len() {
            self.docs.remove(i);
            if self.selected > i || self.selected == self.docs.len() {
                self.selected = self.selected.saturating_sub(1);
            }
        }
    }
}

impl Widget for DocTabs {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        Size::fill(300.0, TAB.1 + 96.0)
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        let (tabs, plus) = self.boxes(rect, mirrored);
        for (i, (tab, close)) in tabs.into_iter().enumerate() {
            out.push(Region { focusable: true, ..part(self.id, 2 * i, tab) });
            out.push(part(self.id, 2 * i + 1, close));
        }
        out.push(Region { focusable: true, ..part(self.id, self.plus_part(), plus) });
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = (self.docs.clone(), self.selected);
        match *message {
            Message::Activate(t) if usize::from(t.part) == self.plus_part() => {
                self.docs.push(format!("Untitled {}", self.next_untitled));
                self.next_untitled += 1;
                self.selected = self.docs.len() - 1;
            }
            Message::Activate(t) if t.part % 2 == 1 => self.close(usize::from(t.part) / 2),
            Message::Activate(t) => self.selected = (usize::from(t.part) / 2).min(self.docs.len().saturating_sub(1)),
            Message::Key { key: Key::Delete, .. } => self.close(self.selected),
            Message::Key { key, .. } => {
                if let Some(i) = choose(self.selected, self.docs.len(), key, cx.mirrored) {
                    self.selected = i;
                }
            }
            _ => {}
        }
        Response::changed((self.docs.clone(), self.selected) != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let (tabs, plus) = self.boxes(rect, pen.mirrored);
        let body = Rect::new(rect.x, rect.y + TAB.1, rect.w, rect.h - TAB.1);
        pen.panel(body, 6.0);
        for (i, ((tab, close), name)) in tabs.iter().zip(&self.docs).enumerate() {
            let chosen = i == self.selected;
            let state = pen.look_part(self.id, 2 * i as u8);
            let fill = if chosen {
                p.surface
            } else if state.hovered {
                p.surface_hover
            } else {
                p.background
            };
            pen.list.fill_round_rect(*tab, 6.0, fill);
            if chosen {
                pen.list.fill_rect(Rect::new(tab.x, tab.bottom() - 2.0, tab.w, 2.0), p.accent);
            }
            let label = Rect { x: tab.x + 10.0, w: tab.w - CLOSE - 22.0, ..*tab };
            let label = if pen.mirrored { Rect { x: tab.x + CLOSE + 12.0, ..label } } else { label };
            pen.text_in(pen.f.label, label, name, if chosen { p.text } else { p.muted }, Align::FlexStart);
            let x_state = pen.look_part(self.id, 2 * i as u8 + 1);
            if x_state.hovered {
                pen.list.fill_round_rect(*close, 4.0, p.surface_pressed);
            }
            pen.text_in(pen.f.small, *close, "×", p.muted, Align::Center);
        }
        let plus_state = pen.look_part(self.id, (2 * self.docs.len()) as u8);
        if plus_state.hovered {
            pen.list.fill_round_rect(plus, 6.0, p.surface_hover);
        }
        pen.text_in(pen.f.label, plus, "+", p.text, Align::Center);
        let text = match self.docs.get(self.selected) {
            Some(name) => format!("{name}: {} tabs open; \"+\" adds one, × or Delete closes", self.docs.len()),
            None => "No document open: \"+\" adds one".to_owned(),
        };
        let inner = Rect { x: body.x + 14.0, y: body.y + 12.0, w: body.w - 28.0, h: 20.0 };
        pen.text_in(pen.f.label, inner, &text, p.text, Align::FlexStart);
        if let Some((tab, _)) = tabs.get(self.selected) {
            pen.ring_if_focused(self.id, *tab, 6.0);
        }
    }

    fn tooltip(&self, part: u8) -> Option<&'static str> {
        if usize::from(part) == self.plus_part() {
            Some("New document")
        } else if part % 2 == 1 {
            Some("Close")
        } else {
            None
        }
    }

    fn access(&self) -> Access {
        Access::new(Role::TabList, "Documents").value(self.docs.get(self.selected).cloned().unwrap_or_default())
    }

    fn report(&self) -> Value {
        json!({ "docs": self.docs, "selected": self.selected })
    }

    clone_box!();
}
