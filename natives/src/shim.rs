//! The shim's surface in safe Rust: ABI version, the C compiler's layout table, the ABI probes, and heap
//! retention.

use std::ffi::{CStr, c_char, c_int, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};

use goldberry_calls::shim::{
    GoldberryConstantRow, GoldberryProbeSize, GoldberryStructRow, goldberry_heap_arenas, goldberry_heap_retain,
};

use crate::{Goldberry, NativeError};

/// The versions of the native libraries in libgoldberry ([`Goldberry::versions`]), "major.minor.patch" each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NativeVersions {
    /// Blend2D's, from its runtime.
    pub blend2d: String,
    /// Yoga's, from the shim.
    pub yoga: String,
    /// HarfBuzz's, from `hb_version_string`.
    pub harfbuzz: String,
}

/// One row of the C side's layout table (see [`goldberry_calls::StructLayout`] for Rust's side).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CStructLayout {
    /// The C struct's name.
    pub name: String,
    /// The field, or "" for the whole struct.
    pub field: String,
    /// `sizeof`.
    pub size: u64,
    /// `offsetof`.
    pub offset: u64,
    /// `_Alignof`.
    pub align: u64,
}

/// One constant of the C side's layout table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CConstant {
    /// The constant's C name.
    pub name: String,
    /// Its value, as the C compiler computed it.
    pub value: i64,
}

fn c_text(text: *const c_char) -> String {
    if text.is_null() {
        return String::new();
    }
    // SAFETY: the layout table's strings are string literals in libgoldberry, which is never unloaded.
    unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned()
}

fn rows<T>(fetch: impl FnOnce(*mut usize) -> *const T) -> &'static [T] {
    let mut count = 0usize;
    let rows = fetch(&mut count);
    if rows.is_null() || count == 0 {
        return &[];
    }
    // SAFETY: the shim returns a static array of `count` rows that lives as long as the library (forever).
    unsafe { std::slice::from_raw_parts(rows, count) }
}

impl Goldberry {
    /// The version of each native library in libgoldberry, as the loaded library reports it: Blend2D's runtime
    /// (`blRuntimeQueryInfo`), HarfBuzz's `hb_version_string`, and for Yoga, which has no version function, the
    /// shim's `goldberry_yoga_version` (the Yoga source natives/build.rs compiled).
    pub fn versions(&'static self) -> Result<NativeVersions, NativeError> {
        let (major, minor, patch) = crate::blend2d::build_info(self)?.version;
        let text = |pointer: *const c_char| {
            if pointer.is_null() {
                return String::from("unknown");
            }
            // SAFETY: both functions return a static NUL-terminated string, alive as long as the library (forever).
            unsafe { CStr::from_ptr(pointer) }.to_string_lossy().into_owned()
        };
        // SAFETY: both take nothing and return a pointer to a static string.
        let (yoga, harfbuzz) =
            unsafe { (self.shim.goldberry_yoga_version.call(), self.harfbuzz.font.hb_version_string.call()) };
        Ok(NativeVersions { blend2d: format!("{major}.{minor}.{patch}"), yoga: text(yoga), harfbuzz: text(harfbuzz) })
    }

    /// `goldberry_abi_version()`: the ABI version libgoldberry was built with.
    #[inline]
    pub fn abi_version(&self) -> u32 {
        // SAFETY: takes nothing, returns a constant.
        unsafe { self.abi.goldberry_abi_version.call() }
    }

    /// Keeps up to `bytes` of freed memory in the process for its next allocations (malloc's trim threshold),
    /// and serves blocks of up to `bytes` (at most 32 MiB) from that memory rather than from mappings of their
    /// own (its mmap threshold), for every allocation in the process: Rust's, Blend2D's, Yoga's and HarfBuzz's.
    ///
    /// By default glibc hands freed memory back to the kernel, so a program that frees and allocates megabytes
    /// every frame pays a page fault for every page it touches again (record 10); the cost is that the process
    /// keeps its peak heap resident.
    pub fn retain_freed_memory(&self, bytes: usize) -> Result<(), NativeError> {
        let Ok(c_bytes) = i32::try_from(bytes) else {
            return Err(NativeError::InvalidArgument(format!(
                "goldberry_heap_retain: {bytes} bytes is more than malloc's thresholds can hold (at most {})",
                i32::MAX
            )));
        };
        // SAFETY: a plain value in, a bool out; mallopt may be called at any time from any thread.
        if unsafe { self.heap.goldberry_heap_retain.call(c_bytes) } {
            Ok(())
        } else {
            Err(NativeError::Failed {
                function: goldberry_heap_retain::SYMBOL,
                context: format!("malloc refused a trim and mmap threshold of {bytes} bytes"),
            })
        }
    }

    /// Gives the memory the heap keeps free back to the kernel (`malloc_trim(0)`): after the window's size changed,
    /// what [`Goldberry::retain_freed_memory`] kept was sized for frames that will not come back. Returns whether
    /// any memory was released.
    pub fn trim_freed_memory(&self) -> bool {
        // SAFETY: no arguments; malloc_trim locks each arena itself and may be called from any thread.
        unsafe { self.heap.goldberry_heap_trim.call() }
    }

