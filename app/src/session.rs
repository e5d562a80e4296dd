//! What a person has done so far: which screen is shown, each screen's state, who is hovered, pressed and
//! focused, the theme, the direction, whether the HUD shows. Input events change it; the next frame shows it.
//!
//! Keys that work on every screen are handled here before the screen's own: Ctrl+1 … Ctrl+9 and Ctrl+Tab /
//! Ctrl+Shift+Tab switch screens, Ctrl+T switches the theme, Ctrl+R mirrors the UI to right-to-left, F1 shows or
//! hides the HUD, F2 paint flashing, F3 the inspector (Shift+F3 its next subject), F4 the layout bounds. Everything else
//! goes to the screen shown ([`AnyState`]), which never learns of the others.
//!
//! Escape unwinds one level a press: an input method's composition, the popup open, what the focused widget holds
//! (a menubar gives the focus back to where it came from, a text drops its selection), then the focus itself; it
//! quits only when nothing is left to unwind.
//!
//! Above the screen lies the popup layer ([`Popups`]): while a popup is open it takes every event first. Escape
//! closes it (it does not quit then); a press outside a menu closes the menu and does nothing else, a press outside
//! a dialog does nothing; the screen's widgets are neither hovered nor hit meanwhile. A global key closes a menu
//! before it acts; a dialog stays open while it acts and refuses a screen switch (it keeps its screen until it is
//! answered). When it closes, the focus goes back where it was. The hovered widget's tooltip shows once the
//! pointer has rested on it for [`crate::popup::TOOLTIP_DELAY_S`].
//!
//! An input method's composition open in the focused text is the session's to close: Escape cancels it (and does
//! not quit); a press, any other key that reaches the app, the window losing focus or a screen switch first types
//! it into the text it belongs to, so a composition is never lost to a focus change.

use std::any::Any;

use serde_json::{Map, Value, json};

use crate::chrome::TABS;
use crate::geom::Rect;
use crate::popup::draw::PopupView;
use crate::popup::{Hover, Item, Kind, Outcome, Popups, Request, Tip};
use crate::screens::{AnyState, Feedback, Input, ScreenId, Shown};
use crate::ui::input::{Clipboard, Key, Mods, UiEvent};
use crate::ui::router::{Cursor, Message, Region, Router, Target, WidgetId};
use crate::ui::settings::{Inspect, Settings, Zoom};
use crate::ui::theme::{Palette, Theme};

/// The session (see the module docs).
#[derive(Debug, Clone)]
pub struct Session {
    screen: ScreenId,
    /// Hover, press, focus.
    pub router: Router,
    /// Each screen's state, in [`ScreenId::all`] order.
    states: Vec<Box<dyn AnyState>>,
    /// What every screen follows: the theme and its fade, the cards' shadows, the inspector.
    settings: Settings,
    /// Every screen is mirrored: laid out right to left (Ctrl+R).
    mirrored: bool,
    /// Whether the caret showed in the last frame painted (None: no caret shows).
    caret_shown: Option<bool>,
    hud: bool,
    /// The flame strip shows (F5), on the frame picked (0: the last; k: the k-th slowest, Shift+F5 steps).
    flame: (bool, usize),
    /// Where the flame strip was last drawn and what it shows, for the accessibility tree (None: hidden).
    flame_view: Option<(Rect, String)>,
    quit: bool,
    regions: Vec<Region>,
    /// Something a person can see changed since the last [`Session::take_changed`].
    changed: bool,
    /// The screen or the direction changed: the next frame lays the screen out anew.
    relayout: bool,
    /// The popup open, above the screen.
    popups: Popups,
    /// What a tooltip waits on.
    hover: Hover,
    /// The composition open, and the widget it belongs to.
    preedit: Option<(WidgetId, String)>,
    /// The app closed a composition itself: the input method is told to drop its own.
    ime_reset: bool,
}

impl Default for Session {
    /// The first screen, the HUD hidden: a frame with no input (benches, the golden tests).
    fn default() -> Session {
        Session::new(ScreenId::default(), false)
    }
}

