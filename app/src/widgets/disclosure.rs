//! What opens and closes in place: an accordion (headers, at most one section open; opening one closes the
//! other) and a collapsible section (one header, open or closed). Each header is a part; a click, Space or Return
//! toggles it; Up and Down move between an accordion's headers. Opening changes the widget's height, so the page
//! lays out anew.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::choice::choose;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::display_list::{PathCommand, PathData, Stroke};
use crate::geom::Rect;
use crate::ui::input::Key;
use crate::ui::router::{Message, Region, WidgetId};

const HEADER: f32 = 36.0;
const BODY: f32 = 64.0;

/// An accordion of sections, or a collapsible section (an accordion of one that may stay open alone).
#[derive(Debug, Clone, PartialEq)]
pub struct Disclosure {
    id: WidgetId,
    sections: &'static [(&'static str, &'static str)],
    /// Which sections are open.
    pub open: Vec<bool>,
    /// At most one open (an accordion).
    exclusive: bool,
    /// The header with the keyboard's attention.
    current: usize,
}

impl Disclosure {
    /// An accordion of `sections` (title, body), the first open.
    pub fn accordion(id: WidgetId, sections: &'static [(&'static str, &'static str)]) -> Disclosure {
        let mut open = vec![false; sections.len()];
        if let Some(first) = open.first_mut() {
            *first = true;
        }
        Disclosure { id, sections, open, exclusive: true, current: 0 }
    }

    /// A collapsible section, closed.
    pub fn collapsible(id: WidgetId, section: &'static [(&'static str, &'static str)]) -> Disclosure {
        Disclosure { id, sections: section, open: vec![false; section.len()], exclusive: false, current: 0 }
    }

    fn toggle(&mut self, i: usize) {
        let Some(was) = self.open.get(i).copied() else { return };
        if self.exclusive {
            self.open.iter_mut().for_each(|o| *o = false);
        }
        self.open[i] = !was;
        self.current = i;
    }

    /// Each header's box in `rect`.
    fn headers(&self, rect: Rect) -> Vec<Rect> {
        let mut y = rect.y;
        self.open
            .iter()
            .map(|open| {
                let r = Rect::new(rect.x, y, rect.w, HEADER);
                y += HEADER + if *open { BODY } else { 0.0 };
                r
            })
            .collect()
    }
}

impl Widget for Disclosure {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        let open = self.open.iter().filter(|o| **o).count() as f32;
        Size::fill(260.0, self.sections.len() as f32 * HEADER + open * BODY)
    }

    fn regions(&self, rect: Rect, _mirrored: bool, out: &mut Vec<Region>) {
        for (i, r) in self.headers(rect).into_iter().enumerate() {
            out.push(Region { focusable: i == self.current, ..part(self.id, i, r) });
        }
    }

    fn current_part(&self) -> Option<u8> {
        Some(self.current.min(255) as u8)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = self.open.clone();
        match *message {
            // A click's press has made its header current; Space and Return act on the current header.
            Message::Activate(_) => self.toggle(self.current),
            Message::Press { target, .. } => self.current = usize::from(target.part).min(self.sections.len() - 1),
            Message::Key { key: key @ (Key::Up | Key::Down | Key::Home | Key::End), .. } => {
                if let Some(i) = choose(self.current, self.sections.len(), key, cx.mirrored) {
                    self.current = i;
                    return Response::CHANGED;
                }
            }
            _ => {}
        }
        if self.open != before { Response::RELAYOUT } else { Response::NONE }
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        pen.panel(rect, 8.0);
        let focused = pen.router.focus() == Some(self.id);
        for (i, (header, ((title, body), open))) in
            self.headers(rect).into_iter().zip(self.sections.iter().zip(&self.open)).enumerate()
        {
            let state = pen.look_part(self.id, i as u8);
            if state.hovered {
                pen.list.fill_round_rect(header.inset(2.0), 6.0, p.surface_hover);
            }
            if i > 0 {
                pen.list.fill_rect(Rect::new(header.x + 1.0, header.y, header.w - 2.0, 1.0), p.border);
            }
            let chevron_x = if pen.mirrored { header.right() - 20.0 } else { header.x + 20.0 };
            let cy = header.y + HEADER / 2.0;
            let commands = if *open {
                vec![
                    PathCommand::MoveTo(chevron_x - 4.5, cy - 2.0),
                    PathCommand::LineTo(chevron_x, cy + 2.5),
                    PathCommand::LineTo(chevron_x + 4.5, cy - 2.0),
                ]
            } else {
                let dir = if pen.mirrored { -1.0 } else { 1.0 };
                vec![
                    PathCommand::MoveTo(chevron_x - 2.0 * dir, cy - 4.5),
                    PathCommand::LineTo(chevron_x + 2.5 * dir, cy),
                    PathCommand::LineTo(chevron_x - 2.0 * dir, cy + 4.5),
                ]
            };
            pen.list.stroke_path(PathData { commands }, Stroke { width: 1.8, round: true }, p.muted);
            let label = Rect { x: header.x + 36.0, w: header.w - 48.0, ..header };
            let label = pen.flip(label, header);
            pen.text_in(pen.f.label, label, title, p.text, Align::FlexStart);
            if *open {
                let text = Rect::new(header.x + 36.0, header.bottom() + 4.0, header.w - 48.0, 20.0);
                pen.text_in(pen.f.small, pen.flip(text, header), body, p.muted, Align::FlexStart);
            }
            if focused && i == self.current {
                pen.ring_if_focused(self.id, header.inset(2.0), 6.0);
            }
        }
    }

    fn part_access(&self) -> Vec<(u8, Access)> {
        let header = |(i, (title, _)): (usize, &(&'static str, &'static str))| {
            let open = self.open.get(i).copied().unwrap_or(false);
            let access = Access::new(Role::Button, *title).state("expanded", open).state("collapsed", !open);
            (i.min(255) as u8, access)
        };
        self.sections.iter().enumerate().map(header).collect()
    }

    fn access(&self) -> Access {
        let title = self.sections.first().map_or("", |s| s.0);
        let name = if self.exclusive { "Accordion" } else { title };
        Access::new(Role::Group, name).state("expanded", self.open.iter().any(|o| *o))
    }

    fn report(&self) -> Value {
        json!({ "open": self.open, "current": self.current })
    }

    /// Which sections are open, by title (a reload that adds a section keeps the one a person opened).
    fn value(&self) -> Option<super::Held> {
        let titles: Vec<&str> = self.sections.iter().map(|(t, _)| *t).collect();
        Some(super::held::flags_of(&self.open, &titles))
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let titles: Vec<&str> = self.sections.iter().map(|(t, _)| *t).collect();
        let super::Held::Flags(flags) = value else { return Err(value.refused("sections open or closed")) };
        let mut open = self.open.clone();
        let reached = super::held::set_flags(&mut open, &titles, value)?;
        // An accordion holds one open section at most: the first one asked open.
        if self.exclusive && open.iter().filter(|o| **o).count() > 1 {
            let first = flags.iter().find(|(_, on)| *on).and_then(|(t, _)| titles.iter().position(|x| x == t));
            open = (0..titles.len()).map(|i| Some(i) == first).collect();
            let reached = super::held::flags_reached(flags, &open, &titles);
            self.open = open;
            return Ok(reached);
        }
        self.open = open;
        Ok(reached)
    }

    clone_box!();
}
