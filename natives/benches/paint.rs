//! The paint API's upcalls: what painting one COLR v1 glyph through HarfBuzz's callbacks costs (every operation an
//! upcall into Rust, under `catch_unwind`, handed to a sink that keeps it), beside Blend2D filling the same glyph's
//! outline directly (what a glyph of one solid layer comes to once drawn). The glyphs are those of the test font
//! `tests/paint/build_font.py` builds with fontTools (ci/setup --for test installs it): A (one solid layer),
//! B, C, D (a linear, radial, sweep gradient), E (five transforms), F (a composite), H (two layers).
//! Prints ns per glyph, p50 over the rounds.
//!
//! `cargo bench -p goldberry-natives --bench paint` (`GOLDBERRY_BENCH_ROUNDS=N` changes the 200 rounds of 1,000
//! glyphs).

use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use goldberry_natives::Goldberry;
use goldberry_natives::blend2d::{self, Context, Image, PixelFormat, Rgba32, Style};
use goldberry_natives::glyphs::{GlyphPlacement, GlyphRun};
use goldberry_natives::harfbuzz::{Face, Font, PaintOp, PaintSink};

/// Keeps every operation, as a recorder into a display list would.
struct Keep(Vec<PaintOp>);

impl PaintSink for Keep {
    fn paint(&mut self, op: PaintOp) {
        self.0.push(op);
    }
}

fn p50(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: usize = std::env::var("GOLDBERRY_BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let g = Goldberry::load(None)?;
    let path = std::env::temp_dir().join(format!("goldberry-paint-bench-{}.ttf", std::process::id()));
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/paint/build_font.py");
    if !Command::new("python3").arg(&script).arg(&path).status()?.success() {
        return Err("building the COLR test font failed: ci/setup --for test installs fontTools".into());
    }
    let face = Face::from_file(g, &path, 0)?;
    let font = Font::new(&face)?;
    let bl_face = blend2d::FontFace::from_file(g, &path)?;
    let bl_font = blend2d::Font::new(&bl_face, 28.0)?;
    let mut image = Image::new(g, 64, 64, PixelFormat::Prgb32)?;
    println!("paint bench: ns per glyph, p50 of {rounds} rounds of 1,000 (glyphs of tests/paint/build_font.py)");
    println!("{:<6} {:>4} {:>14} {:>18}", "glyph", "ops", "paint upcalls", "Blend2D outline");
    for c in ['A', 'B', 'C', 'D', 'E', 'F', 'H'] {
        let Some(glyph) = font.nominal_glyph(c) else { continue };
        let mut keep = Keep(Vec::with_capacity(64));
        let ops = font.paint_glyph(glyph, 0, 0xff00_0000, &mut keep).ops;
        let run = GlyphRun {
            glyphs: vec![glyph],
            placements: vec![GlyphPlacement::default()],
            clusters: vec![0],
            units_per_em: 1000,
        };
        let (mut painted, mut filled) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let start = Instant::now();
            for _ in 0..1000 {
                keep.0.clear();
                black_box(font.paint_glyph(black_box(glyph), 0, 0xff00_0000, &mut keep));
            }
            painted.push(start.elapsed().as_secs_f64() * 1e6);
            let mut ctx = Context::begin(&mut image)?;
            ctx.set_fill(&Style::Solid(Rgba32(0xffff_0000)))?;
            let start = Instant::now();
            for _ in 0..1000 {
                ctx.fill_glyph_run(&bl_font, 4.0, 48.0, black_box(&run))?;
            }
            filled.push(start.elapsed().as_secs_f64() * 1e6);
            ctx.end()?;
        }
        println!("{c:<6} {ops:>4} {:>11.0} ns {:>15.0} ns", p50(painted), p50(filled));
    }
    let _ = std::fs::remove_file(&path);
    Ok(())
}
