//! One of N options: what a radio group and a segmented bar hold, the options' boxes (equal widths, the first at
//! the start edge), their regions, and what a click or an arrow does; and [`choose`], the key maths every one-of-N
//! widget shares (the carousel, the chips, the tabs, the menubar's titles).

use serde_json::{Value, json};

use super::{Access, Measure, Response, Role, part};
use crate::geom::Rect;
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

/// One of `options` selected.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The options, in reading order.
    pub options: &'static [&'static str],
    /// The one selected.
    pub selected: usize,
}

impl Choice {
    /// Each option as a screen reader reaches it: a radio button named by its label, checked when selected, by
    /// its part.
    pub fn options_access(&self) -> Vec<(u8, Access)> {
        let option = |(i, label): (usize, &&str)| {
            (i.min(255) as u8, Access::new(Role::RadioButton, *label).state("checked", i == self.selected))
        };
        self.options.iter().enumerate().map(option).collect()
    }

    /// `selected` of `options` (clamped).
    pub fn new(options: &'static [&'static str], selected: usize) -> Choice {
        Choice { options, selected: selected.min(options.len().saturating_sub(1)) }
    }

    /// The option selected.
    pub fn value(&self) -> &'static str {
        self.options.get(self.selected).copied().unwrap_or("")
    }

    /// The widest option's label, px.
    pub fn widest(&self, m: &Measure<'_>) -> f32 {
        self.options.iter().map(|o| m.label_w(o)).fold(0.0, f32::max)
    }

    /// Each option's box in `rect`, in order, of equal widths (mirrored: the first at the right).
    pub fn boxes(&self, rect: Rect, mirrored: bool) -> Vec<Rect> {
        let w = rect.w / self.options.len().max(1) as f32;
        (0..self.options.len())
            .map(|i| super::pen::flip(Rect::new(rect.x + i as f32 * w, rect.y, w, rect.h), rect, mirrored))
            .collect()
    }

    /// The options' regions, each a part of widget `id`; the group is one Tab stop, at the option selected (the
    /// arrows move within it, WAI-ARIA's radio group).
    pub fn regions(&self, id: WidgetId, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        for (i, r) in self.boxes(rect, mirrored).into_iter().enumerate() {
            out.push(Region { focusable: i == self.selected, ..part(id, i, r) });
        }
    }

    /// The part the keyboard is on: the option selected (Space on it keeps it).
    pub fn current_part(&self) -> Option<u8> {
        Some(self.selected.min(255) as u8)
    }

    /// A click on an option selects it; the arrows, Home and End move the selection ([`choose`]).
    pub fn handle(&mut self, message: &Message, mirrored: bool) -> Response {
        let before = self.selected;
        match message {
            Message::Activate(t) if usize::from(t.part) < self.options.len() => self.selected = usize::from(t.part),
            Message::Key { key, .. } => {
                if let Some(i) = choose(self.selected, self.options.len(), *key, mirrored) {
                    self.selected = i;
                }
            }
            _ => {}
        }
        Response::changed(self.selected != before)
    }

    /// As the report prints it.
    pub fn report(&self) -> Value {
        json!({ "selected": self.selected, "value": self.value(), "options": self.options.len() })
    }
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
