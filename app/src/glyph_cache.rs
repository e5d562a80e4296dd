//! The glyph cache: each distinct glyph rasterized once into a small PRGB32 image, then blitted.
//!
//! The Blend2D beta keeps no glyph cache: `fill_glyph_run` decodes every glyph's outline (CFF or glyf) and
//! rasterizes it as a path each time it is drawn, which is most of a cold frame. Here a glyph is keyed by
//! (font, glyph id, colour, sub-pixel phase of its origin in x and y, quantised to 1/[`PHASES`] px), drawn once
//! with `fill_glyph_run` of a one-glyph run at that phase into a cell as tall as the font's ascent and descent
//! (plus a margin) and wide enough for any glyph, and blitted at a whole device pixel after that. Glyph outlines
//! are not hinted, so a glyph drawn at the same phase gives the same coverage wherever it lands; the only
//! differences from drawing the run directly are the phase rounding (at most 1/8 px) and the compositing of
//! overlapping anti-aliased edges.
//!
//! The cache is filled before the parallel work of a frame (stale layers, bands) with every glyph it will draw
//! ([`GlyphCache::collect`] then [`GlyphCache::fill`], the missing cells rasterized across threads) and only
//! read while drawing ([`GlyphCache::draw_run`]), so the threads share it without a lock. It outlives frames
//! and resizes (a glyph's pixels do not depend on the frame); past [`MAX_GLYPHS`] cells it starts over. It also
//! remembers the layers drawn in place whose glyphs it holds ([`PlacedLayer`]): a layer with the same key,
//! version and origin draws the same glyphs, so its glyphs are not looked up again until the cache starts over.
//! Only runs under a pure translation use it; a scaled or rotated context draws the run directly.
//!
//! The runs of the base (the text a cold frame redraws) that it has seen in an earlier base are also kept whole,
//! as run images drawn from the cells, and blitted in one call instead of one per glyph ([`runs`]).

pub mod runs;

use std::collections::HashMap;
use std::sync::Arc;

use goldberry_natives::blend2d::{Context, Image, PixelArea, PixelFormat, PixelRows, Rgba32, Style};
use goldberry_natives::glyphs::{GlyphPlacement, GlyphRun};
use goldberry_natives::{Goldberry, NativeError};

use crate::display_list::{Color, FontId, LayerKey};
use crate::fonts::{Face, FontBook};

pub use runs::{KEEP_GENERATIONS, MIN_GLYPHS, RunUpdate};
use runs::{RunKey, Runs, WantedRun};

/// Sub-pixel phases per pixel, in x and y.
pub const PHASES: f64 = 4.0;

/// How many atlases (at most) one fill draws, shared among the threads.
const SHARES: usize = 4;

/// How many cells the cache holds before it starts over.
pub const MAX_GLYPHS: usize = 8192;

/// How many complete layers the cache remembers before it forgets them all (each resize brings new versions).
const MAX_COMPLETE_LAYERS: usize = 1024;

/// One glyph at one colour and phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlyphKey {
    font: FontId,
    glyph: u32,
    color: u32,
    phase_x: u8,
    phase_y: u8,
}

impl std::hash::Hash for GlyphKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // One word: the glyph in the low 32 bits, the font and the phases above, the colour folded in.
        let word = u64::from(self.glyph)
            | u64::from(self.font.0) << 32
            | u64::from(self.phase_x) << 48
            | u64::from(self.phase_y) << 56;
        state.write_u64(word ^ u64::from(self.color).rotate_left(17));
    }
}

/// Hashes a [`GlyphKey`]'s one word with a multiply and a fold: every frame looks up each glyph it draws (a few
/// thousand), and SipHash's resistance to chosen keys buys nothing for keys that come from our own fonts.
#[derive(Debug, Default, Clone, Copy)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let x = self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^ (x >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 ^= word;
    }
}

/// The cells' map, keyed with [`KeyHasher`].
type Cells = HashMap<GlyphKey, Cell, std::hash::BuildHasherDefault<KeyHasher>>;

/// A rasterized glyph, in one of the cache's atlases: where the glyph's origin (the whole pixel its phase is
/// added to) sits in the atlas, and its inked pixels (`None` when it leaves no ink, e.g. a space).
#[derive(Debug, Clone, Copy)]
struct Cell {
    atlas: usize,
    origin_x: i32,
    origin_y: i32,
    ink: Option<Ink>,
}

/// A rectangle of atlas pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Ink {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

