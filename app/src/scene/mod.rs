//! The drawing kit every part of the frame is made with, and the frame's own layout.
//!
//! The frame is a title bar (logo, title, the screens' tabs, the status line) over a body over a status bar (see
//! [`layout`] for its Yoga tree). The chrome (`crate::chrome`) draws the bars and the background from it; each
//! screen lays its own tree out in the body and records itself there (the overview's grid of cards is
//! `crate::screens::overview`'s).
//!
//! **What is cached.** [`Scene::lay_out`] lays the frame out once per size, scale and direction and keeps the
//! boxes ([`LaidScene`]); the chrome and the screens keep their recorded [`layers`] until what they show changes.
//!
//! **Coordinates** are display-list pixels: the window is `width / scale` by `height / scale` of them (raster
//! applies the scale).
//!
//! **Where things are.** [`texts`] and [`icons`] are the frame's words and icons; [`palette`] and [`colors`] give
//! the design's colours in a theme; [`styles`] and [`shaping`] set text; [`layout`] is the frame's tree and the
//! layout kit every screen's tree is built with; [`draw`] holds the pens every part draws with; [`layers`] keys
//! and versions what is kept.

pub mod colors;
pub mod draw;
pub mod icons;
pub mod layers;
pub mod layout;
pub mod palette;
pub mod shaping;
pub mod styles;
pub mod texts;

use std::sync::Arc;
use std::time::{Duration, Instant};

use goldberry_natives::yoga::Direction;
use goldberry_natives::{Goldberry, NativeError};

use crate::clock::FrameInput;
use crate::fonts::FontBook;
use crate::scene::icons::{IconError, Icons};
use crate::scene::layout::{LayoutError, SceneLayout, SceneTree};
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;

/// Where the time of recording a frame went, by phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SceneTimings {
    /// Yoga: building the tree, the layout pass (measure functions included) and reading the boxes back; on a
    /// settled frame, the check that the cached layout still fits.
    pub layout: Duration,
    /// HarfBuzz: shaping and wrapping text, cache look-ups included.
    pub shape: Duration,
}

/// The frame's layout could not be built or laid out.
#[derive(Debug, thiserror::Error)]
pub enum SceneError {
    /// Yoga refused the layout.
    #[error("laying out the scene at {width}x{height}: {source}")]
    Layout {
        /// The width laid out.
        width: f32,
        /// The height laid out.
        height: f32,
        /// What went wrong.
        source: LayoutError,
    },
    /// Yoga refused to build the scene's tree.
    #[error("building the scene's layout tree: {0}")]
    Tree(NativeError),
    /// An icon's path data does not parse.
    #[error(transparent)]
    Icon(#[from] IconError),
}

/// The frame laid out at one size, scale and direction: the boxes, and the styles and icons its parts are drawn
/// with.
#[derive(Debug)]
pub struct LaidScene {
    /// (width, height, scale) bits and the direction it was made for.
    key: (u32, u32, u32, bool),
    /// Counts the layouts the scene made: what is recorded from one layout is kept until the next.
    pub generation: u64,
    /// Device pixels per list pixel.
    pub scale: f32,
    /// The fonts of each part.
    pub styles: Styles,
    /// The boxes.
    pub layout: SceneLayout,
    /// The icons' paths.
    pub icons: Arc<Icons>,
}

/// The frame's layout (see the module docs).
#[derive(Debug)]
pub struct Scene {
    icons: Arc<Icons>,
    /// The layout trees, laid out again at every new size.
    tree: SceneTree,
    laid: Option<LaidScene>,
    /// The layouts made so far.
    layouts: u64,
}

impl Scene {
    /// The frame's tree with `tabs` in the title bar: parses the icons and builds the layout tree, which shapes
    /// every text the layout measures, then shapes the status line's figures, so that the first frame, like the
    /// first frame after a resize, finds its runs in the cache and spends its time on layout and raster.
    pub fn new(g: &'static Goldberry, fonts: &FontBook, tabs: &[&str]) -> Result<Scene, SceneError> {
        let icons = Arc::new(Icons::load()?);
        let styles = Styles::new(fonts, 1.0);
        let text = Timed::new(fonts);
        // Lengths are in display-list pixels; raster applies the frame's scale, so the design itself is at 1.
        let tree = SceneTree::build(g, &text, &styles, 1.0, tabs).map_err(SceneError::Tree)?;
        text.figure(styles.status, "0123456789 .%-x frameMiBsgly/bandcrdpstoev");
        Ok(Scene { icons, tree, laid: None, layouts: 0 })
    }

    /// Every box of the frame's last layout (the layout-bounds overlay).
    pub fn outline(&self, into: &mut Vec<layout::LaidBox>) {
        self.tree.outline(into);
    }

    /// Lays the frame out at `frame`'s size and scale, running `direction`, unless the last layout was made for
    /// them; returns the layout and whether it is new. Yoga's time (measure functions excluded: they shape, and
    /// count in `text`) is added to `layout_time`.
    pub fn lay_out(
        &mut self,
        frame: &FrameInput,
        text: &Timed<'_>,
        direction: Direction,
        layout_time: &mut Duration,
    ) -> Result<(&LaidScene, bool), SceneError> {
        let start = Instant::now();
        let shaped = text.spent();
        let scale = if frame.scale.is_finite() && frame.scale > 0.0 { frame.scale } else { 1.0 };
        let (width, height) = (frame.width as f32 / scale, frame.height as f32 / scale);
        let key = (width.to_bits(), height.to_bits(), scale.to_bits(), direction == Direction::Rtl);
        let (laid, fresh) = match self.laid.take() {
            Some(laid) if laid.key == key => (self.laid.insert(laid), false),
            _ => {
                let layout = self.tree.lay_out(width, height, direction).map_err(|source| SceneError::Layout {
                    width,
                    height,
                    source,
                })?;
                let styles = Styles::new(text.fonts(), 1.0);
                let icons = Arc::clone(&self.icons);
                self.layouts += 1;
                let generation = self.layouts;
                (self.laid.insert(LaidScene { key, generation, scale, styles, layout, icons }), true)
            }
        };
        *layout_time += start.elapsed().saturating_sub(text.spent() - shaped);
        Ok((&*laid, fresh))
    }

    /// Forgets the layout, so that the next frame lays the frame out again (as after a resize).
    pub fn forget_layout(&mut self) {
        self.laid = None;
    }

    /// The last layout, if a frame was laid out.
    pub fn laid(&self) -> Option<&LaidScene> {
        self.laid.as_ref()
    }

    /// The boxes of the last layout, if a frame was laid out.
    pub fn layout(&self) -> Option<&SceneLayout> {
        self.laid.as_ref().map(|laid| &laid.layout)
    }
}

#[cfg(test)]
mod tests;
