//! The gallery's kit pages (values, forms, panels, menus & tabs) driven as a person would, by mouse and keyboard:
//! scripts pushed onto SDL's queue headless, checked through the report's widgets. Each script first reads where
//! the widgets lie from a one-frame report, so nothing here hard-codes a coordinate.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use scripts::Box as WidgetBox;
use serde_json::Value;

/// The widgets of `screen`'s first frame at `size`.
fn first_frame(screen: &str, size: &str) -> Value {
    let dir = process::temp_dir("gallery", &format!("first-{screen}-{size}"));
    let mut cmd = scripts::goldberry();
    cmd.args(["--frames", "1", "--screen", screen, "--size", size]);
    let report = scripts::report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    report["widgets"].clone()
}

fn boxed(widgets: &Value, id: &str) -> WidgetBox {
    WidgetBox::of(&widgets[id]["rect"])
}

fn part(widgets: &Value, id: &str, i: usize) -> WidgetBox {
    WidgetBox::of(&widgets[id]["parts"][i])
}

/// The report after `script` on `screen` at `size`.
fn play_at(screen: &str, name: &str, size: &str, script: &[String]) -> Value {
    scripts::play_at("gallery", name, screen, size, script)
}

/// Plays `script` on `screen` at 960x640 and returns the last frame's widgets.
fn play(screen: &str, name: &str, script: &[String]) -> Value {
    play_at(screen, name, "960x640", script)["widgets"].clone()
}

/// A window tall enough that the whole page shows.
const TALL: &str = "960x1400";

fn click(frame: u32, (x, y): (i64, i64)) -> String {
    format!("{frame} click {x} {y}")
}

#[test]
fn the_values_page_moves_by_pointer_drag_and_keys_and_its_bindings_follow() {
    let w = first_frame("values", TALL);
    let volume = boxed(&w, "values.volume");
    let gain = boxed(&w, "values.gain");
    let (gx, gy) = (gain.centre().0, gain.y as i64 + 24);
    let script = vec![
        // The slider's far end, where half its thumb lies past the track: still grabbed.
        click(5, ((volume.x + volume.w - 2.0) as i64, volume.centre().1)),
        // The knob turned up by a drag of 75 px (half its throw).
        format!("10 move {gx} {gy}"),
        "11 press".to_owned(),
        format!("12 move {gx} {}", gy - 40),
        format!("13 move {gx} {}", gy - 75),
        "14 release".to_owned(),
        // The spinner's figure, typed past its range, then a letter.
        click(20, part(&w, "values.copies", 0).centre()),
        "21 key BackSpace".to_owned(),
        "22 text \"150\"".to_owned(),
        "24 text \"x\"".to_owned(),
        // The radio group by click, the segmented bar by key.
        click(30, part(&w, "values.quality", 2).centre()),
        click(34, part(&w, "values.view", 0).centre()),
        "36 key Right".to_owned(),
        "37 key Right".to_owned(),
        // A child checkbox leaves the parent mixed.
        click(40, boxed(&w, "values.two").centre()),
        click(44, boxed(&w, "values.live").centre()),
    ];
    let out = play_at("values", "values", TALL, &script)["widgets"].clone();
    assert_eq!(out["values.volume"]["value"], 100.0, "{}", out["values.volume"]);
    assert_eq!(out["values.bar"]["percent"], 100, "the bar follows the slider");
    assert_eq!(out["values.ring"]["percent"], 100);
    assert_eq!(out["values.gain"]["value"], 12.0, "half the throw from 6 of 12: the top");
    assert_eq!(out["values.copies"]["value"], 99, "clamped: {}", out["values.copies"]);
    assert_eq!(out["values.copies"]["hint"], "digits only");
    assert_eq!(out["values.quality"]["value"], "Best");
    assert_eq!(out["values.view"]["value"], "Month");
    assert_eq!(out["values.all"]["state"], "checked", "both children on");
    assert_eq!(out["values.live"]["on"], false);
    assert_eq!(out["values.orders"]["figure"], "40,788", "the statistic follows the spinner");
}

