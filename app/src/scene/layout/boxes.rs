//! What the frame's layout gives: its boxes at one size, in window pixels, on whole pixels.

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

/// The frame's boxes at one size.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneLayout {
    pub window: Rect,
    pub title_bar: TitleBarLayout,
    /// The body, between the bars, on whole pixels.
    pub body: Rect,
    /// The body's size before rounding: a screen whose own tree stands for a box of the frame's (the overview's
    /// grid) lays it out at this size, so its boxes round as they would in one tree.
    pub body_size: (f32, f32),
    pub status_bar: StatusBarLayout,
    /// Laid out right to left: what is inside a box moved even where the box did not.
    pub mirrored: bool,
}
