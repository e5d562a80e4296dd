//! The Blend2D binding against the real library: what each drawing call puts in the pixels.

use std::path::Path as FsPath;

use goldberry_natives::blend2d::{
    self, CompOp, Context, EllipticArc, Font, FontFace, Gradient, Image, ImageView, Path, PixelArea, PixelFormat,
    PixelRows, Rect, Rgba32, StrokeCap, Style,
};
use goldberry_natives::glyphs::{GlyphPlacement, GlyphRun};
use goldberry_natives::{Goldberry, NativeError};

const INTER: &str = "/usr/share/fonts/opentype/inter/Inter-Regular.otf";

fn goldberry() -> &'static Goldberry {
    Goldberry::load(None).expect("the built libgoldberry loads")
}

/// A PRGB32 image cleared to transparent.
fn cleared(g: &'static Goldberry, width: u32, height: u32) -> Image {
    let mut image = Image::new(g, width, height, PixelFormat::Prgb32).expect("image");
    let mut ctx = Context::begin(&mut image).expect("context");
    ctx.clear_all().expect("clear");
    ctx.end().expect("end");
    image
}

fn px(pixels: &PixelRows<'_>, x: u32, y: u32) -> u32 {
    pixels.pixel(x, y).expect("pixel inside the image")
}

/// The smallest (x0, y0, x1, y1) holding every pixel that is not `background`, inclusive; None if none.
fn inked_box(pixels: &PixelRows<'_>, background: u32) -> Option<(u32, u32, u32, u32)> {
    let mut found: Option<(u32, u32, u32, u32)> = None;
    for y in 0..pixels.height {
        for x in 0..pixels.width {
            if px(pixels, x, y) != background {
                found = Some(match found {
                    None => (x, y, x, y),
                    Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                });
            }
        }
    }
    found
}

fn red(pixel: u32) -> u32 {
    (pixel >> 16) & 0xFF
}

#[test]
fn a_solid_rect_reads_back_exactly_premultiplied() {
    let g = goldberry();
    let fresh = Image::new(g, 8, 8, PixelFormat::Prgb32).expect("image");
    assert!(fresh.pixels().expect("pixels").data.iter().all(|&b| b == 0), "a new image starts transparent");
    let mut image = cleared(g, 640, 480);
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.set_fill(&Style::Solid(Rgba32(0xFF33_6699))).expect("fill style");
        ctx.fill_rect(Rect::new(10.0, 20.0, 100.0, 50.0)).expect("fill rect");
        ctx.set_fill(&Style::Solid(Rgba32::rgba(0xFF, 0x00, 0xFF, 0x80))).expect("fill style");
        ctx.fill_rect(Rect::new(300.0, 300.0, 40.0, 40.0)).expect("fill rect");
        ctx.end().expect("end");
    }
    assert_eq!((image.width(), image.height(), image.format()), (640, 480, PixelFormat::Prgb32));
    let pixels = image.pixels().expect("pixels");
    assert!(pixels.stride >= 640 * 4);
    for (x, y) in [(10, 20), (109, 69), (60, 45)] {
        assert_eq!(px(&pixels, x, y), 0xFF33_6699, "inside the opaque rect at ({x}, {y})");
    }
    for (x, y) in [(9, 20), (110, 20), (10, 19), (10, 70), (0, 0), (639, 479)] {
        assert_eq!(px(&pixels, x, y), 0, "outside the rect at ({x}, {y})");
    }
    // 0x80FF00FF premultiplied: each channel * 128 / 255.
    assert_eq!(px(&pixels, 320, 320), 0x8080_0080);
}

#[test]
fn a_gradient_changes_colour_across_the_rect() {
    let g = goldberry();
    let mut gradient = Gradient::linear(g, 0.0, 0.0, 200.0, 0.0).expect("gradient");
    gradient.add_stop(0.0, Rgba32::BLACK).expect("stop");
    gradient.add_stop(1.0, Rgba32::rgb(0xFF, 0, 0)).expect("stop");
    assert_eq!(gradient.stop_count(), 2);
    let mut image = cleared(g, 200, 20);
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.set_fill(&Style::Gradient(&gradient)).expect("gradient style");
        ctx.fill_rect(Rect::new(0.0, 0.0, 200.0, 20.0)).expect("fill");
        ctx.end().expect("end");
    }
    let pixels = image.pixels().expect("pixels");
    let reds: Vec<u32> = (0..10).map(|i| red(px(&pixels, i * 20 + 5, 10))).collect();
    assert!(reds.windows(2).all(|w| w[0] < w[1]), "red rises left to right: {reds:?}");
    assert!(reds[0] < 0x20 && reds[9] > 0xE0, "from near black to near red: {reds:?}");
    assert!((0..10).all(|i| px(&pixels, i * 20 + 5, 10) >> 24 == 0xFF), "opaque everywhere");

    let mut radial = Gradient::radial(g, 100.0, 10.0, 100.0, 10.0, 100.0).expect("radial");
    radial.add_stop(0.0, Rgba32::rgb(0xFF, 0, 0)).expect("stop");
    radial.add_stop(1.0, Rgba32::BLACK).expect("stop");
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.set_fill(&Style::Gradient(&radial)).expect("radial style");
        ctx.fill_all().expect("fill");
        ctx.end().expect("end");
    }
    let pixels = image.pixels().expect("pixels");
    assert!(red(px(&pixels, 100, 10)) > red(px(&pixels, 150, 10)));
    assert!(red(px(&pixels, 150, 10)) > red(px(&pixels, 195, 10)));
}

#[test]
fn a_round_rect_leaves_its_corner_untouched() {
    let g = goldberry();
    let mut image = Image::new(g, 200, 200, PixelFormat::Prgb32).expect("image");
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.set_fill(&Style::Solid(Rgba32::WHITE)).expect("style");
        ctx.fill_all().expect("background");
        ctx.set_fill(&Style::Solid(Rgba32::rgb(0xFF, 0, 0))).expect("style");
        ctx.fill_round_rect(Rect::new(50.0, 50.0, 100.0, 100.0), 20.0).expect("round rect");
        ctx.end().expect("end");
    }
    let pixels = image.pixels().expect("pixels");
    assert_eq!(px(&pixels, 51, 51), 0xFFFF_FFFF, "the rounded-off corner keeps the background");
    assert_eq!(px(&pixels, 148, 148), 0xFFFF_FFFF, "so does the opposite corner");
    assert_eq!(px(&pixels, 100, 100), 0xFFFF_0000, "the middle is filled");
    assert_eq!(px(&pixels, 100, 51), 0xFFFF_0000, "the middle of the top edge is filled");
    assert_eq!(px(&pixels, 49, 100), 0xFFFF_FFFF, "left of the rect is background");
}

