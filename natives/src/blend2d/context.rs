//! [`Context`]: a synchronous Blend2D rendering context drawing into an [`Image`] or an [`ImageView`].

use std::ffi::c_void;
use std::marker::PhantomData;
use std::ptr;

use goldberry_calls::blend2d::context::{
    blContextBlitImageD, blContextBlitScaledImageD, blContextClearAll, blContextClipToRectD, blContextEnd,
    blContextFillAll, blContextFillGeometry, blContextFillGlyphRunD, blContextFillPathD, blContextFillRectD,
    blContextFlush, blContextGetUserTransform, blContextInitAs, blContextApplyTransformOp, blContextRestore,
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

/// A synchronous Blend2D rendering context (`threadCount = 0`: the beta's threaded context aborts at
/// `blContextEnd`). It draws into the image it was begun on, which it borrows mutably for `'a`, and ends in
/// `Drop` (or explicitly with [`Context::end`], which reports the result).
///
/// `Send`, not `Sync`: see the module documentation ([`crate::blend2d`]).
#[derive(Debug)]
pub struct Context<'a> {
    core: BLContextCore,
    calls: &'static Blend2dCalls,
    /// Scratch for [`Context::fill_glyph_run`]'s placements, reused from run to run.
    placements: Vec<BLGlyphPlacement>,
    /// How many saved states [`Context::restore`] has not restored yet (see [`Context::end`]).
    saved: usize,
    /// The clip's top and bottom on the target (device rows, fractional), and those of each saved state: what
    /// [`Context::fill_rect`] needs to see the box Blend2D's box filler will get.
    /// `None` once states are saved deeper than [`SAVED_CLIPS`] (every rect then takes the safe path).
    clip_rows: Option<(f64, f64)>,
    saved_clip_rows: [Option<(f64, f64)>; SAVED_CLIPS],
    /// The clip's left and right on the target, as `clip_rows` (what [`Context::blit_image_area`] needs).
    clip_cols: Option<(f64, f64)>,
    saved_clip_cols: [Option<(f64, f64)>; SAVED_CLIPS],
    /// The stroke width, and that of each saved state (`None`: not followed that deep): a stroke of no width is
    /// not handed to the beta, whose stroker takes memory without end on some paths at width 0 (measured: all
    /// of 24 GiB, or `BL_ERROR_OUT_OF_MEMORY` under a limit).
    stroke_width: Option<f64>,
    saved_stroke_widths: [Option<f64>; SAVED_CLIPS],
    /// The target's height: the clip with no clip set.
    target_rows: f64,
    /// The target's width.
    target_columns: f64,
    ended: bool,
    /// The image drawn into, borrowed mutably for `'a`: what [`Context::target_pixels`] reads back.
    target: *mut BLImageCore,
    _target: PhantomData<&'a mut ()>,
}

/// How far from the origin (user units, 2^24) a path may reach and still be stroked: see [`Context::stroke_path`].
pub const STROKE_REACH: f64 = 16_777_216.0;

/// Where a path's (0, 0) goes in user space: paths carry their own coordinates, so nowhere else.
const PATH_ORIGIN: BLPoint = BLPoint { x: 0.0, y: 0.0 };

/// How deep [`Context`] follows saved clips without allocating (the app nests a few).
const SAVED_CLIPS: usize = 16;

/// How near a whole device pixel (in pixels) a blit's position is taken to it (see `blit_snap`).
const SNAP: f64 = 1.0 / 512.0;

// SAFETY: a synchronous raster context has no thread affinity (no thread-local state; the shared pipeline
// runtime is lock-protected), and every use goes through `&mut self`, so moving it to another thread is sound.
unsafe impl Send for Context<'_> {}

impl<'a> Context<'a> {
    /// Begins drawing into `target` (`blContextInitAs`).
    pub fn begin(target: &'a mut Image) -> Result<Context<'a>, NativeError> {
        let calls = target.calls();
        let (columns, rows) = (target.width(), target.height());
        Self::begin_core(calls, &mut target.core, columns, rows)
    }

    /// Begins drawing into the caller's pixels behind `target` (`blContextInitAs`).
    pub fn begin_view(target: &'a mut ImageView<'_>) -> Result<Context<'a>, NativeError> {
        let calls = target.calls();
        let (columns, rows) = (target.width(), target.height());
        Self::begin_core(calls, &mut target.core, columns, rows)
    }

