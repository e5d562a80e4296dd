//! The glyph cache's tests: cached runs against runs drawn directly, atlases, run images.

use std::sync::Arc;

use goldberry_natives::blend2d::{ImageView, PixelFormat, Rgba32, Style};

use super::*;
use crate::fonts::Face;
use crate::geom::Color;

fn draw(g: &'static Goldberry, cached: bool, transform: Option<f64>, cache: &GlyphCache) -> (Vec<u8>, bool) {
    let fonts = FontBook::load(g).expect("fonts");
    // 160x40 units, in device pixels.
    let s = transform.unwrap_or(1.0);
    let (width, height) = ((160.0 * s) as u32, (40.0 * s) as u32);
    let mut pixels = vec![0u8; (width * height * 4) as usize];
    let font = fonts.id(Face::Sans, 14.0);
    let run = fonts.shape(font, "Kerning: AVA To 1/4");
    let mut view =
        ImageView::over_pixels(g, &mut pixels, width, height, width as usize * 4, PixelFormat::Xrgb32).expect("view");
    let mut ctx = Context::begin_view(&mut view).expect("context");
    if let Some(s) = transform {
        ctx.scale(s, s).expect("scale");
    }
    let color = Color::rgb(230, 200, 120);
    let drawn = cached && cache.draw_run(&mut ctx, &fonts, (font, color), (4.25, 24.0), &run, None).expect("draw");
    if !drawn {
        ctx.set_fill(&Style::Solid(Rgba32(color.0))).expect("fill");
        ctx.fill_glyph_run(&fonts.blend2d_font(font), 4.25, 24.0, &run).expect("glyphs");
    }
    ctx.end().expect("end");
    drop(view);
    (pixels, drawn)
}

fn filled(g: &'static Goldberry) -> GlyphCache {
    filled_at(g, 1.0)
}

/// A cache holding the glyphs [`draw`] draws at `scale` device pixels a unit.
fn filled_at(g: &'static Goldberry, scale: f64) -> GlyphCache {
    let fonts = FontBook::load(g).expect("fonts");
    let font = fonts.id(Face::Sans, 14.0);
    let run = fonts.shape(font, "Kerning: AVA To 1/4");
    let mut cache = GlyphCache::new();
    let mut missing = Vec::new();
    // The pen in device pixels, as the scaled context maps (4.25, 24).
    let color = Color::rgb(230, 200, 120);
    let pen = Pen { glyph: (font, color), scale, x: 4.25 * scale, y: 24.0 * scale, run: &run };
    cache.collect(&fonts, pen, &mut missing);
    assert_eq!(missing.len(), run.len());
    cache.fill(g, &fonts, Wants { glyphs: missing, ..Wants::default() }, 2).expect("fill");
    // Repeated glyphs share a cell; the space leaves no ink.
    assert!(cache.len() < run.len());
    cache
}

#[test]
fn a_cached_run_looks_like_the_run_drawn_directly() {
    let g = Goldberry::load(None).expect("libgoldberry");
    let cache = filled(g);
    let (direct, _) = draw(g, false, None, &cache);
    let (blitted, drawn) = draw(g, true, None, &cache);
    assert!(drawn);
    assert!(direct.iter().any(|&b| b > 100), "the run drew something");
    // The pen positions fall on quarter pixels only where the advances do; a glyph is off by 1/8 px at most.
    let worst = direct.iter().zip(&blitted).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
    assert!(worst <= 48, "worst {worst}");
    // Overall the ink is where it was: the differences add up to a small part of it.
    let ink: u64 = direct.iter().map(|&b| u64::from(b)).sum();
    let off: u64 = direct.iter().zip(&blitted).map(|(a, b)| u64::from(a.abs_diff(*b))).sum();
    assert!(off * 10 < ink, "{off} of {ink}");
}

