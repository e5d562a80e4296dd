//! The editing fuzz (issue 35): random sequences of typing, pasting, deleting, selecting, Home, End, Up, Down,
//! Page Up, Page Down, word moves, undo and redo on the text screen's field and area, at random widths and font
//! sizes, over texts that mix long lines, soft wraps, bidirectional runs and clusters. After every step the
//! editor's text (and the lines it gives a screen reader), caret and anchor are compared with a plain model that knows only the text, its grapheme
//! clusters and words (over the whole text, UAX #29) and the lines the editor's layout gave; and the layout itself
//! is checked (its lines tile the text at cluster boundaries, the caret is scrolled into view).
//!
//! The model keeps a clipboard of its own (Cut and Copy put its selected text there, its Paste reads it), compared
//! with the editor's after every step; an Up, Down or Page key must land on the caret stop of the target line whose
//! caret is drawn nearest the goal x (the caret's x at the first of a row of vertical moves, kept until any other
//! step); and every line the area draws fits its box, unless it is a single cluster that cannot be broken (the
//! whitespace at a line's end hangs past it).
//!
//! An input method's composition is a step of its own: the compositions it shows one after another (a reading
//! growing, its cursor at random bytes), then what it types or its cancel, as an input method sends them; the
//! model keeps the composition apart from the text, and the layout's checks run over the text as shown, with the
//! composition spliced in at the caret.
//!
//! The steps go through `TextFields::apply` as the router's messages, and the texts are laid out between steps by
//! the screen's own `lay_out_texts`, as a frame does (no raster: a step costs what editing and layout cost).
//!
//! - `cargo test -p goldberry --test edit_fuzz` replays every kept case in `tests/edit_fuzz_cases/`, then 10,000
//!   steps on fixed seeds (runs of 200 steps from a fresh screen);
//! - `GOLDBERRY_EDIT_FUZZ_STEPS=1000000` runs that many steps instead, `GOLDBERRY_EDIT_FUZZ_SEED=N` starts at seed
//!   N (1 by default);
//! - a finding is shrunk to the fewest steps that still fail and written to `tests/edit_fuzz_cases/seed-N.txt`,
//!   one step a line, so that it is replayed from then on (`GOLDBERRY_EDIT_FUZZ_CASES=DIR`: DIR's cases instead).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use goldberry::fonts::{Face, FontBook};
use goldberry::geom::Rect;
use goldberry::screens::text::lay_out_texts;
use goldberry::screens::text::state::{AREA_LINES, Laid, TextFields, ids};
use goldberry::text::TextStyle;
use goldberry::text::caret::{Grapheme, graphemes};
use goldberry::text::shape::CHUNKED_LINE;
use goldberry::ui::input::{Key, Mods};
use goldberry::ui::router::{Message, WidgetId};
use goldberry_natives::Goldberry;
use unicode_segmentation::UnicodeSegmentation;

/// Steps in one run from a fresh screen: short enough to shrink quickly, long enough to build up history.
const RUN: usize = 200;

/// How many steps undo keeps (the editor's promise).
const UNDO_STEPS: usize = 200;

/// The model keeps its texts under this (bytes): words are looked for within 4 KiB of the caret by design, and
/// the model looks over the whole text.
const MODEL_BYTES: usize = 3500;

/// Pieces of text the typing and pasting are made of: Latin, a long word, spaces, Hebrew and Arabic (right to
/// left), Thai (no spaces), Devanagari (clusters of several characters), a combining accent, a ZWJ family, a flag,
/// digits, punctuation, line breaks, a tab and a ligature.
const PIECES: [&str; 24] = [
    "a",
    "b",
    "x",
    "e\u{301}",
    " ",
    "  ",
    "hello ",
    "world",
    "\u{5e9}\u{5dc}\u{5d5}\u{5dd}",
    "\u{645}\u{631}\u{62d}\u{628}\u{627}",
    " \u{5d0}\u{5d1} ",
    "\u{e20}\u{e32}\u{e29}\u{e32}\u{e44}\u{e17}\u{e22}",
    "\u{939}\u{93f}\u{928}\u{94d}\u{926}\u{940}",
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
    "\u{1F1EB}\u{1F1F7}",
    "1234",
    ".",
    ", ",
    "\n",
    "\t",
    "\r\n",
    "supercalifragilisticexpialidociouslylongwordwithoutanybreak",
    "office ",
    "12.5 ",
];

/// What an input method composes (a reading, its characters shown one more at a time) and what it may type for
/// it: Japanese kana to kanji, Korean jamo to a syllable, Chinese pinyin to hanzi, a dead key to an accent.
const COMPOSITIONS: [(&str, &str); 6] = [
    ("\u{306b}\u{307b}\u{3093}", "\u{65e5}\u{672c}"),
    ("\u{304b}\u{3093}\u{3058}", "\u{6f22}\u{5b57}"),
    ("\u{1112}\u{1161}\u{11ab}", "\u{d55c}"),
    ("\u{d558}", "\u{d55c}\u{ad6d}"),
    ("nihao", "\u{4f60}\u{597d}"),
    ("\u{b4}", "\u{e9}"),
];

