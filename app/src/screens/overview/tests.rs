//! The overview and the chrome as a frame records them, against the real natives: determinism, what is cached,
//! resizing, hover, themes, and another screen's body.

use std::sync::Arc;

use crate::chrome::TABS;
use crate::clock::FrameInput;
use crate::display_list::{DisplayList, LayerKey, Op};
use crate::geom::Rect;
use crate::scene::layers::{BACKGROUND_LAYER, PLAIN_BACKGROUND_LAYER, STATUS_BAR_LAYER, card_layer, tab_layer};
use crate::scene::layout::SceneLayout;
use crate::screens::overview::layout::GridLayout;
use crate::screens::overview::{CARDS, Overview, cards};
use crate::screens::{ScreenId, Shown, TITLES};
use crate::session::Session;
use crate::stage::Stage;
use crate::test_support::{fonts, inside, natives};
use crate::ui::input::UiEvent;
use crate::ui::router::{Cursor, Region, Router, Target, WidgetId};
use crate::ui::settings::Settings;
use crate::ui::theme::{Palette, ThemeName};

/// The overview's layers: the background, the title bar, the status bar, a tab per screen, and the 12 cards.
const LAYERS: usize = 4 + TITLES.len() + 12;

fn scene() -> Stage {
    match Stage::new(natives(), fonts()) {
        Ok(stage) => stage,
        Err(e) => panic!("{e}"),
    }
}

/// What a test frame shows: which screen (by tab), what is hovered, in which colours.
#[derive(Clone, Copy)]
struct View {
    tab: usize,
    hovered_tab: Option<usize>,
    hovered_card: Option<usize>,
    palette: Palette,
    /// The cards cast their shadows.
    shadows: bool,
}

/// The overview as a run starts it: the first tab, nothing hovered, the dark theme.
fn overview() -> View {
    View { tab: 0, hovered_tab: None, hovered_card: None, palette: Palette::of(ThemeName::Dark), shadows: true }
}

/// The overview in the light theme.
fn light() -> View {
    View { palette: Palette::of(ThemeName::Light), ..overview() }
}

/// A router with the pointer over `target`'s box.
fn hovering(target: Option<(WidgetId, usize, Rect)>) -> Router {
    let mut router = Router::new();
    if let Some((id, part, rect)) = target {
        let region = Region {
            target: Target { id, part: part as u8 },
            rect,
            cursor: Cursor::Arrow,
            focusable: false,
            enabled: true,
        };
        let at = UiEvent::PointerMoved { x: rect.x + rect.w / 2.0, y: rect.y + rect.h / 2.0 };
        router.route(&at, &[region], &mut Vec::new());
    }
    router
}

fn layout(stage: &Stage) -> SceneLayout {
    stage.scene().layout().cloned().unwrap_or_else(|| panic!("recorded, so laid out"))
}

/// The overview's grid as last laid out.
fn grid(stage: &Stage) -> GridLayout {
    let overview = stage.screen_of::<Overview>().and_then(Overview::layout);
    overview.cloned().unwrap_or_else(|| panic!("the overview was recorded, so laid out"))
}

/// Frame `index` of `view` at `width` x `height`.
fn record_at(stage: &mut Stage, index: u64, (width, height): (u32, u32), view: &View) -> DisplayList {
    let screen = ScreenId::at(view.tab).unwrap_or_else(|| panic!("no tab {}", view.tab));
    let session = Session::new(screen, false);
    let frame = FrameInput::headless(index, width, height);
    if stage.scene().layout().is_none() {
        stage.record(&frame, fonts(), &mut DisplayList::new(), &session.shown(0.0)).unwrap_or_else(|e| panic!("{e}"));
    }
    let l = layout(stage);
    let card = view.hovered_card.map(|i| (CARDS, i, grid(stage).cards[i].card));
    let tab = view.hovered_tab.map(|i| (TABS, i, l.title_bar.tabs[i]));
    let router = hovering(card.or(tab));
    let settings = Settings { shadows: view.shadows, ..Settings::new() };
    let shown = Shown { router: &router, palette: view.palette, settings, ..session.shown(frame.time_s) };
    let mut list = DisplayList::new();
    match stage.record(&frame, fonts(), &mut list, &shown) {
        Ok(_) => list,
        Err(e) => panic!("{e}"),
    }
}

