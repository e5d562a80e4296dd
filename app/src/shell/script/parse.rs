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
//! <frame> click ROLE "NAME"                # a widget found in the accessibility tree: a click at its centre
//! <frame> focus ROLE "NAME"                # Tab pressed until it has the focus
//! <frame> set ROLE "NAME" VALUE            # typed into a text box, stepped on a slider, ticked on a checkbox
//! <frame> expect ROLE "NAME" STATE|VALUE   # the run fails (exit 7) unless it is so before that frame's input
//! ```
//!
//! Roles are AccessKit's names in lower case (`button`, `checkbox`, `textinput`, `slider`, `tab` …); a name no
//! screen has fails the check before the run with the nearest names.
//!
//! The whole file is read and checked before anything else happens: a bad line is one error naming the file, the
//! line and what is wrong.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::shell::cli::MAX_SIDE;
use crate::ui::input::{Button, Mods};
use crate::widgets::Role;

/// The most bytes a script may hold: a soak's 20,000 lines are about 0.5 MiB, and a flood of 60,000 clicks 1 MiB.
pub const MAX_BYTES: usize = 16 * 1024 * 1024;

/// The most bytes one `SDL_TEXTINPUT` event carries (its `char text[32]` holds a terminating NUL).
pub const TEXT_EVENT_BYTES: usize = 31;

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
    /// A widget found by its role and name in the accessibility tree of the frame the line plays before.
    Named {
        /// What is done to it.
        verb: Verb,
        /// Its role.
        role: Role,
        /// Its name: its visible label.
        name: String,
    },
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
    /// It is in this state (`checked`, `disabled`, `focused`, `not-checked` …) or holds this value.
    Expect(String),
}

/// A script that cannot be run: which file, which line (0 when the file itself failed), and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ScriptError {
    /// The script file.
    pub path: PathBuf,
    /// The line, from 1; 0 for the file as a whole.
    pub line: usize,
    /// What is wrong, in a few words.
    pub message: String,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "script {}: {}", self.path.display(), self.message),
            line => write!(f, "script {} line {line}: {}", self.path.display(), self.message),
        }
    }
}

impl Script {
    /// Reads and checks the script at `path`.
    pub fn load(path: &Path) -> Result<Script, ScriptError> {
        let text = crate::located::read_text(path, MAX_BYTES, "a script").map_err(|e| {
            // A file that cannot be opened is about the file as a whole; one too long or not UTF-8 about a line.
            if e.message.starts_with("cannot read") {
                return ScriptError { path: path.to_owned(), line: 0, message: e.message };
            }
            ScriptError { path: path.to_owned(), line: e.line, message: format!("{} (column {})", e.message, e.col) }
        })?;
        Script::parse(&text).map_err(|(line, message)| ScriptError { path: path.to_owned(), line, message })
    }

    /// Parses a script's text; an error is the line (from 1) and what is wrong with it.
    pub fn parse(text: &str) -> Result<Script, (usize, String)> {
        let mut events = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let words = split_words(raw).map_err(|message| (line, message))?;
            let Some((frame, rest)) = words.split_first() else { continue };
            let frame: u64 = frame
                .parse()
                .map_err(|_| (line, format!("`{frame}` is not a frame number (a whole number, 0 or more)")))?;
            let action = parse_action(rest).map_err(|message| (line, message))?;
            events.push(Scripted { frame, line, action });
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

    /// The last frame any event names, if there is one.
    pub fn last_frame(&self) -> Option<u64> {
        self.events.last().map(|event| event.frame)
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

/// The line's words: split at white space, a `"..."` string is one word (with `\"`, `\\`, `\n` and `\t`), and
/// `#` outside a string ends the line.
fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '#' {
            break;
        } else if c == '"' {
            chars.next();
            let mut word = String::from("\"");
            loop {
                match chars.next() {
                    None => return Err("a string is not closed: add the ending `\"`".to_owned()),
                    Some('"') => break,
                    Some('\\') => match chars.next() {
                        Some('"') => word.push('"'),
                        Some('\\') => word.push('\\'),
                        Some('n') => word.push('\n'),
                        Some('t') => word.push('\t'),
                        Some(other) => return Err(format!("unknown escape `\\{other}` in a string")),
                        None => return Err("a string is not closed: add the ending `\"`".to_owned()),
                    },
                    Some(other) => word.push(other),
                }
            }
            words.push(word);
        } else {
            let mut word = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '#' {
                    break;
                }
                word.push(c);
                chars.next();
            }
            words.push(word);
        }
    }
    Ok(words)
}

