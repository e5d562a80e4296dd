//! The glyph cache: each distinct glyph rasterized once into a small PRGB32 image, then blitted.
//!
//! The Blend2D beta keeps no glyph cache: `fill_glyph_run` decodes every glyph's outline (CFF or glyf) and
//! rasterizes it as a path each time it is drawn, which is most of a cold frame. Here a glyph is keyed by
//! (font, device size, glyph id, sub-pixel phase of its origin in x and y in device pixels, quantised to
//! 1/[`PHASES`] px), drawn once in opaque white with `fill_glyph_run` of a one-glyph run at that phase into a cell as tall as the
//! font's ascent and descent (plus a margin) and wide enough for any glyph, and blitted at a whole device pixel
//! after that, from a copy of its ink tinted to the run's colour (`Tints`): a glyph's coverage does not depend
//! on its colour, so a theme's colours, or every step of its fade, add no cells, only tinted copies, made by a blit
//! and a fill and dropped past [`MAX_TINT_BYTES`]. At a scale other than 1 (HiDPI, record 16) the device size is the font's size times the scale and
//! the cell's outline is rasterized at that size, so the glyph is as sharp as the run drawn directly. Glyph outlines
//! are not hinted, so a glyph drawn at the same phase gives the same coverage wherever it lands; the only
//! differences from drawing the run directly are the phase rounding (at most 1/8 px) and the compositing of
//! overlapping anti-aliased edges.
//!
//! The cache is filled before the parallel work of a frame (stale layers, bands) with every glyph it will draw
//! ([`GlyphCache::collect`] then [`GlyphCache::fill`], the missing cells rasterized across threads) and only
//! read while drawing ([`GlyphCache::draw_run`]), so the threads share it without a lock. It outlives frames
//! and resizes (a glyph's pixels do not depend on the frame); past [`MAX_GLYPHS`] cells it starts over. It also
//! remembers the layers drawn in place whose glyphs it holds ([`PlacedLayer`]): a layer with the same key,
//! version and origin draws the same glyphs, so its glyphs are not looked up again until the cache starts over; so
//! does it the base runs without a run image whose every glyph it holds, by run key (record 27).
//! Only runs under a scale and a translation use it; a rotated or skewed context draws the run directly.
//!
//! The runs of the base (the text a cold frame redraws) that it has seen in an earlier base are also kept whole,
//! as run images drawn from the cells, and blitted in one call instead of one per glyph ([`runs`]).

pub mod blend;
mod cells;
pub mod collect;
pub mod colour;
#[cfg(test)]
mod colour_tests;
pub mod paint;
pub mod runs;
#[cfg(test)]
mod tests;
pub mod watch;

use std::collections::HashMap;

use goldberry_natives::blend2d::{Context, Image, PixelArea};
use goldberry_natives::glyphs::GlyphRun;
use goldberry_natives::{Goldberry, NativeError};

use crate::display_list::LayerKey;
use crate::fonts::FontBook;
use crate::geom::{Color, FontId, partial_edge_crosses};
use crate::render_error::RenderError;

use cells::{Atlas, Cells, Tints, build_atlas, place};
pub use cells::{GlyphKey, Pen, Wanted, uniform_scale};
pub use collect::{Collector, LayerGlyphs};
pub use runs::{KEEP_GENERATIONS, MIN_GLYPHS, RunUpdate};
use runs::{RunKey, Runs, WantedRun};

/// Sub-pixel phases per pixel, in x and y.
pub const PHASES: f64 = 4.0;

/// How many atlases (at most) one fill draws, shared among the threads.
const SHARES: usize = 4;

/// How many cells the cache holds before it starts over.
pub const MAX_GLYPHS: usize = 8192;

/// How many bytes the cells' atlases may hold before the cache starts over: cells are as large as their font, so
/// a count alone bounds nothing once a screen offers many sizes (the text screen's sample goes from 8 to 72 px).
pub const MAX_ATLAS_BYTES: usize = 16 << 20;

