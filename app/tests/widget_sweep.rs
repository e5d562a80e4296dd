//! The widget sweep (issue 43): random pointer, wheel and key steps over every screen, at random window sizes,
//! scales, densities, themes and directions, driven in-process through the session with the events SDL would
//! deliver (the HUD hidden), each step painted as a window's frame is. After every step it checks the rules every
//! widget keeps, for every widget at once:
//!
//! - **Escape unwinds**: it never quits while a popup, a composition or a focus is there to unwind;
//! - **the focus is where the keyboard is**: after Tab or Shift+Tab the focused part lies inside the window, a
//!   click on its centre reaches that widget, and the frame shows the focus colour around it (its ring);
//! - **what is drawn is what a click reaches**: the centre of every part of every widget hit-tests to that part,
//!   and so does every part node the accessibility tree lists (a screen reader's click lands where it says);
//! - **one focus**: the accessibility tree marks exactly one node focused while a widget has the focus;
//! - **values follow their role's model**: Space or Return on a radio group, a tab (not "+"), a pager, a carousel
//!   or a slider keeps its value; Space on "+" adds a tab and shows it; an arrow moves a radio group's choice one
//!   on in the reading direction; a click on a radio option, a star, a tab or a page's number chooses it; a
//!   spinner without the focus shows the value it holds;
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
#[path = "support/process.rs"]
mod process;
#[path = "support/rng.rs"]
mod rng;
#[path = "support/scripts.rs"]
mod scripts;

use std::fmt::Write as _;

use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, Painter};
use goldberry::geom::{Color, Rect};
use goldberry::screens::ScreenId;
use goldberry::session::Session;
use goldberry::surface::{FrameBuffer, Pixels};
use goldberry::ui::input::{Button, Key, Mods, UiEvent};
use goldberry::ui::router::{Region, Router, Target};
use goldberry::widgets::LABEL_PART;
use goldberry_natives::Goldberry;
use rng::Rng;
use serde_json::Value;

/// A window the sweep drives: its session, painter and pixels, and the steps so far as script lines.
struct Window<'a> {
    fonts: &'a FontBook,
    painter: Painter,
    session: Session,
    buffer: FrameBuffer,
    scale: f32,
    index: u64,
    clipboard: String,
    /// Where the pointer is, in units (a script's `press` is where the last `move` left it).
    pointer: (f32, f32),
    /// Each step handed over so far, as its script line without its frame.
    lines: Vec<String>,
    /// The part the left button went down on, while it is down.
    pressed: Option<Target>,
    /// Whether the left button is down.
    down: bool,
    /// The part the last step clicked (the left button up on the part it went down on), if it was one.
    clicked: Option<Target>,
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
            pointer: (0.0, 0.0),
            lines: Vec::new(),
            pressed: None,
            down: false,
            clicked: None,
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

    /// Hands `event` to the session as SDL would hand it over from its script line (a pointer's position in whole
    /// units, then window pixels), notes the line, and paints the frame after. What the session gets is what a `--script` of
    /// the lines gives the binary, so a finding replays through SDL as it was found.
    fn step(&mut self, event: &UiEvent) {
        if let Some(line) = script_line(event) {
            self.play(&line);
        }
    }

    /// Hands the event of script line `line` (without its frame) to the session, paints the frame after, and
    /// gives the event.
    fn play(&mut self, line: &str) -> UiEvent {
        let Some(event) = line_event(line, self.device_scale(), &mut self.pointer) else {
            panic!("the sweep wrote a line it cannot read back: {line}");
        };
        self.lines.push(line.to_owned());
        let under = Router::hit(self.session.regions(), self.pointer.0, self.pointer.1).map(|r| r.target);
        self.clicked = None;
        match event {
            // A second press without a release (a shrunk case may hold one) is no click a person makes, and a
            // press while a popup is open closes it and goes no further.
            UiEvent::ButtonDown { button: Button::Left, .. } => {
                let open = self.session.popups().open().is_some();
                self.pressed = if self.down || open { None } else { under };
                self.down = true;
            }
            UiEvent::ButtonUp { button: Button::Left, .. } => {
                self.down = false;
                self.clicked = self.pressed.take().filter(|p| Some(*p) == under);
            }
            _ => {}
        }
        let now = self.index as f64 / 60.0;
        self.session.handle(&event, now, &mut self.clipboard);
        self.frame(Pixels::Kept);
        event
    }
}

