//! Each widget keeps its role's contract (issue 43): the defects demanding users found, one test each, played as
//! scripts through real SDL events headless and read back from the report. The widget sweep
//! (`tests/widget_sweep.rs`) checks the same rules for every widget at random; these keep the cases that were found
//! by hand.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use scripts::Box as WidgetBox;
use serde_json::Value;

/// The report after `script` on `screen` at `size`.
fn play_at(screen: &str, name: &str, size: &str, script: &[String]) -> Value {
    scripts::play_at("role-contract", name, screen, size, script)
}

/// The report after `script` on `screen` in a window tall enough for the whole page.
fn play(screen: &str, name: &str, script: &[String]) -> Value {
    play_at(screen, name, "960x1400", script)
}

/// Lines of a script, one a frame from frame 1.
fn lines(lines: &[&str]) -> Vec<String> {
    lines.iter().enumerate().map(|(i, l)| format!("{} {l}", i + 1)).collect()
}

fn boxed(w: &Value, id: &str) -> WidgetBox {
    WidgetBox::of(&w[id]["rect"])
}

fn part(w: &Value, id: &str, i: usize) -> WidgetBox {
    WidgetBox::of(&w[id]["parts"][i])
}

fn click((x, y): (i64, i64)) -> String {
    format!("click {x} {y}")
}

/// How many frames the run painted: frame 0, then one for each of a script's frames, unless it quit early.
fn frames(report: &Value) -> usize {
    report["frames"].as_array().map_or(0, Vec::len)
}

#[test]
fn space_and_return_on_a_menubar_open_the_title_the_keyboard_is_on() {
    for key in ["Space", "Return", "Down"] {
        let r =
            play("menus", &format!("bar-{key}"), &lines(&["key F10", "key Right", "key Right", &format!("key {key}")]));
        let w = &r["widgets"];
        assert_eq!(w["menus.bar"]["current"], 2, "{key}: the bar stays on View: {}", w["menus.bar"]);
        assert_eq!(w["popup"]["open"], "menus.bar", "{key} opens a menu");
        assert_eq!(w["popup"]["items"][0], "Show grid", "{key} opens View's menu: {}", w["popup"]);
    }
}

#[test]
fn in_an_open_menu_left_and_right_go_to_the_menu_beside_it() {
    let r = play("menus", "menu-beside", &lines(&["key F10", "key Down", "key Right"]));
    let w = &r["widgets"];
    assert_eq!(w["menus.bar"]["current"], 1, "on Edit: {}", w["menus.bar"]);
    assert_eq!(w["popup"]["open"], "menus.bar");
    let r = play("menus", "menu-back", &lines(&["key F10", "key Down", "key Left"]));
    assert_eq!(r["widgets"]["menus.bar"]["current"], 3, "Left from File wraps to Help");
}

#[test]
fn escape_leaves_the_menubar_for_where_the_focus_was_and_never_quits_while_it_holds_the_keyboard() {
    let field = {
        let r = play("forms", "where", &lines(&["key F1", "key F1"]));
        boxed(&r["widgets"], "forms.name").at(0.3, 0.5)
    };
    // The menus page's bar, reached from the card's button by F10: Escape gives the focus back to the button.
    let _ = field;
    let r = play("menus", "escape-bar", &lines(&["focus button \"Delete…\"", "key F10", "key Escape", "key F1"]));
    assert_eq!(frames(&r), 6, "Escape in the bar did not quit the run");
    assert_eq!(r["widgets"]["focus"], "menus.delete", "the focus went back where it was");
    let r = play("menus", "alt-twice", &lines(&["key F10", "key alt", "key F1"]));
    assert_eq!(frames(&r), 5, "F10 then Alt did not quit the run");
    assert_eq!(
        r["widgets"]["focus"],
        Value::Null,
        "a second Alt leaves the bar for where the focus came from: nowhere"
    );
}

