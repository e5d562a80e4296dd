//! The frame's design: the project's own UI-like frame, its Yoga layout and the kit its parts are drawn with.
//!
//! A title bar (logo, title, the screens' tabs, the status line) over a body over a status bar (see [`layout`] for
//! the Yoga trees). On the overview the body is a grid of twelve cards, each laid out in a tree of its own whose
//! slot stands in the frame's grid (record 10), which is why the frame's layout holds the cards' boxes too. The
//! chrome (`crate::chrome`) draws the bars and the background from it; the overview (`crate::screens::overview`)
//! draws the cards; another screen records itself into the body.
//!
//! **What is cached.** [`Scene::lay_out`] lays the trees out once per size, scale and direction and keeps the
//! boxes ([`LaidScene`]); the chrome and the cards keep their recorded [`layers`] until what they show changes.
//!
//! **Coordinates** are display-list pixels: the window is `width / scale` by `height / scale` of them (raster
//! applies the scale).
//!
//! **Where things are.** The model ([`model`], [`texts`], [`icons`]) says what the design shows; [`styles`] and
//! [`shaping`] set its text; [`layout`] computes its boxes; [`draw`] holds the pens every part draws with;
//! [`colors`] gives the chrome's and the cards' colours in a theme; [`layers`] keys and versions what is kept.

pub mod colors;
pub mod draw;
pub mod icons;
pub mod layers;
pub mod layout;
pub mod model;
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
use crate::ui::settings::Density;

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
    /// How tight the grid is.
    density: Density,
}

impl Scene {
    /// The frame's trees with `tabs` in the title bar: parses the icons and builds the layout tree, which shapes
    /// every text the layout measures, then shapes the other texts of the design, so that the first frame, like
    /// the first frame after a resize, finds its runs in the cache and spends its time on layout and raster.
    pub fn new(g: &'static Goldberry, fonts: &FontBook, tabs: &[&str]) -> Result<Scene, SceneError> {
        let icons = Arc::new(Icons::load()?);
        let styles = Styles::new(fonts, 1.0);
        let text = Timed::new(fonts);
        // Lengths are in display-list pixels; raster applies the frame's scale, so the design itself is at 1.
        let tree = SceneTree::build(g, &text, &styles, 1.0, tabs).map_err(SceneError::Tree)?;
        for font in [styles.badge, styles.status, styles.ring] {
            text.figure(font, "0123456789 .%-x frameMiBsgly/bandcrdpstoev");
        }
        for label in ["ms", "max", "-60 s", "now", "16.7", "linear", "linear, 3 stops", "radial"] {
            text.shape(styles.label, label);
        }
        Ok(Scene { icons, tree, laid: None, layouts: 0, density: Density::Regular })
    }

    /// Every box of the frame's last layout, the cards' when `cards` (the layout-bounds overlay).
    pub fn outline(&self, cards: bool, into: &mut Vec<layout::LaidBox>) {
        self.tree.outline(cards, into);
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

    /// Tightens or loosens the grid (Ctrl+D): the next frame lays the frame out again when it changed.
    pub fn set_density(&mut self, density: Density) {
        if density != self.density {
            self.density = density;
            self.tree.set_density(density);
            self.laid = None;
        }
    }

    /// Lays the cards out on two threads when `threads` is more than one (see [`SceneTree`]).
    pub fn set_layout_threads(&mut self, threads: usize) {
        self.tree.set_threads(threads);
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
