//! The list's scroll state: where it is going and how it glides there on the frame clock, a drag of the thumb or
//! of the list, and when the scrollbar was last used (it fades when idle); what the wheel, the keys, the track and
//! the thumb do to it.

use serde_json::{Value, json};

use crate::screens::interface::{Input, ScreenState};
use crate::screens::scrolling::model::{self, LINE_PX, NOTCH_PX};
use crate::ui::input::{Key, Mods};
use crate::ui::router::{Message, Region, Target, region_of};
use crate::ui::settings::Settings;
use crate::widgets::Node;
use crate::widgets::{Access, Role};

/// The widgets' stable ids, as the report prints them.
pub mod ids {
    use crate::ui::router::WidgetId;

    /// The list's viewport: the wheel and a drag scroll it; the report gives `offset_px`, `first_row`, `rows`.
    pub const LIST: WidgetId = "scrolling.list";
    /// The scrollbar's track: a click pages towards it, the thumb on it drags.
    pub const BAR: WidgetId = "scrolling.bar";
}

/// How long a wheel step or a page glides.
pub const GLIDE_S: f64 = 0.12;

/// How far into its glide a wheel step or a key shows on the frame that handles it: one frame of the frame clock,
/// so that frame already moves the list (a glide starting at its own frame would paint that frame unchanged, and
/// the list would answer a frame late).
const FIRST_STEP_S: f64 = 1.0 / crate::clock::FRAMES_PER_SECOND;
/// How long the scrollbar stays after the list last moved.
pub const IDLE_S: f64 = 0.8;
/// How long it then takes to fade out.
pub const FADE_S: f64 = 0.3;

/// What a press started.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Drag {
    /// The thumb, held `grab` px below its top.
    Thumb { grab: f32 },
    /// The list, pressed at `y` when it was at `offset`.
    List { y: f32, offset: f32 },
}

/// The scroll state (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct ScrollState {
    from: f32,
    to: f32,
    start: f64,
    drag: Option<Drag>,
    active_at: f64,
}

impl Default for ScrollState {
    fn default() -> ScrollState {
        ScrollState::new()
    }
}

impl ScrollState {
    /// At the top, the scrollbar shown from the start.
    pub const fn new() -> ScrollState {
        ScrollState { from: 0.0, to: 0.0, start: f64::NEG_INFINITY, drag: None, active_at: 0.0 }
    }

    /// The offset shown at frame time `now`, in whole pixels.
    pub fn offset_at(&self, now: f64) -> f32 {
        let t = ((now - self.start) / GLIDE_S).clamp(0.0, 1.0);
        let e = (1.0 - (1.0 - t).powi(3)) as f32;
        (self.from + (self.to - self.from) * e).round()
    }

    /// Where the list comes to rest.
    pub fn target(&self) -> f32 {
        self.to.round()
    }

    /// The scrollbar's opacity at `now`, 0 to 1: shown while the list moves and a while after, then fading.
    pub fn bar_alpha(&self, now: f64) -> f32 {
        let since = now - self.active_at.max(self.start + GLIDE_S);
        if self.drag.is_some() || since < IDLE_S {
            1.0
        } else {
            (1.0 - (since - IDLE_S) / FADE_S).clamp(0.0, 1.0) as f32
        }
    }

    /// When the scrollbar starts to fade (it is drawn unchanged until then).
    fn fade_at(&self) -> f64 {
        self.active_at.max(self.start + GLIDE_S) + IDLE_S
    }

    /// Whether the list glides or the scrollbar fades at `now`: a frame then draws something new. While the
    /// scrollbar only waits to fade, nothing changes, and [`ScrollState::wake_at`] says when to look again.
    pub fn moving(&self, now: f64) -> bool {
        now < self.start + GLIDE_S || (now >= self.fade_at() && self.bar_alpha(now) > 0.0)
    }

    /// When the scrollbar, shown and still, starts to fade (None when it is not waiting to).
    pub fn wake_at(&self, now: f64) -> Option<f64> {
        let at = self.fade_at();
        (self.drag.is_none() && now < at && self.bar_alpha(now) > 0.0).then_some(at)
    }

