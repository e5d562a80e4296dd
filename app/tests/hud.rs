//! The HUD and the inspector tell the truth, driven as a person drives them (scripts of real SDL events, headless):
//! the HUD leaves the corner the pointer or the focus is under, a still window shows its last frame's figures, the
//! damage the renderer grows is the frame's (none is booked to an overlay that is off), a wheel notch or a key moves
//! the list on the frame that handles it, and the inspector's panel lists the bands the frame drew and leaves its
//! own layer out of the layers it counts. Where to aim comes from one-frame reports.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use process::temp_dir;
use scripts::{Box, output};
use serde_json::Value;

/// The binary, headless, the HUD shown (as a person starts it).
fn with_hud() -> std::process::Command {
    let mut cmd = process::goldberry();
    cmd.args(["--video-driver", "dummy", "--threads", "1"]);
    cmd
}

/// Runs `cmd` with `script` (lines joined) and `args`, and returns the report.
fn run(name: &str, mut cmd: std::process::Command, args: &[&str], script: &[String]) -> Value {
    let dir = temp_dir("hud", name);
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let report = dir.join("report.json");
    cmd.args(args).arg("--script").arg(&path).arg("--report").arg(&report);
    let out = output(cmd);
    assert!(out.status.success(), "exit {:?}: {}", out.status.code(), String::from_utf8_lossy(&out.stderr));
    let value = serde_json::from_slice(&std::fs::read(&report).expect("the report")).expect("JSON");
    let _ = std::fs::remove_dir_all(&dir);
    value
}

