//! The colour cells' tests: CBDT glyphs at 1x, 1.5x and 2x, drawn from the cache and decoded on the spot alike;
//! emoji sequences kept whole; the colour budget, apart from the coverage cells; a corrupt bitmap.

use std::path::PathBuf;

use goldberry_natives::blend2d::{ImageView, PixelFormat};

use super::colour::{MAX_COLOUR_BYTES, draw_colour_run};
use super::*;
use crate::fonts::{Face, SYSTEM_FONT_DIRS};
use crate::test_support::{fonts, natives};

/// A family, a skin-toned ZWJ sequence, two skin tones, two flags, a rainbow flag, a keycap.
const SEQUENCES: [&str; 8] = [
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
    "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}",
    "\u{1F44D}\u{1F3FB}",
    "\u{1F44D}\u{1F3FF}",
    "\u{1F1EF}\u{1F1F5}",
    "\u{1F1FA}\u{1F1E6}",
    "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
    "1\u{FE0F}\u{20E3}",
];

/// `text` in the colour face at 16 px, drawn at (`x`, 24) units on a `scale`d transparent 64 x 40 unit image,
/// from `cache` (decoded on the spot when `None`); the pixels, premultiplied `0xAARRGGBB`, and the width.
fn draw(fonts: &FontBook, text: &str, scale: f64, x: f64, cache: Option<&GlyphCache>) -> (Vec<u32>, usize) {
    let g = natives();
    let (w, h) = ((64.0 * scale).round() as u32, (40.0 * scale).round() as u32);
    let mut bytes = vec![0u8; (w * h * 4) as usize];
    let font = fonts.id(Face::Emoji, 16.0);
    let run = fonts.shape(font, text);
    {
        let mut view =
            ImageView::over_pixels(g, &mut bytes, w, h, w as usize * 4, PixelFormat::Prgb32).expect("a view");
        let mut ctx = Context::begin_view(&mut view).expect("a context");
        ctx.scale(scale, scale).expect("scale");
        draw_colour_run(&mut ctx, g, fonts, cache, (font, x, 24.0), &run).expect("drawn");
        ctx.end().expect("end");
    }
    let pixels = bytes.chunks_exact(4).map(|p| u32::from_ne_bytes([p[0], p[1], p[2], p[3]])).collect();
    (pixels, w as usize)
}

/// The box of the pixels with any alpha: (x0, y0, x1, y1), exclusive ends.
fn ink(pixels: &[u32], w: usize) -> (usize, usize, usize, usize) {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, &p) in pixels.iter().enumerate() {
        if p >> 24 != 0 {
            let (x, y) = (i % w, i / w);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
        }
    }
    (x0, y0, x1, y1)
}

/// A cache filled with the colour glyphs of `text` at `scale`, drawn at (`x`, 24) units.
fn filled(fonts: &FontBook, text: &str, scale: f64, x: f64) -> GlyphCache {
    let mut cache = GlyphCache::new();
    let font = fonts.id(Face::Emoji, 16.0);
    let run = fonts.shape(font, text);
    let mut wants = Wants::default();
    let pen = Pen { glyph: (font, Color(0)), scale, x: x * scale, y: 24.0 * scale, run: &run };
    cache.collect_colour(fonts, pen, &mut wants.colour);
    cache.fill(natives(), fonts, wants, 1).expect("fill");
    cache
}

