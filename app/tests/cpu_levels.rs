//! Every CPU, every thread count: the golden scenes drawn with Blend2D's pipelines pinned to each x86 feature level
//! this CPU has (`--cpu-level`, [`pin_cpu_level`]) and with 1, 2 and 4 bands, against the CPU's own level and one
//! band; and each kind of op alone at each level, so that a difference is named by what draws it (record 19).
//! Bands are exact at every level; the levels are two families of pipelines (record 19, "Later").
//!
//! The level is the whole process's, so the tests here take turns.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use goldberry::display_list::{DisplayList, LayerKey, Op, Paint, PathCommand, PathData, Stop, Stroke};
use goldberry::fonts::{Face, FontBook};
use goldberry::frame::{FrameInput, Painter};
use goldberry::geom::{Color, Rect};
use goldberry::raster::Renderer;
use goldberry::screens::ScreenId;
use goldberry::session::Session;
use goldberry::surface::{FrameBuffer, Pixels};
use goldberry_natives::Goldberry;
use goldberry_natives::blend2d::{CpuLevel, available_cpu_levels, pin_cpu_level};

/// The level is the process's: one test at a time pins it.
static LEVEL: Mutex<()> = Mutex::new(());

/// (pixels that differ, largest channel difference) between two XRGB32 frames of one size.
fn difference(a: &FrameBuffer, b: &FrameBuffer) -> (usize, u8) {
    let mut d = (0, 0);
    for (p, q) in a.pixels.chunks_exact(4).zip(b.pixels.chunks_exact(4)) {
        let worst = (0..3).map(|c| p[c].abs_diff(q[c])).max().unwrap_or(0);
        if worst > 0 {
            d = (d.0 + 1, d.1.max(worst));
        }
    }
    d
}

/// Each screen's first frame as its goldens show it, without the HUD, at 960x640 (and at 2 device pixels a unit
/// over 720x480 units with `GOLDBERRY_CPU_MATRIX_2X=1`: five times the 10 s of the 1x matrix in a debug build),
/// `buffer` with the logical box `r` at `scale` blacked out: the status bar's figures name the thread count, which
/// is what differs between the frames compared here.
fn without(buffer: &mut FrameBuffer, r: Rect, scale: f32) {
    let (x0, y0) = ((r.x * scale).floor() as usize, (r.y * scale).floor() as usize);
    let (x1, y1) = ((r.right() * scale).ceil() as usize, (r.bottom() * scale).ceil() as usize);
    let (width, height, stride) = (buffer.width as usize, buffer.height as usize, buffer.stride());
    for y in y0..y1.min(height) {
        buffer.pixels[y * stride + x0 * 4..y * stride + x1.min(width) * 4].fill(0);
    }
}

/// painted in turn by one painter with `threads` bands.
fn golden_scenes(g: &'static Goldberry, fonts: &FontBook, threads: usize) -> Vec<(String, FrameBuffer)> {
    let mut painter = Painter::new(g, fonts, threads, false).expect("painter");
    let mut scenes = Vec::new();
    let mut sizes = vec![(960, 640, 1.0)];
    if std::env::var_os("GOLDBERRY_CPU_MATRIX_2X").is_some_and(|v| v == "1") {
        sizes.push((1440, 960, 2.0));
    }
    for (width, height, scale) in sizes {
        for screen in ScreenId::all() {
            let session = Session::new(screen, false);
            let mut buffer = FrameBuffer::new(width, height);
            let input = FrameInput::headless(0, width, height).at_scale(scale);
            let canvas = buffer.canvas_at(scale);
            painter.paint(&input, fonts, canvas, &session.shown(0.0), Pixels::Fresh).expect("paint");
            if let Some(layout) = painter.stage.scene().layout() {
                without(&mut buffer, layout.status_bar.items[1], scale);
            }
            scenes.push((format!("{}@{scale}x", screen.name()), buffer));
        }
    }
    scenes
}

