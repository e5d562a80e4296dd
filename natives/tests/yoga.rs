//! The Yoga binding against the real Yoga 3 in libgoldberry: the boxes are the ones CSS flexbox gives, computed
//! by hand in the comments.

use std::sync::{Arc, Mutex};

use goldberry_natives::yoga::{
    Align, BoxSizing, Direction, Display, Edge, FlexDirection, Gutter, Insets, Justify, LayoutTree, Length,
    MeasureInput, MeasureMode, PositionType, Rect, Wrap,
};
use goldberry_natives::{Goldberry, NativeError};

fn tree() -> LayoutTree {
    let goldberry = Goldberry::load(None).expect("the built libgoldberry loads");
    LayoutTree::new(goldberry).expect("a layout tree")
}

fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
    Rect { x, y, w, h }
}

fn invalid_argument(result: Result<(), NativeError>) -> String {
    match result {
        Err(NativeError::InvalidArgument(message)) => message,
        other => panic!("expected an InvalidArgument error, got {other:?}"),
    }
}

#[test]
fn a_wrapping_row_with_padding_gap_and_percent_widths() {
    let mut t = tree();
    let root = t.add_node().unwrap();
    t.set_flex_direction(root, FlexDirection::Row);
    t.set_flex_wrap(root, Wrap::Wrap);
    t.set_width(root, Length::Points(500.0));
    t.set_padding(root, Edge::All, Length::Points(10.0));
    t.set_gap(root, Gutter::All, 10.0);
    let heights = [40.0, 30.0, 40.0, 25.0];
    let mut boxes = Vec::new();
    for height in heights {
        let child = t.add_node().unwrap();
        t.set_width(child, Length::Percent(30.0));
        t.set_height(child, Length::Points(height));
        t.add_child(root, child).unwrap();
        boxes.push(child);
    }
    // A grandchild inside the fourth box, offset by its margin: its absolute box adds the fourth box's origin.
    let inner = t.add_node().unwrap();
    t.set_width(inner, Length::Points(20.0));
    t.set_height(inner, Length::Points(10.0));
    t.set_margin(inner, Edge::Left, Length::Points(5.0));
    t.set_margin(inner, Edge::Top, Length::Points(3.0));
    t.add_child(boxes[3], inner).unwrap();
    t.calculate(root, 500.0, f32::NAN, Direction::Ltr).unwrap();

    // Inner width 500 - 2 * 10 = 480; 30% of it is 144. Three fit on a line with two gaps: 144 * 3 + 20 = 452
    // <= 480; a fourth would need 144 * 4 + 30 = 606. Line 1 at y = 10: x = 10, 10 + 144 + 10 = 164,
    // 164 + 154 = 318; its height is the tallest item, 40 (align-items stretch does not touch a set height).
    assert_eq!(t.layout(boxes[0]), rect(10.0, 10.0, 144.0, 40.0));
    assert_eq!(t.layout(boxes[1]), rect(164.0, 10.0, 144.0, 30.0));
    assert_eq!(t.layout(boxes[2]), rect(318.0, 10.0, 144.0, 40.0));
    // Line 2 at y = 10 + 40 + 10 (the row gap) = 60.
    assert_eq!(t.layout(boxes[3]), rect(10.0, 60.0, 144.0, 25.0));
    // The root's height is its content: 10 + 40 + 10 + 25 + 10 = 95.
    assert_eq!(t.layout(root), rect(0.0, 0.0, 500.0, 95.0));
    // The grandchild: (5, 3) inside the fourth box, (15, 63) in the root's coordinates.
    assert_eq!(t.local_layout(inner), rect(5.0, 3.0, 20.0, 10.0));
    assert_eq!(t.layout(inner), rect(15.0, 63.0, 20.0, 10.0));
    assert_eq!(t.children(root), &boxes[..]);
    assert_eq!(t.children(boxes[3]), &[inner]);
    assert_eq!(t.parent(inner), Some(boxes[3]));
    assert_eq!(t.layout_padding(root), Insets { left: 10.0, top: 10.0, right: 10.0, bottom: 10.0 });
    assert!(!t.had_overflow(root));
}

