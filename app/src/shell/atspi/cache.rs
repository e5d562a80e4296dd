//! `org.a11y.atspi.Cache`: every object at once (the root first), as a client fills its cache on start, and the
//! item `AddAccessible` announces for a new node. Each item's states and interfaces are those the node's own
//! object answers.

use std::sync::{Arc, OnceLock};

use accesskit_atspi_common::{CacheNode, Error, NodeIdOrRoot, PlatformNode, PlatformRoot};
use atspi_common::{CacheItem, ObjectRefOwned};
use zbus::names::UniqueName;
use zbus::{fdo, interface};

use super::accessible::served;
use super::paths::Target;
use super::{Shared, refused};

pub struct Cache {
    pub bus: UniqueName<'static>,
    pub root: PlatformRoot,
    pub desktop: Arc<OnceLock<ObjectRefOwned>>,
    pub shared: Arc<Shared>,
}

/// `node`'s item.
pub fn item_of(bus: &UniqueName<'_>, node: &PlatformNode, shared: &Shared) -> Result<CacheItem, Error> {
    Ok(item(bus, node.cache_node()?, shared))
}

fn item(bus: &UniqueName<'_>, node: CacheNode, shared: &Shared) -> CacheItem {
    let full = u128::from(node.id);
    let mut states = node.states;
    let mut role = node.role;
    if let Some(extra) = shared.extras_read().of(full) {
        extra.add_states(&mut states);
        if extra.password {
            role = accesskit_atspi_common::Role::PasswordText;
        }
    }
    let parent = match node.parent {
        NodeIdOrRoot::Root => Target::Root,
        NodeIdOrRoot::Node(p) => Target::Node(u128::from(p)),
    };
    CacheItem {
        object: Target::Node(full).at(bus),
        app: Target::Root.at(bus),
        parent: parent.at(bus),
        index: node.index_in_parent,
        children: node.child_count,
        ifaces: served(node.interfaces),
        short_name: node.name,
        role,
        name: node.description,
        states,
    }
}

impl Cache {
    fn items(&self) -> Result<Vec<CacheItem>, Error> {
        let root = CacheItem {
            object: Target::Root.at(&self.bus),
            app: Target::Root.at(&self.bus),
            parent: self.desktop.get().cloned().unwrap_or_default(),
            index: self.root.index_in_parent(),
            children: self.root.child_count()?,
            ifaces: self.root.interfaces(),
            short_name: self.root.name()?,
            role: self.root.role(),
            name: self.root.description()?,
            states: self.root.state(),
        };
        let nodes: Vec<CacheItem> = self.root.map_descendant_cache_nodes(|n| item(&self.bus, n, &self.shared))?;
        Ok(std::iter::once(root).chain(nodes).collect())
    }
}

#[interface(name = "org.a11y.atspi.Cache")]
impl Cache {
    fn get_items(&self) -> fdo::Result<Vec<CacheItem>> {
        self.items().map_err(refused)
    }
}
