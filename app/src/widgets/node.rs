//! One node of the accessibility tree, and where a widget lies.

use serde_json::{Value, json};

use crate::geom::Rect;
use crate::ui::router::{Region, Target, WidgetId};
use crate::widgets::{Access, LABEL_PART};

/// A widget (or one part of it: a tab, a chip, a menu item) as assistive technology sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The widget.
    pub widget: WidgetId,
    /// The part, for a node that is one part of a widget (a tab of the tab strip).
    pub part: Option<u8>,
    /// Role, name, value, states and range.
    pub access: Access,
    /// Where it lies, in window pixels (empty when the layout does not show it).
    pub bounds: Rect,
    /// It has the keyboard focus.
    pub focused: bool,
}

impl Node {
    /// Widget `widget` as `access` says, where `regions` put it.
    pub fn of(widget: WidgetId, access: Access, regions: &[Region]) -> Node {
        Node { widget, part: None, access, bounds: bounds(regions, widget), focused: false }
    }

    /// Part `part` of widget `widget`, at `bounds`.
    pub fn part(widget: WidgetId, part: u8, access: Access, bounds: Rect) -> Node {
        Node { widget, part: Some(part), access, bounds, focused: false }
    }

    /// Part `part` of widget `widget`, where `regions` put that part (empty bounds when they do not show it).
    pub fn part_in(widget: WidgetId, part: u8, access: Access, regions: &[Region]) -> Node {
        let target = Target { id: widget, part };
        let bounds = regions.iter().find(|r| r.target == target).map_or_else(Rect::default, |r| r.rect);
        Node::part(widget, part, access, bounds)
    }

    /// A key that names the node for as long as it exists: its widget id, and `#part` for a part.
    pub fn key(&self) -> String {
        match self.part {
            Some(part) => format!("{}#{part}", self.widget),
            None => self.widget.to_owned(),
        }
    }

    /// Whether a person can act on it.
    pub fn interactive(&self) -> bool {
        self.access.role.interactive() && !self.access.has("disabled")
    }

    /// The point a script's click aims at: the middle of its bounds.
    pub fn centre(&self) -> (f32, f32) {
        (self.bounds.x + self.bounds.w / 2.0, self.bounds.y + self.bounds.h / 2.0)
    }

    /// As the report prints it: the access entry with the node's key, bounds and focus.
    pub fn to_json(&self) -> Value {
        let mut entry = self.access.to_json();
        if let Some(map) = entry.as_object_mut() {
            let b = self.bounds;
            map.insert("id".to_owned(), json!(self.key()));
            map.insert("bounds".to_owned(), json!([b.x, b.y, b.w, b.h]));
            if self.focused {
                map.insert("focused".to_owned(), json!(true));
            }
        }
        entry
    }
}

/// The box of every region of `widget` but its row label's, in window pixels (empty when it has none).
pub fn bounds(regions: &[Region], widget: WidgetId) -> Rect {
    regions
        .iter()
        .filter(|r| r.target.id == widget && r.target.part != LABEL_PART && r.rect.w > 0.0 && r.rect.h > 0.0)
        .map(|r| r.rect)
        .reduce(Rect::union)
        .unwrap_or_default()
}

/// The report's `accessibility`: the screen, then each node.
pub fn tree_json(screen: &str, nodes: &[Node]) -> Value {
    json!({ "screen": screen, "nodes": nodes.iter().map(Node::to_json).collect::<Vec<_>>() })
}
