//! Random cases: what a seed draws. Coordinates lean on what breaks rasterizers (sub-pixel edges a 1/256 px
//! from a pixel boundary, shapes inside one pixel row, huge and tiny values, now and then a NaN or an infinity),
//! shapes on their edge cases (round rects whose radius exceeds the box, paths with repeated points and empty
//! figures, arcs as cubics, zero-width strokes), gradients with 0, 1 and many stops, clips and translations
//! nested a few deep, empty and huge glyph runs, and layers at odd sub-pixel offsets (the layer cache draws
//! them shifted by that fraction and blits them at a whole pixel).

use std::sync::Arc;

use goldberry::display_list::{LayerKey, Op, OpKind, Paint, PathCommand, PathData, Stop, Stroke};
use goldberry::fonts::Face;
use goldberry::geom::{Color, FontId, Rect};

use crate::case::{Case, Item, wraps};
use crate::rng::Rng;

/// What the generator draws: an op like one of the list's, its numbers drawn afresh by [`Gen::like`], or an arc.
pub enum Draw {
    Like(Op),
    /// An elliptic arc as cubics, filled or stroked (a path of its own shape, see [`Gen::arc`]).
    Arc,
}

/// What the generator draws, each with how often: one op of each kind the list has (but the pops: a group's end
/// records its pop), and arcs.
pub fn mix() -> [(u32, Draw); 12] {
    let rect = Rect::default();
    let paint = || Paint::Solid(Color(0));
    let stroke = Stroke { width: 0.0, round: false };
    let path = || Arc::new(PathData::default());
    [
        (16, Draw::Like(Op::FillRect { rect, paint: paint() })),
        (10, Draw::Like(Op::FillRoundRect { rect, radius: 0.0, paint: paint() })),
        (8, Draw::Like(Op::StrokeRoundRect { rect, radius: 0.0, stroke, paint: paint() })),
        (4, Draw::Like(Op::Hairline { rect, radius: 0.0, color: Color(0) })),
        (8, Draw::Like(Op::FillCircle { cx: 0.0, cy: 0.0, r: 0.0, paint: paint() })),
        (11, Draw::Like(Op::FillPath { path: path(), paint: paint() })),
        (9, Draw::Like(Op::StrokePath { path: path(), stroke, paint: paint() })),
        (5, Draw::Arc),
        (9, Draw::Like(Op::Glyphs { font: FontId(0), x: 0.0, y: 0.0, run: Arc::default(), color: Color(0) })),
        (7, Draw::Like(Op::PushClip(rect))),
        (6, Draw::Like(Op::PushTranslate(0.0, 0.0))),
        (7, Draw::Like(Op::Layer { key: LayerKey(0), rect, version: 0, content: Arc::default() })),
    ]
}

/// The font sizes glyph runs are drawn at: a fixed set, so that the font book (64 fonts at most) never fills
/// and a case names the same fonts whatever ran before it.
const SIZES: [f32; 10] = [1.0, 5.5, 9.0, 11.0, 13.0, 16.0, 24.25, 48.0, 96.0, 300.0];

const TEXTS: [&str; 10] = [
    "Waffle office AVATAR",
    "The quick brown fox jumps over the lazy dog.",
    "fi fl ffi ffl Ta Vo WA",
    "0123456789 +-*/=%",
    "éàü ñ Ωμ ж ẞ",
    "a\u{301}e\u{308} o\u{323}\u{302}",
    "\t tabs\tand  spaces ",
    "مرحبا שלום नमस्ते",
    "🙂🚀 ☃ ✓",
    "iiiiiiiiiiiiii llll WWWWWW",
];

/// The share of seeds that draw tame lists (the seed's remainder by [`TAME_OF`] below [`TAME`]): no glyph runs,
/// numbers finite and within 1e5, sizes and radii not negative, stops in order within 0..=1, gradients with a
/// direction, every figure started by a move. vello_cpu can judge those (`judge::vello_draws`), so that the
/// oracle is not mostly our own renderer at 1 thread.
pub const TAME: u64 = 2;
pub const TAME_OF: u64 = 5;

