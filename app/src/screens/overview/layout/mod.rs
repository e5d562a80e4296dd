//! The overview's layout: the grid of twelve cards, a Yoga tree of its own laid out in the frame's body, each
//! card a tree of its own in a slot of the grid, laid out on two threads ([`GridTree`]), read back into plain
//! rectangles.
//!
//! ```text
//! grid (row, wrap, the body's size, padding 14, gap 12, align-content stretch)
//! └── card x 12 (column, basis 22 %, grow 1, min 200 / max 480 wide, min 150 tall, padding 10, gap 6;
//!     │          each a tree of its own, in a slot of the grid: see [`GridTree`])
//!     ├── header (row, align center, gap 5): icon 16 · title (grow, measured) · badge (measured, padded)
//!     ├── visual: chart (grows with the text into the card's free height, 44..150 px) · ring row (ring 36 % wide,
//!     │   at most 120 px, with aspect ratio 1, and a column of figures) · chips (a wrapping row of measured,
//!     │   padded pills) · swatches (a row, grow 1/2/1)
//!     ├── text (flex 1.6 1 0, measured: prose wraps to the width it gets, code (padded panel) is cut at it;
//!     │   only the lines that fit the height it gets are drawn)
//!     └── footer (row, justify space-between): a measured line and the card's number
//! ```

mod boxes;
mod build;
mod card_trees;

use std::collections::HashSet;

use goldberry_natives::yoga::{Direction, Edge, Gutter, LayoutTree, Length, NodeId};
use goldberry_natives::{Goldberry, NativeError};

pub use self::boxes::{CardLayout, GridLayout, VisualLayout};
use self::build::{CODE_PADDING, CardNodes, VisualNodes};
use self::card_trees::{CardPass, CardTree, SharedCards, lay_out_cards, lock};
use super::model::{Body, CARDS, CardSpec};
use crate::flame::layouts::{self, Laid};
use crate::geom::Rect;
use crate::scene::layout::{Builder, LaidBox, LayoutError, Mount, Placement, outline, placements, rect};
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;
use crate::ui::settings::Density;

/// How a [`GridTree`] holds its cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Each card in a tree of its own, laid out on up to two threads; the grid rounds the boxes.
    Split,
    /// The whole grid in one tree, the reference the split trees are laid out to equal.
    OneTree(Rounding),
}

/// Who rounds the boxes to whole pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// The grid, as it reads them (`crate::scene::layout`'s pixel grid): Yoga's own rounding pass is turned off,
    /// since it visits every node with several `fmod`s.
    ByScene,
    /// Yoga's own pass (the tests compare the two).
    ByYoga,
}

/// The overview's Yoga trees: built once, with every length multiplied by its scale and every text shaped for
/// its measure function, then laid out at each body size they are given. Laying a built tree out again at a new
/// size is Yoga's incremental layout: nothing is rebuilt, and each text remembers the sizes it measured.
///
/// **Each card is a tree of its own**, laid out on two threads. The grid's tree holds a leaf per card, a *slot*
/// with the card's place in the grid (22 % of a row, 200 to 480 px wide, at least 150 px tall) whose measure
/// function reports the height the card's content asks for. A pass:
/// 1. the grid's tree, the slots asking for no height: the grid's rows give each card its width (the widths of
///    a wrapping row follow from the bases, growth and limits alone, not from the heights);
/// 2. each card's tree at its width, its height free: the height its content asks for (two threads);
/// 3. the grid's tree again, each slot asking for that height: the rows' heights and the cards' boxes;
/// 4. each card's tree at its box (two threads).
///
/// Yoga lays a card out twice in one tree too (its content's height, then the stretched box); here the two
/// passes of the twelve cards run on two threads. The layout equals the one tree's (a test lays both out at
/// many sizes, record 10), which `GridTree::one_tree` still builds for the tests.
pub struct GridTree {
    /// The grid's tree, or the whole grid's with its cards in one tree.
    tree: LayoutTree,
    /// The nodes of `tree` that measure text.
    texts: HashSet<NodeId>,
    grid: NodeId,
    cards: Cards,
    scale: f32,
    /// Whether the cards are laid out on two threads (else all on the caller's).
    two_threads: bool,
}

/// Where the cards' nodes are.
enum Cards {
    /// In the grid's tree.
    InGrid(Vec<CardNodes>),
    /// Each in a tree of its own.
    Split(SharedCards),
}

impl std::fmt::Debug for GridTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let card_nodes: usize = match &self.cards {
            Cards::InGrid(_) => 0,
            Cards::Split(cards) => cards.iter().map(|c| lock(c).tree.len()).sum(),
        };
        f.debug_struct("GridTree")
            .field("nodes", &(self.tree.len() + card_nodes))
            .field("split", &matches!(self.cards, Cards::Split(_)))
            .field("scale", &self.scale)
            .finish()
    }
}

