//! A painter, a session and a frame buffer, frames painted offscreen over the frame before as a window's are: what
//! the interaction benches drive.
#![allow(dead_code)]

use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, Painter};
use goldberry::screens::ScreenId;
use goldberry::session::Session;
use goldberry::surface::{FrameBuffer, Pixels};
use goldberry_natives::Goldberry;

/// A painter, a session on `screen` and a frame buffer of `(w, h)`, with the first frame painted.
pub struct Rig {
    pub painter: Painter,
    pub session: Session,
    pub buffer: FrameBuffer,
    pub index: u64,
    /// Device pixels a logical unit.
    pub scale: f32,
    /// A held clock: every frame is painted at this time, so what animates on the clock stands still (`None`: frame
    /// N's time is N / 60 s, as headless).
    pub held: Option<f64>,
}

impl Rig {
    pub fn new(g: &'static Goldberry, fonts: &FontBook, screen: ScreenId, size: (u32, u32), threads: usize) -> Rig {
        Rig::at_scale(g, fonts, screen, size, threads, 1.0)
    }

    /// As [`Rig::new`], `(w, h)` being logical units drawn at `scale` device pixels each.
    pub fn at_scale(
        g: &'static Goldberry,
        fonts: &FontBook,
        screen: ScreenId,
        (w, h): (u32, u32),
        threads: usize,
        scale: f32,
    ) -> Rig {
        let painter = Painter::new(g, fonts, threads, false).expect("painter");
        let buffer = FrameBuffer::new((w as f32 * scale) as u32, (h as f32 * scale) as u32);
        let mut rig = Rig { painter, session: Session::new(screen, false), buffer, index: 0, scale, held: None };
        rig.frame(fonts, Pixels::Fresh);
        rig
    }

    /// Paints the next frame; returns its paint time (ms) and damaged share of the window (percent).
    pub fn frame(&mut self, fonts: &FontBook, pixels: Pixels) -> (f64, f64) {
        let (ms, written, _) = self.frame_parts(fonts, pixels);
        let (w, h) = (self.buffer.width, self.buffer.height);
        (ms, 100.0 * written as f64 / (u64::from(w) * u64::from(h)) as f64)
    }

    /// Paints the next frame; returns its paint time (ms), the pixels it wrote and those the frame changed (the
    /// overlay's own left out).
    pub fn frame_parts(&mut self, fonts: &FontBook, pixels: Pixels) -> (f64, u64, u64) {
        let (w, h) = (self.buffer.width, self.buffer.height);
        let now = self.now();
        let shown = self.session.shown(now);
        let input = FrameInput { time_s: now, ..FrameInput::headless(self.index, w, h) }.at_scale(self.scale);
        let target = self.buffer.canvas_at(self.scale);
        let painted = self.painter.paint(&input, fonts, target, &shown, pixels).expect("paint");
        self.session.take_feedback(painted.feedback);
        self.index += 1;
        (painted.times.paint.as_secs_f64() * 1000.0, painted.damage.pixels(), painted.frame_damage.pixels())
    }

    /// The time the next frame is painted at (and its input handled at).
    pub fn now(&self) -> f64 {
        self.held.unwrap_or(self.index as f64 / 60.0)
    }

    /// The centre of widget `id`'s box.
    pub fn centre(&self, id: &str) -> (f32, f32) {
        let region = self.session.regions().iter().find(|r| r.target.id == id).expect("the widget is laid out");
        (region.rect.x + region.rect.w / 2.0, region.rect.y + region.rect.h / 2.0)
    }
}
