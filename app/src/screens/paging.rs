//! A page taller than the body scrolls, on every screen alike: the state's side ([`Paging`]: the offset, what a
//! wheel, the Page keys, Home, End and a drag of the scrollbar do to it) and the recorder's side (where the
//! scrollbar stands, the offset a new focus below the fold needs, the regions a viewport cuts). The scrollbar stands
//! in a gutter at the body's end edge, outside the scrolled viewport, so a scroll moves only the page's pixels
//! (record 18).

use serde_json::{Value, json};

use crate::display_list::DisplayList;
use crate::geom::Rect;
use crate::scene::draw::widgets as looks;
use crate::ui::input::Key;
use crate::ui::router::{Cursor, Message, Region, Router, Target, WidgetId};
use crate::ui::theme::Palette;

/// The page's own region ids: the page behind its widgets (a wheel over it scrolls), its scrollbar (part 0 the
/// thumb, part 1 the track).
pub mod ids {
    use crate::ui::router::WidgetId;

    /// The page behind the widgets.
    pub const PAGE: WidgetId = "page";
    /// The page's scrollbar.
    pub const SCROLLBAR: WidgetId = "page.scrollbar";
}

/// How far a wheel notch scrolls a page: three rows of 20 px, as desktops do.
pub const NOTCH_PX: f32 = 60.0;
/// How far an arrow key scrolls a page with nothing focused.
const ARROW_PX: f32 = 40.0;
/// The scrollbar's width.
pub const BAR_W: f32 = 10.0;

/// Where a page lay in the last frame: what its scroll is measured against.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sheet {
    /// The body the page scrolls in (the scrollbar's gutter included).
    pub viewport: Rect,
    /// The page's whole height.
    pub content_h: f32,
    /// Laid out right to left (the scrollbar stands at the left).
    pub mirrored: bool,
}

impl Sheet {
    /// The largest offset.
    pub fn max_offset(&self) -> f32 {
        (self.content_h - self.viewport.h).max(0.0)
    }

    /// The scrollbar's track and thumb at `offset` (None when the page fits).
    pub fn scrollbar(&self, offset: f32) -> Option<(Rect, Rect)> {
        scrollbar(self.viewport, self.content_h, offset, self.mirrored)
    }
}

/// Which of the page's keys the focused widget leaves to the page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Leaves {
    /// Page Up and Page Down.
    pub pages: bool,
    /// Home and End.
    pub ends: bool,
    /// Up and Down (nothing is focused).
    pub arrows: bool,
}

impl Leaves {
    /// Nothing is focused: every key scrolls.
    pub const ALL: Leaves = Leaves { pages: true, ends: true, arrows: true };
}

/// A page's scroll, as the session keeps it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Paging {
    /// How far the page is scrolled.
    pub offset: f32,
    /// Where the page lay in the last frame.
    pub sheet: Sheet,
    /// A drag of the scrollbar's thumb: the pointer's y and the offset where it started.
    bar_drag: Option<(f32, f32)>,
}

impl Paging {
    /// Scrolls to `offset` (clamped to the last layout); true when it moved.
    pub fn scroll_to(&mut self, offset: f32) -> bool {
        let o = offset.clamp(0.0, self.sheet.max_offset()).round();
        std::mem::replace(&mut self.offset, o) != o
    }

    /// Takes what the last frame drew: the sheet and the offset (a Tab below the fold moved it).
    pub fn laid_out(&mut self, sheet: Sheet, offset: f32) {
        self.sheet = sheet;
        self.offset = offset;
    }

    /// A page key the focused widget left to the page: true when taken (it may not move, at an end).
    pub fn key(&mut self, key: Key, leaves: Leaves) -> bool {
        let page = (self.sheet.viewport.h - 40.0).max(40.0);
        let to = match key {
            Key::PageDown if leaves.pages => self.offset + page,
            Key::PageUp if leaves.pages => self.offset - page,
            Key::Home if leaves.ends => 0.0,
            Key::End if leaves.ends => self.sheet.max_offset(),
            Key::Down if leaves.arrows => self.offset + ARROW_PX,
            Key::Up if leaves.arrows => self.offset - ARROW_PX,
            _ => return false,
        };
        self.scroll_to(to);
        true
    }

