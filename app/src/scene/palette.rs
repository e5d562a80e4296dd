//! The design's dark palette, which the chrome's and the cards' colours start from, and the accent hues a theme
//! shades.

use crate::geom::Color;

/// The background's top-left corner.
pub const BG_TOP: Color = Color::rgb(0x10, 0x14, 0x24);
/// The background's bottom-right corner.
pub const BG_BOTTOM: Color = Color::rgb(0x1c, 0x14, 0x30);
/// The title bar's left end.
pub const BAR_LEFT: Color = Color::rgb(0x1e, 0x24, 0x3a);
/// The title bar's right end.
pub const BAR_RIGHT: Color = Color::rgb(0x2a, 0x1f, 0x44);
/// A card's fill: one colour, since a gradient over every card costs Blend2D several times a solid fill; the
/// header band and the shadow carry the depth (record 9).
pub const CARD: Color = Color::rgb(0x1e, 0x24, 0x36);
/// A card's outline.
pub const CARD_EDGE: Color = Color::rgb(0x36, 0x3f, 0x5c);
/// Panels inside a card (chart boxes, code).
pub const PANEL: Color = Color::rgb(0x12, 0x16, 0x24);
/// Grid lines in a chart.
pub const GRID: Color = Color(0x30ff_ffff);
/// Body text.
pub const TEXT: Color = Color::rgb(0xd5, 0xda, 0xe6);
/// Titles.
pub const TITLE: Color = Color::rgb(0xf2, 0xf4, 0xfa);
/// Secondary text.
pub const MUTED: Color = Color::rgb(0x8c, 0x95, 0xab);
/// A shadow's colour (its alpha is set per layer).
pub const SHADOW: Color = Color::rgb(0x02, 0x03, 0x08);
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
