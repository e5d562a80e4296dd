//! The command line: every flag, its environment fallback, and the run's errors with their exit codes.
//!
//! Exit codes, one per class of failure (scripts and app/tests/bad_input.rs rely on them):
//!
//! | code | class |
//! | ---- | ----- |
//! | 0 | success (also `--help`, `--version`) |
//! | 1 | any other failure (a native call failed mid-run, a scene error) |
//! | 2 | bad arguments: an unknown flag, `--size abc`, `--size 0x0`, `--size 100000x100000`, `--frames -1`, `--scale 0`, `--threads 0`, `--style` without `--doc`, a `--cpu-level` this CPU lacks; a `--doc` document that cannot be read or names an unknown widget or property; a recording `goldberry replay` cannot read (missing, not one, another version, corrupt) or a `--frame` it lacks |
//! | 3 | the natives cannot be loaded: missing `--natives-dir`, a corrupt or ABI-mismatched libgoldberry, no SDL2 |
//! | 4 | no display, or the video driver is unknown or failed to start |
//! | 5 | a font is missing or unreadable |
//! | 6 | an output file (screenshot, report, trace, recording) cannot be written |
//! | 7 | a script's `expect` line found the widget otherwise |
//!
//! Every failure is printed as one line, `goldberry: <cause>`, on stderr; an error in a document a person wrote
//! is printed as compilers print theirs, `FILE:LINE:COL: message`, so an editor can jump to it.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::{CommandFactory, FromArgMatches};
use goldberry_natives::blend2d::CpuLevel;

use crate::screens::ScreenId;

/// The largest width or height accepted, in pixels (Blend2D's beta refuses larger images anyway).
pub const MAX_SIDE: u32 = 16384;

/// The most raster threads `--threads` takes: far more bands than a frame has use for, and few enough that the band
/// queue and the pool stay within a thread's stack (20,000 overflowed it).
pub const MAX_THREADS: usize = 256;

/// The command that runs the showcase without a display, quoted in the "no display" error.
pub const HEADLESS_COMMAND: &str = "goldberry --frames=60 --video-driver=dummy";

/// goldberry: a UI-like scene laid out by Yoga, shaped by HarfBuzz, painted by Blend2D, presented by SDL2.
#[derive(Debug, Clone, clap::Parser)]
#[command(name = "goldberry", version, about)]
pub struct Args {
    /// Paint N frames and exit (default: run until the window closes).
    #[arg(long, env = "GOLDBERRY_FRAMES", value_name = "N", allow_negative_numbers = true, value_parser = parse_frames)]
    pub frames: Option<u64>,

    /// Window size in logical units, WxH (each side 1 to 16384 at the frame's scale).
    #[arg(long, env = "GOLDBERRY_SIZE", value_name = "WxH", default_value = "960x640")]
    pub size: Size,

    /// Device pixels per logical unit, 0.5 to 4 (e.g. 1, 1.25, 1.5, 2, 3); wins over the platform's scale.
    #[arg(long, env = "GOLDBERRY_SCALE", value_name = "FACTOR", allow_negative_numbers = true)]
    pub scale: Option<Scale>,

    /// SDL video driver (e.g. `dummy` for headless runs); falls back to SDL_VIDEODRIVER.
    #[arg(long, env = "SDL_VIDEODRIVER", value_name = "NAME")]
    pub video_driver: Option<String>,

    /// Raster threads, 1 to 256: the frame is split into this many horizontal bands (default: the number of cores).
    #[arg(long, env = "GOLDBERRY_THREADS", value_name = "N", allow_negative_numbers = true, value_parser = parse_threads)]
    pub threads: Option<NonZeroUsize>,

    /// Write the last frame as a PNG here (atomically).
    #[arg(long, env = "GOLDBERRY_SCREENSHOT", value_name = "PATH")]
    pub screenshot: Option<PathBuf>,

