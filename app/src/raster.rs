//! Raster: replays a [`DisplayList`] through Blend2D, with a retained base, retained layers and banded
//! parallel raster.
//!
//! - **The base**: the run of layers a list starts with (the scene's background, title bar and cards, with the
//!   clips and translations around them) is the frame's static part. It is kept as a copy of the frame's
//!   pixels after those layers, in the target's own format. A frame whose leading layers are unchanged starts
//!   with a copy of it, row for row, and draws only what follows. A cold frame (no base yet, a new size, a
//!   change in the run's structure) draws the leading layers' content straight into the target, band by band,
//!   and each band copies its rows into the base before it draws the rest: building the base costs a copy,
//!   not a second raster. When only some of the leading layers change (a new version, a new size, a sub-pixel
//!   move), only their old and new rectangles of the base are redrawn (the damage), clipped, from every op of
//!   the run that reaches into them; the other layers' pixels stay as they are.
//! - **Retained layers**: every other top-level [`Op::Layer`] (the HUD) is kept as an offscreen PRGB32 image
//!   keyed by its [`LayerKey`], re-rasterized only when its version, pixel size, sub-pixel position or scale
//!   changes, and blitted at a whole-pixel position otherwise (the content is drawn shifted by the rect's
//!   fractional part, so a blit lands exactly where drawing it directly would have). A layer not used in a
//!   frame is evicted. A stale layer that lies inside one band's rows is rasterized by that band's thread
//!   before it draws; the others are rasterized before the bands start, so the band threads only read them.
//! - **Bands**: with N threads the target's rows are split into N horizontal bands (disjoint `&mut [u8]`
//!   slices of the same pixels), each drawn by its own synchronous Blend2D context over an image view of its
//!   rows, translated by `-band_top`, replaying the same list at once: the first band on the calling thread, the
//!   others on rayon's pool. Paths, gradients and bounds of the list are built once per frame
//!   and shared read-only by the bands; each band skips the ops whose bounds lie outside its rows.
//!
//! The beta's own multi-threaded context is not used: it aborts at `blContextEnd` (see DESIGN.md, "A frame").

use std::collections::HashMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use goldberry_natives::blend2d::{self as bl, CompOp, Context, Gradient, Image, ImageView, PixelFormat, Rgba32, Style};
use goldberry_natives::{Goldberry, NativeError};

use crate::display_list::{DisplayList, LayerKey, Op, Paint, PathCommand, PathData, Rect, Stroke};
use crate::fonts::FontBook;
use crate::glyph_cache::{GlyphCache, PlacedLayer, Wants};

/// The pixels a frame is rasterized into: XRGB32 rows `stride` bytes apart (an SDL window surface, or an
/// offscreen [`FrameBuffer`]).
#[derive(Debug)]
pub struct Target<'a> {
    /// At least `stride * height` bytes.
    pub pixels: &'a mut [u8],
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Bytes from one row to the next.
    pub stride: usize,
    /// Device pixels per display-list pixel (1 on a normal display).
    pub scale: f32,
}

/// An offscreen XRGB32 frame (benches, golden tests), rows packed.
#[derive(Debug, Clone)]
pub struct FrameBuffer {
    /// `width * height * 4` bytes.
    pub pixels: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl FrameBuffer {
    /// A black frame.
    pub fn new(width: u32, height: u32) -> FrameBuffer {
        FrameBuffer { pixels: vec![0; width as usize * height as usize * 4], width, height }
    }

    /// The bytes from one row to the next.
    pub fn stride(&self) -> usize {
        self.width as usize * 4
    }

    /// The frame as a raster target.
    pub fn target(&mut self) -> Target<'_> {
        let stride = self.stride();
        Target { pixels: &mut self.pixels, width: self.width, height: self.height, stride, scale: 1.0 }
    }
}

/// What a frame did with the base.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BaseUse {
    /// The list starts with no layer: no base.
    #[default]
    None,
    /// The bands drew the leading layers and copied their rows into a new base (a cold frame).
    Drawn,
    /// This many damaged rectangles of the base were redrawn, then the bands started from a copy of it.
    Damaged(usize),
    /// The bands started from a copy of the base, unchanged.
    Copied,
}

/// What the last frame's raster did with the base and the layers.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RasterStats {
    /// What happened to the base.
    pub base: BaseUse,
    /// Leading layers the base stands for (0: no base this frame).
    pub layers_in_base: usize,
    /// Layers outside the base rasterized into images (new or changed).
    pub layers_rasterized: usize,
    /// Layers rasterized ahead of the frame ([`Raster::rasterize_layers_ahead`]), then blitted.
    pub layers_ahead: usize,
    /// Layers outside the base blitted from the cache unchanged (those rasterized ahead included).
    pub layers_reused: usize,
    /// Layers evicted because the frame did not use them.
    pub layers_evicted: usize,
    /// Bands drawn.
    pub bands: usize,
    /// Glyphs added to the glyph cache.
    pub glyphs_cached: usize,
    /// Runs of the base drawn into run images this frame ([`crate::glyph_cache`]'s `runs`).
    pub run_images_built: usize,
    /// Time spent adding glyphs to the glyph cache.
    pub glyphs_time: Duration,
    /// Time spent rasterizing stale layers outside the base.
    pub layers_time: Duration,
    /// Time spent redrawing the base's damaged rectangles (zero unless some were).
    pub base_time: Duration,
    /// Time spent in the bands (the base's copy, or its drawing, and the rest of the list).
    pub bands_time: Duration,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct LayerShape {
    version: u64,
    /// The whole device pixel the layer's top-left corner falls in (translation included).
    left: f32,
    top: f32,
    width: u32,
    height: u32,
    frac_x: f32,
    frac_y: f32,
    scale: f32,
}

/// A layer to rasterize this frame: its key, its shape and its content.
type StaleLayer<'l> = (LayerKey, LayerShape, &'l DisplayList);

#[derive(Debug)]
struct CachedLayer {
    shape: LayerShape,
    image: Image,
    used: bool,
}

/// What the base stands for, op by op: its layers and the clips and translations around them.
#[derive(Debug, Clone, PartialEq)]
enum BaseItem {
    Layer(LayerKey, LayerShape),
    Clip(Rect),
    Translate(f32, f32),
    Pop,
}

/// The leading run of a list (see the module docs): its items, how many ops it spans and how many layers.
#[derive(Debug, Default)]
struct Lead {
    items: Vec<BaseItem>,
    end: usize,
    layers: usize,
}

/// What the pixels of the base stand for (the pixels themselves are [`Raster::base_pixels`]).
#[derive(Debug, Clone, PartialEq)]
struct BaseFrame {
    items: Vec<BaseItem>,
    width: u32,
    height: u32,
    stride: usize,
}

/// How this frame brings the base up to date.
#[derive(Debug, Clone, PartialEq)]
enum BasePlan {
    /// No leading layers.
    None,
    /// The bands draw the leading layers and copy their rows into the base.
    Draw,
    /// These rectangles of the base are redrawn first; the bands then copy it.
    Damage(Vec<DeviceRect>),
    /// The bands copy the base.
    Copy,
}

/// A rectangle of device pixels: `[x0, x1) x [y0, y1)`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct DeviceRect {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
}

impl DeviceRect {
    fn intersects(&self, other: &DeviceRect) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }

    fn of_layer(shape: &LayerShape) -> DeviceRect {
        DeviceRect {
            x0: shape.left,
            y0: shape.top,
            x1: shape.left + shape.width as f32,
            y1: shape.top + shape.height as f32,
        }
    }

    /// The whole pixels of `self` inside a `width` x `height` frame (`None` when none are).
    fn clamped(&self, width: u32, height: u32) -> Option<DeviceRect> {
        let r = DeviceRect {
            x0: self.x0.floor().max(0.0),
            y0: self.y0.floor().max(0.0),
            x1: self.x1.ceil().min(width as f32),
            y1: self.y1.ceil().min(height as f32),
        };
        (r.x0 < r.x1 && r.y0 < r.y1).then_some(r)
    }
}

/// The rasterizer: the base, the retained layers, the glyph cache and the thread count.
#[derive(Debug)]
pub struct Raster {
    g: &'static Goldberry,
    threads: usize,
    layers: HashMap<LayerKey, CachedLayer>,
    base: Option<BaseFrame>,
    /// The base's pixels, kept across sizes so that their pages stay mapped (see [`BaseFrame`]).
    base_pixels: Vec<u8>,
    glyphs: GlyphCache,
    use_glyph_cache: bool,
    /// Whether the glyph cache keeps the base's runs as images.
    use_run_images: bool,
    stats: RasterStats,
    /// Counts the frames whose bands were handed to the pool (see [`Raster::wake_band_threads`]).
    bands_handed_out: std::sync::Arc<AtomicU64>,
    /// Layers rasterized ahead of the next frame (reported in its stats).
    ahead: usize,
}

/// Paths, gradients and bounds built from one list's ops, index for index; shared read-only by the bands.
#[derive(Debug, Default)]
struct Prepared {
    paths: Vec<Option<bl::Path>>,
    gradients: Vec<Option<Gradient>>,
    /// Where each drawing op can leave ink, in the list's pixels before its translation (`None`: a state op,
    /// or unknown).
    bounds: Vec<Option<Rect>>,
    /// The prepared content of the layers drawn in place this frame (the base's, when it is drawn).
    layers: Vec<Option<Prepared>>,
}

/// How the list's pixels map to device pixels.
#[derive(Debug, Clone, Copy)]
struct Mapping {
    scale: f32,
}

/// What every replay of a frame shares.
struct Replayer<'a> {
    g: &'static Goldberry,
    fonts: &'a FontBook,
    /// The cached layers, blitted for top-level layers outside the base (`None` inside a layer).
    layers: Option<&'a HashMap<LayerKey, CachedLayer>>,
    /// The layers this band rasterized itself this frame (looked up after `layers`).
    local: Option<&'a HashMap<LayerKey, CachedLayer>>,
    glyphs: Option<&'a GlyphCache>,
    mapping: Mapping,
    /// Device pixels added after the scale (a layer's sub-pixel shift).
    offset: (f32, f32),
    /// The device pixels being drawn: ops whose bounds miss them are skipped (`None`: draw everything).
    visible: Option<DeviceRect>,
}

impl Raster {
    /// A rasterizer drawing with `threads` bands (at least 1).
    pub fn new(g: &'static Goldberry, threads: usize) -> Raster {
        Raster {
            g,
            threads: threads.max(1),
            layers: HashMap::new(),
            base: None,
            base_pixels: Vec::new(),
            glyphs: GlyphCache::new(),
            use_glyph_cache: true,
            use_run_images: true,
            stats: RasterStats::default(),
            bands_handed_out: std::sync::Arc::new(AtomicU64::new(0)),
            ahead: 0,
        }
    }

    /// Rasterizes now, on the calling thread, every top-level layer of `list` that the layer cache lacks (at
    /// `scale`), so that the next [`Raster::render`] of a list holding the same layers blits them. `list` holds
    /// layers only the caller knows to come after the base: [`crate::frame::Painter::paint`] hands it the HUD's,
    /// on a pool thread while the scene records (the HUD was 0.13 to 0.16 ms of the first band's work in a cold
    /// frame, which ended that much after the other band).
    pub fn rasterize_layers_ahead(
        &mut self,
        list: &DisplayList,
        fonts: &FontBook,
        scale: f32,
    ) -> Result<(), NativeError> {
        let mut stale: Vec<StaleLayer<'_>> = Vec::new();
        for_each_layer(list, |_, key, rect, version, content, t| {
            let Some(shape) = layer_shape(rect, version, t, scale) else { return };
            if !self.layers.get(&key).is_some_and(|cached| cached.shape.reusable_for(&shape)) {
                stale.push((key, shape, content));
            }
        });
        if self.use_glyph_cache {
            let mut wants = Wants::default();
            collect_layer_glyphs(&self.glyphs, fonts, &stale, &mut wants);
            self.glyphs.fill(self.g, fonts, wants, 1)?;
        }
        let glyphs = self.use_glyph_cache.then_some(&self.glyphs);
        for (key, shape, content) in stale {
            let image = rasterize_layer(self.g, content, fonts, glyphs, shape, 1)?;
            self.layers.insert(key, CachedLayer { shape, image, used: true });
            self.ahead += 1;
        }
        Ok(())
    }

