//! harfbuzz: the C types its prototypes name, and its holder groups (one file per subject).
//!
//! Groups: [`blob::BlobCalls`], [`face::FaceCalls`], [`font::FontCalls`] (which also holds `hb_shape` and
//! `hb_feature_from_string`) [`buffer::BufferCalls`] (which also holds `hb_language_from_string`) and [`color::ColorCalls`] (colour bitmaps).

pub mod blob;
pub mod buffer;
pub mod color;
pub mod face;
pub mod font;
pub mod types;

use crate::{ConstantValue, GroupInfo, StructLayout};

/// Every holder group of harfbuzz.
pub const GROUPS: &[GroupInfo] = &[
    blob::BlobCalls::INFO,
    face::FaceCalls::INFO,
    font::FontCalls::INFO,
    buffer::BufferCalls::INFO,
    color::ColorCalls::INFO,
];
/// Rust's layout tables of the harfbuzz structs (one per `c_structs!` invocation, and the one union's).
pub const STRUCT_LAYOUT_TABLES: &[&[StructLayout]] = &[types::STRUCT_LAYOUTS];
/// Rust's values of the harfbuzz constants (one per `c_enums!` invocation).
pub const CONSTANT_TABLES: &[&[ConstantValue]] = &[types::CONSTANT_VALUES];