/// The largest font size (px) whose glyphs are cached: a cell is as tall as the font and as wide as its widest
/// glyph, in PRGB32, so a few display-size glyphs would take the room ([`MAX_ATLAS_BYTES`]) of hundreds of body
/// text ones; larger text is drawn directly, as the beta draws any run.
pub const MAX_CACHED_PX: f32 = 24.0;

/// The largest device size (px) whose glyphs are cached: the text [`MAX_CACHED_PX`] allows at 2x, and less of it
/// at 3x or 4x, whose cells would take 9 or 16 times the room of the 1x ones.
pub const MAX_CACHED_DEVICE_PX: f64 = 48.0;

/// Whether glyphs of `font` drawn at `scale` device pixels a unit go through the cache's coverage cells (a colour
/// face's go through its colour cells, [`colour`], at any size).
pub fn caches(fonts: &FontBook, font: FontId, scale: f64) -> bool {
    if fonts.is_colour(font) {
        return false;
    }
    let size = fonts.size_px(font);
    size <= MAX_CACHED_PX && f64::from(size) * scale <= MAX_CACHED_DEVICE_PX
}

/// How many bytes the tinted copies of the cells may hold before they are dropped (and made again as frames want
/// them): a theme's fade wants new colours every frame.
pub const MAX_TINT_BYTES: usize = 16 << 20;

/// How many base runs known held the cache remembers before it forgets them all (a resize brings new phases).
const MAX_HELD_RUNS: usize = 1 << 14;

/// How many complete layers the cache remembers before it forgets them all (each resize brings new versions).
const MAX_COMPLETE_LAYERS: usize = 1024;

/// The cache (see the module docs).
#[derive(Debug, Default)]
pub struct GlyphCache {
    cells: Cells,
    atlases: Vec<Image>,
    /// The bytes of `atlases`' pixels.
    atlas_bytes: usize,
    /// The cells tinted to the colours runs are drawn in.
    tints: Tints,
    /// The layers whose every glyph is in `cells` and every run ([`runs`]) has an image, with those runs' keys.
    complete: HashMap<PlacedLayer, Vec<u64>>,
    /// The base runs without an image whose every glyph's cell and tinted copy the cache holds, by run key: a frame
    /// that draws one again does not look its glyphs up. Forgotten with the complete layers, for the same reasons.
    held_runs: runs::ByRun<()>,
    /// Counts the times the complete layers and the held runs were forgotten: a fill remembers the held runs its
    /// lookup found only when nothing was forgotten since that lookup.
    forgotten: u64,
    /// Whole runs kept as images (see [`runs`]).
    runs: Runs,
    /// The glyphs of colour faces, apart from the coverage cells (see [`colour`]).
    colour: colour::ColourCells,
}

/// A layer drawn in place: its key, its version (its content follows from both), the bits of its device origin
/// and of the scale (its glyphs' phases and sizes follow from those).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlacedLayer {
    /// The layer.
    pub key: LayerKey,
    /// Its version.
    pub version: u64,
    /// `f64::to_bits` of its origin's x and y, in device pixels.
    pub origin: (u64, u64),
    /// `f64::to_bits` of the device pixels a unit it is drawn at.
    pub scale: u64,
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
    /// The base runs without an image whose every glyph the cache held at this lookup (their keys), and the count of
    /// forgettings the lookup saw.
    pub held_runs: (Vec<u64>, u64),
    /// The runs with an image drawn by the complete layers, which are not looked up.
    pub used_runs: Vec<u64>,
    /// Give every wanted run an image now, not when it is seen again (the renderer's warm-up:
    /// the first frame will draw them).
    pub runs_at_first_sight: bool,
    /// The colour glyphs the cache lacks ([`colour`]).
    pub colour: Vec<colour::ColourKey>,
    /// The lookup took only the ops that reach the frame's damage ([`Collector::only_in`]): the base runs it
    /// left out are not drawn, and this is no base redraw for the run images' ages ([`runs`]).
    pub partial: bool,
}

/// One atlas as the inspector's overlay maps it: its size in pixels and each cell's inked box in it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AtlasPage {
    pub width: u32,
    pub height: u32,
    /// x, y, width, height in the atlas's pixels.
    pub cells: Vec<[i32; 4]>,
}

