//! Any screen recorded into a frame: the scene's chrome with its tabs on every screen, the cards on the overview,
//! and another screen's own recorder in the body; and the regions a layout leaves for the router.

use std::time::Instant;

use goldberry_natives::yoga::Direction;
use goldberry_natives::{Goldberry, NativeError};

use crate::clock::FrameInput;
use crate::display_list::{DisplayList, Op, Rect};
use crate::fonts::FontBook;
use crate::raster::ScrollHint;
use crate::scene::layout::SceneLayout;
use crate::scene::{Scene, SceneError, SceneTimings, SceneView};
use crate::screens::controls::{ControlsLayout, ControlsScreen, View};
use crate::screens::layout::LayoutScreen;
use crate::screens::layout::state::LayoutState;
use crate::screens::scrolling::ScrollingScreen;
use crate::screens::scrolling::state::ScrollState;
use crate::screens::text::layout::TextLayout;
use crate::screens::text::{TextScreen, TextView};
use crate::screens::{CARDS, ScreenName, TABS};
use crate::ui::controls::{Controls, Tracks};
use crate::ui::router::{Cursor, Region, Router, Target};
use crate::ui::texts::{TextFields, TextGeometry};
use crate::ui::theme::Palette;

/// What a frame shows besides the time: the screen, the widgets' values, who is hovered, pressed and focused, and
/// the colours.
#[derive(Debug, Clone, Copy)]
pub struct ScreenView<'a> {
    /// The screen shown.
    pub screen: ScreenName,
    /// The controls' values.
    pub controls: &'a Controls,
    /// Hover (a tab, a card, a control), press and focus.
    pub router: &'a Router,
    /// The colours at this frame (`controls.theme.palette(now)`, mid-fade during a theme change).
    pub palette: Palette,
    /// The text screen's values.
    pub texts: &'a TextFields,
    /// Every screen laid out right to left.
    pub mirrored: bool,
    /// The frame's time, s (a caret blinks on it).
    pub now: f64,
    /// The layout playground's properties.
    pub layout: &'a LayoutState,
    /// The list's scroll.
    pub scrolling: &'a ScrollState,
}

impl ScreenView<'static> {
    /// The overview in the dark theme, nothing hovered, pressed or focused: a frame with no input (benches, the
    /// golden tests).
    pub fn overview() -> ScreenView<'static> {
        static CONTROLS: Controls = Controls::new();
        static ROUTER: Router = Router::new();
        static TEXTS: std::sync::LazyLock<TextFields> = std::sync::LazyLock::new(TextFields::default);
        static LAYOUT: LayoutState = LayoutState::new();
        static SCROLLING: ScrollState = ScrollState::new();
        ScreenView {
            screen: ScreenName::Overview,
            controls: &CONTROLS,
            router: &ROUTER,
            palette: Palette::of(crate::ui::theme::ThemeName::Dark),
            texts: &TEXTS,
            mirrored: false,
            now: 0.0,
            layout: &LAYOUT,
            scrolling: &SCROLLING,
        }
    }
}

/// Where a layout put what takes input: the regions in hit order (the tabs, then the screen's), and the tracks a
/// drag follows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Regions {
    /// The tabs' regions (`TABS`, part = tab), then the overview's cards' (`CARDS`, part = card) or the screen's.
    pub regions: Vec<Region>,
    /// The controls screen's slider and toggle tracks (empty elsewhere).
    pub tracks: Tracks,
}

/// What [`Screens::record`] did besides recording.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// Where the time went (the controls screen's layout counts as layout).
    pub timings: SceneTimings,
    /// The new regions when this frame laid out anew (a new size or another screen, a change of the layout
    /// playground): hand them to the session.
    pub regions: Option<Regions>,
    /// Where the text screen's text lay this frame: hand it to the session for the next input.
    pub texts: Option<TextGeometry>,
    /// What of the list scrolls (the scrolling screen): hand it to raster.
    pub scroll: Option<ScrollHint>,
}

