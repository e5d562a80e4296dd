//! The window's chrome: the background, the title bar and its tabs, the status bar (static, each recorded once per
//! layout, theme and tab state into a layer), and the title bar's status line and the status bar's figures
//! (recorded every frame).

use crate::display_list::{DisplayList, Paint, Stop};
use crate::geom::{Color, Rect};
use crate::scene::colors::ChromeColors;
use crate::scene::draw::geometry;
use crate::scene::draw::icon::{Glow, icon};
use crate::scene::draw::text::{line, run_in};
use crate::scene::icons::{IconName, Icons};
use crate::scene::layout::{StatusBarLayout, TitleBarLayout};
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;
use crate::scene::texts::{SUBTITLE, TITLE, status_items};

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
pub fn background(list: &mut DisplayList, window: Rect, covered: &[Rect], c: &ChromeColors) {
    let pieces = geometry::uncovered(window, covered);
    let linear = Paint::Linear {
        x0: window.x,
        y0: window.y,
        x1: window.right(),
        y1: window.bottom(),
        stops: vec![Stop { offset: 0.0, color: c.bg_top }, Stop { offset: 1.0, color: c.bg_bottom }],
    };
    for piece in &pieces {
        list.fill_rect(*piece, linear.clone());
    }
    let reach = window.w.max(window.h);
    let glows = [
        (window.right() - window.w * 0.1, window.y + window.h * 0.15, reach * 0.5, c.glow_high),
        (window.x + window.w * 0.05, window.bottom(), reach * 0.45, c.glow_low),
    ];
    for (cx, cy, r, color) in glows {
        let paint = Paint::Radial { cx, cy, r, stops: glow_stops(color) };
        let reach = Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r);
        for piece in pieces.iter().filter_map(|piece| piece.intersection(reach)) {
            list.fill_rect(piece, paint.clone());
        }
    }
}

/// Records the title bar: its opaque gradient (the background is not painted under it), bottom edge, logo, title
/// and subtitle (the tabs are layers of their own, see [`tab`]). Returns the glyphs recorded.
pub fn title_bar(
    list: &mut DisplayList,
    text: &Timed<'_>,
    styles: &Styles,
    icons: &Icons,
    l: &TitleBarLayout,
    c: &ChromeColors,
) -> usize {
    let bar = l.bar;
    list.fill_rect(
        bar,
        Paint::Linear {
            x0: bar.x,
            y0: 0.0,
            x1: bar.right(),
            y1: 0.0,
            stops: vec![Stop { offset: 0.0, color: c.bar_left }, Stop { offset: 1.0, color: c.bar_right }],
        },
    );
    list.fill_rect(Rect::new(bar.x, bar.bottom() - 1.0, bar.w, 1.0), c.edge);
    icon(list, icons, IconName::Berry, l.logo, c.logo, styles.scale, Glow::Behind);
    let glyphs = line(list, text, styles.bar_title, l.title, TITLE, c.title, false);
    glyphs + line(list, text, styles.bar_subtitle, l.subtitle, SUBTITLE, c.muted, false)
}

/// How a tab looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct TabState {
    /// It names the screen shown.
    pub selected: bool,
    /// The pointer is over it.
    pub hovered: bool,
}

/// Records tab `rect` labelled `label`: a pill when it is selected (outlined) or hovered, and its label centred.
/// Returns the glyphs recorded.
pub fn tab(
    list: &mut DisplayList,
    text: &Timed<'_>,
    styles: &Styles,
    rect: Rect,
    label: &str,
    state: TabState,
    c: &ChromeColors,
) -> usize {
    let radius = rect.h / 2.0;
    if state.selected {
        list.fill_round_rect(rect, radius, c.tab_selected);
    }
    if state.hovered {
        list.fill_round_rect(rect, radius, c.tab_hovered);
    }
    if state.selected {
        list.hairline(rect, radius - 0.5, c.tab_selected_edge);
    }
    let run = text.shape(styles.tab, label);
    let width = run.width_px(text.fonts().size_px(styles.tab));
    let inner = Rect::new(rect.x + ((rect.w - width) / 2.0).max(0.0), rect.y, width, rect.h);
    let color = if state.selected || state.hovered { c.title } else { c.text };
    run_in(list, text.fonts(), styles.tab, inner, run, color, false)
}