    /// Glides from where the list was shown a frame before `now` to `to` (clamped to the list in a viewport
    /// `viewport_h` high), its first step shown at `now` ([`FIRST_STEP_S`]).
    fn glide_to(&mut self, to: f32, viewport_h: f32, now: f64) {
        self.from = self.offset_at(now - FIRST_STEP_S);
        self.to = to.clamp(0.0, model::max_offset(viewport_h)).round();
        self.start = now - FIRST_STEP_S;
        self.active_at = now;
    }

    /// Takes the height of a viewport laid out anew: a taller one has a smaller furthest offset, and the list
    /// must not stay past its end (nor glide on towards a place past it).
    pub fn fit(&mut self, viewport_h: f32) {
        let max = model::max_offset(viewport_h);
        (self.from, self.to) = (self.from.min(max), self.to.min(max));
    }

    /// Jumps to `to` at once (a drag follows the pointer).
    fn jump_to(&mut self, to: f32, viewport_h: f32, now: f64) {
        let to = to.clamp(0.0, model::max_offset(viewport_h)).round();
        (self.from, self.to, self.start, self.active_at) = (to, to, f64::NEG_INFINITY, now);
    }

    /// Applies PageUp, PageDown, Home, End, Up and Down at frame time `now`; true when `key` was one of them.
    pub fn press_key(&mut self, key: Key, mods: Mods, regions: &[Region], now: f64) -> bool {
        let Some(list) = region_of(regions, ids::LIST) else { return false };
        if mods != Mods::NONE {
            return false;
        }
        let page = (list.h - 2.0 * LINE_PX).max(LINE_PX);
        let to = match key {
            Key::PageDown => self.to + page,
            Key::PageUp => self.to - page,
            Key::Down => self.to + 3.0 * LINE_PX,
            Key::Up => self.to - 3.0 * LINE_PX,
            Key::Home => 0.0,
            Key::End => model::max_offset(list.h),
            _ => return false,
        };
        self.glide_to(to, list.h, now);
        true
    }

    /// Applies one routed message at frame time `now`; returns whether the list moved or the scrollbar came back.
    pub fn apply(&mut self, message: &Message, regions: &[Region], now: f64) -> bool {
        let (Some(list), Some(track)) = (region_of(regions, ids::LIST), region_of(regions, ids::BAR)) else {
            return false;
        };
        let before = self.clone();
        let vh = list.h;
        match *message {
            Message::Wheel { target: Target { id: ids::LIST | ids::BAR, .. }, dy, .. } => {
                self.glide_to(self.to - dy * NOTCH_PX, vh, now);
            }
            Message::Press { target: Target { id: ids::BAR, .. }, y, .. } => {
                let thumb = model::thumb(track, self.offset_at(now), vh);
                if y >= thumb.y && y < thumb.bottom() {
                    self.drag = Some(Drag::Thumb { grab: y - thumb.y });
                    self.active_at = now;
                } else {
                    let page = (vh - 2.0 * LINE_PX).max(LINE_PX);
                    self.glide_to(if y < thumb.y { self.to - page } else { self.to + page }, vh, now);
                }
            }
            Message::Press { target: Target { id: ids::LIST, .. }, y, .. } => {
                self.drag = Some(Drag::List { y, offset: self.offset_at(now) });
            }
            Message::Drag { target: Target { id: ids::BAR | ids::LIST, .. }, y, .. } => match self.drag {
                Some(Drag::Thumb { grab }) => self.jump_to(model::offset_for_thumb(track, y - grab, vh), vh, now),
                Some(Drag::List { y: from, offset }) => self.jump_to(offset - (y - from), vh, now),
                None => {}
            },
            Message::Release { target: Target { id: ids::BAR | ids::LIST, .. }, .. } => {
                self.drag = None;
                self.active_at = now;
            }
            _ => {}
        }
        *self != before
    }