/// A screen, a window size, a widget's id and where on it the pointer goes (from the report's widgets).
type Case = (&'static str, &'static str, &'static str, fn(&Value) -> Box);

fn overlaps(a: Box, b: Box) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

fn hud_box(report: &Value) -> Box {
    Box::of(&report["hud"]["rect"])
}

/// On the layout screen (its "Reset…" at two sizes), the scrolling screen (the list's thumb at 960x640) and the
/// controls screen at 480x320 (the » button), the pointer on the widget sends the HUD to the top-left corner, clear
/// of it; the pointer gone, it comes back; the focus on the widget keeps it away.
#[test]
fn the_hud_leaves_the_corner_the_pointer_or_the_focus_is_under() {
    let cases: [Case; 4] = [
        ("layout", "960x640", "playground.reset", |w| Box::of(&w["playground.reset"]["rect"])),
        ("layout", "1280x800", "playground.reset", |w| Box::of(&w["playground.reset"]["rect"])),
        ("scrolling", "960x640", "scrolling.bar", |w| {
            let bar = Box::of(&w["scrolling.bar"]["rect"]);
            Box { h: 40.0, ..bar }
        }),
        ("controls", "480x320", "tabs", |w| {
            let parts = w["tabs"]["parts"].as_array().expect("the tabs' parts");
            Box::of(parts.last().expect("the » button"))
        }),
    ];
    for (screen, size, id, target) in cases {
        let name = format!("{screen}-{size}");
        let args = ["--screen", screen, "--size", size];
        let still = run(&format!("{name}-still"), with_hud(), &[&args[..], &["--frames", "2"]].concat(), &[]);
        let widget = target(&still["widgets"]);
        assert_eq!(still["hud"]["corner"], "top-right", "{name}: {}", still["hud"]);
        assert!(overlaps(hud_box(&still), widget), "{name}: the HUD at home covers {id} (what this test is about)");
        let (x, y) = widget.centre();
        let pointed = run(
            &format!("{name}-pointed"),
            with_hud(),
            &[&args[..], &["--frames", "6"]].concat(),
            &[format!("2 move {x} {y}")],
        );
        assert_eq!(pointed["hud"]["corner"], "top-left", "{name}: {}", pointed["hud"]);
        assert!(!overlaps(hud_box(&pointed), widget), "{name}: the HUD still covers {id}: {}", pointed["hud"]);
        let gone = run(
            &format!("{name}-gone"),
            with_hud(),
            &[&args[..], &["--frames", "8"]].concat(),
            &[format!("2 move {x} {y}"), "5 move 20 300".to_owned()],
        );
        assert_eq!(gone["hud"]["corner"], "top-right", "{name}: the pointer left: {}", gone["hud"]);
    }
    // The focus, reached with the keyboard, keeps it away with the pointer elsewhere.
    let focused = run(
        "focus",
        with_hud(),
        &["--screen", "layout", "--frames", "12"],
        &["1 move 20 300".to_owned(), "2 focus #playground.reset".to_owned()],
    );
    assert_eq!(focused["widgets"]["focus"], "playground.reset", "{}", focused["widgets"]["focus"]);
    assert_eq!(focused["hud"]["corner"], "top-left", "{}", focused["hud"]);
}

/// Three zooms on the still controls screen, each a redraw; then the window settles. The HUD shows the figures of
/// every frame the statistics counted (the last one's too), by one frame painted for it alone, which they do not
/// count; then nothing is painted.
#[test]
fn a_still_window_shows_its_last_frames_figures_then_goes_idle() {
    let script: Vec<String> = [5, 15, 25].iter().map(|f| format!("{f} key ctrl+=")).collect();
    let r = run("zooms", with_hud(), &["--screen", "controls", "--frames", "60"], &script);
    let hud = &r["hud"];
    assert_eq!(hud["shown"], true);
    assert_eq!(hud["figures_of_frames"], hud["frames_counted"], "the HUD shows older figures: {hud}");
    let frames = r["frames"].as_array().expect("frames");
    let painted: Vec<&Value> = frames.iter().filter(|f| f["idle"] == false).collect();
    let counted = painted.iter().filter(|f| f.get("for_figures").is_none()).count();
    assert_eq!(hud["frames_counted"].as_u64(), Some(counted as u64), "{hud}");
    let last = painted.last().expect("a painted frame");
    assert_eq!(last["for_figures"], true, "the last frame painted is the HUD's own: {last}");
    assert!(last["damage_px"].as_u64() > Some(0), "it drew the new figures: {last}");
    let after = last["index"].as_u64().unwrap_or(u64::MAX);
    assert!(after < 40, "the window settles: {after}");
}

/// No overlay on: nothing is booked to it, though the renderer grows the list's damage to hold round corners and
/// curves whole, and every frame the list moves in draws for itself. Paint flashing on, the same frames count the
/// same damage as their own and the overlay's apart.
#[test]
fn with_no_overlay_on_the_grown_damage_is_the_frames() {
    let script = ["5 move 300 300", "6 wheel 0 -1", "20 key PageDown", "35 key Down", "50 key End", "65 key Home"];
    let script: Vec<String> = script.iter().map(|s| (*s).to_owned()).collect();
    let args = ["--screen", "scrolling", "--no-hud", "--frames", "90"];
    let plain = run("no-overlay", with_hud(), &args, &script);
    let frames = plain["frames"].as_array().expect("frames");
    for frame in frames {
        assert_eq!(frame["overlay_px"], 0, "no overlay is on: {frame}");
        assert!(frame["damage_px"].as_u64() <= frame["presented_px"].as_u64(), "{frame}");
    }
    let mut flashing = script.clone();
    flashing.insert(0, "1 key F2".to_owned());
    let flashed = run("flashing", with_hud(), &args, &flashing);
    let with_overlay = flashed["frames"].as_array().expect("frames");
    for (a, b) in frames.iter().zip(with_overlay).skip(2) {
        if b.get("for_figures").is_none() {
            assert_eq!(a["damage_px"], b["damage_px"], "the overlay changed the frame's own damage: {a} / {b}");
        }
    }
    assert!(with_overlay.iter().any(|f| f["overlay_px"].as_u64() > Some(0)), "the flashes drew");
}

/// A wheel notch, PageDown, Down, End and Home each move the list on the frame that handles them, and that frame's
/// latency is measured (to the frame that shows the change).
#[test]
fn a_notch_or_a_key_moves_the_list_on_the_frame_that_handles_it() {
    let script = ["5 move 300 300", "6 wheel 0 -1", "20 key PageDown", "35 key Down", "50 key End", "65 key Home"];
    let script: Vec<String> = script.iter().map(|s| (*s).to_owned()).collect();
    let r = run("keys", with_hud(), &["--screen", "scrolling", "--no-hud", "--frames", "80"], &script);
    let frames = r["frames"].as_array().expect("frames");
    for index in [6, 20, 35, 50, 65] {
        let frame = &frames[index];
        assert_eq!(frame["events"], 1, "{frame}");
        assert!(frame["damage_px"].as_u64() > Some(0), "frame {index} handled the input and drew nothing: {frame}");
        assert!(frame["latency_ms"].as_f64().is_some(), "{frame}");
        assert!(frames[index - 1]["damage_px"] == 0, "the list was still before: {}", frames[index - 1]);
    }
}

/// The bands panel at `--scale 1.5` lists the bands the overlay marks: each one drew rows, none is empty, and their
/// count is the one it states; with two threads and a frame drawn whole there are two or more.
#[test]
fn the_bands_panel_lists_the_bands_the_frame_drew() {
    let args = ["--screen", "overview", "--no-hud", "--scale", "1.5", "--threads", "2", "--frames", "4"];
    let r = run(
        "bands",
        process::goldberry(),
        &[&["--video-driver", "dummy"][..], &args].concat(),
        &["1 key F3".to_owned(), "2 resize 960 641".to_owned()],
    );
    let lines: Vec<&str> = r["inspector"].as_array().expect("lines").iter().filter_map(Value::as_str).collect();
    let stated: usize = lines[0]
        .strip_prefix("bands: ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{lines:?}"));
    let bands: Vec<(u64, u64)> = lines[1..]
        .iter()
        .filter_map(|l| l.split("rows ").nth(1))
        .map(|rows| {
            let (top, bottom) = rows.split_once("..").unwrap_or_else(|| panic!("{lines:?}"));
            (top.parse().unwrap_or(0), bottom.parse().unwrap_or(0))
        })
        .collect();
    assert_eq!(bands.len(), stated, "{lines:?}");
    assert!(bands.iter().all(|(top, bottom)| bottom > top), "an empty band listed: {lines:?}");
    assert!(bands.windows(2).all(|w| w[0].1 == w[1].0), "{lines:?}");
    assert_eq!(bands.last().map(|b| b.1), r["height_px"].as_u64(), "{lines:?}");
}