/// The case seed `seed` draws.
pub fn case(seed: u64) -> Case {
    let tame = seed % TAME_OF < TAME;
    let mut r = Rng::new(seed);
    let (width, height) = match r.weighted(&[2, 3, 4, 6, 10, 6]) {
        0 => (r.range(1, 3), r.range(1, 3)),
        1 => (r.range(1, 40), r.range(1, 6)),
        2 => (r.range(2, 33), r.range(2, 33)),
        3 => (r.range(33, 96), r.range(3, 200)),
        4 => (r.range(40, 160), r.range(30, 120)),
        _ => (r.range(120, 256), r.range(90, 192)),
    };
    let mut g = Gen { r, next_key: 1, tame };
    let count = if g.r.chance(0.1) { g.r.range(12, 40) } else { g.r.range(1, 10) };
    let items = g.items(count, 0, (width as f32, height as f32));
    Case { width, height, items }
}

struct Gen {
    r: Rng,
    next_key: u64,
    /// Whether this list is a tame one (see [`TAME`]).
    tame: bool,
}

impl Gen {
    /// `count` items in a box of `extent` (the canvas, or a layer), groups at most 4 deep.
    fn items(&mut self, count: u32, depth: u32, extent: (f32, f32)) -> Vec<Item> {
        (0..count).map(|_| self.item(depth, extent)).collect()
    }

    fn item(&mut self, depth: u32, extent: (f32, f32)) -> Item {
        let mix = mix();
        let tame = self.tame;
        let weights: Vec<u32> = mix
            .iter()
            .map(|(weight, draw)| match draw {
                // Groups at most 4 deep, and no glyph run in a tame list.
                Draw::Like(op) if (depth >= 4 && wraps(op)) || (tame && op.kind() == OpKind::Glyphs) => 0,
                Draw::Like(_) | Draw::Arc => *weight,
            })
            .collect();
        match &mix[self.r.weighted(&weights)].1 {
            Draw::Like(op) => self.like(op, depth, extent),
            Draw::Arc => {
                let path = Arc::new(PathData { commands: self.arc(extent) });
                if self.r.chance(0.5) {
                    Item::op(Op::FillPath { path, paint: self.paint(extent) })
                } else {
                    Item::op(Op::StrokePath { path, stroke: self.stroke(), paint: self.paint(extent) })
                }
            }
        }
    }

    /// An op of `like`'s kind with numbers of its own (a group with items of its own). A new op of the list is
    /// named here by the compiler: draw its numbers, and give it an entry and a weight in [`mix`].
    fn like(&mut self, like: &Op, depth: u32, extent: (f32, f32)) -> Item {
        let path = |commands| Arc::new(PathData { commands });
        let op = match like {
            Op::FillRect { .. } => Op::FillRect { rect: self.rect(extent), paint: self.paint(extent) },
            Op::FillRoundRect { .. } => {
                Op::FillRoundRect { rect: self.rect(extent), radius: self.radius(extent), paint: self.paint(extent) }
            }
            Op::StrokeRoundRect { .. } => Op::StrokeRoundRect {
                rect: self.rect(extent),
                radius: self.radius(extent),
                stroke: self.stroke(),
                paint: self.paint(extent),
            },
            Op::Hairline { .. } => {
                Op::Hairline { rect: self.rect(extent), radius: self.radius(extent), color: self.color() }
            }
            Op::FillCircle { .. } => Op::FillCircle {
                cx: self.coord(extent.0),
                cy: self.coord(extent.1),
                r: self.radius(extent),
                paint: self.paint(extent),
            },
            Op::FillPath { .. } => Op::FillPath { path: path(self.path(extent)), paint: self.paint(extent) },
            Op::StrokePath { .. } => {
                Op::StrokePath { path: path(self.path(extent)), stroke: self.stroke(), paint: self.paint(extent) }
            }
            Op::Glyphs { .. } => return self.glyphs(extent),
            Op::PushClip(_) => {
                let n = self.r.range(0, 4);
                let rect = self.rect(extent);
                return Item::group(Op::PushClip(rect), self.items(n, depth + 1, extent));
            }
            Op::PushTranslate(..) => {
                let (dx, dy) = (self.offset(extent.0), self.offset(extent.1));
                let n = self.r.range(0, 4);
                return Item::group(Op::PushTranslate(dx, dy), self.items(n, depth + 1, extent));
            }
            Op::Layer { .. } => {
                let key = LayerKey(self.next_key);
                self.next_key += 1;
                // A layer is drawn at an odd offset most of the time: its blit must land where drawing it would.
                let x = self.r.between(-0.25, 1.0) * extent.0 + self.fraction();
                let y = self.r.between(-0.25, 1.0) * extent.1 + self.fraction();
                let (w, h) = match self.r.weighted(&[8, 1, 1]) {
                    0 => (
                        self.r.between(0.0, extent.0) + self.fraction(),
                        self.r.between(0.0, extent.1) + self.fraction(),
                    ),
                    1 => (self.r.between(0.0, 1.5), self.r.between(0.0, 1.5)),
                    _ => (self.r.between(0.0, 20000.0), self.r.between(0.0, 300.0)),
                };
                let rect = Rect::new(x, y, w, h);
                let n = self.r.range(0, 5);
                let items = self.items(n, depth + 1, (w.clamp(1.0, 512.0), h.clamp(1.0, 512.0)));
                let op = Op::Layer { key, rect, version: self.r.below(4), content: Arc::default() };
                return Item::group(op, items);
            }
            // A pop alone makes an unbalanced list; [`mix`] lists none (each group's end records its pop).
            Op::PopClip | Op::PopTranslate => like.clone(),
        };
        Item::op(op)
    }

