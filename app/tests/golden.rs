//! Golden images: frames 0 and 30 of the default scene at 960x640, headless and offscreen, against
//! assets/golden/frame-000.png and frame-030.png, compared exactly (record 19). On failure the actual and diff
//! images are written under the target dir's golden-failures/ and their paths printed.
//! `GOLDBERRY_BLESS=1 cargo test -p goldberry --test golden` regenerates the goldens.
//!
//! The HUD is in the frame, fed with a fixed sequence of timings (the real ones differ on every run), so the
//! goldens show it too: dashes on frame 0, coloured figures and a sparkline on frame 30.
//!
//! Also here: rasterizing with 2 and 3 bands gives one band's pixels, and the comparison fails on each of five
//! changes made on purpose to frame 0's display list (a border 1 px wider, the other stroke join, text moved by
//! 0.1 px, one glyph swapped, one colour 3 levels off).

#[path = "support/pixels.rs"]
mod pixels;

use std::sync::Arc;
use std::time::Duration;

use goldberry::display_list::{DisplayList, LayerKey, Op, Paint, Stroke};
use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, Painter};
use goldberry::geom::Color;
use goldberry::hud::{FrameTimes, HudStats};
use goldberry::raster::Renderer;
use goldberry::session::Session;
use goldberry::shell::screenshot::RgbImage;
use goldberry::surface::{FrameBuffer, Pixels};
use goldberry_natives::Goldberry;
use pixels::{Bound, check, compare, difference, golden, golden_dir};

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

/// libgoldberry, its pipelines pinned to the baseline level the goldens are taken at (record 19; every test here
/// pins the same, the level being the process's).
fn natives() -> &'static Goldberry {
    let g = Goldberry::load(None).expect("libgoldberry");
    goldberry_natives::blend2d::pin_cpu_level(g, goldberry_natives::blend2d::CpuLevel::Sse2).expect("SSE2");
    g
}

