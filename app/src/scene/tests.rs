//! The scene against the real natives: layout, determinism, resizing, caching.

use std::sync::Arc;

use super::*;
use crate::scene::layout::{Rounding, VisualLayout};
use crate::scene::texts::STATUS_ITEMS;
use crate::test_support::{fonts, natives};

fn scene() -> Scene {
    match Scene::new(natives(), fonts()) {
        Ok(scene) => scene,
        Err(e) => panic!("{e}"),
    }
}

fn record(scene: &mut Scene, index: u64, width: u32, height: u32) -> DisplayList {
    let mut list = DisplayList::new();
    let frame = FrameInput::headless(index, width, height);
    match scene.record(&frame, fonts(), &mut list) {
        Ok(_) => list,
        Err(e) => panic!("{e}"),
    }
}

fn overlaps(a: Rect, b: Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}

fn inside(inner: Rect, outer: Rect) -> bool {
    inner.x >= outer.x - 0.01
        && inner.y >= outer.y - 0.01
        && inner.right() <= outer.right() + 0.01
        && inner.bottom() <= outer.bottom() + 0.01
}

#[test]
fn the_grid_at_960x640_is_twelve_cards_inside_the_window_without_overlap() {
    let mut scene = scene();
    record(&mut scene, 0, 960, 640);
    let layout = scene.layout().cloned().unwrap_or_else(|| panic!("painted, so laid out"));
    let window = Rect::new(0.0, 0.0, 960.0, 640.0);
    assert_eq!(layout.cards.len(), 12);
    assert_eq!(layout.title_bar.bar, Rect::new(0.0, 0.0, 960.0, 44.0));
    for (i, a) in layout.cards.iter().enumerate() {
        assert!(inside(a.card, window), "card {i} {:?}", a.card);
        assert!(a.card.y >= layout.title_bar.bar.bottom() + 14.0, "card {i} under the title bar");
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
    assert_eq!(layout.status_bar.bar, Rect::new(0.0, 616.0, 960.0, 24.0));
    assert!((layout.cards[11].card.bottom() - (616.0 - 14.0)).abs() <= 1.0, "{:?}", layout.cards[11].card);
    assert!(layout.status_bar.items.iter().all(|item| inside(*item, layout.status_bar.bar)));
}

#[test]
fn visuals_use_percent_aspect_ratio_and_wrapping() {
    let mut scene = scene();
    record(&mut scene, 0, 960, 640);
    let layout = scene.layout().cloned().unwrap_or_else(|| panic!("laid out"));
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
    let layers = |list: &DisplayList| -> Vec<(LayerKey, u64, Arc<DisplayList>)> {
        list.ops
            .iter()
            .filter_map(|op| match op {
                Op::Layer { key, version, content, .. } => Some((*key, *version, Arc::clone(content))),
                _ => None,
            })
            .collect()
    };
    let (a, b) = (layers(&cold), layers(&settled));
    assert_eq!(a.len(), 20, "background, title bar, status bar, 5 tabs and 12 cards");
    for ((ka, va, ca), (kb, vb, cb)) in a.iter().zip(&b) {
        assert_eq!((ka, va), (kb, vb));
        // The same recording: the settled frame neither laid out nor recorded the layers again.
        assert!(Arc::ptr_eq(ca, cb), "the layer's content is the same recording");
    }
    assert!(matches!(cold.ops[0], Op::Layer { key: BACKGROUND_LAYER, .. }), "the background comes first");
    // Only a few ops move each frame, and few glyphs.
    assert!(settled.ops.contains(&Op::PushClip(scene.layout().map(|l| l.grid).unwrap_or_default())));
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
    assert_eq!(glyphs, scene.glyph_count());
    assert!((3000..=4200).contains(&glyphs), "{glyphs} glyphs");
}

#[test]
fn text_stays_inside_its_card() {
    let mut scene = scene();
    let list = record(&mut scene, 0, 960, 640);
    let layout = scene.layout().cloned().unwrap_or_else(|| panic!("laid out"));
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
    let before = scene.layout().cloned().unwrap_or_else(|| panic!("laid out"));
    let big = record(&mut scene, 5, 1920, 1080);
    let after = scene.layout().cloned().unwrap_or_else(|| panic!("laid out"));
    for (a, b) in before.cards.iter().zip(&after.cards) {
        assert_ne!(a.card, b.card);
        assert!(b.card.w > a.card.w && b.card.h > a.card.h);
    }
    let layers = |list: &DisplayList| -> Vec<(LayerKey, u64, Arc<DisplayList>)> {
        list.ops
            .iter()
            .filter_map(|op| match op {
                Op::Layer { key, version, content, .. } => Some((*key, *version, Arc::clone(content))),
                _ => None,
            })
            .collect()
    };
    let tabs: Vec<LayerKey> = (0..TAB_LABELS.len()).map(tab_layer).collect();
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
    let narrow = scene.layout().cloned().unwrap_or_else(|| panic!("laid out"));
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
            if let Err(e) = raster.render(&list, fonts(), frame.target(), Pixels::Fresh) {
                panic!("{e}");
            }
            frame.pixels
        };
        let (over_zeros, over_other) = (draw(0x00), draw(0xab));
        let differing = over_zeros.iter().zip(&over_other).position(|(a, b)| a != b);
        assert_eq!(differing.map(|i| (i / 4 % width as usize, i / 4 / width as usize)), None, "{width}x{height}");
    }
}

