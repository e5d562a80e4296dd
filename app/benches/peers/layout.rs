//! One flexbox description built twice, as a Yoga tree through the holders and as a taffy tree: the overview's frame
//! (title bar, the grid of twelve card slots, the status bar, with the styles of `scene::layout` and
//! `screens::overview::layout`) and synthetic
//! 10,000-node trees (wide, nested, deep). Text leaves measure a fixed size (the width of their run in the app's
//! fonts, one line high), the same in both engines.

use goldberry::fonts::FontBook;
use goldberry::scene::styles::Styles;
use goldberry::scene::texts::{STATUS_ITEMS, STATUS_TEMPLATE};
use goldberry::screens::TITLES;
use goldberry::screens::overview::model::CARDS;
use goldberry_natives::Goldberry;
use goldberry_natives::yoga::{self, Direction, Edge, Gutter, LayoutTree, Length};

/// A length: points, percent of the parent, or auto.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Len {
    Auto,
    Px(f32),
    Pct(f32),
}

/// The style of one node: the flexbox properties the scene uses, nothing more.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spec {
    pub row: bool,
    pub wrap: bool,
    pub grow: f32,
    pub shrink: f32,
    pub basis: Len,
    pub width: Len,
    pub height: Len,
    pub min_width: Len,
    pub min_height: Len,
    pub max_width: Len,
    pub max_height: Len,
    /// Horizontal and vertical padding.
    pub padding: (f32, f32),
    /// Row and column gap.
    pub gap: (f32, f32),
    pub align_center: bool,
    pub space_between: bool,
    /// A leaf that measures this size (a text).
    pub measure: Option<(f32, f32)>,
}

impl Default for Spec {
    /// Yoga's defaults where they differ from the web's: a column, shrink 0.
    fn default() -> Spec {
        Spec {
            row: false,
            wrap: false,
            grow: 0.0,
            shrink: 0.0,
            basis: Len::Auto,
            width: Len::Auto,
            height: Len::Auto,
            min_width: Len::Auto,
            min_height: Len::Auto,
            max_width: Len::Auto,
            max_height: Len::Auto,
            padding: (0.0, 0.0),
            gap: (0.0, 0.0),
            align_center: false,
            space_between: false,
            measure: None,
        }
    }
}

/// A tree as a flat list of nodes, each with its parent (the root is node 0, parents come before children).
#[derive(Debug, Clone, Default)]
pub struct Tree {
    pub nodes: Vec<(Option<usize>, Spec)>,
}

impl Tree {
    pub fn add(&mut self, parent: Option<usize>, spec: Spec) -> usize {
        self.nodes.push((parent, spec));
        self.nodes.len() - 1
    }
}

/// The overview's frame at scale 1: the styles of `scene::layout`'s frame tree with the overview's grid in its body,
/// each card a slot of the grid
/// measuring the height its content asks for in the app's layout (`heights`, from the scene's last layout,
/// or 150 px when not given).
pub fn scene_frame(fonts: &FontBook, heights: &[f32]) -> Tree {
    let s = Styles::new(fonts, 1.0);
    let line = |id, text: &str| Some((fonts.width_px(id, text).ceil(), fonts.metrics(id).line_height));
    let mut t = Tree::default();
    let root = t.add(None, Spec::default());
    let bar = t.add(
        Some(root),
        Spec {
            row: true,
            align_center: true,
            height: Len::Px(44.0),
            padding: (16.0, 0.0),
            gap: (0.0, 10.0),
            ..Spec::default()
        },
    );
    let square = |side| Spec { width: Len::Px(side), height: Len::Px(side), ..Spec::default() };
    t.add(Some(bar), square(24.0));
    let titles = t.add(Some(bar), Spec::default());
    t.add(Some(titles), Spec { measure: line(s.bar_title, "goldberry"), ..Spec::default() });
    t.add(
        Some(titles),
        Spec { measure: line(s.bar_subtitle, "Blend2D \u{b7} Yoga \u{b7} HarfBuzz \u{b7} SDL2"), ..Spec::default() },
    );
    // The tab row's 12 px left margin, as a fixed box (Spec has no margins).
    t.add(Some(bar), Spec { width: Len::Px(2.0), ..Spec::default() });
    let tabs = t.add(
        Some(bar),
        Spec {
            row: true,
            align_center: true,
            gap: (0.0, 4.0),
            shrink: 1.0,
            min_width: Len::Px(0.0),
            ..Spec::default()
        },
    );
    for label in TITLES {
        t.add(Some(tabs), Spec { measure: line(s.tab, label), padding: (10.0, 7.0), ..Spec::default() });
    }
    t.add(Some(bar), Spec { grow: 1.0, ..Spec::default() });
    t.add(
        Some(bar),
        Spec { measure: line(s.status, STATUS_TEMPLATE), shrink: 1.0, min_width: Len::Px(0.0), ..Spec::default() },
    );
    let grid = t.add(
        Some(root),
        Spec {
            row: true,
            wrap: true,
            grow: 1.0,
            shrink: 1.0,
            padding: (14.0, 14.0),
            gap: (12.0, 12.0),
            ..Spec::default()
        },
    );
    for i in 0..CARDS.len() {
        let h = heights.get(i).copied().unwrap_or(150.0);
        t.add(
            Some(grid),
            Spec {
                basis: Len::Pct(22.0),
                grow: 1.0,
                shrink: 1.0,
                min_width: Len::Px(200.0),
                max_width: Len::Px(480.0),
                min_height: Len::Px(150.0),
                measure: Some((0.0, h)),
                ..Spec::default()
            },
        );
    }
    let status = t.add(
        Some(root),
        Spec {
            row: true,
            space_between: true,
            align_center: true,
            height: Len::Px(24.0),
            padding: (16.0, 0.0),
            gap: (0.0, 16.0),
            ..Spec::default()
        },
    );
    for item in STATUS_ITEMS {
        t.add(
            Some(status),
            Spec { measure: line(s.status_bar, item), shrink: 1.0, min_width: Len::Px(0.0), ..Spec::default() },
        );
    }
    t
}

