//! The window's chrome: the background and the title bar (static, each recorded once per layout into a
//! layer), and the title bar's status line (recorded every frame).

use crate::display_list::{Color, DisplayList, Op, Paint, Rect, Stop};
use crate::scene::draw::geometry;
use crate::scene::draw::icon::{Glow, icon};
use crate::scene::draw::text::{line, run_in};
use crate::scene::icons::{IconName, Icons};
use crate::scene::layout::{StatusBarLayout, TitleBarLayout};
use crate::scene::model::palette;
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;
use crate::scene::texts::{MENU, STATUS_ITEMS, SUBTITLE, TITLE};

/// The stops of a glow of `color`: full at the centre, a third at 60 %, transparent at the edge.
fn glow_stops(color: Color) -> Vec<Stop> {
    vec![
        Stop { offset: 0.0, color },
        Stop { offset: 0.6, color: color.with_alpha(((color.0 >> 24) / 3) as u8) },
        Stop { offset: 1.0, color: color.with_alpha(0) },
    ]
}

/// Records the background: a diagonal linear gradient over the window, lit by two radial glows, painted only
/// where it shows: outside the `covered` rectangles (the opaque title bar and the opaque cores of the cards,
/// which hide what is under them). Each piece is filled with the same window-wide gradients, so the pieces join
/// seamlessly; a glow fills its pieces inside its circle's box (past its radius the gradient is transparent).
pub fn background(list: &mut DisplayList, window: Rect, covered: &[Rect]) {
    let pieces = geometry::uncovered(window, covered);
    let linear = Paint::Linear {
        x0: window.x,
        y0: window.y,
        x1: window.right(),
        y1: window.bottom(),
        stops: vec![Stop { offset: 0.0, color: palette::BG_TOP }, Stop { offset: 1.0, color: palette::BG_BOTTOM }],
    };
    for piece in &pieces {
        list.push(Op::FillRect { rect: *piece, paint: linear.clone() });
    }
    let reach = window.w.max(window.h);
    let glows = [
        (window.right() - window.w * 0.1, window.y + window.h * 0.15, reach * 0.5, palette::VIOLET.with_alpha(0x30)),
        (window.x + window.w * 0.05, window.bottom(), reach * 0.45, palette::TEAL.with_alpha(0x24)),
    ];
    for (cx, cy, r, color) in glows {
        let paint = Paint::Radial { cx, cy, r, stops: glow_stops(color) };
        let reach = Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r);
        for piece in pieces.iter().filter_map(|piece| piece.intersection(reach)) {
            list.push(Op::FillRect { rect: piece, paint: paint.clone() });
        }
    }
}

/// Records the title bar: its opaque gradient (the background is not painted under it), bottom edge, logo,
/// title, subtitle and window buttons. Returns the glyphs recorded.
pub fn title_bar(
    list: &mut DisplayList,
    text: &Timed<'_>,
    styles: &Styles,
    icons: &Icons,
    l: &TitleBarLayout,
) -> usize {
    let s = styles.scale;
    let bar = l.bar;
    list.push(Op::FillRect {
        rect: bar,
        paint: Paint::Linear {
            x0: bar.x,
            y0: 0.0,
            x1: bar.right(),
            y1: 0.0,
            stops: vec![
                Stop { offset: 0.0, color: palette::BAR_LEFT },
                Stop { offset: 1.0, color: palette::BAR_RIGHT },
            ],
        },
    });
    list.push(Op::FillRect {
        rect: Rect::new(bar.x, bar.bottom() - 1.0, bar.w, 1.0),
        paint: Paint::Solid(palette::CARD_EDGE),
    });
    icon(list, icons, IconName::Berry, l.logo, palette::AMBER, s, Glow::Behind);
    let mut glyphs = line(list, text, styles.bar_title, l.title, TITLE, palette::TITLE, false);
    glyphs += line(list, text, styles.bar_subtitle, l.subtitle, SUBTITLE, palette::MUTED, false);
    list.push(Op::PushClip(l.menu_row));
    for (rect, label) in l.menu.iter().zip(MENU) {
        if rect.x < l.menu_row.right() {
            glyphs += line(list, text, styles.menu, *rect, label, palette::TEXT, false);
        }
    }
    list.push(Op::PopClip);
    for (rect, (name, color)) in l.buttons.iter().zip([
        (IconName::Minimize, palette::MUTED),
        (IconName::Maximize, palette::MUTED),
        (IconName::Close, palette::ROSE),
    ]) {
        let (cx, cy) = (rect.x + rect.w / 2.0, rect.y + rect.h / 2.0);
        list.push(Op::FillCircle { cx, cy, r: rect.w / 2.0, paint: Paint::Solid(Color(0x14ff_ffff)) });
        let inset = rect.inset(rect.w * 0.2);
        icon(list, icons, name, inset, color, s, Glow::None);
    }
    glyphs
}

/// Records the status bar: a translucent strip with a top edge and its items (the first says how many rows
/// the grid has at this size). Returns the glyphs recorded.
pub fn status_bar(
    list: &mut DisplayList,
    text: &Timed<'_>,
    styles: &Styles,
    l: &StatusBarLayout,
    rows: usize,
) -> usize {
    list.push(Op::FillRect { rect: l.bar, paint: Paint::Solid(palette::PANEL.with_alpha(0xc0)) });
    list.push(Op::FillRect {
        rect: Rect::new(l.bar.x, l.bar.y, l.bar.w, 1.0),
        paint: Paint::Solid(palette::CARD_EDGE),
    });
    let mut glyphs = 0;
    for (i, (rect, item)) in l.items.iter().zip(STATUS_ITEMS).enumerate() {
        let color = if i == 0 { palette::TEAL } else { palette::MUTED };
        let item = if i == 0 { item.replace("in 3 rows", &format!("in {rows} rows")) } else { item.to_owned() };
        list.push(Op::PushClip(*rect));
        glyphs += line(list, text, styles.status_bar, *rect, &item, color, false);
        list.push(Op::PopClip);
    }
    glyphs
}

/// Records the title bar's status line, right-aligned in its box. Returns the glyphs recorded.
pub fn status(list: &mut DisplayList, text: &Timed<'_>, styles: &Styles, l: &TitleBarLayout, status: &str) -> usize {
    let run = text.figure(styles.status, status);
    let n = run.len();
    list.push(Op::PushClip(l.status));
    run_in(list, text.fonts(), styles.status, l.status, run, palette::TEAL, true);
    list.push(Op::PopClip);
    n
}
