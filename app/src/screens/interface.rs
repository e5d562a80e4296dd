//! What every screen offers: a pure state the session keeps ([`ScreenState`]: keys, messages, animation, the
//! report, no natives), and a natives-backed part the frame calls ([`Screen`]: it lays its page out in the body,
//! in a call the stage times as the HUD's layout row, then records it). The session and the frame see each screen through [`AnyState`] and [`AnyScreen`], so neither
//! names a screen.

use std::any::Any;
use std::fmt::Debug;

use goldberry_natives::yoga::Direction;
use goldberry_natives::{Goldberry, NativeError};
use serde_json::{Map, Value};

use crate::clock::FrameInput;
use crate::display_list::DisplayList;
use crate::fonts::FontBook;
use crate::geom::Rect;
use crate::popup::Request;
use crate::scene::LaidScene;
use crate::scene::layout::{LaidBox, LayoutError};
use crate::scene::shaping::Timed;
use crate::ui::input::{Clipboard, Key, Mods};
use crate::ui::router::{Message, Region, Router, Target, WidgetId};
use crate::ui::settings::Settings;
use crate::ui::theme::Palette;
use crate::widgets::{Node, Widget};

/// What a screen's input may read and change besides its own state.
pub struct Input<'a> {
    /// The regions of the last layout (the tabs', then the screen's).
    pub regions: &'a [Region],
    /// The frame time, s.
    pub now: f64,
    /// What every screen follows: the theme, the cards' shadows, the inspector (the controls screen sets them).
    pub settings: &'a mut Settings,
    /// Copy and paste.
    pub clipboard: &'a mut dyn Clipboard,
    /// A popup the screen asks to open (a dropdown's list, a context menu, a dialog): the session opens it after
    /// the message and tells the screen what is picked ([`Message::Pick`]).
    pub popup: &'a mut Option<Request>,
    /// The widget with the keyboard focus.
    pub focus: Option<WidgetId>,
    /// The UI runs right to left: the arrows that go on within a group run toward the left.
    pub mirrored: bool,
    /// Where the screen moves the focus (F10 focuses a menubar; Some(None): nobody, as leaving the bar for where
    /// the focus came from can be): the session moves it after the message.
    pub focus_to: &'a mut Option<Option<WidgetId>>,
}

/// A wheel turn that scrolls a widget into view: the pointer stands at `at` (logical units) over what scrolls, and
/// the wheel turns `dy` (SDL's precise amount, > 0 up).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reveal {
    /// Where the pointer stands for the turn.
    pub at: (f32, f32),
    /// How far the wheel turns.
    pub dy: f32,
}

