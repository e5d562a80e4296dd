//! What every stage of one frame reads: the list, the fonts, the target's size, the mapping, and which of the
//! list's ops the base stands for. Built once per frame by [`super::Renderer::render`].

use goldberry_natives::blend2d::{Context, ImageView};
use goldberry_natives::{Goldberry, NativeError};

use super::geom::Mapping;
use crate::display_list::DisplayList;
use crate::fonts::FontBook;

/// One frame's inputs, shared read-only by its stages (see the module docs).
#[derive(Debug, Clone, Copy)]
pub(super) struct FrameContext<'f> {
    pub(super) g: &'static Goldberry,
    pub(super) fonts: &'f FontBook,
    pub(super) list: &'f DisplayList,
    pub(super) mapping: Mapping,
    /// The target's width in pixels.
    pub(super) width: u32,
    /// The target's height in rows.
    pub(super) height: usize,
    /// Bytes from one row of the target to the next.
    pub(super) stride: usize,
    /// The band count.
    pub(super) threads: usize,
    /// Blend2D's own worker threads for each band's context (0: synchronous, see
    /// [`super::Renderer::set_blend2d_threads`]).
    pub(super) blend2d_threads: u32,
    /// The ops of the leading run, `0..lead_end` (0: the list starts with no layer).
    pub(super) lead_end: usize,
    /// Whether the leading run's layers are drawn this frame (the base drawn, or its damage redrawn) rather than
    /// only copied with the base.
    pub(super) lead_drawn: bool,
    /// The first op the bands draw: those before it are in the base they start from.
    pub(super) drawn_from: usize,
}

impl FrameContext<'_> {
    /// Whether the top-level layer at op `i` is drawn in place (one of the leading run's, drawn this frame)
    /// rather than blitted from the layer cache.
    pub(super) fn in_place(&self, i: usize) -> bool {
        i < self.lead_end && self.lead_drawn
    }

    /// A context over a band's (or the base's) pixels, with Blend2D's own threads when the renderer was asked for
    /// them.
    pub(super) fn begin<'a>(&self, view: &'a mut ImageView<'_>) -> Result<Context<'a>, NativeError> {
        match self.blend2d_threads {
            0 => Context::begin_view(view),
            threads => Context::begin_view_threaded(view, threads),
        }
    }

    /// The bytes of the target the frame covers.
    pub(super) fn needed(&self) -> usize {
        self.stride * self.height
    }
}
