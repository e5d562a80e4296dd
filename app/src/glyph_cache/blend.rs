//! The COLR v1 composite modes the Blend2D beta has no `BLCompOp` for, computed per pixel on premultiplied ARGB
//! (`0xAARRGGBB`) as the W3C Compositing and Blending Level 1 specification states them: the separable blend
//! modes' `B(Cb, Cs)`, the non-separable HSL modes with `SetLum`, `SetSat` and `ClipColor`, and destination-atop
//! as Porter-Duff. A group's image and the backdrop under it go in; the composited pixel comes out.

/// A composite mode computed here, by its `hb_paint_composite_mode_t` number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// 10: Porter-Duff destination atop.
    DestAtop,
    /// 14.
    Overlay,
    /// 17.
    ColorDodge,
    /// 18.
    ColorBurn,
    /// 19.
    HardLight,
    /// 20.
    SoftLight,
    /// 21.
    Difference,
    /// 22.
    Exclusion,
    /// 24.
    Hue,
    /// 25.
    Saturation,
    /// 26.
    Color,
    /// 27.
    Luminosity,
}

impl Mode {
    /// The mode for a COLR v1 / HarfBuzz composite mode number, if it is one computed here.
    pub fn from_colr(mode: u32) -> Option<Mode> {
        Some(match mode {
            10 => Mode::DestAtop,
            14 => Mode::Overlay,
            17 => Mode::ColorDodge,
            18 => Mode::ColorBurn,
            19 => Mode::HardLight,
            20 => Mode::SoftLight,
            21 => Mode::Difference,
            22 => Mode::Exclusion,
            24 => Mode::Hue,
            25 => Mode::Saturation,
            26 => Mode::Color,
            27 => Mode::Luminosity,
            _ => return None,
        })
    }
}

/// Composites `source` (the group's pixel) onto `backdrop` with `mode`; both premultiplied `0xAARRGGBB`.
pub fn composite(mode: Mode, backdrop: u32, source: u32) -> u32 {
    let (ab, cb) = split(backdrop);
    let (a_s, cs) = split(source);
    if mode == Mode::DestAtop {
        // Porter-Duff: Fa = 1 - ab, Fb = as.
        let c = [0, 1, 2].map(|i| cs[i] * (1.0 - ab) + cb[i] * a_s);
        return join(a_s, c);
    }
    let ao = a_s + ab * (1.0 - a_s);
    // Unpremultiplied colours for B; a transparent pixel's colour does not matter (its weight is 0).
    let unb = cb.map(|c| if ab > 0.0 { (c / ab).min(1.0) } else { 0.0 });
    let uns = cs.map(|c| if a_s > 0.0 { (c / a_s).min(1.0) } else { 0.0 });
    let mixed = match mode {
        Mode::Hue => set_lum(set_sat(uns, sat(unb)), lum(unb)),
        Mode::Saturation => set_lum(set_sat(unb, sat(uns)), lum(unb)),
        Mode::Color => set_lum(uns, lum(unb)),
        Mode::Luminosity => set_lum(unb, lum(uns)),
        _ => [0, 1, 2].map(|i| separable(mode, unb[i], uns[i])),
    };
    let c = [0, 1, 2].map(|i| cs[i] * (1.0 - ab) + cb[i] * (1.0 - a_s) + a_s * ab * mixed[i]);
    join(ao, c)
}

/// Composites every pixel of `group` onto the same pixel of `backdrop`, in place in `group`.
pub fn composite_all(mode: Mode, backdrop: &[u32], group: &mut [u32]) {
    for (source, &back) in group.iter_mut().zip(backdrop) {
        *source = composite(mode, back, *source);
    }
}

/// The separable `B(cb, cs)` of the specification, on unpremultiplied channels in 0..=1.
fn separable(mode: Mode, cb: f32, cs: f32) -> f32 {
    match mode {
        Mode::Overlay => hard_light(cs, cb),
        Mode::ColorDodge => {
            if cb == 0.0 {
                0.0
            } else if cs >= 1.0 {
                1.0
            } else {
                (cb / (1.0 - cs)).min(1.0)
            }
        }
        Mode::ColorBurn => {
            if cb >= 1.0 {
                1.0
            } else if cs == 0.0 {
                0.0
            } else {
                1.0 - ((1.0 - cb) / cs).min(1.0)
            }
        }
        Mode::HardLight => hard_light(cb, cs),
        Mode::SoftLight => {
            if cs <= 0.5 {
                cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb)
            } else {
                let d = if cb <= 0.25 { ((16.0 * cb - 12.0) * cb + 4.0) * cb } else { cb.sqrt() };
                cb + (2.0 * cs - 1.0) * (d - cb)
            }
        }
        Mode::Difference => (cb - cs).abs(),
        Mode::Exclusion => cb + cs - 2.0 * cb * cs,
        // Not separable: handled by the caller.
        Mode::DestAtop | Mode::Hue | Mode::Saturation | Mode::Color | Mode::Luminosity => cs,
    }
}