    /// A fraction of a pixel, often one that sits just off a boundary.
    fn fraction(&mut self) -> f32 {
        match self.r.weighted(&[3, 2, 2, 1, 1]) {
            0 => self.r.unit(),
            1 => 0.0,
            2 => 0.5,
            3 => 1.0 / 256.0,
            _ => 1.0 - 1.0 / 512.0,
        }
    }

    /// A value that stresses arithmetic: huge, tiny, or (rarely) not finite.
    fn extreme(&mut self) -> f32 {
        let sign = if self.r.chance(0.5) { -1.0 } else { 1.0 };
        if self.tame {
            // Tiny, and large within a few canvases: vello_cpu's f32 flattening of a curve thousands of pixels
            // long strays from it by more than a pixel (measured: a quad from x = 3752 drawn 20 % too faint).
            return sign * 10f32.powf(self.r.between(-7.0, 2.5));
        }
        match self.r.weighted(&[6, 4, 2, 1, 1, 1]) {
            0 => sign * 10f32.powf(self.r.between(4.0, 9.0)),
            1 => sign * 10f32.powf(self.r.between(-7.0, -2.0)),
            2 => sign * 10f32.powf(self.r.between(9.0, 38.0)),
            3 => f32::NAN,
            4 => sign * f32::INFINITY,
            _ => -0.0,
        }
    }

    /// A coordinate along an axis `extent` long.
    fn coord(&mut self, extent: f32) -> f32 {
        match self.r.weighted(&[55, 15, 12, 10, 8]) {
            0 => self.r.between(-0.25, 1.25) * extent,
            1 => (self.r.between(-0.25, 1.25) * extent * 2.0).round() / 2.0,
            2 => (self.r.between(0.0, extent)).floor() + self.fraction(),
            3 => self.extreme(),
            _ => self.r.between(-4.0, 4.0),
        }
    }

    /// A translation along an axis `extent` long.
    fn offset(&mut self, extent: f32) -> f32 {
        match self.r.weighted(&[6, 3, 1]) {
            0 => self.r.between(-0.5, 0.5) * extent,
            1 => self.r.between(-3.0, 3.0).round() + self.fraction(),
            _ => self.extreme(),
        }
    }

    /// A length along an axis `extent` long.
    fn length(&mut self, extent: f32) -> f32 {
        match self.r.weighted(&[50, 15, 8, 10, 8, 4, 5]) {
            0 => self.r.between(0.0, extent),
            1 => self.r.between(0.0, 1.0),
            2 => 0.0,
            3 => self.r.range(1, 12) as f32,
            4 => self.extreme().abs(),
            5 => 1.0 / 256.0,
            _ if self.tame => self.r.between(0.0, extent),
            _ => -self.r.between(0.0, extent),
        }
    }

