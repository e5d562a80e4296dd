//! [`Path`]: an owned Blend2D path, built from segments and shapes, shared by reference counting.

use std::ffi::c_void;
use std::ptr;

use goldberry_calls::blend2d::path::{
    blPathAddGeometry, blPathArcTo, blPathClose, blPathCubicTo, blPathGetBoundingBox, blPathInit, blPathLineTo,
    blPathMoveTo, blPathQuadTo, blPathReset,
};
use goldberry_calls::blend2d::types::{
    BL_GEOMETRY_DIRECTION_CCW, BL_GEOMETRY_DIRECTION_CW, BL_GEOMETRY_TYPE_CIRCLE, BL_GEOMETRY_TYPE_ELLIPSE,
    BL_GEOMETRY_TYPE_RECTD, BL_GEOMETRY_TYPE_ROUND_RECT, BLBox, BLCircle, BLEllipse, BLGeometryDirection,
    BLGeometryType, BLPathCore, BLRoundRect,
};

use super::{Blend2dCalls, Rect, bl};
use crate::{Goldberry, NativeError};

/// A Blend2D path (`BLPath`): figures of lines and curves, filled or stroked by a [`crate::blend2d::Context`].
///
/// `Clone` is cheap: the clone shares the path data (an atomic reference count) until either is changed, when
/// Blend2D copies it. `Send + Sync`: see the module documentation ([`crate::blend2d`]).
///
/// Its points are finite: every method that adds one refuses NaN and infinities with
/// [`NativeError::InvalidArgument`] (the beta's rasterizer crashes on a NaN point). Every segment continues a
/// figure: a line or curve with no figure open (on an empty path, or right after a close) is refused, and a
/// close with none open does nothing. The beta's stroker refuses such a path (`BL_ERROR_INVALID_GEOMETRY`), and
/// that refusal leaves its raster worker's memory freed but in use: the next context in the process read it and
/// crashed (measured with valgrind: a use after free in `BLRasterFiller::fillAnalyticImpl`).
///
/// A figure reaches Blend2D only once it leaves its start point (by more than `SAME_POINT`); one that never
/// does (a lone move, a line back to its start, a curve whose every point is its start) is left out, as it
/// covers nothing filled or stroked. The beta's stroker, given such a figure before another, grows its scratch
/// path for it and never shrinks it back: the next figure's outline then starts with uninitialised vertices,
/// and strokes drew stray edges that changed from run to run and from band to band (found by the raster fuzz,
/// seeds 98, 101 and 116; valgrind: uninitialised values in `BLEdgeBuilder::addPath` under
/// `BLRasterContextStrokeSink`). A curve that returns to its start through controls elsewhere is split in two at
/// a point off the start (the same curve), so that its figure always leaves the start.
#[derive(Debug)]
pub struct Path {
    pub(crate) core: BLPathCore,
    calls: &'static Blend2dCalls,
    /// Whether the last figure is open, so that a segment may continue it.
    open: bool,
    /// The open figure while it has not left its start: its start and its segments, not yet in `core`.
    pending: Option<Pending>,
    /// The point the last segment handed to Blend2D ended at (`None` after an arc or a shape).
    current: Option<(f64, f64)>,
    /// Where the figure handed to Blend2D last started (`None` after an arc or a shape), for its closing line.
    start: Option<(f64, f64)>,
}

/// Within this distance (user units) a point is its figure's start (the stroker's own test is 1e-10 device
/// units: this leaves room for a scale down to 1e-4).
pub const SAME_POINT: f64 = 1e-6;

/// How far from the origin (user units, 2^24) a curve's control point may lie and the curve reach Blend2D as
/// a curve (see [`Path`]'s `emit`).
pub(super) const FAR: f64 = 16_777_216.0;

/// How far from the origin (user units) a line's points may lie and reach Blend2D unclamped (see `line`).
const REACH: f64 = 1_048_576.0;

/// How far (user units) the lines a quad that turns back is handed over as may stray from it.
const FLATNESS: f64 = 0.05;

