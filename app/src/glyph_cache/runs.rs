//! Whole runs kept as images: the text a cold frame draws again.
//!
//! A cold frame redraws the base: the title bar, and every card's chrome and text, thousands of glyphs, each
//! blitted from the glyph cells by a Blend2D call of its own. Most of those runs are the same after a resize
//! (the same glyphs at the same sub-pixel phases, wherever the run lands); only lines that wrap differently are
//! new (record 11).
//!
//! So a run drawn in a base layer that the cache saw in an earlier base is drawn once more, glyph by glyph, into
//! a run atlas, and blitted whole after that: one call instead of one per glyph. A run seen for the first time is
//! only remembered (most runs are seen once only while the size changes: the lines a new width wraps anew), as
//! is every run outside the base (figures and counters, drawn by every frame and changing). A run image is the
//! same glyph cells copied onto transparent pixels, and only a run whose glyphs' inks share no pixel gets one: each
//! pixel of the image is then one glyph's ink as it is, and blitting the image gives the very pixels blitting the
//! glyphs does, so a frame does not depend on whether the run had its image yet. (Where inks overlap, blending them
//! together first rounds apart from blending each over the frame.)
//!
//! A run refused an image (its inks overlap, it is wider than an atlas, or it has no ink) is remembered as refused:
//! its key fixes its glyphs' cells and places, so it would be refused again, and looking its glyphs' inks up again
//! on every frame that draws it was most of a hover frame's glyph work (record 27).
//!
//! Each base redraw is a generation; a run image, or a refusal, not drawn in the last [`KEEP_GENERATIONS`] is
//! dropped, and an atlas when it holds none. Past [`MAX_BYTES`] of atlases the images start over.

use std::collections::HashMap;
use std::sync::Arc;

use goldberry_natives::blend2d::{Context, Image, PixelArea, PixelFormat};
use goldberry_natives::glyphs::GlyphRun;
use goldberry_natives::{Goldberry, NativeError};

use super::cells::{Cells, GlyphKey, InkBox, KeyHasher, Pen, Placed, Tints, place};
use crate::fonts::FontBook;
use crate::geom::{Color, FontId};

/// Runs with fewer glyphs are always blitted glyph by glyph (a run image saves nothing on them).
pub const MIN_GLYPHS: usize = 3;

/// How many base redraws a run image stays without being drawn.
pub const KEEP_GENERATIONS: u64 = 8;

/// The most run atlas memory kept before the run images start over.
pub const MAX_BYTES: usize = 8 << 20;

/// The widest run atlas, in pixels; a wider run is never kept as an image.
const ATLAS_WIDTH: i32 = 2048;

/// The maps keyed by a run's key ([`RunKey::finish`]).
pub(super) type ByRun<V> = HashMap<u64, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// Hashes what a run's pixels follow from: the colour, and for each glyph its key (glyph, font, device size,
/// phases) and its whole-pixel offset from the run's anchor, the first glyph's whole device pixel.
#[derive(Debug, Clone, Copy)]
pub(super) struct RunKey {
    hash: u64,
    /// The first glyph's whole device pixel, once a glyph is added.
    pub(super) anchor: Option<(i64, i64)>,
    glyphs: u64,
}

impl RunKey {
    /// The key of the pen's run: `None` for a run shorter than [`MIN_GLYPHS`] (never kept as an image) or one the
    /// glyph cache cannot place.
    pub(super) fn of(fonts: &FontBook, pen: Pen<'_>) -> Option<RunKey> {
        if pen.run.len() < MIN_GLYPHS {
            return None;
        }
        let mut key = RunKey::new(pen.glyph.1);
        place(fonts, pen, |p| {
            key.add(&p);
            true
        })
        .then_some(key)
    }

    /// A key for a run drawn in `color`.
    fn new(color: Color) -> RunKey {
        let mut key = RunKey { hash: 0xcbf2_9ce4_8422_2325, anchor: None, glyphs: 0 };
        key.mix(u64::from(color.0));
        key
    }

