//! The layer cache: every top-level [`Op::Layer`] outside the base kept as an offscreen PRGB32 image, keyed by
//! its [`LayerKey`], re-rasterized only when its version, pixel size, sub-pixel position or scale changes, and
//! evicted when a frame does not draw it. A layer is blitted at a whole device pixel: its content is drawn shifted
//! by the fraction of a pixel its rect starts at, so that the blit lands exactly where drawing it directly would
//! have. A stale layer inside one band's rows is rasterized by that band's thread before it draws; the others
//! before the bands start.

use goldberry_natives::blend2d::{Context, Image, PixelFormat, Rect};
use goldberry_natives::{Goldberry, NativeError};

use super::bands::{Schedule, draw_bands, even_edges};
use super::context::FrameContext;
use super::cuts::{Target, content_boxes, keep_boxes_whole};
use super::geom::{CachedLayer, DeviceRect, LayerImages, LayerShape, Mapping};
use super::prepare::prepare;
use super::replay::{Replayer, close, rows_view};
use super::stats::{LayerFate, RasterStats};
use crate::display_list::{DisplayList, LayerKey, Op, Place, Step, Walk, walk};
use crate::fonts::FontBook;
use crate::glyph_cache::GlyphCache;
use crate::render_error::RenderError;

/// A layer to rasterize this frame: its key, its shape and its content.
pub(super) type StaleLayer<'l> = (LayerKey, LayerShape, &'l DisplayList);

/// The retained layers (see the module docs).
#[derive(Debug, Default)]
pub(super) struct LayerCache {
    pub(super) images: LayerImages,
    /// Layers rasterized ahead of the next frame (reported in its stats).
    pub(super) ahead: usize,
    /// Their keys: the next frame counts them as redrawn.
    pub(super) ahead_keys: Vec<LayerKey>,
    /// What the last frame did with each top-level layer, by key (for the inspector's overlay).
    pub(super) fates: Vec<(LayerKey, LayerFate)>,
}

