//! A text as its hard lines, kept in step with an editor's text by each edit and held in shared blocks of lines:
//! a screen reader's node takes the text by sharing it, not by copying it, and tells the lines an edit changed by
//! the blocks that are new (issue 44: a keystroke in a 1 MiB area must not send, nor copy, 1 MiB).

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// The most lines a block is cut with: an edit copies its block's text (about 4 KB of 60-character lines) and the
/// list of blocks (a 1 MiB text has about 270).
const BLOCK_LINES: usize = 64;

/// A text's lines: each ends with its `\n`, and the last is what follows the last `\n` (empty when the text ends
/// with one, or is empty: a caret stands there), as AT-SPI counts lines.
#[derive(Clone)]
pub struct Lines {
    places: Arc<Vec<Place>>,
    /// The text's length in bytes.
    bytes: usize,
    /// How many lines it has.
    count: usize,
}

/// A block and where it stands in the text.
#[derive(Debug, Clone)]
struct Place {
    /// The text's byte its first line starts at.
    byte: usize,
    /// Its first line's index in the text.
    line: usize,
    block: Arc<Block>,
}

/// Whole lines of the text, side by side.
#[derive(Debug, PartialEq, Eq)]
struct Block {
    text: String,
    /// Where each line starts in `text`.
    starts: Vec<usize>,
}

impl Block {
    fn line(&self, i: usize) -> &str {
        &self.text[self.starts[i]..self.starts.get(i + 1).copied().unwrap_or(self.text.len())]
    }
}

impl Default for Lines {
    fn default() -> Lines {
        Lines::of("")
    }
}

impl Lines {
    /// The lines of `text`.
    pub fn of(text: &str) -> Lines {
        let places = cut(text, 0, 0, true);
        let count = places.last().map_or(0, |p| p.line + p.block.starts.len());
        Lines { places: Arc::new(places), bytes: text.len(), count }
    }

    /// How many lines there are (at least one).
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the text is empty (it is still one empty line).
    pub fn is_empty(&self) -> bool {
        self.bytes == 0
    }

    /// Line `i` with its `\n`; empty past the last.
    pub fn line(&self, i: usize) -> &str {
        let k = self.places.partition_point(|p| p.line <= i).saturating_sub(1);
        match self.places.get(k) {
            Some(p) if i - p.line < p.block.starts.len() => p.block.line(i - p.line),
            _ => "",
        }
    }

    /// The byte line `i` starts at (the text's length past the last).
    pub fn start(&self, i: usize) -> usize {
        let k = self.places.partition_point(|p| p.line <= i).saturating_sub(1);
        match self.places.get(k) {
            Some(p) if i - p.line < p.block.starts.len() => p.byte + p.block.starts[i - p.line],
            _ => self.bytes,
        }
    }

    /// The line holding byte `at` (a byte just past a `\n` starts the next line) and the byte it starts at.
    pub fn line_at(&self, at: usize) -> (usize, usize) {
        let k = self.block_at(at);
        let p = &self.places[k];
        let within = p.block.starts.partition_point(|s| p.byte + s <= at).saturating_sub(1);
        (p.line + within, p.byte + p.block.starts[within])
    }

