//! The glyph cells: a glyph's key (font, device size, glyph, sub-pixel phase: not its colour, which its coverage
//! does not depend on), where each glyph of a run lands, and the atlases the missing cells are drawn into, in
//! opaque white: each cell's pixels are its coverage, tinted to the colours runs are drawn in ([`Tints`]).

use std::collections::HashMap;

use goldberry_natives::blend2d::{CompOp, Context, Image, ImageView, PixelArea, PixelFormat, PixelRows, Rgba32, Style};
use goldberry_natives::glyphs::{GlyphPlacement, GlyphRun};
use goldberry_natives::{Goldberry, NativeError};

use super::PHASES;
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId};

/// One glyph at one device size and phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlyphKey {
    pub(super) font: FontId,
    /// `f32::to_bits` of the size it is rasterized at, in device pixels: the font's size times the frame's scale.
    pub(super) px: u32,
    pub(super) glyph: u32,
    pub(super) phase_x: u8,
    pub(super) phase_y: u8,
}

impl std::hash::Hash for GlyphKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // One word: the glyph in the low 32 bits, the font and the phases above, the size folded in.
        let word = u64::from(self.glyph)
            | u64::from(self.font.0) << 32
            | u64::from(self.phase_x) << 48
            | u64::from(self.phase_y) << 56;
        state.write_u64(word ^ u64::from(self.px).rotate_left(41));
    }
}

/// Hashes a [`GlyphKey`]'s one word with a multiply and a fold: every frame looks up each glyph it draws (a few
/// thousand), and SipHash's resistance to chosen keys buys nothing for keys that come from our own fonts.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let x = self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^ (x >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 ^= word;
    }
}

/// The cells' map, keyed with [`KeyHasher`].
pub(super) type Cells = HashMap<GlyphKey, Cell, std::hash::BuildHasherDefault<KeyHasher>>;

/// A rasterized glyph, in one of the cache's atlases: where the glyph's origin (the whole pixel its phase is
/// added to) sits in the atlas, and its inked pixels (`None` when it leaves no ink, e.g. a space).
#[derive(Debug, Clone, Copy)]
pub(super) struct Cell {
    pub(super) atlas: usize,
    pub(super) origin_x: i32,
    pub(super) origin_y: i32,
    pub(super) ink: Option<InkBox>,
}

/// A rectangle of atlas pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct InkBox {
    pub(super) x: i32,
    pub(super) y: i32,
    pub(super) w: i32,
    pub(super) h: i32,
}

/// Where one glyph of a run lands: its key and the whole device pixel of its (phase-rounded) origin.
#[derive(Debug, Clone, Copy)]
pub(super) struct Placed {
    pub(super) key: GlyphKey,
    pub(super) x: i64,
    pub(super) y: i64,
    /// The pen advance after the glyph, in pixels.
    pub(super) advance: f64,
}

/// A run as the cache places it: its font and colour, the scale it is drawn at (device pixels a unit), and its
/// pen in device pixels.
#[derive(Debug, Clone, Copy)]
pub struct Pen<'r> {
    pub glyph: (FontId, Color),
    pub scale: f64,
    pub x: f64,
    pub y: f64,
    pub run: &'r GlyphRun,
}

