//! The Unicode Bidirectional Algorithm (UAX #9) over one paragraph: embedding levels from `unicode-bidi`, then
//! per line the rules L1 (trailing whitespace back to the paragraph level) and L2 (runs in visual order).

use std::ops::Range;

use unicode_bidi::{BidiClass, Level, ParagraphBidiInfo};

use super::BaseDirection;

/// The resolved levels of one paragraph (a piece of text without hard breaks).
#[derive(Debug, Clone, PartialEq)]
pub struct Levels {
    /// The embedding level of every byte.
    pub levels: Vec<u8>,
    /// Whether each byte belongs to a character rule L1 resets at a line's end (whitespace, isolate controls).
    pub trailing_reset: Vec<bool>,
    /// Whether each byte belongs to a segment or paragraph separator (L1 resets it, and the whitespace before it).
    pub separator: Vec<bool>,
    /// The paragraph's level: 0 left to right, 1 right to left.
    pub base: u8,
    /// Whether the paragraph has a strong character (an `Auto` paragraph without one is left to right).
    pub has_strong: bool,
}

impl Levels {
    /// Whether the paragraph's resolved base direction is right to left.
    pub fn rtl(&self) -> bool {
        self.base % 2 == 1
    }
}

/// Resolves the embedding levels of `text` (no `\n` in it) in base direction `direction`.
pub fn resolve(text: &str, direction: BaseDirection) -> Levels {
    let default = match direction {
        BaseDirection::Auto => None,
        BaseDirection::Ltr => Some(Level::ltr()),
        BaseDirection::Rtl => Some(Level::rtl()),
    };
    let info = ParagraphBidiInfo::new(text, default);
    let has_strong = info.original_classes.iter().any(|c| matches!(c, BidiClass::L | BidiClass::R | BidiClass::AL));
    Levels {
        levels: info.levels.iter().map(Level::number).collect(),
        trailing_reset: info
            .original_classes
            .iter()
            .map(|c| matches!(c, BidiClass::WS | BidiClass::FSI | BidiClass::LRI | BidiClass::RLI | BidiClass::PDI))
            .collect(),
        separator: info.original_classes.iter().map(|c| matches!(c, BidiClass::S | BidiClass::B)).collect(),
        base: info.paragraph_level.number(),
        has_strong,
    }
}

/// Whether `text` runs right to left as a whole: its first hard line with a strong character decides (rules P2,
/// P3), left to right when none has one. What a paragraph's layout says of itself, for a text of which only a
/// window is laid out.
pub fn base_rtl(text: &str) -> bool {
    for line in text.split('\n') {
        match unicode_bidi::get_base_direction(line) {
            unicode_bidi::Direction::Rtl => return true,
            unicode_bidi::Direction::Ltr => return false,
            unicode_bidi::Direction::Mixed => {}
        }
    }
    false
}

/// The levels of the bytes `line` after rule L1: separators, the whitespace before them and the whitespace at
/// the line's end take the paragraph's level.
pub fn line_levels(levels: &Levels, line: Range<usize>) -> Vec<u8> {
    let mut out = levels.levels[line.clone()].to_vec();
    let mut reset = true; // walking backwards: still in the line's trailing whitespace, or before a separator
    for i in (0..out.len()).rev() {
        let byte = line.start + i;
        if levels.separator[byte] {
            out[i] = levels.base;
            reset = true;
        } else if reset && levels.trailing_reset[byte] {
            out[i] = levels.base;
        } else {
            reset = false;
        }
    }
    out
}

/// The level runs of a line (byte ranges offset by `start`, with their level) in visual order, left to right,
/// by rule L2: from the highest level down to the lowest odd one, every maximal sequence at that level or above
/// is reversed.
pub fn visual_runs(line_levels: &[u8], start: usize) -> Vec<(Range<usize>, u8)> {
    let mut runs: Vec<(Range<usize>, u8)> = Vec::new();
    for (i, &level) in line_levels.iter().enumerate() {
        match runs.last_mut() {
            Some((range, l)) if *l == level => range.end = start + i + 1,
            _ => runs.push((start + i..start + i + 1, level)),
        }
    }
    let Some(&max) = line_levels.iter().max() else { return runs };
    let Some(min_odd) = line_levels.iter().copied().filter(|l| l % 2 == 1).min() else { return runs };
    let mut level = max;
    while level >= min_odd && level > 0 {
        let mut i = 0;
        while i < runs.len() {
            if runs[i].1 >= level {
                let from = i;
                while i < runs.len() && runs[i].1 >= level {
                    i += 1;
                }
                runs[from..i].reverse();
            } else {
                i += 1;
            }
        }
        level -= 1;
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arabic_word_in_english_is_one_reversed_run() {
        let text = "abc \u{627}\u{644}\u{639} def";
        let levels = resolve(text, BaseDirection::Auto);
        assert!(!levels.rtl());
        let runs = visual_runs(&line_levels(&levels, 0..text.len()), 0);
        let texts: Vec<(&str, u8)> = runs.iter().map(|(r, l)| (&text[r.clone()], *l)).collect();
        assert_eq!(texts, [("abc ", 0), ("\u{627}\u{644}\u{639}", 1), (" def", 0)]);
    }

    #[test]
    fn an_rtl_paragraph_puts_its_first_word_on_the_right() {
        let text = "\u{5e9}\u{5dc}\u{5d5}\u{5dd} abc 12 ";
        let levels = resolve(text, BaseDirection::Auto);
        assert!(levels.rtl());
        let runs = visual_runs(&line_levels(&levels, 0..text.len()), 0);
        let texts: Vec<&str> = runs.iter().map(|(r, _)| &text[r.clone()]).collect();
        // The trailing space takes the paragraph level (L1) and so stands at the visual left.
        assert_eq!(texts, [" ", "abc 12", "\u{5e9}\u{5dc}\u{5d5}\u{5dd} "]);
    }
}
