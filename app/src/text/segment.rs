//! Grapheme clusters and word boundaries from UAX #29 (`unicode-segmentation`): where a caret may stand, where
//! a word move stops, where text may be cut. Words are looked for near the caret, so that a key in a long text
//! costs what it costs in a short one.

use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;

/// Whether `byte` is a grapheme cluster boundary of `text` (its start and end are).
pub fn is_grapheme_boundary(text: &str, byte: usize) -> bool {
    if byte == 0 || byte == text.len() {
        return true;
    }
    if !text.is_char_boundary(byte) {
        return false;
    }
    let mut cursor = unicode_segmentation::GraphemeCursor::new(byte, text.len(), true);
    cursor.is_boundary(text, 0).unwrap_or(true)
}

/// The grapheme cluster boundaries of `text` from 0 to its length, both included.
pub fn grapheme_boundaries(text: &str) -> Vec<usize> {
    let mut out: Vec<usize> = text.grapheme_indices(true).map(|(i, _)| i).collect();
    out.push(text.len());
    out
}

/// The grapheme boundary after `byte` (the end of the text at its end).
pub fn next_grapheme(text: &str, byte: usize) -> usize {
    let byte = byte.min(text.len());
    let mut cursor = unicode_segmentation::GraphemeCursor::new(byte, text.len(), true);
    cursor.next_boundary(text, 0).ok().flatten().unwrap_or(text.len())
}

/// The grapheme boundary before `byte` (0 at the start).
pub fn previous_grapheme(text: &str, byte: usize) -> usize {
    let byte = byte.min(text.len());
    let mut cursor = unicode_segmentation::GraphemeCursor::new(byte, text.len(), true);
    cursor.prev_boundary(text, 0).ok().flatten().unwrap_or(0)
}

/// How far (bytes) either side of the caret a word is looked for at a time; a word move that meets the window's
/// edge looks again from there, so a word longer than this is crossed whole.
const WORD_WINDOW: usize = 4096;

/// `at` moved back to the grapheme boundary at or before it (a caret never stands inside a cluster).
pub fn snap(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let mut cursor = unicode_segmentation::GraphemeCursor::new(at, text.len(), true);
    match cursor.is_boundary(text, 0) {
        Ok(true) | Err(_) => at,
        Ok(false) => cursor.prev_boundary(text, 0).ok().flatten().unwrap_or(0),
    }
}

/// The slice of `text` words are looked for in around `at`, as a range snapped to char boundaries.
fn window(text: &str, at: usize) -> Range<usize> {
    let mut start = at.saturating_sub(WORD_WINDOW);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (at + WORD_WINDOW).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

/// The word segments (UAX #29 segments holding a letter or digit) of the window around `at`, in text order,
/// widened to whole grapheme clusters: UAX #29's words may end inside one (Thai "คำ" is two words and one cluster,
/// its SARA AM a spacing mark), where a caret cannot stand, and a word move would snap back and stall (edit fuzz,
/// seed 1490).
fn words(text: &str, at: usize) -> impl Iterator<Item = Range<usize>> + '_ {
    let window = window(text, at);
    text[window.clone()].split_word_bound_indices().filter(|(_, word)| word.chars().any(char::is_alphanumeric)).map(
        move |(i, word)| {
            let (start, end) = (window.start + i, window.start + i + word.len());
            let end = if is_grapheme_boundary(text, end) { end } else { next_grapheme(text, end) };
            snap(text, start)..end
        },
    )
}

/// Where Ctrl+Right goes from `at`: the end of the word at or after it (the text's end past the last word).
pub fn next_word_end(text: &str, at: usize) -> usize {
    let origin = at;
    let mut at = at;
    // A word that reaches the window's end may go on past it: look again from there (each look moves on).
    loop {
        let w = window(text, at);
        match words(text, at).find(|word| word.end > origin) {
            Some(word) if word.end < w.end || w.end == text.len() => return word.end,
            Some(word) => at = word.end,
            None if w.end == text.len() => return w.end,
            None => at = w.end,
        }
    }
}

/// Where Ctrl+Left goes from `at`: the start of the word before it (the text's start before the first word).
pub fn prev_word_start(text: &str, at: usize) -> usize {
    let origin = at;
    let mut at = at;
    // A word that starts at the window's start may begin before it (a long word, or one behind a long run of
    // spaces): look again from there, each look further back (edit fuzz, seed 51089).
    loop {
        let w = window(text, at);
        match words(text, at).filter(|word| word.start < origin).last() {
            Some(word) if word.start > w.start || w.start == 0 => return word.start,
            Some(word) => at = word.start,
            None if w.start == 0 => return 0,
            None => at = w.start,
        }
    }
}

/// What a double click at `at` selects: the word segment under it (a word, a run of spaces, a punctuation mark),
/// preferring the word that ends at `at` when `at` is between a word and a space.
pub fn word_at(text: &str, at: usize) -> Range<usize> {
    let window = window(text, at);
    let segments = text[window.clone()]
        .split_word_bound_indices()
        .map(|(i, s)| (window.start + i..window.start + i + s.len(), s.chars().any(char::is_alphanumeric)));
    let mut before = None;
    for (range, is_word) in segments {
        if range.contains(&at) {
            return match before {
                Some(word) if range.start == at && !is_word => word,
                _ => range,
            };
        }
        before = is_word.then_some(range);
    }
    before.unwrap_or(at..at)
}

/// The hard line (between `\n`s) holding `at`, without its `\n`: what a triple click selects.
pub fn line_at(text: &str, at: usize) -> Range<usize> {
    let at = at.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_combining_mark_and_a_zwj_sequence_are_one_cluster_each() {
        let text = "e\u{301}x\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}!";
        assert_eq!(grapheme_boundaries(text), [0, 3, 4, 22, 23]);
        assert!(!is_grapheme_boundary(text, 1));
        assert!(!is_grapheme_boundary(text, 8));
        assert_eq!(next_grapheme(text, 4), 22);
        assert_eq!(previous_grapheme(text, 22), 4);
        assert_eq!(previous_grapheme(text, 3), 0);
    }

    #[test]
    fn words_are_found_by_uax_29_not_by_spaces() {
        let text = "can't stop, won\u{2019}t: 3.14 x";
        assert_eq!(next_word_end(text, 0), 5, "can't is one word");
        assert_eq!(next_word_end(text, 5), 10);
        assert_eq!(prev_word_start(text, 10), 6);
        assert_eq!(&text[word_at(text, 22)], "3.14");
        assert_eq!(&text[word_at(text, 5)], "can't", "between a word and a space: the word");
        assert_eq!(prev_word_start(text, 0), 0);
        assert_eq!(next_word_end(text, text.len()), text.len());
    }

    #[test]
    fn a_word_move_crosses_a_cluster_that_holds_two_words() {
        // Thai KHO KHWAI and SARA AM: two UAX #29 words, one cluster.
        let text = "\u{e04}\u{e33} x";
        assert_eq!(next_word_end(text, 0), 6);
        assert_eq!(prev_word_start(text, 6), 0);
    }

    #[test]
    fn a_triple_click_takes_the_hard_line() {
        let text = "one\ntwo three\nfour";
        assert_eq!(&text[line_at(text, 6)], "two three");
        assert_eq!(&text[line_at(text, 0)], "one");
        assert_eq!(&text[line_at(text, text.len())], "four");
    }
}
