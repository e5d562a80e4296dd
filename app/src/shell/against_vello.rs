//! `goldberry replay --against vello_cpu` (cargo feature `vello`): each replayed frame drawn again, whole and from
//! scratch, by vello_cpu from the same display list (layers entered in place), so that a reader sees both
//! renderers' time for one frame and how far their pixels differ. The drawing follows the peers bench's vello_cpu
//! renderer (`app/benches/peers/vello.rs`), with layers and the frame's scale added; both convert colours, rects,
//! paths and paints through one file, `app/src/shell/vello_paint.rs`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use vello_cpu::kurbo::{self, Affine, Shape};
use vello_cpu::peniko::{Blob, FontData};
use vello_cpu::{Glyph, Pixmap, RenderContext, RenderSettings, Resources};

use crate::display_list::{DisplayList, Op, Paint, PathCommand, PathData, Stop, Stroke};
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, Rect};

#[path = "vello_paint.rs"]
mod vello_paint;
use vello_paint::{color, path, rect, set_paint, set_stroke};

/// How far apart a channel of two pixels must be for the pixel to count as visibly different (anti-aliasing
/// alone differs by less).
pub const VISIBLE_LEVELS: u8 = 32;

/// vello_cpu drawing recorded frames.
pub struct Vello {
    faces: HashMap<Face, FontData>,
    ctx: Option<RenderContext>,
    pixmap: Option<Pixmap>,
    resources: Resources,
}

/// What one frame drawn by vello_cpu cost and how its pixels compare with Blend2D's.
#[derive(Debug, Clone, Copy)]
pub struct Against {
    pub time: Duration,
    /// Pixels that differ at all, and by more than [`VISIBLE_LEVELS`] in a channel.
    pub differ: u64,
    pub visibly: u64,
}

impl Vello {
    /// vello_cpu with the files of every face `fonts` loaded (read now, once).
    pub fn new(fonts: &FontBook) -> Result<Vello, String> {
        let mut faces = HashMap::new();
        for (face, path, _) in fonts.files() {
            let bytes = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            faces.insert(face, FontData::new(Blob::new(Arc::new(bytes)), 0));
        }
        Ok(Vello { faces, ctx: None, pixmap: None, resources: Resources::new() })
    }

    /// Draws `list` whole at `scale` into a `width` x `height` picture on one thread, and compares it with
    /// Blend2D's XRGB32 `frame` (rows `stride` bytes apart).
    pub fn draw(
        &mut self,
        list: &DisplayList,
        fonts: &FontBook,
        size: (u32, u32, f32),
        frame: (&[u8], usize),
    ) -> Against {
        let (width, height, scale) = size;
        let (w, h) = (u16::try_from(width).unwrap_or(u16::MAX), u16::try_from(height).unwrap_or(u16::MAX));
        let start = Instant::now();
        let fits = self.pixmap.as_ref().is_some_and(|p| (p.width(), p.height()) == (w, h));
        if !fits {
            self.ctx =
                Some(RenderContext::new_with(w, h, RenderSettings { num_threads: 0, ..RenderSettings::default() }));
            self.pixmap = Some(Pixmap::new(w, h));
        }
        let (Some(ctx), Some(pixmap)) = (self.ctx.as_mut(), self.pixmap.as_mut()) else {
            return Against { time: Duration::ZERO, differ: 0, visibly: 0 };
        };
        ctx.reset();
        let mut pen =
            Pen { ctx, resources: &mut self.resources, faces: &self.faces, fonts, scale: f64::from(scale), clip: None };
        pen.list(list, (0.0, 0.0), None);
        if pen.clip.take().is_some() {
            pen.ctx.pop_clip();
        }
        ctx.flush();
        ctx.render(&mut *pixmap, &mut self.resources);
        let time = start.elapsed();
        let (pixels, stride) = frame;
        let (mut differ, mut visibly) = (0, 0);
        let rgba = pixmap.data_as_u8_slice();
        for y in 0..height as usize {
            let ours = pixels.get(y * stride..y * stride + width as usize * 4).unwrap_or_default();
            let theirs = rgba.get(y * width as usize * 4..(y + 1) * width as usize * 4).unwrap_or_default();
            for (a, b) in ours.chunks_exact(4).zip(theirs.chunks_exact(4)) {
                // XRGB32 is B, G, R, X in memory; vello's pixmap R, G, B, A (premultiplied: over black).
                let d = [a[2].abs_diff(b[0]), a[1].abs_diff(b[1]), a[0].abs_diff(b[2])].into_iter().max().unwrap_or(0);
                differ += u64::from(d > 0);
                visibly += u64::from(d > VISIBLE_LEVELS);
            }
        }
        Against { time, differ, visibly }
    }
}

/// One frame's drawing state: the context, the clip pushed, the scale.
struct Pen<'a> {
    ctx: &'a mut RenderContext,
    resources: &'a mut Resources,
    faces: &'a HashMap<Face, FontData>,
    fonts: &'a FontBook,
    scale: f64,
    /// The clip pushed on the context (list pixels), if any.
    clip: Option<Rect>,
}

