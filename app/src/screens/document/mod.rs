//! A screen read from a document (`--doc FILE.kdl`) and coloured by a stylesheet (`--style FILE.css`), record 23.
//!
//! The document is read once at start ([`load`]) and held for the life of the process; the screen is the kit's
//! page screen over [`Document`], a [`PageSpec`] whose page is that document's, whose bindings are the
//! document's `bind` and `action` properties, and whose colours come from the stylesheet through the kit's
//! palette hooks. It stands after the built-in screens in the tab order, titled by the page's title.

pub mod bind;
pub mod look;
pub mod make;
pub mod props;
pub mod read;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use self::look::Look;
use self::read::Built;
use super::kit::KitScreen;
use super::kit::page::KitPage;
use super::kit::state::PageSpec;
use super::{Entry, interface};
use crate::located::Located;
use crate::scene::draw::widgets::State;
use crate::screens::interface::Input;
use crate::style::Stylesheet;
use crate::ui::router::{Message, WidgetId};
use crate::ui::theme::Palette;
use crate::widgets::Widget;

/// The name `--screen` takes and the report prints.
pub const NAME: &str = "document";

/// A document as loaded: the page as it starts, its bindings, its looks, and its place in the list of screens.
#[derive(Debug)]
pub struct Loaded {
    /// Where it was read from.
    pub file: PathBuf,
    /// What was read.
    pub built: Built,
    /// The stylesheet's styles of its elements, if a stylesheet was given.
    pub look: Option<Mutex<Look>>,
    /// Its entry in the list of screens.
    pub entry: Entry,
    /// The tabs' titles with the document's last.
    pub titles: &'static [&'static str],
}

static LOADED: OnceLock<Loaded> = OnceLock::new();

/// The document loaded, if any.
pub fn loaded() -> Option<&'static Loaded> {
    LOADED.get()
}

/// Reads `doc` and, if given, `style`, and makes the document a screen; a stylesheet's skipped declarations are
/// returned as warnings. A process loads one document (a second call with another file is an error).
pub fn load(doc: &Path, style: Option<&Path>) -> Result<Vec<Located>, Located> {
    if let Some(l) = LOADED.get() {
        return if l.file == doc {
            Ok(Vec::new())
        } else {
            Err(Located::at_line(doc, 1, 1, "a document is already loaded in this process"))
        };
    }
    let read_file = |path: &Path| {
        std::fs::read_to_string(path).map_err(|e| Located::at_line(path, 1, 1, format!("cannot read it: {e}")))
    };
    let text = read_file(doc)?;
    let built = read::read(doc, &text)?;
    let mut warnings = Vec::new();
    let look = match style {
        Some(path) => {
            let css = read_file(path)?;
            let (sheet, skipped) = Stylesheet::parse(path, &css);
            warnings = skipped;
            Some(Mutex::new(Look::new(sheet, &built)))
        }
        None => None,
    };
    let title: &'static str = if built.page.title.is_empty() { "Document" } else { built.page.title };
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
    let _ = LOADED.set(Loaded { file: doc.to_owned(), built, look, entry, titles });
    Ok(warnings)
}

/// The document's page (see the module docs).
#[derive(Debug)]
pub struct Document;

impl Document {
    /// Runs `f` on the looks, if a stylesheet was loaded (a poisoned lock, from a panic mid-frame, is taken as
    /// it is: a style cache is never half-written in a way that matters).
    fn with_look<T>(f: impl FnOnce(&mut Look) -> T) -> Option<T> {
        let look = loaded()?.look.as_ref()?;
        let mut guard = look.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        Some(f(&mut guard))
    }
}

impl PageSpec for Document {
    const NAME: &'static str = NAME;
    const TITLE: &'static str = "Document";

    fn build() -> KitPage {
        match loaded() {
            Some(l) => l.built.page.clone(),
            None => KitPage { title: "Document", intro: "", sections: Vec::new(), widgets: Vec::new() },
        }
    }

    fn react(page: &mut KitPage, id: WidgetId, message: &Message, _input: &mut Input<'_>) {
        let Some(l) = loaded() else { return };
        if matches!(message, Message::Activate(_)) {
            for (_, target) in l.built.resets.iter().filter(|(button, _)| *button == id) {
                if let (Some(i), Some(first)) = (page.index(target), l.built.page.get(target)) {
                    page.widgets[i] = first.clone_box();
                    bind::follow_from(page, target, &l.built.follows);
                }
            }
        }
        bind::follow_from(page, id, &l.built.follows);
    }

    fn palette(theme: &Palette) -> Option<Palette> {
        Document::with_look(|look| look.page(theme))
    }

    fn section_palette(section: usize, page: &Palette) -> Option<Palette> {
        Document::with_look(|look| look.section(section, page))
    }

    fn widget_palette(index: usize, widget: &dyn Widget, state: State, page: &Palette) -> Option<Palette> {
        Document::with_look(|look| look.widget(index, widget, state, page))
    }
}
