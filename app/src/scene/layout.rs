//! The scene's layout: Yoga trees ([`SceneTree`]: the frame's, and one per card, laid out on two threads), built
//! once and laid out again at every window size, read back into plain rectangles.
//!
//! ```text
//! root (column, the window)
//! ├── title bar (row, 44 px, padding 16, align center, gap 10): logo · title/subtitle · menu · spacer (grow) ·
//! │   status · buttons
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

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use goldberry_natives::glyphs::GlyphRun;
use goldberry_natives::yoga::{
    Align, Edge, FlexDirection, Gutter, Justify, LayoutTree, Length, MeasureInput, MeasureMode, NodeId, Overflow, Wrap,
};
use goldberry_natives::{Goldberry, NativeError};

use crate::display_list::{FontId, Rect};
use crate::scene::model::{Body, CARDS, CardSpec, Visual};
use crate::scene::typeset::{Styles, Timed};
use crate::text::break_lines;

/// The title bar's boxes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TitleBarLayout {
    /// The whole bar.
    pub bar: Rect,
    /// The logo icon.
    pub logo: Rect,
    /// The title text.
    pub title: Rect,
    /// The subtitle text.
    pub subtitle: Rect,
    /// The animated status text.
    pub status: Rect,
    /// The menu's row (its labels are clipped to it).
    pub menu_row: Rect,
    /// The menu's labels.
    pub menu: Vec<Rect>,
    /// The three window buttons.
    pub buttons: Vec<Rect>,
}

/// The status bar's boxes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StatusBarLayout {
    /// The whole bar.
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
    /// The card.
    pub card: Rect,
    /// The header row.
    pub header: Rect,
    /// The icon.
    pub icon: Rect,
    /// The title.
    pub title: Rect,
    /// The counter's pill.
    pub badge: Rect,
    /// The visual's boxes.
    pub visual: VisualLayout,
    /// The text's panel (the code panel, or the prose box).
    pub body: Rect,
    /// The text itself.
    pub text: Rect,
    /// The footer line.
    pub footer: Rect,
    /// The card's number, at the footer's right.
    pub tag: Rect,
}

/// The whole scene's boxes at one size.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneLayout {
    /// The window.
    pub window: Rect,
    /// The title bar.
    pub title_bar: TitleBarLayout,
    /// The grid area.
    pub grid: Rect,
    /// The status bar.
    pub status_bar: StatusBarLayout,
    /// The cards, in [`CARDS`] order.
    pub cards: Vec<CardLayout>,
}

/// Shaped text a measure function sizes: hard lines with their runs, at a size, wrapped or not.
struct Measured {
    pieces: Vec<(String, Arc<GlyphRun>)>,
    size_px: f32,
    line_height: f32,
    wrap: bool,
    /// A text box that takes the height it is given and shows the lines that fit: it asks for no height of its
    /// own, so a long text never makes its card (or the card's row) taller.
    fill: bool,
    /// The sizes already computed, by offered width (Yoga asks the same node several times a pass).
    memo: Vec<(u32, (f32, f32))>,
}

impl Measured {
    /// (width, height) of the text wrapped at `max_width` (unwrapped when it does not wrap).
    fn size(&self, max_width: f32) -> (f32, f32) {
        let mut lines = 0;
        let mut width = 0.0f32;
        let scale = |run: &GlyphRun, units: i64| {
            if run.units_per_em == 0 { 0.0 } else { units as f32 * self.size_px / run.units_per_em as f32 }
        };
        for (text, run) in &self.pieces {
            if self.wrap {
                for (_, units) in break_lines(text, run, self.size_px, max_width) {
                    lines += 1;
                    width = width.max(scale(run, units));
                }
            } else {
                lines += 1;
                width = width.max(run.width_px(self.size_px));
            }
        }
        (width.ceil(), lines as f32 * self.line_height)
    }

