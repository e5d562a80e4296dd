//! The run: from the command line to the summary line. Input is read from SDL's queue (a person's, or a script's
//! pushed onto it), handled by the session, and a frame is painted only when something changed or animates;
//! idle on a desktop, the loop sleeps in `SDL_WaitEventTimeout` and presents nothing.

use std::path::Path;
use std::time::{Duration, Instant};

use goldberry_natives::Goldberry;
use goldberry_natives::sdl::{Cursor as SdlCursor, Rect as SdlRect, SystemCursor, Video};

use crate::atomic_file::{check_writable, temp_path};
use crate::cli::{Args, RunError};
use crate::clock::{FrameClock, FrameInput};
use crate::events::{WindowEvent, translate};
use crate::fonts::FontBook;
use crate::frame::Painter;
use crate::geom::PixelRect;
use crate::hud::FrameTimes;
use crate::present::{self, Display, Pacer};
use crate::report::{FrameRecord, Report, RunSummary};
use crate::screenshot::RgbImage;
use crate::script::Script;
use crate::scripted::Player;
use crate::session::Session;
use crate::surface::Pixels;
use crate::ui::input::Clipboard;
use crate::ui::router::Cursor;

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

/// The most this process has held resident so far, in MiB (`VmHWM` in /proc/self/status). The resident set swings
/// with what the caches hold at the moment (they fill to their bounds and start over) and with the window's size;
/// its peak stops rising once every state has been seen, unless memory leaks.
pub fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
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

/// How long an idle desktop loop waits for an event before it looks again (it paints nothing meanwhile).
const IDLE_WAIT_MS: i32 = 500;

/// Once a new window size has held for this many painted frames, the heap's free memory is given back: what was
/// kept for the next frame (record 10) was sized for frames at sizes that are gone, and a window resized to many
/// sizes would otherwise keep the high-water mark of each. Not on every resize, so that a window dragged a pixel a
/// frame keeps the pages it reuses.
const SIZE_SETTLED_FRAMES: u32 = 10;

/// The system cursors the pointer takes over what it is on; a driver without cursors (SDL's dummy) has none.
struct Cursors<'v> {
    arrow: Option<SdlCursor<'v>>,
    hand: Option<SdlCursor<'v>>,
    ibeam: Option<SdlCursor<'v>>,
    shown: Cursor,
}