impl LayerCache {
    /// The top-level layers of `list` the cache lacks at `scale` (new, or changed).
    pub(super) fn missing<'l>(&self, list: &'l DisplayList, scale: f32) -> Vec<StaleLayer<'l>> {
        let mut stale = Vec::new();
        for visit in walk(list) {
            let Step::Draw(Op::Layer { key, rect, version, content }) = visit.step else { continue };
            let Some(shape) = LayerShape::of(*rect, *version, visit.place.translation, scale) else { continue };
            if !self.images.get(key).is_some_and(|cached| cached.shape.reusable_for(&shape)) {
                stale.push((*key, shape, &**content));
            }
        }
        stale
    }

    /// Brings the cache up to date with the frame's top-level layers after its leading run (those before are the
    /// base's): marks the reusable ones used, evicts those the frame does not draw, counts both in `stats`, and
    /// returns the stale ones (new or changed), to be rasterized.
    pub(super) fn update<'l>(&mut self, ctx: &FrameContext<'l>, stats: &mut RasterStats) -> Vec<StaleLayer<'l>> {
        for layer in self.images.values_mut() {
            layer.used = false;
        }
        let mut stale: Vec<StaleLayer<'_>> = Vec::new();
        let mut reused = 0;
        let ahead = std::mem::take(&mut self.ahead_keys);
        self.fates.clear();
        for visit in walk(ctx.list) {
            let Step::Draw(Op::Layer { key, rect, version, content }) = visit.step else { continue };
            if visit.index < ctx.lead_end {
                self.fates.push((*key, LayerFate::InBase));
                continue;
            }
            let Some(shape) = LayerShape::of(*rect, *version, visit.place.translation, ctx.mapping.scale) else {
                continue;
            };
            match self.images.get_mut(key) {
                Some(cached) if cached.shape.reusable_for(&shape) => {
                    if !cached.used {
                        reused += 1;
                    }
                    cached.used = true;
                    let fate = if ahead.contains(key) { LayerFate::Redrawn } else { LayerFate::Kept };
                    self.fates.push((*key, fate));
                }
                _ => {
                    if !stale.iter().any(|(k, ..)| k == key) {
                        stale.push((*key, shape, &**content));
                    }
                    self.fates.push((*key, LayerFate::Redrawn));
                }
            }
        }
        // Free what this frame replaces or no longer uses before allocating the new images, so that the allocator
        // can hand the same (already mapped) memory back instead of fresh pages to fault in (record 8).
        let is_stale = |key: &LayerKey| stale.iter().any(|(k, ..)| k == key);
        let evicted = self.images.iter().filter(|(key, layer)| !layer.used && !is_stale(key)).count();
        self.images.retain(|key, layer| layer.used && !is_stale(key));
        stats.layers_ahead = std::mem::take(&mut self.ahead);
        stats.layers_reused = reused;
        stats.layers_evicted = evicted;
        stale
    }

    /// Rasterizes the stale layers into images and keeps them; returns how many. One costing more than half a
    /// thread's fair share of the work is drawn in bands across every thread, the others spread across threads,
    /// longest first.
    pub(super) fn rasterize(
        &mut self,
        ctx: &FrameContext<'_>,
        glyphs: Option<&GlyphCache>,
        mut stale: Vec<StaleLayer<'_>>,
    ) -> Result<usize, RenderError> {
        if stale.is_empty() {
            return Ok(0);
        }
        let _span = tracing::info_span!("layers", stale = stale.len()).entered();
        let (g, fonts, threads) = (ctx.g, ctx.fonts, ctx.threads);
        let rasterize = |(key, shape, content): &StaleLayer<'_>| {
            rasterize_layer(g, content, fonts, glyphs, *shape, 1).map(|image| (*key, *shape, image))
        };
        let mut done: Vec<(LayerKey, LayerShape, Image)> = Vec::new();
        if threads > 1 {
            let total: f64 = stale.iter().map(layer_cost).sum();
            let share = total / threads as f64;
            let (big, rest): (Vec<_>, Vec<_>) = stale.into_iter().partition(|layer| layer_cost(layer) > share / 2.0);
            for (key, shape, content) in big {
                done.push((key, shape, rasterize_layer(g, content, fonts, glyphs, shape, threads)?));
            }
            stale = rest;
        }
        let spread: Vec<(LayerKey, LayerShape, Image)> = if threads > 1 && stale.len() > 1 {
            // Longest first onto the least loaded thread; the calling thread takes the first share.
            let mut order: Vec<usize> = (0..stale.len()).collect();
            order.sort_by(|&a, &b| layer_cost(&stale[b]).total_cmp(&layer_cost(&stale[a])));
            let mut shares: Vec<(f64, Vec<usize>)> = vec![(0.0, Vec::new()); threads.min(stale.len())];
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
                        Err(_) => all.push(Err(RenderError::ThreadPanicked("a layer thread"))),
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
        let count = done.len();
        for (key, shape, image) in done {
            self.images.insert(key, CachedLayer { shape, image, used: true });
        }
        Ok(count)
    }
}

/// The top row of the band of `edges` that holds every row of a layer at `shape` (`None`: it crosses an edge).
pub(super) fn band_of(shape: &LayerShape, edges: &[usize]) -> Option<usize> {
    let (top, bottom) = (shape.top.max(0.0) as usize, (shape.top + shape.height as f32).max(0.0) as usize);
    edges.windows(2).position(|pair| pair[0] <= top && bottom <= pair[1]).map(|band| edges[band])
}

/// Splits the stale layers into those inside one band's rows, which that band's thread rasterizes before it
/// draws, and the others, rasterized before the bands start (all of them when there is one band).
pub(super) fn split_by_band<'l>(
    stale: Vec<StaleLayer<'l>>,
    edges: &[usize],
) -> (Vec<StaleLayer<'l>>, Vec<StaleLayer<'l>>) {
    stale.into_iter().partition(|(_, shape, _)| edges.len() > 2 && band_of(shape, edges).is_some())
}

