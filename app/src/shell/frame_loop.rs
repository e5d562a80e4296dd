//! The frame loop: frame after frame, it polls SDL's queue (a person's input, or a script's pushed onto it),
//! decides whether anything must be painted, paints and presents only what changed, and records the frame. Idle on
//! a desktop, it sleeps in `SDL_WaitEventTimeout` and presents nothing; headless or scripted, the frame clock still
//! ticks and an idle frame is counted.

use std::io::Write as _;
use std::time::{Duration, Instant};

use goldberry_natives::Goldberry;
use goldberry_natives::sdl::{Cursor as SdlCursor, Event, Rect as SdlRect, SystemCursor, Video, Window};

use crate::clock::{FrameClock, FrameInput};
use crate::document::{self, Reloaded, watch::FileWatch};
use crate::fonts::FontBook;
use crate::frame::{PaintedFrame, Painter};
use crate::geom::PixelRect;
use crate::hud::FrameTimes;
use crate::located::Located;
use crate::session::Session;
use crate::shell::cli::{Args, RunError};
use crate::shell::events::{WindowEvent, translate};
use crate::shell::memory::{peak_rss_mib, rss_mib};
use crate::shell::present::{self, Pacer};
use crate::shell::record::Recorder;
use crate::shell::report::{FrameRecord, HudSeen};
use crate::shell::scaling::Scaling;
use crate::shell::screen_reader::ScreenReader;
use crate::shell::screenshot::write_window;
use crate::shell::script::Player;
use crate::surface::Pixels;
use crate::ui::input::Clipboard;
use crate::ui::router::Cursor;

/// How long an idle desktop loop waits for an event before it looks again (it paints nothing meanwhile).
const IDLE_WAIT_MS: i32 = 500;

/// Once a new window size has held for this many painted frames, the heap's free memory is given back: what was
/// kept for the next frame (record 10) was sized for frames at sizes that are gone, and a window resized to many
/// sizes would otherwise keep the high-water mark of each. Not on every resize, so that a window dragged a pixel a
/// frame keeps the pages it reuses.
const SIZE_SETTLED_FRAMES: u32 = 10;

/// The script events (lines) after which `--report-rss` prints the resident set size: the random soak's
/// measuring points (ci/random-script settles the run into one state at each).
const RSS_EVENTS: [usize; 2] = [2_000, 20_000];

/// How far the resident peak must rise past the last figure printed for `--report-rss` to say where, MiB.
const PEAK_STEP_MIB: f64 = 0.2;

/// What the loop runs with: the natives, the fonts, the window and the input's source.
pub struct Setup<'r, 'v> {
    /// The command line.
    pub args: &'r Args,
    /// libgoldberry.
    pub g: &'static Goldberry,
    /// Every font.
    pub fonts: &'r FontBook,
    /// The painter, warmed up.
    pub painter: Painter,
    /// The session at its start.
    pub session: Session,
    /// SDL's video.
    pub video: &'v Video,
    /// The window, open.
    pub window: Window<'v>,
    /// How the window's coordinates and pixels relate to logical units.
    pub scaling: Scaling,
    /// The script being played, if any.
    pub player: Option<Player>,
    /// Headless: the frame clock derives time from the frame index, and nothing waits.
    pub headless: bool,
    /// The frames to run (None: until the person quits).
    pub frames: Option<u64>,
    /// At most this many frames a second (None: unpaced).
    pub fps_limit: Option<u32>,
    /// The process start, for `first_frame_ms`.
    pub started: Instant,
    /// `--record`'s recorder, started.
    pub recorder: Option<Recorder>,
}

/// What a finished loop leaves: the window (for the last screenshot), the session (for the report) and the frames.
pub struct Ran<'v> {
    /// The window, still open.
    pub window: Window<'v>,
    /// The session as the run left it.
    pub session: Session,
    /// Every frame, painted or idle.
    pub records: Vec<FrameRecord>,
    /// Process start to the first presented frame, ms.
    pub first_frame_ms: Option<f64>,
    /// The HUD as the last painted frame drew it.
    pub hud: HudSeen,
    /// The flame (F5) as the report prints it ([`crate::flame::Flame::report`]).
    pub flame: serde_json::Value,
    /// The inspector panel's lines as it last showed them.
    pub inspector: Vec<String>,
    /// The status bar's figures as the last painted frame showed them.
    pub status_figures: String,
    /// The script's `expect` that failed and ended the run: the outputs are written, then the run fails with it
    /// (a failed expectation is when a screenshot and a report are most needed).
    pub failed: Option<RunError>,
    /// `--record`'s recorder, to be finished.
    pub recorder: Option<Recorder>,
}

