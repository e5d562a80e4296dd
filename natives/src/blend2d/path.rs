//! [`Path`]: an owned Blend2D path, built from segments and shapes, shared by reference counting.

use std::ffi::c_void;
use std::ptr;

use goldberry_calls::blend2d::path::{
    blPathAddGeometry, blPathArcTo, blPathClose, blPathCubicTo, blPathGetBoundingBox, blPathInit, blPathLineTo,
    blPathMoveTo, blPathQuadTo, blPathReset,
};
use goldberry_calls::blend2d::types::{
    BL_GEOMETRY_DIRECTION_CW, BL_GEOMETRY_TYPE_CIRCLE, BL_GEOMETRY_TYPE_ELLIPSE, BL_GEOMETRY_TYPE_RECTD,
    BL_GEOMETRY_TYPE_ROUND_RECT, BLBox, BLCircle, BLEllipse, BLGeometryType, BLPathCore, BLRoundRect,
};

use super::{Blend2dCalls, Rect, bl};
use crate::{Goldberry, NativeError};

/// A Blend2D path (`BLPath`): figures of lines and curves, filled or stroked by a [`crate::blend2d::Context`].
///
/// `Clone` is cheap: the clone shares the path data (an atomic reference count) until either is changed, when
/// Blend2D copies it. `Send + Sync`: see the module documentation ([`crate::blend2d`]).
///
/// Its points are finite: every method that adds one refuses NaN and infinities with
/// [`NativeError::InvalidArgument`] (the beta's rasterizer crashes on a NaN point). Every segment continues a
/// figure: a line or curve with no figure open (on an empty path, or right after a close) is refused, and a
/// close with none open does nothing. The beta's stroker refuses such a path (`BL_ERROR_INVALID_GEOMETRY`), and
/// that refusal leaves its raster worker's memory freed but in use: the next context in the process read it and
/// crashed (measured with valgrind: a use after free in `BLRasterFiller::fillAnalyticImpl`).
#[derive(Debug)]
pub struct Path {
    pub(crate) core: BLPathCore,
    calls: &'static Blend2dCalls,
    /// Whether the last figure is open, so that a segment may continue it.
    open: bool,
}

// SAFETY: the path's impl is reference-counted with atomics, read-only through `&Path`, and copied by Blend2D
// before a change when shared; changing it takes `&mut Path`. See the module documentation.
unsafe impl Send for Path {}
// SAFETY: as above: shared references only read the impl.
unsafe impl Sync for Path {}

/// An arc of the ellipse about (`cx`, `cy`) with radii `rx`, `ry`, from angle `start` through `sweep` radians.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct EllipticArc {
    /// Centre x.
    pub cx: f64,
    /// Centre y.
    pub cy: f64,
    /// Radius along x.
    pub rx: f64,
    /// Radius along y.
    pub ry: f64,
    /// The angle it starts at, in radians.
    pub start: f64,
    /// The angle it spans, in radians (negative: the other way round).
    pub sweep: f64,
}

