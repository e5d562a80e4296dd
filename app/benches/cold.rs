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
use goldberry::session::Session;
use goldberry::shell::report::Percentiles;
use goldberry::surface::{Canvas, Pixels};
use goldberry_natives::Goldberry;

/// The overview with no input: the frame every figure here paints.
static OVERVIEW: std::sync::LazyLock<Session> = std::sync::LazyLock::new(Session::default);

/// The two sizes the frames alternate between.
const SIZES: [(u32, u32); 2] = [(960, 640), (940, 620)];

/// One painter's cold frames: per phase, in ms, one entry per timed frame, and the run images it built.
#[derive(Default)]
struct Phases {
    layout: Vec<f64>,
    raster: Vec<f64>,
    bands: Vec<f64>,
    paint: Vec<f64>,
    run_images_built: usize,
}

impl Phases {
    fn median(v: &[f64]) -> f64 {
        Percentiles::of(v.iter().copied()).p50
    }
}

/// A painter with `threads` raster threads, keeping the base's runs as images or not, warmed up at `size`.
fn painter(
    g: &'static Goldberry,
    fonts: &FontBook,
    threads: usize,
    run_images: bool,
    (w, h): (u32, u32),
) -> Result<Painter, String> {
    let mut painter = Painter::new(g, fonts, threads, true).map_err(|e| e.to_string())?;
    painter.raster.set_run_images(run_images);
    painter.warm_up(fonts, &FrameInput::headless(0, w, h), &OVERVIEW.shown(0.0)).map_err(|e| e.to_string())?;
    Ok(painter)
}

/// Has each of `painters` draw the same `frames` cold frames in turn, frame `index` at `size_of(index)`, and
/// returns each one's phases. The target is one buffer as large as the largest frame, its pages mapped before the
/// frames are timed (as a window surface's are), each frame's rows packed at its own width. The first two frames
/// (one at each size, when they alternate) warm the pipelines up and are not counted.
fn cold_frames(
    fonts: &FontBook,
    painters: &mut [Painter],
    frames: usize,
    size_of: &dyn Fn(usize) -> (u32, u32),
) -> Result<Vec<Phases>, String> {
    let largest = (0..frames + 2).map(size_of).map(|(w, h)| w as usize * h as usize * 4).max().unwrap_or(0);
    let mut pixels = vec![1u8; largest];
    let mut phases: Vec<Phases> = painters.iter().map(|_| Phases::default()).collect();
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    for index in 0..frames + 2 {
        let (width, height) = size_of(index);
        for (painter, phases) in painters.iter_mut().zip(&mut phases) {
            let target = Canvas { pixels: &mut pixels, width, height, stride: width as usize * 4, scale: 1.0 };
            let frame = painter
                .paint(
                    &FrameInput::headless(index as u64, width, height),
                    fonts,
                    target,
                    &OVERVIEW.shown(0.0),
                    Pixels::Fresh,
                )
                .map_err(|e| e.to_string())?;
            if !frame.cold {
                return Err(format!("frame {index} was not cold"));
            }
            painter.stats.record(&frame.times);
            if index >= 2 {
                let stats = painter.raster.stats();
                phases.layout.push(ms(frame.times.layout));
                phases.raster.push(ms(frame.times.raster));
                phases.bands.push(ms(stats.bands_time));
                phases.paint.push(ms(frame.times.paint));
                phases.run_images_built += stats.run_images_built;
            }
        }
    }
    Ok(phases)
}

/// The bench's lines, or the first error.
fn run(g: &'static Goldberry, fonts: &FontBook, frames: usize, only: Option<usize>) -> Result<(), String> {
    let median = Phases::median;
    let alternate = |index: usize| SIZES[index % 2];
    for threads in only.map_or(vec![1, 2], |t| vec![t]) {
        let mut painters = [painter(g, fonts, threads, true, SIZES[0])?];
        let phases = cold_frames(fonts, &mut painters, frames, &alternate)?;
        let [p] = phases.as_slice() else { return Err("one painter, one set of phases".to_owned()) };
        println!(
            "cold frames 960x640 <-> 940x620, {threads} thr, {frames} frames (ms, medians): layout {:.2} raster {:.2} bands {:.2} paint {:.2}; paint p95 {:.2}",
            median(&p.layout),
            median(&p.raster),
            median(&p.bands),
            median(&p.paint),
            Percentiles::of(p.paint.iter().copied()).p95,
        );
    }
    // Run images against glyph-by-glyph text: two painters drawing the same frames in turn.
    let threads = only.unwrap_or(2);
    // Smaller by 1 px a frame (a new size every frame), back to 960x640 after 480 frames.
    let drag = |index: usize| (960 - (index % 480) as u32, 640 - (index % 480 / 2) as u32);
    for (name, size_of) in [
        ("960x640 <-> 940x620", &alternate as &dyn Fn(usize) -> (u32, u32)),
        ("dragged from 960x640 by 1 px a frame", &drag),
    ] {
        let mut painters =
            [painter(g, fonts, threads, true, size_of(0))?, painter(g, fonts, threads, false, size_of(0))?];
        let phases = cold_frames(fonts, &mut painters, frames, size_of)?;
        let [with, without] = phases.as_slice() else { return Err("two painters, two sets of phases".to_owned()) };
        println!(
            "cold frames {name}, {threads} thr, {frames} frames, run images vs glyph by glyph, in turn (ms, medians): paint {:.2} vs {:.2} (x{:.2}), bands {:.2} vs {:.2}; {:.1} run images built a frame",
            median(&with.paint),
            median(&without.paint),
            median(&with.paint) / median(&without.paint),
            median(&with.bands),
            median(&without.bands),
            with.run_images_built as f64 / frames as f64,
        );
    }
    Ok(())
}

fn main() {
    let frames: usize = support::env_number("GOLDBERRY_BENCH_FRAMES").unwrap_or(400);
    let only: Option<usize> = support::env_number("GOLDBERRY_BENCH_THREADS");
    let (g, fonts) = support::natives_and_fonts("cold");
    if let Err(e) = run(g, &fonts, frames.max(1), only) {
        eprintln!("cold bench: {e}");
        std::process::exit(1);
    }
}