impl Session {
    /// A session on `screen`, the HUD shown or not.
    pub fn new(screen: ScreenId, hud: bool) -> Session {
        let states: Vec<Box<dyn AnyState>> = ScreenId::all().map(|s| (s.entry().state)()).collect();
        let mut router = Router::new();
        router.set_focus(states[screen.index()].focus_on_show());
        Session {
            screen,
            router,
            states,
            settings: Settings::new(),
            mirrored: false,
            caret_shown: None,
            hud,
            flame: (false, 0),
            flame_view: None,
            quit: false,
            regions: Vec::new(),
            changed: true,
            relayout: true,
            popups: Popups::new(),
            hover: Hover::default(),
            preedit: None,
            ime_reset: false,
        }
    }

    /// The screen shown.
    pub fn screen(&self) -> ScreenId {
        self.screen
    }

    /// The state of the screen shown.
    pub fn state(&self) -> &dyn AnyState {
        self.states[self.screen.index()].as_ref()
    }

    /// The state of type `S` (a screen's own), if a screen keeps one: tests and benches reach values through it.
    pub fn state_of<S: Any>(&self) -> Option<&S> {
        self.states.iter().find_map(|s| s.as_any().downcast_ref::<S>())
    }

    /// The state of type `S`, to change.
    pub fn state_of_mut<S: Any>(&mut self) -> Option<&mut S> {
        self.states.iter_mut().find_map(|s| s.as_any_mut().downcast_mut::<S>())
    }

