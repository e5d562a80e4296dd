//! Random and mutated documents and stylesheets through the parsers, the document builder, the cascade and the
//! layout a sheet states: no panic, no stack overflow (every tenth case nests a run thousands deep, with CR or CRLF
//! line ends or a BOM), and every case in bounded time (a fixed seed, so a failure is the same case every run).
//! Every document accepted is laid out by the kit, narrow and wide, its boxes finite and inside the page; the fast
//! KDL reader must read what the kdl crate reads wherever it reads at all.
//!
//! Random edits of a valid document are saved over it while a session shows it, read as a window reads a save and
//! painted: the page is the last good one or the new one, never a panic, a frame that fails or a lost value.
//!
//! `GOLDBERRY_FUZZ_CASES=N` runs N cases of each kind instead of the default (a tenth as many saves).

#[path = "support/process.rs"]
mod process;
#[path = "support/rng.rs"]
mod rng;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use goldberry::document::look::Look;
use goldberry::document::page::KitPage;
use goldberry::document::read::{self, Built};
use goldberry::document::{self, Reloaded, sheet_layout, syntax};
use goldberry::frame::{FrameInput, Painter};
use goldberry::geom::Rect;
use goldberry::screens::ScreenId;
use goldberry::screens::document::{self as doc_screen, Document};
use goldberry::screens::kit::state::KitState;
use goldberry::screens::kit::widget_boxes;
use goldberry::session::Session;
use goldberry::style::cascade::Styler;
use goldberry::style::{States, Stylesheet};
use goldberry::surface::{FrameBuffer, Pixels};
use goldberry::ui::settings::Density;
use goldberry::widgets::Held;
use goldberry::widgets::pen::{KitFonts, Measure};
use rng::Rng;

const KDL_PIECES: &[&str] = &[
    "page",
    "section",
    "row",
    "repeat",
    "slider",
    "progress",
    "button",
    "badge",
    "stat",
    "checkbox",
    "radio",
    "chips",
    "knob",
    "fader",
    "spinner",
    "field",
    "note",
    "card",
    "split",
    "stepper",
    "bogus",
    " ",
    " ",
    "\n",
    "{",
    "}",
    ";",
    "\"a\"",
    "\"{n}\"",
    "id=a",
    "id=b",
    "id=\"x{n}\"",
    "bind=a",
    "bind=b",
    "count=3",
    "count=1000",
    "min=0",
    "max=10",
    "value=5",
    "value=-1",
    "step=0",
    "width=1e9",
    "title=\"t\"",
    "class=\"c d\"",
    "action=\"count\"",
    "action=\"reset\"",
    "target=a",
    "action=\"submit\"",
    "action=\"clear\"",
    "summary=b",
    "scale=412",
    "delta-step=1.4",
    "governs=\"a b\"",
    "tristate=#true",
    "required=#true",
    "email=\"e\"",
    "min-chars=8",
    "too-short=\"s\"",
    "optional=#true",
    "password=#true",
    "id=a.b",
    "carousel",
    "accordion",
    "\"#3b6ed8\"",
    "#true",
    "#false",
    "#null",
    "1.",
    "0x1F",
    "/-",
    "//c\n",
    "/*",
    "*/",
    "\"",
    "=",
    "é",
    "\u{feff}",
    "r#\"raw\"#",
    "selected=9",
    "variant=\"info\"",
    "ring=#true",
    "(t)",
    "\\",
];

const CSS_PIECES: &[&str] = &[
    "page",
    "section",
    "row",
    "slider",
    "button",
    "badge",
    "*",
    ".c",
    ".d",
    "#a",
    "#1",
    ":hover",
    ":active",
    ":focus",
    ":focus-visible",
    ":disabled",
    ":checked",
    ":indeterminate",
    ":invalid",
    ":root",
    ":bogus",
    " ",
    " > ",
    ">",
    ",",
    "{",
    "}",
    ";",
    ":",
    "color",
    "background",
    "accent-color",
    "border-color",
    "outline-color",
    "gap",
    "width",
    "height",
    "margin",
    "column-gap",
    "flex-grow",
    "flex-basis",
    "justify-content",
    "align-self",
    "flex-direction",
    "flex-end",
    "space-between",
    "column",
    "1.5",
    "-1",
    "--x",
    "--y",
    "var(--x)",
    "var(--y, red)",
    "var(--x, var(--y))",
    "var(",
    ")",
    "(",
    "#fff",
    "#12345678",
    "#12",
    "rgb(1 2 3)",
    "rgba(1,2,3,.5)",
    "oklch(0.7 0.1 120)",
    "oklch(1 2 3 / 50%)",
    "12px",
    "1.5em",
    "50%",
    "3pt",
    "!important",
    "@media x",
    "/*",
    "*/",
    "\"",
    "'",
    "\\",
    "é",
    "\n",
    "1e39px",
    "NaN",
    "url(x)",
];

