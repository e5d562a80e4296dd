//! [`Font`]: a face scaled to its units per em, and shaping text with it.

use std::ffi::{c_char, c_int, c_uint};
use std::ptr::NonNull;

use goldberry_calls::harfbuzz::types::{
    HB_DIRECTION_LTR, HB_DIRECTION_RTL, hb_feature_t, hb_font_extents_t, hb_font_t, hb_script_t, hb_tag,
};

use super::{Buffer, Face, Feature};

/// The horizontal direction a segment is shaped in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Left to right.
    Ltr,
    /// Right to left: glyphs come out in visual order, clusters descending.
    Rtl,
}

/// What a caller tells HarfBuzz about a segment instead of letting it guess: direction, script, language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Segment<'a> {
    /// The segment's direction (from its bidi level).
    pub direction: Direction,
    /// Its ISO 15924 script tag, e.g. `*b"Arab"` (see [`crate::harfbuzz::script_of`]).
    pub script: [u8; 4],
    /// Its BCP 47 language tag, e.g. `"ar"`; empty keeps the buffer's (or the locale's).
    pub language: &'a str,
}
use crate::glyphs::{GlyphPlacement, GlyphRun};
use crate::{Goldberry, NativeError};

/// A HarfBuzz font (`hb_font_t`) over a [`Face`], scaled to the face's units per em so that every advance and
/// offset comes out in design units (what Blend2D's glyph placements take). It holds its own reference to the
/// face, so it may outlive the [`Face`] it was made from.
///
/// The font is made immutable (`hb_font_make_immutable`) once set up, so sharing one `Font` between threads
/// that each shape with their own [`Buffer`] is sound: see the `Sync` impl.
pub struct Font {
    pub(super) g: &'static Goldberry,
    pub(super) font: NonNull<hb_font_t>,
    units_per_em: u32,
}

// SAFETY: an `hb_font_t` has no thread affinity and its reference count is atomic.
unsafe impl Send for Font {}
// SAFETY: after `Font::new` the font is immutable (`hb_font_make_immutable`: every setter becomes a no-op) and no
// method of `Font` changes it. HarfBuzz documents immutable fonts and faces as safe to use from several threads
// at once: `hb_shape` only reads the font and writes to the buffer it is given (each thread has its own), and the
// font's and face's lazily loaded tables, advance caches and shape-plan cache are published with atomics.
unsafe impl Sync for Font {}

impl Font {
    /// Makes a font over `face`, scaled to its units per em, with HarfBuzz's own OpenType glyph functions.
    pub fn new(face: &Face) -> Result<Font, NativeError> {
        let g = face.g;
        let calls = &g.harfbuzz.font;
        let units_per_em = face.units_per_em();
        let scale = c_int::try_from(units_per_em)
            .map_err(|_| NativeError::InvalidArgument(format!("units per em {units_per_em} is out of range")))?;
        // SAFETY: `face.face` is a live face; the font takes its own reference to it.
        let font = unsafe { calls.hb_font_create.call(face.face.as_ptr()) };
        let font = NonNull::new(font)
            .ok_or_else(|| NativeError::Null { function: "hb_font_create", context: "a font over the face".into() })?;
        let font = Font { g, font, units_per_em };
        // SAFETY: a live font we own the only reference to; nothing else sees it until `new` returns.
        unsafe {
            calls.hb_font_set_scale.call(font.font.as_ptr(), scale, scale);
            calls.hb_font_make_immutable.call(font.font.as_ptr());
        }
        // HarfBuzz's empty font (what `hb_font_create` gives when it cannot allocate) ignores the scale.
        if font.scale() != (scale, scale) {
            return Err(NativeError::Null {
                function: "hb_font_create",
                context: "HarfBuzz gave its empty font: out of memory".into(),
            });
        }
        Ok(font)
    }

    /// The face's units per em: the scale of every position this font gives.
    pub fn units_per_em(&self) -> u32 {
        self.units_per_em
    }