    /// Caps the C heap at `count` arenas (`mallopt(M_ARENA_MAX)`), for every allocation in the process. glibc
    /// gives each allocating thread an arena of its own, up to 8 per core, and memory freed into one arena serves
    /// only its threads: with threads that allocate in turn, the resident peak creeps up while the heap does not.
    pub fn limit_heap_arenas(&self, count: usize) -> Result<(), NativeError> {
        let c_count = i32::try_from(count).unwrap_or(i32::MAX);
        // SAFETY: a plain value in, a bool out; mallopt may be called at any time from any thread.
        if count >= 1 && unsafe { self.heap.goldberry_heap_arenas.call(c_count) } {
            Ok(())
        } else {
            Err(NativeError::Failed {
                function: goldberry_heap_arenas::SYMBOL,
                context: format!("malloc refused {count} arenas"),
            })
        }
    }

    /// The C compiler's layout of every struct and field the Rust side declares.
    pub fn c_struct_layouts(&self) -> Vec<CStructLayout> {
        // SAFETY: `count` is a valid out-pointer for the duration of the call.
        let table: &[GoldberryStructRow] = rows(|count| unsafe { self.shim.goldberry_layout_structs.call(count) });
        table
            .iter()
            .map(|row| CStructLayout {
                name: c_text(row.name),
                field: c_text(row.field),
                size: row.size,
                offset: row.offset,
                align: row.align,
            })
            .collect()
    }

    /// The C compiler's value of every constant the Rust side declares.
    pub fn c_constants(&self) -> Vec<CConstant> {
        // SAFETY: `count` is a valid out-pointer for the duration of the call.
        let table: &[GoldberryConstantRow] = rows(|count| unsafe { self.shim.goldberry_layout_constants.call(count) });
        table.iter().map(|row| CConstant { name: c_text(row.name), value: row.value }).collect()
    }

    /// Probe: `goldberry_probe_pair(value, unit)` returns the struct `{value * 2, unit + 1}` by value.
    pub fn probe_pair(&self, value: f32, unit: i32) -> (f32, i32) {
        // SAFETY: plain values in, a plain struct out.
        let pair = unsafe { self.shim.goldberry_probe_pair.call(value, unit) };
        (pair.value, pair.unit)
    }

    /// Probe: `goldberry_probe_negate(value)` passes and returns a one-byte `_Bool`.
    pub fn probe_negate(&self, value: bool) -> bool {
        // SAFETY: a bool in, a bool out.
        unsafe { self.shim.goldberry_probe_negate.call(value) }
    }

    /// Probe: `goldberry_probe_variadic_sum("idpi", a, b, &c, d)`: C varargs mixing int, double and a pointer
    /// after the fixed argument. Returns the C side's sum.
    pub fn probe_variadic_sum(&self, a: i32, b: f64, c: i32, d: i32) -> f64 {
        let sum = self.shim.goldberry_probe_variadic_sum.function();
        let pointed: c_int = c;
        // SAFETY: the kinds string says exactly the types passed: int, double, pointer to int, int; the
        // pointer is valid for the call.
        unsafe { sum(c"idpi".as_ptr(), a as c_int, b, &pointed as *const c_int, d as c_int) }
    }

    /// Probe: `goldberry_probe_upcall` calls `measure(width, height)` back in Rust, which returns a
    /// `{float, float}` struct by value; the C side adds 1 to the width. A panic in `measure` is caught at
    /// the boundary and comes back as `None`.
    pub fn probe_upcall(
        &self,
        width: f32,
        height: f32,
        measure: &mut dyn FnMut(f32, f32) -> (f32, f32),
    ) -> Option<(f32, f32)> {
        struct UpcallState<'a> {
            measure: &'a mut dyn FnMut(f32, f32) -> (f32, f32),
            panicked: bool,
        }
        unsafe extern "C" fn trampoline(context: *mut c_void, width: f32, height: f32) -> GoldberryProbeSize {
            // SAFETY: `context` is the `UpcallState` below, alive and exclusively ours for the call.
            let state = unsafe { &mut *(context as *mut UpcallState<'_>) };
            match catch_unwind(AssertUnwindSafe(|| (state.measure)(width, height))) {
                Ok((width, height)) => GoldberryProbeSize { width, height },
                Err(_) => {
                    state.panicked = true;
                    GoldberryProbeSize { width: 0.0, height: 0.0 }
                }
            }
        }
        let mut state = UpcallState { measure, panicked: false };
        // SAFETY: the trampoline matches `GoldberryProbeMeasure`, and `state` outlives the call.
        let size = unsafe {
            self.shim.goldberry_probe_upcall.call(
                Some(trampoline),
                &mut state as *mut UpcallState<'_> as *mut c_void,
                width,
                height,
            )
        };
        (!state.panicked).then_some((size.width, size.height))
    }

    /// Probe: `goldberry_probe_fail_with_errno(code)` sets errno and returns -1; the holder hands back
    /// `(result, errno)` with errno read immediately after the call.
    pub fn probe_fail_with_errno(&self, code: i32) -> (i32, i32) {
        // SAFETY: plain value in, plain value out.
        unsafe { self.shim.goldberry_probe_fail_with_errno.call(code) }
    }
}
