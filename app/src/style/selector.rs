//! Selectors: type, `.class`, `#id`, `*`, the descendant and child combinators, and the pseudo-classes a widget's
//! state answers (`:hover :active :focus :focus-visible :disabled :checked :indeterminate :invalid`, and `:root`
//! for the page). Each has its specificity (ids, classes and pseudo-classes, types); matching runs from the
//! element outwards through its ancestors.

use std::fmt;

/// The states a pseudo-class asks about, as bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct States(pub u16);

impl States {
    /// Nothing.
    pub const NONE: States = States(0);
    /// Under the pointer.
    pub const HOVER: States = States(1);
    /// Held down.
    pub const ACTIVE: States = States(1 << 1);
    /// Has the keyboard focus.
    pub const FOCUS: States = States(1 << 2);
    /// Has the focus and shows it, as browsers decide: it came by the keyboard, or the widget edits text (the
    /// router keeps how the focus came).
    pub const FOCUS_VISIBLE: States = States(1 << 3);
    /// Takes no input.
    pub const DISABLED: States = States(1 << 4);
    /// Checked, on or selected.
    pub const CHECKED: States = States(1 << 5);
    /// Mixed (a tristate checkbox).
    pub const INDETERMINATE: States = States(1 << 6);
    /// Its value breaks its rule.
    pub const INVALID: States = States(1 << 7);
    /// The page itself.
    pub const ROOT: States = States(1 << 8);

    /// Every pseudo-class by its name.
    pub const NAMED: [(&'static str, States); 9] = [
        ("hover", States::HOVER),
        ("active", States::ACTIVE),
        ("focus", States::FOCUS),
        ("focus-visible", States::FOCUS_VISIBLE),
        ("disabled", States::DISABLED),
        ("checked", States::CHECKED),
        ("indeterminate", States::INDETERMINATE),
        ("invalid", States::INVALID),
        ("root", States::ROOT),
    ];

    /// Whether every state of `other` is on here.
    pub fn has(self, other: States) -> bool {
        self.0 & other.0 == other.0
    }

    /// Both sets.
    pub fn with(self, other: States) -> States {
        States(self.0 | other.0)
    }

    /// Without `other`'s states.
    pub fn without(self, other: States) -> States {
        States(self.0 & !other.0)
    }
}

/// What a selector is matched against: a widget, or one of the boxes it stands in (a row, a section, the page).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Element<'a> {
    /// Its type: the widget's node name in the document (`slider`), or `row`, `section`, `page`.
    pub kind: &'a str,
    /// Its id as the document wrote it (without the `doc.`).
    pub id: Option<&'a str>,
    /// Its classes.
    pub classes: &'a [&'a str],
    /// The states it is in.
    pub states: States,
}

/// One compound selector: a type, an id, classes and pseudo-classes, all of which must hold.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Compound {
    /// The type (`None`: any, `*`).
    pub kind: Option<String>,
    /// The id.
    pub id: Option<String>,
    /// The classes.
    pub classes: Vec<String>,
    /// The pseudo-classes.
    pub states: States,
}

impl Compound {
    /// Whether `e` is what this asks for.
    pub fn matches(&self, e: &Element<'_>) -> bool {
        self.kind.as_deref().is_none_or(|k| k.eq_ignore_ascii_case(e.kind))
            && self.id.as_deref().is_none_or(|id| e.id == Some(id))
            && self.classes.iter().all(|c| e.classes.contains(&c.as_str()))
            && e.states.has(self.states)
    }

    /// Whether nothing was written (a selector cannot start or end with a combinator).
    pub fn is_empty(&self) -> bool {
        *self == Compound::default()
    }
}

/// How a compound relates to the one on its left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Combinator {
    /// `a b`: b anywhere inside a.
    Descendant,
    /// `a > b`: b directly inside a.
    Child,
}

/// A complex selector: compounds joined by combinators, read left to right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector {
    /// The first compound.
    pub first: Compound,
    /// Each further compound and how it is joined to the one before.
    pub rest: Vec<(Combinator, Compound)>,
}

/// A selector's weight: (ids, classes and pseudo-classes, types); compared in that order, then by source order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Specificity(pub u32, pub u32, pub u32);

impl fmt::Display for Specificity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{},{})", self.0, self.1, self.2)
    }
}

impl Selector {
    /// The selector's specificity.
    pub fn specificity(&self) -> Specificity {
        let mut s = Specificity::default();
        for c in std::iter::once(&self.first).chain(self.rest.iter().map(|(_, c)| c)) {
            s.0 += u32::from(c.id.is_some());
            s.1 += c.classes.len() as u32 + c.states.0.count_ones();
            s.2 += u32::from(c.kind.is_some());
        }
        s
    }

    /// Whether it matches `e` inside `ancestors` (outermost first).
    pub fn matches(&self, e: &Element<'_>, ancestors: &[Element<'_>]) -> bool {
        // The compounds from the element outwards, each with the combinator that joins it to the one outside it.
        let mut chain: Vec<(&Compound, Option<Combinator>)> = Vec::with_capacity(self.rest.len() + 1);
        chain.extend(self.rest.iter().rev().map(|(comb, c)| (c, Some(*comb))));
        chain.push((&self.first, None));
        let Some(((inner, join), outer)) = chain.split_first() else { return false };
        inner.matches(e) && match_outwards(outer, *join, ancestors)
    }
}

/// Matches `chain` (compounds from the inside out, each with the combinator that joins it to the next one out)
/// against `ancestors` (outermost first); `join` is how the first of `chain` is joined to the compound already
/// matched inside it. A descendant combinator tries every ancestor, nearest first.
fn match_outwards(
    chain: &[(&Compound, Option<Combinator>)],
    join: Option<Combinator>,
    ancestors: &[Element<'_>],
) -> bool {
    let Some(((compound, next_join), rest)) = chain.split_first() else { return true };
    match join {
        Some(Combinator::Child) => {
            let Some((parent, above)) = ancestors.split_last() else { return false };
            compound.matches(parent) && match_outwards(rest, *next_join, above)
        }
        Some(Combinator::Descendant) => (0..ancestors.len())
            .rev()
            .any(|i| compound.matches(&ancestors[i]) && match_outwards(rest, *next_join, &ancestors[..i])),
        // Nothing outside the compound: the chain is done only when no compound is left (handled above).
        None => false,
    }
}
