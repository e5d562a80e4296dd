//! Building the scene's Yoga trees: the frame's (title bar, grid, status bar) and a card's, every length
//! multiplied by the scale and every text shaped for its measure function.

use std::collections::HashSet;

use goldberry_natives::yoga::{
    Align, Edge, FlexDirection, Gutter, Justify, LayoutTree, Length, NodeId, Overflow, Wrap,
};
use goldberry_natives::{Goldberry, NativeError};

use super::measure::{Height, Measured, Wrapping};
use crate::geom::FontId;
use crate::scene::model::{Body, CardSpec, Visual};
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;
use crate::scene::texts::{STATUS_ITEMS, STATUS_TEMPLATE, SUBTITLE, TITLE, card_tag};

/// The padding of a code panel (horizontal, vertical), before scaling.
pub(super) const CODE_PADDING: (f32, f32) = (8.0, 6.0);

/// Builds one tree: its nodes, and which of them measure text.
pub(super) struct Builder<'a> {
    g: &'static Goldberry,
    pub(super) tree: LayoutTree,
    /// The nodes that measure text.
    pub(super) texts: HashSet<NodeId>,
    s: f32,
    text: &'a Timed<'a>,
}

/// The title bar's node ids.
pub(super) struct TitleBarNodes {
    pub(super) bar: NodeId,
    pub(super) logo: NodeId,
    pub(super) title: NodeId,
    pub(super) subtitle: NodeId,
    pub(super) status: NodeId,
    pub(super) tab_row: NodeId,
    pub(super) tabs: Vec<NodeId>,
}

/// The node ids of one card, to read back after the pass.
pub(super) struct CardNodes {
    pub(super) card: NodeId,
    pub(super) header: NodeId,
    pub(super) icon: NodeId,
    pub(super) title: NodeId,
    pub(super) badge: NodeId,
    pub(super) visual: VisualNodes,
    pub(super) body: NodeId,
    pub(super) footer: NodeId,
    pub(super) tag: NodeId,
}

/// The node ids of a card's visual.
pub(super) enum VisualNodes {
    None,
    Chart(NodeId),
    Ring(NodeId, Vec<NodeId>),
    Chips(Vec<NodeId>),
    Swatches(Vec<NodeId>),
}

impl<'a> Builder<'a> {
    /// An empty tree whose lengths are multiplied by `scale` and whose texts are shaped through `text`.
    pub(super) fn new(g: &'static Goldberry, scale: f32, text: &'a Timed<'a>) -> Result<Builder<'a>, NativeError> {
        Ok(Builder { g, tree: LayoutTree::new(g)?, texts: HashSet::new(), s: scale, text })
    }

    /// A builder of another tree, with this one's scale and shaping.
    pub(super) fn another(&self) -> Result<Builder<'a>, NativeError> {
        Builder::new(self.g, self.s, self.text)
    }
}

