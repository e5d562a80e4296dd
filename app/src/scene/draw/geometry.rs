//! Path geometry the scene builds from numbers: circles and arcs as cubic Béziers, smooth curves through
//! points, bars with rounded tops.

use std::f32::consts::{FRAC_PI_2, TAU};

use crate::display_list::{PathCommand, PathData};
use crate::geom::Rect;

/// An arc of the circle centred on (cx, cy) with radius `r`, from angle `a0` to `a1` (radians, 0 = +x, growing
/// clockwise on screen, y down), as cubic Béziers of at most a quarter turn each. Starts with a `MoveTo` when
/// `move_to` is set, otherwise with a `LineTo` to the arc's start.
pub fn arc(cx: f32, cy: f32, r: f32, a0: f32, a1: f32, move_to: bool) -> Vec<PathCommand> {
    let sweep = a1 - a0;
    let segments = ((sweep.abs() / FRAC_PI_2).ceil() as usize).max(1);
    let step = sweep / segments as f32;
    // The control distance of a cubic approximating an arc of `step` radians.
    let k = 4.0 / 3.0 * (step / 4.0).tan() * r;
    let point = |a: f32| (cx + r * a.cos(), cy + r * a.sin());
    let mut out = Vec::with_capacity(segments + 1);
    let (x0, y0) = point(a0);
    out.push(if move_to { PathCommand::MoveTo(x0, y0) } else { PathCommand::LineTo(x0, y0) });
    for i in 0..segments {
        let (s, e) = (a0 + step * i as f32, a0 + step * (i + 1) as f32);
        let ((sx, sy), (ex, ey)) = (point(s), point(e));
        out.push(PathCommand::CubicTo(sx - k * s.sin(), sy + k * s.cos(), ex + k * e.sin(), ey - k * e.cos(), ex, ey));
    }
    out
}

/// A whole circle, closed.
pub fn circle(cx: f32, cy: f32, r: f32) -> Vec<PathCommand> {
    let mut out = arc(cx, cy, r, 0.0, TAU, true);
    out.push(PathCommand::Close);
    out
}

/// A smooth curve through `points` (Catmull-Rom, as cubic Béziers), starting with a `MoveTo`.
pub fn smooth_curve(points: &[(f32, f32)]) -> Vec<PathCommand> {
    let mut out = Vec::with_capacity(points.len());
    let Some(&(x0, y0)) = points.first() else { return out };
    out.push(PathCommand::MoveTo(x0, y0));
    let at = |i: isize| points[i.clamp(0, points.len() as isize - 1) as usize];
    for i in 0..points.len().saturating_sub(1) as isize {
        let (p0, p1, p2, p3) = (at(i - 1), at(i), at(i + 1), at(i + 2));
        let c1 = (p1.0 + (p2.0 - p0.0) / 6.0, p1.1 + (p2.1 - p0.1) / 6.0);
        let c2 = (p2.0 - (p3.0 - p1.0) / 6.0, p2.1 - (p3.1 - p1.1) / 6.0);
        out.push(PathCommand::CubicTo(c1.0, c1.1, c2.0, c2.1, p2.0, p2.1));
    }
    out
}

/// The area under a smooth curve through `points` down to `base_y`, closed.
pub fn area_under(points: &[(f32, f32)], base_y: f32) -> Vec<PathCommand> {
    let mut out = smooth_curve(points);
    if let (Some(first), Some(last)) = (points.first(), points.last()) {
        out.push(PathCommand::LineTo(last.0, base_y));
        out.push(PathCommand::LineTo(first.0, base_y));
        out.push(PathCommand::Close);
    }
    out
}

/// A bar standing on `rect`'s bottom edge whose top corners are rounded by `r` (clamped to fit), appended to
/// `out`.
pub fn bar(out: &mut Vec<PathCommand>, rect: Rect, r: f32) {
    if rect.w <= 0.0 || rect.h <= 0.0 {
        return;
    }
    let r = r.min(rect.w / 2.0).min(rect.h).max(0.0);
    let (l, t, rt, b) = (rect.x, rect.y, rect.right(), rect.bottom());
    // Quarter-circle control distance.
    let k = 0.552_284_8 * r;
    out.push(PathCommand::MoveTo(l, b));
    out.push(PathCommand::LineTo(l, t + r));
    out.push(PathCommand::CubicTo(l, t + r - k, l + r - k, t, l + r, t));
    out.push(PathCommand::LineTo(rt - r, t));
    out.push(PathCommand::CubicTo(rt - r + k, t, rt, t + r - k, rt, t + r));
    out.push(PathCommand::LineTo(rt, b));
    out.push(PathCommand::Close);
}

