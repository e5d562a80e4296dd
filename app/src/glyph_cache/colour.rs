//! Colour cells: the glyphs of a colour face (Noto Color Emoji's CBDT bitmaps), each decoded from the PNG of the
//! strike nearest its device size, scaled to that size and kept as a premultiplied RGBA image of its own, apart
//! from the coverage cells (`glyph_cache::cells`) and with a budget of its own ([`MAX_COLOUR_BYTES`]).
//!
//! A colour cell is keyed by font, device size and glyph: a bitmap has no sub-pixel phase worth keeping (it is
//! resampled once, to whole device pixels), nor a colour to tint. Its image is blitted at the whole device pixel
//! nearest the glyph's ink box. Blend2D never draws a colour face's glyphs: the beta draws outlines only, and
//! the face it holds for a colour font is a stand-in that sizes it (see `fonts::load`).
//!
//! A glyph whose bitmap does not decode (a corrupt or cut-short PNG) is drawn as a hollow box the size of its
//! ink, the way a font's .notdef looks, with one warning per process: never a panic, never an error that stops
//! the frame.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, Ordering};

use goldberry_natives::blend2d::{Context, Image, PixelFormat, Rgba32, Style};
use goldberry_natives::glyphs::GlyphRun;
use goldberry_natives::harfbuzz::{GlyphExtents, PaintOp, PaintSink};
use goldberry_natives::{Goldberry, NativeError};

use super::cells::{KeyHasher, uniform_scale};
use super::{AtlasPage, GlyphCache, Pen};
use crate::fonts::FontBook;
use crate::geom::{Color, FontId};

/// How many bytes the colour cells' images may hold before they are all dropped (and decoded again as frames
/// want them): 200 emoji at 28 device pixels take about 0.7 MiB.
pub const MAX_COLOUR_BYTES: usize = 8 << 20;

/// The largest side (device pixels) a colour cell is made at: a glyph drawn larger is drawn this large, from its
/// top-left corner (a 4K-wide emoji would be 64 MiB; text sizes at 4x stay under 300).
const MAX_CELL_SIDE: f64 = 512.0;

/// One colour glyph at one device size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColourKey {
    font: FontId,
    /// `f32::to_bits` of the device size (pixels per em): the font's size times the frame's scale.
    px: u32,
    glyph: u32,
}

impl std::hash::Hash for ColourKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // One word, as a coverage cell's key: every frame looks up each colour glyph it draws.
        state.write_u64((u64::from(self.glyph) | u64::from(self.font.0) << 32) ^ u64::from(self.px).rotate_left(41));
    }
}

/// A colour glyph's pixels, and where their top-left corner lies from the glyph's origin (device pixels, y down).
#[derive(Debug)]
pub(super) struct ColourCell {
    /// `None` for a glyph without a bitmap (a space, a joiner).
    image: Option<Image>,
    left: i32,
    top: i32,
}

/// The colour cells and the bytes of their images.
#[derive(Debug, Default)]
pub(super) struct ColourCells {
    cells: HashMap<ColourKey, ColourCell, BuildHasherDefault<KeyHasher>>,
    bytes: usize,
}

impl ColourCells {
    /// The number of cells.
    pub(super) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The bytes of the cells' images.
    pub(super) fn bytes(&self) -> usize {
        self.bytes
    }
}

/// Where one glyph of a colour run lands: its key and the whole device pixel of its origin.
#[derive(Debug, Clone, Copy)]
struct ColourPlaced {
    key: ColourKey,
    x: i64,
    y: i64,
}

/// Calls `each` with every glyph of the pen's run (a colour face's), placed at whole device pixels.
fn place_colour(fonts: &FontBook, pen: Pen<'_>, mut each: impl FnMut(ColourPlaced)) {
    let Pen { glyph: (font, _), scale, x, y, run } = pen;
    let size = f64::from(fonts.size_px(font));
    let upem = f64::from(run.units_per_em);
    if upem <= 0.0 || !(size * scale).is_finite() || run.glyphs.len() != run.placements.len() {
        return;
    }
    let px = (size * scale) as f32;
    let units = size / upem * scale;
    let (mut pen_x, mut pen_y) = (0i64, 0i64);
    for (&glyph, p) in run.glyphs.iter().zip(&run.placements) {
        let gx = x + (pen_x + i64::from(p.offset_x)) as f64 * units;
        let gy = y - (pen_y + i64::from(p.offset_y)) as f64 * units;
        pen_x += i64::from(p.advance_x);
        pen_y += i64::from(p.advance_y);
        if !(gx.abs() < 1e12 && gy.abs() < 1e12) {
            continue;
        }
        each(ColourPlaced {
            key: ColourKey { font, px: px.to_bits(), glyph },
            x: gx.round() as i64,
            y: gy.round() as i64,
        });
    }
}