/// HiDPI (record 16): at 2 and 1.5 device pixels a unit the cache's cells are rasterized at the device size, so a
/// run blitted from them is the run Blend2D fills from its outlines at that scale within the 1x tolerance; cells
/// of the 1x size scaled up would be off by far more along every stem.
#[test]
fn a_cached_run_at_two_or_one_and_a_half_pixels_a_unit_looks_like_the_run_drawn_directly() {
    let g = Goldberry::load(None).expect("libgoldberry");
    for scale in [2.0, 1.5] {
        let cache = filled_at(g, scale);
        let (direct, _) = draw(g, false, Some(scale), &cache);
        let (blitted, drawn) = draw(g, true, Some(scale), &cache);
        assert!(drawn, "drawn from the cache at {scale}x");
        let worst = direct.iter().zip(&blitted).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
        assert!(worst <= 48, "worst {worst} at {scale}x");
        let ink: u64 = direct.iter().map(|&b| u64::from(b)).sum();
        let off: u64 = direct.iter().zip(&blitted).map(|(a, b)| u64::from(a.abs_diff(*b))).sum();
        assert!(off * 10 < ink, "{off} of {ink} at {scale}x");
        // The 1x cells are not used for a scaled frame (nor the scaled ones at 1x): each size has its own.
        assert!(!draw(g, true, Some(scale), &filled(g)).1);
        assert!(!draw(g, true, None, &cache).1);
    }
}

#[test]
fn an_atlas_is_as_wide_as_the_cells_it_holds() {
    let g = Goldberry::load(None).expect("libgoldberry");
    let fonts = FontBook::load(g).expect("fonts");
    let font = fonts.id(Face::Sans, 14.0);
    let mut cache = GlyphCache::new();
    let mut missing = Vec::new();
    cache.collect(
        &fonts,
        Pen { glyph: (font, Color::rgb(230, 200, 120)), scale: 1.0, x: 4.0, y: 24.0, run: &fonts.shape(font, "W") },
        &mut missing,
    );
    cache.fill(g, &fonts, Wants { glyphs: missing, ..Wants::default() }, 1).expect("fill");
    // One glyph: one cell a few em wide, not a full-width shelf (a figure at a new colour adds one like it).
    assert_eq!(cache.atlases.len(), 1);
    assert!(cache.atlases[0].width() < 100, "{} px wide", cache.atlases[0].width());
    // Many glyphs still fill shelves across the full width.
    let mut missing = Vec::new();
    let run = fonts.shape(font, "The quick brown fox jumps over the lazy dog 0123456789 ABCDEFGHIJKLMNOPQRSTUVXYZ");
    cache.collect(
        &fonts,
        Pen { glyph: (font, Color::rgb(1, 2, 3)), scale: 1.0, x: 4.25, y: 24.5, run: &run },
        &mut missing,
    );
    cache.fill(g, &fonts, Wants { glyphs: missing, ..Wants::default() }, 1).expect("fill");
    assert!(cache.atlases.iter().skip(1).any(|atlas| atlas.width() > 512));
}

/// Draws `run` at (`x`, `y`) with `cache` only (no fallback) into a fresh 200x40 frame; whether it drew.
fn draw_cached(
    g: &'static Goldberry,
    fonts: &FontBook,
    cache: &GlyphCache,
    (font, color): (FontId, Color),
    run: &GlyphRun,
    (x, y): (f64, f64),
) -> (Vec<u8>, bool) {
    let (width, height) = (200u32, 40u32);
    let mut pixels = vec![0u8; (width * height * 4) as usize];
    let mut view =
        ImageView::over_pixels(g, &mut pixels, width, height, width as usize * 4, PixelFormat::Xrgb32).expect("view");
    let mut ctx = Context::begin_view(&mut view).expect("context");
    let drawn = cache.draw_run(&mut ctx, fonts, (font, color), (x, y), run, None).expect("draw");
    ctx.end().expect("end");
    drop(view);
    (pixels, drawn)
}

/// libgoldberry, the fonts, a font of `face` at `size` in `color`, and `text` shaped in it.
fn shaped(
    face: Face,
    size: f32,
    color: Color,
    text: &str,
) -> (&'static Goldberry, FontBook, (FontId, Color), Arc<GlyphRun>) {
    let g = Goldberry::load(None).expect("libgoldberry");
    let fonts = FontBook::load(g).expect("fonts");
    let glyph = (fonts.id(face, size), color);
    let run = fonts.shape(glyph.0, text);
    (g, fonts, glyph, run)
}

