//! Golden images of the screens, taken by the real binary headless (one thread): each screen's first frame (the overview's is
//! golden.rs's), and the controls screen in both themes with hover, press and focus showing, taken by a script's
//! `screenshot` lines. `--no-hud`, so no timing enters a picture.
//!
//! As in golden.rs: compared exactly unless [`bound`] states why not (record 19); on failure the actual and diff
//! images are written under the target dir's golden-failures/ and their paths printed, and
//! `GOLDBERRY_BLESS=1 cargo test -p goldberry --test screens_golden` writes the goldens anew.

#[path = "support/pixels.rs"]
mod pixels;
#[path = "support/process.rs"]
mod process;

use std::path::{Path, PathBuf};
use std::process::Command;

use goldberry::shell::screenshot::RgbImage;
use pixels::{Bound, golden};
use process::temp_dir;

/// The binary, headless at 960x640 without the HUD, with an environment that does not leak the caller's settings.
fn goldberry() -> Command {
    goldberry_at("960x640", "1")
}

/// The binary as [`goldberry`] runs it, at `size` logical units and `scale` device pixels a unit.
fn goldberry_at(size: &str, scale: &str) -> Command {
    let mut cmd = process::goldberry();
    // One band, as golden.rs paints, and the status bar names the band count; Blend2D's pipelines at the baseline
    // level, which every CPU the goldens are checked on has (record 19).
    cmd.args(["--video-driver", "dummy", "--no-hud", "--size", size, "--scale", scale, "--threads", "1"]);
    cmd.args(["--cpu-level", "sse2"]);
    cmd
}

fn run(mut cmd: Command) {
    let out = cmd.output().expect("run goldberry");
    assert!(out.status.success(), "exit {:?}: {}", out.status.code(), String::from_utf8_lossy(&out.stderr));
}

/// How far golden `name` may be from a picture taken now: exact, every one of them (a golden that cannot be
/// exact gets a bound here, with its reason).
fn bound(_name: &str) -> Bound {
    Bound::EXACT
}

/// Checks each `(name, taken)` against assets/golden/`name` (or writes it with GOLDBERRY_BLESS=1); returns the
/// failures, one line each.
fn check(shots: &[(&str, PathBuf)]) -> Vec<String> {
    shots
        .iter()
        .filter_map(|(name, taken)| {
            let actual = match RgbImage::read_png(taken) {
                Ok(image) => image,
                Err(e) => return Some(format!("{name}: {e}")),
            };
            golden(name, &actual, bound(name), "screens_golden").err()
        })
        .collect()
}