impl GlyphCache {
    /// Adds to `missing` the glyphs of the pen's run (a colour face's) that have no colour cell yet.
    pub fn collect_colour(&self, fonts: &FontBook, pen: Pen<'_>, missing: &mut Vec<ColourKey>) {
        let mut sources = super::watch::is_watched(pen.glyph.0, pen.run).then(Vec::new);
        place_colour(fonts, pen, |p| {
            let held = self.colour.cells.contains_key(&p.key);
            if let Some(sources) = sources.as_mut() {
                sources.push(if held { super::watch::Source::ColourHeld } else { super::watch::Source::ColourMade });
            }
            if !held {
                missing.push(p.key);
            }
        });
        if let Some(sources) = sources {
            super::watch::answer(sources);
        }
    }

    /// Decodes the cells of `missing` (deduplicated here); past [`MAX_COLOUR_BYTES`] every colour cell is dropped
    /// first.
    pub(super) fn add_colour_cells(
        &mut self,
        g: &'static Goldberry,
        fonts: &FontBook,
        mut missing: Vec<ColourKey>,
    ) -> Result<(), NativeError> {
        missing.sort_unstable_by_key(|k| (k.font.0, k.px, k.glyph));
        missing.dedup();
        missing.retain(|key| !self.colour.cells.contains_key(key));
        if missing.is_empty() {
            return Ok(());
        }
        if self.colour.bytes > MAX_COLOUR_BYTES {
            self.colour = ColourCells::default();
        }
        for key in missing {
            let cell = make_cell(g, fonts, key)?;
            self.colour.bytes += cell.image.as_ref().map_or(0, |i| i.width() as usize * i.height() as usize * 4);
            self.colour.cells.insert(key, cell);
        }
        Ok(())
    }

    /// The pixels of the colour cell of `glyph` of `font` at `px` device pixels per em, and its width, when the
    /// cache holds one with an image (for tests).
    #[cfg(test)]
    pub(super) fn colour_pixels_of(&self, font: FontId, glyph: u32, px: f32) -> Option<(Vec<u32>, usize)> {
        self.colour_cell_of(font, glyph, px).map(|(pixels, w, _)| (pixels, w))
    }

    /// [`GlyphCache::colour_pixels_of`], with where the cell's top-left corner lies from the glyph's origin.
    #[cfg(test)]
    pub(super) fn colour_cell_of(&self, font: FontId, glyph: u32, px: f32) -> Option<(Vec<u32>, usize, (i32, i32))> {
        let cell = self.colour.cells.get(&ColourKey { font, px: px.to_bits(), glyph })?;
        let image = cell.image.as_ref()?;
        let rows = image.pixels().ok()?;
        let pixels = (0..rows.height)
            .filter_map(|y| rows.row(y))
            .flat_map(|row| row.chunks_exact(4).map(|p| u32::from_ne_bytes([p[0], p[1], p[2], p[3]])))
            .collect();
        Some((pixels, image.width() as usize, (cell.left, cell.top)))
    }

    /// How many colour cells the cache holds, and the bytes of their images (the inspector and the tests read it).
    pub fn colour_cells(&self) -> (usize, usize) {
        (self.colour.len(), self.colour.bytes())
    }