    /// Keeps the pool threads that will draw this frame's other bands awake until the bands are handed out
    /// (at most 4 ms), so that they start at once instead of waiting to be woken, and take any work the frame
    /// hands out before them (the cards' layouts). Call it when a frame starts, before its scene is recorded; it
    /// does nothing with one thread.
    pub fn wake_band_threads(&self) {
        for _ in 1..self.threads {
            let handed_out = std::sync::Arc::clone(&self.bands_handed_out);
            let frame = handed_out.load(Ordering::Acquire);
            rayon::spawn(move || stay_awake_for_bands(&handed_out, frame, STAY_AWAKE));
        }
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
    }

    /// Whether the glyph cache keeps the runs of the base as images ([`crate::glyph_cache`], on by default) or
    /// the base's text is blitted glyph by glyph (the cold bench compares the two). Set it before the first frame.
    pub fn set_run_images(&mut self, enabled: bool) {
        self.use_run_images = enabled;
    }

    /// The number of glyphs in the glyph cache.
    pub fn cached_glyphs(&self) -> usize {
        self.glyphs.len()
    }

    /// How many runs the glyph cache keeps as images, and the bytes of their atlases.
    pub fn run_images(&self) -> (usize, usize) {
        self.glyphs.run_images()
    }

    /// What the last [`Raster::render`] did.
    pub fn stats(&self) -> RasterStats {
        self.stats
    }

    /// Adds every glyph `list` draws (in its layers too) to the glyph cache without drawing anything, so that
    /// a first frame of that list finds them rasterized (see [`crate::frame::Painter::warm_up`]).
    pub fn warm_glyphs(&mut self, list: &DisplayList, fonts: &FontBook) -> Result<(), NativeError> {
        if !self.use_glyph_cache {
            return Ok(());
        }
        let _span = tracing::info_span!("warm glyphs").entered();
        // The first frame draws the base's runs: they get their images now.
        let mut wants = Wants { runs_at_first_sight: true, ..Wants::default() };
        let lead = leading_run(list, 1.0);
        let base = |i: usize| self.use_run_images && i < lead.end;
        collect_glyphs(&self.glyphs, fonts, list, (0.0, 0.0), &|_| true, &base, None, &mut wants);
        self.glyphs.fill(self.g, fonts, wants, self.threads).map(|_| ())
    }

    /// Makes room for the base of a `width` x `height` frame with packed rows and touches every page of it, so
    /// that the first frame of that size does not wait for the kernel to fault them in (about 0.7 ms per MB
    /// here; [`crate::frame::Painter::warm_up`] does this while the window opens).
    pub fn reserve_base(&mut self, width: u32, height: u32) {
        let bytes = width as usize * 4 * height as usize;
        if self.base_pixels.len() < bytes {
            // Not `vec![0; ..]`: zeroed memory from the allocator is mapped lazily, page by page, when written.
            self.base_pixels = vec![0xff; bytes];
        }
    }

    /// Drops the base and every retained layer (the next frame is cold). The glyph cache stays (a glyph's
    /// pixels do not depend on the frame), and so does the base's memory.
    pub fn clear_layers(&mut self) {
        self.layers.clear();
        self.base = None;
    }

    /// Rasterizes `list` into `target` and returns how long it took (Blend2D's part of the frame: layer
    /// raster, every band's context from begin to end).
    pub fn render(
        &mut self,
        list: &DisplayList,
        fonts: &FontBook,
        target: Target<'_>,
    ) -> Result<Duration, NativeError> {
        let start = Instant::now();
        let _span = tracing::info_span!("raster", threads = self.threads).entered();
        let (width, stride, height) = (target.width, target.stride, target.height as usize);
        let needed = stride * height;
        if target.pixels.len() < needed || stride < width as usize * 4 {
            return Err(NativeError::InvalidArgument(format!(
                "raster target of {}x{} with stride {stride} needs {needed} bytes, has {}",
                width,
                height,
                target.pixels.len()
            )));
        }
        let mapping = Mapping { scale: target.scale };
        let lead = leading_run(list, mapping.scale);
        let frame = BaseFrame { items: lead.items, width, height: target.height, stride };
        // Taken out while the frame is drawn: a frame that fails leaves no base that could be half drawn.
        let plan = plan_base(self.base.take(), &frame, lead.layers);
        let drawn_in_place = |i: usize| i < lead.end && plan != BasePlan::Copy;

        // The layers outside the base: reuse, evict, find the stale ones.
        let stale = self.update_layers(list, lead.end, mapping);
        // Every glyph this frame draws that the cache lacks, added before the parallel work.
        // The frame's paths and gradients (the base's layers' too, when they are drawn) are built on a pool thread
        // (awake, see `wake_band_threads`) while this one adds the missing glyphs and places the band edges.
        let g = self.g;
        let prepare_frame = || -> Result<Prepared, NativeError> {
            let mut prepared = prepare(g, fonts, list)?;
            for (i, op) in list.ops.iter().enumerate().take(lead.end) {
                if let (Op::Layer { content, .. }, true) = (op, drawn_in_place(i)) {
                    prepared.layers[i] = Some(prepare(g, fonts, content)?);
                }
            }
            Ok(prepared)
        };
        let mut prepared_on_pool = None;
        let edges = rayon::in_place_scope(|s| -> Result<Vec<usize>, NativeError> {
            if self.threads > 1 {
                s.spawn(|_| prepared_on_pool = Some(prepare_frame()));
            }
            let glyphs_start = Instant::now();
            if self.use_glyph_cache {
                let mut wants = Wants::default();
                collect_layer_glyphs(&self.glyphs, fonts, &stale, &mut wants);
                if mapping.scale == 1.0 {
                    let base = |i: usize| self.use_run_images && drawn_in_place(i);
                    collect_glyphs(&self.glyphs, fonts, list, (0.0, 0.0), &drawn_in_place, &base, None, &mut wants);
                }
                let before = self.glyphs.len();
                let runs = self.glyphs.fill(self.g, fonts, wants, self.threads)?;
                self.stats.glyphs_cached = self.glyphs.len().saturating_sub(before);
                self.stats.run_images_built = runs.built;
            }
            self.stats.glyphs_time = glyphs_start.elapsed();
            let drawn_from = if plan == BasePlan::Copy || matches!(plan, BasePlan::Damage(_)) { lead.end } else { 0 };
            let per_row = row_costs(list, fonts, drawn_from, &drawn_in_place, &stale, mapping, width, height);
            Ok(cut_bands(&per_row, &band_shares(per_row.iter().sum(), self.threads)))
        })?;
        // A stale layer inside one band's rows is rasterized by that band's thread before it draws, the others
        // before the bands start.
        let band_of = |shape: &LayerShape| {
            let (top, bottom) = (shape.top.max(0.0) as usize, (shape.top + shape.height as f32).max(0.0) as usize);
            edges.windows(2).position(|pair| pair[0] <= top && bottom <= pair[1]).map(|band| edges[band])
        };
        let (local, shared): (Vec<_>, Vec<_>) =
            stale.into_iter().partition(|(_, shape, _)| edges.len() > 2 && band_of(shape).is_some());
        let layers_start = Instant::now();
        self.rasterize_layers(shared, fonts)?;
        self.stats.layers_time = layers_start.elapsed();
        let prepared = match prepared_on_pool {
            Some(prepared) => prepared?,
            None => prepare_frame()?,
        };
        // The base only grows (its first `needed` bytes are the frame's), so that going back and forth between
        // sizes neither frees its mapped pages nor zeroes them again; a larger one comes zeroed from the
        // allocator, its pages faulted in by the bands that first write them. It grows by a quarter more than
        // the frame needs: a window dragged larger then grows into pages it already holds, and faults in only
        // the new ones (the kernel maps a page on its first write, ~0.7 ms per MB here), instead of all of a
        // new base every few frames.
        if plan != BasePlan::None && self.base_pixels.len() < needed {
            self.base_pixels = vec![0; needed + needed / 4];
        }
        let base_start = Instant::now();
        if let BasePlan::Damage(rects) = &plan {
            self.redraw_damage(list, lead.end, &prepared, fonts, &frame, rects, mapping)?;
        }
        self.stats.base_time = base_start.elapsed();

        let bands_start = Instant::now();
        let g = self.g;
        let glyph_cache = self.use_glyph_cache.then_some(&self.glyphs);
        let rasterized = std::sync::Mutex::new(Vec::new());
        let replayer = Replayer {
            g,
            fonts,
            layers: Some(&self.layers),
            local: None,
            glyphs: glyph_cache,
            mapping,
            offset: (0.0, 0.0),
            visible: None,
        };
        let base: Option<&mut [u8]> = if plan == BasePlan::None { None } else { Some(&mut self.base_pixels[..needed]) };
        let draw_band = |top: usize, rows: &mut [u8], base: Option<&mut [u8]>| -> Result<(), NativeError> {
            let _span = tracing::info_span!("band", top).entered();
            let band_height = rows.len() / stride;
            let mut state = ReplayState::default();
            let mut mine: HashMap<LayerKey, CachedLayer> = HashMap::new();
            for (key, shape, content) in local.iter().filter(|(_, shape, _)| band_of(shape) == Some(top)) {
                let image = rasterize_layer(g, content, fonts, glyph_cache, *shape, 1)?;
                mine.insert(*key, CachedLayer { shape: *shape, image, used: true });
            }
            let replayer = Replayer {
                local: Some(&mine),
                visible: Some(DeviceRect { x0: 0.0, y0: top as f32, x1: width as f32, y1: (top + band_height) as f32 }),
                ..replayer
            };
            let from = match (&plan, base) {
                (BasePlan::Draw, Some(base)) => {
                    // At another scale the lead's whole pixels are not the frame's: their seams would let the
                    // previous frame show through.
                    if !(list.opaque_lead && mapping.scale == 1.0) {
                        rows.fill(0);
                    }
                    {
                        let mut view = rows_view(g, rows, width, stride, PixelFormat::Xrgb32)?;
                        let mut ctx = begin_band(&mut view, top, mapping)?;
                        replay(&mut ctx, &replayer, list, &prepared, 0..lead.end, &mut state)?;
                        close(&mut ctx, &mut state, 0)?;
                        ctx.end()?;
                    }
                    // What the run left in these rows is the base's.
                    base.copy_from_slice(rows);
                    state = ReplayState::default();
                    lead.end
                }
                (BasePlan::Damage(_) | BasePlan::Copy, Some(base)) => {
                    rows.copy_from_slice(base);
                    lead.end
                }
                _ => {
                    rows.fill(0);
                    0
                }
            };
            let mut view = rows_view(g, rows, width, stride, PixelFormat::Xrgb32)?;
            let mut ctx = begin_band(&mut view, top, mapping)?;
            // The run's clips and translations still apply to what follows it; its layers are in the base.
            replay_state_only(&mut ctx, list, 0..from, &mut state)?;
            replay(&mut ctx, &replayer, list, &prepared, from..list.ops.len(), &mut state)?;
            close(&mut ctx, &mut state, 0)?;
            ctx.end()?;
            if !mine.is_empty() {
                rasterized.lock().unwrap_or_else(std::sync::PoisonError::into_inner).extend(mine);
            }
            Ok(())
        };
        let pixels = &mut target.pixels[..needed];
        let handed_out = Some(&*self.bands_handed_out);
        draw_bands(
            pixels,
            base,
            stride,
            &edges,
            self.threads,
            handed_out,
            &draw_band,
            "a raster band thread panicked",
        )?;
        let rasterized = rasterized.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        self.stats.layers_rasterized += rasterized.len();
        self.layers.extend(rasterized);
        self.stats.bands = edges.windows(2).filter(|pair| pair[1] > pair[0]).count();
        self.stats.bands_time = bands_start.elapsed();
        self.stats.layers_in_base = if plan == BasePlan::None { 0 } else { lead.layers };
        self.stats.base = match &plan {
            BasePlan::None => BaseUse::None,
            BasePlan::Draw => BaseUse::Drawn,
            BasePlan::Damage(rects) => BaseUse::Damaged(rects.len()),
            BasePlan::Copy => BaseUse::Copied,
        };
        if plan != BasePlan::None {
            self.base = Some(frame);
        }
        Ok(start.elapsed())
    }

