//! Text: the shaping cache behind [`crate::fonts::FontBook::shape`], and greedy line wrapping of a paragraph
//! into lines that fit a width.
//!
//! **Shaping is cached per face and text**, not per font size: HarfBuzz's font is scaled to the face's units per
//! em, so a run is the same at every pixel size (Blend2D scales it when it draws). A [`crate::display_list::FontId`]
//! names a face at a size, so caching per face serves every id of that face.
//!
//! **Wrapping shapes a paragraph once, as a whole**, and cuts the run into lines at its space glyphs (greedy: a
//! line takes words while they fit; a word wider than the width gets a line of its own and overflows). Each line
//! is a slice of the paragraph's run, so kerning and ligatures inside a line are exactly what HarfBuzz gave the
//! whole text, and no line is shaped twice. Trailing spaces are not part of a line's glyphs or width. Hard breaks
//! (`\n`) end a line; each piece between them is shaped on its own.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, PoisonError};

use goldberry_natives::NativeError;
use goldberry_natives::glyphs::GlyphRun;
use goldberry_natives::harfbuzz::{Buffer, Feature, Font};

/// One wrapped line: a slice of its paragraph's shaped run.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The line's glyphs (no trailing spaces).
    pub run: Arc<GlyphRun>,
    /// The line's width in pixels at the paragraph's size.
    pub width_px: f32,
    /// The bytes of the paragraph's text the line shows.
    pub bytes: Range<usize>,
}

/// A paragraph wrapped into lines.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Paragraph {
    /// The lines, top to bottom.
    pub lines: Vec<Line>,
    /// The widest line, in pixels.
    pub width_px: f32,
}

impl Paragraph {
    /// The number of glyphs over every line.
    pub fn glyph_count(&self) -> usize {
        self.lines.iter().map(|line| line.run.len()).sum()
    }
}

/// Whether glyph `i` of `run` (shaped from `text`) is a space, where a line may break.
fn is_space(text: &str, run: &GlyphRun, i: usize) -> bool {
    run.clusters.get(i).and_then(|&cluster| text.as_bytes().get(cluster as usize)) == Some(&b' ')
}

/// The glyphs `range` of `run` as a run of their own.
pub fn sub_run(run: &GlyphRun, range: Range<usize>) -> GlyphRun {
    GlyphRun {
        glyphs: run.glyphs[range.clone()].to_vec(),
        placements: run.placements[range.clone()].to_vec(),
        clusters: run.clusters[range].to_vec(),
        units_per_em: run.units_per_em,
    }
}

/// The glyph ranges of the lines `run` (shaped from `text`, one line of text without hard breaks) wraps into at
/// `max_width_px`, with each line's width in design units. An empty text gives one empty line.
pub fn break_lines(text: &str, run: &GlyphRun, size_px: f32, max_width_px: f32) -> Vec<(Range<usize>, i64)> {
    let n = run.len().min(run.placements.len()).min(run.clusters.len());
    let max_units = if size_px > 0.0 && run.units_per_em > 0 {
        f64::from(max_width_px.max(0.0)) * f64::from(run.units_per_em) / f64::from(size_px)
    } else {
        f64::INFINITY
    };
    let advance = |i: usize| i64::from(run.placements[i].advance_x);
    let mut lines = Vec::new();
    let mut line_start = 0;
    let mut line_end = 0; // end of the line's visible glyphs (before its trailing spaces)
    let mut line_width = 0i64; // width of glyphs line_start..line_end
    let mut pen = 0i64; // width of glyphs line_start..i (trailing spaces included)
    let mut has_word = false;
    let mut i = 0;
    while i < n {
        let mut j = i;
        let mut word = 0i64;
        while j < n && !is_space(text, run, j) {
            word += advance(j);
            j += 1;
        }
        let mut k = j;
        let mut spaces = 0i64;
        while k < n && is_space(text, run, k) {
            spaces += advance(k);
            k += 1;
        }
        if j > i && has_word && (pen + word) as f64 > max_units {
            lines.push((line_start..line_end, line_width));
            line_start = i;
            pen = 0;
        }
        if j > i {
            has_word = true;
            line_end = j;
            line_width = pen + word;
        } else if !has_word {
            // Leading spaces: keep them on the first line.
            line_end = j;
            line_width = pen;
        }
        pen += word + spaces;
        i = k;
    }
    lines.push((line_start..line_end, line_width));
    lines
}

/// Wraps one hard line of text (no `\n`), shaped as `run`, into lines at most `max_width_px` wide, except a word
/// wider than that, which gets a line of its own. `offset` is added to the lines' byte ranges (the line's place
/// in a longer text).
pub fn wrap_run(text: &str, run: &GlyphRun, size_px: f32, max_width_px: f32, offset: usize) -> Vec<Line> {
    let scale = if run.units_per_em > 0 { size_px / run.units_per_em as f32 } else { 0.0 };
    break_lines(text, run, size_px, max_width_px)
        .into_iter()
        .map(|(range, units)| {
            let start = run.clusters.get(range.start).map_or(text.len(), |&c| c as usize);
            let end = run.clusters.get(range.end).map_or(text.len(), |&c| c as usize);
            let bytes = if range.is_empty() { start..start } else { start..end.max(start) };
            Line {
                run: Arc::new(sub_run(run, range)),
                width_px: units as f32 * scale,
                bytes: offset + bytes.start..offset + bytes.end,
            }
        })
        .collect()
}

