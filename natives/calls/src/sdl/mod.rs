//! sdl: the C types its prototypes name, and its holder groups (one file per subject).

use crate::{ConstantValue, GroupInfo, StructLayout};

/// Every holder group of sdl.
pub const GROUPS: &[GroupInfo] = &[];
/// Rust's layout tables of the sdl structs (one per `c_structs!` invocation).
pub const STRUCT_LAYOUT_TABLES: &[&[StructLayout]] = &[];
/// Rust's values of the sdl constants (one per `c_enums!` invocation).
pub const CONSTANT_TABLES: &[&[ConstantValue]] = &[];