    fn rect(&mut self, extent: (f32, f32)) -> Rect {
        Rect::new(self.coord(extent.0), self.coord(extent.1), self.length(extent.0), self.length(extent.1))
    }

    /// A corner or circle radius, often past half the box.
    fn radius(&mut self, extent: (f32, f32)) -> f32 {
        match self.r.weighted(&[4, 2, 3, 1, 1]) {
            0 => self.r.between(0.0, 12.0),
            1 => 0.0,
            2 => self.r.between(0.0, extent.0.max(extent.1)),
            3 => self.extreme().abs(),
            _ if self.tame => self.r.between(0.0, 10.0),
            _ => -self.r.between(0.0, 10.0),
        }
    }

    fn stroke(&mut self) -> Stroke {
        let width = match self.r.weighted(&[3, 2, 3, 3, 1, 1]) {
            0 => 0.0,
            1 => self.r.between(0.001, 0.5),
            2 => 1.0,
            3 => self.r.between(0.5, 12.0),
            // Tame widths stay below the shapes' size: a pen wider than a curve that turns back overlaps itself,
            // and where that overlap crosses a pixel edge both rasterizers sum coverage differently.
            4 if self.tame => self.r.between(0.5, 12.0),
            4 => self.r.between(12.0, 400.0),
            _ if self.tame => self.r.between(0.5, 12.0),
            _ => self.extreme().abs(),
        };
        Stroke { width, round: self.r.chance(0.5) }
    }

    fn color(&mut self) -> Color {
        let rgb = self.r.next_u64() as u32 & 0x00ff_ffff;
        let alpha: u32 = match self.r.weighted(&[6, 1, 4]) {
            0 => 0xff,
            1 => 0,
            _ => self.r.below(256) as u32,
        };
        Color(alpha << 24 | rgb)
    }

    fn paint(&mut self, extent: (f32, f32)) -> Paint {
        match self.r.weighted(&[12, 4, 4]) {
            0 => Paint::Solid(self.color()),
            1 => {
                let (x0, y0) = (self.coord(extent.0), self.coord(extent.1));
                let (x1, y1) = if self.r.chance(0.1) && !self.tame {
                    (x0, y0)
                } else {
                    (self.coord(extent.0), self.coord(extent.1))
                };
                Paint::Linear { x0, y0, x1, y1, stops: self.stops() }
            }
            _ => {
                let (cx, cy, mut r) = (self.coord(extent.0), self.coord(extent.1), self.radius(extent));
                if self.tame && r <= 0.0 {
                    r = 1.0;
                }
                Paint::Radial { cx, cy, r, stops: self.stops() }
            }
        }
    }

    fn stops(&mut self) -> Vec<Stop> {
        let n = match self.r.weighted(&[2, 3, 8, 4]) {
            0 if !self.tame => 0,
            0 | 1 => 1,
            2 => self.r.range(2, 3),
            _ => self.r.range(4, 40),
        };
        let mut stops: Vec<Stop> = (0..n)
            .map(|_| {
                let offset = match self.r.weighted(&[8, 1, 1, 1]) {
                    0 => self.r.unit(),
                    1 => 0.0,
                    2 => 1.0,
                    _ if self.tame => self.r.unit(),
                    _ => self.r.between(-1.0, 2.0),
                };
                Stop { offset, color: self.color() }
            })
            .collect();
        // Mostly in order, as a recorder writes them; now and then not.
        if self.tame || self.r.chance(0.8) {
            stops.sort_by(|a, b| a.offset.total_cmp(&b.offset));
        }
        if self.tame {
            stops.dedup_by(|a, b| a.offset == b.offset);
        }
        stops
    }

    fn point(&mut self, extent: (f32, f32)) -> (f32, f32) {
        (self.coord(extent.0), self.coord(extent.1))
    }