#[test]
fn escape_quits_only_when_nothing_is_left_to_unwind() {
    // The text screen opens with its field focused and typed into: the first Escape takes the focus away.
    let r = play("text", "escape-focus", &lines(&["text \"typed\"", "key Escape", "key F1"]));
    assert_eq!(frames(&r), 5, "Escape with the field focused did not quit");
    assert_eq!(r["widgets"]["focus"], Value::Null);
    let r = play("text", "escape-twice", &lines(&["text \"typed\"", "key Escape", "key Escape", "key F1", "key F1"]));
    assert!(frames(&r) < 6, "the second Escape quit before the script's end: {} frames", frames(&r));
}

#[test]
fn space_and_return_on_a_radio_group_or_a_segmented_bar_keep_their_choice() {
    let script = lines(&[
        "focus radiogroup \"Quality\"",
        "key Space",
        "key Return",
        "focus radiogroup \"View\"",
        "key Space",
        "key Return",
    ]);
    let w = &play("values", "radio-space", &script)["widgets"];
    assert_eq!(w["values.quality"]["value"], "Good", "{}", w["values.quality"]);
    assert_eq!(w["values.view"]["value"], "Week", "{}", w["values.view"]);
    let w = &play(
        "controls",
        "inspector-space",
        &lines(&["focus radiogroup \"Inspector shows\"", "key Right", "key Space"]),
    )["widgets"];
    assert_eq!(w["controls.radio"]["selected"], 1, "Right chose the next; Space kept it: {}", w["controls.radio"]);
}

#[test]
fn document_tabs_are_one_stop_with_arrows_and_plus_is_a_stop_of_its_own() {
    let w = &play(
        "menus",
        "tabs-space",
        &lines(&["focus tablist \"Documents\"", "key Right", "key Right", "key Space"]),
    )["widgets"];
    assert_eq!(w["menus.docs"]["selected"], 2, "Space kept the third tab: {}", w["menus.docs"]);
    // Tab from the tabs reaches "+", and Space on it adds a document and shows it.
    let w = &play("menus", "tabs-plus", &lines(&["focus tablist \"Documents\"", "key Tab", "key Space"]))["widgets"];
    assert_eq!(w["menus.docs"]["docs"][3], "Untitled 1", "{}", w["menus.docs"]);
    assert_eq!(w["menus.docs"]["selected"], 3);
    let w =
        &play("menus", "tabs-delete", &lines(&["focus tablist \"Documents\"", "key Right", "key Delete"]))["widgets"];
    assert_eq!(w["menus.docs"]["docs"], serde_json::json!(["Notes.txt", "Budget.csv"]), "Delete closed the tab shown");
}

#[test]
fn a_new_tab_its_close_button_and_the_moved_plus_are_clickable_at_once() {
    let first = play("menus", "plus-where", &lines(&["key F1", "key F1"]));
    let plus = part(&first["widgets"], "menus.docs", 6).centre();
    // After "+", the strip has four tabs: where each part lies comes from a run that clicked it.
    let after = play("menus", "plus-after", &[format!("1 {}", click(plus)), "3 key F1".into()]);
    let tab = part(&after["widgets"], "menus.docs", 6).centre();
    let close = part(&after["widgets"], "menus.docs", 7).centre();
    let plus_now = part(&after["widgets"], "menus.docs", 8).centre();
    assert_ne!(plus_now, plus, "the \"+\" moved");
    let r = play(
        "menus",
        "plus-clicks",
        &[
            format!("1 {}", click(plus)),
            format!("2 {}", click(part(&first["widgets"], "menus.docs", 0).centre())),
            format!("3 {}", click(tab)),
        ],
    );
    assert_eq!(
        r["widgets"]["menus.docs"]["selected"], 3,
        "a click on the new tab shows it: {}",
        r["widgets"]["menus.docs"]
    );
    let r = play("menus", "plus-close", &[format!("1 {}", click(plus)), format!("2 {}", click(close))]);
    let docs = &r["widgets"]["menus.docs"];
    assert_eq!(docs["docs"], serde_json::json!(["Notes.txt", "Plan.md", "Budget.csv"]), "its x closes it: {docs}");
    let r = play("menus", "plus-again", &[format!("1 {}", click(plus)), format!("2 {}", click(plus_now))]);
    let docs = &r["widgets"]["menus.docs"];
    assert_eq!(docs["docs"][4], "Untitled 2", "the moved + adds another: {docs}");
}

