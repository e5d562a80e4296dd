//! Text: a paragraph laid out in stages, each its own module: [`segment`] (UAX #29 graphemes and words),
//! [`breaks`] (UAX #14 line-break opportunities), [`bidi`] (UAX #9 levels and visual order), [`itemize`] (runs of
//! one level, script and face, the face chosen per grapheme cluster down a fallback chain), [`shape`] (HarfBuzz,
//! cached per hard line), [`lines`] (greedy wrapping and each line's runs in visual order), [`caret`] (caret
//! positions and hit testing) and [`ellipsis`]; [`edited`] lays an edited text out again from its last layout,
//! wrapping only what the edit changed (the text screen's area, which takes 1 MiB).
//!
//! **Shaping is cached per face and text, not per size**: HarfBuzz's font is scaled to the face's units per em,
//! so a run is the same at every pixel size (Blend2D scales it when it draws). A text is shaped one hard line
//! (`\n`-separated piece) at a time, so an edit re-shapes only the piece it touched.
//!
//! **Wrapping cuts the shaped runs**, it does not re-shape: a line is a slice of its piece's runs, so kerning and
//! ligatures inside a line are exactly what HarfBuzz gave the whole piece. Whitespace at a soft break hangs: it
//! belongs to the line's bytes but not to its runs or width.

pub mod bidi;
pub mod breaks;
pub mod cache;
pub mod caret;
pub mod edited;
pub mod ellipsis;
pub mod itemize;
pub mod layout;
pub mod lines;
pub mod segment;
pub mod shape;

use std::ops::Range;
use std::sync::Arc;

use goldberry_natives::glyphs::GlyphRun;
use goldberry_natives::harfbuzz;

use crate::geom::FontId;

pub use shape::{ShapedPiece, Shaper};

/// A set of OpenType features to turn on or off over the defaults (`kern`, `liga`, `calt` on), by 4-byte tag,
/// kept sorted so that equal sets compare (and hash) equal.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Features {
    settings: Vec<([u8; 4], bool)>,
}

/// The features HarfBuzz is asked for when a style sets nothing.
pub const DEFAULT_FEATURES: [[u8; 4]; 3] = [*b"kern", *b"liga", *b"calt"];

impl Features {
    /// Turns `tag` on or off (replacing an earlier setting of it).
    pub fn set(&mut self, tag: [u8; 4], on: bool) {
        match self.settings.binary_search_by_key(&tag, |s| s.0) {
            Ok(i) => self.settings[i].1 = on,
            Err(i) => self.settings.insert(i, (tag, on)),
        }
    }

    /// Whether `tag` is set on or off here (`None`: not set, the default applies).
    pub fn is_on(&self, tag: [u8; 4]) -> Option<bool> {
        self.settings.binary_search_by_key(&tag, |s| s.0).ok().map(|i| self.settings[i].1)
    }

    /// Forgets the setting of `tag`, so its default applies again.
    pub fn unset(&mut self, tag: [u8; 4]) {
        self.settings.retain(|s| s.0 != tag);
    }

    /// The settings, sorted by tag.
    pub fn settings(&self) -> &[([u8; 4], bool)] {
        &self.settings
    }

    /// What HarfBuzz is given: the defaults, then every setting here (a later setting of a tag wins).
    pub fn to_harfbuzz(&self) -> Vec<harfbuzz::Feature> {
        DEFAULT_FEATURES
            .iter()
            .map(|&tag| harfbuzz::Feature::new(tag, 1))
            .chain(self.settings.iter().map(|&(tag, on)| harfbuzz::Feature::new(tag, u32::from(on))))
            .collect()
    }
}

/// The base direction of a paragraph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BaseDirection {
    /// From its first strong character (UAX #9 rules P2, P3); left to right when it has none.
    #[default]
    Auto,
    /// Left to right.
    Ltr,
    /// Right to left.
    Rtl,
}

/// How a text is laid out: its primary face at a size, its features, its base direction.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TextStyle {
    /// The primary face at a size; characters it lacks fall back down the chain at the same size.
    pub font: FontId,
    pub features: Features,
    pub direction: BaseDirection,
}

impl TextStyle {
    /// `font` with the default features, its direction from its text.
    pub fn new(font: FontId) -> TextStyle {
        TextStyle { font, features: Features::default(), direction: BaseDirection::Auto }
    }
}

