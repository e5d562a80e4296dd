//! The safe layer over Yoga: a [`LayoutTree`] owns every node it creates, sets their flexbox style in Rust
//! vocabulary ([`Length`], [`Edge`], [`FlexDirection`] ...), runs the layout pass and reads back boxes as
//! [`Rect`]s. A leaf can measure itself with a Rust closure ([`LayoutTree::set_measure`]).

mod measure;
mod node_style;
mod style;
mod tree;

pub use measure::{MeasureInput, MeasureMode};
pub use style::{
    Align, BoxSizing, Direction, Display, Edge, FlexDirection, Gutter, Justify, Length, Overflow, PositionType, Side,
    Wrap,
};
pub use tree::{Insets, LayoutTree, NodeId, Rect};

use goldberry_calls::yoga::{ConfigCalls, LayoutCalls, NodeCalls, StyleCalls};
use goldberry_calls::{MissingSymbols, SymbolSource};

/// Every yoga holder group, bound.
#[derive(Debug, Clone, Copy)]
pub struct YogaCalls {
    /// Nodes: life, children, context, measure function, the layout pass.
    pub(crate) node: NodeCalls,
    /// Style setters and getters.
    pub(crate) style: StyleCalls,
    /// Computed layout: each node's box and resolved edges after a pass.
    pub(crate) layout: LayoutCalls,
    /// Configs: the point scale factor a tree's boxes are rounded to.
    pub(crate) config: ConfigCalls,
}

impl YogaCalls {
    /// Binds every yoga group, naming every missing symbol.
    pub fn bind(source: &dyn SymbolSource) -> Result<Self, MissingSymbols> {
        crate::bind_groups!(
            source,
            YogaCalls { node: NodeCalls, style: StyleCalls, layout: LayoutCalls, config: ConfigCalls }
        )
    }
}
