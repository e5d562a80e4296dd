//! The scene: the project's own design of a UI-like frame, recorded into a display list.
//!
//! A title bar over a grid of twelve cards over a status bar (see [`layout`] for the Yoga trees): each card has a
//! header with an icon, a title and an animated counter; a visual (a line chart, a bar chart, a progress ring with figures, a
//! wrapping row of chips, gradient swatches); wrapped text in Inter (prose) or JetBrains Mono (code); and a
//! monospaced footer. Everything animates on the frame clock ([`FrameInput::time_s`]): the charts scroll and
//! breathe, the rings fill, the counters tick and the title bar shows the frame number. The same frame input
//! records the same list.
//!
//! **What is cached.** The layout is computed once per size (and scale); then the background, the title bar and
//! every card's chrome and text are recorded once into [`Op::Layer`]s whose version changes only when their
//! box does, so raster keeps them as images. Each frame then records the layers (a handful of `Arc` clones)
//! and only what moves: chart data, ring arcs, counters and the status line, their glyphs composed from cached
//! runs. [`SceneTimings`] reports the Yoga and shaping time spent inside [`Scene::record`]: on a settled frame,
//! a size comparison and a few cache look-ups.
//!
//! **Coordinates** are display-list pixels: the window is `width / scale` by `height / scale` of them (raster
//! applies the scale).

//!
//! **Where things are.** The model ([`model`], [`texts`], [`icons`]) says what the scene shows; [`styles`] and
//! [`shaping`] set its text; [`layout`] computes its boxes; [`draw`] records each part from the boxes and the
//! model; this module keeps the layers and records a frame.

pub mod draw;
pub mod icons;
pub mod layout;
pub mod model;
pub mod shaping;
pub mod styles;
pub mod texts;

use std::sync::Arc;
use std::time::{Duration, Instant};

use goldberry_natives::{Goldberry, NativeError};

use crate::clock::FrameInput;
use crate::display_list::{DisplayList, LayerKey, Op, Rect};
use crate::fonts::FontBook;
use crate::scene::draw::{cards, chrome, geometry};
use crate::scene::icons::{IconError, Icons};
use crate::scene::layout::{LayoutError, SceneLayout, SceneTree, snap};
use crate::scene::model::CARDS;
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;
use crate::scene::texts::status_text;

/// Where the time of [`Scene::record`] went, by phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SceneTimings {
    /// Yoga: building the tree, the layout pass (measure functions included) and reading the boxes back; on a
    /// settled frame, the check that the cached layout still fits.
    pub layout: Duration,
    /// HarfBuzz: shaping and wrapping text, cache look-ups included.
    pub shape: Duration,
}

/// The scene could not be built or recorded.
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

/// The high 32 bits of every layer key the scene uses ("SCEN"); the HUD and others must use other prefixes.
pub const LAYER_KEY_PREFIX: u64 = 0x5343_454e_0000_0000;

/// The key of the background layer.
pub const BACKGROUND_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX);

/// The key of the title bar's layer.
pub const TITLE_BAR_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX | 1);

/// The key of the status bar's layer.
pub const STATUS_BAR_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX | 2);

/// The key of card `i`'s layer.
pub const fn card_layer(i: usize) -> LayerKey {
    LayerKey(LAYER_KEY_PREFIX | 0x100 | i as u64)
}

/// How many layers come before the cards' (background, title bar, status bar).
const CHROME_LAYERS: usize = 3;

/// Bumped when what a layer holds changes for the same box (a new design): part of every version.
const CONTENT_REVISION: u64 = 1;

