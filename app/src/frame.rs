//! One frame: the phases of a frame, and cold frames. The shell's frame loop calls it frame after frame.
//!
//! A frame: the screen shown records its display list (layout and shape happen inside, timed by the scene), the
//! HUD adds its overlay, raster draws the list into the target, present shows it. **paint** is everything up to
//! having the frame's pixels (scene + HUD recording + raster); **raster** is Blend2D's part. A frame is **cold**
//! when nothing is cached: frame 0, or the first frame at a new size. Each frame's time comes from the frame clock
//! ([`crate::clock`]).

use std::time::{Duration, Instant};

use goldberry_natives::Goldberry;

pub use crate::clock::FrameInput;
use crate::display_list::DisplayList;
use crate::flame::{Flame, Measured};
use crate::fonts::FontBook;
use crate::geom::PixelRect;
use crate::hud::{FrameTimes, Hud, HudStats};
use crate::overlay::{OverlayView, Overlays};
use crate::raster::{Damage, RenderError, Renderer};
use crate::screens::{Feedback, ScreenError, Shown};
use crate::stage::Stage;
use crate::surface::{Canvas, Pixels};
use crate::ui::settings::Settings;

/// A frame could not be painted.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// The screens' trees could not be built.
    #[error("cannot build the screens: {0}")]
    Build(ScreenError),
    /// The screen shown could not be laid out or recorded.
    #[error("recording frame {index}: {source}")]
    Record {
        /// Which frame.
        index: u64,
        /// What failed.
        source: ScreenError,
    },
    /// Raster failed (the HUD's layer ahead of the frame, or the frame).
    #[error("rasterizing frame {index}{part}: {source}")]
    Raster {
        /// Which frame.
        index: u64,
        /// Which part of it ("" for the frame, "'s HUD").
        part: &'static str,
        /// What failed.
        source: RenderError,
    },
    /// Recording the warm-up frame failed.
    #[error("warming up: {0}")]
    WarmUp(ScreenError),
    /// Rasterizing the warm-up frame's glyphs failed.
    #[error("warming up the glyph cache: {0}")]
    WarmGlyphs(RenderError),
}

/// One painted frame: its phases (present still zero), whether it was cold, the pixels it changed, and what it hands
/// back for the next input.
#[derive(Debug)]
pub struct PaintedFrame {
    /// The measured phases.
    pub times: FrameTimes,
    /// Nothing was cached.
    pub cold: bool,
    /// The target's pixels the frame wrote (every pixel unless the target held the last frame).
    pub damage: Damage,
    /// Of those, what the frame changed, the inspector's overlay's own damage left out (the figures count these).
    pub frame_damage: Damage,
    /// The regions of a new layout and what the screen's layout placed: hand them to the session.
    pub feedback: Feedback,
    /// The pixels a blit-scroll moved before the damage was drawn: they changed too (present them).
    pub moved: Option<PixelRect>,
    /// The frame's width and height in pixels.
    pub size: (u32, u32),
    /// The time the screen spent computing a document's styles (None when no document screen was drawn).
    pub style: Option<Duration>,
}

/// Everything that paints a frame: the screens, the HUD and its statistics, the rasterizer and the reused list.
#[derive(Debug)]
pub struct Painter {
    /// The frame's layout, the chrome and the screens.
    pub stage: Stage,
    pub hud: Hud,
    /// The flame of each frame (F5).
    pub flame: Flame,
    /// The HUD's statistics (the caller records each frame's times after presenting it).
    pub stats: HudStats,
    pub raster: Renderer,
    list: DisplayList,
    /// The HUD's part of the list, recorded apart (see [`Painter::paint`]).
    hud_list: DisplayList,
    /// Where the HUD's ops lie in the last frame's list (a recording replays its cold frames' HUD ahead too).
    hud_ops: std::ops::Range<usize>,
    /// The warm-up's list, kept for a recording ([`Painter::take_warm_up`]).
    warmed: DisplayList,
    /// The inspector's overlay and panel (F2, F3, F4).
    overlays: Overlays,
    /// The last frame's size and scale (its bits): a frame of another is cold.
    last_shape: Option<((u32, u32), u32)>,
}

/// How much freed memory the process keeps for its next allocations ([`Goldberry::retain_freed_memory`]), and
/// the largest block served from it rather than mapped on its own: enough that no frame gives pages back to the
/// kernel only to fault them in again (record 10).
pub const RETAINED_HEAP_BYTES: usize = 8 << 20;

