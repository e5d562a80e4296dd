//! Layout bounds (F4): every box of the layout shown outlined, its margin and padding shaded, and the box under
//! the pointer named with its size in a tooltip.

use crate::display_list::DisplayList;
use crate::fonts::FontBook;
use crate::geom::{Color, Rect};
use crate::scene::layout::LaidBox;

use super::OverlayView;
use super::labels::Labels;
use super::outline;

/// Outlines by depth, so that nested boxes part.
const DEPTH_COLORS: [Color; 4] =
    [Color(0xb0_35_d0_ba), Color(0xb0_ff_9f_1c), Color(0xb0_9b_6b_ff), Color(0xb0_ff_4f_6d)];
/// Margin and padding as browsers' inspectors shade them.
const MARGIN: Color = Color(0x38_f6_b2_6b);
const PADDING: Color = Color(0x38_93_c4_7d);
/// The hovered box, filled.
const HOVERED: Color = Color(0x30_6f_a8_dc);

/// Records the bounds of `view.boxes`, and the tooltip of the one under the pointer.
pub fn record(view: &OverlayView<'_>, labels: &mut Labels, fonts: &FontBook, list: &mut DisplayList) {
    for b in view.boxes {
        let [ml, mt, mr, mb] = b.margin;
        let r = b.rect;
        bands_around(list, Rect::new(r.x - ml, r.y - mt, r.w + ml + mr, r.h + mt + mb), r, MARGIN);
        let [pl, pt, pr, pb] = b.padding;
        let content = Rect::new(r.x + pl, r.y + pt, (r.w - pl - pr).max(0.0), (r.h - pt - pb).max(0.0));
        bands_around(list, r, content, PADDING);
        outline(list, r, 1.0, DEPTH_COLORS[b.depth % DEPTH_COLORS.len()]);
    }
    let Some(hovered) = view.pointer.and_then(|p| under(view.boxes, p)) else { return };
    list.fill_rect(hovered.rect, HOVERED);
    let words = format!("{}  {} x {}", hovered.name, hovered.rect.w.round(), hovered.rect.h.round());
    let (px, py) = view.pointer.unwrap_or_default();
    let chip = labels.chip(&words, 0.0, 0.0, fonts);
    // Below and right of the pointer, kept inside the frame.
    let x = (px + 12.0).min(view.size.0 - chip.w - 2.0).max(2.0);
    let y = if py + 20.0 + chip.h <= view.size.1 { py + 20.0 } else { (py - 8.0 - chip.h).max(2.0) };
    labels.draw(&words, Rect::new(x, y, chip.w, chip.h), None, fonts, list);
}

/// The innermost box under `(x, y)`: the deepest, then the smallest.
pub fn under(boxes: &[LaidBox], (x, y): (f32, f32)) -> Option<&LaidBox> {
    boxes
        .iter()
        .filter(|b| b.rect.x <= x && x < b.rect.right() && b.rect.y <= y && y < b.rect.bottom())
        .max_by(|a, b| a.depth.cmp(&b.depth).then((b.rect.w * b.rect.h).total_cmp(&(a.rect.w * a.rect.h))))
}

/// Fills what lies between `outer` and `inner` (inside it) as four bands.
fn bands_around(list: &mut DisplayList, outer: Rect, inner: Rect, color: Color) {
    let sides = [
        Rect::new(outer.x, outer.y, outer.w, inner.y - outer.y),
        Rect::new(outer.x, inner.bottom(), outer.w, outer.bottom() - inner.bottom()),
        Rect::new(outer.x, inner.y, inner.x - outer.x, inner.h),
        Rect::new(inner.right(), inner.y, outer.right() - inner.right(), inner.h),
    ];
    for side in sides.into_iter().filter(|s| s.w > 0.0 && s.h > 0.0) {
        list.fill_rect(side, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_box_under_the_pointer_is_the_innermost() {
        let boxes = [
            LaidBox::plain("root".into(), Rect::new(0.0, 0.0, 100.0, 100.0), 0),
            LaidBox::plain("root/0".into(), Rect::new(10.0, 10.0, 50.0, 50.0), 1),
            LaidBox::plain("root/0/0".into(), Rect::new(20.0, 20.0, 10.0, 10.0), 2),
        ];
        assert_eq!(under(&boxes, (25.0, 25.0)).map(|b| b.name.as_str()), Some("root/0/0"));
        assert_eq!(under(&boxes, (40.0, 40.0)).map(|b| b.name.as_str()), Some("root/0"));
        assert_eq!(under(&boxes, (90.0, 5.0)).map(|b| b.name.as_str()), Some("root"));
        assert!(under(&boxes, (150.0, 5.0)).is_none());
    }
}
