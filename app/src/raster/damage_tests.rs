//! Damage: a frame rendered into a target that holds the frame before it writes only what changed, and the
//! target then holds what a fresh render of the frame gives.

use std::time::Duration;

use goldberry_natives::Goldberry;

use super::tests::{based_scene, max_diff, scene, setup, text_layer};
use super::*;
use crate::display_list::{DisplayList, LayerKey, Op, Paint};
use crate::fonts::FontBook;
use crate::frame::FrameInput;
use crate::geom::{Color, Rect};
use crate::hud::{FrameTimes, Hud, HudStats};
use crate::session::Session;
use crate::stage::Stage;
use crate::surface::{Canvas, FrameBuffer, Pixels};

/// What no render writes: a pixel that still holds it was not written.
const SENTINEL: u8 = 0x5a;

/// The target of `fb` at `scale`.
fn scaled(fb: &mut FrameBuffer, scale: f32) -> Canvas<'_> {
    Canvas { scale, ..fb.canvas() }
}

/// A frame of the test lists' 120x101 pixels at `scale`.
fn frame_at(scale: f32) -> FrameBuffer {
    FrameBuffer::new((120.0 * scale).ceil() as u32, (101.0 * scale).ceil() as u32)
}

fn fresh(g: &'static Goldberry, fonts: &FontBook, list: &DisplayList, scale: f32) -> FrameBuffer {
    let mut fb = frame_at(scale);
    Renderer::new(g, 1).render(list, fonts, scaled(&mut fb, scale), Pixels::Fresh).expect("render");
    fb
}

fn inside(damage: &Damage, x: u32, y: u32) -> bool {
    damage.rects().iter().any(|r| r.x <= x && x < r.right() && r.y <= y && y < r.bottom())
}

/// Renders `old` whole with `threads` bands, fills the target with [`SENTINEL`], renders `new` into it as
/// [`Pixels::Kept`], and returns the damage, once it has checked that every damaged pixel is a fresh render's of
/// `new`, that every other pixel holds the sentinel, and that there a fresh render of `old` gives what one of `new`
/// gives, exactly (the beta's were allowed a level).
fn step(g: &'static Goldberry, fonts: &FontBook, threads: usize, old: &DisplayList, new: &DisplayList) -> Damage {
    step_at(g, fonts, (threads, 1.0), old, new)
}