#[test]
fn a_pager_and_a_carousel_keep_their_place_on_space() {
    let w = &play("menus", "pager-space", &lines(&["focus group \"Pages\"", "key Right", "key Right", "key Space"]))["widgets"];
    assert_eq!(w["menus.pager"]["page"], 3, "{}", w["menus.pager"]);
    let w = &play(
        "panels",
        "carousel-space",
        &lines(&["focus group \"Carousel\"", "key Right", "key Space", "key Return"]),
    )["widgets"];
    assert_eq!(w["panels.carousel"]["index"], 1, "{}", w["panels.carousel"]);
}

#[test]
fn a_stepper_is_a_toolbar_whose_arrows_reach_back_and_next() {
    let w = &play(
        "menus",
        "stepper",
        &lines(&[
            "focus group \"Steps\"",
            "key Space",
            "key Space",
            "key Left",
            "key Space",
            "key Right",
            "key Return",
        ]),
    )["widgets"];
    // Next, Next, then Back, then Next: two steps on.
    assert_eq!(w["menus.steps"]["current"], 2, "{}", w["menus.steps"]);
}

#[test]
fn a_rating_keeps_a_sliders_keys() {
    let w = &play(
        "values",
        "rating",
        &lines(&["focus slider \"Rating\"", "key Up", "key Down", "key Down", "key Space", "key Return"]),
    )["widgets"];
    assert_eq!(w["values.rating"]["stars"], 2, "{}", w["values.rating"]);
}

#[test]
fn the_password_fields_show_button_is_a_tab_stop_that_space_presses() {
    let w =
        &play("forms", "reveal", &lines(&["focus passwordinput \"Password\"", "text \"abc\"", "key Tab", "key Space"]))
            ["widgets"];
    assert_eq!(w["forms.password"]["text"], "abc", "shown after Space on Show: {}", w["forms.password"]);
    assert_eq!(w["focus"], "forms.password", "the focus is on the field's button");
}

#[test]
fn a_spinner_shows_the_value_it_holds_once_the_focus_leaves_it() {
    let where_ = play("values", "spin-where", &lines(&["key F1", "key F1"]));
    let figure = part(&where_["widgets"], "values.copies", 0).centre();
    for (name, typed) in [("blank", "key BackSpace"), ("minus", "text \"-\"")] {
        let w = &play("values", name, &[format!("1 {}", click(figure)), format!("3 {typed}"), "4 key Tab".into()])["widgets"];
        let copies = &w["values.copies"];
        assert_eq!(copies["figure"].as_str(), Some(copies["value"].to_string().as_str()), "{name}: {copies}");
    }
    // Home and End go to the ends of its range (WAI-ARIA's spin button).
    let w = &play("values", "spin-ends", &[format!("1 {}", click(figure)), "2 key End".into()])["widgets"];
    assert_eq!(w["values.copies"]["value"], 99);
}

#[test]
fn a_click_on_a_faders_caption_focuses_it_and_sets_nothing() {
    let where_ = play("values", "fader-where", &lines(&["key F1", "key F1"]));
    let low = boxed(&where_["widgets"], "values.low");
    let caption = (low.centre().0, (low.y + low.h - 6.0) as i64);
    let w = &play("values", "fader-caption", &[format!("1 {}", click(caption)), "2 key Up".into()])["widgets"];
    assert_eq!(w["focus"], "values.low");
    assert_eq!(w["values.low"]["value"], 31.0, "30, then Up: {}", w["values.low"]);
}

#[test]
fn a_context_menu_at_the_windows_bottom_stays_inside_it() {
    // In a window 150 high, the field's menu (cut, copy, paste, select all) fits neither below nor above the
    // pointer: it shifts up to stay inside.
    let height = 150;
    let size = format!("480x{height}");
    let where_ = play_at("text", "menu-where", &size, &lines(&["key F1", "key F1"]));
    let at = boxed(&where_["widgets"], "text.field").centre();
    let r = play_at("text", "menu-bottom", &size, &[format!("1 click {} {} right", at.0, at.1)]);
    let popup = &r["widgets"]["popup"];
    assert_eq!(popup["open"], "text.field", "{popup}");
    let rect = WidgetBox::of(&popup["rect"]);
    assert!(rect.y >= 0.0 && rect.y + rect.h <= height as f64, "the menu {popup} runs off a {height} high window");
}

