//! Loading faces, each from its file twice: as a Blend2D face (to draw) and as a HarfBuzz face and font (to
//! shape). The primary faces load with the book; a fallback face loads the first time it is asked for.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use goldberry_natives::{Goldberry, NativeError, blend2d, harfbuzz};

use super::dirs::find;
use super::{Face, FontBook, FontError, LoadedFace, default_dirs};
use crate::geom::FontId;
use crate::text::Shaper;

fn load_face(g: &'static Goldberry, face: Face, dirs: &[PathBuf]) -> Result<LoadedFace, FontError> {
    let (path, fallback) = find(dirs, face.file(), face.fallback_file()).ok_or_else(|| FontError::Missing {
        file: face.file(),
        fallback: face.fallback_file(),
        searched: dirs.to_vec(),
    })?;
    if fallback {
        tracing::warn!("font {} not found; using {} instead (install {})", face.file(), path.display(), face.package());
    }
    load_file(g, face, path, fallback, dirs)
}

/// Loads a fallback face from `path` (no stand-in: a missing fallback is skipped).
fn load_fallback(g: &'static Goldberry, face: Face, path: PathBuf, dirs: &[PathBuf]) -> Result<LoadedFace, FontError> {
    load_file(g, face, path, false, dirs)
}

fn load_file(
    g: &'static Goldberry,
    face: Face,
    path: PathBuf,
    fallback: bool,
    dirs: &[PathBuf],
) -> Result<LoadedFace, FontError> {
    let unloadable = |source| FontError::Unloadable { path: path.clone(), source };
    let mut stood_in = false;
    let blend2d = match blend2d::FontFace::from_file(g, &path) {
        Ok(blend2d) => blend2d,
        // The beta refuses a face without outlines (Noto Color Emoji has only CBDT bitmaps:
        // BL_ERROR_FONT_MISSING_IMPORTANT_TABLE). A colour face is never drawn by Blend2D, only sized by it: the
        // DejaVu face stands in for that.
        Err(_) if face.colour().is_some() => {
            let Some((stand_in, _)) = find(dirs, face.fallback_file(), face.fallback_file()) else {
                return Err(unloadable(NativeError::InvalidArgument(format!(
                    "Blend2D does not load a face without outlines, and {} is not there to size it",
                    face.fallback_file()
                ))));
            };
            stood_in = true;
            blend2d::FontFace::from_file(g, &stand_in).map_err(unloadable)?
        }
        Err(error) => return Err(unloadable(error)),
    };
    let harfbuzz_face = harfbuzz::Face::from_file(g, &path, 0).map_err(unloadable)?;
    let harfbuzz = harfbuzz::Font::new(&harfbuzz_face).map_err(unloadable)?;
    let units_per_em = harfbuzz.units_per_em();
    if units_per_em == 0 {
        return Err(unloadable(NativeError::InvalidArgument("the face has 0 units per em".into())));
    }
    let (ascender, descender, line_gap) = harfbuzz.extents();
    let colr = !harfbuzz_face.has_png() && (harfbuzz_face.has_paint() || harfbuzz_face.has_layers());
    let colour = face.colour().is_some() && (harfbuzz_face.has_png() || colr);
    let colour_format = match (colour, colr) {
        (false, _) => None,
        (true, false) => Some("CBDT"),
        (true, true) if harfbuzz_face.has_paint() => Some("COLRv1"),
        (true, true) => Some("COLRv0"),
    };
    if stood_in && !colour {
        // Neither outlines Blend2D draws nor bitmaps: nothing of it could be drawn.
        return Err(unloadable(NativeError::InvalidArgument(
            "the face has neither outlines nor colour bitmaps".into(),
        )));
    }
    if face.colour().is_some() && !colour {
        tracing::warn!("{} has no colour bitmaps: its glyphs are drawn as outlines", path.display());
    }
    Ok(LoadedFace {
        path,
        fallback,
        family: if fallback { face.fallback_family() } else { face.family() },
        blend2d,
        harfbuzz_face,
        harfbuzz,
        units_per_em,
        ascender,
        descender,
        line_gap,
        colour,
        colr,
        colour_format,
    })
}

impl FontBook {
    /// Loads every face from [`default_dirs`].
    pub fn load(g: &'static Goldberry) -> Result<FontBook, FontError> {
        Self::load_from(g, &default_dirs())
    }

