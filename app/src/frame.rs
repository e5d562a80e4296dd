//! The frame loop: the phases of a frame, cold frames, and the run from start to summary.
//!
//! A frame: the scene records its display list (layout and shape happen inside, timed by the scene), the HUD
//! adds its overlay, raster draws the list into the target, present shows it. **paint** is everything up to
//! having the frame's pixels (scene + HUD recording + raster); **raster** is Blend2D's part. A frame is **cold**
//! when nothing is cached: frame 0, or the first frame at a new size. Each frame's time comes from the frame clock
//! ([`crate::clock`]).

use std::time::{Duration, Instant};

use goldberry_natives::Goldberry;

use crate::atomic_file::{check_writable, temp_path};
use crate::cli::{Args, RunError};
use crate::clock::FrameClock;
pub use crate::clock::FrameInput;
use crate::display_list::DisplayList;
use crate::fonts::FontBook;
use crate::hud::{FrameTimes, Hud, HudStats};
use crate::present::{self, Display, Input, Pacer};
use crate::raster::{Damage, Renderer};
use crate::report::{FrameRecord, Report, RunSummary};
use crate::scene::Scene;
use crate::screenshot::RgbImage;
use crate::surface::{FrameBuffer, Pixels, Target};

/// One painted frame: its phases (present still zero), whether it was cold, and the pixels it changed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaintedFrame {
    /// The measured phases.
    pub times: FrameTimes,
    /// Nothing was cached.
    pub cold: bool,
    /// The target's pixels the frame wrote (every pixel unless the target held the last frame).
    pub damage: Damage,
}

/// Everything that paints a frame: the scene, the HUD and its statistics, the rasterizer and the reused list.
#[derive(Debug)]
pub struct Painter {
    pub scene: Scene,
    pub hud: Hud,
    /// The HUD's statistics (the caller records each frame's times after presenting it).
    pub stats: HudStats,
    pub raster: Renderer,
    list: DisplayList,
    /// The HUD's part of the list, recorded apart (see [`Painter::paint`]).
    hud_list: DisplayList,
    last_size: Option<(u32, u32)>,
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
    pub fn new(g: &'static Goldberry, fonts: &FontBook, threads: usize, hud: bool) -> Result<Painter, RunError> {
        if let Err(e) = g.retain_freed_memory(RETAINED_HEAP_BYTES) {
            tracing::warn!("frames will give memory back to the kernel and fault it in again: {e}");
        }
        let mut scene =
            Scene::new(g, fonts).map_err(|e| RunError::Other(anyhow::anyhow!("cannot build the scene: {e}")))?;
        scene.set_layout_threads(threads);
        Ok(Painter {
            scene,
            hud: Hud::new(fonts, hud),
            stats: HudStats::new(),
            raster: Renderer::new(g, threads),
            list: DisplayList::new(),
            hud_list: DisplayList::new(),
            last_size: None,
        })
    }

    /// Gets ready for a first frame at `width` x `height`: records it once and rasterizes the glyphs it draws
    /// into the glyph cache, maps the memory of its base ([`Renderer::reserve_base`]), then forgets the layout and
    /// the list. The first frame then still lays out and rasterizes everything (it is a cold frame like any
    /// other), but blits its glyphs instead of rasterizing each one first. `run` does this while SDL opens the
    /// window.
    pub fn warm_up(&mut self, fonts: &FontBook, width: u32, height: u32) -> Result<(), RunError> {
        let _span = tracing::info_span!("warm up").entered();
        self.list.ops.clear();
        self.scene
            .record(&FrameInput::headless(0, width, height), fonts, &mut self.list)
            .map_err(|e| RunError::Other(anyhow::anyhow!("warming up: {e}")))?;
        self.hud.record(&self.stats, fonts, width, &mut self.list);
        self.raster
            .warm_glyphs(&self.list, fonts)
            .map_err(|e| RunError::Other(anyhow::anyhow!("warming up the glyph cache: {e}")))?;
        self.raster.reserve_base(width, height);
        self.scene.forget_layout();
        self.list.ops.clear();
        Ok(())
    }

    /// The display list of the last frame.
    pub fn list(&self) -> &DisplayList {
        &self.list
    }

