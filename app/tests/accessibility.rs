//! The accessibility tree as a screen reader and a script see it: every screen's nodes are named, a script that
//! names widgets (`click button "Submit"`) reaches them on every screen through real SDL events, an unknown name
//! is refused before the run with the nearest names, and an `expect` that does not hold fails the run.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use serde_json::Value;

const SCREENS: [&str; 9] =
    ["overview", "text", "layout", "controls", "scrolling", "values", "forms", "panels", "menus"];

/// Roles a person acts on: each must have a name.
const INTERACTIVE: [&str; 18] = [
    "button",
    "checkbox",
    "radiogroup",
    "switch",
    "slider",
    "spinbutton",
    "textinput",
    "passwordinput",
    "multilinetextinput",
    "combobox",
    "menubar",
    "menubutton",
    "tablist",
    "tab",
    "menuitem",
    "radiobutton",
    "tree",
    "treeitem",
];

fn tree(screen: &str) -> Vec<Value> {
    let dir = process::temp_dir("accessibility", &format!("tree-{screen}"));
    let mut cmd = scripts::goldberry();
    cmd.args(["--frames", "1", "--screen", screen]);
    let report = scripts::report(cmd, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    report["accessibility"]["nodes"].as_array().cloned().unwrap_or_default()
}

#[test]
fn every_screen_s_tree_names_every_interactive_node_and_places_it() {
    for screen in SCREENS {
        let nodes = tree(screen);
        assert!(nodes.len() > 9, "{screen}: the tabs and the screen's widgets, not {} nodes", nodes.len());
        let mut ids = std::collections::HashSet::new();
        for node in &nodes {
            let role = node["role"].as_str().unwrap_or_default();
            let name = node["name"].as_str().unwrap_or_default();
            assert!(ids.insert(node["id"].to_string()), "{screen}: {} twice", node["id"]);
            if INTERACTIVE.contains(&role) {
                assert!(!name.trim().is_empty(), "{screen}: an unnamed {role}: {node}");
            }
        }
        let has = |n: &Value, state: &str| n["states"].as_array().is_some_and(|s| s.iter().any(|v| v == state));
        let screens: Vec<&Value> =
            nodes.iter().filter(|n| n["id"].as_str().is_some_and(|id| id.starts_with("tabs#"))).collect();
        let selected: Vec<&Value> =
            screens.iter().copied().filter(|n| n["role"] == "tab" && has(n, "selected")).collect();
        assert_eq!(selected.len(), 1, "{screen}: one screen's tab is selected: {selected:?}");
        assert_eq!(
            selected[0]["name"].as_str().map(str::to_lowercase),
            Some(screen.to_owned()),
            "{screen}: its own tab"
        );
        // Every node has a box, below the fold too (it lies outside the viewport there, never empty).
        let empty: Vec<&Value> = nodes
            .iter()
            .filter(|n| n["bounds"][2].as_f64().unwrap_or(0.0) <= 0.0 || n["bounds"][3].as_f64().unwrap_or(0.0) <= 0.0)
            .collect();
        assert!(empty.is_empty(), "{screen}: nodes with an empty box: {empty:?}");
    }
}

#[test]
fn a_script_that_names_widgets_reaches_them_on_every_screen() {
    let script = [
        // Each screen reached by its tab's name, and something done there by name and checked by name.
        "1 set textinput \"Single line\" \"named, not placed\"",
        "2 expect textinput \"Single line\" \"named, not placed\"",
        "3 set checkbox \"kern\" off",
        "4 expect checkbox \"kern\" not-checked",
        "5 click tab \"Layout\"",
        "7 click checkbox \"Box 3 grows\"",
        "8 expect checkbox \"Box 3 grows\" checked",
        "9 click tab \"Controls\"",
        "11 click button \"Press me\"",
        "12 click radiobutton \"Layers\"",
        "13 set switch \"Toggle\" on",
        "14 expect switch \"Toggle\" checked",
        "14 expect radiobutton \"Layers\" checked",
        "14 expect radiogroup \"Inspector shows\" \"Layers\"",
        "15 click tab \"Scrolling\"",
        "17 expect list \"Rows\" \"rows 1 to 13 of 10000\"",
        "18 click tab \"Values\"",
        "20 set slider \"Volume\" 70",
        "21 expect slider \"Volume\" 70",
        "22 set spinbutton \"Copies\" 5",
        "23 expect spinbutton \"Copies\" 5",
        "24 click tab \"Forms\"",
        "26 set textinput \"Name\" \"Ada Lovelace\"",
        "27 click checkbox \"I accept the terms\"",
        "28 expect checkbox \"I accept the terms\" checked",
        "29 focus button \"Submit\"",
        "30 expect button \"Submit\" focused",
        "31 click tab \"Panels\"",
        "33 set switch \"Shimmer\" off",
        "34 expect switch \"Shimmer\" not-checked",
        "35 click tab \"Menus\"",
        "37 click button \"Right-click me\"",
        "38 click tab \"Overview\"",
        "40 expect article \"Threads\" not-focused",
    ];
    let report = scripts::play("accessibility", "every-screen", "text", &script.map(str::to_owned));
    let w = &report["widgets"];
    assert_eq!(w["text.field"]["text"], "named, not placed");
    assert_eq!(w["values.volume"]["value"], 70.0);
    assert_eq!(w["forms.name"]["text"], "Ada Lovelace");
    assert_eq!(w["controls.presses"]["access"]["name"], "pressed once", "the button was pressed once, by name");
    assert_eq!(report["screen"], "overview");
}

fn run_script(name: &str, screen: &str, lines: &[&str]) -> (Option<i32>, String) {
    let dir = process::temp_dir("accessibility", name);
    let path = dir.join("script.txt");
    std::fs::write(&path, lines.join("\n")).expect("write the script");
    let mut cmd = scripts::goldberry();
    cmd.args(["--frames", "6", "--screen", screen, "--script"]).arg(&path);
    let out = scripts::output(cmd);
    let _ = std::fs::remove_dir_all(&dir);
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn an_unknown_name_is_refused_when_its_line_plays_and_a_failed_expectation_ends_it() {
    let (code, stderr) = run_script("unknown", "forms", &["1 key Tab", "2 click button \"Sumbit\""]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(":2:9: no button \"Sumbit\"") && stderr.contains("button \"Submit\""),
        "the place and the nearest: {stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    let (code, stderr) = run_script("role", "forms", &["1 click knob \"Gain\""]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("unknown role `knob`"), "{stderr}");
    let (code, stderr) = run_script("expect", "forms", &["1 expect checkbox \"I accept the terms\" checked"]);
    assert_eq!(code, Some(7), "{stderr}");
    assert!(stderr.contains("expected checkbox \"I accept the terms\" checked"), "{stderr}");
    // A part (a chip, a radio option) is not what Tab focuses: focusing one by name is refused, not played as a
    // Tab to its group with another part current.
    let (code, stderr) = run_script("part", "text", &["1 focus checkbox \"dlig\""]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("checkbox \"dlig\" is a part of #text.features"), "{stderr}");
    // A tab behind the » of a narrow window is reached as the keyboard reaches it (Ctrl+Tab), and its screen shows.
    let dir = process::temp_dir("accessibility", "narrow");
    let (path, report) = (dir.join("script.txt"), dir.join("r.json"));
    std::fs::write(&path, "1 click tab \"Menus\"\n3 click tab \"Layout\"\n5 click tab \"Panels\"")
        .expect("write the script");
    let mut cmd = scripts::goldberry();
    cmd.args(["--frames", "8", "--screen", "layout", "--size", "480x360", "--script"])
        .arg(&path)
        .arg("--report")
        .arg(&report);
    let out = scripts::output(cmd);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("the report")).expect("the report is JSON");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(report["screen"], "panels", "Menus, back to Layout (wrapping round), then Panels");
    let (code, stderr) = run_script("elsewhere", "forms", &["1 click slider \"Volume\""]);
    assert_eq!(code, Some(2), "a name of another screen, not on this one: {stderr}");
    assert!(stderr.contains("on the forms screen"), "{stderr}");
}