    /// The colour cells as a page of their own, shelf-packed `width` pixels wide in the cache's order (the
    /// inspector's map draws it beside the coverage atlases); a cell without an image takes no room.
    pub fn colour_page(&self, width: u32) -> AtlasPage {
        let mut sizes: Vec<(u32, u32)> =
            self.colour.cells.values().filter_map(|c| c.image.as_ref()).map(|i| (i.width(), i.height())).collect();
        // Tallest first, so a shelf wastes little; the map is a picture of the bytes, not of where cells lie.
        sizes.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
        let width = width.max(sizes.iter().map(|s| s.0).max().unwrap_or(1));
        let (mut x, mut y, mut shelf) = (0u32, 0u32, 0u32);
        let mut cells = Vec::with_capacity(sizes.len());
        for (w, h) in sizes {
            if x > 0 && x + w > width {
                (x, y, shelf) = (0, y + shelf, 0);
            }
            cells.push([x as i32, y as i32, w as i32, h as i32]);
            x += w;
            shelf = shelf.max(h);
        }
        AtlasPage { width, height: (y + shelf).max(1), cells }
    }
}

/// Draws a run of a colour face (pen at (`x`, `y`) in user space) from `cache`'s colour cells, decoding a
/// glyph the cache lacks now (and not keeping it: the cache is only read while drawing). Under a scale and a
/// translation the cells are made at the device size and blitted at whole device pixels; under any other
/// transform, at the font's size, blitted in user space.
pub fn draw_colour_run(
    ctx: &mut Context<'_>,
    g: &'static Goldberry,
    fonts: &FontBook,
    cache: Option<&GlyphCache>,
    (font, x, y): (FontId, f64, f64),
    run: &GlyphRun,
) -> Result<(), NativeError> {
    let m = ctx.user_transform()?;
    let device = uniform_scale(&m);
    let (scale, px, py) = match device {
        Some(s) => (s, x * s + m[4], y * s + m[5]),
        None => (1.0, x, y),
    };
    let pen = Pen { glyph: (font, Color(0)), scale, x: px, y: py, run };
    let mut placed = Vec::with_capacity(run.len());
    place_colour(fonts, pen, |p| placed.push(p));
    if device.is_some() {
        ctx.save()?;
        ctx.reset_transform()?;
    }
    let result = (|| {
        for p in placed {
            let made;
            let cell = match cache.and_then(|c| c.colour.cells.get(&p.key)) {
                Some(cell) => cell,
                None => {
                    made = make_cell(g, fonts, p.key)?;
                    &made
                }
            };
            if let Some(image) = &cell.image {
                ctx.blit_image((p.x + i64::from(cell.left)) as f64, (p.y + i64::from(cell.top)) as f64, image)?;
            }
        }
        Ok(())
    })();
    if device.is_some() {
        ctx.restore()?;
    }
    result
}

/// Whether a bitmap that did not decode has been warned of (once per process: a font's bad glyph is drawn
/// every frame).
static WARNED: AtomicBool = AtomicBool::new(false);

/// Decodes and scales one colour glyph (see the module docs).
fn make_cell(g: &'static Goldberry, fonts: &FontBook, key: ColourKey) -> Result<ColourCell, NativeError> {
    let px = f64::from(f32::from_bits(key.px));
    let empty = ColourCell { image: None, left: 0, top: 0 };
    if !(px > 0.0 && px.is_finite()) {
        return Ok(empty);
    }
    if fonts.is_colr(key.font) {
        return colr_cell(g, fonts, key, px);
    }
    let ppem = px.ceil().min(f64::from(u16::MAX)) as u32;
    let Some(bitmap) = fonts.colour_bitmap(key.font, key.glyph, ppem) else { return Ok(empty) };
    let upem = f64::from(fonts.face_units_per_em(key.font).max(1));
    let units = px / upem;
    let GlyphExtents { x_bearing, y_bearing, width, height } = bitmap.extents;
    // The ink box in device pixels, y down, on whole pixels.
    let left = (f64::from(x_bearing) * units).round();
    let top = (-f64::from(y_bearing) * units).round();
    let w = (f64::from(width) * units).round().clamp(1.0, MAX_CELL_SIDE);
    let h = (-f64::from(height) * units).round().clamp(1.0, MAX_CELL_SIDE);
    let (w, h) = (w as usize, h as usize);
    let pixels = match decode_scaled(&bitmap.png, (w, h)) {
        Ok(pixels) => pixels,
        Err(error) => {
            if !WARNED.swap(true, Ordering::Relaxed) {
                tracing::warn!(
                    "colour glyph {} of {} does not decode ({error}): drawn as an empty box",
                    key.glyph,
                    fonts.family(key.font)
                );
            }
            hollow_box(w, h)
        }
    };
    let mut image = Image::new(g, w as u32, h as u32, PixelFormat::Prgb32)?;
    {
        let rows = image.pixels_mut()?;
        let stride = rows.stride;
        for (y, row) in pixels.chunks_exact(w).enumerate() {
            let Some(out) = rows.data.get_mut(y * stride..y * stride + w * 4) else { break };
            for (o, p) in out.chunks_exact_mut(4).zip(row) {
                o.copy_from_slice(&p.to_ne_bytes());
            }
        }
    }
    Ok(ColourCell { image: Some(image), left: left as i32, top: top as i32 })
}

