//! The line chart and the bar chart: data from the frame clock, drawn as paths clipped to their panels.
//!
//! A chart's panel, grid and labels are static (recorded into its card's layer); its data is recorded every
//! frame when it moves, or into the layer with the rest when it is still.

use crate::display_list::{DisplayList, Paint, PathCommand, PathData, Stop, Stroke};
use crate::geom::{Color, Rect};
use crate::scene::colors::CardColors;
use crate::scene::draw::geometry::{area_under, bar, grid_lines, smooth_curve};
use crate::scene::draw::text::line;
use crate::scene::palette::Hue;
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;

/// How many samples a line chart shows across its width.
pub const LINE_SAMPLES: usize = 36;

/// How many bars a bar chart has.
pub const BARS: usize = 14;

/// A smooth wave in 0..1 at sample position `x` (fractional), different for each `seed`.
pub fn wave(seed: u32, x: f64) -> f32 {
    let s = f64::from(seed);
    let v = 0.5
        + 0.22 * (0.31 * x + 1.3 * s).sin()
        + 0.12 * (0.83 * x + 2.1 * s).sin()
        + 0.07 * (2.3 * x + 0.7 * s).sin()
        + 0.03 * (5.1 * x + s).sin();
    v.clamp(0.0, 1.0) as f32
}

/// Bar `i`'s height in 0..1 at time `t`, breathing at `speed` radians a second.
pub fn bar_height(seed: u32, i: usize, t: f64, speed: f32) -> f32 {
    let base = 0.35 + 0.3 * wave(seed + 7, i as f64 * 1.7);
    let breath = 0.5 + 0.5 * (t * f64::from(speed) + i as f64 * 0.7 + f64::from(seed)).sin();
    (base + 0.35 * breath as f32).clamp(0.05, 1.0)
}

/// Where a chart's data is drawn inside its panel.
pub fn plot_area(panel: Rect, s: f32) -> Rect {
    Rect::new(panel.x + 6.0 * s, panel.y + 6.0 * s, (panel.w - 12.0 * s).max(0.0), (panel.h - 12.0 * s).max(0.0))
}

fn stops(a: Color, b: Color) -> Vec<Stop> {
    vec![Stop { offset: 0.0, color: a }, Stop { offset: 1.0, color: b }]
}

/// Records a chart's static part in colours `c`: its panel, grid lines and axis labels; `budget` adds a 16.7 ms
/// line. Returns the glyphs recorded.
pub fn panel(
    list: &mut DisplayList,
    text: &Timed<'_>,
    styles: &Styles,
    panel: Rect,
    budget: bool,
    c: &CardColors,
) -> usize {
    let s = styles.scale;
    list.fill_round_rect(panel, 6.0 * s, c.panel);
    let plot = plot_area(panel, s);
    list.stroke_path(grid_lines(plot, 4), Stroke { width: 1.0, round: false }, c.grid);
    let label = Rect::new(plot.x + 2.0 * s, plot.y + 1.0 * s, plot.w, 10.0 * s);
    let mut glyphs = line(list, text, styles.label, label, if budget { "ms" } else { "max" }, c.muted, false);
    // The time axis, along the plot's bottom.
    let axis = Rect::new(plot.x + 2.0 * s, plot.bottom() - 11.0 * s, plot.w - 4.0 * s, 10.0 * s);
    glyphs += line(list, text, styles.label, axis, "-60 s", c.muted, false);
    glyphs += line(list, text, styles.label, axis, "now", c.muted, true);
    if budget {
        let y = (plot.y + plot.h * 0.3).round() + 0.5;
        let path = PathData { commands: vec![PathCommand::MoveTo(plot.x, y), PathCommand::LineTo(plot.right(), y)] };
        list.stroke_path(path, Stroke { width: 1.0 * s, round: false }, c.accent(Hue::Rose).with_alpha(0xa0));
        let tag = Rect::new(plot.x, y - 11.0 * s, plot.w - 2.0 * s, 10.0 * s);
        glyphs += line(list, text, styles.label, tag, "16.7", c.accent(Hue::Rose), true);
    }
    glyphs
}