/// Each layer of `list`: its key, its version and its content.
fn layers(list: &DisplayList) -> Vec<(LayerKey, u64, Arc<DisplayList>)> {
    list.ops
        .iter()
        .filter_map(|op| match op {
            Op::Layer { key, version, content, .. } => Some((*key, *version, Arc::clone(content))),
            _ => None,
        })
        .collect()
}

fn record(stage: &mut Stage, index: u64, width: u32, height: u32) -> DisplayList {
    record_at(stage, index, (width, height), &overview())
}

fn record_view(stage: &mut Stage, index: u64, view: &View) -> DisplayList {
    record_at(stage, index, (960, 640), view)
}

#[test]
fn the_same_frame_records_the_same_list() {
    let mut a = scene();
    let mut b = scene();
    let first = record(&mut a, 30, 960, 640);
    let again = record(&mut a, 30, 960, 640);
    let fresh = record(&mut b, 30, 960, 640);
    assert_eq!(first, again);
    assert_eq!(first, fresh);
    let other = record(&mut a, 31, 960, 640);
    assert_ne!(first, other, "the scene animates");
}

#[test]
fn a_settled_frame_reuses_every_layer_and_only_animates() {
    let mut scene = scene();
    let cold = record(&mut scene, 0, 960, 640);
    let settled = record(&mut scene, 1, 960, 640);
    let (a, b) = (layers(&cold), layers(&settled));
    assert_eq!(
        a.len(),
        LAYERS,
        "background, title bar, status bar, a tab per screen, 12 cards and the status bar's figures"
    );
    for ((ka, va, ca), (kb, vb, cb)) in a.iter().zip(&b) {
        assert_eq!((ka, va), (kb, vb));
        // The same recording: the settled frame neither laid out nor recorded the layers again.
        assert!(Arc::ptr_eq(ca, cb), "the layer's content is the same recording");
    }
    assert!(matches!(cold.ops[0], Op::Layer { key: BACKGROUND_LAYER, .. }), "the background comes first");
    // Only a few ops move each frame, and few glyphs.
    assert!(settled.ops.contains(&Op::PushClip(layout(&scene).body)));
    let moving = settled.ops.len() - b.len();
    assert!(moving < 120, "{moving} ops outside layers");
    let moving_glyphs = settled.glyph_count() - b.iter().map(|(_, _, c)| c.glyph_count()).sum::<usize>();
    assert!(moving_glyphs < 150, "{moving_glyphs}");
}

#[test]
fn about_3500_glyphs_at_960x640() {
    let mut scene = scene();
    let list = record(&mut scene, 0, 960, 640);
    let glyphs = list.glyph_count();
    assert!((3000..=4200).contains(&glyphs), "{glyphs} glyphs");
}

#[test]
fn text_stays_inside_its_card() {
    let mut scene = scene();
    let list = record(&mut scene, 0, 960, 640);
    let layout = grid(&scene);
    let f = fonts();
    for (i, card) in layout.cards.iter().enumerate() {
        let Some(content) = list.ops.iter().find_map(|op| match op {
            Op::Layer { key, content, .. } if *key == card_layer(i) => Some(content),
            _ => None,
        }) else {
            panic!("card {i} has a layer")
        };
        for op in &content.ops {
            if let Op::Glyphs { font, x, y, run, .. } = op {
                let right = x + run.width_px(f.size_px(*font));
                let m = f.metrics(*font);
                assert!(*x >= card.card.x && right <= card.card.right() + 0.5, "card {i}: {x}..{right}");
                assert!(y - m.ascent >= card.card.y - 1.0 && y + m.descent <= card.card.bottom() + 1.0, "card {i}");
            }
        }
    }
}