/// The cache (see the module docs).
#[derive(Debug, Default)]
pub struct GlyphCache {
    cells: Cells,
    atlases: Vec<Image>,
    /// The layers whose every glyph is in `cells` and every run ([`runs`]) has an image, with those runs' keys.
    complete: HashMap<PlacedLayer, Vec<u64>>,
    /// Whole runs kept as images (see [`runs`]).
    runs: Runs,
}

/// A layer drawn in place: its key, its version (its content follows from both) and the bits of its device
/// origin (its glyphs' phases follow from that).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlacedLayer {
    /// The layer.
    pub key: LayerKey,
    /// Its version.
    pub version: u64,
    /// `f64::to_bits` of its origin's x and y, in device pixels.
    pub origin: (u64, u64),
}

/// What a frame needs from the cache: the glyphs it lacks ([`GlyphCache::collect`]), and the layers whose
/// glyphs were looked up, all of which the cache holds once [`GlyphCache::fill`] has added the missing ones.
#[derive(Debug, Default)]
pub struct Wants {
    /// The glyphs the cache lacks.
    pub glyphs: Vec<Wanted>,
    /// The layers looked up, with the keys of the runs each draws that can be kept as images.
    pub layers: Vec<(PlacedLayer, Vec<u64>)>,
    /// The runs of the base looked up (see [`runs`]).
    pub runs: Vec<WantedRun>,
    /// The runs with an image drawn by the complete layers, which are not looked up.
    pub used_runs: Vec<u64>,
    /// Give every wanted run an image now, not when it is seen again ([`crate::raster::Raster::warm_glyphs`]:
    /// the first frame will draw them).
    pub runs_at_first_sight: bool,
}

/// Where one glyph of a run lands: its key and the whole device pixel of its (phase-rounded) origin.
#[derive(Debug, Clone, Copy)]
struct Placed {
    key: GlyphKey,
    x: i64,
    y: i64,
    /// The pen advance after the glyph, in pixels.
    advance: f64,
}

/// Calls `each` with the device position of every glyph of `run`, the pen at device (`x`, `y`), in order, until
/// it returns false. Returns false when the run cannot be cached (its placements are not in the face's units, or
/// a glyph id does not fit Blend2D's 16 bits; `each` may have seen the glyphs before the one that says so) or
/// `each` stopped.
fn place(
    fonts: &FontBook,
    (font, color): (FontId, Color),
    x: f64,
    y: f64,
    run: &GlyphRun,
    mut each: impl FnMut(Placed) -> bool,
) -> bool {
    let bl_font = fonts.blend2d_font(font);
    let upem = bl_font.face_units_per_em();
    if upem == 0 || run.units_per_em != upem || run.glyphs.len() != run.placements.len() {
        return false;
    }
    // Blend2D maps design units by size / units per em, y up.
    let scale = f64::from(bl_font.size()) / f64::from(upem);
    let (mut pen_x, mut pen_y) = (0i64, 0i64);
    for (&glyph, p) in run.glyphs.iter().zip(&run.placements) {
        if glyph > u32::from(u16::MAX) {
            return false;
        }
        let gx = x + (pen_x + i64::from(p.offset_x)) as f64 * scale;
        let gy = y - (pen_y + i64::from(p.offset_y)) as f64 * scale;
        pen_x += i64::from(p.advance_x);
        pen_y += i64::from(p.advance_y);
        let (qx, qy) = (gx * PHASES, gy * PHASES);
        if !(qx.is_finite() && qy.is_finite() && qx.abs() < 1e12 && qy.abs() < 1e12) {
            return false;
        }
        // In quarter pixels, then whole pixels and the phase: integer arithmetic, where `round` and `floor` are
        // calls into libm on this target (a few per glyph, each frame, in every band).
        let (qx, qy) = (round_half_away(qx), round_half_away(qy));
        let phases = PHASES as i64;
        let placed = Placed {
            key: GlyphKey {
                font,
                glyph,
                color: color.0,
                phase_x: qx.rem_euclid(phases) as u8,
                phase_y: qy.rem_euclid(phases) as u8,
            },
            x: qx.div_euclid(phases),
            y: qy.div_euclid(phases),
            advance: f64::from(p.advance_x) * scale,
        };
        if !each(placed) {
            return false;
        }
    }
    true
}

/// `v` rounded to the nearest integer, halves away from zero (as `f64::round`), for `|v|` below 2^52.
fn round_half_away(v: f64) -> i64 {
    let magnitude = (v.abs() + 0.5) as i64;
    if v < 0.0 { -magnitude } else { magnitude }
}

