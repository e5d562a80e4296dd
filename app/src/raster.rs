//! Raster: replays a [`DisplayList`] through Blend2D, with retained layers and banded parallel raster.
//!
//! - **Retained layers**: every top-level [`Op::Layer`] is kept as an offscreen PRGB32 image keyed by its
//!   [`LayerKey`], re-rasterized only when its version, pixel size, sub-pixel position or scale changes, and
//!   blitted at a whole-pixel position otherwise (the content is drawn shifted by the rect's fractional part, so
//!   a blit lands exactly where drawing it directly would have). A layer not used in a frame is evicted. Stale
//!   layers are rasterized *before* the bands, in parallel across layers when there are several threads, so the
//!   band threads only read them.
//! - **The base**: the run of layers a list starts with (the scene's background, title bar and cards) is,
//!   once every one of them was reused unchanged, composited into one frame-sized image, opaque when the first
//!   layer covers the frame. Settled frames then start with one copy of it (`SRC_COPY` when opaque) instead of
//!   one blend per layer. Any change in that run drops the base; it is rebuilt on the next settled frame, so a
//!   cold frame never pays for it.
//! - **Bands**: with N threads the target's rows are split into N horizontal bands (disjoint `&mut [u8]`
//!   slices of the same pixels), each drawn by its own synchronous Blend2D context over an image view of its
//!   rows, translated by `-band_top`, replaying the same list on `std::thread::scope` threads. Paths and
//!   gradients of the list are built once per frame and shared read-only by the bands.
//!
//! The beta's own multi-threaded context is not used: it aborts at `blContextEnd` (see DESIGN.md, "A frame").

use std::collections::HashMap;
use std::time::{Duration, Instant};

use goldberry_natives::blend2d::{self as bl, CompOp, Context, Gradient, Image, ImageView, PixelFormat, Rgba32, Style};
use goldberry_natives::{Goldberry, NativeError};

use crate::display_list::{DisplayList, LayerKey, Op, Paint, PathCommand, PathData, Rect, Stroke};
use crate::fonts::FontBook;
use crate::glyph_cache::{GlyphCache, Wanted};

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

/// What the last frame's raster did with the layers.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RasterStats {
    /// Layers rasterized (new or changed).
    pub layers_rasterized: usize,
    /// Layers blitted from the cache unchanged.
    pub layers_reused: usize,
    /// Layers evicted because the frame did not use them.
    pub layers_evicted: usize,
    /// Leading layers drawn as one copy of the composited base (0: no base this frame).
    pub layers_in_base: usize,
    /// Bands drawn.
    pub bands: usize,
    /// Glyphs added to the glyph cache.
    pub glyphs_cached: usize,
    /// Time spent rasterizing stale layers (including the glyphs they add to the glyph cache).
    pub layers_time: Duration,
    /// Time spent adding glyphs to the glyph cache (for the layers and the bands).
    pub glyphs_time: Duration,
    /// Time spent compositing the base (zero unless it was rebuilt).
    pub base_time: Duration,
    /// Time spent replaying the list in the bands.
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

/// The leading layers of a list composited into one image (see the module docs).
#[derive(Debug)]
struct Base {
    items: Vec<BaseItem>,
    width: u32,
    height: u32,
    image: Image,
    opaque: bool,
}

/// The rasterizer: the retained layers and the thread count.
#[derive(Debug)]
pub struct Raster {
    g: &'static Goldberry,
    threads: usize,
    layers: HashMap<LayerKey, CachedLayer>,
    base: Option<Base>,
    glyphs: GlyphCache,
    use_glyph_cache: bool,
    stats: RasterStats,
}

/// Paths and gradients built from one list's ops, index for index; shared read-only by the bands.
#[derive(Debug, Default)]
struct Prepared {
    paths: Vec<Option<bl::Path>>,
    gradients: Vec<Option<Gradient>>,
}

/// Where layers are blitted and how the band context maps the list's pixels to its own.
#[derive(Debug, Clone, Copy)]
struct Mapping {
    scale: f32,
}

