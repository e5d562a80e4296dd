//! The scene: the project's own design of a UI-like frame, recorded into a display list.
//!
//! A title bar (logo, title, the screens' tabs, the status line) over a body over a status bar (see [`layout`] for
//! the Yoga trees). On the overview the body is a grid of twelve cards: each card has a header with an icon, a
//! title and an animated counter; a visual (a line chart, a bar chart, a progress ring with figures, a wrapping row
//! of chips, gradient swatches); wrapped text in Inter (prose) or JetBrains Mono (code); and a monospaced footer.
//! Everything on it animates on the frame clock ([`FrameInput::time_s`]): the charts scroll and breathe, the rings
//! fill, the counters tick and the title bar shows the frame number. On another screen the body is left to that
//! screen ([`Scene::body`], see `crate::screens`) and nothing of the scene moves. The same frame input and
//! [`SceneView`] record the same list.
//!
//! **What is cached.** The layout is computed once per size (and scale); then the background, the title bar, each tab,
//! the status bar and every card's chrome and text are recorded into [`Op::Layer`]s whose version changes only when
//! what they show does (their box; the colours; a tab's state; the screen the status bar names), so raster keeps them
//! as images. Each frame then records the layers (a handful of `Arc` clones) and only what moves: chart data, ring
//! arcs, counters, a hovered card's lift and the status line, their glyphs composed from cached runs. [`SceneTimings`]
//! reports the Yoga and shaping time spent inside [`Scene::record_view`]: on a settled frame, a size comparison and a
//! few cache look-ups.
//!
//! **Themes.** The chrome and the cards follow the screens' palette ([`colors`]): the dark theme is the design's
//! own colours, the light one white cards with darker accents, and a theme change fades between them (every layer
//! is recorded again on each frame of the fade, then kept).
//!
//! **Coordinates** are display-list pixels: the window is `width / scale` by `height / scale` of them (raster
//! applies the scale).
//!
//! **Where things are.** The model ([`model`], [`texts`], [`icons`]) says what the scene shows; [`styles`] and
//! [`shaping`] set its text; [`layout`] computes its boxes; [`draw`] records each part from the boxes and the
//! model; [`colors`] gives the chrome's and the cards' colours in a theme; this module keeps the layers and records
//! a frame.

pub mod colors;
pub mod draw;
pub mod icons;
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
use crate::display_list::{DisplayList, LayerKey, Op, Rect};
use crate::fonts::FontBook;
use crate::scene::colors::{CardColors, ChromeColors};
use crate::scene::draw::cards::Pen;
use crate::scene::draw::chrome::TabState;
use crate::scene::draw::{cards, chrome, geometry};
use crate::scene::icons::{IconError, Icons};
use crate::scene::layout::{LayoutError, SceneLayout, SceneTree, snap};
use crate::scene::model::CARDS;
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;
use crate::scene::texts::{TAB_LABELS, status_first_item, status_text};
use crate::ui::theme::{Palette, ThemeName};

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

/// The key of the background layer behind the cards (cut around them).
pub const BACKGROUND_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX);

/// The key of the title bar's layer.
pub const TITLE_BAR_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX | 1);

/// The key of the status bar's layer.
pub const STATUS_BAR_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX | 2);

/// The key of the background layer behind a screen other than the overview (cut around the title bar only).
pub const PLAIN_BACKGROUND_LAYER: LayerKey = LayerKey(LAYER_KEY_PREFIX | 3);

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
fn version(key: LayerKey, rect: Rect, scale: f32, depends: &[Rect], extra: &[u64]) -> u64 {
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
struct LayerSpec<'a> {
    key: LayerKey,
    rect: Rect,
    scale: f32,
    /// The boxes its content depends on besides its own.
    depends: &'a [Rect],
    /// Other words its content follows.
    extra: &'a [u64],
}

/// A layer holding `content` (recorded in window coordinates; shifted into the layer's own), with the glyphs in it.
fn layer(spec: LayerSpec<'_>, content: DisplayList) -> Part {
    let LayerSpec { key, rect, scale, depends, extra } = spec;
    let glyphs = content.glyph_count();
    let mut shifted = DisplayList { ops: Vec::with_capacity(content.ops.len() + 2), opaque_lead: false };
    shifted.push(Op::PushTranslate(-rect.x, -rect.y));
    shifted.ops.extend(content.ops);
    shifted.push(Op::PopTranslate);
    let version = version(key, rect, scale, depends, extra);
    Part { op: Op::Layer { key, rect, version, content: Arc::new(shifted) }, glyphs }
}

