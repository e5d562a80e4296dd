//! Where a caret may stand and where a word starts and ends: grapheme clusters and word boundaries from UAX #29
//! (`unicode-segmentation`), looked for near the caret so that a key in a long text costs the same as in a short
//! one.

use std::ops::Range;

use unicode_segmentation::{GraphemeCursor, UnicodeSegmentation};

/// How far (bytes) either side of the caret a word is looked for. A "word" longer than this (a pasted run of
/// letters without a break) is crossed in steps of this size.
const WORD_WINDOW: usize = 4096;

/// The grapheme boundary after `at` (the text's end at the end).
pub fn next_grapheme(text: &str, at: usize) -> usize {
    let at = snap(text, at);
    let mut cursor = GraphemeCursor::new(at, text.len(), true);
    // The whole text is one chunk, so the cursor never asks for more context.
    cursor.next_boundary(text, 0).ok().flatten().unwrap_or(text.len())
}

/// The grapheme boundary before `at` (0 at the start).
pub fn prev_grapheme(text: &str, at: usize) -> usize {
    let at = snap(text, at);
    let mut cursor = GraphemeCursor::new(at, text.len(), true);
    cursor.prev_boundary(text, 0).ok().flatten().unwrap_or(0)
}

/// `at` moved back to the grapheme boundary at or before it (a caret never stands inside a cluster).
pub fn snap(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let mut cursor = GraphemeCursor::new(at, text.len(), true);
    match cursor.is_boundary(text, 0) {
        Ok(true) | Err(_) => at,
        Ok(false) => cursor.prev_boundary(text, 0).ok().flatten().unwrap_or(0),
    }
}

/// The grapheme boundaries in `range` of `text`, both ends included when they are boundaries.
pub fn graphemes_in(text: &str, range: Range<usize>) -> impl Iterator<Item = usize> + '_ {
    let start = snap(text, range.start);
    let end = range.end.min(text.len());
    text[start..end].grapheme_indices(true).map(move |(i, _)| start + i).chain(std::iter::once(end))
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

/// The word segments (UAX #29 segments holding a letter or digit) of the window around `at`, in text order.
fn words(text: &str, at: usize) -> impl Iterator<Item = Range<usize>> + '_ {
    let window = window(text, at);
    text[window.clone()]
        .split_word_bound_indices()
        .filter(|(_, word)| word.chars().any(char::is_alphanumeric))
        .map(move |(i, word)| window.start + i..window.start + i + word.len())
}

/// Where Ctrl+Right goes from `at`: the end of the word at or after it (the text's end past the last word).
pub fn next_word_end(text: &str, at: usize) -> usize {
    match words(text, at).find(|word| word.end > at) {
        Some(word) => word.end,
        None => window(text, at).end,
    }
}

/// Where Ctrl+Left goes from `at`: the start of the word before it (the text's start before the first word).
pub fn prev_word_start(text: &str, at: usize) -> usize {
    match words(text, at).filter(|word| word.start < at).last() {
        Some(word) => word.start,
        None => window(text, at).start,
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
    fn a_caret_steps_over_combining_marks_and_zwj_emoji_sequences_whole() {
        // e + combining acute, then a family emoji of four people joined by ZWJs, then x.
        let text = "e\u{301}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}x";
        let after_e = "e\u{301}".len();
        assert_eq!(next_grapheme(text, 0), after_e);
        let after_family = text.len() - 1;
        assert_eq!(next_grapheme(text, after_e), after_family);
        assert_eq!(prev_grapheme(text, after_family), after_e);
        assert_eq!(snap(text, after_e + 5), after_e, "inside the family: back to its start");
        assert_eq!(next_grapheme(text, text.len()), text.len());
        assert_eq!(prev_grapheme(text, 0), 0);
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
    fn a_triple_click_takes_the_hard_line() {
        let text = "one\ntwo three\nfour";
        assert_eq!(&text[line_at(text, 6)], "two three");
        assert_eq!(&text[line_at(text, 0)], "one");
        assert_eq!(&text[line_at(text, text.len())], "four");
    }

    #[test]
    fn thai_words_without_spaces_are_still_stepped_through_by_grapheme() {
        let text = "\u{0E01}\u{0E34}\u{0E19}\u{0E02}\u{0E49}\u{0E32}\u{0E27}";
        let stops: Vec<usize> = graphemes_in(text, 0..text.len()).collect();
        assert_eq!(stops.first(), Some(&0));
        assert_eq!(stops.last(), Some(&text.len()));
        assert!(stops.len() < text.chars().count() + 1, "the vowel signs join their consonants");
    }
}