    /// Brings the layer cache up to date with `list`'s top-level layers from op `from` on (those before are
    /// the base's): marks the reusable ones used, evicts those the list does not use, and returns the stale
    /// ones (new or changed), to be rasterized by [`Raster::rasterize_layers`].
    fn update_layers<'l>(&mut self, list: &'l DisplayList, from: usize, mapping: Mapping) -> Vec<StaleLayer<'l>> {
        for layer in self.layers.values_mut() {
            layer.used = false;
        }
        let mut stale: Vec<StaleLayer<'_>> = Vec::new();
        let mut reused = 0;
        for_each_layer(list, |i, key, rect, version, content, (tx, ty)| {
            if i < from {
                return;
            }
            let Some(shape) = layer_shape(rect, version, (tx, ty), mapping.scale) else { return };
            match self.layers.get_mut(&key) {
                Some(cached) if cached.shape.reusable_for(&shape) => {
                    if !cached.used {
                        reused += 1;
                    }
                    cached.used = true;
                }
                _ => {
                    if !stale.iter().any(|(k, ..)| *k == key) {
                        stale.push((key, shape, content));
                    }
                }
            }
        });
        // Free what this frame replaces or no longer uses before allocating the new images, so the allocator
        // can hand the same (already mapped) memory back: fresh pages cost ~1 ms per MB to fault in here.
        let is_stale = |key: &LayerKey| stale.iter().any(|(k, ..)| k == key);
        let evicted = self.layers.iter().filter(|(key, layer)| !layer.used && !is_stale(key)).count();
        self.layers.retain(|key, layer| layer.used && !is_stale(key));
        self.stats = RasterStats {
            layers_ahead: std::mem::take(&mut self.ahead),
            layers_reused: reused,
            layers_evicted: evicted,
            ..RasterStats::default()
        };
        stale
    }

    /// Rasterizes the stale layers into images: one costing more than half a thread's fair share of the
    /// work in bands across every thread, the others spread across threads, longest first.
    fn rasterize_layers(&mut self, mut stale: Vec<StaleLayer<'_>>, fonts: &FontBook) -> Result<(), NativeError> {
        if stale.is_empty() {
            return Ok(());
        }
        let _span = tracing::info_span!("layers", stale = stale.len()).entered();
        let g = self.g;
        let glyphs = self.use_glyph_cache.then_some(&self.glyphs);
        let rasterize = |(key, shape, content): &(LayerKey, LayerShape, &DisplayList)| {
            rasterize_layer(g, content, fonts, glyphs, *shape, 1).map(|image| (*key, *shape, image))
        };
        let mut done: Vec<(LayerKey, LayerShape, Image)> = Vec::new();
        if self.threads > 1 {
            let total: f64 = stale.iter().map(layer_cost).sum();
            let share = total / self.threads as f64;
            let (big, rest): (Vec<_>, Vec<_>) = stale.into_iter().partition(|layer| layer_cost(layer) > share / 2.0);
            for (key, shape, content) in big {
                done.push((key, shape, rasterize_layer(g, content, fonts, glyphs, shape, self.threads)?));
            }
            stale = rest;
        }
        let spread: Vec<(LayerKey, LayerShape, Image)> = if self.threads > 1 && stale.len() > 1 {
            // Longest first onto the least loaded thread; the calling thread takes the first share.
            let mut order: Vec<usize> = (0..stale.len()).collect();
            order.sort_by(|&a, &b| layer_cost(&stale[b]).total_cmp(&layer_cost(&stale[a])));
            let mut shares: Vec<(f64, Vec<usize>)> = vec![(0.0, Vec::new()); self.threads.min(stale.len())];
            for i in order {
                if let Some(least) = shares.iter_mut().min_by(|a, b| a.0.total_cmp(&b.0)) {
                    least.0 += layer_cost(&stale[i]);
                    least.1.push(i);
                }
            }
            let stale = &stale;
            std::thread::scope(|s| {
                let rasterize = &rasterize;
                let run = move |share: &[usize]| share.iter().map(|&i| rasterize(&stale[i])).collect::<Vec<_>>();
                let mut shares = shares.into_iter().map(|(_, share)| share);
                let first = shares.next().unwrap_or_default();
                let handles: Vec<_> = shares.map(|share| s.spawn(move || run(&share))).collect();
                let mut all = run(&first);
                for h in handles {
                    match h.join() {
                        Ok(results) => all.extend(results),
                        Err(_) => all.push(Err(NativeError::InvalidArgument("a layer thread panicked".to_owned()))),
                    }
                }
                all
            })
            .into_iter()
            .collect::<Result<_, _>>()?
        } else {
            stale.iter().map(rasterize).collect::<Result<_, _>>()?
        };
        done.extend(spread);
        self.stats.layers_rasterized = done.len();
        for (key, shape, image) in done {
            self.layers.insert(key, CachedLayer { shape, image, used: true });
        }
        Ok(())
    }

    /// Redraws `rects` of the base from the ops of the leading run (`0..end` of `list`), each rectangle
    /// cleared and clipped, so that it holds what drawing the run from scratch would leave there.
    #[allow(clippy::too_many_arguments)]
    fn redraw_damage(
        &mut self,
        list: &DisplayList,
        end: usize,
        prepared: &Prepared,
        fonts: &FontBook,
        frame: &BaseFrame,
        rects: &[DeviceRect],
        mapping: Mapping,
    ) -> Result<(), NativeError> {
        let _span = tracing::info_span!("base damage", rects = rects.len()).entered();
        let pixels = &mut self.base_pixels[..frame.stride * frame.height as usize];
        let mut view = rows_view(self.g, pixels, frame.width, frame.stride, PixelFormat::Xrgb32)?;
        let mut ctx = Context::begin_view(&mut view)?;
        for rect in rects {
            let device = bl::Rect::new(
                f64::from(rect.x0),
                f64::from(rect.y0),
                f64::from(rect.x1 - rect.x0),
                f64::from(rect.y1 - rect.y0),
            );
            ctx.set_comp_op(CompOp::SrcCopy)?;
            ctx.set_fill(&Style::Solid(Rgba32(0)))?;
            ctx.fill_rect(device)?;
            ctx.set_comp_op(CompOp::SrcOver)?;
            ctx.save()?;
            ctx.clip_to_rect(device)?;
            if mapping.scale != 1.0 {
                ctx.scale(f64::from(mapping.scale), f64::from(mapping.scale))?;
            }
            let replayer = Replayer {
                g: self.g,
                fonts,
                layers: None,
                local: None,
                glyphs: self.use_glyph_cache.then_some(&self.glyphs),
                mapping,
                offset: (0.0, 0.0),
                visible: Some(*rect),
            };
            let mut state = ReplayState::default();
            replay(&mut ctx, &replayer, list, prepared, 0..end, &mut state)?;
            close(&mut ctx, &mut state, 0)?;
            ctx.restore()?;
        }
        ctx.end()
    }
}

/// The leading run of `list`: its layers and the clips and translations around them, up to the last of those
/// layers.
fn leading_run(list: &DisplayList, scale: f32) -> Lead {
    let mut lead = Lead::default();
    let mut stack: Vec<(f32, f32)> = Vec::new();
    let mut t = (0.0f32, 0.0f32);
    for (i, op) in list.ops.iter().enumerate() {
        match op {
            Op::Layer { key, rect, version, .. } => match layer_shape(*rect, *version, t, scale) {
                Some(shape) => {
                    lead.items.push(BaseItem::Layer(*key, shape));
                    (lead.end, lead.layers) = (i + 1, lead.layers + 1);
                }
                None => break,
            },
            Op::PushClip(r) => lead.items.push(BaseItem::Clip(*r)),
            Op::PushTranslate(dx, dy) => {
                stack.push(t);
                t = (t.0 + dx, t.1 + dy);
                lead.items.push(BaseItem::Translate(*dx, *dy));
            }
            Op::PopTranslate => {
                t = stack.pop().unwrap_or((0.0, 0.0));
                lead.items.push(BaseItem::Pop);
            }
            Op::PopClip => lead.items.push(BaseItem::Pop),
            _ => break,
        }
    }
    if let Some(last) = lead.items.iter().rposition(|item| matches!(item, BaseItem::Layer(..))) {
        lead.items.truncate(last + 1);
    } else {
        lead.items.clear();
    }
    lead
}

/// How `frame`'s base is brought up to date from `old` (see [`BasePlan`]).
fn plan_base(old: Option<BaseFrame>, frame: &BaseFrame, layers: usize) -> BasePlan {
    if layers == 0 {
        return BasePlan::None;
    }
    let Some(old) = old else { return BasePlan::Draw };
    if (old.width, old.height, old.stride) != (frame.width, frame.height, frame.stride)
        || old.items.len() != frame.items.len()
    {
        return BasePlan::Draw;
    }
    if old.items == frame.items {
        return BasePlan::Copy;
    }
    let mut damage = Vec::new();
    for (was, is) in old.items.iter().zip(&frame.items) {
        match (was, is) {
            (BaseItem::Layer(k0, s0), BaseItem::Layer(k1, s1)) if k0 == k1 => {
                if s0 != s1 {
                    damage.extend(DeviceRect::of_layer(s0).clamped(frame.width, frame.height));
                    damage.extend(DeviceRect::of_layer(s1).clamped(frame.width, frame.height));
                }
            }
            (was, is) if was == is && !matches!(was, BaseItem::Layer(..)) => {}
            // Another layer, clip or translation: the run changed shape.
            _ => return BasePlan::Draw,
        }
    }
    BasePlan::Damage(damage)
}

/// An image view over whole rows of `format` pixels (a band's rows, or all of the base's), `stride` bytes apart.
fn rows_view<'p>(
    g: &'static Goldberry,
    rows: &'p mut [u8],
    width: u32,
    stride: usize,
    format: PixelFormat,
) -> Result<ImageView<'p>, NativeError> {
    let height = (rows.len() / stride) as u32;
    ImageView::over_pixels(g, rows, width, height, stride, format)
}

/// A context over a band's view whose user space is the list's: translated by the band's top, scaled.
fn begin_band<'v>(view: &'v mut ImageView<'_>, top: usize, mapping: Mapping) -> Result<Context<'v>, NativeError> {
    let mut ctx = Context::begin_view(view)?;
    if top > 0 {
        ctx.translate(0.0, -(top as f64))?;
    }
    if mapping.scale != 1.0 {
        ctx.scale(f64::from(mapping.scale), f64::from(mapping.scale))?;
    }
    Ok(ctx)
}

/// A guess of a layer's raster cost, to balance layers across threads: its pixels and its glyphs.
fn layer_cost((_, shape, content): &(LayerKey, LayerShape, &DisplayList)) -> f64 {
    f64::from(shape.width) * f64::from(shape.height) * 1e-6 + content.glyph_count() as f64 * 2e-3
}

/// Blits `image` 1:1 whatever the scale with its top-left corner at device pixel `device`, the translation in
/// effect being `translation` (list pixels).
fn blit_device(
    ctx: &mut Context<'_>,
    mapping: Mapping,
    device: (f32, f32),
    translation: (f32, f32),
    image: &Image,
) -> Result<(), NativeError> {
    // Under scale s and translation t a point p lands at s * (p + t); with the scale undone, at p + s * t.
    let s = f64::from(mapping.scale);
    let x = f64::from(device.0) - s * f64::from(translation.0);
    let y = f64::from(device.1) - s * f64::from(translation.1);
    if s != 1.0 {
        ctx.save()?;
        ctx.scale(1.0 / s, 1.0 / s)?;
        ctx.blit_image(x, y, image)?;
        ctx.restore()
    } else {
        ctx.blit_image(x, y, image)
    }
}

