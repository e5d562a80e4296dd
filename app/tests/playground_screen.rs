//! The Yoga playground driven as a person drives it: scripts of keys, chip clicks, box clicks and a corner drag
//! pushed onto SDL's queue, headless, checked through the report's `playground.container` (the properties in CSS
//! words, the container's size) and `playground.boxes` (each box's box), the boxes against those a Yoga tree of this
//! test's own gives for the properties the report names.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use goldberry::screens::playground::BOXES;
use goldberry_natives::Goldberry;
use goldberry_natives::yoga::{Align, Direction, FlexDirection, Gutter, Justify, LayoutTree, Length, Wrap};
use serde_json::Value;

/// Plays `script` (lines joined with newlines) on the playground and returns the report.
fn play(name: &str, script: &[String]) -> Value {
    scripts::play("playground", name, "layout", script)
}

fn rect(v: &Value) -> [f32; 4] {
    let n = |i: usize| v[i].as_f64().unwrap_or_else(|| panic!("no box in {v}")) as f32;
    [n(0), n(1), n(2), n(3)]
}

/// The boxes a Yoga tree of this test's own gives for the container the report describes, relative to it.
fn yoga_boxes(container: &Value, grow: &[bool]) -> Vec<[f32; 4]> {
    let word = |key: &str| container[key].as_str().unwrap_or_else(|| panic!("no {key} in {container}")).to_owned();
    let align = |w: &str| match w {
        "flex-start" => Align::FlexStart,
        "center" => Align::Center,
        "flex-end" => Align::FlexEnd,
        "stretch" => Align::Stretch,
        "baseline" => Align::Baseline,
        "space-between" => Align::SpaceBetween,
        "space-around" => Align::SpaceAround,
        "space-evenly" => Align::SpaceEvenly,
        other => panic!("align {other}"),
    };
    let g = Goldberry::load(None).unwrap_or_else(|e| panic!("libgoldberry: {e}"));
    let mut t = LayoutTree::new(g).expect("a tree");
    let root = t.add_node().expect("a node");
    let (w, h) =
        (container["width"].as_f64().expect("width") as f32, container["height"].as_f64().expect("height") as f32);
    t.set_width(root, Length::Points(w));
    t.set_height(root, Length::Points(h));
    t.set_flex_direction(
        root,
        match word("direction").as_str() {
            "row" => FlexDirection::Row,
            "row-reverse" => FlexDirection::RowReverse,
            "column" => FlexDirection::Column,
            "column-reverse" => FlexDirection::ColumnReverse,
            other => panic!("direction {other}"),
        },
    );
    t.set_flex_wrap(root, if word("wrap") == "wrap" { Wrap::Wrap } else { Wrap::NoWrap });
    t.set_justify_content(
        root,
        match word("justify").as_str() {
            "flex-start" => Justify::FlexStart,
            "center" => Justify::Center,
            "flex-end" => Justify::FlexEnd,
            "space-between" => Justify::SpaceBetween,
            "space-around" => Justify::SpaceAround,
            "space-evenly" => Justify::SpaceEvenly,
            other => panic!("justify {other}"),
        },
    );
    t.set_align_items(root, align(&word("align_items")));
    t.set_align_content(root, align(&word("align_content")));
    let gap = word("gap");
    let gap = match gap.strip_suffix('%') {
        Some(p) => Length::Percent(p.parse().expect("a percentage")),
        None => Length::Points(gap.trim_end_matches("px").parse().expect("pixels")),
    };
    t.set_gap_length(root, Gutter::All, gap);
    let mut nodes = Vec::new();
    for (i, (bw, bh, _)) in BOXES.iter().enumerate() {
        let n = t.add_node().expect("a node");
        t.add_child(root, n).expect("a child");
        t.set_width(n, Length::Points(*bw));
        t.set_height(n, Length::Points(*bh));
        t.set_flex_grow(n, if grow[i] { 1.0 } else { 0.0 });
        nodes.push(n);
    }
    t.calculate(root, w, h, Direction::Ltr).expect("layout");
    nodes.iter().map(|n| t.layout(*n)).map(|r| [r.x, r.y, r.w, r.h]).collect()
}

