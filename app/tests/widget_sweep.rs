//! The widget sweep (issue 43): random pointer, wheel and key steps over every screen, at random window sizes,
//! scales, densities, themes and directions, driven in-process through the session with the events SDL would
//! deliver (the HUD hidden), each step painted as a window's frame is. After every step it checks the rules every
//! widget keeps, for every widget at once:
//!
//! - **Escape unwinds**: it never quits while a popup, a composition or a focus is there to unwind;
//! - **the focus is where the keyboard is**: after Tab or Shift+Tab the focused part lies inside the window and a
//!   click on its centre reaches that widget;
//! - **what is drawn is what a click reaches**: the centre of every part of every widget hit-tests to that part,
//!   and so does every part node the accessibility tree lists (a screen reader's click lands where it says);
//! - **one focus**: the accessibility tree marks exactly one node focused while a widget has the focus;
//! - **values follow their role's model**: Space or Return on a radio group, a tab (not "+"), a pager, a carousel
//!   or a slider keeps its value; Space on "+" adds a tab and shows it; an arrow moves a radio group's choice one
//!   on in the reading direction; a spinner without the focus shows the value it holds;
//! - **layouts shrink**: at 320 units wide and more, every kit widget lies across the window and its parts inside
//!   its box;
//! - **mirrored is a mirror** (every tenth step): the same session laid out right to left puts every part at the
//!   mirror image of its box about the window's centre line.
//!
//! A finding names its seed and step and writes the steps as a `--script` (under the target directory) that
//! replays them through real SDL events. `GOLDBERRY_SWEEP_STEPS` sets the steps (CI: 10,000 over fixed seeds);
//! the release run in the book takes 100,000.

#[path = "support/pixels.rs"]
mod pixels;

use std::fmt::Write as _;

use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, Painter};
use goldberry::geom::Rect;
use goldberry::screens::ScreenId;
use goldberry::session::Session;
use goldberry::surface::{FrameBuffer, Pixels};
use goldberry::ui::input::{Button, Key, Mods, UiEvent};
use goldberry::ui::router::{Region, Router, Target};
use goldberry::widgets::LABEL_PART;
use goldberry_natives::Goldberry;
use serde_json::Value;

/// A small, seeded generator (xorshift64*): the same seed is the same run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A window the sweep drives: its session, painter and pixels, and the steps so far as script lines.
struct Window<'a> {
    fonts: &'a FontBook,
    painter: Painter,
    session: Session,
    buffer: FrameBuffer,
    scale: f32,
    index: u64,
    clipboard: String,
    script: Vec<String>,
}

impl<'a> Window<'a> {
    fn new(g: &'static Goldberry, fonts: &'a FontBook, screen: ScreenId, device: (u32, u32), scale: f32) -> Window<'a> {
        Window::of(g, fonts, Session::new(screen, false), device, scale)
    }

    /// A window showing `session` (its first frame painted).
    fn of(g: &'static Goldberry, fonts: &'a FontBook, session: Session, device: (u32, u32), scale: f32) -> Window<'a> {
        let painter = Painter::new(g, fonts, 1, false).expect("a painter");
        let mut w = Window {
            fonts,
            painter,
            session,
            buffer: FrameBuffer::new(device.0, device.1),
            scale,
            index: 0,
            clipboard: String::new(),
            script: Vec::new(),
        };
        w.frame(Pixels::Fresh);
        w
    }

    /// Device pixels a logical unit now (the zoom keys change it).
    fn device_scale(&self) -> f32 {
        self.scale * self.session.settings().zoom.factor()
    }

    /// The window in logical units.
    fn logical(&self) -> Rect {
        let s = self.device_scale();
        Rect::new(0.0, 0.0, self.buffer.width as f32 / s, self.buffer.height as f32 / s)
    }

    fn frame(&mut self, pixels: Pixels) {
        let now = self.index as f64 / 60.0;
        let scale = self.device_scale();
        let input = FrameInput::headless(self.index, self.buffer.width, self.buffer.height).at_scale(scale);
        let shown = self.session.shown(now);
        let target = self.buffer.canvas_at(scale);
        let painted = self.painter.paint(&input, self.fonts, target, &shown, pixels).expect("a frame paints");
        self.session.take_feedback(painted.feedback);
        self.index += 1;
    }

    /// Hands `event` to the session as SDL's would come, notes it as a script line, and paints the frame after.
    fn step(&mut self, event: UiEvent) {
        if let Some(line) = script_line(&event, self.device_scale()) {
            self.script.push(format!("{} {line}", self.index));
        }
        let now = self.index as f64 / 60.0;
        self.session.handle(&event, now, &mut self.clipboard);
        self.frame(Pixels::Kept);
    }
}