/// Calls `each` with the device position of every glyph of the pen's run, in order, until it returns false.
/// Returns false when the run cannot be cached (its placements are not in the face's units, or
/// a glyph id does not fit Blend2D's 16 bits; `each` may have seen the glyphs before the one that says so) or
/// `each` stopped.
pub(super) fn place(fonts: &FontBook, pen: Pen<'_>, mut each: impl FnMut(Placed) -> bool) -> bool {
    let Pen { glyph: (font, _), scale, x, y, run } = pen;
    let bl_font = fonts.blend2d_font(font);
    let upem = bl_font.face_units_per_em();
    if upem == 0 || run.units_per_em != upem || run.glyphs.len() != run.placements.len() {
        return false;
    }
    // Blend2D maps design units by size / units per em, y up; the frame's scale maps those pixels to the device's.
    let px = (f64::from(bl_font.size()) * scale) as f32;
    let scale = f64::from(bl_font.size()) / f64::from(upem) * scale;
    let (mut pen_x, mut pen_y) = (0i64, 0i64);
    for (&glyph, p) in run.glyphs.iter().zip(&run.placements) {
        if glyph > u32::from(u16::MAX) {
            return false;
        }
        let gx = x + (pen_x + i64::from(p.offset_x)) as f64 * scale;
        let gy = y - (pen_y + i64::from(p.offset_y)) as f64 * scale;
        pen_x += i64::from(p.advance_x);
        pen_y += i64::from(p.advance_y);
        let (qx, qy) = (gx * PHASES, gy * PHASES);
        if !(qx.is_finite() && qy.is_finite() && qx.abs() < 1e12 && qy.abs() < 1e12) {
            return false;
        }
        // In quarter pixels, then whole pixels and the phase: integer arithmetic, where `round` and `floor` are
        // calls into libm on this target (a few per glyph, each frame, in every band).
        let (qx, qy) = (round_half_away(qx), round_half_away(qy));
        let phases = PHASES as i64;
        let placed = Placed {
            key: GlyphKey {
                font,
                px: px.to_bits(),
                glyph,
                phase_x: qx.rem_euclid(phases) as u8,
                phase_y: qy.rem_euclid(phases) as u8,
            },
            x: qx.div_euclid(phases),
            y: qy.div_euclid(phases),
            advance: f64::from(p.advance_x) * scale,
        };
        if !each(placed) {
            return false;
        }
    }
    true
}

/// `v` rounded to the nearest integer, halves away from zero (as `f64::round`), for `|v|` below 2^52.
fn round_half_away(v: f64) -> i64 {
    let magnitude = (v.abs() + 0.5) as i64;
    if v < 0.0 { -magnitude } else { magnitude }
}

/// The scale of a user transform that only scales (the same in x and y) and translates, the only transforms the
/// cache draws under (`None` for any other: a rotation, a skew, a mirror, a scale that differs along x and y).
pub fn uniform_scale(m: &[f64; 6]) -> Option<f64> {
    (m[1] == 0.0 && m[2] == 0.0 && m[0] == m[3] && m[0] > 0.0 && m[0].is_finite()).then_some(m[0])
}

/// The scale a glyph of `key` is drawn at: its device size over its font's size (1 exactly at 1x).
fn key_scale(fonts: &FontBook, key: &GlyphKey) -> f64 {
    let size = fonts.blend2d_font(key.font).size();
    if size > 0.0 { f64::from(f32::from_bits(key.px)) / f64::from(size) } else { 1.0 }
}

/// A glyph the cache lacks, or lacks in the colour `color` (its cell's atlas not tinted to it yet), with the
/// widest advance it is drawn with (pixels: the cell's width follows it).
#[derive(Debug, Clone, Copy)]
pub struct Wanted {
    pub(super) key: GlyphKey,
    pub(super) advance: f64,
    pub(super) color: u32,
}

/// One atlas image and its cells (their `atlas` index still to set).
pub(super) type Atlas = (Image, Vec<(GlyphKey, Cell)>);

/// The atlas' widest width in pixels; cells are packed in rows (shelves) across it.
const ATLAS_WIDTH: i32 = 1024;

