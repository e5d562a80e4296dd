//! The scene's layout: Yoga trees ([`SceneTree`]: the frame's, and one per card, laid out on two threads), built
//! once and laid out again at every window size, read back into plain rectangles.
//!
//! ```text
//! root (column, the window)
//! ├── title bar (row, 44 px, padding 16, align center, gap 10): logo · title/subtitle · tabs (measured, padded
//! │   pills) · spacer (grow) · status
//! ├── grid (row, wrap, grow 1, padding 14, gap 12, align-content stretch)
//!     └── card x 12 (column, basis 22 %, grow 1, min 200 / max 480 wide, min 150 tall, padding 10, gap 6;
//!         │          each a tree of its own, in a slot of the grid: see [`SceneTree`])
//!         ├── header (row, align center, gap 5): icon 16 · title (grow, measured) · badge (measured, padded)
//!         ├── visual: chart (grows with the text into the card's free height, 44..150 px) · ring row (ring 36 % wide, at most 120 px,
//!         │   with aspect ratio 1, and
//!         │   a column of figures) · chips (a wrapping row of measured, padded pills) · swatches (a row,
//!         │   grow 1/2/1)
//!         ├── text (flex 1.6 1 0, measured: prose wraps to the width it gets, code (padded panel) is cut at it;
//!         │   only the lines that fit the height it gets are drawn)
//!         └── footer (row, justify space-between): a measured line and the card's number
//! └── status bar (row, 24 px, justify space-between): three measured items
//! ```
//!
//! Text nodes measure themselves with Yoga measure functions that wrap pre-shaped runs ([`crate::text`]), so a
//! paragraph's height follows the width Yoga offers. Every length is multiplied by the frame's scale.

mod boxes;
mod build;
mod card_trees;
mod error;
mod measure;
mod outline;
mod pixel_grid;

use std::collections::HashSet;

use goldberry_natives::yoga::{Direction, Edge, FlexDirection, Gutter, LayoutTree, Length, NodeId};
use goldberry_natives::{Goldberry, NativeError};

pub use self::boxes::{CardLayout, SceneLayout, StatusBarLayout, TitleBarLayout, VisualLayout};
use self::build::{Builder, CODE_PADDING, CardNodes, TitleBarNodes, VisualNodes};
use self::card_trees::{CardPass, CardTree, SharedCards, lay_out_cards, lock};
pub use self::error::LayoutError;
pub use self::outline::{LaidBox, Mount, outline};
pub use self::pixel_grid::snap;
use self::pixel_grid::{Placement, placements, rect};
use crate::geom::Rect;
use crate::scene::model::{Body, CARDS, CardSpec};
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;
use crate::ui::settings::Density;

/// How a [`SceneTree`] holds its cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Each card in a tree of its own, laid out on up to two threads; the scene rounds the boxes.
    Split,
    /// The whole scene in one tree, the reference the split trees are laid out to equal.
    OneTree(Rounding),
}

/// Who rounds the boxes to whole pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// The scene, as it reads them (`pixel_grid`): Yoga's own rounding pass is turned off,
    /// since it visits every node with several `fmod`s.
    ByScene,
    /// Yoga's own pass (the tests compare the two).
    ByYoga,
}

/// The scene's Yoga trees: built once, with every length multiplied by its scale and every text shaped for its
/// measure function, then laid out at each window size they are given. Laying a built tree out again at a new
/// size is Yoga's incremental layout: nothing is rebuilt, and each text remembers the sizes it measured.
///
/// **Each card is a tree of its own**, laid out on two threads. The frame's tree (title bar, grid, status bar)
/// holds a leaf per card, a *slot* with the card's place in the grid (22 % of a row, 200 to 480 px wide, at least
/// 150 px tall) whose measure function reports the height the card's content asks for. A pass:
/// 1. the frame's tree, the slots asking for no height: the grid's rows give each card its width (the widths of
///    a wrapping row follow from the bases, growth and limits alone, not from the heights);
/// 2. each card's tree at its width, its height free: the height its content asks for (two threads);
/// 3. the frame's tree again, each slot asking for that height: the rows' heights and the cards' boxes;
/// 4. each card's tree at its box (two threads).
///
/// Yoga lays a card out twice in one tree too (its content's height, then the stretched box); here the two
/// passes of the twelve cards run on two threads. The layout equals the one tree's (a test lays both out at
/// many sizes, record 10), which `SceneTree::one_tree` still builds for the tests.
pub struct SceneTree {
    /// The frame's tree, or the whole scene's in one tree.
    tree: LayoutTree,
    /// The nodes of `tree` that measure text.
    texts: HashSet<NodeId>,
    root: NodeId,
    title_bar: TitleBarNodes,
    grid: NodeId,
    /// The status bar and its items.
    status_bar: (NodeId, Vec<NodeId>),
    cards: Cards,
    scale: f32,
    /// Whether the cards are laid out on two threads (else all on the caller's).
    two_threads: bool,
}

