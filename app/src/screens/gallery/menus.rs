//! The menus and tabs page: a menubar (F10 or Alt focuses it; its menus have accelerators that work from the
//! keyboard, check marks and disabled items), dropdowns, document tabs, a context menu on a card, and a button that
//! opens a modal dialog.

use crate::document::page::{KitPage, PageBuilder};
use crate::geom::Rect;
use crate::popup::{Item, Request};
use crate::screens::interface::Input;
use crate::screens::kit::state::PageSpec;
use crate::ui::input::{Key, Mods};
use crate::ui::router::{Message, WidgetId};
use crate::ui::settings::Zoom;
use crate::widgets::badge::{Badge, Variant};
use crate::widgets::breadcrumb::Breadcrumb;
use crate::widgets::button::Button;
use crate::widgets::card::Card;
use crate::widgets::doc_tabs::DocTabs;
use crate::widgets::dropdown::Dropdown;
use crate::widgets::menubar::{Command, MenuBar};
use crate::widgets::pager::Pager;
use crate::widgets::stepper::Stepper;
use crate::widgets::tree::Tree;

/// The menus page's ids.
pub mod ids {
    use crate::ui::router::WidgetId;

    pub const BAR: WidgetId = "menus.bar";
    pub const FONT: WidgetId = "menus.font";
    pub const SIZE: WidgetId = "menus.size";
    pub const DOCS: WidgetId = "menus.docs";
    pub const CARD: WidgetId = "menus.card";
    pub const DELETE: WidgetId = "menus.delete";
    pub const LAST: WidgetId = "menus.last";
    pub const CRUMBS: WidgetId = "menus.crumbs";
    pub const TREE: WidgetId = "menus.tree";
    pub const PAGER: WidgetId = "menus.pager";
    pub const STEPS: WidgetId = "menus.steps";
}

const FONTS: &[&str] = &["Inter", "DejaVu Sans", "JetBrains Mono"];
const SIZES: &[&str] = &["Small", "Medium", "Large", "Huge"];
const CONTEXT: [&str; 4] = ["Rename", "Duplicate", "Pin", "Delete"];
const FILES: &[(usize, &str)] = &[
    (0, "goldberry"),
    (1, "app"),
    (2, "src"),
    (3, "widgets"),
    (3, "screens"),
    (2, "tests"),
    (1, "natives"),
    (2, "calls"),
    (1, "book"),
];
const STEPS: &[&str] = &["Account", "Profile", "Review", "Done"];

fn menus() -> Vec<(&'static str, Vec<Command>)> {
    vec![
        (
            "File",
            vec![
                Command::new("New", Some("Ctrl+N")),
                Command::new("Open…", Some("Ctrl+O")),
                Command::new("Save", Some("Ctrl+S")),
                Command::disabled("Revert"),
            ],
        ),
        (
            "Edit",
            vec![
                Command::new("Undo", Some("Ctrl+Z")),
                Command::new("Redo", Some("Ctrl+Y")),
                Command::disabled("Paste special"),
            ],
        ),
        (
            "View",
            vec![
                Command::checkable("Show grid", true),
                Command::checkable("Show rulers", false),
                Command::submenu(
                    "Zoom",
                    vec![
                        Command::new("Zoom in", Some("Ctrl++")),
                        Command::new("Zoom out", Some("Ctrl+-")),
                        Command::new("Actual size", Some("Ctrl+0")),
                    ],
                ),
                Command::submenu(
                    "Panels",
                    vec![Command::checkable("Sidebar", true), Command::checkable("Status bar", false)],
                ),
            ],
        ),
        ("Help", vec![Command::new("About goldberry", None)]),
    ]
}

/// The menus and tabs page.
#[derive(Debug)]
pub struct Menus;

impl PageSpec for Menus {
    const NAME: &'static str = "menus";
    const TITLE: &'static str = "Menus";

    fn build() -> KitPage {
        PageBuilder::new("Menus & Tabs", "F10 or Alt focuses the menubar; right-click the card for its menu.")
            .section("Menubar")
            .row(None, vec![Box::new(MenuBar::new(ids::BAR, menus()))])
            .section("Dropdowns")
            .row(Some("Font"), vec![Box::new(Dropdown::new(ids::FONT, "Font", FONTS, 0))])
            .row(Some("Size"), vec![Box::new(Dropdown::new(ids::SIZE, "Size", SIZES, 1))])
            .section("Document tabs")
            .row(None, vec![Box::new(DocTabs::new(ids::DOCS, &["Notes.txt", "Plan.md", "Budget.csv"]))])
            .section("Navigation")
            .row(None, vec![Box::new(Breadcrumb::new(ids::CRUMBS, vec!["goldberry"]))])
            .row(None, vec![Box::new(Tree::new(ids::TREE, "Files", FILES))])
            .row(Some("Pages"), vec![Box::new(Pager::new(ids::PAGER, 20))])
            .row(None, vec![Box::new(Stepper::new(ids::STEPS, STEPS))])
            .section("Context menu and dialog")
            .row(
                None,
                vec![
                    Box::new(Card::interactive(ids::CARD, "Right-click me", "A context menu opens at the pointer.")),
                    Box::new(Button::new(ids::DELETE, "Delete…").tip("Asks first, in a modal dialog")),
                    Box::new(Badge::new(ids::LAST, "Nothing done yet", Variant::Neutral)),
                ],
            )
            .build()
    }

