//! yoga: the C types its prototypes name, and its holder groups (one file per subject).
//!
//! Yoga 3 as vendored by the `yoga` 0.5 crate: `YGNodeRef = struct YGNode*`, `YGNodeConstRef = const struct
//! YGNode*`; C enums are `int`-sized.

pub mod config;
pub mod layout;
pub mod node;
pub mod style;
pub mod types;

pub use config::ConfigCalls;
pub use layout::LayoutCalls;
pub use node::NodeCalls;
pub use style::StyleCalls;

use crate::{ConstantValue, GroupInfo, StructLayout};

/// Every holder group of yoga.
pub const GROUPS: &[GroupInfo] = &[NodeCalls::INFO, StyleCalls::INFO, LayoutCalls::INFO, ConfigCalls::INFO];
/// Rust's layout tables of the yoga structs (one per `c_structs!` invocation).
pub const STRUCT_LAYOUT_TABLES: &[&[StructLayout]] = &[types::STRUCT_LAYOUTS];
/// Rust's values of the yoga constants (one per `c_enums!` invocation).
pub const CONSTANT_TABLES: &[&[ConstantValue]] = &[types::CONSTANT_VALUES];
