//! Where font files are searched for: `$GOLDBERRY_FONT_DIR`, then the Debian font directories, and the first
//! of a file (or its stand-in) among them.

use std::path::PathBuf;

/// The directories the Debian font packages install into, searched after `$GOLDBERRY_FONT_DIR`.
pub const SYSTEM_FONT_DIRS: [&str; 6] = [
    "/usr/share/fonts/opentype/inter",
    "/usr/share/fonts/truetype/jetbrains-mono",
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/truetype/noto",
    "/usr/share/fonts/truetype/ancient-scripts",
    // fonts-droid-fallback keeps the file with Hangul syllables here (the one it links into /usr/share/fonts has none).
    "/usr/share/fonts-droid-fallback/truetype",
];

/// The directories [`FontBook::load`](super::FontBook::load) searches: `$GOLDBERRY_FONT_DIR` first when set,
/// then [`SYSTEM_FONT_DIRS`] unless `GOLDBERRY_NO_SYSTEM_FONTS=1`.
pub fn default_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(dir) = std::env::var_os("GOLDBERRY_FONT_DIR").filter(|d| !d.is_empty()) {
        dirs.push(PathBuf::from(dir));
    }
    if std::env::var_os("GOLDBERRY_NO_SYSTEM_FONTS").is_none_or(|v| v != "1") {
        dirs.extend(SYSTEM_FONT_DIRS.iter().map(PathBuf::from));
    }
    dirs
}

/// The first of `file` in `dirs`, then the first of `fallback`; `(path, is_fallback)`.
pub(super) fn find(dirs: &[PathBuf], file: &str, fallback: &str) -> Option<(PathBuf, bool)> {
    let first = |name: &str| dirs.iter().map(|dir| dir.join(name)).find(|path| path.is_file());
    first(file).map(|path| (path, false)).or_else(|| first(fallback).map(|path| (path, true)))
}
