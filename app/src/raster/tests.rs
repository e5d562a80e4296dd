//! The renderer's tests: layers, the base and its damage, bands and their costs, each against pixels drawn
//! another way.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use goldberry_natives::{Goldberry, NativeError};

use super::bands::{STAY_AWAKE, Schedule, band_shares, cut_bands, draw_bands, split_tall_bands, stay_awake_for_bands};
use super::context::FrameContext;
use super::cost::{Costs, row_costs};
use super::geom::Mapping;
use super::*;
use crate::display_list::{DisplayList, LayerKey, Op, Paint, PathCommand, PathData, Place, Stop, Stroke};
use crate::fonts::FontBook;
use crate::geom::{Color, PixelRect, Rect};
use crate::surface::{Canvas, FrameBuffer, Pixels};

pub(super) fn setup() -> (&'static Goldberry, FontBook) {
    (crate::test_support::natives(), crate::test_support::book())
}

fn pixel(fb: &FrameBuffer, x: u32, y: u32) -> [u8; 4] {
    let i = (y as usize * fb.width as usize + x as usize) * 4;
    [fb.pixels[i], fb.pixels[i + 1], fb.pixels[i + 2], fb.pixels[i + 3]]
}

pub(super) fn card(color: Color) -> Arc<DisplayList> {
    let mut list = DisplayList::new();
    list.push(Op::FillRoundRect { rect: Rect::new(0.0, 0.0, 40.0, 30.0), radius: 6.0, paint: Paint::Solid(color) });
    list.push(Op::StrokePath {
        path: Arc::new(PathData {
            commands: vec![PathCommand::MoveTo(4.0, 25.0), PathCommand::CubicTo(10.0, 0.0, 25.0, 40.0, 36.0, 5.0)],
        }),
        stroke: Stroke { width: 2.0, round: true },
        paint: Paint::Solid(Color::rgb(255, 255, 255)),
    });
    Arc::new(list)
}

pub(super) fn scene(version: u64, x: f32) -> DisplayList {
    let mut list = DisplayList::new();
    list.push(Op::FillRect {
        rect: Rect::new(0.0, 0.0, 120.0, 101.0),
        paint: Paint::Linear {
            x0: 0.0,
            y0: 0.0,
            x1: 0.0,
            y1: 101.0,
            stops: vec![
                Stop { offset: 0.0, color: Color::rgb(10, 20, 40) },
                Stop { offset: 1.0, color: Color::rgb(60, 20, 90) },
            ],
        },
    });
    list.push(Op::Layer {
        key: LayerKey(1),
        rect: Rect::new(x, 10.0, 40.0, 30.0),
        version,
        content: card(Color::rgb(200, 40, 40)),
    });
    list.push(Op::PushTranslate(0.0, 50.0));
    list.push(Op::Layer {
        key: LayerKey(2),
        rect: Rect::new(60.0, 0.5, 40.0, 30.0),
        version: 1,
        content: card(Color::rgb(40, 160, 60)),
    });
    list.push(Op::PopTranslate);
    list.push(Op::PushClip(Rect::new(0.0, 90.0, 60.0, 11.0)));
    list.push(Op::FillCircle { cx: 30.0, cy: 95.0, r: 20.0, paint: Paint::Solid(Color::rgb(250, 250, 0)) });
    list.push(Op::PopClip);
    list
}

/// One layer (key 1, `version`) at (`x`, 10) holding `text`.
pub(super) fn text_layer(fonts: &FontBook, version: u64, x: f32, text: &str) -> DisplayList {
    let font = fonts.id(crate::fonts::Face::Sans, 14.0);
    let mut content = DisplayList::new();
    content.push(Op::Glyphs { font, x: 2.0, y: 20.0, run: fonts.shape(font, text), color: Color::rgb(240, 240, 240) });
    let mut list = DisplayList::new();
    list.push(Op::Layer {
        key: LayerKey(1),
        rect: Rect::new(x, 10.0, 150.0, 30.0),
        version,
        content: Arc::new(content),
    });
    list
}

