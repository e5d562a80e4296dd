//! The fills bench: what one Blend2D call costs for the shapes and paints the scene draws, measured side by side
//! in one synchronous context over a 960x640 XRGB32 frame (the app's target format).
//!
//! `cargo bench -p goldberry --bench fills` prints, per case, microseconds per call and nanoseconds per pixel of
//! its box. The scene's drawing choices follow these figures (book record 9): a gradient costs several times a
//! solid colour, a ring-shaped path costs Blend2D about half of what filling its whole box costs, the pieces of a
//! nine-patch shadow cost their own pixels, and every path costs a microsecond or two however small it is. `GOLDBERRY_BENCH_CALLS=N` changes the 2,000 calls per case.

use std::time::Instant;

use goldberry_natives::Goldberry;
use goldberry_natives::blend2d::{Context, FillRule, Gradient, Image, PixelArea, PixelFormat, Rect, Rgba32, Style};

/// The box most cases fill: a card of the default scene, roughly.
const CARD: Rect = Rect::new(100.0, 100.0, 300.0, 200.0);

type Draw<'a> = Box<dyn Fn(&mut Context<'_>) + 'a>;

/// Fills `path` with the even-odd rule (a ring of two nested outlines).
fn even_odd(path: &goldberry_natives::blend2d::Path) -> Draw<'_> {
    Box::new(move |c| {
        c.set_fill_rule(FillRule::EvenOdd).expect("rule");
        c.fill_path(path).expect("fill");
        c.set_fill_rule(FillRule::NonZero).expect("rule");
    })
}