/// The script line that pushes `event` through SDL (points in whole units, as scripts take them).
fn script_line(event: &UiEvent) -> Option<String> {
    let px = |v: f32| v.floor() as i64;
    Some(match event {
        UiEvent::PointerMoved { x, y } => format!("move {} {}", px(*x), px(*y)),
        UiEvent::ButtonDown { button: Button::Left, .. } => "press".to_owned(),
        UiEvent::ButtonUp { button: Button::Left, .. } => "release".to_owned(),
        UiEvent::ButtonDown { button: Button::Right, .. } => "press right".to_owned(),
        UiEvent::ButtonUp { button: Button::Right, .. } => "release right".to_owned(),
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

/// The event a sweep's script line (without its frame) hands the session, as the binary's SDL events give it: a
/// point in units rounded to a whole window pixel (the player's) and back, `press` and `release` where the pointer
/// is. `None` for a line the sweep does not write.
fn line_event(line: &str, scale: f32, pointer: &mut (f32, f32)) -> Option<UiEvent> {
    let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
    let words: Vec<&str> = rest.split(' ').collect();
    let unit = 1.0 / scale;
    let button = if rest == "right" { Button::Right } else { Button::Left };
    let (x, y) = *pointer;
    Some(match verb {
        "move" => {
            let n = |i: usize| words.get(i).and_then(|w| w.parse::<i64>().ok());
            let sdl = |v: i64| (v as f32 * scale).round() as i32 as f32 * unit;
            *pointer = (sdl(n(0)?), sdl(n(1)?));
            UiEvent::PointerMoved { x: pointer.0, y: pointer.1 }
        }
        "press" => UiEvent::ButtonDown { button, x, y, clicks: 1 },
        "release" => UiEvent::ButtonUp { button, x, y },
        "wheel" => UiEvent::Wheel { dx: 0.0, dy: words.get(1)?.parse().ok()? },
        "text" => UiEvent::Text(rest.strip_prefix('"')?.strip_suffix('"')?.replace("\\\"", "\"")),
        "key" if rest == "alt" => {
            UiEvent::KeyDown { key: Key::Other(LEFT_ALT), mods: Mods { alt: true, ..Mods::NONE }, repeat: false }
        }
        "key" => {
            let mut mods = Mods::NONE;
            let mut name = rest;
            while let Some((m, more)) = name.split_once('+').filter(|(_, more)| !more.is_empty()) {
                match m {
                    "ctrl" => mods.ctrl = true,
                    "shift" => mods.shift = true,
                    "alt" => mods.alt = true,
                    _ => return None,
                }
                name = more;
            }
            let k = match name {
                "Tab" => Key::Tab,
                "Return" => Key::Return,
                "Space" => Key::Space,
                "Escape" => Key::Escape,
                "BackSpace" => Key::Backspace,
                "Delete" => Key::Delete,
                "Left" => Key::Left,
                "Right" => Key::Right,
                "Up" => Key::Up,
                "Down" => Key::Down,
                "Home" => Key::Home,
                "End" => Key::End,
                "PageUp" => Key::PageUp,
                "PageDown" => Key::PageDown,
                f if f.len() > 1 && f.starts_with('F') => Key::F(f[1..].parse().ok()?),
                c => Key::Char(c.chars().next()?),
            };
            key(k, mods)
        }
        _ => return None,
    })
}

/// SDL's key code for the left Alt key, pressed alone (as `key alt` in a script).
const LEFT_ALT: i32 = 0x4000_00e2;

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
        15 => vec![key(*rng.pick(&[Key::F(10), Key::Other(LEFT_ALT)]), if rng.below(2) == 0 { plain } else { alt })]
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
            vec![
                UiEvent::PointerMoved { x, y },
                UiEvent::ButtonDown { button: Button::Right, x, y, clicks: 1 },
                UiEvent::ButtonUp { button: Button::Right, x, y },
            ]
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

/// Whether the frame shows colour `mark` around `rect` (units): on one of its sides, from 2 units in to 6 units out,
/// where a ring 4 units out or a focused border on the edge is drawn.
fn ring_drawn(w: &Window<'_>, rect: Rect, mark: Color) -> bool {
    let ring = mark.0;
    let s = w.device_scale();
    let (cx, cy) = centre(rect);
    let near = |x: f32, y: f32| {
        let (px, py) = ((x * s) as i64, (y * s) as i64);
        if px < 0 || py < 0 || px >= i64::from(w.buffer.width) || py >= i64::from(w.buffer.height) {
            return false;
        }
        let at = py as usize * w.buffer.stride() + px as usize * 4;
        let [b, g, r] = [w.buffer.pixels[at], w.buffer.pixels[at + 1], w.buffer.pixels[at + 2]];
        let want = [(ring >> 16) as u8, (ring >> 8) as u8, ring as u8];
        [r, g, b].iter().zip(want).all(|(have, want)| have.abs_diff(want) <= 48)
    };
    (-4..=12).map(|i| i as f32 / 2.0).any(|out| {
        near(cx, rect.y - out)
            || near(cx, rect.bottom() + out)
            || near(rect.x - out, cy)
            || near(rect.right() + out, cy)
            || near(rect.x + rect.w / 4.0, rect.y - out)
            || near(rect.x + rect.w / 4.0, rect.bottom() + out)
    })
}

/// A rule a step broke, and what was seen.
#[derive(Debug)]
struct Finding {
    rule: &'static str,
    what: String,
}

fn broke(rule: &'static str, what: String) -> Finding {
    Finding { rule, what }
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
fn check_step(w: &Window<'_>, event: &UiEvent, before: &Value, was: Before) -> Result<(), Finding> {
    let s = &w.session;
    if s.quit() {
        return if matches!(event, UiEvent::KeyDown { key: Key::Escape, .. }) && !was.open && !was.focused {
            Ok(())
        } else {
            Err(broke("quit", format!("the app quit on {event:?} with something open")))
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
                return Err(broke(
                    "reach",
                    format!("{}#{} at {:?}: a click on its centre reaches {hit:?}", r.target.id, r.target.part, r.rect),
                ));
            }
        }
        // The tree's parts that are drawn (they have a region) lie where a click reaches them (one scrolled away says
        // where it would be, and a screen reader's click scrolls to it first); one node holds the focus.
        let nodes = goldberry::access::nodes(s);
        for node in nodes.iter().filter(|n| n.part.is_some() && n.bounds.w >= 2.0 && n.bounds.h >= 2.0) {
            let own = Target { id: node.widget, part: node.part.unwrap_or(0) };
            if node.widget == "tabs"
                || node.access.has("disabled")
                || !regions.iter().any(|r| r.target == own && r.rect.w > 0.0 && r.rect.h > 0.0)
            {
                continue;
            }
            if !reachable(regions, node.bounds, own) {
                let (x, y) = node.centre();
                let hit = Router::hit(regions, x, y).map(|h| h.target);
                return Err(broke(
                    "tree-reach",
                    format!("the tree's {} at {:?}: a click on its centre reaches {hit:?}", node.key(), node.bounds),
                ));
            }
        }
        let focused = nodes.iter().filter(|n| n.focused).count();
        if s.focus().is_some() && focused != 1 {
            return Err(broke(
                "one-focus",
                format!("focus on {:?} but {focused} nodes of the tree say focused", s.router.focus_target()),
            ));
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
            return Err(broke("tab-focus", format!("Tab focused {focus:?}, which has no region")));
        };
        let window = w.logical();
        let (x, y) = centre(region.rect);
        if !(x >= window.x && x < window.right() && y >= window.y && y < window.bottom()) {
            return Err(broke(
                "tab-focus",
                format!("Tab focused {focus:?} at {:?}, outside the window {window:?}", region.rect),
            ));
        }
        let hit = Router::hit(regions, x, y).map(|h| h.target.id);
        if hit != Some(focus.id) {
            return Err(broke(
                "tab-focus",
                format!("Tab focused {focus:?} at {:?}; a click there reaches {hit:?}", region.rect),
            ));
        }
        // A text box marks its focus with its border in the accent colour, as GTK's entries do (with the ring
        // when its border is red with an error); every other widget draws the focus ring.
        let palette = s.palette(w.index as f64 / 60.0);
        let text_box = after[focus.id]["caret"].is_u64() && after[focus.id]["error"].is_null();
        let mark = if text_box && focus.part == 0 { palette.accent } else { palette.focus };
        // The inspector's overlay tints or marks what the frame drew over it: its pixels are not the widgets'.
        if after["overlay"]["mode"] == "No overlay" && !ring_drawn(w, region.rect, mark) {
            return Err(broke(
                "ring",
                format!("Tab focused {focus:?} at {:?}; no focus ring is drawn there", region.rect),
            ));
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
            return Err(broke("value", format!("{k:?} on {role} {id} changed it from {old} to {new}")));
        }
        if activate && role == "tablist" && before[id]["on_plus"] == true {
            let (n0, n1) = (old["docs"].as_array().map_or(0, Vec::len), new["docs"].as_array().map_or(0, Vec::len));
            if n1 != n0 + 1 || new["selected"].as_u64() != Some(n0 as u64) {
                return Err(broke("plus", format!("{k:?} on \"+\" of {id} left {new}, not a new tab shown")));
            }
        }
        if role == "radiogroup" && matches!(k, Key::Left | Key::Right) {
            let options = old["options"].as_u64().unwrap_or(0);
            if let (Some(a), Some(b), true) = (old["selected"].as_u64(), new["selected"].as_u64(), options > 0) {
                let on = (*k == Key::Right) != s.mirrored();
                let want = if on { (a + 1) % options } else { (a + options - 1) % options };
                if b != want {
                    return Err(broke("arrow", format!("{k:?} on {id} chose {b} from {a} of {options}, not {want}")));
                }
            }
        }
    }
    // A click on a part chooses what that part is, by its role: a radio option, a star (the lit last one clears
    // it), a tab, a page's number.
    if let (Some(t), false, None) = (w.clicked.filter(|t| t.part != LABEL_PART), was.open, s.popups().open()) {
        let (old, new) = (value_of(before, t.id), value_of(&after, t.id));
        let role = before[t.id]["access"]["role"].as_str().unwrap_or_default();
        let part = u64::from(t.part);
        let (field, want) = if role == "radiogroup" && old["options"].is_u64() {
            ("selected", Some(part))
        } else if old["stars"].is_u64() {
            ("stars", Some(if old["stars"].as_u64() == Some(part + 1) { part } else { part + 1 }))
        } else if role == "tablist" && old["docs"].is_array() {
            ("selected", (part % 2 == 1).then(|| (part - 1) / 2))
        } else if old["pages"].is_u64() {
            ("page", (part >= 2).then(|| old["slots"][(part - 2) as usize].as_u64()).flatten())
        } else {
            ("", None)
        };
        if let Some(want) = want
            && new[field].as_u64() != Some(want)
        {
            return Err(broke(
                "click",
                format!("a click on {}#{} ({role}) left {field} {}, not {want}", t.id, t.part, new[field]),
            ));
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
                return Err(broke("fits", format!("{id} lies at {b:?}, past a window {width} wide")));
            }
            for p in entry["parts"].as_array().into_iter().flatten() {
                let (x, pw) = (n(p, 0), n(p, 2));
                if pw > 0.0 && (x < b.x - 1.0 || x + pw > b.right() + 1.0) {
                    return Err(broke(
                        "part-fits",
                        format!("a part of {id} at x {x} w {pw} is drawn past its box {b:?}"),
                    ));
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
                return Err(broke("spinner", format!("{id} holds {value} but shows \"{figure}\" without the focus")));
            }
        }
    }
    Ok(())
}

/// The mirror rule: `mirror` is `w`'s session with the direction switched, painted; every part of the screen lies
/// at the mirror image of its box about the window's centre line.
fn check_mirror(w: &Window<'_>, mirror: &Window<'_>) -> Result<(), Finding> {
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
            return Err(broke(
                "mirror",
                format!(
                    "{}#{} lies at {:?}; mirrored at {:?}, not at x {want} (windows {} and {} units wide)",
                    r.target.id,
                    r.target.part,
                    r.rect,
                    m.rect,
                    width,
                    mirror.logical().w
                ),
            ));
        }
    }
    Ok(())
}

/// A case's window: the screen it opens on, its size in units and its scale.
#[derive(Clone, Copy, Debug)]
struct Setup {
    screen: ScreenId,
    logical: (u32, u32),
    scale: f32,
}

impl Setup {
    /// The window's pixels, as the binary opens a window of `--size` at `--scale`.
    fn device(&self) -> (u32, u32) {
        let side = |v: u32| ((v as f32 * self.scale).round() as u32).max(1);
        (side(self.logical.0), side(self.logical.1))
    }

    fn window<'a>(&self, g: &'static Goldberry, fonts: &'a FontBook) -> Window<'a> {
        Window::new(g, fonts, self.screen, self.device(), self.scale)
    }

    /// The flags that open the same window (a kept case's first line).
    fn flags(&self) -> String {
        format!(
            "--screen {} --size {}x{} --scale {} --no-hud",
            self.screen.name(),
            self.logical.0,
            self.logical.1,
            self.scale
        )
    }

    /// The setup a kept case's flags name.
    fn from_flags(flags: &str) -> Option<Setup> {
        let words: Vec<&str> = flags.split_whitespace().collect();
        let after = |flag: &str| words.iter().position(|w| *w == flag).and_then(|i| words.get(i + 1)).copied();
        let screen = ScreenId::all().find(|s| Some(s.name()) == after("--screen"))?;
        let (w, h) = after("--size")?.split_once('x')?;
        Some(Setup { screen, logical: (w.parse().ok()?, h.parse().ok()?), scale: after("--scale")?.parse().ok()? })
    }
}

/// Hands `line` to the window as one step and checks the rules after it.
fn checked_step(w: &mut Window<'_>, line: &str) -> Result<(), Finding> {
    let before = w.session.widgets();
    let was = Before {
        open: w.session.popups().open().is_some() || w.session.preedit().is_some(),
        focused: w.session.focus().is_some(),
    };
    let event = w.play(line);
    check_step(w, &event, &before, was)
}

/// Whether the window is at rest (nothing open, nothing moving): the mirror rule compares such windows only.
fn still(w: &Window<'_>) -> bool {
    let now = w.index as f64 / 60.0;
    !w.session.quit() && w.session.popups().open().is_none() && !w.session.animating(now)
}

/// The mirror rule for the window as it is: its session laid out the other way, painted, part by part.
fn mirror_rule(g: &'static Goldberry, fonts: &FontBook, w: &Window<'_>) -> Result<(), Finding> {
    let mut session = w.session.clone();
    session.handle(&key(Key::Char('r'), Mods::CTRL), 0.0, &mut String::new());
    let mut mirror = Window::of(g, fonts, session, (w.buffer.width, w.buffer.height), w.scale);
    mirror.frame(Pixels::Kept);
    check_mirror(w, &mirror)
}

/// Plays `lines` in a new window of `setup`, checking the rules after every step and the mirror rule after the
/// last (when the window is at rest there). The first rule broken and the count of lines played to break it; none
/// when the run is clean or quits before its end (a `--script` cannot go on past a quit).
fn replay(g: &'static Goldberry, fonts: &FontBook, setup: Setup, lines: &[String]) -> Option<(usize, Finding)> {
    let mut w = setup.window(g, fonts);
    for (i, line) in lines.iter().enumerate() {
        if let Err(f) = checked_step(&mut w, line) {
            return Some((i + 1, f));
        }
        if w.session.quit() {
            return None;
        }
    }
    if still(&w) { mirror_rule(g, fonts, &w).err().map(|f| (lines.len(), f)) } else { None }
}

/// The fewest steps found, within a budget of replays, that still break `rule`: chunks of steps are taken out,
/// halving the chunk whenever a whole pass takes none, and a replay that breaks the rule earlier ends there.
fn shrink(g: &'static Goldberry, fonts: &FontBook, setup: Setup, mut lines: Vec<String>, rule: &str) -> Vec<String> {
    let mut budget = 300;
    let mut chunk = lines.len() / 2;
    while chunk >= 1 && budget > 0 {
        let (mut start, mut took) = (0, false);
        while start < lines.len() && budget > 0 {
            budget -= 1;
            let mut fewer = lines.clone();
            fewer.drain(start..(start + chunk).min(lines.len()));
            match replay(g, fonts, setup, &fewer) {
                Some((played, f)) if f.rule == rule => {
                    fewer.truncate(played);
                    lines = fewer;
                    took = true;
                }
                _ => start += chunk,
            }
        }
        if !took {
            chunk /= 2;
        }
    }
    lines
}

/// A finding as a `--script`: the flags that open its window, the rule it breaks, and its steps one a frame.
fn case_script(setup: Setup, finding: &Finding, lines: &[String]) -> String {
    let mut script = format!("# {}\n# {}: {}\n", setup.flags(), finding.rule, finding.what);
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(script, "{} {line}", i + 1);
    }
    script
}

