//! A script line that names a widget (`click button "Submit"`) played through the accessibility tree: the node is
//! looked up in the tree of the frame the line plays before, and what the line does becomes real SDL events (a
//! click at the node's centre, Tab until the focus is there, arrows, typed text), so it takes the path a person's
//! input takes. `expect` reads the tree and fails the run when it is not so.

use goldberry_natives::sdl::{Event, Key, Modifiers, MouseButton, Text, Video};

use crate::access::names;
use crate::screens::ScreenId;
use crate::session::Session;
use crate::shell::cli::RunError;
use crate::shell::script::parse::{Action, Verb};
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

/// The SDL events line `line`'s `verb` on `role` "`name`" becomes in the frame `session` shows, pointer positions
/// scaled by `per_logical`; or why it cannot be played (no such widget on this screen, an expectation that fails).
pub fn events(
    action: &Action,
    line: &str,
    session: &Session,
    keys: Keys,
    per_logical: f32,
) -> Result<Vec<Event>, RunError> {
    let Action::Named { verb, role, name } = action else { return Ok(Vec::new()) };
    let nodes = crate::access::nodes(session);
    let screen = session.screen().name();
    let Some(node) = nodes.iter().find(|n| n.access.role == *role && n.access.name == *name) else {
        // A tab the window is too narrow for is behind the strip's »; a click on it is played as the keyboard
        // reaches it, Ctrl+Tab until its screen shows, since the » menu's item exists only in the frame after »
        // opens it.
        if let (Role::Tab, Verb::Click) = (role, verb)
            && let Some(to) = ScreenId::all().find(|s| s.title() == name)
        {
            let (from, count) = (session.screen().index(), ScreenId::all().len());
            let presses = (to.index() + count - from) % count;
            return Ok((0..presses).flat_map(|_| press(keys.tab, Modifiers::CTRL)).collect());
        }
        let here: Vec<(Role, String)> = nodes.iter().map(|n| (n.access.role, n.access.name.clone())).collect();
        let near = names::nearest(&here, *role, name).join(", ");
        return Err(RunError::Script(format!(
            "{line}: no {} \"{name}\" on the {screen} screen (nearest: {near})",
            role.as_str()
        )));
    };
    act(verb, node, session, keys, per_logical, line)
}

/// The SDL events `verb` on `node` becomes in the frame `session` shows (`line` names the script line, or the
/// screen reader, in an error).
pub fn act(
    verb: &Verb,
    node: &Node,
    session: &Session,
    keys: Keys,
    per_logical: f32,
    line: &str,
) -> Result<Vec<Event>, RunError> {
    let (role, name) = (node.access.role, node.access.name.as_str());
    let at = |v: f32| (v * per_logical).round() as i32;
    let click = || {
        let (x, y) = node.centre();
        let (x, y) = (at(x), at(y));
        vec![
            Event::MouseMotion { x, y },
            Event::MouseButtonDown { button: MouseButton::LEFT, x, y, clicks: 1 },
            Event::MouseButtonUp { button: MouseButton::LEFT, x, y, clicks: 1 },
        ]
    };
    // A widget scrolled out of view is reached as a person with a keyboard reaches it: Tab (which scrolls the page
    // to it), then Space.
    let in_view = node.bounds.w > 0.0 && node.bounds.h > 0.0;
    let activate = || -> Result<Vec<Event>, RunError> {
        if in_view {
            return Ok(click());
        }
        // Tab and Space reach a widget, not one of its parts (a radio option, a tab): those must be in view.
        if node.part.is_some() {
            return Err(RunError::Script(format!("{line}: {} \"{name}\" is not in view", role.as_str())));
        }
        let mut events = tabs_to(session, node.widget, keys, line)
            .map_err(|_| RunError::Script(format!("{line}: {} \"{name}\" is not in view", role.as_str())))?;
        events.extend(press(keys.space, Modifiers::NONE));
        Ok(events)
    };
    match verb {
        Verb::Click => activate(),
        // Tab focuses a whole widget, and its arrows pick the part: Tab to a chip group would leave its current
        // chip, not the one named, under the focus, and a Space after it would toggle that one.
        Verb::Focus if node.part.is_some() => Err(RunError::Script(format!(
            "{line}: {} \"{name}\" is a part of {}, which Tab focuses as a whole: click the part, or focus the \
             whole and move with the arrows",
            role.as_str(),
            node.widget
        ))),
        Verb::Focus => tabs_to(session, node.widget, keys, line),
        Verb::Set(value) => set(node, value, session, keys, line, activate),
        Verb::Expect(what) => match holds(node, what) {
            true => Ok(Vec::new()),
            false => Err(RunError::Expectation(format!(
                "{line}: expected {} \"{name}\" {what}, but it is {}",
                role.as_str(),
                describe(node)
            ))),
        },
    }
}