/// Calls `f(index, key, rect, version, content, translation)` for each top-level layer of `list` (layers
/// inside layers are drawn inline with their parent's content), with the translation in effect where it is
/// drawn.
fn for_each_layer<'l>(
    list: &'l DisplayList,
    mut f: impl FnMut(usize, LayerKey, Rect, u64, &'l DisplayList, (f32, f32)),
) {
    let mut stack: Vec<(f32, f32)> = Vec::new();
    let mut t = (0.0f32, 0.0f32);
    for (i, op) in list.ops.iter().enumerate() {
        match op {
            Op::PushTranslate(dx, dy) => {
                stack.push(t);
                t = (t.0 + dx, t.1 + dy);
            }
            Op::PopTranslate => t = stack.pop().unwrap_or((0.0, 0.0)),
            Op::Layer { key, rect, version, content } => f(i, *key, *rect, *version, content, t),
            _ => {}
        }
    }
}

impl LayerShape {
    /// Whether a layer rasterized as `self` can be blitted for `other`: same content, pixel size, sub-pixel
    /// offset and scale (a move by whole pixels only moves the blit).
    fn reusable_for(&self, other: &LayerShape) -> bool {
        LayerShape { left: other.left, top: other.top, ..*self } == *other
    }
}

/// The pixel shape of a layer drawn at `rect` under translation `t` and `scale`; `None` when it is empty.
fn layer_shape(rect: Rect, version: u64, t: (f32, f32), scale: f32) -> Option<LayerShape> {
    let (dx, dy) = ((t.0 + rect.x) * scale, (t.1 + rect.y) * scale);
    let (frac_x, frac_y) = (dx - dx.floor(), dy - dy.floor());
    let width = (frac_x + rect.w * scale).ceil();
    let height = (frac_y + rect.h * scale).ceil();
    if !(width >= 1.0 && height >= 1.0 && width <= 16384.0 && height <= 16384.0) {
        return None;
    }
    Some(LayerShape {
        version,
        left: dx.floor(),
        top: dy.floor(),
        width: width as u32,
        height: height as u32,
        frac_x,
        frac_y,
        scale,
    })
}

/// Rasterizes a layer's content into a new transparent image of the layer's pixel size, split into `bands`
/// horizontal bands drawn at once by [`draw_bands`] (each by its own context over its rows of the image) when
/// `bands` is more than one: a layer that is most of a frame's work would otherwise keep one thread busy while
/// the others wait.
fn rasterize_layer(
    g: &'static Goldberry,
    content: &DisplayList,
    fonts: &FontBook,
    glyphs: Option<&GlyphCache>,
    shape: LayerShape,
    bands: usize,
) -> Result<Image, NativeError> {
    let _span = tracing::debug_span!("layer", w = shape.width, h = shape.height, bands).entered();
    // `Image::new` hands back a cleared (transparent) image, so the layer is drawn straight into it.
    let mut image = Image::new(g, shape.width, shape.height, PixelFormat::Prgb32)?;
    let prepared = prepare(g, fonts, content)?;
    let mapping = Mapping { scale: shape.scale };
    let draw = |ctx: &mut Context<'_>, top: usize, rows: usize| -> Result<(), NativeError> {
        if top > 0 {
            ctx.translate(0.0, -(top as f64))?;
        }
        ctx.translate(f64::from(shape.frac_x), f64::from(shape.frac_y))?;
        if shape.scale != 1.0 {
            ctx.scale(f64::from(shape.scale), f64::from(shape.scale))?;
        }
        // The layer's device pixels: its list pixels, scaled and shifted by the sub-pixel offset.
        let visible = DeviceRect { x0: 0.0, y0: top as f32, x1: shape.width as f32, y1: (top + rows) as f32 };
        let offset = (shape.frac_x, shape.frac_y);
        let replayer =
            Replayer { g, fonts, layers: None, local: None, glyphs, mapping, offset, visible: Some(visible) };
        let mut state = ReplayState::default();
        replay(ctx, &replayer, content, &prepared, 0..content.ops.len(), &mut state)?;
        close(ctx, &mut state, 0)
    };
    if bands <= 1 || shape.height < 2 {
        let mut ctx = Context::begin(&mut image)?;
        draw(&mut ctx, 0, shape.height as usize)?;
        ctx.end()?;
        return Ok(image);
    }
    {
        let rows = image.pixels_mut()?;
        let (width, stride) = (rows.width, rows.stride);
        let draw_band = |top: usize, band: &mut [u8], _: Option<&mut [u8]>| -> Result<(), NativeError> {
            let height = band.len() / stride;
            let mut view = rows_view(g, band, width, stride, PixelFormat::Prgb32)?;
            let mut ctx = Context::begin_view(&mut view)?;
            draw(&mut ctx, top, height)?;
            ctx.end()
        };
        let edges = even_edges(shape.height as usize, bands);
        draw_bands(rows.data, None, stride, &edges, bands, None, &draw_band, "a layer band thread panicked")?;
    }
    Ok(image)
}

/// One band of [`draw_bands`]: its top row, its rows, and the same rows of the paired buffer.
type Band<'p> = (usize, &'p mut [u8], Option<&'p mut [u8]>);

/// Draws the rows of `pixels` (`stride` bytes each) in the bands `edges` delimits (band `i` is rows
/// `edges[i]..edges[i + 1]`): `draw_band(top, rows, paired)` for each, `paired` being the same rows of `paired`
/// when given (a buffer of the same layout). `threads` threads take the bands in order from one queue, the
/// calling thread and `threads - 1` on rayon's pool, each taking the next band when it is done with one: a
/// thread that runs slower draws fewer, and the bands of a pool thread that starts late are drawn by the others
/// (the scope still waits for it to start and find none left). `handed_out`, when given, is bumped once the
/// pool's part is handed out (the threads [`stay_awake_for_bands`] keeps awake take it, then may sleep). Every
/// band runs to its end; the first error (or a thread's panic, reported as `panicked`) is returned.
#[allow(clippy::too_many_arguments)]
fn draw_bands<F>(
    pixels: &mut [u8],
    mut paired: Option<&mut [u8]>,
    stride: usize,
    edges: &[usize],
    threads: usize,
    handed_out: Option<&AtomicU64>,
    draw_band: &F,
    panicked: &str,
) -> Result<(), NativeError>
where
    F: Fn(usize, &mut [u8], Option<&mut [u8]>) -> Result<(), NativeError> + Sync,
{
    let mut bands: Vec<Band<'_>> = Vec::with_capacity(edges.len());
    let mut rest = pixels;
    for pair in edges.windows(2) {
        let bytes = (pair[1].saturating_sub(pair[0]) * stride).min(rest.len());
        let (rows, tail) = std::mem::take(&mut rest).split_at_mut(bytes);
        rest = tail;
        let paired_rows = match paired.take() {
            Some(buffer) => {
                let (rows, tail) = buffer.split_at_mut(bytes.min(buffer.len()));
                paired = Some(tail);
                Some(rows)
            }
            None => None,
        };
        if !rows.is_empty() {
            bands.push((pair[0], rows, paired_rows));
        }
    }
    // Each band waits in its slot for the thread that takes its index from `next`, and leaves its result there.
    type Slot<'p> = std::sync::Mutex<(Option<Band<'p>>, Result<(), NativeError>)>;
    let slots: Vec<Slot<'_>> = bands.into_iter().map(|band| std::sync::Mutex::new((Some(band), Ok(())))).collect();
    let next = AtomicUsize::new(0);
    let take_bands = || {
        while let Some(slot) = slots.get(next.fetch_add(1, Ordering::Relaxed)) {
            let mut slot = slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some((top, rows, paired)) = slot.0.take() {
                slot.1 = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| draw_band(top, rows, paired)))
                    .unwrap_or_else(|_| Err(NativeError::InvalidArgument(panicked.to_owned())));
            }
        }
    };
    // The pool's threads outlive the frame. A thread spawned per band and frame made the resident memory of a
    // 10,000-frame soak wander: from frame 1,000 to 10,000 it grew by 1.3 to 2.9 MiB over ten runs, against 0.9
    // to 1.4 MiB over twelve with the pool. Frame times were the same within the noise.
    rayon::in_place_scope(|s| {
        for _ in 1..threads.min(slots.len()) {
            s.spawn(|_| take_bands());
        }
        if let Some(handed_out) = handed_out {
            handed_out.fetch_add(1, Ordering::Release);
        }
        take_bands();
    });
    slots.into_iter().try_for_each(|slot| slot.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner).1)
}

/// The longest a pool thread stays awake waiting for a frame's bands ([`Raster::wake_band_threads`]): longer than
/// a cold frame takes to record at the sizes the bench measures.
const STAY_AWAKE: Duration = Duration::from_millis(4);

/// Runs on a pool thread from the start of a frame: waits, awake, until `handed_out` has moved past `frame` (the
/// frame's other bands are on the pool) or `longest` ([`STAY_AWAKE`]) has passed, then takes the bands and
/// whatever else the pool holds. A pool thread with nothing to do goes to sleep, and a band handed to a sleeping thread waits for
/// it to wake: in a trace of cold 960x640 frames with 2 threads on this 2-vCPU VM, the second band started a
/// median 0.06 ms and up to 2.9 ms after the first; with the thread kept awake, 0.003 ms and at most 0.3 ms.
fn stay_awake_for_bands(handed_out: &AtomicU64, frame: u64, longest: Duration) {
    let deadline = Instant::now() + longest;
    while handed_out.load(Ordering::Acquire) == frame {
        if Instant::now() >= deadline {
            return;
        }
        // Work the frame hands out before its bands (the cards' layouts) is taken too. Between looks, only the
        // counter is read (one cache line nobody writes until the bands are out), so the wait takes nothing
        // from the thread recording the frame.
        if let Some(rayon::Yield::Executed) = rayon::yield_now() {
            continue;
        }
        for _ in 0..256 {
            std::hint::spin_loop();
        }
    }
    // The bands are on the pool: take them (and anything else there), then leave.
    while let Some(rayon::Yield::Executed) = rayon::yield_now() {}
}

/// The edges of `bands` bands of (about) equal height over `height` rows.
fn even_edges(height: usize, bands: usize) -> Vec<usize> {
    let bands = bands.clamp(1, height.max(1));
    (0..=bands).map(|i| i * height / bands).collect()
}

