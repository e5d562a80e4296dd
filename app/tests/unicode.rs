//! The text engine against the Unicode test data and real fonts: bidi levels and visual order against
//! `BidiCharacterTest.txt`, line-break opportunities against `LineBreakTest.txt` (both from Debian's
//! `unicode-data`, in /usr/share/unicode, which `ci/setup --for test` installs), font fallback choosing a face that
//! has the glyphs, and an ellipsis never splitting a grapheme cluster.

use std::path::Path;

use goldberry::fonts::{Face, FontBook};
use goldberry::text::bidi::{line_levels, resolve, visual_runs};
use goldberry::text::breaks::opportunities;
use goldberry::text::segment::is_grapheme_boundary;
use goldberry::text::{BaseDirection, TextStyle};
use goldberry_natives::Goldberry;

/// The text of a Unicode data file, or a panic that says how to get it (never a silent skip).
fn unicode_data(path: &str) -> String {
    match std::fs::read_to_string(Path::new(path)) {
        Ok(text) => text,
        Err(e) => panic!("{path} cannot be read ({e}): install Debian's unicode-data (ci/setup --for test does)"),
    }
}

/// A string of space-separated hex code points.
fn decode(hex: &str) -> String {
    hex.split_whitespace()
        .map(|h| {
            u32::from_str_radix(h, 16).ok().and_then(char::from_u32).unwrap_or_else(|| panic!("bad code point {h}"))
        })
        .collect()
}

