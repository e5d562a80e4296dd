//! The frame's layout against the real natives: the bars, the body and the tabs.

use super::*;
use crate::geom::Rect;
use crate::scene::texts::{STATUS_ITEMS, status_first_item};
use crate::screens::TITLES;
use crate::test_support::{fonts, inside, natives};

fn scene() -> Scene {
    match Scene::new(natives(), fonts(), &TITLES) {
        Ok(scene) => scene,
        Err(e) => panic!("{e}"),
    }
}

/// `scene` laid out at `width` x `height`, left to right.
fn lay_out(scene: &mut Scene, width: u32, height: u32) -> SceneLayout {
    let text = Timed::new(fonts());
    match scene.lay_out(&FrameInput::headless(0, width, height), &text, Direction::Ltr, &mut Duration::default()) {
        Ok((laid, _)) => laid.layout.clone(),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_body_lies_between_the_bars() {
    let layout = lay_out(&mut scene(), 960, 640);
    assert_eq!(layout.title_bar.bar, Rect::new(0.0, 0.0, 960.0, 44.0));
    assert_eq!(layout.body, Rect::new(0.0, 44.0, 960.0, 572.0));
    assert_eq!(layout.body_size, (960.0, 572.0));
    assert_eq!(layout.status_bar.bar, Rect::new(0.0, 616.0, 960.0, 24.0));
    assert!(layout.status_bar.items.iter().all(|item| inside(*item, layout.status_bar.bar)));
}

#[test]
fn the_status_bars_first_item_names_the_screen() {
    assert_eq!(
        status_first_item(None, 5, 4),
        "ready \u{b7} 12 cards in 4 rows \u{b7} Inter 10 px, JetBrains Mono 9.5 px"
    );
    let controls = status_first_item(Some("Controls"), 5, 3);
    assert!(controls.starts_with("Controls screen"), "{controls}");
    assert!(controls.chars().count() < STATUS_ITEMS[0].chars().count(), "fits the box measured for the overview's");
}

#[test]
fn the_tabs_lie_in_order_in_the_title_bar() {
    let l = lay_out(&mut scene(), 960, 640).title_bar;
    assert_eq!(l.tabs.len(), TITLES.len());
    assert!(l.tabs.iter().all(|tab| inside(*tab, l.bar) && tab.right() <= l.status.x), "{:?}", l.tabs);
    assert!(l.tabs.windows(2).all(|w| w[0].right() <= w[1].x), "tab order, left to right");
}
