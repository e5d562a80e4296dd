//! The popup layer driven as a person drives it: scripts of clicks, right clicks and keys pushed onto SDL's queue,
//! headless, checked through the report's `popup`, `tooltip`, `focus`, `overlay` and the widgets the popups act on.
//! Each popup opens, is used by mouse and by keyboard, and closes (Escape, a click outside), and the focus goes back
//! where it was.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use process::temp_dir;
use scripts::{Box, goldberry, play, report};
use serde_json::Value;

/// The widgets of `screen`'s first frame, to aim at.
fn widgets(screen: &str, test: &str) -> Value {
    let dir = temp_dir("popups", &format!("where-{screen}-{test}"));
    let mut cmd = goldberry();
    cmd.args(["--frames", "1", "--screen", screen]);
    let r = report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    r["widgets"].clone()
}

fn centre(widgets: &Value, id: &str) -> (i64, i64) {
    Box::of(&widgets[id]["rect"]).centre()
}

/// The centre of part `part` of widget `id`.
fn part(widgets: &Value, id: &str, part: usize) -> (i64, i64) {
    Box::of(&widgets[id]["parts"][part]).centre()
}

fn click(frame: u64, (x, y): (i64, i64)) -> String {
    format!("{frame} click {x} {y}")
}

fn right_click(frame: u64, (x, y): (i64, i64)) -> String {
    format!("{frame} click {x} {y} right")
}

fn key(frame: u64, chord: &str) -> String {
    format!("{frame} key {chord}")
}

fn popup(r: &Value) -> &Value {
    &r["widgets"]["popup"]
}

fn focus(r: &Value) -> &Value {
    &r["widgets"]["focus"]
}

/// The run played every line: Escape with a popup open closed the popup, it did not quit.
fn ran_to_the_end(r: &Value, last_frame: u64) {
    let frames = r["frames"].as_array().map_or(0, Vec::len) as u64;
    assert_eq!(frames, last_frame + 2, "the run ended early (did Escape quit?)");
}

#[test]
fn the_overlay_dropdown_opens_picks_by_mouse_and_by_keyboard_and_closes() {
    let w = widgets("controls", "dropdown");
    let dropdown = centre(&w, "controls.overlay");
    let play = |name: &str, script: &[String]| play("popups", name, "controls", script);

    let open = play("dropdown-open", &[click(1, dropdown)]);
    assert_eq!(popup(&open)["open"], "controls.overlay");
    assert_eq!(popup(&open)["items"].as_array().map(Vec::len), Some(6), "the six overlay modes");
    assert_eq!(popup(&open)["highlighted"], 0, "the current mode, No overlay");
    assert_eq!(focus(&open), "controls.overlay", "the list leaves the focus on its dropdown");
    let items = &open["widgets"];

    // By mouse: the fifth item is the glyph cache.
    let r = play("dropdown-mouse", &[click(1, dropdown), click(3, part(items, "popup.item", 4))]);
    assert_eq!(popup(&r)["open"], Value::Null);
    assert_eq!(r["widgets"]["overlay"]["mode"], "Glyph cache");
    assert_eq!(r["widgets"]["controls.overlay"]["value"], "Glyph cache");
    assert_eq!(r["widgets"]["overlay"]["inspector"], true);
    assert_eq!(focus(&r), "controls.overlay");

    // By keyboard: Tab to the dropdown (the seventh stop), Return opens, Down twice, Return picks.
    let mut script: Vec<String> = (1..=7).map(|f| key(f, "Tab")).collect();
    script.extend([key(8, "Return"), key(9, "Down"), key(10, "Down"), key(11, "Return")]);
    let r = play("dropdown-keys", &script);
    assert_eq!(popup(&r)["open"], Value::Null);
    assert_eq!(r["widgets"]["overlay"]["mode"], "Bands");
    assert_eq!(focus(&r), "controls.overlay");
    // Space opens it too, and Up goes round to the last item.
    let mut script: Vec<String> = (1..=7).map(|f| key(f, "Tab")).collect();
    script.extend([key(8, "space"), key(9, "Up"), key(10, "Return")]);
    assert_eq!(play("dropdown-space", &script)["widgets"]["overlay"]["mode"], "Layout bounds");

    // Escape closes it without picking, and does not quit.
    let r = play("dropdown-escape", &[click(1, dropdown), key(2, "Down"), key(3, "Escape"), key(5, "Tab")]);
    ran_to_the_end(&r, 5);
    assert_eq!(r["widgets"]["overlay"]["mode"], "No overlay");
    assert_eq!(popup(&r)["open"], Value::Null);
    assert_eq!(focus(&r), "controls.button", "the focus was back on the dropdown, the last stop: Tab went around");

    // A click outside closes it and does nothing else: the button under it is not pressed.
    let r = play("dropdown-outside", &[click(1, dropdown), click(3, centre(&w, "controls.button"))]);
    assert_eq!(popup(&r)["open"], Value::Null);
    assert_eq!(r["widgets"]["controls.button"]["presses"], 0);
    assert_eq!(r["widgets"]["overlay"]["mode"], "No overlay");
    assert_eq!(focus(&r), "controls.overlay");
}