    fn measure(&mut self, input: MeasureInput) -> (f32, f32) {
        let available = match input.width_mode {
            MeasureMode::Undefined => f32::INFINITY,
            _ if input.width.is_finite() => input.width,
            _ => f32::INFINITY,
        };
        let key = available.to_bits();
        let (w, h) = match self.memo.iter().find(|(k, _)| *k == key) {
            Some(&(_, size)) => size,
            None => {
                let size = self.size(available);
                if self.memo.len() >= 8 {
                    self.memo.remove(0);
                }
                self.memo.push((key, size));
                size
            }
        };
        let w = match input.width_mode {
            MeasureMode::Exactly => input.width,
            MeasureMode::AtMost => w.min(input.width),
            MeasureMode::Undefined => w,
        };
        let h = match input.height_mode {
            MeasureMode::Exactly => input.height,
            _ if self.fill => 0.0,
            MeasureMode::AtMost => h.min(input.height),
            MeasureMode::Undefined => h,
        };
        (w, h)
    }
}

/// Builds the tree: nodes plus what to read back.
struct Builder<'a> {
    tree: LayoutTree,
    /// The nodes that measure text.
    texts: HashSet<NodeId>,
    s: f32,
    text: &'a Timed<'a>,
}

impl Builder<'_> {
    fn px(&self, v: f32) -> f32 {
        v * self.s
    }

    fn child(&mut self, parent: NodeId) -> Result<NodeId, NativeError> {
        let n = self.tree.add_node()?;
        self.tree.add_child(parent, n)?;
        Ok(n)
    }

    /// A leaf that measures `text` in `font`, one line per hard line.
    fn text(&mut self, parent: NodeId, font: FontId, text: &str, wrap: bool) -> Result<NodeId, NativeError> {
        self.measured(parent, font, text, wrap, false)
    }

    /// A text box: wraps `text` to the width it gets (or not), asks for no height (see `Measured::fill`),
    /// grows into the space its parent leaves.
    fn text_box(&mut self, parent: NodeId, font: FontId, text: &str, wrap: bool) -> Result<NodeId, NativeError> {
        let n = self.measured(parent, font, text, wrap, true)?;
        self.tree.set_flex_grow(n, 1.0);
        self.tree.set_flex_shrink(n, 1.0);
        self.tree.set_flex_basis(n, Length::Points(0.0));
        Ok(n)
    }

    fn measured(
        &mut self,
        parent: NodeId,
        font: FontId,
        text: &str,
        wrap: bool,
        fill: bool,
    ) -> Result<NodeId, NativeError> {
        let n = self.child(parent)?;
        let pieces = text.split('\n').map(|piece| (piece.to_owned(), self.text.shape(font, piece))).collect();
        let mut measured = Measured {
            pieces,
            size_px: self.text.fonts().size_px(font),
            line_height: self.text.fonts().metrics(font).line_height,
            wrap,
            fill,
            memo: Vec::new(),
        };
        self.tree.set_measure(n, move |input| measured.measure(input));
        self.texts.insert(n);
        Ok(n)
    }

    /// A fixed square.
    fn square(&mut self, parent: NodeId, side: f32) -> Result<NodeId, NativeError> {
        let n = self.child(parent)?;
        self.tree.set_width(n, Length::Points(side));
        self.tree.set_height(n, Length::Points(side));
        self.tree.set_flex_shrink(n, 0.0);
        Ok(n)
    }

    /// A pill: a measured text with padding `(h, v)` around it (one node: Yoga adds a measured leaf's padding).
    fn pill(&mut self, parent: NodeId, font: FontId, text: &str, h: f32, v: f32) -> Result<NodeId, NativeError> {
        let n = self.text(parent, font, text, false)?;
        self.tree.set_padding(n, Edge::Horizontal, Length::Points(h));
        self.tree.set_padding(n, Edge::Vertical, Length::Points(v));
        Ok(n)
    }
}

/// The node ids of one card, to read back after the pass.
struct CardNodes {
    card: NodeId,
    header: NodeId,
    icon: NodeId,
    title: NodeId,
    badge: NodeId,
    visual: VisualNodes,
    body: NodeId,
    footer: NodeId,
    tag: NodeId,
}

enum VisualNodes {
    None,
    Chart(NodeId),
    Ring(NodeId, Vec<NodeId>),
    Chips(Vec<NodeId>),
    Swatches(Vec<NodeId>),
}

/// The number shown at the right of card `index`'s footer.
pub fn card_tag(index: usize) -> String {
    format!("{:02}/{}", index + 1, CARDS.len())
}

