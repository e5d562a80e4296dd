//! The font book: every font the scene and the HUD draw with.
//!
//! Three primary faces ([`Face::Sans`] Inter for prose, [`Face::SansBold`] Inter SemiBold for titles,
//! [`Face::Mono`] JetBrains Mono for numbers and code), each loaded twice from the same file: as a Blend2D face (to
//! draw) and as a HarfBuzz face and font (to shape). When Inter or JetBrains Mono is missing, DejaVu Sans (Bold,
//! Mono) stands in, with a warning. A [`FontId`] names a face at a pixel size; [`FontBook::id`] creates the
//! Blend2D font for a new pair once and returns the same id for it ever after.
//!
//! **Fallback faces** ([`Face::FALLBACKS`]: DejaVu Sans, then Noto Sans Arabic, Hebrew, Devanagari and Thai from
//! `fonts-noto-core`, then Symbola from `fonts-symbola` for emoji) draw what a primary face lacks ([`crate::text::itemize`] picks one per grapheme cluster).
//! They are loaded lazily, the first time a character the primary face lacks asks for them: most texts never
//! need them, and reading six more files at start would add to every launch (and every test's book) for
//! nothing. A missing fallback face is a warning, not an error: the chain skips it.
//!
//! Files are searched for, in order, in `$GOLDBERRY_FONT_DIR` (when set), then in the Debian font directories
//! ([`SYSTEM_FONT_DIRS`]) unless `GOLDBERRY_NO_SYSTEM_FONTS=1`; [`FontBook::load_from`] searches exactly the
//! directories it is given (tests use it to make a font go missing).
//!
//! `FontBook` is `Send + Sync`: raster threads read Blend2D fonts from it while the frame thread shapes.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use goldberry_natives::glyphs::GlyphRun;
use goldberry_natives::{Goldberry, NativeError, blend2d, harfbuzz};

use crate::geom::FontId;
use crate::text::{self, FaceIndex, FaceSet, Line, Paragraph, ShapedPiece, Shaper, TextStyle};

/// The directories the Debian font packages install into, searched after `$GOLDBERRY_FONT_DIR`.
pub const SYSTEM_FONT_DIRS: [&str; 5] = [
    "/usr/share/fonts/opentype/inter",
    "/usr/share/fonts/truetype/jetbrains-mono",
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/truetype/noto",
    "/usr/share/fonts/truetype/ancient-scripts",
];

/// What to install when a font is missing.
pub const INSTALL_HINT: &str = "install fonts-inter / fonts-jetbrains-mono / fonts-dejavu-core (ci/setup does)";

/// How many (face, size) fonts a book holds at most; past that, [`FontBook::id`] reuses the nearest size.
pub const MAX_FONTS: usize = 64;

/// A typeface the app draws with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Inter Regular (prose).
    Sans,
    /// Inter SemiBold (titles).
    SansBold,
    /// JetBrains Mono Regular (numbers, code).
    Mono,
    /// DejaVu Sans, the first fallback (wide coverage: Latin, Greek, Cyrillic, symbols, some Arabic and Hebrew).
    DejaVuSans,
    /// Noto Sans Arabic (fallback).
    NotoArabic,
    /// Noto Sans Hebrew (fallback).
    NotoHebrew,
    /// Noto Sans Devanagari (fallback).
    NotoDevanagari,
    /// Noto Sans Thai (fallback).
    NotoThai,
    /// Symbola (fallback): emoji and symbols as outlines, which Blend2D draws (colour emoji fonts are bitmaps).
    Symbola,
}

impl Face {
    /// The primary faces, loaded at start, in the book's order.
    pub const ALL: [Face; 3] = [Face::Sans, Face::SansBold, Face::Mono];

    /// The fallback chain after the primary face, in order, loaded when first needed.
    pub const FALLBACKS: [Face; 6] =
        [Face::DejaVuSans, Face::NotoArabic, Face::NotoHebrew, Face::NotoDevanagari, Face::NotoThai, Face::Symbola];

