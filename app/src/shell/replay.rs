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
use crate::geom::PixelRect;
use crate::raster::Renderer;
use crate::recording::align::{self, Step};
use crate::recording::{Painted, Recording, read};
use crate::shell::cli::RunError;
use crate::shell::report::Percentiles;
use crate::shell::screenshot::write_screenshot;
use crate::surface::{FrameBuffer, Pixels};

/// goldberry replay: draws a recording's frames again, offline, and prints each frame's time.
#[derive(Debug, Clone, clap::Parser)]
#[command(name = "goldberry replay", bin_name = "goldberry replay", version)]
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

    /// Draw each frame again, whole, with this renderer too and print its time and how many pixels differ beside
    /// Blend2D's: `vello_cpu` (in a build with the cargo feature `vello`).
    #[arg(long, value_name = "RENDERER", value_parser = ["vello_cpu"])]
    pub against: Option<String>,

    /// Compare with this recording frame by frame (the painted frames aligned as a diff aligns lines): the ops
    /// added, removed and changed, and the pixels that differ, each replayed as above.
    #[arg(long, value_name = "OTHER")]
    pub diff: Option<PathBuf>,

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
            // One line: a missing argument's name is on the lines after clap's first, so they are joined to it.
            let rendered = e.to_string();
            let mut lines = rendered.lines().map(str::trim).filter(|l| !l.is_empty());
            let first = lines.next().unwrap_or("invalid arguments").trim_start_matches("error: ");
            let mut line = first.to_owned();
            if e.kind() == clap::error::ErrorKind::MissingRequiredArgument {
                let missing: Vec<&str> = lines.take_while(|l| !l.starts_with("Usage:")).collect();
                line = format!("{} {}", line.trim_end(), missing.join(", "));
            }
            Err(RunError::Usage(line))
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

/// A recording being drawn again: its renderer, fonts and target (see the module docs).
struct Player {
    renderer: Renderer,
    fonts: FontBook,
    target: Option<FrameBuffer>,
    name: String,
}

impl Player {
    /// A player of `recording` (named `name`) at `threads`, its glyph cache warmed as the run's was.
    fn new(g: &'static Goldberry, recording: &Recording, name: &str, threads: usize) -> Result<Player, RunError> {
        let dirs: Vec<PathBuf> = recording.header.font_dirs.iter().map(PathBuf::from).collect();
        let fonts = if dirs.is_empty() { FontBook::load(g) } else { FontBook::load_from(g, &dirs) }
            .map_err(|e| RunError::Fonts(e.to_string()))?;
        let mut renderer = Renderer::new(g, threads);
        if let Some(warm) = &recording.warm_up {
            renderer.warm_glyphs(&warm.list, &fonts, warm.scale).map_err(|e| frame_error(name, "the warm-up", e))?;
            renderer.reserve_base(warm.width, warm.height);
        }
        Ok(Player { renderer, fonts, target: None, name: name.to_owned() })
    }

    /// Draws the painted frame `index` as the live frame was drawn; returns its time and damage.
    fn draw(&mut self, index: u64, p: &Painted) -> Result<(Duration, Vec<PixelRect>), RunError> {
        let fits = self.target.as_ref().is_some_and(|t| (t.width, t.height) == (p.width, p.height));
        if !fits {
            self.target = Some(FrameBuffer::new(p.width, p.height));
        }
        let fresh = p.fresh || !fits;
        let (renderer, fonts) = (&mut self.renderer, &self.fonts);
        let buffer = self.target.get_or_insert_with(|| FrameBuffer::new(p.width, p.height));
        draw(renderer, fonts, p, buffer, fresh).map_err(|e| frame_error(&self.name, &format!("frame {index}"), e))
    }
}

/// Replays the recording `args` names (or compares it with `--diff`'s); returns the summary line (each frame's
/// line is printed as it is drawn).
pub fn replay(args: &ReplayArgs) -> Result<String, RunError> {
    let name = args.file.display().to_string();
    let recording = open(&args.file)?;
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
    let threads = args.threads.map_or(header.threads.max(1) as usize, NonZeroUsize::get);
    if let Some(other) = &args.diff {
        return diff(g, (&recording, &name), other, threads);
    }
    let last = last_frame(&recording, args.frame, &name)?;
    let mut player = Player::new(g, &recording, &name, threads)?;
    let mut peer = match &args.against {
        Some(_) => Some(Peer::new(&player.fonts)?),
        None => None,
    };
    let mut peer_ms = Vec::new();
    let mut replayed = Vec::new();
    let painted = recording.frames.iter().filter_map(|f| Some((f, f.painted.as_ref()?)));
    for (frame, p) in painted.take_while(|(f, _)| f.index <= last) {
        let (time, damage) = player.draw(frame.index, p)?;
        let r = Replayed {
            index: frame.index,
            time,
            live_raster: frame.timings.raster,
            live_paint: frame.timings.paint,
            damage_px: damage.iter().map(PixelRect::area).sum(),
            same_bands: player.renderer.band_edges() == p.bands.as_slice(),
            same_damage: damage == p.damage,
        };
        let mut line = frame_line(&r);
        if let (Some(peer), Some(buffer)) = (peer.as_mut(), player.target.as_ref()) {
            let (ms, said) = peer.draw(p, &player.fonts, buffer);
            peer_ms.push(ms);
            line.push_str(&said);
        }
        if args.frame.is_none_or(|k| k == frame.index) {
            let _ = writeln!(std::io::stdout(), "{line}");
        }
        replayed.push(r);
    }
    if let (Some(path), Some(buffer)) = (&args.screenshot, &player.target) {
        write_screenshot(path, &buffer.pixels, buffer.width, buffer.height, buffer.stride())?;
    }
    let mut line = summary(&name, &replayed, threads, level);
    if let Some(renderer) = &args.against {
        let settled = if peer_ms.len() > 1 { &peer_ms[1..] } else { &peer_ms[..] };
        line.push_str(&format!("; {renderer} p50 {:.3} ms", Percentiles::of(settled.iter().copied()).p50));
    }
    Ok(line)
}

