//! The document engine (record 23): a page read from KDL ([`read`], whose widgets [`make`] builds and whose
//! bindings [`bind`] ties), coloured and laid out by a stylesheet ([`look`], [`sheet_layout`]), acted on by its
//! `action`s ([`act`]), watched on disk ([`watch`]) and reloaded keeping what the person did ([`keep`]). It builds
//! the kit's page ([`page`], rows laid out by [`flex`]), which the gallery's pages and the `--doc` screen both show;
//! it knows no screen.

pub mod act;
pub mod bind;
pub mod flex;
pub mod flex_props;
pub mod keep;
pub mod look;
pub mod make;
pub mod page;
pub mod props;
pub mod read;
pub mod sheet_layout;
pub mod syntax;
#[cfg(test)]
mod tests;
pub mod watch;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use self::look::Look;
use self::read::Built;
use crate::located::{Located, read_text};
use crate::style::Stylesheet;

pub use self::look::take_style_time;

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

    /// Each reload's time from the file's save to its pixels presented, ms, in order.
    pub fn reload_ms(&self) -> Vec<f64> {
        self.presented_ms.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
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

static LOADED: OnceLock<Live> = OnceLock::new();

/// The document this process loaded with `--doc`, if any.
pub fn loaded() -> Option<&'static Live> {
    LOADED.get()
}

/// Opens `doc` and `style` as the process's document (see [`Live::open`]); a process loads one document, and a
/// second call with another file is an error.
pub fn load(doc: &Path, style: Option<&Path>) -> Result<(&'static Live, Vec<Located>), Located> {
    if let Some(l) = LOADED.get() {
        return if l.file == doc {
            Ok((l, Vec::new()))
        } else {
            Err(Located::at_line(doc, 1, 1, "a document is already loaded in this process"))
        };
    }
    let (live, warnings) = Live::open(doc, style)?;
    // Two loads racing both read; the first stored is the one every caller gets.
    let _ = LOADED.set(live);
    let live = LOADED.get().ok_or_else(|| Located::at_line(doc, 1, 1, "the document could not be kept"))?;
    Ok((live, warnings))
}

/// The version of the loaded document shown, if one is loaded.
pub fn current() -> Option<Arc<Current>> {
    Some(loaded()?.current())
}

/// Reads the loaded document's files again (see [`Live::reload`]); None when no document is loaded.
pub fn reload() -> Option<Reloaded> {
    Some(loaded()?.reload())
}

/// Notes that a reload's pixels were presented `ms` after the save (the report lists them).
pub fn note_reload_ms(ms: f64) {
    if let Some(l) = loaded() {
        l.presented_ms.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(ms);
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
