//! KDL 2.0 read into the nodes the document reader walks: each node's name, entries and children, and the byte
//! offset where each starts. The forms documents are written in are read here in one pass over the bytes; anything
//! rarer (multi-line strings, type annotations, whitespace escapes, the newlines and spaces
//! beyond ASCII's) and every syntax error go to the kdl crate, whose parser keeps every space for round trips and
//! takes about ten times as long on the 1,000-widget document (record 23), and which says what is wrong and where.
//! What the two read is the same: the document fuzz compares them on every case the fast reader takes.

use kdl::{KdlDocument, KdlError, KdlValue};

/// A node: its name, its entries in order, and its children if it has a block.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    name: String,
    at: usize,
    entries: Vec<Entry>,
    children: Option<Vec<Node>>,
}

/// An argument (no name) or a property.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    name: Option<String>,
    value: KdlValue,
    at: usize,
}

impl Node {
    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where it starts (its name, or its type annotation), a byte offset.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Its arguments and properties, in the order written.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Its children, if it has a block (which may be empty).
    pub fn children(&self) -> Option<&[Node]> {
        self.children.as_deref()
    }
}

impl Entry {
    /// A property's name; None for an argument.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Its value.
    pub fn value(&self) -> &KdlValue {
        &self.value
    }

    /// Where it starts (a property's name, an argument's value), a byte offset.
    pub fn at(&self) -> usize {
        self.at
    }
}

/// Reads `text`'s top-level nodes: by the fast reader when it takes the text, else by the kdl crate.
pub fn parse(text: &str) -> Result<Vec<Node>, KdlError> {
    match read_fast(text) {
        Some(nodes) => Ok(nodes),
        None => read_by_crate(text),
    }
}

/// The kdl crate's reading of `text`, as nodes.
pub fn read_by_crate(text: &str) -> Result<Vec<Node>, KdlError> {
    let doc: KdlDocument = text.parse()?;
    Ok(from_crate(doc.nodes()))
}

fn from_crate(nodes: &[kdl::KdlNode]) -> Vec<Node> {
    nodes
        .iter()
        .map(|n| Node {
            name: n.name().value().to_owned(),
            at: n.span().offset(),
            entries: n
                .entries()
                .iter()
                .map(|e| Entry {
                    name: e.name().map(|k| k.value().to_owned()),
                    value: e.value().clone(),
                    at: e.span().offset(),
                })
                .collect(),
            children: n.children().map(|d| from_crate(d.nodes())),
        })
        .collect()
}

/// The fast reader's nodes, or None when `text` holds anything it leaves to the crate (see the module docs).
pub fn read_fast(text: &str) -> Option<Vec<Node>> {
    if !plain(text) {
        return None;
    }
    let mut r = Fast { text, bytes: text.as_bytes(), i: 0, depth: 0 };
    let nodes = r.nodes(false)?;
    (r.i == text.len()).then_some(nodes)
}

/// Whether `text` has only characters whose meaning the fast reader knows: no control characters but tab, LF and
/// CR, no byte-order mark, no direction marks (which KDL forbids), and no space or newline beyond ASCII's.
fn plain(text: &str) -> bool {
    text.chars().all(|c| match c {
        '\t' | '\n' | '\r' => true,
        c if c.is_ascii() => !c.is_ascii_control(),
        '\u{85}' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200f}' | '\u{2028}'..='\u{202f}' => false,
        '\u{205f}' | '\u{2066}'..='\u{2069}' | '\u{3000}' | '\u{feff}' => false,
        c => !c.is_control(),
    })
}

/// The fast reader: a cursor over the bytes. Every method returns None where the text leaves the forms it reads.
struct Fast<'t> {
    text: &'t str,
    bytes: &'t [u8],
    i: usize,
    /// How many blocks the cursor is inside.
    depth: usize,
}

/// The deepest block the fast reader enters (a document's own limit, `read::MAX_DEPTH`, is the same): it recurses
/// once a block, and a deeper text is the crate's to refuse after the reader's pre-scan.
const DEEPEST: usize = 64;

/// A byte that cannot stand in a bare identifier (besides spaces and newlines).
fn not_in_identifier(b: u8) -> bool {
    matches!(b, b'\\' | b'/' | b'(' | b')' | b'{' | b'}' | b';' | b'[' | b']' | b'"' | b'#' | b'=')
        || b.is_ascii_whitespace()
}

