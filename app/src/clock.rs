//! The frame clock: what one frame is asked to paint, and the time it has.
//!
//! Headless (`--video-driver dummy`), frame N's time is N / 60 s, so the same frame is the same pixels on every
//! run; on a desktop it is the wall clock since the first frame. This module imports nothing of the app's, so the
//! loop, the scene, the HUD and the report can all read it.

use std::time::Instant;

/// The frames a second the headless clock ticks at.
pub const FRAMES_PER_SECOND: f64 = 60.0;

/// The frame budget in ms (60 Hz).
pub const BUDGET_MS: f64 = 16.7;

/// What the scene needs to record one frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameInput {
    /// The frame's index, from 0.
    pub index: u64,
    /// The frame clock in seconds: `index / 60` in headless runs, wall-clock time on a desktop.
    pub time_s: f64,
    /// The target's width in device pixels.
    pub width: u32,
    /// The target's height in device pixels.
    pub height: u32,
    /// Device pixels per logical unit (display-list pixel): 1 on a normal display, 2 on a HiDPI one.
    pub scale: f32,
}

impl FrameInput {
    /// Frame `index` of a headless (deterministic) run: its time comes from its index at 60 frames a second.
    pub fn headless(index: u64, width: u32, height: u32) -> FrameInput {
        FrameInput { index, time_s: index as f64 / FRAMES_PER_SECOND, width, height, scale: 1.0 }
    }

    /// The same frame at `scale` device pixels per logical unit (its size stays in device pixels).
    pub fn at_scale(self, scale: f32) -> FrameInput {
        FrameInput { scale, ..self }
    }

    /// The frame's width in logical units, whole (what the HUD and the panels lay themselves out in).
    pub fn logical_width(&self) -> u32 {
        (self.width as f32 / self.scale).floor() as u32
    }
}

/// Where a run's frames take their time from.
#[derive(Debug, Clone, Copy)]
pub enum FrameClock {
    /// From the frame's index ([`FrameInput::headless`]).
    Headless,
    /// The wall clock since `start`.
    Wall {
        /// When the clock started.
        start: Instant,
    },
}

impl FrameClock {
    /// The wall clock, starting now.
    pub fn wall() -> FrameClock {
        FrameClock::Wall { start: Instant::now() }
    }

    /// Frame `index`'s time in seconds.
    pub fn time_s(&self, index: u64) -> f64 {
        match self {
            FrameClock::Headless => index as f64 / FRAMES_PER_SECOND,
            FrameClock::Wall { start } => start.elapsed().as_secs_f64(),
        }
    }
}
