//! A script line that names a widget (`click button "Submit"`, `click button "Save" 2`, `click #doc.save`) played
//! through the accessibility tree: the node is looked up in the tree of the frame the line plays before, and what
//! the line does becomes real SDL events (a click at the node's centre, one wheel turn that brings it into view, Tab
//! until the focus is there, arrows, typed text), so it takes the path a person's input takes. `expect` reads the
//! tree and fails the run when it is not so.

use goldberry_natives::sdl::{Event, Key, Modifiers, MouseButton, Text, Video};

use crate::access::names::as_written;
use crate::distance::levenshtein;
use crate::screens::ScreenId;
use crate::session::Session;
use crate::shell::cli::RunError;
use crate::shell::script::parse::{Action, Verb, Who};
use crate::ui::router::{Router, WidgetId};
use crate::widgets::{Held, Node, Reached, Role};

/// The keys a named line presses, resolved by SDL before the run.
#[derive(Debug, Clone, Copy)]
pub struct Keys {
    tab: Key,
    up: Key,
    down: Key,
    a: Key,
    space: Key,
}

impl Keys {
    /// The keys by SDL's names for them (None if SDL knows one of them not, which it always does).
    pub fn resolve(video: &Video) -> Option<Keys> {
        let key = |name| video.key_from_name(name);
        Some(Keys { tab: key("Tab")?, up: key("Up")?, down: key("Down")?, a: key("A")?, space: key("Space")? })
    }
}

/// The most arrow presses a `set` pushes (a slider's whole range by its step, for any slider here).
const MOST_STEPS: i64 = 10_000;

/// What a named line pushes in its frame.
#[derive(Debug, Default)]
pub struct Played {
    /// The SDL events.
    pub events: Vec<Event>,
    /// The widget was out of view: the events turn the wheel that brings it in, and the line plays again once the
    /// frame after has laid it out there.
    pub again: bool,
}

impl Played {
    fn now(events: Vec<Event>) -> Played {
        Played { events, again: false }
    }
}

/// The node `who` names among `nodes`, or the error that says why none is one: no such name on `screen` (with
/// the nearest), or several and no number to pick one. `at` places the line (`FILE:LINE:COL`).
pub fn find<'n>(who: &Who, nodes: &'n [Node], screen: &str, at: &str) -> Result<&'n Node, RunError> {
    let missing = |what: String| RunError::Script(format!("{at}: {what}"));
    match who {
        Who::Id(id) => {
            // The widget's own node, or its first part's when it shows only parts.
            let mine = || nodes.iter().filter(|n| n.widget == id.as_str());
            mine().find(|n| n.part.is_none()).or_else(|| mine().next()).ok_or_else(|| {
                let mut ids: Vec<&str> = nodes.iter().map(|n| n.widget).collect();
                ids.dedup();
                ids.sort_by_key(|w| levenshtein(id, w));
                let near: Vec<String> = ids.iter().take(3).map(|w| format!("#{w}")).collect();
                missing(format!("no widget #{id} on the {screen} screen (nearest: {})", near.join(", ")))
            })
        }
        Who::Label { role, name, nth } => {
            let all: Vec<&Node> = nodes.iter().filter(|n| n.access.role == *role && n.access.name == *name).collect();
            match (nth, all.as_slice()) {
                (None, [one]) => Ok(one),
                (Some(n), _) if *n <= all.len() => Ok(all[n - 1]),
                (None, []) => {
                    let here: Vec<(Role, String)> =
                        nodes.iter().map(|n| (n.access.role, n.access.name.clone())).collect();
                    let near = crate::access::names::nearest(&here, *role, name).join(", ");
                    Err(missing(format!("no {who} on the {screen} screen (nearest: {near})")))
                }
                (Some(_), _) => Err(missing(format!(
                    "there is no {who}: the {screen} screen has {} {}",
                    all.len(),
                    as_written(*role, name)
                ))),
                (None, several) => {
                    let each: Vec<String> = several
                        .iter()
                        .enumerate()
                        .map(|(i, n)| format!("{} {} or #{}", as_written(*role, name), i + 1, n.widget))
                        .collect();
                    Err(missing(format!(
                        "{who} names {} widgets on the {screen} screen: say which, {}",
                        several.len(),
                        each.join(", ")
                    )))
                }
            }
        }
    }
}

