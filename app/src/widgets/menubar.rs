//! A menubar: a row of menu titles (each a part); a click, Space, Return or Down opens that title's menu as a
//! popup under it, with its items' accelerators, check marks, disabled items and submenus (Right, a click or the
//! pointer opens one, Left or Escape closes it). F10 or Alt (the page's keys)
//! focus the bar; Left and Right move between titles; Escape closes an open menu (the popup layer's). A picked
//! command is remembered and shown; a checkable item flips.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::choice::choose;
use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::geom::Rect;
use crate::popup::{Item, Request, split_pick};
use crate::ui::input::Key;
use crate::ui::router::{Message, Region, WidgetId};

/// One item of a menu.
#[derive(Debug, Clone, PartialEq)]
pub struct Command {
    /// What it says.
    pub label: &'static str,
    /// Its accelerator, as shown.
    pub keys: Option<&'static str>,
    /// It can be checked: Some(on).
    pub check: Option<bool>,
    /// It can be picked.
    pub enabled: bool,
    /// A submenu's commands (none: it is picked itself).
    pub children: Vec<Command>,
}

impl Command {
    /// An enabled command.
    pub const fn new(label: &'static str, keys: Option<&'static str>) -> Command {
        Command { label, keys, check: None, enabled: true, children: Vec::new() }
    }

    /// A checkable command.
    pub const fn checkable(label: &'static str, on: bool) -> Command {
        Command { label, keys: None, check: Some(on), enabled: true, children: Vec::new() }
    }

    /// A command that opens a submenu of `children`.
    pub fn submenu(label: &'static str, children: Vec<Command>) -> Command {
        Command { label, keys: None, check: None, enabled: true, children }
    }

    /// The popup's item for it.
    fn item(&self) -> Item {
        Item {
            label: self.label,
            enabled: self.enabled,
            checked: self.check == Some(true),
            shortcut: self.keys,
            children: self.children.iter().map(Command::item).collect(),
        }
    }

    /// A disabled command.
    pub const fn disabled(label: &'static str) -> Command {
        Command { label, keys: None, check: None, enabled: false, children: Vec::new() }
    }
}

/// A menubar.
#[derive(Debug, Clone, PartialEq)]
pub struct MenuBar {
    id: WidgetId,
    menus: Vec<(&'static str, Vec<Command>)>,
    /// The title with the keyboard's attention.
    pub current: usize,
    /// The menu whose popup is open (it answers with a pick).
    open: Option<usize>,
    /// The last command picked, "Menu › Item".
    pub last: Option<String>,
    /// Where the focus was before F10 or Alt brought it to the bar: it goes back there when the bar is left.
    pub came_from: Option<WidgetId>,
}

const TITLE_PAD: f32 = 14.0;

impl MenuBar {
    /// A bar of `menus`.
    pub fn new(id: WidgetId, menus: Vec<(&'static str, Vec<Command>)>) -> MenuBar {
        MenuBar { id, menus, current: 0, open: None, last: None, came_from: None }
    }

    fn titles(&self, rect: Rect, mirrored: bool) -> Vec<Rect> {
        let mut x = rect.x;
        self.menus
            .iter()
            .map(|(title, _)| {
                let w = title.chars().count() as f32 * 7.5 + 2.0 * TITLE_PAD;
                let r = Rect::new(x, rect.y, w, rect.h);
                x += w;
                super::pen::flip(r, rect, mirrored)
            })
            .collect()
    }

    /// Picks the enabled command whose accelerator reads `keys` (`Ctrl+N`), as picking it from its menu does: the
    /// accelerators a menu shows work from the keyboard too. True when a command has it.
    pub fn accelerate(&mut self, keys: &str) -> bool {
        for (title, commands) in &mut self.menus {
            for command in commands.iter_mut() {
                let path = match command.children.iter_mut().find(|c| c.enabled && c.keys == Some(keys)) {
                    Some(sub) => {
                        if let Some(on) = &mut sub.check {
                            *on = !*on;
                        }
                        format!("{title} › {} › {}", command.label, sub.label)
                    }
                    None if command.enabled && command.keys == Some(keys) => {
                        if let Some(on) = &mut command.check {
                            *on = !*on;
                        }
                        format!("{title} › {}", command.label)
                    }
                    None => continue,
                };
                self.last = Some(path);
                return true;
            }
        }
        false
    }

    fn open_menu(&mut self, i: usize, cx: &mut Cx<'_>) {
        let Some((_, commands)) = self.menus.get(i) else { return };
        let items = commands.iter().map(Command::item).collect();
        let anchor = self.titles(cx.rect, cx.mirrored)[i];
        self.current = i;
        self.open = Some(i);
        *cx.popup = Some(Request::Menu { owner: self.id, anchor, items, highlighted: 0, min_width: 180.0, bar: true });
    }
}

impl Widget for MenuBar {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fill(200.0, m.control())
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        // One Tab stop, on the current title; the arrows move within the bar.
        for (i, r) in self.titles(rect, mirrored).into_iter().enumerate() {
            out.push(Region { focusable: i == self.current, ..part(self.id, i, r) });
        }
    }

