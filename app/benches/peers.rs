//! The peers bench: the overview's display list drawn cold by Blend2D (through the holders), vello_cpu and
//! tiny-skia; the scene's layout and synthetic 10,000-node trees laid out by Yoga (through the holders) and
//! taffy; the scene's texts and a long mixed-script paragraph shaped by HarfBuzz (through the holders) and
//! harfrust. Rounds are interleaved (every backend once per round, in turn) and the figures are medians; the two
//! rows of the cold-frame target are also measured in blocks (many frames of one engine, then of the other; see
//! [`blocks`]), `GOLDBERRY_PEERS_BLOCKS` times (default 4).
//!
//! `cargo bench -p goldberry --bench peers` runs 15 rounds; `GOLDBERRY_PEERS_ROUNDS=N` asks for N.
//! `GOLDBERRY_PEERS_ONLY=PART` runs one part alone, for a profiler (the others' rows print NaN): `raster`,
//! `goldberry` (its cold frames and vello_cpu at its best), `goldberry-alone` or `vello-alone` (either of those
//! frame after frame), `layout`, `shaping`. `GOLDBERRY_PEERS_IMAGES=DIR` also writes each backend's picture of
//! the 960x640 frame into DIR.
//! tiny-skia picks its SIMD code at compile time: build with `RUSTFLAGS="-C target-feature=+avx2,+fma"` to give
//! it the AVX2 that Blend2D's pipelines use (the line "tiny-skia built with" says which it got). The last line
//! is for scripts; see the book's chapter "Against the pure-Rust stack".

#[path = "peers/mod.rs"]
mod peers;
mod support;

use std::time::{Duration, Instant};

use goldberry::display_list::DisplayList;
use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, PaintedFrame, Painter};
use goldberry::session::Session;
use goldberry::shell::report::Percentiles;
use goldberry::surface::{FrameBuffer, Pixels};
use goldberry_natives::Goldberry;

use peers::layout::{TaffyTree, YogaTree, scene_frame, synthetic};
use peers::shaping::{HarfBuzz, HarfRust, mixed_paragraph, scene_texts};
use peers::skia::Skia;
use peers::vello::Vello;
use peers::{Blend2d, FontFiles, flatten, overview, part};

/// The overview with no input: the frame every figure here paints.
static OVERVIEW: std::sync::LazyLock<Session> = std::sync::LazyLock::new(Session::default);

const SIZES: [(u32, u32); 2] = [(960, 640), (1920, 1080)];

/// Durations per named row, in insertion order.
#[derive(Default)]
struct Rows(Vec<(String, Vec<f64>)>);

impl Rows {
    fn time<T>(&mut self, name: &str, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        self.push(name, start.elapsed());
        out
    }

    fn push(&mut self, name: &str, d: Duration) {
        let ms = d.as_secs_f64() * 1000.0;
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => v.push(ms),
            None => self.0.push((name.to_owned(), vec![ms])),
        }
    }

    /// The median of a row, in ms (NaN when the row is missing).
    fn ms(&self, name: &str) -> f64 {
        self.0.iter().find(|(n, _)| n == name).map_or(f64::NAN, |(_, v)| Percentiles::of(v.iter().copied()).p50)
    }
}