#[test]
fn flex_grow_fills_the_remaining_space_and_min_max_clamp() {
    let mut t = tree();
    let root = t.add_node().unwrap();
    t.set_flex_direction(root, FlexDirection::Row);
    let fixed = t.add_node().unwrap();
    t.set_width(fixed, Length::Points(100.0));
    let grow = t.add_node().unwrap();
    t.set_width(grow, Length::Auto);
    t.set_flex_grow(grow, 1.0);
    t.add_child(root, fixed).unwrap();
    t.add_child(root, grow).unwrap();
    t.calculate(root, 400.0, 50.0, Direction::Ltr).unwrap();
    // 400 - 100 = 300 left, all of it to the only growing item; align-items stretch gives both the height 50.
    assert_eq!(t.layout(fixed), rect(0.0, 0.0, 100.0, 50.0));
    assert_eq!(t.layout(grow), rect(100.0, 0.0, 300.0, 50.0));

    // A second grower with max-width 120: the 300 would split 150 / 150, but the clamped one freezes at 120 and
    // the other takes the rest, 180.
    let capped = t.add_node().unwrap();
    t.set_flex_grow(capped, 1.0);
    t.set_max_width(capped, Length::Points(120.0));
    t.add_child(root, capped).unwrap();
    t.calculate(root, 400.0, 50.0, Direction::Ltr).unwrap();
    assert_eq!(t.layout(grow), rect(100.0, 0.0, 180.0, 50.0));
    assert_eq!(t.layout(capped), rect(280.0, 0.0, 120.0, 50.0));

    // min-width beats a smaller width; a percent min-width resolves against the container (25% of 400 = 100).
    let column = t.add_node().unwrap();
    t.set_width(column, Length::Points(400.0));
    t.set_align_items(column, Align::FlexStart);
    let small = t.add_node().unwrap();
    t.set_width(small, Length::Points(10.0));
    t.set_min_width(small, Length::Points(60.0));
    t.set_height(small, Length::Points(5.0));
    let percent_min = t.add_node().unwrap();
    t.set_width(percent_min, Length::Points(10.0));
    t.set_min_width(percent_min, Length::Percent(25.0));
    t.set_height(percent_min, Length::Points(5.0));
    let clamped_height = t.add_node().unwrap();
    t.set_width(clamped_height, Length::Points(10.0));
    t.set_height(clamped_height, Length::Points(500.0));
    t.set_max_height(clamped_height, Length::Points(70.0));
    for child in [small, percent_min, clamped_height] {
        t.add_child(column, child).unwrap();
    }
    t.calculate(column, f32::NAN, f32::NAN, Direction::Ltr).unwrap();
    assert_eq!(t.layout(small), rect(0.0, 0.0, 60.0, 5.0));
    assert_eq!(t.layout(percent_min), rect(0.0, 5.0, 100.0, 5.0));
    assert_eq!(t.layout(clamped_height), rect(0.0, 10.0, 10.0, 70.0));

    // Clearing the max-width (Auto) lets the capped grower take its half again: 150 / 150.
    t.set_max_width(capped, Length::Auto);
    assert_eq!(t.max_width(capped), None);
    t.calculate(root, 400.0, 50.0, Direction::Ltr).unwrap();
    assert_eq!(t.layout(capped), rect(250.0, 0.0, 150.0, 50.0));
}

