//! The interactive screens' two themes and the animated change between them.
//!
//! A theme change does not snap: for [`Theme::FADE_S`] seconds of the frame clock every colour is interpolated
//! from the old palette to the new one, so a headless run shows the same in-between frames every time.

use std::path::Path;
use std::sync::LazyLock;

use crate::geom::Color;
use crate::located::Located;
use crate::style::theme_sheet::ThemeSheet;

/// Which theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ThemeName {
    /// Light text on dark surfaces (the default, like the overview).
    #[default]
    Dark,
    /// Dark text on light surfaces.
    Light,
}

impl ThemeName {
    /// Both themes, dark first (the order [`sheet`] keeps them in).
    pub const BOTH: [ThemeName; 2] = [ThemeName::Dark, ThemeName::Light];

    /// The name the report prints.
    pub fn as_str(self) -> &'static str {
        match self {
            ThemeName::Dark => "dark",
            ThemeName::Light => "light",
        }
    }

    /// The theme whose palette `p` is nearer ([`light_share`]): halfway through a fade, the theme it is going to.
    pub fn nearest(p: &Palette) -> ThemeName {
        if light_share(p) > 0.5 { ThemeName::Light } else { ThemeName::Dark }
    }

    /// The other theme.
    pub fn toggled(self) -> ThemeName {
        match self {
            ThemeName::Dark => ThemeName::Light,
            ThemeName::Light => ThemeName::Dark,
        }
    }
}

/// The sheet of `theme`, compiled in from `assets/themes/`: the kit's palette, the chrome's and the cards'
/// colours are read from it.
pub fn sheet(theme: ThemeName) -> &'static ThemeSheet {
    static SHEETS: LazyLock<[ThemeSheet; 2]> = LazyLock::new(|| {
        [
            ("assets/themes/dark.css", include_str!("../../../assets/themes/dark.css")),
            ("assets/themes/light.css", include_str!("../../../assets/themes/light.css")),
        ]
        .map(|(file, source)| built_in(ThemeSheet::parse(Path::new(file), source)))
    });
    &SHEETS[theme as usize]
}

/// What a compiled-in sheet gives. The sheets are part of the program, not input: the tests read every property of
/// each, so a build whose sheets lack one never passes them, and no person's file or environment reaches here.
pub fn built_in<T>(read: Result<T, Located>) -> T {
    read.unwrap_or_else(|e| panic!("a compiled-in theme sheet is broken: {e}"))
}

/// The colours a screen draws with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Palette {
    /// Behind everything.
    pub background: Color,
    /// Panels and controls' bodies.
    pub surface: Color,
    /// A control's body under the pointer.
    pub surface_hover: Color,
    /// A control's body while pressed.
    pub surface_pressed: Color,
    /// Outlines.
    pub border: Color,
    /// Body text.
    pub text: Color,
    /// Secondary text, and a disabled control's text.
    pub muted: Color,
    /// What is on, selected or filled.
    pub accent: Color,
    /// Text on the accent colour.
    pub on_accent: Color,
    /// The keyboard focus ring.
    pub focus: Color,
    /// The tab bar.
    pub bar: Color,
}

impl Palette {
    /// The palette of `theme`, as its sheet declares it.
    pub fn of(theme: ThemeName) -> Palette {
        static PALETTES: LazyLock<[Palette; 2]> =
            LazyLock::new(|| ThemeName::BOTH.map(|t| built_in(Palette::read(sheet(t)))));
        PALETTES[theme as usize]
    }

    /// The palette `sheet` declares: `--background`, `--surface`, `--text` ... (`assets/themes/dark.css`).
    pub fn read(sheet: &ThemeSheet) -> Result<Palette, Located> {
        let c = |name: &str| sheet.colour(name);
        Ok(Palette {
            background: c("--background")?,
            surface: c("--surface")?,
            surface_hover: c("--surface-hover")?,
            surface_pressed: c("--surface-pressed")?,
            border: c("--border")?,
            text: c("--text")?,
            muted: c("--muted")?,
            accent: c("--accent")?,
            on_accent: c("--on-accent")?,
            focus: c("--focus")?,
            bar: c("--bar")?,
        })
    }

