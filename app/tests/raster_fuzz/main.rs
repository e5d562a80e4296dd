//! A differential raster fuzz (issue 24): random display lists drawn by our renderer at 1, 2 and 3 threads and
//! compared with an oracle's picture; every disagreement, error, panic or crash is shrunk to a minimal case and
//! saved in the text format of [`case`], and every case kept in `app/tests/fuzz_cases/` is replayed by
//! [`every_saved_case_draws_alike`] on every run.
//!
//! - **The lists** ([`generate`]): rects, round rects (radii past the box), stroked round rects, hairlines,
//!   circles, filled and stroked paths with degenerate segments, arcs as cubics, glyph runs (empty, a word, a
//!   sentence, thousands of glyphs) shaped with the app's font book, nested clips and translations, and layers at
//!   odd offsets; coordinates sub-pixel, a 1/256 px off a pixel edge, huge, tiny, now and then not finite;
//!   gradients with 0, 1 and many stops; strokes from zero width up; canvases from 1x1 to 256x192.
//! - **The oracle** ([`judge`]): vello_cpu when it draws every item of the list as Blend2D should, which is
//!   every item but glyph runs (vello_cpu's are skrifa's unhinted outlines, whose stems differ from Blend2D's by
//!   up to a pixel) and numbers past 1e5 or not finite (where f32 steps are coarser than an anti-aliased edge);
//!   otherwise our renderer at 1 thread with the glyph cache off, so that Blend2D's own glyph rasterizer checks
//!   the glyph cache. The oracle draws layers in place; the renderer under test blits them from its cache.
//!   vello_cpu draws at 4x (averaged down) and at 1x, and the judge's named rules ([`judge::Rule`]) tell the
//!   known kinds of disagreement that are not ours from findings; a run counts the cases each rule decided.
//! - **The measure**: the peers test's (`app/tests/peers.rs`): a pixel differs when a channel is more than 64
//!   levels off, and at most 0.1 % of the pixels may differ (at least 2, for canvases of a few pixels). The
//!   banded pictures are held to the 1-thread one exactly: any pixel off is a finding.
//! - **Crashes**: cases run in a child process ([`child`]), so that a segmentation fault names its seed.
//!
//! `cargo test -p goldberry --test raster_fuzz` runs [`CI_CASES`] seeds from [`CI_SEED`] (seconds in a debug
//! build), the findings still open ([`OPEN`]) allowed. A longer run: `GOLDBERRY_FUZZ_CASES=100000 GOLDBERRY_FUZZ_SEED=1000000 cargo test --release
//! -p goldberry --test raster_fuzz -- --nocapture`; findings are saved in `GOLDBERRY_FUZZ_SAVE` (default: the
//! target's `tmp/fuzz-findings/`). The book's chapter "Performance checks" has the figures.

#[path = "../../benches/peers/mod.rs"]
mod peers;

mod case;
mod child;
mod generate;
mod judge;
mod rng;
mod shrink;

use std::path::PathBuf;

/// The first seed of the run CI makes.
const CI_SEED: u64 = 1;

/// The cases CI runs: about a minute of a debug build on two cores, as `cargo test --workspace` runs it (the
/// book's chapter "The raster fuzz" has the figure; a hang found costs the worker's minute of silence). 1,500 since
/// the oracle draws vello_cpu twice, once at 16 times the pixels: 2,000 took 83 s.
const CI_CASES: u64 = 1500;

/// Seeds of the CI set whose findings are explained but not fixed (the book's chapter "The raster fuzz" says
/// what each is): a run fails on a finding of any other seed, and names those of these that pass.
/// - 1135: a stroke whose outline overlaps itself inside a pixel (the path turns back within it): Blend2D sums
///   the overlapping parts' coverage there (up to 92 levels over the exact share); neither of vello_cpu's
///   pictures has the same outline to sum.
const OPEN: [u64; 1] = [1135];

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(value) => value.trim().parse().unwrap_or_else(|_| panic!("{name} must be a whole number, not {value:?}")),
        Err(_) => default,
    }
}