#[test]
fn percent_points_and_auto_setters_reach_their_own_c_functions() {
    let mut t = tree();
    // A column 200 wide: an auto-width child stretches to 200 (align-items stretch).
    let root = t.add_node().unwrap();
    t.set_width(root, Length::Points(200.0));
    t.set_height(root, Length::Points(100.0));
    let child = t.add_node().unwrap();
    t.set_height(child, Length::Points(10.0));
    t.add_child(root, child).unwrap();

    let width_after = |t: &mut LayoutTree, length: Length| {
        t.set_width(child, length);
        t.calculate(root, 200.0, 100.0, Direction::Ltr).unwrap();
        (t.layout(child).w, t.width(child))
    };
    // YGNodeStyleSetWidth: 50 points.
    assert_eq!(width_after(&mut t, Length::Points(50.0)), (50.0, Some(Length::Points(50.0))));
    // YGNodeStyleSetWidthPercent: 10% of 200 = 20.
    assert_eq!(width_after(&mut t, Length::Percent(10.0)), (20.0, Some(Length::Percent(10.0))));
    // YGNodeStyleSetWidthAuto: back to stretching, 200.
    assert_eq!(width_after(&mut t, Length::Auto), (200.0, Some(Length::Auto)));

    // Height percent: 30% of 100 = 30; the getter returns the YGValue by value.
    t.set_height(child, Length::Percent(30.0));
    t.calculate(root, 200.0, 100.0, Direction::Ltr).unwrap();
    assert_eq!(t.layout(child).h, 30.0);
    assert_eq!(t.height(child), Some(Length::Percent(30.0)));

    // Margins in a row 300 wide: an auto left margin takes the free space (300 - 50 = 250); a percent margin
    // resolves against the container's width (10% of 300 = 30); points are points.
    let row = t.add_node().unwrap();
    t.set_flex_direction(row, FlexDirection::Row);
    let item = t.add_node().unwrap();
    t.set_width(item, Length::Points(50.0));
    t.set_height(item, Length::Points(20.0));
    t.add_child(row, item).unwrap();
    let x_with_margin = |t: &mut LayoutTree, length: Length| {
        t.set_margin(item, Edge::Left, length);
        t.calculate(row, 300.0, 100.0, Direction::Ltr).unwrap();
        t.layout(item).x
    };
    assert_eq!(x_with_margin(&mut t, Length::Auto), 250.0);
    assert_eq!(x_with_margin(&mut t, Length::Percent(10.0)), 30.0);
    assert_eq!(x_with_margin(&mut t, Length::Points(7.0)), 7.0);
    assert_eq!(t.margin(item, Edge::Left), Some(Length::Points(7.0)));
    assert_eq!(t.layout_margin(item).left, 7.0);

    // Relative insets: percent of the container (20% of 300 = 60, on top of the 7 margin), then points.
    t.set_position(item, Edge::Left, Length::Percent(20.0));
    t.calculate(row, 300.0, 100.0, Direction::Ltr).unwrap();
    assert_eq!(t.layout(item).x, 67.0);
    t.set_position(item, Edge::Left, Length::Points(3.0));
    t.calculate(row, 300.0, 100.0, Direction::Ltr).unwrap();
    assert_eq!(t.layout(item).x, 10.0);
    t.set_position(item, Edge::Left, Length::Auto);
    t.calculate(row, 300.0, 100.0, Direction::Ltr).unwrap();
    assert_eq!(t.layout(item).x, 7.0);

    // Flex basis: points, percent (50% of 300 = 150), auto (falls back to the width, 50).
    t.set_width(item, Length::Points(50.0));
    t.set_margin(item, Edge::Left, Length::Points(0.0));
    for (basis, expected) in [(Length::Points(80.0), 80.0), (Length::Percent(50.0), 150.0), (Length::Auto, 50.0)] {
        t.set_flex_basis(item, basis);
        t.calculate(row, 300.0, 100.0, Direction::Ltr).unwrap();
        assert_eq!(t.layout(item).w, expected, "flex-basis {basis:?}");
        assert_eq!(t.flex_basis(item), Some(basis));
    }

    // Padding percent resolves against the container's width too: 10% of 300 = 30 on each side.
    t.set_padding(row, Edge::Horizontal, Length::Percent(10.0));
    t.calculate(row, 300.0, 100.0, Direction::Ltr).unwrap();
    assert_eq!(t.layout(item).x, 30.0);
    assert_eq!(t.layout_padding(row), Insets { left: 30.0, top: 0.0, right: 30.0, bottom: 0.0 });
    assert_eq!(t.padding(row, Edge::Horizontal), Some(Length::Percent(10.0)));
}