#[test]
fn each_screens_first_frame() {
    let dir = temp_dir("screens-golden", "first");
    let mut shots = Vec::new();
    for screen in ["text", "layout", "controls", "scrolling", "values", "forms", "panels", "menus"] {
        let shot = dir.join(format!("{screen}.png"));
        let mut cmd = goldberry();
        cmd.args(["--frames", "1", "--screen", screen, "--screenshot"]).arg(&shot);
        run(cmd);
        shots.push((screen, shot));
    }
    let named: Vec<(String, PathBuf)> = shots.into_iter().map(|(s, p)| (format!("screen-{s}.png"), p)).collect();
    let failures = check(&named.iter().map(|(n, p)| (n.as_str(), p.clone())).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every screen's first frame at 1.5 and 2 device pixels a unit (at 720x480 units, so that the pictures stay a
/// few hundred KiB): text rasterized at the device's size, hairlines on its pixels, the layout the 1x one.
#[test]
fn each_screens_first_frame_at_one_and_a_half_and_two_pixels_a_unit() {
    let dir = temp_dir("screens-golden", "scaled");
    let mut shots = Vec::new();
    for scale in ["1.5", "2"] {
        for screen in ["overview", "text", "layout", "controls", "scrolling", "values", "forms", "panels", "menus"] {
            let shot = dir.join(format!("{screen}-{scale}.png"));
            let mut cmd = goldberry_at("720x480", scale);
            cmd.args(["--frames", "1", "--screen", screen, "--screenshot"]).arg(&shot);
            run(cmd);
            shots.push((format!("screen-{screen}@{scale}x.png"), shot));
        }
    }
    let failures = check(&shots.iter().map(|(n, p)| (n.as_str(), p.clone())).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The centre of widget `id` on the controls screen, from a one-frame report.
fn centre(widgets: &serde_json::Value, id: &str) -> (i64, i64) {
    let r = &widgets[id]["rect"];
    let n = |i: usize| r[i].as_f64().unwrap_or_else(|| panic!("no box for {id}"));
    ((n(0) + n(2) / 2.0) as i64, (n(1) + n(3) / 2.0) as i64)
}

/// A script that shows the controls' states in `theme` and takes two screenshots into `dir`: the pointer over the
/// button with the keyboard focus on the slider, then the checkbox held down (a press focuses it).
fn states_script(widgets: &serde_json::Value, theme: &str, dir: &Path) -> String {
    let (bx, by) = centre(widgets, "controls.button");
    let (cx, cy) = centre(widgets, "controls.checkbox");
    // The light theme fades in over about 10 frames; the pictures wait for it to settle.
    let switch = if theme == "light" { "1 key ctrl+t" } else { "# dark is the default" };
    let hover = dir.join(format!("controls-{theme}-hover-focus.png"));
    let pressed = dir.join(format!("controls-{theme}-pressed.png"));
    format!(
        "{switch}
20 move {bx} {by}
21 key Tab
22 key Tab
23 key Tab
24 key Tab
25 key Tab
26 screenshot \"{}\"
27 move {cx} {cy}
28 press
29 screenshot \"{}\"
",
        hover.display(),
        pressed.display()
    )
}

#[test]
fn the_controls_in_both_themes_with_hover_press_and_focus() {
    controls_in_both_themes("1", "");
}

/// As at 1x, at 2 device pixels a unit: the script aims at the same logical points.
#[test]
fn the_controls_in_both_themes_at_two_pixels_a_unit() {
    controls_in_both_themes("2", "@2x");
}

fn controls_in_both_themes(scale: &str, suffix: &str) {
    let dir = temp_dir("screens-golden", &format!("states-{scale}"));
    let where_ = dir.join("where.json");
    let mut cmd = goldberry_at("960x640", scale);
    cmd.args(["--frames", "1", "--screen", "controls", "--report"]).arg(&where_);
    run(cmd);
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&where_).expect("the report")).expect("JSON");
    let mut names = Vec::new();
    for theme in ["dark", "light"] {
        let script = dir.join(format!("{theme}.txt"));
        std::fs::write(&script, states_script(&report["widgets"], theme, &dir)).expect("write the script");
        let mut cmd = goldberry_at("960x640", scale);
        cmd.args(["--screen", "controls", "--script"]).arg(&script);
        run(cmd);
        for state in ["hover-focus", "pressed"] {
            let name = format!("controls-{theme}-{state}.png");
            names.push((format!("controls-{theme}-{state}{suffix}.png"), dir.join(name)));
        }
    }
    let failures = check(&names.iter().map(|(n, p)| (n.as_str(), p.clone())).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_list_scrolled_near_its_end_with_a_header_stuck_and_the_scrollbar_shown() {
    let dir = temp_dir("screens-golden", "scrolled");
    let shot = dir.join("scrolling-scrolled.png");
    let script = dir.join("scrolled.txt");
    // End, then a page back: the list rests mid-section, its header stuck to the top, the scrollbar not yet faded.
    std::fs::write(&script, format!("1 key End\n2 key PageUp\n20 screenshot \"{}\"\n", shot.display()))
        .expect("write the script");
    let mut cmd = goldberry();
    cmd.args(["--screen", "scrolling", "--script"]).arg(&script);
    run(cmd);
    let failures = check(&[("scrolling-scrolled.png", shot)]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_text_screen_and_the_overview_mirrored_by_ctrl_r() {
    let dir = temp_dir("screens-golden", "mirrored");
    let mut names = Vec::new();
    for screen in ["text", "overview"] {
        let shot = dir.join(format!("{screen}-mirrored.png"));
        let script = dir.join(format!("{screen}.txt"));
        std::fs::write(&script, format!("1 key ctrl+r\n3 screenshot \"{}\"\n", shot.display())).expect("write");
        let mut cmd = goldberry();
        cmd.args(["--screen", screen, "--script"]).arg(&script);
        run(cmd);
        names.push((format!("screen-{screen}-mirrored.png"), shot));
    }
    let failures = check(&names.iter().map(|(n, p)| (n.as_str(), p.clone())).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each overlay over the overview (one thread, so one band): paint flashing a few frames after it was turned on,
/// the inspector's bands, layers and glyph cache (Shift+F3 steps through them), and the layout bounds with the
/// pointer over a card's header. The overview's animation runs on the frame clock, so each picture is the same
/// every run.
#[test]
fn each_overlay_over_the_overview() {
    let dir = temp_dir("screens-golden", "overlays");
    let modes = ["flashing", "bands", "layers", "glyph-cache", "bounds"];
    let shot = |mode: &str| dir.join(format!("overlay-{mode}.png"));
    let script = format!(
        "2 key F2
8 screenshot \"{}\"
9 key F2
10 key F3
16 screenshot \"{}\"
17 key shift+F3
22 screenshot \"{}\"
23 key shift+F3
28 screenshot \"{}\"
29 key F3
30 key F4
31 move 330 80
36 screenshot \"{}\"
",
        shot(modes[0]).display(),
        shot(modes[1]).display(),
        shot(modes[2]).display(),
        shot(modes[3]).display(),
        shot(modes[4]).display()
    );
    let path = dir.join("overlays.txt");
    std::fs::write(&path, script).expect("write the script");
    let mut cmd = goldberry();
    cmd.args(["--screen", "overview", "--script"]).arg(&path);
    run(cmd);
    let shots: Vec<(String, PathBuf)> = modes.iter().map(|m| (format!("overlay-{m}.png"), shot(m))).collect();
    let failures = check(&shots.iter().map(|(n, p)| (n.as_str(), p.clone())).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each popup open, taken by a script's `screenshot` lines: the overlay dropdown's list (opened by a click, so the
/// dropdown is hovered and focused under it), the text field's context menu with nothing selected (Cut and Copy
/// disabled), the playground's Reset dialog focused on Cancel, and the button's tooltip after its delay.
#[test]
fn each_popup_open() {
    let dir = temp_dir("screens-golden", "popups");
    let mut names = Vec::new();
    for (screen, name, lines) in [
        ("controls", "popup-dropdown", vec!["1 click {controls.overlay}", "3 screenshot {shot}"]),
        ("text", "popup-context-menu", vec!["1 key End", "2 click {text.field} right", "4 screenshot {shot}"]),
        ("layout", "popup-modal", vec!["1 click {playground.reset}", "3 screenshot {shot}"]),
        ("controls", "popup-tooltip", vec!["1 move {controls.button}", "40 screenshot {shot}"]),
    ] {
        let where_ = dir.join(format!("{name}.json"));
        let mut cmd = goldberry();
        cmd.args(["--frames", "1", "--screen", screen, "--report"]).arg(&where_);
        run(cmd);
        let report: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&where_).expect("the report")).expect("JSON");
        let shot = dir.join(format!("{name}.png"));
        let mut script = String::new();
        for line in lines {
            let mut line = line.replace("{shot}", &format!("\"{}\"", shot.display()));
            if let (Some(open), Some(close)) = (line.find('{'), line.find('}')) {
                let (x, y) = centre(&report["widgets"], &line[open + 1..close]);
                line.replace_range(open..=close, &format!("{x} {y}"));
            }
            script.push_str(&line);
            script.push('\n');
        }
        let path = dir.join(format!("{name}.txt"));
        std::fs::write(&path, script).expect("write the script");
        let mut cmd = goldberry();
        cmd.args(["--screen", screen, "--script"]).arg(&path);
        run(cmd);
        names.push((format!("{name}.png"), shot));
    }
    let failures = check(&names.iter().map(|(n, p)| (n.as_str(), p.clone())).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The kit's pages in the other theme and density: the values page in the light theme (after its fade), the form in
/// compact density (Ctrl+D: 28 px controls, tighter rows).
#[test]
fn a_kit_page_in_the_light_theme_and_one_in_compact_density() {
    let dir = temp_dir("screens-golden", "kit-looks");
    let mut names = Vec::new();
    for (screen, name, lines) in [
        ("values", "values-light", ["1 key ctrl+t", "30 screenshot"]),
        ("forms", "forms-compact", ["1 key ctrl+d", "3 screenshot"]),
    ] {
        let shot = dir.join(format!("{name}.png"));
        let script: Vec<String> = lines
            .iter()
            .map(|l| if l.ends_with("screenshot") { format!("{l} \"{}\"", shot.display()) } else { (*l).to_owned() })
            .collect();
        let path = dir.join(format!("{name}.txt"));
        std::fs::write(&path, script.join("\n")).expect("write the script");
        let mut cmd = goldberry();
        cmd.args(["--screen", screen, "--script"]).arg(&path);
        run(cmd);
        names.push((format!("{name}.png"), shot));
    }
    let failures = check(&names.iter().map(|(n, p)| (n.as_str(), p.clone())).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
