//! The inspector's panel (F3): what the renderer did in the last frame it drew, in words, under the HUD, beside
//! the overlay's marks. The controls screen's radio group picks what it shows: the bands the frame was cut into,
//! the retained layers and what became of each kind, or the glyph cache. A panel of its own layer, recorded again
//! only when its words change, so a settled frame draws nothing new for it.

use std::sync::Arc;

use crate::display_list::{DisplayList, LayerKey};
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId, Rect};
use crate::hud::Hud;
use crate::raster::{BaseUse, Renderer};
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

    /// Records the panel with `lines` for a frame `width` pixels wide into `list`, under the HUD.
    pub fn record(&mut self, lines: &[String], fonts: &FontBook, width: u32, list: &mut DisplayList) {
        if self.shown.as_ref().is_none_or(|(shown, _)| shown != lines) {
            let version = self.shown.as_ref().map_or(1, |(_, v)| v + 1);
            self.content = Some(Arc::new(self.panel(lines, fonts)));
            self.shown = Some((lines.to_vec(), version));
        }
        let hud = Hud::panel_rect(width);
        let h = 2.0 * PAD + LINE_H * lines.len() as f32;
        let rect = Rect::new(hud.right() - WIDTH, hud.bottom() + 8.0, WIDTH, h);
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

/// What `raster` did in its last frame, as the inspector words it for `inspect`.
pub fn lines(inspect: Inspect, raster: &Renderer) -> Vec<String> {
    let stats = raster.stats();
    match inspect {
        Inspect::Bands => {
            let edges = raster.band_edges();
            let bands = edges.len().saturating_sub(1);
            let mut lines = vec![format!("bands: {bands} on {} threads", raster.threads())];
            lines.extend(edges.windows(2).enumerate().map(|(i, e)| format!("  band {i}: rows {}..{}", e[0], e[1])));
            if bands == 0 {
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
            vec![
                format!("layers: {} in the base ({base})", stats.layers_in_base),
                format!("  drawn again {}, ahead {}", stats.layers_rasterized, stats.layers_ahead),
                format!("  kept {}, evicted {}", stats.layers_reused, stats.layers_evicted),
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
