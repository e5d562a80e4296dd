//! Glyph collection: a walk over the list a frame is about to draw that adds to [`Wants`] every glyph it will
//! draw that the cache lacks, and the base's runs, so that [`GlyphCache::fill`] adds them all before the parallel
//! work starts.

use std::sync::Arc;

use goldberry_natives::glyphs::GlyphRun;

use super::runs::{MIN_GLYPHS, RunKey, WantedRun};
use super::{GlyphCache, Pen, PlacedLayer, Wants};
use crate::display_list::{DisplayList, Op, OpKind, Place, Step, Walk};
use crate::fonts::FontBook;
use crate::geom::{Color, FontId, PixelRect};

/// Whether `op` is the glyph run the X-ray watches ([`super::watch`]).
fn is_watched(op: &Op) -> bool {
    matches!(op, Op::Glyphs { font, run, .. } if super::watch::is_watched(*font, run))
}

/// How a frame draws a layer, as far as its glyphs go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayerGlyphs {
    /// Blitted from an image: it draws no glyph.
    Blitted,
    /// Drawn in place: its glyphs are looked up.
    InPlace,
    /// Drawn in place into the base: its runs are the base's ([`super::runs`]), looked up whole.
    InBase,
}

/// Looks up what a frame draws in `cache` and adds what it lacks to `wants`.
#[derive(Debug)]
pub struct Collector<'a> {
    cache: &'a GlyphCache,
    fonts: &'a FontBook,
    wants: &'a mut Wants,
    /// Device pixels a unit: the frame's scale.
    scale: f64,
    /// The device pixels the frame draws, when it draws only some: an op that cannot reach them is not looked up
    /// (`None`: every op is).
    visible: Option<&'a [PixelRect]>,
    /// How many ops the walk left out for lying outside `visible`: a layer with one left out is not known whole.
    left_out: usize,
}

