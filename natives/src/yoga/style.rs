//! Yoga's style vocabulary in Rust: plain enums, each mapped to the C newtype constant it stands for.

use goldberry_calls::yoga::types::*;

/// A style length. A property that was never set is "undefined" in Yoga's terms (its default applies).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Length {
    /// `auto`. For properties that have no auto form in Yoga (padding, min/max sizes) it clears the property.
    Auto,
    /// An absolute length in points. A non-finite number clears the property.
    Points(f32),
    /// A percentage (0-100) of the containing block's matching dimension.
    Percent(f32),
}

impl Length {
    /// Reads a `YGValue` back: `None` when the property is undefined (or the unit is unknown).
    pub(crate) fn from_value(value: YGValue) -> Option<Length> {
        let unit = value.unit;
        if unit == YGUnitPoint {
            Some(Length::Points(value.value))
        } else if unit == YGUnitPercent {
            Some(Length::Percent(value.value))
        } else if unit == YGUnitAuto {
            Some(Length::Auto)
        } else {
            None
        }
    }
}

/// The edge(s) a margin, padding, border or position applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// `YGEdgeLeft`
    Left,
    /// `YGEdgeTop`
    Top,
    /// `YGEdgeRight`
    Right,
    /// `YGEdgeBottom`
    Bottom,
    /// `YGEdgeStart`: left in LTR, right in RTL.
    Start,
    /// `YGEdgeEnd`: right in LTR, left in RTL.
    End,
    /// `YGEdgeHorizontal`: left and right.
    Horizontal,
    /// `YGEdgeVertical`: top and bottom.
    Vertical,
    /// `YGEdgeAll`: all four sides.
    All,
}

impl Edge {
    pub(crate) fn raw(self) -> YGEdge {
        match self {
            Edge::Left => YGEdgeLeft,
            Edge::Top => YGEdgeTop,
            Edge::Right => YGEdgeRight,
            Edge::Bottom => YGEdgeBottom,
            Edge::Start => YGEdgeStart,
            Edge::End => YGEdgeEnd,
            Edge::Horizontal => YGEdgeHorizontal,
            Edge::Vertical => YGEdgeVertical,
            Edge::All => YGEdgeAll,
        }
    }
}

/// One physical side of a computed box (Yoga refuses shorthands when reading a layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `YGEdgeLeft`
    Left,
    /// `YGEdgeTop`
    Top,
    /// `YGEdgeRight`
    Right,
    /// `YGEdgeBottom`
    Bottom,
}

impl Side {
    pub(crate) fn raw(self) -> YGEdge {
        match self {
            Side::Left => YGEdgeLeft,
            Side::Top => YGEdgeTop,
            Side::Right => YGEdgeRight,
            Side::Bottom => YGEdgeBottom,
        }
    }
}

/// Which gap: between columns, between rows, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gutter {
    /// `YGGutterRow`: the gap between rows (lines of a wrapping row, or items of a column).
    Row,
    /// `YGGutterColumn`: the gap between columns (items of a row, or lines of a wrapping column).
    Column,
    /// `YGGutterAll`: both.
    All,
}

impl Gutter {
    pub(crate) fn raw(self) -> YGGutter {
        match self {
            Gutter::Row => YGGutterRow,
            Gutter::Column => YGGutterColumn,
            Gutter::All => YGGutterAll,
        }
    }
}

/// Defines a Rust enum whose variants map one to one onto a C enum's constants.
macro_rules! mapped_enum {
    ($(#[$meta:meta])* $name:ident => $c:ident { $($(#[$vmeta:meta])* $variant:ident => $constant:ident),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),*
        }

        impl $name {
            pub(crate) fn raw(self) -> $c {
                match self {
                    $($name::$variant => $constant),*
                }
            }
        }
    };
}