/// Gives `n` a card's place in the grid: 22 % of the row, growing and shrinking, 200 to 480 px wide, at least
/// 150 px tall.
fn card_in_grid(b: &mut Builder<'_>, n: NodeId) {
    let (min_w, max_w, min_h) = (b.px(200.0), b.px(480.0), b.px(150.0));
    let t = &mut b.tree;
    t.set_flex_basis(n, Length::Percent(22.0));
    t.set_flex_grow(n, 1.0);
    t.set_flex_shrink(n, 1.0);
    t.set_min_width(n, Length::Points(min_w));
    t.set_max_width(n, Length::Points(max_w));
    t.set_min_height(n, Length::Points(min_h));
}

/// Builds card `index` under `grid`, or as the root of `b`'s tree when `grid` is `None` (a card laid out on its
/// own, see [`SceneTree`]).
fn build_card(
    b: &mut Builder<'_>,
    grid: Option<NodeId>,
    index: usize,
    spec: &CardSpec,
    styles: &Styles,
) -> Result<CardNodes, NativeError> {
    let card = match grid {
        Some(grid) => b.child(grid)?,
        None => b.tree.add_node()?,
    };
    card_in_grid(b, card);
    let (pad, gap) = (b.px(10.0), b.px(5.0));
    let t = &mut b.tree;
    t.set_flex_direction(card, FlexDirection::Column);
    t.set_padding(card, Edge::All, Length::Points(pad));
    t.set_gap(card, Gutter::All, gap);

    let header = b.child(card)?;
    b.tree.set_flex_direction(header, FlexDirection::Row);
    b.tree.set_align_items(header, Align::Center);
    b.tree.set_gap(header, Gutter::Column, gap);
    b.tree.set_min_height(header, Length::Points(b.px(22.0)));
    let icon_side = b.px(16.0);
    let icon = b.square(header, icon_side)?;
    let title = b.text(header, styles.card_title, spec.title, false)?;
    b.tree.set_flex_grow(title, 1.0);
    b.tree.set_flex_shrink(title, 1.0);
    let template = "0".repeat(spec.counter.width);
    let (ph, pv) = (b.px(7.0), b.px(2.0));
    let badge = b.pill(header, styles.badge, &template, ph, pv)?;

    let visual = match spec.visual {
        Visual::None => VisualNodes::None,
        Visual::LineChart { .. } | Visual::BarChart { .. } => {
            let chart = b.child(card)?;
            // Grown into the card's free height with the text (a percent height would resolve against the
            // grid's height while Yoga sizes the row, making every row with a chart too tall).
            b.tree.set_flex_grow(chart, 1.0);
            b.tree.set_flex_shrink(chart, 1.0);
            b.tree.set_flex_basis(chart, Length::Points(0.0));
            b.tree.set_min_height(chart, Length::Points(b.px(44.0)));
            b.tree.set_max_height(chart, Length::Points(b.px(150.0)));
            VisualNodes::Chart(chart)
        }
        Visual::Ring { stats, .. } => {
            let row = b.child(card)?;
            b.tree.set_flex_direction(row, FlexDirection::Row);
            b.tree.set_align_items(row, Align::Center);
            b.tree.set_gap(row, Gutter::Column, b.px(12.0));
            let ring = b.child(row)?;
            b.tree.set_width(ring, Length::Percent(36.0));
            b.tree.set_max_width(ring, Length::Points(b.px(120.0)));
            b.tree.set_aspect_ratio(ring, 1.0);
            let column = b.child(row)?;
            b.tree.set_flex_grow(column, 1.0);
            b.tree.set_flex_shrink(column, 1.0);
            b.tree.set_justify_content(column, Justify::Center);
            b.tree.set_gap(column, Gutter::Row, b.px(2.0));
            let lines = stats.iter().map(|line| b.text(column, styles.stats, line, false)).collect::<Result<_, _>>()?;
            VisualNodes::Ring(ring, lines)
        }
        Visual::Chips(labels) => {
            let row = b.child(card)?;
            b.tree.set_flex_direction(row, FlexDirection::Row);
            b.tree.set_flex_wrap(row, Wrap::Wrap);
            b.tree.set_gap(row, Gutter::All, b.px(4.0));
            let (ph, pv) = (b.px(6.0), b.px(2.0));
            let chips = labels.iter().map(|label| b.pill(row, styles.chip, label, ph, pv)).collect::<Result<_, _>>()?;
            VisualNodes::Chips(chips)
        }
        Visual::Swatches => {
            let row = b.child(card)?;
            b.tree.set_flex_direction(row, FlexDirection::Row);
            b.tree.set_gap(row, Gutter::Column, gap);
            b.tree.set_height(row, Length::Points(b.px(40.0)));
            let swatches = [1.0, 2.0, 1.0]
                .iter()
                .map(|&grow| {
                    let n = b.child(row)?;
                    b.tree.set_flex_grow(n, grow);
                    b.tree.set_flex_shrink(n, 1.0);
                    b.tree.set_flex_basis(n, Length::Points(0.0));
                    Ok(n)
                })
                .collect::<Result<_, NativeError>>()?;
            VisualNodes::Swatches(swatches)
        }
    };

    // The text box: prose on the card, or code on a panel (the same node, with padding).
    let body = match spec.body {
        Body::Prose(prose) => b.text_box(card, styles.prose, prose, true)?,
        Body::Code(code) => {
            let body = b.text_box(card, styles.code, code, false)?;
            b.tree.set_padding(body, Edge::Horizontal, Length::Points(b.px(CODE_PADDING.0)));
            b.tree.set_padding(body, Edge::Vertical, Length::Points(b.px(CODE_PADDING.1)));
            body
        }
    };
    b.tree.set_flex_grow(body, 1.6);
    b.tree.set_min_height(body, Length::Points(0.0));
    let footer_row = b.child(card)?;
    b.tree.set_flex_direction(footer_row, FlexDirection::Row);
    b.tree.set_justify_content(footer_row, Justify::SpaceBetween);
    b.tree.set_gap(footer_row, Gutter::Column, gap);
    let footer = b.text(footer_row, styles.footer, spec.footer, false)?;
    b.tree.set_flex_shrink(footer, 1.0);
    b.tree.set_min_width(footer, Length::Points(0.0));
    let tag = b.text(footer_row, styles.footer, &card_tag(index), false)?;
    Ok(CardNodes { card, header, icon, title, badge, visual, body, footer, tag })
}

