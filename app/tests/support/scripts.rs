//! Playing a script against the real binary, headless, and reading its report; and a widget's box as the report
//! gives it, to aim at.
//!
//! Each test file uses part of it.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use crate::process::{self, temp_dir};

/// The binary, headless, with an environment that does not leak the caller's goldberry settings.
pub fn goldberry() -> Command {
    let mut cmd = process::goldberry();
    cmd.args(["--video-driver", "dummy", "--no-hud"]);
    cmd
}

pub fn output(mut cmd: Command) -> Output {
    let out = cmd.output().expect("run goldberry");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    out
}

/// Runs `cmd` with `--report` in `dir`, checks it succeeded and returns the report.
pub fn report(mut cmd: Command, dir: &Path) -> Value {
    let path = dir.join("report.json");
    cmd.arg("--report").arg(&path);
    let out = output(cmd);
    assert!(out.status.success(), "exit {:?}: {}", out.status.code(), String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&std::fs::read(&path).expect("the report")).expect("JSON")
}

/// Plays `script` on `screen` (lines are joined with newlines) in the default 960x640 window and returns the report.
pub fn play(suite: &str, name: &str, screen: &str, script: &[String]) -> Value {
    play_at(suite, name, screen, "960x640", script)
}

/// Plays `script` on `screen` in a window of `size` units and returns the report.
pub fn play_at(suite: &str, name: &str, screen: &str, size: &str, script: &[String]) -> Value {
    let dir = temp_dir(suite, name);
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = goldberry();
    cmd.args(["--screen", screen, "--size", size, "--script"]).arg(&path);
    let report = report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    report
}

/// A widget's box as the report gives it: `[x, y, w, h]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Box {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Box {
    pub fn of(value: &Value) -> Box {
        let n = |i: usize| value[i].as_f64().unwrap_or_else(|| panic!("no box in {value}"));
        Box { x: n(0), y: n(1), w: n(2), h: n(3) }
    }

    /// The point `fx`, `fy` of the way across and down, in whole pixels.
    pub fn at(&self, fx: f64, fy: f64) -> (i64, i64) {
        ((self.x + self.w * fx).floor() as i64, (self.y + self.h * fy).floor() as i64)
    }

    pub fn centre(&self) -> (i64, i64) {
        self.at(0.5, 0.5)
    }

    pub fn area(&self) -> f64 {
        self.w * self.h
    }
}
