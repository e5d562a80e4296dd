//! Colours as a stylesheet writes them: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()` and `rgba()` (commas or
//! spaces, numbers or percentages), `oklch()` (converted to sRGB and clamped into its gamut), and a few names.

use cssparser::{ParseError, Parser, Token};

use crate::geom::Color;

/// Why a colour could not be read.
pub type ColourError = String;

/// Reads one colour from `p`.
pub fn parse(p: &mut Parser<'_>) -> Result<Color, ColourError> {
    let token = p.next().map_err(|_| "expected a colour".to_owned())?.clone();
    match token {
        Token::Hash(hex) | Token::IDHash(hex) => hex_colour(&hex),
        Token::Ident(name) => named(&name).ok_or_else(|| format!("unknown colour `{name}`")),
        Token::Function(name) => {
            let name = name.to_ascii_lowercase();
            p.parse_nested_block(|p| {
                let c = match name.as_str() {
                    "rgb" | "rgba" => rgb(p),
                    "oklch" => oklch(p),
                    other => Err(format!("unknown colour function `{other}()`")),
                };
                c.map_err(ParseError::<String>::custom)
            })
            .map_err(|e| match e.kind {
                cssparser::ParseErrorKind::Custom(m) => m,
                _ => format!("a bad `{name}()`"),
            })
        }
        other => Err(format!("expected a colour, found `{}`", describe(&other))),
    }
}

/// What a token looks like in a message.
pub fn describe(token: &Token<'_>) -> String {
    use cssparser::ToCss;
    token.to_css_string()
}

fn hex_colour(hex: &str) -> Result<Color, ColourError> {
    let digit = |c: char| c.to_digit(16).map(|d| d as u8);
    let digits: Option<Vec<u8>> = hex.chars().map(digit).collect();
    let bad = || format!("`#{hex}` is not a colour: expected 3, 4, 6 or 8 hexadecimal digits");
    let d = digits.ok_or_else(bad)?;
    let (r, g, b, a) = match d.len() {
        3 => (d[0] * 17, d[1] * 17, d[2] * 17, 255),
        4 => (d[0] * 17, d[1] * 17, d[2] * 17, d[3] * 17),
        6 => (d[0] << 4 | d[1], d[2] << 4 | d[3], d[4] << 4 | d[5], 255),
        8 => (d[0] << 4 | d[1], d[2] << 4 | d[3], d[4] << 4 | d[5], d[6] << 4 | d[7]),
        _ => return Err(bad()),
    };
    Ok(Color::rgb(r, g, b).with_alpha(a))
}

fn named(name: &str) -> Option<Color> {
    Some(match name.to_ascii_lowercase().as_str() {
        "transparent" => Color::rgb(0, 0, 0).with_alpha(0),
        "black" => Color::rgb(0, 0, 0),
        "white" => Color::rgb(255, 255, 255),
        "red" => Color::rgb(255, 0, 0),
        "green" => Color::rgb(0, 128, 0),
        "blue" => Color::rgb(0, 0, 255),
        "gray" | "grey" => Color::rgb(128, 128, 128),
        _ => return None,
    })
}

/// One component: a number, or a percentage of `full`.
fn component(p: &mut Parser<'_>, full: f32, what: &str) -> Result<f32, ColourError> {
    match p.next().map_err(|_| format!("expected the {what}"))? {
        Token::Number { value, .. } => Ok(*value),
        Token::Percentage { unit_value, .. } => Ok(unit_value * full),
        Token::Dimension { value, unit, .. } if what == "hue" && unit.eq_ignore_ascii_case("deg") => Ok(*value),
        other => Err(format!("expected the {what}, found `{}`", describe(&other.clone()))),
    }
}

/// The alpha after `/` or `,`, if there is one; an error when something else follows.
fn alpha(p: &mut Parser<'_>) -> Result<f32, ColourError> {
    if p.is_exhausted() {
        return Ok(1.0);
    }
    match p.next() {
        Ok(Token::Delim('/')) | Ok(Token::Comma) => {}
        _ => return Err("expected `/` and an alpha".to_owned()),
    }
    let a = component(p, 1.0, "alpha")?;
    if !p.is_exhausted() {
        return Err("more after the alpha".to_owned());
    }
    Ok(a)
}

fn rgb(p: &mut Parser<'_>) -> Result<Color, ColourError> {
    let r = component(p, 255.0, "red")?;
    let _ = p.try_parse(|p| p.expect_comma());
    let g = component(p, 255.0, "green")?;
    let _ = p.try_parse(|p| p.expect_comma());
    let b = component(p, 255.0, "blue")?;
    let a = alpha(p)?;
    Ok(rgba8(r / 255.0, g / 255.0, b / 255.0, a))
}

fn oklch(p: &mut Parser<'_>) -> Result<Color, ColourError> {
    let l = component(p, 1.0, "lightness")?;
    // CSS Color 4: 100% chroma is 0.4.
    let c = component(p, 0.4, "chroma")?;
    let h = component(p, 1.0, "hue")?;
    let a = alpha(p)?;
    let [r, g, b] = oklch_to_srgb(l, c, h);
    Ok(rgba8(r, g, b, a))
}

