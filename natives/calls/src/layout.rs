//! Declaring C structs and constants so that their layout can be checked against the C compiler's.
//!
//! `c_structs!` declares `#[repr(C)]` structs and unions and, from the same tokens, a `STRUCT_LAYOUTS` table of
//! Rust's `size_of` / `align_of` / `offset_of!` for the struct (or union) and each field. `c_enums!` declares C enums as
//! `#[repr(transparent)]` newtypes over the C integer (an unknown value from C is just another value, never
//! undefined behaviour) with their constants under their C names, and a `CONSTANT_VALUES` table. The shim's
//! layout table (shim/layout.c) holds the C compiler's numbers for the same names; a test compares every row.

/// Rust's view of one struct (`field` empty) or one field of a struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StructLayout {
    /// The C struct's name, e.g. `BLRect`.
    pub name: &'static str,
    /// The field's name, or `""` for the row describing the whole struct.
    pub field: &'static str,
    /// `size_of` the struct or the field's type.
    pub size: usize,
    /// `offset_of!` the field (0 for the whole struct).
    pub offset: usize,
    /// `align_of` the struct or the field's type.
    pub align: usize,
}

/// Rust's value of one C constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConstantValue {
    /// The C constant's name, e.g. `BL_FORMAT_PRGB32`.
    pub name: &'static str,
    /// Its value, widened to `i64`.
    pub value: i64,
}

/// Declares `#[repr(C)]` structs and unions (`pub struct NAME { .. }` / `pub union NAME { .. }`) and their
/// `STRUCT_LAYOUTS` table. One invocation per module.
#[macro_export]
macro_rules! c_structs {
    (
        $(
            $(#[$meta:meta])*
            pub $kind:ident $name:ident {
                $( $(#[$field_meta:meta])* pub $field:ident : $field_ty:ty ),* $(,)?
            }
        )*
    ) => {
        $(
            $(#[$meta])*
            #[repr(C)]
            pub $kind $name {
                $( $(#[$field_meta])* pub $field: $field_ty ),*
            }
        )*

        /// Rust's layout of every struct declared in this module, one row per struct and per field.
        pub const STRUCT_LAYOUTS: &[$crate::layout::StructLayout] = &[
            $(
                $crate::layout::StructLayout {
                    name: stringify!($name),
                    field: "",
                    size: ::std::mem::size_of::<$name>(),
                    offset: 0,
                    align: ::std::mem::align_of::<$name>(),
                },
                $(
                    $crate::layout::StructLayout {
                        name: stringify!($name),
                        field: stringify!($field),
                        size: ::std::mem::size_of::<$field_ty>(),
                        offset: ::std::mem::offset_of!($name, $field),
                        align: ::std::mem::align_of::<$field_ty>(),
                    },
                )*
            )*
        ];
    };
}

/// Declares C enums as transparent newtypes with their constants, and the `CONSTANT_VALUES` table.
/// One invocation per module.
#[macro_export]
macro_rules! c_enums {
    (
        $(
            $(#[$meta:meta])*
            pub enum $name:ident : $repr:ty {
                $( $(#[$const_meta:meta])* $constant:ident = $value:expr ),* $(,)?
            }
        )*
    ) => {
        $(
            $(#[$meta])*
            #[repr(transparent)]
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
            pub struct $name(pub $repr);

            $(
                $(#[$const_meta])*
                #[allow(non_upper_case_globals)]
                pub const $constant: $name = $name($value);
            )*
        )*

        /// Rust's value of every constant declared in this module.
        pub const CONSTANT_VALUES: &[$crate::layout::ConstantValue] = &[
            $( $( $crate::layout::ConstantValue { name: stringify!($constant), value: $constant.0 as i64 }, )* )*
        ];
    };
}