impl GlyphCache {
    /// Each atlas of cells, with where its cells' ink lies, and the bytes of all their pixels: what the
    /// inspector's overlay draws of the cache.
    pub fn atlas_pages(&self) -> (Vec<AtlasPage>, usize) {
        let mut pages: Vec<AtlasPage> = self
            .atlases
            .iter()
            .map(|a| AtlasPage { width: a.width(), height: a.height(), cells: Vec::new() })
            .collect();
        for cell in self.cells.values() {
            if let (Some(page), Some(ink)) = (pages.get_mut(cell.atlas), cell.ink) {
                page.cells.push([ink.x, ink.y, ink.w, ink.h]);
            }
        }
        (pages, self.atlas_bytes)
    }

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

    /// Adds to `missing` the glyphs of the pen's run that the cache does not hold yet.
    pub fn collect(&self, fonts: &FontBook, pen: Pen<'_>, missing: &mut Vec<Wanted>) {
        if !caches(fonts, pen.glyph.0, pen.scale) {
            return;
        }
        let color = pen.glyph.1.0;
        // The X-ray's run says, glyph by glyph, whether its cell was here before this frame.
        let mut sources = watch::is_watched(pen.glyph.0, pen.run).then(Vec::new);
        place(fonts, pen, |p| {
            let cell = self.cells.get(&p.key);
            if let Some(sources) = sources.as_mut() {
                sources.push(if cell.is_some() { watch::Source::Held } else { watch::Source::Made });
            }
            let held = cell.is_some_and(|cell| cell.ink.is_none() || self.tints.contains(&p.key, color));
            if !held {
                missing.push(Wanted { key: p.key, advance: p.advance, color });
            }
            true
        });
        if let Some(sources) = sources {
            watch::answer(sources);
        }
    }

    /// Forgets the complete layers and the held runs: cells, tinted copies or run images they relied on are gone.
    fn forget_complete(&mut self) {
        self.complete.clear();
        self.held_runs.clear();
        self.forgotten += 1;
    }