/// The script line that pushes `event` through SDL (points in window pixels, as scripts take them).
fn script_line(event: &UiEvent, scale: f32) -> Option<String> {
    let px = |v: f32| (v * scale).floor() as i64;
    Some(match event {
        UiEvent::PointerMoved { x, y } => format!("move {} {}", px(*x), px(*y)),
        UiEvent::ButtonDown { button: Button::Left, .. } => "press".to_owned(),
        UiEvent::ButtonUp { button: Button::Left, .. } => "release".to_owned(),
        UiEvent::ButtonDown { button: Button::Right, x, y, .. } => format!("click {} {} right", px(*x), px(*y)),
        UiEvent::Wheel { dy, .. } => format!("wheel 0 {}", *dy as i64),
        UiEvent::KeyDown { key, mods, .. } => {
            let name = match key {
                Key::Tab => "Tab".to_owned(),
                Key::Return => "Return".to_owned(),
                Key::Space => "Space".to_owned(),
                Key::Escape => "Escape".to_owned(),
                Key::Backspace => "BackSpace".to_owned(),
                Key::Delete => "Delete".to_owned(),
                Key::Left => "Left".to_owned(),
                Key::Right => "Right".to_owned(),
                Key::Up => "Up".to_owned(),
                Key::Down => "Down".to_owned(),
                Key::Home => "Home".to_owned(),
                Key::End => "End".to_owned(),
                Key::PageUp => "PageUp".to_owned(),
                Key::PageDown => "PageDown".to_owned(),
                Key::F(n) => format!("F{n}"),
                Key::Char(c) => c.to_string(),
                Key::Other(_) => return Some("key alt".to_owned()),
            };
            let mut prefix = String::new();
            for (on, m) in [(mods.ctrl, "ctrl+"), (mods.shift, "shift+"), (mods.alt, "alt+")] {
                if on {
                    prefix.push_str(m);
                }
            }
            format!("key {prefix}{name}")
        }
        UiEvent::Text(text) => format!("text {text:?}"),
        _ => return None,
    })
}

fn key(key: Key, mods: Mods) -> UiEvent {
    UiEvent::KeyDown { key, mods, repeat: false }
}

/// The centre of `r`.
fn centre(r: Rect) -> (f32, f32) {
    (r.x + r.w / 2.0, r.y + r.h / 2.0)
}

/// Whether a region is a widget's part a person clicks (not the page behind, nor a row's label).
fn is_part(r: &Region) -> bool {
    r.enabled && r.target.part != LABEL_PART && r.target.id != "page" && r.rect.w >= 2.0 && r.rect.h >= 2.0
}