#[test]
fn a_screen_switch_lets_go_of_a_held_list() {
    let where_ = play("scrolling", "list-where", &lines(&["key F1", "key F1"]));
    let list = boxed(&where_["widgets"], "scrolling.list").centre();
    let r = play(
        "scrolling",
        "list-held",
        &[
            format!("1 move {} {}", list.0, list.1),
            "2 press".into(),
            "3 key ctrl+1".into(),
            "4 release".into(),
            "5 key ctrl+5".into(),
        ],
    );
    assert_eq!(r["widgets"]["scrolling.list"]["dragging"], false, "{}", r["widgets"]["scrolling.list"]);
}

#[test]
fn the_playgrounds_chip_groups_are_radio_groups_by_the_keyboard() {
    let before = play("layout", "chips-before", &lines(&["key F1", "key F1"]));
    let width = before["widgets"]["playground.container"]["width"].clone();
    let w = &play("layout", "chips-keys", &lines(&["focus radiogroup \"gap\"", "key Right", "key Space"]))["widgets"];
    let c = &w["playground.container"];
    assert_eq!(c["gap"], "16px", "Right chose the next gap; Space kept it: {c}");
    assert_eq!(c["width"], width, "the arrows in a group leave the container's width alone");
}

#[test]
fn the_playgrounds_corner_follows_the_pointer_in_a_scrolled_page() {
    let size = "960x480";
    let where_ = play_at("layout", "corner-where", size, &lines(&["key End", "key F1", "key F1"]));
    let corner = boxed(&where_["widgets"], "playground.corner").centre();
    let r = play_at(
        "layout",
        "corner-drag",
        size,
        &[
            "1 key End".into(),
            format!("3 move {} {}", corner.0, corner.1),
            "4 press".into(),
            format!("5 move {} {}", corner.0, corner.1 - 100),
            "6 release".into(),
        ],
    );
    let container = WidgetBox::of(&r["widgets"]["playground.container"]["rect"]);
    let bottom = container.y + container.h;
    let pointer = (corner.1 - 100) as f64;
    assert!((bottom - pointer).abs() <= 3.0, "the container ends at {bottom}, the pointer at {pointer}");
}

