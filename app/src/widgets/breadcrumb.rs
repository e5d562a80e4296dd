//! A breadcrumb: the path to where a person is, each step a part but the last; a click on a step goes back there
//! (a page binds it to what the path is of, a tree's selection).

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
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
}

impl Breadcrumb {
    /// A breadcrumb of `path`.
    pub fn new(id: WidgetId, path: Vec<&'static str>) -> Breadcrumb {
        Breadcrumb { id, path, chosen: None }
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
            out.push(Region { focusable: i == 0, ..part(self.id, i, r) });
        }
    }

    fn handle(&mut self, message: &Message, _cx: &mut Cx<'_>) -> Response {
        if let Message::Activate(t) = message
            && usize::from(t.part) + 1 < self.path.len()
        {
            self.chosen = Some(usize::from(t.part));
            return Response::CHANGED;
        }
        Response::NONE
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
        if let Some(first) = boxes.first() {
            pen.ring_if_focused(self.id, *first, 4.0);
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
