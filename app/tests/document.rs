//! `--doc` and `--style` against the real binary, headless: the tutorial renders and its report lists the
//! document's widgets, a script's click on its counter changes the report, and a broken document is one
//! `FILE:LINE:COL: message` line, exit 2 and nothing written. The tutorial's picture, with a press counted and the
//! pointer holding Reset, is a golden (exact, one band at the baseline CPU level, as screens_golden.rs takes them;
//! `GOLDBERRY_BLESS=1 cargo test -p goldberry --test document` takes it again). The stylesheet's hover fade runs on
//! the frame clock: a script's screenshots two frames apart show the button's body on its way.

#[path = "support/pixels.rs"]
mod pixels;
#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use std::path::{Path, PathBuf};

use goldberry::shell::screenshot::RgbImage;
use pixels::{Bound, golden};
use process::temp_dir;
use scripts::{goldberry, output, report};

fn asset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs").join(name)
}

fn tutorial() -> std::process::Command {
    let mut cmd = goldberry();
    cmd.arg("--doc").arg(asset("tutorial.kdl")).arg("--style").arg(asset("tutorial.css"));
    cmd
}

#[test]
fn the_tutorial_renders_headless_and_its_report_lists_its_widgets() {
    let dir = temp_dir("document", "tutorial");
    let shot = dir.join("shot.png");
    let mut cmd = tutorial();
    cmd.args(["--frames=3"]).arg("--screenshot").arg(&shot);
    let r = report(cmd, &dir);
    assert_eq!(r["screen"], "document");
    let widgets = r["widgets"].as_object().expect("widgets");
    for id in ["doc.volume", "doc.level", "doc.shown", "doc.mute", "doc.add", "doc.reset", "doc.count", "doc.channel3"]
    {
        assert!(widgets.contains_key(id), "{id} not in the report");
    }
    assert_eq!(widgets["doc.volume"]["value"], 40.0, "{}", widgets["doc.volume"]);
    assert_eq!(widgets["doc.shown"]["figure"], "40", "a follower starts at its source's value");
    assert!(std::fs::metadata(&shot).map(|m| m.len() > 1000).unwrap_or(false), "a screenshot");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_click_on_the_counter_counts_and_the_reset_puts_it_back() {
    let dir = temp_dir("document", "counter");
    let script = dir.join("script.txt");
    std::fs::write(&script, "5 click button \"Add one\"\n10 click button \"Add one\"\n15 click button \"Add one\"\n")
        .expect("write");
    let mut cmd = tutorial();
    cmd.arg("--script").arg(&script);
    let r = report(cmd, &dir);
    assert_eq!(r["widgets"]["doc.add"]["presses"], 3, "{}", r["widgets"]["doc.add"]);
    assert_eq!(r["widgets"]["doc.count"]["text"], "3", "{}", r["widgets"]["doc.count"]);

    std::fs::write(&script, "5 click button \"Add one\"\n10 click button \"Reset\"\n").expect("write");
    let mut cmd = tutorial();
    cmd.arg("--script").arg(&script);
    let r = report(cmd, &dir);
    assert_eq!(r["widgets"]["doc.add"]["presses"], 0);
    assert_eq!(r["widgets"]["doc.count"]["text"], "0");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the tutorial's command on `kdl`: it must fail with exit 2, one line `FILE:LINE:COL: message` and no file.
fn refused(name: &str, kdl: &str, line_col: &str, needle: &str) {
    let dir = temp_dir("document", name);
    let doc = dir.join("broken.kdl");
    std::fs::write(&doc, kdl).expect("write");
    let (shot, rep) = (dir.join("shot.png"), dir.join("report.json"));
    let mut cmd = goldberry();
    cmd.arg("--frames=2").arg("--doc").arg(&doc).arg("--screenshot").arg(&shot).arg("--report").arg(&rep);
    let out = output(cmd);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    let expected = format!("{}:{line_col}: ", doc.display());
    assert!(lines[0].starts_with(&expected), "`{}` does not start with `{expected}`", lines[0]);
    assert!(lines[0].contains(needle), "`{needle}` not in `{}`", lines[0]);
    assert!(!shot.exists() && !rep.exists(), "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_document_is_one_located_line_and_exit_2() {
    refused(
        "unknown-widget",
        "page title=\"x\" {\n  section \"S\" {\n    row { slidr \"a\" }\n  }\n}\n",
        "3:11",
        "unknown widget `slidr`",
    );
    refused(
        "unknown-property",
        "page title=\"é\" {\n  section \"ü\" {\n    row { slider \"a\" max=10 wat=1 }\n  }\n}\n",
        "3:29",
        "unknown property `wat` of `slider`",
    );
    refused(
        "bad-value",
        "page title=\"x\" {\n  section \"S\" { slider \"a\" max=10 value=11 }\n}\n",
        "2:35",
        "`value` must be from 0 to 10",
    );
    // A property with no value, and a bare value that starts as a number and is none, are said at the value (the
    // kdl crate said "Expected end of document" past the first, and put the second at its node's start).
    refused(
        "empty-value",
        "page title=\"x\" {\n  section \"S\" {\n    row { spinner \"n\" value= max=5 }\n  }\n}\n",
        "3:29",
        "`value=` has no value",
    );
    refused(
        "not-a-number",
        "page title=\"x\" {\n  section \"S\" {\n    row { spinner \"n\" value=4x0 }\n  }\n}\n",
        "3:29",
        "`4x0` is not a number",
    );
    refused(
        "unknown-bind",
        "page title=\"x\" {\n  section \"S\" { progress \"p\" bind=nope }\n}\n",
        "2:30",
        "no widget has that id",
    );
    refused(
        "duplicate-id",
        "page title=\"x\" {\n section \"S\" {\n  button \"a\" id=a\n  button \"b\" id=a\n }\n}\n",
        "4:14",
        "a second widget with id `a`",
    );
    refused("not-kdl", "page title=\"x\" {\n  section \"S\" {\n    row { slider \"a\"\n  }\n", "2:15", "closing");
}

#[test]
fn a_bad_stylesheet_declaration_is_a_warning_and_the_screen_still_renders() {
    let dir = temp_dir("document", "bad-style");
    let css = dir.join("look.css");
    std::fs::write(&css, "section {\n  background: #12;\n  color: #fff;\n}\n").expect("write");
    let mut cmd = goldberry();
    cmd.arg("--frames=2").arg("--doc").arg(asset("tutorial.kdl")).arg("--style").arg(&css);
    let out = output(cmd);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].starts_with(&format!("{}:2:15: ", css.display())), "{}", lines[0]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn style_needs_doc() {
    let out = output({
        let mut cmd = goldberry();
        cmd.arg("--frames=1").arg("--style").arg(asset("tutorial.css"));
        cmd
    });
    assert_eq!(out.status.code(), Some(2));
}

/// `document` is a name `--screen` takes, as the report and the tab name the screen: with `--doc` it is the start
/// (as it is without `--screen`), another name starts elsewhere with the document's tab after the built-in ones,
/// and without `--doc` it is one line and exit 2.
#[test]
fn screen_document_is_a_name_the_program_takes_with_a_document() {
    let dir = temp_dir("document", "screen-name");
    for (screen, expected) in [("document", "document"), ("text", "text")] {
        let mut cmd = tutorial();
        cmd.args(["--frames=1", "--screen", screen]);
        let r = report(cmd, &dir);
        assert_eq!(r["screen"], expected);
    }
    let out = output({
        let mut cmd = goldberry();
        cmd.args(["--frames=1", "--screen", "document"]);
        cmd
    });
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.trim(), "goldberry: --screen document needs --doc FILE.kdl");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_tutorial_styled_and_pressed_matches_its_golden() {
    let dir = temp_dir("document", "golden");
    let (script, shot) = (dir.join("script.txt"), dir.join("shot.png"));
    // Counted once, then the pointer held on Reset: the stylesheet's :active body and its focus ring.
    std::fs::write(&script, "5 click button \"Add one\"\n8 move 370 460\n10 press\n").expect("write");
    let mut cmd = tutorial();
    cmd.args(["--size", "960x640", "--threads", "1", "--cpu-level", "sse2", "--frames", "12"]);
    cmd.arg("--script").arg(&script).arg("--screenshot").arg(&shot);
    let out = output(cmd);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let actual = RgbImage::read_png(&shot).expect("the screenshot");
    let result = golden("document-tutorial-pressed.png", &actual, Bound::EXACT, "document");
    let _ = std::fs::remove_dir_all(&dir);
    result.unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_hovered_buttons_body_fades_on_the_frame_clock() {
    let dir = temp_dir("document", "fade");
    let script = dir.join("script.txt");
    let shot = |n: u32| dir.join(format!("f{n}.png"));
    // Reset's centre, as the golden's script holds it; tutorial.css fades a button's body over 150 ms (9 frames).
    let lines = format!(
        "2 move 370 460\n2 screenshot {}\n6 screenshot {}\n30 screenshot {}\n",
        shot(2).display(),
        shot(6).display(),
        shot(30).display()
    );
    std::fs::write(&script, lines).expect("write");
    let mut cmd = tutorial();
    cmd.args(["--size", "960x640", "--threads", "1", "--frames", "32"]).arg("--script").arg(&script);
    let out = output(cmd);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let [start, middle, end] = [2, 6, 30].map(|n| RgbImage::read_png(&shot(n)).expect("a screenshot"));
    // Every pixel the hover changes is, four frames in, neither the rest colour nor the hover colour, and lies
    // between them.
    let mut changed = 0;
    let mut between = 0;
    for (i, ((a, b), c)) in start.data.chunks(3).zip(middle.data.chunks(3)).zip(end.data.chunks(3)).enumerate() {
        if a == c {
            assert_eq!(a, b, "pixel {i} changed mid-fade but not at its end");
            continue;
        }
        changed += 1;
        let sum = |p: &[u8]| p.iter().map(|v| u32::from(*v)).sum::<u32>();
        let (sa, sb, sc) = (sum(a), sum(b), sum(c));
        if b != a && b != c && sa.min(sc) <= sb && sb <= sa.max(sc) {
            between += 1;
        }
    }
    assert!(changed > 500, "the hover changed {changed} pixels");
    assert!(between * 10 >= changed * 9, "{between} of {changed} changed pixels are on their way");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A document with a value that a `set` cannot reach in each way: a step, a widget's own range, a read-only field,
/// a disabled checkbox.
const SETS: &str = r#"page title="Sets" {
    section "S" {
        row "Level" { slider "Level" id=level min=0 max=100 value=40 step=5 }
        row "Stars" { rating "Stars" id=stars stars=3 }
        row "Copies" { spinner "Copies" id=copies min=1 max=5 value=2 }
        row "Code" { field "Code" id=code text="fixed" readonly=#true }
        row "Terms" { checkbox "Terms" id=terms disabled=#true }
        row "Name" { field "Name" id=name max=4 }
        row "All" { checkbox "All" id=all tristate=#true }
    }
}
"#;

/// Plays `line` on [`SETS`]: its exit code and what it said.
fn set_line(name: &str, line: &str) -> (Option<i32>, String) {
    let dir = temp_dir("document", name);
    let (doc, script) = (dir.join("sets.kdl"), dir.join("script.txt"));
    std::fs::write(&doc, SETS).expect("write");
    std::fs::write(&script, format!("2 {line}\n")).expect("write");
    let mut cmd = goldberry();
    cmd.arg("--frames=6").arg("--doc").arg(&doc).arg("--script").arg(&script);
    let out = output(cmd);
    let _ = std::fs::remove_dir_all(&dir);
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_set_that_cannot_reach_its_value_fails_with_exit_7_naming_what_it_can_reach() {
    let (code, said) = set_line("set-step", "set slider \"Level\" 43");
    assert_eq!(code, Some(7), "{said}");
    assert!(said.contains("can reach 45, not 43"), "{said}");
    let (code, said) = set_line("set-range", "set spinbutton \"Copies\" 9");
    assert_eq!(code, Some(7), "{said}");
    assert!(said.contains("can reach 5, not 9"), "{said}");
    let (code, said) = set_line("set-readonly", "set textinput \"Code\" changed");
    assert_eq!(code, Some(7), "{said}");
    assert!(said.contains("read-only"), "{said}");
    let (code, said) = set_line("set-disabled", "set checkbox \"Terms\" on");
    assert_eq!(code, Some(7), "{said}");
    assert!(said.contains("disabled"), "{said}");
    let (code, said) = set_line("set-cut", "set textinput \"Name\" Grace");
    assert_eq!(code, Some(7), "{said}");
    assert!(said.contains("can reach \"Grac\""), "{said}");
    // What can be reached is reached, as the report shows.
    let dir = temp_dir("document", "set-ok");
    let (doc, script) = (dir.join("sets.kdl"), dir.join("script.txt"));
    std::fs::write(&doc, SETS).expect("write");
    let lines = "2 set slider \"Level\" 45\n4 set slider \"Stars\" 5\n6 set spinbutton \"Copies\" 4\n\
                 8 set checkbox \"All\" on\n";
    std::fs::write(&script, lines).expect("write");
    let mut cmd = goldberry();
    cmd.arg("--frames=10").arg("--doc").arg(&doc).arg("--script").arg(&script);
    let r = report(cmd, &dir);
    assert_eq!(r["widgets"]["doc.level"]["value"], 45, "{}", r["widgets"]["doc.level"]);
    assert_eq!(r["widgets"]["doc.stars"]["stars"], 5, "{}", r["widgets"]["doc.stars"]);
    assert_eq!(r["widgets"]["doc.copies"]["value"], 4, "{}", r["widgets"]["doc.copies"]);
    // A mixed box is clicked twice: once to off, once to on (the player checks each set's widget the frame after).
    assert_eq!(r["widgets"]["doc.all"]["state"], "checked", "{}", r["widgets"]["doc.all"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A document nested past what a stack holds (2,000 `repeat` blocks aborted the process, exit 134), one that is not
/// UTF-8, and one with CR-only line ends are each refused at their place, exit 2, nothing written.
#[test]
fn a_deep_a_non_utf8_and_a_cr_only_document_are_refused_at_their_place() {
    let deep = format!(
        "page title=\"x\" {{\n  section \"S\" {{\n{}{}\n  }}\n}}\n",
        "repeat count=1 {\n".repeat(2_000),
        "}".repeat(2_000)
    );
    refused("deep", &deep, "65:16", "blocks nest deeper than 64 levels");
    refused("unclosed", &"x {".repeat(5_000), "1:195", "blocks nest deeper than 64 levels");
    refused(
        "cr-only",
        "page title=\"x\" {\r  section \"S\" {\r    row { slidr \"a\" }\r  }\r}\r",
        "3:11",
        "unknown widget",
    );
    refused(
        "accented-id",
        "page title=\"x\" {\n  section \"S\" { badge \"b\" id=crème }\n}\n",
        "2:27",
        "ASCII letters",
    );
}

/// The same with bytes that are not UTF-8: the place is the bad byte's, not 1:1.
#[test]
fn a_document_that_is_not_utf8_is_refused_at_its_bad_byte() {
    let dir = temp_dir("document", "latin1");
    let doc = dir.join("latin1.kdl");
    std::fs::write(&doc, b"page title=\"x\" {\n  section \"caf\xe9\" { }\n}\n").expect("write");
    let mut cmd = goldberry();
    cmd.arg("--frames=1").arg("--doc").arg(&doc);
    let out = output(cmd);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with(&format!("{}:2:15: not UTF-8", doc.display())), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A stderr that is full (or closed) loses the warnings and nothing else: a stylesheet's warning used to panic
/// in `eprintln!` and abort the run (exit 134) with no report; a refused document still exits 2.
#[test]
fn a_full_stderr_and_stdout_lose_the_lines_not_the_run() {
    let dir = temp_dir("document", "dev-full");
    let css = dir.join("look.css");
    std::fs::write(&css, "section {\n  background: #12;\n}\n").expect("write");
    let report = dir.join("r.json");
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let out = goldberry()
        .arg("--frames=2")
        .arg("--log=info")
        .arg("--doc")
        .arg(asset("tutorial.kdl"))
        .arg("--style")
        .arg(&css)
        .arg("--report")
        .arg(&report)
        .stdout(full())
        .stderr(full())
        .status()
        .expect("run goldberry");
    assert_eq!(out.code(), Some(0));
    assert!(report.exists(), "the report is written");
    let broken = dir.join("broken.kdl");
    std::fs::write(&broken, "page title=\"x\" { slidr }").expect("write");
    let out = goldberry().arg("--frames=1").arg("--doc").arg(&broken).stderr(full()).status().expect("run");
    assert_eq!(out.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A misspelt type selector in a document's stylesheet is a located warning naming the type the document has.
#[test]
fn a_misspelt_type_in_a_documents_stylesheet_names_the_nearest() {
    let dir = temp_dir("document", "buton");
    let css = dir.join("look.css");
    std::fs::write(&css, "\u{feff}page { color: #fff }\nbuton { color: red }\n").expect("write");
    let mut cmd = goldberry();
    cmd.arg("--frames=1").arg("--doc").arg(asset("tutorial.kdl")).arg("--style").arg(&css);
    let out = output(cmd);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].starts_with(&format!("{}:2:1: no element is a `buton` (nearest: `button`", css.display())));
    let _ = std::fs::remove_dir_all(&dir);
}
