//! Shaping with HarfBuzz, and the caches: a hard line is resolved (bidi), itemized and shaped once per face,
//! features, direction and text; a laid-out text once per style, width and text. Both caches are bounded.
//!
//! A hard line longer than [`CHUNKED_LINE`] bytes (a long paste) is cut into chunks at word starts chosen by
//! content, each resolved at the line's base level and shaped and cached on its own, then joined: an edit
//! re-shapes the chunk it falls in. The price, for such lines only: an embedding, isolate or bracket pair that
//! spans two chunks is resolved per chunk, and no shaping context crosses a chunk's edge (at a space).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use goldberry_natives::NativeError;
use goldberry_natives::glyphs::GlyphRun;
use goldberry_natives::harfbuzz::{Buffer, Direction, Feature, Font, Segment};

use super::bidi::{self, Levels};
use super::breaks;
use super::cache::Generations;
use super::itemize::{self, language_of};
use super::{BaseDirection, FaceIndex, FaceSet, Features, Paragraph};
use crate::geom::FontId;

/// An item of a hard line, shaped.
#[derive(Debug, Clone, PartialEq)]
pub struct ShapedItem {
    /// The bytes of the hard line it covers.
    pub bytes: std::ops::Range<usize>,
    pub level: u8,
    pub face: FaceIndex,
    /// Its glyphs in visual order; `base` plus a cluster is a byte offset into the hard line.
    pub run: Arc<GlyphRun>,
    /// What to add to the run's clusters (a chunk of a long line keeps its own chunk's offsets, shared with the
    /// chunk's cache entry).
    pub base: u32,
}

/// One hard line resolved, itemized and shaped: what wrapping needs, at any size and width.
#[derive(Debug, Clone, PartialEq)]
pub struct ShapedPiece {
    pub text: Box<str>,
    pub levels: Levels,
    /// In logical order.
    pub items: Vec<ShapedItem>,
    /// The advance of each byte in ems: a cluster's whole advance on its first byte, 0 on the others.
    pub advances: Vec<f32>,
    /// UAX #14 break opportunities at cluster boundaries after the start (the end included), with whether each is
    /// mandatory.
    pub breaks: Vec<(usize, bool)>,
}

impl ShapedPiece {
    /// The bytes of memory it holds, roughly (the cache's bound counts this).
    fn weight(&self) -> usize {
        let glyphs: usize = self.items.iter().map(|item| item.run.len()).sum();
        self.text.len() * 8 + glyphs * 24 + self.breaks.len() * 16
    }
}

/// Shapes `text` (one hard line) in the faces of `faces`, primary face `primary`.
pub fn shape_piece(
    faces: &dyn FaceSet,
    buffer: &mut Buffer,
    primary: FaceIndex,
    features: &[Feature],
    direction: BaseDirection,
    text: &str,
) -> Result<ShapedPiece, NativeError> {
    let levels = bidi::resolve(text, direction);
    let chain = faces.chain(primary);
    let has = |face: FaceIndex, c: char| faces.harfbuzz(face).is_some_and(|font| font.nominal_glyph(c).is_some());
    let items = itemize::itemize(text, &levels.levels, (&chain, faces.emoji()), has, |c| faces.script_of(c));
    let mut advances = vec![0.0f32; text.len()];
    let mut shaped = Vec::with_capacity(items.len());
    for item in items {
        let Some(font) = faces.harfbuzz(item.face).or_else(|| faces.harfbuzz(primary)) else {
            return Err(NativeError::InvalidArgument(format!("no HarfBuzz font for face {}", item.face)));
        };
        let run = shape_item(font, buffer, features, &text[item.bytes.clone()], item.level, item.script)?;
        let offset = item.bytes.start as u32;
        let em = 1.0 / font.units_per_em().max(1) as f32;
        let mut run = run;
        for (cluster, placement) in run.clusters.iter_mut().zip(&run.placements) {
            *cluster += offset;
            if let Some(advance) = advances.get_mut(*cluster as usize) {
                *advance += placement.advance_x as f32 * em;
            }
        }
        shaped.push(ShapedItem { bytes: item.bytes, level: item.level, face: item.face, run: Arc::new(run), base: 0 });
    }
    Ok(ShapedPiece { text: text.into(), levels, items: shaped, advances, breaks: breaks::line_ends(text) })
}

fn shape_item(
    font: &Font,
    buffer: &mut Buffer,
    features: &[Feature],
    text: &str,
    level: u8,
    script: [u8; 4],
) -> Result<GlyphRun, NativeError> {
    let direction = if level % 2 == 1 { Direction::Rtl } else { Direction::Ltr };
    let segment = Segment { direction, script, language: language_of(script) };
    font.shape_segment(buffer, text, features, &segment)
}

/// A hard line longer than this (bytes) is resolved and shaped in chunks, each cached on its own, so an edit of
/// a long paste re-shapes one chunk.
pub const CHUNKED_LINE: usize = 4096;

