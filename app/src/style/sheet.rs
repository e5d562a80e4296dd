//! Reading a stylesheet: rules of comma-separated selectors and a block of declarations. As CSS does, what
//! cannot be used is skipped and the rest loads: a rule whose selector is bad is skipped whole, a declaration
//! whose property is unknown or whose value is bad is skipped alone, and each skip is one warning
//! `FILE:LINE:COL: message`. A value that calls `var()` is read when an element's custom properties are known
//! ([`super::cascade`]).

use std::path::{Path, PathBuf};

use cssparser::{BasicParseErrorKind, Delimiter, ParseError, ParseErrorKind, Parser, Token};

use super::colour::describe;
use super::selector::{Combinator, Compound, Selector, Specificity, States};
use super::value::{self, Prop, Value};
use super::vars;
use crate::distance::levenshtein;
use crate::located::Located;

/// What one declaration says.
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    /// A custom property, `--name: text` (its text is kept as written; `var()` reads it).
    Custom(String, String),
    /// A property and its value, read as the sheet loaded.
    Value(Prop, Value),
    /// A property whose value calls `var()`: read for each element.
    Deferred(Prop, String),
}

/// One declaration and where it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Declaration {
    /// What it says.
    pub said: Said,
    /// Its byte offset in the sheet.
    pub at: usize,
}

/// A rule: its selectors, each with its specificity, and its declarations in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// The selectors (any one of them selects the rule).
    pub selectors: Vec<(Selector, Specificity)>,
    /// The declarations.
    pub declarations: Vec<Declaration>,
}

/// A stylesheet as loaded.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stylesheet {
    /// The file it was read from (warnings name it).
    pub file: PathBuf,
    /// Its text (a warning found later, at a `var()`, is located in it).
    pub source: String,
    /// Its rules in source order.
    pub rules: Vec<Rule>,
}

/// A message and the byte offset it is about (cssparser's errors carry no place of their own).
#[derive(Debug, Clone)]
struct Msg {
    at: usize,
    text: String,
}

type Error = ParseError<Msg>;

/// An error about byte `at`.
fn fail(at: usize, text: impl Into<String>) -> Error {
    ParseError::custom(Msg { at, text: text.into() })
}

/// Where `p` stands, in bytes.
fn here(p: &Parser<'_>) -> usize {
    p.position().byte_index()
}

/// The most bytes a stylesheet may hold.
pub const MAX_BYTES: usize = 1024 * 1024;
/// The deepest a stylesheet's blocks, parentheses and brackets may nest: a rule's block holding `rgb()` is two, and
/// `var()` fallbacks, which are read by recursion, add one each.
pub const MAX_DEPTH: usize = 32;

impl Stylesheet {
    /// Reads `source`, from `file`, as a person's stylesheet for elements of `types` (a document's: `page`,
    /// `section`, `row` and its widgets' kinds): one past [`MAX_BYTES`] or nested past [`MAX_DEPTH`] is refused
    /// whole, at its place; otherwise as [`Stylesheet::parse`], and a rule whose type selector names no type of
    /// `types` (`buton`) is skipped with a warning that names the nearest.
    pub fn read(file: &Path, source: &str, types: &[&str]) -> Result<(Stylesheet, Vec<Located>), Located> {
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        if source.len() > MAX_BYTES {
            let message = format!("a stylesheet is longer than the {} KiB it may be", MAX_BYTES / 1024);
            return Err(Located::at(file, source, MAX_BYTES, message));
        }
        if let Some(at) = too_deep(source) {
            let message = format!("blocks and brackets nest deeper than {MAX_DEPTH} levels here");
            return Err(Located::at(file, source, at, message));
        }
        Ok(Stylesheet::parse_for(file, source, Some(types)))
    }

    /// Reads `source`, from `file`; the warnings are what was skipped, in source order. A byte order mark is not
    /// part of the first rule's selector.
    pub fn parse(file: &Path, source: &str) -> (Stylesheet, Vec<Located>) {
        Stylesheet::parse_for(file, source, None)
    }

