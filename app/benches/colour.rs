//! Colour emoji against Latin text: a paragraph of 200 emoji (10 runs of 20, in Noto Color Emoji at 14 px) drawn
//! cold (an empty glyph cache: every bitmap decoded from its PNG, scaled and kept, then drawn) and settled (from
//! the colour cells), beside 200 Latin glyphs (10 runs of 20, Inter at 14 px) settled (from the coverage cells),
//! all on one thread at 1x into a 480 x 240 image. Prints p50 and p95 in ms over the rounds. Then the cells'
//! average sizes, and 200 of Blend2D's blits of an image of each size with none of the cache's code around them,
//! side by side: what the pixels alone cost.
//!
//! `cargo bench -p goldberry --bench colour` (`GOLDBERRY_BENCH_ROUNDS=N` changes the 50 rounds; `--distinct`
//! draws 200 different emoji, the default draws 20 different ones ten times, as a paragraph repeats them).

use std::hint::black_box;
use std::time::Instant;

use goldberry::display_list::{DisplayList, Op};
use goldberry::fonts::{Face, FontBook};
use goldberry::geom::{Color, FontId};
use goldberry::glyph_cache::colour::draw_colour_run;
use goldberry::glyph_cache::{Collector, GlyphCache, LayerGlyphs, Wants};
use goldberry::shell::report::Percentiles;
use goldberry_natives::Goldberry;
use goldberry_natives::blend2d::{Context, Image, PixelFormat, Rgba32, Style};

/// The paragraph as a display list: 10 lines of 20 clusters from `clusters`, in `font`.
fn paragraph(fonts: &FontBook, font: FontId, clusters: &[String]) -> DisplayList {
    let mut list = DisplayList::new();
    for (line, chunk) in clusters.chunks(20).enumerate() {
        let text: String = chunk.concat();
        let run = fonts.shape(font, &text);
        list.glyphs(font, 4.0, 20.0 + 22.0 * line as f32, run, Color::rgb(240, 240, 240));
    }
    list
}

/// Adds what `list` lacks to `cache` on one thread.
fn fill(g: &'static Goldberry, fonts: &FontBook, cache: &mut GlyphCache, list: &DisplayList) {
    let mut wants = Wants::default();
    Collector::new(cache, fonts, 1.0, &mut wants).list(list, &|_| LayerGlyphs::InPlace);
    cache.fill(g, fonts, wants, 1).expect("fill");
}