/// Looks `run` up as a run of the base at (`x`, `y`) and fills the cache with what that wants.
fn fill_base_run(
    g: &'static Goldberry,
    fonts: &FontBook,
    cache: &mut GlyphCache,
    glyph: (FontId, Color),
    run: &Arc<GlyphRun>,
    (x, y): (f64, f64),
) -> RunUpdate {
    let mut wants = Wants::default();
    let mut keys = Vec::new();
    Collector::new(cache, fonts, 1.0, &mut wants).base_run(glyph, x, y, run, &mut keys);
    assert_eq!(keys.len(), 1);
    cache.fill(g, fonts, wants, 1).expect("fill")
}

#[test]
fn a_base_run_seen_again_is_blitted_whole_and_is_the_same_pixels_as_its_glyphs() {
    // Glyphs whose inks share no pixel: the only runs that get an image.
    let (g, fonts, glyph, run) = shaped(Face::Sans, 14.0, Color::rgb(230, 200, 120).with_alpha(180), "Run 1234 in one");
    let mut cache = GlyphCache::new();
    // First sight: its glyphs are cached, the run only remembered.
    assert_eq!(fill_base_run(g, &fonts, &mut cache, glyph, &run, (4.25, 24.0)).built, 0);
    assert_eq!(cache.run_images().0, 0);
    let (by_glyph, drawn) = draw_cached(g, &fonts, &cache, glyph, &run, (4.25, 24.0));
    assert!(drawn && by_glyph.iter().any(|&b| b > 100));
    // Seen again, elsewhere at the same sub-pixel phases: it gets an image.
    assert_eq!(fill_base_run(g, &fonts, &mut cache, glyph, &run, (21.25, 7.0)).built, 1);
    assert_eq!(cache.run_images().0, 1);
    // Drawn from the image alone (the cells forgotten), it is the very pixels its glyphs gave: a frame does not
    // depend on whether the run had its image yet.
    cache.cells.clear();
    let (whole, drawn) = draw_cached(g, &fonts, &cache, glyph, &run, (4.25, 24.0));
    assert!(drawn, "drawn from the run's image");
    let worst = by_glyph.iter().zip(&whole).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
    assert_eq!(worst, 0, "the run's image against its glyphs");
    // At other phases the glyphs land differently: no image, and no cells to fall back on.
    assert!(!draw_cached(g, &fonts, &cache, glyph, &run, (4.5, 24.0)).1);
    // Nor for the same glyphs in another colour.
    assert!(!draw_cached(g, &fonts, &cache, (glyph.0, Color::rgb(1, 2, 3)), &run, (4.25, 24.0)).1);
}

#[test]
fn a_run_whose_glyphs_overlap_is_never_kept_as_an_image() {
    // Kerned pairs at a small size: the inks of A and V share pixels, as do those of the i's.
    let (g, fonts, glyph, run) = shaped(Face::Sans, 9.0, Color::rgb(40, 90, 200).with_alpha(120), "AVAVA iiiii WAV");
    let mut cache = GlyphCache::new();
    // Seen, then refused an image once, then remembered as refused: its inks are not looked up again.
    for (origin, refused) in [((4.25, 24.0), 0), ((21.25, 7.0), 1), ((40.25, 12.0), 0), ((4.25, 30.0), 0)] {
        let update = fill_base_run(g, &fonts, &mut cache, glyph, &run, origin);
        assert_eq!((update.built, update.refused), (0, refused), "at {origin:?}");
    }
    assert_eq!(cache.run_images().0, 0);
    // Its glyphs are drawn one by one from their cells instead.
    assert!(draw_cached(g, &fonts, &cache, glyph, &run, (4.25, 24.0)).1);
}

