//! Damage: what a frame changes in a target that still holds the frame before it, as a few rectangles of whole
//! device pixels.
//!
//! Each frame leaves a print of its list: for every op of the walk, a hash of what it draws and where (its place,
//! and whether it is in the base's run), the glyph run or path it shares, and where it can leave ink (its device
//! bounds, clipped). The next frame, when its target still holds those pixels ([`Pixels::Kept`]), compares its
//! print with that one position by position: wherever they differ, or one list has an op the other lacks, the old
//! op's ink and the new op's are damaged. A layer is compared by key, version, rect and place, not by its content
//! (its version says when that changes). The rectangles are merged as they come ([`Damage::add`]). A pixel
//! outside the damage is then drawn by the same ops, in the same order and places, in both frames: it keeps its
//! value.
//!
//! The ops of the inspector's overlay (from [`DisplayList::overlay_from`] on) are compared apart, into a damage of
//! their own ([`FrameDamage::overlay`]): the figures the overlay shows (the damage it flashes, the HUD's share)
//! are the frame's, and a flash fading does not feed the next flash.
//!
//! A list that scrolls some of its ops ([`ScrollHint`]) has them printed where they lie in the scrolled content,
//! not on screen; when the offset changed and the pixels can be moved ([`Blit`]), the two prints are compared in
//! three runs (before the scrolled ops, the scrolled ops, after them), an old op's ink taken where its pixels were
//! moved to (`super::scroll`).

use std::hash::{DefaultHasher, Hash, Hasher};

use super::base::BasePlan;
use super::context::FrameContext;
use super::geom::DeviceRect;
use super::scroll::{Blit, ScrollPrint};
use crate::display_list::{DisplayList, Place, ScrollHint, Shared, Step, hash_f32s, hash_rect, walk};
use crate::geom::PixelRect;
use crate::geom::Rect;
use crate::surface::Pixels;

impl PixelRect {
    /// The whole pixels of a device rectangle inside a `width` x `height` target, rounded outward.
    pub(super) fn of_device(rect: &DeviceRect, width: u32, height: u32) -> Option<PixelRect> {
        let r = rect.clamped(width, height)?;
        let (x, y) = (r.x0 as u32, r.y0 as u32);
        Some(PixelRect { x, y, w: r.x1 as u32 - x, h: r.y1 as u32 - y })
    }

    pub(super) fn to_device(self) -> DeviceRect {
        DeviceRect { x0: self.x as f32, y0: self.y as f32, x1: self.right() as f32, y1: self.bottom() as f32 }
    }
}

/// At most this many rectangles: one more and they all become their bounding box.
pub const MAX_DAMAGE_RECTS: usize = 16;

/// Two rectangles apart are merged when their bounding box holds at most this many pixels neither holds: about
/// what drawing one more rectangle costs (a walk over the list, a clip) and presenting it.
const MERGE_SLACK_PX: u64 = 64 * 64;

/// The pixels a frame changed: at most [`MAX_DAMAGE_RECTS`] rectangles that do not overlap (a pixel drawn twice
/// would have its translucent ops blended twice), held inline so that a frame's damage costs no allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Damage {
    rects: [PixelRect; MAX_DAMAGE_RECTS],
    len: usize,
}

impl Damage {
    /// Every pixel of a `width` x `height` target (none when it is empty).
    pub fn whole(width: u32, height: u32) -> Damage {
        let mut damage = Damage::default();
        damage.add(PixelRect { x: 0, y: 0, w: width, h: height });
        damage
    }

    /// The damaged rectangles.
    pub fn rects(&self) -> &[PixelRect] {
        &self.rects[..self.len]
    }

    /// No pixel changed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The pixels rasterized: the rectangles' areas summed.
    pub fn pixels(&self) -> u64 {
        self.rects().iter().map(PixelRect::area).sum()
    }

    /// Whether it is one rectangle covering a `width` x `height` target.
    pub fn is_whole(&self, width: u32, height: u32) -> bool {
        self.rects() == [PixelRect { x: 0, y: 0, w: width, h: height }]
    }

    /// Whether row `y`'s top edge cuts through a rectangle (a band starting there would split it).
    pub(super) fn cuts(&self, y: u32) -> bool {
        self.rects().iter().any(|r| r.y < y && y < r.bottom())
    }

    /// Adds `rect`, merged with every rectangle it overlaps or is near (their box holds at most 64x64 pixels
    /// neither holds), the merged one again with those it then overlaps or is near; once there are
    /// [`MAX_DAMAGE_RECTS`], a rectangle that merges with none turns them all into their bounding box.
    pub fn add(&mut self, mut rect: PixelRect) {
        if rect.area() == 0 {
            return;
        }
        while let Some(i) = self.rects().iter().position(|r| worth_merging(r, &rect)) {
            rect = rect.union(&self.rects[i]);
            self.len -= 1;
            self.rects[i] = self.rects[self.len];
        }
        if self.len == MAX_DAMAGE_RECTS {
            rect = self.rects().iter().fold(rect, |all, r| all.union(r));
            self.len = 0;
        }
        self.rects[self.len] = rect;
        self.len += 1;
    }
}

