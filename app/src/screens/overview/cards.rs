//! A card: its static chrome and text (recorded once per layout into its layer) and its moving parts (recorded
//! every frame on top of the layer).

use super::layout::{CardLayout, VisualLayout};
use super::model::{Body, CardSpec, Visual, card_tag};
use super::{charts, ring};
use crate::display_list::{DisplayList, Paint, Stop, Stroke};
use crate::geom::{Color, Rect};
use crate::scene::colors::CardColors;
use crate::scene::draw::geometry::{self, Falloff};
use crate::scene::draw::icon::{Glow, icon};
use crate::scene::draw::text::{line, paragraph, run_in, unwrapped};
use crate::scene::icons::Icons;
use crate::scene::palette;
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;

/// The corner radius of a card, before scaling.
const RADIUS: f32 = 10.0;

/// How far a card's shadow reaches past its edges, before scaling (the layer is this much larger).
pub const SHADOW_REACH: f32 = 12.0;

fn vertical(rect: Rect, top: Color, bottom: Color) -> Paint {
    Paint::Linear {
        x0: 0.0,
        y0: rect.y,
        x1: 0.0,
        y1: rect.bottom(),
        stops: vec![Stop { offset: 0.0, color: top }, Stop { offset: 1.0, color: bottom }],
    }
}

fn horizontal(rect: Rect, left: Color, right: Color) -> Paint {
    Paint::Linear {
        x0: rect.x,
        y0: 0.0,
        x1: rect.right(),
        y1: 0.0,
        stops: vec![Stop { offset: 0.0, color: left }, Stop { offset: 1.0, color: right }],
    }
}

/// What card `l` hides completely (the opaque core of its rounded rectangle): nothing under it shows.
pub fn covered(l: &CardLayout, s: f32) -> Rect {
    geometry::opaque_core(l.card, RADIUS * s)
}

/// A soft shadow of `color` under the opaque card `rect` (corner radius `radius`): the card's outline moved 3 px
/// down, its alpha falling from `color`'s at the outline to nothing 9 px past it, as `(1 - d / reach)²` of the
/// distance `d`.
///
/// It is filled as the nine-patch of [`geometry::shadow_pieces`]: corner boxes with a radial gradient around the
/// corner's centre, edge strips with a linear gradient across the edge, none under the card's opaque core
/// ([`geometry::opaque_core`]), which hides it: each piece costs Blend2D its own pixels and no path, where a
/// ring-shaped path costs about half of a card's whole box (record 9).
pub fn shadow(list: &mut DisplayList, rect: Rect, radius: f32, s: f32, color: Color) {
    let reach = 9.0 * s;
    let outline = Rect::new(rect.x, rect.y + 3.0 * s, rect.w, rect.h);
    // (position along the fade, 0 at the outline and 1 at `reach`; colour there)
    let alpha = f32::from((color.0 >> 24) as u8);
    let fade: Vec<(f32, Color)> = (0..=2)
        .map(|i| {
            let t = i as f32 / 2.0;
            (t, color.with_alpha((alpha * (1.0 - t).powi(2)).round() as u8))
        })
        .collect();
    for (piece, falloff) in geometry::shadow_pieces(outline, radius, reach, geometry::opaque_core(rect, radius)) {
        let paint = match falloff {
            Falloff::Inside => Paint::Solid(color),
            Falloff::Corner { cx, cy } => {
                let r = radius + reach;
                let stops = fade.iter().map(|&(t, color)| Stop { offset: (radius + t * reach) / r, color }).collect();
                Paint::Radial { cx, cy, r, stops }
            }
            Falloff::Edge { from: (x0, y0), to: (x1, y1) } => {
                let stops = fade.iter().map(|&(offset, color)| Stop { offset, color }).collect();
                Paint::Linear { x0, y0, x1, y1, stops }
            }
        };
        list.fill_rect(piece, paint);
    }
}

/// What a card's static content is recorded with.
#[derive(Clone, Copy)]
pub struct CardPen<'a> {
    pub text: &'a Timed<'a>,
    pub styles: &'a Styles,
    pub icons: &'a Icons,
    pub colors: &'a CardColors,
    /// A mirrored UI: prose stands against its box's right edge.
    pub mirrored: bool,
    /// The card casts its soft shadow (the controls screen's checkbox).
    pub shadows: bool,
}

