//! Building Yoga trees ([`Builder`]: boxes, measured texts, pills, every length multiplied by the scale and every
//! text shaped for its measure function), and the frame's tree with it: title bar, body, status bar.

use std::collections::HashSet;

use goldberry_natives::yoga::{Align, Edge, FlexDirection, Gutter, Justify, LayoutTree, Length, NodeId, Overflow};
use goldberry_natives::{Goldberry, NativeError};

use super::measure::{Height, Measured, Wrapping};
use crate::geom::FontId;
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;
use crate::scene::texts::{STATUS_TEMPLATE, SUBTITLE, TITLE, status_items};

/// Builds one tree: its nodes, and which of them measure text.
pub(crate) struct Builder<'a> {
    g: &'static Goldberry,
    pub(crate) tree: LayoutTree,
    /// The nodes that measure text.
    pub(crate) texts: HashSet<NodeId>,
    s: f32,
    text: &'a Timed<'a>,
}

/// The title bar's node ids.
pub(crate) struct TitleBarNodes {
    pub(crate) bar: NodeId,
    pub(crate) logo: NodeId,
    pub(crate) title: NodeId,
    pub(crate) subtitle: NodeId,
    pub(crate) status: NodeId,
    pub(crate) tab_row: NodeId,
    pub(crate) tabs: Vec<NodeId>,
}

impl<'a> Builder<'a> {
    /// An empty tree whose lengths are multiplied by `scale` and whose texts are shaped through `text`.
    pub(crate) fn new(g: &'static Goldberry, scale: f32, text: &'a Timed<'a>) -> Result<Builder<'a>, NativeError> {
        Ok(Builder { g, tree: LayoutTree::new(g)?, texts: HashSet::new(), s: scale, text })
    }

    /// A builder of another tree, with this one's scale and shaping.
    pub(crate) fn another(&self) -> Result<Builder<'a>, NativeError> {
        Builder::new(self.g, self.s, self.text)
    }
}

impl Builder<'_> {
    pub(crate) fn px(&self, v: f32) -> f32 {
        v * self.s
    }

    pub(crate) fn child(&mut self, parent: NodeId) -> Result<NodeId, NativeError> {
        let n = self.tree.add_node()?;
        self.tree.add_child(parent, n)?;
        Ok(n)
    }

    /// A leaf that measures `text` in `font`, one line per hard line, unwrapped.
    pub(crate) fn text(&mut self, parent: NodeId, font: FontId, text: &str) -> Result<NodeId, NativeError> {
        self.measured(parent, font, text, Wrapping::None, Height::OfItsLines)
    }

    /// A text box: wraps `text` to the width it gets (or not), asks for no height ([`Height::Fill`]),
    /// grows into the space its parent leaves.
    pub(crate) fn text_box(
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

    pub(crate) fn measured(
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
    pub(crate) fn square(&mut self, parent: NodeId, side: f32) -> Result<NodeId, NativeError> {
        let n = self.child(parent)?;
        self.tree.set_width(n, Length::Points(side));
        self.tree.set_height(n, Length::Points(side));
        self.tree.set_flex_shrink(n, 0.0);
        Ok(n)
    }

    /// A pill: a measured text with padding `(h, v)` around it (one node: Yoga adds a measured leaf's padding).
    pub(crate) fn pill(
        &mut self,
        parent: NodeId,
        font: FontId,
        text: &str,
        h: f32,
        v: f32,
    ) -> Result<NodeId, NativeError> {
        let n = self.text(parent, font, text)?;
        self.tree.set_padding(n, Edge::Horizontal, Length::Points(h));
        self.tree.set_padding(n, Edge::Vertical, Length::Points(v));
        Ok(n)
    }

    /// The title bar under `root`, a tab for each of `tabs`.
    pub(crate) fn title_bar(
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
        // The status line gives way before the tabs do (its items drop whole from the left, `chrome::draw::status`;
        // a hidden tab is a click further away).
        b.tree.set_flex_shrink(status, 100.0);
        b.tree.set_min_width(status, Length::Points(0.0));

        Ok(TitleBarNodes { bar, logo, title, subtitle, status, tab_row, tabs })
    }

    /// The body under `root`: the room between the bars, which a screen lays its own tree out in.
    pub(crate) fn body(&mut self, root: NodeId) -> Result<NodeId, NativeError> {
        let body = self.child(root)?;
        self.tree.set_flex_grow(body, 1.0);
        self.tree.set_flex_shrink(body, 1.0);
        Ok(body)
    }

    /// The status bar under `root`: the bar and its items.
    pub(crate) fn status_bar(&mut self, root: NodeId, styles: &Styles) -> Result<(NodeId, Vec<NodeId>), NativeError> {
        let b = self;
        // The status bar.
        let status_bar = b.child(root)?;
        b.tree.set_flex_direction(status_bar, FlexDirection::Row);
        b.tree.set_justify_content(status_bar, Justify::SpaceBetween);
        b.tree.set_align_items(status_bar, Align::Center);
        b.tree.set_height(status_bar, Length::Points(b.px(24.0)));
        b.tree.set_padding(status_bar, Edge::Horizontal, Length::Points(b.px(16.0)));
        b.tree.set_gap(status_bar, Gutter::Column, b.px(16.0));
        let items = status_items(b.g)
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