/// The SDL events the line `action` becomes in the frame `session` shows, pointer positions scaled by
/// `per_logical`; or why it cannot be played (no such widget on this screen, an expectation that fails). `at`
/// places the line in its file; `again` is true when the line plays a second time, its widget scrolled into view.
pub fn events(
    action: &Action,
    at: &str,
    session: &Session,
    keys: Keys,
    per_logical: f32,
    again: bool,
) -> Result<Played, RunError> {
    let Action::Named { verb, who } = action else { return Ok(Played::default()) };
    let nodes = crate::access::nodes(session);
    let screen = session.screen().name();
    let node = match find(who, &nodes, screen, at) {
        Ok(node) => node,
        Err(e) => {
            // A tab the window is too narrow for is behind the strip's »; a click on it is played as the keyboard
            // reaches it, Ctrl+Tab until its screen shows, since the » menu's item exists only in the frame after »
            // opens it.
            if let (Who::Label { role: Role::Tab, name, nth: None }, Verb::Click) = (who, verb)
                && let Some(to) = ScreenId::all().find(|s| s.title() == name)
            {
                let (from, count) = (session.screen().index(), ScreenId::all().len());
                let presses = (to.index() + count - from) % count;
                return Ok(Played::now((0..presses).flat_map(|_| press(keys.tab, Modifiers::CTRL)).collect()));
            }
            return Err(e);
        }
    };
    act(verb, node, session, keys, per_logical, at, again)
}

/// The SDL events `verb` on `node` becomes in the frame `session` shows (`at` names the script line, or the
/// screen reader, in an error; `again` as [`events`] says).
pub fn act(
    verb: &Verb,
    node: &Node,
    session: &Session,
    keys: Keys,
    per_logical: f32,
    at: &str,
    again: bool,
) -> Result<Played, RunError> {
    let said = || as_written(node.access.role, &node.access.name);
    let to = |v: f32| (v * per_logical).round() as i32;
    let click = || {
        let (x, y) = node.centre();
        let (x, y) = (to(x), to(y));
        vec![
            Event::MouseMotion { x, y },
            Event::MouseButtonDown { button: MouseButton::LEFT, x, y, clicks: 1 },
            Event::MouseButtonUp { button: MouseButton::LEFT, x, y, clicks: 1 },
        ]
    };
    // A node has a box below the fold too: it is in view where a click reaches it (its region), or, for one that
    // takes no input and so has none, where its page would not scroll to show it.
    let placed = |r: &crate::geom::Rect| r.w > 0.0 && r.h > 0.0;
    let regions = session.regions();
    let mine =
        |r: &&crate::ui::router::Region| r.target.id == node.widget && node.part.is_none_or(|p| r.target.part == p);
    let in_view = placed(&node.bounds)
        && match regions.iter().filter(mine).find(|r| placed(&r.rect)) {
            Some(_) => true,
            None => {
                !regions.iter().any(|r| r.target.id == node.widget) && session.state().reveal(node.widget).is_none()
            }
        };
    // A widget scrolled out of view is scrolled into it as a person scrolls: one wheel turn over the page, as far
    // as its layout says, and the click once the frame after has drawn it there. A screen that does not say how it
    // scrolls to it is reached by the keyboard: Tab (which scrolls the page to it), then Space.
    let activate = || -> Result<Played, RunError> {
        if in_view {
            return Ok(Played::now(click()));
        }
        if !again && let Some(reveal) = session.state().reveal(node.widget) {
            let (x, y) = (to(reveal.at.0), to(reveal.at.1));
            let events = vec![Event::MouseMotion { x, y }, Event::MouseWheel { dx: 0.0, dy: reveal.dy }];
            return Ok(Played { events, again: true });
        }
        if again || node.part.is_some() {
            return Err(RunError::Script(format!("{at}: {} is not in view", said())));
        }
        let mut events = tabs_to(session, node, keys, at)?;
        events.extend(press(keys.space, Modifiers::NONE));
        Ok(Played::now(events))
    };
    match verb {
        Verb::Click => activate(),
        // Tab focuses a whole widget, and its arrows pick the part: Tab to a chip group would leave its current
        // chip, not the one named, under the focus, and a Space after it would toggle that one.
        Verb::Focus if node.part.is_some() => Err(RunError::Script(format!(
            "{at}: {} is a part of #{}, which Tab focuses as a whole: click the part, or focus the whole and move \
             with the arrows",
            said(),
            node.widget
        ))),
        Verb::Focus => tabs_to(session, node, keys, at).map(Played::now),
        Verb::Set(value) => set(node, value, session, keys, at, activate),
        Verb::Expect { what, .. } => match holds(node, what) {
            true => Ok(Played::default()),
            false => {
                Err(RunError::Expectation(format!("{at}: expected {} {what}, but it is {}", said(), describe(node))))
            }
        },
    }
}

