//! The accessibility bench: what the tree costs, built from the session after each frame as the desktop's screen
//! reader path builds it.
//!
//! `cargo bench -p goldberry --bench access` prints, for every screen at 1920x1080 (the heaviest is the one with the
//! most nodes):
//! - the whole tree built and turned into AccessKit's first update (target: <= 1 ms for the heaviest screen);
//! - the update after a hover (nothing a screen reader hears changes: no node sent) and after a value change (the
//!   slider stepped by a key: its node sent) (target: <= 0.05 ms);
//! - a keystroke in a kit area of 2,000 characters (target: <= 0.05 ms p50) and of 1 MiB (target: <= 0.2 ms p95):
//!   the area's node made by its `access()` (its editor's lines, shared) and the update AccessKit is sent, which
//!   holds the line typed in and the area (its caret moved).
//!
//! `GOLDBERRY_BENCH_FRAMES=N` changes the 300 measurements a row.

mod support;

use std::time::Instant;

use goldberry::access::{KitTree, nodes};
use goldberry::geom::Rect;
use goldberry::screens::ScreenId;
use goldberry::shell::report::Percentiles;
use goldberry::ui::edit::MAX_BYTES;
use goldberry::ui::input::{Button, Key, Mods, UiEvent};
use goldberry::widgets::area::Area;
use goldberry::widgets::{Node, Widget};
use support::rig::Rig;

fn met(ok: bool) -> &'static str {
    if ok { "met" } else { "MISSED" }
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let (g, fonts) = support::natives_and_fonts("access");
    let frames: usize = support::env_number("GOLDBERRY_BENCH_FRAMES").unwrap_or(300);
    println!("goldberry access bench: the accessibility tree after a frame, {frames} a row (ms)");
    let mut heaviest = (0, "", 0.0);
    for screen in ScreenId::all() {
        let rig = Rig::new(g, &fonts, screen, (1920, 1080), 1);
        let mut times = Vec::new();
        let mut count = 0;
        for _ in 0..frames {
            let start = Instant::now();
            let all = nodes(&rig.session);
            let update = KitTree::default().update(screen.title(), &all, 1.0, (1920, 1080));
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            count = update.map_or(0, |u| u.nodes.len());
        }
        let p = Percentiles::of(times.iter().copied());
        println!("whole tree of {}: {count} nodes, build p50 {:.4} p95 {:.4}", screen.name(), p.p50, p.p95);
        if count > heaviest.0 {
            heaviest = (count, screen.name(), p.p50);
        }
    }
    let (count, name, p50) = heaviest;
    println!("the heaviest, {name} ({count} nodes): p50 {p50:.4}  target <= 1 ms ({})", met(p50 <= 1.0));

    // On the values page: a hover (no node changes) and a slider's key step (its node changes).
    let values = ScreenId::named("values").expect("the values page");
    let mut rig = Rig::new(g, &fonts, values, (1920, 1080), 1);
    let mut tree = KitTree::default();
    let _ = tree.update(values.title(), &nodes(&rig.session), 1.0, (1920, 1080));
    let (x, y) = rig.centre("values.volume");
    let mut clipboard = String::new();
    // A click focuses the slider, so that the arrows step it.
    rig.session.handle(&UiEvent::ButtonDown { button: Button::Left, x, y, clicks: 1 }, 0.0, &mut clipboard);
    rig.session.handle(&UiEvent::ButtonUp { button: Button::Left, x, y }, 0.0, &mut clipboard);
    let (mut hover, mut step, mut sent) = (Vec::new(), Vec::new(), 0);
    for i in 0..frames {
        let at = if i % 2 == 0 { (x, y) } else { (x, y - 200.0) };
        rig.session.handle(&UiEvent::PointerMoved { x: at.0, y: at.1 }, 0.0, &mut clipboard);
        let start = Instant::now();
        let update = tree.update(values.title(), &nodes(&rig.session), 1.0, (1920, 1080));
        hover.push(start.elapsed().as_secs_f64() * 1000.0);
        sent += update.map_or(0, |u| u.nodes.len());
    }
    let hover_sent = sent;
    sent = 0;
    for i in 0..frames {
        let key = if i % 2 == 0 { Key::Right } else { Key::Left };
        rig.session.handle(&UiEvent::KeyDown { key, mods: Mods::NONE, repeat: false }, 0.0, &mut clipboard);
        let start = Instant::now();
        let update = tree.update(values.title(), &nodes(&rig.session), 1.0, (1920, 1080));
        step.push(start.elapsed().as_secs_f64() * 1000.0);
        sent += update.map_or(0, |u| u.nodes.len());
    }
    let (h, s) = (Percentiles::of(hover.iter().copied()), Percentiles::of(step.iter().copied()));
    println!(
        "update after a hover on values.volume: p50 {:.4} p95 {:.4}, {:.1} nodes sent a frame  target <= 0.05 ({})",
        h.p50,
        h.p95,
        hover_sent as f64 / frames as f64,
        met(h.p50 <= 0.05)
    );
    println!(
        "update after a key step of values.volume: p50 {:.4} p95 {:.4}, {:.1} nodes sent a frame  target <= 0.05 ({})",
        s.p50,
        s.p95,
        sent as f64 / frames as f64,
        met(s.p50 <= 0.05)
    );

    keystrokes(frames, 2_000, "2,000 characters", |p| (p.p50, "p50", 0.05));
    keystrokes(frames, 1 << 20, "1 MiB", |p| (p.p95, "p95", 0.2));
}

/// Typing at the middle of a kit area of about `size` bytes (lines of 60 characters), as a person types: each
/// keystroke's node made by the area's own `access()` and the update built from it.
fn keystrokes(frames: usize, size: usize, label: &str, target: impl Fn(&Percentiles) -> (f64, &'static str, f64)) {
    let line = "The quick brown fox jumps over the lazy dog, again and again\n";
    // Short of an area's most by a letter a keystroke, so the last keystroke still fits.
    let text = line.repeat(size.min(MAX_BYTES.saturating_sub(frames)) / line.len());
    let mut area = Area::new("bench.area", "Notes", &text, 600.0);
    area.edit.move_to((text.len() / 2 / line.len()) * line.len() + 10, false);
    let node = |area: &Area| Node::part("bench.area", 0, area.access(), Rect::new(10.0, 10.0, 600.0, 400.0));
    let mut tree = KitTree::default();
    let _ = tree.update("bench", &[node(&area)], 1.0, (1920, 1080));
    let (mut times, mut sent) = (Vec::new(), 0);
    for _ in 0..frames {
        area.edit.insert("x", true).expect("room for a letter");
        let start = Instant::now();
        let made = node(&area);
        let update = tree.update("bench", std::slice::from_ref(&made), 1.0, (1920, 1080));
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        sent += update.map_or(0, |u| u.nodes.len());
    }
    let p = Percentiles::of(times.iter().copied());
    let (figure, which, limit) = target(&p);
    println!(
        "a keystroke in a {label} area ({} lines): p50 {:.4} p95 {:.4}, {:.1} nodes sent a keystroke  target {which} <= {limit} ({})",
        area.edit.lines().len(),
        p.p50,
        p.p95,
        sent as f64 / frames as f64,
        met(figure <= limit)
    );
}