    /// Write every frame's phase timings and the summary as JSON here (atomically).
    #[arg(long, env = "GOLDBERRY_REPORT", value_name = "PATH")]
    pub report: Option<PathBuf>,

    /// Record every frame (its display list, band plan, damage, input events and timings) into this file, written
    /// as FILE.part until the run ends; `goldberry replay FILE` draws the frames again (see the book's
    /// "Record and replay").
    #[arg(long, env = "GOLDBERRY_RECORD", value_name = "FILE")]
    pub record: Option<PathBuf>,

    /// Write a Chrome trace (open it in chrome://tracing or Perfetto) here.
    #[arg(long, env = "GOLDBERRY_TRACE", value_name = "PATH")]
    pub trace: Option<PathBuf>,

    /// The directory that holds libgoldberry.so.
    #[arg(long, env = "GOLDBERRY_NATIVES_DIR", value_name = "DIR")]
    pub natives_dir: Option<PathBuf>,

    /// Search only these directories for fonts (repeatable; default: the system's font directories).
    #[arg(long = "font-dir", env = "GOLDBERRY_FONT_DIRS", value_name = "DIR", value_delimiter = ':')]
    pub font_dirs: Vec<PathBuf>,

    /// Start with the HUD hidden (F1 toggles it).
    #[arg(long)]
    pub no_hud: bool,

    /// Log filter for tracing, e.g. `info` or `goldberry=debug` (RUST_LOG too).
    #[arg(long, env = "RUST_LOG", value_name = "LEVEL", default_value = "warn")]
    pub log: String,

    /// Frames per second to pace to; 0 = unpaced (default: the display's refresh rate, unpaced headless).
    #[arg(long, env = "GOLDBERRY_FPS_LIMIT", value_name = "N", allow_negative_numbers = true, value_parser = parse_fps_limit)]
    pub fps_limit: Option<u32>,

    /// The screen shown at start (default: overview, or the document with --doc; `document` needs --doc).
    #[arg(long, env = "GOLDBERRY_SCREEN", value_name = "NAME", value_parser = screen_names())]
    pub screen: Option<&'static str>,

    /// Push the timed input events of this script onto SDL's queue as the frames go (see the book's "Scripted
    /// input"); without --frames the run ends one frame after the script's last line.
    #[arg(long, env = "GOLDBERRY_SCRIPT", value_name = "PATH")]
    pub script: Option<PathBuf>,

    /// Compile Blend2D's pipelines for one x86 feature level only: sse2 (every x86-64 CPU's), sse3, ssse3, sse4.1,
    /// sse4.2, avx, avx2, avx512, or native (this CPU's own, the default). Each context then compiles its own pipelines, so
    /// frames are slower; a level this CPU lacks is refused. For comparing pictures across CPUs.
    #[arg(long, env = "GOLDBERRY_CPU_LEVEL", value_name = "LEVEL", default_value = "native", value_parser = cpu_level_names())]
    pub cpu_level: CpuLevel,

    /// Show this KDL document as a screen of its own, `document`, after the built-in ones, and start on it unless
    /// --screen says otherwise (see the book's "Write your own screen").
    #[arg(long, env = "GOLDBERRY_DOC", value_name = "FILE.kdl")]
    pub doc: Option<PathBuf>,

    /// Colour the --doc document with this stylesheet (a CSS subset); a declaration that cannot be used is skipped
    /// with a warning.
    #[arg(long, env = "GOLDBERRY_STYLE", value_name = "FILE.css", requires = "doc")]
    pub style: Option<PathBuf>,

    /// Print the process's resident set size at frames 1,000 and 10,000, with --script once script events (lines)
    /// 2,000 and 20,000 are handled, and at the end (soak runs).
    #[arg(long)]
    pub report_rss: bool,
}

impl Args {
    /// The raster thread count: `--threads`, or the number of cores.
    pub fn thread_count(&self) -> usize {
        self.threads
            .map(NonZeroUsize::get)
            .unwrap_or_else(|| std::thread::available_parallelism().map(NonZeroUsize::get).unwrap_or(1))
    }