/// Whether a user transform is a pure translation (the only case the cache draws).
pub fn is_translation(m: &[f64; 6]) -> bool {
    m[0] == 1.0 && m[1] == 0.0 && m[2] == 0.0 && m[3] == 1.0
}

impl GlyphCache {
    /// An empty cache.
    pub fn new() -> GlyphCache {
        GlyphCache::default()
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the cache holds no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Adds to `missing` the glyphs of `run` (pen at device (`x`, `y`) under a pure translation) that the
    /// cache does not hold yet.
    pub fn collect(
        &self,
        fonts: &FontBook,
        glyph: (FontId, Color),
        x: f64,
        y: f64,
        run: &GlyphRun,
        missing: &mut Vec<Wanted>,
    ) {
        place(fonts, glyph, x, y, run, |p| {
            if !self.cells.contains_key(&p.key) {
                missing.push(Wanted { key: p.key, advance: p.advance });
            }
            true
        });
    }

    /// Like [`GlyphCache::collect`] for a run of the base (see [`runs`]): also adds the run to `wants.runs` when
    /// it has [`MIN_GLYPHS`] or more, and its key to `keys` (the runs of the layer being looked up).
    #[allow(clippy::too_many_arguments)]
    pub fn collect_base_run(
        &self,
        fonts: &FontBook,
        glyph: (FontId, Color),
        x: f64,
        y: f64,
        run: &Arc<GlyphRun>,
        wants: &mut Wants,
        keys: &mut Vec<u64>,
    ) {
        if run.len() < MIN_GLYPHS {
            self.collect(fonts, glyph, x, y, run, &mut wants.glyphs);
            return;
        }
        let Some(key) = RunKey::of(fonts, glyph, x, y, run) else { return };
        let key = key.finish();
        keys.push(key);
        // A run with an image draws no glyph: its cells are not looked up.
        if self.runs.get(key).is_none() {
            self.collect(fonts, glyph, x, y, run, &mut wants.glyphs);
        }
        wants.runs.push(WantedRun { key, glyph, origin: (x, y), run: Arc::clone(run) });
    }

    /// The keys of the runs of `layer` when all its glyphs and run images are known to be cached (a fill after it
    /// was looked up added them all), `None` otherwise.
    pub fn complete_layer(&self, layer: &PlacedLayer) -> Option<&[u64]> {
        self.complete.get(layer).map(Vec::as_slice)
    }

    /// How many runs are kept as images, and the bytes of their atlases.
    pub fn run_images(&self) -> (usize, usize) {
        (self.runs.len(), self.runs.bytes())
    }

    /// Rasterizes the cells of `wants.glyphs` (deduplicated here) across `threads` threads, one atlas image per
    /// thread, and adds them, then brings the run images up to date with `wants.runs` and `wants.used_runs` (see
    /// [`runs`]); the `wants.layers` whose runs all have images are then known to be complete. When the cache
    /// would grow past [`MAX_GLYPHS`] cells, its cells are emptied first, and it forgets which layers were
    /// complete (the glyphs of the layers looked up were not all missing, so they are not all back); so it does
    /// when run images are dropped.
    pub fn fill(
        &mut self,
        g: &'static Goldberry,
        fonts: &FontBook,
        wants: Wants,
        threads: usize,
    ) -> Result<RunUpdate, NativeError> {
        let Wants { glyphs: mut missing, layers, runs, used_runs, runs_at_first_sight } = wants;
        if self.complete.len() + layers.len() > MAX_COMPLETE_LAYERS {
            self.complete.clear();
        }
        let _span = tracing::info_span!("glyph_cache", missing = missing.len(), runs = runs.len()).entered();
        let order = |k: &GlyphKey| (k.font.0, k.color, k.glyph, k.phase_x, k.phase_y);
        // The widest advance of each key first, then one of each.
        missing.sort_unstable_by(|a, b| order(&a.key).cmp(&order(&b.key)).then(b.advance.total_cmp(&a.advance)));
        missing.dedup_by_key(|w| w.key);
        missing.retain(|w| !self.cells.contains_key(&w.key));
        let restart = self.add_cells(g, fonts, missing, threads)?;
        let update = self.runs.update(g, fonts, (&self.cells, &self.atlases), &used_runs, runs, runs_at_first_sight)?;
        if update.dropped > 0 {
            self.complete.clear();
        }
        if !restart {
            for (layer, keys) in layers {
                if keys.iter().all(|key| self.runs.get(*key).is_some()) {
                    self.complete.insert(layer, keys);
                }
            }
        }
        Ok(update)
    }

    /// Rasterizes the cells of `missing` (each a glyph the cache lacks, once) as [`GlyphCache::fill`] says, and
    /// returns whether the cache started over.
    fn add_cells(
        &mut self,
        g: &'static Goldberry,
        fonts: &FontBook,
        missing: Vec<Wanted>,
        threads: usize,
    ) -> Result<bool, NativeError> {
        if missing.is_empty() {
            return Ok(false);
        }
        let restart = self.cells.len() + missing.len() > MAX_GLYPHS;
        if restart {
            self.cells.clear();
            self.atlases.clear();
            self.complete.clear();
        }
        // Interleaved shares (of similar cost: neighbouring keys are the same glyph at other phases), each still
        // sorted by font and colour, one atlas each. Their number depends on the glyphs only, not on the thread
        // count: where a glyph lands in its atlas rounds its position (design units), so the same glyphs must
        // give the same atlases whatever the threads.
        let count = SHARES.min(missing.len().div_ceil(64)).max(1);
        let shares: Vec<Vec<Wanted>> =
            (0..count).map(|t| missing.iter().copied().skip(t).step_by(count).collect()).collect();
        let threads = threads.clamp(1, count);
        let build = |t: usize| -> Result<Vec<Atlas>, NativeError> {
            let mine = shares.iter().skip(t).step_by(threads);
            mine.filter_map(|share| build_atlas(g, fonts, share).transpose()).collect()
        };
        let built: Vec<Atlas> = std::thread::scope(|s| {
            let build = &build;
            let handles: Vec<_> = (1..threads).map(|t| s.spawn(move || build(t))).collect();
            let mut all = build(0);
            for h in handles {
                let part = h
                    .join()
                    .unwrap_or_else(|_| Err(NativeError::InvalidArgument("a glyph cache thread panicked".to_owned())));
                all = all.and_then(|mut all| {
                    all.extend(part?);
                    Ok(all)
                });
            }
            all
        })?;
        for (image, cells) in built {
            let atlas = self.atlases.len();
            self.atlases.push(image);
            self.cells.extend(cells.into_iter().map(|(key, mut cell)| {
                cell.atlas = atlas;
                (key, cell)
            }));
        }
        Ok(restart)
    }

    /// Draws `run` (pen at (`x`, `y`) in user space) by blitting its image when it has one ([`runs`]), its
    /// cached glyphs otherwise, and returns whether it did: `false` (nothing drawn) when the context is not under
    /// a pure translation or a glyph is not cached, for the caller to draw the run directly.
    pub fn draw_run(
        &self,
        ctx: &mut Context<'_>,
        fonts: &FontBook,
        glyph: (FontId, Color),
        x: f64,
        y: f64,
        run: &GlyphRun,
    ) -> Result<bool, NativeError> {
        if self.cells.is_empty() && self.runs.len() == 0 {
            return Ok(false);
        }
        let m = ctx.user_transform()?;
        if !is_translation(&m) {
            return Ok(false);
        }
        let (x, y) = (x + m[4], y + m[5]);
        let mut blits = Vec::with_capacity(1);
        // The run's image when it has one (its key needs the glyphs placed, not looked up), its glyphs otherwise.
        if self.runs.len() > 0
            && let Some(key) = RunKey::of(fonts, glyph, x, y, run)
            && let (Some((image, atlas)), Some((ax, ay))) = (self.runs.get(key.finish()), key.anchor)
        {
            let area = PixelArea { x: image.area.x, y: image.area.y, w: image.area.w, h: image.area.h };
            blits.push(((ax - i64::from(image.anchor.0)) as f64, (ay - i64::from(image.anchor.1)) as f64, area, atlas));
        } else {
            blits.reserve(run.glyphs.len());
            let complete = place(fonts, glyph, x, y, run, |p| {
                let Some(cell) = self.cells.get(&p.key) else { return false };
                if let (Some(ink), Some(atlas)) = (cell.ink, self.atlases.get(cell.atlas)) {
                    // The atlas's top-left corner, so that the cell's origin lands on the glyph's.
                    let (ax, ay) = (p.x - i64::from(cell.origin_x), p.y - i64::from(cell.origin_y));
                    let area = PixelArea { x: ink.x, y: ink.y, w: ink.w, h: ink.h };
                    blits.push(((ax + i64::from(ink.x)) as f64, (ay + i64::from(ink.y)) as f64, area, atlas));
                }
                true
            });
            if !complete {
                return Ok(false);
            }
        }
        if blits.is_empty() {
            return Ok(true);
        }
        // The blits land on whole device pixels. Under a whole-pixel translation (a band's, a layer's) they
        // are placed in user space, shifted back by it; under a fractional one, in device space, the transform
        // reset for them.
        let whole = m[4].fract() == 0.0 && m[5].fract() == 0.0;
        let shift = if whole { (m[4], m[5]) } else { (0.0, 0.0) };
        if !whole {
            ctx.save()?;
            ctx.reset_transform()?;
        }
        for (x, y, area, atlas) in blits {
            ctx.blit_image_area(x - shift.0, y - shift.1, atlas, area)?;
        }
        if !whole {
            ctx.restore()?;
        }
        Ok(true)
    }
}

/// A glyph the cache lacks, with the widest advance it is drawn with (pixels: the cell's width follows it).
#[derive(Debug, Clone, Copy)]
pub struct Wanted {
    key: GlyphKey,
    advance: f64,
}

/// One atlas image and its cells (their `atlas` index still to set).
type Atlas = (Image, Vec<(GlyphKey, Cell)>);

/// The atlas' widest width in pixels; cells are packed in rows (shelves) across it.
const ATLAS_WIDTH: i32 = 1024;

/// Draws the cells of `wanted` into one new atlas image (`None` when there are none).
fn build_atlas(g: &'static Goldberry, fonts: &FontBook, wanted: &[Wanted]) -> Result<Option<Atlas>, NativeError> {
    if wanted.is_empty() {
        return Ok(None);
    }
    // Lay the cells out: room for the glyph's advance, 0.3 em right of it and 0.4 em left (more for a glyph
    // without advance, a mark drawn over the glyph before it, and for ligatures), the font's ascent and descent
    // and 0.1 em above and below.
    let mut cells = Vec::with_capacity(wanted.len());
    let (mut x, mut y, mut row_height) = (0i32, 0i32, 0i32);
    for w in wanted {
        let font = fonts.blend2d_font(w.key.font);
        let metrics = font.metrics();
        let size = f64::from(font.size());
        let advance = w.advance.clamp(0.0, size * 4.0);
        // JetBrains Mono draws a ligature (`=>`, `->`, `===`) over the glyphs before it: room for two cells.
        let left = match fonts.face(w.key.font) {
            Face::Mono => size * 2.0,
            _ if advance < size * 0.05 => size * 0.7,
            _ => size * 0.4,
        };
        let origin_x = left.ceil() as i32 + 1;
        let origin_y = (f64::from(metrics.ascent) + size * 0.1).ceil() as i32 + 1;
        let width = (origin_x + (advance + size * 0.3).ceil() as i32 + 1).clamp(1, ATLAS_WIDTH);
        let height = (origin_y + (f64::from(metrics.descent) + size * 0.1).ceil() as i32 + 1).max(1);
        if x + width > ATLAS_WIDTH {
            (x, y, row_height) = (0, y + row_height, 0);
        }
        cells.push((*w, Ink { x, y, w: width, h: height }, origin_x, origin_y));
        x += width;
        row_height = row_height.max(height);
    }
    let atlas_height = u32::try_from(y + row_height).unwrap_or(1).max(1);
    // As wide as its widest shelf: a fill that adds a glyph or two (a figure at a new colour) takes a few hundred
    // bytes, not a full-width atlas (80 KB); where each cell lies does not change.
    let used_width = cells.iter().map(|(_, cell, ..)| cell.x + cell.w).max().unwrap_or(1);
    let atlas_width = u32::try_from(used_width.clamp(1, ATLAS_WIDTH)).unwrap_or(1);
    let mut image = Image::new(g, atlas_width, atlas_height, PixelFormat::Prgb32)?;
    {
        let mut ctx = Context::begin(&mut image)?;
        // One run per font and colour, every glyph placed at its cell's origin and phase by its offset from
        // the atlas' top-left corner (design units: within 1/200 px at these sizes).
        let mut start = 0;
        while start < cells.len() {
            let (font_id, color) = (cells[start].0.key.font, cells[start].0.key.color);
            let end = cells[start..]
                .iter()
                .position(|(w, ..)| (w.key.font, w.key.color) != (font_id, color))
                .map_or(cells.len(), |n| start + n);
            let font = fonts.blend2d_font(font_id);
            let units = f64::from(font.face_units_per_em()) / f64::from(font.size());
            let mut run = GlyphRun {
                glyphs: Vec::with_capacity(end - start),
                placements: Vec::with_capacity(end - start),
                clusters: vec![0; end - start],
                units_per_em: font.face_units_per_em(),
            };
            for (w, cell, origin_x, origin_y) in &cells[start..end] {
                let gx = f64::from(cell.x + origin_x) + f64::from(w.key.phase_x) / PHASES;
                let gy = f64::from(cell.y + origin_y) + f64::from(w.key.phase_y) / PHASES;
                run.glyphs.push(w.key.glyph);
                run.placements.push(GlyphPlacement {
                    offset_x: (gx * units).round() as i32,
                    offset_y: -(gy * units).round() as i32,
                    advance_x: 0,
                    advance_y: 0,
                });
            }
            ctx.set_fill(&Style::Solid(Rgba32(color)))?;
            ctx.fill_glyph_run(font, 0.0, 0.0, &run)?;
            start = end;
        }
        ctx.end()?;
    }
    let rows = image.pixels()?;
    let out = cells
        .iter()
        .map(|(w, cell, origin_x, origin_y)| {
            let ink = ink_box(&rows, *cell);
            (w.key, Cell { atlas: 0, origin_x: cell.x + origin_x, origin_y: cell.y + origin_y, ink })
        })
        .collect();
    Ok(Some((image, out)))
}

/// The smallest rectangle of `cell` holding every pixel with some alpha (`None`: none has). Premultiplied:
/// a pixel has alpha exactly when it is not all zero.
fn ink_box(rows: &PixelRows<'_>, cell: Ink) -> Option<Ink> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, i32::MAX, 0usize, i32::MIN);
    let start = cell.x as usize * 4;
    for y in cell.y..cell.y + cell.h {
        let Some(bytes) = rows.row(y as u32).and_then(|row| row.get(start..start + cell.w as usize * 4)) else {
            continue;
        };
        let pixels = || bytes.chunks_exact(4).map(|p| u32::from_ne_bytes([p[0], p[1], p[2], p[3]]));
        let Some(first) = pixels().position(|p| p != 0) else { continue };
        let last = pixels().rposition(|p| p != 0).unwrap_or(first);
        (x0, x1, y0, y1) = (x0.min(first), x1.max(last), y0.min(y), y1.max(y));
    }
    (y0 <= y1).then(|| Ink { x: cell.x + x0 as i32, y: y0, w: (x1 - x0) as i32 + 1, h: y1 - y0 + 1 })
}

#[cfg(test)]
mod tests {
    use goldberry_natives::blend2d::ImageView;

