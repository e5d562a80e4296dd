//! The 60-frame headless run CI does: the report has 60 frames with every phase measured, the summary line has
//! the form, and the screenshot decodes at the requested size.

#[path = "support/process.rs"]
mod process;

use goldberry::shell::screenshot::RgbImage;
use process::{goldberry, temp_dir};

#[test]
fn sixty_headless_frames_with_report_and_screenshot() {
    let dir = temp_dir("run", "sixty");
    let out = goldberry()
        .current_dir(&dir)
        .args(["--frames=60", "--video-driver=dummy", "--report", "r.json", "--screenshot", "s.png"])
        .output()
        .expect("run goldberry");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exit {:?}\nstdout: {stdout}\nstderr: {stderr}", out.status.code());

    // The summary line, exactly in the form.
    let line = stdout.lines().last().unwrap_or_default();
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(&words[..4], ["painted", "60", "frames", "at"], "{line}");
    assert_eq!(words[4], "960x640:", "{line}");
    let over = words.len() - 6;
    assert!(words[over].parse::<u64>().is_ok(), "{line}");
    let shape = words
        .iter()
        .enumerate()
        .map(|(i, w)| match i {
            i if i == over => "K",
            _ if *w != "16.7" && w.contains('.') && w.parse::<f64>().is_ok() => "N",
            _ => w,
        })
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(
        shape,
        "painted 60 frames at 960x640: paint p50 N ms p95 N ms max N ms; raster p50 N ms p95 N ms max N ms; K over the 16.7 ms budget",
        "{line}"
    );

    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("r.json")).expect("the report")).expect("JSON");
    let frames = report["frames"].as_array().expect("frames");
    assert_eq!(frames.len(), 60);
    for frame in frames {
        for phase in ["paint_ms", "layout_ms", "shape_ms", "raster_ms", "present_ms"] {
            let v = frame[phase].as_f64().unwrap_or(-1.0);
            assert!(v > 0.0, "{phase} = {v} in {frame}");
        }
        assert!(frame["paint_ms"].as_f64() >= frame["raster_ms"].as_f64());
    }
    assert_eq!(frames[0]["cold"], true);
    assert!(frames[1..].iter().all(|f| f["cold"] == false));
    assert_eq!(report["summary"]["frames"], 60);
    assert_eq!(report["summary"]["settled_frames"], 59);
    assert_eq!(report["size"], "960x640");
    assert_eq!(report["driver"], "dummy");
    assert!(report["first_frame_ms"].as_f64().unwrap_or(0.0) > 0.0);
    assert!(report["threads"].as_u64().unwrap_or(0) >= 1);
    // The summary's paint p50 is the one printed.
    let p50 = report["summary"]["paint"]["p50"].as_f64().unwrap();
    assert_eq!(words[7], format!("{p50:.2}"), "{line}");

    let png = RgbImage::read_png(&dir.join("s.png")).expect("the screenshot");
    assert_eq!((png.width, png.height), (960, 640));
    // Not a blank frame: many distinct colours.
    let mut colours: Vec<[u8; 3]> = png.data.chunks_exact(3).step_by(97).map(|p| [p[0], p[1], p[2]]).collect();
    colours.sort();
    colours.dedup();
    assert!(colours.len() > 50, "only {} colours", colours.len());
    // No temporary files left behind.
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["r.json", "s.png"]);
}

#[test]
fn zero_frames_say_the_window_size_not_zero_by_zero() {
    let out =
        goldberry().args(["--frames=0", "--video-driver=dummy", "--size", "480x360"]).output().expect("run goldberry");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("painted 0 frames at 480x360:"), "{stdout}");
}

