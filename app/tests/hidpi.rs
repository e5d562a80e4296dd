//! HiDPI as a person with a 2x or 1.5x display drives it: the same scripts, in logical units, played headless
//! at `--scale`, reach the same widgets and leave the same state as at 1x; the zoom keys change the scale at run
//! time; the report gives the scale and the device size.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use std::path::Path;

use process::temp_dir;
use scripts::{Box, goldberry, report};
use serde_json::Value;

/// Plays `script` (its lines joined) on `screen` at `scale` and returns the report.
fn play_at(name: &str, screen: &str, scale: &str, script: &[String]) -> Value {
    let dir = temp_dir("hidpi", &format!("{name}-{scale}"));
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = goldberry();
    cmd.args(["--screen", screen, "--scale", scale, "--script"]).arg(&path);
    let r = report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

/// The tour clicks, drags and wheels over every control by logical coordinates: at 1.5x and 2x every control
/// ends as at 1x, and every widget lies at the same logical box.
#[test]
fn the_tour_leaves_every_control_as_at_1x_at_one_and_a_half_and_two() {
    let tour = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/scripts/tour.txt");
    let lines: Vec<String> = std::fs::read_to_string(&tour).expect("the tour").lines().map(str::to_owned).collect();
    let at_1 = play_at("tour", "overview", "1", &lines);
    assert_eq!(at_1["widgets"]["controls.button"]["presses"], 3, "the tour pressed the button at 1x");
    for scale in ["1.5", "2"] {
        let scaled = play_at("tour", "overview", scale, &lines);
        assert_eq!(scaled["widgets"], at_1["widgets"], "at {scale}x");
        assert_eq!(scaled["scale"].as_f64(), scale.parse().ok());
        let (w, h) = (at_1["width_px"].as_f64().unwrap_or(0.0), at_1["height_px"].as_f64().unwrap_or(0.0));
        let s: f64 = scale.parse().expect("a number");
        assert_eq!((scaled["width_px"].as_f64(), scaled["height_px"].as_f64()), (Some(w * s), Some(h * s)));
    }
}

/// A double click on the field's first word selects it, a drag past its end selects to the end: the caret's
/// hit test works in logical units at every scale.
#[test]
fn clicks_and_drags_in_the_text_field_select_as_at_1x() {
    let probe = play_at("where", "text", "1", &["1 key ctrl+a".to_owned(), "2 text \"alpha beta gamma\"".to_owned()]);
    let field = Box::of(&probe["widgets"]["text.field"]["rect"]);
    let (x, y) = (field.x as i64 + 14, field.centre().1);
    let end = field.x as i64 + field.w as i64 - 12;
    for scale in ["1.5", "2"] {
        let typed = ["1 key ctrl+a".to_owned(), "2 text \"alpha beta gamma\"".to_owned()];
        let double = [&typed[..], &[format!("3 click {x} {y} x2")]].concat();
        let f = &play_at("double", "text", scale, &double)["widgets"]["text.field"];
        assert_eq!((f["anchor"].as_u64(), f["caret"].as_u64()), (Some(0), Some(5)), "alpha selected at {scale}x");
        let drag = [
            &typed[..],
            &[format!("3 move {x} {y}"), "4 press".to_owned(), format!("5 move {end} {y}"), "6 release".to_owned()],
        ]
        .concat();
        let f = &play_at("drag", "text", scale, &drag)["widgets"]["text.field"];
        assert_eq!((f["anchor"].as_u64(), f["caret"].as_u64()), (Some(1), Some(16)), "dragged to the end at {scale}x");
        let edit = [&double[..], &["4 text \"omega\"".to_owned()]].concat();
        let f = &play_at("edit", "text", scale, &edit)["widgets"]["text.field"];
        assert_eq!(f["text"], "omega beta gamma", "typing replaced the selected word at {scale}x");
    }
}

/// Ctrl+Plus twice zooms to 1.5x in the same window (the logical size shrinks), paints that frame whole and cold,
/// and a click then lands on the button where the zoomed layout put it; Ctrl+0 goes back to 1x.
#[test]
fn the_zoom_keys_change_the_scale_without_a_restart() {
    let zoomed = play_at("zoom", "controls", "1", &["1 key ctrl+=".to_owned(), "2 key ctrl+=".to_owned()]);
    assert_eq!(zoomed["scale"].as_f64(), Some(1.5));
    assert_eq!(zoomed["widgets"]["zoom"].as_f64(), Some(1.5));
    assert_eq!((zoomed["width_px"].as_u64(), zoomed["height_px"].as_u64()), (Some(960), Some(640)));
    assert_eq!(zoomed["size"], "640x426", "the logical size the zoomed frame was laid out in");
    let frames = zoomed["frames"].as_array().expect("frames");
    let zoom_frame = frames.iter().find(|f| f["index"] == 2).expect("frame 2");
    assert_eq!(zoom_frame["cold"], true, "a new scale paints a cold frame");
    assert_eq!(zoom_frame["damage_px"].as_u64(), Some(960 * 640));
    let button = Box::of(&zoomed["widgets"]["controls.button"]["rect"]);
    let (bx, by) = button.centre();
    let script =
        ["1 key ctrl+=".to_owned(), "2 key ctrl+=".to_owned(), format!("4 click {bx} {by}"), "6 key ctrl+0".to_owned()];
    let clicked = play_at("zoom-click", "controls", "1", &script);
    assert_eq!(clicked["widgets"]["controls.button"]["presses"], 1, "the click at the zoomed button's box");
    assert_eq!(clicked["scale"].as_f64(), Some(1.0), "Ctrl+0 reset the zoom");
    // The keypad's + and - zoom as well, and its Enter presses the focused button as Return does.
    let script = ["1 key \"ctrl+Keypad +\"", "2 key \"ctrl+Keypad +\"", "3 key \"ctrl+Keypad -\"", "4 key Tab"]
        .map(str::to_owned);
    let keypad =
        play_at("zoom-keypad", "controls", "1", &[&script[..], &["6 key \"Keypad Enter\"".to_owned()]].concat());
    assert_eq!(keypad["widgets"]["zoom"].as_f64(), Some(1.25));
    assert_eq!(keypad["widgets"]["controls.button"]["presses"], 1, "the keypad's Enter on the focused button");
}
