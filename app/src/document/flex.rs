//! A row's and a widget's own flexbox properties, as a page states them: plain data the kit applies to its Yoga
//! nodes after its own defaults, so that what a page does not state stays as the kit lays it out.

use goldberry_natives::yoga::{Align, Edge, FlexDirection, Gutter, Justify, LayoutTree, Length, NodeId, Wrap};

/// A row's properties as a flex container (CSS's `flex-direction`, `flex-wrap`, `justify-content`, `align-items`,
/// `column-gap`, `row-gap` and `padding`); `None` keeps the kit's default.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RowFlex {
    /// The main axis: a row (the default) or a column.
    pub direction: Option<FlexDirection>,
    /// Whether the row wraps onto more lines when its widgets do not fit (it does by default).
    pub wrap: Option<bool>,
    /// Where the widgets stand along the main axis.
    pub justify: Option<Justify>,
    /// Where the widgets stand across it.
    pub align_items: Option<Align>,
    /// The space between widgets along a row.
    pub column_gap: Option<Length>,
    /// The space between lines (or widgets of a column).
    pub row_gap: Option<Length>,
    /// The space inside the row's four edges.
    pub padding: Option<Length>,
}

/// A widget's properties as a flex item (CSS's `width`, `height`, `min-width`, `max-width`, `flex-grow`,
/// `flex-shrink`, `flex-basis`, `align-self` and `margin`); `None` keeps the kit's default.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ItemFlex {
    /// Its width: the widget no longer fills its row unless it also grows.
    pub width: Option<Length>,
    /// Its height.
    pub height: Option<Length>,
    /// The least width it shrinks to.
    pub min_width: Option<Length>,
    /// The most width it grows to.
    pub max_width: Option<Length>,
    /// Its share of the row's free space.
    pub grow: Option<f32>,
    /// Its share of the row's shortfall.
    pub shrink: Option<f32>,
    /// Its width before growing or shrinking.
    pub basis: Option<Length>,
    /// Where it stands across the row, over the row's `align-items`.
    pub align_self: Option<Align>,
    /// The space outside its four edges.
    pub margin: Option<Length>,
}

impl RowFlex {
    /// What `self` states, and what `under` states where `self` states nothing.
    pub fn or(self, under: RowFlex) -> RowFlex {
        RowFlex {
            direction: self.direction.or(under.direction),
            wrap: self.wrap.or(under.wrap),
            justify: self.justify.or(under.justify),
            align_items: self.align_items.or(under.align_items),
            column_gap: self.column_gap.or(under.column_gap),
            row_gap: self.row_gap.or(under.row_gap),
            padding: self.padding.or(under.padding),
        }
    }

    /// Sets what the row states on its node `n`, over the kit's defaults.
    pub fn apply(&self, tree: &mut LayoutTree, n: NodeId) {
        if let Some(direction) = self.direction {
            tree.set_flex_direction(n, direction);
        }
        // A column as tall as its content never wraps, and Yoga packs a wrapping container's one line at the start
        // (its `align-content`), which would keep `align-items` from placing the widgets across the whole row.
        let column = self.direction == Some(FlexDirection::Column);
        match self.wrap {
            Some(true) => tree.set_flex_wrap(n, Wrap::Wrap),
            Some(false) => tree.set_flex_wrap(n, Wrap::NoWrap),
            None if column => tree.set_flex_wrap(n, Wrap::NoWrap),
            None => {}
        }
        if let Some(justify) = self.justify {
            tree.set_justify_content(n, justify);
        }
        if let Some(align) = self.align_items {
            tree.set_align_items(n, align);
        }
        if let Some(gap) = self.column_gap {
            tree.set_gap_length(n, Gutter::Column, gap);
        }
        if let Some(gap) = self.row_gap {
            tree.set_gap_length(n, Gutter::Row, gap);
        }
        if let Some(padding) = self.padding {
            // The kit sets the bottom edge itself, and Yoga lets an edge's own value win over `All`.
            tree.set_padding(n, Edge::All, padding);
            tree.set_padding(n, Edge::Bottom, padding);
        }
    }
}

impl ItemFlex {
    /// What `self` states, and what `under` states where `self` states nothing.
    pub fn or(self, under: ItemFlex) -> ItemFlex {
        ItemFlex {
            width: self.width.or(under.width),
            height: self.height.or(under.height),
            min_width: self.min_width.or(under.min_width),
            max_width: self.max_width.or(under.max_width),
            grow: self.grow.or(under.grow),
            shrink: self.shrink.or(under.shrink),
            basis: self.basis.or(under.basis),
            align_self: self.align_self.or(under.align_self),
            margin: self.margin.or(under.margin),
        }
    }

    /// Sets what the widget states on its node `n`, over the kit's defaults.
    pub fn apply(&self, tree: &mut LayoutTree, n: NodeId) {
        if let Some(width) = self.width {
            // A stated width is the widget's width, as in CSS: the kit's filling (grow from a basis, at least a
            // minimum) gives way, and a stated grow, basis or minimum below still applies.
            tree.set_width(n, width);
            tree.set_flex_grow(n, 0.0);
            tree.set_flex_basis(n, Length::Auto);
            tree.set_min_width(n, Length::Auto);
        }
        if let Some(height) = self.height {
            tree.set_height(n, height);
        }
        if let Some(min) = self.min_width {
            tree.set_min_width(n, min);
        }
        if let Some(max) = self.max_width {
            tree.set_max_width(n, max);
        }
        if let Some(grow) = self.grow {
            tree.set_flex_grow(n, grow);
        }
        if let Some(shrink) = self.shrink {
            tree.set_flex_shrink(n, shrink);
        }
        if let Some(basis) = self.basis {
            tree.set_flex_basis(n, basis);
        }
        if let Some(align) = self.align_self {
            tree.set_align_self(n, align);
        }
        if let Some(margin) = self.margin {
            tree.set_margin(n, Edge::All, margin);
        }
    }
}