#[test]
fn a_measure_function_sizes_a_text_like_leaf() {
    let mut t = tree();
    let root = t.add_node().unwrap();
    t.set_width(root, Length::Points(200.0));
    t.set_padding(root, Edge::All, Length::Points(5.0));
    let text = t.add_node().unwrap();
    t.add_child(root, text).unwrap();

    // "Text" of a given natural width (in points), 20 points a line: it wraps to the available width.
    let natural = Arc::new(Mutex::new(300.0f32));
    let seen: Arc<Mutex<Vec<MeasureInput>>> = Arc::default();
    let (natural_in, seen_in) = (natural.clone(), seen.clone());
    t.set_measure(text, move |input| {
        seen_in.lock().unwrap().push(input);
        let natural = *natural_in.lock().unwrap();
        if input.width_mode == MeasureMode::Undefined {
            return (natural, 20.0);
        }
        let width = natural.min(input.width);
        (width, (natural / width).ceil() * 20.0)
    });
    t.calculate(root, 200.0, f32::NAN, Direction::Ltr).unwrap();
    // The column stretches the leaf to the inner width 190 exactly: 300 / 190 -> 2 lines, 40 high.
    assert_eq!(t.layout(text), rect(5.0, 5.0, 190.0, 40.0));
    assert_eq!(t.layout(root).h, 50.0);
    assert!(
        seen.lock().unwrap().iter().any(|i| i.width == 190.0 && i.width_mode == MeasureMode::Exactly),
        "the measure function was asked for width 190 exactly: {:?}",
        seen.lock().unwrap()
    );

    // The text grows to 500 wide: without mark_dirty Yoga keeps its cached measurement...
    *natural.lock().unwrap() = 500.0;
    t.calculate(root, 200.0, f32::NAN, Direction::Ltr).unwrap();
    assert_eq!(t.layout(text).h, 40.0);
    // ...and after it, measures again: 500 / 190 -> 3 lines, 60 high.
    t.mark_dirty(text);
    assert!(t.is_dirty(text));
    t.calculate(root, 200.0, f32::NAN, Direction::Ltr).unwrap();
    assert!(!t.is_dirty(text));
    assert_eq!(t.layout(text), rect(5.0, 5.0, 190.0, 60.0));

    // Without its measure function the leaf has no content: 0 high.
    t.clear_measure(text);
    t.calculate(root, 200.0, f32::NAN, Direction::Ltr).unwrap();
    assert_eq!(t.layout(text).h, 0.0);
}

#[test]
fn a_panicking_measure_function_fails_calculate_instead_of_aborting() {
    let mut t = tree();
    let root = t.add_node().unwrap();
    t.set_width(root, Length::Points(100.0));
    let text = t.add_node().unwrap();
    t.add_child(root, text).unwrap();
    t.set_measure(text, |_| panic!("the font is gone"));

    let message = invalid_argument(t.calculate(root, 100.0, f32::NAN, Direction::Ltr));
    assert!(message.contains("YGNodeCalculateLayout"), "{message}");
    assert!(message.contains("the font is gone"), "{message}");
    // The failed measurement counted as zero.
    assert_eq!(t.layout(text).h, 0.0);
    // It is not cached as a success: the next pass measures again and fails again.
    assert!(invalid_argument(t.calculate(root, 100.0, f32::NAN, Direction::Ltr)).contains("the font is gone"));

    // A working measure function replaces it, and layout recovers.
    t.set_measure(text, |input| (input.width, 24.0));
    t.calculate(root, 100.0, f32::NAN, Direction::Ltr).unwrap();
    assert_eq!(t.layout(text), rect(0.0, 0.0, 100.0, 24.0));
}

#[test]
fn a_centred_column() {
    let mut t = tree();
    let root = t.add_node().unwrap();
    t.set_flex_direction(root, FlexDirection::Column);
    t.set_justify_content(root, Justify::Center);
    t.set_align_items(root, Align::Center);
    let a = t.add_node().unwrap();
    t.set_width(a, Length::Points(100.0));
    t.set_height(a, Length::Points(50.0));
    let b = t.add_node().unwrap();
    t.set_width(b, Length::Points(60.0));
    t.set_height(b, Length::Points(30.0));
    t.add_child(root, a).unwrap();
    t.add_child(root, b).unwrap();
    t.calculate(root, 300.0, 200.0, Direction::Ltr).unwrap();
    // The root takes the available 300 x 200. Content is 50 + 30 = 80 high: it starts at (200 - 80) / 2 = 60.
    // Each child is centred across: (300 - 100) / 2 = 100 and (300 - 60) / 2 = 120.
    assert_eq!(t.layout(root), rect(0.0, 0.0, 300.0, 200.0));
    assert_eq!(t.layout(a), rect(100.0, 60.0, 100.0, 50.0));
    assert_eq!(t.layout(b), rect(120.0, 110.0, 60.0, 30.0));

    // align-self overrides the container for one child; justify flex-end packs at the bottom (200 - 80 = 120).
    t.set_align_self(b, Align::FlexEnd);
    t.set_justify_content(root, Justify::FlexEnd);
    t.calculate(root, 300.0, 200.0, Direction::Ltr).unwrap();
    assert_eq!(t.layout(a), rect(100.0, 120.0, 100.0, 50.0));
    assert_eq!(t.layout(b), rect(240.0, 170.0, 60.0, 30.0));
}

