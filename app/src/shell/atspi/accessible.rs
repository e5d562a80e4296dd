//! `org.a11y.atspi.Accessible`: a node's name, role, family, states and attributes (the translation's, with the
//! states and the `level` it drops added from [`super::extras`]), and the application root's.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use accesskit_atspi_common::{InterfaceSet, PlatformNode, PlatformRoot, RelationType, Role, StateSet};
use atspi_common::{Interface, ObjectRefOwned};
use zbus::fdo;
use zbus::interface;
use zbus::names::UniqueName;

use super::paths::{Target, or_null};
use super::{Shared, index, refused};

/// A node of the window's tree.
pub struct Node {
    pub bus: UniqueName<'static>,
    pub node: PlatformNode,
    pub shared: Arc<Shared>,
}

/// What a node's object serves: the translation's set, with Action on every node (see `bus::Bus::register`) and
/// without the interfaces goldberry never needs (Document, Hyperlink).
pub fn served(set: InterfaceSet) -> InterfaceSet {
    let unserved = [Interface::Document, Interface::Hyperlink];
    set.iter().filter(|i| !unserved.contains(i)).chain([Interface::Action]).collect()
}

/// A node's states: the translation's and those it drops.
pub fn states(node: &PlatformNode, shared: &Shared) -> StateSet {
    let mut states = node.state();
    if let Some(extra) = shared.extras_read().of(u128::from(node.id())) {
        extra.add_states(&mut states);
    }
    states
}

impl Node {
    fn child(&self, id: accesskit_atspi_common::FullNodeId) -> Target {
        Target::Node(u128::from(id))
    }

    /// Whether it is a password shown as its characters (sent as a text input; see `Extra::password`).
    fn revealed_password(&self) -> bool {
        self.shared.extras_read().of(u128::from(self.node.id())).is_some_and(|e| e.password)
    }
}

#[interface(name = "org.a11y.atspi.Accessible")]
impl Node {
    #[zbus(property)]
    fn name(&self) -> fdo::Result<String> {
        self.node.name().map_err(refused)
    }

    #[zbus(property)]
    fn description(&self) -> fdo::Result<String> {
        self.node.description().map_err(refused)
    }

    #[zbus(property)]
    fn parent(&self) -> fdo::Result<ObjectRefOwned> {
        Ok(Target::from(self.node.parent().map_err(refused)?).at(&self.bus))
    }

    #[zbus(property)]
    fn child_count(&self) -> fdo::Result<i32> {
        self.node.child_count().map_err(refused)
    }

    #[zbus(property)]
    fn locale(&self) -> &str {
        ""
    }

    #[zbus(property)]
    fn accessible_id(&self) -> fdo::Result<String> {
        self.node.accessible_id().map_err(refused)
    }

    fn get_child_at_index(&self, i: i32) -> fdo::Result<(ObjectRefOwned,)> {
        let child = self.node.child_at_index(index(i)?).map_err(refused)?;
        Ok((or_null(&self.bus, child.map(|c| self.child(c))),))
    }

    fn get_children(&self) -> fdo::Result<Vec<ObjectRefOwned>> {
        self.node.map_children(|c| self.child(c).at(&self.bus)).map_err(refused)
    }

    fn get_index_in_parent(&self) -> fdo::Result<i32> {
        self.node.index_in_parent().map_err(refused)
    }

    fn get_relation_set(&self) -> fdo::Result<Vec<(RelationType, Vec<ObjectRefOwned>)>> {
        let set = self.node.relation_set(|r| self.child(r).at(&self.bus)).map_err(refused)?;
        Ok(set.into_iter().collect())
    }

    fn get_role(&self) -> fdo::Result<Role> {
        match self.revealed_password() {
            true => Ok(Role::PasswordText),
            false => self.node.role().map_err(refused),
        }
    }

    fn get_localized_role_name(&self) -> fdo::Result<String> {
        match self.revealed_password() {
            true => Ok("password text".to_owned()),
            false => self.node.localized_role_name().map_err(refused),
        }
    }

    fn get_state(&self) -> StateSet {
        states(&self.node, &self.shared)
    }

    /// The translation's attributes, and a tree item's `level` (GTK's, from 1).
    fn get_attributes(&self) -> fdo::Result<HashMap<&'static str, String>> {
        let mut attributes = self.node.attributes().map_err(refused)?;
        if let Some(level) = self.shared.extras_read().of(u128::from(self.node.id())).and_then(|e| e.level) {
            attributes.insert("level", level.to_string());
        }
        Ok(attributes)
    }

    fn get_application(&self) -> (ObjectRefOwned,) {
        (Target::Root.at(&self.bus),)
    }

    fn get_interfaces(&self) -> fdo::Result<InterfaceSet> {
        self.node.interfaces().map(served).map_err(refused)
    }
}

/// The application: the desktop's child, whose children are the windows.
pub struct Root {
    pub bus: UniqueName<'static>,
    pub root: PlatformRoot,
    /// The registry's desktop, once the root is embedded in it.
    pub desktop: Arc<OnceLock<ObjectRefOwned>>,
}

#[interface(name = "org.a11y.atspi.Accessible")]
impl Root {
    #[zbus(property)]
    fn name(&self) -> fdo::Result<String> {
        self.root.name().map_err(refused)
    }

    #[zbus(property)]
    fn description(&self) -> fdo::Result<String> {
        self.root.description().map_err(refused)
    }

    #[zbus(property)]
    fn parent(&self) -> ObjectRefOwned {
        self.desktop.get().cloned().unwrap_or_default()
    }

    #[zbus(property)]
    fn child_count(&self) -> fdo::Result<i32> {
        self.root.child_count().map_err(refused)
    }

    #[zbus(property)]
    fn locale(&self) -> &str {
        ""
    }

    #[zbus(property)]
    fn accessible_id(&self) -> &str {
        ""
    }

    fn get_child_at_index(&self, i: i32) -> fdo::Result<(ObjectRefOwned,)> {
        let child = self.root.child_id_at_index(index(i)?).map_err(refused)?;
        Ok((or_null(&self.bus, child.map(|(_, id)| Target::Node(u128::from(id)))),))
    }

    fn get_children(&self) -> fdo::Result<Vec<ObjectRefOwned>> {
        self.root.map_child_ids(|(_, id)| Target::Node(u128::from(id)).at(&self.bus)).map_err(refused)
    }

    fn get_index_in_parent(&self) -> i32 {
        self.root.index_in_parent()
    }

    fn get_relation_set(&self) -> Vec<(RelationType, Vec<ObjectRefOwned>)> {
        Vec::new()
    }

    fn get_role(&self) -> Role {
        self.root.role()
    }

    fn get_state(&self) -> StateSet {
        self.root.state()
    }

    fn get_application(&self) -> (ObjectRefOwned,) {
        (Target::Root.at(&self.bus),)
    }

    fn get_interfaces(&self) -> InterfaceSet {
        self.root.interfaces()
    }
}