/// What a `set` line leaves its widget holding, when the line plays before the frame `session` shows: the widget
/// and the value a copy of it reached (None for any other line, or a widget not of the kit). The player checks it
/// in the next frame, so a `set` whose input did not carry it out fails as one that could not reach it does.
pub fn goal(action: &Action, session: &Session) -> Option<(WidgetId, Held)> {
    let Action::Named { verb: Verb::Set(value), role, name } = action else { return None };
    let nodes = crate::access::nodes(session);
    let node = nodes.iter().find(|n| n.access.role == *role && n.access.name == *name)?;
    let widget = session.state().widget(node.widget)?;
    let asked = Held::parse_like(value, &widget.value()?)?;
    let mut copy = widget.clone_box();
    copy.set_value(&asked).ok()?;
    Some((node.widget, copy.value()?))
}

/// Tab pressed as often as it takes the focus from where it is to `widget`.
fn tabs_to(session: &Session, widget: WidgetId, keys: Keys, line: &str) -> Result<Vec<Event>, RunError> {
    let stops = Router::tab_stops(session.regions());
    let to = stops
        .iter()
        .position(|s| s.id == widget)
        .ok_or_else(|| RunError::Script(format!("{line}: {widget} does not take the focus")))?;
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
    line: &str,
    activate: impl Fn() -> Result<Vec<Event>, RunError>,
) -> Result<Vec<Event>, RunError> {
    let role = node.access.role;
    let wrong =
        |why: &str| RunError::Script(format!("{line}: cannot set {} \"{}\": {why}", role.as_str(), node.access.name));
    reachable(node, value, session, line)?;
    match role {
        Role::TextInput | Role::PasswordInput | Role::MultilineTextInput => {
            let mut events = tabs_to(session, node.widget, keys, line)?;
            events.extend(press(keys.a, Modifiers::LCTRL));
            for piece in Action::text_pieces(value) {
                let text = Text::new(piece).map_err(|e| wrong(&e.to_string()))?;
                events.push(Event::TextInput(text));
            }
            Ok(events)
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
                (true, _) if want => Ok([activate()?, activate()?].concat()),
                (true, _) | (false, false) => activate(),
                (false, true) => Ok(Vec::new()),
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
            let mut events = tabs_to(session, node.widget, keys, line)?;
            for _ in 0..steps.unsigned_abs().min(MOST_STEPS as u64) {
                events.extend(press(key, Modifiers::NONE));
            }
            Ok(events)
        }
        _ => Err(wrong("only text boxes, checkboxes, switches, sliders and spinners take a value; click the others")),
    }
}

/// Whether `value` is one the widget of `node` can hold as asked, by setting it on a copy of the widget
/// ([`Widget::set_value`](crate::widgets::Widget::set_value)): a step-5 slider cannot hold 43, a read-only field or
/// a disabled checkbox holds nothing a script sets. A `set` the input would not carry out exactly is an
/// expectation that fails (exit 7), naming what can be reached, before any event is pushed.
fn reachable(node: &Node, value: &str, session: &Session, line: &str) -> Result<(), RunError> {
    let (role, name) = (node.access.role.as_str(), node.access.name.as_str());
    // A screen whose widgets are not the kit's is played as before, by its accessible range alone.
    let Some(widget) = session.state().widget(node.widget) else { return Ok(()) };
    let Some(now) = widget.value() else { return Ok(()) };
    let Some(asked) = Held::parse_like(value, &now) else {
        return Err(RunError::Script(format!("{line}: cannot set {role} \"{name}\": it holds {}", now.kind())));
    };
    let mut copy = widget.clone_box();
    match copy.set_value(&asked) {
        Ok(Reached::Exactly) => Ok(()),
        Ok(Reached::Nearest(held)) => {
            Err(RunError::Expectation(format!("{line}: {role} \"{name}\" can reach {held}, not {value}")))
        }
        Err(why) => Err(RunError::Expectation(format!("{line}: cannot set {role} \"{name}\" to {value}: {why}"))),
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
    let value = node.access.value.as_deref();
    value == Some(what)
        || node.access.range.zip(what.parse::<f64>().ok()).is_some_and(|(r, v)| (r.value - v).abs() < 1e-6)
}

/// The node's value and states, for an expectation's error.
fn describe(node: &Node) -> String {
    let value = node.access.value.as_deref().map_or("no value".to_owned(), |v| format!("\"{v}\""));
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
