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
use crate::screens::paging::{self, Leaves, Paging, Sheet};
use crate::ui::input::{Key, Mods};
use crate::ui::router::{Cursor, Message, Region, WidgetId};
use crate::ui::settings::Settings;
use crate::widgets::{Access, Node, Role};

/// The cards' id; card `i` is part `i`.
pub const CARDS: WidgetId = "overview.cards";

/// The overview's state: where the grid is scrolled when the window is too short for its rows (a hovered card is
/// the router's), and it always moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct OverviewState {
    /// The grid's scroll.
    pub paging: Paging,
}

impl ScreenState for OverviewState {
    /// The grid's sheet and the offset drawn.
    type Laid = (Sheet, f32);

    fn key(&mut self, key: Key, mods: Mods, input: &mut Input<'_>) -> bool {
        // Nothing on the overview takes a key: with nothing focused, the page's keys scroll the grid.
        input.focus.is_none() && mods == Mods::NONE && self.paging.key(key, Leaves::ALL)
    }

    fn handle(&mut self, message: &Message, _input: &mut Input<'_>) -> bool {
        // A wheel anywhere over the grid scrolls it (no card is a scroll view).
        let ours = matches!(message, Message::Wheel { .. })
            || matches!(message.id(), paging::ids::PAGE | paging::ids::SCROLLBAR);
        ours && self.paging.message(message)
    }

    fn laid_out(&mut self, (sheet, offset): (Sheet, f32)) {
        self.paging.laid_out(sheet, offset);
    }

    fn animating(&self, _now: f64) -> bool {
        true
    }

    fn report(&self, _regions: &[Region], _settings: &Settings, into: &mut Map<String, Value>) {
        into.insert("overview.page".to_owned(), self.paging.report());
    }

    fn access(&self, regions: &[Region], _settings: &Settings, into: &mut Vec<Node>) {
        for (i, spec) in CARD_SPECS.iter().enumerate() {
            into.push(Node::part_in(CARDS, i as u8, Access::new(Role::Article, spec.title), regions));
        }
    }
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
    /// The offset the last frame drew the grid at (its regions move with it).
    drawn: Option<f32>,
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
        self.drawn = None;
    }

    /// What the cards paint opaquely inside the body: the background is cut around it (none while the grid
    /// scrolls, since the cards then move over it).
    fn covered(&self, scene: &LaidScene) -> Vec<Rect> {
        let layout = &scene.layout;
        if content_height(layout) > layout.grid.h + 0.5 {
            return Vec::new();
        }
        layout
            .cards
            .iter()
            .filter_map(|card| cards::covered(card, scene.styles.scale).intersection(layout.grid))
            .collect()
    }

    /// The cards' layers (recorded again after a new layout or in new colours), what moves on them at the frame's
    /// time, and the hovered card's lift over its layer, so a hover changes a few ops and no layer.
    fn record(&mut self, page: &mut Page<'_>, state: &OverviewState) -> Result<Recorded<(Sheet, f32)>, NativeError> {
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
        // A window too short for the rows scrolls the grid: the cards are recorded moved up by the offset (their
        // layers follow the translation) and the scrollbar stands in the grid's padding at its end edge.
        let grid = scene.layout.grid;
        let sheet = Sheet { viewport: grid, content_h: content_height(&scene.layout), mirrored: scene.layout.mirrored };
        let offset = paging::offset_to_draw(state.paging.offset, sheet.content_h, grid, None);
        let moved = self.drawn != Some(offset);
        self.drawn = Some(offset);
        let t = page.now();
        let (text, router, scale) = (page.text, page.router, scene.styles.scale);
        page.list.translate(0.0, -offset, |list| {
            for part in &layers.parts {
                part.record(list);
            }
            for (spec, card) in CARD_SPECS.iter().zip(&scene.layout.cards) {
                cards::animate(list, text, &scene.styles, spec, card, t, &colors);
            }
            let hovered = router.hovered().filter(|t| t.id == CARDS).map(|t| usize::from(t.part));
            if let Some((spec, card)) = hovered.and_then(|i| Some((CARD_SPECS.get(i)?, scene.layout.cards.get(i)?))) {
                cards::lift(list, card, colors.accent(spec.hue), scale);
            }
        });
        paging::draw_scrollbar(page.list, router, page.palette, sheet, offset);
        let regions = (page.fresh || moved).then(|| {
            let mut regions = vec![paging::page_region(grid)];
            regions.extend(card_regions(&scene.layout, offset));
            paging::scrollbar_regions(sheet, offset, &mut regions);
            regions
        });
        Ok(Recorded { regions, laid: Some((sheet, offset)) })
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

/// The cards' regions with the grid scrolled by `offset`: a card takes input only where it shows, inside the grid.
fn card_regions(layout: &SceneLayout, offset: f32) -> impl Iterator<Item = Region> + '_ {
    let card = move |(i, card): (usize, &CardLayout)| {
        let shown = Rect { y: card.card.y - offset, ..card.card };
        Some(Region::at(CARDS, i, shown.intersection(layout.grid)?, Cursor::Arrow))
    };
    layout.cards.iter().enumerate().filter_map(card)
}

/// How tall the grid's content is: its rows and its padding below the last (the grid's own height when they fit).
fn content_height(layout: &SceneLayout) -> f32 {
    let grid = layout.grid;
    let bottom = layout.cards.iter().map(|c| c.card.bottom()).fold(grid.y, f32::max);
    let padding = layout.cards.first().map_or(0.0, |c| (c.card.y - grid.y).max(0.0));
    (bottom + padding - grid.y).max(grid.h)
}

#[cfg(test)]
mod tests;