    fn react(page: &mut KitPage, id: WidgetId, message: &Message, input: &mut Input<'_>) {
        let said = match (id, message) {
            (ids::CARD, Message::Context { x, y, .. }) => {
                let items = CONTEXT.iter().map(|label| Item::new(label)).collect();
                let anchor = Rect::new(*x, *y, 0.0, 0.0);
                *input.popup = Some(Request::Menu {
                    owner: ids::CARD,
                    anchor,
                    items,
                    highlighted: 0,
                    min_width: 140.0,
                    bar: false,
                });
                None
            }
            (ids::CARD, Message::Pick { item, .. }) => CONTEXT.get(*item).map(|c| format!("Card: {c}")),
            (ids::DELETE, Message::Activate(_)) => {
                *input.popup = Some(Request::Modal {
                    owner: ids::DELETE,
                    title: "Delete the draft?",
                    body: "It cannot be undone.",
                    confirm: "Delete",
                });
                None
            }
            (ids::DELETE, Message::Pick { .. }) => Some("Draft deleted".to_owned()),
            (ids::BAR, Message::Pick { .. }) => {
                let said = page.widget::<MenuBar>(ids::BAR).and_then(|b| b.last.clone());
                if let Some(said) = &said {
                    zoom_as(said, input);
                }
                said
            }
            (ids::TREE, _) => {
                let path = page.widget::<Tree>(ids::TREE).map(Tree::path).unwrap_or_default();
                if let Some(crumbs) = page.widget_mut::<Breadcrumb>(ids::CRUMBS) {
                    crumbs.path = path;
                }
                None
            }
            (ids::CRUMBS, _) => {
                // A step of the path chosen: the tree selects that ancestor, and the path follows.
                let chosen = page.widget_mut::<Breadcrumb>(ids::CRUMBS).and_then(|c| c.chosen.take());
                if let (Some(up), Some(tree)) = (chosen, page.widget_mut::<Tree>(ids::TREE)) {
                    tree.select_ancestor(up);
                    let path = tree.path();
                    if let Some(crumbs) = page.widget_mut::<Breadcrumb>(ids::CRUMBS) {
                        crumbs.path = path;
                    }
                }
                None
            }
            _ => None,
        };
        if let Some(said) = said {
            show_last(page, said);
        }
    }

    fn key(page: &mut KitPage, key: Key, mods: Mods, input: &mut Input<'_>) -> bool {
        // F10, or Alt alone, focuses the menubar, as desktop menubars do; pressed again, or Escape, leaves it for
        // where the focus came from (nobody, when it came from nowhere).
        let alt_alone = matches!(key, Key::Other(_)) && mods.alt && !mods.ctrl && !mods.shift;
        let toggle = (key == Key::F(10) && mods == Mods::NONE) || alt_alone;
        if let Some(bar) = page.widget_mut::<MenuBar>(ids::BAR) {
            if input.focus == Some(ids::BAR) && (toggle || (key, mods) == (Key::Escape, Mods::NONE)) {
                *input.focus_to = Some(bar.came_from.take());
                return true;
            }
            if toggle {
                bar.came_from = input.focus.filter(|f| *f != ids::BAR);
                *input.focus_to = Some(Some(ids::BAR));
                return true;
            }
        }
        // The accelerators the bar's menus show (Ctrl+N, Ctrl+Z ...) pick their commands from anywhere on the page;
        // Ctrl+Plus, Ctrl+Minus and Ctrl+0 are the app's own zoom keys, which the session takes before this.
        if let (Key::Char(c), Mods::CTRL) = (key, mods)
            && let Some(bar) = page.widget_mut::<MenuBar>(ids::BAR)
            && bar.accelerate(&format!("Ctrl+{}", c.to_ascii_uppercase()))
            && let Some(said) = bar.last.clone()
        {
            show_last(page, said);
            return true;
        }
        false
    }
}

/// The badge says what was done last.
fn show_last(page: &mut KitPage, said: String) {
    if let Some(last) = page.widget_mut::<Badge>(ids::LAST) {
        last.text = said;
        last.variant = Variant::Info;
    }
}

/// View › Zoom's items zoom the window as their keys (Ctrl+Plus, Ctrl+Minus, Ctrl+0) do.
fn zoom_as(said: &str, input: &mut Input<'_>) {
    let zoom = input.settings.zoom;
    input.settings.zoom = match said.rsplit(" › ").next() {
        Some("Zoom in") => zoom.step_in(),
        Some("Zoom out") => zoom.step_out(),
        Some("Actual size") => Zoom::NONE,
        _ => zoom,
    };
}
