//! What a widget measures with ([`Measure`]) and draws with ([`Pen`]): the fonts, the colours, the density, the
//! router's hover, press and focus, and the scene's pens (`crate::scene::draw::widgets`).

use goldberry_natives::yoga::Align;

pub use crate::ui::settings::Density;

use crate::display_list::DisplayList;
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId, Rect};
use crate::scene::draw::widgets::{self as looks, Ink, State};
use crate::ui::router::{Router, WidgetId};
use crate::ui::theme::Palette;

/// The kit's fonts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KitFonts {
    /// Labels and values.
    pub label: FontId,
    /// Hints, captions, badges.
    pub small: FontId,
    /// Figures.
    pub mono: FontId,
    /// A statistic's figure, a section's title.
    pub big: FontId,
    /// A page's title.
    pub title: FontId,
}

impl KitFonts {
    /// The kit's fonts in `fonts`.
    pub fn new(fonts: &FontBook) -> KitFonts {
        KitFonts {
            label: fonts.id(Face::Sans, 13.0),
            small: fonts.id(Face::Sans, 11.0),
            mono: fonts.id(Face::Mono, 12.0),
            big: fonts.id(Face::SansBold, 22.0),
            title: fonts.id(Face::SansBold, 18.0),
        }
    }
}

/// What a widget measures its size with.
pub struct Measure<'a> {
    /// The font book.
    pub fonts: &'a FontBook,
    /// The kit's fonts.
    pub f: KitFonts,
    /// How tight controls sit.
    pub density: Density,
}

impl Measure<'_> {
    /// The width of `text` in the label font, px.
    pub fn label_w(&self, text: &str) -> f32 {
        self.fonts.width_px(self.f.label, text)
    }

    /// A control's height.
    pub fn control(&self) -> f32 {
        self.density.control()
    }
}

/// What a widget draws with (see the module docs).
pub struct Pen<'a> {
    /// Where it draws.
    pub list: &'a mut DisplayList,
    /// The font book.
    pub fonts: &'a FontBook,
    /// The kit's fonts.
    pub f: KitFonts,
    /// The colours at this frame.
    pub palette: Palette,
    /// Hover, press and focus.
    pub router: &'a Router,
    /// Laid out right to left.
    pub mirrored: bool,
    /// How tight controls sit.
    pub density: Density,
    /// The frame time, s.
    pub now: f64,
}

impl Pen<'_> {
    /// How widget `id` looks (hover, press, focus).
    pub fn look(&self, id: WidgetId) -> State {
        State::of(self.router, id)
    }

    /// How part `part` of `id` looks.
    pub fn look_part(&self, id: WidgetId, part: u8) -> State {
        State::of_part(self.router, id, part)
    }

    /// The list to draw into, and the ink labels are written with (for the scene's pens, which take both).
    pub fn inked(&mut self) -> (&mut DisplayList, Ink<'_>) {
        let ink = Ink { fonts: self.fonts, font: self.f.label, palette: &self.palette, mirrored: self.mirrored };
        (&mut *self.list, ink)
    }

    /// One line of `text` in `rect` in `font`, at its start, centre or end (start and end follow the direction).
    pub fn text_in(&mut self, font: FontId, rect: Rect, text: &str, color: Color, align: Align) {
        let align = match (align, self.mirrored) {
            (Align::FlexStart, true) => Align::FlexEnd,
            (Align::FlexEnd, true) => Align::FlexStart,
            (align, _) => align,
        };
        looks::text(self.list, self.fonts, font, rect, text, color, align);
    }

    /// A label in the label font at the start of `rect`.
    pub fn label(&mut self, rect: Rect, text: &str, color: Color) {
        self.text_in(self.f.label, rect, text, color, Align::FlexStart);
    }

    /// The keyboard focus ring around `rect` when `id` has the focus.
    pub fn ring_if_focused(&mut self, id: WidgetId, rect: Rect, radius: f32) {
        if self.router.focus() == Some(id) {
            looks::focus_ring(self.list, rect, radius, &self.palette);
        }
    }

    /// A panel: a rounded surface with a hairline border.
    pub fn panel(&mut self, rect: Rect, radius: f32) {
        self.list.fill_round_rect(rect, radius, self.palette.surface);
        looks::stroke_round(self.list, rect, radius, 1.0, self.palette.border);
    }

    /// `rect` flipped about `within`'s centre when the UI runs right to left.
    pub fn flip(&self, rect: Rect, within: Rect) -> Rect {
        flip(rect, within, self.mirrored)
    }
}

/// `rect` flipped about `within`'s vertical centre line when `mirrored`.
pub fn flip(rect: Rect, within: Rect, mirrored: bool) -> Rect {
    if mirrored { Rect { x: within.x + within.right() - rect.right(), ..rect } } else { rect }
}