/// The beta's box filler crashed (a segmentation fault) or painted garbage on a rect inside one pixel row whose
/// right edge is on a pixel boundary; such a rect, drawn directly, translated or scaled, covers its share of the
/// pixel and nothing else.
#[test]
fn a_rect_inside_one_pixel_row_fills_its_share_of_the_pixel() {
    let g = goldberry();
    let cases: [(&str, (f64, f64), f64, Rect); 4] = [
        ("half a pixel wide, 0.3 tall", (0.0, 0.0), 1.0, Rect::new(10.5, 10.2, 0.5, 0.3)),
        ("from the row's top", (0.0, 0.0), 1.0, Rect::new(10.5, 10.0, 0.5, 0.3)),
        ("translated onto the row", (0.0, 0.5), 1.0, Rect::new(10.5, 9.7, 0.5, 0.3)),
        ("scaled onto the row", (0.0, 0.0), 2.0, Rect::new(5.25, 5.1, 0.25, 0.15)),
    ];
    for (what, (tx, ty), scale, rect) in cases {
        let mut image = cleared(g, 20, 20);
        {
            let mut ctx = Context::begin(&mut image).expect("context");
            ctx.translate(tx, ty).expect("translate");
            ctx.scale(scale, scale).expect("scale");
            ctx.set_fill(&Style::Solid(Rgba32::rgb(0xFF, 0, 0))).expect("style");
            ctx.fill_rect(rect).expect("fill");
            ctx.end().expect("end");
        }
        let pixels = image.pixels().expect("pixels");
        let alpha = px(&pixels, 10, 10) >> 24;
        // 0.5 x 0.3 of the pixel: 38 of 255, give or take the rasterizer's rounding.
        assert!((30..=46).contains(&alpha), "{what}: the pixel's alpha is {alpha}");
        assert_eq!(inked_box(&pixels, 0), Some((10, 10, 10, 10)), "{what}: only that pixel is touched");
    }
}

/// A circle of negative radius draws nothing, as a rect of negative size does: the beta filled it as the circle of
/// the radius's absolute value, which the renderer's bands, culling by the circle's bounds, left out (raster fuzz
/// seed 533).
#[test]
fn a_circle_of_negative_radius_draws_nothing() {
    let g = goldberry();
    let mut image = cleared(g, 20, 20);
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.set_fill(&Style::Solid(Rgba32::rgb(0xFF, 0, 0))).expect("style");
        ctx.fill_circle(10.0, 10.0, -6.0).expect("fill");
        ctx.fill_circle(10.0, 10.0, f64::NAN).expect("fill");
        ctx.stroke_circle(10.0, 10.0, -6.0).expect("stroke");
        ctx.end().expect("end");
    }
    assert_eq!(inked_box(&image.pixels().expect("pixels"), 0), None, "nothing is drawn");
    let mut image = cleared(g, 20, 20);
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.set_fill(&Style::Solid(Rgba32::rgb(0xFF, 0, 0))).expect("style");
        ctx.fill_circle(10.0, 10.0, 6.0).expect("fill");
        ctx.end().expect("end");
    }
    assert_eq!(inked_box(&image.pixels().expect("pixels"), 0), Some((4, 4, 15, 15)), "a positive radius is drawn");
}

/// The same crash reached through clipping: a tall rect that the target's edge or a clip cuts down to part of one
/// row (a band's context starts at a fractional rect's end).
#[test]
fn a_rect_clipped_to_part_of_one_row_fills_only_that_part() {
    let g = goldberry();
    for clip in [None, Some(Rect::new(0.0, 5.0, 20.0, 5.45))] {
        let mut image = cleared(g, 20, 20);
        {
            let mut ctx = Context::begin(&mut image).expect("context");
            ctx.set_fill(&Style::Solid(Rgba32::rgb(0xFF, 0, 0))).expect("style");
            match clip {
                // The target's top edge cuts the rect at y = 0: it keeps 0.45 of row 0.
                None => ctx.fill_rect(Rect::new(9.5, -20.0, 2.5, 20.45)).expect("fill"),
                // The clip's bottom cuts the rect at y = 10.45: it keeps 0.45 of row 10 (and rows 5 to 9).
                Some(clip) => {
                    ctx.save().expect("save");
                    ctx.clip_to_rect(clip).expect("clip");
                    ctx.fill_rect(Rect::new(9.5, 10.0, 2.5, 5.0)).expect("fill");
                    ctx.restore().expect("restore");
                }
            }
            ctx.end().expect("end");
        }
        let pixels = image.pixels().expect("pixels");
        let row = if clip.is_none() { 0 } else { 10 };
        let alpha = px(&pixels, 10, row) >> 24;
        assert!((105..=125).contains(&alpha), "{clip:?}: the pixel's alpha is {alpha}");
        assert_eq!(inked_box(&pixels, 0), Some((9, row, 11, row)), "{clip:?}: only that row is touched");
    }
}

#[test]
fn clip_to_rect_limits_a_fill_all() {
    let g = goldberry();
    let mut image = cleared(g, 100, 100);
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.clip_to_rect(Rect::new(10.0, 10.0, 20.0, 20.0)).expect("clip");
        ctx.set_fill(&Style::Solid(Rgba32::rgb(0, 0xFF, 0))).expect("style");
        ctx.fill_all().expect("fill all");
        ctx.restore_clipping().expect("restore clipping");
        ctx.set_fill(&Style::Solid(Rgba32::rgb(0, 0, 0xFF))).expect("style");
        ctx.fill_rect(Rect::new(90.0, 90.0, 10.0, 10.0)).expect("fill outside the old clip");
        ctx.end().expect("end");
    }
    let pixels = image.pixels().expect("pixels");
    assert_eq!(inked_box(&pixels, 0).map(|b| (b.0, b.1)), Some((10, 10)));
    assert_eq!(px(&pixels, 10, 10), 0xFF00_FF00);
    assert_eq!(px(&pixels, 29, 29), 0xFF00_FF00);
    for (x, y) in [(9, 9), (30, 30), (30, 10), (10, 30), (50, 50)] {
        assert_eq!(px(&pixels, x, y), 0, "outside the clip at ({x}, {y})");
    }
    assert_eq!(px(&pixels, 95, 95), 0xFF00_00FF, "restore_clipping lifted the clip");
}

