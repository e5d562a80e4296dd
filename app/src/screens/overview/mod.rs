//! The overview: the dashboard of twelve cards. Each card has a header with an icon, a title and an animated
//! counter; a visual (a line chart, a bar chart, a progress ring with figures, a wrapping row of chips, gradient
//! swatches); wrapped text in Inter (prose) or JetBrains Mono (code); and a monospaced footer. Everything on it
//! animates on the frame clock: the charts scroll and breathe, the rings fill, the counters tick.
//!
//! The cards' boxes come from the overview's own layout ([`layout`]: a grid laid out in the body, each card a
//! tree of its own, record 10), made in [`Screen::lay_out`]. Each card's still content is a retained layer
//! ([`cards::still`]), recorded again only when the layout or the colours change; a frame records the layers and
//! what moves ([`cards::animate`]), and the hovered card's lift.

pub mod cards;
pub mod charts;
pub mod layout;
pub mod model;
pub mod ring;

use goldberry_natives::{Goldberry, NativeError};
use serde_json::{Map, Value};

use self::cards::CardPen;
use self::layout::{CardLayout, GridLayout, GridTree};
use self::model::CARDS as CARD_SPECS;
use crate::fonts::FontBook;
use crate::geom::Rect;
use crate::scene::colors::CardColors;
use crate::scene::layers::{LayerSpec, Part, card_layer, layer, layout_words};
use crate::scene::layout::{LaidBox, LayoutError, snap};
use crate::scene::shaping::Timed;
use crate::scene::styles::Styles;
use crate::screens::interface::{Input, Page, Recorded, Room, Screen, ScreenState};
use crate::screens::paging::{self, Leaves, Paging, Sheet};
use crate::ui::input::{Key, Mods};
use crate::ui::router::{Cursor, Message, Region, WidgetId};
use crate::ui::settings::{Density, Settings};
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

/// The cards' layers, for one layout of the grid, in the colours they were recorded in, with or without their
/// shadows.
#[derive(Debug)]
struct CardLayers {
    generation: u64,
    colors: CardColors,
    shadows: bool,
    parts: Vec<Part>,
}

/// What a layout of the grid was made for: the body (its box and unrounded size), the direction and the density.
type GridKey = ([u32; 6], bool, Density);

/// The grid laid out at one size: the boxes, and the layout's number (what is recorded from one layout is kept
/// until the next).
#[derive(Debug)]
struct LaidGrid {
    key: GridKey,
    generation: u64,
    layout: GridLayout,
}

/// The overview (see the module docs).
#[derive(Debug)]
pub struct Overview {
    tree: GridTree,
    /// The fonts of each part of a card.
    styles: Styles,
    laid: Option<LaidGrid>,
    /// The layouts made so far.
    layouts: u64,
    layers: Option<CardLayers>,
    /// The offset the last frame drew the grid at (its regions move with it).
    drawn: Option<f32>,
}

impl Overview {
    /// The grid's boxes at the last layout, if the overview was laid out.
    pub fn layout(&self) -> Option<&GridLayout> {
        self.laid.as_ref().map(|laid| &laid.layout)
    }
}

impl Screen for Overview {
    type State = OverviewState;

    const NAME: &'static str = "overview";
    const TITLE: &'static str = "Overview";
    const DASHBOARD: bool = true;

    /// Builds the grid's trees, which shapes every text they measure, then shapes the figures and labels the
    /// cards draw, so that the first frame finds its runs in the cache.
    fn new(g: &'static Goldberry, fonts: &FontBook) -> Result<Overview, NativeError> {
        let styles = Styles::new(fonts, 1.0);
        let text = Timed::new(fonts);
        // Lengths are in display-list pixels; raster applies the frame's scale, so the grid itself is at 1.
        let tree = GridTree::build(g, &text, &styles, 1.0)?;
        for font in [styles.badge, styles.ring] {
            text.figure(font, "0123456789 .%-x frameMiBsgly/bandcrdpstoev");
        }
        for label in ["ms", "max", "-60 s", "now", "16.7", "linear", "linear, 3 stops", "radial"] {
            text.shape(styles.label, label);
        }
        Ok(Overview { tree, styles, laid: None, layouts: 0, layers: None, drawn: None })
    }

    fn forget(&mut self) {
        self.laid = None;
        self.layers = None;
        self.drawn = None;
    }

    fn set_threads(&mut self, threads: usize) {
        self.tree.set_threads(threads);
    }

    /// What the cards paint opaquely inside the body: the background is cut around it (none while the grid
    /// scrolls, since the cards then move over it).
    fn covered(&self) -> Vec<Rect> {
        let Some(layout) = self.layout() else { return Vec::new() };
        if content_height(layout) > layout.grid.h + 0.5 {
            return Vec::new();
        }
        let scale = self.styles.scale;
        layout.cards.iter().filter_map(|card| cards::covered(card, scale).intersection(layout.grid)).collect()
    }

    /// The status bar's first item: the cards and the rows the grid has at this size.
    fn status(&self) -> Option<String> {
        let mut tops: Vec<u32> = self.layout()?.cards.iter().map(|c| c.card.y.to_bits()).collect();
        tops.dedup();
        Some(crate::scene::texts::status_first_item(None, 0, tops.len()))
    }