/// A figure not handed to Blend2D yet (see [`Path`]).
#[derive(Debug, Clone, Default)]
struct Pending {
    start: (f64, f64),
    segments: Vec<Segment>,
}

#[derive(Debug, Clone, Copy)]
enum Segment {
    Line(f64, f64),
    Quad([f64; 4]),
    Cubic([f64; 6]),
}

impl Pending {
    /// Whether (`x`, `y`) is the figure's start (see `SAME_POINT`).
    fn at_start(&self, x: f64, y: f64) -> bool {
        (x - self.start.0).hypot(y - self.start.1) <= SAME_POINT
    }
}

// SAFETY: the path's impl is reference-counted with atomics, read-only through `&Path`, and copied by Blend2D
// before a change when shared; changing it takes `&mut Path`. See the module documentation.
unsafe impl Send for Path {}
// SAFETY: as above: shared references only read the impl.
unsafe impl Sync for Path {}

/// An arc of the ellipse about (`cx`, `cy`) with radii `rx`, `ry`, from angle `start` through `sweep` radians.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct EllipticArc {
    /// Centre x.
    pub cx: f64,
    /// Centre y.
    pub cy: f64,
    /// Radius along x.
    pub rx: f64,
    /// Radius along y.
    pub ry: f64,
    /// The angle it starts at, in radians.
    pub start: f64,
    /// The angle it spans, in radians (negative: the other way round).
    pub sweep: f64,
}

impl Path {
    /// An empty path (`blPathInit`).
    pub fn new(g: &'static Goldberry) -> Result<Path, NativeError> {
        let calls = &g.blend2d;
        let mut path =
            Path { core: BLPathCore::default(), calls, open: false, pending: None, current: None, start: None };
        // SAFETY: `path.core` is writable; `blPathInit` initialises it.
        unsafe { bl!(calls.path, blPathInit(&mut path.core)) }?;
        Ok(path)
    }

    /// Starts a new figure at (`x`, `y`) (`blPathMoveTo`).
    /// A figure that has not left its start is dropped (see the type's documentation).
    pub fn move_to(&mut self, x: f64, y: f64) -> Result<(), NativeError> {
        finite("blPathMoveTo", &[x, y])?;
        self.pending = Some(Pending { start: (x, y), segments: Vec::new() });
        self.open = true;
        Ok(())
    }

    /// A straight line to (`x`, `y`) (`blPathLineTo`).
    pub fn line_to(&mut self, x: f64, y: f64) -> Result<(), NativeError> {
        finite("blPathLineTo", &[x, y])?;
        self.continues("blPathLineTo")?;
        self.segment(Segment::Line(x, y))
    }

    /// A quadratic curve through control point (`x1`, `y1`) to (`x2`, `y2`) (`blPathQuadTo`).
    pub fn quad_to(&mut self, x1: f64, y1: f64, x2: f64, y2: f64) -> Result<(), NativeError> {
        finite("blPathQuadTo", &[x1, y1, x2, y2])?;
        self.continues("blPathQuadTo")?;
        self.segment(Segment::Quad([x1, y1, x2, y2]))
    }

    /// A cubic curve through control points (`x1`, `y1`), (`x2`, `y2`) to (`x3`, `y3`) (`blPathCubicTo`).
    pub fn cubic_to(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, x3: f64, y3: f64) -> Result<(), NativeError> {
        finite("blPathCubicTo", &[x1, y1, x2, y2, x3, y3])?;
        self.continues("blPathCubicTo")?;
        self.segment(Segment::Cubic([x1, y1, x2, y2, x3, y3]))
    }

