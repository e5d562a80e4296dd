//! A radio group: one of its options selected; each option a part. Arrows move the selection (Left and Right
//! follow the direction the UI runs), Home and End go to the ends. [`choose`] is the key maths every one-of-N
//! widget shares (the segmented bar, the carousel, the document tabs).

use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
use crate::scene::draw::widgets::{self as looks, BOX};
use crate::ui::input::Key;
use crate::ui::router::{Message, Region, WidgetId};

/// The option `key` selects among `n` from `selected` (None: not a key that selects). Left and Right follow the
/// reading direction: mirrored, Left goes on.
pub fn choose(selected: usize, n: usize, key: Key, mirrored: bool) -> Option<usize> {
    if n == 0 {
        return None;
    }
    let back = |i: usize| (i + n - 1) % n;
    let on = |i: usize| (i + 1) % n;
    Some(match key {
        Key::Up => back(selected),
        Key::Down => on(selected),
        Key::Left if mirrored => on(selected),
        Key::Left => back(selected),
        Key::Right if mirrored => back(selected),
        Key::Right => on(selected),
        Key::Home => 0,
        Key::End => n - 1,
        _ => return None,
    })
}

/// A radio group.
#[derive(Debug, Clone, PartialEq)]
pub struct RadioGroup {
    id: WidgetId,
    name: &'static str,
    options: &'static [&'static str],
    /// The option selected.
    pub selected: usize,
}

impl RadioGroup {
    /// A group named `name` of `options`, the first selected.
    pub fn new(id: WidgetId, name: &'static str, options: &'static [&'static str], selected: usize) -> RadioGroup {
        RadioGroup { id, name, options, selected: selected.min(options.len().saturating_sub(1)) }
    }

    /// Each option's box in `rect`, in order, of equal widths (mirrored: the first at the right).
    fn boxes(&self, rect: Rect, mirrored: bool) -> Vec<Rect> {
        let w = rect.w / self.options.len().max(1) as f32;
        (0..self.options.len())
            .map(|i| super::pen::flip(Rect::new(rect.x + i as f32 * w, rect.y, w, rect.h), rect, mirrored))
            .collect()
    }
}

impl Widget for RadioGroup {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        let widest = self.options.iter().map(|o| m.label_w(o)).fold(0.0, f32::max);
        Size::fixed(((BOX + 8.0 + widest + 18.0) * self.options.len() as f32).ceil(), m.control())
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        for (i, r) in self.boxes(rect, mirrored).into_iter().enumerate() {
            out.push(Region { focusable: true, ..part(self.id, i, r) });
        }
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = self.selected;
        match message {
            Message::Activate(t) if usize::from(t.part) < self.options.len() => self.selected = usize::from(t.part),
            Message::Key { key, .. } => {
                if let Some(i) = choose(self.selected, self.options.len(), *key, cx.mirrored) {
                    self.selected = i;
                }
            }
            _ => {}
        }
        Response::changed(self.selected != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let boxes = self.boxes(rect, pen.mirrored);
        for (i, (option, r)) in self.options.iter().zip(&boxes).enumerate() {
            let state = pen.look_part(self.id, i as u8);
            let r = Rect { w: r.w - 18.0, x: if pen.mirrored { r.x + 18.0 } else { r.x }, ..*r };
            let (list, ink) = pen.inked();
            looks::radio(list, ink, r, option, self.selected == i, state);
        }
        if let Some(group) = boxes.iter().copied().reduce(Rect::union) {
            pen.ring_if_focused(self.id, group, 6.0);
        }
    }

    fn access(&self) -> Access {
        Access::new(Role::RadioGroup, self.name).value(self.options.get(self.selected).copied().unwrap_or(""))
    }

    fn report(&self) -> Value {
        json!({ "selected": self.selected, "value": self.options.get(self.selected) })
    }

    clone_box!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_wrap_around_and_follow_the_reading_direction() {
        assert_eq!(choose(0, 3, Key::Left, false), Some(2));
        assert_eq!(choose(0, 3, Key::Left, true), Some(1), "mirrored, Left goes on");
        assert_eq!(choose(2, 3, Key::Down, false), Some(0));
        assert_eq!(choose(1, 3, Key::End, false), Some(2));
        assert_eq!(choose(1, 3, Key::Tab, false), None);
        assert_eq!(choose(0, 0, Key::Down, false), None);
    }
}