    /// Lays the grid out in the body when the body, the direction or the density is new.
    fn lay_out(&mut self, room: &Room<'_>, _state: &OverviewState) -> Result<(), LayoutError> {
        let (body, (w, h)) = (room.body, room.scene.layout.body_size);
        let key = ([body.x, body.y, body.w, body.h, w, h].map(f32::to_bits), room.mirrored(), room.settings.density);
        if self.laid.as_ref().is_some_and(|laid| laid.key == key) {
            return Ok(());
        }
        self.laid = None;
        self.tree.set_density(room.settings.density);
        let layout = self.tree.lay_out(body, (w, h), room.direction)?;
        self.layouts += 1;
        self.laid = Some(LaidGrid { key, generation: self.layouts, layout });
        Ok(())
    }

    fn outline(&self, body: Rect, into: &mut Vec<LaidBox>) {
        if self.laid.is_some() {
            self.tree.outline(body, into);
        }
    }

    /// The cards' layers (recorded again after a new layout or in new colours), what moves on them at the frame's
    /// time, and the hovered card's lift over its layer, so a hover changes a few ops and no layer.
    fn record(&mut self, page: &mut Page<'_>, state: &OverviewState) -> Result<Recorded<(Sheet, f32)>, NativeError> {
        let scene = page.scene;
        let Some(laid) = self.laid.as_ref() else { return Ok(Recorded::default()) };
        let (layout, styles) = (&laid.layout, &self.styles);
        let colors = CardColors::following(&page.palette);
        let shadows = page.settings.shadows;
        let layers = match self.layers.take() {
            // Kept across screen switches (not only frames): recording twelve cards again would be the same ops,
            // and long-lived allocations made at every switch fragment the heap (record 15).
            Some(layers)
                if layers.generation == laid.generation && layers.colors == colors && layers.shadows == shadows =>
            {
                self.layers.insert(layers)
            }
            _ => {
                let pen = CardPen {
                    text: page.text,
                    styles,
                    icons: &scene.icons,
                    colors: &colors,
                    mirrored: layout.mirrored,
                    shadows,
                };
                let parts = card_layers(&pen, layout, scene.scale);
                self.layers.insert(CardLayers { generation: laid.generation, colors, shadows, parts })
            }
        };
        // A window too short for the rows scrolls the grid: the cards are recorded moved up by the offset (their
        // layers follow the translation) and the scrollbar stands in the grid's padding at its end edge.
        let grid = layout.grid;
        let sheet = Sheet { viewport: grid, content_h: content_height(layout), mirrored: layout.mirrored };
        let offset = paging::offset_to_draw(state.paging.offset, sheet.content_h, grid, None);
        let moved = self.drawn != Some(offset);
        self.drawn = Some(offset);
        let t = page.now();
        let (text, router, scale) = (page.text, page.router, styles.scale);
        page.list.translate(0.0, -offset, |list| {
            for part in &layers.parts {
                part.record(list);
            }
            for (spec, card) in CARD_SPECS.iter().zip(&layout.cards) {
                cards::animate(list, text, styles, spec, card, t, &colors);
            }
            let hovered = router.hovered().filter(|t| t.id == CARDS).map(|t| usize::from(t.part));
            if let Some((spec, card)) = hovered.and_then(|i| Some((CARD_SPECS.get(i)?, layout.cards.get(i)?))) {
                cards::lift(list, card, colors.accent(spec.hue), scale);
            }
        });
        paging::draw_scrollbar(page.list, router, page.palette, sheet, offset);
        let regions = (page.fresh || moved).then(|| {
            let mut regions = vec![paging::page_region(grid)];
            regions.extend(card_regions(layout, offset));
            paging::scrollbar_regions(sheet, offset, &mut regions);
            regions
        });
        Ok(Recorded { regions, laid: Some((sheet, offset)) })
    }
}

/// The cards' layers, in `pen`'s colours.
fn card_layers(pen: &CardPen<'_>, layout: &GridLayout, scale: f32) -> Vec<Part> {
    let reach = (cards::SHADOW_REACH * pen.styles.scale).ceil();
    let mut words = layout_words(&pen.colors.words(), layout.mirrored);
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
fn card_regions(layout: &GridLayout, offset: f32) -> impl Iterator<Item = Region> + '_ {
    let card = move |(i, card): (usize, &CardLayout)| {
        let shown = Rect { y: card.card.y - offset, ..card.card };
        Some(Region::at(CARDS, i, shown.intersection(layout.grid)?, Cursor::Arrow))
    };
    layout.cards.iter().enumerate().filter_map(card)
}

/// How tall the grid's content is: its rows and its padding below the last (the grid's own height when they fit).
fn content_height(layout: &GridLayout) -> f32 {
    let grid = layout.grid;
    let bottom = layout.cards.iter().map(|c| c.card.bottom()).fold(grid.y, f32::max);
    let padding = layout.cards.first().map_or(0.0, |c| (c.card.y - grid.y).max(0.0));
    (bottom + padding - grid.y).max(grid.h)
}

#[cfg(test)]
mod tests;