/// Hard light: multiply below half, screen above.
fn hard_light(cb: f32, cs: f32) -> f32 {
    if cs <= 0.5 {
        cb * 2.0 * cs
    } else {
        let s = 2.0 * cs - 1.0;
        cb + s - cb * s
    }
}

fn lum(c: [f32; 3]) -> f32 {
    0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]
}

fn clip_color(c: [f32; 3]) -> [f32; 3] {
    let l = lum(c);
    let n = c[0].min(c[1]).min(c[2]);
    let x = c[0].max(c[1]).max(c[2]);
    let mut c = c;
    if n < 0.0 {
        c = c.map(|v| l + (v - l) * l / (l - n));
    }
    if x > 1.0 {
        c = c.map(|v| l + (v - l) * (1.0 - l) / (x - l));
    }
    c
}

fn set_lum(c: [f32; 3], l: f32) -> [f32; 3] {
    let d = l - lum(c);
    clip_color(c.map(|v| v + d))
}

fn sat(c: [f32; 3]) -> f32 {
    c[0].max(c[1]).max(c[2]) - c[0].min(c[1]).min(c[2])
}

/// `SetSat`: the largest channel becomes `s`, the smallest 0, the middle one in proportion.
fn set_sat(c: [f32; 3], s: f32) -> [f32; 3] {
    let max = c[0].max(c[1]).max(c[2]);
    let min = c[0].min(c[1]).min(c[2]);
    if max > min { c.map(|v| (v - min) * s / (max - min)) } else { [0.0; 3] }
}

/// Alpha and premultiplied red, green, blue in 0..=1.
fn split(p: u32) -> (f32, [f32; 3]) {
    let ch = |shift: u32| f32::from(((p >> shift) & 0xFF) as u8) / 255.0;
    (ch(24), [ch(16), ch(8), ch(0)])
}

/// Back to `0xAARRGGBB`, rounded to nearest, colour kept within alpha (premultiplied).
fn join(a: f32, c: [f32; 3]) -> u32 {
    let a8 = to8(a);
    let [r, g, b] = c.map(|v| to8(v).min(a8));
    (a8 << 24) | (r << 16) | (g << 8) | b
}