/// What a frame wrote: the frame's own damage and the overlay's, apart (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FrameDamage {
    /// What the frame's ops changed (the overlay's left out).
    pub frame: Damage,
    /// What the overlay's ops changed beyond that: its old ink and its new.
    pub overlay: Damage,
}

impl FrameDamage {
    /// Every pixel either changed: what is drawn and presented.
    pub fn written(&self) -> Damage {
        let mut all = self.frame;
        self.overlay.rects().iter().for_each(|r| all.add(*r));
        all
    }
}

/// Whether `a` and `b` overlap, or drawing them as their bounding box costs about no more than drawing them apart.
fn worth_merging(a: &PixelRect, b: &PixelRect) -> bool {
    a.overlap(b) > 0 || a.union(b).area() <= a.area() + b.area() + MERGE_SLACK_PX
}

/// One op of a frame's print (see the module docs).
#[derive(Debug, Clone)]
struct OpPrint {
    /// What the op draws (but its shared data) and where: its fields, its place, whether it is in the base's run.
    hash: u64,
    shared: Shared,
    /// The device pixels it can change (`None`: none, a state op or an op its clip hides).
    ink: Option<PixelRect>,
}

impl OpPrint {
    fn same(&self, other: &OpPrint) -> bool {
        self.hash == other.hash && self.shared.same(&other.shared)
    }
}

/// What a print holds for every op only while the target stays the same: its size, scale and whether the list
/// said its lead covers every pixel.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Frame {
    width: u32,
    height: usize,
    stride: usize,
    scale: f32,
    opaque_lead: bool,
}

/// One frame's print: the target it was for, its ops' (the overlay's from the index given on), and its scroll.
type Print = (Frame, Vec<OpPrint>, usize, Option<ScrollPrint>);

/// The print of the last frame rendered, that of the frame being rendered, and a spare list of ops (the two lists
/// take turns, so that printing a frame allocates nothing once they have grown).
#[derive(Debug, Default)]
pub(super) struct Prints {
    last: Option<Print>,
    pending: Option<Print>,
    spare: Vec<OpPrint>,
}

impl Prints {
    /// Prints the frame of `ctx` and returns its damage: every pixel unless the target holds the last frame
    /// (`pixels`) of the same size and the base is not drawn anew (`plan`), otherwise where the two prints differ
    /// and the base's own damage. The last print is taken out meanwhile: a frame that fails leaves none, so that
    /// the next frame is drawn whole. [`Prints::done`] keeps the new one once the frame is drawn.
    ///
    /// With a `scroll` that moved since the last frame, the damage is that of the frame after the returned
    /// [`Blit`] is applied to the target (see the module docs).
    pub(super) fn damage(
        &mut self,
        ctx: &FrameContext<'_>,
        pixels: Pixels,
        plan: &BasePlan,
        scroll: Option<&ScrollHint>,
    ) -> (FrameDamage, Option<Blit>) {
        let frame = Frame {
            width: ctx.width,
            height: ctx.height,
            stride: ctx.stride,
            scale: ctx.mapping.scale,
            opaque_lead: ctx.list.opaque_lead,
        };
        let _span = tracing::info_span!("damage").entered();
        let mut ops = std::mem::take(&mut self.spare);
        let height = ctx.height as u32;
        let scroll = scroll.map(|hint| (ScrollPrint::of(hint, frame.scale, ctx.width, height), hint.offset));
        print(ctx, &mut ops, scroll.as_ref().map(|(print, offset)| (&print.ops, *offset)));
        let scroll = scroll.map(|(print, _)| print);
        let overlay_from = overlay_start(ctx.list, ops.len());
        let last = self.last.take();
        let mut blit = None;
        let mut overlay = Damage::default();
        let damage = match (&last, pixels, plan) {
            (
                Some((was, all_old, old_from, old_scroll)),
                Pixels::Kept,
                BasePlan::None | BasePlan::Copy | BasePlan::Damage(_),
            ) if *was == frame => {
                let (old, old_overlay) = all_old.split_at(*old_from);
                let (new, new_overlay) = ops.split_at(overlay_from);
                let mut damage = Damage::default();
                if let BasePlan::Damage(rects) = plan {
                    rects.iter().filter_map(|r| PixelRect::of_device(r, ctx.width, height)).for_each(|r| damage.add(r));
                }
                match (old_scroll, &scroll) {
                    (Some(o), Some(n)) if o.offset != n.offset => match Blit::between(o, n) {
                        Some(b) => {
                            diff_scrolled(old, new, (o, n), &b, &mut damage);
                            n.rim().into_iter().for_each(|r| damage.add(r));
                            diff_moved(old_overlay, new_overlay, &b, &mut overlay);
                            blit = Some(b);
                        }
                        None => {
                            // Printed where they lie in the content, the scrolled ops look unmoved: their viewport is
                            // drawn anew.
                            diff(old, new, &mut damage, OldInk::Kept, RESYNC);
                            diff(old_overlay, new_overlay, &mut overlay, OldInk::Kept, RESYNC);
                            for v in [o.outer, n.outer].into_iter().flatten() {
                                damage.add(v);
                            }
                        }
                    },
                    _ => {
                        diff(old, new, &mut damage, OldInk::Kept, RESYNC);
                        diff(old_overlay, new_overlay, &mut overlay, OldInk::Kept, RESYNC);
                    }
                }
                damage
            }
            _ => Damage::whole(ctx.width, height),
        };
        if let Some((_, mut old, _, _)) = last {
            old.clear();
            self.spare = old;
        }
        self.pending = Some((frame, ops, overlay_from, scroll));
        (FrameDamage { frame: damage, overlay }, blit)
    }

