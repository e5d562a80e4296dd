//! A number in a range with a step: what a slider, a knob, a fader and a spinner hold, and what their keys, wheel
//! and pointer do to it. Written once here, so that every value widget moves alike.

use crate::ui::input::{Key, Mods};

/// A value in `min..=max`, always on a step from `min`.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranged {
    value: f32,
    /// The smallest value.
    pub min: f32,
    /// The largest value.
    pub max: f32,
    /// What one arrow key moves it by.
    pub step: f32,
    /// The wheel's fraction of a step not yet applied.
    wheel_rest: f32,
}

impl Ranged {
    /// `value` in `min..=max` by `step` (snapped and clamped).
    pub fn new(value: f32, min: f32, max: f32, step: f32) -> Ranged {
        let mut r = Ranged { value: min, min, max: max.max(min), step: step.max(f32::EPSILON), wheel_rest: 0.0 };
        r.set(value);
        r
    }

    /// `access` with this value's range.
    pub fn access(&self, access: super::Access) -> super::Access {
        let f = f64::from;
        access.range(f(self.value), f(self.min), f(self.max), f(self.step))
    }

    /// The value.
    pub fn get(&self) -> f32 {
        self.value
    }

    /// Sets the value, snapped to a step and clamped; true when it changed.
    pub fn set(&mut self, value: f32) -> bool {
        let snapped =
            if value.is_finite() { self.min + ((value - self.min) / self.step).round() * self.step } else { self.min };
        let v = snapped.clamp(self.min, self.max);
        let changed = v != self.value;
        self.value = v;
        changed
    }

    /// Where the value lies in the range, 0 to 1.
    pub fn fraction(&self) -> f32 {
        if self.max > self.min { (self.value - self.min) / (self.max - self.min) } else { 0.0 }
    }

    /// Sets the value at `t` of the range (clamped to 0..1).
    pub fn set_fraction(&mut self, t: f32) -> bool {
        self.set(self.min + t.clamp(0.0, 1.0) * (self.max - self.min))
    }

    /// Moves the value by `steps` steps.
    pub fn nudge(&mut self, steps: f32) -> bool {
        self.set(self.value + steps * self.step)
    }

    /// What `key` does: arrows a step (ten with Shift), Page keys a tenth of the range, Home and End the ends.
    /// `flip_horizontal`: the widget runs right to left, so Left raises it. None when the key is not a value key.
    pub fn key(&mut self, key: Key, mods: Mods, flip_horizontal: bool) -> Option<bool> {
        let by = if mods.shift { 10.0 } else { 1.0 };
        let page = ((self.max - self.min) / 10.0 / self.step).round().max(1.0);
        let (left, right) = if flip_horizontal { (by, -by) } else { (-by, by) };
        Some(match key {
            Key::Left => self.nudge(left),
            Key::Right => self.nudge(right),
            Key::Down => self.nudge(-by),
            Key::Up => self.nudge(by),
            Key::PageDown => self.nudge(-page),
            Key::PageUp => self.nudge(page),
            Key::Home => self.set(self.min),
            Key::End => self.set(self.max),
            _ => return None,
        })
    }

    /// A wheel turn of `dy` notches (up raises): a step a notch, fractions kept until they make one.
    pub fn wheel(&mut self, dy: f32) -> bool {
        self.wheel_rest += dy;
        let steps = self.wheel_rest.trunc();
        self.wheel_rest -= steps;
        steps != 0.0 && self.nudge(steps)
    }

    /// What a key or a wheel message does to the value (None: the message is neither); `flip_horizontal` as for
    /// [`Ranged::key`].
    pub fn message(&mut self, message: &crate::ui::router::Message, flip_horizontal: bool) -> Option<bool> {
        match *message {
            crate::ui::router::Message::Key { key, mods, .. } => self.key(key, mods, flip_horizontal),
            crate::ui::router::Message::Wheel { dy, .. } => Some(self.wheel(dy)),
            _ => None,
        }
    }

    /// The value as [`Widget::value`](super::Widget::value) gives it.
    pub fn held(&self) -> super::Held {
        super::Held::Number(f64::from(self.value))
    }

    /// The range as [`Widget::range`](super::Widget::range) gives it.
    pub fn span(&self) -> super::Span {
        let f = f64::from;
        super::Span { value: f(self.value), min: f(self.min), max: f(self.max), step: f(self.step) }
    }

    /// Sets a number (snapped to a step, clamped) as [`Widget::set_value`](super::Widget::set_value) does: what
    /// it reached.
    pub fn set_held(&mut self, asked: &super::Held) -> Result<super::Reached, super::Refused> {
        let super::Held::Number(n) = asked else { return Err(asked.refused("a number")) };
        self.set(*n as f32);
        Ok(super::held::reached(asked, self.held()))
    }

    /// The value as the report prints it: a whole number when the step is whole.
    pub fn json(&self) -> serde_json::Value {
        if self.step.fract() == 0.0 && self.min.fract() == 0.0 {
            serde_json::json!(self.value.round() as i64)
        } else {
            serde_json::json!(self.value)
        }
    }

    /// The value as a person reads it: whole when the step is whole.
    pub fn text(&self) -> String {
        if self.step.fract() == 0.0 { format!("{}", self.value.round() as i64) } else { format!("{:.1}", self.value) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_snaps_to_its_step_and_stays_in_range() {
        let mut r = Ranged::new(42.0, 0.0, 100.0, 5.0);
        assert_eq!(r.get(), 40.0);
        assert!(r.set(1000.0));
        assert_eq!(r.get(), 100.0);
        assert!(!r.nudge(1.0), "already at the top");
        assert!(r.set_fraction(0.5));
        assert_eq!(r.get(), 50.0);
        assert_eq!(Ranged::new(f32::NAN, 0.0, 1.0, 0.1).get(), 0.0);
    }

    #[test]
    fn keys_move_by_steps_pages_and_ends_and_left_raises_when_flipped() {
        let mut r = Ranged::new(50.0, 0.0, 100.0, 1.0);
        assert_eq!(r.key(Key::Right, Mods::NONE, false), Some(true));
        assert_eq!(r.get(), 51.0);
        r.key(Key::Right, Mods::NONE, true);
        assert_eq!(r.get(), 50.0, "mirrored, Right lowers");
        r.key(Key::Left, Mods::SHIFT, true);
        assert_eq!(r.get(), 60.0);
        r.key(Key::PageDown, Mods::NONE, false);
        assert_eq!(r.get(), 50.0);
        r.key(Key::End, Mods::NONE, false);
        assert_eq!(r.get(), 100.0);
        assert_eq!(r.key(Key::Char('x'), Mods::NONE, false), None);
    }

    #[test]
    fn the_wheel_moves_a_step_a_notch_and_keeps_fractions() {
        let mut r = Ranged::new(10.0, 0.0, 100.0, 1.0);
        assert!(r.wheel(1.0));
        assert!(!r.wheel(0.5));
        assert!(r.wheel(0.5));
        assert_eq!(r.get(), 12.0);
        assert!(r.wheel(-3.0));
        assert_eq!(r.get(), 9.0);
    }
}
