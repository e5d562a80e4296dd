//! A skeleton placeholder: grey bars where content will come, with a sheen that sweeps across on the frame clock
//! (so a headless run draws the same frames every time). It animates only while a page shows it.

use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::Rect;
use crate::ui::router::{Message, Region, WidgetId};

/// One sweep of the sheen, s.
const PERIOD_S: f64 = 1.6;
const LINE_H: f32 = 12.0;

/// A skeleton of `lines` lines under an avatar.
#[derive(Debug, Clone, PartialEq)]
pub struct Skeleton {
    id: WidgetId,
    lines: usize,
    /// Whether it shimmers (a page's switch stops it).
    pub running: bool,
}

impl Skeleton {
    /// A skeleton of `lines` lines.
    pub fn new(id: WidgetId, lines: usize) -> Skeleton {
        Skeleton { id, lines: lines.max(1), running: true }
    }
}

impl Widget for Skeleton {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        Size::fill(220.0, 40.0 + self.lines as f32 * (LINE_H + 8.0))
    }

    fn regions(&self, _rect: Rect, _mirrored: bool, _out: &mut Vec<Region>) {}

    fn handle(&mut self, _message: &Message, _cx: &mut Cx<'_>) -> Response {
        Response::NONE
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let bone = p.surface_hover;
        let avatar = pen.flip(Rect::new(rect.x, rect.y, 32.0, 32.0), rect);
        pen.list.fill_circle(avatar.x + 16.0, avatar.y + 16.0, 16.0, bone);
        let head = pen.flip(Rect::new(rect.x + 44.0, rect.y + 10.0, (rect.w * 0.4).max(40.0), LINE_H), rect);
        pen.list.fill_round_rect(head, 4.0, bone);
        let mut bars = vec![head];
        for i in 0..self.lines {
            let w = if i + 1 == self.lines { rect.w * 0.6 } else { rect.w };
            let bar = pen.flip(Rect::new(rect.x, rect.y + 40.0 + i as f32 * (LINE_H + 8.0), w, LINE_H), rect);
            pen.list.fill_round_rect(bar, 4.0, bone);
            bars.push(bar);
        }
        if self.running {
            let t = (pen.now % PERIOD_S / PERIOD_S) as f32;
            let x = rect.x - 60.0 + (rect.w + 120.0) * t;
            let sheen = Rect::new(x, rect.y, 60.0, rect.h);
            for bar in bars {
                if let Some(lit) = bar.intersection(sheen) {
                    pen.list.fill_rect(lit, p.text.with_alpha(0x14));
                }
            }
        }
    }

    fn access(&self) -> Access {
        Access::new(Role::Status, "Loading").state("busy", self.running)
    }

    fn report(&self) -> Value {
        json!({ "running": self.running, "lines": self.lines })
    }

    fn animating(&self, _now: f64) -> bool {
        self.running
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::Held::On(self.running))
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let super::Held::On(on) = value else { return Err(value.refused("on or off")) };
        self.running = *on;
        Ok(super::Reached::Exactly)
    }

    fn follows(&self) -> bool {
        true
    }

    clone_box!();
}
