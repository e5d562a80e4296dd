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
