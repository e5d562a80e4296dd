//! Running the real binary from a test: a fresh temp dir, and the command with none of the caller's settings.
//!
//! Each test file uses part of it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// A fresh empty directory under the system temp dir, named for the test file (`suite`) and the test (`name`).
pub fn temp_dir(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("goldberry-{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temp dir");
    dir
}

/// The binary, with an environment that does not leak the caller's goldberry settings (every flag's variable).
pub fn goldberry() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_goldberry"));
    for var in [
        "GOLDBERRY_FRAMES",
        "GOLDBERRY_SIZE",
        "GOLDBERRY_THREADS",
        "GOLDBERRY_SCREEN",
        "GOLDBERRY_SCRIPT",
        "GOLDBERRY_SCREENSHOT",
        "GOLDBERRY_REPORT",
        "GOLDBERRY_TRACE",
        "GOLDBERRY_NATIVES_DIR",
        "GOLDBERRY_FONT_DIRS",
        "GOLDBERRY_FONT_DIR",
        "GOLDBERRY_FPS_LIMIT",
        "GOLDBERRY_CPU_LEVEL",
        "GOLDBERRY_DOC",
        "GOLDBERRY_STYLE",
        "GOLDBERRY_RECORD",
        "SDL_VIDEODRIVER",
        "RUST_LOG",
    ] {
        cmd.env_remove(var);
    }
    cmd
}
