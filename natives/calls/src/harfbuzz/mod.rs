//! harfbuzz: the C types its prototypes name, and its holder groups (one file per subject).
//!
//! Groups: [`blob::BlobCalls`], [`face::FaceCalls`], [`font::FontCalls`] (which also holds `hb_shape` and
//! `hb_feature_from_string`) [`buffer::BufferCalls`] (which also holds `hb_language_from_string`) [`color::ColorCalls`] (colour bitmaps) and [`paint::PaintCalls`] (painting a colour glyph through callbacks).

pub mod blob;
pub mod buffer;
pub mod color;
pub mod face;
pub mod font;
pub mod paint;
pub mod types;

use crate::{ConstantValue, GroupInfo, StructLayout};

/// Every holder group of harfbuzz.
pub const GROUPS: &[GroupInfo] = &[
    blob::BlobCalls::INFO,
    face::FaceCalls::INFO,
    font::FontCalls::INFO,
    buffer::BufferCalls::INFO,
    color::ColorCalls::INFO,
    paint::PaintCalls::INFO,
];
/// Rust's layout tables of the harfbuzz structs (one per `c_structs!` invocation, and the one union's).
pub const STRUCT_LAYOUT_TABLES: &[&[StructLayout]] = &[types::STRUCT_LAYOUTS, paint::STRUCT_LAYOUTS];
/// Rust's values of the harfbuzz constants (one per `c_enums!` invocation).
pub const CONSTANT_TABLES: &[&[ConstantValue]] = &[types::CONSTANT_VALUES, paint::CONSTANT_VALUES];