#[test]
fn resizing_lays_everything_out_again() {
    let mut scene = scene();
    let small = record(&mut scene, 5, 960, 640);
    let before = grid(&scene);
    let big = record(&mut scene, 5, 1920, 1080);
    let after = grid(&scene);
    for (a, b) in before.cards.iter().zip(&after.cards) {
        assert_ne!(a.card, b.card);
        assert!(b.card.w > a.card.w && b.card.h > a.card.h);
    }
    let tabs: Vec<LayerKey> = (0..TITLES.len()).map(tab_layer).collect();
    for ((key, va, ca), (_, vb, cb)) in layers(&small).iter().zip(layers(&big)) {
        if tabs.contains(key) {
            // The tabs sit at the left of the title bar, where a wider window leaves them.
            assert_eq!(*va, vb, "a tab whose box did not move keeps its layer");
            continue;
        }
        assert_ne!(*va, vb, "every other layer has a new version");
        assert!(!Arc::ptr_eq(ca, &cb), "and was recorded again");
    }
    // Narrow windows stack the cards in one column, never narrower than 200 px.
    record(&mut scene, 5, 320, 200);
    let narrow = grid(&scene);
    assert!(narrow.cards.iter().all(|c| c.card.w >= 200.0 && (c.card.x - 14.0).abs() < 0.5));
    // And back: the same layout as before.
    let again = record(&mut scene, 5, 960, 640);
    assert_eq!(again, small);
}

#[test]
fn the_leading_layers_cover_the_frame_so_nothing_under_them_shows() {
    use crate::raster::Renderer;
    use crate::surface::{FrameBuffer, Pixels};
    for (width, height) in [(960, 640), (701, 433), (320, 200)] {
        let mut scene = scene();
        let list = record(&mut scene, 7, width, height);
        assert!(list.opaque_lead);
        // Drawn from scratch into memory that holds zeros, then into memory that holds anything else: a pixel the
        // lead left uncovered would keep what was there.
        let draw = |fill: u8| {
            let mut raster = Renderer::new(natives(), 2);
            let mut frame = FrameBuffer::new(width, height);
            frame.pixels.fill(fill);
            if let Err(e) = raster.render(&list, fonts(), frame.canvas(), Pixels::Fresh) {
                panic!("{e}");
            }
            frame.pixels
        };
        let (over_zeros, over_other) = (draw(0x00), draw(0xab));
        let differing = over_zeros.iter().zip(&over_other).position(|(a, b)| a != b);
        assert_eq!(differing.map(|i| (i / 4 % width as usize, i / 4 / width as usize)), None, "{width}x{height}");
    }
}

/// At 2 device pixels a unit the lead's whole units are whole pixels: a cold frame is not cleared first there
/// either (record 16), and nothing under the lead shows.
#[test]
fn at_two_pixels_a_unit_the_leading_layers_still_cover_the_frame() {
    use crate::raster::Renderer;
    use crate::surface::{FrameBuffer, Pixels};
    let (width, height) = (2 * 701, 2 * 433);
    let frame = FrameInput::headless(7, width, height).at_scale(2.0);
    let mut list = DisplayList::new();
    let session = Session::default();
    if let Err(e) = scene().record(&frame, fonts(), &mut list, &session.shown(frame.time_s)) {
        panic!("{e}");
    }
    assert!(list.opaque_lead);
    let draw = |fill: u8| {
        let mut raster = Renderer::new(natives(), 2);
        let mut pixels = FrameBuffer::new(width, height);
        pixels.pixels.fill(fill);
        if let Err(e) = raster.render(&list, fonts(), pixels.canvas_at(2.0), Pixels::Fresh) {
            panic!("{e}");
        }
        pixels.pixels
    };
    let (over_zeros, over_other) = (draw(0x00), draw(0xab));
    let differing = over_zeros.iter().zip(&over_other).position(|(a, b)| a != b);
    assert_eq!(differing.map(|i| (i / 4 % width as usize, i / 4 / width as usize)), None);
}

#[test]
fn the_selected_tab_is_drawn_apart() {
    let mut scene = scene();
    let tabs = |list: &DisplayList| -> Vec<(LayerKey, u64)> {
        versions(list).into_iter().filter(|(key, _)| (0..TITLES.len()).any(|i| tab_layer(i) == *key)).collect()
    };
    let first = tabs(&record_view(&mut scene, 4, &overview()));
    let third = tabs(&record_view(&mut scene, 4, &View { tab: 2, ..overview() }));
    assert_eq!(first.len(), TITLES.len());
    let changed: Vec<LayerKey> = first.iter().zip(&third).filter(|(x, y)| x != y).map(|(x, _)| x.0).collect();
    assert_eq!(changed, [tab_layer(0), tab_layer(2)], "only the tabs that were and are selected");
}

