//! What the `peers` bench and the `peers` test share: the overview's display list flattened for every backend
//! alike, its glyphs as skrifa outlines, and one replay per pure-Rust peer (vello_cpu, tiny-skia), plus the
//! scene's layout rebuilt for Yoga and taffy and the scene's texts for HarfBuzz and harfrust.
//!
//! Everything here reads the app through its public API only: `Stage::new` / `Stage::record` record the list,
//! `FontBook::files` / `FontBook::face` / `FontBook::size_px` name each glyph run's font file and size, and
//! `Renderer::render` draws the flattened list through the holders.

#![allow(dead_code, reason = "the bench and the test each use part of this module")]

pub mod layout;
pub mod shaping;
pub mod skia;
pub mod vello;

use std::collections::HashMap;
use std::sync::Arc;

use goldberry::display_list::{DisplayList, Op, OpKind, PathCommand, PathData};
use goldberry::fonts::{Face, FontBook};
use goldberry::frame::FrameInput;
use goldberry::geom::{FontId, Rect};
use goldberry::raster::Renderer;
use goldberry::session::Session;
use goldberry::stage::Stage;
use goldberry::surface::{FrameBuffer, Pixels};
use goldberry_natives::Goldberry;
use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};

/// The frame the peers draw: a settled frame of the default scene on the headless clock.
pub const FRAME: u64 = 30;

/// The overview's display list of frame [`FRAME`] at `width` x `height`, as the scene records it.
pub fn overview(g: &'static Goldberry, fonts: &FontBook, width: u32, height: u32) -> Result<DisplayList, String> {
    let mut stage = Stage::new(g, fonts).map_err(|e| e.to_string())?;
    let mut list = DisplayList::new();
    let session = Session::default();
    let frame = FrameInput::headless(FRAME, width, height);
    stage.record(&frame, fonts, &mut list, &session.shown(frame.time_s)).map_err(|e| e.to_string())?;
    Ok(list)
}

/// `list` with every layer drawn in place (clipped to its rect, its content translated to the rect's corner),
/// so that every backend draws every op of the frame and none keeps an image between frames.
pub fn flatten(list: &DisplayList) -> DisplayList {
    fn walk(ops: &[Op], out: &mut Vec<Op>) {
        for op in ops {
            match op {
                Op::Layer { rect, content, .. } => {
                    out.push(Op::PushClip(*rect));
                    out.push(Op::PushTranslate(rect.x, rect.y));
                    walk(&content.ops, out);
                    out.push(Op::PopTranslate);
                    out.push(Op::PopClip);
                }
                other => out.push(other.clone()),
            }
        }
    }
    let mut ops = Vec::with_capacity(list.deep_len() * 2);
    walk(&list.ops, &mut ops);
    DisplayList { ops, ..DisplayList::default() }
}

/// The text part (`text`) or the rest of a flat list: the other ops are dropped, clips and translations kept.
pub fn part(list: &DisplayList, text: bool) -> DisplayList {
    let ops = list
        .ops
        .iter()
        .filter(|op| match op.kind() {
            OpKind::Glyphs => text,
            OpKind::State => true,
            OpKind::Layer => false,
            OpKind::Shape => !text,
        })
        .cloned()
        .collect();
    DisplayList { ops, ..DisplayList::default() }
}

/// The flat list's ops with the translation and clip (device pixels) in effect for each: the one walk every
/// peer's replay loops over.
pub fn walk<'l>(list: &'l DisplayList, mut f: impl FnMut(&'l Op, (f32, f32), Option<Rect>)) {
    let mut stack: Vec<Result<(f32, f32), Option<Rect>>> = Vec::new();
    let mut translation = (0.0, 0.0);
    let mut clip: Option<Rect> = None;
    for op in &list.ops {
        match op {
            Op::PushTranslate(dx, dy) => {
                stack.push(Ok(translation));
                translation = (translation.0 + dx, translation.1 + dy);
            }
            Op::PushClip(r) => {
                stack.push(Err(clip));
                let r = Rect::new(r.x + translation.0, r.y + translation.1, r.w, r.h);
                clip = Some(clip.map_or(r, |c| c.intersection(r).unwrap_or_default()));
            }
            Op::PopTranslate | Op::PopClip => match stack.pop() {
                Some(Ok(t)) => translation = t,
                Some(Err(c)) => clip = c,
                None => {}
            },
            Op::Layer { .. } => {}
            other => f(other, translation, clip),
        }
    }
}