    fn begin_core(
        calls: &'static Blend2dCalls,
        image: &mut BLImageCore,
        columns: u32,
        rows: u32,
    ) -> Result<Context<'a>, NativeError> {
        // Pinned to a CPU level, the context compiles its own pipelines for it (see `cpu`).
        let (flags, cpu_features) = super::cpu::create_flags();
        let info = BLContextCreateInfo { flags, threadCount: 0, cpuFeatures: cpu_features, ..Default::default() };
        let mut context = Context {
            core: BLContextCore::default(),
            calls,
            placements: Vec::new(),
            saved: 0,
            clip_rows: Some((0.0, f64::from(rows))),
            saved_clip_rows: [None; SAVED_CLIPS],
            clip_cols: Some((0.0, f64::from(columns))),
            saved_clip_cols: [None; SAVED_CLIPS],
            // Blend2D's default.
            stroke_width: Some(1.0),
            saved_stroke_widths: [None; SAVED_CLIPS],
            target_rows: f64::from(rows),
            target_columns: f64::from(columns),
            ended: false,
            target: image,
            _target: PhantomData,
        };
        // SAFETY: `context.core` is writable and `blContextInitAs` initialises it first (to the built-in null
        // context, which `Drop`'s `blContextEnd` accepts) whatever it returns; `image` is an initialised image
        // borrowed mutably for `'a`, which the context does not outlive; `info` asks for a synchronous context.
        unsafe { bl!(calls.context, blContextInitAs(&mut context.core, image, &info)) }?;
        Ok(context)
    }

    /// The target's pixels as drawn so far, premultiplied ARGB row by row (`blContextFlush` with
    /// `BL_CONTEXT_FLUSH_SYNC`, then `blImageGetData` on the target): the backdrop a blend mode the beta has no
    /// `BLCompOp` for is computed against. An `XRGB32` target reads with its alpha byte as drawn.
    pub fn target_pixels(&mut self) -> Result<Vec<u32>, NativeError> {
        // SAFETY: `self.core` is an initialised context; a synchronous flush only waits for queued commands.
        unsafe { bl!(self.calls.context, blContextFlush(&mut self.core, BL_CONTEXT_FLUSH_SYNC.0)) }?;
        let mut data =
            BLImageData { pixelData: ptr::null_mut(), stride: 0, size: BLSizeI { w: 0, h: 0 }, format: 0, flags: 0 };
        // SAFETY: `self.target` is the initialised image the context was begun on, borrowed mutably for `'a`
        // (which outlives `self`), so it is alive; `data` is a writable `BLImageData`.
        unsafe { bl!(self.calls.image, blImageGetData(self.target, &mut data)) }?;
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

    /// Ends drawing (`blContextEnd`): every pixel is in the target when this returns `Ok`.
    ///
    /// States still saved are restored first: the beta's `blContextEnd` crashes (a segmentation fault, measured)
    /// when it ends a context that has a saved state while a gradient is the fill or stroke style.
    pub fn end(mut self) -> Result<(), NativeError> {
        let restored = self.restore_all();
        self.ended = true;
        // SAFETY: `self.core` is an initialised context; it is not used again (`ended` keeps `Drop` off it).
        let ended = unsafe { bl!(self.calls.context, blContextEnd(&mut self.core)) };
        restored.and(ended)
    }

    /// Restores every state still saved, the last one first.
    fn restore_all(&mut self) -> Result<(), NativeError> {
        while self.saved > 0 {
            self.restore()?;
        }
        Ok(())
    }

    // ---- state ----

    /// Saves the whole state (transform, styles, clip, ...) on Blend2D's state stack (`blContextSave`).
    pub fn save(&mut self) -> Result<(), NativeError> {
        // SAFETY: an initialised context; a null cookie is allowed (the state is then restored by position).
        unsafe { bl!(self.calls.context, blContextSave(&mut self.core, ptr::null_mut())) }?;
        if let Some(slot) = self.saved_clip_rows.get_mut(self.saved) {
            *slot = self.clip_rows;
        }
        if let Some(slot) = self.saved_clip_cols.get_mut(self.saved) {
            *slot = self.clip_cols;
        }
        if let Some(slot) = self.saved_stroke_widths.get_mut(self.saved) {
            *slot = self.stroke_width;
        }
        self.saved += 1;
        Ok(())
    }

    /// Restores the last saved state (`blContextRestore`); `BL_ERROR_NO_STATES_TO_RESTORE` if none is saved.
    pub fn restore(&mut self) -> Result<(), NativeError> {
        // SAFETY: an initialised context; a null cookie restores the last saved state.
        unsafe { bl!(self.calls.context, blContextRestore(&mut self.core, ptr::null())) }?;
        self.saved = self.saved.saturating_sub(1);
        self.clip_rows = self.saved_clip_rows.get(self.saved).copied().flatten();
        self.clip_cols = self.saved_clip_cols.get(self.saved).copied().flatten();
        self.stroke_width = self.saved_stroke_widths.get(self.saved).copied().flatten();
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
        let rows = self.device_rows(rect)?;
        self.clip_rows = self.clip_rows.zip(rows).map(|((top, bottom), (y0, y1))| (top.max(y0), bottom.min(y1)));
        let cols = self.device_cols(rect)?;
        self.clip_cols = self.clip_cols.zip(cols).map(|((left, right), (x0, x1))| (left.max(x0), right.min(x1)));
        let rect = rect.to_bl();
        // SAFETY: an initialised context and a rect alive for the call.
        unsafe { bl!(self.calls.context, blContextClipToRectD(&mut self.core, &rect)) }
    }

    /// Restores the clip to what it was at the last [`Context::save`] (or the whole target)
    /// (`blContextRestoreClipping`).
    pub fn restore_clipping(&mut self) -> Result<(), NativeError> {
        self.clip_rows = match self.saved {
            0 => Some((0.0, self.target_rows)),
            saved => self.saved_clip_rows.get(saved - 1).copied().flatten(),
        };
        self.clip_cols = match self.saved {
            0 => Some((0.0, self.target_columns)),
            saved => self.saved_clip_cols.get(saved - 1).copied().flatten(),
        };
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextRestoreClipping(&mut self.core)) }
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

    /// Stroke width in user units (`blContextSetStrokeWidth`); at 0 or less (or NaN), strokes draw nothing.
    pub fn set_stroke_width(&mut self, width: f64) -> Result<(), NativeError> {
        // SAFETY: an initialised context.
        unsafe { bl!(self.calls.context, blContextSetStrokeWidth(&mut self.core, width)) }?;
        self.stroke_width = Some(width);
        Ok(())
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
    ///
    /// A rect that the beta's box filler would draw wrong goes through the path rasterizer instead (see
    /// `Context::box_filler_fails`).
    pub fn fill_rect(&mut self, rect: Rect) -> Result<(), NativeError> {
        if self.box_filler_fails(rect)? {
            return self.fill_geometry(BL_GEOMETRY_TYPE_ROUND_RECT, &round_rect(rect, 0.0));
        }
        let rect = rect.to_bl();
        // SAFETY: an initialised context and a rect alive for the call.
        unsafe { bl!(self.calls.context, blContextFillRectD(&mut self.core, &rect)) }
    }

    /// Whether the stroke width is known to be 0, negative or NaN: a stroke then covers nothing and is not drawn
    /// (see the `stroke_width` field).
    fn strokes_nothing(&self) -> bool {
        self.stroke_width.is_some_and(|w| w.is_nan() || w <= 0.0)
    }

    /// Strokes `rect`'s outline (`blContextStrokeRectD`).
    pub fn stroke_rect(&mut self, rect: Rect) -> Result<(), NativeError> {
        if self.strokes_nothing() {
            return Ok(());
        }
        let rect = rect.to_bl();
        // SAFETY: an initialised context and a rect alive for the call.
        unsafe { bl!(self.calls.context, blContextStrokeRectD(&mut self.core, &rect)) }
    }

    /// Whether `rect`, mapped by the user transform and clipped, reaches the beta's box filler (24.8 fixed point)
    /// with an edge inside a pixel in a shape that filler draws wrong (measured against the path rasterizer, rects
    /// at every quarter-pixel offset: `natives/tests/blend2d.rs`):
    /// - inside one pixel row: the coverage of that row underflows (`initBoxAU8bpc24x8`): a segmentation fault,
    ///   or garbage;
    /// - over two rows with the bottom edge inside a pixel: the bottom row is painted whole (raster fuzz seed 90:
    ///   a band's clip cut a rect to rows 46 to 47.07);
    /// - inside one pixel column: the column is left unpainted.
    ///
    /// A margin of a fixed-point step each side takes in rounding; a box on whole pixels takes another filler,
    /// and a transform that is not axis-aligned never reaches this one.
    fn box_filler_fails(&self, rect: Rect) -> Result<bool, NativeError> {
        // Blend2D fills a rect of negative size as the rect it spans, through the same box filler.
        let rect = Rect::new(rect.x.min(rect.x + rect.w), rect.y.min(rect.y + rect.h), rect.w.abs(), rect.h.abs());
        if !(rect.w > 0.0 && rect.h > 0.0) {
            return Ok(false);
        }
        let (Some((top, bottom)), Some((left, right))) = (self.clip_rows, self.clip_cols) else { return Ok(true) };
        let (Some((y0, y1)), Some((x0, x1))) = (self.device_rows(rect)?, self.device_cols(rect)?) else {
            return Ok(false);
        };
        let (y0, y1, x0, x1) = (y0.max(top), y1.min(bottom), x0.max(left), x1.min(right));
        if !(y0 < y1 && x0 < x1) || [y0, y1, x0, x1].iter().all(|v| v.fract() == 0.0) {
            return Ok(false);
        }
        const STEP: f64 = 1.0 / 256.0;
        let rows = (y1 - STEP).floor() - (y0 + STEP).floor();
        let columns = (x1 - STEP).floor() - (x0 + STEP).floor();
        Ok(rows <= 1.0 || columns <= 0.0)
    }

    /// The rows `rect` covers on the target, top first, when the user transform keeps it axis-aligned.
    /// The columns `rect` covers on the target, left first, when the user transform keeps it axis-aligned.
    fn device_cols(&self, rect: Rect) -> Result<Option<(f64, f64)>, NativeError> {
        let [m00, m01, m10, m11, m20, _] = self.user_transform()?;
        let (a, b) = if m01 == 0.0 && m10 == 0.0 {
            (rect.x * m00 + m20, (rect.x + rect.w) * m00 + m20)
        } else if m00 == 0.0 && m11 == 0.0 {
            (rect.y * m10 + m20, (rect.y + rect.h) * m10 + m20)
        } else {
            return Ok(None);
        };
        Ok(Some((a.min(b), a.max(b))))
    }

    /// (`x`, `y`) moved onto the whole device pixel it lies within [`SNAP`] of, under a transform that only
    /// translates: the beta read past the end of the target (valgrind; a segmentation fault in its blit pipeline)
    /// blitting an image that starts above the target at a position a hair off a whole pixel, y = -0.99999999
    /// (raster fuzz, seeds 44952, 53395, 79664 and 99287 of the 100,000 run: a layer's cached image placed through
    /// f32 translations). The move is below the 1/256 pixel its fixed point resolves.
    fn blit_snap(&self, x: f64, y: f64) -> Result<(f64, f64), NativeError> {
        let [m00, m01, m10, m11, m20, m21] = self.user_transform()?;
        if !(m00 == 1.0 && m11 == 1.0 && m01 == 0.0 && m10 == 0.0) {
            return Ok((x, y));
        }
        let snap = |v: f64, offset: f64| {
            let device = v + offset;
            let whole = device.round();
            if (device - whole).abs() >= SNAP {
                return v;
            }
            // The nearest number that lands on the whole pixel once the translation is added back.
            let snapped = whole - offset;
            [snapped, snapped.next_up(), snapped.next_down()]
                .into_iter()
                .find(|s| s + offset == whole)
                .unwrap_or(snapped)
        };
        Ok((snap(x, m20), snap(y, m21)))
    }

    /// Whether a clip edge inside a pixel cuts a blit of a `w` x `h` image area at (`x`, `y`):
    /// [`Context::blit_image_area`] cuts such a blit to the clip's whole pixels (the beta crashes on it otherwise),
    /// so the pixels the clip covers in part lose their ink. A caller that can draw what the image stands for
    /// another way (a glyph run from its outlines, a layer's content in place) does that instead.
    pub fn partial_clip_cuts_blit(&self, x: f64, y: f64, w: u32, h: u32) -> Result<bool, NativeError> {
        let whole = |v: f64| v.fract() == 0.0;
        let (Some((left, right)), Some((top, bottom))) = (self.clip_cols, self.clip_rows) else { return Ok(false) };
        if [left, right, top, bottom].into_iter().all(whole) {
            return Ok(false);
        }
        let (x, y) = self.blit_snap(x, y)?;
        let area = PixelArea { x: 0, y: 0, w: w.min(i32::MAX as u32) as i32, h: h.min(i32::MAX as u32) as i32 };
        Ok(self.blit_cut(x, y, area)? != Some((x, y, area)))
    }

    /// What of a blit of `area` at (`x`, `y`) to hand the beta: the beta crashes (a segmentation fault, found
    /// by the raster fuzz; a glyph cell blitted under a clip from y = 2.25 to 4.75 that also cut it left or
    /// right) blitting an image that a clip with an edge inside a pixel cuts. Under a translation, with the blit
    /// on whole pixels, such a blit is cut here to the clip's whole pixels instead (the clip's partial edge pixels
    /// are left out); `None` when nothing is left. Any other blit is handed over as it is.
    fn blit_cut(&self, x: f64, y: f64, area: PixelArea) -> Result<Option<(f64, f64, PixelArea)>, NativeError> {
        let (Some((left, right)), Some((top, bottom))) = (self.clip_cols, self.clip_rows) else {
            return Ok(Some((x, y, area)));
        };
        let whole = |v: f64| v.fract() == 0.0;
        let [m00, m01, m10, m11, m20, m21] = self.user_transform()?;
        let (dx, dy) = (x + m20, y + m21);
        let translation = m00 == 1.0 && m11 == 1.0 && m01 == 0.0 && m10 == 0.0;
        if [left, right, top, bottom].into_iter().all(whole) || !translation || !whole(dx) || !whole(dy) {
            return Ok(Some((x, y, area)));
        }
        let (w, h) = (f64::from(area.w), f64::from(area.h));
        if left <= dx && dx + w <= right && top <= dy && dy + h <= bottom {
            return Ok(Some((x, y, area)));
        }
        let (x0, x1) = (dx.max(left.ceil()), (dx + w).min(right.floor()));
        let (y0, y1) = (dy.max(top.ceil()), (dy + h).min(bottom.floor()));
        if !(x0 < x1 && y0 < y1) {
            return Ok(None);
        }
        let cut = PixelArea {
            x: area.x + (x0 - dx) as i32,
            y: area.y + (y0 - dy) as i32,
            w: (x1 - x0) as i32,
            h: (y1 - y0) as i32,
        };
        Ok(Some((x + (x0 - dx), y + (y0 - dy), cut)))
    }

    fn device_rows(&self, rect: Rect) -> Result<Option<(f64, f64)>, NativeError> {
        let [m00, m01, m10, m11, _, m21] = self.user_transform()?;
        let (a, b) = if m01 == 0.0 && m10 == 0.0 {
            (rect.y * m11 + m21, (rect.y + rect.h) * m11 + m21)
        } else if m00 == 0.0 && m11 == 0.0 {
            (rect.x * m01 + m21, (rect.x + rect.w) * m01 + m21)
        } else {
            return Ok(None);
        };
        Ok(Some((a.min(b), a.max(b))))
    }

    fn fill_geometry<T>(&mut self, kind: BLGeometryType, geometry: &T) -> Result<(), NativeError> {
        // SAFETY: an initialised context; every caller passes the geometry struct `kind` names, alive for the
        // call.
        unsafe {
            bl!(self.calls.context, blContextFillGeometry(&mut self.core, kind, geometry as *const T as *const c_void))
        }
    }

    fn stroke_geometry<T>(&mut self, kind: BLGeometryType, geometry: &T) -> Result<(), NativeError> {
        if self.strokes_nothing() {
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
    ///
    /// A path whose box reaches past `STROKE_REACH` units is not stroked: the beta's stroker loops forever
    /// offsetting a cubic with a control point at 1.6e34 (found by the raster fuzz, seed 1000525); nor is one
    /// with a pen wider than that.
    pub fn stroke_path(&mut self, path: &Path) -> Result<(), NativeError> {
        if self.strokes_nothing() {
            return Ok(());
        }
        // A pen wider than the reach gave pictures that changed with the clip (raster fuzz seed 23: a width of
        // 6.8e24 painted one band and not the other); it is held to the same rule as the path's box.
        if self.stroke_width.is_some_and(|w| w > STROKE_REACH) {
            return Ok(());
        }
        // An empty path has no box (an error): it is stroked as it is, to nothing.
        if let Ok(b) = path.bounding_box()
            && [b.x, b.y, b.x + b.w, b.y + b.h].iter().any(|v| v.is_nan() || v.abs() > STROKE_REACH)
        {
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
    /// at another units-per-em than `font`'s face is rescaled to the face's. Glyph ids above 65535 are not
    /// representable in the beta (`BLGlyphId` is 16-bit) and are refused.
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
        if let Some(glyph) = run.glyphs.iter().find(|&&glyph| glyph > u32::from(u16::MAX)) {
            return Err(NativeError::InvalidArgument(format!("glyph id {glyph} does not fit Blend2D's 16-bit ids")));
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
        let (x, y) = self.blit_snap(x, y)?;
        let whole = PixelArea { x: 0, y: 0, w: image.width() as i32, h: image.height() as i32 };
        if self.blit_cut(x, y, whole)? != Some((x, y, whole)) {
            return self.blit_image_area(x, y, image, whole);
        }
        let origin = BLPoint { x, y };
        // SAFETY: an initialised context and image (only read); a null area means the whole image.
        unsafe { bl!(self.calls.context, blContextBlitImageD(&mut self.core, &origin, &image.core, ptr::null())) }
    }

    /// Draws the `area` of `image` unscaled with that area's top-left corner at (`x`, `y`)
    /// (`blContextBlitImageD` with an image area). Blend2D clips an area reaching past the image to the image.
    pub fn blit_image_area(&mut self, x: f64, y: f64, image: &Image, area: PixelArea) -> Result<(), NativeError> {
        let (x, y) = self.blit_snap(x, y)?;
        let Some((x, y, area)) = self.blit_cut(x, y, area)? else { return Ok(()) };
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
        if self.ended {
            return;
        }
        // As in `end`: the beta crashes ending a context with a saved state and a gradient style.
        if let Err(error) = self.restore_all() {
            tracing::warn!(%error, "restoring a Blend2D context's saved states failed");
        }
        // SAFETY: an initialised context, ended exactly once here; `blContextEnd` releases it.
        if let Err(error) = unsafe { bl!(self.calls.context, blContextEnd(&mut self.core)) } {
            tracing::warn!(%error, "ending a Blend2D context failed");
        }
    }
}

fn round_rect(rect: Rect, radius: f64) -> BLRoundRect {
    BLRoundRect { x: rect.x, y: rect.y, w: rect.w, h: rect.h, rx: radius, ry: radius }
}
