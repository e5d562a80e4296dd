//! Shaped text as plain data: what HarfBuzz produces and Blend2D draws.
//!
//! [`crate::harfbuzz::Font::shape`] fills a [`GlyphRun`]; [`crate::blend2d::Context::fill_glyph_run`] draws one.
//! Positions are in the face's design units (HarfBuzz's font is scaled to units per em), which is what
//! Blend2D's `BL_GLYPH_PLACEMENT_TYPE_ADVANCE_OFFSET` expects; [`GlyphRun::width_px`] converts.

/// Where one glyph sits relative to the pen, and how far it moves the pen, in font design units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GlyphPlacement {
    /// Horizontal offset from the pen (HarfBuzz `x_offset`).
    pub offset_x: i32,
    /// Vertical offset from the pen, y up as in HarfBuzz (`y_offset`).
    pub offset_y: i32,
    /// Horizontal pen advance (`x_advance`).
    pub advance_x: i32,
    /// Vertical pen advance (`y_advance`).
    pub advance_y: i32,
}

/// A run of shaped glyphs in one font.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GlyphRun {
    /// Glyph ids in the face.
    pub glyphs: Vec<u32>,
    /// One placement per glyph.
    pub placements: Vec<GlyphPlacement>,
    /// For each glyph, the byte offset in the shaped text of the cluster it belongs to.
    pub clusters: Vec<u32>,
    /// The face's units per em, the scale of every placement.
    pub units_per_em: u32,
}

impl GlyphRun {
    /// The number of glyphs.
    pub fn len(&self) -> usize {
        self.glyphs.len()
    }

    /// Whether the run has no glyphs.
    pub fn is_empty(&self) -> bool {
        self.glyphs.is_empty()
    }

    /// The sum of the horizontal advances, in design units.
    pub fn advance_units(&self) -> i64 {
        self.placements.iter().map(|p| i64::from(p.advance_x)).sum()
    }

    /// The run's width in pixels at `size_px` pixels per em.
    pub fn width_px(&self, size_px: f32) -> f32 {
        if self.units_per_em == 0 {
            return 0.0;
        }
        self.advance_units() as f32 * size_px / self.units_per_em as f32
    }
}
