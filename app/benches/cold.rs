//! The cold-frame bench: one painter draws cold frames back to back, alternating between 960x640 and 940x620
//! (every frame is the first at its size, as when a window is resized), and prints the median of each phase.
//!
//! `cargo bench -p goldberry --bench cold` runs 400 such frames with 1 and with 2 raster threads and prints one line
//! each. Where the frame bench takes nine cold frames per figure, this takes hundreds, so two builds can be
//! compared side by side: build each one's bench, then run the two binaries in turn several times (see the
//! Performance chapter of the book). `GOLDBERRY_BENCH_FRAMES=N` changes the 400; `GOLDBERRY_BENCH_THREADS=N` runs
//! that thread count alone.

mod support;

use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, Painter};
use goldberry::raster::FrameBuffer;
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
}
