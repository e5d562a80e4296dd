//! The popup layer: what opens above the screen (a dropdown's list, a context menu, a modal dialog, a tooltip),
//! drawn after the screen and the HUD (under the inspector's overlay) through the same display list, so opening or
//! closing one damages only its box and what it uncovers.
//!
//! A screen asks for a popup through its input ([`Request`]); the session opens it ([`Popups`]), gives it every
//! event first while it is open (Escape closes it, a click outside closes a menu), and hands the screen what was
//! picked as a [`crate::ui::router::Message::Pick`]. Tooltips are not opened by anyone: the session shows the
//! hovered widget's after [`TOOLTIP_DELAY_S`] ([`hover`]). [`draw`] records all of it.

pub mod draw;
pub mod hover;
pub mod layer;

pub use self::hover::{Hover, TOOLTIP_DELAY_S, Tip};
pub use self::layer::{Kind, Outcome, Popup, Popups};

use crate::geom::Rect;
use crate::ui::router::WidgetId;

/// The popups' own widget ids, as the report prints them.
pub mod ids {
    use crate::ui::router::WidgetId;

    /// A menu's items; item `i` is part `i`.
    pub const ITEM: WidgetId = "popup.item";
    /// A dialog's Cancel button.
    pub const CANCEL: WidgetId = "popup.cancel";
    /// A dialog's confirm button (its item 1 when picked).
    pub const CONFIRM: WidgetId = "popup.confirm";
    /// A submenu's items; item `i` is part `i`.
    pub const SUBITEM: WidgetId = "popup.subitem";
}

/// The item a dialog's confirm button picks (Cancel picks nothing: it only closes).
pub const CONFIRM_ITEM: usize = 1;

/// A submenu's pick is told as `SUBMENU_ITEM * (parent + 1) + child` ([`split_pick`] takes it apart).
pub const SUBMENU_ITEM: usize = 1000;

/// The item picked and, for a submenu's pick, its child: what a [`crate::ui::router::Message::Pick`]'s item says.
pub fn split_pick(item: usize) -> (usize, Option<usize>) {
    if item >= SUBMENU_ITEM { (item / SUBMENU_ITEM - 1, Some(item % SUBMENU_ITEM)) } else { (item, None) }
}

/// One item of a menu.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// What it says.
    pub label: &'static str,
    /// A disabled item looks muted and can be neither highlighted nor picked.
    pub enabled: bool,
    /// It is the value shown (a dropdown's current choice): marked with a dot.
    pub checked: bool,
    /// The key that does the same, shown at its end (`Ctrl+C`).
    pub shortcut: Option<&'static str>,
    /// A submenu's items: the item opens them beside itself (none: it is picked).
    pub children: Vec<Item>,
}

impl Item {
    /// An enabled item, not checked, without a shortcut.
    pub const fn new(label: &'static str) -> Item {
        Item { label, enabled: true, checked: false, shortcut: None, children: Vec::new() }
    }
}

/// What a screen asks the session to open.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// A list of items beside `anchor` (under it, or over it when there is no room below): a dropdown's options
    /// under the dropdown, a context menu at the pointer (an anchor of no size).
    Menu {
        /// The widget that opens it, and is told what is picked.
        owner: WidgetId,
        /// What it opens from, in window pixels.
        anchor: Rect,
        /// The items, top to bottom.
        items: Vec<Item>,
        /// The item highlighted first.
        highlighted: usize,
        /// The list is at least this wide (and at least the anchor's width).
        min_width: f32,
        /// It is one of a menubar's menus: Left and Right, where no submenu takes them, go to the menu beside it.
        bar: bool,
    },
    /// A dialog in the middle of the window that takes the focus until it closes: a title, a line, Cancel and a
    /// confirm button.
    Modal {
        /// The widget that opens it, and is told when it is confirmed.
        owner: WidgetId,
        /// The question.
        title: &'static str,
        /// What confirming does.
        body: &'static str,
        /// The confirm button's label.
        confirm: &'static str,
    },
}