    /// Every line, first to last.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.places.iter().flat_map(|p| (0..p.block.starts.len()).map(move |i| p.block.line(i)))
    }

    /// Whether these are `other`, shared: no edit came between them.
    pub fn same(&self, other: &Lines) -> bool {
        Arc::ptr_eq(&self.places, &other.places)
    }

    /// Whether these are the lines of `text`.
    pub fn is(&self, text: &str) -> bool {
        self.bytes == text.len() && {
            let mut rest = text.as_bytes();
            self.places.iter().all(|p| match rest.split_at_checked(p.block.text.len()) {
                Some((head, tail)) if head == p.block.text.as_bytes() => {
                    rest = tail;
                    true
                }
                _ => false,
            })
        }
    }

    /// The index of the block holding byte `at`: the last that starts at or before it.
    fn block_at(&self, at: usize) -> usize {
        self.places.partition_point(|p| p.byte <= at).saturating_sub(1)
    }

    /// Keeps the lines in step with their text after an edit: `text` is the text after it, whose bytes
    /// `at..at + removed` became `inserted` bytes. Only the blocks the edit touched are cut again.
    pub fn splice(&mut self, text: &str, at: usize, removed: usize, inserted: usize) {
        let (first, last) = (self.block_at(at), self.block_at(at + removed));
        let places = Arc::make_mut(&mut self.places);
        let whole = last + 1 == places.len();
        let (start, line) = (places[first].byte, places[first].line);
        let (old_end, old_lines_end) = match places.get(last + 1) {
            Some(next) => (next.byte, next.line),
            None => (self.bytes, self.count),
        };
        let new_end = old_end - removed + inserted;
        let cut = cut(&text[start..new_end], start, line, whole);
        let new_lines_end = cut.last().map_or(line, |p| p.line + p.block.starts.len());
        let made = cut.len();
        places.splice(first..=last, cut);
        for p in &mut places[first + made..] {
            p.byte = p.byte + new_end - old_end;
            p.line = p.line + new_lines_end - old_lines_end;
        }
        self.bytes = text.len();
        self.count = self.count + new_lines_end - old_lines_end;
    }

    /// The lines that differ from `old`'s: (their range in `old`, their range in these), the lines before and after
    /// them being the same; None when the two are the same lines. Blocks both share are not looked into.
    pub fn changed_since(&self, old: &Lines) -> Option<(Range<usize>, Range<usize>)> {
        if self.same(old) {
            return None;
        }
        let (a, b) = (&old.places, &self.places);
        let same = |x: &Place, y: &Place| Arc::ptr_eq(&x.block, &y.block);
        let front = a.iter().zip(b.iter()).take_while(|(x, y)| same(x, y) && x.line == y.line).count();
        let room = a.len().min(b.len()) - front;
        let back = a.iter().rev().zip(b.iter().rev()).take(room).take_while(|(x, y)| same(x, y)).count();
        // The lines of the blocks between, narrowed to those whose text differs.
        let line_of = |places: &[Place], k: usize, count: usize| places.get(k).map_or(count, |p| p.line);
        let (mut o, mut n) = (
            line_of(a, front, old.count)..line_of(a, a.len() - back, old.count),
            line_of(b, front, self.count)..line_of(b, b.len() - back, self.count),
        );
        while !o.is_empty() && !n.is_empty() && old.line(o.start) == self.line(n.start) {
            (o.start, n.start) = (o.start + 1, n.start + 1);
        }
        while !o.is_empty() && !n.is_empty() && old.line(o.end - 1) == self.line(n.end - 1) {
            (o.end, n.end) = (o.end - 1, n.end - 1);
        }
        (!o.is_empty() || !n.is_empty()).then_some((o, n))
    }
}

/// `text`, standing at byte `byte` and line `line` of a whole, as blocks of lines; `to_end` when it runs to the
/// whole's end, so that what follows its last `\n` is a line too.
fn cut(text: &str, byte: usize, line: usize, to_end: bool) -> Vec<Place> {
    let mut starts: Vec<usize> = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
    if !to_end && starts.len() > 1 {
        // A part that stops before the whole's end stops after a `\n`: no line starts there.
        starts.pop();
    }
    starts
        .chunks(BLOCK_LINES)
        .enumerate()
        .map(|(k, chunk)| {
            let from = chunk[0];
            let to = starts.get((k + 1) * BLOCK_LINES).copied().unwrap_or(text.len());
            let block = Block { text: text[from..to].to_owned(), starts: chunk.iter().map(|s| s - from).collect() };
            Place { byte: byte + from, line: line + k * BLOCK_LINES, block: Arc::new(block) }
        })
        .collect()
}

impl PartialEq for Lines {
    fn eq(&self, other: &Lines) -> bool {
        Arc::ptr_eq(&self.places, &other.places)
            || (self.bytes == other.bytes && self.count == other.count && self.iter().eq(other.iter()))
    }
}