#[test]
fn a_cbdt_glyph_is_drawn_in_colour_at_its_device_size_at_1x_1_5x_and_2x() {
    let fonts = fonts();
    // The grinning face: a yellow disc.
    let face = "\u{1F600}";
    let mut at_1x = Vec::new();
    for scale in [1.0, 1.5, 2.0] {
        let cache = filled(fonts, face, scale, 8.0);
        assert_eq!(cache.colour_cells().0, 1, "one colour cell at {scale}x");
        assert_eq!(cache.len(), 0, "and no coverage cell: colour cells are kept apart");
        let (pixels, w) = draw(fonts, face, scale, 8.0, Some(&cache));
        let (direct, _) = draw(fonts, face, scale, 8.0, None);
        assert_eq!(pixels, direct, "the cell is what decoding on the spot draws, at {scale}x");
        // Noto's bitmap is 136 x 128 px at 109 ppem: 1.25 em by 1.17 em, here 16 px a unit times the scale; its
        // ink lies inside.
        let run = fonts.shape(fonts.id(Face::Emoji, 16.0), face);
        let px = (16.0 * scale) as f32;
        let (cell, cw) = cache.colour_pixels_of(fonts.id(Face::Emoji, 16.0), run.glyphs[0], px).expect("a cell");
        let (cw, ch) = (cw as f64, (cell.len() / cw) as f64);
        let em = 16.0 * scale;
        assert!((cw - 1.25 * em).abs() <= 1.0 && (ch - 1.17 * em).abs() <= 1.0, "{cw}x{ch} at {scale}x");
        let (x0, y0, x1, y1) = ink(&pixels, w);
        assert!(((x1 - x0) as f64) <= cw && ((y1 - y0) as f64) <= ch, "ink inside the cell at {scale}x");
        // In colour: most of the face is yellow (red and green high, blue low) and opaque.
        let inked: Vec<u32> = pixels.iter().copied().filter(|p| p >> 24 != 0).collect();
        let yellow = |p: &&u32| {
            let (a, r, g, b) = (**p >> 24, (**p >> 16) & 0xff, (**p >> 8) & 0xff, **p & 0xff);
            a == 255 && r > 200 && g > 140 && b < 90
        };
        let share = inked.iter().filter(yellow).count() as f64 / inked.len() as f64;
        assert!(share > 0.4, "{:.0} % of the ink is yellow at {scale}x", share * 100.0);
        // Sharp enough: every scale's picture, brought to 1x by averaging, is the 1x one within a few levels
        // on average (a bitmap scaled from one strike, not a blurred one).
        if scale == 1.0 {
            at_1x = pixels;
        } else if scale == 2.0 {
            let half: Vec<u32> = (0..at_1x.len())
                .map(|i| {
                    let (x, y) = (i % 64, i / 64);
                    let four = [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(dx, dy)| pixels[(2 * y + dy) * w + 2 * x + dx]);
                    let channel =
                        |shift: u32| four.iter().map(|p| (p >> shift) & 0xff).sum::<u32>().div_ceil(4) << shift;
                    channel(24) | channel(16) | channel(8) | channel(0)
                })
                .collect();
            let diff: u64 = half
                .iter()
                .zip(&at_1x)
                .flat_map(|(a, b)| (0..4).map(move |k| ((a >> (8 * k)) & 0xff).abs_diff((b >> (8 * k)) & 0xff)))
                .map(u64::from)
                .sum();
            let inked = at_1x.iter().filter(|p| **p >> 24 != 0).count() as u64;
            assert!(
                diff / (inked * 4) <= 12,
                "2x halved is the 1x picture within 12 levels on average: {}",
                diff / (inked * 4)
            );
        }
    }
}

#[test]
fn emoji_sequences_are_shaped_and_drawn_as_one_glyph_each() {
    let fonts = fonts();
    let emoji = fonts.id(Face::Emoji, 16.0);
    for sequence in SEQUENCES {
        let run = fonts.shape(emoji, sequence);
        assert_eq!(run.len(), 1, "{sequence:?} is one glyph");
        let bitmap = fonts.colour_bitmap(emoji, run.glyphs[0], 16);
        assert!(bitmap.is_some(), "{sequence:?} has a bitmap of its own");
    }
    // In a line of Inter, each sequence goes whole to the colour face, in one run, one glyph each.
    let text = format!("Emoji: {}", SEQUENCES.join(" "));
    let style = crate::text::TextStyle::new(fonts.id(Face::Sans, 16.0));
    let pieces = fonts.shaped_pieces(&style, &text).expect("shaped");
    let items: Vec<_> = pieces.iter().flat_map(|p| p.items.iter()).filter(|i| i.face == Face::Emoji.index()).collect();
    let glyphs: usize = items
        .iter()
        .map(|i| i.run.glyphs.iter().filter(|&&g| fonts.colour_bitmap(emoji, g, 16).is_some()).count())
        .sum();
    assert_eq!(glyphs, SEQUENCES.len(), "one colour glyph per sequence: {items:?}");
    // A heart asked for as text stays in an outline face; asked for as an emoji, it is in colour.
    let heart = |text: &str| {
        let pieces = fonts.shaped_pieces(&style, text).expect("shaped");
        pieces[0].items.iter().any(|i| i.face == Face::Emoji.index())
    };
    assert!(heart("a \u{2764}\u{FE0F}"), "U+FE0F asks for the emoji");
    assert!(!heart("a \u{2764}\u{FE0E}"), "U+FE0E asks for text");
}