#[test]
fn the_scene_rounds_its_boxes_exactly_as_yoga_would() {
    for scale in [1.0, 1.25, 2.0] {
        let styles = Styles::new(fonts(), scale);
        let text = Timed::new(fonts());
        let build = |rounding| match layout::SceneTree::one_tree(natives(), &text, &styles, scale, rounding) {
            Ok(tree) => tree,
            Err(e) => panic!("{e}"),
        };
        let (mut ours, mut yogas) = (build(Rounding::ByScene), build(Rounding::ByYoga));
        for (w, h) in [(960.0, 640.0), (1920.0, 1080.0), (777.0, 555.0), (1001.0, 703.0), (640.0, 480.0)] {
            let (w, h) = (w * scale, h * scale);
            let (ours, yogas) = match (ours.lay_out(w, h, Direction::Ltr), yogas.lay_out(w, h, Direction::Ltr)) {
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
    let styles = Styles::new(fonts(), 1.0);
    let text = Timed::new(fonts());
    let mut kept = match layout::SceneTree::build(natives(), &text, &styles, 1.0) {
        Ok(tree) => tree,
        Err(e) => panic!("{e}"),
    };
    for (w, h) in [(960.0, 640.0), (920.0, 600.0), (1920.0, 1080.0), (640.0, 900.0), (960.0, 640.0), (500.0, 400.0)] {
        let again = kept.lay_out(w, h, Direction::Ltr);
        let fresh = layout::SceneTree::build(natives(), &text, &styles, 1.0)
            .map_err(LayoutError::from)
            .and_then(|mut tree| tree.lay_out(w, h, Direction::Ltr));
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
        let styles = Styles::new(fonts(), scale);
        let text = Timed::new(fonts());
        let (split, one) = (
            layout::SceneTree::build(natives(), &text, &styles, scale),
            layout::SceneTree::one_tree(natives(), &text, &styles, scale, Rounding::ByScene),
        );
        let (mut split, mut one) = match (split, one) {
            (Ok(split), Ok(one)) => (split, one),
            (Err(e), _) | (_, Err(e)) => panic!("{e}"),
        };
        split.set_threads(2);
        for (w, h) in sizes {
            let (w, h) = (w * scale, h * scale);
            match (split.lay_out(w, h, Direction::Ltr), one.lay_out(w, h, Direction::Ltr)) {
                (Ok(split), Ok(one)) => assert_eq!(split, one, "at {w}x{h}, scale {scale}"),
                (Err(e), _) | (_, Err(e)) => panic!("{e}"),
            }
        }
    }
}

fn record_view(scene: &mut Scene, index: u64, view: &SceneView) -> DisplayList {
    let mut list = DisplayList::new();
    match scene.record_view(&FrameInput::headless(index, 960, 640), fonts(), &mut list, view) {
        Ok(_) => list,
        Err(e) => panic!("{e}"),
    }
}

fn versions(list: &DisplayList) -> Vec<(LayerKey, u64)> {
    list.ops
        .iter()
        .filter_map(|op| if let Op::Layer { key, version, .. } = op { Some((*key, *version)) } else { None })
        .collect()
}

#[test]
fn the_tabs_lie_in_order_in_the_title_bar_and_the_selected_one_is_drawn_apart() {
    let mut scene = scene();
    let first = record_view(&mut scene, 4, &SceneView::OVERVIEW);
    let l = scene.layout().map(|l| l.title_bar.clone()).unwrap_or_default();
    assert_eq!(l.tabs.len(), TAB_LABELS.len());
    assert!(l.tabs.iter().all(|tab| inside(*tab, l.bar) && tab.right() <= l.status.x), "{:?}", l.tabs);
    assert!(l.tabs.windows(2).all(|w| w[0].right() <= w[1].x), "tab order, left to right");
    let third = record_view(&mut scene, 4, &SceneView { tab: 2, ..SceneView::OVERVIEW });
    let (a, b) = (versions(&first), versions(&third));
    let changed: Vec<LayerKey> = a.iter().zip(&b).filter(|(x, y)| x != y).map(|(x, _)| x.0).collect();
    assert_eq!(changed, [tab_layer(0), tab_layer(2)], "only the tabs that were and are selected");
}

#[test]
fn a_hovered_card_adds_a_few_ops_after_the_card_layers_and_changes_no_layer() {
    let mut scene = scene();
    let plain = record_view(&mut scene, 9, &SceneView::OVERVIEW);
    let hovered = record_view(&mut scene, 9, &SceneView { hovered_card: Some(5), ..SceneView::OVERVIEW });
    assert_eq!(versions(&plain), versions(&hovered));
    let last_card = |list: &DisplayList| {
        list.ops.iter().rposition(|op| matches!(op, Op::Layer { key, .. } if *key == card_layer(11)))
    };
    let at = last_card(&hovered).unwrap_or_else(|| panic!("the cards' layers"));
    assert_eq!(plain.ops[..=at], hovered.ops[..=at], "the same up to the last card's layer");
    let extra = hovered.ops.len() - plain.ops.len();
    assert!((1..=4).contains(&extra), "{extra} ops");
    let card = scene.layout().map(|l| l.cards[5].card).unwrap_or_default();
    let lifted = hovered.ops[at..].iter().any(|op| match op {
        Op::StrokeRoundRect { rect, .. } => inside(card, *rect) || inside(*rect, card),
        _ => false,
    });
    assert!(lifted, "an outline around card 5");
}

fn changed(a: &DisplayList, b: &DisplayList) -> Vec<LayerKey> {
    versions(a).iter().zip(versions(b)).filter(|(x, y)| **x != *y).map(|(x, _)| x.0).collect()
}

const LIGHT: SceneView = SceneView { palette: Palette::of(ThemeName::Light), ..SceneView::OVERVIEW };

#[test]
fn a_hovered_tab_changes_its_own_layer_only_and_the_theme_changes_every_layer() {
    let mut scene = scene();
    let plain = record_view(&mut scene, 9, &SceneView::OVERVIEW);
    let hovered = record_view(&mut scene, 9, &SceneView { hovered_tab: Some(3), ..SceneView::OVERVIEW });
    assert_eq!(changed(&plain, &hovered), [tab_layer(3)]);
    let lit = record_view(&mut scene, 9, &LIGHT);
    let all = changed(&plain, &lit);
    assert_eq!(all.len(), 20, "background, title bar, status bar, 5 tabs and 12 cards: {all:?}");
    assert!((0..12).all(|i| all.contains(&card_layer(i))), "the cards follow the theme");
    assert_eq!(plain, record_view(&mut scene, 9, &SceneView::OVERVIEW), "and back");
}

/// `list` rasterized at 960x640 on one thread.
fn pixels(list: &DisplayList) -> crate::surface::FrameBuffer {
    let mut fb = crate::surface::FrameBuffer::new(960, 640);
    let mut renderer = crate::raster::Renderer::new(natives(), 1);
    if let Err(e) = renderer.render(list, fonts(), fb.target(), crate::surface::Pixels::Fresh) {
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
    let dark = pixels(&record_view(&mut scene, 9, &SceneView::OVERVIEW));
    let light = pixels(&record_view(&mut scene, 9, &LIGHT));
    let layout = scene.layout().cloned().unwrap_or_else(|| panic!("recorded, so laid out"));
    for (i, card) in layout.cards.iter().enumerate() {
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
    record_view(&mut scene, 8, &SceneView::OVERVIEW);
    let first = record_view(&mut scene, 9, &LIGHT);
    let settled = record_view(&mut scene, 10, &LIGHT);
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
    assert_eq!(contents(&first).len(), 20);
}

#[test]
fn during_a_fade_the_cards_are_between_the_themes() {
    let mut scene = scene();
    let dark = record_view(&mut scene, 9, &SceneView::OVERVIEW);
    let light = record_view(&mut scene, 9, &LIGHT);
    let mut theme = crate::ui::theme::Theme::new(ThemeName::Dark);
    theme.toggle(0.0);
    let halfway = SceneView { palette: theme.palette(crate::ui::theme::Theme::FADE_S / 2.0), ..SceneView::OVERVIEW };
    let middle = record_view(&mut scene, 9, &halfway);
    let card = |list: &DisplayList| versions(list).into_iter().find(|(key, _)| *key == card_layer(0));
    assert_ne!(card(&middle), card(&dark));
    assert_ne!(card(&middle), card(&light));
}

#[test]
fn another_screens_body_is_left_empty_over_a_plain_background_and_its_status_stands_still() {
    let mut scene = scene();
    let view = SceneView { tab: 3, cards: false, ..SceneView::OVERVIEW };
    let a = record_view(&mut scene, 1, &view);
    let b = record_view(&mut scene, 2, &view);
    assert_eq!(a, b, "nothing moves");
    assert!(matches!(a.ops[0], Op::Layer { key: PLAIN_BACKGROUND_LAYER, .. }));
    assert!(!a.ops.iter().any(|op| matches!(op, Op::Layer { key, .. } if *key == card_layer(0))));
    assert_eq!(scene.body(), scene.layout().map(|l| l.grid));
    // The status bar names the screen, not the overview's cards, and names them again back on the overview.
    let status = |list: &DisplayList| versions(list).into_iter().find(|(key, _)| *key == STATUS_BAR_LAYER);
    let overview = record_view(&mut scene, 3, &SceneView::OVERVIEW);
    assert_ne!(status(&a), status(&overview));
    let text = record_view(&mut scene, 4, &SceneView { tab: 1, cards: false, ..SceneView::OVERVIEW });
    assert_ne!(status(&a), status(&text), "each screen its own");
    assert_eq!(status(&a), status(&record_view(&mut scene, 5, &view)));
}

#[test]
fn the_status_bars_first_item_names_the_screen() {
    assert_eq!(status_first_item(None, 4), "ready \u{b7} 12 cards in 4 rows \u{b7} Inter 10 px, JetBrains Mono 9.5 px");
    let controls = status_first_item(Some(3), 3);
    assert!(controls.starts_with("Controls screen"), "{controls}");
    assert!(controls.chars().count() < STATUS_ITEMS[0].chars().count(), "fits the box measured for the overview's");
}
