//! The interactive showcase driven as a person drives it: scripts pushed onto SDL's queue (`--script`), headless,
//! checked through the report's `screen`, `widgets` and per-frame `events`, `damage_px` and `presented_px`.
//!
//! Where to aim comes from the app: a one-frame run of each screen reports every widget's box, so no test here
//! knows a coordinate of its own.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use std::path::Path;
use std::sync::OnceLock;

use process::temp_dir;
use scripts::{Box, goldberry, output, play, report};
use serde_json::Value;

/// The widgets of the controls screen as a first frame lays them out (run once).
fn controls() -> &'static Value {
    static WIDGETS: OnceLock<Value> = OnceLock::new();
    WIDGETS.get_or_init(|| {
        let dir = temp_dir("interact", "where");
        let mut cmd = goldberry();
        cmd.args(["--screen", "controls", "--frames", "1"]);
        let widgets = report(cmd, &dir)["widgets"].clone();
        let _ = std::fs::remove_dir_all(&dir);
        widgets
    })
}

/// The box of `id` on the controls screen (the whole widget).
fn rect(id: &str) -> Box {
    Box::of(&controls()[id]["rect"])
}

/// The box of part `part` of `id` (a radio option, a tab).
fn part(id: &str, part: usize) -> Box {
    Box::of(&controls()[id]["parts"][part])
}

/// `<frame> click X Y` at `point`.
fn click(frame: u64, (x, y): (i64, i64)) -> String {
    format!("{frame} click {x} {y}")
}

fn mv(frame: u64, (x, y): (i64, i64)) -> String {
    format!("{frame} move {x} {y}")
}

fn key(frame: u64, chord: &str) -> String {
    format!("{frame} key {chord}")
}

/// Tab `n` times from frame `from`, one a frame.
fn tabs(from: u64, n: u64) -> Vec<String> {
    (from..from + n).map(|f| key(f, "Tab")).collect()
}

fn widget<'r>(report: &'r Value, id: &str, field: &str) -> &'r Value {
    &report["widgets"][id][field]
}

#[test]
fn the_button_counts_clicks_and_the_disabled_one_ignores_them() {
    let button = rect("controls.button").centre();
    let disabled = rect("controls.disabled").centre();
    let r = play(
        "interact",
        "button",
        "controls",
        &[click(1, button), click(2, button), click(3, disabled), click(4, disabled)],
    );
    assert_eq!(widget(&r, "controls.button", "presses"), 2);
    // A click on the disabled button neither presses nor focuses it; it only takes the focus away.
    assert_eq!(r["widgets"]["focus"], Value::Null);
    assert_eq!(r["widgets"]["hover"], Value::Null, "the disabled button does not hover");
    assert_eq!(r["frames"][1]["events"], 3, "a click is a move, a press and a release");
}

#[test]
fn the_checkbox_and_the_radio_group_follow_clicks() {
    let checkbox = rect("controls.checkbox").centre();
    let r = play(
        "interact",
        "check-radio",
        "controls",
        &[
            click(1, checkbox),
            click(2, part("controls.radio", 2).centre()),
            click(3, part("controls.radio", 1).centre()),
        ],
    );
    // The cards' shadows start drawn: one click takes them away.
    assert_eq!(widget(&r, "controls.checkbox", "checked"), false);
    assert_eq!(widget(&r, "controls.radio", "selected"), 1);
    assert_eq!(widget(&r, "controls.radio", "shows"), "Layers", "the inspector shows what the option says");
    assert_eq!(r["widgets"]["focus"], "controls.radio", "a click focuses what it clicks");
}

