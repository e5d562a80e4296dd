//! A document's layout properties, Yoga's with CSS's names: a `row`'s as a flex container and a widget's as a flex
//! item, read into the kit's [`RowFlex`] and [`ItemFlex`]. A keyword or number out of range is an error at its
//! place that names what is accepted.
//!
//! A stylesheet may state the same properties ([`super::sheet_layout`]); what the document states of a node wins.

use goldberry_natives::yoga::{Align, FlexDirection, Justify, Length};

use super::props::{Props, Source};
use crate::document::flex::{ItemFlex, RowFlex};
use crate::located::Located;
use crate::style::value;

/// The longest length a document may state, px: a stylesheet's range (style/value.rs), so that neither takes what
/// the other refuses.
const MOST_PX: f64 = value::MOST_PX as f64;
/// The most a gap, padding or margin may be, px.
const MOST_SPACE: f64 = value::MOST_SPACE as f64;
/// The most a grow or shrink factor may be.
const MOST_FACTOR: f64 = 1000.0;

pub(super) const JUSTIFY: &[(&str, Justify)] = &[
    ("flex-start", Justify::FlexStart),
    ("center", Justify::Center),
    ("flex-end", Justify::FlexEnd),
    ("space-between", Justify::SpaceBetween),
    ("space-around", Justify::SpaceAround),
    ("space-evenly", Justify::SpaceEvenly),
];

pub(super) const ALIGN: &[(&str, Align)] = &[
    ("flex-start", Align::FlexStart),
    ("center", Align::Center),
    ("flex-end", Align::FlexEnd),
    ("stretch", Align::Stretch),
    ("baseline", Align::Baseline),
];

/// `align-self` also takes `auto`: the row's `align-items`.
pub(super) const ALIGN_SELF: &[(&str, Align)] = &[
    ("auto", Align::Auto),
    ("flex-start", Align::FlexStart),
    ("center", Align::Center),
    ("flex-end", Align::FlexEnd),
    ("stretch", Align::Stretch),
    ("baseline", Align::Baseline),
];

pub(super) const DIRECTION: &[(&str, FlexDirection)] =
    &[("row", FlexDirection::Row), ("column", FlexDirection::Column)];

/// The layout a `row` node states.
pub fn row(p: &mut Props<'_>, src: &Source<'_>) -> Result<RowFlex, Located> {
    let px = |p: &mut Props<'_>, name: &str| -> Result<Option<Length>, Located> {
        Ok(p.number(src, name, 0.0..=MOST_SPACE)?.map(|v| Length::Points(v as f32)))
    };
    let direction = p.keyword(src, "direction", DIRECTION)?;
    let gap = px(p, "gap")?;
    let wrap = match p.entry("wrap") {
        Some(_) => Some(p.flag(src, "wrap")?),
        None => None,
    };
    Ok(RowFlex {
        // `flex-direction` is CSS's name and `direction` the short one; the CSS name wins when both are there.
        direction: p.keyword(src, "flex-direction", DIRECTION)?.or(direction),
        wrap,
        justify: p.keyword(src, "justify-content", JUSTIFY)?,
        align_items: p.keyword(src, "align-items", ALIGN)?,
        // `gap` is both gaps, as in CSS; `column-gap` and `row-gap` say one of them.
        column_gap: px(p, "column-gap")?.or(gap),
        row_gap: px(p, "row-gap")?.or(gap),
        padding: px(p, "padding")?,
    })
}

/// The layout a widget node states, read after the widget's own properties: a widget that takes `width` itself
/// (a slider, a field ...) keeps that meaning, and its `width` is not read again here.
pub fn item(p: &mut Props<'_>, src: &Source<'_>) -> Result<ItemFlex, Located> {
    let number = |p: &mut Props<'_>, name: &str, most: f64| -> Result<Option<f32>, Located> {
        Ok(p.number(src, name, 0.0..=most)?.map(|v| v as f32))
    };
    let px = |p: &mut Props<'_>, name: &str| Ok::<_, Located>(number(p, name, MOST_PX)?.map(Length::Points));
    let width = if p.was_read("width") { None } else { px(p, "width")? };
    Ok(ItemFlex {
        width,
        height: px(p, "height")?,
        min_width: px(p, "min-width")?,
        max_width: px(p, "max-width")?,
        grow: number(p, "flex-grow", MOST_FACTOR)?,
        shrink: number(p, "flex-shrink", MOST_FACTOR)?,
        basis: px(p, "flex-basis")?,
        align_self: p.keyword(src, "align-self", ALIGN_SELF)?,
        margin: p.number(src, "margin", -MOST_SPACE..=MOST_SPACE)?.map(|v| Length::Points(v as f32)),
    })
}