/// Records the card's static content (absolute coordinates): shadow, fill, header band, outline, icon, title,
/// the counter's pill, the still part of its visual, its text and its footer, in colours `c`. Returns the glyphs
/// recorded.
pub fn still(list: &mut DisplayList, pen: &CardPen<'_>, index: usize, spec: &CardSpec, l: &CardLayout) -> usize {
    let CardPen { text, styles, icons, colors: c, mirrored, shadows } = *pen;
    let s = styles.scale;
    let accent = c.accent(spec.hue);
    let radius = RADIUS * s;
    let card = l.card;
    let mut glyphs = 0;
    if shadows {
        shadow(list, card, radius, s, c.shadow);
    }
    list.fill_round_rect(card, radius, c.card);
    // The header band: the card's top, tinted by its accent and fading to the right.
    let band = Rect::new(card.x, card.y, card.w, (l.header.bottom() - card.y + 5.0 * s).min(card.h));
    list.clip(band, |list| {
        list.fill_round_rect(card, radius, horizontal(card, accent.with_alpha(0x40), accent.with_alpha(0x00)));
    });
    list.fill_rect(
        Rect::new(card.x + radius, band.bottom() - 1.0, card.w - 2.0 * radius, 1.0),
        horizontal(card, accent.with_alpha(0x70), accent.with_alpha(0x00)),
    );
    list.hairline(card, radius - 0.5, c.edge);
    icon(list, icons, spec.icon, l.icon, accent, s, Glow::Behind);
    glyphs += line(list, text, styles.card_title, l.title, spec.title, c.title, false);
    list.fill_round_rect(l.badge, l.badge.h / 2.0, accent.with_alpha(0x26));
    list.hairline(l.badge, l.badge.h / 2.0 - 0.5, accent.with_alpha(0x66));

    glyphs += still_visual(list, pen, spec, l, accent);

    match spec.body {
        Body::Prose(prose) => glyphs += paragraph(list, text, styles.prose, l.text, prose, c.text, mirrored),
        Body::Code(code) => {
            list.fill_round_rect(l.body, 6.0 * s, c.panel);
            let rule = Rect::new(l.body.x, l.body.y + 4.0 * s, 2.0 * s, (l.body.h - 8.0 * s).max(0.0));
            list.fill_rect(rule, accent.with_alpha(0xa0));
            glyphs += unwrapped(list, text, styles.code, l.text, code, c.code);
        }
    }
    glyphs += list.clip(l.footer, |list| line(list, text, styles.footer, l.footer, spec.footer, c.muted, false));
    glyphs += line(list, text, styles.footer, l.tag, &card_tag(index), accent.with_alpha(0xb0), false);
    glyphs
}

/// Records the still part of the card's visual (a chart's panel, a ring's track and figures, the chips, the
/// swatches) in `accent`. Returns the glyphs recorded.
fn still_visual(list: &mut DisplayList, pen: &CardPen<'_>, spec: &CardSpec, l: &CardLayout, accent: Color) -> usize {
    let CardPen { text, styles, colors: c, .. } = *pen;
    let s = styles.scale;
    let mut glyphs = 0;
    match (spec.visual, &l.visual) {
        (Visual::LineChart { speed, seed }, VisualLayout::Chart(panel)) => {
            glyphs += charts::panel(list, text, styles, *panel, seed == 1, c);
            if speed == 0.0 {
                charts::line_data(list, *panel, s, seed, 0.0, accent, c.title);
            }
        }
        (Visual::BarChart { speed, seed }, VisualLayout::Chart(panel)) => {
            glyphs += charts::panel(list, text, styles, *panel, false, c);
            if speed == 0.0 {
                charts::bar_data(list, *panel, s, seed, 0.0, 0.0, accent);
            }
        }
        (Visual::Ring { stats, .. }, VisualLayout::Ring { ring: square, stats: boxes }) => {
            ring::track(list, *square, s, accent, c.track);
            for (stat, rect) in stats.iter().zip(boxes) {
                glyphs += line(list, text, styles.stats, *rect, stat, c.text, false);
            }
        }
        (Visual::Chips(labels), VisualLayout::Chips(boxes)) => {
            for (label, rect) in labels.iter().zip(boxes) {
                list.fill_round_rect(*rect, rect.h / 2.0, accent.with_alpha(0x22));
                list.hairline(*rect, rect.h / 2.0 - 0.5, accent.with_alpha(0x80));
                let inner = Rect::new(rect.x + 6.0 * s, rect.y, rect.w - 12.0 * s, rect.h);
                glyphs += line(list, text, styles.chip, inner, label, c.title, false);
            }
        }
        // The swatches show gradients of the design's own hues in both themes, labelled dark on them.
        (Visual::Swatches, VisualLayout::Swatches(boxes)) => {
            let stops = |a: Color, b: Color| vec![Stop { offset: 0.0, color: a }, Stop { offset: 1.0, color: b }];
            for (i, rect) in boxes.iter().enumerate() {
                let paint = match i {
                    0 => vertical(*rect, palette::TEAL, palette::SKY),
                    1 => Paint::Linear {
                        x0: rect.x,
                        y0: rect.y,
                        x1: rect.right(),
                        y1: rect.bottom(),
                        stops: vec![
                            Stop { offset: 0.0, color: palette::ROSE },
                            Stop { offset: 0.5, color: palette::VIOLET },
                            Stop { offset: 1.0, color: palette::SKY },
                        ],
                    },
                    _ => Paint::Radial {
                        cx: rect.x + rect.w * 0.35,
                        cy: rect.y + rect.h * 0.35,
                        r: rect.w.max(rect.h) * 0.8,
                        stops: stops(palette::AMBER, palette::ROSE.with_alpha(0x40)),
                    },
                };
                list.fill_round_rect(*rect, 6.0 * s, paint);
                list.hairline(*rect, 6.0 * s - 0.5, c.swatch_edge);
                let label = ["linear", "linear, 3 stops", "radial"][i.min(2)];
                let inner = Rect::new(rect.x + 5.0 * s, rect.bottom() - 14.0 * s, rect.w - 10.0 * s, 12.0 * s);
                glyphs += list.clip(*rect, |list| line(list, text, styles.label, inner, label, palette::PANEL, false));
            }
        }
        _ => {}
    }
    glyphs
}