impl Raster {
    /// A rasterizer drawing with `threads` bands (at least 1).
    pub fn new(g: &'static Goldberry, threads: usize) -> Raster {
        Raster {
            g,
            threads: threads.max(1),
            layers: HashMap::new(),
            base: None,
            glyphs: GlyphCache::new(),
            use_glyph_cache: true,
            stats: RasterStats::default(),
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

    /// The number of glyphs in the glyph cache.
    pub fn cached_glyphs(&self) -> usize {
        self.glyphs.len()
    }

    /// What the last [`Raster::render`] did.
    pub fn stats(&self) -> RasterStats {
        self.stats
    }

    /// Drops every retained layer (the next frame is cold). The glyph cache stays: a glyph's pixels do not
    /// depend on the frame.
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
        let rasterized = self.update_layers(list, fonts, mapping)?;
        self.stats.layers_time = start.elapsed();
        let base_start = Instant::now();
        let (skip, in_base) = self.update_base(list, &rasterized, target.width, target.height, mapping, fonts)?;
        self.stats.base_time = base_start.elapsed();
        self.stats.layers_in_base = in_base;
        let bands_start = Instant::now();
        let base = self.base.as_ref().filter(|_| skip > 0);
        let prepared = prepare(self.g, list)?;
        if mapping.scale == 1.0 && self.use_glyph_cache {
            let mut missing = Vec::new();
            collect_glyphs(&self.glyphs, fonts, list, (0.0, 0.0), false, &mut missing);
            let (before, glyphs_start) = (self.glyphs.len(), Instant::now());
            self.glyphs.fill(self.g, fonts, missing, self.threads)?;
            self.stats.glyphs_cached += self.glyphs.len().saturating_sub(before);
            self.stats.glyphs_time += glyphs_start.elapsed();
        }
        let glyphs = &self.glyphs;
        let band_rows = height.div_ceil(self.threads).max(1);
        let bands = height.div_ceil(band_rows).max(1);
        self.stats.bands = bands;
        let layers = &self.layers;
        let g = self.g;
        let pixels = &mut target.pixels[..needed];
        let draw_band = |index: usize, rows: &mut [u8]| -> Result<(), NativeError> {
            let _span = tracing::info_span!("band", index).entered();
            let top = index * band_rows;
            let band_height = (rows.len() / stride) as u32;
            let mut view = ImageView::over_pixels(g, rows, width, band_height, stride, PixelFormat::Xrgb32)?;
            let mut ctx = Context::begin_view(&mut view)?;
            if top > 0 {
                ctx.translate(0.0, -(top as f64))?;
            }
            if mapping.scale != 1.0 {
                ctx.scale(f64::from(mapping.scale), f64::from(mapping.scale))?;
            }
            if let Some(base) = base {
                blit_device(&mut ctx, mapping, (0.0, 0.0), (0.0, 0.0), &base.image, base.opaque)?;
            }
            let mut state = ReplayState::default();
            replay(&mut ctx, g, list, skip, &prepared, fonts, Some(layers), Some(glyphs), mapping, &mut state)?;
            ctx.end()
        };
        draw_bands(pixels, band_rows * stride, &draw_band, "a raster band thread panicked")?;
        self.stats.bands_time = bands_start.elapsed();
        Ok(start.elapsed())
    }

    /// Brings the layer cache up to date with `list`'s top-level layers: rasterizes the stale ones (in parallel
    /// across layers when there are several threads) and evicts those the list does not use.
    fn update_layers(
        &mut self,
        list: &DisplayList,
        fonts: &FontBook,
        mapping: Mapping,
    ) -> Result<Vec<LayerKey>, NativeError> {
        let _span = tracing::info_span!("layers").entered();
        for layer in self.layers.values_mut() {
            layer.used = false;
        }
        let mut stale: Vec<(LayerKey, LayerShape, &DisplayList)> = Vec::new();
        let mut reused = 0;
        for_each_layer(list, |key, rect, version, content, (tx, ty)| {
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
        let g = self.g;
        let mut missing = Vec::new();
        for (_, shape, content) in stale.iter().filter(|(_, shape, _)| shape.scale == 1.0 && self.use_glyph_cache) {
            let origin = (f64::from(shape.frac_x), f64::from(shape.frac_y));
            collect_glyphs(&self.glyphs, fonts, content, origin, true, &mut missing);
        }
        let (before, glyphs_start) = (self.glyphs.len(), Instant::now());
        self.glyphs.fill(g, fonts, missing, self.threads)?;
        let (glyphs_cached, glyphs_time) = (self.glyphs.len().saturating_sub(before), glyphs_start.elapsed());
        let glyphs = &self.glyphs;
        let rasterize = |(key, shape, content): &(LayerKey, LayerShape, &DisplayList)| {
            rasterize_layer(g, content, fonts, glyphs, *shape, 1).map(|image| (*key, *shape, image))
        };
        // A layer costing more than half a thread's fair share of the stale work (the full-window background on a
        // cold frame) is rasterized first, in bands across every thread; the rest are spread across threads.
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
        let rasterized: Vec<LayerKey> = done.iter().map(|(key, ..)| *key).collect();
        for (key, shape, image) in done {
            self.layers.insert(key, CachedLayer { shape, image, used: true });
        }
        self.stats = RasterStats {
            layers_rasterized: rasterized.len(),
            layers_reused: reused,
            layers_evicted: evicted,
            glyphs_cached,
            glyphs_time,
            ..RasterStats::default()
        };
        Ok(rasterized)
    }

    /// Keeps the base (the list's leading layers in one image) up to date and returns how many leading ops it
    /// stands for and how many layers are in it ((0, 0): no base this frame). The leading ops are layers and
    /// the clips and translations around them, up to the last of those layers. The base is (re)built only when
    /// every one of its layers was reused unchanged this frame, never on a frame that rasterized one of them.
    fn update_base(
        &mut self,
        list: &DisplayList,
        rasterized: &[LayerKey],
        width: u32,
        height: u32,
        mapping: Mapping,
        fonts: &FontBook,
    ) -> Result<(usize, usize), NativeError> {
        let mut items: Vec<BaseItem> = Vec::new();
        let (mut end, mut count) = (0, 0);
        let mut stack: Vec<(f32, f32)> = Vec::new();
        let mut t = (0.0f32, 0.0f32);
        for (i, op) in list.ops.iter().enumerate() {
            match op {
                Op::Layer { key, rect, version, .. } => match layer_shape(*rect, *version, t, mapping.scale) {
                    Some(shape) if self.layers.get(key).is_some_and(|l| l.shape.reusable_for(&shape)) => {
                        items.push(BaseItem::Layer(*key, shape));
                        (end, count) = (i + 1, count + 1);
                    }
                    _ => break,
                },
                Op::PushClip(r) => items.push(BaseItem::Clip(*r)),
                Op::PushTranslate(dx, dy) => {
                    stack.push(t);
                    t = (t.0 + dx, t.1 + dy);
                    items.push(BaseItem::Translate(*dx, *dy));
                }
                Op::PopTranslate => {
                    t = stack.pop().unwrap_or((0.0, 0.0));
                    items.push(BaseItem::Pop);
                }
                Op::PopClip => items.push(BaseItem::Pop),
                _ => break,
            }
        }
        if let Some(last) = items.iter().rposition(|item| matches!(item, BaseItem::Layer(..))) {
            items.truncate(last + 1);
        }
        if count < 2 {
            self.base = None;
            return Ok((0, 0));
        }
        if let Some(base) = &self.base
            && base.items == items
            && (base.width, base.height) == (width, height)
        {
            return Ok((end, count));
        }
        self.base = None;
        if items.iter().any(|item| matches!(item, BaseItem::Layer(key, _) if rasterized.contains(key))) {
            return Ok((0, 0));
        }
        let _span = tracing::info_span!("base", layers = count).entered();
        let mut image = Image::new(self.g, width, height, PixelFormat::Prgb32)?;
        {
            let mut ctx = Context::begin(&mut image)?;
            ctx.set_comp_op(CompOp::SrcCopy)?;
            ctx.set_fill(&Style::Solid(Rgba32(0)))?;
            ctx.fill_all()?;
            ctx.set_comp_op(CompOp::SrcOver)?;
            if mapping.scale != 1.0 {
                ctx.scale(f64::from(mapping.scale), f64::from(mapping.scale))?;
            }
            let prefix = DisplayList { ops: list.ops[..end].to_vec() };
            let mut state = ReplayState::default();
            let none = Prepared::default();
            replay(&mut ctx, self.g, &prefix, 0, &none, fonts, Some(&self.layers), None, mapping, &mut state)?;
            ctx.end()?;
        }
        let opaque = {
            let rows = image.pixels()?;
            (0..rows.height).all(|y| rows.row(y).is_some_and(|row| row.chunks_exact(4).all(|px| px[3] == 0xff)))
        };
        self.base = Some(Base { items, width, height, image, opaque });
        Ok((end, count))
    }
}

/// A guess of a layer's raster cost, to balance layers across threads: its pixels and its glyphs.
fn layer_cost((_, shape, content): &(LayerKey, LayerShape, &DisplayList)) -> f64 {
    f64::from(shape.width) * f64::from(shape.height) * 1e-6 + content.glyph_count() as f64 * 2e-3
}

/// Blits `image` 1:1 whatever the scale with its top-left corner at device pixel `device`, the translation in
/// effect being `translation` (list pixels). `opaque` images are copied rather than blended.
fn blit_device(
    ctx: &mut Context<'_>,
    mapping: Mapping,
    device: (f32, f32),
    translation: (f32, f32),
    image: &Image,
    opaque: bool,
) -> Result<(), NativeError> {
    if opaque {
        ctx.set_comp_op(CompOp::SrcCopy)?;
    }
    // Under scale s and translation t a point p lands at s * (p + t); with the scale undone, at p + s * t.
    let s = f64::from(mapping.scale);
    let x = f64::from(device.0) - s * f64::from(translation.0);
    let y = f64::from(device.1) - s * f64::from(translation.1);
    if s != 1.0 {
        ctx.save()?;
        ctx.scale(1.0 / s, 1.0 / s)?;
        ctx.blit_image(x, y, image)?;
        ctx.restore()?;
    } else {
        ctx.blit_image(x, y, image)?;
    }
    if opaque {
        ctx.set_comp_op(CompOp::SrcOver)?;
    }
    Ok(())
}

/// Calls `f(key, rect, version, content, translation)` for each top-level layer of `list` (layers inside
/// layers are drawn inline with their parent's content), with the translation in effect where it is drawn.
fn for_each_layer<'l>(list: &'l DisplayList, mut f: impl FnMut(LayerKey, Rect, u64, &'l DisplayList, (f32, f32))) {
    let mut stack: Vec<(f32, f32)> = Vec::new();
    let mut t = (0.0f32, 0.0f32);
    for op in &list.ops {
        match op {
            Op::PushTranslate(dx, dy) => {
                stack.push(t);
                t = (t.0 + dx, t.1 + dy);
            }
            Op::PopTranslate => t = stack.pop().unwrap_or((0.0, 0.0)),
            Op::Layer { key, rect, version, content } => f(*key, *rect, *version, content, t),
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
/// horizontal bands drawn at once on scoped threads (each by its own context over its rows of the image) when
/// `bands` is more than one: a layer that is most of a cold frame's work (the full-window background) would
/// otherwise keep one thread busy while the others wait.
fn rasterize_layer(
    g: &'static Goldberry,
    content: &DisplayList,
    fonts: &FontBook,
    glyphs: &GlyphCache,
    shape: LayerShape,
    bands: usize,
) -> Result<Image, NativeError> {
    let _span = tracing::debug_span!("layer", w = shape.width, h = shape.height, bands).entered();
    // `Image::new` hands back a cleared (transparent) image, so the layer is drawn straight into it.
    let mut image = Image::new(g, shape.width, shape.height, PixelFormat::Prgb32)?;
    let prepared = prepare(g, content)?;
    let mapping = Mapping { scale: shape.scale };
    let draw = |ctx: &mut Context<'_>, top: usize| -> Result<(), NativeError> {
        if top > 0 {
            ctx.translate(0.0, -(top as f64))?;
        }
        ctx.translate(f64::from(shape.frac_x), f64::from(shape.frac_y))?;
        if shape.scale != 1.0 {
            ctx.scale(f64::from(shape.scale), f64::from(shape.scale))?;
        }
        let mut state = ReplayState::default();
        replay(ctx, g, content, 0, &prepared, fonts, None, Some(glyphs), mapping, &mut state)
    };
    let band_rows = (shape.height as usize).div_ceil(bands.max(1)).max(1);
    if bands <= 1 || band_rows >= shape.height as usize {
        let mut ctx = Context::begin(&mut image)?;
        draw(&mut ctx, 0)?;
        ctx.end()?;
        return Ok(image);
    }
    {
        let rows = image.pixels_mut()?;
        let (width, stride) = (rows.width, rows.stride);
        let draw_band = |index: usize, band: &mut [u8]| -> Result<(), NativeError> {
            let height = (band.len() / stride) as u32;
            let mut view = ImageView::over_pixels(g, band, width, height, stride, PixelFormat::Prgb32)?;
            let mut ctx = Context::begin_view(&mut view)?;
            draw(&mut ctx, index * band_rows)?;
            ctx.end()
        };
        draw_bands(rows.data, band_rows * stride, &draw_band, "a layer band thread panicked")?;
    }
    Ok(image)
}

/// Draws `pixels` in bands of `band_bytes` (whole rows): `draw_band(index, rows)` for each, the first on the
/// calling thread and the others on scoped threads at the same time. A single band is drawn in place. Every
/// band runs to its end; the first error (or a thread's panic, reported as `panicked`) is returned.
fn draw_bands<F>(pixels: &mut [u8], band_bytes: usize, draw_band: &F, panicked: &str) -> Result<(), NativeError>
where
    F: Fn(usize, &mut [u8]) -> Result<(), NativeError> + Sync,
{
    let mut chunks = pixels.chunks_mut(band_bytes.max(1)).enumerate();
    let Some((first_index, first_rows)) = chunks.next() else { return Ok(()) };
    let results: Vec<Result<(), NativeError>> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks.map(|(i, rows)| s.spawn(move || draw_band(i, rows))).collect();
        let mut results = vec![draw_band(first_index, first_rows)];
        for h in handles {
            results.push(h.join().unwrap_or_else(|_| Err(NativeError::InvalidArgument(panicked.to_owned()))));
        }
        results
    });
    results.into_iter().collect()
}

/// Adds to `missing` the glyphs `list` will draw that `cache` lacks, with the list's origin at device `origin`
/// under a pure translation, following its translations as [`replay`] does. Layers are followed into
/// (`inline_layers`, as inside a layer, where they are drawn in place) or skipped (at the top level, where they
/// are blitted).
fn collect_glyphs(
    cache: &GlyphCache,
    fonts: &FontBook,
    list: &DisplayList,
    origin: (f64, f64),
    inline_layers: bool,
    missing: &mut Vec<Wanted>,
) {
    let mut stack: Vec<Option<(f64, f64)>> = Vec::new();
    let mut t = origin;
    for op in &list.ops {
        match op {
            Op::Glyphs { font, x, y, run, color } if !run.is_empty() => {
                cache.collect(fonts, (*font, *color), f64::from(*x) + t.0, f64::from(*y) + t.1, run, missing);
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
            Op::Layer { rect, content, .. } if inline_layers => {
                let inner = (t.0 + f64::from(rect.x), t.1 + f64::from(rect.y));
                collect_glyphs(cache, fonts, content, inner, true, missing);
            }
            _ => {}
        }
    }
}

/// Builds the Blend2D paths and gradients of `list`'s ops (not those inside layers).
fn prepare(g: &'static Goldberry, list: &DisplayList) -> Result<Prepared, NativeError> {
    let mut prepared =
        Prepared { paths: Vec::with_capacity(list.ops.len()), gradients: Vec::with_capacity(list.ops.len()) };
    for op in &list.ops {
        let (path, paint) = match op {
            Op::FillPath { path, paint } | Op::StrokePath { path, paint, .. } => (Some(&**path), Some(paint)),
            Op::FillRect { paint, .. }
            | Op::FillRoundRect { paint, .. }
            | Op::StrokeRoundRect { paint, .. }
            | Op::FillCircle { paint, .. } => (None, Some(paint)),
            _ => (None, None),
        };
        prepared.paths.push(path.map(|p| to_path(g, p)).transpose()?);
        prepared.gradients.push(paint.map(|p| to_gradient(g, p)).transpose()?.flatten());
    }
    Ok(prepared)
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

/// Replays `list` on `ctx`. The layers among its first `in_base` ops are skipped (the base already holds
/// them; the clips and translations around them still apply). With `layers`, top-level layers are blitted from
/// the cache; without (inside a layer), they are drawn inline.
#[allow(clippy::too_many_arguments)]
fn replay(
    ctx: &mut Context<'_>,
    g: &'static Goldberry,
    list: &DisplayList,
    in_base: usize,
    prepared: &Prepared,
    fonts: &FontBook,
    layers: Option<&HashMap<LayerKey, CachedLayer>>,
    glyphs: Option<&GlyphCache>,
    mapping: Mapping,
    state: &mut ReplayState,
) -> Result<(), NativeError> {
    let depth = state.stack.len();
    for (i, op) in list.ops.iter().enumerate() {
        if i < in_base && matches!(op, Op::Layer { .. }) {
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
            Op::StrokeRoundRect { rect, radius, stroke, paint } => {
                set_stroke(ctx, *stroke, paint, gradient)?;
                ctx.stroke_round_rect(bl_rect(*rect), f64::from(*radius))?;
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
                let cached = match glyphs {
                    Some(cache) if !run.is_empty() => cache.draw_run(ctx, fonts, (*font, *color), x, y, run)?,
                    _ => false,
                };
                if !run.is_empty() && !cached {
                    ctx.set_fill(&Style::Solid(Rgba32(color.0)))?;
                    ctx.fill_glyph_run(fonts.blend2d_font(*font), x, y, run)?;
                }
            }
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
                if state.stack.len() > depth {
                    if let Some(Some(t)) = state.stack.pop() {
                        state.translation = t;
                    }
                    ctx.restore()?;
                }
            }
            Op::Layer { key, rect, version, content } => {
                let cached = layers.and_then(|l| l.get(key));
                let shape = layer_shape(*rect, *version, state.translation, mapping.scale);
                match (cached, shape) {
                    (Some(cached), Some(shape)) if cached.shape.reusable_for(&shape) => {
                        // At the whole device pixel the layer starts in (see the module docs).
                        blit_device(ctx, mapping, (shape.left, shape.top), state.translation, &cached.image, false)?;
                    }
                    (_, None) => {}
                    _ => {
                        // Not cached (a layer inside a layer): draw the content in place.
                        ctx.save()?;
                        ctx.clip_to_rect(bl_rect(*rect))?;
                        ctx.translate(f64::from(rect.x), f64::from(rect.y))?;
                        let sub = prepare(g, content)?;
                        let mut inner = ReplayState {
                            stack: Vec::new(),
                            translation: (state.translation.0 + rect.x, state.translation.1 + rect.y),
                        };
                        replay(ctx, g, content, 0, &sub, fonts, None, glyphs, mapping, &mut inner)?;
                        ctx.restore()?;
                    }
                }
            }
        }
    }
    // Unbalanced pushes at the end of the list: restore them so the next list starts clean.
    while state.stack.len() > depth {
        state.stack.pop();
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
        }
    }

    #[test]
    fn leading_layers_become_one_base_once_settled() {
        let (g, fonts) = setup();
        let mut list = scene(1, 10.0);
        // Lead with a frame-covering opaque layer and the card, so they form the base; clip the rest.
        let background = DisplayList { ops: vec![list.ops.remove(0)] };
        list.ops.insert(
            0,
            Op::Layer {
                key: LayerKey(9),
                rect: Rect::new(0.0, 0.0, 120.0, 101.0),
                version: 1,
                content: Arc::new(background),
            },
        );
        let mut raster = Raster::new(g, 2);
        let mut fb = FrameBuffer::new(120, 101);
        raster.render(&list, &fonts, fb.target()).unwrap();
        assert_eq!(raster.stats().layers_in_base, 0, "a cold frame builds no base");
        let cold = fb.clone();
        raster.render(&list, &fonts, fb.target()).unwrap();
        // The background, the card, and the translated card after it.
        assert_eq!(raster.stats().layers_in_base, 3);
        assert!(raster.base.as_ref().is_some_and(|b| b.opaque));
        raster.render(&list, &fonts, fb.target()).unwrap();
        assert_eq!(raster.stats().layers_in_base, 3);
        assert!(max_diff(&cold, &fb) <= 1, "{}", max_diff(&cold, &fb));
        // A change in the run drops the base for that frame.
        if let Op::Layer { version, .. } = &mut list.ops[1] {
            *version = 2;
        }
        raster.render(&list, &fonts, fb.target()).unwrap();
        assert_eq!(raster.stats().layers_in_base, 0);
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
}