#[test]
fn trace_is_a_chrome_trace_with_frame_and_phase_spans() {
    let dir = temp_dir("run", "trace");
    let out = goldberry()
        .current_dir(&dir)
        .args(["--frames=3", "--video-driver=dummy", "--size=320x200", "--threads=2", "--trace", "t.json"])
        .output()
        .expect("run goldberry");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let trace: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("t.json")).expect("the trace")).expect("JSON");
    let events = trace.as_array().expect("an array of events");
    let names: std::collections::HashSet<&str> = events.iter().filter_map(|e| e["name"].as_str()).collect();
    for span in ["frame", "screen", "hud", "raster", "band", "present"] {
        assert!(names.contains(span), "no `{span}` span in {names:?}");
    }
}

#[test]
fn resize_by_size_flag_and_two_threads() {
    let dir = temp_dir("run", "small");
    let out = goldberry()
        .current_dir(&dir)
        .args(["--frames=5", "--video-driver=dummy", "--size=320x200", "--threads=2", "--screenshot=s.png"])
        .output()
        .expect("run goldberry");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("painted 5 frames at 320x200: "), "{stdout}");
    let png = RgbImage::read_png(&dir.join("s.png")).expect("the screenshot");
    assert_eq!((png.width, png.height), (320, 200));
}

/// The HUD shows figures, not dashes, on a screen that stays still after frame 0: frame 0 is painted before it
/// is measured, so one more frame is painted for its figures, and then none.
#[test]
fn the_hud_shows_frame_zeros_figures_on_a_still_screen() {
    let dir = temp_dir("run", "hud-still");
    std::fs::write(dir.join("s.txt"), "0 screenshot first.png\n").expect("write the script");
    let out = goldberry()
        .current_dir(&dir)
        .args(["--frames=10", "--video-driver=dummy", "--screen=controls", "--script=s.txt", "--report=r.json"])
        .arg("--screenshot=last.png")
        .output()
        .expect("run goldberry");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("r.json")).expect("the report")).expect("JSON");
    let painted: Vec<u64> = report["frames"]
        .as_array()
        .expect("frames")
        .iter()
        .filter(|f| f["idle"] == false)
        .filter_map(|f| f["index"].as_u64())
        .collect();
    assert_eq!(painted, [0, 1], "frame 1 shows frame 0's figures; nothing after");
    let (first, last) = (
        RgbImage::read_png(&dir.join("first.png")).expect("frame 0"),
        RgbImage::read_png(&dir.join("last.png")).expect("the last frame"),
    );
    // The HUD's panel, top right: its figures changed from frame 0's dashes.
    let differ = (12..218usize)
        .flat_map(|y| (740..948usize).map(move |x| (y * 960 + x) * 3))
        .filter(|&i| first.data[i..i + 3] != last.data[i..i + 3])
        .count();
    assert!(differ > 50, "the HUD's panel did not change after frame 0: {differ} pixels");
}

/// A log line's words as they are, when stderr is a pipe (as here) or a file: no terminal colour codes.
#[test]
fn log_lines_are_plain_text_when_stderr_is_not_a_terminal() {
    let dir = temp_dir("run", "plain-log");
    let out = goldberry()
        .current_dir(&dir)
        .args(["--frames=1", "--video-driver=dummy", "--log=info"])
        .output()
        .expect("run goldberry");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("goldberry starts"), "the info line is logged: {stderr}");
    assert!(!stderr.contains('\u{1b}'), "colour codes in a pipe: {stderr:?}");
}

/// The report's `size` is the last frame's logical size: a resize of the window changes it from `--size`'s.
#[test]
fn the_report_size_follows_a_window_resize() {
    let dir = temp_dir("run", "resized");
    std::fs::write(dir.join("s.txt"), "1 resize 700 500\n").expect("write the script");
    let out = goldberry()
        .current_dir(&dir)
        .args(["--frames=4", "--video-driver=dummy", "--script=s.txt", "--report=r.json"])
        .output()
        .expect("run goldberry");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("r.json")).expect("the report")).expect("JSON");
    assert_eq!(report["size"], "700x500");
}

