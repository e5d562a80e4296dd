//! What a declaration may say: the properties this subset knows, and their values (a colour, a length in px, em or
//! %, a number, one of a property's keywords, or a transition).

use cssparser::{Parser, Token};

use super::colour;
use super::transition::{self, Part, Transitions};
use crate::geom::Color;

/// A property this subset knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Prop {
    /// `background`, `background-color`: a box's or a control's body.
    Background,
    /// `color`: text (inherited).
    Color,
    /// `border-color`: outlines.
    BorderColor,
    /// `accent-color`, `accent`: what is on, selected or filled (inherited).
    Accent,
    /// `outline-color`: the focus ring (inherited).
    OutlineColor,
    /// `muted-color` (not CSS's; the kit's palette has it): secondary text (inherited).
    Muted,
    /// `border-radius`.
    Radius,
    /// `gap`.
    Gap,
    /// `padding`.
    Padding,
    /// `width`.
    Width,
    /// `font-size` (inherited).
    FontSize,
    /// `height`.
    Height,
    /// `min-width`.
    MinWidth,
    /// `max-width`.
    MaxWidth,
    /// `margin`.
    Margin,
    /// `row-gap`.
    RowGap,
    /// `column-gap`.
    ColumnGap,
    /// `flex-basis`.
    FlexBasis,
    /// `flex-grow`: a number.
    FlexGrow,
    /// `flex-shrink`: a number.
    FlexShrink,
    /// `justify-content`: a keyword.
    JustifyContent,
    /// `align-items`: a keyword.
    AlignItems,
    /// `align-self`: a keyword.
    AlignSelf,
    /// `flex-direction`: a keyword.
    FlexDirection,
    /// `flex-wrap`: a keyword.
    FlexWrap,
    /// `transition` and its longhands: how a colour changes.
    Transition(Part),
}

impl Prop {
    /// The property named `name` (ASCII case-insensitive).
    pub fn named(name: &str) -> Option<Prop> {
        Some(match name.to_ascii_lowercase().as_str() {
            "background" | "background-color" => Prop::Background,
            "color" => Prop::Color,
            "border-color" => Prop::BorderColor,
            "accent-color" | "accent" => Prop::Accent,
            "outline-color" => Prop::OutlineColor,
            "muted-color" => Prop::Muted,
            "border-radius" => Prop::Radius,
            "gap" => Prop::Gap,
            "padding" => Prop::Padding,
            "width" => Prop::Width,
            "font-size" => Prop::FontSize,
            "height" => Prop::Height,
            "min-width" => Prop::MinWidth,
            "max-width" => Prop::MaxWidth,
            "margin" => Prop::Margin,
            "row-gap" => Prop::RowGap,
            "column-gap" => Prop::ColumnGap,
            "flex-basis" => Prop::FlexBasis,
            "flex-grow" => Prop::FlexGrow,
            "flex-shrink" => Prop::FlexShrink,
            "justify-content" => Prop::JustifyContent,
            "align-items" => Prop::AlignItems,
            "align-self" => Prop::AlignSelf,
            "flex-direction" => Prop::FlexDirection,
            "flex-wrap" => Prop::FlexWrap,
            "transition" => Prop::Transition(Part::Shorthand),
            "transition-property" => Prop::Transition(Part::Property),
            "transition-duration" => Prop::Transition(Part::Duration),
            "transition-timing-function" => Prop::Transition(Part::Timing),
            "transition-delay" => Prop::Transition(Part::Delay),
            _ => return None,
        })
    }

    /// Whether a child takes its parent's value when no rule gives one (CSS's inherited properties).
    pub fn inherited(self) -> bool {
        matches!(self, Prop::Color | Prop::Accent | Prop::OutlineColor | Prop::Muted | Prop::FontSize)
    }

    /// The keywords its value is one of, for a property whose value is a keyword.
    pub fn keywords(self) -> Option<&'static [&'static str]> {
        const ALIGN: &[&str] = &["flex-start", "center", "flex-end", "stretch", "baseline"];
        Some(match self {
            Prop::JustifyContent => {
                &["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"]
            }
            Prop::AlignItems => ALIGN,
            Prop::AlignSelf => &["auto", "flex-start", "center", "flex-end", "stretch", "baseline"],
            Prop::FlexDirection => &["row", "column"],
            Prop::FlexWrap => &["wrap", "nowrap"],
            _ => return None,
        })
    }

    /// Whether its value is a colour.
    pub fn is_colour(self) -> bool {
        matches!(
            self,
            Prop::Background | Prop::Color | Prop::BorderColor | Prop::Accent | Prop::OutlineColor | Prop::Muted
        )
    }
}

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
