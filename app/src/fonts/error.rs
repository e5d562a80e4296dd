//! [`FontError`]: a font that could not be found or loaded, and what to install.

use std::path::PathBuf;

use goldberry_natives::NativeError;

/// What to install when a font is missing.
pub const INSTALL_HINT: &str = "install fonts-inter / fonts-jetbrains-mono / fonts-dejavu-core (ci/setup does)";

/// A font could not be found or loaded.
#[derive(Debug, thiserror::Error)]
pub enum FontError {
    /// Neither the face's file nor its DejaVu fallback is in any directory searched.
    #[error("font {file} not found (nor its fallback {fallback}) in {}: {INSTALL_HINT}", dirs_list(searched))]
    Missing {
        /// The file wanted.
        file: &'static str,
        /// The fallback also looked for.
        fallback: &'static str,
        /// The directories searched.
        searched: Vec<PathBuf>,
    },
    /// A font file was found but Blend2D or HarfBuzz could not load it.
    #[error("font {} could not be loaded ({source}): {INSTALL_HINT}", path.display())]
    Unloadable {
        /// The file.
        path: PathBuf,
        /// What the native call said.
        source: NativeError,
    },
    /// Something else the book needs from HarfBuzz or Blend2D failed (a buffer, a feature, a font size).
    #[error("setting up fonts: {0}")]
    Native(#[from] NativeError),
}

fn dirs_list(dirs: &[PathBuf]) -> String {
    if dirs.is_empty() {
        return "no directory".to_owned();
    }
    dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
}
