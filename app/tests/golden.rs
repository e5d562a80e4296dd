//! Golden images: frames 0 and 30 of the default scene at 960x640, headless and offscreen, against
//! assets/golden/frame-000.png and frame-030.png, compared exactly (record 19). On failure the actual and diff
//! images are written under the target dir's golden-failures/ and their paths printed.
//! `GOLDBERRY_BLESS=1 cargo test -p goldberry --test golden` regenerates the goldens.
//!
//! The HUD is in the frame, fed with a fixed sequence of timings (the real ones differ on every run), so the
//! goldens show it too: dashes on frame 0, coloured figures and a sparkline on frame 30.
//!
//! Also here: rasterizing with 2 and 3 bands gives one band's pixels exactly.

#[path = "support/pixels.rs"]
mod pixels;

use std::time::Duration;

use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, Painter};
use goldberry::hud::{FrameTimes, HudStats};
use goldberry::session::Session;
use goldberry::shell::screenshot::RgbImage;
use goldberry::surface::{FrameBuffer, Pixels};
use goldberry_natives::Goldberry;
use pixels::{Bound, compare, difference, golden};

/// The overview with no input: the frame every figure here paints.
static OVERVIEW: std::sync::LazyLock<Session> = std::sync::LazyLock::new(Session::default);

const WIDTH: u32 = 960;
const HEIGHT: u32 = 640;

/// Deterministic HUD statistics for frame `index`: the times of the `index` frames before it, cycling through
/// ok, near and over values so every colour shows.
fn synthetic_stats(index: u64) -> HudStats {
    let mut stats = HudStats::new();
    for i in 0..index {
        let ms = |v: f64| Duration::from_secs_f64(v / 1000.0);
        let k = (i % 10) as f64;
        let raster = 0.4 + 0.45 * k;
        let layout = 0.05 + 0.01 * k;
        let shape = if i % 8 == 7 { 2.2 } else { 0.03 };
        let times = FrameTimes {
            layout: ms(layout),
            shape: ms(shape),
            raster: ms(raster),
            paint: ms(layout + shape + raster + 0.1),
            present: ms(0.05),
        };
        stats.record(&times);
        stats.record_interval(ms(16.7));
    }
    stats
}

/// Paints frames 0..=last in order (like a run) with `threads` bands and returns the frames asked for.
fn paint_frames(threads: usize, wanted: &[u64], hud: bool) -> Vec<RgbImage> {
    let g = Goldberry::load(None).expect("libgoldberry");
    let fonts = FontBook::load(g).expect("fonts");
    let mut painter = Painter::new(g, &fonts, threads, hud).expect("painter");
    let mut buffer = FrameBuffer::new(WIDTH, HEIGHT);
    let last = wanted.iter().copied().max().unwrap_or(0);
    let mut out = Vec::new();
    for index in 0..=last {
        painter.stats = synthetic_stats(index);
        let input = FrameInput::headless(index, WIDTH, HEIGHT);
        painter.paint(&input, &fonts, buffer.canvas(), &OVERVIEW.shown(0.0), Pixels::Fresh).expect("paint");
        if wanted.contains(&index) {
            out.push(RgbImage::from_xrgb32(&buffer.pixels, WIDTH, HEIGHT, buffer.stride()));
        }
    }
    out
}

#[test]
fn golden_frames_0_and_30() {
    let frames = [0u64, 30];
    let images = paint_frames(1, &frames, true);
    let failures: Vec<String> = frames
        .iter()
        .zip(&images)
        .filter_map(|(index, actual)| golden(&format!("frame-{index:03}.png"), actual, Bound::EXACT, "golden").err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn frames_are_deterministic_and_animate() {
    let a = paint_frames(1, &[0, 30], true);
    let b = paint_frames(1, &[0, 30], true);
    assert_eq!(a, b, "the same frame index gave different pixels");
    let (_, differing) = compare(&a[0], &a[1], 0);
    assert!(differing > 1000, "frame 30 looks like frame 0 ({differing} pixels differ)");
}

#[test]
fn bands_equal_one_thread() {
    let one = paint_frames(1, &[0, 30], true);
    for threads in [2, 3] {
        let banded = paint_frames(threads, &[0, 30], true);
        for (frame, (a, b)) in one.iter().zip(&banded).enumerate() {
            let d = difference(a, b);
            eprintln!("{threads} bands against 1, frame {}: {d:?}", [0, 30][frame]);
            // A band's edge that cuts a path is a clip the beta rounds a level apart beside it (record 19).
            assert!(d.worst <= 1, "{threads} bands differ from 1 in frame {}: {d:?}", [0, 30][frame]);
        }
    }
}