/// The estimated work of each of the frame's `height` rows, in nanoseconds: each op drawn in the bands spreads
/// its cost ([`op_cost`]) over the rows it covers, and every row costs its width once (the base's copy or the
/// clear). `in_place(i)` says whether the top-level layer at op `i` is drawn in place (its ops counted) or
/// blitted (its pixels counted); the ops before `from` are not drawn. The `stale` layers' content counts where
/// the layers lie (a band rasterizes the stale layers that lie in its rows).
#[allow(clippy::too_many_arguments)]
fn row_costs(
    list: &DisplayList,
    fonts: &FontBook,
    from: usize,
    in_place: &dyn Fn(usize) -> bool,
    stale: &[StaleLayer<'_>],
    mapping: Mapping,
    width: u32,
    height: usize,
) -> Vec<f64> {
    // Cost density changes per row, summed afterwards.
    let mut delta = vec![0.0f64; height + 1];
    // Copying a row into the base (a cold frame) or out of it: 0.45 ns a pixel.
    let row_cost = f64::from(width) * 0.45;
    delta[0] += row_cost;
    add_costs(list, fonts, from, in_place, (0.0, 0.0), None, mapping.scale, &mut delta);
    for (_, shape, content) in stale {
        let origin = ((shape.left + shape.frac_x) / shape.scale, (shape.top + shape.frac_y) / shape.scale);
        add_costs(content, fonts, 0, &|_| true, origin, None, mapping.scale, &mut delta);
    }
    let mut per_row = Vec::with_capacity(height);
    let mut density = 0.0;
    for d in &delta[..height] {
        density += d;
        per_row.push(density.max(0.0));
    }
    per_row
}

/// Estimated work per thread (ns) from which a frame is cut into [`BANDS_PER_THREAD`] bands per thread rather
/// than one: a cold 960x640 frame is about 5 ms of it, a settled one well under 1 ms.
const SPLIT_FROM_NS: f64 = 1.5e6;

/// The bands per thread of a frame with more than [`SPLIT_FROM_NS`] of work per thread, and their shares of a
/// thread's work: the larger handed out first, the smaller last, to whichever thread is free.
const BANDS_PER_THREAD: [f64; 3] = [1.0 / 2.0, 1.0 / 3.0, 1.0 / 6.0];

/// The shares of a frame's work (`total` estimated ns) its bands get, in the order they are handed out (and lie,
/// top to bottom), for `threads` threads taking them. Up to [`SPLIT_FROM_NS`] a thread, one equal share each.
/// Above it, each thread's share is cut in three, of half, a third and a sixth of it: the two vCPUs of this VM
/// often run at speeds 30 % apart for tens of frames, whichever thread is on the slow one, so two equal bands
/// ended 0.8 ms apart (median of 38 cold 960x640 frames); taken from one queue, the slower thread takes fewer of
/// the small bands. Each extra band costs its context and a replay of the list (sequentially, 6 bands of a
/// cold frame took 3 % longer than 2).
fn band_shares(total: f64, threads: usize) -> Vec<f64> {
    let threads = threads.max(1);
    if threads == 1 || total / (threads as f64) < SPLIT_FROM_NS {
        return vec![1.0 / threads as f64; threads];
    }
    BANDS_PER_THREAD.iter().flat_map(|share| std::iter::repeat_n(share / threads as f64, threads)).collect()
}

/// The edges of bands over the rows whose estimated work is `per_row` that take `shares` of it (fractions in
/// row order, summing to 1): band `i` is rows `edges[i]..edges[i + 1]`. No band is empty while there are rows
/// enough; with fewer rows than bands, even heights.
fn cut_bands(per_row: &[f64], shares: &[f64]) -> Vec<usize> {
    let (height, bands) = (per_row.len(), shares.len());
    if bands <= 1 || height < 2 * bands {
        return even_edges(height, bands);
    }
    let total: f64 = per_row.iter().sum();
    let mut cut_at = shares.iter().scan(0.0, |sum, share| {
        *sum += share * total;
        Some(*sum)
    });
    let mut next_cut = cut_at.next();
    let mut edges = vec![0];
    let mut sum = 0.0;
    for (y, cost) in per_row.iter().enumerate() {
        sum += cost;
        // Leave at least a row for each band still to cut.
        let rows_left = height - (y + 1);
        if let Some(cut) = next_cut
            && edges.len() < bands
            && (sum >= cut || rows_left < bands - edges.len() + 1)
            && y + 1 > edges[edges.len() - 1]
        {
            edges.push(y + 1);
            next_cut = cut_at.next();
        }
    }
    while edges.len() <= bands {
        edges.push(height);
    }
    edges[bands] = height;
    edges
}

/// Adds the cost of `list`'s ops from `from` on (its origin at `origin`, inside `clip` when given, both in list
/// pixels; scale `s`) to the per-row density changes `delta`. An op counts only the part of its bounds inside the
/// clips around it (a card's header band fills the card's whole rounded rect, clipped to the band).
#[allow(clippy::too_many_arguments)]
fn add_costs(
    list: &DisplayList,
    fonts: &FontBook,
    from: usize,
    in_place: &dyn Fn(usize) -> bool,
    origin: (f32, f32),
    clip: Option<Rect>,
    s: f32,
    delta: &mut [f64],
) {
    /// What a push saved: the translation or the clip before it.
    enum Saved {
        Translation((f32, f32)),
        Clip(Option<Rect>),
    }
    let rows = delta.len().saturating_sub(1) as f32;
    let mut stack: Vec<Saved> = Vec::new();
    let (mut t, mut clip) = (origin, clip);
    let within = |clip: Option<Rect>, r: Rect| match clip {
        Some(c) => c.intersection(r),
        None => Some(r),
    };
    for (i, op) in list.ops.iter().enumerate() {
        match op {
            Op::PushClip(r) => {
                stack.push(Saved::Clip(clip));
                let r = Rect::new(r.x + t.0, r.y + t.1, r.w, r.h);
                clip = Some(within(clip, r).unwrap_or_default());
            }
            Op::PushTranslate(dx, dy) => {
                stack.push(Saved::Translation(t));
                t = (t.0 + dx, t.1 + dy);
            }
            Op::PopClip | Op::PopTranslate => match stack.pop() {
                Some(Saved::Translation(previous)) => t = previous,
                Some(Saved::Clip(previous)) => clip = previous,
                None => {}
            },
            _ if i < from => {}
            Op::Layer { rect, content, .. } if in_place(i) => {
                let inner = (t.0 + rect.x, t.1 + rect.y);
                let layer_clip = within(clip, Rect::new(inner.0, inner.1, rect.w, rect.h)).unwrap_or_default();
                add_costs(content, fonts, 0, &|_| true, inner, Some(layer_clip), s, delta);
            }
            op => {
                let Some(b) = op_bounds(op, fonts) else { continue };
                let Some(b) = within(clip, Rect::new(b.x + t.0, b.y + t.1, b.w, b.h)) else { continue };
                let (y0, y1) = ((b.y * s).clamp(0.0, rows), (b.bottom() * s).clamp(0.0, rows));
                if y1 - y0 < 1.0 {
                    continue;
                }
                let per_row = op_cost(op, b, s) / f64::from(y1 - y0);
                delta[y0 as usize] += per_row;
                delta[y1 as usize] -= per_row;
            }
        }
    }
}

/// What drawing `op` with `bounds` (device pixels at scale `s`) costs, in nanoseconds of a cold frame on the
/// 2-core machine this was measured on (each op of 100 cold 960x640 frames timed by kind; see book record 8):
/// about 2 us a call, then 1.8 ns a pixel of solid paint and 4.1 of a gradient (fills of the box; a
/// filled path covers about 80 % of its box), 9 ns a pixel of a round rect's outline (13 when it was stroked;
/// it is filled as its ring now, x0.65 to x0.82 in `cargo bench -p goldberry --bench fills`), 0.85 us a command of a
/// stroked path (the stroker, not the pixels, is what costs), 0.34 us a glyph and 1.5 ns a pixel of a blit.
fn op_cost(op: &Op, bounds: Rect, s: f32) -> f64 {
    let (w, h) = (f64::from(bounds.w * s), f64::from(bounds.h * s));
    let per_pixel = |paint: &Paint| if matches!(paint, Paint::Solid(_)) { 1.8 } else { 4.1 };
    2000.0
        + match op {
            Op::FillRect { paint, .. } | Op::FillRoundRect { paint, .. } | Op::FillCircle { paint, .. } => {
                w * h * per_pixel(paint)
            }
            Op::FillPath { path, paint } => w * h * 0.8 * per_pixel(paint) + path.commands.len() as f64 * 50.0,
            Op::StrokeRoundRect { .. } => 2.0 * (w + h) * 9.0,
            Op::StrokePath { path, .. } => path.commands.len() as f64 * 850.0,
            Op::Glyphs { run, .. } => run.glyphs.len() as f64 * 340.0,
            Op::Layer { .. } => w * h * 1.5,
            Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => 0.0,
        }
}

/// Adds to `wants` the glyphs `list` will draw that `cache` lacks, with the list's origin at device `origin`
/// under a pure translation, following its translations as [`replay`] does. The layer at op `i` is followed into
/// when `in_place(i)` (drawn in place: inside a layer, or the base's when it is drawn) and skipped otherwise
/// (blitted), and skipped too when the cache already holds all its glyphs and run images at that place (its runs
/// are then only marked drawn); layers inside a followed one are always followed. The layers followed are added
/// to `wants` as well. The runs of a followed layer at op `i` with `base(i)`, and of everything inside it, are the
/// base's (see [`crate::glyph_cache`]'s `runs`): they are wanted as whole runs, and their keys added to
/// `base_runs` (the layer's, when this is a layer's content).
#[allow(clippy::too_many_arguments)]
fn collect_glyphs(
    cache: &GlyphCache,
    fonts: &FontBook,
    list: &DisplayList,
    origin: (f64, f64),
    in_place: &dyn Fn(usize) -> bool,
    base: &dyn Fn(usize) -> bool,
    mut base_runs: Option<&mut Vec<u64>>,
    wants: &mut Wants,
) {
    let mut stack: Vec<Option<(f64, f64)>> = Vec::new();
    let mut t = origin;
    for (i, op) in list.ops.iter().enumerate() {
        match op {
            Op::Glyphs { font, x, y, run, color } if !run.is_empty() => {
                let (x, y) = (f64::from(*x) + t.0, f64::from(*y) + t.1);
                match base_runs.as_deref_mut() {
                    Some(keys) => cache.collect_base_run(fonts, (*font, *color), x, y, run, wants, keys),
                    None => cache.collect(fonts, (*font, *color), x, y, run, &mut wants.glyphs),
                }
            }
            Op::PushClip(_) => stack.push(None),
            Op::PushTranslate(dx, dy) => {
                stack.push(Some(t));
                t = (t.0 + f64::from(*dx), t.1 + f64::from(*dy));
            }
            Op::PopClip | Op::PopTranslate => {
                if let Some(Some(previous)) = stack.pop() {
                    t = previous;
                }
            }
            Op::Layer { key, rect, version, content } if in_place(i) => {
                let inner = (t.0 + f64::from(rect.x), t.1 + f64::from(rect.y));
                let placed =
                    PlacedLayer { key: *key, version: *version, origin: (inner.0.to_bits(), inner.1.to_bits()) };
                if let Some(keys) = cache.complete_layer(&placed) {
                    wants.used_runs.extend_from_slice(keys);
                    continue;
                }
                let in_base = base_runs.is_some() || base(i);
                let mut keys = Vec::new();
                let layer_runs = in_base.then_some(&mut keys);
                collect_glyphs(cache, fonts, content, inner, &|_| true, &|_| in_base, layer_runs, wants);
                wants.layers.push((placed, keys));
            }
            _ => {}
        }
    }
}

/// Adds to `wants` the glyphs the `stale` layers draw that `cache` lacks (each layer drawn from its sub-pixel
/// origin; a scaled layer draws its runs directly, not from the cache).
fn collect_layer_glyphs(cache: &GlyphCache, fonts: &FontBook, stale: &[StaleLayer<'_>], wants: &mut Wants) {
    for (_, shape, content) in stale.iter().filter(|(_, shape, _)| shape.scale == 1.0) {
        let origin = (f64::from(shape.frac_x), f64::from(shape.frac_y));
        collect_glyphs(cache, fonts, content, origin, &|_| true, &|_| false, None, wants);
    }
}

/// Builds the Blend2D paths and gradients of `list`'s ops and their bounds (not those inside layers).
fn prepare(g: &'static Goldberry, fonts: &FontBook, list: &DisplayList) -> Result<Prepared, NativeError> {
    let n = list.ops.len();
    let mut prepared = Prepared {
        paths: Vec::with_capacity(n),
        gradients: Vec::with_capacity(n),
        bounds: Vec::with_capacity(n),
        layers: (0..n).map(|_| None).collect(),
    };
    for op in &list.ops {
        let (path, paint) = match op {
            Op::FillPath { path, paint } | Op::StrokePath { path, paint, .. } => (Some(&**path), Some(paint)),
            Op::FillRect { paint, .. }
            | Op::FillRoundRect { paint, .. }
            | Op::StrokeRoundRect { paint, .. }
            | Op::FillCircle { paint, .. } => (None, Some(paint)),
            _ => (None, None),
        };
        let path = match op {
            Op::StrokeRoundRect { rect, radius, stroke, .. } => Some(stroke_ring(g, *rect, *radius, *stroke)?),
            _ => path.map(|p| to_path(g, p)).transpose()?,
        };
        prepared.paths.push(path);
        prepared.gradients.push(paint.map(|p| to_gradient(g, p)).transpose()?.flatten());
        prepared.bounds.push(op_bounds(op, fonts));
    }
    Ok(prepared)
}

/// Where `op` can leave ink, in its list's pixels (before the translation in effect), with room for
/// anti-aliasing; `None` for the ops that only change state.
fn op_bounds(op: &Op, fonts: &FontBook) -> Option<Rect> {
    let grow = |r: Rect, d: f32| Rect::new(r.x - d, r.y - d, r.w + 2.0 * d, r.h + 2.0 * d);
    match op {
        Op::FillRect { rect, .. } | Op::FillRoundRect { rect, .. } => Some(grow(*rect, 1.0)),
        Op::StrokeRoundRect { rect, stroke, .. } => Some(grow(*rect, stroke.width / 2.0 + 1.0)),
        Op::FillCircle { cx, cy, r, .. } => Some(grow(Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r), 1.0)),
        Op::FillPath { path, .. } => path_bounds(path).map(|r| grow(r, 1.0)),
        // A mitred join reaches up to the miter limit (Blend2D's default: 4) times half the width.
        Op::StrokePath { path, stroke, .. } => path_bounds(path).map(|r| grow(r, 2.0 * stroke.width + 1.0)),
        Op::Glyphs { font, x, y, run, .. } => {
            let size = fonts.blend2d_font(*font).size();
            if run.units_per_em == 0 || !size.is_finite() {
                return None;
            }
            let advance: i64 = run.placements.iter().map(|p| i64::from(p.advance_x)).sum();
            let width = advance as f32 * size / run.units_per_em as f32;
            // Glyphs may reach past their advance and above the ascent (accents): an em of room on each side.
            Some(Rect::new(x - size, y - 1.5 * size, width.abs() + 2.0 * size, 2.5 * size))
        }
        Op::Layer { rect, .. } => Some(grow(*rect, 1.0)),
        Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => None,
    }
}

/// The box of a path's points (curves stay inside their control points' box); `None` for an empty path.
fn path_bounds(path: &PathData) -> Option<Rect> {
    let mut bounds: Option<(f32, f32, f32, f32)> = None;
    let mut add = |x: f32, y: f32| {
        bounds = Some(match bounds {
            None => (x, y, x, y),
            Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
        });
    };
    for command in &path.commands {
        match *command {
            PathCommand::MoveTo(x, y) | PathCommand::LineTo(x, y) => add(x, y),
            PathCommand::QuadTo(x1, y1, x, y) => {
                add(x1, y1);
                add(x, y);
            }
            PathCommand::CubicTo(x1, y1, x2, y2, x, y) => {
                add(x1, y1);
                add(x2, y2);
                add(x, y);
            }
            PathCommand::Close => {}
        }
    }
    bounds.map(|(x0, y0, x1, y1)| Rect::new(x0, y0, x1 - x0, y1 - y0))
}

/// The outline a stroke of `stroke` along the round rect `rect` (corner `radius`) covers, as a path to fill
/// with the even-odd rule: the round rect grown by half the width and the one shrunk by it. Offsetting a round
/// rect's outline gives round rects (a sharp corner's outer edge follows the join: square for a mitre, round
/// for a round join), so this is the stroke's own outline; filling it skips Blend2D's stroker, which each band
/// ran again for every outline crossing its rows (a card's border crosses two or three).
fn stroke_ring(g: &'static Goldberry, rect: Rect, radius: f32, stroke: Stroke) -> Result<bl::Path, NativeError> {
    let half = stroke.width / 2.0;
    let outer_radius = if radius > 0.0 || stroke.round { radius + half } else { 0.0 };
    let mut path = bl::Path::new(g)?;
    path.add_round_rect(bl_rect(rect.inset(-half)), f64::from(outer_radius))?;
    if rect.w > stroke.width && rect.h > stroke.width {
        path.add_round_rect(bl_rect(rect.inset(half)), f64::from((radius - half).max(0.0)))?;
    }
    Ok(path)
}

/// A Blend2D path from path data.
pub fn to_path(g: &'static Goldberry, data: &PathData) -> Result<bl::Path, NativeError> {
    let mut path = bl::Path::new(g)?;
    let f = f64::from;
    for command in &data.commands {
        match *command {
            PathCommand::MoveTo(x, y) => path.move_to(f(x), f(y))?,
            PathCommand::LineTo(x, y) => path.line_to(f(x), f(y))?,
            PathCommand::QuadTo(x1, y1, x, y) => path.quad_to(f(x1), f(y1), f(x), f(y))?,
            PathCommand::CubicTo(x1, y1, x2, y2, x, y) => path.cubic_to(f(x1), f(y1), f(x2), f(y2), f(x), f(y))?,
            PathCommand::Close => path.close()?,
        }
    }
    Ok(path)
}

/// The Blend2D gradient of a paint (`None` for a solid colour).
pub fn to_gradient(g: &'static Goldberry, paint: &Paint) -> Result<Option<Gradient>, NativeError> {
    let f = f64::from;
    let (mut gradient, stops) = match paint {
        Paint::Solid(_) => return Ok(None),
        Paint::Linear { x0, y0, x1, y1, stops } => (Gradient::linear(g, f(*x0), f(*y0), f(*x1), f(*y1))?, stops),
        Paint::Radial { cx, cy, r, stops } => (Gradient::radial(g, f(*cx), f(*cy), f(*cx), f(*cy), f(*r))?, stops),
    };
    for stop in stops {
        gradient.add_stop(f(stop.offset), Rgba32(stop.color.0))?;
    }
    Ok(Some(gradient))
}

fn bl_rect(r: Rect) -> bl::Rect {
    bl::Rect { x: f64::from(r.x), y: f64::from(r.y), w: f64::from(r.w), h: f64::from(r.h) }
}

/// What a replay tracks besides the context's own state: the pushes to undo and the translation in effect.
#[derive(Debug, Default)]
struct ReplayState {
    /// The translation before each open `PushTranslate` (`None` marks an open `PushClip`).
    stack: Vec<Option<(f32, f32)>>,
    translation: (f32, f32),
}

fn style<'a>(paint: &Paint, gradient: Option<&'a Gradient>) -> Style<'a> {
    match (paint, gradient) {
        (_, Some(gradient)) => Style::Gradient(gradient),
        (Paint::Solid(c), None) => Style::Solid(Rgba32(c.0)),
        // A gradient paint whose gradient was not built: transparent (prepare builds every one).
        (_, None) => Style::Solid(Rgba32(0)),
    }
}