#[test]
fn save_and_restore_bring_back_the_transform() {
    let g = goldberry();
    let mut image = cleared(g, 200, 200);
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.translate(100.0, 50.0).expect("translate");
        ctx.save().expect("save");
        ctx.translate(10.0, 10.0).expect("translate");
        ctx.scale(2.0, 2.0).expect("scale");
        assert_eq!(ctx.user_transform().expect("matrix"), [2.0, 0.0, 0.0, 2.0, 110.0, 60.0]);
        ctx.restore().expect("restore");
        assert_eq!(ctx.user_transform().expect("matrix"), [1.0, 0.0, 0.0, 1.0, 100.0, 50.0]);
        ctx.set_fill(&Style::Solid(Rgba32::WHITE)).expect("style");
        ctx.fill_rect(Rect::new(0.0, 0.0, 5.0, 5.0)).expect("fill");

        let error = ctx.restore().expect_err("nothing left to restore");
        assert!(
            matches!(
                error,
                NativeError::Blend2d { function: "blContextRestore", name: "BL_ERROR_NO_STATES_TO_RESTORE", .. }
            ),
            "{error:?}"
        );
        ctx.reset_transform().expect("reset");
        ctx.rotate(std::f64::consts::FRAC_PI_2).expect("rotate");
        let m = ctx.user_transform().expect("matrix");
        assert!((m[0]).abs() < 1e-12 && (m[1] - 1.0).abs() < 1e-12 && (m[2] + 1.0).abs() < 1e-12, "{m:?}");
        ctx.end().expect("end");
    }
    let pixels = image.pixels().expect("pixels");
    assert_eq!(inked_box(&pixels, 0), Some((100, 50, 104, 54)), "the rect was drawn under the restored transform");
}

/// The beta's `blContextEnd` crashed (segmentation fault) ending a context that still had a saved state while a
/// gradient was its style; ending and dropping now restore the saved states first. A crash fails this test.
#[test]
fn a_context_ends_with_states_saved_and_a_gradient_style() {
    let g = goldberry();
    let mut image = cleared(g, 64, 64);
    let mut gradient = Gradient::linear(g, 0.0, 0.0, 64.0, 0.0).expect("gradient");
    gradient.add_stop(0.0, Rgba32(0xff_ff_00_00)).expect("stop");
    gradient.add_stop(1.0, Rgba32(0xff_00_00_ff)).expect("stop");
    for explicit_end in [true, false] {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.save().expect("save");
        ctx.save().expect("save");
        ctx.set_fill(&Style::Gradient(&gradient)).expect("style");
        ctx.set_stroke(&Style::Gradient(&gradient)).expect("style");
        ctx.fill_rect(Rect::new(0.0, 0.0, 64.0, 32.0)).expect("fill");
        if explicit_end {
            ctx.end().expect("end");
        }
    }
    let pixels = image.pixels().expect("pixels");
    assert_ne!(red(px(&pixels, 2, 2)), red(px(&pixels, 60, 2)), "the gradient was drawn");
    assert_eq!(px(&pixels, 2, 40), 0, "below the rect nothing was drawn");
}

#[test]
fn an_arc_starts_its_own_figure_or_joins_the_current_point() {
    let g = goldberry();
    let half = EllipticArc { cx: 100.0, cy: 100.0, rx: 50.0, ry: 50.0, start: 0.0, sweep: std::f64::consts::PI };
    let mut alone = Path::new(g).expect("path");
    alone.arc_to(half, true).expect("arc");
    let bounds = alone.bounding_box().expect("bounding box");
    let near = |a: f64, b: f64| (a - b).abs() < 0.5;
    assert!(
        near(bounds.x, 50.0) && near(bounds.w, 100.0) && near(bounds.y, 100.0) && near(bounds.h, 50.0),
        "the lower half of the circle: {bounds:?}"
    );

    let mut joined = Path::new(g).expect("path");
    joined.move_to(100.0, 0.0).expect("move");
    joined.arc_to(half, false).expect("arc");
    let bounds = joined.bounding_box().expect("bounding box");
    assert!(near(bounds.y, 0.0) && near(bounds.h, 150.0), "a line joins the arc to the point above: {bounds:?}");
}

#[test]
fn a_closed_cubic_path_fills_and_a_path_strokes() {
    let g = goldberry();
    let mut shape = Path::new(g).expect("path");
    assert!(shape.is_empty());
    shape.move_to(50.0, 50.0).expect("move");
    shape.cubic_to(100.0, 0.0, 150.0, 100.0, 200.0, 50.0).expect("cubic");
    shape.line_to(200.0, 150.0).expect("line");
    shape.line_to(50.0, 150.0).expect("line");
    shape.close().expect("close");
    assert!(shape.len() >= 6, "move + 3 cubic points + 2 lines + close: {}", shape.len());
    let bounds = shape.bounding_box().expect("bounding box");
    assert_eq!((bounds.x, bounds.w, bounds.y + bounds.h), (50.0, 150.0, 150.0));
    assert!(bounds.y > 25.0 && bounds.y < 50.0, "the curve rises above its end points: {bounds:?}");

    let mut line = Path::new(g).expect("path");
    line.move_to(10.0, 180.0).expect("move");
    line.line_to(190.0, 180.0).expect("line");
    let shared = line.clone();
    line.line_to(190.0, 190.0).expect("changing the original leaves the clone alone");
    assert_eq!(shared.len(), 2);
    assert_eq!(line.len(), 3);

    let mut image = cleared(g, 220, 200);
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.set_fill(&Style::Solid(Rgba32::rgb(0xFF, 0, 0))).expect("style");
        ctx.fill_path(&shape).expect("fill path");
        ctx.set_stroke(&Style::Solid(Rgba32::rgb(0, 0, 0xFF))).expect("style");
        ctx.set_stroke_width(4.0).expect("width");
        ctx.set_stroke_caps(StrokeCap::Butt).expect("caps");
        ctx.stroke_path(&shared).expect("stroke path");
        ctx.end().expect("end");
    }
    let pixels = image.pixels().expect("pixels");
    assert_eq!(px(&pixels, 125, 120), 0xFFFF_0000, "inside the figure");
    assert_eq!(px(&pixels, 60, 140), 0xFFFF_0000, "inside, near a corner");
    assert_eq!(px(&pixels, 10, 10), 0, "outside the figure");
    assert_eq!(px(&pixels, 125, 30), 0, "above the curve, which passes (125, 50)");
    assert_eq!(px(&pixels, 88, 45), 0xFFFF_0000, "below the curve where it rises above y = 50");
    assert_eq!(px(&pixels, 100, 180), 0xFF00_00FF, "on the stroked line");
    assert_eq!(px(&pixels, 100, 178), 0xFF00_00FF, "within half the width above");
    assert_eq!(px(&pixels, 100, 184), 0, "beyond half the width below");
    assert_eq!(px(&pixels, 192, 180), 0, "butt caps stop at the end point");
}