    /// Whether the run is headless: the `dummy` (or `offscreen`) video driver.
    pub fn headless(&self) -> bool {
        matches!(self.video_driver.as_deref(), Some("dummy") | Some("offscreen"))
    }
}

/// `--frames N`: a whole number of frames, 0 or more (a negative count gets its own message rather than clap's
/// "unexpected argument").
fn parse_frames(text: &str) -> Result<u64, String> {
    text.trim().parse::<u64>().map_err(|_| format!("the frame count must be a whole number, 0 or more, not `{text}`"))
}

/// `--threads N`: a whole number from 1 to [`MAX_THREADS`] (a zero, a negative or a huge count gets a message that
/// says the range, rather than clap's "unexpected argument" or a stack overflow).
fn parse_threads(text: &str) -> Result<NonZeroUsize, String> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| *n <= MAX_THREADS)
        .and_then(NonZeroUsize::new)
        .ok_or_else(|| format!("the thread count must be a whole number from 1 to {MAX_THREADS}, not `{text}`"))
}

/// `--fps-limit N`: a whole number, 0 (unpaced) or more.
fn parse_fps_limit(text: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .map_err(|_| format!("the frame rate must be a whole number, 0 (unpaced) or more, not `{text}`"))
}

/// A window size in pixels, parsed from `WxH`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Size {
    type Err = String;

    fn from_str(s: &str) -> Result<Size, String> {
        let (w, h) = s.split_once(['x', 'X']).ok_or_else(|| format!("expected WxH, e.g. 960x640, not `{s}`"))?;
        let side = |text: &str, name: &str| -> Result<u32, String> {
            let value: u64 = text.trim().parse().map_err(|_| format!("the {name} `{text}` is not a whole number"))?;
            if value == 0 || value > u64::from(MAX_SIDE) {
                return Err(format!("the {name} must be 1 to {MAX_SIDE} pixels, not {value}"));
            }
            Ok(value as u32)
        };
        Ok(Size { width: side(w, "width")?, height: side(h, "height")? })
    }
}

/// `--scale`: device pixels per logical unit, a finite number from [`Scale::MIN`] to [`Scale::MAX`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale(f32);

impl Scale {
    /// The smallest scale accepted.
    pub const MIN: f32 = 0.5;
    /// The largest scale accepted: a 4K frame at 4x is already 15360 pixels wide.
    pub const MAX: f32 = 4.0;

    /// The factor.
    pub fn get(self) -> f32 {
        self.0
    }
}

impl FromStr for Scale {
    type Err = String;

    fn from_str(s: &str) -> Result<Scale, String> {
        let text = s.trim().trim_end_matches(['x', 'X']);
        match text.parse::<f32>() {
            Ok(v) if (Scale::MIN..=Scale::MAX).contains(&v) => Ok(Scale(v)),
            _ => Err(format!("the scale must be a number from {} to {}, e.g. 1.5, not `{s}`", Scale::MIN, Scale::MAX)),
        }
    }
}