/// What a `set` line leaves its widget holding, when the line plays before the frame `session` shows: the widget
/// and the value a copy of it reached (None for any other line, or a widget not of the kit). The player checks it
/// in the next frame, so a `set` whose input did not carry it out fails as one that could not reach it does.
pub fn goal(action: &Action, session: &Session) -> Option<(WidgetId, Held)> {
    let Action::Named { verb: Verb::Set(value), who } = action else { return None };
    let nodes = crate::access::nodes(session);
    let node = find(who, &nodes, "", "").ok()?;
    let widget = session.state().widget(node.widget)?;
    let asked = Held::parse_like(value, &widget.value()?)?;
    let mut copy = widget.clone_box();
    copy.set_value(&asked).ok()?;
    Some((node.widget, copy.value()?))
}

/// Tab pressed as often as it takes the focus from where it is to `node`'s widget.
fn tabs_to(session: &Session, node: &Node, keys: Keys, at: &str) -> Result<Vec<Event>, RunError> {
    let stops = Router::tab_stops(session.regions());
    let Some(to) = stops.iter().position(|s| s.id == node.widget) else {
        let said = as_written(node.access.role, &node.access.name);
        // A person cannot Tab to it either: say why, in their words.
        let why = match node.access.has("disabled") {
            true => "it is disabled".to_owned(),
            false => "it takes no focus (nothing Tab reaches)".to_owned(),
        };
        return Err(RunError::Script(format!("{at}: cannot reach {said} with the keyboard: {why}")));
    };
    let presses = match session.router.focus_target().and_then(|f| Router::stop_of(&stops, f)) {
        Some(from) => (to + stops.len() - from) % stops.len(),
        None => to + 1,
    };
    Ok((0..presses).flat_map(|_| press(keys.tab, Modifiers::NONE)).collect())
}