/// A synthetic tree of `n` nodes: `"wide"` (a wrapping row of n - 1 fixed leaves), `"nested"` (ten levels, each
/// node with up to ten children, leaves fixed) or `"deep"` (chains of 100 single children, side by side).
pub fn synthetic(kind: &str, n: usize) -> Tree {
    let leaf = |i: usize| Spec {
        width: Len::Px(10.0 + (i % 7) as f32),
        height: Len::Px(8.0 + (i % 5) as f32),
        ..Spec::default()
    };
    let mut t = Tree::default();
    let root = t.add(None, Spec { row: true, wrap: true, ..Spec::default() });
    match kind {
        "wide" => {
            for i in 1..n {
                t.add(Some(root), leaf(i));
            }
        }
        "nested" => {
            // Breadth first: node k's children are added until n nodes exist.
            let mut k = 0;
            while t.nodes.len() < n {
                let row = t.nodes[k].1.row;
                for c in 0..10 {
                    if t.nodes.len() >= n {
                        break;
                    }
                    let i = t.nodes.len();
                    let spec = if i * 10 + 1 >= n {
                        leaf(i)
                    } else {
                        Spec { row: !row, grow: 1.0, padding: (1.0, 1.0), gap: (1.0, 1.0), ..Spec::default() }
                    };
                    let _ = c;
                    t.add(Some(k), spec);
                }
                k += 1;
            }
        }
        _ => {
            let mut parent = root;
            for i in 1..n {
                if i % 100 == 1 {
                    parent = root;
                }
                parent = t.add(
                    Some(parent),
                    if i % 100 == 0 { leaf(i) } else { Spec { padding: (1.0, 1.0), ..Spec::default() } },
                );
            }
        }
    }
    t
}

fn yoga_len(l: Len) -> Length {
    match l {
        Len::Auto => Length::Auto,
        Len::Px(v) => Length::Points(v),
        Len::Pct(v) => Length::Percent(v),
    }
}

/// The tree built in Yoga through the holders, with its node ids in `tree`'s order.
pub struct YogaTree {
    pub tree: LayoutTree,
    pub ids: Vec<yoga::NodeId>,
    /// The leaves with a measure function (the only nodes Yoga lets its user mark dirty).
    measured: Vec<yoga::NodeId>,
}