/// The pure part of a screen: what a person did to it. It knows no natives, so a test drives it with messages.
pub trait ScreenState: Clone + Default + Debug + Send + Sync + 'static {
    /// What the screen's layout hands back for its input (a text's lines, a slider's track), besides regions.
    type Laid: Debug + Send + 'static;

    /// A key for the screen (before the router routes it to the focused widget); true when it was one.
    fn key(&mut self, key: Key, mods: Mods, input: &mut Input<'_>) -> bool {
        let _ = (key, mods, input);
        false
    }

    /// A message from the router; true when something a person sees changed.
    fn handle(&mut self, message: &Message, input: &mut Input<'_>) -> bool;

    /// Whether the screen moves at `now` without input (the next frame must be painted).
    fn animating(&self, now: f64) -> bool {
        let _ = now;
        false
    }

    /// When something drawn next changes without input, while nothing moves until then (a fade that waits to
    /// start): the loop sleeps until then instead of painting frames that change no pixel.
    fn wake_at(&self, now: f64) -> Option<f64> {
        let _ = now;
        None
    }

    /// The widget focused when the screen is shown.
    fn focus_on_show(&self) -> Option<WidgetId> {
        None
    }

    /// Whether a caret shows at `now` with `focus` (None: no caret on this screen or not focused).
    fn caret_on(&self, focus: Option<WidgetId>, now: f64) -> Option<bool> {
        let _ = (focus, now);
        None
    }

    /// When a shown caret next turns on or off after `now`.
    fn next_blink(&self, now: f64) -> Option<f64> {
        let _ = now;
        None
    }

    /// Where the caret of text widget `focus` stood in the last frame (window logical units): an input method
    /// puts its candidate window beside it. None when `focus` is no text of this screen.
    fn caret_rect(&self, focus: Option<WidgetId>) -> Option<Rect> {
        let _ = focus;
        None
    }

    /// The source the state was built from changed (a document's file was saved): rebuilds from it, keeping
    /// what matches. Returns None when nothing changed, else the ids of widgets that are gone.
    fn reload(&mut self) -> Option<Vec<WidgetId>> {
        None
    }

    /// Takes what the last frame's layout placed.
    fn laid_out(&mut self, laid: Self::Laid) {
        let _ = laid;
    }

    /// What the tooltip of `target` says, shown once the pointer has rested on it (None: it has none).
    fn tooltip(&self, target: Target) -> Option<&'static str> {
        let _ = target;
        None
    }

    /// The part of widget `id` the keyboard is on, for a widget of several parts (None: the part the router holds
    /// stands): Space and Return act on it.
    fn current_part(&self, id: WidgetId) -> Option<u8> {
        let _ = id;
        None
    }

    /// Widget `id` of the screen, to read what it holds (a script's `set` asks a copy what it can reach); None on a
    /// screen whose widgets are not the kit's.
    fn widget(&self, id: WidgetId) -> Option<&dyn Widget> {
        let _ = id;
        None
    }

    /// How widget `id`, out of view, is scrolled into it: the wheel turn and where the pointer stands for the page
    /// to take it (a script's named click turns it); None on a screen that does not say.
    fn reveal(&self, id: WidgetId) -> Option<Reveal> {
        let _ = id;
        None
    }

    /// Adds the screen's widgets to the report, by id (`regions`: the last layout's, of whichever screen is shown).
    fn report(&self, regions: &[Region], settings: &Settings, into: &mut Map<String, Value>);

    /// The screen's widgets as assistive technology sees them, in Tab order where they take the focus (`regions`:
    /// the last layout's, which give their bounds).
    fn access(&self, regions: &[Region], settings: &Settings, into: &mut Vec<Node>);
}

/// What a screen lays its page out with: the frame, the body and what decides where its boxes go.
pub struct Room<'a> {
    /// The frame: index, time, size.
    pub frame: &'a FrameInput,
    /// Every font.
    pub fonts: &'a FontBook,
    /// Shapes text and counts the time it takes (the HUD's shape row, not its layout row).
    pub text: &'a Timed<'a>,
    /// The frame's layout: the bars and the body, in the scene's styles.
    pub scene: &'a LaidScene,
    /// The body's box, between the bars.
    pub body: Rect,
    /// Which way the UI runs (Ctrl+R mirrors it).
    pub direction: Direction,
    /// Hover, press and focus (a focus below the fold scrolls the page).
    pub router: &'a Router,
    /// What every screen follows (the density among them).
    pub settings: Settings,
    /// The body, the direction, the density or the screen is new since the last frame: lay out anew.
    pub fresh: bool,
}

impl Room<'_> {
    /// Whether the UI runs right to left.
    pub fn mirrored(&self) -> bool {
        self.direction == Direction::Rtl
    }

    /// The frame time, s.
    pub fn now(&self) -> f64 {
        self.frame.time_s
    }
}

