//! The recording bench: the tour (assets/scripts/tour.txt, 912 frames headless) run by the real binary, with and
//! without `--record`, rounds taken in turn so that the machine's noise hits both alike; then the recording replayed
//! at one thread.
//!
//! `cargo bench -p goldberry --bench recording` prints, each against its target (issue 48):
//! - the tour's paint p50 (settled frames, from each run's report) without and with `--record`, and their ratio
//!   (target ≤ 1.05); and the recorder's own time a painted frame: handing it over on the frame loop (after
//!   present, outside paint), as a share of the paint p50, and encoding and writing it on the recorder's thread;
//! - the recording's size (target ≤ 20 MB);
//! - `goldberry replay` at one thread: its p50 a frame against the live frames' paint p50 (target: at least as
//!   fast) and raster p50.
//!
//! `GOLDBERRY_BENCH_ROUNDS=N` changes the 5 rounds; `GOLDBERRY_BENCH_FRAMES=N` cuts the tour to N frames.

use std::path::Path;
use std::process::Command;

use goldberry::shell::report::Percentiles;

/// The number in environment variable `name`, if it is set and parses (the benches' support module would bring
/// the natives and the rig this bench does not use).
fn env_number<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// The tour's paint p50 (settled frames) from its report; `record`: with `--record`.
fn tour(dir: &Path, frames: Option<usize>, record: bool) -> f64 {
    let tour = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/scripts/tour.txt");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_goldberry"));
    cmd.current_dir(dir).args(["--video-driver=dummy", "--threads=1", "--report=r.json"]).arg("--script").arg(&tour);
    if let Some(n) = frames {
        cmd.arg(format!("--frames={n}"));
    }
    if record {
        cmd.arg("--record=tour.gbrec");
    }
    let out = cmd.output().expect("run goldberry");
    assert!(out.status.success(), "the tour failed: {}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("r.json")).expect("the report")).expect("JSON");
    report["summary"]["paint"]["p50"].as_f64().expect("the summary's paint p50")
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let rounds: usize = env_number("GOLDBERRY_BENCH_ROUNDS").unwrap_or(5);
    let frames: Option<usize> = env_number("GOLDBERRY_BENCH_FRAMES");
    let dir = std::env::temp_dir().join(format!("goldberry-recording-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    println!("goldberry recording bench: the tour at 1 thread, {rounds} rounds without and with --record in turn");
    let (mut plain, mut recorded) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        plain.push(tour(&dir, frames, false));
        recorded.push(tour(&dir, frames, true));
    }
    let (plain, recorded) = (Percentiles::of(plain).p50, Percentiles::of(recorded).p50);
    println!(
        "tour paint p50 (median of the rounds): {plain:.3} ms without --record, {recorded:.3} ms with: ratio {:.3} \
         (target <= 1.05)",
        recorded / plain
    );
    let recording = goldberry::recording::read(&dir.join("tour.gbrec")).expect("the recording reads");
    // A frame's record carries what the frame before it cost the recorder: the painted frames' own costs, on the
    // frame loop (a copy of the list, after present) and on the recorder's thread (encoding and writing).
    let frames = &recording.frames;
    let cost = |of: fn(&goldberry::recording::Timings) -> std::time::Duration| {
        let painted = frames.windows(2).filter(|pair| pair[0].painted.is_some());
        Percentiles::of(painted.map(|pair| of(&pair[1].timings).as_secs_f64() * 1e3))
    };
    let (handing, writing) = (cost(|t| t.recording), cost(|t| t.writing));
    println!(
        "the recorder's time a painted frame: on the frame loop after present p50 {:.3} ms ({:.1} % of the paint \
         p50), on its own thread p50 {:.3} ms p95 {:.3} ms",
        handing.p50,
        100.0 * handing.p50 / recorded,
        writing.p50,
        writing.p95
    );
    let painted = recording.frames.iter().filter(|f| f.painted.is_some()).count();
    println!(
        "recording: {} frames ({painted} painted), {} bytes = {:.2} MB (target <= 20 MB)",
        recording.frames.len(),
        recording.bytes,
        recording.bytes as f64 / 1e6
    );
    let out = Command::new(env!("CARGO_BIN_EXE_goldberry"))
        .current_dir(&dir)
        .args(["replay", "tour.gbrec", "--threads=1"])
        .output()
        .expect("run goldberry replay");
    assert!(out.status.success(), "the replay failed: {}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary = stdout.lines().last().unwrap_or_default();
    let figure = |after: &str| -> f64 {
        let rest = summary.split(after).nth(1).unwrap_or_default();
        rest.split_whitespace().next().and_then(|w| w.parse().ok()).unwrap_or(f64::NAN)
    };
    let (replay, live_paint, live_raster) =
        (figure("replay p50 "), figure("live paint p50 "), figure("live raster p50 "));
    println!(
        "replay at 1 thread: p50 {replay:.3} ms a frame against the live paint p50 {live_paint:.3} ms: ratio {:.3} \
         (target <= 1); live raster p50 {live_raster:.3} ms",
        replay / live_paint
    );
    let _ = std::fs::remove_dir_all(&dir);
}
