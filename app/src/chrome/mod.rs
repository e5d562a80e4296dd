//! The chrome around every screen: the background, the title bar with the screens' tabs, the status bar and its
//! figures, and the title bar's status line. Each part but the status line is a retained layer ([`crate::scene::layers`]),
//! recorded again only when its box, the colours, a tab's state or the screen the status bar names change.

pub mod draw;
pub mod strip;

use self::draw::TabState;
use self::strip::Strip;
use crate::clock::FrameInput;
use crate::display_list::DisplayList;
use crate::geom::Rect;
use crate::scene::LaidScene;
use crate::scene::colors::ChromeColors;
use crate::scene::draw::geometry;
use crate::scene::icons::Icons;
use crate::scene::layers::{
    BACKGROUND_LAYER, LayerSpec, PLAIN_BACKGROUND_LAYER, Part, STATUS_BAR_LAYER, STATUS_FIGURES_LAYER, TITLE_BAR_LAYER,
    layer, layout_words, tab_layer,
};
use crate::scene::layout::{SceneLayout, TitleBarLayout, snap};
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;
use crate::scene::texts::{status_figures, status_first_item, status_text};
use crate::ui::router::{Cursor, Region, WidgetId};
use crate::ui::theme::Palette;

/// The tab strip's id; its tabs are parts 0, 1 … in tab order.
pub const TABS: WidgetId = "tabs";

/// What one frame of the chrome shows besides the time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChromeView<'a> {
    /// The selected tab (the screen shown).
    pub tab: usize,
    /// The tab under the pointer.
    pub hovered_tab: Option<usize>,
    /// The colours at this frame (mid-fade during a theme change).
    pub palette: Palette,
    /// The body is the dashboard: the status line runs; otherwise it shows the window's size alone (a screen that
    /// is still must stay still).
    pub dashboard: bool,
    /// What the status bar's first item says, when the screen says it (the overview's cards and rows); otherwise
    /// it names the screen and the keys that leave it.
    pub status: Option<&'a str>,
    /// What the body paints opaquely, so the background is cut around it (empty: a plain background).
    pub covered: &'a [Rect],
    /// The threads that raster the frame's bands (`--threads`), for the status bar's figures.
    pub threads: usize,
}

/// The chrome's layers, in one set of colours.
#[derive(Debug)]
struct Layers {
    colors: ChromeColors,
    /// What the background is cut around, and its layer: the one shown, and the other screens' (a dashboard's
    /// background and a plain one, so that a screen switch records nothing again).
    background: (Vec<Rect>, Part),
    other_background: Option<(Vec<Rect>, Part)>,
    title_bar: Part,
    /// The status bar's first item, and its layer.
    status_bar: (String, Part),
    /// Each tab's state, box and layer (`None` when the tab is hidden: outside its row, or behind "»").
    tabs: Vec<Option<(TabState, Rect, Part)>>,
    /// The overflow button's state, box and layer, when some tabs are hidden.
    more: Option<(TabState, Rect, Part)>,
}

/// The chrome (see the module docs): the tabs' titles, and its layers for the last layout.
#[derive(Debug)]
pub struct Chrome {
    titles: &'static [&'static str],
    layers: Option<Layers>,
    /// The status bar's figures the last frame showed, and their layer.
    figures: Option<(String, Part)>,
}