/// Why a run failed; each variant is one class with its own exit code (see the module docs).
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The command line was wrong (exit 2).
    #[error("{0}")]
    Usage(String),
    /// libgoldberry or SDL2 could not be loaded (exit 3).
    #[error(transparent)]
    Natives(#[from] goldberry_natives::LoadError),
    /// No display, or the video driver could not start (exit 4).
    #[error("{0}")]
    Display(String),
    /// A font is missing (exit 5).
    #[error("{0}")]
    Fonts(String),
    /// An output file cannot be written (exit 6).
    #[error("cannot write {}: {reason}", path.display())]
    Output { path: PathBuf, reason: String },
    /// A frame could not be painted (exit 1).
    #[error(transparent)]
    Frame(#[from] crate::frame::FrameError),
    /// SDL refused a call while presenting or playing a script (exit 1).
    #[error("{context}: {source}")]
    Sdl {
        /// What the run was doing.
        context: String,
        /// What SDL said.
        source: goldberry_natives::NativeError,
    },
    /// A script line that names a widget cannot be played: none of that name on the screen shown, several and
    /// no number to pick one, not in view, no value of that kind (exit 2). The message begins at the line's place.
    #[error("{0}")]
    Script(String),
    /// A script's `expect` line found the widget otherwise (exit 7). The message begins at the line's place.
    #[error("{0}")]
    Expectation(String),
    /// A `--doc` document or a `--script` cannot be read, or says what the kit does not have (exit 2); printed as
    /// it is.
    #[error(transparent)]
    Document(#[from] crate::located::Located),
    /// What a script's line asked failed at its place (`FILE:LINE:COL`): a screenshot it names cannot be written.
    /// The exit code is the failure's own.
    #[error("{at}: {error}")]
    Line {
        /// The line's place.
        at: String,
        /// What failed.
        error: Box<RunError>,
    },
    /// The thread warming the glyph cache up while the window opened panicked (exit 1).
    #[error("the warm-up thread panicked")]
    WarmUpPanicked,
}

impl RunError {
    /// The process exit code of this class of failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            RunError::Frame(_) | RunError::Sdl { .. } | RunError::WarmUpPanicked => 1,
            RunError::Usage(_) | RunError::Script(_) | RunError::Document(_) => 2,
            RunError::Expectation(_) => 7,
            RunError::Natives(_) => 3,
            RunError::Display(_) => 4,
            RunError::Fonts(_) => 5,
            RunError::Output { .. } => 6,
            RunError::Line { error, .. } => error.exit_code(),
        }
    }

    /// This error, said at a script line's place.
    pub fn at_line(self, at: &str) -> RunError {
        RunError::Line { at: at.to_owned(), error: Box::new(self) }
    }

    /// An output error for `path`.
    pub fn output(path: &Path, reason: impl std::fmt::Display) -> RunError {
        RunError::Output { path: path.to_owned(), reason: reason.to_string() }
    }

    /// An SDL failure while doing `context`.
    pub fn sdl(context: impl Into<String>) -> impl FnOnce(goldberry_natives::NativeError) -> RunError {
        let context = context.into();
        move |source| RunError::Sdl { context, source }
    }

    /// The line printed on stderr: `goldberry: ` and the cause, or a document's `FILE:LINE:COL: message` alone.
    pub fn printed(&self) -> String {
        match self {
            RunError::Document(e) => e.to_string().replace('\n', " "),
            // A script's line is said at its place, as a document's is.
            RunError::Script(_) | RunError::Expectation(_) | RunError::Line { .. } => self.one_line(),
            _ => format!("goldberry: {}", self.one_line()),
        }
    }

    /// The error as one line: a multi-line cause (the loader's list of paths tried) is joined with "; ".
    pub fn one_line(&self) -> String {
        let text = self.to_string();
        text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ")
    }
}

/// Parses the command line, each flag falling back to its environment variable. `Ok(None)` means help or version
/// was printed and the process should exit 0.
pub fn parse<I, T>(args: I) -> Result<Option<Args>, RunError>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    parse_with(args, Environment::Read)
}

/// Parses the command line as [`parse`] does, but without the environment fallbacks: the flags alone decide, so
/// the result is the same whatever `GOLDBERRY_*` variables the process has.
pub fn parse_ignoring_environment<I, T>(args: I) -> Result<Option<Args>, RunError>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    parse_with(args, Environment::Ignored)
}

/// Whether a parse reads the flags' environment fallbacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Environment {
    Read,
    Ignored,
}