    /// Adds `segment` to the open figure: to Blend2D when the figure has left its start (or does with it, the
    /// figure's held segments first), else held (see the type's documentation).
    fn segment(&mut self, segment: Segment) -> Result<(), NativeError> {
        let Some(pending) = self.pending.as_mut() else { return self.emit(segment) };
        let (end, controls): ((f64, f64), &[f64]) = match &segment {
            Segment::Line(x, y) => ((*x, *y), &[]),
            Segment::Quad(p) => ((p[2], p[3]), &p[..2]),
            Segment::Cubic(p) => ((p[4], p[5]), &p[..4]),
        };
        if !pending.at_start(end.0, end.1) {
            pending.segments.push(segment);
            return self.flush();
        }
        if controls.chunks_exact(2).all(|c| pending.at_start(c[0], c[1])) {
            pending.segments.push(segment);
            return Ok(());
        }
        // A curve back to the start through controls elsewhere: the same curve in two halves, the first ending
        // off the start, so that the stroker opens the figure.
        let start = pending.start;
        pending.segments.extend(split(start, segment, |x, y| (x - start.0).hypot(y - start.1) > SAME_POINT));
        self.flush()
    }

    /// Hands the held figure to Blend2D: its move and its segments.
    fn flush(&mut self) -> Result<(), NativeError> {
        let Some(Pending { start: (x, y), segments }) = self.pending.take() else { return Ok(()) };
        // A start past [`FAR`] goes over clamped into the box, as every point of a line does (see `line`).
        let (bx, by) = (x.clamp(-REACH, REACH), y.clamp(-REACH, REACH));
        // SAFETY: an initialised path.
        unsafe { bl!(self.calls.path, blPathMoveTo(&mut self.core, bx, by)) }?;
        self.current = Some((x, y));
        self.start = Some((x, y));
        segments.into_iter().try_for_each(|s| self.emit(s))
    }

    fn emit(&mut self, segment: Segment) -> Result<(), NativeError> {
        let start = self.current;
        self.current = Some(match segment {
            Segment::Line(x, y) | Segment::Quad([_, _, x, y]) | Segment::Cubic([.., x, y]) => (x, y),
        });
        // A curve with a control point past [`FAR`] is handed over as its control polygon: the beta's filler
        // crashed (a segmentation fault in `fillAnalyticImpl`) on a cubic with controls at 5e35 (raster fuzz, seed
        // 22097 of the 100,000 run). Near an end on the canvas such a curve leaves along its polygon's leg, and
        // parts from its end within a canvas of it stray from the leg by (that distance)^2 / (3 x the leg).
        let controls: &[f64] = match &segment {
            Segment::Line(..) => &[],
            Segment::Quad(p) => &p[..2],
            Segment::Cubic(p) => &p[..4],
        };
        let ends = [start.unwrap_or_default(), self.current.unwrap_or_default()];
        let far_end = matches!(segment, Segment::Quad(_) | Segment::Cubic(_))
            && ends.iter().any(|(x, y)| x.abs() > FAR || y.abs() > FAR);
        if far_end || controls.iter().any(|v| v.abs() > FAR) {
            let points: Vec<(f64, f64)> = match segment {
                Segment::Line(..) => Vec::new(),
                Segment::Quad([x1, y1, x2, y2]) => vec![(x1, y1), (x2, y2)],
                Segment::Cubic([x1, y1, x2, y2, x3, y3]) => vec![(x1, y1), (x2, y2), (x3, y3)],
            };
            let mut from = start;
            for (x, y) in points {
                self.line(from, (x, y))?;
                from = Some((x, y));
            }
            return Ok(());
        }
        // A curve on one vertical (or horizontal) line goes over as lines through its turning points, the same
        // points: the beta's edge builder crashed (a segmentation fault in `BLEdgeBuilder::addPath`, valgrind)
        // filling a figure whose curve ran down the target's right edge, `M 8 1.8 Q 8 0 8 0` on 8 x 8 (raster
        // fuzz, seeds 2737 and 15204 of the 100,000 run, shrunk).
        if let Some(p0) = start
            && let Some(points) = straight(p0, segment)
        {
            let mut from = start;
            for point in points {
                self.line(from, point)?;
                from = Some(point);
            }
            return Ok(());
        }
        // A quad that turns back (its direction turns by more than a right angle) is handed over as lines a
        // twentieth of a pixel from it: the beta's stroker looped forever offsetting one whose apex lay 2e5 units
        // out (raster fuzz, seed 142), and split at its apex its halves' tangents vanish there.
        if let (Segment::Quad([x1, y1, x2, y2]), Some(p0)) = (segment, start) {
            let (ax, ay, bx, by) = (x1 - p0.0, y1 - p0.1, x2 - x1, y2 - y1);
            if ax * bx + ay * by < 0.0 {
                // Lines of a quad are within `tolerance` of it when there are sqrt(|p0 - 2c + p2| / 8 tolerance).
                let n = ((bx - ax).hypot(by - ay) / (8.0 * FLATNESS)).sqrt().ceil().clamp(1.0, 4096.0) as u32;
                for i in 1..=n {
                    let t = f64::from(i) / f64::from(n);
                    let (u, v, w) = ((1.0 - t) * (1.0 - t), 2.0 * t * (1.0 - t), t * t);
                    let (x, y) = (u * p0.0 + v * x1 + w * x2, u * p0.1 + v * y1 + w * y2);
                    // SAFETY: an initialised path.
                    unsafe { bl!(self.calls.path, blPathLineTo(&mut self.core, x, y)) }?;
                }
                return Ok(());
            }
        }
        match segment {
            Segment::Line(x, y) => self.line(start, (x, y)),
            // SAFETY: an initialised path.
            Segment::Quad([x1, y1, x2, y2]) => unsafe {
                bl!(self.calls.path, blPathQuadTo(&mut self.core, x1, y1, x2, y2))
            },
            // SAFETY: an initialised path.
            Segment::Cubic([x1, y1, x2, y2, x3, y3]) => unsafe {
                bl!(self.calls.path, blPathCubicTo(&mut self.core, x1, y1, x2, y2, x3, y3))
            },
        }
    }