#[test]
fn the_form_says_what_to_fix_refuses_to_submit_and_sends_once_valid() {
    let w = first_frame("forms", TALL);
    let field = |id: &str| boxed(&w, id).at(0.3, 0.5);
    let mut script = vec![
        click(5, field("forms.name")),
        // Tab out of an empty required field: its rule shows.
        "8 key Tab".to_owned(),
        click(12, field("forms.phone")),
        "13 text \"12a4567\"".to_owned(),
        click(16, field("forms.nick")),
        "17 text \"abcdefghijklmnopq\"".to_owned(),
    ];
    let submit = [click(20, boxed(&w, "forms.submit").centre())];
    let refused = play_at("forms", "refused", TALL, &[&script[..], &submit].concat())["widgets"].clone();
    assert_eq!(refused["forms.name"]["error"], "Required");
    assert_eq!(refused["forms.phone"]["text"], "124567");
    assert_eq!(refused["forms.phone"]["hint"], "digits only");
    assert_eq!(refused["forms.nick"]["text"], "abcdefghijkl");
    assert_eq!(refused["forms.nick"]["hint"], "cut at 12 characters");
    assert_eq!(refused["forms.summary"]["text"], "4 things to fix", "{}", refused["forms.summary"]);
    // The required box the submit found unticked says so, to the report and to a screen reader.
    assert_eq!(refused["forms.terms"]["invalid"], true, "{}", refused["forms.terms"]);
    let states = refused["forms.terms"]["access"]["states"].to_string();
    assert!(states.contains("invalid"), "{states}");
    // Filled in, the terms ticked by a click on their row's label: sent.
    let terms_label = boxed(&w, "forms.terms");
    script.extend([
        click(20, field("forms.name")),
        "21 text \"Ada\"".to_owned(),
        "22 key Tab".to_owned(),
        "23 text \"ada@example.org\"".to_owned(),
        "24 key Tab".to_owned(),
        "25 text \"analytical\"".to_owned(),
        click(28, ((terms_label.x - 100.0) as i64, terms_label.centre().1)),
        click(32, boxed(&w, "forms.submit").centre()),
    ]);
    let sent = play_at("forms", "sent", TALL, &script)["widgets"].clone();
    assert_eq!(sent["forms.terms"]["checked"], true, "a click on the label ticks it");
    assert_eq!(sent["forms.terms"]["invalid"], false, "ticked, it is no longer invalid");
    assert_eq!(sent["forms.name"]["error"], Value::Null);
    assert_eq!(sent["forms.summary"]["text"], "Sent", "{}", sent["forms.summary"]);
}

#[test]
fn the_panels_open_slide_split_and_stop() {
    let w = first_frame("panels", TALL);
    let script = vec![
        click(5, boxed(&w, "panels.open").centre()),
        click(8, part(&w, "panels.carousel", 1).centre()),
        "9 key Right".to_owned(),
        click(12, boxed(&w, "panels.split").centre()),
        "13 key Right".to_owned(),
        click(16, part(&w, "panels.accordion", 1).centre()),
        click(20, boxed(&w, "panels.loading").centre()),
    ];
    let out = play_at("panels", "panels", TALL, &script)["widgets"].clone();
    assert_eq!(out["panels.open"]["opens"], 1);
    assert_eq!(out["panels.carousel"]["index"], 2, "next, then Right");
    let ratio = out["panels.split"]["ratio"].as_f64().unwrap_or(0.0);
    assert!((ratio - 0.45).abs() < 1e-4, "clicked at the middle, then Right: {ratio}");
    assert_eq!(out["panels.accordion"]["open"], serde_json::json!([false, true, false]), "one open at a time");
    assert_eq!(out["panels.skeleton"]["running"], false, "the switch stops the shimmer");
}