    fn mix(&mut self, word: u64) {
        self.hash = (self.hash ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.hash ^= self.hash >> 29;
    }

    /// Adds the next glyph of the run, as placed.
    fn add(&mut self, p: &Placed) {
        let (ax, ay) = *self.anchor.get_or_insert((p.x, p.y));
        let k = p.key;
        // The font in a word of its own: a font id is 32 bits (its face and size), so it shares none with the phases.
        self.mix(u64::from(k.glyph) | u64::from(k.phase_x) << 32 | u64::from(k.phase_y) << 40);
        self.mix(((p.x - ax) as u32 as u64) | ((p.y - ay) as u32 as u64) << 32);
        self.mix(u64::from(k.px) | u64::from(k.font.0) << 32);
        self.glyphs += 1;
    }

    /// The key.
    pub(super) fn finish(&self) -> u64 {
        let mut key = *self;
        key.mix(self.glyphs);
        key.hash
    }
}

/// A run in a run atlas: which atlas, its pixels there, and where its anchor lies relative to their top-left
/// corner.
#[derive(Debug, Clone, Copy)]
pub(super) struct RunImage {
    /// Index into [`Runs::atlases`].
    atlas: usize,
    /// Its pixels in the atlas.
    pub(super) area: InkBox,
    /// The anchor's offset from the area's top-left corner.
    pub(super) anchor: (i32, i32),
    /// The last generation that drew it.
    used: u64,
}

/// A run a base layer draws, with what drawing it into a run atlas needs.
#[derive(Debug, Clone)]
pub struct WantedRun {
    /// Its key.
    pub(super) key: u64,
    /// Font and colour.
    pub(super) glyph: (FontId, Color),
    /// Device pixels a unit.
    pub(super) scale: f64,
    /// The pen at the run's origin, in device pixels.
    pub(super) origin: (f64, f64),
    /// The glyphs.
    pub(super) run: Arc<GlyphRun>,
}

/// The run images and what decides which runs get one.
#[derive(Debug, Default)]
pub(super) struct Runs {
    /// The images, by key.
    images: ByRun<RunImage>,
    /// The atlases, with how many images each holds (`None`: dropped, the slot free).
    atlases: Vec<Option<(Image, usize)>>,
    /// The runs seen without an image, with the generation that last saw each.
    seen: ByRun<u64>,
    /// The runs refused an image, with the generation that last drew each.
    refused: ByRun<u64>,
    /// Base redraws so far.
    generation: u64,
    /// Bytes of the atlases held.
    bytes: usize,
}

/// What one base redraw did to the run images (for [`super::GlyphCache::fill`]'s callers and tests).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RunUpdate {
    /// Images built this time.
    pub built: usize,
    /// Images dropped (not drawn for [`KEEP_GENERATIONS`], or all of them when they started over).
    pub dropped: usize,
    /// Runs refused an image this time (each is refused once, then remembered).
    pub refused: usize,
}

impl Runs {
    /// Brings the images up to date with one base redraw: `used` (runs with an image the redraw draws without
    /// looking them up) and `wanted` (the runs it looked up) are marked drawn; the wanted runs without an image
    /// that were seen before (or all of them, when `at_first_sight`) are drawn into a new run atlas from the
    /// glyph `cells` in `glyph_atlases`; the others are remembered as seen. Then the images and the seen runs
    /// older than [`KEEP_GENERATIONS`] are dropped. A `partial` lookup (the base's damage only) is no new
    /// generation. Nothing happens when both lists are empty (no base redraw).
    pub(super) fn update(
        &mut self,
        g: &'static Goldberry,
        fonts: &FontBook,
        (cells, tints): (&Cells, &Tints),
        used: &[u64],
        mut wanted: Vec<WantedRun>,
        (at_first_sight, partial): (bool, bool),
    ) -> Result<RunUpdate, NativeError> {
        if used.is_empty() && wanted.is_empty() {
            return Ok(RunUpdate::default());
        }
        // A redraw of the base's damage alone looked up only the runs in it: the others were not left undrawn by
        // choice, so they do not age.
        if !partial {
            self.generation += 1;
        }
        let generation = self.generation;
        for key in used {
            if let Some(image) = self.images.get_mut(key) {
                image.used = generation;
            }
        }
        wanted.sort_unstable_by_key(|w| w.key);
        wanted.dedup_by_key(|w| w.key);
        let mut build = Vec::new();
        for w in wanted {
            if let Some(image) = self.images.get_mut(&w.key) {
                image.used = generation;
            } else if let Some(last) = self.refused.get_mut(&w.key) {
                *last = generation;
            } else if at_first_sight || self.seen.contains_key(&w.key) {
                build.push(w);
            } else {
                self.seen.insert(w.key, generation);
            }
        }
        let dropped = self.drop_older_than(generation.saturating_sub(KEEP_GENERATIONS));
        let mut update = RunUpdate { dropped, ..RunUpdate::default() };
        if self.bytes > MAX_BYTES {
            update.dropped += self.images.len();
            *self = Runs { generation, ..Runs::default() };
        }
        let (atlas, refused) = build_run_atlas(g, fonts, cells, tints, &build)?;
        update.refused = refused.len();
        for key in refused {
            self.seen.remove(&key);
            self.refused.insert(key, generation);
        }
        if let Some((image, built)) = atlas {
            let bytes = image.width() as usize * image.height() as usize * 4;
            let slot = self.atlases.iter().position(Option::is_none).unwrap_or(self.atlases.len());
            if slot == self.atlases.len() {
                self.atlases.push(None);
            }
            self.atlases[slot] = Some((image, built.len()));
            self.bytes += bytes;
            update.built = built.len();
            for (key, mut image) in built {
                image.atlas = slot;
                image.used = generation;
                self.images.insert(key, image);
                self.seen.remove(&key);
            }
        }
        Ok(update)
    }