fn parse_action(words: &[String]) -> Result<Action, String> {
    let Some((verb, args)) = words.split_first() else {
        return Err("a frame number with no event after it".to_owned());
    };
    let arity = |usage: &str, min: usize, max: usize| -> Result<(), String> {
        if (min..=max).contains(&args.len()) { Ok(()) } else { Err(format!("expected `{usage}`")) }
    };
    match verb.as_str() {
        "move" => {
            arity("move X Y", 2, 2)?;
            Ok(Action::Move { x: coordinate(&args[0])?, y: coordinate(&args[1])? })
        }
        "press" | "release" => {
            arity(&format!("{verb} [left|middle|right]"), 0, 1)?;
            let button = args.first().map_or(Ok(Button::Left), |word| button(word))?;
            Ok(if verb == "press" { Action::Press(button) } else { Action::Release(button) })
        }
        "click" if args.len() == 2 && args[1].starts_with('"') => named(Verb::Click, args),
        "click" if args.len() > 2 && args[1].starts_with('"') => Err(format!(
            "a click on a named widget is `click ROLE \"NAME\"`, at its centre with the left button: `{}` is one \
             word too many",
            args[2]
        )),
        "focus" => {
            arity("focus ROLE \"NAME\"", 2, 2)?;
            named(Verb::Focus, args)
        }
        "set" | "expect" => {
            arity(&format!("{verb} ROLE \"NAME\" VALUE"), 3, 3)?;
            let value = args[2].strip_prefix('"').unwrap_or(&args[2]).to_owned();
            named(if verb == "set" { Verb::Set(value) } else { Verb::Expect(value) }, args)
        }
        "click" => {
            let usage = "click X Y [left|middle|right] [x2|x3] [shift]";
            arity(usage, 2, 5)?;
            let (mut pressed, mut clicks, mut shift) = (Button::Left, 1, false);
            for word in &args[2..] {
                match word.strip_prefix('x').map(str::parse::<u8>) {
                    _ if word == "shift" => shift = true,
                    Some(Ok(n @ 1..=9)) => clicks = n,
                    Some(_) => return Err(format!("`{word}`: a click count is x1 to x9")),
                    None => pressed = button(word)?,
                }
            }
            Ok(Action::Click { x: coordinate(&args[0])?, y: coordinate(&args[1])?, button: pressed, clicks, shift })
        }
        "wheel" => {
            arity("wheel DX DY", 2, 2)?;
            Ok(Action::Wheel { dx: amount(&args[0])?, dy: amount(&args[1])? })
        }
        "key" => {
            arity("key CHORD, e.g. key ctrl+2", 1, 1)?;
            // A key whose SDL name has a space in it (`Left Alt`, `Keypad +`) is quoted, with its modifiers.
            Ok(Action::Key(chord(args[0].strip_prefix('"').unwrap_or(&args[0]))?))
        }
        "text" => {
            arity("text \"UTF-8 text\"", 1, 1)?;
            let text = args[0].strip_prefix('"').ok_or("the text must be quoted: text \"like this\"")?;
            if text.contains('\0') {
                return Err("the text holds a NUL character, which SDL_TEXTINPUT cannot carry".to_owned());
            }
            Ok(Action::Text(text.to_owned()))
        }
        "preedit" => {
            arity("preedit \"TEXT\" [CURSOR]", 1, 2)?;
            let text = args[0].strip_prefix('"').ok_or("the composition must be quoted: preedit \"にほん\"")?;
            if text.contains('\0') {
                return Err("the composition holds a NUL character, which SDL_TEXTEDITING cannot carry".to_owned());
            }
            let chars = text.chars().count();
            let cursor = match args.get(1) {
                None => chars,
                Some(word) => match word.parse::<usize>() {
                    Ok(n) if n <= chars => n,
                    _ => return Err(format!("the cursor `{word}` is not a character offset of 0 to {chars}")),
                },
            };
            Ok(Action::Preedit { text: text.to_owned(), cursor })
        }
        "resize" => {
            arity("resize W H", 2, 2)?;
            Ok(Action::Resize { width: side(&args[0], "width")?, height: side(&args[1], "height")? })
        }
        "screenshot" => {
            arity("screenshot PATH", 1, 1)?;
            let path = args[0].strip_prefix('"').unwrap_or(&args[0]);
            if path.is_empty() {
                return Err("the screenshot path is empty".to_owned());
            }
            Ok(Action::Screenshot(PathBuf::from(path)))
        }
        other => Err(format!(
            "unknown event `{other}`: expected move, press, release, click, wheel, key, text, preedit, resize, \
             screenshot, focus, set or expect"
        )),
    }
}

/// A line naming a widget: `ROLE "NAME"` first in `args`.
fn named(verb: Verb, args: &[String]) -> Result<Action, String> {
    let role = Role::named(&args[0]).ok_or_else(|| {
        let roles: Vec<&str> = Role::ALL.iter().map(|r| r.as_str()).collect();
        format!("unknown role `{}`: expected one of {}", args[0], roles.join(", "))
    })?;
    let name = args[1].strip_prefix('"').ok_or("the name must be quoted: button \"Submit\"")?;
    Ok(Action::Named { verb, role, name: name.to_owned() })
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
            Err((number, message)) => {
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
        assert_eq!(error.line, 2);
        assert_eq!(
            error.to_string(),
            format!("script {} line 2: expected `click X Y [left|middle|right] [x2|x3] [shift]`", path.display())
        );
        let missing = Script::load(&dir.join("absent.txt")).expect_err("no such file");
        assert!(missing.to_string().contains("cannot read it"), "{missing}");
        assert_eq!(missing.line, 0, "about the file as a whole");
        // Not UTF-8: the line of the bad byte, not the file as a whole.
        std::fs::write(&path, b"0 move 1 1\n1 text \"caf\xe9\"\n").expect("write");
        let error = Script::load(&path).expect_err("not UTF-8");
        assert_eq!(error.line, 2, "{error}");
        assert!(error.message.contains("not UTF-8") && error.message.contains("column 12"), "{error}");
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
        assert_eq!(error.line, MAX_BYTES / 64 + 1, "{error}");
        assert!(error.message.contains("a script is longer than the 16384 KiB"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_named_click_with_a_word_too_many_says_so() {
        let e = Script::parse("1 click button \"Add one\" right").expect_err("a word too many");
        assert_eq!(e.0, 1);
        assert!(e.1.contains("a click on a named widget is `click ROLE \"NAME\"`"), "{}", e.1);
        assert!(e.1.contains("`right` is one word too many"), "{}", e.1);
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
