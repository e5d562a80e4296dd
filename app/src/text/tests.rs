//! The text engine with the real fonts: features, caches, long texts, caret on shaped text.

use std::sync::Arc;

use super::{BaseDirection, TextStyle};
use crate::fonts::Face;
use crate::test_support::{book, fonts};

#[test]
fn inter_lists_its_features_and_a_toggle_reshapes() {
    let fonts = fonts();
    let font = fonts.id(Face::Sans, 20.0);
    let tags = fonts.feature_tags(font);
    for tag in [*b"kern", *b"calt", *b"tnum", *b"ss01", *b"cv11", *b"case", *b"frac"] {
        assert!(tags.contains(&tag), "Inter lacks {:?}: {tags:?}", String::from_utf8_lossy(&tag));
    }
    assert!(tags.windows(2).all(|w| w[0] < w[1]), "sorted and deduplicated");
    // Tabular figures: every digit as wide as the others.
    let mut style = TextStyle::new(font);
    let width = |style: &TextStyle, text: &str| fonts.layout(style, text, None).map_or(-1.0, |p| p.width_px);
    let proportional = (width(&style, "1111"), width(&style, "0000"));
    style.features.set(*b"tnum", true);
    let tabular = (width(&style, "1111"), width(&style, "0000"));
    assert!((proportional.0 - proportional.1).abs() > 1.0, "{proportional:?}");
    assert!((tabular.0 - tabular.1).abs() < 0.01, "{tabular:?}");
    assert_eq!(style.features.is_on(*b"tnum"), Some(true));
    style.features.set(*b"tnum", false);
    assert_eq!(style.features.is_on(*b"tnum"), Some(false));
    assert!((width(&style, "1111") - proportional.0).abs() < 0.01);
}

#[test]
fn an_edit_reshapes_only_its_own_hard_line() {
    let fonts = book();
    let style = TextStyle::new(fonts.id(Face::Sans, 13.0));
    let paragraph = "Every paragraph of this text is shaped on its own, so typing in one leaves the others alone. ";
    let text: String = (0..25).map(|i| format!("{i} {paragraph}")).collect::<Vec<_>>().join("\n");
    assert!(text.len() > 2000);
    let before = fonts.shaped_pieces(&style, &text).unwrap_or_else(|e| panic!("{e}"));
    let mut edited = text.clone();
    edited.insert(text.find('\n').map_or(0, |i| i + 5), 'x');
    let cached = fonts.cached_pieces();
    let after = fonts.shaped_pieces(&style, &edited).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fonts.cached_pieces(), cached + 1, "one new hard line shaped");
    assert!(!Arc::ptr_eq(&before[1], &after[1]));
    for i in (0..25).filter(|&i| i != 1) {
        assert!(Arc::ptr_eq(&before[i], &after[i]), "hard line {i} was shaped again");
    }
}

