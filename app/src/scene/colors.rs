//! The scene's colours in the dark and light themes, and between them while a theme change fades: the chrome's
//! (background, title bar, tabs, status bar) and the cards', each read from its theme's sheet
//! (`assets/themes/`).

use std::sync::LazyLock;

use crate::geom::Color;
use crate::located::Located;
use crate::scene::palette::Hue;
use crate::style::theme_sheet::ThemeSheet;
use crate::ui::theme::{Palette, ThemeName, built_in, light_share, mix, sheet};

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
    /// The colours of `theme`, as its sheet declares them.
    pub fn of(theme: ThemeName) -> ChromeColors {
        static COLORS: LazyLock<[ChromeColors; 2]> =
            LazyLock::new(|| ThemeName::BOTH.map(|t| built_in(ChromeColors::read(sheet(t)))));
        COLORS[theme as usize]
    }

    /// The chrome's colours `sheet` declares: `--chrome-top`, `--chrome-title` ... (`assets/themes/dark.css`).
    pub fn read(sheet: &ThemeSheet) -> Result<ChromeColors, Located> {
        let c = |name: &str| sheet.colour(name);
        Ok(ChromeColors {
            bg_top: c("--chrome-top")?,
            bg_bottom: c("--chrome-bottom")?,
            glow_high: c("--chrome-glow-high")?,
            glow_low: c("--chrome-glow-low")?,
            bar_left: c("--chrome-bar-left")?,
            bar_right: c("--chrome-bar-right")?,
            edge: c("--chrome-edge")?,
            status_fill: c("--chrome-status")?,
            title: c("--chrome-title")?,
            text: c("--chrome-text")?,
            muted: c("--chrome-muted")?,
            accent: c("--chrome-accent")?,
            logo: c("--chrome-logo")?,
            tab_selected: c("--chrome-tab-selected")?,
            tab_selected_edge: c("--chrome-tab-selected-edge")?,
            tab_hovered: c("--chrome-tab-hovered")?,
        })
    }

    /// The chrome's colours for the screens' `palette`: where it lies between the dark and the light palette (read
    /// from its background, the colour that changes most) places the chrome between its dark and light colours, so
    /// the chrome fades with the screens without a clock of its own.
    pub fn following(p: &Palette) -> ChromeColors {
        let (dark, light) = (ChromeColors::of(ThemeName::Dark), ChromeColors::of(ThemeName::Light));
        match light_share(p) {
            t if t <= 0.0 => dark,
            t if t >= 1.0 => light,
            t => dark.mix(&light, t),
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
    /// The colours of `theme`, as its sheet declares them.
    pub fn of(theme: ThemeName) -> CardColors {
        static COLORS: LazyLock<[CardColors; 2]> =
            LazyLock::new(|| ThemeName::BOTH.map(|t| built_in(CardColors::read(sheet(t)))));
        COLORS[theme as usize]
    }

    /// The cards' colours `sheet` declares: `--card`, `--card-title` ..., and the hues `--teal` to `--lime`
    /// (`assets/themes/dark.css`).
    pub fn read(sheet: &ThemeSheet) -> Result<CardColors, Located> {
        let c = |name: &str| sheet.colour(name);
        Ok(CardColors {
            card: c("--card")?,
            edge: c("--card-edge")?,
            shadow: c("--card-shadow")?,
            panel: c("--card-panel")?,
            grid: c("--card-grid")?,
            track: c("--card-track")?,
            swatch_edge: c("--card-swatch-edge")?,
            title: c("--card-title")?,
            text: c("--card-text")?,
            muted: c("--card-muted")?,
            code: c("--card-code")?,
            hues: [c("--teal")?, c("--violet")?, c("--amber")?, c("--rose")?, c("--sky")?, c("--lime")?],
        })
    }

    /// The cards' colours for the screens' `palette`, placed between dark and light as [`ChromeColors::following`]
    /// places the chrome's, so the cards fade with it.
    pub fn following(p: &Palette) -> CardColors {
        let (dark, light) = (CardColors::of(ThemeName::Dark), CardColors::of(ThemeName::Light));
        match light_share(p) {
            t if t <= 0.0 => dark,
            t if t >= 1.0 => light,
            t => dark.mix(&light, t),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::palette;
    use crate::ui::theme::Theme;

    #[test]
    fn the_chrome_follows_the_palette_through_a_fade() {
        let (dark, light) = (ChromeColors::of(ThemeName::Dark), ChromeColors::of(ThemeName::Light));
        assert_eq!(ChromeColors::following(&Palette::of(ThemeName::Dark)), dark);
        assert_eq!(ChromeColors::following(&Palette::of(ThemeName::Light)), light);
        let mut theme = Theme::new(ThemeName::Dark);
        theme.toggle(0.0);
        let middle = ChromeColors::following(&theme.palette(Theme::FADE_S / 2.0));
        assert_ne!(middle, dark);
        assert_ne!(middle, light);
    }

    #[test]
    fn the_cards_follow_the_palette_through_a_fade_and_are_the_design_in_the_dark() {
        let (dark, light) = (CardColors::of(ThemeName::Dark), CardColors::of(ThemeName::Light));
        assert_eq!(CardColors::following(&Palette::of(ThemeName::Dark)), dark);
        assert_eq!(CardColors::following(&Palette::of(ThemeName::Light)), light);
        let mut theme = Theme::new(ThemeName::Dark);
        theme.toggle(0.0);
        let middle = CardColors::following(&theme.palette(Theme::FADE_S / 2.0));
        assert_ne!(middle, dark);
        assert_ne!(middle, light);
        assert_eq!(dark.accent(Hue::Sky), palette::SKY);
        assert_eq!(dark.accent(Hue::Lime), palette::LIME);
    }
}