/// A layer's version: its box, the scale, the boxes its content depends on besides its own (`depends`) and
/// the content revision, hashed (FNV-1a), so equal boxes give equal versions in every run.
fn version(key: LayerKey, rect: Rect, scale: f32, depends: &[Rect]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let bits = |r: &Rect| [r.x, r.y, r.w, r.h].map(|v| u64::from(v.to_bits()));
    let words = [key.0, CONTENT_REVISION, u64::from(scale.to_bits())];
    let boxes = std::iter::once(&rect).chain(depends).flat_map(bits);
    for word in words.into_iter().chain(boxes) {
        for byte in word.to_le_bytes() {
            h ^= u64::from(byte);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// A layer over `rect` holding `content` (recorded in window coordinates; shifted into the layer's own), which
/// depends on the boxes `depends` besides its own.
fn layer(key: LayerKey, rect: Rect, scale: f32, depends: &[Rect], content: DisplayList) -> Op {
    let mut shifted = DisplayList { ops: Vec::with_capacity(content.ops.len() + 2), opaque_lead: false };
    shifted.push(Op::PushTranslate(-rect.x, -rect.y));
    shifted.ops.extend(content.ops);
    shifted.push(Op::PopTranslate);
    Op::Layer { key, rect, version: version(key, rect, scale, depends), content: Arc::new(shifted) }
}

/// What the scene keeps for one size: its layout, and the layers recorded from it.
#[derive(Debug)]
struct LaidOut {
    /// (width, height, scale) bits it was made for.
    key: (u32, u32, u32),
    styles: Styles,
    layout: SceneLayout,
    /// The layer ops, recorded in this order every frame.
    layers: Vec<Op>,
    /// Glyphs inside the layers.
    layer_glyphs: usize,
}

/// The scene (see the module docs).
#[derive(Debug)]
pub struct Scene {
    icons: Icons,
    /// The layout tree, laid out again at every new size.
    tree: SceneTree,
    laid_out: Option<LaidOut>,
    /// Glyphs recorded by the last frame (layers included).
    last_glyphs: usize,
}

impl Scene {
    /// The default scene: parses the icons and builds the layout tree, which shapes every text the layout
    /// measures, then shapes the other texts of the design, so that the first frame, like the first frame after
    /// a resize, finds its runs in the cache and spends its time on layout and raster.
    pub fn new(g: &'static Goldberry, fonts: &FontBook) -> Result<Scene, SceneError> {
        let icons = Icons::load()?;
        let styles = Styles::new(fonts, 1.0);
        let text = Timed::new(fonts);
        // Lengths are in display-list pixels; raster applies the frame's scale, so the design itself is at 1.
        let tree = SceneTree::build(g, &text, &styles, 1.0).map_err(SceneError::Tree)?;
        for font in [styles.badge, styles.status, styles.ring] {
            text.figure(font, "0123456789 .%-x frameMiBsgly/bandcrdpstoev");
        }
        for label in ["ms", "max", "-60 s", "now", "16.7", "linear", "linear, 3 stops", "radial"] {
            text.shape(styles.label, label);
        }
        Ok(Scene { icons, tree, laid_out: None, last_glyphs: 0 })
    }

    /// Records frame `frame.index` (time `frame.time_s`) at `frame.width` x `frame.height` device pixels into
    /// `list`, appending (the caller clears the list between frames). Lays the scene out again whenever the size
    /// or the scale changed since the last frame.
    pub fn record(
        &mut self,
        frame: &FrameInput,
        fonts: &FontBook,
        list: &mut DisplayList,
    ) -> Result<SceneTimings, SceneError> {
        let text = Timed::new(fonts);
        let start = Instant::now();
        let scale = if frame.scale.is_finite() && frame.scale > 0.0 { frame.scale } else { 1.0 };
        let (width, height) = (frame.width as f32 / scale, frame.height as f32 / scale);
        let key = (width.to_bits(), height.to_bits(), scale.to_bits());
        let layout_time = if self.laid_out.as_ref().is_some_and(|p| p.key == key) {
            start.elapsed()
        } else {
            let styles = Styles::new(fonts, 1.0);
            let layout =
                self.tree.lay_out(width, height).map_err(|source| SceneError::Layout { width, height, source })?;
            let layout_time = start.elapsed().saturating_sub(text.spent());
            let (layers, layer_glyphs) = self.record_layers(&text, &styles, &layout, scale);
            self.laid_out = Some(LaidOut { key, styles, layout, layers, layer_glyphs });
            layout_time
        };
        let Some(laid_out) = &self.laid_out else {
            return Ok(SceneTimings { layout: layout_time, shape: text.spent() });
        };
        // The chrome's layers, then the cards' layers and what moves on them, clipped to the grid (a window too
        // small for the grid shows part of it, never over the bars).
        // Opaque from the first layer on: the background is cut only around the cores of the title bar and the
        // cards, which cover them with opaque paint, and all of them lie on whole pixels at scale 1.
        list.opaque_lead = true;
        let (chrome_layers, card_layers) = laid_out.layers.split_at(CHROME_LAYERS);
        list.ops.extend(chrome_layers.iter().cloned());
        list.push(Op::PushClip(laid_out.layout.grid));
        list.ops.extend(card_layers.iter().cloned());
        let t = frame.time_s;
        let mut glyphs = laid_out.layer_glyphs;
        for (spec, card) in CARDS.iter().zip(&laid_out.layout.cards) {
            glyphs += cards::animate(list, &text, &laid_out.styles, spec, card, t);
        }
        list.push(Op::PopClip);
        let status = status_text(frame.index, t, frame.width, frame.height);
        glyphs += chrome::status(list, &text, &laid_out.styles, &laid_out.layout.title_bar, &status);
        self.last_glyphs = glyphs;
        Ok(SceneTimings { layout: layout_time, shape: text.spent() })
    }

    fn record_layers(&self, text: &Timed<'_>, styles: &Styles, layout: &SceneLayout, scale: f32) -> (Vec<Op>, usize) {
        let mut layers = Vec::with_capacity(CARDS.len() + 3);
        let mut glyphs = 0;
        let window = snap(layout.window);
        // The opaque title bar hides the background under it; the cards are drawn clipped to the grid, so only
        // what they cover inside it is hidden.
        let covered: Vec<Rect> = geometry::opaque_core(layout.title_bar.bar, 0.0)
            .intersection(window)
            .into_iter()
            .chain(layout.cards.iter().filter_map(|card| cards::covered(card, styles.scale).intersection(layout.grid)))
            .collect();
        let mut background = DisplayList::new();
        chrome::background(&mut background, window, &covered);
        layers.push(layer(BACKGROUND_LAYER, window, scale, &covered, background));
        let mut bar = DisplayList::new();
        glyphs += chrome::title_bar(&mut bar, text, styles, &self.icons, &layout.title_bar);
        layers.push(layer(TITLE_BAR_LAYER, snap(layout.title_bar.bar), scale, &[], bar));
        let mut status = DisplayList::new();
        let mut tops: Vec<u32> = layout.cards.iter().map(|c| c.card.y.to_bits()).collect();
        tops.dedup();
        glyphs += chrome::status_bar(&mut status, text, styles, &layout.status_bar, tops.len());
        layers.push(layer(STATUS_BAR_LAYER, snap(layout.status_bar.bar), scale, &[], status));
        let reach = (cards::SHADOW_REACH * styles.scale).ceil();
        for (i, (spec, card)) in CARDS.iter().zip(&layout.cards).enumerate() {
            let mut content = DisplayList::new();
            glyphs += cards::chrome(&mut content, text, styles, &self.icons, i, spec, card);
            let c = snap(card.card);
            let rect = Rect::new(c.x - reach, c.y - reach, c.w + 2.0 * reach, c.h + 2.0 * reach);
            layers.push(layer(card_layer(i), rect, scale, &[], content));
        }
        (layers, glyphs)
    }

    /// Lays the cards out on two threads when `threads` is more than one (see [`SceneTree`]).
    pub fn set_layout_threads(&mut self, threads: usize) {
        self.tree.set_threads(threads);
    }

    /// Forgets the layout, so that the next frame lays the scene out again (as after a resize).
    pub fn forget_layout(&mut self) {
        self.laid_out = None;
    }

    /// The boxes of the last layout, if the scene has recorded a frame.
    pub fn layout(&self) -> Option<&SceneLayout> {
        self.laid_out.as_ref().map(|p| &p.layout)
    }

    /// How many glyphs the last frame recorded, layers included.
    pub fn glyph_count(&self) -> usize {
        self.last_glyphs
    }
}

#[cfg(test)]
mod tests;
