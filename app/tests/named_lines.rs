//! Script lines that name a widget, against the real binary on documents written for them: two widgets of one
//! name told apart (`"Save" 2`, `#doc.second`) and an ambiguous name refused naming both forms; a name a widget
//! takes later, waited for (`expect … within N`); a widget below the fold clicked as it is in view (one wheel turn,
//! then its centre); a disabled widget said by its role and name; a screenshot that cannot be written said at its
//! line. And a fuzz: random by-name lines against random documents end in a documented way.

#[path = "support/process.rs"]
mod process;
#[path = "support/rng.rs"]
mod rng;
#[path = "support/scripts.rs"]
mod scripts;

use process::temp_dir;
use rng::Rng;
use scripts::{goldberry, output};
use serde_json::Value;

const TWO_SAVES: &str = r#"page title="Saves" {
    section "Files" {
        row "One" { button "Save" id=first action="count"; badge "0" id=firsts bind=first }
        row "Two" { button "Save" id=second action="count"; badge "0" id=seconds bind=second }
        row "Gone" { button "Delete" id=delete disabled=#true }
    }
}
"#;

/// Plays `lines` on the document `kdl` with `args`: the exit code, what it said on stderr, and the report when
/// the run wrote one.
fn play(name: &str, kdl: &str, lines: &str, args: &[&str]) -> (Option<i32>, String, Option<Value>) {
    let dir = temp_dir("named_lines", name);
    let (doc, script, out) = (dir.join("doc.kdl"), dir.join("script.txt"), dir.join("r.json"));
    std::fs::write(&doc, kdl).expect("write");
    std::fs::write(&script, lines).expect("write");
    let mut cmd = goldberry();
    cmd.args(args).arg("--doc").arg(&doc).arg("--script").arg(&script).arg("--report").arg(&out);
    let run = output(cmd);
    let said = String::from_utf8_lossy(&run.stderr).replace(&script.display().to_string(), "script.txt");
    let report = std::fs::read(&out).ok().and_then(|bytes| serde_json::from_slice(&bytes).ok());
    let _ = std::fs::remove_dir_all(&dir);
    (run.status.code(), said, report)
}

#[test]
fn two_widgets_of_one_name_are_told_apart_by_number_or_id_and_a_bare_name_is_refused_naming_both() {
    let (code, said, _) = play("ambiguous", TWO_SAVES, "2 click button \"Save\"\n", &[]);
    assert_eq!(code, Some(2), "{said}");
    assert_eq!(
        said.trim(),
        "script.txt:1:9: button \"Save\" names 2 widgets on the document screen: say which, button \"Save\" 1 or \
         #doc.first, button \"Save\" 2 or #doc.second"
    );
    let lines = "2 click button \"Save\" 2\n4 click #doc.first\n6 click #doc.second\n";
    let (code, said, report) = play("told-apart", TWO_SAVES, lines, &[]);
    assert_eq!(code, Some(0), "{said}");
    let w = &report.expect("a report")["widgets"];
    assert_eq!((w["doc.first"]["presses"].as_u64(), w["doc.second"]["presses"].as_u64()), (Some(1), Some(2)), "{w}");
    let (code, said, _) = play("no-third", TWO_SAVES, "2 click button \"Save\" 3\n", &[]);
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("script.txt:1:9: there is no button \"Save\" 3: the document screen has 2"), "{said}");
    let (code, said, _) = play("no-id", TWO_SAVES, "2 click #doc.secnd\n", &[]);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("script.txt:1:9: no widget #doc.secnd on the document screen (nearest: #doc.second"),
        "{said}"
    );
}

#[test]
fn a_name_a_widget_takes_later_is_waited_for_within_n_frames() {
    // The badge is "0" until the button is pressed: its "2" exists only after two presses.
    let lines = "2 click button \"Save\" 1\n3 click #doc.first\n2 expect status \"2\" neutral within 6\n";
    let (code, said, _) = play("later", TWO_SAVES, lines, &[]);
    assert_eq!(code, Some(0), "{said}");
    // Never "3": the wait ends at its last frame, exit 7, saying what it looked for.
    let lines = "2 click #doc.first\n2 expect status \"3\" neutral within 4\n";
    let (code, said, report) = play("never", TWO_SAVES, lines, &[]);
    assert_eq!(code, Some(7), "{said}");
    assert!(said.starts_with("script.txt:2:10: no status \"3\" on the document screen"), "{said}");
    assert!(said.contains("(waited 4 frames)"), "{said}");
    assert_eq!(
        report.expect("a failed expect writes the report")["summary"]["frames"],
        6,
        "frames 0 to 5 ran; it failed before frame 6's input"
    );
}

#[test]
fn a_disabled_widget_is_said_by_its_role_and_name_and_why() {
    let (code, said, _) = play("disabled", TWO_SAVES, "2 focus button \"Delete\"\n", &[]);
    assert_eq!(code, Some(2), "{said}");
    assert_eq!(said.trim(), "script.txt:1:9: cannot reach button \"Delete\" with the keyboard: it is disabled");
}