#[test]
fn a_hundred_thousand_characters_in_one_paragraph_lay_out() {
    let fonts = book();
    let style = TextStyle::new(fonts.id(Face::Sans, 13.0));
    let text = "lorem ipsum dolor sit amet \u{5e9}\u{5dc}\u{5d5}\u{5dd} ".repeat(3200);
    assert!(text.chars().count() >= 100_000);
    let paragraph = fonts.layout(&style, &text, Some(400.0)).unwrap_or_else(|e| panic!("{e}"));
    assert!(paragraph.lines.len() > 500, "{}", paragraph.lines.len());
    assert!(paragraph.lines.iter().all(|line| line.width_px <= 400.0));
    // The lines tile the text: each starts where the one before ended.
    assert!(paragraph.lines.windows(2).all(|w| w[0].bytes.end == w[1].bytes.start));
    assert_eq!(paragraph.lines.last().map(|l| l.bytes.end), Some(text.len()));
    let unwrapped = fonts.layout(&style, &text, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(unwrapped.lines.len(), 1);
    // Caret at the far end of a 100,000-character line.
    let line = &unwrapped.lines[0];
    let end = line.caret_x(&text, text.len());
    assert!((end - line.width_px).abs() < 0.5, "{end} vs {}", line.width_px);
}

#[test]
fn the_caret_walks_a_right_to_left_line_from_right_to_left() {
    let fonts = fonts();
    let style = TextStyle { direction: BaseDirection::Auto, ..TextStyle::new(fonts.id(Face::Sans, 16.0)) };
    let text = "\u{5e9}\u{5dc}\u{5d5}\u{5dd} abc";
    let paragraph = fonts.layout(&style, text, None).unwrap_or_else(|e| panic!("{e}"));
    assert!(paragraph.rtl);
    let line = &paragraph.lines[0];
    let hebrew: Vec<f32> = [0, 2, 4, 6, 8].iter().map(|&b| line.caret_x(text, b)).collect();
    assert!(hebrew.windows(2).all(|w| w[0] > w[1]), "{hebrew:?}");
    assert!((hebrew[0] - line.width_px).abs() < 0.5, "the first byte's caret is at the right edge: {hebrew:?}");
    // "abc" sits left of the Hebrew and runs left to right.
    let latin: Vec<f32> = [10, 11, 12].iter().map(|&b| line.caret_x(text, b)).collect();
    assert!(latin.windows(2).all(|w| w[0] < w[1]) && latin[2] < hebrew[4], "{latin:?} {hebrew:?}");
    // Byte 9 is at a direction boundary: after the space (right to left, the line's direction) or before the "a"
    // (left to right): the primary-direction caret stands after the space, at the right end of "abc".
    assert!((line.caret_x(text, 9) - latin[2]).abs() < 0.01);
    assert!(line.caret_x(text, 9) > line.caret_x(text, 10));
    for b in [0, 2, 4, 6, 10, 11] {
        assert_eq!(line.hit(text, line.caret_x(text, b)), b, "byte {b}");
    }
}

#[test]
fn a_long_line_is_shaped_in_chunks_that_an_edit_mostly_keeps() {
    use super::shape::{CHUNKED_LINE, chunk_starts, shape_piece};

    let words = ["shaping", "a", "long", "paste", "in", "chunks", "keeps", "each", "edit", "cheap", "2026"];
    let text: String = (0..3000)
        .map(|i| if i % 9 == 4 { i.to_string() } else { words[(i * 7 + i / 3) % words.len()].to_owned() })
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.len() > 4 * CHUNKED_LINE);
    let starts = chunk_starts(&text);
    assert!(starts.len() > 4, "{starts:?}");
    assert!(starts.iter().skip(1).all(|&s| text.as_bytes()[s - 1] == b' '), "chunks start at words");
    // An edit near the start moves the boundaries near it only: the later ones stay with their text.
    let mut edited = text.clone();
    edited.insert_str(10, "xyz ");
    let moved: Vec<usize> = chunk_starts(&edited).iter().map(|&s| s.saturating_sub(4)).collect();
    let kept = starts.iter().filter(|s| moved.contains(s)).count();
    assert!(kept + 2 >= starts.len(), "{starts:?} vs {moved:?}");

    // Laid out in chunks, the line wraps exactly as shaped whole (Latin: nothing joins across a space).
    let fonts = book();
    let style = TextStyle::new(fonts.id(Face::Sans, 13.0));
    let chunked = fonts.layout(&style, &text, Some(300.0)).unwrap_or_else(|e| panic!("{e}"));
    let g = crate::test_support::natives();
    let mut buffer = goldberry_natives::harfbuzz::Buffer::new(g).unwrap_or_else(|e| panic!("{e}"));
    let features = style.features.to_harfbuzz();
    let (primary, size) = super::FaceSet::face_of(&fonts, style.font);
    let whole = shape_piece(&fonts, &mut buffer, primary, &features, BaseDirection::Auto, &text)
        .unwrap_or_else(|e| panic!("{e}"));
    let lines = super::lines::lay_out(&fonts, &whole, 0, size, Some(300.0));
    let bytes = |lines: &[super::Line]| lines.iter().map(|l| l.bytes.clone()).collect::<Vec<_>>();
    assert_eq!(bytes(&chunked.lines), bytes(&lines));

    // A keystroke re-shapes the chunk it falls in, not the line.
    let cached = fonts.cached_pieces();
    fonts.layout(&style, &edited, Some(300.0)).unwrap_or_else(|e| panic!("{e}"));
    assert!(fonts.cached_pieces() <= cached + 2, "{} new chunks", fonts.cached_pieces() - cached);
}

#[test]
fn the_line_of_a_caret() {
    let fonts = fonts();
    let style = TextStyle::new(fonts.id(Face::Sans, 13.0));
    let text = "one two three four five six seven\n\neight";
    let paragraph = fonts.layout(&style, text, Some(60.0)).unwrap_or_else(|e| panic!("{e}"));
    let n = paragraph.lines.len();
    assert!(n >= 5, "{:?}", paragraph.lines);
    for (i, line) in paragraph.lines.iter().enumerate() {
        assert_eq!(paragraph.line_at(line.bytes.start), i, "{:?}", paragraph.lines);
    }
    // The end of the first hard line (before its '\n') is on its last line; past the text, the last line.
    let first_end = text.find('\n').unwrap_or(0);
    assert_eq!(paragraph.lines[paragraph.line_at(first_end)].bytes.end, first_end);
    assert_eq!(paragraph.line_at(text.len() + 10), n - 1);
    assert_eq!(paragraph.line_at(0), 0);
}

#[test]
fn a_paragraph_pasted_again_and_again_is_laid_out_again_from_its_own_cycle_of_lines() {
    let fonts = book();
    let style = TextStyle::new(fonts.id(Face::Sans, 15.0));
    let paragraph = "Typing re-shapes only the paragraph it changes; every other one is shaped once and cached. ";
    let width = 438.0;
    let mut text = paragraph.repeat(2_000);
    let mut laid = (*fonts.layout(&style, &text, Some(width)).unwrap_or_else(|e| panic!("{e}"))).clone();
    // Typed in the middle, a letter at a time with a space every twentieth, as a person types.
    let mut at = text.len() / 2;
    for i in 0..40 {
        let typed = if i % 20 == 19 { " " } else { "x" };
        let mut edited = text.clone();
        edited.insert_str(at, typed);
        let prior = super::edited::Before { text: &text, paragraph: &laid };
        let next =
            fonts.layout_edited(&style, prior, &edited, width, &mut |_| Vec::new()).unwrap_or_else(|e| panic!("{e}"));
        let fresh = fonts.layout(&style, &edited, Some(width)).unwrap_or_else(|e| panic!("{e}"));
        assert!(next.lines.windows(2).all(|w| w[0].bytes.end == w[1].bytes.start), "the lines tile the text");
        let starts = |p: &super::Paragraph| p.lines.iter().map(|l| l.bytes.start).collect::<Vec<_>>();
        assert_eq!(starts(&next), starts(&fresh), "keystroke {i}: the lines a fresh layout gives");
        (text, laid, at) = (edited, next, at + typed.len());
    }
}
