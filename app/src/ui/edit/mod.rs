//! An editable text as state: the text, the caret and the selection's anchor (byte offsets at grapheme
//! boundaries), the undo history, and what an editing key does to them.
//!
//! The caret moves logically (in text order), by grapheme cluster or by word; where a visual line starts and
//! ends, and which byte lies above or below the caret, is the layout's to say ([`TextEdit::move_to`]).
//!
//! An input method's composition (the preedit, [`Preedit`]) is part of the editing state but not of the text: it
//! is shown spliced in at the caret ([`TextEdit::shown`]) until it is typed (committed as one undo step) or
//! cancelled, so every widget over a `TextEdit` shows, commits and cancels it alike.

mod history;
pub mod lines;

use std::borrow::Cow;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

use self::history::{Change, History};
use self::lines::Lines;
use crate::text::segment::{
    is_grapheme_boundary, line_at, next_grapheme, next_word_end, prev_word_start, previous_grapheme as prev_grapheme,
    snap, word_at,
};

/// The most bytes a text holds: a paste that would pass it is refused whole (the clipboard still has it), so no
/// text is ever cut off.
pub const MAX_BYTES: usize = 1 << 20;

/// Which way a key moves or deletes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Towards {
    /// Back, to the text's start.
    Start,
    /// On, to the text's end.
    End,
}

/// An edit could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    /// The text would grow past [`MAX_BYTES`].
    #[error("{adding} bytes of text refused: the text would pass {MAX_BYTES} bytes (it has {has})")]
    TooLong {
        /// The bytes the edit would add.
        adding: usize,
        /// The bytes the text has.
        has: usize,
    },
}

/// An input method's composition, not yet typed: shown at the caret, underlined, with its own cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preedit {
    /// What the input method has composed so far ("にほん", "하").
    pub text: String,
    /// Where its cursor stands in it (a byte offset at a character boundary).
    pub cursor: usize,
}

/// The text, the caret, the anchor, the history and an open composition (see the module docs).
#[derive(Debug, Clone)]
pub struct TextEdit {
    text: String,
    /// The text's lines, kept in step with it edit by edit, for a screen reader (shared, never copied whole).
    lines: Lines,
    caret: usize,
    anchor: usize,
    multiline: bool,
    history: History,
    /// Names the text as shown (the composition's too): every change, and every new editor, takes a number no
    /// editor had before, so a layout or a page can tell a stale text by it without comparing the text (1 MiB).
    revision: u64,
    preedit: Option<Preedit>,
    /// The revision, caret and anchor a vertical move left: while they hold, the goal column that move kept is
    /// the next one's (a letter typed between two Downs used to keep the old column; edit fuzz, seed 21).
    vertical: Option<(u64, usize, usize)>,
}

/// Two editors are equal when they hold the same text, caret, selection, composition and history: each new editor
/// takes a revision of its own, so the revisions would tell equal editors apart.
impl PartialEq for TextEdit {
    fn eq(&self, other: &TextEdit) -> bool {
        (self.caret, self.anchor, self.multiline, &self.preedit, &self.history, &self.text)
            == (other.caret, other.anchor, other.multiline, &other.preedit, &other.history, &other.text)
    }
}

/// The next revision of any text (see [`TextEdit::revision`]).
fn next_revision() -> u64 {
    static LAST: AtomicU64 = AtomicU64::new(0);
    LAST.fetch_add(1, Ordering::Relaxed) + 1
}

impl TextEdit {
    /// `text` (cleaned as typed text is) with the caret at its end; `multiline` lets it hold `\n`.
    pub fn new(text: &str, multiline: bool) -> TextEdit {
        let text = clean(text, multiline);
        let end = text.len();
        let history = History::default();
        let revision = next_revision();
        let lines = Lines::of(&text);
        TextEdit { text, lines, caret: end, anchor: end, multiline, history, revision, preedit: None, vertical: None }
    }

