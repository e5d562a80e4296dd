//! A KDL node's arguments and properties as a widget reads them: each read marks the entry used, and what is
//! left unread at the end is an unknown property, an error at its place.

use std::collections::HashMap;
use std::path::Path;

use kdl::KdlValue;

use super::syntax::{Entry, Node};

use crate::located::Located;

/// Interns a document's strings: a widget's labels are `&'static str`, so each distinct string of a load is
/// leaked once (documents are few, and a reload of the same text finds its strings again).
#[derive(Debug, Default)]
pub struct Interner {
    strings: HashMap<String, &'static str>,
}

impl Interner {
    /// `text` for the life of the process.
    pub fn intern(&mut self, text: &str) -> &'static str {
        if let Some(s) = self.strings.get(text) {
            return s;
        }
        let leaked: &'static str = Box::leak(text.to_owned().into_boxed_str());
        self.strings.insert(text.to_owned(), leaked);
        leaked
    }

    /// `items` as a slice for the life of the process (a radio group's options).
    pub fn list(&mut self, items: &[&'static str]) -> &'static [&'static str] {
        Box::leak(items.to_vec().into_boxed_slice())
    }
}

/// Where a document is read from, to locate its errors.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The file.
    pub file: &'a Path,
    /// Its text.
    pub text: &'a str,
}

impl Source<'_> {
    /// An error at byte `offset`.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> Located {
        Located::at(self.file, self.text, offset, message)
    }
}

/// One node's entries, read one by one.
pub struct Props<'n> {
    node: &'n Node,
    args: Vec<&'n Entry>,
    named: Vec<(&'n str, &'n Entry, bool)>,
    next_arg: usize,
    /// The index of the `repeat` this node stands in: `{n}` in its strings becomes it.
    pub n: Option<usize>,
}

impl<'n> Props<'n> {
    /// The entries of `node`.
    pub fn of(node: &'n Node, n: Option<usize>) -> Props<'n> {
        let mut args = Vec::new();
        let mut named = Vec::new();
        for e in node.entries() {
            match e.name() {
                Some(name) => named.push((name, e, false)),
                None => args.push(e),
            }
        }
        Props { node, args, named, next_arg: 0, n }
    }

    /// The node's name.
    pub fn kind(&self) -> &'n str {
        self.node.name()
    }

    /// Where the node starts.
    pub fn at(&self) -> usize {
        self.node.at()
    }