/// The frame loop (see the module docs).
pub struct FrameLoop<'r, 'v> {
    args: &'r Args,
    g: &'static Goldberry,
    fonts: &'r FontBook,
    painter: Painter,
    session: Session,
    video: &'v Video,
    window: Window<'v>,
    scaling: Scaling,
    /// Device pixels per logical unit of the frame painted last (or about to be).
    scale: f32,
    player: Option<Player>,
    /// The accessibility tree's way to a screen reader (desktop only).
    screen_reader: Option<ScreenReader>,
    clock: FrameClock,
    pacer: Pacer,
    cursors: Cursors<'v>,
    headless: bool,
    frames: Option<u64>,
    started: Instant,
    records: Vec<FrameRecord>,
    first_frame_ms: Option<f64>,
    last_start: Option<Instant>,
    index: u64,
    /// The window surface is new (first frame, after a resize): it is painted and presented whole.
    fresh: bool,
    was_animating: bool,
    /// This frame is painted only for the HUD's figures or place, or the inspector's overlay: the statistics do not
    /// count it.
    for_figures: bool,
    captured: bool,
    /// Painted frames since the size last changed.
    size_held: u32,
    /// The heap was trimmed since the size last changed.
    trimmed: bool,
    /// What woke an idle desktop loop, handled and counted with the next frame.
    woken: Polled,
    /// The resident peak `--report-rss` last printed, MiB, once the first measuring point has passed.
    peak_printed: Option<f64>,
    /// The caret's box last told to the input method (window coordinates).
    ime_rect: Option<SdlRect>,
    /// The document's files, watched for live reload (a window only, see [`FrameLoop::new`]).
    watch: Option<FileWatch>,
    /// When the save that the next presented frame shows happened: its latency is measured at present.
    reload_saved: Option<Instant>,
    /// When SDL queued the oldest input a painted frame handled but did not show (it changed none of the frame's
    /// pixels): its latency runs on to the frame that shows it, or ends unmeasured at an idle frame.
    unshown_input_ms: Option<u32>,
    /// `--record`'s recorder.
    recorder: Option<Recorder>,
    /// The frame being painted was drawn into a new target (what a recording's replay must know).
    painted_fresh: bool,
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
    /// Screenshots a script asks for after this frame.
    shots: Vec<(std::path::PathBuf, String)>,
    /// A watched file changed: the document is read again before the frame.
    reload: bool,
}

/// What presenting a frame cost and covered.
struct Presented {
    time: Duration,
    pixels: u64,
    /// Input's queueing to the frame on screen.
    latency: Option<Duration>,
}

impl<'r, 'v> FrameLoop<'r, 'v> {
    /// A loop over `setup`, at frame 0.
    pub fn new(setup: Setup<'r, 'v>) -> FrameLoop<'r, 'v> {
        let Setup {
            args,
            g,
            fonts,
            painter,
            session,
            video,
            window,
            scaling,
            player,
            headless,
            frames,
            fps_limit,
            started,
            recorder,
        } = setup;
        let scale = scaling.device(session.settings().zoom.factor());
        // On the desktop the tree reaches assistive technology; headless runs have nobody to tell.
        let mut screen_reader = if headless { None } else { ScreenReader::new(video) };
        if let Some(reader) = &mut screen_reader {
            reader.window_focused(true);
        }
        // A document is watched only in a window: a headless run is a measurement or a golden, whose frames must
        // not depend on when a file system reports a change.
        let watch = if headless { None } else { document::watch::watch_loaded(video.waker()) };
        let watch = match watch {
            Some(Ok(watch)) => Some(watch),
            Some(Err(e)) => {
                let _ = writeln!(std::io::stderr(), "{e}; the document will not reload when saved");
                None
            }
            None => None,
        };
        FrameLoop {
            recorder,
            painted_fresh: false,
            watch,
            reload_saved: None,
            unshown_input_ms: None,
            screen_reader,
            args,
            g,
            fonts,
            painter,
            session,
            video,
            window,
            scaling,
            scale,
            player,
            clock: if headless { FrameClock::Headless } else { FrameClock::wall() },
            pacer: Pacer::new(fps_limit),
            cursors: Cursors::new(video),
            headless,
            frames,
            started,
            records: Vec::new(),
            first_frame_ms: None,
            last_start: None,
            index: 0,
            fresh: true,
            was_animating: false,
            for_figures: false,
            captured: false,
            size_held: 0,
            trimmed: true,
            woken: Polled::default(),
            peak_printed: None,
            ime_rect: None,
        }
    }