/// A chunk of a long line is at least this long (bytes) before a content-defined boundary may end it.
const CHUNK_MIN: usize = 1024;

/// A chunk of a long line ends at the next word start past this length, whatever the content.
const CHUNK_MAX: usize = 8192;

/// Where a long line is cut into chunks: at word starts (a letter or digit after a space, where UAX #14 always
/// allows a break), chosen by the content of the word before so that an edit moves only the boundaries near it,
/// and at least `CHUNK_MIN` bytes apart. Returns the chunks' start offsets, 0 first.
pub fn chunk_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    // A hash of the word before the candidate boundary and of the one before it: two words vary enough that a
    // repetitive paste still finds boundaries.
    let (mut word, mut previous) = (0u64, 0u64);
    let mut last = 0;
    for (i, c) in text.char_indices() {
        if i > 0 && bytes[i - 1] == b' ' && c.is_alphanumeric() {
            let mut h = word ^ previous.rotate_left(29);
            h = (h ^ (h >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
            h ^= h >> 33;
            let length = i - last;
            if length >= CHUNK_MAX || (length >= CHUNK_MIN && h % 16 == 0) {
                starts.push(i);
                last = i;
            }
            (previous, word) = (word, 0);
        }
        if c != ' ' {
            word = word.wrapping_mul(0x100_0000_01b3).wrapping_add(u64::from(c));
        }
    }
    starts
}

/// Joins the shaped chunks of a long line (each resolved with the line's base level) into one shaped line.
fn join_chunks(text: &str, base: u8, chunks: &[(usize, Arc<ShapedPiece>)]) -> ShapedPiece {
    let mut levels = Levels {
        levels: Vec::with_capacity(text.len()),
        trailing_reset: Vec::with_capacity(text.len()),
        separator: Vec::with_capacity(text.len()),
        base,
        has_strong: false,
    };
    let mut items = Vec::new();
    let mut advances = Vec::with_capacity(text.len());
    let mut breaks = Vec::new();
    for (k, (offset, chunk)) in chunks.iter().enumerate() {
        levels.levels.extend_from_slice(&chunk.levels.levels);
        levels.trailing_reset.extend_from_slice(&chunk.levels.trailing_reset);
        levels.separator.extend_from_slice(&chunk.levels.separator);
        levels.has_strong |= chunk.levels.has_strong;
        items.extend(chunk.items.iter().map(|item| ShapedItem {
            bytes: item.bytes.start + offset..item.bytes.end + offset,
            base: item.base + *offset as u32,
            ..item.clone()
        }));
        advances.extend_from_slice(&chunk.advances);
        let last = k + 1 == chunks.len();
        // A chunk's end is a word start of the line: an allowed break, not the mandatory one ending a text.
        breaks.extend(chunk.breaks.iter().map(|&(b, mandatory)| {
            let end = b == chunk.text.len();
            (b + offset, mandatory && (!end || last))
        }));
    }
    ShapedPiece { text: text.into(), levels, items, advances, breaks }
}

/// How many plain runs ([`Shaper::shape`]) a face's cache keeps before it starts over (a HUD that shows a new
/// number every frame must not grow the cache forever).
const MAX_CACHED_RUNS: usize = 16_384;

/// How much the shaped hard lines in the cache may weigh (bytes, roughly): a 100,000-character paste (in chunks)
/// is kept whole in one generation, but every edit of a field is not kept forever.
const MAX_PIECE_WEIGHT: usize = 12 << 20;

/// How many glyphs the laid-out texts in the cache may hold: a text is cached per width, so a window resized to
/// many widths would otherwise keep every width's lines.
const MAX_PARAGRAPH_GLYPHS: usize = 65_536;

/// A shaped hard line's cache key: primary face, features, direction, text.
type PieceKey = (FaceIndex, Features, BaseDirection, String);

/// A laid-out text's cache key: font, features, direction, width (1/64 px, `u32::MAX` unwrapped), text.
type ParagraphKey = (FontId, Features, BaseDirection, u32, String);

/// What the shaper guards: the reusable HarfBuzz buffer and the caches.
struct ShaperState {
    buffer: Buffer,
    /// Per face (index), text -> run, shaped left to right with the default features.
    runs: HashMap<(FaceIndex, String), Arc<GlyphRun>>,
    pieces: Generations<PieceKey, Arc<ShapedPiece>>,
    paragraphs: Generations<ParagraphKey, Arc<Paragraph>>,
}

/// Shapes text with HarfBuzz and caches runs, shaped hard lines and laid-out texts.
///
/// Thread-safe: one lock guards the buffer and the caches (the scene and the HUD shape on the frame thread; raster
/// threads never shape).
pub struct Shaper {
    state: Mutex<ShaperState>,
    defaults: Vec<Feature>,
}

impl std::fmt::Debug for Shaper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shaper").finish_non_exhaustive()
    }
}

