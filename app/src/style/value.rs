//! What a declaration may say: the properties this subset knows, and their values (a colour, a length in px, em or
//! %, or a transition).

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
    /// What a transition declaration set.
    Transition(Transitions),
}

/// Reads `text` as the value of `prop`; the error says what is wrong.
pub fn parse(prop: Prop, text: &str) -> Result<Value, String> {
    let mut p = Parser::new(text);
    let value = match prop {
        Prop::Transition(part) => Value::Transition(transition::parse(part, &mut p)?),
        _ if prop.is_colour() => Value::Colour(colour::parse(&mut p)?),
        _ => Value::Length(length(&mut p)?),
    };
    if !p.is_exhausted() {
        return Err(format!("more than one value in `{}`", text.trim()));
    }
    Ok(value)
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