/// The longest prefix of `run` that fits `max_width_px` at `size_px` (a line of code that does not wrap is cut
/// at its box's edge), with its width in pixels.
pub fn fit_prefix(run: &GlyphRun, size_px: f32, max_width_px: f32) -> (GlyphRun, f32) {
    let scale = if run.units_per_em > 0 { size_px / run.units_per_em as f32 } else { 0.0 };
    let mut pen = 0i64;
    let mut n = 0;
    for p in &run.placements {
        let next = pen + i64::from(p.advance_x);
        if next as f32 * scale > max_width_px {
            break;
        }
        pen = next;
        n += 1;
    }
    (sub_run(run, 0..n), pen as f32 * scale)
}

/// The height of `lines` lines of `line_height` pixels.
pub fn lines_height(lines: usize, line_height: f32) -> f32 {
    lines as f32 * line_height
}

/// Shapes `text` piece by piece between hard breaks with `shape` and wraps each piece: the whole paragraph.
pub fn wrap_paragraph(
    text: &str,
    size_px: f32,
    max_width_px: f32,
    mut shape: impl FnMut(&str) -> Arc<GlyphRun>,
) -> Paragraph {
    let mut lines = Vec::new();
    let mut offset = 0;
    for piece in text.split('\n') {
        let run = shape(piece);
        lines.extend(wrap_run(piece, &run, size_px, max_width_px, offset));
        offset += piece.len() + 1;
    }
    let width_px = lines.iter().map(|line| line.width_px).fold(0.0, f32::max);
    Paragraph { lines, width_px }
}

/// How many runs a face's cache keeps before it starts over (a HUD that shows a new number every frame must not
/// grow the cache forever).
const MAX_CACHED_RUNS: usize = 16_384;

/// How many glyphs the wrapped paragraphs in the cache may hold before it starts over: a paragraph is cached per
/// width, so a window resized to many widths would otherwise keep every width's lines (about 40 bytes a glyph).
const MAX_PARAGRAPH_GLYPHS: usize = 32_768;

/// A wrapped paragraph's cache key: face index, size and width (both in 1/64 px), text.
type ParagraphKey = (usize, u32, u32, String);

/// What the shaper guards: the reusable HarfBuzz buffer and the caches.
struct ShaperState {
    buffer: Buffer,
    /// Per face (index), text -> run.
    runs: Vec<HashMap<String, Arc<GlyphRun>>>,
    paragraphs: HashMap<ParagraphKey, Arc<Paragraph>>,
    /// The glyphs the cached paragraphs' lines hold.
    paragraph_glyphs: usize,
}

/// Shapes text with HarfBuzz, caching every run per face and text, and every wrapped paragraph.
///
/// Thread-safe: one lock guards the buffer and the caches (the scene and the HUD shape on the frame thread; raster
/// threads never shape).
pub struct Shaper {
    state: Mutex<ShaperState>,
    features: Vec<Feature>,
}

impl std::fmt::Debug for Shaper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shaper").field("features", &self.features.len()).finish_non_exhaustive()
    }
}

/// A 1/64 px fixed-point key for a size or width.
fn quantize(px: f32) -> u32 {
    if px.is_finite() { (px.max(0.0) * 64.0).round().min(u32::MAX as f32) as u32 } else { u32::MAX }
}

impl Shaper {
    /// A shaper for `faces` faces, shaping in `buffer` with `features` (e.g. kerning and ligatures on).
    pub fn new(buffer: Buffer, faces: usize, features: Vec<Feature>) -> Shaper {
        Shaper {
            state: Mutex::new(ShaperState {
                buffer,
                runs: (0..faces).map(|_| HashMap::new()).collect(),
                paragraphs: HashMap::new(),
                paragraph_glyphs: 0,
            }),
            features,
        }
    }