fn field(r: &Value) -> (String, u64, u64) {
    let f = &r["widgets"]["text.field"];
    (
        f["text"].as_str().unwrap_or_default().to_owned(),
        f["caret"].as_u64().unwrap_or(0),
        f["anchor"].as_u64().unwrap_or(0),
    )
}

#[test]
fn the_text_fields_context_menu_cuts_copies_pastes_and_selects_all() {
    let w = widgets("text", "menu");
    let at = centre(&w, "text.field");
    let play = |name: &str, script: &[String]| play("popups", name, "text", script);
    let start = field(&play("menu-none", &[])).0;

    // Nothing selected: Cut and Copy are disabled, and a click on one does nothing (the menu stays).
    let open = play("menu-open", &[key(1, "End"), right_click(2, at)]);
    assert_eq!(popup(&open)["open"], "text.field");
    assert_eq!(popup(&open)["enabled"], serde_json::json!([false, false, true, true]));
    assert_eq!(popup(&open)["highlighted"], 2, "the first enabled item");
    let items = &open["widgets"];
    let r = play("menu-disabled", &[key(1, "End"), right_click(2, at), click(4, part(items, "popup.item", 0))]);
    assert_eq!(popup(&r)["open"], "text.field", "a disabled item is not picked");
    assert_eq!(field(&r).0, start);

    // Select all by mouse, Copy by keyboard, End, then Paste from a menu opened past the text's end (a right click
    // outside the selection moves the caret where it is, issue 35): the text twice.
    let select_all = part(items, "popup.item", 3);
    let rect = Box::of(&w["text.field"]["rect"]);
    let past_end = ((rect.x + rect.w) as i64 - 12, at.1);
    let script = [
        key(1, "End"),
        right_click(2, at),
        click(4, select_all),
        right_click(6, at),
        key(8, "Down"),
        key(9, "Return"),
        key(10, "End"),
        right_click(11, past_end),
        // The menu opens on Paste, its first enabled item.
        key(13, "Return"),
    ];
    let r = play("menu-copy-paste", &script);
    let (text, caret, anchor) = field(&r);
    assert_eq!(text, format!("{start}{start}"), "copied and pasted after itself");
    assert_eq!((caret, anchor), (text.len() as u64, text.len() as u64));
    assert_eq!(focus(&r), "text.field", "the focus stayed with the field");

    // Select all (menu), Cut (menu): empty; Paste (menu): back.
    let cut = [
        key(1, "End"),
        right_click(2, at),
        click(4, select_all),
        right_click(6, at),
        click(8, part(items, "popup.item", 0)),
    ];
    let r = play("menu-cut", &cut);
    assert_eq!(field(&r).0, "", "Cut took everything");
    let mut paste = cut.to_vec();
    // Nothing selected now: the menu opens on Paste, its first enabled item.
    paste.extend([right_click(10, at), key(12, "Return")]);
    let r = play("menu-cut-paste", &paste);
    assert_eq!(field(&r).0, start, "Paste put it back");

    // Escape closes it without a change and does not quit; a click outside closes it too.
    let r = play("menu-escape", &[key(1, "End"), right_click(2, at), key(4, "Escape")]);
    ran_to_the_end(&r, 4);
    assert_eq!((popup(&r)["open"].clone(), field(&r).0), (Value::Null, start.clone()));
    let r = play("menu-outside", &[key(1, "End"), right_click(2, at), click(4, (900, 600))]);
    assert_eq!(popup(&r)["open"], Value::Null);
    assert_eq!(focus(&r), "text.field");
}