    /// `text` with the caret at its start.
    pub fn at_start(text: &str, multiline: bool) -> TextEdit {
        TextEdit { caret: 0, anchor: 0, ..TextEdit::new(text, multiline) }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text's lines, shared.
    pub fn lines(&self) -> &Lines {
        &self.lines
    }

    /// Where the caret stands (a byte offset at a grapheme boundary).
    pub fn caret(&self) -> usize {
        self.caret
    }

    /// The selection's other end (the caret's when nothing is selected).
    pub fn anchor(&self) -> usize {
        self.anchor
    }

    /// Whether the text may hold line breaks.
    pub fn multiline(&self) -> bool {
        self.multiline
    }

    /// The text's revision: a number no other text as shown had (see the field's docs).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The selected bytes, in text order (empty when nothing is selected).
    pub fn selection(&self) -> Range<usize> {
        self.caret.min(self.anchor)..self.caret.max(self.anchor)
    }

    /// The selected text.
    pub fn selected_text(&self) -> &str {
        &self.text[self.selection()]
    }

    /// Puts the caret at `byte` (snapped back to a grapheme boundary); with `extend` the anchor stays, selecting
    /// what lies between.
    pub fn move_to(&mut self, byte: usize, extend: bool) {
        self.caret = snap(&self.text, byte);
        if !extend {
            self.anchor = self.caret;
        }
        self.history.close();
    }

    /// Up, Down or a Page key to `byte`, which the layout found at the goal column: the next vertical move keeps
    /// that column while nothing else changes the text, the caret or the selection first.
    pub fn move_vertically(&mut self, byte: usize, extend: bool) {
        self.move_to(byte, extend);
        self.vertical = Some(self.stamp());
    }

    /// Whether nothing has changed since the last vertical move (see [`TextEdit::move_vertically`]).
    pub fn after_vertical_move(&self) -> bool {
        self.vertical == Some(self.stamp())
    }

    fn stamp(&self) -> (u64, usize, usize) {
        (self.revision, self.caret, self.anchor)
    }

    /// Left or Right: one grapheme cluster, or with `by_word` to a word's start or end. Without `extend` a
    /// selection collapses to its edge on that side instead of moving.
    pub fn step(&mut self, towards: Towards, by_word: bool, extend: bool) {
        let selection = self.selection();
        let to = match (towards, by_word) {
            _ if !extend && !selection.is_empty() && !by_word => match towards {
                Towards::Start => selection.start,
                Towards::End => selection.end,
            },
            (Towards::Start, false) => prev_grapheme(&self.text, self.caret),
            (Towards::End, false) => next_grapheme(&self.text, self.caret),
            (Towards::Start, true) => prev_word_start(&self.text, self.caret),
            (Towards::End, true) => next_word_end(&self.text, self.caret),
        };
        self.move_to(to, extend);
    }

    /// Selects `range` (snapped to grapheme boundaries), the caret at its end.
    pub fn select(&mut self, range: Range<usize>) {
        self.anchor = snap(&self.text, range.start);
        self.caret = snap(&self.text, range.end);
        self.history.close();
    }

    /// Ctrl+A.
    pub fn select_all(&mut self) {
        self.select(0..self.text.len());
    }

    /// A double click: the word (or run of spaces, or mark) under `byte`.
    pub fn select_word(&mut self, byte: usize) {
        self.select(word_at(&self.text, byte));
    }

    /// A triple click: the hard line under `byte` (the whole text of a single-line field).
    pub fn select_line(&mut self, byte: usize) {
        self.select(line_at(&self.text, byte));
    }

    /// The composition open at the caret, if any.
    pub fn preedit(&self) -> Option<&Preedit> {
        self.preedit.as_ref()
    }

    /// The input method's composition is now `text`, its cursor at byte `cursor` of it (snapped back to a
    /// character boundary, kept within it); an empty `text` closes it (the input method cancelled it, or is about
    /// to type it).
    pub fn set_preedit(&mut self, text: &str, cursor: usize) {
        let text = clean(text, false);
        let preedit = (!text.is_empty()).then(|| {
            let mut cursor = cursor.min(text.len());
            while !text.is_char_boundary(cursor) {
                cursor -= 1;
            }
            Preedit { text, cursor }
        });
        if preedit != self.preedit {
            self.preedit = preedit;
            self.revision = next_revision();
            self.history.close();
        }
    }

    /// Escape in a composition: it goes, the text stays as it was. False when none was open.
    pub fn cancel_preedit(&mut self) -> bool {
        let open = self.preedit.is_some();
        self.set_preedit("", 0);
        open
    }

    /// The composition typed as it stands (the focus left, or the screen changed): one undo step. False when none
    /// was open.
    pub fn commit_preedit(&mut self) -> Result<bool, EditError> {
        let Some(preedit) = self.preedit.clone() else { return Ok(false) };
        self.insert(&preedit.text, false)?;
        Ok(true)
    }

    /// The text as shown: the composition spliced in at the caret (the text itself when none is open).
    pub fn shown(&self) -> Cow<'_, str> {
        match &self.preedit {
            None => Cow::Borrowed(&self.text),
            Some(p) => {
                let mut shown = String::with_capacity(self.text.len() + p.text.len());
                shown.push_str(&self.text[..self.caret]);
                shown.push_str(&p.text);
                shown.push_str(&self.text[self.caret..]);
                Cow::Owned(shown)
            }
        }
    }

    /// The composition's bytes in [`TextEdit::shown`] (None when none is open).
    pub fn preedit_range(&self) -> Option<Range<usize>> {
        self.preedit.as_ref().map(|p| self.caret..self.caret + p.text.len())
    }