    /// [`Stylesheet::parse`], its type selectors checked against `types` if given.
    fn parse_for(file: &Path, source: &str, types: Option<&[&str]>) -> (Stylesheet, Vec<Located>) {
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        let mut p = Parser::new(source);
        let mut rules = Vec::new();
        let mut warnings = Vec::new();
        let warn = |warnings: &mut Vec<Located>, at: usize, message: String| {
            warnings.push(Located::at(file, source, at, message));
        };
        loop {
            p.skip_whitespace();
            if p.is_exhausted() {
                break;
            }
            let start = p.position().byte_index();
            let at_rule = p.try_parse(|p| match p.next() {
                Ok(Token::AtKeyword(name)) => Ok(name.clone()),
                _ => Err(()),
            });
            if let Ok(name) = at_rule {
                // At-rules are not in the subset: skip to the end of the statement or its block.
                let _ = p.parse_until_after(Delimiter::Semicolon | Delimiter::CurlyBracketBlock, |p| {
                    while p.next().is_ok() {}
                    Ok::<_, Error>(())
                });
                warn(&mut warnings, start, format!("`@{name}` is not supported; the rule is skipped"));
                continue;
            }
            let selectors = p.parse_until_before(Delimiter::CurlyBracketBlock, |p| selector_list(p, types));
            let block_at = p.position().byte_index();
            if !matches!(p.next(), Ok(Token::CurlyBracketBlock)) {
                warn(&mut warnings, block_at, "expected `{` and the rule's declarations".to_owned());
                break;
            }
            match selectors {
                Ok(selectors) => {
                    let declarations = p
                        .parse_nested_block(|p| Ok::<_, Error>(declarations(p, file, source, &mut warnings)))
                        .unwrap_or_default();
                    rules.push(Rule { selectors, declarations });
                }
                Err(e) => {
                    let (at, text) = message(e, start);
                    warn(&mut warnings, at, format!("{text}; the rule is skipped"));
                }
            }
            if p.position().byte_index() == start {
                break;
            }
        }
        (Stylesheet { file: file.to_owned(), source: source.to_owned(), rules }, warnings)
    }
}

impl Stylesheet {
    /// Every pseudo-class some selector asks about: a state no rule names cannot change a style, so a page need
    /// not find out whether its widgets are in it.
    pub fn states_asked(&self) -> States {
        let compounds = self
            .rules
            .iter()
            .flat_map(|r| &r.selectors)
            .flat_map(|(s, _)| std::iter::once(&s.first).chain(s.rest.iter().map(|(_, c)| c)));
        compounds.fold(States::NONE, |all, c| all.with(c.states))
    }
}

