//! The flat list through vello_cpu: shapes as kurbo paths, glyph runs through vello_cpu's own glyph-run builder
//! (outlines from skrifa inside it), unhinted, at the list's glyph ids and positions; colours, rects, paths and
//! paints converted as `goldberry replay --against vello_cpu` converts them (`app/src/shell/vello_paint.rs`).

use std::collections::HashMap;

use goldberry::display_list::{DisplayList, Op, Paint, PathCommand, PathData, Stop, Stroke};
use goldberry::fonts::FontBook;
use goldberry::geom::{Color, FontId, Rect};
use vello_cpu::kurbo::{self, Affine, Shape};
use vello_cpu::peniko::{Blob, FontData};
use vello_cpu::{Glyph, Pixmap, RenderContext, RenderSettings, Resources};

// The lib's own conversion (`goldberry replay --against vello_cpu`), included rather than imported: the lib
// builds it only with its `vello` feature, and the raster fuzz compiles this file in a plain `cargo test`.
#[path = "../../src/shell/vello_paint.rs"]
mod vello_paint;
use vello_paint::{color, path, rect, set_paint, set_stroke};

use super::{FontFiles, glyph_positions, hairline_path, walk};

/// A vello_cpu renderer for one size and thread count.
pub struct Vello {
    ctx: RenderContext,
    resources: Resources,
    pub pixmap: Pixmap,
    fonts: HashMap<FontId, FontData>,
    /// Keeps vello_cpu's glyph atlas and outline cache across frames (its best case), or starts every frame
    /// from fresh resources (cold, as every backend's cold row).
    pub keep_glyphs: bool,
    /// Device pixels per list pixel: the pixmap must be this many times the list's size. The fuzz draws at 4 and
    /// averages each 4x4 block, since vello_cpu flattens to within a quarter of a device pixel (its `TOL`).
    pub scale: f64,
}

impl Vello {
    /// A renderer of `width` x `height` with `threads` worker threads (0: vello_cpu's single-threaded path).
    pub fn new(
        width: u16,
        height: u16,
        threads: u16,
        fonts: &FontBook,
        files: &FontFiles,
        list: &DisplayList,
    ) -> Vello {
        let settings = RenderSettings { num_threads: threads, ..RenderSettings::default() };
        let mut by_id = HashMap::new();
        walk(list, |op, _, _| {
            if let Op::Glyphs { font, .. } = op {
                by_id.entry(*font).or_insert_with(|| {
                    FontData::new(Blob::new(std::sync::Arc::new(files.bytes(fonts, *font).as_ref().clone())), 0)
                });
            }
        });
        Vello {
            ctx: RenderContext::new_with(width, height, settings),
            resources: Resources::new(),
            pixmap: Pixmap::new(width, height),
            fonts: by_id,
            keep_glyphs: false,
            scale: 1.0,
        }
    }

    /// Draws the flat `list` from scratch into the pixmap.
    pub fn draw(&mut self, list: &DisplayList, fonts: &FontBook) {
        if !self.keep_glyphs {
            self.resources = Resources::new();
        }
        let ctx = &mut self.ctx;
        ctx.reset();
        let mut clip: Option<Rect> = None;
        let mut clipped = false;
        let font_data = &self.fonts;
        let resources = &mut self.resources;
        let keep = self.keep_glyphs;
        let scale = Affine::scale(self.scale);
        walk(list, |op, (dx, dy), op_clip| {
            if op_clip != clip {
                if clipped {
                    ctx.pop_clip();
                    clipped = false;
                }
                if let Some(c) = op_clip {
                    ctx.set_transform(scale);
                    ctx.push_clip_rect(&rect(c));
                    clipped = true;
                }
                clip = op_clip;
            }
            ctx.set_transform(scale * Affine::translate((f64::from(dx), f64::from(dy))));
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
                Op::Hairline { rect: r, radius, color: c } => {
                    if let Some(ring) = hairline_path(*r, *radius, (dx, dy)) {
                        ctx.set_paint(color(*c));
                        ctx.fill_path(&path(&ring));
                    }
                }
                Op::Glyphs { font, x, y, run, color: c } => {
                    let Some(data) = font_data.get(font) else { return };
                    ctx.set_paint(color(*c));
                    let size = fonts.size_px(*font);
                    let glyphs = glyph_positions(run, size, *x, *y).map(|(id, x, y)| Glyph { id, x, y });
                    let _ = ctx
                        .glyph_run(resources, data)
                        .font_size(size)
                        .hint(false)
                        .atlas_cache(keep)
                        .fill_glyphs(glyphs.collect::<Vec<_>>().into_iter());
                }
                // The list is flat (no layers), and the walk applies its clips and translations.
                Op::Layer { .. } | Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => {}
            }
        });
        if clipped {
            ctx.pop_clip();
        }
        ctx.flush();
        ctx.render(&mut self.pixmap, &mut self.resources);
    }

    /// The picture as RGB over black.
    pub fn rgb(&self) -> Vec<u8> {
        super::rgba_to_rgb(self.pixmap.data_as_u8_slice())
    }
}