    /// `text` shaped with `font`, the font of face number `face`: from the cache, or shaped now and cached.
    pub fn shape(&self, face: usize, font: &Font, text: &str) -> Result<Arc<GlyphRun>, NativeError> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        Self::shape_locked(&mut state, &self.features, face, font, text)
    }

    fn shape_locked(
        state: &mut ShaperState,
        features: &[Feature],
        face: usize,
        font: &Font,
        text: &str,
    ) -> Result<Arc<GlyphRun>, NativeError> {
        if let Some(run) = state.runs.get(face).and_then(|runs| runs.get(text)) {
            return Ok(Arc::clone(run));
        }
        let run = Arc::new(font.shape(&mut state.buffer, text, features)?);
        if let Some(runs) = state.runs.get_mut(face) {
            if runs.len() >= MAX_CACHED_RUNS {
                runs.clear();
            }
            runs.insert(text.to_owned(), Arc::clone(&run));
        }
        Ok(run)
    }

    /// `text` wrapped at `max_width_px` in face number `face` at `size_px`: from the cache, or wrapped now (its
    /// pieces shaped through the run cache) and cached.
    pub fn paragraph(
        &self,
        face: usize,
        font: &Font,
        size_px: f32,
        text: &str,
        max_width_px: f32,
    ) -> Result<Arc<Paragraph>, NativeError> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (face, quantize(size_px), quantize(max_width_px), text.to_owned());
        if let Some(paragraph) = state.paragraphs.get(&key) {
            return Ok(Arc::clone(paragraph));
        }
        let mut error = None;
        let paragraph = Arc::new(wrap_paragraph(text, size_px, max_width_px, |piece| {
            match Self::shape_locked(&mut state, &self.features, face, font, piece) {
                Ok(run) => run,
                Err(e) => {
                    error.get_or_insert(e);
                    Arc::new(GlyphRun::default())
                }
            }
        }));
        if let Some(error) = error {
            return Err(error);
        }
        let glyphs: usize = paragraph.lines.iter().map(|line| line.run.len()).sum();
        if state.paragraph_glyphs + glyphs > MAX_PARAGRAPH_GLYPHS {
            state.paragraphs.clear();
            state.paragraph_glyphs = 0;
        }
        state.paragraph_glyphs += glyphs;
        state.paragraphs.insert(key, Arc::clone(&paragraph));
        Ok(paragraph)
    }

    /// The number of runs cached over every face.
    pub fn cached_runs(&self) -> usize {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).runs.iter().map(HashMap::len).sum()
    }
}

#[cfg(test)]
mod tests {
    use goldberry_natives::glyphs::GlyphPlacement;

    use super::*;

    /// A run of one glyph per byte, each `advance` units wide, 1000 units per em (so at 10 px a 500-unit glyph
    /// is 5 px).
    fn fake_run(text: &str, advance: i32) -> GlyphRun {
        let n = text.len();
        GlyphRun {
            glyphs: text.bytes().map(u32::from).collect(),
            placements: vec![GlyphPlacement { advance_x: advance, ..GlyphPlacement::default() }; n],
            clusters: (0..n as u32).collect(),
            units_per_em: 1000,
        }
    }

    fn texts(text: &str, lines: &[Line]) -> Vec<String> {
        lines.iter().map(|line| text[line.bytes.clone()].to_owned()).collect()
    }

    #[test]
    fn a_paragraph_wraps_greedily_within_the_width() {
        let text = "aaa bbb ccc dd e";
        let run = fake_run(text, 500);
        // 5 px a glyph: "aaa bbb" is 35 px <= 40, "aaa bbb ccc" would be 55.
        let lines = wrap_run(text, &run, 10.0, 40.0, 0);
        assert_eq!(texts(text, &lines), ["aaa bbb", "ccc dd e"]);
        assert_eq!(lines[0].width_px, 35.0);
        assert_eq!(lines[1].width_px, 40.0);
        assert!(lines.iter().all(|line| line.width_px <= 40.0));
        assert_eq!(lines[0].run.len(), 7);
        assert_eq!(lines[1].run.glyphs[0], u32::from(b'c'));
    }

    #[test]
    fn a_word_wider_than_the_width_gets_its_own_line() {
        let text = "ab abcdefghij cd";
        let run = fake_run(text, 500);
        let lines = wrap_run(text, &run, 10.0, 30.0, 0);
        assert_eq!(texts(text, &lines), ["ab", "abcdefghij", "cd"]);
        assert_eq!(lines[1].width_px, 50.0);
        // Even as the first word.
        let lines = wrap_run("abcdefghij", &fake_run("abcdefghij", 500), 10.0, 30.0, 0);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].width_px, 50.0);
    }

    #[test]
    fn runs_of_spaces_and_hard_breaks() {
        let text = "aa   bb\n\ncc";
        let paragraph = wrap_paragraph(text, 10.0, 1000.0, |piece| Arc::new(fake_run(piece, 500)));
        assert_eq!(texts(text, &paragraph.lines), ["aa   bb", "", "cc"]);
        assert_eq!(paragraph.width_px, 35.0);
        // Trailing spaces never widen a line.
        let lines = wrap_run("aa bb   ", &fake_run("aa bb   ", 500), 10.0, 26.0, 0);
        assert_eq!(texts("aa bb   ", &lines), ["aa bb"]);
        assert_eq!(lines[0].width_px, 25.0);
    }

    #[test]
    fn a_prefix_is_cut_at_the_width() {
        let run = fake_run("abcdefgh", 500);
        let (cut, width) = fit_prefix(&run, 10.0, 23.0);
        assert_eq!((cut.len(), width), (4, 20.0));
        assert_eq!(fit_prefix(&run, 10.0, 100.0).0, run);
    }

    #[test]
    fn an_empty_text_is_one_empty_line() {
        let lines = wrap_run("", &GlyphRun::default(), 10.0, 100.0, 0);
        assert_eq!(lines.len(), 1);
        assert!(lines[0].run.is_empty());
        assert_eq!(lines[0].width_px, 0.0);
    }
}