fn random_text(rng: &mut Rng, pieces: &[&str], n: usize) -> String {
    (0..n).map(|_| *rng.pick(pieces)).collect::<Vec<_>>().join(if rng.below(2) == 0 { " " } else { "" })
}

/// `base` with a few pieces inserted, spans deleted or duplicated (on character boundaries).
fn mutated(rng: &mut Rng, base: &str, pieces: &[&str]) -> String {
    let mut text = base.to_owned();
    for _ in 0..1 + rng.below(4) {
        let bounds: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
        let a = bounds[rng.below(bounds.len())];
        let b = bounds[rng.below(bounds.len())];
        let (a, b) = (a.min(b), a.max(b).min(a.min(b) + 64));
        let b = *bounds.iter().find(|&&i| i >= b).unwrap_or(&text.len());
        match rng.below(3) {
            0 => text.insert_str(a, rng.pick::<&str>(pieces)),
            1 => text.replace_range(a..b, ""),
            _ => {
                let span = text[a..b].to_owned();
                text.insert_str(b, &span);
            }
        }
    }
    text
}

/// `base` with one run of `openers` (each repeated up to 3,000 times, past any depth limit) inserted at a character
/// boundary, and its line ends made CR or CRLF, or a byte order mark put first, now and then: what a hand-written
/// case found (2,000 nested repeats overflowed the stack; a CR-only file put every error on line 1).
fn deepened(rng: &mut Rng, base: &str, openers: &[&str]) -> String {
    let bounds: Vec<usize> = base.char_indices().map(|(i, _)| i).chain([base.len()]).collect();
    let at = bounds[rng.below(bounds.len())];
    let run = rng.pick(openers).repeat(1 + rng.below(3_000));
    let mut text = format!("{}{run}{}", &base[..at], &base[at..]);
    match rng.below(4) {
        0 => text = text.replace('\n', "\r"),
        1 => text = text.replace('\n', "\r\n"),
        2 => text.insert(0, '\u{feff}'),
        _ => {}
    }
    text
}

/// libgoldberry and a font book, for the cases that lay out and paint.
fn natives_and_fonts() -> (&'static goldberry_natives::Goldberry, goldberry::fonts::FontBook) {
    let g = goldberry_natives::Goldberry::load(None).expect("libgoldberry loads");
    (g, goldberry::fonts::FontBook::load(g).expect("the fonts load"))
}

/// Lays every accepted document out as the kit does, in a narrow window and a wide one: each widget's box is
/// finite and inside the page's width.
fn lay_out_all(accepted: &[(String, Built)]) {
    let (g, fonts) = natives_and_fonts();
    let m = Measure { fonts: &fonts, f: KitFonts::new(&fonts), density: Density::Regular };
    for (text, built) in accepted {
        for width in [320.0, 1280.0] {
            let viewport = Rect::new(0.0, 0.0, width, 600.0);
            let boxes = widget_boxes(g, &built.page, &m, viewport).expect("the page lays out");
            assert_eq!(boxes.len(), built.page.widgets.len(), "a box per widget");
            for (i, b) in boxes.iter().enumerate() {
                let fine = [b.x, b.y, b.w, b.h].iter().all(|v| v.is_finite())
                    && b.w >= 0.0
                    && b.h >= 0.0
                    && b.x >= -0.01
                    && b.y >= -0.01
                    && b.right() <= width + 0.01;
                assert!(fine, "widget {i}'s box {b:?} in a page {width} wide, of:\n{text}");
            }
        }
    }
}

/// Whether the fast KDL reader took `text`; when it did, the kdl crate must read the same nodes, entries, values
/// and places from it (compared as printed, so that a NaN equals itself).
fn same_reading(text: &str) -> bool {
    let Some(fast) = syntax::read_fast(text) else { return false };
    match syntax::read_by_crate(text) {
        Ok(slow) => assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "the two readings differ on:\n{text}"),
        Err(e) => panic!("the fast reader took what the kdl crate refuses ({e}):\n{text}"),
    }
    true
}

