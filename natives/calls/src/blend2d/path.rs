//! Blend2D paths: build figures from segments and shapes, share, query.

use std::ffi::c_void;

use super::result::BLResult;
use super::types::{BLBox, BLGeometryDirection, BLGeometryType, BLMatrix2D, BLPathCore};

crate::holders! {
    /// The surface of a Blend2D path.
    pub struct PathCalls in "libgoldberry" {
        /// `BLResult blPathInit(BLPathCore* self)`
        fn blPathInit(path: *mut BLPathCore) -> BLResult;
        /// `BLResult blPathReset(BLPathCore* self)`
        fn blPathReset(path: *mut BLPathCore) -> BLResult;
        /// `BLResult blPathAssignWeak(BLPathCore* self, const BLPathCore* other)`
        fn blPathAssignWeak(path: *mut BLPathCore, other: *const BLPathCore) -> BLResult;
        /// `size_t blPathGetSize(const BLPathCore* self)`
        fn blPathGetSize(path: *const BLPathCore) -> usize;
        /// `BLResult blPathMoveTo(BLPathCore* self, double x0, double y0)`
        fn blPathMoveTo(path: *mut BLPathCore, x0: f64, y0: f64) -> BLResult;
        /// `BLResult blPathLineTo(BLPathCore* self, double x1, double y1)`
        fn blPathLineTo(path: *mut BLPathCore, x1: f64, y1: f64) -> BLResult;
        /// `BLResult blPathQuadTo(BLPathCore* self, double x1, double y1, double x2, double y2)`
        fn blPathQuadTo(path: *mut BLPathCore, x1: f64, y1: f64, x2: f64, y2: f64) -> BLResult;
        /// `BLResult blPathCubicTo(BLPathCore* self, double x1, double y1, double x2, double y2, double x3, double y3)`
        fn blPathCubicTo(path: *mut BLPathCore, x1: f64, y1: f64, x2: f64, y2: f64, x3: f64, y3: f64) -> BLResult;
        /// `BLResult blPathArcTo(BLPathCore* self, double x, double y, double rx, double ry, double start, double sweep, bool forceMoveTo)`
        fn blPathArcTo(path: *mut BLPathCore, x: f64, y: f64, rx: f64, ry: f64, start: f64, sweep: f64, force_move_to: bool) -> BLResult;
        /// `BLResult blPathClose(BLPathCore* self)`
        fn blPathClose(path: *mut BLPathCore) -> BLResult;
        /// `BLResult blPathAddGeometry(BLPathCore* self, BLGeometryType geometryType, const void* geometryData, const BLMatrix2D* m, BLGeometryDirection dir)`
        fn blPathAddGeometry(path: *mut BLPathCore, geometry_type: BLGeometryType, geometry_data: *const c_void, m: *const BLMatrix2D, dir: BLGeometryDirection) -> BLResult;
        /// `BLResult blPathGetBoundingBox(const BLPathCore* self, BLBox* boxOut)`
        fn blPathGetBoundingBox(path: *const BLPathCore, box_out: *mut BLBox) -> BLResult;
    }
}
