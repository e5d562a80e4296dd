//! The flame of each frame (F5), driven as a person drives it (scripts of real SDL key events, headless): F5 shows
//! and hides it, its spans add up to the frame's paint, a frame painted only for it is counted by nothing and the
//! window still goes idle, the strip is a node of the accessibility tree named for what it shows, and Shift+F5 steps through the session's slowest frames.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use process::temp_dir;
use scripts::output;
use serde_json::Value;

/// Runs the binary headless with one raster thread, `args` and `script`, and returns the report.
fn run(name: &str, args: &[&str], script: &[&str]) -> Value {
    let dir = temp_dir("flame", name);
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let report = dir.join("report.json");
    let mut cmd = process::goldberry();
    cmd.args(["--video-driver", "dummy", "--threads", "1"]).args(args);
    cmd.arg("--script").arg(&path).arg("--report").arg(&report);
    let out = output(cmd);
    assert!(out.status.success(), "exit {:?}: {}", out.status.code(), String::from_utf8_lossy(&out.stderr));
    let value = serde_json::from_slice(&std::fs::read(&report).expect("the report")).expect("JSON");
    let _ = std::fs::remove_dir_all(&dir);
    value
}

fn ms(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// The spans of one library at one depth, summed, ms.
fn sum(flame: &Value, library: &str, depth: u64) -> f64 {
    let spans = flame["spans"].as_array().expect("spans");
    spans.iter().filter(|s| s["library"] == library && s["depth"].as_u64() == Some(depth)).map(|s| ms(&s["ms"])).sum()
}

/// F5 shows the strip; a second F5 hides it. Shown, the last frame's spans add up: the phases (layout, shape,
/// raster) within the paint, the shaping runs within the shape phase, the bands within the raster and most of it
/// (the rest is the renderer's planning and damage, outside the bands).
#[test]
fn f5_shows_the_flame_whose_spans_add_up_to_the_paint() {
    let r =
        run("shown", &["--screen", "overview", "--frames", "30"], &["2 key F5", "10 move 300 300", "20 move 320 310"]);
    let flame = &r["flame"];
    assert_eq!(flame["shown"], true, "{flame}");
    assert!(flame["spans_per_frame"].as_u64() > Some(5), "{flame}");
    let paint = ms(&flame["paint_ms"]);
    assert!(paint > 0.0, "{flame}");
    let phases = sum(flame, "Yoga", 1) + sum(flame, "HarfBuzz", 1) + sum(flame, "Blend2D", 1);
    // The spans are rounded to the microsecond each.
    assert!(phases <= paint + 0.003, "layout + shape + raster {phases} ms past the paint {paint} ms: {flame}");
    let shape = sum(flame, "HarfBuzz", 1);
    let runs = sum(flame, "HarfBuzz", 2);
    assert!(runs <= shape + 0.003 * 48.0, "runs {runs} ms past shaping {shape} ms: {flame}");
    let raster = sum(flame, "Blend2D", 1);
    // With one thread the bands and the stages outside them run one after another, inside the raster.
    let inside = sum(flame, "Blend2D", 2) + sum(flame, "Blend2D", 3);
    assert!(inside <= raster + 0.003 * 8.0, "bands and stages {inside} ms past the raster {raster} ms: {flame}");
    assert!(inside >= 0.5 * raster, "bands and stages {inside} ms are not the raster's {raster} ms: {flame}");
    let spans = flame["spans"].as_array().expect("spans");
    assert!(spans.iter().any(|s| s["library"] == "SDL" && s["what"] == "present"), "{flame}");
    let node = |r: &Value| {
        let nodes = r["accessibility"]["nodes"].as_array().expect("nodes").clone();
        nodes.into_iter().find(|n| n["id"] == "flame")
    };
    let strip = node(&r).expect("the strip's accessible node");
    assert_eq!(strip["role"], "image", "{strip}");
    let name = strip["name"].as_str().unwrap_or("");
    assert!(name.starts_with("Flame of the last frame") && name.contains("HarfBuzz's shaping per run"), "{name}");
    assert_eq!(strip["bounds"], flame["rect"], "{strip}");
    let hidden = run("hidden", &["--screen", "overview", "--frames", "20"], &["2 key F5", "8 key F5"]);
    assert_eq!(hidden["flame"]["shown"], false, "{}", hidden["flame"]);
    assert!(node(&hidden).is_none(), "a hidden strip has no node");
}

/// A frame that lays the overview out (at a new zoom) has a Yoga span per layout pass: the chrome's, the grid's
/// and each card's own tree, labelled with the card's widget id and holding the box the accessibility tree gives
/// that card; on the frame's thread they run one after another inside the layout and shaping it asked for.
#[test]
fn a_layout_pass_is_a_span_per_widget_with_its_box() {
    let r = run("passes", &["--screen", "overview", "--frames", "7"], &["2 key F5", "6 key ctrl+="]);
    let flame = &r["flame"];
    assert_eq!(flame["frame"], 6, "the zoomed frame is looked at: {flame}");
    let spans = flame["spans"].as_array().expect("spans");
    let passes: Vec<&Value> = spans.iter().filter(|s| s["library"] == "Yoga" && s["depth"] == 3).collect();
    let named = |what: &str| passes.iter().filter(|s| s["what"] == what).count();
    assert_eq!(named("chrome"), 1, "{passes:?}");
    let nodes = r["accessibility"]["nodes"].as_array().expect("nodes");
    let mut outlined = 0;
    for card in 0..12 {
        let id = format!("overview.cards#{card}");
        // Each card is laid out twice: at its width for its height, then in its box.
        assert_eq!(named(&id), 2, "{id}: {passes:?}");
        let node = nodes.iter().find(|n| n["id"] == id.as_str()).expect("the card's node");
        // A card scrolled out of the window has no box, and its pass nothing to outline.
        let shown = node["bounds"] != serde_json::json!([0.0, 0.0, 0.0, 0.0]);
        outlined += usize::from(shown);
        for pass in passes.iter().filter(|s| s["what"] == id.as_str()) {
            let expected = if shown { node["bounds"].clone() } else { Value::Null };
            assert_eq!(pass["widget_box"], expected, "{id}'s pass outlines the card: {pass}");
        }
    }
    assert!(outlined >= 6, "only {outlined} cards in the window");
    let laid: f64 = passes.iter().map(|s| ms(&s["ms"])).sum();
    let (layout, shape) = (sum(flame, "Yoga", 1), sum(flame, "HarfBuzz", 1));
    assert!(laid > 0.0 && laid <= layout + shape + 0.003 * 32.0, "passes {laid} ms, layout {layout} + shape {shape}");
}

/// With the flame shown, frames painted for it alone (its new spans, the span under the pointer) are not counted by
/// the HUD, the HUD shows every counted frame's figures, and the window goes idle.
#[test]
fn a_frame_painted_for_the_flame_moves_no_counter_and_the_window_goes_idle() {
    let r = run("idle", &["--screen", "controls", "--frames", "60"], &["2 key F5", "6 key ctrl+=", "16 key ctrl+="]);
    let hud = &r["hud"];
    assert_eq!(hud["figures_of_frames"], hud["frames_counted"], "{hud}");
    let frames = r["frames"].as_array().expect("frames");
    let painted: Vec<&Value> = frames.iter().filter(|f| f["idle"] == false).collect();
    let counted = painted.iter().filter(|f| f.get("for_figures").is_none()).count();
    let for_figures = painted.len() - counted;
    assert!(for_figures > 0, "no frame was painted for the flame or the HUD: {frames:?}");
    assert_eq!(hud["frames_counted"].as_u64(), Some(counted as u64), "{hud}");
    let last = painted.last().and_then(|f| f["index"].as_u64()).unwrap_or(u64::MAX);
    assert!(last < 45, "the window does not settle: frame {last} painted");
    assert_eq!(
        r["flame"]["frame"].as_u64(),
        painted.iter().rev().find(|f| f.get("for_figures").is_none()).and_then(|f| f["index"].as_u64()),
        "the flame shows the last counted frame: {}",
        r["flame"]
    );
}

/// The ten slowest frames are kept, slowest first, and Shift+F5 looks at them one after another.
#[test]
fn shift_f5_steps_through_the_slowest_frames() {
    let r = run(
        "slowest",
        &["--screen", "overview", "--frames", "40"],
        &["1 key F5", "3 key ctrl+=", "20 key shift+F5", "22 key shift+F5"],
    );
    let flame = &r["flame"];
    let slowest = flame["slowest"].as_array().expect("slowest");
    assert!(!slowest.is_empty() && slowest.len() <= 10, "{flame}");
    let paints: Vec<f64> = slowest.iter().map(|f| ms(&f["paint_ms"])).collect();
    assert!(paints.windows(2).all(|w| w[0] >= w[1]), "not slowest first: {paints:?}");
    assert_eq!(flame["looking_at"], "slowest 2", "{flame}");
    assert_eq!(flame["frame"], slowest.get(1).map_or(Value::Null, |f| f["frame"].clone()), "{flame}");
}