/// Checks that the report's boxes are those Yoga gives for the report's properties.
fn check_boxes(report: &Value) {
    let widgets = &report["widgets"];
    let container = &widgets["playground.container"];
    let c = rect(&container["rect"]);
    let grow: Vec<bool> = widgets["playground.boxes"]["grow"]
        .as_array()
        .expect("grow")
        .iter()
        .map(|v| v.as_bool().expect("a bool"))
        .collect();
    let parts = widgets["playground.boxes"]["parts"].as_array().expect("each box's box");
    let expected = yoga_boxes(container, &grow);
    // A box is drawn, and clicked, inside the stage only: the report gives Yoga's box cut to the stage.
    let stage = rect(&widgets["playground.stage"]["rect"]);
    assert!(parts.len() <= expected.len(), "{} boxes reported, {} laid out", parts.len(), expected.len());
    let empty = serde_json::json!([0.0, 0.0, 0.0, 0.0]);
    for (i, want) in expected.iter().enumerate() {
        // The boxes past the last one shown are not reported at all.
        let got = rect(parts.get(i).unwrap_or(&empty));
        let (x0, y0) = ((c[0] + want[0]).max(stage[0]), (c[1] + want[1]).max(stage[1]));
        let x1 = (c[0] + want[0] + want[2]).min(stage[0] + stage[2]);
        let y1 = (c[1] + want[1] + want[3]).min(stage[1] + stage[3]);
        if x1 <= x0 || y1 <= y0 {
            assert!(got[2] == 0.0 && got[3] == 0.0, "box {i} lies outside the stage, yet has {got:?}");
            continue;
        }
        let want = [x0, y0, x1 - x0, y1 - y0];
        assert!(got.iter().zip(&want).all(|(a, b)| (a - b).abs() < 0.5), "box {i}: {got:?}, Yoga gives {want:?}");
    }
}

fn keys(from: u64, keys: &[&str]) -> Vec<String> {
    keys.iter().enumerate().map(|(i, k)| format!("{} key {k}", from + i as u64)).collect()
}

#[test]
fn keys_change_every_property_and_the_boxes_are_the_ones_yoga_gives() {
    let first = play("first", &["1 key F1".to_owned(), "2 key F1".to_owned()]);
    let c = &first["widgets"]["playground.container"];
    assert_eq!(
        (c["direction"].as_str(), c["wrap"].as_str(), c["gap"].as_str()),
        (Some("row"), Some("wrap"), Some("8px"))
    );
    check_boxes(&first);
    let full_width = c["width"].as_f64().expect("width");

    let cases: [(&[&str], [&str; 6]); 3] = [
        (
            &["d", "d", "j", "j", "j", "a", "g", "g", "g", "Left", "Left"],
            ["column", "wrap", "space-between", "center", "flex-start", "5%"],
        ),
        (
            &["w", "d", "c", "c", "c", "c", "j"],
            ["row-reverse", "nowrap", "center", "flex-start", "space-between", "8px"],
        ),
        (
            &["d", "d", "d", "a", "a", "a", "a", "c", "g", "g", "Right"],
            ["column-reverse", "wrap", "flex-start", "baseline", "center", "32px"],
        ),
    ];
    for (n, (pressed, want)) in cases.iter().enumerate() {
        let report = play(&format!("keys{n}"), &keys(1, pressed));
        let c = &report["widgets"]["playground.container"];
        let words: Vec<&str> = ["direction", "wrap", "justify", "align_items", "align_content", "gap"]
            .iter()
            .map(|k| c[*k].as_str().unwrap_or("?"))
            .collect();
        assert_eq!(words, want, "after {pressed:?}");
        check_boxes(&report);
        let lefts = pressed.iter().filter(|k| **k == "Left").count() as f64;
        let width = c["width"].as_f64().expect("width");
        assert!((width - full_width * (1.0 - 0.1 * lefts)).abs() <= 1.0, "{width} after {lefts} Left");
    }
}

