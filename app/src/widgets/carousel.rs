//! A carousel: one slide at a time, with previous and next arrows (parts 0 and 1) and a dot per slide (parts 2 …);
//! Left and Right (following the reading direction) and Home and End move too, wrapping around.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::choice::choose;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::{Color, Rect};
use crate::ui::router::{Message, Region, WidgetId};

const ARROW: f32 = 32.0;
const DOTS_H: f32 = 20.0;

/// A carousel.
#[derive(Debug, Clone, PartialEq)]
pub struct Carousel {
    id: WidgetId,
    slides: &'static [(&'static str, Color)],
    /// The slide shown.
    pub index: usize,
}

impl Carousel {
    /// A carousel of `slides` (caption, colour).
    pub fn new(id: WidgetId, slides: &'static [(&'static str, Color)]) -> Carousel {
        Carousel { id, slides, index: 0 }
    }

    /// The arrows' and the dots' boxes in `rect`, and the slide's.
    fn parts(&self, rect: Rect, mirrored: bool) -> (Rect, Rect, Vec<Rect>, Rect) {
        let flip = |r| super::pen::flip(r, rect, mirrored);
        let slide_h = rect.h - DOTS_H;
        let prev = flip(Rect::new(rect.x, rect.y + (slide_h - ARROW) / 2.0, ARROW, ARROW));
        let next = flip(Rect::new(rect.right() - ARROW, rect.y + (slide_h - ARROW) / 2.0, ARROW, ARROW));
        let n = self.slides.len() as f32;
        let x0 = rect.x + rect.w / 2.0 - n * 8.0;
        let dots = (0..self.slides.len())
            .map(|i| flip(Rect::new(x0 + i as f32 * 16.0, rect.bottom() - DOTS_H, 16.0, DOTS_H)))
            .collect();
        let slide = Rect::new(rect.x + ARROW + 8.0, rect.y, rect.w - 2.0 * (ARROW + 8.0), slide_h);
        (prev, next, dots, slide)
    }

    fn step(&self, by: isize) -> usize {
        let n = self.slides.len().max(1) as isize;
        (self.index as isize + by).rem_euclid(n) as usize
    }
}

impl Widget for Carousel {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        Size::fill(280.0, 140.0)
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        let (prev, next, dots, _) = self.parts(rect, mirrored);
        out.push(part(self.id, 0, prev));
        out.push(part(self.id, 1, next));
        let dot = |(i, r)| Region { focusable: i == self.index, ..part(self.id, i + 2, r) };
        out.extend(dots.into_iter().enumerate().map(dot));
    }

    /// The keyboard is on the dot of the slide shown, as on a tab list's tab (Space there keeps the slide; the
    /// arrows move it).
    fn current_part(&self) -> Option<u8> {
        Some((self.index + 2).min(255) as u8)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = self.index;
        match *message {
            Message::Activate(t) if t.part == 0 => self.index = self.step(-1),
            Message::Activate(t) if t.part == 1 => self.index = self.step(1),
            Message::Activate(t) => self.index = (usize::from(t.part) - 2).min(self.slides.len().saturating_sub(1)),
            Message::Key { key, .. } => {
                if let Some(i) = choose(self.index, self.slides.len(), key, cx.mirrored) {
                    self.index = i;
                }
            }
            _ => {}
        }
        Response::changed(self.index != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let (prev, next, dots, slide) = self.parts(rect, pen.mirrored);
        if let Some((caption, hue)) = self.slides.get(self.index) {
            pen.list.fill_round_rect(slide, 10.0, *hue);
            let caption_box = Rect { y: slide.bottom() - 34.0, h: 28.0, ..slide.inset(12.0) };
            pen.text_in(pen.f.label, caption_box, caption, Color::rgb(0xff, 0xff, 0xff), Align::FlexStart);
            let count = format!("{} / {}", self.index + 1, self.slides.len());
            pen.text_in(
                pen.f.mono,
                Rect { y: slide.y + 8.0, h: 20.0, ..slide.inset(12.0) },
                &count,
                Color::rgb(0xff, 0xff, 0xff),
                Align::FlexEnd,
            );
        }
        let (back, on) = if pen.mirrored { ("›", "‹") } else { ("‹", "›") };
        for (i, (r, glyph)) in [(prev, back), (next, on)].into_iter().enumerate() {
            let state = pen.look_part(self.id, i as u8);
            pen.list.fill_circle(
                r.x + ARROW / 2.0,
                r.y + ARROW / 2.0,
                ARROW / 2.0,
                if state.hovered { p.surface_hover } else { p.surface },
            );
            pen.text_in(pen.f.big, r, glyph, p.text, Align::Center);
        }
        for (i, r) in dots.iter().enumerate() {
            let color = if i == self.index { p.accent } else { p.border };
            pen.list.fill_circle(r.x + r.w / 2.0, r.y + r.h / 2.0, 4.0, color);
        }
        // The keyboard is on the dot of the slide shown (a tab of the APG's tabbed carousel): the ring marks it.
        if let Some(dot) = dots.get(self.index) {
            let (cx, cy) = (dot.x + dot.w / 2.0, dot.y + dot.h / 2.0);
            pen.ring_if_focused(self.id, Rect::new(cx - 6.0, cy - 6.0, 12.0, 12.0), 6.0);
        }
    }

    fn tooltip(&self, part: u8) -> Option<&'static str> {
        match part {
            0 => Some("Previous"),
            1 => Some("Next"),
            _ => None,
        }
    }

    fn access(&self) -> Access {
        let caption = self.slides.get(self.index).map_or("", |s| s.0);
        Access::new(Role::Group, "Carousel").value(format!("{} of {}: {caption}", self.index + 1, self.slides.len()))
    }

    fn report(&self) -> Value {
        json!({ "index": self.index, "slides": self.slides.len() })
    }

    /// The slide shown, by its caption (a reload that reorders the slides keeps the one shown).
    fn value(&self) -> Option<super::Held> {
        let captions: Vec<&str> = self.slides.iter().map(|(c, _)| *c).collect();
        Some(super::held::choice(self.index, &captions))
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let captions: Vec<&str> = self.slides.iter().map(|(c, _)| *c).collect();
        super::held::set_choice(&mut self.index, &captions, value)
    }

    clone_box!();
}