/// A rounded rectangle as path commands (cubic corners, as Blend2D approximates them).
pub fn round_rect(r: Rect, radius: f32) -> PathData {
    use PathCommand::*;
    let k = 0.552_284_8 * radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    let (x0, y0, x1, y1) = (r.x, r.y, r.right(), r.bottom());
    PathData {
        commands: vec![
            MoveTo(x0 + rad, y0),
            LineTo(x1 - rad, y0),
            CubicTo(x1 - rad + k, y0, x1, y0 + rad - k, x1, y0 + rad),
            LineTo(x1, y1 - rad),
            CubicTo(x1, y1 - rad + k, x1 - rad + k, y1, x1 - rad, y1),
            LineTo(x0 + rad, y1),
            CubicTo(x0 + rad - k, y1, x0, y1 - rad + k, x0, y1 - rad),
            LineTo(x0, y0 + rad),
            CubicTo(x0, y0 + rad - k, x0 + rad - k, y0, x0 + rad, y0),
            Close,
        ],
    }
}

/// A round rect traced the other way round from [`round_rect`]: a hole in it under the non-zero rule.
fn round_rect_reversed(r: Rect, radius: f32) -> Vec<PathCommand> {
    use PathCommand::*;
    let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    let k = 0.552_284_8 * rad;
    let (x0, y0, x1, y1) = (r.x, r.y, r.right(), r.bottom());
    vec![
        MoveTo(x0 + rad, y0),
        CubicTo(x0 + rad - k, y0, x0, y0 + rad - k, x0, y0 + rad),
        LineTo(x0, y1 - rad),
        CubicTo(x0, y1 - rad + k, x0 + rad - k, y1, x0 + rad, y1),
        LineTo(x1 - rad, y1),
        CubicTo(x1 - rad + k, y1, x1, y1 - rad + k, x1, y1 - rad),
        LineTo(x1, y0 + rad),
        CubicTo(x1, y0 + rad - k, x1 - rad + k, y0, x1 - rad, y0),
        Close,
    ]
}

/// The pixels a hairline covers under translation `t` at 1x, as our raster snaps them
/// ([`goldberry::raster::hairline_ring`]), as a path in list coordinates to fill with the non-zero rule.
pub fn hairline_path(rect: Rect, radius: f32, t: (f32, f32)) -> Option<PathData> {
    let (tx, ty) = (f64::from(t.0), f64::from(t.1));
    let ring = goldberry::raster::hairline_ring(rect, radius, 1.0, (tx, ty))?;
    let list_rect = |(x0, y0, x1, y1): (f64, f64, f64, f64)| {
        Rect::new((x0 - tx) as f32, (y0 - ty) as f32, (x1 - x0) as f32, (y1 - y0) as f32)
    };
    let mut path = round_rect(list_rect(ring.outer), ring.outer_radius as f32);
    if let Some((hole, radius)) = ring.hole {
        path.commands.extend(round_rect_reversed(list_rect(hole), radius as f32));
    }
    Some(path)
}

/// The font files the list's runs are drawn in, read once: one per face of the book.
pub struct FontFiles {
    bytes: HashMap<Face, Arc<Vec<u8>>>,
}

impl FontFiles {
    /// Reads the file of every face `fonts` loaded.
    pub fn read(fonts: &FontBook) -> Result<FontFiles, String> {
        let mut bytes = HashMap::new();
        for (face, path, _) in fonts.files() {
            let data = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            bytes.insert(face, Arc::new(data));
        }
        Ok(FontFiles { bytes })
    }

    /// The bytes of the file `font` is drawn in.
    pub fn bytes(&self, fonts: &FontBook, font: FontId) -> &Arc<Vec<u8>> {
        &self.bytes[&fonts.face(font)]
    }

    /// The bytes of every face, in [`Face::ALL`] order.
    pub fn all(&self) -> Vec<(Face, Arc<Vec<u8>>)> {
        Face::ALL.iter().map(|f| (*f, Arc::clone(&self.bytes[f]))).collect()
    }
}

/// Where each glyph of a run sits, in device pixels: the pen starts at (x, y) and moves by each advance;
/// HarfBuzz's offsets are y up, pixels y down.
pub fn glyph_positions(
    run: &goldberry_natives::glyphs::GlyphRun,
    size_px: f32,
    x: f32,
    y: f32,
) -> impl Iterator<Item = (u32, f32, f32)> + '_ {
    let scale = if run.units_per_em == 0 { 0.0 } else { size_px / run.units_per_em as f32 };
    let mut pen = (x, y);
    run.glyphs.iter().zip(&run.placements).map(move |(&id, p)| {
        let at = (pen.0 + p.offset_x as f32 * scale, pen.1 - p.offset_y as f32 * scale);
        pen = (pen.0 + p.advance_x as f32 * scale, pen.1 - p.advance_y as f32 * scale);
        (id, at.0, at.1)
    })
}