impl Path {
    /// An empty path (`blPathInit`).
    pub fn new(g: &'static Goldberry) -> Result<Path, NativeError> {
        let calls = &g.blend2d;
        let mut path = Path { core: BLPathCore { r#impl: ptr::null_mut() }, calls, open: false };
        // SAFETY: `path.core` is writable; `blPathInit` initialises it.
        unsafe { bl!(calls.path, blPathInit(&mut path.core)) }?;
        Ok(path)
    }

    /// Starts a new figure at (`x`, `y`) (`blPathMoveTo`).
    pub fn move_to(&mut self, x: f64, y: f64) -> Result<(), NativeError> {
        finite("blPathMoveTo", &[x, y])?;
        // SAFETY: an initialised path.
        unsafe { bl!(self.calls.path, blPathMoveTo(&mut self.core, x, y)) }?;
        self.open = true;
        Ok(())
    }

    /// A straight line to (`x`, `y`) (`blPathLineTo`).
    pub fn line_to(&mut self, x: f64, y: f64) -> Result<(), NativeError> {
        finite("blPathLineTo", &[x, y])?;
        self.continues("blPathLineTo")?;
        // SAFETY: an initialised path.
        unsafe { bl!(self.calls.path, blPathLineTo(&mut self.core, x, y)) }
    }

    /// A quadratic curve through control point (`x1`, `y1`) to (`x2`, `y2`) (`blPathQuadTo`).
    pub fn quad_to(&mut self, x1: f64, y1: f64, x2: f64, y2: f64) -> Result<(), NativeError> {
        finite("blPathQuadTo", &[x1, y1, x2, y2])?;
        self.continues("blPathQuadTo")?;
        // SAFETY: an initialised path.
        unsafe { bl!(self.calls.path, blPathQuadTo(&mut self.core, x1, y1, x2, y2)) }
    }

    /// A cubic curve through control points (`x1`, `y1`), (`x2`, `y2`) to (`x3`, `y3`) (`blPathCubicTo`).
    pub fn cubic_to(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, x3: f64, y3: f64) -> Result<(), NativeError> {
        finite("blPathCubicTo", &[x1, y1, x2, y2, x3, y3])?;
        self.continues("blPathCubicTo")?;
        // SAFETY: an initialised path.
        unsafe { bl!(self.calls.path, blPathCubicTo(&mut self.core, x1, y1, x2, y2, x3, y3)) }
    }

    /// Adds `arc`; it starts a new figure when `force_move_to` or when no figure is open, otherwise a line joins
    /// it to the current point (`blPathArcTo`).
    pub fn arc_to(&mut self, arc: EllipticArc, force_move_to: bool) -> Result<(), NativeError> {
        let EllipticArc { cx, cy, rx, ry, start, sweep } = arc;
        finite("blPathArcTo", &[cx, cy, rx, ry, start, sweep])?;
        let force_move_to = force_move_to || !self.open;
        // SAFETY: an initialised path.
        unsafe { bl!(self.calls.path, blPathArcTo(&mut self.core, cx, cy, rx, ry, start, sweep, force_move_to)) }?;
        self.open = true;
        Ok(())
    }

    /// Closes the current figure (`blPathClose`).
    pub fn close(&mut self) -> Result<(), NativeError> {
        if !self.open {
            return Ok(());
        }
        // SAFETY: an initialised path.
        unsafe { bl!(self.calls.path, blPathClose(&mut self.core)) }?;
        self.open = false;
        Ok(())
    }

    /// Refuses a segment when no figure is open (see the type's documentation).
    fn continues(&self, function: &str) -> Result<(), NativeError> {
        if self.open {
            Ok(())
        } else {
            Err(NativeError::InvalidArgument(format!("{function}: no figure to continue (move_to first)")))
        }
    }

    fn add_geometry<T>(&mut self, kind: BLGeometryType, geometry: &T) -> Result<(), NativeError> {
        // Each shape is a closed figure of its own.
        self.open = false;
        // SAFETY: an initialised path; every caller passes the geometry struct `kind` names, alive for the
        // call; no transform (null matrix).
        unsafe {
            bl!(
                self.calls.path,
                blPathAddGeometry(
                    &mut self.core,
                    kind,
                    geometry as *const T as *const c_void,
                    ptr::null(),
                    BL_GEOMETRY_DIRECTION_CW
                )
            )
        }
    }

    /// Adds `rect` as a closed figure (`blPathAddGeometry`, `BL_GEOMETRY_TYPE_RECTD`).
    pub fn add_rect(&mut self, rect: Rect) -> Result<(), NativeError> {
        finite("blPathAddGeometry", &[rect.x, rect.y, rect.w, rect.h])?;
        self.add_geometry(BL_GEOMETRY_TYPE_RECTD, &rect.to_bl())
    }

    /// Adds `rect` with corners rounded by `radius` as a closed figure (`BL_GEOMETRY_TYPE_ROUND_RECT`).
    pub fn add_round_rect(&mut self, rect: Rect, radius: f64) -> Result<(), NativeError> {
        finite("blPathAddGeometry", &[rect.x, rect.y, rect.w, rect.h, radius])?;
        let round = BLRoundRect { x: rect.x, y: rect.y, w: rect.w, h: rect.h, rx: radius, ry: radius };
        self.add_geometry(BL_GEOMETRY_TYPE_ROUND_RECT, &round)
    }

    /// Adds the circle of radius `r` about (`cx`, `cy`) (`BL_GEOMETRY_TYPE_CIRCLE`).
    pub fn add_circle(&mut self, cx: f64, cy: f64, r: f64) -> Result<(), NativeError> {
        finite("blPathAddGeometry", &[cx, cy, r])?;
        self.add_geometry(BL_GEOMETRY_TYPE_CIRCLE, &BLCircle { cx, cy, r })
    }

    /// Adds the ellipse with radii `rx`, `ry` about (`cx`, `cy`) (`BL_GEOMETRY_TYPE_ELLIPSE`).
    pub fn add_ellipse(&mut self, cx: f64, cy: f64, rx: f64, ry: f64) -> Result<(), NativeError> {
        finite("blPathAddGeometry", &[cx, cy, rx, ry])?;
        self.add_geometry(BL_GEOMETRY_TYPE_ELLIPSE, &BLEllipse { cx, cy, rx, ry })
    }

    /// The number of vertices (commands) in the path (`blPathGetSize`).
    pub fn len(&self) -> usize {
        // SAFETY: an initialised path, only read.
        unsafe { self.calls.path.blPathGetSize.call(&self.core) }
    }

    /// Whether the path has no vertices.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The smallest rectangle holding every point of the path's curves (`blPathGetBoundingBox`).
    pub fn bounding_box(&self) -> Result<Rect, NativeError> {
        let mut b = BLBox::default();
        // SAFETY: an initialised path and a writable box.
        unsafe { bl!(self.calls.path, blPathGetBoundingBox(&self.core, &mut b)) }?;
        Ok(Rect::new(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0))
    }
}

/// Refuses a point that is not finite: the beta's rasterizer crashes (a segmentation fault, or memory taken
/// until the system kills the process; measured) filling a path with a NaN in a line's point, and no such
/// point names a place to draw.
fn finite(function: &str, values: &[f64]) -> Result<(), NativeError> {
    match values.iter().find(|v| !v.is_finite()) {
        None => Ok(()),
        Some(v) => Err(NativeError::InvalidArgument(format!("{function}: a coordinate is {v}, not a finite number"))),
    }
}

impl Clone for Path {
    /// Shares the path data (`blPathInit` + `blPathAssignWeak`: one atomic increment).
    fn clone(&self) -> Path {
        let mut core = BLPathCore { r#impl: ptr::null_mut() };
        // SAFETY: `core` is writable; `blPathInit` makes it the built-in empty path, which `blPathAssignWeak`
        // then replaces by a new reference to `self`'s impl. Both only fail for an uninitialised path (init
        // always returns success; releasing the built-in empty path does nothing), so the results are success.
        let (init, assign) = unsafe {
            (self.calls.path.blPathInit.call(&mut core), self.calls.path.blPathAssignWeak.call(&mut core, &self.core))
        };
        debug_assert!(init.0 == 0 && assign.0 == 0, "blPathInit / blPathAssignWeak cannot fail");
        Path { core, calls: self.calls, open: self.open }
    }
}

impl Drop for Path {
    fn drop(&mut self) {
        // SAFETY: an initialised path, released exactly once here.
        if let Err(error) = unsafe { bl!(self.calls.path, blPathReset(&mut self.core)) } {
            tracing::warn!(%error, "releasing a Blend2D path failed");
        }
    }
}
