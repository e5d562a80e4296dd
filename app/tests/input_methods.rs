//! Composing text through an input method, as SDL delivers it: scripts push `SDL_TEXTEDITING` events (`preedit`
//! lines; past 31 bytes SDL's long form, `SDL_TEXTEDITING_EXT`) and then the typed text (`text` lines), headless,
//! and the report's `preedit` and the pixels say what a person sees: the composition at the caret, underlined,
//! drawn with glyphs (not boxes), in a right-to-left paragraph too; typed when the focus leaves or the screen
//! changes, dropped by Escape.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use std::path::Path;

use goldberry::shell::screenshot::RgbImage;
use scripts::Box as WidgetBox;
use serde_json::{Value, json};

/// Empties the text screen's field (focused when the screen opens): the first lines of every field script.
const EMPTY_FIELD: [&str; 2] = ["1 key ctrl+a", "1 key BackSpace"];

fn lines(script: &[&str]) -> Vec<String> {
    script.iter().map(|line| (*line).to_owned()).collect()
}

/// Plays `script` on `screen` and returns the last frame's widgets.
fn widgets(screen: &str, name: &str, script: &[&str]) -> Value {
    scripts::play("input-methods", name, screen, &lines(script))["widgets"].clone()
}

/// The text, caret and composition of a widget's report entry.
fn state(widget: &Value) -> (&str, u64, &Value) {
    (widget["text"].as_str().unwrap_or_default(), widget["caret"].as_u64().unwrap_or(u64::MAX), &widget["preedit"])
}

#[test]
fn japanese_kana_become_kanji_in_the_composition_and_are_typed_once_committed() {
    let mut script = EMPTY_FIELD.to_vec();
    script.extend(["2 preedit \"に\"", "3 preedit \"にほ\"", "4 preedit \"にほん\""]);
    let composing = widgets("text", "ja-kana", &script);
    let field = &composing["text.field"];
    assert_eq!(state(field), ("", 0, &json!({ "text": "にほん", "cursor": 9 })), "shown, not typed: {field}");
    // The runs are of the text as shown: the kana come from the CJK face.
    let runs = field["runs"].as_array().expect("runs");
    assert!(runs.iter().any(|r| r["font"] == "Droid Sans Fallback" && r["end"] == 9), "{runs:?}");

    script.extend(["5 preedit \"日本\" 1", "6 preedit \"\"", "6 text \"日本\""]);
    let typed = widgets("text", "ja-kanji", &script);
    assert_eq!(state(&typed["text.field"]), ("日本", 6, &Value::Null), "typed once, the composition gone");

    script.push("8 key ctrl+z");
    let undone = widgets("text", "ja-undo", &script);
    assert_eq!(state(&undone["text.field"]).0, "", "the composed text was one undo step");
}

#[test]
fn korean_jamo_compose_into_a_syllable() {
    let mut script = EMPTY_FIELD.to_vec();
    script.extend(["2 text \"가 \"", "3 preedit \"ㅎ\"", "4 preedit \"하\""]);
    let composing = widgets("text", "ko-syllable", &script);
    assert_eq!(state(&composing["text.field"]), ("가 ", 4, &json!({ "text": "하", "cursor": 3 })));
    script.extend(["5 preedit \"한\"", "6 preedit \"\"", "6 text \"한\"", "7 preedit \"ㄱ\""]);
    let typed = widgets("text", "ko-typed", &script);
    let (text, caret, preedit) = state(&typed["text.field"]);
    assert_eq!((text, caret), ("가 한", 7), "the syllable was typed after the space");
    assert_eq!(preedit, &json!({ "text": "ㄱ", "cursor": 3 }), "and the next jamo composes after it");
}

#[test]
fn chinese_pinyin_turns_into_hanzi_and_a_long_composition_arrives_whole() {
    let mut script = EMPTY_FIELD.to_vec();
    script.extend(["2 preedit \"zhong'guo\" 5"]);
    let pinyin = widgets("text", "zh-pinyin", &script);
    assert_eq!(state(&pinyin["text.field"]).2, &json!({ "text": "zhong'guo", "cursor": 5 }));
    // 12 hanzi are 36 bytes: past SDL_TEXTEDITING's 31, so SDL_TEXTEDITING_EXT carries them.
    let long = "中华人民共和国万岁万万岁";
    let long_line = format!("3 preedit \"{long}\"");
    script.push(&long_line);
    let composing = widgets("text", "zh-long", &script);
    assert_eq!(state(&composing["text.field"]).2, &json!({ "text": long, "cursor": long.len() }));
    script.extend(["4 preedit \"中国\"", "5 preedit \"\"", "5 text \"中国\""]);
    let typed = widgets("text", "zh-typed", &script);
    assert_eq!(state(&typed["text.field"]), ("中国", 6, &Value::Null));
}