#[test]
fn a_page_that_does_not_fit_scrolls_by_wheel_keys_and_its_scrollbar() {
    let w = first_frame("panels", "960x640");
    let (px, py) = boxed(&w, "page").centre();
    let page = |r: &Value| {
        (r["panels.page"]["offset"].as_f64().unwrap_or(-1.0), r["panels.page"]["max"].as_f64().unwrap_or(-1.0))
    };
    let wheel = play("panels", "wheel", &[format!("3 move {px} {py}"), "4 wheel 0 -2".to_owned()]);
    assert_eq!(page(&wheel).0, 120.0, "two notches of three 20 px rows");
    let end = play("panels", "end", &["4 key End".to_owned()]);
    let (offset, max) = page(&end);
    assert!(offset > 300.0 && offset == max, "End goes to the bottom: {offset} of {max}");
    let thumb = part(&w, "page.scrollbar", 1).centre();
    let dragged = play(
        "panels",
        "thumb",
        &[
            format!("3 move {} {}", thumb.0, thumb.1),
            "4 press".to_owned(),
            format!("5 move {} {}", thumb.0, thumb.1 + 600),
            "6 release".to_owned(),
        ],
    );
    assert_eq!(page(&dragged).0, max, "the thumb dragged to the bottom");
    // Tab from the last widget above the fold reaches one below it, and the page follows the focus.
    let tabbed = play("panels", "tab", &(0..6).map(|i| format!("{} key Tab", 3 + i)).collect::<Vec<_>>());
    assert!(page(&tabbed).0 > 0.0, "the focused widget was scrolled into view: {}", tabbed["focus"]);
}

#[test]
fn menus_tabs_and_dialogs_do_what_they_say() {
    let w = first_frame("menus", "960x640");
    let plus = part(&w, "menus.docs", 6).centre();
    let close_first = part(&w, "menus.docs", 1).centre();
    let out = play("menus", "docs", &[click(5, plus), click(8, close_first), "10 key F10".to_owned()]);
    assert_eq!(out["menus.docs"]["docs"], serde_json::json!(["Plan.md", "Budget.csv", "Untitled 1"]));
    assert_eq!(out["menus.docs"]["selected"], 2, "closing another tab keeps the one shown");
    // Closing the tab shown gives its neighbour the selection (Delete closes it).
    let closed =
        play("menus", "docs-close", &[click(5, part(&w, "menus.docs", 2).centre()), "7 key Delete".to_owned()]);
    assert_eq!(closed["menus.docs"]["docs"], serde_json::json!(["Notes.txt", "Budget.csv"]));
    assert_eq!(closed["menus.docs"]["selected"], 1, "the tab after it");
    assert_eq!(out["focus"], "menus.bar", "F10 focuses the menubar");
    let alt = play("menus", "alt", &["5 key alt".to_owned()]);
    assert_eq!(alt["focus"], "menus.bar", "Alt alone focuses the menubar");
    // A menu of the bar: its second item picked by keys.
    let view = part(&w, "menus.bar", 2).centre();
    let picked = play("menus", "bar", &[click(5, view), "8 key Down".to_owned(), "10 key Return".to_owned()]);
    assert_eq!(picked["menus.bar"]["last"], "View › Show rulers", "{}", picked["menus.bar"]);
    assert_eq!(picked["menus.bar"]["checked"], serde_json::json!(["Show grid", "Show rulers", "Sidebar"]));
    // A submenu: View › Zoom opened by Right, its second item picked.
    let zoomed = play(
        "menus",
        "submenu",
        &[
            click(5, view),
            "7 key Down".to_owned(),
            "8 key Down".to_owned(),
            "9 key Right".to_owned(),
            "10 key Down".to_owned(),
            "12 key Return".to_owned(),
        ],
    );
    assert_eq!(zoomed["menus.bar"]["last"], "View › Zoom › Zoom out", "{}", zoomed["menus.bar"]);
    let zoom = zoomed["zoom"].as_f64().unwrap_or_default();
    assert!((zoom - 0.9).abs() < 1e-6, "Zoom out zooms the window out as Ctrl+Minus does: {zoom}");
    // The accelerators the menus show pick their commands from the keyboard (Revert, disabled, has none).
    let keyed = play("menus", "accelerators", &["5 key ctrl+n".to_owned(), "8 key ctrl+y".to_owned()]);
    assert_eq!(keyed["menus.bar"]["last"], "Edit › Redo", "{}", keyed["menus.bar"]);
    assert_eq!(keyed["menus.last"]["text"], "Edit › Redo", "{}", keyed["menus.last"]);
    let new = play("menus", "accelerator-new", &["5 key ctrl+n".to_owned()]);
    assert_eq!(new["menus.last"]["text"], "File › New", "{}", new["menus.last"]);
    // The dropdown's list, and the dialog that a modal keeps until answered.
    let font = boxed(&w, "menus.font").centre();
    let opened = play("menus", "dropdown", &[click(5, font)]);
    assert_eq!(opened["popup"]["open"], "menus.font");
    let picked = play("menus", "dropdown-pick", &[click(5, font), "8 key Down".to_owned(), "10 key Return".to_owned()]);
    assert_eq!(picked["menus.font"]["value"], "DejaVu Sans");
}