impl Fast<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<u8> {
        self.bytes.get(self.i + k).copied()
    }

    /// Nodes up to the end (top level) or up to the `}` that closes a block, which is left for the caller.
    fn nodes(&mut self, inner: bool) -> Option<Vec<Node>> {
        let mut out = Vec::new();
        loop {
            self.line_space()?;
            match self.peek() {
                None => return (!inner).then_some(out),
                Some(b'}') => return inner.then_some(out),
                Some(b'/') if self.peek_at(1) == Some(b'-') => {
                    self.i += 2;
                    self.node_space()?;
                    self.node()?;
                    // The crate takes a slashdashed node as the next one's leading space, which a `;` is not.
                    if self.bytes[..self.i].ends_with(b";") {
                        return None;
                    }
                }
                Some(_) => out.push(self.node()?),
            }
        }
    }

    /// Spaces, newlines and comments between nodes.
    fn line_space(&mut self) -> Option<()> {
        loop {
            self.node_space()?;
            match self.peek() {
                Some(b'\n' | b'\r') => {
                    self.newline();
                }
                Some(b'/') if self.peek_at(1) == Some(b'/') => self.line_comment(),
                _ => return Some(()),
            }
        }
    }

    /// Spaces and block comments inside a node; whether there were any.
    fn node_space(&mut self) -> Option<bool> {
        let start = self.i;
        loop {
            match self.peek() {
                Some(b' ' | b'\t') => self.i += 1,
                Some(b'/') if self.peek_at(1) == Some(b'*') => self.block_comment()?,
                Some(b'\\') => self.continuation()?,
                _ => return Some(self.i > start),
            }
        }
    }

    /// A line continuation: `\\`, spaces or block comments, then a newline, a line comment or the end.
    fn continuation(&mut self) -> Option<()> {
        self.i += 1;
        loop {
            match self.peek() {
                Some(b' ' | b'\t') => self.i += 1,
                Some(b'/') if self.peek_at(1) == Some(b'*') => self.block_comment()?,
                Some(b'/') if self.peek_at(1) == Some(b'/') => {
                    self.line_comment();
                    return Some(());
                }
                Some(b'\n' | b'\r') => {
                    self.newline();
                    return Some(());
                }
                None => return Some(()),
                Some(_) => return None,
            }
        }
    }

    /// A `//` comment, through its newline.
    fn line_comment(&mut self) {
        while self.peek().is_some() && !self.newline() {
            self.i += 1;
        }
    }

    /// Steps over the newline at the cursor (LF, CRLF or CR), if there is one.
    fn newline(&mut self) -> bool {
        let len = match (self.peek(), self.peek_at(1)) {
            (Some(b'\r'), Some(b'\n')) => 2,
            (Some(b'\r' | b'\n'), _) => 1,
            _ => 0,
        };
        self.i += len;
        len > 0
    }

    /// A `/* */` comment, which nests.
    fn block_comment(&mut self) -> Option<()> {
        let mut depth = 0usize;
        loop {
            match (self.peek()?, self.peek_at(1)) {
                (b'/', Some(b'*')) => {
                    depth += 1;
                    self.i += 2;
                }
                (b'*', Some(b'/')) => {
                    depth -= 1;
                    self.i += 2;
                    if depth == 0 {
                        return Some(());
                    }
                }
                _ => self.i += 1,
            }
        }
    }

    /// One node, through its terminator (a newline, `;`, a line comment, the end) or up to a closing `}`.
    fn node(&mut self) -> Option<Node> {
        let at = self.i;
        if self.peek() == Some(b'(') {
            return None;
        }
        let name = self.string()?;
        let mut node = Node { name, at, entries: Vec::new(), children: None };
        // Entries stand before every block, a slashdashed one too.
        let mut blocks = false;
        loop {
            let spaced = self.node_space()?;
            match self.peek() {
                None | Some(b'}') => return Some(node),
                Some(b';') => {
                    self.i += 1;
                    return Some(node);
                }
                Some(b'\n' | b'\r') => {
                    self.newline();
                    return Some(node);
                }
                Some(b'/') if self.peek_at(1) == Some(b'/') => {
                    self.line_comment();
                    return Some(node);
                }
                Some(b'/') if self.peek_at(1) == Some(b'-') && spaced => {
                    self.i += 2;
                    self.node_space()?;
                    if self.peek() == Some(b'{') {
                        self.children()?;
                        blocks = true;
                    } else if !blocks {
                        self.entry()?;
                    } else {
                        return None;
                    }
                }
                Some(b'{') if spaced && node.children.is_none() => {
                    node.children = Some(self.children()?);
                    blocks = true;
                }
                Some(_) if spaced && !blocks => {
                    let entry = self.entry()?;
                    node.entries.push(entry);
                }
                Some(_) => return None,
            }
        }
    }

    /// A `{ ... }` block's nodes.
    fn children(&mut self) -> Option<Vec<Node>> {
        if self.depth == DEEPEST {
            return None;
        }
        self.depth += 1;
        self.i += 1;
        let nodes = self.nodes(true)?;
        self.i += 1;
        self.depth -= 1;
        Some(nodes)
    }

    /// An argument or a property.
    fn entry(&mut self) -> Option<Entry> {
        let at = self.i;
        let is_string = match self.peek()? {
            b'"' => true,
            b'#' => matches!(self.peek_at(1), Some(b'"' | b'#')),
            b => !(b.is_ascii_digit() || self.number_starts() || not_in_identifier(b)),
        };
        if !is_string {
            return Some(Entry { name: None, value: self.value()?, at });
        }
        let text = self.string()?;
        let after = self.i;
        self.node_space()?;
        if self.peek() == Some(b'=') {
            self.i += 1;
            self.node_space()?;
            let value = self.value()?;
            return Some(Entry { name: Some(text), value, at });
        }
        self.i = after;
        Some(Entry { name: None, value: KdlValue::String(text), at })
    }

    /// Whether a number starts here: a digit, or a sign before one.
    fn number_starts(&self) -> bool {
        match self.peek() {
            Some(b) if b.is_ascii_digit() => true,
            Some(b'+' | b'-') => self.peek_at(1).is_some_and(|b| b.is_ascii_digit()),
            _ => false,
        }
    }

    /// A value: a string, a number or a keyword.
    fn value(&mut self) -> Option<KdlValue> {
        let value = match self.peek()? {
            b'#' if !matches!(self.peek_at(1), Some(b'"' | b'#')) => self.keyword()?,
            _ if self.number_starts() => self.number()?,
            _ => KdlValue::String(self.string()?),
        };
        self.ends_value().then_some(value)
    }

    /// Whether what follows may follow a value.
    fn ends_value(&self) -> bool {
        match self.peek() {
            None | Some(b' ' | b'\t' | b'\n' | b'\r' | b';' | b'}') => true,
            Some(b'/') => matches!(self.peek_at(1), Some(b'/' | b'*')),
            _ => false,
        }
    }

    /// `#true`, `#false`, `#null`, `#inf`, `#-inf` or `#nan`.
    fn keyword(&mut self) -> Option<KdlValue> {
        let start = self.i + 1;
        let end = (start..self.bytes.len()).find(|&j| not_in_identifier(self.bytes[j])).unwrap_or(self.bytes.len());
        let value = match &self.text[start..end] {
            "true" => KdlValue::Bool(true),
            "false" => KdlValue::Bool(false),
            "null" => KdlValue::Null,
            "inf" => KdlValue::Float(f64::INFINITY),
            "-inf" => KdlValue::Float(f64::NEG_INFINITY),
            "nan" => KdlValue::Float(f64::NAN),
            _ => return None,
        };
        self.i = end;
        Some(value)
    }

    /// A decimal number (with `_`, a fraction and an exponent), or a hexadecimal, octal or binary integer.
    fn number(&mut self) -> Option<KdlValue> {
        let start = self.i;
        let digits = |r: &mut Self, ok: fn(u8) -> bool| -> bool {
            if !r.peek().is_some_and(ok) {
                return false;
            }
            while r.peek().is_some_and(|b| ok(b) || b == b'_') {
                r.i += 1;
            }
            true
        };
        if matches!(self.peek(), Some(b'+' | b'-')) {
            self.i += 1;
        }
        let radix = match (self.peek(), self.peek_at(1)) {
            (Some(b'0'), Some(b'x')) => 16,
            (Some(b'0'), Some(b'o')) => 8,
            (Some(b'0'), Some(b'b')) => 2,
            _ => 10,
        };
        if radix != 10 {
            self.i += 2;
            let ok: fn(u8) -> bool = match radix {
                16 => |b| b.is_ascii_hexdigit(),
                8 => |b| (b'0'..=b'7').contains(&b),
                _ => |b| b == b'0' || b == b'1',
            };
            if !digits(self, ok) {
                return None;
            }
            let written: String = self.text[start..self.i].chars().filter(|&c| c != '_').collect();
            let (sign, rest) = match written.as_bytes()[0] {
                b'-' => (-1, &written[3..]),
                b'+' => (1, &written[3..]),
                _ => (1, &written[2..]),
            };
            return i128::from_str_radix(rest, radix).ok().map(|v| KdlValue::Integer(sign * v));
        }
        // As the crate reads them, each of the integer, fraction and exponent parts must be an i128.
        let fits = |r: &Self, from: usize| {
            r.text[from..r.i].chars().filter(|&c| c != '_').collect::<String>().parse::<i128>().is_ok()
        };
        let unsigned = self.i;
        digits(self, |b| b.is_ascii_digit());
        let mut float = false;
        if !fits(self, unsigned) {
            return None;
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            float = true;
            let from = self.i;
            if !digits(self, |b| b.is_ascii_digit()) || !fits(self, from) {
                return None;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            float = true;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            let from = self.i;
            if !digits(self, |b| b.is_ascii_digit()) || !fits(self, from) {
                return None;
            }
        }
        let written: String = self.text[start..self.i].chars().filter(|&c| c != '_').collect();
        if float {
            written.parse::<f64>().ok().filter(|v| v.is_finite()).map(KdlValue::Float)
        } else {
            written.parse::<i128>().ok().map(KdlValue::Integer)
        }
    }

    /// A string: a bare identifier, a quoted string or a raw one (each on one line).
    fn string(&mut self) -> Option<String> {
        match self.peek()? {
            b'"' => self.quoted(),
            b'#' => self.raw(),
            _ => self.identifier(),
        }
    }

    /// A bare identifier: not a number's start, not a keyword's word, none of the bytes KDL reserves.
    fn identifier(&mut self) -> Option<String> {
        let start = self.i;
        let b = self.bytes;
        let digit_at = |j: usize| b.get(j).is_some_and(u8::is_ascii_digit);
        let numeric = match b.get(start)? {
            c if c.is_ascii_digit() => true,
            b'+' | b'-' => digit_at(start + 1) || (b.get(start + 1) == Some(&b'.') && digit_at(start + 2)),
            b'.' => digit_at(start + 1),
            _ => false,
        };
        if numeric {
            return None;
        }
        let end = (start..b.len()).find(|&j| not_in_identifier(b[j])).unwrap_or(b.len());
        let word = &self.text[start..end];
        if word.is_empty() || matches!(word, "true" | "false" | "null" | "inf" | "-inf" | "nan") {
            return None;
        }
        self.i = end;
        Some(word.to_owned())
    }

    /// `"..."` on one line, with KDL's escapes.
    fn quoted(&mut self) -> Option<String> {
        if self.peek_at(1) == Some(b'"') && self.peek_at(2) == Some(b'"') {
            return None;
        }
        self.i += 1;
        let mut out = String::new();
        loop {
            let run = self.i;
            while self.peek().is_some_and(|b| !matches!(b, b'"' | b'\\' | b'\n' | b'\r')) {
                self.i += 1;
            }
            out.push_str(&self.text[run..self.i]);
            match self.peek()? {
                b'"' => {
                    self.i += 1;
                    return Some(out);
                }
                b'\\' => {
                    let (c, len) = match self.peek_at(1)? {
                        b'n' => ('\n', 2),
                        b'r' => ('\r', 2),
                        b't' => ('\t', 2),
                        b'\\' => ('\\', 2),
                        b'"' => ('"', 2),
                        b'b' => ('\u{8}', 2),
                        b'f' => ('\u{c}', 2),
                        b's' => (' ', 2),
                        b'u' => self.unicode_escape()?,
                        _ => return None,
                    };
                    out.push(c);
                    self.i += len;
                }
                _ => return None,
            }
        }
    }

    /// The `\u{...}` escape at the cursor (one to six hex digits of a scalar value) and its length in bytes.
    fn unicode_escape(&self) -> Option<(char, usize)> {
        if self.peek_at(2) != Some(b'{') {
            return None;
        }
        let start = self.i + 3;
        let len = self.bytes[start..].iter().take(7).position(|&b| b == b'}')?;
        let hex = &self.text[start..start + len];
        if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
        Some((c, 3 + len + 1))
    }

    /// `#"..."#` (with as many `#` on each side) on one line, taken as written.
    fn raw(&mut self) -> Option<String> {
        let hashes = self.bytes[self.i..].iter().take_while(|&&b| b == b'#').count();
        let open = self.i + hashes;
        if self.bytes.get(open) != Some(&b'"') || self.bytes.get(open + 1..open + 3) == Some(b"\"\"") {
            return None;
        }
        let body = open + 1;
        let mut j = body;
        loop {
            match self.bytes.get(j)? {
                b'\n' | b'\r' => return None,
                b'"' if self.bytes.get(j + 1..j + 1 + hashes).is_some_and(|h| h.iter().all(|&b| b == b'#')) => {
                    let text = self.text[body..j].to_owned();
                    self.i = j + 1 + hashes;
                    return Some(text);
                }
                _ => j += 1,
            }
        }
    }
}
