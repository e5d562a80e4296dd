//! Comparing pictures with the goldens: where they are, how far two pictures differ, and a picture of where.

use std::path::PathBuf;

use goldberry::shell::screenshot::RgbImage;

/// The repository's root.
pub fn repo_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Where a failed comparison writes its expected, actual and diff images.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| repo_dir().join("target"), PathBuf::from).join("golden")
}

/// (largest channel difference, pixels with a channel more than `tolerance` off).
pub fn compare(expected: &RgbImage, actual: &RgbImage, tolerance: u8) -> (u8, usize) {
    let mut worst = 0;
    let mut differing = 0;
    for (e, a) in expected.data.chunks_exact(3).zip(actual.data.chunks_exact(3)) {
        let d = e.iter().zip(a).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
        worst = worst.max(d);
        if d > tolerance {
            differing += 1;
        }
    }
    (worst, differing)
}

/// The expected picture darkened, with the pixels more than 2 levels off in red-magenta.
pub fn diff_image(expected: &RgbImage, actual: &RgbImage) -> RgbImage {
    let data = expected
        .data
        .chunks_exact(3)
        .zip(actual.data.chunks_exact(3))
        .flat_map(|(e, a)| {
            let d = e.iter().zip(a).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
            if d > 2 { [255, 0, (d as u16 * 4).min(255) as u8] } else { [e[0] / 4, e[1] / 4, e[2] / 4] }
        })
        .collect();
    RgbImage { width: expected.width, height: expected.height, data }
}
