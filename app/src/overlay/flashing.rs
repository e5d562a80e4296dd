//! Paint flashing (F2): each frame's damaged rectangles tinted over the frame, fading out over [`FADE_S`].

use crate::display_list::DisplayList;
use crate::geom::{Color, Rect};
use crate::raster::Damage;

/// How long a flash takes to fade out, seconds.
pub const FADE_S: f64 = 0.4;

/// The tint at its strongest (alpha scaled down as it fades).
const TINT: Color = Color(0x60_ff_3c_c8);

/// The outline of the newest flash, so that a one-pixel damage can be seen.
const EDGE: Color = Color(0xff_ff_3c_c8);

/// The flashes still showing: each frame's damage in logical units and when it was drawn.
#[derive(Debug, Default)]
pub struct Flashes {
    flashes: Vec<(Rect, f64)>,
}

impl Flashes {
    /// Starts a flash over each rectangle of `damage` (device pixels at `scale`) at `now`.
    pub fn add(&mut self, damage: &Damage, scale: f32, now: f64) {
        let s = scale.max(f32::MIN_POSITIVE);
        for r in damage.rects() {
            let rect = Rect::new(r.x as f32 / s, r.y as f32 / s, r.w as f32 / s, r.h as f32 / s);
            self.flashes.push((rect, now));
        }
    }

    /// Forgets every flash (the overlay was turned off).
    pub fn clear(&mut self) {
        self.flashes.clear();
    }

    /// Whether a flash still shows at `now`.
    pub fn alive(&self, now: f64) -> bool {
        self.flashes.iter().any(|(_, at)| now - at < FADE_S)
    }

    /// Records the flashes still showing at `now`, oldest first, and forgets those that have faded.
    pub fn record(&mut self, now: f64, list: &mut DisplayList) {
        self.flashes.retain(|(_, at)| now - at < FADE_S);
        let newest = self.flashes.iter().map(|(_, at)| *at).fold(f64::NEG_INFINITY, f64::max);
        for (rect, at) in &self.flashes {
            let left = (1.0 - (now - at).max(0.0) / FADE_S).clamp(0.0, 1.0);
            let alpha = (f64::from(TINT.0 >> 24) * left).round() as u8;
            list.fill_rect(*rect, TINT.with_alpha(alpha));
            if *at == newest {
                super::outline(list, *rect, 1.0, EDGE);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::PixelRect;

    #[test]
    fn a_flash_fades_and_goes() {
        let mut flashes = Flashes::default();
        let mut damage = Damage::default();
        damage.add(PixelRect { x: 20, y: 40, w: 10, h: 6 });
        flashes.add(&damage, 2.0, 1.0);
        assert!(flashes.alive(1.0) && flashes.alive(1.0 + FADE_S * 0.9));
        let mut list = DisplayList::new();
        flashes.record(1.0 + FADE_S / 2.0, &mut list);
        let crate::display_list::Op::FillRect { rect, paint } = &list.ops[0] else { panic!("a tint first") };
        assert_eq!(*rect, Rect::new(10.0, 20.0, 5.0, 3.0), "the damage in logical units at 2x");
        assert_eq!(*paint, crate::display_list::Paint::Solid(TINT.with_alpha(0x30)), "half faded at half time");
        assert!(!flashes.alive(1.0 + FADE_S * 1.01));
        list.clear();
        flashes.record(1.0 + FADE_S * 1.01, &mut list);
        assert!(list.ops.is_empty(), "a faded flash draws nothing");
    }
}
