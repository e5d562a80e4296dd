//! `goldberry replay FILE`: draws a recording's frames again, offline and without SDL, through the same renderer
//! the run drew them with, and prints each frame's time beside the live one's. At the recording's threads and CPU
//! level a replayed frame is the live frame's pixels exactly (app/tests/recording.rs checks it): the renderer is
//! handed the same lists, in the same order, into a target that keeps its pixels as the window's surface did,
//! with the same cold frames (layers dropped, the HUD's layer rasterized ahead) and the same warm-up.

use std::io::Write as _;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{CommandFactory, FromArgMatches};
use goldberry_natives::Goldberry;
use goldberry_natives::blend2d::CpuLevel;

use crate::display_list::DisplayList;
use crate::fonts::FontBook;
use crate::raster::Renderer;
use crate::recording::{Painted, Recording, read};
use crate::shell::cli::RunError;
use crate::shell::report::Percentiles;
use crate::shell::screenshot::write_screenshot;
use crate::surface::{FrameBuffer, Pixels};

/// goldberry replay: draws a recording's frames again, offline, and prints each frame's time.
#[derive(Debug, Clone, clap::Parser)]
#[command(name = "goldberry replay", version, about)]
pub struct ReplayArgs {
    /// The recording (`goldberry --record FILE`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Raster threads (default: the recording's).
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<NonZeroUsize>,

    /// Blend2D's CPU level (default: the recording's); see `goldberry --help`.
    #[arg(long, value_name = "LEVEL", value_parser = cpu_level)]
    pub cpu_level: Option<CpuLevel>,

    /// Replay up to this frame (by its index in the run) and print it alone (the frames before are drawn too: a
    /// frame draws only what changed since them).
    #[arg(long, value_name = "K")]
    pub frame: Option<u64>,

    /// Write the last replayed frame as a PNG here (atomically).
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,

    /// The directory that holds libgoldberry.so.
    #[arg(long, env = "GOLDBERRY_NATIVES_DIR", value_name = "DIR")]
    pub natives_dir: Option<PathBuf>,
}

fn parse_threads(text: &str) -> Result<NonZeroUsize, String> {
    let max = crate::shell::cli::MAX_THREADS;
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| *n <= max)
        .and_then(NonZeroUsize::new)
        .ok_or_else(|| format!("the thread count must be a whole number from 1 to {max}, not `{text}`"))
}

fn cpu_level(text: &str) -> Result<CpuLevel, String> {
    CpuLevel::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = CpuLevel::ALL.into_iter().map(CpuLevel::name).collect();
        format!("unknown CPU level `{text}`: expected one of {}", names.join(", "))
    })
}

/// Parses `goldberry replay ...` (`args` without the program's name, `replay` first). `Ok(None)`: help or version
/// was printed.
pub fn parse<I, T>(args: I) -> Result<Option<ReplayArgs>, RunError>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let mut command = ReplayArgs::command();
    let parsed =
        command.try_get_matches_from_mut(args).and_then(|mut matches| ReplayArgs::from_arg_matches_mut(&mut matches));
    match parsed {
        Ok(args) => Ok(Some(args)),
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            let _ = std::io::stdout().write_all(e.to_string().as_bytes());
            Ok(None)
        }
        Err(e) => {
            let rendered = e.to_string();
            let first = rendered.lines().find(|l| !l.trim().is_empty()).unwrap_or("invalid arguments");
            Err(RunError::Usage(first.trim_start_matches("error: ").to_owned()))
        }
    }
}

/// One replayed frame's figures.
#[derive(Debug, Clone, Copy)]
struct Replayed {
    index: u64,
    time: Duration,
    live_raster: Duration,
    live_paint: Duration,
    damage_px: u64,
    same_bands: bool,
    same_damage: bool,
}

