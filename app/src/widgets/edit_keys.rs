//! The keys and presses every text editor takes, the kit's fields and areas and the text screen's alike, placed
//! against the text as the last frame laid it out ([`Laid`]): Left and Right in the paragraph's direction, Home and
//! End, Up, Down and the Page keys by laid-out lines keeping the goal column, the deletes, Return in an area, select
//! all, undo and redo, Escape clearing a selection; a press moves the caret (Shift+press extends the selection), a
//! double press selects a word, a triple press the line. The clipboard's keys are each widget's own (a password
//! copies nothing).

use super::editor::Laid;
use crate::ui::edit::{TextEdit, Towards};
use crate::ui::input::{Key, Mods};

/// Where a key is pressed: the editor, as the last frame laid it out.
pub struct Keyed<'a> {
    /// The text, caret and selection.
    pub edit: &'a mut TextEdit,
    /// The last frame's layout of it.
    pub laid: &'a Laid,
    /// The x an Up or Down keeps to across shorter lines, from the last vertical move (taken; set again by one).
    pub goal: &'a mut Option<f32>,
    /// Whether keys may change the text (not read-only or disabled).
    pub editable: bool,
    /// The lines a Page key moves.
    pub page: usize,
}

/// An editing key; true when it was one (whether or not it changed anything).
pub fn key(k: Keyed<'_>, key: Key, mods: Mods) -> bool {
    let Keyed { edit, laid, goal, editable, page } = k;
    // The goal holds for a row of vertical moves: any other key, or a change between (typing, a click), ends it.
    let goal_x = goal.take().filter(|_| edit.after_vertical_move());
    let (ctrl, shift) = (mods.ctrl, mods.shift);
    // Left and Right follow the paragraph's direction: in a right-to-left paragraph Left moves on. A long field
    // lays out a window of itself, whose own direction may not be the text's (edit fuzz, seed 6).
    let (left, right) =
        if laid.rtl(edit.text()) { (Towards::End, Towards::Start) } else { (Towards::Start, Towards::End) };
    match (key, ctrl) {
        (Key::Left, _) => edit.step(left, ctrl, shift),
        (Key::Right, _) => edit.step(right, ctrl, shift),
        (Key::Home, true) => edit.move_to(0, shift),
        (Key::End, true) => edit.move_to(edit.text().len(), shift),
        // A field is one line, whatever window of it the last frame laid out.
        (Key::Home, false) if !edit.multiline() => edit.move_to(0, shift),
        (Key::End, false) if !edit.multiline() => edit.move_to(edit.text().len(), shift),
        (Key::Home | Key::End, false) => {
            let i = laid.line_of(edit.caret());
            let to = match (key, laid.paragraph.lines.get(i)) {
                (Key::Home, Some(line)) => laid.start + line.bytes.start,
                (Key::Home, None) => laid.start,
                _ => laid.line_end(i),
            };
            edit.move_to(to, shift);
        }
        (Key::Up | Key::Down | Key::PageUp | Key::PageDown, false) if edit.multiline() => {
            let page = page as isize;
            let lines = match key {
                Key::Up => -1,
                Key::Down => 1,
                Key::PageUp => -page,
                _ => page,
            };
            let x = goal_x.unwrap_or_else(|| laid.caret_x(edit.caret()));
            let from = laid.line_of(edit.caret()) as isize;
            let last = laid.paragraph.lines.len() as isize - 1;
            let to = from + lines;
            let at = if to < 0 {
                0
            } else if to > last {
                edit.text().len()
            } else {
                laid.byte_on_line(to as usize, x)
            };
            edit.move_vertically(at, shift);
            *goal = Some(x);
        }
        (Key::Backspace, _) if editable => edit.delete(Towards::Start, ctrl),
        (Key::Delete, _) if editable => edit.delete(Towards::End, ctrl),
        (Key::Return, false) if editable && edit.multiline() => {
            if let Err(e) = edit.insert("\n", false) {
                tracing::warn!("Return: {e}");
            }
        }
        (Key::Char('a'), true) => edit.select_all(),
        (Key::Char('z'), true) if editable && shift => _ = edit.redo(),
        (Key::Char('z'), true) if editable => _ = edit.undo(),
        (Key::Char('y'), true) if editable => _ = edit.redo(),
        // Escape unwinds a selection first (the session then takes the focus away).
        (Key::Escape, false) if !edit.selection().is_empty() => edit.move_to(edit.caret(), false),
        _ => return false,
    }
    true
}

/// A press at byte `at` with `clicks` clicks: one moves the caret there (with Shift held, extends the selection
/// to it, as every text editor does), two select the word, three the line.
pub fn press(edit: &mut TextEdit, at: usize, clicks: u8, mods: Mods) {
    match clicks {
        0 | 1 => edit.move_to(at, mods.shift),
        2 => edit.select_word(at),
        _ => edit.select_line(at),
    }
}
