//! Drawing one band of a frame: its rows start from the base (copied; drawn and copied into it where a cold
//! frame left it undrawn), from the leading run drawn in place (a cold frame), or cleared, then the rest of the
//! list is replayed over them. A frame with damage ([`super::damage`]) does that only inside
//! its damaged rectangles, each clipped, and leaves the band's other pixels as they are.

use goldberry_natives::blend2d::{self as bl, PixelFormat};

use super::base::BasePlan;
use super::base_tiles::BaseTiles;
use super::context::FrameContext;
use super::damage::Damage;
use super::geom::{CachedLayer, DeviceRect, LayerImages};
use super::layers::{StaleLayer, band_of, rasterize_layer};
use super::prepare::Prepared;
use super::replay::{OpKindTimes, Replayer, begin_band, close, replay_state_only, rows_view};
use crate::display_list::walk;
use crate::geom::PixelRect;
use crate::render_error::RenderError;

/// What drawing one band of a frame reads: the frame, its base plan and prepared ops, its damage (`None`: every
/// pixel), the band edges, the stale layers a band rasterizes itself, and the replayer the bands share.
pub(super) struct BandReplay<'b> {
    pub(super) ctx: &'b FrameContext<'b>,
    pub(super) plan: &'b BasePlan,
    pub(super) prepared: &'b Prepared,
    pub(super) damage: Option<&'b Damage>,
    pub(super) edges: &'b [usize],
    pub(super) local: &'b [StaleLayer<'b>],
    /// Which squares of the base are drawn, when the bands start from it.
    pub(super) tiles: Option<&'b BaseTiles>,
    pub(super) replayer: Replayer<'b>,
}

