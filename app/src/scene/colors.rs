//! The scene's colours in the dark and light themes, and between them while a theme change fades: the chrome's
//! (background, title bar, tabs, status bar) and the cards'. The dark colours are the design's own ([`palette`]).

use crate::geom::Color;
use crate::scene::palette::{self, Hue};
use crate::ui::theme::{Palette, ThemeName, mix};

/// The chrome's colours at one moment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChromeColors {
    /// The background's top-left corner.
    pub bg_top: Color,
    /// The background's bottom-right corner.
    pub bg_bottom: Color,
    /// The glow at the top right.
    pub glow_high: Color,
    /// The glow at the bottom left.
    pub glow_low: Color,
    /// The title bar's left end.
    pub bar_left: Color,
    /// The title bar's right end.
    pub bar_right: Color,
    /// The bars' edges.
    pub edge: Color,
    /// The status bar's translucent strip.
    pub status_fill: Color,
    /// The title, and a selected or hovered tab's label.
    pub title: Color,
    /// A tab's label.
    pub text: Color,
    /// The subtitle and the status bar's items.
    pub muted: Color,
    /// The status line and the status bar's first item.
    pub accent: Color,
    /// The logo.
    pub logo: Color,
    /// The selected tab's pill.
    pub tab_selected: Color,
    /// The selected tab's outline.
    pub tab_selected_edge: Color,
    /// A hovered tab's pill.
    pub tab_hovered: Color,
}

impl ChromeColors {
    /// The design's colours: the overview as it has always looked.
    pub const DARK: ChromeColors = ChromeColors {
        bg_top: palette::BG_TOP,
        bg_bottom: palette::BG_BOTTOM,
        glow_high: palette::VIOLET.with_alpha(0x30),
        glow_low: palette::TEAL.with_alpha(0x24),
        bar_left: palette::BAR_LEFT,
        bar_right: palette::BAR_RIGHT,
        edge: palette::CARD_EDGE,
        status_fill: palette::PANEL.with_alpha(0xc0),
        title: palette::TITLE,
        text: palette::TEXT,
        muted: palette::MUTED,
        accent: palette::TEAL,
        logo: palette::AMBER,
        tab_selected: palette::TEAL.with_alpha(0x2c),
        tab_selected_edge: palette::TEAL.with_alpha(0x90),
        tab_hovered: Color(0x1cff_ffff),
    };

    /// Light surfaces and dark text, with the light palette's accent.
    pub const LIGHT: ChromeColors = ChromeColors {
        bg_top: Color::rgb(0xf4, 0xf5, 0xfa),
        bg_bottom: Color::rgb(0xe7, 0xe4, 0xf3),
        glow_high: palette::VIOLET.with_alpha(0x1c),
        glow_low: palette::TEAL.with_alpha(0x18),
        bar_left: Color::rgb(0xe2, 0xe6, 0xf0),
        bar_right: Color::rgb(0xea, 0xe3, 0xf5),
        edge: Color::rgb(0xc4, 0xca, 0xd8),
        status_fill: Color::rgb(0xff, 0xff, 0xff).with_alpha(0xc0),
        title: Color::rgb(0x1a, 0x1f, 0x2e),
        text: Color::rgb(0x2e, 0x35, 0x48),
        muted: Color::rgb(0x6b, 0x73, 0x88),
        accent: Color::rgb(0x0f, 0x8f, 0x7e),
        logo: Color::rgb(0xd9, 0x8c, 0x12),
        tab_selected: Color::rgb(0x0f, 0x8f, 0x7e).with_alpha(0x24),
        tab_selected_edge: Color::rgb(0x0f, 0x8f, 0x7e).with_alpha(0x90),
        tab_hovered: Color(0x1400_0000),
    };

    /// The colours of `theme`.
    pub const fn of(theme: ThemeName) -> ChromeColors {
        match theme {
            ThemeName::Dark => ChromeColors::DARK,
            ThemeName::Light => ChromeColors::LIGHT,
        }
    }

    /// The chrome's colours for the screens' `palette`: where it lies between the dark and the light palette (read
    /// from its background, the colour that changes most) places the chrome between its dark and light colours, so
    /// the chrome fades with the screens without a clock of its own.
    pub fn following(p: &Palette) -> ChromeColors {
        match light_share(p) {
            t if t <= 0.0 => ChromeColors::DARK,
            t if t >= 1.0 => ChromeColors::LIGHT,
            t => ChromeColors::DARK.mix(&ChromeColors::LIGHT, t),
        }
    }

