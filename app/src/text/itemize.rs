//! Itemizing a hard line into runs HarfBuzz can shape at once: one bidi level, one script, one face. The face is
//! chosen per grapheme cluster, never splitting one: the first face of the fallback chain whose character map has
//! every character of the cluster; for a cluster shown as an emoji ([`is_emoji`]), the colour emoji face first.

use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;

use super::FaceIndex;

/// A run of one level, script and face, in logical order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub bytes: Range<usize>,
    pub level: u8,
    pub face: FaceIndex,
    /// ISO 15924 tag.
    pub script: [u8; 4],
}

/// Characters no face needs a glyph for to show a cluster (joiners, variation selectors, bidi controls): they
/// never make a face fail a cluster.
pub fn is_ignorable(c: char) -> bool {
    matches!(c,
        '\u{AD}' | '\u{34F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
        | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{E0000}'..='\u{E0FFF}')
}

/// Whether a grapheme cluster is shown as an emoji (UTS #51): it asks for emoji presentation (U+FE0F), is a
/// keycap (U+20E3), a flag (regional indicators, or a tag sequence), carries a skin tone, joins pictographs with
/// U+200D, or starts with a character whose default presentation is emoji; never when it asks for text (U+FE0E).
pub fn is_emoji(cluster: &str) -> bool {
    let mut chars = cluster.chars();
    let Some(first) = chars.next() else { return false };
    if cluster.contains('\u{FE0E}') {
        return false;
    }
    let marks = |c: char| matches!(c, '\u{FE0F}' | '\u{20E3}' | '\u{1F3FB}'..='\u{1F3FF}' | '\u{1F1E6}'..='\u{1F1FF}' | '\u{E0020}'..='\u{E007F}');
    let joined = cluster.contains('\u{200D}') && cluster.chars().any(is_emoji_presentation);
    marks(first) || cluster.chars().any(marks) || joined || is_emoji_presentation(first)
}

/// Whether `c` is shown as an emoji by default (Unicode's Emoji_Presentation property; the pictograph blocks
/// whole, which holds for every character the colour face has there).
fn is_emoji_presentation(c: char) -> bool {
    matches!(c,
        '\u{231A}'..='\u{231B}' | '\u{23E9}'..='\u{23EC}' | '\u{23F0}' | '\u{23F3}' | '\u{25FD}'..='\u{25FE}'
        | '\u{2614}'..='\u{2615}' | '\u{2648}'..='\u{2653}' | '\u{267F}' | '\u{2693}' | '\u{26A1}'
        | '\u{26AA}'..='\u{26AB}' | '\u{26BD}'..='\u{26BE}' | '\u{26C4}'..='\u{26C5}' | '\u{26CE}' | '\u{26D4}'
        | '\u{26EA}' | '\u{26F2}'..='\u{26F3}' | '\u{26F5}' | '\u{26FA}' | '\u{26FD}' | '\u{2705}'
        | '\u{270A}'..='\u{270B}' | '\u{2728}' | '\u{274C}' | '\u{274E}' | '\u{2753}'..='\u{2755}' | '\u{2757}'
        | '\u{2795}'..='\u{2797}' | '\u{27B0}' | '\u{27BF}' | '\u{2B1B}'..='\u{2B1C}' | '\u{2B50}' | '\u{2B55}'
        | '\u{1F004}' | '\u{1F0CF}' | '\u{1F18E}' | '\u{1F191}'..='\u{1F19A}' | '\u{1F201}' | '\u{1F21A}'
        | '\u{1F22F}' | '\u{1F232}'..='\u{1F236}' | '\u{1F238}'..='\u{1F23A}' | '\u{1F250}'..='\u{1F251}'
        | '\u{1F300}'..='\u{1F64F}' | '\u{1F680}'..='\u{1F6FF}' | '\u{1F7E0}'..='\u{1F7F0}'
        | '\u{1F900}'..='\u{1F9FF}' | '\u{1FA70}'..='\u{1FAFF}')
}

/// Whether a script tag is Common or Inherited: such a character takes its neighbours' script.
fn is_neutral_script(script: [u8; 4]) -> bool {
    matches!(&script, b"Zyyy" | b"Zinh" | b"Zzzz")
}

/// The BCP 47 language HarfBuzz is told for a script (it picks language-specific forms by it).
pub fn language_of(script: [u8; 4]) -> &'static str {
    match &script {
        b"Arab" => "ar",
        b"Hebr" => "he",
        b"Deva" => "hi",
        b"Thai" => "th",
        b"Latn" => "en",
        _ => "",
    }
}