fn inter() -> FontFace {
    FontFace::from_file(goldberry(), FsPath::new(INTER)).expect("Inter loads")
}

/// Inter's units per em.
const INTER_UNITS: i32 = 2816;

/// Two glyphs by hand: ids 36 and 37, each advancing 1900 design units (about two thirds of an em).
fn hand_run(offset_y: i32) -> GlyphRun {
    let placement = GlyphPlacement { offset_x: 0, offset_y, advance_x: 1900, advance_y: 0 };
    GlyphRun {
        glyphs: vec![36, 37],
        placements: vec![placement; 2],
        clusters: vec![0, 1],
        units_per_em: INTER_UNITS as u32,
    }
}

fn draw_run(font: &Font, run: &GlyphRun) -> Image {
    let g = goldberry();
    let mut image = Image::new(g, 200, 120, PixelFormat::Prgb32).expect("image");
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.set_fill(&Style::Solid(Rgba32::BLACK)).expect("style");
        ctx.fill_all().expect("background");
        ctx.set_fill(&Style::Solid(Rgba32::WHITE)).expect("style");
        ctx.fill_glyph_run(font, 20.0, 80.0, run).expect("glyph run");
        ctx.end().expect("end");
    }
    image
}

/// `unitsPerEm` read straight from the font file's `head` table, to check Blend2D's reading against.
fn head_units_per_em(file: &str) -> u32 {
    let data = std::fs::read(file).expect("the font file reads");
    let be16 = |at: usize| u32::from(u16::from_be_bytes([data[at], data[at + 1]]));
    let be32 = |at: usize| u32::from_be_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]]) as usize;
    let tables = be16(4) as usize;
    let head = (0..tables).map(|i| 12 + 16 * i).find(|&record| &data[record..record + 4] == b"head");
    be16(be32(head.expect("a head table") + 8) + 18)
}

#[test]
fn inter_loads_and_a_glyph_run_draws_where_expected() {
    let face = inter();
    // Debian's fonts-inter 4.0~beta7 has 2816 units per em (not the 2048 of other Inter releases).
    assert_eq!(head_units_per_em(INTER), 2816);
    assert_eq!(face.units_per_em(), 2816);
    assert!(face.glyph_count() > 1000, "Inter has thousands of glyphs: {}", face.glyph_count());
    let font = Font::new(&face, 32.0).expect("font");
    drop(face); // the font keeps its own reference to the face
    assert_eq!(font.size(), 32.0);
    let metrics = font.metrics();
    assert_eq!(metrics.size, 32.0);
    assert!(metrics.ascent > 20.0 && metrics.ascent < 40.0, "{metrics:?}");
    assert!(metrics.descent > 4.0 && metrics.descent < 16.0, "{metrics:?}");
    assert!(metrics.line_height() >= metrics.ascent + metrics.descent);

    let image = draw_run(&font, &hand_run(0));
    let pixels = image.pixels().expect("pixels");
    let (x0, y0, x1, y1) = inked_box(&pixels, 0xFF00_0000).expect("the glyphs drew something");
    // Two advances of 1900 units at 32 px per 2816 units: about 43 px from the pen at (20, 80).
    let width = 2.0 * 1900.0 * 32.0 / f64::from(INTER_UNITS);
    assert!(x0 >= 19 && f64::from(x1) <= 20.0 + width + 4.0, "inked x {x0}..={x1} within the run's advance");
    assert!(f64::from(y0) >= 80.0 - f64::from(metrics.ascent) - 1.0, "inked from y {y0}, below the ascent");
    assert!(f64::from(y1) <= 80.0 + f64::from(metrics.descent) + 1.0, "inked to y {y1}, above the descent");
    assert!(y0 < 75, "glyphs rise above the baseline: top {y0}");
}

#[test]
fn a_positive_glyph_offset_moves_the_glyph_up_as_in_harfbuzz() {
    let font = Font::new(&inter(), 32.0).expect("font");
    let level = draw_run(&font, &hand_run(0));
    let raised = draw_run(&font, &hand_run(INTER_UNITS / 2)); // half an em up, y up as HarfBuzz gives it
    let level_box = inked_box(&level.pixels().expect("pixels"), 0xFF00_0000).expect("ink");
    let raised_box = inked_box(&raised.pixels().expect("pixels"), 0xFF00_0000).expect("ink");
    assert_eq!(level_box.1 - raised_box.1, 16, "16 px (half of 32) higher: {level_box:?} vs {raised_box:?}");
    assert_eq!(level_box.0, raised_box.0, "and not moved sideways");

    // A run shaped at half Inter's units per em is rescaled to the face's: the same picture.
    let mut half = hand_run(0);
    half.units_per_em = INTER_UNITS as u32 / 2;
    half.placements.iter_mut().for_each(|p| p.advance_x /= 2);
    let rescaled = draw_run(&font, &half);
    assert_eq!(rescaled.pixels().expect("pixels").data, level.pixels().expect("pixels").data);
}

#[test]
fn a_glyph_run_with_mismatched_placements_is_refused() {
    let g = goldberry();
    let font = Font::new(&inter(), 16.0).expect("font");
    let mut image = Image::new(g, 10, 10, PixelFormat::Prgb32).expect("image");
    let mut ctx = Context::begin(&mut image).expect("context");
    let mut run = hand_run(0);
    run.placements.pop();
    assert!(matches!(ctx.fill_glyph_run(&font, 0.0, 0.0, &run), Err(NativeError::InvalidArgument(_))));
    assert!(ctx.fill_glyph_run(&font, 0.0, 0.0, &GlyphRun::default()).is_ok(), "an empty run draws nothing");
    assert!(matches!(Font::new(&inter(), 0.0), Err(NativeError::InvalidArgument(_))));
}