#[test]
fn run_images_not_drawn_for_some_base_redraws_are_dropped_with_their_atlases() {
    let (g, fonts, glyph, kept) = shaped(Face::Mono, 12.0, Color::rgb(200, 220, 240), "kept: 16.7 ms");
    let mut cache = GlyphCache::new();
    for _ in 0..2 {
        fill_base_run(g, &fonts, &mut cache, glyph, &kept, (3.0, 20.0));
    }
    let (images, bytes) = cache.run_images();
    assert!(images == 1 && bytes > 0, "{images} images, {bytes} bytes");
    // Base redraws that draw other runs (each seen once): the kept run goes after KEEP_GENERATIONS of them.
    for i in 0..KEEP_GENERATIONS {
        assert_eq!(cache.run_images().0, 1, "still there after {i} other redraws");
        let other = fonts.shape(glyph.0, &format!("other line {i}"));
        fill_base_run(g, &fonts, &mut cache, glyph, &other, (3.0, 20.0));
    }
    assert_eq!(cache.run_images(), (0, 0));
    // A frame that draws no base (a settled frame) does not count.
    for _ in 0..2 {
        fill_base_run(g, &fonts, &mut cache, glyph, &kept, (3.0, 20.0));
    }
    for _ in 0..3 * KEEP_GENERATIONS {
        cache.fill(g, &fonts, Wants::default(), 1).expect("fill");
    }
    assert_eq!(cache.run_images().0, 1);
}

#[test]
fn the_warm_up_gives_a_run_its_image_at_first_sight() {
    let (g, fonts, glyph, run) = shaped(Face::Sans, 13.0, Color::rgb(240, 240, 240), "Run 1234 in one");
    let mut cache = GlyphCache::new();
    let mut wants = Wants { runs_at_first_sight: true, ..Wants::default() };
    Collector::new(&cache, &fonts, 1.0, &mut wants).base_run(glyph, 2.0, 20.0, &run, &mut Vec::new());
    assert_eq!(cache.fill(g, &fonts, wants, 1).expect("fill").built, 1);
}

#[test]
fn a_scaled_context_or_an_unknown_glyph_falls_back() {
    let g = Goldberry::load(None).expect("libgoldberry");
    let cache = filled(g);
    assert!(!draw(g, true, Some(2.0), &cache).1);
    assert!(!draw(g, true, None, &GlyphCache::new()).1);
}

#[test]
fn display_sizes_are_drawn_directly_and_never_fill_the_cache() {
    let fonts = crate::test_support::fonts();
    let color = Color::rgb(230, 200, 120);
    let cache = GlyphCache::default();
    let mut missing = Vec::new();
    let big = fonts.id(Face::Sans, 72.0);
    cache.collect(
        fonts,
        Pen { glyph: (big, color), scale: 1.0, x: 4.0, y: 80.0, run: &fonts.shape(big, "Big") },
        &mut missing,
    );
    assert!(missing.is_empty(), "a 72 px run asks for no cell");
    let body = fonts.id(Face::Sans, 14.0);
    cache.collect(
        fonts,
        Pen { glyph: (body, color), scale: 1.0, x: 4.0, y: 20.0, run: &fonts.shape(body, "Big") },
        &mut missing,
    );
    assert_eq!(missing.len(), 3, "a 14 px run asks for a cell a glyph");
    // At 4x a 14 px font is 56 device pixels: drawn directly too.
    let mut missing = Vec::new();
    cache.collect(
        fonts,
        Pen { glyph: (body, color), scale: 4.0, x: 16.0, y: 80.0, run: &fonts.shape(body, "Big") },
        &mut missing,
    );
    assert!(missing.is_empty(), "a 14 px run at 4x asks for no cell");
}

/// A glyph's coverage does not depend on its colour: the same run in other colours (a theme switch, each step of its
/// fade) adds no cell, only a tinted copy of the atlas, and draws the same coverage in the new colour.
#[test]
fn another_colour_adds_no_cell_and_draws_the_same_coverage() {
    let g = Goldberry::load(None).expect("libgoldberry");
    let fonts = FontBook::load(g).expect("fonts");
    let mut cache = filled(g);
    let cells = cache.len();
    let font = fonts.id(Face::Sans, 14.0);
    let run = fonts.shape(font, "Kerning: AVA To 1/4");
    for step in 1..13u8 {
        let color = Color::rgb(230 - step * 10, 200, 120 + step * 5);
        let mut missing = Vec::new();
        cache.collect(&fonts, Pen { glyph: (font, color), scale: 1.0, x: 4.25, y: 24.0, run: &run }, &mut missing);
        assert!(!missing.is_empty(), "the new colour's tint is wanted");
        cache.fill(g, &fonts, Wants { glyphs: missing, ..Wants::default() }, 1).expect("fill");
        assert_eq!(cache.len(), cells, "no cell added for colour {step}");
    }
    // Drawn in the colour `draw` uses, the cached run is what it was before the other colours.
    let (direct, _) = draw(g, false, None, &cache);
    let (blitted, drawn) = draw(g, true, None, &cache);
    assert!(drawn);
    let worst = direct.iter().zip(&blitted).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
    assert!(worst <= 48, "worst {worst}");
}

