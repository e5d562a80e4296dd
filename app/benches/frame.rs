//! The frame bench: the default scene (with the HUD) at 960x640 and 1920x1080, with 1 and 2 raster threads,
//! offscreen (no SDL: raster into an XRGB32 frame buffer), 300 settled frames each.
//!
//! `cargo bench -p goldberry --bench frame` prints, per configuration, p50 / p95 / max of paint and raster over
//! the settled frames, and the cost of a cold frame two ways (median of 9 each): "fresh", the first frame of a
//! new painter after its warm-up (like frame 0 of a run: fonts loaded, glyph cache filled while the window
//! opened, the scene's Yoga trees built but nothing laid out or rasterized), and "resize", the first frame at a
//! new size in a running app. The
//! issue's targets are printed next to the figures. Then the cold and settled 960x640 frames without and with
//! the glyph cache ([`goldberry::raster::Renderer::set_glyph_cache`]) and the fresh frame without the warm-up;
//! then the 2-thread speed-up on a cold 1920x1080 frame, from samples of 1 and 2 threads taken in turn.
//!
//! Every settled frame above is painted as [`Pixels::Fresh`] (drawn whole, though the buffer is reused), so that
//! its figures compare with those from before damage-driven frames. Last, the same settled frames painted as
//! [`Pixels::Kept`] over the frame before, as a window's are: only their damage is drawn, and its share of the
//! window (p50) is printed beside them.
//! First, the HiDPI rows (1920x1080 units at 1x and 2x); `GOLDBERRY_BENCH_ONLY=hidpi` prints only those.
//! `GOLDBERRY_BENCH_FRAMES=N` changes the 300; `GOLDBERRY_BENCH_STATS=1` also prints what raster did on the
//! last settled frame of each row (layers rasterized, reused, in the base; time per step).

mod support;

use std::time::Duration;

use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, Painter};
use goldberry::session::Session;
use goldberry::shell::report::{FrameRecord, Percentiles};
use goldberry::surface::{FrameBuffer, Pixels};
use goldberry_natives::Goldberry;

/// The overview with no input: the frame every figure here paints.
static OVERVIEW: std::sync::LazyLock<Session> = std::sync::LazyLock::new(Session::default);

/// How many cold frames each cold figure is the median of.
const COLD_SAMPLES: usize = 9;

struct Cold {
    paint: f64,
    raster: f64,
}

