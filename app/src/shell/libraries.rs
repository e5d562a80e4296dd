//! Which native libraries run: each one's version as the loaded library reports it, for `--version` and the
//! report (the status bar says the same, [`crate::scene::texts::libraries_item`]).

use std::path::Path;

use goldberry_natives::Goldberry;
use goldberry_natives::sdl::Sdl;
use serde::Serialize;

/// The native libraries' versions: Blend2D's runtime, Yoga's through the shim (Yoga has no version function),
/// HarfBuzz's `hb_version_string`, SDL's `SDL_GetVersion`; and where libgoldberry and SDL were loaded from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Libraries {
    pub blend2d: String,
    pub yoga: String,
    pub harfbuzz: String,
    pub sdl: String,
    pub libgoldberry_path: String,
    pub sdl_path: String,
}

impl Libraries {
    /// Asks the loaded libgoldberry, and SDL loaded as the run loads it (from `natives_dir` first); a library that
    /// does not answer is "?", with its error as the path.
    pub fn of(g: &'static Goldberry, natives_dir: Option<&Path>) -> Libraries {
        let unknown = || "?".to_owned();
        let (blend2d, yoga, harfbuzz) = match g.versions() {
            Ok(v) => (v.blend2d, v.yoga, v.harfbuzz),
            Err(_) => (unknown(), unknown(), unknown()),
        };
        let (sdl, sdl_path) = match Sdl::load(natives_dir) {
            Ok(sdl) => {
                let (major, minor, patch) = sdl.version();
                (format!("{major}.{minor}.{patch}"), sdl.path().to_owned())
            }
            Err(error) => (unknown(), error.to_string().lines().next().unwrap_or_default().to_owned()),
        };
        Libraries { blend2d, yoga, harfbuzz, sdl, libgoldberry_path: g.path().to_owned(), sdl_path }
    }

    /// `--version`'s lines after the program's own: one per library.
    pub fn lines(&self) -> String {
        format!(
            "Blend2D {} (libgoldberry: {})\nYoga {} (the shim's, libgoldberry)\nHarfBuzz {} (libgoldberry)\nSDL {} ({})\n",
            self.blend2d, self.libgoldberry_path, self.yoga, self.harfbuzz, self.sdl, self.sdl_path
        )
    }
}
