//! [`FontFace`]: a font file loaded by Blend2D; [`Font`]: a face at a pixel size, with its [`FontMetrics`].

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;

use goldberry_calls::blend2d::font::{
    blFontCreateFromFace, blFontFaceCreateFromFile, blFontFaceGetDesignMetrics, blFontFaceGetFaceInfo, blFontFaceInit,
    blFontFaceReset, blFontGetMetrics, blFontInit, blFontReset,
};
use goldberry_calls::blend2d::types::{BLFontCore, BLFontDesignMetrics, BLFontFaceCore, BLFontFaceInfo, BLFontMetrics};

use super::{Blend2dCalls, bl};
use crate::{Goldberry, NativeError};

/// A font face (one face of an OpenType / TrueType / CFF file) loaded by Blend2D (`BLFontFace`).
///
/// `Send + Sync`: see the module documentation ([`crate::blend2d`]); a face is immutable once loaded.
#[derive(Debug)]
pub struct FontFace {
    core: BLFontFaceCore,
    calls: &'static Blend2dCalls,
    units_per_em: u32,
    glyph_count: u32,
}

// SAFETY: a loaded face's impl is immutable and reference-counted with atomics (fonts created from it take
// references from any thread). See the module documentation.
unsafe impl Send for FontFace {}
// SAFETY: as above.
unsafe impl Sync for FontFace {}

impl FontFace {
    /// Loads the first face of the font file at `path` (`blFontFaceCreateFromFile`).
    ///
    /// A file that cannot be read is a [`NativeError::File`] naming it; a file Blend2D cannot parse is the
    /// [`NativeError::Blend2d`] of `blFontFaceCreateFromFile`.
    pub fn from_file(g: &'static Goldberry, path: &std::path::Path) -> Result<FontFace, NativeError> {
        let file_error = |reason: String| NativeError::File { path: path.to_owned(), reason };
        let metadata = std::fs::metadata(path).map_err(|e| file_error(e.to_string()))?;
        if !metadata.is_file() {
            return Err(file_error("not a regular file".to_owned()));
        }
        let c_path = CString::new(path.as_os_str().as_bytes())
            .map_err(|_| NativeError::InvalidArgument(format!("font path {} contains a NUL byte", path.display())))?;
        let calls = &g.blend2d;
        let mut face = FontFace { core: BLFontFaceCore::default(), calls, units_per_em: 0, glyph_count: 0 };
        // SAFETY: `face.core` is writable; `blFontFaceInit` initialises it to the built-in empty face.
        unsafe { bl!(calls.font, blFontFaceInit(&mut face.core)) }?;
        // SAFETY: an initialised face, and a NUL-terminated path alive for the call; no read flags.
        unsafe { bl!(calls.font, blFontFaceCreateFromFile(&mut face.core, c_path.as_ptr(), 0)) }?;
        let mut design = BLFontDesignMetrics::default();
        // SAFETY: an initialised face and a writable metrics struct.
        unsafe { bl!(calls.font, blFontFaceGetDesignMetrics(&face.core, &mut design)) }?;
        let mut info = BLFontFaceInfo::default();
        // SAFETY: an initialised face and a writable info struct.
        unsafe { bl!(calls.font, blFontFaceGetFaceInfo(&face.core, &mut info)) }?;
        face.units_per_em = u32::try_from(design.unitsPerEm).unwrap_or(0);
        face.glyph_count = info.glyphCount;
        Ok(face)
    }

    /// Design units per em: the unit of the face's outlines and of HarfBuzz's glyph placements for it.
    pub fn units_per_em(&self) -> u32 {
        self.units_per_em
    }

    /// The number of glyphs in the face.
    pub fn glyph_count(&self) -> u32 {
        self.glyph_count
    }
}

impl Drop for FontFace {
    fn drop(&mut self) {
        // SAFETY: an initialised face, released exactly once here (fonts keep their own references).
        if let Err(error) = unsafe { bl!(self.calls.font, blFontFaceReset(&mut self.core)) } {
            tracing::warn!(%error, "releasing a Blend2D font face failed");
        }
    }
}

/// A font's vertical metrics at its size, in pixels, y down (ascent and descent both positive).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FontMetrics {
    /// Pixels per em.
    pub size: f32,
    /// From the baseline up to the top of the tallest glyphs.
    pub ascent: f32,
    /// From the baseline down to the bottom of the deepest glyphs.
    pub descent: f32,
    /// Extra space between lines.
    pub line_gap: f32,
    /// Height of a lower-case x.
    pub x_height: f32,
    /// Height of a capital.
    pub cap_height: f32,
}

impl FontMetrics {
    /// Baseline to baseline: ascent + descent + line gap.
    pub fn line_height(&self) -> f32 {
        self.ascent + self.descent + self.line_gap
    }
}

/// A font face at a size in pixels per em (`BLFont`): what glyph runs are drawn with.
///
/// It keeps its own reference to the face, so it may outlive the [`FontFace`] it was made from.
/// `Send + Sync`: see the module documentation ([`crate::blend2d`]); a font is immutable once created and
/// drawing only reads it.
#[derive(Debug)]
pub struct Font {
    pub(crate) core: BLFontCore,
    calls: &'static Blend2dCalls,
    size: f32,
    face_units_per_em: u32,
    metrics: FontMetrics,
}

// SAFETY: a created font's impl is immutable, reference-counted with atomics, and only read when drawing
// (`blFontGetGlyphRunOutlines` takes `const BLFontCore*`). See the module documentation.
unsafe impl Send for Font {}
// SAFETY: as above.
unsafe impl Sync for Font {}

impl Font {
    /// `face` at `size_px` pixels per em (`blFontCreateFromFace`); `size_px` must be finite and positive.
    pub fn new(face: &FontFace, size_px: f32) -> Result<Font, NativeError> {
        if !(size_px.is_finite() && size_px > 0.0) {
            return Err(NativeError::InvalidArgument(format!("font size {size_px} is not a positive size")));
        }
        let calls = face.calls;
        let mut font = Font {
            core: BLFontCore::default(),
            calls,
            size: size_px,
            face_units_per_em: face.units_per_em,
            metrics: FontMetrics::default(),
        };
        // SAFETY: `font.core` is writable; `blFontInit` initialises it to the built-in empty font.
        unsafe { bl!(calls.font, blFontInit(&mut font.core)) }?;
        // SAFETY: an initialised font and a loaded face, which the font references (atomic count).
        unsafe { bl!(calls.font, blFontCreateFromFace(&mut font.core, &face.core, size_px)) }?;
        let mut m = BLFontMetrics::default();
        // SAFETY: an initialised font and a writable metrics struct.
        unsafe { bl!(calls.font, blFontGetMetrics(&font.core, &mut m)) }?;
        font.metrics = FontMetrics {
            size: m.size,
            ascent: m.ascent,
            descent: m.descent,
            line_gap: m.lineGap,
            x_height: m.xHeight,
            cap_height: m.capHeight,
        };
        Ok(font)
    }

    /// Pixels per em.
    pub fn size(&self) -> f32 {
        self.size
    }

    /// The face's units per em, the scale of a glyph run's placements.
    pub fn face_units_per_em(&self) -> u32 {
        self.face_units_per_em
    }

    /// Vertical metrics in pixels.
    pub fn metrics(&self) -> FontMetrics {
        self.metrics
    }
}

impl Drop for Font {
    fn drop(&mut self) {
        // SAFETY: an initialised font, released exactly once here.
        if let Err(error) = unsafe { bl!(self.calls.font, blFontReset(&mut self.core)) } {
            tracing::warn!(%error, "releasing a Blend2D font failed");
        }
    }
}