impl Chrome {
    /// A chrome whose tabs read `titles`, in tab order.
    pub fn new(titles: &'static [&'static str]) -> Chrome {
        Chrome { titles, layers: None, figures: None }
    }

    /// Forgets the layers: the next frame records them anew.
    pub fn forget(&mut self) {
        self.layers = None;
    }

    /// Records the chrome's layers as `view` shows them into `list`, appending (opaque from the first on: they
    /// lead the list, and raster keeps them with the layers of the body that follow as its base). `fresh`: the
    /// scene was laid out anew since the last frame. Returns the glyphs recorded.
    pub fn record_layers(
        &mut self,
        list: &mut DisplayList,
        text: &Timed<'_>,
        scene: &LaidScene,
        fresh: bool,
        view: &ChromeView<'_>,
    ) -> usize {
        let colors = ChromeColors::following(&view.palette);
        let first = match view.status {
            Some(status) => status.to_owned(),
            // Ctrl+digit reaches the first nine screens (a tenth, a --doc document, is reached by its tab).
            None => status_first_item(self.titles.get(view.tab).copied(), self.titles.len().min(9), 0),
        };
        let pen = ChromePen {
            text,
            styles: &scene.styles,
            icons: &scene.icons,
            layout: &scene.layout,
            scale: scene.scale,
            colors,
        };
        let layers = match self.layers.take() {
            Some(layers) if !fresh && layers.colors == colors => self.layers.insert(layers),
            _ => self.layers.insert(pen.layers(self.titles.len(), first.clone(), view.covered)),
        };
        if layers.background.0 != view.covered {
            let shown = match layers.other_background.take() {
                Some(other) if other.0 == view.covered => other,
                _ => pen.background(view.covered),
            };
            layers.other_background = Some(std::mem::replace(&mut layers.background, shown));
        }
        if layers.status_bar.0 != first {
            layers.status_bar = pen.status_bar(first);
        }
        let strip = Strip::of(&scene.layout.title_bar, view.tab);
        for (i, tab) in layers.tabs.iter_mut().enumerate() {
            let state = TabState { selected: view.tab == i, hovered: view.hovered_tab == Some(i) };
            let rect = strip.tabs.get(i).copied().flatten();
            if tab.as_ref().map(|(s, r, _)| (*s, Some(*r))) != Some((state, rect)) {
                *tab = rect.and_then(|rect| pen.tab(i, self.titles[i], state, rect));
            }
        }
        let n = self.titles.len();
        let more_state = TabState { selected: false, hovered: view.hovered_tab == Some(n) };
        if layers.more.as_ref().map(|(s, r, _)| (*s, Some(*r))) != strip.more.map(|r| (more_state, Some(r))) {
            layers.more = strip.more.and_then(|rect| pen.tab(n, "»", more_state, rect));
        }
        // Opaque from the first layer on: the background is cut only around the cores of the title bar and what
        // the body covers with opaque paint, and all of them lie on whole pixels at scale 1.
        list.opaque_lead = true;
        let mut glyphs = 0;
        let parts = [&layers.background.1, &layers.title_bar, &layers.status_bar.1].into_iter();
        let tabs = layers.tabs.iter().chain([&layers.more]).flatten().map(|(_, _, part)| part);
        for part in parts.chain(tabs) {
            part.record(list);
            glyphs += part.glyphs;
        }
        glyphs
    }

    /// Records the title bar's status line of `frame`: after the body, so that the body's layers join the
    /// chrome's in the list's leading run. Returns the glyphs recorded.
    pub fn record_status(
        &self,
        list: &mut DisplayList,
        text: &Timed<'_>,
        scene: &LaidScene,
        frame: &FrameInput,
        view: &ChromeView<'_>,
    ) -> usize {
        let status = if view.dashboard {
            status_text(frame.index, frame.time_s, frame.width, frame.height)
        } else {
            match frame.scale {
                1.0 => format!("{}x{}", frame.width, frame.height),
                scale => format!("{}x{} @{scale}x", frame.width, frame.height),
            }
        };
        let colors = ChromeColors::following(&view.palette);
        draw::status(list, text, &scene.styles, &scene.layout.title_bar, &status, &colors)
    }

    /// Records the status bar's figures of the frame recorded so far into `list` (its retained layers, the body's
    /// among them and the figures' own; see [`crate::scene::texts::status_figures`]), as a layer of their own,
    /// recorded again only when they change: after the body, so that they count its layers. Returns the glyphs
    /// recorded.
    pub fn record_figures(
        &mut self,
        list: &mut DisplayList,
        text: &Timed<'_>,
        scene: &LaidScene,
        view: &ChromeView<'_>,
    ) -> usize {
        let Some(item) = scene.layout.status_bar.items.get(1).copied() else { return 0 };
        let layers = list.ops.iter().filter(|op| matches!(op, crate::display_list::Op::Layer { .. })).count() + 1;
        let figures = status_figures(layers, view.threads);
        let colors = ChromeColors::following(&view.palette);
        let rect = snap(item);
        let mut extra = layout_words(&colors.words(), scene.layout.mirrored);
        extra.extend(figures.bytes().map(u64::from));
        let version = crate::scene::layers::version(STATUS_FIGURES_LAYER, rect, scene.scale, &[], &extra);
        if self.figures.as_ref().is_none_or(|(_, part)| part.version != version) {
            let mut content = DisplayList::new();
            draw::status_figures(&mut content, text, &scene.styles, &scene.layout.status_bar, &figures, &colors);
            let spec = LayerSpec { key: STATUS_FIGURES_LAYER, rect, scale: scene.scale, depends: &[], extra: &extra };
            self.figures = Some((figures, layer(spec, content)));
        }
        let Some((_, part)) = &self.figures else { return 0 };
        part.record(list);
        part.glyphs
    }

    /// The status bar's figures as the last frame recorded them.
    pub fn figures(&self) -> &str {
        self.figures.as_ref().map_or("", |(words, _)| words)
    }

    /// The tabs' regions, in tab order, where they show with tab `selected` current; then the overflow button's
    /// (part `tabs.len()`), when some are hidden.
    pub fn regions(layout: &SceneLayout, tabs: WidgetId, selected: usize) -> Vec<Region> {
        let strip = Strip::of(&layout.title_bar, selected);
        let n = strip.tabs.len();
        let shown = strip.tabs.iter().enumerate().filter_map(|(i, r)| Some(Region::at(tabs, i, (*r)?, Cursor::Hand)));
        shown.chain(strip.more.map(|r| Region::at(tabs, n, r, Cursor::Hand))).collect()
    }
}