    /// Runs frame after frame until the frame count, the script's end, the person's quit, a SIGTERM or SIGINT, or a
    /// script's `expect` that fails.
    pub fn run(mut self) -> Result<Ran<'v>, RunError> {
        let mut stop = Stop::listen();
        let mut failed = None;
        while self.frames.is_none_or(|n| self.index < n) {
            if stop.asked_now() {
                break;
            }
            let now = self.clock.time_s(self.index);
            if let Some(reader) = &mut self.screen_reader {
                let per_logical = self.scaling.window_per_logical(self.session.settings().zoom.factor());
                reader.act(&self.session, self.video, per_logical)?;
            }
            let polled = match self.poll(now, &mut stop) {
                Ok(polled) => polled,
                Err(e @ RunError::Expectation(_)) => {
                    failed = Some(e);
                    break;
                }
                Err(e) => return Err(e),
            };
            if polled.quit || self.session.quit() || stop.asked_now() {
                break;
            }
            self.follow_pointer_capture();
            if self.painter.hud.visible() != self.session.hud() {
                self.painter.hud.toggle();
            }
            let (flame, pick) = self.session.flame();
            self.painter.flame.show(flame, pick);
            if self.decide(now, &polled) {
                let _span = tracing::info_span!("frame", index = self.index).entered();
                let painted = self.paint(now)?;
                let presented = self.present(&painted, &polled)?;
                self.record(painted, presented, &polled)?;
                drop(_span);
                self.pacer.wait();
            } else {
                self.idle(now, &polled);
            }
            if let Some(reader) = &mut self.screen_reader {
                reader.frame(&self.session, self.scale, &self.window);
            }
        }
        let hud = self.hud_seen();
        Ok(Ran {
            flame: self.painter.flame.report(),
            hud,
            inspector: self.painter.inspector_lines().to_vec(),
            status_figures: self.painter.stage.status_figures().to_owned(),
            window: self.window,
            session: self.session,
            records: self.records,
            first_frame_ms: self.first_frame_ms,
            failed,
            recorder: self.recorder,
        })
    }

    /// Pushes the script's lines for this frame (in chunks SDL's queue holds) and handles every queued event; a
    /// signal stops it between events, so a flood of input does not hold the run's end back.
    fn poll(&mut self, now: f64, stop: &mut Stop) -> Result<Polled, RunError> {
        let mut polled = std::mem::take(&mut self.woken);
        loop {
            let more = match self.player.as_mut() {
                Some(player) => {
                    let per_logical = self.scaling.window_per_logical(self.session.settings().zoom.factor());
                    let (video, window, session) = (self.video, &mut self.window, &self.session);
                    player.push(self.index, video, window, session, per_logical, &mut polled.shots)?
                }
                None => false,
            };
            while let Some((event, queued_ms)) = self.video.poll_timed() {
                let seen = Seen { session: &mut self.session, video: self.video, scaling: &self.scaling };
                polled.take(event, queued_ms, seen, now, self.recorder.as_mut());
                if stop.asked() {
                    return Ok(polled);
                }
            }
            // The app typed or dropped a composition itself (focus moved, Escape): the input method must forget it,
            // or it would type it again into whatever has the focus now.
            if self.session.take_ime_reset() {
                self.video.clear_composition();
            }
            if std::mem::take(&mut polled.reload) {
                self.reload();
            }
            if !more {
                return Ok(polled);
            }
        }
    }

    /// A watched file changed: reads the document again and hands the session the new version (or the error for
    /// the banner, also said on stderr as a parse error is at start).
    fn reload(&mut self) {
        match document::reload() {
            Some(Reloaded::Swapped(warnings)) => warnings.iter().for_each(Located::say),
            Some(Reloaded::Kept(error)) => error.say(),
            None => return,
        }
        self.session.reload();
        self.reload_saved = self.watch.as_ref().and_then(FileWatch::take_saved_at).or(self.reload_saved);
    }

    /// Tells the input method where the focused text's caret stands, when it moved, so its candidate window
    /// follows the caret.
    fn follow_caret(&mut self) {
        let Some(caret) = self.session.caret_rect() else { return };
        let per = self.scaling.window_per_logical(self.session.settings().zoom.factor());
        let at = |v: f32| (v * per).round() as i32;
        let rect = SdlRect::new(at(caret.x), at(caret.y), at(caret.w).max(1), at(caret.h).max(1));
        if self.ime_rect != Some(rect) {
            self.video.set_text_input_rect(rect);
            self.ime_rect = Some(rect);
        }
    }

    /// While a widget holds the pointer, SDL keeps sending its motion from outside the window too.
    fn follow_pointer_capture(&mut self) {
        let holding = self.session.router.pressed().is_some();
        if holding != self.captured {
            self.captured = holding;
            if let Err(e) = self.video.capture_mouse(holding) {
                tracing::debug!("no mouse capture: {e}");
            }
        }
    }

    /// Whether this frame must be painted: something changed, moves, was uncovered or is to be shot.
    fn decide(&mut self, now: f64, polled: &Polled) -> bool {
        self.fresh |= polled.resized;
        if polled.resized {
            // The window may be on a display of another scale now.
            (self.scaling, _) = self.scaling.measure(&self.window);
        }
        // A new scale (a zoom, another display) lays the frame out again and paints it whole.
        let scale = self.scaling.device(self.session.settings().zoom.factor());
        self.fresh |= std::mem::replace(&mut self.scale, scale) != scale;
        let animating = self.session.animating(now);
        let changed = self.session.take_changed()
            | self.session.needs_layout()
            | self.session.blink_changed(now)
            | self.session.tooltip_changed(now);
        // The frame after an animation's last is painted too: it shows where the animation ends.
        let settling = std::mem::replace(&mut self.was_animating, animating);
        let wanted = self.fresh || changed || animating || settling || polled.exposed || !polled.shots.is_empty();
        let width = self.logical_width();
        self.painter.hud.avoid(self.session.router.pointer(), self.focus_rect());
        let hud = self.painter.hud.due(&self.painter.stats, width)
            || self.painter.flame.due(self.session.router.pointer(), self.logical_size());
        // A frame painted only for the HUD, the flame or the inspector's overlay is not counted in the HUD: its figures are the
        // frame's, and counting the HUD's own frames would change the HUD, which would be a change to show, and so on.
        self.for_figures = !wanted && (hud || self.painter.overlay_needs_frame(self.session.settings(), now));
        wanted || self.for_figures
    }

    /// The HUD as the last painted frame drew it.
    fn hud_seen(&self) -> HudSeen {
        let hud = &self.painter.hud;
        let r = hud.rect_in(hud.corner(), self.logical_width());
        HudSeen {
            shown: hud.visible(),
            corner: hud.corner().name(),
            rect: [r.x, r.y, r.w, r.h],
            figures_of_frames: hud.figures_of(),
            frames_counted: self.painter.stats.frames(),
        }
    }

    /// The window's size in logical units at the frame's scale (what the flame lays itself out in).
    fn logical_size(&self) -> (f32, f32) {
        let (width, height) = self.window.size_in_pixels();
        let s = self.scale.max(f32::MIN_POSITIVE);
        (width as f32 / s, height as f32 / s)
    }

    /// The window's width in logical units at the frame's scale (what the HUD lays itself out in).
    fn logical_width(&self) -> u32 {
        let (width, _) = self.window.size_in_pixels();
        (width as f32 / self.scale.max(f32::MIN_POSITIVE)).floor() as u32
    }

    /// The focused widget's box (the part the keyboard is on, else its first), in logical units.
    fn focus_rect(&self) -> Option<crate::geom::Rect> {
        let target = self.session.router.focus_target()?;
        let regions = self.session.regions();
        regions
            .iter()
            .find(|r| r.target == target)
            .map(|r| r.rect)
            .or_else(|| crate::ui::router::region_of(regions, target.id))
    }

    /// Nothing to paint. Headless or scripted, the frame clock still ticks and a script's lines name frames: the
    /// idle frame is counted and does nothing (on a desktop it is paced like a painted one, so a script keeps its
    /// timing). Otherwise the loop sleeps until SDL has an event, and handles it with the frame it leads to.
    fn idle(&mut self, now: f64, polled: &Polled) {
        // An input no painted frame showed changed nothing to see: it has no latency to measure.
        self.unshown_input_ms = None;
        if self.headless || self.player.is_some() {
            let (width, height) = self.window.size_in_pixels();
            let record = FrameRecord::new(self.index, false, (width, height, self.scale), &Default::default());
            self.records.push(FrameRecord { idle: true, events: polled.events, ..record });
            if let Some(recorder) = &mut self.recorder {
                recorder.idle(self.index);
            }
            self.print_rss_at_events();
            self.index += 1;
            if !self.headless {
                self.pacer.wait();
            }
        } else if let Some(event) = self.video.wait_event(self.idle_wait_ms(now)) {
            let queued_ms = u32::try_from(self.video.sdl().ticks_ms()).unwrap_or(u32::MAX);
            let now = self.clock.time_s(self.index);
            let seen = Seen { session: &mut self.session, video: self.video, scaling: &self.scaling };
            self.woken.take(event, queued_ms, seen, now, self.recorder.as_mut());
        }
    }

    /// Paints the frame into the window's surface (only the damage when the surface holds the last frame) and
    /// hands what it laid out to the session.
    fn paint(&mut self, now: f64) -> Result<PaintedFrame, RunError> {
        let frame_start = Instant::now();
        if let Some(last) = self.last_start.filter(|_| !self.for_figures) {
            self.painter.stats.record_interval(frame_start - last);
        }
        self.last_start = Some(frame_start);
        let (index, fresh) = (self.index, self.fresh);
        self.painted_fresh = fresh;
        let (painter, fonts, shown, scale) = (&mut self.painter, self.fonts, self.session.shown(now), self.scale);
        let mut painted = present::draw_into_window(&mut self.window, scale, |target| {
            // The surface's size is the frame's: after a resize it is the new one (and the frame is cold).
            let input = FrameInput { index, time_s: now, width: target.width, height: target.height, scale };
            let pixels = if fresh { Pixels::Fresh } else { Pixels::Kept };
            Ok(painter.paint(&input, fonts, target, &shown, pixels)?)
        })?;
        self.session.take_feedback(std::mem::take(&mut painted.feedback));
        self.session.set_flame_view(self.painter.flame.describe());
        Ok(painted)
    }

    /// Presents the frame: a new or uncovered window whole, otherwise only what the frame drew and what a
    /// blit-scroll moved.
    fn present(&mut self, painted: &PaintedFrame, polled: &Polled) -> Result<Presented, RunError> {
        let (width, height) = painted.size;
        let damage = &painted.damage;
        let (time, pixels) = if self.fresh || polled.exposed || damage.is_whole(width, height) {
            (present::present(&mut self.window)?, u64::from(width) * u64::from(height))
        } else {
            let moved = painted.moved.iter().filter(|m| !damage.rects().iter().any(|r| r == *m));
            let rects: Vec<SdlRect> = damage.rects().iter().chain(moved).map(sdl_rect).collect();
            let pixels = match painted.moved {
                Some(m) => m.area() + damage.rects().iter().map(|r| r.area() - r.overlap(&m)).sum::<u64>(),
                None => damage.pixels(),
            };
            (present::present_rects(&mut self.window, &rects)?, pixels)
        };
        self.fresh = false;
        let queued = [polled.oldest_ms, self.unshown_input_ms.take()].into_iter().flatten().min();
        // An input is shown by the first frame that changes the frame's own pixels after it: its latency ends there.
        let shown = !painted.frame_damage.is_empty() && !self.for_figures;
        if !shown {
            self.unshown_input_ms = queued;
        }
        let latency = queued.filter(|_| shown).map(|queued| {
            let presented = u32::try_from(self.video.sdl().ticks_ms()).unwrap_or(u32::MAX);
            Duration::from_millis(u64::from(presented.saturating_sub(queued)))
        });
        self.cursors.show(self.video, self.session.cursor());
        self.follow_caret();
        if self.first_frame_ms.is_none() {
            self.first_frame_ms = Some(self.started.elapsed().as_secs_f64() * 1000.0);
        }
        if let Some(saved) = self.reload_saved.take() {
            let ms = saved.elapsed().as_secs_f64() * 1000.0;
            tracing::info!(ms, "a saved document is on screen");
            document::note_reload_ms(ms);
        }
        Ok(Presented { time, pixels, latency })
    }

    /// Counts the frame in the HUD and the report, takes the script's screenshots, trims the heap once a new size
    /// has held, and moves to the next frame.
    fn record(&mut self, painted: PaintedFrame, presented: Presented, polled: &Polled) -> Result<(), RunError> {
        let (width, height) = painted.size;
        let window_px = u64::from(width) * u64::from(height);
        let times = FrameTimes { present: presented.time, ..painted.times };
        if self.for_figures {
            self.painter.flame.drop_frame();
        } else {
            self.painter.flame.keep(presented.time);
            let stats = &mut self.painter.stats;
            stats.record(&times);
            stats.record_damage(100.0 * painted.frame_damage.pixels() as f64 / window_px.max(1) as f64);
            if let Some(latency) = presented.latency {
                stats.record_latency(latency);
            }
            if let Some(style) = painted.style {
                stats.record_style(style);
            }
        }
        self.records.push(FrameRecord {
            damage_px: painted.frame_damage.pixels(),
            overlay_px: painted.damage.pixels().saturating_sub(painted.frame_damage.pixels()),
            presented_px: presented.pixels,
            events: polled.events,
            latency_ms: presented.latency.map(|l| l.as_secs_f64() * 1000.0),
            for_figures: self.for_figures,
            ..FrameRecord::new(self.index, painted.cold, (width, height, self.scale), &times)
        });
        if let Some(recorder) = &mut self.recorder {
            recorder.painted((self.index, self.scale, self.painted_fresh), &mut self.painter, &painted, &times);
        }
        for (shot, at) in &polled.shots {
            write_window(&mut self.window, shot).map_err(|e| e.at_line(at))?;
        }
        (self.size_held, self.trimmed) =
            if painted.cold { (0, false) } else { (self.size_held.saturating_add(1), self.trimmed) };
        if !self.trimmed && self.size_held >= SIZE_SETTLED_FRAMES {
            self.g.trim_freed_memory();
            self.trimmed = true;
        }
        self.print_rss_at_events();
        self.index += 1;
        if self.args.report_rss && (self.index == 1_000 || self.index == 10_000) {
            let _ = writeln!(std::io::stdout(), "rss at frame {}: {:.1} MiB", self.index, rss_mib().unwrap_or(0.0));
        }
        Ok(())
    }

    /// How long an idle desktop loop may sleep: until the caret's next blink, a waiting tooltip's showing or the
    /// screen's next change (a fade that waits), whichever comes first, else [`IDLE_WAIT_MS`].
    fn idle_wait_ms(&self, now: f64) -> i32 {
        let wake = [self.session.next_blink(now), self.session.next_tooltip(now), self.session.state().wake_at(now)]
            .into_iter()
            .flatten()
            .reduce(f64::min);
        match wake {
            Some(at) => (((at - now) * 1000.0).ceil() as i32).clamp(1, IDLE_WAIT_MS),
            None => IDLE_WAIT_MS,
        }
    }

    /// With `--report-rss` and a script, prints the resident set size once this frame has handled script event
    /// 2,000 or 20,000, and between them each rise of the peak by [`PEAK_STEP_MIB`] or more, with the frame's
    /// screen and size: the state that raised it is the one a soak's warm-up must visit first (record 20).
    fn print_rss_at_events(&mut self) {
        let Some(player) = self.player.as_ref().filter(|_| self.args.report_rss) else { return };
        let index = self.index;
        let before = index.checked_sub(1).map_or(0, |previous| player.lines_through(previous));
        let through = player.lines_through(index);
        if let Some(printed) = self.peak_printed
            && let Some(peak) = peak_rss_mib().filter(|peak| *peak >= printed + PEAK_STEP_MIB)
        {
            let (width, height) = self.window.size_in_pixels();
            let _ = writeln!(
                std::io::stdout(),
                "peak rose to {peak:.1} MiB by event {through} (frame {index}): the {} screen at {width}x{height}",
                self.session.screen().name()
            );
            self.peak_printed = Some(peak);
        }
        for mark in RSS_EVENTS.into_iter().filter(|mark| (before + 1..=through).contains(mark)) {
            let peak = peak_rss_mib().unwrap_or(0.0);
            let rss = rss_mib().unwrap_or(0.0);
            let _ =
                writeln!(std::io::stdout(), "rss at event {mark} (frame {index}): {rss:.1} MiB, peak {peak:.1} MiB");
            self.peak_printed = Some(self.peak_printed.map_or(peak, |printed| printed.max(peak)));
        }
    }
}

