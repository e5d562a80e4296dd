//! [`Gradient`]: an owned Blend2D gradient (linear, radial or conical) with its colour stops.

use std::ffi::c_void;
use std::ptr;

use goldberry_calls::blend2d::gradient::{
    blGradientAddStopRgba32, blGradientInitAs, blGradientReset, blGradientSetExtendMode,
};
use goldberry_calls::blend2d::types::{
    BL_EXTEND_MODE_PAD, BL_GRADIENT_TYPE_CONIC, BL_GRADIENT_TYPE_LINEAR, BL_GRADIENT_TYPE_RADIAL,
    BLConicGradientValues, BLGradientCore, BLGradientType, BLLinearGradientValues, BLRadialGradientValues,
};

use super::{Blend2dCalls, ExtendMode, Rgba32, bl};
use crate::{Goldberry, NativeError};

/// A Blend2D gradient (`BLGradient`), used as a [`crate::blend2d::Style`].
///
/// `Clone` is cheap (shared until changed, as for [`crate::blend2d::Path`]). `Send + Sync`: see the module
/// documentation ([`crate::blend2d`]); its lazily built colour table is published with a compare-and-swap.
#[derive(Debug)]
pub struct Gradient {
    core: BLGradientCore,
    calls: &'static Blend2dCalls,
}

// SAFETY: the gradient's impl is reference-counted with atomics and read-only through `&Gradient`, except for
// its colour-table cache, which Blend2D publishes atomically (`blGradientImplEnsureLut32`); changing stops takes
// `&mut Gradient`, and Blend2D copies a shared impl before changing it. See the module documentation.
unsafe impl Send for Gradient {}
// SAFETY: as above.
unsafe impl Sync for Gradient {}

impl Gradient {
    /// A linear gradient from (`x0`, `y0`) to (`x1`, `y1`), no stops yet, padded beyond its ends.
    pub fn linear(g: &'static Goldberry, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<Gradient, NativeError> {
        let values = BLLinearGradientValues { x0, y0, x1, y1 };
        Self::init(g, BL_GRADIENT_TYPE_LINEAR, &values as *const BLLinearGradientValues as *const c_void)
    }

    /// A radial gradient about (`cx`, `cy`) with radius `r` and focal point (`fx`, `fy`), no stops yet.
    pub fn radial(g: &'static Goldberry, cx: f64, cy: f64, fx: f64, fy: f64, r: f64) -> Result<Gradient, NativeError> {
        let values = BLRadialGradientValues { x0: cx, y0: cy, x1: fx, y1: fy, r0: r, r1: 0.0 };
        Self::init(g, BL_GRADIENT_TYPE_RADIAL, &values as *const BLRadialGradientValues as *const c_void)
    }

    /// A sweep around (`cx`, `cy`) (`BL_GRADIENT_TYPE_CONIC`), no stops yet: offset 0 at `angle` radians from the
    /// user space's +x axis, turning towards its +y, once round (`repeat` 1).
    pub fn conic(g: &'static Goldberry, cx: f64, cy: f64, angle: f64) -> Result<Gradient, NativeError> {
        let values = BLConicGradientValues { x0: cx, y0: cy, angle, repeat: 1.0 };
        Self::init(g, BL_GRADIENT_TYPE_CONIC, &values as *const BLConicGradientValues as *const c_void)
    }

    fn init(g: &'static Goldberry, kind: BLGradientType, values: *const c_void) -> Result<Gradient, NativeError> {
        let calls = &g.blend2d;
        let mut gradient = Gradient { core: BLGradientCore::default(), calls };
        // SAFETY: `gradient.core` is writable and initialised by the call whatever it returns; `values` points
        // at the values struct `kind` reads, alive for the call; no stops, no matrix.
        unsafe {
            bl!(
                calls.gradient,
                blGradientInitAs(&mut gradient.core, kind, values, BL_EXTEND_MODE_PAD, ptr::null(), 0, ptr::null())
            )
        }?;
        Ok(gradient)
    }

    /// Adds a colour stop at `offset` (0..=1) (`blGradientAddStopRgba32`).
    ///
    /// A colour of alpha 0 is added with alpha 1 (of 255; at most one level anywhere): the beta paints a
    /// gradient whose first stop has alpha 0 in its last stop's colour everywhere (measured: 0x00000000 to
    /// 0xFFFFFFFF painted white throughout; found by the raster fuzz against vello_cpu).
    pub fn add_stop(&mut self, offset: f64, color: Rgba32) -> Result<(), NativeError> {
        let color = if color.0 >> 24 == 0 { color.0 | 0x0100_0000 } else { color.0 };
        // SAFETY: an initialised gradient.
        unsafe { bl!(self.calls.gradient, blGradientAddStopRgba32(&mut self.core, offset, color)) }
    }

    /// What the gradient paints beyond its ends (`blGradientSetExtendMode`).
    pub fn set_extend_mode(&mut self, mode: ExtendMode) -> Result<(), NativeError> {
        // SAFETY: an initialised gradient.
        unsafe { bl!(self.calls.gradient, blGradientSetExtendMode(&mut self.core, mode.to_bl())) }
    }

    /// The number of colour stops (`blGradientGetSize`).
    pub fn stop_count(&self) -> usize {
        // SAFETY: an initialised gradient, only read.
        unsafe { self.calls.gradient.blGradientGetSize.call(&self.core) }
    }

    /// The gradient as the `const void* object` a context's style setters take.
    pub(crate) fn object(&self) -> *const c_void {
        &self.core as *const BLGradientCore as *const c_void
    }
}

impl Clone for Gradient {
    /// Shares the gradient (`blGradientInit` + `blGradientAssignWeak`: one atomic increment).
    fn clone(&self) -> Gradient {
        let mut core = BLGradientCore::default();
        // SAFETY: `core` is writable; init makes it the built-in empty gradient, which the weak assignment
        // replaces by a new reference to `self`'s impl. Neither can fail for initialised arguments.
        let (init, assign) = unsafe {
            (
                self.calls.gradient.blGradientInit.call(&mut core),
                self.calls.gradient.blGradientAssignWeak.call(&mut core, &self.core),
            )
        };
        debug_assert!(init.0 == 0 && assign.0 == 0, "blGradientInit / blGradientAssignWeak cannot fail");
        Gradient { core, calls: self.calls }
    }
}

impl Drop for Gradient {
    fn drop(&mut self) {
        // SAFETY: an initialised gradient, released exactly once here.
        if let Err(error) = unsafe { bl!(self.calls.gradient, blGradientReset(&mut self.core)) } {
            tracing::warn!(%error, "releasing a Blend2D gradient failed");
        }
    }
}