/// `rect` with its edges rounded to whole pixels.
pub fn snap(rect: Rect) -> Rect {
    let (x, y) = (rect.x.round(), rect.y.round());
    Rect::new(x, y, (rect.right().round() - x).max(0.0), (rect.bottom().round() - y).max(0.0))
}

/// Yoga's test for values equal within rounding noise.
fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.0001
}

/// Yoga 3's `roundValueToPixelGrid` at one point per pixel: `value` to the nearest whole pixel (a half up),
/// or up or down when told; a value within noise of a whole pixel is that pixel.
fn on_pixel_grid(value: f64, ceil: bool, floor: bool) -> f32 {
    // Yoga's `fmod` and a turn up for a negative value, without the call: `fmod` is most of this function.
    let fraction = value - value.floor();
    let whole = value - fraction;
    let rounded = if near(fraction, 0.0) {
        whole
    } else if near(fraction, 1.0) || ceil {
        whole + 1.0
    } else if floor {
        whole
    } else if fraction > 0.5 || near(fraction, 0.5) {
        whole + 1.0
    } else {
        whole
    };
    rounded as f32
}

/// The padding of a code panel (horizontal, vertical), before scaling.
const CODE_PADDING: (f32, f32) = (8.0, 6.0);

/// The title bar's menu.
pub const MENU: [&str; 5] = ["Scene", "Layers", "Bands", "Trace", "Help"];

/// The status bar's items, left to right.
pub const STATUS_ITEMS: [&str; 3] = [
    "ready \u{b7} 12 cards in 3 rows \u{b7} Inter 10 px, JetBrains Mono 9.5 px",
    "layers 15 \u{b7} bands 2 \u{b7} budget 16.7 ms",
    "libgoldberry: Blend2D beta, Yoga 3, HarfBuzz 8.4 \u{b7} SDL 2",
];

/// The template the title bar's status is laid out for (the animated text is never wider).
pub const STATUS_TEMPLATE: &str = "frame 000000  000.00 s  0000x0000";

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
/// many sizes), which `SceneTree::build_rounded_by` still builds for the tests.
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