/// A rounded rectangle, clockwise on screen (y down), closed, appended to `out`.
pub fn round_rect(out: &mut Vec<PathCommand>, rect: Rect, r: f32) {
    if rect.w <= 0.0 || rect.h <= 0.0 {
        return;
    }
    let r = r.min(rect.w / 2.0).min(rect.h / 2.0).max(0.0);
    let (l, t, rt, b) = (rect.x, rect.y, rect.right(), rect.bottom());
    let k = 0.552_284_8 * r;
    out.push(PathCommand::MoveTo(l + r, t));
    out.push(PathCommand::LineTo(rt - r, t));
    out.push(PathCommand::CubicTo(rt - r + k, t, rt, t + r - k, rt, t + r));
    out.push(PathCommand::LineTo(rt, b - r));
    out.push(PathCommand::CubicTo(rt, b - r + k, rt - r + k, b, rt - r, b));
    out.push(PathCommand::LineTo(l + r, b));
    out.push(PathCommand::CubicTo(l + r - k, b, l, b - r + k, l, b - r));
    out.push(PathCommand::LineTo(l, t + r));
    out.push(PathCommand::CubicTo(l, t + r - k, l + r - k, t, l + r, t));
    out.push(PathCommand::Close);
}

/// How a piece of a nine-patch shadow ([`shadow_pieces`]) fades.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Falloff {
    /// Inside the outline: at full strength.
    Inside,
    /// Away from the centre (cx, cy) of one of the outline's corners: full up to the corner's radius, gone
    /// `reach` past it.
    Corner {
        /// The corner's centre.
        cx: f32,
        /// The corner's centre.
        cy: f32,
    },
    /// Across a straight edge: full at `from` (on the outline), gone at `to` (`reach` out from it).
    Edge {
        /// A point on the edge.
        from: (f32, f32),
        /// That point moved `reach` outward.
        to: (f32, f32),
    },
}

/// The pieces of a shadow around the rounded rectangle `outline` (corner radius `r`) that fades out `reach`
/// past it, as a nine-patch: four corner boxes that fade around the corners' centres, the four edge strips
/// between them that fade across their edge, and the middle; the strips and the middle leave out what `hidden`
/// covers (the opaque card drawn over the shadow). The pieces are disjoint and meet on whole pixels (when
/// `outline` and `r` are whole), so no pixel is blended twice, and they cover every point within `reach` of the
/// outline, inside or out, that `hidden` does not.
///
/// Filling each piece with a gradient costs only its own pixels, where a ring-shaped path costs Blend2D about
/// half of what filling its whole box costs (record 9).
pub fn shadow_pieces(outline: Rect, r: f32, reach: f32, hidden: Rect) -> Vec<(Rect, Falloff)> {
    let r = r.min(outline.w / 2.0).min(outline.h / 2.0).max(0.0);
    let (cl, cr) = (outline.x + r, outline.right() - r);
    let (ct, cb) = (outline.y + r, outline.bottom() - r);
    // The lines the pieces meet on, on whole pixels.
    let (xl, yt) = (cl.round(), ct.round());
    let (xr, yb) = (cr.round().max(xl), cb.round().max(yt));
    let (x0, y0) = (outline.x - reach, outline.y - reach);
    let (x1, y1) = (outline.right() + reach, outline.bottom() + reach);
    let span = |a: f32, b: f32, c: f32, d: f32| Rect::new(a, c, b - a, d - c);
    let (left, right, top, bottom) = (outline.x, outline.right(), outline.y, outline.bottom());
    let patches = [
        (span(x0, xl, y0, yt), Falloff::Corner { cx: cl, cy: ct }),
        (span(xr, x1, y0, yt), Falloff::Corner { cx: cr, cy: ct }),
        (span(x0, xl, yb, y1), Falloff::Corner { cx: cl, cy: cb }),
        (span(xr, x1, yb, y1), Falloff::Corner { cx: cr, cy: cb }),
        (span(xl, xr, y0, yt), Falloff::Edge { from: (0.0, top), to: (0.0, top - reach) }),
        (span(xl, xr, yb, y1), Falloff::Edge { from: (0.0, bottom), to: (0.0, bottom + reach) }),
        (span(x0, xl, yt, yb), Falloff::Edge { from: (left, 0.0), to: (left - reach, 0.0) }),
        (span(xr, x1, yt, yb), Falloff::Edge { from: (right, 0.0), to: (right + reach, 0.0) }),
        (span(xl, xr, yt, yb), Falloff::Inside),
    ];
    let mut pieces = Vec::with_capacity(12);
    for (patch, falloff) in patches.into_iter().filter(|(p, _)| p.w > 0.0 && p.h > 0.0) {
        if matches!(falloff, Falloff::Corner { .. }) {
            // Whole: cutting the few pixels it shares with `hidden` out of it would cost a second fill.
            pieces.push((patch, falloff));
        } else {
            pieces.extend(uncovered(patch, &[hidden]).into_iter().map(|piece| (piece, falloff)));
        }
    }
    pieces
}