#[test]
fn a_hovered_card_adds_a_few_ops_after_the_card_layers_and_changes_no_layer() {
    let mut scene = scene();
    let plain = record_view(&mut scene, 9, &overview());
    let hovered = record_view(&mut scene, 9, &View { hovered_card: Some(5), ..overview() });
    assert_eq!(versions(&plain), versions(&hovered));
    let last_card = |list: &DisplayList| {
        list.ops.iter().rposition(|op| matches!(op, Op::Layer { key, .. } if *key == card_layer(11)))
    };
    let at = last_card(&hovered).unwrap_or_else(|| panic!("the cards' layers"));
    assert_eq!(plain.ops[..=at], hovered.ops[..=at], "the same up to the last card's layer");
    let extra = hovered.ops.len() - plain.ops.len();
    assert!((1..=4).contains(&extra), "{extra} ops");
    let card = grid(&scene).cards[5].card;
    let lifted = hovered.ops[at..].iter().any(|op| match op {
        Op::StrokeRoundRect { rect, .. } => inside(card, *rect) || inside(*rect, card),
        _ => false,
    });
    assert!(lifted, "an outline around card 5");
}

fn changed(a: &DisplayList, b: &DisplayList) -> Vec<LayerKey> {
    versions(a).iter().zip(versions(b)).filter(|(x, y)| **x != *y).map(|(x, _)| x.0).collect()
}

#[test]
fn a_hovered_tab_changes_its_own_layer_only_and_the_theme_changes_every_layer() {
    let mut scene = scene();
    let plain = record_view(&mut scene, 9, &overview());
    let hovered = record_view(&mut scene, 9, &View { hovered_tab: Some(3), ..overview() });
    assert_eq!(changed(&plain, &hovered), [tab_layer(3)]);
    let lit = record_view(&mut scene, 9, &light());
    let all = changed(&plain, &lit);
    assert_eq!(
        all.len(),
        LAYERS,
        "background, title bar, status bar, a tab per screen, 12 cards and the status bar's figures: {all:?}"
    );
    assert!((0..12).all(|i| all.contains(&card_layer(i))), "the cards follow the theme");
    assert_eq!(plain, record_view(&mut scene, 9, &overview()), "and back");
}

/// `list` rasterized at 960x640 on one thread.
fn pixels(list: &DisplayList) -> crate::surface::FrameBuffer {
    let mut fb = crate::surface::FrameBuffer::new(960, 640);
    let mut renderer = crate::raster::Renderer::new(natives(), 1);
    if let Err(e) = renderer.render(list, fonts(), fb.canvas(), crate::surface::Pixels::Fresh) {
        panic!("{e}");
    }
    fb
}

/// The mean of the red, green and blue channels over the pixels of `rect`.
fn brightness(fb: &crate::surface::FrameBuffer, rect: Rect) -> f64 {
    let (x0, y0) = (rect.x as usize, rect.y as usize);
    let (w, h) = (rect.w as usize, rect.h as usize);
    let mut sum = 0u64;
    for y in y0..y0 + h {
        let row = &fb.pixels[y * fb.stride()..];
        for px in row[x0 * 4..(x0 + w) * 4].chunks_exact(4) {
            sum += u64::from(px[0]) + u64::from(px[1]) + u64::from(px[2]);
        }
    }
    sum as f64 / (3 * w * h) as f64
}

#[test]
fn the_light_overview_has_light_cards_not_only_a_light_frame() {
    let mut scene = scene();
    let dark = pixels(&record_view(&mut scene, 9, &overview()));
    let light = pixels(&record_view(&mut scene, 9, &light()));
    let layout = layout(&scene);
    for (i, card) in grid(&scene).cards.iter().enumerate() {
        let core = cards::covered(card, 1.0);
        let (d, l) = (brightness(&dark, core), brightness(&light, core));
        // Dark cards are mostly their dark fill; light ones mostly white.
        assert!(d < 90.0 && l > 190.0, "card {i}: {d:.0} in the dark theme, {l:.0} in the light one");
    }
    let title_bar = layout.title_bar.bar;
    assert!(brightness(&light, title_bar) > 190.0, "the chrome follows too");
}

