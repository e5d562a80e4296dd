//! Line-break opportunities from UAX #14 (`unicode-linebreak`), and the whitespace a soft break lets hang.

/// Where a line may (or must) end in `text`: byte offsets of break opportunities after the start, the text's
/// end included, with whether the break is mandatory.
pub fn opportunities(text: &str) -> Vec<(usize, bool)> {
    unicode_linebreak::linebreaks(text)
        .filter(|&(i, _)| i > 0)
        .map(|(i, kind)| (i, kind == unicode_linebreak::BreakOpportunity::Mandatory))
        .collect()
}

/// Where a line of `text` may end when wrapped: the [`opportunities`] at grapheme cluster boundaries. UAX #14
/// treats a combining mark after a space as a letter (LB10), and an emoji modifier after a letter as a break, so
/// it allows breaks inside what UAX #29 makes one cluster; a line never splits a cluster (edit fuzz, seed 1287).
pub fn line_ends(text: &str) -> Vec<(usize, bool)> {
    let mut ends = opportunities(text);
    ends.retain(|&(i, _)| super::segment::is_grapheme_boundary(text, i));
    ends
}

/// Whether `c` hangs past a line's end at a soft break (UAX #14 class SP, and the ideographic space): it takes no
/// width in the line.
pub fn hangs(c: char) -> bool {
    matches!(c, ' ' | '\u{3000}' | '\t')
}

/// `end` moved back over the hanging whitespace before it, not past `start`.
pub fn visible_end(text: &str, start: usize, end: usize) -> usize {
    let trimmed = text[start..end].trim_end_matches(hangs);
    start + trimmed.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breaks_after_spaces_and_hyphens_not_before_punctuation() {
        let text = "well-known fact, (really)";
        let ends: Vec<&str> = {
            let mut start = 0;
            opportunities(text)
                .into_iter()
                .map(|(i, _)| {
                    let piece = &text[start..i];
                    start = i;
                    piece
                })
                .collect()
        };
        assert_eq!(ends, ["well-", "known ", "fact, ", "(really)"]);
        assert_eq!(visible_end("ab  ", 0, 4), 2);
        assert_eq!(line_ends("a \u{301}b"), [(5, true)], "a space and the accent after it are one cluster");
    }
}
