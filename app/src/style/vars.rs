//! `var(--name, fallback)`: a custom property's text put in place of the call, recursively, before the value is
//! read. A property that refers to itself (through any number of others) is a cycle; a substituted value is capped
//! at 64 KiB and the substitutions at a fixed count, so a stylesheet written to explode stops with a message.

use std::collections::HashMap;

/// The longest text a substitution may produce.
pub const MAX_LEN: usize = 64 * 1024;
/// The most `var()` calls one value may expand (each `var()` inside a custom property counts).
const MAX_STEPS: usize = 1_000;

/// The custom properties in force for an element: each name with its text.
pub type Customs = HashMap<String, String>;

/// Substitutes every `var()` in `text` from `customs`.
pub fn substitute(text: &str, customs: &Customs) -> Result<String, String> {
    let mut out = String::new();
    let mut steps = 0;
    expand(text, customs, &mut Vec::new(), &mut steps, &mut out)?;
    Ok(out)
}

/// Whether `text` calls `var()`.
pub fn has_var(text: &str) -> bool {
    find_var(text).is_some()
}

/// The byte offset of the next `var(` in `text` (ASCII case-insensitive, not inside a longer name).
fn find_var(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(3)).find(|&i| {
        bytes[i..i + 4].eq_ignore_ascii_case(b"var(")
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'-' || bytes[i - 1] == b'_'))
    })
}

fn expand(
    text: &str,
    customs: &Customs,
    stack: &mut Vec<String>,
    steps: &mut usize,
    out: &mut String,
) -> Result<(), String> {
    let mut rest = text;
    while let Some(at) = find_var(rest) {
        push(out, &rest[..at])?;
        let inner_start = at + 4;
        let close = closing(&rest[inner_start..]).ok_or("a `var(` is never closed")?;
        let inner = &rest[inner_start..inner_start + close];
        rest = &rest[inner_start + close + 1..];
        *steps += 1;
        if *steps > MAX_STEPS {
            return Err(format!("more than {MAX_STEPS} var() substitutions"));
        }
        let (name, fallback) = match top_level_comma(inner) {
            Some(i) => (inner[..i].trim(), Some(&inner[i + 1..])),
            None => (inner.trim(), None),
        };
        if !name.starts_with("--") || name.len() < 3 {
            return Err(format!("var() takes a custom property's name (`--name`), not `{name}`"));
        }
        if stack.iter().any(|n| n == name) {
            let mut path = stack.clone();
            path.push(name.to_owned());
            return Err(format!("var() cycle: {}", path.join(" → ")));
        }
        match (customs.get(name), fallback) {
            (Some(value), _) => {
                stack.push(name.to_owned());
                let r = expand(value, customs, stack, steps, out);
                stack.pop();
                r?;
            }
            (None, Some(fallback)) => expand(fallback.trim(), customs, stack, steps, out)?,
            (None, None) => return Err(format!("`{name}` is not defined and var() gives no fallback")),
        }
    }
    push(out, rest)
}

fn push(out: &mut String, text: &str) -> Result<(), String> {
    if out.len() + text.len() > MAX_LEN {
        return Err(format!("a var() substitution longer than {} KiB", MAX_LEN / 1024));
    }
    out.push_str(text);
    Ok(())
}

/// The offset of the `)` that closes a call whose arguments start `text`.
fn closing(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote = None;
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '(') => depth += 1,
            (None, ')') if depth == 0 => return Some(i),
            (None, ')') => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The first comma not inside parentheses.
fn top_level_comma(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}
