//! A node's style, set and read through [`LayoutTree`]: one method per CSS property, each made by a macro for
//! the shape of its C setter or getter.
//!
//! Yoga has one C setter per shape of a length (`YGNodeStyleSetWidth` / `...Percent` / `...Auto`), each its own
//! holder; a length method here picks the holder from the [`Length`] it is given.

use super::style::{
    Align, BoxSizing, Display, Edge, FlexDirection, Gutter, Justify, Length, Overflow, PositionType, Wrap,
};
use super::tree::{LayoutTree, NodeId};

/// A length setter that takes no edge: one holder per shape, the `Auto` one optional.
macro_rules! length_setter {
    ($(#[$doc:meta])* $name:ident => $points:ident, $percent:ident, auto: $auto:ident) => {
        $(#[$doc])*
        pub fn $name(&mut self, n: NodeId, length: Length) {
            if let Some(node) = self.node_for(n, stringify!($name)) {
                let style = &self.calls.style;
                match length {
                    // SAFETY: `node` is a live node this tree owns.
                    Length::Auto => unsafe { style.$auto.call(node) },
                    // SAFETY: as above; any float is accepted (a non-finite one clears the property).
                    Length::Points(points) => unsafe { style.$points.call(node, points) },
                    // SAFETY: as above.
                    Length::Percent(percent) => unsafe { style.$percent.call(node, percent) },
                }
            }
        }
    };
    ($(#[$doc:meta])* $name:ident => $points:ident, $percent:ident) => {
        $(#[$doc])*
        pub fn $name(&mut self, n: NodeId, length: Length) {
            if let Some(node) = self.node_for(n, stringify!($name)) {
                let style = &self.calls.style;
                match length {
                    // SAFETY: `node` is a live node this tree owns; NaN is Yoga's "undefined" (not set).
                    Length::Auto => unsafe { style.$points.call(node, f32::NAN) },
                    // SAFETY: as above; any float is accepted (a non-finite one clears the property).
                    Length::Points(points) => unsafe { style.$points.call(node, points) },
                    // SAFETY: as above.
                    Length::Percent(percent) => unsafe { style.$percent.call(node, percent) },
                }
            }
        }
    };
}

/// A length setter for one edge (or shorthand): one holder per shape, the `Auto` one optional.
macro_rules! edge_length_setter {
    ($(#[$doc:meta])* $name:ident => $points:ident, $percent:ident, auto: $auto:ident) => {
        $(#[$doc])*
        pub fn $name(&mut self, n: NodeId, edge: Edge, length: Length) {
            if let Some(node) = self.node_for(n, stringify!($name)) {
                let (style, edge) = (&self.calls.style, edge.raw());
                match length {
                    // SAFETY: `node` is a live node this tree owns; `edge` is a `YGEdge` constant.
                    Length::Auto => unsafe { style.$auto.call(node, edge) },
                    // SAFETY: as above; any float is accepted (a non-finite one clears the property).
                    Length::Points(points) => unsafe { style.$points.call(node, edge, points) },
                    // SAFETY: as above.
                    Length::Percent(percent) => unsafe { style.$percent.call(node, edge, percent) },
                }
            }
        }
    };
    ($(#[$doc:meta])* $name:ident => $points:ident, $percent:ident) => {
        $(#[$doc])*
        pub fn $name(&mut self, n: NodeId, edge: Edge, length: Length) {
            if let Some(node) = self.node_for(n, stringify!($name)) {
                let (style, edge) = (&self.calls.style, edge.raw());
                match length {
                    // SAFETY: `node` is a live node this tree owns; `edge` is a `YGEdge` constant; NaN is
                    // Yoga's "undefined" (not set).
                    Length::Auto => unsafe { style.$points.call(node, edge, f32::NAN) },
                    // SAFETY: as above; any float is accepted (a non-finite one clears the property).
                    Length::Points(points) => unsafe { style.$points.call(node, edge, points) },
                    // SAFETY: as above.
                    Length::Percent(percent) => unsafe { style.$percent.call(node, edge, percent) },
                }
            }
        }
    };
}

/// A setter taking one value that the holder accepts as it is (a float) or through `.raw()` (an enum).
macro_rules! value_setter {
    ($(#[$doc:meta])* $name:ident($ty:ty) => $holder:ident $(. $raw:ident())?) => {
        $(#[$doc])*
        pub fn $name(&mut self, n: NodeId, value: $ty) {
            if let Some(node) = self.node_for(n, stringify!($name)) {
                // SAFETY: `node` is a live node this tree owns; the value is a plain float or a constant of the
                // C enum the holder takes.
                unsafe { self.calls.style.$holder.call(node, value $(. $raw())?) };
            }
        }
    };
}

/// A getter reading a length back as the `YGValue` the C function returns by value (`None` when undefined, or
/// for a node of another tree).
macro_rules! length_getter {
    ($(#[$doc:meta])* $name:ident => $holder:ident) => {
        $(#[$doc])*
        pub fn $name(&self, n: NodeId) -> Option<Length> {
            let slot = self.slot(n)?;
            self.count(1);
            // SAFETY: `slot.node` is a live node this tree owns; the getter only reads its style.
            Length::from_value(unsafe { self.calls.style.$holder.call(slot.node) })
        }
    };
}

/// A getter reading one edge's length back as the `YGValue` the C function returns by value.
macro_rules! edge_length_getter {
    ($(#[$doc:meta])* $name:ident => $holder:ident) => {
        $(#[$doc])*
        pub fn $name(&self, n: NodeId, edge: Edge) -> Option<Length> {
            let slot = self.slot(n)?;
            self.count(1);
            // SAFETY: `slot.node` is a live node this tree owns; style getters accept every `YGEdge`.
            Length::from_value(unsafe { self.calls.style.$holder.call(slot.node, edge.raw()) })
        }
    };
}

impl LayoutTree {
    value_setter! {
        /// `flex-direction`: the main axis of `n`'s children.
        set_flex_direction(FlexDirection) => YGNodeStyleSetFlexDirection.raw()
    }
    value_setter! {
        /// `flex-wrap`.
        set_flex_wrap(Wrap) => YGNodeStyleSetFlexWrap.raw()
    }
    value_setter! {
        /// `justify-content`.
        set_justify_content(Justify) => YGNodeStyleSetJustifyContent.raw()
    }
    value_setter! {
        /// `align-items`: the children's default cross-axis alignment.
        set_align_items(Align) => YGNodeStyleSetAlignItems.raw()
    }
    value_setter! {
        /// `align-self`: this node's own cross-axis alignment.
        set_align_self(Align) => YGNodeStyleSetAlignSelf.raw()
    }
    value_setter! {
        /// `align-content`: the lines' alignment in a wrapping container.
        set_align_content(Align) => YGNodeStyleSetAlignContent.raw()
    }
    value_setter! {
        /// `position`: static, relative (the default) or absolute.
        set_position_type(PositionType) => YGNodeStyleSetPositionType.raw()
    }
    value_setter! {
        /// `display`.
        set_display(Display) => YGNodeStyleSetDisplay.raw()
    }
    value_setter! {
        /// `overflow`.
        set_overflow(Overflow) => YGNodeStyleSetOverflow.raw()
    }
    value_setter! {
        /// `box-sizing`: whether `width` and `height` include padding and border.
        set_box_sizing(BoxSizing) => YGNodeStyleSetBoxSizing.raw()
    }
    value_setter! {
        /// `flex` (Yoga's shorthand: positive grows, negative shrinks).
        set_flex(f32) => YGNodeStyleSetFlex
    }
    value_setter! {
        /// `flex-grow`.
        set_flex_grow(f32) => YGNodeStyleSetFlexGrow
    }
    value_setter! {
        /// `flex-shrink` (Yoga's default is 0).
        set_flex_shrink(f32) => YGNodeStyleSetFlexShrink
    }
    value_setter! {
        /// `aspect-ratio`: width / height (0 or NaN clears it).
        set_aspect_ratio(f32) => YGNodeStyleSetAspectRatio
    }

    length_setter! {
        /// `flex-basis`.
        set_flex_basis => YGNodeStyleSetFlexBasis, YGNodeStyleSetFlexBasisPercent, auto: YGNodeStyleSetFlexBasisAuto
    }
    length_setter! {
        /// `width`.
        set_width => YGNodeStyleSetWidth, YGNodeStyleSetWidthPercent, auto: YGNodeStyleSetWidthAuto
    }
    length_setter! {
        /// `height`.
        set_height => YGNodeStyleSetHeight, YGNodeStyleSetHeightPercent, auto: YGNodeStyleSetHeightAuto
    }
    length_setter! {
        /// `min-width` (`Auto` clears it).
        set_min_width => YGNodeStyleSetMinWidth, YGNodeStyleSetMinWidthPercent
    }
    length_setter! {
        /// `min-height` (`Auto` clears it).
        set_min_height => YGNodeStyleSetMinHeight, YGNodeStyleSetMinHeightPercent
    }
    length_setter! {
        /// `max-width` (`Auto` clears it).
        set_max_width => YGNodeStyleSetMaxWidth, YGNodeStyleSetMaxWidthPercent
    }
    length_setter! {
        /// `max-height` (`Auto` clears it).
        set_max_height => YGNodeStyleSetMaxHeight, YGNodeStyleSetMaxHeightPercent
    }
    edge_length_setter! {
        /// `margin` on `edge` (`Auto` margins absorb free space).
        set_margin => YGNodeStyleSetMargin, YGNodeStyleSetMarginPercent, auto: YGNodeStyleSetMarginAuto
    }
    edge_length_setter! {
        /// `padding` on `edge` (`Auto` clears it).
        set_padding => YGNodeStyleSetPadding, YGNodeStyleSetPaddingPercent
    }
    edge_length_setter! {
        /// The inset (`left`, `top` ...) on `edge`, used by relative and absolute positioning.
        set_position => YGNodeStyleSetPosition, YGNodeStyleSetPositionPercent, auto: YGNodeStyleSetPositionAuto
    }

    /// `border` width on `edge`, in points (it takes space like padding; nothing is drawn).
    pub fn set_border(&mut self, n: NodeId, edge: Edge, width: f32) {
        if let Some(node) = self.node_for(n, "set_border") {
            // SAFETY: `node` is a live node this tree owns; `edge` is a `YGEdge` constant.
            unsafe { self.calls.style.YGNodeStyleSetBorder.call(node, edge.raw(), width) };
        }
    }

    /// `gap` between `n`'s children (and lines), in points.
    pub fn set_gap(&mut self, n: NodeId, gutter: Gutter, gap: f32) {
        self.set_gap_length(n, gutter, Length::Points(gap));
    }

    /// `gap` between `n`'s children (and lines), in points or as a percentage of the container's matching
    /// dimension (`Auto` clears it).
    pub fn set_gap_length(&mut self, n: NodeId, gutter: Gutter, gap: Length) {
        if let Some(node) = self.node_for(n, "set_gap") {
            let (style, gutter) = (&self.calls.style, gutter.raw());
            match gap {
                // SAFETY: `node` is a live node this tree owns; `gutter` is a `YGGutter` constant; NaN is Yoga's
                // "undefined" (not set).
                Length::Auto => unsafe { style.YGNodeStyleSetGap.call(node, gutter, f32::NAN) },
                // SAFETY: as above.
                Length::Points(points) => unsafe { style.YGNodeStyleSetGap.call(node, gutter, points) },
                // SAFETY: as above.
                Length::Percent(percent) => unsafe { style.YGNodeStyleSetGapPercent.call(node, gutter, percent) },
            }
        }
    }

    length_getter! {
        /// The `width` style as set (Yoga's default is `Auto`; `None` for a node of another tree).
        width => YGNodeStyleGetWidth
    }
    length_getter! {
        /// The `height` style as set (Yoga's default is `Auto`; `None` for a node of another tree).
        height => YGNodeStyleGetHeight
    }
    length_getter! {
        /// The `flex-basis` style as set (Yoga's default is `Auto`; `None` for a node of another tree).
        flex_basis => YGNodeStyleGetFlexBasis
    }
    length_getter! {
        /// The `min-width` style as set (`None` when not set).
        min_width => YGNodeStyleGetMinWidth
    }
    length_getter! {
        /// The `min-height` style as set (`None` when not set).
        min_height => YGNodeStyleGetMinHeight
    }
    length_getter! {
        /// The `max-width` style as set (`None` when not set).
        max_width => YGNodeStyleGetMaxWidth
    }
    length_getter! {
        /// The `max-height` style as set (`None` when not set).
        max_height => YGNodeStyleGetMaxHeight
    }
    edge_length_getter! {
        /// The `margin` style on `edge` as set (`None` when not set).
        margin => YGNodeStyleGetMargin
    }
    edge_length_getter! {
        /// The `padding` style on `edge` as set (`None` when not set).
        padding => YGNodeStyleGetPadding
    }
    edge_length_getter! {
        /// The inset on `edge` as set (`None` when not set).
        position => YGNodeStyleGetPosition
    }
}