/// The keys a step may press, by the name a case file gives them.
const KEYS: [(&str, Key); 17] = [
    ("Left", Key::Left),
    ("Right", Key::Right),
    ("Up", Key::Up),
    ("Down", Key::Down),
    ("Home", Key::Home),
    ("End", Key::End),
    ("PageUp", Key::PageUp),
    ("PageDown", Key::PageDown),
    ("BackSpace", Key::Backspace),
    ("Delete", Key::Delete),
    ("Return", Key::Return),
    ("a", Key::Char('a')),
    ("c", Key::Char('c')),
    ("x", Key::Char('x')),
    ("v", Key::Char('v')),
    ("z", Key::Char('z')),
    ("y", Key::Char('y')),
];

/// One step.
#[derive(Debug, Clone, PartialEq)]
enum Op {
    /// The widgets' width (px) and the text's size (px): the first step of a run, and now and then later (a zoom
    /// or a resize changes both in logical units).
    Layout { width: f32, size: f32 },
    /// Text typed into the field (false) or the area (true).
    Type(bool, String),
    /// Text put on the clipboard, then Ctrl+V.
    Paste(bool, String),
    /// A key with Ctrl and Shift held or not.
    Key { area: bool, key: usize, ctrl: bool, shift: bool },
    /// An input method's compositions, each a text and its cursor (a byte, snapped by the editor), then the text
    /// it types (None: it cancels).
    Compose { area: bool, shown: Vec<(String, usize)>, typed: Option<String> },
}

impl Op {
    fn line(&self) -> String {
        let widget = |area: bool| if area { "area" } else { "field" };
        let quoted = |s: &str| serde_json::to_string(s).unwrap_or_default();
        match self {
            Op::Layout { width, size } => format!("layout {width} {size}"),
            Op::Type(area, text) => format!("type {} {}", widget(*area), quoted(text)),
            Op::Paste(area, text) => format!("paste {} {}", widget(*area), quoted(text)),
            Op::Key { area, key, ctrl, shift } => {
                let mut chord = String::new();
                if *ctrl {
                    chord.push_str("ctrl+");
                }
                if *shift {
                    chord.push_str("shift+");
                }
                format!("key {} {chord}{}", widget(*area), KEYS[*key].0)
            }
            Op::Compose { area, shown, typed } => {
                format!("compose {} {}", widget(*area), serde_json::json!({ "shown": shown, "typed": typed }))
            }
        }
    }

    fn parse(line: &str) -> Result<Op, String> {
        let mut words = line.splitn(3, ' ');
        let (verb, a, b) = (words.next().unwrap_or(""), words.next().unwrap_or(""), words.next().unwrap_or(""));
        let area = a == "area";
        let text = || serde_json::from_str::<String>(b).map_err(|e| format!("{line}: {e}"));
        Ok(match verb {
            "layout" => Op::Layout {
                width: a.parse().map_err(|_| format!("{line}: a width"))?,
                size: b.parse().map_err(|_| format!("{line}: a size"))?,
            },
            "type" => Op::Type(area, text()?),
            "paste" => Op::Paste(area, text()?),
            "key" => {
                let ctrl = b.contains("ctrl+");
                let shift = b.contains("shift+");
                let name = b.rsplit('+').next().unwrap_or("");
                let key = KEYS.iter().position(|k| k.0 == name).ok_or(format!("{line}: no key {name}"))?;
                Op::Key { area, key, ctrl, shift }
            }
            "compose" => {
                let value: serde_json::Value = serde_json::from_str(b).map_err(|e| format!("{line}: {e}"))?;
                let shown = serde_json::from_value(value["shown"].clone()).map_err(|e| format!("{line}: {e}"))?;
                let typed = serde_json::from_value(value["typed"].clone()).map_err(|e| format!("{line}: {e}"))?;
                Op::Compose { area, shown, typed }
            }
            _ => return Err(format!("{line}: unknown step")),
        })
    }
}

/// A small, seedable generator (SplitMix64): the fuzz must replay a seed exactly, on any machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn piece(&mut self) -> &'static str {
        PIECES[self.below(PIECES.len())]
    }
}