#[test]
fn an_image_view_draws_into_the_callers_memory() {
    let g = goldberry();
    let (width, height, stride) = (64u32, 32u32, 64 * 4 + 16);
    let mut memory = vec![0xABu8; stride * height as usize];
    {
        let mut view =
            ImageView::over_pixels(g, &mut memory, width, height, stride, PixelFormat::Xrgb32).expect("view");
        assert_eq!((view.width(), view.height(), view.stride()), (width, height, stride));
        let mut ctx = Context::begin_view(&mut view).expect("context");
        ctx.set_comp_op(CompOp::SrcCopy).expect("comp op");
        ctx.set_fill(&Style::Solid(Rgba32::rgb(0x11, 0x22, 0x33))).expect("style");
        ctx.fill_all().expect("fill");
        ctx.set_comp_op(CompOp::SrcOver).expect("comp op");
        ctx.set_fill(&Style::Solid(Rgba32::rgb(0xFF, 0xFF, 0xFF))).expect("style");
        ctx.fill_rect(Rect::new(0.0, 0.0, 1.0, 1.0)).expect("fill");
        ctx.end().expect("end");
    }
    let pixel = |x: usize, y: usize| u32::from_ne_bytes(memory[y * stride + x * 4..][..4].try_into().expect("4"));
    assert_eq!(pixel(0, 0), 0xFFFF_FFFF);
    assert_eq!(pixel(1, 0), 0xFF11_2233);
    assert_eq!(pixel(63, 31), 0xFF11_2233);
    assert!(memory[64 * 4..stride].iter().all(|&b| b == 0xAB), "row padding is not touched");

    let mut short = vec![0u8; stride * (height as usize - 1)];
    let error = ImageView::over_pixels(g, &mut short, width, height, stride, PixelFormat::Xrgb32)
        .expect_err("a buffer a row short");
    assert!(matches!(error, NativeError::InvalidArgument(_)), "{error:?}");
    let error = ImageView::over_pixels(g, &mut memory, width, height, 63 * 4, PixelFormat::Xrgb32)
        .expect_err("a stride shorter than a row");
    assert!(matches!(error, NativeError::InvalidArgument(_)), "{error:?}");
}

#[test]
fn bad_sizes_and_files_are_errors_naming_what_failed() {
    let g = goldberry();
    let error = Image::new(g, 0, 10, PixelFormat::Prgb32).expect_err("zero width");
    assert!(
        matches!(
            error,
            NativeError::Blend2d { function: "blImageInitAs", code: 0x10001, name: "BL_ERROR_INVALID_VALUE" }
        ),
        "{error:?}"
    );
    assert_eq!(error.to_string(), "blImageInitAs failed: BL_ERROR_INVALID_VALUE (0x10001)");
    let error = Image::new(g, 70_000, 10, PixelFormat::Prgb32).expect_err("too wide");
    assert!(
        matches!(error, NativeError::Blend2d { function: "blImageInitAs", name: "BL_ERROR_IMAGE_TOO_LARGE", .. }),
        "{error:?}"
    );
    assert!(matches!(Image::new(g, u32::MAX, 1, PixelFormat::Prgb32), Err(NativeError::InvalidArgument(_))));

    let missing = FsPath::new("/nonexistent/goldberry/font.otf");
    match FontFace::from_file(g, missing) {
        Err(NativeError::File { path, .. }) => assert_eq!(path, missing),
        other => panic!("expected a File error, got {other:?}"),
    }
    let error = FontFace::from_file(g, FsPath::new("/etc/hostname")).expect_err("not a font");
    assert!(matches!(error, NativeError::Blend2d { function: "blFontFaceCreateFromFile", .. }), "{error:?}");

    assert_eq!(blend2d::result_name(0), "BL_SUCCESS");
    assert_eq!(blend2d::result_name(0x10000), "BL_ERROR_OUT_OF_MEMORY");
    assert_eq!(blend2d::result_name(0x10052), "BL_ERROR_INVALID_GLYPH");
    assert_eq!(blend2d::result_name(0x7777_7777), "BL_ERROR_UNKNOWN");
}

/// A 16x16 opaque PRGB32 image of 0xFF112233 with one 0xFFCCDDEE pixel at `marker`, to blit from.
fn marked_source(g: &'static Goldberry, marker: (f64, f64)) -> Image {
    let mut source = Image::new(g, 16, 16, PixelFormat::Prgb32).expect("source");
    {
        let mut ctx = Context::begin(&mut source).expect("context");
        ctx.set_comp_op(CompOp::SrcCopy).expect("comp op");
        ctx.set_fill(&Style::Solid(Rgba32(0xFF11_2233))).expect("style");
        ctx.fill_all().expect("fill");
        ctx.set_fill(&Style::Solid(Rgba32(0xFFCC_DDEE))).expect("style");
        ctx.fill_rect(Rect::new(marker.0, marker.1, 1.0, 1.0)).expect("marker");
        ctx.end().expect("end");
    }
    source
}

#[test]
fn blit_image_copies_pixels() {
    let g = goldberry();
    let source = marked_source(g, (15.0, 15.0));
    let mut target = cleared(g, 64, 64);
    {
        let mut ctx = Context::begin(&mut target).expect("context");
        ctx.blit_image(10.0, 20.0, &source).expect("blit");
        ctx.blit_scaled_image(Rect::new(30.0, 30.0, 32.0, 32.0), &source).expect("scaled blit");
        ctx.end().expect("end");
    }
    let pixels = target.pixels().expect("pixels");
    assert_eq!(px(&pixels, 10, 20), 0xFF11_2233);
    assert_eq!(px(&pixels, 24, 34), 0xFF11_2233);
    assert_eq!(px(&pixels, 25, 35), 0xFFCC_DDEE, "the source's corner pixel lands at (10 + 15, 20 + 15)");
    assert_eq!(px(&pixels, 9, 20), 0);
    assert_eq!(px(&pixels, 26, 20), 0);
    assert_eq!(px(&pixels, 10, 19), 0);
    // Scaling filters bilinearly: within a step or two of the source colour.
    let near = |pixel: u32, expected: u32| {
        (0..4).all(|i| ((pixel >> (8 * i)) & 0xFF).abs_diff((expected >> (8 * i)) & 0xFF) <= 2)
    };
    assert!(near(px(&pixels, 34, 34), 0xFF11_2233), "the scaled copy fills its rect: {:#x}", px(&pixels, 34, 34));
    assert!(red(px(&pixels, 61, 61)) > 0x80, "its corner pixel, scaled 2x, is light: {:#x}", px(&pixels, 61, 61));
    assert_eq!(inked_box(&pixels, 0), Some((10, 20, 61, 61)));
}