/// A recorded layer op and the glyphs inside it.
#[derive(Debug, Clone)]
struct Part {
    op: Op,
    glyphs: usize,
}

/// What one frame of the scene shows besides the time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SceneView {
    /// The selected tab (the screen shown), in [`TAB_LABELS`] order.
    pub tab: usize,
    /// The tab under the pointer.
    pub hovered_tab: Option<usize>,
    /// Whether the body shows the overview's cards; otherwise it is left for a screen to record into
    /// ([`Scene::body`]) and the status line stands still.
    pub cards: bool,
    /// The card under the pointer, lifted.
    pub hovered_card: Option<usize>,
    /// The screens' colours at this frame (mid-fade during a theme change): the chrome and the cards follow them.
    pub palette: Palette,
    /// Laid out right to left (Ctrl+R): the tabs run from the right, the cards' rows too.
    pub mirrored: bool,
}

impl SceneView {
    /// The overview in the dark theme, nothing hovered: the scene as it always looked.
    pub const OVERVIEW: SceneView = SceneView {
        tab: 0,
        hovered_tab: None,
        cards: true,
        hovered_card: None,
        palette: Palette::of(ThemeName::Dark),
        mirrored: false,
    };
}

/// The chrome's layers, in one set of colours.
#[derive(Debug)]
struct Chrome {
    colors: ChromeColors,
    /// Behind the cards.
    background: Part,
    /// Behind another screen.
    plain_background: Part,
    title_bar: Part,
    /// The screen the status bar's first item names (`None`: the overview, whose first item counts the cards'
    /// rows), and its layer.
    status_bar: (Option<usize>, Part),
    /// Each tab's state and layer (`None` when the tab lies wholly outside its row).
    tabs: Vec<Option<(TabState, Part)>>,
}

/// What the scene keeps for one size: its layout, and the layers recorded from it.
#[derive(Debug)]
struct LaidOut {
    /// (width, height, scale) bits it was made for.
    key: (u32, u32, u32, bool),
    scale: f32,
    styles: Styles,
    layout: SceneLayout,
    chrome: Chrome,
    /// The colours the cards' layers were recorded in.
    card_colors: CardColors,
    /// The cards' layers, in card order.
    cards: Vec<Part>,
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

    /// Records the overview as [`SceneView::OVERVIEW`] shows it (see [`Scene::record_view`]).
    pub fn record(
        &mut self,
        frame: &FrameInput,
        fonts: &FontBook,
        list: &mut DisplayList,
    ) -> Result<SceneTimings, SceneError> {
        self.record_view(frame, fonts, list, &SceneView::OVERVIEW)
    }

