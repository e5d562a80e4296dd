//! The layout a document's stylesheet states: each row's and widget's resting style read into the kit's
//! [`RowFlex`] and [`ItemFlex`], under what the document states of the node (the document's wins, as an inline
//! style does in CSS). Resting, because a layout that followed `:hover` would move a widget out from under the
//! pointer (record 23).

use goldberry_natives::yoga::Length;

use super::flex_props::{ALIGN, ALIGN_SELF, DIRECTION, JUSTIFY};
use super::look::Look;
use super::read::Built;
use crate::document::flex::{ItemFlex, RowFlex};
use crate::style::cascade::Computed;
use crate::style::value;
use crate::ui::theme::{Palette, ThemeName};

/// An em, px: the kit's label size, unless the element's stylesheet sets a `font-size` in px.
const EM_PX: f32 = 13.0;

/// Lays `built`'s rows and widgets out by the stylesheet of `look` too, under what the document states.
pub fn by_sheet(built: &mut Built, look: &mut Look) {
    // The root's custom properties are a theme's (a length may name one); the layout is the dark theme's, and a
    // theme change restyles colours, not the layout.
    look.page(&Palette::of(ThemeName::Dark));
    // The page is the reader's alone here: no copy is made.
    let page = std::sync::Arc::make_mut(&mut built.page);
    for (s, rows) in built.row_nodes.iter().enumerate() {
        for (r, &node) in rows.iter().enumerate() {
            let style = look.resting(node);
            if let Some(row) = page.sections.get_mut(s).and_then(|section| section.rows.get_mut(r)) {
                row.flex = row.flex.or(row_of(&style));
            }
        }
    }
    for (i, &node) in built.widget_nodes.iter().enumerate() {
        let style = look.resting(node);
        let sized = built.sized.get(i).copied().unwrap_or(false);
        if let Some(flex) = page.flex.get_mut(i) {
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
