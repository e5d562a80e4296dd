//! The shaping X-ray's `hb-shape` commands, run with Debian's `hb-shape` (libharfbuzz-bin, HarfBuzz 6.0), give the
//! runs the app shaped with its own HarfBuzz (8.4) for the text screen's Arabic, Devanagari, Thai and emoji
//! samples: the same glyph ids, clusters, advances and offsets. Where the two versions shape differently the case
//! is named here, with what differs, and the test holds them to that.

use std::process::Command;

use goldberry::fonts::Face;
use goldberry::fonts::FontBook;
use goldberry::screens::text::DEMO;
use goldberry::screens::text::xray::{Xray, XrayRun, xray};
use goldberry::text::TextStyle;
use goldberry_natives::Goldberry;
use serde_json::Value;

/// The runs of the demo paragraph the oracle checks: by script, and the emoji line's colour runs.
fn sample_runs() -> Vec<XrayRun> {
    let g = Goldberry::load(None).expect("libgoldberry");
    let fonts = FontBook::load(g).expect("fonts");
    let style = TextStyle::new(fonts.id(Face::Sans, 15.0));
    let mut runs = Vec::new();
    for line in DEMO.split('\n') {
        let Xray { runs: shaped, .. } = xray(&fonts, &style, line, 1.0).unwrap_or_else(|e| panic!("{line}: {e}"));
        runs.extend(
            shaped
                .into_iter()
                .filter(|run| matches!(run.script.as_str(), "Arab" | "Deva" | "Thai") || run.face.contains("Emoji")),
        );
    }
    runs
}

/// The glyphs `hb-shape` gives for `run`'s command: (id, cluster, x offset, y offset, x advance) each.
fn hb_shape(run: &XrayRun) -> Vec<(u32, u32, i32, i32, i32)> {
    let out =
        Command::new("sh").arg("-c").arg(&run.hb_shape).output().unwrap_or_else(|e| {
            panic!("cannot run hb-shape ({e}): install libharfbuzz-bin (ci/setup --for test does)")
        });
    assert!(out.status.success(), "{}: {}", run.hb_shape, String::from_utf8_lossy(&out.stderr));
    let glyphs: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.hb_shape));
    let n = |g: &Value, key: &str| g[key].as_i64().unwrap_or_else(|| panic!("no {key} in {g}"));
    glyphs
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {glyphs}"))
        .iter()
        .map(|g| (n(g, "g") as u32, n(g, "cl") as u32, n(g, "dx") as i32, n(g, "dy") as i32, n(g, "ax") as i32))
        .collect()
}

/// The app's glyphs for `run`, as `hb-shape` writes them.
fn app_glyphs(run: &XrayRun) -> Vec<(u32, u32, i32, i32, i32)> {
    run.clusters
        .iter()
        .flat_map(|c| c.glyphs.iter().map(move |g| (g.id, c.at, g.offset.0, g.offset.1, g.advance)))
        .collect()
}

#[test]
fn the_hb_shape_commands_give_the_runs_the_app_shaped() {
    let runs = sample_runs();
    for script in ["Arab", "Deva", "Thai"] {
        assert!(runs.iter().any(|r| r.script == script), "no {script} run in the demo: {runs:?}");
    }
    assert!(runs.iter().any(|r| r.face.contains("Emoji")), "no emoji run in the demo");
    let mut differ = Vec::new();
    for run in &runs {
        assert!(run.file.starts_with('/'), "{run:?}");
        assert!(run.caret_stops.first() == Some(&0) && run.caret_stops.last() == Some(&(run.text.len() as u32)));
        let (ours, theirs) = (app_glyphs(run), hb_shape(run));
        assert!(!ours.is_empty(), "{run:?}");
        // The paragraph's 15 px text at 1x goes through the glyph cache's cells, an emoji through its colour cells.
        let images =
            if run.face.contains("Emoji") { "the glyph cache's colour cells" } else { "the glyph cache's cells" };
        assert!(run.glyph_images.starts_with(images), "{}: {}", run.text, run.glyph_images);
        eprintln!("{} {:?} ({}, {} glyphs): {}", run.script, run.text, run.face, ours.len(), run.why);
        if ours != theirs {
            differ
                .push(format!("{} {:?} in {}: app {ours:?}, hb-shape 6.0 {theirs:?}", run.script, run.text, run.face));
        }
    }
    // HarfBuzz 6.0 and 8.4 shape these samples alike; a case where they part is named by this message.
    assert!(differ.is_empty(), "HarfBuzz 6.0 (Debian) and 8.4 (the app) shape differently:\n{}", differ.join("\n"));
}