/// One case: a random screen, window, scale, density, theme and direction, then `steps` random steps. A finding is
/// shrunk and written as a `--script` under the target directory.
fn run_case(g: &'static Goldberry, fonts: &FontBook, seed: u64, steps: usize) -> Result<(), String> {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let screens: Vec<ScreenId> = ScreenId::all().filter(|s| s.name() != "document").collect();
    let screen = *rng.pick(&screens);
    let scale = *rng.pick(&[1.0, 1.0, 1.5, 2.0]);
    let logical = (320 + rng.below(1600) as u32, 400 + rng.below(680) as u32);
    let setup = Setup { screen, logical, scale };
    let mut w = setup.window(g, fonts);
    let setup_keys: Vec<UiEvent> = [(Key::Char('d'), 2), (Key::Char('t'), 2), (Key::Char('r'), 3)]
        .into_iter()
        .filter(|(_, one_in)| rng.below(*one_in) == 0)
        .map(|(k, _)| key(k, Mods::CTRL))
        .collect();
    for event in &setup_keys {
        w.step(event);
    }
    for step in 0..steps {
        for event in random_event(&mut rng, &w) {
            let Some(line) = script_line(&event) else { continue };
            let mut broken = checked_step(&mut w, &line);
            if broken.is_ok() && step % 10 == 0 && still(&w) {
                broken = mirror_rule(g, fonts, &w);
            }
            if let Err(finding) = broken {
                let lines = shrink(g, fonts, setup, w.lines.clone(), finding.rule);
                let dir = pixels::target_dir().join("sweep-findings");
                let _ = std::fs::create_dir_all(&dir);
                let path = dir.join(format!("seed-{seed}.txt"));
                let _ = std::fs::write(&path, case_script(setup, &finding, &lines));
                return Err(format!(
                    "seed {seed}, step {step}: {}: {} ({} steps shrunk to {}: {})",
                    finding.rule,
                    finding.what,
                    w.lines.len(),
                    lines.len(),
                    path.display()
                ));
            }
            if w.session.quit() {
                // Escape with nothing left to unwind quit, as it should: the case goes on in a new window.
                w = setup.window(g, fonts);
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

/// Whether two report values are the same, numbers to a thousandth (the report's JSON rounds what an `f32` held).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => (x.as_f64().unwrap_or(0.0) - y.as_f64().unwrap_or(0.0)).abs() < 1e-3,
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// The kept findings (`tests/sweep_cases/`), each a shrunk case written by the sweep: played in-process, every rule
/// holds now; played by the binary as a `--script` through real SDL events, the run ends on the same widgets, so
/// what the sweep drives in-process is what a person's events do.
#[test]
fn every_kept_finding_holds_in_process_and_through_sdl() {
    let g = Goldberry::load(None).expect("libgoldberry loads");
    let fonts = FontBook::load(g).expect("the fonts load");
    let dir = pixels::repo_dir().join("app/tests/sweep_cases");
    let mut paths: Vec<_> = std::fs::read_dir(&dir).expect("the kept cases").flatten().map(|e| e.path()).collect();
    paths.sort();
    assert!(!paths.is_empty(), "no kept cases in {}", dir.display());
    let mut wrong = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).expect("a kept case");
        let flags = text.lines().next().and_then(|l| l.strip_prefix("# ")).unwrap_or_default();
        let setup =
            Setup::from_flags(flags).unwrap_or_else(|| panic!("{}: no flags on its first line", path.display()));
        let lines: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split_once(' ').map(|(_, line)| line.to_owned()))
            .collect();
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("case").to_owned();
        if let Some((played, f)) = replay(g, &fonts, setup, &lines) {
            wrong.push(format!("{name}: after {played} steps, {}: {}", f.rule, f.what));
        }
        let mut w = setup.window(g, &fonts);
        for line in &lines {
            w.play(line);
        }
        let run = process::temp_dir("widget-sweep", &name);
        let mut cmd = scripts::goldberry();
        cmd.args(flags.split_whitespace().filter(|f| *f != "--no-hud")).arg("--script").arg(path);
        let report = scripts::report(cmd, &run);
        let _ = std::fs::remove_dir_all(&run);
        let (sdl, here) = (&report["widgets"], w.session.widgets());
        for (id, entry) in here.as_object().into_iter().flatten() {
            if !same(&sdl[id], entry) {
                wrong.push(format!("{name}: {id} is {} through SDL, {entry} in-process", sdl[id]));
            }
        }
    }
    assert!(wrong.is_empty(), "{} kept cases differ:\n{}", wrong.len(), wrong.join("\n"));
}