/// A guess of a layer's raster cost, to balance layers across threads: its pixels and its glyphs.
fn layer_cost((_, shape, content): &StaleLayer<'_>) -> f64 {
    f64::from(shape.width) * f64::from(shape.height) * 1e-6 + content.glyph_count() as f64 * 2e-3
}

/// Rasterizes a layer's content into a new transparent image of the layer's pixel size, split into `bands`
/// horizontal bands drawn at once by [`draw_bands`] (each by its own context over its rows of the image) when
/// `bands` is more than one: a layer that is most of a frame's work would otherwise keep one thread busy while
/// the others wait.
pub(super) fn rasterize_layer(
    g: &'static Goldberry,
    content: &DisplayList,
    fonts: &FontBook,
    glyphs: Option<&GlyphCache>,
    shape: LayerShape,
    bands: usize,
) -> Result<Image, RenderError> {
    let _span = tracing::debug_span!("layer", w = shape.width, h = shape.height, bands).entered();
    // `Image::new` hands back a cleared (transparent) image, so the layer is drawn straight into it.
    let mut image = Image::new(g, shape.width, shape.height, PixelFormat::Prgb32)?;
    let prepared = prepare(g, fonts, content)?;
    let mapping = Mapping { scale: shape.scale };
    // The walk's place holds the layer's rect as its clip, as a layer's in place does (the replay's choices, and
    // the band cut's boxes, follow it).
    let place = Place { clip: Some(crate::geom::Rect::new(0.0, 0.0, shape.size.0, shape.size.1)), ..Place::default() };
    // A band's context draws in the image's own coordinates (`rows_view`), so `top` only bounds what is visible.
    let draw = |ctx: &mut Context<'_>, top: usize, rows: usize| -> Result<(), NativeError> {
        ctx.translate(f64::from(shape.frac_x), f64::from(shape.frac_y))?;
        if shape.scale != 1.0 {
            ctx.scale(f64::from(shape.scale), f64::from(shape.scale))?;
        }
        // Clipped to the layer's rect, as a layer drawn in place is: the image's first and last columns and rows
        // hold parts of pixels outside it.
        ctx.clip_to_rect(Rect::new(0.0, 0.0, f64::from(shape.size.0), f64::from(shape.size.1)))?;
        // The layer's device pixels: its list pixels, scaled and shifted by the sub-pixel offset.
        let visible = DeviceRect { x0: 0.0, y0: top as f32, x1: shape.width as f32, y1: (top + rows) as f32 };
        let offset = (shape.frac_x, shape.frac_y);
        let replayer = Replayer {
            g,
            fonts,
            layers: None,
            local: None,
            glyphs,
            mapping,
            offset,
            visible: Some(visible),
            kinds: None,
        };
        let mut walk = Walk::new(content, place);
        replayer.replay(ctx, &prepared, &mut walk)?;
        close(ctx, &walk)
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
        let draw_band = |top: usize, band: &mut [u8], _: Option<&mut [u8]>| -> Result<(), RenderError> {
            // The last band ends with the last row's pixels, not its padding.
            let height = band.len().div_ceil(stride);
            let mut view = rows_view(g, band, top, width, stride, PixelFormat::Prgb32)?;
            let mut ctx = Context::begin_view(&mut view)?;
            draw(&mut ctx, top, height)?;
            Ok(ctx.end()?)
        };
        // Even bands, their edges kept off the content's sloped and curved edges as a frame's are (`super::cuts`).
        let mut edges = even_edges(shape.height as usize, bands);
        let target = Target {
            fonts,
            scale: shape.scale,
            offset: (shape.frac_x, shape.frac_y),
            size: (shape.width, shape.height as usize),
        };
        let mut boxes = Vec::new();
        content_boxes(&target, content, place, &mut boxes);
        keep_boxes_whole(&mut edges, &boxes);
        let schedule =
            Schedule { edges: &edges, stride, threads: bands, handed_out: None, threads_name: "a layer band thread" };
        draw_bands(&schedule, rows.data, None, &draw_band)?;
    }
    Ok(image)
}
