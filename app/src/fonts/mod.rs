//! The font book: every font the scene and the HUD draw with.
//!
//! Three primary faces ([`Face::Sans`] Inter for prose, [`Face::SansBold`] Inter SemiBold for titles,
//! [`Face::Mono`] JetBrains Mono for numbers and code), each loaded twice from the same file: as a Blend2D face (to
//! draw) and as a HarfBuzz face and font (to shape). When Inter or JetBrains Mono is missing, DejaVu Sans (Bold,
//! Mono) stands in, with a warning. A [`FontId`](crate::geom::FontId) is a face at a pixel size, for ever;
//! [`FontBook::blend2d_font`] makes its Blend2D font, and the book keeps the [`MAX_FONTS`] used last (`ids`).
//!
//! **Fallback faces** ([`Face::FALLBACKS`]: DejaVu Sans, then Noto Sans Arabic, Hebrew, Devanagari and Thai from
//! `fonts-noto-core`, then Noto Color Emoji from `fonts-noto-color-emoji` for emoji in colour, Symbola from
//! `fonts-symbola` for what it lacks, then Droid Sans Fallback from `fonts-droid-fallback` for Chinese, Japanese and
//! Korean) draw what a primary face lacks ([`crate::text::itemize`] picks one per grapheme cluster).
//! They are loaded lazily, the first time a character the primary face lacks asks for them: most texts never
//! need them, and reading six more files at start would add to every launch (and every test's book) for
//! nothing. A missing fallback face is a warning, not an error: the chain skips it.
//!
//! Files are searched for, in order, in `$GOLDBERRY_FONT_DIR` (when set), then in the Debian font directories
//! ([`SYSTEM_FONT_DIRS`]) unless `GOLDBERRY_NO_SYSTEM_FONTS=1`; [`FontBook::load_from`] searches exactly the
//! directories it is given (tests use it to make a font go missing).
//!
//! `FontBook` is `Send + Sync`: raster threads read Blend2D fonts from it while the frame thread shapes.
//!
//! The book is cut by what each part does: [`Face`] and its files (`face`), where files are searched for
//! (`dirs`), what fails (`error`), loading faces (`load`), the ids of a face at a size (`ids`), line metrics
//! (`metrics`), shaping and layout (`shaping`), the fallback chain text layout walks (`chain`) and colour faces
//! (`colour`). This file
//! holds the book's own data.

mod chain;
mod colour;
mod dirs;
mod error;
mod face;
mod ids;
mod load;
mod metrics;
mod shaping;

use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use goldberry_natives::{Goldberry, blend2d, harfbuzz};

use crate::text::Shaper;

pub use dirs::{SYSTEM_FONT_DIRS, default_dirs};
pub use error::{FontError, INSTALL_HINT};
pub use face::Face;
pub use ids::MAX_FONTS;
pub use metrics::LineMetrics;

/// One face, loaded for both drawing and shaping.
struct LoadedFace {
    path: PathBuf,
    fallback: bool,
    family: &'static str,
    blend2d: blend2d::FontFace,
    /// The face `harfbuzz` is made from (it holds its own reference in HarfBuzz); read for its feature tags.
    harfbuzz_face: harfbuzz::Face,
    harfbuzz: harfbuzz::Font,
    units_per_em: u32,
    ascender: i32,
    descender: i32,
    line_gap: i32,
    /// Whether its glyphs are drawn in colour: a [`Face::colour`] face whose file has bitmaps or COLR glyphs.
    colour: bool,
    /// Whether its colour glyphs are COLR paint graphs or layers (and not bitmaps): painted through HarfBuzz's
    /// paint API and drawn by Blend2D from its outlines.
    colr: bool,
    /// The table its colour glyphs come from, as the report names it: "CBDT", "COLRv1" or "COLRv0"; `None` for a
    /// face drawn from outlines.
    colour_format: Option<&'static str>,
}

/// Every font the scene and the HUD use (see the module docs).
pub struct FontBook {
    g: &'static Goldberry,
    /// The primary faces, in [`Face::ALL`] order.
    faces: Vec<LoadedFace>,
    /// The fallback faces, in [`Face::FALLBACKS`] order: loaded on first use, `None` when missing.
    fallbacks: Vec<OnceLock<Option<LoadedFace>>>,
    /// Where the fallback faces are searched for.
    dirs: Vec<PathBuf>,
    /// The Blend2D fonts made for ids, the [`MAX_FONTS`] used last.
    fonts: Mutex<ids::Fonts>,
    /// Stands in for a font Blend2D could not make (out of memory).
    fallback: Arc<blend2d::Font>,
    shaper: Shaper,
}

impl FontBook {
    /// The libgoldberry the book's fonts were made by.
    pub fn natives(&self) -> &'static Goldberry {
        self.g
    }
}

impl fmt::Debug for FontBook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FontBook")
            .field("faces", &self.faces.iter().map(|face| &face.path).collect::<Vec<_>>())
            .field("fonts", &self.font_counts())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_book_is_send_and_sync() {
        fn assert<T: Send + Sync>() {}
        assert::<FontBook>();
    }
}
