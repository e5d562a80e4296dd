//! Bad input: each case fails with one clear line `goldberry: ...` on stderr, its class's exit code (see
//! `goldberry::shell::cli`), no panic and no partial output file.

#[path = "support/process.rs"]
mod process;

use process::{goldberry, temp_dir};
use std::path::Path;
use std::process::{Command, Output};

/// Runs `cmd`, checks it failed with `code` and one `goldberry: ` line containing `needle`, without a panic.
/// Returns the line.
fn fails(mut cmd: Command, code: i32, needle: &str) -> String {
    let out: Output = cmd.output().expect("run goldberry");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "stderr: {stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "expected one line, got: {stderr}");
    let line = lines[0];
    assert!(line.starts_with("goldberry: "), "{line}");
    assert!(line.contains(needle), "`{needle}` not in: {line}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    line.to_owned()
}

fn headless(args: &[&str]) -> Command {
    let mut cmd = goldberry();
    cmd.args(["--frames=1", "--video-driver=dummy"]).args(args);
    cmd
}

#[test]
fn size_zero() {
    fails(headless(&["--size", "0x0"]), 2, "1 to 16384");
}

#[test]
fn size_too_large() {
    fails(headless(&["--size", "100000x100000"]), 2, "not 100000");
}

#[test]
fn scale_zero_negative_nan_or_huge() {
    for bad in ["0", "-1", "NaN", "100"] {
        fails(headless(&["--scale", bad]), 2, "the scale must be a number from 0.5 to 4");
    }
}

#[test]
fn a_size_past_the_largest_side_at_its_scale() {
    fails(headless(&["--size", "9000x100", "--scale", "2"]), 2, "18000x200 pixels");
}

#[test]
fn size_not_a_size() {
    fails(headless(&["--size", "abc"]), 2, "WxH");
}

#[test]
fn frames_negative() {
    let mut cmd = goldberry();
    cmd.args(["--frames", "-1", "--video-driver=dummy"]);
    fails(cmd, 2, "the frame count must be a whole number, 0 or more, not `-1`");
}

#[test]
fn threads_zero_negative_or_huge() {
    // 100,000 once overflowed a thread's stack (an abort, exit 134) instead of saying the range.
    for bad in ["0", "-1", "100000"] {
        fails(headless(&["--threads", bad]), 2, "the thread count must be a whole number from 1 to 256");
    }
}

#[test]
fn fps_limit_negative() {
    fails(headless(&["--fps-limit", "-1"]), 2, "the frame rate must be a whole number, 0 (unpaced) or more");
}

#[test]
fn style_without_a_document_names_the_flag_it_needs() {
    fails(headless(&["--style", "x.css"]), 2, "not provided: --doc <FILE.kdl>");
}

#[test]
fn unwritable_screenshot_fails_before_rendering_and_leaves_nothing() {
    let dir = temp_dir("bad-input", "screenshot");
    let path = dir.join("no-such-dir").join("s.png");
    let line = fails(headless(&["--screenshot", path.to_str().unwrap()]), 6, "s.png");
    assert!(line.contains("cannot write"), "{line}");
    assert!(!path.exists());
    // A directory given as the screenshot path is refused the same way, and left alone.
    fails(headless(&["--screenshot", dir.to_str().unwrap()]), 6, "directory");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn unwritable_report() {
    let dir = temp_dir("bad-input", "report");
    let path = dir.join("missing").join("r.json");
    fails(headless(&["--report", path.to_str().unwrap()]), 6, "r.json");
}

#[test]
fn natives_dir_missing() {
    let dir = temp_dir("bad-input", "natives-missing").join("not-there");
    fails(headless(&["--natives-dir", dir.to_str().unwrap()]), 3, "does not exist");
}

#[test]
fn corrupt_libgoldberry() {
    let dir = temp_dir("bad-input", "corrupt");
    // Bytes that are no ELF file (a fixed pseudo-random sequence).
    let mut x: u32 = 0x1234_5678;
    let bytes: Vec<u8> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect();
    std::fs::write(dir.join("libgoldberry.so"), bytes).unwrap();
    fails(headless(&["--natives-dir", dir.to_str().unwrap()]), 3, "libgoldberry");
}

fn build_abi_999(dir: &Path) {
    let src = dir.join("abi.c");
    std::fs::write(&src, "unsigned int goldberry_abi_version(void) { return 999; }\n").unwrap();
    let status = Command::new("cc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(dir.join("libgoldberry.so"))
        .arg(&src)
        .status()
        .expect("run cc");
    assert!(status.success());
}

#[test]
fn libgoldberry_of_another_abi_version() {
    let dir = temp_dir("bad-input", "abi");
    build_abi_999(&dir);
    let line = fails(headless(&["--natives-dir", dir.to_str().unwrap()]), 3, "999");
    assert!(line.contains("ABI version"), "{line}");
}

#[test]
fn missing_fonts() {
    let dir = temp_dir("bad-input", "fonts");
    let line = fails(headless(&["--font-dir", dir.to_str().unwrap()]), 5, "fonts-inter");
    assert!(line.contains("not found"), "{line}");
}

#[test]
fn unknown_video_driver() {
    let mut cmd = goldberry();
    cmd.args(["--frames=1", "--video-driver=nosuchdriver"]);
    fails(cmd, 4, "nosuchdriver");
}

#[test]
fn no_display_says_how_to_run_headless() {
    let mut cmd = goldberry();
    cmd.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    let line = fails(cmd, 4, "goldberry --frames=60 --video-driver=dummy");
    assert!(line.contains("no display found"), "{line}");
}

/// Every name `--help` offers for `--screen` is one the program accepts, and an old name is refused with the list.
#[test]
fn the_screen_names_help_offers_are_the_ones_accepted() {
    let out = goldberry().arg("--help").output().expect("run goldberry --help");
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = help.lines().find(|l| l.contains("--screen <NAME>")).expect("--screen in --help").to_owned();
    let list = line.split("[possible values: ").nth(1).and_then(|s| s.split(']').next()).expect("a list of names");
    let names: Vec<&str> = list.split(", ").collect();
    assert_eq!(names.len(), 10, "{line}");
    assert!(names.contains(&"layout") && !names.contains(&"playground"), "{line}");
    let tutorial = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs/tutorial.kdl");
    let tutorial = tutorial.to_str().expect("a UTF-8 path");
    for name in names {
        // The document screen is the page `--doc` names; without one, the name is refused with the reason.
        let args: &[&str] =
            if name == "document" { &["--screen", name, "--doc", tutorial] } else { &["--screen", name] };
        let out = headless(args).output().expect("run goldberry");
        assert!(out.status.success(), "--screen {name}: {}", String::from_utf8_lossy(&out.stderr));
    }
    fails(headless(&["--screen", "document"]), 2, "needs --doc");
    let refused = fails(headless(&["--screen", "playground"]), 2, "playground");
    assert!(refused.contains("layout"), "the error lists the names: {refused}");
}

/// `--cpu-level` takes the names `--help` lists (the baseline and the CPU's own run), and refuses another with the
/// list on its one line.
#[test]
fn a_cpu_level_is_one_of_the_names_help_offers() {
    let out = goldberry().arg("--help").output().expect("run goldberry --help");
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = help.lines().find(|l| l.contains("--cpu-level <LEVEL>")).expect("--cpu-level in --help").to_owned();
    for name in ["sse2", "native"] {
        let out = headless(&["--cpu-level", name]).output().expect("run goldberry");
        assert!(out.status.success(), "--cpu-level {name}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let refused = fails(headless(&["--cpu-level", "avx1024"]), 2, "avx1024");
    assert!(refused.contains("sse2") && refused.contains("avx512"), "the error lists the names: {refused}; {line}");
}