/// The items of `text` (one hard line) given each byte's bidi `levels`: `chain` is the fallback chain (primary
/// first) and the colour emoji face, `has(face, c)` whether a face maps `c`, `script_of(c)` a character's script.
pub fn itemize(
    text: &str,
    levels: &[u8],
    (chain, emoji): (&[FaceIndex], Option<FaceIndex>),
    has: impl Fn(FaceIndex, char) -> bool,
    script_of: impl Fn(char) -> [u8; 4],
) -> Vec<Item> {
    let primary = chain.first().copied().unwrap_or(0);
    // Per cluster: start, its own script (neutral when it has none), its face.
    let mut clusters: Vec<(usize, [u8; 4], FaceIndex)> = Vec::new();
    let mut previous_face = primary;
    for (start, cluster) in text.grapheme_indices(true) {
        let script = cluster.chars().map(&script_of).find(|&s| !is_neutral_script(s)).unwrap_or(*b"Zyyy");
        let covers = |face: FaceIndex| cluster.chars().filter(|&c| !is_ignorable(c)).all(|c| has(face, c));
        // A neutral cluster (space, digit, punctuation) stays in the face before it when that face has it, so a
        // space does not split an Arabic phrase into two faces; not in the emoji face, whose space and digits are
        // for its sequences.
        let emoji_first = emoji.filter(|&face| is_emoji(cluster) && covers(face));
        let face = if let Some(face) = emoji_first {
            face
        } else if is_neutral_script(script)
            && previous_face != primary
            && Some(previous_face) != emoji
            && covers(previous_face)
        {
            previous_face
        } else {
            chain.iter().copied().find(|&face| covers(face)).unwrap_or(primary)
        };
        previous_face = face;
        clusters.push((start, script, face));
    }
    // Neutral clusters take the script before them, or the first one after at the start.
    let first_script = clusters.iter().map(|c| c.1).find(|&s| !is_neutral_script(s)).unwrap_or(*b"Zyyy");
    let mut current = first_script;
    for cluster in &mut clusters {
        if is_neutral_script(cluster.1) {
            cluster.1 = current;
        } else {
            current = cluster.1;
        }
    }
    let mut items: Vec<Item> = Vec::new();
    for (i, &(start, script, face)) in clusters.iter().enumerate() {
        let end = clusters.get(i + 1).map_or(text.len(), |c| c.0);
        let level = levels.get(start).copied().unwrap_or(0);
        match items.last_mut() {
            Some(item) if item.level == level && item.face == face && item.script == script => item.bytes.end = end,
            _ => items.push(Item { bytes: start..end, level, face, script }),
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Face 0 has ASCII, face 1 Hebrew and ASCII, face 2 everything.
    fn has(face: FaceIndex, c: char) -> bool {
        match face {
            0 => c.is_ascii(),
            1 => c.is_ascii() || ('\u{590}'..='\u{5FF}').contains(&c),
            _ => true,
        }
    }

    fn script(c: char) -> [u8; 4] {
        if ('\u{590}'..='\u{5FF}').contains(&c) {
            *b"Hebr"
        } else if c.is_ascii_alphabetic() {
            *b"Latn"
        } else if c == '\u{301}' {
            *b"Zinh"
        } else {
            *b"Zyyy"
        }
    }

    #[test]
    fn a_cluster_goes_to_the_first_face_that_has_all_of_it() {
        let text = "ab \u{5e9}\u{5dc} \u{5d5}! e\u{301}";
        let levels = vec![0; text.len()];
        let items = itemize(text, &levels, (&[0, 1, 2], None), has, script);
        let got: Vec<(&str, FaceIndex, [u8; 4])> =
            items.iter().map(|i| (&text[i.bytes.clone()], i.face, i.script)).collect();
        assert_eq!(
            got,
            [
                ("ab ", 0, *b"Latn"),
                ("\u{5e9}\u{5dc} \u{5d5}! ", 1, *b"Hebr"),
                // "e" + U+0301: face 0 lacks the mark, so the whole cluster (the "e" too) goes to face 2.
                ("e\u{301}", 2, *b"Latn"),
            ]
        );
    }
}