    /// The report's `scrolling.list`: where the list comes to rest, its first row there, and how many rows a
    /// viewport `viewport_h` high shows (the rows that exist as nodes and ops), of how many.
    pub fn report_list(&self, viewport_h: Option<f32>) -> Value {
        let offset = self.target();
        let (first, end) = model::visible(offset, viewport_h.unwrap_or(0.0).max(1.0));
        json!({
            "offset_px": offset,
            "first_row": first,
            "rows": viewport_h.map(|_| end - first),
            "total_rows": model::ROWS,
            "dragging": self.drag.is_some(),
        })
    }
}

impl ScreenState for ScrollState {
    /// The viewport's height, when the page was laid out anew.
    type Laid = f32;

    fn laid_out(&mut self, viewport_h: f32) {
        self.fit(viewport_h);
    }

    fn key(&mut self, key: Key, mods: Mods, input: &mut Input<'_>) -> bool {
        self.press_key(key, mods, input.regions, input.now)
    }

    fn handle(&mut self, message: &Message, input: &mut Input<'_>) -> bool {
        self.apply(message, input.regions, input.now)
    }

    fn animating(&self, now: f64) -> bool {
        self.moving(now)
    }

    fn wake_at(&self, now: f64) -> Option<f64> {
        ScrollState::wake_at(self, now)
    }

    fn report(&self, regions: &[Region], _settings: &Settings, into: &mut serde_json::Map<String, Value>) {
        let viewport_h = region_of(regions, ids::LIST).map(|r| r.h);
        into.insert(ids::LIST.to_owned(), self.report_list(viewport_h));
    }

