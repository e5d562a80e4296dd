//! What the controls screen sets for every screen: the theme, whether the overview's cards cast shadows, which of
//! the renderer's workings the inspector shows and which overlays are drawn over the frame; and the zoom the
//! keyboard sets (Ctrl+Plus, Ctrl+Minus, Ctrl+0). The session keeps them; a screen's input may change them and
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
    /// The inspector shows (F3): its panel, and over the frame the bands, the layers or the glyph cache.
    pub inspector: bool,
    /// Paint flashing (F2): each frame's damage tinted over the frame, fading.
    pub flashing: bool,
    /// Layout bounds (F4): every box of the screen's layout outlined over the frame.
    pub bounds: bool,
    /// How much larger than the platform's scale the frame is drawn.
    pub zoom: Zoom,
    /// How tight the kit's controls sit (Ctrl+D).
    pub density: Density,
}

impl Settings {
    /// As a session starts: dark, the cards' shadows drawn, the inspector hidden and on the bands, no zoom.
    pub const fn new() -> Settings {
        Settings {
            theme: Theme::new(ThemeName::Dark),
            shadows: true,
            inspect: Inspect::Bands,
            inspector: false,
            flashing: false,
            bounds: false,
            zoom: Zoom::NONE,
            density: Density::Regular,
        }
    }

    /// The overlay drawn, as the controls' dropdown names it: the first of paint flashing, the inspector and the
    /// layout bounds that is on.
    pub fn overlay(&self) -> Overlay {
        if self.flashing {
            Overlay::Flashing
        } else if self.inspector {
            Overlay::Inspect(self.inspect)
        } else if self.bounds {
            Overlay::Bounds
        } else {
            Overlay::Off
        }
    }

    /// Draws `overlay` alone (the dropdown's choice): the other overlays are turned off.
    pub fn set_overlay(&mut self, overlay: Overlay) {
        self.flashing = overlay == Overlay::Flashing;
        self.bounds = overlay == Overlay::Bounds;
        self.inspector = matches!(overlay, Overlay::Inspect(_));
        if let Overlay::Inspect(inspect) = overlay {
            self.inspect = inspect;
        }
    }
}

/// One overlay mode, as the controls screen's dropdown offers them (the keys F2, F3 and F4 toggle each apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing over the frame.
    Off,
    /// Paint flashing (F2).
    Flashing,
    /// The inspector (F3) on one of its subjects.
    Inspect(Inspect),
    /// Layout bounds (F4).
    Bounds,
}

impl Overlay {
    /// Every mode, in the dropdown's order.
    pub const ALL: [Overlay; 6] = [
        Overlay::Off,
        Overlay::Flashing,
        Overlay::Inspect(Inspect::Bands),
        Overlay::Inspect(Inspect::Layers),
        Overlay::Inspect(Inspect::GlyphCache),
        Overlay::Bounds,
    ];

    /// The dropdown's label.
    pub fn label(self) -> &'static str {
        match self {
            Overlay::Off => "No overlay",
            Overlay::Flashing => "Paint flashing",
            Overlay::Inspect(Inspect::Bands) => "Bands",
            Overlay::Inspect(Inspect::Layers) => "Layers",
            Overlay::Inspect(Inspect::GlyphCache) => "Glyph cache",
            Overlay::Bounds => "Layout bounds",
        }
    }

    /// Its place in [`Overlay::ALL`].
    pub fn index(self) -> usize {
        Overlay::ALL.iter().position(|o| *o == self).unwrap_or(0)
    }

    /// The mode at `index` in [`Overlay::ALL`], the last for any past it.
    pub fn at(index: usize) -> Overlay {
        Overlay::ALL[index.min(Overlay::ALL.len() - 1)]
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

/// How tight the kit's controls sit: a control 32 px tall, or 28 (Ctrl+D switches).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Density {
    /// Controls 32 px tall.
    #[default]
    Regular,
    /// Controls 28 px tall, rows and panels tighter.
    Compact,
}

impl Density {
    /// The other density.
    pub fn toggled(self) -> Density {
        match self {
            Density::Regular => Density::Compact,
            Density::Compact => Density::Regular,
        }
    }

    /// The name the report prints.
    pub fn as_str(self) -> &'static str {
        match self {
            Density::Regular => "regular",
            Density::Compact => "compact",
        }
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

    #[test]
    fn an_overlay_chosen_turns_the_others_off_and_reads_back() {
        let mut settings = Settings::new();
        settings.flashing = true;
        settings.bounds = true;
        for overlay in Overlay::ALL {
            settings.set_overlay(overlay);
            assert_eq!(settings.overlay(), overlay);
            assert_eq!(Overlay::at(overlay.index()), overlay);
        }
        settings.set_overlay(Overlay::Off);
        assert!(!settings.flashing && !settings.inspector && !settings.bounds);
    }
}