/// Keeps a COLR glyph's paint operations.
struct Keep(Vec<PaintOp>);

impl PaintSink for Keep {
    fn paint(&mut self, op: PaintOp) {
        self.0.push(op);
    }
}

/// Paints one COLR glyph at `px` device pixels per em into a cell: its paint operations through HarfBuzz's
/// callbacks, drawn by Blend2D ([`super::paint`]) in a box around its ink. A glyph whose painting faulted (see
/// `PaintFault`), or that has ink and paints nothing (a bad graph HarfBuzz stopped following), is drawn from its
/// outline in mid grey, warned once.
fn colr_cell(g: &'static Goldberry, fonts: &FontBook, key: ColourKey, px: f64) -> Result<ColourCell, NativeError> {
    let empty = ColourCell { image: None, left: 0, top: 0 };
    let Some(outline) = fonts.outline_font(key.font) else { return Ok(empty) };
    let mut keep = Keep(Vec::new());
    let fault = fonts.paint_colour_glyph(key.font, key.glyph, &mut keep).and_then(|painted| painted.fault);
    // A glyph whose paint filled nothing met a bad graph HarfBuzz stopped following (a cycle, a chain too deep):
    // it is drawn from its outline, as a fault is, in its advance and the face's ascent and descent (HarfBuzz
    // gives such a glyph no extents).
    let filled = keep.0.iter().any(|op| {
        matches!(
            op,
            PaintOp::Solid { .. }
                | PaintOp::LinearGradient { .. }
                | PaintOp::RadialGradient { .. }
                | PaintOp::SweepGradient { .. }
                | PaintOp::Image { .. }
        )
    });
    let fault = fault.map(|f| format!("{f:?}")).or_else(|| (!filled).then(|| "it paints nothing".to_owned()));
    let e = match fonts.glyph_extents(key.font, key.glyph).filter(|e| e.width != 0 && e.height != 0) {
        Some(e) => e,
        None if fault.is_some() => fonts.glyph_box(key.font, key.glyph),
        None => return Ok(empty),
    };
    if e.width == 0 || e.height == 0 {
        return Ok(empty);
    }
    let units = px / f64::from(fonts.face_units_per_em(key.font).max(1));
    let (left, top) = ((f64::from(e.x_bearing) * units).floor(), (-f64::from(e.y_bearing) * units).floor());
    let right = (f64::from(e.x_bearing + e.width) * units).ceil();
    let bottom = (-f64::from(e.y_bearing + e.height) * units).ceil();
    let (w, h) = ((right - left).clamp(1.0, MAX_CELL_SIDE), (bottom - top).clamp(1.0, MAX_CELL_SIDE));
    let mut image = Image::new(g, w as u32, h as u32, PixelFormat::Prgb32)?;
    {
        let mut ctx = Context::begin(&mut image)?;
        ctx.translate(-left, -top)?;
        ctx.scale(units, -units)?;
        if let Some(fault) = fault {
            if !WARNED.swap(true, Ordering::Relaxed) {
                tracing::warn!(
                    "colour glyph {} of {} stopped painting ({fault}): drawn from its outline",
                    key.glyph,
                    fonts.family(key.font)
                );
            }
            let run = GlyphRun {
                glyphs: vec![key.glyph],
                placements: vec![Default::default()],
                clusters: vec![0],
                units_per_em: outline.face_units_per_em(),
            };
            ctx.scale(1.0, -1.0)?;
            ctx.set_fill(&Style::Solid(Rgba32(0xff80_8080)))?;
            ctx.fill_glyph_run(&outline, 0.0, 0.0, &run)?;
        } else {
            super::paint::draw_paint(g, &mut ctx, (w as u32, h as u32), &outline, &keep.0)?;
        }
        ctx.end()?;
    }
    Ok(ColourCell { image: Some(image), left: left as i32, top: top as i32 })
}

