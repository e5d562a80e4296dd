//! The popup that is open, as state: where it lies (computed from its request and the window, no layout engine:
//! a list of rows, a dialog of fixed size), its hit regions above the screen's, and what a key or a routed message
//! does to it. It knows no natives, so unit tests drive it with keys and messages.

use crate::geom::Rect;
use crate::popup::{CONFIRM_ITEM, Item, Request, SUBMENU_ITEM, ids};
use crate::ui::input::{Key, Mods};
use crate::ui::router::{Cursor, Message, Region, Target, WidgetId};

/// A menu row's height.
pub const ROW_H: f32 = 28.0;
/// The space around a menu's rows.
pub const MENU_PAD: f32 = 4.0;
/// Between a menu and its anchor.
const MENU_GAP: f32 = 4.0;
/// A dialog's size in a window that has room for it (a smaller window gets a narrower one).
pub const MODAL: (f32, f32) = (400.0, 156.0);
/// The least room a dialog leaves between itself and the window's edges.
const MODAL_MARGIN: f32 = 8.0;
/// Between a dialog's two buttons.
const MODAL_GAP: f32 = 12.0;
/// A dialog button's size.
pub const MODAL_BUTTON: (f32, f32) = (100.0, 32.0);
/// Inside a dialog's edge.
pub const MODAL_PAD: f32 = 20.0;

/// What an open popup is.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A list of items.
    Menu {
        /// The items, top to bottom.
        items: Vec<Item>,
        /// The item the keyboard (or the pointer) is on; never a disabled one.
        highlighted: Option<usize>,
        /// Each item's row.
        rows: Vec<Rect>,
    },
    /// A dialog with Cancel and a confirm button.
    Modal {
        /// The question.
        title: &'static str,
        /// What confirming does.
        body: &'static str,
        /// The confirm button's label.
        confirm: &'static str,
        /// The Cancel button's box.
        cancel_rect: Rect,
        /// The confirm button's box.
        confirm_rect: Rect,
    },
}

/// A submenu open beside an item of a menu.
#[derive(Debug, Clone, PartialEq)]
pub struct Submenu {
    /// The item of the menu it opened from.
    pub parent: usize,
    /// Its items.
    pub items: Vec<Item>,
    /// The item the keyboard (or the pointer) is on.
    pub highlighted: Option<usize>,
    /// Each item's row.
    pub rows: Vec<Rect>,
    /// Its box.
    pub rect: Rect,
}

/// An open popup.
#[derive(Debug, Clone, PartialEq)]
pub struct Popup {
    /// The widget that opened it.
    pub owner: WidgetId,
    /// What it is.
    pub kind: Kind,
    /// Its box, window pixels (what it covers; its shadow reaches a little past it).
    pub rect: Rect,
    /// The focus when it opened, given back when it closes.
    pub return_focus: Option<WidgetId>,
    /// Placed and drawn right to left: a menu to the left of its anchor's right edge, its labels right-aligned; a
    /// dialog's text right-aligned and its buttons in reverse order on the left.
    pub mirrored: bool,
    /// A menu's submenu, open beside one of its items.
    pub sub: Option<Submenu>,
    /// One of a menubar's menus (Left and Right go to the menu beside it).
    pub bar: bool,
}

/// What a popup did with an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// It took the event; it may look different.
    Kept,
    /// It closed with nothing picked.
    Closed,
    /// It closed with item `item` picked, for widget `id`.
    Picked {
        /// The owner.
        id: WidgetId,
        /// The item.
        item: usize,
    },
    /// A menubar's menu closed for the one beside it: `key` (Left or Right) goes to the bar, which opens that one.
    Beside {
        /// The menubar.
        id: WidgetId,
        /// The arrow, as pressed.
        key: Key,
    },
}

/// The popup layer's state: at most one popup open, and the window it is placed in.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Popups {
    open: Option<Popup>,
    /// The window, in the units regions are in.
    viewport: Rect,
    /// The UI runs right to left (Ctrl+R): what opens from now on is mirrored.
    mirrored: bool,
}

impl Popups {
    /// No popup open.
    pub fn new() -> Popups {
        Popups::default()
    }

    /// The popup open, if any.
    pub fn open(&self) -> Option<&Popup> {
        self.open.as_ref()
    }