/// [`step`] into a target of `scale` device pixels a list pixel.
fn step_at(
    g: &'static Goldberry,
    fonts: &FontBook,
    (threads, scale): (usize, f32),
    old: &DisplayList,
    new: &DisplayList,
) -> Damage {
    let mut raster = Renderer::new(g, threads);
    let mut fb = frame_at(scale);
    let width = fb.width;
    raster.render(old, fonts, scaled(&mut fb, scale), Pixels::Fresh).expect("render");
    let before = fb.clone();
    fb.pixels.fill(SENTINEL);
    let damage = raster.render(new, fonts, scaled(&mut fb, scale), Pixels::Kept).expect("render").damage;
    let expected = fresh(g, fonts, new, scale);
    for (i, ((kept, was), is)) in
        fb.pixels.chunks_exact(4).zip(before.pixels.chunks_exact(4)).zip(expected.pixels.chunks_exact(4)).enumerate()
    {
        let (x, y) = (i as u32 % width, i as u32 / width);
        let off = |a: &[u8], b: &[u8]| (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap_or(0);
        if inside(&damage, x, y) {
            assert!(off(kept, is) == 0, "damaged ({x}, {y}): {kept:?} drawn, {is:?} fresh; {damage:?}");
        } else {
            assert_eq!(kept, [SENTINEL; 4], "({x}, {y}) is outside the damage but was written; {damage:?}");
            assert!(off(was, is) == 0, "({x}, {y}) changed ({was:?} to {is:?}) outside the damage {damage:?}");
        }
    }
    damage
}

fn fill(rect: Rect, color: Color) -> Op {
    Op::FillRect { rect, paint: Paint::Solid(color) }
}

/// Two fills and a circle over a background.
fn fills(color: Color, x: f32) -> DisplayList {
    let mut list = DisplayList::new();
    list.push(fill(Rect::new(0.0, 0.0, 120.0, 101.0), Color::rgb(20, 20, 30)));
    list.push(fill(Rect::new(10.0, 10.0, 20.0, 20.0), Color::rgb(200, 40, 40)));
    list.push(fill(Rect::new(x, 40.0, 30.0, 10.0), color));
    list.push(Op::FillCircle { cx: 90.0, cy: 80.0, r: 8.0, paint: Paint::Solid(Color::rgb(250, 250, 0)) });
    list
}

#[test]
fn an_unchanged_frame_damages_nothing_and_writes_no_pixel() {
    let (g, fonts) = setup();
    let red = Color::rgb(200, 40, 40);
    for threads in [1, 2] {
        for list in [scene(1, 10.5), based_scene(1, 10.0, red), text_layer(&fonts, 1, 10.25, "Idle")] {
            assert_eq!(step(g, &fonts, threads, &list, &list).rects(), [], "{threads} threads");
        }
    }
}

#[test]
fn a_changed_colour_damages_the_op_s_bounds() {
    let (g, fonts) = setup();
    let damage = step(g, &fonts, 2, &fills(Color::rgb(0, 200, 0), 60.0), &fills(Color::rgb(0, 0, 200), 60.0));
    // The fill at (60, 40) 30x10, with a pixel of room for anti-aliasing.
    assert_eq!(damage.rects(), [PixelRect { x: 59, y: 39, w: 32, h: 12 }]);
    assert_eq!(damage.pixels(), 32 * 12);
}

/// `fills` with an overlay over it: a tint at `tint_x`.
fn overlaid(color: Color, x: f32, tint_x: f32) -> DisplayList {
    let mut list = fills(color, x);
    list.overlay_from = Some(list.ops.len());
    list.push(fill(Rect::new(tint_x, 60.0, 20.0, 20.0), Color(0x60_ff_00_ff)));
    list
}

#[test]
fn the_overlay_s_damage_is_counted_apart_from_the_frame_s_and_both_are_drawn() {
    let (g, fonts) = setup();
    let (green, blue) = (Color::rgb(0, 200, 0), Color::rgb(0, 0, 200));
    // The overlay alone moved: the frame's damage is empty, the overlay's is the tint's old and new place.
    let damage = step(g, &fonts, 1, &overlaid(green, 60.0, 10.0), &overlaid(green, 60.0, 80.0));
    assert!(inside(&damage, 15, 65) && inside(&damage, 85, 65), "both places of the tint drawn: {damage:?}");
    let mut raster = Renderer::new(g, 1);
    let mut fb = frame_at(1.0);
    raster.render(&overlaid(green, 60.0, 10.0), &fonts, fb.canvas(), Pixels::Fresh).expect("render");
    let moved = raster.render(&overlaid(green, 60.0, 80.0), &fonts, fb.canvas(), Pixels::Kept).expect("render");
    assert!(moved.parts.frame.is_empty(), "{:?}", moved.parts);
    // What is drawn is the overlay's damage, grown to hold the circle at (90, 80) its new place cuts (record 19).
    let holds = |d: &Damage, r: &PixelRect| d.rects().iter().any(|w| w.union(r) == *w);
    assert!(moved.parts.overlay.rects().iter().all(|r| holds(&moved.damage, r)), "{moved:?}");
    assert!(holds(&moved.damage, &PixelRect { x: 81, y: 71, w: 18, h: 18 }), "{moved:?}");
    // The frame alone changed: the overlay adds nothing to it.
    let recoloured = raster.render(&overlaid(blue, 60.0, 80.0), &fonts, fb.canvas(), Pixels::Kept).expect("render");
    assert_eq!(recoloured.parts.frame.rects(), [PixelRect { x: 59, y: 39, w: 32, h: 12 }]);
    assert!(recoloured.parts.overlay.is_empty());
    // Both: what is drawn is their union, each pixel once.
    step(g, &fonts, 2, &overlaid(green, 60.0, 10.0), &overlaid(blue, 60.0, 20.0));
}

#[test]
fn a_moved_op_damages_where_it_was_and_where_it_is() {
    let (g, fonts) = setup();
    let green = Color::rgb(0, 200, 0);
    let damage = step(g, &fonts, 1, &fills(green, 60.0), &fills(green, 70.5));
    // Overlapping, the old and new bounds are merged: columns 59 to 101.5 rounded out.
    assert_eq!(damage.rects(), [PixelRect { x: 59, y: 39, w: 43, h: 12 }]);
    let damage = step(g, &fonts, 2, &fills(green, 2.0), &fills(green, 85.0));
    for r in [PixelRect { x: 1, y: 39, w: 32, h: 12 }, PixelRect { x: 84, y: 39, w: 32, h: 12 }] {
        assert!(damage.rects().iter().any(|d| d.union(&r) == *d), "{r:?} in {damage:?}");
    }
}

#[test]
fn an_added_or_removed_op_damages_its_bounds() {
    let (g, fonts) = setup();
    let list = fills(Color::rgb(0, 200, 0), 60.0);
    let mut more = list.clone();
    more.push(fill(Rect::new(40.0, 70.0, 10.0, 10.0), Color::rgb(255, 255, 255)));
    let square = [PixelRect { x: 39, y: 69, w: 12, h: 12 }];
    assert_eq!(step(g, &fonts, 1, &list, &more).rects(), square);
    assert_eq!(step(g, &fonts, 2, &more, &list).rects(), square);
    // Added or removed in the middle, the ops after it move a place: the diff steps over it, and only its own ink
    // is damaged (a focus ring that comes and goes).
    let mut middle = list.clone();
    middle.ops.insert(2, fill(Rect::new(40.0, 70.0, 10.0, 10.0), Color::rgb(255, 255, 255)));
    assert_eq!(step(g, &fonts, 1, &list, &middle).rects(), square);
    assert_eq!(step(g, &fonts, 2, &middle, &list).rects(), square);
    let mut fewer = list.clone();
    fewer.ops.remove(1);
    assert_eq!(step(g, &fonts, 2, &list, &fewer).rects(), [PixelRect { x: 9, y: 9, w: 22, h: 22 }]);
}

/// An op with a point far out (the raster fuzz's seeds 73, 262, 499, 594, 614, 672, 972, 1099, 1149, 1347): its
/// box, summed in f32, ends a long way short of where it draws (from x = -1e15 to 50 it ends at 0), yet it is
/// damaged wherever its clip lets it draw when it comes or goes, as every pass that goes by bounds takes it.
#[test]
fn an_op_too_far_out_for_f32_damages_all_its_clip_lets_it_reach() {
    use crate::display_list::{PathCommand as C, PathData};
    let (g, fonts) = setup();
    let path = |commands: Vec<C>| std::sync::Arc::new(PathData { commands });
    // A wedge from far left that fills x 0 to 50, y 20 to 60 on the canvas; seed 73's shrunk curve; seed 262's.
    let wedge = path(vec![C::MoveTo(-1.0e15, 40.0), C::LineTo(50.0, 20.0), C::LineTo(50.0, 60.0), C::Close]);
    let curve = path(vec![C::MoveTo(-1_955_843_700_000_000.0, -0.0), C::CubicTo(0.0, 3.5, 12.0, 8.0, 3.25, 1.75)]);
    let line = path(vec![C::MoveTo(-6.141_396_7e21, 169.0), C::LineTo(70.680_84, 81.292_87)]);
    let paint = Paint::Solid(Color(0xff_0b_dd_8f));
    let far = [
        Op::FillPath { path: wedge, paint: paint.clone() },
        Op::FillPath { path: curve, paint: paint.clone() },
        Op::StrokePath { path: line, stroke: crate::display_list::Stroke { width: 0.12, round: true }, paint },
    ];
    let list = fills(Color::rgb(0, 200, 0), 60.0);
    for op in far {
        let mut more = list.clone();
        more.push(op.clone());
        for threads in [1, 2] {
            step(g, &fonts, threads, &more, &list);
            step(g, &fonts, threads, &list, &more);
        }
        // Under a clip, no more than the clip.
        let mut clipped = list.clone();
        clipped.push(Op::PushClip(Rect::new(0.0, 0.0, 30.0, 101.0)));
        clipped.push(op);
        clipped.push(Op::PopClip);
        let damage = step(g, &fonts, 1, &clipped, &list);
        assert!(damage.rects().iter().all(|r| r.right() <= 31), "{damage:?}");
    }
}

#[test]
fn a_layer_whose_version_changed_is_damaged_not_the_rest() {
    let (g, fonts) = setup();
    let damage = step(g, &fonts, 2, &scene(1, 10.5), &scene(2, 10.5));
    // Layer 1 at (10.5, 10) 40x30, with a pixel of room.
    assert_eq!(damage.rects(), [PixelRect { x: 9, y: 9, w: 43, h: 32 }]);
    // Its content changed but not its version: nothing is drawn (the version says when the content changes).
    let mut same_version = scene(1, 10.5);
    if let Op::Layer { content, .. } = &mut same_version.ops[1] {
        *content = super::tests::card(Color::rgb(1, 2, 3));
    }
    let mut raster = Renderer::new(g, 1);
    let mut fb = FrameBuffer::new(120, 101);
    raster.render(&scene(1, 10.5), &fonts, fb.canvas(), Pixels::Fresh).unwrap();
    assert!(raster.render(&same_version, &fonts, fb.canvas(), Pixels::Kept).unwrap().damage.is_empty());
}

#[test]
fn a_changed_clip_damages_the_ops_inside_it_under_both_clips() {
    let (g, fonts) = setup();
    let clipped = |clip: Rect| {
        let mut list = fills(Color::rgb(0, 200, 0), 60.0);
        list.push(Op::PushClip(clip));
        list.push(Op::FillCircle { cx: 60.0, cy: 50.0, r: 45.0, paint: Paint::Solid(Color::rgb(0, 90, 250)) });
        list.push(Op::PopClip);
        list
    };
    let (a, b) = (Rect::new(15.0, 5.0, 10.0, 10.0), Rect::new(95.0, 85.0, 10.5, 10.0));
    let damage = step(g, &fonts, 2, &clipped(a), &clipped(b));
    // The second clip's box (95, 85, 11 x 10) cuts the circle of `fills` at (90, 80): it grows to hold the circle's
    // ink (81, 71 to 99, 89), which a clip would cut a level apart (record 19).
    let (a, b) = (PixelRect { x: 15, y: 5, w: 10, h: 10 }, PixelRect { x: 81, y: 71, w: 25, h: 24 });
    assert!(damage.rects() == [a, b] || damage.rects() == [b, a], "{damage:?}");
}

/// `based_scene` with a HUD-like layer on top holding `text`.
fn with_top_layer(fonts: &FontBook, version: u64, text: &str) -> DisplayList {
    let mut list = based_scene(1, 10.0, Color::rgb(200, 40, 40));
    let Some(Op::Layer { content, .. }) = text_layer(fonts, version, 0.0, text).ops.pop() else { unreachable!() };
    list.push(Op::Layer { key: LayerKey(7), rect: Rect::new(60.5, 70.0, 55.0, 25.0), version, content });
    list
}

#[test]
fn a_changed_top_layer_and_a_changed_base_layer_damage_their_rects() {
    let (g, fonts) = setup();
    for threads in [1, 3] {
        let damage = step(g, &fonts, threads, &with_top_layer(&fonts, 1, "1.0"), &with_top_layer(&fonts, 2, "2.5"));
        assert_eq!(damage.rects(), [PixelRect { x: 59, y: 69, w: 58, h: 27 }]);
        // A layer of the base's run, new and moved: the base's damage and the target's.
        let (red, blue) = (Color::rgb(200, 40, 40), Color::rgb(40, 40, 200));
        let damage = step(g, &fonts, threads, &based_scene(1, 10.0, red), &based_scene(2, 13.5, blue));
        assert_eq!(damage.rects(), [PixelRect { x: 9, y: 9, w: 46, h: 32 }]);
    }
}

#[test]
fn a_scaled_frame_drawn_over_the_last_equals_a_fresh_one() {
    let (g, fonts) = setup();
    let (red, blue) = (Color::rgb(200, 40, 40), Color::rgb(40, 40, 200));
    for (threads, scale) in [(1, 1.5), (2, 1.25), (2, 0.75)] {
        let damage = step_at(g, &fonts, (threads, scale), &based_scene(1, 10.0, red), &based_scene(2, 13.5, blue));
        assert!(!damage.is_empty() && damage.pixels() < 120 * 101, "{scale}: {damage:?}");
        step_at(g, &fonts, (threads, scale), &with_top_layer(&fonts, 1, "1.0"), &with_top_layer(&fonts, 2, "2.5"));
        step_at(g, &fonts, (threads, scale), &fills(red, 60.0), &fills(blue, 70.25));
        assert!(step_at(g, &fonts, (threads, scale), &scene(1, 10.5), &scene(1, 10.5)).is_empty());
    }
}

#[test]
fn a_kept_target_of_another_size_or_after_cleared_layers_is_drawn_whole() {
    let (g, fonts) = setup();
    let list = scene(1, 10.0);
    let mut raster = Renderer::new(g, 2);
    let (mut small, mut large) = (FrameBuffer::new(100, 90), FrameBuffer::new(120, 101));
    raster.render(&list, &fonts, small.canvas(), Pixels::Fresh).unwrap();
    let damage = raster.render(&list, &fonts, large.canvas(), Pixels::Kept).unwrap().damage;
    assert!(damage.is_whole(120, 101), "{damage:?}");
    assert!(raster.render(&list, &fonts, large.canvas(), Pixels::Kept).unwrap().damage.is_empty());
    // A target too short is refused before anything is written: the one before still holds the last frame.
    let mut short = vec![0u8; 16];
    let target = crate::surface::Canvas { pixels: &mut short, width: 120, height: 101, stride: 480, scale: 1.0 };
    assert!(raster.render(&list, &fonts, target, Pixels::Kept).is_err());
    assert!(raster.render(&list, &fonts, large.canvas(), Pixels::Kept).unwrap().damage.is_empty());
    // Cleared layers (a cold frame): drawn whole.
    raster.clear_layers();
    assert!(raster.render(&list, &fonts, large.canvas(), Pixels::Kept).unwrap().damage.is_whole(120, 101));
    assert!(raster.render(&list, &fonts, large.canvas(), Pixels::Fresh).unwrap().damage.is_whole(120, 101));
}

#[test]
fn near_rectangles_merge_far_ones_stay_apart_and_too_many_become_their_box() {
    let mut damage = Damage::default();
    damage.add(PixelRect { x: 0, y: 0, w: 10, h: 10 });
    damage.add(PixelRect { x: 12, y: 0, w: 10, h: 10 });
    assert_eq!(damage.rects(), [PixelRect { x: 0, y: 0, w: 22, h: 10 }]);
    damage.add(PixelRect { x: 500, y: 500, w: 10, h: 10 });
    damage.add(PixelRect { x: 2, y: 2, w: 4, h: 4 });
    assert_eq!(damage.rects().len(), 2);
    assert_eq!(damage.pixels(), 320);
    // Overlapping rectangles merge however much their box wastes: none overlaps another.
    damage.add(PixelRect { x: 505, y: 0, w: 1, h: 505 });
    assert_eq!(damage.rects()[1], PixelRect { x: 500, y: 0, w: 10, h: 510 });
    let mut many = Damage::default();
    for i in 0..=MAX_DAMAGE_RECTS as u32 {
        many.add(PixelRect { x: i * 200, y: i * 100, w: 10, h: 10 });
    }
    let n = MAX_DAMAGE_RECTS as u32;
    assert_eq!(many.rects(), [PixelRect { x: 0, y: 0, w: n * 200 + 10, h: n * 100 + 10 }]);
}

/// Deterministic HUD statistics, changing every frame as a run's do.
fn hud_stats(index: u64) -> HudStats {
    let mut stats = HudStats::new();
    for i in 0..index.min(40) {
        let ms = |v: f64| Duration::from_secs_f64(v / 1000.0);
        let k = ((i + index) % 7) as f64;
        let times = FrameTimes {
            layout: ms(0.1),
            shape: ms(0.02),
            raster: ms(0.3 + 0.1 * k),
            paint: ms(0.5),
            present: ms(0.1),
        };
        stats.record(&times);
        stats.record_interval(ms(16.7));
    }
    stats
}

#[test]
fn overview_frames_drawn_over_the_last_equal_fresh_frames_and_a_settled_one_damages_little() {
    let (g, fonts) = setup();
    let (width, height) = (960, 640);
    // Drawn over the last frame in bands and fresh in one, then the other way round.
    for (kept_threads, fresh_threads) in [(2, 1), (1, 2)] {
        let mut stage = Stage::new(g, &fonts).expect("stage");
        let session = Session::default();
        let mut hud = Hud::new(&fonts, true);
        let (mut kept, mut fresh) = (Renderer::new(g, kept_threads), Renderer::new(g, fresh_threads));
        let (mut target, mut expected) = (FrameBuffer::new(width, height), FrameBuffer::new(width, height));
        let mut list = DisplayList::new();
        let mut settled = Vec::new();
        for index in 0..=90 {
            list.clear();
            let frame = FrameInput::headless(index, width, height);
            stage.record(&frame, &fonts, &mut list, &session.shown(frame.time_s)).expect("record");
            hud.record(&hud_stats(index), &fonts, width, &mut list);
            let pixels = if index == 0 { Pixels::Fresh } else { Pixels::Kept };
            let damage = kept.render(&list, &fonts, target.canvas(), pixels).expect("render").damage;
            fresh.render(&list, &fonts, expected.canvas(), Pixels::Fresh).expect("render");
            let diff = max_diff(&target, &expected);
            assert_eq!(
                diff,
                0,
                "frame {index}, {kept_threads} threads: {diff} levels off; damage {:?}",
                damage.rects()
            );
            if index >= 60 {
                settled.push(damage.pixels());
            }
        }
        let window = u64::from(width * height);
        let worst = settled.iter().copied().max().unwrap_or(0);
        assert!(
            worst * 3 < window,
            "settled frames 60..=90 damage {worst} of {window} px at most ({:.1} %): {settled:?}",
            100.0 * worst as f64 / window as f64
        );
    }
}

/// A round rect, a sloped path and a circle over a background, and a small fill of `color` at (`x`, `y`) whose
/// damage cuts whichever of them it lies on.
fn tender(color: Color, x: f32, y: f32) -> DisplayList {
    use crate::display_list::{PathCommand, PathData};
    let mut list = DisplayList::new();
    list.push(fill(Rect::new(0.0, 0.0, 120.0, 101.0), Color::rgb(20, 20, 30)));
    list.push(Op::FillRoundRect {
        rect: Rect::new(6.3, 5.6, 70.0, 52.0),
        radius: 17.0,
        paint: Paint::Solid(Color(0xc0_50_90_e0)),
    });
    let wedge = PathData {
        commands: vec![
            PathCommand::MoveTo(60.2, 40.1),
            PathCommand::LineTo(115.7, 62.9),
            PathCommand::CubicTo(90.0, 100.0, 70.0, 60.0, 55.3, 96.4),
            PathCommand::Close,
        ],
    };
    list.push(Op::FillPath { path: std::sync::Arc::new(wedge), paint: Paint::Solid(Color(0xb0_e0_c0_30)) });
    list.push(Op::FillCircle { cx: 30.4, cy: 78.7, r: 17.3, paint: Paint::Solid(Color(0xd0_30_d0_90)) });
    list.push(fill(Rect::new(x, y, 3.0, 3.0), color));
    list
}

/// A frame drawn over the one before equals a fresh frame to the level where its damage would cut a round corner,
/// a sloped or curved edge (the beta rounds such an edge a level apart where a clip cuts it: the damage grows to
/// hold it, record 19); and a frame drawn in 2, 3 or 4 bands equals one drawn in one.
#[test]
fn a_damage_or_a_band_that_would_cut_a_curve_leaves_the_frame_a_fresh_one_draws() {
    let (g, fonts) = setup();
    let (a, b) = (Color::rgb(250, 250, 250), Color::rgb(0, 90, 0));
    let spots = (0..12).flat_map(|i| {
        let t = i as f32 * 0.61;
        [(5.0 + t, 4.0 + t * 0.7), (60.0 + t * 2.0, 38.0 + t * 1.9), (12.0 + t, 60.0 + t * 0.5), (70.0 + t, 55.0 + t)]
    });
    for (x, y) in spots {
        let (old, new) = (tender(a, x, y), tender(b, x, y));
        let mut raster = Renderer::new(g, 1);
        let mut fb = frame_at(1.0);
        raster.render(&old, &fonts, fb.canvas(), Pixels::Fresh).expect("render");
        let damage = raster.render(&new, &fonts, fb.canvas(), Pixels::Kept).expect("render").damage;
        let expected = fresh(g, &fonts, &new, 1.0);
        assert_eq!(
            max_diff(&fb, &expected),
            0,
            "the fill at ({x}, {y}) drawn over the last frame; {:?}",
            damage.rects()
        );
        for threads in [2, 3, 4] {
            let mut banded = frame_at(1.0);
            Renderer::new(g, threads).render(&new, &fonts, banded.canvas(), Pixels::Fresh).expect("render");
            assert_eq!(max_diff(&banded, &expected), 0, "{threads} bands, the fill at ({x}, {y})");
        }
    }
}