#[test]
fn a_settled_light_frame_reuses_every_layer() {
    let mut scene = scene();
    record_view(&mut scene, 8, &overview());
    let first = record_view(&mut scene, 9, &light());
    let settled = record_view(&mut scene, 10, &light());
    assert_eq!(versions(&first), versions(&settled));
    let contents = |list: &DisplayList| -> Vec<Arc<DisplayList>> {
        list.ops
            .iter()
            .filter_map(|op| if let Op::Layer { content, .. } = op { Some(Arc::clone(content)) } else { None })
            .collect()
    };
    for (a, b) in contents(&first).iter().zip(contents(&settled)) {
        assert!(Arc::ptr_eq(a, &b), "the settled frame recorded no layer again");
    }
    assert_eq!(contents(&first).len(), LAYERS);
}

#[test]
fn during_a_fade_the_cards_are_between_the_themes() {
    let mut scene = scene();
    let dark = record_view(&mut scene, 9, &overview());
    let light = record_view(&mut scene, 9, &light());
    let mut theme = crate::ui::theme::Theme::new(ThemeName::Dark);
    theme.toggle(0.0);
    let halfway = View { palette: theme.palette(crate::ui::theme::Theme::FADE_S / 2.0), ..overview() };
    let middle = record_view(&mut scene, 9, &halfway);
    let card = |list: &DisplayList| versions(list).into_iter().find(|(key, _)| *key == card_layer(0));
    assert_ne!(card(&middle), card(&dark));
    assert_ne!(card(&middle), card(&light));
}

#[test]
fn another_screens_body_is_left_empty_over_a_plain_background_and_its_status_stands_still() {
    let mut scene = scene();
    let view = View { tab: 3, ..overview() };
    let a = record_view(&mut scene, 1, &view);
    let b = record_view(&mut scene, 2, &view);
    assert_eq!(a, b, "nothing moves");
    assert!(matches!(a.ops[0], Op::Layer { key: PLAIN_BACKGROUND_LAYER, .. }));
    assert!(!a.ops.iter().any(|op| matches!(op, Op::Layer { key, .. } if *key == card_layer(0))));
    // The status bar names the screen, not the overview's cards, and names them again back on the overview.
    let status = |list: &DisplayList| versions(list).into_iter().find(|(key, _)| *key == STATUS_BAR_LAYER);
    let first = record_view(&mut scene, 3, &overview());
    assert_ne!(status(&a), status(&first));
    let text = record_view(&mut scene, 4, &View { tab: 1, ..overview() });
    assert_ne!(status(&a), status(&text), "each screen its own");
    assert_eq!(status(&a), status(&record_view(&mut scene, 5, &view)));
}

fn versions(list: &DisplayList) -> Vec<(LayerKey, u64)> {
    list.ops
        .iter()
        .filter_map(|op| if let Op::Layer { key, version, .. } = op { Some((*key, *version)) } else { None })
        .collect()
}

#[test]
fn the_shadows_checkbox_takes_the_cards_shadows_away_and_nothing_else() {
    let mut scene = scene();
    let with = record_view(&mut scene, 9, &overview());
    let without = record_view(&mut scene, 9, &View { shadows: false, ..overview() });
    let cards = (0..12).map(card_layer).collect::<Vec<_>>();
    let changed = changed(&with, &without);
    assert_eq!(changed, cards, "every card's layer, and no other, is recorded again");
    let (lit, plain) = (pixels(&with), pixels(&without));
    let l = grid(&scene);
    // Below each card, in the grid's gap, the shadow darkens the background; inside the card nothing changes.
    for (i, card) in l.cards.iter().enumerate() {
        let below = Rect::new(card.card.x + card.card.w / 2.0 - 10.0, card.card.bottom() + 2.0, 20.0, 4.0);
        if below.bottom() > l.grid.bottom() {
            continue;
        }
        let (a, b) = (brightness(&lit, below), brightness(&plain, below));
        assert!(a + 1.0 < b, "card {i}: {a:.1} with its shadow, {b:.1} without");
        let core = cards::covered(card, 1.0);
        assert_eq!(brightness(&lit, core), brightness(&plain, core), "card {i}'s face is the same");
    }
}
