//! The inspector's overlay: what the renderer and the layout did, drawn over the frame as the display list's last
//! ops, so that it changes nothing under it. Paint flashing (F2) tints each frame's damage and fades it; the
//! inspector (F3) outlines the bands and the thread that drew each, or the layers and what became of each, or maps
//! the glyph cache's atlases, beside its panel of figures; layout bounds (F4) outline every Yoga box, shade its
//! margin and padding, and name the box under the pointer.
//!
//! The overlay starts at [`DisplayList::overlay_from`]: raster counts its damage apart, so the figures it shows
//! (and the HUD's damage share) are the frame's. It shows the last frame that changed something of the frame's
//! own: a frame whose only damage is the overlay's (a flash fading, the overlay catching up with the frame before)
//! is not observed, so the overlay never shows itself at work and a settled window stays idle. The glyph cache is
//! the one subject that is a state, not a frame's work: turned to it over a settled window, the inspector takes it
//! in once from the frame that turned it on, rather than showing an empty cache until something moves.

mod bounds;
mod flashing;
mod labels;
mod panel;
mod renderer;

use crate::display_list::DisplayList;
use crate::fonts::FontBook;
use crate::geom::Rect;
use crate::hud::Corner;
use crate::raster::{Damage, Renderer};
use crate::scene::layout::LaidBox;
use crate::ui::settings::{Inspect, Settings};

use self::flashing::Flashes;
use self::labels::Labels;
use self::panel::Inspector;
use self::renderer::Seen;

/// What the overlay draws from, besides what it observed: the settings, the time, the frame's size in logical
/// units, its boxes (only when the layout bounds show) and where the pointer is.
#[derive(Debug)]
pub struct OverlayView<'a> {
    pub settings: &'a Settings,
    /// The frame clock, seconds.
    pub now: f64,
    /// The frame's width and height in logical units.
    pub size: (f32, f32),
    /// Every box of the layout shown (empty unless the layout bounds show).
    pub boxes: &'a [LaidBox],
    /// The pointer, in logical units.
    pub pointer: Option<(f32, f32)>,
    /// The HUD's panel (where it stands, shown or not): the inspector's panel stands under it.
    pub hud: (Rect, Corner),
}

/// The overlay (see the module docs).
#[derive(Debug)]
pub struct Overlays {
    labels: Labels,
    flashes: Flashes,
    seen: Seen,
    /// Counts what was observed; `drawn` is the count the overlay last recorded.
    observed: u64,
    drawn: u64,
    panel: Inspector,
    panel_lines: Vec<String>,
    /// Whether the glyph cache was taken in since the inspector last turned to it.
    cache_seen: bool,
}

impl Overlays {
    /// An overlay writing with `fonts`' mono face.
    pub fn new(fonts: &FontBook) -> Overlays {
        Overlays {
            labels: Labels::new(fonts),
            flashes: Flashes::default(),
            seen: Seen::default(),
            observed: 0,
            drawn: 0,
            panel: Inspector::new(fonts),
            panel_lines: Vec::new(),
            cache_seen: false,
        }
    }

    /// Whether anything shows over the frame with `settings`.
    pub fn shows(settings: &Settings) -> bool {
        settings.flashing || settings.inspector || settings.bounds
    }

    /// Records the overlay into `list`, after everything else, and marks where it starts.
    pub fn record(&mut self, view: &OverlayView<'_>, fonts: &FontBook, list: &mut DisplayList) {
        let settings = view.settings;
        if !Overlays::shows(settings) {
            self.flashes.clear();
            return;
        }
        list.overlay_from = Some(list.ops.len());
        if settings.inspector {
            self.seen.record(settings.inspect, view.size, &mut self.labels, fonts, list);
        }
        if settings.bounds {
            bounds::record(view, &mut self.labels, fonts, list);
        }
        if settings.flashing {
            self.flashes.record(view.now, list);
        }
        if settings.inspector {
            self.panel.record(&self.panel_lines, fonts, view.hud, list);
        }
        self.drawn = self.observed;
    }

    /// Takes in what the frame just rendered did, unless it changed nothing of the frame's own (`frame`, the
    /// overlay's own damage left out): its damage as a flash, its bands, layers and glyph cache, the panel's
    /// figures. `list` is the frame's list, `scale` its device pixels per unit.
    pub fn observe(
        &mut self,
        frame: &Damage,
        raster: &Renderer,
        list: &DisplayList,
        scale: f32,
        settings: &Settings,
        now: f64,
    ) {
        let on_cache = settings.inspector && settings.inspect == Inspect::GlyphCache;
        let first_look = on_cache && !self.cache_seen;
        self.cache_seen = on_cache;
        if (frame.is_empty() && !first_look) || !Overlays::shows(settings) {
            return;
        }
        if settings.flashing {
            self.flashes.add(frame, scale, now);
        }
        if settings.inspector {
            self.seen = Seen::of(raster, list, scale);
            self.panel_lines = panel::lines(settings.inspect, raster, &self.seen);
        }
        self.observed += 1;
    }

    /// The inspector panel's lines as the overlay last observed them (empty until the inspector is first on).
    pub fn panel_lines(&self) -> &[String] {
        &self.panel_lines
    }

    /// Whether the overlay must be drawn again though nothing else changed: a flash is fading, or what it shows
    /// lags what was observed.
    pub fn needs_frame(&self, settings: &Settings, now: f64) -> bool {
        (settings.flashing && self.flashes.alive(now)) || (settings.inspector && self.drawn != self.observed)
    }
}

/// A rectangle's outline, `width` units thick, as four thin fills inside it (fills keep their edges on the pixel
/// grid at any scale, where a stroke's would be a blur at 1.5x).
fn outline(list: &mut DisplayList, r: Rect, width: f32, color: crate::geom::Color) {
    let w = width.min(r.w / 2.0).min(r.h / 2.0);
    if w <= 0.0 {
        return;
    }
    list.fill_rect(Rect::new(r.x, r.y, r.w, w), color);
    list.fill_rect(Rect::new(r.x, r.bottom() - w, r.w, w), color);
    list.fill_rect(Rect::new(r.x, r.y + w, w, r.h - 2.0 * w), color);
    list.fill_rect(Rect::new(r.right() - w, r.y + w, w, r.h - 2.0 * w), color);
}
