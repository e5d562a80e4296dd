//! The overview: the dashboard of twelve cards. Each card has a header with an icon, a title and an animated
//! counter; a visual (a line chart, a bar chart, a progress ring with figures, a wrapping row of chips, gradient
//! swatches); wrapped text in Inter (prose) or JetBrains Mono (code); and a monospaced footer. Everything on it
//! animates on the frame clock: the charts scroll and breathe, the rings fill, the counters tick.
//!
//! The cards' boxes come from the frame's layout (their slots stand in its grid, `crate::scene::layout`). Each
//! card's still content is a retained layer ([`cards::still`]), recorded again only when the layout or the colours
//! change; a frame records the layers and what moves ([`cards::animate`]), and the hovered card's lift.

pub mod cards;
pub mod charts;
pub mod ring;

use goldberry_natives::{Goldberry, NativeError};
use serde_json::{Map, Value};

use self::cards::CardPen;
use crate::fonts::FontBook;
use crate::geom::Rect;
use crate::scene::LaidScene;
use crate::scene::colors::CardColors;
use crate::scene::layers::{LayerSpec, Part, card_layer, layer, layout_words};
use crate::scene::layout::{CardLayout, SceneLayout, snap};
use crate::scene::model::CARDS as CARD_SPECS;
use crate::screens::interface::{Input, Page, Recorded, Screen, ScreenState};
use crate::ui::router::{Cursor, Message, Region, WidgetId};
use crate::ui::settings::Settings;

/// The cards' id; card `i` is part `i`.
pub const CARDS: WidgetId = "overview.cards";

/// The overview's state: nothing a person sets (a hovered card is the router's), and it always moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct OverviewState;

impl ScreenState for OverviewState {
    type Laid = ();

    fn handle(&mut self, _message: &Message, _input: &mut Input<'_>) -> bool {
        false
    }

    fn animating(&self, _now: f64) -> bool {
        true
    }

    fn report(&self, _regions: &[Region], _settings: &Settings, _into: &mut Map<String, Value>) {}
}

/// The cards' layers, for one layout of the frame, in the colours they were recorded in, with or without their
/// shadows.
#[derive(Debug)]
struct CardLayers {
    generation: u64,
    colors: CardColors,
    shadows: bool,
    parts: Vec<Part>,
}

/// The overview (see the module docs).
#[derive(Debug, Default)]
pub struct Overview {
    layers: Option<CardLayers>,
}

impl Screen for Overview {
    type State = OverviewState;

    const NAME: &'static str = "overview";
    const TITLE: &'static str = "Overview";
    const DASHBOARD: bool = true;

    fn new(_g: &'static Goldberry, _fonts: &FontBook) -> Result<Overview, NativeError> {
        Ok(Overview::default())
    }

    fn forget(&mut self) {
        self.layers = None;
    }

    /// What the cards paint opaquely inside the body: the background is cut around it.
    fn covered(&self, scene: &LaidScene) -> Vec<Rect> {
        let layout = &scene.layout;
        layout
            .cards
            .iter()
            .filter_map(|card| cards::covered(card, scene.styles.scale).intersection(layout.grid))
            .collect()
    }

    /// The cards' layers (recorded again after a new layout or in new colours), what moves on them at the frame's
    /// time, and the hovered card's lift over its layer, so a hover changes a few ops and no layer.
    fn record(&mut self, page: &mut Page<'_>, _state: &OverviewState) -> Result<Recorded<()>, NativeError> {
        let scene = page.scene;
        let colors = CardColors::following(&page.palette);
        let shadows = page.settings.shadows;
        let layers = match self.layers.take() {
            // Kept across screen switches (not only frames): recording twelve cards again would be the same ops,
            // and long-lived allocations made at every switch fragment the heap (record 15).
            Some(layers)
                if layers.generation == scene.generation && layers.colors == colors && layers.shadows == shadows =>
            {
                self.layers.insert(layers)
            }
            _ => {
                let pen = CardPen {
                    text: page.text,
                    styles: &scene.styles,
                    icons: &scene.icons,
                    colors: &colors,
                    mirrored: scene.layout.mirrored,
                    shadows,
                };
                let parts = card_layers(&pen, &scene.layout, scene.scale);
                self.layers.insert(CardLayers { generation: scene.generation, colors, shadows, parts })
            }
        };
        for part in &layers.parts {
            part.record(page.list);
        }
        let t = page.now();
        for (spec, card) in CARD_SPECS.iter().zip(&scene.layout.cards) {
            cards::animate(page.list, page.text, &scene.styles, spec, card, t, &colors);
        }
        let hovered = page.router.hovered().filter(|t| t.id == CARDS).map(|t| usize::from(t.part));
        if let Some((spec, card)) = hovered.and_then(|i| Some((CARD_SPECS.get(i)?, scene.layout.cards.get(i)?))) {
            cards::lift(page.list, card, colors.accent(spec.hue), scene.styles.scale);
        }
        Ok(Recorded { regions: page.fresh.then(|| regions(&scene.layout)), laid: None })
    }
}

/// The cards' layers, in `pen`'s colours.
fn card_layers(pen: &CardPen<'_>, layout: &SceneLayout, scale: f32) -> Vec<Part> {
    let reach = (cards::SHADOW_REACH * pen.styles.scale).ceil();
    let mut words = layout_words(&pen.colors.words(), layout);
    words.push(u64::from(pen.shadows));
    CARD_SPECS
        .iter()
        .zip(&layout.cards)
        .enumerate()
        .map(|(i, (spec, card))| {
            let mut content = crate::display_list::DisplayList::new();
            cards::still(&mut content, pen, i, spec, card);
            let c = snap(card.card);
            let rect = Rect::new(c.x - reach, c.y - reach, c.w + 2.0 * reach, c.h + 2.0 * reach);
            layer(LayerSpec { key: card_layer(i), rect, scale, depends: &[], extra: &words }, content)
        })
        .collect()
}

/// The cards' regions: a card takes input only where it shows, inside the grid.
fn regions(layout: &SceneLayout) -> Vec<Region> {
    let card = |(i, card): (usize, &CardLayout)| {
        Some(Region::at(CARDS, i, card.card.intersection(layout.grid)?, Cursor::Arrow))
    };
    layout.cards.iter().enumerate().filter_map(card).collect()
}

#[cfg(test)]
mod tests;