/// The steps of seed `seed`. The texts' lengths are what the model last saw, so a generator keeps them under
/// [`MODEL_BYTES`] without running the editor (a step that would pass it is a delete instead).
fn ops(seed: u64, steps: usize) -> Vec<Op> {
    let mut rng = Rng(seed);
    let layout = |rng: &mut Rng| {
        const SIZES: [f32; 6] = [8.0, 11.0, 15.0, 21.0, 30.0, 45.0];
        Op::Layout { width: 30.0 + rng.below(700) as f32 + rng.below(4) as f32 / 4.0, size: SIZES[rng.below(6)] }
    };
    let mut out = vec![layout(&mut rng)];
    // Lengths, roughly: a paste of a long line grows the text, deletes shrink it.
    let mut lengths = [200usize; 2];
    while out.len() < steps {
        let area = rng.chance(60);
        let long = lengths[usize::from(area)] > MODEL_BYTES - 800;
        let roll = rng.below(100);
        let op = if roll < 2 {
            layout(&mut rng)
        } else if roll < 20 && !long {
            let piece = rng.piece();
            // Now a whole piece, now one character of it (an accent or a joiner on its own).
            let text = if rng.chance(30) {
                piece.chars().nth(rng.below(piece.chars().count())).map(String::from).unwrap_or_default()
            } else {
                piece.to_owned()
            };
            lengths[usize::from(area)] += text.len();
            Op::Type(area, text)
        } else if roll < 25 && !long {
            let mut text = String::new();
            if rng.chance(30) {
                // A long line: one piece many times over, no break in it, so the field lays out a window.
                let piece = rng.piece().replace(['\n', '\r'], "");
                for _ in 0..(400 / piece.len().max(1)).max(1) * (1 + rng.below(3)) {
                    text.push_str(&piece);
                }
            } else {
                for _ in 0..1 + rng.below(30) {
                    text.push_str(rng.piece());
                }
            }
            lengths[usize::from(area)] += text.len();
            Op::Paste(area, text)
        } else if roll < 29 && !long {
            let (reading, typed) = COMPOSITIONS[rng.below(COMPOSITIONS.len())];
            let chars: Vec<char> = reading.chars().collect();
            let shown = (1..=chars.len())
                .map(|n| {
                    let text: String = chars[..n].iter().collect();
                    // The cursor at the end mostly, else at any byte (the editor snaps it to a character).
                    let cursor = if rng.chance(70) { text.len() } else { rng.below(text.len() + 2) };
                    (text, cursor)
                })
                .collect();
            let typed = rng.chance(75).then(|| typed.to_owned());
            lengths[usize::from(area)] += typed.as_ref().map_or(0, String::len);
            Op::Compose { area, shown, typed }
        } else {
            let (key, ctrl, shift) = if long {
                // Too long: select a stretch and delete it.
                match rng.below(3) {
                    0 => (5, false, true),
                    1 => (9, true, false),
                    _ => (8, false, false),
                }
            } else {
                let key = match rng.below(100) {
                    0..35 => rng.below(2),      // Left, Right
                    35..47 => 2 + rng.below(2), // Up, Down
                    47..57 => 4 + rng.below(2), // Home, End
                    57..61 => 6 + rng.below(2), // Page Up, Page Down
                    61..78 => 8 + rng.below(2), // Backspace, Delete
                    78..81 => 10,               // Return
                    _ => 11 + rng.below(6),     // Ctrl+A, C, X, V, Z, Y
                };
                let ctrl = key >= 11 || rng.chance(25);
                (key, ctrl, rng.chance(30))
            };
            if matches!(key, 5 | 8 | 9) && (shift || ctrl) {
                lengths[usize::from(area)] = lengths[usize::from(area)].saturating_sub(400);
            }
            Op::Key { area, key, ctrl, shift }
        };
        out.push(op);
    }
    out
}

/// One step of undo history, as the model keeps it: the whole text and selection before and after.
#[derive(Debug, Clone)]
struct Step {
    before: (String, usize, usize),
    after: (String, usize, usize),
}

/// The reference: a text, a caret and an anchor, the undo and redo steps, and whether a run of typing is open
/// and where it ends. Every rule here is over the whole text, computed afresh.
#[derive(Debug, Clone)]
struct Model {
    text: String,
    caret: usize,
    anchor: usize,
    multiline: bool,
    undo: Vec<Step>,
    redo: Vec<Step>,
    typing: Option<usize>,
    /// An open composition and its cursor: shown at the caret, not part of the text.
    preedit: Option<(String, usize)>,
}

impl Model {
    fn new(text: &str, caret: usize, multiline: bool) -> Model {
        let (undo, redo) = (vec![], vec![]);
        Model { text: text.to_owned(), caret, anchor: caret, multiline, undo, redo, typing: None, preedit: None }
    }

    /// The text as shown, the composition spliced in at the caret, and the caret there at the composition's
    /// cursor (what the layout is of).
    fn shown(&self) -> Model {
        let Some((preedit, cursor)) = &self.preedit else { return self.clone() };
        let mut text = self.text.clone();
        text.insert_str(self.caret, preedit);
        Model::new(&text, self.caret + cursor, self.multiline)
    }

    /// The input method shows `text` with its cursor at byte `cursor`: cleaned as a single line, the cursor kept
    /// inside it at a character boundary; an empty text closes the composition. A change ends a run of typing.
    fn compose(&mut self, text: &str, cursor: usize) {
        let text = Model::new("", 0, false).clean(text);
        let preedit = (!text.is_empty()).then(|| {
            let mut cursor = cursor.min(text.len());
            while !text.is_char_boundary(cursor) {
                cursor -= 1;
            }
            (text, cursor)
        });
        if preedit != self.preedit {
            self.preedit = preedit;
            self.typing = None;
        }
    }

    fn selection(&self) -> (usize, usize) {
        (self.caret.min(self.anchor), self.caret.max(self.anchor))
    }

    fn boundaries(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self.text.grapheme_indices(true).map(|(i, _)| i).collect();
        out.push(self.text.len());
        out
    }

