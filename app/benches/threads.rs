//! The threads bench: the app's bands (one synchronous Blend2D context per band, records 10, 11 and 17) against
//! Blend2D's own multithreaded context (one band, its context begun with `threadCount` workers), side by side.
//!
//! `cargo bench -p goldberry --bench threads` paints the overview with the HUD at 960x640, 1920x1080 and 3840x2160
//! pixels, with 1, 2 and 4 threads each way: cold frames (every frame the first at its size: the size alternates
//! with one 20 px smaller each way) and settled ones (the same frame painted whole again, caches warm). The two
//! painters draw the same frames in turn, so that the machine's drift falls on both; each line prints the medians
//! of paint (ms) and their ratio, Blend2D's threads over the bands (below 1, Blend2D's threads are faster), and
//! how many pixels of one more frame the two ways draw apart.
//! `GOLDBERRY_BENCH_FRAMES=N` changes the frames a row (40). Record 25 has the figures.

mod support;

use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, Painter};
use goldberry::session::Session;
use goldberry::surface::{Canvas, Pixels};
use goldberry_natives::Goldberry;

/// The overview with no input: the frame every figure here paints.
static OVERVIEW: std::sync::LazyLock<Session> = std::sync::LazyLock::new(Session::default);

/// The sizes the frames are painted at, in pixels (one pixel a unit).
const SIZES: [(u32, u32); 3] = [(960, 640), (1920, 1080), (3840, 2160)];

/// The thread counts each way.
const THREADS: [usize; 3] = [1, 2, 4];

/// A painter warmed up at `size`: `threads` bands, or one band whose contexts have `threads` Blend2D workers.
fn painter(
    g: &'static Goldberry,
    fonts: &FontBook,
    threads: usize,
    blend2d: bool,
    size: (u32, u32),
) -> Result<Painter, String> {
    let bands = if blend2d { 1 } else { threads };
    let mut painter = Painter::new(g, fonts, bands, true).map_err(|e| e.to_string())?;
    if blend2d {
        painter.raster.set_blend2d_threads(threads as u32);
    }
    painter
        .warm_up(fonts, &FrameInput::headless(0, size.0, size.1), &OVERVIEW.shown(0.0))
        .map_err(|e| e.to_string())?;
    Ok(painter)
}

/// The median paint time (ms) of each of `painters` over `frames` frames painted in turn, frame `index` at
/// `size_of(index)`; the first two frames of each warm the pipelines up and are not counted. `cold`: each frame
/// must be the first at its size.
fn medians(
    fonts: &FontBook,
    painters: &mut [Painter],
    frames: usize,
    size_of: &dyn Fn(usize) -> (u32, u32),
    cold: bool,
) -> Result<Vec<f64>, String> {
    let largest = (0..frames + 2).map(size_of).map(|(w, h)| w as usize * h as usize * 4).max().unwrap_or(0);
    let mut pixels = vec![1u8; largest];
    let mut times: Vec<Vec<f64>> = painters.iter().map(|_| Vec::with_capacity(frames)).collect();
    for index in 0..frames + 2 {
        let (width, height) = size_of(index);
        for (painter, times) in painters.iter_mut().zip(&mut times) {
            let target = Canvas { pixels: &mut pixels, width, height, stride: width as usize * 4, scale: 1.0 };
            let input = FrameInput::headless(index as u64, width, height);
            let frame =
                painter.paint(&input, fonts, target, &OVERVIEW.shown(0.0), Pixels::Fresh).map_err(|e| e.to_string())?;
            if cold && !frame.cold {
                return Err(format!("frame {index} was not cold"));
            }
            if index >= 2 {
                times.push(frame.times.paint.as_secs_f64() * 1000.0);
            }
        }
    }
    Ok(times
        .iter_mut()
        .map(|t| {
            t.sort_by(f64::total_cmp);
            t.get(t.len() / 2).copied().unwrap_or(f64::NAN)
        })
        .collect())
}

/// How many pixels of a frame at `size` the two painters draw apart (a frame painted whole by each, caches warm).
fn pixels_apart(fonts: &FontBook, painters: &mut [Painter; 2], (width, height): (u32, u32)) -> Result<usize, String> {
    let mut frames = [vec![0u8; width as usize * height as usize * 4], vec![0u8; width as usize * height as usize * 4]];
    for (painter, pixels) in painters.iter_mut().zip(&mut frames) {
        let target = Canvas { pixels, width, height, stride: width as usize * 4, scale: 1.0 };
        let input = FrameInput::headless(0, width, height);
        painter.paint(&input, fonts, target, &OVERVIEW.shown(0.0), Pixels::Fresh).map_err(|e| e.to_string())?;
    }
    let [a, b] = &frames;
    Ok(a.chunks_exact(4).zip(b.chunks_exact(4)).filter(|(x, y)| x[..3] != y[..3]).count())
}

/// The bench's lines, or the first error.
fn run(g: &'static Goldberry, fonts: &FontBook, frames: usize) -> Result<(), String> {
    println!(
        "bands (one synchronous context a band) vs Blend2D's own threads (one band, threadCount), paint medians (ms), {frames} frames a row, in turn:"
    );
    for (w, h) in SIZES {
        for threads in THREADS {
            let mut painters = [painter(g, fonts, threads, false, (w, h))?, painter(g, fonts, threads, true, (w, h))?];
            let cold_size = |i: usize| if i.is_multiple_of(2) { (w, h) } else { (w - 20, h - 20) };
            let cold = medians(fonts, &mut painters, frames, &cold_size, true)?;
            let settled = medians(fonts, &mut painters, frames, &|_| (w, h), false)?;
            let apart = pixels_apart(fonts, &mut painters, (w, h))?;
            println!(
                "  {w}x{h} {threads} thr: cold bands {:.2} blend2d {:.2} (x{:.2}); settled bands {:.2} blend2d {:.2} (x{:.2}); {apart} pixels apart",
                cold[0],
                cold[1],
                cold[1] / cold[0],
                settled[0],
                settled[1],
                settled[1] / settled[0]
            );
        }
    }
    Ok(())
}

fn main() {
    let frames: usize = support::env_number("GOLDBERRY_BENCH_FRAMES").unwrap_or(40);
    let (g, fonts) = support::natives_and_fonts("threads");
    if let Err(e) = run(g, &fonts, frames.max(1)) {
        eprintln!("threads bench: {e}");
        std::process::exit(1);
    }
}