    /// Where op `index` of the frame printed by the last [`Prints::damage`] can leave ink (`None`: nowhere, or no
    /// such op), as that print found it.
    pub(super) fn pending_ink(&self, index: usize) -> Option<PixelRect> {
        self.pending.as_ref().and_then(|(_, ops, _, _)| ops.get(index)).and_then(|op| op.ink)
    }

    /// The frame printed by the last [`Prints::damage`] is drawn: the next frame is compared with it.
    pub(super) fn done(&mut self) {
        self.last = self.pending.take();
    }

    /// Forgets the last frame: the next one is drawn whole.
    pub(super) fn forget(&mut self) {
        self.last = None;
    }
}

/// How far ahead the diff looks for the op it lost, to step over ops added or removed in between.
const RESYNC: usize = 16;

/// How far ahead the diff of scrolled ops looks: a scroll brings in and drops whole rows of ops at either end.
const RESYNC_SCROLLED: usize = 512;

/// Where an old op's pixels are now: where it drew them, where a blit moved them, or both.
#[derive(Debug, Clone, Copy)]
enum OldInk<'b> {
    Kept,
    Moved(&'b Blit),
    KeptAndMoved(&'b Blit),
}

impl OldInk<'_> {
    fn add(self, ink: PixelRect, damage: &mut Damage) {
        match self {
            OldInk::Kept => damage.add(ink),
            OldInk::Moved(b) => damage.add(b.moved(ink).unwrap_or_default()),
            OldInk::KeptAndMoved(b) => {
                damage.add(ink);
                damage.add(b.moved(ink).unwrap_or_default());
            }
        }
    }
}

/// The diff of two frames that scrolled by `blit` (`scrolls`: the old frame's and the new one's): the ops before
/// the scrolled ones and after them compared as they lie (an old op's ink also where it was moved to), the scrolled
/// ones compared in the content (their old ink where it was moved to); every op drawn after the scrolled ones over
/// the viewport is drawn again where it is and where its old pixels were moved to; and the uncovered rows.
fn diff_scrolled(
    old: &[OpPrint],
    new: &[OpPrint],
    (o, n): (&ScrollPrint, &ScrollPrint),
    blit: &Blit,
    damage: &mut Damage,
) {
    let (oa, ob) = (o.ops.start.min(old.len()), o.ops.end.min(old.len()));
    let (na, nb) = (n.ops.start.min(new.len()), n.ops.end.min(new.len()));
    diff(&old[..oa], &new[..na], damage, OldInk::KeptAndMoved(blit), RESYNC);
    diff(&old[oa..ob], &new[na..nb], damage, OldInk::Moved(blit), RESYNC_SCROLLED);
    diff(&old[ob..], &new[nb..], damage, OldInk::KeptAndMoved(blit), RESYNC);
    for ink in old[ob..].iter().filter_map(|op| op.ink) {
        damage.add(blit.moved(ink).unwrap_or_default());
    }
    for ink in new[nb..].iter().filter_map(|op| op.ink) {
        damage.add(blit.inside(ink).unwrap_or_default());
    }
    damage.add(blit.uncovered());
}