/// KDL's lexical forms, for the fast reader's comparison with the crate.
const LEXICAL_PIECES: &[&str] = &[
    "n",
    "node",
    "-x",
    "+y",
    ".z",
    "a.b",
    "ünï",
    "שלום",
    "\"é\"",
    "\"q\"",
    "\"\"",
    "\"a\\nb\\t\\\"c\\\\\"",
    "\"\\u{1F600}\"",
    "\"\\u{0}\"",
    "\"\\u{D800}\"",
    "\"\\s\\b\\f\\r\"",
    "\"\\q\"",
    "\"\\ \n \"",
    "#\"raw\"#",
    "##\"r\"#\"##",
    "#\"\"#",
    "#\"\"\"",
    "\"\"\"\nm\n\"\"\"",
    "0",
    "-1",
    "+2",
    "1_000",
    "0x1F",
    "-0b101",
    "0o17",
    "0x",
    "1.5",
    "1.5e3",
    "1e-2",
    "1E+9",
    "1.",
    "1._5",
    "1e400",
    "170141183460469231731687303715884105728",
    "4x0",
    "#true",
    "#false",
    "#null",
    "#inf",
    "#-inf",
    "#nan",
    "#maybe",
    "true",
    "null",
    "a=1",
    "a = 1",
    "\"k\"=2",
    "a=",
    "=1",
    "(t)x",
    "(t)1",
    "/* c */",
    "/* /* n */ */",
    "/*",
    "/- x",
    "/-",
    "/- { a }",
    "// c\n",
    "\\\n",
    "\\ // c\n",
    "\\x",
    "{",
    "}",
    "{ }",
    "{ a; b }",
    ";",
    ";;",
    " ",
    " ",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\u{a0}",
    "\u{2028}",
    "[",
    "=",
];

#[test]
fn the_fast_kdl_reader_reads_what_the_kdl_crate_reads() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut taken, mut read_by_crate) = (0, 0);
    for _ in 0..cases() * 5 {
        let n = 1 + rng.below(12);
        let text = format!("n {}", random_text(&mut rng, LEXICAL_PIECES, n));
        taken += usize::from(same_reading(&text));
        read_by_crate += usize::from(syntax::read_by_crate(&text).is_ok());
    }
    eprintln!("{read_by_crate} texts read by the kdl crate, {taken} of them also by the fast reader");
    assert!(taken * 2 > read_by_crate, "the fast reader takes most of what reads: {taken} of {read_by_crate}");
}

/// Every element of `built` styled in a few states: the cascade must never panic either.
fn style_all(sheet: Stylesheet, built: &Built) {
    let mut styler = Styler::new(Arc::new(sheet), built.nodes.clone());
    let mut warnings = Vec::new();
    for i in 0..built.nodes.len() {
        for states in [States::NONE, States::HOVER, States::HOVER.with(States::ACTIVE).with(States::FOCUS)] {
            styler.style(i, states, &mut warnings);
        }
    }
}

fn cases() -> usize {
    std::env::var("GOLDBERRY_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2_000)
}

/// Runs `case` and fails when it hung: a case takes milliseconds, and the bound is a hundred times that so that a
/// shared machine's stall is not taken for a run that blows up (which takes far longer still).
fn timed(what: &str, text: &str, case: impl FnOnce()) {
    let start = Instant::now();
    case();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(5), "{what} took {took:?} on:\n{text}");
}