    /// Whether a popup is open.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// The window popups are placed in.
    pub fn viewport(&self) -> Rect {
        self.viewport
    }

    /// Takes the window's box; true when an open popup must close: a menu placed beside its anchor in the old
    /// window is closed (the anchor moved with the layout), a dialog stays open, placed anew in the middle of the
    /// new window (it is waiting for an answer and must not go without one).
    pub fn set_viewport(&mut self, viewport: Rect) -> bool {
        if std::mem::replace(&mut self.viewport, viewport) == viewport {
            return false;
        }
        self.replace_modal();
        self.open.as_ref().is_some_and(|p| matches!(p.kind, Kind::Menu { .. }))
    }

    /// Takes the direction the UI runs in: a popup opened from now on follows it, and an open dialog is placed
    /// anew in it (a menu closes before a global key acts, so none is open here).
    pub fn set_mirrored(&mut self, mirrored: bool) {
        if std::mem::replace(&mut self.mirrored, mirrored) != mirrored {
            self.replace_modal();
        }
    }

    /// Places the open dialog, if any, in the window and direction it has now.
    fn replace_modal(&mut self) {
        let (viewport, mirrored) = (self.viewport, self.mirrored);
        if let Some(Popup { kind: Kind::Modal { cancel_rect, confirm_rect, .. }, rect, mirrored: m, .. }) =
            &mut self.open
        {
            (*rect, *cancel_rect, *confirm_rect) = place_modal(viewport, mirrored);
            *m = mirrored;
        }
    }

    /// Opens what `request` asks for (closing what was open), remembering `focus` to give it back on close.
    /// Returns the focus while it is open: a dialog's Cancel button; a menu leaves it with its owner.
    pub fn show(&mut self, request: Request, focus: Option<WidgetId>) -> Option<WidgetId> {
        let (owner, kind, rect, bar) = match request {
            Request::Menu { owner, anchor, items, highlighted, min_width, bar } => {
                let w = anchor.w.max(min_width);
                let h = 2.0 * MENU_PAD + ROW_H * items.len() as f32;
                let rect = self.beside(anchor, w, h);
                let rows = (0..items.len())
                    .map(|i| {
                        Rect::new(rect.x + MENU_PAD, rect.y + MENU_PAD + ROW_H * i as f32, w - 2.0 * MENU_PAD, ROW_H)
                    })
                    .collect();
                let highlighted = if items.get(highlighted).is_some_and(|i| i.enabled) {
                    Some(highlighted)
                } else {
                    items.iter().position(|i| i.enabled)
                };
                (owner, Kind::Menu { items, highlighted, rows }, rect, bar)
            }
            Request::Modal { owner, title, body, confirm } => {
                let (rect, cancel_rect, confirm_rect) = place_modal(self.viewport, self.mirrored);
                (owner, Kind::Modal { title, body, confirm, cancel_rect, confirm_rect }, rect, false)
            }
        };
        let own_focus = matches!(kind, Kind::Modal { .. }).then_some(ids::CANCEL);
        self.open = Some(Popup { owner, kind, rect, return_focus: focus, mirrored: self.mirrored, sub: None, bar });
        own_focus.or(focus)
    }

    /// Opens item `parent`'s submenu beside its row (after it, or before it mirrored; kept inside the window),
    /// its first enabled item highlighted. Nothing when the item has no children.
    fn open_sub(&mut self, parent: usize) {
        let (viewport, mirrored) = (self.viewport, self.mirrored);
        let Some(popup) = self.open.as_mut() else { return };
        let Kind::Menu { items, rows, .. } = &popup.kind else { return };
        let (Some(item), Some(row)) = (items.get(parent), rows.get(parent)) else { return };
        if item.children.is_empty() || !item.enabled {
            return;
        }
        let children = item.children.clone();
        let w = 200.0f32.max(popup.rect.w * 0.8);
        let h = 2.0 * MENU_PAD + ROW_H * children.len() as f32;
        let x = if mirrored { popup.rect.x - w + 2.0 } else { popup.rect.right() - 2.0 };
        let x = x.min(viewport.right() - w).max(viewport.x);
        let y = (row.y - MENU_PAD).min(viewport.bottom() - h).max(viewport.y);
        let rect = Rect::new(x, y, w, h);
        let rows = (0..children.len())
            .map(|i| Rect::new(x + MENU_PAD, y + MENU_PAD + ROW_H * i as f32, w - 2.0 * MENU_PAD, ROW_H))
            .collect();
        let highlighted = children.iter().position(|i| i.enabled);
        popup.sub = Some(Submenu { parent, items: children, highlighted, rows, rect });
    }

