//! The cold-frame bench: one painter draws cold frames back to back, alternating between 960x640 and 940x620
//! (every frame is the first at its size, as when a window is resized), and prints the median of each phase.
//!
//! `cargo bench -p goldberry --bench cold` runs 400 such frames with 1 and with 2 raster threads and prints one line
//! each. Where the frame bench takes nine cold frames per figure, this takes hundreds, so two builds can be
//! compared side by side: build each one's bench, then run the two binaries in turn several times (see the
//! Performance chapter of the book). `GOLDBERRY_BENCH_FRAMES=N` changes the 400; `GOLDBERRY_BENCH_THREADS=N` runs
//! that thread count alone.
//!
//! Then, with 2 threads (or `GOLDBERRY_BENCH_THREADS`), it compares the base's runs kept as images (the glyph
//! cache's run images) with the base's text blitted glyph by glyph, side by side in one run: two painters draw the
//! same frames in turn, once for the two sizes above and once for a window dragged smaller by 1 px a frame (from
//! 960x640, every frame at a size not seen before, as a user resizing a window makes them).

mod support;

use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, Painter};
use goldberry::raster::{FrameBuffer, Target};
use goldberry::report::Percentiles;
use goldberry_natives::Goldberry;

/// The two sizes the frames alternate between.
const SIZES: [(u32, u32); 2] = [(960, 640), (940, 620)];

/// Per phase, in ms, one entry per timed frame.
#[derive(Default)]
struct Phases {
    layout: Vec<f64>,
    raster: Vec<f64>,
    bands: Vec<f64>,
    paint: Vec<f64>,
}

fn cold_frames(g: &'static Goldberry, fonts: &FontBook, threads: usize, frames: usize) -> Result<Phases, String> {
    let mut painter = Painter::new(g, fonts, threads, true).map_err(|e| e.to_string())?;
    painter.warm_up(fonts, SIZES[0].0, SIZES[0].1).map_err(|e| e.to_string())?;
    // The targets' pages are mapped before the frames are timed, as a window surface's are.
    let mut buffers: Vec<FrameBuffer> = SIZES.iter().map(|&(w, h)| FrameBuffer::new(w, h)).collect();
    for buffer in &mut buffers {
        buffer.pixels.fill(1);
    }
    let mut phases = Phases::default();
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    for index in 0..frames + 2 {
        let buffer = &mut buffers[index % 2];
        let input = FrameInput::headless(index as u64, buffer.width, buffer.height);
        let frame = painter.paint(&input, fonts, buffer.target()).map_err(|e| e.to_string())?;
        if !frame.cold {
            return Err(format!("frame {index} was not cold"));
        }
        painter.stats.record(&frame.times);
        // The first two (one at each size) warm the pipelines up.
        if index >= 2 {
            phases.layout.push(ms(frame.times.layout));
            phases.raster.push(ms(frame.times.raster));
            phases.bands.push(ms(painter.raster.stats().bands_time));
            phases.paint.push(ms(frame.times.paint));
        }
    }
    Ok(phases)
}

/// The medians of the same cold frames drawn by a painter with run images and one without, in turn, and the
/// run images the first built per frame (mean).
struct SideBySide {
    with: f64,
    without: f64,
    bands_with: f64,
    bands_without: f64,
    built_per_frame: f64,
}