#[test]
fn chips_a_click_on_a_box_and_a_corner_drag_change_the_layout_and_the_boxes_glide_then_rest() {
    let first = play("where", &["1 key F1".to_owned(), "2 key F1".to_owned()]);
    let w = &first["widgets"];
    let centre = |r: [f32; 4]| ((r[0] + r[2] / 2.0) as i64, (r[1] + r[3] / 2.0) as i64);
    let chip = |id: &str, part: usize| centre(rect(&w[id]["parts"][part]));
    let (jx, jy) = chip("playground.justify", 5);
    let (ax, ay) = chip("playground.align_content", 3);
    let (bx, by) = centre(rect(&w["playground.boxes"]["parts"][2]));
    let corner = rect(&w["playground.corner"]["rect"]);
    let stage = rect(&w["playground.stage"]["rect"]);
    let (cx, cy) = centre(corner);
    let (tx, ty) = ((stage[0] + stage[2] * 0.6) as i64, (stage[1] + stage[3] * 0.5) as i64);
    let script = [
        format!("1 click {jx} {jy}"),
        format!("2 click {ax} {ay}"),
        format!("3 click {bx} {by}"),
        format!("4 move {cx} {cy}"),
        "5 press".to_owned(),
        format!("6 move {} {}", (cx + tx) / 2, (cy + ty) / 2),
        format!("7 move {tx} {ty}"),
        "8 release".to_owned(),
        // Long after the glide, so the run goes idle before it ends.
        "40 key F1".to_owned(),
    ];
    let report = play("pointer", &script);
    let c = &report["widgets"]["playground.container"];
    assert_eq!((c["justify"].as_str(), c["align_content"].as_str()), (Some("space-evenly"), Some("stretch")));
    assert_eq!(report["widgets"]["playground.boxes"]["grow"][2], true);
    let (width, height) = (c["width"].as_f64().expect("width"), c["height"].as_f64().expect("height"));
    assert!((width - f64::from(stage[2]) * 0.6).abs() <= 1.0, "{width}");
    assert!((height - f64::from(stage[3]) * 0.5).abs() <= 1.0, "{height}");
    check_boxes(&report);
    // The boxes glide for 200 ms after the drag (12 frames at 60 a second), then the window rests.
    let frames = report["frames"].as_array().expect("frames");
    let idle = |i: usize| frames[i]["idle"].as_bool().unwrap_or(false);
    assert!((8..8 + 12).all(|i| !idle(i)), "every frame of the glide is painted");
    assert!((8 + 14..40).all(idle), "then nothing is painted");
}

/// Ctrl+R mirrors the page: the panel stands at the right of the stage, its chips run from the right, and the
/// Reset… button sits at the stage's left end.
#[test]
fn ctrl_r_mirrors_the_panel_and_the_reset_button() {
    let plain = play("unmirrored", &[]);
    let mirrored = play("mirrored", &["1 key ctrl+r".to_owned()]);
    let w = |r: &Value, id: &str| rect(&r["widgets"][id]["rect"]);
    let part = |r: &Value, id: &str, i: usize| rect(&r["widgets"][id]["parts"][i]);
    assert_eq!(mirrored["widgets"]["mirrored"], true);
    let (stage, chips) = (w(&plain, "playground.stage"), w(&plain, "playground.direction"));
    assert!(chips[0] + chips[2] <= stage[0], "left to right, the panel is left of the stage");
    let reset = w(&plain, "playground.reset");
    assert_eq!(reset[0] + reset[2], stage[0] + stage[2], "at the stage's right end");

    let (stage, chips) = (w(&mirrored, "playground.stage"), w(&mirrored, "playground.direction"));
    assert!(chips[0] >= stage[0] + stage[2], "mirrored, the panel is right of the stage: {chips:?} {stage:?}");
    let (first, second) = (part(&mirrored, "playground.direction", 0), part(&mirrored, "playground.direction", 1));
    assert!(second[0] < first[0], "the chips run from the right: {first:?} {second:?}");
    let reset = w(&mirrored, "playground.reset");
    assert_eq!(reset[0], stage[0], "at the stage's left end");
}
