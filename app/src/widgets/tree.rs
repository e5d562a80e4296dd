//! A tree view: nodes at depths, each branch open or closed; every visible row is a part. A click selects a row (on
//! its triangle, it opens or closes the branch); Up and Down move the selection through the visible rows, Right
//! opens a branch (or goes to its first child), Left closes it (or goes to its parent), Home and End go to the ends.
//! Opening and closing change the tree's height, so the page lays out anew.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget, part};
use crate::clone_box;
use crate::display_list::{PathCommand, PathData, Stroke};
use crate::geom::Rect;
use crate::ui::input::Key;
use crate::ui::router::{Message, Region, WidgetId};

const ROW: f32 = 26.0;
const INDENT: f32 = 18.0;

/// A tree view.
#[derive(Debug, Clone, PartialEq)]
pub struct Tree {
    id: WidgetId,
    name: &'static str,
    /// Each node's depth and label, in order (a node's children follow it, one deeper).
    nodes: &'static [(usize, &'static str)],
    /// Which nodes are open.
    pub open: Vec<bool>,
    /// The node selected.
    pub selected: usize,
    /// A press came before the click that follows it (a keyboard's Space or Return comes alone).
    pressed: bool,
}

impl Tree {
    /// A tree of `nodes`, its roots open.
    pub fn new(id: WidgetId, name: &'static str, nodes: &'static [(usize, &'static str)]) -> Tree {
        let open = nodes.iter().map(|(depth, _)| *depth == 0).collect();
        Tree { id, name, nodes, open, selected: 0, pressed: false }
    }

    fn has_children(&self, i: usize) -> bool {
        self.nodes.get(i + 1).is_some_and(|(d, _)| *d > self.nodes[i].0)
    }

    /// The nodes shown: those whose every ancestor is open.
    pub fn visible(&self) -> Vec<usize> {
        let mut out = Vec::new();
        let mut closed_below: Option<usize> = None;
        for (i, (depth, _)) in self.nodes.iter().enumerate() {
            if let Some(d) = closed_below {
                if *depth > d {
                    continue;
                }
                closed_below = None;
            }
            out.push(i);
            if !self.open[i] && self.has_children(i) {
                closed_below = Some(*depth);
            }
        }
        out
    }

    fn parent(&self, i: usize) -> Option<usize> {
        let depth = self.nodes.get(i)?.0;
        (0..i).rev().find(|j| self.nodes[*j].0 < depth)
    }

    /// The labels from the root to the selected node (what a breadcrumb shows).
    pub fn path(&self) -> Vec<&'static str> {
        let mut path = vec![self.nodes.get(self.selected).map_or("", |n| n.1)];
        let mut at = self.selected;
        while let Some(p) = self.parent(at) {
            path.push(self.nodes[p].1);
            at = p;
        }
        path.reverse();
        path
    }

    /// Selects the selected node's ancestor at `depth` (0: its root), as a breadcrumb's click asks.
    pub fn select_ancestor(&mut self, depth: usize) {
        while self.nodes.get(self.selected).is_some_and(|(d, _)| *d > depth) {
            match self.parent(self.selected) {
                Some(p) => self.selected = p,
                None => break,
            }
        }
    }

    fn row(&self, rect: Rect, slot: usize, mirrored: bool) -> Rect {
        super::pen::flip(Rect::new(rect.x, rect.y + slot as f32 * ROW, rect.w, ROW), rect, mirrored)
    }
}

impl Widget for Tree {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        Size::fill(240.0, self.visible().len() as f32 * ROW)
    }

    fn regions(&self, rect: Rect, mirrored: bool, out: &mut Vec<Region>) {
        for (slot, i) in self.visible().into_iter().enumerate() {
            out.push(Region { focusable: i == self.selected, ..part(self.id, i, self.row(rect, slot, mirrored)) });
        }
    }

    fn current_part(&self) -> Option<u8> {
        Some(self.selected.min(255) as u8)
    }