#[test]
fn the_toggle_flips_on_a_click_and_follows_a_drag() {
    let toggle = rect("controls.toggle");
    let clicked = play("interact", "toggle-click", "controls", &[click(1, toggle.centre())]);
    assert_eq!(widget(&clicked, "controls.toggle", "on"), true);
    let twice = play("interact", "toggle-twice", "controls", &[click(1, toggle.centre()), click(2, toggle.centre())]);
    assert_eq!(widget(&twice, "controls.toggle", "on"), false);
    // Dragged from its left end to its right end and released there: on, and the click that ends the drag does not
    // flip it back.
    let drag = |end: (i64, i64)| {
        vec![
            mv(1, toggle.at(0.1, 0.5)),
            "2 press".to_owned(),
            mv(3, toggle.at(0.5, 0.5)),
            mv(4, end),
            "5 release".into(),
        ]
    };
    let dragged = play("interact", "toggle-drag", "controls", &drag(toggle.at(0.9, 0.5)));
    assert_eq!(widget(&dragged, "controls.toggle", "on"), true);
    // Released below the switch: it held the pointer, so it follows all the same.
    let below = (toggle.at(0.9, 0.5).0, (toggle.y + toggle.h * 3.0) as i64);
    let off_track = play("interact", "toggle-drag-off", "controls", &drag(below));
    assert_eq!(widget(&off_track, "controls.toggle", "on"), true);
}

#[test]
fn the_slider_follows_a_press_a_drag_that_leaves_the_track_and_the_wheel() {
    let slider = rect("controls.slider");
    let below = (slider.y + slider.h * 4.0) as i64;
    // The slider's box reaches a thumb's radius past each end of its track, so that the whole thumb is grabbed.
    let r = f64::from(goldberry::widgets::slider::THUMB_R);
    let on_track = |t: f64| ((slider.x + r + (slider.w - 2.0 * r) * t).round() as i64, slider.centre().1);
    let pressed = play("interact", "slider-press", "controls", &[click(1, on_track(0.25))]);
    assert_eq!(widget(&pressed, "controls.slider", "value"), 25);
    let script = [
        mv(1, on_track(0.25)),
        "2 press".to_owned(),
        // Far past the right end and below the track: the slider holds the pointer and reads 100 ...
        format!("3 move {} {below}", (slider.x + slider.w * 2.0) as i64),
        // ... and, still held below the track, follows the pointer back to three quarters.
        format!("4 move {} {below}", on_track(0.75).0),
        "5 release".to_owned(),
        mv(6, slider.centre()),
        "7 wheel 0 3".to_owned(),
        "8 wheel 0 -0.5".to_owned(),
        "9 wheel 0 -0.5".to_owned(),
    ];
    let r = play("interact", "slider-drag", "controls", &script);
    assert_eq!(widget(&r, "controls.slider", "value"), 77, "75 by the drag, +3 and -1 by the wheel");
    let at_100 = play("interact", "slider-capture", "controls", &script[..3]);
    assert_eq!(widget(&at_100, "controls.slider", "value"), 100);
}

#[test]
fn the_theme_switches_by_its_button_and_by_ctrl_t_on_any_screen() {
    let clicked = play("interact", "theme-click", "controls", &[click(1, rect("controls.theme").centre())]);
    assert_eq!(widget(&clicked, "controls.theme", "theme"), "light");
    let keyed = play("interact", "theme-key", "text", &[key(1, "ctrl+t")]);
    assert_eq!(widget(&keyed, "controls.theme", "theme"), "light");
    assert_eq!(keyed["screen"], "text");
    let both =
        play("interact", "theme-both", "controls", &[click(1, rect("controls.theme").centre()), key(2, "ctrl+t")]);
    assert_eq!(widget(&both, "controls.theme", "theme"), "dark");
    // The change fades over about 160 ms: the frames after it paint though no input arrives.
    let fading = both["frames"].as_array().expect("frames");
    assert!(fading.len() >= 4 && fading[3]["idle"] == false, "{}", both["frames"]);
}

/// The report after `keys`, one a frame, on the controls screen.
fn after_keys(name: &str, keys: &[&str]) -> Value {
    let script: Vec<String> = keys.iter().enumerate().map(|(i, k)| key(i as u64 + 1, k)).collect();
    play("interact", name, "controls", &script)
}

