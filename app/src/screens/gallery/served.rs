//! A gallery page served from a document built into the binary (record 23): its KDL and its stylesheet are
//! `include_str!`ed from `assets/docs/gallery/`, so the binary shows it from any directory, and read once, the
//! first time a session asks for the page. Its widgets answer each other through the document's bindings and
//! actions ([`act::react`]), and its colours come from its stylesheet over the theme's, as a `--doc` screen's do
//! (a stylesheet with no rules is no look at all); its ids start with the screen's name (`values.volume`), so
//! scripts, reports and the tour know them as before.

use std::fmt::Debug;
use std::marker::PhantomData;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use crate::document::look::Look;
use crate::document::page::KitPage;
use crate::document::{Current, act, read, sheet_layout, with_look};
use crate::located::Located;
use crate::scene::draw::widgets::State;
use crate::screens::interface::Input;
use crate::screens::kit::state::PageSpec;
use crate::style::Stylesheet;
use crate::ui::router::{Message, WidgetId};
use crate::ui::theme::Palette;
use crate::widgets::Widget;

/// A page's document and stylesheet, as built into the binary.
pub trait Embedded: Debug + Send + Sync + 'static {
    /// The name `--screen` takes, the report prints and every id starts with.
    const NAME: &'static str;
    /// The tab's label.
    const TITLE: &'static str;
    /// Where the document lies under the repository, for its errors.
    const FILE: &'static str;
    /// The document.
    const KDL: &'static str;
    /// Where the stylesheet lies.
    const CSS_FILE: &'static str;
    /// The stylesheet.
    const CSS: &'static str;

    /// Where the page is kept once read (one per page).
    fn cell() -> &'static OnceLock<Result<Current, Located>>;
}

/// The page of `E` (see the module docs).
#[derive(Debug)]
pub struct Served<E>(PhantomData<fn() -> E>);

/// Reads `E`'s document and stylesheet: the page, its bindings and its looks. A declaration the stylesheet skips
/// is said on stderr, as for `--style`.
pub fn open<E: Embedded>() -> Result<Current, Located> {
    let mut built = read::read_as(Path::new(E::FILE), E::KDL, E::NAME)?;
    let (sheet, skipped) = Stylesheet::parse(Path::new(E::CSS_FILE), E::CSS);
    for warning in skipped {
        warning.say();
    }
    // A stylesheet without rules changes no colour: the page then draws with the theme's palettes as they are,
    // and its frames cost what a Rust page's did, not a palette look-up a widget.
    let look = (!sheet.rules.is_empty()).then(|| {
        let mut look = Look::new(sheet, &built);
        sheet_layout::by_sheet(&mut built, &mut look);
        Mutex::new(look)
    });
    Ok(Current { built, look })
}

impl<E: Embedded> Served<E> {
    /// The page as read, or why it could not be (a document of ours that does not read is a bug a test catches;
    /// the page then shows the error as its banner rather than stopping the program).
    fn current() -> Result<&'static Current, &'static Located> {
        E::cell().get_or_init(open::<E>).as_ref()
    }
}

impl<E: Embedded> PageSpec for Served<E> {
    const NAME: &'static str = E::NAME;
    const TITLE: &'static str = E::TITLE;

    fn build() -> KitPage {
        (*Self::first()).clone()
    }

    fn first() -> Arc<KitPage> {
        match Self::current() {
            Ok(c) => c.built.page.clone(),
            Err(_) => Arc::new(KitPage::empty(E::TITLE, "")),
        }
    }

    fn react(page: &mut KitPage, id: WidgetId, message: &Message, _input: &mut Input<'_>) {
        if let Ok(c) = Self::current() {
            act::react(&c.built, page, id, message);
        }
    }

    fn banner() -> Option<String> {
        Self::current().err().map(ToString::to_string)
    }

    fn palette(theme: &Palette) -> Option<Palette> {
        with_look(Self::current().ok()?, |look| look.page(theme))
    }

    fn section_palette(section: usize, page: &Palette) -> Option<Palette> {
        with_look(Self::current().ok()?, |look| look.section(section, page))
    }