/// A text laid out in lines.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Paragraph {
    /// The lines, top to bottom; a text has at least one (an empty text: one empty line).
    pub lines: Vec<Line>,
    /// The widest line, in pixels.
    pub width_px: f32,
    /// The resolved base direction of its first hard line with a strong character (of the style's when set).
    pub rtl: bool,
}

impl Paragraph {
    /// The number of glyphs over every line.
    pub fn glyph_count(&self) -> usize {
        self.lines.iter().map(Line::glyph_count).sum()
    }

    /// The index of the line a caret before `byte` stands on: the line whose bytes hold it, the later one at a
    /// soft break (where one line ends and the next begins), the last line past the end.
    pub fn line_at(&self, byte: usize) -> usize {
        let after = self.lines.partition_point(|line| line.bytes.start <= byte);
        let i = after.saturating_sub(1);
        // A byte between two lines (a hard break's `\n`) belongs to the line it ends.
        i.min(self.lines.len().saturating_sub(1))
    }
}

/// One line of a laid-out text.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Line {
    /// The bytes of the text it holds, logical: hanging whitespace at a soft break included, the `\n` not.
    pub bytes: Range<usize>,
    /// Its width in pixels, hanging whitespace not included.
    pub width_px: f32,
    /// Its runs in visual order, left to right.
    pub runs: Vec<Run>,
    /// The base direction of its hard line (where its start edge is: right when true).
    pub rtl: bool,
}

impl Line {
    /// The number of glyphs over every run.
    pub fn glyph_count(&self) -> usize {
        self.runs.iter().map(|run| run.glyphs.len()).sum()
    }
}

/// A run of glyphs of one direction in one face.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The bytes it shows, logical.
    pub bytes: Range<usize>,
    pub rtl: bool,
    /// The face that draws it, at the style's size.
    pub font: FontId,
    /// The face's family name: "Inter", "DejaVu Sans", "Noto Sans Arabic" ...
    pub family: &'static str,
    /// The table a colour face's glyphs come from ("CBDT", "COLRv1", "COLRv0"), `None` for outlines.
    pub colour: Option<&'static str>,
    /// Its left edge from the line's left edge, px.
    pub x: f32,
    pub width_px: f32,
    /// Its glyphs, left to right; clusters are byte offsets into the whole text laid out.
    pub glyphs: Arc<GlyphRun>,
}

/// A typeface the layout may use: the primary faces and the fallback chain, by the index the [`FaceSet`] gives.
pub type FaceIndex = usize;

/// The faces a layout draws on (the font book implements it): kept abstract so this module does not depend on
/// how fonts are found and loaded.
pub trait FaceSet {
    /// The face `font` names, and its size in pixels.
    fn face_of(&self, font: FontId) -> (FaceIndex, f32);
    /// The faces to try, in order, for a character the primary face `primary` lacks (the primary first).
    fn chain(&self, primary: FaceIndex) -> Vec<FaceIndex>;
    /// The colour emoji face, tried first for a cluster shown as an emoji ([`itemize::is_emoji`]); `None` when
    /// there is none.
    fn emoji(&self) -> Option<FaceIndex> {
        None
    }
    /// The HarfBuzz font of `face`, or `None` when it is not installed (it is then skipped).
    fn harfbuzz(&self, face: FaceIndex) -> Option<&harfbuzz::Font>;
    /// The family name of `face`.
    fn family(&self, face: FaceIndex) -> &'static str;
    /// The table `face`'s colour glyphs come from ("CBDT", "COLRv1", "COLRv0"), `None` for a face of outlines.
    fn colour_format(&self, _face: FaceIndex) -> Option<&'static str> {
        None
    }
    /// The id of `face` at `size_px`.
    fn font_id(&self, face: FaceIndex, size_px: f32) -> FontId;
    /// The ISO 15924 script of `c`.
    fn script_of(&self, c: char) -> [u8; 4];
}

/// The height of `lines` lines of `line_height` pixels.
pub fn lines_height(lines: usize, line_height: f32) -> f32 {
    lines as f32 * line_height
}

/// The glyphs `range` of `run` as a run of their own, clusters moved by `offset`.
pub fn sub_run(run: &GlyphRun, range: Range<usize>, offset: u32) -> GlyphRun {
    GlyphRun {
        glyphs: run.glyphs[range.clone()].to_vec(),
        placements: run.placements[range.clone()].to_vec(),
        clusters: run.clusters[range].iter().map(|&c| c + offset).collect(),
        units_per_em: run.units_per_em,
    }
}

#[cfg(test)]
mod tests;
