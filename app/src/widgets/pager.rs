//! A pager: previous and next (parts 0 and 1) around the page numbers (parts 2 …), the current one filled; Left and
//! Right (in the reading direction), Home and End move. Long runs of pages show the first, the last and the
//! current one's neighbours, with an ellipsis between.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
use crate::ui::input::Key;
use crate::ui::router::{Message, Region, WidgetId};

const CELL: f32 = 32.0;
/// The cells between the arrows: page numbers and ellipses.
const SLOTS: usize = 7;

/// A pager.
#[derive(Debug, Clone, PartialEq)]
pub struct Pager {
    id: WidgetId,
    pages: usize,
    /// The current page, from 1.
    pub page: usize,
}

impl Pager {
    /// How many pages it has (a reloaded document keeps the page only where it still stands).
    pub fn pages(&self) -> usize {
        self.pages
    }

    /// A pager of `pages` pages on the first.
    pub fn new(id: WidgetId, pages: usize) -> Pager {
        Pager { id, pages: pages.max(1), page: 1 }
    }

    /// What each slot shows: a page number, or None for an ellipsis.
    pub fn slots(&self) -> Vec<Option<usize>> {
        let n = self.pages;
        if n <= SLOTS {
            return (1..=n).map(Some).collect();
        }
        let p = self.page;
        if p <= 4 {
            (1..=5).map(Some).chain([None, Some(n)]).collect()
        } else if p >= n - 3 {
            [Some(1), None].into_iter().chain((n - 4..=n).map(Some)).collect()
        } else {
            vec![Some(1), None, Some(p - 1), Some(p), Some(p + 1), None, Some(n)]
        }
    }

    /// The arrows and the slots' boxes in `rect`: cells of [`CELL`], narrower where a narrow row gave it less.
    fn boxes(&self, rect: Rect, mirrored: bool) -> Vec<Rect> {
        let n = self.slots().len();
        let cell = CELL.min(rect.w / (n + 2) as f32).floor();
        let flip = |r| super::pen::flip(r, rect, mirrored);
        let mut out = vec![flip(Rect::new(rect.x, rect.y, cell, rect.h))];
        out.push(flip(Rect::new(rect.x + (n + 1) as f32 * cell, rect.y, cell, rect.h)));
        out.extend((0..n).map(|i| flip(Rect::new(rect.x + (i + 1) as f32 * cell, rect.y, cell, rect.h))));
        out
    }

    fn go(&mut self, page: usize) {
        self.page = page.clamp(1, self.pages);
    }
}

impl Widget for Pager {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed(CELL * (SLOTS.min(self.pages) + 2) as f32, m.control())
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        let slots = self.slots();
        for (i, r) in self.boxes(rect, mirrored).into_iter().enumerate() {
            // An ellipsis is no target.
            if i < 2 || slots.get(i - 2).is_some_and(Option::is_some) {
                out.push(Region { focusable: Some(i as u8) == self.current_part(), ..part(self.id, i, r) });
            }
        }
    }

    /// The keyboard is on the current page's number (Space there keeps the page; the arrows move it).
    fn current_part(&self) -> Option<u8> {
        let slot = self.slots().iter().position(|s| *s == Some(self.page))?;
        Some((slot + 2).min(255) as u8)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = self.page;
        let forward = |key: Key| (key == Key::Right) != cx.mirrored;
        match *message {
            Message::Activate(t) if t.part == 0 => self.go(self.page.saturating_sub(1)),
            Message::Activate(t) if t.part == 1 => self.go(self.page + 1),
            Message::Activate(t) => {
                if let Some(Some(page)) = self.slots().get(usize::from(t.part) - 2) {
                    self.go(*page);
                }
            }
            Message::Key { key: key @ (Key::Left | Key::Right), .. } => {
                if forward(key) {
                    self.go(self.page + 1)
                } else {
                    self.go(self.page.saturating_sub(1))
                }
            }
            Message::Key { key: Key::Home, .. } => self.go(1),
            Message::Key { key: Key::End, .. } => self.go(self.pages),
            _ => {}
        }
        Response::changed(self.page != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let boxes = self.boxes(rect, pen.mirrored);
        let (back, on) = if pen.mirrored { ("›", "‹") } else { ("‹", "›") };
        for (i, r) in boxes.iter().enumerate() {
            let state = pen.look_part(self.id, i as u8);
            let (text, current) = match i {
                0 => (back.to_owned(), false),
                1 => (on.to_owned(), false),
                _ => match self.slots()[i - 2] {
                    Some(page) => (page.to_string(), page == self.page),
                    None => ("…".to_owned(), false),
                },
            };
            if current {
                pen.list.fill_round_rect(r.inset(2.0), 6.0, p.accent);
            } else if state.hovered {
                pen.list.fill_round_rect(r.inset(2.0), 6.0, p.surface_hover);
            }
            pen.text_in(pen.f.label, *r, &text, if current { p.on_accent } else { p.text }, Align::Center);
        }
        if let Some(current) = self.current_part().and_then(|p| boxes.get(usize::from(p))) {
            pen.ring_if_focused(self.id, *current, 6.0);
        }
    }

    fn part_access(&self) -> Vec<(u8, Access)> {
        let mut parts =
            vec![(0, Access::new(Role::Button, "Previous page")), (1, Access::new(Role::Button, "Next page"))];
        for (slot, page) in self.slots().into_iter().enumerate() {
            if let Some(page) = page {
                let access = Access::new(Role::Button, format!("Page {page}")).state("selected", page == self.page);
                parts.push(((slot + 2).min(255) as u8, access));
            }
        }
        parts
    }

    fn access(&self) -> Access {
        Access::new(Role::Group, "Pages").value(format!("page {} of {}", self.page, self.pages))
    }

    fn report(&self) -> Value {
        // The numbers shown after ‹ and ›, part by part (null: an ellipsis), so a reader knows what a part is.
        json!({ "page": self.page, "pages": self.pages, "slots": self.slots() })
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Number(self.page as f64))
    }

    fn range(&self) -> Option<super::Span> {
        Some(super::Span { value: self.page as f64, min: 1.0, max: self.pages as f64, step: 1.0 })
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let mut page = self.page as i64;
        let reached = super::held::set_whole(&mut page, 1, self.pages.max(1) as i64, value)?;
        self.page = page as usize;
        Ok(reached)
    }

    clone_box!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_run_shows_its_ends_and_the_current_pages_neighbours() {
        let mut p = Pager::new("p", 20);
        assert_eq!(p.slots(), [Some(1), Some(2), Some(3), Some(4), Some(5), None, Some(20)]);
        p.page = 10;
        assert_eq!(p.slots(), [Some(1), None, Some(9), Some(10), Some(11), None, Some(20)]);
        p.page = 19;
        assert_eq!(p.slots(), [Some(1), None, Some(16), Some(17), Some(18), Some(19), Some(20)]);
        assert_eq!(Pager::new("p", 3).slots(), [Some(1), Some(2), Some(3)]);
    }
}