    /// Every colour blended towards `other` by `t`.
    fn mix(&self, other: &ChromeColors, t: f32) -> ChromeColors {
        let m = |a: Color, b: Color| mix(a, b, t);
        ChromeColors {
            bg_top: m(self.bg_top, other.bg_top),
            bg_bottom: m(self.bg_bottom, other.bg_bottom),
            glow_high: m(self.glow_high, other.glow_high),
            glow_low: m(self.glow_low, other.glow_low),
            bar_left: m(self.bar_left, other.bar_left),
            bar_right: m(self.bar_right, other.bar_right),
            edge: m(self.edge, other.edge),
            status_fill: m(self.status_fill, other.status_fill),
            title: m(self.title, other.title),
            text: m(self.text, other.text),
            muted: m(self.muted, other.muted),
            accent: m(self.accent, other.accent),
            logo: m(self.logo, other.logo),
            tab_selected: m(self.tab_selected, other.tab_selected),
            tab_selected_edge: m(self.tab_selected_edge, other.tab_selected_edge),
            tab_hovered: m(self.tab_hovered, other.tab_hovered),
        }
    }

    /// Every colour, for a layer's version.
    pub fn words(&self) -> [u64; 16] {
        [
            self.bg_top,
            self.bg_bottom,
            self.glow_high,
            self.glow_low,
            self.bar_left,
            self.bar_right,
            self.edge,
            self.status_fill,
            self.title,
            self.text,
            self.muted,
            self.accent,
            self.logo,
            self.tab_selected,
            self.tab_selected_edge,
            self.tab_hovered,
        ]
        .map(|c| u64::from(c.0))
    }
}

/// Where the screens' palette `p` lies between the dark palette (0) and the light one (1), read from its background,
/// the colour that changes most.
fn light_share(p: &Palette) -> f32 {
    let (dark, light) = (Palette::of(ThemeName::Dark), Palette::of(ThemeName::Light));
    progress(p.background, dark.background, light.background)
}

/// The cards' colours at one moment: their surfaces, their text and the six accent hues.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardColors {
    /// A card's fill.
    pub card: Color,
    /// A card's outline.
    pub edge: Color,
    /// A card's shadow at its outline (the shadow fades out from this alpha).
    pub shadow: Color,
    /// Panels inside a card (chart boxes, code).
    pub panel: Color,
    /// Grid lines in a chart.
    pub grid: Color,
    /// A ring's track.
    pub track: Color,
    /// A swatch's outline.
    pub swatch_edge: Color,
    /// Titles, chips' labels, the ring's figure, where its arc starts and the dot on a line chart.
    pub title: Color,
    /// Body text.
    pub text: Color,
    /// Secondary text: axis labels, footers.
    pub muted: Color,
    /// Code on its panel.
    pub code: Color,
    /// The accents, in [`Hue`] order.
    pub hues: [Color; 6],
}

impl CardColors {
    /// The design's colours: the overview's cards as they have always looked.
    pub const DARK: CardColors = CardColors {
        card: palette::CARD,
        edge: palette::CARD_EDGE,
        shadow: palette::SHADOW.with_alpha(0x3c),
        panel: palette::PANEL,
        grid: palette::GRID,
        track: Color(0x24ff_ffff),
        swatch_edge: Color(0x40ff_ffff),
        title: palette::TITLE,
        text: palette::TEXT,
        muted: palette::MUTED,
        code: Color::rgb(0xc6, 0xe3, 0xa8),
        hues: [palette::TEAL, palette::VIOLET, palette::AMBER, palette::ROSE, palette::SKY, palette::LIME],
    };

    /// White cards with dark text; each accent darkened until it reads on white as text (5:1 or more) and as thin
    /// strokes.
    pub const LIGHT: CardColors = CardColors {
        card: Color::rgb(0xff, 0xff, 0xff),
        edge: Color::rgb(0xcf, 0xd4, 0xe1),
        shadow: Color::rgb(0x1c, 0x22, 0x3a).with_alpha(0x1e),
        panel: Color::rgb(0xf3, 0xf5, 0xf9),
        grid: Color(0x1c10_1828),
        track: Color(0x1410_1828),
        swatch_edge: Color(0x2010_1828),
        title: Color::rgb(0x1a, 0x1f, 0x2e),
        text: Color::rgb(0x38, 0x3f, 0x52),
        muted: Color::rgb(0x6b, 0x73, 0x88),
        code: Color::rgb(0x3d, 0x6b, 0x1c),
        hues: [
            Color::rgb(0x0b, 0x7a, 0x6b),
            Color::rgb(0x5a, 0x45, 0xd0),
            Color::rgb(0x9a, 0x5b, 0x00),
            Color::rgb(0xc0, 0x27, 0x55),
            Color::rgb(0x1a, 0x62, 0xc4),
            Color::rgb(0x3f, 0x75, 0x0e),
        ],
    };