/// On the overview (its status line runs every frame), the layers panel says the same on consecutive frames: its
/// own layer, drawn again each time its words change, is not among those it counts.
#[test]
fn the_layers_panel_leaves_its_own_layer_out() {
    let lines = |frames: u32| {
        let args = ["--screen", "overview", "--no-hud", "--frames", &frames.to_string()].map(str::to_owned);
        let r = run(
            &format!("layers-{frames}"),
            with_hud(),
            &args.each_ref().map(String::as_str),
            &["1 key shift+F3".to_owned()],
        );
        r["inspector"].clone()
    };
    let seen: Vec<Value> = (20..24).map(lines).collect();
    assert!(seen[0][0].as_str().is_some_and(|l| l.starts_with("layers:")), "{}", seen[0]);
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "the panel's words change from frame to frame: {seen:?}");
}

/// The status bar's figures are the frame's: the layers it holds (as many as the inspector finds in the base and
/// outside it, drawn again or kept, with no HUD shown) and the threads that raster its bands.
#[test]
fn the_status_bar_shows_the_frames_layers_and_threads() {
    let mut seen = Vec::new();
    for (screen, threads) in [("overview", "1"), ("overview", "3"), ("controls", "2")] {
        let args = ["--screen", screen, "--no-hud", "--threads", threads, "--frames", "4"];
        let cmd = process::goldberry();
        let r = run(
            &format!("status-{screen}-{threads}"),
            cmd,
            &[&["--video-driver", "dummy"][..], &args].concat(),
            &["1 key shift+F3".to_owned()],
        );
        let figures = r["status_figures"].as_str().unwrap_or_default().to_owned();
        let lines: Vec<&str> = r["inspector"].as_array().expect("lines").iter().filter_map(Value::as_str).collect();
        // "layers: 24 in the base (…)", "  drawn again 0, ahead 0", "  kept 1, evicted 0".
        let number_after = |line: &str, word: &str| -> usize {
            let rest = line.split(word).nth(1).unwrap_or_else(|| panic!("{word} in {lines:?}"));
            rest.trim_start()
                .split([' ', ','])
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{lines:?}"))
        };
        let layers = number_after(lines[0], "layers:")
            + number_after(lines[1], "drawn again")
            + number_after(lines[1], "ahead")
            + number_after(lines[2], "kept");
        assert_eq!(
            figures,
            format!("layers {layers} \u{b7} threads {threads} \u{b7} budget 16.7 ms"),
            "{screen}: {lines:?}"
        );
        seen.push(figures);
    }
    assert!(seen[0] != seen[1] && seen[1] != seen[2], "{seen:?}");
}