/// What `set` pushes for `node`: typed text, arrow presses, or a click on a box that is not as asked.
fn set(
    node: &Node,
    value: &str,
    session: &Session,
    keys: Keys,
    at: &str,
    activate: impl Fn() -> Result<Played, RunError>,
) -> Result<Played, RunError> {
    let role = node.access.role;
    let wrong =
        |why: &str| RunError::Script(format!("{at}: cannot set {}: {why}", as_written(role, &node.access.name)));
    reachable(node, value, session, at)?;
    match role {
        Role::TextInput | Role::PasswordInput | Role::MultilineTextInput => {
            let mut events = tabs_to(session, node, keys, at)?;
            events.extend(press(keys.a, Modifiers::LCTRL));
            for piece in Action::text_pieces(value) {
                let text = Text::new(piece).map_err(|e| wrong(&e.to_string()))?;
                events.push(Event::TextInput(text));
            }
            Ok(Played::now(events))
        }
        Role::CheckBox | Role::Switch => {
            let want = match value {
                "on" | "true" | "checked" => true,
                "off" | "false" | "unchecked" => false,
                _ => return Err(wrong("the value is on or off")),
            };
            let (checked, mixed) = (node.access.has("checked"), node.access.has("mixed"));
            match (mixed, checked == want) {
                // A click takes a mixed box to off; on is one more.
                (true, _) if want => {
                    let first = activate()?;
                    match first.again {
                        // Scrolled into view first: the line plays again and clicks twice then.
                        true => Ok(first),
                        false => Ok(Played::now([first.events, activate()?.events].concat())),
                    }
                }
                (true, _) | (false, false) => activate(),
                (false, true) => Ok(Played::default()),
            }
        }
        Role::Slider | Role::SpinButton => {
            let range = node.access.range.ok_or_else(|| wrong("it has no range"))?;
            let target: f64 = value.parse().map_err(|_| wrong("the value is a number"))?;
            if !(range.min..=range.max).contains(&target) {
                return Err(wrong(&format!("{target} is outside {} to {}", range.min, range.max)));
            }
            let steps = ((target - range.value) / range.step).round() as i64;
            let key = if steps >= 0 { keys.up } else { keys.down };
            let mut events = tabs_to(session, node, keys, at)?;
            for _ in 0..steps.unsigned_abs().min(MOST_STEPS as u64) {
                events.extend(press(key, Modifiers::NONE));
            }
            Ok(Played::now(events))
        }
        _ => Err(wrong("only text boxes, checkboxes, switches, sliders and spinners take a value; click the others")),
    }
}

/// Whether `value` is one the widget of `node` can hold as asked, by setting it on a copy of the widget
/// ([`Widget::set_value`](crate::widgets::Widget::set_value)): a step-5 slider cannot hold 43, a read-only field or
/// a disabled checkbox holds nothing a script sets. A `set` the input would not carry out exactly is an
/// expectation that fails (exit 7), naming what can be reached, before any event is pushed.
fn reachable(node: &Node, value: &str, session: &Session, at: &str) -> Result<(), RunError> {
    let who = as_written(node.access.role, &node.access.name);
    // A screen whose widgets are not the kit's is played as before, by its accessible range alone.
    let Some(widget) = session.state().widget(node.widget) else { return Ok(()) };
    let Some(now) = widget.value() else { return Ok(()) };
    let Some(asked) = Held::parse_like(value, &now) else {
        return Err(RunError::Script(format!("{at}: cannot set {who}: it holds {}", now.kind())));
    };
    let mut copy = widget.clone_box();
    match copy.set_value(&asked) {
        Ok(Reached::Exactly) => Ok(()),
        Ok(Reached::Nearest(held)) => Err(RunError::Expectation(format!("{at}: {who} can reach {held}, not {value}"))),
        Err(why) => Err(RunError::Expectation(format!("{at}: cannot set {who} to {value}: {why}"))),
    }
}

/// Whether `node` is in state `what` (`not-` before a state denies it), or holds value `what`.
fn holds(node: &Node, what: &str) -> bool {
    const STATES: [&str; 9] =
        ["checked", "mixed", "disabled", "expanded", "selected", "invalid", "readonly", "focused", "multiline"];
    let has = |state: &str| if state == "focused" { node.focused } else { node.access.has(state) };
    if let Some(state) = what.strip_prefix("not-").filter(|s| STATES.contains(s)) {
        return !has(state);
    }
    if STATES.contains(&what) {
        return has(what);
    }
    let value = node.access.value_text();
    value.as_deref() == Some(what)
        || node.access.range.zip(what.parse::<f64>().ok()).is_some_and(|(r, v)| (r.value - v).abs() < 1e-6)
}

/// The node's value and states, for an expectation's error.
fn describe(node: &Node) -> String {
    let value = node.access.value_text().map_or("no value".to_owned(), |v| format!("\"{v}\""));
    let mut states: Vec<&str> = node.access.states.clone();
    if node.focused {
        states.push("focused");
    }
    match states.is_empty() {
        true => format!("{value}, in no state"),
        false => format!("{value}, {}", states.join(", ")),
    }
}

/// A key's press and release.
fn press(key: Key, modifiers: Modifiers) -> [Event; 2] {
    [Event::KeyDown { key, modifiers, repeat: false }, Event::KeyUp { key, modifiers, repeat: false }]
}
