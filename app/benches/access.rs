//! The accessibility bench: what the tree costs, built from the session after each frame as the desktop's screen
//! reader path builds it.
//!
//! `cargo bench -p goldberry --bench access` prints, for every screen at 1920x1080 (the heaviest is the one with the
//! most nodes):
//! - the whole tree built and turned into AccessKit's first update (target: <= 1 ms for the heaviest screen);
//! - the update after a hover (nothing a screen reader hears changes: no node sent) and after a value change (the
//!   slider stepped by a key: its node sent) (target: <= 0.05 ms);
//! - a keystroke in a kit area of 2,000 characters (target: <= 0.05 ms p50) and of 1 MiB (target: <= 0.2 ms p95):
//!   the area's node made by its `access()` (its editor's lines, shared, and the layout the frame after the
//!   keystroke made, which is laid out before the clock starts) and the update AccessKit is sent, which holds the
//!   rows of the line typed in and the area (its caret moved); when the line gains a row, the rows after it too.
//!
//! `GOLDBERRY_BENCH_FRAMES=N` changes the 300 measurements a row.
//!
//! With `GOLDBERRY_BENCH_ADAPTER=1`, inside a D-Bus session whose accessibility is on (`ci/bench-screen-reader`
//! makes one), it then hands the same keystrokes to the AT-SPI layer (`shell::atspi`) as the app does, a keystroke a frame,
//! and times the app's side of it (the update built and taken in by the adapter, which works out the AT-SPI events
//! and queues them for its bus thread), in alternating blocks without an AT-SPI client and with one listening to
//! text-changed and caret-moved (`ci/atspi_listen.py`, which reads the caret on each, as a screen reader does).

mod support;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use accesskit::{ActionHandler, ActionRequest, ActivationHandler, DeactivationHandler, TreeUpdate};

use goldberry::access::{KitTree, nodes};
use goldberry::fonts::FontBook;
use goldberry::geom::Rect;
use goldberry::screens::ScreenId;
use goldberry::shell::report::Percentiles;
use goldberry::ui::edit::MAX_BYTES;
use goldberry::ui::input::{Button, Key, Mods, UiEvent};
use goldberry::widgets::area::Area;
use goldberry::widgets::pen::KitFonts;
use goldberry::widgets::{Density, Measure, Node, Widget};
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

    keystrokes(&fonts, frames, 2_000, "2,000 characters", |p| (p.p50, "p50", 0.05));
    keystrokes(&fonts, frames, 1 << 20, "1 MiB", |p| (p.p95, "p95", 0.2));
    if std::env::var_os("GOLDBERRY_BENCH_ADAPTER").is_some() {
        for (size, label) in [(2_000, "2,000 characters"), (1 << 20, "1 MiB")] {
            if let Err(why) = adapter_keystrokes(&fonts, frames, size, label) {
                eprintln!("access bench: the adapter rows: {why}");
                std::process::exit(1);
            }
        }
    }
}

/// A kit area of about `size` bytes (lines of 60 characters) with its caret mid-text, room left for `frames`
/// letters.
fn area_of(size: usize, frames: usize) -> Area {
    let line = "The quick brown fox jumps over the lazy dog, again and again\n";
    // Short of an area's most by a letter a keystroke, so the last keystroke still fits.
    let text = line.repeat(size.min(MAX_BYTES.saturating_sub(frames)) / line.len());
    let mut area = Area::new("bench.area", "Notes", &text, 600.0);
    area.edit.move_to((text.len() / 2 / line.len()) * line.len() + 10, false);
    area
}

/// Where the bench's area stands in the window.
const AREA: Rect = Rect { x: 10.0, y: 10.0, w: 600.0, h: 400.0 };

/// Lays the area out as the frame after a keystroke does, before the tree is built from it (not timed: the frame's
/// cost, not the tree's).
fn lay_out(area: &mut Area, fonts: &FontBook) {
    let m = Measure { fonts, f: KitFonts::new(fonts), density: Density::Regular };
    if let Some(laid) = area.lay_text(&m, AREA, false) {
        area.take_laid(laid);
    }
}

/// The area's node as the app's tree gives it.
fn area_node(area: &Area) -> Node {
    Node::part("bench.area", 0, area.access(), AREA)
}