    /// A line from `from` (the current point, when known) to `to`, clamped into the box [`REACH`] about the origin:
    /// the beta's filler crashed (a segmentation fault in `fillAnalyticImpl`) on figures with lines out to 1e27
    /// and beyond (raster fuzz, seeds 2737, 15204, 30752, 44952, 53395, 79664 and 99287 of the 100,000 run).
    /// Clamping each coordinate is the nearest point of the box, and it is linear between the points where the line
    /// crosses the box's sides, so the line goes over as the clamped pieces between them: each point moves straight
    /// to the box without crossing its inside, so a fill's coverage inside the box is exactly the same.
    fn line(&mut self, from: Option<(f64, f64)>, to: (f64, f64)) -> Result<(), NativeError> {
        let clamp = |(x, y): (f64, f64)| (x.clamp(-REACH, REACH), y.clamp(-REACH, REACH));
        let mut points = Vec::new();
        if let Some(from) = from
            && (from.0.abs().max(from.1.abs()) > REACH || to.0.abs().max(to.1.abs()) > REACH)
        {
            let mut ts: Vec<f64> = [(from.0, to.0), (from.1, to.1)]
                .into_iter()
                .flat_map(|(a, b)| [-REACH, REACH].map(move |side| (side - a) / (b - a)))
                .filter(|t| *t > 0.0 && *t < 1.0)
                .collect();
            ts.sort_by(f64::total_cmp);
            points.extend(ts.into_iter().map(|t| clamp((from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t))));
        }
        points.push(clamp(to));
        for (x, y) in points {
            // SAFETY: an initialised path.
            unsafe { bl!(self.calls.path, blPathLineTo(&mut self.core, x, y)) }?;
        }
        Ok(())
    }

    /// Adds `arc`; it starts a new figure when `force_move_to` or when no figure is open, otherwise a line joins
    /// it to the current point (`blPathArcTo`).
    pub fn arc_to(&mut self, arc: EllipticArc, force_move_to: bool) -> Result<(), NativeError> {
        let EllipticArc { cx, cy, rx, ry, start, sweep } = arc;
        finite("blPathArcTo", &[cx, cy, rx, ry, start, sweep])?;
        let force_move_to = force_move_to || !self.open;
        if rx == 0.0 && ry == 0.0 || sweep == 0.0 {
            // An arc that is one point: a move to it, or a line (see the type's documentation).
            let (x, y) = (cx + rx * start.cos(), cy + ry * start.sin());
            return if force_move_to { self.move_to(x, y) } else { self.line_to(x, y) };
        }
        if force_move_to {
            self.pending = None;
        } else {
            // The line to the arc's start joins a figure that then leaves its start.
            self.flush()?;
        }
        // SAFETY: an initialised path.
        unsafe { bl!(self.calls.path, blPathArcTo(&mut self.core, cx, cy, rx, ry, start, sweep, force_move_to)) }?;
        self.open = true;
        self.current = None;
        self.start = None;
        Ok(())
    }

