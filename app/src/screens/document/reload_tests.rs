//! Live reload through real files: what survives a reload (values, focus's widget, scroll), what a broken file
//! does (the last good version stays, the banner's error is held), and what a fix does (the error is gone).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::document::page::KitPage;
use crate::document::{Live, Reloaded, keep};
use crate::geom::Rect;
use crate::screens::interface::ScreenState;
use crate::screens::kit::state::{KitState, PageSpec};
use crate::screens::paging::Sheet;
use crate::ui::router::WidgetId;
use crate::widgets::button::Button;
use crate::widgets::checkbox::{Check, Checkbox};
use crate::widgets::slider::Slider;
use crate::widgets::toggle::Toggle;
use crate::widgets::{Held, Reached};

const FIRST: &str = r#"page title="Reload" {
    section "S" {
        row "Volume" { slider "Volume" id=volume min=0 max=100 value=40 step=5; progress "Level" id=level bind=volume }
        row "Count" { button "Add" id=add action="count" }
        row "Mute" { checkbox "Mute" id=mute }
    }
}
"#;

/// The volume renamed and its range halved, the checkbox now a toggle of the same id, a badge added.
const SECOND: &str = r#"page title="Reload" {
    section "S" {
        row "Loudness" { slider "Loudness" id=volume min=0 max=50 value=10 step=5; progress "Level" id=level bind=volume }
        row "Count" { button "Add" id=add action="count" }
        row "Mute" { toggle "Mute" id=mute }
        row "New" { badge "new" id=new }
    }
}
"#;