#[test]
fn documents_never_panic_and_finish_in_bounded_time() {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs");
    let bases: Vec<String> = ["tutorial.kdl", "gallery/values.kdl", "gallery/forms.kdl", "gallery/panels.kdl"]
        .iter()
        .map(|f| std::fs::read_to_string(assets.join(f)).expect("the asset"))
        .collect();
    for base in &bases {
        assert!(read::read(Path::new("base.kdl"), base).is_ok(), "the assets read");
        assert!(syntax::read_fast(base).is_some(), "the fast reader takes the assets:\n{base}");
        same_reading(base);
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let started = Instant::now();
    let (mut ok, mut refused, mut fast) = (0, 0, 0);
    let mut accepted = Vec::new();
    for i in 0..cases() {
        let text = if i % 3 == 0 {
            let n = 1 + rng.below(40);
            format!("page title=\"f\" {{ section \"s\" {{ {} }} }}", random_text(&mut rng, KDL_PIECES, n))
        } else if i % 10 == 1 {
            let base = &bases[i % bases.len()];
            deepened(&mut rng, base, &["{", "repeat count=1 { ", "row { ", "x {", "/*", "/* ", "{ }", "\""])
        } else {
            let base = &bases[i % bases.len()];
            mutated(&mut rng, base, KDL_PIECES)
        };
        fast += usize::from(same_reading(&text));
        timed("a document", &text, || match read::read(Path::new("fuzz.kdl"), &text) {
            Ok(built) => {
                ok += 1;
                accepted.push((text.clone(), built));
            }
            Err(e) => {
                let line = e.to_string();
                assert!(line.starts_with("fuzz.kdl:") && !line.contains('\n'), "{line}");
                refused += 1;
            }
        });
    }
    eprintln!("{ok} documents read, {refused} refused, {fast} by the fast reader, in {:?}", started.elapsed());
    assert!(ok > 0 && refused > 0, "the cases reach both ends");
    assert!(fast * 4 > ok, "the fast reader takes most documents that read: {fast} of {ok}");
    lay_out_all(&accepted);
}

#[test]
fn stylesheets_never_panic_and_finish_in_bounded_time() {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs");
    let css = std::fs::read_to_string(assets.join("tutorial.css")).expect("the stylesheet");
    let kdl = std::fs::read_to_string(assets.join("tutorial.kdl")).expect("the document");
    let built = read::read(Path::new("tutorial.kdl"), &kdl).expect("the tutorial reads");
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let started = Instant::now();
    let mut warned = 0;
    for i in 0..cases() {
        let n = 1 + rng.below(60);
        let text = match i % 10 {
            1 => deepened(&mut rng, &css, &["{", "(", "[", "var(--x, ", "rgb(", "a { b { ", "/*"]),
            _ if i % 2 == 0 => random_text(&mut rng, CSS_PIECES, n),
            _ => mutated(&mut rng, &css, CSS_PIECES),
        };
        timed("a stylesheet", &text, || {
            // As a person's sheet is read (depth and size checked first), else as the built-in sheets are.
            let read = Stylesheet::read(Path::new("fuzz.css"), &text, &["page", "section", "row", "button", "slider"]);
            let (sheet, warnings) = match read {
                Ok(read) => read,
                Err(e) => {
                    assert!(e.to_string().starts_with("fuzz.css:"), "{e}");
                    Stylesheet::parse(Path::new("fuzz.css"), &text)
                }
            };
            warned += warnings.len();
            for w in &warnings {
                assert!(w.to_string().starts_with("fuzz.css:"), "{w}");
            }
            // The layout the sheet states, read into the kit's row and item properties.
            let mut laid = read::read(Path::new("tutorial.kdl"), &kdl).expect("the tutorial reads");
            let mut look = Look::new(sheet.clone(), &laid);
            sheet_layout::by_sheet(&mut laid, &mut look);
            style_all(sheet, &built);
        });
    }
    // A sheet written to explode: var() doubling past the cap, and a cycle.
    let mut bomb = String::from(":root { --x0: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa;");
    for i in 1..40 {
        bomb.push_str(&format!(" --x{i}: var(--x{}) var(--x{});", i - 1, i - 1));
    }
    bomb.push_str(" --c: var(--d); --d: var(--c); } slider { color: var(--x39); background: var(--c) }");
    timed("the var() bomb", &bomb, || style_all(Stylesheet::parse(Path::new("bomb.css"), &bomb).0, &built));
    eprintln!("{} stylesheets, {warned} warnings, in {:?}", cases(), started.elapsed());
}

/// A byte that is not UTF-8, put anywhere in a document (line ends LF, CRLF or CR), is refused at its own line and
/// column: the rule, for every place, that a file refused at 1:1 broke.
#[test]
fn a_bad_byte_anywhere_is_refused_at_its_place() {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs");
    let kdl = std::fs::read_to_string(assets.join("tutorial.kdl")).expect("the document");
    let dir = process::temp_dir("document-fuzz", "bytes");
    let file = dir.join("bad.kdl");
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for i in 0..cases().min(300) {
        let text = match i % 3 {
            0 => kdl.clone(),
            1 => kdl.replace('\n', "\r\n"),
            _ => kdl.replace('\n', "\r"),
        };
        let bounds: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
        let at = bounds[rng.below(bounds.len())];
        let bad = [0x80, 0xC3, 0xE9, 0xFF][rng.below(4)];
        let mut bytes = text.as_bytes().to_vec();
        bytes.insert(at, bad);
        std::fs::write(&file, &bytes).expect("write");
        let e = goldberry::located::read_text(&file, read::MAX_BYTES, "a document").expect_err("not UTF-8");
        let (line, col) = goldberry::located::line_col(&text[..at], at);
        assert_eq!((e.line, e.col), (line, col), "byte 0x{bad:02X} at {at} of case {i}: {e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a person may set a widget to, by its kind ([`Held::parse_like`] takes those that fit).
const SET_TO: &[&str] = &["on", "off", "0", "1", "3", "7", "42", "99", "1000", "-5", "Best", "Good", "x", "Ada"];

/// Each widget's id, kind and value.
fn values(page: &KitPage) -> Vec<(&'static str, &'static str, Option<Held>)> {
    page.widgets.iter().map(|w| (w.id(), w.kind(), w.value())).collect()
}

/// Random edits of a valid document saved over it while a session shows it, each read as a running window reads a
/// save (the document's `reload`, then the session's): the page is the new version when the file reads, else the
/// last good one untouched, never a panic; and every value a person changed on a widget the new version keeps (same
/// id and kind) survives, clamped to what the new version can hold.
#[test]
fn reloads_of_random_edits_under_a_running_session_keep_a_page_and_every_value() {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs");
    let base = std::fs::read_to_string(assets.join("gallery/values.kdl")).expect("the asset");
    let dir = process::temp_dir("document-fuzz", "reload");
    let file = dir.join("live.kdl");
    let save = |text: &str| {
        std::fs::write(file.with_extension("tmp"), text).expect("write");
        std::fs::rename(file.with_extension("tmp"), &file).expect("rename");
    };
    save(&base);
    doc_screen::load(&file, None).expect("the base reads");
    let mut session = Session::new(ScreenId::named(doc_screen::NAME).expect("the document's screen"), false);
    // Each version shown is drawn, as a window draws it: a page that reads must also lay out and paint.
    let (g, fonts) = natives_and_fonts();
    let mut painter = Painter::new(g, &fonts, 2, false).expect("a painter");
    let mut buffer = FrameBuffer::new(640, 480);
    let mut paint = |session: &mut Session, index: u64, text: &str| {
        let shown = session.shown(index as f64 / 60.0);
        let input = FrameInput::headless(index, 640, 480);
        let pixels = if index == 0 { Pixels::Fresh } else { Pixels::Kept };
        let painted = painter
            .paint(&input, &fonts, buffer.canvas_at(1.0), &shown, pixels)
            .unwrap_or_else(|e| panic!("the frame did not paint ({e}):\n{text}"));
        session.take_feedback(painted.feedback);
    };
    paint(&mut session, 0, &base);
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    // The version shown, as its file made it: what tells a changed value from one never touched.
    let mut first = read::read(&file, &base).expect("the base reads").page;
    let (mut swapped, mut kept) = (0, 0);
    for i in 0..cases() / 10 {
        let state = session.state_of_mut::<KitState<Document>>().expect("the document's state");
        // A person changes a few values (not of a widget that shows another's: a reload brings that up to date).
        let followers: Vec<&str> =
            document::current().map_or(Vec::new(), |c| c.built.follows.iter().map(|f| f.follower).collect());
        for w in state.page.widgets.iter_mut().filter(|w| !followers.contains(&w.id())) {
            if let Some(now) = w.value().filter(|_| rng.below(3) == 0)
                && let Some(asked) = Held::parse_like(rng.pick::<&str>(SET_TO), &now)
            {
                let _ = w.set_value(&asked);
            }
        }
        let before = state.page.clone();
        let text = match i % 4 {
            0 => base.clone(),
            _ => mutated(&mut rng, &base, KDL_PIECES),
        };
        save(&text);
        let outcome = document::reload().expect("a document is loaded");
        session.reload();
        paint(&mut session, i as u64 + 1, &text);
        let state = session.state_of::<KitState<Document>>().expect("the document's state");
        match outcome {
            Reloaded::Kept(_) => {
                kept += 1;
                assert_eq!(values(&state.page), values(&before), "a bad save keeps the page as it was:\n{text}");
            }
            Reloaded::Swapped(_) => {
                swapped += 1;
                let new = read::read(&file, &text).expect("it swapped in, so it reads").page;
                let ids = |p: &KitPage| p.widgets.iter().map(|w| w.id()).collect::<Vec<_>>();
                assert_eq!(ids(&state.page), ids(&new), "the page is the new version:\n{text}");
                for old in &before.widgets {
                    let touched = first.get(old.id()).is_none_or(|start| start.value() != old.value());
                    let Some(now) = state.page.get(old.id()).filter(|w| w.kind() == old.kind() && touched) else {
                        continue;
                    };
                    let (Some(fresh), Some(held)) = (new.get(old.id()), old.value()) else { continue };
                    // What the new version's widget holds when set to the person's value: clamped, or refused.
                    let mut want = fresh.clone_box();
                    if want.set_value(&held).is_err() || followers.contains(&old.id()) {
                        continue;
                    }
                    assert_eq!(now.value(), want.value(), "{} lost its value {held:?}:\n{text}", old.id());
                }
                first = new;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{swapped} saves swapped in, {kept} kept the last good page");
    assert!(swapped > 0 && kept > 0, "the saves reach both ends");
}