    fn prev(&self, at: usize) -> usize {
        self.boundaries().into_iter().rev().find(|&b| b < at).unwrap_or(0)
    }

    fn next(&self, at: usize) -> usize {
        self.boundaries().into_iter().find(|&b| b > at).unwrap_or(self.text.len())
    }

    /// UAX #29's words, widened to whole clusters (a caret stands only between clusters).
    fn words(&self) -> Vec<(usize, usize)> {
        let bounds = self.boundaries();
        self.text
            .split_word_bound_indices()
            .filter(|(_, w)| w.chars().any(char::is_alphanumeric))
            .map(|(i, w)| {
                let start = bounds.iter().rev().find(|&&b| b <= i).copied().unwrap_or(0);
                let end = bounds.iter().find(|&&b| b >= i + w.len()).copied().unwrap_or(self.text.len());
                (start, end)
            })
            .collect()
    }

    fn word_end(&self, at: usize) -> usize {
        self.words().into_iter().find(|w| w.1 > at).map_or(self.text.len(), |w| w.1)
    }

    fn word_start(&self, at: usize) -> usize {
        self.words().into_iter().rev().find(|w| w.0 < at).map_or(0, |w| w.0)
    }

    /// Whether the text runs right to left: its first hard line with a strong character decides.
    fn rtl(&self) -> bool {
        use unicode_bidi::BidiClass::{AL, L, R};
        for line in self.text.split('\n') {
            for c in line.chars() {
                match unicode_bidi::bidi_class(c) {
                    L => return false,
                    R | AL => return true,
                    _ => {}
                }
            }
        }
        false
    }

    fn move_to(&mut self, at: usize, extend: bool) {
        self.caret = at;
        if !extend {
            self.anchor = at;
        }
        self.typing = None;
    }