#[test]
fn the_inspector_s_map_packs_every_colour_cell_apart_and_inside_its_page() {
    let fonts = fonts();
    let cache = filled(fonts, &SEQUENCES.concat(), 2.0, 0.0);
    let (cells, _) = cache.colour_cells();
    assert!(cells >= SEQUENCES.len(), "a cell per sequence at least: {cells}");
    let page = cache.colour_page(96);
    assert_eq!(page.cells.len(), cells, "each cell with an image is on the map");
    for (i, a) in page.cells.iter().enumerate() {
        let [x, y, w, h] = *a;
        assert!(x >= 0 && y >= 0 && w > 0 && h > 0, "{a:?}");
        assert!(x + w <= page.width as i32 && y + h <= page.height as i32, "{a:?} inside {page:?}");
        for b in &page.cells[i + 1..] {
            let apart = x + w <= b[0] || b[0] + b[2] <= x || y + h <= b[1] || b[1] + b[3] <= y;
            assert!(apart, "{a:?} and {b:?} overlap");
        }
    }
    assert!(page.height > 34, "34-pixel cells in a 96-pixel page take more than a shelf: {page:?}");
}

#[test]
fn colour_cells_have_a_budget_of_their_own() {
    let fonts = fonts();
    let mut cache = GlyphCache::new();
    // A coverage cell first: the colour cells' budget must not drop it.
    let sans = fonts.id(Face::Sans, 14.0);
    let latin = fonts.shape(sans, "Ab");
    let mut wants = Wants::default();
    cache.collect(
        fonts,
        Pen { glyph: (sans, Color::rgb(255, 255, 255)), scale: 1.0, x: 2.0, y: 20.0, run: &latin },
        &mut wants.glyphs,
    );
    cache.fill(natives(), fonts, wants, 1).expect("fill");
    let coverage = cache.len();
    assert_eq!(coverage, 2);
    // Emoji at 24 px and 2x (about 60 x 56 device pixels, 13 KiB each), 160 a fill: past the budget on the fifth.
    let emoji = fonts.id(Face::Emoji, 24.0);
    let faces: Vec<char> = ('\u{1F600}'..='\u{1F64F}').chain('\u{1F300}'..='\u{1F5FF}').collect();
    let mut peak = 0;
    let mut started_over = false;
    for chunk in faces.chunks(160) {
        let text: String = chunk.iter().collect();
        let run = fonts.shape(emoji, &text);
        let mut wants = Wants::default();
        cache.collect_colour(
            fonts,
            Pen { glyph: (emoji, Color(0)), scale: 2.0, x: 0.0, y: 48.0, run: &run },
            &mut wants.colour,
        );
        let before = cache.colour_cells().0;
        cache.fill(natives(), fonts, wants, 1).expect("fill");
        let (cells, bytes) = cache.colour_cells();
        started_over |= cells < before;
        peak = peak.max(bytes);
        assert_eq!(cache.len(), coverage, "the colour budget leaves the coverage cells alone");
    }
    assert!(started_over, "the colour cells started over once past {MAX_COLOUR_BYTES} bytes (peak {peak})");
    // Over by at most one fill's worth: 160 cells of about 13 KiB.
    assert!(peak <= MAX_COLOUR_BYTES + 160 * 64 * 64 * 4, "peak {peak}");
}

