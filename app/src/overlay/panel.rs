//! The inspector's panel (F3): what the renderer did in the last frame it drew, in words, under the HUD, beside
//! the overlay's marks. The controls screen's radio group picks what it shows: the bands the frame was cut into,
//! the retained layers and what became of each kind, or the glyph cache. A panel of its own layer, recorded again
//! only when its words change, so a settled frame draws nothing new for it.

use std::sync::Arc;

use crate::display_list::{DisplayList, LayerKey};
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId, Rect};
use crate::hud::Corner;
use crate::raster::{BaseUse, LayerFate, Renderer};

use super::renderer::Seen;
use crate::ui::settings::Inspect;

/// The key of the inspector's layer ("INS").
const INSPECTOR_LAYER: LayerKey = LayerKey(0x494e_5300_0000_0001);

const FONT_PX: f32 = 11.0;
const LINE_H: f32 = 15.0;
const PAD: f32 = 8.0;
const WIDTH: f32 = 300.0;

/// The inspector's panel (see the module docs).
#[derive(Debug)]
pub struct Inspector {
    font: FontId,
    /// The words shown and their layer's version.
    shown: Option<(Vec<String>, u64)>,
    content: Option<Arc<DisplayList>>,
}

impl Inspector {
    /// An inspector writing in JetBrains Mono from `fonts`.
    pub fn new(fonts: &FontBook) -> Inspector {
        Inspector { font: fonts.id(Face::Mono, FONT_PX), shown: None, content: None }
    }

    /// Records the panel with `lines` into `list`, under the HUD's panel `hud`, on the side it stands.
    pub fn record(
        &mut self,
        lines: &[String],
        fonts: &FontBook,
        (hud, corner): (Rect, Corner),
        list: &mut DisplayList,
    ) {
        if self.shown.as_ref().is_none_or(|(shown, _)| shown != lines) {
            let version = self.shown.as_ref().map_or(1, |(_, v)| v + 1);
            self.content = Some(Arc::new(self.panel(lines, fonts)));
            self.shown = Some((lines.to_vec(), version));
        }
        let h = 2.0 * PAD + LINE_H * lines.len() as f32;
        // Flush with the HUD's outer side: its right edge in the top-right corner, its left one in the top-left.
        let x = match corner {
            Corner::TopRight => hud.right() - WIDTH,
            Corner::TopLeft => hud.x,
        };
        let rect = Rect::new(x, hud.bottom() + 8.0, WIDTH, h);
        if let (Some(content), Some((_, version))) = (&self.content, &self.shown) {
            list.layer(INSPECTOR_LAYER, rect, *version, Arc::clone(content));
        }
    }

    fn panel(&self, lines: &[String], fonts: &FontBook) -> DisplayList {
        let mut list = DisplayList::new();
        let r = Rect::new(0.0, 0.0, WIDTH, 2.0 * PAD + LINE_H * lines.len() as f32);
        list.fill_round_rect(r, 8.0, Color(0xec_10_14_1c));
        list.hairline(r, 8.0, Color(0x60_35_d0_ba));
        for (i, line) in lines.iter().enumerate() {
            let run = fonts.compose(self.font, line);
            let y = PAD + LINE_H * i as f32 + FONT_PX * 0.9;
            let color = if i == 0 { Color::rgb(0x35, 0xd0, 0xba) } else { Color::rgb(0xe6, 0xea, 0xf0) };
            list.glyphs(self.font, PAD, y, run, color);
        }
        list
    }
}

/// What `raster` did in its last frame, as the inspector words it for `inspect`; `seen` is the inspector's view of
/// that frame (its bands drawn, and its layers, the overlay's own left out).
pub fn lines(inspect: Inspect, raster: &Renderer, seen: &Seen) -> Vec<String> {
    let stats = raster.stats();
    match inspect {
        Inspect::Bands => {
            // The bands that drew rows, numbered as the overlay marks them (an edge a box moved onto the one before
            // leaves an empty band, which drew nothing).
            let bands = seen.band_rows();
            let mut lines = vec![format!("bands: {} on {} threads", bands.len(), raster.threads())];
            lines
                .extend(bands.iter().enumerate().map(|(i, (top, bottom))| format!("  band {i}: rows {top}..{bottom}")));
            if bands.is_empty() {
                lines.push("  nothing drawn".to_owned());
            }
            lines
        }
        Inspect::Layers => {
            let base = match stats.base {
                BaseUse::None => "none".to_owned(),
                BaseUse::Drawn => "drawn anew".to_owned(),
                BaseUse::Damaged(n) => format!("{n} rects redrawn"),
                BaseUse::Copied => "copied".to_owned(),
            };
            let base = match stats.base_filled {
                0 => base,
                n => format!("{base}, {n} undrawn parts drawn"),
            };
            // The frame's layers only: the inspector's own panel is a layer too, drawn again when its words change,
            // and counting it would change the words.
            let (kept, redrawn) = (seen.layers_that(LayerFate::Kept), seen.layers_that(LayerFate::Redrawn));
            let ahead = stats.layers_ahead.min(redrawn);
            vec![
                format!("layers: {} in the base ({base})", stats.layers_in_base),
                format!("  drawn again {}, ahead {ahead}", redrawn - ahead),
                format!("  kept {}, evicted {}", kept + ahead, stats.layers_evicted),
            ]
        }
        Inspect::GlyphCache => {
            let (runs, bytes) = raster.run_images();
            let (colour, colour_bytes) = raster.colour_cells();
            vec![
                format!("glyph cache: {} glyphs", raster.cached_glyphs()),
                format!("  {} added last frame", stats.glyphs_cached),
                format!("  {runs} runs as images, {} KiB", bytes / 1024),
                format!(
                    "  {colour} colour cells, {} of {} KiB",
                    colour_bytes / 1024,
                    crate::glyph_cache::colour::MAX_COLOUR_BYTES / 1024
                ),
            ]
        }
    }
}
