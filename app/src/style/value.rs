//! What a declaration may say: the properties this subset knows, and their values (a colour, a length in px, em or
//! %, a number, one of a property's keywords, or a transition).

use cssparser::{Parser, Token};

use super::colour;
pub use super::prop::Prop;
use super::transition::{self, Transitions};
use crate::geom::Color;

/// A length.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Length {
    /// Logical pixels.
    Px(f32),
    /// Times the font size.
    Em(f32),
    /// Percent of the containing box.
    Percent(f32),
}

/// A declaration's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A colour.
    Colour(Color),
    /// A length.
    Length(Length),
    /// A number (`flex-grow`, `flex-shrink`).
    Number(f32),
    /// One of the property's keywords ([`Prop::keywords`]).
    Keyword(&'static str),
    /// What a transition declaration set.
    Transition(Transitions),
}

/// Reads `text` as the value of `prop`; the error says what is wrong.
pub fn parse(prop: Prop, text: &str) -> Result<Value, String> {
    let mut p = Parser::new(text);
    let value = match prop {
        Prop::Transition(part) => Value::Transition(transition::parse(part, &mut p)?),
        _ if prop.is_colour() => Value::Colour(colour::parse(&mut p)?),
        Prop::FlexGrow | Prop::FlexShrink => Value::Number(factor(&mut p)?),
        _ => match prop.keywords() {
            Some(words) => Value::Keyword(keyword(&mut p, words)?),
            None => Value::Length(length(&mut p)?),
        },
    };
    if !p.is_exhausted() {
        return Err(format!("more than one value in `{}`", text.trim()));
    }
    Ok(value)
}

/// A flex factor: a number from 0 to 1000.
fn factor(p: &mut Parser<'_>) -> Result<f32, String> {
    match p.next().map_err(|_| "expected a number".to_owned())?.clone() {
        Token::Number { value, .. } if (0.0..=1000.0).contains(&value) => Ok(value),
        other => Err(format!("expected a number from 0 to 1000, found `{}`", colour::describe(&other))),
    }
}

/// One of `words`.
fn keyword(p: &mut Parser<'_>, words: &'static [&'static str]) -> Result<&'static str, String> {
    let found = match p.next().map_err(|_| "expected a keyword".to_owned())?.clone() {
        Token::Ident(name) => words.iter().find(|w| name.eq_ignore_ascii_case(w)).copied(),
        _ => None,
    };
    found.ok_or_else(|| format!("expected one of {}", words.join(", ")))
}

fn length(p: &mut Parser<'_>) -> Result<Length, String> {
    let finite = |v: f32| if v.is_finite() { Ok(v) } else { Err("the length is too large".to_owned()) };
    match p.next().map_err(|_| "expected a length".to_owned())?.clone() {
        Token::Dimension { value, unit, .. } => match unit.to_ascii_lowercase().as_str() {
            "px" => Ok(Length::Px(finite(value)?)),
            "em" => Ok(Length::Em(finite(value)?)),
            other => Err(format!("unknown unit `{other}`: expected px, em or %")),
        },
        Token::Percentage { unit_value, .. } => Ok(Length::Percent(finite(unit_value * 100.0)?)),
        // A bare 0 is a length, as in CSS.
        Token::Number { value: 0.0, .. } => Ok(Length::Px(0.0)),
        other => Err(format!("expected a length (px, em or %), found `{}`", colour::describe(&other))),
    }
}
