//! [`LineMetrics`]: where a font's lines sit, in pixels, from its face's horizontal extents.

use super::FontBook;
use crate::geom::FontId;

/// Pixel metrics of a font, y down: the baseline is `ascent` below a line's top.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineMetrics {
    /// From the top of a line to its baseline.
    pub ascent: f32,
    /// From the baseline to the bottom of the glyphs (positive).
    pub descent: f32,
    /// From one baseline to the next.
    pub line_height: f32,
}

impl FontBook {
    /// The line metrics of `id`, in pixels (from the face's horizontal extents).
    pub fn metrics(&self, id: FontId) -> LineMetrics {
        let face = self.loaded_or_sans(self.face(id));
        let scale = self.size_px(id) / face.units_per_em as f32;
        let ascent = face.ascender as f32 * scale;
        let descent = -face.descender as f32 * scale;
        LineMetrics { ascent, descent, line_height: ascent + descent + face.line_gap.max(0) as f32 * scale }
    }
}