    fn widget_palette(index: usize, widget: &dyn Widget, state: State, page: &Palette, now: f64) -> Option<Palette> {
        with_look(Self::current().ok()?, |look| look.widget(index, widget, state, page, now))
    }

    fn transitioning(now: f64) -> bool {
        Self::current().is_ok_and(|c| c.transitioning(now))
    }
}

/// Declares a gallery page served from `assets/docs/gallery/FILE.kdl` and `FILE.css`.
macro_rules! served {
    ($(#[$doc:meta])* $page:ident, $source:ident, $name:literal, $title:literal) => {
        $(#[$doc])*
        pub type $page = $crate::screens::gallery::served::Served<$source>;

        /// The page's document and stylesheet, built in.
        #[derive(Debug)]
        pub struct $source;

        impl $crate::screens::gallery::served::Embedded for $source {
            const NAME: &'static str = $name;
            const TITLE: &'static str = $title;
            const FILE: &'static str = concat!("assets/docs/gallery/", $name, ".kdl");
            const KDL: &'static str = include_str!(concat!("../../../../assets/docs/gallery/", $name, ".kdl"));
            const CSS_FILE: &'static str = concat!("assets/docs/gallery/", $name, ".css");
            const CSS: &'static str = include_str!(concat!("../../../../assets/docs/gallery/", $name, ".css"));

            fn cell() -> &'static std::sync::OnceLock<Result<$crate::document::Current, $crate::located::Located>> {
                static CELL: std::sync::OnceLock<Result<$crate::document::Current, $crate::located::Located>> =
                    std::sync::OnceLock::new();
                &CELL
            }
        }
    };
}

pub(crate) use served;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::gallery::{forms, panels, values};

    /// `E`'s document reads, its stylesheet skips nothing, and every id starts with the screen's name.
    fn reads<E: Embedded>() {
        let current = open::<E>().unwrap_or_else(|e| panic!("{e}"));
        let (_, skipped) = Stylesheet::parse(Path::new(E::CSS_FILE), E::CSS);
        assert!(skipped.is_empty(), "{skipped:?}");
        let prefix = format!("{}.", E::NAME);
        assert!(current.built.page.widgets.iter().all(|w| w.id().starts_with(&prefix)));
    }

    /// The Values document under a stylesheet with one rule.
    #[derive(Debug)]
    struct Restyled;

    impl Embedded for Restyled {
        const NAME: &'static str = "values";
        const TITLE: &'static str = "Values";
        const FILE: &'static str = values::ValuesDocument::FILE;
        const KDL: &'static str = values::ValuesDocument::KDL;
        const CSS_FILE: &'static str = "restyled.css";
        const CSS: &'static str = "#volume { background: #102030 }";

        fn cell() -> &'static OnceLock<Result<Current, Located>> {
            static CELL: OnceLock<Result<Current, Located>> = OnceLock::new();
            &CELL
        }
    }

    #[test]
    fn a_rule_in_a_pages_stylesheet_colours_what_it_names_and_no_rule_leaves_the_theme() {
        use crate::geom::Color;
        use crate::ui::theme::ThemeName;
        let theme = Palette::of(ThemeName::Dark);
        let page = Served::<Restyled>::palette(&theme).unwrap_or_else(|| panic!("a stylesheet with a rule looks"));
        let built = Served::<Restyled>::build();
        let rest = State::default();
        let volume = Served::<Restyled>::widget_palette(0, &*built.widgets[0], rest, &page, 0.0);
        assert_eq!(volume.map(|p| p.surface), Some(Color::rgb(0x10, 0x20, 0x30)));
        let stepped = Served::<Restyled>::widget_palette(1, &*built.widgets[1], rest, &page, 0.0);
        assert_eq!(stepped.map(|p| p.surface), Some(theme.surface), "a widget the rule does not name");
        assert!(values::Values::palette(&theme).is_none(), "values.css has no rule yet: the theme draws the page");
    }

    #[test]
    fn the_built_in_documents_read_and_their_stylesheets_skip_nothing() {
        reads::<values::ValuesDocument>();
        reads::<forms::FormsDocument>();
        reads::<panels::PanelsDocument>();
    }
}
