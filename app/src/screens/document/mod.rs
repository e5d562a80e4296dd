//! A screen read from a document (`--doc FILE.kdl`) and coloured by a stylesheet (`--style FILE.css`), record 23.
//!
//! The document is read at start ([`load`]) and held for the life of the process; in a window its files are
//! watched ([`watch`]) and a save swaps a new version in ([`Live::reload`]), or, when it does not parse, keeps
//! the last good one under a banner. The screen is the kit's page screen over [`Document`], a [`PageSpec`] whose
//! page is that document's, whose bindings are the document's `bind` and `action` properties, and whose colours
//! come from the stylesheet through the kit's palette hooks. It stands after the built-in screens in the tab
//! order; its tab reads "Document", the name `--screen` takes for it (the page's own title heads the page).

pub mod act;
pub mod bind;
pub mod flex;
pub mod keep;
pub mod look;
pub mod make;
pub mod props;
pub mod read;
#[cfg(test)]
mod reload_tests;
pub mod sheet_layout;
#[cfg(test)]
mod tests;
pub mod watch;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use self::look::Look;
use self::read::Built;
use super::kit::KitScreen;
use super::kit::page::KitPage;
use super::kit::state::PageSpec;
use super::{Entry, interface};
use crate::located::{Located, read_text};
use crate::scene::draw::widgets::State;
use crate::screens::interface::Input;
use crate::style::Stylesheet;
use crate::ui::router::{Message, WidgetId};
use crate::ui::settings::Settings;
use crate::ui::theme::Palette;
use crate::widgets::Widget;
use serde_json::{Map, Value, json};

/// The name `--screen` takes and the report prints.
pub const NAME: &str = "document";

/// One version of a document as read: the page as it starts, its bindings, and its looks.
#[derive(Debug)]
pub struct Current {
    /// What was read.
    pub built: Built,
    /// The stylesheet's styles of its elements, if a stylesheet was given.
    pub look: Option<Mutex<Look>>,
}

/// The document's files, and the version of them on screen: a reload swaps [`Current`] when both files read and
/// parse, and otherwise keeps it and holds the error for the banner (record 23, "Live reload").
#[derive(Debug)]
pub struct Live {
    /// The document's file.
    pub file: PathBuf,
    /// The stylesheet's file, if one was given.
    pub style: Option<PathBuf>,
    current: RwLock<Arc<Current>>,
    /// Counts the versions swapped in: a page built from an older one rebuilds itself from the newer.
    generation: AtomicU64,
    /// Why the files on disk are not the version shown (None while they are).
    error: Mutex<Option<Located>>,
    /// Each reload's time from the file's save to its pixels presented, ms (a window's frame loop measures it).
    presented_ms: Mutex<Vec<f64>>,
}

/// What a reload did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reloaded {
    /// The new version is shown (with the stylesheet's skipped declarations).
    Swapped(Vec<Located>),
    /// The files do not read or parse: the last good version stays, and this is the banner's message.
    Kept(Located),
}

impl Live {
    /// Reads both files: the version they hold, and the stylesheet's skipped declarations.
    pub fn open(doc: &Path, style: Option<&Path>) -> Result<(Live, Vec<Located>), Located> {
        let (current, warnings) = read_version(doc, style)?;
        let live = Live {
            file: doc.to_owned(),
            style: style.map(Path::to_owned),
            current: RwLock::new(Arc::new(current)),
            generation: AtomicU64::new(0),
            error: Mutex::new(None),
            presented_ms: Mutex::new(Vec::new()),
        };
        Ok((live, warnings))
    }

    /// The version shown.
    pub fn current(&self) -> Arc<Current> {
        // A poisoned lock held a whole Arc either way: a swap is one pointer store.
        self.current.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// How many versions were swapped in since the start.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// Why the files on disk are not shown, if they are not.
    pub fn error(&self) -> Option<Located> {
        self.error.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// Reads both files again: swaps the new version in when they parse, else keeps the shown one and holds
    /// the error until a reload succeeds.
    pub fn reload(&self) -> Reloaded {
        let read = read_version(&self.file, self.style.as_deref());
        let mut error = self.error.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match read {
            Ok((current, warnings)) => {
                *self.current.write().unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(current);
                self.generation.fetch_add(1, Ordering::AcqRel);
                *error = None;
                Reloaded::Swapped(warnings)
            }
            Err(e) => {
                *error = Some(e.clone());
                Reloaded::Kept(e)
            }
        }
    }
}

/// Reads and parses the document and the stylesheet.
fn read_version(doc: &Path, style: Option<&Path>) -> Result<(Current, Vec<Located>), Located> {
    let text = read_text(doc, read::MAX_BYTES, "a document")?;
    let mut built = read::read(doc, &text)?;
    let mut warnings = Vec::new();
    let look = match style {
        Some(path) => {
            let css = read_text(path, crate::style::sheet::MAX_BYTES, "a stylesheet")?;
            let types: Vec<&str> = ["page", "section", "row"].into_iter().chain(make::KINDS.iter().copied()).collect();
            let (sheet, skipped) = Stylesheet::read(path, &css, &types)?;
            warnings = skipped;
            let mut look = Look::new(sheet, &built);
            sheet_layout::by_sheet(&mut built, &mut look);
            Some(Mutex::new(look))
        }
        None => None,
    };
    Ok((Current { built, look }, warnings))
}

/// A document as loaded: its files and the version shown, and its place in the list of screens.
#[derive(Debug)]
pub struct Loaded {
    /// The files and the version shown.
    pub live: Live,
    /// Its entry in the list of screens.
    pub entry: Entry,
    /// The tabs' titles with the document's, "Document", last.
    pub titles: &'static [&'static str],
}

impl Loaded {
    /// Where the document was read from.
    pub fn file(&self) -> &Path {
        &self.live.file
    }
}

static LOADED: OnceLock<Loaded> = OnceLock::new();

pub use self::look::take_style_time;

/// The document loaded, if any.
pub fn loaded() -> Option<&'static Loaded> {
    LOADED.get()
}

