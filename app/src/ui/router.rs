//! Routes input to widgets: hit testing against the regions the last layout left, hover, press with pointer
//! capture (a drag that leaves the widget still drives it), keyboard focus with Tab / Shift+Tab, and the cursor
//! shape over what is under the pointer.
//!
//! The router keeps only who is hovered, pressed and focused, and whether the focus shows (CSS's
//! `:focus-visible`); what a press or a key *does* is the widget's business, told through [`Message`]s.

use crate::geom::Rect;
use crate::ui::input::{Button, Key, Mods, UiEvent};

/// A widget's stable id, as the report prints it (`controls.slider`).
pub type WidgetId = &'static str;

/// What a region of a widget is: the widget and which of its parts (a radio group's options are parts 0, 1, 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Target {
    /// The widget.
    pub id: WidgetId,
    /// The part of it.
    pub part: u8,
}

/// The system cursor to show over a region.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cursor {
    /// The arrow.
    #[default]
    Arrow,
    /// A pointing hand: something to click.
    Hand,
    /// The I-beam: text.
    IBeam,
}

/// Where a widget (part) lies on screen, as the last layout placed it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Region {
    /// Whose region.
    pub target: Target,
    /// Its box in window pixels.
    pub rect: Rect,
    /// The cursor over it.
    pub cursor: Cursor,
    /// Whether Tab stops at this part: a widget of several parts that Tab visits as a whole (a radio group, a
    /// menubar) marks one region; a part that is a stop of its own (a tab strip's "+") marks its own.
    pub focusable: bool,
    /// A disabled widget is hit (it hides what is under it) but neither hovers, presses nor takes focus.
    pub enabled: bool,
}

impl Region {
    /// Part `part` of widget `id` at `rect`, under `cursor`: enabled, and no Tab stop (parts past 255 share the
    /// last).
    pub fn at(id: WidgetId, part: usize, rect: Rect, cursor: Cursor) -> Region {
        let part = part.min(usize::from(u8::MAX)) as u8;
        Region { target: Target { id, part }, rect, cursor, focusable: false, enabled: true }
    }
}

/// What happened to a widget.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// Clicked (pressed and released over the same part), or Space / Return while focused.
    Activate(Target),
    /// The left button went down on it; it has the pointer until the button comes up.
    Press {
        /// Which part.
        target: Target,
        /// Window x.
        x: f32,
        /// Window y.
        y: f32,
        /// 1 for a single click, 2 for a double click, 3 for a triple click ...
        clicks: u8,
        /// The modifier keys held (Shift extends a text's selection).
        mods: Mods,
    },
    /// The pointer moved while the widget held it, wherever the pointer is.
    Drag {
        /// Which part was pressed.
        target: Target,
        /// Window x.
        x: f32,
        /// Window y.
        y: f32,
    },
    /// The button came up; the widget no longer holds the pointer.
    Release {
        /// Which part was pressed.
        target: Target,
        /// Window x.
        x: f32,
        /// Window y.
        y: f32,
    },
    /// The wheel turned over it.
    Wheel {
        /// Which part.
        target: Target,
        /// Horizontal amount.
        dx: f32,
        /// Vertical amount, > 0 up.
        dy: f32,
    },
    /// A key the focused widget may act on (arrows, Home, End, Page keys ...).
    Key {
        /// The focused widget.
        id: WidgetId,
        /// The key.
        key: Key,
        /// Modifiers held.
        mods: Mods,
    },
    /// Text typed while the widget had the focus.
    Text {
        /// The focused widget.
        id: WidgetId,
        /// What was typed (or composed).
        text: String,
    },
    /// An input method's composition while the widget had the focus: shown at the caret, not yet typed; "" closes
    /// it (cancelled, or about to come as [`Message::Text`]).
    Preedit {
        /// The focused widget.
        id: WidgetId,
        /// The composition.
        text: String,
        /// Its cursor, a byte offset into `text`.
        cursor: usize,
    },
    /// The right button went down on it: a context menu is asked for at (x, y).
    Context {
        /// Which part.
        target: Target,
        /// Window x.
        x: f32,
        /// Window y.
        y: f32,
    },
    /// The keyboard focus came to this part of the widget (Tab, Shift+Tab, or a press): a widget of several Tab
    /// stops (a tab strip and its "+") puts its keyboard on that part.
    Focus(Target),
    /// Item `item` of the popup widget `id` opened was picked (a dropdown's option, a menu's command, a dialog's
    /// confirm button); the popup has closed.
    Pick {
        /// The widget that opened the popup.
        id: WidgetId,
        /// Which item, from 0.
        item: usize,
    },
}