#[test]
fn a_screenshot_that_cannot_be_written_is_said_at_its_line() {
    let lines = "# first a comment\n1 screenshot /nonexistent-goldberry/shot.png\n";
    let (code, said, _) = play("shot", TWO_SAVES, lines, &[]);
    assert_eq!(code, Some(6), "{said}");
    assert!(said.starts_with("script.txt:2:14: cannot write /nonexistent-goldberry/shot.png: "), "{said}");
}

/// A page whose last section, below the fold of a 400-high window, holds the slider "Pan" and the radio group
/// "Quality".
fn long_page() -> String {
    let rows: String = (0..24).map(|i| format!("        row \"Row {i}\" {{ badge \"B{i}\" id=b{i} }}\n")).collect();
    format!(
        "page title=\"Long\" {{\n    section \"Top\" {{\n{rows}    }}\n    section \"Bottom\" {{\n        row \"Pan\" {{ \
         slider \"Pan\" id=pan min=0 max=100 value=0 }}\n        row \"Quality\" {{ radio \"Quality\" \"Draft\" \
         \"Good\" \"Best\" id=quality }}\n    }}\n}}\n"
    )
}

#[test]
fn a_click_by_name_below_the_fold_is_the_same_click_as_in_view() {
    let lines = "2 click slider \"Pan\"\n6 click radiobutton \"Best\"\n";
    let (code, said, tall) = play("in-view", &long_page(), lines, &["--size", "960x2400"]);
    assert_eq!(code, Some(0), "{said}");
    let tall = tall.expect("a report");
    let in_view = &tall["widgets"];
    assert_eq!(in_view["document.page"]["offset"].as_f64(), Some(0.0), "the tall window does not scroll");
    let (code, said, short) = play("below", &long_page(), lines, &["--size", "960x400"]);
    assert_eq!(code, Some(0), "{said}");
    let short = short.expect("a report");
    let below = &short["widgets"];
    assert!(
        below["document.page"]["offset"].as_f64().unwrap_or(0.0) > 0.0,
        "the page scrolled: {}",
        below["document.page"]
    );
    assert_eq!(below["doc.pan"]["value"], in_view["doc.pan"]["value"], "{} {}", below["doc.pan"], in_view["doc.pan"]);
    assert!(in_view["doc.pan"]["value"].as_f64().is_some_and(|v| v > 20.0), "{}", in_view["doc.pan"]);
    assert_eq!(below["doc.quality"]["selected"], 2, "{}", below["doc.quality"]);
    // One wheel event brought each into view: the wheel's frames each handled one motion and one wheel.
    let wheels = short["frames"].as_array().map_or(0, |f| f.iter().filter(|r| r["events"] == 2).count());
    assert!(wheels >= 1, "a frame of one motion and one wheel");
}

#[test]
fn the_last_of_5000_buttons_is_clicked_by_name_without_a_walk() {
    let rows: String =
        (0..5_000).map(|i| format!("        row \"R{i}\" {{ button \"B{i}\" id=b{i} action=\"count\" }}\n")).collect();
    let kdl = format!("page title=\"Many\" {{\n    section \"All\" {{\n{rows}    }}\n}}\n");
    let started = std::time::Instant::now();
    let (code, said, report) = play("many", &kdl, "2 click button \"B4999\"\n", &[]);
    assert_eq!(code, Some(0), "{said}");
    let report = report.expect("a report");
    assert_eq!(report["widgets"]["doc.b4999"]["presses"], 1, "{}", report["widgets"]["doc.b4999"]);
    // A Tab walk pushed 5,000 Tabs and a Space; the wheel pushes a motion and a turn, then the click three events.
    let frames = report["frames"].as_array().cloned().unwrap_or_default();
    let events: u64 = frames.iter().filter_map(|f| f["events"].as_u64()).sum();
    assert!(events <= 8, "{events} events handled");
    eprintln!("5,000 buttons: the run took {:.1} s", started.elapsed().as_secs_f64());
}

/// Names a person might give, two of them alike, some beyond ASCII or with a quote in them.
const NAMES: &[&str] = &["Save", "Save", "Volume", "Größe", "שלום", "名前", "Add one", "A \\\"q\\\"", "x", ""];

/// A widget of a random document: its role as scripts name it, its name and its id.
type Made = (&'static str, &'static str, String);