    /// Paints one frame into `target`: the scene and the HUD record it, raster draws it (the whole **paint**
    /// phase), only what changed when `pixels` says the target holds the last frame painted.
    pub fn paint(
        &mut self,
        input: &FrameInput,
        fonts: &FontBook,
        target: Target<'_>,
        pixels: Pixels,
    ) -> Result<PaintedFrame, RunError> {
        let start = Instant::now();
        // The band threads wait awake while the scene records, so they take their bands without a wake-up
        // (record 10).
        self.raster.wake_band_threads();
        let size = (input.width, input.height);
        let cold = self.last_size != Some(size);
        if cold {
            self.raster.clear_layers();
        }
        self.last_size = Some(size);
        self.list.ops.clear();
        let mut hud_list = std::mem::take(&mut self.hud_list);
        hud_list.ops.clear();
        // The HUD's layer does not depend on the scene. A cold frame rasterizes it ahead of the scene's raster,
        // with more than one thread on a pool thread (kept awake, see `wake_band_threads`) while the scene lays out
        // and records; with one, after the scene (so that the glyph cache fills the same way whatever the thread
        // count, and the frame is the same pixels). A settled frame's scene takes too little time to hide that
        // work: there a changed HUD is rasterized by the band it lies in, beside the other bands' work.
        let parallel = self.raster.threads() > 1;
        let (hud, raster, stats) = (&mut self.hud, &mut self.raster, &self.stats);
        let mut record_hud = |hud_list: &mut DisplayList| {
            let _span = tracing::info_span!("hud").entered();
            hud.record(stats, fonts, input.width, hud_list);
            if cold { raster.rasterize_layers_ahead(hud_list, fonts, input.scale) } else { Ok(()) }
        };
        let record_scene = |scene: &mut Scene, list: &mut DisplayList| {
            let _span = tracing::info_span!("scene").entered();
            scene
                .record(input, fonts, list)
                .map_err(|e| RunError::Other(anyhow::anyhow!("recording frame {}: {e}", input.index)))
        };
        let (timings, hud_raster) = if cold && parallel {
            let mut hud_raster = Ok(());
            let timings = rayon::in_place_scope(|s| {
                s.spawn(|_| hud_raster = record_hud(&mut hud_list));
                record_scene(&mut self.scene, &mut self.list)
            });
            (timings, hud_raster)
        } else {
            (record_scene(&mut self.scene, &mut self.list), record_hud(&mut hud_list))
        };
        let timings = timings?;
        hud_raster.map_err(|e| RunError::Other(anyhow::anyhow!("rasterizing frame {}'s HUD: {e}", input.index)))?;
        self.list.ops.append(&mut hud_list.ops);
        self.hud_list = hud_list;
        let rendered = self
            .raster
            .render(&self.list, fonts, target, pixels)
            .map_err(|e| RunError::Other(anyhow::anyhow!("rasterizing frame {}: {e}", input.index)))?;
        let times = FrameTimes {
            layout: timings.layout,
            shape: timings.shape,
            raster: rendered.time,
            paint: start.elapsed(),
            present: Duration::ZERO,
        };
        Ok(PaintedFrame { times, cold, damage: rendered.damage })
    }
}

/// A Chrome trace being written: to a temporary name beside `path`, renamed into place only when the run
/// succeeds (like the screenshot and the report, a failed run leaves no half-written file).
struct TraceFile {
    guard: tracing_chrome::FlushGuard,
    temp: std::path::PathBuf,
    path: std::path::PathBuf,
}

impl TraceFile {
    /// Flushes the trace and, when the run succeeded, renames it into place; otherwise removes it.
    fn finish(self, succeeded: bool) -> Result<(), RunError> {
        drop(self.guard);
        if succeeded {
            std::fs::rename(&self.temp, &self.path).map_err(|e| {
                let _ = std::fs::remove_file(&self.temp);
                RunError::output(&self.path, e)
            })
        } else {
            let _ = std::fs::remove_file(&self.temp);
            Ok(())
        }
    }
}

/// Sets up logging (`--log`, RUST_LOG) and, with `--trace`, a Chrome trace.
fn init_tracing(args: &Args) -> Result<Option<TraceFile>, RunError> {
    use tracing_subscriber::prelude::*;
    let filter = tracing_subscriber::EnvFilter::try_new(&args.log)
        .map_err(|e| RunError::Usage(format!("invalid --log filter `{}`: {e}", args.log)))?;
    let fmt = tracing_subscriber::fmt::layer().with_writer(std::io::stderr).with_target(false).with_filter(filter);
    let (chrome, trace) = match &args.trace {
        Some(path) => {
            let temp = temp_path(path);
            let file = std::fs::File::create(&temp).map_err(|e| RunError::output(path, e))?;
            let (layer, guard) = tracing_chrome::ChromeLayerBuilder::new().writer(file).include_args(true).build();
            let trace = TraceFile { guard, temp, path: path.clone() };
            (Some(layer.with_filter(tracing_subscriber::filter::LevelFilter::INFO)), Some(trace))
        }
        None => (None, None),
    };
    // A second run in the same process (tests) keeps the first subscriber.
    let _ = tracing_subscriber::registry().with(fmt).with(chrome).try_init();
    Ok(trace)
}

/// The resident set size of this process in MiB, from /proc/self/statm (4 KiB pages).
pub fn rss_mib() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages as f64 * 4096.0 / (1024.0 * 1024.0))
}

/// Runs the showcase as the command line asks: `started` is the process start (for `first_frame_ms`).
/// Returns the summary line printed at the end.
pub fn run(args: &Args, started: Instant) -> Result<String, RunError> {
    let trace = init_tracing(args)?;
    let result = run_frames(args, started);
    match trace {
        Some(trace) => trace.finish(result.is_ok()).and(result),
        None => result,
    }
}