/// Paints frames 0..=last in order (like a run) with `threads` bands and returns the frames asked for.
fn paint_frames(threads: usize, wanted: &[u64], hud: bool) -> Vec<RgbImage> {
    let g = natives();
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

/// The status bar's figures' box in whole pixels: they name the threads, which is what differs between the runs
/// [`bands_equal_one_thread`] compares.
fn figures_box() -> (u32, u32, u32, u32) {
    let g = natives();
    let fonts = FontBook::load(g).expect("fonts");
    let mut painter = Painter::new(g, &fonts, 1, true).expect("painter");
    let mut buffer = FrameBuffer::new(WIDTH, HEIGHT);
    let input = FrameInput::headless(0, WIDTH, HEIGHT);
    painter.paint(&input, &fonts, buffer.canvas(), &OVERVIEW.shown(0.0), Pixels::Fresh).expect("paint");
    let layout = painter.stage.scene().layout().expect("a layout");
    let r = layout.status_bar.items[1];
    (r.x.floor() as u32, r.y.floor() as u32, r.right().ceil() as u32, r.bottom().ceil() as u32)
}

/// `image` with the box `(x0, y0, x1, y1)` blacked out.
fn without(image: &RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> RgbImage {
    let mut out = image.clone();
    for y in y0..y1.min(image.height) {
        for x in x0..x1.min(image.width) {
            let i = ((y * image.width + x) * 3) as usize;
            out.data[i..i + 3].fill(0);
        }
    }
    out
}

#[test]
fn bands_equal_one_thread() {
    let figures = figures_box();
    let one: Vec<RgbImage> = paint_frames(1, &[0, 30], true).iter().map(|i| without(i, figures)).collect();
    for threads in [2, 3] {
        let banded: Vec<RgbImage> = paint_frames(threads, &[0, 30], true).iter().map(|i| without(i, figures)).collect();
        for (frame, (a, b)) in one.iter().zip(&banded).enumerate() {
            let d = difference(a, b);
            // A band's edge kept off the charts' paths and the round corners (record 19): 17 to 27 pixels a level
            // apart before.
            assert_eq!(d.pixels, 0, "{threads} bands differ from 1 in frame {}: {d:?}", [0, 30][frame]);
        }
    }
}

/// Frame 0's display list as the golden test paints it (the HUD's included).
fn frame_0_list() -> (DisplayList, FontBook) {
    let g = natives();
    let fonts = FontBook::load(g).expect("fonts");
    let mut painter = Painter::new(g, &fonts, 1, true).expect("painter");
    let mut buffer = FrameBuffer::new(WIDTH, HEIGHT);
    painter.stats = synthetic_stats(0);
    let input = FrameInput::headless(0, WIDTH, HEIGHT);
    painter.paint(&input, &fonts, buffer.canvas(), &OVERVIEW.shown(0.0), Pixels::Fresh).expect("paint");
    (painter.list().clone(), fonts)
}

/// The HUD's layer key (hud.rs): a painter rasterizes that layer ahead of the frame's.
const HUD_LAYER: LayerKey = LayerKey(0x4855_4400_0000_0001);

/// `list` drawn whole by a renderer of its own, one thread, as a painter draws a cold frame: the HUD's layer
/// first. (The glyph cache's cells are rasterized where the atlas puts them, in the order they were first asked
/// for, and a cell's coverage can be a level apart at another place: so the order is the painter's.)
fn draw(list: &DisplayList, fonts: &FontBook) -> RgbImage {
    let g = natives();
    let mut renderer = Renderer::new(g, 1);
    let mut hud = DisplayList::new();
    hud.ops.extend(list.ops.iter().filter(|op| matches!(op, Op::Layer { key, .. } if *key == HUD_LAYER)).cloned());
    renderer.rasterize_layers_ahead(&hud, fonts, 1.0).expect("the HUD's layer");
    let mut buffer = FrameBuffer::new(WIDTH, HEIGHT);
    renderer.render(list, fonts, buffer.canvas(), Pixels::Fresh).expect("render");
    RgbImage::from_xrgb32(&buffer.pixels, WIDTH, HEIGHT, buffer.stride())
}

/// Replaces the first op of `list` (layers' content included, in drawing order) that `change` takes by the ops it
/// returns; returns whether one took it.
fn change_first(list: &mut DisplayList, change: fn(&Op) -> Option<Vec<Op>>) -> bool {
    for i in 0..list.ops.len() {
        if let Some(ops) = change(&list.ops[i]) {
            list.ops.splice(i..=i, ops);
            return true;
        }
        if let Op::Layer { content, .. } = &mut list.ops[i]
            && change_first(Arc::make_mut(content), change)
        {
            return true;
        }
    }
    false
}

/// One change made on purpose: its name, and the ops that replace the first op it takes.
type Mutation = (&'static str, fn(&Op) -> Option<Vec<Op>>);

const MUTATIONS: [Mutation; 5] = [
    // Frame 0's borders are hairlines (one device pixel); a second one just inside makes the border two pixels.
    ("a border 1 px wider", |op| match op {
        Op::Hairline { rect, radius, color } if rect.w > 4.0 && rect.h > 4.0 => {
            let inner = Op::Hairline { rect: rect.inset(1.0), radius: (radius - 1.0).max(0.0), color: *color };
            Some(vec![op.clone(), inner])
        }
        _ => None,
    }),
    // The display list's one stroke setting: round joins (and caps) or mitre joins (and butt caps).
    ("the other stroke join", |op| match op {
        Op::StrokePath { path, stroke, paint } => {
            let stroke = Stroke { round: !stroke.round, ..*stroke };
            Some(vec![Op::StrokePath { path: Arc::clone(path), stroke, paint: paint.clone() }])
        }
        _ => None,
    }),
    ("text moved by 0.1 px", |op| match op {
        Op::Glyphs { font, x, y, run, color } if run.len() > 8 => {
            Some(vec![Op::Glyphs { font: *font, x: x + 0.1, y: *y, run: Arc::clone(run), color: *color }])
        }
        _ => None,
    }),
    ("one glyph swapped", |op| match op {
        Op::Glyphs { font, x, y, run, color } if run.len() > 1 && run.glyphs[0] != run.glyphs[1] => {
            let mut swapped = (**run).clone();
            swapped.glyphs[0] = run.glyphs[1];
            Some(vec![Op::Glyphs { font: *font, x: *x, y: *y, run: Arc::new(swapped), color: *color }])
        }
        _ => None,
    }),
    // A fill of 100x100 px or more in one colour: its red 3 levels further from the nearer end.
    ("one colour 3 levels off", |op| {
        let off = |c: &Color| {
            let red = (c.0 >> 16) & 0xFF;
            let red = if red >= 128 { red - 3 } else { red + 3 };
            Paint::Solid(Color((c.0 & 0xFF00_FFFF) | (red << 16)))
        };
        match op {
            Op::FillRect { rect, paint: Paint::Solid(c) } if rect.w * rect.h >= 10_000.0 => {
                Some(vec![Op::FillRect { rect: *rect, paint: off(c) }])
            }
            Op::FillRoundRect { rect, radius, paint: Paint::Solid(c) } if rect.w * rect.h >= 10_000.0 => {
                Some(vec![Op::FillRoundRect { rect: *rect, radius: *radius, paint: off(c) }])
            }
            _ => None,
        }
    }),
];

/// Frame 0's list drawn again equals the golden exactly; each change on purpose makes the golden comparison fail,
/// and the failure writes the actual picture and the diff where it says.
#[test]
fn the_golden_comparison_fails_on_each_change_made_on_purpose() {
    let (list, fonts) = frame_0_list();
    let expected = RgbImage::read_png(&golden_dir().join("frame-000.png")).expect("frame-000.png");
    check("mutation-none", &expected, &draw(&list, &fonts), Bound::EXACT).expect("frame 0's list drawn again");
    for (name, mutation) in MUTATIONS {
        let mut changed = list.clone();
        assert!(change_first(&mut changed, mutation), "frame 0 has nothing {name} applies to");
        let stem = format!("mutation-{}", name.replace(' ', "-"));
        match check(&stem, &expected, &draw(&changed, &fonts), Bound::EXACT) {
            Ok(_) => panic!("{name}: the golden comparison passed"),
            Err(line) => {
                assert!(line.contains("actual: ") && line.contains("diff: "), "{line}");
                eprintln!("{name}: failed as it should: {line}");
            }
        }
    }
}