/// Where the cards' nodes are.
enum Cards {
    /// In the frame's tree, under the grid.
    InFrame(Vec<CardNodes>),
    /// Each in a tree of its own.
    Split(SharedCards),
}

impl std::fmt::Debug for SceneTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let card_nodes: usize = match &self.cards {
            Cards::InFrame(_) => 0,
            Cards::Split(cards) => cards.iter().map(|c| lock(c).tree.len()).sum(),
        };
        f.debug_struct("SceneTree")
            .field("nodes", &(self.tree.len() + card_nodes))
            .field("split", &matches!(self.cards, Cards::Split(_)))
            .field("scale", &self.scale)
            .finish()
    }
}

impl SceneTree {
    /// Every box of the last layout (see [`outline`]): the frame's, and each card's when `cards`.
    pub fn outline(&self, cards: bool, into: &mut Vec<LaidBox>) {
        let frame_box = self.tree.layout(self.root);
        let start = into.len();
        outline(&self.tree, self.root, Mount { origin: (frame_box.x, frame_box.y), depth: 0 }, "frame", into);
        // The frame's parts by name: the title bar, the body (the grid of card slots) and the status bar.
        for b in &mut into[start..] {
            for (path, name) in [("frame/0", "title bar"), ("frame/1", "body"), ("frame/2", "status bar")] {
                if let Some(rest) = b.name.strip_prefix(path) {
                    b.name = format!("{name}{rest}");
                }
            }
        }
        if !cards {
            // The slots are laid out on every screen, but only the overview fills them.
            into.retain(|b| !b.name.starts_with("body/"));
            return;
        }
        if let Cards::Split(split) = &self.cards {
            for (i, card) in split.iter().enumerate() {
                let card = lock(card);
                let slot = self.tree.layout(card.slot);
                let mount = Mount { origin: (slot.x, slot.y), depth: 3 };
                outline(&card.tree, card.nodes.card, mount, &format!("card {}", i + 1), into);
            }
        }
    }

    /// Builds the trees with every length multiplied by `scale`, shaping their texts through `text`: the frame's
    /// (with `tabs` in the title bar) and one per card (see the type's docs).
    pub fn build(
        g: &'static Goldberry,
        text: &Timed<'_>,
        styles: &Styles,
        scale: f32,
        tabs: &[&str],
    ) -> Result<SceneTree, NativeError> {
        SceneTree::build_as(g, text, styles, scale, tabs, Shape::Split)
    }

    /// The whole scene in one Yoga tree, the cards under the grid: what [`SceneTree::build`]'s trees are laid out
    /// to equal (the tests compare them), its boxes rounded to whole pixels by `rounding`.
    #[cfg(test)]
    pub(crate) fn one_tree(
        g: &'static Goldberry,
        text: &Timed<'_>,
        styles: &Styles,
        scale: f32,
        tabs: &[&str],
        rounding: Rounding,
    ) -> Result<SceneTree, NativeError> {
        SceneTree::build_as(g, text, styles, scale, tabs, Shape::OneTree(rounding))
    }