    /// What a frame at time `now` shows of the session.
    pub fn shown(&self, now: f64) -> Shown<'_> {
        Shown {
            screen: self.screen,
            state: self.state(),
            router: &self.router,
            palette: self.settings.theme.palette(now),
            settings: self.settings,
            mirrored: self.mirrored,
            popups: PopupView { open: self.popups.open(), tip: self.tooltip(now), viewport: self.popups.viewport() },
            regions: &self.regions,
        }
    }

    /// The popup layer.
    pub fn popups(&self) -> &Popups {
        &self.popups
    }

    /// The tooltip a frame at `now` shows: the hovered widget's, once the pointer has rested on it long enough (or
    /// the focused part's, once the keyboard brought the focus there), unless a popup is open or a button is held.
    pub fn tooltip(&self, now: f64) -> Option<Tip> {
        if self.popups.is_open() || self.router.pressed().is_some() {
            return None;
        }
        let target = self.hover.due(now)?;
        let text = self.state().tooltip(target)?;
        let anchor = self.regions.iter().find(|r| r.target == target)?.rect;
        Some(Tip { text, anchor, target })
    }

    /// Whether the tooltip a frame at `now` shows differs from the last frame painted's; remembers it.
    pub fn tooltip_changed(&mut self, now: f64) -> bool {
        let tip = self.tooltip(now).map(|t| t.target);
        self.hover.changed(tip)
    }

    /// When a tooltip that waits will show (None when none waits): the frame loop sleeps until then.
    pub fn next_tooltip(&self, now: f64) -> Option<f64> {
        if self.popups.is_open() {
            return None;
        }
        self.hover.waiting().filter(|t| self.state().tooltip(*t).is_some())?;
        self.hover.next(now)
    }

    /// The theme.
    pub fn theme(&self) -> &Theme {
        &self.settings.theme
    }

    /// What every screen follows: the theme, the cards' shadows, the inspector.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The colours at `now` (mid-fade during a theme change).
    pub fn palette(&self, now: f64) -> Palette {
        self.settings.theme.palette(now)
    }

    /// Whether the HUD shows.
    pub fn hud(&self) -> bool {
        self.hud
    }

    /// Whether the flame strip shows (F5), and the frame it looks at (0: the last; k: the k-th slowest).
    pub fn flame(&self) -> (bool, usize) {
        self.flame
    }

    /// Where the flame strip was last drawn and what it shows (None: hidden).
    pub fn flame_view(&self) -> Option<&(Rect, String)> {
        self.flame_view.as_ref()
    }

    /// Tells the session where the flame strip was drawn and what it shows, or that it is hidden.
    pub fn set_flame_view(&mut self, view: Option<(Rect, String)>) {
        self.flame_view = view;
    }

    /// Whether the person asked to quit.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// Whether every screen is mirrored (laid out right to left).
    pub fn mirrored(&self) -> bool {
        self.mirrored
    }

    /// The regions of the last layout (the tabs', then the screen's).
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// Takes the regions of a new layout: hover follows the pointer onto them, focus on a widget that is gone is
    /// dropped.
    pub fn set_regions(&mut self, regions: Vec<Region>) {
        // While a popup is open the router hits its regions; the screen's new ones are for when it closes.
        if !self.popups.is_open() {
            self.router.relayout(&regions);
        }
        self.regions = regions;
        self.relayout = false;
    }

    /// Takes what a frame hands back: the regions of a new layout, and what the screen's layout placed (a text's
    /// lines, a slider's track) for the screen shown.
    pub fn take_feedback(&mut self, feedback: Feedback) {
        // A popup was placed in the old window.
        if feedback.viewport.is_some_and(|v| self.popups.set_viewport(v)) {
            self.close_popup();
        }
        if let Some(regions) = feedback.regions {
            self.set_regions(regions);
        }
        if let Some(laid) = feedback.laid {
            self.states[self.screen.index()].laid_out(laid);
        }
    }

    /// Whether the screen must be laid out anew before the next frame (it was switched or mirrored).
    pub fn needs_layout(&self) -> bool {
        self.relayout
    }

    /// Shows `screen`, focused where it opens focused.
    pub fn show(&mut self, screen: ScreenId) {
        if screen != self.screen {
            self.commit_preedit(0.0, &mut String::new());
            self.close_popup();
            // A widget that holds the pointer (a thumb being dragged) is let go of first, as if the button came up:
            // it must not wait for a release that will go to another screen.
            if let Some(target) = self.router.take_capture() {
                let (x, y) = self.router.pointer().unwrap_or((0.0, 0.0));
                self.dispatch(&Message::Release { target, x, y }, 0.0, &mut String::new());
            }
            self.screen = screen;
            self.router.set_focus(self.states[screen.index()].focus_on_show());
            self.relayout = true;
            self.changed = true;
        }
    }

    /// Handles one event at frame time `now`; copy and paste go through `clipboard`.
    pub fn handle(&mut self, event: &UiEvent, now: f64, clipboard: &mut dyn Clipboard) {
        let before = (self.router.seen(), self.hud);
        let pointer = self.router.pointer();
        if matches!(event, UiEvent::ButtonDown { .. } | UiEvent::KeyDown { .. }) {
            self.hover.dismiss();
        }
        if self.preedit.is_some() && !self.popups.is_open() {
            match event {
                UiEvent::KeyDown { key: Key::Escape, .. } => {
                    self.cancel_preedit(now, clipboard);
                    return;
                }
                // A modifier alone (Shift for a capital jamo) is part of composing; anything else ends it.
                UiEvent::KeyDown { key: Key::Other(_), .. } => {}
                UiEvent::KeyDown { .. } | UiEvent::ButtonDown { .. } | UiEvent::FocusLost => {
                    self.commit_preedit(now, clipboard);
                }
                _ => {}
            }
        }
        if self.popups.is_open() {
            self.handle_popup(event, now, clipboard);
        } else {
            self.handle_screen(event, now, clipboard);
        }
        // A tooltip waits on what the pointer rests on, or on the part the keyboard brought the focus to.
        let keyed = matches!(event, UiEvent::KeyDown { .. }) && self.router.focus_visible();
        self.hover.follow(if keyed { self.router.focus_target() } else { self.router.hovered() }, now);
        self.changed |= (self.router.seen(), self.hud) != before;
        // The layout bounds name the box under the pointer: it moving is something to show.
        self.changed |= self.settings.bounds && self.router.pointer() != pointer;
    }

    /// An event for the screen: global keys, the screen's own keys, then the router and the screen's widgets.
    fn handle_screen(&mut self, event: &UiEvent, now: f64, clipboard: &mut dyn Clipboard) {
        if let UiEvent::KeyDown { key, mods, .. } = *event {
            if global_key(key, mods).is_some_and(|global| self.global(global, now)) {
                self.changed = true;
                return;
            }
            if self.ask_screen(now, clipboard, |state, input| state.key(key, mods, input)) {
                self.changed = true;
                self.sync_focus_part();
                return;
            }
            if (key, mods) == (Key::Escape, Mods::NONE) {
                self.escape(now, clipboard);
                return;
            }
        }
        let mut messages = Vec::new();
        self.router.route(event, &self.regions, &mut messages);
        for message in &messages {
            if let Message::Activate(Target { id: TABS, part }) = message {
                match ScreenId::at(usize::from(*part)) {
                    Some(screen) => self.show(screen),
                    // The strip's "»": every screen in a menu, the current one checked.
                    None => self.open_screens_menu(),
                }
                continue;
            }
            self.dispatch(message, now, clipboard);
        }
        self.sync_focus_part();
    }

    /// Escape with no composition and no popup open: the focused widget unwinds what it holds, else the focus
    /// goes, else the app quits (see the module docs).
    fn escape(&mut self, now: f64, clipboard: &mut dyn Clipboard) {
        let Some(id) = self.router.focus() else {
            self.quit = true;
            return;
        };
        let escape = Message::Key { id, key: Key::Escape, mods: Mods::NONE };
        if !self.ask_screen(now, clipboard, |state, input| state.handle(&escape, input)) {
            self.router.set_focus(None);
        }
        self.changed = true;
        self.sync_focus_part();
    }

    /// The router's focus follows the part the focused widget says the keyboard is on (an arrow moved it).
    fn sync_focus_part(&mut self) {
        if let Some(id) = self.router.focus()
            && let Some(part) = self.state().current_part(id)
        {
            self.router.set_focus_part(part);
        }
    }

    /// Hands `message` to the screen shown, and opens the popup it asks for.
    fn dispatch(&mut self, message: &Message, now: f64, clipboard: &mut dyn Clipboard) {
        let took = self.ask_screen(now, clipboard, |state, input| state.handle(message, input));
        self.changed |= took;
        match message {
            // A composition is open once a widget showed it (a read-only field takes none).
            Message::Preedit { id, text, .. } => {
                let open = self.preedit.as_ref().is_some_and(|(open, _)| open == id);
                self.preedit = (!text.is_empty() && (took || open)).then(|| (*id, text.clone()));
            }
            Message::Text { id, .. } if self.preedit.as_ref().is_some_and(|(open, _)| open == id) => {
                self.preedit = None;
            }
            _ => {}
        }
    }

    /// Types the open composition into its widget, as the input method would have (see the module docs).
    fn commit_preedit(&mut self, now: f64, clipboard: &mut dyn Clipboard) {
        if let Some((id, text)) = self.preedit.take() {
            self.dispatch(&Message::Text { id, text }, now, clipboard);
            self.ime_reset = true;
        }
    }

    /// Escape in a composition: it goes, the text stays as it was.
    fn cancel_preedit(&mut self, now: f64, clipboard: &mut dyn Clipboard) {
        if let Some((id, _)) = self.preedit.take() {
            self.dispatch(&Message::Preedit { id, text: String::new(), cursor: 0 }, now, clipboard);
            self.ime_reset = true;
            self.changed = true;
        }
    }

    /// The composition open, and the widget it belongs to.
    pub fn preedit(&self) -> Option<(WidgetId, &str)> {
        self.preedit.as_ref().map(|(id, text)| (*id, text.as_str()))
    }

    /// Where the focused text's caret stood in the last frame (window logical units), for the input method's
    /// candidate window; None when no text has the focus or a popup is open.
    pub fn caret_rect(&self) -> Option<Rect> {
        if self.popups.is_open() {
            return None;
        }
        self.state().caret_rect(self.router.focus())
    }

    /// Whether the app closed a composition since the last call (the input method must drop its own, or it would
    /// type it again); forgets it.
    pub fn take_ime_reset(&mut self) -> bool {
        std::mem::take(&mut self.ime_reset)
    }

    /// Gives the screen shown `what` to do with its input (the regions, the settings, the clipboard), then opens
    /// the popup it asked for; returns whether it took the event.
    fn ask_screen(
        &mut self,
        now: f64,
        clipboard: &mut dyn Clipboard,
        what: impl FnOnce(&mut dyn AnyState, &mut Input<'_>) -> bool,
    ) -> bool {
        let state = &mut self.states[self.screen.index()];
        let (mut popup, mut focus_to) = (None, None);
        let mut input = Input {
            regions: &self.regions,
            now,
            settings: &mut self.settings,
            clipboard: &mut *clipboard,
            popup: &mut popup,
            focus: self.router.focus(),
            mirrored: self.mirrored,
            focus_to: &mut focus_to,
        };
        let took = what(state.as_mut(), &mut input);
        if let Some(to) = focus_to {
            self.router.set_focus(to);
        }
        if let Some(request) = popup {
            self.open_popup(request);
        }
        took
    }

    /// An event while a popup is open (see the module docs).
    fn handle_popup(&mut self, event: &UiEvent, now: f64, clipboard: &mut dyn Clipboard) {
        let regions = self.popups.regions();
        match *event {
            UiEvent::KeyDown { key, mods, .. } => {
                if let Some(outcome) = self.popups.key(key, mods) {
                    self.popup_outcome(outcome, now, clipboard);
                    return;
                }
                if let Some(global) = global_key(key, mods) {
                    // A dialog waits for its answer on its screen: a screen switch is refused, any other global
                    // key acts with the dialog still open (placed anew if the UI was mirrored).
                    if self.popups.open().is_some_and(|p| matches!(p.kind, Kind::Modal { .. })) {
                        if !matches!(global, Global::Show(_) | Global::Step(_)) {
                            self.changed |= self.global(global, now);
                            self.popups.set_mirrored(self.mirrored);
                        }
                        return;
                    }
                    self.close_popup();
                    self.changed |= self.global(global, now);
                    return;
                }
                // A dialog's Tab, Return and Space go to its buttons; any other key, and any key a menu does not
                // take (Tab too: a menu's items are no Tab stops), is swallowed.
                if self.popups.open().is_some_and(|p| matches!(p.kind, Kind::Menu { .. })) {
                    return;
                }
                let mut messages = Vec::new();
                self.router.route(event, &regions, &mut messages);
                self.popup_messages(&messages, now, clipboard);
            }
            UiEvent::ButtonDown { x, y, .. } if !self.popups.contains(x, y) => {
                if self.popups.open().is_some_and(|p| matches!(p.kind, Kind::Menu { .. })) {
                    self.close_popup();
                }
            }
            // A press on the popup's own surface or on a disabled item does nothing (it must not drop the focus).
            UiEvent::ButtonDown { x, y, .. } if Router::hit(&regions, x, y).is_none_or(|r| !r.enabled) => {}
            UiEvent::Text(_) | UiEvent::Preedit { .. } => {}
            _ => {
                let mut messages = Vec::new();
                self.router.route(event, &regions, &mut messages);
                if self.popups.hover(self.router.hovered()) {
                    self.changed = true;
                }
                self.popup_messages(&messages, now, clipboard);
            }
        }
    }

    /// What the router sent for the popup's regions.
    fn popup_messages(&mut self, messages: &[Message], now: f64, clipboard: &mut dyn Clipboard) {
        for message in messages {
            if let Some(outcome) = self.popups.message(message) {
                self.popup_outcome(outcome, now, clipboard);
            }
        }
    }

    /// Acts on what the popup did: closes it, and hands a pick to the screen.
    fn popup_outcome(&mut self, outcome: Outcome, now: f64, clipboard: &mut dyn Clipboard) {
        self.changed = true;
        match outcome {
            Outcome::Kept => {}
            Outcome::Closed => self.close_popup(),
            Outcome::Picked { id: TABS, item } => {
                self.close_popup();
                if let Some(screen) = ScreenId::at(item) {
                    self.show(screen);
                }
            }
            Outcome::Picked { id, item } => {
                self.close_popup();
                self.dispatch(&Message::Pick { id, item }, now, clipboard);
            }
            // The bar moves to the title beside and opens its menu, as Down on a title does.
            Outcome::Beside { id, key } => {
                self.close_popup();
                for key in [key, Key::Down] {
                    self.dispatch(&Message::Key { id, key, mods: Mods::NONE }, now, clipboard);
                }
                self.sync_focus_part();
            }
        }
    }

    /// Opens the menu of every screen under the tab strip's "»".
    fn open_screens_menu(&mut self) {
        let n = ScreenId::all().len();
        let Some(anchor) = self.regions.iter().find(|r| r.target == Target { id: TABS, part: n as u8 }).map(|r| r.rect)
        else {
            return;
        };
        let items = ScreenId::all().map(|s| Item { checked: s == self.screen, ..Item::new(s.title()) }).collect();
        let highlighted = self.screen.index();
        self.open_popup(Request::Menu { owner: TABS, anchor, items, highlighted, min_width: 160.0, bar: false });
    }

    /// Opens what the screen asked for: the router hits the popup's regions from now on.
    fn open_popup(&mut self, request: Request) {
        self.popups.set_mirrored(self.mirrored);
        let focus = self.popups.show(request, self.router.focus());
        self.router.relayout(&self.popups.regions());
        self.router.set_focus(focus);
        self.changed = true;
    }

    /// Closes the popup open, if any: the router hits the screen's regions again and the focus goes back.
    fn close_popup(&mut self) {
        if let Some(popup) = self.popups.close() {
            self.router.relayout(&self.regions);
            self.router.set_focus(popup.return_focus);
            self.changed = true;
        }
    }

    /// Does what a global key asks; true when it was done.
    fn global(&mut self, key: Global, now: f64) -> bool {
        match key {
            Global::Hud => self.hud = !self.hud,
            Global::Flame => self.flame = (!self.flame.0, 0),
            Global::FlameStep => self.flame = (true, (self.flame.1 + 1) % (crate::flame::SLOWEST + 1)),
            Global::Inspector => self.settings.inspector = !self.settings.inspector,
            Global::Flashing => self.settings.flashing = !self.settings.flashing,
            Global::NextSubject => {
                let next = (self.settings.inspect.index() + 1) % Inspect::ALL.len();
                self.settings.inspect = Inspect::at(next);
                self.settings.inspector = true;
            }
            Global::Bounds => self.settings.bounds = !self.settings.bounds,
            Global::Show(index) => match ScreenId::at(index) {
                Some(screen) => self.show(screen),
                None => return false,
            },
            Global::Step(by) => self.show(self.screen.step(by)),
            Global::Theme => self.settings.theme.toggle(now),
            Global::Density => {
                self.settings.density = self.settings.density.toggled();
                self.relayout = true;
            }
            Global::ZoomIn => self.settings.zoom = self.settings.zoom.step_in(),
            Global::ZoomOut => self.settings.zoom = self.settings.zoom.step_out(),
            Global::ZoomReset => self.settings.zoom = Zoom::NONE,
            Global::Mirror => {
                self.mirrored = !self.mirrored;
                self.relayout = true;
            }
        }
        true
    }

    /// A screen's source changed (a document's file was saved or broken): each state rebuilds from it where it
    /// is newer, keeping what matches; a focus on a widget that is gone is dropped. The next frame is painted
    /// either way, since a banner may have come or gone.
    pub fn reload(&mut self) {
        for i in 0..self.states.len() {
            let Some(lost) = self.states[i].reload() else { continue };
            if i != self.screen.index() {
                continue;
            }
            // A popup belongs to a widget of the old page, and its place to the old layout.
            self.close_popup();
            // A composition in a widget that is gone has nowhere to go; the input method is told to drop it.
            if self.preedit.as_ref().is_some_and(|(id, _)| lost.contains(id)) {
                self.preedit = None;
                self.ime_reset = true;
            }
            if self.router.focus().is_some_and(|id| lost.contains(&id)) {
                self.router.set_focus(None);
            }
            self.relayout = true;
        }
        self.changed = true;
    }

    /// Whether anything changed since the last call, and forgets it.
    pub fn take_changed(&mut self) -> bool {
        std::mem::take(&mut self.changed)
    }

    /// Whether something moves without input (the theme fading, the screen's own animation): the next frame must
    /// be painted.
    pub fn animating(&self, now: f64) -> bool {
        self.settings.theme.animating(now) || self.state().animating(now)
    }

    /// Whether the caret's blink shows something new at `now`: it turned on or off since the last frame painted,
    /// or a caret appeared or went. Remembers what the next frame will show.
    pub fn blink_changed(&mut self, now: f64) -> bool {
        let shown = self.state().caret_on(self.router.focus(), now);
        std::mem::replace(&mut self.caret_shown, shown) != shown
    }

    /// When the caret next turns on or off (None when no caret shows).
    pub fn next_blink(&self, now: f64) -> Option<f64> {
        self.caret_shown.and_then(|_| self.state().next_blink(now))
    }

    /// The cursor the pointer should show.
    pub fn cursor(&self) -> Cursor {
        if self.popups.is_open() {
            return self.router.cursor(&self.popups.regions());
        }
        self.router.cursor(&self.regions)
    }

    /// Every interactive widget's state by id, and `focus`, as the report prints them.
    pub fn widgets(&self) -> Value {
        let mut widgets = Map::new();
        for state in &self.states {
            state.report(&self.regions, &self.settings, &mut widgets);
        }
        widgets.insert("mirrored".to_owned(), json!(self.mirrored));
        let inspector = json!({ "on": self.settings.inspector, "shows": self.settings.inspect.label() });
        widgets.insert("inspector".to_owned(), inspector);
        let overlay = json!({
            "mode": self.settings.overlay().label(),
            "flashing": self.settings.flashing,
            "inspector": self.settings.inspector,
            "bounds": self.settings.bounds,
        });
        widgets.insert("overlay".to_owned(), overlay);
        widgets.insert("zoom".to_owned(), json!(self.settings.zoom.factor()));
        widgets.insert("density".to_owned(), json!(self.settings.density.as_str()));
        widgets.insert("popup".to_owned(), self.report_popup());
        let tip = self.hover.shown().and_then(|t| self.state().tooltip(t).map(|text| (t, text)));
        let tooltip = match tip {
            Some((t, text)) => json!({ "shown": text, "for": format!("{}#{}", t.id, t.part) }),
            None => json!({ "shown": null }),
        };
        widgets.insert("tooltip".to_owned(), tooltip);
        widgets.insert("focus".to_owned(), json!(self.router.focus()));
        widgets.insert("hover".to_owned(), json!(self.router.hovered().map(|t| format!("{}#{}", t.id, t.part))));
        // Where each widget of the screen shown lies (the tabs and the disabled button too), so a script can aim at
        // it; a widget of several parts lists each part's box.
        let popup_regions = self.popups.regions();
        for (id, rect, parts) in boxes(&[self.regions.as_slice(), &popup_regions].concat()) {
            let object = widgets.entry(id).or_insert_with(|| json!({}));
            if let Some(object) = object.as_object_mut() {
                object.insert("rect".to_owned(), json!([rect.x, rect.y, rect.w, rect.h]));
                if parts.len() > 1 {
                    let parts: Vec<Value> = parts.iter().map(|r| json!([r.x, r.y, r.w, r.h])).collect();
                    object.insert("parts".to_owned(), Value::Array(parts));
                }
            }
        }
        // The focused text's caret as the last frame drew it, so a script can check it stands inside its box.
        if let (Some(id), Some(caret)) = (self.router.focus(), self.caret_rect())
            && let Some(object) = widgets.get_mut(id).and_then(Value::as_object_mut)
        {
            object.insert("caret_box".to_owned(), json!([caret.x, caret.y, caret.w, caret.h]));
        }
        Value::Object(widgets)
    }

    /// The widget with the keyboard focus.
    pub fn focus(&self) -> Option<WidgetId> {
        self.router.focus()
    }

    /// Whether the keyboard focus is in a password field: what is typed now must not be written down (a recording
    /// writes it as dots).
    pub fn focus_is_secret(&self) -> bool {
        let focused = self.focus().and_then(|id| self.state().widget(id));
        focused.is_some_and(|w| w.access().role == crate::widgets::Role::PasswordInput)
    }

    /// The report's `popup`: which widget's popup is open, what kind, and a menu's items and highlight.
    fn report_popup(&self) -> Value {
        let Some(popup) = self.popups.open() else { return json!({ "open": null }) };
        let r = popup.rect;
        let rect = json!([r.x, r.y, r.w, r.h]);
        match &popup.kind {
            Kind::Menu { items, highlighted, .. } => json!({
                "open": popup.owner,
                "kind": "menu",
                "highlighted": highlighted,
                "items": items.iter().map(|i| i.label).collect::<Vec<_>>(),
                "enabled": items.iter().map(|i| i.enabled).collect::<Vec<_>>(),
                "rect": rect,
            }),
            Kind::Modal { title, .. } => json!({ "open": popup.owner, "kind": "modal", "title": title, "rect": rect }),
        }
    }
}

