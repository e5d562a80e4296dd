//! The widget kit: each widget type is one module that owns its state changes, its keys, its pointer handling
//! (press, capture, drag), its hit regions, its drawing through the scene's pens, its tooltip, its report entry
//! and its accessible role, name and value. A screen composes widgets ([`crate::screens::kit`]); no widget's
//! behaviour is written anywhere else.
//!
//! A widget is pure state: it knows no natives. Where it lies comes from the last layout, handed to it with each
//! message ([`Cx::rect`]) and each drawing ([`Pen`]), so the same box a person sees is the one its pointer maths
//! reads. Parts of a widget (a radio group's options, a spinner's buttons) are regions of their own, numbered from
//! 0; [`LABEL_PART`] is the label a page writes beside a widget, whose click focuses it.

pub mod access;
pub mod area;
pub mod badge;
pub mod blink;
pub mod breadcrumb;
pub mod button;
pub mod card;
pub mod carousel;
pub mod checkbox;
pub mod chips;
pub mod choice;
pub mod disclosure;
pub mod doc_tabs;
pub mod dropdown;
pub mod edit_keys;
pub mod editor;
pub mod fader;
pub mod field;
pub mod held;
pub mod knob;
pub mod menubar;
pub mod node;
pub mod note;
pub mod pager;
pub mod paragraph;
pub mod pen;
pub mod progress;
pub mod radio;
pub mod rating;
pub mod rule;
pub mod segmented;
pub mod skeleton;
pub mod slider;
pub mod spinner;
pub mod split;
pub mod stat;
pub mod stepper;
pub mod toggle;
pub mod tree;
pub mod value;

use std::fmt::Debug;

use serde_json::Value;

pub use self::access::{Access, Placed, Role, Span};
pub use self::held::{Reached, Refused, Value as Held};
pub use self::node::{Node, bounds, tree_json};
pub use self::pen::{Density, Measure, Pen};
use crate::geom::Rect;
use crate::popup::Request;
use crate::ui::input::Clipboard;
use crate::ui::router::{Cursor, Message, Region, Target, WidgetId};

/// The part number of the label a page writes beside a widget: a click on it focuses the widget (and toggles a
/// checkbox, a switch or a radio option, as a form's labels do).
pub const LABEL_PART: u8 = 254;

/// How wide a widget wants to be.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Extent {
    /// This many logical pixels.
    Fixed(f32),
    /// As wide as its row allows, but at least this.
    Fill(f32),
}

/// The size a widget asks its row for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Size {
    /// Its width.
    pub w: Extent,
    /// Its height, logical pixels.
    pub h: f32,
}

impl Size {
    /// A fixed box.
    pub const fn fixed(w: f32, h: f32) -> Size {
        Size { w: Extent::Fixed(w), h }
    }

    /// As wide as the row, at least `min`.
    pub const fn fill(min: f32, h: f32) -> Size {
        Size { w: Extent::Fill(min), h }
    }
}

/// What a message may reach besides the widget.
pub struct Cx<'a> {
    /// The widget's box in window pixels, as the last frame drew it.
    pub rect: Rect,
    /// The frame time, s.
    pub now: f64,
    /// The UI runs right to left: "forward" keys and drags run toward the left.
    pub mirrored: bool,
    /// Copy and paste.
    pub clipboard: &'a mut dyn Clipboard,
    /// A popup the widget asks for (a dropdown's list, a menu); the session opens it and answers with
    /// [`Message::Pick`].
    pub popup: &'a mut Option<Request>,
}

/// What a message did to a widget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Response {
    /// Something a person sees changed.
    pub changed: bool,
    /// The widget's size changed: the page lays out anew.
    pub relayout: bool,
}

impl Response {
    /// Nothing changed.
    pub const NONE: Response = Response { changed: false, relayout: false };
    /// Something a person sees changed; the size did not.
    pub const CHANGED: Response = Response { changed: true, relayout: false };
    /// The size changed too.
    pub const RELAYOUT: Response = Response { changed: true, relayout: true };

