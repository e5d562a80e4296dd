//! What a person has done so far: which screen is shown, the widgets' values, who is hovered, pressed and focused,
//! whether the HUD shows. Input events change it; the next frame shows it.
//!
//! Keys that work on every screen are handled here before routing: Ctrl+1 … Ctrl+5 and Ctrl+Tab /
//! Ctrl+Shift+Tab switch screens, Ctrl+T switches the theme, Ctrl+R mirrors the UI to right-to-left, F1 shows or
//! hides the HUD, Escape quits. Then the keys of the screen shown: the layout playground's letters and arrows, the
//! list's page keys.

use serde_json::{Value, json};

use crate::display_list::Rect;
use crate::screens::layout::state::{LayoutState, ids as layout_ids, region_of};
use crate::screens::scrolling::state::{ScrollState, ids as scrolling_ids};
use crate::screens::{ScreenName, ScreenView};
use crate::ui::controls::{Controls, Tracks, ids};
use crate::ui::input::{Key, Mods, UiEvent};
use crate::ui::router::{Cursor, Message, Region, Router, Target, WidgetId};
use crate::ui::texts::{self, Clipboard, TextFields};

// The ids of the tabs and the cards live with the screens, which lay them out.
pub use crate::screens::{CARDS, TABS};

/// The session (see the module docs).
#[derive(Debug, Clone)]
pub struct Session {
    screen: ScreenName,
    /// Hover, press, focus.
    pub router: Router,
    /// The controls screen's values (and the theme, which every screen follows).
    pub controls: Controls,
    /// The text screen's field, area, feature toggles and sample size.
    pub texts: TextFields,
    /// Every screen is mirrored: laid out right to left (Ctrl+R).
    mirrored: bool,
    /// Whether the caret showed in the last frame painted (None: no caret shows).
    caret_shown: Option<bool>,
    /// The layout playground's properties.
    pub layout: LayoutState,
    /// The list's scroll.
    pub scrolling: ScrollState,
    hud: bool,
    quit: bool,
    regions: Vec<Region>,
    tracks: Tracks,
    /// Something a person can see changed since the last [`Session::take_changed`].
    changed: bool,
    /// The screen changed: the next frame lays the new one out.
    relayout: bool,
}

impl Session {
    /// A session on `screen`, the HUD shown or not.
    pub fn new(screen: ScreenName, hud: bool) -> Session {
        let mut router = Router::new();
        router.set_focus((screen == ScreenName::Text).then_some(texts::ids::FIELD));
        Session {
            screen,
            router,
            controls: Controls::default(),
            texts: TextFields::default(),
            mirrored: false,
            caret_shown: None,
            layout: LayoutState::new(),
            scrolling: ScrollState::new(),
            hud,
            quit: false,
            regions: Vec::new(),
            tracks: Tracks::default(),
            changed: true,
            relayout: true,
        }
    }

    /// The screen shown.
    pub fn screen(&self) -> ScreenName {
        self.screen
    }

    /// Whether the HUD shows.
    pub fn hud(&self) -> bool {
        self.hud
    }

    /// Whether the person asked to quit.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// The regions of the last layout (the tabs', then the screen's).
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// Takes the regions of a new layout: hover follows the pointer onto them, focus on a widget that is gone is
    /// dropped.
    pub fn set_regions(&mut self, regions: Vec<Region>, tracks: Tracks) {
        self.router.relayout(&regions);
        self.regions = regions;
        self.tracks = tracks;
        self.relayout = false;
    }

    /// Whether the screen must be laid out again before the next frame (it was switched).
    pub fn needs_layout(&self) -> bool {
        self.relayout
    }

    /// Shows `screen`.
    pub fn show(&mut self, screen: ScreenName) {
        if screen != self.screen {
            self.screen = screen;
            // The text screen opens ready to type into its field.
            self.router.set_focus((screen == ScreenName::Text).then_some(texts::ids::FIELD));
            self.relayout = true;
            self.changed = true;
        }
    }