impl YogaTree {
    pub fn build(g: &'static Goldberry, t: &Tree) -> Result<YogaTree, String> {
        let mut tree = LayoutTree::new(g).map_err(|e| e.to_string())?;
        tree.set_point_scale_factor(0.0).map_err(|e| e.to_string())?;
        let mut ids = Vec::with_capacity(t.nodes.len());
        let mut measured = Vec::new();
        for (parent, s) in &t.nodes {
            let n = tree.add_node().map_err(|e| e.to_string())?;
            if let Some(p) = parent {
                tree.add_child(ids[*p], n).map_err(|e| e.to_string())?;
            }
            tree.set_flex_direction(n, if s.row { yoga::FlexDirection::Row } else { yoga::FlexDirection::Column });
            if s.wrap {
                tree.set_flex_wrap(n, yoga::Wrap::Wrap);
            }
            tree.set_align_content(n, yoga::Align::Stretch);
            tree.set_flex_grow(n, s.grow);
            tree.set_flex_shrink(n, s.shrink);
            if s.basis != Len::Auto {
                tree.set_flex_basis(n, yoga_len(s.basis));
            }
            for (len, set) in [
                (s.width, LayoutTree::set_width as fn(&mut LayoutTree, yoga::NodeId, Length)),
                (s.height, LayoutTree::set_height),
                (s.min_width, LayoutTree::set_min_width),
                (s.min_height, LayoutTree::set_min_height),
                (s.max_width, LayoutTree::set_max_width),
                (s.max_height, LayoutTree::set_max_height),
            ] {
                if len != Len::Auto {
                    set(&mut tree, n, yoga_len(len));
                }
            }
            tree.set_padding(n, Edge::Horizontal, Length::Points(s.padding.0));
            tree.set_padding(n, Edge::Vertical, Length::Points(s.padding.1));
            tree.set_gap(n, Gutter::Row, s.gap.0);
            tree.set_gap(n, Gutter::Column, s.gap.1);
            if s.align_center {
                tree.set_align_items(n, yoga::Align::Center);
            }
            if s.space_between {
                tree.set_justify_content(n, yoga::Justify::SpaceBetween);
            }
            if let Some((w, h)) = s.measure {
                tree.set_measure(n, move |input| {
                    let w = match input.width_mode {
                        yoga::MeasureMode::Exactly => input.width,
                        yoga::MeasureMode::AtMost => w.min(input.width),
                        yoga::MeasureMode::Undefined => w,
                    };
                    (w, h)
                });
                measured.push(n);
            }
            ids.push(n);
        }
        Ok(YogaTree { tree, ids, measured })
    }

    /// Lays the tree out in `width` x `height`. The measured leaves are marked dirty first, as the app's scene
    /// layout does: Yoga keeps a child's computed percent flex basis (a card slot's 22 % of the grid) until the
    /// child is dirtied, and a new root size dirties only the root, so without this a tree laid out at 960 px
    /// keeps 960 px's card bases at 1920 px.
    pub fn calculate(&mut self, width: f32, height: f32) -> Result<(), String> {
        let root = self.ids[0];
        for &n in &self.measured {
            self.tree.mark_dirty(n);
        }
        self.tree.set_width(root, Length::Points(width));
        self.tree.set_height(root, Length::Points(height));
        self.tree.calculate(root, width, height, Direction::Ltr).map_err(|e| e.to_string())
    }

    /// Every node's box from the last layout, in window coordinates.
    pub fn boxes(&self) -> Vec<[f32; 4]> {
        self.ids.iter().map(|&n| self.tree.layout(n)).map(|r| [r.x, r.y, r.w, r.h]).collect()
    }

    /// Forgets every cached layout, so the next layout is computed again from scratch: Yoga lets its user dirty
    /// only measured leaves, but a changed config (its point scale factor, set away and back) invalidates every
    /// node's cached measurements and layout.
    pub fn dirty(&mut self) -> Result<(), String> {
        self.tree.set_point_scale_factor(1.0).map_err(|e| e.to_string())?;
        self.tree.set_point_scale_factor(0.0).map_err(|e| e.to_string())
    }
}

fn lp(v: f32) -> taffy::LengthPercentage {
    taffy::LengthPercentage::length(v)
}

fn dim(l: Len) -> taffy::Dimension {
    match l {
        Len::Auto => taffy::Dimension::auto(),
        Len::Px(v) => taffy::Dimension::length(v),
        Len::Pct(v) => taffy::Dimension::percent(v / 100.0),
    }
}

fn min(l: Len) -> taffy::LengthPercentageAuto {
    if l == Len::Auto { taffy::LengthPercentageAuto::length(0.0) } else { lpa(l) }
}

fn lpa(l: Len) -> taffy::LengthPercentageAuto {
    match l {
        Len::Auto => taffy::LengthPercentageAuto::auto(),
        Len::Px(v) => taffy::LengthPercentageAuto::length(v),
        Len::Pct(v) => taffy::LengthPercentageAuto::percent(v / 100.0),
    }
}

/// The tree built in taffy, with its node ids in `tree`'s order and each leaf's measured size as its context.
pub struct TaffyTree {
    pub tree: taffy::TaffyTree<(f32, f32)>,
    pub ids: Vec<taffy::NodeId>,
}