fn set_stroke(
    ctx: &mut Context<'_>,
    stroke: Stroke,
    paint: &Paint,
    gradient: Option<&Gradient>,
) -> Result<(), NativeError> {
    ctx.set_stroke(&style(paint, gradient))?;
    ctx.set_stroke_width(f64::from(stroke.width))?;
    if stroke.round {
        ctx.set_stroke_caps(bl::StrokeCap::Round)?;
        ctx.set_stroke_join(bl::StrokeJoin::Round)?;
    } else {
        ctx.set_stroke_caps(bl::StrokeCap::Butt)?;
        ctx.set_stroke_join(bl::StrokeJoin::MiterClip)?;
    }
    Ok(())
}

impl Replayer<'_> {
    /// Whether an op with `bounds` (list pixels, under `translation`) can touch the visible pixels.
    fn may_draw(&self, bounds: Option<Rect>, translation: (f32, f32)) -> bool {
        let (Some(visible), Some(b)) = (self.visible, bounds) else { return true };
        let s = self.mapping.scale;
        let device = DeviceRect {
            x0: (b.x + translation.0) * s + self.offset.0,
            y0: (b.y + translation.1) * s + self.offset.1,
            x1: (b.right() + translation.0) * s + self.offset.0,
            y1: (b.bottom() + translation.1) * s + self.offset.1,
        };
        device.intersects(&visible)
    }
}

/// Replays the ops `range` of `list` on `ctx`, skipping those whose bounds miss the visible pixels. Top-level
/// layers the replayer's cache holds are blitted; others are drawn in place. Pushes left open stay open in
/// `state` (for the next range; [`close`] ends them).
fn replay(
    ctx: &mut Context<'_>,
    r: &Replayer<'_>,
    list: &DisplayList,
    prepared: &Prepared,
    range: Range<usize>,
    state: &mut ReplayState,
) -> Result<(), NativeError> {
    for (i, op) in list.ops.iter().enumerate().take(range.end).skip(range.start) {
        if apply_state(ctx, op, state)? || !r.may_draw(prepared.bounds.get(i).copied().flatten(), state.translation) {
            continue;
        }
        let gradient = prepared.gradients.get(i).and_then(Option::as_ref);
        match op {
            Op::FillRect { rect, paint } => {
                ctx.set_fill(&style(paint, gradient))?;
                ctx.fill_rect(bl_rect(*rect))?;
            }
            Op::FillRoundRect { rect, radius, paint } => {
                ctx.set_fill(&style(paint, gradient))?;
                ctx.fill_round_rect(bl_rect(*rect), f64::from(*radius))?;
            }
            Op::StrokeRoundRect { paint, .. } => {
                if let Some(Some(ring)) = prepared.paths.get(i) {
                    ctx.set_fill(&style(paint, gradient))?;
                    ctx.set_fill_rule(bl::FillRule::EvenOdd)?;
                    ctx.fill_path(ring)?;
                    ctx.set_fill_rule(bl::FillRule::NonZero)?;
                }
            }
            Op::FillCircle { cx, cy, r, paint } => {
                ctx.set_fill(&style(paint, gradient))?;
                ctx.fill_circle(f64::from(*cx), f64::from(*cy), f64::from(*r))?;
            }
            Op::FillPath { paint, .. } => {
                if let Some(Some(path)) = prepared.paths.get(i) {
                    ctx.set_fill(&style(paint, gradient))?;
                    ctx.fill_path(path)?;
                }
            }
            Op::StrokePath { stroke, paint, .. } => {
                if let Some(Some(path)) = prepared.paths.get(i) {
                    set_stroke(ctx, *stroke, paint, gradient)?;
                    ctx.stroke_path(path)?;
                }
            }
            Op::Glyphs { font, x, y, run, color } => {
                let (x, y) = (f64::from(*x), f64::from(*y));
                let cached = match r.glyphs {
                    Some(cache) if !run.is_empty() => cache.draw_run(ctx, r.fonts, (*font, *color), x, y, run)?,
                    _ => false,
                };
                if !run.is_empty() && !cached {
                    ctx.set_fill(&Style::Solid(Rgba32(color.0)))?;
                    ctx.fill_glyph_run(r.fonts.blend2d_font(*font), x, y, run)?;
                }
            }
            Op::Layer { key, rect, version, content } => {
                let shape = layer_shape(*rect, *version, state.translation, r.mapping.scale);
                let cached = r.layers.and_then(|l| l.get(key)).or_else(|| r.local.and_then(|l| l.get(key)));
                match (cached, shape) {
                    (_, None) => {}
                    (Some(cached), Some(shape)) if cached.shape.reusable_for(&shape) => {
                        // At the whole device pixel the layer starts in (see the module docs).
                        blit_device(ctx, r.mapping, (shape.left, shape.top), state.translation, &cached.image)?;
                    }
                    _ => {
                        // Not cached (the base's, or a layer inside a layer): draw the content in place.
                        let built;
                        let sub = match prepared.layers.get(i).and_then(Option::as_ref) {
                            Some(sub) => sub,
                            None => {
                                built = prepare(r.g, r.fonts, content)?;
                                &built
                            }
                        };
                        ctx.save()?;
                        ctx.clip_to_rect(bl_rect(*rect))?;
                        ctx.translate(f64::from(rect.x), f64::from(rect.y))?;
                        let mut inner = ReplayState {
                            stack: Vec::new(),
                            translation: (state.translation.0 + rect.x, state.translation.1 + rect.y),
                        };
                        let nested = Replayer { layers: None, local: None, ..*r };
                        replay(ctx, &nested, content, sub, 0..content.ops.len(), &mut inner)?;
                        close(ctx, &mut inner, 0)?;
                        ctx.restore()?;
                    }
                }
            }
            Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => {}
        }
    }
    Ok(())
}