    use super::*;
    use crate::display_list::Color;
    use crate::fonts::Face;

    fn draw(g: &'static Goldberry, cached: bool, transform: Option<f64>, cache: &GlyphCache) -> (Vec<u8>, bool) {
        let fonts = FontBook::load(g).expect("fonts");
        let (width, height) = (160u32, 40u32);
        let mut pixels = vec![0u8; (width * height * 4) as usize];
        let font = fonts.id(Face::Sans, 14.0);
        let run = fonts.shape(font, "Kerning: AVA To 1/4");
        let mut view = ImageView::over_pixels(g, &mut pixels, width, height, width as usize * 4, PixelFormat::Xrgb32)
            .expect("view");
        let mut ctx = Context::begin_view(&mut view).expect("context");
        if let Some(s) = transform {
            ctx.scale(s, s).expect("scale");
        }
        let color = Color::rgb(230, 200, 120);
        let drawn = cached && cache.draw_run(&mut ctx, &fonts, (font, color), 4.25, 24.0, &run).expect("draw");
        if !drawn {
            ctx.set_fill(&Style::Solid(Rgba32(color.0))).expect("fill");
            ctx.fill_glyph_run(fonts.blend2d_font(font), 4.25, 24.0, &run).expect("glyphs");
        }
        ctx.end().expect("end");
        drop(view);
        (pixels, drawn)
    }