#[test]
fn tab_walks_the_controls_in_order_skipping_the_disabled_button_and_shift_tab_walks_back() {
    // One run: each Tab is followed by a key that shows where the focus is.
    let script = [
        tabs(1, 1),
        vec![key(2, "space")],
        tabs(3, 1),
        vec![key(4, "Return")],
        tabs(5, 1),
        vec![key(6, "Right")],
        tabs(7, 1),
        vec![key(8, "space")],
        tabs(9, 1),
        vec![key(10, "Left")],
        tabs(11, 1),
        vec![key(12, "Return")],
        // The overlay dropdown: Down opens nothing (Space would), so the mode stays.
        tabs(13, 1),
        vec![key(14, "Down")],
        // Past the dropdown Tab wraps to the button; Shift+Tab comes back to the dropdown, and again to the theme.
        tabs(15, 1),
        vec![key(16, "space"), key(17, "shift+Tab"), key(18, "shift+Tab")],
    ]
    .concat();
    let r = play("interact", "tab-order", "controls", &script);
    let w = &r["widgets"];
    assert_eq!(w["controls.button"]["presses"], 2);
    assert_eq!(w["controls.checkbox"]["checked"], false, "toggled once from on: the shadows are off");
    assert_eq!(w["controls.radio"]["selected"], 1);
    assert_eq!(w["controls.toggle"]["on"], true);
    assert_eq!(w["controls.slider"]["value"], 39);
    assert_eq!(w["controls.theme"]["theme"], "light");
    assert_eq!(w["controls.overlay"]["value"], "No overlay");
    assert_eq!(w["focus"], "controls.theme");
    // Eight Tabs: seven stops and back to the first, never the disabled button.
    let eight = after_keys("tab-eight", &["Tab"; 8]);
    assert_eq!(eight["widgets"]["focus"], "controls.button");
    let back = after_keys("shift-tab", &["shift+Tab"]);
    assert_eq!(back["widgets"]["focus"], "controls.overlay", "Shift+Tab from nothing starts at the end");
}

#[test]
fn the_slider_and_the_radio_group_take_arrows_home_and_end() {
    let slider = |keys: &[&str]| {
        let all: Vec<&str> = ["Tab"; 5].iter().chain(keys).copied().collect();
        after_keys("slider-keys", &all)["widgets"]["controls.slider"]["value"].clone()
    };
    assert_eq!(slider(&["End", "Left"]), 99);
    assert_eq!(slider(&["Home", "Right", "Up"]), 2);
    assert_eq!(slider(&["shift+Right", "Down"]), 49);
    let radio = |keys: &[&str]| {
        let all: Vec<&str> = ["Tab"; 3].iter().chain(keys).copied().collect();
        after_keys("radio-keys", &all)["widgets"]["controls.radio"]["selected"].clone()
    };
    assert_eq!(radio(&["End"]), 2);
    assert_eq!(radio(&["End", "Home", "Right"]), 1);
    assert_eq!(radio(&["Left"]), 2, "arrows wrap around");
}

