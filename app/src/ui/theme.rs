//! The interactive screens' two themes and the animated change between them.
//!
//! A theme change does not snap: for [`Theme::FADE_S`] seconds of the frame clock every colour is interpolated
//! from the old palette to the new one, so a headless run shows the same in-between frames every time.

use crate::geom::Color;

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
    /// The name the report prints.
    pub fn as_str(self) -> &'static str {
        match self {
            ThemeName::Dark => "dark",
            ThemeName::Light => "light",
        }
    }

    /// The other theme.
    pub fn toggled(self) -> ThemeName {
        match self {
            ThemeName::Dark => ThemeName::Light,
            ThemeName::Light => ThemeName::Dark,
        }
    }
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
    /// The palette of `theme`.
    pub const fn of(theme: ThemeName) -> Palette {
        match theme {
            ThemeName::Dark => Palette {
                background: Color::rgb(0x12, 0x16, 0x24),
                surface: Color::rgb(0x1e, 0x24, 0x36),
                surface_hover: Color::rgb(0x2a, 0x32, 0x4a),
                surface_pressed: Color::rgb(0x16, 0x1b, 0x2a),
                border: Color::rgb(0x36, 0x3f, 0x5c),
                text: Color::rgb(0xe6, 0xe9, 0xf2),
                muted: Color::rgb(0x8c, 0x95, 0xab),
                accent: Color::rgb(0x35, 0xd0, 0xba),
                on_accent: Color::rgb(0x08, 0x1a, 0x18),
                focus: Color::rgb(0xf5, 0xb4, 0x45),
                bar: Color::rgb(0x1e, 0x24, 0x3a),
            },
            ThemeName::Light => Palette {
                background: Color::rgb(0xf3, 0xf4, 0xf8),
                surface: Color::rgb(0xff, 0xff, 0xff),
                surface_hover: Color::rgb(0xe8, 0xeb, 0xf3),
                surface_pressed: Color::rgb(0xd6, 0xdb, 0xe8),
                border: Color::rgb(0xc4, 0xca, 0xd8),
                text: Color::rgb(0x1a, 0x1f, 0x2e),
                muted: Color::rgb(0x6b, 0x73, 0x88),
                accent: Color::rgb(0x0f, 0x8f, 0x7e),
                on_accent: Color::rgb(0xff, 0xff, 0xff),
                focus: Color::rgb(0xc2, 0x6a, 0x00),
                bar: Color::rgb(0xe2, 0xe6, 0xf0),
            },
        }
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