    /// A `w` x `h` box under `anchor`, or over it when the window has no room below; kept inside the window. Left
    /// to right it starts at the anchor's left edge; mirrored it ends at the anchor's right edge (a context menu's
    /// anchor has no size: it opens to the left of the pointer; a dropdown's list lines up with its field's right).
    fn beside(&self, anchor: Rect, w: f32, h: f32) -> Rect {
        let v = self.viewport;
        let below = anchor.bottom() + MENU_GAP;
        let y = if below + h <= v.bottom() || anchor.y - MENU_GAP - h < v.y { below } else { anchor.y - MENU_GAP - h };
        let x = if self.mirrored { anchor.right() - w } else { anchor.x };
        // Where it fits neither below nor above, it shifts up to stay inside the window (its top edge first when
        // it is taller than the window).
        Rect::new(x.min(v.right() - w).max(v.x), y.min(v.bottom() - h).max(v.y), w, h)
    }

    /// Closes the popup open; returns it (its `return_focus` is where the focus goes back to).
    pub fn close(&mut self) -> Option<Popup> {
        self.open.take()
    }

    /// The open popup's hit regions, above the screen's: a menu's rows (a disabled item's is hit but takes no
    /// input), a dialog's two buttons, which Tab cycles.
    pub fn regions(&self) -> Vec<Region> {
        let Some(popup) = &self.open else { return Vec::new() };
        let row = |id, i, item: &Item, row: Rect| Region {
            enabled: item.enabled,
            ..Region::at(id, i, row, if item.enabled { Cursor::Hand } else { Cursor::Arrow })
        };
        match &popup.kind {
            Kind::Menu { items, rows, .. } => {
                let mut regions: Vec<Region> =
                    items.iter().zip(rows).enumerate().map(|(i, (item, r))| row(ids::ITEM, i, item, *r)).collect();
                if let Some(sub) = &popup.sub {
                    regions.extend(
                        sub.items
                            .iter()
                            .zip(&sub.rows)
                            .enumerate()
                            .map(|(i, (item, r))| row(ids::SUBITEM, i, item, *r)),
                    );
                }
                regions
            }
            Kind::Modal { cancel_rect, confirm_rect, .. } => {
                [(ids::CANCEL, *cancel_rect), (ids::CONFIRM, *confirm_rect)]
                    .into_iter()
                    .map(|(id, rect)| Region { focusable: true, ..Region::at(id, 0, rect, Cursor::Hand) })
                    .collect()
            }
        }
    }

    /// Whether window point (x, y) is inside the open popup's box.
    pub fn contains(&self, x: f32, y: f32) -> bool {
        let inside = |r: Rect| r.contains(x, y);
        self.open.as_ref().is_some_and(|p| inside(p.rect) || p.sub.as_ref().is_some_and(|s| inside(s.rect)))
    }