/// One card laid out on its own (see [`SceneTree`]).
struct CardTree {
    /// The card's tree: `nodes.card` is its root.
    tree: LayoutTree,
    /// The nodes of `tree` that measure text.
    texts: HashSet<NodeId>,
    nodes: CardNodes,
    /// The card's leaf in the frame's grid.
    slot: NodeId,
    /// The height the card's content asks for (`f32` bits), which the slot's measure function reports.
    asks: Arc<AtomicU32>,
    /// The width (and, for [`CardPass::Fit`], height) the next pass lays the card out at.
    size: (f32, f32),
    /// What the last pass of this card returned.
    outcome: Result<(), NativeError>,
}

/// The two passes of a card (see [`SceneTree`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CardPass {
    /// At its width, its height free: the height its content asks for.
    Ask,
    /// In its box.
    Fit,
}

/// The cards' trees, shared with the pool thread that helps lay them out.
type SharedCards = Arc<[Mutex<CardTree>]>;

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

/// The title bar's node ids.
struct TitleBarNodes {
    bar: NodeId,
    logo: NodeId,
    title: NodeId,
    subtitle: NodeId,
    status: NodeId,
    menu_row: NodeId,
    menu: Vec<NodeId>,
    buttons: Vec<NodeId>,
}

impl SceneTree {
    /// Builds the trees with every length multiplied by `scale`, shaping their texts through `text`: the frame's
    /// and one per card (see the type's docs).
    pub fn build(
        g: &'static Goldberry,
        text: &Timed<'_>,
        styles: &Styles,
        scale: f32,
    ) -> Result<SceneTree, NativeError> {
        SceneTree::build_with(g, text, styles, scale, false, true)
    }

    /// The whole scene in one Yoga tree, the cards under the grid: what [`SceneTree::build`]'s trees are laid out
    /// to equal (the tests compare them). Its boxes are rounded to whole pixels by Yoga's own pass when
    /// `yoga_rounds` (the tests compare that too), else as they are read (`SceneTree::rect`).
    #[cfg(test)]
    pub(crate) fn build_rounded_by(
        g: &'static Goldberry,
        text: &Timed<'_>,
        styles: &Styles,
        scale: f32,
        yoga_rounds: bool,
    ) -> Result<SceneTree, NativeError> {
        SceneTree::build_with(g, text, styles, scale, yoga_rounds, false)
    }

