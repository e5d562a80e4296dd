//! Where each accessible object lives on the bus: the application's root at AT-SPI's conventional path, a node at
//! a path of its own, and the (bus name, path) pairs AT-SPI passes to name an object.

use accesskit_atspi_common::NodeIdOrRoot;
use atspi_common::{ObjectRef, ObjectRefOwned};
use zbus::names::UniqueName;
use zbus::zvariant::{ObjectPath, OwnedObjectPath};

/// The application's own object (AT-SPI's "root" of an application).
pub const ROOT: &str = "/org/a11y/atspi/accessible/root";
/// The Cache interface's object.
pub const CACHE: &str = "/org/a11y/atspi/cache";

/// An object of ours: the application, or a node by AccessKit's full id (as the number `u128::from` makes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Root,
    Node(u128),
}

impl From<NodeIdOrRoot> for Target {
    fn from(t: NodeIdOrRoot) -> Target {
        match t {
            NodeIdOrRoot::Node(id) => Target::Node(u128::from(id)),
            NodeIdOrRoot::Root => Target::Root,
        }
    }
}

impl Target {
    pub fn path(self) -> OwnedObjectPath {
        match self {
            Target::Root => ObjectPath::from_static_str_unchecked(ROOT).into(),
            Target::Node(id) => ObjectPath::from_string_unchecked(format!("/org/a11y/atspi/accessible/n{id}")).into(),
        }
    }

    /// The object as AT-SPI names it to another process: our bus name and its path.
    pub fn at(self, bus: &UniqueName<'_>) -> ObjectRefOwned {
        ObjectRef::new_owned(bus.to_owned(), self.path())
    }
}

/// `node`'s object, or AT-SPI's null object where there is none.
pub fn or_null(bus: &UniqueName<'_>, node: Option<Target>) -> ObjectRefOwned {
    match node {
        Some(t) => t.at(bus),
        // atspi_common's null object: ("", "/org/a11y/atspi/null").
        None => ObjectRefOwned::default(),
    }
}