/// Why a bitmap did not decode.
#[derive(Debug, thiserror::Error)]
enum DecodeError {
    #[error("{0}")]
    Png(#[from] png::DecodingError),
    #[error("a PNG of {0}x{1} pixels")]
    Size(u32, u32),
    #[error("a row of {0} pixels where the header says {1}")]
    Row(usize, usize),
}

/// The PNG's pixels as premultiplied `0xAARRGGBB` words, with its width and height. A palette image (what Noto's
/// strikes are) is read as indices into its palette premultiplied once, not expanded and premultiplied per pixel.
fn decode_premultiplied(png_bytes: &[u8]) -> Result<(usize, usize, Vec<u32>), DecodeError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::STRIP_16);
    let mut reader = decoder.read_info()?;
    let (w, h) = checked_size(reader.info())?;
    let lut = palette_lut(reader.info());
    let mut buf = vec![0u8; reader.output_buffer_size().ok_or(DecodeError::Size(w as u32, h as u32))?];
    let info = reader.next_frame(&mut buf)?;
    let mut out: Vec<[u32; 4]> = Vec::with_capacity(w * h);
    let (color, bits) = (info.color_type, info.bit_depth as usize);
    if bits == 8 || color == png::ColorType::Indexed {
        for row in buf.chunks(info.line_size).take(h) {
            pixels_of_row(row, (color, bits), lut.as_deref(), w, &mut out)?;
        }
    } else {
        // Grey of fewer than 8 bits: rare enough to expand through the decoder.
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info()?;
        let mut buf = vec![0u8; reader.output_buffer_size().ok_or(DecodeError::Size(w as u32, h as u32))?];
        let info = reader.next_frame(&mut buf)?;
        for row in buf.chunks(info.line_size).take(h) {
            pixels_of_row(row, (info.color_type, 8), None, w, &mut out)?;
        }
    }
    if out.len() != w * h {
        return Err(DecodeError::Size(w as u32, h as u32));
    }
    Ok((w, h, out.into_iter().map(pack).collect()))
}

/// The PNG's pixels premultiplied and resampled to `to` (width, height) as it inflates: each row, as the decoder
/// gives it, is read and resampled across at once, so the strike's full-size pixels are never kept nor read twice
/// (the same pixels as [`decode_premultiplied`] then [`resample`]: the same arithmetic in the same order). An
/// interlaced image, or grey of fewer than 8 bits, takes that longer way.
fn decode_scaled(png_bytes: &[u8], to: (usize, usize)) -> Result<Vec<u32>, DecodeError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::STRIP_16);
    let mut reader = decoder.read_info()?;
    let (w, h) = checked_size(reader.info())?;
    let (color, depth) = reader.output_color_type();
    let bits = depth as usize;
    let lut = palette_lut(reader.info());
    if reader.info().interlaced || !(bits == 8 || color == png::ColorType::Indexed) {
        let (sw, sh, source) = decode_premultiplied(png_bytes)?;
        return Ok(resample(&source, (sw, sh), to));
    }
    let across = Taps::new(w, to.0);
    let mut rows = vec![[0u32; 4]; to.0 * h];
    let mut line = Vec::with_capacity(w);
    let mut y = 0;
    while let Some(row) = reader.next_row()? {
        let Some(out) = rows.get_mut(y * to.0..(y + 1) * to.0) else { break };
        line.clear();
        pixels_of_row(row.data(), (color, bits), lut.as_deref(), w, &mut line)?;
        resample_row(&line, &across, out);
        y += 1;
    }
    if y != h {
        return Err(DecodeError::Size(w as u32, h as u32));
    }
    Ok(resample_down(&rows, (to.0, h), to.1))
}