#[test]
fn blit_image_area_copies_only_that_area_to_the_point() {
    let g = goldberry();
    let source = marked_source(g, (4.0, 6.0));
    let mut target = cleared(g, 64, 64);
    {
        let mut ctx = Context::begin(&mut target).expect("context");
        let area = PixelArea { x: 4, y: 6, w: 3, h: 2 };
        ctx.blit_image_area(10.0, 20.0, &source, area).expect("blit");
        ctx.end().expect("end");
    }
    let pixels = target.pixels().expect("pixels");
    assert_eq!(px(&pixels, 10, 20), 0xFFCC_DDEE, "the area's top-left pixel lands at the point");
    assert_eq!(px(&pixels, 12, 21), 0xFF11_2233);
    assert_eq!(inked_box(&pixels, 0), Some((10, 20, 12, 21)), "nothing outside the 3x2 area is drawn");
}

/// Draws the shared scene: a gradient background, a circle, a path and a glyph run.
fn draw_scene(ctx: &mut Context<'_>, gradient: &Gradient, path: &Path, font: &Font, run: &GlyphRun) {
    ctx.set_fill(&Style::Gradient(gradient)).expect("style");
    ctx.fill_all().expect("background");
    ctx.set_fill(&Style::Solid(Rgba32::rgba(0xFF, 0x80, 0x00, 0xC0))).expect("style");
    ctx.fill_circle(320.0, 240.0, 150.0).expect("circle");
    ctx.set_stroke(&Style::Solid(Rgba32::WHITE)).expect("style");
    ctx.set_stroke_width(3.0).expect("width");
    ctx.stroke_path(path).expect("path");
    ctx.set_fill(&Style::Solid(Rgba32::WHITE)).expect("style");
    for baseline in (30..480).step_by(40) {
        ctx.fill_glyph_run(font, 10.0, f64::from(baseline), run).expect("text");
    }
}

#[test]
fn two_threads_drawing_one_band_each_equal_one_thread_drawing_all() {
    fn send_sync<T: Send + Sync>() {}
    fn send<T: Send>() {}
    send_sync::<Image>();
    send_sync::<Path>();
    send_sync::<Gradient>();
    send_sync::<FontFace>();
    send_sync::<Font>();
    send::<ImageView<'static>>();
    send::<Context<'static>>();

    let g = goldberry();
    let font = Font::new(&inter(), 24.0).expect("font");
    let mut gradient = Gradient::linear(g, 0.0, 0.0, 0.0, 480.0).expect("gradient");
    gradient.add_stop(0.0, Rgba32::rgb(0x20, 0x30, 0x80)).expect("stop");
    gradient.add_stop(1.0, Rgba32::rgb(0x80, 0x20, 0x30)).expect("stop");
    let mut path = Path::new(g).expect("path");
    path.move_to(20.0, 400.0).expect("move");
    path.cubic_to(200.0, 100.0, 440.0, 380.0, 620.0, 60.0).expect("cubic");
    let run = GlyphRun {
        glyphs: (36..60).collect(),
        placements: vec![GlyphPlacement { offset_x: 0, offset_y: 0, advance_x: 1800, advance_y: 0 }; 24],
        clusters: (0..24).collect(),
        units_per_em: INTER_UNITS as u32,
    };
    let (width, height) = (640u32, 480u32);
    let stride = width as usize * 4;

    let mut single = vec![0u8; stride * height as usize];
    {
        let mut view =
            ImageView::over_pixels(g, &mut single, width, height, stride, PixelFormat::Xrgb32).expect("view");
        let mut ctx = Context::begin_view(&mut view).expect("context");
        draw_scene(&mut ctx, &gradient, &path, &font, &run);
        ctx.end().expect("end");
    }

    // Each band: its own view over its own rows, in the frame's coordinates from the band's top, drawing the same
    // scene with the same shared font, gradient and path.
    let band_height = height / 2;
    let draw_band = |index: u32, rows: &mut [u8]| {
        let top = band_height * index;
        let mut view =
            ImageView::frame_rows(g, rows, top, width, band_height, stride, PixelFormat::Xrgb32).expect("view");
        assert_eq!((view.top(), view.height()), (top, band_height));
        let mut ctx = Context::begin_view(&mut view).expect("context");
        draw_scene(&mut ctx, &gradient, &path, &font, &run);
        ctx.end().expect("end");
    };
    let mut threaded = vec![0u8; stride * height as usize];
    std::thread::scope(|scope| {
        for (index, rows) in threaded.chunks_mut(stride * band_height as usize).enumerate() {
            let draw_band = &draw_band;
            scope.spawn(move || draw_band(index as u32, rows));
        }
    });

    assert!(single.iter().any(|&b| b != 0), "the scene drew");
    // Exactly: a band works every curve and glyph out at the coordinates one context does (a view shifted by its
    // top rounded some anti-aliased pixels a level apart). But for the row on each side of the band's edge, where
    // the cubic crosses it: Blend2D cuts an edge at the clip, which the renderer's bands never ask of it (they
    // keep their edges off curves, `cuts`).
    let at_the_edge = |y: u32| y + 1 == band_height || y == band_height;
    let differing: Vec<(u32, u32)> = (single.chunks(4).zip(threaded.chunks(4)).enumerate())
        .filter(|(_, (one, two))| one != two)
        .map(|(index, _)| (index as u32 % width, index as u32 / width))
        .filter(|&(_, y)| !at_the_edge(y))
        .collect();
    assert!(differing.is_empty(), "{} pixels differ, the first at {:?}", differing.len(), differing.first());
}

#[test]
fn a_bands_context_never_touches_the_rows_above_it() {
    let g = goldberry();
    let (width, height, top, stride) = (32u32, 24u32, 10u32, 32 * 4);
    let mut frame = vec![0xABu8; stride * height as usize];
    let (above, band) = frame.split_at_mut(stride * top as usize);
    {
        let mut view =
            ImageView::frame_rows(g, band, top, width, height - top, stride, PixelFormat::Xrgb32).expect("view");
        let mut ctx = Context::begin_view(&mut view).expect("context");
        ctx.set_fill(&Style::Solid(Rgba32::rgb(0x11, 0x22, 0x33))).expect("style");
        ctx.fill_all().expect("fill all");
        // With no state saved, restoring the clip goes back to the band's rows, not the whole image; a transform
        // in effect stays.
        ctx.translate(0.0, -5.0).expect("translate");
        ctx.restore_clipping().expect("restore clipping");
        assert_eq!(ctx.user_transform().expect("transform")[5], -5.0);
        ctx.fill_rect(Rect::new(0.0, 0.0, 32.0, 40.0)).expect("fill over the band's top");
        let refused = ctx.target_pixels().expect_err("another thread's rows");
        assert!(matches!(refused, NativeError::InvalidArgument(_)), "{refused:?}");
        ctx.end().expect("end");
    }
    assert!(above.iter().all(|&b| b == 0xAB), "the rows above the band are as they were");
    let first = u32::from_ne_bytes(band[..4].try_into().expect("4"));
    assert_eq!(first, 0xFF11_2233, "the band's own first row is drawn");
}

