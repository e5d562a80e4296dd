//! Building the overview's Yoga trees: its grid, and each card's tree, every length multiplied by the scale and
//! every text shaped for its measure function (the layout kit's `Builder`).

use goldberry_natives::NativeError;
use goldberry_natives::yoga::{Align, Edge, FlexDirection, Gutter, Justify, Length, NodeId, Wrap};

use super::super::model::{Body, CardSpec, Visual, card_tag};
use crate::scene::layout::{Builder, Wrapping};
use crate::scene::styles::Styles;

/// The padding of a code panel (horizontal, vertical), before scaling.
pub(super) const CODE_PADDING: (f32, f32) = (8.0, 6.0);

/// The node ids of one card, to read back after the pass.
pub(super) struct CardNodes {
    pub(super) card: NodeId,
    pub(super) header: NodeId,
    pub(super) icon: NodeId,
    pub(super) title: NodeId,
    pub(super) badge: NodeId,
    pub(super) visual: VisualNodes,
    pub(super) body: NodeId,
    pub(super) footer: NodeId,
    pub(super) tag: NodeId,
}

/// The node ids of a card's visual.
pub(super) enum VisualNodes {
    None,
    Chart(NodeId),
    Ring(NodeId, Vec<NodeId>),
    Chips(Vec<NodeId>),
    Swatches(Vec<NodeId>),
}

/// The grid of cards, the root of `b`'s tree: a wrapping row that stretches its rows to fill the body.
pub(super) fn grid(b: &mut Builder<'_>) -> Result<NodeId, NativeError> {
    let grid = b.tree.add_node()?;
    b.tree.set_flex_direction(grid, FlexDirection::Row);
    b.tree.set_flex_wrap(grid, Wrap::Wrap);
    b.tree.set_padding(grid, Edge::All, Length::Points(b.px(14.0)));
    b.tree.set_gap(grid, Gutter::All, b.px(12.0));
    b.tree.set_align_content(grid, Align::Stretch);
    b.tree.set_align_items(grid, Align::Stretch);
    Ok(grid)
}

/// Gives `n` a card's place in the grid: 22 % of the row, growing and shrinking, 200 to 480 px wide, at least
/// 150 px tall.
pub(super) fn place_in_grid(b: &mut Builder<'_>, n: NodeId) {
    let (min_w, max_w, min_h) = (b.px(200.0), b.px(480.0), b.px(150.0));
    let t = &mut b.tree;
    t.set_flex_basis(n, Length::Percent(22.0));
    t.set_flex_grow(n, 1.0);
    t.set_flex_shrink(n, 1.0);
    t.set_min_width(n, Length::Points(min_w));
    t.set_max_width(n, Length::Points(max_w));
    t.set_min_height(n, Length::Points(min_h));
}

/// Builds card `index` under `grid`, or as the root of `b`'s tree when `grid` is `None` (a card laid out on its
/// own, see [`SceneTree`](super::SceneTree)).
pub(super) fn card(
    b: &mut Builder<'_>,
    grid: Option<NodeId>,
    index: usize,
    spec: &CardSpec,
    styles: &Styles,
) -> Result<CardNodes, NativeError> {
    let card = match grid {
        Some(grid) => b.child(grid)?,
        None => b.tree.add_node()?,
    };
    place_in_grid(b, card);
    let (pad, gap) = (b.px(10.0), b.px(5.0));
    let t = &mut b.tree;
    t.set_flex_direction(card, FlexDirection::Column);
    t.set_padding(card, Edge::All, Length::Points(pad));
    t.set_gap(card, Gutter::All, gap);

    let header = b.child(card)?;
    b.tree.set_flex_direction(header, FlexDirection::Row);
    b.tree.set_align_items(header, Align::Center);
    b.tree.set_gap(header, Gutter::Column, gap);
    b.tree.set_min_height(header, Length::Points(b.px(22.0)));
    let icon_side = b.px(16.0);
    let icon = b.square(header, icon_side)?;
    let title = b.text(header, styles.card_title, spec.title)?;
    b.tree.set_flex_grow(title, 1.0);
    b.tree.set_flex_shrink(title, 1.0);
    let template = "0".repeat(spec.counter.width);
    let (ph, pv) = (b.px(7.0), b.px(2.0));
    let badge = b.pill(header, styles.badge, &template, ph, pv)?;

    let visual = visual(b, card, spec, styles, gap)?;

    // The text box: prose on the card, or code on a panel (the same node, with padding).
    let body = match spec.body {
        Body::Prose(prose) => b.text_box(card, styles.prose, prose, Wrapping::ToWidth)?,
        Body::Code(code) => {
            let body = b.text_box(card, styles.code, code, Wrapping::None)?;
            b.tree.set_padding(body, Edge::Horizontal, Length::Points(b.px(CODE_PADDING.0)));
            b.tree.set_padding(body, Edge::Vertical, Length::Points(b.px(CODE_PADDING.1)));
            body
        }
    };
    b.tree.set_flex_grow(body, 1.6);
    b.tree.set_min_height(body, Length::Points(0.0));
    let footer_row = b.child(card)?;
    b.tree.set_flex_direction(footer_row, FlexDirection::Row);
    b.tree.set_justify_content(footer_row, Justify::SpaceBetween);
    b.tree.set_gap(footer_row, Gutter::Column, gap);
    let footer = b.text(footer_row, styles.footer, spec.footer)?;
    b.tree.set_flex_shrink(footer, 1.0);
    b.tree.set_min_width(footer, Length::Points(0.0));
    let tag = b.text(footer_row, styles.footer, &card_tag(index))?;
    Ok(CardNodes { card, header, icon, title, badge, visual, body, footer, tag })
}