/// The next random step: half of them aimed at a part of a widget (so compound widgets are worked), the rest keys,
/// the wheel, or a point anywhere.
fn random_event(rng: &mut Rng, w: &Window<'_>) -> Vec<UiEvent> {
    let window = w.logical();
    let parts: Vec<Region> = w.session.regions().iter().filter(|r| is_part(r)).copied().collect();
    let at = |rng: &mut Rng| -> (f32, f32) {
        if !parts.is_empty() && rng.below(3) > 0 {
            let r = rng.pick(&parts).rect;
            (r.x + r.w * (0.2 + 0.6 * rng.below(100) as f32 / 100.0), r.y + r.h / 2.0)
        } else {
            (rng.below(window.w as usize) as f32 + 0.5, rng.below(window.h as usize) as f32 + 0.5)
        }
    };
    let plain = Mods::NONE;
    let shift = Mods::SHIFT;
    let alt = Mods { alt: true, ..Mods::NONE };
    match rng.below(20) {
        0..=5 => {
            let (x, y) = at(rng);
            vec![
                UiEvent::PointerMoved { x, y },
                UiEvent::ButtonDown { button: Button::Left, x, y, clicks: 1 },
                UiEvent::ButtonUp { button: Button::Left, x, y },
            ]
        }
        6 => {
            let (x, y) = at(rng);
            let (x2, y2) = at(rng);
            vec![
                UiEvent::PointerMoved { x, y },
                UiEvent::ButtonDown { button: Button::Left, x, y, clicks: 1 },
                UiEvent::PointerMoved { x: x2, y: y2 },
                UiEvent::ButtonUp { button: Button::Left, x: x2, y: y2 },
            ]
        }
        7 => {
            let (x, y) = at(rng);
            vec![
                UiEvent::PointerMoved { x, y },
                UiEvent::Wheel { dx: 0.0, dy: if rng.below(2) == 0 { 1.0 } else { -1.0 } },
            ]
        }
        8 => vec![key(Key::Tab, if rng.below(3) == 0 { shift } else { plain })],
        9 => vec![key(*rng.pick(&[Key::Space, Key::Return]), plain)],
        10..=12 => vec![key(*rng.pick(&[Key::Left, Key::Right, Key::Up, Key::Down]), plain)],
        13 => vec![key(*rng.pick(&[Key::Home, Key::End, Key::PageUp, Key::PageDown, Key::Delete]), plain)],
        14 => vec![key(Key::Escape, plain)],
        15 => vec![key(*rng.pick(&[Key::F(10), Key::Other(0x4000_00e2)]), if rng.below(2) == 0 { plain } else { alt })]
            .into_iter()
            .map(|e| match e {
                UiEvent::KeyDown { key: Key::Other(c), .. } => {
                    UiEvent::KeyDown { key: Key::Other(c), mods: alt, repeat: false }
                }
                UiEvent::KeyDown { key: Key::F(10), .. } => {
                    UiEvent::KeyDown { key: Key::F(10), mods: plain, repeat: false }
                }
                e => e,
            })
            .collect(),
        16 => vec![UiEvent::Text(rng.pick(&["a", "7", "-", " ", "ש", "👍"]).to_string())],
        17 => vec![key(Key::Backspace, plain)],
        18 => {
            let (x, y) = at(rng);
            vec![UiEvent::PointerMoved { x, y }, UiEvent::ButtonDown { button: Button::Right, x, y, clicks: 1 }]
        }
        _ => vec![key(Key::Char(*rng.pick(&['d', 't', 'r', '=', '-', '0'])), Mods::CTRL)],
    }
}

/// The report entry of widget `id`, without where it lies (its value as a person reads it).
fn value_of(widgets: &Value, id: &str) -> Value {
    let mut entry = widgets[id].clone();
    if let Some(map) = entry.as_object_mut() {
        for key in ["rect", "parts", "access"] {
            map.remove(key);
        }
    }
    entry
}

/// Whether a click inside `rect` reaches `target`'s widget: at its centre, or where another widget lies over that
/// (a box that overflows under a button), at one of its quarters' centres. A part drawn over another of its widget
/// (a thumb on its track) takes the click there.
fn reachable(regions: &[Region], rect: Rect, target: Target) -> bool {
    let points = [(0.5, 0.5), (0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)];
    points.iter().any(|(fx, fy)| {
        Router::hit(regions, rect.x + rect.w * fx, rect.y + rect.h * fy).is_some_and(|h| h.target.id == target.id)
    })
}

/// What was there to unwind before a step.
#[derive(Debug, Clone, Copy)]
struct Before {
    /// A popup or a composition.
    open: bool,
    /// A widget had the focus.
    focused: bool,
}