/// The fuzz itself: `GOLDBERRY_FUZZ_CASES` seeds (default [`CI_CASES`]) from `GOLDBERRY_FUZZ_SEED` (default
/// [`CI_SEED`]), each list drawn alike at every thread count and as the oracle draws it.
#[test]
fn random_lists_draw_alike_at_every_thread_count_and_as_the_oracle_draws_them() {
    let (first, count) = (env_number("GOLDBERRY_FUZZ_SEED", CI_SEED), env_number("GOLDBERRY_FUZZ_CASES", CI_CASES));
    let report = child::run(first, count, 1_000, &OPEN);
    println!(
        "fuzz: {} cases, seeds {first}..{}, in {:.1} s ({:.0} a second): {} judged by vello_cpu, {} by the 1-thread renderer; \
         banded pictures at most {} level(s) from the 1-thread one; decided by a rule: {:?}; {} finding(s)",
        report.cases,
        first.saturating_add(count),
        report.elapsed.as_secs_f64(),
        report.cases as f64 / report.elapsed.as_secs_f64().max(1e-9),
        report.by_vello,
        report.by_one_thread,
        report.band_max,
        report.by_rule,
        report.findings.len()
    );
    let seed_of = |line: &String| line.split(' ').next().and_then(|s| s.parse::<u64>().ok());
    let new: Vec<&String> = report.findings.iter().filter(|f| seed_of(f).is_none_or(|s| !OPEN.contains(&s))).collect();
    let passing: Vec<u64> = (first..first.saturating_add(count))
        .filter(|s| OPEN.contains(s) && !report.findings.iter().any(|f| seed_of(f) == Some(*s)))
        .collect();
    if !passing.is_empty() {
        println!("fuzz: open seeds that pass now (take them off OPEN once their fix is known): {passing:?}");
    }
    assert!(
        new.is_empty(),
        "{} new finding(s), saved in {}:\n{}",
        new.len(),
        child::save_dir().display(),
        new.iter().map(|f| f.as_str()).collect::<Vec<_>>().join("\n")
    );
}

/// Every case kept in `app/tests/fuzz_cases/` (each a finding once, fixed since) draws alike.
#[test]
fn every_saved_case_draws_alike() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_cases");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "case"))
        .collect();
    files.sort();
    let judge = judge::Judge::new();
    let mut failed = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let case = case::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if let Err(finding) = judge.judge(&case) {
            failed.push(format!("{}: {}: {}", path.display(), finding.kind.name(), finding.detail));
        }
    }
    assert!(failed.is_empty(), "{} saved case(s) fail again:\n{}", failed.len(), failed.join("\n"));
}

/// Rule "the pen covers the figure" applies only to closed figures under a round pen at least as wide as their
/// box's shorter side, in an opaque paint.
#[test]
fn the_figure_rule_takes_only_closed_figures_a_round_pen_covers() {
    use goldberry::display_list::{DisplayList, Op, PathCommand as C, PathData, Stroke};
    use goldberry::geom::Color;
    // Seed 3648: a quad 7 px long and 1 px high, closed.
    let quad = [C::MoveTo(6.0, 1.0), C::QuadTo(9.0, 1.0, 2.0, 0.0), C::Close];
    let round = |width| Stroke { width, round: true };
    assert!(judge::covered_figure(&quad, round(45.0)), "a pen wider than the figure");
    assert!(judge::covered_figure(&quad, round(1.0)), "a pen as wide as the box's shorter side");
    assert!(!judge::covered_figure(&quad, round(0.9)), "a narrower pen");
    assert!(!judge::covered_figure(&quad, Stroke { width: 45.0, round: false }), "a butt pen");
    assert!(!judge::covered_figure(&quad[..2], round(45.0)), "an open figure");
    let two = [C::MoveTo(0.0, 0.0), C::LineTo(1.0, 1.0), C::MoveTo(5.0, 5.0), C::LineTo(6.0, 5.0), C::Close];
    assert!(!judge::covered_figure(&two, round(45.0)), "a figure left open before the next");
    assert!(!judge::covered_figure(&[C::MoveTo(0.0, 0.0), C::LineTo(f32::NAN, 1.0), C::Close], round(45.0)));

    let stroke = |color: u32| {
        let path = PathData { commands: quad.to_vec() };
        let op = Op::StrokePath { path: path.into(), stroke: round(45.0), paint: Color(color).into() };
        DisplayList { ops: vec![op], ..DisplayList::default() }
    };
    assert_eq!(judge::pen_covers_the_figure(&stroke(0xFFEE_56FE)).ops.len(), 2, "the fill goes under the stroke");
    assert_eq!(judge::pen_covers_the_figure(&stroke(0x90BD_BA0F)).ops.len(), 1, "not under a translucent paint");
}

