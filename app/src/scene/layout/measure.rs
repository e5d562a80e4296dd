//! Measuring text for Yoga: a text node's measure function wraps pre-shaped hard lines ([`crate::text`]) by the
//! same rules drawing does, so a paragraph's height follows the width Yoga offers.

use std::sync::Arc;

use goldberry_natives::yoga::{MeasureInput, MeasureMode};

use crate::text::ShapedPiece;
use crate::text::lines::wrap;

/// Whether a text wraps to the width it is offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wrapping {
    /// Each hard line is one line, however wide.
    None,
    /// Lines break at the width offered.
    ToWidth,
}

/// What height a text asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Height {
    /// The height of its lines.
    OfItsLines,
    /// None: it takes the height it is given and shows the lines that fit, so a long text never makes its card
    /// (or the card's row) taller.
    Fill,
}

/// Shaped text a measure function sizes: its hard lines, shaped, at a size, wrapped or not.
pub(super) struct Measured {
    pieces: Vec<Arc<ShapedPiece>>,
    size_px: f32,
    line_height: f32,
    wrapping: Wrapping,
    height: Height,
    /// The sizes already computed, by offered width (Yoga asks the same node several times a pass).
    memo: Vec<(u32, (f32, f32))>,
}

impl Measured {
    /// `pieces` (shaped hard lines) at `size_px`, lines `line_height` apart.
    pub(super) fn new(
        pieces: Vec<Arc<ShapedPiece>>,
        size_px: f32,
        line_height: f32,
        wrapping: Wrapping,
        height: Height,
    ) -> Measured {
        Measured { pieces, size_px, line_height, wrapping, height, memo: Vec::new() }
    }

    /// (width, height) of the text wrapped at `max_width` (unwrapped when it does not wrap).
    fn size(&self, max_width: f32) -> (f32, f32) {
        let mut lines = 0;
        let mut width = 0.0f32;
        let max = (self.wrapping == Wrapping::ToWidth).then_some(max_width);
        for piece in &self.pieces {
            for span in wrap(piece, self.size_px, max) {
                lines += 1;
                width = width.max(span.width_px);
            }
        }
        (width.ceil(), lines as f32 * self.line_height)
    }

    /// The size Yoga asks for: `size` at the width offered, within the limits the modes set.
    pub(super) fn measure(&mut self, input: MeasureInput) -> (f32, f32) {
        let available = match input.width_mode {
            MeasureMode::Undefined => f32::INFINITY,
            _ if input.width.is_finite() => input.width,
            _ => f32::INFINITY,
        };
        let key = available.to_bits();
        let (w, h) = match self.memo.iter().find(|(k, _)| *k == key) {
            Some(&(_, size)) => size,
            None => {
                let size = self.size(available);
                if self.memo.len() >= 8 {
                    self.memo.remove(0);
                }
                self.memo.push((key, size));
                size
            }
        };
        let w = match input.width_mode {
            MeasureMode::Exactly => input.width,
            MeasureMode::AtMost => w.min(input.width),
            MeasureMode::Undefined => w,
        };
        let h = match input.height_mode {
            MeasureMode::Exactly => input.height,
            _ if self.height == Height::Fill => 0.0,
            MeasureMode::AtMost => h.min(input.height),
            MeasureMode::Undefined => h,
        };
        (w, h)
    }
}