    /// Property `name`'s entry, marked as read (the last one wins, as KDL says).
    pub fn entry(&mut self, name: &str) -> Option<&'n Entry> {
        let mut found = None;
        for (n, e, used) in &mut self.named {
            if *n == name {
                *used = true;
                found = Some(*e);
            }
        }
        found
    }

    /// Whether property `name` was read already (a widget's own `width` keeps its meaning over the layout's).
    pub fn was_read(&self, name: &str) -> bool {
        self.named.iter().any(|(n, _, used)| *n == name && *used)
    }

    /// The next positional argument.
    pub fn next_arg(&mut self) -> Option<&'n Entry> {
        let e = self.args.get(self.next_arg).copied();
        self.next_arg += e.is_some() as usize;
        e
    }

    fn text(&self, s: &str) -> String {
        match self.n {
            Some(n) => s.replace("{n}", &n.to_string()),
            None => s.to_owned(),
        }
    }

    /// A string entry's text (`{n}` replaced), or an error naming what it is.
    pub fn string_of(&self, src: &Source<'_>, e: &Entry, what: &str) -> Result<String, Located> {
        match e.value() {
            KdlValue::String(s) => Ok(self.text(s)),
            other => Err(src.error(e.at(), format!("{what} must be a string, not {other}"))),
        }
    }

    /// Property `name` as a string.
    pub fn string(&mut self, src: &Source<'_>, name: &str) -> Result<Option<String>, Located> {
        match self.entry(name) {
            Some(e) => Ok(Some(self.string_of(src, e, &format!("`{name}`"))?)),
            None => Ok(None),
        }
    }

    /// The next argument as a string; `what` names it in the error when it is missing.
    pub fn required_arg(&mut self, src: &Source<'_>, what: &str) -> Result<String, Located> {
        let at = self.at();
        let kind = self.kind();
        match self.next_arg() {
            Some(e) => self.string_of(src, e, what),
            None => Err(src.error(at, format!("a `{kind}` needs its {what} as its first argument"))),
        }
    }

    /// Every argument left, as strings.
    pub fn rest_args(&mut self, src: &Source<'_>, what: &str) -> Result<Vec<String>, Located> {
        let mut out = Vec::new();
        while let Some(e) = self.next_arg() {
            out.push(self.string_of(src, e, what)?);
        }
        Ok(out)
    }

    /// Property `name` as a finite number in `range`.
    pub fn number(
        &mut self,
        src: &Source<'_>,
        name: &str,
        range: std::ops::RangeInclusive<f64>,
    ) -> Result<Option<f64>, Located> {
        let Some(e) = self.entry(name) else { return Ok(None) };
        let v = match e.value() {
            KdlValue::Integer(i) => *i as f64,
            KdlValue::Float(f) => *f,
            other => return Err(src.error(e.at(), format!("`{name}` must be a number, not {other}"))),
        };
        if !v.is_finite() || !range.contains(&v) {
            let (lo, hi) = (range.start(), range.end());
            return Err(src.error(e.at(), format!("`{name}` must be from {lo} to {hi}, not {v}")));
        }
        Ok(Some(v))
    }

    /// Property `name` as a whole number in `range`.
    pub fn whole(
        &mut self,
        src: &Source<'_>,
        name: &str,
        range: std::ops::RangeInclusive<i64>,
    ) -> Result<Option<i64>, Located> {
        let Some(e) = self.entry(name) else { return Ok(None) };
        match e.value() {
            KdlValue::Integer(i) if (*range.start() as i128..=*range.end() as i128).contains(i) => Ok(Some(*i as i64)),
            other => {
                let (lo, hi) = (range.start(), range.end());
                Err(src.error(e.at(), format!("`{name}` must be a whole number from {lo} to {hi}, not {other}")))
            }
        }
    }

    /// Property `name` as one of `keywords`' strings, each with its value; any other value is an error that names
    /// them all.
    pub fn keyword<T: Copy>(
        &mut self,
        src: &Source<'_>,
        name: &str,
        keywords: &[(&str, T)],
    ) -> Result<Option<T>, Located> {
        let Some(e) = self.entry(name) else { return Ok(None) };
        let found = match e.value() {
            KdlValue::String(s) => keywords.iter().find(|(k, _)| k == s),
            _ => None,
        };
        match found {
            Some((_, value)) => Ok(Some(*value)),
            None => {
                let names: Vec<&str> = keywords.iter().map(|(k, _)| *k).collect();
                let expected = match names.split_last() {
                    Some((last, [])) => (*last).to_owned(),
                    Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                    None => String::new(),
                };
                let given = match e.value() {
                    KdlValue::String(s) => format!("`{s}`"),
                    other => other.to_string(),
                };
                Err(src.error(e.at(), format!("`{name}` must be {expected}, not {given}")))
            }
        }
    }

    /// Property `name` as `#true` or `#false`.
    pub fn flag(&mut self, src: &Source<'_>, name: &str) -> Result<bool, Located> {
        let Some(e) = self.entry(name) else { return Ok(false) };
        match e.value() {
            KdlValue::Bool(b) => Ok(*b),
            other => Err(src.error(e.at(), format!("`{name}` must be #true or #false, not {other}"))),
        }
    }

    /// Property `name` as a test a person is told about: `#true` says `default`, a string says itself, `#false`
    /// or no property is no test.
    pub fn told(&mut self, src: &Source<'_>, name: &str, default: &str) -> Result<Option<String>, Located> {
        let Some(e) = self.entry(name) else { return Ok(None) };
        match e.value() {
            KdlValue::Bool(true) => Ok(Some(default.to_owned())),
            KdlValue::Bool(false) => Ok(None),
            KdlValue::String(_) => self.string_of(src, e, &format!("`{name}`")).map(Some),
            other => Err(src.error(e.at(), format!("`{name}` must be #true, #false or its message, not {other}"))),
        }
    }

    /// The end of reading: an entry nobody read is an error at its place.
    pub fn finish(self, src: &Source<'_>) -> Result<(), Located> {
        let kind = self.kind();
        if let Some(e) = self.args.get(self.next_arg) {
            return Err(src.error(e.at(), format!("a `{kind}` takes no argument {}", e.value())));
        }
        match self.named.iter().find(|(_, _, used)| !used) {
            Some((name, e, _)) => Err(src.error(e.at(), format!("unknown property `{name}` of `{kind}`"))),
            None => Ok(()),
        }
    }
}
