//! Shaping time per 1,000 characters: Latin, Arabic and mixed text (English with Arabic, Hebrew, Devanagari and
//! Thai words) through the text engine's shaping stage uncached (bidi levels, itemizing with fallback per grapheme
//! cluster, HarfBuzz per item), and wrapping the shaped text into lines 400 px wide with their runs in visual
//! order. Prints p50 and p95 over the rounds, per 1,000 characters.
//!
//! `cargo bench -p goldberry --bench shaping` (`GOLDBERRY_BENCH_ROUNDS=N` changes the 200 rounds).

use std::hint::black_box;
use std::time::Instant;

use goldberry::fonts::{Face, FontBook};
use goldberry::shell::report::Percentiles;
use goldberry::text::lines::lay_out;
use goldberry::text::shape::shape_piece;
use goldberry::text::{BaseDirection, FaceSet, Features, TextStyle};
use goldberry_natives::Goldberry;
use goldberry_natives::harfbuzz::Buffer;

/// `words` repeated, space-separated, to at least `chars` characters.
fn sample(words: &[&str], chars: usize) -> String {
    let mut text = String::new();
    let mut i = 0;
    while text.chars().count() < chars {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(words[i % words.len()]);
        i += 1;
    }
    text
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: usize = std::env::var("GOLDBERRY_BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let g = Goldberry::load(None)?;
    let fonts = FontBook::load(g)?;
    let font = fonts.id(Face::Sans, 14.0);
    let (primary, size_px) = fonts.face_of(font);
    let mut buffer = Buffer::new(g)?;
    let features = Features::default().to_harfbuzz();
    let latin = sample(
        &[
            "Blend2D", "paints", "every", "card,", "Yoga", "lays", "them", "out,", "HarfBuzz", "shapes", "their",
            "text.",
        ],
        1000,
    );
    let arabic = sample(
        &[
            "\u{645}\u{631}\u{62d}\u{628}\u{627}",
            "\u{628}\u{627}\u{644}\u{639}\u{627}\u{644}\u{645}",
            "\u{627}\u{644}\u{646}\u{635}",
            "\u{627}\u{644}\u{639}\u{631}\u{628}\u{64a}",
        ],
        1000,
    );
    let mixed = sample(
        &[
            "The",
            "word",
            "\u{645}\u{631}\u{62d}\u{628}\u{627}",
            "means",
            "hello;",
            "\u{5e9}\u{5dc}\u{5d5}\u{5dd}",
            "too,",
            "\u{928}\u{92e}\u{938}\u{94d}\u{924}\u{947}",
            "and",
            "\u{e2a}\u{e27}\u{e31}\u{e2a}\u{e14}\u{e35}",
            "(2026).",
        ],
        1000,
    );
    println!("shaping bench: Inter 14 px, {rounds} rounds, figures per 1,000 characters (p50 / p95)");
    for (name, text) in [("latin", &latin), ("arabic", &arabic), ("mixed", &mixed)] {
        let per_k = 1000.0 / text.chars().count() as f64;
        // Warm HarfBuzz's shape plans and the lazily loaded fallback faces.
        let piece = shape_piece(&fonts, &mut buffer, primary, &features, BaseDirection::Auto, text)?;
        let mut shape_ms = Vec::with_capacity(rounds);
        let mut wrap_ms = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            let start = Instant::now();
            let shaped = shape_piece(&fonts, &mut buffer, primary, &features, BaseDirection::Auto, black_box(text))?;
            shape_ms.push(start.elapsed().as_secs_f64() * 1000.0 * per_k);
            let start = Instant::now();
            black_box(lay_out(&fonts, black_box(&shaped), 0, size_px, Some(400.0)));
            wrap_ms.push(start.elapsed().as_secs_f64() * 1000.0 * per_k);
        }
        let (shape, wrap) = (Percentiles::of(shape_ms), Percentiles::of(wrap_ms));
        let items = piece.items.len();
        println!(
            "{name:7} shape {:.3} / {:.3} ms   wrap+runs at 400 px {:.3} / {:.3} ms   ({} chars, {items} items)",
            shape.p50,
            shape.p95,
            wrap.p50,
            wrap.p95,
            text.chars().count()
        );
    }
    // A 100,000-character paste in one hard line, shaped and wrapped whole, uncached: what an edit of it costs.
    let long = mixed.repeat(100);
    let long_rounds = (rounds / 20).max(3);
    let (mut shape_ms, mut wrap_ms) = (Vec::new(), Vec::new());
    for _ in 0..long_rounds {
        let start = Instant::now();
        let shaped = shape_piece(&fonts, &mut buffer, primary, &features, BaseDirection::Auto, black_box(&long))?;
        shape_ms.push(start.elapsed().as_secs_f64() * 1000.0);
        let start = Instant::now();
        black_box(lay_out(&fonts, black_box(&shaped), 0, size_px, Some(400.0)));
        wrap_ms.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    let (shape, wrap) = (Percentiles::of(shape_ms), Percentiles::of(wrap_ms));
    println!(
        "mixed, {} chars in one hard line ({long_rounds} rounds, whole): shape {:.2} / {:.2} ms   wrap+runs {:.2} / {:.2} ms",
        long.chars().count(),
        shape.p50,
        shape.p95,
        wrap.p50,
        wrap.p95
    );
    // A keystroke in a paste, through the font book as an editor calls it (caches warm): one chunk re-shaped, the
    // line joined, wrapped and its runs cut again.
    let style = TextStyle::new(font);
    for (name, paste) in [("latin", latin.repeat(100)), ("mixed", long)] {
        fonts.layout(&style, &paste, Some(400.0))?;
        let mut keystroke_ms = Vec::new();
        let mut edited = paste.clone();
        for i in 0..long_rounds * 4 {
            let at = edited.len() / 2 + i * 7;
            let at = (at..edited.len()).find(|&b| edited.is_char_boundary(b)).unwrap_or(edited.len());
            edited.insert(at, 'x');
            let start = Instant::now();
            black_box(fonts.layout(&style, black_box(&edited), Some(400.0))?);
            keystroke_ms.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        let keystroke = Percentiles::of(keystroke_ms);
        println!(
            "a keystroke in a {} chars {name} paste (one hard line), FontBook::layout at 400 px: {:.2} / {:.2} ms",
            paste.chars().count(),
            keystroke.p50,
            keystroke.p95
        );
    }
    Ok(())
}
