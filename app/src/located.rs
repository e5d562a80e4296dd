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

    /// Says the message as one line on stderr. A stderr that is closed or full (`2>/dev/full`, a pipe to `head`
    /// that has exited) loses the line and nothing else: `eprintln!` would panic, and a panic there aborts the run.
    pub fn say(&self) {
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), "{self}");
    }

    /// A message at `line` and `col` (from 1) of `file`.
    pub fn at_line(file: &Path, line: usize, col: usize, message: impl Into<String>) -> Located {
        Located { file: file.to_owned(), line: line.max(1), col: col.max(1), message: message.into() }
    }
}

/// The line and column (from 1, the column in characters) of byte `offset` in `source`. A line ends at LF, CRLF
/// or a lone CR (old Mac files, and what KDL and CSS both count as a line end).
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(source.len());
    while !source.is_char_boundary(end) {
        end -= 1;
    }
    let bytes = source.as_bytes();
    let (mut line, mut start) = (1, 0);
    for (i, b) in bytes[..end].iter().enumerate() {
        // The CR of a CRLF is not a line end of its own: its LF is.
        let ends = *b == b'\n' || (*b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
        if ends {
            line += 1;
            start = i + 1;
        }
    }
    // A byte offset on the LF of a CRLF stands on the CR's line, after it.
    let start = start.min(end);
    (line, source[start..end].chars().count() + 1)
}

/// Reads `file` as UTF-8 text of at most `most` bytes. A file that cannot be opened is an error at 1:1; one past
/// `most` bytes at the byte where it passes (only that much is read); one that is not UTF-8 at its first bad byte.
pub fn read_text(file: &Path, most: usize, what: &str) -> Result<String, Located> {
    use std::io::Read;
    let cannot = |e: std::io::Error| Located::at_line(file, 1, 1, format!("cannot read it: {e}"));
    let mut bytes = Vec::new();
    std::fs::File::open(file).and_then(|f| f.take(most as u64 + 1).read_to_end(&mut bytes)).map_err(cannot)?;
    // The place of byte `at`, which ends a valid prefix (the bytes before a bad one, or a character's start).
    let place = |bytes: &[u8], at: usize| {
        let text = String::from_utf8_lossy(&bytes[..at]);
        line_col(&text, text.len())
    };
    if bytes.len() > most {
        // Inside a character: the character itself.
        let mut at = most;
        while at > 0 && bytes[at] & 0xC0 == 0x80 {
            at -= 1;
        }
        let (line, col) = place(&bytes, at);
        let message = format!("{what} is longer than the {} KiB it may be", most / 1024);
        return Err(Located::at_line(file, line, col, message));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        let (line, col) = place(&bytes, at);
        let message = format!("not UTF-8: the byte 0x{:02X} here begins no valid UTF-8 character", bytes[at]);
        Located::at_line(file, line, col, message)
    })
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

    #[test]
    fn a_lone_cr_ends_a_line_and_a_crlf_is_one_line_end() {
        let source = "a\rbc\r\nd\re";
        assert_eq!(line_col(source, 2), (2, 1));
        assert_eq!(line_col(source, 3), (2, 2));
        assert_eq!(line_col(source, 5), (2, 4), "on the LF of a CRLF: still the CR's line");
        assert_eq!(line_col(source, 6), (3, 1));
        assert_eq!(line_col(source, 8), (4, 1));
    }

    #[test]
    fn a_file_that_is_not_utf8_is_refused_at_its_bad_byte() {
        let dir = std::env::temp_dir().join(format!("goldberry-located-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        let file = dir.join("latin1.kdl");
        std::fs::write(&file, b"page title=\"x\" {\r  section \"caf\xe9\"\r}\r").expect("write");
        let e = read_text(&file, 1024, "a document").expect_err("not UTF-8");
        assert_eq!((e.line, e.col), (2, 15), "{e}");
        assert!(e.message.contains("0xE9"), "{e}");
        std::fs::write(&file, "é\n".repeat(600)).expect("write");
        let e = read_text(&file, 1024, "a document").expect_err("too long");
        assert_eq!((e.line, e.col), (342, 1), "{e}");
        assert!(e.message.contains("a document is longer than the 1 KiB"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