/// Records the status bar: a translucent strip with a top edge and its items, the first of them `first` (see
/// [`crate::scene::texts::status_first_item`]). Returns the glyphs recorded.
pub fn status_bar(
    list: &mut DisplayList,
    text: &Timed<'_>,
    styles: &Styles,
    l: &StatusBarLayout,
    first: &str,
    c: &ChromeColors,
) -> usize {
    list.fill_rect(l.bar, c.status_fill);
    list.fill_rect(Rect::new(l.bar.x, l.bar.y, l.bar.w, 1.0), c.edge);
    let mut glyphs = 0;
    for (i, (rect, item)) in l.items.iter().zip(status_items(text.fonts().natives())).enumerate() {
        // The second item is the frame's figures, recorded after the body (`status_figures`).
        if i == 1 {
            continue;
        }
        let color = if i == 0 { c.accent } else { c.muted };
        let item = if i == 0 { first } else { item };
        glyphs += list.clip(*rect, |list| line(list, text, styles.status_bar, *rect, item, color, false));
    }
    glyphs
}

/// Records the status bar's second item, `figures` (see [`crate::scene::texts::status_figures`]), in its box.
/// Returns the glyphs recorded.
pub fn status_figures(
    list: &mut DisplayList,
    text: &Timed<'_>,
    styles: &Styles,
    l: &StatusBarLayout,
    figures: &str,
    c: &ChromeColors,
) -> usize {
    let Some(rect) = l.items.get(1) else { return 0 };
    list.clip(*rect, |list| line(list, text, styles.status_bar, *rect, figures, c.muted, false))
}

/// Records the title bar's status line, right-aligned in its box. Where the box is too narrow for it, its items
/// (two spaces apart) give way from the left, whole, rather than be cut inside a figure ("50x640" for
/// "960x640"); when not even the last fits, none is drawn. Returns the glyphs recorded.
pub fn status(
    list: &mut DisplayList,
    text: &Timed<'_>,
    styles: &Styles,
    l: &TitleBarLayout,
    status: &str,
    c: &ChromeColors,
) -> usize {
    let size = text.fonts().size_px(styles.status);
    let mut shown = status.trim();
    let run = loop {
        let run = text.figure(styles.status, shown);
        if run.width_px(size) <= l.status.w {
            break Some(run);
        }
        match shown.split_once("  ") {
            Some((_, rest)) => shown = rest.trim_start(),
            None => break None,
        }
    };
    let Some(run) = run else { return 0 };
    let n = run.len();
    list.clip(l.status, |list| run_in(list, text.fonts(), styles.status, l.status, run, c.accent, true));
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::fonts;
    use crate::ui::theme::ThemeName;

    /// The glyphs the status line records in a box `width` wide.
    fn shown(width: f32) -> usize {
        let text = Timed::new(fonts());
        let styles = Styles::new(fonts(), 1.0);
        let l = TitleBarLayout { status: Rect::new(0.0, 0.0, width, 44.0), ..TitleBarLayout::default() };
        status(&mut DisplayList::new(), &text, &styles, &l, "0.47 s  960x640", &ChromeColors::of(ThemeName::Dark))
    }

    #[test]
    fn the_status_lines_items_give_way_whole_from_the_left() {
        let (all, size) = (shown(400.0), shown(60.0));
        assert_eq!(all, "0.47 s  960x640".len(), "all of it fits");
        assert_eq!(size, "960x640".len(), "the time gives way, the size shows whole");
        assert_eq!(shown(8.0), 0, "not even the size fits: nothing, rather than its last figures");
    }
}
