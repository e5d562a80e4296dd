//! The retained base: the run of layers a list starts with (the scene's background, title bar and cards, with
//! the clips and translations around them) is the frame's static part, kept as a copy of the frame's pixels after
//! those layers, in the target's own format.
//!
//! A frame whose leading layers are unchanged starts with a copy of it, row for row, and draws only what follows.
//! A cold frame (no base yet, a new size, a change in the run's structure) draws the leading layers' content
//! straight into the target, band by band, and leaves the base undrawn: the frame after it may be cold too (a
//! window dragged larger), and a copy of a 3840x2160 frame is 33 MB written. A later frame that starts from the
//! base draws what it needs of it first ([`super::base_tiles`]): the squares under its damage, redrawn clipped,
//! or, drawn whole, each band whose rows it lacks, which then copies them into the base. When only some of the
//! leading layers change (a new version, a new size, a sub-pixel move), only their old and new rectangles of the
//! base are redrawn (the damage), clipped, from every op of the run that reaches into them (record 8).

use goldberry_natives::NativeError;
use goldberry_natives::blend2d::{self as bl, CompOp, PixelFormat, Rgba32, Style};

use super::base_tiles::BaseTiles;
use super::context::FrameContext;
use super::geom::{DeviceRect, LayerShape};
use super::prepare::Prepared;
use super::replay::{Replayer, close, rows_view};
use crate::display_list::{DisplayList, LayerKey, Op, Step, walk};
use crate::geom::PixelRect;
use crate::geom::Rect;
use crate::glyph_cache::GlyphCache;

/// What the base stands for, op by op: its layers and the clips and translations around them.
#[derive(Debug, Clone, PartialEq)]
enum BaseItem {
    Layer(LayerKey, LayerShape),
    Clip(Rect),
    Translate(f32, f32),
    Pop,
}

/// The leading run of a list: its items, how many ops it spans and how many layers.
#[derive(Debug, Default)]
pub(super) struct Lead {
    items: Vec<BaseItem>,
    pub(super) end: usize,
    pub(super) layers: usize,
}

impl Lead {
    /// The leading run of `list` at `scale`: its layers and the clips and translations around them, up to the
    /// last of those layers.
    pub(super) fn of(list: &DisplayList, scale: f32) -> Lead {
        let mut lead = Lead::default();
        for visit in walk(list) {
            match visit.step {
                Step::Draw(Op::Layer { key, rect, version, .. }) => {
                    match LayerShape::of(*rect, *version, visit.place.translation, scale) {
                        Some(shape) => {
                            lead.items.push(BaseItem::Layer(*key, shape));
                            (lead.end, lead.layers) = (visit.index + 1, lead.layers + 1);
                        }
                        None => break,
                    }
                }
                Step::Clip(r) => lead.items.push(BaseItem::Clip(r)),
                Step::Translate(dx, dy) => lead.items.push(BaseItem::Translate(dx, dy)),
                Step::Pop | Step::StrayPop => lead.items.push(BaseItem::Pop),
                Step::Draw(_) => break,
            }
        }
        if let Some(last) = lead.items.iter().rposition(|item| matches!(item, BaseItem::Layer(..))) {
            lead.items.truncate(last + 1);
        } else {
            lead.items.clear();
        }
        lead
    }
}

/// What the pixels of the base stand for (the pixels themselves are [`BaseCache::pixels`]).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct BaseFrame {
    items: Vec<BaseItem>,
    width: u32,
    height: u32,
    stride: usize,
}

/// How this frame brings the base up to date.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum BasePlan {
    /// No leading layers.
    None,
    /// The bands draw the leading layers; the base is left undrawn.
    Draw,
    /// These rectangles of the base are redrawn first; the bands then copy it (what the frame needs of it
    /// drawn first).
    Damage(Vec<DeviceRect>),
    /// The bands copy the base (what the frame needs of it drawn first).
    Copy,
}

/// What of the base a drawn frame leaves drawn.
#[derive(Debug)]
pub(super) enum BaseDrawn<'r> {
    /// None of it (a cold frame).
    Nothing,
    /// All of it (a frame drawn whole from the base: each band copied it, or drew its rows first).
    All,
    /// What it was, and these rectangles on whole squares, drawn for the frame's damage.
    More(&'r [PixelRect]),
}

/// The base: what it stands for, its pixels, and which of them are drawn.
#[derive(Debug, Default)]
pub(super) struct BaseCache {
    frame: Option<BaseFrame>,
    /// Kept across sizes so that their pages stay mapped.
    pixels: Vec<u8>,
    /// Which squares of `pixels` hold the run `frame` stands for.
    tiles: BaseTiles,
}

impl BaseCache {
    /// How the base is brought up to date for a `width` x `height` frame (`stride` bytes a row) whose leading run
    /// is `lead`, and what it will stand for then ([`BaseCache::keep`] it once the frame is drawn). The old base
    /// is taken out meanwhile: a frame that fails leaves no base that could be half drawn.
    pub(super) fn plan(&mut self, lead: Lead, width: u32, height: u32, stride: usize) -> (BasePlan, BaseFrame) {
        let frame = BaseFrame { items: lead.items, width, height, stride };
        let plan = plan_base(self.frame.take(), &frame, lead.layers);
        (plan, frame)
    }

    /// Keeps `frame` as what the base stands for, `drawn` as far as the frame drew it.
    pub(super) fn keep(&mut self, frame: BaseFrame, drawn: BaseDrawn<'_>) {
        match drawn {
            BaseDrawn::Nothing => self.tiles = BaseTiles::new(frame.width, frame.height, false),
            BaseDrawn::All => self.tiles = BaseTiles::new(frame.width, frame.height, true),
            BaseDrawn::More(rects) => rects.iter().for_each(|r| self.tiles.mark(r)),
        }
        self.frame = Some(frame);
    }