#[test]
fn absolute_positioning_aspect_ratio_and_display_none() {
    let mut t = tree();
    let root = t.add_node().unwrap();
    t.set_flex_direction(root, FlexDirection::Row);
    t.set_align_items(root, Align::FlexStart);
    let first = t.add_node().unwrap();
    t.set_width(first, Length::Points(100.0));
    // Aspect ratio 2 (width / height): 100 wide -> 50 high.
    t.set_aspect_ratio(first, 2.0);
    let hidden = t.add_node().unwrap();
    t.set_width(hidden, Length::Points(70.0));
    t.set_height(hidden, Length::Points(70.0));
    t.set_display(hidden, Display::None);
    let badge = t.add_node().unwrap();
    t.set_position_type(badge, PositionType::Absolute);
    t.set_position(badge, Edge::Right, Length::Points(10.0));
    t.set_position(badge, Edge::Top, Length::Points(20.0));
    t.set_width(badge, Length::Points(30.0));
    t.set_height(badge, Length::Points(30.0));
    let last = t.add_node().unwrap();
    t.set_width(last, Length::Points(40.0));
    t.set_height(last, Length::Points(40.0));
    t.set_border(last, Edge::All, 2.0);
    for child in [first, hidden, badge, last] {
        t.add_child(root, child).unwrap();
    }
    t.calculate(root, 400.0, 300.0, Direction::Ltr).unwrap();
    assert_eq!(t.layout(first), rect(0.0, 0.0, 100.0, 50.0));
    // display: none takes no space and has a zero box; the absolute badge is out of the flow, so the last box
    // follows the first directly.
    assert_eq!(t.layout(hidden).w, 0.0);
    assert_eq!(t.layout(last), rect(100.0, 0.0, 40.0, 40.0));
    // The badge sits 10 from the right edge and 20 from the top: x = 400 - 10 - 30 = 360.
    assert_eq!(t.layout(badge), rect(360.0, 20.0, 30.0, 30.0));
    assert_eq!(t.layout_border(last), Insets { left: 2.0, top: 2.0, right: 2.0, bottom: 2.0 });
}