    fn clean(&self, text: &str) -> String {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        text.chars()
            .filter_map(|c| match c {
                '\n' if self.multiline => Some('\n'),
                '\n' | '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect()
    }

    fn replace(&mut self, (a, b): (usize, usize), with: &str, typed: bool) {
        let before = (self.text.clone(), self.caret, self.anchor);
        self.text.replace_range(a..b, with);
        // The caret stands at a cluster boundary: past the cluster the new text joined, if it joined one.
        self.caret = a + with.len();
        self.caret = self.boundaries().into_iter().find(|&x| x >= self.caret).unwrap_or(self.text.len());
        self.anchor = self.caret;
        let after = (self.text.clone(), self.caret, self.anchor);
        self.redo.clear();
        match (typed && a == b, self.typing, self.undo.last_mut()) {
            (true, Some(end), Some(last)) if end == a => last.after = after,
            _ => {
                if self.undo.len() == UNDO_STEPS {
                    self.undo.remove(0);
                }
                self.undo.push(Step { before, after });
            }
        }
        // A run of typing goes on where the typed text ended (before the caret went past a joined cluster).
        self.typing = typed.then_some(a + with.len());
    }

    fn insert(&mut self, text: &str, typed: bool) {
        // What an input method types replaces its composition, and is an undo step of its own.
        let typed = typed && self.preedit.is_none();
        if self.preedit.take().is_some() {
            self.typing = None;
        }
        let text = self.clean(text);
        let selection = self.selection();
        if text.is_empty() && selection.0 == selection.1 {
            return;
        }
        self.replace(selection, &text, typed);
    }

    fn delete(&mut self, back: bool, word: bool) {
        let (mut a, mut b) = self.selection();
        if a == b {
            let to = match (back, word) {
                (true, false) => self.prev(self.caret),
                (false, false) => self.next(self.caret),
                (true, true) => self.word_start(self.caret),
                (false, true) => self.word_end(self.caret),
            };
            (a, b) = (self.caret.min(to), self.caret.max(to));
        }
        if a != b {
            self.replace((a, b), "", false);
        }
    }

    fn restore(&mut self, (text, caret, anchor): (String, usize, usize)) {
        (self.text, self.caret, self.anchor) = (text, caret, anchor);
        self.typing = None;
    }
}

/// The lines of a laid-out text, as byte ranges of the widget's text.
fn lines_of(laid: &Laid) -> Vec<(usize, usize)> {
    laid.paragraph.lines.iter().map(|l| (laid.start + l.bytes.start, laid.start + l.bytes.end)).collect()
}

fn content_w(laid: &Laid) -> f32 {
    laid.content.w
}

/// The line a caret at `at` stands on: the later one where a soft wrap makes two lines meet.
fn line_of(lines: &[(usize, usize)], at: usize) -> usize {
    lines.iter().rposition(|l| l.0 <= at).unwrap_or(0)
}

/// The editor, the model and the clipboard, at one width and size.
struct Rig<'a> {
    fonts: &'a FontBook,
    texts: TextFields,
    models: [Model; 2],
    /// The clipboard the editor writes and reads.
    clipboard: String,
    /// The clipboard as the model says Cut and Copy leave it (what its Paste reads): compared with the editor's.
    model_clip: String,
    /// The x an Up or Down keeps to, as the model says: the caret's x on the laid lines at the first of a row of
    /// vertical moves, kept until any other step.
    goal: Option<f32>,
    style: TextStyle,
    boxes: (Rect, Rect),
    now: f64,
}

impl<'a> Rig<'a> {
    fn new(fonts: &'a FontBook) -> Rig<'a> {
        let texts = TextFields::default();
        let models = [
            Model::new(texts.field.text(), texts.field.caret(), false),
            Model::new(texts.area.text(), texts.area.caret(), true),
        ];
        let style = TextStyle::new(fonts.id(Face::Sans, 15.0));
        Rig {
            fonts,
            texts,
            models,
            clipboard: String::new(),
            model_clip: String::new(),
            goal: None,
            style,
            boxes: (Rect::default(), Rect::default()),
            now: 0.0,
        }
    }

    fn lay_out(&mut self) {
        let (field, area) = lay_out_texts(self.fonts, &self.style, self.boxes.0, self.boxes.1, &self.texts);
        let mut geometry = self.texts.geometry().clone();
        geometry.field = field;
        geometry.area = area;
        self.texts.set_geometry(geometry);
    }

    fn laid(&self, area: bool) -> &Laid {
        if area { &self.texts.geometry().area } else { &self.texts.geometry().field }
    }

    /// Plays one step on the editor and the model, lays out, and compares.
    fn step(&mut self, op: &Op) -> Result<(), String> {
        self.now += 1.0 / 60.0;
        let send = |rig: &mut Rig<'_>, message: Message| {
            rig.texts.apply(&message, &mut rig.clipboard, rig.now);
        };
        let id = |area: bool| -> WidgetId { if area { ids::AREA } else { ids::FIELD } };
        // What an Up or Down must land on, from the lines the editor saw.
        let mut aim: Option<(bool, isize)> = None;
        // Only a row of vertical moves keeps the goal (a resize changes no text and no caret).
        let vertical = matches!(op, &Op::Key { area: true, key, ctrl: false, .. } if (2..=3).contains(&key) || (6..=7).contains(&key));
        let goal = if vertical || matches!(op, Op::Layout { .. }) { self.goal } else { None };
        self.goal = if matches!(op, Op::Layout { .. }) { goal } else { None };
        match op {
            Op::Layout { width, size } => {
                self.style = TextStyle::new(self.fonts.id(Face::Sans, *size));
                let line = self.fonts.metrics(self.style.font).line_height.ceil();
                self.boxes =
                    (Rect::new(8.0, 8.0, *width, line), Rect::new(8.0, 40.0 + line, *width, AREA_LINES as f32 * line));
            }
            Op::Type(area, text) => {
                send(self, Message::Text { id: id(*area), text: text.clone() });
                self.models[usize::from(*area)].insert(text, true);
            }
            Op::Paste(area, text) => {
                self.clipboard = text.clone();
                self.model_clip = text.clone();
                let mods = Mods { ctrl: true, ..Mods::NONE };
                send(self, Message::Key { id: id(*area), key: Key::Char('v'), mods });
                self.models[usize::from(*area)].insert(text, false);
            }
            &Op::Key { area, key, ctrl, shift } => {
                let lines = lines_of(self.laid(area));
                // The goal: kept from the last vertical move, else the caret's x where the last frame drew it.
                let goal_x = goal.unwrap_or_else(|| self.laid(area).caret_x(self.models[usize::from(area)].caret));
                let rtl = self.models[usize::from(area)].rtl();
                let m = &mut self.models[usize::from(area)];
                let (left_back, right_back) = if rtl { (false, true) } else { (true, false) };
                let k = KEYS[key].1;
                match (k, ctrl) {
                    (Key::Left | Key::Right, _) => {
                        let back = if k == Key::Left { left_back } else { right_back };
                        let (a, b) = m.selection();
                        let to = match (back, ctrl) {
                            _ if !shift && a != b && !ctrl => {
                                if back {
                                    a
                                } else {
                                    b
                                }
                            }
                            (true, false) => m.prev(m.caret),
                            (false, false) => m.next(m.caret),
                            (true, true) => m.word_start(m.caret),
                            (false, true) => m.word_end(m.caret),
                        };
                        m.move_to(to, shift);
                    }
                    (Key::Home, true) => m.move_to(0, shift),
                    (Key::End, true) => m.move_to(m.text.len(), shift),
                    (Key::Home, false) if !area => m.move_to(0, shift),
                    (Key::End, false) if !area => m.move_to(m.text.len(), shift),
                    (Key::Home | Key::End, false) => {
                        let i = line_of(&lines, m.caret);
                        let (start, end) = lines[i];
                        let to = if k == Key::Home {
                            start
                        } else if lines.get(i + 1).is_some_and(|next| next.0 == end) {
                            m.prev(end).max(start)
                        } else {
                            end
                        };
                        m.move_to(to, shift);
                    }
                    (Key::Up | Key::Down | Key::PageUp | Key::PageDown, false) if area => {
                        let by = match k {
                            Key::Up => -1,
                            Key::Down => 1,
                            Key::PageUp => -(AREA_LINES as isize),
                            _ => AREA_LINES as isize,
                        };
                        aim = Some((shift, line_of(&lines, m.caret) as isize + by));
                        self.goal = Some(goal_x);
                    }
                    (Key::Backspace, _) => m.delete(true, ctrl),
                    (Key::Delete, _) => m.delete(false, ctrl),
                    (Key::Return, false) if area => m.insert("\n", false),
                    (Key::Char('a'), true) => {
                        m.anchor = 0;
                        m.caret = m.text.len();
                        m.typing = None;
                    }
                    (Key::Char('c'), true) => {
                        let (a, b) = m.selection();
                        if a != b {
                            self.model_clip = m.text[a..b].to_owned();
                        }
                    }
                    (Key::Char('x'), true) => {
                        let (a, b) = m.selection();
                        if a != b {
                            self.model_clip = m.text[a..b].to_owned();
                            m.replace((a, b), "", false);
                        }
                    }
                    (Key::Char('v'), true) => {
                        let clip = self.model_clip.clone();
                        m.insert(&clip, false);
                    }
                    (Key::Char('z'), true) if !shift => {
                        if let Some(step) = m.undo.pop() {
                            m.restore(step.before.clone());
                            m.redo.push(step);
                        }
                        m.typing = None;
                    }
                    (Key::Char('z' | 'y'), true) => {
                        if let Some(step) = m.redo.pop() {
                            m.restore(step.after.clone());
                            m.undo.push(step);
                        }
                        m.typing = None;
                    }
                    _ => {}
                }
                let mods = Mods { ctrl, shift, ..Mods::NONE };
                send(self, Message::Key { id: id(area), key: k, mods });
                if let Some((extend, to)) = aim {
                    let (edit, m) = (&self.texts.area, &mut self.models[1]);
                    let last = lines.len() as isize - 1;
                    let got = edit.caret();
                    let want = if to < 0 {
                        Some(0)
                    } else if to > last {
                        Some(m.text.len())
                    } else {
                        None
                    };
                    match want {
                        Some(w) if got != w => return Err(format!("{:?} to line {to}: caret {got}, not {w}", k)),
                        None if line_of(&lines, got) != to as usize || !m.boundaries().contains(&got) => {
                            return Err(format!(
                                "{:?} to line {to}: caret {got} stands on line {} (lines {:?})",
                                k,
                                line_of(&lines, got),
                                &lines[(to as usize).saturating_sub(1)..(to as usize + 2).min(lines.len())]
                            ));
                        }
                        None => {
                            // The caret stop of that line nearest the goal, by where each stop's caret is drawn.
                            let laid = &self.texts.geometry().area;
                            let (start, end) = lines[to as usize];
                            let wrapped = lines.get(to as usize + 1).is_some_and(|next| next.0 == end);
                            let last = if wrapped { m.prev(end).max(start) } else { end };
                            let off = |b: usize| (laid.caret_x(b) - goal_x).abs();
                            let stops: Vec<usize> =
                                m.boundaries().into_iter().filter(|&b| b >= start && b <= last).collect();
                            let best =
                                stops.iter().copied().min_by(|&a, &b| off(a).total_cmp(&off(b))).unwrap_or(start);
                            if off(got) > off(best) + 0.01 {
                                return Err(format!(
                                    "{k:?} to line {to} keeping x {goal_x}: caret {got} at x {}, not {best} at x {} \
                                     (line {start}..{end} {:?})",
                                    laid.caret_x(got),
                                    laid.caret_x(best),
                                    short(&m.text[start..end])
                                ));
                            }
                            m.move_to(got, extend);
                        }
                        _ => m.move_to(got, extend),
                    }
                }
            }
            Op::Compose { area, shown, typed } => {
                let n = usize::from(*area);
                for (text, cursor) in shown {
                    send(self, Message::Preedit { id: id(*area), text: text.clone(), cursor: *cursor });
                    self.models[n].compose(text, *cursor);
                    // Every composition is shown: lay it out and check it as a frame would.
                    let reveal = self.texts.reveal;
                    self.lay_out();
                    self.compare(reveal)?;
                }
                match typed {
                    Some(text) => {
                        send(self, Message::Text { id: id(*area), text: text.clone() });
                        self.models[n].insert(text, true);
                    }
                    None => {
                        send(self, Message::Preedit { id: id(*area), text: String::new(), cursor: 0 });
                        self.models[n].compose("", 0);
                    }
                }
            }
        }
        // A resize or a key that did nothing leaves the scroll as it was; a step that moved the caret or changed the
        // text asks the next frame to show the caret.
        let reveal = self.texts.reveal;
        self.lay_out();
        self.compare(reveal)
    }

