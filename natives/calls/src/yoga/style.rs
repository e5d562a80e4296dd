//! Yoga's style surface (yoga/YGNodeStyle.h): every style property the scene sets, and the getters that read
//! a length back as a `YGValue` by value.
//!
//! A length property has one setter per shape (`YGNodeStyleSetWidth` / `...Percent` / `...Auto`); each is its
//! own holder, carrying its own `SYMBOL`, and the safe layer picks the holder from the kind of length.

use super::types::{
    YGAlign, YGBoxSizing, YGDirection, YGDisplay, YGEdge, YGFlexDirection, YGGutter, YGJustify, YGNodeConstRef,
    YGNodeRef, YGOverflow, YGPositionType, YGValue, YGWrap,
};

crate::holders! {
    /// The style of one Yoga node: flexbox properties, lengths, edges and gaps.
    pub struct StyleCalls in "libgoldberry" {
        /// `void YGNodeStyleSetDirection(YGNodeRef node, YGDirection direction)`
        fn YGNodeStyleSetDirection(node: YGNodeRef, direction: YGDirection);
        /// `void YGNodeStyleSetFlexDirection(YGNodeRef node, YGFlexDirection flexDirection)`
        fn YGNodeStyleSetFlexDirection(node: YGNodeRef, flex_direction: YGFlexDirection);
        /// `YGFlexDirection YGNodeStyleGetFlexDirection(YGNodeConstRef node)`
        fn YGNodeStyleGetFlexDirection(node: YGNodeConstRef) -> YGFlexDirection;
        /// `void YGNodeStyleSetJustifyContent(YGNodeRef node, YGJustify justifyContent)`
        fn YGNodeStyleSetJustifyContent(node: YGNodeRef, justify_content: YGJustify);
        /// `void YGNodeStyleSetAlignContent(YGNodeRef node, YGAlign alignContent)`
        fn YGNodeStyleSetAlignContent(node: YGNodeRef, align_content: YGAlign);
        /// `void YGNodeStyleSetAlignItems(YGNodeRef node, YGAlign alignItems)`
        fn YGNodeStyleSetAlignItems(node: YGNodeRef, align_items: YGAlign);
        /// `void YGNodeStyleSetAlignSelf(YGNodeRef node, YGAlign alignSelf)`
        fn YGNodeStyleSetAlignSelf(node: YGNodeRef, align_self: YGAlign);
        /// `void YGNodeStyleSetPositionType(YGNodeRef node, YGPositionType positionType)`
        fn YGNodeStyleSetPositionType(node: YGNodeRef, position_type: YGPositionType);
        /// `void YGNodeStyleSetFlexWrap(YGNodeRef node, YGWrap flexWrap)`
        fn YGNodeStyleSetFlexWrap(node: YGNodeRef, flex_wrap: YGWrap);
        /// `void YGNodeStyleSetOverflow(YGNodeRef node, YGOverflow overflow)`
        fn YGNodeStyleSetOverflow(node: YGNodeRef, overflow: YGOverflow);
        /// `void YGNodeStyleSetDisplay(YGNodeRef node, YGDisplay display)`
        fn YGNodeStyleSetDisplay(node: YGNodeRef, display: YGDisplay);
        /// `YGDisplay YGNodeStyleGetDisplay(YGNodeConstRef node)`
        fn YGNodeStyleGetDisplay(node: YGNodeConstRef) -> YGDisplay;
        /// `void YGNodeStyleSetBoxSizing(YGNodeRef node, YGBoxSizing boxSizing)`
        fn YGNodeStyleSetBoxSizing(node: YGNodeRef, box_sizing: YGBoxSizing);
        /// `void YGNodeStyleSetFlex(YGNodeRef node, float flex)`
        fn YGNodeStyleSetFlex(node: YGNodeRef, flex: f32);
        /// `void YGNodeStyleSetFlexGrow(YGNodeRef node, float flexGrow)`
        fn YGNodeStyleSetFlexGrow(node: YGNodeRef, flex_grow: f32);
        /// `float YGNodeStyleGetFlexGrow(YGNodeConstRef node)`
        fn YGNodeStyleGetFlexGrow(node: YGNodeConstRef) -> f32;
        /// `void YGNodeStyleSetFlexShrink(YGNodeRef node, float flexShrink)`
        fn YGNodeStyleSetFlexShrink(node: YGNodeRef, flex_shrink: f32);
        /// `float YGNodeStyleGetFlexShrink(YGNodeConstRef node)`
        fn YGNodeStyleGetFlexShrink(node: YGNodeConstRef) -> f32;
        /// `void YGNodeStyleSetFlexBasis(YGNodeRef node, float flexBasis)`
        fn YGNodeStyleSetFlexBasis(node: YGNodeRef, flex_basis: f32);
        /// `void YGNodeStyleSetFlexBasisPercent(YGNodeRef node, float flexBasis)`
        fn YGNodeStyleSetFlexBasisPercent(node: YGNodeRef, flex_basis: f32);
        /// `void YGNodeStyleSetFlexBasisAuto(YGNodeRef node)`
        fn YGNodeStyleSetFlexBasisAuto(node: YGNodeRef);
        /// `YGValue YGNodeStyleGetFlexBasis(YGNodeConstRef node)`
        fn YGNodeStyleGetFlexBasis(node: YGNodeConstRef) -> YGValue;
        /// `void YGNodeStyleSetPosition(YGNodeRef node, YGEdge edge, float position)`
        fn YGNodeStyleSetPosition(node: YGNodeRef, edge: YGEdge, position: f32);
        /// `void YGNodeStyleSetPositionPercent(YGNodeRef node, YGEdge edge, float position)`
        fn YGNodeStyleSetPositionPercent(node: YGNodeRef, edge: YGEdge, position: f32);
        /// `void YGNodeStyleSetPositionAuto(YGNodeRef node, YGEdge edge)`
        fn YGNodeStyleSetPositionAuto(node: YGNodeRef, edge: YGEdge);
        /// `YGValue YGNodeStyleGetPosition(YGNodeConstRef node, YGEdge edge)`
        fn YGNodeStyleGetPosition(node: YGNodeConstRef, edge: YGEdge) -> YGValue;
        /// `void YGNodeStyleSetMargin(YGNodeRef node, YGEdge edge, float margin)`
        fn YGNodeStyleSetMargin(node: YGNodeRef, edge: YGEdge, margin: f32);
        /// `void YGNodeStyleSetMarginPercent(YGNodeRef node, YGEdge edge, float margin)`
        fn YGNodeStyleSetMarginPercent(node: YGNodeRef, edge: YGEdge, margin: f32);
        /// `void YGNodeStyleSetMarginAuto(YGNodeRef node, YGEdge edge)`
        fn YGNodeStyleSetMarginAuto(node: YGNodeRef, edge: YGEdge);
        /// `YGValue YGNodeStyleGetMargin(YGNodeConstRef node, YGEdge edge)`
        fn YGNodeStyleGetMargin(node: YGNodeConstRef, edge: YGEdge) -> YGValue;
        /// `void YGNodeStyleSetPadding(YGNodeRef node, YGEdge edge, float padding)`
        fn YGNodeStyleSetPadding(node: YGNodeRef, edge: YGEdge, padding: f32);
        /// `void YGNodeStyleSetPaddingPercent(YGNodeRef node, YGEdge edge, float padding)`
        fn YGNodeStyleSetPaddingPercent(node: YGNodeRef, edge: YGEdge, padding: f32);
        /// `YGValue YGNodeStyleGetPadding(YGNodeConstRef node, YGEdge edge)`
        fn YGNodeStyleGetPadding(node: YGNodeConstRef, edge: YGEdge) -> YGValue;
        /// `void YGNodeStyleSetBorder(YGNodeRef node, YGEdge edge, float border)`
        fn YGNodeStyleSetBorder(node: YGNodeRef, edge: YGEdge, border: f32);
        /// `float YGNodeStyleGetBorder(YGNodeConstRef node, YGEdge edge)`
        fn YGNodeStyleGetBorder(node: YGNodeConstRef, edge: YGEdge) -> f32;
        /// `void YGNodeStyleSetGap(YGNodeRef node, YGGutter gutter, float gapLength)`
        fn YGNodeStyleSetGap(node: YGNodeRef, gutter: YGGutter, gap_length: f32);
        /// `void YGNodeStyleSetGapPercent(YGNodeRef node, YGGutter gutter, float gapLength)`
        fn YGNodeStyleSetGapPercent(node: YGNodeRef, gutter: YGGutter, gap_length: f32);
        /// `float YGNodeStyleGetGap(YGNodeConstRef node, YGGutter gutter)`
        fn YGNodeStyleGetGap(node: YGNodeConstRef, gutter: YGGutter) -> f32;
        /// `void YGNodeStyleSetWidth(YGNodeRef node, float width)`
        fn YGNodeStyleSetWidth(node: YGNodeRef, width: f32);
        /// `void YGNodeStyleSetWidthPercent(YGNodeRef node, float width)`
        fn YGNodeStyleSetWidthPercent(node: YGNodeRef, width: f32);
        /// `void YGNodeStyleSetWidthAuto(YGNodeRef node)`
        fn YGNodeStyleSetWidthAuto(node: YGNodeRef);
        /// `YGValue YGNodeStyleGetWidth(YGNodeConstRef node)`
        fn YGNodeStyleGetWidth(node: YGNodeConstRef) -> YGValue;
        /// `void YGNodeStyleSetHeight(YGNodeRef node, float height)`
        fn YGNodeStyleSetHeight(node: YGNodeRef, height: f32);
        /// `void YGNodeStyleSetHeightPercent(YGNodeRef node, float height)`
        fn YGNodeStyleSetHeightPercent(node: YGNodeRef, height: f32);
        /// `void YGNodeStyleSetHeightAuto(YGNodeRef node)`
        fn YGNodeStyleSetHeightAuto(node: YGNodeRef);
        /// `YGValue YGNodeStyleGetHeight(YGNodeConstRef node)`
        fn YGNodeStyleGetHeight(node: YGNodeConstRef) -> YGValue;
        /// `void YGNodeStyleSetMinWidth(YGNodeRef node, float minWidth)`
        fn YGNodeStyleSetMinWidth(node: YGNodeRef, min_width: f32);
        /// `void YGNodeStyleSetMinWidthPercent(YGNodeRef node, float minWidth)`
        fn YGNodeStyleSetMinWidthPercent(node: YGNodeRef, min_width: f32);
        /// `YGValue YGNodeStyleGetMinWidth(YGNodeConstRef node)`
        fn YGNodeStyleGetMinWidth(node: YGNodeConstRef) -> YGValue;
        /// `void YGNodeStyleSetMinHeight(YGNodeRef node, float minHeight)`
        fn YGNodeStyleSetMinHeight(node: YGNodeRef, min_height: f32);
        /// `void YGNodeStyleSetMinHeightPercent(YGNodeRef node, float minHeight)`
        fn YGNodeStyleSetMinHeightPercent(node: YGNodeRef, min_height: f32);
        /// `YGValue YGNodeStyleGetMinHeight(YGNodeConstRef node)`
        fn YGNodeStyleGetMinHeight(node: YGNodeConstRef) -> YGValue;
        /// `void YGNodeStyleSetMaxWidth(YGNodeRef node, float maxWidth)`
        fn YGNodeStyleSetMaxWidth(node: YGNodeRef, max_width: f32);
        /// `void YGNodeStyleSetMaxWidthPercent(YGNodeRef node, float maxWidth)`
        fn YGNodeStyleSetMaxWidthPercent(node: YGNodeRef, max_width: f32);
        /// `YGValue YGNodeStyleGetMaxWidth(YGNodeConstRef node)`
        fn YGNodeStyleGetMaxWidth(node: YGNodeConstRef) -> YGValue;
        /// `void YGNodeStyleSetMaxHeight(YGNodeRef node, float maxHeight)`
        fn YGNodeStyleSetMaxHeight(node: YGNodeRef, max_height: f32);
        /// `void YGNodeStyleSetMaxHeightPercent(YGNodeRef node, float maxHeight)`
        fn YGNodeStyleSetMaxHeightPercent(node: YGNodeRef, max_height: f32);
        /// `YGValue YGNodeStyleGetMaxHeight(YGNodeConstRef node)`
        fn YGNodeStyleGetMaxHeight(node: YGNodeConstRef) -> YGValue;
        /// `void YGNodeStyleSetAspectRatio(YGNodeRef node, float aspectRatio)`
        fn YGNodeStyleSetAspectRatio(node: YGNodeRef, aspect_ratio: f32);
        /// `float YGNodeStyleGetAspectRatio(YGNodeConstRef node)`
        fn YGNodeStyleGetAspectRatio(node: YGNodeConstRef) -> f32;
    }
}
