//! Where font files are searched for: `$GOLDBERRY_FONT_DIR`, then the Debian font directories and the one
//! ci/setup builds the COLR sample into, and the first of a file (or its stand-in) among them.

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
        dirs.extend(sample_dir());
    }
    dirs
}

/// Where ci/setup installs the COLR v1 sample font it builds (`Face::ColourSample`): the user's data directory,
/// so no root is needed for a file that is not a Debian package's.
pub fn sample_dir() -> Option<PathBuf> {
    let home = || std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|h| PathBuf::from(h).join(".local/share"));
    let data = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()).map(PathBuf::from).or_else(home)?;
    Some(data.join("fonts/goldberry"))
}

/// The first of `file` in `dirs`, then the first of `fallback`; `(path, is_fallback)`.
pub(super) fn find(dirs: &[PathBuf], file: &str, fallback: &str) -> Option<(PathBuf, bool)> {
    let first = |name: &str| dirs.iter().map(|dir| dir.join(name)).find(|path| path.is_file());
    first(file).map(|path| (path, false)).or_else(|| first(fallback).map(|path| (path, true)))
}