fn parse_with<I, T>(args: I, environment: Environment) -> Result<Option<Args>, RunError>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    let mut command = Args::command();
    if environment == Environment::Ignored {
        // clap reads an argument's variable when the argument is declared; taking the name away drops the value.
        command = command.mut_args(|arg| arg.env(None));
    }
    let parsed = command
        .try_get_matches_from_mut(args.iter().cloned())
        .and_then(|mut matches| Args::from_arg_matches_mut(&mut matches))
        .map_err(|e| e.format(&mut command));
    match parsed {
        Ok(args) => Ok(Some(args)),
        Err(e) => match e.kind() {
            clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                let mut text = e.to_string();
                if e.kind() == clap::error::ErrorKind::DisplayVersion {
                    text.push_str(&native_versions(&args, environment));
                }
                // `goldberry --help | head -1`: a closed stdout loses the rest, and is no failure.
                let _ = std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes());
                Ok(None)
            }
            _ => {
                let rendered = e.to_string();
                let first = rendered.lines().find(|l| !l.trim().is_empty()).unwrap_or("invalid arguments");
                let mut line = first.trim_start_matches("error: ").to_owned();
                // A flag that needs another (`--style` without `--doc`) lists what is missing on the lines after.
                if e.kind() == clap::error::ErrorKind::MissingRequiredArgument {
                    let missing: Vec<&str> = rendered
                        .lines()
                        .skip_while(|l| l.trim().is_empty())
                        .skip(1)
                        .take_while(|l| !l.trim().is_empty())
                        .map(str::trim)
                        .collect();
                    line = format!("{} {}", line.trim_end(), missing.join(", "));
                }
                // A value outside a list (a screen's name) says the list on the same line.
                if let Some(clap::error::ContextValue::Strings(valid)) = e.get(clap::error::ContextKind::ValidValue) {
                    line.push_str(&format!(": expected one of {}", valid.join(", ")));
                }
                Err(RunError::Usage(line))
            }
        },
    }
}

/// `--version`'s lines after the program's: each native library's version as the loaded library reports it,
/// libgoldberry and SDL found as a run finds them (`--natives-dir` or `GOLDBERRY_NATIVES_DIR` first); a library
/// that cannot load is one line naming why.
fn native_versions(args: &[std::ffi::OsString], environment: Environment) -> String {
    let flag = args.iter().enumerate().find_map(|(i, arg)| {
        let arg = arg.to_str()?;
        match arg.strip_prefix("--natives-dir") {
            Some("") => args.get(i + 1).map(PathBuf::from),
            Some(rest) => rest.strip_prefix('=').map(PathBuf::from),
            None => None,
        }
    });
    let from_env = || match environment {
        Environment::Read => std::env::var_os("GOLDBERRY_NATIVES_DIR").filter(|v| !v.is_empty()).map(PathBuf::from),
        Environment::Ignored => None,
    };
    let dir = flag.or_else(from_env);
    match goldberry_natives::Goldberry::load(dir.as_deref()) {
        Ok(g) => crate::shell::libraries::Libraries::of(g, dir.as_deref()).lines(),
        Err(error) => {
            format!("libgoldberry: not loaded: {}\n", error.to_string().lines().collect::<Vec<_>>().join("; "))
        }
    }
}

/// `--screen`'s parser: the names come from the list of screens, so `--help` offers exactly what is accepted.
fn screen_names() -> impl clap::builder::TypedValueParser<Value = &'static str> {
    use clap::builder::TypedValueParser;
    // The built-in screens, then the document's, which is a screen once `--doc` has loaded one (the report and
    // the tab name it so, and a script's `screen document` takes it).
    let names: Vec<&'static str> =
        ScreenId::all().map(ScreenId::name).chain([crate::screens::document::NAME]).collect();
    let known = names.clone();
    // The possible values admit only names of the list, so the look-up always finds one.
    clap::builder::PossibleValuesParser::new(names)
        .map(move |name| known.iter().copied().find(|n| *n == name).unwrap_or("overview"))
}

