//! The tree of the frame the session shows: the screens' tabs, the screen's widgets, and an open menu's items or
//! dialog's buttons, the focused node marked.

use crate::chrome::TABS;
use crate::popup::ids as popup;
use crate::popup::{Item, Kind};
use crate::screens::titles;
use crate::session::Session;
use crate::widgets::{Access, Node, Role};

/// An open dialog's own node (its buttons are widgets of their own, as the router knows them).
const DIALOG: crate::ui::router::WidgetId = "popup.dialog";

/// The flame strip's node (F5).
const FLAME: crate::ui::router::WidgetId = "flame";

/// Every node of the frame `session` shows, in Tab order where they take the focus.
pub fn nodes(session: &Session) -> Vec<Node> {
    let regions = session.regions();
    let mut nodes = Vec::new();
    let current = session.screen().index();
    // The strip is a tab list whose tabs are its children, as GTK's notebook is.
    nodes.push(Node::of(TABS, Access::new(Role::TabList, "Screens"), regions));
    for region in regions.iter().filter(|r| r.target.id == TABS) {
        let part = region.target.part;
        let access = match titles().get(usize::from(part)) {
            Some(title) => Access::new(Role::Tab, *title).state("selected", usize::from(part) == current),
            // The strip's last part past the titles is its button for the tabs that do not fit.
            None => Access::new(Role::MenuButton, "More screens"),
        };
        nodes.push(Node::part(TABS, part, access, region.rect));
    }
    session.state().access(regions, session.settings(), &mut nodes);
    if let Some((rect, name)) = session.flame_view() {
        let access = Access::new(Role::Image, name.as_str());
        nodes.push(Node { widget: FLAME, part: None, access, bounds: *rect, focused: false });
    }
    // The item the keyboard is on in an open menu (its submenu's first): where the focus is while it is open.
    let mut lit = None;
    if let Some(open) = session.popups().open() {
        // The widget that opened it says so (a dropdown's combo box is expanded while its list is open).
        for node in nodes.iter_mut().filter(|n| n.widget == open.owner && n.part.is_none()) {
            node.access.states.retain(|s| *s != "collapsed");
            node.access.states.push("expanded");
        }
        match &open.kind {
            Kind::Menu { items, rows, highlighted } => {
                let whole = Access::new(Role::Menu, "Menu");
                nodes.push(Node { widget: popup::ITEM, part: None, access: whole, bounds: open.rect, focused: false });
                menu(popup::ITEM, items, rows, *highlighted, &mut nodes);
                lit = highlighted.map(|i| (popup::ITEM, i));
            }
            Kind::Modal { title, body, confirm, cancel_rect, confirm_rect } => {
                let dialog = Access::new(Role::Dialog, *title).description(Some(*body));
                nodes.push(Node { widget: DIALOG, part: None, access: dialog, bounds: open.rect, focused: false });
                nodes.push(Node::part(popup::CANCEL, 0, Access::new(Role::Button, "Cancel"), *cancel_rect));
                nodes.push(Node::part(popup::CONFIRM, 0, Access::new(Role::Button, *confirm), *confirm_rect));
            }
        }
        if let Some(sub) = &open.sub {
            let whole = Access::new(Role::Menu, "Submenu");
            nodes.push(Node { widget: popup::SUBITEM, part: None, access: whole, bounds: sub.rect, focused: false });
            menu(popup::SUBITEM, &sub.items, &sub.rows, sub.highlighted, &mut nodes);
            lit = sub.highlighted.map(|i| (popup::SUBITEM, i)).or(lit);
        }
    }
    // The focus is on the part the keyboard is on where the widget shows its parts as nodes (a radio option, a
    // tab), else on the widget.
    if let Some((menu, item)) = lit {
        let part = Some(item.min(255) as u8);
        for node in &mut nodes {
            node.focused = node.widget == menu && node.part == part;
        }
    } else if let Some(focus) = session.router.focus_target() {
        let on_part = nodes.iter().any(|n| n.widget == focus.id && n.part == Some(focus.part));
        for node in &mut nodes {
            node.focused = node.widget == focus.id && node.part == on_part.then_some(focus.part);
        }
    }
    nodes
}

/// A menu's items as nodes, item `i` part `i` of `id`, the `lit` one selected.
fn menu(
    id: crate::ui::router::WidgetId,
    items: &[Item],
    rows: &[crate::geom::Rect],
    lit: Option<usize>,
    into: &mut Vec<Node>,
) {
    for (i, (item, row)) in items.iter().zip(rows).enumerate() {
        let access = Access::new(Role::MenuItem, item.label)
            .state("disabled", !item.enabled)
            .state("checked", item.checked)
            .state("haspopup", !item.children.is_empty())
            .state("selected", lit == Some(i))
            .shortcut(item.shortcut)
            .item(i + 1, items.len());
        into.push(Node::part(id, i.min(255) as u8, access, *row));
    }
}
