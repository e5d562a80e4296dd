//! The screens a person switches between with the title bar's tabs, Ctrl+1 … Ctrl+5, Ctrl+Tab /
//! Ctrl+Shift+Tab, or `--screen NAME` at start.

pub mod controls;
pub mod layout;
pub mod scrolling;
mod shown;
pub mod text;
pub mod widgets;

use std::fmt;
use std::str::FromStr;

pub use self::shown::{Recorded, Regions, ScreenError, ScreenView, Screens};
use crate::scene::texts::TAB_LABELS;
use crate::ui::router::WidgetId;

/// The tab strip's id; its tabs are parts 0 to 4, in [`ScreenName::ALL`] order.
pub const TABS: WidgetId = "tabs";

/// The overview's cards' id; card `i` is part `i`.
pub const CARDS: WidgetId = "overview.cards";

/// A screen, in tab order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ScreenName {
    /// The dashboard of twelve cards (the default).
    #[default]
    Overview,
    /// Text: editing, bidirectional text, fallback, OpenType features.
    Text,
    /// Yoga's playground.
    Layout,
    /// Buttons, checkbox, radio group, toggle, slider, progress bar, theme.
    Controls,
    /// Ten thousand rows.
    Scrolling,
}

impl ScreenName {
    /// Every screen, in tab order.
    pub const ALL: [ScreenName; 5] =
        [ScreenName::Overview, ScreenName::Text, ScreenName::Layout, ScreenName::Controls, ScreenName::Scrolling];

    /// The name `--screen` takes and the report prints.
    pub fn as_str(self) -> &'static str {
        match self {
            ScreenName::Overview => "overview",
            ScreenName::Text => "text",
            ScreenName::Layout => "layout",
            ScreenName::Controls => "controls",
            ScreenName::Scrolling => "scrolling",
        }
    }

    /// The tab's label (the title bar's, [`TAB_LABELS`]).
    pub fn title(self) -> &'static str {
        TAB_LABELS[self.index()]
    }

    /// Its place in tab order, from 0.
    pub fn index(self) -> usize {
        ScreenName::ALL.iter().position(|s| *s == self).unwrap_or(0)
    }

    /// The screen `by` tabs away, wrapping around (Ctrl+Tab is +1, Ctrl+Shift+Tab -1).
    pub fn step(self, by: isize) -> ScreenName {
        let n = ScreenName::ALL.len() as isize;
        ScreenName::ALL[(self.index() as isize + by).rem_euclid(n) as usize]
    }
}

impl fmt::Display for ScreenName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ScreenName {
    type Err = String;

    fn from_str(s: &str) -> Result<ScreenName, String> {
        ScreenName::ALL.into_iter().find(|screen| screen.as_str() == s).ok_or_else(|| {
            let names: Vec<&str> = ScreenName::ALL.iter().map(|s| s.as_str()).collect();
            format!("unknown screen `{s}`: expected one of {}", names.join(", "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screens_parse_by_name_and_step_around_in_tab_order() {
        assert_eq!("controls".parse(), Ok(ScreenName::Controls));
        assert!("Controls".parse::<ScreenName>().unwrap_err().contains("expected one of overview, text"));
        assert_eq!(ScreenName::Overview.step(-1), ScreenName::Scrolling);
        assert_eq!(ScreenName::Scrolling.step(1), ScreenName::Overview);
        assert_eq!(ScreenName::Text.step(2), ScreenName::Controls);
    }
}