#[test]
fn screens_switch_by_tab_click_ctrl_digits_ctrl_tab_and_the_command_line() {
    for (i, name) in
        ["overview", "text", "layout", "controls", "scrolling", "values", "forms", "panels", "menus"].iter().enumerate()
    {
        let clicked = play("interact", "tab-click", "overview", &[click(1, part("tabs", i).centre())]);
        assert_eq!(clicked["screen"], *name, "a click on tab {i}");
        let keyed = play("interact", "ctrl-digit", "overview", &[key(1, &format!("ctrl+{}", i + 1))]);
        assert_eq!(keyed["screen"], *name, "ctrl+{}", i + 1);
        let dir = temp_dir("interact", "screen-flag");
        let mut cmd = goldberry();
        cmd.args(["--frames", "1", "--screen", name]);
        assert_eq!(report(cmd, &dir)["screen"], *name, "--screen {name}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    let forth = play("interact", "ctrl-tab", "panels", &[key(1, "ctrl+Tab"), key(2, "ctrl+Tab")]);
    assert_eq!(forth["screen"], "overview", "Ctrl+Tab wraps from the last screen to the first");
    let back = play("interact", "ctrl-shift-tab", "overview", &[key(1, "ctrl+shift+Tab")]);
    assert_eq!(back["screen"], "menus");
}

#[test]
fn the_tour_runs_to_its_end_and_changes_every_control() {
    let tour = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/scripts/tour.txt");
    let dir = temp_dir("interact", "tour");
    let mut cmd = goldberry();
    cmd.arg("--script").arg(&tour);
    let r = report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let w = &r["widgets"];
    assert_eq!(r["screen"], "controls");
    assert_eq!(w["controls.button"]["presses"], 3);
    assert_eq!(w["controls.checkbox"]["checked"], false, "toggled once from on: the shadows are off");
    assert_eq!(w["controls.radio"]["selected"], 1);
    assert_eq!(w["controls.toggle"]["on"], true);
    assert_eq!(w["controls.slider"]["value"], 89);
    assert_eq!(w["controls.theme"]["theme"], "light");
    let last = std::fs::read_to_string(&tour)
        .expect("the tour")
        .lines()
        .filter_map(|l| l.split_whitespace().next()?.parse::<u64>().ok())
        .max()
        .expect("a timed line");
    assert_eq!(r["summary"]["frames"], last + 2, "a script runs one frame past its last line");
}

#[test]
fn the_keyboard_script_needs_no_mouse() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/scripts/controls-keyboard.txt");
    let text = std::fs::read_to_string(&script).expect("the script");
    assert!(
        text.lines()
            .map(|l| l.split('#').next().unwrap_or_default())
            .all(|l| !l.contains("move") && !l.contains("click")),
        "keyboard only"
    );
    let dir = temp_dir("interact", "keyboard");
    let mut cmd = goldberry();
    cmd.arg("--script").arg(&script);
    let r = report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let w = &r["widgets"];
    assert_eq!(r["screen"], "controls");
    assert_eq!(w["controls.button"]["presses"], 2);
    assert_eq!(w["controls.checkbox"]["checked"], false, "toggled once from on: the shadows are off");
    assert_eq!(w["controls.radio"]["selected"], 1);
    assert_eq!(w["controls.toggle"]["on"], true);
    assert_eq!(w["controls.slider"]["value"], 11);
    assert_eq!(w["controls.theme"]["theme"], "dark");
    assert_eq!(w["focus"], "controls.slider");
}

#[test]
fn an_idle_static_screen_paints_its_first_frame_and_nothing_after() {
    let dir = temp_dir("interact", "idle");
    let mut cmd = goldberry();
    cmd.args(["--screen", "controls", "--frames", "31"]);
    let r = report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let frames = r["frames"].as_array().expect("frames");
    assert_eq!(frames.len(), 31);
    assert_eq!(frames[0]["idle"], false);
    assert!(frames[0]["damage_px"].as_u64() > Some(0) && frames[0]["presented_px"].as_u64() > Some(0));
    for frame in &frames[1..] {
        assert_eq!(frame["idle"], true, "{frame}");
        assert_eq!((frame["damage_px"].as_u64(), frame["presented_px"].as_u64()), (Some(0), Some(0)), "{frame}");
        assert_eq!(frame["events"], 0);
        assert!(frame.get("latency_ms").is_none(), "{frame}");
    }
    assert_eq!(r["summary"]["idle_frames"], 30);
}

#[test]
fn a_pointer_move_over_nothing_is_handled_and_paints_nothing() {
    let panel_corner = (rect("controls.button").x as i64 - 100, rect("controls.theme").y as i64 + 120);
    let r = play("interact", "move-nothing", "controls", &[mv(1, panel_corner), "2 wheel 0 1".to_owned()]);
    for index in [1, 2] {
        let frame = &r["frames"][index];
        assert_eq!((frame["events"].as_u64(), frame["idle"].as_bool()), (Some(1), Some(true)), "{frame}");
        assert_eq!(frame["damage_px"], 0);
    }
}

#[test]
fn a_burst_of_a_thousand_events_in_one_frame_is_handled_whole() {
    let button = rect("controls.button");
    let script: Vec<String> =
        (0..1000).map(|i| mv(1, button.at(f64::from(i % 100) / 100.0, f64::from(i % 7) / 7.0))).collect();
    let r = play("interact", "burst", "controls", &script);
    let frame = &r["frames"][1];
    assert_eq!(frame["events"], 1000, "none dropped: {frame}");
    assert!(frame["latency_ms"].as_f64().is_some(), "{frame}");
    assert_eq!(r["widgets"]["hover"], "controls.button#0");
}

#[test]
fn a_hover_damages_only_the_hovered_controls_box() {
    let button = rect("controls.button");
    let r = play("interact", "hover-damage", "controls", &[mv(1, button.centre())]);
    let frame = &r["frames"][1];
    assert_eq!(frame["idle"], false);
    // The box, with a pixel of anti-aliasing around it.
    let limit = (button.w + 2.0) * (button.h + 2.0);
    let damage = frame["damage_px"].as_f64().unwrap_or(f64::MAX);
    let presented = frame["presented_px"].as_f64().unwrap_or(f64::MAX);
    assert!(damage > 0.0 && damage <= limit, "damage {damage} px for a {} px box", button.area());
    assert!(presented > 0.0 && presented <= limit, "presented {presented} px for a {} px box", button.area());
}

/// Runs a script of one bad `line` and checks the error is at its place (line 3), exit code 2, and that neither
/// the report nor the screenshot was written.
fn refused(name: &str, line: &str, needle: &str) {
    let dir = temp_dir("interact", name);
    let script = dir.join("bad.txt");
    std::fs::write(&script, format!("# a comment, then a blank line\n\n{line}\n")).expect("write the script");
    refused_script(&dir, &script, &format!("{}:3:", script.display()), needle);
}

fn refused_script(dir: &Path, script: &Path, prefix: &str, needle: &str) {
    let (report, shot) = (dir.join("r.json"), dir.join("s.png"));
    let mut cmd = goldberry();
    cmd.args(["--frames", "2"]).arg("--script").arg(script).arg("--report").arg(&report);
    cmd.arg("--screenshot").arg(&shot);
    let out = output(cmd);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].starts_with(prefix), "{}", lines[0]);
    assert!(lines[0].contains(needle), "`{needle}` not in {}", lines[0]);
    assert!(!report.exists() && !shot.exists(), "nothing is written on a bad script");
    let names: Vec<_> = std::fs::read_dir(dir).expect("the dir").flatten().map(|e| e.file_name()).collect();
    assert!(names.iter().all(|n| n == "bad.txt"), "left behind: {names:?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn each_kind_of_bad_script_line_gets_its_one_line_error() {
    refused("unknown-event", "3 jump 1 2", "unknown event `jump`: expected move, press");
    refused("bad-frame", "-1 move 1 2", "`-1` is not a frame number");
    refused("bad-frame-word", "soon move 1 2", "`soon` is not a frame number");
    refused("bad-coordinate", "3 move 1.5 2", "`1.5` is not a whole number of pixels");
    refused("far-coordinate", "3 click 99999 2", "the coordinate 99999 is outside");
    refused("unknown-button", "3 press thumb", "unknown button `thumb`: expected left, middle or right");
    refused("unknown-key", "3 key ctrl+Retrun", "SDL knows no key named `Retrun`");
    refused("unknown-modifier", "3 key hyper+a", "unknown modifier `hyper`");
    refused("unclosed-string", "3 text \"half", "a string is not closed");
    refused("unquoted-text", "3 text half", "the text must be quoted");
    refused("bad-resize", "3 resize 0 480", "the width must be 1 to 16384 pixels, not 0");
    refused("bad-resize-word", "3 resize wide 480", "the width `wide` is not a whole number");
    refused("missing-argument", "3 move 10", "expected `move X Y`");
    refused("missing-key", "3 key", "expected `key CHORD");
    refused("missing-event", "3", "a frame number with no event after it");
    refused("bad-wheel", "3 wheel up 1", "`up` is not a number");
}