/// A key that works on every screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Global {
    Hud,
    /// F5: the flame strip.
    Flame,
    /// Shift+F5: the flame on the next of the slowest frames (then the last again).
    FlameStep,
    Inspector,
    Flashing,
    /// Shift+F3: the inspector on, showing its next subject.
    NextSubject,
    Bounds,
    /// Ctrl+digit: the screen at that place in tab order.
    Show(usize),
    /// Ctrl+Tab, Ctrl+Shift+Tab.
    Step(isize),
    Theme,
    /// Ctrl+D: regular or compact controls.
    Density,
    Mirror,
    /// Ctrl+Plus (Ctrl+= on a keyboard whose plus is shifted), Ctrl+Minus, Ctrl+0.
    ZoomIn,
    ZoomOut,
    ZoomReset,
}

/// Which global key `key` with `mods` is, if any.
fn global_key(key: Key, mods: Mods) -> Option<Global> {
    Some(match (key, mods) {
        (Key::F(1), Mods::NONE) => Global::Hud,
        (Key::F(2), Mods::NONE) => Global::Flashing,
        (Key::F(3), Mods::NONE) => Global::Inspector,
        (Key::F(3), Mods::SHIFT) => Global::NextSubject,
        (Key::F(4), Mods::NONE) => Global::Bounds,
        (Key::F(5), Mods::NONE) => Global::Flame,
        (Key::F(5), Mods::SHIFT) => Global::FlameStep,
        (Key::Char(c @ '1'..='9'), Mods::CTRL) => Global::Show(c as usize - '1' as usize),
        (Key::Tab, Mods { ctrl: true, alt: false, gui: false, shift }) => Global::Step(if shift { -1 } else { 1 }),
        (Key::Char('t'), Mods::CTRL) => Global::Theme,
        (Key::Char('d'), Mods::CTRL) => Global::Density,
        (Key::Char('r'), Mods::CTRL) => Global::Mirror,
        (Key::Char('=' | '+'), Mods { ctrl: true, alt: false, gui: false, .. }) => Global::ZoomIn,
        (Key::Char('-'), Mods::CTRL) => Global::ZoomOut,
        (Key::Char('0'), Mods::CTRL) => Global::ZoomReset,
        _ => return None,
    })
}

/// The box of each interactive widget, by id: the union of its regions, and each region's box in part order (a
/// radio group's options, the tabs).
fn boxes(regions: &[Region]) -> Vec<(WidgetId, Rect, Vec<Rect>)> {
    let mut boxes: Vec<(WidgetId, Rect, Vec<Rect>)> = Vec::new();
    // A row's label is a region of its widget (a click on it focuses the widget), but not part of its box.
    for region in regions.iter().filter(|r| r.target.part != crate::widgets::LABEL_PART) {
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

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
