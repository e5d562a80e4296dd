//! A document's layout properties, Yoga's with CSS's names: a `row`'s as a flex container and a widget's as a flex
//! item, read into the kit's [`RowFlex`] and [`ItemFlex`]. A keyword or number out of range is an error at its
//! place that names what is accepted.
//!
//! A stylesheet may state the same properties ([`by_sheet`]); what the document states of a node wins, as an
//! inline style does in CSS. The sheet's are read in each element's resting state: a hover does not move the
//! layout.

use goldberry_natives::yoga::{Align, FlexDirection, Justify, Length};

use super::look::Look;
use super::props::{Props, Source};
use super::read::Built;
use crate::located::Located;
use crate::screens::kit::flex::{ItemFlex, RowFlex};
use crate::style::cascade::Computed;
use crate::style::value;
use crate::ui::theme::{Palette, ThemeName};

/// The longest length a document may state, px (a page is at most a few screens wide).
const MOST_PX: f64 = 4000.0;
/// The most a gap, padding or margin may be, px.
const MOST_SPACE: f64 = 1000.0;
/// The most a grow or shrink factor may be.
const MOST_FACTOR: f64 = 1000.0;

const JUSTIFY: &[(&str, Justify)] = &[
    ("flex-start", Justify::FlexStart),
    ("center", Justify::Center),
    ("flex-end", Justify::FlexEnd),
    ("space-between", Justify::SpaceBetween),
    ("space-around", Justify::SpaceAround),
    ("space-evenly", Justify::SpaceEvenly),
];

const ALIGN: &[(&str, Align)] = &[
    ("flex-start", Align::FlexStart),
    ("center", Align::Center),
    ("flex-end", Align::FlexEnd),
    ("stretch", Align::Stretch),
    ("baseline", Align::Baseline),
];

/// `align-self` also takes `auto`: the row's `align-items`.
const ALIGN_SELF: &[(&str, Align)] = &[
    ("auto", Align::Auto),
    ("flex-start", Align::FlexStart),
    ("center", Align::Center),
    ("flex-end", Align::FlexEnd),
    ("stretch", Align::Stretch),
    ("baseline", Align::Baseline),
];

const DIRECTION: &[(&str, FlexDirection)] = &[("row", FlexDirection::Row), ("column", FlexDirection::Column)];

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

/// An em, px: the kit's label size, unless the element's stylesheet sets a `font-size` in px.
const EM_PX: f32 = 13.0;

/// Lays `built`'s rows and widgets out by the stylesheet of `look` too, under what the document states.
pub fn by_sheet(built: &mut Built, look: &mut Look) {
    // The root's custom properties are a theme's (a length may name one); the layout is the dark theme's, and a
    // theme change restyles colours, not the layout.
    look.page(&Palette::of(ThemeName::Dark));
    for (s, rows) in built.row_nodes.iter().enumerate() {
        for (r, &node) in rows.iter().enumerate() {
            let style = look.resting(node);
            if let Some(row) = built.page.sections.get_mut(s).and_then(|section| section.rows.get_mut(r)) {
                row.flex = row.flex.or(row_of(&style));
            }
        }
    }
    for (i, &node) in built.widget_nodes.iter().enumerate() {
        let style = look.resting(node);
        let sized = built.sized.get(i).copied().unwrap_or(false);
        if let Some(flex) = built.page.flex.get_mut(i) {
            *flex = flex.or(item_of(&style, sized));
        }
    }
}

/// The row properties `style` states (`gap` is both gaps, as in CSS).
fn row_of(style: &Computed) -> RowFlex {
    let em = em_of(style);
    let l = &style.layout;
    let gap = style.gap.map(|g| length(g, em));
    RowFlex {
        direction: pick(DIRECTION, l.direction),
        wrap: l.wrap.map(|w| w == "wrap"),
        justify: pick(JUSTIFY, l.justify),
        align_items: pick(ALIGN, l.align_items),
        column_gap: l.column_gap.map(|g| length(g, em)).or(gap),
        row_gap: l.row_gap.map(|g| length(g, em)).or(gap),
        padding: style.padding.map(|p| length(p, em)),
    }
}

/// The item properties `style` states; a widget that takes `width` itself (`sized`) keeps the kit's width.
fn item_of(style: &Computed, sized: bool) -> ItemFlex {
    let em = em_of(style);
    let l = &style.layout;
    let len = |v: Option<value::Length>| v.map(|v| length(v, em));
    ItemFlex {
        width: if sized { None } else { len(style.width) },
        height: len(l.height),
        min_width: len(l.min_width),
        max_width: len(l.max_width),
        grow: l.grow,
        shrink: l.shrink,
        basis: len(l.basis),
        align_self: pick(ALIGN_SELF, l.align_self),
        margin: len(l.margin),
    }
}

/// The size of an em for `style`, px.
fn em_of(style: &Computed) -> f32 {
    match style.font_size {
        Some(value::Length::Px(px)) => px,
        _ => EM_PX,
    }
}

/// A stylesheet's length as Yoga's.
fn length(l: value::Length, em: f32) -> Length {
    match l {
        value::Length::Px(v) => Length::Points(v),
        value::Length::Em(v) => Length::Points(v * em),
        value::Length::Percent(v) => Length::Percent(v),
    }
}

/// The value `word` names in `table` (the stylesheet's reader has checked it is one).
fn pick<T: Copy>(table: &[(&str, T)], word: Option<&str>) -> Option<T> {
    let word = word?;
    table.iter().find(|(name, _)| *name == word).map(|(_, v)| *v)
}