    /// `self` blended towards `other` by `t` in 0..=1, channel by channel.
    pub fn mix(&self, other: &Palette, t: f32) -> Palette {
        let m = |a: Color, b: Color| mix(a, b, t);
        Palette {
            background: m(self.background, other.background),
            surface: m(self.surface, other.surface),
            surface_hover: m(self.surface_hover, other.surface_hover),
            surface_pressed: m(self.surface_pressed, other.surface_pressed),
            border: m(self.border, other.border),
            text: m(self.text, other.text),
            muted: m(self.muted, other.muted),
            accent: m(self.accent, other.accent),
            on_accent: m(self.on_accent, other.on_accent),
            focus: m(self.focus, other.focus),
            bar: m(self.bar, other.bar),
        }
    }
}

/// Where the screens' palette `p` lies between the dark palette (0) and the light one (1), read from its background,
/// the colour that changes most: the chrome and the cards follow a fade by it, and a document takes its theme's
/// custom properties by it.
pub fn light_share(p: &Palette) -> f32 {
    let (dark, light) = (Palette::of(ThemeName::Dark), Palette::of(ThemeName::Light));
    progress(p.background, dark.background, light.background)
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

/// Two colours blended by `t` in 0..=1, each channel (alpha too) rounded.
pub fn mix(a: Color, b: Color, t: f32) -> Color {
    let t = t.clamp(0.0, 1.0);
    let channel = |shift: u32| {
        let (x, y) = (((a.0 >> shift) & 0xff) as f32, ((b.0 >> shift) & 0xff) as f32);
        ((x + (y - x) * t).round() as u32) << shift
    };
    Color(channel(24) | channel(16) | channel(8) | channel(0))
}

/// The theme in force and, for a short while after a change, the change itself.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    name: ThemeName,
    /// The palette the fade started from, and when (frame clock, seconds).
    fade: Option<(Palette, f64)>,
}

impl Theme {
    /// How long a change fades, in seconds of the frame clock.
    pub const FADE_S: f64 = 0.16;

    /// `name`, settled.
    pub const fn new(name: ThemeName) -> Theme {
        Theme { name, fade: None }
    }

    /// The theme a change goes to (the report's `controls.theme`).
    pub fn name(&self) -> ThemeName {
        self.name
    }

    /// Switches to the other theme at time `now`, fading from whatever is on screen at `now`.
    pub fn toggle(&mut self, now: f64) {
        let shown = self.palette(now);
        self.name = self.name.toggled();
        self.fade = Some((shown, now));
    }

    /// The palette to draw with at time `now`.
    pub fn palette(&self, now: f64) -> Palette {
        let target = Palette::of(self.name);
        match self.fade {
            Some((from, start)) if now < start + Theme::FADE_S => {
                let t = ((now - start) / Theme::FADE_S).max(0.0) as f32;
                // Ease out: most of the change happens early, as a person expects of a switch.
                from.mix(&target, 1.0 - (1.0 - t) * (1.0 - t))
            }
            _ => target,
        }
    }

    /// Whether the colours are still changing at `now` (the frame after needs painting).
    pub fn animating(&self, now: f64) -> bool {
        self.fade.is_some_and(|(_, start)| now < start + Theme::FADE_S)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_fades_over_the_fade_time_and_then_settles_on_the_new_palette() {
        let mut theme = Theme::new(ThemeName::Dark);
        theme.toggle(1.0);
        assert_eq!(theme.name(), ThemeName::Light);
        let (dark, light) = (Palette::of(ThemeName::Dark), Palette::of(ThemeName::Light));
        assert_eq!(theme.palette(1.0), dark, "the first frame of the fade still shows the old colours");
        let middle = theme.palette(1.0 + Theme::FADE_S / 2.0);
        assert_ne!(middle.background, dark.background);
        assert_ne!(middle.background, light.background);
        assert!(theme.animating(1.1));
        assert!(!theme.animating(1.0 + Theme::FADE_S));
        assert_eq!(theme.palette(1.0 + Theme::FADE_S), light);
    }

    #[test]
    fn a_change_during_a_fade_starts_from_what_is_shown() {
        let mut theme = Theme::new(ThemeName::Dark);
        theme.toggle(0.0);
        let shown = theme.palette(0.05);
        theme.toggle(0.05);
        assert_eq!(theme.name(), ThemeName::Dark);
        assert_eq!(theme.palette(0.05), shown, "no jump when the switch is flipped back mid-fade");
    }

    #[test]
    fn mixing_blends_every_channel() {
        assert_eq!(mix(Color(0x0000_0000), Color(0xffff_ffff), 0.5), Color(0x8080_8080));
        assert_eq!(mix(Color(0xff10_2030), Color(0xff10_2030), 0.3), Color(0xff10_2030));
    }
}
