//! The frame recorder and its replay (`--record FILE`, `goldberry replay FILE`): a recording reads back as it was
//! written, a replayed frame is the live frame's pixels exactly, a file cut at any byte reads up to its last whole
//! frame, and a password field's text is never written.

#[path = "support/process.rs"]
mod process;
#[path = "support/rng.rs"]
mod rng;

use std::path::Path;
use std::sync::Arc;

use goldberry::display_list::{DisplayList, LayerKey, Op, Paint, PathCommand, PathData, ScrollHint, Stop, Stroke};
use goldberry::geom::{Color, FontId, PixelRect, Rect};
use goldberry::raster::LayerFate;
use goldberry::recording::{Frame, Header, Painted, Reader, Recording, RecordingError, Timings, WarmUp, Writer};
use goldberry::shell::screenshot::RgbImage;
use goldberry::ui::input::{Button, Key, Mods, UiEvent};
use goldberry_natives::glyphs::{GlyphPlacement, GlyphRun};
use process::{goldberry, temp_dir};

/// A short run that goes through what a replay must reproduce: hovers, a screen switched by click and by key, a
/// wheel scroll (the blit-scroll), a zoom (a new scale: cold), a resize (a new surface), the inspector's overlay.
const SCRIPT: &str = "\
0 move 150 200
8 move 480 330
12 click tab \"Text\"
18 key ctrl+5
20 move 480 400
22 wheel 0 -3
26 wheel 0 -2
30 screenshot mid.png
34 key ctrl+=
40 resize 720 520
44 key F3
48 move 300 300
52 key ctrl+1
";

/// Runs goldberry headless with `args` in `dir`, failing the test with its output unless it succeeds.
fn run(dir: &Path, args: &[&str]) -> String {
    let out = goldberry().current_dir(dir).args(args).output().expect("run goldberry");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: exit {:?}\nstdout: {stdout}\nstderr: {stderr}", out.status.code());
    stdout
}

/// Records the script at `threads`, with the live last frame and frame 30 as screenshots.
fn record(dir: &Path, threads: &str) -> Recording {
    std::fs::write(dir.join("s.txt"), SCRIPT).expect("write the script");
    let thread_arg = format!("--threads={threads}");
    let args = ["--video-driver=dummy", "--script=s.txt", &thread_arg, "--record=r.gbrec"];
    run(dir, &[&args[..], &["--screenshot=live.png", "--report=r.json"]].concat());
    assert!(!dir.join("r.gbrec.part").exists(), "the .part file is renamed when the run ends");
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("r.json")).expect("the report")).expect("JSON");
    let recording = goldberry::recording::read(&dir.join("r.gbrec")).expect("the recording reads");
    let entry = &report["recording"];
    assert_eq!(entry["path"], "r.gbrec");
    assert_eq!(entry["frames"].as_u64(), Some(recording.frames.len() as u64));
    assert_eq!(entry["bytes"].as_u64(), Some(recording.bytes));
    assert_eq!(recording.frames.len(), report["frames"].as_array().map_or(0, Vec::len), "every frame recorded");
    recording
}