/// A screen could not be laid out or recorded.
#[derive(Debug, thiserror::Error)]
pub enum ScreenError {
    /// The scene (the chrome, the overview) failed.
    #[error(transparent)]
    Scene(#[from] SceneError),
    /// Yoga refused the controls screen's tree or its layout.
    #[error("the controls screen: {0}")]
    Controls(NativeError),
    /// Yoga refused the text screen's tree or its layout.
    #[error("the text screen: {0}")]
    Text(NativeError),
    /// Yoga refused the layout screen's tree or its layout.
    #[error("the layout screen: {0}")]
    Layout(NativeError),
    /// Yoga refused the scrolling screen's rows.
    #[error("the scrolling screen: {0}")]
    Scrolling(NativeError),
}

/// Every screen, ready to record (see the module docs).
#[derive(Debug)]
pub struct Screens {
    scene: Scene,
    controls: ControlsScreen,
    /// The controls screen's layout, and the body it was laid out in.
    controls_layout: Option<(Rect, ControlsLayout)>,
    text: TextScreen,
    text_layout: Option<TextLayout>,
    /// The layout playground.
    layout: LayoutScreen,
    /// The list of ten thousand rows.
    scrolling: ScrollingScreen,
    /// The screen, window and scale the regions were made for.
    regions_for: Option<(ScreenName, Rect, u32, bool)>,
    regions: Regions,
}

impl Screens {
    /// Builds the scene and the controls screen's tree.
    pub fn new(g: &'static Goldberry, fonts: &FontBook) -> Result<Screens, ScreenError> {
        Ok(Screens {
            scene: Scene::new(g, fonts)?,
            controls: ControlsScreen::new(g, fonts).map_err(ScreenError::Controls)?,
            controls_layout: None,
            text: TextScreen::new(g, fonts).map_err(ScreenError::Text)?,
            text_layout: None,
            layout: LayoutScreen::new(g, fonts).map_err(ScreenError::Layout)?,
            scrolling: ScrollingScreen::new(g, fonts).map_err(ScreenError::Scrolling)?,
            regions_for: None,
            regions: Regions::default(),
        })
    }

    /// The scene: the chrome and the overview (its layout threads, its glyph count, forgetting its layout).
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The scene, to change.
    pub fn scene_mut(&mut self) -> &mut Scene {
        &mut self.scene
    }

    /// Forgets every layout, so that the next frame lays out anew (as after a resize) and hands out regions.
    pub fn forget_layout(&mut self) {
        self.scene.forget_layout();
        self.controls_layout = None;
        self.text_layout = None;
        self.layout.forget();
        self.scrolling.forget();
        self.regions_for = None;
    }

    /// The layout playground (its last layout: the boxes, the Yoga calls and time of the last change).
    pub fn layout(&self) -> &LayoutScreen {
        &self.layout
    }

    /// The list of ten thousand rows.
    pub fn scrolling(&self) -> &ScrollingScreen {
        &self.scrolling
    }

