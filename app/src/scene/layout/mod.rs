//! The frame's layout ([`SceneTree`]: title bar, body, status bar), built once and laid out again at every window
//! size, read back into plain rectangles; and the layout kit every screen's tree is built and read with
//! (`Builder`, text measure functions, the pixel grid, the outline the inspector draws).
//!
//! ```text
//! root (column, the window)
//! ├── title bar (row, 44 px, padding 16, align center, gap 10): logo · title/subtitle · tabs (measured, padded
//! │   pills) · spacer (grow) · status
//! ├── body (grow 1): the room a screen lays its own tree out in (the overview's grid: `crate::screens::overview`)
//! └── status bar (row, 24 px, justify space-between): three measured items
//! ```
//!
//! Text nodes measure themselves with Yoga measure functions that wrap pre-shaped runs ([`crate::text`]), so a
//! paragraph's height follows the width Yoga offers. Every length is multiplied by the frame's scale.

mod boxes;
mod build;
mod error;
mod measure;
mod outline;
mod pixel_grid;

use std::collections::HashSet;

use goldberry_natives::yoga::{Direction, FlexDirection, LayoutTree, Length, NodeId};
use goldberry_natives::{Goldberry, NativeError};

pub use self::boxes::{SceneLayout, StatusBarLayout, TitleBarLayout};
pub(crate) use self::build::Builder;
use self::build::TitleBarNodes;
pub use self::error::LayoutError;
pub(crate) use self::measure::Wrapping;
pub use self::outline::{LaidBox, Mount, outline};
pub use self::pixel_grid::snap;
pub(crate) use self::pixel_grid::{Placement, placements, rect};
use crate::flame::layouts::{self, Laid};
use crate::geom::Rect;
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;

/// The frame's Yoga tree: built once, with every length multiplied by its scale and every text shaped for its
/// measure function, then laid out at each window size it is given. Laying a built tree out again at a new size is
/// Yoga's incremental layout: nothing is rebuilt, and each text remembers the sizes it measured.
pub struct SceneTree {
    tree: LayoutTree,
    /// The nodes of `tree` that measure text.
    texts: HashSet<NodeId>,
    root: NodeId,
    title_bar: TitleBarNodes,
    body: NodeId,
    /// The status bar and its items.
    status_bar: (NodeId, Vec<NodeId>),
}

impl std::fmt::Debug for SceneTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SceneTree").field("nodes", &self.tree.len()).finish()
    }
}

impl SceneTree {
    /// Every box of the last layout (see [`outline`]): the frame, the title bar and the status bar. Not the body:
    /// the screen shown outlines its own tree there.
    pub fn outline(&self, into: &mut Vec<LaidBox>) {
        let frame_box = self.tree.layout(self.root);
        let start = into.len();
        outline(&self.tree, self.root, Mount { origin: (frame_box.x, frame_box.y), depth: 0 }, "frame", into);
        for b in &mut into[start..] {
            for (path, name) in [("frame/0", "title bar"), ("frame/2", "status bar")] {
                if let Some(rest) = b.name.strip_prefix(path) {
                    b.name = format!("{name}{rest}");
                }
            }
        }
        into.retain(|b| b.name != "frame/1");
    }

    /// Builds the frame's tree with every length multiplied by `scale` and `tabs` in the title bar, shaping its
    /// texts through `text`.
    pub fn build(
        g: &'static Goldberry,
        text: &Timed<'_>,
        styles: &Styles,
        scale: f32,
        tabs: &[&str],
    ) -> Result<SceneTree, NativeError> {
        let mut b = Builder::new(g, scale, text)?;
        b.tree.set_point_scale_factor(0.0)?;
        let root = b.tree.add_node()?;
        b.tree.set_flex_direction(root, FlexDirection::Column);
        let title_bar = b.title_bar(root, styles, tabs)?;
        let body = b.body(root)?;
        let status_bar = b.status_bar(root, styles)?;
        Ok(SceneTree { tree: b.tree, texts: b.texts, root, title_bar, body, status_bar })
    }

    /// Lays the tree out in a `width` x `height` pixel window, rows running from the left or (`Direction::Rtl`, a
    /// mirrored UI) from the right, and reads the frame's boxes back.
    pub fn lay_out(&mut self, width: f32, height: f32, direction: Direction) -> Result<SceneLayout, LayoutError> {
        self.tree.set_width(self.root, Length::Points(width));
        self.tree.set_height(self.root, Length::Points(height));
        layouts::timed(Laid::Part("chrome"), || self.tree.calculate(self.root, width, height, direction))?;
        Ok(self.read_back(width, height, direction))
    }

    /// The boxes of the last pass, on whole pixels.
    fn read_back(&self, width: f32, height: f32, direction: Direction) -> SceneLayout {
        let placed = placements(&self.tree, &self.texts, self.root, None);
        let rect = |n: NodeId| rect(&placed, n);
        let n = &self.title_bar;
        let title_bar = TitleBarLayout {
            bar: rect(n.bar),
            logo: rect(n.logo),
            title: rect(n.title),
            subtitle: rect(n.subtitle),
            status: rect(n.status),
            tab_row: rect(n.tab_row),
            tabs: n.tabs.iter().map(|&n| rect(n)).collect(),
        };
        let (bar, items) = &self.status_bar;
        let status_bar = StatusBarLayout { bar: rect(*bar), items: items.iter().map(|&n| rect(n)).collect() };
        let body = self.tree.local_layout(self.body);
        SceneLayout {
            window: Rect::new(0.0, 0.0, width, height),
            title_bar,
            body: rect(self.body),
            body_size: (body.w, body.h),
            status_bar,
            mirrored: direction == Direction::Rtl,
        }
    }
}