/// What an event is handled with: the session, SDL's video (its clipboard) and the window's scaling.
struct Seen<'s, 'v> {
    session: &'s mut Session,
    video: &'v Video,
    scaling: &'s Scaling,
}

impl Polled {
    /// Handles one of SDL's events: input goes to the session (and to the recorder, a password field's text as
    /// dots), the window's own are noted.
    fn take(&mut self, event: Event, queued_ms: u32, seen: Seen<'_, '_>, now: f64, recorder: Option<&mut Recorder>) {
        let Seen { session, video, scaling } = seen;
        let to_logical = scaling.logical_per_window(session.settings().zoom.factor());
        match translate(event, to_logical) {
            WindowEvent::Input(input) => {
                if let Some(recorder) = recorder {
                    recorder.event(&input, session.focus_is_secret());
                }
                session.handle(&input, now, &mut SdlClipboard(video));
                self.events += 1;
                self.oldest_ms = Some(self.oldest_ms.map_or(queued_ms, |oldest| oldest.min(queued_ms)));
            }
            WindowEvent::Quit => self.quit = true,
            WindowEvent::Resized => self.resized = true,
            WindowEvent::Exposed => self.exposed = true,
            WindowEvent::Woken(document::watch::RELOAD) => self.reload = true,
            WindowEvent::Woken(_) | WindowEvent::Ignored => {}
        }
    }
}

