//! Yoga's computed layout (yoga/YGNodeLayout.h): what a layout pass produced for one node.

use super::types::{YGDirection, YGEdge, YGNodeConstRef};

crate::holders! {
    /// The computed layout of one Yoga node, relative to its parent.
    pub struct LayoutCalls in "libgoldberry" {
        /// `float YGNodeLayoutGetLeft(YGNodeConstRef node)`
        fn YGNodeLayoutGetLeft(node: YGNodeConstRef) -> f32;
        /// `float YGNodeLayoutGetTop(YGNodeConstRef node)`
        fn YGNodeLayoutGetTop(node: YGNodeConstRef) -> f32;
        /// `float YGNodeLayoutGetRight(YGNodeConstRef node)`
        fn YGNodeLayoutGetRight(node: YGNodeConstRef) -> f32;
        /// `float YGNodeLayoutGetBottom(YGNodeConstRef node)`
        fn YGNodeLayoutGetBottom(node: YGNodeConstRef) -> f32;
        /// `float YGNodeLayoutGetWidth(YGNodeConstRef node)`
        fn YGNodeLayoutGetWidth(node: YGNodeConstRef) -> f32;
        /// `float YGNodeLayoutGetHeight(YGNodeConstRef node)`
        fn YGNodeLayoutGetHeight(node: YGNodeConstRef) -> f32;
        /// `YGDirection YGNodeLayoutGetDirection(YGNodeConstRef node)`
        fn YGNodeLayoutGetDirection(node: YGNodeConstRef) -> YGDirection;
        /// `bool YGNodeLayoutGetHadOverflow(YGNodeConstRef node)`
        fn YGNodeLayoutGetHadOverflow(node: YGNodeConstRef) -> bool;
        /// `float YGNodeLayoutGetMargin(YGNodeConstRef node, YGEdge edge)`: `edge` must be a single side (not a shorthand).
        fn YGNodeLayoutGetMargin(node: YGNodeConstRef, edge: YGEdge) -> f32;
        /// `float YGNodeLayoutGetBorder(YGNodeConstRef node, YGEdge edge)`: `edge` must be a single side (not a shorthand).
        fn YGNodeLayoutGetBorder(node: YGNodeConstRef, edge: YGEdge) -> f32;
        /// `float YGNodeLayoutGetPadding(YGNodeConstRef node, YGEdge edge)`: `edge` must be a single side (not a shorthand).
        fn YGNodeLayoutGetPadding(node: YGNodeConstRef, edge: YGEdge) -> f32;
    }
}