/// Applies `op` to the context's state if it is a clip or a translation (and returns true), leaving drawing
/// ops alone (false).
fn apply_state(ctx: &mut Context<'_>, op: &Op, state: &mut ReplayState) -> Result<bool, NativeError> {
    match op {
        Op::PushClip(rect) => {
            ctx.save()?;
            ctx.clip_to_rect(bl_rect(*rect))?;
            state.stack.push(None);
        }
        Op::PushTranslate(dx, dy) => {
            ctx.save()?;
            ctx.translate(f64::from(*dx), f64::from(*dy))?;
            state.stack.push(Some(state.translation));
            state.translation = (state.translation.0 + dx, state.translation.1 + dy);
        }
        Op::PopClip | Op::PopTranslate => {
            if let Some(pushed) = state.stack.pop() {
                if let Some(t) = pushed {
                    state.translation = t;
                }
                ctx.restore()?;
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Replays only the clips and translations of the ops `range` of `list` (those of the base's run, whose
/// drawing the base holds).
fn replay_state_only(
    ctx: &mut Context<'_>,
    list: &DisplayList,
    range: Range<usize>,
    state: &mut ReplayState,
) -> Result<(), NativeError> {
    for op in list.ops.iter().take(range.end).skip(range.start) {
        apply_state(ctx, op, state)?;
    }
    Ok(())
}

/// Restores the pushes left open in `state` beyond `depth` (unbalanced at the end of a list), so that what
/// follows starts clean.
fn close(ctx: &mut Context<'_>, state: &mut ReplayState, depth: usize) -> Result<(), NativeError> {
    while state.stack.len() > depth {
        if let Some(Some(t)) = state.stack.pop() {
            state.translation = t;
        }
        ctx.restore()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::display_list::{Color, Stop};

    fn setup() -> (&'static Goldberry, FontBook) {
        let g = Goldberry::load(None).expect("libgoldberry");
        let fonts = FontBook::load(g).expect("fonts");
        (g, fonts)
    }

    fn pixel(fb: &FrameBuffer, x: u32, y: u32) -> [u8; 4] {
        let i = (y as usize * fb.width as usize + x as usize) * 4;
        [fb.pixels[i], fb.pixels[i + 1], fb.pixels[i + 2], fb.pixels[i + 3]]
    }

    fn card(color: Color) -> Arc<DisplayList> {
        let mut list = DisplayList::new();
        list.push(Op::FillRoundRect { rect: Rect::new(0.0, 0.0, 40.0, 30.0), radius: 6.0, paint: Paint::Solid(color) });
        list.push(Op::StrokePath {
            path: Arc::new(PathData {
                commands: vec![PathCommand::MoveTo(4.0, 25.0), PathCommand::CubicTo(10.0, 0.0, 25.0, 40.0, 36.0, 5.0)],
            }),
            stroke: Stroke { width: 2.0, round: true },
            paint: Paint::Solid(Color::rgb(255, 255, 255)),
        });
        Arc::new(list)
    }

    fn scene(version: u64, x: f32) -> DisplayList {
        let mut list = DisplayList::new();
        list.push(Op::FillRect {
            rect: Rect::new(0.0, 0.0, 120.0, 101.0),
            paint: Paint::Linear {
                x0: 0.0,
                y0: 0.0,
                x1: 0.0,
                y1: 101.0,
                stops: vec![
                    Stop { offset: 0.0, color: Color::rgb(10, 20, 40) },
                    Stop { offset: 1.0, color: Color::rgb(60, 20, 90) },
                ],
            },
        });
        list.push(Op::Layer {
            key: LayerKey(1),
            rect: Rect::new(x, 10.0, 40.0, 30.0),
            version,
            content: card(Color::rgb(200, 40, 40)),
        });
        list.push(Op::PushTranslate(0.0, 50.0));
        list.push(Op::Layer {
            key: LayerKey(2),
            rect: Rect::new(60.0, 0.5, 40.0, 30.0),
            version: 1,
            content: card(Color::rgb(40, 160, 60)),
        });
        list.push(Op::PopTranslate);
        list.push(Op::PushClip(Rect::new(0.0, 90.0, 60.0, 11.0)));
        list.push(Op::FillCircle { cx: 30.0, cy: 95.0, r: 20.0, paint: Paint::Solid(Color::rgb(250, 250, 0)) });
        list.push(Op::PopClip);
        list
    }

    /// One layer (key 1, `version`) at (`x`, 10) holding `text`.
    fn text_layer(fonts: &FontBook, version: u64, x: f32, text: &str) -> DisplayList {
        let font = fonts.id(crate::fonts::Face::Sans, 14.0);
        let mut content = DisplayList::new();
        content.push(Op::Glyphs {
            font,
            x: 2.0,
            y: 20.0,
            run: fonts.shape(font, text),
            color: Color::rgb(240, 240, 240),
        });
        let mut list = DisplayList::new();
        list.push(Op::Layer {
            key: LayerKey(1),
            rect: Rect::new(x, 10.0, 150.0, 30.0),
            version,
            content: Arc::new(content),
        });
        list
    }

    #[test]
    fn a_layer_drawn_again_changed_or_moved_has_its_glyphs_looked_up_again() {
        let (g, fonts) = setup();
        let mut raster = Raster::new(g, 1);
        let mut fb = FrameBuffer::new(200, 60);
        let mut cold = |list: &DisplayList| {
            raster.clear_layers();
            raster.render(list, &fonts, fb.target()).expect("render");
            raster.stats()
        };
        assert!(cold(&text_layer(&fonts, 1, 10.0, "Hello")).glyphs_cached >= 4);
        assert_eq!(cold(&text_layer(&fonts, 1, 10.0, "Hello")).glyphs_cached, 0, "all held");
        // A new version is new content: its new letters are cached before it is drawn.
        assert!(cold(&text_layer(&fonts, 2, 10.0, "World")).glyphs_cached >= 3);
        // The same layer a quarter pixel to the right: its glyphs at their new phases.
        assert!(cold(&text_layer(&fonts, 2, 10.25, "World")).glyphs_cached >= 3);
        let stats = cold(&text_layer(&fonts, 1, 10.0, "Hello"));
        assert_eq!((stats.base, stats.glyphs_cached), (BaseUse::Drawn, 0));
    }

    /// The same ops with every layer's content drawn in place.
    fn flattened(list: &DisplayList) -> DisplayList {
        let mut out = DisplayList::new();
        for op in &list.ops {
            match op {
                Op::Layer { rect, content, .. } => {
                    out.push(Op::PushTranslate(rect.x, rect.y));
                    out.ops.extend(content.ops.iter().cloned());
                    out.push(Op::PopTranslate);
                }
                op => out.push(op.clone()),
            }
        }
        out
    }

    fn max_diff(a: &FrameBuffer, b: &FrameBuffer) -> u8 {
        a.pixels
            .chunks_exact(4)
            .zip(b.pixels.chunks_exact(4))
            .flat_map(|(p, q)| (0..3).map(move |i| p[i].abs_diff(q[i])))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn layers_are_reused_until_they_change_and_evicted_when_unused() {
        let (g, fonts) = setup();
        let mut raster = Raster::new(g, 1);
        let mut fb = FrameBuffer::new(120, 101);
        raster.render(&scene(1, 10.0), &fonts, fb.target()).unwrap();
        assert_eq!((raster.stats().layers_rasterized, raster.stats().layers_reused), (2, 0));
        raster.render(&scene(1, 10.0), &fonts, fb.target()).unwrap();
        assert_eq!((raster.stats().layers_rasterized, raster.stats().layers_reused), (0, 2));
        // A move by whole pixels only moves the blit; a new version re-rasterizes that layer alone.
        raster.render(&scene(1, 12.0), &fonts, fb.target()).unwrap();
        assert_eq!(raster.stats().layers_rasterized, 0);
        raster.render(&scene(2, 12.0), &fonts, fb.target()).unwrap();
        assert_eq!((raster.stats().layers_rasterized, raster.stats().layers_reused), (1, 1));
        // A sub-pixel move changes the pixels: re-rasterized.
        raster.render(&scene(2, 12.25), &fonts, fb.target()).unwrap();
        assert_eq!(raster.stats().layers_rasterized, 1);
        let mut without = scene(2, 12.25);
        without.ops.remove(1);
        raster.render(&without, &fonts, fb.target()).unwrap();
        assert_eq!((raster.stats().layers_evicted, raster.layers.len()), (1, 1));
    }

    #[test]
    fn a_layer_rasterized_ahead_is_blitted_by_the_next_frame_as_it_would_have_been_drawn() {
        let (g, fonts) = setup();
        let list = scene(1, 10.25);
        // Layer 1 alone, where the frame will draw it.
        let mut ahead = list.clone();
        ahead.ops.retain(|op| matches!(op, Op::Layer { key: LayerKey(1), .. }));
        assert_eq!(ahead.ops.len(), 1);
        let (mut early, mut late) = (Raster::new(g, 2), Raster::new(g, 2));
        let (mut a, mut b) = (FrameBuffer::new(120, 101), FrameBuffer::new(120, 101));
        early.rasterize_layers_ahead(&ahead, &fonts, 1.0).unwrap();
        early.render(&list, &fonts, a.target()).unwrap();
        late.render(&list, &fonts, b.target()).unwrap();
        let stats = early.stats();
        assert_eq!((stats.layers_ahead, stats.layers_rasterized, stats.layers_reused), (1, 1, 1));
        assert_eq!(late.stats().layers_rasterized, 2);
        assert!(a.pixels == b.pixels, "the frame is the same either way");
        // A layer already cached is not rasterized again.
        early.rasterize_layers_ahead(&ahead, &fonts, 1.0).unwrap();
        early.render(&list, &fonts, a.target()).unwrap();
        assert_eq!((early.stats().layers_ahead, early.stats().layers_rasterized), (0, 0));
    }

    #[test]
    fn a_layer_looks_like_its_content_drawn_in_place() {
        let (g, fonts) = setup();
        for x in [10.0, 10.5, 11.3] {
            let list = scene(1, x);
            let mut layered = FrameBuffer::new(120, 101);
            let mut direct = FrameBuffer::new(120, 101);
            let mut raster = Raster::new(g, 1);
            raster.render(&list, &fonts, layered.target()).unwrap();
            raster.render(&flattened(&list), &fonts, direct.target()).unwrap();
            // Compositing a premultiplied layer rounds differently from drawing straight onto the frame.
            assert!(max_diff(&layered, &direct) <= 2, "x = {x}: {}", max_diff(&layered, &direct));
        }
    }

    #[test]
    fn solid_fills_land_exactly_and_clips_hold() {
        let (g, fonts) = setup();
        let mut fb = FrameBuffer::new(120, 101);
        let mut raster = Raster::new(g, 1);
        raster.render(&scene(1, 10.0), &fonts, fb.target()).unwrap();
        // Inside the red card, clear of the curve: B, G, R, X.
        assert_eq!(&pixel(&fb, 14, 36)[..3], &[40, 40, 200]);
        // The circle is clipped to y >= 90: yellow below, gradient above.
        assert_eq!(&pixel(&fb, 30, 95)[..3], &[0, 250, 250]);
        assert_ne!(&pixel(&fb, 30, 85)[..3], &[0, 250, 250]);
        // The translated layer: green at (60 + 20, 50 + 0.5 + 10).
        assert_eq!(pixel(&fb, 70, 60)[1], 160);
    }

    #[test]
    fn bands_equal_one_band_at_odd_heights() {
        let (g, fonts) = setup();
        let list = scene(1, 10.5);
        let mut one = FrameBuffer::new(120, 101);
        Raster::new(g, 1).render(&list, &fonts, one.target()).unwrap();
        for threads in [2, 3, 7] {
            let mut banded = FrameBuffer::new(120, 101);
            let mut raster = Raster::new(g, threads);
            raster.render(&list, &fonts, banded.target()).unwrap();
            assert_eq!(raster.stats().bands, threads);
            assert!(max_diff(&one, &banded) <= 1, "{threads} bands: {}", max_diff(&one, &banded));
            // Both layers were rasterized (by a band when they lie in its rows) and are reused next frame.
            assert_eq!(raster.stats().layers_rasterized, 2);
            raster.render(&list, &fonts, banded.target()).unwrap();
            assert_eq!((raster.stats().layers_rasterized, raster.stats().layers_reused), (0, 2));
            assert!(max_diff(&one, &banded) <= 1);
        }
    }

    /// `scene` led by a frame-covering layer (its background), so that its first ops are a run of layers.
    fn based_scene(version: u64, x: f32, color: Color) -> DisplayList {
        let mut list = scene(1, 10.0);
        let background = DisplayList { ops: vec![list.ops.remove(0)], opaque_lead: false };
        list.ops.insert(
            0,
            Op::Layer {
                key: LayerKey(9),
                rect: Rect::new(0.0, 0.0, 120.0, 101.0),
                version: 1,
                content: Arc::new(background),
            },
        );
        list.ops[1] =
            Op::Layer { key: LayerKey(1), rect: Rect::new(x, 10.0, 40.0, 30.0), version, content: card(color) };
        list
    }

    fn cold(g: &'static Goldberry, fonts: &FontBook, list: &DisplayList, threads: usize) -> FrameBuffer {
        let mut fb = FrameBuffer::new(120, 101);
        Raster::new(g, threads).render(list, fonts, fb.target()).unwrap();
        fb
    }

    #[test]
    fn leading_layers_become_the_base_on_the_cold_frame_and_are_copied_after() {
        let (g, fonts) = setup();
        let list = based_scene(1, 10.0, Color::rgb(200, 40, 40));
        let mut raster = Raster::new(g, 2);
        let mut fb = FrameBuffer::new(120, 101);
        raster.render(&list, &fonts, fb.target()).unwrap();
        // The background, the card, and the translated card after it.
        assert_eq!((raster.stats().base, raster.stats().layers_in_base), (BaseUse::Drawn, 3));
        assert_eq!(raster.stats().layers_rasterized, 0, "the base's layers are drawn in place, not into images");
        let first = fb.clone();
        fb.pixels.fill(0x55);
        raster.render(&list, &fonts, fb.target()).unwrap();
        assert_eq!((raster.stats().base, raster.stats().layers_in_base), (BaseUse::Copied, 3));
        assert_eq!(max_diff(&first, &fb), 0, "a copied base gives the cold frame's pixels exactly");
        // Drawn from scratch, drawn in 3 bands: the same within a level.
        assert!(max_diff(&first, &cold(g, &fonts, &list, 1)) <= 1);
        assert!(max_diff(&first, &cold(g, &fonts, &list, 3)) <= 1);
    }

    #[test]
    fn a_changed_base_layer_redraws_only_its_damage_and_matches_a_fresh_frame() {
        let (g, fonts) = setup();
        let mut raster = Raster::new(g, 2);
        let mut fb = FrameBuffer::new(120, 101);
        raster.render(&based_scene(1, 10.0, Color::rgb(200, 40, 40)), &fonts, fb.target()).unwrap();
        // A new version with new content, moved by a fraction of a pixel: its old and new boxes are redrawn.
        let changed = based_scene(2, 13.5, Color::rgb(40, 40, 200));
        raster.render(&changed, &fonts, fb.target()).unwrap();
        assert_eq!(raster.stats().base, BaseUse::Damaged(2));
        assert!(max_diff(&fb, &cold(g, &fonts, &changed, 1)) <= 1, "{}", max_diff(&fb, &cold(g, &fonts, &changed, 1)));
        raster.render(&changed, &fonts, fb.target()).unwrap();
        assert_eq!(raster.stats().base, BaseUse::Copied);
        // Another layer in the run: drawn again from scratch.
        let mut other = changed.clone();
        other.ops.remove(1);
        raster.render(&other, &fonts, fb.target()).unwrap();
        assert_eq!(raster.stats().base, BaseUse::Drawn);
        assert!(max_diff(&fb, &cold(g, &fonts, &other, 1)) <= 1);
    }

    #[test]
    fn bands_share_the_estimated_work_not_the_rows() {
        let (_, fonts) = setup();
        // Heavy fills in the top quarter, nothing below: the first of two bands is the shortest.
        let mut list = DisplayList::new();
        for _ in 0..20 {
            list.push(Op::FillRect {
                rect: Rect::new(0.0, 0.0, 400.0, 100.0),
                paint: Paint::Solid(Color::rgb(1, 2, 3)),
            });
        }
        let balanced = |from: usize, bands: usize| {
            let per_row = row_costs(&list, &fonts, from, &|_| false, &[], Mapping { scale: 1.0 }, 400, 400);
            cut_bands(&per_row, &vec![1.0 / bands as f64; bands])
        };
        let edges = balanced(0, 2);
        assert_eq!((edges[0], edges[2]), (0, 400));
        assert!(edges[1] < 100, "the heavy rows are split between the bands: {edges:?}");
        // Ops before `from` (in the base) cost nothing: even bands again, give or take the rounding.
        let edges = balanced(list.ops.len(), 2);
        assert!(edges[1].abs_diff(200) <= 1, "{edges:?}");
        // Never an empty band while there are rows enough.
        let edges = balanced(0, 7);
        assert!(edges.windows(2).all(|pair| pair[1] > pair[0]), "{edges:?}");
    }

    #[test]
    fn a_heavy_frame_is_cut_into_smaller_bands_handed_out_largest_first() {
        // Light work: one equal band a thread.
        assert_eq!(band_shares(1.0e6, 2), vec![0.5, 0.5]);
        assert_eq!(band_shares(9.0e6, 1), vec![1.0]);
        // Heavy: three a thread, of half, a third and a sixth of a thread's share, in handout order.
        let shares = band_shares(5.0e6, 2);
        assert_eq!(shares.len(), 6);
        assert!(shares.windows(2).all(|pair| pair[0] >= pair[1]), "{shares:?}");
        assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!((shares[0] - 0.25).abs() < 1e-9 && (shares[5] - 1.0 / 12.0).abs() < 1e-9, "{shares:?}");
        // Cut at those shares of evenly spread work: the bands' heights follow them.
        let edges = cut_bands(&[1.0; 1200], &shares);
        assert_eq!(edges, vec![0, 300, 600, 800, 1000, 1100, 1200]);
    }

    #[test]
    fn bands_are_taken_by_whichever_thread_is_free_and_each_drawn_once() {
        // Eight bands of 10 rows, two threads. A band the calling thread takes lasts until the pool thread has
        // drawn the seven others: whichever thread is free takes the next band. (The pool thread may also take all
        // eight before the caller asks for one.)
        let (stride, rows) = (4, 80);
        let mut pixels = vec![0u8; stride * rows];
        let edges: Vec<usize> = (0..=8).map(|i| i * 10).collect();
        let caller = std::thread::current().id();
        let (by_caller, by_pool) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let draw = |top: usize, band: &mut [u8], _: Option<&mut [u8]>| -> Result<(), NativeError> {
            if std::thread::current().id() == caller {
                by_caller.fetch_add(1, Ordering::Relaxed);
                let deadline = Instant::now() + Duration::from_secs(10);
                while by_pool.load(Ordering::Relaxed) < 7 && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_millis(1));
                }
            } else {
                by_pool.fetch_add(1, Ordering::Relaxed);
            }
            for byte in band.iter_mut() {
                *byte += 1 + (top / 10) as u8;
            }
            Ok(())
        };
        draw_bands(&mut pixels, None, stride, &edges, 2, None, &draw, "panicked").unwrap();
        for (y, row) in pixels.chunks(stride).enumerate() {
            assert!(row.iter().all(|&b| b as usize == 1 + y / 10), "row {y} drawn once by its band: {row:?}");
        }
        let (by_caller, by_pool) = (by_caller.into_inner(), by_pool.into_inner());
        assert!(by_caller <= 1 && by_caller + by_pool == 8, "caller {by_caller}, pool {by_pool}");
        // A failing band's error comes back, and the other bands are still drawn.
        let fail = |top: usize, band: &mut [u8], _: Option<&mut [u8]>| -> Result<(), NativeError> {
            band.fill(1);
            if top == 30 { Err(NativeError::InvalidArgument("band 30".to_owned())) } else { Ok(()) }
        };
        let mut pixels = vec![0u8; stride * rows];
        let err = draw_bands(&mut pixels, None, stride, &edges, 2, None, &fail, "panicked").unwrap_err();
        assert!(err.to_string().contains("band 30"), "{err}");
        assert!(pixels.iter().all(|&b| b == 1));
    }

    #[test]
    fn an_op_costs_only_the_rows_its_clip_lets_it_draw() {
        let (_, fonts) = setup();
        let mut list = DisplayList::new();
        list.push(Op::PushTranslate(0.0, 20.0));
        list.push(Op::PushClip(Rect::new(0.0, 0.0, 100.0, 10.0)));
        list.push(Op::FillRect { rect: Rect::new(0.0, 0.0, 100.0, 80.0), paint: Paint::Solid(Color::rgb(1, 2, 3)) });
        list.push(Op::PopClip);
        list.push(Op::PopTranslate);
        let mut delta = vec![0.0; 101];
        add_costs(&list, &fonts, 0, &|_| true, (0.0, 0.0), None, 1.0, &mut delta);
        let mut density = 0.0;
        let per_row: Vec<f64> = delta[..100]
            .iter()
            .map(|d| {
                density += d;
                density
            })
            .collect();
        // The fill's box reaches 1 px past its rect (anti-aliasing); the clip (rows 20 to 30) cuts it.
        assert!(per_row[..20].iter().chain(&per_row[30..]).all(|&c| c.abs() < 1e-6), "{per_row:?}");
        assert!(per_row[20..30].iter().all(|&c| c > 0.0), "{per_row:?}");
    }

    #[test]
    fn a_short_target_is_an_error() {
        let (g, fonts) = setup();
        let mut pixels = vec![0u8; 100];
        let target = Target { pixels: &mut pixels, width: 120, height: 101, stride: 480, scale: 1.0 };
        assert!(matches!(
            Raster::new(g, 2).render(&scene(1, 0.0), &fonts, target),
            Err(NativeError::InvalidArgument(_))
        ));
    }

    #[test]
    fn a_band_thread_kept_awake_leaves_once_the_bands_are_out_or_at_its_deadline() {
        let handed_out = AtomicU64::new(7);
        let long = Duration::from_secs(20);
        // Frame 6's bands are already out: it does not wait.
        let start = Instant::now();
        stay_awake_for_bands(&handed_out, 6, long);
        assert!(start.elapsed() < long / 2);
        // Frame 7's bands never come (the frame failed before its raster): it gives up at the deadline, not before.
        let start = Instant::now();
        stay_awake_for_bands(&handed_out, 7, STAY_AWAKE);
        assert!(start.elapsed() >= STAY_AWAKE);
        // They come from another thread while it waits.
        let start = Instant::now();
        std::thread::scope(|s| {
            let waiter = s.spawn(|| stay_awake_for_bands(&handed_out, 7, long));
            handed_out.fetch_add(1, Ordering::Release);
            waiter.join().expect("the waiter returns");
        });
        assert!(start.elapsed() < long / 2);
    }
}
