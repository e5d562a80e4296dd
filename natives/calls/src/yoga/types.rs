//! The C types Yoga's prototypes name: opaque node and config handles, `YGValue`, `YGSize`, the measure
//! callback, and every C enum as a newtype (yoga/YGEnums.h, YGValue.h, YGNode.h, YGConfig.h).

use std::ffi::c_int;

/// The opaque `struct YGNode` (a `facebook::yoga::Node` on the C++ side); only ever behind a pointer.
#[repr(C)]
pub struct YGNode {
    _opaque: [u8; 0],
}

/// The opaque `struct YGConfig`; only ever behind a pointer.
#[repr(C)]
pub struct YGConfig {
    _opaque: [u8; 0],
}

/// `typedef struct YGNode* YGNodeRef`
pub type YGNodeRef = *mut YGNode;
/// `typedef const struct YGNode* YGNodeConstRef`
pub type YGNodeConstRef = *const YGNode;
/// `typedef struct YGConfig* YGConfigRef`
pub type YGConfigRef = *mut YGConfig;
/// `typedef const struct YGConfig* YGConfigConstRef`
pub type YGConfigConstRef = *const YGConfig;

/// `#define YGUndefined NAN`: the value of a length that is not set.
pub const YG_UNDEFINED: f32 = f32::NAN;

/// `typedef YGSize (*YGMeasureFunc)(YGNodeConstRef node, float width, YGMeasureMode widthMode, float height, YGMeasureMode heightMode)`
///
/// `None` is C's null: it removes a node's measure function.
pub type YGMeasureFunc = Option<
    unsafe extern "C" fn(
        node: YGNodeConstRef,
        width: f32,
        width_mode: YGMeasureMode,
        height: f32,
        height_mode: YGMeasureMode,
    ) -> YGSize,
>;

crate::c_structs! {
    /// `typedef struct YGValue { float value; YGUnit unit; } YGValue`: a style length, passed by value.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct YGValue {
        /// The number (NaN when `unit` is `YGUnitUndefined` or `YGUnitAuto`).
        pub value: f32,
        /// What the number means.
        pub unit: YGUnit,
    }

    /// `typedef struct YGSize { float width; float height; } YGSize`: what a measure function returns, by value.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct YGSize {
        /// Width in points.
        pub width: f32,
        /// Height in points.
        pub height: f32,
    }
}

