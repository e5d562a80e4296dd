//! Every screen recorded through the stage, against the real natives: the regions a layout leaves, what each
//! screen hands back, and sizes from tiny to huge.

use super::*;
use crate::display_list::Op;
use crate::geom::Rect;
use crate::screens::kit::state::PageLaid;
use crate::screens::overview::CARDS;
use crate::screens::{SCREENS, TITLES};
use crate::session::Session;
use crate::test_support::{fonts, inside, natives};
use crate::ui::router::{Cursor, Region, Router};

fn screens() -> Stage {
    match Stage::new(natives(), fonts()) {
        Ok(stage) => stage,
        Err(e) => panic!("{e}"),
    }
}

fn named(name: &str) -> ScreenId {
    ScreenId::named(name).unwrap_or_else(|| panic!("no screen {name}"))
}

fn record(stage: &mut Stage, screen: ScreenId, router: &Router, size: (u32, u32)) -> (DisplayList, Feedback) {
    let session = Session::new(screen, false);
    let shown = Shown { router, ..session.shown(0.0) };
    let mut list = DisplayList::new();
    match stage.record(&FrameInput::headless(3, size.0, size.1), fonts(), &mut list, &shown) {
        Ok(staged) => (list, staged.feedback),
        Err(e) => panic!("{screen} at {size:?}: {e}"),
    }
}

fn body(stage: &Stage) -> Rect {
    stage.scene().layout().map(|l| l.body).unwrap_or_default()
}

#[test]
fn the_tabs_regions_lie_in_tab_order_inside_the_title_bar() {
    let mut screens = screens();
    let (_, feedback) = record(&mut screens, named("overview"), &Router::new(), (960, 640));
    let Some(regions) = feedback.regions else { panic!("a first frame lays out") };
    let bar = screens.scene().layout().map(|l| l.title_bar.bar).unwrap_or_default();
    let tabs: Vec<&Region> = regions.iter().filter(|r| r.target.id == TABS).collect();
    assert_eq!(tabs.len(), SCREENS.len());
    for (i, tab) in tabs.iter().enumerate() {
        assert_eq!(usize::from(tab.target.part), i);
        assert!(inside(tab.rect, bar), "{:?} in {bar:?}", tab.rect);
        assert_eq!((tab.cursor, tab.focusable, tab.enabled), (Cursor::Hand, false, true));
    }
    assert!(tabs.windows(2).all(|w| w[0].rect.right() <= w[1].rect.x), "left to right in tab order");
    // The cards follow, one region each, under the arrow.
    let cards: Vec<&Region> = regions.iter().filter(|r| r.target.id == CARDS).collect();
    assert_eq!(cards.len(), 12);
    assert!(cards.iter().enumerate().all(|(i, r)| usize::from(r.target.part) == i && r.cursor == Cursor::Arrow));
}

#[test]
fn regions_come_with_a_new_layout_or_another_screen_only() {
    let mut screens = screens();
    let router = Router::new();
    assert!(record(&mut screens, named("overview"), &router, (960, 640)).1.regions.is_some());
    assert!(record(&mut screens, named("overview"), &router, (960, 640)).1.regions.is_none(), "settled");
    assert!(record(&mut screens, named("controls"), &router, (960, 640)).1.regions.is_some(), "switched");
    assert!(record(&mut screens, named("controls"), &router, (961, 640)).1.regions.is_some(), "resized");
    assert!(record(&mut screens, named("controls"), &router, (961, 640)).1.regions.is_none(), "settled");
}

#[test]
fn the_controls_screens_regions_lie_inside_the_body_with_its_tracks() {
    let mut screens = screens();
    for size in [(960, 640), (1920, 1080), (700, 900)] {
        let (_, feedback) = record(&mut screens, named("controls"), &Router::new(), size);
        let Some(regions) = feedback.regions else { panic!("laid out") };
        let body = body(&screens);
        let own: Vec<&Region> = regions.iter().filter(|r| r.target.id != TABS).collect();
        assert!(own.len() >= 8, "{own:?}");
        assert!(own.iter().all(|r| inside(r.rect, body)), "{size:?}: {own:?} in {body:?}");
        assert!(!regions.iter().any(|r| r.target.id == CARDS), "no cards off the overview");
        let laid = feedback.laid.and_then(|laid| laid.downcast::<PageLaid>().ok()).expect("the controls' boxes");
        assert_eq!(laid.sheet.viewport, body, "the page scrolls in the body");
    }
}

#[test]
fn every_screen_records_at_a_tiny_a_common_and_a_huge_size() {
    let mut screens = screens();
    for size in [(960, 640), (200, 150), (3840, 2160)] {
        for screen in ScreenId::all() {
            let (list, _) = record(&mut screens, screen, &Router::new(), size);
            assert!(list.opaque_lead && !list.ops.is_empty(), "{screen} at {size:?}");
            let clips = list.ops.iter().filter(|op| matches!(op, Op::PushClip(_))).count();
            let pops = list.ops.iter().filter(|op| matches!(op, Op::PopClip)).count();
            assert_eq!(clips, pops, "{screen} at {size:?}: balanced clips");
        }
    }
}

#[test]
fn the_screens_body_is_its_own_and_the_chrome_is_shared() {
    let mut screens = screens();
    let router = Router::new();
    let (overview, _) = record(&mut screens, named("overview"), &router, (960, 640));
    let (controls, _) = record(&mut screens, named("controls"), &router, (960, 640));
    let (text, _) = record(&mut screens, named("text"), &router, (960, 640));
    let layer_keys = |list: &DisplayList| -> Vec<crate::display_list::LayerKey> {
        list.ops.iter().filter_map(|op| if let Op::Layer { key, .. } = op { Some(*key) } else { None }).collect()
    };
    // The background, the title bar, the status bar, a tab per screen and the status bar's figures.
    let chrome = 4 + TITLES.len();
    assert_eq!(layer_keys(&overview).len(), chrome + 12, "the chrome's layers (a tab per screen) and the 12 cards'");
    assert_eq!(layer_keys(&controls), layer_keys(&text), "the chrome alone");
    assert_eq!(layer_keys(&controls).len(), chrome);
    assert_eq!(layer_keys(&controls)[0], crate::scene::layers::PLAIN_BACKGROUND_LAYER);
    assert_ne!(controls, text, "each screen records its own page");
}

#[test]
fn the_playground_and_scrolling_screens_regions_lie_in_the_body_and_the_list_says_what_scrolls() {
    let mut screens = screens();
    for size in [(960, 640), (1920, 1080), (700, 900)] {
        for screen in [named("layout"), named("scrolling")] {
            let (list, feedback) = record(&mut screens, screen, &Router::new(), size);
            let Some(regions) = feedback.regions else { panic!("{screen} laid out") };
            let body = body(&screens);
            let own: Vec<&Region> = regions.iter().filter(|r| r.target.id != TABS).collect();
            assert!(own.len() >= 2, "{own:?}");
            assert!(own.iter().all(|r| inside(r.rect, body)), "{screen} {size:?}: {own:?} in {body:?}");
            match (screen.name(), &list.scroll) {
                ("scrolling", Some(hint)) => {
                    assert_eq!(list.ops[hint.ops.start], Op::PushClip(hint.viewport));
                    assert_eq!(list.ops[hint.ops.end - 1], Op::PopClip, "the run ends with its clip");
                    assert!(inside(hint.viewport, body));
                }
                ("layout", None) => {}
                (name, scroll) => panic!("{name}: {scroll:?}"),
            }
        }
    }
}