    /// A key while a popup is open: Escape closes it; in a menu Up, Down, Home and End move the highlight over
    /// the enabled items, a letter moves it to the next item that starts with it (type-ahead), and Return or Space
    /// picks it. None: the key is not the popup's (a dialog's Tab, Return
    /// and Space go through the router to its buttons).
    pub fn key(&mut self, key: Key, mods: Mods) -> Option<Outcome> {
        let mirrored = self.mirrored;
        let popup = self.open.as_mut()?;
        let (open_key, close_key) = if mirrored { (Key::Left, Key::Right) } else { (Key::Right, Key::Left) };
        if let Some(sub) = &mut popup.sub {
            // An open submenu takes the keys first: Escape or the arrow back closes it alone.
            if (key, mods) == (Key::Escape, Mods::NONE) || (key, mods) == (close_key, Mods::NONE) {
                popup.sub = None;
                return Some(Outcome::Kept);
            }
            if mods != Mods::NONE {
                return None;
            }
            return match step(&sub.items, &mut sub.highlighted, key) {
                Some(true) => Some(match sub.highlighted {
                    Some(child) => Outcome::Picked { id: popup.owner, item: SUBMENU_ITEM * (sub.parent + 1) + child },
                    None => Outcome::Kept,
                }),
                Some(false) => Some(Outcome::Kept),
                None => None,
            };
        }
        if (key, mods) == (Key::Escape, Mods::NONE) {
            return Some(Outcome::Closed);
        }
        let Kind::Menu { items, highlighted, .. } = &mut popup.kind else { return None };
        if mods != Mods::NONE {
            return None;
        }
        let has_children = |h: Option<usize>| h.and_then(|h| items.get(h)).is_some_and(|i| !i.children.is_empty());
        if key == open_key || (matches!(key, Key::Return | Key::Space) && has_children(*highlighted)) {
            if let Some(h) = (*highlighted).filter(|h| has_children(Some(*h))) {
                self.open_sub(h);
                return Some(Outcome::Kept);
            }
            if key == open_key && popup.bar {
                return Some(Outcome::Beside { id: popup.owner, key });
            }
            return if key == open_key { Some(Outcome::Kept) } else { None };
        }
        if key == close_key && popup.bar {
            return Some(Outcome::Beside { id: popup.owner, key });
        }
        match step(items, highlighted, key) {
            Some(true) => Some(match highlighted {
                Some(item) => Outcome::Picked { id: popup.owner, item: *item },
                None => Outcome::Kept,
            }),
            Some(false) => Some(Outcome::Kept),
            None => None,
        }
    }

    /// A message the router sent for the popup's regions: a click on an item picks it, on Cancel closes, on the
    /// confirm button picks [`CONFIRM_ITEM`].
    pub fn message(&mut self, message: &Message) -> Option<Outcome> {
        let popup = self.open.as_ref()?;
        let opens_sub = |part: u8| match &popup.kind {
            Kind::Menu { items, .. } => {
                items.get(usize::from(part)).is_some_and(|i| i.enabled && !i.children.is_empty())
            }
            Kind::Modal { .. } => false,
        };
        match message {
            // A click on an item with a submenu opens it rather than picking.
            Message::Activate(Target { id: ids::ITEM, part }) if opens_sub(*part) => {
                let part = usize::from(*part);
                self.open_sub(part);
                Some(Outcome::Kept)
            }
            Message::Activate(Target { id: ids::ITEM, part }) => match &popup.kind {
                Kind::Menu { items, .. } if items.get(usize::from(*part)).is_some_and(|i| i.enabled) => {
                    Some(Outcome::Picked { id: popup.owner, item: usize::from(*part) })
                }
                _ => Some(Outcome::Kept),
            },
            Message::Activate(Target { id: ids::SUBITEM, part }) => match &popup.sub {
                Some(sub) if sub.items.get(usize::from(*part)).is_some_and(|i| i.enabled) => Some(Outcome::Picked {
                    id: popup.owner,
                    item: SUBMENU_ITEM * (sub.parent + 1) + usize::from(*part),
                }),
                _ => Some(Outcome::Kept),
            },
            Message::Activate(Target { id: ids::CANCEL, .. }) => Some(Outcome::Closed),
            Message::Activate(Target { id: ids::CONFIRM, .. }) => {
                Some(Outcome::Picked { id: popup.owner, item: CONFIRM_ITEM })
            }
            _ => None,
        }
    }

    /// The pointer is over `target` (a popup's region, or nothing): a menu's highlight follows it onto an enabled
    /// item. True when the highlight moved.
    pub fn hover(&mut self, target: Option<Target>) -> bool {
        let Some(popup) = &mut self.open else { return false };
        if let (Some(Target { id: ids::SUBITEM, part }), Some(sub)) = (target, &mut popup.sub) {
            let part = usize::from(part);
            if sub.items.get(part).is_some_and(|i| i.enabled) && sub.highlighted != Some(part) {
                sub.highlighted = Some(part);
                return true;
            }
            return false;
        }
        let Kind::Menu { items, highlighted, .. } = &mut popup.kind else { return false };
        let Some(Target { id: ids::ITEM, part }) = target else { return false };
        let part = usize::from(part);
        if items.get(part).is_some_and(|i| i.enabled) && *highlighted != Some(part) {
            *highlighted = Some(part);
            // The pointer on an item with a submenu opens it; on another item, an open submenu closes.
            let opens = !items[part].children.is_empty();
            popup.sub = None;
            if opens {
                self.open_sub(part);
            }
            return true;
        }
        false
    }
}

