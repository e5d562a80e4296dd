//! The boxes' glide: from where they were shown when the layout changed to where Yoga put them, over
//! [`GLIDE_S`] of frame time, eased out.

use crate::geom::Rect;
use crate::screens::playground::state::GLIDE_S;

/// Where each box glides from and to, and when it started.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Glide {
    from: Vec<Rect>,
    to: Vec<Rect>,
    start: f64,
}

impl Glide {
    /// The boxes at rest at `to`.
    pub fn settled(to: Vec<Rect>) -> Glide {
        Glide { from: to.clone(), to, start: f64::NEG_INFINITY }
    }

    /// A glide that starts at `now` from where the boxes are shown then towards `to`.
    pub fn retarget(&self, to: Vec<Rect>, now: f64) -> Glide {
        let from = if self.to.len() == to.len() { self.at(now) } else { to.clone() };
        Glide { from, to, start: now }
    }

    /// Where the boxes rest once the glide ends.
    pub fn target(&self) -> &[Rect] {
        &self.to
    }

    /// Each box at frame time `now`.
    pub fn at(&self, now: f64) -> Vec<Rect> {
        let t = ((now - self.start) / GLIDE_S).clamp(0.0, 1.0);
        if t >= 1.0 {
            return self.to.clone();
        }
        // Ease out (cubic): fast at first, settling gently.
        let e = (1.0 - (1.0 - t).powi(3)) as f32;
        let mix = |a: f32, b: f32| a + (b - a) * e;
        self.from
            .iter()
            .zip(&self.to)
            .map(|(a, b)| Rect::new(mix(a.x, b.x), mix(a.y, b.y), mix(a.w, b.w), mix(a.h, b.h)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glide_starts_where_the_boxes_are_shown_and_ends_on_its_target() {
        let a = Glide::settled(vec![Rect::new(0.0, 0.0, 10.0, 10.0)]);
        let b = a.retarget(vec![Rect::new(100.0, 0.0, 10.0, 10.0)], 1.0);
        assert_eq!(b.at(1.0)[0].x, 0.0);
        let mid = b.at(1.1)[0].x;
        assert!(mid > 50.0 && mid < 100.0, "eased out: past half way at half time ({mid})");
        assert_eq!(b.at(1.2)[0].x, 100.0);
        // Retargeted mid-glide, it starts from where it is shown, not from the old start.
        let c = b.retarget(vec![Rect::new(0.0, 0.0, 10.0, 10.0)], 1.1);
        assert_eq!(c.at(1.1)[0].x, mid);
    }
}
