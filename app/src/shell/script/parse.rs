//! `--script PATH`: a file of timed input events that the run pushes onto SDL's queue, frame by frame, so a script
//! drives the same code a person's mouse and keyboard do.
//!
//! One event a line, `#` starts a comment, blank lines are skipped:
//!
//! ```text
//! <frame> move X Y
//! <frame> press [left|middle|right]        # at the pointer's position
//! <frame> release [left|middle|right]
//! <frame> click X Y [left|middle|right] [x2|x3] [shift]  # move, press and release in that frame; x2 a double click
//! <frame> wheel DX DY                      # DY > 0 scrolls up, as SDL's wheel does
//! <frame> key CHORD                        # ctrl+2, shift+Tab, Return, F1, ctrl+shift+z
//! <frame> text "UTF-8 text"                # as SDL_TEXTINPUT events (31 bytes at most each)
//! <frame> preedit "TEXT" [CURSOR]          # an input method's composition, as one SDL_TEXTEDITING event (its
//!                                          # long form past 31 bytes); CURSOR in characters, at the end if
//!                                          # left out; "" ends it
//! <frame> resize W H
//! <frame> screenshot PATH                  # that frame's pixels once painted, written atomically
//! <frame> click WIDGET                   # a widget found in the accessibility tree: a click at its centre
//! <frame> focus WIDGET                   # Tab pressed until it has the focus
//! <frame> set WIDGET VALUE               # typed into a text box, stepped on a slider, ticked on a checkbox
//! <frame> expect WIDGET STATE|VALUE [within N]  # the run fails (exit 7) unless it is so before that frame's
//!                                        # input, or within N frames after
//! ```
//!
//! A WIDGET is `ROLE "NAME"` (AccessKit's role in lower case and the visible label), `ROLE "NAME" N` (the Nth of
//! several of that role and name, from 1), or `#ID` (the report's widget id). Names are looked up when their line
//! plays, in the screen shown then, so a name a widget takes later can be named.
//!
//! The whole file is read and checked before anything else happens: a bad line is one error at its place,
//! `FILE:LINE:COL: what is wrong`.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::access::names::as_written;
use crate::located::Located;
use crate::shell::cli::MAX_SIDE;
use crate::ui::input::{Button, Mods};
use crate::widgets::Role;

/// The most bytes a script may hold: a soak's 20,000 lines are about 0.5 MiB, and a flood of 60,000 clicks 1 MiB.
pub const MAX_BYTES: usize = 16 * 1024 * 1024;

/// The most bytes one `SDL_TEXTINPUT` event carries (its `char text[32]` holds a terminating NUL).
pub const TEXT_EVENT_BYTES: usize = 31;

/// The most frames an `expect … within N` waits: a minute at 60 frames a second.
pub const MAX_WITHIN: u64 = 3_600;

/// A script, its events in frame order (lines of the same frame keep their order in the file).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Script {
    /// The events, sorted by frame.
    pub events: Vec<Scripted>,
}

/// One line of a script.
#[derive(Debug, Clone, PartialEq)]
pub struct Scripted {
    /// The frame before whose input is polled the event is pushed.
    pub frame: u64,
    /// The line it came from, from 1.
    pub line: usize,
    /// The column (from 1, in characters) of what the line acts on: the widget it names, the path it writes.
    pub col: usize,
    /// What happens.
    pub action: Action,
}

/// A key with its modifiers, as the script names it: SDL key names joined by `+`, e.g. `ctrl+shift+z`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chord {
    /// The modifiers held.
    pub modifiers: Mods,
    /// The key's SDL name as written (`Tab`, `z`, `F1`, `Page Down` is written `PageDown`); resolved to a key code
    /// by SDL (`SDL_GetKeyFromName`) before the run starts.
    pub key: String,
}