#[test]
fn a_layer_drawn_again_changed_or_moved_has_its_glyphs_looked_up_again() {
    let (g, fonts) = setup();
    let mut raster = Renderer::new(g, 1);
    let mut fb = FrameBuffer::new(200, 60);
    let mut cold = |list: &DisplayList| {
        raster.clear_layers();
        raster.render(list, &fonts, fb.canvas(), Pixels::Fresh).expect("render");
        raster.stats()
    };
    assert!(cold(&text_layer(&fonts, 1, 10.0, "Hello")).glyphs_cached >= 4);
    assert_eq!(cold(&text_layer(&fonts, 1, 10.0, "Hello")).glyphs_cached, 0, "all held");
    // A new version is new content: its new letters are cached before it is drawn.
    assert!(cold(&text_layer(&fonts, 2, 10.0, "World")).glyphs_cached >= 3);
    // The same layer a quarter pixel to the right: its glyphs at their new phases.
    assert!(cold(&text_layer(&fonts, 2, 10.25, "World")).glyphs_cached >= 3);
    let stats = cold(&text_layer(&fonts, 1, 10.0, "Hello"));
    assert_eq!((stats.base, stats.glyphs_cached), (BaseUse::Drawn, 0));
}

/// The same ops with every layer's content drawn in place.
fn flattened(list: &DisplayList) -> DisplayList {
    let mut out = DisplayList::new();
    for op in &list.ops {
        match op {
            Op::Layer { rect, content, .. } => {
                out.push(Op::PushTranslate(rect.x, rect.y));
                out.ops.extend(content.ops.iter().cloned());
                out.push(Op::PopTranslate);
            }
            op => out.push(op.clone()),
        }
    }
    out
}

pub(super) fn max_diff(a: &FrameBuffer, b: &FrameBuffer) -> u8 {
    a.pixels
        .chunks_exact(4)
        .zip(b.pixels.chunks_exact(4))
        .flat_map(|(p, q)| (0..3).map(move |i| p[i].abs_diff(q[i])))
        .max()
        .unwrap_or(0)
}