/// A cold frame after a resize, as in a running app: the scene and rasterizer have drawn frames at another
/// size, so nothing in the layer cache fits (median of `samples`).
fn resize_cold_frame(
    g: &'static Goldberry,
    fonts: &FontBook,
    (w, h): (u32, u32),
    threads: usize,
    glyphs: bool,
    samples: usize,
) -> Cold {
    let mut painter = Painter::new(g, fonts, threads, true).expect("painter");
    painter.raster.set_glyph_cache(glyphs);
    let mut paint = Vec::new();
    let mut raster = Vec::new();
    let mut index = 0;
    let mut small = FrameBuffer::new(w - 40, h - 40);
    let mut full = FrameBuffer::new(w, h);
    // As in `cold_frame`: the targets' pages are mapped before the frames are timed, as a window surface's are
    // by the time SDL hands it over; the painter's own memory (the base, the layers) is not.
    small.pixels.fill(1);
    full.pixels.fill(1);
    for _ in 0..samples {
        for (fw, fh) in [(w - 40, h - 40), (w - 40, h - 40), (w, h)] {
            let buffer = if fw == w { &mut full } else { &mut small };
            let frame = painter
                .paint(
                    &FrameInput::headless(index, fw, fh),
                    fonts,
                    buffer.canvas(),
                    &OVERVIEW.shown(0.0),
                    Pixels::Fresh,
                )
                .expect("paint");
            painter.stats.record(&frame.times);
            index += 1;
            if (fw, fh) == (w, h) {
                assert!(frame.cold);
                if std::env::var_os("GOLDBERRY_BENCH_STATS").is_some() {
                    eprintln!(
                        "{w}x{h} {threads} thr, cold frame after a resize: {:?} {:?}",
                        frame.times,
                        painter.raster.stats()
                    );
                }
                paint.push(ms(frame.times.paint));
                raster.push(ms(frame.times.raster));
            }
        }
    }
    Cold { paint: median(paint), raster: median(raster) }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The first frame of a new painter (median of `samples`), warmed up first as `run` does (its glyph cache
/// filled while the window opens) when `warm`.
fn cold_frame(
    g: &'static Goldberry,
    fonts: &FontBook,
    (w, h): (u32, u32),
    threads: usize,
    (glyphs, warm): (bool, bool),
    samples: usize,
    scale: f32,
) -> Cold {
    let input = FrameInput::headless(0, w, h).at_scale(scale);
    let mut paint = Vec::new();
    let mut raster = Vec::new();
    // The target outlives the scene, as a window surface does: its pages are already mapped.
    let mut buffer = FrameBuffer::new(w, h);
    buffer.pixels.fill(1);
    for _ in 0..samples {
        let mut painter = Painter::new(g, fonts, threads, true).expect("painter");
        painter.raster.set_glyph_cache(glyphs);
        if warm {
            painter.warm_up(fonts, &input, &OVERVIEW.shown(0.0)).expect("warm up");
        }
        let frame =
            painter.paint(&input, fonts, buffer.canvas_at(scale), &OVERVIEW.shown(0.0), Pixels::Fresh).expect("paint");
        if std::env::var_os("GOLDBERRY_BENCH_STATS").is_some() {
            eprintln!(
                "{w}x{h} {threads} thr, fresh cold frame ({} cached glyphs): {:?} {:?}",
                painter.raster.cached_glyphs(),
                frame.times,
                painter.raster.stats()
            );
        }
        paint.push(ms(frame.times.paint));
        raster.push(ms(frame.times.raster));
    }
    Cold { paint: median(paint), raster: median(raster) }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The settled frames' records, and the pixels each drew; after the first, every frame is painted as `pixels`.
fn settled(
    g: &'static Goldberry,
    fonts: &FontBook,
    (w, h): (u32, u32),
    threads: usize,
    frames: u64,
    (glyphs, pixels): (bool, Pixels),
    scale: f32,
) -> (Vec<FrameRecord>, Vec<u64>) {
    let mut painter = Painter::new(g, fonts, threads, true).expect("painter");
    painter.raster.set_glyph_cache(glyphs);
    let mut buffer = FrameBuffer::new(w, h);
    let (mut records, mut damage) = (Vec::new(), Vec::new());
    for index in 0..=frames {
        let over = if index == 0 { Pixels::Fresh } else { pixels };
        let input = FrameInput::headless(index, w, h).at_scale(scale);
        let frame = painter.paint(&input, fonts, buffer.canvas_at(scale), &OVERVIEW.shown(0.0), over).expect("paint");
        painter.stats.record(&frame.times);
        if !frame.cold {
            records.push(FrameRecord::new(index, false, (w, h, scale), &frame.times));
            damage.push(frame.damage.pixels());
        }
    }
    if std::env::var_os("GOLDBERRY_BENCH_STATS").is_some() {
        let list = painter.list();
        eprintln!(
            "{w}x{h} {threads} thr, last frame: {} ops ({} deep, {} glyphs), {:?}",
            list.ops.len(),
            list.deep_len(),
            list.glyph_count(),
            painter.raster.stats()
        );
    }
    (records, damage)
}

/// Frames a scale paints in a row before the other takes its turn ([`settled_in_turn`]); the first of each block is
/// not counted, as its caches hold the other scale's pixels.
const BLOCK: u64 = 10;

/// The settled overview at 1920x1080 units at each of `scales`, painted by a painter each in turn, [`BLOCK`] frames
/// at a time, so that a machine whose speed drifts weighs on both alike and each block runs with its own pixels in
/// the caches, as a running window's frames do: each scale's paint p50 (ms) over `frames` frames, its first frame
/// drawn whole and every one after as `pixels`.
fn settled_in_turn(
    g: &'static Goldberry,
    fonts: &FontBook,
    threads: usize,
    frames: u64,
    pixels: Pixels,
    scales: [f32; 2],
) -> [f64; 2] {
    let side = |v: u32, scale: f32| (v as f32 * scale) as u32;
    let mut painters = scales.map(|_| Painter::new(g, fonts, threads, true).expect("painter"));
    let mut buffers = scales.map(|scale| FrameBuffer::new(side(1920, scale), side(1080, scale)));
    let mut paint: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut index = [0u64; 2];
    while paint.iter().any(|p| (p.len() as u64) < frames) {
        for (i, scale) in scales.into_iter().enumerate() {
            for n in 0..BLOCK {
                let over = if index[i] == 0 { Pixels::Fresh } else { pixels };
                let input = FrameInput::headless(index[i], side(1920, scale), side(1080, scale)).at_scale(scale);
                let canvas = buffers[i].canvas_at(scale);
                let frame = painters[i].paint(&input, fonts, canvas, &OVERVIEW.shown(0.0), over).expect("paint");
                painters[i].stats.record(&frame.times);
                index[i] += 1;
                if n > 0 && !frame.cold {
                    paint[i].push(ms(frame.times.paint));
                }
            }
        }
    }
    paint.map(|p| Percentiles::of(p).p50)
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing else we use.
    let frames: u64 = support::env_number("GOLDBERRY_BENCH_FRAMES").unwrap_or(300);
    let (g, fonts) = support::natives_and_fonts("frame");
    println!("goldberry frame bench: default scene + HUD, offscreen, {frames} settled frames per row (ms)");
    hidpi(g, &fonts, frames);
    if std::env::var("GOLDBERRY_BENCH_ONLY").is_ok_and(|only| only == "hidpi") {
        return;
    }
    println!(
        "{:<10} {:>3}  {:>21}  {:>21}  {:>17}  {:>17}  target",
        "size", "thr", "paint p50/p95/max", "raster p50/p95/max", "fresh paint/raster", "resize paint/rast"
    );
    for (w, h) in [(960u32, 640u32), (1920, 1080)] {
        for threads in [1usize, 2] {
            let (records, _) = settled(g, &fonts, (w, h), threads, frames, (true, Pixels::Fresh), 1.0);
            let paint = Percentiles::of(records.iter().map(|r| r.paint_ms));
            let raster = Percentiles::of(records.iter().map(|r| r.raster_ms));
            let cold = cold_frame(g, &fonts, (w, h), threads, (true, true), COLD_SAMPLES, 1.0);
            let resize = resize_cold_frame(g, &fonts, (w, h), threads, true, COLD_SAMPLES);
            let target = match (w, threads) {
                (960, 1) => format!(
                    "settled paint p50 <= 1.0 ({}) p95 <= 2.0 ({})",
                    verdict(paint.p50 <= 1.0),
                    verdict(paint.p95 <= 2.0)
                ),
                (960, 2) => format!(
                    "cold <= 4.0 (fresh {}, resize {})",
                    verdict(cold.paint <= 4.0),
                    verdict(resize.paint <= 4.0)
                ),
                (1920, 2) => format!("settled paint p95 <= 4.2 ({})", verdict(paint.p95 <= 4.2)),
                _ => String::new(),
            };
            println!(
                "{:<10} {:>3}  {:>6.2} {:>6.2} {:>7.2}  {:>6.2} {:>6.2} {:>7.2}  {:>8.2} {:>8.2}  {:>8.2} {:>8.2}  {target}",
                format!("{w}x{h}"),
                threads,
                paint.p50,
                paint.p95,
                paint.max,
                raster.p50,
                raster.p95,
                raster.max,
                cold.paint,
                cold.raster,
                resize.paint,
                resize.raster
            );
        }
    }
    // The glyph cache's effect, measured side by side (interleaved, so a busy machine weighs on both alike).
    println!("960x640 paint ms (cold: median of 9), Blend2D's fill_glyph_run vs the glyph cache:");
    for threads in [1usize, 2] {
        let (off, on) = (
            cold_frame(g, &fonts, (960, 640), threads, (false, true), COLD_SAMPLES, 1.0),
            cold_frame(g, &fonts, (960, 640), threads, (true, true), COLD_SAMPLES, 1.0),
        );
        let unwarmed = cold_frame(g, &fonts, (960, 640), threads, (true, false), COLD_SAMPLES, 1.0);
        let (roff, ron) = (
            resize_cold_frame(g, &fonts, (960, 640), threads, false, COLD_SAMPLES),
            resize_cold_frame(g, &fonts, (960, 640), threads, true, COLD_SAMPLES),
        );
        let p50 = |glyphs| {
            let (records, _) = settled(g, &fonts, (960, 640), threads, frames, (glyphs, Pixels::Fresh), 1.0);
            Percentiles::of(records.iter().map(|r| r.paint_ms)).p50
        };
        let (soff, son) = (p50(false), p50(true));
        println!(
            "  {threads} thr: fresh {:.2} -> {:.2} ({:.2} without the warm-up), resize {:.2} -> {:.2}, settled p50 {soff:.2} -> {son:.2}",
            off.paint, on.paint, unwarmed.paint, roff.paint, ron.paint
        );
    }
    // The speed-up, each sample of 1 thread next to one of 2, so that a busy machine weighs on both alike.
    let (mut fresh, mut resize) = ([Vec::new(), Vec::new()], [Vec::new(), Vec::new()]);
    for _ in 0..COLD_SAMPLES {
        for threads in [1usize, 2] {
            fresh[threads - 1].push(cold_frame(g, &fonts, (1920, 1080), threads, (true, true), 1, 1.0).paint);
            resize[threads - 1].push(resize_cold_frame(g, &fonts, (1920, 1080), threads, true, 1).paint);
        }
    }
    for (name, [one, two]) in [("fresh", fresh), ("resize", resize)] {
        let (one, two) = (median(one), median(two));
        let speedup = one / two;
        println!(
            "cold 1920x1080 frame ({name}, interleaved): 1 thread {one:.2} ms, 2 threads {two:.2} ms: {speedup:.2}x (target >= 1.6x: {})",
            verdict(speedup >= 1.6)
        );
    }
    println!("settled frames painted over the frame before (Pixels::Kept), only their damage drawn (ms):");
    for (w, h) in [(960u32, 640u32), (1920, 1080)] {
        for threads in [1usize, 2] {
            let (records, damage) = settled(g, &fonts, (w, h), threads, frames, (true, Pixels::Kept), 1.0);
            let paint = Percentiles::of(records.iter().map(|r| r.paint_ms));
            let raster = Percentiles::of(records.iter().map(|r| r.raster_ms));
            let share = Percentiles::of(damage.iter().map(|&px| 100.0 * px as f64 / f64::from(w * h)));
            println!(
                "{:<10} {:>3}  paint {:>5.2} {:>5.2} {:>6.2}  raster {:>5.2} {:>5.2} {:>6.2}  damage p50 {:>4.1} % of the window",
                format!("{w}x{h}"),
                threads,
                paint.p50,
                paint.p95,
                paint.max,
                raster.p50,
                raster.p95,
                raster.max,
                share.p50
            );
        }
    }
}

/// The HiDPI rows: 1920x1080 units at 2 device pixels a unit (3840x2160 pixels), settled and cold, 1 and 2
/// threads; and the settled frame at 2x against 1x at that logical size, painted in blocks in turn so that a busy
/// machine weighs on both alike. A last row per thread count draws 2x with the glyph cache off (every run filled from its
/// outlines, as before the cache kept cells at the device size), in the same run, to compare with.
fn hidpi(g: &'static Goldberry, fonts: &FontBook, frames: u64) {
    println!("HiDPI: 1920x1080 units; @2x is 3840x2160 pixels (paint ms; cold: median of {COLD_SAMPLES})");
    for threads in [1usize, 2] {
        let p50_with = |scale: f32, pixels, glyphs: bool| {
            let side = |v: u32| (v as f32 * scale) as u32;
            let (records, _) = settled(g, fonts, (side(1920), side(1080)), threads, frames, (glyphs, pixels), scale);
            Percentiles::of(records.iter().map(|r| r.paint_ms)).p50
        };
        let [one, two] = settled_in_turn(g, fonts, threads, frames, Pixels::Fresh, [1.0, 2.0]);
        let outlines = p50_with(2.0, Pixels::Fresh, false);
        let [kept_one, kept_two] = settled_in_turn(g, fonts, threads, frames, Pixels::Kept, [1.0, 2.0]);
        let kept_outlines = p50_with(2.0, Pixels::Kept, false);
        let cold = cold_frame(g, fonts, (3840, 2160), threads, (true, true), COLD_SAMPLES, 2.0);
        let cold_outlines = cold_frame(g, fonts, (3840, 2160), threads, (false, true), COLD_SAMPLES, 2.0);
        let target = match threads {
            // Record 16's target: the settled overview drawn over the frame before, as a running app draws it.
            1 => format!("over the frame before @2x <= 2.5x the 1x ({})", verdict(kept_two / kept_one <= 2.5)),
            _ => format!("cold 3840x2160 paint <= 12 ({})", verdict(cold.paint <= 12.0)),
        };
        println!(
            "  {threads} thr: settled p50 @1x {one:.2}, @2x {two:.2} ({:.2}x); over the frame before @1x {kept_one:.2}, \
             @2x {kept_two:.2} ({:.2}x); cold @2x paint {:.2} raster {:.2}  {target}",
            two / one,
            kept_two / kept_one,
            cold.paint,
            cold.raster
        );
        println!(
            "  {threads} thr, @2x glyph cache off: settled p50 {outlines:.2} ({:.2}x the 1x); over the frame before \
             {kept_outlines:.2} ({:.2}x); cold paint {:.2} raster {:.2}",
            outlines / one,
            kept_outlines / kept_one,
            cold_outlines.paint,
            cold_outlines.raster
        );
    }
}

fn verdict(ok: bool) -> &'static str {
    if ok { "met" } else { "MISSED" }
}
