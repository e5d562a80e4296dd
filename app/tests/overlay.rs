//! The inspector's overlay driven as a person drives it (F2, F3, F4 pushed as SDL key events by a script,
//! headless): what it draws over the frame, that it draws nothing under it and leaves no trace when it goes, that
//! its own damage is counted apart from the frame's, and that a window with nothing moving goes idle under it.
//! Where to aim comes from a one-frame report of the controls screen.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use goldberry::shell::screenshot::RgbImage;
use process::temp_dir;
use scripts::{Box, goldberry, report};
use serde_json::Value;

/// The box of `id` on the controls screen, from a one-frame report (run once).
fn controls_box(id: &str) -> Box {
    static WIDGETS: OnceLock<Value> = OnceLock::new();
    let widgets = WIDGETS.get_or_init(|| {
        let dir = temp_dir("overlay", "where");
        let mut cmd = goldberry();
        cmd.args(["--screen", "controls", "--frames", "1", "--threads", "1"]);
        let widgets = report(cmd, &dir)["widgets"].clone();
        let _ = std::fs::remove_dir_all(&dir);
        widgets
    });
    Box::of(&widgets[id]["rect"])
}

/// Plays `lines` on the controls screen with one thread; returns the report and the screenshots' paths, named
/// by the frames in `shots`.
fn play(name: &str, lines: &[String], shots: &[u64]) -> (Value, Vec<PathBuf>, PathBuf) {
    let dir = temp_dir("overlay", name);
    let paths: Vec<PathBuf> = shots.iter().map(|f| dir.join(format!("frame-{f}.png"))).collect();
    let mut script: Vec<String> = lines.to_vec();
    script.extend(shots.iter().zip(&paths).map(|(f, p)| format!("{f} screenshot \"{}\"", p.display())));
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = goldberry();
    cmd.args(["--screen", "controls", "--threads", "1", "--script"]).arg(&path);
    (report(cmd, &dir), paths, dir)
}

