//! The end of a run: the summary line scripts read, and the `--report` JSON with every frame.
//!
//! **Which frames the summary covers**: the frame count is every frame painted; the percentiles, the maximum
//! and the count over the budget cover the *settled* frames only, that is every frame except the cold ones
//! (frame 0 and the first frame after each resize, when nothing is cached). A run whose every frame is cold
//! (one frame) summarises that frame instead. The cold frames have their own figures in the report. An idle
//! frame (nothing changed, nothing animated: nothing rasterized or presented) counts as a frame but not in the
//! figures.

use std::path::Path;

use serde::Serialize;

use crate::clock::BUDGET_MS;
use crate::hud::FrameTimes;
use crate::shell::atomic_file::write_atomically;
use crate::shell::cli::RunError;

/// One painted frame, times in ms.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FrameRecord {
    /// The frame index, from 0.
    pub index: u64,
    /// Nothing was cached: frame 0 or the first after a resize.
    pub cold: bool,
    /// The frame's width in device pixels.
    pub width: u32,
    /// The frame's height in device pixels.
    pub height: u32,
    /// Device pixels per logical unit.
    pub scale: f32,
    /// layout + shape + raster.
    pub paint_ms: f64,
    /// Yoga.
    pub layout_ms: f64,
    /// HarfBuzz.
    pub shape_ms: f64,
    /// Blend2D.
    pub raster_ms: f64,
    /// SDL.
    pub present_ms: f64,
    /// Nothing changed and nothing animated: the frame was neither rasterized nor presented.
    pub idle: bool,
    /// Pixels the frame drew for itself: what it changed, grown as the renderer grew it to keep curved edges whole
    /// (the inspector's overlay's own left out).
    pub damage_px: u64,
    /// Pixels rasterized for the inspector's overlay alone (0 with no overlay on).
    pub overlay_px: u64,
    /// Pixels in the rectangles presented.
    pub presented_px: u64,
    /// Input events handled before the frame.
    pub events: u32,
    /// From the oldest input event handled to the frame presented; absent when no event was handled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latency_ms: Option<f64>,
    /// Painted only for the HUD's figures or place, or the inspector's overlay: the HUD's statistics leave it out.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub for_figures: bool,
}

impl FrameRecord {
    /// A record from a frame's measured times; `frame` is its size in device pixels and its scale.
    pub fn new(index: u64, cold: bool, frame: (u32, u32, f32), t: &FrameTimes) -> FrameRecord {
        let (width, height, scale) = frame;
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
        FrameRecord {
            index,
            cold,
            width,
            height,
            scale,
            paint_ms: ms(t.paint),
            layout_ms: ms(t.layout),
            shape_ms: ms(t.shape),
            raster_ms: ms(t.raster),
            present_ms: ms(t.present),
            idle: false,
            damage_px: 0,
            overlay_px: 0,
            presented_px: 0,
            events: 0,
            latency_ms: None,
            for_figures: false,
        }
    }
}

/// p50 / p95 / max of a set of times (nearest-rank percentiles), in ms.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Percentiles {
    pub p50: f64,
    /// The 95th percentile.
    pub p95: f64,
    pub max: f64,
}

