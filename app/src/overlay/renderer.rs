//! The inspector's view of the renderer over the frame (F3): the bands a frame was cut into and the thread that
//! drew each, the layers and what became of each (in the base, kept, drawn again), or a map of the glyph cache's
//! atlases and colour cells. What it shows is taken from the last frame observed ([`Seen::of`]).

use crate::display_list::{DisplayList, Op, Step, walk};
use crate::fonts::FontBook;
use crate::geom::{Color, Rect};
use crate::glyph_cache::colour::MAX_COLOUR_BYTES;
use crate::glyph_cache::{AtlasPage, MAX_ATLAS_BYTES, MAX_GLYPHS};
use crate::raster::{Drawer, LayerFate, Renderer};
use crate::ui::settings::Inspect;

use super::labels::Labels;
use super::outline;

/// A band's tint by the thread that drew it: the caller's, then the pool's in turn.
const THREAD_TINTS: [Color; 4] =
    [Color(0xe0_35_d0_ba), Color(0xe0_ff_9f_1c), Color(0xe0_9b_6b_ff), Color(0xe0_ff_4f_6d)];

/// A coverage cell's ink on the glyph-cache map, and a colour cell's box (magenta: apart at a glance).
const COVERAGE_CELL: Color = Color(0xc0_35_d0_ba);
const COLOUR_CELL: Color = Color(0xd0_e0_4a_d8);

/// How wide the colour cells' page is packed, in device pixels: about a coverage atlas's width at text sizes.
const COLOUR_PAGE_WIDTH: u32 = 256;

/// A layer's outline by its fate.
fn fate_color(fate: LayerFate) -> Color {
    match fate {
        LayerFate::InBase => Color(0xff_4f_8f_ff),
        LayerFate::Kept => Color(0xff_3c_d0_5a),
        LayerFate::Redrawn => Color(0xff_ff_4f_4f),
    }
}

fn fate_name(fate: LayerFate) -> &'static str {
    match fate {
        LayerFate::InBase => "base",
        LayerFate::Kept => "kept",
        LayerFate::Redrawn => "redrawn",
    }
}

/// One band in logical units: its top and bottom, and who drew it.
#[derive(Debug, Clone, PartialEq)]
struct Band {
    top: f32,
    bottom: f32,
    rows: (usize, usize),
    drawer: Option<Drawer>,
}

/// What the renderer did in the frame observed.
#[derive(Debug, Default)]
pub struct Seen {
    bands: Vec<Band>,
    layers: Vec<(Rect, LayerFate)>,
    atlas: (Vec<AtlasPage>, usize),
    cells: usize,
    /// The colour cells packed as one page, and their count and bytes.
    colour: (AtlasPage, usize, usize),
}

impl Seen {
    /// What `raster` did drawing `list` (the frame's list, its overlay left out) at `scale`.
    pub fn of(raster: &Renderer, list: &DisplayList, scale: f32) -> Seen {
        let s = scale.max(f32::MIN_POSITIVE);
        let edges = raster.band_edges();
        let drawers = raster.band_drawers();
        let bands = edges
            .windows(2)
            .filter(|e| e[1] > e[0])
            .map(|e| Band {
                top: e[0] as f32 / s,
                bottom: e[1] as f32 / s,
                rows: (e[0], e[1]),
                drawer: drawers.iter().find(|(top, _)| *top == e[0]).map(|(_, d)| *d),
            })
            .collect();
        let fates = raster.layer_fates();
        let end = list.overlay_from.unwrap_or(list.ops.len());
        let mut layers = Vec::new();
        for visit in walk(list).take(end) {
            let Step::Draw(Op::Layer { key, rect, .. }) = visit.step else { continue };
            let Some((_, fate)) = fates.iter().find(|(k, _)| k == key) else { continue };
            let (dx, dy) = visit.place.translation;
            layers.push((Rect::new(rect.x + dx, rect.y + dy, rect.w, rect.h), *fate));
        }
        let (count, bytes) = raster.colour_cells();
        let colour = (raster.colour_page(COLOUR_PAGE_WIDTH), count, bytes);
        Seen { bands, layers, atlas: raster.atlas_pages(), cells: raster.cached_glyphs(), colour }
    }

    /// The bands that drew rows, top first: each one's first row and the row after its last.
    pub fn band_rows(&self) -> Vec<(usize, usize)> {
        self.bands.iter().map(|b| b.rows).collect()
    }

    /// How many of the frame's layers (the overlay's own left out) met `fate`.
    pub fn layers_that(&self, fate: LayerFate) -> usize {
        self.layers.iter().filter(|(_, f)| *f == fate).count()
    }

    /// Records what `inspect` picks of it over a frame of `size` logical units.
    pub fn record(
        &self,
        inspect: Inspect,
        size: (f32, f32),
        labels: &mut Labels,
        fonts: &FontBook,
        list: &mut DisplayList,
    ) {
        match inspect {
            Inspect::Bands => self.bands(size, labels, fonts, list),
            Inspect::Layers => self.layers(labels, fonts, list),
            Inspect::GlyphCache => self.atlas(size, labels, fonts, list),
        }
    }