    /// Drops the images last drawn at or before generation `oldest` (and the atlases left empty), and forgets the
    /// runs last seen then. Returns how many images it dropped.
    fn drop_older_than(&mut self, oldest: u64) -> usize {
        let Runs { images, atlases, seen, refused, bytes, .. } = self;
        let before = images.len();
        images.retain(|_, image| {
            let keep = image.used > oldest;
            if !keep && let Some(Some((_, held))) = atlases.get_mut(image.atlas) {
                *held = held.saturating_sub(1);
            }
            keep
        });
        for slot in atlases.iter_mut() {
            if let Some((image, 0)) = slot {
                *bytes = bytes.saturating_sub(image.width() as usize * image.height() as usize * 4);
                *slot = None;
            }
        }
        seen.retain(|_, last| *last > oldest);
        refused.retain(|_, last| *last > oldest);
        before - images.len()
    }

    /// The image of the run with key `key`, and its atlas.
    pub(super) fn get(&self, key: u64) -> Option<(&RunImage, &Image)> {
        let image = self.images.get(&key)?;
        let (atlas, _) = self.atlases.get(image.atlas)?.as_ref()?;
        Some((image, atlas))
    }

    /// How many run images are held.
    pub(super) fn len(&self) -> usize {
        self.images.len()
    }

    /// Bytes of run atlas held.
    pub(super) fn bytes(&self) -> usize {
        self.bytes
    }
}

/// A new run atlas and the images in it, by key (their `atlas` index still to set).
type RunAtlas = (Image, Vec<(u64, RunImage)>);

/// One glyph of a run to draw into a run atlas: its cell's ink in its glyph atlas, and where the ink goes
/// relative to the run's anchor.
struct InkAt {
    /// The glyph, whose tinted copy holds the ink.
    key: GlyphKey,
    /// The ink in that copy's tint atlas.
    ink: InkBox,
    x: i32,
    y: i32,
}

/// Whether two of `inks` (in a run's pixels) share a pixel.
fn inks_overlap(inks: &[InkAt]) -> bool {
    let mut order: Vec<&InkAt> = inks.iter().filter(|i| i.ink.w > 0 && i.ink.h > 0).collect();
    order.sort_unstable_by_key(|i| i.x);
    // The inks that reach past the left edge of the one looked at: a run's glyphs mostly follow each other, so
    // this holds a few.
    let mut open: Vec<&InkAt> = Vec::new();
    for ink in order {
        open.retain(|o| o.x + o.ink.w > ink.x);
        if open.iter().any(|o| o.y < ink.y + ink.ink.h && ink.y < o.y + o.ink.h) {
            return true;
        }
        open.push(ink);
    }
    false
}