/// The renderer `--against` names, drawing each replayed frame again.
#[cfg(feature = "vello")]
struct Peer(crate::shell::against_vello::Vello);

#[cfg(feature = "vello")]
impl Peer {
    fn new(fonts: &FontBook) -> Result<Peer, RunError> {
        crate::shell::against_vello::Vello::new(fonts).map(Peer).map_err(RunError::Fonts)
    }

    /// Draws the frame `p` whole; returns its time (ms) and what its line adds.
    fn draw(&mut self, p: &Painted, fonts: &FontBook, ours: &FrameBuffer) -> (f64, String) {
        let against = self.0.draw(&p.list, fonts, (p.width, p.height, p.scale), (&ours.pixels, ours.stride()));
        let ms = ms(against.time);
        let visible = crate::shell::against_vello::VISIBLE_LEVELS;
        (
            ms,
            format!(
                "; vello_cpu {ms:.3} ms, {} pixels differ ({} by more than {visible} levels)",
                against.differ, against.visibly
            ),
        )
    }
}

/// Without the cargo feature `vello` there is no renderer to replay against: asking for one says how to build it.
#[cfg(not(feature = "vello"))]
enum Peer {}

#[cfg(not(feature = "vello"))]
impl Peer {
    fn new(_: &FontBook) -> Result<Peer, RunError> {
        Err(RunError::Usage(
            "this goldberry was built without vello_cpu: build it with `cargo build --release -p goldberry --features vello`"
                .to_owned(),
        ))
    }

    fn draw(&mut self, _: &Painted, _: &FontBook, _: &FrameBuffer) -> (f64, String) {
        match *self {}
    }
}

/// Reads a recording, saying on stderr where a file cut short stopped (exit 2 when it cannot be read).
fn open(path: &std::path::Path) -> Result<Recording, RunError> {
    let recording = read(path).map_err(|e| RunError::Usage(e.to_string()))?;
    if let Some(cut) = &recording.cut {
        let _ = writeln!(std::io::stderr(), "goldberry: warning: {cut}");
    }
    Ok(recording)
}