    /// `CHANGED` when `changed`, else `NONE`.
    pub fn changed(changed: bool) -> Response {
        if changed { Response::CHANGED } else { Response::NONE }
    }
}

/// One widget of the kit (see the module docs).
pub trait Widget: Debug + Send + Sync + 'static {
    /// Its stable id, as the report prints it.
    fn id(&self) -> WidgetId;

    /// The size it asks for.
    fn size(&self, m: &Measure<'_>) -> Size;

    /// Its hit regions when it lies at `rect` (`mirrored`: laid out right to left); the default is one region, a
    /// Tab stop, with a hand over it.
    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        let _ = mirrored;
        out.push(focusable(self.id(), rect));
    }

    /// What `message` does to it.
    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response;

    /// Draws it in `rect`.
    fn draw(&self, pen: &mut Pen<'_>, rect: Rect);

    /// The part the keyboard is on, for a widget of several parts (a radio group's checked option, a menubar's
    /// current title); None: the part Tab or a press gave it stands. Space and Return act on it, and its focus ring
    /// is drawn around it.
    fn current_part(&self) -> Option<u8> {
        None
    }

    /// The keyboard focus left it: it settles what was half done (a spinner's half-typed figure shows the value it
    /// holds, a field checks its rule). True when something a person sees changed.
    fn left(&mut self) -> bool {
        false
    }

    /// What its tooltip says.
    fn tooltip(&self, part: u8) -> Option<&'static str> {
        let _ = part;
        None
    }

    /// Its role, name, value and states, for the accessibility tree and the report.
    fn access(&self) -> Access;

    /// Its states alone, as [`Widget::access`] gives them: a stylesheet's pseudo-classes ask for them every frame,
    /// so a widget whose description formats a value, and has no states, says so without formatting it.
    fn states(&self) -> Vec<&'static str> {
        self.access().states
    }

    /// The parts a screen reader reaches one by one (a radio group's options), each by its part.
    fn part_access(&self) -> Vec<(u8, Access)> {
        Vec::new()
    }

    /// Its values in the report (its `type`, role and name are added beside them).
    fn report(&self) -> Value;

    /// What its report says, cheap to make and compare: a page compares it every frame and around every message to
    /// see what changed. The report itself by default; a text widget names its text by the edit's revision, since
    /// it may hold 1 MiB.
    fn seen(&self) -> Value {
        self.report()
    }

    /// Whether it moves at `now` without input.
    fn animating(&self, now: f64) -> bool {
        let _ = now;
        false
    }

    /// Whether it takes typed text while focused (its Space and Return are then keys, not clicks).
    fn takes_text(&self) -> bool {
        false
    }

    /// Whether a wheel over it is its own (a scroll view, or a value widget that has the focus) rather than the
    /// page's.
    fn takes_wheel(&self, focused: bool) -> bool {
        let _ = focused;
        false
    }

    /// Its text laid out as it is drawn in `rect` (window pixels; `mirrored` when the UI runs right to left), for
    /// a widget that edits text: the page lays each out after a frame and hands it back ([`Widget::take_laid`]),
    /// since a widget has no fonts when a click or a key comes. None: it has no text to edit.
    fn lay_text(&self, m: &Measure<'_>, rect: Rect, mirrored: bool) -> Option<editor::Laid> {
        let _ = (m, rect, mirrored);
        None
    }

    /// Takes the layout [`Widget::lay_text`] made: the clicks and keys until the next frame are placed against it.
    fn take_laid(&mut self, laid: editor::Laid) {
        let _ = laid;
    }

    /// When its caret last moved, on the frame clock (None: it has no caret): the caret shows from then and then
    /// blinks ([`blink`]), and the page wakes when it turns on or off.
    fn caret_since(&self) -> Option<f64> {
        None
    }

    /// Where its caret stands when it is drawn in `rect`, by the last frame's layout (None: it has no caret): an
    /// input method's candidate window goes beside it, and a page scrolls to keep it in view.
    fn caret_rect(&self, rect: Rect) -> Option<Rect> {
        let _ = rect;
        None
    }

    /// What it holds ([`held`]): None for a widget without a value of its own (a rule, a card, a menubar).
    fn value(&self) -> Option<Held> {
        None
    }

    /// The range its number lies in, where it has one (a slider, a spinner, a rating).
    fn range(&self) -> Option<Span> {
        None
    }

    /// Sets what it holds as far as it can: the value it reached ([`Reached::Nearest`] when it holds another, the
    /// nearest it can), or why it takes none (disabled, read-only, another kind of value). A script's `set` asks a
    /// copy first and says what can be reached.
    fn set_value(&mut self, value: &Held) -> Result<Reached, Refused> {
        let _ = value;
        Err(Refused::NoValue)
    }

    /// Takes what a person did to `old`, the widget of the same id and kind in the version before a reload, over
    /// what the new version's file says: by default its value, clamped to what this one can hold (a selection by
    /// its label, not its place); a value this one cannot hold leaves the file's.
    fn carry_from(&mut self, old: &dyn Widget) {
        if let Some(value) = old.value() {
            let _ = self.set_value(&value);
        }
    }

    /// Checks what it holds against its rule and shows what is wrong (a field's rule, a required checkbox): true
    /// when it holds. A form's submit asks every widget.
    fn check(&mut self) -> bool {
        true
    }

    /// Whether it can show another widget's value (a document's `bind`): a progress bar, a statistic, a badge.
    fn follows(&self) -> bool {
        false
    }

    /// Its type's name: a reload carries values only between widgets of one id and one kind.
    fn kind(&self) -> &'static str {
        std::any::type_name::<Self>()
    }

    /// A copy behind a pointer (pages are `Clone`).
    fn clone_box(&self) -> Box<dyn Widget>;

    /// The widget itself, so a page's bindings can read its type's values.
    fn as_any(&self) -> &dyn std::any::Any;

    /// The widget itself, to change.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

