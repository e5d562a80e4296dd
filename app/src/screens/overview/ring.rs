//! The circular progress ring: a track, an arc that grows with the frame clock, a dot at its end and the
//! percentage in its middle.

use std::f32::consts::{FRAC_PI_2, TAU};

use crate::display_list::{DisplayList, Paint, PathData, Stop, Stroke};
use crate::geom::{Color, Rect};
use crate::scene::colors::CardColors;
use crate::scene::draw::geometry::{arc, circle};
use crate::scene::draw::text::run_in;
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;

/// The ring's progress, 0..1, at time `t` for a ring going round once every `period` seconds.
pub fn progress(t: f64, period: f32) -> f32 {
    if period <= 0.0 {
        return 0.0;
    }
    (0.18 + t / f64::from(period)).fract() as f32
}

/// The ring's centre and radius in `square`.
fn geometry(square: Rect, s: f32) -> (f32, f32, f32, f32) {
    let width = 6.0 * s;
    let r = (square.w.min(square.h) / 2.0 - width / 2.0 - 1.0).max(1.0);
    (square.x + square.w / 2.0, square.y + square.h / 2.0, r, width)
}

/// Records the ring's static part: a soft glow of `accent` and the full track in `track`.
pub fn track(list: &mut DisplayList, square: Rect, s: f32, accent: Color, track: Color) {
    let (cx, cy, r, width) = geometry(square, s);
    let glow = vec![
        Stop { offset: 0.0, color: accent.with_alpha(0x30) },
        Stop { offset: 1.0, color: accent.with_alpha(0x00) },
    ];
    list.fill_circle(cx, cy, r + width, Paint::Radial { cx, cy, r: r + width, stops: glow });
    list.stroke_path(PathData { commands: circle(cx, cy, r) }, Stroke { width, round: false }, track);
}

/// Records the ring's moving part at `progress` (0..1): the arc from twelve o'clock, its end dot, and the
/// percentage, in `accent` and the cards' colours `c`. Returns the glyphs recorded.
pub fn progress_arc(
    list: &mut DisplayList,
    text: &Timed<'_>,
    styles: &Styles,
    square: Rect,
    progress: f32,
    accent: Color,
    c: &CardColors,
) -> usize {
    let s = styles.scale;
    let (cx, cy, r, width) = geometry(square, s);
    let start = -FRAC_PI_2;
    let end = start + TAU * progress.clamp(0.002, 1.0);
    let stops = vec![Stop { offset: 0.0, color: c.title }, Stop { offset: 1.0, color: accent }];
    list.stroke_path(
        PathData { commands: arc(cx, cy, r, start, end, true) },
        Stroke { width, round: true },
        Paint::Linear { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r, stops },
    );
    list.fill_circle(cx + r * end.cos(), cy + r * end.sin(), width * 0.32, c.panel);
    let label = format!("{:>3}%", (progress * 100.0).floor() as u32);
    let run = text.figure(styles.ring, &label);
    let w = run.width_px(text.fonts().size_px(styles.ring));
    let lh = text.fonts().metrics(styles.ring).line_height;
    let rect = Rect::new(cx - w / 2.0, cy - lh / 2.0, w, lh);
    run_in(list, text.fonts(), styles.ring, rect, run, c.title, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_advances_and_wraps() {
        assert!((progress(0.0, 8.0) - 0.18).abs() < 1e-6);
        assert!(progress(1.0, 8.0) > progress(0.5, 8.0));
        assert!(progress(8.0 * 0.82 + 0.01, 8.0) < 0.01);
        assert_eq!(progress(3.0, 0.0), 0.0);
    }
}
