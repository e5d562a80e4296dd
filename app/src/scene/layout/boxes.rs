//! What a layout gives: the scene's boxes at one size, in window pixels, on whole pixels.

use crate::geom::Rect;

/// The title bar's boxes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TitleBarLayout {
    pub bar: Rect,
    pub logo: Rect,
    pub title: Rect,
    pub subtitle: Rect,
    /// The animated status text.
    pub status: Rect,
    /// The tabs' row (the tabs are clipped to it).
    pub tab_row: Rect,
    /// Each tab's box (its label with padding), in tab order.
    pub tabs: Vec<Rect>,
}

/// The status bar's boxes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StatusBarLayout {
    pub bar: Rect,
    /// One box per item, left to right.
    pub items: Vec<Rect>,
}

/// The boxes inside a card's visual.
#[derive(Debug, Clone, PartialEq)]
pub enum VisualLayout {
    /// No visual.
    None,
    /// A chart's panel.
    Chart(Rect),
    /// A ring's square and its figures' lines.
    Ring {
        /// The ring's square.
        ring: Rect,
        /// One box per figure line.
        stats: Vec<Rect>,
    },
    /// One box per chip.
    Chips(Vec<Rect>),
    /// One box per swatch.
    Swatches(Vec<Rect>),
}

/// A card's boxes, in window pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct CardLayout {
    pub card: Rect,
    pub header: Rect,
    pub icon: Rect,
    pub title: Rect,
    /// The counter's pill.
    pub badge: Rect,
    /// The visual's boxes.
    pub visual: VisualLayout,
    /// The text's panel (the code panel, or the prose box).
    pub body: Rect,
    /// The text itself.
    pub text: Rect,
    pub footer: Rect,
    /// The card's number, at the footer's right.
    pub tag: Rect,
}

/// The whole scene's boxes at one size.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneLayout {
    pub window: Rect,
    pub title_bar: TitleBarLayout,
    pub grid: Rect,
    pub status_bar: StatusBarLayout,
    /// The cards, in [`CARDS`](crate::scene::model::CARDS) order.
    pub cards: Vec<CardLayout>,
    /// Laid out right to left: what is inside a box moved even where the box did not.
    pub mirrored: bool,
}