impl GridTree {
    /// Every box of the last layout (see [`outline`]), the grid's at `body`'s corner, each card's in its slot.
    pub fn outline(&self, body: Rect, into: &mut Vec<LaidBox>) {
        // The grid fills the body, and is named as the frame's body was when the grid stood in its tree.
        outline(&self.tree, self.grid, Mount { origin: (body.x, body.y), depth: 1 }, "body", into);
        if let Cards::Split(split) = &self.cards {
            for (i, card) in split.iter().enumerate() {
                let card = lock(card);
                let slot = self.tree.layout(card.slot);
                let mount = Mount { origin: (body.x + slot.x, body.y + slot.y), depth: 3 };
                outline(&card.tree, card.nodes.card, mount, &format!("card {}", i + 1), into);
            }
        }
    }

    /// Builds the trees with every length multiplied by `scale`, shaping their texts through `text`: the grid's
    /// and one per card (see the type's docs).
    pub fn build(
        g: &'static Goldberry,
        text: &Timed<'_>,
        styles: &Styles,
        scale: f32,
    ) -> Result<GridTree, NativeError> {
        GridTree::build_as(g, text, styles, scale, Shape::Split)
    }

    /// The whole grid in one Yoga tree, the cards under it: what [`GridTree::build`]'s trees are laid out to
    /// equal (the tests compare them), its boxes rounded to whole pixels by `rounding`.
    #[cfg(test)]
    pub(crate) fn one_tree(
        g: &'static Goldberry,
        text: &Timed<'_>,
        styles: &Styles,
        scale: f32,
        rounding: Rounding,
    ) -> Result<GridTree, NativeError> {
        GridTree::build_as(g, text, styles, scale, Shape::OneTree(rounding))
    }

    fn build_as(
        g: &'static Goldberry,
        text: &Timed<'_>,
        styles: &Styles,
        scale: f32,
        shape: Shape,
    ) -> Result<GridTree, NativeError> {
        let mut b = Builder::new(g, scale, text)?;
        if shape != Shape::OneTree(Rounding::ByYoga) {
            b.tree.set_point_scale_factor(0.0)?;
        }
        let grid = build::grid(&mut b)?;
        let cards = match shape {
            Shape::Split => {
                let cards = CARDS
                    .iter()
                    .enumerate()
                    .map(|(i, spec)| CardTree::build(&mut b, grid, i, spec, styles))
                    .collect::<Result<Vec<_>, _>>()?;
                Cards::Split(cards.into())
            }
            Shape::OneTree(_) => {
                let cards = CARDS
                    .iter()
                    .enumerate()
                    .map(|(i, spec)| build::card(&mut b, Some(grid), i, spec, styles))
                    .collect::<Result<Vec<_>, _>>()?;
                Cards::InGrid(cards)
            }
        };
        Ok(GridTree { tree: b.tree, texts: b.texts, grid, cards, scale, two_threads: false })
    }

    /// Sets the grid's padding and gaps for `density` (its sheet's `--grid-padding` and `--grid-gap`); the next
    /// layout follows.
    pub fn set_density(&mut self, density: Density) {
        let sizes = density.sizes();
        let (padding, gap) = (sizes.grid_padding, sizes.grid_gap);
        let px = |v: f32| v * self.scale;
        self.tree.set_padding(self.grid, Edge::All, Length::Points(px(padding)));
        self.tree.set_gap(self.grid, Gutter::All, px(gap));
    }

    /// Lays the cards out on two threads when `threads` is more than one (see the type's docs), else all on the
    /// thread that calls [`GridTree::lay_out`]. One thread by default.
    pub fn set_threads(&mut self, threads: usize) {
        self.two_threads = threads > 1;
    }