#[test]
fn a_missing_script_file_is_refused_before_anything_is_written() {
    let dir = temp_dir("interact", "missing-script");
    std::fs::write(dir.join("bad.txt"), "").expect("a placeholder");
    let script = dir.join("absent.txt");
    refused_script(&dir, &script, &format!("{}:1:1: ", script.display()), "cannot read it");
}

#[test]
fn mirrored_by_ctrl_r_the_slider_runs_from_the_right_and_the_rows_swap_sides() {
    // Where the mirrored layout puts the slider and the button, from a run that only mirrors.
    let where_ = play("interact", "mirrored-where", "controls", &[key(1, "ctrl+r")]);
    let slider = Box::of(&where_["widgets"]["controls.slider"]["rect"]);
    let button = Box::of(&where_["widgets"]["controls.button"]["rect"]);
    assert!(button.x > rect("controls.button").x, "the button moved right, past its label");
    let near_right = slider.at(0.98, 0.5);
    let r = play("interact", "mirrored-slider", "controls", &[key(1, "ctrl+r"), click(3, near_right)]);
    let value = widget(&r, "controls.slider", "value").as_u64().unwrap_or(100);
    assert!(value <= 5, "a click near the mirrored slider's right end reads {value}");
    assert_eq!(r["widgets"]["mirrored"], true);
}

