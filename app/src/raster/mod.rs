//! The renderer: replays a [`DisplayList`] through Blend2D into a [`Canvas`], as a short sequence of stages,
//! each a module of its own:
//!
//! 1. **plan the base** (`base.rs`): the run of layers a list starts with is kept as a copy of the frame's pixels;
//!    a frame copies it, redraws its damage, or (cold) draws the run into the target, leaving the base to be
//!    drawn where a later frame first needs it (`base_tiles.rs`);
//! 2. **update the layers** (`layers.rs`): every other top-level layer (the HUD) is an image in the layer cache,
//!    re-rasterized only when it changes, blitted otherwise;
//! 3. **prepare** (`prepare.rs`): the frame's paths, gradients and bounds, built once and shared by the bands,
//!    while the glyphs the frame lacks are added to the glyph cache ([`crate::glyph_cache`]);
//! 4. **cut the bands** (`cost.rs`, `bands.rs`): the target's rows are split into bands that share the estimated
//!    work, taken from one queue by the calling thread and rayon's pool;
//! 5. **replay** (`replay.rs`, `draw.rs`): each band is drawn by its own synchronous Blend2D context over its rows,
//!    replaying the same list and skipping the ops whose bounds miss its rows.
//!
//! When the target still holds the last frame ([`Pixels::Kept`]), the frame's **damage** (`damage.rs`) is found
//! right after the base's plan, from the last frame's list and this one's: the bands are then cut over the damaged
//! rows and draw only inside the damaged rectangles, and a frame with no damage draws nothing. A list that scrolled
//! ([`crate::display_list::ScrollHint`], `scroll.rs`) first has the pixels already drawn moved by the scroll (the **blit-scroll**), and
//! its damage is what that leaves to draw.
//!
//! What every stage reads for one frame travels in one `FrameContext` (`context.rs`). The beta's own multi-threaded
//! context is not used: it aborts at `blContextEnd` (see DESIGN.md, "A frame").

mod bands;
mod base;
mod base_tiles;
mod context;
mod cost;
mod cuts;
mod damage;
#[cfg(test)]
mod damage_tests;
mod draw;
mod geom;
mod hairline;
mod layers;
mod prepare;
mod replay;
mod scroll;
mod stats;
#[cfg(test)]
mod tests;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use goldberry_natives::{Goldberry, NativeError};

pub use self::damage::{Damage, FrameDamage, MAX_DAMAGE_RECTS};
pub use self::hairline::{HairlineRing, hairline_ring};
pub use self::prepare::{to_gradient, to_path};
pub use self::replay::OpKindTimes;
pub use self::stats::{BandTime, BaseUse, LayerFate, RasterStats};
pub use crate::render_error::RenderError;

use self::bands::{
    BAND_BYTES, STAY_AWAKE, Schedule, band_shares, cut_bands, draw_bands, split_tall_bands, stay_awake_for_bands,
};
use self::base::{BaseCache, BaseDrawn, BaseFrame, BasePlan, Lead};
use self::context::FrameContext;
use self::cost::row_costs;
use self::damage::Prints;
use self::draw::BandReplay;
use self::geom::{CachedLayer, DeviceRect, Mapping};
use self::layers::{LayerCache, StaleLayer, rasterize_layer, split_by_band};
use self::prepare::{Prepared, prepare_frame};
use self::replay::Replayer;
use crate::display_list::DisplayList;
use crate::fonts::FontBook;
use crate::geom::PixelRect;
use crate::glyph_cache::{Collector, GlyphCache, LayerGlyphs, Wants};
use crate::surface::{Canvas, Pixels};

/// Estimated work (ns) below which a frame's damage is drawn by the calling thread alone: handing a band to
/// another thread costs more than it saves.
const DAMAGE_SPLIT_FROM_NS: f64 = 2.0e5;

/// What [`Renderer::render`] did: how long it took and which pixels of the target it changed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rendered {
    /// Blend2D's part of the frame: layer raster, every band's context from begin to end.
    pub time: Duration,
    /// The pixels written (all of them unless the target held the last frame, none when nothing changed).
    pub damage: Damage,
    /// Of those, what the frame drew for itself (its damage grown as the renderer grew it, the overlay's own left
    /// out) and what the overlay changed.
    pub parts: FrameDamage,
    /// The pixels moved by a blit-scroll before the damage was drawn (they changed too: present them).
    pub moved: Option<PixelRect>,
}