    /// Every face, primary then fallback; a face's place here is its [`Face::index`].
    pub const EVERY: [Face; 9] = [
        Face::Sans,
        Face::SansBold,
        Face::Mono,
        Face::DejaVuSans,
        Face::NotoArabic,
        Face::NotoHebrew,
        Face::NotoDevanagari,
        Face::NotoThai,
        Face::Symbola,
    ];

    /// The face's place in [`Face::EVERY`] (the primary faces' places are theirs in [`Face::ALL`]).
    pub const fn index(self) -> usize {
        match self {
            Face::Sans => 0,
            Face::SansBold => 1,
            Face::Mono => 2,
            Face::DejaVuSans => 3,
            Face::NotoArabic => 4,
            Face::NotoHebrew => 5,
            Face::NotoDevanagari => 6,
            Face::NotoThai => 7,
            Face::Symbola => 8,
        }
    }

    /// Whether the face is one of the primary ones, loaded at start.
    pub const fn is_primary(self) -> bool {
        self.index() < Face::ALL.len()
    }

    /// The file wanted for this face.
    pub const fn file(self) -> &'static str {
        match self {
            Face::Sans => "Inter-Regular.otf",
            Face::SansBold => "Inter-SemiBold.otf",
            Face::Mono => "JetBrainsMono-Regular.ttf",
            Face::DejaVuSans => "DejaVuSans.ttf",
            Face::NotoArabic => "NotoSansArabic-Regular.ttf",
            Face::NotoHebrew => "NotoSansHebrew-Regular.ttf",
            Face::NotoDevanagari => "NotoSansDevanagari-Regular.ttf",
            Face::NotoThai => "NotoSansThai-Regular.ttf",
            Face::Symbola => "Symbola_hint.ttf",
        }
    }

    /// The DejaVu file that stands in when [`Face::file`] is missing.
    pub const fn fallback_file(self) -> &'static str {
        match self {
            Face::SansBold => "DejaVuSans-Bold.ttf",
            Face::Mono => "DejaVuSansMono.ttf",
            _ => "DejaVuSans.ttf",
        }
    }

    /// The family name of [`Face::file`].
    pub const fn family(self) -> &'static str {
        match self {
            Face::Sans => "Inter",
            Face::SansBold => "Inter SemiBold",
            Face::Mono => "JetBrains Mono",
            Face::DejaVuSans => "DejaVu Sans",
            Face::NotoArabic => "Noto Sans Arabic",
            Face::NotoHebrew => "Noto Sans Hebrew",
            Face::NotoDevanagari => "Noto Sans Devanagari",
            Face::NotoThai => "Noto Sans Thai",
            Face::Symbola => "Symbola",
        }
    }

    /// The family name of [`Face::fallback_file`].
    const fn fallback_family(self) -> &'static str {
        match self {
            Face::SansBold => "DejaVu Sans Bold",
            Face::Mono => "DejaVu Sans Mono",
            _ => "DejaVu Sans",
        }
    }

    /// The Debian package that installs [`Face::file`].
    pub const fn package(self) -> &'static str {
        match self {
            Face::Sans | Face::SansBold => "fonts-inter",
            Face::Mono => "fonts-jetbrains-mono",
            Face::DejaVuSans => "fonts-dejavu-core",
            Face::Symbola => "fonts-symbola",
            _ => "fonts-noto-core",
        }
    }

    /// The size a book creates up front for this face.
    const fn default_size(self) -> f32 {
        match self {
            Face::Mono => 13.0,
            _ => 14.0,
        }
    }
}

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

/// Pixel metrics of a font, y down: the baseline is `ascent` below a line's top.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineMetrics {
    /// From the top of a line to its baseline.
    pub ascent: f32,
    /// From the baseline to the bottom of the glyphs (positive).
    pub descent: f32,
    /// From one baseline to the next.
    pub line_height: f32,
}

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
}