/// The pixels a person sees of a composition in the text screen's field, once its text is `before` with the
/// caret moved by `keys`: with "日本" composed, with "本日" composed, and with "日本" typed.
fn composition_pictures(name: &str, before: &str, keys: &[&str]) -> (Value, [RgbImage; 3]) {
    let dir = process::temp_dir("input-methods", name);
    let shots = ["ja.png", "swapped.png", "typed.png"].map(|f| dir.join(f));
    let mut script = lines(&EMPTY_FIELD);
    script.push(format!("2 text \"{before}\""));
    script.extend(keys.iter().map(|k| format!("3 key {k}")));
    script.extend([
        "5 preedit \"日本\"".to_owned(),
        format!("5 screenshot \"{}\"", shots[0].display()),
        "7 preedit \"本日\"".to_owned(),
        format!("7 screenshot \"{}\"", shots[1].display()),
        "9 preedit \"\"".to_owned(),
        "9 text \"日本\"".to_owned(),
        format!("9 screenshot \"{}\"", shots[2].display()),
    ]);
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = scripts::goldberry();
    cmd.args(["--screen", "text", "--script"]).arg(&path);
    let report = scripts::report(cmd, &dir);
    let read = |p: &Path| RgbImage::read_png(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let pictures = shots.each_ref().map(|p| read(p));
    let _ = std::fs::remove_dir_all(&dir);
    (report, pictures)
}

/// The pixels of `rect` where `a` and `b` differ.
fn differ(a: &RgbImage, b: &RgbImage, rect: WidgetBox) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for y in rect.y as u32..(rect.y + rect.h) as u32 {
        for x in rect.x as u32..(rect.x + rect.w) as u32 {
            if a.pixel(x, y) != b.pixel(x, y) {
                out.push((x, y));
            }
        }
    }
    out
}

/// Checks what the composition pictures show: glyphs (two compositions of the same length differ, which boxes
/// would not), underlined (the composed and the typed text differ only in a thin line, under those glyphs).
fn assert_underlined_glyphs(report: &Value, [composed, swapped, typed]: &[RgbImage; 3]) -> (u32, u32) {
    let field = WidgetBox::of(&report["widgets"]["text.field"]["rect"]);
    let glyphs = differ(composed, swapped, field);
    assert!(glyphs.len() > 40, "日本 and 本日 drew alike ({} pixels differ): boxes, not glyphs", glyphs.len());
    let (gx0, gx1) = (glyphs.iter().map(|p| p.0).min().unwrap_or(0), glyphs.iter().map(|p| p.0).max().unwrap_or(0));
    let line = differ(composed, typed, field);
    assert!(!line.is_empty(), "the composition is not underlined");
    let (y0, y1) = (line.iter().map(|p| p.1).min().unwrap_or(0), line.iter().map(|p| p.1).max().unwrap_or(0));
    assert!(y1 - y0 <= 2, "only a thin line tells the composition from the typed text: rows {y0} to {y1}");
    let (x0, x1) = (line.iter().map(|p| p.0).min().unwrap_or(0), line.iter().map(|p| p.0).max().unwrap_or(0));
    assert!(x0 + 2 >= gx0 && x1 <= gx1 + 2, "the underline ({x0}..{x1}) is under the composition ({gx0}..{gx1})");
    assert!(x1 - x0 >= 20, "the underline spans both glyphs: {x0}..{x1}");
    (x0, x1)
}

#[test]
fn a_composition_is_underlined_at_the_caret_in_glyphs_not_boxes() {
    let (report, pictures) = composition_pictures("ltr", "ab", &[]);
    let (x0, _) = assert_underlined_glyphs(&report, &pictures);
    let field = WidgetBox::of(&report["widgets"]["text.field"]["rect"]);
    assert!(f64::from(x0) > field.x + 14.0, "after \"ab\", not at the field's start: {x0}");
    assert_eq!(state(&report["widgets"]["text.field"]).0, "ab日本");
}