    /// The squares of the base not drawn yet under `rects` (see [`BaseTiles::missing_under`]).
    pub(super) fn missing_under(&self, rects: &[PixelRect]) -> Vec<PixelRect> {
        self.tiles.missing_under(rects)
    }

    /// Whether every pixel of the base is drawn.
    pub(super) fn all_drawn(&self) -> bool {
        self.tiles.all_drawn()
    }

    /// The first `needed` bytes of the base's pixels (see [`BaseCache::pixels`]), and which squares of them are
    /// drawn.
    pub(super) fn pixels_and_tiles(&mut self, needed: usize) -> (&mut [u8], &BaseTiles) {
        self.make_room(needed);
        (&mut self.pixels[..needed], &self.tiles)
    }

    /// Forgets the base (the next frame draws it again); its memory stays.
    pub(super) fn forget(&mut self) {
        self.frame = None;
    }

    /// The first `needed` bytes of the base's pixels, grown first when they are fewer. The base only grows, so
    /// that going back and forth between sizes neither frees its mapped pages nor zeroes them again; it grows by
    /// a quarter more than the frame needs, so that a window dragged larger grows into pages it already holds
    /// and faults in only the new ones (record 8).
    pub(super) fn pixels(&mut self, needed: usize) -> &mut [u8] {
        self.make_room(needed);
        &mut self.pixels[..needed]
    }

    /// Grows the base's pixels to at least `needed` bytes (see [`BaseCache::pixels`]); a larger base comes
    /// zeroed from the allocator, its pages faulted in by the bands that first write them.
    pub(super) fn make_room(&mut self, needed: usize) {
        if self.pixels.len() < needed {
            self.pixels = vec![0; needed + needed / 4];
        }
    }

    /// Makes room for `bytes` of base and touches every page of it, so that the first frame of that size does
    /// not wait for the kernel to fault them in.
    pub(super) fn reserve(&mut self, bytes: usize) {
        if self.pixels.len() < bytes {
            // Not `vec![0; ..]`: zeroed memory from the allocator is mapped lazily, page by page, when written.
            self.pixels = vec![0xff; bytes];
        }
    }

    /// Redraws `rects` of the base from the ops of the frame's leading run, each rectangle cleared and clipped,
    /// so that it holds what drawing the run from scratch would leave there (the frame's context must draw the
    /// run's layers in place, [`FrameContext::lead_drawn`]).
    pub(super) fn redraw_damage(
        &mut self,
        ctx: &FrameContext<'_>,
        prepared: &Prepared,
        glyphs: Option<&GlyphCache>,
        rects: &[DeviceRect],
    ) -> Result<(), NativeError> {
        let _span = tracing::info_span!("base damage", rects = rects.len()).entered();
        let needed = ctx.needed();
        let mut view = rows_view(ctx.g, self.pixels(needed), 0, ctx.width, ctx.stride, PixelFormat::Xrgb32)?;
        let mut bl_ctx = ctx.begin(&mut view)?;
        let scale = ctx.mapping.scale;
        for rect in rects {
            let device = bl::Rect::new(
                f64::from(rect.x0),
                f64::from(rect.y0),
                f64::from(rect.x1 - rect.x0),
                f64::from(rect.y1 - rect.y0),
            );
            bl_ctx.set_comp_op(CompOp::SrcCopy)?;
            bl_ctx.set_fill(&Style::Solid(Rgba32(0)))?;
            bl_ctx.fill_rect(device)?;
            bl_ctx.set_comp_op(CompOp::SrcOver)?;
            bl_ctx.save()?;
            bl_ctx.clip_to_rect(device)?;
            if scale != 1.0 {
                bl_ctx.scale(f64::from(scale), f64::from(scale))?;
            }
            let replayer = Replayer {
                g: ctx.g,
                fonts: ctx.fonts,
                layers: None,
                local: None,
                glyphs,
                mapping: ctx.mapping,
                offset: (0.0, 0.0),
                visible: Some(*rect),
                kinds: None,
            };
            let mut walk = walk(ctx.list);
            replayer.replay(&mut bl_ctx, prepared, walk.by_ref().take(ctx.lead_end))?;
            close(&mut bl_ctx, &walk)?;
            bl_ctx.restore()?;
        }
        bl_ctx.end()
    }
}

/// How `frame`'s base is brought up to date from `old` (see [`BasePlan`]).
fn plan_base(old: Option<BaseFrame>, frame: &BaseFrame, layers: usize) -> BasePlan {
    if layers == 0 {
        return BasePlan::None;
    }
    let Some(old) = old else { return BasePlan::Draw };
    if (old.width, old.height, old.stride) != (frame.width, frame.height, frame.stride)
        || old.items.len() != frame.items.len()
    {
        return BasePlan::Draw;
    }
    if old.items == frame.items {
        return BasePlan::Copy;
    }
    let mut damage = Vec::new();
    for (was, is) in old.items.iter().zip(&frame.items) {
        match (was, is) {
            (BaseItem::Layer(k0, s0), BaseItem::Layer(k1, s1)) if k0 == k1 => {
                if s0 != s1 {
                    damage.extend(DeviceRect::of_layer(s0).clamped(frame.width, frame.height));
                    damage.extend(DeviceRect::of_layer(s1).clamped(frame.width, frame.height));
                }
            }
            (was, is) if was == is && !matches!(was, BaseItem::Layer(..)) => {}
            // Another layer, clip or translation: the run changed shape.
            _ => return BasePlan::Draw,
        }
    }
    BasePlan::Damage(damage)
}