/// The nodes of `spec`'s visual under `card` (`gap`: the card's gap, which the swatches share).
fn visual(
    b: &mut Builder<'_>,
    card: NodeId,
    spec: &CardSpec,
    styles: &Styles,
    gap: f32,
) -> Result<VisualNodes, NativeError> {
    let nodes = match spec.visual {
        Visual::None => VisualNodes::None,
        Visual::LineChart { .. } | Visual::BarChart { .. } => {
            let chart = b.child(card)?;
            // Grown into the card's free height with the text (a percent height would resolve against the
            // grid's height while Yoga sizes the row, making every row with a chart too tall).
            b.tree.set_flex_grow(chart, 1.0);
            b.tree.set_flex_shrink(chart, 1.0);
            b.tree.set_flex_basis(chart, Length::Points(0.0));
            b.tree.set_min_height(chart, Length::Points(b.px(44.0)));
            b.tree.set_max_height(chart, Length::Points(b.px(150.0)));
            VisualNodes::Chart(chart)
        }
        Visual::Ring { stats, .. } => {
            let row = b.child(card)?;
            b.tree.set_flex_direction(row, FlexDirection::Row);
            b.tree.set_align_items(row, Align::Center);
            b.tree.set_gap(row, Gutter::Column, b.px(12.0));
            let ring = b.child(row)?;
            b.tree.set_width(ring, Length::Percent(36.0));
            b.tree.set_max_width(ring, Length::Points(b.px(120.0)));
            b.tree.set_aspect_ratio(ring, 1.0);
            let column = b.child(row)?;
            b.tree.set_flex_grow(column, 1.0);
            b.tree.set_flex_shrink(column, 1.0);
            b.tree.set_justify_content(column, Justify::Center);
            b.tree.set_gap(column, Gutter::Row, b.px(2.0));
            let lines = stats.iter().map(|line| b.text(column, styles.stats, line)).collect::<Result<_, _>>()?;
            VisualNodes::Ring(ring, lines)
        }
        Visual::Chips(labels) => {
            let row = b.child(card)?;
            b.tree.set_flex_direction(row, FlexDirection::Row);
            b.tree.set_flex_wrap(row, Wrap::Wrap);
            b.tree.set_gap(row, Gutter::All, b.px(4.0));
            let (ph, pv) = (b.px(6.0), b.px(2.0));
            let chips = labels.iter().map(|label| b.pill(row, styles.chip, label, ph, pv)).collect::<Result<_, _>>()?;
            VisualNodes::Chips(chips)
        }
        Visual::Swatches => {
            let row = b.child(card)?;
            b.tree.set_flex_direction(row, FlexDirection::Row);
            b.tree.set_gap(row, Gutter::Column, gap);
            b.tree.set_height(row, Length::Points(b.px(40.0)));
            let swatches = [1.0, 2.0, 1.0]
                .iter()
                .map(|&grow| {
                    let n = b.child(row)?;
                    b.tree.set_flex_grow(n, grow);
                    b.tree.set_flex_shrink(n, 1.0);
                    b.tree.set_flex_basis(n, Length::Points(0.0));
                    Ok(n)
                })
                .collect::<Result<_, NativeError>>()?;
            VisualNodes::Swatches(swatches)
        }
    };
    Ok(nodes)
}
