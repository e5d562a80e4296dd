//! What the last frame's render did with the base and the layers, and where its time went.

use std::time::{Duration, Instant};

use super::Drawer;

/// One band of a frame as the flame shows it: its rows, the thread that drew it, when it started and how long it
/// took (its layers rasterized by it included).
#[derive(Debug, Clone, Copy)]
pub struct BandTime {
    /// Its first row (device pixels).
    pub top: usize,
    /// How many rows.
    pub height: usize,
    pub drawer: Drawer,
    pub started: Instant,
    pub time: Duration,
    /// Its time per kind of op ([`super::OpKindTimes::NAMES`]), when the renderer was asked for it.
    pub kinds: Option<[Duration; 3]>,
}

/// What a frame did with the base.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BaseUse {
    /// The list starts with no layer: no base.
    #[default]
    None,
    /// The bands drew the leading layers, and the base is left to be drawn where a later frame needs it (a
    /// cold frame).
    Drawn,
    /// This many damaged rectangles of the base were redrawn, then the bands started from a copy of it.
    Damaged(usize),
    /// The bands started from a copy of the base, unchanged.
    Copied,
}

/// What a frame did with one layer, as the inspector's overlay outlines it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayerFate {
    /// One of the leading layers the base stands for.
    InBase,
    /// Blitted from the cache unchanged.
    Kept,
    /// Rasterized into its image again (new, changed, or rasterized ahead of the frame).
    Redrawn,
}

/// What the last frame's render did with the base and the layers.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RasterStats {
    /// What happened to the base.
    pub base: BaseUse,
    /// Leading layers the base stands for (0: no base this frame).
    pub layers_in_base: usize,
    /// Pieces of the base drawn because this frame needed them and a cold frame had left them undrawn: rectangles
    /// of squares under a partial frame's damage, or 1 for a frame drawn whole whose bands drew their rows.
    pub base_filled: usize,
    /// Layers outside the base rasterized into images (new or changed).
    pub layers_rasterized: usize,
    /// Layers rasterized ahead of the frame ([`super::Renderer::rasterize_layers_ahead`]), then blitted.
    pub layers_ahead: usize,
    /// Layers outside the base blitted from the cache unchanged (those rasterized ahead included).
    pub layers_reused: usize,
    /// Layers evicted because the frame did not use them.
    pub layers_evicted: usize,
    /// Bands drawn.
    pub bands: usize,
    /// Glyphs added to the glyph cache.
    pub glyphs_cached: usize,
    /// Runs of the base drawn into run images this frame ([`crate::glyph_cache`]'s `runs`).
    pub run_images_built: usize,
    /// Time spent adding glyphs to the glyph cache.
    pub glyphs_time: Duration,
    /// Time spent rasterizing stale layers outside the base.
    pub layers_time: Duration,
    /// Time spent redrawing the base's damaged rectangles (zero unless some were).
    pub base_time: Duration,
    /// Time spent in the bands (the base's copy, or its drawing, and the rest of the list).
    pub bands_time: Duration,
}
