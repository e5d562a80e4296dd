//! Documents and stylesheets (record 23), against issue 31's targets: reading and building a 1,000-widget
//! document (≤ 5 ms), resolving every element's style of the tutorial cold (≤ 0.3 ms), and a hover restyle, one
//! widget's style under the pointer with the rest cached (≤ 0.02 ms). Also every style of the 1,000-widget
//! document cold. Prints p50 and p95 in ms over the rounds; these rows need no natives and no window.
//!
//! Then the side by side (issue 31: "a document screen's hover frame costs no more than the same screen in Rust
//! did"): the built-in Values page, served since record 23's gallery section from its document built into the
//! binary with its near-empty stylesheet, and `assets/docs/gallery/values.kdl`, the same document loaded through
//! the binary's `--doc` path, the pointer moved on and off the volume slider of each by input messages, one frame
//! a move, at 1920x1080 on one thread. The two are painted in alternating blocks so that the machine's drift
//! weighs on both. A process loads one document, so the bench runs itself twice more: once with the `--doc`
//! document unstyled, once with `assets/docs/gallery/values-dark.css`, the dark theme restated as custom
//! properties. (The Rust page the record's table measured is gone: the built-in side is now a document too.)
//!
//! `cargo bench -p goldberry --bench documents` (`GOLDBERRY_BENCH_ROUNDS=N` changes the 200 rounds,
//! `GOLDBERRY_BENCH_FRAMES=N` the side by side's 40 blocks of 20 frames each side).

mod support;

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Instant;

use goldberry::screens::ScreenId;
use goldberry::screens::document;
use goldberry::surface::Pixels;
use goldberry::ui::input::UiEvent;

use goldberry::document::read::{self, Built};
use goldberry::shell::report::Percentiles;
use goldberry::style::cascade::Styler;
use goldberry::style::{States, Stylesheet};
use support::rig::Rig;

/// A document of 10 sections of 10 rows of 10 widgets: sliders, bound progress bars, badges, buttons and
/// checkboxes, with ids and classes as a person writes them.
fn thousand() -> String {
    let mut doc = String::from("page title=\"A thousand\" {\n");
    for s in 0..10 {
        doc.push_str(&format!("  section \"Section {s}\" class=\"group\" {{\n"));
        for r in 0..10 {
            doc.push_str(&format!("    row \"Row {r}\" {{\n"));
            let id = format!("s{s}r{r}");
            doc.push_str(&format!("      slider \"Level\" id={id} min=0 max=100 value=40 step=5 width=120\n"));
            doc.push_str(&format!("      progress \"Level\" id={id}p bind={id} width=80\n"));
            doc.push_str(
                "      badge \"Info\" variant=\"info\" class=\"tag\"\n      badge \"Live\" variant=\"success\"\n",
            );
            doc.push_str(&format!("      button \"Add\" id={id}b action=\"count\"\n      badge \"0\" bind={id}b\n"));
            doc.push_str("      checkbox \"On\" checked=#true\n      toggle \"Live\"\n");
            doc.push_str("      stat \"Level\" figure=\"40\"\n      rating \"Stars\" stars=3\n    }\n");
        }
        doc.push_str("  }\n");
    }
    doc.push_str("}\n");
    doc
}

fn time(rounds: usize, mut f: impl FnMut()) -> Percentiles {
    Percentiles::of((0..rounds).map(|_| {
        let t = Instant::now();
        f();
        t.elapsed().as_secs_f64() * 1e3
    }))
}

/// A styler of `built` with every element's rest style computed, and how long that took.
fn styled(sheet: &Arc<Stylesheet>, built: &Built) -> Styler {
    let mut styler = Styler::new(sheet.clone(), built.nodes.clone());
    let mut warnings = Vec::new();
    for i in 0..built.nodes.len() {
        black_box(styler.style(i, States::NONE, &mut warnings));
    }
    styler
}

/// What the side-by-side child is told to load: the stylesheet's path, or this for none.
const UNSTYLED: &str = "none";
/// The variable that makes the bench the side-by-side child.
const SIDE: &str = "GOLDBERRY_BENCH_SIDE_BY_SIDE";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::args().any(|a| a == "--list") {
        return Ok(());
    }
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs");
    let gallery = assets.join("gallery");
    if let Ok(style) = std::env::var(SIDE) {
        if style == RELOAD {
            return reload_parts(&assets.join("tutorial.css"));
        }
        let style = (style != UNSTYLED).then(|| PathBuf::from(style));
        return side_by_side(&gallery.join("values.kdl"), style.as_deref());
    }
    styles(&assets)?;
    // Each variant in a process of its own (a process loads one document); their rows print as they come.
    for style in [UNSTYLED.to_owned(), gallery.join("values-dark.css").display().to_string(), RELOAD.to_owned()] {
        let status = Command::new(std::env::current_exe()?).env(SIDE, &style).status()?;
        if !status.success() {
            return Err(format!("the side by side with style {style} failed: {status}").into());
        }
    }
    Ok(())
}