    /// The selection's bytes in [`TextEdit::shown`]: while a composition is open the selection stays where it is
    /// drawn, beside the composition (which stands at the caret, one of its ends), and the commit replaces it.
    pub fn shown_selection(&self) -> Range<usize> {
        let selection = self.selection();
        match &self.preedit {
            Some(p) if !selection.is_empty() && self.caret == selection.start => {
                selection.start + p.text.len()..selection.end + p.text.len()
            }
            _ => selection,
        }
    }

    /// The caret in [`TextEdit::shown`]: the composition's cursor while one is open.
    pub fn shown_caret(&self) -> usize {
        self.caret + self.preedit.as_ref().map_or(0, |p| p.cursor)
    }

    /// The byte of [`TextEdit::shown`] that stands for byte `at` of the text (after the composition when at or
    /// past the caret).
    pub fn to_shown(&self, at: usize) -> usize {
        match &self.preedit {
            Some(p) if at > self.caret => at + p.text.len(),
            _ => at,
        }
    }

    /// Typed or pasted text replaces the selection. Typing (`typed`) that goes on from the last keystroke joins
    /// its undo step; a paste is a step of its own. Line breaks become spaces in a single-line field. Text typed
    /// while a composition is open is what the input method made of it: the composition closes, and the text is
    /// an undo step of its own.
    pub fn insert(&mut self, text: &str, typed: bool) -> Result<(), EditError> {
        let typed = typed && self.preedit.is_none();
        if self.preedit.take().is_some() {
            self.revision = next_revision();
            self.history.close();
        }
        let text = clean(text, self.multiline);
        let selection = self.selection();
        let grown = self.text.len() - selection.len() + text.len();
        if grown > MAX_BYTES {
            return Err(EditError::TooLong { adding: text.len(), has: self.text.len() });
        }
        if text.is_empty() && selection.is_empty() {
            return Ok(());
        }
        self.replace(selection, &text, typed);
        Ok(())
    }

    /// Backspace (`Start`) or Delete (`End`): the selection, else one grapheme cluster or (`by_word`) to the
    /// word's edge.
    pub fn delete(&mut self, towards: Towards, by_word: bool) {
        let mut range = self.selection();
        if range.is_empty() {
            let to = match (towards, by_word) {
                (Towards::Start, false) => prev_grapheme(&self.text, self.caret),
                (Towards::End, false) => next_grapheme(&self.text, self.caret),
                (Towards::Start, true) => prev_word_start(&self.text, self.caret),
                (Towards::End, true) => next_word_end(&self.text, self.caret),
            };
            range = self.caret.min(to)..self.caret.max(to);
        }
        if !range.is_empty() {
            self.replace(range, "", false);
        }
    }

    /// Ctrl+X: the selected text, removed (None when nothing is selected).
    pub fn cut(&mut self) -> Option<String> {
        let selection = self.selection();
        if selection.is_empty() {
            return None;
        }
        let text = self.text[selection.clone()].to_owned();
        self.replace(selection, "", false);
        Some(text)
    }

    /// Ctrl+Z: takes the last step back; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(step) = self.history.undo().cloned() else { return false };
        let at = step.at;
        self.text.replace_range(at..at + step.inserted.len(), &step.removed);
        self.lines.splice(&self.text, at, step.inserted.len(), step.removed.len());
        (self.caret, self.anchor) = step.before;
        self.revision = next_revision();
        true
    }

    /// Ctrl+Shift+Z or Ctrl+Y: does the last step taken back again; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(step) = self.history.redo().cloned() else { return false };
        let at = step.at;
        self.text.replace_range(at..at + step.removed.len(), &step.inserted);
        self.lines.splice(&self.text, at, step.removed.len(), step.inserted.len());
        (self.caret, self.anchor) = step.after;
        self.revision = next_revision();
        true
    }

    fn replace(&mut self, range: Range<usize>, with: &str, typed: bool) {
        let before = (self.caret, self.anchor);
        let removed = self.text[range.clone()].to_owned();
        self.text.replace_range(range.clone(), with);
        self.lines.splice(&self.text, range.start, range.len(), with.len());
        // What was put in may join the cluster after it (a letter typed before a combining mark): the caret goes
        // past that cluster, since it never stands inside one (edit fuzz, seed 1193).
        let end = range.start + with.len();
        self.caret = if is_grapheme_boundary(&self.text, end) { end } else { next_grapheme(&self.text, end) };
        self.anchor = self.caret;
        self.revision = next_revision();
        let step =
            Change { at: range.start, removed, inserted: with.to_owned(), before, after: (self.caret, self.anchor) };
        self.history.record(step, typed);
    }
}