    /// Lays the trees out in the body `body` (on whole pixels; `size`: its size before rounding), rows running
    /// from the left or (`Direction::Rtl`, a mirrored UI) from the right, and reads the grid's boxes back.
    pub fn lay_out(&mut self, body: Rect, size: (f32, f32), direction: Direction) -> Result<GridLayout, LayoutError> {
        let (width, height) = size;
        self.tree.set_width(self.grid, Length::Points(width));
        self.tree.set_height(self.grid, Length::Points(height));
        // Yoga keeps a percent flex basis it computed (a card's 22 % of the grid) until the node is dirtied, so
        // a new body size alone would leave the cards as wide as before. Only measured leaves can be dirtied:
        // in one tree, the texts (which dirties every box above them; their measure functions still remember the
        // sizes they measured); split, the cards' slots, before each pass over the grid.
        match &mut self.cards {
            Cards::InGrid(_) => {
                for &n in &self.texts {
                    self.tree.mark_dirty(n);
                }
                grid_pass(|| self.tree.calculate(self.grid, width, height, direction))?;
            }
            Cards::Split(cards) => {
                // 1. The cards' widths, their slots asking for no height.
                for card in cards.iter() {
                    let card = lock(card);
                    card.ask_nothing();
                    self.tree.mark_dirty(card.slot);
                }
                grid_pass(|| self.tree.calculate(self.grid, width, height, direction))?;
                for card in cards.iter() {
                    let mut card = lock(card);
                    card.size = (self.tree.local_layout(card.slot).w, f32::NAN);
                }
                // 2. The height each card's content asks for at its width.
                lay_out_cards(cards, CardPass::Ask, direction, self.two_threads)?;
                // 3. The rows and the cards' boxes.
                for card in cards.iter() {
                    self.tree.mark_dirty(lock(card).slot);
                }
                grid_pass(|| self.tree.calculate(self.grid, width, height, direction))?;
                // 4. Each card's content in its box.
                for card in cards.iter() {
                    let mut card = lock(card);
                    let slot = self.tree.local_layout(card.slot);
                    card.size = (slot.w, slot.h);
                }
                lay_out_cards(cards, CardPass::Fit, direction, self.two_threads)?;
            }
        }
        Ok(self.read_back(body, direction))
    }

    /// The boxes of the last pass, on whole pixels, the grid's corner at `body`'s.
    fn read_back(&self, body: Rect, direction: Direction) -> GridLayout {
        let corner = Placement::at(self.tree.local_layout(self.grid), body.x, body.y);
        let placed = placements(&self.tree, &self.texts, self.grid, Some(corner));
        // A card in a tree of its own is placed from its slot's place.
        let split: Vec<_> = match &self.cards {
            Cards::InGrid(_) => Vec::new(),
            Cards::Split(cards) => cards.iter().map(|card| lock(card)).collect(),
        };
        let (card_nodes, own_places): (Vec<&CardNodes>, Vec<Vec<Placement>>) = match &self.cards {
            Cards::InGrid(cards) => (cards.iter().collect(), Vec::new()),
            Cards::Split(_) => split
                .iter()
                .map(|card| {
                    let slot = placed.get(card.slot.index()).copied().unwrap_or_default();
                    (&card.nodes, placements(&card.tree, &card.texts, card.nodes.card, Some(slot)))
                })
                .unzip(),
        };
        let cards = card_nodes
            .iter()
            .zip(&CARDS)
            .enumerate()
            .map(|(i, (nodes, spec))| {
                let placed = own_places.get(i).unwrap_or(&placed);
                card_layout(nodes, spec, self.scale, |n| rect(placed, n))
            })
            .collect();
        GridLayout { grid: rect(&placed, self.grid), cards, mirrored: direction == Direction::Rtl }
    }
}

/// A card's boxes, read through `rect` from its nodes `c`.
/// A pass over the grid of cards, logged for the flame as the cards widget's.
fn grid_pass<T>(pass: impl FnOnce() -> T) -> T {
    layouts::timed(Laid::Widget(crate::screens::overview::CARDS, None), pass)
}

fn card_layout(c: &CardNodes, spec: &CardSpec, scale: f32, rect: impl Fn(NodeId) -> Rect) -> CardLayout {
    CardLayout {
        // Cards sit on whole pixels, so their edges (and their layers) are crisp.
        card: rect(c.card),
        header: rect(c.header),
        icon: rect(c.icon),
        title: rect(c.title),
        badge: rect(c.badge),
        visual: match &c.visual {
            VisualNodes::None => VisualLayout::None,
            VisualNodes::Chart(n) => VisualLayout::Chart(rect(*n)),
            VisualNodes::Ring(ring, stats) => {
                VisualLayout::Ring { ring: rect(*ring), stats: stats.iter().map(|&n| rect(n)).collect() }
            }
            VisualNodes::Chips(chips) => VisualLayout::Chips(chips.iter().map(|&n| rect(n)).collect()),
            VisualNodes::Swatches(s) => VisualLayout::Swatches(s.iter().map(|&n| rect(n)).collect()),
        },
        body: rect(c.body),
        text: match spec.body {
            Body::Prose(_) => rect(c.body),
            Body::Code(_) => {
                let r = rect(c.body);
                let (h, v) = (CODE_PADDING.0 * scale, CODE_PADDING.1 * scale);
                Rect::new(r.x + h, r.y + v, (r.w - 2.0 * h).max(0.0), (r.h - 2.0 * v).max(0.0))
            }
        },
        footer: rect(c.footer),
        tag: rect(c.tag),
    }
}

#[cfg(test)]
mod tests;