    fn filled(g: &'static Goldberry) -> GlyphCache {
        let fonts = FontBook::load(g).expect("fonts");
        let font = fonts.id(Face::Sans, 14.0);
        let run = fonts.shape(font, "Kerning: AVA To 1/4");
        let mut cache = GlyphCache::new();
        let mut missing = Vec::new();
        cache.collect(&fonts, (font, Color::rgb(230, 200, 120)), 4.25, 24.0, &run, &mut missing);
        assert_eq!(missing.len(), run.len());
        cache.fill(g, &fonts, Wants { glyphs: missing, ..Wants::default() }, 2).expect("fill");
        // Repeated glyphs share a cell; the space leaves no ink.
        assert!(cache.len() < run.len());
        cache
    }

    #[test]
    fn a_cached_run_looks_like_the_run_drawn_directly() {
        let g = Goldberry::load(None).expect("libgoldberry");
        let cache = filled(g);
        let (direct, _) = draw(g, false, None, &cache);
        let (blitted, drawn) = draw(g, true, None, &cache);
        assert!(drawn);
        assert!(direct.iter().any(|&b| b > 100), "the run drew something");
        // The pen positions fall on quarter pixels only where the advances do; a glyph is off by 1/8 px at most.
        let worst = direct.iter().zip(&blitted).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
        assert!(worst <= 48, "worst {worst}");
        // Overall the ink is where it was: the differences add up to a small part of it.
        let ink: u64 = direct.iter().map(|&b| u64::from(b)).sum();
        let off: u64 = direct.iter().zip(&blitted).map(|(a, b)| u64::from(a.abs_diff(*b))).sum();
        assert!(off * 10 < ink, "{off} of {ink}");
    }