/// What one line does.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The pointer moves to (x, y).
    Move {
        /// Window x in pixels.
        x: i32,
        /// Window y in pixels.
        y: i32,
    },
    /// A button goes down at the pointer's position.
    Press(Button),
    /// A button comes up at the pointer's position.
    Release(Button),
    /// Move, press and release in one frame.
    Click {
        /// Window x in pixels.
        x: i32,
        /// Window y in pixels.
        y: i32,
        /// Which button.
        button: Button,
        /// 1 for a single click, 2 for the second click of a double click, 3 for a triple click.
        clicks: u8,
        /// With Shift held: a Shift key goes down before it and up after.
        shift: bool,
    },
    /// The wheel turns by precise amounts; `dy > 0` scrolls up.
    Wheel {
        /// Horizontal amount, positive to the right.
        dx: f32,
        /// Vertical amount, positive away from the user (up).
        dy: f32,
    },
    /// A key is pressed and released with its modifiers held.
    Key(Chord),
    /// Text typed, as one or more `SDL_TEXTINPUT` events of at most [`TEXT_EVENT_BYTES`] bytes, cut at character
    /// boundaries.
    Text(String),
    /// An input method's composition, as one `SDL_TEXTEDITING` event (`SDL_TEXTEDITING_EXT` past
    /// [`TEXT_EVENT_BYTES`]): shown at the caret, not typed; "" ends it.
    Preedit {
        /// The composition.
        text: String,
        /// Its cursor, in characters from its start.
        cursor: usize,
    },
    /// The window becomes W x H.
    Resize {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// That frame's pixels, once painted, are written here as PNG.
    Screenshot(PathBuf),
    /// A widget found in the accessibility tree of the frame the line plays before.
    Named {
        /// What is done to it.
        verb: Verb,
        /// Which widget.
        who: Who,
    },
}

/// How a line names a widget.
#[derive(Debug, Clone, PartialEq)]
pub enum Who {
    /// By its role and its visible name.
    Label {
        /// Its role.
        role: Role,
        /// Its name: its visible label.
        name: String,
        /// Which of several of that role and name, from 1, in the tree's order; None when the name must be one.
        nth: Option<usize>,
    },
    /// By the report's widget id (`#doc.save`).
    Id(String),
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Label { role, name, nth: None } => write!(f, "{}", as_written(*role, name)),
            Who::Label { role, name, nth: Some(n) } => write!(f, "{} {n}", as_written(*role, name)),
            Who::Id(id) => write!(f, "#{id}"),
        }
    }
}

/// What a line naming a widget does to it.
#[derive(Debug, Clone, PartialEq)]
pub enum Verb {
    /// A click at its centre.
    Click,
    /// Tab, as many times as it takes the focus there.
    Focus,
    /// Its value becomes this: typed into a text box (over what it holds), the arrows pressed on a slider or a
    /// spinner until it is there, a click on a checkbox or a switch that is not (`on` or `off`).
    Set(String),
    /// It is in this state (`checked`, `disabled`, `focused`, `not-checked` …) or holds this value, before the
    /// frame's input or before that of one of the `within` frames after.
    Expect {
        /// The state or value.
        what: String,
        /// How many frames after its own it may still become so (0: it must be so at once).
        within: u64,
    },
}

/// A line's error before it is placed in its file: the line and the column (from 1), and what is wrong.
pub type Bad = (usize, usize, String);

impl Script {
    /// Reads and checks the script at `path`; an error is at its place in the file.
    pub fn load(path: &Path) -> Result<Script, Located> {
        let text = crate::located::read_text(path, MAX_BYTES, "a script")?;
        Script::parse(&text).map_err(|(line, col, message)| Located::at_line(path, line, col, message))
    }

    /// Parses a script's text; an error is the line and column (from 1) and what is wrong there.
    pub fn parse(text: &str) -> Result<Script, Bad> {
        let mut events = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let words = split_words(raw).map_err(|(col, message)| (line, col, message))?;
            let Some((frame, rest)) = words.split_first() else { continue };
            let number: u64 = frame.text.parse().map_err(|_| {
                (line, frame.col, format!("`{}` is not a frame number (a whole number, 0 or more)", frame.text))
            })?;
            let end = raw.chars().count() + 1;
            let action = parse_action(rest, frame.col, end).map_err(|(col, message)| (line, col, message))?;
            let col = rest.get(1).or(rest.first()).map_or(frame.col, |w| w.col);
            events.push(Scripted { frame: number, line, col, action });
        }
        // A stable sort: lines of one frame keep the file's order.
        events.sort_by_key(|event| event.frame);
        Ok(Script { events })
    }

    /// The events pushed before frame `frame` polls its input.
    pub fn at(&self, frame: u64) -> &[Scripted] {
        let start = self.events.partition_point(|event| event.frame < frame);
        let end = self.events.partition_point(|event| event.frame <= frame);
        &self.events[start..end]
    }

    /// The last frame any event names or waits for, if there is one.
    pub fn last_frame(&self) -> Option<u64> {
        self.events
            .iter()
            .map(|event| match &event.action {
                Action::Named { verb: Verb::Expect { within, .. }, .. } => event.frame + within,
                _ => event.frame,
            })
            .max()
    }
}