impl<'a> Collector<'a> {
    /// A collector adding to `wants` what `cache` lacks for a frame drawn at `scale` device pixels a unit.
    pub fn new(cache: &'a GlyphCache, fonts: &'a FontBook, scale: f32, wants: &'a mut Wants) -> Collector<'a> {
        Collector { cache, fonts, wants, scale: f64::from(scale), visible: None, left_out: 0 }
    }

    /// Has [`Collector::list`] look up only the ops that may reach `rects` (device pixels): a frame drawn only
    /// there draws no other (a hover damages a fraction of a percent of the window, and the base's runs were
    /// most of its lookup, record 28). Such a lookup is partial ([`Wants::partial`]).
    pub fn only_in(mut self, rects: &'a [PixelRect]) -> Collector<'a> {
        self.visible = Some(rects);
        self.wants.partial = true;
        self
    }

    /// Whether `op` at `place` (then `offset` device pixels) may draw in the visible pixels; counts it left out
    /// when not.
    fn reaches(&mut self, op: &Op, place: &Place, offset: (f64, f64)) -> bool {
        let Some(rects) = self.visible else { return true };
        let Some(bounds) = op.bounds(|f| self.fonts.blend2d_font(f).size()) else { return true };
        let offset = (offset.0 as f32, offset.1 as f32);
        let reaches = place.may_reach(bounds, self.scale as f32, offset, rects);
        self.left_out += usize::from(!reaches);
        reaches
    }

    /// Adds the glyphs `list` will draw (its origin at device (0, 0), under the scale and translations only),
    /// following its translations as a replay does. `layer(i)` says how the top-level layer at op `i` is drawn; layers inside a
    /// followed one are drawn in place (in the base when it is). A layer drawn in place whose glyphs and run
    /// images the cache already holds at that place is not looked up (its runs are only marked drawn); the
    /// others are added to `wants.layers`.
    pub fn list(&mut self, list: &DisplayList, layer: &dyn Fn(usize) -> LayerGlyphs) {
        self.walk(list, (Place::default(), (0.0, 0.0)), layer, None);
    }

    /// Adds the glyphs a layer's `content` will draw into its own image, from device `origin` (its sub-pixel
    /// offset).
    pub fn layer_content(&mut self, content: &DisplayList, origin: (f64, f64)) {
        // At 1x the origin is summed into the translation first, as the layer's context sums it; at another scale
        // it is added after the scale, as there.
        let start = if self.scale == 1.0 {
            (Place { translation_f64: origin, ..Place::default() }, (0.0, 0.0))
        } else {
            (Place::default(), origin)
        };
        self.walk(content, start, &|_| LayerGlyphs::InPlace, None);
    }

    /// The device pixel of list point (`x`, `y`) under translation `t` (units) and then `offset` (device pixels).
    fn device(&self, (x, y): (f32, f32), t: (f64, f64), offset: (f64, f64)) -> (f64, f64) {
        let s = self.scale;
        (f64::from(x) * s + (offset.0 + s * t.0), f64::from(y) * s + (offset.1 + s * t.1))
    }

    /// Looks up a run of the base like [`GlyphCache::collect`]; also adds the run to `wants.runs` when it has
    /// [`MIN_GLYPHS`] or more, and its key to `keys` (the runs of the layer being looked up).
    pub fn base_run(&mut self, glyph: (FontId, Color), x: f64, y: f64, run: &Arc<GlyphRun>, keys: &mut Vec<u64>) {
        let (cache, fonts) = (self.cache, self.fonts);
        let scale = self.scale;
        if !super::caches(fonts, glyph.0, scale) {
            return;
        }
        let pen = Pen { glyph, scale, x, y, run };
        if run.len() < MIN_GLYPHS {
            cache.collect(fonts, pen, &mut self.wants.glyphs);
            return;
        }
        let Some(key) = RunKey::of(fonts, pen) else { return };
        let key = key.finish();
        keys.push(key);
        // A run with an image draws no glyph: its cells are not looked up; nor are those of a run known held.
        if cache.runs.get(key).is_some() {
            if super::watch::is_watched(glyph.0, run) {
                super::watch::answer(vec![super::watch::Source::RunImage; run.len()]);
            }
        } else if cache.holds_run(key) {
            if super::watch::is_watched(glyph.0, run) {
                super::watch::answer(vec![super::watch::Source::Held; run.len()]);
            }
        } else {
            let before = self.wants.glyphs.len();
            cache.collect(fonts, pen, &mut self.wants.glyphs);
            if self.wants.glyphs.len() == before {
                self.wants.held_runs.0.push(key);
                self.wants.held_runs.1 = cache.forgotten;
            }
        }
        self.wants.runs.push(WantedRun { key, glyph, scale, origin: (x, y), run: Arc::clone(run) });
    }

    /// [`Collector::list`] from `origin` (a place, then device pixels added after the scale); `base_runs`
    /// collects the keys of the base's runs when this is the content of a layer in the base.
    fn walk(
        &mut self,
        list: &DisplayList,
        (origin, offset): (Place, (f64, f64)),
        layer: &dyn Fn(usize) -> LayerGlyphs,
        mut base_runs: Option<&mut Vec<u64>>,
    ) {
        for visit in Walk::new(list, origin) {
            let Step::Draw(op) = visit.step else { continue };
            let t = visit.place.translation_f64;
            // By kind, so that a new shape or state op is decided in `Op::kind` and not here.
            match op.kind() {
                // The X-ray's run is looked up wherever it lies: the X-ray says what the cache held when a frame
                // last looked it up.
                OpKind::Glyphs if self.reaches(op, &visit.place, offset) || is_watched(op) => {
                    self.run(op, t, offset, base_runs.as_deref_mut())
                }
                OpKind::Layer => {
                    let drawn = layer(visit.index);
                    // While the X-ray shows, its run may lie in any layer drawn in place.
                    let looked_at =
                        drawn != LayerGlyphs::Blitted && (self.reaches(op, &visit.place, offset) || super::watch::on());
                    if looked_at {
                        self.layer(op, visit.place, offset, drawn, base_runs.is_some());
                    }
                }
                OpKind::Glyphs | OpKind::Shape | OpKind::State => {}
            }
        }
    }

    /// Collects the glyphs of the glyph run `op` under translation `t` (units) and then `offset` (device pixels); a
    /// run of the base adds its key to `base_runs`. An empty run draws no glyph.
    fn run(&mut self, op: &Op, t: (f64, f64), offset: (f64, f64), base_runs: Option<&mut Vec<u64>>) {
        let Op::Glyphs { font, x, y, run, color } = op else { return };
        if run.is_empty() {
            return;
        }
        let (x, y) = self.device((*x, *y), t, offset);
        if self.fonts.is_colour(*font) {
            let pen = Pen { glyph: (*font, *color), scale: self.scale, x, y, run };
            self.cache.collect_colour(self.fonts, pen, &mut self.wants.colour);
            return;
        }
        match base_runs {
            Some(keys) => self.base_run((*font, *color), x, y, run, keys),
            None => {
                let pen = Pen { glyph: (*font, *color), scale: self.scale, x, y, run };
                self.cache.collect(self.fonts, pen, &mut self.wants.glyphs)
            }
        }
    }

    /// Collects what the layer `op` at `place` holds, unless it is `drawn` from its image or the cache has all of
    /// it; `in_base` when the list it is in is the content of a layer in the base.
    fn layer(&mut self, op: &Op, place: Place, offset: (f64, f64), drawn: LayerGlyphs, in_base: bool) {
        let Op::Layer { key, rect, version, content } = op else { return };
        if drawn == LayerGlyphs::Blitted {
            return;
        }
        let inner = place.inside(*rect);
        let corner = self.device((0.0, 0.0), inner.translation_f64, offset);
        let origin = (corner.0.to_bits(), corner.1.to_bits());
        let placed = PlacedLayer { key: *key, version: *version, origin, scale: self.scale.to_bits() };
        if let Some(keys) = self.cache.complete_layer(&placed) {
            self.wants.used_runs.extend_from_slice(keys);
            return;
        }
        let in_base = in_base || drawn == LayerGlyphs::InBase;
        let mut keys = Vec::new();
        let inside = if in_base { LayerGlyphs::InBase } else { LayerGlyphs::InPlace };
        let left_out = self.left_out;
        self.walk(content, (inner, offset), &|_| inside, in_base.then_some(&mut keys));
        // A layer looked up in part is not known whole: its other runs were not looked at.
        if self.left_out == left_out {
            self.wants.layers.push((placed, keys));
        }
    }
}