/// The overlay's diff after a blit: compared as they lie, an old op's ink also where its pixels were moved to; and
/// every overlay op over the moved pixels drawn again, where it is and where its old pixels went.
fn diff_moved(old: &[OpPrint], new: &[OpPrint], blit: &Blit, damage: &mut Damage) {
    diff(old, new, damage, OldInk::KeptAndMoved(blit), RESYNC);
    for ink in old.iter().filter_map(|op| op.ink) {
        damage.add(blit.moved(ink).unwrap_or_default());
    }
    for ink in new.iter().filter_map(|op| op.ink) {
        damage.add(blit.inside(ink).unwrap_or_default());
    }
}

/// Where the overlay's ops start in a print of `len` ops of `list` (`len` when it has none).
fn overlay_start(list: &DisplayList, len: usize) -> usize {
    list.overlay_from.map_or(len, |from| from.min(len))
}

/// Adds to `damage` the ink of every op of `old` and `new` left out of a common run of equal prints (an old op's
/// where `old_ink` says its pixels are).
///
/// The two lists are walked together; where they part, the diff looks up to `resync` ops ahead in each for the
/// other's op, so that an op added (a focus ring) or removed costs only its own ink, not that of every op after
/// it. Any common subsequence is correct: outside the ink of the ops left out, every pixel is drawn by the same
/// ops in the same order in both frames.
fn diff(old: &[OpPrint], new: &[OpPrint], damage: &mut Damage, old_ink: OldInk<'_>, resync: usize) {
    let add_old = |op: &OpPrint, damage: &mut Damage| {
        if let Some(ink) = op.ink {
            old_ink.add(ink, damage);
        }
    };
    let add_new = |op: &OpPrint, damage: &mut Damage| {
        if let Some(ink) = op.ink {
            damage.add(ink);
        }
    };
    let (mut i, mut j) = (0, 0);
    while i < old.len() && j < new.len() {
        if old[i].same(&new[j]) {
            (i, j) = (i + 1, j + 1);
            continue;
        }
        let added = (1..=resync).find(|&k| new.get(j + k).is_some_and(|op| op.same(&old[i])));
        let removed = (1..=resync).find(|&k| old.get(i + k).is_some_and(|op| op.same(&new[j])));
        match (added, removed) {
            (Some(k), r) if r.is_none_or(|r| k <= r) => {
                new[j..j + k].iter().for_each(|op| add_new(op, damage));
                j += k;
            }
            (_, Some(k)) => {
                old[i..i + k].iter().for_each(|op| add_old(op, damage));
                i += k;
            }
            _ => {
                add_old(&old[i], damage);
                add_new(&new[j], damage);
                (i, j) = (i + 1, j + 1);
            }
        }
    }
    old[i..].iter().for_each(|op| add_old(op, damage));
    new[j..].iter().for_each(|op| add_new(op, damage));
}

/// The print of `ctx`'s list (see the module docs), into `ops`; the ops in `scrolled` (a range, and the offset
/// they are scrolled by) printed where they lie in the scrolled content.
fn print(ctx: &FrameContext<'_>, ops: &mut Vec<OpPrint>, scrolled: Option<(&std::ops::Range<usize>, f32)>) {
    ops.clear();
    let (width, height, s) = (ctx.width, ctx.height as u32, ctx.mapping.scale);
    for visit in walk(ctx.list) {
        let Step::Draw(op) = visit.step else {
            // A clip or translation draws nothing: it changes the places of the ops after it.
            ops.push(OpPrint { hash: 0, shared: Shared::None, ink: None });
            continue;
        };
        let mut h = DefaultHasher::new();
        match scrolled.filter(|(range, _)| range.contains(&visit.index)) {
            Some((_, offset)) => {
                let mut place = visit.place;
                place.translation.1 += offset;
                place.translation_f64.1 += f64::from(offset);
                hash_place(&place, &mut h);
                h.write_u8(1);
            }
            None => hash_place(&visit.place, &mut h),
        }
        (visit.index < ctx.lead_end).hash(&mut h);
        let shared = op.hash_drawn(&mut h);
        // An op whose bounds are unknown, or too far out for f32 to place, may draw anywhere its clip lets it.
        let canvas = Rect::new(0.0, 0.0, width as f32 / s, height as f32 / s);
        let ink = visit.place.ink(op.bounds(|f| ctx.fonts.blend2d_font(f).size()), canvas);
        let ink = ink.and_then(|r| {
            let device = DeviceRect { x0: r.x * s, y0: r.y * s, x1: r.right() * s, y1: r.bottom() * s };
            PixelRect::of_device(&device, width, height)
        });
        ops.push(OpPrint { hash: h.finish(), shared, ink });
    }
}

fn hash_place(place: &Place, h: &mut DefaultHasher) {
    hash_f32s(&[place.translation.0, place.translation.1], h);
    h.write_u64(place.translation_f64.0.to_bits());
    h.write_u64(place.translation_f64.1.to_bits());
    match &place.clip {
        Some(clip) => hash_rect(clip, h),
        None => h.write_u8(0),
    }
}