fn image(path: &Path) -> RgbImage {
    RgbImage::read_png(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// How many pixels inside `inside` and outside it differ between `a` and `b`, those in `apart` not counted.
fn differing_but(a: &RgbImage, b: &RgbImage, inside: Box, apart: Box) -> (usize, usize) {
    assert_eq!((a.width, a.height), (b.width, b.height));
    let (mut inner, mut outer) = (0, 0);
    for y in 0..a.height {
        for x in 0..a.width {
            let i = ((y * a.width + x) * 3) as usize;
            if a.data[i..i + 3] == b.data[i..i + 3] {
                continue;
            }
            let (fx, fy) = (f64::from(x), f64::from(y));
            let within = |b: Box| fx >= b.x && fx < b.x + b.w && fy >= b.y && fy < b.y + b.h;
            if within(apart) {
                continue;
            }
            if within(inside) { inner += 1 } else { outer += 1 }
        }
    }
    (inner, outer)
}

/// How many pixels inside `inside` and outside it differ between `a` and `b`.
fn differing(a: &RgbImage, b: &RgbImage, inside: Box) -> (usize, usize) {
    differing_but(a, b, inside, Box { x: 0.0, y: 0.0, w: 0.0, h: 0.0 })
}

/// How many pixels of `a` and `b` differ, and by how many levels at most in any channel.
fn level_difference(a: &RgbImage, b: &RgbImage) -> (usize, u8) {
    assert_eq!((a.width, a.height), (b.width, b.height));
    let mut changed = 0;
    let mut worst = 0;
    for (p, q) in a.data.chunks(3).zip(b.data.chunks(3)) {
        let d = p.iter().zip(q).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
        if d > 0 {
            changed += 1;
            worst = worst.max(d);
        }
    }
    (changed, worst)
}

fn frame(report: &Value, index: usize) -> &Value {
    &report["frames"][index]
}

fn px(frame: &Value, field: &str) -> u64 {
    frame[field].as_u64().unwrap_or_else(|| panic!("no {field} in {frame}"))
}

#[test]
fn paint_flashing_tints_what_a_hover_repainted_fades_and_leaves_no_trace() {
    let button = controls_box("controls.button");
    let (x, y) = button.centre();
    let hover = format!("10 move {x} {y}");
    // The flash of frame 10's damage shows in frame 11 and is gone 0.4 s (24 frames) later. (A screenshot's frame
    // is painted whatever changed.)
    let shots = [11, 38];
    let (flashing, with, dir_a) = play("flashing", &["1 key F2".to_owned(), hover.clone(), "95 key F2".into()], &shots);
    let (plain, without, dir_b) = play("plain", std::slice::from_ref(&hover), &shots);

    assert_eq!(flashing["widgets"]["overlay"]["mode"], "No overlay", "F2 twice turns it off");
    // The hover's own damage is the same with the overlay on: the overlay's is counted apart.
    assert_eq!(px(frame(&flashing, 10), "damage_px"), px(frame(&plain, 10), "damage_px"));
    assert!(px(frame(&plain, 10), "damage_px") > 0);
    let flash = frame(&flashing, 11);
    assert_eq!((flash["idle"].as_bool(), px(flash, "damage_px")), (Some(false), 0), "frame 11 is the overlay's alone");
    assert!(px(flash, "overlay_px") > 0, "{flash}");
    assert_eq!(px(frame(&plain, 11), "damage_px"), 0, "without the overlay nothing changes after the hover");

    // Frame 11: the button's box (and a pixel of its edge) tinted, nothing else changed but the overlay dropdown,
    // which names the mode (and flashes from frame 1, when it changed).
    let grown = |b: Box| Box { x: b.x - 2.0, y: b.y - 2.0, w: b.w + 4.0, h: b.h + 4.0 };
    let (around, dropdown) = (grown(button), grown(controls_box("controls.overlay")));
    let (inner, outer) = differing_but(&image(&with[0]), &image(&without[0]), around, dropdown);
    assert!(inner as f64 > button.area() * 0.9, "{inner} of the button's {} pixels tinted", button.area());
    assert_eq!(outer, 0, "the flash tints nothing but the damage");

    // Faded: the same pixels as a run that never flashed, and the loop idle until the next change.
    let (inner, outer) = differing_but(&image(&with[1]), &image(&without[1]), around, dropdown);
    assert_eq!((inner, outer), (0, 0), "a faded flash leaves no trace");
    // The button's tooltip shows 0.5 s after the hover (frame 40) and flashes in turn; then nothing moves.
    let idle = (70..90).filter(|&i| frame(&flashing, i)["idle"] == true).count();
    assert_eq!(idle, 20, "nothing moves once the flashes have faded: no frame is painted");
    for dir in [dir_a, dir_b] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn the_inspector_and_the_layout_bounds_draw_over_the_frame_and_go_without_a_trace() {
    let button = controls_box("controls.button");
    let (x, y) = button.centre();
    let lines = [
        format!("1 move {x} {y}"),
        "3 key F3".to_owned(),
        "6 key F3".to_owned(),
        "8 key F4".to_owned(),
        "11 key F4".to_owned(),
    ];
    let (r, shots, dir) = play("inspect", &lines, &[2, 5, 10, 13]);
    let [before, bands, bounds, after] = [0, 1, 2, 3].map(|i| image(&shots[i]));
    let nowhere = Box { x: 0.0, y: 0.0, w: 0.0, h: 0.0 };
    // The bands overlay: the band's edge and label at the top, and the inspector's panel.
    let (_, changed) = differing(&before, &bands, nowhere);
    assert!(changed > 1000, "the bands and the panel show: {changed} pixels");
    // The bounds: the button's box outlined, and the tooltip naming the box under the pointer below it.
    let edge = Box { x: button.x, y: button.y, w: button.w, h: 1.0 };
    let (outlined, _) = differing(&before, &bounds, edge);
    assert!(outlined as f64 >= button.w * 0.9, "the button's top edge is outlined: {outlined} px");
    let tooltip = Box { x: x as f64 + 10.0, y: y as f64 + 18.0, w: 120.0, h: 20.0 };
    let (named, _) = differing(&before, &bounds, tooltip);
    assert!(named > 100, "a tooltip below the pointer: {named} px");
    // Off again: the frame as it was, to the level. (The damage of the button's outline, a one-pixel strip along
    // its bottom edge, cut the button's round corner, which the beta rounded a level apart: a damaged rectangle now
    // grows to hold every corner it would cut, record 19.)
    let (changed, worst) = level_difference(&before, &after);
    assert_eq!(
        (changed, worst),
        (0, 0),
        "the overlays leave no trace: {changed} pixels differ, by up to {worst} levels"
    );
    assert_eq!(r["widgets"]["overlay"]["mode"], "No overlay");
    let mode_frames = r["frames"].as_array().map_or(0, Vec::len);
    assert!(mode_frames >= 13);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_report_names_the_overlay_each_key_turns_on() {
    let (r, _, dir) = play("keys", &["1 key F4".to_owned(), "2 key F3".to_owned()], &[]);
    let overlay = &r["widgets"]["overlay"];
    assert_eq!((overlay["bounds"].as_bool(), overlay["inspector"].as_bool()), (Some(true), Some(true)));
    assert_eq!(overlay["flashing"], false);
    assert_eq!(overlay["mode"], "Bands", "the inspector is named before the bounds");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn with_the_hud_shown_and_every_overlay_on_a_settled_window_goes_idle() {
    let button = controls_box("controls.button");
    let (x, y) = button.centre();
    let dir = temp_dir("overlay", "hud-idle");
    let path = dir.join("script.txt");
    std::fs::write(&path, format!("1 key F2\n2 key F3\n3 key F4\n10 move {x} {y}\n119 move 0 0\n")).expect("write");
    // The HUD shown: its figures change after every counted frame, and the overlay shows that change.
    let mut cmd = process::goldberry();
    cmd.args(["--video-driver", "dummy", "--screen", "controls", "--threads", "2", "--script"]).arg(&path);
    let r = report(cmd, &dir);
    // The tooltip of the button shows half a second after the hover and its flash fades by frame 70.
    let painted: Vec<usize> = (80..119).filter(|&i| frame(&r, i)["idle"] == false).collect();
    assert!(painted.is_empty(), "frames painted with nothing moving: {painted:?}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Plays `lines` on `screen` with one thread and returns the screenshot of frame `shot`.
fn shot_of(name: &str, screen: &str, lines: &[String], shot: u64) -> RgbImage {
    let dir = temp_dir("overlay", name);
    let png = dir.join("shot.png");
    let mut script: Vec<String> = lines.to_vec();
    script.push(format!("{shot} screenshot \"{}\"", png.display()));
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = goldberry();
    cmd.args(["--screen", screen, "--threads", "1", "--script"]).arg(&path);
    report(cmd, &dir);
    let image = image(&png);
    let _ = std::fs::remove_dir_all(dir);
    image
}

/// An overlay turned on and off leaves the frame as a run that never showed it paints it: the frames drawn over
/// the ones before equal a fresh frame, to the level (the text screen's large sample text, drawn from its outlines,
/// came out a level off where the damage's clip cut it).
#[test]
fn an_overlay_on_then_off_leaves_the_frame_a_fresh_run_paints() {
    for (screen, key) in [("controls", "F4"), ("text", "F3"), ("controls", "F3"), ("text", "F4")] {
        let toggled =
            shot_of(&format!("residue-{screen}-{key}"), screen, &[format!("1 key {key}"), format!("3 key {key}")], 6);
        let fresh = shot_of(&format!("fresh-{screen}-{key}"), screen, &[], 6);
        let differ: Vec<(u32, u32)> = (0..fresh.height)
            .flat_map(|y| (0..fresh.width).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let i = ((y * fresh.width + x) * 3) as usize;
                fresh.data[i..i + 3] != toggled.data[i..i + 3]
            })
            .collect();
        assert!(
            differ.is_empty(),
            "{key} on and off on {screen}: {} pixels differ, the first {:?}",
            differ.len(),
            &differ[..differ.len().min(8)]
        );
    }
}

/// Turned to the glyph cache over a window where nothing moves (the text screen, no HUD), the inspector maps the
/// cache at once: the coverage cells' ink in teal and the emoji's colour cells in magenta, in the bottom-left
/// corner (it once waited for something to move and showed an empty cache).
#[test]
fn the_glyph_cache_view_maps_coverage_and_colour_cells_over_a_settled_window() {
    let dir = temp_dir("overlay", "glyph-cache-settled");
    let png = dir.join("shot.png");
    let script = format!("2 key F3\n3 key shift+F3\n4 key shift+F3\n8 screenshot \"{}\"\n", png.display());
    let path = dir.join("script.txt");
    std::fs::write(&path, script).expect("write the script");
    let mut cmd = goldberry();
    cmd.args(["--screen", "text", "--threads", "1", "--script"]).arg(&path);
    report(cmd, &dir);
    let shot = image(&png);
    let _ = std::fs::remove_dir_all(dir);
    // The map's tints over the dark backdrop, near enough for their alpha: teal (0x35d0ba), magenta (0xe04ad8).
    let near = |p: &[u8], c: [u8; 3]| p.iter().zip(c).all(|(&a, b)| a.abs_diff(b) < 48);
    let (mut teal, mut magenta) = (0, 0);
    for y in shot.height / 2..shot.height {
        for x in 0..shot.width / 2 {
            let i = ((y * shot.width + x) * 3) as usize;
            let p = &shot.data[i..i + 3];
            teal += usize::from(near(p, [0x35, 0xd0, 0xba]));
            magenta += usize::from(near(p, [0xe0, 0x4a, 0xd8]));
        }
    }
    assert!(teal > 500, "the coverage cells are mapped: {teal} teal pixels");
    assert!(magenta > 20, "the colour cells are mapped: {magenta} magenta pixels");
}
