//! The shim's own surface: the ABI version, the layout table, the ABI probes, heap retention and the Yoga version
//! (shim/*.c).

use std::ffi::{c_char, c_int, c_void};

/// The ABI version this Rust code was written against; `goldberry_abi_version()` must return the same number.
/// Bump it together with `GOLDBERRY_ABI_VERSION` in shim/goldberry_shim.h whenever a declaration changes.
pub const ABI_VERSION: u32 = 3;

/// The shim's own constants, as the Rust side knows them.
pub const CONSTANT_VALUES: &[crate::layout::ConstantValue] =
    &[crate::layout::ConstantValue { name: "GOLDBERRY_ABI_VERSION", value: ABI_VERSION as i64 }];

crate::c_structs! {
    /// One row of the shim's layout table: a struct (`field` empty) or one of its fields, as the C compiler sees it.
    #[derive(Clone, Copy, Debug)]
    pub struct GoldberryStructRow {
        /// The struct's name.
        pub name: *const c_char,
        /// The field's name, or "" for the whole struct.
        pub field: *const c_char,
        /// `sizeof`.
        pub size: u64,
        /// `offsetof`.
        pub offset: u64,
        /// `_Alignof`.
        pub align: u64,
    }

    /// One constant of the shim's layout table, as the C compiler sees it.
    #[derive(Clone, Copy, Debug)]
    pub struct GoldberryConstantRow {
        /// The constant's name.
        pub name: *const c_char,
        /// Its value, widened to 64 bits.
        pub value: i64,
    }

    /// The `{float, int}` pair the by-value probe returns: the shape of Yoga's `YGValue`.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct GoldberryProbePair {
        /// A float.
        pub value: f32,
        /// An int.
        pub unit: i32,
    }

    /// The `{float, float}` size the upcall probe's callback returns: the shape of Yoga's `YGSize`.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct GoldberryProbeSize {
        /// Width.
        pub width: f32,
        /// Height.
        pub height: f32,
    }
}

/// `typedef GoldberryProbeSize (*GoldberryProbeMeasure)(void* context, float width, float height)`
pub type GoldberryProbeMeasure =
    Option<unsafe extern "C" fn(context: *mut c_void, width: f32, height: f32) -> GoldberryProbeSize>;

crate::holders! {
    /// The ABI version alone: bound and checked before anything else, so a mismatched library is refused by its
    /// version rather than by the symbols it happens to lack.
    pub struct AbiCalls in "libgoldberry" {
        /// `uint32_t goldberry_abi_version(void)`
        fn goldberry_abi_version() -> u32;
    }
}

crate::holders! {
    /// The shim compiled into libgoldberry: layout table, ABI probes, and the version of the Yoga it was linked with.
    pub struct ShimCalls in "libgoldberry" {
        /// `const char* goldberry_yoga_version(void)`: the version of the Yoga source compiled into libgoldberry (Yoga has no version function), as a static NUL-terminated string.
        fn goldberry_yoga_version() -> *const c_char;
        /// `const GoldberryStructRow* goldberry_layout_structs(size_t* count)`
        fn goldberry_layout_structs(count: *mut usize) -> *const GoldberryStructRow;
        /// `const GoldberryConstantRow* goldberry_layout_constants(size_t* count)`
        fn goldberry_layout_constants(count: *mut usize) -> *const GoldberryConstantRow;
        /// `GoldberryProbePair goldberry_probe_pair(float value, int32_t unit)`: returns `{value * 2, unit + 1}` by value.
        fn goldberry_probe_pair(value: f32, unit: i32) -> GoldberryProbePair;
        /// `bool goldberry_probe_negate(bool value)`: a one-byte `_Bool` in and out.
        fn goldberry_probe_negate(value: bool) -> bool;
        /// `double goldberry_probe_variadic_sum(const char* kinds, ...)`: sums its variadic arguments, read as `kinds` says (`i` int, `d` double, `p` pointer to int).
        fn goldberry_probe_variadic_sum(kinds: *const c_char; ...) -> f64;
        /// `GoldberryProbeSize goldberry_probe_upcall(GoldberryProbeMeasure measure, void* context, float width, float height)`: calls `measure` and returns its size with width + 1.
        fn goldberry_probe_upcall(measure: GoldberryProbeMeasure, context: *mut c_void, width: f32, height: f32) -> GoldberryProbeSize;
        /// `int goldberry_probe_fail_with_errno(int code)`: sets `errno = code` and returns -1.
        fn goldberry_probe_fail_with_errno(code: c_int) -> c_int => errno;
    }
}

crate::holders! {
    /// The shim's control of the C heap the whole process allocates from (shim/heap.c).
    pub struct HeapCalls in "libgoldberry" {
        /// `bool goldberry_heap_retain(int32_t bytes)`: sets malloc's trim threshold to `bytes` and its mmap threshold to `bytes` (at most 32 MiB); false when `bytes` is negative or malloc refused.
        fn goldberry_heap_retain(bytes: i32) -> bool;
        /// `bool goldberry_heap_trim(void)`: `malloc_trim(0)`: gives every whole free page of every arena back to the kernel; true when some memory was released.
        fn goldberry_heap_trim() -> bool;
        /// `bool goldberry_heap_arenas(int32_t count)`: `mallopt(M_ARENA_MAX, count)`: at most `count` malloc arenas; false when `count` is below 1 or malloc refused.
        fn goldberry_heap_arenas(count: i32) -> bool;
    }
}
