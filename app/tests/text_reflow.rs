//! The text screen reflows when zoomed (issue 43, item 22): at 3x the window is 320 units wide, and the feature
//! chips and the fallback paragraph must stay inside the page, left of the scrollbar's gutter, a chip as wide as it
//! is unzoomed (not cut by the gutter) and the paragraph wrapped to its box, ending with "…" where it is cut. Played
//! as scripts through real SDL events headless (Ctrl+= four times zooms from 1x to 3x) and read back from the report.
//! The window is tall (960x1400 pixels), so that what is at stake is the width alone.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use scripts::Box as WidgetBox;
use serde_json::Value;

/// The report after zooming in `zoom_steps` times, then Tab twice: from the field to the area to the chips, which
/// the page scrolls into view.
fn zoomed(name: &str, zoom_steps: usize) -> Value {
    let dir = process::temp_dir("text-reflow", name);
    let path = dir.join("script.txt");
    let mut script: Vec<String> = (1..=zoom_steps).map(|i| format!("{i} key ctrl+=")).collect();
    let at = zoom_steps + 2;
    script.extend([format!("{at} key Tab"), format!("{} key Tab", at + 1), format!("{} key F1", at + 3)]);
    script.push(format!("{} key F1", at + 4));
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = scripts::goldberry();
    // Tall enough that every chip shows at once at 3x (320x466 units), so every one must be reachable.
    cmd.args(["--screen", "text", "--size", "960x1400", "--script"]).arg(&path);
    let out = scripts::report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

fn parts(w: &Value, id: &str) -> Vec<WidgetBox> {
    w[id]["parts"]
        .as_array()
        .unwrap_or_else(|| panic!("{id} has no parts: {}", w[id]))
        .iter()
        .map(WidgetBox::of)
        .collect()
}

#[test]
fn at_3x_the_chips_and_the_fallback_paragraph_stay_left_of_the_scrollbar_and_wrap() {
    let plain = zoomed("1x", 0);
    let big = zoomed("3x", 4);
    assert_eq!(big["widgets"]["zoom"].as_f64(), Some(3.0));
    assert_eq!(big["size"], "320x466", "the logical window at 3x");
    let w = &big["widgets"];
    assert_eq!(w["focus"], "text.features", "Tab, Tab reached the chips: {}", w["focus"]);
    // The page is taller than the window: its scrollbar stands in the gutter at the right, and the page is laid
    // out left of it.
    let track = WidgetBox::of(&w["page.scrollbar"]["rect"]);
    let page_right = track.x - 2.0;
    let tags = w["text.features"]["tags"].as_array().expect("the chips' tags").len();
    let chips = parts(w, "text.features");
    let unzoomed = parts(&plain["widgets"], "text.features");
    assert_eq!(chips.len(), tags, "every chip is reachable where it is drawn");
    for (i, (chip, one)) in chips.iter().zip(&unzoomed).enumerate() {
        assert!(
            chip.x >= 0.0 && chip.x + chip.w < page_right - 0.5,
            "chip {i} at {chip:?} runs into the scrollbar's gutter (the page ends at {page_right})"
        );
        // A unit of slack: the layout rounds each edge to the pixel grid, which differs with the scale.
        assert!((chip.w - one.w).abs() <= 1.0, "chip {i} is {} wide at 3x, {} at 1x: cut", chip.w, one.w);
    }
    // The fallback paragraph: its box inside the page, each drawn line inside its box, and cut with an ellipsis
    // when its lines do not all fit.
    let p = &w["text.fallback"];
    let b = WidgetBox::of(&p["text_box"]);
    assert!(b.x >= 0.0 && b.x + b.w < page_right - 0.5, "the paragraph's box {b:?} runs past the page ({page_right})");
    let lines = p["lines"].as_array().unwrap_or_else(|| panic!("no lines in {p}"));
    assert!(lines.len() > 1, "the paragraph wraps at 320 units: {p}");
    for line in lines {
        let l = WidgetBox::of(line);
        assert!(l.x >= b.x - 0.5 && l.x + l.w <= b.x + b.w + 0.5, "a line at {l:?} runs past its box {b:?}");
        assert!(l.y >= b.y - 0.5 && l.y + l.h <= b.y + b.h + 0.5, "a line at {l:?} is drawn outside its box {b:?}");
    }
    if p["cut"] == true {
        assert_eq!(p["ellipsis"], true, "the paragraph is cut without an ellipsis: {p}");
    }
}
