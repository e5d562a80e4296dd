//! The overview's layout against the real natives: the grid, the visuals, rounding, and laying out again.

use std::time::Duration;

use goldberry_natives::yoga::Direction;

use super::*;
use crate::clock::FrameInput;
use crate::geom::Rect;
use crate::scene::Scene;
use crate::scene::layout::SceneLayout;
use crate::screens::TITLES;
use crate::test_support::{fonts, inside, natives};

/// The frame and the grid in its body laid out at `width` x `height`, left to right.
fn lay_out(width: u32, height: u32) -> (SceneLayout, GridLayout) {
    let text = Timed::new(fonts());
    let mut scene = Scene::new(natives(), fonts(), &TITLES).unwrap_or_else(|e| panic!("{e}"));
    let frame = FrameInput::headless(0, width, height);
    let frame = match scene.lay_out(&frame, &text, Direction::Ltr, &mut Duration::default()) {
        Ok((laid, _)) => laid.layout.clone(),
        Err(e) => panic!("{e}"),
    };
    let mut grid = build(1.0, &text, None);
    match grid.lay_out(frame.body, frame.body_size, Direction::Ltr) {
        Ok(layout) => (frame, layout),
        Err(e) => panic!("{e}"),
    }
}

/// The grid's trees at `scale`, split or (`Some`) in one tree rounded by that.
fn build(scale: f32, text: &Timed<'_>, one: Option<Rounding>) -> GridTree {
    let styles = Styles::new(fonts(), scale);
    let tree = match one {
        None => GridTree::build(natives(), text, &styles, scale),
        Some(rounding) => GridTree::one_tree(natives(), text, &styles, scale, rounding),
    };
    tree.unwrap_or_else(|e| panic!("{e}"))
}

/// `tree` laid out in a body of `w` x `h` at the window's corner.
fn grid_at(tree: &mut GridTree, w: f32, h: f32) -> Result<GridLayout, LayoutError> {
    tree.lay_out(Rect::new(0.0, 0.0, w, h), (w, h), Direction::Ltr)
}

fn overlaps(a: Rect, b: Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}

#[test]
fn the_grid_at_960x640_is_twelve_cards_inside_the_window_without_overlap() {
    let (frame, layout) = lay_out(960, 640);
    let window = Rect::new(0.0, 0.0, 960.0, 640.0);
    assert_eq!(layout.cards.len(), 12);
    assert_eq!(layout.grid, frame.body);
    for (i, a) in layout.cards.iter().enumerate() {
        assert!(inside(a.card, window), "card {i} {:?}", a.card);
        assert!(a.card.y >= frame.title_bar.bar.bottom() + 14.0, "card {i} under the title bar");
        assert!(a.card.w >= 200.0 && a.card.w <= 480.0, "min/max width: {:?}", a.card);
        assert!(a.card.h >= 150.0, "min height: {:?}", a.card);
        for b in &layout.cards[i + 1..] {
            assert!(!overlaps(a.card, b.card), "{:?} and {:?}", a.card, b.card);
        }
        for part in [a.header, a.icon, a.title, a.badge, a.body, a.text, a.footer, a.tag] {
            assert!(inside(part, a.card), "card {i}: {part:?} in {:?}", a.card);
        }
    }
    // Four columns of three rows: 22 % basis of the 932 px inside the padding, grown to fill the line.
    let rows: std::collections::BTreeSet<i32> = layout.cards.iter().map(|c| c.card.y as i32).collect();
    assert_eq!(rows.len(), 3, "{rows:?}");
    let first = layout.cards[0].card;
    assert_eq!((first.x, first.y), (14.0, 58.0));
    assert!((first.w - (932.0 - 3.0 * 12.0) / 4.0).abs() <= 1.0, "{first:?}");
    // The rows stretch to fill the grid (align-content: stretch): the last ends at the bottom padding, above
    // the status bar.
    assert_eq!(frame.status_bar.bar.y, 616.0);
    assert!((layout.cards[11].card.bottom() - (616.0 - 14.0)).abs() <= 1.0, "{:?}", layout.cards[11].card);
}