/// SIGTERM and SIGINT, caught for the frame loop's life: the loop ends at the next frame (or between two input
/// events) and the run writes its outputs. SDL turns both into a quit event too, but that waits behind every event
/// queued before it: a script's flood of input, or a long walk of Tab presses, would hold the end back for minutes.
/// The handler is `async-signal`'s (already in the build through AccessKit's D-Bus), which chains to SDL's; it is
/// read without blocking, one pipe read a look.
struct Stop {
    signals: Option<async_signal::Signals>,
    asked: bool,
    /// Looks since the last read of the pipe (input events are handled in thousands a frame).
    looks: u32,
}

impl Stop {
    /// Listens for SIGTERM and SIGINT; a process where that fails ends on SDL's quit alone.
    fn listen() -> Stop {
        use async_signal::{Signal, Signals};
        let signals = Signals::new([Signal::Term, Signal::Int])
            .map_err(|e| tracing::debug!("SIGTERM and SIGINT are not caught: {e}"))
            .ok();
        Stop { signals, asked: false, looks: 0 }
    }

    /// Whether a signal asked the run to end (the pipe is read one look in 64, and on the first).
    fn asked(&mut self) -> bool {
        use futures_lite::StreamExt as _;
        use futures_lite::future::{block_on, poll_once};
        self.looks = self.looks.wrapping_add(1);
        if !self.asked
            && self.looks % 64 == 1
            && let Some(signals) = &mut self.signals
            && let Some(Some(Ok(signal))) = block_on(poll_once(signals.next()))
        {
            tracing::info!(?signal, "a signal ends the run at this frame");
            self.asked = true;
        }
        self.asked
    }

    /// Whether a signal asked the run to end, the pipe read now.
    fn asked_now(&mut self) -> bool {
        self.looks = 0;
        self.asked()
    }
}

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

/// A damaged rectangle as SDL takes it.
fn sdl_rect(r: &PixelRect) -> SdlRect {
    let side = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
    SdlRect::new(side(r.x), side(r.y), side(r.w), side(r.h))
}
