//! [`Context`]: a synchronous Blend2D rendering context drawing into an [`Image`] or an [`ImageView`].

use std::ffi::c_void;
use std::marker::PhantomData;
use std::ptr;

use goldberry_calls::blend2d::context::{
    blContextApplyTransformOp, blContextBlitImageD, blContextBlitScaledImageD, blContextClearAll, blContextClipToRectD,
    blContextEnd, blContextFillAll, blContextFillGeometry, blContextFillGlyphRunD, blContextFillPathD,
    blContextFillRectD, blContextFlush, blContextGetUserTransform, blContextInitAs, blContextRestore,
    blContextRestoreClipping, blContextSave, blContextSetCompOp, blContextSetFillRule, blContextSetFillStyle,
    blContextSetFillStyleRgba32, blContextSetGlobalAlpha, blContextSetStrokeCaps, blContextSetStrokeJoin,
    blContextSetStrokeMiterLimit, blContextSetStrokeStyle, blContextSetStrokeStyleRgba32, blContextSetStrokeWidth,
    blContextStrokeGeometry, blContextStrokePathD, blContextStrokeRectD,
};
use goldberry_calls::blend2d::image::blImageGetData;
use goldberry_calls::blend2d::types::{
    BL_CONTEXT_FLUSH_SYNC, BL_FORMAT_PRGB32, BL_FORMAT_XRGB32, BL_GEOMETRY_TYPE_CIRCLE, BL_GEOMETRY_TYPE_ELLIPSE,
    BL_GEOMETRY_TYPE_LINE, BL_GEOMETRY_TYPE_ROUND_RECT, BL_GLYPH_PLACEMENT_TYPE_ADVANCE_OFFSET, BL_TRANSFORM_OP_RESET,
    BL_TRANSFORM_OP_ROTATE, BL_TRANSFORM_OP_SCALE, BL_TRANSFORM_OP_TRANSFORM, BL_TRANSFORM_OP_TRANSLATE, BLCircle,
    BLContextCore, BLContextCreateInfo, BLEllipse, BLGeometryType, BLGlyphPlacement, BLGlyphRun, BLImageCore,
    BLImageData, BLLine, BLMatrix2D, BLPoint, BLPointI, BLRectI, BLRoundRect, BLSizeI, BLTransformOp,
};

use super::{
    Blend2dCalls, CompOp, FillRule, Font, Image, ImageView, Path, PixelArea, Rect, StrokeCap, StrokeJoin, Style, bl,
};
use crate::NativeError;
use crate::glyphs::GlyphRun;

/// A Blend2D rendering context, synchronous (`threadCount = 0`; the app's bands are its threads, record 10) unless
/// begun by [`Context::begin_view_threaded`]. It
/// draws into the image it was begun on, which it borrows mutably for `'a`, and ends in `Drop` (or explicitly with
/// [`Context::end`], which reports the result).
///
/// `Send`, not `Sync`: see the module documentation ([`crate::blend2d`]).
#[derive(Debug)]
pub struct Context<'a> {
    core: BLContextCore,
    calls: &'static Blend2dCalls,
    /// Scratch for [`Context::fill_glyph_run`]'s placements, reused from run to run.
    placements: Vec<BLGlyphPlacement>,
    /// The stroke width in effect, and that of each saved state, last saved last: what the strokes' guard
    /// against a pen wider than `STROKE_REACH` reads.
    stroke_width: f64,
    saved_stroke_widths: Vec<f64>,
    /// The rows of a frame's band the context may touch, for a view begun by [`ImageView::frame_rows`]: the clip
    /// every state keeps (see [`Context::restore_clipping`]).
    rows: Option<Rect>,
    _target: PhantomData<&'a mut ()>,
}

/// The widest pen (user units, 2^24) a stroke is drawn with: 0.12's stroker hands the rasterizer an outline its
/// fixed-point edge filler reads out of bounds on (a segmentation fault in `fillAnalytic`, raster fuzz seed 1694 of
/// the 100,000 run: a pen 8.2e25 wide), as the beta's did. The same reach as a path's control points.
pub const STROKE_REACH: f64 = super::path::FAR;

/// Blend2D's stroke width before any is set.
const DEFAULT_STROKE_WIDTH: f64 = 1.0;

/// Where a path's (0, 0) goes in user space: paths carry their own coordinates, so nowhere else.
const PATH_ORIGIN: BLPoint = BLPoint { x: 0.0, y: 0.0 };