#[test]
fn bidi_levels_and_visual_order_match_bidi_character_test() {
    let data = unicode_data("/usr/share/unicode/BidiCharacterTest.txt");
    let mut checked = 0;
    let mut failures = Vec::new();
    for (number, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').collect();
        assert_eq!(fields.len(), 5, "line {}: {line}", number + 1);
        let text = decode(fields[0]);
        let direction = match fields[1] {
            "0" => BaseDirection::Ltr,
            "1" => BaseDirection::Rtl,
            _ => BaseDirection::Auto,
        };
        let expected_base: u8 = fields[2].parse().unwrap_or(255);
        let expected_levels: Vec<Option<u8>> = fields[3].split_whitespace().map(|l| l.parse().ok()).collect();
        let expected_order: Vec<usize> = fields[4].split_whitespace().filter_map(|i| i.parse().ok()).collect();

        let levels = resolve(&text, direction);
        let resolved = line_levels(&levels, 0..text.len());
        let char_starts: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        let char_of = |byte: usize| char_starts.partition_point(|&s| s <= byte) - 1;
        let got_levels: Vec<Option<u8>> = char_starts
            .iter()
            .enumerate()
            .map(|(i, &b)| expected_levels.get(i).copied().flatten().map(|_| resolved[b]))
            .collect();
        let mut order = Vec::new();
        for (range, level) in visual_runs(&resolved, 0) {
            let mut chars: Vec<usize> =
                text[range.clone()].char_indices().map(|(i, _)| char_of(range.start + i)).collect();
            if level % 2 == 1 {
                chars.reverse();
            }
            // Characters rule X9 removes (embedding controls, BN) have no place in the expected order.
            order.extend(chars.into_iter().filter(|&c| expected_levels.get(c).copied().flatten().is_some()));
        }
        checked += 1;
        if levels.base != expected_base || got_levels != expected_levels || order != expected_order {
            failures.push(format!(
                "line {}: {} -> base {} levels {:?} order {:?}",
                number + 1,
                fields[0],
                levels.base,
                got_levels,
                order
            ));
        }
    }
    eprintln!("BidiCharacterTest.txt: {checked} lines compared");
    assert!(checked >= 500, "only {checked} test lines read");
    assert!(
        failures.is_empty(),
        "{} of {checked} lines differ, e.g.:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

/// The Line_Break class a `LineBreakTest.txt` comment gives a character: `(OP_OP30)` is OP, `(CM1_CM)` CM.
fn class(name: &str) -> &str {
    let inner = name.rsplit('(').next().unwrap_or_default().trim_end_matches(')');
    match inner.split('_').next().unwrap_or(inner) {
        "CM1" => "CM",
        class => class,
    }
}

/// Pairs the pairwise form of rule LB25 joins (UAX #14 allows it in place of the regular expression the test data
/// is generated from; `unicode-linebreak` implements the pairs), which the expression breaks outside a number.
const LB25_PAIRS: [(&str, &str); 14] = [
    ("CL", "PO"),
    ("CP", "PO"),
    ("CL", "PR"),
    ("CP", "PR"),
    ("NU", "PO"),
    ("NU", "PR"),
    ("PO", "OP"),
    ("PO", "NU"),
    ("PR", "OP"),
    ("PR", "NU"),
    ("HY", "NU"),
    ("IS", "NU"),
    ("NU", "NU"),
    ("SY", "NU"),
];

/// Every position of every line of `LineBreakTest.txt` is compared, except three kinds where `unicode-linebreak`
/// knowingly differs from the generator of the test data, told apart by the test's own annotations: a break by
/// the catch-all rule (999) between an LB25 pair (the crate's pairwise LB25 keeps numbers' prefixes and
/// suffixes together even outside a number); a position before an East Asian wide or fullwidth OP or CP (the
/// data marks them `(OP)`, `(CP)` where LB30 applies to `(OP_OP30)`: the crate applies LB30 to both); and a
/// position after an unassigned code point (the crate's Extended_Pictographic data for LB30b is older).
#[test]
fn line_breaks_match_line_break_test() {
    let data = unicode_data("/usr/share/unicode/auxiliary/LineBreakTest.txt");
    let (mut lines, mut compared, mut skipped) = (0, 0, 0);
    let mut failures = Vec::new();
    for (number, line) in data.lines().enumerate() {
        let Some((rule, comment)) = line.split_once('#') else { continue };
        let rule = rule.trim();
        if rule.is_empty() {
            continue;
        }
        lines += 1;
        let mut text = String::new();
        let mut offsets = vec![0];
        for token in rule.split_whitespace() {
            if token != "÷" && token != "×" {
                text.push_str(&decode(token));
                offsets.push(text.len());
            }
        }
        // The comment: "× [0.3] NAME (CLASS) ÷ [rule] NAME (CLASS) ... ÷ [0.3]": one mark before each character.
        let marks: Vec<(bool, &str, &str)> = comment
            .split(['×', '÷'])
            .skip(1)
            .zip(comment.chars().filter(|&c| c == '×' || c == '÷'))
            .map(|(rest, mark)| {
                let rest = rest.trim();
                let (rule, name) = rest.split_once(']').unwrap_or((rest, ""));
                (mark == '÷', rule.trim_start_matches('['), name.trim())
            })
            .collect();
        let got: Vec<usize> = opportunities(&text).into_iter().map(|(i, _)| i).collect();
        let names: Vec<&str> = marks.iter().map(|m| m.2).filter(|n| !n.is_empty()).collect();
        for (i, &(expected_break, rule, _)) in marks.iter().enumerate().skip(1) {
            let Some(&offset) = offsets.get(i) else { continue };
            let next = names.get(i).copied().unwrap_or_default();
            // The class before the position, through combining marks (LB9; LB10 makes a mark after a space AL).
            let mut k = i - 1;
            while k > 0 && matches!(class(names[k]), "CM" | "ZWJ") {
                k -= 1;
            }
            let previous = match class(names[k]) {
                "CM" | "ZWJ" | "SP" | "BK" | "CR" | "LF" | "NL" | "ZW" if k != i - 1 => "AL",
                c => c,
            };
            let east_asian_bracket = |name: &str| name.ends_with("(OP)") || name.ends_with("(CP)");
            let skip = (rule == "999.0" && LB25_PAIRS.contains(&(previous, class(next))))
                || east_asian_bracket(next)
                || names[k].contains("<reserved-");
            if skip {
                skipped += 1;
                continue;
            }
            compared += 1;
            if got.contains(&offset) != expected_break {
                failures.push(format!("line {}: {line}: got {got:?}", number + 1));
            }
        }
    }
    eprintln!("LineBreakTest.txt: {lines} lines, {compared} positions compared, {skipped} skipped");
    assert!(lines > 7000, "only {lines} test lines read");
    assert!(skipped * 20 < compared, "{skipped} positions skipped of {compared} compared");
    assert!(
        failures.is_empty(),
        "{} positions differ:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

fn book() -> FontBook {
    let g = match Goldberry::load(None) {
        Ok(g) => g,
        Err(e) => panic!("libgoldberry must load (cargo build builds it): {e}"),
    };
    match FontBook::load(g) {
        Ok(book) => book,
        Err(e) => panic!("the fonts must be installed (ci/setup installs them): {e}"),
    }
}

#[test]
fn fallback_picks_a_face_that_has_the_glyphs() {
    let fonts = book();
    let style = TextStyle::new(fonts.id(Face::Sans, 16.0));
    // The chain is Inter, DejaVu Sans, then the Noto faces: DejaVu Sans has Arabic and Hebrew, so it comes first
    // for them; Devanagari and Thai only Noto has.
    let cases = [
        ("Inter", "Hello"),
        ("DejaVu Sans", "\u{627}\u{644}\u{633}\u{644}\u{627}\u{645}"),
        ("DejaVu Sans", "\u{5e9}\u{5dc}\u{5d5}\u{5dd}"),
        ("Noto Sans Devanagari", "\u{928}\u{92e}\u{938}\u{94d}\u{924}\u{947}"),
        ("Noto Sans Thai", "\u{e2a}\u{e27}\u{e31}\u{e2a}\u{e14}\u{e35}"),
    ];
    for (family, text) in cases {
        let paragraph = fonts.layout(&style, text, None).unwrap_or_else(|e| panic!("{e}"));
        let runs = &paragraph.lines[0].runs;
        assert!(runs.iter().all(|run| run.family == family), "{text}: {runs:?}");
        // No .notdef (glyph 0): the face drew every character.
        assert!(runs.iter().all(|run| run.glyphs.glyphs.iter().all(|&g| g != 0)), "{text}: {runs:?}");
    }
    // Mixed: English, Arabic, English; the Arabic in visual order and right to left.
    let text = "Say \u{645}\u{631}\u{62d}\u{628}\u{627} twice";
    let paragraph = fonts.layout(&style, text, None).unwrap_or_else(|e| panic!("{e}"));
    assert!(!paragraph.rtl);
    let runs: Vec<(&str, bool, &str)> =
        paragraph.lines[0].runs.iter().map(|r| (&text[r.bytes.clone()], r.rtl, r.family)).collect();
    assert_eq!(
        runs,
        [
            ("Say ", false, "Inter"),
            ("\u{645}\u{631}\u{62d}\u{628}\u{627}", true, "DejaVu Sans"),
            // A space after the Arabic stays in its face (a neutral cluster keeps the face before it).
            (" ", false, "DejaVu Sans"),
            ("twice", false, "Inter"),
        ]
    );
    let xs: Vec<f32> = paragraph.lines[0].runs.iter().map(|r| r.x).collect();
    assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
}

#[test]
fn an_ellipsis_never_splits_a_cluster() {
    let fonts = book();
    let style = TextStyle::new(fonts.id(Face::Sans, 14.0));
    let text = "Cafe\u{301} n\u{303}o\u{308} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} family \u{928}\u{92e}\u{938}\u{94d}\u{924}\u{947} end";
    let full = fonts.ellipsized(&style, text, 10_000.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(full.bytes, 0..text.len());
    let mut width = 4.0;
    while width < full.width_px {
        let line = fonts.ellipsized(&style, text, width).unwrap_or_else(|e| panic!("{e}"));
        let cut = line.bytes.end;
        assert!(is_grapheme_boundary(text, cut), "cut at {cut} splits a cluster at width {width}");
        let last = line.runs.last().unwrap_or_else(|| panic!("no runs at width {width}"));
        assert_eq!(last.bytes, cut..cut, "the ellipsis is the last run");
        assert!(line.width_px <= width + 0.01 || cut == 0, "{} > {width}", line.width_px);
        width += 1.5;
    }
}
