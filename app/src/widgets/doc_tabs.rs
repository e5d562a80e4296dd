//! Document tabs: a row of tabs (parts 1, 3, 5 … the tabs; 2, 4, 6 … their close buttons; part 0, "+" after
//! them), and the chosen document's text under them. "+" adds "Untitled N"; closing a tab gives its neighbour the
//! selection (the one after it, or before it when it was the last). Its keys are WAI-ARIA's tab list's, with
//! automatic activation: the tabs are one Tab stop, at the chosen tab; Left and Right choose, Home and End go to
//! the ends, Delete closes the chosen tab; "+" is a Tab stop of its own.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::choice::choose;
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
    /// The keyboard is on "+", not on the tabs.
    on_plus: bool,
}

impl DocTabs {
    /// Tabs of `docs`, the first chosen.
    pub fn new(id: WidgetId, docs: &[&str]) -> DocTabs {
        DocTabs {
            id,
            docs: docs.iter().map(|d| (*d).to_owned()).collect(),
            selected: 0,
            next_untitled: 1,
            on_plus: false,
        }
    }

    /// "+" is part 0 whatever the number of tabs, so that a part keeps its meaning as tabs come and go.
    const PLUS: u8 = 0;

    /// Tab `i`'s part.
    fn tab_part(i: usize) -> usize {
        1 + 2 * i
    }

    /// Whether a part is a tab's close button (the even parts past "+").
    fn is_close(part: u8) -> bool {
        part != Self::PLUS && part.is_multiple_of(2)
    }

    /// The tab a part belongs to (its own or its close button's), None for "+".
    fn tab_of(part: u8) -> Option<usize> {
        (part != Self::PLUS).then(|| (usize::from(part) - 1) / 2)
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
            out.push(Region { focusable: i == self.selected, ..part(self.id, DocTabs::tab_part(i), tab) });
            out.push(part(self.id, DocTabs::tab_part(i) + 1, close));
        }
        out.push(Region { focusable: true, ..part(self.id, usize::from(DocTabs::PLUS), plus) });
    }

    fn current_part(&self) -> Option<u8> {
        if self.on_plus || self.docs.is_empty() {
            Some(DocTabs::PLUS)
        } else {
            Some(DocTabs::tab_part(self.selected).min(255) as u8)
        }
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = (self.docs.clone(), self.selected);
        let before_plus = self.on_plus;
        match *message {
            Message::Focus(t) => self.on_plus = t.part == DocTabs::PLUS,
            Message::Activate(t) if t.part == DocTabs::PLUS => {
                self.docs.push(format!("Untitled {}", self.next_untitled));
                self.next_untitled += 1;
                self.selected = self.docs.len() - 1;
            }
            Message::Activate(t) if DocTabs::is_close(t.part) => {
                self.close(DocTabs::tab_of(t.part).unwrap_or(usize::MAX));
                self.on_plus = self.docs.is_empty();
            }
            Message::Activate(t) => {
                self.selected = DocTabs::tab_of(t.part).unwrap_or(0).min(self.docs.len().saturating_sub(1));
                self.on_plus = false;
            }
            Message::Key { .. } if self.on_plus => {}
            Message::Key { key: Key::Delete, .. } => {
                self.close(self.selected);
                self.on_plus = self.docs.is_empty();
            }
            Message::Key { key, .. } => {
                if let Some(i) = choose(self.selected, self.docs.len(), key, cx.mirrored) {
                    self.selected = i;
                }
            }
            _ => {}
        }
        Response::changed((self.docs.clone(), self.selected) != before || self.on_plus != before_plus)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let (tabs, plus) = self.boxes(rect, pen.mirrored);
        let body = Rect::new(rect.x, rect.y + TAB.1, rect.w, rect.h - TAB.1);
        pen.panel(body, 6.0);
        for (i, ((tab, close), name)) in tabs.iter().zip(&self.docs).enumerate() {
            let chosen = i == self.selected;
            let state = pen.look_part(self.id, DocTabs::tab_part(i) as u8);
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
            let x_state = pen.look_part(self.id, DocTabs::tab_part(i) as u8 + 1);
            if x_state.hovered {
                pen.list.fill_round_rect(*close, 4.0, p.surface_pressed);
            }
            pen.text_in(pen.f.small, *close, "×", p.muted, Align::Center);
        }
        let plus_state = pen.look_part(self.id, DocTabs::PLUS);
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
        match tabs.get(self.selected) {
            Some((tab, _)) if !self.on_plus => pen.ring_if_focused(self.id, *tab, 6.0),
            _ => pen.ring_if_focused(self.id, plus, 6.0),
        }
    }

    fn tooltip(&self, part: u8) -> Option<&'static str> {
        if part == DocTabs::PLUS {
            Some("New document")
        } else if DocTabs::is_close(part) {
            Some("Close")
        } else {
            None
        }
    }

    fn part_access(&self) -> Vec<(u8, Access)> {
        let n = self.docs.len();
        let mut parts = Vec::with_capacity(2 * n + 1);
        for (i, doc) in self.docs.iter().enumerate() {
            let tab = Access::new(Role::Tab, doc.clone()).state("selected", i == self.selected).item(i + 1, n);
            parts.push((DocTabs::tab_part(i).min(255) as u8, tab));
            let close = Access::new(Role::Button, format!("Close {doc}"));
            parts.push(((DocTabs::tab_part(i) + 1).min(255) as u8, close));
        }
        parts.push((DocTabs::PLUS, Access::new(Role::Button, "New document")));
        parts
    }

    fn access(&self) -> Access {
        Access::new(Role::TabList, "Documents").value(self.docs.get(self.selected).cloned().unwrap_or_default())
    }

    fn report(&self) -> Value {
        json!({ "docs": self.docs, "selected": self.selected, "on_plus": self.on_plus })
    }

    /// The documents open and the one shown.
    fn value(&self) -> Option<super::Held> {
        Some(super::Held::List { items: self.docs.clone(), selected: (!self.docs.is_empty()).then_some(self.selected) })
    }

    /// The documents open, and the one shown by its name (a tab closed stays closed, a tab opened stays open).
    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let super::Held::List { items, selected } = value else { return Err(value.refused("a list of documents")) };
        self.docs = items.clone();
        self.selected = selected.unwrap_or(0).min(self.docs.len().saturating_sub(1));
        // "+" goes on past every "Untitled N" the list holds.
        let last = self.docs.iter().filter_map(|d| d.strip_prefix("Untitled ")?.parse::<usize>().ok()).max();
        self.next_untitled = self.next_untitled.max(last.map_or(1, |n| n + 1));
        Ok(super::Reached::Exactly)
    }

    clone_box!();
}