/// What a screen records its page with: the frame, the body it owns and what it is drawn from.
pub struct Page<'a> {
    /// The frame: index, time, size.
    pub frame: &'a FrameInput,
    /// Every font.
    pub fonts: &'a FontBook,
    /// Shapes text and counts the time it takes (the HUD's shape row).
    pub text: &'a Timed<'a>,
    /// The frame's layout: the bars and the body, in the scene's styles.
    pub scene: &'a LaidScene,
    /// The list the page is recorded into, clipped to the body.
    pub list: &'a mut DisplayList,
    /// The body's box, between the bars.
    pub body: Rect,
    /// Which way the UI runs (Ctrl+R mirrors it).
    pub direction: Direction,
    /// Hover, press and focus.
    pub router: &'a Router,
    /// The colours at this frame (mid-fade during a theme change).
    pub palette: Palette,
    /// What every screen follows (the theme the colours are going to, the cards' shadows, the inspector).
    pub settings: Settings,
    /// The body, the direction, the density or the screen is new since the last frame (the regions are new).
    pub fresh: bool,
}

impl Page<'_> {
    /// Whether the UI runs right to left.
    pub fn mirrored(&self) -> bool {
        self.direction == Direction::Rtl
    }

    /// The frame time, s.
    pub fn now(&self) -> f64 {
        self.frame.time_s
    }
}

/// What a page's recording left besides its ops.
#[derive(Debug, Default)]
pub struct Recorded<L> {
    /// The page's regions, when it laid out anew (otherwise last frame's still hold).
    pub regions: Option<Vec<Region>>,
    /// What the state takes for its next input.
    pub laid: Option<L>,
}

/// The natives-backed part of a screen: its Yoga tree, its layout and its recorder.
pub trait Screen: Debug + Send + Sized + 'static {
    /// The state the session keeps for it.
    type State: ScreenState;

    /// The name `--screen` takes and the report prints.
    const NAME: &'static str;
    /// The tab's label.
    const TITLE: &'static str;
    /// The screen is the dashboard: the title bar's status line runs (frame, time, size).
    const DASHBOARD: bool = false;

    /// Builds the screen's tree.
    fn new(g: &'static Goldberry, fonts: &FontBook) -> Result<Self, NativeError>;

    /// Forgets the layout: the next frame lays the page out anew.
    fn forget(&mut self);

    /// Lays its layout out on two threads when `threads` is more than one (the overview's cards); most have one.
    fn set_threads(&mut self, threads: usize) {
        let _ = threads;
    }

    /// What the page paints opaquely in the body as last laid out: the background is cut around it.
    fn covered(&self) -> Vec<Rect> {
        Vec::new()
    }

    /// What the status bar's first item says on this screen (None: the screen's title and the keys that leave it).
    fn status(&self) -> Option<String> {
        None
    }

    /// Lays the page out in `room.body` when it must (a fresh body, a state that moves its boxes): the stage times
    /// this call as the HUD's layout row.
    fn lay_out(&mut self, room: &Room<'_>, state: &Self::State) -> Result<(), LayoutError> {
        let _ = (room, state);
        Ok(())
    }

    /// Records the page as `state` shows it, from the last [`Screen::lay_out`].
    fn record(
        &mut self,
        page: &mut Page<'_>,
        state: &Self::State,
    ) -> Result<Recorded<<Self::State as ScreenState>::Laid>, NativeError>;

    /// Every box of the page's last layout in `body`, in window pixels (the layout-bounds overlay, F4); none
    /// before one.
    fn outline(&self, body: Rect, into: &mut Vec<LaidBox>) {
        let _ = (body, into);
    }
}

