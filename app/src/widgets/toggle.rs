//! A toggle switch: a click or Space flips it; a drag of its thumb places it where the drag ends (on toward the
//! end edge: the right, or the left when mirrored), and the click that ends a drag does not flip it back.

use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets as looks;
use crate::ui::router::{Message, WidgetId};

/// How far the pointer must move while pressed before a press on the switch becomes a drag.
const DRAG_SLOP: f32 = 3.0;
const TRACK: (f32, f32) = (46.0, 24.0);

/// A toggle switch.
#[derive(Debug, Clone, PartialEq)]
pub struct Toggle {
    id: WidgetId,
    name: &'static str,
    /// On or off.
    pub on: bool,
    /// A press: where it started, and whether it has become a drag.
    press: Option<(f32, bool)>,
    /// The release just handled ended a drag: the click the router sends with it must not flip the switch.
    drag_ended: bool,
}

impl Toggle {
    /// A switch named `name`.
    pub fn new(id: WidgetId, name: &'static str, on: bool) -> Toggle {
        Toggle { id, name, on, press: None, drag_ended: false }
    }

    /// The track inside the widget's box.
    fn track(rect: Rect) -> Rect {
        Rect::new(rect.x, rect.y + (rect.h - TRACK.1) / 2.0, TRACK.0.min(rect.w), TRACK.1)
    }
}

impl Widget for Toggle {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed(TRACK.0, m.control().max(TRACK.1))
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = self.on;
        let drag_ended = std::mem::take(&mut self.drag_ended);
        let track = Toggle::track(cx.rect);
        match *message {
            Message::Activate(_) if drag_ended => {}
            Message::Activate(_) => self.on = !self.on,
            Message::Press { x, .. } => self.press = Some((x, false)),
            Message::Drag { x, .. } => {
                if let Some((start, dragging)) = &mut self.press {
                    *dragging |= (x - *start).abs() > DRAG_SLOP;
                    if *dragging {
                        self.on = (x >= track.x + track.w / 2.0) != cx.mirrored;
                    }
                }
            }
            Message::Release { x, y, .. } => {
                // A drag has placed the switch already; a plain press is flipped by the click that follows. A drag
                // released off the switch is followed by no click, so nothing is to be swallowed.
                let r = cx.rect;
                let over = x >= r.x && x < r.right() && y >= r.y && y < r.bottom();
                self.drag_ended = self.press.take().is_some_and(|(_, dragging)| dragging) && over;
            }
            _ => {}
        }
        Response::changed(self.on != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let state = pen.look(self.id);
        let p = pen.palette;
        looks::toggle(pen.list, pen.flip(Toggle::track(rect), rect), self.on, pen.mirrored, &p, state);
    }

    fn tooltip(&self, _part: u8) -> Option<&'static str> {
        Some("Click, drag or press Space")
    }

    fn access(&self) -> Access {
        Access::new(Role::Switch, self.name).state("checked", self.on)
    }

    fn report(&self) -> Value {
        json!({ "on": self.on })
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::Held::On(self.on))
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let super::Held::On(on) = value else { return Err(value.refused("on or off")) };
        self.on = *on;
        Ok(super::Reached::Exactly)
    }

    clone_box!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::input::Mods;
    use crate::ui::router::Target;

    fn send(t: &mut Toggle, message: Message) -> bool {
        let (mut clipboard, mut popup) = (String::new(), None);
        let mut cx = Cx {
            rect: Rect::new(0.0, 0.0, 46.0, 32.0),
            now: 0.0,
            mirrored: false,
            clipboard: &mut clipboard,
            popup: &mut popup,
        };
        t.handle(&message, &mut cx).changed
    }

    const T: Target = Target { id: "t", part: 0 };

    #[test]
    fn a_click_flips_it_and_a_drag_places_it_without_the_closing_click_undoing_it() {
        let mut t = Toggle::new("t", "Toggle", false);
        let click = |t: &mut Toggle, x| {
            send(t, Message::Press { target: T, x, y: 5.0, clicks: 1, mods: Mods::NONE });
            send(t, Message::Release { target: T, x, y: 5.0 });
            send(t, Message::Activate(T));
        };
        click(&mut t, 5.0);
        assert!(t.on);
        click(&mut t, 5.0);
        assert!(!t.on);
        send(&mut t, Message::Press { target: T, x: 5.0, y: 5.0, clicks: 1, mods: Mods::NONE });
        send(&mut t, Message::Drag { target: T, x: 40.0, y: 5.0 });
        assert!(t.on, "dragged to the right half");
        send(&mut t, Message::Release { target: T, x: 40.0, y: 5.0 });
        send(&mut t, Message::Activate(T));
        assert!(t.on, "the click that ends a drag is swallowed");
        send(&mut t, Message::Activate(T));
        assert!(!t.on, "Space afterwards flips it");
        // Dragged off and released below the switch: no click follows, and the next Space is not swallowed.
        send(&mut t, Message::Press { target: T, x: 5.0, y: 5.0, clicks: 1, mods: Mods::NONE });
        send(&mut t, Message::Drag { target: T, x: 40.0, y: 90.0 });
        send(&mut t, Message::Release { target: T, x: 40.0, y: 90.0 });
        assert!(t.on);
        send(&mut t, Message::Activate(T));
        assert!(!t.on);
    }
}
