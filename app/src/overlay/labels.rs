//! The overlay's words: short labels shaped once and kept (the same few recur frame after frame), drawn on a
//! dark chip so that they read over any screen.

use std::collections::HashMap;
use std::sync::Arc;

use goldberry_natives::glyphs::GlyphRun;

use crate::display_list::DisplayList;
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId, Rect};

/// The labels' size, px.
const FONT_PX: f32 = 11.0;
/// A chip's padding around its words, and its height.
const PAD: f32 = 4.0;
const CHIP_H: f32 = 16.0;
/// More labels than this are forgotten all at once (the pointer's tooltip makes new ones as it moves).
const MAX_KEPT: usize = 512;

const CHIP: Color = Color(0xe6_10_14_1c);
const INK: Color = Color::rgb(0xe6, 0xea, 0xf0);

/// Shaped labels by their words.
#[derive(Debug)]
pub struct Labels {
    font: FontId,
    runs: HashMap<String, (Arc<GlyphRun>, f32)>,
}

impl Labels {
    /// Labels in `fonts`' mono face.
    pub fn new(fonts: &FontBook) -> Labels {
        Labels { font: fonts.id(Face::Mono, FONT_PX), runs: HashMap::new() }
    }

    /// The run of `words` and its width, shaped the first time they are asked for.
    fn run(&mut self, words: &str, fonts: &FontBook) -> (Arc<GlyphRun>, f32) {
        if let Some(found) = self.runs.get(words) {
            return found.clone();
        }
        if self.runs.len() >= MAX_KEPT {
            self.runs.clear();
        }
        let run = fonts.compose(self.font, words);
        let width = run.width_px(FONT_PX);
        let shaped = (Arc::new(run), width);
        self.runs.insert(words.to_owned(), shaped.clone());
        shaped
    }

    /// The chip `words` would take with its top-left corner at (x, y).
    pub fn chip(&mut self, words: &str, x: f32, y: f32, fonts: &FontBook) -> Rect {
        let (_, width) = self.run(words, fonts);
        Rect::new(x, y, (width + 2.0 * PAD).ceil(), CHIP_H)
    }

    /// Draws `words` on a chip at `at` (from [`Labels::chip`]), its text in `color` or the default ink.
    pub fn draw(&mut self, words: &str, at: Rect, color: Option<Color>, fonts: &FontBook, list: &mut DisplayList) {
        let (run, _) = self.run(words, fonts);
        list.fill_round_rect(at, 3.0, CHIP);
        list.glyphs(self.font, at.x + PAD, at.y + FONT_PX + 1.0, run, color.unwrap_or(INK));
    }
}