/// Each level's scenes against the CPU's own level and one band. Bands draw exactly what one context draws at
/// every level. Across levels Blend2D 0.12 has two families of pipelines on this CPU (record 19, "Later"): the
/// levels below AVX2 draw a few pixels of the overview and the text screen a level apart from AVX2 and above; so
/// each level must draw exactly as the CPU's own level or exactly as SSE2 (the goldens' level), and SSE2 no more
/// than one level and 0.1 % of the pixels from the CPU's own.
#[test]
fn every_golden_scene_at_every_cpu_level_and_thread_count() {
    let _turn = LEVEL.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let g = Goldberry::load(None).expect("libgoldberry");
    let fonts = FontBook::load(g).expect("fonts");
    let levels = available_cpu_levels(g).expect("the CPU's features");
    assert!(levels.contains(&CpuLevel::Sse2) && levels.contains(&CpuLevel::Native), "{levels:?}");
    pin_cpu_level(g, CpuLevel::Native).expect("native");
    let reference = golden_scenes(g, &fonts, 1);
    pin_cpu_level(g, CpuLevel::Sse2).expect("sse2");
    let baseline = golden_scenes(g, &fonts, 1);
    let start = Instant::now();
    let mut failures = Vec::new();
    let all: usize = reference.iter().map(|(_, b)| b.pixels.len() / 4).sum();
    let (mut base_px, mut base_worst) = (0, 0);
    for ((name, own), (_, sse2)) in reference.iter().zip(&baseline) {
        let (p, w) = difference(own, sse2);
        (base_px, base_worst) = (base_px + p, base_worst.max(w));
        if w > 1 {
            failures.push(format!("{name} at sse2: up to {w} levels from the CPU's own level"));
        }
    }
    if base_px * 1000 > all {
        failures.push(format!("sse2 differs from the CPU's own level at {base_px} of {all} pixels"));
    }
    eprintln!("largest difference from the CPU's own level (and from sse2), 1 band, over {} scenes:", reference.len());
    eprintln!("{:>8}  {:>14}  {:>14}  {:>14}", "level", "1 thread", "2 threads", "4 threads");
    for &level in &levels {
        pin_cpu_level(g, level).expect("a level this CPU has");
        let mut row = format!("{:>8}", level.name());
        let one = golden_scenes(g, &fonts, 1);
        for threads in [1, 2, 4] {
            let (mut pixels, mut worst, mut from_sse2) = (0, 0, 0);
            let banded = if threads == 1 { None } else { Some(golden_scenes(g, &fonts, threads)) };
            for (i, ((name, own), (_, sse2))) in reference.iter().zip(&baseline).enumerate() {
                let actual = banded.as_ref().map_or(&one[i].1, |b| &b[i].1);
                let (p, w) = difference(own, actual);
                let (q, _) = difference(sse2, actual);
                (pixels, worst, from_sse2) = (pixels + p, worst.max(w), from_sse2 + q);
                if p > 0 && q > 0 {
                    failures.push(format!("{name} at {level}, {threads} threads: neither the CPU's own nor sse2's"));
                }
                if let Some(b) = &banded
                    && difference(&one[i].1, &b[i].1).0 > 0
                {
                    failures.push(format!("{name} at {level}: {threads} bands differ from 1"));
                }
            }
            row.push_str(&format!("  {:>14}", format!("{worst} ({pixels} px; {from_sse2})")));
        }
        eprintln!("{row}");
    }
    pin_cpu_level(g, CpuLevel::Native).expect("native");
    eprintln!("{} levels x 3 thread counts in {:.1} s", levels.len(), start.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One op of each kind over a background, 160x100.
fn kinds(fonts: &FontBook) -> Vec<(&'static str, DisplayList)> {
    let background =
        Op::FillRect { rect: Rect::new(0.0, 0.0, 160.0, 100.0), paint: Paint::Solid(Color::rgb(24, 28, 40)) };
    let stops = vec![
        Stop { offset: 0.0, color: Color(0xff_30_80_f0) },
        Stop { offset: 0.6, color: Color(0x80_f0_40_90) },
        Stop { offset: 1.0, color: Color(0x00_ff_ff_ff) },
    ];
    let wave = Arc::new(PathData {
        commands: vec![
            PathCommand::MoveTo(8.3, 80.2),
            PathCommand::CubicTo(40.0, 10.0, 80.0, 120.0, 150.7, 20.4),
            PathCommand::LineTo(140.2, 90.9),
            PathCommand::QuadTo(70.0, 60.0, 8.3, 80.2),
            PathCommand::Close,
        ],
    });
    let zigzag = Arc::new(PathData {
        commands: vec![
            PathCommand::MoveTo(10.0, 70.0),
            PathCommand::LineTo(40.5, 20.25),
            PathCommand::LineTo(70.0, 75.5),
            PathCommand::LineTo(100.75, 15.0),
            PathCommand::LineTo(150.0, 60.0),
        ],
    });
    let ink = Color(0xe0_f0_c0_40);
    let layer = {
        let mut content = DisplayList::new();
        content.push(Op::FillRoundRect {
            rect: Rect::new(2.0, 2.0, 60.0, 40.0),
            radius: 9.0,
            paint: Paint::Solid(ink),
        });
        Op::Layer { key: LayerKey(7), rect: Rect::new(40.25, 30.0, 64.0, 44.0), version: 1, content: Arc::new(content) }
    };
    let list = |op: Op| DisplayList { ops: vec![background.clone(), op], ..DisplayList::default() };
    vec![
        ("rect, solid", list(Op::FillRect { rect: Rect::new(10.3, 12.6, 120.5, 60.25), paint: Paint::Solid(ink) })),
        (
            "round rect, solid",
            list(Op::FillRoundRect {
                rect: Rect::new(10.3, 12.6, 120.5, 60.25),
                radius: 14.0,
                paint: Paint::Solid(ink),
            }),
        ),
        ("circle, solid", list(Op::FillCircle { cx: 80.4, cy: 50.2, r: 37.7, paint: Paint::Solid(ink) })),
        ("path, solid", list(Op::FillPath { path: Arc::clone(&wave), paint: Paint::Solid(ink) })),
        (
            "stroke, round",
            list(Op::StrokePath {
                path: Arc::clone(&zigzag),
                stroke: Stroke { width: 5.5, round: true },
                paint: Paint::Solid(ink),
            }),
        ),
        (
            "stroke, mitre",
            list(Op::StrokePath {
                path: Arc::clone(&zigzag),
                stroke: Stroke { width: 5.5, round: false },
                paint: Paint::Solid(ink),
            }),
        ),
        ("layer, blitted", list(layer)),
        (
            "rect, linear gradient",
            list(Op::FillRect {
                rect: Rect::new(10.3, 12.6, 140.5, 80.25),
                paint: Paint::Linear { x0: 10.0, y0: 10.0, x1: 150.0, y1: 90.0, stops: stops.clone() },
            }),
        ),
        (
            "path, radial gradient",
            list(Op::FillPath { path: wave, paint: Paint::Radial { cx: 70.0, cy: 50.0, r: 60.0, stops } }),
        ),
        // Small text goes through the glyph cache's cells (blits); large text through Blend2D's glyph filler.
        ("glyphs, 13 px", list(glyphs(fonts, 13.0, 10.3, 40.6))),
        ("glyphs, 48 px", list(glyphs(fonts, 48.0, 6.4, 70.2))),
    ]
}

/// "Waffle AVATAR" in Inter at `size` pixels, its baseline starting at (`x`, `y`).
fn glyphs(fonts: &FontBook, size: f32, x: f32, y: f32) -> Op {
    let font = fonts.id(Face::Sans, size);
    Op::Glyphs { font, x, y, run: fonts.shape(font, "Waffle AVATAR"), color: Color(0xff_f0_e0_c0) }
}

/// Each kind of op alone at each level against the CPU's own: every kind, text included, is drawn alike at every
/// level, or the row names the kind and the levels that differ, by how much.
#[test]
fn each_kind_of_op_at_every_cpu_level() {
    let _turn = LEVEL.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let g = Goldberry::load(None).expect("libgoldberry");
    let fonts = FontBook::load(g).expect("fonts");
    let levels = available_cpu_levels(g).expect("the CPU's features");
    let draw = |list: &DisplayList| {
        let mut buffer = FrameBuffer::new(160, 100);
        Renderer::new(g, 1).render(list, &fonts, buffer.canvas(), Pixels::Fresh).expect("render");
        buffer
    };
    let mut failures = Vec::new();
    eprintln!("largest difference from the CPU's own level, by op kind:");
    eprintln!("{:>22}  {}", "", levels.iter().map(|l| format!("{:>7}", l.name())).collect::<Vec<_>>().join(" "));
    for (kind, list) in kinds(&fonts) {
        pin_cpu_level(g, CpuLevel::Native).expect("native");
        let reference = draw(&list);
        let mut row = format!("{kind:>22}");
        for &level in &levels {
            pin_cpu_level(g, level).expect("a level this CPU has");
            let (pixels, worst) = difference(&reference, &draw(&list));
            row.push_str(&format!(" {:>7}", worst));
            if pixels > 0 {
                failures.push(format!("{kind} at {level}: {pixels} pixels, up to {worst} levels"));
            }
        }
        eprintln!("{row}");
    }
    pin_cpu_level(g, CpuLevel::Native).expect("native");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