mapped_enum! {
    /// The main axis (`flex-direction`). Yoga's default is `Column`.
    FlexDirection => YGFlexDirection {
        /// Top to bottom.
        Column => YGFlexDirectionColumn,
        /// Bottom to top.
        ColumnReverse => YGFlexDirectionColumnReverse,
        /// Start to end (left to right in LTR).
        Row => YGFlexDirectionRow,
        /// End to start.
        RowReverse => YGFlexDirectionRowReverse,
    }
}

mapped_enum! {
    /// `flex-wrap`.
    Wrap => YGWrap {
        /// One line.
        NoWrap => YGWrapNoWrap,
        /// Lines added along the cross axis.
        Wrap => YGWrapWrap,
        /// Lines added in reverse order.
        WrapReverse => YGWrapWrapReverse,
    }
}

mapped_enum! {
    /// `justify-content`: distribution along the main axis.
    Justify => YGJustify {
        /// Packed at the start.
        FlexStart => YGJustifyFlexStart,
        /// Centred.
        Center => YGJustifyCenter,
        /// Packed at the end.
        FlexEnd => YGJustifyFlexEnd,
        /// First and last at the edges, equal space between.
        SpaceBetween => YGJustifySpaceBetween,
        /// Equal space around each item.
        SpaceAround => YGJustifySpaceAround,
        /// Equal space between and at the edges.
        SpaceEvenly => YGJustifySpaceEvenly,
    }
}

mapped_enum! {
    /// `align-items` / `align-self` / `align-content`: alignment along the cross axis.
    Align => YGAlign {
        /// Inherit the parent's `align-items` (for `align-self`).
        Auto => YGAlignAuto,
        /// At the cross start.
        FlexStart => YGAlignFlexStart,
        /// Centred.
        Center => YGAlignCenter,
        /// At the cross end.
        FlexEnd => YGAlignFlexEnd,
        /// Stretched to fill the line.
        Stretch => YGAlignStretch,
        /// On the first baseline.
        Baseline => YGAlignBaseline,
        /// Lines spread, first and last at the edges (`align-content`).
        SpaceBetween => YGAlignSpaceBetween,
        /// Lines with equal space around (`align-content`).
        SpaceAround => YGAlignSpaceAround,
        /// Lines with equal space between and at the edges (`align-content`).
        SpaceEvenly => YGAlignSpaceEvenly,
    }
}

mapped_enum! {
    /// The inline direction a layout pass starts from (`YGNodeCalculateLayout`'s owner direction): start and end
    /// edges, and the order of a row, follow it.
    Direction => YGDirection {
        /// Left to right.
        Ltr => YGDirectionLTR,
        /// Right to left (a mirrored UI).
        Rtl => YGDirectionRTL,
        /// Whatever the root's own `direction` style says (Yoga's default: left to right).
        Inherit => YGDirectionInherit,
    }
}

mapped_enum! {
    /// `box-sizing`: whether `width` and `height` include padding and border.
    BoxSizing => YGBoxSizing {
        /// They do (Yoga's default).
        BorderBox => YGBoxSizingBorderBox,
        /// They do not: padding and border are added to them.
        ContentBox => YGBoxSizingContentBox,
    }
}

mapped_enum! {
    /// `position`.
    PositionType => YGPositionType {
        /// Ignores insets.
        Static => YGPositionTypeStatic,
        /// In the flow, offset by its insets (Yoga's default).
        Relative => YGPositionTypeRelative,
        /// Out of the flow, placed by its insets in the parent.
        Absolute => YGPositionTypeAbsolute,
    }
}

mapped_enum! {
    /// `display`.
    Display => YGDisplay {
        /// A flex container (the default).
        Flex => YGDisplayFlex,
        /// Not laid out; its box is zero.
        None => YGDisplayNone,
        /// Its children take its place.
        Contents => YGDisplayContents,
    }
}

mapped_enum! {
    /// `overflow`.
    Overflow => YGOverflow {
        /// Content may overflow (the default).
        Visible => YGOverflowVisible,
        /// Clipped.
        Hidden => YGOverflowHidden,
        /// Scrollable: children are not shrunk to fit.
        Scroll => YGOverflowScroll,
    }
}
