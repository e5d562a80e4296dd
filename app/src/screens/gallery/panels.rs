//! The panels page: containers and what they hold: cards (still and interactive), a split pane, an accordion, a
//! collapsible section, a carousel and skeleton placeholders (shimmering on the frame clock until switched off).
//! The sections themselves are the kit's group boxes.

use crate::geom::Color;
use crate::screens::interface::Input;
use crate::screens::kit::page::{KitPage, PageBuilder};
use crate::screens::kit::state::PageSpec;
use crate::ui::router::{Message, WidgetId};
use crate::widgets::card::Card;
use crate::widgets::carousel::Carousel;
use crate::widgets::disclosure::Disclosure;
use crate::widgets::skeleton::Skeleton;
use crate::widgets::split::Split;
use crate::widgets::toggle::Toggle;

/// The panels page's ids.
pub mod ids {
    use crate::ui::router::WidgetId;

    pub const STILL: WidgetId = "panels.card";
    pub const OPEN: WidgetId = "panels.open";
    pub const OPEN_TOO: WidgetId = "panels.open2";
    pub const SPLIT: WidgetId = "panels.split";
    pub const ACCORDION: WidgetId = "panels.accordion";
    pub const MORE: WidgetId = "panels.more";
    pub const CAROUSEL: WidgetId = "panels.carousel";
    pub const LOADING: WidgetId = "panels.loading";
    pub const SKELETON: WidgetId = "panels.skeleton";
}

const SECTIONS: &[(&str, &str)] = &[
    ("Layout", "Yoga lays every panel out; rows wrap in a narrow window."),
    ("Text", "HarfBuzz shapes each run; the glyph cache keeps its cells."),
    ("Raster", "Blend2D fills what changed, in bands of at most 1 MiB."),
];
const MORE: &[(&str, &str)] = &[("Show the details", "A collapsible section opens on its own, as often as you like.")];
const SLIDES: &[(&str, Color)] = &[
    ("Layout: Yoga", Color::rgb(0x3b, 0x6e, 0xd8)),
    ("Shaping: HarfBuzz", Color::rgb(0x1f, 0x9e, 0x89)),
    ("Raster: Blend2D", Color::rgb(0xc2, 0x6a, 0x2b)),
    ("Present: SDL2", Color::rgb(0x8a, 0x4f, 0xd0)),
];

/// The panels page.
#[derive(Debug)]
pub struct Panels;

impl PageSpec for Panels {
    const NAME: &'static str = "panels";
    const TITLE: &'static str = "Panels";

    fn build() -> KitPage {
        PageBuilder::new("Panels", "Containers: cards, a split pane, an accordion, a carousel, placeholders.")
            .section("Cards")
            .row(
                None,
                vec![
                    Box::new(Card::new(ids::STILL, "A card", "Still: it only shows.")),
                    Box::new(Card::interactive(ids::OPEN, "An interactive card", "Hover, click or press Space.")),
                    Box::new(Card::interactive(ids::OPEN_TOO, "Another one", "Each counts its own opens.")),
                ],
            )
            .section("Split pane")
            .row(None, vec![Box::new(Split::new(ids::SPLIT, ("Sources", "Preview")))])
            .section("Accordion and collapsible")
            .row(None, vec![Box::new(Disclosure::accordion(ids::ACCORDION, SECTIONS))])
            .row(None, vec![Box::new(Disclosure::collapsible(ids::MORE, MORE))])
            .section("Carousel")
            .row(None, vec![Box::new(Carousel::new(ids::CAROUSEL, SLIDES))])
            .section("Placeholders")
            .row(Some("Shimmer"), vec![Box::new(Toggle::new(ids::LOADING, "Shimmer", true))])
            .row(None, vec![Box::new(Skeleton::new(ids::SKELETON, 3))])
            .build()
    }

    fn react(page: &mut KitPage, id: WidgetId, _message: &Message, _input: &mut Input<'_>) {
        if id == ids::LOADING {
            let on = page.widget::<Toggle>(ids::LOADING).is_some_and(|t| t.on);
            if let Some(s) = page.widget_mut::<Skeleton>(ids::SKELETON) {
                s.running = on;
            }
        }
    }
}