/// A random document of a few rows of the widgets scripts act on, with ids `w0`, `w1` … and names from [`NAMES`].
fn random_document(rng: &mut Rng) -> (String, Vec<Made>) {
    let mut doc = String::from("page title=\"Fuzz\" {\n  section \"S\" {\n");
    let mut made = Vec::new();
    for r in 0..1 + rng.below(4) {
        doc.push_str(&format!("    row \"R{r}\" {{\n"));
        for _ in 0..1 + rng.below(4) {
            let name = *rng.pick(NAMES);
            let id = format!("w{}", made.len());
            let disabled = if rng.below(8) == 0 { " disabled=#true" } else { "" };
            let (role, widget) = match rng.below(8) {
                0 => ("button", format!("button \"{name}\" id={id} action=\"count\"{disabled}")),
                1 => ("slider", format!("slider \"{name}\" id={id} min=0 max=50 value=10 step=5")),
                2 => ("checkbox", format!("checkbox \"{name}\" id={id}{disabled}")),
                3 => ("switch", format!("toggle \"{name}\" id={id}")),
                4 => ("textinput", format!("field \"{name}\" id={id}{}", ["", " readonly=#true"][rng.below(2)])),
                5 => ("spinbutton", format!("spinner \"{name}\" id={id} min=0 max=5 value=2")),
                6 => ("slider", format!("rating \"{name}\" id={id} stars=3")),
                _ => ("status", format!("badge \"{name}\" id={id}")),
            };
            doc.push_str(&format!("      {widget}\n"));
            made.push((role, name, id));
        }
        doc.push_str("    }\n");
    }
    doc.push_str("  }\n}\n");
    (doc, made)
}

/// A random line that names a widget: mostly one the document has, by role and name (numbered when the name is
/// shared) or by id; now and then one it has not, or a wrong number.
fn random_line(rng: &mut Rng, frame: u32, made: &[Made]) -> String {
    const ROLES: &[&str] = &["button", "slider", "checkbox", "switch", "textinput", "status", "bogus"];
    const VALUES: &[&str] = &["5", "43", "0", "-1", "2", "on", "off", "hello", "1e9", "x y"];
    const STATES: &[&str] = &["checked", "not-checked", "disabled", "focused", "readonly", "invalid", "selected"];
    let widget = match rng.below(6) {
        0 => format!("#doc.w{}", rng.below(made.len() + 1)),
        1 => format!("{} \"{}\" {}", rng.pick(ROLES), rng.pick(NAMES), rng.below(3)),
        _ => {
            let (role, name, id) = rng.pick(made);
            let alike: Vec<&Made> = made.iter().filter(|(r, n, _)| r == role && n == name).collect();
            match alike.iter().position(|(_, _, i)| i == id) {
                _ if rng.below(4) == 0 => format!("#doc.{id}"),
                Some(k) if alike.len() > 1 => format!("{role} \"{name}\" {}", k + 1),
                _ => format!("{role} \"{name}\""),
            }
        }
    };
    let within = if rng.below(3) == 0 { format!(" within {}", 1 + rng.below(4)) } else { String::new() };
    match rng.below(4) {
        0 => format!("{frame} click {widget}"),
        1 => format!("{frame} focus {widget}"),
        2 => format!("{frame} set {widget} {}", rng.pick(VALUES)),
        _ if rng.below(2) == 0 => format!("{frame} expect {widget} {}{within}", rng.pick(STATES)),
        _ => format!("{frame} expect {widget} {}{within}", rng.pick(VALUES)),
    }
}

/// Each run ends as the book says a run ends: played (0), a script or a document refused before it starts (2),
/// or an `expect` or a `set` that did not hold (7) with its report written; any refusal is one located line.
#[test]
fn random_named_lines_on_random_documents_end_in_a_documented_way() {
    let mut rng = Rng(0x000d_db1a_5ed5_eed5);
    let cases = std::env::var("GOLDBERRY_FUZZ_CASES").ok().and_then(|n| n.parse::<usize>().ok()).map_or(24, |n| n / 80);
    let mut codes = std::collections::BTreeMap::new();
    for case in 0..cases.max(1) {
        let (doc, made) = random_document(&mut rng);
        let mut frame = 1;
        let lines: String = (0..1 + rng.below(6))
            .map(|_| {
                frame += 1 + rng.below(2) as u32;
                random_line(&mut rng, frame, &made) + "\n"
            })
            .collect();
        let (code, said, report) = play(&format!("fuzz-{case}"), &doc, &lines, &["--size", "640x480"]);
        let context = format!("exit {code:?}, said:\n{said}\nscript:\n{lines}\ndocument:\n{doc}");
        assert!(matches!(code, Some(0 | 2 | 7)), "{context}");
        assert!(!said.contains("panicked") && !said.contains("overflow"), "{context}");
        if code != Some(0) {
            let last = said.lines().last().unwrap_or_default();
            assert!(last.starts_with("script.txt:") || last.contains("doc.kdl:"), "not one located line: {context}");
        }
        if code != Some(2) {
            assert!(report.is_some(), "a run that played wrote no report: {context}");
        }
        *codes.entry(code).or_insert(0) += 1;
    }
    eprintln!("{cases} runs ended: {codes:?}");
}