/// `--cpu-level`'s names ([`CpuLevel::name`]).
fn cpu_level_names() -> impl clap::builder::TypedValueParser<Value = CpuLevel> {
    use clap::builder::TypedValueParser;
    let names: Vec<&'static str> = CpuLevel::ALL.into_iter().map(CpuLevel::name).collect();
    // The possible values admit only names of the list, so the look-up always finds one.
    clap::builder::PossibleValuesParser::new(names).map(|name| CpuLevel::from_name(&name).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_reject_bad_sides() {
        assert_eq!("960x640".parse::<Size>(), Ok(Size { width: 960, height: 640 }));
        assert!("0x0".parse::<Size>().unwrap_err().contains("1 to 16384"));
        assert!("100000x100000".parse::<Size>().unwrap_err().contains("not 100000"));
        assert!("abc".parse::<Size>().unwrap_err().contains("WxH"));
        assert!("12xz".parse::<Size>().unwrap_err().contains("not a whole number"));
    }

    #[test]
    fn scales_parse_and_reject_zero_negative_nan_and_huge() {
        assert_eq!("1.5".parse::<Scale>().map(Scale::get), Ok(1.5));
        assert_eq!("2x".parse::<Scale>().map(Scale::get), Ok(2.0));
        for bad in ["0", "-1", "NaN", "inf", "100", "two", ""] {
            assert!(bad.parse::<Scale>().is_err(), "{bad}");
        }
        let e = parse_ignoring_environment(["goldberry", "--scale", "NaN"]).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.one_line().contains("--scale"), "{}", e.one_line());
    }

    #[test]
    fn usage_errors_are_one_line() {
        let e = parse_ignoring_environment(["goldberry", "--frames", "-1"]).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(!e.one_line().contains('\n'), "{}", e.one_line());
        let e = parse_ignoring_environment(["goldberry", "--size", "0x0"]).unwrap_err();
        assert!(e.one_line().contains("--size"), "{}", e.one_line());
    }

    #[test]
    fn thread_counts_and_frame_rates_say_their_range() {
        for bad in ["0", "-1", "abc", "257", "100000"] {
            let e = parse_ignoring_environment(["goldberry", "--threads", bad]).unwrap_err();
            assert_eq!(e.exit_code(), 2);
            let line = e.one_line();
            assert!(line.contains("the thread count must be a whole number from 1 to 256"), "{line}");
            assert!(line.contains(&format!("not `{bad}`")), "{line}");
        }
        let args = parse_ignoring_environment(["goldberry", "--threads", "256"]).unwrap().unwrap();
        assert_eq!(args.thread_count(), MAX_THREADS);
        let e = parse_ignoring_environment(["goldberry", "--fps-limit", "-1"]).unwrap_err();
        assert!(
            e.one_line().contains("the frame rate must be a whole number, 0 (unpaced) or more"),
            "{}",
            e.one_line()
        );
        let args = parse_ignoring_environment(["goldberry", "--fps-limit", "0"]).unwrap().unwrap();
        assert_eq!(args.fps_limit, Some(0));
    }

    #[test]
    fn a_flag_that_needs_another_names_it() {
        let e = parse_ignoring_environment(["goldberry", "--style", "x.css"]).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        let line = e.one_line();
        assert!(line.contains("required arguments were not provided: --doc <FILE.kdl>"), "{line}");
    }

    #[test]
    fn defaults() {
        // Without the environment: a GOLDBERRY_SIZE or SDL_VIDEODRIVER in the shell running the tests must not count.
        let args = parse_ignoring_environment(["goldberry"]).unwrap().unwrap();
        assert_eq!(args.size, Size { width: 960, height: 640 });
        assert_eq!((args.frames, args.threads, args.video_driver.as_deref()), (None, None, None));
        assert_eq!(args.log, "warn");
        assert_eq!((args.screen, args.script.as_deref()), (None, None));
        assert!(args.thread_count() >= 1);
        let args = parse_ignoring_environment(["goldberry", "--threads=2", "--video-driver=dummy", "--frames=3"])
            .unwrap()
            .unwrap();
        assert_eq!(args.thread_count(), 2);
        assert!(args.headless());
        assert_eq!(args.frames, Some(3));
    }
}