/// The thread that drew a band.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawer {
    /// The thread that called [`Renderer::render`].
    Caller,
    /// This thread of the pool.
    Pool(usize),
}

/// The renderer: the base, the retained layers, the glyph cache and the band count.
#[derive(Debug)]
pub struct Renderer {
    g: &'static Goldberry,
    threads: usize,
    /// Blend2D's own worker threads per context (0: synchronous, the app's way).
    blend2d_threads: u32,
    base: BaseCache,
    layers: LayerCache,
    /// What the last frame drew, to find the next frame's damage.
    prints: Prints,
    /// The boxes of the layers' content the last frame drew in place (see [`cuts::LayerBoxes`]).
    layer_boxes: cuts::LayerBoxes,
    glyphs: GlyphCache,
    use_glyph_cache: bool,
    /// Whether the glyph cache keeps the base's runs as images.
    use_run_images: bool,
    stats: RasterStats,
    /// The last frame's band edges: band `i` was rows `edges[i]..edges[i + 1]` (empty when nothing was drawn).
    last_edges: Vec<usize>,
    /// Which thread drew each band of the last frame, by the band's first row.
    last_drawers: Vec<(usize, Drawer)>,
    /// When each band of the last frame was drawn and how long it took (the flame's Blend2D spans).
    last_band_times: Vec<BandTime>,
    /// Whether each band is timed, and adds up its time per kind of op (while the flame shows).
    time_kinds: bool,
    /// Counts the frames whose bands were handed to the pool (see [`Renderer::wake_band_threads`]).
    bands_handed_out: Arc<AtomicU64>,
}