    /// The font's `(x, y)` scale (`hb_font_get_scale`): both equal the units per em.
    pub fn scale(&self) -> (i32, i32) {
        let (mut x, mut y) = (0, 0);
        // SAFETY: a live font and two valid out-pointers.
        unsafe { self.g.harfbuzz.font.hb_font_get_scale.call(self.font.as_ptr(), &mut x, &mut y) };
        (x, y)
    }

    /// The glyph's horizontal advance without kerning or any other shaping, in design units
    /// (`hb_font_get_glyph_h_advance`). 0 for a glyph id the face does not have.
    pub fn glyph_advance(&self, glyph: u32) -> i32 {
        // SAFETY: a live font; any glyph id is accepted.
        unsafe { self.g.harfbuzz.font.hb_font_get_glyph_h_advance.call(self.font.as_ptr(), glyph) }
    }

    /// The glyph the face's character map gives `c`, before any shaping (`hb_font_get_nominal_glyph`), or
    /// `None` when the face has none.
    pub fn nominal_glyph(&self, c: char) -> Option<u32> {
        let mut glyph = 0;
        // SAFETY: a live font and a valid out-pointer.
        let found = unsafe {
            self.g.harfbuzz.font.hb_font_get_nominal_glyph.call(self.font.as_ptr(), u32::from(c), &mut glyph)
        };
        (found != 0).then_some(glyph)
    }

    /// `(ascender, descender, line_gap)` for horizontal text, in design units, y up (so the descender is
    /// usually negative), from `hb_font_get_h_extents` (HarfBuzz synthesises them if the face has none).
    pub fn extents(&self) -> (i32, i32, i32) {
        let mut extents = hb_font_extents_t::default();
        // SAFETY: a live font and a valid out-pointer; HarfBuzz fills it whether or not the face has the data.
        unsafe { self.g.harfbuzz.font.hb_font_get_h_extents.call(self.font.as_ptr(), &mut extents) };
        (extents.ascender, extents.descender, extents.line_gap)
    }

    /// Shapes `text` left to right with `features` in `buffer` (cleared first): script and language are
    /// guessed from the text (`hb_buffer_guess_segment_properties`) unless the buffer has a language set. The
    /// run's clusters are byte offsets into `text`; its placements are in design units, y up.
    pub fn shape(&self, buffer: &mut Buffer, text: &str, features: &[Feature]) -> Result<GlyphRun, NativeError> {
        self.shape_with(buffer, text, features, None)
    }

    /// Shapes `text` as one segment of `segment`'s direction, script and language (a run the caller itemized:
    /// bidi level, script, face), with `features`. An RTL run's glyphs come out in visual order, left to right,
    /// so its clusters descend. Clusters are byte offsets into `text`; placements are in design units, y up.
    pub fn shape_segment(
        &self,
        buffer: &mut Buffer,
        text: &str,
        features: &[Feature],
        segment: &Segment<'_>,
    ) -> Result<GlyphRun, NativeError> {
        self.shape_with(buffer, text, features, Some(segment))
    }