    fn handle(&mut self, message: &Message, cx: &mut Cx<'_>) -> Response {
        let before = (self.open.clone(), self.selected);
        let visible = self.visible();
        let at = visible.iter().position(|i| *i == self.selected).unwrap_or(0);
        let (open_key, close_key) = if cx.mirrored { (Key::Left, Key::Right) } else { (Key::Right, Key::Left) };
        match *message {
            Message::Press { target, x, .. } => {
                self.pressed = true;
                let i = usize::from(target.part).min(self.nodes.len().saturating_sub(1));
                self.selected = i;
                let depth_x = cx.rect.x + self.nodes[i].0 as f32 * INDENT;
                let on_triangle = if cx.mirrored {
                    x > cx.rect.right() - (depth_x - cx.rect.x) - INDENT
                } else {
                    x < depth_x + INDENT
                };
                if on_triangle && self.has_children(i) {
                    self.open[i] = !self.open[i];
                }
            }
            Message::Key { key: Key::Up, .. } => self.selected = visible[at.saturating_sub(1)],
            Message::Key { key: Key::Down, .. } => self.selected = visible[(at + 1).min(visible.len() - 1)],
            Message::Key { key: Key::Home, .. } => self.selected = visible[0],
            Message::Key { key: Key::End, .. } => self.selected = visible[visible.len() - 1],
            Message::Key { key, .. } if key == open_key && self.has_children(self.selected) => {
                if self.open[self.selected] {
                    self.selected += 1;
                } else {
                    self.open[self.selected] = true;
                }
            }
            Message::Key { key, .. } if key == close_key => {
                if self.open[self.selected] && self.has_children(self.selected) {
                    self.open[self.selected] = false;
                } else if let Some(p) = self.parent(self.selected) {
                    self.selected = p;
                }
            }
            // Space or Return (a click's press has done its work already) opens or closes the selected branch.
            Message::Activate(_) if !std::mem::take(&mut self.pressed) && self.has_children(self.selected) => {
                self.open[self.selected] = !self.open[self.selected];
            }
            _ => {}
        }
        if self.open != before.0 { Response::RELAYOUT } else { Response::changed(self.selected != before.1) }
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let focused = pen.router.focus() == Some(self.id);
        for (slot, i) in self.visible().into_iter().enumerate() {
            let row = self.row(rect, slot, pen.mirrored);
            let (depth, label) = self.nodes[i];
            if i == self.selected {
                pen.list.fill_round_rect(row, 5.0, if focused { p.accent.with_alpha(0x50) } else { p.surface_hover });
            } else if pen.look_part(self.id, i as u8).hovered {
                pen.list.fill_round_rect(row, 5.0, p.surface_hover);
            }
            let indent = depth as f32 * INDENT;
            let tx = if pen.mirrored { row.right() - indent - INDENT / 2.0 } else { row.x + indent + INDENT / 2.0 };
            let cy = row.y + ROW / 2.0;
            if self.has_children(i) {
                let dir = if pen.mirrored { -1.0 } else { 1.0 };
                let commands = if self.open[i] {
                    vec![
                        PathCommand::MoveTo(tx - 4.0, cy - 2.0),
                        PathCommand::LineTo(tx, cy + 2.5),
                        PathCommand::LineTo(tx + 4.0, cy - 2.0),
                    ]
                } else {
                    vec![
                        PathCommand::MoveTo(tx - 2.0 * dir, cy - 4.0),
                        PathCommand::LineTo(tx + 2.5 * dir, cy),
                        PathCommand::LineTo(tx - 2.0 * dir, cy + 4.0),
                    ]
                };
                pen.list.stroke_path(PathData { commands }, Stroke { width: 1.6, round: true }, p.muted);
            }
            let text = Rect { x: row.x + indent + INDENT + 4.0, w: row.w - indent - INDENT - 8.0, ..row };
            let text = if pen.mirrored { Rect { x: row.x + 4.0, ..text } } else { text };
            pen.text_in(pen.f.label, text, label, p.text, Align::FlexStart);
        }
        if focused {
            let slot = self.visible().iter().position(|i| *i == self.selected).unwrap_or(0);
            pen.ring_if_focused(self.id, self.row(rect, slot, pen.mirrored), 5.0);
        }
    }

    fn part_access(&self) -> Vec<(u8, Access)> {
        let row = |i: usize| {
            let (depth, label) = self.nodes[i];
            let branch = self.has_children(i);
            let open = self.open.get(i).copied().unwrap_or(false);
            let access = Access::new(Role::TreeItem, label)
                .level(depth + 1)
                .state("expanded", branch && open)
                .state("collapsed", branch && !open)
                .state("selected", i == self.selected);
            (i.min(255) as u8, access)
        };
        self.visible().into_iter().map(row).collect()
    }

    fn access(&self) -> Access {
        let expanded = self.open.get(self.selected).copied().unwrap_or(false) && self.has_children(self.selected);
        Access::new(Role::Tree, self.name).value(self.path().join(" › ")).state("expanded", expanded)
    }

    fn report(&self) -> Value {
        json!({ "selected": self.selected, "path": self.path(), "rows": self.visible().len() })
    }

    clone_box!();
}

#[cfg(test)]
mod tests {
    use super::*;

    const NODES: &[(usize, &str)] = &[(0, "app"), (1, "src"), (2, "main.rs"), (1, "tests"), (0, "book")];

    #[test]
    fn closed_branches_hide_their_children_and_the_path_climbs_to_the_root() {
        let mut t = Tree::new("t", "Files", NODES);
        assert_eq!(t.visible(), [0, 1, 3, 4], "src is closed: main.rs hides");
        t.open[1] = true;
        assert_eq!(t.visible(), [0, 1, 2, 3, 4]);
        t.selected = 2;
        assert_eq!(t.path(), ["app", "src", "main.rs"]);
        t.open[0] = false;
        assert_eq!(t.visible(), [0, 4]);
    }
}
