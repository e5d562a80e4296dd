//! A horizontal slider: a [`Ranged`] value on a track, with optional tick marks at each step group and its value
//! written at its end. A press or a drag anywhere on it (its whole thumb too, at either end) sets the value under
//! the pointer; the keys and the wheel are [`Ranged`]'s. Mirrored, the minimum is at the right and Left raises it.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::value::Ranged;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::geom::Rect;
use crate::scene::draw::widgets as looks;
use crate::ui::router::{Message, Region, WidgetId};
use crate::{clone_box, ranged_value};

/// The thumb's radius: the track stops this far inside the widget's box, so the whole thumb is in its hit region
/// at either end.
pub const THUMB_R: f32 = 9.0;
/// The room for the value written after the track.
const VALUE_W: f32 = 44.0;

/// A slider.
#[derive(Debug, Clone, PartialEq)]
pub struct Slider {
    id: WidgetId,
    name: &'static str,
    /// The value.
    pub value: Ranged,
    /// Tick marks every this many steps (None: none).
    ticks: Option<u32>,
    /// The value is written after the track.
    show_value: bool,
    /// The track's width, logical px.
    width: f32,
}

impl Slider {
    /// A slider named `name` over `value`, `width` px of track, its value written after it.
    pub fn new(id: WidgetId, name: &'static str, value: Ranged, width: f32) -> Slider {
        Slider { id, name, value, ticks: None, show_value: true, width }
    }

    /// With a tick every `every` steps.
    pub fn ticks(mut self, every: u32) -> Slider {
        self.ticks = Some(every.max(1));
        self
    }

    /// Without its value written.
    pub fn bare(mut self) -> Slider {
        self.show_value = false;
        self
    }

    /// The track in the widget's box `rect`: from the thumb's centre at the minimum to its centre at the maximum.
    pub fn track(&self, rect: Rect, mirrored: bool) -> Rect {
        let w = if self.show_value { rect.w - VALUE_W } else { rect.w };
        let whole = Rect::new(rect.x, rect.y, w.max(2.0 * THUMB_R), rect.h);
        let track = Rect { x: whole.x + THUMB_R, w: whole.w - 2.0 * THUMB_R, ..whole };
        super::pen::flip(track, rect, mirrored)
    }

    /// The value's fraction under pointer x.
    fn at(&self, x: f32, rect: Rect, mirrored: bool) -> f32 {
        let track = self.track(rect, mirrored);
        let t = if track.w > 0.0 { (x - track.x) / track.w } else { 0.0 };
        if mirrored { 1.0 - t } else { t }
    }
}

impl Widget for Slider {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        let value = if self.show_value { VALUE_W } else { 0.0 };
        Size::fixed(self.width + 2.0 * THUMB_R + value, m.control().max(24.0))
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        // The track and the thumb's reach past either end; the value written after it is no target.
        let track = self.track(rect, mirrored);
        let hit = Rect { x: track.x - THUMB_R, w: track.w + 2.0 * THUMB_R, ..rect };
        out.push(super::focusable(self.id, hit));
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        Response::changed(match message {
            Message::Press { x, .. } | Message::Drag { x, .. } => {
                let t = self.at(*x, cx.rect, cx.mirrored);
                self.value.set_fraction(t)
            }
            other => self.value.message(other, cx.mirrored).unwrap_or(false),
        })
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let state = pen.look(self.id);
        let p = pen.palette;
        let track = self.track(rect, pen.mirrored);
        let cy = rect.y + rect.h / 2.0;
        if let Some(every) = self.ticks {
            let n = ((self.value.max - self.value.min) / self.value.step / every as f32).round().max(1.0) as usize;
            for i in 0..=n {
                let x = track.x + track.w * i as f32 / n as f32;
                pen.list.fill_rect(Rect::new(x.round() - 0.5, cy + 7.0, 1.0, 5.0), p.muted);
            }
        }
        // The pen's slider draws its thumb at the value's fraction of the box it is given: the track.
        let percent = (self.value.fraction() * 100.0).round() as u8;
        let bar = Rect::new(track.x, rect.y, track.w, rect.h);
        looks::slider(pen.list, bar, percent, pen.mirrored, &p, state);
        if self.show_value {
            let text = Rect::new(rect.right() - VALUE_W + 6.0, rect.y, VALUE_W - 6.0, rect.h);
            let text = pen.flip(text, rect);
            pen.text_in(pen.f.mono, text, &self.value.text(), p.text, Align::FlexStart);
        }
    }

    fn tooltip(&self, _part: u8) -> Option<&'static str> {
        Some("Drag, arrows, Page keys, Home, End, the wheel")
    }

    fn states(&self) -> Vec<&'static str> {
        Vec::new()
    }

    fn access(&self) -> Access {
        self.value.access(Access::new(Role::Slider, self.name).value(self.value.text()))
    }

    fn report(&self) -> Value {
        json!({ "value": self.value.json(), "min": self.value.min, "max": self.value.max })
    }

    fn takes_wheel(&self, focused: bool) -> bool {
        focused
    }

    ranged_value!(value);

    clone_box!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::input::Mods;
    use crate::ui::router::Target;

    const T: Target = Target { id: "s", part: 0 };

    fn send(s: &mut Slider, rect: Rect, mirrored: bool, message: Message) {
        let (mut clipboard, mut popup) = (String::new(), None);
        let mut cx = Cx { rect, now: 0.0, mirrored, clipboard: &mut clipboard, popup: &mut popup };
        s.handle(&message, &mut cx);
    }

    #[test]
    fn its_whole_thumb_is_grabbed_at_either_end_and_a_drag_off_the_track_still_drives_it() {
        let mut s = Slider::new("s", "Slider", Ranged::new(40.0, 0.0, 100.0, 1.0), 200.0).bare();
        let rect = Rect::new(100.0, 0.0, 200.0 + 2.0 * THUMB_R, 24.0);
        // The outer half of the thumb at 100 lies past the track's end but inside the box.
        send(
            &mut s,
            rect,
            false,
            Message::Press { target: T, x: rect.right() - 2.0, y: 12.0, clicks: 1, mods: Mods::NONE },
        );
        assert_eq!(s.value.get(), 100.0);
        send(&mut s, rect, false, Message::Drag { target: T, x: 100.0 + THUMB_R + 50.0, y: 90.0 });
        assert_eq!(s.value.get(), 25.0);
        send(&mut s, rect, false, Message::Drag { target: T, x: -50.0, y: 0.0 });
        assert_eq!(s.value.get(), 0.0);
        // Mirrored: the minimum is at the right, and Right lowers it.
        send(
            &mut s,
            rect,
            true,
            Message::Press { target: T, x: rect.right() - 1.0, y: 12.0, clicks: 1, mods: Mods::NONE },
        );
        assert_eq!(s.value.get(), 0.0);
        send(
            &mut s,
            rect,
            true,
            Message::Key { id: "s", key: crate::ui::input::Key::Left, mods: crate::ui::input::Mods::NONE },
        );
        assert_eq!(s.value.get(), 1.0, "mirrored, Left raises it");
    }
}