/// Twelve theme switches on the controls screen, each painted through its fade frame by frame, add no glyph to
/// the cache: the cells the first frame filled serve every colour since (issue 35: 419 glyphs became 1,202).
#[test]
fn theme_switches_and_their_fades_add_no_glyph() {
    use crate::clock::FrameInput;
    use crate::frame::Painter;
    use crate::screens::ScreenId;
    use crate::session::Session;
    use crate::surface::{FrameBuffer, Pixels};
    use crate::ui::input::{Key, Mods, UiEvent};

    let g = Goldberry::load(None).expect("libgoldberry");
    let fonts = FontBook::load(g).expect("fonts");
    let mut painter = Painter::new(g, &fonts, 1, false).expect("painter");
    let mut session = Session::new(ScreenId::named("controls").expect("the controls screen"), false);
    let mut buffer = FrameBuffer::new(960, 640);
    let mut paint = |painter: &mut Painter, session: &mut Session, index: u64| {
        let input = FrameInput::headless(index, 960, 640);
        let shown = session.shown(input.time_s);
        let painted = painter
            .paint(&input, &fonts, buffer.canvas(), &shown, if index == 0 { Pixels::Fresh } else { Pixels::Kept })
            .expect("paint");
        session.take_feedback(painted.feedback);
    };
    paint(&mut painter, &mut session, 0);
    let mut index = 1;
    let mut switch = |painter: &mut Painter, session: &mut Session, index: &mut u64| {
        let key = UiEvent::KeyDown { key: Key::Char('t'), mods: Mods::CTRL, repeat: false };
        session.handle(&key, *index as f64 / 60.0, &mut String::new());
        // Through the fade, a frame at a time.
        for _ in 0..30 {
            paint(painter, session, *index);
            *index += 1;
        }
    };
    let settled = painter.raster.cached_glyphs();
    assert!(settled > 100, "the screen's glyphs are cached: {settled}");
    for k in 0..12 {
        switch(&mut painter, &mut session, &mut index);
        // The next switch a frame or two later: its fade passes through other colours.
        index += k % 3;
    }
    // The switch's own label may show a glyph or two of the other theme's word; the fades' colours add none
    // (each colour of each fade frame added the screen's glyphs again: thousands).
    let cached = painter.raster.cached_glyphs();
    assert!(cached <= settled + 8, "twelve switches took the cache from {settled} to {cached} glyphs");
}

