//! A rating: five stars, each a part; a click or a number key sets it. Its keys are WAI-ARIA's slider's (its role):
//! Up and Right (in the reading direction) step it up, Down and Left down, Home clears it, End fills it; Space
//! changes nothing.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
use crate::ui::input::Key;
use crate::ui::router::{Message, Region, WidgetId};

const STAR: f32 = 26.0;
const STARS: usize = 5;

/// A rating of 0 to 5 stars.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    id: WidgetId,
    name: &'static str,
    /// How many stars are lit.
    pub stars: usize,
    /// A press came before the activation: it is a click, not Space.
    pressed: bool,
}

impl Rating {
    /// A rating named `name` at `stars`.
    pub fn new(id: WidgetId, name: &'static str, stars: usize) -> Rating {
        Rating { id, name, stars: stars.min(STARS), pressed: false }
    }

    fn boxes(rect: Rect, mirrored: bool) -> Vec<Rect> {
        (0..STARS)
            .map(|i| super::pen::flip(Rect::new(rect.x + i as f32 * STAR, rect.y, STAR, rect.h), rect, mirrored))
            .collect()
    }
}

impl Widget for Rating {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed(STAR * STARS as f32, m.control())
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        for (i, r) in Rating::boxes(rect, mirrored).into_iter().enumerate() {
            out.push(Region { focusable: i == 0, ..part(self.id, i, r) });
        }
    }

    fn current_part(&self) -> Option<u8> {
        Some(self.stars.saturating_sub(1) as u8)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = self.stars;
        match *message {
            Message::Press { .. } => self.pressed = true,
            // A click on the lit last star clears it, as rating widgets do; Space and Return (no press before) are
            // a slider's, and change nothing.
            Message::Activate(t) if usize::from(t.part) < STARS && std::mem::take(&mut self.pressed) => {
                let n = usize::from(t.part) + 1;
                self.stars = if n == self.stars { n - 1 } else { n };
            }
            // The router says Release before the click's Activate: only a release off the stars ends the press
            // without a click (a Release that cleared it always left a click doing nothing).
            Message::Release { x, y, .. } if !cx.rect.contains(x, y) => self.pressed = false,
            // WAI-ARIA's slider: Up and the forward arrow step up, Down and the back arrow down, Home and End to
            // the ends, and the digits say how many stars.
            Message::Key { key: Key::Char(c @ '0'..='5'), .. } => self.stars = c as usize - '0' as usize,
            Message::Key { key: Key::Up | Key::PageUp, .. } => self.stars = (self.stars + 1).min(STARS),
            Message::Key { key: Key::Down | Key::PageDown, .. } => self.stars = self.stars.saturating_sub(1),
            Message::Key { key: Key::Right, .. } if !cx.mirrored => self.stars = (self.stars + 1).min(STARS),
            Message::Key { key: Key::Left, .. } if cx.mirrored => self.stars = (self.stars + 1).min(STARS),
            Message::Key { key: Key::Left | Key::Right, .. } => self.stars = self.stars.saturating_sub(1),
            Message::Key { key: Key::Home, .. } => self.stars = 0,
            Message::Key { key: Key::End, .. } => self.stars = STARS,
            _ => {}
        }
        Response::changed(self.stars != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        for (i, r) in Rating::boxes(rect, pen.mirrored).into_iter().enumerate() {
            let lit = i < self.stars;
            let hovered = pen.look_part(self.id, i as u8).hovered;
            let color = if lit {
                p.focus
            } else if hovered {
                p.muted
            } else {
                p.border
            };
            pen.text_in(pen.f.big, r, if lit { "★" } else { "☆" }, color, Align::Center);
        }
        pen.ring_if_focused(self.id, rect, 6.0);
    }

    fn states(&self) -> Vec<&'static str> {
        Vec::new()
    }

    fn access(&self) -> Access {
        Access::new(Role::Slider, self.name).value(format!("{} of {STARS}", self.stars)).range(
            self.stars as f64,
            0.0,
            STARS as f64,
            1.0,
        )
    }

    fn report(&self) -> Value {
        json!({ "stars": self.stars })
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Number(self.stars as f64))
    }

    fn range(&self) -> Option<super::Span> {
        Some(super::Span { value: self.stars as f64, min: 0.0, max: STARS as f64, step: 1.0 })
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let mut stars = self.stars as i64;
        let reached = super::held::set_whole(&mut stars, 0, STARS as i64, value)?;
        self.stars = stars as usize;
        Ok(reached)
    }

    fn follows(&self) -> bool {
        true
    }

    clone_box!();
}