/// Text as a field keeps it: `\r\n` and `\r` become `\n` (a space in a single-line field), a tab a space, and
/// other control characters (which draw as nothing a reader could edit) are dropped.
fn clean(text: &str, multiline: bool) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    text.chars()
        .filter_map(|c| match c {
            '\n' if multiline => Some('\n'),
            '\n' | '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(edit: &mut TextEdit, text: &str) {
        for c in text.chars() {
            edit.insert(&c.to_string(), true).unwrap();
        }
    }

    #[test]
    fn typing_replaces_the_selection_and_undo_takes_a_run_of_typing_back_at_once() {
        let mut e = TextEdit::new("hello world", false);
        e.select(6..11);
        typed(&mut e, "there");
        assert_eq!(e.text(), "hello there");
        typed(&mut e, "!");
        e.step(Towards::Start, false, false);
        typed(&mut e, "?");
        assert_eq!(e.text(), "hello there?!");
        assert!(e.undo());
        assert_eq!(e.text(), "hello there!", "the run after the caret moved is its own step");
        assert!(e.undo());
        assert_eq!((e.text(), e.selection()), ("hello world", 6..11), "the selection comes back with the text");
        assert!(e.redo());
        assert_eq!(e.text(), "hello there!");
        assert!(e.redo());
        assert!(!e.redo());
        assert_eq!(e.text(), "hello there?!");
    }

    #[test]
    fn backspace_and_delete_take_a_grapheme_or_a_word() {
        let mut e = TextEdit::new("naïve cafe\u{301} ok", false);
        e.delete(Towards::Start, true);
        assert_eq!(e.text(), "naïve cafe\u{301} ");
        e.delete(Towards::Start, false);
        e.delete(Towards::Start, false);
        assert_eq!(e.text(), "naïve caf", "e and its combining accent go together");
        e.move_to(0, false);
        e.delete(Towards::End, true);
        assert_eq!(e.text(), " caf");
    }

    #[test]
    fn a_letter_typed_before_a_combining_mark_puts_the_caret_after_the_cluster_it_makes() {
        let mut e = TextEdit::at_start("\u{301}x", false);
        e.insert("e", true).unwrap();
        assert_eq!((e.text(), e.caret()), ("e\u{301}x", 3));
    }

    #[test]
    fn shift_moves_extend_and_plain_moves_collapse_the_selection() {
        let mut e = TextEdit::new("abc def", false);
        e.move_to(0, false);
        e.step(Towards::End, true, true);
        assert_eq!(e.selected_text(), "abc");
        e.step(Towards::End, false, false);
        assert_eq!((e.caret(), e.selection()), (3, 3..3));
        e.select_word(5);
        assert_eq!(e.selected_text(), "def");
        assert_eq!(e.cut().as_deref(), Some("def"));
        assert_eq!(e.text(), "abc ");
    }

    #[test]
    fn a_composition_shows_at_the_caret_and_is_typed_as_one_undo_step_or_cancelled() {
        let mut e = TextEdit::new("ab", false);
        e.move_to(1, false);
        e.set_preedit("にほん", 6);
        assert_eq!((e.text(), e.shown().as_ref()), ("ab", "aにほんb"), "shown, not typed");
        assert_eq!((e.preedit_range(), e.shown_caret(), e.to_shown(2)), (Some(1..10), 7, 11));
        e.set_preedit("日本", usize::MAX);
        assert_eq!(e.preedit().map(|p| p.cursor), Some(6), "the cursor is kept within the composition");
        assert!(e.commit_preedit().unwrap());
        assert_eq!((e.text(), e.caret(), e.preedit()), ("a日本b", 7, None));
        e.set_preedit("x", 1);
        assert!(e.cancel_preedit());
        assert_eq!(e.shown().as_ref(), "a日本b", "a cancelled composition leaves the text as it was");
        assert!(e.undo());
        assert_eq!(e.text(), "ab", "the composition came in as one step");
        e.set_preedit("한", 3);
        e.insert("한", true).unwrap();
        assert_eq!((e.text(), e.preedit()), ("a한b", None), "what the input method types replaces its composition");
    }

    #[test]
    fn a_field_keeps_one_line_and_a_too_long_paste_is_refused_whole() {
        let mut e = TextEdit::new("", false);
        e.insert("one\r\ntwo\tthree\u{7}", false).unwrap();
        assert_eq!(e.text(), "one two three");
        let mut area = TextEdit::new("", true);
        area.insert("a\r\nb\rc", false).unwrap();
        assert_eq!(area.text(), "a\nb\nc");
        let huge = "x".repeat(MAX_BYTES);
        assert!(matches!(e.insert(&huge, false), Err(EditError::TooLong { .. })));
        assert_eq!(e.text(), "one two three", "nothing half-inserted");
    }
}