/// A face at a pixel size.
struct SizedFont {
    face: Face,
    size_px: f32,
    font: blend2d::Font,
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
    /// `FontId(i)` is `slots[i]`; slots fill in order and are never replaced, so a `&blend2d::Font` handed out
    /// stays valid for the book's life.
    slots: Vec<OnceLock<SizedFont>>,
    /// The (face, size in 1/64 px) of every filled slot, in slot order; guards slot creation.
    ids: Mutex<Vec<(Face, u32)>>,
    /// Stands in for an id that names no slot (never happens for ids this book gave out).
    fallback: blend2d::Font,
    shaper: Shaper,
}

impl fmt::Debug for FontBook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FontBook")
            .field("faces", &self.faces.iter().map(|face| &face.path).collect::<Vec<_>>())
            .field("fonts", &self.ids.lock().unwrap_or_else(PoisonError::into_inner).len())
            .finish_non_exhaustive()
    }
}

/// The directories [`FontBook::load`] searches: `$GOLDBERRY_FONT_DIR` first when set, then [`SYSTEM_FONT_DIRS`]
/// unless `GOLDBERRY_NO_SYSTEM_FONTS=1`.
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
fn find(dirs: &[PathBuf], file: &str, fallback: &str) -> Option<(PathBuf, bool)> {
    let first = |name: &str| dirs.iter().map(|dir| dir.join(name)).find(|path| path.is_file());
    first(file).map(|path| (path, false)).or_else(|| first(fallback).map(|path| (path, true)))
}

fn quantize(size_px: f32) -> u32 {
    (size_px.clamp(1.0, 1024.0) * 64.0).round() as u32
}

fn load_face(g: &'static Goldberry, face: Face, dirs: &[PathBuf]) -> Result<LoadedFace, FontError> {
    let (path, fallback) = find(dirs, face.file(), face.fallback_file()).ok_or_else(|| FontError::Missing {
        file: face.file(),
        fallback: face.fallback_file(),
        searched: dirs.to_vec(),
    })?;
    if fallback {
        tracing::warn!("font {} not found; using {} instead (install {})", face.file(), path.display(), face.package());
    }
    load_file(g, face, path, fallback)
}

/// Loads a fallback face from `path` (no stand-in: a missing fallback is skipped).
fn load_fallback(g: &'static Goldberry, face: Face, path: PathBuf) -> Result<LoadedFace, FontError> {
    load_file(g, face, path, false)
}