/// A 1/64 px fixed-point key for a width (`None`: unwrapped).
pub fn quantize_width(px: Option<f32>) -> u32 {
    match px {
        Some(px) if px.is_finite() => (px.max(0.0) * 64.0).round().min((u32::MAX - 1) as f32) as u32,
        _ => u32::MAX,
    }
}

impl Shaper {
    /// A shaper shaping in `buffer`.
    pub fn new(buffer: Buffer) -> Shaper {
        Shaper {
            state: Mutex::new(ShaperState {
                buffer,
                runs: HashMap::new(),
                pieces: Generations::new(MAX_PIECE_WEIGHT),
                paragraphs: Generations::new(MAX_PARAGRAPH_GLYPHS),
            }),
            defaults: Features::default().to_harfbuzz(),
        }
    }

    /// `text` shaped left to right with `font` (face `face`) and the default features, script and language
    /// guessed: from the cache, or shaped now and cached. For labels and figures that never mix scripts.
    pub fn shape(&self, face: FaceIndex, font: &Font, text: &str) -> Result<Arc<GlyphRun>, NativeError> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (face, text.to_owned());
        if let Some(run) = state.runs.get(&key) {
            return Ok(Arc::clone(run));
        }
        let run = Arc::new(font.shape(&mut state.buffer, text, &self.defaults)?);
        if state.runs.len() >= MAX_CACHED_RUNS {
            state.runs.clear();
        }
        state.runs.insert(key, Arc::clone(&run));
        Ok(run)
    }

    /// Every hard line of `text` shaped (cached per line), in order.
    pub fn pieces(
        &self,
        faces: &dyn FaceSet,
        primary: FaceIndex,
        features: &Features,
        direction: BaseDirection,
        text: &str,
    ) -> Result<Vec<Arc<ShapedPiece>>, NativeError> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let mut hb_features = None;
        let mut out = Vec::new();
        for piece in text.split('\n') {
            if piece.len() <= CHUNKED_LINE {
                out.push(Self::piece_locked(&mut state, faces, primary, features, &mut hb_features, direction, piece)?);
                continue;
            }
            // A long line: its base direction from its first strong character, then each chunk at that level.
            let rtl = match direction {
                BaseDirection::Auto => unicode_bidi::get_base_direction(piece) == unicode_bidi::Direction::Rtl,
                BaseDirection::Ltr => false,
                BaseDirection::Rtl => true,
            };
            let chunk_direction = if rtl { BaseDirection::Rtl } else { BaseDirection::Ltr };
            let starts = chunk_starts(piece);
            let mut chunks = Vec::with_capacity(starts.len());
            for (k, &start) in starts.iter().enumerate() {
                let end = starts.get(k + 1).copied().unwrap_or(piece.len());
                let chunk = &piece[start..end];
                let shaped =
                    Self::piece_locked(&mut state, faces, primary, features, &mut hb_features, chunk_direction, chunk)?;
                chunks.push((start, shaped));
            }
            out.push(Arc::new(join_chunks(piece, u8::from(rtl), &chunks)));
        }
        Ok(out)
    }

    /// One hard line (or chunk of one) shaped, from the cache or now; the lock is held by the caller.
    fn piece_locked(
        state: &mut ShaperState,
        faces: &dyn FaceSet,
        primary: FaceIndex,
        features: &Features,
        hb_features: &mut Option<Vec<Feature>>,
        direction: BaseDirection,
        piece: &str,
    ) -> Result<Arc<ShapedPiece>, NativeError> {
        let key = (primary, features.clone(), direction, piece.to_owned());
        if let Some(shaped) = state.pieces.get(&key) {
            return Ok(shaped);
        }
        let hb = hb_features.get_or_insert_with(|| features.to_harfbuzz());
        let shaped = Arc::new(shape_piece(faces, &mut state.buffer, primary, hb, direction, piece)?);
        let weight = shaped.weight();
        state.pieces.insert(key, Arc::clone(&shaped), weight);
        Ok(shaped)
    }

    /// The laid-out text cached under `key`.
    pub fn cached_paragraph(
        &self,
        font: FontId,
        features: &Features,
        direction: BaseDirection,
        width: u32,
        text: &str,
    ) -> Option<Arc<Paragraph>> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.paragraphs.get(&(font, features.clone(), direction, width, text.to_owned()))
    }

    /// Caches a laid-out text.
    pub fn cache_paragraph(
        &self,
        font: FontId,
        features: &Features,
        direction: BaseDirection,
        width: u32,
        text: &str,
        paragraph: &Arc<Paragraph>,
    ) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let glyphs = paragraph.glyph_count() + paragraph.lines.len();
        let key = (font, features.clone(), direction, width, text.to_owned());
        state.paragraphs.insert(key, Arc::clone(paragraph), glyphs);
    }

    /// The number of plain runs cached.
    pub fn cached_runs(&self) -> usize {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).runs.len()
    }

    /// The number of shaped hard lines cached.
    pub fn cached_pieces(&self) -> usize {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).pieces.len()
    }
}
