//! How far apart two names are: what a "did you mean" message ranks its suggestions by (a script's widget name, a
//! stylesheet's misspelt type).

/// Levenshtein's distance between `a` and `b`, in characters, one row at a time.
pub fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_insertions_deletions_and_substitutions_in_characters() {
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("buton", "button"), 1);
        assert_eq!(levenshtein("é", "e"), 1);
        assert_eq!(levenshtein("", "abc"), 3);
    }
}