/// Draws the cells of `wanted` into one new atlas image (`None` when there are none).
pub(super) fn build_atlas(
    g: &'static Goldberry,
    fonts: &FontBook,
    wanted: &[Wanted],
) -> Result<Option<Atlas>, NativeError> {
    if wanted.is_empty() {
        return Ok(None);
    }
    let cells = pack(fonts, wanted);
    let atlas_height = cells.iter().map(|p| p.cell.y + p.cell.h).max().unwrap_or(1);
    let atlas_height = u32::try_from(atlas_height).unwrap_or(1).max(1);
    // As wide as its widest shelf: a fill that adds a glyph or two (a figure at a new colour) takes a few hundred
    // bytes, not a full-width atlas (record 10); where each cell lies does not change.
    let used_width = cells.iter().map(|p| p.cell.x + p.cell.w).max().unwrap_or(1);
    let atlas_width = u32::try_from(used_width.clamp(1, ATLAS_WIDTH)).unwrap_or(1);
    let mut image = Image::new(g, atlas_width, atlas_height, PixelFormat::Prgb32)?;
    draw(g, &mut image, fonts, &cells)?;
    let rows = image.pixels()?;
    let out = cells
        .iter()
        .map(|p| {
            let ink = ink_box(&rows, p.cell);
            let (origin_x, origin_y) = (p.cell.x + p.origin_x, p.cell.y + p.origin_y);
            (p.wanted.key, Cell { atlas: 0, origin_x, origin_y, ink })
        })
        .collect();
    Ok(Some((image, out)))
}

/// A glyph's place in a new atlas: its cell, and its origin inside the cell.
struct Packed {
    wanted: Wanted,
    cell: InkBox,
    origin_x: i32,
    origin_y: i32,
}

/// Lays the cells out in shelves across [`ATLAS_WIDTH`]: room for the glyph's advance, 0.3 em right of it (0.6 for
/// Devanagari, an em for a glyph without advance) and 0.4 em left (more for a glyph without advance, a mark drawn
/// over the glyph before it, and for ligatures), the font's ascent and descent and 0.1 em above and below.
fn pack(fonts: &FontBook, wanted: &[Wanted]) -> Vec<Packed> {
    let mut cells = Vec::with_capacity(wanted.len());
    let (mut x, mut y, mut row_height) = (0i32, 0i32, 0i32);
    for w in wanted {
        let font = fonts.blend2d_font(w.key.font);
        let metrics = font.metrics();
        // All in device pixels: the font's metrics times the scale the glyph is drawn at.
        let s = key_scale(fonts, &w.key);
        let size = f64::from(font.size()) * s;
        let (ascent, descent) = (f64::from(metrics.ascent) * s, f64::from(metrics.descent) * s);
        let advance = w.advance.clamp(0.0, size * 4.0);
        // JetBrains Mono draws a ligature (`=>`, `->`, `===`) over the glyphs before it: room for two cells.
        let left = match fonts.face(w.key.font) {
            Face::Mono => size * 2.0,
            _ if advance < size * 0.05 => size * 0.7,
            _ => size * 0.4,
        };
        // The Devanagari i sign draws its arc over the letter after it, past 0.3 em. A glyph without advance drawn
        // past its pen (a font's .notdef box standing in for a mark it lacks: raster fuzz seed 63692) needs an em.
        let devanagari = fonts.face(w.key.font) == Face::NotoDevanagari;
        let right = if devanagari {
            size * 0.6
        } else if advance < size * 0.05 {
            size
        } else {
            size * 0.3
        };
        // A pixel of margin at 1x, as many at a scale as it covers: a glyph that just fits its cell at 1x still
        // fits at 2x.
        let margin = s.ceil() as i32;
        let origin_x = left.ceil() as i32 + margin;
        let origin_y = (ascent + size * 0.1).ceil() as i32 + margin;
        let width = (origin_x + (advance + right).ceil() as i32 + margin).clamp(1, ATLAS_WIDTH);
        let height = (origin_y + (descent + size * 0.1).ceil() as i32 + margin).max(1);
        if x + width > ATLAS_WIDTH {
            (x, y, row_height) = (0, y + row_height, 0);
        }
        cells.push(Packed { wanted: *w, cell: InkBox { x, y, w: width, h: height }, origin_x, origin_y });
        x += width;
        row_height = row_height.max(height);
    }
    cells
}

