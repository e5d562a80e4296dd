//! A split pane: two panes side by side and a divider between them (part 0) that a drag moves, or Left and Right
//! by a twentieth (Home and End to the limits). Each pane keeps at least a fifth of the width.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::Rect;
use crate::ui::input::Key;
use crate::ui::router::{Cursor, Message, Region, WidgetId};

const DIVIDER: f32 = 8.0;
const LIMITS: (f32, f32) = (0.2, 0.8);

/// A split pane.
#[derive(Debug, Clone, PartialEq)]
pub struct Split {
    id: WidgetId,
    panes: (&'static str, &'static str),
    /// Where the divider stands, as a fraction of the width from the start edge.
    pub ratio: f32,
}

impl Split {
    /// A split of two panes saying `panes`.
    pub fn new(id: WidgetId, panes: (&'static str, &'static str)) -> Split {
        Split { id, panes, ratio: 0.4 }
    }

    fn set(&mut self, ratio: f32) -> bool {
        let r = (ratio.clamp(LIMITS.0, LIMITS.1) * 1000.0).round() / 1000.0;
        std::mem::replace(&mut self.ratio, r) != r
    }

    /// The divider's box in `rect`.
    fn divider(&self, rect: Rect, mirrored: bool) -> Rect {
        let x = rect.x + rect.w * self.ratio - DIVIDER / 2.0;
        super::pen::flip(Rect::new(x, rect.y, DIVIDER, rect.h), rect, mirrored)
    }
}

impl Widget for Split {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        Size::fill(280.0, 120.0)
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        // The I-beam stands in for a resize cursor, which the router does not have; the divider is a Tab stop.
        out.push(Region { focusable: true, ..Region::at(self.id, 0, self.divider(rect, mirrored), Cursor::Hand) });
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let rect = cx.rect;
        let toward_end = |key| (key == Key::Right) != cx.mirrored;
        Response::changed(match *message {
            Message::Press { x, .. } | Message::Drag { x, .. } if rect.w > 0.0 => {
                let t = (x - rect.x) / rect.w;
                self.set(if cx.mirrored { 1.0 - t } else { t })
            }
            Message::Key { key: key @ (Key::Left | Key::Right), .. } => {
                self.set(self.ratio + if toward_end(key) { 0.05 } else { -0.05 })
            }
            Message::Key { key: Key::Home, .. } => self.set(LIMITS.0),
            Message::Key { key: Key::End, .. } => self.set(LIMITS.1),
            _ => false,
        })
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let divider = self.divider(rect, pen.mirrored);
        let start = pen.flip(Rect::new(rect.x, rect.y, rect.w * self.ratio - DIVIDER / 2.0, rect.h), rect);
        let end_x = rect.x + rect.w * self.ratio + DIVIDER / 2.0;
        let end = pen.flip(Rect::new(end_x, rect.y, rect.right() - end_x, rect.h), rect);
        for (pane, text) in [(start, self.panes.0), (end, self.panes.1)] {
            pen.panel(pane, 6.0);
            let inner = Rect { x: pane.x + 12.0, y: pane.y + 10.0, w: pane.w - 24.0, h: 20.0 };
            pen.text_in(pen.f.label, inner, text, p.text, Align::FlexStart);
            let size = format!("{:.0} px", pane.w);
            pen.text_in(pen.f.mono, Rect { y: inner.y + 24.0, ..inner }, &size, p.muted, Align::FlexStart);
        }
        let state = pen.look(self.id);
        let grip = if state.hovered || state.pressed { p.accent } else { p.border };
        pen.list.fill_round_rect(Rect::new(divider.x + 2.5, divider.y + rect.h / 2.0 - 14.0, 3.0, 28.0), 1.5, grip);
        pen.ring_if_focused(self.id, divider, 2.0);
    }

    fn tooltip(&self, _part: u8) -> Option<&'static str> {
        Some("Drag, or Left and Right")
    }

    fn access(&self) -> Access {
        // Its place as a number too, so AT-SPI's Value reads what the report's percentage says.
        let percent = f64::from(self.ratio) * 100.0;
        Access::new(Role::Splitter, "Divider").value(format!("{percent:.0}%")).range(percent, 0.0, 100.0, 1.0)
    }

    fn report(&self) -> Value {
        json!({ "ratio": self.ratio })
    }

    /// Where the divider stands, a fraction of the width.
    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Number(f64::from(self.ratio)))
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let super::Held::Number(n) = value else { return Err(value.refused("a fraction")) };
        self.set(*n as f32);
        Ok(super::held::reached(value, super::Held::Number(f64::from(self.ratio))))
    }

    clone_box!();
}