/// Records a line chart's data at scroll position `phase` (samples): the area under the curve in a fading
/// gradient, the curve, and a dot of `dot` on its last sample, clipped to the plot area.
pub fn line_data(list: &mut DisplayList, panel: Rect, s: f32, seed: u32, phase: f64, accent: Color, dot: Color) {
    let plot = plot_area(panel, s);
    if plot.w <= 0.0 || plot.h <= 0.0 {
        return;
    }
    let step = plot.w / (LINE_SAMPLES - 1) as f32;
    let whole = phase.floor();
    let frac = (phase - whole) as f32;
    // One sample beyond each edge, so the curve enters and leaves the plot smoothly as it scrolls.
    let points: Vec<(f32, f32)> = (0..LINE_SAMPLES + 2)
        .map(|i| {
            let x = plot.x + (i as f32 - 1.0 - frac) * step;
            let v = wave(seed, whole + i as f64);
            (x, plot.bottom() - v * plot.h)
        })
        .collect();
    list.clip(plot, |list| {
        list.fill_path(
            PathData { commands: area_under(&points, plot.bottom()) },
            Paint::Linear {
                x0: 0.0,
                y0: plot.y,
                x1: 0.0,
                y1: plot.bottom(),
                stops: stops(accent.with_alpha(0x70), accent.with_alpha(0x00)),
            },
        );
        let curve = PathData { commands: smooth_curve(&points) };
        list.stroke_path(curve, Stroke { width: 1.75 * s, round: true }, accent);
        // The value at the right edge.
        let v = wave(seed, phase + (LINE_SAMPLES - 1) as f64);
        list.fill_circle(plot.right() - 1.0, plot.bottom() - v * plot.h, 3.0 * s, dot);
    });
}

/// Records a bar chart's bars at time `t`, one path filled with a vertical gradient, clipped to the plot area.
pub fn bar_data(list: &mut DisplayList, panel: Rect, s: f32, seed: u32, t: f64, speed: f32, accent: Color) {
    let plot = plot_area(panel, s);
    if plot.w <= 0.0 || plot.h <= 0.0 {
        return;
    }
    let slot = plot.w / BARS as f32;
    let width = (slot * 0.62).max(1.0);
    let mut commands = Vec::with_capacity(BARS * 7);
    for i in 0..BARS {
        let h = bar_height(seed, i, t, speed) * plot.h;
        let x = plot.x + i as f32 * slot + (slot - width) / 2.0;
        bar(&mut commands, Rect::new(x, plot.bottom() - h, width, h), 3.0 * s);
    }
    let paint = Paint::Linear {
        x0: 0.0,
        y0: plot.y,
        x1: 0.0,
        y1: plot.bottom(),
        stops: stops(accent, accent.with_alpha(0x50)),
    };
    list.clip(plot, |list| list.fill_path(PathData { commands }, paint));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display_list::Op;

    #[test]
    fn waves_and_bars_stay_in_range_and_move() {
        for seed in 0..6 {
            for i in 0..200 {
                let v = wave(seed, f64::from(i) * 0.37);
                assert!((0.0..=1.0).contains(&v));
                let b = bar_height(seed, i as usize % BARS, f64::from(i) / 60.0, 1.7);
                assert!((0.05..=1.0).contains(&b));
            }
        }
        assert_ne!(bar_height(2, 3, 0.0, 1.7), bar_height(2, 3, 0.5, 1.7));
        assert_eq!(bar_height(2, 3, 0.0, 0.0), bar_height(2, 3, 9.0, 0.0), "a still chart does not move");
    }

    #[test]
    fn chart_data_is_clipped_to_the_plot() {
        let mut list = DisplayList::new();
        let panel = Rect::new(10.0, 10.0, 200.0, 80.0);
        line_data(&mut list, panel, 1.0, 1, 3.25, Color(0xff4a_a8ff), Color(0xffff_ffff));
        assert_eq!(list.ops.first(), Some(&Op::PushClip(plot_area(panel, 1.0))));
        assert_eq!(list.ops.last(), Some(&Op::PopClip));
        let mut bars = DisplayList::new();
        bar_data(&mut bars, panel, 1.0, 2, 0.5, 1.7, Color(0xff8b_7cf6));
        assert_eq!(bars.ops.len(), 3);
    }
}