/// Sends glyph `id` of `font`, unhinted at `size_px`, placed at (x, y) in pixels y down, to `pen`.
pub fn draw_glyph(
    font: &skrifa::FontRef<'_>,
    id: u32,
    size_px: f32,
    (x, y): (f32, f32),
    pen: &mut impl PathSink,
) -> bool {
    struct Placed<'p, P: PathSink> {
        pen: &'p mut P,
        x: f32,
        y: f32,
    }
    impl<P: PathSink> OutlinePen for Placed<'_, P> {
        fn move_to(&mut self, x: f32, y: f32) {
            self.pen.command(PathCommand::MoveTo(self.x + x, self.y - y));
        }
        fn line_to(&mut self, x: f32, y: f32) {
            self.pen.command(PathCommand::LineTo(self.x + x, self.y - y));
        }
        fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
            self.pen.command(PathCommand::QuadTo(self.x + cx0, self.y - cy0, self.x + x, self.y - y));
        }
        fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
            let (ox, oy) = (self.x, self.y);
            self.pen.command(PathCommand::CubicTo(ox + cx0, oy - cy0, ox + cx1, oy - cy1, ox + x, oy - y));
        }
        fn close(&mut self) {
            self.pen.command(PathCommand::Close);
        }
    }
    let Some(glyph) = font.outline_glyphs().get(skrifa::GlyphId::new(id)) else { return false };
    let settings = DrawSettings::unhinted(Size::new(size_px), LocationRef::default());
    glyph.draw(settings, &mut Placed { pen, x, y }).is_ok()
}

/// Something that takes path commands (a tiny-skia path builder, a list of commands).
pub trait PathSink {
    /// Adds one command.
    fn command(&mut self, command: PathCommand);
}

impl PathSink for PathData {
    fn command(&mut self, command: PathCommand) {
        self.commands.push(command);
    }
}

/// Blend2D's picture of a flat list: the app's renderer with `threads` bands, glyph cache and run images off,
/// no layer kept (the list has none, and the layers are cleared anyway).
pub struct Blend2d {
    pub raster: Renderer,
    pub buffer: FrameBuffer,
}

impl Blend2d {
    /// A renderer with `threads` bands into a `width` x `height` frame.
    pub fn new(g: &'static Goldberry, threads: usize, width: u32, height: u32) -> Blend2d {
        let mut raster = Renderer::new(g, threads);
        raster.set_glyph_cache(false);
        raster.set_run_images(false);
        Blend2d { raster, buffer: FrameBuffer::new(width, height) }
    }

    /// Draws `list` from scratch.
    pub fn draw(&mut self, list: &DisplayList, fonts: &FontBook) -> Result<(), String> {
        self.raster.clear_layers();
        self.buffer.pixels.fill(0);
        self.raster.render(list, fonts, self.buffer.canvas(), Pixels::Fresh).map(|_| ()).map_err(|e| e.to_string())
    }

    /// The picture as RGB.
    pub fn rgb(&self) -> Vec<u8> {
        frame_rgb(&self.buffer)
    }
}

/// A frame's pixels as RGB (XRGB32 little-endian is B, G, R, X in memory).
pub fn frame_rgb(frame: &FrameBuffer) -> Vec<u8> {
    frame.pixels.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0]]).collect()
}

/// Premultiplied RGBA over black, as RGB (what an opaque frame shows).
pub fn rgba_to_rgb(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect()
}

/// Writes an RGB picture as a PNG.
pub fn write_png(path: &std::path::Path, width: u32, height: u32, rgb: &[u8]) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    }
    let file = std::fs::File::create(path).map_err(|e| format!("creating {}: {e}", path.display()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(rgb).map_err(|e| e.to_string())
}

/// How two RGB pictures differ: the largest per-channel difference, the share of pixels differing by more than
/// `tolerance` in some channel, and a picture of the differences (black where equal, brighter where apart).
pub fn compare(a: &[u8], b: &[u8], tolerance: u8) -> (u8, f64, Vec<u8>) {
    let mut max = 0u8;
    let mut over = 0usize;
    let mut diff = Vec::with_capacity(a.len());
    for (pa, pb) in a.chunks_exact(3).zip(b.chunks_exact(3)) {
        let d = (0..3).map(|i| pa[i].abs_diff(pb[i])).max().unwrap_or(0);
        max = max.max(d);
        if d > tolerance {
            over += 1;
        }
        diff.extend([d.saturating_mul(4), d.saturating_mul(4), d.saturating_mul(4)]);
    }
    (max, over as f64 / (a.len() / 3).max(1) as f64, diff)
}
