//! A breadcrumb: the path to where a person is, each step a part but the last; a click on a step goes back there
//! (a page binds it to what the path is of, a tree's selection). Its keys are WAI-ARIA's toolbar's: one Tab stop;
//! Left and Right (in the reading direction), Home and End move among the steps, Space or Return goes back to the
//! step the keyboard is on.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::choice::choose;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
use crate::ui::input::Key;
use crate::ui::router::{Message, Region, WidgetId};

const SEP_W: f32 = 18.0;

/// A breadcrumb.
#[derive(Debug, Clone, PartialEq)]
pub struct Breadcrumb {
    id: WidgetId,
    /// The steps, from the root.
    pub path: Vec<&'static str>,
    /// The step a click chose, from 0, until the page takes it.
    pub chosen: Option<usize>,
    /// The step the keyboard is on (the path's last is no step to go to).
    keys_on: usize,
}

impl Breadcrumb {
    /// A breadcrumb of `path`.
    pub fn new(id: WidgetId, path: Vec<&'static str>) -> Breadcrumb {
        Breadcrumb { id, path, chosen: None, keys_on: 0 }
    }

    /// The steps a person can go back to: all but the last.
    fn steps(&self) -> usize {
        self.path.len().saturating_sub(1)
    }

    fn boxes(&self, rect: Rect, mirrored: bool) -> Vec<Rect> {
        let mut x = rect.x;
        self.path
            .iter()
            .map(|step| {
                let w = step.chars().count() as f32 * 7.2 + 8.0;
                let r = Rect::new(x, rect.y, w, rect.h);
                x += w + SEP_W;
                super::pen::flip(r, rect, mirrored)
            })
            .collect()
    }
}

impl Widget for Breadcrumb {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fill(200.0, m.control())
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        let boxes = self.boxes(rect, mirrored);
        let n = boxes.len();
        for (i, r) in boxes.into_iter().enumerate().take(n.saturating_sub(1)) {
            out.push(Region { focusable: Some(i as u8) == self.current_part(), ..part(self.id, i, r) });
        }
    }

    fn current_part(&self) -> Option<u8> {
        Some(self.keys_on.min(self.steps().saturating_sub(1)).min(255) as u8)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        match *message {
            Message::Activate(t) if usize::from(t.part) < self.steps() => {
                self.chosen = Some(usize::from(t.part));
                self.keys_on = 0;
                Response::CHANGED
            }
            Message::Press { target, .. } => {
                self.keys_on = usize::from(target.part);
                Response::NONE
            }
            Message::Key { key, .. } => match choose(self.keys_on, self.steps(), key, cx.mirrored) {
                Some(i) if matches!(key, Key::Left | Key::Right | Key::Home | Key::End) && i != self.keys_on => {
                    self.keys_on = i;
                    Response::CHANGED
                }
                _ => Response::NONE,
            },
            _ => Response::NONE,
        }
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let boxes = self.boxes(rect, pen.mirrored);
        let last = boxes.len().saturating_sub(1);
        for (i, (r, step)) in boxes.iter().zip(&self.path).enumerate() {
            let hovered = pen.look_part(self.id, i as u8).hovered;
            let color = if i == last {
                p.text
            } else if hovered {
                p.accent
            } else {
                p.muted
            };
            pen.text_in(pen.f.label, *r, step, color, Align::Center);
            if i < last {
                let sep = Rect::new(if pen.mirrored { r.x - SEP_W } else { r.right() }, r.y, SEP_W, r.h);
                pen.text_in(pen.f.label, sep, if pen.mirrored { "‹" } else { "›" }, p.border, Align::Center);
            }
        }
        if let Some(on) = self.current_part().and_then(|p| boxes.get(usize::from(p))) {
            pen.ring_if_focused(self.id, *on, 4.0);
        }
    }

    fn access(&self) -> Access {
        Access::new(Role::Group, "Breadcrumb").value(self.path.join(" › "))
    }

    fn report(&self) -> Value {
        json!({ "path": self.path })
    }

    clone_box!();
}
