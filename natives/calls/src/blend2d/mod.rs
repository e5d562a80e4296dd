//! blend2d: the C types its prototypes name, and its holder groups (one file per subject).
//!
//! [`types`] and [`result`] declare the C structs and enums; [`image`], [`context`], [`path`], [`gradient`],
//! [`font`] and [`runtime`] each declare one holder group.

pub mod context;
pub mod font;
pub mod gradient;
pub mod image;
pub mod path;
pub mod result;
pub mod runtime;
pub mod types;

pub use context::ContextCalls;
pub use font::FontCalls;
pub use gradient::GradientCalls;
pub use image::ImageCalls;
pub use path::PathCalls;
pub use result::BLResult;
pub use runtime::RuntimeCalls;

use crate::{ConstantValue, GroupInfo, StructLayout};

/// Every holder group of blend2d.
pub const GROUPS: &[GroupInfo] =
    &[ImageCalls::INFO, ContextCalls::INFO, PathCalls::INFO, GradientCalls::INFO, FontCalls::INFO, RuntimeCalls::INFO];
/// Rust's layout tables of the blend2d structs (one per `c_structs!` invocation).
pub const STRUCT_LAYOUT_TABLES: &[&[StructLayout]] = &[types::STRUCT_LAYOUTS];
/// Rust's values of the blend2d constants (one per `c_enums!` invocation).
pub const CONSTANT_TABLES: &[&[ConstantValue]] = &[result::CONSTANT_VALUES, types::CONSTANT_VALUES];
