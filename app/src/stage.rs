//! The stage: the frame's layout, the chrome with its tabs, and every screen, recorded into a frame: the chrome's
//! layers, the screen shown into the body, then the chrome's status line; and what the frame hands back for the
//! next input ([`crate::screens::Feedback`]). It sits beside the frame, which paints what it records.

use std::any::Any;
use std::time::{Duration, Instant};

use goldberry_natives::Goldberry;
use goldberry_natives::yoga::Direction;

use crate::chrome::{Chrome, ChromeView, TABS};
use crate::clock::FrameInput;
use crate::display_list::DisplayList;
use crate::fonts::FontBook;
use crate::geom::Rect;
use crate::scene::layout::LaidBox;
use crate::scene::shaping::Timed;
use crate::scene::{Scene, SceneTimings};
use crate::screens::interface::{AnyScreen, Page, Room, ScreenError};
use crate::screens::{Feedback, ScreenId, Shown, titles};
use crate::ui::settings::Density;

/// What [`Stage::record`] did besides recording.
#[derive(Debug)]
pub struct Staged {
    /// Where the time went.
    pub timings: SceneTimings,
    /// For the session.
    pub feedback: Feedback,
}

/// The frame's layout, the chrome and every screen, ready to record (see the module docs).
#[derive(Debug)]
pub struct Stage {
    scene: Scene,
    chrome: Chrome,
    /// Every screen, in [`ScreenId::all`] order.
    screens: Vec<Box<dyn AnyScreen>>,
    /// The screen, direction and density the last frame laid out.
    laid_for: Option<(ScreenId, bool, Density)>,
    /// The threads that raster the frame's bands, which the status bar names.
    threads: usize,
}

impl Stage {
    /// Builds the frame's layout and every screen's tree.
    pub fn new(g: &'static Goldberry, fonts: &FontBook) -> Result<Stage, ScreenError> {
        let screens = ScreenId::all().map(|s| (s.entry().build)(g, fonts)).collect::<Result<Vec<_>, _>>()?;
        let titles = titles();
        Ok(Stage {
            scene: Scene::new(g, fonts, titles)?,
            chrome: Chrome::new(titles),
            screens,
            laid_for: None,
            threads: 1,
        })
    }

    /// The status bar's figures as the last frame showed them.
    pub fn status_figures(&self) -> &str {
        self.chrome.figures()
    }

    /// The frame's layout.
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// Has every screen lay its layout out on two threads when `threads` is more than one (the overview's cards), and the
    /// status bar name the threads that raster the bands.
    pub fn set_layout_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        for screen in &mut self.screens {
            screen.set_threads(threads);
        }
    }

    /// The screen of type `S`, if the list has one (tests and benches read its last layout).
    pub fn screen_of<S: Any>(&self) -> Option<&S> {
        self.screens.iter().find_map(|screen| screen.as_any().downcast_ref::<S>())
    }

    /// Every box of the last layout of `screen`: the frame's, then the page's.
    pub fn outline(&self, screen: ScreenId) -> Vec<LaidBox> {
        let mut boxes = Vec::new();
        self.scene.outline(&mut boxes);
        if let (Some(page), Some(layout)) = (self.screens.get(screen.index()), self.scene.layout()) {
            page.outline(layout.body, &mut boxes);
        }
        boxes
    }

    /// Forgets every layout, so that the next frame lays out anew (as after a resize) and hands out regions.
    pub fn forget_layout(&mut self) {
        self.scene.forget_layout();
        self.chrome.forget();
        for screen in &mut self.screens {
            screen.forget();
        }
        self.laid_for = None;
    }

    /// Records frame `frame` of `shown` into `list`, appending: the chrome's layers with its tabs (the selected one
    /// the screen's, a hovered one lifted), the screen's page clipped to the body, then the chrome's status line. Lays out what is new: the frame
    /// at a new size, scale or direction; the screen when it or the frame is new.
    pub fn record(
        &mut self,
        frame: &FrameInput,
        fonts: &FontBook,
        list: &mut DisplayList,
        shown: &Shown<'_>,
    ) -> Result<Staged, ScreenError> {
        let text = Timed::new(fonts);
        let mut layout = Duration::ZERO;
        let direction = if shown.mirrored { Direction::Rtl } else { Direction::Ltr };
        let (scene, scene_fresh) = self.scene.lay_out(frame, &text, direction, &mut layout)?;
        let fresh = scene_fresh || self.laid_for != Some((shown.screen, shown.mirrored, shown.settings.density));
        let screen = &mut self.screens[shown.screen.index()];
        let body = scene.layout.body;
        // The page's layout is its own call, timed as layout less the shaping it asked for (the shape row's); it
        // comes before the chrome, whose background is cut around what the page covers.
        let room = Room {
            frame,
            fonts,
            text: &text,
            scene,
            body,
            direction,
            router: shown.router,
            settings: shown.settings,
            fresh,
        };
        let (start, shaped) = (Instant::now(), text.spent());
        screen.lay_out(&room, shown.state)?;
        layout += start.elapsed().saturating_sub(text.spent() - shaped);
        let (covered, status) = (screen.covered(), screen.status());
        let view = ChromeView {
            tab: shown.screen.index(),
            hovered_tab: shown.router.hovered().filter(|t| t.id == TABS).map(|t| usize::from(t.part)),
            palette: shown.palette,
            dashboard: shown.screen.entry().dashboard,
            status: status.as_deref(),
            covered: &covered,
            threads: self.threads,
        };
        self.chrome.record_layers(list, &text, scene, scene_fresh, &view);
        let recorded = list.clip(body, |list| {
            let mut page = Page {
                frame,
                fonts,
                text: &text,
                scene,
                list,
                body,
                direction,
                router: shown.router,
                palette: shown.palette,
                settings: shown.settings,
                fresh,
            };
            screen.record(&mut page, shown.state)
        })?;
        self.chrome.record_figures(list, &text, scene, &view);
        self.chrome.record_status(list, &text, scene, frame, &view);
        let regions = match recorded.regions {
            Some(own) => {
                Some(Chrome::regions(&scene.layout, TABS, shown.screen.index()).into_iter().chain(own).collect())
            }
            None if fresh => Some(Chrome::regions(&scene.layout, TABS, shown.screen.index())),
            None => None,
        };
        self.laid_for = Some((shown.screen, shown.mirrored, shown.settings.density));
        let timings = SceneTimings { layout, shape: text.spent() };
        let window = Rect::new(0.0, 0.0, frame.logical_width() as f32, (frame.height as f32 / frame.scale).floor());
        let viewport = regions.is_some().then_some(window);
        Ok(Staged { timings, feedback: Feedback { regions, laid: recorded.laid, viewport } })
    }
}

#[cfg(test)]
#[path = "stage_tests.rs"]
mod tests;