fn main() {
    let g = Goldberry::load(None).expect("libgoldberry (run ci/setup or cargo build first)");
    let calls: usize = std::env::var("GOLDBERRY_BENCH_CALLS").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
    let gradient = |linear: bool| {
        let mut gradient = if linear {
            Gradient::linear(g, 0.0, CARD.y, 0.0, CARD.y + CARD.h)
        } else {
            Gradient::radial(g, CARD.x, CARD.y, CARD.x, CARD.y, CARD.w)
        }
        .expect("gradient");
        gradient.add_stop(0.0, Rgba32(0xff_22_29_3d)).expect("stop");
        gradient.add_stop(1.0, Rgba32(0x80_19_1e_2e)).expect("stop");
        gradient
    };
    let (linear, radial) = (gradient(true), gradient(false));
    // An icon's glow: radius 15 about (CARD.x + 15, CARD.y + 15), transparent at its edge.
    let mut glow = Gradient::radial(g, CARD.x + 15.0, CARD.y + 15.0, CARD.x + 15.0, CARD.y + 15.0, 15.0).expect("glow");
    glow.add_stop(0.0, Rgba32(0x48_f0_b0_40)).expect("stop");
    glow.add_stop(1.0, Rgba32(0x00_f0_b0_40)).expect("stop");
    let path = |build: &dyn Fn(&mut goldberry_natives::blend2d::Path)| {
        let mut path = goldberry_natives::blend2d::Path::new(g).expect("path");
        build(&mut path);
        path
    };
    // A 4 px band around the card, as one even-odd path; and a 4x4 square, as a path.
    let ring = path(&|p| {
        p.add_round_rect(Rect::new(CARD.x - 4.0, CARD.y - 4.0, CARD.w + 8.0, CARD.h + 8.0), 14.0).expect("ring");
        p.add_round_rect(CARD, 10.0).expect("ring");
    });
    // The same 1 px outline as the ring a stroke of it covers (how raster draws a stroked round rect).
    let outline = path(&|p| {
        p.add_round_rect(CARD, 10.0).expect("ring");
        p.add_round_rect(Rect::new(CARD.x + 1.0, CARD.y + 1.0, CARD.w - 2.0, CARD.h - 2.0), 9.0).expect("ring");
    });
    let tiny = path(&|p| p.add_rect(Rect::new(CARD.x, CARD.y, 4.0, 4.0)).expect("square"));
    let mut glyph = Image::new(g, 16, 16, PixelFormat::Prgb32).expect("glyph image");
    {
        let mut ctx = Context::begin(&mut glyph).expect("context");
        ctx.set_fill(&Style::Solid(Rgba32(0xc0_f0_f0_f0))).expect("style");
        ctx.fill_circle(8.0, 8.0, 6.0).expect("dot");
        ctx.end().expect("end");
    }
    let glyph = &glyph;
    let solid = Style::Solid(Rgba32(0xff_1e_24_36));
    let translucent = Style::Solid(Rgba32(0x20_02_03_08));
    let cases: Vec<(&str, Style<'_>, f64, Draw<'_>)> = vec![
        ("rect, solid", solid, 60_000.0, Box::new(|c| c.fill_rect(CARD).expect("fill"))),
        ("rect, linear gradient", Style::Gradient(&linear), 60_000.0, Box::new(|c| c.fill_rect(CARD).expect("fill"))),
        ("rect, radial gradient", Style::Gradient(&radial), 60_000.0, Box::new(|c| c.fill_rect(CARD).expect("fill"))),
        ("round rect, solid", solid, 60_000.0, Box::new(|c| c.fill_round_rect(CARD, 10.0).expect("fill"))),
        (
            "round rect, linear gradient",
            Style::Gradient(&linear),
            60_000.0,
            Box::new(|c| c.fill_round_rect(CARD, 10.0).expect("fill")),
        ),
        ("4 px ring path around it, translucent", translucent, 60_000.0, even_odd(&ring)),
        (
            "its 1 px outline, stroked",
            solid,
            60_000.0,
            Box::new(|c| {
                c.set_stroke(&solid).expect("style");
                c.stroke_round_rect(Rect::new(CARD.x + 0.5, CARD.y + 0.5, CARD.w - 1.0, CARD.h - 1.0), 9.5)
                    .expect("stroke");
            }),
        ),
        ("its 1 px outline, as an even-odd ring path", solid, 60_000.0, even_odd(&outline)),
        (
            "shadow edge: 300x9 rect, linear gradient",
            Style::Gradient(&linear),
            2_700.0,
            Box::new(|c| c.fill_rect(Rect::new(CARD.x, CARD.y - 9.0, CARD.w, 9.0)).expect("fill")),
        ),
        (
            "shadow corner: 19x19 rect, radial gradient",
            Style::Gradient(&radial),
            361.0,
            Box::new(|c| c.fill_rect(Rect::new(CARD.x - 9.0, CARD.y - 9.0, 19.0, 19.0)).expect("fill")),
        ),
        (
            "icon glow: circle r 15, radial gradient",
            Style::Gradient(&glow),
            900.0,
            Box::new(|c| c.fill_circle(CARD.x + 15.0, CARD.y + 15.0, 15.0).expect("fill")),
        ),
        (
            "icon glow: its 30x30 box, radial gradient",
            Style::Gradient(&glow),
            900.0,
            Box::new(|c| c.fill_rect(Rect::new(CARD.x, CARD.y, 30.0, 30.0)).expect("fill")),
        ),
        ("4x4 rect", solid, 16.0, Box::new(|c| c.fill_rect(Rect::new(CARD.x, CARD.y, 4.0, 4.0)).expect("fill"))),
        ("4x4 rect as a path", solid, 16.0, Box::new(|c| c.fill_path(&tiny).expect("fill"))),
        (
            "12x14 glyph cell, blit_image_area",
            solid,
            168.0,
            Box::new(move |c| {
                c.blit_image_area(CARD.x, CARD.y, glyph, PixelArea { x: 2, y: 1, w: 12, h: 14 }).expect("blit")
            }),
        ),
    ];
    let mut frame = Image::new(g, 960, 640, PixelFormat::Xrgb32).expect("frame");
    let mut ctx = Context::begin(&mut frame).expect("context");
    println!("goldberry fills bench: one synchronous Blend2D context, 960x640 XRGB32, {calls} calls per case");
    println!("{:44} {:>10} {:>12}", "case", "us/call", "ns/px (box)");
    for (name, style, pixels, draw) in &cases {
        ctx.set_fill(style).expect("style");
        for _ in 0..calls / 10 {
            draw(&mut ctx);
        }
        let start = Instant::now();
        for _ in 0..calls {
            draw(&mut ctx);
        }
        let us = start.elapsed().as_secs_f64() * 1e6 / calls as f64;
        println!("{name:44} {us:>10.2} {:>12.3}", us * 1e3 / pixels);
    }
    ctx.end().expect("end");
}