    /// The editor against the model, and the layout's own sense.
    fn compare(&self, reveal: bool) -> Result<(), String> {
        if self.clipboard != self.model_clip {
            return Err(format!("clipboard {:?}, the model's {:?}", short(&self.clipboard), short(&self.model_clip)));
        }
        for (area, edit) in [(false, &self.texts.field), (true, &self.texts.area)] {
            let m = &self.models[usize::from(area)];
            let name = if area { "area" } else { "field" };
            if edit.text() != m.text {
                return Err(format!("{name}: text {:?}, the model's {:?}", short(edit.text()), short(&m.text)));
            }
            // The lines a screen reader is given are kept in step edit by edit, never cut again from the text.
            if !edit.lines().is(&m.text) || edit.lines().len() != m.text.matches('\n').count() + 1 {
                return Err(format!("{name}: lines {:?} are not those of {:?}", edit.lines(), short(&m.text)));
            }
            if (edit.caret(), edit.anchor()) != (m.caret, m.anchor) {
                return Err(format!(
                    "{name}: caret, anchor ({}, {}), the model's ({}, {}) in {:?}",
                    edit.caret(),
                    edit.anchor(),
                    m.caret,
                    m.anchor,
                    around(&m.text, m.caret)
                ));
            }
            let preedit = edit.preedit().map(|p| (p.text.clone(), p.cursor));
            if preedit != m.preedit {
                return Err(format!("{name}: composition {preedit:?}, the model's {:?}", m.preedit));
            }
            // The layout is of the text as shown.
            let shown = m.shown();
            let m = &shown;
            let laid = self.laid(area);
            let lines = lines_of(laid);
            let bounds = m.boundaries();
            let end = laid.start + laid.text.len();
            if !bounds.contains(&laid.start) || !bounds.contains(&end) || end > m.text.len() {
                return Err(format!(
                    "{name}: laid out {}..{end} of {} bytes, not at clusters",
                    laid.start,
                    m.text.len()
                ));
            }
            if laid.text.as_ref() != &m.text[laid.start..end] {
                return Err(format!("{name}: the laid-out text is stale"));
            }
            if !(laid.start..=end).contains(&m.caret) {
                return Err(format!("{name}: the caret {} is outside the laid-out {}..{end}", m.caret, laid.start));
            }
            // The lines tile the laid-out text: each starts where the last ended (a wrap) or after its `\n`.
            let mut at = laid.start;
            for (i, &(a, b)) in lines.iter().enumerate() {
                let hard = i > 0 && a == at + 1 && m.text.as_bytes().get(at) == Some(&b'\n');
                if (a != at && !hard) || b < a || !bounds.contains(&a) || !bounds.contains(&b) {
                    return Err(format!("{name}: line {i} is {a}..{b} after one ending at {at}"));
                }
                at = b;
            }
            if at != end {
                return Err(format!("{name}: the lines end at {at}, the text at {end}"));
            }
            // The area is laid out again from its last layout, wrapping only what changed: its lines are those
            // of a fresh layout.
            if area {
                let fresh = self
                    .fonts
                    .layout_picked(&self.style, &m.text, Some(content_w(laid)), &mut |_| Vec::new())
                    .map_err(|e| format!("a fresh layout: {e}"))?;
                let fresh: Vec<(usize, usize)> = fresh.lines.iter().map(|l| (l.bytes.start, l.bytes.end)).collect();
                // A hard line too long to be shaped whole is wrapped again from a line start, shaped from there,
                // and may break otherwise (a face carried along a run of dots, say): only short ones must match.
                let short = |&&(a, _): &&(usize, usize)| {
                    let start = m.text[..a].rfind('\n').map_or(0, |i| i + 1);
                    let end = m.text[a..].find('\n').map_or(m.text.len(), |i| a + i);
                    end - start <= CHUNKED_LINE
                };
                let fresh: Vec<(usize, usize)> = fresh.iter().filter(short).copied().collect();
                let lines: Vec<(usize, usize)> = lines.iter().filter(short).copied().collect();
                if let Some(i) = (0..lines.len().max(fresh.len())).find(|&i| lines.get(i) != fresh.get(i)) {
                    return Err(format!(
                        "area: line {i} is {:?} laid out from the last layout, {:?} laid out afresh",
                        lines.get(i),
                        fresh.get(i)
                    ));
                }
            }
            // A wrapped line fits the box unless it is one cluster, which cannot be broken: what is drawn of it, its
            // graphemes up to the whitespace at its end (which hangs past the box, as CSS's pre-wrap lets it). A line
            // given no runs is not drawn.
            if area {
                let text: &str = &laid.text;
                for (i, line) in laid.paragraph.lines.iter().enumerate() {
                    let visible = line.bytes.start + text.get(line.bytes.clone()).unwrap_or("").trim_end().len();
                    let drawn: Vec<Grapheme> =
                        line.runs.iter().flat_map(|r| graphemes(r, text)).filter(|g| g.end <= visible).collect();
                    let left = drawn.iter().map(|g| g.leading.min(g.trailing)).fold(f32::INFINITY, f32::min);
                    let right = drawn.iter().map(|g| g.leading.max(g.trailing)).fold(f32::NEG_INFINITY, f32::max);
                    if drawn.len() > 1 && right - left > content_w(laid) + 0.01 {
                        return Err(format!(
                            "area: line {i} ({:?}) is drawn {} px wide in a box {} px wide",
                            short(&text[line.bytes.start..visible]),
                            right - left,
                            content_w(laid)
                        ));
                    }
                }
            }
            // The caret is scrolled into view (when the box can show a line at all).
            let content = laid.content;
            if !reveal {
            } else if area {
                let top = line_of(&lines, m.caret) as f32 * laid.line_height;
                let seen = laid.scroll - 0.5..=laid.scroll + content.h - laid.line_height + 0.5;
                if content.h >= laid.line_height && !seen.contains(&top) {
                    return Err(format!("{name}: the caret's line at {top} is out of view (scroll {})", laid.scroll));
                }
            } else {
                let x = laid.caret_x(m.caret) - laid.scroll;
                if content.w > 8.0 && !(-0.5..=content.w + 0.5).contains(&x) {
                    return Err(format!("{name}: the caret at x {x} is out of view (width {})", content.w));
                }
            }
        }
        Ok(())
    }
}

/// The text within about 16 bytes of `at`, with `|` at `at`.
fn around(text: &str, at: usize) -> String {
    let (mut a, mut b) = (at.saturating_sub(16), (at + 16).min(text.len()));
    while !text.is_char_boundary(a) {
        a -= 1;
    }
    while !text.is_char_boundary(b) {
        b += 1;
    }
    format!("{}|{}", &text[a..at.min(text.len())], &text[at.min(text.len())..b])
}

fn short(text: &str) -> String {
    if text.len() <= 80 {
        return text.to_owned();
    }
    let cut = |mut at: usize| {
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    format!("{}…{} ({} bytes)", &text[..cut(40)], &text[cut(text.len() - 40)..], text.len())
}

/// Plays `ops` from a fresh screen; the first failing step and why.
fn play(fonts: &FontBook, ops: &[Op]) -> Result<(), (usize, String)> {
    let mut rig = Rig::new(fonts);
    for (i, op) in ops.iter().enumerate() {
        rig.step(op).map_err(|e| (i, e))?;
    }
    Ok(())
}

/// The fewest steps of `ops` that still fail (the first, a layout, always kept): chunks are taken out while the
/// rest fails, halving the chunks down to one step.
fn shrink(fonts: &FontBook, mut ops: Vec<Op>) -> Vec<Op> {
    if let Err((i, _)) = play(fonts, &ops) {
        ops.truncate(i + 1);
    }
    let mut chunk = ops.len() / 2;
    while chunk >= 1 {
        let mut from = 1;
        while from < ops.len() {
            let mut fewer = ops.clone();
            fewer.drain(from..(from + chunk).min(ops.len()));
            match play(fonts, &fewer) {
                Err((i, _)) => {
                    fewer.truncate(i + 1);
                    ops = fewer;
                }
                Ok(()) => from += chunk,
            }
        }
        chunk /= 2;
    }
    ops
}

/// Where the kept cases are (`GOLDBERRY_EDIT_FUZZ_CASES=DIR` replays and keeps another folder's instead).
fn cases_dir() -> PathBuf {
    std::env::var_os("GOLDBERRY_EDIT_FUZZ_CASES")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/edit_fuzz_cases"), PathBuf::from)
}

fn fonts() -> FontBook {
    let g: &'static Goldberry = Goldberry::load(None).expect("libgoldberry (cargo build builds it)");
    FontBook::load(g).expect("the fonts (ci/setup installs them)")
}

/// Every kept case passes.
#[test]
fn the_kept_cases_pass() {
    let fonts = fonts();
    let mut failed = Vec::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .map(|d| {
            d.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "txt")).collect()
        })
        .unwrap_or_default();
    paths.sort();
    for path in &paths {
        let text = std::fs::read_to_string(path).expect("a case");
        let ops: Vec<Op> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| Op::parse(l).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
            .collect();
        if let Err((i, e)) = play(&fonts, &ops) {
            failed.push(format!("{}: step {} ({}): {e}", path.display(), i + 1, ops[i].line()));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// 10,000 steps on fixed seeds (or `GOLDBERRY_EDIT_FUZZ_STEPS`), findings shrunk and kept.
#[test]
fn random_editing_agrees_with_the_model() {
    let fonts = fonts();
    let steps: usize = std::env::var("GOLDBERRY_EDIT_FUZZ_STEPS").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let first: u64 = std::env::var("GOLDBERRY_EDIT_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let started = Instant::now();
    let mut findings = Vec::new();
    for seed in first..first + steps.div_ceil(RUN) as u64 {
        let ops = ops(seed, RUN);
        if let Err((i, e)) = play(&fonts, &ops) {
            let small = shrink(&fonts, ops[..=i].to_vec());
            let why = play(&fonts, &small).err().map_or(e.clone(), |f| f.1);
            let mut case = format!("# seed {seed}: {why}\n");
            for op in &small {
                let _ = writeln!(case, "{}", op.line());
            }
            let path = cases_dir().join(format!("seed-{seed}.txt"));
            let _ = std::fs::create_dir_all(cases_dir());
            let _ = std::fs::write(&path, &case);
            findings.push(format!(
                "seed {seed}, step {} of {RUN}: {e}\n  shrunk to {} steps: {}",
                i + 1,
                small.len(),
                path.display()
            ));
        }
    }
    let s = started.elapsed().as_secs_f64();
    eprintln!(
        "edit fuzz: {steps} steps from seed {first} in {s:.1} s ({:.0} steps/s), {} findings",
        steps as f64 / s,
        findings.len()
    );
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}