/// A script's failed `expect` ends the run with exit 7, and the report, screenshot and trace asked for are written
/// first: the moment they are most needed.
#[test]
fn a_failed_expectation_still_writes_the_report_screenshot_and_trace() {
    let dir = temp_dir("run", "expect-outputs");
    std::fs::write(dir.join("s.txt"), "3 expect checkbox \"I accept the terms\" checked\n").expect("write");
    let out = goldberry()
        .current_dir(&dir)
        .args(["--video-driver=dummy", "--size=480x360", "--screen=forms", "--frames=6", "--script=s.txt"])
        .args(["--report=r.json", "--screenshot=s.png", "--trace=t.json"])
        .output()
        .expect("run goldberry");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(7), "{stderr}");
    assert!(stderr.contains("expected checkbox \"I accept the terms\" checked"), "{stderr}");
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("r.json")).expect("the report")).expect("JSON");
    assert_eq!(report["frames"].as_array().map(Vec::len), Some(3), "frames 0 to 2 ran, then the expectation failed");
    let shot = RgbImage::read_png(&dir.join("s.png")).expect("the screenshot");
    assert_eq!((shot.width, shot.height), (480, 360));
    assert!(std::fs::metadata(dir.join("t.json")).is_ok_and(|m| m.len() > 2), "the trace");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two outputs named for one file are refused before the run, in one line (the JSON silently replaced the PNG).
#[test]
fn two_outputs_for_one_file_are_refused() {
    let dir = temp_dir("run", "same-output");
    for args in [["--report=out", "--screenshot=out"], ["--report=out", "--trace=./out"]] {
        let out = goldberry()
            .current_dir(&dir)
            .args(["--video-driver=dummy", "--frames=1"])
            .args(args)
            .output()
            .expect("run goldberry");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("both name") && stderr.contains("each output needs a file of its own"), "{stderr}");
        assert!(!dir.join("out").exists(), "nothing written");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// SIGTERM and SIGINT end a run at the next frame, exit 0, with the report and screenshot written, even in the
/// middle of a frame's flood of input: here 1,500 Tabs on a page of 2,000 buttons, about half a minute of input in
/// a debug build, which SDL's own quit event (queued behind them) let run to its end.
#[test]
fn sigterm_and_sigint_end_the_run_with_its_outputs_written() {
    use std::time::{Duration, Instant};
    for signal in ["TERM", "INT"] {
        let dir = temp_dir("run", &format!("sig{signal}"));
        let buttons: String = (0..2_000).map(|i| format!("    button \"B{i}\"\n")).collect();
        std::fs::write(dir.join("d.kdl"), format!("page title=\"x\" {{\n  section \"S\" {{\n{buttons}  }}\n}}\n"))
            .expect("write");
        let tabs = "6 key Tab\n".repeat(1_500);
        std::fs::write(dir.join("s.txt"), format!("5 screenshot {}\n{tabs}", dir.join("started.png").display()))
            .expect("write");
        let mut child = goldberry()
            .current_dir(&dir)
            .args(["--video-driver=dummy", "--size=320x200", "--threads=1", "--frames=100", "--no-hud"])
            .args(["--doc=d.kdl", "--script=s.txt", "--report=r.json", "--screenshot=s.png"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run goldberry");
        let waited = Instant::now();
        while !dir.join("started.png").exists() && waited.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(10));
        }
        // The flood's frame has begun: frame 5's screenshot is written as that frame ends.
        let sent = std::process::Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(child.id().to_string())
            .status()
            .expect("kill");
        assert!(sent.success());
        let signalled = Instant::now();
        let status = loop {
            match child.try_wait().expect("wait") {
                Some(status) => break status,
                None if signalled.elapsed() > Duration::from_secs(10) => {
                    let _ = child.kill();
                    panic!("SIG{signal} did not end the run within 10 s");
                }
                None => std::thread::sleep(Duration::from_millis(10)),
            }
        };
        let stderr = child.wait_with_output().map(|o| String::from_utf8_lossy(&o.stderr).into_owned());
        assert_eq!(status.code(), Some(0), "SIG{signal}: {stderr:?}");
        assert!(dir.join("r.json").exists() && dir.join("s.png").exists(), "SIG{signal}: the outputs");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
