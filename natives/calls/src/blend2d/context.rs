//! The Blend2D rendering context: begin on an image, state (transform, styles, stroke options, clipping),
//! drawing (fills, strokes, glyph runs, blits), end.

use std::ffi::c_void;

use super::result::BLResult;
use super::types::{
    BLCompOp, BLContextCookie, BLContextCore, BLContextCreateInfo, BLFillRule, BLFontCore, BLGeometryType, BLGlyphRun,
    BLImageCore, BLMatrix2D, BLPathCore, BLPoint, BLRect, BLRectI, BLStrokeCap, BLStrokeJoin, BLTransformOp,
};

crate::holders! {
    /// The surface of a Blend2D rendering context.
    pub struct ContextCalls in "libgoldberry" {
        /// `BLResult blContextInit(BLContextCore* self)`
        fn blContextInit(ctx: *mut BLContextCore) -> BLResult;
        /// `BLResult blContextInitAs(BLContextCore* self, BLImageCore* image, const BLContextCreateInfo* cci)`
        fn blContextInitAs(ctx: *mut BLContextCore, image: *mut BLImageCore, options: *const BLContextCreateInfo) -> BLResult;
        /// `BLResult blContextReset(BLContextCore* self)`
        fn blContextReset(ctx: *mut BLContextCore) -> BLResult;
        /// `BLImageCore* blContextGetTargetImage(const BLContextCore* self)`
        fn blContextGetTargetImage(ctx: *const BLContextCore) -> *mut BLImageCore;
        /// `BLResult blContextEnd(BLContextCore* self)`
        fn blContextEnd(ctx: *mut BLContextCore) -> BLResult;
        /// `BLResult blContextFlush(BLContextCore* self, BLContextFlushFlags flags)`
        fn blContextFlush(ctx: *mut BLContextCore, flags: u32) -> BLResult;
        /// `BLResult blContextSave(BLContextCore* self, BLContextCookie* cookie)`
        fn blContextSave(ctx: *mut BLContextCore, cookie: *mut BLContextCookie) -> BLResult;
        /// `BLResult blContextRestore(BLContextCore* self, const BLContextCookie* cookie)`
        fn blContextRestore(ctx: *mut BLContextCore, cookie: *const BLContextCookie) -> BLResult;
        /// `BLResult blContextGetUserTransform(const BLContextCore* self, BLMatrix2D* transformOut)`
        fn blContextGetUserTransform(ctx: *const BLContextCore, transform_out: *mut BLMatrix2D) -> BLResult;
        /// `BLResult blContextApplyTransformOp(BLContextCore* self, BLTransformOp opType, const void* opData)`
        fn blContextApplyTransformOp(ctx: *mut BLContextCore, op_type: BLTransformOp, op_data: *const c_void) -> BLResult;
        /// `BLResult blContextSetCompOp(BLContextCore* self, BLCompOp compOp)`
        fn blContextSetCompOp(ctx: *mut BLContextCore, comp_op: BLCompOp) -> BLResult;
        /// `BLResult blContextSetGlobalAlpha(BLContextCore* self, double alpha)`
        fn blContextSetGlobalAlpha(ctx: *mut BLContextCore, alpha: f64) -> BLResult;
        /// `BLResult blContextSetFillStyle(BLContextCore* self, const BLUnknown* style)`
        fn blContextSetFillStyle(ctx: *mut BLContextCore, object: *const c_void) -> BLResult;
        /// `BLResult blContextSetFillStyleRgba32(BLContextCore* self, uint32_t rgba32)`
        fn blContextSetFillStyleRgba32(ctx: *mut BLContextCore, rgba32: u32) -> BLResult;
        /// `BLResult blContextSetFillRule(BLContextCore* self, BLFillRule fillRule)`
        fn blContextSetFillRule(ctx: *mut BLContextCore, fill_rule: BLFillRule) -> BLResult;
        /// `BLResult blContextSetStrokeStyle(BLContextCore* self, const BLUnknown* style)`
        fn blContextSetStrokeStyle(ctx: *mut BLContextCore, object: *const c_void) -> BLResult;
        /// `BLResult blContextSetStrokeStyleRgba32(BLContextCore* self, uint32_t rgba32)`
        fn blContextSetStrokeStyleRgba32(ctx: *mut BLContextCore, rgba32: u32) -> BLResult;
        /// `BLResult blContextSetStrokeWidth(BLContextCore* self, double width)`
        fn blContextSetStrokeWidth(ctx: *mut BLContextCore, width: f64) -> BLResult;
        /// `BLResult blContextSetStrokeMiterLimit(BLContextCore* self, double miterLimit)`
        fn blContextSetStrokeMiterLimit(ctx: *mut BLContextCore, miter_limit: f64) -> BLResult;
        /// `BLResult blContextSetStrokeCaps(BLContextCore* self, BLStrokeCap strokeCap)`
        fn blContextSetStrokeCaps(ctx: *mut BLContextCore, stroke_cap: BLStrokeCap) -> BLResult;
        /// `BLResult blContextSetStrokeJoin(BLContextCore* self, BLStrokeJoin strokeJoin)`
        fn blContextSetStrokeJoin(ctx: *mut BLContextCore, stroke_join: BLStrokeJoin) -> BLResult;
        /// `BLResult blContextClipToRectD(BLContextCore* self, const BLRect* rect)`
        fn blContextClipToRectD(ctx: *mut BLContextCore, rect: *const BLRect) -> BLResult;
        /// `BLResult blContextRestoreClipping(BLContextCore* self)`
        fn blContextRestoreClipping(ctx: *mut BLContextCore) -> BLResult;
        /// `BLResult blContextClearAll(BLContextCore* self)`
        fn blContextClearAll(ctx: *mut BLContextCore) -> BLResult;
        /// `BLResult blContextFillAll(BLContextCore* self)`
        fn blContextFillAll(ctx: *mut BLContextCore) -> BLResult;
        /// `BLResult blContextFillRectD(BLContextCore* self, const BLRect* rect)`
        fn blContextFillRectD(ctx: *mut BLContextCore, rect: *const BLRect) -> BLResult;
        /// `BLResult blContextFillPathD(BLContextCore* self, const BLPoint* origin, const BLPathCore* path)`
        fn blContextFillPathD(ctx: *mut BLContextCore, origin: *const BLPoint, path: *const BLPathCore) -> BLResult;
        /// `BLResult blContextFillGeometry(BLContextCore* self, BLGeometryType type, const void* data)`
        fn blContextFillGeometry(ctx: *mut BLContextCore, geometry_type: BLGeometryType, geometry_data: *const c_void) -> BLResult;
        /// `BLResult blContextFillGlyphRunD(BLContextCore* self, const BLPoint* origin, const BLFontCore* font, const BLGlyphRun* glyphRun)`
        fn blContextFillGlyphRunD(ctx: *mut BLContextCore, pt: *const BLPoint, font: *const BLFontCore, glyph_run: *const BLGlyphRun) -> BLResult;
        /// `BLResult blContextStrokeRectD(BLContextCore* self, const BLRect* rect)`
        fn blContextStrokeRectD(ctx: *mut BLContextCore, rect: *const BLRect) -> BLResult;
        /// `BLResult blContextStrokePathD(BLContextCore* self, const BLPoint* origin, const BLPathCore* path)`
        fn blContextStrokePathD(ctx: *mut BLContextCore, origin: *const BLPoint, path: *const BLPathCore) -> BLResult;
        /// `BLResult blContextStrokeGeometry(BLContextCore* self, BLGeometryType type, const void* data)`
        fn blContextStrokeGeometry(ctx: *mut BLContextCore, geometry_type: BLGeometryType, geometry_data: *const c_void) -> BLResult;
        /// `BLResult blContextBlitImageD(BLContextCore* self, const BLPoint* origin, const BLImageCore* img, const BLRectI* imgArea)`
        fn blContextBlitImageD(ctx: *mut BLContextCore, pt: *const BLPoint, img: *const BLImageCore, img_area: *const BLRectI) -> BLResult;
        /// `BLResult blContextBlitScaledImageD(BLContextCore* self, const BLRect* rect, const BLImageCore* img, const BLRectI* imgArea)`
        fn blContextBlitScaledImageD(ctx: *mut BLContextCore, rect: *const BLRect, img: *const BLImageCore, img_area: *const BLRectI) -> BLResult;
    }
}