#[test]
fn layers_are_reused_until_they_change_and_evicted_when_unused() {
    let (g, fonts) = setup();
    let mut raster = Renderer::new(g, 1);
    let mut fb = FrameBuffer::new(120, 101);
    raster.render(&scene(1, 10.0), &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!((raster.stats().layers_rasterized, raster.stats().layers_reused), (2, 0));
    raster.render(&scene(1, 10.0), &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!((raster.stats().layers_rasterized, raster.stats().layers_reused), (0, 2));
    // A move by whole pixels only moves the blit; a new version re-rasterizes that layer alone.
    raster.render(&scene(1, 12.0), &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!(raster.stats().layers_rasterized, 0);
    raster.render(&scene(2, 12.0), &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!((raster.stats().layers_rasterized, raster.stats().layers_reused), (1, 1));
    // A sub-pixel move changes the pixels: re-rasterized.
    raster.render(&scene(2, 12.25), &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!(raster.stats().layers_rasterized, 1);
    let mut without = scene(2, 12.25);
    without.ops.remove(1);
    raster.render(&without, &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!((raster.stats().layers_evicted, raster.layers.images.len()), (1, 1));
}

#[test]
fn a_layer_rasterized_ahead_is_blitted_by_the_next_frame_as_it_would_have_been_drawn() {
    let (g, fonts) = setup();
    let list = scene(1, 10.25);
    // Layer 1 alone, where the frame will draw it.
    let mut ahead = list.clone();
    ahead.ops.retain(|op| matches!(op, Op::Layer { key: LayerKey(1), .. }));
    assert_eq!(ahead.ops.len(), 1);
    let (mut early, mut late) = (Renderer::new(g, 2), Renderer::new(g, 2));
    let (mut a, mut b) = (FrameBuffer::new(120, 101), FrameBuffer::new(120, 101));
    early.rasterize_layers_ahead(&ahead, &fonts, 1.0).unwrap();
    early.render(&list, &fonts, a.canvas(), Pixels::Fresh).unwrap();
    late.render(&list, &fonts, b.canvas(), Pixels::Fresh).unwrap();
    let stats = early.stats();
    assert_eq!((stats.layers_ahead, stats.layers_rasterized, stats.layers_reused), (1, 1, 1));
    assert_eq!(late.stats().layers_rasterized, 2);
    assert!(a.pixels == b.pixels, "the frame is the same either way");
    // A layer already cached is not rasterized again.
    early.rasterize_layers_ahead(&ahead, &fonts, 1.0).unwrap();
    early.render(&list, &fonts, a.canvas(), Pixels::Fresh).unwrap();
    assert_eq!((early.stats().layers_ahead, early.stats().layers_rasterized), (0, 0));
}

#[test]
fn a_layer_looks_like_its_content_drawn_in_place() {
    let (g, fonts) = setup();
    for x in [10.0, 10.5, 11.3] {
        let list = scene(1, x);
        let mut layered = FrameBuffer::new(120, 101);
        let mut direct = FrameBuffer::new(120, 101);
        let mut raster = Renderer::new(g, 1);
        raster.render(&list, &fonts, layered.canvas(), Pixels::Fresh).unwrap();
        raster.render(&flattened(&list), &fonts, direct.canvas(), Pixels::Fresh).unwrap();
        // Compositing a premultiplied layer rounds differently from drawing straight onto the frame.
        assert!(max_diff(&layered, &direct) <= 2, "x = {x}: {}", max_diff(&layered, &direct));
    }
}

#[test]
fn solid_fills_land_exactly_and_clips_hold() {
    let (g, fonts) = setup();
    let mut fb = FrameBuffer::new(120, 101);
    let mut raster = Renderer::new(g, 1);
    raster.render(&scene(1, 10.0), &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    // Inside the red card, clear of the curve: B, G, R, X.
    assert_eq!(&pixel(&fb, 14, 36)[..3], &[40, 40, 200]);
    // The circle is clipped to y >= 90: yellow below, gradient above.
    assert_eq!(&pixel(&fb, 30, 95)[..3], &[0, 250, 250]);
    assert_ne!(&pixel(&fb, 30, 85)[..3], &[0, 250, 250]);
    // The translated layer: green at (60 + 20, 50 + 0.5 + 10).
    assert_eq!(pixel(&fb, 70, 60)[1], 160);
}

#[test]
fn bands_equal_one_band_at_odd_heights() {
    let (g, fonts) = setup();
    let list = scene(1, 10.5);
    let mut one = FrameBuffer::new(120, 101);
    Renderer::new(g, 1).render(&list, &fonts, one.canvas(), Pixels::Fresh).unwrap();
    for threads in [2, 3, 7] {
        let mut banded = FrameBuffer::new(120, 101);
        let mut raster = Renderer::new(g, threads);
        raster.render(&list, &fonts, banded.canvas(), Pixels::Fresh).unwrap();
        assert_eq!(raster.stats().bands, threads);
        assert!(max_diff(&one, &banded) == 0, "{threads} bands: {}", max_diff(&one, &banded));
        // Both layers were rasterized (by a band when they lie in its rows) and are reused next frame.
        assert_eq!(raster.stats().layers_rasterized, 2);
        raster.render(&list, &fonts, banded.canvas(), Pixels::Fresh).unwrap();
        assert_eq!((raster.stats().layers_rasterized, raster.stats().layers_reused), (0, 2));
        assert!(max_diff(&one, &banded) == 0);
    }
}

/// `scene` led by a frame-covering layer (its background), so that its first ops are a run of layers.
pub(super) fn based_scene(version: u64, x: f32, color: Color) -> DisplayList {
    let mut list = scene(1, 10.0);
    let background = DisplayList { ops: vec![list.ops.remove(0)], ..DisplayList::default() };
    list.ops.insert(
        0,
        Op::Layer {
            key: LayerKey(9),
            rect: Rect::new(0.0, 0.0, 120.0, 101.0),
            version: 1,
            content: Arc::new(background),
        },
    );
    list.ops[1] = Op::Layer { key: LayerKey(1), rect: Rect::new(x, 10.0, 40.0, 30.0), version, content: card(color) };
    list
}

fn cold(g: &'static Goldberry, fonts: &FontBook, list: &DisplayList, threads: usize) -> FrameBuffer {
    let mut fb = FrameBuffer::new(120, 101);
    Renderer::new(g, threads).render(list, fonts, fb.canvas(), Pixels::Fresh).unwrap();
    fb
}

#[test]
fn leading_layers_become_the_base_on_the_cold_frame_and_are_copied_after() {
    let (g, fonts) = setup();
    let list = based_scene(1, 10.0, Color::rgb(200, 40, 40));
    let mut raster = Renderer::new(g, 2);
    let mut fb = FrameBuffer::new(120, 101);
    raster.render(&list, &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    // The background, the card, and the translated card after it.
    assert_eq!((raster.stats().base, raster.stats().layers_in_base), (BaseUse::Drawn, 3));
    assert_eq!(raster.stats().layers_rasterized, 0, "the base's layers are drawn in place, not into images");
    let first = fb.clone();
    fb.pixels.fill(0x55);
    raster.render(&list, &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!((raster.stats().base, raster.stats().layers_in_base), (BaseUse::Copied, 3));
    assert_eq!(max_diff(&first, &fb), 0, "a copied base gives the cold frame's pixels exactly");
    // Drawn from scratch, drawn in 3 bands: the same pixels (record 19).
    assert_eq!(max_diff(&first, &cold(g, &fonts, &list, 1)), 0);
    assert_eq!(max_diff(&first, &cold(g, &fonts, &list, 3)), 0);
}

#[test]
fn a_changed_base_layer_redraws_only_its_damage_and_matches_a_fresh_frame() {
    let (g, fonts) = setup();
    let mut raster = Renderer::new(g, 2);
    let mut fb = FrameBuffer::new(120, 101);
    raster.render(&based_scene(1, 10.0, Color::rgb(200, 40, 40)), &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    // A new version with new content, moved by a fraction of a pixel: its old and new boxes are redrawn.
    let changed = based_scene(2, 13.5, Color::rgb(40, 40, 200));
    raster.render(&changed, &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!(raster.stats().base, BaseUse::Damaged(2));
    assert_eq!(max_diff(&fb, &cold(g, &fonts, &changed, 1)), 0);
    raster.render(&changed, &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!(raster.stats().base, BaseUse::Copied);
    // Another layer in the run: drawn again from scratch.
    let mut other = changed.clone();
    other.ops.remove(1);
    raster.render(&other, &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!(raster.stats().base, BaseUse::Drawn);
    assert_eq!(max_diff(&fb, &cold(g, &fonts, &other, 1)), 0);
}

/// `based_scene` with its circle (after the base's run) in `color`.
fn circled(color: Color) -> DisplayList {
    let mut list = based_scene(1, 10.0, Color::rgb(200, 40, 40));
    let Some(Op::FillCircle { paint, .. }) = list.ops.iter_mut().find(|op| matches!(op, Op::FillCircle { .. })) else {
        panic!("based_scene draws a circle");
    };
    *paint = Paint::Solid(color);
    list
}

#[test]
fn a_cold_frame_leaves_the_base_undrawn_and_a_later_frame_draws_the_squares_it_needs_once() {
    let (g, fonts) = setup();
    let mut raster = Renderer::new(g, 2);
    let mut fb = FrameBuffer::new(120, 101);
    raster.render(&circled(Color::rgb(250, 250, 0)), &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!((raster.stats().base, raster.stats().base_filled), (BaseUse::Drawn, 0));
    // The circle's colour changes over the frame before: the base under its clip (rows 90..101, one row of
    // squares) is drawn first, and the frame is the one drawn from scratch.
    let blue = circled(Color::rgb(0, 90, 250));
    raster.render(&blue, &fonts, fb.canvas(), Pixels::Kept).unwrap();
    assert_eq!((raster.stats().base, raster.stats().base_filled), (BaseUse::Copied, 1));
    assert_eq!(max_diff(&fb, &cold(g, &fonts, &blue, 1)), 0);
    let red = circled(Color::rgb(250, 30, 30));
    raster.render(&red, &fonts, fb.canvas(), Pixels::Kept).unwrap();
    assert_eq!((raster.stats().base, raster.stats().base_filled), (BaseUse::Copied, 0), "those squares are drawn");
    assert_eq!(max_diff(&fb, &cold(g, &fonts, &red, 1)), 0);
    // Drawn whole, the bands draw the rows the base lacks and copy them in; the frame after copies it all.
    fb.pixels.fill(0x55);
    raster.render(&blue, &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!((raster.stats().base, raster.stats().base_filled), (BaseUse::Copied, 1));
    assert_eq!(max_diff(&fb, &cold(g, &fonts, &blue, 3)), 0);
    fb.pixels.fill(0x55);
    raster.render(&red, &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert_eq!((raster.stats().base, raster.stats().base_filled), (BaseUse::Copied, 0));
    assert_eq!(max_diff(&fb, &cold(g, &fonts, &red, 1)), 0);
}

#[test]
fn bands_share_the_estimated_work_not_the_rows() {
    let (g, fonts) = setup();
    // Heavy fills in the top quarter, nothing below: the first of two bands is the shortest.
    let mut list = DisplayList::new();
    for _ in 0..20 {
        list.push(Op::FillRect { rect: Rect::new(0.0, 0.0, 400.0, 100.0), paint: Paint::Solid(Color::rgb(1, 2, 3)) });
    }
    let balanced = |from: usize, bands: usize| {
        let ctx = FrameContext {
            g,
            fonts: &fonts,
            list: &list,
            mapping: Mapping { scale: 1.0 },
            width: 400,
            height: 400,
            stride: 1600,
            threads: bands,
            blend2d_threads: 0,
            lead_end: 0,
            lead_drawn: false,
            drawn_from: from,
        };
        let per_row = row_costs(&ctx, &[]);
        cut_bands(&per_row, &vec![1.0 / bands as f64; bands])
    };
    let edges = balanced(0, 2);
    assert_eq!((edges[0], edges[2]), (0, 400));
    assert!(edges[1] < 100, "the heavy rows are split between the bands: {edges:?}");
    // Ops before `from` (in the base) cost nothing: even bands again, give or take the rounding.
    let edges = balanced(list.ops.len(), 2);
    assert!(edges[1].abs_diff(200) <= 1, "{edges:?}");
    // Never an empty band while there are rows enough.
    let edges = balanced(0, 7);
    assert!(edges.windows(2).all(|pair| pair[1] > pair[0]), "{edges:?}");
}

#[test]
fn a_heavy_frame_is_cut_into_smaller_bands_handed_out_largest_first() {
    // Light work: one equal band a thread.
    assert_eq!(band_shares(1.0e6, 2), vec![0.5, 0.5]);
    assert_eq!(band_shares(9.0e6, 1), vec![1.0]);
    // Heavy: three a thread, of half, a third and a sixth of a thread's share, in handout order.
    let shares = band_shares(5.0e6, 2);
    assert_eq!(shares.len(), 6);
    assert!(shares.windows(2).all(|pair| pair[0] >= pair[1]), "{shares:?}");
    assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert!((shares[0] - 0.25).abs() < 1e-9 && (shares[5] - 1.0 / 12.0).abs() < 1e-9, "{shares:?}");
    // Cut at those shares of evenly spread work: the bands' heights follow them.
    let edges = cut_bands(&[1.0; 1200], &shares);
    assert_eq!(edges, vec![0, 300, 600, 800, 1000, 1100, 1200]);
}

#[test]
fn bands_are_taken_by_whichever_thread_is_free_and_each_drawn_once() {
    // Eight bands of 10 rows, two threads. A band the calling thread takes lasts until the pool thread has
    // drawn the seven others: whichever thread is free takes the next band. (The pool thread may also take all
    // eight before the caller asks for one.)
    let (stride, rows) = (4, 80);
    let mut pixels = vec![0u8; stride * rows];
    let edges: Vec<usize> = (0..=8).map(|i| i * 10).collect();
    let caller = std::thread::current().id();
    let (by_caller, by_pool) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let draw = |top: usize, band: &mut [u8], _: Option<&mut [u8]>| -> Result<(), RenderError> {
        if std::thread::current().id() == caller {
            by_caller.fetch_add(1, Ordering::Relaxed);
            let deadline = Instant::now() + Duration::from_secs(10);
            while by_pool.load(Ordering::Relaxed) < 7 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
        } else {
            by_pool.fetch_add(1, Ordering::Relaxed);
        }
        for byte in band.iter_mut() {
            *byte += 1 + (top / 10) as u8;
        }
        Ok(())
    };
    let schedule = Schedule { edges: &edges, stride, threads: 2, handed_out: None, threads_name: "a test band thread" };
    draw_bands(&schedule, &mut pixels, None, &draw).unwrap();
    for (y, row) in pixels.chunks(stride).enumerate() {
        assert!(row.iter().all(|&b| b as usize == 1 + y / 10), "row {y} drawn once by its band: {row:?}");
    }
    let (by_caller, by_pool) = (by_caller.into_inner(), by_pool.into_inner());
    assert!(by_caller <= 1 && by_caller + by_pool == 8, "caller {by_caller}, pool {by_pool}");
    // A failing band's error comes back, and the other bands are still drawn.
    let fail = |top: usize, band: &mut [u8], _: Option<&mut [u8]>| -> Result<(), RenderError> {
        band.fill(1);
        if top == 30 { Err(NativeError::InvalidArgument("band 30".to_owned()).into()) } else { Ok(()) }
    };
    let mut pixels = vec![0u8; stride * rows];
    let err = draw_bands(&schedule, &mut pixels, None, &fail).unwrap_err();
    assert!(err.to_string().contains("band 30"), "{err}");
    assert!(pixels.iter().all(|&b| b == 1));
    // A band that panics is reported as a panicked thread, named, and the other bands are still drawn.
    let panics = |top: usize, band: &mut [u8], _: Option<&mut [u8]>| -> Result<(), RenderError> {
        band.fill(2);
        if top == 50 {
            panic!("band 50");
        }
        Ok(())
    };
    let err = draw_bands(&schedule, &mut pixels, None, &panics).unwrap_err();
    assert!(matches!(err, RenderError::ThreadPanicked("a test band thread")), "{err}");
    assert!(pixels.iter().all(|&b| b == 2));
}

#[test]
fn an_op_costs_only_the_rows_its_clip_lets_it_draw() {
    let (_, fonts) = setup();
    let mut list = DisplayList::new();
    list.push(Op::PushTranslate(0.0, 20.0));
    list.push(Op::PushClip(Rect::new(0.0, 0.0, 100.0, 10.0)));
    list.push(Op::FillRect { rect: Rect::new(0.0, 0.0, 100.0, 80.0), paint: Paint::Solid(Color::rgb(1, 2, 3)) });
    list.push(Op::PopClip);
    list.push(Op::PopTranslate);
    let mut costs = Costs { fonts: &fonts, scale: 1.0, delta: vec![0.0; 101] };
    costs.add(&list, 0, &|_| true, Place::default());
    let mut density = 0.0;
    let per_row: Vec<f64> = costs.delta[..100]
        .iter()
        .map(|d| {
            density += d;
            density
        })
        .collect();
    // The fill's box reaches 1 px past its rect (anti-aliasing); the clip (rows 20 to 30) cuts it.
    assert!(per_row[..20].iter().chain(&per_row[30..]).all(|&c| c.abs() < 1e-6), "{per_row:?}");
    assert!(per_row[20..30].iter().all(|&c| c > 0.0), "{per_row:?}");
}

#[test]
fn a_short_target_is_an_error() {
    let (g, fonts) = setup();
    let mut pixels = vec![0u8; 100];
    let target = Canvas { pixels: &mut pixels, width: 120, height: 101, stride: 480, scale: 1.0 };
    assert!(matches!(
        Renderer::new(g, 2).render(&scene(1, 0.0), &fonts, target, Pixels::Fresh),
        Err(RenderError::ShortTarget { len: 100, .. })
    ));
}

#[test]
fn a_band_thread_kept_awake_leaves_once_the_bands_are_out_or_at_its_deadline() {
    let handed_out = AtomicU64::new(7);
    let long = Duration::from_secs(20);
    // Frame 6's bands are already out: it does not wait for its deadline.
    assert!(stay_awake_for_bands(&handed_out, 6, long));
    // Frame 7's bands never come (the frame failed before its raster): it gives up at the deadline.
    assert!(!stay_awake_for_bands(&handed_out, 7, STAY_AWAKE));
    // They come from another thread while it waits.
    std::thread::scope(|s| {
        let waiter = s.spawn(|| stay_awake_for_bands(&handed_out, 7, long));
        handed_out.fetch_add(1, Ordering::Release);
        assert!(waiter.join().expect("the waiter returns"), "the bands came before the deadline");
    });
}

#[test]
fn a_tall_band_is_cut_so_that_its_rows_fit_the_cache() {
    // 3840 pixels a row: 68 rows to a MiB.
    let stride = 3840 * 4;
    let edges = split_tall_bands(&[0, 10, 2160], stride, 1 << 20);
    assert_eq!((edges[0], edges[1], *edges.last().unwrap_or(&0)), (0, 10, 2160));
    assert!(edges.windows(2).all(|pair| pair[1] > pair[0] && (pair[1] - pair[0]) * stride <= 1 << 20), "{edges:?}");
    assert_eq!(edges.len() - 1, 1 + 2150usize.div_ceil(68));
    // Rows wider than the limit are a band each; bands within it are left as they are.
    assert_eq!(split_tall_bands(&[0, 3], 2 << 20, 1 << 20), vec![0, 1, 2, 3]);
    assert_eq!(split_tall_bands(&[0, 5, 9], 16, 1 << 20), vec![0, 5, 9]);
}

/// The context of a 1-thread frame of `list` at 1x, 120x101 (the test scenes' size), its leading run's end and the
/// op it draws from given, that run drawn in place.
fn scene_context<'a>(
    g: &'static Goldberry,
    fonts: &'a FontBook,
    list: &'a DisplayList,
    (lead_end, drawn_from): (usize, usize),
) -> FrameContext<'a> {
    FrameContext {
        g,
        fonts,
        list,
        mapping: Mapping { scale: 1.0 },
        width: 120,
        height: 101,
        stride: 480,
        threads: 1,
        blend2d_threads: 0,
        lead_end,
        lead_drawn: true,
        drawn_from,
    }
}

/// A frame that draws only some pixels builds the paths and gradients of the ops that reach them alone, the leading
/// run's layers too, and finds every op's bounds: a replay skips an op by them.
#[test]
fn a_partial_frame_prepares_only_the_ops_that_reach_its_pixels() {
    let (g, fonts) = setup();
    let list = scene(1, 10.0);
    // The first layer (op 1) is the leading run, drawn in place; the circle (op 6) lies at the bottom.
    let ctx = scene_context(g, &fonts, &list, (2, 2));
    let whole = prepare::prepare_frame(&ctx, None).unwrap();
    assert!(whole.gradients[0].is_some() && whole.layers[1].is_some() && whole.paths[6].is_none());
    // The layer's pixels alone (it lies at (10, 10), 40x30): the background's gradient reaches them, the circle not.
    let card = [PixelRect { x: 20, y: 20, w: 5, h: 5 }];
    let part = prepare::prepare_frame(&ctx, Some(&card)).unwrap();
    assert!(part.gradients[0].is_some());
    let layer = part.layers[1].as_ref().expect("the layer reaching them is prepared");
    assert!(layer.paths[1].is_some(), "the card's stroke reaches them");
    assert_eq!(part.bounds, whole.bounds);
    // Pixels under the circle alone: neither the layer nor its stroke is built, every bound is still found.
    let bottom = [PixelRect { x: 25, y: 95, w: 5, h: 5 }];
    let part = prepare::prepare_frame(&ctx, Some(&bottom)).unwrap();
    assert!(part.layers[1].is_none() && part.gradients[0].is_some());
    assert_eq!(part.bounds, whole.bounds);
}

/// The boxes of a layer's content drawn in place are walked once while the layer keeps its key, version and
/// place, and again when one changes; frames drawn over the one before still equal a fresh frame.
#[test]
fn a_layer_drawn_in_place_again_has_the_same_boxes_without_a_walk() {
    let (g, fonts) = setup();
    let list = based_scene(1, 10.0, Color::rgb(200, 40, 40));
    let ctx = scene_context(g, &fonts, &list, (Lead::of(&list, 1.0).end, 0));
    let mut known = cuts::LayerBoxes::default();
    let walked = cuts::tender_boxes(&ctx, (None, true), &|_| None, &mut known);
    assert!(!walked.is_empty(), "the cards' round corners and curves give boxes");
    known.frame_done();
    assert_eq!(cuts::tender_boxes(&ctx, (None, true), &|_| None, &mut known), walked);
    assert_eq!(known.known(), 3, "the three layers of the base are known");
    // A new version is walked anew (and the old one forgotten once the frame is done).
    let moved = based_scene(2, 13.5, Color::rgb(40, 40, 200));
    let ctx = FrameContext { list: &moved, ..ctx };
    known.frame_done();
    let fresh = cuts::tender_boxes(&ctx, (None, true), &|_| None, &mut cuts::LayerBoxes::default());
    assert_eq!(cuts::tender_boxes(&ctx, (None, true), &|_| None, &mut known), fresh);
    known.frame_done();
    assert_eq!(known.known(), 3);
    // Frames drawn over the one before, the base's damage redrawn, equal a fresh frame.
    let mut raster = Renderer::new(g, 2);
    let mut fb = FrameBuffer::new(120, 101);
    for (version, x) in [(1, 10.0), (2, 13.5), (1, 10.0), (2, 13.5)] {
        let scene = based_scene(version, x, Color::rgb(200, 40, 40));
        raster.render(&scene, &fonts, fb.canvas(), Pixels::Kept).unwrap();
        assert_eq!(max_diff(&fb, &cold(g, &fonts, &scene, 1)), 0, "version {version}");
    }
}