fn load_file(g: &'static Goldberry, face: Face, path: PathBuf, fallback: bool) -> Result<LoadedFace, FontError> {
    let unloadable = |source| FontError::Unloadable { path: path.clone(), source };
    let blend2d = blend2d::FontFace::from_file(g, &path).map_err(unloadable)?;
    let harfbuzz_face = harfbuzz::Face::from_file(g, &path, 0).map_err(unloadable)?;
    let harfbuzz = harfbuzz::Font::new(&harfbuzz_face).map_err(unloadable)?;
    let units_per_em = harfbuzz.units_per_em();
    if units_per_em == 0 {
        return Err(unloadable(NativeError::InvalidArgument("the face has 0 units per em".into())));
    }
    let (ascender, descender, line_gap) = harfbuzz.extents();
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
        let fallback = blend2d::Font::new(&faces[0].blend2d, Face::Sans.default_size())?;
        let book = FontBook {
            g,
            faces,
            fallbacks: Face::FALLBACKS.iter().map(|_| OnceLock::new()).collect(),
            dirs: dirs.to_vec(),
            slots: (0..MAX_FONTS).map(|_| OnceLock::new()).collect(),
            ids: Mutex::default(),
            fallback,
            shaper,
        };
        for face in Face::ALL {
            book.create(face, face.default_size())?;
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

    /// The loaded `face`: a primary face always, a fallback face loaded now if this is its first use (`None`,
    /// with a warning once, when it is not installed).
    fn loaded(&self, face: Face) -> Option<&LoadedFace> {
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
            match load_fallback(self.g, face, path) {
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
    fn loaded_or_sans(&self, face: Face) -> &LoadedFace {
        self.loaded(face).unwrap_or(&self.faces[0])
    }

    /// Creates the font for (face, size) in the next slot.
    fn create(&self, face: Face, size_px: f32) -> Result<FontId, NativeError> {
        let mut ids = self.ids.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (face, quantize(size_px));
        if let Some(i) = ids.iter().position(|&k| k == key) {
            return Ok(FontId(i as u16));
        }
        let i = ids.len();
        let slot = self
            .slots
            .get(i)
            .ok_or_else(|| NativeError::InvalidArgument(format!("the font book is full ({MAX_FONTS} fonts)")))?;
        let size_px = key.1 as f32 / 64.0;
        let font = blend2d::Font::new(&self.loaded_or_sans(face).blend2d, size_px)?;
        // The lock is held, so nobody else fills slot `i`.
        let _ = slot.set(SizedFont { face, size_px, font });
        ids.push(key);
        Ok(FontId(i as u16))
    }

    /// The id of `face` at `size_px` pixels per em (sizes are kept to 1/64 px), creating its Blend2D font the
    /// first time. Should creating it fail (or the book be full), the id of the same face's nearest size is
    /// returned and a warning logged.
    pub fn id(&self, face: Face, size_px: f32) -> FontId {
        {
            let ids = self.ids.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(i) = ids.iter().position(|&k| k == (face, quantize(size_px))) {
                return FontId(i as u16);
            }
        }
        match self.create(face, size_px) {
            Ok(id) => id,
            Err(error) => {
                tracing::warn!("no {face:?} font at {size_px} px ({error}); using the nearest size");
                let ids = self.ids.lock().unwrap_or_else(PoisonError::into_inner);
                let wanted = quantize(size_px);
                let nearest = ids
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| k.0 == face)
                    .min_by_key(|(_, k)| k.1.abs_diff(wanted))
                    .map_or(0, |(i, _)| i);
                FontId(nearest as u16)
            }
        }
    }

    fn slot(&self, id: FontId) -> Option<&SizedFont> {
        self.slots.get(usize::from(id.0)).and_then(OnceLock::get)
    }

    /// The Blend2D font `id` names, to draw with (an id this book did not give out gets a default font).
    pub fn blend2d_font(&self, id: FontId) -> &blend2d::Font {
        self.slot(id).map_or(&self.fallback, |slot| &slot.font)
    }

    /// The face `id` names.
    pub fn face(&self, id: FontId) -> Face {
        self.slot(id).map_or(Face::Sans, |slot| slot.face)
    }

    /// The pixel size `id` names.
    pub fn size_px(&self, id: FontId) -> f32 {
        self.slot(id).map_or(Face::Sans.default_size(), |slot| slot.size_px)
    }

    /// The line metrics of `id`, in pixels (from the face's horizontal extents).
    pub fn metrics(&self, id: FontId) -> LineMetrics {
        let face = self.loaded_or_sans(self.face(id));
        let scale = self.size_px(id) / face.units_per_em as f32;
        let ascent = face.ascender as f32 * scale;
        let descent = -face.descender as f32 * scale;
        LineMetrics { ascent, descent, line_height: ascent + descent + face.line_gap.max(0) as f32 * scale }
    }

    /// `text` shaped in `id`'s face with kerning and ligatures, cached per face and text. Should HarfBuzz fail
    /// (it only does out of memory), the error is logged and the run is empty: see [`FontBook::try_shape`].
    pub fn shape(&self, id: FontId, text: &str) -> Arc<GlyphRun> {
        self.try_shape(id, text).unwrap_or_else(|error| {
            tracing::warn!("shaping {text:?} failed: {error}");
            Arc::new(GlyphRun::default())
        })
    }

    /// `text` composed from one cached run per character instead of shaped whole: for figures that change every
    /// frame in a monospaced face, which has no kerning or ligatures between digits, so the composition is what
    /// shaping the whole string gives, and the cache holds one entry per character rather than one per value.
    pub fn compose(&self, id: FontId, text: &str) -> GlyphRun {
        let mut run = GlyphRun::default();
        let mut buf = [0u8; 4];
        for (offset, c) in text.char_indices() {
            let piece = self.shape(id, c.encode_utf8(&mut buf));
            run.units_per_em = piece.units_per_em;
            run.glyphs.extend_from_slice(&piece.glyphs);
            run.placements.extend_from_slice(&piece.placements);
            run.clusters.extend(piece.clusters.iter().map(|&cluster| cluster + offset as u32));
        }
        run
    }

    /// `text` shaped in `id`'s face left to right, without fallback, cached per face and text: for labels and
    /// figures in one script ([`FontBook::layout`] is the whole pipeline).
    pub fn try_shape(&self, id: FontId, text: &str) -> Result<Arc<GlyphRun>, NativeError> {
        let face = self.face(id);
        self.shaper.shape(face.index(), &self.loaded_or_sans(face).harfbuzz, text)
    }

    /// `text` (may hold '\n': hard breaks) laid out: bidi runs in visual order, fallback faces per cluster,
    /// wrapped at UAX #14 opportunities within `max_width_px` (`None`: no wrapping), cached. See [`crate::text`].
    pub fn layout(
        &self,
        style: &TextStyle,
        text: &str,
        max_width_px: Option<f32>,
    ) -> Result<Arc<Paragraph>, NativeError> {
        text::layout::layout(self, &self.shaper, style, text, max_width_px)
    }

    /// One line of `text` that fits `max_width_px`, ending with "…" at a cluster boundary when it does not.
    pub fn ellipsized(&self, style: &TextStyle, text: &str, max_width_px: f32) -> Result<Line, NativeError> {
        text::ellipsis::ellipsized(self, &self.shaper, style, text, max_width_px)
    }

    /// Every hard line of `text` shaped in `style` (cached): what a measure function wraps at any width.
    pub fn shaped_pieces(&self, style: &TextStyle, text: &str) -> Result<Vec<Arc<ShapedPiece>>, NativeError> {
        let primary = self.face(style.font).index();
        self.shaper.pieces(self, primary, &style.features, style.direction, text)
    }

    /// The OpenType feature tags the face of `font` has (GSUB and GPOS), sorted, deduplicated.
    pub fn feature_tags(&self, font: FontId) -> Vec<[u8; 4]> {
        self.loaded_or_sans(self.face(font)).harfbuzz_face.feature_tags()
    }

    /// The family name of the file `font`'s face was loaded from ("DejaVu Sans" when it stands in for Inter).
    pub fn family(&self, font: FontId) -> &'static str {
        self.loaded_or_sans(self.face(font)).family
    }

    /// The width in pixels of `text` in `id`, shaped (and cached).
    pub fn width_px(&self, id: FontId, text: &str) -> f32 {
        self.shape(id, text).width_px(self.size_px(id))
    }

    /// How many shaped runs the cache holds.
    pub fn cached_runs(&self) -> usize {
        self.shaper.cached_runs()
    }

    /// How many shaped hard lines the layout cache holds.
    pub fn cached_pieces(&self) -> usize {
        self.shaper.cached_pieces()
    }
}

impl FaceSet for FontBook {
    fn face_of(&self, font: FontId) -> (FaceIndex, f32) {
        (self.face(font).index(), self.size_px(font))
    }

    fn chain(&self, primary: FaceIndex) -> Vec<FaceIndex> {
        let mut chain = vec![primary];
        if primary != Face::Sans.index() {
            chain.push(Face::Sans.index());
        }
        chain.extend(Face::FALLBACKS.iter().map(|face| face.index()));
        chain
    }

    fn harfbuzz(&self, face: FaceIndex) -> Option<&harfbuzz::Font> {
        let face = Face::EVERY.get(face)?;
        self.loaded(*face).map(|loaded| &loaded.harfbuzz)
    }

    fn family(&self, face: FaceIndex) -> &'static str {
        Face::EVERY.get(face).map_or("Inter", |&face| self.loaded_or_sans(face).family)
    }

    fn font_id(&self, face: FaceIndex, size_px: f32) -> FontId {
        self.id(Face::EVERY.get(face).copied().unwrap_or(Face::Sans), size_px)
    }

    fn script_of(&self, c: char) -> [u8; 4] {
        harfbuzz::script_of(self.g, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{book, natives};

    #[test]
    fn the_book_is_send_and_sync() {
        fn assert<T: Send + Sync>() {}
        assert::<FontBook>();
    }

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
    fn ids_are_created_once_per_face_and_size() {
        let book = book();
        let a = book.id(Face::Sans, 12.0);
        let b = book.id(Face::Mono, 12.0);
        assert_ne!(a, b);
        assert_eq!(book.id(Face::Sans, 12.0), a);
        assert_eq!(book.id(Face::Sans, 12.001), a, "sizes are kept to 1/64 px");
        assert_eq!(book.face(b), Face::Mono);
        assert_eq!(book.size_px(a), 12.0);
        let m = book.metrics(a);
        assert!(m.ascent > 8.0 && m.ascent < 14.0 && m.descent > 1.0 && m.line_height >= m.ascent + m.descent, "{m:?}");
    }

    #[test]
    fn shaping_is_cached_and_kerned() {
        let book = book();
        let id = book.id(Face::Sans, 16.0);
        let first = book.shape(id, "AVATAR office");
        let again = book.shape(book.id(Face::Sans, 20.0), "AVATAR office");
        assert!(Arc::ptr_eq(&first, &again), "one run per face and text, whatever the size");
        // Blend2D scales the run by the same units per em it reads from the same file.
        assert_eq!(first.units_per_em, book.blend2d_font(id).face_units_per_em());
        // Inter kerns "AV": the run is narrower than its glyphs' own advances.
        let kerned = book.shape(id, "AV");
        assert_eq!(kerned.len(), 2);
        let w = kerned.width_px(16.0);
        let a = book.width_px(id, "A");
        let v = book.width_px(id, "V");
        assert!(w < a + v - 0.1, "AV {w} vs A {a} + V {v}");
    }

    #[test]
    fn a_paragraph_of_real_text_wraps_inside_its_width() {
        let book = book();
        let id = book.id(Face::Sans, 13.0);
        let text = "Blend2D paints every card, Yoga lays them out, HarfBuzz shapes their text with kerning and \
                    ligatures, and SDL puts the frame on screen.";
        let style = TextStyle::new(id);
        let paragraph = match book.layout(&style, text, Some(180.0)) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        let one_line = book.width_px(id, text);
        assert!(one_line > 600.0, "{one_line}");
        assert!(paragraph.lines.len() >= 4 && paragraph.lines.len() <= 6, "{}", paragraph.lines.len());
        let widths: Vec<f32> = paragraph.lines.iter().map(|line| line.width_px).collect();
        assert!(widths.iter().all(|&w| w <= 180.0), "{widths:?}");
        // Greedy: every line but the last is full enough that the next word did not fit.
        assert!(widths[..widths.len() - 1].iter().all(|&w| w > 120.0), "{widths:?}");
        // The lines together show every word, in order.
        let words: Vec<&str> =
            paragraph.lines.iter().flat_map(|l| text[l.bytes.clone()].split(' ')).filter(|w| !w.is_empty()).collect();
        assert_eq!(words, text.split(' ').collect::<Vec<_>>());
        // A word longer than the width breaks between graphemes rather than overflow.
        let long_text = "a supercalifragilisticexpialidocious word";
        let long = book.layout(&style, long_text, Some(60.0)).unwrap_or_else(|e| panic!("{e}"));
        assert!(long.lines.len() >= 4, "{:?}", long.lines);
        assert!(long.lines.iter().all(|l| l.width_px <= 60.0), "{:?}", long.lines);
        let joined: String = long.lines.iter().map(|l| &long_text[l.bytes.clone()]).collect();
        assert_eq!(joined, long_text);
        // The same request is served from the cache.
        let again = book.layout(&style, text, Some(180.0)).ok();
        assert!(again.is_some_and(|again| Arc::ptr_eq(&again, &paragraph)));
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