    fn build_with(
        g: &'static Goldberry,
        text: &Timed<'_>,
        styles: &Styles,
        scale: f32,
        yoga_rounds: bool,
        split: bool,
    ) -> Result<SceneTree, NativeError> {
        let mut b = Builder { tree: LayoutTree::new(g)?, texts: HashSet::new(), s: scale, text };
        // Yoga's own rounding to the pixel grid, a pass over every node with several `fmod`s each, took 14 % of the
        // calculation here; the scene rounds the boxes it reads itself, the same way (`rect`).
        if !yoga_rounds {
            b.tree.set_point_scale_factor(0.0)?;
        }
        let root = b.tree.add_node()?;
        b.tree.set_flex_direction(root, FlexDirection::Column);

        // The title bar.
        let bar = b.child(root)?;
        b.tree.set_flex_direction(bar, FlexDirection::Row);
        b.tree.set_align_items(bar, Align::Center);
        b.tree.set_height(bar, Length::Points(b.px(44.0)));
        b.tree.set_padding(bar, Edge::Horizontal, Length::Points(b.px(16.0)));
        b.tree.set_gap(bar, Gutter::Column, b.px(10.0));
        let logo_side = b.px(24.0);
        let logo = b.square(bar, logo_side)?;
        let titles = b.child(bar)?;
        let title = b.text(titles, styles.bar_title, "goldberry", false)?;
        let subtitle = b.text(titles, styles.bar_subtitle, "Blend2D \u{b7} Yoga \u{b7} HarfBuzz \u{b7} SDL2", false)?;
        let menu_row = b.child(bar)?;
        b.tree.set_flex_direction(menu_row, FlexDirection::Row);
        b.tree.set_gap(menu_row, Gutter::Column, b.px(14.0));
        b.tree.set_margin(menu_row, Edge::Left, Length::Points(b.px(18.0)));
        // In a narrow window the menu gives way first (and is clipped), then the status.
        b.tree.set_flex_shrink(menu_row, 1.0);
        b.tree.set_min_width(menu_row, Length::Points(0.0));
        b.tree.set_overflow(menu_row, Overflow::Hidden);
        let menu =
            MENU.iter().map(|label| b.text(menu_row, styles.menu, label, false)).collect::<Result<Vec<_>, _>>()?;
        let spacer = b.child(bar)?;
        b.tree.set_flex_grow(spacer, 1.0);
        let status = b.text(bar, styles.status, STATUS_TEMPLATE, false)?;
        b.tree.set_flex_shrink(status, 1.0);
        b.tree.set_min_width(status, Length::Points(0.0));
        let buttons_row = b.child(bar)?;
        b.tree.set_flex_direction(buttons_row, FlexDirection::Row);
        b.tree.set_gap(buttons_row, Gutter::Column, b.px(6.0));
        let button_side = b.px(22.0);
        let buttons = (0..3).map(|_| b.square(buttons_row, button_side)).collect::<Result<Vec<_>, _>>()?;

        // The grid of cards.
        let grid = b.child(root)?;
        b.tree.set_flex_direction(grid, FlexDirection::Row);
        b.tree.set_flex_wrap(grid, Wrap::Wrap);
        b.tree.set_flex_grow(grid, 1.0);
        b.tree.set_flex_shrink(grid, 1.0);
        b.tree.set_padding(grid, Edge::All, Length::Points(b.px(14.0)));
        b.tree.set_gap(grid, Gutter::All, b.px(12.0));
        b.tree.set_align_content(grid, Align::Stretch);
        b.tree.set_align_items(grid, Align::Stretch);
        let cards = if split {
            let mut cards = Vec::with_capacity(CARDS.len());
            for (i, spec) in CARDS.iter().enumerate() {
                let slot = b.child(grid)?;
                card_in_grid(&mut b, slot);
                let asks = Arc::new(AtomicU32::new(0));
                let height = Arc::clone(&asks);
                b.tree.set_measure(slot, move |input| {
                    let width = if input.width.is_finite() { input.width } else { 0.0 };
                    (width, f32::from_bits(height.load(Ordering::Relaxed)))
                });
                let mut own = Builder { tree: LayoutTree::new(g)?, texts: HashSet::new(), s: scale, text };
                own.tree.set_point_scale_factor(0.0)?;
                let nodes = build_card(&mut own, None, i, spec, styles)?;
                let card =
                    CardTree { tree: own.tree, texts: own.texts, nodes, slot, asks, size: (0.0, 0.0), outcome: Ok(()) };
                cards.push(Mutex::new(card));
            }
            Cards::Split(cards.into())
        } else {
            let cards = CARDS
                .iter()
                .enumerate()
                .map(|(i, spec)| build_card(&mut b, Some(grid), i, spec, styles))
                .collect::<Result<Vec<_>, _>>()?;
            Cards::InFrame(cards)
        };

        // The status bar.
        let status_bar = b.child(root)?;
        b.tree.set_flex_direction(status_bar, FlexDirection::Row);
        b.tree.set_justify_content(status_bar, Justify::SpaceBetween);
        b.tree.set_align_items(status_bar, Align::Center);
        b.tree.set_height(status_bar, Length::Points(b.px(24.0)));
        b.tree.set_padding(status_bar, Edge::Horizontal, Length::Points(b.px(16.0)));
        b.tree.set_gap(status_bar, Gutter::Column, b.px(16.0));
        let items = STATUS_ITEMS
            .iter()
            .map(|item| b.text(status_bar, styles.status_bar, item, false))
            .collect::<Result<Vec<_>, _>>()?;
        for &item in &items {
            b.tree.set_flex_shrink(item, 1.0);
            b.tree.set_min_width(item, Length::Points(0.0));
        }
        Ok(SceneTree {
            tree: b.tree,
            texts: b.texts,
            root,
            title_bar: TitleBarNodes { bar, logo, title, subtitle, status, menu_row, menu, buttons },
            grid,
            status_bar: (status_bar, items),
            cards,
            scale,
            two_threads: false,
        })
    }

    /// Lays the cards out on two threads when `threads` is more than one (see the type's docs), else all on the
    /// thread that calls [`SceneTree::lay_out`]. One thread by default.
    pub fn set_threads(&mut self, threads: usize) {
        self.two_threads = threads > 1;
    }

