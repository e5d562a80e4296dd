//! The playground's panel of chips, one group per flexbox property, laid out by Yoga (each group's chips wrap in
//! a row) once per size, and drawn from the properties.

use goldberry_natives::NativeError;
use goldberry_natives::yoga::{Direction, Edge, FlexDirection, Gutter, LayoutTree, Length, NodeId, Wrap};

use crate::display_list::DisplayList;
use crate::flame::layouts::{self, Laid};
use crate::fonts::FontBook;
use crate::geom::{FontId, Rect};
use crate::scene::draw::widgets::{focus_ring, start, text};
use crate::screens::playground::state::{Props, ids, option_words};
use crate::ui::router::{Cursor, Region, Router, Target, WidgetId};
use crate::ui::settings::Density;
use crate::ui::theme::Palette;
use goldberry_natives::yoga::Align;

/// The panel's width beside the stage (stacked above it, it takes the page's).
pub const PANEL_WIDTH: f32 = 300.0;
const CHIP_HEIGHT: f32 = 20.0;
const LABEL_HEIGHT: f32 = 16.0;
const TITLE_HEIGHT: f32 = 26.0;
const HINT_HEIGHT: f32 = 36.0;

/// One group of chips: its label, its widget id and its values' words.
struct Group {
    label: &'static str,
    id: WidgetId,
    words: Vec<String>,
}

fn groups() -> Vec<Group> {
    let group = |label, id| Group { label, id, words: option_words(id) };
    vec![
        group("flex-direction  (d)", ids::DIRECTION),
        group("flex-wrap  (w)", ids::WRAP),
        group("justify-content  (j)", ids::JUSTIFY),
        group("align-items  (a)", ids::ALIGN_ITEMS),
        group("align-content  (c)", ids::ALIGN_CONTENT),
        group("gap  (g)", ids::GAP),
    ]
}

/// The value a group shows as selected.
fn selected(id: WidgetId, p: &Props) -> usize {
    match id {
        ids::DIRECTION => p.direction,
        ids::WRAP => usize::from(p.wrap),
        ids::JUSTIFY => p.justify,
        ids::ALIGN_ITEMS => p.align_items,
        ids::ALIGN_CONTENT => p.align_content,
        _ => p.gap,
    }
}

/// The fonts the panel writes with.
#[derive(Debug, Clone, Copy)]
pub struct PanelFonts {
    /// The title.
    pub title: FontId,
    /// The groups' labels.
    pub label: FontId,
    /// The chips.
    pub chip: FontId,
}

/// The panel's Yoga nodes.
#[derive(Debug)]
pub struct Panel {
    root: NodeId,
    title: NodeId,
    labels: Vec<NodeId>,
    chips: Vec<Vec<NodeId>>,
    hint: NodeId,
    groups: Vec<(&'static str, WidgetId, Vec<String>)>,
    /// Each group's row of chips.
    rows: Vec<NodeId>,
    /// The density the nodes are set for.
    density: Density,
}

/// Where the panel's parts lie after a layout.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PanelLayout {
    /// The panel.
    pub rect: Rect,
    /// The title line.
    pub title: Rect,
    /// Each group's label line.
    pub labels: Vec<Rect>,
    /// Each group's chips.
    pub chips: Vec<Vec<Rect>>,
    /// The keys' hint.
    pub hint: Rect,
}

impl Panel {
    /// The panel's root: a tree of its own beside the container's.
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// Adds the panel's nodes to `tree`, as a root of their own.
    pub fn new(tree: &mut LayoutTree, fonts: &FontBook, f: PanelFonts) -> Result<Panel, NativeError> {
        let root = tree.add_node()?;
        tree.set_width(root, Length::Points(PANEL_WIDTH));
        tree.set_padding(root, Edge::All, Length::Points(16.0));
        tree.set_gap(root, Gutter::Row, 4.0);
        let leaf = |tree: &mut LayoutTree, parent: NodeId, h: f32| -> Result<NodeId, NativeError> {
            let n = tree.add_node()?;
            tree.add_child(parent, n)?;
            tree.set_height(n, Length::Points(h));
            Ok(n)
        };
        let title = leaf(tree, root, TITLE_HEIGHT)?;
        let mut labels = Vec::new();
        let mut chips = Vec::new();
        let mut kept = Vec::new();
        let mut rows = Vec::new();
        for group in groups() {
            labels.push(leaf(tree, root, LABEL_HEIGHT)?);
            let row = tree.add_node()?;
            tree.add_child(root, row)?;
            tree.set_flex_direction(row, FlexDirection::Row);
            tree.set_flex_wrap(row, Wrap::Wrap);
            tree.set_gap(row, Gutter::All, 4.0);
            tree.set_margin(row, Edge::Bottom, Length::Points(2.0));
            let mut nodes = Vec::new();
            for word in &group.words {
                let chip = leaf(tree, row, CHIP_HEIGHT)?;
                tree.set_width(chip, Length::Points((fonts.width_px(f.chip, word) + 16.0).ceil()));
                nodes.push(chip);
            }
            chips.push(nodes);
            rows.push(row);
            kept.push((group.label, group.id, group.words));
        }
        let hint = leaf(tree, root, HINT_HEIGHT)?;
        Ok(Panel { root, title, labels, chips, hint, groups: kept, rows, density: Density::Regular })
    }