/// Rule "sums past a clip edge" moves only the clip edges that are inside a pixel (after the translations in
/// effect), each out to the pixel edge beyond it, and excuses a pixel only between the two pictures.
#[test]
fn the_clip_rule_moves_partial_clip_edges_out_and_excuses_only_between() {
    use goldberry::display_list::{DisplayList, Op};
    use goldberry::geom::{Color, Rect};
    let ops = vec![
        Op::PushTranslate(0.5, 0.25),
        Op::PushClip(Rect::new(1.0, 1.75, 3.25, 2.0)),
        Op::FillRect { rect: Rect::new(0.0, 0.0, 9.0, 9.0), paint: Color(0xFFFF_FFFF).into() },
        Op::PopClip,
        Op::PopTranslate,
        Op::PushClip(Rect::new(2.0, 3.0, 4.0, 5.0)),
        Op::PopClip,
    ];
    let out = judge::clips_outward(&DisplayList { ops, ..DisplayList::default() });
    // (1.5, 2.0) to (4.75, 4.0) on the canvas: out to (1, 2) and (5, 4), less the translation; whole ones stay.
    assert_eq!(out.ops[1], Op::PushClip(Rect::new(0.5, 1.75, 4.0, 2.0)));
    assert_eq!(out.ops[5], Op::PushClip(Rect::new(2.0, 3.0, 4.0, 5.0)));

    let (fine, outward) = ([50u8; 3], [200u8; 3]);
    let far = |ours: u8| judge::compare_within(&[ours; 3], &fine, None, Some(&outward), None).0;
    assert_eq!((far(50), far(120), far(200)), (0, 0, 0), "between the pictures");
    assert_eq!((far(10), far(250)), (40, 50), "outside them, as far as the nearer");
    assert_eq!(judge::compare_within(&[120; 3], &fine, None, None, None).0, 70, "no rule without the picture");
}