#[test]
fn misuse_is_refused_before_yoga_sees_it() {
    let mut t = tree();
    let root = t.add_node().unwrap();
    let child = t.add_node().unwrap();
    let grandchild = t.add_node().unwrap();
    t.add_child(root, child).unwrap();
    t.add_child(child, grandchild).unwrap();

    // Yoga would throw a C++ exception (or loop forever) on each of these; the safe layer refuses them.
    assert!(invalid_argument(t.add_child(root, child)).contains("already a child"));
    assert!(invalid_argument(t.add_child(grandchild, root)).contains("cycle"));
    assert!(invalid_argument(t.add_child(root, root)).contains("cycle"));
    assert!(invalid_argument(t.calculate(child, 10.0, 10.0, Direction::Ltr)).contains("is a child of"));
    assert!(invalid_argument(t.calculate(root, -1.0, 10.0, Direction::Ltr)).contains("available width"));
    assert!(invalid_argument(t.calculate(root, 10.0, f32::INFINITY, Direction::Ltr)).contains("available height"));
    assert!(t.set_point_scale_factor(-2.0).is_err());
    t.set_point_scale_factor(2.0).unwrap();

    // A measured node takes no children, and a node with children takes no measure function.
    let leaf = t.add_node().unwrap();
    t.set_measure(leaf, |_| (1.0, 1.0));
    let orphan = t.add_node().unwrap();
    assert!(invalid_argument(t.add_child(leaf, orphan)).contains("measure function"));
    t.set_measure(child, |_| (1.0, 1.0));
    assert!(invalid_argument(t.calculate(root, 10.0, 10.0, Direction::Ltr)).contains("has children"));
    // The misuse is reported once.
    t.calculate(root, 10.0, 10.0, Direction::Ltr).unwrap();

    // A node of another tree is recognised: no aliasing of this tree's nodes.
    let mut other = tree();
    let foreign = other.add_node().unwrap();
    assert_eq!(foreign.index(), 0);
    assert!(invalid_argument(t.add_child(root, foreign)).contains("not a node of this layout tree"));
    t.set_width(foreign, Length::Points(10.0));
    assert!(invalid_argument(t.calculate(root, 10.0, 10.0, Direction::Ltr)).contains("set_width"));
    assert_eq!(t.layout(foreign), Rect::default());
    assert!(t.children(foreign).is_empty());
    assert_eq!(t.width(foreign), None);
    // In its own tree it is a fresh node: Yoga's default width is auto.
    assert_eq!(other.width(foreign), Some(Length::Auto));

    // Removing detaches; the removed node can be added elsewhere.
    assert!(invalid_argument(t.remove_child(root, grandchild)).contains("not a child"));
    t.remove_child(child, grandchild).unwrap();
    assert!(t.children(child).is_empty());
    t.add_child(root, grandchild).unwrap();
    assert_eq!(t.children(root), &[child, grandchild]);
}

#[test]
fn many_trees_with_measure_functions_are_freed_cleanly() {
    // Every node, config and measure closure is released in Drop: the closures' captured Arc counts come back.
    let token = Arc::new(());
    for _ in 0..50 {
        let mut t = tree();
        let root = t.add_node().unwrap();
        for _ in 0..20 {
            let leaf = t.add_node().unwrap();
            let held = token.clone();
            t.set_measure(leaf, move |_| {
                let _ = &held;
                (5.0, 5.0)
            });
            t.add_child(root, leaf).unwrap();
        }
        t.calculate(root, 100.0, 100.0, Direction::Ltr).unwrap();
        assert_eq!(t.layout(t.children(root)[19]).y, 95.0);
        assert_eq!(Arc::strong_count(&token), 21);
    }
    assert_eq!(Arc::strong_count(&token), 1);
}

#[test]
fn a_percent_gap_content_box_sizing_right_and_bottom_and_a_mirrored_pass() {
    let mut t = tree();
    let root = t.add_node().unwrap();
    t.set_flex_direction(root, FlexDirection::Row);
    t.set_width(root, Length::Points(400.0));
    t.set_height(root, Length::Points(100.0));
    t.set_gap_length(root, Gutter::Column, Length::Percent(10.0));
    let a = t.add_node().unwrap();
    t.set_width(a, Length::Points(100.0));
    t.set_height(a, Length::Points(50.0));
    t.add_child(root, a).unwrap();
    let b = t.add_node().unwrap();
    t.set_width(b, Length::Points(100.0));
    t.set_height(b, Length::Points(50.0));
    t.set_padding(b, Edge::All, Length::Points(5.0));
    t.set_box_sizing(b, BoxSizing::ContentBox);
    t.add_child(root, b).unwrap();
    let before = t.yoga_calls();
    t.calculate(root, 400.0, 100.0, Direction::Ltr).unwrap();
    assert_eq!(t.yoga_calls(), before + 1, "one layout pass is one call");
    // 10 % of the 400 wide row is a 40 gap; content-box adds b's padding to its 100 x 50.
    assert_eq!(t.layout(a), rect(0.0, 0.0, 100.0, 50.0));
    assert_eq!(t.layout(b), rect(140.0, 0.0, 110.0, 60.0));
    // Right to left, the row starts at the right edge, and Yoga reports the insets from it (it fills right and
    // bottom only along a reversed axis).
    t.calculate(root, 400.0, 100.0, Direction::Rtl).unwrap();
    assert_eq!(t.layout(a), rect(300.0, 0.0, 100.0, 50.0));
    let at = t.layout_position(b);
    assert_eq!((at.left, at.top, at.right), (150.0, 0.0, 140.0));
}