/// What `key` does to a list of `items` with `highlighted`: Up, Down, Home and End move over the enabled items
/// (Some(false)); Return and Space pick (Some(true)); None: not a list key.
fn step(items: &[Item], highlighted: &mut Option<usize>, key: Key) -> Option<bool> {
    let enabled: Vec<usize> = (0..items.len()).filter(|i| items[*i].enabled).collect();
    if enabled.is_empty() {
        return matches!(key, Key::Up | Key::Down | Key::Home | Key::End).then_some(false);
    }
    let at = highlighted.and_then(|h| enabled.iter().position(|i| *i == h));
    let moved = |to: usize| enabled.get(to).copied();
    match key {
        Key::Down => *highlighted = at.map_or(moved(0), |a| moved((a + 1) % enabled.len())),
        Key::Up => {
            *highlighted = at.map_or(enabled.last().copied(), |a| moved((a + enabled.len() - 1) % enabled.len()))
        }
        Key::Home => *highlighted = moved(0),
        Key::End => *highlighted = enabled.last().copied(),
        Key::Return | Key::Space => return Some(true),
        // Type-ahead: a letter highlights the next enabled item whose label starts with it.
        Key::Char(c) if c.is_alphanumeric() => {
            let starts =
                |i: &usize| items[*i].label.chars().next().is_some_and(|f| f.to_lowercase().eq(c.to_lowercase()));
            let from = at.map_or(0, |a| a + 1);
            let next = (0..enabled.len()).map(|k| enabled[(from + k) % enabled.len()]).find(|i| starts(i));
            match next {
                Some(i) => *highlighted = Some(i),
                None => return Some(false),
            }
        }
        _ => return None,
    }
    Some(false)
}