fn direction(r: &Value) -> &Value {
    &r["widgets"]["playground.container"]["direction"]
}

#[test]
fn the_reset_dialog_traps_the_focus_and_resets_or_cancels() {
    let w = widgets("layout", "modal");
    let reset = centre(&w, "playground.reset");
    let play = |name: &str, script: &[String]| play("popups", name, "layout", script);

    // d turns the row around; the Reset button opens the dialog, focused on Cancel.
    let open = play("modal-open", &[key(1, "d"), click(2, reset)]);
    assert_eq!(popup(&open)["open"], "playground.reset");
    assert_eq!(popup(&open)["kind"], "modal");
    assert_eq!(focus(&open), "popup.cancel");
    let buttons = &open["widgets"];

    // Tab cycles the dialog's two buttons and nothing else.
    let tabs = play("modal-tabs", &[key(1, "d"), click(2, reset), key(4, "Tab"), key(5, "Tab"), key(6, "Tab")]);
    assert_eq!(focus(&tabs), "popup.confirm");
    let tabs = play("modal-tabs2", &[key(1, "d"), click(2, reset), key(4, "Tab"), key(5, "Tab")]);
    assert_eq!(focus(&tabs), "popup.cancel");

    // Reset by mouse restores the properties; the focus goes back to the Reset button.
    let r = play("modal-reset-mouse", &[key(1, "d"), click(2, reset), click(4, centre(buttons, "popup.confirm"))]);
    assert_eq!(popup(&r)["open"], Value::Null);
    assert_eq!(direction(&r), "row");
    assert_eq!(r["widgets"]["playground.reset"]["changed"], false);
    assert_eq!(focus(&r), "playground.reset");
    // By keyboard: Tab to the Reset button, Return opens, Tab to Reset, Return.
    let keys = [key(1, "d"), key(2, "Tab"), key(3, "Return"), key(5, "Tab"), key(6, "Return")];
    let r = play("modal-reset-keys", &keys);
    assert_eq!(direction(&r), "row");
    assert_eq!(focus(&r), "playground.reset");

    // Cancel (Return on it, by mouse, or Escape) keeps them.
    let r = play("modal-cancel-keys", &[key(1, "d"), click(2, reset), key(4, "Return")]);
    assert_eq!((popup(&r)["open"].clone(), direction(&r).clone()), (Value::Null, "row-reverse".into()));
    let r = play("modal-cancel-mouse", &[key(1, "d"), click(2, reset), click(4, centre(buttons, "popup.cancel"))]);
    assert_eq!((popup(&r)["open"].clone(), direction(&r).clone()), (Value::Null, "row-reverse".into()));
    let r = play("modal-escape", &[key(1, "d"), click(2, reset), key(4, "Escape")]);
    ran_to_the_end(&r, 4);
    assert_eq!((popup(&r)["open"].clone(), direction(&r).clone()), (Value::Null, "row-reverse".into()));
    assert_eq!(focus(&r), "playground.reset");

    // A click outside does nothing: the dialog stays, the chip under the click is not chosen, keys do not reach
    // the screen.
    let chip = part(&w, "playground.direction", 2);
    let r = play("modal-outside", &[key(1, "d"), click(2, reset), click(4, chip), key(5, "d")]);
    assert_eq!(popup(&r)["open"], "playground.reset");
    assert_eq!(direction(&r), "row-reverse");
    assert_eq!(focus(&r), "popup.cancel");
}