    /// The cards' colours for the screens' `palette`, placed between dark and light as [`ChromeColors::following`]
    /// places the chrome's, so the cards fade with it.
    pub fn following(p: &Palette) -> CardColors {
        match light_share(p) {
            t if t <= 0.0 => CardColors::DARK,
            t if t >= 1.0 => CardColors::LIGHT,
            t => CardColors::DARK.mix(&CardColors::LIGHT, t),
        }
    }

    /// The colour of accent `hue`.
    pub fn accent(&self, hue: Hue) -> Color {
        self.hues[hue as usize]
    }

    /// Every colour blended towards `other` by `t`.
    fn mix(&self, other: &CardColors, t: f32) -> CardColors {
        let m = |a: Color, b: Color| mix(a, b, t);
        CardColors {
            card: m(self.card, other.card),
            edge: m(self.edge, other.edge),
            shadow: m(self.shadow, other.shadow),
            panel: m(self.panel, other.panel),
            grid: m(self.grid, other.grid),
            track: m(self.track, other.track),
            swatch_edge: m(self.swatch_edge, other.swatch_edge),
            title: m(self.title, other.title),
            text: m(self.text, other.text),
            muted: m(self.muted, other.muted),
            code: m(self.code, other.code),
            hues: std::array::from_fn(|i| m(self.hues[i], other.hues[i])),
        }
    }

    /// Every colour, for a layer's version.
    pub fn words(&self) -> [u64; 17] {
        let [a, b, c, d, e, f] = self.hues;
        [
            self.card,
            self.edge,
            self.shadow,
            self.panel,
            self.grid,
            self.track,
            self.swatch_edge,
            self.title,
            self.text,
            self.muted,
            self.code,
            a,
            b,
            c,
            d,
            e,
            f,
        ]
        .map(|c| u64::from(c.0))
    }
}

/// How far `c` lies from `a` towards `b` (0 at `a`, 1 at `b`), read on the channel where they differ most.
fn progress(c: Color, a: Color, b: Color) -> f32 {
    let channel = |color: Color, shift: u32| ((color.0 >> shift) & 0xff) as f32;
    let shift = [0, 8, 16]
        .into_iter()
        .max_by(|&x, &y| {
            let span = |s| (channel(b, s) - channel(a, s)).abs();
            span(x).total_cmp(&span(y))
        })
        .unwrap_or(0);
    let span = channel(b, shift) - channel(a, shift);
    if span == 0.0 { 0.0 } else { (channel(c, shift) - channel(a, shift)) / span }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::Theme;

    #[test]
    fn the_chrome_follows_the_palette_through_a_fade() {
        assert_eq!(ChromeColors::following(&Palette::of(ThemeName::Dark)), ChromeColors::DARK);
        assert_eq!(ChromeColors::following(&Palette::of(ThemeName::Light)), ChromeColors::LIGHT);
        let mut theme = Theme::new(ThemeName::Dark);
        theme.toggle(0.0);
        let middle = ChromeColors::following(&theme.palette(Theme::FADE_S / 2.0));
        assert_ne!(middle, ChromeColors::DARK);
        assert_ne!(middle, ChromeColors::LIGHT);
    }

    #[test]
    fn the_cards_follow_the_palette_through_a_fade_and_are_the_design_in_the_dark() {
        assert_eq!(CardColors::following(&Palette::of(ThemeName::Dark)), CardColors::DARK);
        assert_eq!(CardColors::following(&Palette::of(ThemeName::Light)), CardColors::LIGHT);
        let mut theme = Theme::new(ThemeName::Dark);
        theme.toggle(0.0);
        let middle = CardColors::following(&theme.palette(Theme::FADE_S / 2.0));
        assert_ne!(middle, CardColors::DARK);
        assert_ne!(middle, CardColors::LIGHT);
        assert_eq!(CardColors::DARK.accent(Hue::Sky), palette::SKY);
        assert_eq!(CardColors::DARK.accent(Hue::Lime), palette::LIME);
    }
}