crate::c_enums! {
    /// `YGAlign`: align-items / align-self / align-content.
    pub enum YGAlign: c_int {
        /// `YGAlignAuto`
        YGAlignAuto = 0,
        /// `YGAlignFlexStart`
        YGAlignFlexStart = 1,
        /// `YGAlignCenter`
        YGAlignCenter = 2,
        /// `YGAlignFlexEnd`
        YGAlignFlexEnd = 3,
        /// `YGAlignStretch`
        YGAlignStretch = 4,
        /// `YGAlignBaseline`
        YGAlignBaseline = 5,
        /// `YGAlignSpaceBetween`
        YGAlignSpaceBetween = 6,
        /// `YGAlignSpaceAround`
        YGAlignSpaceAround = 7,
        /// `YGAlignSpaceEvenly`
        YGAlignSpaceEvenly = 8,
    }

    /// `YGBoxSizing`
    pub enum YGBoxSizing: c_int {
        /// `YGBoxSizingBorderBox`
        YGBoxSizingBorderBox = 0,
        /// `YGBoxSizingContentBox`
        YGBoxSizingContentBox = 1,
    }

    /// `YGDirection`: the inline direction.
    pub enum YGDirection: c_int {
        /// `YGDirectionInherit`
        YGDirectionInherit = 0,
        /// `YGDirectionLTR`
        YGDirectionLTR = 1,
        /// `YGDirectionRTL`
        YGDirectionRTL = 2,
    }

    /// `YGDisplay`
    pub enum YGDisplay: c_int {
        /// `YGDisplayFlex`
        YGDisplayFlex = 0,
        /// `YGDisplayNone`
        YGDisplayNone = 1,
        /// `YGDisplayContents`
        YGDisplayContents = 2,
    }

    /// `YGEdge`: one side, or a shorthand for several.
    pub enum YGEdge: c_int {
        /// `YGEdgeLeft`
        YGEdgeLeft = 0,
        /// `YGEdgeTop`
        YGEdgeTop = 1,
        /// `YGEdgeRight`
        YGEdgeRight = 2,
        /// `YGEdgeBottom`
        YGEdgeBottom = 3,
        /// `YGEdgeStart`
        YGEdgeStart = 4,
        /// `YGEdgeEnd`
        YGEdgeEnd = 5,
        /// `YGEdgeHorizontal`
        YGEdgeHorizontal = 6,
        /// `YGEdgeVertical`
        YGEdgeVertical = 7,
        /// `YGEdgeAll`
        YGEdgeAll = 8,
    }

    /// `YGFlexDirection`: the main axis.
    pub enum YGFlexDirection: c_int {
        /// `YGFlexDirectionColumn`
        YGFlexDirectionColumn = 0,
        /// `YGFlexDirectionColumnReverse`
        YGFlexDirectionColumnReverse = 1,
        /// `YGFlexDirectionRow`
        YGFlexDirectionRow = 2,
        /// `YGFlexDirectionRowReverse`
        YGFlexDirectionRowReverse = 3,
    }

    /// `YGGutter`: which gap.
    pub enum YGGutter: c_int {
        /// `YGGutterColumn`: the gap between columns (along a row).
        YGGutterColumn = 0,
        /// `YGGutterRow`: the gap between rows (along a column).
        YGGutterRow = 1,
        /// `YGGutterAll`
        YGGutterAll = 2,
    }

    /// `YGJustify`: justify-content.
    pub enum YGJustify: c_int {
        /// `YGJustifyFlexStart`
        YGJustifyFlexStart = 0,
        /// `YGJustifyCenter`
        YGJustifyCenter = 1,
        /// `YGJustifyFlexEnd`
        YGJustifyFlexEnd = 2,
        /// `YGJustifySpaceBetween`
        YGJustifySpaceBetween = 3,
        /// `YGJustifySpaceAround`
        YGJustifySpaceAround = 4,
        /// `YGJustifySpaceEvenly`
        YGJustifySpaceEvenly = 5,
    }

    /// `YGMeasureMode`: how a measure function's available size constrains it.
    pub enum YGMeasureMode: c_int {
        /// `YGMeasureModeUndefined`
        YGMeasureModeUndefined = 0,
        /// `YGMeasureModeExactly`
        YGMeasureModeExactly = 1,
        /// `YGMeasureModeAtMost`
        YGMeasureModeAtMost = 2,
    }

    /// `YGNodeType`
    pub enum YGNodeType: c_int {
        /// `YGNodeTypeDefault`
        YGNodeTypeDefault = 0,
        /// `YGNodeTypeText`
        YGNodeTypeText = 1,
    }

    /// `YGOverflow`
    pub enum YGOverflow: c_int {
        /// `YGOverflowVisible`
        YGOverflowVisible = 0,
        /// `YGOverflowHidden`
        YGOverflowHidden = 1,
        /// `YGOverflowScroll`
        YGOverflowScroll = 2,
    }

    /// `YGPositionType`
    pub enum YGPositionType: c_int {
        /// `YGPositionTypeStatic`
        YGPositionTypeStatic = 0,
        /// `YGPositionTypeRelative`
        YGPositionTypeRelative = 1,
        /// `YGPositionTypeAbsolute`
        YGPositionTypeAbsolute = 2,
    }

    /// `YGUnit`: what a `YGValue`'s number means.
    pub enum YGUnit: c_int {
        /// `YGUnitUndefined`
        YGUnitUndefined = 0,
        /// `YGUnitPoint`
        YGUnitPoint = 1,
        /// `YGUnitPercent`
        YGUnitPercent = 2,
        /// `YGUnitAuto`
        YGUnitAuto = 3,
    }

    /// `YGWrap`: flex-wrap.
    pub enum YGWrap: c_int {
        /// `YGWrapNoWrap`
        YGWrapNoWrap = 0,
        /// `YGWrapWrap`
        YGWrapWrap = 1,
        /// `YGWrapWrapReverse`
        YGWrapWrapReverse = 2,
    }

    /// `YGErrata`: bit flags selecting Yoga's compatibility quirks.
    pub enum YGErrata: c_int {
        /// `YGErrataNone`
        YGErrataNone = 0,
        /// `YGErrataStretchFlexBasis`
        YGErrataStretchFlexBasis = 1,
        /// `YGErrataAbsolutePositionWithoutInsetsExcludesPadding`
        YGErrataAbsolutePositionWithoutInsetsExcludesPadding = 2,
        /// `YGErrataAbsolutePercentAgainstInnerSize`
        YGErrataAbsolutePercentAgainstInnerSize = 4,
        /// `YGErrataAll`
        YGErrataAll = 2147483647,
        /// `YGErrataClassic`
        YGErrataClassic = 2147483646,
    }

    /// `YGExperimentalFeature`
    pub enum YGExperimentalFeature: c_int {
        /// `YGExperimentalFeatureWebFlexBasis`
        YGExperimentalFeatureWebFlexBasis = 0,
    }
}