/// `--diff OTHER`: both recordings replayed side by side, their painted frames aligned
/// ([`crate::recording::align`]): frames that draw the same ops are matched as a diff matches lines, the frames
/// between two matches are paired in order, and a frame one run painted and the other did not stands alone. Each
/// pair's line says the ops added, removed and changed (by kind: an op of a kind both lack elsewhere counts as
/// changed) and the pixels that differ; a lone frame's line says whose it is.
fn diff(
    g: &'static Goldberry,
    (a, a_name): (&Recording, &str),
    other: &std::path::Path,
    threads: usize,
) -> Result<String, RunError> {
    let b_name = other.display().to_string();
    let b = open(other)?;
    let mut players = (Player::new(g, a, a_name, threads)?, Player::new(g, &b, &b_name, threads)?);
    let painted = |r: &Recording| -> Vec<(u64, Painted)> {
        r.frames.iter().filter_map(|f| Some((f.index, f.painted.clone()?))).collect()
    };
    let (a_frames, b_frames) = (painted(a), painted(&b));
    // Each op's print, made once: the frames' signatures and each pair's op changes both read them.
    let (a_prints, b_prints) = (prints(&a_frames), prints(&b_frames));
    let aligned = align::align(&signatures(&a_frames, &a_prints), &signatures(&b_frames, &b_prints));
    if !aligned.matched {
        let _ = writeln!(
            std::io::stderr(),
            "goldberry: warning: {} and {} differ in too many frames to align; their middles are paired in order",
            a_name,
            b_name
        );
    }
    let (mut pairs, mut op_frames, mut pixel_frames, mut lone) = (0, 0, 0, (0, 0));
    let mut out = std::io::stdout().lock();
    for step in aligned.steps {
        let (x, y) = match step {
            Step::OnlyA(x) => {
                let (ia, pa) = &a_frames[x];
                players.0.draw(*ia, pa)?;
                lone.0 += 1;
                let _ = writeln!(out, "frame {ia}: only in {a_name}, {} ops", pa.list.ops.len());
                continue;
            }
            Step::OnlyB(y) => {
                let (ib, pb) = &b_frames[y];
                players.1.draw(*ib, pb)?;
                lone.1 += 1;
                let _ = writeln!(out, "frame {ib}: only in {b_name}, {} ops", pb.list.ops.len());
                continue;
            }
            Step::Both { a, b, .. } => (a, b),
        };
        let ((ia, pa), (ib, pb)) = (&a_frames[x], &b_frames[y]);
        pairs += 1;
        players.0.draw(*ia, pa)?;
        players.1.draw(*ib, pb)?;
        let ops = op_changes(&a_prints[x], &b_prints[y]);
        let pixels = match (&players.0.target, &players.1.target) {
            (Some(x), Some(y)) if (x.width, x.height) == (y.width, y.height) => {
                Some(pixel_changes(&x.pixels, &y.pixels))
            }
            _ => None,
        };
        op_frames += usize::from(ops != (0, 0, 0));
        pixel_frames += usize::from(pixels.is_none_or(|(n, _)| n > 0));
        let pixels = match pixels {
            Some((n, max)) => format!("{n} pixels differ (by at most {max} a channel)"),
            None => format!("sizes differ ({}x{} and {}x{})", pa.width, pa.height, pb.width, pb.height),
        };
        let (added, removed, changed) = ops;
        let at = if ia == ib { format!("frame {ia}") } else { format!("frames {ia} and {ib}") };
        let _ = writeln!(out, "{at}: ops +{added} -{removed} ~{changed}, {pixels}");
    }
    Ok(format!(
        "compared {pairs} pairs of painted frames of {a_name} ({}) and {b_name} ({}), {} only in the first and {} \
         only in the second: {op_frames} with other ops, {pixel_frames} with other pixels",
        a_frames.len(),
        b_frames.len(),
        lone.0,
        lone.1
    ))
}

/// Each painted frame's ops' prints, in order ([`crate::recording::ops::op_print`]: two ops of equal prints draw
/// the same).
fn prints(frames: &[(u64, Painted)]) -> Vec<Vec<(u8, u64)>> {
    frames.iter().map(|(_, p)| p.list.ops.iter().map(crate::recording::ops::op_print).collect()).collect()
}

/// Each painted frame's signature: its size and its ops' `prints` in order (two frames of one signature draw the
/// same ops).
fn signatures(frames: &[(u64, Painted)], prints: &[Vec<(u8, u64)>]) -> Vec<u64> {
    use std::hash::{Hash as _, Hasher as _};
    frames
        .iter()
        .zip(prints)
        .map(|((_, p), ops)| {
            let mut h = std::hash::DefaultHasher::new();
            (p.width, p.height).hash(&mut h);
            ops.hash(&mut h);
            h.finish()
        })
        .collect()
}

/// The ops only `b` has (added), only `a` has (removed), and of those the pairs of one kind (changed), as
/// (added, removed, changed) with the changed ones counted once and not among the others; `a` and `b` are the two
/// frames' ops' prints.
fn op_changes(a: &[(u8, u64)], b: &[(u8, u64)]) -> (usize, usize, usize) {
    use std::collections::HashMap;
    let mut counts: HashMap<(u8, u64), i64> = HashMap::new();
    for print in a {
        *counts.entry(*print).or_default() -= 1;
    }
    for print in b {
        *counts.entry(*print).or_default() += 1;
    }
    let mut by_kind: HashMap<u8, (usize, usize)> = HashMap::new();
    for ((kind, _), n) in counts {
        let entry = by_kind.entry(kind).or_default();
        if n > 0 {
            entry.0 += n as usize;
        } else {
            entry.1 += n.unsigned_abs() as usize;
        }
    }
    by_kind.values().fold((0, 0, 0), |(added, removed, changed), (plus, minus)| {
        let same_kind = (*plus).min(*minus);
        (added + plus - same_kind, removed + minus - same_kind, changed + same_kind)
    })
}

/// How many pixels of two frames of one size differ, and by how much at most in a channel.
fn pixel_changes(a: &[u8], b: &[u8]) -> (u64, u8) {
    let mut n = 0u64;
    let mut max = 0u8;
    for (x, y) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
        // The fourth byte of XRGB is unused.
        let d = (0..3).map(|i| x[i].abs_diff(y[i])).max().unwrap_or(0);
        if d > 0 {
            n += 1;
            max = max.max(d);
        }
    }
    (n, max)
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
) -> Result<(Duration, Vec<PixelRect>), crate::raster::RenderError> {
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