// SAFETY: a raster context has no thread affinity (no thread-local state; the shared pipeline runtime is
// lock-protected; an asynchronous one's workers are its own and synchronise with whichever thread calls it), and
// every use goes through `&mut self`, so moving it to another thread is sound.
unsafe impl Send for Context<'_> {}

impl<'a> Context<'a> {
    /// Begins drawing into `target` (`blContextInitAs`).
    pub fn begin(target: &'a mut Image) -> Result<Context<'a>, NativeError> {
        Self::begin_core(target.calls(), &mut target.core, 0)
    }

    /// Begins drawing into the caller's pixels behind `target` (`blContextInitAs`).
    /// A view of a frame's band ([`ImageView::frame_rows`]) is clipped to its rows before this returns.
    pub fn begin_view(target: &'a mut ImageView<'_>) -> Result<Context<'a>, NativeError> {
        Self::begin_rows(target, 0)
    }

    /// Begins drawing into the caller's pixels behind `target` with `threads` worker threads of Blend2D's own
    /// (`threadCount`; 0 is [`Context::begin_view`]'s synchronous context). Such a context queues the commands
    /// and its workers draw them in bands of their own; the pixels are whole once it is flushed or ended. It is
    /// how Blend2D's threads are measured against the app's bands (the `threads` bench).
    pub fn begin_view_threaded(target: &'a mut ImageView<'_>, threads: u32) -> Result<Context<'a>, NativeError> {
        Self::begin_rows(target, threads)
    }

    fn begin_rows(target: &'a mut ImageView<'_>, threads: u32) -> Result<Context<'a>, NativeError> {
        let (top, width, height) = (target.top(), target.width(), target.height());
        let mut context = Self::begin_core(target.calls(), &mut target.core, threads)?;
        if top > 0 {
            let rows = Rect::new(0.0, f64::from(top), f64::from(width), f64::from(height));
            context.clip_to_rect(rows)?;
            context.rows = Some(rows);
        }
        Ok(context)
    }

    fn begin_core(
        calls: &'static Blend2dCalls,
        image: &mut BLImageCore,
        threads: u32,
    ) -> Result<Context<'a>, NativeError> {
        // Pinned to a CPU level, the context compiles its own pipelines for it (see `cpu`).
        let (flags, cpu_features) = super::cpu::create_flags();
        let info = BLContextCreateInfo { flags, threadCount: threads, cpuFeatures: cpu_features, ..Default::default() };
        let mut context = Context {
            core: BLContextCore::default(),
            calls,
            placements: Vec::new(),
            stroke_width: DEFAULT_STROKE_WIDTH,
            saved_stroke_widths: Vec::new(),
            rows: None,
            _target: PhantomData,
        };
        // SAFETY: `context.core` is writable and `blContextInitAs` initialises it first (to the built-in null
        // context, which `Drop`'s `blContextEnd` accepts) whatever it returns; `image` is an initialised image
        // borrowed mutably for `'a`, which the context does not outlive (an asynchronous one's workers are done with it
        // when `blContextEnd` returns, in `end` or `Drop`).
        unsafe { bl!(calls.context, blContextInitAs(&mut context.core, image, &info)) }?;
        Ok(context)
    }

    /// The target's pixels as drawn so far, premultiplied ARGB row by row (`blContextFlush` with
    /// `BL_CONTEXT_FLUSH_SYNC`, then `blImageGetData` on `blContextGetTargetImage`): the backdrop a blend mode
    /// Blend2D has no `BLCompOp` for is computed against. An `XRGB32` target reads with its alpha byte as drawn.
    ///
    /// Refused for a view of a frame's band: the target's other rows are other threads'.
    pub fn target_pixels(&mut self) -> Result<Vec<u32>, NativeError> {
        if self.rows.is_some() {
            return Err(NativeError::InvalidArgument(
                "target_pixels: the target is a band of a frame, whose other rows are not this context's".to_owned(),
            ));
        }
        // SAFETY: `self.core` is an initialised context; a synchronous flush only waits for queued commands.
        unsafe { bl!(self.calls.context, blContextFlush(&mut self.core, BL_CONTEXT_FLUSH_SYNC.0)) }?;
        let mut data =
            BLImageData { pixelData: ptr::null_mut(), stride: 0, size: BLSizeI { w: 0, h: 0 }, format: 0, flags: 0 };
        // SAFETY: an initialised context; it returns the image it was begun on (borrowed for `'a`, so alive),
        // or null for a context with no target.
        let target = unsafe { self.calls.context.blContextGetTargetImage.call(&self.core) };
        if target.is_null() {
            return Err(NativeError::InvalidArgument("target_pixels: the context has no target image".to_owned()));
        }
        // SAFETY: `target` is the context's live target image; `data` is a writable `BLImageData`.
        unsafe { bl!(self.calls.image, blImageGetData(target, &mut data)) }?;
        if data.format != BL_FORMAT_PRGB32.0 && data.format != BL_FORMAT_XRGB32.0 {
            return Err(NativeError::InvalidArgument(format!(
                "target_pixels reads 32-bit targets; this one has BLFormat {}",
                data.format
            )));
        }
        let (width, height) = (usize::try_from(data.size.w), usize::try_from(data.size.h));
        let (Ok(width), Ok(height)) = (width, height) else {
            return Err(NativeError::InvalidArgument(format!(
                "blImageGetData gave a negative size {}x{}",
                data.size.w, data.size.h
            )));
        };
        let Ok(stride) = usize::try_from(data.stride) else {
            return Err(NativeError::InvalidArgument(format!("blImageGetData gave a negative stride {}", data.stride)));
        };
        if data.pixelData.is_null() || width == 0 || height == 0 {
            return Ok(Vec::new());
        }
        if stride < width * 4 {
            return Err(NativeError::InvalidArgument(format!(
                "blImageGetData gave stride {stride} for rows of {} bytes",
                width * 4
            )));
        }
        let mut pixels = Vec::with_capacity(width * height);
        for row in 0..height {
            // SAFETY: the target holds `height` rows of `stride` bytes (positive: Blend2D images and our views
            // are top-down), each with `width` initialised 32-bit pixels; the flush above finished every write
            // and `&mut self` keeps any other draw off them while they are copied.
            let bytes =
                unsafe { std::slice::from_raw_parts((data.pixelData as *const u8).add(row * stride), width * 4) };
            pixels.extend(bytes.chunks_exact(4).map(|p| u32::from_ne_bytes([p[0], p[1], p[2], p[3]])));
        }
        Ok(pixels)
    }

    /// Ends drawing (`blContextEnd`): every pixel is in the target when this returns `Ok`. States still saved
    /// are dropped with the context.
    pub fn end(mut self) -> Result<(), NativeError> {
        // SAFETY: `self.core` is an initialised context; `blContextEnd` leaves it the built-in null context, which
        // `Drop`'s own `blContextEnd` accepts.
        unsafe { bl!(self.calls.context, blContextEnd(&mut self.core)) }
    }

    // ---- state ----

    /// Saves the whole state (transform, styles, clip, ...) on Blend2D's state stack (`blContextSave`).
    pub fn save(&mut self) -> Result<(), NativeError> {
        // SAFETY: an initialised context; a null cookie is allowed (the state is then restored by position).
        unsafe { bl!(self.calls.context, blContextSave(&mut self.core, ptr::null_mut())) }?;
        self.saved_stroke_widths.push(self.stroke_width);
        Ok(())
    }

    /// Restores the last saved state (`blContextRestore`); `BL_ERROR_NO_STATES_TO_RESTORE` if none is saved.
    pub fn restore(&mut self) -> Result<(), NativeError> {
        // SAFETY: an initialised context; a null cookie restores the last saved state.
        unsafe { bl!(self.calls.context, blContextRestore(&mut self.core, ptr::null())) }?;
        if let Some(width) = self.saved_stroke_widths.pop() {
            self.stroke_width = width;
        }
        Ok(())
    }

    fn matrix_op(&mut self, op: BLTransformOp, data: *const c_void) -> Result<(), NativeError> {
        // SAFETY: an initialised context; every caller passes the `opData` its `op` reads (null for reset,
        // two doubles for translate and scale, one for rotate), alive for the call.
        unsafe { bl!(self.calls.context, blContextApplyTransformOp(&mut self.core, op, data)) }
    }

    /// Moves the origin by (`x`, `y`) in the current user space (`BL_TRANSFORM_OP_TRANSLATE`).
    pub fn translate(&mut self, x: f64, y: f64) -> Result<(), NativeError> {
        let data = [x, y];
        self.matrix_op(BL_TRANSFORM_OP_TRANSLATE, data.as_ptr() as *const c_void)
    }

    /// Scales the user space (`BL_TRANSFORM_OP_SCALE`).
    pub fn scale(&mut self, sx: f64, sy: f64) -> Result<(), NativeError> {
        let data = [sx, sy];
        self.matrix_op(BL_TRANSFORM_OP_SCALE, data.as_ptr() as *const c_void)
    }

    /// Rotates the user space by `radians` about its origin, clockwise on screen (`BL_TRANSFORM_OP_ROTATE`).
    pub fn rotate(&mut self, radians: f64) -> Result<(), NativeError> {
        let data = [radians];
        self.matrix_op(BL_TRANSFORM_OP_ROTATE, data.as_ptr() as *const c_void)
    }

    /// Multiplies the user transform by `[m00, m01, m10, m11, m20, m21]` (`BL_TRANSFORM_OP_TRANSFORM`; the layout
    /// of [`Context::user_transform`]): the matrix applies first, then the transform before it.
    pub fn transform(&mut self, m: [f64; 6]) -> Result<(), NativeError> {
        let matrix = BLMatrix2D { m00: m[0], m01: m[1], m10: m[2], m11: m[3], m20: m[4], m21: m[5] };
        self.matrix_op(BL_TRANSFORM_OP_TRANSFORM, &matrix as *const BLMatrix2D as *const c_void)
    }

    /// Resets the user transform to identity (`BL_TRANSFORM_OP_RESET`).
    pub fn reset_transform(&mut self) -> Result<(), NativeError> {
        self.matrix_op(BL_TRANSFORM_OP_RESET, ptr::null())
    }

    /// The user transform as `[m00, m01, m10, m11, m20, m21]` (`blContextGetUserTransform`): a point (x, y) maps
    /// to (x*m00 + y*m10 + m20, x*m01 + y*m11 + m21).
    pub fn user_transform(&self) -> Result<[f64; 6], NativeError> {
        let mut m = BLMatrix2D::default();
        // SAFETY: an initialised context and a writable matrix.
        unsafe { bl!(self.calls.context, blContextGetUserTransform(&self.core, &mut m)) }?;
        Ok([m.m00, m.m01, m.m10, m.m11, m.m20, m.m21])
    }

    /// Intersects the clip with `rect` in user space (`blContextClipToRectD`); [`Context::restore`] or
    /// [`Context::restore_clipping`] undoes it.
    pub fn clip_to_rect(&mut self, rect: Rect) -> Result<(), NativeError> {
        let rect = rect.to_bl();
        // SAFETY: an initialised context and a rect alive for the call.
        unsafe { bl!(self.calls.context, blContextClipToRectD(&mut self.core, &rect)) }
    }

    /// Restores the clip to what it was at the last [`Context::save`] (or the whole target, or a band's rows)
    /// (`blContextRestoreClipping`).
    pub fn restore_clipping(&mut self) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextRestoreClipping(&mut self.core)) }?;
        // With no state saved Blend2D goes back to the whole image; a band's clip was set before any save, so
        // every saved state already holds it.
        match self.rows {
            Some(rows) if self.saved_stroke_widths.is_empty() => {
                // The rows are in the frame's pixels, so clipped with no user transform, which is then put back.
                let transform = self.user_transform()?;
                self.reset_transform()?;
                self.clip_to_rect(rows)?;
                self.transform(transform)
            }
            _ => Ok(()),
        }
    }

    /// Multiplies every drawing's alpha by `alpha` (0..=1) (`blContextSetGlobalAlpha`).
    pub fn set_global_alpha(&mut self, alpha: f64) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextSetGlobalAlpha(&mut self.core, alpha)) }
    }

    /// How drawings combine with the target (`blContextSetCompOp`).
    pub fn set_comp_op(&mut self, op: CompOp) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextSetCompOp(&mut self.core, op.to_bl())) }
    }

    /// What fills paint with (`blContextSetFillStyleRgba32` / `blContextSetFillStyle`).
    pub fn set_fill(&mut self, style: &Style<'_>) -> Result<(), NativeError> {
        match style {
            // SAFETY: an initialised context.
            Style::Solid(color) => unsafe {
                bl!(self.calls.context, blContextSetFillStyleRgba32(&mut self.core, color.0))
            },
            // SAFETY: an initialised context and an initialised gradient, which Blend2D references (atomic
            // count) for as long as it is the style.
            Style::Gradient(gradient) => unsafe {
                bl!(self.calls.context, blContextSetFillStyle(&mut self.core, gradient.object()))
            },
        }
    }

    /// What strokes paint with (`blContextSetStrokeStyleRgba32` / `blContextSetStrokeStyle`).
    pub fn set_stroke(&mut self, style: &Style<'_>) -> Result<(), NativeError> {
        match style {
            // SAFETY: an initialised context.
            Style::Solid(color) => unsafe {
                bl!(self.calls.context, blContextSetStrokeStyleRgba32(&mut self.core, color.0))
            },
            // SAFETY: as in `set_fill`.
            Style::Gradient(gradient) => unsafe {
                bl!(self.calls.context, blContextSetStrokeStyle(&mut self.core, gradient.object()))
            },
        }
    }

    /// Which parts of a self-intersecting path fills cover (`blContextSetFillRule`).
    pub fn set_fill_rule(&mut self, rule: FillRule) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextSetFillRule(&mut self.core, rule.to_bl())) }
    }

    /// Stroke width in user units (`blContextSetStrokeWidth`); at 0 or less, or wider than `STROKE_REACH`,
    /// strokes draw nothing.
    pub fn set_stroke_width(&mut self, width: f64) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextSetStrokeWidth(&mut self.core, width)) }?;
        self.stroke_width = width;
        Ok(())
    }

    /// Whether the pen is wider than `STROKE_REACH`, so that strokes are not handed to Blend2D.
    fn pen_past_reach(&self) -> bool {
        self.stroke_width > STROKE_REACH
    }

    /// Both ends of stroked open lines (`blContextSetStrokeCaps`).
    pub fn set_stroke_caps(&mut self, cap: StrokeCap) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextSetStrokeCaps(&mut self.core, cap.to_bl())) }
    }

    /// The corners of stroked lines (`blContextSetStrokeJoin`).
    pub fn set_stroke_join(&mut self, join: StrokeJoin) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextSetStrokeJoin(&mut self.core, join.to_bl())) }
    }

    /// The miter limit of miter joins (`blContextSetStrokeMiterLimit`).
    pub fn set_stroke_miter_limit(&mut self, limit: f64) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextSetStrokeMiterLimit(&mut self.core, limit)) }
    }

    // ---- drawing ----

    /// Clears the whole target (within the clip) to transparent (`blContextClearAll`).
    pub fn clear_all(&mut self) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextClearAll(&mut self.core)) }
    }

    /// Fills the whole target (within the clip) with the fill style (`blContextFillAll`).
    pub fn fill_all(&mut self) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextFillAll(&mut self.core)) }
    }

    /// Fills `rect` (`blContextFillRectD`).
    pub fn fill_rect(&mut self, rect: Rect) -> Result<(), NativeError> {
        let rect = rect.to_bl();
        // SAFETY: an initialised context and a rect alive for the call.
        unsafe { bl!(self.calls.context, blContextFillRectD(&mut self.core, &rect)) }
    }

    /// Strokes `rect`'s outline (`blContextStrokeRectD`).
    pub fn stroke_rect(&mut self, rect: Rect) -> Result<(), NativeError> {
        if self.pen_past_reach() {
            return Ok(());
        }
        let rect = rect.to_bl();
        // SAFETY: an initialised context and a rect alive for the call.
        unsafe { bl!(self.calls.context, blContextStrokeRectD(&mut self.core, &rect)) }
    }

    fn fill_geometry<T>(&mut self, kind: BLGeometryType, geometry: &T) -> Result<(), NativeError> {
        // SAFETY: an initialised context; every caller passes the geometry struct `kind` names, alive for the
        // call.
        unsafe {
            bl!(self.calls.context, blContextFillGeometry(&mut self.core, kind, geometry as *const T as *const c_void))
        }
    }

    fn stroke_geometry<T>(&mut self, kind: BLGeometryType, geometry: &T) -> Result<(), NativeError> {
        if self.pen_past_reach() {
            return Ok(());
        }
        // SAFETY: as in `fill_geometry`.
        unsafe {
            bl!(
                self.calls.context,
                blContextStrokeGeometry(&mut self.core, kind, geometry as *const T as *const c_void)
            )
        }
    }

    /// Fills `rect` with corners rounded by `radius` (`BL_GEOMETRY_TYPE_ROUND_RECT`).
    pub fn fill_round_rect(&mut self, rect: Rect, radius: f64) -> Result<(), NativeError> {
        self.fill_geometry(BL_GEOMETRY_TYPE_ROUND_RECT, &round_rect(rect, radius))
    }

    /// Strokes the outline of `rect` with corners rounded by `radius` (`BL_GEOMETRY_TYPE_ROUND_RECT`).
    pub fn stroke_round_rect(&mut self, rect: Rect, radius: f64) -> Result<(), NativeError> {
        self.stroke_geometry(BL_GEOMETRY_TYPE_ROUND_RECT, &round_rect(rect, radius))
    }

    /// Fills the circle of radius `r` about (`cx`, `cy`) (`BL_GEOMETRY_TYPE_CIRCLE`); a radius that is not
    /// positive is no circle and draws nothing.
    pub fn fill_circle(&mut self, cx: f64, cy: f64, r: f64) -> Result<(), NativeError> {
        // The beta fills a negative radius as its absolute value, where the bounds a band culls by cover nothing
        // (raster fuzz seed 533: drawn by one context, not by three bands).
        if r.is_nan() || r <= 0.0 {
            return Ok(());
        }
        self.fill_geometry(BL_GEOMETRY_TYPE_CIRCLE, &BLCircle { cx, cy, r })
    }

    /// Strokes the circle of radius `r` about (`cx`, `cy`) (`BL_GEOMETRY_TYPE_CIRCLE`); a negative radius, as
    /// for [`Context::fill_circle`], draws nothing.
    pub fn stroke_circle(&mut self, cx: f64, cy: f64, r: f64) -> Result<(), NativeError> {
        if r < 0.0 {
            return Ok(());
        }
        self.stroke_geometry(BL_GEOMETRY_TYPE_CIRCLE, &BLCircle { cx, cy, r })
    }

    /// Fills the ellipse with radii `rx`, `ry` about (`cx`, `cy`) (`BL_GEOMETRY_TYPE_ELLIPSE`).
    pub fn fill_ellipse(&mut self, cx: f64, cy: f64, rx: f64, ry: f64) -> Result<(), NativeError> {
        self.fill_geometry(BL_GEOMETRY_TYPE_ELLIPSE, &BLEllipse { cx, cy, rx, ry })
    }

    /// Strokes the ellipse with radii `rx`, `ry` about (`cx`, `cy`) (`BL_GEOMETRY_TYPE_ELLIPSE`).
    pub fn stroke_ellipse(&mut self, cx: f64, cy: f64, rx: f64, ry: f64) -> Result<(), NativeError> {
        self.stroke_geometry(BL_GEOMETRY_TYPE_ELLIPSE, &BLEllipse { cx, cy, rx, ry })
    }

    /// Strokes the line from (`x0`, `y0`) to (`x1`, `y1`) (`BL_GEOMETRY_TYPE_LINE`).
    pub fn stroke_line(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) -> Result<(), NativeError> {
        self.stroke_geometry(BL_GEOMETRY_TYPE_LINE, &BLLine { x0, y0, x1, y1 })
    }

    /// Fills `path` (`blContextFillPathD`).
    pub fn fill_path(&mut self, path: &Path) -> Result<(), NativeError> {
        // SAFETY: an initialised context, an initialised path (only read) and an origin alive for the call.
        unsafe { bl!(self.calls.context, blContextFillPathD(&mut self.core, &PATH_ORIGIN, &path.core)) }
    }

    /// Strokes `path` (`blContextStrokePathD`).
    pub fn stroke_path(&mut self, path: &Path) -> Result<(), NativeError> {
        if self.pen_past_reach() {
            return Ok(());
        }
        // SAFETY: an initialised context, an initialised path (only read) and an origin alive for the call.
        unsafe { bl!(self.calls.context, blContextStrokePathD(&mut self.core, &PATH_ORIGIN, &path.core)) }
    }

    /// Fills a shaped run of glyphs in `font` with its pen starting at the baseline point (`x`, `y`)
    /// (`blContextFillGlyphRunD`, 4-byte glyph ids, `BL_GLYPH_PLACEMENT_TYPE_ADVANCE_OFFSET`).
    ///
    /// Placements are design units, y up as HarfBuzz gives them: Blend2D maps them through the font's matrix,
    /// whose y scale is negative (`blFontCalcProperties`: `-yScale`), so they are passed unchanged. A run shaped
    /// at another units-per-em than `font`'s face is rescaled to the face's. Glyph ids are 32-bit, as HarfBuzz's.
    pub fn fill_glyph_run(&mut self, font: &Font, x: f64, y: f64, run: &GlyphRun) -> Result<(), NativeError> {
        if run.glyphs.len() != run.placements.len() {
            return Err(NativeError::InvalidArgument(format!(
                "a glyph run of {} glyphs has {} placements",
                run.glyphs.len(),
                run.placements.len()
            )));
        }
        if run.glyphs.is_empty() {
            return Ok(());
        }
        let face_units = i64::from(font.face_units_per_em());
        let run_units = i64::from(run.units_per_em);
        let rescale = run_units != 0 && face_units != 0 && run_units != face_units;
        let convert = |value: i32| -> i32 {
            if rescale {
                // `as` saturates: no real font comes near i32's range.
                (f64::from(value) * face_units as f64 / run_units as f64).round() as i32
            } else {
                value
            }
        };
        self.placements.clear();
        self.placements.extend(run.placements.iter().map(|p| BLGlyphPlacement {
            placement: BLPointI { x: convert(p.offset_x), y: convert(p.offset_y) },
            advance: BLPointI { x: convert(p.advance_x), y: convert(p.advance_y) },
        }));
        let glyph_run = BLGlyphRun {
            glyphData: run.glyphs.as_ptr() as *mut c_void,
            placementData: self.placements.as_ptr() as *mut c_void,
            size: run.glyphs.len(),
            reserved: 0,
            placementType: BL_GLYPH_PLACEMENT_TYPE_ADVANCE_OFFSET.0 as u8,
            glyphAdvance: 4,
            placementAdvance: std::mem::size_of::<BLGlyphPlacement>() as i8,
            flags: 0,
        };
        let origin = BLPoint { x, y };
        // SAFETY: an initialised context and font; `glyph_run` points at `size` 4-byte glyph ids (`run.glyphs`)
        // and `size` placements (`self.placements`), both alive and unchanged for the call; Blend2D only reads
        // through the run's pointers although they are declared mutable.
        unsafe { bl!(self.calls.context, blContextFillGlyphRunD(&mut self.core, &origin, &font.core, &glyph_run)) }
    }

    /// Draws `image` unscaled with its top-left corner at (`x`, `y`) (`blContextBlitImageD`).
    pub fn blit_image(&mut self, x: f64, y: f64, image: &Image) -> Result<(), NativeError> {
        let origin = BLPoint { x, y };
        // SAFETY: an initialised context and image (only read); a null area means the whole image.
        unsafe { bl!(self.calls.context, blContextBlitImageD(&mut self.core, &origin, &image.core, ptr::null())) }
    }

    /// Draws the `area` of `image` unscaled with that area's top-left corner at (`x`, `y`)
    /// (`blContextBlitImageD` with an image area). Blend2D clips an area reaching past the image to the image.
    pub fn blit_image_area(&mut self, x: f64, y: f64, image: &Image, area: PixelArea) -> Result<(), NativeError> {
        let origin = BLPoint { x, y };
        let area = BLRectI { x: area.x, y: area.y, w: area.w, h: area.h };
        // SAFETY: an initialised context and image (only read); `area` is a live BLRectI for the call.
        unsafe { bl!(self.calls.context, blContextBlitImageD(&mut self.core, &origin, &image.core, &area)) }
    }

    /// Draws `image` scaled into `rect` (`blContextBlitScaledImageD`).
    pub fn blit_scaled_image(&mut self, rect: Rect, image: &Image) -> Result<(), NativeError> {
        let rect = rect.to_bl();
        // SAFETY: an initialised context and image (only read); a null area means the whole image.
        unsafe { bl!(self.calls.context, blContextBlitScaledImageD(&mut self.core, &rect, &image.core, ptr::null())) }
    }
}

impl Drop for Context<'_> {
    fn drop(&mut self) {
        // SAFETY: an initialised context (or the built-in null one `end` left); `blContextEnd` releases it, and
        // ending the null context is a no-op.
        if let Err(error) = unsafe { bl!(self.calls.context, blContextEnd(&mut self.core)) } {
            tracing::warn!(%error, "ending a Blend2D context failed");
        }
    }
}

fn round_rect(rect: Rect, radius: f64) -> BLRoundRect {
    BLRoundRect { x: rect.x, y: rect.y, w: rect.w, h: rect.h, rx: radius, ry: radius }
}