/// Draws `runs` (their glyphs all in `cells`) into one new run atlas, shelf by shelf, and returns it with each
/// run's image (`None` when no run has ink), and the keys of the runs refused an image for good: no ink, wider than
/// the atlas, or inks that overlap. A run with a glyph not in `cells` is left out without refusing it (its cells
/// may come); each left-out run is drawn glyph by glyph, or directly.
fn build_run_atlas(
    g: &'static Goldberry,
    fonts: &FontBook,
    cells: &Cells,
    tints: &Tints,
    runs: &[WantedRun],
) -> Result<(Option<RunAtlas>, Vec<u64>), NativeError> {
    let mut refused = Vec::new();
    let mut placed: Vec<(u64, u32, InkBox, Vec<InkAt>)> = Vec::with_capacity(runs.len());
    for w in runs {
        let mut inks = Vec::with_capacity(w.run.len());
        let mut anchor = None;
        let pen = Pen { glyph: w.glyph, scale: w.scale, x: w.origin.0, y: w.origin.1, run: &w.run };
        let color = w.glyph.1.0;
        let complete = place(fonts, pen, |p| {
            let Some(cell) = cells.get(&p.key) else { return false };
            let (ax, ay) = *anchor.get_or_insert((p.x, p.y));
            if let Some(ink) = cell.ink {
                // The ink from its copy tinted to the run's colour (looked up this frame, so made by now).
                let Some((_, tx, ty)) = tints.get(&p.key, color) else { return false };
                let x = (p.x - ax) as i32 - cell.origin_x + ink.x;
                let y = (p.y - ay) as i32 - cell.origin_y + ink.y;
                inks.push(InkAt { key: p.key, ink: InkBox { x: tx, y: ty, w: ink.w, h: ink.h }, x, y });
            }
            true
        });
        let (x0, y0) = (inks.iter().map(|i| i.x).min(), inks.iter().map(|i| i.y).min());
        let (x1, y1) = (inks.iter().map(|i| i.x + i.ink.w).max(), inks.iter().map(|i| i.y + i.ink.h).max());
        if !complete {
            continue;
        }
        let (Some(x0), Some(y0), Some(x1), Some(y1)) = (x0, y0, x1, y1) else {
            refused.push(w.key);
            continue;
        };
        // A run whose glyphs' inks overlap is drawn glyph by glyph: where two glyphs blend over each other, blending
        // them first and the result over the frame rounds apart from blending each over the frame (raster fuzz seed
        // 2347: ten levels on 5.5 px text), so a frame that drew the run's image would differ from one that drew
        // its glyphs before the image was made. Without overlap each pixel of the image is one glyph's ink as it is
        // and the two ways are the same pixels.
        if x1 - x0 > ATLAS_WIDTH || inks_overlap(&inks) {
            refused.push(w.key);
            continue;
        }
        // `InkBox` here is the run's box relative to its anchor, until it is given its place in the atlas.
        placed.push((w.key, w.glyph.1.0, InkBox { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }, inks));
    }
    if placed.is_empty() {
        return Ok((None, refused));
    }
    // Shelves, tallest runs first so that each shelf wastes little height.
    placed.sort_by_key(|(_, _, bounds, _)| std::cmp::Reverse(bounds.h));
    let (mut x, mut y, mut shelf) = (0i32, 0i32, 0i32);
    let mut images = Vec::with_capacity(placed.len());
    for (key, _, bounds, _) in &placed {
        if x + bounds.w > ATLAS_WIDTH {
            (x, y, shelf) = (0, y + shelf, 0);
        }
        let area = InkBox { x, y, w: bounds.w, h: bounds.h };
        images.push((*key, RunImage { atlas: 0, area, anchor: (-bounds.x, -bounds.y), used: 0 }));
        x += bounds.w;
        shelf = shelf.max(bounds.h);
    }
    let width = images.iter().map(|(_, image)| image.area.x + image.area.w).max().unwrap_or(1).max(1);
    let height = (y + shelf).max(1);
    let mut atlas = Image::new(g, width as u32, height as u32, PixelFormat::Prgb32)?;
    {
        let mut ctx = Context::begin(&mut atlas)?;
        for ((_, image), (_, color, _, inks)) in images.iter().zip(&placed) {
            for glyph in inks {
                let Some((source, _, _)) = tints.get(&glyph.key, *color) else { continue };
                let (dx, dy) = (image.area.x + image.anchor.0 + glyph.x, image.area.y + image.anchor.1 + glyph.y);
                let area = PixelArea { x: glyph.ink.x, y: glyph.ink.y, w: glyph.ink.w, h: glyph.ink.h };
                ctx.blit_image_area(f64::from(dx), f64::from(dy), source, area)?;
            }
        }
        ctx.end()?;
    }
    Ok((Some((atlas, images)), refused))
}