    /// A message for the page or its scrollbar (a wheel over the page, a press or drag of the bar): true when the
    /// page moved.
    pub fn message(&mut self, message: &Message) -> bool {
        match *message {
            Message::Wheel { dy, .. } => self.scroll_to(self.offset - dy * NOTCH_PX),
            Message::Press { target: Target { id: ids::SCROLLBAR, part: 0 }, y, .. } => {
                self.bar_drag = Some((y, self.offset));
                false
            }
            Message::Press { target: Target { id: ids::SCROLLBAR, part: 1 }, y, .. } => {
                // A press on the track pages toward it.
                let thumb = self.sheet.scrollbar(self.offset).map(|(_, t)| t);
                let page = self.sheet.viewport.h - 40.0;
                match thumb {
                    Some(t) if y < t.y => self.scroll_to(self.offset - page),
                    Some(t) if y > t.bottom() => self.scroll_to(self.offset + page),
                    _ => false,
                }
            }
            Message::Drag { y, .. } => match (self.bar_drag, self.sheet.scrollbar(self.offset)) {
                (Some((y0, o0)), Some((track, thumb))) if track.h > thumb.h => {
                    let per_px = self.sheet.max_offset() / (track.h - thumb.h);
                    self.scroll_to(o0 + (y - y0) * per_px)
                }
                _ => false,
            },
            Message::Release { .. } => {
                self.bar_drag = None;
                false
            }
            _ => false,
        }
    }

    /// The report's entry: the offset, the largest offset and the page's height.
    pub fn report(&self) -> Value {
        json!({ "offset": self.offset, "max": self.sheet.max_offset(), "height": self.sheet.content_h })
    }
}

/// The scrollbar of a page `content_h` tall in `viewport` at `offset`: its track and thumb (None when it fits).
pub fn scrollbar(viewport: Rect, content_h: f32, offset: f32, mirrored: bool) -> Option<(Rect, Rect)> {
    if content_h <= viewport.h + 0.5 || viewport.h <= 0.0 {
        return None;
    }
    let x = if mirrored { viewport.x + 2.0 } else { viewport.right() - BAR_W - 2.0 };
    let track = Rect::new(x, viewport.y + 2.0, BAR_W, viewport.h - 4.0);
    let h = (track.h * viewport.h / content_h).max(24.0).min(track.h);
    let travel = track.h - h;
    let max = content_h - viewport.h;
    let y = track.y + travel * (offset / max).clamp(0.0, 1.0);
    Some((track, Rect::new(x, y, BAR_W, h)))
}

/// Where a page in `body` scrolls: the body less the scrollbar's gutter at its end edge.
pub fn content_viewport(body: Rect, mirrored: bool) -> Rect {
    let gutter = (BAR_W + 4.0).min(body.w);
    let x = if mirrored { body.x + gutter } else { body.x };
    Rect { x, w: body.w - gutter, ..body }
}

/// The offset to draw a page `content_h` tall in `viewport` at: the state's, clamped, or moved so that `reveal` (the
/// box, in page coordinates, of a widget the focus just moved to) shows whole with a margin.
pub fn offset_to_draw(offset: f32, content_h: f32, viewport: Rect, reveal: Option<Rect>) -> f32 {
    let max = (content_h - viewport.h).max(0.0);
    let mut offset = offset.clamp(0.0, max);
    if let Some(r) = reveal {
        if r.y - 12.0 < offset {
            offset = (r.y - 12.0).max(0.0);
        } else if r.bottom() + 24.0 > offset + viewport.h {
            offset = (r.bottom() + 24.0 - viewport.h).min(max);
        }
    }
    offset.round()
}