impl Message {
    /// The widget the message is for.
    pub fn id(&self) -> WidgetId {
        match self {
            Message::Activate(target)
            | Message::Press { target, .. }
            | Message::Drag { target, .. }
            | Message::Release { target, .. }
            | Message::Wheel { target, .. }
            | Message::Context { target, .. }
            | Message::Focus(target) => target.id,
            Message::Key { id, .. }
            | Message::Text { id, .. }
            | Message::Preedit { id, .. }
            | Message::Pick { id, .. } => id,
        }
    }
}

/// Who is hovered, pressed and focused.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Router {
    pointer: Option<(f32, f32)>,
    hover: Option<Target>,
    captured: Option<Target>,
    /// The focused widget and the part of it the keyboard is on (Space and Return act on that part).
    focus: Option<Target>,
    /// The focus shows, as browsers decide `:focus-visible`: it came by the keyboard, or the focused widget edits
    /// text, or a key was pressed on it since.
    focus_visible: bool,
    /// The person's last press was the pointer's, not a key's: a focus the program moves then does not show.
    by_pointer: bool,
    /// The modifiers held, as the last [`UiEvent::Held`] said: a press carries them.
    held: Mods,
}

impl Router {
    /// A router with nothing hovered, pressed or focused.
    pub const fn new() -> Router {
        Router {
            pointer: None,
            hover: None,
            captured: None,
            focus: None,
            focus_visible: false,
            by_pointer: false,
            held: Mods::NONE,
        }
    }

    /// The region under the pointer that takes input: enabled, hit last-painted first. A disabled region on
    /// top hides what is under it.
    pub fn hit(regions: &[Region], x: f32, y: f32) -> Option<&Region> {
        regions.iter().rev().find(|r| x >= r.rect.x && x < r.rect.right() && y >= r.rect.y && y < r.rect.bottom())
    }

    fn enabled_hit(regions: &[Region], x: f32, y: f32) -> Option<Target> {
        Router::hit(regions, x, y).filter(|r| r.enabled).map(|r| r.target)
    }