/// A glyph's pixels do not depend on where its cell lies in the atlas, so on which glyphs the cache saw before it:
/// a cache that first took other text (its cells then lie elsewhere) draws a run exactly as a cache that took the
/// run alone, at 1x, 1.5x and 2x, in a face of 2,048 units and one of 1,000 (a glyph once placed by whole design
/// units from the atlas' corner came out up to 5 levels apart, and one drawn at its cell's place a level apart).
#[test]
fn a_glyph_looks_the_same_wherever_its_cell_lies() {
    let g = Goldberry::load(None).expect("libgoldberry");
    let fonts = FontBook::load(g).expect("fonts");
    let color = Color::rgb(230, 200, 120);
    let fill = |cache: &mut GlyphCache, font: FontId, scale: f64, text: &str| {
        let run = fonts.shape(font, text);
        let mut missing = Vec::new();
        let pen = Pen { glyph: (font, color), scale, x: 4.25 * scale, y: 24.0 * scale, run: &run };
        cache.collect(&fonts, pen, &mut missing);
        cache.fill(g, &fonts, Wants { glyphs: missing, ..Wants::default() }, 1).expect("fill");
    };
    let text = "Kerning: AVA To 1/4 => x";
    let draw = |cache: &GlyphCache, font: FontId, scale: f64| -> Vec<u8> {
        let (width, height) = ((240.0 * scale) as u32, (40.0 * scale) as u32);
        let mut pixels = vec![0u8; (width * height * 4) as usize];
        let run = fonts.shape(font, text);
        let mut view = ImageView::over_pixels(g, &mut pixels, width, height, width as usize * 4, PixelFormat::Xrgb32)
            .expect("view");
        let mut ctx = Context::begin_view(&mut view).expect("context");
        ctx.scale(scale, scale).expect("scale");
        let drawn = cache.draw_run(&mut ctx, &fonts, (font, color), (4.25, 24.0), &run, None).expect("draw");
        assert!(drawn, "drawn from the cache");
        ctx.end().expect("end");
        drop(view);
        pixels
    };
    for face in [Face::Sans, Face::Mono] {
        let font = fonts.id(face, 9.5);
        for scale in [1.0, 1.5, 2.0] {
            let mut alone = GlyphCache::new();
            fill(&mut alone, font, scale, text);
            let mut crowded = GlyphCache::new();
            fill(&mut crowded, font, scale, "Quizzical wharf jugs vex 0123456789 @#%& BLOWZY NIGHT-FROCK QUIPS");
            fill(&mut crowded, font, scale, text);
            let (a, b) = (draw(&alone, font, scale), draw(&crowded, font, scale));
            let differ = a.iter().zip(&b).filter(|(x, y)| x != y).count();
            let worst = a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
            assert!(differ == 0, "{face:?} at {scale}x: {differ} bytes differ, by up to {worst}");
        }
    }
}

/// The run the X-ray watches is answered glyph by glyph, as the cache held each cell when the run was looked up:
/// on an empty cache every cell is made for the frame, once filled every one was held, and the same answer again
/// keeps its number (a still window showing the X-ray goes idle); another run's lookup answers nothing.
#[test]
fn a_watched_run_says_which_cells_were_held_and_which_made() {
    let g = Goldberry::load(None).expect("libgoldberry");
    let fonts = FontBook::load(g).expect("fonts");
    let font = fonts.id(Face::Sans, 14.0);
    // Words no other test shapes, so that no other test's lookup is taken for this run's.
    let run = fonts.shape(font, "Watched: was it held, or made?");
    let other = fonts.shape(font, "Not watched");
    let color = Color::rgb(230, 200, 120);
    let pen = |run| Pen { glyph: (font, color), scale: 1.0, x: 4.25, y: 24.0, run };
    let mut cache = GlyphCache::new();
    assert_eq!(watch::watch(font, &run.glyphs), None, "nothing looked up yet");
    let mut missing = Vec::new();
    cache.collect(&fonts, pen(&other), &mut missing);
    assert_eq!(watch::latest(), None, "another run answers nothing");
    cache.collect(&fonts, pen(&run), &mut missing);
    let (cold, first) = watch::watch(font, &run.glyphs).expect("the cold lookup's answer");
    assert_eq!(cold, vec![watch::Source::Made; run.len()]);
    cache.fill(g, &fonts, Wants { glyphs: missing, ..Wants::default() }, 1).expect("fill");
    cache.collect(&fonts, pen(&run), &mut Vec::new());
    let (warm, second) = watch::watch(font, &run.glyphs).expect("the warm lookup's answer");
    assert_eq!(warm, vec![watch::Source::Held; run.len()]);
    assert!(second > first, "a new answer has a new number: {first} then {second}");
    cache.collect(&fonts, pen(&run), &mut Vec::new());
    assert_eq!(watch::latest(), Some(second), "the same answer keeps its number");
    watch::stop();
    assert_eq!(watch::latest(), None);
}

