//! What a widget holds, said one way for every widget: [`Widget::value`](super::Widget::value) reads it,
//! [`Widget::set_value`](super::Widget::set_value) sets it and says what it reached, and
//! [`Widget::carry_from`](super::Widget::carry_from) takes what a person did to the same widget of the version
//! before a reload. A document's bindings, its actions, its reload and a script's `set` all go through these, so
//! none of them asks "are you a slider?".

use std::fmt;

use thiserror::Error;

use super::badge::Variant;

/// What a widget holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A number: a slider's, a spinner's, a rating's stars, a pager's page, a button's presses, a progress bar's
    /// percent. Its range, where it has one, is [`Widget::range`](super::Widget::range).
    Number(f64),
    /// On or off: a checkbox, a switch.
    On(bool),
    /// A three-state checkbox between on and off.
    Mixed,
    /// Text: a field's, an area's, a note's.
    Text(String),
    /// What a badge says, and in which tone (a form's summary says Danger or Success).
    Said {
        /// Its text.
        text: String,
        /// Its tone.
        tone: Variant,
    },
    /// A statistic's figure as shown and its change, percent.
    Figure {
        /// The figure.
        text: String,
        /// The change, percent.
        delta: f32,
    },
    /// One of its options: by its place, and by its label, which is what identifies it across a reload (a radio
    /// group's choice, a carousel's slide).
    Choice {
        /// Its place, from 0.
        index: usize,
        /// Its label.
        label: String,
    },
    /// Items each on or off, by label (the chips that are on, an accordion's open sections).
    Flags(Vec<(String, bool)>),
    /// A list a person edits and the item selected (document tabs: the ones open, and the one shown).
    List {
        /// The items, in order.
        items: Vec<String>,
        /// The one selected.
        selected: Option<usize>,
    },
}

/// What a [`Widget::set_value`](super::Widget::set_value) reached.
#[derive(Debug, Clone, PartialEq)]
pub enum Reached {
    /// The value asked for.
    Exactly,
    /// Not that one: this is the nearest it can hold (a step-5 slider asked for 43 holds 45, a spinner asked for
    /// 9 with a maximum of 5 holds 5).
    Nearest(Value),
}

/// Why a widget does not take a value.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum Refused {
    /// It holds no value of its own (a rule, a card).
    #[error("it holds no value")]
    NoValue,
    /// It is disabled: a person cannot change it, so neither can a script.
    #[error("it is disabled")]
    Disabled,
    /// It can be read and selected, not changed.
    #[error("it is read-only")]
    ReadOnly,
    /// The value is of another kind than it holds.
    #[error("it holds {holds}, not {asked}")]
    Kind {
        /// What it holds, in words ("a number").
        holds: &'static str,
        /// What it was asked to hold, in words.
        asked: &'static str,
    },
    /// A choice it does not offer.
    #[error("it has no option \"{0}\"")]
    NoOption(String),
}

impl Value {
    /// What kind of value it is, in words, for an error.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Number(_) => "a number",
            Value::On(_) | Value::Mixed => "on or off",
            Value::Text(_) | Value::Said { .. } | Value::Figure { .. } => "text",
            Value::Choice { .. } => "one of its options",
            Value::Flags(_) => "items on or off",
            Value::List { .. } => "a list",
        }
    }

    /// The refusal of a widget that holds `holds` when asked for this.
    pub fn refused(&self, holds: &'static str) -> Refused {
        Refused::Kind { holds, asked: self.kind() }
    }

    /// `text`, as a script writes it, as a value of the same kind as `like` (a widget's value now): a number, on
    /// or off, an option's label, text. None when it does not read as one.
    pub fn parse_like(text: &str, like: &Value) -> Option<Value> {
        Some(match like {
            Value::Number(_) => Value::Number(text.parse().ok().filter(|n: &f64| n.is_finite())?),
            Value::On(_) | Value::Mixed => Value::On(match text {
                "on" | "true" | "checked" => true,
                "off" | "false" | "unchecked" => false,
                _ => return None,
            }),
            Value::Choice { .. } => Value::Choice { index: usize::MAX, label: text.to_owned() },
            _ => Value::Text(text.to_owned()),
        })
    }

    /// The words a line of text shows for it, if it is text or a number (written as a person reads it): what a
    /// badge, a statistic or a note takes from a binding.
    pub fn words(&self) -> Option<String> {
        match self {
            Value::Text(t) => Some(t.clone()),
            Value::Number(n) => Some(figure(*n)),
            _ => None,
        }
    }

    /// The number it stands for, if it is one (on is 1, off 0, a choice its place).
    pub fn number(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            Value::On(on) => Some(f64::from(u8::from(*on))),
            Value::Choice { index, .. } => Some(*index as f64),
            _ => None,
        }
    }
}

impl fmt::Display for Value {
    /// As a person reads it, and as a script would write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Number(n) => f.write_str(&figure(*n)),
            Value::On(on) => f.write_str(if *on { "on" } else { "off" }),
            Value::Mixed => f.write_str("mixed"),
            Value::Text(t) | Value::Said { text: t, .. } | Value::Figure { text: t, .. } => write!(f, "\"{t}\""),
            Value::Choice { label, .. } => write!(f, "\"{label}\""),
            Value::Flags(flags) => {
                let on: Vec<&str> = flags.iter().filter(|(_, on)| *on).map(|(l, _)| l.as_str()).collect();
                write!(f, "[{}]", on.join(", "))
            }
            Value::List { items, selected } => {
                let shown = selected.and_then(|i| items.get(i)).map_or("none", String::as_str);
                write!(f, "[{}], \"{shown}\" selected", items.join(", "))
            }
        }
    }
}

