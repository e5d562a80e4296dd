//! What a kit page holds: its title and line of introduction, its sections (each a group box of rows, each row a
//! label and the widgets it names) and its widgets, built with [`PageBuilder`].

use super::flex::{ItemFlex, RowFlex};
use crate::ui::router::WidgetId;
use crate::widgets::{Held, Reached, Refused, Widget};

/// One row: an optional label, and the widgets on it (indices into the page's widgets).
#[derive(Debug, Clone)]
pub struct Row {
    /// What the row's label says (a click on it focuses the first widget).
    pub label: Option<&'static str>,
    /// The widgets, in reading order.
    pub items: Vec<usize>,
    /// What the row states of its layout (a document's row may; the kit's defaults stand for the rest).
    pub flex: RowFlex,
}

/// A section: a group box with a title.
#[derive(Debug, Clone)]
pub struct Section {
    /// Its title.
    pub title: &'static str,
    /// Its rows, top to bottom.
    pub rows: Vec<Row>,
}

/// A page of widgets.
#[derive(Debug, Clone)]
pub struct KitPage {
    /// The page's title.
    pub title: &'static str,
    /// A line under it.
    pub intro: &'static str,
    /// Its sections, top to bottom.
    pub sections: Vec<Section>,
    /// Every widget, in tab order.
    pub widgets: Vec<Box<dyn Widget>>,
    /// What each widget states of its layout, by the widget's index: a document's widgets may; a page built in
    /// Rust states nothing, and a widget past the end states nothing either.
    pub flex: Vec<ItemFlex>,
}

impl KitPage {
    /// A page titled `title` with nothing on it.
    pub fn empty(title: &'static str, intro: &'static str) -> KitPage {
        KitPage { title, intro, sections: Vec::new(), widgets: Vec::new(), flex: Vec::new() }
    }

    /// The widget with `id`.
    pub fn get(&self, id: WidgetId) -> Option<&dyn Widget> {
        self.widgets.iter().find(|w| w.id() == id).map(|w| &**w)
    }

    /// The index of the widget with `id`.
    pub fn index(&self, id: WidgetId) -> Option<usize> {
        self.widgets.iter().position(|w| w.id() == id)
    }

    /// What the widget with `id` holds ([`Widget::value`]).
    pub fn value(&self, id: WidgetId) -> Option<Held> {
        self.get(id)?.value()
    }

    /// Sets what the widget with `id` holds, as far as it can ([`Widget::set_value`]); None when no widget has
    /// that id.
    pub fn set_value(&mut self, id: WidgetId, value: &Held) -> Option<Result<Reached, Refused>> {
        Some(self.widgets.iter_mut().find(|w| w.id() == id)?.set_value(value))
    }

    /// The widget with `id` as a `T`, for what is not a value (a menubar's last command, a button's label): a
    /// value is read and set through [`KitPage::value`] and [`KitPage::set_value`].
    pub fn widget<T: 'static>(&self, id: WidgetId) -> Option<&T> {
        self.widgets.iter().find(|w| w.id() == id)?.as_any().downcast_ref::<T>()
    }

    /// The widget with `id` as a `T`, to change.
    pub fn widget_mut<T: 'static>(&mut self, id: WidgetId) -> Option<&mut T> {
        self.widgets.iter_mut().find(|w| w.id() == id)?.as_any_mut().downcast_mut::<T>()
    }
}

/// Builds a [`KitPage`] section by section.
#[derive(Debug)]
pub struct PageBuilder {
    page: KitPage,
}

impl PageBuilder {
    /// A page titled `title`.
    pub fn new(title: &'static str, intro: &'static str) -> PageBuilder {
        PageBuilder { page: KitPage::empty(title, intro) }
    }

    /// Starts a section titled `title`.
    pub fn section(mut self, title: &'static str) -> PageBuilder {
        self.page.sections.push(Section { title, rows: Vec::new() });
        self
    }

    /// Adds a row to the last section: `label` beside `widgets`.
    pub fn row(mut self, label: Option<&'static str>, widgets: Vec<Box<dyn Widget>>) -> PageBuilder {
        let first = self.page.widgets.len();
        let items = (first..first + widgets.len()).collect();
        self.page.widgets.extend(widgets);
        if self.page.sections.is_empty() {
            self.page.sections.push(Section { title: "", rows: Vec::new() });
        }
        if let Some(section) = self.page.sections.last_mut() {
            section.rows.push(Row { label, items, flex: RowFlex::default() });
        }
        self
    }

    /// The page.
    pub fn build(self) -> KitPage {
        self.page
    }
}