/// Draws the packed glyphs in opaque white (their coverage) into `atlas`, each at its cell's origin and phase, as
/// a run of its own placed by its origin in pixels (a run of many glyphs places each by whole design units, whose
/// rounding depended on the cell's place, record 19), through a context of its own over the cell's pixels alone.
/// Blend2D works a curve out in the target's coordinates, and rounds some a level apart at another place: drawn at
/// their cells' places in one context, 36 of 100 copies of a "W" came out unlike the first, so a glyph's pixels
/// depended on which glyphs the cache had seen before it, and a frame drawn over the one before differed from the
/// same frame drawn fresh (raster fuzz seed 6337). Drawn so, each is the same at any place. The cell's bounds clip
/// a glyph that overflows it, which would leave ink in its neighbour's. A glyph at another scale than 1 is drawn
/// under that scale, so that its outline is rasterized at its device size.
fn draw(g: &'static Goldberry, atlas: &mut Image, fonts: &FontBook, cells: &[Packed]) -> Result<(), NativeError> {
    let white = Style::Solid(Rgba32(0xffff_ffff));
    let mut run = GlyphRun {
        glyphs: vec![0],
        placements: vec![GlyphPlacement { offset_x: 0, offset_y: 0, advance_x: 0, advance_y: 0 }],
        clusters: vec![0],
        units_per_em: 0,
    };
    let rows = atlas.pixels_mut()?;
    let (stride, format) = (rows.stride, rows.format);
    for p in cells {
        let key = p.wanted.key;
        let font = fonts.blend2d_font(key.font);
        let s = key_scale(fonts, &key);
        run.glyphs[0] = key.glyph;
        run.units_per_em = font.face_units_per_em();
        let cell = p.cell;
        let (Ok(x), Ok(y), Ok(w), Ok(h)) =
            (usize::try_from(cell.x), usize::try_from(cell.y), u32::try_from(cell.w), u32::try_from(cell.h))
        else {
            continue;
        };
        let start = y * stride + x * format.bytes_per_pixel();
        let Some(pixels) = rows.data.get_mut(start..) else { continue };
        let mut view = ImageView::over_pixels(g, pixels, w, h, stride, format)?;
        let mut ctx = Context::begin_view(&mut view)?;
        ctx.set_fill(&white)?;
        let x = f64::from(p.origin_x) + f64::from(key.phase_x) / PHASES;
        let y = f64::from(p.origin_y) + f64::from(key.phase_y) / PHASES;
        if s == 1.0 {
            ctx.fill_glyph_run(&font, x, y, &run)?;
        } else {
            ctx.scale(s, s)?;
            ctx.fill_glyph_run(&font, x / s, y / s, &run)?;
        }
        ctx.end()?;
    }
    Ok(())
}

/// Where a cell tinted to one colour lies: its tint atlas and the top-left corner of its ink there.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tinted {
    pub(super) atlas: usize,
    pub(super) x: i32,
    pub(super) y: i32,
}

/// The cells' inks tinted to the colours runs are drawn in, by glyph and colour: each a copy of the cell's coverage
/// (opaque white) times the colour, as the glyph drawn in that colour onto transparent pixels would be. They are
/// made from the cells by a blit and a fill, never by rasterizing, so they are dropped rather than kept when they
/// grow (a theme's fade wants new colours every frame).
#[derive(Debug, Default)]
pub(super) struct Tints {
    cells: HashMap<(GlyphKey, u32), Tinted, std::hash::BuildHasherDefault<KeyHasher>>,
    atlases: Vec<Image>,
    /// The bytes of `atlases`' pixels.
    pub(super) bytes: usize,
}

impl Tints {
    /// The tint atlas and the ink's corner in it of glyph `key` in `color`.
    pub(super) fn get(&self, key: &GlyphKey, color: u32) -> Option<(&Image, i32, i32)> {
        let t = self.cells.get(&(*key, color))?;
        Some((self.atlases.get(t.atlas)?, t.x, t.y))
    }

    /// Whether glyph `key` is tinted to `color`.
    pub(super) fn contains(&self, key: &GlyphKey, color: u32) -> bool {
        self.cells.contains_key(&(*key, color))
    }