impl fmt::Debug for Lines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lines({} lines, {} bytes)", self.count, self.bytes)
    }
}

impl fmt::Display for Lines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.places.iter().try_for_each(|p| f.write_str(&p.block.text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(lines: &Lines, text: &str) {
        assert_eq!(lines.to_string(), text);
        assert!(lines.is(text));
        let want: Vec<&str> = {
            let mut v: Vec<&str> = text.split_inclusive('\n').collect();
            if text.is_empty() || text.ends_with('\n') {
                v.push("");
            }
            v
        };
        assert_eq!(lines.iter().collect::<Vec<_>>(), want, "{text:?}");
        assert_eq!(lines.len(), want.len());
        for (i, l) in want.iter().enumerate() {
            assert_eq!(lines.line(i), *l);
            assert_eq!(lines.start(i), want[..i].concat().len(), "line {i}'s start in {text:?}");
        }
        assert_eq!(lines.start(want.len()), text.len(), "past the last line");
        for b in 0..=text.len() {
            let head = &text.as_bytes()[..b];
            let line = head.iter().filter(|c| **c == b'\n').count();
            let start = head.iter().rposition(|c| *c == b'\n').map_or(0, |i| i + 1);
            assert_eq!(lines.line_at(b), (line, start), "byte {b} of {text:?}");
        }
    }

    /// A small random generator, so the sweep needs no crate.
    struct Seq(u64);
    impl Seq {
        fn next(&mut self, below: usize) -> usize {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % below.max(1)
        }
    }

    #[test]
    fn random_edits_keep_the_lines_those_of_the_text_and_name_the_lines_they_changed() {
        let mut seq = Seq(7);
        let pieces = ["", "a", "\n", "xy\nz", "\n\n", "é\n", "long line of words\n"];
        for _ in 0..200 {
            let mut text: String = (0..seq.next(400)).map(|_| pieces[seq.next(pieces.len())]).collect();
            let mut lines = Lines::of(&text);
            check(&lines, &text);
            for _ in 0..30 {
                let before = lines.clone();
                let old = text.clone();
                let mut at = seq.next(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                let mut end = (at + seq.next(12)).min(text.len());
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                let with: String = (0..seq.next(4)).map(|_| pieces[seq.next(pieces.len())]).collect();
                text.replace_range(at..end, &with);
                lines.splice(&text, at, end - at, with.len());
                check(&lines, &text);
                let fresh = Lines::of(&text);
                assert_eq!(lines, fresh);
                match lines.changed_since(&before) {
                    None => assert_eq!(old, text),
                    Some((o, n)) => {
                        // Outside the ranges the lines are the same; each range's ends differ or are empty.
                        assert_eq!(o.start, n.start);
                        assert_eq!(before.len() - o.end, lines.len() - n.end);
                        let head: Vec<&str> = lines.iter().take(n.start).collect();
                        assert_eq!(head, before.iter().take(o.start).collect::<Vec<_>>());
                        let tail: Vec<&str> = lines.iter().skip(n.end).collect();
                        assert_eq!(tail, before.iter().skip(o.end).collect::<Vec<_>>());
                        let changed: String = (n.start..n.end).map(|i| lines.line(i)).collect();
                        let was: String = (o.start..o.end).map(|i| before.line(i)).collect();
                        assert_ne!(changed, was, "a changed range whose lines are the old ones");
                    }
                }
            }
        }
    }

    #[test]
    fn a_keystroke_in_a_long_text_makes_one_block_anew() {
        let text = "The quick brown fox jumps over the lazy dog, again and again\n".repeat(17_000);
        let mut lines = Lines::of(&text);
        let before = lines.clone();
        let mut typed = text.clone();
        let at = 61 * 8_500 + 10;
        typed.insert(at, 'x');
        lines.splice(&typed, at, 0, 1);
        let fresh = before.places.iter().zip(lines.places.iter()).filter(|(a, b)| !Arc::ptr_eq(&a.block, &b.block));
        assert_eq!(fresh.count(), 1);
        assert_eq!(lines.changed_since(&before), Some((8_500..8_501, 8_500..8_501)));
    }
}