#[test]
fn the_runtime_reports_its_build_and_the_machine() {
    let g = goldberry();
    let build = blend2d::build_info(g).expect("build info");
    assert_eq!(build.max_image_size, 65535);
    assert!(build.max_thread_count >= 1);
    assert!(!build.compiler.is_empty(), "{build:?}");
    let system = blend2d::system_info(g).expect("system info");
    assert!(system.thread_count >= 1, "{system:?}");
}

#[test]
fn an_image_drawn_in_bands_through_its_own_rows_matches_one_context() {
    let g = goldberry();
    let (w, h) = (64u32, 48u32);
    let draw = |ctx: &mut Context<'_>| {
        ctx.set_fill(&Style::Solid(Rgba32(0xff20_80c0))).expect("fill style");
        ctx.fill_circle(32.0, 24.0, 20.0).expect("circle");
    };
    let mut whole = Image::new(g, w, h, PixelFormat::Prgb32).expect("image");
    {
        let mut ctx = Context::begin(&mut whole).expect("context");
        draw(&mut ctx);
        ctx.end().expect("end");
    }
    let mut banded = Image::new(g, w, h, PixelFormat::Prgb32).expect("image");
    {
        let rows = banded.pixels_mut().expect("writable pixels");
        let stride = rows.stride;
        for (i, band) in rows.data.chunks_mut(24 * stride).enumerate() {
            let band_h = (band.len() / stride) as u32;
            let mut view = ImageView::over_pixels(g, band, w, band_h, stride, PixelFormat::Prgb32).expect("view");
            let mut ctx = Context::begin_view(&mut view).expect("context");
            ctx.translate(0.0, -(i as f64) * 24.0).expect("translate");
            draw(&mut ctx);
            ctx.end().expect("end");
        }
    }
    let (a, b) = (whole.pixels().expect("pixels"), banded.pixels().expect("pixels"));
    let worst = a.data.iter().zip(b.data).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
    assert!(worst <= 1, "bands differ from one context by {worst} levels");
    assert_ne!(b.pixel(32, 24), a.pixel(0, 0), "the circle was drawn");
}

/// A segment needs a figure to continue: the beta's stroker refuses a path with a line before any move or right
/// after a close, and that refusal left freed memory in use (the raster fuzz found it). Such a segment is refused
/// when the path is built, and a close with no figure open is nothing.
#[test]
fn a_segment_with_no_figure_open_is_refused_and_a_close_with_none_does_nothing() {
    let g = goldberry();
    let mut path = Path::new(g).expect("path");
    assert!(matches!(path.line_to(1.0, 1.0), Err(NativeError::InvalidArgument(_))), "a line before any move");
    path.close().expect("a close with nothing open");
    assert!(path.is_empty());
    path.move_to(1.0, 1.0).expect("move");
    path.line_to(10.0, 10.0).expect("line");
    path.close().expect("close");
    path.close().expect("a second close");
    assert_eq!(path.len(), 3, "move, line, one close");
    assert!(matches!(path.cubic_to(1.0, 2.0, 3.0, 4.0, 5.0, 6.0), Err(NativeError::InvalidArgument(_))));
    assert!(matches!(path.line_to(f64::NAN, 1.0), Err(NativeError::InvalidArgument(_))), "a NaN point");
    let mut image = cleared(g, 20, 20);
    let mut ctx = Context::begin(&mut image).expect("context");
    ctx.set_stroke_width(3.0).expect("width");
    ctx.stroke_path(&path).expect("a path built this way strokes");
    ctx.end().expect("end");
}

/// The beta's box filler draws some rects with an edge inside a pixel wrong (inside one row: a crash; over two
/// rows with a fractional bottom: the bottom row whole; inside one column: nothing), so `fill_rect` sends those
/// to the path rasterizer: every rect at quarter-pixel offsets fills as the same rect as a path does.
#[test]
fn a_rect_at_any_quarter_pixel_offset_fills_as_its_path_does() {
    let g = goldberry();
    let draw = |rect: Rect, as_path: bool| -> Vec<u32> {
        let mut image = cleared(g, 8, 8);
        {
            let mut ctx = Context::begin(&mut image).expect("context");
            ctx.set_fill(&Style::Solid(Rgba32(0xFFFF_FFFF))).expect("style");
            if as_path {
                let mut path = Path::new(g).expect("path");
                path.add_rect(rect).expect("rect");
                ctx.fill_path(&path).expect("fill path");
            } else {
                ctx.fill_rect(rect).expect("fill rect");
            }
            ctx.end().expect("end");
        }
        let pixels = image.pixels().expect("pixels");
        (0..64).map(|i| px(&pixels, i % 8, i / 8) & 0xFF).collect()
    };
    let edges = [0.0, 0.25, 1.0, 1.5, 2.0, 2.25, 3.0, 3.5, 5.75];
    let mut wrong = Vec::new();
    let pairs: Vec<(f64, f64)> =
        edges.iter().flat_map(|&a| edges.iter().map(move |&b| (a, b))).filter(|(a, b)| a < b).collect();
    for (&(x0, x1), &(y0, y1)) in pairs.iter().flat_map(|x| pairs.iter().map(move |y| (x, y))) {
        let rect = Rect::new(x0, y0, x1 - x0, y1 - y0);
        let (a, b) = (draw(rect, false), draw(rect, true));
        if a.iter().zip(&b).any(|(p, q)| p.abs_diff(*q) > 2) {
            wrong.push(rect);
        }
    }
    assert!(wrong.is_empty(), "{} rects fill otherwise than their paths, first {:?}", wrong.len(), wrong.first());
}

/// A figure that never leaves its start (a lone move, a line back to it) is left out of the path: the beta's
/// stroker, given one before another figure, stroked the next with uninitialised vertices (the raster fuzz). A
/// curve back to its start through controls elsewhere is kept, in two halves.
#[test]
fn a_figure_that_never_leaves_its_start_is_left_out_and_a_loop_is_kept_in_halves() {
    let g = goldberry();
    let mut path = Path::new(g).expect("path");
    path.move_to(3.5, 1.0).expect("move");
    path.move_to(3.6, 1.0).expect("a second move");
    path.line_to(3.6, 1.0).expect("a line to the start");
    path.close().expect("close");
    assert!(path.is_empty(), "nothing left the start: {} vertices", path.len());
    path.move_to(1.0, 1.0).expect("move");
    path.line_to(10.0, 1.0).expect("line");
    assert_eq!(path.len(), 2, "move, line");
    path.move_to(5.0, 5.0).expect("move");
    path.cubic_to(15.0, 5.0, 15.0, 15.0, 5.0, 5.0).expect("a loop back to the start");
    assert_eq!(path.len(), 2 + 1 + 6, "a move and two cubics of three vertices each");
    let bounds = path.bounding_box().expect("box");
    assert!(bounds.x + bounds.w > 12.0, "the loop reaches right: {bounds:?}");
}

