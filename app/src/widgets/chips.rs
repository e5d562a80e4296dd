//! Filter chips: a wrapping row of pills, each a part that a click or Space turns on or off (any number at once);
//! Left and Right move the keyboard's attention among them, Home and End to the ends.
use serde_json::{Value, json};

use super::choice::choose;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets::{self as looks, Ink};
use crate::ui::input::Key;
use crate::ui::router::{Message, Region, WidgetId};

const CHIP_H: f32 = 28.0;
const GAP: f32 = 8.0;

/// A group of filter chips.
#[derive(Debug, Clone, PartialEq)]
pub struct Chips {
    id: WidgetId,
    name: &'static str,
    labels: Vec<&'static str>,
    /// Which chips are on.
    pub on: Vec<bool>,
    /// The chip with the keyboard's attention.
    pub current: usize,
    /// Each chip's width, measured with the fonts (a chip is as wide as its label).
    widths: Vec<f32>,
}

impl Chips {
    /// Chips named `name` of `labels`, all off.
    pub fn new(id: WidgetId, name: &'static str, labels: &[&'static str]) -> Chips {
        let widths = labels.iter().map(|l| l.chars().count() as f32 * 7.0 + 28.0).collect();
        Chips { id, name, labels: labels.to_vec(), on: vec![false; labels.len()], current: 0, widths }
    }

    /// With chip `i` on where `on[i]` says.
    pub fn with_on(mut self, on: &[bool]) -> Chips {
        for (mine, &on) in self.on.iter_mut().zip(on) {
            *mine = on;
        }
        self
    }

    /// The chips' labels, in part order.
    pub fn labels(&self) -> &[&'static str] {
        &self.labels
    }

    /// How tall the chips stand in a box `width` wide, wrapped onto as many lines as they need.
    pub fn height_for(&self, width: f32) -> f32 {
        self.boxes(Rect::new(0.0, 0.0, width, 0.0), false).iter().map(|r| r.bottom()).fold(0.0, f32::max)
    }

    /// Each chip's box in `rect`, wrapping onto further lines.
    fn boxes(&self, rect: Rect, mirrored: bool) -> Vec<Rect> {
        let (mut x, mut y) = (rect.x, rect.y);
        self.widths
            .iter()
            .map(|w| {
                if x + w > rect.right() && x > rect.x {
                    x = rect.x;
                    y += CHIP_H + GAP;
                }
                let r = Rect::new(x, y, *w, CHIP_H);
                x += w + GAP;
                super::pen::flip(r, rect, mirrored)
            })
            .collect()
    }
}

impl Widget for Chips {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        // Two lines of room: a narrow row wraps the chips.
        let _ = m;
        Size::fill(240.0, 2.0 * CHIP_H + GAP)
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        for (i, r) in self.boxes(rect, mirrored).into_iter().enumerate() {
            out.push(Region { focusable: i == self.current, ..part(self.id, i, r) });
        }
    }

    fn current_part(&self) -> Option<u8> {
        Some(self.current.min(255) as u8)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = (self.on.clone(), self.current);
        match *message {
            Message::Press { target, .. } => {
                self.current = usize::from(target.part).min(self.labels.len().saturating_sub(1))
            }
            // A click's press made its chip current; Space and Return act on the current chip.
            Message::Activate(_) => {
                if let Some(on) = self.on.get_mut(self.current) {
                    *on = !*on;
                }
            }
            Message::Key { key: key @ (Key::Left | Key::Right | Key::Home | Key::End), .. } => {
                if let Some(i) = choose(self.current, self.labels.len(), key, cx.mirrored) {
                    self.current = i;
                }
            }
            _ => {}
        }
        Response::changed((self.on.clone(), self.current) != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let (focused, small) = (pen.router.focus() == Some(self.id), pen.f.small);
        for (i, (r, label)) in self.boxes(rect, pen.mirrored).into_iter().zip(&self.labels).enumerate() {
            let state = pen.look_part(self.id, i as u8);
            let (list, ink) = pen.inked();
            looks::chip(list, Ink { font: small, ..ink }, r, label, self.on[i], state);
            if focused && i == self.current {
                looks::focus_ring(pen.list, r, CHIP_H / 2.0, &p);
            }
        }
    }

    fn access(&self) -> Access {
        let on: Vec<&str> = self.labels.iter().zip(&self.on).filter(|(_, on)| **on).map(|(l, _)| *l).collect();
        Access::new(Role::Group, self.name).value(on.join(", "))
    }

    fn report(&self) -> Value {
        json!({ "on": self.on, "current": self.current })
    }

    /// Which chips are on, by label.
    fn value(&self) -> Option<super::Held> {
        Some(super::held::flags_of(&self.on, &self.labels))
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        super::held::set_flags(&mut self.on, &self.labels, value)
    }

    clone_box!();
}