/// Whether anything of the card's visual moves.
pub fn visual_moves(spec: &CardSpec) -> bool {
    match spec.visual {
        Visual::LineChart { speed, .. } | Visual::BarChart { speed, .. } => speed != 0.0,
        Visual::Ring { period, .. } => period > 0.0,
        Visual::None | Visual::Chips(_) | Visual::Swatches => false,
    }
}

/// Records what moves on the card at time `t` in colours `c`: the counter, and the chart data or ring arc. Returns
/// the glyphs recorded.
pub fn animate(
    list: &mut DisplayList,
    text: &Timed<'_>,
    styles: &Styles,
    spec: &CardSpec,
    l: &CardLayout,
    t: f64,
    c: &CardColors,
) -> usize {
    let s = styles.scale;
    let accent = c.accent(spec.hue);
    let mut n = 0;
    match (spec.visual, &l.visual) {
        (Visual::LineChart { speed, seed }, VisualLayout::Chart(panel)) if speed != 0.0 => {
            charts::line_data(list, *panel, s, seed, t * f64::from(speed), accent, c.title);
        }
        (Visual::BarChart { speed, seed }, VisualLayout::Chart(panel)) if speed != 0.0 => {
            charts::bar_data(list, *panel, s, seed, t, speed, accent);
        }
        (Visual::Ring { period, .. }, VisualLayout::Ring { ring: square, .. }) if period > 0.0 => {
            n += ring::progress_arc(list, text, styles, *square, ring::progress(t, period), accent, c);
        }
        _ => {}
    }
    let figure = text.figure(styles.badge, &spec.counter.text(t));
    n += figure.len();
    let inner = Rect::new(l.badge.x + 7.0 * s, l.badge.y, (l.badge.w - 14.0 * s).max(0.0), l.badge.h);
    run_in(list, text.fonts(), styles.badge, inner, figure, accent, true);
    n
}

/// Records the hover lift of card `l`: a brighter edge in its accent and a soft halo just outside it, drawn over
/// the card's layer so that a hover change is a few ops, not a new layer.
pub fn lift(list: &mut DisplayList, l: &CardLayout, accent: Color, s: f32) {
    let radius = RADIUS * s;
    let card = l.card;
    let halo = Rect::new(card.x - 2.0 * s, card.y - 2.0 * s, card.w + 4.0 * s, card.h + 4.0 * s);
    let stroke = |width| Stroke { width, round: false };
    list.stroke_round_rect(halo.inset(1.0 * s), radius + 1.0 * s, stroke(2.0 * s), accent.with_alpha(0x40));
    list.stroke_round_rect(card.inset(0.75), radius - 0.75, stroke(1.5), accent.with_alpha(0xd0));
}