#[test]
fn at_320_pixels_the_current_tab_shows_whole_and_the_rest_are_a_menu_away() {
    for screen in ["overview", "layout", "scrolling", "menus"] {
        let w = first_frame(screen, "320x480");
        let tabs: Vec<WidgetBox> =
            w["tabs"]["parts"].as_array().map(|p| p.iter().map(WidgetBox::of).collect()).unwrap_or_default();
        assert!(tabs.iter().all(|t| t.x >= 0.0 && t.x + t.w <= 320.0), "{screen}: {tabs:?}");
        assert!(tabs.len() >= 2, "{screen}: the current tab and the » button");
    }
    let w = first_frame("menus", "320x480");
    let more = w["tabs"]["parts"].as_array().and_then(|p| p.last()).map(WidgetBox::of).expect("the » button");
    let script = [click(5, more.centre()), "8 key Home".to_owned(), "10 key Return".to_owned()];
    let out = play_at("menus", "more", "320x480", &script);
    assert_eq!(out["screen"], "overview", "the menu's first screen picked: {}", out["screen"]);
}

#[test]
fn mirrored_the_arrows_follow_what_is_drawn_and_compact_density_tightens_every_control() {
    // Ctrl+R: the slider's minimum is at its right, so Left raises it; the radio group's first option is drawn at
    // the right, so Right goes back toward it.
    let keys =
        ["3 key ctrl+r", "5 key Tab", "6 key Tab", "7 key Tab", "8 key Left", "9 key Tab", "10 key Tab", "11 key Left"];
    let out = play("controls", "mirrored-keys", &keys.map(str::to_owned));
    assert_eq!(out["mirrored"], true);
    assert_eq!(out["controls.radio"]["selected"], 1, "Left from the first option goes on, to the one drawn left of it");
    assert_eq!(out["controls.slider"]["value"], 41, "mirrored, Left raises the slider");
    let slider = WidgetBox::of(&out["controls.slider"]["rect"]);
    let radio = WidgetBox::of(&out["controls.radio"]["parts"][0]);
    let radio_last = WidgetBox::of(&out["controls.radio"]["parts"][2]);
    assert!(radio.x > radio_last.x, "the first option is drawn at the right");
    assert!(slider.x + slider.w > 480.0, "the rows run from the right");
    // Ctrl+D: controls 28 px tall instead of 32.
    let regular = first_frame("controls", "960x640");
    let compact = play("controls", "compact", &["3 key ctrl+d".to_owned()]);
    assert_eq!(boxed(&regular, "controls.button").h, 32.0);
    assert_eq!(boxed(&compact, "controls.button").h, 28.0);
    assert_eq!(compact["density"], "compact");
}