/// What the child is told to run for the reload's parts instead of a side by side.
const RELOAD: &str = "reload";

/// A save of the 1,000-widget document (styled by the tutorial's stylesheet), taken apart as the window's loop
/// takes it (`ci/bench-reload` times the whole, from the file's save to the present): the files read, parsed,
/// built and styled again (`document::reload`), the session's pages rebuilt keeping what the person did
/// (`Session::reload`), and the frame that lays out and paints the new page, at 1920x1080 on the window's two
/// threads. Two versions alternate so each save changes pixels.
fn reload_parts(style: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::temp_dir().join(format!("goldberry-bench-reload-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let file = dir.join("thousand.kdl");
    let versions = [thousand(), thousand().replace("A thousand", "A thousand and one")];
    std::fs::write(&file, &versions[0])?;
    for warning in goldberry::screens::document::load(&file, Some(style))? {
        eprintln!("{warning}");
    }
    let (g, fonts) = support::natives_and_fonts("documents");
    let rounds: usize = support::env_number("GOLDBERRY_BENCH_ROUNDS").unwrap_or(200).min(40);
    let mut rig = Rig::new(g, &fonts, ScreenId::named(document::NAME).ok_or("no document screen")?, (1920, 1080), 2);
    let (mut read, mut rebuild, mut frame, mut whole) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds + 2 {
        std::fs::write(&file, &versions[(round + 1) % 2])?;
        let start = Instant::now();
        match goldberry::document::reload() {
            Some(goldberry::document::Reloaded::Swapped(_)) => {}
            other => return Err(format!("the save did not swap in: {other:?}").into()),
        }
        let read_ms = start.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        rig.session.reload();
        let rebuild_ms = t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        rig.frame(&fonts, Pixels::Kept);
        let frame_ms = t.elapsed().as_secs_f64() * 1e3;
        // Two warm-up saves, not timed.
        if round >= 2 {
            read.push(read_ms);
            rebuild.push(rebuild_ms);
            frame.push(frame_ms);
            whole.push(start.elapsed().as_secs_f64() * 1e3);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("a save of the 1,000-widget document taken apart, 1920x1080, 2 threads, {rounds} saves");
    for (name, ms) in [
        ("read, parse, build and style (document::reload)", read),
        ("rebuild the page, keep what was done (Session::reload)", rebuild),
        ("lay out and paint the frame", frame),
        ("the whole, without the watcher's wait and the present", whole),
    ] {
        let p = Percentiles::of(ms);
        println!("  {name:<56} p50 {:>8.3} ms  p95 {:>8.3} ms", p.p50, p.p95);
    }
    Ok(())
}

/// The built-in Values page and the `--doc` document, hovered in alternating blocks; prints each side's paint and whole-frame
/// p50 and p95 and their ratio.
fn side_by_side(doc: &Path, style: Option<&Path>) -> Result<(), Box<dyn std::error::Error>> {
    // The binary's load path: the same call `--doc FILE --style FILE` makes.
    for warning in goldberry::screens::document::load(doc, style)? {
        eprintln!("{warning}");
    }
    let (g, fonts) = support::natives_and_fonts("documents");
    let frames: usize = support::env_number("GOLDBERRY_BENCH_FRAMES").unwrap_or(800);
    const BLOCK: usize = 20;
    let named = |name: &str| ScreenId::named(name).ok_or_else(|| format!("no screen `{name}`"));
    let mut sides = [
        ("built-in values page", Rig::new(g, &fonts, named("values")?, (1920, 1080), 1), "values.volume"),
        ("--doc gallery/values.kdl", Rig::new(g, &fonts, named(document::NAME)?, (1920, 1080), 1), "doc.volume"),
    ];
    let mut clipboard = String::new();
    let mut paint = [Vec::new(), Vec::new()];
    let mut whole = [Vec::new(), Vec::new()];
    let centres = [sides[0].1.centre(sides[0].2), sides[1].1.centre(sides[1].2)];
    // A warm-up block each, not timed: the first hover computes the styles the rest find cached.
    for block in 0..2 + frames.div_ceil(BLOCK) * 2 {
        let k = block % 2;
        let (_, rig, _) = &mut sides[k];
        let (x, y) = centres[k];
        for i in 0..BLOCK {
            let at = if i % 2 == 0 { (x, y) } else { (x, y - 200.0) };
            let start = Instant::now();
            let now = rig.index as f64 / 60.0;
            rig.session.handle(&UiEvent::PointerMoved { x: at.0, y: at.1 }, now, &mut clipboard);
            let (ms, _) = rig.frame(&fonts, Pixels::Kept);
            if block >= 2 {
                paint[k].push(ms);
                whole[k].push(start.elapsed().as_secs_f64() * 1e3);
            }
        }
    }
    let style_name = style.map_or("unstyled".to_owned(), |s| format!("styled by {}", s.display()));
    println!(
        "side by side, hover on the volume slider, 1920x1080, 1 thr, {frames} frames a side; document {style_name}"
    );
    let mut p50 = [0.0; 2];
    for (k, (name, _, widget)) in sides.iter().enumerate() {
        let (p, w) = (Percentiles::of(paint[k].iter().copied()), Percentiles::of(whole[k].iter().copied()));
        p50[k] = p.p50;
        println!(
            "  {name:<26} {widget:<14} paint p50 {:.3} p95 {:.3} ms; input + frame p50 {:.3} p95 {:.3} ms",
            p.p50, p.p95, w.p50, w.p95
        );
    }
    println!("  --doc / built-in, paint p50: {:.2}  target <= 1.00 (within noise)", p50[1] / p50[0]);
    Ok(())
}

/// The style rows (see the module docs).
fn styles(assets: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let rounds: usize = std::env::var("GOLDBERRY_BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let kdl = std::fs::read_to_string(assets.join("tutorial.kdl"))?;
    let css = std::fs::read_to_string(assets.join("tutorial.css"))?;
    let big = thousand();
    let tutorial = read::read(Path::new("tutorial.kdl"), &kdl)?;
    let many = read::read(Path::new("thousand.kdl"), &big)?;
    assert_eq!(many.page.widgets.len(), 1000);
    let sheet = Arc::new(Stylesheet::parse(Path::new("tutorial.css"), &css).0);

    let row = |name: &str, p: Percentiles, target: &str| {
        println!("{name:<44} p50 {:>8.4} ms  p95 {:>8.4} ms   target {target}", p.p50, p.p95);
    };
    row(
        "parse and build, 1,000 widgets",
        time(rounds, || {
            black_box(read::read(Path::new("thousand.kdl"), &big).ok());
        }),
        "5 ms",
    );
    // The reader's own KDL pass; the rest is the build.
    row(
        "  of which reading the KDL (syntax::read_fast)",
        time(rounds, || {
            black_box(goldberry::document::syntax::read_fast(&big));
        }),
        "-",
    );
    // What the same text costs the kdl crate, which keeps every space and comment for round trips: the reader
    // hands it only what the fast pass leaves, and every syntax error.
    row(
        "  the kdl crate's parse of it, beside",
        time(rounds, || {
            black_box(big.parse::<kdl::KdlDocument>().ok());
        }),
        "-",
    );
    row(
        "parse the tutorial's stylesheet",
        time(rounds, || {
            black_box(Stylesheet::parse(Path::new("tutorial.css"), &css));
        }),
        "-",
    );
    row(
        &format!("every style of the tutorial, cold ({} elements)", tutorial.nodes.len()),
        time(rounds, || {
            black_box(styled(&sheet, &tutorial));
        }),
        "0.3 ms",
    );
    // A hover: the button's style under the pointer, every other style cached (the warm-up is not timed).
    let button = tutorial.nodes.iter().position(|n| n.id.as_deref() == Some("add")).ok_or("no #add")?;
    let mut warm: Vec<Styler> = (0..rounds).map(|_| styled(&sheet, &tutorial)).collect();
    let mut next = warm.iter_mut();
    row(
        "a hover restyle (one widget)",
        time(rounds, || {
            if let Some(s) = next.next() {
                let mut w = Vec::new();
                black_box(s.style(button, States::HOVER, &mut w));
                assert_eq!(s.computed, tutorial.nodes.len() as u64 + 1, "one style computed");
            }
        }),
        "0.02 ms",
    );
    row(
        &format!("every style of 1,000 widgets, cold ({} elements)", many.nodes.len()),
        time(rounds.min(50), || {
            black_box(styled(&sheet, &many));
        }),
        "-",
    );
    Ok(())
}