impl Percentiles {
    /// The percentiles of `values` (all zero when empty).
    pub fn of(values: impl IntoIterator<Item = f64>) -> Percentiles {
        let mut v: Vec<f64> = values.into_iter().collect();
        if v.is_empty() {
            return Percentiles::default();
        }
        v.sort_by(f64::total_cmp);
        let rank = |p: f64| v[((p * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1];
        Percentiles { p50: rank(0.50), p95: rank(0.95), max: v[v.len() - 1] }
    }
}

/// The run's summary (see the module docs for which frames it covers).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunSummary {
    /// Every frame painted.
    pub frames: usize,
    /// The frames the figures cover (settled ones).
    pub settled_frames: usize,
    /// The idle frames (nothing to paint).
    pub idle_frames: usize,
    /// The cold frames (frame 0, and after each resize).
    pub cold_frames: usize,
    /// The size of the last frame.
    pub width: u32,
    /// The size of the last frame.
    pub height: u32,
    /// Settled paint.
    pub paint: Percentiles,
    /// Settled raster.
    pub raster: Percentiles,
    /// Settled layout.
    pub layout: Percentiles,
    /// Settled shape.
    pub shape: Percentiles,
    /// Settled present.
    pub present: Percentiles,
    /// Settled frames whose paint exceeded the 16.7 ms budget.
    pub over_budget: usize,
    /// The first cold frame's paint, ms (0 when there was none).
    pub cold_paint_ms: f64,
    /// The first cold frame's raster, ms.
    pub cold_raster_ms: f64,
}

impl RunSummary {
    /// The summary of `frames`.
    pub fn of(frames: &[FrameRecord]) -> RunSummary {
        let settled: Vec<&FrameRecord> = frames.iter().filter(|f| !f.cold && !f.idle).collect();
        let covered: Vec<&FrameRecord> =
            if settled.is_empty() { frames.iter().filter(|f| !f.idle).collect() } else { settled };
        let pick = |f: fn(&FrameRecord) -> f64| Percentiles::of(covered.iter().map(|r| f(r)));
        let cold = frames.iter().find(|f| f.cold);
        let last = frames.last();
        RunSummary {
            frames: frames.len(),
            settled_frames: frames.iter().filter(|f| !f.cold && !f.idle).count(),
            idle_frames: frames.iter().filter(|f| f.idle).count(),
            cold_frames: frames.iter().filter(|f| f.cold).count(),
            width: last.map_or(0, |f| f.width),
            height: last.map_or(0, |f| f.height),
            paint: pick(|r| r.paint_ms),
            raster: pick(|r| r.raster_ms),
            layout: pick(|r| r.layout_ms),
            shape: pick(|r| r.shape_ms),
            present: pick(|r| r.present_ms),
            over_budget: covered.iter().filter(|r| r.paint_ms > BUDGET_MS).count(),
            cold_paint_ms: cold.map_or(0.0, |f| f.paint_ms),
            cold_raster_ms: cold.map_or(0.0, |f| f.raster_ms),
        }
    }

    /// The line printed at the end of a run, exactly in this form (scripts read it):
    /// `painted 60 frames at 960x640: paint p50 0.82 ms p95 1.10 ms max 1.90 ms; raster p50 0.61 ms p95 0.80 ms
    /// max 1.20 ms; 0 over the 16.7 ms budget`
    pub fn line(&self) -> String {
        format!(
            "painted {} frames at {}x{}: paint p50 {:.2} ms p95 {:.2} ms max {:.2} ms; raster p50 {:.2} ms p95 {:.2} ms max {:.2} ms; {} over the 16.7 ms budget",
            self.frames,
            self.width,
            self.height,
            self.paint.p50,
            self.paint.p95,
            self.paint.max,
            self.raster.p50,
            self.raster.p95,
            self.raster.max,
            self.over_budget
        )
    }
}

/// The `--report` JSON document.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Process start to the first presented frame, ms.
    pub first_frame_ms: f64,
    /// The last frame's size in logical units, `WxH` (what `--size` asked, until a zoom or a resize changes it).
    pub size: String,
    /// Device pixels per logical unit of the last frame.
    pub scale: f32,
    /// The last frame's width in device pixels.
    pub width_px: u32,
    /// The last frame's height in device pixels.
    pub height_px: u32,
    /// Raster threads (bands).
    pub threads: usize,
    /// The SDL video driver that ran.
    pub driver: String,
    pub summary: RunSummary,
    pub frames: Vec<FrameRecord>,
    /// The screen shown at the end.
    pub screen: String,
    /// Every interactive widget's state at the end, by id, and `focus` (see [`crate::session::Session::widgets`]).
    pub widgets: serde_json::Value,
    /// The accessibility tree at the end: the screen, and each node's role, name, value, states, range and bounds.
    pub accessibility: serde_json::Value,
    /// The font book's Blend2D fonts at the end.
    pub fonts: FontCounts,
    /// The HUD as the last painted frame drew it.
    pub hud: HudSeen,
    /// The flame (F5): shown, the frame it looks at with its spans, and the session's slowest frames' paint.
    pub flame: serde_json::Value,
    /// The inspector panel's lines as it last showed them (F3; empty until it is first on).
    pub inspector: Vec<String>,
    /// The status bar's figures as the last painted frame showed them (its retained layers, the raster threads,
    /// the budget).
    pub status_figures: String,
    /// The text screen's shaping X-ray (F6) as the last frame drew it, null when it is not shown: its aim, the run
    /// shown and the whole line's runs (`widgets` has it too, as `text.xray`).
    pub xray: serde_json::Value,
    /// Each native library's version as the loaded library reports it.
    pub libraries: crate::shell::libraries::Libraries,
    /// `--record`'s file: its path, frames and bytes (absent without `--record`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recording: Option<crate::shell::record::RecordingEntry>,
}

