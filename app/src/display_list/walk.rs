//! The one walk over a list's ops (see the module docs of `crate::display_list`): each op with the translation and
//! clip in effect.

use crate::geom::{PixelRect, Rect};

use super::{DisplayList, Op};

/// Where an op of a walked list is drawn: the translations and clips around it, summed.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Place {
    /// The translation in effect, in list pixels, summed in `f32` (layer shapes and bounds follow from it).
    pub translation: (f32, f32),
    /// The same translation summed in `f64`, as a Blend2D context sums it (glyph positions follow from it).
    pub translation_f64: (f64, f64),
    /// The clips in effect, intersected, in list pixels with their translations applied (`None`: no clip; an
    /// empty rect when they do not overlap).
    pub clip: Option<Rect>,
}

/// Past this many list pixels, an `f32` sum of an op's bounds and translation is rounded by more than the pixel of
/// room `Op::bounds` leaves (a box from x = -6e21 to 70 ends at 0), so such an op is taken to reach anywhere.
pub const FAR: f32 = 4_194_304.0;

/// Whether an op with `bounds` under `translation` lies too far out (or not finite) for `f32` sums to place it:
/// every pass that skips or limits an op by its bounds takes such an op to reach every pixel its clip lets it.
pub fn too_far(bounds: Rect, translation: (f32, f32)) -> bool {
    let (b, t) = (bounds, translation);
    [b.x, b.y, b.w, b.h, t.0, t.1].iter().any(|v| !v.is_finite() || v.abs() > FAR)
}

impl Place {
    /// `r` (list pixels before the translation) translated and cut by the clip; `None` when the clip hides it.
    pub fn clipped(&self, r: Rect) -> Option<Rect> {
        let r = Rect::new(r.x + self.translation.0, r.y + self.translation.1, r.w, r.h);
        match self.clip {
            Some(clip) => clip.intersection(r),
            None => Some(r),
        }
    }

    /// Where an op with `bounds` (list pixels before the translation; `None`: unknown) can leave ink from here, in
    /// list pixels: its bounds placed and clipped, or, when they are unknown or [`too_far`] to place, all of
    /// `canvas` the clip lets it reach. `None` when the clip hides it.
    pub fn ink(&self, bounds: Option<Rect>, canvas: Rect) -> Option<Rect> {
        match bounds {
            Some(b) if !too_far(b, self.translation) => self.clipped(b),
            _ => self.clip.map_or(Some(canvas), |clip| clip.intersection(canvas)),
        }
    }

    /// Whether an op with `bounds` (list pixels before the translation) may leave ink in `rects` (device pixels)
    /// when drawn from here at `scale`, `offset` device pixels added after it: a replay whose visible pixels are
    /// those rects draws no op this says no to. A pixel of room each way, and an op [`too_far`] to place may reach
    /// anywhere, as the replay's own test takes it.
    pub fn may_reach(&self, bounds: Rect, scale: f32, offset: (f32, f32), rects: &[PixelRect]) -> bool {
        let (b, t) = (bounds, self.translation);
        if too_far(b, t) {
            return true;
        }
        let x0 = (b.x + t.0) * scale + offset.0 - 1.0;
        let y0 = (b.y + t.1) * scale + offset.1 - 1.0;
        let x1 = (b.right() + t.0) * scale + offset.0 + 1.0;
        let y1 = (b.bottom() + t.1) * scale + offset.1 + 1.0;
        rects.iter().any(|r| x0 < r.right() as f32 && (r.x as f32) < x1 && y0 < r.bottom() as f32 && (r.y as f32) < y1)
    }

    /// The place of a layer's content drawn at `rect` from here: its origin at the rect's corner, clipped to it.
    pub fn inside(&self, rect: Rect) -> Place {
        Place {
            translation: (self.translation.0 + rect.x, self.translation.1 + rect.y),
            translation_f64: (self.translation_f64.0 + f64::from(rect.x), self.translation_f64.1 + f64::from(rect.y)),
            clip: Some(self.clipped(rect).unwrap_or_default()),
        }
    }
}

/// What one op does in a [`Walk`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Step<'l> {
    /// Draws (any op but a push or a pop; a layer too).
    Draw(&'l Op),
    /// `PushClip(rect)`, `rect` in list pixels before the translation.
    Clip(Rect),
    /// `PushTranslate(dx, dy)`.
    Translate(f32, f32),
    /// A pop that ends the innermost push, whatever its kind.
    Pop,
    /// A pop with no push open: it changes nothing.
    StrayPop,
}

/// One op of a [`Walk`]: its index in the list, what it does, and the place in effect once it is done (for a
/// drawing op, where it draws).
#[derive(Debug, Clone, Copy)]
pub struct Visit<'l> {
    /// The op's index in the list.
    pub index: usize,
    /// What it does.
    pub step: Step<'l>,
    /// The translation and clip in effect after it.
    pub place: Place,
}

/// The one walk over a list's ops (see the module docs): an iterator of [`Visit`]s. It stops where it is told
/// (`walk.by_ref().take(n)`) and goes on from there; layers are not entered (a pass that draws a layer's content
/// walks it from [`Place::inside`] the layer).
#[derive(Debug, Clone)]
pub struct Walk<'l> {
    ops: &'l [Op],
    next: usize,
    place: Place,
    /// The place before each open push.
    saved: Vec<Place>,
}

