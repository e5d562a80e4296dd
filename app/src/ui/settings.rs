//! What the controls screen sets for every screen: the theme, whether the overview's cards cast shadows, and which
//! of the renderer's workings the inspector shows; and the zoom the keyboard sets (Ctrl+Plus, Ctrl+Minus, Ctrl+0). The session keeps them; a screen's input may change them and
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
    /// How much larger than the platform's scale the frame is drawn.
    pub zoom: Zoom,
}

impl Settings {
    /// As a session starts: dark, the cards' shadows drawn, the inspector hidden and on the bands, no zoom.
    pub const fn new() -> Settings {
        Settings {
            theme: Theme::new(ThemeName::Dark),
            shadows: true,
            inspect: Inspect::Bands,
            inspector: false,
            zoom: Zoom::NONE,
        }
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

/// A zoom step: the frame's scale is the platform's (or `--scale`) times [`Zoom::factor`]. The steps are a
/// browser's, so that a step in is undone by a step out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zoom(usize);

impl Zoom {
    /// The factors, smallest first.
    const STEPS: [f32; 9] = [0.5, 0.67, 0.8, 0.9, 1.0, 1.25, 1.5, 2.0, 3.0];

    /// No zoom: factor 1.
    pub const NONE: Zoom = Zoom(4);

    /// The factor this step scales by.
    pub fn factor(self) -> f32 {
        Zoom::STEPS[self.0]
    }

    /// One step larger (the largest stays).
    pub fn step_in(self) -> Zoom {
        Zoom((self.0 + 1).min(Zoom::STEPS.len() - 1))
    }

    /// One step smaller (the smallest stays).
    pub fn step_out(self) -> Zoom {
        Zoom(self.0.saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_steps_in_and_out_and_stops_at_both_ends() {
        assert_eq!(Zoom::NONE.factor(), 1.0);
        assert_eq!(Zoom::NONE.step_in().factor(), 1.25);
        assert_eq!(Zoom::NONE.step_in().step_out(), Zoom::NONE);
        let mut zoom = Zoom::NONE;
        for _ in 0..20 {
            zoom = zoom.step_in();
        }
        assert_eq!(zoom.factor(), 3.0);
        for _ in 0..20 {
            zoom = zoom.step_out();
        }
        assert_eq!(zoom.factor(), 0.5);
    }
}