/// Draws `frames` cold frames at `size_of(index)` with two painters in turn, one keeping the base's runs as
/// images and one not (the first two frames of each warm the pipelines up and are not counted).
fn run_images_side_by_side(
    g: &'static Goldberry,
    fonts: &FontBook,
    threads: usize,
    frames: usize,
    size_of: &dyn Fn(usize) -> (u32, u32),
) -> Result<SideBySide, String> {
    let mut painters = Vec::new();
    for run_images in [true, false] {
        let mut painter = Painter::new(g, fonts, threads, true).map_err(|e| e.to_string())?;
        painter.raster.set_run_images(run_images);
        let (w, h) = size_of(0);
        painter.warm_up(fonts, w, h).map_err(|e| e.to_string())?;
        painters.push(painter);
    }
    // One mapped buffer as large as the largest frame; each frame's rows are packed at its own width.
    let largest = (0..frames + 2).map(size_of).map(|(w, h)| w as usize * h as usize * 4).max().unwrap_or(0);
    let mut pixels = vec![1u8; largest];
    let (mut paint, mut bands) = ([Vec::new(), Vec::new()], [Vec::new(), Vec::new()]);
    let mut built = 0;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    for index in 0..frames + 2 {
        let (width, height) = size_of(index);
        for (which, painter) in painters.iter_mut().enumerate() {
            let target = Target { pixels: &mut pixels, width, height, stride: width as usize * 4, scale: 1.0 };
            let input = FrameInput::headless(index as u64, width, height);
            let frame = painter.paint(&input, fonts, target).map_err(|e| e.to_string())?;
            if !frame.cold {
                return Err(format!("frame {index} was not cold"));
            }
            painter.stats.record(&frame.times);
            if index >= 2 {
                paint[which].push(ms(frame.times.paint));
                bands[which].push(ms(painter.raster.stats().bands_time));
                if which == 0 {
                    built += painter.raster.stats().run_images_built;
                }
            }
        }
    }
    let median = |v: &[f64]| Percentiles::of(v.iter().copied()).p50;
    Ok(SideBySide {
        with: median(&paint[0]),
        without: median(&paint[1]),
        bands_with: median(&bands[0]),
        bands_without: median(&bands[1]),
        built_per_frame: built as f64 / frames as f64,
    })
}

fn main() {
    let frames: usize = support::env_number("GOLDBERRY_BENCH_FRAMES").unwrap_or(400);
    let only: Option<usize> = support::env_number("GOLDBERRY_BENCH_THREADS");
    let (g, fonts) = support::natives_and_fonts("cold");
    for threads in only.map_or(vec![1, 2], |t| vec![t]) {
        match cold_frames(g, &fonts, threads, frames.max(1)) {
            Ok(p) => {
                let median = |v: &[f64]| Percentiles::of(v.iter().copied()).p50;
                println!(
                    "cold frames 960x640 <-> 940x620, {threads} thr, {frames} frames (ms, medians): layout {:.2} raster {:.2} bands {:.2} paint {:.2}; paint p95 {:.2}",
                    median(&p.layout),
                    median(&p.raster),
                    median(&p.bands),
                    median(&p.paint),
                    Percentiles::of(p.paint.iter().copied()).p95,
                );
            }
            Err(e) => {
                eprintln!("cold bench: {e}");
                std::process::exit(1);
            }
        }
    }
    let threads = only.unwrap_or(2);
    let alternate = |index: usize| SIZES[index % 2];
    // Smaller by 1 px a frame (a new size every frame), back to 960x640 after 480 frames.
    let drag = |index: usize| (960 - (index % 480) as u32, 640 - (index % 480 / 2) as u32);
    for (name, size_of) in [
        ("960x640 <-> 940x620", &alternate as &dyn Fn(usize) -> (u32, u32)),
        ("dragged from 960x640 by 1 px a frame", &drag),
    ] {
        match run_images_side_by_side(g, &fonts, threads, frames.max(1), size_of) {
            Ok(s) => println!(
                "cold frames {name}, {threads} thr, {frames} frames, run images vs glyph by glyph, in turn (ms, medians): paint {:.2} vs {:.2} (x{:.2}), bands {:.2} vs {:.2}; {:.1} run images built a frame",
                s.with,
                s.without,
                s.with / s.without,
                s.bands_with,
                s.bands_without,
                s.built_per_frame,
            ),
            Err(e) => {
                eprintln!("cold bench: {e}");
                std::process::exit(1);
            }
        }
    }
}