    /// Closes the current figure (`blPathClose`).
    pub fn close(&mut self) -> Result<(), NativeError> {
        if !self.open {
            return Ok(());
        }
        self.open = false;
        // A figure that never left its start is dropped with its close.
        if self.pending.take().is_some() {
            return Ok(());
        }
        // The closing line of a figure with an end past [`FAR`] goes over clamped (see `line`), not as the line
        // between the two clamped points.
        if let (Some(from), Some(to)) = (self.current, self.start)
            && [from, to].iter().any(|(x, y)| x.abs() > REACH || y.abs() > REACH)
        {
            self.line(Some(from), to)?;
            self.current = Some(to);
        }
        // SAFETY: an initialised path.
        unsafe { bl!(self.calls.path, blPathClose(&mut self.core)) }
    }

    /// Refuses a segment when no figure is open (see the type's documentation).
    fn continues(&self, function: &str) -> Result<(), NativeError> {
        if self.open {
            Ok(())
        } else {
            Err(NativeError::InvalidArgument(format!("{function}: no figure to continue (move_to first)")))
        }
    }

    fn add_geometry<T>(&mut self, kind: BLGeometryType, geometry: &T) -> Result<(), NativeError> {
        self.add_geometry_turning(kind, geometry, BL_GEOMETRY_DIRECTION_CW)
    }

    fn add_geometry_turning<T>(
        &mut self,
        kind: BLGeometryType,
        geometry: &T,
        direction: BLGeometryDirection,
    ) -> Result<(), NativeError> {
        // Each shape is a closed figure of its own.
        self.open = false;
        self.pending = None;
        self.current = None;
        self.start = None;
        // SAFETY: an initialised path; every caller passes the geometry struct `kind` names, alive for the
        // call; no transform (null matrix).
        unsafe {
            bl!(
                self.calls.path,
                blPathAddGeometry(&mut self.core, kind, geometry as *const T as *const c_void, ptr::null(), direction)
            )
        }
    }

    /// Adds `rect` as a closed figure (`blPathAddGeometry`, `BL_GEOMETRY_TYPE_RECTD`).
    pub fn add_rect(&mut self, rect: Rect) -> Result<(), NativeError> {
        finite("blPathAddGeometry", &[rect.x, rect.y, rect.w, rect.h])?;
        self.add_geometry(BL_GEOMETRY_TYPE_RECTD, &rect.to_bl())
    }

    /// Adds `rect` with corners rounded by `radius` as a closed figure (`BL_GEOMETRY_TYPE_ROUND_RECT`).
    pub fn add_round_rect(&mut self, rect: Rect, radius: f64) -> Result<(), NativeError> {
        finite("blPathAddGeometry", &[rect.x, rect.y, rect.w, rect.h, radius])?;
        let round = BLRoundRect { x: rect.x, y: rect.y, w: rect.w, h: rect.h, rx: radius, ry: radius };
        self.add_geometry(BL_GEOMETRY_TYPE_ROUND_RECT, &round)
    }