/// A ring of two round rects, the inner one a hole (drawn the other way round), fills a pixel both outlines cross
/// by its exact coverage: here 0.25 of the pixel row both top edges cross (the even-odd rule painted it whole).
#[test]
fn a_round_rect_hole_cuts_a_pixel_both_outlines_cross_by_its_coverage() {
    let g = goldberry();
    let mut image = cleared(g, 16, 8);
    {
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.set_fill(&Style::Solid(Rgba32(0xFFFF_FFFF))).expect("style");
        let mut ring = Path::new(g).expect("path");
        ring.add_round_rect(Rect::new(6.875, 2.375, 47.5, 1.75), 0.875).expect("outer");
        ring.add_round_rect_hole(Rect::new(7.125, 2.625, 47.0, 1.25), 0.625).expect("hole");
        ctx.fill_path(&ring).expect("fill");
        ctx.end().expect("end");
    }
    let pixels = image.pixels().expect("pixels");
    let alpha = |y| px(&pixels, 10, y) >> 24;
    assert!(alpha(2).abs_diff(64) <= 3, "row 2: 0.625 of the outer less 0.375 of the hole: {}", alpha(2));
    assert!(alpha(3).abs_diff(32) <= 3, "row 3: all of the outer less 0.875 of the hole: {}", alpha(3));
}

/// A gradient from transparent fades in: the beta painted one whose first stop has alpha 0 in its last stop's
/// colour throughout (the raster fuzz found it against vello_cpu).
#[test]
fn a_gradient_from_a_transparent_stop_fades_in() {
    let g = goldberry();
    let mut image = cleared(g, 4, 24);
    {
        let mut gradient = Gradient::linear(g, 0.0, 0.0, 0.0, 24.0).expect("gradient");
        gradient.add_stop(0.0, Rgba32(0x0000_0000)).expect("stop");
        gradient.add_stop(1.0, Rgba32(0xFFFF_FFFF)).expect("stop");
        let mut ctx = Context::begin(&mut image).expect("context");
        ctx.set_fill(&Style::Gradient(&gradient)).expect("style");
        ctx.fill_rect(Rect::new(0.0, 0.0, 4.0, 24.0)).expect("fill");
        ctx.end().expect("end");
    }
    let pixels = image.pixels().expect("pixels");
    let alpha = |y| px(&pixels, 2, y) >> 24;
    assert!(alpha(0) < 16, "transparent at the top: {}", alpha(0));
    assert!(alpha(12).abs_diff(133) < 12, "half way at the middle: {}", alpha(12));
    assert!(alpha(23) > 240, "opaque at the bottom: {}", alpha(23));
}

/// A quad that turns back is kept as lines close to it, and strokes: the beta's stroker looped forever offsetting
/// this one (the raster fuzz, seed 142).
#[test]
fn a_quad_that_turns_back_is_kept_as_lines_and_strokes() {
    let g = goldberry();
    let mut path = Path::new(g).expect("path");
    path.move_to(-1.4122286, 0.0).expect("move");
    path.quad_to(-206_376.88, 1.0, -1.4125133, 0.0).expect("quad");
    assert!(path.len() > 100, "lines a twentieth of a pixel from the curve: {}", path.len());
    let bounds = path.bounding_box().expect("box");
    assert!(bounds.x < -100_000.0, "the apex is kept: {bounds:?}");
    let mut image = cleared(g, 20, 4);
    let mut ctx = Context::begin(&mut image).expect("context");
    ctx.set_stroke_width(0.5678071).expect("width");
    ctx.stroke_path(&path).expect("stroke");
    ctx.end().expect("end");
}

/// A cubic with controls far past any canvas fills, as its control polygon: the beta's filler crashed on it (the
/// raster fuzz, seed 22097 of a run of 100,000).
#[test]
fn a_cubic_with_far_controls_fills_as_its_polygon() {
    let g = goldberry();
    let mut path = Path::new(g).expect("path");
    path.move_to(2.0, -883_000_600.0).expect("move");
    path.cubic_to(2.0, -883_000_600.0, 0.0, 5.1258557e35, 0.0, 5.1258557e35).expect("cubic");
    path.line_to(0.418, -0.5).expect("line");
    // A move, three lines along the polygon and a line, with a corner more where a line is clamped to the reach.
    assert!((5..=9).contains(&path.len()), "{} commands", path.len());
    let mut image = cleared(g, 2, 2);
    let mut ctx = Context::begin(&mut image).expect("context");
    ctx.set_fill(&Style::Solid(Rgba32(0xFF00_0000))).expect("style");
    ctx.fill_path(&path).expect("fill");
    ctx.end().expect("end");
}

/// The backdrop a blend mode Blend2D lacks is computed against: what is drawn so far, read mid-drawing.
#[test]
fn the_target_pixels_read_back_mid_drawing_premultiplied() {
    let g = goldberry();
    let mut image = Image::new(g, 8, 4, PixelFormat::Prgb32).expect("image");
    let mut ctx = Context::begin(&mut image).expect("context");
    ctx.set_fill(&Style::Solid(Rgba32::rgba(0xFF, 0x00, 0x00, 0x80))).expect("fill style");
    ctx.fill_rect(Rect::new(0.0, 0.0, 4.0, 4.0)).expect("fill rect");
    let backdrop = ctx.target_pixels().expect("target pixels");
    assert_eq!(backdrop.len(), 8 * 4, "one pixel a cell, row by row");
    assert_eq!(backdrop[0], 0x8080_0000, "half-transparent red, premultiplied");
    assert_eq!(backdrop[3 * 8 + 3], 0x8080_0000, "the last row's filled pixel");
    assert_eq!(backdrop[4], 0, "the undrawn half is transparent");
    // Drawing goes on after the read.
    ctx.fill_rect(Rect::new(4.0, 0.0, 4.0, 4.0)).expect("fill rect");
    assert_eq!(ctx.target_pixels().expect("target pixels")[4], 0x8080_0000, "a second read sees the new fill");
    ctx.end().expect("end");
}
