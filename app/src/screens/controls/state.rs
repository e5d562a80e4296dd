//! The controls screen's widgets as state: a counting button, a checkbox, a radio group of three, a toggle
//! switch, a slider 0–100 with a progress bar bound to it, a disabled button, the theme switch and the overlay's
//! dropdown; what each [`Message`] does to them, and their tooltips. The checkbox, the radio group, the theme
//! switch and the dropdown set what every screen follows ([`Settings`]: the cards' shadows, what the inspector
//! shows, the theme, the overlay), which the session keeps. The dropdown's list is a popup the session opens
//! ([`crate::popup`]); what is picked in it comes back as a [`Message::Pick`].

use serde_json::{Map, Value, json};

use crate::geom::Rect;
use crate::popup::{Item, Request};
use crate::screens::interface::{Input, ScreenState};
use crate::ui::input::{Key, Mods};
use crate::ui::router::{Message, Region, Target, WidgetId, region_of};
use crate::ui::settings::{Inspect, Overlay, Settings};

/// The controls' stable ids, as the report prints them.
pub mod ids {
    use crate::ui::router::WidgetId;

    /// The button that counts its presses.
    pub const BUTTON: WidgetId = "controls.button";
    /// The checkbox.
    pub const CHECKBOX: WidgetId = "controls.checkbox";
    /// The radio group; its options are parts 0, 1 and 2.
    pub const RADIO: WidgetId = "controls.radio";
    /// The toggle switch.
    pub const TOGGLE: WidgetId = "controls.toggle";
    /// The slider.
    pub const SLIDER: WidgetId = "controls.slider";
    /// The button that cannot be pressed.
    pub const DISABLED: WidgetId = "controls.disabled";
    /// The theme switch.
    pub const THEME: WidgetId = "controls.theme";
    /// The dropdown that chooses the overlay drawn over the frame; its list is a popup of [`super::Overlay::ALL`].
    pub const OVERLAY: WidgetId = "controls.overlay";
}

/// The radio group's options: what the inspector shows.
pub const RADIO_OPTIONS: [Inspect; 3] = Inspect::ALL;

/// How far (px) a press must travel before a toggle follows the pointer instead of flipping on release.
const DRAG_SLOP: f32 = 3.0;

/// Where the controls whose value follows the pointer lie (from the last layout).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Tracks {
    /// The slider's track: 0 at its left edge, 100 at its right.
    pub slider: Rect,
    /// The toggle's track: on when its thumb ends in the right half (the left half, mirrored).
    pub toggle: Rect,
    /// Laid out right to left: the slider's 0 is at its right edge, the toggle is on to the left.
    pub mirrored: bool,
}

/// The controls' values.
#[derive(Debug, Clone, PartialEq)]
pub struct Controls {
    /// How many times the button was activated.
    pub presses: u32,
    /// The toggle switch.
    pub on: bool,
    /// The slider, 0 to 100.
    pub value: u8,
    /// Where the slider and the toggle lay in the last frame.
    tracks: Tracks,
    /// A press on the toggle: where it started, and whether it has become a drag.
    toggle_press: Option<(f32, bool)>,
    /// The message just handled ended a drag of the toggle: the click the router sends with it must not flip it.
    drag_ended: bool,
    /// The wheel's fraction of a step not yet applied to the slider.
    wheel_rest: f32,
}

impl Default for Controls {
    fn default() -> Controls {
        Controls::new()
    }
}

impl Controls {
    /// The controls as a session starts with them: nothing pressed, the toggle off, the slider at 40.
    pub const fn new() -> Controls {
        Controls {
            presses: 0,
            on: false,
            value: 40,
            tracks: Tracks {
                slider: Rect::new(0.0, 0.0, 0.0, 0.0),
                toggle: Rect::new(0.0, 0.0, 0.0, 0.0),
                mirrored: false,
            },
            toggle_press: None,
            drag_ended: false,
            wheel_rest: 0.0,
        }
    }