/// What the chrome's layers are recorded with.
struct ChromePen<'a> {
    text: &'a Timed<'a>,
    styles: &'a Styles,
    icons: &'a Icons,
    layout: &'a SceneLayout,
    scale: f32,
    colors: ChromeColors,
}

impl ChromePen<'_> {
    /// Every layer, each of the `tabs` unselected and not hovered (the frame sets their states), the status bar's
    /// first item saying `first`, the background cut around `covered`.
    fn layers(&self, tabs: usize, first: String, covered: &[Rect]) -> Layers {
        let words = layout_words(&self.colors.words(), self.layout.mirrored);
        let mut list = DisplayList::new();
        draw::title_bar(&mut list, self.text, self.styles, self.icons, &self.layout.title_bar, &self.colors);
        let rect = snap(self.layout.title_bar.bar);
        let spec = LayerSpec { key: TITLE_BAR_LAYER, rect, scale: self.scale, depends: &[], extra: &words };
        Layers {
            colors: self.colors,
            background: self.background(covered),
            other_background: None,
            title_bar: layer(spec, list),
            status_bar: self.status_bar(first),
            tabs: (0..tabs).map(|_| None).collect(),
            more: None,
        }
    }

    /// The background layer, cut around the title bar's opaque core and `covered`.
    fn background(&self, covered: &[Rect]) -> (Vec<Rect>, Part) {
        let words = layout_words(&self.colors.words(), self.layout.mirrored);
        let window = snap(self.layout.window);
        // The opaque title bar hides the background under it; what the body covers is cut out too.
        let bar = geometry::opaque_core(self.layout.title_bar.bar, 0.0).intersection(window);
        let cut: Vec<Rect> = bar.into_iter().chain(covered.iter().copied()).collect();
        let key = if covered.is_empty() { PLAIN_BACKGROUND_LAYER } else { BACKGROUND_LAYER };
        let mut list = DisplayList::new();
        draw::background(&mut list, window, &cut, &self.colors);
        let spec = LayerSpec { key, rect: window, scale: self.scale, depends: &cut, extra: &words };
        (covered.to_vec(), layer(spec, list))
    }

    /// The status bar's layer, its first item saying `first`.
    fn status_bar(&self, first: String) -> (String, Part) {
        let mut list = DisplayList::new();
        draw::status_bar(&mut list, self.text, self.styles, &self.layout.status_bar, &first, &self.colors);
        let rect = snap(self.layout.status_bar.bar);
        let mut extra = layout_words(&self.colors.words(), self.layout.mirrored);
        // The layer's version follows its words (a screen switch or a new count of rows).
        extra.extend(
            first
                .bytes()
                .collect::<Vec<_>>()
                .chunks(8)
                .map(|chunk| chunk.iter().fold(0u64, |word, &byte| word << 8 | u64::from(byte))),
        );
        let spec = LayerSpec { key: STATUS_BAR_LAYER, rect, scale: self.scale, depends: &[], extra: &extra };
        (first, layer(spec, list))
    }

    /// Tab `i`'s layer in `state` at `tab` (the strip's box for it: whole, inside the bar).
    fn tab(&self, i: usize, title: &str, state: TabState, tab: Rect) -> Option<(TabState, Rect, Part)> {
        let l: &TitleBarLayout = &self.layout.title_bar;
        let rect = snap(tab).intersection(snap(l.bar))?;
        let mut list = DisplayList::new();
        draw::tab(&mut list, self.text, self.styles, tab, title, state, &self.colors);
        let mut extra = self.colors.words().to_vec();
        extra.extend([u64::from(state.selected), u64::from(state.hovered), tab.w.to_bits().into()]);
        let spec = LayerSpec { key: tab_layer(i), rect, scale: self.scale, depends: &[], extra: &extra };
        Some((state, tab, layer(spec, list)))
    }
}