    /// Adds `rect` with corners rounded by `radius` as a closed figure drawn the other way round (counter-
    /// clockwise): a hole in a figure added with [`Path::add_round_rect`] around it, under the non-zero rule.
    ///
    /// Cut this way, a pixel that both outlines cross gets its exact coverage; cut by the even-odd rule it does
    /// not: the beta's analytic rasterizer sums each edge's coverage of a pixel before it applies the rule, so a
    /// ring of 0.25 px inside one pixel row was painted whole (found by the raster fuzz against vello_cpu).
    pub fn add_round_rect_hole(&mut self, rect: Rect, radius: f64) -> Result<(), NativeError> {
        finite("blPathAddGeometry", &[rect.x, rect.y, rect.w, rect.h, radius])?;
        let round = BLRoundRect { x: rect.x, y: rect.y, w: rect.w, h: rect.h, rx: radius, ry: radius };
        self.add_geometry_turning(BL_GEOMETRY_TYPE_ROUND_RECT, &round, BL_GEOMETRY_DIRECTION_CCW)
    }

    /// Adds the circle of radius `r` about (`cx`, `cy`) (`BL_GEOMETRY_TYPE_CIRCLE`).
    pub fn add_circle(&mut self, cx: f64, cy: f64, r: f64) -> Result<(), NativeError> {
        finite("blPathAddGeometry", &[cx, cy, r])?;
        self.add_geometry(BL_GEOMETRY_TYPE_CIRCLE, &BLCircle { cx, cy, r })
    }

    /// Adds the ellipse with radii `rx`, `ry` about (`cx`, `cy`) (`BL_GEOMETRY_TYPE_ELLIPSE`).
    pub fn add_ellipse(&mut self, cx: f64, cy: f64, rx: f64, ry: f64) -> Result<(), NativeError> {
        finite("blPathAddGeometry", &[cx, cy, rx, ry])?;
        self.add_geometry(BL_GEOMETRY_TYPE_ELLIPSE, &BLEllipse { cx, cy, rx, ry })
    }

    /// The number of vertices (commands) in the path (`blPathGetSize`).
    pub fn len(&self) -> usize {
        // SAFETY: an initialised path, only read.
        unsafe { self.calls.path.blPathGetSize.call(&self.core) }
    }

    /// Whether the path has no vertices.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The smallest rectangle holding every point of the path's curves (`blPathGetBoundingBox`).
    pub fn bounding_box(&self) -> Result<Rect, NativeError> {
        let mut b = BLBox::default();
        // SAFETY: an initialised path and a writable box.
        unsafe { bl!(self.calls.path, blPathGetBoundingBox(&self.core, &mut b)) }?;
        Ok(Rect::new(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0))
    }
}

/// The points a curve from `start` lying on one vertical or horizontal line turns back at, then its end (`None`
/// for a line or a curve off such a line). Along the line each coordinate is a polynomial in t: it turns where
/// its derivative is zero.
fn straight(start: (f64, f64), segment: Segment) -> Option<Vec<(f64, f64)>> {
    let points: Vec<(f64, f64)> = match segment {
        Segment::Line(..) => return None,
        Segment::Quad([x1, y1, x2, y2]) => vec![start, (x1, y1), (x2, y2)],
        Segment::Cubic([x1, y1, x2, y2, x3, y3]) => vec![start, (x1, y1), (x2, y2), (x3, y3)],
    };
    let vertical = points.iter().all(|p| p.0 == start.0);
    if !vertical && !points.iter().all(|p| p.1 == start.1) {
        return None;
    }
    let along: Vec<f64> = points.iter().map(|p| if vertical { p.1 } else { p.0 }).collect();
    // The derivative's coefficients (a t^2 + b t + c) over the hull's differences, d_i = along[i+1] - along[i].
    let d: Vec<f64> = along.windows(2).map(|w| w[1] - w[0]).collect();
    let (a, b, c) = match d[..] {
        [d0, d1] => (0.0, d1 - d0, d0),
        [d0, d1, d2] => (d0 - 2.0 * d1 + d2, 2.0 * (d1 - d0), d0),
        _ => return None,
    };
    let mut ts = Vec::new();
    if a.abs() > f64::EPSILON * (b.abs() + c.abs()) {
        let disc = b * b - 4.0 * a * c;
        if disc >= 0.0 {
            ts.extend([(-b - disc.sqrt()) / (2.0 * a), (-b + disc.sqrt()) / (2.0 * a)]);
        }
    } else if b != 0.0 {
        ts.push(-c / b);
    }
    ts.retain(|t| *t > 0.0 && *t < 1.0);
    ts.sort_by(f64::total_cmp);
    let at = |t: f64| {
        // De Casteljau along the hull.
        let mut v = along.clone();
        for n in (1..v.len()).rev() {
            for i in 0..n {
                v[i] += (v[i + 1] - v[i]) * t;
            }
        }
        v[0]
    };
    let mut out: Vec<(f64, f64)> =
        ts.into_iter().map(|t| if vertical { (start.0, at(t)) } else { (at(t), start.1) }).collect();
    out.extend(points.last().copied());
    Some(out)
}