impl Pen<'_> {
    /// Draws `list`'s ops offset by `t` inside `clip`, entering its layers in place.
    fn list(&mut self, list: &DisplayList, t: (f32, f32), clip: Option<Rect>) {
        let mut stack: Vec<((f32, f32), Option<Rect>)> = Vec::new();
        let (mut t, mut clip) = (t, clip);
        for op in &list.ops {
            match op {
                Op::PushTranslate(dx, dy) => {
                    stack.push((t, clip));
                    t = (t.0 + dx, t.1 + dy);
                }
                Op::PushClip(r) => {
                    stack.push((t, clip));
                    clip = Some(within(clip, Rect::new(r.x + t.0, r.y + t.1, r.w, r.h)));
                }
                Op::PopTranslate | Op::PopClip => {
                    if let Some(saved) = stack.pop() {
                        (t, clip) = saved;
                    }
                }
                Op::Layer { rect, content, .. } => {
                    let inner = within(clip, Rect::new(rect.x + t.0, rect.y + t.1, rect.w, rect.h));
                    self.list(content, (t.0 + rect.x, t.1 + rect.y), Some(inner));
                }
                Op::FillRect { .. }
                | Op::FillRoundRect { .. }
                | Op::StrokeRoundRect { .. }
                | Op::Hairline { .. }
                | Op::FillCircle { .. }
                | Op::FillPath { .. }
                | Op::StrokePath { .. }
                | Op::Glyphs { .. } => self.draw(op, t, clip),
            }
        }
    }

    fn draw(&mut self, op: &Op, (dx, dy): (f32, f32), clip: Option<Rect>) {
        if clip != self.clip {
            if self.clip.take().is_some() {
                self.ctx.pop_clip();
            }
            if let Some(c) = clip {
                self.ctx.set_transform(Affine::scale(self.scale));
                self.ctx.push_clip_rect(&rect(c));
                self.clip = Some(c);
            }
        }
        let ctx = &mut *self.ctx;
        ctx.set_transform(Affine::scale(self.scale) * Affine::translate((f64::from(dx), f64::from(dy))));
        match op {
            Op::FillRect { rect: r, paint } => {
                set_paint(ctx, paint);
                ctx.fill_rect(&rect(*r));
            }
            Op::FillRoundRect { rect: r, radius, paint } => {
                set_paint(ctx, paint);
                ctx.fill_path(&kurbo::RoundedRect::from_rect(rect(*r), f64::from(*radius)).to_path(0.1));
            }
            Op::StrokeRoundRect { rect: r, radius, stroke, paint } => {
                set_paint(ctx, paint);
                set_stroke(ctx, *stroke);
                ctx.stroke_path(&kurbo::RoundedRect::from_rect(rect(*r), f64::from(*radius)).to_path(0.1));
            }
            Op::Hairline { rect: r, radius, color: c } => {
                // One device pixel: a stroke of 1 / scale list pixels just inside the rect.
                let w = 1.0 / self.scale;
                let inner = rect(*r).inset(-w / 2.0);
                ctx.set_paint(color(*c));
                ctx.set_stroke(kurbo::Stroke::new(w));
                ctx.stroke_path(&kurbo::RoundedRect::from_rect(inner, f64::from(*radius)).to_path(0.1));
            }
            Op::FillCircle { cx, cy, r, paint } => {
                set_paint(ctx, paint);
                ctx.fill_path(&kurbo::Circle::new((f64::from(*cx), f64::from(*cy)), f64::from(*r)).to_path(0.1));
            }
            Op::FillPath { path: p, paint } => {
                set_paint(ctx, paint);
                ctx.fill_path(&path(p));
            }
            Op::StrokePath { path: p, stroke, paint } => {
                set_paint(ctx, paint);
                set_stroke(ctx, *stroke);
                ctx.stroke_path(&path(p));
            }
            Op::Glyphs { font, x, y, run, color: c } => {
                let Some(data) = self.faces.get(&self.fonts.face(*font)) else { return };
                ctx.set_paint(color(*c));
                let size = self.fonts.size_px(*font);
                let per_unit = if run.units_per_em == 0 { 0.0 } else { size / run.units_per_em as f32 };
                let mut at = (*x, *y);
                let glyphs: Vec<Glyph> = run
                    .glyphs
                    .iter()
                    .zip(&run.placements)
                    .map(|(&id, p)| {
                        let glyph = Glyph {
                            id,
                            x: at.0 + p.offset_x as f32 * per_unit,
                            y: at.1 - p.offset_y as f32 * per_unit,
                        };
                        at = (at.0 + p.advance_x as f32 * per_unit, at.1 - p.advance_y as f32 * per_unit);
                        glyph
                    })
                    .collect();
                // A run vello_cpu cannot draw (a colour face it lacks) is left out: the pixels' difference shows it.
                let _ = ctx.glyph_run(self.resources, data).font_size(size).hint(false).fill_glyphs(glyphs.into_iter());
            }
            Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate | Op::Layer { .. } => {}
        }
    }
}

/// `r` cut by `clip` (an empty rect when they do not meet).
fn within(clip: Option<Rect>, r: Rect) -> Rect {
    clip.map_or(r, |c| c.intersection(r).unwrap_or_default())
}
