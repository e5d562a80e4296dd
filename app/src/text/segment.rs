//! Grapheme clusters and word boundaries from UAX #29 (`unicode-segmentation`): where a caret may stand, where
//! a word move stops, where text may be cut.

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

/// The word boundaries of `text` (UAX #29 word segments' starts, and its end).
pub fn word_boundaries(text: &str) -> Vec<usize> {
    let mut out: Vec<usize> = text.split_word_bound_indices().map(|(i, _)| i).collect();
    out.push(text.len());
    out
}

/// The word (UAX #29 segment that holds a letter or digit) around `byte`, for a double click: its byte range,
/// or the segment at `byte` when it is punctuation or space.
pub fn word_at(text: &str, byte: usize) -> std::ops::Range<usize> {
    let mut last = 0..0;
    for (i, word) in text.split_word_bound_indices() {
        let range = i..i + word.len();
        if range.contains(&byte) {
            return range;
        }
        last = range;
    }
    if byte >= text.len() { last } else { byte..byte }
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
    fn words_by_uax29() {
        let text = "can't stop, 3.14";
        assert_eq!(word_at(text, 2), 0..5);
        assert_eq!(word_at(text, 13), 12..16);
        assert_eq!(word_boundaries("a b"), [0, 1, 2, 3]);
    }
}