/// A number as a person reads it: whole numbers without a point and with their thousands apart (1,236), others to
/// one decimal.
pub fn figure(n: f64) -> String {
    if (n - n.round()).abs() < 1e-6 { thousands(n.round() as i64) } else { format!("{n:.1}") }
}

/// `n` with its thousands separated by commas.
fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// `Exactly` when `held` is `asked`, else the nearest, `held`.
pub fn reached(asked: &Value, held: Value) -> Reached {
    if *asked == held { Reached::Exactly } else { Reached::Nearest(held) }
}

/// Sets a number held as an `f64` of `min..=max` by whole steps from `min` (a spinner, a rating, a pager):
/// `asked` snapped and clamped into `*n`; what it reached.
pub fn set_whole(n: &mut i64, min: i64, max: i64, asked: &Value) -> Result<Reached, Refused> {
    let Value::Number(want) = asked else { return Err(asked.refused("a number")) };
    *n = (want.round().clamp(min as f64, max as f64)) as i64;
    Ok(reached(asked, Value::Number(*n as f64)))
}

/// Sets a choice among `options` by its label (a choice's place is stale once a reload moves its options), or by
/// its place when asked with a number (a setting that knows its options' order): what it reached.
pub fn set_choice(selected: &mut usize, options: &[&str], asked: &Value) -> Result<Reached, Refused> {
    let index = match asked {
        Value::Choice { label, .. } => match options.iter().position(|o| o == label) {
            Some(i) => i,
            None => return Err(Refused::NoOption(label.clone())),
        },
        Value::Number(n) if *n >= 0.0 && (*n as usize) < options.len() && n.fract() == 0.0 => *n as usize,
        other => return Err(other.refused("one of its options")),
    };
    *selected = index;
    Ok(Reached::Exactly)
}

/// A choice's value: `selected` of `options`.
pub fn choice(selected: usize, options: &[&str]) -> Value {
    Value::Choice { index: selected, label: options.get(selected).copied().unwrap_or_default().to_owned() }
}

/// Sets flags by label: each of `labels` that `asked` names takes its state, the others keep theirs.
pub fn set_flags(on: &mut [bool], labels: &[&str], asked: &Value) -> Result<Reached, Refused> {
    let Value::Flags(flags) = asked else { return Err(asked.refused("items on or off")) };
    for (label, state) in flags {
        if let Some(i) = labels.iter().position(|l| l == label)
            && let Some(slot) = on.get_mut(i)
        {
            *slot = *state;
        }
    }
    Ok(flags_reached(flags, on, labels))
}

/// `Exactly` when each flag `asked` names (by a label among `labels`) holds its state in `on`, else the flags as
/// they are.
pub fn flags_reached(asked: &[(String, bool)], on: &[bool], labels: &[&str]) -> Reached {
    let holds =
        |(label, state): &(String, bool)| labels.iter().position(|l| l == label).and_then(|i| on.get(i)) == Some(state);
    if asked.iter().all(holds) { Reached::Exactly } else { Reached::Nearest(flags_of(on, labels)) }
}

/// Flags' value: each of `labels` and whether it is on.
pub fn flags_of(on: &[bool], labels: &[&str]) -> Value {
    Value::Flags(labels.iter().zip(on).map(|(l, on)| ((*l).to_owned(), *on)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_value_reads_as_the_kind_the_widget_holds() {
        assert_eq!(Value::parse_like("43", &Value::Number(40.0)), Some(Value::Number(43.0)));
        assert_eq!(Value::parse_like("on", &Value::On(false)), Some(Value::On(true)));
        assert_eq!(Value::parse_like("maybe", &Value::Mixed), None);
        assert_eq!(Value::parse_like("NaN", &Value::Number(1.0)), None);
        assert_eq!(Value::Number(1236.0).to_string(), "1,236");
    }

    #[test]
    fn a_choice_is_found_by_its_label_and_refused_when_there_is_none() {
        let mut selected = 0;
        let options = ["Draft", "Good", "Best"];
        let best = Value::Choice { index: 0, label: "Best".to_owned() };
        assert_eq!(set_choice(&mut selected, &options, &best), Ok(Reached::Exactly));
        assert_eq!(selected, 2, "by label, not by the stale place");
        let gone = Value::Choice { index: 1, label: "Fine".to_owned() };
        assert_eq!(set_choice(&mut selected, &options, &gone), Err(Refused::NoOption("Fine".to_owned())));
        assert_eq!(selected, 2);
    }

    #[test]
    fn a_whole_number_is_clamped_and_says_where_it_stopped() {
        let mut n = 3;
        assert_eq!(set_whole(&mut n, 0, 5, &Value::Number(9.0)), Ok(Reached::Nearest(Value::Number(5.0))));
        assert_eq!(n, 5);
        assert_eq!(
            set_whole(&mut n, 0, 5, &Value::On(true)),
            Err(Refused::Kind { holds: "a number", asked: "on or off" })
        );
    }
}