impl TaffyTree {
    pub fn build(t: &Tree) -> Result<TaffyTree, String> {
        let mut tree = taffy::TaffyTree::with_capacity(t.nodes.len());
        // Yoga rounds nothing here either (point scale factor 0).
        tree.disable_rounding();
        let mut ids: Vec<taffy::NodeId> = Vec::with_capacity(t.nodes.len());
        for (parent, s) in &t.nodes {
            let style = taffy::Style {
                flex_direction: if s.row { taffy::FlexDirection::Row } else { taffy::FlexDirection::Column },
                flex_wrap: if s.wrap { taffy::FlexWrap::Wrap } else { taffy::FlexWrap::NoWrap },
                flex_grow: s.grow,
                flex_shrink: s.shrink,
                flex_basis: dim(s.basis),
                size: taffy::Size { width: dim(s.width), height: dim(s.height) },
                // The known Yoga/web difference: a flex item's `min-size: auto` is its content's size on the web
                // (taffy), nothing in Yoga, so an auto minimum is Yoga's 0 here.
                min_size: taffy::Size { width: min(s.min_width), height: min(s.min_height) },
                max_size: taffy::Size { width: lpa(s.max_width), height: lpa(s.max_height) },
                padding: taffy::Rect {
                    left: lp(s.padding.0),
                    right: lp(s.padding.0),
                    top: lp(s.padding.1),
                    bottom: lp(s.padding.1),
                },
                gap: taffy::Size { width: lp(s.gap.1), height: lp(s.gap.0) },
                align_items: if s.align_center { taffy::AlignItems::CENTER } else { taffy::AlignItems::STRETCH },
                justify_content: if s.space_between {
                    taffy::JustifyContent::SPACE_BETWEEN
                } else {
                    taffy::JustifyContent::FLEX_START
                },
                // Set on Yoga's side too (its default is flex-start, the web's stretch).
                align_content: taffy::AlignContent::STRETCH,
                ..taffy::Style::default()
            };
            let n = match s.measure {
                Some(size) => tree.new_leaf_with_context(style, size),
                None => tree.new_leaf(style),
            }
            .map_err(|e| e.to_string())?;
            if let Some(p) = parent {
                tree.add_child(ids[*p], n).map_err(|e| e.to_string())?;
            }
            ids.push(n);
        }
        Ok(TaffyTree { tree, ids })
    }

    /// Lays the tree out in `width` x `height`.
    pub fn calculate(&mut self, width: f32, height: f32) -> Result<(), String> {
        let root = self.ids[0];
        let mut style = self.tree.style(root).map_err(|e| e.to_string())?.clone();
        style.size = taffy::Size { width: taffy::Dimension::length(width), height: taffy::Dimension::length(height) };
        self.tree.set_style(root, style).map_err(|e| e.to_string())?;
        let available = taffy::Size {
            width: taffy::AvailableSpace::Definite(width),
            height: taffy::AvailableSpace::Definite(height),
        };
        self.tree
            .compute_layout_with_measure(root, available, |input, _, context, style| {
                let content = context.map(|c| *c);
                taffy::compute_leaf_layout(
                    input,
                    style,
                    |_, _| 0.0,
                    |known, available| {
                        let Some((w, h)) = content else { return taffy::Size::ZERO };
                        let w = known.width.unwrap_or(match available.width {
                            taffy::AvailableSpace::Definite(a) => w.min(a),
                            _ => w,
                        });
                        taffy::Size { width: w, height: known.height.unwrap_or(h) }
                    },
                )
            })
            .map_err(|e| e.to_string())
    }

    /// Every node's box from the last layout, in window coordinates (`t` is the tree it was built from).
    pub fn boxes(&self, t: &Tree) -> Result<Vec<[f32; 4]>, String> {
        // taffy's boxes are relative to the parent; Yoga's `layout` is absolute.
        let mut out: Vec<[f32; 4]> = Vec::with_capacity(self.ids.len());
        for (&n, (parent, _)) in self.ids.iter().zip(&t.nodes) {
            let l = self.tree.layout(n).map_err(|e| e.to_string())?;
            let (px, py) = parent.map_or((0.0, 0.0), |p| (out[p][0], out[p][1]));
            out.push([px + l.location.x, py + l.location.y, l.size.width, l.size.height]);
        }
        Ok(out)
    }

    /// Forgets every cached layout, so the next layout is computed again from scratch.
    pub fn dirty(&mut self) {
        let root = self.ids[0];
        let _ = self.tree.mark_dirty(root);
        for &n in &self.ids {
            let _ = self.tree.mark_dirty(n);
        }
    }
}
