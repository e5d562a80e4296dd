//! What the controls screen sets for every screen: the theme, whether the overview's cards cast shadows, and which
//! of the renderer's workings the inspector shows. The session keeps them; a screen's input may change them and
//! every frame is drawn from them.

use crate::ui::theme::{Theme, ThemeName};

/// The settings (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// The theme and its fade.
    pub theme: Theme,
    /// The overview's cards cast their soft shadows (the controls screen's checkbox).
    pub shadows: bool,
    /// What the inspector shows of the renderer (the controls screen's radio group).
    pub inspect: Inspect,
    /// The inspector shows (F3).
    pub inspector: bool,
}

impl Settings {
    /// As a session starts: dark, the cards' shadows drawn, the inspector hidden and on the bands.
    pub const fn new() -> Settings {
        Settings { theme: Theme::new(ThemeName::Dark), shadows: true, inspect: Inspect::Bands, inspector: false }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::new()
    }
}

/// Which of the renderer's workings the inspector shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Inspect {
    /// The horizontal bands the frame was cut into, and the thread that drew each.
    #[default]
    Bands,
    /// The retained layers, and whether each was kept or drawn again.
    Layers,
    /// The glyph cache: its cells and their bytes.
    GlyphCache,
}

impl Inspect {
    /// Every choice, in the radio group's order.
    pub const ALL: [Inspect; 3] = [Inspect::Bands, Inspect::Layers, Inspect::GlyphCache];

    /// The radio option's label.
    pub fn label(self) -> &'static str {
        match self {
            Inspect::Bands => "Bands",
            Inspect::Layers => "Layers",
            Inspect::GlyphCache => "Glyph cache",
        }
    }

    /// Its place in [`Inspect::ALL`].
    pub fn index(self) -> usize {
        Inspect::ALL.iter().position(|i| *i == self).unwrap_or(0)
    }

    /// The choice at `index` in [`Inspect::ALL`], the last for any past it.
    pub fn at(index: usize) -> Inspect {
        Inspect::ALL[index.min(Inspect::ALL.len() - 1)]
    }
}