/// Runs `script` on the text screen (headless, no HUD) for 12 frames and returns the report.
fn play(name: &str, script: &[&str]) -> Value {
    play_for(name, 12, script)
}

/// [`play`] for `frames` frames.
fn play_for(name: &str, frames: u32, script: &[&str]) -> Value {
    let dir = std::env::temp_dir().join(format!("goldberry-xray-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let (path, report) = (dir.join("script.txt"), dir.join("report.json"));
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let out = Command::new(env!("CARGO_BIN_EXE_goldberry"))
        .env_remove("SDL_VIDEODRIVER")
        .args([
            "--video-driver",
            "dummy",
            "--no-hud",
            "--screen",
            "text",
            "--threads",
            "1",
            "--frames",
            &frames.to_string(),
            "--script",
        ])
        .arg(&path)
        .arg("--report")
        .arg(&report)
        .output()
        .expect("run goldberry");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let value = serde_json::from_slice(&std::fs::read(&report).expect("the report")).expect("JSON");
    let _ = std::fs::remove_dir_all(&dir);
    value
}

/// F6 with the pointer on the fallback paragraph's Arabic word X-rays that run, in the report and the accessibility
/// tree; Shift+F6 copies its hb-shape command, which a paste into the field shows, and which gives those glyphs.
#[test]
fn f6_over_a_run_shows_it_and_shift_f6_copies_the_command_that_shapes_it() {
    let fallback = play("where", &[])["widgets"]["text.fallback"]["lines"][0].clone();
    let n = |i: usize| fallback[i].as_f64().unwrap_or_else(|| panic!("{fallback}"));
    // "العربية" stands past the middle of the first line (its words are Latin up to "faces for ").
    let (y, left, width) = ((n(1) + n(3) / 2.0).round(), n(0), n(2));
    let mut found = None;
    for step in 10..20 {
        let x = (left + width * f64::from(step) / 20.0).round();
        let r = play(&format!("aim-{step}"), &[&format!("2 move {x} {y}"), "3 key F6"]);
        let run = r["xray"]["run"].as_u64().unwrap_or(u64::MAX) as usize;
        if r["xray"]["xray"]["runs"][run]["script"] == "Arab" {
            found = Some((x, r));
            break;
        }
    }
    let (x, r) = found.expect("no point of the first line X-rays its Arabic run");
    let node = r["accessibility"]["nodes"].as_array().and_then(|nodes| nodes.iter().find(|n| n["id"] == "text.xray"));
    let node = node.unwrap_or_else(|| panic!("no X-ray node: {}", r["accessibility"]));
    assert!(node["value"].as_str().is_some_and(|v| v.contains("Arab level 1 (rtl)")), "{node}");
    let pasted =
        play("copy", &[&format!("2 move {x} {y}"), "3 key F6", "5 key shift+F6", "6 key ctrl+a", "7 key ctrl+v"]);
    let command = pasted["widgets"]["text.field"]["text"].as_str().unwrap_or_default().to_owned();
    let run = &pasted["xray"]["xray"]["runs"][pasted["xray"]["run"].as_u64().unwrap_or(0) as usize];
    assert_eq!(command, run["hb_shape"], "the field holds what Shift+F6 copied");
    let shaped: XrayRun = serde_json::from_value(run.clone()).expect("an X-ray run");
    assert_eq!(hb_shape(&shaped), app_glyphs(&shaped), "{command}");
}

/// F6 with the pointer on nothing X-rays the caret's run, and follows the caret.
#[test]
fn f6_with_the_pointer_on_nothing_follows_the_caret() {
    let start = play("caret-home", &["1 move 5 600", "2 key F6", "4 key Home"]);
    let end = play("caret-end", &["1 move 5 600", "2 key F6", "4 key End"]);
    for r in [&start, &end] {
        assert_eq!(r["xray"]["aim"], "caret", "{}", r["xray"]);
    }
    let text = |r: &Value| r["xray"]["xray"]["runs"][r["xray"]["run"].as_u64().unwrap_or(0) as usize]["text"].clone();
    assert_eq!(text(&start), "Type here: ", "{}", start["xray"]);
    assert_eq!(text(&end), "too", "{}", end["xray"]);
}

/// F6 over the sample X-rays it with the features the chips hold: kerning turned off after shows as `-kern` in the
/// features HarfBuzz was given, and the run's hb-shape command, which asks for the same, gives the same glyphs.
#[test]
fn the_samples_x_ray_follows_the_feature_chips() {
    let sample = play("sample-where", &[])["widgets"]["text.sample"]["lines"][0].clone();
    let n = |i: usize| sample[i].as_f64().unwrap_or_else(|| panic!("{sample}"));
    let (x, y) = ((n(0) + 20.0).round(), (n(1) + n(3) / 2.0).round());
    let r = play("sample", &[&format!("2 move {x} {y}"), "3 key F6", "5 click checkbox \"kern\"", "7 move 5 600"]);
    assert_eq!(r["xray"]["aim"]["paragraph"], "sample", "{}", r["xray"]);
    let run = &r["xray"]["xray"]["runs"][r["xray"]["run"].as_u64().unwrap_or(0) as usize];
    let shaped: XrayRun = serde_json::from_value(run.clone()).expect("an X-ray run");
    assert!(shaped.features.iter().any(|f| f == "-kern"), "{:?}", shaped.features);
    assert!(shaped.hb_shape.contains("-kern"), "{}", shaped.hb_shape);
    assert_eq!(hb_shape(&shaped), app_glyphs(&shaped), "{}", shaped.hb_shape);
    // The sample's 28 px is past the glyph cache's sizes: its glyphs are drawn from their outlines, and the panel says so.
    assert!(shaped.glyph_images.starts_with("their outlines, each frame (28 px at 1x"), "{}", shaped.glyph_images);
    // Drawn from their outlines, its glyphs have no cell to have been held or made.
    assert!(shaped.clusters.iter().flat_map(|c| &c.glyphs).all(|g| g.cell.is_none()), "{run}");
    let lines: Vec<&str> = r["xray"]["lines"].as_array().into_iter().flatten().filter_map(|l| l.as_str()).collect();
    assert!(lines.iter().any(|l| l.starts_with("glyph images from their outlines")), "{lines:?}");
}

/// Glyph by glyph, the X-ray says whether the glyph cache held the glyph's cell when the last frame drew its run or
/// made it for that frame, as the cache said: the Arabic run (15 px, cells) drawn since the first frame was held;
/// zoomed in, the frame at the new scale made every cell, the panel saying so on the frame after; then, held again,
/// the window goes idle.
#[test]
fn the_x_ray_says_which_glyph_cells_the_cache_held_and_which_it_made() {
    let aim = ["2 move 800 404", "3 key F6"];
    let cells = |r: &Value| -> Vec<String> {
        let run = &r["xray"]["xray"]["runs"][r["xray"]["run"].as_u64().unwrap_or(0) as usize];
        assert_eq!(run["script"], "Arab", "{}", r["xray"]);
        let shaped: XrayRun = serde_json::from_value(run.clone()).expect("an X-ray run");
        let cell =
            |g: &goldberry::screens::text::xray::XrayGlyph| g.cell.map_or("none".to_owned(), |c| c.name().to_owned());
        shaped.clusters.iter().flat_map(|c| &c.glyphs).map(cell).collect()
    };
    let lines = |r: &Value| -> Vec<String> {
        r["xray"]["lines"].as_array().into_iter().flatten().filter_map(|l| l.as_str().map(str::to_owned)).collect()
    };
    let settled = play("cells-held", &aim);
    let held = cells(&settled);
    assert!(!held.is_empty() && held.iter().all(|c| c == "held"), "{held:?}");
    assert!(lines(&settled).iter().any(|l| l.starts_with("  @") && l.ends_with(" held")), "{:?}", lines(&settled));
    let zoom = [aim[0], aim[1], "5 key ctrl+="];
    let zoomed = play_for("cells-made", 7, &zoom);
    let made = cells(&zoomed);
    assert!(made.iter().all(|c| c == "made"), "the frame at the new scale made them: {made:?}");
    assert!(lines(&zoomed).iter().any(|l| l.ends_with(" made")), "{:?}", lines(&zoomed));
    let after = play("cells-held-again", &zoom);
    assert!(cells(&after).iter().all(|c| c == "held"), "{:?}", cells(&after));
    let frames = after["frames"].as_array().expect("frames");
    assert!(frames.iter().rev().take(2).all(|f| f["idle"] == true), "the window goes idle: {frames:?}");
}