/// Replays the recording `args` names; returns the summary line (each frame's line is printed as it is drawn).
pub fn replay(args: &ReplayArgs) -> Result<String, RunError> {
    let name = args.file.display().to_string();
    let recording = read(&args.file).map_err(|e| RunError::Usage(e.to_string()))?;
    if let Some(cut) = &recording.cut {
        let _ = writeln!(std::io::stderr(), "goldberry: warning: {cut}");
    }
    let header = &recording.header;
    let g = Goldberry::load(args.natives_dir.as_deref())?;
    let level = match args.cpu_level {
        Some(level) => level,
        None => CpuLevel::from_name(&header.cpu_level).ok_or_else(|| {
            RunError::Usage(format!(
                "{name} was recorded at CPU level `{}`, which this goldberry lacks",
                header.cpu_level
            ))
        })?,
    };
    goldberry_natives::blend2d::pin_cpu_level(g, level).map_err(|e| RunError::Usage(e.to_string()))?;
    let dirs: Vec<PathBuf> = header.font_dirs.iter().map(PathBuf::from).collect();
    let fonts = if dirs.is_empty() { FontBook::load(g) } else { FontBook::load_from(g, &dirs) }
        .map_err(|e| RunError::Fonts(e.to_string()))?;
    let threads = args.threads.map_or(header.threads.max(1) as usize, NonZeroUsize::get);
    let last = last_frame(&recording, args.frame, &name)?;
    let mut renderer = Renderer::new(g, threads);
    if let Some(warm) = &recording.warm_up {
        renderer.warm_glyphs(&warm.list, &fonts, warm.scale).map_err(|e| frame_error(&name, "the warm-up", e))?;
        renderer.reserve_base(warm.width, warm.height);
    }
    let mut target: Option<FrameBuffer> = None;
    let mut replayed = Vec::new();
    let painted = recording.frames.iter().filter_map(|f| Some((f, f.painted.as_ref()?)));
    for (frame, p) in painted.take_while(|(f, _)| f.index <= last) {
        let fits = target.as_ref().is_some_and(|t| (t.width, t.height) == (p.width, p.height));
        if !fits {
            target = Some(FrameBuffer::new(p.width, p.height));
        }
        let Some(buffer) = target.as_mut() else { continue };
        let at = format!("frame {}", frame.index);
        let (time, damage) =
            draw(&mut renderer, &fonts, p, buffer, p.fresh || !fits).map_err(|e| frame_error(&name, &at, e))?;
        let r = Replayed {
            index: frame.index,
            time,
            live_raster: frame.timings.raster,
            live_paint: frame.timings.paint,
            damage_px: damage.iter().map(crate::geom::PixelRect::area).sum(),
            same_bands: renderer.band_edges() == p.bands.as_slice(),
            same_damage: damage == p.damage,
        };
        if args.frame.is_none_or(|k| k == frame.index) {
            let _ = writeln!(std::io::stdout(), "{}", frame_line(&r));
        }
        replayed.push(r);
    }
    if let (Some(path), Some(buffer)) = (&args.screenshot, &target) {
        write_screenshot(path, &buffer.pixels, buffer.width, buffer.height, buffer.stride())?;
    }
    Ok(summary(&name, &replayed, threads, level))
}

/// The frame the replay ends at: `--frame K` when K is a painted frame of the recording, else its last painted one.
fn last_frame(recording: &Recording, asked: Option<u64>, name: &str) -> Result<u64, RunError> {
    let painted: Vec<u64> = recording.frames.iter().filter(|f| f.painted.is_some()).map(|f| f.index).collect();
    let (Some(first), Some(last)) = (painted.first(), painted.last()) else {
        return Err(RunError::Usage(format!("{name} holds no painted frame")));
    };
    match asked {
        None => Ok(*last),
        Some(k) if painted.binary_search(&k).is_ok() => Ok(k),
        Some(k) => Err(RunError::Usage(format!(
            "frame {k} is not a painted frame of {name} (its painted frames are {first} to {last}, {} of them)",
            painted.len()
        ))),
    }
}

/// Draws one recorded frame as the live frame was drawn (see the module docs); returns its time and damage.
fn draw(
    renderer: &mut Renderer,
    fonts: &FontBook,
    p: &Painted,
    buffer: &mut FrameBuffer,
    fresh: bool,
) -> Result<(Duration, Vec<crate::geom::PixelRect>), crate::raster::RenderError> {
    let start = Instant::now();
    if p.cold {
        renderer.clear_layers();
        let hud = p.list.ops.get(p.hud.clone()).unwrap_or_default();
        let hud = DisplayList { ops: hud.to_vec(), ..DisplayList::default() };
        renderer.rasterize_layers_ahead(&hud, fonts, p.scale)?;
    }
    let pixels = if fresh { Pixels::Fresh } else { Pixels::Kept };
    let rendered = renderer.render(&p.list, fonts, buffer.canvas_at(p.scale), pixels)?;
    Ok((start.elapsed(), rendered.damage.rects().to_vec()))
}

fn frame_error(name: &str, at: &str, e: crate::raster::RenderError) -> RunError {
    RunError::Usage(format!("{name}: {at} cannot be drawn: {e}"))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// A frame's line: `frame K: replay X ms, live raster Y ms, live paint Z ms, damage N px`, and what differs.
fn frame_line(r: &Replayed) -> String {
    let mut line = format!(
        "frame {}: replay {:.3} ms, live raster {:.3} ms, live paint {:.3} ms, damage {} px",
        r.index,
        ms(r.time),
        ms(r.live_raster),
        ms(r.live_paint),
        r.damage_px
    );
    if !r.same_damage {
        line.push_str(", damage differs from the live frame's");
    }
    if !r.same_bands {
        line.push_str(", band plan differs from the live frame's");
    }
    line
}

/// The summary: frames replayed, the replay's p50 beside the live raster's and paint's (settled frames: every one
/// but the first, as the run's summary leaves cold frames out), and how many plans matched.
fn summary(name: &str, replayed: &[Replayed], threads: usize, level: CpuLevel) -> String {
    let settled = if replayed.len() > 1 { &replayed[1..] } else { replayed };
    let p50 = |f: fn(&Replayed) -> Duration| Percentiles::of(settled.iter().map(|r| ms(f(r)))).p50;
    let same_bands = replayed.iter().filter(|r| r.same_bands).count();
    let same_damage = replayed.iter().filter(|r| r.same_damage).count();
    format!(
        "replayed {} frames of {name} at {threads} threads, CPU level {level}: replay p50 {:.3} ms, live raster p50 \
         {:.3} ms, live paint p50 {:.3} ms; {same_damage} damages and {same_bands} band plans as recorded",
        replayed.len(),
        p50(|r| r.time),
        p50(|r| r.live_raster),
        p50(|r| r.live_paint),
    )
}