/// The PNG's width and height, refused when either is 0 or past what an emoji strike can be.
fn checked_size(info: &png::Info<'_>) -> Result<(usize, usize), DecodeError> {
    let (w, h) = info.size();
    // An emoji strike is at most a few hundred pixels a side; a header that says more is a corrupt one.
    if w == 0 || h == 0 || w > 4096 || h > 4096 {
        return Err(DecodeError::Size(w, h));
    }
    Ok((w as usize, h as usize))
}

/// Appends the `w` pixels of one decoded row to `out`, premultiplied, as their channels: indices of `bits` bits
/// into `lut` (packed from the high bits of each byte), or 8-bit channels of `color`.
fn pixels_of_row(
    row: &[u8],
    (color, bits): (png::ColorType, usize),
    lut: Option<&[[u32; 4]]>,
    w: usize,
    out: &mut Vec<[u32; 4]>,
) -> Result<(), DecodeError> {
    let before = out.len();
    match (color, lut) {
        (png::ColorType::Indexed, Some(lut)) if bits == 8 => {
            out.extend(row.iter().take(w).map(|&i| lut[usize::from(i)]))
        }
        (png::ColorType::Indexed, Some(lut)) => {
            let bits = bits.clamp(1, 8);
            let (per_byte, mask) = (8 / bits, (1u16 << bits) - 1);
            let indices = row
                .iter()
                .flat_map(|&b| (0..per_byte).map(move |i| ((u16::from(b) >> (8 - bits * (i + 1))) & mask) as usize));
            out.extend(indices.take(w).map(|i| lut[i]));
        }
        (png::ColorType::Indexed, None) => {}
        (color, _) => {
            let channels = match color {
                png::ColorType::Rgba => 4,
                png::ColorType::Rgb => 3,
                png::ColorType::GrayscaleAlpha => 2,
                _ => 1,
            };
            out.extend(row.chunks_exact(channels).take(w).map(|p| {
                let (r, g, b, a) = match channels {
                    4 => (p[0], p[1], p[2], p[3]),
                    3 => (p[0], p[1], p[2], 255),
                    2 => (p[0], p[0], p[0], p[1]),
                    _ => (p[0], p[0], p[0], 255),
                };
                channels_of(premultiply(r, g, b, a))
            }));
        }
    }
    if out.len() - before != w {
        return Err(DecodeError::Row(out.len() - before, w));
    }
    Ok(())
}

/// [`decode_premultiplied`] for the tests: width, height, pixels (panics on a bad PNG).
#[cfg(test)]
pub(super) fn decode_for_tests(png_bytes: &[u8]) -> (usize, usize, Vec<u32>) {
    match decode_premultiplied(png_bytes) {
        Ok(decoded) => decoded,
        Err(e) => panic!("a PNG the test wrote does not decode: {e}"),
    }
}

/// One pixel premultiplied, as `0xAARRGGBB`.
fn premultiply(r: u8, g: u8, b: u8, a: u8) -> u32 {
    let pm = |c: u8| (u32::from(c) * u32::from(a) + 127) / 255;
    u32::from(a) << 24 | pm(r) << 16 | pm(g) << 8 | pm(b)
}