    /// Routes one event, appending what it does to widgets to `out`. Keys the router does not consume (Tab moves
    /// focus; Space and Return activate) go to the focused widget.
    pub fn route(&mut self, event: &UiEvent, regions: &[Region], out: &mut Vec<Message>) {
        match *event {
            UiEvent::PointerMoved { x, y } => {
                self.pointer = Some((x, y));
                self.hover = Router::enabled_hit(regions, x, y);
                if let Some(target) = self.captured {
                    out.push(Message::Drag { target, x, y });
                }
            }
            UiEvent::ButtonDown { button: Button::Left, x, y, clicks } => {
                self.pointer = Some((x, y));
                self.hover = Router::enabled_hit(regions, x, y);
                if self.captured.is_some() {
                    return;
                }
                self.by_pointer = true;
                if let Some(target) = self.hover {
                    self.captured = Some(target);
                    self.focus = Router::stop_for(regions, target);
                    self.focus_visible = false;
                    if let Some(stop) = self.focus {
                        out.push(Message::Focus(stop));
                    }
                    out.push(Message::Press { target, x, y, clicks, mods: self.held });
                } else {
                    self.focus = None;
                }
            }
            UiEvent::ButtonUp { button: Button::Left, x, y } => {
                self.pointer = Some((x, y));
                self.hover = Router::enabled_hit(regions, x, y);
                if let Some(target) = self.captured.take() {
                    out.push(Message::Release { target, x, y });
                    if self.hover == Some(target) {
                        out.push(Message::Activate(target));
                    }
                }
            }
            UiEvent::ButtonDown { button: Button::Right, x, y, .. } => {
                self.pointer = Some((x, y));
                self.hover = Router::enabled_hit(regions, x, y);
                // A context menu is for what is under the pointer, which takes the focus (a text field keeps its
                // selection); nothing under it leaves the focus where it was.
                if let (None, Some(target)) = (self.captured, self.hover) {
                    self.by_pointer = true;
                    if let Some(stop) = Router::stop_for(regions, target).filter(|s| self.focus() != Some(s.id)) {
                        self.focus = Some(stop);
                        self.focus_visible = false;
                        out.push(Message::Focus(stop));
                    }
                    out.push(Message::Context { target, x, y });
                }
            }
            UiEvent::ButtonDown { .. } | UiEvent::ButtonUp { .. } => {}
            UiEvent::Wheel { dx, dy } => {
                let under = self.pointer.and_then(|(x, y)| Router::enabled_hit(regions, x, y));
                if let Some(target) = self.captured.or(under) {
                    out.push(Message::Wheel { target, dx, dy });
                }
            }
            UiEvent::KeyDown { key: Key::Tab, mods, .. } if !mods.ctrl && !mods.alt && !mods.gui => {
                self.focus = Router::next_focus(regions, self.focus, mods.shift);
                (self.focus_visible, self.by_pointer) = (true, false);
                if let Some(target) = self.focus {
                    out.push(Message::Focus(target));
                }
            }
            UiEvent::KeyDown { key: key @ (Key::Space | Key::Return), mods, .. } if mods == Mods::NONE => {
                (self.focus_visible, self.by_pointer) = (true, false);
                // Space and Return act on the part the keyboard is on, which the widget keeps current.
                match self.focus {
                    Some(target) if Router::takes_text(regions, target) => {
                        out.push(Message::Key { id: target.id, key, mods })
                    }
                    Some(target) => out.push(Message::Activate(target)),
                    None => {}
                }
            }
            UiEvent::KeyDown { key, mods, .. } => {
                // A key that acts on the focused widget shows where it acts, as a browser's focus does once a person
                // takes to the keyboard; a modifier alone, or a shortcut, is not that.
                if !matches!(key, Key::Other(_)) && !mods.ctrl && !mods.alt && !mods.gui {
                    (self.focus_visible, self.by_pointer) = (true, false);
                }
                if let Some(target) = self.focus {
                    out.push(Message::Key { id: target.id, key, mods });
                }
            }
            UiEvent::PointerLeft => {
                self.pointer = None;
                self.hover = None;
            }
            UiEvent::Held(mods) => self.held = mods,
            UiEvent::FocusLost => {
                // Keys released outside the window never reach us either.
                self.held = Mods::NONE;
                // A button released outside the window never reaches us: let go of the pointer now.
                if let Some(target) = self.captured.take() {
                    let (x, y) = self.pointer.unwrap_or((0.0, 0.0));
                    out.push(Message::Release { target, x, y });
                }
            }
            UiEvent::Text(ref text) => {
                if let Some(target) = self.focus.filter(|t| Router::takes_text(regions, *t)) {
                    out.push(Message::Text { id: target.id, text: text.clone() });
                }
            }
            UiEvent::Preedit { ref text, cursor } => {
                if let Some(target) = self.focus.filter(|t| Router::takes_text(regions, *t)) {
                    out.push(Message::Preedit { id: target.id, text: text.clone(), cursor });
                }
            }
        }
        self.show_text_focus(regions);
    }

    /// A focused widget that edits text always shows its focus (a person must see where typing goes).
    fn show_text_focus(&mut self, regions: &[Region]) {
        if !self.focus_visible && self.focus.is_some_and(|t| Router::takes_text(regions, t)) {
            self.focus_visible = true;
        }
    }

    /// Whether the focused part edits text: its region shows the I-beam (a part with no region of its own: any of
    /// its widget's does). Space and Return are then keys it acts on (a space, a new line) rather than an
    /// activation, and typed text goes to it; a field's reveal button beside it is no text.
    fn takes_text(regions: &[Region], target: Target) -> bool {
        match regions.iter().find(|r| r.target == target) {
            Some(region) => region.cursor == Cursor::IBeam,
            None => regions.iter().any(|r| r.target.id == target.id && r.cursor == Cursor::IBeam),
        }
    }

