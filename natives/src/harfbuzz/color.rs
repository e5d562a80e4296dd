//! Colour glyphs read through HarfBuzz: whether a face has PNG bitmaps (CBDT, sbix), a glyph's PNG from the strike
//! nearest a pixel size, and a glyph's ink box.

use std::ffi::c_uint;
use std::ptr::NonNull;

use goldberry_calls::harfbuzz::types::hb_glyph_extents_t;

use super::{Face, Font};

/// A glyph's ink box in its font's scale (design units for a [`Font`]), y up: `top` is above the baseline when
/// positive, `height` runs down from it (negative, y up), as HarfBuzz's `hb_glyph_extents_t`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GlyphExtents {
    /// From the pen to the box's left edge.
    pub x_bearing: i32,
    /// From the baseline up to the box's top edge.
    pub y_bearing: i32,
    /// The box's width.
    pub width: i32,
    /// The box's height, y up (negative for a box below its top).
    pub height: i32,
}

/// A colour glyph's bitmap as the font stores it: PNG bytes, and where the bitmap lies (its ink box, in design
/// units, from the strike's metrics).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourBitmap {
    /// The PNG file's bytes, copied out of the font.
    pub png: Vec<u8>,
    /// Where the bitmap's pixels go, in design units, y up.
    pub extents: GlyphExtents,
}

impl Face {
    /// Whether the face has glyphs as PNG bitmaps (`hb_ot_color_has_png`: CBDT or sbix).
    pub fn has_png(&self) -> bool {
        // SAFETY: a live face.
        unsafe { self.g.harfbuzz.color.hb_ot_color_has_png.call(self.face.as_ptr()) != 0 }
    }
}

impl Font {
    /// The glyph's ink box in design units (`hb_font_get_glyph_extents`), `None` when the font has none for it.
    pub fn glyph_extents(&self, glyph: u32) -> Option<GlyphExtents> {
        let mut e = hb_glyph_extents_t::default();
        // SAFETY: a live font and a valid out-pointer; any glyph id is accepted.
        let found = unsafe { self.g.harfbuzz.font.hb_font_get_glyph_extents.call(self.font.as_ptr(), glyph, &mut e) };
        (found != 0).then_some(GlyphExtents {
            x_bearing: e.x_bearing,
            y_bearing: e.y_bearing,
            width: e.width,
            height: e.height,
        })
    }

    /// The glyph's PNG bitmap from the strike `ppem` picks (`hb_ot_color_glyph_reference_png` on a sub-font set to
    /// that many pixels per em: the smallest strike at least that large, else the largest), with its ink box from
    /// the same strike; `None` when the glyph has no bitmap.
    pub fn colour_png(&self, glyph: u32, ppem: u32) -> Option<ColourBitmap> {
        let calls = &self.g.harfbuzz;
        // The font itself is immutable (shared by threads); the ppem that picks a strike is set on a sub-font of
        // its own, which inherits its scale and functions.
        // SAFETY: a live font; the sub-font takes its own reference to it.
        let sub = NonNull::new(unsafe { calls.font.hb_font_create_sub_font.call(self.font.as_ptr()) })?;
        let ppem = ppem.clamp(1, 1 << 16);
        let mut e = hb_glyph_extents_t::default();
        let mut length: c_uint = 0;
        // SAFETY: `sub` is a live font only this call sees; the blob it returns is ours to destroy (never null:
        // the empty blob when there is no bitmap), and its bytes are read only while it lives, copied out first.
        let (png, found) = unsafe {
            calls.font.hb_font_set_ppem.call(sub.as_ptr(), ppem, ppem);
            let blob = calls.color.hb_ot_color_glyph_reference_png.call(sub.as_ptr(), glyph);
            let data = calls.blob.hb_blob_get_data.call(blob, &mut length);
            let png = if data.is_null() || length == 0 {
                Vec::new()
            } else {
                std::slice::from_raw_parts(data.cast::<u8>(), length as usize).to_vec()
            };
            calls.blob.hb_blob_destroy.call(blob);
            let found = calls.font.hb_font_get_glyph_extents.call(sub.as_ptr(), glyph, &mut e);
            calls.font.hb_font_destroy.call(sub.as_ptr());
            (png, found)
        };
        if png.is_empty() {
            return None;
        }
        let extents = GlyphExtents { x_bearing: e.x_bearing, y_bearing: e.y_bearing, width: e.width, height: e.height };
        Some(ColourBitmap { png, extents: if found != 0 { extents } else { GlyphExtents::default() } })
    }
}