/// Plays `script` on the controls screen for exactly `frames` frames.
fn play_for(name: &str, frames: u64, script: &[String]) -> Value {
    let dir = temp_dir("popups", name);
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = goldberry();
    cmd.args(["--screen", "controls", "--frames", &frames.to_string(), "--script"]).arg(&path);
    let r = report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

#[test]
fn a_tooltip_shows_after_its_delay_and_not_before_and_a_press_dismisses_it() {
    let w = widgets("controls", "tooltip");
    let button = centre(&w, "controls.button");
    let hover = [format!("1 move {} {}", button.0, button.1)];
    // The move is handled at frame 1 (1/60 s); the tooltip is due half a second later, at frame 31.
    let before = play_for("tip-before", 30, &hover);
    assert_eq!(before["widgets"]["tooltip"]["shown"], Value::Null);
    let after = play_for("tip-after", 33, &hover);
    assert_eq!(after["widgets"]["tooltip"]["shown"], "Counts its presses");
    assert_eq!(after["widgets"]["tooltip"]["for"], "controls.button#0");
    let frames = after["frames"].as_array().expect("frames");
    let painted: Vec<u64> = frames.iter().filter(|f| f["idle"] == false).filter_map(|f| f["index"].as_u64()).collect();
    assert_eq!(painted, [0, 1, 31], "the hover, then nothing until the tooltip: no frame spent waiting");
    let damage = frames[31]["damage_px"].as_u64().unwrap_or(0);
    assert!(damage > 0 && damage < 20_000, "the tooltip damaged only its own box: {damage} px");

    let mut pressed = hover.to_vec();
    pressed.push("40 press".to_owned());
    pressed.push("41 release".to_owned());
    let r = play_for("tip-pressed", 80, &pressed);
    assert_eq!(r["widgets"]["tooltip"]["shown"], Value::Null, "a press dismisses it while the pointer stays");
}

/// Plays `script` on `screen` at `--size size`, and returns the report.
fn play_sized(name: &str, screen: &str, size: &str, script: &[String]) -> Value {
    let dir = temp_dir("popups", name);
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let mut cmd = goldberry();
    cmd.args(["--screen", screen, "--size", size, "--script"]).arg(&path);
    let r = report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

/// The popup's box, `[x, y, w, h]`.
fn popup_box(r: &Value) -> Box {
    Box::of(&popup(r)["rect"])
}

/// The Reset dialog fits a 320x240 window whole, buttons and all; a resize keeps it open, in the middle of the
/// new window.
#[test]
fn the_reset_dialog_fits_a_small_window_and_stays_open_through_a_resize() {
    // Tab reaches the Reset button first; Return opens the dialog.
    let open = play_sized("modal-small", "layout", "320x240", &[key(1, "Tab"), key(2, "Return")]);
    assert_eq!(popup(&open)["open"], "playground.reset");
    let inside = |b: Box, w: f64, h: f64| b.x >= 0.0 && b.y >= 0.0 && b.x + b.w <= w && b.y + b.h <= h;
    let dialog = popup_box(&open);
    assert!(inside(dialog, 320.0, 240.0), "{dialog:?}");
    for id in ["popup.cancel", "popup.confirm"] {
        let b = Box::of(&open["widgets"][id]["rect"]);
        assert!(b.x >= dialog.x && b.x + b.w <= dialog.x + dialog.w && b.w >= 60.0, "{id} {b:?} in {dialog:?}");
    }
    let resized = play_sized(
        "modal-resized",
        "layout",
        "320x240",
        &[key(1, "Tab"), key(2, "Return"), "4 resize 800 600".to_owned()],
    );
    assert_eq!(popup(&resized)["open"], "playground.reset", "a resize does not close it");
    let dialog = popup_box(&resized);
    assert_eq!(
        (dialog.x + dialog.w / 2.0, dialog.y + dialog.h / 2.0),
        (400.0, 300.0),
        "in the middle of the new window"
    );
    let confirm = Box::of(&resized["widgets"]["popup.confirm"]["rect"]);
    assert!(confirm.x + confirm.w <= dialog.x + dialog.w && confirm.x > dialog.x, "its buttons moved with it");
    assert_eq!(focus(&resized), "popup.cancel");
}

/// While the dialog is open, Ctrl+4 and Ctrl+Tab do not switch screens: the dialog waits on its screen.
#[test]
fn the_reset_dialog_refuses_a_screen_switch() {
    let w = widgets("layout", "modal-switch");
    let reset = centre(&w, "playground.reset");
    let r =
        play("popups", "modal-switch", "layout", &[key(1, "d"), click(2, reset), key(4, "ctrl+4"), key(5, "ctrl+Tab")]);
    assert_eq!(r["screen"], "layout");
    assert_eq!(popup(&r)["open"], "playground.reset", "still waiting for an answer");
    assert_eq!(focus(&r), "popup.cancel");
    // Answered, the keys work again.
    let r = play(
        "popups",
        "modal-switch-after",
        "layout",
        &[key(1, "d"), click(2, reset), key(4, "ctrl+4"), key(5, "Escape"), key(6, "ctrl+4")],
    );
    assert_ne!(r["screen"], "layout");
}

/// Mirrored, a context menu opens to the left of the pointer, and a dropdown's list lines up with its field's
/// right edge.
#[test]
fn mirrored_popups_open_from_the_right() {
    let mirror = key(1, "ctrl+r");
    let text = play("popups", "mirrored-text-where", "text", std::slice::from_ref(&mirror));
    let (x, y) = Box::of(&text["widgets"]["text.field"]["rect"]).centre();
    let menu = play("popups", "mirrored-menu", "text", &[mirror.clone(), right_click(3, (x, y))]);
    assert_eq!(popup(&menu)["open"], "text.field");
    let b = popup_box(&menu);
    assert!(((b.x + b.w) - x as f64).abs() <= 1.0, "the menu ends at the pointer: {b:?} against x = {x}");

    let controls = play("popups", "mirrored-controls-where", "controls", std::slice::from_ref(&mirror));
    let field = Box::of(&controls["widgets"]["controls.overlay"]["rect"]);
    let dir = temp_dir("popups", "mirrored-dropdown-shot");
    let png = dir.join("list.png");
    let shot = format!("5 screenshot \"{}\"", png.display());
    let list = play("popups", "mirrored-dropdown", "controls", &[mirror, click(3, field.centre()), shot]);
    assert_eq!(popup(&list)["open"], "controls.overlay");
    let b = popup_box(&list);
    assert_eq!(b.x + b.w, field.x + field.w, "right-aligned under the field: {b:?} {field:?}");
    // Its second item (neither checked nor highlighted: its label alone) reads from the right: the label's ink
    // lies against the row's right end, not its left.
    let row = Box::of(&list["widgets"]["popup.item"]["parts"][1]);
    let image = goldberry::shell::screenshot::RgbImage::read_png(&png).expect("the screenshot");
    let at = |x: i64, y: i64| {
        let i = (y as usize * image.width as usize + x as usize) * 3;
        [image.data[i], image.data[i + 1], image.data[i + 2]]
    };
    let (x0, x1) = (row.x as i64 + 2, (row.x + row.w) as i64 - 2);
    let y = (row.y + row.h / 2.0) as i64;
    let background = at(x0, y);
    let ink: Vec<i64> = (x0..x1).filter(|&x| (y - 4..y + 4).any(|y| at(x, y) != background)).collect();
    let (first, last) = (ink.first().copied().unwrap_or(0), ink.last().copied().unwrap_or(0));
    assert!(!ink.is_empty(), "the label drew");
    assert!(x1 - last < first - x0, "right-aligned: ink from {first} to {last} in a row from {x0} to {x1}");
    let _ = std::fs::remove_dir_all(dir);
}