/// The version of the loaded document shown, if one is loaded.
pub fn current() -> Option<Arc<Current>> {
    Some(loaded()?.live.current())
}

/// Reads the loaded document's files again (see [`Live::reload`]); None when no document is loaded.
pub fn reload() -> Option<Reloaded> {
    Some(loaded()?.live.reload())
}

/// Notes that a reload's pixels were presented `ms` after the save (the report lists them).
pub fn note_reload_ms(ms: f64) {
    if let Some(l) = loaded() {
        l.live.presented_ms.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(ms);
    }
}

/// Reads `doc` and, if given, `style`, and makes the document a screen; a stylesheet's skipped declarations are
/// returned as warnings. A process loads one document (a second call with another file is an error).
pub fn load(doc: &Path, style: Option<&Path>) -> Result<Vec<Located>, Located> {
    if let Some(l) = LOADED.get() {
        return if l.file() == doc {
            Ok(Vec::new())
        } else {
            Err(Located::at_line(doc, 1, 1, "a document is already loaded in this process"))
        };
    }
    let (live, warnings) = Live::open(doc, style)?;
    // The tab says the name `--screen` and the report use, so a person can type what they read; the page's own
    // title heads the page, and a reload that retitles it needs no new tab.
    let title: &'static str = "Document";
    let mut titles = super::TITLES.to_vec();
    titles.push(title);
    let entry = Entry {
        name: NAME,
        title,
        dashboard: false,
        state: interface::fresh_state::<KitScreen<Document>>,
        build: interface::build::<KitScreen<Document>>,
    };
    let titles: &'static [&'static str] = Box::leak(titles.into_boxed_slice());
    let _ = LOADED.set(Loaded { live, entry, titles });
    Ok(warnings)
}

/// The document's page (see the module docs).
#[derive(Debug)]
pub struct Document;

impl Document {
    fn with_look<T>(f: impl FnOnce(&mut Look) -> T) -> Option<T> {
        with_look(&*current()?, f)
    }
}

impl Current {
    /// Whether a colour of its looks is still on its way at `now`.
    pub fn transitioning(&self, now: f64) -> bool {
        // Not timed as styling: the frame loop asks this between frames.
        let Some(look) = self.look.as_ref() else { return false };
        look.lock().unwrap_or_else(std::sync::PoisonError::into_inner).transitioning(now)
    }
}

/// Runs `f` on `current`'s looks, if it has a stylesheet (a poisoned lock, from a panic mid-frame, is taken as it
/// is: a style cache is never half-written in a way that matters). The looks time their own style computing for
/// the HUD's style row: a frame asks for every widget's palette, and most answers are kept ones.
pub fn with_look<T>(current: &Current, f: impl FnOnce(&mut Look) -> T) -> Option<T> {
    let look = current.look.as_ref()?;
    let mut guard = look.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    Some(f(&mut guard))
}

impl PageSpec for Document {
    const NAME: &'static str = NAME;
    const TITLE: &'static str = "Document";

    fn build() -> KitPage {
        match current() {
            Some(c) => c.built.page.clone(),
            None => KitPage::empty("Document", ""),
        }
    }

    fn react(page: &mut KitPage, id: WidgetId, message: &Message, _input: &mut Input<'_>) {
        let Some(l) = current() else { return };
        act::react(&l.built, page, id, message);
    }

    fn version() -> u64 {
        loaded().map_or(0, |l| l.live.generation())
    }

    fn carry(first: &KitPage, old: &KitPage, new: &mut KitPage) -> Vec<WidgetId> {
        let follows = current().map(|c| c.built.follows.clone()).unwrap_or_default();
        keep::carry(first, old, new, &follows)
    }

    fn report(_settings: &Settings, into: &mut Map<String, Value>) {
        let Some(l) = loaded() else { return };
        let ms = l.live.presented_ms.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        let entry = json!({
            "file": l.live.file.display().to_string(),
            "error": l.live.error().map(|e| e.to_string()),
            "reloads": l.live.generation(),
            "reload_ms": ms,
        });
        into.insert(NAME.to_owned(), entry);
    }

    fn banner() -> Option<String> {
        Some(loaded()?.live.error()?.to_string())
    }

    fn palette(theme: &Palette) -> Option<Palette> {
        Document::with_look(|look| look.page(theme))
    }

    fn section_palette(section: usize, page: &Palette) -> Option<Palette> {
        Document::with_look(|look| look.section(section, page))
    }

    fn widget_palette(index: usize, widget: &dyn Widget, state: State, page: &Palette, now: f64) -> Option<Palette> {
        Document::with_look(|look| look.widget(index, widget, state, page, now))
    }

    fn transitioning(now: f64) -> bool {
        current().is_some_and(|c| c.transitioning(now))
    }
}