    /// Applies one message at frame time `now` (the checkbox, the radio group and the theme switch change
    /// `settings`); returns whether any value changed.
    pub fn apply(&mut self, message: &Message, settings: &mut Settings, now: f64) -> bool {
        let before = (self.values(), *settings);
        let tracks = self.tracks;
        let tracks = &tracks;
        let drag_ended = std::mem::take(&mut self.drag_ended);
        match *message {
            Message::Activate(Target { id: ids::TOGGLE, .. }) if drag_ended => {}
            Message::Activate(Target { id, part }) => self.activate(id, part, settings, now),
            Message::Press { target, x, .. } => match target.id {
                ids::SLIDER => self.value = slider_value(tracks, x),
                ids::TOGGLE => self.toggle_press = Some((x, false)),
                _ => {}
            },
            Message::Drag { target, x, .. } => match target.id {
                ids::SLIDER => self.value = slider_value(tracks, x),
                ids::TOGGLE => {
                    if let Some((start, dragging)) = &mut self.toggle_press {
                        *dragging |= (x - *start).abs() > DRAG_SLOP;
                        if *dragging {
                            self.on = (x >= tracks.toggle.x + tracks.toggle.w / 2.0) != tracks.mirrored;
                        }
                    }
                }
                _ => {}
            },
            Message::Release { target, .. } => {
                if target.id == ids::TOGGLE {
                    // A drag has placed the switch already; a plain press is flipped by the click that follows.
                    self.drag_ended = self.toggle_press.take().is_some_and(|(_, dragging)| dragging);
                }
            }
            Message::Wheel { target, dy, .. } if target.id == ids::SLIDER => {
                self.wheel_rest += dy;
                let steps = self.wheel_rest.trunc();
                self.wheel_rest -= steps;
                self.nudge(steps as i32);
            }
            Message::Wheel { .. } => {}
            Message::Key { id, key, mods } => self.key(id, key, mods, settings),
            Message::Pick { id: ids::OVERLAY, item } => settings.set_overlay(Overlay::at(item)),
            Message::Text { .. } | Message::Context { .. } | Message::Pick { .. } => {}
        }
        (self.values(), *settings) != before
    }

    /// What a person sees of the controls (not the bookkeeping of a press in progress).
    fn values(&self) -> (u32, bool, u8) {
        (self.presses, self.on, self.value)
    }

    fn activate(&mut self, id: WidgetId, part: u8, settings: &mut Settings, now: f64) {
        match id {
            ids::BUTTON => self.presses = self.presses.saturating_add(1),
            ids::CHECKBOX => settings.shadows = !settings.shadows,
            ids::RADIO => settings.inspect = Inspect::at(usize::from(part)),
            ids::TOGGLE => self.on = !self.on,
            ids::THEME => settings.theme.toggle(now),
            _ => {}
        }
    }

    fn key(&mut self, id: WidgetId, key: Key, mods: Mods, settings: &mut Settings) {
        let selected = settings.inspect.index();
        let n = RADIO_OPTIONS.len();
        let step = if mods.shift { 10 } else { 1 };
        match (id, key) {
            (ids::SLIDER, Key::Left | Key::Down) => self.nudge(-step),
            (ids::SLIDER, Key::Right | Key::Up) => self.nudge(step),
            (ids::SLIDER, Key::PageDown) => self.nudge(-10),
            (ids::SLIDER, Key::PageUp) => self.nudge(10),
            (ids::SLIDER, Key::Home) => self.value = 0,
            (ids::SLIDER, Key::End) => self.value = 100,
            (ids::RADIO, Key::Left | Key::Up) => settings.inspect = Inspect::at((selected + n - 1) % n),
            (ids::RADIO, Key::Right | Key::Down) => settings.inspect = Inspect::at((selected + 1) % n),
            (ids::RADIO, Key::Home) => settings.inspect = Inspect::at(0),
            (ids::RADIO, Key::End) => settings.inspect = Inspect::at(n - 1),
            _ => {}
        }
    }

    fn nudge(&mut self, by: i32) {
        self.value = (i32::from(self.value) + by).clamp(0, 100) as u8;
    }
}

impl ScreenState for Controls {
    type Laid = Tracks;

    fn handle(&mut self, message: &Message, input: &mut Input<'_>) -> bool {
        if let Message::Activate(Target { id: ids::OVERLAY, .. }) = message {
            *input.popup = overlay_menu(input.settings, input.regions);
            return false;
        }
        self.apply(message, input.settings, input.now)
    }