impl Action {
    /// The text events this action becomes: the text cut into pieces of at most [`TEXT_EVENT_BYTES`] bytes at
    /// character boundaries.
    pub fn text_pieces(text: &str) -> Vec<&str> {
        let mut pieces = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let mut end = rest.len().min(TEXT_EVENT_BYTES);
            while !rest.is_char_boundary(end) {
                end -= 1;
            }
            pieces.push(&rest[..end]);
            rest = &rest[end..];
        }
        pieces
    }
}

/// One word of a line and where it starts.
#[derive(Debug, Clone, PartialEq)]
struct Word {
    /// The word; a quoted string keeps its opening `"` as a mark, its escapes undone.
    text: String,
    /// Its column, from 1, in characters.
    col: usize,
}

impl Word {
    fn is(&self, text: &str) -> bool {
        self.text == text
    }

    fn quoted(&self) -> Option<&str> {
        self.text.strip_prefix('"')
    }
}

/// The verbs whose first word may be a widget's `#ID`, which is not a comment there.
const NAMING: [&str; 4] = ["click", "focus", "set", "expect"];

/// The line's words: split at white space, a `"..."` string is one word (with `\"`, `\\`, `\n` and `\t`), and
/// `#` outside a string ends the line, except where a widget's `#ID` stands (right after a verb naming one).
fn split_words(line: &str) -> Result<Vec<Word>, (usize, String)> {
    let mut words: Vec<Word> = Vec::new();
    let mut chars = line.chars().enumerate().peekable();
    let not_closed = |col| (col, "a string is not closed: add the ending `\"`".to_owned());
    while let Some(&(i, c)) = chars.peek() {
        let col = i + 1;
        let id_here = words.len() == 2 && NAMING.iter().any(|v| words[1].is(v));
        if c.is_whitespace() {
            chars.next();
        } else if c == '#' && !id_here {
            break;
        } else if c == '"' {
            chars.next();
            let mut word = String::from("\"");
            loop {
                match chars.next().map(|(_, c)| c) {
                    None => return Err(not_closed(col)),
                    Some('"') => break,
                    Some('\\') => match chars.next() {
                        Some((_, '"')) => word.push('"'),
                        Some((_, '\\')) => word.push('\\'),
                        Some((_, 'n')) => word.push('\n'),
                        Some((_, 't')) => word.push('\t'),
                        Some((j, other)) => return Err((j, format!("unknown escape `\\{other}` in a string"))),
                        None => return Err(not_closed(col)),
                    },
                    Some(other) => word.push(other),
                }
            }
            words.push(Word { text: word, col });
        } else {
            let mut word = String::new();
            while let Some(&(_, c)) = chars.peek() {
                if c.is_whitespace() || (c == '#' && !word.is_empty() && !id_here) {
                    break;
                }
                word.push(c);
                chars.next();
            }
            words.push(Word { text: word, col });
        }
    }
    Ok(words)
}