    /// Drops every tinted cell.
    pub(super) fn clear(&mut self) {
        *self = Tints::default();
    }

    /// Tints the inked cells of `wanted` (glyph and colour, sorted by colour) not tinted yet: one new tint atlas per
    /// colour, the inks copied in shelves, then the whole atlas filled with the colour where the inks are.
    pub(super) fn add(
        &mut self,
        g: &'static Goldberry,
        (cells, atlases): (&Cells, &[Image]),
        wanted: &[(GlyphKey, u32)],
    ) -> Result<(), NativeError> {
        let mut start = 0;
        while start < wanted.len() {
            let color = wanted[start].1;
            let end = wanted[start..].iter().position(|w| w.1 != color).map_or(wanted.len(), |n| start + n);
            let inks: Vec<(GlyphKey, usize, InkBox)> = wanted[start..end]
                .iter()
                .filter(|(key, _)| !self.contains(key, color))
                .filter_map(|(key, _)| cells.get(key).and_then(|c| c.ink.map(|ink| (*key, c.atlas, ink))))
                .collect();
            start = end;
            if inks.is_empty() {
                continue;
            }
            let (mut x, mut y, mut shelf) = (0i32, 0i32, 0i32);
            let mut placed = Vec::with_capacity(inks.len());
            for (key, atlas, ink) in inks {
                if x + ink.w > ATLAS_WIDTH {
                    (x, y, shelf) = (0, y + shelf, 0);
                }
                placed.push((key, atlas, ink, x, y));
                x += ink.w;
                shelf = shelf.max(ink.h);
            }
            let width = placed.iter().map(|p| p.3 + p.2.w).max().unwrap_or(1).max(1);
            let height = (y + shelf).max(1);
            let mut image = Image::new(g, width as u32, height as u32, PixelFormat::Prgb32)?;
            {
                let mut ctx = Context::begin(&mut image)?;
                ctx.set_comp_op(CompOp::SrcCopy)?;
                for (_, atlas, ink, x, y) in &placed {
                    let Some(source) = atlases.get(*atlas) else { continue };
                    let area = PixelArea { x: ink.x, y: ink.y, w: ink.w, h: ink.h };
                    ctx.blit_image_area(f64::from(*x), f64::from(*y), source, area)?;
                }
                // Source in destination: the colour times each pixel's coverage, nothing where there is none.
                ctx.set_comp_op(CompOp::SrcIn)?;
                ctx.set_fill(&Style::Solid(Rgba32(color)))?;
                ctx.fill_all()?;
                ctx.end()?;
            }
            let index = self.atlases.len();
            self.bytes += width as usize * height as usize * 4;
            self.atlases.push(image);
            for (key, _, _, x, y) in placed {
                self.cells.insert((key, color), Tinted { atlas: index, x, y });
            }
        }
        Ok(())
    }
}

/// The smallest rectangle of `cell` holding every pixel with some alpha (`None`: none has). Premultiplied:
/// a pixel has alpha exactly when it is not all zero.
fn ink_box(rows: &PixelRows<'_>, cell: InkBox) -> Option<InkBox> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, i32::MAX, 0usize, i32::MIN);
    let start = cell.x as usize * 4;
    for y in cell.y..cell.y + cell.h {
        let Some(bytes) = rows.row(y as u32).and_then(|row| row.get(start..start + cell.w as usize * 4)) else {
            continue;
        };
        let pixels = || bytes.chunks_exact(4).map(|p| u32::from_ne_bytes([p[0], p[1], p[2], p[3]]));
        let Some(first) = pixels().position(|p| p != 0) else { continue };
        let last = pixels().rposition(|p| p != 0).unwrap_or(first);
        (x0, x1, y0, y1) = (x0.min(first), x1.max(last), y0.min(y), y1.max(y));
    }
    (y0 <= y1).then(|| InkBox { x: cell.x + x0 as i32, y: y0, w: (x1 - x0) as i32 + 1, h: y1 - y0 + 1 })
}