    /// The stops Tab visits, in order: each focusable, enabled region's part once. A widget that Tab visits as a
    /// whole marks one region; a part that is a stop of its own (a tab strip's "+") marks its own.
    pub fn tab_stops(regions: &[Region]) -> Vec<Target> {
        let mut stops: Vec<Target> = Vec::new();
        for region in regions.iter().filter(|r| r.focusable && r.enabled) {
            if !stops.contains(&region.target) {
                stops.push(region.target);
            }
        }
        stops
    }

    /// The stop a press on `target` focuses: the part itself where it is a stop (a field's reveal button), else
    /// its widget's first (a label, a radio option the keyboard reaches by arrows); None where the widget takes
    /// no focus.
    fn stop_for(regions: &[Region], target: Target) -> Option<Target> {
        let stop = |r: &&Region| r.focusable && r.target.id == target.id;
        let own = regions.iter().filter(stop).find(|r| r.target == target);
        own.or_else(|| regions.iter().find(stop)).map(|r| r.target)
    }

    /// Where `from` stands among `stops`: its own stop, or (when the keyboard moved within a widget to a part that
    /// is no stop, a radio group's next option) its widget's first.
    pub fn stop_of(stops: &[Target], from: Target) -> Option<usize> {
        stops.iter().position(|s| *s == from).or_else(|| stops.iter().position(|s| s.id == from.id))
    }

    /// The stop after (or before) `from` in the regions' order, wrapping around.
    fn next_focus(regions: &[Region], from: Option<Target>, backwards: bool) -> Option<Target> {
        let stops = Router::tab_stops(regions);
        if stops.is_empty() {
            return None;
        }
        let at = from.and_then(|t| Router::stop_of(&stops, t));
        let next = match (at, backwards) {
            (None, false) => 0,
            (None, true) => stops.len() - 1,
            (Some(i), false) => (i + 1) % stops.len(),
            (Some(i), true) => (i + stops.len() - 1) % stops.len(),
        };
        Some(stops[next])
    }

    /// After a new layout (a screen switch, a resize): hover follows the pointer over the new regions, and
    /// focus or capture on a widget that is gone is dropped.
    pub fn relayout(&mut self, regions: &[Region]) {
        self.hover = self.pointer.and_then(|(x, y)| Router::enabled_hit(regions, x, y));
        let present = |id: WidgetId| regions.iter().any(|r| r.target.id == id && r.enabled);
        if self.focus.is_some_and(|t| !present(t.id)) {
            self.focus = None;
        }
        self.show_text_focus(regions);
        if self.captured.is_some_and(|t| !present(t.id)) {
            self.captured = None;
        }
    }

    /// What a person sees of the router: hovered, pressed, focused and whether the focus shows (not where the
    /// pointer is).
    pub fn seen(&self) -> (Option<Target>, Option<Target>, Option<Target>, bool) {
        (self.hovered(), self.pressed(), self.focus, self.focus_visible())
    }

    /// Where the pointer is, while it is over the window.
    pub fn pointer(&self) -> Option<(f32, f32)> {
        self.pointer
    }

    /// The widget part under the pointer, when no other one holds the pointer.
    pub fn hovered(&self) -> Option<Target> {
        match self.captured {
            Some(captured) if self.hover != Some(captured) => None,
            _ => self.hover,
        }
    }

    /// The widget part that holds the pointer (its button is down).
    pub fn pressed(&self) -> Option<Target> {
        self.captured
    }

    /// The focused widget.
    pub fn focus(&self) -> Option<WidgetId> {
        self.focus.map(|t| t.id)
    }

    /// The focused widget and the part of it the keyboard is on.
    pub fn focus_target(&self) -> Option<Target> {
        self.focus
    }

    /// The keyboard is on part `part` of the focused widget (the widget says so after each message: an arrow
    /// moved it within a radio group or a menubar).
    pub fn set_focus_part(&mut self, part: u8) {
        if let Some(target) = &mut self.focus {
            target.part = part;
        }
    }

    /// Whether the focus shows: CSS's `:focus-visible`, where `:focus` is [`focus`](Router::focus). Focus reached
    /// by the keyboard shows; focus a pointer press gave does not, unless the widget edits text.
    pub fn focus_visible(&self) -> bool {
        self.focus.is_some() && self.focus_visible
    }