#[test]
fn a_composition_inside_arabic_stands_where_its_glyphs_go_in_the_right_to_left_line() {
    // The caret after the first word (Home is the paragraph's start, at its right; Left moves on in it).
    let keys = ["Home", "Left", "Left", "Left", "Left", "Left"];
    let (report, pictures) = composition_pictures("rtl", "مرحبا بالعالم", &keys);
    let (x0, x1) = assert_underlined_glyphs(&report, &pictures);
    let field = &report["widgets"]["text.field"];
    assert_eq!(state(field).0, "مرحبا日本 بالعالم", "typed after the first word");
    // The line is right to left and stands against the field's right edge: the first word at the right, then
    // the composition to its left, then the second word.
    let b = WidgetBox::of(&field["rect"]);
    assert!(f64::from(x1) < b.x + b.w - 40.0, "the composition is left of the first word: {x0}..{x1}");
    assert!(f64::from(x0) > b.x + b.w / 2.0, "and the line is aligned right: {x0}..{x1} in {b:?}");
    let runs = field["runs"].as_array().expect("runs");
    assert!(runs.iter().any(|r| r["rtl"] == true), "a right-to-left run: {runs:?}");
}

#[test]
fn leaving_the_field_types_the_composition_and_so_does_a_screen_switch() {
    let mut script = EMPTY_FIELD.to_vec();
    script.extend(["2 preedit \"にほん\"", "3 key Tab"]);
    let left = widgets("text", "tab-away", &script);
    assert_eq!(state(&left["text.field"]), ("にほん", 9, &Value::Null), "Tab typed it");
    assert_eq!(left["focus"], "text.area");
    assert_eq!(left["text.area"]["preedit"], Value::Null, "nothing composed in the area");

    let mut script = EMPTY_FIELD.to_vec();
    script.extend(["2 preedit \"한국\"", "3 key ctrl+1"]);
    let switched = widgets("text", "screen-switch", &script);
    assert_eq!(state(&switched["text.field"]), ("한국", 6, &Value::Null), "the switch typed it");
}

#[test]
fn escape_drops_the_composition_and_leaves_the_text_and_the_app_as_they_were() {
    let mut script = EMPTY_FIELD.to_vec();
    script.extend(["2 text \"ab\"", "3 preedit \"にほん\"", "4 key Escape", "6 key End"]);
    let dir = process::temp_dir("input-methods", "escape");
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = scripts::goldberry();
    cmd.args(["--screen", "text", "--frames", "8", "--script"]).arg(&path);
    let report = scripts::report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(state(&report["widgets"]["text.field"]), ("ab", 2, &Value::Null), "nothing typed");
    assert_eq!(report["frames"].as_array().map(Vec::len), Some(8), "Escape in a composition does not quit");
}

#[test]
fn the_kits_field_and_area_compose_and_type_on_focus_loss() {
    let dir = process::temp_dir("input-methods", "forms-first");
    let mut cmd = scripts::goldberry();
    cmd.args(["--frames", "1", "--screen", "forms", "--size", "960x1400"]);
    let first = scripts::report(cmd, &dir)["widgets"].clone();
    let _ = std::fs::remove_dir_all(&dir);
    let at = |id: &str| WidgetBox::of(&first[id]["rect"]).centre();
    let (nx, ny) = at("forms.name");
    let (mx, my) = at("forms.message");
    let script = [
        format!("2 click {nx} {ny}"),
        "3 preedit \"名前\"".to_owned(),
        "4 key Tab".to_owned(),
        format!("6 click {mx} {my}"),
        "7 preedit \"中文\" 1".to_owned(),
    ];
    let dir = process::temp_dir("input-methods", "forms");
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = scripts::goldberry();
    cmd.args(["--screen", "forms", "--size", "960x1400", "--script"]).arg(&path);
    let w = scripts::report(cmd, &dir)["widgets"].clone();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(state(&w["forms.name"]), ("名前", 6, &Value::Null), "Tab typed it: {}", w["forms.name"]);
    assert_eq!(w["forms.name"]["error"], Value::Null, "and the required field holds it");
    assert_eq!(state(&w["forms.message"]), ("", 0, &json!({ "text": "中文", "cursor": 3 })));
}