/// A folder of its own for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("goldberry-reload-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// Saves `text` as an editor does: written beside, renamed over.
fn save(path: &Path, text: &str) {
    let temp = path.with_extension("tmp");
    std::fs::write(&temp, text).unwrap_or_else(|e| panic!("{}: {e}", temp.display()));
    std::fs::rename(&temp, path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn page(live: &Live) -> KitPage {
    (*live.current().built.page).clone()
}

#[test]
fn a_reload_keeps_what_a_person_did_where_id_and_type_match() {
    let dir = folder("keep");
    let doc = dir.join("d.kdl");
    save(&doc, FIRST);
    let (live, _) = Live::open(&doc, None).unwrap_or_else(|e| panic!("{e}"));
    let first = page(&live);
    let mut old = page(&live);
    // A person moves the volume, presses the counter twice and ticks the box.
    if let Some(s) = old.widget_mut::<Slider>("doc.volume") {
        s.value.set(30.0);
    }
    if let Some(b) = old.widget_mut::<Button>("doc.add") {
        b.presses = 2;
    }
    if let Some(c) = old.widget_mut::<Checkbox>("doc.mute") {
        c.check = Check::Checked;
    }
    save(&doc, SECOND);
    assert_eq!(live.reload(), Reloaded::Swapped(Vec::new()));
    assert_eq!(live.generation(), 1);
    let mut new = page(&live);
    let follows = live.current().built.follows.clone();
    let lost = keep::carry(&first, &old, &mut new, &follows);
    // The slider keeps its value (inside the new range) and takes its new name; the bar bound to it follows.
    let slider = new.widget::<Slider>("doc.volume").unwrap_or_else(|| panic!("no slider"));
    assert_eq!(slider.value.get(), 30.0);
    assert_eq!(new.widget::<crate::widgets::progress::Progress>("doc.level").map(|p| p.fraction), Some(0.6));
    assert_eq!(new.sections[0].rows[0].label, Some("Loudness"));
    assert_eq!(new.widget::<Button>("doc.add").map(|b| b.presses), Some(2));
    // The checkbox became a toggle: another type, so it starts as the file says and a focus on it is dropped.
    assert_eq!(new.widget::<Toggle>("doc.mute").map(|t| t.on), Some(false));
    assert_eq!(lost, ["doc.mute"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_file_keeps_the_last_good_version_and_a_fix_clears_the_error() {
    let dir = folder("broken");
    let (doc, css) = (dir.join("d.kdl"), dir.join("d.css"));
    save(&doc, FIRST);
    save(&css, "section { background: #123456; }\n");
    let (live, _) = Live::open(&doc, Some(&css)).unwrap_or_else(|e| panic!("{e}"));
    save(&doc, &FIRST.replace("id=mute", "id=mute colour=1"));
    let Reloaded::Kept(error) = live.reload() else { panic!("a broken document was swapped in") };
    let said = error.to_string();
    assert!(said.starts_with(&format!("{}:5:", doc.display())), "{said}");
    assert!(said.contains("unknown property `colour`"), "{said}");
    assert_eq!(live.error().map(|e| e.to_string()), Some(said));
    assert_eq!(live.generation(), 0);
    assert!(page(&live).widget::<Checkbox>("doc.mute").is_some(), "the last good page is not the one shown");
    // A stylesheet's bad declaration is a warning, not an error: the version is swapped in.
    save(&doc, SECOND);
    save(&css, "section {\n  background: #123456;\n  colour: red;\n}\n");
    let Reloaded::Swapped(warnings) = live.reload() else { panic!("a fixed document was not swapped in") };
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].to_string().starts_with(&format!("{}:3:", css.display())), "{}", warnings[0]);
    assert_eq!(live.error(), None);
    assert_eq!(live.generation(), 1);
    assert!(page(&live).widget::<Toggle>("doc.mute").is_some());
    // A file that is gone is an error at its first line, and its return clears it.
    std::fs::remove_file(&css).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(live.reload(), Reloaded::Kept(e) if e.line == 1 && e.file == css));
    save(&css, "section { background: #123456; }\n");
    assert!(matches!(live.reload(), Reloaded::Swapped(_)));
    assert_eq!(live.error(), None);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A page spec over a test's own version counter and page, to reload a [`KitState`] as the document's is.
#[derive(Debug)]
struct Reloading;

static VERSION: AtomicU64 = AtomicU64::new(0);
static PAGE: Mutex<Option<KitPage>> = Mutex::new(None);

impl PageSpec for Reloading {
    const NAME: &'static str = "reloading";
    const TITLE: &'static str = "Reloading";

    fn build() -> KitPage {
        let page = PAGE.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        page.unwrap_or_else(|| KitPage::empty("", ""))
    }

    fn version() -> u64 {
        VERSION.load(Ordering::Acquire)
    }

    fn carry(first: &KitPage, old: &KitPage, new: &mut KitPage) -> Vec<WidgetId> {
        keep::carry(first, old, new, &[])
    }
}

#[test]
fn a_page_state_rebuilds_once_per_version_keeping_values_and_scroll() {
    let dir = folder("state");
    let doc = dir.join("d.kdl");
    save(&doc, FIRST);
    let (live, _) = Live::open(&doc, None).unwrap_or_else(|e| panic!("{e}"));
    *PAGE.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(page(&live));
    let mut state = KitState::<Reloading>::default();
    assert_eq!(ScreenState::reload(&mut state), None, "nothing changed, nothing to rebuild");
    // Scrolled down a page that is taller than its viewport, and the volume moved.
    let sheet = Sheet { viewport: Rect::new(0.0, 0.0, 400.0, 300.0), content_h: 2000.0, mirrored: false };
    state.paging.laid_out(sheet, 0.0);
    assert!(state.scroll_to(250.0));
    if let Some(s) = state.page.widget_mut::<Slider>("doc.volume") {
        s.value.set(65.0);
    }
    let generation = state.generation;
    save(&doc, SECOND);
    assert!(matches!(live.reload(), Reloaded::Swapped(_)));
    *PAGE.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(page(&live));
    VERSION.store(live.generation(), Ordering::Release);
    assert_eq!(ScreenState::reload(&mut state), Some(vec!["doc.mute"]));
    assert_eq!(state.page.widget::<Slider>("doc.volume").map(|s| s.value.get()), Some(50.0), "clamped to the new max");
    assert!(state.page.get("doc.new").is_some());
    assert_eq!(state.paging.offset, 250.0, "the scroll survives");
    assert!(state.generation > generation, "the page is laid out anew");
    assert_eq!(ScreenState::reload(&mut state), None, "one rebuild per version");
    let _ = std::fs::remove_dir_all(&dir);
}

/// No fixed waits: each wake says which step of the test it came in, and a sentinel save after the burst must be
/// the next wake, so a wake for another file or a second one for the burst shows as a step out of turn.
#[test]
fn the_watcher_wakes_once_per_burst_and_only_for_its_files() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;
    let dir = folder("watch");
    let doc = dir.join("d.kdl");
    save(&doc, FIRST);
    let (send, woken) = std::sync::mpsc::channel();
    let step = Arc::new(AtomicUsize::new(0));
    let seen = step.clone();
    let watch = crate::document::watch::FileWatch::start(std::slice::from_ref(&doc), move || {
        let _ = send.send(seen.load(Ordering::Acquire));
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let next = || woken.recv_timeout(Duration::from_secs(10)).ok();
    // Another file in the folder wakes nothing: the first wake is the save that follows.
    save(&dir.join("other.kdl"), FIRST);
    step.store(1, Ordering::Release);
    // An editor's save is several events: written beside, renamed over, written again.
    save(&doc, SECOND);
    std::fs::write(&doc, SECOND).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next(), Some(1), "another file's save woke the loop, or the save did not");
    assert!(watch.take_saved_at().is_some_and(|at| at.elapsed() < Duration::from_secs(10)));
    step.store(2, Ordering::Release);
    save(&doc, FIRST);
    assert_eq!(next(), Some(2), "one save woke the loop twice, or the sentinel save did not wake it");
    drop(watch);
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a person changes below: two spinners, tabs, an accordion, a collapsible, a carousel and a radio group.
const HELD: &str = r##"page title="Held" {
    section "S" {
        row "Copies" { spinner "Copies" id=copies min=0 max=10 value=3; spinner "Spare" id=spare min=0 max=10 value=2 }
        row "Docs" { doc-tabs "a.txt" "b.txt" "c.txt" id=docs }
        row "FAQ" { accordion "One" "1" "Two" "2" "Three" "3" id=faq }
        row "More" { collapsible "More" "more" id=more }
        row "Slides" { carousel "Red" "#ff0000" "Green" "#00ff00" "Blue" "#0000ff" id=slides }
        row "Quality" { radio "Quality" "Draft" "Good" "Best" id=quality }
    }
}
"##;

/// The value of widget `id` of `page`.
fn held(page: &KitPage, id: WidgetId) -> Option<Held> {
    page.get(id)?.value()
}

/// Sets widget `id` of `page` to `value`, as a person's input would.
fn set(page: &mut KitPage, id: WidgetId, value: Held) {
    let i = page.index(id).unwrap_or_else(|| panic!("no {id}"));
    assert_eq!(page.widgets[i].set_value(&value), Ok(Reached::Exactly), "{id}");
}

/// Opens [`HELD`], lets `touch` change the page, saves `HELD` edited by `edit`, and carries the page over.
fn reload_held(name: &str, touch: impl FnOnce(&mut KitPage), edit: impl FnOnce(&str) -> String) -> KitPage {
    let dir = folder(name);
    let doc = dir.join("d.kdl");
    save(&doc, HELD);
    let (live, _) = Live::open(&doc, None).unwrap_or_else(|e| panic!("{e}"));
    let first = page(&live);
    let mut old = page(&live);
    touch(&mut old);
    save(&doc, &edit(HELD));
    assert_eq!(live.reload(), Reloaded::Swapped(Vec::new()));
    let mut new = page(&live);
    let lost = keep::carry(&first, &old, &mut new, &[]);
    assert_eq!(lost, Vec::<WidgetId>::new());
    let _ = std::fs::remove_dir_all(&dir);
    new
}

#[test]
fn a_value_a_person_changed_is_clamped_to_its_new_range_and_one_they_did_not_takes_the_files() {
    let new = reload_held(
        "clamp",
        |page| set(page, "doc.copies", Held::Number(9.0)),
        |text| text.replace("max=10 value=3", "max=5 value=3").replace("value=2", "value=4"),
    );
    assert_eq!(held(&new, "doc.copies"), Some(Held::Number(5.0)), "9 under max=5 shows 5");
    assert_eq!(held(&new, "doc.spare"), Some(Held::Number(4.0)), "never touched: the file's new value");
}

/// A save that changes the page's title only.
fn retitle(text: &str) -> String {
    text.replace("title=\"Held\"", "title=\"Held again\"")
}

#[test]
fn closed_tabs_stay_closed_and_the_tab_shown_is_kept_by_its_name() {
    let docs = || vec!["a.txt".to_owned(), "c.txt".to_owned()];
    // b.txt closed, c.txt shown: its place is 1 now, where b.txt stood in the file.
    let touch = |page: &mut KitPage| set(page, "doc.docs", Held::List { items: docs(), selected: Some(1) });
    let new = reload_held("tabs", touch, retitle);
    assert_eq!(held(&new, "doc.docs"), Some(Held::List { items: docs(), selected: Some(1) }), "b.txt came back");
}

#[test]
fn open_sections_and_the_slide_shown_survive_a_save_that_changes_the_title() {
    let touch = |page: &mut KitPage| {
        set(page, "doc.faq", Held::Flags(vec![("One".to_owned(), false), ("Three".to_owned(), true)]));
        set(page, "doc.more", Held::Flags(vec![("More".to_owned(), true)]));
        set(page, "doc.slides", Held::Choice { index: 2, label: "Blue".to_owned() });
    };
    let new = reload_held("panels", touch, retitle);
    let faq = ["One", "Two", "Three"].map(|t| (t.to_owned(), t == "Three")).to_vec();
    assert_eq!(held(&new, "doc.faq"), Some(Held::Flags(faq)), "the accordion's open section");
    assert_eq!(held(&new, "doc.more"), Some(Held::Flags(vec![("More".to_owned(), true)])), "the collapsible");
    assert_eq!(held(&new, "doc.slides"), Some(Held::Choice { index: 2, label: "Blue".to_owned() }), "the slide");
}

#[test]
fn a_choice_is_kept_by_its_label_when_the_options_move() {
    let touch = |page: &mut KitPage| set(page, "doc.quality", Held::Choice { index: 2, label: "Best".to_owned() });
    let reorder = |text: &str| text.replace(r#""Draft" "Good" "Best""#, r#""Best" "Draft" "Good""#);
    let new = reload_held("reorder", touch, reorder);
    assert_eq!(held(&new, "doc.quality"), Some(Held::Choice { index: 0, label: "Best".to_owned() }));
}

/// `path` as a path relative to the current folder (up to the root, then down), as a person types `--doc d/t.kdl`.
fn relative(path: &Path) -> PathBuf {
    let here = std::env::current_dir().unwrap_or_else(|e| panic!("{e}"));
    let ups = here.components().count().saturating_sub(1);
    let mut out: PathBuf = std::iter::repeat_n("..", ups).collect();
    out.push(path.strip_prefix("/").unwrap_or(path));
    out
}

/// A relative path (notify names changes by absolute ones, so a relative `--doc` never reloaded) and a symlink
/// saved through (the change is in the target's folder) both wake the loop.
#[test]
fn the_watcher_wakes_for_a_relative_path_and_through_a_symlink() {
    use std::time::Duration;
    let dir = folder("watch-relative");
    let doc = dir.join("d.kdl");
    save(&doc, FIRST);
    let (send, woken) = std::sync::mpsc::channel();
    let given = relative(&doc);
    assert!(given.is_relative() && given.exists(), "{}", given.display());
    let watch = crate::document::watch::FileWatch::start(&[given], move || {
        let _ = send.send(());
    })
    .unwrap_or_else(|e| panic!("{e}"));
    save(&doc, SECOND);
    assert!(woken.recv_timeout(Duration::from_secs(5)).is_ok(), "a save to a relative path did not wake the loop");
    drop(watch);

    let real = dir.join("real");
    std::fs::create_dir_all(&real).unwrap_or_else(|e| panic!("{e}"));
    let target = real.join("t.kdl");
    save(&target, FIRST);
    let link = dir.join("link.kdl");
    std::os::unix::fs::symlink(&target, &link).unwrap_or_else(|e| panic!("{e}"));
    let (send, woken) = std::sync::mpsc::channel();
    let watch = crate::document::watch::FileWatch::start(&[link], move || {
        let _ = send.send(());
    })
    .unwrap_or_else(|e| panic!("{e}"));
    // Saved as an editor that follows the link saves: written beside the target, renamed over it.
    save(&target, SECOND);
    assert!(woken.recv_timeout(Duration::from_secs(5)).is_ok(), "a save through a symlink did not wake the loop");
    drop(watch);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A save nested past what a stack holds keeps the last good page, with the error for the banner.
#[test]
fn a_save_nested_too_deep_keeps_the_last_good_version() {
    let dir = folder("deep");
    let doc = dir.join("d.kdl");
    save(&doc, FIRST);
    let (live, _) = Live::open(&doc, None).unwrap_or_else(|e| panic!("{e}"));
    let deep = format!(
        "page title=\"x\" {{ section \"s\" {{ {}{} }} }}",
        "repeat count=1 { ".repeat(2_000),
        "} ".repeat(2_000)
    );
    save(&doc, &deep);
    match live.reload() {
        Reloaded::Kept(e) => assert!(e.message.contains("nest deeper"), "{e}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(live.generation(), 0);
    assert_eq!(page(&live).title, "Reload");
    let css = dir.join("d.css");
    std::fs::write(&css, format!("page {{ color: {} }}", "(".repeat(5_000))).unwrap_or_else(|e| panic!("{e}"));
    save(&doc, FIRST);
    let e = Live::open(&doc, Some(&css)).err().unwrap_or_else(|| panic!("a stylesheet nested too deep was read"));
    assert_eq!((e.line, e.col), (1, 46), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