impl Clone for Box<dyn Widget> {
    fn clone(&self) -> Box<dyn Widget> {
        self.clone_box()
    }
}

/// The value methods of a widget whose value is the [`value::Ranged`] in field `$field` (a slider, a knob, a
/// fader): it says, bounds and sets its number through that, and can show another widget's value.
#[macro_export]
macro_rules! ranged_value {
    ($field:ident) => {
        fn value(&self) -> Option<$crate::widgets::Held> {
            Some(self.$field.held())
        }

        fn range(&self) -> Option<$crate::widgets::Span> {
            Some(self.$field.span())
        }

        fn set_value(
            &mut self,
            value: &$crate::widgets::Held,
        ) -> Result<$crate::widgets::Reached, $crate::widgets::Refused> {
            self.$field.set_held(value)
        }

        fn follows(&self) -> bool {
            true
        }
    };
}

/// The [`Widget::clone_box`] of a `Clone` widget.
#[macro_export]
macro_rules! clone_box {
    () => {
        fn clone_box(&self) -> Box<dyn $crate::widgets::Widget> {
            Box::new(self.clone())
        }

        fn as_any(&self) -> &dyn std::any::Any {
            self
        }

        fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
            self
        }
    };
}

/// Widget `id` as one region at `rect`: a Tab stop with a hand over it.
pub fn focusable(id: WidgetId, rect: Rect) -> Region {
    Region { focusable: true, ..Region::at(id, 0, rect, Cursor::Hand) }
}

/// Part `part` of widget `id` at `rect`: a hand over it, no Tab stop.
pub fn part(id: WidgetId, part: usize, rect: Rect) -> Region {
    Region::at(id, part, rect, Cursor::Hand)
}

/// Whether `message` is for part `part` of the widget (a press, a click, a release).
pub fn on_part(message: &Message, part: u8) -> bool {
    match message {
        Message::Activate(t) | Message::Press { target: t, .. } => t.part == part,
        _ => false,
    }
}

/// The target of part `part` of `id`.
pub fn target(id: WidgetId, part: u8) -> Target {
    Target { id, part }
}