    fn access(&self, regions: &[Region], _settings: &Settings, into: &mut Vec<Node>) {
        let viewport = region_of(regions, ids::LIST);
        let list = self.report_list(viewport.map(|r| r.h));
        let first = list["first_row"].as_u64().unwrap_or(0);
        let shown = list["rows"].as_u64().unwrap_or(0);
        let value = format!("rows {} to {} of {}", first + 1, first + shown, model::ROWS);
        into.push(Node::of(ids::LIST, Access::new(Role::List, "Rows").value(value), regions));
        // The rows in view are its items, each saying where it stands among all 10,000, which are never built.
        let Some(viewport) = viewport else { return };
        let offset = list["offset_px"].as_f64().unwrap_or(0.0) as f32;
        for i in first as usize..(first + shown) as usize {
            let row = crate::geom::Rect::new(
                viewport.x,
                viewport.y + model::row_top(i) - offset,
                viewport.w,
                model::row_height(i),
            );
            let access = Access::new(Role::ListItem, super::title(i)).item(i + 1, model::ROWS);
            // Parts are bytes: the rows in view (a few dozen) never share one, nor the list's own part 0 (the focus
            // stays on the list, which has no current row).
            into.push(Node::part(ids::LIST, (1 + i % 255) as u8, access, row));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Rect;
    use crate::ui::router::{Cursor, WidgetId};

    fn regions() -> Vec<Region> {
        let region = |id: WidgetId, rect| Region {
            target: Target { id, part: 0 },
            rect,
            cursor: Cursor::Arrow,
            focusable: false,
            enabled: true,
        };
        vec![region(ids::LIST, Rect::new(0.0, 0.0, 400.0, 500.0)), region(ids::BAR, Rect::new(404.0, 0.0, 10.0, 500.0))]
    }

    #[test]
    fn the_wheel_glides_on_the_frame_clock_and_keys_page_and_jump_to_the_ends() {
        let mut s = ScrollState::new();
        let wheel = Message::Wheel { target: Target { id: ids::LIST, part: 0 }, dx: 0.0, dy: -1.0 };
        assert!(s.apply(&wheel, &regions(), 1.0));
        assert_eq!(s.offset_at(1.0 - FIRST_STEP_S), 0.0, "where it was the frame before");
        assert!(s.offset_at(1.0) > 0.0, "the frame that handles the notch moves the list");
        assert!(s.offset_at(1.05) > 0.0 && s.offset_at(1.05) < 60.0);
        assert_eq!(s.offset_at(1.2), 60.0);
        assert!(s.moving(1.09), "gliding");
        assert!(!s.moving(1.5), "the scrollbar waits to fade: nothing moves");
        let faded_from = 1.0 - FIRST_STEP_S + GLIDE_S + IDLE_S;
        assert!(s.wake_at(1.5).is_some_and(|at| (at - faded_from).abs() < 1e-9));
        assert!(s.moving(faded_from + 0.01) && !s.moving(1.2 + IDLE_S + FADE_S));
        s.press_key(Key::End, Mods::NONE, &regions(), 2.0);
        assert_eq!(s.target(), model::max_offset(500.0));
        s.press_key(Key::PageDown, Mods::NONE, &regions(), 2.0);
        assert_eq!(s.target(), model::max_offset(500.0), "clamped at the end");
        s.press_key(Key::Home, Mods::NONE, &regions(), 3.0);
        s.press_key(Key::PageDown, Mods::NONE, &regions(), 3.0);
        assert_eq!(s.target(), 460.0);
    }

    /// One notch, as SDL reports it (1), is three lines; a taller viewport pulls a list past its new end back.
    #[test]
    fn a_notch_is_three_lines_and_a_taller_viewport_keeps_the_list_within_its_end() {
        let mut s = ScrollState::new();
        let notch = Message::Wheel { target: Target { id: ids::LIST, part: 0 }, dx: 0.0, dy: -1.0 };
        s.apply(&notch, &regions(), 0.0);
        assert_eq!(s.target(), 3.0 * LINE_PX);
        s.press_key(Key::End, Mods::NONE, &regions(), 1.0);
        s.fit(1_060.0);
        let end = model::max_offset(1_060.0);
        assert_eq!((s.target(), s.offset_at(2.0)), (end, end));
        assert!(s.offset_at(1.05) <= end, "the glide never passes the new end");
    }

    #[test]
    fn dragging_the_thumb_follows_the_pointer_and_a_click_on_the_track_pages() {
        let mut s = ScrollState::new();
        let bar = Target { id: ids::BAR, part: 0 };
        s.apply(&Message::Press { target: bar, x: 408.0, y: 10.0, clicks: 1, mods: Mods::NONE }, &regions(), 0.0);
        s.apply(&Message::Drag { target: bar, x: 408.0, y: 10.0 + 234.0 }, &regions(), 0.0);
        let half = s.target();
        assert!((half - model::max_offset(500.0) / 2.0).abs() < 2.0, "{half}");
        s.apply(&Message::Release { target: bar, x: 408.0, y: 244.0 }, &regions(), 0.0);
        s.apply(&Message::Press { target: bar, x: 408.0, y: 490.0, clicks: 1, mods: Mods::NONE }, &regions(), 1.0);
        assert_eq!(s.target(), half + 460.0);
    }

    #[test]
    fn dragging_the_list_moves_it_with_the_pointer_and_the_bar_fades_once_idle() {
        let mut s = ScrollState::new();
        let list = Target { id: ids::LIST, part: 0 };
        s.apply(&Message::Press { target: list, x: 100.0, y: 300.0, clicks: 1, mods: Mods::NONE }, &regions(), 0.0);
        s.apply(&Message::Drag { target: list, x: 100.0, y: 100.0 }, &regions(), 0.1);
        assert_eq!((s.target(), s.offset_at(0.1)), (200.0, 200.0), "at once, no glide");
        s.apply(&Message::Drag { target: list, x: 100.0, y: 900.0 }, &regions(), 0.2);
        assert_eq!(s.target(), 0.0, "clamped at the top");
        assert_eq!(s.bar_alpha(5.0), 1.0, "shown while held");
        s.apply(&Message::Release { target: list, x: 100.0, y: 900.0 }, &regions(), 1.0);
        assert_eq!(s.bar_alpha(1.0 + IDLE_S), 1.0);
        assert!(s.bar_alpha(1.0 + IDLE_S + FADE_S / 2.0) < 1.0);
        assert_eq!(s.bar_alpha(1.0 + IDLE_S + FADE_S), 0.0);
    }
}