fn pixels(path: &Path) -> RgbImage {
    RgbImage::read_png(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_replayed_frame_equals_the_live_frame_exactly() {
    for threads in ["1", "2"] {
        let dir = temp_dir("recording", &format!("replay-{threads}"));
        let recording = record(&dir, threads);
        let painted: Vec<&Painted> = recording.frames.iter().filter_map(|f| f.painted.as_ref()).collect();
        assert!(painted.iter().filter(|p| p.cold).count() >= 3, "frame 0, the zoom and the resize are cold");
        assert!(painted.iter().any(|p| p.list.scroll.is_some()), "a scrolled frame");
        assert!(painted.iter().any(|p| p.moved.is_some()), "a blit-scroll");
        assert!(painted.iter().any(|p| p.list.overlay_from.is_some()), "the inspector's overlay");
        let stdout = run(&dir, &["replay", "r.gbrec", "--screenshot=replayed.png"]);
        let n = painted.len();
        let summary = stdout.lines().last().unwrap_or_default();
        let plans = format!("{n} damages and {n} band plans as recorded");
        assert!(summary.starts_with(&format!("replayed {n} frames of r.gbrec at {threads} threads")), "{summary}");
        assert!(summary.ends_with(&plans), "{summary}");
        assert_eq!(stdout.lines().count(), n + 1, "a line a frame and the summary");
        assert!(
            pixels(&dir.join("live.png")) == pixels(&dir.join("replayed.png")),
            "the last frame, {threads} threads"
        );
        // A frame in the middle: replayed up to it, alone.
        let stdout = run(&dir, &["replay", "r.gbrec", "--frame=30", "--screenshot=replayed-30.png"]);
        assert!(stdout.starts_with("frame 30: replay "), "{stdout}");
        assert!(pixels(&dir.join("mid.png")) == pixels(&dir.join("replayed-30.png")), "frame 30, {threads} threads");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_replay_refuses_what_it_cannot_replay_in_one_line() {
    let dir = temp_dir("recording", "refuses");
    std::fs::write(dir.join("s.txt"), "0 move 10 10\n").expect("write the script");
    run(&dir, &["--video-driver=dummy", "--frames=3", "--threads=1", "--record=r.gbrec"]);
    let fail = |args: &[&str], code: i32, says: &str| {
        let out = goldberry().current_dir(&dir).args(args).output().expect("run goldberry");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    };
    fail(&["replay", "r.gbrec", "--frame=9"], 2, "frame 9 is not a painted frame of r.gbrec");
    fail(&["replay", "nowhere.gbrec"], 2, "nowhere.gbrec");
    fail(&["replay"], 2, "the following required arguments were not provided: <FILE>");
    std::fs::write(dir.join("not.gbrec"), "hello").expect("write");
    fail(&["replay", "not.gbrec"], 2, "not.gbrec is not a goldberry recording");
    let mut bytes = std::fs::read(dir.join("r.gbrec")).expect("the recording");
    bytes[8] = 99;
    std::fs::write(dir.join("v99.gbrec"), &bytes).expect("write");
    fail(&["replay", "v99.gbrec"], 2, "v99.gbrec is a version 99 recording; this goldberry reads version 1");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every op, every paint and every path command, a layer nested in a layer and written once, events of every
/// kind: what a recording must carry through.
fn every_kind_of_frame() -> (WarmUp, Vec<Frame>) {
    let red = Color::rgb(200, 10, 10);
    let stops = vec![Stop { offset: 0.0, color: red }, Stop { offset: 1.0, color: Color(0x8000_ff00) }];
    let path = Arc::new(PathData {
        commands: vec![
            PathCommand::MoveTo(1.0, 2.0),
            PathCommand::LineTo(3.5, -4.0),
            PathCommand::QuadTo(1.0, 1.0, 2.0, 2.0),
            PathCommand::CubicTo(0.0, 1.0, 2.0, 3.0, 4.0, 5.0),
            PathCommand::Close,
        ],
    });
    let run = Arc::new(GlyphRun {
        glyphs: vec![36, 72, 1_000_000],
        placements: vec![
            GlyphPlacement { offset_x: -3, offset_y: 2, advance_x: 1400, advance_y: 0 },
            GlyphPlacement::default(),
            GlyphPlacement { offset_x: i32::MIN, offset_y: i32::MAX, advance_x: 1, advance_y: -1 },
        ],
        clusters: vec![0, 1, 5],
        units_per_em: 2816,
    });
    let r = Rect::new(10.0, 20.0, 30.5, 40.25);
    let inner =
        Arc::new(DisplayList { ops: vec![Op::FillRect { rect: r, paint: Paint::Solid(red) }], ..Default::default() });
    let outer = Arc::new(DisplayList {
        ops: vec![Op::Layer { key: LayerKey(7), rect: r, version: 3, content: Arc::clone(&inner) }],
        opaque_lead: true,
        ..Default::default()
    });
    let ops = vec![
        Op::Layer { key: LayerKey(1), rect: Rect::new(0.0, 0.0, 100.0, 80.0), version: 1, content: Arc::clone(&outer) },
        Op::FillRect { rect: r, paint: Paint::Linear { x0: 0.0, y0: 1.0, x1: 2.0, y1: 3.0, stops: stops.clone() } },
        Op::FillRoundRect { rect: r, radius: 4.0, paint: Paint::Radial { cx: 1.0, cy: 2.0, r: 3.0, stops } },
        Op::StrokeRoundRect {
            rect: r,
            radius: 2.0,
            stroke: Stroke { width: 1.5, round: true },
            paint: Paint::Solid(red),
        },
        Op::Hairline { rect: r, radius: 0.0, color: red },
        Op::PushClip(r),
        Op::FillCircle { cx: 5.0, cy: 6.0, r: 7.0, paint: Paint::Solid(red) },
        Op::PushTranslate(-2.5, 3.0),
        Op::FillPath { path: Arc::clone(&path), paint: Paint::Solid(red) },
        Op::StrokePath { path, stroke: Stroke { width: 2.0, round: false }, paint: Paint::Solid(red) },
        Op::Glyphs { font: FontId(0x0100_0400), x: 12.25, y: 30.0, run, color: red },
        Op::PopTranslate,
        Op::PopClip,
    ];
    let list = DisplayList {
        ops,
        opaque_lead: true,
        scroll: Some(ScrollHint { viewport: r, offset: 12.5, ops: 5..13 }),
        overlay_from: Some(12),
        secret: Vec::new(),
    };
    let painted = |list: DisplayList, cold: bool| Painted {
        width: 960,
        height: 640,
        scale: 1.5,
        fresh: cold,
        cold,
        hud: 0..1,
        damage: vec![PixelRect { x: 0, y: 0, w: 960, h: 640 }],
        frame_damage: vec![PixelRect { x: 1, y: 2, w: 3, h: 4 }],
        moved: (!cold).then_some(PixelRect { x: 5, y: 6, w: 7, h: 8 }),
        bands: vec![0, 320, 640],
        layers: vec![
            (LayerKey(1), LayerFate::InBase),
            (LayerKey(9), LayerFate::Kept),
            (LayerKey(2), LayerFate::Redrawn),
        ],
        list,
    };
    let events = vec![
        UiEvent::PointerMoved { x: 1.5, y: -2.0 },
        UiEvent::ButtonDown { button: Button::Right, x: 3.0, y: 4.0, clicks: 2 },
        UiEvent::ButtonUp { button: Button::Middle, x: 3.0, y: 4.0 },
        UiEvent::Wheel { dx: 0.0, dy: -3.0 },
        UiEvent::KeyDown {
            key: Key::F(12),
            mods: Mods { ctrl: true, shift: false, alt: true, gui: false },
            repeat: true,
        },
        UiEvent::KeyDown { key: Key::Char('é'), mods: Mods::default(), repeat: false },
        UiEvent::KeyDown { key: Key::Other(-7), mods: Mods::default(), repeat: false },
        UiEvent::Text("اَلْعَرَبِيَّةُ".into()),
        UiEvent::Preedit { text: "にほん".into(), cursor: 3 },
        UiEvent::PointerLeft,
        UiEvent::FocusLost,
        UiEvent::Held(Mods { ctrl: false, shift: true, alt: false, gui: true }),
    ];
    let timings = Timings { paint: std::time::Duration::from_nanos(1_234_567), ..Timings::default() };
    // The second painted frame: one op changed, two inserted, one removed, the layers unchanged (referred to).
    let mut next = list.clone();
    next.ops[4] = Op::Hairline { rect: r, radius: 1.0, color: red };
    next.ops.insert(2, Op::PushTranslate(1.0, 1.0));
    next.ops.insert(3, Op::PopTranslate);
    next.ops.remove(8);
    next.scroll = None;
    // The third: the outer layer's content changes at a new version, the inner one kept.
    let mut third = next.clone();
    let changed = DisplayList { ops: vec![outer.ops[0].clone(), Op::PopClip], ..Default::default() };
    let at = Rect::new(0.0, 0.0, 100.0, 80.0);
    third.ops[0] = Op::Layer { key: LayerKey(1), rect: at, version: 2, content: Arc::new(changed) };
    let warm = WarmUp {
        width: 960,
        height: 640,
        scale: 1.5,
        list: DisplayList { ops: list.ops[..3].to_vec(), ..list.clone() },
    };
    let first = painted(list, true);
    let frames = vec![
        Frame { index: 0, events: events.clone(), timings, painted: Some(first) },
        Frame { index: 1, events: Vec::new(), timings, painted: None },
        Frame { index: 2, events, timings, painted: Some(painted(next, false)) },
        Frame { index: 3, events: Vec::new(), timings: Timings::default(), painted: Some(painted(third, false)) },
    ];
    (warm, frames)
}

/// Writes `frames` after `warm` with the recorder's writer, as a run does, and returns the file's bytes.
fn written(dir: &Path, warm: &WarmUp, frames: &[Frame]) -> Vec<u8> {
    let header = Header { threads: 2, cpu_level: "avx2".into(), font_dirs: vec!["/fonts/a".into(), "b".into()] };
    let path = dir.join("w.gbrec");
    let mut writer = Writer::create(&path, &header).expect("create");
    assert!(dir.join("w.gbrec.part").exists(), "written to FILE.part first");
    writer.warm_up(warm).expect("warm-up");
    for frame in frames {
        writer.frame(frame).expect("frame");
    }
    assert_eq!(writer.finish().expect("finish"), path);
    std::fs::read(&path).expect("the file")
}

#[test]
fn a_recording_reads_back_as_written() {
    let dir = temp_dir("recording", "reads-back");
    let (warm, frames) = every_kind_of_frame();
    let bytes = written(&dir, &warm, &frames);
    let read = Reader::new("w.gbrec").read(&bytes).expect("reads");
    assert_eq!(
        read.header,
        Header { threads: 2, cpu_level: "avx2".into(), font_dirs: vec!["/fonts/a".into(), "b".into()] }
    );
    assert_eq!(read.warm_up.as_ref(), Some(&warm));
    assert_eq!(read.cut, None);
    for (got, want) in read.frames.iter().zip(&frames) {
        assert_eq!(got, want, "frame {}", want.index);
    }
    assert_eq!(read.frames.len(), frames.len());
    // The unchanged layers were referred to, not written again: the second painted frame is far smaller.
    let one = written(&dir, &warm, &frames[..1]).len();
    let two = written(&dir, &warm, &frames[..3]).len();
    assert!(two - one < one / 2, "the second painted frame took {} bytes, the first {one}", two - one);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_recording_reads_back_as_its_report_says() {
    // A real run's lists (the overview's layers, glyph runs, gradients) through the whole path, file and all.
    let dir = temp_dir("recording", "run-reads-back");
    let recording = record(&dir, "2");
    let bytes = std::fs::read(dir.join("r.gbrec")).expect("the recording");
    // Written again from what was read, then read again: the same frames (what was read is what was written).
    let warm = recording.warm_up.clone().expect("the warm-up");
    let again = Reader::new("again").read(&written(&dir, &warm, &recording.frames)).expect("reads");
    assert!(again.frames == recording.frames, "a run's frames read, written and read again differ");
    assert!(bytes.len() < 4 << 20, "{} bytes for {} frames", bytes.len(), recording.frames.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_recording_cut_at_a_random_byte_reads_up_to_its_last_whole_frame() {
    let dir = temp_dir("recording", "cut");
    let (warm, frames) = every_kind_of_frame();
    let bytes = written(&dir, &warm, &frames);
    let whole = Reader::new("w").read(&bytes).expect("reads");
    // Where each record ends, from the file's own framing: a cut at or past it keeps that record.
    let header_and_warm = written(&dir, &warm, &[]).len();
    let ends: Vec<usize> = (1..=frames.len()).map(|n| written(&dir, &warm, &frames[..n]).len()).collect();
    let mut rng = rng::Rng(0x5eed_cafe);
    let mut cuts: Vec<usize> = (0..200).map(|_| header_and_warm + rng.below(bytes.len() - header_and_warm)).collect();
    cuts.extend(ends.iter().map(|e| e - 1));
    for cut in cuts {
        let read = Reader::new("w").read(&bytes[..cut]).unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        let kept = ends.iter().filter(|end| **end <= cut).count();
        assert_eq!(read.frames[..], whole.frames[..kept], "cut at byte {cut}");
        let warning = read.cut.as_deref().unwrap_or_default();
        assert!(
            cut == header_and_warm || ends.contains(&cut) || warning.contains("is cut short: its record at byte"),
            "cut at byte {cut}: {warning:?}"
        );
    }
    // Cut inside the signature or the header, it is no recording.
    assert!(matches!(Reader::new("w").read(&bytes[..5]), Err(RecordingError::NotARecording(_))));
    assert!(Reader::new("w").read(&bytes[..12]).is_err());
    // A whole record with a byte changed fails its checksum: corrupt, not cut.
    let mut flipped = bytes.clone();
    flipped[ends[1] - 10] ^= 0x40;
    assert!(matches!(Reader::new("w").read(&flipped), Err(RecordingError::Corrupt(_))));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every glyph run a recording draws, as its glyph ids.
fn runs(recording: &Recording) -> Vec<Vec<u32>> {
    fn walk(list: &DisplayList, out: &mut Vec<Vec<u32>>) {
        for op in &list.ops {
            match op {
                Op::Glyphs { run, .. } => out.push(run.glyphs.clone()),
                Op::Layer { content, .. } => walk(content, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for p in recording.frames.iter().filter_map(|f| f.painted.as_ref()) {
        walk(&p.list, &mut out);
    }
    out
}

#[test]
fn a_password_fields_text_is_never_written() {
    // The same word typed into the form's Name field and into its Password field (same face, size and width).
    // `then`: script lines after the typing; the report says what the field ended showing.
    let typed_then = |field: &str, name: &str, then: &str| -> (Recording, Vec<u8>, String) {
        let dir = temp_dir("recording", &format!("secret-{name}-{}", then.len()));
        let script = format!("0 key ctrl+7\n4 focus {field} \"{name}\"\n8 text \"hunter22\"\n10 key h\n{then}");
        std::fs::write(dir.join("s.txt"), script).expect("write the script");
        let args = ["--video-driver=dummy", "--script=s.txt", "--threads=1", "--record=r.gbrec", "--report=r.json"];
        run(&dir, &args);
        let bytes = std::fs::read(dir.join("r.gbrec")).expect("the recording");
        let recording = goldberry::recording::read(&dir.join("r.gbrec")).expect("reads");
        let report = std::fs::read_to_string(dir.join("r.json")).expect("the report");
        let _ = std::fs::remove_dir_all(&dir);
        (recording, bytes, report)
    };
    let typed = |field: &str, name: &str| -> (Recording, Vec<u8>) {
        let (recording, bytes, _) = typed_then(field, name, "");
        (recording, bytes)
    };
    let (plain, _) = typed("textinput", "Name");
    let (secret, bytes) = typed("passwordinput", "Password");
    // The same, then the field's Show button (Tab reaches it, Space presses it): the field draws the word itself.
    let (revealed, revealed_bytes, report) = typed_then("passwordinput", "Password", "12 key tab\n14 key space\n");
    // Revealed, the field's accessible value is its text (hidden, its dots).
    let compact: String = report.split_whitespace().collect();
    assert!(compact.contains("\"value\":\"hunter22\""), "the password was not revealed: {report}");
    let events = |r: &Recording| -> Vec<UiEvent> { r.frames.iter().flat_map(|f| f.events.clone()).collect() };
    // The plain field's events carry the word; the password field's carry dots, one a character, and no key's letter.
    assert!(events(&plain).contains(&UiEvent::Text("hunter22".into())));
    let secret_events = events(&secret);
    assert!(secret_events.contains(&UiEvent::Text("••••••••".into())), "{secret_events:?}");
    // From frame 8 on the focus is in the field (ctrl+7 before it is a key of its own).
    let typed_in: Vec<&UiEvent> = secret.frames.iter().filter(|f| f.index >= 8).flat_map(|f| &f.events).collect();
    assert!(typed_in.iter().any(|e| matches!(e, UiEvent::KeyDown { key: Key::Char(_), .. })), "{typed_in:?}");
    for event in typed_in {
        if let UiEvent::KeyDown { key: Key::Char(c), .. } = event {
            assert_eq!(*c, '•', "a letter key typed into a password field was written");
        }
    }
    assert!(!bytes.windows(8).any(|w| w == b"hunter22"), "the password's text is in the file");
    // The runs the plain field drew for the word (those its recording has and the password's lacks) are nowhere in
    // the password's recording: its field's runs are the dots'.
    let secret_runs = runs(&secret);
    let word_runs: Vec<Vec<u32>> =
        runs(&plain).into_iter().filter(|r| r.len() >= 8 && !secret_runs.contains(r)).collect();
    assert!(!word_runs.is_empty(), "the plain field drew the word");
    let dots: Vec<&Vec<u32>> =
        secret_runs.iter().filter(|r| r.len() >= 8 && r.windows(2).all(|w| w[0] == w[1])).collect();
    assert!(!dots.is_empty(), "the password field drew its dots");
    let revealed_runs = runs(&revealed);
    for word in &word_runs {
        let inside = |r: &Vec<u32>| r.windows(word.len()).any(|w| w == word.as_slice());
        assert!(!secret_runs.iter().any(inside), "the password's glyph run {word:?} was written");
        assert!(!revealed_runs.iter().any(inside), "the revealed password's glyph run {word:?} was written");
    }
    assert!(!revealed_bytes.windows(8).any(|w| w == b"hunter22"), "the revealed password's text is in the file");
}

#[test]
fn a_diff_of_two_recordings_names_what_changed() {
    let dir = temp_dir("recording", "diff");
    // No HUD: it shows each run's own timings.
    let headless = ["--video-driver=dummy", "--frames=6", "--threads=1", "--no-hud"];
    run(&dir, &[&headless[..], &["--record=a.gbrec"]].concat());
    run(&dir, &[&headless[..], &["--record=same.gbrec"]].concat());
    run(&dir, &[&headless[..], &["--record=other.gbrec", "--screen=controls"]].concat());
    // A headless run is the same frames again: nothing differs.
    let stdout = run(&dir, &["replay", "a.gbrec", "--diff=same.gbrec"]);
    assert!(
        stdout.lines().take(6).all(|l| l.ends_with(": ops +0 -0 ~0, 0 pixels differ (by at most 0 a channel)")),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("with other ops, 0 with other pixels\n") && stdout.contains(": 0 with other ops"),
        "{stdout}"
    );
    // A run of more frames: the frames the shorter run lacks stand alone, and the rest pair as the same.
    run(
        &dir,
        &[&["--video-driver=dummy", "--frames=8", "--threads=1", "--no-hud"][..], &["--record=longer.gbrec"]].concat(),
    );
    let stdout = run(&dir, &["replay", "a.gbrec", "--diff=longer.gbrec"]);
    let lone = stdout.lines().filter(|l| l.ends_with(" ops") && l.contains(": only in longer.gbrec, ")).count();
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(
        lone >= 1 && summary.contains(&format!(" 0 only in the first and {lone} only in the second: ")),
        "{stdout}"
    );
    assert!(summary.ends_with(": 0 with other ops, 0 with other pixels"), "{stdout}");
    // Another screen: ops and pixels differ in every pair.
    let stdout = run(&dir, &["replay", "a.gbrec", "--diff=other.gbrec"]);
    let summary = stdout.lines().last().unwrap_or_default();
    let pairs: usize = summary.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0);
    assert!(pairs >= 1, "{summary}");
    assert!(summary.ends_with(&format!(": {pairs} with other ops, {pairs} with other pixels")), "{summary}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "vello")]
#[test]
fn a_replay_against_vello_cpu_draws_the_same_frames_within_anti_aliasing() {
    let dir = temp_dir("recording", "vello");
    run(&dir, &["--video-driver=dummy", "--frames=3", "--threads=1", "--no-hud", "--record=r.gbrec"]);
    let stdout = run(&dir, &["replay", "r.gbrec", "--against=vello_cpu"]);
    for line in stdout.lines().filter(|l| l.starts_with("frame ")) {
        // `...; vello_cpu T ms, N pixels differ (V by more than 32 levels)`: V is edges and text, not whole shapes.
        let visibly: u64 =
            line.rsplit('(').next().and_then(|t| t.split(' ').next()).and_then(|n| n.parse().ok()).unwrap_or(u64::MAX);
        assert!(visibly < 960 * 640 / 100, "more than 1 % of the pixels differ visibly: {line}");
    }
    assert!(stdout.lines().last().unwrap_or_default().contains("; vello_cpu p50 "), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(not(feature = "vello"))]
#[test]
fn a_replay_against_vello_cpu_without_the_feature_says_how_to_build_it() {
    let dir = temp_dir("recording", "no-vello");
    run(&dir, &["--video-driver=dummy", "--frames=1", "--threads=1", "--record=r.gbrec"]);
    let out = goldberry().current_dir(&dir).args(["replay", "r.gbrec", "--against=vello_cpu"]).output().expect("run");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--features vello"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_run_leaves_its_part_file_readable_up_to_its_last_whole_frame() {
    let dir = temp_dir("recording", "killed");
    let mut child = goldberry()
        .current_dir(&dir)
        .args(["--video-driver=dummy", "--frames=1000000", "--threads=1", "--record=r.gbrec"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start goldberry");
    let part = dir.join("r.gbrec.part");
    let started = std::time::Instant::now();
    // Killed (SIGKILL: nothing runs after it) once a few dozen frames are written.
    while std::fs::metadata(&part).map_or(0, |m| m.len()) < 200_000 {
        assert!(started.elapsed().as_secs() < 60, "the recording did not grow");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().expect("kill goldberry");
    let _ = child.wait();
    assert!(!dir.join("r.gbrec").exists(), "a killed run renames nothing");
    let recording = goldberry::recording::read(&part).expect("the .part file reads");
    assert!(recording.frames.len() >= 2, "{} frames", recording.frames.len());
    let indexes: Vec<u64> = recording.frames.iter().map(|f| f.index).collect();
    assert_eq!(indexes, (0..indexes.len() as u64).collect::<Vec<_>>(), "every frame up to the last whole one");
    let _ = std::fs::remove_dir_all(&dir);
}
