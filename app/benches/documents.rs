//! Documents and stylesheets (record 23), against issue 31's targets: reading and building a 1,000-widget
//! document (≤ 5 ms), resolving every element's style of the tutorial cold (≤ 0.3 ms), and a hover restyle, one
//! widget's style under the pointer with the rest cached (≤ 0.02 ms). Also every style of the 1,000-widget
//! document cold. Prints p50 and p95 in ms over the rounds; no natives, no window.
//!
//! `cargo bench -p goldberry --bench documents` (`GOLDBERRY_BENCH_ROUNDS=N` changes the 200 rounds).

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use goldberry::screens::document::read::{self, Built};
use goldberry::shell::report::Percentiles;
use goldberry::style::cascade::Styler;
use goldberry::style::{States, Stylesheet};

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

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: usize = std::env::var("GOLDBERRY_BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs");
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
    // The kdl crate's parse alone (it keeps every space and comment for round-trips): the rest is the build.
    row(
        "  of which the kdl crate's parse",
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