/// The action of `words` (the verb first): an error is at a column, `frame` the frame number's and `end` the line
/// end's.
fn parse_action(words: &[Word], frame: usize, end: usize) -> Result<Action, (usize, String)> {
    let Some((verb, args)) = words.split_first() else {
        return Err((frame, "a frame number with no event after it".to_owned()));
    };
    // A message about `args[i]` is at its column (past the last word: the line's end).
    let at = |i: usize| move |message: String| (args.get(i).map_or(end, |w| w.col), message);
    let arity = |usage: &str, min: usize, max: usize| -> Result<(), (usize, String)> {
        match args.len() {
            n if (min..=max).contains(&n) => Ok(()),
            n if n > max => Err((args[max].col, format!("expected `{usage}`"))),
            _ => Err((verb.col, format!("expected `{usage}`"))),
        }
    };
    let named_form =
        args.first().is_some_and(|w| w.text.starts_with('#')) || args.get(1).is_some_and(|w| w.quoted().is_some());
    match verb.text.as_str() {
        "move" => {
            arity("move X Y", 2, 2)?;
            Ok(Action::Move {
                x: coordinate(&args[0].text).map_err(at(0))?,
                y: coordinate(&args[1].text).map_err(at(1))?,
            })
        }
        "press" | "release" => {
            arity(&format!("{} [left|middle|right]", verb.text), 0, 1)?;
            let button = args.first().map_or(Ok(Button::Left), |word| button(&word.text)).map_err(at(0))?;
            Ok(if verb.is("press") { Action::Press(button) } else { Action::Release(button) })
        }
        "click" | "focus" | "set" | "expect" if named_form || !verb.is("click") => {
            named_line(&verb.text, verb.col, args)
        }
        "click" => {
            let usage = "click X Y [left|middle|right] [x2|x3] [shift]";
            arity(usage, 2, 5)?;
            let (mut pressed, mut clicks, mut shift) = (Button::Left, 1, false);
            for (i, word) in args.iter().enumerate().skip(2) {
                match word.text.strip_prefix('x').map(str::parse::<u8>) {
                    _ if word.is("shift") => shift = true,
                    Some(Ok(n @ 1..=9)) => clicks = n,
                    Some(_) => return Err(at(i)(format!("`{}`: a click count is x1 to x9", word.text))),
                    None => pressed = button(&word.text).map_err(at(i))?,
                }
            }
            let (x, y) = (coordinate(&args[0].text).map_err(at(0))?, coordinate(&args[1].text).map_err(at(1))?);
            Ok(Action::Click { x, y, button: pressed, clicks, shift })
        }
        "wheel" => {
            arity("wheel DX DY", 2, 2)?;
            Ok(Action::Wheel { dx: amount(&args[0].text).map_err(at(0))?, dy: amount(&args[1].text).map_err(at(1))? })
        }
        "key" => {
            arity("key CHORD, e.g. key ctrl+2", 1, 1)?;
            // A key whose SDL name has a space in it (`Left Alt`, `Keypad +`) is quoted, with its modifiers.
            Ok(Action::Key(chord(args[0].quoted().unwrap_or(&args[0].text)).map_err(at(0))?))
        }
        "text" => {
            arity("text \"UTF-8 text\"", 1, 1)?;
            let text =
                args[0].quoted().ok_or_else(|| at(0)("the text must be quoted: text \"like this\"".to_owned()))?;
            if text.contains('\0') {
                return Err(at(0)("the text holds a NUL character, which SDL_TEXTINPUT cannot carry".to_owned()));
            }
            Ok(Action::Text(text.to_owned()))
        }
        "preedit" => {
            arity("preedit \"TEXT\" [CURSOR]", 1, 2)?;
            let text = args[0]
                .quoted()
                .ok_or_else(|| at(0)("the composition must be quoted: preedit \"にほん\"".to_owned()))?;
            if text.contains('\0') {
                return Err(at(0)(
                    "the composition holds a NUL character, which SDL_TEXTEDITING cannot carry".to_owned(),
                ));
            }
            let chars = text.chars().count();
            let cursor = match args.get(1) {
                None => chars,
                Some(word) => match word.text.parse::<usize>() {
                    Ok(n) if n <= chars => n,
                    _ => {
                        let why = format!("the cursor `{}` is not a character offset of 0 to {chars}", word.text);
                        return Err(at(1)(why));
                    }
                },
            };
            Ok(Action::Preedit { text: text.to_owned(), cursor })
        }
        "resize" => {
            arity("resize W H", 2, 2)?;
            let width = side(&args[0].text, "width").map_err(at(0))?;
            Ok(Action::Resize { width, height: side(&args[1].text, "height").map_err(at(1))? })
        }
        "screenshot" => {
            arity("screenshot PATH", 1, 1)?;
            let path = args[0].quoted().unwrap_or(&args[0].text);
            if path.is_empty() {
                return Err(at(0)("the screenshot path is empty".to_owned()));
            }
            Ok(Action::Screenshot(PathBuf::from(path)))
        }
        other => Err((
            verb.col,
            format!(
                "unknown event `{other}`: expected move, press, release, click, wheel, key, text, preedit, resize, \
                 screenshot, focus, set or expect"
            ),
        )),
    }
}