/// `segment` (a curve from `start`) as two curves that are the same curve, split where it is `off` (at its
/// middle, else at a quarter; a curve off nowhere is kept whole).
fn split(start: (f64, f64), segment: Segment, off: impl Fn(f64, f64) -> bool) -> Vec<Segment> {
    let lerp = |a: (f64, f64), b: (f64, f64), t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
    for t in [0.5, 0.25] {
        let halves = match segment {
            Segment::Line(..) => return vec![segment],
            Segment::Quad([x1, y1, x2, y2]) => {
                let (p1, p2) = ((x1, y1), (x2, y2));
                let (a, b) = (lerp(start, p1, t), lerp(p1, p2, t));
                let m = lerp(a, b, t);
                [Segment::Quad([a.0, a.1, m.0, m.1]), Segment::Quad([b.0, b.1, p2.0, p2.1])]
            }
            Segment::Cubic([x1, y1, x2, y2, x3, y3]) => {
                let (p1, p2, p3) = ((x1, y1), (x2, y2), (x3, y3));
                let (a, b, c) = (lerp(start, p1, t), lerp(p1, p2, t), lerp(p2, p3, t));
                let (d, e) = (lerp(a, b, t), lerp(b, c, t));
                let m = lerp(d, e, t);
                [Segment::Cubic([a.0, a.1, d.0, d.1, m.0, m.1]), Segment::Cubic([e.0, e.1, c.0, c.1, p3.0, p3.1])]
            }
        };
        if let Segment::Quad([.., x, y]) | Segment::Cubic([.., x, y]) = halves[0]
            && off(x, y)
        {
            return halves.to_vec();
        }
    }
    vec![segment]
}

/// Refuses a point that is not finite: the beta's rasterizer crashes (a segmentation fault, or memory taken
/// until the system kills the process; measured) filling a path with a NaN in a line's point, and no such
/// point names a place to draw.
fn finite(function: &str, values: &[f64]) -> Result<(), NativeError> {
    match values.iter().find(|v| !v.is_finite()) {
        None => Ok(()),
        Some(v) => Err(NativeError::InvalidArgument(format!("{function}: a coordinate is {v}, not a finite number"))),
    }
}

impl Clone for Path {
    /// Shares the path data (`blPathInit` + `blPathAssignWeak`: one atomic increment).
    fn clone(&self) -> Path {
        let mut core = BLPathCore::default();
        // SAFETY: `core` is writable; `blPathInit` makes it the built-in empty path, which `blPathAssignWeak`
        // then replaces by a new reference to `self`'s impl. Both only fail for an uninitialised path (init
        // always returns success; releasing the built-in empty path does nothing), so the results are success.
        let (init, assign) = unsafe {
            (self.calls.path.blPathInit.call(&mut core), self.calls.path.blPathAssignWeak.call(&mut core, &self.core))
        };
        debug_assert!(init.0 == 0 && assign.0 == 0, "blPathInit / blPathAssignWeak cannot fail");
        Path {
            core,
            calls: self.calls,
            open: self.open,
            pending: self.pending.clone(),
            current: self.current,
            start: self.start,
        }
    }
}

impl Drop for Path {
    fn drop(&mut self) {
        // SAFETY: an initialised path, released exactly once here.
        if let Err(error) = unsafe { bl!(self.calls.path, blPathReset(&mut self.core)) } {
            tracing::warn!(%error, "releasing a Blend2D path failed");
        }
    }
}