    fn build_as(
        g: &'static Goldberry,
        text: &Timed<'_>,
        styles: &Styles,
        scale: f32,
        tabs: &[&str],
        shape: Shape,
    ) -> Result<SceneTree, NativeError> {
        let mut b = Builder::new(g, scale, text)?;
        if shape != Shape::OneTree(Rounding::ByYoga) {
            b.tree.set_point_scale_factor(0.0)?;
        }
        let root = b.tree.add_node()?;
        b.tree.set_flex_direction(root, FlexDirection::Column);
        let title_bar = b.title_bar(root, styles, tabs)?;
        let grid = b.grid(root)?;
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
                Cards::InFrame(cards)
            }
        };
        let status_bar = b.status_bar(root, styles)?;
        Ok(SceneTree {
            tree: b.tree,
            texts: b.texts,
            root,
            title_bar,
            grid,
            status_bar,
            cards,
            scale,
            two_threads: false,
        })
    }

    /// Sets the grid's padding and gaps for `density` (compact: 10 and 8 px where regular has 14 and 12); the next
    /// layout follows.
    pub fn set_density(&mut self, density: Density) {
        let (padding, gap) = match density {
            Density::Regular => (14.0, 12.0),
            Density::Compact => (10.0, 8.0),
        };
        let px = |v: f32| v * self.scale;
        self.tree.set_padding(self.grid, Edge::All, Length::Points(px(padding)));
        self.tree.set_gap(self.grid, Gutter::All, px(gap));
    }

    /// Lays the cards out on two threads when `threads` is more than one (see the type's docs), else all on the
    /// thread that calls [`SceneTree::lay_out`]. One thread by default.
    pub fn set_threads(&mut self, threads: usize) {
        self.two_threads = threads > 1;
    }

    /// Lays the trees out in a `width` x `height` pixel window, rows running from the left or (`Direction::Rtl`, a
    /// mirrored UI) from the right, and reads the scene's boxes back.
    pub fn lay_out(&mut self, width: f32, height: f32, direction: Direction) -> Result<SceneLayout, LayoutError> {
        self.tree.set_width(self.root, Length::Points(width));
        self.tree.set_height(self.root, Length::Points(height));
        // Yoga keeps a percent flex basis it computed (a card's 22 % of the grid) until the node is dirtied, so
        // a new window size alone would leave the cards as wide as before. Only measured leaves can be dirtied:
        // in one tree, the texts (which dirties every box above them; their measure functions still remember the
        // sizes they measured); split, the cards' slots, before each pass over the frame.
        match &mut self.cards {
            Cards::InFrame(_) => {
                for &n in &self.texts {
                    self.tree.mark_dirty(n);
                }
                self.tree.calculate(self.root, width, height, direction)?;
            }
            Cards::Split(cards) => {
                // 1. The cards' widths, their slots asking for no height.
                for card in cards.iter() {
                    let card = lock(card);
                    card.ask_nothing();
                    self.tree.mark_dirty(card.slot);
                }
                self.tree.calculate(self.root, width, height, direction)?;
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
                self.tree.calculate(self.root, width, height, direction)?;
                // 4. Each card's content in its box.
                for card in cards.iter() {
                    let mut card = lock(card);
                    let slot = self.tree.local_layout(card.slot);
                    card.size = (slot.w, slot.h);
                }
                lay_out_cards(cards, CardPass::Fit, direction, self.two_threads)?;
            }
        }
        Ok(self.read_back(width, height, direction))
    }

    /// The boxes of the last pass, on whole pixels.
    fn read_back(&self, width: f32, height: f32, direction: Direction) -> SceneLayout {
        let placed = placements(&self.tree, &self.texts, self.root, None);
        let rect = |n: NodeId| rect(&placed, n);
        let n = &self.title_bar;
        let title_bar = TitleBarLayout {
            bar: rect(n.bar),
            logo: rect(n.logo),
            title: rect(n.title),
            subtitle: rect(n.subtitle),
            status: rect(n.status),
            tab_row: rect(n.tab_row),
            tabs: n.tabs.iter().map(|&n| rect(n)).collect(),
        };
        let (bar, items) = &self.status_bar;
        let status_bar = StatusBarLayout { bar: rect(*bar), items: items.iter().map(|&n| rect(n)).collect() };
        // A card in a tree of its own is placed from its slot's place.
        let split: Vec<_> = match &self.cards {
            Cards::InFrame(_) => Vec::new(),
            Cards::Split(cards) => cards.iter().map(|card| lock(card)).collect(),
        };
        let (card_nodes, own_places): (Vec<&CardNodes>, Vec<Vec<Placement>>) = match &self.cards {
            Cards::InFrame(cards) => (cards.iter().collect(), Vec::new()),
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
                card_layout(nodes, spec, self.scale, |n| self::rect(placed, n))
            })
            .collect();
        SceneLayout {
            window: Rect::new(0.0, 0.0, width, height),
            title_bar,
            grid: rect(self.grid),
            status_bar,
            cards,
            mirrored: direction == Direction::Rtl,
        }
    }
}

/// A card's boxes, read through `rect` from its nodes `c`.
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