    /// What a frame at time `now` shows of the session.
    pub fn view(&self, now: f64) -> ScreenView<'_> {
        ScreenView {
            screen: self.screen,
            controls: &self.controls,
            router: &self.router,
            palette: self.controls.theme.palette(now),
            texts: &self.texts,
            mirrored: self.mirrored,
            now,
            layout: &self.layout,
            scrolling: &self.scrolling,
        }
    }

    /// Whether every screen is mirrored (laid out right to left).
    pub fn mirrored(&self) -> bool {
        self.mirrored
    }

    /// Handles one event at frame time `now` (seconds); copy and paste go through `clipboard`.
    pub fn handle(&mut self, event: &UiEvent, now: f64, clipboard: &mut dyn Clipboard) {
        let before = (self.router.seen(), self.hud);
        if let UiEvent::KeyDown { key, mods, .. } = *event
            && self.global_key(key, mods, now)
        {
            self.changed = true;
            return;
        }
        if let UiEvent::KeyDown { key, mods, .. } = *event
            && self.screen_key(key, mods, now)
        {
            self.changed = true;
            return;
        }
        let mut messages = Vec::new();
        self.router.route(event, &self.regions, &mut messages);
        for message in &messages {
            match message {
                Message::Activate(Target { id: TABS, part }) => {
                    self.show(ScreenName::ALL[usize::from(*part).min(ScreenName::ALL.len() - 1)]);
                }
                message if message.id().starts_with("text.") => {
                    self.changed |= self.texts.handle(message, clipboard, now);
                }
                message => {
                    self.changed |= self.controls.handle(message, &self.tracks, now);
                    match self.screen {
                        ScreenName::Layout => self.changed |= self.layout.handle(message, &self.regions, now),
                        ScreenName::Scrolling => self.changed |= self.scrolling.handle(message, &self.regions, now),
                        _ => {}
                    }
                }
            }
        }
        self.changed |= (self.router.seen(), self.hud) != before;
    }

    /// The keys that work on every screen; true when `key` was one.
    fn global_key(&mut self, key: Key, mods: Mods, now: f64) -> bool {
        match (key, mods) {
            (Key::Escape, Mods::NONE) => self.quit = true,
            (Key::F(1), Mods::NONE) => self.hud = !self.hud,
            (Key::Char(c @ '1'..='5'), Mods::CTRL) => {
                let index = c as usize - '1' as usize;
                self.show(ScreenName::ALL[index]);
            }
            (Key::Tab, Mods { ctrl: true, alt: false, gui: false, shift }) => {
                self.show(self.screen.step(if shift { -1 } else { 1 }));
            }
            (Key::Char('t'), Mods::CTRL) => self.controls.theme.toggle(now),
            (Key::Char('r'), Mods::CTRL) => {
                self.mirrored = !self.mirrored;
                self.relayout = true;
            }
            _ => return false,
        }
        true
    }

    /// The keys of the screen shown; true when `key` was one.
    fn screen_key(&mut self, key: Key, mods: Mods, now: f64) -> bool {
        match self.screen {
            ScreenName::Layout => self.layout.key(key, mods, now),
            ScreenName::Scrolling => self.scrolling.key(key, mods, &self.regions, now),
            _ => false,
        }
    }

    /// Whether anything changed since the last call, and forgets it.
    pub fn take_changed(&mut self) -> bool {
        std::mem::take(&mut self.changed)
    }

    /// Whether the session's own animations (a theme fading, the playground's boxes gliding, the list gliding or
    /// its scrollbar fading) need the next frame.
    pub fn animating(&self, now: f64) -> bool {
        self.controls.theme.animating(now)
            || (self.screen == ScreenName::Layout && self.layout.animating(now))
            || (self.screen == ScreenName::Scrolling && self.scrolling.animating(now))
    }

    /// Whether the caret's blink shows something new at `now`: it turned on or off since the last frame painted,
    /// or a caret appeared or went. Remembers what the next frame will show.
    pub fn blink_changed(&mut self, now: f64) -> bool {
        let focus = self.router.focus();
        let editing = self.screen == ScreenName::Text && matches!(focus, Some(texts::ids::FIELD | texts::ids::AREA));
        let shown = editing.then(|| self.texts.caret_on(now));
        std::mem::replace(&mut self.caret_shown, shown) != shown
    }

    /// When the caret next turns on or off (None when no caret shows).
    pub fn next_blink(&self, now: f64) -> Option<f64> {
        self.caret_shown.map(|_| self.texts.next_blink(now))
    }

    /// The cursor the pointer should show.
    pub fn cursor(&self) -> Cursor {
        self.router.cursor(&self.regions)
    }

    /// The card under the pointer on the overview.
    pub fn hovered_card(&self) -> Option<usize> {
        self.router.hovered().filter(|t| t.id == CARDS).map(|t| usize::from(t.part))
    }

    /// The box of each interactive widget, by id: the union of its regions, and each region's box in part order
    /// (a radio group's options, the tabs).
    fn boxes(&self) -> Vec<(WidgetId, Rect, Vec<Rect>)> {
        let mut boxes: Vec<(WidgetId, Rect, Vec<Rect>)> = Vec::new();
        for region in &self.regions {
            match boxes.iter_mut().find(|(id, _, _)| *id == region.target.id) {
                Some((_, union, parts)) => {
                    *union = union.union(region.rect);
                    parts.push(region.rect);
                }
                None => boxes.push((region.target.id, region.rect, vec![region.rect])),
            }
        }
        boxes
    }

    /// Every interactive widget's state by id, and `focus`, as the report prints them.
    pub fn widgets(&self) -> Value {
        let c = &self.controls;
        let mut widgets = json!({
            ids::BUTTON: { "presses": c.presses },
            ids::CHECKBOX: { "checked": c.checked },
            ids::RADIO: { "selected": c.selected },
            ids::TOGGLE: { "on": c.on },
            ids::SLIDER: { "value": c.value },
            ids::THEME: { "theme": c.theme.name().as_str() },
            texts::ids::FIELD: texts::report(&self.texts.field, &self.texts.geometry().field),
            texts::ids::AREA: texts::report(&self.texts.area, &self.texts.geometry().area),
            texts::ids::FEATURES: {
                "tags": self.texts.geometry().chips.iter().map(|t| String::from_utf8_lossy(t)).collect::<Vec<_>>(),
                "set": self.texts.features.settings().iter()
                    .map(|(tag, on)| (String::from_utf8_lossy(tag).into_owned(), json!(on)))
                    .collect::<serde_json::Map<_, _>>(),
            },
            texts::ids::SIZE: { "px": self.texts.size },
            "mirrored": self.mirrored,
            "focus": self.router.focus(),
            "hover": self.router.hovered().map(|t| format!("{}#{}", t.id, t.part)),
            layout_ids::CONTAINER: self.layout.report(region_of(&self.regions, layout_ids::CONTAINER)),
            layout_ids::BOXES: self.layout.report_boxes(),
            scrolling_ids::LIST: self.scrolling.report(region_of(&self.regions, scrolling_ids::LIST).map(|r| r.h)),
        });
        // Where each widget of the screen shown lies (the tabs and the disabled button too), so a script can aim at
        // it; a widget of several parts lists each part's box.
        if let Some(widgets) = widgets.as_object_mut() {
            for (id, rect, parts) in self.boxes() {
                let object = widgets.entry(id).or_insert_with(|| json!({}));
                if let Some(object) = object.as_object_mut() {
                    object.insert("rect".to_owned(), json!([rect.x, rect.y, rect.w, rect.h]));
                    if parts.len() > 1 {
                        let parts: Vec<Value> = parts.iter().map(|r| json!([r.x, r.y, r.w, r.h])).collect();
                        object.insert("parts".to_owned(), Value::Array(parts));
                    }
                }
            }
        }
        widgets
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::input::Button;

    fn key(key: Key, mods: Mods) -> UiEvent {
        UiEvent::KeyDown { key, mods, repeat: false }
    }

    fn tabs() -> Vec<Region> {
        (0..5)
            .map(|i| Region {
                target: Target { id: TABS, part: i },
                rect: Rect::new(100.0 * f32::from(i), 0.0, 90.0, 30.0),
                cursor: Cursor::Hand,
                focusable: false,
                enabled: true,
            })
            .collect()
    }

    #[test]
    fn ctrl_digits_ctrl_tab_and_the_tabs_switch_screens() {
        let mut s = Session::new(ScreenName::Overview, true);
        s.set_regions(tabs(), Tracks::default());
        s.handle(&key(Key::Char('4'), Mods::CTRL), 0.0, &mut String::new());
        assert_eq!(s.screen(), ScreenName::Controls);
        assert!(s.needs_layout());
        s.handle(&key(Key::Tab, Mods { ctrl: true, shift: true, ..Mods::NONE }), 0.0, &mut String::new());
        assert_eq!(s.screen(), ScreenName::Layout);
        s.handle(&key(Key::Tab, Mods::CTRL), 0.0, &mut String::new());
        assert_eq!(s.screen(), ScreenName::Controls);
        s.set_regions(tabs(), Tracks::default());
        s.handle(&UiEvent::ButtonDown { button: Button::Left, x: 105.0, y: 10.0, clicks: 1 }, 0.0, &mut String::new());
        s.handle(&UiEvent::ButtonUp { button: Button::Left, x: 105.0, y: 10.0 }, 0.0, &mut String::new());
        assert_eq!(s.screen(), ScreenName::Text);
    }

    #[test]
    fn ctrl_t_f1_and_escape_work_anywhere_and_count_as_changes() {
        let mut s = Session::new(ScreenName::Text, true);
        s.take_changed();
        s.handle(&key(Key::Char('t'), Mods::CTRL), 2.0, &mut String::new());
        assert_eq!(s.controls.theme.name().as_str(), "light");
        assert!(s.animating(2.1));
        assert!(s.take_changed());
        s.handle(&key(Key::F(1), Mods::NONE), 2.0, &mut String::new());
        assert!(!s.hud());
        s.handle(&key(Key::Escape, Mods::NONE), 2.0, &mut String::new());
        assert!(s.quit());
    }

    #[test]
    fn a_pointer_move_over_nothing_changes_nothing() {
        let mut s = Session::new(ScreenName::Text, true);
        s.set_regions(tabs(), Tracks::default());
        s.take_changed();
        s.handle(&UiEvent::PointerMoved { x: 300.0, y: 300.0 }, 0.0, &mut String::new());
        assert!(!s.take_changed());
        s.handle(&UiEvent::PointerMoved { x: 10.0, y: 10.0 }, 0.0, &mut String::new());
        assert!(s.take_changed(), "hovering a tab is a change a person sees");
    }

    #[test]
    fn the_report_names_every_control_and_the_focus() {
        let s = Session::new(ScreenName::Controls, true);
        let widgets = s.widgets();
        assert_eq!(widgets["controls.slider"]["value"], 40);
        assert_eq!(widgets["controls.theme"]["theme"], "dark");
        assert!(widgets["focus"].is_null());
    }

    #[test]
    fn the_report_gives_every_widget_its_box_and_each_part_its_own() {
        let mut s = Session::new(ScreenName::Text, true);
        s.set_regions(tabs(), Tracks::default());
        let widgets = s.widgets();
        assert_eq!(widgets["tabs"]["rect"], json!([0.0, 0.0, 490.0, 30.0]));
        assert_eq!(widgets["tabs"]["parts"][4], json!([400.0, 0.0, 90.0, 30.0]));
        assert!(widgets["controls.button"].get("rect").is_none(), "not on this screen");
    }
}