/// Rule "the pen covers the rect" applies only where the pen is at least as wide as the rect's shorter side, and
/// what vello_cpu then draws is the coverage worked out by hand: a judge with the rule still sees a stroke drawn
/// anywhere else.
#[test]
fn the_pen_rule_is_narrow_and_draws_what_the_pen_covers() {
    use goldberry::geom::Rect;
    assert!(judge::covered_by_pen(Rect::new(30.0, 49.0, 0.0, 47.0), 3.0), "a side of zero");
    assert!(judge::covered_by_pen(Rect::new(3.0, 1.5, 3.0, 1.5), 5.0), "a pen wider than the rect");
    assert!(judge::covered_by_pen(Rect::new(3.0, 1.5, 3.0, 5.0), 3.0), "a side as long as the pen");
    assert!(!judge::covered_by_pen(Rect::new(30.0, 49.0, 3.01, 47.0), 3.0), "a side longer than the pen");
    assert!(!judge::covered_by_pen(Rect::new(30.0, 49.0, 0.0, 47.0), 0.0), "no pen");
    assert!(!judge::covered_by_pen(Rect::new(30.0, 49.0, -1.0, 47.0), 3.0), "a rect of negative size");

    // A zero-width rect at x = 4 from y = 4 to 12, a 2 px butt pen: the pen covers x 3..5, y 3..13 exactly.
    let judge = judge::Judge::new();
    let text = "size 8 16\nstroke_round_rect 4.0 4.0 0.0 8.0 0.0 2.0 butt ; #FFFFFFFF\n";
    let case = case::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let flat = peers::flatten(&case.record(&judge.fonts));
    let (fine, summed) =
        judge.vello(&judge::pen_covers_the_rect(&flat), 8, 16).unwrap_or_else(|f| panic!("{}", f.detail));
    for (name, picture) in [("4x", &fine), ("1x", &summed)] {
        for y in 0..16 {
            for x in 0..8 {
                let expected = if (3..5).contains(&x) && (3..13).contains(&y) { 255 } else { 0 };
                let got = picture[(y * 8 + x) * 3];
                assert!(got.abs_diff(expected) <= 2, "{name}: pixel ({x}, {y}) is {got}, the pen covers {expected}");
            }
        }
    }
    // The same stroke of a rect 4 px wide is vello_cpu's own stroke, not the rule's fill.
    let text = "size 12 16\nstroke_round_rect 4.0 4.0 4.0 8.0 0.0 2.0 butt ; #FFFFFFFF\n";
    let case = case::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let flat = peers::flatten(&case.record(&judge.fonts));
    assert_eq!(judge::pen_covers_the_rect(&flat).ops, flat.ops, "a rect wider than the pen is left to vello_cpu");
}

/// Rule "either coverage" lets a pixel match vello_cpu's 1x picture or its 4x one; a shape that is missing or
/// one pixel off differs from both, and is still a finding.
#[test]
fn the_either_rule_still_catches_a_missing_or_moved_shape() {
    let judge = judge::Judge::new();
    let draw = |text: &str| {
        let case = case::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let flat = peers::flatten(&case.record(&judge.fonts));
        let mut ours = peers::Blend2d::new(judge.g, 1, case.width, case.height);
        ours.draw(&flat, &judge.fonts).unwrap_or_else(|e| panic!("{e}"));
        let (fine, summed) = judge.vello(&flat, case.width, case.height).unwrap_or_else(|f| panic!("{}", f.detail));
        (ours.rgb(), fine, summed)
    };
    let whole = "size 40 30\nrect 4.25 3.5 12.0 9.75 ; #FF3080F0\ncircle 26.0 18.0 7.5 ; #FFF08030\n";
    let (ours, fine, summed) = draw(whole);
    assert_eq!(judge::compare_either(&ours, &fine, Some(&summed), None).1, 0, "the whole list draws alike");
    let without_circle = "size 40 30\nrect 4.25 3.5 12.0 9.75 ; #FF3080F0\n";
    let moved = "size 40 30\nrect 5.25 3.5 12.0 9.75 ; #FF3080F0\ncircle 26.0 19.0 7.5 ; #FFF08030\n";
    for (what, text) in [("a missing circle", without_circle), ("both shapes a pixel off", moved)] {
        let (wrong, _, _) = draw(text);
        let over = judge::compare_either(&wrong, &fine, Some(&summed), None).1;
        assert!(over > 20, "{what}: only {over} pixels differ from both of vello_cpu's pictures");
    }
}

/// The text format reads back what it writes, for the cases of many seeds.
#[test]
fn the_case_format_reads_back_what_it_writes() {
    for seed in 0..500 {
        let case = generate::case(seed);
        let text = case::write(&case, "a comment\non two lines");
        let back = case::parse(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(case::write(&back, "a comment\non two lines"), text, "seed {seed}");
    }
}

/// The worker [`child`] runs in a child process; it does nothing unless `GOLDBERRY_FUZZ_WORKER` is set.
#[test]
#[ignore = "run by the fuzz in a child process"]
fn worker() {
    child::work();
}
