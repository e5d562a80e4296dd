//! An error in a file a person wrote, at the place they wrote it: `FILE:LINE:COL: message`, as rustc and CSS
//! tools print it, so that the first thing read is where to look.

use std::fmt;
use std::path::{Path, PathBuf};

/// A message about a place in a source file (lines and columns from 1; a column counts characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Located {
    /// The file, as the person named it.
    pub file: PathBuf,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub col: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file.display(), self.line, self.col, self.message)
    }
}

impl Located {
    /// A message about byte `offset` of `source`, read from `file` (an offset past the end, or inside a character,
    /// is taken to the character before it, so a parser's off-by-one never panics here).
    pub fn at(file: &Path, source: &str, offset: usize, message: impl Into<String>) -> Located {
        let (line, col) = line_col(source, offset);
        Located { file: file.to_owned(), line, col, message: message.into() }
    }

    /// A message at `line` and `col` (from 1) of `file`.
    pub fn at_line(file: &Path, line: usize, col: usize, message: impl Into<String>) -> Located {
        Located { file: file.to_owned(), line: line.max(1), col: col.max(1), message: message.into() }
    }
}

/// The line and column (from 1, the column in characters) of byte `offset` in `source`.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(source.len());
    while !source.is_char_boundary(end) {
        end -= 1;
    }
    let before = &source[..end];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns_in_characters() {
        let source = "ab\ncdé f\n";
        assert_eq!(line_col(source, 0), (1, 1));
        assert_eq!(line_col(source, 3), (2, 1));
        // `é` is two bytes: the space after it is the fourth character.
        assert_eq!(line_col(source, 7), (2, 4));
        assert_eq!(line_col(source, 6), (2, 3), "inside a character: the character itself");
        assert_eq!(line_col(source, 999), (3, 1));
        let e = Located::at(Path::new("a.kdl"), source, 3, "unknown widget `x`");
        assert_eq!(e.to_string(), "a.kdl:2:1: unknown widget `x`");
    }
}