/// The byte offset of the first `{`, `(` or `[` that nests past [`MAX_DEPTH`], outside strings and comments.
fn too_deep(source: &str) -> Option<usize> {
    let bytes = source.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            quote @ (b'"' | b'\'') => {
                i += 1;
                while i < bytes.len() && bytes[i] != quote {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i += 1;
            }
            b'{' | b'(' | b'[' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            b'}' | b')' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The place and message of a parse error (a basic error, which says nothing of where, is put at `start`).
fn message(e: Error, start: usize) -> (usize, String) {
    match e.kind {
        ParseErrorKind::Custom(m) => (m.at, m.text),
        ParseErrorKind::Basic(BasicParseErrorKind::EndOfInput) => (start, "unexpected end".to_owned()),
        ParseErrorKind::Basic(other) => (start, other.to_string()),
    }
}

/// `a, b > c, .x:hover`: every selector of a rule.
fn selector_list<'i>(p: &mut Parser<'i>, types: Option<&[&str]>) -> Result<Vec<(Selector, Specificity)>, Error> {
    /// A selector being read: what it has so far, the compound being read, and the combinator before it.
    #[derive(Default)]
    struct Reading {
        selector: Option<Selector>,
        compound: Option<Compound>,
        pending: Option<Combinator>,
    }
    impl Reading {
        /// Ends the compound being read: it joins the selector by the combinator pending before it.
        fn end_compound(&mut self) {
            let Some(c) = self.compound.take() else { return };
            match &mut self.selector {
                None => self.selector = Some(Selector { first: c, rest: Vec::new() }),
                Some(s) => s.rest.push((self.pending.take().unwrap_or(Combinator::Descendant), c)),
            }
        }

        /// The selector read, if it is whole (not empty, not ending in `>`).
        fn done(&mut self) -> Option<(Selector, Specificity)> {
            self.end_compound();
            let pending = self.pending.take();
            let s = self.selector.take().filter(|_| pending != Some(Combinator::Child))?;
            let spec = s.specificity();
            Some((s, spec))
        }
    }
    let whole = "an empty selector, or one ending in `>`";
    let mut list = Vec::new();
    let mut r = Reading::default();
    loop {
        let at = here(p);
        let Ok(token) = p.next_including_whitespace().cloned() else { break };
        match token {
            Token::WhiteSpace(_) => {
                r.end_compound();
                if r.selector.is_some() && r.pending.is_none() {
                    r.pending = Some(Combinator::Descendant);
                }
            }
            Token::Delim('>') => {
                r.end_compound();
                if r.selector.is_none() || r.pending == Some(Combinator::Child) {
                    return Err(fail(at, "a `>` with no compound before it".to_owned()));
                }
                r.pending = Some(Combinator::Child);
            }
            Token::Comma => list.push(r.done().ok_or_else(|| fail(at, whole.to_owned()))?),
            _ if glued_start(&token) => {
                simple(p, at, token, types, r.compound.get_or_insert_with(Compound::default))?;
            }
            other => {
                let found = describe(&other);
                return Err(fail(at, format!("`{found}` is not a selector this subset knows")));
            }
        }
    }
    list.push(r.done().ok_or_else(|| fail(here(p), whole.to_owned()))?);
    Ok(list)
}

/// Whether `token` begins or continues a compound.
fn glued_start(token: &Token<'_>) -> bool {
    matches!(token, Token::Ident(_) | Token::Delim('*' | '.') | Token::IDHash(_) | Token::Hash(_) | Token::Colon)
}

/// One simple selector into `compound`.
fn simple<'i>(
    p: &mut Parser<'i>,
    at: usize,
    token: Token<'i>,
    types: Option<&[&str]>,
    compound: &mut Compound,
) -> Result<(), Error> {
    match token {
        Token::Ident(name) => {
            if compound.kind.is_some() || !compound.classes.is_empty() || compound.id.is_some() {
                return Err(fail(at, format!("the type `{name}` must come first in its compound")));
            }
            let kind = name.to_ascii_lowercase();
            if let Some(types) = types
                && !types.contains(&kind.as_str())
            {
                return Err(fail(at, format!("no element is a `{kind}` (nearest: {})", nearest(types, &kind))));
            }
            compound.kind = Some(kind);
        }
        Token::Delim('*') => {}
        Token::Delim('.') => match p.next_including_whitespace() {
            Ok(Token::Ident(class)) => {
                let class = class.to_string();
                compound.classes.push(class);
            }
            _ => return Err(fail(at, "expected a class name after `.`".to_owned())),
        },
        Token::IDHash(id) => compound.id = Some(id.to_string()),
        Token::Hash(id) => return Err(fail(at, format!("`#{id}` is not an id (it starts with a digit)"))),
        Token::Colon => match p.next_including_whitespace() {
            Ok(Token::Ident(name)) => {
                let name = name.to_ascii_lowercase();
                let Some((_, state)) = States::NAMED.iter().find(|(n, _)| *n == name) else {
                    return Err(fail(at, format!("unknown pseudo-class `:{name}`")));
                };
                compound.states = compound.states.with(*state);
            }
            // `:nth-child(2)`, `:not(.x)`, `:is(...)`: structural and logical pseudo-classes are not in the subset.
            Ok(Token::Function(name)) => {
                let name = name.to_ascii_lowercase();
                return Err(fail(at, format!("`:{name}()` is not supported: {}", pseudo_classes())));
            }
            Ok(Token::Colon) => {
                let name = match p.next_including_whitespace() {
                    Ok(Token::Ident(name) | Token::Function(name)) => name.to_ascii_lowercase(),
                    _ => String::new(),
                };
                return Err(fail(
                    at,
                    format!("the pseudo-element `::{name}` is not supported: a rule styles elements"),
                ));
            }
            _ => return Err(fail(at, format!("expected a pseudo-class after `:`: {}", pseudo_classes()))),
        },
        _ => {}
    }
    Ok(())
}