impl Painter {
    /// A painter with the default scene, rasterizing with `threads` bands, the HUD shown or not.
    ///
    /// It also has the process keep the memory it frees ([`RETAINED_HEAP_BYTES`]): by default glibc gives the top
    /// of its heap back to the kernel after each frame and the next frame faults those pages in again (record 10).
    pub fn new(g: &'static Goldberry, fonts: &FontBook, threads: usize, hud: bool) -> Result<Painter, FrameError> {
        if let Err(e) = g.retain_freed_memory(RETAINED_HEAP_BYTES) {
            tracing::warn!("frames will give memory back to the kernel and fault it in again: {e}");
        }
        let mut stage = Stage::new(g, fonts).map_err(FrameError::Build)?;
        stage.set_layout_threads(threads);
        Ok(Painter {
            stage,
            hud: Hud::new(fonts, hud),
            flame: Flame::new(fonts),
            stats: HudStats::new(),
            raster: Renderer::new(g, threads),
            list: DisplayList::new(),
            hud_list: DisplayList::new(),
            hud_ops: 0..0,
            warmed: DisplayList::new(),
            overlays: Overlays::new(fonts),
            last_shape: None,
        })
    }

    /// Gets ready for a first frame at `width` x `height`: records it once and rasterizes the glyphs it draws
    /// into the glyph cache, maps the memory of its base ([`Renderer::reserve_base`]), then forgets the layout and
    /// the list. The first frame then still lays out and rasterizes everything (it is a cold frame like any
    /// other), but blits its glyphs instead of rasterizing each one first. `run` does this while SDL opens the
    /// window.
    pub fn warm_up(&mut self, fonts: &FontBook, input: &FrameInput, shown: &Shown<'_>) -> Result<(), FrameError> {
        let _span = tracing::info_span!("warm up").entered();
        self.list.clear();
        self.stage.record(input, fonts, &mut self.list, shown).map_err(FrameError::WarmUp)?;
        self.hud.record(&self.stats, fonts, input.logical_width(), &mut self.list);
        self.raster.warm_glyphs(&self.list, fonts, input.scale).map_err(FrameError::WarmGlyphs)?;
        self.raster.reserve_base(input.width, input.height);
        self.stage.forget_layout();
        // The list is kept for a recording rather than cleared: the next frame starts a list of its own anyway.
        self.warmed = std::mem::take(&mut self.list);
        Ok(())
    }

    /// Whether the overlay must be drawn again though nothing else changed (a flash fading, the overlay catching up
    /// with the last frame): the frame loop paints a frame for it.
    pub fn overlay_needs_frame(&self, settings: &Settings, now: f64) -> bool {
        self.overlays.needs_frame(settings, now)
    }

    /// The inspector panel's lines as it last showed them (empty until the inspector is first on).
    pub fn inspector_lines(&self) -> &[String] {
        self.overlays.panel_lines()
    }

    /// Records the inspector's overlay, last (see [`crate::overlay`]).
    fn record_overlay(&mut self, input: &FrameInput, fonts: &FontBook, shown: &Shown<'_>) {
        let settings = &shown.settings;
        let boxes = if settings.bounds { self.stage.outline(shown.screen) } else { Vec::new() };
        let s = input.scale.max(f32::MIN_POSITIVE);
        let view = OverlayView {
            settings,
            now: input.time_s,
            size: (input.width as f32 / s, input.height as f32 / s),
            boxes: &boxes,
            pointer: shown.router.pointer(),
            hud: (self.hud.panel(input.logical_width()), self.hud.corner_for(input.logical_width())),
        };
        self.overlays.record(&view, fonts, &mut self.list);
    }

    /// The display list of the last frame (empty once a recording took it, see [`Painter::take_list`]).
    pub fn list(&self) -> &DisplayList {
        &self.list
    }

    /// Takes the last frame's display list, leaving an empty one: a recording takes each frame's list once it is
    /// presented rather than copy it (the next frame records a list of its own anyway).
    pub fn take_list(&mut self) -> DisplayList {
        std::mem::take(&mut self.list)
    }

    /// Where the HUD's ops lie in the last frame's list.
    pub fn hud_ops(&self) -> std::ops::Range<usize> {
        self.hud_ops.clone()
    }

    /// The warm-up's list ([`Painter::warm_up`]), taken (empty before a warm-up, or once taken).
    pub fn take_warm_up(&mut self) -> DisplayList {
        std::mem::take(&mut self.warmed)
    }