/// A dialog in the middle of window `v`: its box, Cancel's and the confirm button's. It is [`MODAL`]'s size where
/// the window has room, narrower and lower where it has not, never past the window's edges; its buttons shrink
/// only when the dialog cannot hold them. Mirrored, the buttons sit at the left in reverse order.
fn place_modal(v: Rect, mirrored: bool) -> (Rect, Rect, Rect) {
    let w = MODAL.0.min(v.w - 2.0 * MODAL_MARGIN).max(0.0).floor();
    let h = MODAL.1.min(v.h - 2.0 * MODAL_MARGIN).max(0.0).floor();
    let rect = Rect::new((v.x + (v.w - w) / 2.0).round().max(v.x), (v.y + (v.h - h) / 2.0).round().max(v.y), w, h);
    let bw = MODAL_BUTTON.0.min((w - 2.0 * MODAL_PAD - MODAL_GAP) / 2.0).max(0.0).floor();
    let bh = MODAL_BUTTON.1;
    let y = (rect.bottom() - MODAL_PAD - bh).max(rect.y);
    let (confirm_x, cancel_x) = if mirrored {
        (rect.x + MODAL_PAD, rect.x + MODAL_PAD + bw + MODAL_GAP)
    } else {
        (rect.right() - MODAL_PAD - bw, rect.right() - MODAL_PAD - 2.0 * bw - MODAL_GAP)
    };
    (rect, Rect::new(cancel_x, y, bw, bh), Rect::new(confirm_x, y, bw, bh))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(items: Vec<Item>, highlighted: usize) -> Request {
        Request::Menu {
            owner: "x.menu",
            anchor: Rect::new(100.0, 100.0, 200.0, 30.0),
            items,
            highlighted,
            min_width: 0.0,
            bar: false,
        }
    }

    fn popups() -> Popups {
        let mut p = Popups::new();
        p.set_viewport(Rect::new(0.0, 0.0, 800.0, 600.0));
        p
    }

    fn highlighted(p: &Popups) -> Option<usize> {
        match p.open().map(|p| &p.kind) {
            Some(Kind::Menu { highlighted, .. }) => *highlighted,
            _ => None,
        }
    }

    #[test]
    fn a_menu_opens_under_its_anchor_and_its_keys_skip_disabled_items() {
        let mut p = popups();
        let items = vec![Item::new("a"), Item { enabled: false, ..Item::new("b") }, Item::new("c")];
        assert_eq!(p.show(menu(items, 1), Some("x.menu")), Some("x.menu"), "a menu leaves the focus with its owner");
        assert_eq!(p.open().map(|o| o.rect), Some(Rect::new(100.0, 134.0, 200.0, 2.0 * MENU_PAD + 3.0 * ROW_H)));
        assert_eq!(highlighted(&p), Some(0), "a disabled item is not highlighted");
        assert_eq!(p.key(Key::Down, Mods::NONE), Some(Outcome::Kept));
        assert_eq!(highlighted(&p), Some(2));
        p.key(Key::Down, Mods::NONE);
        assert_eq!(highlighted(&p), Some(0), "around");
        p.key(Key::Up, Mods::NONE);
        assert_eq!(p.key(Key::Return, Mods::NONE), Some(Outcome::Picked { id: "x.menu", item: 2 }));
        assert_eq!(p.key(Key::Escape, Mods::NONE), Some(Outcome::Closed));
        assert!(!p.hover(Some(Target { id: ids::ITEM, part: 1 })), "the pointer does not highlight a disabled item");
        let disabled = Message::Activate(Target { id: ids::ITEM, part: 1 });
        assert_eq!(p.message(&disabled), Some(Outcome::Kept));
    }

    #[test]
    fn a_menu_with_no_room_below_opens_above_and_stays_in_the_window() {
        let mut p = popups();
        let anchor = Rect::new(700.0, 560.0, 0.0, 0.0);
        let items = vec![Item::new("a"); 4];
        p.show(Request::Menu { owner: "m", anchor, items, highlighted: 0, min_width: 180.0, bar: false }, None);
        let rect = p.open().map(|o| o.rect).unwrap_or_default();
        assert_eq!((rect.x, rect.bottom()), (620.0, 556.0));
    }

    /// Inside the window's box, whole.
    fn within(r: Rect, v: Rect) -> bool {
        r.x >= v.x && r.y >= v.y && r.right() <= v.right() && r.bottom() <= v.bottom()
    }

    #[test]
    fn a_dialog_fits_a_small_window_and_a_new_size_places_it_anew_without_closing_it() {
        let mut p = Popups::new();
        let small = Rect::new(0.0, 0.0, 320.0, 240.0);
        p.set_viewport(small);
        p.show(Request::Modal { owner: "d", title: "Sure?", body: "It goes.", confirm: "Go" }, None);
        let Some(Popup { rect, kind: Kind::Modal { cancel_rect, confirm_rect, .. }, .. }) = p.open().cloned() else {
            panic!("no dialog")
        };
        assert!(within(rect, small), "{rect:?}");
        assert!(within(cancel_rect, rect) && within(confirm_rect, rect), "{cancel_rect:?} {confirm_rect:?}");
        assert!(cancel_rect.right() <= confirm_rect.x, "Cancel, then the confirm button");
        assert_eq!(confirm_rect.w, MODAL_BUTTON.0, "there is room for whole buttons");
        let large = Rect::new(0.0, 0.0, 1200.0, 900.0);
        assert!(!p.set_viewport(large), "a dialog stays open");
        let rect = p.open().map(|o| o.rect).unwrap_or_default();
        assert_eq!(rect, Rect::new(400.0, 372.0, MODAL.0, MODAL.1), "in the middle of the new window");
        p.set_mirrored(true);
        let Some(Kind::Modal { cancel_rect, confirm_rect, .. }) = p.open().map(|o| o.kind.clone()) else {
            panic!("no dialog")
        };
        assert!(confirm_rect.right() <= cancel_rect.x, "mirrored: the confirm button, then Cancel");
        assert_eq!(confirm_rect.x, rect.x + MODAL_PAD);
        // A menu is placed for its anchor: a new window closes it.
        p.show(menu(vec![Item::new("a")], 0), None);
        assert!(p.set_viewport(small));
    }

    #[test]
    fn a_mirrored_menu_opens_to_the_left_of_the_pointer_and_under_the_right_edge_of_its_field() {
        let mut p = popups();
        p.set_mirrored(true);
        let pointer = Rect::new(500.0, 100.0, 0.0, 0.0);
        p.show(
            Request::Menu {
                owner: "m",
                anchor: pointer,
                items: vec![Item::new("a")],
                highlighted: 0,
                min_width: 180.0,
                bar: false,
            },
            None,
        );
        let rect = p.open().map(|o| o.rect).unwrap_or_default();
        assert_eq!((rect.x, rect.right()), (320.0, 500.0));
        assert!(p.open().is_some_and(|o| o.mirrored));
        let field = Rect::new(300.0, 100.0, 120.0, 30.0);
        p.show(
            Request::Menu {
                owner: "m",
                anchor: field,
                items: vec![Item::new("a")],
                highlighted: 0,
                min_width: 180.0,
                bar: false,
            },
            None,
        );
        let rect = p.open().map(|o| o.rect).unwrap_or_default();
        assert_eq!(rect.right(), field.right(), "right-aligned under the field");
        p.show(
            Request::Menu {
                owner: "m",
                anchor: Rect::new(100.0, 100.0, 0.0, 0.0),
                items: vec![Item::new("a")],
                highlighted: 0,
                min_width: 180.0,
                bar: false,
            },
            None,
        );
        assert_eq!(p.open().map(|o| o.rect.x), Some(0.0), "kept inside the window");
    }

    #[test]
    fn a_dialog_takes_the_focus_and_its_buttons_cancel_or_confirm() {
        let mut p = popups();
        let request = Request::Modal { owner: "d", title: "Sure?", body: "It goes.", confirm: "Go" };
        assert_eq!(p.show(request, Some("before")), Some(ids::CANCEL));
        let regions = p.regions();
        assert_eq!(regions.iter().filter(|r| r.focusable).count(), 2);
        assert_eq!(p.key(Key::Tab, Mods::NONE), None, "Tab is the router's");
        assert_eq!(p.message(&Message::Activate(Target { id: ids::CANCEL, part: 0 })), Some(Outcome::Closed));
        let confirm = Message::Activate(Target { id: ids::CONFIRM, part: 0 });
        assert_eq!(p.message(&confirm), Some(Outcome::Picked { id: "d", item: CONFIRM_ITEM }));
        assert_eq!(p.close().and_then(|o| o.return_focus), Some("before"));
        assert!(!p.is_open());
    }

    #[test]
    fn a_submenu_opens_beside_its_item_takes_the_keys_and_its_pick_names_both() {
        let mut p = popups();
        let zoom = Item { children: vec![Item::new("in"), Item::new("out")], ..Item::new("Zoom") };
        p.show(menu(vec![Item::new("a"), zoom], 1), None);
        assert_eq!(p.key(Key::Right, Mods::NONE), Some(Outcome::Kept));
        let sub = p.open().and_then(|o| o.sub.clone()).expect("the submenu opened");
        let parent = p.open().map(|o| o.rect).unwrap_or_default();
        assert!(sub.rect.x >= parent.right() - 4.0, "beside the menu: {sub:?}");
        assert!(p.contains(sub.rect.x + 5.0, sub.rect.y + 5.0), "the submenu is part of the popup");
        assert_eq!(p.key(Key::Down, Mods::NONE), Some(Outcome::Kept));
        assert_eq!(p.key(Key::Return, Mods::NONE), Some(Outcome::Picked { id: "x.menu", item: 2 * SUBMENU_ITEM + 1 }));
        assert_eq!(crate::popup::split_pick(2 * SUBMENU_ITEM + 1), (1, Some(1)));
        // Left closes the submenu alone; Escape then closes the menu.
        p.key(Key::Right, Mods::NONE);
        assert_eq!(p.key(Key::Left, Mods::NONE), Some(Outcome::Kept));
        assert!(p.open().is_some_and(|o| o.sub.is_none()));
        assert_eq!(p.key(Key::Escape, Mods::NONE), Some(Outcome::Closed));
        // The pointer on the item opens it; on another item, it closes.
        p.show(menu(vec![Item::new("a"), Item { children: vec![Item::new("in")], ..Item::new("Zoom") }], 0), None);
        assert!(p.hover(Some(Target { id: ids::ITEM, part: 1 })));
        assert!(p.open().is_some_and(|o| o.sub.is_some()));
        assert!(p.regions().iter().any(|r| r.target.id == ids::SUBITEM));
        p.hover(Some(Target { id: ids::ITEM, part: 0 }));
        assert!(p.open().is_some_and(|o| o.sub.is_none()));
    }
}