    /// Records frame `frame.index` (time `frame.time_s`) at `frame.width` x `frame.height` device pixels into
    /// `list`, appending (the caller clears the list between frames): the chrome with `view`'s tabs, and the cards
    /// when `view` shows them (else the body, [`Scene::body`], is left for the caller to record into). Lays the
    /// scene out again whenever the size or the scale changed since the last frame; records a chrome layer again
    /// only when the colours or its tab's state changed.
    pub fn record_view(
        &mut self,
        frame: &FrameInput,
        fonts: &FontBook,
        list: &mut DisplayList,
        view: &SceneView,
    ) -> Result<SceneTimings, SceneError> {
        let text = Timed::new(fonts);
        let start = Instant::now();
        let scale = if frame.scale.is_finite() && frame.scale > 0.0 { frame.scale } else { 1.0 };
        let (width, height) = (frame.width as f32 / scale, frame.height as f32 / scale);
        let key = (width.to_bits(), height.to_bits(), scale.to_bits(), view.mirrored);
        let colors = ChromeColors::following(&view.palette);
        let card_colors = CardColors::following(&view.palette);
        let screen = (!view.cards).then_some(view.tab);
        let direction = if view.mirrored { Direction::Rtl } else { Direction::Ltr };
        let layout_time = if self.laid_out.as_ref().is_some_and(|p| p.key == key) {
            start.elapsed()
        } else {
            let styles = Styles::new(fonts, 1.0);
            let layout = self.tree.lay_out(width, height, direction).map_err(|source| SceneError::Layout {
                width,
                height,
                source,
            })?;
            let layout_time = start.elapsed().saturating_sub(text.spent());
            let cards = card_layers(
                &Pen {
                    text: &text,
                    styles: &styles,
                    icons: &self.icons,
                    colors: &card_colors,
                    mirrored: layout.mirrored,
                },
                &layout,
                scale,
            );
            let chrome = chrome_layers(&text, &styles, &self.icons, &layout, scale, colors, screen);
            self.laid_out = Some(LaidOut { key, scale, styles, layout, chrome, card_colors, cards });
            layout_time
        };
        let Some(laid_out) = &mut self.laid_out else {
            return Ok(SceneTimings { layout: layout_time, shape: text.spent() });
        };
        if laid_out.chrome.colors != colors {
            laid_out.chrome =
                chrome_layers(&text, &laid_out.styles, &self.icons, &laid_out.layout, scale, colors, screen);
        }
        if laid_out.chrome.status_bar.0 != screen {
            laid_out.chrome.status_bar =
                status_bar_part(&text, &laid_out.styles, &laid_out.layout, scale, &colors, screen);
        }
        // The cards are recorded again in new colours only when they show: a theme change on another screen
        // leaves them for the first frame back on the overview.
        if view.cards && laid_out.card_colors != card_colors {
            let pen = Pen {
                text: &text,
                styles: &laid_out.styles,
                icons: &self.icons,
                colors: &card_colors,
                mirrored: laid_out.layout.mirrored,
            };
            laid_out.cards = card_layers(&pen, &laid_out.layout, scale);
            laid_out.card_colors = card_colors;
        }
        for (i, tab) in laid_out.chrome.tabs.iter_mut().enumerate() {
            let state = TabState { selected: view.tab == i, hovered: view.hovered_tab == Some(i) };
            if let Some((was, part)) = tab
                && *was != state
            {
                let l = &laid_out.layout.title_bar;
                if let Some(fresh) = tab_layer_part(&text, &laid_out.styles, l, i, state, laid_out.scale, &colors) {
                    (*was, *part) = fresh;
                }
            }
        }
        // The chrome's layers, then the cards' layers and what moves on them, clipped to the grid (a window too
        // small for the grid shows part of it, never over the bars).
        // Opaque from the first layer on: the background is cut only around the cores of the title bar and the
        // cards, which cover them with opaque paint, and all of them lie on whole pixels at scale 1.
        list.opaque_lead = true;
        let chrome = &laid_out.chrome;
        let background = if view.cards { &chrome.background } else { &chrome.plain_background };
        let mut glyphs = 0;
        let parts = [background, &chrome.title_bar, &chrome.status_bar.1].into_iter();
        for part in parts.chain(chrome.tabs.iter().flatten().map(|(_, part)| part)) {
            list.push(part.op.clone());
            glyphs += part.glyphs;
        }
        let t = frame.time_s;
        let status = if view.cards {
            list.push(Op::PushClip(laid_out.layout.grid));
            for part in &laid_out.cards {
                list.push(part.op.clone());
                glyphs += part.glyphs;
            }
            for (spec, card) in CARDS.iter().zip(&laid_out.layout.cards) {
                glyphs += cards::animate(list, &text, &laid_out.styles, spec, card, t, &card_colors);
            }
            // The lift is drawn over the card's layer, so a hover changes a few ops and no layer.
            if let Some((spec, card)) =
                view.hovered_card.and_then(|i| Some((CARDS.get(i)?, laid_out.layout.cards.get(i)?)))
            {
                cards::lift(list, card, card_colors.accent(spec.hue), laid_out.styles.scale);
            }
            list.push(Op::PopClip);
            status_text(frame.index, t, frame.width, frame.height)
        } else {
            // A screen that is still must stay still: its status line shows the size alone.
            format!("{}x{}", frame.width, frame.height)
        };
        glyphs += chrome::status(list, &text, &laid_out.styles, &laid_out.layout.title_bar, &status, &colors);
        self.last_glyphs = glyphs;
        Ok(SceneTimings { layout: layout_time, shape: text.spent() })
    }