    /// Paints one frame of `shown` into `target`: the screen and the HUD record it, raster draws it (the whole
    /// **paint** phase), only what changed when `pixels` says the target holds the last frame painted.
    pub fn paint(
        &mut self,
        input: &FrameInput,
        fonts: &FontBook,
        target: Canvas<'_>,
        shown: &Shown<'_>,
        pixels: Pixels,
    ) -> Result<PaintedFrame, FrameError> {
        let start = Instant::now();
        self.flame.begin();
        self.raster.time_op_kinds(self.flame.shown());
        // The band threads wait awake while the scene records, so they take their bands without a wake-up
        // (record 10).
        self.raster.wake_band_threads();
        let size = (input.width, input.height);
        // A new scale is a new frame too: every layer and glyph is drawn again at it.
        let cold = self.last_shape != Some((size, input.scale.to_bits()));
        if cold {
            self.raster.clear_layers();
        }
        self.last_shape = Some((size, input.scale.to_bits()));
        self.list.clear();
        let mut hud_list = std::mem::take(&mut self.hud_list);
        hud_list.clear();
        // The HUD's layer does not depend on the scene. A cold frame rasterizes it ahead of the scene's raster,
        // with more than one thread on a pool thread (kept awake, see `wake_band_threads`) while the scene lays out
        // and records; with one, after the scene (so that the glyph cache fills the same way whatever the thread
        // count, and the frame is the same pixels). A settled frame's scene takes too little time to hide that
        // work: there a changed HUD is rasterized by the band it lies in, beside the other bands' work.
        let parallel = self.raster.threads() > 1;
        // The style row counts this frame's styles only (not a warm-up's, not another screen's).
        let styled = shown.screen.entry().styled;
        let _ = crate::document::take_style_time();
        self.hud.show_styles(styled);
        let (hud, raster, stats) = (&mut self.hud, &mut self.raster, &self.stats);
        let mut record_hud = |hud_list: &mut DisplayList| {
            let _span = tracing::info_span!("hud").entered();
            hud.record(stats, fonts, input.logical_width(), hud_list);
            if cold { raster.rasterize_layers_ahead(hud_list, fonts, input.scale) } else { Ok(()) }
        };
        let record_screen = |stage: &mut Stage, list: &mut DisplayList| {
            let _span = tracing::info_span!("screen").entered();
            stage.record(input, fonts, list, shown).map_err(|source| FrameError::Record { index: input.index, source })
        };
        let (staged, hud_raster) = if cold && parallel {
            let mut hud_raster = Ok(());
            let staged = rayon::in_place_scope(|s| {
                s.spawn(|_| hud_raster = record_hud(&mut hud_list));
                record_screen(&mut self.stage, &mut self.list)
            });
            (staged, hud_raster)
        } else {
            (record_screen(&mut self.stage, &mut self.list), record_hud(&mut hud_list))
        };
        self.flame.scene_done();
        let staged = staged?;
        let style = styled.then(crate::document::take_style_time);
        let timings = staged.timings;
        let raster_error = |part| move |source| FrameError::Raster { index: input.index, part, source };
        hud_raster.map_err(raster_error("'s HUD"))?;
        let hud_start = self.list.ops.len();
        self.list.ops.append(&mut hud_list.ops);
        self.hud_ops = hud_start..self.list.ops.len();
        self.hud_list = hud_list;
        crate::popup::draw::record(&shown.popups, shown.router, &shown.palette, fonts, &mut self.list);
        let s = input.scale.max(f32::MIN_POSITIVE);
        let logical = (input.width as f32 / s, input.height as f32 / s);
        self.flame.record(fonts, logical, shown.router.pointer(), &mut self.list);
        self.record_overlay(input, fonts, shown);
        let raster_start = start.elapsed();
        let rendered = self.raster.render(&self.list, fonts, target, pixels).map_err(raster_error(""))?;
        let frame_damage = rendered.parts.frame;
        self.overlays.observe(&frame_damage, &self.raster, &self.list, input.scale, &shown.settings, input.time_s);
        let times = FrameTimes {
            layout: timings.layout,
            shape: timings.shape,
            raster: rendered.time,
            paint: start.elapsed(),
            present: Duration::ZERO,
        };
        self.flame.gather(&Measured {
            index: input.index,
            start,
            layout: times.layout,
            shape: times.shape,
            raster_start,
            raster: times.raster,
            paint: times.paint,
            bands: self.raster.band_times(),
            outside_bands: {
                let stats = self.raster.stats();
                [("glyph cache", stats.glyphs_time), ("layers", stats.layers_time), ("base", stats.base_time)]
            },
            scale: input.scale,
            regions: staged.feedback.regions.as_deref().unwrap_or(shown.regions),
        });
        Ok(PaintedFrame {
            times,
            cold,
            damage: rendered.damage,
            frame_damage,
            feedback: staged.feedback,
            moved: rendered.moved,
            size,
            style,
        })
    }
}