/// A premultiplied `0xAARRGGBB` pixel as its channels, alpha first: what the resampling weighs, unpacked once
/// per palette entry rather than once per pixel and tap.
fn channels_of(p: u32) -> [u32; 4] {
    [p >> 24, (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff]
}

/// [`channels_of`] undone.
fn pack(c: [u32; 4]) -> u32 {
    c[0] << 24 | c[1] << 16 | c[2] << 8 | c[3]
}

/// A palette image's 256 colours, premultiplied, with the alpha of its tRNS chunk (`None` without a palette).
fn palette_lut(info: &png::Info<'_>) -> Option<Vec<[u32; 4]>> {
    let palette = info.palette.as_ref()?;
    let alpha = info.trns.as_deref().unwrap_or(&[]);
    // Indexed by a byte: 256 entries whatever the palette's length, so no index reads past it.
    let mut lut = vec![[0u32; 4]; 256];
    for (i, rgb) in palette.chunks_exact(3).take(256).enumerate() {
        lut[i] = channels_of(premultiply(rgb[0], rgb[1], rgb[2], alpha.get(i).copied().unwrap_or(255)));
    }
    Some(lut)
}

/// Resamples premultiplied pixels from `from` to `to` (width, height): each destination pixel the average of the
/// source pixels it covers, in part at its edges (a box filter: a strike scaled down to a text size keeps its
/// detail without aliasing), or, scaled up, interpolated between the nearest four (bilinear). Fixed point (weights
/// in 1/65536), rows first, then columns: this runs once per colour glyph a frame lacks.
fn resample(source: &[u32], from: (usize, usize), to: (usize, usize)) -> Vec<u32> {
    let across = Taps::new(from.0, to.0);
    let mut rows = vec![[0u32; 4]; to.0 * from.1];
    let mut unpacked = Vec::with_capacity(from.0);
    for (line, out) in source.chunks_exact(from.0).zip(rows.chunks_exact_mut(to.0)) {
        unpacked.clear();
        unpacked.extend(line.iter().map(|&p| channels_of(p)));
        resample_row(&unpacked, &across, out);
    }
    resample_down(&rows, (to.0, from.1), to.1)
}

/// One source row resampled across: each channel times 65536, in u32 (255 << 16 fits).
fn resample_row(line: &[[u32; 4]], across: &Taps, out: &mut [[u32; 4]]) {
    for (x, o) in out.iter_mut().enumerate() {
        let mut sum = [0u32; 4];
        for (p, &w) in line[across.start[x]..].iter().zip(across.weights(x)) {
            for k in 0..4 {
                sum[k] += p[k] * w;
            }
        }
        *o = sum;
    }
}

/// The rows resampled across (`size`: their width and how many), resampled down to `to_h` rows.
fn resample_down(rows: &[[u32; 4]], (w, from_h): (usize, usize), to_h: usize) -> Vec<u32> {
    let down = Taps::new(from_h, to_h);
    let mut out = vec![0u32; w * to_h];
    for (y, line) in out.chunks_exact_mut(w).enumerate() {
        let (first, weights) = (down.start[y], down.weights(y));
        for (x, o) in line.iter_mut().enumerate() {
            let mut sum = [0u64; 4];
            for (i, &wt) in weights.iter().enumerate() {
                let c = rows[(first + i) * w + x];
                for k in 0..4 {
                    sum[k] += u64::from(c[k]) * u64::from(wt);
                }
            }
            // Back from 1/2^32 with rounding; premultiplied: no channel above alpha, whatever the rounding.
            let q = |v: u64| ((v + (1 << 31)) >> 32).min(255) as u32;
            let a = q(sum[0]);
            *o = a << 24 | q(sum[1]).min(a) << 16 | q(sum[2]).min(a) << 8 | q(sum[3]).min(a);
        }
    }
    out
}

/// For each destination pixel along an axis, the first source pixel it takes and the weights (in 1/65536, summing
/// to 65536) of it and the ones after it.
struct Taps {
    start: Vec<usize>,
    /// Where each destination pixel's weights start in `flat` (one more entry than pixels).
    at: Vec<usize>,
    flat: Vec<u32>,
}

impl Taps {
    fn new(from: usize, to: usize) -> Taps {
        let ratio = from as f64 / to as f64;
        let (mut start, mut at, mut flat) = (Vec::with_capacity(to), Vec::with_capacity(to + 1), Vec::new());
        let mut weights: Vec<f64> = Vec::with_capacity(ratio.ceil() as usize + 1);
        for d in 0..to {
            at.push(flat.len());
            weights.clear();
            if ratio >= 1.0 {
                // Box: the source span [d, d + 1) * ratio, its end pixels in part.
                let (s, e) = (d as f64 * ratio, (d as f64 + 1.0) * ratio);
                let first = (s.floor() as usize).min(from - 1);
                start.push(first);
                let mut i = first;
                while (i as f64) < e && i < from {
                    weights.push(((e.min(i as f64 + 1.0) - s.max(i as f64)) / ratio).max(0.0));
                    i += 1;
                }
            } else {
                // Bilinear: the destination pixel's centre mapped into the source.
                let centre = ((d as f64 + 0.5) * ratio - 0.5).clamp(0.0, (from - 1) as f64);
                let i = centre.floor() as usize;
                let t = centre - i as f64;
                start.push(i);
                weights.push(1.0 - t);
                if i + 1 < from {
                    weights.push(t);
                }
            }
            // In 1/65536, the rounding put on the largest so that they sum to exactly 65536.
            let first = flat.len();
            flat.extend(weights.iter().map(|w| (w * 65536.0).round() as u32));
            let fixed = &mut flat[first..];
            let total: u32 = fixed.iter().sum();
            if let Some(largest) = (0..fixed.len()).max_by_key(|&i| fixed[i]) {
                fixed[largest] = (fixed[largest] + 65536).saturating_sub(total);
            }
        }
        at.push(flat.len());
        Taps { start, at, flat }
    }

    fn weights(&self, d: usize) -> &[u32] {
        &self.flat[self.at[d]..self.at[d + 1]]
    }
}

/// A `w` x `h` box outlined in mid grey, one pixel wide: what a glyph whose bitmap does not decode looks like.
fn hollow_box(w: usize, h: usize) -> Vec<u32> {
    let grey = 0xff80_8080;
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            if x == 0 || y == 0 || x + 1 == w || y + 1 == h { grey } else { 0 }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_filter_keeps_the_average_and_a_premultiplied_pixel_stays_valid() {
        // A 4x4 checker of opaque red and transparent, halved: every pixel half-covered red.
        let red = 0xffff_0000;
        let source: Vec<u32> = (0..16).map(|i| if (i % 4 + i / 4) % 2 == 0 { red } else { 0 }).collect();
        let out = resample(&source, (4, 4), (2, 2));
        assert!(out.iter().all(|&p| p == 0x8080_0000), "{out:08x?}");
        // Scaled up, an opaque pixel stays opaque.
        let up = resample(&[red; 4], (2, 2), (5, 5));
        assert!(up.iter().all(|&p| p == red), "{up:08x?}");
    }

    #[test]
    fn scaling_as_it_inflates_gives_the_pixels_of_decoding_then_scaling() {
        // A palette image of 4-bit indices and an RGBA one, scaled down and up.
        let (w, h) = (37u32, 23u32);
        let encode = |color: png::ColorType, depth: png::BitDepth, data: &[u8]| {
            let mut bytes = Vec::new();
            let mut encoder = png::Encoder::new(&mut bytes, w, h);
            encoder.set_color(color);
            encoder.set_depth(depth);
            if color == png::ColorType::Indexed {
                encoder.set_palette((0..16u8).flat_map(|i| [i * 16, 255 - i * 8, i * 3]).collect::<Vec<_>>());
                encoder.set_trns((0..16u8).map(|i| 255 - i * 9).collect::<Vec<_>>());
            }
            let mut writer = encoder.write_header().expect("header");
            writer.write_image_data(data).expect("data");
            drop(writer);
            bytes
        };
        let row_bytes = (w as usize).div_ceil(2);
        let indexed: Vec<u8> = (0..row_bytes * h as usize).map(|i| (i * 37 % 251) as u8).collect();
        let rgba: Vec<u8> = (0..(w * h * 4) as usize).map(|i| (i * 53 % 256) as u8).collect();
        for png_bytes in [
            encode(png::ColorType::Indexed, png::BitDepth::Four, &indexed),
            encode(png::ColorType::Rgba, png::BitDepth::Eight, &rgba),
        ] {
            let (sw, sh, source) = decode_premultiplied(&png_bytes).expect("decodes");
            for to in [(14, 9), (5, 30), (80, 51)] {
                assert_eq!(decode_scaled(&png_bytes, to).expect("decodes"), resample(&source, (sw, sh), to), "{to:?}");
            }
        }
    }

    #[test]
    fn a_corrupt_png_is_an_error_not_a_panic() {
        assert!(decode_premultiplied(b"\x89PNG\r\n\x1a\n garbage").is_err());
        assert!(decode_premultiplied(&[]).is_err());
        assert!(decode_scaled(b"\x89PNG\r\n\x1a\n garbage", (4, 4)).is_err());
    }
}