    fn bands(&self, size: (f32, f32), labels: &mut Labels, fonts: &FontBook, list: &mut DisplayList) {
        for (i, band) in self.bands.iter().enumerate() {
            let thread = match band.drawer {
                Some(Drawer::Caller) | None => 0,
                Some(Drawer::Pool(k)) => k + 1,
            };
            // A bar down the left edge in the thread's colour and a tick at the band's first row, not a tint or a
            // line across the frame: the bands move with every frame's damage, and the damage of marks across the
            // frame would be a box as large as the frame.
            let bar = Rect::new(0.0, band.top, 6.0, band.bottom - band.top);
            list.fill_rect(bar, THREAD_TINTS[thread % THREAD_TINTS.len()]);
            list.fill_rect(Rect::new(0.0, band.top, 40.0_f32.min(size.0), 2.0), Color(0xff_35_d0_ba));
            let who = match band.drawer {
                Some(Drawer::Caller) => "the frame's thread".to_owned(),
                Some(Drawer::Pool(k)) => format!("pool thread {k}"),
                None => "?".to_owned(),
            };
            let words = format!("band {i}: rows {}..{}, {who}", band.rows.0, band.rows.1);
            let at = labels.chip(&words, 12.0, band.top + 4.0, fonts);
            labels.draw(&words, at, None, fonts, list);
        }
    }

    fn layers(&self, labels: &mut Labels, fonts: &FontBook, list: &mut DisplayList) {
        for (rect, fate) in &self.layers {
            outline(list, *rect, 2.0, fate_color(*fate));
            let at = labels.chip(fate_name(*fate), rect.x + 3.0, rect.y + 3.0, fonts);
            // Named only where the word leaves most of the layer to be seen (not on a tab).
            if at.w * 3.0 <= rect.w && at.h * 2.0 <= rect.h {
                labels.draw(fate_name(*fate), at, Some(fate_color(*fate)), fonts, list);
            }
        }
    }

    /// The atlases in the frame's bottom-left corner, each cell's ink a dot of its box, then the colour cells as a
    /// page of their own in magenta, with the cache's counts.
    fn atlas(&self, size: (f32, f32), labels: &mut Labels, fonts: &FontBook, list: &mut DisplayList) {
        let (coverage, bytes) = &self.atlas;
        let (colour_page, colour, colour_bytes) = &self.colour;
        let mut words = format!(
            "glyph cache: {} of {MAX_GLYPHS} cells, {} atlases, {} of {} KiB",
            self.cells,
            coverage.len(),
            bytes / 1024,
            MAX_ATLAS_BYTES / 1024
        );
        if *colour > 0 {
            words += &format!("; colour cells: {colour}, {} of {} KiB", colour_bytes / 1024, MAX_COLOUR_BYTES / 1024);
        }
        let pages: Vec<(&AtlasPage, Color)> = coverage
            .iter()
            .map(|p| (p, COVERAGE_CELL))
            .chain((!colour_page.cells.is_empty()).then_some((colour_page, COLOUR_CELL)))
            .collect();
        // The atlases side by side in rows, in a box in the bottom-left corner, at the largest scale that fits.
        let margin = 12.0;
        let (width, height) = ((size.0 * 0.6).min(640.0), (size.1 / 3.0).min(180.0));
        let gap = 3.0;
        let flow = |k: f32| -> (Vec<Rect>, f32) {
            let (mut x, mut y, mut row_h, mut placed) = (0.0_f32, 0.0_f32, 0.0_f32, Vec::with_capacity(pages.len()));
            for (page, _) in &pages {
                let (w, h) = ((page.width as f32 * k).max(1.0), (page.height as f32 * k).max(1.0));
                if x > 0.0 && x + w > width {
                    (x, y, row_h) = (0.0, y + row_h + gap, 0.0);
                }
                placed.push(Rect::new(x, y, w, h));
                x += w + gap;
                row_h = row_h.max(h);
            }
            (placed, y + row_h)
        };
        let scales = [4.0, 3.0, 2.0, 1.5, 1.0, 0.75, 0.5, 0.35, 0.25, 0.15, 0.1];
        let (k, (placed, used)) = scales
            .iter()
            .map(|&k| (k, flow(k)))
            .find(|(_, (_, used))| *used <= height)
            .unwrap_or_else(|| (0.05, flow(0.05)));
        let top = size.1 - margin - used;
        for ((page, tint), at) in pages.iter().zip(&placed) {
            let frame = Rect::new(margin + at.x, top + at.y, at.w, at.h);
            list.fill_rect(frame, Color(0xe6_10_14_1c));
            for [cx, cy, cw, ch] in &page.cells {
                let (x0, y0) = (frame.x + *cx as f32 * k, frame.y + *cy as f32 * k);
                list.fill_rect(Rect::new(x0, y0, (*cw as f32 * k).max(0.5), (*ch as f32 * k).max(0.5)), *tint);
            }
        }
        let at = labels.chip(&words, margin, top - 20.0, fonts);
        labels.draw(&words, at, None, fonts, list);
    }
}
