//! What the overview's layout gives: the grid's and the cards' boxes at one size, in window pixels, on whole pixels.

use crate::geom::Rect;

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

/// The overview's boxes at one size, in window pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct GridLayout {
    /// The grid: the body it fills.
    pub grid: Rect,
    /// The cards, in [`CARDS`](super::super::model::CARDS) order.
    pub cards: Vec<CardLayout>,
    /// Laid out right to left: what is inside a box moved even where the box did not.
    pub mirrored: bool,
}