/// The three of `types` nearest `name` by edit distance, for a misspelt type.
fn nearest(types: &[&str], name: &str) -> String {
    let mut ranked: Vec<&str> = types.to_vec();
    ranked.sort_by_key(|t| (levenshtein(t, name), *t));
    ranked.iter().take(3).map(|t| format!("`{t}`")).collect::<Vec<_>>().join(", ")
}

/// The pseudo-classes the subset takes, for a message about one it does not.
fn pseudo_classes() -> String {
    let names: Vec<String> = States::NAMED.iter().map(|(n, _)| format!(":{n}")).collect();
    format!("the pseudo-classes here are {}", names.join(" "))
}

/// The declarations of a block; each bad one is a warning and is skipped.
fn declarations(p: &mut Parser<'_>, file: &Path, source: &str, warnings: &mut Vec<Located>) -> Vec<Declaration> {
    let mut out = Vec::new();
    loop {
        p.skip_whitespace();
        if p.is_exhausted() {
            break;
        }
        let at = p.position().byte_index();
        let read = p.parse_until_after(Delimiter::Semicolon, |p| {
            let name_at = here(p);
            let name = match p.next()? {
                Token::Ident(name) => name.to_string(),
                other => {
                    let found = describe(&other.clone());
                    return Err(fail(name_at, format!("expected a property's name, found `{found}`")));
                }
            };
            let colon_at = here(p);
            p.expect_colon().map_err(|_| fail(colon_at, format!("expected `:` after `{name}`")))?;
            p.skip_whitespace();
            let value_at = p.position();
            while p.next().is_ok() {}
            let text = p.slice_from(value_at).trim();
            let (text, important) = strip_important(text);
            let important = important.map(|i| value_at.byte_index() + i);
            Ok::<_, Error>((name, text.to_owned(), value_at.byte_index(), important))
        });
        if let Ok((name, _, _, Some(bang))) = &read {
            let message = format!("`!important` is not supported: `{name}` counts as if it were not there");
            warnings.push(Located::at(file, source, *bang, message));
        }
        match read {
            Ok((name, text, value_at, _)) => match said(&name, text) {
                Ok(said) => out.push(Declaration { said, at }),
                Err((message, on_value)) => {
                    warnings.push(Located::at(file, source, if on_value { value_at } else { at }, message));
                }
            },
            Err(e) => {
                let (where_, text) = message(e, at);
                warnings.push(Located::at(file, source, where_, format!("{text}; the declaration is skipped")));
            }
        }
        if p.position().byte_index() == at {
            break;
        }
    }
    out
}

/// The value without a trailing `!important`, and where its `!` stood: the subset has one origin and no weights,
/// so the declaration counts as one without it (and the sheet's reader says so).
fn strip_important(text: &str) -> (&str, Option<usize>) {
    let lower = text.to_ascii_lowercase();
    match lower.rfind('!') {
        Some(i) if lower[i + 1..].trim() == "important" => (text[..i].trim_end(), Some(i)),
        _ => (text, None),
    }
}

/// What declaration `name: text` says; the error is the message, and whether it is about the value.
fn said(name: &str, text: String) -> Result<Said, (String, bool)> {
    if let Some(custom) = name.strip_prefix("--") {
        if custom.is_empty() {
            return Err(("a custom property needs a name after `--`".to_owned(), false));
        }
        if text.len() > vars::MAX_LEN {
            return Err((format!("`{name}` is longer than {} KiB", vars::MAX_LEN / 1024), true));
        }
        return Ok(Said::Custom(name.to_owned(), text));
    }
    let Some(prop) = Prop::named(name) else {
        return Err((format!("unknown property `{name}`; the declaration is skipped"), false));
    };
    if text.is_empty() {
        return Err((format!("`{name}` has no value"), true));
    }
    if vars::has_var(&text) {
        return Ok(Said::Deferred(prop, text));
    }
    value::parse(prop, &text).map(|v| Said::Value(prop, v)).map_err(|m| (format!("{m}; `{name}` is skipped"), true))
}