/// Typing at the middle of a kit area of about `size` bytes (lines of 60 characters), as a person types: each
/// keystroke's node made by the area's own `access()` and the update built from it.
fn keystrokes(
    fonts: &FontBook,
    frames: usize,
    size: usize,
    label: &str,
    target: impl Fn(&Percentiles) -> (f64, &'static str, f64),
) {
    let mut area = area_of(size, frames);
    let node = area_node;
    let mut tree = KitTree::default();
    lay_out(&mut area, fonts);
    let _ = tree.update("bench", &[node(&area)], 1.0, (1920, 1080));
    let (mut times, mut sent) = (Vec::new(), 0);
    for _ in 0..frames {
        area.edit.insert("x", true).expect("room for a letter");
        lay_out(&mut area, fonts);
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

/// The adapter's handlers for the bench: the tree goes with the first update, and nobody acts.
struct Nobody;

impl ActivationHandler for Nobody {
    fn request_initial_tree(&mut self) -> Option<TreeUpdate> {
        None
    }
}

impl ActionHandler for Nobody {
    fn do_action(&mut self, _: ActionRequest) {}
}

impl DeactivationHandler for Nobody {
    fn deactivate_accessibility(&mut self) {}
}

/// A keystroke a frame in an area of about `size` bytes, handed to the AT-SPI layer: three rounds of a
/// block without a listener and a block with one, side by side.
fn adapter_keystrokes(fonts: &FontBook, frames: usize, size: usize, label: &str) -> Result<(), String> {
    const SIZE: (u32, u32) = (1920, 1080);
    let mut area = area_of(size, frames);
    lay_out(&mut area, fonts);
    let mut adapter = goldberry::shell::atspi::Adapter::new(Nobody, Nobody, Nobody);
    let mut tree = KitTree::default();
    // The adapter is active once it has joined the session's accessibility bus; its first update is the whole tree.
    let until = Instant::now() + Duration::from_secs(20);
    let mut active = false;
    while !active {
        if Instant::now() > until {
            return Err("the adapter never became active: run it in ci/bench-screen-reader's D-Bus session".into());
        }
        std::thread::sleep(Duration::from_millis(50));
        adapter.update_if_active(|| {
            active = true;
            tree.update("bench", &[area_node(&area)], 1.0, SIZE).unwrap_or_else(|| tree.full())
        });
    }
    let block = (frames / 6).max(1);
    let (mut quiet, mut heard) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        for listening in [false, true] {
            let listener = if listening { Some(listen()?) } else { None };
            let times = if listening { &mut heard } else { &mut quiet };
            for _ in 0..block {
                area.edit.insert("x", true).map_err(|e| e.to_string())?;
                lay_out(&mut area, fonts);
                let start = Instant::now();
                adapter.update_if_active(|| {
                    let made = area_node(&area);
                    tree.update("bench", std::slice::from_ref(&made), 1.0, SIZE).unwrap_or_else(|| tree.unchanged())
                });
                times.push(start.elapsed().as_secs_f64() * 1000.0);
                // A keystroke a frame, as a person types: the listener hears each and reads the caret in between.
                std::thread::sleep(Duration::from_millis(16));
            }
            if let Some(mut child) = listener {
                // It runs until killed; that it is gone is all that matters here.
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
    let (q, h) = (Percentiles::of(quiet.iter().copied()), Percentiles::of(heard.iter().copied()));
    println!(
        "the adapter, a keystroke in a {label} area, {} each: no listener p50 {:.4} p95 {:.4}; a listener p50 {:.4} \
         p95 {:.4}; with/without p50 {:.2}x p95 {:.2}x",
        quiet.len(),
        q.p50,
        q.p95,
        h.p50,
        h.p95,
        h.p50 / q.p50,
        h.p95 / q.p95
    );
    Ok(())
}

/// Starts `ci/atspi_listen.py` and waits until it listens.
fn listen() -> Result<Child, String> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../ci/atspi_listen.py");
    let mut child = Command::new("/usr/bin/python3")
        .arg(script)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("/usr/bin/python3 {script}: {e}"))?;
    let mut said = String::new();
    if let Some(out) = child.stdout.take() {
        BufReader::new(out).read_line(&mut said).map_err(|e| format!("{script}: {e}"))?;
    }
    if said.trim() != "listening" {
        let _ = child.kill();
        return Err(format!("{script} did not start listening (is python3-pyatspi installed?)"));
    }
    // The registry passes the new listener's interest on to the bus before the block's first keystroke.
    std::thread::sleep(Duration::from_millis(300));
    Ok(child)
}
