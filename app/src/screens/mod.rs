//! The screens a person switches between with the title bar's tabs, Ctrl+1 … Ctrl+9, Ctrl+Tab / Ctrl+Shift+Tab,
//! or `--screen NAME` at start.
//!
//! Each screen is one folder: its state (keys, messages, report), its layout and its drawing, behind the two
//! traits of [`interface`]. [`SCREENS`] lists them in tab order; nothing else names a screen. A document loaded
//! with `--doc` ([`document`]) is one more screen after them, so the list a run shows is [`ScreenId::all`] and
//! its tabs' labels [`titles`].

pub mod controls;
pub mod document;
pub mod gallery;
pub mod interface;
pub mod kit;
pub mod overview;
pub mod paging;
pub mod playground;
pub mod scrolling;
mod shown;
pub mod text;

use std::fmt;
use std::str::FromStr;

use goldberry_natives::Goldberry;

pub use self::interface::{AnyScreen, AnyState, Input, Page, Recorded, Reveal, Screen, ScreenError, ScreenState};
pub use self::shown::{Feedback, Shown};
use crate::fonts::FontBook;

/// One screen of the list: its names and how to make its two parts.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The name `--screen` takes and the report prints.
    pub name: &'static str,
    /// The tab's label.
    pub title: &'static str,
    /// See [`Screen::DASHBOARD`].
    pub dashboard: bool,
    /// Whether the HUD shows the time its stylesheet's styles took (the `--doc` screen's).
    pub styled: bool,
    /// A fresh state.
    pub state: fn() -> Box<dyn AnyState>,
    /// Builds the natives-backed part.
    pub build: BuildScreen,
}

/// How an [`Entry`] builds its screen's natives-backed part.
pub type BuildScreen = fn(&'static Goldberry, &FontBook) -> Result<Box<dyn AnyScreen>, ScreenError>;

const fn entry<S: Screen>() -> Entry {
    Entry {
        name: S::NAME,
        title: S::TITLE,
        dashboard: S::DASHBOARD,
        styled: false,
        state: interface::fresh_state::<S>,
        build: interface::build::<S>,
    }
}

/// Every screen, in tab order: adding a screen is its folder and one line here.
pub const SCREENS: &[Entry] = &[
    entry::<overview::Overview>(),
    entry::<text::TextScreen>(),
    entry::<playground::Playground>(),
    entry::<controls::ControlsScreen>(),
    entry::<scrolling::ScrollingScreen>(),
    entry::<kit::KitScreen<gallery::values::Values>>(),
    entry::<kit::KitScreen<gallery::forms::Forms>>(),
    entry::<kit::KitScreen<gallery::panels::Panels>>(),
    entry::<kit::KitScreen<gallery::menus::Menus>>(),
];

/// The tabs' labels, in tab order.
pub const TITLES: [&str; SCREENS.len()] = {
    let mut titles = [""; SCREENS.len()];
    let mut i = 0;
    while i < SCREENS.len() {
        titles[i] = SCREENS[i].title;
        i += 1;
    }
    titles
};

/// The tabs' labels of this run, in tab order: [`TITLES`], and a loaded document's title after them.
pub fn titles() -> &'static [&'static str] {
    match document::loaded() {
        Some(l) => l.titles,
        None => &TITLES,
    }
}

/// How many screens this run has: the built-in ones and a loaded document.
fn count() -> usize {
    SCREENS.len() + usize::from(document::loaded().is_some())
}

/// A screen: its place in [`SCREENS`], or the loaded document's just after them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ScreenId(usize);

impl ScreenId {
    /// Every screen, in tab order.
    pub fn all() -> impl ExactSizeIterator<Item = ScreenId> {
        (0..count()).map(ScreenId)
    }

    /// The screen at `index` in tab order, from 0.
    pub fn at(index: usize) -> Option<ScreenId> {
        (index < count()).then_some(ScreenId(index))
    }

    /// The screen named `name`.
    pub fn named(name: &str) -> Option<ScreenId> {
        ScreenId::all().find(|s| s.name() == name)
    }

    /// Its entry in the list.
    pub fn entry(self) -> &'static Entry {
        match (SCREENS.get(self.0), document::loaded()) {
            (Some(entry), _) => entry,
            (None, Some(l)) => &l.entry,
            // Ids are made only below `count()`, so this is never taken.
            (None, None) => &SCREENS[0],
        }
    }

    /// The name `--screen` takes and the report prints.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The tab's label.
    pub fn title(self) -> &'static str {
        self.entry().title
    }

    /// Its place in tab order, from 0.
    pub fn index(self) -> usize {
        self.0
    }

    /// The screen `by` tabs away, wrapping around (Ctrl+Tab is +1, Ctrl+Shift+Tab -1).
    pub fn step(self, by: isize) -> ScreenId {
        let n = count() as isize;
        ScreenId((self.0 as isize + by).rem_euclid(n) as usize)
    }
}

impl fmt::Display for ScreenId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ScreenId {
    type Err = String;

    fn from_str(s: &str) -> Result<ScreenId, String> {
        ScreenId::named(s).ok_or_else(|| {
            let names: Vec<&str> = ScreenId::all().map(ScreenId::name).collect();
            format!("unknown screen `{s}`: expected one of {}", names.join(", "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> ScreenId {
        ScreenId::named(name).unwrap_or_else(|| panic!("no screen {name}"))
    }

    #[test]
    fn screens_parse_by_name_and_step_around_in_tab_order() {
        assert_eq!("controls".parse(), Ok(named("controls")));
        assert!("Controls".parse::<ScreenId>().unwrap_err().contains("expected one of overview, text"));
        let last = ScreenId::at(SCREENS.len() - 1).unwrap_or_default();
        assert_eq!(named("overview").step(-1), last);
        assert_eq!(last.step(1), named("overview"));
        assert_eq!(named("text").step(2), named("controls"));
    }

    #[test]
    fn every_screen_has_its_own_name_and_a_title() {
        for a in ScreenId::all() {
            assert!(!a.title().is_empty());
            assert_eq!(ScreenId::all().filter(|b| b.name() == a.name()).count(), 1, "{a}");
        }
    }
}