    fn shape_with(
        &self,
        buffer: &mut Buffer,
        text: &str,
        features: &[Feature],
        segment: Option<&Segment<'_>>,
    ) -> Result<GlyphRun, NativeError> {
        let calls = &self.g.harfbuzz;
        if calls.font.hb_shape.address() != buffer.g.harfbuzz.font.hb_shape.address() {
            return Err(NativeError::InvalidArgument(
                "hb_shape: the buffer and the font come from two different copies of libgoldberry".into(),
            ));
        }
        let length = c_int::try_from(text.len()).map_err(|_| {
            NativeError::InvalidArgument(format!("hb_buffer_add_utf8: {} bytes of text is too long", text.len()))
        })?;
        let feature_count = c_uint::try_from(features.len())
            .map_err(|_| NativeError::InvalidArgument(format!("hb_shape: {} features is too many", features.len())))?;
        let language = match segment.map(|s| s.language) {
            Some(tag) if !tag.is_empty() => {
                let tag_length = c_int::try_from(tag.len())
                    .map_err(|_| NativeError::InvalidArgument(format!("language {tag:?} is too long")))?;
                // SAFETY: `tag` is valid for `tag_length` bytes for the call; the result is interned for the process.
                let language =
                    unsafe { calls.buffer.hb_language_from_string.call(tag.as_ptr() as *const c_char, tag_length) };
                NonNull::new(language.cast_mut())
            }
            _ => buffer.language,
        };
        let hb_buffer = buffer.buffer.as_ptr();
        // SAFETY: `hb_buffer` is a live buffer borrowed exclusively (`&mut Buffer`); `text` is valid UTF-8 for
        // `length` bytes for the call (HarfBuzz copies it); the language, when set, is interned for the process;
        // `Feature` is `repr(transparent)` over `hb_feature_t`, so `features` is a C array of `feature_count`
        // features, valid for the call; the font is live and immutable.
        let successful = unsafe {
            calls.buffer.hb_buffer_clear_contents.call(hb_buffer);
            calls.buffer.hb_buffer_add_utf8.call(hb_buffer, text.as_ptr() as *const c_char, length, 0, length);
            match segment {
                Some(segment) => {
                    let direction = match segment.direction {
                        Direction::Ltr => HB_DIRECTION_LTR,
                        Direction::Rtl => HB_DIRECTION_RTL,
                    };
                    calls.buffer.hb_buffer_set_direction.call(hb_buffer, direction);
                    calls.buffer.hb_buffer_set_script.call(hb_buffer, hb_script_t(hb_tag(&segment.script)));
                }
                None => calls.buffer.hb_buffer_set_direction.call(hb_buffer, HB_DIRECTION_LTR),
            }
            if let Some(language) = language {
                calls.buffer.hb_buffer_set_language.call(hb_buffer, language.as_ptr());
            }
            calls.buffer.hb_buffer_guess_segment_properties.call(hb_buffer);
            calls.font.hb_shape.call(
                self.font.as_ptr(),
                hb_buffer,
                features.as_ptr() as *const hb_feature_t,
                feature_count,
            );
            calls.buffer.hb_buffer_allocation_successful.call(hb_buffer)
        };
        if successful == 0 {
            return Err(NativeError::Null {
                function: "hb_shape",
                context: format!("HarfBuzz ran out of memory shaping {} bytes of text", text.len()),
            });
        }
        let (mut info_count, mut position_count) = (0, 0);
        // SAFETY: a live buffer and valid out-pointers; the arrays stay valid until the buffer changes, which
        // cannot happen before they are copied below (the buffer is borrowed exclusively).
        let (infos, positions) = unsafe {
            (
                calls.buffer.hb_buffer_get_glyph_infos.call(hb_buffer, &mut info_count),
                calls.buffer.hb_buffer_get_glyph_positions.call(hb_buffer, &mut position_count),
            )
        };
        let count = info_count as usize;
        let mut run = GlyphRun { units_per_em: self.units_per_em, ..GlyphRun::default() };
        if count == 0 {
            return Ok(run);
        }
        if infos.is_null() || positions.is_null() || position_count != info_count {
            return Err(NativeError::Null {
                function: "hb_buffer_get_glyph_positions",
                context: format!("{info_count} glyphs shaped but {position_count} positions"),
            });
        }
        // SAFETY: HarfBuzz returned `count` infos and `count` positions, owned by the buffer and unchanged while
        // these slices live (until the end of this function).
        let (infos, positions) =
            unsafe { (std::slice::from_raw_parts(infos, count), std::slice::from_raw_parts(positions, count)) };
        run.glyphs = infos.iter().map(|info| info.codepoint).collect();
        run.clusters = infos.iter().map(|info| info.cluster).collect();
        run.placements = positions
            .iter()
            .map(|p| GlyphPlacement {
                offset_x: p.x_offset,
                offset_y: p.y_offset,
                advance_x: p.x_advance,
                advance_y: p.y_advance,
            })
            .collect();
        Ok(run)
    }
}

impl Drop for Font {
    fn drop(&mut self) {
        // SAFETY: we own one reference to the font and give it up exactly once.
        unsafe { self.g.harfbuzz.font.hb_font_destroy.call(self.font.as_ptr()) };
    }
}

impl std::fmt::Debug for Font {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Font").field("units_per_em", &self.units_per_em).finish()
    }
}