/// Draws `list`'s runs from `cache` into `image`.
fn draw(g: &'static Goldberry, fonts: &FontBook, cache: &GlyphCache, list: &DisplayList, image: &mut Image) {
    let mut ctx = Context::begin(image).expect("context");
    for op in &list.ops {
        if let Op::Glyphs { font, x, y, run, color } = op {
            let (x, y) = (f64::from(*x), f64::from(*y));
            if fonts.is_colour(*font) {
                draw_colour_run(&mut ctx, g, fonts, Some(cache), (*font, x, y), run).expect("colour run");
            } else {
                assert!(cache.draw_run(&mut ctx, fonts, (*font, *color), (x, y), run, None).expect("run"));
            }
        }
    }
    ctx.end().expect("end");
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: usize = std::env::var("GOLDBERRY_BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(50);
    let distinct = std::env::args().any(|a| a == "--distinct");
    let g = Goldberry::load(None)?;
    let fonts = FontBook::load(g)?;
    let emoji_font = fonts.id(Face::Emoji, 14.0);
    if !fonts.is_colour(emoji_font) {
        return Err("Noto Color Emoji is not installed (ci/setup installs fonts-noto-color-emoji)".into());
    }
    let pictographs: Vec<String> =
        ('\u{1F600}'..='\u{1F64F}').chain('\u{1F300}'..='\u{1F5FF}').map(String::from).collect();
    let emoji: Vec<String> =
        if distinct { pictographs[..200].to_vec() } else { (0..200).map(|i| pictographs[i % 20].clone()).collect() };
    let latin: Vec<String> = "Blend2D paints every card and HarfBuzz shapes its text"
        .chars()
        .cycle()
        .filter(|c| *c != ' ')
        .take(200)
        .map(String::from)
        .collect();
    let emoji_list = paragraph(&fonts, emoji_font, &emoji);
    let latin_list = paragraph(&fonts, fonts.id(Face::Sans, 14.0), &latin);
    let glyphs = |list: &DisplayList| -> usize {
        list.ops.iter().map(|op| if let Op::Glyphs { run, .. } = op { run.len() } else { 0 }).sum()
    };
    assert_eq!((glyphs(&emoji_list), glyphs(&latin_list)), (200, 200));
    let mut image = Image::new(g, 480, 240, PixelFormat::Prgb32)?;
    let ms = |start: Instant| start.elapsed().as_secs_f64() * 1e3;

    let (mut cold, mut emoji_settled, mut latin_settled) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        let mut cache = GlyphCache::new();
        let start = Instant::now();
        fill(g, &fonts, &mut cache, &emoji_list);
        draw(g, &fonts, &cache, &emoji_list, &mut image);
        cold.push(ms(start));
        fill(g, &fonts, &mut cache, &latin_list);
        for _ in 0..5 {
            let start = Instant::now();
            draw(g, &fonts, &cache, black_box(&emoji_list), &mut image);
            emoji_settled.push(ms(start));
            let start = Instant::now();
            draw(g, &fonts, &cache, black_box(&latin_list), &mut image);
            latin_settled.push(ms(start));
        }
    }
    let line = |name: &str, v: &[f64]| {
        let p = Percentiles::of(v.iter().copied());
        println!("{name:<34} p50 {:>7.3} ms  p95 {:>7.3} ms", p.p50, p.p95);
        p.p50
    };
    // What the glyphs' pixels are, and what Blend2D alone takes to blit that many pixels 200 times: two images the
    // average cells' sizes, blitted with none of the cache's code around them, side by side.
    let mut cache = GlyphCache::new();
    fill(g, &fonts, &mut cache, &emoji_list);
    fill(g, &fonts, &mut cache, &latin_list);
    let mean = |cells: &[[i32; 4]]| -> (i32, i32) {
        let n = cells.len().max(1) as f64;
        let (w, h) = cells.iter().fold((0.0, 0.0), |(w, h), c| (w + f64::from(c[2]), h + f64::from(c[3])));
        ((w / n).round() as i32, (h / n).round() as i32)
    };
    let emoji_cell = mean(&cache.colour_page(4096).cells);
    let latin_cell = mean(&cache.atlas_pages().0.iter().flat_map(|p| p.cells.clone()).collect::<Vec<_>>());
    let sized = |(w, h): (i32, i32)| -> Result<Image, goldberry_natives::NativeError> {
        let mut image = Image::new(g, w.max(1) as u32, h.max(1) as u32, PixelFormat::Prgb32)?;
        let mut ctx = Context::begin(&mut image)?;
        ctx.set_fill(&Style::Solid(Rgba32(0x80c0_4020)))?;
        ctx.fill_all()?;
        ctx.end()?;
        Ok(image)
    };
    let (emoji_image, latin_image) = (sized(emoji_cell)?, sized(latin_cell)?);
    let (mut raw_emoji, mut raw_latin) = (Vec::new(), Vec::new());
    for _ in 0..rounds * 5 {
        for (cell, out) in [(&emoji_image, &mut raw_emoji), (&latin_image, &mut raw_latin)] {
            let mut ctx = Context::begin(&mut image)?;
            let start = Instant::now();
            for i in 0..200 {
                ctx.blit_image(4.0 + 22.0 * (i % 20) as f64, 8.0 + 22.0 * (i / 20) as f64, cell)?;
            }
            ctx.end()?;
            out.push(ms(start));
        }
    }
    let kind = if distinct { "200 distinct" } else { "20 distinct x 10" };
    println!("colour bench: 200 glyphs at 14 px, 1x, 1 thread, {rounds} rounds ({kind} emoji)");
    line("emoji cold (decode + draw)", &cold);
    let e = line("emoji settled (colour cells)", &emoji_settled);
    let l = line("latin settled (coverage cells)", &latin_settled);
    println!("settled emoji / latin: {:.2}x", e / l);
    let area = |(w, h): (i32, i32)| w * h;
    println!(
        "the cells: emoji {}x{} px ({} px), latin ink {}x{} px ({} px) on average",
        emoji_cell.0,
        emoji_cell.1,
        area(emoji_cell),
        latin_cell.0,
        latin_cell.1,
        area(latin_cell)
    );
    let re = line("200 blits of an emoji-sized image", &raw_emoji);
    let rl = line("200 blits of a letter-sized image", &raw_latin);
    println!("Blend2D alone, emoji-sized / letter-sized: {:.2}x", re / rl);
    Ok(())
}