/// Horizontal lines across `rect` at `n` even steps (top and bottom included), as one path.
pub fn grid_lines(rect: Rect, n: usize) -> PathData {
    let mut commands = Vec::with_capacity(2 * n);
    for i in 0..n {
        let y = (rect.y + rect.h * i as f32 / (n.max(2) - 1) as f32).round() + 0.5;
        commands.push(PathCommand::MoveTo(rect.x, y));
        commands.push(PathCommand::LineTo(rect.right(), y));
    }
    PathData { commands }
}

/// The largest whole-pixel rectangle a rounded rectangle `rect` with corner radius `r` covers completely,
/// anti-aliased edges included: inset by the depth of its corners' arcs (plus a pixel), rounded inward.
pub fn opaque_core(rect: Rect, r: f32) -> Rect {
    let d = (r - (r - 1.0).max(0.0) * std::f32::consts::FRAC_1_SQRT_2).max(1.0);
    let (x0, y0) = ((rect.x + d).ceil(), (rect.y + d).ceil());
    let (x1, y1) = ((rect.right() - d).floor(), (rect.bottom() - d).floor());
    Rect::new(x0, y0, (x1 - x0).max(0.0), (y1 - y0).max(0.0))
}

/// `area` less the `holes`, as disjoint rectangles: horizontal slabs between the holes' top and bottom edges,
/// each cut into the runs no hole covers (adjacent slabs with the same runs merged). What shows of a
/// background under opaque cards.
pub fn uncovered(area: Rect, holes: &[Rect]) -> Vec<Rect> {
    let holes: Vec<Rect> = holes.iter().filter_map(|hole| hole.intersection(area)).collect();
    let mut edges: Vec<f32> = vec![area.y, area.bottom()];
    edges.extend(holes.iter().flat_map(|h| [h.y, h.bottom()]));
    edges.sort_by(f32::total_cmp);
    edges.dedup();
    let mut out: Vec<Rect> = Vec::new();
    // The runs of the slab above, as indices into `out`, to extend downwards when the runs repeat.
    let mut above: Vec<usize> = Vec::new();
    for pair in edges.windows(2) {
        let (y0, y1) = (pair[0], pair[1]);
        let mut cuts: Vec<(f32, f32)> =
            holes.iter().filter(|h| h.y < y1 && h.bottom() > y0).map(|h| (h.x, h.right())).collect();
        cuts.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut runs: Vec<(f32, f32)> = Vec::new();
        let mut x = area.x;
        for (c0, c1) in cuts {
            if c0 > x {
                runs.push((x, c0));
            }
            x = x.max(c1);
        }
        if x < area.right() {
            runs.push((x, area.right()));
        }
        let same = runs.len() == above.len()
            && runs.iter().zip(&above).all(|(run, &i)| out[i].x == run.0 && out[i].right() == run.1);
        if same {
            for &i in &above {
                out[i].h = y1 - out[i].y;
            }
        } else {
            above = (out.len()..out.len() + runs.len()).collect();
            out.extend(runs.into_iter().map(|(x0, x1)| Rect::new(x0, y0, x1 - x0, y1 - y0)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area_of(rects: &[Rect]) -> f32 {
        rects.iter().map(|r| r.w * r.h).sum()
    }

    #[test]
    fn uncovered_leaves_exactly_what_no_hole_covers() {
        let area = Rect::new(0.0, 0.0, 100.0, 60.0);
        let holes =
            [Rect::new(10.0, 10.0, 30.0, 20.0), Rect::new(50.0, 10.0, 30.0, 20.0), Rect::new(90.0, 50.0, 20.0, 20.0)];
        let pieces = uncovered(area, &holes);
        // The last hole reaches past the area: only its 10 x 10 inside counts.
        assert_eq!(area_of(&pieces), 6000.0 - 600.0 - 600.0 - 100.0);
        for (i, p) in pieces.iter().enumerate() {
            assert!(p.w > 0.0 && p.h > 0.0);
            for h in &holes {
                let overlap = (p.right().min(h.right()) - p.x.max(h.x)).max(0.0)
                    * (p.bottom().min(h.bottom()) - p.y.max(h.y)).max(0.0);
                assert_eq!(overlap, 0.0, "piece {p:?} overlaps hole {h:?}");
            }
            for q in &pieces[i + 1..] {
                let overlap = (p.right().min(q.right()) - p.x.max(q.x)).max(0.0)
                    * (p.bottom().min(q.bottom()) - p.y.max(q.y)).max(0.0);
                assert_eq!(overlap, 0.0, "{p:?} and {q:?} overlap");
            }
        }
        // The band above the holes is one piece; the three runs beside them one piece each.
        assert_eq!(pieces[0], Rect::new(0.0, 0.0, 100.0, 10.0));
        assert_eq!(pieces.len(), 6, "{pieces:?}");
        assert_eq!(uncovered(area, &[]), vec![area]);
    }

    /// The distance from (x, y) to the rounded rectangle `rect` (radius `r`), 0 inside.
    fn distance_outside(rect: Rect, r: f32, (x, y): (f32, f32)) -> f32 {
        let (cx, cy) = (x.clamp(rect.x + r, rect.right() - r), y.clamp(rect.y + r, rect.bottom() - r));
        (((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r).max(0.0)
    }

    #[test]
    fn shadow_pieces_cover_the_shadow_once_around_what_hides_it() {
        let outline = Rect::new(20.0, 23.0, 120.0, 80.0);
        let hidden = opaque_core(Rect::new(20.0, 20.0, 120.0, 80.0), 10.0);
        let pieces = shadow_pieces(outline, 10.0, 9.0, hidden);
        for (i, (p, _)) in pieces.iter().enumerate() {
            assert!(p.w > 0.0 && p.h > 0.0);
            assert_eq!((p.x.fract(), p.y.fract(), p.w.fract(), p.h.fract()), (0.0, 0.0, 0.0, 0.0), "{p:?}");
            if !matches!(pieces[i].1, Falloff::Corner { .. }) {
                assert!(p.intersection(hidden).is_none(), "{p:?} overlaps the hidden middle");
            }
            for (q, _) in &pieces[i + 1..] {
                assert!(p.intersection(*q).is_none(), "{p:?} and {q:?} overlap");
            }
        }
        // Every pixel centre within reach and not hidden is in exactly one piece, with the falloff of its place.
        for y in 0..140 {
            for x in 0..170 {
                let at = (x as f32 + 0.5, y as f32 + 0.5);
                let inside = |r: &Rect| at.0 >= r.x && at.0 < r.right() && at.1 >= r.y && at.1 < r.bottom();
                let holders: Vec<_> = pieces.iter().filter(|(p, _)| inside(p)).collect();
                let wanted = distance_outside(outline, 10.0, at) <= 9.0 && !inside(&hidden);
                assert!(holders.len() <= 1, "pixel {at:?} is in {holders:?}");
                let in_strip = holders.iter().any(|(_, f)| !matches!(f, Falloff::Corner { .. }));
                assert!(!(in_strip && inside(&hidden)), "pixel {at:?} is hidden but in a strip");
                assert!(!wanted || holders.len() == 1, "pixel {at:?} is in no piece");
            }
        }
        // The corner boxes fade around the corners' centres, the strips across their edges.
        let falloff_at = |x: f32, y: f32| {
            pieces.iter().find(|(p, _)| x >= p.x && x < p.right() && y >= p.y && y < p.bottom()).map(|(_, f)| *f)
        };
        assert_eq!(falloff_at(15.5, 18.5), Some(Falloff::Corner { cx: 30.0, cy: 33.0 }));
        assert_eq!(falloff_at(80.5, 15.5), Some(Falloff::Edge { from: (0.0, 23.0), to: (0.0, 14.0) }));
        assert_eq!(falloff_at(145.5, 60.5), Some(Falloff::Edge { from: (140.0, 0.0), to: (149.0, 0.0) }));
        // A middle nothing hides is one piece at full strength.
        let open = shadow_pieces(outline, 10.0, 9.0, Rect::new(0.0, 0.0, 0.0, 0.0));
        assert_eq!(open.iter().filter(|(_, f)| *f == Falloff::Inside).count(), 1);
        assert_eq!(open.len(), 9);
    }

    #[test]
    fn the_opaque_core_of_a_rounded_rect_is_inside_its_corners() {
        let core = opaque_core(Rect::new(10.0, 20.0, 100.0, 50.0), 10.0);
        assert_eq!(core, Rect::new(14.0, 24.0, 92.0, 42.0));
        // Its corner is a pixel inside the corner arc (centre (20, 30), radius 10).
        let d = ((core.x - 20.0).powi(2) + (core.y - 30.0).powi(2)).sqrt();
        assert!(d <= 9.0, "{d}");
    }

    fn end(c: &PathCommand) -> (f32, f32) {
        match *c {
            PathCommand::MoveTo(x, y) | PathCommand::LineTo(x, y) => (x, y),
            PathCommand::QuadTo(_, _, x, y) | PathCommand::CubicTo(_, _, _, _, x, y) => (x, y),
            PathCommand::Close => (f32::NAN, f32::NAN),
        }
    }

    #[test]
    fn an_arc_ends_on_its_circle_in_quarter_turns() {
        let a = arc(10.0, 10.0, 5.0, 0.0, 3.0 * FRAC_PI_2, true);
        assert_eq!(a.len(), 4, "a move and three quarter turns");
        let (x, y) = end(&a[3]);
        assert!((x - 10.0).abs() < 1e-4 && (y - 5.0).abs() < 1e-4, "ends at the top: {x},{y}");
        // The midpoint of the first quarter lies on the circle within 0.03 % of r.
        if let PathCommand::CubicTo(x1, y1, x2, y2, x3, y3) = a[1] {
            let (mx, my) = (
                0.125 * 15.0 + 0.375 * x1 + 0.375 * x2 + 0.125 * x3,
                0.125 * 10.0 + 0.375 * y1 + 0.375 * y2 + 0.125 * y3,
            );
            let r = ((mx - 10.0).powi(2) + (my - 10.0).powi(2)).sqrt();
            assert!((r - 5.0).abs() < 5.0 * 3e-4, "{r}");
        } else {
            panic!("{:?}", a[1]);
        }
        assert_eq!(circle(0.0, 0.0, 1.0).len(), 6);
    }

    #[test]
    fn a_smooth_curve_passes_through_its_points() {
        let points = [(0.0, 0.0), (10.0, 5.0), (20.0, -5.0), (30.0, 0.0)];
        let c = smooth_curve(&points);
        assert_eq!(c.len(), 4);
        for (command, point) in c.iter().zip(points) {
            assert_eq!(end(command), point);
        }
        let area = area_under(&points, 40.0);
        assert_eq!(area.last(), Some(&PathCommand::Close));
        assert!(smooth_curve(&[]).is_empty());
    }

    #[test]
    fn a_bar_stays_inside_its_rect() {
        let mut out = Vec::new();
        bar(&mut out, Rect::new(0.0, 10.0, 8.0, 30.0), 6.0);
        assert_eq!(out.len(), 7);
        assert!(out.iter().filter(|c| !matches!(c, PathCommand::Close)).all(|c| {
            let (x, y) = end(c);
            (0.0..=8.0).contains(&x) && (10.0..=40.0).contains(&y)
        }));
        bar(&mut out, Rect::new(0.0, 0.0, 0.0, 5.0), 2.0);
        assert_eq!(out.len(), 7, "an empty bar adds nothing");
    }
}
