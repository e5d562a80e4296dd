//! The design's accent hues, as the overview's swatches and chart fills draw them in either theme (the cards' text
//! and strokes take their theme's shades of them, `--teal` ... in `assets/themes/`), and the [`Hue`] names.

use crate::geom::Color;

/// Panels inside a card in the dark theme: the label on the swatch chart stands on it in either theme.
pub const PANEL: Color = Color::rgb(0x12, 0x16, 0x24);
pub const TEAL: Color = Color::rgb(0x35, 0xd0, 0xba);
pub const VIOLET: Color = Color::rgb(0x8b, 0x7c, 0xf6);
pub const AMBER: Color = Color::rgb(0xf5, 0xb4, 0x45);
pub const ROSE: Color = Color::rgb(0xf0, 0x62, 0x8a);
pub const SKY: Color = Color::rgb(0x4a, 0xa8, 0xff);
pub const LIME: Color = Color::rgb(0x9b, 0xd6, 0x49);

/// A card's accent hue, named so a theme can give each its own shade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hue {
    Teal,
    Violet,
    Amber,
    Rose,
    Sky,
    Lime,
}
