//! The sizes each density lays out with, read from its sheet (`assets/themes/regular.css` and `compact.css`), as
//! the themes' colours are read from theirs.

use std::path::Path;
use std::sync::LazyLock;

use crate::located::Located;
use crate::style::theme_sheet::ThemeSheet;
use crate::ui::settings::Density;
use crate::ui::theme::built_in;

/// One density's sizes, logical px.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sizes {
    /// A control's height (a button, a field, a dropdown): `--control-height`.
    pub control: f32,
    /// The room between rows and around panels: `--gap`.
    pub gap: f32,
    /// Around the overview's cards: `--grid-padding`.
    pub grid_padding: f32,
    /// Between the overview's cards: `--grid-gap`.
    pub grid_gap: f32,
    /// Inside the text screen's field and area: `--edit-inset`.
    pub edit_inset: f32,
}

impl Sizes {
    /// The sizes of `density`.
    pub fn of(density: Density) -> Sizes {
        static SIZES: LazyLock<[Sizes; 2]> = LazyLock::new(|| {
            [
                ("assets/themes/regular.css", include_str!("../../../assets/themes/regular.css")),
                ("assets/themes/compact.css", include_str!("../../../assets/themes/compact.css")),
            ]
            .map(|(file, source)| built_in(ThemeSheet::parse(Path::new(file), source).and_then(|s| Sizes::read(&s))))
        });
        SIZES[density as usize]
    }

    /// The sizes `sheet` declares.
    pub fn read(sheet: &ThemeSheet) -> Result<Sizes, Located> {
        Ok(Sizes {
            control: sheet.px("--control-height")?,
            gap: sheet.px("--gap")?,
            grid_padding: sheet.px("--grid-padding")?,
            grid_gap: sheet.px("--grid-gap")?,
            edit_inset: sheet.px("--edit-inset")?,
        })
    }
}

/// A density's sizes, read where they are kept (this file), so that the settings need not know the sheets.
impl Density {
    /// The sizes its sheet declares.
    pub fn sizes(self) -> Sizes {
        Sizes::of(self)
    }

    /// A control's height (a button, a field, a dropdown), logical px.
    pub fn control(self) -> f32 {
        self.sizes().control
    }

    /// The room between rows and around panels, logical px.
    pub fn gap(self) -> f32 {
        self.sizes().gap
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_is_tighter_than_regular_in_every_size() {
        let (regular, compact) = (Sizes::of(Density::Regular), Sizes::of(Density::Compact));
        assert_eq!(regular.control, 32.0);
        assert_eq!(compact.control, 28.0);
        for (r, c) in [
            (regular.gap, compact.gap),
            (regular.grid_padding, compact.grid_padding),
            (regular.grid_gap, compact.grid_gap),
            (regular.edit_inset, compact.edit_inset),
        ] {
            assert!(c < r, "compact {c} against regular {r}");
        }
    }
}