    /// The regions of the last layout.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// Records `view.screen` at frame `frame` into `list` (appending): the chrome with its tabs (the selected one
    /// the screen's, a hovered one lifted), then the cards with the hovered one lifted on the overview, or the
    /// screen's page clipped to the body. Lays the scene out at a new size, and the controls screen at a new size or
    /// when it is switched to.
    pub fn record(
        &mut self,
        frame: &FrameInput,
        fonts: &FontBook,
        list: &mut DisplayList,
        view: &ScreenView<'_>,
    ) -> Result<Recorded, ScreenError> {
        let overview = view.screen == ScreenName::Overview;
        let hovered = |id| view.router.hovered().filter(|t| t.id == id).map(|t| usize::from(t.part));
        let scene_view = SceneView {
            tab: view.screen.index(),
            hovered_tab: hovered(TABS),
            cards: overview,
            hovered_card: if overview { hovered(CARDS) } else { None },
            palette: view.palette,
            mirrored: view.mirrored,
        };
        let mut timings = self.scene.record_view(frame, fonts, list, &scene_view)?;
        let Some(layout) = self.scene.layout() else {
            return Ok(Recorded { timings, regions: None, texts: None, scroll: None });
        };
        let key = (view.screen, layout.window, frame.scale.to_bits(), view.mirrored);
        let fresh = self.regions_for != Some(key);
        let body = layout.grid;
        let direction = if view.mirrored { Direction::Rtl } else { Direction::Ltr };
        if view.screen == ScreenName::Controls && (fresh || self.controls_layout.is_none()) {
            let start = Instant::now();
            let laid_out = self.controls.lay_out(body, direction).map_err(ScreenError::Controls)?;
            timings.layout += start.elapsed();
            self.controls_layout = Some((body, laid_out));
        }
        if view.screen == ScreenName::Text && (fresh || self.text_layout.is_none()) {
            let start = Instant::now();
            self.text_layout = Some(self.text.lay_out(body, direction).map_err(ScreenError::Text)?);
            timings.layout += start.elapsed();
        }
        // The playground lays out again when its properties change: its regions are new then.
        let mut moved = false;
        let start = Instant::now();
        match view.screen {
            ScreenName::Layout => {
                if fresh {
                    self.layout.forget();
                }
                self.layout.set_direction(direction);
                moved = self.layout.update(body, &view.layout.props, frame.time_s).map_err(ScreenError::Layout)?;
            }
            ScreenName::Scrolling => {
                if fresh {
                    self.scrolling.forget();
                }
                self.scrolling.update_page(body);
            }
            _ => {}
        }
        timings.layout += start.elapsed();
        let mut scroll = None;
        let mut texts = None;
        if !overview {
            list.push(Op::PushClip(body));
            match (view.screen, &self.controls_layout) {
                (ScreenName::Controls, Some((_, laid_out))) => {
                    let page = View {
                        controls: view.controls,
                        router: view.router,
                        palette: view.palette,
                        mirrored: view.mirrored,
                    };
                    self.controls.record(list, fonts, laid_out, &page);
                }
                (ScreenName::Text, _) => {
                    if let Some(laid_out) = &self.text_layout {
                        let page = TextView {
                            texts: view.texts,
                            router: view.router,
                            palette: view.palette,
                            now: view.now,
                            mirrored: view.mirrored,
                        };
                        texts = Some(self.text.record(list, fonts, laid_out, &page));
                    }
                }
                (ScreenName::Layout, _) => {
                    self.layout.record(list, fonts, frame.time_s, view.router, &view.palette);
                }
                (ScreenName::Scrolling, _) => {
                    let start = Instant::now();
                    scroll = self
                        .scrolling
                        .record(list, fonts, view.scrolling, frame.time_s, &view.palette)
                        .map_err(ScreenError::Scrolling)?;
                    timings.layout += start.elapsed();
                }
                // The overview draws no page over its cards; the controls screen is laid out above.
                (ScreenName::Overview | ScreenName::Controls, _) => {}
            }
            list.push(Op::PopClip);
        }
        if !(fresh || moved) {
            return Ok(Recorded { timings, regions: None, texts, scroll });
        }
        let controls = self.controls_layout.as_ref().map(|(_, l)| l).filter(|_| view.screen == ScreenName::Controls);
        let text = self.text_layout.as_ref().filter(|_| view.screen == ScreenName::Text);
        self.regions = regions(view.screen, layout, controls, text);
        match view.screen {
            ScreenName::Layout => self.regions.regions.extend(self.layout.regions()),
            ScreenName::Scrolling => self.regions.regions.extend(self.scrolling.regions()),
            _ => {}
        }
        self.regions_for = Some(key);
        Ok(Recorded { timings, regions: Some(self.regions.clone()), texts, scroll })
    }
}

/// The regions of `screen` laid out as `layout` (and `controls`, on the controls screen).
fn regions(
    screen: ScreenName,
    layout: &SceneLayout,
    controls: Option<&ControlsLayout>,
    text: Option<&TextLayout>,
) -> Regions {
    let l = &layout.title_bar;
    let region = |id, part: usize, rect, cursor| Region {
        target: Target { id, part: part as u8 },
        rect,
        cursor,
        focusable: false,
        enabled: true,
    };
    // A tab or a card only takes input where it shows: inside the tabs' row, inside the grid.
    let tabs = l
        .tabs
        .iter()
        .enumerate()
        .filter_map(|(i, tab)| Some(region(TABS, i, tab.intersection(l.tab_row)?, Cursor::Hand)));
    let mut regions: Vec<Region> = tabs.collect();
    let mut tracks = Tracks::default();
    match (screen, controls) {
        (ScreenName::Overview, _) => {
            regions.extend(
                layout.cards.iter().enumerate().filter_map(|(i, card)| {
                    Some(region(CARDS, i, card.card.intersection(layout.grid)?, Cursor::Arrow))
                }),
            )
        }
        (ScreenName::Controls, Some(controls)) => {
            regions.extend(controls.regions.iter().copied());
            tracks = controls.tracks;
        }
        (ScreenName::Text, _) => regions.extend(text.iter().flat_map(|t| t.regions.iter().copied())),
        _ => {}
    }
    Regions { regions, tracks }
}

#[cfg(test)]
#[path = "shown_tests.rs"]
mod tests;