    fn tooltip(&self, target: Target) -> Option<&'static str> {
        Some(match target.id {
            ids::BUTTON => "Counts its presses",
            ids::CHECKBOX => "Draws or removes the overview's card shadows",
            ids::RADIO => "What the inspector (F3) shows",
            ids::TOGGLE => "Click, drag or press Space",
            ids::SLIDER => "0 to 100: drag, arrows, Page keys, the wheel",
            ids::THEME => "Dark or light; Ctrl+T anywhere",
            ids::OVERLAY => "What is drawn over the frame",
            _ => return None,
        })
    }

    fn laid_out(&mut self, tracks: Tracks) {
        self.tracks = tracks;
    }

    fn report(&self, _regions: &[Region], settings: &Settings, into: &mut Map<String, Value>) {
        let values = [
            (ids::BUTTON, json!({ "presses": self.presses })),
            (ids::CHECKBOX, json!({ "checked": settings.shadows })),
            (ids::RADIO, json!({ "selected": settings.inspect.index(), "shows": settings.inspect.label() })),
            (ids::TOGGLE, json!({ "on": self.on })),
            (ids::SLIDER, json!({ "value": self.value })),
            (ids::THEME, json!({ "theme": settings.theme.name().as_str() })),
            (ids::OVERLAY, json!({ "value": settings.overlay().label(), "index": settings.overlay().index() })),
        ];
        into.extend(values.into_iter().map(|(id, value)| (id.to_owned(), value)));
    }
}

/// The dropdown's list under it: every overlay mode, the current one checked and highlighted (None before a
/// layout has placed the dropdown).
fn overlay_menu(settings: &Settings, regions: &[Region]) -> Option<Request> {
    let current = settings.overlay();
    let items = Overlay::ALL.iter().map(|o| Item { checked: *o == current, ..Item::new(o.label()) }).collect();
    let anchor = region_of(regions, ids::OVERLAY)?;
    Some(Request::Menu { owner: ids::OVERLAY, anchor, items, highlighted: current.index(), min_width: 0.0 })
}

