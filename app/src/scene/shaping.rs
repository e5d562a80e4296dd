//! Shaping for the scene, timed: the time spent in HarfBuzz is reported apart from layout
//! ([`SceneTimings::shape`](super::SceneTimings::shape)), and each run is logged for the flame while it shows
//! ([`crate::flame::runs`]).

use std::cell::Cell;
use std::sync::Arc;
use std::time::{Duration, Instant};

use goldberry_natives::glyphs::GlyphRun;

use crate::flame::runs;
use crate::fonts::FontBook;
use crate::geom::FontId;
use crate::text::{Line, Paragraph, ShapedPiece, TextStyle};

/// The font book, with the time spent shaping through it added up.
pub struct Timed<'a> {
    fonts: &'a FontBook,
    spent: Cell<Duration>,
}

impl<'a> Timed<'a> {
    /// Starts counting at zero.
    pub fn new(fonts: &'a FontBook) -> Timed<'a> {
        Timed { fonts, spent: Cell::new(Duration::ZERO) }
    }

    pub fn fonts(&self) -> &'a FontBook {
        self.fonts
    }

    /// The time spent shaping so far.
    pub fn spent(&self) -> Duration {
        self.spent.get()
    }

    /// Runs `f`, its time counted as shaping: for a screen that shapes and wraps its own text (the text screen's
    /// editors) through the font book, so that the HUD's rows still add up to the paint.
    pub fn timed<T>(&self, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        self.spent.set(self.spent.get() + start.elapsed());
        out
    }

    /// [`Timed::timed`] for one run of `text`, logged for the flame while it shows (`run` gives the address of the
    /// run it made, 0 for lines).
    fn run<T>(&self, text: &str, f: impl FnOnce() -> T, run: impl FnOnce(&T) -> usize) -> T {
        let start = Instant::now();
        let out = f();
        let time = start.elapsed();
        self.spent.set(self.spent.get() + time);
        if runs::on() {
            runs::log(text, start, time, run(&out));
        }
        out
    }

    /// [`FontBook::shape`], timed.
    pub fn shape(&self, font: FontId, text: &str) -> Arc<GlyphRun> {
        self.run(text, || self.fonts.shape(font, text), |run| Arc::as_ptr(run) as usize)
    }

    /// [`FontBook::layout`] in `font`'s default style, timed; an error is logged and gives no lines.
    pub fn paragraph(&self, font: FontId, text: &str, max_width_px: Option<f32>) -> Arc<Paragraph> {
        let lines = || {
            self.fonts.layout(&TextStyle::new(font), text, max_width_px).unwrap_or_else(|error| {
                tracing::warn!("laying out {text:?} failed: {error}");
                Arc::new(Paragraph::default())
            })
        };
        self.run(text, lines, |_| 0)
    }

    /// [`FontBook::ellipsized`] in `font`'s default style, timed; an error is logged and gives an empty line.
    pub fn ellipsized(&self, font: FontId, text: &str, max_width_px: f32) -> Line {
        let line = || {
            self.fonts.ellipsized(&TextStyle::new(font), text, max_width_px).unwrap_or_else(|error| {
                tracing::warn!("ellipsizing {text:?} failed: {error}");
                Line::default()
            })
        };
        self.run(text, line, |_| 0)
    }

    /// [`FontBook::shaped_pieces`] in `font`'s default style, timed; an error is logged and gives none.
    pub fn pieces(&self, font: FontId, text: &str) -> Vec<Arc<ShapedPiece>> {
        let pieces = || {
            self.fonts.shaped_pieces(&TextStyle::new(font), text).unwrap_or_else(|error| {
                tracing::warn!("shaping {text:?} failed: {error}");
                Vec::new()
            })
        };
        self.run(text, pieces, |_| 0)
    }

    /// [`FontBook::compose`], timed: a monospaced figure that changes every frame.
    pub fn figure(&self, font: FontId, text: &str) -> Arc<GlyphRun> {
        self.run(text, || Arc::new(self.fonts.compose(font, text)), |run| Arc::as_ptr(run) as usize)
    }
}