fn to8(v: f32) -> u32 {
    // Clamped to 0..=255 first, so the cast is exact.
    (v.clamp(0.0, 1.0) * 255.0).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: u32 = 0xFFFF_0000;
    const HALF_GREY: u32 = 0xFF80_8080;

    #[test]
    fn an_opaque_source_over_an_opaque_backdrop_takes_the_blend_function() {
        // Difference of opaque red over opaque mid grey: |0.502 - 1| = 0.498, |0.502 - 0| = 0.502.
        assert_eq!(composite(Mode::Difference, HALF_GREY, RED), 0xFF7F_8080);
        // Exclusion: cb + cs - 2 cb cs; red channel 0.502 + 1 - 1.004 = 0.498, others 0.502.
        assert_eq!(composite(Mode::Exclusion, HALF_GREY, RED), 0xFF7F_8080);
        // Overlay = hard light with the roles swapped: backdrop 0.502 > 0.5 screens: 2*0.502-1 = 0.004;
        // red: 1 + 0.004 - 0.004 = 1; green: 0 + 0.004 - 0 = 0.004 -> 1.
        assert_eq!(composite(Mode::Overlay, HALF_GREY, RED), 0xFFFF_0101);
        // Hard light with source red: channel 1 screens 2*1-1 = 1 -> 1; channel 0 multiplies 0 -> 0.
        assert_eq!(composite(Mode::HardLight, HALF_GREY, RED), 0xFFFF_0000);
        // Colour dodge: cs = 1 -> 1; cs = 0 -> cb.
        assert_eq!(composite(Mode::ColorDodge, HALF_GREY, RED), 0xFFFF_8080);
        // Colour burn: cs = 1 -> 1 - (1 - cb) = cb; cs = 0 -> 0.
        assert_eq!(composite(Mode::ColorBurn, HALF_GREY, RED), 0xFF80_0000);
    }

    #[test]
    fn soft_light_follows_both_branches() {
        // Source 0.2 (51) on backdrop 0.6 (153): 0.6 - 0.6*0.6*0.4 = 0.456 -> 116.28 -> 116 (0x74).
        assert_eq!(composite(Mode::SoftLight, 0xFF99_9999, 0xFF33_3333), 0xFF74_7474);
        // Source 0.8 (204) on backdrop 0.6: 0.6 + 0.6*(sqrt 0.6 - 0.6) = 0.6 + 0.6*0.17460 = 0.70476 -> 179.7 -> 180.
        assert_eq!(composite(Mode::SoftLight, 0xFF99_9999, 0xFFCC_CCCC), 0xFFB4_B4B4);
        // Backdrop 0.2 (<= 0.25) under source 0.8: D = ((3.2-12)*0.2+4)*0.2 = 0.448; 0.2 + 0.6*0.248 = 0.3488 -> 89.
        assert_eq!(composite(Mode::SoftLight, 0xFF33_3333, 0xFFCC_CCCC), 0xFF59_5959);
    }

    #[test]
    fn alpha_below_one_weights_the_blend_with_both_colours() {
        // Half-transparent red (premultiplied 0x80 0x80 0 0, as = 0.502) difference over opaque grey:
        // ao = 1; red: cs(1-ab)=0 + cb(1-as)=0.50196*0.49804=0.24999 + as*ab*|0.50196-1|=0.24999 -> 0.49998
        // -> 127.49 -> 127 (0x7F); green: 0 + 0.24999 + 0.50196*0.50196 = 0.50196 -> 128.
        assert_eq!(composite(Mode::Difference, HALF_GREY, 0x8080_0000), 0xFF7F_8080);
        // Over a transparent backdrop any blend is the source itself.
        assert_eq!(composite(Mode::Overlay, 0, 0x8080_0000), 0x8080_0000);
        assert_eq!(composite(Mode::Hue, 0, 0x8040_2000), 0x8040_2000);
        // A transparent source leaves the backdrop.
        assert_eq!(composite(Mode::Exclusion, 0x8040_2010, 0), 0x8040_2010);
    }

    #[test]
    fn destination_atop_keeps_the_backdrop_inside_the_source_only() {
        // Opaque backdrop, half source: co = cb * as = 0.502 * 1 (red) -> 128; alpha = as.
        assert_eq!(composite(Mode::DestAtop, RED, 0x8000_0080), 0x8080_0000);
        // Transparent backdrop: the source shows (cs * (1 - ab)).
        assert_eq!(composite(Mode::DestAtop, 0, 0x8000_0080), 0x8000_0080);
        // No source: nothing.
        assert_eq!(composite(Mode::DestAtop, RED, 0), 0);
    }

    #[test]
    fn the_hsl_modes_mix_hue_saturation_and_luminosity() {
        // Luminosity of mid grey (0.502) on red: SetLum(red, 0.502): d = 0.502 - 0.3 = 0.202 -> (1.202, 0.202,
        // 0.202); ClipColor: l = 0.502, x = 1.202 -> v' = l + (v-l)*(0.498/0.7): red 1.0, others 0.502 - 0.3*0.7114
        // = 0.2886 -> 73.6 -> 74 (0x4A).
        assert_eq!(composite(Mode::Luminosity, RED, HALF_GREY), 0xFFFF_4A4A);
        // Colour of red on grey: the same SetLum(red, Lum(grey)).
        assert_eq!(composite(Mode::Color, HALF_GREY, RED), 0xFFFF_4A4A);
        // Hue of red on grey: SetSat(red, Sat(grey) = 0) = black, SetLum(black, 0.502) = grey.
        assert_eq!(composite(Mode::Hue, HALF_GREY, RED), HALF_GREY);
        // Saturation of grey on red: SetSat(red, 0) = black, then the red's luminosity 0.3 -> 76.5 -> 77 (0x4D).
        assert_eq!(composite(Mode::Saturation, RED, HALF_GREY), 0xFF4D_4D4D);
        // Hue of blue on red: SetSat(blue, 1) = blue, SetLum(blue, 0.3): d = 0.19 -> (0.19, 0.19, 1.19), clipped
        // with l = 0.3, x = 1.19: v' = 0.3 + (v - 0.3) * 0.7/0.89 -> 0.2135 (54) and 1.0.
        assert_eq!(composite(Mode::Hue, RED, 0xFF00_00FF), 0xFF36_36FF);
    }

    #[test]
    fn every_numbered_mode_here_is_one_blend2d_lacks() {
        let here: Vec<u32> = (0..=27).filter(|&m| Mode::from_colr(m).is_some()).collect();
        assert_eq!(here, [10, 14, 17, 18, 19, 20, 21, 22, 24, 25, 26, 27]);
    }
}