    #[test]
    fn an_atlas_is_as_wide_as_the_cells_it_holds() {
        let g = Goldberry::load(None).expect("libgoldberry");
        let fonts = FontBook::load(g).expect("fonts");
        let font = fonts.id(Face::Sans, 14.0);
        let mut cache = GlyphCache::new();
        let mut missing = Vec::new();
        cache.collect(&fonts, (font, Color::rgb(230, 200, 120)), 4.0, 24.0, &fonts.shape(font, "W"), &mut missing);
        cache.fill(g, &fonts, Wants { glyphs: missing, ..Wants::default() }, 1).expect("fill");
        // One glyph: one cell a few em wide, not a full-width shelf (a figure at a new colour adds one like it).
        assert_eq!(cache.atlases.len(), 1);
        assert!(cache.atlases[0].width() < 100, "{} px wide", cache.atlases[0].width());
        // Many glyphs still fill shelves across the full width.
        let mut missing = Vec::new();
        let run = fonts.shape(font, "The quick brown fox jumps over the lazy dog 0123456789 ABCDEFGHIJKLMNOPQRSTUVXYZ");
        cache.collect(&fonts, (font, Color::rgb(1, 2, 3)), 4.25, 24.5, &run, &mut missing);
        cache.fill(g, &fonts, Wants { glyphs: missing, ..Wants::default() }, 1).expect("fill");
        assert!(cache.atlases.iter().skip(1).any(|atlas| atlas.width() > 512));
    }