/// What one step broke, if anything.
fn check_step(w: &Window<'_>, event: &UiEvent, before: &Value, was: Before) -> Result<(), String> {
    let s = &w.session;
    if s.quit() {
        return if matches!(event, UiEvent::KeyDown { key: Key::Escape, .. }) && !was.open && !was.focused {
            Ok(())
        } else {
            Err(format!("the app quit on {event:?} with something open"))
        };
    }
    let regions = s.regions();
    let after = s.widgets();
    // What is drawn is what a click reaches: every part's centre hit-tests to it (the popup's regions lie above
    // the screen's while one is open, so the screen's are checked when none is).
    if s.popups().open().is_none() {
        for r in regions.iter().filter(|r| is_part(r)) {
            if !reachable(regions, r.rect, r.target) {
                let (x, y) = centre(r.rect);
                let hit = Router::hit(regions, x, y).map(|h| h.target);
                return Err(format!(
                    "{}#{} at {:?}: a click on its centre reaches {hit:?}",
                    r.target.id, r.target.part, r.rect
                ));
            }
        }
        // The tree's parts lie where a click reaches them; one node holds the focus.
        let nodes = goldberry::access::nodes(s);
        for node in nodes.iter().filter(|n| n.part.is_some() && n.bounds.w >= 2.0 && n.bounds.h >= 2.0) {
            if node.widget == "tabs" || node.access.has("disabled") {
                continue;
            }
            let own = Target { id: node.widget, part: node.part.unwrap_or(0) };
            if !reachable(regions, node.bounds, own) {
                let (x, y) = node.centre();
                let hit = Router::hit(regions, x, y).map(|h| h.target);
                return Err(format!(
                    "the tree's {} at {:?}: a click on its centre reaches {hit:?}",
                    node.key(),
                    node.bounds
                ));
            }
        }
        let focused = nodes.iter().filter(|n| n.focused).count();
        if s.focus().is_some() && focused != 1 {
            return Err(format!("focus on {:?} but {focused} nodes of the tree say focused", s.router.focus_target()));
        }
    }
    // The focus the keyboard moved lies in the window, where a click reaches it (in a window of at least 320 by
    // 240 units, the smallest the kit is laid out for; zoomed past that, a page may not fit across).
    let roomy = w.logical().w >= 320.0 && w.logical().h >= 240.0;
    if let (UiEvent::KeyDown { key: Key::Tab, mods, .. }, Some(focus), None, true) =
        (event, s.router.focus_target(), s.popups().open(), roomy)
        && !mods.ctrl
    {
        let own = regions.iter().filter(|r| r.target.id == focus.id && r.target.part != LABEL_PART);
        let shown = own.clone().find(|r| r.target == focus).or_else(|| own.clone().next());
        let Some(region) = shown else {
            return Err(format!("Tab focused {focus:?}, which has no region"));
        };
        let window = w.logical();
        let (x, y) = centre(region.rect);
        if !(x >= window.x && x < window.right() && y >= window.y && y < window.bottom()) {
            return Err(format!("Tab focused {focus:?} at {:?}, outside the window {window:?}", region.rect));
        }
        let hit = Router::hit(regions, x, y).map(|h| h.target.id);
        if hit != Some(focus.id) {
            return Err(format!("Tab focused {focus:?} at {:?}; a click there reaches {hit:?}", region.rect));
        }
    }
    // Values follow their role's model.
    if let (UiEvent::KeyDown { key: k @ (Key::Space | Key::Return | Key::Left | Key::Right), mods, .. }, Some(focus)) =
        (event, s.router.focus_target())
        && *mods == Mods::NONE
        && s.popups().open().is_none()
        && !was.open
    {
        let id = focus.id;
        let role = before[id]["access"]["role"].as_str().unwrap_or_default().to_owned();
        let name = before[id]["access"]["name"].as_str().unwrap_or_default().to_owned();
        let (old, new) = (value_of(before, id), value_of(&after, id));
        let activate = matches!(k, Key::Space | Key::Return);
        let keeps = match role.as_str() {
            "radiogroup" | "slider" => true,
            "group" => matches!(name.as_str(), "Pages" | "Carousel"),
            "tablist" => before[id]["on_plus"] != true,
            _ => false,
        };
        if activate && keeps && old != new {
            return Err(format!("{k:?} on {role} {id} changed it from {old} to {new}"));
        }
        if activate && role == "tablist" && before[id]["on_plus"] == true {
            let (n0, n1) = (old["docs"].as_array().map_or(0, Vec::len), new["docs"].as_array().map_or(0, Vec::len));
            if n1 != n0 + 1 || new["selected"].as_u64() != Some(n0 as u64) {
                return Err(format!("{k:?} on \"+\" of {id} left {new}, not a new tab shown"));
            }
        }
        if role == "radiogroup" && matches!(k, Key::Left | Key::Right) {
            let options = old["options"].as_u64().unwrap_or(0);
            if let (Some(a), Some(b), true) = (old["selected"].as_u64(), new["selected"].as_u64(), options > 0) {
                let on = (*k == Key::Right) != s.mirrored();
                let want = if on { (a + 1) % options } else { (a + options - 1) % options };
                if b != want {
                    return Err(format!("{k:?} on {id} chose {b} from {a} of {options}, not {want}"));
                }
            }
        }
    }
    // At 320 units and wider, every kit widget lies across the window and its parts inside its box.
    if w.logical().w >= 320.0
        && let Some(map) = after.as_object()
    {
        let width = w.logical().w;
        // The report holds every screen's widgets; those of the screen shown were laid out in this window.
        let shown = format!("{}.", s.screen().name());
        for (id, entry) in map.iter().filter(|(id, e)| id.starts_with(&shown) && e.get("box").is_some()) {
            let n = |v: &Value, i: usize| v[i].as_f64().unwrap_or(0.0) as f32;
            let b = Rect::new(n(&entry["box"], 0), n(&entry["box"], 1), n(&entry["box"], 2), n(&entry["box"], 3));
            if b.x < -0.5 || b.right() > width + 0.5 {
                return Err(format!("{id} lies at {b:?}, past a window {width} wide"));
            }
            for p in entry["parts"].as_array().into_iter().flatten() {
                let (x, pw) = (n(p, 0), n(p, 2));
                if pw > 0.0 && (x < b.x - 1.0 || x + pw > b.right() + 1.0) {
                    return Err(format!("a part of {id} at x {x} w {pw} is drawn past its box {b:?}"));
                }
            }
        }
    }
    // A spinner without the focus shows the value it holds.
    if let Some(map) = after.as_object() {
        for (id, entry) in map {
            if entry["access"]["role"] == "spinbutton"
                && s.focus() != Some(id.as_str())
                && let (Some(value), Some(figure)) = (entry["value"].as_i64(), entry["figure"].as_str())
                && figure != value.to_string()
            {
                return Err(format!("{id} holds {value} but shows \"{figure}\" without the focus"));
            }
        }
    }
    Ok(())
}

