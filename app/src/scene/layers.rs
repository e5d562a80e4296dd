//! Retained layers of the frame's design: their keys, their versions (what a layer's content follows, hashed),
//! and a recorded layer with the glyphs inside it. The chrome and the overview's cards keep theirs here.

use std::sync::Arc;

use crate::display_list::{DisplayList, LayerKey};
use crate::geom::Rect;

/// The high 32 bits of every layer key the scene uses ("SCEN"); the HUD and others must use other prefixes.
pub const LAYER_KEY_PREFIX: u64 = 0x5343_454e_0000_0000;

/// The key of the background layer behind the cards (cut around them).
pub const BACKGROUND_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX);

/// The key of the title bar's layer.
pub const TITLE_BAR_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX | 1);

/// The key of the status bar's layer.
pub const STATUS_BAR_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX | 2);

/// The key of the background layer behind a screen other than the overview (cut around the title bar only).
pub const PLAIN_BACKGROUND_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX | 3);
/// The key of the status bar's figures' layer (its second item).
pub const STATUS_FIGURES_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX | 4);

/// The key of card `i`'s layer.
pub const fn card_layer(i: usize) -> LayerKey {
    LayerKey(LAYER_KEY_PREFIX | 0x100 | i as u64)
}

/// The key of tab `i`'s layer.
pub const fn tab_layer(i: usize) -> LayerKey {
    LayerKey(LAYER_KEY_PREFIX | 0x200 | i as u64)
}

/// Bumped when what a layer holds changes for the same box (a new design): part of every version.
const CONTENT_REVISION: u64 = 1;

/// A layer's version: its box, the scale, the boxes its content depends on besides its own (`depends`), the
/// content revision and any other words its content follows (colours, a tab's state), hashed (FNV-1a), so equal
/// inputs give equal versions in every run.
pub fn version(key: LayerKey, rect: Rect, scale: f32, depends: &[Rect], extra: &[u64]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let bits = |r: &Rect| [r.x, r.y, r.w, r.h].map(|v| u64::from(v.to_bits()));
    let words = [key.0, CONTENT_REVISION, u64::from(scale.to_bits())];
    let boxes = std::iter::once(&rect).chain(depends).flat_map(bits);
    for word in words.into_iter().chain(boxes).chain(extra.iter().copied()) {
        for byte in word.to_le_bytes() {
            h ^= u64::from(byte);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// What a layer is made of besides its content: where, at which scale, and what its version follows.
pub struct LayerSpec<'a> {
    /// Its key.
    pub key: LayerKey,
    /// Where it is drawn.
    pub rect: Rect,
    /// The scale it is drawn at.
    pub scale: f32,
    /// The boxes its content depends on besides its own.
    pub depends: &'a [Rect],
    /// Other words its content follows.
    pub extra: &'a [u64],
}

/// A layer holding `content` (recorded in window coordinates; shifted into the layer's own), with the glyphs in it.
pub fn layer(spec: LayerSpec<'_>, content: DisplayList) -> Part {
    let LayerSpec { key, rect, scale, depends, extra } = spec;
    let glyphs = content.glyph_count();
    let mut shifted = DisplayList { ops: Vec::with_capacity(content.ops.len() + 2), ..DisplayList::default() };
    shifted.translate(-rect.x, -rect.y, |shifted| shifted.ops.extend(content.ops));
    let version = version(key, rect, scale, depends, extra);
    Part { key, rect, version, content: Arc::new(shifted), glyphs }
}

/// A recorded layer, kept to be drawn frame after frame, and the glyphs inside it.
#[derive(Debug, Clone)]
pub struct Part {
    /// Its key.
    pub key: LayerKey,
    /// Where it is drawn.
    pub rect: Rect,
    /// Its version.
    pub version: u64,
    /// What it holds, in its own coordinates.
    pub content: Arc<DisplayList>,
    /// The glyphs inside it.
    pub glyphs: usize,
}

impl Part {
    /// Draws the layer into `list`.
    pub fn record(&self, list: &mut DisplayList) {
        list.layer(self.key, self.rect, self.version, Arc::clone(&self.content));
    }
}

/// The words every layer's version follows besides its box: its colours, and the layout's direction (a mirrored
/// layout moves what is inside a box that stays put, such as the title bar's).
pub fn layout_words(colors: &[u64], mirrored: bool) -> Vec<u64> {
    let mut words = colors.to_vec();
    words.push(u64::from(mirrored));
    words
}
