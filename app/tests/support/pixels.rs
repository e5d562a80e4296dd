//! Comparing pictures with the goldens: where they are, how far two pictures differ, and a picture of where.
//!
//! A golden is compared exactly: every channel of every pixel equal. Where a difference is inherent, the golden's
//! test states a [`Bound`] with its reason next to it; there is no global share of pixels that may differ. A golden
//! that fails writes the actual picture and a diff image under the target dir's `golden-failures/` and names
//! both paths in its failure (record 19).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use goldberry::shell::screenshot::RgbImage;

/// The repository's root.
pub fn repo_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Where the goldens are.
pub fn golden_dir() -> PathBuf {
    repo_dir().join("assets/golden")
}

/// Whether this run takes the goldens again (`GOLDBERRY_BLESS=1`) instead of comparing with them.
pub fn blessing() -> bool {
    std::env::var_os("GOLDBERRY_BLESS").is_some_and(|v| v == "1")
}

/// The cargo target dir this test runs from: `CARGO_TARGET_DIR` when set, otherwise the folder above the test
/// binary's profile folder (`target/debug/deps/golden-…` gives `target`).
pub fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(dir);
    }
    let exe = std::env::current_exe().unwrap_or_default();
    exe.ancestors().nth(3).map_or_else(|| repo_dir().join("target"), Path::to_path_buf)
}

/// Where a failed comparison writes its actual and diff images.
pub fn failures_dir() -> PathBuf {
    target_dir().join("golden-failures")
}

/// How far a picture may be from its golden: at most `pixels` pixels may differ, each by at most `levels` in any
/// channel. [`Bound::EXACT`] unless a golden's test says why not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    pub levels: u8,
    pub pixels: usize,
    /// Why this golden cannot be exact (empty for an exact one).
    pub why: &'static str,
}

impl Bound {
    /// Every channel of every pixel equal.
    pub const EXACT: Bound = Bound { levels: 0, pixels: 0, why: "" };
}

/// How two pictures of one size differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Difference {
    /// Pixels with any channel off.
    pub pixels: usize,
    /// The largest channel difference.
    pub worst: u8,
}

impl Difference {
    /// Whether `bound` allows it.
    pub fn within(&self, bound: Bound) -> bool {
        self.pixels <= bound.pixels && self.worst <= bound.levels
    }
}

/// The largest channel difference of one pixel.
fn pixel_difference(e: &[u8], a: &[u8]) -> u8 {
    e.iter().zip(a).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0)
}

/// How `actual` differs from `expected` (pictures of one size).
pub fn difference(expected: &RgbImage, actual: &RgbImage) -> Difference {
    let mut d = Difference::default();
    for (e, a) in expected.data.chunks_exact(3).zip(actual.data.chunks_exact(3)) {
        let p = pixel_difference(e, a);
        if p > 0 {
            d.pixels += 1;
            d.worst = d.worst.max(p);
        }
    }
    d
}

/// (largest channel difference, pixels with a channel more than `tolerance` off).
pub fn compare(expected: &RgbImage, actual: &RgbImage, tolerance: u8) -> (u8, usize) {
    let mut worst = 0;
    let mut differing = 0;
    for (e, a) in expected.data.chunks_exact(3).zip(actual.data.chunks_exact(3)) {
        let d = pixel_difference(e, a);
        worst = worst.max(d);
        if d > tolerance {
            differing += 1;
        }
    }
    (worst, differing)
}

/// The expected picture darkened, with every pixel that differs marked by how far: one level in blue, two or three
/// in green, more in red (brighter the further off).
pub fn diff_image(expected: &RgbImage, actual: &RgbImage) -> RgbImage {
    let data = expected
        .data
        .chunks_exact(3)
        .zip(actual.data.chunks_exact(3))
        .flat_map(|(e, a)| match pixel_difference(e, a) {
            0 => [e[0] / 4, e[1] / 4, e[2] / 4],
            1 => [0, 128, 255],
            2..=3 => [0, 255, 0],
            d => [255, 0, (u16::from(d) * 4).min(255) as u8],
        })
        .collect();
    RgbImage { width: expected.width, height: expected.height, data }
}

/// Compares `actual` with `expected` under `bound`; on failure writes `<stem>-actual.png` and `<stem>-diff.png`
/// (and the expected picture, `<stem>-expected.png`) under [`failures_dir`] and returns a line naming both paths.
pub fn check(stem: &str, expected: &RgbImage, actual: &RgbImage, bound: Bound) -> Result<Difference, String> {
    if (expected.width, expected.height) != (actual.width, actual.height) {
        let (dir, actual_path, _) = failure_paths(stem);
        let written = std::fs::create_dir_all(&dir)
            .map_err(|e| e.to_string())
            .and_then(|()| actual.write_png(&actual_path).map_err(|e| e.to_string()));
        return Err(format!(
            "{stem}: {}x{} against the golden's {}x{}; actual: {} ({})",
            actual.width,
            actual.height,
            expected.width,
            expected.height,
            actual_path.display(),
            written.map_or_else(|e| e, |()| "written".into())
        ));
    }
    let d = difference(expected, actual);
    if d.within(bound) {
        return Ok(d);
    }
    let (dir, actual_path, diff_path) = failure_paths(stem);
    let written = std::fs::create_dir_all(&dir)
        .map_err(|e| e.to_string())
        .and_then(|()| actual.write_png(&actual_path).map_err(|e| e.to_string()))
        .and_then(|()| diff_image(expected, actual).write_png(&diff_path).map_err(|e| e.to_string()))
        .and_then(|()| expected.write_png(&dir.join(format!("{stem}-expected.png"))).map_err(|e| e.to_string()));
    let allowed = if bound == Bound::EXACT {
        "exact".to_owned()
    } else {
        format!("allowed {} pixels by {} levels: {}", bound.pixels, bound.levels, bound.why)
    };
    let line = format!(
        "{stem}: {} pixels differ, by up to {} levels ({allowed}); actual: {}, diff: {}{}",
        d.pixels,
        d.worst,
        actual_path.display(),
        diff_path.display(),
        written.map_or_else(|e| format!(" (not written: {e})"), |()| String::new())
    );
    eprintln!("{line}");
    Err(line)
}

/// The failures folder, and the actual and diff pictures' paths in it for `stem`.
fn failure_paths(stem: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = failures_dir();
    let (actual, diff) = (dir.join(format!("{stem}-actual.png")), dir.join(format!("{stem}-diff.png")));
    (dir, actual, diff)
}

/// Checks `actual` against the golden `name` (a file of assets/golden) under `bound`, or writes it there when
/// [`blessing`]; a failure is one line (see [`check`]). `test` names the test that takes it again.
pub fn golden(name: &str, actual: &RgbImage, bound: Bound, test: &str) -> Result<(), String> {
    let path = golden_dir().join(name);
    if blessing() {
        std::fs::create_dir_all(golden_dir()).map_err(|e| format!("{}: {e}", golden_dir().display()))?;
        actual.write_png(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("blessed {}", path.display());
        return Ok(());
    }
    let expected = RgbImage::read_png(&path)
        .map_err(|e| format!("{e}: take it with GOLDBERRY_BLESS=1 cargo test -p goldberry --test {test}"))?;
    check(name.trim_end_matches(".png"), &expected, actual, bound).map(|_| ())
}