/// A base run without an image (here refused one: its inks overlap) whose every glyph the cache held is not looked
/// up again, until the cache forgets what it knew held (as a restart or a drop of the tinted copies does): then its
/// glyphs are looked up, and what is missing is made again.
#[test]
fn a_held_base_run_is_not_looked_up_again_until_the_cache_forgets() {
    let (g, fonts, glyph, run) = shaped(Face::Sans, 9.0, Color::rgb(40, 90, 200).with_alpha(120), "AVAVA iiiii WAV");
    let mut cache = GlyphCache::new();
    let lookup = |cache: &GlyphCache| {
        let mut wants = Wants::default();
        Collector::new(cache, &fonts, 1.0, &mut wants).base_run(glyph, 4.25, 24.0, &run, &mut Vec::new());
        wants
    };
    let cold = lookup(&cache);
    assert!(!cold.glyphs.is_empty() && cold.held_runs.0.is_empty());
    cache.fill(g, &fonts, cold, 1).expect("fill");
    let warm = lookup(&cache);
    assert_eq!((warm.glyphs.len(), warm.held_runs.0.len()), (0, 1), "every glyph held");
    cache.fill(g, &fonts, warm, 1).expect("fill");
    let known = lookup(&cache);
    assert_eq!((known.glyphs.len(), known.held_runs.0.len()), (0, 0), "known held: not looked up");
    cache.fill(g, &fonts, known, 1).expect("fill");
    assert!(draw_cached(g, &fonts, &cache, glyph, &run, (4.25, 24.0)).1, "drawn from its cells");
    cache.tints.clear();
    cache.forget_complete();
    let again = lookup(&cache);
    assert!(!again.glyphs.is_empty(), "looked up again once forgotten: its tinted copies are missing");
}

/// A lookup told the pixels a frame draws ([`Collector::only_in`]) looks up only the runs that reach them, leaves
/// the layer it looked at in part unknown as whole, and is no base redraw: the run images it did not look at do
/// not age.
#[test]
fn a_lookup_of_the_damage_alone_leaves_out_what_misses_it_and_ages_no_run_image() {
    use crate::display_list::{DisplayList, LayerKey};
    use crate::geom::{PixelRect, Rect};
    let (g, fonts, glyph, run) = shaped(Face::Sans, 14.0, Color::rgb(230, 200, 120), "Run 1234 in one");
    let mut content = DisplayList::new();
    content.glyphs(glyph.0, 4.0, 20.0, Arc::clone(&run), glyph.1);
    content.glyphs(glyph.0, 4.0, 220.0, fonts.shape(glyph.0, "Another 5678 run"), glyph.1);
    let mut list = DisplayList::new();
    list.layer(LayerKey(7), Rect::new(0.0, 0.0, 400.0, 300.0), 1, content);
    let mut cache = GlyphCache::new();
    let lookup = |cache: &GlyphCache, rects: Option<&[PixelRect]>| {
        let mut wants = Wants::default();
        let mut collector = Collector::new(cache, &fonts, 1.0, &mut wants);
        if let Some(rects) = rects {
            collector = collector.only_in(rects);
        }
        collector.list(&list, &|_| LayerGlyphs::InBase);
        wants
    };
    // Drawn whole twice: both runs get their images, and the layer is known whole.
    for _ in 0..2 {
        let wants = lookup(&cache, None);
        assert_eq!((wants.runs.len(), wants.layers.len(), wants.partial), (2, 1, false));
        cache.fill(g, &fonts, wants, 1).expect("fill");
    }
    assert_eq!(cache.run_images().0, 2);
    // The first line's pixels alone: its run is looked up, the other left out, the layer not taken as whole.
    let top = [PixelRect { x: 0, y: 0, w: 300, h: 30 }];
    cache.forget_complete();
    let wants = lookup(&cache, Some(&top));
    assert_eq!((wants.runs.len(), wants.layers.len(), wants.partial), (1, 0, true));
    assert_eq!(wants.runs[0].origin, (4.0, 20.0));
    // Pixels no op reaches: nothing is looked up.
    let far = [PixelRect { x: 500, y: 500, w: 10, h: 10 }];
    let wants = lookup(&cache, Some(&far));
    assert!(wants.runs.is_empty() && wants.glyphs.is_empty() && wants.layers.is_empty());
    // Many such lookups of the first line: the second line's image stays, as it would over frames that copy the base.
    for _ in 0..3 * KEEP_GENERATIONS {
        let wants = lookup(&cache, Some(&top));
        assert_eq!(cache.fill(g, &fonts, wants, 1).expect("fill").dropped, 0);
    }
    assert_eq!(cache.run_images().0, 2);
}