/// sRGB (0 to 1 per channel, clamped into the gamut) of an OKLCH colour: lightness 0 to 1, chroma, hue in degrees.
pub fn oklch_to_srgb(l: f32, c: f32, h: f32) -> [f32; 3] {
    let (sin, cos) = h.to_radians().sin_cos();
    let (a, b) = (c.max(0.0) * cos, c.max(0.0) * sin);
    // OKLab to linear sRGB, Björn Ottosson's matrices.
    let l_ = (l + 0.396_337_78 * a + 0.215_803_76 * b).powi(3);
    let m_ = (l - 0.105_561_346 * a - 0.063_854_17 * b).powi(3);
    let s_ = (l - 0.089_484_18 * a - 1.291_485_5 * b).powi(3);
    let linear = [
        4.076_741_7 * l_ - 3.307_711_6 * m_ + 0.230_969_94 * s_,
        -1.268_438 * l_ + 2.609_757_4 * m_ - 0.341_319_38 * s_,
        -0.004_196_086_3 * l_ - 0.703_418_6 * m_ + 1.707_614_7 * s_,
    ];
    linear.map(|x| {
        let x = x.clamp(0.0, 1.0);
        if x <= 0.003_130_8 { 12.92 * x } else { 1.055 * x.powf(1.0 / 2.4) - 0.055 }
    })
}

/// A colour from channels 0 to 1 (out of range and NaN are clamped).
fn rgba8(r: f32, g: f32, b: f32, a: f32) -> Color {
    let byte = |v: f32| if v.is_nan() { 0 } else { (v.clamp(0.0, 1.0) * 255.0).round() as u8 };
    Color::rgb(byte(r), byte(g), byte(b)).with_alpha(byte(a))
}

/// An sRGB colour (0 to 1 a channel) in OKLCH: lightness, chroma and hue in degrees (Björn Ottosson's matrices).
pub fn srgb_to_oklch([r, g, b]: [f32; 3]) -> [f32; 3] {
    let linear = [r, g, b].map(|c| if c <= 0.040_45 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) });
    let [r, g, b] = linear;
    let l_ = (0.412_221_46 * r + 0.536_332_55 * g + 0.051_445_995 * b).cbrt();
    let m_ = (0.211_903_5 * r + 0.680_699_5 * g + 0.107_396_96 * b).cbrt();
    let s_ = (0.088_302_46 * r + 0.281_718_85 * g + 0.629_978_7 * b).cbrt();
    let l = 0.210_454_26 * l_ + 0.793_617_8 * m_ - 0.004_072_047 * s_;
    let a = 1.977_998_5 * l_ - 2.428_592_2 * m_ + 0.450_593_7 * s_;
    let b = 0.025_904_037 * l_ + 0.782_771_77 * m_ - 0.808_675_77 * s_;
    let h = b.atan2(a).to_degrees();
    [l, a.hypot(b), if h < 0.0 { h + 360.0 } else { h }]
}

/// Below this chroma a colour is a grey, whose hue means nothing (CSS Color 4's "powerless" hue).
const GREY: f32 = 2e-4;

/// The colour `t` of the way from `from` to `to` in OKLCH, as CSS Color 4 interpolates: lightness and chroma
/// premultiplied by alpha (a fading colour does not darken on its way through transparency), the hue the short way
/// round the circle, and a grey's hue taken from the other end (a grey has none to give). 0 and 1 give the ends
/// exactly.
pub fn mix_oklch(from: Color, to: Color, t: f32) -> Color {
    if t <= 0.0 {
        return from;
    }
    if t >= 1.0 && t.is_finite() {
        return to;
    }
    let t = if t.is_nan() { 0.0 } else { t };
    let split = |c: Color| {
        let ch = |shift: u32| ((c.0 >> shift) & 0xff) as f32 / 255.0;
        (srgb_to_oklch([ch(16), ch(8), ch(0)]), ch(24))
    };
    let ((mut a, alpha_a), (mut b, alpha_b)) = (split(from), split(to));
    if a[1] < GREY {
        a[2] = b[2];
    }
    if b[1] < GREY {
        b[2] = a[2];
    }
    let mut dh = b[2] - a[2];
    if dh > 180.0 {
        dh -= 360.0;
    } else if dh < -180.0 {
        dh += 360.0;
    }
    let alpha = alpha_a + (alpha_b - alpha_a) * t;
    let lerp_pre = |x: f32, y: f32| (x * alpha_a + (y * alpha_b - x * alpha_a) * t) / alpha.max(f32::EPSILON);
    let (l, c) = if alpha > 0.0 { (lerp_pre(a[0], b[0]), lerp_pre(a[1], b[1])) } else { (0.0, 0.0) };
    let [r, g, bl] = oklch_to_srgb(l, c, a[2] + dh * t);
    rgba8(r, g, bl, alpha)
}