/// The report after `script` on the tutorial document (`--doc`) at `size`.
fn play_doc(name: &str, size: &str, script: &[String]) -> Value {
    let dir = process::temp_dir("role-contract", name);
    let path = dir.join("script.txt");
    std::fs::write(&path, script.join("\n")).expect("write the script");
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs");
    let mut cmd = scripts::goldberry();
    cmd.arg("--doc").arg(docs.join("tutorial.kdl")).arg("--style").arg(docs.join("tutorial.css"));
    cmd.args(["--size", size, "--script"]).arg(&path);
    let out = scripts::report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn every_kit_widget_fits_a_window_320_wide_mirrored_or_not() {
    let mut wrong = Vec::new();
    for screen in ["controls", "values", "forms", "panels", "menus", "document"] {
        for mirrored in [false, true] {
            let mut script = vec!["1 key F1".to_owned(), "2 key F1".to_owned()];
            if mirrored {
                script.push("3 key ctrl+r".to_owned());
                script.push("5 key F1".to_owned());
            }
            let name = format!("narrow-{screen}-{mirrored}");
            let r = if screen == "document" {
                play_doc(&name, "320x3000", &script)
            } else {
                play_at(screen, &name, "320x3000", &script)
            };
            let Some(widgets) = r["widgets"].as_object() else { continue };
            for (id, w) in widgets.iter().filter(|(_, w)| w.get("box").is_some()) {
                let b = WidgetBox::of(&w["box"]);
                if b.x < 0.0 || b.x + b.w > 320.0 {
                    wrong.push(format!("{screen} (mirrored {mirrored}): {id} lies at {:?}, past the window", w["box"]));
                }
                let parts: Vec<WidgetBox> = match w["parts"].as_array() {
                    Some(parts) => parts.iter().map(WidgetBox::of).collect(),
                    None if w["rect"].is_array() => vec![WidgetBox::of(&w["rect"])],
                    None => Vec::new(),
                };
                for p in parts.iter().filter(|p| p.w > 0.0) {
                    if p.x < b.x - 1.0 || p.x + p.w > b.x + b.w + 1.0 {
                        wrong.push(format!(
                            "{screen} (mirrored {mirrored}): a part of {id} at {p:?} is drawn past its box {b:?}"
                        ));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{} widgets do not fit:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn the_layout_screen_stacks_its_panel_above_the_stage_in_a_narrow_window() {
    for mirrored in [false, true] {
        let mut script = lines(&["key F1", "key F1"]);
        if mirrored {
            script.push("3 key ctrl+r".to_owned());
        }
        let name = format!("layout-narrow-{mirrored}");
        let w = &play_at("layout", &name, "320x1400", &script)["widgets"];
        let stage = boxed(w, "playground.stage");
        assert!(
            stage.w >= 200.0 && stage.x >= 0.0 && stage.x + stage.w <= 320.0,
            "mirrored {mirrored}: the stage {stage:?}"
        );
        let chips_end = ["direction", "wrap", "justify", "align_items", "align_content", "gap"]
            .iter()
            .map(|g| boxed(w, &format!("playground.{g}")))
            .inspect(|g| {
                assert!(g.x >= 0.0 && g.x + g.w <= 320.0, "mirrored {mirrored}: chips at {g:?} leave the window")
            })
            .map(|g| g.y + g.h)
            .fold(0.0, f64::max);
        assert!(
            stage.y >= chips_end,
            "mirrored {mirrored}: the stage at {stage:?} is beside the chips, not below them"
        );
        let corner = boxed(w, "playground.corner");
        assert!(corner.x >= 0.0 && corner.x + corner.w <= 320.0, "mirrored {mirrored}: the corner {corner:?}");
        let boxes = w["playground.boxes"]["parts"].as_array().expect("the boxes' parts");
        for b in boxes.iter().map(WidgetBox::of) {
            assert!(
                b.x >= stage.x - 1.0 && b.x + b.w <= stage.x + stage.w + 1.0,
                "mirrored {mirrored}: a box at {b:?} past {stage:?}"
            );
        }
    }
}

#[test]
fn a_breadcrumb_step_the_tree_added_is_clickable_at_once() {
    let walk =
        lines(&["focus tree \"Files\"", "key Down", "key Right", "key Down", "key Right", "key Down", "key Down"]);
    let walked = play("menus", "crumbs-walk", &walk);
    let crumbs = &walked["widgets"]["menus.crumbs"];
    assert_eq!(crumbs["path"], serde_json::json!(["goldberry", "app", "src", "screens"]), "the walk: {crumbs}");
    let src = part(&walked["widgets"], "menus.crumbs", 2);
    let mut script = walk.clone();
    script.push(format!("9 {}", click(src.centre())));
    let r = play("menus", "crumbs-click", &script);
    let w = &r["widgets"];
    assert_eq!(w["menus.crumbs"]["path"], serde_json::json!(["goldberry", "app", "src"]), "a click on \"src\"");
    assert_eq!(w["menus.tree"]["path"], serde_json::json!(["goldberry", "app", "src"]), "the tree follows the crumb");
}

#[test]
fn an_address_with_a_space_and_two_ats_is_refused_as_typed() {
    let r = play(
        "forms",
        "email",
        &lines(&["focus textinput \"Email\"", "text \"john smith@mail@example.org\"", "key Tab"]),
    );
    let email = &r["widgets"]["forms.email"];
    assert!(email["error"].is_string(), "the address is taken: {email}");
    assert!(email["access"]["states"].as_array().is_some_and(|s| s.contains(&"invalid".into())), "{email}");
}

/// A number or a list the report gives for `field` of `id`.
fn field(r: &Value, id: &str, field: &str) -> Value {
    r["widgets"][id][field].clone()
}

/// A keyboard case: the screen, the line that focuses the widget, the keys, its id, a field and the value after.
type KeyCase<'a> = (&'a str, &'a str, &'a [&'a str], &'a str, &'a str, Value);

/// A pointer case: the screen, the point clicked, the widget's id, a field and the value after.
type ClickCase<'a> = (&'a str, (i64, i64), &'a str, &'a str, Value);

#[test]
fn each_kit_widget_answers_its_roles_keys() {
    // (screen, focus line, keys, widget id, field, the value after)
    let cases: &[KeyCase] = &[
        ("values", "focus slider \"Gain\"", &["key Up", "key Up"], "values.gain", "value", 8.into()),
        ("values", "focus slider \"Low\"", &["key Down"], "values.low", "value", 29.into()),
        ("values", "focus slider \"Low\"", &["key End"], "values.low", "value", 100.into()),
        ("values", "focus group \"Filters\"", &["key Right", "key Space"], "values.filters", "current", 1.into()),
        (
            "panels",
            "focus button \"An interactive card\"",
            &["key Return", "key Escape"],
            "panels.open",
            "opens",
            1.into(),
        ),
        (
            "panels",
            "focus group \"Show the details\"",
            &["key Space"],
            "panels.more",
            "open",
            serde_json::json!([true]),
        ),
        // The accordion is exclusive: opening the second section closes the first.
        (
            "panels",
            "focus group \"Accordion\"",
            &["key Down", "key Return"],
            "panels.accordion",
            "open",
            serde_json::json!([false, true, false]),
        ),
        // The rows shown are goldberry, app, natives and book (app's own are closed): the second Down is natives.
        ("menus", "focus tree \"Files\"", &["key Down", "key Down"], "menus.tree", "selected", 6.into()),
        ("menus", "focus tree \"Files\"", &["key Down", "key Right", "key Down"], "menus.tree", "selected", 2.into()),
    ];
    let mut wrong = Vec::new();
    for (i, (screen, focus, keys, id, name, want)) in cases.iter().enumerate() {
        let mut script = vec![(*focus).to_owned()];
        script.extend(keys.iter().map(|k| (*k).to_owned()));
        let r = play(screen, &format!("keys-{i}"), &lines(&script.iter().map(String::as_str).collect::<Vec<_>>()));
        let got = field(&r, id, name);
        if got != *want {
            wrong.push(format!("{focus}, {keys:?}: {id}.{name} is {got}, not {want}"));
        }
    }
    assert!(wrong.is_empty(), "{} widgets do not follow their keys:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn each_kit_widget_takes_a_click_on_its_parts() {
    let values = play("values", "parts-values", &lines(&["key F1", "key F1"]));
    let panels = play("panels", "parts-panels", &lines(&["key F1", "key F1"]));
    let menus = play("menus", "parts-menus", &lines(&["key F1", "key F1"]));
    let fader = boxed(&values["widgets"], "values.low");
    // (screen, the click, widget id, field, the value after)
    let cases: Vec<ClickCase> = vec![
        // The fader's track runs from its top (the maximum) down.
        ("values", fader.at(0.5, 0.02), "values.low", "value", 100.into()),
        ("values", part(&values["widgets"], "values.rating", 4).centre(), "values.rating", "stars", 5.into()),
        (
            "values",
            part(&values["widgets"], "values.filters", 2).centre(),
            "values.filters",
            "on",
            serde_json::json!([false, false, true, false, false, false]),
        ),
        ("panels", part(&panels["widgets"], "panels.carousel", 1).centre(), "panels.carousel", "index", 1.into()),
        ("menus", part(&menus["widgets"], "menus.tree", 1).centre(), "menus.tree", "selected", 1.into()),
        // The pager's parts are ‹, ›, then the page numbers.
        ("menus", part(&menus["widgets"], "menus.pager", 4).centre(), "menus.pager", "page", 3.into()),
        ("menus", part(&menus["widgets"], "menus.steps", 1).centre(), "menus.steps", "current", 1.into()),
    ];
    let mut wrong = Vec::new();
    for (i, (screen, at, id, name, want)) in cases.into_iter().enumerate() {
        let r = play(screen, &format!("parts-{i}"), &lines(&[&click(at)]));
        let got = field(&r, id, name);
        if got != want {
            wrong.push(format!("a click at {at:?} on {id}: {name} is {got}, not {want}"));
        }
    }
    assert!(wrong.is_empty(), "{} widgets do not take their clicks:\n{}", wrong.len(), wrong.join("\n"));
}