impl Builder<'_> {
    fn px(&self, v: f32) -> f32 {
        v * self.s
    }

    pub(super) fn child(&mut self, parent: NodeId) -> Result<NodeId, NativeError> {
        let n = self.tree.add_node()?;
        self.tree.add_child(parent, n)?;
        Ok(n)
    }

    /// A leaf that measures `text` in `font`, one line per hard line, unwrapped.
    fn text(&mut self, parent: NodeId, font: FontId, text: &str) -> Result<NodeId, NativeError> {
        self.measured(parent, font, text, Wrapping::None, Height::OfItsLines)
    }

    /// A text box: wraps `text` to the width it gets (or not), asks for no height ([`Height::Fill`]),
    /// grows into the space its parent leaves.
    fn text_box(
        &mut self,
        parent: NodeId,
        font: FontId,
        text: &str,
        wrapping: Wrapping,
    ) -> Result<NodeId, NativeError> {
        let n = self.measured(parent, font, text, wrapping, Height::Fill)?;
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
        wrapping: Wrapping,
        height: Height,
    ) -> Result<NodeId, NativeError> {
        let n = self.child(parent)?;
        let pieces = self.text.pieces(font, text);
        let fonts = self.text.fonts();
        let (size_px, line_height) = (fonts.size_px(font), fonts.metrics(font).line_height);
        let mut measured = Measured::new(pieces, size_px, line_height, wrapping, height);
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
        let n = self.text(parent, font, text)?;
        self.tree.set_padding(n, Edge::Horizontal, Length::Points(h));
        self.tree.set_padding(n, Edge::Vertical, Length::Points(v));
        Ok(n)
    }

    /// The title bar under `root`, a tab for each of `tabs`.
    pub(super) fn title_bar(
        &mut self,
        root: NodeId,
        styles: &Styles,
        tabs: &[&str],
    ) -> Result<TitleBarNodes, NativeError> {
        let b = self;
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
        // In a narrow window the title and subtitle give way (ellipsized) before the current tab does.
        b.tree.set_flex_shrink(titles, 0.01);
        b.tree.set_min_width(titles, Length::Points(0.0));
        let title = b.text(titles, styles.bar_title, TITLE)?;
        let subtitle = b.text(titles, styles.bar_subtitle, SUBTITLE)?;
        let tab_row = b.child(bar)?;
        b.tree.set_flex_direction(tab_row, FlexDirection::Row);
        b.tree.set_align_items(tab_row, Align::Center);
        b.tree.set_gap(tab_row, Gutter::Column, b.px(4.0));
        b.tree.set_margin(tab_row, Edge::Left, Length::Points(b.px(12.0)));
        // In a narrow window the status gives way first, then the tabs (behind the strip's "»").
        // A token shrink: the status line takes nearly all of a shortfall, the tabs only what is left of it.
        b.tree.set_flex_shrink(tab_row, 0.01);
        // Room for the widest tab and the strip's "»" (chrome::strip), so the current tab always shows whole.
        b.tree.set_min_width(tab_row, Length::Points(b.px(140.0)));
        b.tree.set_overflow(tab_row, Overflow::Hidden);
        let (ph, pv) = (b.px(10.0), b.px(7.0));
        let tabs =
            tabs.iter().map(|label| b.pill(tab_row, styles.tab, label, ph, pv)).collect::<Result<Vec<_>, _>>()?;
        for &tab in &tabs {
            b.tree.set_flex_shrink(tab, 0.0);
        }
        let spacer = b.child(bar)?;
        b.tree.set_flex_grow(spacer, 1.0);
        let status = b.text(bar, styles.status, STATUS_TEMPLATE)?;
        // The status line gives way before the tabs do (it is ellipsized; a hidden tab is a click further away).
        b.tree.set_flex_shrink(status, 100.0);
        b.tree.set_min_width(status, Length::Points(0.0));

        Ok(TitleBarNodes { bar, logo, title, subtitle, status, tab_row, tabs })
    }

    /// The grid of cards under `root`, still empty.
    pub(super) fn grid(&mut self, root: NodeId) -> Result<NodeId, NativeError> {
        let b = self;
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
        Ok(grid)
    }

    /// The status bar under `root`: the bar and its items.
    pub(super) fn status_bar(&mut self, root: NodeId, styles: &Styles) -> Result<(NodeId, Vec<NodeId>), NativeError> {
        let b = self;
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
            .map(|item| b.text(status_bar, styles.status_bar, item))
            .collect::<Result<Vec<_>, _>>()?;
        for &item in &items {
            b.tree.set_flex_shrink(item, 1.0);
            b.tree.set_min_width(item, Length::Points(0.0));
        }
        Ok((status_bar, items))
    }
}

/// Gives `n` a card's place in the grid: 22 % of the row, growing and shrinking, 200 to 480 px wide, at least
/// 150 px tall.
pub(super) fn place_in_grid(b: &mut Builder<'_>, n: NodeId) {
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
/// own, see [`SceneTree`](super::SceneTree)).
pub(super) fn card(
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
    place_in_grid(b, card);
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
    let title = b.text(header, styles.card_title, spec.title)?;
    b.tree.set_flex_grow(title, 1.0);
    b.tree.set_flex_shrink(title, 1.0);
    let template = "0".repeat(spec.counter.width);
    let (ph, pv) = (b.px(7.0), b.px(2.0));
    let badge = b.pill(header, styles.badge, &template, ph, pv)?;

    let visual = visual(b, card, spec, styles, gap)?;

    // The text box: prose on the card, or code on a panel (the same node, with padding).
    let body = match spec.body {
        Body::Prose(prose) => b.text_box(card, styles.prose, prose, Wrapping::ToWidth)?,
        Body::Code(code) => {
            let body = b.text_box(card, styles.code, code, Wrapping::None)?;
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
    let footer = b.text(footer_row, styles.footer, spec.footer)?;
    b.tree.set_flex_shrink(footer, 1.0);
    b.tree.set_min_width(footer, Length::Points(0.0));
    let tag = b.text(footer_row, styles.footer, &card_tag(index))?;
    Ok(CardNodes { card, header, icon, title, badge, visual, body, footer, tag })
}

/// The nodes of `spec`'s visual under `card` (`gap`: the card's gap, which the swatches share).
fn visual(
    b: &mut Builder<'_>,
    card: NodeId,
    spec: &CardSpec,
    styles: &Styles,
    gap: f32,
) -> Result<VisualNodes, NativeError> {
    let nodes = match spec.visual {
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
            let lines = stats.iter().map(|line| b.text(column, styles.stats, line)).collect::<Result<_, _>>()?;
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
    Ok(nodes)
}