#[test]
fn visuals_use_percent_aspect_ratio_and_wrapping() {
    let (_, layout) = lay_out(960, 640);
    for (spec, card) in CARDS.iter().zip(&layout.cards) {
        match &card.visual {
            VisualLayout::Chart(panel) => {
                // The chart grows with the text into the card's free height, within 44..150, and together
                // they fill it: nothing below the footer but the card's padding.
                assert!((44.0..=150.0).contains(&panel.h), "{}: {panel:?} in {:?}", spec.title, card.card);
                assert!(card.body.h > 20.0, "{}: {:?}", spec.title, card.body);
                // (Yoga rounds a measured leaf's size up to whole pixels: the footer's text box may reach up to
                // 2 px into the padding.)
                assert!((card.footer.bottom() - (card.card.bottom() - 10.0)).abs() <= 2.0, "{:?}", card.footer);
                assert!((panel.w - (card.card.w - 20.0)).abs() < 1.0, "stretched across the card");
            }
            VisualLayout::Ring { ring, stats } => {
                assert!((ring.w - ring.h).abs() < 0.5 && ring.w > 40.0, "{}: {ring:?}", spec.title);
                assert_eq!(stats.len(), 4);
                assert!(stats.iter().all(|s| s.x >= ring.right()));
            }
            VisualLayout::Chips(chips) => {
                let rows: std::collections::BTreeSet<i32> = chips.iter().map(|c| c.y as i32).collect();
                assert!(rows.len() >= 2, "the chips wrap: {rows:?}");
                assert!(chips.iter().all(|c| inside(*c, card.card)));
                // Auto widths: each chip is as wide as its label plus padding, so they differ.
                assert!(chips[0].w < chips[3].w, "{:?} vs {:?}", chips[0], chips[3]);
            }
            VisualLayout::Swatches(s) => {
                assert_eq!(s.len(), 3);
                assert!(s[1].w > 1.8 * s[0].w, "grow 1/2/1: {s:?}");
            }
            VisualLayout::None => {}
        }
    }
}

#[test]
fn the_scene_rounds_its_boxes_exactly_as_yoga_would() {
    for scale in [1.0, 1.25, 2.0] {
        let text = Timed::new(fonts());
        let (mut ours, mut yogas) =
            (build(scale, &text, Some(Rounding::ByScene)), build(scale, &text, Some(Rounding::ByYoga)));
        for (w, h) in [(960.0, 572.0), (1920.0, 1012.0), (777.0, 487.0), (1001.0, 635.0), (640.0, 412.0)] {
            let (w, h) = (w * scale, h * scale);
            let (ours, yogas) = match (grid_at(&mut ours, w, h), grid_at(&mut yogas, w, h)) {
                (Ok(ours), Ok(yogas)) => (ours, yogas),
                (Err(e), _) | (_, Err(e)) => panic!("{e}"),
            };
            assert_eq!(ours, yogas, "at {w}x{h}, scale {scale}");
            // Whole pixels, as the cards and their text need.
            assert!(ours.cards.iter().all(|c| c.title.x.fract() == 0.0 && c.body.h.fract() == 0.0));
        }
    }
}

#[test]
fn a_tree_laid_out_again_at_a_size_gives_what_a_new_tree_gives() {
    let text = Timed::new(fonts());
    let mut kept = build(1.0, &text, None);
    for (w, h) in [(960.0, 572.0), (920.0, 532.0), (1920.0, 1012.0), (640.0, 832.0), (960.0, 572.0), (500.0, 332.0)] {
        let again = grid_at(&mut kept, w, h);
        let fresh = grid_at(&mut build(1.0, &text, None), w, h);
        match (again, fresh) {
            (Ok(again), Ok(fresh)) => assert_eq!(again, fresh, "at {w}x{h}"),
            (Err(e), _) | (_, Err(e)) => panic!("{e}"),
        }
    }
}

#[test]
fn the_cards_laid_out_in_trees_of_their_own_are_where_one_tree_puts_them() {
    // Sizes where the rows are stretched, where a ring card's content makes its row taller than a third of the
    // grid (wide and short), where the grid wraps into more rows (narrow), and windows too small for the grid.
    let sizes = [
        (960.0, 640.0),
        (940.0, 620.0),
        (1920.0, 1080.0),
        (2560.0, 600.0),
        (1900.0, 420.0),
        (777.0, 555.0),
        (1001.0, 703.0),
        (640.0, 480.0),
        (500.0, 900.0),
        (420.0, 2000.0),
        (300.0, 200.0),
        (120.0, 90.0),
    ];
    for scale in [1.0, 1.5] {
        let text = Timed::new(fonts());
        let (mut split, mut one) = (build(scale, &text, None), build(scale, &text, Some(Rounding::ByScene)));
        split.set_threads(2);
        for (w, h) in sizes {
            let (w, h) = (w * scale, h * scale);
            match (grid_at(&mut split, w, h), grid_at(&mut one, w, h)) {
                (Ok(split), Ok(one)) => assert_eq!(split, one, "at {w}x{h}, scale {scale}"),
                (Err(e), _) | (_, Err(e)) => panic!("{e}"),
            }
        }
    }
}