/// Everything drawn at one size.
struct AtSize {
    size: (u32, u32),
    /// The whole flat list, its text part and the rest.
    lists: [(&'static str, DisplayList); 3],
    b2d: [Blend2d; 2],
    vello: [Vello; 2],
    vello_warm: [Vello; 2],
    skia: Skia,
}

fn at_size(g: &'static Goldberry, fonts: &FontBook, files: &FontFiles, (w, h): (u32, u32)) -> Result<AtSize, String> {
    let flat = flatten(&overview(g, fonts, w, h)?);
    let lists = [("all", flat.clone()), ("text", part(&flat, true)), ("shapes", part(&flat, false))];
    let vello = |threads, keep| {
        let mut v = Vello::new(w as u16, h as u16, threads, fonts, files, &flat);
        v.keep_glyphs = keep;
        v
    };
    Ok(AtSize {
        size: (w, h),
        b2d: [Blend2d::new(g, 1, w, h), Blend2d::new(g, 2, w, h)],
        vello: [vello(0, false), vello(2, false)],
        vello_warm: [vello(0, true), vello(2, true)],
        skia: Skia::new(w, h).ok_or("tiny-skia cannot make the pixmap")?,
        lists,
    })
}

/// The parts of the bench to run: all, or the one `GOLDBERRY_PEERS_ONLY` names (for profiling one part).
struct Only(Option<String>);

impl Only {
    fn wants(&self, part: &str) -> bool {
        self.0.as_deref().is_none_or(|only| only == part)
    }

    /// `goldberry-alone` or `vello-alone`: the one side of the cold-frame target, frame after frame, nothing else drawn
    /// between them (each keeps its own data in the CPU's caches).
    fn alone(&self) -> Option<&str> {
        self.0.as_deref().filter(|only| only.ends_with("-alone"))
    }
}

fn run(g: &'static Goldberry, fonts: &FontBook, rounds: usize) -> Result<(), String> {
    let only = Only(std::env::var("GOLDBERRY_PEERS_ONLY").ok());
    let files = FontFiles::read(fonts)?;
    let mut sizes = SIZES.iter().map(|&s| at_size(g, fonts, &files, s)).collect::<Result<Vec<_>, _>>()?;
    let glyphs = sizes[0].lists[0].1.glyph_count();
    println!(
        "peers: the overview's frame {} flattened: {} ops, {glyphs} glyphs at 960x640; {rounds} interleaved rounds, medians",
        peers::FRAME,
        sizes[0].lists[0].1.ops.len()
    );
    println!(
        "tiny-skia built with: {}",
        if cfg!(target_feature = "avx2") {
            "AVX2 + FMA (as Blend2D's pipelines use here)"
        } else {
            "SSE2 only (set RUSTFLAGS, see the docs)"
        }
    );
    // goldberry's own cold frame: one painter with its caches, 2 threads, no HUD (the peers draw no HUD); the
    // two sizes alternate, so every frame is the first at its size.
    let mut painter = Painter::new(g, fonts, 2, false).map_err(|e| e.to_string())?;
    painter.warm_up(fonts, &FrameInput::headless(0, 960, 640), &OVERVIEW.shown(0.0)).map_err(|e| e.to_string())?;
    let mut frame_buffers: Vec<FrameBuffer> = SIZES.iter().map(|&(w, h)| FrameBuffer::new(w, h)).collect();

    // Layout and shaping inputs.
    let heights: Vec<f32> = Vec::new();
    let scene_tree = scene_frame(fonts, &heights);
    let trees: Vec<(&str, peers::layout::Tree)> = ["scene", "wide", "nested", "deep"]
        .iter()
        .map(|&k| (k, if k == "scene" { scene_tree.clone() } else { synthetic(k, 10_000) }))
        .collect();
    let mut yogas = trees.iter().map(|(_, t)| YogaTree::build(g, t)).collect::<Result<Vec<_>, _>>()?;
    let mut taffys = trees.iter().map(|(_, t)| TaffyTree::build(t)).collect::<Result<Vec<_>, _>>()?;
    let texts = scene_texts(fonts);
    let paragraph = mixed_paragraph();
    let mut hb = HarfBuzz::new(g, fonts)?;
    let mut hr = HarfRust::new(&files)?;

    let mut rows = Rows::default();
    for round in 0..rounds + 1 {
        for at in sizes.iter_mut().filter(|_| only.wants("raster") || only.wants("goldberry") || only.alone().is_some())
        {
            let (w, h) = at.size;
            for (part, list) in at.lists.iter().filter(|_| only.wants("raster")) {
                for (threads, b) in at.b2d.iter_mut().enumerate() {
                    rows.time(&format!("{w}x{h} {part} blend2d {}", threads + 1), || b.draw(list, fonts))?;
                }
                for (i, v) in at.vello.iter_mut().enumerate() {
                    rows.time(&format!("{w}x{h} {part} vello_cpu {}", i + 1), || v.draw(list, fonts));
                }
                rows.time(&format!("{w}x{h} {part} tiny_skia 1"), || at.skia.draw(list, fonts, &files));
            }
            for (i, v) in at.vello_warm.iter_mut().enumerate().filter(|_| only.alone() != Some("goldberry-alone")) {
                rows.time(&format!("{w}x{h} all vello_cpu warm {}", i + 1), || v.draw(&at.lists[0].1, fonts));
            }
            if only.alone() != Some("vello-alone") {
                let painted = cold_frame(&mut painter, fonts, &mut frame_buffers, (w, h))?;
                rows.push(&format!("{w}x{h} goldberry cold"), painted.times.paint);
                rows.push(&format!("{w}x{h} goldberry cold layout"), painted.times.layout);
                rows.push(&format!("{w}x{h} goldberry cold shaping"), painted.times.shape);
                rows.push(&format!("{w}x{h} goldberry cold raster"), painted.times.raster);
            }
        }
        for ((name, _), (y, t)) in trees.iter().zip(yogas.iter_mut().zip(&mut taffys)).filter(|_| only.wants("layout"))
        {
            // A new width every round: both engines lay the whole tree out again.
            let width = 960.0 - (round % 2) as f32;
            rows.time(&format!("layout {name} yoga"), || y.calculate(width, 640.0))?;
            rows.time(&format!("layout {name} taffy"), || t.calculate(width, 640.0))?;
            // Then again at the same width with every cache dropped, so neither engine reuses a box.
            y.dirty()?;
            t.dirty();
            rows.time(&format!("layout {name} yoga scratch"), || y.calculate(width, 640.0))?;
            rows.time(&format!("layout {name} taffy scratch"), || t.calculate(width, 640.0))?;
        }
        if only.wants("shaping") {
            rows.time("shaping scene harfbuzz", || texts.iter().try_for_each(|(f, t)| hb.shape(*f, t).map(|_| ())))?;
            rows.time("shaping scene harfrust", || texts.iter().try_for_each(|(f, t)| hr.shape(*f, t).map(|_| ())))?;
            rows.time("shaping paragraph harfbuzz", || hb.shape(goldberry::fonts::Face::Sans, &paragraph).map(|_| ()))?;
            rows.time("shaping paragraph harfrust", || hr.shape(goldberry::fonts::Face::Sans, &paragraph).map(|_| ()))?;
        }
        if round == 0 {
            // The first round warms every backend up (pipelines, pages, caches of the warm rows) and is not counted.
            rows = Rows::default();
        }
    }
    if only.wants("goldberry") && only.alone().is_none() {
        blocks(&mut rows, &mut painter, &mut frame_buffers, &mut sizes, fonts, rounds)?;
    }
    if let Some(dir) = std::env::var_os("GOLDBERRY_PEERS_IMAGES") {
        let dir = std::path::PathBuf::from(dir);
        let at = &mut sizes[0];
        let (w, h) = at.size;
        // The rounds end on the shapes-only list: draw the whole frame once more.
        let all = &at.lists[0].1;
        at.b2d[0].draw(all, fonts)?;
        at.vello[0].draw(all, fonts);
        at.skia.draw(all, fonts, &files);
        peers::write_png(&dir.join("peers-blend2d.png"), w, h, &at.b2d[0].rgb())?;
        peers::write_png(&dir.join("peers-vello_cpu.png"), w, h, &at.vello[0].rgb())?;
        peers::write_png(&dir.join("peers-tiny_skia.png"), w, h, &at.skia.rgb())?;
        println!("pictures of the 960x640 frame written to {}", dir.display());
    }
    report(&rows, rounds);
    Ok(())
}

/// How many times each block of [`blocks`] comes round, unless `GOLDBERRY_PEERS_BLOCKS` says.
const BLOCKS: usize = 4;

/// The two rows of the cold-frame target measured in blocks: `rounds` + 1 frames of goldberry's cold frame (the two sizes
/// in turn, so that each frame is cold), then as many of vello_cpu at its best on 1 thread and on 2, [`BLOCKS`]
/// times over; the first frame of each block is dropped (it pays for what the other engine left in the CPU's
/// caches), so each engine is timed in its own steady state, as a person sees one renderer frame after frame.
fn blocks(
    rows: &mut Rows,
    painter: &mut Painter,
    frame_buffers: &mut [FrameBuffer],
    sizes: &mut [AtSize],
    fonts: &FontBook,
    rounds: usize,
) -> Result<(), String> {
    let blocks = support::env_number("GOLDBERRY_PEERS_BLOCKS").unwrap_or(BLOCKS).max(1);
    for _ in 0..blocks {
        for frame in 0..rounds + 1 {
            for at in sizes.iter() {
                let (w, h) = at.size;
                let painted = cold_frame(painter, fonts, frame_buffers, (w, h))?;
                if frame > 0 {
                    rows.push(&format!("{w}x{h} goldberry cold block"), painted.times.paint);
                }
            }
        }
        for threads in 0..2 {
            for frame in 0..rounds + 1 {
                for at in sizes.iter_mut() {
                    let (w, h) = at.size;
                    let started = Instant::now();
                    at.vello_warm[threads].draw(&at.lists[0].1, fonts);
                    if frame > 0 {
                        rows.push(&format!("{w}x{h} all vello_cpu warm {} block", threads + 1), started.elapsed());
                    }
                }
            }
        }
    }
    Ok(())
}

fn report(rows: &Rows, rounds: usize) {
    let r = |name: &str| rows.ms(name);
    for (w, h) in SIZES {
        println!("raster {w}x{h}, cold (ms, medians; ratio = Blend2D 1 thr / peer, above 1 the peer is faster):");
        for part in ["all", "text", "shapes"] {
            let base = r(&format!("{w}x{h} {part} blend2d 1"));
            let cell = |name: &str| {
                let v = r(&format!("{w}x{h} {part} {name}"));
                format!("{v:7.2} (x{:.2})", base / v)
            };
            println!(
                "  {part:<6} 1 thr: blend2d {} vello_cpu {} tiny_skia {} | 2 thr: blend2d {} vello_cpu {}",
                cell("blend2d 1"),
                cell("vello_cpu 1"),
                cell("tiny_skia 1"),
                cell("blend2d 2"),
                cell("vello_cpu 2")
            );
        }
        let cold = r(&format!("{w}x{h} goldberry cold"));
        let warm = r(&format!("{w}x{h} all vello_cpu warm 1")).min(r(&format!("{w}x{h} all vello_cpu warm 2")));
        println!(
            "  goldberry cold (caches, bands, 2 thr) {cold:.2} ms; vello_cpu at its best (glyph atlas kept, best thread count) {warm:.2} ms: goldberry x{:.2} faster (target x4)",
            warm / cold
        );
        let cold_block = r(&format!("{w}x{h} goldberry cold block"));
        let warm_block =
            r(&format!("{w}x{h} all vello_cpu warm 1 block")).min(r(&format!("{w}x{h} all vello_cpu warm 2 block")));
        println!(
            "  in blocks ({rounds} frames of one engine, then of the other, each block's first frame dropped): goldberry cold {cold_block:.2} ms; vello_cpu at its best {warm_block:.2} ms: goldberry x{:.2} faster (target x4)",
            warm_block / cold_block
        );
        let (alone, vello_alone) = (r(&format!("{w}x{h} all blend2d 1")), r(&format!("{w}x{h} all vello_cpu 1")));
        println!(
            "  the same list on 1 thread, drawn alone: Blend2D {alone:.2} ms, vello_cpu {vello_alone:.2} ms: Blend2D x{:.2} faster (target x1.6)",
            vello_alone / alone
        );
        println!(
            "  goldberry cold's parts: layout {:.2} ms, shaping {:.2} ms, raster {:.2} ms (the rest: recording the list)",
            r(&format!("{w}x{h} goldberry cold layout")),
            r(&format!("{w}x{h} goldberry cold shaping")),
            r(&format!("{w}x{h} goldberry cold raster"))
        );
    }
    println!(
        "layout (us, medians; at a new width: each engine reuses what its caches allow; from scratch: every cache dropped; ratio = Yoga / taffy, target at most 1.2 on the synthetic trees):"
    );
    for name in ["scene", "wide", "nested", "deep"] {
        let us = |row: &str| r(&format!("layout {name} {row}")) * 1000.0;
        let (y, t) = (us("yoga"), us("taffy"));
        let (ys, ts) = (us("yoga scratch"), us("taffy scratch"));
        println!(
            "  {name:<7} new width yoga {y:8.1} taffy {t:8.1} (x{:.2}) | from scratch yoga {ys:8.1} taffy {ts:8.1} (x{:.2})",
            y / t,
            ys / ts
        );
    }
    println!("shaping (us, medians; ratio = HarfBuzz / harfrust, target at most 1 on the scene):");
    for name in ["scene", "paragraph"] {
        let (b, rr) =
            (r(&format!("shaping {name} harfbuzz")) * 1000.0, r(&format!("shaping {name} harfrust")) * 1000.0);
        println!("  {name:<9} harfbuzz {b:8.1} harfrust {rr:8.1} (x{:.2})", b / rr);
    }
    println!(
        "peers: raster 960x640 1 thr blend2d {:.1} ms, vello_cpu {:.1} ms, tiny_skia {:.1} ms; 2 thr blend2d {:.1} ms, vello_cpu {:.1} ms; goldberry cold {:.1} ms; layout yoga {:.0} us, taffy {:.0} us; shaping harfbuzz {:.0} us, harfrust {:.0} us",
        r("960x640 all blend2d 1"),
        r("960x640 all vello_cpu 1"),
        r("960x640 all tiny_skia 1"),
        r("960x640 all blend2d 2"),
        r("960x640 all vello_cpu 2"),
        r("960x640 goldberry cold"),
        r("layout scene yoga") * 1000.0,
        r("layout scene taffy") * 1000.0,
        r("shaping scene harfbuzz") * 1000.0,
        r("shaping scene harfrust") * 1000.0,
    );
}

/// goldberry's cold frame of the overview at `(w, h)` into its buffer among `buffers`: an error unless it was cold.
fn cold_frame(
    painter: &mut Painter,
    fonts: &FontBook,
    buffers: &mut [FrameBuffer],
    (w, h): (u32, u32),
) -> Result<PaintedFrame, String> {
    let target = buffers.iter_mut().find(|b| (b.width, b.height) == (w, h)).ok_or("no buffer")?;
    let input = FrameInput::headless(peers::FRAME, w, h);
    let painted = painter
        .paint(&input, fonts, target.canvas(), &OVERVIEW.shown(0.0), Pixels::Fresh)
        .map_err(|e| e.to_string())?;
    if !painted.cold {
        return Err(format!("goldberry's frame at {w}x{h} was not cold"));
    }
    Ok(painted)
}

fn main() {
    let rounds: usize = support::env_number("GOLDBERRY_PEERS_ROUNDS").unwrap_or(15);
    let (g, fonts) = support::natives_and_fonts("peers");
    if let Err(e) = run(g, &fonts, rounds.max(1)) {
        eprintln!("peers bench: {e}");
        std::process::exit(1);
    }
}
