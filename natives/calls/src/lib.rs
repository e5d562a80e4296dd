//! goldberry-calls: the holders, and nothing else.
//!
//! One holder per bound C function, declared one line per C prototype with [`holders!`], grouped in one struct
//! per subject. The C types those prototypes name are declared beside them with [`c_structs!`] and [`c_enums!`],
//! so the shim's layout table can check each one. Raw pointers appear here and in `goldberry-natives` only.

pub mod holder;
pub mod layout;

pub mod blend2d;
pub mod harfbuzz;
pub mod sdl;
pub mod shim;
pub mod yoga;

pub use holder::{GroupInfo, MissingSymbols, SymbolSource};
pub use layout::{ConstantValue, StructLayout};

/// The shim's holder groups.
const SHIM_GROUPS: &[GroupInfo] = &[shim::AbiCalls::INFO, shim::ShimCalls::INFO, shim::HeapCalls::INFO];

/// Every holder group of every library, as the binding test walks them. A group missing here fails the test
/// that compares this list with the groups `natives/build.rs` read from the declaration lines.
pub fn all_groups() -> impl Iterator<Item = &'static GroupInfo> {
    [SHIM_GROUPS, blend2d::GROUPS, yoga::GROUPS, harfbuzz::GROUPS, sdl::GROUPS].into_iter().flatten()
}

/// Rust's layout of every struct declared in this crate.
pub fn struct_layouts() -> impl Iterator<Item = &'static StructLayout> {
    [
        &[shim::STRUCT_LAYOUTS][..],
        blend2d::STRUCT_LAYOUT_TABLES,
        yoga::STRUCT_LAYOUT_TABLES,
        harfbuzz::STRUCT_LAYOUT_TABLES,
        sdl::STRUCT_LAYOUT_TABLES,
    ]
    .into_iter()
    .flatten()
    .flat_map(|table| table.iter())
}

/// Rust's value of every constant declared in this crate.
pub fn constant_values() -> impl Iterator<Item = &'static ConstantValue> {
    [
        &[shim::CONSTANT_VALUES][..],
        blend2d::CONSTANT_TABLES,
        yoga::CONSTANT_TABLES,
        harfbuzz::CONSTANT_TABLES,
        sdl::CONSTANT_TABLES,
    ]
    .into_iter()
    .flatten()
    .flat_map(|table| table.iter())
}