/// The run itself, once logging and the trace are set up.
fn run_frames(args: &Args, started: Instant) -> Result<String, RunError> {
    for path in [&args.screenshot, &args.report].into_iter().flatten() {
        check_writable(path)?;
    }
    present::check_display(args.video_driver.as_deref())?;
    let natives_dir = args.natives_dir.as_deref();
    let g = Goldberry::load(natives_dir)?;
    let fonts = if args.font_dirs.is_empty() { FontBook::load(g) } else { FontBook::load_from(g, &args.font_dirs) }
        .map_err(|e| RunError::Fonts(e.to_string()))?;
    let threads = args.thread_count();
    let mut painter = Painter::new(g, &fonts, threads, !args.no_hud)?;

    let display = Display::open(natives_dir, args.video_driver.as_deref())?;
    let driver = display.driver();
    let headless = args.headless() || driver == "dummy" || driver == "offscreen";
    // The glyph cache warms up on another thread while SDL opens the window on this one.
    let (window, warmed) = std::thread::scope(|s| {
        let warming = s.spawn(|| painter.warm_up(&fonts, args.size.width, args.size.height));
        let window = display.window(args.size.width, args.size.height, !headless);
        let warmed = warming.join().unwrap_or_else(|_| Err(RunError::Other(anyhow::anyhow!("the warm-up panicked"))));
        (window, warmed)
    });
    let mut window = window?;
    warmed?;
    let fps_limit = match args.fps_limit {
        Some(n) => Some(n),
        None if headless => None,
        None => window.refresh_rate().or(Some(60)),
    };
    let mut pacer = Pacer::new(fps_limit);
    tracing::info!(driver, threads, ?fps_limit, "goldberry starts");

    let mut records: Vec<FrameRecord> = Vec::new();
    let mut first_frame_ms = None;
    let clock = if headless { FrameClock::Headless } else { FrameClock::wall() };
    let mut last_start: Option<Instant> = None;
    let mut index = 0u64;
    'frames: while args.frames.is_none_or(|n| index < n) {
        for input in display.poll() {
            match input {
                Input::Quit => break 'frames,
                Input::ToggleHud => painter.hud.toggle(),
                Input::Resized(..) => {}
            }
        }
        let frame_start = Instant::now();
        if let Some(last) = last_start {
            painter.stats.record_interval(frame_start - last);
        }
        last_start = Some(frame_start);
        let _span = tracing::info_span!("frame", index).entered();
        let time_s = clock.time_s(index);
        let (painted, width, height) = present::draw_into_window(&mut window, |target| {
            // The surface's size is the frame's: after a resize it is the new one (and the frame is cold).
            let input = FrameInput { index, time_s, width: target.width, height: target.height, scale: 1.0 };
            Ok((painter.paint(&input, &fonts, target, Pixels::Fresh)?, input.width, input.height))
        })?;
        let present = present::present(&mut window)?;
        if first_frame_ms.is_none() {
            first_frame_ms = Some(started.elapsed().as_secs_f64() * 1000.0);
        }
        let times = FrameTimes { present, ..painted.times };
        painter.stats.record(&times);
        records.push(FrameRecord::new(index, painted.cold, width, height, &times));
        index += 1;
        if args.report_rss && (index == 1_000 || index == 10_000) {
            println!("rss at frame {index}: {:.1} MiB", rss_mib().unwrap_or(0.0));
        }
        drop(_span);
        pacer.wait();
    }

    if let Some(path) = &args.screenshot {
        if records.is_empty() {
            return Err(RunError::output(path, "no frame was painted"));
        }
        let image = present::read_window(&mut window, RgbImage::from_xrgb32)?;
        image.write_png(path)?;
    }
    let summary = RunSummary::of(&records);
    if let Some(path) = &args.report {
        let report = Report {
            first_frame_ms: first_frame_ms.unwrap_or(0.0),
            size: args.size.to_string(),
            threads,
            driver: driver.clone(),
            summary: summary.clone(),
            frames: records,
        };
        report.write(path)?;
    }
    if args.report_rss {
        println!("rss at exit: {:.1} MiB", rss_mib().unwrap_or(0.0));
    }
    Ok(summary.line())
}

/// Paints `frames` frames of the default scene headless into an offscreen frame (benches, golden tests).
/// Returns the frame buffer of the last one and every frame's record.
pub fn paint_offscreen(
    painter: &mut Painter,
    fonts: &FontBook,
    width: u32,
    height: u32,
    frames: impl IntoIterator<Item = u64>,
) -> Result<(FrameBuffer, Vec<FrameRecord>), RunError> {
    let mut buffer = FrameBuffer::new(width, height);
    let mut records = Vec::new();
    for index in frames {
        let input = FrameInput::headless(index, width, height);
        let painted = painter.paint(&input, fonts, buffer.target(), Pixels::Fresh)?;
        painter.stats.record(&painted.times);
        records.push(FrameRecord::new(index, painted.cold, width, height, &painted.times));
    }
    Ok((buffer, records))
}