    /// Loads every face, searching exactly `dirs` in order (for each face: its own file in every directory,
    /// then its DejaVu fallback in every directory).
    pub fn load_from(g: &'static Goldberry, dirs: &[PathBuf]) -> Result<FontBook, FontError> {
        let faces = Face::ALL.iter().map(|&face| load_face(g, face, dirs)).collect::<Result<Vec<_>, _>>()?;
        let shaper = Shaper::new(harfbuzz::Buffer::new(g)?);
        let fallback = Arc::new(blend2d::Font::new(&faces[0].blend2d, Face::Sans.default_size())?);
        let book = FontBook {
            g,
            faces,
            fallbacks: Face::FALLBACKS.iter().map(|_| OnceLock::new()).collect(),
            dirs: dirs.to_vec(),
            fonts: Mutex::default(),
            fallback,
            shaper,
        };
        // Each face's default size made now: a book that cannot make fonts fails here, not in the first frame.
        for face in Face::ALL {
            book.make(book.id(face, face.default_size()))?;
        }
        Ok(book)
    }

    /// The file each face was loaded from, and whether it is the DejaVu fallback.
    pub fn files(&self) -> Vec<(Face, &Path, bool)> {
        Face::ALL
            .iter()
            .zip(&self.faces)
            .map(|(&face, loaded)| (face, loaded.path.as_path(), loaded.fallback))
            .collect()
    }

    /// The file the face at `index` of [`Face::EVERY`] was loaded from (`None`: no such face, or not installed).
    pub fn path_of(&self, index: usize) -> Option<&Path> {
        self.loaded(*Face::EVERY.get(index)?).map(|loaded| loaded.path.as_path())
    }

    /// The loaded `face`: a primary face always, a fallback face loaded now if this is its first use (`None`,
    /// with a warning once, when it is not installed).
    pub(super) fn loaded(&self, face: Face) -> Option<&LoadedFace> {
        if face.is_primary() {
            return self.faces.get(face.index());
        }
        let slot = self.fallbacks.get(face.index() - Face::ALL.len())?;
        slot.get_or_init(|| {
            let first = |name: &str| self.dirs.iter().map(|dir| dir.join(name)).find(|path| path.is_file());
            let Some(path) = first(face.file()) else {
                tracing::warn!("fallback font {} not found: install {}", face.file(), face.package());
                return None;
            };
            match load_fallback(self.g, face, path, &self.dirs) {
                Ok(loaded) => Some(loaded),
                Err(error) => {
                    tracing::warn!("fallback font {:?} could not be loaded: {error}", face.file());
                    None
                }
            }
        })
        .as_ref()
    }

    /// The loaded face `face`, or the primary Inter when it is missing.
    pub(super) fn loaded_or_sans(&self, face: Face) -> &LoadedFace {
        self.loaded(face).unwrap_or(&self.faces[0])
    }

    /// The family name of the file `font`'s face was loaded from ("DejaVu Sans" when it stands in for Inter).
    pub fn family(&self, font: FontId) -> &'static str {
        self.loaded_or_sans(self.face(font)).family
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use crate::fonts::{Face, FontBook, SYSTEM_FONT_DIRS};
    use crate::test_support::{book, natives};

    #[test]
    fn loads_inter_and_jetbrains_mono() {
        let book = book();
        let files = book.files();
        assert!(files[0].1.ends_with("Inter-Regular.otf"), "{files:?}");
        assert!(files[1].1.ends_with("Inter-SemiBold.otf"), "{files:?}");
        assert!(files[2].1.ends_with("JetBrainsMono-Regular.ttf"), "{files:?}");
        assert!(files.iter().all(|f| !f.2));
    }

    #[test]
    fn a_missing_font_names_the_file_and_the_packages() {
        let empty = std::env::temp_dir().join(format!("goldberry-no-fonts-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&empty);
        let error = match FontBook::load_from(natives(), std::slice::from_ref(&empty)) {
            Ok(_) => panic!("no font can load from an empty directory"),
            Err(e) => e,
        };
        let message = error.to_string();
        assert!(message.contains("Inter-Regular.otf") && message.contains("DejaVuSans.ttf"), "{message}");
        assert!(message.contains("fonts-inter") && message.contains("fonts-dejavu-core"), "{message}");
        assert!(message.contains(&empty.display().to_string()), "{message}");
        let _ = std::fs::remove_dir(&empty);
    }

    #[test]
    fn dejavu_stands_in_for_a_missing_face() {
        let dirs = [PathBuf::from(SYSTEM_FONT_DIRS[2])];
        let book = match FontBook::load_from(natives(), &dirs) {
            Ok(book) => book,
            Err(e) => panic!("{e}"),
        };
        let files = book.files();
        assert!(files.iter().all(|f| f.2), "{files:?}");
        assert!(files[2].1.ends_with("DejaVuSansMono.ttf"));
        assert!(!book.shape(book.id(Face::Mono, 12.0), "0123").is_empty());
    }
}