    /// Lays the trees out in a `width` x `height` pixel window and reads the scene's boxes back.
    pub fn lay_out(&mut self, width: f32, height: f32) -> Result<SceneLayout, NativeError> {
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
                self.tree.calculate(self.root, width, height)?;
            }
            Cards::Split(cards) => {
                // 1. The cards' widths, their slots asking for no height.
                for card in cards.iter() {
                    let card = lock(card);
                    card.asks.store(0f32.to_bits(), Ordering::Relaxed);
                    self.tree.mark_dirty(card.slot);
                }
                self.tree.calculate(self.root, width, height)?;
                for card in cards.iter() {
                    let mut card = lock(card);
                    card.size = (self.tree.local_layout(card.slot).w, f32::NAN);
                }
                // 2. The height each card's content asks for at its width.
                lay_out_cards(cards, CardPass::Ask, self.two_threads)?;
                // 3. The rows and the cards' boxes.
                for card in cards.iter() {
                    self.tree.mark_dirty(lock(card).slot);
                }
                self.tree.calculate(self.root, width, height)?;
                // 4. Each card's content in its box.
                for card in cards.iter() {
                    let mut card = lock(card);
                    let slot = self.tree.local_layout(card.slot);
                    card.size = (slot.w, slot.h);
                }
                lay_out_cards(cards, CardPass::Fit, self.two_threads)?;
            }
        }
        let placed = placements(&self.tree, &self.texts, self.root, None);
        let rect = |n: NodeId| rect(&placed, n);
        let n = &self.title_bar;
        let title_bar = TitleBarLayout {
            bar: rect(n.bar),
            logo: rect(n.logo),
            title: rect(n.title),
            subtitle: rect(n.subtitle),
            status: rect(n.status),
            menu_row: rect(n.menu_row),
            menu: n.menu.iter().map(|&n| rect(n)).collect(),
            buttons: n.buttons.iter().map(|&n| rect(n)).collect(),
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
            .map(|(i, (c, spec))| {
                let placed = own_places.get(i).unwrap_or(&placed);
                let rect = |n: NodeId| self::rect(placed, n);
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
                            let (h, v) = (CODE_PADDING.0 * self.scale, CODE_PADDING.1 * self.scale);
                            Rect::new(r.x + h, r.y + v, (r.w - 2.0 * h).max(0.0), (r.h - 2.0 * v).max(0.0))
                        }
                    },
                    footer: rect(c.footer),
                    tag: rect(c.tag),
                }
            })
            .collect();
        Ok(SceneLayout {
            window: Rect::new(0.0, 0.0, width, height),
            title_bar,
            grid: rect(self.grid),
            status_bar,
            cards,
        })
    }
}

impl CardTree {
    /// Runs `pass` on the card at its `size`.
    fn run(&mut self, pass: CardPass) -> Result<(), NativeError> {
        let (root, (width, height)) = (self.nodes.card, self.size);
        self.tree.set_width(root, Length::Points(width));
        match pass {
            // The card's texts are not dirtied, unlike the frame's: no node of a card has a percent flex basis
            // for Yoga to keep, a new width alone lays the card out again, and dirtying them also threw away what
            // Yoga had measured in the pass before: on one thread, a cold 960x640 frame's whole layout took
            // about 0.8 ms with it and 0.5 ms without.
            CardPass::Ask => {
                self.tree.set_height(root, Length::Auto);
                self.tree.calculate(root, width, f32::NAN)?;
                self.asks.store(self.tree.local_layout(root).h.to_bits(), Ordering::Relaxed);
                Ok(())
            }
            CardPass::Fit => {
                self.tree.set_height(root, Length::Points(height));
                self.tree.calculate(root, width, height)
            }
        }
    }
}