/// The HUD as the last painted frame drew it: shown or not, its corner and box (logical units), how many frames its
/// figures cover and how many the statistics had counted by the end (equal: it shows the last frame's figures).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HudSeen {
    pub shown: bool,
    pub corner: &'static str,
    pub rect: [f32; 4],
    pub figures_of_frames: u64,
    pub frames_counted: u64,
}

/// The font book's Blend2D fonts: how many it holds (at most [`crate::fonts::MAX_FONTS`]), how many it made in the
/// run, and how many of those made room for another size (the least recently used).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FontCounts {
    pub held: usize,
    pub made: u64,
    pub made_room: u64,
}

impl Report {
    /// Writes the report as pretty JSON, atomically.
    pub fn write(&self, path: &Path) -> Result<(), RunError> {
        let json = serde_json::to_vec_pretty(self).map_err(|e| RunError::output(path, e))?;
        write_atomically(path, &json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(index: u64, cold: bool, paint: f64, raster: f64) -> FrameRecord {
        FrameRecord {
            index,
            cold,
            width: 960,
            height: 640,
            scale: 1.0,
            paint_ms: paint,
            layout_ms: 0.01,
            shape_ms: 0.01,
            raster_ms: raster,
            present_ms: 0.02,
            idle: false,
            damage_px: 0,
            overlay_px: 0,
            presented_px: 0,
            events: 0,
            latency_ms: None,
            for_figures: false,
        }
    }

    #[test]
    fn percentiles_nearest_rank() {
        let p = Percentiles::of((1..=100).map(f64::from));
        assert_eq!(p, Percentiles { p50: 50.0, p95: 95.0, max: 100.0 });
        let p = Percentiles::of([3.0]);
        assert_eq!(p, Percentiles { p50: 3.0, p95: 3.0, max: 3.0 });
    }

    #[test]
    fn summary_line_covers_settled_frames() {
        let mut frames = vec![frame(0, true, 40.0, 30.0)];
        frames.extend((1..60).map(|i| frame(i, false, 0.82, 0.61)));
        frames[10].paint_ms = 17.0;
        // An idle frame is counted, but its near-zero time is not a paint.
        frames.push(FrameRecord { idle: true, ..frame(60, false, 0.001, 0.0) });
        let s = RunSummary::of(&frames);
        assert_eq!((s.frames, s.settled_frames, s.cold_frames, s.idle_frames), (61, 59, 1, 1));
        assert_eq!(s.cold_paint_ms, 40.0);
        assert_eq!(
            s.line(),
            "painted 61 frames at 960x640: paint p50 0.82 ms p95 0.82 ms max 17.00 ms; raster p50 0.61 ms p95 0.61 ms max 0.61 ms; 1 over the 16.7 ms budget"
        );
    }
}
