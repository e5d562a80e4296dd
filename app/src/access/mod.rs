//! The accessibility tree: the screen shown, its widgets, the screens' tabs and an open popup, each a
//! [`Node`](crate::widgets::Node) with its role, name, value or range, states, bounds in window pixels and focus.
//! It is built from the session's state and the last layout's regions, beside the display list (input → state →
//! tree), so a screen reader and a script read what the person sees. [`names`] offers the nearest names to one a
//! script gave that is not there; [`editing`] names what a screen reader may ask of a text besides AccessKit's
//! requests; [`kit`] turns the tree into AccessKit's, sending only the nodes that changed.

mod build;
pub mod editing;
pub mod kit;
pub mod names;

pub use self::build::nodes;
pub use self::kit::KitTree;