impl<'l> Walk<'l> {
    /// A walk over `list` from its first op, its origin at `place`.
    pub fn new(list: &'l DisplayList, place: Place) -> Walk<'l> {
        Walk { ops: &list.ops, next: 0, place, saved: Vec::new() }
    }

    /// How many pushes are open (a replay restores that many at the end of a list left unbalanced).
    pub fn depth(&self) -> usize {
        self.saved.len()
    }
}

impl<'l> Iterator for Walk<'l> {
    type Item = Visit<'l>;

    #[inline]
    fn next(&mut self) -> Option<Visit<'l>> {
        let index = self.next;
        let op = self.ops.get(index)?;
        self.next = index + 1;
        let step = match op {
            Op::PushClip(r) => {
                self.saved.push(self.place);
                self.place.clip = Some(self.place.clipped(*r).unwrap_or_default());
                Step::Clip(*r)
            }
            Op::PushTranslate(dx, dy) => {
                self.saved.push(self.place);
                let (t, t64) = (self.place.translation, self.place.translation_f64);
                self.place.translation = (t.0 + dx, t.1 + dy);
                self.place.translation_f64 = (t64.0 + f64::from(*dx), t64.1 + f64::from(*dy));
                Step::Translate(*dx, *dy)
            }
            Op::PopClip | Op::PopTranslate => match self.saved.pop() {
                Some(place) => {
                    self.place = place;
                    Step::Pop
                }
                None => Step::StrayPop,
            },
            op => Step::Draw(op),
        };
        Some(Visit { index, step, place: self.place })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.ops.len() - self.next;
        (left, Some(left))
    }
}

/// A walk over `list` from its origin (see [`Walk`]).
pub fn walk(list: &DisplayList) -> Walk<'_> {
    Walk::new(list, Place::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display_list::Paint;
    use crate::geom::Color;

    #[test]
    fn a_walk_yields_each_op_with_the_translation_and_clip_around_it() {
        let fill = Op::FillRect { rect: Rect::new(0.0, 0.0, 10.0, 10.0), paint: Paint::Solid(Color::rgb(1, 2, 3)) };
        let list = DisplayList {
            ops: vec![
                Op::PushTranslate(10.0, 20.0),
                Op::PushClip(Rect::new(0.0, 0.0, 5.0, 5.0)),
                fill.clone(),
                Op::PopClip,
                fill.clone(),
                Op::PopTranslate,
                Op::PopClip,
                fill,
            ],
            opaque_lead: false,
            scroll: None,
            overlay_from: None,
            secret: Vec::new(),
        };
        let mut walk = walk(&list);
        let visits: Vec<Visit<'_>> = walk.by_ref().take(3).collect();
        assert_eq!(walk.depth(), 2);
        assert_eq!(visits[2].place.translation, (10.0, 20.0));
        assert_eq!(visits[2].place.translation_f64, (10.0, 20.0));
        assert_eq!(visits[2].place.clip, Some(Rect::new(10.0, 20.0, 5.0, 5.0)));
        // The walk goes on where it stopped.
        let steps: Vec<(usize, Step<'_>)> = walk.map(|v| (v.index, v.step)).collect();
        assert_eq!(steps[0], (3, Step::Pop));
        assert_eq!((steps[3].1, steps[4].0), (Step::StrayPop, 7));
        let last = walk_places(&list);
        assert_eq!(last[4], Place { translation: (10.0, 20.0), translation_f64: (10.0, 20.0), clip: None });
        assert_eq!(last[7], Place::default());
        // A layer's content is walked from inside it: its origin at the rect's corner, clipped to it.
        let inner = last[2].inside(Rect::new(1.0, 2.0, 100.0, 100.0));
        assert_eq!(inner.translation, (11.0, 22.0));
        assert_eq!(inner.clip, Some(Rect::new(11.0, 22.0, 4.0, 3.0)));
        assert_eq!(inner.clipped(Rect::new(50.0, 0.0, 1.0, 1.0)), None);
    }

    #[test]
    fn an_op_too_far_out_to_place_may_ink_all_its_clip_lets_it() {
        let canvas = Rect::new(0.0, 0.0, 100.0, 50.0);
        let clipped = Place { clip: Some(Rect::new(10.0, 0.0, 20.0, 80.0)), ..Place::default() };
        // From x = -1e15 to 50, summed in f32, the box ends at 0.
        let far = Rect::new(-1.0e15, 20.0, 1.0e15 + 50.0, 40.0);
        assert!(far.right() <= 0.0 && too_far(far, (0.0, 0.0)));
        assert_eq!(clipped.ink(Some(far), canvas), Some(Rect::new(10.0, 0.0, 20.0, 50.0)));
        assert_eq!(Place::default().ink(Some(far), canvas), Some(canvas));
        assert_eq!(Place::default().ink(None, canvas), Some(canvas));
        let near = Rect::new(12.0, 5.0, 2.0, 2.0);
        assert_eq!(clipped.ink(Some(near), canvas), Some(near));
        let far_off = Place { translation: (5.0e6, 0.0), ..Place::default() };
        assert_eq!(far_off.ink(Some(near), canvas), Some(canvas), "a far translation too");
    }

    fn walk_places(list: &DisplayList) -> Vec<Place> {
        walk(list).map(|v| v.place).collect()
    }
}