/// The box of widget `id`'s regions in page coordinates, `top` being the window y of the page's top: what
/// [`offset_to_draw`] brings into view when the focus moves onto it.
pub fn reveal(regions: &[Region], id: WidgetId, top: f32) -> Option<Rect> {
    regions.iter().filter(|r| r.target.id == id).map(|r| Rect { y: r.rect.y - top, ..r.rect }).reduce(Rect::union)
}

/// Draws the scrollbar of a page `content_h` tall in `body` at `offset`, if it does not fit.
pub fn draw_scrollbar(list: &mut DisplayList, router: &Router, palette: Palette, sheet: Sheet, offset: f32) {
    if let Some((track, thumb)) = sheet.scrollbar(offset) {
        let look = looks::State::of(router, ids::SCROLLBAR);
        list.fill_round_rect(track, BAR_W / 2.0, palette.border.with_alpha(0x50));
        let color = if look.hovered || look.pressed { palette.text } else { palette.muted };
        list.fill_round_rect(thumb, BAR_W / 2.0, color);
    }
}

/// The page's own regions: the page behind everything (first, so that every widget lies above it).
pub fn page_region(body: Rect) -> Region {
    Region::at(ids::PAGE, 0, body, Cursor::Arrow)
}

/// The scrollbar's regions (last, above the page's), if the page does not fit.
pub fn scrollbar_regions(sheet: Sheet, offset: f32, into: &mut Vec<Region>) {
    if let Some((track, thumb)) = sheet.scrollbar(offset) {
        into.push(Region::at(ids::SCROLLBAR, 1, track, Cursor::Arrow));
        into.push(Region::at(ids::SCROLLBAR, 0, thumb, Cursor::Hand));
    }
}

/// A region as the viewport shows it: cut with it, or, hidden by it, no region but its Tab stop (a rect of no
/// size, so Tab still reaches it and scrolls it into view).
pub fn cut(region: Region, viewport: Rect) -> Option<Region> {
    match region.rect.intersection(viewport) {
        Some(r) => Some(Region { rect: r, ..region }),
        None if region.focusable => Some(Region { rect: Rect { w: 0.0, h: 0.0, ..region.rect }, ..region }),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paging(content_h: f32) -> Paging {
        let mut p = Paging::default();
        p.laid_out(Sheet { viewport: Rect::new(0.0, 40.0, 600.0, 400.0), content_h, mirrored: false }, 0.0);
        p
    }

    #[test]
    fn keys_scroll_a_page_that_does_not_fit_and_stop_at_its_ends() {
        let mut p = paging(1000.0);
        assert!(p.key(Key::PageDown, Leaves::ALL));
        assert_eq!(p.offset, 360.0);
        assert!(p.key(Key::End, Leaves::ALL));
        assert_eq!(p.offset, 600.0);
        p.key(Key::PageDown, Leaves::ALL);
        assert_eq!(p.offset, 600.0, "no further than the end");
        p.key(Key::Home, Leaves::ALL);
        assert_eq!(p.offset, 0.0);
        let editing = Leaves { pages: false, ends: false, arrows: false };
        assert!(!p.key(Key::End, editing), "a field keeps its End");
    }

    #[test]
    fn a_page_that_fits_has_no_scrollbar_and_does_not_move() {
        let mut p = paging(300.0);
        assert!(p.sheet.scrollbar(0.0).is_none());
        assert!(!p.message(&Message::Wheel { target: Target { id: ids::PAGE, part: 0 }, dx: 0.0, dy: -1.0 }));
        assert_eq!(p.offset, 0.0);
    }

    #[test]
    fn a_new_focus_below_the_fold_is_brought_into_view() {
        let view = Rect::new(0.0, 0.0, 600.0, 400.0);
        assert_eq!(offset_to_draw(0.0, 1000.0, view, Some(Rect::new(0.0, 700.0, 100.0, 30.0))), 354.0);
        assert_eq!(offset_to_draw(500.0, 1000.0, view, Some(Rect::new(0.0, 100.0, 100.0, 30.0))), 88.0);
        assert_eq!(offset_to_draw(900.0, 1000.0, view, None), 600.0, "clamped to the end");
    }
}
