//! `org.a11y.atspi.Component`: where a node is drawn on the screen, the node at a point, and focus and scrolling
//! asked of it (the translation's answers, in the coordinates the client asks for).

use accesskit_atspi_common::{CoordType, Layer, PlatformNode, Rect, ScrollType};
use atspi_common::ObjectRefOwned;
use zbus::names::UniqueName;
use zbus::{fdo, interface};

use super::paths::{Target, or_null};
use super::refused;

pub struct Component {
    pub bus: UniqueName<'static>,
    pub node: PlatformNode,
}

#[interface(name = "org.a11y.atspi.Component")]
impl Component {
    fn contains(&self, x: i32, y: i32, coord_type: CoordType) -> fdo::Result<bool> {
        self.node.contains(x, y, coord_type).map_err(refused)
    }

    fn get_accessible_at_point(&self, x: i32, y: i32, coord_type: CoordType) -> fdo::Result<(ObjectRefOwned,)> {
        let hit = self.node.accessible_at_point(x, y, coord_type).map_err(refused)?;
        Ok((or_null(&self.bus, hit.map(|id| Target::Node(u128::from(id)))),))
    }

    fn get_extents(&self, coord_type: CoordType) -> fdo::Result<(Rect,)> {
        self.node.extents(coord_type).map(|r| (r,)).map_err(refused)
    }

    fn get_layer(&self) -> fdo::Result<Layer> {
        self.node.layer().map_err(refused)
    }

    fn grab_focus(&self) -> fdo::Result<bool> {
        self.node.grab_focus().map_err(refused)
    }

    fn scroll_to(&self, scroll_type: ScrollType) -> fdo::Result<bool> {
        self.node.scroll_to(scroll_type).map_err(refused)
    }

    fn scroll_to_point(&self, coord_type: CoordType, x: i32, y: i32) -> fdo::Result<bool> {
        self.node.scroll_to_point(coord_type, x, y).map_err(refused)
    }
}