impl BandReplay<'_> {
    /// Draws the band whose first row is `top` into `rows` (its part of the base being `base`), and returns the
    /// layers it rasterized itself.
    pub(super) fn draw(
        &self,
        top: usize,
        rows: &mut [u8],
        base: Option<&mut [u8]>,
        kinds: Option<&OpKindTimes>,
    ) -> Result<LayerImages, RenderError> {
        let _span = tracing::info_span!("band", top).entered();
        let ctx = self.ctx;
        let mut mine = LayerImages::new();
        for (key, shape, content) in self.local.iter().filter(|(_, shape, _)| band_of(shape, self.edges) == Some(top)) {
            let image = rasterize_layer(ctx.g, content, ctx.fonts, self.replayer.glyphs, *shape, 1)?;
            mine.insert(*key, CachedLayer { shape: *shape, image, used: true });
        }
        match self.damage {
            Some(damage) => self.draw_damage(top, rows, base.as_deref(), damage, (&mine, kinds))?,
            None => self.draw_whole(top, rows, base, (&mine, kinds))?,
        }
        Ok(mine)
    }

    /// Every pixel of the band.
    fn draw_whole(
        &self,
        top: usize,
        rows: &mut [u8],
        base: Option<&mut [u8]>,
        (mine, kinds): (&LayerImages, Option<&OpKindTimes>),
    ) -> Result<(), RenderError> {
        let ctx = self.ctx;
        let (g, width, stride, mapping, list) = (ctx.g, ctx.width, ctx.stride, ctx.mapping, ctx.list);
        let band_height = rows.len().div_ceil(stride);
        let replayer = Replayer {
            kinds,
            local: Some(mine),
            visible: Some(DeviceRect { x0: 0.0, y0: top as f32, x1: width as f32, y1: (top + band_height) as f32 }),
            ..self.replayer
        };
        let draw_lead = |rows: &mut [u8]| -> Result<(), RenderError> {
            // At a fractional scale the lead's whole pixels are not the frame's: their seams would let the
            // previous frame show through (at 2x a whole unit is two whole pixels).
            if !(list.opaque_lead && mapping.scale.fract() == 0.0) {
                rows.fill(0);
            }
            let mut view = rows_view(g, rows, top, width, stride, PixelFormat::Xrgb32)?;
            let mut bl_ctx = begin_band(ctx, &mut view)?;
            let mut walk = walk(list);
            replayer.replay(&mut bl_ctx, self.prepared, walk.by_ref().take(ctx.lead_end))?;
            close(&mut bl_ctx, &walk)?;
            bl_ctx.end()?;
            Ok(())
        };
        let from = match (self.plan, base) {
            (BasePlan::Draw, _) => {
                draw_lead(rows)?;
                ctx.lead_end
            }
            (BasePlan::Damage(_) | BasePlan::Copy, Some(base)) => {
                if self.tiles.is_none_or(|tiles| tiles.rows_drawn(top, top + band_height)) {
                    rows.copy_from_slice(base);
                } else {
                    // The base lacks some of these rows: what the run leaves in them is the base's.
                    draw_lead(rows)?;
                    base.copy_from_slice(rows);
                }
                ctx.lead_end
            }
            _ => {
                rows.fill(0);
                0
            }
        };
        let mut view = rows_view(g, rows, top, width, stride, PixelFormat::Xrgb32)?;
        let mut bl_ctx = begin_band(ctx, &mut view)?;
        // The run's clips and translations still apply to what follows it; its layers are in the base.
        let mut walk = walk(list);
        replay_state_only(&mut bl_ctx, walk.by_ref().take(from))?;
        replayer.replay(&mut bl_ctx, self.prepared, &mut walk)?;
        close(&mut bl_ctx, &walk)?;
        bl_ctx.end()?;
        Ok(())
    }

    /// Only the band's part of each damaged rectangle: copied from the base (cleared without one), then the ops
    /// after the base's run replayed clipped to it. The base is never drawn here (a frame that draws it is
    /// damaged whole).
    fn draw_damage(
        &self,
        top: usize,
        rows: &mut [u8],
        base: Option<&[u8]>,
        damage: &Damage,
        (mine, kinds): (&LayerImages, Option<&OpKindTimes>),
    ) -> Result<(), RenderError> {
        let ctx = self.ctx;
        let (stride, bottom) = (ctx.stride, top + rows.len().div_ceil(ctx.stride));
        let in_band = |r: &PixelRect| {
            let (y0, y1) = ((r.y as usize).max(top), (r.bottom() as usize).min(bottom));
            (y0 < y1).then(|| PixelRect { y: y0 as u32, h: (y1 - y0) as u32, ..*r })
        };
        let mut any = false;
        for r in damage.rects().iter().filter_map(in_band) {
            any = true;
            let (x0, x1) = (r.x as usize * 4, r.right() as usize * 4);
            for y in r.y as usize - top..r.bottom() as usize - top {
                let span = y * stride + x0..y * stride + x1;
                match base {
                    Some(base) => rows[span.clone()].copy_from_slice(&base[span]),
                    None => rows[span].fill(0),
                }
            }
        }
        if !any {
            return Ok(());
        }
        let from = if base.is_some() { ctx.lead_end } else { 0 };
        let mut view = rows_view(ctx.g, rows, top, ctx.width, stride, PixelFormat::Xrgb32)?;
        let mut bl_ctx = ctx.begin(&mut view)?;
        let scale = f64::from(ctx.mapping.scale);
        for r in damage.rects().iter().filter_map(in_band) {
            let device = r.to_device();
            bl_ctx.save()?;
            // Clipped in device pixels, before the scale, so that the clip falls on whole pixels.
            let (x, y, w, h) = (f64::from(r.x), f64::from(r.y), f64::from(r.w), f64::from(r.h));
            bl_ctx.clip_to_rect(bl::Rect::new(x, y, w, h))?;
            if scale != 1.0 {
                bl_ctx.scale(scale, scale)?;
            }
            let replayer = Replayer { local: Some(mine), visible: Some(device), kinds, ..self.replayer };
            let mut walk = walk(ctx.list);
            replay_state_only(&mut bl_ctx, walk.by_ref().take(from))?;
            replayer.replay(&mut bl_ctx, self.prepared, &mut walk)?;
            close(&mut bl_ctx, &walk)?;
            bl_ctx.restore()?;
        }
        bl_ctx.end()?;
        Ok(())
    }
}