/// The mirror rule: `mirror` is `w`'s session with the direction switched, painted; every part of the screen lies
/// at the mirror image of its box about the window's centre line.
fn check_mirror(w: &Window<'_>, mirror: &Window<'_>) -> Result<(), String> {
    let width = w.logical().w;
    for r in w.session.regions().iter().filter(|r| is_part(r) && r.target.id != "tabs") {
        let Some(m) = mirror.session.regions().iter().find(|m| m.target == r.target) else { continue };
        // A part the viewport hides in either window (scrolled apart) has no box to compare.
        if r.rect.w < 1.0 || m.rect.w < 1.0 || r.rect.h < 1.0 || m.rect.h < 1.0 {
            continue;
        }
        // Three units of play: boxes are snapped to whole pixels from either edge, and at a scale of 1.5 a unit is
        // not a whole pixel. Only the horizontal is compared: the two windows may have scrolled apart.
        let want = width - r.rect.right();
        if (m.rect.x - want).abs() > 3.0 || (m.rect.w - r.rect.w).abs() > 3.0 {
            return Err(format!(
                "{}#{} lies at {:?}; mirrored at {:?}, not at x {want} (windows {} and {} units wide)",
                r.target.id,
                r.target.part,
                r.rect,
                m.rect,
                width,
                mirror.logical().w
            ));
        }
    }
    Ok(())
}