#[test]
fn the_text_area_grows_to_six_rows_then_scrolls_by_its_caret_and_by_the_wheel() {
    let w = first_frame("forms", TALL);
    let area = boxed(&w, "forms.message");
    let mut script = vec![click(5, area.centre())];
    for i in 0..9 {
        script.push(format!("{} text \"line {i}\"", 6 + 2 * i));
        script.push(format!("{} key Return", 7 + 2 * i));
    }
    let typed = play_at("forms", "area", TALL, &script)["widgets"].clone();
    let m = &typed["forms.message"];
    assert_eq!(m["rows"], 6, "it grew from 3 to 6 rows and stops there: {m}");
    assert_eq!(m["first_line"], 4, "the caret's row (the tenth line) shows at the bottom");
    assert!(WidgetBox::of(&m["rect"]).h > area.h, "the page laid it out taller");
    // The wheel over it scrolls its lines, not the page.
    let (x, y) = (area.centre().0, area.centre().1 + 40);
    script.extend([format!("30 move {x} {y}"), "31 wheel 0 1".to_owned()]);
    let wheeled = play_at("forms", "area-wheel", TALL, &script);
    assert_eq!(wheeled["widgets"]["forms.message"]["first_line"], 1);
    assert_eq!(wheeled["widgets"]["forms.page"]["offset"], 0.0);
}

#[test]
fn the_text_and_layout_screens_scroll_in_a_window_too_short_for_them() {
    const SHORT: &str = "720x480";
    let page = |r: &Value, name: &str| {
        let p = &r["widgets"][format!("{name}.page")];
        (p["offset"].as_f64().unwrap_or(-1.0), p["max"].as_f64().unwrap_or(-1.0))
    };
    let w = first_frame("text", SHORT);
    let title = boxed(&w, "page").at(0.1, 0.05);
    let area = boxed(&w, "text.area").centre();
    let script = |lines: &[String]| lines.to_vec();
    let wheel = play_at(
        "text",
        "text-wheel",
        SHORT,
        &script(&[format!("3 move {} {}", title.0, title.1), "4 wheel 0 -2".into()]),
    );
    let (offset, max) = page(&wheel, "text");
    assert!(max > 100.0, "the text screen does not fit 720x480: {max}");
    assert_eq!(offset, 120.0, "a wheel over the page scrolls it, two notches");
    let in_area = play_at(
        "text",
        "text-area-wheel",
        SHORT,
        &script(&[format!("3 move {} {}", area.0, area.1), "4 wheel 0 -1".into()]),
    );
    assert_eq!(page(&in_area, "text").0, 0.0, "a wheel over the area scrolls the area, not the page");
    let thumb = part(&w, "page.scrollbar", 1).centre();
    let dragged = play_at(
        "text",
        "text-thumb",
        SHORT,
        &script(&[
            format!("3 move {} {}", thumb.0, thumb.1),
            "4 press".into(),
            format!("5 move {} {}", thumb.0, thumb.1 + 500),
            "6 release".into(),
        ]),
    );
    assert_eq!(page(&dragged, "text").0, max, "the thumb dragged to the bottom shows the page's end");
    // The size slider lies below the fold: Tab reaches it and the page follows, and its keys then move it.
    let tabbed = play_at(
        "text",
        "text-tab",
        SHORT,
        &script(&["3 key Tab".into(), "4 key Tab".into(), "5 key Tab".into(), "6 key Right".into()]),
    );
    assert!(page(&tabbed, "text").0 > 0.0, "the slider was scrolled into view: {}", tabbed["widgets"]["focus"]);
    assert_eq!(tabbed["widgets"]["focus"], "text.size");
    let size = WidgetBox::of(&tabbed["widgets"]["text.size"]["rect"]);
    assert!(size.centre().1 < 456, "the slider shows above the status bar: {:?}", size.centre());

    let layout = first_frame("layout", SHORT);
    let (_, max) = page(&serde_json::json!({ "widgets": layout }), "layout");
    assert!(max > 50.0, "the layout screen's panel does not fit 720x480: {max}");
    let end = play_at("layout", "layout-end", SHORT, &script(&["3 key End".into()]));
    assert_eq!(page(&end, "layout"), (max, max), "End with nothing focused goes to the bottom");
    let panel = boxed(&layout, "page").at(0.1, 0.5);
    let wheel = play_at(
        "layout",
        "layout-wheel",
        SHORT,
        &script(&[format!("3 move {} {}", panel.0, panel.1), "4 wheel 0 -1".into()]),
    );
    assert_eq!(page(&wheel, "layout").0, 60.0, "a notch over the panel scrolls the page");

    // The overview's fourth row of cards lies below a 480 px window's fold: the wheel and End reach it, and the
    // card under the pointer is the one drawn there.
    let cards = first_frame("overview", SHORT);
    let (_, max) = page(&serde_json::json!({ "widgets": cards }), "overview");
    assert!(max > 100.0, "the overview's rows do not fit 720x480: {max}");
    let grid = boxed(&cards, "page").centre();
    let wheel = play_at(
        "overview",
        "overview-wheel",
        SHORT,
        &script(&[format!("3 move {} {}", grid.0, grid.1), "4 wheel 0 -1".into()]),
    );
    assert_eq!(page(&wheel, "overview").0, 60.0, "a notch over a card scrolls the grid");
    let low = boxed(&cards, "page").at(0.2, 0.9);
    let end = play_at(
        "overview",
        "overview-end",
        SHORT,
        &script(&["3 key End".into(), format!("4 move {} {}", low.0, low.1)]),
    );
    assert_eq!(page(&end, "overview").0, max, "End shows the last row");
    assert_eq!(end["widgets"]["hover"], "overview.cards#9", "the last row's first card is under the pointer");
}

