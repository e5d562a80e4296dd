//! Measuring text for Yoga: a text node's measure function sizes pre-shaped runs ([`crate::text`]), so a
//! paragraph's height follows the width Yoga offers.

use std::sync::Arc;

use goldberry_natives::glyphs::GlyphRun;
use goldberry_natives::yoga::{MeasureInput, MeasureMode};

use crate::text::break_lines;

/// Whether a text wraps to the width it is offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wrapping {
    /// Each hard line is one line, however wide.
    None,
    /// Lines break at the width offered.
    ToWidth,
}

/// What height a text asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Height {
    /// The height of its lines.
    OfItsLines,
    /// None: it takes the height it is given and shows the lines that fit, so a long text never makes its card
    /// (or the card's row) taller.
    Fill,
}

/// Shaped text a measure function sizes: hard lines with their runs, at a size, wrapped or not.
pub(super) struct Measured {
    pieces: Vec<(String, Arc<GlyphRun>)>,
    size_px: f32,
    line_height: f32,
    wrapping: Wrapping,
    height: Height,
    /// The sizes already computed, by offered width (Yoga asks the same node several times a pass).
    memo: Vec<(u32, (f32, f32))>,
}

impl Measured {
    /// `pieces` (hard lines and their runs) at `size_px`, lines `line_height` apart.
    pub(super) fn new(
        pieces: Vec<(String, Arc<GlyphRun>)>,
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
        let scale = |run: &GlyphRun, units: i64| {
            if run.units_per_em == 0 { 0.0 } else { units as f32 * self.size_px / run.units_per_em as f32 }
        };
        for (text, run) in &self.pieces {
            if self.wrapping == Wrapping::ToWidth {
                for (_, units) in break_lines(text, run, self.size_px, max_width) {
                    lines += 1;
                    width = width.max(scale(run, units));
                }
            } else {
                lines += 1;
                width = width.max(run.width_px(self.size_px));
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