    /// Path commands with the degenerate cases in them: repeated points, zero-length and collinear segments,
    /// curves whose controls sit on their ends, a figure of a move only, figures closed twice.
    fn path(&mut self, extent: (f32, f32)) -> Vec<PathCommand> {
        let n = if self.r.chance(0.1) { self.r.range(20, 120) } else { self.r.range(0, 8) };
        let mut last = self.point(extent);
        let mut out = Vec::with_capacity(n as usize + 1);
        if self.tame || self.r.chance(0.9) {
            out.push(PathCommand::MoveTo(last.0, last.1));
        }
        for _ in 0..n {
            let to = match self.r.weighted(&[6, 2, 1]) {
                0 => self.point(extent),
                1 => last,
                _ => (last.0 + self.r.between(-0.01, 0.01), last.1),
            };
            let after_close = out.last() == Some(&PathCommand::Close);
            out.push(match self.r.weighted(&[6, 3, 3, 1, 1]) {
                // A tame figure after a close starts with a move.
                0..=2 if self.tame && after_close => PathCommand::MoveTo(to.0, to.1),
                0 => PathCommand::LineTo(to.0, to.1),
                1 => {
                    let c = if self.r.chance(0.2) { last } else { self.point(extent) };
                    PathCommand::QuadTo(c.0, c.1, to.0, to.1)
                }
                2 => {
                    let (c1, c2) =
                        if self.r.chance(0.2) { (last, to) } else { (self.point(extent), self.point(extent)) };
                    PathCommand::CubicTo(c1.0, c1.1, c2.0, c2.1, to.0, to.1)
                }
                3 => PathCommand::Close,
                _ => PathCommand::MoveTo(to.0, to.1),
            });
            last = to;
        }
        if self.r.chance(0.4) {
            out.push(PathCommand::Close);
        }
        out
    }

    /// An elliptic arc as cubics (a quarter or less each), as an SVG arc is drawn; sometimes a full turn, a
    /// zero sweep or a zero radius.
    fn arc(&mut self, extent: (f32, f32)) -> Vec<PathCommand> {
        let (cx, cy) = self.point(extent);
        let rx = if self.r.chance(0.1) { 0.0 } else { self.length(extent.0).abs() };
        let ry = if self.r.chance(0.3) { rx } else { self.length(extent.1).abs() };
        let start = self.r.between(-7.0, 7.0);
        let sweep = match self.r.weighted(&[6, 1, 1]) {
            0 => self.r.between(-7.0, 7.0),
            1 => std::f32::consts::TAU,
            _ => 0.0,
        };
        let at = |a: f32| (cx + rx * a.cos(), cy + ry * a.sin());
        let pieces = ((sweep.abs() / std::f32::consts::FRAC_PI_2).ceil() as usize).max(1);
        let step = sweep / pieces as f32;
        // The control points' distance along the tangent for an arc of `step` radians.
        let k = 4.0 / 3.0 * (step / 4.0).tan();
        let (x0, y0) = at(start);
        let mut out = vec![PathCommand::MoveTo(x0, y0)];
        for i in 0..pieces {
            let (a0, a1) = (start + step * i as f32, start + step * (i + 1) as f32);
            let (p0, p3) = (at(a0), at(a1));
            let c1 = (p0.0 - k * rx * a0.sin(), p0.1 + k * ry * a0.cos());
            let c2 = (p3.0 + k * rx * a1.sin(), p3.1 - k * ry * a1.cos());
            out.push(PathCommand::CubicTo(c1.0, c1.1, c2.0, c2.1, p3.0, p3.1));
        }
        if self.r.chance(0.3) {
            out.push(PathCommand::LineTo(cx, cy));
            out.push(PathCommand::Close);
        }
        out
    }

    fn glyphs(&mut self, extent: (f32, f32)) -> Item {
        let face = *self.r.pick(&Face::ALL);
        let size = *self.r.pick(&SIZES);
        let text = match self.r.weighted(&[2, 10, 2, 1]) {
            0 => String::new(),
            1 => self.r.pick(&TEXTS).to_string(),
            2 => {
                // A few characters drawn from every text.
                let chars: Vec<char> = TEXTS.concat().chars().collect();
                (0..self.r.range(1, 12)).map(|_| *self.r.pick(&chars)).collect()
            }
            // A huge run: thousands of glyphs, most far past the canvas.
            _ => self.r.pick(&TEXTS).repeat(self.r.range(20, 150) as usize),
        };
        let (x, y) = (self.coord(extent.0), self.coord(extent.1) + size * 0.8);
        Item::glyphs(face, size, (x, y), self.color(), text)
    }
}