/// A copy of Noto Color Emoji every other PNG of whose CBDT table has their compressed pixels
/// overwritten (lengths kept: HarfBuzz still hands them out, and they fail their checksums), in a directory of its
/// own searched before the system's.
fn corrupt_emoji_dir() -> Option<PathBuf> {
    let source = SYSTEM_FONT_DIRS.iter().map(|d| PathBuf::from(d).join("NotoColorEmoji.ttf")).find(|p| p.is_file())?;
    let mut bytes = std::fs::read(source).ok()?;
    let tables = u16::from_be_bytes([bytes[4], bytes[5]]) as usize;
    let record = (0..tables).map(|i| 12 + 16 * i).find(|&at| &bytes[at..at + 4] == b"CBDT")?;
    let word = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize;
    let (offset, length) = (word(record + 8), word(record + 12));
    let (mut at, mut nth) = (offset, 0);
    while at + 24 < offset + length {
        if &bytes[at..at + 4] == b"IDAT" {
            nth += 1;
            if nth % 2 == 0 {
                for (i, b) in bytes[at + 4..at + 20].iter_mut().enumerate() {
                    *b = (i as u8).wrapping_mul(151) ^ 0x5a;
                }
            }
            at += 20;
        } else {
            at += 1;
        }
    }
    let dir = std::env::temp_dir().join(format!("goldberry-corrupt-emoji-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    std::fs::write(dir.join("NotoColorEmoji.ttf"), bytes).ok()?;
    Some(dir)
}

#[test]
fn a_bitmap_that_does_not_decode_is_drawn_as_a_box_without_a_panic() {
    let dir = corrupt_emoji_dir().expect("a corrupt copy of Noto Color Emoji (ci/setup installs it)");
    let mut dirs = vec![dir.clone()];
    dirs.extend(crate::fonts::default_dirs());
    let fonts = FontBook::load_from(natives(), &dirs).expect("the book loads");
    // Glyphs past the table's middle have their PNG overwritten: draw a few hundred, all of them must come back.
    let emoji = fonts.id(Face::Emoji, 16.0);
    let text: String = ('\u{1F300}'..='\u{1F64F}').collect();
    let run = fonts.shape(emoji, &text);
    let mut boxes = 0;
    for &glyph in &run.glyphs {
        let mut cache = GlyphCache::new();
        let mut wants = Wants::default();
        let one = goldberry_natives::glyphs::GlyphRun {
            glyphs: vec![glyph],
            placements: vec![Default::default()],
            clusters: vec![0],
            units_per_em: run.units_per_em,
        };
        cache.collect_colour(
            &fonts,
            Pen { glyph: (emoji, Color(0)), scale: 1.0, x: 8.0, y: 24.0, run: &one },
            &mut wants.colour,
        );
        cache.fill(natives(), &fonts, wants, 1).expect("a bad bitmap is no error");
        if let Some(pixels) = cache.colour_pixels_of(emoji, glyph, 16.0) {
            // The box: grey edges, a transparent inside.
            let grey = 0xff80_8080;
            if pixels.0[0] == grey && pixels.0[pixels.1 + 1] == 0 {
                boxes += 1;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(boxes > 0, "some glyphs lost their PNG and are drawn as boxes");
    assert!(boxes < run.len(), "and the others still decode");
}

/// A font book whose colour face is the COLR test font (`natives/tests/paint/build_font.py`, built now with
/// fontTools; ci/setup --for test installs it) under Noto Color Emoji's file name, searched first.
fn colr_book() -> (FontBook, PathBuf) {
    // A directory per call: the tests that use one run at once, and each removes its own.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("goldberry-colr-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../natives/tests/paint/build_font.py");
    let built = std::process::Command::new("python3").arg(script).arg(dir.join("NotoColorEmoji.ttf")).status();
    assert!(built.is_ok_and(|s| s.success()), "the COLR test font builds (ci/setup --for test installs fontTools)");
    let mut dirs = vec![dir.clone()];
    dirs.extend(crate::fonts::default_dirs());
    (FontBook::load_from(natives(), &dirs).expect("the book loads"), dir)
}

/// `c` of the colour face at 32 px, pen at (4, 40) on a 64 x 48 image, through the cache: premultiplied pixels.
fn draw_colr(fonts: &FontBook, c: char) -> Vec<u32> {
    let g = natives();
    let font = fonts.id(Face::Emoji, 32.0);
    let run = fonts.shape(font, &c.to_string());
    let mut cache = GlyphCache::new();
    let mut wants = Wants::default();
    cache.collect_colour(
        fonts,
        Pen { glyph: (font, Color(0)), scale: 1.0, x: 4.0, y: 40.0, run: &run },
        &mut wants.colour,
    );
    cache.fill(g, fonts, wants, 1).expect("fill");
    let mut bytes = vec![0u8; 64 * 48 * 4];
    {
        let mut view = ImageView::over_pixels(g, &mut bytes, 64, 48, 256, PixelFormat::Prgb32).expect("a view");
        let mut ctx = Context::begin_view(&mut view).expect("a context");
        draw_colour_run(&mut ctx, g, fonts, Some(&cache), (font, 4.0, 40.0), &run).expect("drawn");
        ctx.end().expect("end");
    }
    bytes.chunks_exact(4).map(|p| u32::from_ne_bytes([p[0], p[1], p[2], p[3]])).collect()
}

#[test]
fn colr_glyphs_are_painted_through_harfbuzz_and_drawn_by_blend2d() {
    let (fonts, dir) = colr_book();
    let font = fonts.id(Face::Emoji, 32.0);
    assert!(fonts.is_colour(font) && fonts.is_colr(font), "the COLR font is a colour face");
    // A run in it names the table it comes from, as the text screen's report prints it.
    let format = crate::text::FaceSet::colour_format(&fonts, Face::Emoji.index());
    assert_eq!(format, Some("COLRv1"), "the test font paints COLR v1");
    // The box glyph spans x 100..900, y 0..800 of 1000 units: at 32 px from the pen (4, 40), x 7.2..32.8 and
    // y 14.4..40 in pixels.
    let at = |pixels: &[u32], x: usize, y: usize| pixels[y * 64 + x];
    let (r, g, b, a) = (|p: u32| (p >> 16) & 0xff, |p: u32| (p >> 8) & 0xff, |p: u32| p & 0xff, |p: u32| p >> 24);
    let solid = draw_colr(&fonts, 'A');
    assert_eq!(at(&solid, 20, 27), 0xffff_0000, "A: palette red inside the box");
    assert_eq!(at(&solid, 3, 27), 0, "nothing outside it");
    assert_eq!(at(&solid, 20, 10), 0, "nor above it");
    // B: linear, red at x 100 to blue at x 900 (repeat).
    let linear = draw_colr(&fonts, 'B');
    let (left, right) = (at(&linear, 9, 27), at(&linear, 31, 27));
    assert!(r(left) > 200 && b(left) < 50 && b(right) > 200 && r(right) < 50, "{left:08x} {right:08x}");
    // C: radial, red at the centre (500, 400) to blue at 300 units.
    let radial = draw_colr(&fonts, 'C');
    let centre = at(&radial, 20, 27);
    assert!(r(centre) > 200 && b(centre) < 60, "{centre:08x}");
    // E: green, moved by its transforms: some green pixels, no red.
    let moved = draw_colr(&fonts, 'E');
    assert!(moved.iter().any(|&p| g(p) > 200 && r(p) < 50 && a(p) == 255), "E draws green");
    // H: two layers, the second half-transparent blue over red on the bar.
    let layers = draw_colr(&fonts, 'H');
    let bar = at(&layers, 20, 27);
    assert!(a(bar) == 255 && r(bar) > 100 && b(bar) > 100, "red under half-transparent blue: {bar:08x}");
    // V (COLR v0): the box in red, the bar in green over it.
    let v0 = draw_colr(&fonts, 'V');
    assert_eq!(at(&v0, 20, 27), 0xff00_ff00, "the v0 bar in green");
    assert_eq!(at(&v0, 20, 20), 0xffff_0000, "the v0 box in red");
    // A paint cycle and a chain too deep paint nothing (HarfBuzz stops following them): drawn from their outline,
    // the box, in mid grey, without a hang or a panic.
    for bad in ['x', 'y'] {
        let outline = draw_colr(&fonts, bad);
        assert_eq!(at(&outline, 20, 27), 0xff80_8080, "{bad}: its outline in grey");
        assert_eq!(at(&outline, 3, 27), 0, "{bad}: nothing outside it");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The RGBA PNG at `path`, premultiplied, as `0xAARRGGBB`, with its width.
fn read_png_premultiplied(path: &std::path::Path) -> (Vec<u32>, usize) {
    let bytes = std::fs::read(path).expect("the reference PNG");
    let (w, _, pixels) = super::colour::decode_for_tests(&bytes);
    (pixels, w)
}

#[test]
fn colr_glyphs_match_an_independent_renderer_within_the_stated_tolerance() {
    let (fonts, dir) = colr_book();
    let g = natives();
    let px = 48.0f32;
    let font = fonts.id(Face::Emoji, px);
    let chars = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'V', 'L', 'M', 'N', 'O'];
    let mut cache = GlyphCache::new();
    let mut cells = Vec::new();
    for c in chars {
        let run = fonts.shape(font, &c.to_string());
        let mut wants = Wants::default();
        cache.collect_colour(
            &fonts,
            Pen { glyph: (font, Color(0)), scale: 1.0, x: 0.0, y: 0.0, run: &run },
            &mut wants.colour,
        );
        cache.fill(g, &fonts, wants, 1).expect("fill");
        let cell = cache.colour_cell_of(font, run.glyphs[0], px).expect("a cell");
        cells.push((c, cell));
    }
    let args: Vec<String> = cells
        .iter()
        .map(|(c, (pixels, w, (left, top)))| format!("{c}:{left},{top},{w},{}", pixels.len() / w))
        .collect();
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../natives/tests/paint/reference.py");
    let drawn = std::process::Command::new("python3")
        .arg(script)
        .arg(dir.join("NotoColorEmoji.ttf"))
        .arg(px.to_string())
        .arg(&dir)
        .args(&args)
        .status();
    assert!(drawn.is_ok_and(|s| s.success()), "blackrenderer draws the reference (ci/setup --for test installs it)");
    let mut report = Vec::new();
    for (c, (ours, w, _)) in &cells {
        let (theirs, tw) = read_png_premultiplied(&dir.join(format!("{:x}.png", *c as u32)));
        assert_eq!((tw, theirs.len()), (*w, ours.len()), "{c}: the reference is the cell's size");
        // Per channel: the mean difference in levels, and the share of pixels more than 32 levels off anywhere.
        let channels = |p: u32| [p >> 24, (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff];
        let (mut sum, mut far) = (0u64, 0usize);
        for (a, b) in ours.iter().zip(&theirs) {
            let d = channels(*a).iter().zip(channels(*b)).map(|(x, y)| x.abs_diff(y)).collect::<Vec<_>>();
            sum += d.iter().map(|&v| u64::from(v)).sum::<u64>();
            far += usize::from(d.iter().any(|&v| v > 32));
        }
        let mean = sum as f64 / (ours.len() * 4) as f64;
        let share = far as f64 / ours.len() as f64;
        report.push(format!("{c}: mean {mean:.2} levels, {:.1} % of pixels over 32 levels off", share * 100.0));
        // Every glyph, the sweeps (D, I, J and K: pad, repeat, reflect, and under a skewing transform, which
        // Blend2D's conic gradient draws right only when the sweep is laid out in device space) and the multiply
        // composite (F) too: within 2 levels on average, and at most 1 % of pixels (edges) more than 32 levels off.
        let (max_mean, max_share) = (2.0, 0.01);
        assert!(mean <= max_mean && share <= max_share, "{c} is off: {}", report.join("; "));
    }
    eprintln!("against blackrenderer (Skia) at {px} px: {}", report.join("; "));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The text screen's COLR v1 sample: its private-use characters reach the sample face (ci/setup builds it) through
/// the fallback chain, the face reads as COLR v1, and each glyph is painted in colour through HarfBuzz's paint
/// callbacks (the berry is mostly red, not the grey of a glyph drawn from its outline).
#[test]
fn the_text_screen_s_colr_sample_is_painted_in_colour_from_the_sample_face() {
    let fonts = fonts();
    let sample = Face::ColourSample.index();
    let style = crate::text::TextStyle::new(fonts.id(Face::Sans, 16.0));
    let pieces = fonts.shaped_pieces(&style, "COLR v1: \u{F0000}\u{F0001}\u{F0002}").expect("shaped");
    let items: Vec<_> = pieces.iter().flat_map(|p| &p.items).filter(|i| i.face == sample).collect();
    let glyphs: usize = items.iter().map(|i| i.run.glyphs.len()).sum();
    assert_eq!(glyphs, 3, "the three sample characters go to the sample face (ci/setup builds it): {items:?}");
    assert_eq!(crate::text::FaceSet::colour_format(fonts, sample), Some("COLRv1"));
    let g = natives();
    let font = fonts.id(Face::ColourSample, 32.0);
    assert!(fonts.is_colr(font), "the sample face is painted through the paint API");
    let run = fonts.shape(font, "\u{F0000}");
    let mut bytes = vec![0u8; 64 * 48 * 4];
    {
        let mut view = ImageView::over_pixels(g, &mut bytes, 64, 48, 256, PixelFormat::Prgb32).expect("a view");
        let mut ctx = Context::begin_view(&mut view).expect("a context");
        draw_colour_run(&mut ctx, g, fonts, None, (font, 4.0, 40.0), &run).expect("drawn");
        ctx.end().expect("end");
    }
    let pixels: Vec<[u8; 4]> = bytes.chunks_exact(4).map(|p| [p[0], p[1], p[2], p[3]]).collect();
    // Little-endian PRGB32: blue, green, red, alpha.
    let inked = pixels.iter().filter(|p| p[3] > 200).count();
    let red = pixels.iter().filter(|p| p[3] > 200 && p[2] > p[1].saturating_add(60)).count();
    assert!(inked > 200, "the berry is drawn: {inked} opaque pixels");
    assert!(red * 2 > inked, "and mostly red: {red} of {inked}");
}