#[test]
fn compact_density_tightens_the_text_layout_overview_and_list_screens_too() {
    let rect = |r: &Value, id: &str| WidgetBox::of(&r["widgets"][id]["rect"]);
    let compact = |screen: &str| play_at(screen, &format!("compact-{screen}"), "960x640", &["3 key ctrl+d".to_owned()]);
    let regular = |screen: &str| serde_json::json!({ "widgets": first_frame(screen, "960x640") });

    let (r, c) = (regular("text"), compact("text"));
    assert_eq!(c["widgets"]["density"], "compact");
    let (rf, cf) = (rect(&r, "text.field"), rect(&c, "text.field"));
    assert_eq!(rf.h - cf.h, 4.0, "the field is 4 px shorter: {rf:?} {cf:?}");
    assert!(cf.y < rf.y, "and stands higher, the page's margin tighter: {rf:?} {cf:?}");

    let (r, c) = (regular("layout"), compact("layout"));
    let (rg, cg) = (rect(&r, "playground.gap"), rect(&c, "playground.gap"));
    assert!(cg.h < rg.h && cg.y < rg.y, "the panel's chips are shorter and closer: {rg:?} {cg:?}");

    let (r, c) = (regular("overview"), compact("overview"));
    let cards = |r: &Value| WidgetBox::of(&r["widgets"]["overview.cards"]["parts"][5]);
    let (rc, cc) = (cards(&r), cards(&c));
    assert!(cc.x < rc.x && cc.y < rc.y, "the grid's gaps are tighter: {rc:?} {cc:?}");

    let (r, c) = (regular("scrolling"), compact("scrolling"));
    let (rl, cl) = (rect(&r, "scrolling.list"), rect(&c, "scrolling.list"));
    assert!(cl.y < rl.y && cl.h > rl.h, "the list starts higher and shows more: {rl:?} {cl:?}");
}