    /// Draws `run` at (`x`, `y`) with `cache` only (no fallback) into a fresh 200x40 frame; whether it drew.
    fn draw_cached(
        g: &'static Goldberry,
        fonts: &FontBook,
        cache: &GlyphCache,
        (font, color): (FontId, Color),
        run: &GlyphRun,
        (x, y): (f64, f64),
    ) -> (Vec<u8>, bool) {
        let (width, height) = (200u32, 40u32);
        let mut pixels = vec![0u8; (width * height * 4) as usize];
        let mut view = ImageView::over_pixels(g, &mut pixels, width, height, width as usize * 4, PixelFormat::Xrgb32)
            .expect("view");
        let mut ctx = Context::begin_view(&mut view).expect("context");
        let drawn = cache.draw_run(&mut ctx, fonts, (font, color), x, y, run).expect("draw");
        ctx.end().expect("end");
        drop(view);
        (pixels, drawn)
    }

    /// libgoldberry, the fonts, a font of `face` at `size` in `color`, and `text` shaped in it.
    fn shaped(
        face: Face,
        size: f32,
        color: Color,
        text: &str,
    ) -> (&'static Goldberry, FontBook, (FontId, Color), Arc<GlyphRun>) {
        let g = Goldberry::load(None).expect("libgoldberry");
        let fonts = FontBook::load(g).expect("fonts");
        let glyph = (fonts.id(face, size), color);
        let run = fonts.shape(glyph.0, text);
        (g, fonts, glyph, run)
    }

    /// Looks `run` up as a run of the base at (`x`, `y`) and fills the cache with what that wants.
    fn fill_base_run(
        g: &'static Goldberry,
        fonts: &FontBook,
        cache: &mut GlyphCache,
        glyph: (FontId, Color),
        run: &Arc<GlyphRun>,
        (x, y): (f64, f64),
    ) -> RunUpdate {
        let mut wants = Wants::default();
        let mut keys = Vec::new();
        cache.collect_base_run(fonts, glyph, x, y, run, &mut wants, &mut keys);
        assert_eq!(keys.len(), 1);
        cache.fill(g, fonts, wants, 1).expect("fill")
    }

