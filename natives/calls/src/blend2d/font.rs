//! Blend2D font faces (loaded from a file) and fonts (a face at a size), with their metrics.

use std::ffi::c_char;

use super::result::BLResult;
use super::types::{BLFontCore, BLFontDesignMetrics, BLFontFaceCore, BLFontFaceInfo, BLFontMetrics};

crate::holders! {
    /// The surface of Blend2D font faces and fonts.
    pub struct FontCalls in "libgoldberry" {
        /// `BLResult blFontFaceInit(BLFontFaceCore* self)`
        fn blFontFaceInit(face: *mut BLFontFaceCore) -> BLResult;
        /// `BLResult blFontFaceReset(BLFontFaceCore* self)`
        fn blFontFaceReset(face: *mut BLFontFaceCore) -> BLResult;
        /// `BLResult blFontFaceCreateFromFile(BLFontFaceCore* self, const char* fileName, BLFileReadFlags readFlags)`
        fn blFontFaceCreateFromFile(face: *mut BLFontFaceCore, file_name: *const c_char, read_flags: u32) -> BLResult;
        /// `BLResult blFontFaceGetFaceInfo(const BLFontFaceCore* self, BLFontFaceInfo* out)`
        fn blFontFaceGetFaceInfo(face: *const BLFontFaceCore, out: *mut BLFontFaceInfo) -> BLResult;
        /// `BLResult blFontFaceGetDesignMetrics(const BLFontFaceCore* self, BLFontDesignMetrics* out)`
        fn blFontFaceGetDesignMetrics(face: *const BLFontFaceCore, out: *mut BLFontDesignMetrics) -> BLResult;
        /// `BLResult blFontInit(BLFontCore* self)`
        fn blFontInit(font: *mut BLFontCore) -> BLResult;
        /// `BLResult blFontReset(BLFontCore* self)`
        fn blFontReset(font: *mut BLFontCore) -> BLResult;
        /// `BLResult blFontCreateFromFace(BLFontCore* self, const BLFontFaceCore* face, float size)`
        fn blFontCreateFromFace(font: *mut BLFontCore, face: *const BLFontFaceCore, size: f32) -> BLResult;
        /// `BLResult blFontGetMetrics(const BLFontCore* self, BLFontMetrics* out)`
        fn blFontGetMetrics(font: *const BLFontCore, out: *mut BLFontMetrics) -> BLResult;
        /// `BLResult blFontGetDesignMetrics(const BLFontCore* self, BLFontDesignMetrics* out)`
        fn blFontGetDesignMetrics(font: *const BLFontCore, out: *mut BLFontDesignMetrics) -> BLResult;
    }
}