/// A line naming a widget: `verb` (at column `col`), then `ROLE "NAME" [N]` or `#ID`, then a value for `set` and
/// `expect`, and for `expect` an optional `within FRAMES`.
fn named_line(verb: &str, col: usize, args: &[Word]) -> Result<Action, (usize, String)> {
    let usage = match verb {
        "click" => "click ROLE \"NAME\" [N] or click #ID",
        "focus" => "focus ROLE \"NAME\" [N] or focus #ID",
        "set" => "set ROLE \"NAME\" [N] VALUE or set #ID VALUE",
        _ => "expect ROLE \"NAME\" [N] STATE|VALUE [within FRAMES] or expect #ID STATE|VALUE [within FRAMES]",
    };
    let mut args = args;
    let mut within = 0;
    if verb == "expect" && args.len() >= 2 && args[args.len() - 2].is("within") {
        let frames = &args[args.len() - 1];
        within = match frames.text.parse::<u64>() {
            Ok(n @ 1..=MAX_WITHIN) => n,
            _ => {
                let why = format!("`within {}`: it waits 1 to {MAX_WITHIN} frames", frames.text);
                return Err((frames.col, why));
            }
        };
        args = &args[..args.len() - 2];
    }
    let Some(first) = args.first() else { return Err((col, format!("expected `{usage}`"))) };
    let (who, rest) = match first.text.strip_prefix('#') {
        Some("") => {
            return Err((first.col, "`#` names no widget: the report's widget id follows it, `#doc.save`".to_owned()));
        }
        Some(id) => (Who::Id(id.to_owned()), &args[1..]),
        None => {
            let role = Role::named(&first.text).ok_or_else(|| {
                let roles: Vec<&str> = Role::ALL.iter().map(|r| r.as_str()).collect();
                (first.col, format!("unknown role `{}`: expected one of {}", first.text, roles.join(", ")))
            })?;
            let name = args.get(1).ok_or_else(|| (col, format!("expected `{usage}`")))?;
            let name = name.quoted().ok_or((name.col, "the name must be quoted: button \"Submit\"".to_owned()))?;
            (Who::Label { role, name: name.to_owned(), nth: None }, &args[2..])
        }
    };
    let takes_value = matches!(verb, "set" | "expect");
    let (nth, value) = match (takes_value, rest) {
        (false, []) => (None, None),
        (false, [n]) => (Some(n), None),
        (true, [v]) => (None, Some(v)),
        (true, [n, v]) => (Some(n), Some(v)),
        (true, []) => return Err((col, format!("expected `{usage}`"))),
        (false, [_, extra, ..]) | (true, [_, _, extra, ..]) => {
            return Err((extra.col, format!("expected `{usage}`: `{}` is one word too many", extra.text)));
        }
    };
    let who = match (who, nth) {
        (who, None) => who,
        (Who::Label { role, name, .. }, Some(n)) => match n.text.parse::<usize>() {
            Ok(k @ 1..) => Who::Label { role, name, nth: Some(k) },
            _ if verb == "click" => {
                let why = format!(
                    "a click on a named widget is `click ROLE \"NAME\" [N]`, at its centre with the left button: \
                     `{}` is one word too many",
                    n.text
                );
                return Err((n.col, why));
            }
            _ => {
                let why = format!("`{}` is not which of several widgets of that name (1, 2 …): `{usage}`", n.text);
                return Err((n.col, why));
            }
        },
        (Who::Id(_), Some(n)) => {
            return Err((n.col, format!("an id names one widget: `{}` is one word too many", n.text)));
        }
    };
    let value = value.map(|v| v.quoted().unwrap_or(&v.text).to_owned());
    let verb = match (verb, value) {
        ("click", _) => Verb::Click,
        ("focus", _) => Verb::Focus,
        ("set", Some(value)) => Verb::Set(value),
        (_, value) => Verb::Expect { what: value.unwrap_or_default(), within },
    };
    Ok(Action::Named { verb, who })
}

/// A window coordinate: whole pixels, within what SDL's 32-bit event fields and a 16384-pixel window can mean.
fn coordinate(word: &str) -> Result<i32, String> {
    let value: i32 = word.parse().map_err(|_| format!("`{word}` is not a whole number of pixels"))?;
    let limit = 2 * MAX_SIDE as i32;
    if (-limit..=limit).contains(&value) {
        Ok(value)
    } else {
        Err(format!("the coordinate {value} is outside -{limit} to {limit}"))
    }
}

fn amount(word: &str) -> Result<f32, String> {
    let value: f32 = word.parse().map_err(|_| format!("`{word}` is not a number"))?;
    if value.is_finite() && value.abs() <= 10_000.0 {
        Ok(value)
    } else {
        Err(format!("the wheel amount `{word}` is outside -10000 to 10000"))
    }
}

fn side(word: &str, name: &str) -> Result<u32, String> {
    let value: u64 = word.parse().map_err(|_| format!("the {name} `{word}` is not a whole number"))?;
    if value == 0 || value > u64::from(MAX_SIDE) {
        return Err(format!("the {name} must be 1 to {MAX_SIDE} pixels, not {value}"));
    }
    Ok(value as u32)
}

fn button(word: &str) -> Result<Button, String> {
    match word {
        "left" => Ok(Button::Left),
        "middle" => Ok(Button::Middle),
        "right" => Ok(Button::Right),
        other => Err(format!("unknown button `{other}`: expected left, middle or right")),
    }
}