    /// The body's box of the last layout (between the bars; the overview's grid), where a screen other than the
    /// overview records itself.
    pub fn body(&self) -> Option<Rect> {
        self.laid_out.as_ref().map(|p| p.layout.grid)
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

/// The words every layer's version follows besides its box: its colours, and the layout's direction (a mirrored
/// layout moves what is inside a box that stays put, such as the title bar's).
fn layout_words(colors: &[u64], layout: &SceneLayout) -> Vec<u64> {
    let mut words = colors.to_vec();
    words.push(u64::from(layout.mirrored));
    words
}

/// The cards' layers, in `pen`'s colours.
fn card_layers(pen: &Pen<'_>, layout: &SceneLayout, scale: f32) -> Vec<Part> {
    let reach = (cards::SHADOW_REACH * pen.styles.scale).ceil();
    let words = layout_words(&pen.colors.words(), layout);
    CARDS
        .iter()
        .zip(&layout.cards)
        .enumerate()
        .map(|(i, (spec, card))| {
            let mut content = DisplayList::new();
            cards::chrome(&mut content, pen, i, spec, card);
            let c = snap(card.card);
            let rect = Rect::new(c.x - reach, c.y - reach, c.w + 2.0 * reach, c.h + 2.0 * reach);
            layer(LayerSpec { key: card_layer(i), rect, scale, depends: &[], extra: &words }, content)
        })
        .collect()
}

/// The chrome's layers in `colors`, every tab unselected and not hovered (the frame sets their states), the status
/// bar naming `screen`.
fn chrome_layers(
    text: &Timed<'_>,
    styles: &Styles,
    icons: &Icons,
    layout: &SceneLayout,
    scale: f32,
    colors: ChromeColors,
    screen: Option<usize>,
) -> Chrome {
    let words = layout_words(&colors.words(), layout);
    let window = snap(layout.window);
    let bar = geometry::opaque_core(layout.title_bar.bar, 0.0).intersection(window);
    // The opaque title bar hides the background under it; the cards are drawn clipped to the grid, so only
    // what they cover inside it is hidden.
    let covered: Vec<Rect> = bar
        .into_iter()
        .chain(layout.cards.iter().filter_map(|card| cards::covered(card, styles.scale).intersection(layout.grid)))
        .collect();
    let background = |key, covered: &[Rect]| {
        let mut list = DisplayList::new();
        chrome::background(&mut list, window, covered, &colors);
        layer(LayerSpec { key, rect: window, scale, depends: covered, extra: &words }, list)
    };
    let (background, plain_background) =
        (background(BACKGROUND_LAYER, &covered), background(PLAIN_BACKGROUND_LAYER, &covered[..bar.iter().len()]));
    let mut list = DisplayList::new();
    chrome::title_bar(&mut list, text, styles, icons, &layout.title_bar, &colors);
    let rect = snap(layout.title_bar.bar);
    let title_bar = layer(LayerSpec { key: TITLE_BAR_LAYER, rect, scale, depends: &[], extra: &words }, list);
    let status_bar = status_bar_part(text, styles, layout, scale, &colors, screen);
    let tabs = (0..TAB_LABELS.len())
        .map(|i| tab_layer_part(text, styles, &layout.title_bar, i, TabState::default(), scale, &colors))
        .collect();
    Chrome { colors, background, plain_background, title_bar, status_bar, tabs }
}

/// The status bar's layer, its first item naming `screen` (`None`: the overview's cards and rows).
fn status_bar_part(
    text: &Timed<'_>,
    styles: &Styles,
    layout: &SceneLayout,
    scale: f32,
    colors: &ChromeColors,
    screen: Option<usize>,
) -> (Option<usize>, Part) {
    let mut tops: Vec<u32> = layout.cards.iter().map(|c| c.card.y.to_bits()).collect();
    tops.dedup();
    let first = status_first_item(screen, tops.len());
    let mut list = DisplayList::new();
    chrome::status_bar(&mut list, text, styles, &layout.status_bar, &first, colors);
    let rect = snap(layout.status_bar.bar);
    let mut extra = layout_words(&colors.words(), layout);
    extra.push(screen.map_or(u64::MAX, |i| i as u64));
    (screen, layer(LayerSpec { key: STATUS_BAR_LAYER, rect, scale, depends: &[], extra: &extra }, list))
}

/// Tab `i`'s layer in `state`, over the part of its box inside the tabs' row (none when nothing of it is).
fn tab_layer_part(
    text: &Timed<'_>,
    styles: &Styles,
    l: &layout::TitleBarLayout,
    i: usize,
    state: TabState,
    scale: f32,
    colors: &ChromeColors,
) -> Option<(TabState, Part)> {
    let tab = *l.tabs.get(i)?;
    let rect = snap(tab).intersection(snap(l.tab_row))?;
    let mut list = DisplayList::new();
    chrome::tab(&mut list, text, styles, tab, TAB_LABELS[i], state, colors);
    let mut extra = colors.words().to_vec();
    extra.extend([u64::from(state.selected), u64::from(state.hovered), tab.w.to_bits().into()]);
    Some((state, layer(LayerSpec { key: tab_layer(i), rect, scale, depends: &[], extra: &extra }, list)))
}