impl<'v> Cursors<'v> {
    fn new(video: &'v Video) -> Cursors<'v> {
        let make = |kind| video.system_cursor(kind).map_err(|e| tracing::debug!("no system cursor {kind:?}: {e}")).ok();
        Cursors {
            arrow: make(SystemCursor::Arrow),
            hand: make(SystemCursor::Hand),
            ibeam: make(SystemCursor::IBeam),
            shown: Cursor::Arrow,
        }
    }

    /// Shows `cursor` if it is not the one shown.
    fn show(&mut self, video: &Video, cursor: Cursor) {
        if cursor == self.shown {
            return;
        }
        let system = match cursor {
            Cursor::Arrow => &self.arrow,
            Cursor::Hand => &self.hand,
            Cursor::IBeam => &self.ibeam,
        };
        if let Some(system) = system {
            video.set_cursor(system);
        }
        self.shown = cursor;
    }
}

/// What one pass over SDL's queue found.
#[derive(Debug, Default)]
struct Polled {
    /// Input events handled.
    events: u32,
    /// When SDL queued the oldest of them (SDL ticks, ms).
    oldest_ms: Option<u32>,
    quit: bool,
    /// The window has a new size: its surface is new.
    resized: bool,
    /// The window must be presented whole again.
    exposed: bool,
}

impl Polled {
    fn take(
        &mut self,
        event: goldberry_natives::sdl::Event,
        queued_ms: u32,
        session: &mut Session,
        now: f64,
        video: &Video,
    ) {
        match translate(event) {
            WindowEvent::Input(input) => {
                session.handle(&input, now, &mut SdlClipboard(video));
                self.events += 1;
                self.oldest_ms = Some(self.oldest_ms.map_or(queued_ms, |oldest| oldest.min(queued_ms)));
            }
            WindowEvent::Quit => self.quit = true,
            WindowEvent::Resized => self.resized = true,
            WindowEvent::Exposed => self.exposed = true,
            WindowEvent::Ignored => {}
        }
    }
}

/// Reads the script (exit 2 on a bad line), before anything else happens.
fn read_script(args: &Args) -> Result<Option<(Script, &Path)>, RunError> {
    let Some(path) = args.script.as_deref() else { return Ok(None) };
    let script = Script::load(path).map_err(|e| RunError::Usage(e.to_string()))?;
    Ok(Some((script, path)))
}

/// The run itself, once logging and the trace are set up.
fn run_frames(args: &Args, started: Instant) -> Result<String, RunError> {
    let script = read_script(args)?;
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
    let video = display.video();
    // Key names are SDL's: they are checked once SDL is loaded, still before any window opens.
    let mut player = match script {
        Some((script, path)) => Some(Player::new(script, path, video).map_err(|e| RunError::Usage(e.to_string()))?),
        None => None,
    };
    for shot in player.iter().flat_map(Player::screenshots) {
        check_writable(shot)?;
    }
    let driver = display.driver();
    let headless = args.headless() || driver == "dummy" || driver == "offscreen";
    let mut session = Session::new(args.screen, !args.no_hud);
    let clock = if headless { FrameClock::Headless } else { FrameClock::wall() };
    // The glyph cache warms up on another thread while SDL opens the window on this one.
    let shown = session.shown(0.0);
    let (window, warmed) = std::thread::scope(|s| {
        let warming = s.spawn(|| painter.warm_up(&fonts, args.size.width, args.size.height, &shown));
        let window = display.window(args.size.width, args.size.height, !headless);
        let warmed = match warming.join() {
            Ok(warmed) => warmed.map_err(RunError::from),
            Err(_) => Err(RunError::WarmUpPanicked),
        };
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
    let mut cursors = Cursors::new(video);
    // A script ends the run one frame after its last line, unless --frames says otherwise.
    // A script without a line paints one frame.
    let frames = args.frames.or_else(|| player.as_ref().map(|p| p.last_frame().map_or(1, |last| last + 2)));
    tracing::info!(driver, threads, ?fps_limit, "goldberry starts");

    let mut records: Vec<FrameRecord> = Vec::new();
    let mut first_frame_ms = None;
    let mut last_start: Option<Instant> = None;
    let mut index = 0u64;
    // The window surface is new (first frame, after a resize): it is painted and presented whole.
    let mut fresh = true;
    let mut was_animating = false;
    let mut captured = false;
    // Painted frames since the size last changed, and whether the heap was trimmed since.
    let (mut size_held, mut trimmed) = (0u32, true);
    // What woke an idle desktop loop, handled and counted with the next frame.
    let mut woken = Polled::default();
    while frames.is_none_or(|n| index < n) {
        let now = clock.time_s(index);
        let mut shots = Vec::new();
        let mut polled = std::mem::take(&mut woken);
        loop {
            let more = match player.as_mut() {
                Some(player) => player.push(index, video, &mut window, &mut shots)?,
                None => false,
            };
            while let Some((event, queued_ms)) = video.poll_timed() {
                polled.take(event, queued_ms, &mut session, now, video);
            }
            if !more {
                break;
            }
        }
        if polled.quit || session.quit() {
            break;
        }
        // While a widget holds the pointer, SDL keeps sending its motion from outside the window too.
        let holding = session.router.pressed().is_some();
        if holding != captured {
            captured = holding;
            if let Err(e) = video.capture_mouse(holding) {
                tracing::debug!("no mouse capture: {e}");
            }
        }
        fresh |= polled.resized;
        if painter.hud.visible() != session.hud() {
            painter.hud.toggle();
        }
        let animating = session.animating(now);
        let changed = session.take_changed() | session.needs_layout() | session.blink_changed(now);
        // The frame after an animation's last is painted too: it shows where the animation ends.
        let settling = std::mem::replace(&mut was_animating, animating);
        if !(fresh || changed || animating || settling || polled.exposed || !shots.is_empty()) {
            if headless || player.is_some() {
                // The frame clock still ticks, and a script's lines name frames: an idle frame is counted and does
                // nothing (on a desktop it is paced like a painted one, so a script keeps its timing).
                let (width, height) = window.size();
                let record =
                    FrameRecord { idle: true, ..FrameRecord::new(index, false, width, height, &Default::default()) };
                records.push(FrameRecord { events: polled.events, ..record });
                if args.report_rss {
                    print_rss_at_events(player.as_ref(), index);
                }
                index += 1;
                if !headless {
                    pacer.wait();
                }
            } else if let Some(event) = video.wait_event(idle_wait_ms(&session, now)) {
                // Nothing to paint: sleep until SDL has an event (it came just now), handle it, and count it with
                // the frame it leads to.
                let queued_ms = u32::try_from(video.sdl().ticks_ms()).unwrap_or(u32::MAX);
                woken.take(event, queued_ms, &mut session, clock.time_s(index), video);
            }
            continue;
        }
        let frame_start = Instant::now();
        if let Some(last) = last_start {
            painter.stats.record_interval(frame_start - last);
        }
        last_start = Some(frame_start);
        let _span = tracing::info_span!("frame", index).entered();
        let shown = session.shown(now);
        let (mut painted, width, height) = present::draw_into_window(&mut window, |target| {
            // The surface's size is the frame's: after a resize it is the new one (and the frame is cold).
            let input = FrameInput { index, time_s: now, width: target.width, height: target.height, scale: 1.0 };
            // The surface still holds the last frame unless it is new: then only the damage is drawn.
            let pixels = if fresh { Pixels::Fresh } else { Pixels::Kept };
            Ok((painter.paint(&input, &fonts, target, &shown, pixels)?, input.width, input.height))
        })?;
        session.take_feedback(std::mem::take(&mut painted.feedback));
        let window_px = u64::from(width) * u64::from(height);
        let damage = &painted.damage;
        // A new or uncovered window is presented whole; otherwise only what the frame drew.
        let (present, presented_px) = if fresh || polled.exposed || damage.is_whole(width, height) {
            (present::present(&mut window)?, window_px)
        } else {
            // A blit-scroll moved pixels outside the damage: they are presented too.
            let moved = painted.moved.iter().filter(|m| !damage.rects().iter().any(|r| r == *m));
            let rects: Vec<SdlRect> = damage.rects().iter().chain(moved).map(sdl_rect).collect();
            let presented_px = match painted.moved {
                Some(m) => m.area() + damage.rects().iter().map(|r| r.area() - r.overlap(&m)).sum::<u64>(),
                None => damage.pixels(),
            };
            (present::present_rects(&mut window, &rects)?, presented_px)
        };
        fresh = false;
        let latency = polled.oldest_ms.map(|queued| {
            let presented = u32::try_from(video.sdl().ticks_ms()).unwrap_or(u32::MAX);
            Duration::from_millis(u64::from(presented.saturating_sub(queued)))
        });
        cursors.show(video, session.cursor());
        if first_frame_ms.is_none() {
            first_frame_ms = Some(started.elapsed().as_secs_f64() * 1000.0);
        }
        let times = FrameTimes { present, ..painted.times };
        painter.stats.record(&times);
        painter.stats.record_damage(100.0 * damage.pixels() as f64 / window_px.max(1) as f64);
        if let Some(latency) = latency {
            painter.stats.record_latency(latency);
        }
        records.push(FrameRecord {
            damage_px: damage.pixels(),
            presented_px,
            events: polled.events,
            latency_ms: latency.map(|l| l.as_secs_f64() * 1000.0),
            ..FrameRecord::new(index, painted.cold, width, height, &times)
        });
        for shot in &shots {
            screenshot(&mut window, shot)?;
        }
        (size_held, trimmed) = if painted.cold { (0, false) } else { (size_held.saturating_add(1), trimmed) };
        if !trimmed && size_held >= SIZE_SETTLED_FRAMES {
            g.trim_freed_memory();
            trimmed = true;
        }
        if args.report_rss {
            print_rss_at_events(player.as_ref(), index);
        }
        index += 1;
        if args.report_rss && (index == 1_000 || index == 10_000) {
            println!("rss at frame {index}: {:.1} MiB", rss_mib().unwrap_or(0.0));
        }
        drop(_span);
        pacer.wait();
    }

    if let Some(path) = &args.screenshot {
        if records.iter().all(|r| r.idle) {
            return Err(RunError::output(path, "no frame was painted"));
        }
        screenshot(&mut window, path)?;
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
            screen: session.screen().name().to_owned(),
            widgets: session.widgets(),
        };
        report.write(path)?;
    }
    if args.report_rss {
        println!("rss at exit: {:.1} MiB", rss_mib().unwrap_or(0.0));
    }
    Ok(summary.line())
}

/// A damaged rectangle as SDL takes it.
fn sdl_rect(r: &PixelRect) -> SdlRect {
    let side = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
    SdlRect::new(side(r.x), side(r.y), side(r.w), side(r.h))
}

/// The script events (lines) after which `--report-rss` prints the resident set size: the random soak's
/// measuring points (ci/random-script settles the run into one state at each).
const RSS_EVENTS: [usize; 2] = [2_000, 20_000];

/// With `--report-rss` and a script, prints the resident set size once frame `index` has handled script event
/// 2,000 or 20,000.
fn print_rss_at_events(player: Option<&Player>, index: u64) {
    let Some(player) = player else { return };
    let before = index.checked_sub(1).map_or(0, |previous| player.lines_through(previous));
    let through = player.lines_through(index);
    for mark in RSS_EVENTS.into_iter().filter(|mark| (before + 1..=through).contains(mark)) {
        println!(
            "rss at event {mark} (frame {index}): {:.1} MiB, peak {:.1} MiB",
            rss_mib().unwrap_or(0.0),
            peak_rss_mib().unwrap_or(0.0)
        );
    }
}

/// How long an idle desktop loop may sleep: until the caret's next blink when one shows, else [`IDLE_WAIT_MS`].
fn idle_wait_ms(session: &Session, now: f64) -> i32 {
    match session.next_blink(now) {
        Some(at) => (((at - now) * 1000.0).ceil() as i32).clamp(1, IDLE_WAIT_MS),
        None => IDLE_WAIT_MS,
    }
}

/// SDL's clipboard, as the session copies to and pastes from it.
struct SdlClipboard<'v>(&'v Video);

impl Clipboard for SdlClipboard<'_> {
    fn get(&mut self) -> Option<String> {
        self.0.clipboard_text().map_err(|e| tracing::warn!("paste: {e}")).ok()
    }

    fn set(&mut self, text: &str) {
        if let Err(e) = self.0.set_clipboard_text(text) {
            tracing::warn!("copy: {e}");
        }
    }
}

/// Writes the window's pixels as a PNG at `path`, atomically.
fn screenshot(window: &mut goldberry_natives::sdl::Window<'_>, path: &Path) -> Result<(), RunError> {
    let image = present::read_window(window, RgbImage::from_xrgb32)?;
    image.write_png(path)
}
