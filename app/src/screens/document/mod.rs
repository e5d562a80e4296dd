//! The `--doc` screen: the document engine's page ([`crate::document`]) shown as one more kit page after the
//! built-in screens. Its tab reads "Document", the name `--screen` takes for it (the page's own title heads the
//! page); a reload's banner, its bindings and its stylesheet's colours come from the engine through the kit's
//! [`PageSpec`] hooks.

#[cfg(test)]
mod reload_tests;

use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::kit::KitScreen;
use super::kit::state::PageSpec;
use super::{Entry, interface};
use crate::document::look::Look;
use crate::document::page::KitPage;
use crate::document::{self as engine, act, keep};
use crate::located::Located;
use crate::scene::draw::widgets::State;
use crate::screens::interface::Input;
use crate::ui::router::{Message, WidgetId};
use crate::ui::settings::Settings;
use crate::ui::theme::Palette;
use crate::widgets::Widget;
use serde_json::{Map, Value, json};

/// The name `--screen` takes and the report prints.
pub const NAME: &str = "document";

/// The loaded document's place in the list of screens.
#[derive(Debug)]
pub struct Loaded {
    /// Its entry in the list of screens.
    pub entry: Entry,
    /// The tabs' titles with the document's, "Document", last.
    pub titles: &'static [&'static str],
}

static LOADED: OnceLock<Loaded> = OnceLock::new();

/// The document's screen, if a document is loaded.
pub fn loaded() -> Option<&'static Loaded> {
    LOADED.get()
}

/// Reads `doc` and, if given, `style` ([`engine::load`]), and makes the document a screen; a stylesheet's skipped
/// declarations are returned as warnings.
pub fn load(doc: &Path, style: Option<&Path>) -> Result<Vec<Located>, Located> {
    let (_, warnings) = engine::load(doc, style)?;
    LOADED.get_or_init(|| {
        // The tab says the name `--screen` and the report use, so a person can type what they read; the page's
        // own title heads the page, and a reload that retitles it needs no new tab.
        let title: &'static str = "Document";
        let mut titles = super::TITLES.to_vec();
        titles.push(title);
        let entry = Entry {
            name: NAME,
            title,
            dashboard: false,
            styled: true,
            state: interface::fresh_state::<KitScreen<Document>>,
            build: interface::build::<KitScreen<Document>>,
        };
        Loaded { entry, titles: Box::leak(titles.into_boxed_slice()) }
    });
    Ok(warnings)
}

/// The document's page (see the module docs).
#[derive(Debug)]
pub struct Document;

impl Document {
    fn with_look<T>(f: impl FnOnce(&mut Look) -> T) -> Option<T> {
        engine::with_look(&*engine::current()?, f)
    }
}

impl PageSpec for Document {
    const NAME: &'static str = NAME;
    const TITLE: &'static str = "Document";

    fn build() -> KitPage {
        (*Document::first()).clone()
    }

    fn first() -> Arc<KitPage> {
        match engine::current() {
            Some(c) => c.built.page.clone(),
            None => Arc::new(KitPage::empty("Document", "")),
        }
    }

    fn react(page: &mut KitPage, id: WidgetId, message: &Message, _input: &mut Input<'_>) {
        let Some(l) = engine::current() else { return };
        act::react(&l.built, page, id, message);
    }

    fn version() -> u64 {
        engine::loaded().map_or(0, engine::Live::generation)
    }

    fn carry(first: &KitPage, old: &KitPage, new: &mut KitPage) -> Vec<WidgetId> {
        let follows = engine::current().map(|c| c.built.follows.clone()).unwrap_or_default();
        keep::carry(first, old, new, &follows)
    }

    fn report(_settings: &Settings, into: &mut Map<String, Value>) {
        let Some(l) = engine::loaded() else { return };
        let entry = json!({
            "file": l.file.display().to_string(),
            "error": l.error().map(|e| e.to_string()),
            "reloads": l.generation(),
            "reload_ms": l.reload_ms(),
        });
        into.insert(NAME.to_owned(), entry);
    }

    fn banner() -> Option<String> {
        Some(engine::loaded()?.error()?.to_string())
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
        engine::current().is_some_and(|c| c.transitioning(now))
    }
}