/// `ctrl+shift+z`: modifiers (any case, each once) and then one key name, which may itself be `+`.
fn chord(word: &str) -> Result<Chord, String> {
    let mut modifiers = Mods::default();
    let mut rest = word;
    // `ctrl++`: a `+` with nothing after it is the key itself.
    while let Some((head, tail)) = rest.split_once('+').filter(|(_, tail)| !tail.is_empty()) {
        let flag = match head.to_ascii_lowercase().as_str() {
            "ctrl" | "control" => &mut modifiers.ctrl,
            "shift" => &mut modifiers.shift,
            "alt" | "option" => &mut modifiers.alt,
            "gui" | "super" | "cmd" | "meta" => &mut modifiers.gui,
            other => return Err(format!("unknown modifier `{other}` in `{word}`: expected ctrl, shift, alt or gui")),
        };
        if *flag {
            return Err(format!("the modifier `{head}` appears twice in `{word}`"));
        }
        *flag = true;
        rest = tail;
    }
    if rest.is_empty() {
        return Err(format!("`{word}` names no key"));
    }
    // A modifier alone is its left-hand key, held as SDL reports a modifier's own key down (`key alt`: what the
    // menus page's "F10 or Alt" asks for).
    let (flag, key) = match rest.to_ascii_lowercase().as_str() {
        "ctrl" | "control" => (&mut modifiers.ctrl, "Left Ctrl"),
        "shift" => (&mut modifiers.shift, "Left Shift"),
        "alt" | "option" => (&mut modifiers.alt, "Left Alt"),
        "gui" | "super" | "cmd" | "meta" => (&mut modifiers.gui, "Left GUI"),
        _ => return Ok(Chord { modifiers, key: rest.to_owned() }),
    };
    *flag = true;
    Ok(Chord { modifiers, key: key.to_owned() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(line: &str) -> Action {
        let script = Script::parse(line).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        assert_eq!(script.events.len(), 1);
        script.events[0].action.clone()
    }

    fn bad(line: &str) -> String {
        match Script::parse(line) {
            Ok(script) => panic!("`{line}` parsed as {script:?}"),
            Err((number, _, message)) => {
                assert_eq!(number, 1);
                message
            }
        }
    }

    #[test]
    fn every_event_parses_as_documented() {
        assert_eq!(one("3 move 10 -20"), Action::Move { x: 10, y: -20 });
        assert_eq!(one("3 press"), Action::Press(Button::Left));
        assert_eq!(one("3 release right"), Action::Release(Button::Right));
        assert_eq!(
            one("3 click 5 6 middle"),
            Action::Click { x: 5, y: 6, button: Button::Middle, clicks: 1, shift: false }
        );
        assert_eq!(one("3 click 5 6 x2"), Action::Click { x: 5, y: 6, button: Button::Left, clicks: 2, shift: false });
        assert_eq!(
            one("3 click 5 6 shift"),
            Action::Click { x: 5, y: 6, button: Button::Left, clicks: 1, shift: true }
        );
        assert_eq!(one("3 wheel 0 -1.5"), Action::Wheel { dx: 0.0, dy: -1.5 });
        assert_eq!(
            one("3 key ctrl+shift+z"),
            Action::Key(Chord { modifiers: Mods { ctrl: true, shift: true, ..Mods::default() }, key: "z".into() })
        );
        assert_eq!(one("3 key Return"), Action::Key(Chord { modifiers: Mods::default(), key: "Return".into() }));
        assert_eq!(
            one("3 key ctrl++"),
            Action::Key(Chord { modifiers: Mods { ctrl: true, ..Mods::default() }, key: "+".into() })
        );
        // A key name with a space is quoted; a modifier alone is its left-hand key, held.
        assert_eq!(
            one(r#"3 key "ctrl+Keypad +""#),
            Action::Key(Chord { modifiers: Mods { ctrl: true, ..Mods::default() }, key: "Keypad +".into() })
        );
        assert_eq!(
            one("3 key alt"),
            Action::Key(Chord { modifiers: Mods { alt: true, ..Mods::default() }, key: "Left Alt".into() })
        );
        assert_eq!(
            one("3 key Shift"),
            Action::Key(Chord { modifiers: Mods { shift: true, ..Mods::default() }, key: "Left Shift".into() })
        );
        assert_eq!(one(r#"3 text "a \"b\" # c""#), Action::Text("a \"b\" # c".into()));
        assert_eq!(one(r#"3 preedit "にほん" 1"#), Action::Preedit { text: "にほん".into(), cursor: 1 });
        assert_eq!(one(r#"3 preedit "한""#), Action::Preedit { text: "한".into(), cursor: 1 });
        assert_eq!(one(r#"3 preedit """#), Action::Preedit { text: String::new(), cursor: 0 });
        assert_eq!(one("3 resize 200 150"), Action::Resize { width: 200, height: 150 });
        assert_eq!(one("3 screenshot out/a.png # a comment"), Action::Screenshot("out/a.png".into()));
    }

    #[test]
    fn events_come_in_frame_order_and_keep_file_order_within_a_frame() {
        let script = Script::parse("# a tour\n\n5 key F1\n2 move 1 1\n5 key Escape\n2 press\n").expect("parses");
        let frames: Vec<(u64, usize)> = script.events.iter().map(|e| (e.frame, e.line)).collect();
        assert_eq!(frames, [(2, 4), (2, 6), (5, 3), (5, 5)]);
        assert_eq!(script.at(5).len(), 2);
        assert_eq!(script.at(3).len(), 0);
        assert_eq!(script.last_frame(), Some(5));
    }

    #[test]
    fn each_kind_of_bad_line_says_what_is_wrong() {
        assert!(bad("x move 1 1").contains("not a frame number"));
        assert!(bad("-1 move 1 1").contains("not a frame number"));
        assert!(bad("1").contains("no event"));
        assert!(bad("1 jump 1 1").contains("unknown event `jump`"));
        assert!(bad("1 move 1").contains("expected `move X Y`"));
        assert!(bad("1 move 1.5 2").contains("not a whole number"));
        assert!(bad("1 move 99999 2").contains("outside"));
        assert!(bad("1 press thumb").contains("unknown button"));
        assert!(bad("1 wheel 0 inf").contains("outside"));
        assert!(bad("1 wheel 0 x").contains("not a number"));
        assert!(bad("1 key hyper+a").contains("unknown modifier"));
        assert!(bad("1 key ctrl+ctrl+a").contains("twice"));
        assert!(bad("1 key").contains("expected `key CHORD"));
        assert!(bad("1 text hello").contains("quoted"));
        assert!(bad("1 text \"open").contains("not closed"));
        assert!(bad("1 text \"a\\qb\"").contains("unknown escape"));
        assert!(bad("1 preedit にほん").contains("quoted"));
        assert!(bad("1 preedit \"にほん\" 4").contains("0 to 3"));
        assert!(bad("1 preedit \"a\" -1").contains("not a character offset"));
        assert!(bad("1 resize 0 100").contains("1 to 16384"));
        assert!(bad("1 resize 100").contains("expected `resize W H`"));
        assert!(bad("1 screenshot").contains("expected `screenshot PATH`"));
    }

    #[test]
    fn the_error_names_the_file_and_the_line() {
        let dir = std::env::temp_dir().join(format!("goldberry-script-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("tour.txt");
        std::fs::write(&path, "0 move 1 1\n1 click 2\n").expect("write");
        let error = Script::load(&path).expect_err("line 2 is bad");
        assert_eq!(
            error.to_string(),
            format!("{}:2:3: expected `click X Y [left|middle|right] [x2|x3] [shift]`", path.display())
        );
        let missing = Script::load(&dir.join("absent.txt")).expect_err("no such file");
        assert!(missing.to_string().contains(":1:1: cannot read it"), "{missing}");
        // Not UTF-8: the place of the bad byte, not the file as a whole.
        std::fs::write(&path, b"0 move 1 1\n1 text \"caf\xe9\"\n").expect("write");
        let error = Script::load(&path).expect_err("not UTF-8");
        assert_eq!((error.line, error.col), (2, 12), "{error}");
        assert!(error.message.contains("not UTF-8"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_script_past_its_size_is_refused_at_the_line_where_it_passes() {
        let dir = std::env::temp_dir().join(format!("goldberry-script-big-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("big.txt");
        let line = "0 move 1 1 # a comment to make the line 64 bytes long .........\n";
        assert_eq!(line.len(), 64);
        std::fs::write(&path, line.repeat(MAX_BYTES / 64 + 1)).expect("write");
        let error = Script::load(&path).expect_err("too long");
        assert_eq!((error.line, error.col), (MAX_BYTES / 64 + 1, 1), "{error}");
        assert!(error.message.contains("a script is longer than the 16384 KiB"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_named_click_with_a_word_too_many_says_so() {
        let e = Script::parse("1 click button \"Add one\" right").expect_err("a word too many");
        assert_eq!((e.0, e.1), (1, 26), "at `right`");
        assert!(e.2.contains("a click on a named widget is `click ROLE \"NAME\" [N]`"), "{}", e.2);
        assert!(e.2.contains("`right` is one word too many"), "{}", e.2);
    }

    #[test]
    fn a_name_as_a_message_writes_it_reads_back_as_the_same_name() {
        let name = "A \"q\" \\ b";
        let line = format!("1 click {}", as_written(Role::Button, name));
        assert_eq!(line, "1 click button \"A \\\"q\\\" \\\\ b\"");
        let who = Who::Label { role: Role::Button, name: name.into(), nth: None };
        assert_eq!(one(&line), Action::Named { verb: Verb::Click, who: who.clone() });
        assert_eq!(format!("{who}"), line["1 click ".len()..]);
    }

    #[test]
    fn a_widget_is_named_by_its_label_by_which_of_several_or_by_its_id() {
        let label = |name: &str, nth| Who::Label { role: Role::Button, name: name.to_owned(), nth };
        assert_eq!(one("1 click button \"Save\""), Action::Named { verb: Verb::Click, who: label("Save", None) });
        assert_eq!(one("1 click button \"Save\" 2"), Action::Named { verb: Verb::Click, who: label("Save", Some(2)) });
        assert_eq!(
            one("1 click #doc.save # a comment"),
            Action::Named { verb: Verb::Click, who: Who::Id("doc.save".into()) }
        );
        assert_eq!(one("1 focus #doc.save"), Action::Named { verb: Verb::Focus, who: Who::Id("doc.save".into()) });
        assert_eq!(
            one("1 set textinput \"Name\" 2 \"Ada\""),
            Action::Named {
                verb: Verb::Set("Ada".into()),
                who: Who::Label { role: Role::TextInput, name: "Name".into(), nth: Some(2) }
            }
        );
        // With three words after the verb the third is the value, even a number.
        assert_eq!(
            one("1 expect spinbutton \"Count\" 2"),
            Action::Named {
                verb: Verb::Expect { what: "2".into(), within: 0 },
                who: Who::Label { role: Role::SpinButton, name: "Count".into(), nth: None }
            }
        );
        assert_eq!(
            one("1 expect #doc.count 2 within 30"),
            Action::Named { verb: Verb::Expect { what: "2".into(), within: 30 }, who: Who::Id("doc.count".into()) }
        );
        assert_eq!(
            one("1 expect button \"Save\" 2 disabled within 5"),
            Action::Named { verb: Verb::Expect { what: "disabled".into(), within: 5 }, who: label("Save", Some(2)) }
        );
        // A `#` elsewhere still starts a comment.
        assert_eq!(one("1 move 1 2 #doc.save"), Action::Move { x: 1, y: 2 });
        let script = Script::parse("1 expect #a on within 10\n2 key Tab").expect("parses");
        assert_eq!(script.last_frame(), Some(11), "the run lasts as long as a wait");
    }

    #[test]
    fn a_bad_widget_name_is_refused_at_its_word() {
        let at = |line: &str| Script::parse(line).map(|_| ()).expect_err(line);
        let (_, col, message) = at("1 click button \"Save\" 0");
        assert_eq!(col, 23, "{message}");
        let (_, col, message) = at("1 set button \"Save\" x y");
        assert_eq!(col, 21, "{message}");
        assert!(message.contains("`x` is not which of several"), "{message}");
        let (_, col, message) = at("1 click #doc.save 2");
        assert_eq!(col, 19, "{message}");
        assert!(message.contains("an id names one widget"), "{message}");
        let (_, col, message) = at("1 expect #a on within 0");
        assert_eq!(col, 23, "{message}");
        assert!(message.contains("1 to 3600 frames"), "{message}");
        let (_, col, message) = at("1 click buton \"Save\"");
        assert_eq!(col, 9, "{message}");
        assert!(message.contains("unknown role `buton`"), "{message}");
        let (_, col, message) = at("  7 jump");
        assert_eq!(col, 5, "{message}");
        let (_, col, message) = at("1 click #");
        assert_eq!(col, 9, "{message}");
    }

    #[test]
    fn text_is_cut_at_character_boundaries_into_sdl_sized_pieces() {
        let text = "é".repeat(20); // 40 bytes, two bytes a character
        let pieces = Action::text_pieces(&text);
        assert_eq!(pieces.iter().map(|p| p.len()).collect::<Vec<_>>(), [30, 10]);
        assert_eq!(pieces.concat(), text);
        assert!(Action::text_pieces("").is_empty());
    }
}
