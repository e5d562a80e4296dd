//! The one run the shaping X-ray watches: when a frame looks its glyphs up, the cache says, glyph by glyph, whether
//! it held the glyph's cell then or made it for that frame. Off unless the X-ray shows, so a run looked up while it
//! is hidden pays one relaxed load.
//!
//! The X-ray names the run by its font and glyph ids (the ids are what the cache keys cells by), and reads the
//! answer a later frame: a frame's glyphs are looked up after its screen has recorded, X-ray panel included.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use goldberry_natives::glyphs::GlyphRun;

use crate::geom::FontId;

/// Where a frame took one glyph's image from, as the cache held it when the frame looked the glyph up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Its cell was in the cache already.
    Held,
    /// Its cell was made for the frame.
    Made,
    /// Its colour cell was in the cache already.
    ColourHeld,
    /// Its colour cell was made for the frame.
    ColourMade,
    /// The run was blitted whole from its run image, made from the cells earlier: no cell was looked up.
    RunImage,
}

impl Source {
    /// How the X-ray words it.
    pub fn name(self) -> &'static str {
        match self {
            Source::Held => "held",
            Source::Made => "made",
            Source::ColourHeld => "colour held",
            Source::ColourMade => "colour made",
            Source::RunImage => "run image",
        }
    }
}

/// The run watched and what the cache last said of it.
#[derive(Debug)]
struct Watched {
    font: FontId,
    glyphs: Vec<u32>,
    /// Each glyph's source when the run was last looked up, and the answer's number (a new number only when the
    /// sources changed).
    answer: Option<(Vec<Source>, u64)>,
}

static ON: AtomicBool = AtomicBool::new(false);

/// Counts the answers that changed something, so that the X-ray tells a new one from the one it showed.
static ANSWERS: AtomicU64 = AtomicU64::new(0);

static WATCHED: Mutex<Option<Watched>> = Mutex::new(None);

fn watched() -> std::sync::MutexGuard<'static, Option<Watched>> {
    WATCHED.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Watches the run of `glyphs` in `font` from now on (the answers of another run are dropped), and returns what the
/// cache last said of it, with the answer's number: each glyph's source, in the run's order.
pub fn watch(font: FontId, glyphs: &[u32]) -> Option<(Vec<Source>, u64)> {
    let mut watched = watched();
    let same = watched.as_ref().is_some_and(|w| w.font == font && w.glyphs == glyphs);
    if !same {
        *watched = Some(Watched { font, glyphs: glyphs.to_vec(), answer: None });
    }
    ON.store(true, Ordering::Relaxed);
    watched.as_ref().and_then(|w| w.answer.clone())
}

/// Stops watching (the X-ray is hidden).
pub fn stop() {
    ON.store(false, Ordering::Relaxed);
    *watched() = None;
}

/// The number of the last answer for the run watched: the X-ray wants a frame while it shows another.
pub fn latest() -> Option<u64> {
    watched().as_ref().and_then(|w| w.answer.as_ref()).map(|(_, number)| *number)
}

/// Whether a run is watched (the X-ray shows).
#[inline]
pub(super) fn on() -> bool {
    ON.load(Ordering::Relaxed)
}

/// Whether `run` in `font` is the one watched: the one check a lookup pays while the X-ray is hidden.
#[inline]
pub(super) fn is_watched(font: FontId, run: &GlyphRun) -> bool {
    ON.load(Ordering::Relaxed) && watched().as_ref().is_some_and(|w| w.font == font && w.glyphs == run.glyphs)
}

/// Records what a frame's lookup found for the run watched, each glyph's source in the run's order; the same
/// answer again keeps its number, so a still window showing the X-ray goes idle.
pub(super) fn answer(sources: Vec<Source>) {
    let mut watched = watched();
    let Some(w) = watched.as_mut() else { return };
    if w.answer.as_ref().is_none_or(|(was, _)| *was != sources) {
        w.answer = Some((sources, ANSWERS.fetch_add(1, Ordering::Relaxed) + 1));
    }
}