/// The slider's value for pointer x over its track: 0 at the left edge, 100 at the right (the other way round,
/// mirrored), clamped.
pub fn slider_value(tracks: &Tracks, x: f32) -> u8 {
    let track = tracks.slider;
    if track.w <= 0.0 {
        return 0;
    }
    let t = ((x - track.x) / track.w).clamp(0.0, 1.0);
    ((if tracks.mirrored { 1.0 - t } else { t }) * 100.0).round() as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::router::Cursor;
    use crate::ui::theme::ThemeName;

    const TRACKS: Tracks =
        Tracks { slider: Rect::new(100.0, 0.0, 200.0, 20.0), toggle: Rect::new(0.0, 0.0, 40.0, 20.0), mirrored: false };

    fn target(id: WidgetId) -> Target {
        Target { id, part: 0 }
    }

    /// Applies `message` with the controls laid out on [`TRACKS`].
    fn handle(c: &mut Controls, message: &Message, now: f64) -> bool {
        c.tracks = TRACKS;
        c.apply(message, &mut Settings::new(), now)
    }

    fn key(controls: &mut Controls, id: WidgetId, key: Key) -> bool {
        handle(controls, &Message::Key { id, key, mods: Mods::NONE }, 0.0)
    }

    #[test]
    fn activating_the_button_checkbox_radio_and_theme_changes_them() {
        let mut c = Controls::default();
        assert!(handle(&mut c, &Message::Activate(target(ids::BUTTON)), 0.0));
        assert!(handle(&mut c, &Message::Activate(target(ids::BUTTON)), 0.0));
        assert_eq!(c.presses, 2);
        // The checkbox, the radio group and the theme switch set what every screen follows.
        let mut settings = Settings::new();
        assert!(c.apply(&Message::Activate(target(ids::CHECKBOX)), &mut settings, 0.0));
        assert!(!settings.shadows, "the cards' shadows go");
        c.apply(&Message::Activate(Target { id: ids::RADIO, part: 2 }), &mut settings, 0.0);
        assert_eq!(settings.inspect, Inspect::GlyphCache);
        assert!(c.apply(&Message::Activate(target(ids::THEME)), &mut settings, 1.0));
        assert_eq!(settings.theme.name(), ThemeName::Light);
        assert!(settings.theme.animating(1.05));
        assert!(!handle(&mut c, &Message::Activate(target(ids::DISABLED)), 0.0), "the disabled button does nothing");
    }

    #[test]
    fn the_slider_follows_presses_and_drags_clamped_to_its_track() {
        let mut c = Controls::default();
        handle(&mut c, &Message::Press { target: target(ids::SLIDER), x: 150.0, y: 5.0, clicks: 1 }, 0.0);
        assert_eq!(c.value, 25);
        handle(&mut c, &Message::Drag { target: target(ids::SLIDER), x: 1000.0, y: 90.0 }, 0.0);
        assert_eq!(c.value, 100, "a drag that leaves the track still drives it");
        handle(&mut c, &Message::Drag { target: target(ids::SLIDER), x: -5.0, y: 0.0 }, 0.0);
        assert_eq!(c.value, 0);
    }

    #[test]
    fn the_slider_moves_by_keys_and_by_wheel_notches_and_fractions() {
        let mut c = Controls::default();
        key(&mut c, ids::SLIDER, Key::Right);
        assert_eq!(c.value, 41);
        key(&mut c, ids::SLIDER, Key::End);
        assert_eq!(c.value, 100);
        assert!(!key(&mut c, ids::SLIDER, Key::Right), "already at 100");
        key(&mut c, ids::SLIDER, Key::Home);
        assert_eq!(c.value, 0);
        let wheel = |dy| Message::Wheel { target: target(ids::SLIDER), dx: 0.0, dy };
        handle(&mut c, &wheel(3.0), 0.0);
        assert_eq!(c.value, 3);
        assert!(!handle(&mut c, &wheel(0.5), 0.0));
        assert!(handle(&mut c, &wheel(0.5), 0.0), "two half notches make a step");
        assert_eq!(c.value, 4);
    }

    #[test]
    fn the_overlay_dropdowns_pick_sets_the_overlay_alone() {
        let (mut c, mut settings) = (Controls::default(), Settings::new());
        settings.bounds = true;
        assert!(c.apply(&Message::Pick { id: ids::OVERLAY, item: 1 }, &mut settings, 0.0));
        assert_eq!(settings.overlay(), Overlay::Flashing);
        assert!(!settings.bounds, "the dropdown draws one overlay");
        assert!(!c.apply(&Message::Pick { id: ids::OVERLAY, item: 1 }, &mut settings, 0.0), "already so");
        let regions = [Region {
            focusable: true,
            ..Region::at(ids::OVERLAY, 0, Rect::new(10.0, 20.0, 200.0, 32.0), Cursor::Hand)
        }];
        let Some(Request::Menu { items, highlighted, anchor, .. }) = overlay_menu(&settings, &regions) else {
            panic!("no menu");
        };
        assert_eq!((items.len(), highlighted, anchor.w), (6, 1, 200.0));
        assert!(items[1].checked && !items[0].checked);
    }

    #[test]
    fn arrows_move_the_radio_selection_around() {
        let (mut c, mut settings) = (Controls::default(), Settings::new());
        let arrow = |key| Message::Key { id: ids::RADIO, key, mods: Mods::NONE };
        c.apply(&arrow(Key::Left), &mut settings, 0.0);
        assert_eq!(settings.inspect, Inspect::GlyphCache);
        c.apply(&arrow(Key::Down), &mut settings, 0.0);
        assert_eq!(settings.inspect, Inspect::Bands);
    }

    #[test]
    fn the_toggle_flips_on_a_click_and_follows_a_drag() {
        let mut c = Controls::default();
        let t = target(ids::TOGGLE);
        let click = |c: &mut Controls, x| {
            handle(c, &Message::Press { target: t, x, y: 5.0, clicks: 1 }, 0.0);
            handle(c, &Message::Release { target: t, x, y: 5.0 }, 0.0);
            handle(c, &Message::Activate(t), 0.0);
        };
        click(&mut c, 5.0);
        assert!(c.on);
        click(&mut c, 5.0);
        assert!(!c.on);
        // Dragged from the left end to the right half and released there: on, and the closing click does not undo it.
        handle(&mut c, &Message::Press { target: t, x: 5.0, y: 5.0, clicks: 1 }, 0.0);
        handle(&mut c, &Message::Drag { target: t, x: 35.0, y: 5.0 }, 0.0);
        assert!(c.on);
        handle(&mut c, &Message::Release { target: t, x: 35.0, y: 5.0 }, 0.0);
        handle(&mut c, &Message::Activate(t), 0.0);
        assert!(c.on);
        // A drag released off the switch sends no click; Space on it afterwards still flips it.
        handle(&mut c, &Message::Press { target: t, x: 35.0, y: 5.0, clicks: 1 }, 0.0);
        handle(&mut c, &Message::Drag { target: t, x: 2.0, y: 90.0 }, 0.0);
        handle(&mut c, &Message::Release { target: t, x: 2.0, y: 90.0 }, 0.0);
        assert!(!c.on);
        handle(&mut c, &Message::Activate(t), 0.0);
        assert!(!c.on, "the click that ends a drag is swallowed");
        handle(&mut c, &Message::Key { id: ids::SLIDER, key: Key::Left, mods: Mods::NONE }, 0.0);
        handle(&mut c, &Message::Activate(t), 0.0);
        assert!(c.on);
    }
}
