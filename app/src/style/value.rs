//! What a declaration may say: the properties this subset knows, and their values (a colour, a length in px, em or
//! %, a number, one of a property's keywords, or a transition).

use cssparser::{Parser, Token};

use super::colour;
pub use super::prop::Prop;
use super::transition::{self, Transitions};
use crate::geom::Color;

/// The longest length a page states (a width, a height, a basis), px: a page is at most a few screens wide. A
/// document's properties and a stylesheet's share these ranges, so neither takes what the other refuses.
pub const MOST_PX: f32 = 4000.0;
/// The most a gap, padding, margin or radius may be, px (a margin as little as its negative).
pub const MOST_SPACE: f32 = 1000.0;
/// The largest font size, px.
pub const MOST_FONT_PX: f32 = 400.0;
/// Ems are taken at this many px each for the ranges (a length in em is compared as this many px per em).
const RANGE_EM_PX: f32 = 16.0;
/// The most a percentage may be.
const MOST_PERCENT: f32 = 1000.0;

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
            None => Value::Length(in_range(prop, length(&mut p)?)?),
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

/// `l`, if it is within what `prop` may be: no negative size or space (a margin may be negative), nothing past a
/// page's size, no font size of nothing.
fn in_range(prop: Prop, l: Length) -> Result<Length, String> {
    let (lo, hi) = match prop {
        Prop::Margin => (-MOST_SPACE, MOST_SPACE),
        Prop::Gap | Prop::RowGap | Prop::ColumnGap | Prop::Padding | Prop::Radius => (0.0, MOST_SPACE),
        Prop::FontSize => (1.0, MOST_FONT_PX),
        _ => (0.0, MOST_PX),
    };
    let (value, lo, hi, unit) = match l {
        Length::Px(v) => (v, lo, hi, "px"),
        Length::Em(v) => (v, lo / RANGE_EM_PX, hi / RANGE_EM_PX, "em"),
        Length::Percent(v) => (v, if lo < 0.0 { -MOST_PERCENT } else { 0.0 }, MOST_PERCENT, "%"),
    };
    if (lo..=hi).contains(&value) {
        Ok(l)
    } else {
        Err(format!("the length must be from {lo}{unit} to {hi}{unit}, not {value}{unit}"))
    }
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
