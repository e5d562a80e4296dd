//! Blend2D gradients: linear and radial, with colour stops.

use std::ffi::c_void;

use super::result::BLResult;
use super::types::{BLExtendMode, BLGradientCore, BLGradientStop, BLGradientType, BLMatrix2D};

crate::holders! {
    /// The surface of a Blend2D gradient.
    pub struct GradientCalls in "libgoldberry" {
        /// `BLResult blGradientInit(BLGradientCore* self)`
        fn blGradientInit(gradient: *mut BLGradientCore) -> BLResult;
        /// `BLResult blGradientInitAs(BLGradientCore* self, BLGradientType type, const void* values, BLExtendMode extendMode, const BLGradientStop* stops, size_t n, const BLMatrix2D* transform)`
        fn blGradientInitAs(gradient: *mut BLGradientCore, r#type: BLGradientType, values: *const c_void, extend_mode: BLExtendMode, stops: *const BLGradientStop, n: usize, m: *const BLMatrix2D) -> BLResult;
        /// `BLResult blGradientReset(BLGradientCore* self)`
        fn blGradientReset(gradient: *mut BLGradientCore) -> BLResult;
        /// `BLResult blGradientAssignWeak(BLGradientCore* self, const BLGradientCore* other)`
        fn blGradientAssignWeak(gradient: *mut BLGradientCore, other: *const BLGradientCore) -> BLResult;
        /// `BLResult blGradientSetExtendMode(BLGradientCore* self, BLExtendMode extendMode)`
        fn blGradientSetExtendMode(gradient: *mut BLGradientCore, extend_mode: BLExtendMode) -> BLResult;
        /// `size_t blGradientGetSize(const BLGradientCore* self)`
        fn blGradientGetSize(gradient: *const BLGradientCore) -> usize;
        /// `BLResult blGradientAddStopRgba32(BLGradientCore* self, double offset, uint32_t argb32)`
        fn blGradientAddStopRgba32(gradient: *mut BLGradientCore, offset: f64, argb32: u32) -> BLResult;
    }
}
