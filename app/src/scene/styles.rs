//! The scene's text styles: which font each text role uses, at one scale.

use crate::fonts::{Face, FontBook};
use crate::geom::FontId;

/// The font of every text role, at one scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Styles {
    /// The title bar's title.
    pub bar_title: FontId,
    /// The title bar's subtitle.
    pub bar_subtitle: FontId,
    /// The title bar's animated status.
    pub status: FontId,
    /// A card's title.
    pub card_title: FontId,
    /// A card's counter.
    pub badge: FontId,
    /// Prose.
    pub prose: FontId,
    /// Code.
    pub code: FontId,
    /// A card's footer.
    pub footer: FontId,
    /// Figures beside a ring.
    pub stats: FontId,
    /// Chip labels.
    pub chip: FontId,
    /// Chart axis labels and the ring's percentage.
    pub label: FontId,
    /// The ring's percentage.
    pub ring: FontId,
    /// The title bar's tabs.
    pub tab: FontId,
    /// The status bar.
    pub status_bar: FontId,
    /// The scale these were made for.
    pub scale: f32,
}

impl Styles {
    /// The fonts at `scale` (1 = 1 px per point).
    pub fn new(fonts: &FontBook, scale: f32) -> Styles {
        let f = |face, size: f32| fonts.id(face, size * scale);
        Styles {
            bar_title: f(Face::SansBold, 15.0),
            bar_subtitle: f(Face::Sans, 11.0),
            status: f(Face::Mono, 11.5),
            card_title: f(Face::SansBold, 12.5),
            badge: f(Face::Mono, 10.5),
            prose: f(Face::Sans, 10.0),
            code: f(Face::Mono, 9.5),
            footer: f(Face::Mono, 9.5),
            stats: f(Face::Mono, 10.0),
            chip: f(Face::Sans, 10.0),
            label: f(Face::Mono, 8.5),
            ring: f(Face::Mono, 12.0),
            tab: f(Face::Sans, 11.5),
            status_bar: f(Face::Mono, 9.5),
            scale,
        }
    }
}