/// One case: a random screen, window, scale, density, theme and direction, then `steps` random steps.
fn run_case(g: &'static Goldberry, fonts: &FontBook, seed: u64, steps: usize) -> Result<(), String> {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let screens: Vec<ScreenId> = ScreenId::all().filter(|s| s.name() != "document").collect();
    let screen = *rng.pick(&screens);
    let scale = *rng.pick(&[1.0, 1.0, 1.5, 2.0]);
    let logical = (320 + rng.below(1600) as u32, 400 + rng.below(680) as u32);
    let device = ((logical.0 as f32 * scale) as u32, (logical.1 as f32 * scale) as u32);
    let mut w = Window::new(g, fonts, screen, device, scale);
    let setup: Vec<UiEvent> = [(Key::Char('d'), 2), (Key::Char('t'), 2), (Key::Char('r'), 3)]
        .into_iter()
        .filter(|(_, one_in)| rng.below(*one_in) == 0)
        .map(|(k, _)| key(k, Mods::CTRL))
        .collect();
    for event in setup {
        w.step(event);
    }
    let header = format!(
        "# widget sweep seed {seed}: --screen {} --size {}x{} --scale {scale} --no-hud",
        screen.name(),
        logical.0,
        logical.1
    );
    for step in 0..steps {
        for event in random_event(&mut rng, &w) {
            let before = w.session.widgets();
            let was = Before {
                open: w.session.popups().open().is_some() || w.session.preedit().is_some(),
                focused: w.session.focus().is_some(),
            };
            w.step(event.clone());
            let mut broke = check_step(&w, &event, &before, was);
            let now = w.index as f64 / 60.0;
            let still = !w.session.quit() && w.session.popups().open().is_none() && !w.session.animating(now);
            if broke.is_ok() && step % 10 == 0 && still {
                let mut session = w.session.clone();
                session.handle(&key(Key::Char('r'), Mods::CTRL), 0.0, &mut String::new());
                let mut mirror = Window::of(g, fonts, session, device, scale);
                mirror.frame(Pixels::Kept);
                broke = check_mirror(&w, &mirror);
            }
            if let Err(what) = broke {
                let dir = pixels::target_dir().join("sweep-findings");
                let _ = std::fs::create_dir_all(&dir);
                let path = dir.join(format!("seed-{seed}.txt"));
                let mut script = format!("{header}\n# step {step}: {what}\n");
                for line in &w.script {
                    let _ = writeln!(script, "{line}");
                }
                let _ = std::fs::write(&path, script);
                return Err(format!("seed {seed}, step {step}: {what} (replay: {})", path.display()));
            }
            if w.session.quit() {
                // Escape with nothing left to unwind quit, as it should: the case goes on in a new window.
                w = Window::new(g, fonts, screen, device, scale);
            }
        }
    }
    Ok(())
}

#[test]
fn every_widget_keeps_its_roles_contract_through_random_steps() {
    let g = Goldberry::load(None).expect("libgoldberry loads");
    let fonts = FontBook::load(g).expect("the fonts load");
    let steps: usize = std::env::var("GOLDBERRY_SWEEP_STEPS").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000);
    let per_case = 250;
    let cases = steps.div_ceil(per_case);
    let mut findings = Vec::new();
    // GOLDBERRY_SWEEP_SEED=N runs that case alone (a finding's seed, to look at it again).
    let only: Option<u64> = std::env::var("GOLDBERRY_SWEEP_SEED").ok().and_then(|v| v.parse().ok());
    for seed in (1..=cases as u64).filter(|s| only.is_none_or(|o| o == *s)) {
        if let Err(finding) = run_case(g, &fonts, seed, per_case) {
            findings.push(finding);
        }
    }
    println!("widget sweep: {} steps in {cases} cases, {} findings", cases * per_case, findings.len());
    assert!(findings.is_empty(), "{} findings:\n{}", findings.len(), findings.join("\n"));
}
