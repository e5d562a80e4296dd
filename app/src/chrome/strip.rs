//! Which tabs the title bar shows when they do not all fit: the current screen's tab always, whole, and as many
//! whole neighbours as fit; the rest are reached through a "»" button at the row's end, which opens a menu of every
//! screen. Regions and drawing both read the same [`Strip`], so what a click hits is what is drawn.

use crate::geom::Rect;
use crate::scene::layout::TitleBarLayout;

/// The overflow button's width.
pub const MORE_W: f32 = 30.0;

/// The tabs as shown: each tab's box, or None when it is hidden; and the overflow button, when some are hidden.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Strip {
    /// Each tab's box, in tab order.
    pub tabs: Vec<Option<Rect>>,
    /// The "»" button.
    pub more: Option<Rect>,
}

impl Strip {
    /// The strip of `layout` with tab `selected` current.
    pub fn of(layout: &TitleBarLayout, selected: usize) -> Strip {
        // The row ends at the bar's inner edge even where Yoga let it run past the window.
        let row = match layout.bar.w > 0.0 {
            true => {
                Rect { w: layout.tab_row.w.min(layout.bar.right() - 8.0 - layout.tab_row.x).max(0.0), ..layout.tab_row }
            }
            false => layout.tab_row,
        };
        let tabs = &layout.tabs;
        let mirrored = tabs.len() > 1 && tabs[1].x < tabs[0].x;
        // In reading coordinates: x from the row's start edge.
        let read = |r: &Rect| if mirrored { row.right() - r.right() } else { r.x - row.x };
        let fits = tabs.iter().all(|t| read(t) + t.w <= row.w + 0.5);
        if fits || tabs.is_empty() {
            return Strip { tabs: tabs.iter().map(|t| Some(*t)).collect(), more: None };
        }
        let room = (row.w - MORE_W - 4.0).max(0.0);
        let sel = tabs.get(selected).map_or(0.0, |t| read(t) + t.w);
        // Slide the strip back just enough that the current tab ends inside the room.
        let shift = (sel - room).max(0.0);
        let shown = tabs
            .iter()
            .map(|t| {
                let start = read(t) - shift;
                (start >= -0.5 && start + t.w <= room + 0.5).then(|| {
                    let x = if mirrored { row.right() - start - t.w } else { row.x + start };
                    Rect { x, ..*t }
                })
            })
            .collect();
        let more_x = if mirrored { row.x } else { row.right() - MORE_W };
        let h = tabs.first().map_or(row.h, |t| t.h);
        let more = Rect::new(more_x, row.y + (row.h - h) / 2.0, MORE_W, h);
        Strip { tabs: shown, more: Some(more) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(row_w: f32) -> TitleBarLayout {
        let tabs = (0..6).map(|i| Rect::new(100.0 + i as f32 * 60.0, 10.0, 56.0, 24.0)).collect();
        TitleBarLayout { tab_row: Rect::new(100.0, 10.0, row_w, 24.0), tabs, ..TitleBarLayout::default() }
    }

    #[test]
    fn every_tab_shows_when_they_fit() {
        let strip = Strip::of(&layout(400.0), 5);
        assert!(strip.tabs.iter().all(Option::is_some));
        assert_eq!(strip.more, None);
    }

    #[test]
    fn the_current_tab_shows_whole_and_the_rest_go_behind_the_button() {
        let strip = Strip::of(&layout(200.0), 5);
        let current = strip.tabs[5].unwrap_or_default();
        assert!(current.x >= 100.0 && current.right() <= 300.0 - MORE_W, "{current:?}");
        assert!(strip.tabs[0].is_none());
        let more = strip.more.unwrap_or_default();
        assert!(more.x >= current.right(), "the button follows the tabs");
        let first = Strip::of(&layout(200.0), 0);
        assert_eq!(first.tabs[0], Some(Rect::new(100.0, 10.0, 56.0, 24.0)));
        assert!(first.tabs[5].is_none());
    }
}