    #[test]
    fn a_base_run_seen_again_is_blitted_whole_and_looks_as_its_glyphs_do() {
        let (g, fonts, glyph, run) = shaped(Face::Sans, 14.0, Color::rgb(230, 200, 120), "Kerning: AVA To 1/4, ffi");
        let mut cache = GlyphCache::new();
        // First sight: its glyphs are cached, the run only remembered.
        assert_eq!(fill_base_run(g, &fonts, &mut cache, glyph, &run, (4.25, 24.0)).built, 0);
        assert_eq!(cache.run_images().0, 0);
        let (by_glyph, drawn) = draw_cached(g, &fonts, &cache, glyph, &run, (4.25, 24.0));
        assert!(drawn && by_glyph.iter().any(|&b| b > 100));
        // Seen again, elsewhere at the same sub-pixel phases: it gets an image.
        assert_eq!(fill_base_run(g, &fonts, &mut cache, glyph, &run, (21.25, 7.0)).built, 1);
        assert_eq!(cache.run_images().0, 1);
        // Drawn from the image alone (the cells forgotten), it is the same pixels give or take rounding.
        cache.cells.clear();
        let (whole, drawn) = draw_cached(g, &fonts, &cache, glyph, &run, (4.25, 24.0));
        assert!(drawn, "drawn from the run's image");
        let worst = by_glyph.iter().zip(&whole).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
        assert!(worst <= 1, "worst {worst}");
        // At other phases the glyphs land differently: no image, and no cells to fall back on.
        assert!(!draw_cached(g, &fonts, &cache, glyph, &run, (4.5, 24.0)).1);
        // Nor for the same glyphs in another colour.
        assert!(!draw_cached(g, &fonts, &cache, (glyph.0, Color::rgb(1, 2, 3)), &run, (4.25, 24.0)).1);
    }

    #[test]
    fn run_images_not_drawn_for_some_base_redraws_are_dropped_with_their_atlases() {
        let (g, fonts, glyph, kept) = shaped(Face::Mono, 12.0, Color::rgb(200, 220, 240), "kept: 16.7 ms");
        let mut cache = GlyphCache::new();
        for _ in 0..2 {
            fill_base_run(g, &fonts, &mut cache, glyph, &kept, (3.0, 20.0));
        }
        let (images, bytes) = cache.run_images();
        assert!(images == 1 && bytes > 0, "{images} images, {bytes} bytes");
        // Base redraws that draw other runs (each seen once): the kept run goes after KEEP_GENERATIONS of them.
        for i in 0..KEEP_GENERATIONS {
            assert_eq!(cache.run_images().0, 1, "still there after {i} other redraws");
            let other = fonts.shape(glyph.0, &format!("other line {i}"));
            fill_base_run(g, &fonts, &mut cache, glyph, &other, (3.0, 20.0));
        }
        assert_eq!(cache.run_images(), (0, 0));
        // A frame that draws no base (a settled frame) does not count.
        for _ in 0..2 {
            fill_base_run(g, &fonts, &mut cache, glyph, &kept, (3.0, 20.0));
        }
        for _ in 0..3 * KEEP_GENERATIONS {
            cache.fill(g, &fonts, Wants::default(), 1).expect("fill");
        }
        assert_eq!(cache.run_images().0, 1);
    }

    #[test]
    fn the_warm_up_gives_a_run_its_image_at_first_sight() {
        let (g, fonts, glyph, run) = shaped(Face::Sans, 13.0, Color::rgb(240, 240, 240), "The first frame draws this");
        let mut cache = GlyphCache::new();
        let mut wants = Wants { runs_at_first_sight: true, ..Wants::default() };
        cache.collect_base_run(&fonts, glyph, 2.0, 20.0, &run, &mut wants, &mut Vec::new());
        assert_eq!(cache.fill(g, &fonts, wants, 1).expect("fill").built, 1);
    }

    #[test]
    fn a_scaled_context_or_an_unknown_glyph_falls_back() {
        let g = Goldberry::load(None).expect("libgoldberry");
        let cache = filled(g);
        assert!(!draw(g, true, Some(2.0), &cache).1);
        assert!(!draw(g, true, None, &GlyphCache::new()).1);
    }
}