    /// Gives `id` the keyboard focus (a screen focuses its first field when it opens, a popup gives it back), or
    /// nobody. It shows unless the person's last press was the pointer's, as a browser shows a focus a script
    /// moves; a field that edits text shows it from the next event or layout, which know the regions.
    pub fn set_focus(&mut self, id: Option<WidgetId>) {
        if id != self.focus() {
            self.focus_visible = !self.by_pointer;
            self.focus = id.map(|id| Target { id, part: 0 });
        }
    }

    /// Drops the pointer capture without a release (the widget that held it is gone); returns who held it.
    pub fn take_capture(&mut self) -> Option<Target> {
        self.captured.take()
    }

    /// The cursor the pointer should show: the captured widget's while a button is held, else what it is over.
    pub fn cursor(&self, regions: &[Region]) -> Cursor {
        let region = |target: Target| regions.iter().find(|r| r.target == target);
        if let Some(target) = self.captured {
            return region(target).map_or(Cursor::Arrow, |r| r.cursor);
        }
        self.pointer
            .and_then(|(x, y)| Router::hit(regions, x, y))
            .filter(|r| r.enabled)
            .map_or(Cursor::Arrow, |r| r.cursor)
    }
}

/// The box of the first region of widget `id`.
pub fn region_of(regions: &[Region], id: WidgetId) -> Option<Rect> {
    regions.iter().find(|r| r.target.id == id).map(|r| r.rect)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(id: WidgetId, part: u8, x: f32, enabled: bool) -> Region {
        Region {
            target: Target { id, part },
            rect: Rect::new(x, 0.0, 10.0, 10.0),
            cursor: Cursor::Hand,
            focusable: true,
            enabled,
        }
    }

    fn regions() -> Vec<Region> {
        vec![
            region("a", 0, 0.0, true),
            region("b", 0, 20.0, true),
            // b is one Tab stop of two parts: its second is reached by the keyboard within it.
            Region { focusable: false, ..region("b", 1, 30.0, true) },
            region("off", 0, 40.0, false),
        ]
    }

    fn route(router: &mut Router, event: UiEvent) -> Vec<Message> {
        let mut out = Vec::new();
        router.route(&event, &regions(), &mut out);
        out
    }

    fn down(x: f32) -> UiEvent {
        UiEvent::ButtonDown { button: Button::Left, x, y: 5.0, clicks: 1 }
    }

    fn up(x: f32) -> UiEvent {
        UiEvent::ButtonUp { button: Button::Left, x, y: 5.0 }
    }

    const A: Target = Target { id: "a", part: 0 };

    #[test]
    fn a_click_presses_captures_and_activates_what_it_was_released_over() {
        let mut router = Router::new();
        assert_eq!(
            route(&mut router, down(5.0)),
            [Message::Focus(A), Message::Press { target: A, x: 5.0, y: 5.0, clicks: 1, mods: Mods::NONE }]
        );
        assert_eq!(router.pressed(), Some(A));
        assert_eq!(router.focus(), Some("a"));
        assert_eq!(route(&mut router, up(6.0)), [Message::Release { target: A, x: 6.0, y: 5.0 }, Message::Activate(A)]);
        assert_eq!(router.pressed(), None);
    }

    #[test]
    fn a_drag_that_leaves_the_widget_still_drives_it_and_does_not_activate_elsewhere() {
        let mut router = Router::new();
        route(&mut router, down(5.0));
        let moved = route(&mut router, UiEvent::PointerMoved { x: 25.0, y: 5.0 });
        assert_eq!(moved, [Message::Drag { target: A, x: 25.0, y: 5.0 }]);
        assert_eq!(router.hovered(), None, "b is not hovered while a holds the pointer");
        assert_eq!(router.cursor(&regions()), Cursor::Hand);
        assert_eq!(route(&mut router, up(25.0)), [Message::Release { target: A, x: 25.0, y: 5.0 }]);
        assert_eq!(router.hovered(), Some(Target { id: "b", part: 0 }));
    }

    #[test]
    fn disabled_widgets_hide_what_is_under_them_but_take_no_input() {
        let mut router = Router::new();
        route(&mut router, UiEvent::PointerMoved { x: 45.0, y: 5.0 });
        assert_eq!(router.hovered(), None);
        assert_eq!(router.cursor(&regions()), Cursor::Arrow);
        assert!(route(&mut router, down(45.0)).is_empty());
        assert_eq!(router.focus(), None);
    }

    #[test]
    fn tab_cycles_focusable_enabled_widgets_once_each_and_shift_tab_goes_back() {
        let mut router = Router::new();
        let tab = |shift| UiEvent::KeyDown { key: Key::Tab, mods: Mods { shift, ..Mods::NONE }, repeat: false };
        let mut seen = Vec::new();
        for _ in 0..3 {
            route(&mut router, tab(false));
            seen.push(router.focus());
        }
        assert_eq!(seen, [Some("a"), Some("b"), Some("a")]);
        route(&mut router, tab(true));
        assert_eq!(router.focus(), Some("b"));
    }

    #[test]
    fn space_activates_the_focused_widget_and_other_keys_go_to_it() {
        let mut router = Router::new();
        let key = |key| UiEvent::KeyDown { key, mods: Mods::NONE, repeat: false };
        assert!(route(&mut router, key(Key::Space)).is_empty(), "nothing focused");
        router.set_focus(Some("b"));
        assert_eq!(route(&mut router, key(Key::Return)), [Message::Activate(Target { id: "b", part: 0 })]);
        assert_eq!(route(&mut router, key(Key::Right)), [Message::Key { id: "b", key: Key::Right, mods: Mods::NONE }]);
    }

    #[test]
    fn space_acts_on_the_part_the_keyboard_is_on_and_tab_leaves_the_widget_from_any_of_its_parts() {
        let mut router = Router::new();
        let key = |key, shift| UiEvent::KeyDown { key, mods: Mods { shift, ..Mods::NONE }, repeat: false };
        router.set_focus(Some("b"));
        router.set_focus_part(1);
        assert_eq!(route(&mut router, key(Key::Space, false)), [Message::Activate(Target { id: "b", part: 1 })]);
        assert_eq!(route(&mut router, key(Key::Tab, false)), [Message::Focus(A)], "b's part 1 is no stop: on to a");
        route(&mut router, key(Key::Tab, true));
        assert_eq!(router.focus_target(), Some(Target { id: "b", part: 0 }));
    }

    #[test]
    fn a_part_that_is_a_stop_of_its_own_is_visited_by_tab() {
        let regions = [
            region("tabs", 1, 0.0, true),
            Region { focusable: false, ..region("tabs", 2, 10.0, true) },
            region("tabs", 0, 20.0, true),
        ];
        assert_eq!(Router::tab_stops(&regions), [Target { id: "tabs", part: 1 }, Target { id: "tabs", part: 0 }]);
        let mut router = Router::new();
        let mut out = Vec::new();
        router.route(&UiEvent::KeyDown { key: Key::Tab, mods: Mods::NONE, repeat: false }, &regions, &mut out);
        router.set_focus_part(2);
        router.route(&UiEvent::KeyDown { key: Key::Tab, mods: Mods::NONE, repeat: false }, &regions, &mut out);
        assert_eq!(router.focus_target(), Some(Target { id: "tabs", part: 0 }), "from the tab the keyboard is on: +");
    }

    #[test]
    fn a_text_widget_takes_typed_text_space_and_return_as_keys() {
        let mut field = region("field", 0, 50.0, true);
        field.cursor = Cursor::IBeam;
        let regions = [region("a", 0, 0.0, true), field];
        let mut router = Router::new();
        let mut out = Vec::new();
        router.route(&UiEvent::Text("x".into()), &regions, &mut out);
        assert!(out.is_empty(), "nothing focused: the text goes nowhere");
        router.set_focus(Some("field"));
        router.route(&UiEvent::Text("x".into()), &regions, &mut out);
        router.route(&UiEvent::KeyDown { key: Key::Return, mods: Mods::NONE, repeat: false }, &regions, &mut out);
        assert_eq!(
            out,
            [
                Message::Text { id: "field", text: "x".into() },
                Message::Key { id: "field", key: Key::Return, mods: Mods::NONE }
            ]
        );
    }

    #[test]
    fn a_right_click_asks_what_is_under_it_for_a_context_menu_and_focuses_it() {
        let mut router = Router::new();
        let right = UiEvent::ButtonDown { button: Button::Right, x: 25.0, y: 5.0, clicks: 1 };
        let b = Target { id: "b", part: 0 };
        assert_eq!(route(&mut router, right), [Message::Focus(b), Message::Context { target: b, x: 25.0, y: 5.0 }]);
        assert_eq!((router.focus(), router.pressed()), (Some("b"), None), "focused, not held");
        let nowhere = UiEvent::ButtonDown { button: Button::Right, x: 95.0, y: 5.0, clicks: 1 };
        assert!(route(&mut router, nowhere).is_empty());
        assert_eq!(router.focus(), Some("b"), "a right click on nothing leaves the focus");
    }

    #[test]
    fn focus_shows_when_the_keyboard_gave_it_and_not_when_a_press_did_except_in_a_text_field() {
        let mut field = region("field", 0, 50.0, true);
        field.cursor = Cursor::IBeam;
        let regions = [region("a", 0, 0.0, true), region("b", 0, 20.0, true), field];
        let mut router = Router::new();
        let go = |router: &mut Router, event: UiEvent| router.route(&event, &regions, &mut Vec::new());
        let key = |key, mods| UiEvent::KeyDown { key, mods, repeat: false };
        go(&mut router, down(5.0));
        assert_eq!((router.focus(), router.focus_visible()), (Some("a"), false), "a press: :focus, not visible");
        go(&mut router, up(5.0));
        go(&mut router, key(Key::Other(0x400000e1), Mods::NONE));
        go(&mut router, key(Key::Char('c'), Mods { ctrl: true, ..Mods::NONE }));
        assert!(!router.focus_visible(), "a modifier alone or a shortcut leaves it hidden");
        go(&mut router, key(Key::Right, Mods::NONE));
        assert!(router.focus_visible(), "a key acting on the focused widget shows where it acts");
        go(&mut router, down(25.0));
        assert_eq!((router.focus(), router.focus_visible()), (Some("b"), false));
        go(&mut router, up(25.0));
        go(&mut router, key(Key::Tab, Mods::NONE));
        assert_eq!((router.focus(), router.focus_visible()), (Some("field"), true), "Tab shows it");
        go(&mut router, down(55.0));
        assert_eq!((router.focus(), router.focus_visible()), (Some("field"), true), "a text field always shows it");
        go(&mut router, up(55.0));
        go(&mut router, down(5.0));
        assert!(!router.focus_visible());
        // The program moves the focus (a popup gives it back): it shows as the person's last press did.
        router.set_focus(Some("b"));
        assert_eq!((router.focus(), router.focus_visible()), (Some("b"), false), "after a press, hidden");
        go(&mut router, key(Key::Tab, Mods::NONE));
        router.set_focus(Some("a"));
        assert_eq!((router.focus(), router.focus_visible()), (Some("a"), true), "after a key, shown");
        router.set_focus(None);
        assert!(!router.focus_visible(), "no focus shows nothing");
        assert!(!router.seen().3);
    }

    #[test]
    fn the_wheel_goes_to_what_is_under_the_pointer() {
        let mut router = Router::new();
        route(&mut router, UiEvent::PointerMoved { x: 35.0, y: 5.0 });
        let wheel = route(&mut router, UiEvent::Wheel { dx: 0.0, dy: 1.0 });
        assert_eq!(wheel, [Message::Wheel { target: Target { id: "b", part: 1 }, dx: 0.0, dy: 1.0 }]);
    }

    #[test]
    fn losing_the_window_focus_releases_a_held_widget_and_a_relayout_drops_what_is_gone() {
        let mut router = Router::new();
        route(&mut router, down(5.0));
        assert_eq!(route(&mut router, UiEvent::FocusLost), [Message::Release { target: A, x: 5.0, y: 5.0 }]);
        router.set_focus(Some("a"));
        router.relayout(&[region("b", 0, 0.0, true)]);
        assert_eq!(router.focus(), None);
        assert_eq!(router.hovered(), Some(Target { id: "b", part: 0 }), "the pointer is over b's new box");
    }
}