impl Renderer {
    /// A renderer drawing with `threads` bands (at least 1).
    pub fn new(g: &'static Goldberry, threads: usize) -> Renderer {
        Renderer {
            g,
            threads: threads.max(1),
            blend2d_threads: 0,
            base: BaseCache::default(),
            layers: LayerCache::default(),
            prints: Prints::default(),
            layer_boxes: cuts::LayerBoxes::default(),
            last_edges: Vec::new(),
            last_drawers: Vec::new(),
            last_band_times: Vec::new(),
            time_kinds: false,
            glyphs: GlyphCache::new(),
            use_glyph_cache: true,
            use_run_images: true,
            stats: RasterStats::default(),
            bands_handed_out: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Rasterizes now, on the calling thread, every top-level layer of `list` that the layer cache lacks (at
    /// `scale`), so that the next [`Renderer::render`] of a list holding the same layers blits them. `list` holds
    /// layers only the caller knows to come after the base: the frame loop hands it the HUD's,
    /// on a pool thread while the scene records, so that the first band need not draw it (record 10).
    pub fn rasterize_layers_ahead(
        &mut self,
        list: &DisplayList,
        fonts: &FontBook,
        scale: f32,
    ) -> Result<(), RenderError> {
        let stale = self.layers.missing(list, scale);
        if self.use_glyph_cache {
            let mut wants = Wants::default();
            collect_layer_glyphs(&mut Collector::new(&self.glyphs, fonts, scale, &mut wants), &stale);
            self.glyphs.fill(self.g, fonts, wants, 1)?;
        }
        let glyphs = self.use_glyph_cache.then_some(&self.glyphs);
        for (key, shape, content) in stale {
            let image = rasterize_layer(self.g, content, fonts, glyphs, shape, 1)?;
            self.layers.images.insert(key, CachedLayer { shape, image, used: true });
            self.layers.ahead += 1;
            self.layers.ahead_keys.push(key);
        }
        Ok(())
    }

    /// Keeps the pool threads that will draw this frame's other bands awake until the bands are handed out
    /// (a few milliseconds at most), so that they start at once instead of waiting to be woken, and take any
    /// work the frame hands out before them (the cards' layouts). Call it when a frame starts, before its scene is
    /// recorded; it does nothing with one thread.
    pub fn wake_band_threads(&self) {
        for _ in 1..self.threads {
            let handed_out = Arc::clone(&self.bands_handed_out);
            let frame = handed_out.load(Ordering::Acquire);
            rayon::spawn(move || {
                stay_awake_for_bands(&handed_out, frame, STAY_AWAKE);
            });
        }
    }

    /// Has each context that draws the frame's bands (and the base's damage) use `threads` worker threads of
    /// Blend2D's own (0, the default: synchronous contexts, the bands being the threads). With one band
    /// ([`Renderer::new`] with 1) this is Blend2D's multithreaded rendering in place of the bands: the `threads`
    /// bench measures the two side by side (record 25).
    pub fn set_blend2d_threads(&mut self, threads: u32) {
        self.blend2d_threads = threads;
    }

    /// The band count.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether glyph runs are drawn from the glyph cache ([`crate::glyph_cache`], on by default) or each time
    /// with Blend2D's `fill_glyph_run` (the bench compares the two).
    pub fn set_glyph_cache(&mut self, enabled: bool) {
        self.use_glyph_cache = enabled;
        if !enabled {
            self.glyphs = GlyphCache::new();
        }
        // Glyphs drawn another way may differ by a level: the next frame is drawn whole.
        self.prints.forget();
    }

    /// Whether the glyph cache keeps the runs of the base as images ([`crate::glyph_cache`], on by default) or
    /// the base's text is blitted glyph by glyph (the cold bench compares the two). Set it before the first frame.
    pub fn set_run_images(&mut self, enabled: bool) {
        self.use_run_images = enabled;
        self.prints.forget();
    }

    /// The last frame's bands as row edges: band `i` was rows `edges[i]..edges[i + 1]` (none when it drew
    /// nothing).
    pub fn band_edges(&self) -> &[usize] {
        &self.last_edges
    }

    /// Has each band timed, with its time per kind of op (the flame's spans of a band and below it), or not.
    pub fn time_op_kinds(&mut self, on: bool) {
        self.time_kinds = on;
    }

    /// When each band of the last frame was drawn and how long it took, in the order they finished (none unless
    /// [`Renderer::time_op_kinds`] asked for it).
    pub fn band_times(&self) -> &[BandTime] {
        &self.last_band_times
    }

    /// Which thread drew the band that started at each row of the last frame.
    pub fn band_drawers(&self) -> &[(usize, Drawer)] {
        &self.last_drawers
    }

    /// What the last frame did with each top-level layer it drew, by key.
    pub fn layer_fates(&self) -> &[(crate::display_list::LayerKey, LayerFate)] {
        &self.layers.fates
    }

    /// The number of glyphs in the glyph cache.
    pub fn cached_glyphs(&self) -> usize {
        self.glyphs.len()
    }

    /// The glyph cache's atlases as maps of their cells, and their bytes.
    pub fn atlas_pages(&self) -> (Vec<crate::glyph_cache::AtlasPage>, usize) {
        self.glyphs.atlas_pages()
    }

    /// How many colour cells the glyph cache holds (the colour faces' glyphs), and the bytes of their images.
    pub fn colour_cells(&self) -> (usize, usize) {
        self.glyphs.colour_cells()
    }

    /// The glyph cache's colour cells as one page `width` pixels wide (see `GlyphCache::colour_page`).
    pub fn colour_page(&self, width: u32) -> crate::glyph_cache::AtlasPage {
        self.glyphs.colour_page(width)
    }

    /// How many runs the glyph cache keeps as images, and the bytes of their atlases.
    pub fn run_images(&self) -> (usize, usize) {
        self.glyphs.run_images()
    }

    /// What the last [`Renderer::render`] did.
    pub fn stats(&self) -> RasterStats {
        self.stats
    }

    /// Adds every glyph `list` draws (in its layers too) to the glyph cache without drawing anything, so that
    /// a first frame of that list finds them rasterized (the frame loop's warm-up).
    pub fn warm_glyphs(&mut self, list: &DisplayList, fonts: &FontBook, scale: f32) -> Result<(), RenderError> {
        if !self.use_glyph_cache {
            return Ok(());
        }
        let _span = tracing::info_span!("warm glyphs").entered();
        // The first frame draws the base's runs: they get their images now.
        let mut wants = Wants { runs_at_first_sight: true, ..Wants::default() };
        let lead = Lead::of(list, scale);
        let run_images = self.use_run_images;
        let drawn = |i: usize| if run_images && i < lead.end { LayerGlyphs::InBase } else { LayerGlyphs::InPlace };
        Collector::new(&self.glyphs, fonts, scale, &mut wants).list(list, &drawn);
        self.glyphs.fill(self.g, fonts, wants, self.threads).map(|_| ())
    }

    /// Makes room for the base of a `width` x `height` frame with packed rows and touches every page of it, so
    /// that the first frame of that size does not wait for the kernel to fault them in
    /// (the frame loop's warm-up does this while the window opens).
    pub fn reserve_base(&mut self, width: u32, height: u32) {
        self.base.reserve(width as usize * 4 * height as usize);
    }

    /// Drops the base and every retained layer (the next frame is cold and drawn whole). The glyph cache stays
    /// (a glyph's pixels do not depend on the frame), and so does the base's memory.
    pub fn clear_layers(&mut self) {
        self.layers.images.clear();
        self.base.forget();
        self.prints.forget();
    }

    /// Rasterizes `list` into `target`. When `pixels` says the target holds the last frame this renderer drew
    /// (and its size is the same), only the pixels that change are drawn: the others are not written. Returns
    /// how long it took and the damage (every pixel for a [`Pixels::Fresh`] target).
    pub fn render(
        &mut self,
        list: &DisplayList,
        fonts: &FontBook,
        target: Canvas<'_>,
        pixels: Pixels,
    ) -> Result<Rendered, RenderError> {
        let start = Instant::now();
        let _span = tracing::info_span!("raster", threads = self.threads).entered();
        check_target(&target)?;
        let (mut ctx, mut plan, base_frame, lead_layers) = self.plan_base(list, fonts, &target);
        // The renderer's own clips are kept off the edges the beta would round apart where they cut them (record 19).
        if let BasePlan::Damage(rects) = &mut plan {
            let boxes = cuts::tender_boxes(&ctx, (None, true), &|_| None, &mut self.layer_boxes);
            cuts::hold_boxes_in(rects, &boxes, ctx.width, ctx.height as u32);
        }
        self.stats = RasterStats::default();
        let stale = self.layers.update(&ctx, &mut self.stats);
        let (mut parts, blit) = self.prints.damage(&ctx, pixels, &plan, list.scroll.as_ref());
        let mut damage = parts.written();
        if !damage.is_empty() && !damage.is_whole(target.width, target.height) {
            let prints = &self.prints;
            let ink = |i| prints.pending_ink(i);
            let (boxes, frame_boxes) =
                cuts::tender_boxes_apart(&ctx, (Some(ctx.drawn_from), false), &ink, &mut self.layer_boxes);
            damage = cuts::hold_boxes_whole(&damage, &boxes);
            // What the frame's own damage grows to is drawn for the frame, not for the overlay: it is counted as its.
            parts.frame = cuts::hold_boxes_whole(&parts.frame, &boxes[..frame_boxes]);
        }
        if let Some(blit) = &blit {
            blit.apply(target.pixels, target.stride);
        }
        let partial = (!damage.is_whole(target.width, target.height)).then_some(&damage);
        let fill = self.fill_base(&mut ctx, &plan, partial);
        if damage.is_empty() {
            self.last_edges.clear();
            self.last_drawers.clear();
            self.last_band_times.clear();
            // Nothing to draw: the band threads kept awake for this frame may leave.
            self.bands_handed_out.fetch_add(1, Ordering::Release);
            self.rasterize_shared_layers(&ctx, stale)?;
        } else {
            // What a partial frame draws: its damage, and the base's squares under it that it draws first.
            let visible: Option<Vec<PixelRect>> = partial.map(|damage| {
                let squares = fill.rects.iter().filter_map(|r| PixelRect::of_device(r, target.width, target.height));
                damage.rects().iter().copied().chain(squares).collect()
            });
            let visible = visible.as_deref();
            let (edges, prepared_on_pool) = self.prepare_and_cut_bands(&ctx, &stale, (partial, visible), fill.bands)?;
            self.last_edges.clone_from(&edges);
            let (local, shared) = split_by_band(stale, &edges);
            self.rasterize_shared_layers(&ctx, shared)?;
            let prepared = match prepared_on_pool {
                Some(prepared) => prepared?,
                None => prepare_frame(&ctx, visible)?,
            };
            self.redraw_base_damage(&ctx, &plan, &fill, &prepared)?;
            let bands = BandsOf { edges: &edges, local: &local, damage: partial };
            self.replay_bands(&ctx, &plan, &prepared, bands, target.pixels)?;
        }
        let drawn = match (&plan, partial) {
            (BasePlan::Draw, _) => BaseDrawn::Nothing,
            (_, None) if !damage.is_empty() => BaseDrawn::All,
            _ => BaseDrawn::More(&fill.tiles),
        };
        self.keep_base(plan, base_frame, lead_layers, drawn);
        self.prints.done();
        self.layer_boxes.frame_done();
        Ok(Rendered { time: start.elapsed(), damage, parts, moved: blit.map(|b| b.rect) })
    }

    /// Stage 1: the frame's leading run, how the base is brought up to date, and the frame's context.
    fn plan_base<'f>(
        &mut self,
        list: &'f DisplayList,
        fonts: &'f FontBook,
        target: &Canvas<'_>,
    ) -> (FrameContext<'f>, BasePlan, BaseFrame, usize) {
        let lead = Lead::of(list, target.scale);
        let (lead_end, lead_layers) = (lead.end, lead.layers);
        let (plan, base_frame) = self.base.plan(lead, target.width, target.height, target.stride);
        let ctx = FrameContext {
            g: self.g,
            fonts,
            list,
            mapping: Mapping { scale: target.scale },
            width: target.width,
            height: target.height as usize,
            stride: target.stride,
            threads: self.threads,
            blend2d_threads: self.blend2d_threads,
            lead_end,
            lead_drawn: plan != BasePlan::Copy,
            drawn_from: if matches!(plan, BasePlan::Copy | BasePlan::Damage(_)) { lead_end } else { 0 },
        };
        (ctx, plan, base_frame, lead_layers)
    }

    /// Stage 1, after the damage: what of the base the frame needs and lacks (see [`BaseFill`]), and the frame's
    /// context told to draw the leading run's layers in place when it draws any of the base.
    fn fill_base(&mut self, ctx: &mut FrameContext<'_>, plan: &BasePlan, partial: Option<&Damage>) -> BaseFill {
        let mut fill = BaseFill::default();
        if !matches!(plan, BasePlan::Copy | BasePlan::Damage(_)) {
            return fill;
        }
        match partial {
            Some(damage) => fill.tiles = self.base.missing_under(damage.rects()),
            None => fill.bands = !self.base.all_drawn(),
        }
        if !fill.tiles.is_empty() || fill.bands {
            ctx.lead_drawn = true;
            fill.rects = fill.tiles.iter().map(|t| t.to_device()).collect();
            // Kept off the edges the beta would round apart, as the base's own damage is (record 19).
            let boxes = cuts::tender_boxes(ctx, (None, true), &|_| None, &mut self.layer_boxes);
            cuts::hold_boxes_in(&mut fill.rects, &boxes, ctx.width, ctx.height as u32);
        }
        self.stats.base_filled = fill.tiles.len() + usize::from(fill.bands);
        fill
    }

    /// Stages 3 and 4: the frame's paths and gradients (the base's layers' too, when they are drawn) are built on
    /// a pool thread (awake, see [`Renderer::wake_band_threads`]) while this one adds the glyphs the frame lacks
    /// to the glyph cache and cuts the bands. Returns the band edges, and the prepared frame when the pool built
    /// it (with one thread, it is built later, when it is needed). `fill_bands`: the bands draw the rows of the
    /// base it lacks ([`BaseFill::bands`]). A partial frame's `damage` comes with the pixels it draws (`visible`:
    /// the damage and the base's squares drawn under it): only the ops that reach them are looked up and prepared.
    fn prepare_and_cut_bands(
        &mut self,
        ctx: &FrameContext<'_>,
        stale: &[StaleLayer<'_>],
        (damage, visible): (Option<&Damage>, Option<&[PixelRect]>),
        fill_bands: bool,
    ) -> Result<(Vec<usize>, PreparedOnPool), RenderError> {
        let mut prepared_on_pool = None;
        let edges = rayon::in_place_scope(|s| -> Result<Vec<usize>, RenderError> {
            if ctx.threads > 1 {
                s.spawn(|_| prepared_on_pool = Some(prepare_frame(ctx, visible)));
            }
            self.fill_glyphs(ctx, stale, visible)?;
            // One thread draws one band whatever the rows cost: their estimate would cut nothing.
            let mut per_row = if ctx.threads > 1 { row_costs(ctx, stale) } else { vec![0.0; ctx.height] };
            let shares = match damage {
                _ if ctx.threads == 1 => vec![1.0],
                None => band_shares(per_row.iter().sum(), ctx.threads),
                Some(damage) => {
                    only_damaged_rows(&mut per_row, damage, ctx.width);
                    let total: f64 = per_row.iter().sum();
                    if total < DAMAGE_SPLIT_FROM_NS { vec![1.0] } else { band_shares(total, ctx.threads) }
                }
            };
            let mut edges = cut_bands(&per_row, &shares);
            if let Some(damage) = damage {
                keep_rects_whole(&mut edges, damage);
            } else {
                edges = split_tall_bands(&edges, ctx.stride, BAND_BYTES);
                // The base is drawn in place when its ops are drawn from the first (see `FrameContext::drawn_from`),
                // or where the bands draw the rows it lacks.
                let lead = (ctx.drawn_from == 0 || fill_bands) && ctx.lead_drawn;
                let ink = |i: usize| self.prints.pending_ink(i);
                let boxes = cuts::tender_boxes(ctx, (Some(ctx.drawn_from), lead), &ink, &mut self.layer_boxes);
                cuts::keep_boxes_whole(&mut edges, &boxes);
            }
            Ok(edges)
        })?;
        Ok((edges, prepared_on_pool))
    }

    /// Adds every glyph this frame draws that the cache lacks, before the parallel work (of the list's ops, those
    /// that reach `visible`, when the frame draws only there).
    fn fill_glyphs(
        &mut self,
        ctx: &FrameContext<'_>,
        stale: &[StaleLayer<'_>],
        visible: Option<&[PixelRect]>,
    ) -> Result<(), RenderError> {
        let glyphs_start = Instant::now();
        if self.use_glyph_cache {
            let mut wants = Wants::default();
            let mut collector = Collector::new(&self.glyphs, ctx.fonts, ctx.mapping.scale, &mut wants);
            // The stale layers are drawn whole into their images, whatever the frame's damage.
            collect_layer_glyphs(&mut collector, stale);
            if let Some(rects) = visible {
                collector = collector.only_in(rects);
            }
            let run_images = self.use_run_images;
            let drawn = |i: usize| match (ctx.in_place(i), run_images) {
                (false, _) => LayerGlyphs::Blitted,
                (true, true) => LayerGlyphs::InBase,
                (true, false) => LayerGlyphs::InPlace,
            };
            collector.list(ctx.list, &drawn);
            let before = self.glyphs.len();
            let runs = self.glyphs.fill(ctx.g, ctx.fonts, wants, ctx.threads)?;
            self.stats.glyphs_cached = self.glyphs.len().saturating_sub(before);
            self.stats.run_images_built = runs.built;
        }
        self.stats.glyphs_time = glyphs_start.elapsed();
        Ok(())
    }

    /// Stage 2, second half: the stale layers no single band holds, rasterized before the bands start.
    fn rasterize_shared_layers(
        &mut self,
        ctx: &FrameContext<'_>,
        shared: Vec<StaleLayer<'_>>,
    ) -> Result<(), RenderError> {
        let layers_start = Instant::now();
        let glyphs = self.use_glyph_cache.then_some(&self.glyphs);
        self.stats.layers_rasterized = self.layers.rasterize(ctx, glyphs, shared)?;
        self.stats.layers_time = layers_start.elapsed();
        Ok(())
    }

    /// Stage 1, done: the base's damaged rectangles redrawn (when the plan says so), and the squares the frame's
    /// damage needs drawn ([`BaseFill`]), its memory grown first.
    fn redraw_base_damage(
        &mut self,
        ctx: &FrameContext<'_>,
        plan: &BasePlan,
        fill: &BaseFill,
        prepared: &Prepared,
    ) -> Result<(), RenderError> {
        if *plan != BasePlan::None {
            self.base.make_room(ctx.needed());
        }
        let base_start = Instant::now();
        let damaged = match plan {
            BasePlan::Damage(rects) => rects.as_slice(),
            _ => &[],
        };
        if !damaged.is_empty() || !fill.rects.is_empty() {
            let glyphs = self.use_glyph_cache.then_some(&self.glyphs);
            let rects: Vec<DeviceRect> = damaged.iter().chain(&fill.rects).copied().collect();
            self.base.redraw_damage(ctx, prepared, glyphs, &rects)?;
        }
        self.stats.base_time = base_start.elapsed();
        Ok(())
    }

    /// Stage 5: every band drawn (only inside the damage, when there is one), each from the base (copied, or drawn
    /// and copied into it) and then the rest of the list; a stale layer that lies in one band's rows (`local`) is
    /// rasterized by that band's thread first.
    fn replay_bands(
        &mut self,
        ctx: &FrameContext<'_>,
        plan: &BasePlan,
        prepared: &Prepared,
        BandsOf { edges, local, damage }: BandsOf<'_, '_>,
        pixels: &mut [u8],
    ) -> Result<(), RenderError> {
        let bands_start = Instant::now();
        let glyphs = self.use_glyph_cache.then_some(&self.glyphs);
        let rasterized = std::sync::Mutex::new(Vec::new());
        let (base, tiles) = match plan {
            BasePlan::Copy | BasePlan::Damage(_) => {
                let (pixels, tiles) = self.base.pixels_and_tiles(ctx.needed());
                (Some(pixels), Some(tiles))
            }
            BasePlan::None | BasePlan::Draw => (None, None),
        };
        let band = BandReplay {
            ctx,
            plan,
            prepared,
            damage,
            edges,
            local,
            tiles,
            replayer: Replayer {
                g: ctx.g,
                fonts: ctx.fonts,
                layers: Some(&self.layers.images),
                local: None,
                glyphs,
                mapping: ctx.mapping,
                offset: (0.0, 0.0),
                visible: None,
                kinds: None,
            },
        };
        let drawers = std::sync::Mutex::new(Vec::with_capacity(edges.len()));
        let time_kinds = self.time_kinds;
        let times = std::sync::Mutex::new(std::mem::take(&mut self.last_band_times));
        times.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
        let draw_band = |top: usize, rows: &mut [u8], base: Option<&mut [u8]>| -> Result<(), RenderError> {
            let drawer = rayon::current_thread_index().map_or(Drawer::Caller, Drawer::Pool);
            drawers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push((top, drawer));
            // Bands are timed only for the flame (F5): hidden, it costs the frame nothing.
            let (started, height) = (time_kinds.then(Instant::now), rows.len().div_ceil(ctx.stride));
            let kinds = time_kinds.then(OpKindTimes::default);
            let mine = band.draw(top, rows, base, kinds.as_ref())?;
            if let Some(started) = started {
                let kinds = kinds.map(|k| k.times());
                let time = BandTime { top, height, drawer, started, time: started.elapsed(), kinds };
                times.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(time);
            }
            if !mine.is_empty() {
                rasterized.lock().unwrap_or_else(std::sync::PoisonError::into_inner).extend(mine);
            }
            Ok(())
        };
        let schedule = Schedule {
            edges,
            stride: ctx.stride,
            threads: self.threads,
            handed_out: Some(&*self.bands_handed_out),
            threads_name: "a raster band thread",
        };
        draw_bands(&schedule, &mut pixels[..ctx.needed()], base, &draw_band)?;
        self.last_drawers = drawers.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        self.last_band_times = times.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        let rasterized = rasterized.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        self.stats.layers_rasterized += rasterized.len();
        self.layers.images.extend(rasterized);
        self.stats.bands = edges.windows(2).filter(|pair| pair[1] > pair[0]).count();
        self.stats.bands_time = bands_start.elapsed();
        Ok(())
    }

    /// After a frame drawn: what the base stands for now, what of it is drawn, and what the frame did with it.
    fn keep_base(&mut self, plan: BasePlan, base_frame: BaseFrame, lead_layers: usize, drawn: BaseDrawn<'_>) {
        self.stats.layers_in_base = if plan == BasePlan::None { 0 } else { lead_layers };
        self.stats.base = match &plan {
            BasePlan::None => BaseUse::None,
            BasePlan::Draw => BaseUse::Drawn,
            BasePlan::Damage(rects) => BaseUse::Damaged(rects.len()),
            BasePlan::Copy => BaseUse::Copied,
        };
        if plan != BasePlan::None {
            self.base.keep(base_frame, drawn);
        }
    }
}

/// The frame's prepared ops when a pool thread built them, or how that failed.
type PreparedOnPool = Option<Result<Prepared, NativeError>>;

/// What a frame draws of the base that it needs and a cold frame left undrawn (record 8, "The base drawn where
/// it is first needed").
#[derive(Debug, Default)]
struct BaseFill {
    /// The squares under a partial frame's damage, on whole squares of [`base_tiles::TILE`] pixels...
    tiles: Vec<PixelRect>,
    /// ...and as redrawn: each grown to hold the boxes its edges would cut.
    rects: Vec<DeviceRect>,
    /// A frame drawn whole: each band that lacks some of its rows of the base draws them and copies them in.
    bands: bool,
}

/// The bands of a frame: their edges, the stale layers they rasterize themselves, and the damage they draw
/// (`None`: every pixel).
struct BandsOf<'a, 'l> {
    edges: &'a [usize],
    local: &'a [StaleLayer<'l>],
    damage: Option<&'a Damage>,
}

/// Moves each band edge that would cut a damaged rectangle to the nearest row that cuts none (the bands may then
/// be fewer): Blend2D's clip to a rectangle a band's edge also cuts can be a level further off a frame drawn in one
/// band than either cut alone.
fn keep_rects_whole(edges: &mut [usize], damage: &Damage) {
    let height = edges.last().copied().unwrap_or(0);
    let mut floor = 0;
    for edge in edges.iter_mut() {
        let nearest = (0..=height.max(1)).flat_map(|d| [edge.saturating_sub(d), *edge + d]);
        *edge = nearest.filter(|&y| y <= height).find(|&y| !damage.cuts(y as u32)).unwrap_or(*edge).max(floor);
        floor = *edge;
    }
}

/// Scales each row's estimated work by the share of its pixels `damage` covers, so that the bands are cut over
/// the damaged rows.
fn only_damaged_rows(per_row: &mut [f64], damage: &Damage, width: u32) {
    for (y, cost) in per_row.iter_mut().enumerate() {
        let y = y as u32;
        let covered: u32 = damage.rects().iter().filter(|r| r.y <= y && y < r.bottom()).map(|r| r.w).sum();
        *cost *= f64::from(covered.min(width)) / f64::from(width.max(1));
    }
}

/// Fails when `target` holds fewer bytes than its size and stride need.
fn check_target(target: &Canvas<'_>) -> Result<(), RenderError> {
    let (width, height, stride) = (target.width, target.height, target.stride);
    let needed = stride * height as usize;
    if target.pixels.len() < needed || stride < width as usize * 4 {
        return Err(RenderError::ShortTarget { width, height, stride, needed, len: target.pixels.len() });
    }
    Ok(())
}

/// Adds to the collector the glyphs the `stale` layers draw into their images (each from its sub-pixel origin, at
/// the frame's scale, the collector's).
fn collect_layer_glyphs(collector: &mut Collector<'_>, stale: &[StaleLayer<'_>]) {
    for (_, shape, content) in stale {
        collector.layer_content(content, (f64::from(shape.frac_x), f64::from(shape.frac_y)));
    }
}
