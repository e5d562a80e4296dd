//! The run: from the command line to the summary line. Sets up logging and the trace, the natives, the fonts, the
//! painter and the window, hands them to the frame loop ([`crate::shell::frame_loop`]), and writes what the run
//! leaves: the screenshot, the report, the trace.

use std::io::Write as _;
use std::path::Path;
use std::time::Instant;

use goldberry_natives::Goldberry;

use crate::clock::FrameInput;
use crate::fonts::FontBook;
use crate::frame::Painter;
use crate::recording::{Header, WarmUp};
use crate::screens::ScreenId;
use crate::session::Session;
use crate::shell::atomic_file::{check_writable, same_file, temp_path};
use crate::shell::cli::MAX_SIDE;
use crate::shell::cli::{Args, RunError};
use crate::shell::frame_loop::{FrameLoop, Ran, Setup};
use crate::shell::memory::rss_mib;
use crate::shell::present::{self, Display};
use crate::shell::record::Recorder;
use crate::shell::report::{FontCounts, FrameRecord, Report, RunSummary};
use crate::shell::scaling::Scaling;
use crate::shell::screenshot::write_window;
use crate::shell::script::{Player, Script};

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

/// The last frame's size in logical units, `WxH`: a zoom or a resized window changes it from what `--size` asked.
fn logical_size(last: Option<&FrameRecord>) -> Option<String> {
    let r = last.filter(|r| r.scale > 0.0 && r.width > 0)?;
    // Floored, as the frame lays out (`FrameInput::logical_width`).
    let side = |px: u32| (px as f32 / r.scale).floor() as u32;
    Some(format!("{}x{}", side(r.width), side(r.height)))
}