/// The rows of `image` between `y0` and `y1`, right of `x0`, as bytes.
fn region(image: &goldberry::shell::screenshot::RgbImage, x0: u32, (y0, y1): (u32, u32)) -> Vec<u8> {
    let row = |y: u32| {
        let start = ((y * image.width + x0) * 3) as usize;
        image.data[start..((y + 1) * image.width * 3) as usize].to_vec()
    };
    (y0..y1).flat_map(row).collect()
}

#[test]
fn f3_shows_the_inspector_and_the_radio_group_picks_what_it_says() {
    use goldberry::shell::screenshot::RgbImage;
    let dir = temp_dir("interact", "inspector");
    let shot = |name: &str| dir.join(name).display().to_string();
    let script = [
        "2 screenshot ".to_owned() + &shot("without.png"),
        key(3, "F3"),
        "5 screenshot ".to_owned() + &shot("bands.png"),
        click(6, part("controls.radio", 1).centre()),
        // The inspector speaks of the frame drawn before the one it is drawn in.
        mv(8, (5, 5)),
        "10 screenshot ".to_owned() + &shot("layers.png"),
    ];
    let r = play("interact", "inspector-run", "controls", &script);
    assert_eq!(r["widgets"]["inspector"]["on"], true);
    assert_eq!(r["widgets"]["inspector"]["shows"], "Layers");
    let read = |name: &str| RgbImage::read_png(&dir.join(name)).unwrap_or_else(|e| panic!("{e}"));
    let (without, bands, layers) = (read("without.png"), read("bands.png"), read("layers.png"));
    let _ = std::fs::remove_dir_all(&dir);
    // The panel stands under the HUD, at the right: there the three pictures differ.
    let (x0, rows) = (without.width - 320, (230, 320));
    assert_ne!(region(&without, x0, rows), region(&bands, x0, rows), "F3 shows the inspector's panel");
    assert_ne!(region(&bands, x0, rows), region(&layers, x0, rows), "the radio group changes what it says");
}
