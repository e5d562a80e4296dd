//! Editing on the text screen as a person does it: scripts of keys, typed text and clicks pushed onto SDL's queue,
//! headless, checked through the report's `text.field` and `text.area` (text, caret, anchor, runs).

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use scripts::{Box, play};
use serde_json::Value;

fn edit(name: &str, script: &[String]) -> Value {
    play("text-editing", name, "text", script)
}

fn key(frame: u64, chord: &str) -> String {
    format!("{frame} key {chord}")
}

/// `text` as SDL_TEXTINPUT events (quotes and backslashes escaped for the script).
fn typed(frame: u64, text: &str) -> String {
    format!("{frame} text \"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn field(report: &Value) -> (&str, u64, u64) {
    let f = &report["widgets"]["text.field"];
    (f["text"].as_str().unwrap_or_default(), f["caret"].as_u64().unwrap_or(u64::MAX), f["anchor"].as_u64().unwrap_or(0))
}

#[test]
fn typing_replaces_the_selection_and_the_caret_steps_over_whole_clusters() {
    // e with a combining acute, a family of four joined by ZWJs, then x.
    let text = "e\u{301}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}x";
    let r = edit(
        "clusters",
        &[key(1, "ctrl+a"), typed(2, text), key(3, "Left"), key(4, "Left"), key(5, "shift+Left"), typed(6, "_")],
    );
    let (got, caret, anchor) = field(&r);
    assert_eq!(
        got, "_\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}x",
        "Left, Left crossed x and the family"
    );
    assert_eq!((caret, anchor), (1, 1));
}

#[test]
fn word_moves_and_word_deletes_follow_uax_29() {
    let r = edit(
        "words",
        &[
            key(1, "ctrl+a"),
            typed(2, "can't stop, won't stop"),
            key(3, "ctrl+Left"),
            key(4, "ctrl+Left"),
            key(5, "ctrl+BackSpace"),
            key(6, "ctrl+Home"),
            key(7, "ctrl+shift+Right"),
        ],
    );
    let (got, caret, anchor) = field(&r);
    assert_eq!(got, "can't won't stop", "Ctrl+Backspace took the word stop and its comma stayed with it");
    assert_eq!((anchor, caret), (0, 5), "Ctrl+Shift+Right selects can't, one word");
}

#[test]
fn a_double_click_selects_a_word_a_triple_click_the_line_and_a_drag_a_range() {
    let probe = edit("where", &[key(1, "ctrl+a"), typed(2, "alpha beta gamma")]);
    let boxed = Box::of(&probe["widgets"]["text.field"]["rect"]);
    // The text starts at the field's inner edge: aim a double click near its start (inside "alpha").
    let (x, y) = (boxed.x as i64 + 14, boxed.centre().1);
    let r = edit("double", &[key(1, "ctrl+a"), typed(2, "alpha beta gamma"), format!("3 click {x} {y} x2")]);
    let (_, caret, anchor) = field(&r);
    assert_eq!((anchor, caret), (0, 5), "alpha is selected");
    let r = edit("triple", &[key(1, "ctrl+a"), typed(2, "alpha beta gamma"), format!("3 click {x} {y} x3")]);
    assert_eq!(field(&r).1 - field(&r).2, 16, "the whole line");
    let end = boxed.x as i64 + boxed.w as i64 - 12;
    let r = edit(
        "drag",
        &[
            key(1, "ctrl+a"),
            typed(2, "alpha beta gamma"),
            format!("3 move {x} {y}"),
            "4 press".to_owned(),
            format!("5 move {end} {y}"),
            "6 release".to_owned(),
        ],
    );
    let (_, caret, anchor) = field(&r);
    assert_eq!(anchor, 1, "the press put the caret after the a it landed on");
    assert_eq!(caret, 16, "the drag past the text's end selected to its end");
}

#[test]
fn copy_paste_round_trips_through_sdls_clipboard_and_cut_removes() {
    let r = edit(
        "clipboard",
        &[
            key(1, "ctrl+a"),
            typed(2, "héllo wörld"),
            key(3, "ctrl+a"),
            key(4, "ctrl+c"),
            key(5, "End"),
            key(6, "ctrl+v"),
            key(7, "shift+Home"),
            key(8, "ctrl+x"),
            key(9, "Tab"),
            key(10, "ctrl+a"),
            key(11, "ctrl+v"),
        ],
    );
    assert_eq!(field(&r).0, "", "cut took everything");
    assert_eq!(r["widgets"]["text.area"]["text"], "héllo wörldhéllo wörld", "pasted in the area");
}

#[test]
fn undo_takes_a_run_of_typing_back_at_once_and_redo_brings_it_back() {
    let before = edit("before", &[]);
    let mut script = vec![key(1, "ctrl+a"), typed(2, "one")];
    script.extend(" two".chars().zip(3..).map(|(c, f)| typed(f, &c.to_string())));
    script.extend([key(9, "ctrl+z")]);
    let undone = edit("undo", &script);
    assert_eq!(field(&undone).0, field(&before).0, "the typing that replaced the selection is one step");
    script.extend([key(10, "ctrl+shift+z")]);
    let redone = edit("redo", &script);
    assert_eq!(field(&redone).0, "one two");
    script.extend([key(11, "ctrl+z"), key(12, "ctrl+y")]);
    assert_eq!(field(&edit("redo-y", &script)).0, field(&redone).0);
}

#[test]
fn the_area_wraps_moves_by_lines_and_takes_return() {
    let r = edit(
        "area",
        &[
            key(1, "Tab"),
            key(2, "ctrl+a"),
            typed(3, "first"),
            key(4, "Return"),
            typed(5, "second line"),
            key(6, "Up"),
            key(7, "Home"),
            typed(8, ">"),
        ],
    );
    let area = &r["widgets"]["text.area"];
    assert_eq!(area["text"], ">first\nsecond line");
    assert_eq!(r["widgets"]["focus"], "text.area");
}

#[test]
fn bidirectional_text_is_shaped_in_runs_by_direction_and_by_face() {
    let r = edit("runs", &[key(1, "ctrl+a"), typed(2, "abc שלום def مرحبا हिन्दी")]);
    let runs = r["widgets"]["text.field"]["runs"].as_array().cloned().unwrap_or_default();
    let rtl: Vec<&Value> = runs.iter().filter(|run| run["rtl"] == true).collect();
    assert_eq!(rtl.len(), 2, "Hebrew and Arabic are right-to-left runs: {runs:?}");
    // Inter has neither Hebrew, Arabic nor Devanagari: the chain goes on to a face that has them (DejaVu Sans has
    // Hebrew and Arabic; Devanagari needs Noto).
    assert!(rtl.iter().all(|run| run["font"] != "Inter"), "{runs:?}");
    let fonts: Vec<&str> = runs.iter().filter_map(|run| run["font"].as_str()).collect();
    assert!(fonts.iter().any(|f| f.contains("Devanagari")), "{fonts:?}");
    assert_eq!(fonts.first(), Some(&"Inter"), "{fonts:?}");
    // Visual order in a left-to-right paragraph: the runs go left to right, each run's bytes in text order.
    let starts: Vec<u64> = runs.iter().filter_map(|run| run["start"].as_u64()).collect();
    let mut sorted = starts.clone();
    sorted.sort_unstable();
    assert_eq!(starts, sorted, "no run is reordered between two LTR runs here");
}

#[test]
fn a_100k_character_paste_keeps_every_character_and_later_keys_still_edit() {
    let chunk = "0123456789".repeat(100);
    let mut script = vec![key(1, "ctrl+a"), typed(2, &chunk), key(3, "ctrl+a"), key(4, "ctrl+c"), key(5, "End")];
    script.extend((6..105).map(|f| key(f, "ctrl+v")));
    script.extend([typed(106, "!"), key(107, "Left"), key(108, "BackSpace")]);
    let r = edit("paste", &script);
    let (text, caret, _) = field(&r);
    assert_eq!(text.len(), 100_000, "99 pastes after 1,000 typed, one ! typed, one digit deleted");
    assert!(text.ends_with("78!"), "{}", &text[text.len() - 10..]);
    assert_eq!(caret, 99_999);
}

#[test]
fn a_feature_chip_toggles_its_feature_and_the_size_slider_takes_keys() {
    let probe = edit("chips", &[]);
    let features = &probe["widgets"]["text.features"];
    let tags: Vec<&str> = features["tags"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let tnum = tags.iter().position(|t| *t == "tnum").expect("Inter has tnum");
    let kern = tags.iter().position(|t| *t == "kern").expect("Inter has kern");
    let (tx, ty) = Box::of(&features["parts"][tnum]).centre();
    let (kx, ky) = Box::of(&features["parts"][kern]).centre();
    let (sx, sy) = Box::of(&probe["widgets"]["text.size"]["rect"]).centre();
    let r = edit(
        "toggles",
        &[
            format!("1 click {tx} {ty}"),
            format!("2 click {kx} {ky}"),
            format!("3 click {sx} {sy}"),
            key(4, "Right"),
            key(5, "Right"),
        ],
    );
    let set = &r["widgets"]["text.features"]["set"];
    assert_eq!(set["tnum"], true, "tnum is off by default: a click turns it on");
    assert_eq!(set["kern"], false, "kern is on by default: a click turns it off");
    assert_eq!(r["widgets"]["text.size"]["px"], 42, "the slider's middle is 40 px, two Rights add 2");
}

#[test]
fn emoji_fall_back_to_the_colour_face_and_a_zwj_family_stays_one_step() {
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
    let r = edit("emoji", &[key(1, "ctrl+a"), typed(2, &format!("ok {family}!")), key(3, "Left"), key(4, "Left")]);
    let runs = r["widgets"]["text.field"]["runs"].as_array().cloned().unwrap_or_default();
    let fonts: Vec<&str> = runs.iter().filter_map(|run| run["font"].as_str()).collect();
    assert!(fonts.contains(&"Noto Color Emoji"), "the colour face comes before Symbola: {fonts:?}");
    let colour: Vec<&str> = runs.iter().filter_map(|run| run["colour"].as_str()).collect();
    assert_eq!(colour, ["CBDT"], "one run in the colour face, named by its format: {runs:?}");
    assert_eq!(field(&r).1, 3, "Left, Left crossed the ! and the whole family");
}

fn area(report: &Value) -> (&str, u64, u64, Vec<(u64, u64)>) {
    let a = &report["widgets"]["text.area"];
    let lines = a["lines"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| (l[0].as_u64().unwrap_or(0), l[1].as_u64().unwrap_or(0)))
        .collect();
    (
        a["text"].as_str().unwrap_or_default(),
        a["caret"].as_u64().unwrap_or(u64::MAX),
        a["anchor"].as_u64().unwrap_or(0),
        lines,
    )
}

/// The line a caret at `caret` is drawn on: the later one where a soft wrap makes two lines meet.
fn line_of(lines: &[(u64, u64)], caret: u64) -> usize {
    lines.iter().rposition(|&(start, _)| start <= caret).unwrap_or(0)
}

/// Issue 35, defect 1: the field laid out only a window around its caret, and Home and End went to that
/// window's edges, so they stopped partway in a long line.
#[test]
fn home_and_end_go_to_the_ends_of_a_long_field() {
    let words = "lorem ipsum dolor sit amet ".repeat(186);
    let mut script = vec![key(1, "ctrl+a")];
    // 5,000 bytes in SDL_TEXTINPUT-sized pieces, as a person typing fast would send them.
    script.extend(
        words.as_bytes()[..5000]
            .chunks(25)
            .enumerate()
            .map(|(i, c)| typed(2 + i as u64 / 20, std::str::from_utf8(c).unwrap_or_default())),
    );
    script.extend([key(20, "Home"), typed(21, "X"), key(22, "End"), typed(23, "Y")]);
    let r = edit("long-home", &script);
    let (text, caret, _) = field(&r);
    assert_eq!(text.len(), 5002);
    assert!(text.starts_with("Xlorem"), "Home went to the start: {}", &text[..20]);
    assert!(text.ends_with("Y"), "End went to the end: {}", &text[text.len() - 20..]);
    assert_eq!(caret, 5002);
    let mut script = script[..script.len() - 4].to_vec();
    script.extend([key(20, "ctrl+Home"), key(21, "shift+End"), key(22, "BackSpace")]);
    assert_eq!(field(&edit("long-select", &script)).0, "", "Shift+End selected every byte");
}

/// Issue 35, defect 2: End on a soft-wrapped line put the caret after the hanging space, which is where the next
/// line starts, so it was drawn there and a second End, Home or Down went from the next line.
#[test]
fn end_on_a_soft_wrapped_line_stays_on_it() {
    let text = "lorem ipsum dolor sit amet ".repeat(8);
    let start = [key(1, "Tab"), key(2, "ctrl+a"), typed(3, text.trim_end()), key(4, "ctrl+Home")];
    let play = |name: &str, keys: &[&str]| {
        let mut script = start.to_vec();
        script.extend(keys.iter().enumerate().map(|(i, k)| key(5 + i as u64, k)));
        edit(name, &script)
    };
    let r = play("end", &["End"]);
    let (_, caret, _, lines) = area(&r);
    assert!(lines.len() >= 3, "the text wraps: {lines:?}");
    assert_eq!(line_of(&lines, caret), 0, "End stays on line 1: caret {caret}, lines {lines:?}");
    assert_eq!(caret, lines[1].0 - 1, "before the hanging space, at the line's visible end");
    assert_eq!(area(&play("end-end", &["End", "End"])).1, caret, "End again stays");
    assert_eq!(area(&play("end-home", &["End", "Home"])).1, 0, "Home goes back to line 1's start");
    let r = play("end-down", &["End", "Down"]);
    let (_, caret, _, lines) = area(&r);
    assert_eq!(line_of(&lines, caret), 1, "Down from line 1's end lands on line 2: caret {caret}, lines {lines:?}");
}

/// Issue 35, defect 3: Space toggled the group's first chip whatever was clicked, and no key moved among them.
#[test]
fn the_keyboard_moves_among_the_chips_and_space_toggles_the_one_it_is_on() {
    let probe = edit("chip-probe", &[]);
    let features = &probe["widgets"]["text.features"];
    let tags: Vec<&str> = features["tags"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    assert!(tags.len() >= 6, "{tags:?}");
    let tnum = tags.iter().position(|t| *t == "tnum").expect("Inter has tnum");
    let (x, y) = Box::of(&features["parts"][tnum]).centre();
    let r = edit(
        "chip-keys",
        &[
            format!("1 click {x} {y}"),
            key(2, "Right"),
            key(3, "space"),
            key(4, "End"),
            key(5, "space"),
            key(6, "Home"),
            key(7, "Right"),
            key(8, "Left"),
            key(9, "space"),
        ],
    );
    let f = &r["widgets"]["text.features"];
    let set = &f["set"];
    assert_eq!(set["tnum"], true, "the click toggled tnum: {set}");
    assert_eq!(set[tags[tnum + 1]], true, "Right then Space toggled the chip after tnum: {set}");
    assert_eq!(set[tags[tags.len() - 1]], true, "End then Space toggled the last chip: {set}");
    assert_eq!(set[tags[0]], false, "Home, Right, Left, Space toggled the first chip (on by default): {set}");
    assert_eq!(f["chip"], 0);
    assert_eq!(r["widgets"]["focus"], "text.features");
}

/// Issue 35, defect 14: the caret was a 2 px bar centred on its x, and covered the last column of the glyph
/// before it ("too" read "tod" at 3x). With the caret shown and hidden, the pixels that differ must all be
/// background where it is hidden.
#[test]
fn the_caret_covers_no_glyph_at_three_times() {
    let dir = process::temp_dir("text-editing", "caret-3x");
    let (on, off) = (dir.join("on.png"), dir.join("off.png"));
    let script = [
        key(1, "ctrl+a"),
        typed(2, "too"),
        format!("4 screenshot \"{}\"", on.display()),
        // The caret shows for 0.53 s from the last keystroke, then hides for as long: frame 2 + 40 is hidden.
        format!("42 screenshot \"{}\"", off.display()),
    ];
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = scripts::goldberry();
    cmd.args(["--screen", "text", "--scale", "3", "--script"]).arg(&path);
    let r = scripts::report(cmd, &dir);
    let read = |p: &std::path::Path| goldberry::shell::screenshot::RgbImage::read_png(p).expect("a screenshot");
    let (on, off) = (read(&on), read(&off));
    let b = Box::of(&r["widgets"]["text.field"]["rect"]);
    // The field's background: its inner right end, where no text is.
    let (bx, by) = (((b.x + b.w - 12.0) * 3.0) as u32, ((b.y + b.h / 2.0) * 3.0) as u32);
    let background = off.pixel(bx, by);
    let mut caret = 0;
    for y in (b.y * 3.0) as u32..((b.y + b.h) * 3.0) as u32 {
        for x in (b.x * 3.0) as u32..((b.x + b.w) * 3.0) as u32 {
            if on.pixel(x, y) != off.pixel(x, y) {
                caret += 1;
                let hidden = off.pixel(x, y);
                let near = hidden.iter().zip(background).all(|(a, b)| a.abs_diff(b) <= 8);
                assert!(near, "the caret covers ink at ({x}, {y}): {hidden:?} under it, background {background:?}");
            }
        }
    }
    assert!(caret > 0, "the caret showed in the first screenshot");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 35, defect 18: a right click outside the selection left the caret where it was, so the menu's Paste
/// went there; inside the selection it keeps the selection.
#[test]
fn a_right_click_outside_the_selection_moves_the_caret_before_the_menu_opens() {
    let probe = edit("right-probe", &[key(1, "ctrl+a"), typed(2, "alpha beta gamma")]);
    let b = Box::of(&probe["widgets"]["text.field"]["rect"]);
    let y = b.centre().1;
    let start = [key(1, "ctrl+a"), typed(2, "alpha beta gamma"), key(3, "Home")];
    let mut script = start.to_vec();
    script.extend([format!("4 click {} {y} right", b.x as i64 + b.w as i64 - 12), key(5, "Escape")]);
    let (_, caret, anchor) = field(&edit("right-click", &script));
    assert_eq!((caret, anchor), (16, 16), "the caret moved to the text's end, where the click was");
    let mut script = start.to_vec();
    script.extend([key(4, "shift+End"), format!("5 click {} {y} right", b.x as i64 + 30), key(6, "Escape")]);
    let (_, caret, anchor) = field(&edit("right-inside", &script));
    assert_eq!((anchor, caret), (0, 16), "a right click inside the selection keeps it");
}