    /// Whether every glyph of the base run of key `key` is known to be held ([`Wants::held_runs`]).
    pub(crate) fn holds_run(&self, key: u64) -> bool {
        self.held_runs.contains_key(&key)
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
    /// would grow past [`MAX_GLYPHS`] cells or holds more than [`MAX_ATLAS_BYTES`], its cells are emptied first, and it forgets which layers were
    /// complete (the glyphs of the layers looked up were not all missing, so they are not all back); so it does
    /// when run images are dropped.
    pub fn fill(
        &mut self,
        g: &'static Goldberry,
        fonts: &FontBook,
        wants: Wants,
        threads: usize,
    ) -> Result<RunUpdate, RenderError> {
        let Wants { glyphs: mut missing, layers, runs, used_runs, runs_at_first_sight, colour, held_runs, partial } =
            wants;
        self.add_colour_cells(g, fonts, colour)?;
        if self.complete.len() + layers.len() > MAX_COMPLETE_LAYERS
            || self.held_runs.len() + held_runs.0.len() > MAX_HELD_RUNS
        {
            self.forget_complete();
        }
        let _span = tracing::info_span!("glyph_cache", missing = missing.len(), runs = runs.len()).entered();
        let order = |k: &GlyphKey| (k.font.0, k.px, k.glyph, k.phase_x, k.phase_y);
        // The colours each glyph is wanted in, then the widest advance of each key first, then one of each.
        let mut colors: Vec<(GlyphKey, u32)> = missing.iter().map(|w| (w.key, w.color)).collect();
        missing.sort_unstable_by(|a, b| order(&a.key).cmp(&order(&b.key)).then(b.advance.total_cmp(&a.advance)));
        missing.dedup_by_key(|w| w.key);
        missing.retain(|w| !self.cells.contains_key(&w.key));
        let restart = self.add_cells(g, fonts, missing, threads)?;
        colors.sort_unstable_by(|a, b| order(&a.0).cmp(&order(&b.0)).then(a.1.cmp(&b.1)));
        colors.dedup();
        self.add_tints(g, &colors)?;
        let sight = (runs_at_first_sight, partial);
        let update = self.runs.update(g, fonts, (&self.cells, &self.tints), &used_runs, runs, sight)?;
        if update.dropped > 0 {
            self.forget_complete();
        }
        if !restart {
            // Held at the lookup, and nothing dropped since: each glyph of these runs is still here.
            if held_runs.1 == self.forgotten {
                self.held_runs.extend(held_runs.0.into_iter().map(|key| (key, ())));
            }
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
    ) -> Result<bool, RenderError> {
        if missing.is_empty() {
            return Ok(false);
        }
        let restart = self.cells.len() + missing.len() > MAX_GLYPHS || self.atlas_bytes > MAX_ATLAS_BYTES;
        if restart {
            self.cells.clear();
            self.atlases.clear();
            self.atlas_bytes = 0;
            self.tints.clear();
            self.forget_complete();
        }
        // Interleaved shares (of similar cost: neighbouring keys are the same glyph at other phases), each still
        // sorted by font and colour, one atlas each. Their number depends on the glyphs only, not on the thread
        // count: where a glyph lands in its atlas rounds its position (design units), so the same glyphs must
        // give the same atlases whatever the threads.
        let count = SHARES.min(missing.len().div_ceil(64)).max(1);
        let shares: Vec<Vec<Wanted>> =
            (0..count).map(|t| missing.iter().copied().skip(t).step_by(count).collect()).collect();
        let threads = threads.clamp(1, count);
        let build = |t: usize| -> Result<Vec<Atlas>, RenderError> {
            let mine = shares.iter().skip(t).step_by(threads);
            Ok(mine.filter_map(|share| build_atlas(g, fonts, share).transpose()).collect::<Result<_, _>>()?)
        };
        let built: Vec<Atlas> = std::thread::scope(|s| {
            let build = &build;
            let handles: Vec<_> = (1..threads).map(|t| s.spawn(move || build(t))).collect();
            let mut all = build(0);
            for h in handles {
                let part = h.join().unwrap_or(Err(RenderError::ThreadPanicked("a glyph cache thread")));
                all = all.and_then(|mut all| {
                    all.extend(part?);
                    Ok(all)
                });
            }
            all
        })?;
        for (image, cells) in built {
            let atlas = self.atlases.len();
            self.atlas_bytes += image.width() as usize * image.height() as usize * 4;
            self.atlases.push(image);
            self.cells.extend(cells.into_iter().map(|(key, mut cell)| {
                cell.atlas = atlas;
                (key, cell)
            }));
        }
        Ok(restart)
    }

    /// Tints the cells `colors` (sorted by key and colour) want to the colours they want, when not yet tinted. Past
    /// [`MAX_TINT_BYTES`] every tinted cell is dropped first, and the complete layers forgotten: their glyphs are
    /// looked up again, and tinted again, by the frames that draw them.
    fn add_tints(&mut self, g: &'static Goldberry, colors: &[(GlyphKey, u32)]) -> Result<(), NativeError> {
        if colors.is_empty() {
            return Ok(());
        }
        if self.tints.bytes > MAX_TINT_BYTES {
            self.tints.clear();
            self.forget_complete();
        }
        let mut by_color = colors.to_vec();
        by_color.sort_by_key(|(_, color)| *color);
        self.tints.add(g, (&self.cells, &self.atlases), &by_color)
    }

    /// Draws `run` (pen at (`x`, `y`) in user space) by blitting its image when it has one ([`runs`]), its
    /// cached glyphs otherwise, and returns whether it did: `false` (nothing drawn) when the context is not under
    /// a scale and a translation, a glyph is not cached (at that device size) or an edge of `clip` (the list's
    /// clips around the run, left, top, right and bottom in user space) inside a device pixel would cut a blit,
    /// for the caller to draw the run directly.
    pub fn draw_run(
        &self,
        ctx: &mut Context<'_>,
        fonts: &FontBook,
        glyph: (FontId, Color),
        (x, y): (f64, f64),
        run: &GlyphRun,
        clip: Option<[f64; 4]>,
    ) -> Result<bool, NativeError> {
        if self.cells.is_empty() && self.runs.len() == 0 {
            return Ok(false);
        }
        let m = ctx.user_transform()?;
        let Some(scale) = uniform_scale(&m) else { return Ok(false) };
        if !caches(fonts, glyph.0, scale) {
            return Ok(false);
        }
        // The pen in device pixels, as the context maps it (`x * 1.0` is `x`: at 1x the same sum as ever).
        let (x, y) = (x * scale + m[4], y * scale + m[5]);
        let pen = Pen { glyph, scale, x, y, run };
        // A blit that a clip edge inside a pixel would cut loses the ink of the pixels the clip covers in part (the
        // beta's crash guard cuts it to whole pixels): such a run is filled from its outlines, as without the cache
        // (raster fuzz seed 1407). The list's clips decide, not the context's: a band's or the damage's clip (whole
        // pixels) must not change how a run is drawn, or a frame drawn over the one before would differ from a
        // fresh one.
        let edges =
            clip.map(|[x0, y0, x1, y1]| [x0 * scale + m[4], y0 * scale + m[5], x1 * scale + m[4], y1 * scale + m[5]]);
        let cut = |blits: &[(f64, f64, PixelArea, &Image)]| {
            let boxed = |(x, y, area): (f64, f64, &PixelArea)| [x, y, x + f64::from(area.w), y + f64::from(area.h)];
            edges.is_some_and(|edges| {
                blits.iter().any(|(x, y, area, _)| partial_edge_crosses(edges, boxed((*x, *y, area))))
            })
        };
        let mut blits = Vec::with_capacity(1);
        // The run's image when it has one, its glyphs otherwise.
        // An image such an edge would cut is not blitted: its glyphs decide, as they do on a frame before the run
        // had its image, so that the frame does not depend on it (raster fuzz seed 8752: the image's box reached
        // past a layer's edge inside a pixel where no glyph's did, and the run went from cells to outlines).
        if let Some(blit) = self.run_image(fonts, pen).filter(|blit| !cut(std::slice::from_ref(blit))) {
            blits.push(blit);
        } else {
            blits.reserve(run.glyphs.len());
            let color = glyph.1.0;
            let complete = place(fonts, pen, |p| {
                let Some(cell) = self.cells.get(&p.key) else { return false };
                if let Some(ink) = cell.ink {
                    // A cell whose atlas is not tinted to the run's colour yet: the run is drawn directly.
                    let Some((atlas, tx, ty)) = self.tints.get(&p.key, color) else { return false };
                    // The cell atlas's top-left corner, so that the cell's origin lands on the glyph's; the ink
                    // is taken from its tinted copy.
                    let (ax, ay) = (p.x - i64::from(cell.origin_x), p.y - i64::from(cell.origin_y));
                    let area = PixelArea { x: tx, y: ty, w: ink.w, h: ink.h };
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
        if cut(&blits) {
            return Ok(false);
        }
        // The blits land on whole device pixels. Under a whole-pixel translation (a layer's, a list's) they
        // are placed in user space, shifted back by it; under a fractional one or a scale, in device space, the
        // transform reset for them (the cells are already at the device size).
        let whole = scale == 1.0 && m[4].fract() == 0.0 && m[5].fract() == 0.0;
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

    /// The blit of the pen's run from its image, when it has one: where its top-left lands in device pixels, the
    /// image's area and atlas. Its key needs the glyphs placed, not looked up.
    fn run_image(&self, fonts: &FontBook, pen: Pen<'_>) -> Option<(f64, f64, PixelArea, &Image)> {
        if self.runs.len() == 0 {
            return None;
        }
        let key = RunKey::of(fonts, pen)?;
        let ((image, atlas), (ax, ay)) = (self.runs.get(key.finish())?, key.anchor?);
        let area = PixelArea { x: image.area.x, y: image.area.y, w: image.area.w, h: image.area.h };
        Some(((ax - i64::from(image.anchor.0)) as f64, (ay - i64::from(image.anchor.1)) as f64, area, atlas))
    }
}