/// A card's lock, whether or not a thread panicked while holding it (a pass leaves a card's tree whole: Yoga does
/// not unwind, and a measure function's panic is caught at the boundary).
fn lock(card: &Mutex<CardTree>) -> MutexGuard<'_, CardTree> {
    card.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `pass` on every card. With `helped`, a pool thread (awake by then, see
/// [`crate::raster::Renderer::wake_band_threads`]) takes cards too: each thread takes the next card nobody has
/// taken, so the calling thread never waits for a helper that has not started (a busy or descheduled core), only
/// for a card a helper is laying out. Returns the first error, in card order.
fn lay_out_cards(cards: &SharedCards, pass: CardPass, helped: bool) -> Result<(), NativeError> {
    let next = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicUsize::new(0));
    if helped {
        let (cards, next, done) = (Arc::clone(cards), Arc::clone(&next), Arc::clone(&done));
        rayon::spawn(move || take_cards(&cards, pass, &next, &done));
    }
    take_cards(cards, pass, &next, &done);
    while done.load(Ordering::Acquire) < cards.len() {
        std::hint::spin_loop();
    }
    cards.iter().try_for_each(|card| std::mem::replace(&mut lock(card).outcome, Ok(())))
}

/// Takes cards from `next` and runs `pass` on each until none is left, counting each one `done`.
fn take_cards(cards: &[Mutex<CardTree>], pass: CardPass, next: &AtomicUsize, done: &AtomicUsize) {
    while let Some(card) = cards.get(next.fetch_add(1, Ordering::Relaxed)) {
        let mut card = lock(card);
        // A panic must not leave the card uncounted (the caller waits for every card): it becomes the outcome.
        card.outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| card.run(pass)))
            .unwrap_or_else(|_| Err(NativeError::InvalidArgument("laying a card out panicked".to_owned())));
        drop(card);
        done.fetch_add(1, Ordering::Release);
    }
}

/// Every node's place after a pass, from `root` down: its box relative to its parent, and its left and top edges
/// in the window, unrounded and as Yoga 3's own pass (`roundLayoutResultsToPixelGrid`, at one point per pixel)
/// would have rounded them: each position on the way down rounded relative to its parent. `root_place` is the
/// root's own place when it is a card laid out on its own (its slot's place in the frame's tree).
fn placements(
    tree: &LayoutTree,
    texts: &HashSet<NodeId>,
    root: NodeId,
    root_place: Option<Placement>,
) -> Vec<Placement> {
    let mut placed = vec![Placement::default(); tree.len()];
    let mut stack = Vec::new();
    match root_place {
        Some(p) => {
            if let Some(slot) = placed.get_mut(root.index()) {
                *slot = p;
            }
            stack.extend(tree.children(root).iter().map(|&child| (child, p.left, p.top)));
        }
        None => stack.push((root, (0.0, 0.0), (0.0, 0.0))),
    }
    while let Some((n, (left, rounded_left), (top, rounded_top))) = stack.pop() {
        let local = tree.local_layout(n);
        let text = texts.contains(&n);
        let (x, y) = (f64::from(local.x), f64::from(local.y));
        let p = Placement {
            local,
            text,
            left: (left + x, rounded_left + on_pixel_grid(x, false, text)),
            top: (top + y, rounded_top + on_pixel_grid(y, false, text)),
        };
        if let Some(slot) = placed.get_mut(n.index()) {
            *slot = p;
        }
        stack.extend(tree.children(n).iter().map(|&child| (child, p.left, p.top)));
    }
    placed
}

/// A node's place after a pass (see [`placements`]).
#[derive(Debug, Clone, Copy, Default)]
struct Placement {
    local: goldberry_natives::yoga::Rect,
    /// Whether the node measures text.
    text: bool,
    /// The left edge in the window: (unrounded, rounded).
    left: (f64, f32),
    /// The top edge in the window: (unrounded, rounded).
    top: (f64, f32),
}

/// `n`'s box on whole pixels (boxes Yoga rounded stay as they are), rounded exactly as Yoga 3's own pass
/// would have rounded it: its position as placed, its size from its unrounded edges; a text's box floored at
/// its start and grown at its end (its lines keep the room they were measured in).
fn rect(placed: &[Placement], n: NodeId) -> Rect {
    let Some(&Placement { local, text, left, top }) = placed.get(n.index()) else { return Rect::default() };
    let size = |start: f64, length: f32| {
        let fraction = f64::from(length) - f64::from(length).floor();
        let fractional = !(near(fraction, 0.0) || near(fraction, 1.0));
        let end = on_pixel_grid(start + f64::from(length), text && fractional, text && !fractional);
        end - on_pixel_grid(start, false, text)
    };
    Rect::new(left.1, top.1, size(left.0, local.w), size(top.0, local.h))
}