    /// Sets the panel's padding, gaps and chips for `density`: compact is 4 px tighter around, 2 px shorter a chip
    /// and 2 px tighter between rows.
    pub fn set_density(&mut self, tree: &mut LayoutTree, density: Density) {
        if density == self.density {
            return;
        }
        self.density = density;
        let compact = density == Density::Compact;
        let by = |regular: f32, less: f32| if compact { regular - less } else { regular };
        tree.set_padding(self.root, Edge::All, Length::Points(by(16.0, 4.0)));
        tree.set_gap(self.root, Gutter::Row, by(4.0, 2.0));
        for &row in &self.rows {
            tree.set_margin(row, Edge::Bottom, Length::Points(by(2.0, 2.0)));
        }
        for &chip in self.chips.iter().flatten() {
            tree.set_height(chip, Length::Points(by(CHIP_HEIGHT, 2.0)));
        }
    }

    /// Lays the panel out `width` wide with its top-left corner at `origin`, its chips running in `direction` and
    /// wrapping to as many rows as the width asks.
    pub fn lay_out(
        &self,
        tree: &mut LayoutTree,
        origin: (f32, f32),
        width: f32,
        direction: Direction,
    ) -> Result<PanelLayout, NativeError> {
        tree.set_width(self.root, Length::Points(width));
        layouts::timed(Laid::Part("layout panel"), || tree.calculate(self.root, width, f32::NAN, direction))?;
        let at = |r: goldberry_natives::yoga::Rect| Rect::new(origin.0 + r.x, origin.1 + r.y, r.w, r.h);
        Ok(PanelLayout {
            rect: at(tree.layout(self.root)),
            title: at(tree.layout(self.title)),
            labels: self.labels.iter().map(|n| at(tree.layout(*n))).collect(),
            chips: self.chips.iter().map(|g| g.iter().map(|n| at(tree.layout(*n))).collect()).collect(),
            hint: at(tree.layout(self.hint)),
        })
    }

    /// The chips' hit regions.
    pub fn regions(&self, laid: &PanelLayout) -> Vec<Region> {
        let mut regions = Vec::new();
        for ((_, id, _), chips) in self.groups.iter().zip(&laid.chips) {
            for (part, rect) in chips.iter().enumerate() {
                regions.push(Region {
                    target: Target { id, part: part as u8 },
                    rect: *rect,
                    cursor: Cursor::Hand,
                    // Each group is one Tab stop (a radio group's); the arrows move within it.
                    focusable: part == 0,
                    enabled: true,
                });
            }
        }
        regions
    }

    /// Records the panel showing `view.props`, a hovered chip lifted.
    pub fn record(&self, list: &mut DisplayList, fonts: &FontBook, laid: &PanelLayout, view: &PanelView<'_>) {
        let PanelView { props, router, palette: p, fonts: f, mirrored } = *view;
        let align = start(mirrored);
        list.fill_round_rect(laid.rect, 10.0, p.surface);
        list.hairline(laid.rect, 10.0, p.border);
        text(list, fonts, f.title, laid.title, "Layout", p.text, align);
        for (((label, id, words), label_rect), chips) in self.groups.iter().zip(&laid.labels).zip(&laid.chips) {
            text(list, fonts, f.label, *label_rect, label, p.muted, align);
            let chosen = selected(id, props);
            for (part, (word, rect)) in words.iter().zip(chips).enumerate() {
                let hovered = router.hovered() == Some(Target { id, part: part as u8 });
                let (fill, ink) = match (part == chosen, hovered) {
                    (true, _) => (p.accent, p.on_accent),
                    (false, true) => (p.surface_pressed, p.text),
                    (false, false) => (p.surface_hover, p.text),
                };
                list.fill_round_rect(*rect, CHIP_HEIGHT / 2.0, fill);
                text(list, fonts, f.chip, *rect, word, ink, Align::Center);
                // The keyboard's place in the group, as every kit widget marks it.
                if router.focus_target() == Some(Target { id, part: part as u8 }) {
                    focus_ring(list, *rect, CHIP_HEIGHT / 2.0, p);
                }
            }
        }
        let size = format!("width {:.0} %   height {:.0} %", props.width * 100.0, props.height * 100.0);
        let half = Rect::new(laid.hint.x, laid.hint.y, laid.hint.w, laid.hint.h / 2.0);
        text(list, fonts, f.label, half, &size, p.text, align);
        let below = Rect { y: half.bottom(), ..half };
        text(list, fonts, f.label, below, "Left/Right: width; drag the corner; click a box", p.muted, align);
    }
}

/// What the panel is drawn from besides its layout.
#[derive(Clone, Copy)]
pub struct PanelView<'a> {
    /// The properties the chips show.
    pub props: &'a Props,
    /// Hover.
    pub router: &'a Router,
    /// The colours.
    pub palette: &'a Palette,
    /// Its fonts.
    pub fonts: PanelFonts,
    /// The UI runs right to left: the text starts at the right.
    pub mirrored: bool,
}