    fn current_part(&self) -> Option<u8> {
        Some(self.current.min(255) as u8)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = (self.current, self.last.clone(), self.menus.clone());
        match *message {
            Message::Activate(t) => self.open_menu(usize::from(t.part), cx),
            Message::Key { key: Key::Down | Key::Up | Key::Return | Key::Space, .. } => {
                self.open_menu(self.current, cx)
            }
            Message::Key { key: key @ (Key::Left | Key::Right | Key::Home | Key::End), .. } => {
                if let Some(i) = choose(self.current, self.menus.len(), key, cx.mirrored) {
                    self.current = i;
                }
            }
            Message::Pick { item, .. } => {
                let (parent, child) = split_pick(item);
                if let Some((title, commands)) = self.open.take().and_then(|m| self.menus.get_mut(m))
                    && let Some(command) = commands.get_mut(parent)
                {
                    let said = match child.and_then(|c| command.children.get_mut(c)) {
                        Some(sub) => {
                            if let Some(on) = &mut sub.check {
                                *on = !*on;
                            }
                            format!("{title} › {} › {}", command.label, sub.label)
                        }
                        None => {
                            if let Some(on) = &mut command.check {
                                *on = !*on;
                            }
                            format!("{title} › {}", command.label)
                        }
                    };
                    self.last = Some(said);
                }
            }
            _ => {}
        }
        Response::changed((self.current, self.last.clone(), self.menus.clone()) != before)
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        pen.list.fill_rect(rect, p.bar);
        let focused = pen.router.focus() == Some(self.id);
        for (i, ((title, _), r)) in self.menus.iter().zip(self.titles(rect, pen.mirrored)).enumerate() {
            let state = pen.look_part(self.id, i as u8);
            if state.hovered || state.pressed || (focused && i == self.current) {
                pen.list.fill_round_rect(r.inset(3.0), 4.0, p.surface_hover);
            }
            pen.text_in(pen.f.label, r, title, p.text, Align::Center);
        }
        let said =
            self.last.as_deref().map_or_else(|| "F10 or Alt focuses the bar".to_owned(), |l| format!("Last: {l}"));
        // The hint stands at the end, after the titles: in a narrow bar it gets what the titles leave, and none
        // when that is too little to read.
        let titles_end = self.titles(rect, false).last().map_or(rect.x, |r| r.right()) + 12.0;
        let start = (rect.right() - 260.0).max(titles_end);
        let end = Rect { x: start, w: rect.right() - 12.0 - start, ..rect };
        if end.w >= 80.0 {
            pen.text_in(pen.f.small, pen.flip(end, rect), &said, p.muted, Align::FlexEnd);
        }
        if focused {
            let titles = self.titles(rect, pen.mirrored);
            if let Some(r) = titles.get(self.current) {
                pen.ring_if_focused(self.id, r.inset(3.0), 4.0);
            }
        }
    }

    fn part_access(&self) -> Vec<(u8, Access)> {
        let n = self.menus.len();
        let title = |(i, (title, _)): (usize, &(&'static str, Vec<Command>))| {
            (i.min(255) as u8, Access::new(Role::MenuItem, *title).state("haspopup", true).item(i + 1, n))
        };
        self.menus.iter().enumerate().map(title).collect()
    }

    fn access(&self) -> Access {
        Access::new(Role::MenuBar, "Menu bar").value(self.menus.get(self.current).map_or("", |m| m.0))
    }

    fn report(&self) -> Value {
        let checked: Vec<&str> = self
            .menus
            .iter()
            .flat_map(|(_, c)| c)
            .flat_map(|c| std::iter::once(c).chain(&c.children))
            .filter(|c| c.check == Some(true))
            .map(|c| c.label)
            .collect();
        json!({ "current": self.current, "last": self.last, "checked": checked })
    }

    clone_box!();
}