/// Sets up logging (`--log`, RUST_LOG) and, with `--trace`, a Chrome trace.
fn init_tracing(args: &Args) -> Result<Option<TraceFile>, RunError> {
    use tracing_subscriber::prelude::*;
    let filter = tracing_subscriber::EnvFilter::try_new(&args.log)
        .map_err(|e| RunError::Usage(format!("invalid --log filter `{}`: {e}", args.log)))?;
    // Colour codes only where a terminal reads them: in a file or a pipe they are noise around the words.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    // A stderr that is closed or full loses the lines: the layer's own report of a failed write would be an
    // `eprintln!`, which panics on the same stderr and aborts the run.
    let fmt = tracing_subscriber::fmt::layer()
        .log_internal_errors(false)
        .with_writer(std::io::stderr)
        .with_ansi(ansi)
        .with_target(false)
        .with_filter(filter);
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

/// Runs the showcase as the command line asks: `started` is the process start (for `first_frame_ms`).
/// Returns the summary line printed at the end.
pub fn run(args: &Args, started: Instant) -> Result<String, RunError> {
    distinct_outputs(args)?;
    let trace = init_tracing(args)?;
    let result = run_frames(args, started);
    // A script's failed `expect` ends a run that worked: its trace is kept, as its report and screenshot are.
    let kept = matches!(result, Ok(_) | Err(RunError::Expectation(_)));
    match trace {
        Some(trace) => trace.finish(kept).and(result),
        None => result,
    }
}

/// Refuses two outputs named for one file (`--report out --screenshot out`): the second write would replace the
/// first without a word. Paths are compared as they resolve (`out` and `./out` are one file).
fn distinct_outputs(args: &Args) -> Result<(), RunError> {
    let outputs = [
        ("--screenshot", &args.screenshot),
        ("--report", &args.report),
        ("--trace", &args.trace),
        ("--record", &args.record),
    ];
    let named: Vec<(&str, &Path)> = outputs.iter().filter_map(|(flag, p)| Some((*flag, p.as_deref()?))).collect();
    for (i, (first, a)) in named.iter().enumerate() {
        if let Some((second, _)) = named[i + 1..].iter().find(|(_, b)| same_file(a, b)) {
            return Err(RunError::Usage(format!(
                "{first} and {second} both name {}: each output needs a file of its own",
                a.display()
            )));
        }
    }
    Ok(())
}

/// Reads the script (exit 2 on a bad line), before anything else happens.
fn read_script(args: &Args) -> Result<Option<(Script, &Path)>, RunError> {
    let Some(path) = args.script.as_deref() else { return Ok(None) };
    let script = Script::load(path)?;
    Ok(Some((script, path)))
}

/// The run itself, once logging and the trace are set up: loads the natives and the fonts, builds the painter,
/// opens the window while the glyph cache warms up, runs the frame loop, then writes the screenshot and the report.
fn run_frames(args: &Args, started: Instant) -> Result<String, RunError> {
    // The document first: the list of screens, their tabs and the names a script may use all include it.
    // Without --screen the run starts on the document when there is one.
    let document = crate::screens::document::NAME;
    let start = match (&args.doc, args.screen) {
        (None, Some(name)) if name == document => {
            return Err(RunError::Usage(format!("--screen {document} needs --doc FILE.kdl")));
        }
        (Some(doc), name) => {
            for warning in crate::screens::document::load(doc, args.style.as_deref())? {
                warning.say();
            }
            ScreenId::named(name.unwrap_or(document)).unwrap_or_default()
        }
        (None, name) => ScreenId::named(name.unwrap_or("overview")).unwrap_or_default(),
    };
    let script = read_script(args)?;
    for path in [&args.screenshot, &args.report, &args.record].into_iter().flatten() {
        check_writable(path)?;
    }
    present::check_display(args.video_driver.as_deref())?;
    let natives_dir = args.natives_dir.as_deref();
    let g = Goldberry::load(natives_dir)?;
    goldberry_natives::blend2d::pin_cpu_level(g, args.cpu_level).map_err(|e| RunError::Usage(e.to_string()))?;
    let fonts = if args.font_dirs.is_empty() { FontBook::load(g) } else { FontBook::load_from(g, &args.font_dirs) }
        .map_err(|e| RunError::Fonts(e.to_string()))?;
    let threads = args.thread_count();
    let mut painter = Painter::new(g, &fonts, threads, !args.no_hud)?;

    let display = Display::open(natives_dir, args.video_driver.as_deref())?;
    let video = display.video();
    // Key names are SDL's: they are checked once SDL is loaded, still before any window opens.
    let player = match script {
        Some((script, path)) => Some(Player::new(script, path, video)?),
        None => None,
    };
    for (shot, at) in player.iter().flat_map(Player::screenshots) {
        check_writable(shot).map_err(|e| e.at_line(&at))?;
        let flags = [("--report", &args.report), ("--trace", &args.trace)];
        if let Some((flag, _)) = flags.iter().find(|(_, p)| p.as_deref().is_some_and(|p| same_file(p, shot))) {
            return Err(RunError::Script(format!(
                "{at}: the script's screenshot and {flag} both name {}: each output needs a file of its own",
                shot.display()
            )));
        }
    }
    let driver = display.driver();
    let headless = args.headless() || driver == "dummy" || driver == "offscreen";
    let session = Session::new(start, !args.no_hud);
    // The window opens at the logical size times the scale asked for; the platform's own is known once it is open.
    let scaling = Scaling::requested(args.scale);
    let (width, height) = scaling.window_size(args.size.width, args.size.height, 1.0);
    if width.max(height) > MAX_SIDE {
        return Err(RunError::Usage(format!(
            "--size {} at scale {} is {width}x{height} pixels, more than {MAX_SIDE} on a side",
            args.size,
            scaling.device(1.0)
        )));
    }
    // The glyph cache warms up on another thread while SDL opens the window on this one.
    let shown = session.shown(0.0);
    let warm = FrameInput::headless(0, width, height).at_scale(scaling.device(1.0));
    let (window, warmed) = std::thread::scope(|s| {
        let warming = s.spawn(|| painter.warm_up(&fonts, &warm, &shown));
        let window = display.window(width, height, !headless);
        let warmed = match warming.join() {
            Ok(warmed) => warmed.map_err(RunError::from),
            Err(_) => Err(RunError::WarmUpPanicked),
        };
        (window, warmed)
    });
    let mut window = window?;
    warmed?;
    let warm_list = painter.take_warm_up();
    let recorder = match &args.record {
        Some(path) => {
            let header = Header {
                threads: u32::try_from(threads).unwrap_or(u32::MAX),
                cpu_level: args.cpu_level.name().to_owned(),
                font_dirs: args.font_dirs.iter().map(|d| d.display().to_string()).collect(),
            };
            let warm = WarmUp { width: warm.width, height: warm.height, scale: warm.scale, list: warm_list };
            Some(Recorder::start(path, &header, warm)?)
        }
        None => None,
    };
    let (scaling, resize) = scaling.measure(&window);
    if resize {
        let (width, height) = scaling.window_size(args.size.width, args.size.height, 1.0);
        window.set_size(width, height).map_err(RunError::sdl("sizing the window to --scale"))?;
    }
    let fps_limit = match args.fps_limit {
        Some(n) => Some(n),
        None if headless => None,
        None => window.refresh_rate().or(Some(60)),
    };
    // A script ends the run one frame after its last line, unless --frames says otherwise.
    // A script without a line paints one frame.
    let frames = args.frames.or_else(|| player.as_ref().map(|p| p.last_frame().map_or(1, |last| last + 2)));
    tracing::info!(driver, threads, ?fps_limit, "goldberry starts");
    let setup = Setup {
        args,
        g,
        fonts: &fonts,
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
    };
    let Ran { mut window, session, records, first_frame_ms, failed, hud, flame, inspector, status_figures, recorder } =
        FrameLoop::new(setup).run()?;
    let recording = match recorder {
        Some(recorder) => recorder.finish()?,
        None => None,
    };

    if let Some(path) = &args.screenshot {
        match records.iter().all(|r| r.idle) {
            // An `expect` before the first frame leaves no pixels to show: the run still fails with it (exit 7).
            true if failed.is_some() => {
                let _ = writeln!(
                    std::io::stderr(),
                    "goldberry: no screenshot: no frame was painted before the script stopped"
                );
            }
            true => return Err(RunError::output(path, "no frame was painted")),
            false => write_window(&mut window, path)?,
        }
    }
    let mut summary = RunSummary::of(&records);
    if records.is_empty() {
        // `--frames 0` paints nothing; the line still says the window's size, not 0x0.
        (summary.width, summary.height) = window.size_in_pixels();
    }
    let last = records.iter().rev().find(|r| !r.idle).or(records.last());
    if let Some(path) = &args.report {
        let widgets = session.widgets();
        let report = Report {
            first_frame_ms: first_frame_ms.unwrap_or(0.0),
            size: logical_size(last).unwrap_or_else(|| args.size.to_string()),
            scale: last.map_or(1.0, |r| r.scale),
            width_px: last.map_or(0, |r| r.width),
            height_px: last.map_or(0, |r| r.height),
            threads,
            driver: driver.clone(),
            summary: summary.clone(),
            frames: records,
            screen: session.screen().name().to_owned(),
            xray: widgets.get(crate::screens::text::state::ids::XRAY).cloned().unwrap_or_default(),
            widgets,
            accessibility: crate::widgets::tree_json(session.screen().name(), &crate::access::nodes(&session)),
            fonts: {
                let (held, made, made_room) = fonts.font_counts();
                FontCounts { held, made, made_room }
            },
            hud,
            flame,
            inspector,
            status_figures,
            libraries: crate::shell::libraries::Libraries::of(g, natives_dir),
            recording,
        };
        report.write(path)?;
    }
    if args.report_rss {
        let _ = writeln!(std::io::stdout(), "rss at exit: {:.1} MiB", rss_mib().unwrap_or(0.0));
    }
    match failed {
        Some(e) => Err(e),
        None => Ok(summary.line()),
    }
}