/// A screen's state behind a pointer: what the session holds.
pub trait AnyState: Debug + Send + Sync {
    /// See [`ScreenState::key`].
    fn key(&mut self, key: Key, mods: Mods, input: &mut Input<'_>) -> bool;
    /// See [`ScreenState::handle`].
    fn handle(&mut self, message: &Message, input: &mut Input<'_>) -> bool;
    /// See [`ScreenState::animating`].
    fn animating(&self, now: f64) -> bool;
    /// See [`ScreenState::wake_at`].
    fn wake_at(&self, now: f64) -> Option<f64>;
    /// See [`ScreenState::focus_on_show`].
    fn focus_on_show(&self) -> Option<WidgetId>;
    /// See [`ScreenState::caret_on`].
    fn caret_on(&self, focus: Option<WidgetId>, now: f64) -> Option<bool>;
    /// See [`ScreenState::next_blink`].
    fn next_blink(&self, now: f64) -> Option<f64>;
    /// See [`ScreenState::caret_rect`].
    fn caret_rect(&self, focus: Option<WidgetId>) -> Option<Rect>;
    /// See [`ScreenState::tooltip`].
    fn tooltip(&self, target: Target) -> Option<&'static str>;
    /// Takes a frame's [`ScreenState::Laid`]; one of another screen is dropped.
    fn laid_out(&mut self, laid: Box<dyn Any + Send>);
    /// [`ScreenState::reload`].
    fn reload(&mut self) -> Option<Vec<WidgetId>>;
    /// See [`ScreenState::current_part`].
    fn current_part(&self, id: WidgetId) -> Option<u8>;
    /// See [`ScreenState::widget`].
    fn widget(&self, id: WidgetId) -> Option<&dyn Widget>;
    /// See [`ScreenState::reveal`].
    fn reveal(&self, id: WidgetId) -> Option<Reveal>;
    /// See [`ScreenState::report`].
    fn report(&self, regions: &[Region], settings: &Settings, into: &mut Map<String, Value>);
    /// See [`ScreenState::access`].
    fn access(&self, regions: &[Region], settings: &Settings, into: &mut Vec<Node>);
    /// A copy (the session is `Clone`).
    fn clone_box(&self) -> Box<dyn AnyState>;
    /// The state itself, for its screen's recorder.
    fn as_any(&self) -> &dyn Any;
    /// The state itself, to change (tests and benches reach a screen's values through it).
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<S: ScreenState> AnyState for S {
    fn key(&mut self, key: Key, mods: Mods, input: &mut Input<'_>) -> bool {
        ScreenState::key(self, key, mods, input)
    }

    fn handle(&mut self, message: &Message, input: &mut Input<'_>) -> bool {
        ScreenState::handle(self, message, input)
    }

    fn animating(&self, now: f64) -> bool {
        ScreenState::animating(self, now)
    }

    fn wake_at(&self, now: f64) -> Option<f64> {
        ScreenState::wake_at(self, now)
    }

    fn focus_on_show(&self) -> Option<WidgetId> {
        ScreenState::focus_on_show(self)
    }

    fn caret_on(&self, focus: Option<WidgetId>, now: f64) -> Option<bool> {
        ScreenState::caret_on(self, focus, now)
    }

    fn next_blink(&self, now: f64) -> Option<f64> {
        ScreenState::next_blink(self, now)
    }

    fn caret_rect(&self, focus: Option<WidgetId>) -> Option<Rect> {
        ScreenState::caret_rect(self, focus)
    }

    fn tooltip(&self, target: Target) -> Option<&'static str> {
        ScreenState::tooltip(self, target)
    }

    fn reload(&mut self) -> Option<Vec<WidgetId>> {
        ScreenState::reload(self)
    }

    fn current_part(&self, id: WidgetId) -> Option<u8> {
        ScreenState::current_part(self, id)
    }

    fn widget(&self, id: WidgetId) -> Option<&dyn Widget> {
        ScreenState::widget(self, id)
    }

    fn reveal(&self, id: WidgetId) -> Option<Reveal> {
        ScreenState::reveal(self, id)
    }

    fn laid_out(&mut self, laid: Box<dyn Any + Send>) {
        if let Ok(laid) = laid.downcast::<S::Laid>() {
            ScreenState::laid_out(self, *laid);
        }
    }

    fn report(&self, regions: &[Region], settings: &Settings, into: &mut Map<String, Value>) {
        ScreenState::report(self, regions, settings, into);
    }

    fn access(&self, regions: &[Region], settings: &Settings, into: &mut Vec<Node>) {
        ScreenState::access(self, regions, settings, into);
    }

    fn clone_box(&self) -> Box<dyn AnyState> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl Clone for Box<dyn AnyState> {
    fn clone(&self) -> Box<dyn AnyState> {
        self.clone_box()
    }
}

/// What a page's recording left, its layout's result behind a pointer.
pub type AnyRecorded = Recorded<Box<dyn Any + Send>>;

/// A screen could not be built, laid out or recorded.
#[derive(Debug, thiserror::Error)]
pub enum ScreenError {
    /// Yoga (or another native) refused the screen's tree or its layout.
    #[error("the {screen} screen: {source}")]
    Native {
        /// Which screen.
        screen: &'static str,
        /// What the native said.
        source: NativeError,
    },
    /// The frame handed a screen another screen's state: the list and the session disagree.
    #[error("the {0} screen was handed another screen's state")]
    WrongState(&'static str),
    /// The frame's layout or the chrome failed.
    #[error(transparent)]
    Scene(#[from] crate::scene::SceneError),
    /// A screen's layout failed.
    #[error("laying the {screen} screen out: {source}")]
    Layout {
        /// Which screen.
        screen: &'static str,
        /// What went wrong.
        source: LayoutError,
    },
}

/// A screen behind a pointer: what the frame holds.
pub trait AnyScreen: Debug + Send {
    /// See [`Screen::forget`].
    fn forget(&mut self);
    /// See [`Screen::set_threads`].
    fn set_threads(&mut self, threads: usize);
    /// See [`Screen::covered`].
    fn covered(&self) -> Vec<Rect>;
    /// See [`Screen::status`].
    fn status(&self) -> Option<String>;
    /// See [`Screen::lay_out`]; `state` must be this screen's (another's is an error).
    fn lay_out(&mut self, room: &Room<'_>, state: &dyn AnyState) -> Result<(), ScreenError>;
    /// See [`Screen::record`]; `state` must be this screen's (another's is an error).
    fn record(&mut self, page: &mut Page<'_>, state: &dyn AnyState) -> Result<AnyRecorded, ScreenError>;
    /// See [`Screen::outline`].
    fn outline(&self, body: Rect, into: &mut Vec<LaidBox>);
    /// The screen itself (tests and benches read a screen's last layout through it).
    fn as_any(&self) -> &dyn Any;
}

/// Builds screen `S` behind a pointer (an entry of the list).
pub fn build<S: Screen>(g: &'static Goldberry, fonts: &FontBook) -> Result<Box<dyn AnyScreen>, ScreenError> {
    match S::new(g, fonts) {
        Ok(screen) => Ok(Box::new(screen)),
        Err(source) => Err(ScreenError::Native { screen: S::NAME, source }),
    }
}

/// A fresh state of screen `S` behind a pointer (an entry of the list).
pub fn fresh_state<S: Screen>() -> Box<dyn AnyState> {
    Box::new(S::State::default())
}

impl<S: Screen> AnyScreen for S {
    fn forget(&mut self) {
        Screen::forget(self);
    }

    fn set_threads(&mut self, threads: usize) {
        Screen::set_threads(self, threads);
    }

    fn covered(&self) -> Vec<Rect> {
        Screen::covered(self)
    }

    fn status(&self) -> Option<String> {
        Screen::status(self)
    }

    fn lay_out(&mut self, room: &Room<'_>, state: &dyn AnyState) -> Result<(), ScreenError> {
        let state = state.as_any().downcast_ref::<S::State>().ok_or(ScreenError::WrongState(S::NAME))?;
        Screen::lay_out(self, room, state).map_err(|source| ScreenError::Layout { screen: S::NAME, source })
    }

    fn record(&mut self, page: &mut Page<'_>, state: &dyn AnyState) -> Result<AnyRecorded, ScreenError> {
        let state = state.as_any().downcast_ref::<S::State>().ok_or(ScreenError::WrongState(S::NAME))?;
        let recorded =
            Screen::record(self, page, state).map_err(|source| ScreenError::Native { screen: S::NAME, source })?;
        Ok(Recorded {
            regions: recorded.regions,
            laid: recorded.laid.map(|laid| Box::new(laid) as Box<dyn Any + Send>),
        })
    }

    fn outline(&self, body: Rect, into: &mut Vec<LaidBox>) {
        Screen::outline(self, body, into);
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
