//! `org.a11y.atspi.Selection`: which of a container's children are selected, and selecting them.

use accesskit_atspi_common::PlatformNode;
use atspi_common::ObjectRefOwned;
use zbus::names::UniqueName;
use zbus::{fdo, interface};

use super::paths::{Target, or_null};
use super::{index, refused};

pub struct Selection {
    pub bus: UniqueName<'static>,
    pub node: PlatformNode,
}

#[interface(name = "org.a11y.atspi.Selection")]
impl Selection {
    #[zbus(property)]
    fn n_selected_children(&self) -> fdo::Result<i32> {
        self.node.n_selected_children().map_err(refused)
    }

    fn get_selected_child(&self, i: i32) -> fdo::Result<(ObjectRefOwned,)> {
        let child = self.node.selected_child(index(i)?).map_err(refused)?;
        Ok((or_null(&self.bus, child.map(|id| Target::Node(u128::from(id)))),))
    }

    fn select_child(&self, i: i32) -> fdo::Result<bool> {
        self.node.select_child(index(i)?).map_err(refused)
    }

    fn deselect_selected_child(&self, i: i32) -> fdo::Result<bool> {
        self.node.deselect_selected_child(index(i)?).map_err(refused)
    }

    fn is_child_selected(&self, i: i32) -> fdo::Result<bool> {
        self.node.is_child_selected(index(i)?).map_err(refused)
    }

    fn select_all(&self) -> fdo::Result<bool> {
        self.node.select_all().map_err(refused)
    }

    fn clear_selection(&self) -> fdo::Result<bool> {
        self.node.clear_selection().map_err(refused)
    }

    fn deselect_child(&self, i: i32) -> fdo::Result<bool> {
        self.node.deselect_child(index(i)?).map_err(refused)
    }
}
