//! A display list's ops as bytes and back: one exhaustive `match` over [`Op`] each way (no `_ =>`), so a new op
//! fails to compile here until it is recorded and read. A retained layer's content is written the first time its
//! key shows it and referred to while it stays the same ([`Layers`]).

use std::collections::HashMap;
use std::sync::Arc;

use goldberry_natives::glyphs::{GlyphPlacement, GlyphRun};

use super::RecordingError;
use super::wire::{In, Out};
use crate::display_list::{DisplayList, LayerKey, Op, Paint, PathCommand, PathData, ScrollHint, Stop, Stroke};
use crate::geom::{Color, FontId, Rect};

/// Each op's tag: its first byte.
mod tag {
    pub const FILL_RECT: u8 = 1;
    pub const FILL_ROUND_RECT: u8 = 2;
    pub const STROKE_ROUND_RECT: u8 = 3;
    pub const HAIRLINE: u8 = 4;
    pub const FILL_CIRCLE: u8 = 5;
    pub const FILL_PATH: u8 = 6;
    pub const STROKE_PATH: u8 = 7;
    pub const GLYPHS: u8 = 8;
    pub const PUSH_CLIP: u8 = 9;
    pub const POP_CLIP: u8 = 10;
    pub const PUSH_TRANSLATE: u8 = 11;
    pub const POP_TRANSLATE: u8 = 12;
    pub const LAYER: u8 = 13;
}

/// The deepest layer inside a layer a recording may hold (the scene nests two; a corrupt file could nest forever).
const MAX_NESTING: usize = 32;

/// The most items one list, path, run or gradient may claim (a corrupt count must not ask for gigabytes).
const MAX_ITEMS: usize = 1 << 24;

/// The content last written for each layer key, on either side: a layer whose key, version and content are the
/// same as then is written as a reference, not again.
#[derive(Debug, Default)]
pub struct Layers {
    last: HashMap<LayerKey, (u64, Arc<DisplayList>)>,
}

/// Writes `op`, its layers' content once per change ([`Layers`]).
pub fn write_op(out: &mut Out, layers: &mut Layers, op: &Op) {
    match op {
        Op::FillRect { rect, paint } => {
            out.u8(tag::FILL_RECT);
            write_rect(out, rect);
            write_paint(out, paint);
        }
        Op::FillRoundRect { rect, radius, paint } => {
            out.u8(tag::FILL_ROUND_RECT);
            write_rect(out, rect);
            out.f32(*radius);
            write_paint(out, paint);
        }
        Op::StrokeRoundRect { rect, radius, stroke, paint } => {
            out.u8(tag::STROKE_ROUND_RECT);
            write_rect(out, rect);
            out.f32(*radius);
            write_stroke(out, stroke);
            write_paint(out, paint);
        }
        Op::Hairline { rect, radius, color } => {
            out.u8(tag::HAIRLINE);
            write_rect(out, rect);
            out.f32(*radius);
            out.u32(color.0);
        }
        Op::FillCircle { cx, cy, r, paint } => {
            out.u8(tag::FILL_CIRCLE);
            out.f32(*cx);
            out.f32(*cy);
            out.f32(*r);
            write_paint(out, paint);
        }
        Op::FillPath { path, paint } => {
            out.u8(tag::FILL_PATH);
            write_path(out, path);
            write_paint(out, paint);
        }
        Op::StrokePath { path, stroke, paint } => {
            out.u8(tag::STROKE_PATH);
            write_path(out, path);
            write_stroke(out, stroke);
            write_paint(out, paint);
        }
        Op::Glyphs { font, x, y, run, color } => {
            // A run is what is drawn: glyph ids and placements (a hidden password's are the dots'), never text.
            out.u8(tag::GLYPHS);
            out.uv(u64::from(font.0));
            out.f32(*x);
            out.f32(*y);
            out.u32(color.0);
            write_run(out, run);
        }
        Op::PushClip(rect) => {
            out.u8(tag::PUSH_CLIP);
            write_rect(out, rect);
        }
        Op::PopClip => out.u8(tag::POP_CLIP),
        Op::PushTranslate(dx, dy) => {
            out.u8(tag::PUSH_TRANSLATE);
            out.f32(*dx);
            out.f32(*dy);
        }
        Op::PopTranslate => out.u8(tag::POP_TRANSLATE),
        Op::Layer { key, rect, version, content } => {
            out.u8(tag::LAYER);
            out.uv(key.0);
            write_rect(out, rect);
            out.uv(*version);
            let same = layers
                .last
                .get(key)
                .is_some_and(|(v, last)| *v == *version && (Arc::ptr_eq(last, content) || **last == **content));
            out.bool(same);
            if !same {
                write_list(out, layers, content);
                layers.last.insert(*key, (*version, Arc::clone(content)));
            }
        }
    }
}

/// An op's kind (its tag) and a hash of its bytes, its layers' content in full: two ops of equal prints draw the
/// same (what `goldberry replay --diff` compares).
pub fn op_print(op: &Op) -> (u8, u64) {
    use std::hash::Hasher as _;
    let mut out = Out::default();
    write_op(&mut out, &mut Layers::default(), op);
    let mut h = std::hash::DefaultHasher::new();
    h.write(&out.bytes);
    (out.bytes.first().copied().unwrap_or(0), h.finish())
}

/// Reads an op written by [`write_op`]; `depth` is how many layers it lies inside.
pub fn read_op(r: &mut In<'_>, layers: &mut Layers, depth: usize) -> Result<Op, RecordingError> {
    let op = match r.u8("an op's tag")? {
        tag::FILL_RECT => Op::FillRect { rect: read_rect(r)?, paint: read_paint(r)? },
        tag::FILL_ROUND_RECT => {
            Op::FillRoundRect { rect: read_rect(r)?, radius: r.f32("radius")?, paint: read_paint(r)? }
        }
        tag::STROKE_ROUND_RECT => Op::StrokeRoundRect {
            rect: read_rect(r)?,
            radius: r.f32("radius")?,
            stroke: read_stroke(r)?,
            paint: read_paint(r)?,
        },
        tag::HAIRLINE => Op::Hairline { rect: read_rect(r)?, radius: r.f32("radius")?, color: Color(r.u32("colour")?) },
        tag::FILL_CIRCLE => {
            Op::FillCircle { cx: r.f32("cx")?, cy: r.f32("cy")?, r: r.f32("r")?, paint: read_paint(r)? }
        }
        tag::FILL_PATH => Op::FillPath { path: Arc::new(read_path(r)?), paint: read_paint(r)? },
        tag::STROKE_PATH => {
            Op::StrokePath { path: Arc::new(read_path(r)?), stroke: read_stroke(r)?, paint: read_paint(r)? }
        }
        tag::GLYPHS => Op::Glyphs {
            font: FontId(r.u32v("font")?),
            x: r.f32("x")?,
            y: r.f32("y")?,
            color: Color(r.u32("colour")?),
            run: Arc::new(read_run(r)?),
        },
        tag::PUSH_CLIP => Op::PushClip(read_rect(r)?),
        tag::POP_CLIP => Op::PopClip,
        tag::PUSH_TRANSLATE => Op::PushTranslate(r.f32("dx")?, r.f32("dy")?),
        tag::POP_TRANSLATE => Op::PopTranslate,
        tag::LAYER => {
            let key = LayerKey(r.uv("layer key")?);
            let rect = read_rect(r)?;
            let version = r.uv("layer version")?;
            let content = if r.bool("layer reference")? {
                match layers.last.get(&key) {
                    Some((v, content)) if *v == version => Arc::clone(content),
                    _ => {
                        return Err(RecordingError::Corrupt(format!(
                            "layer {} version {version} refers to content never written",
                            key.0
                        )));
                    }
                }
            } else {
                if depth >= MAX_NESTING {
                    return Err(RecordingError::Corrupt(format!("layers nested deeper than {MAX_NESTING}")));
                }
                let content = Arc::new(read_list(r, layers, depth + 1)?);
                layers.last.insert(key, (version, Arc::clone(&content)));
                content
            };
            Op::Layer { key, rect, version, content }
        }
        other => return Err(RecordingError::Corrupt(format!("unknown op tag {other}"))),
    };
    Ok(op)
}

/// Writes a whole list (a layer's content): its flags, then every op.
pub fn write_list(out: &mut Out, layers: &mut Layers, list: &DisplayList) {
    write_list_flags(out, list);
    out.len(list.ops.len());
    for op in &list.ops {
        write_op(out, layers, op);
    }
}

/// Reads a list written by [`write_list`].
pub fn read_list(r: &mut In<'_>, layers: &mut Layers, depth: usize) -> Result<DisplayList, RecordingError> {
    let mut list = DisplayList::new();
    read_list_flags(r, &mut list)?;
    let n = r.count("a list's op count")?;
    list.ops.reserve(n.min(MAX_ITEMS));
    for _ in 0..n {
        list.ops.push(read_op(r, layers, depth)?);
    }
    Ok(list)
}

/// A list's own fields beside its ops: the opaque lead, the scroll hint, where the overlay starts.
pub fn write_list_flags(out: &mut Out, list: &DisplayList) {
    out.bool(list.opaque_lead);
    match &list.scroll {
        Some(ScrollHint { viewport, offset, ops }) => {
            out.u8(1);
            write_rect(out, viewport);
            out.f32(*offset);
            out.len(ops.start);
            out.len(ops.end);
        }
        None => out.u8(0),
    }
    match list.overlay_from {
        Some(from) => {
            out.u8(1);
            out.len(from);
        }
        None => out.u8(0),
    }
}

/// Reads what [`write_list_flags`] wrote into `list`.
pub fn read_list_flags(r: &mut In<'_>, list: &mut DisplayList) -> Result<(), RecordingError> {
    list.opaque_lead = r.bool("opaque lead")?;
    list.scroll = match r.bool("scroll hint")? {
        true => Some(ScrollHint {
            viewport: read_rect(r)?,
            offset: r.f32("scroll offset")?,
            ops: r.len(usize::MAX, "scrolled ops")?..r.len(usize::MAX, "scrolled ops")?,
        }),
        false => None,
    };
    list.overlay_from = match r.bool("overlay")? {
        true => Some(r.len(usize::MAX, "overlay start")?),
        false => None,
    };
    Ok(())
}

fn write_rect(out: &mut Out, r: &Rect) {
    for v in [r.x, r.y, r.w, r.h] {
        out.f32(v);
    }
}

fn read_rect(r: &mut In<'_>) -> Result<Rect, RecordingError> {
    Ok(Rect { x: r.f32("rect")?, y: r.f32("rect")?, w: r.f32("rect")?, h: r.f32("rect")? })
}

fn write_stroke(out: &mut Out, s: &Stroke) {
    out.f32(s.width);
    out.bool(s.round);
}

fn read_stroke(r: &mut In<'_>) -> Result<Stroke, RecordingError> {
    Ok(Stroke { width: r.f32("stroke width")?, round: r.bool("stroke round")? })
}

fn write_paint(out: &mut Out, paint: &Paint) {
    let stops = |out: &mut Out, stops: &[Stop]| {
        out.len(stops.len());
        for s in stops {
            out.f32(s.offset);
            out.u32(s.color.0);
        }
    };
    match paint {
        Paint::Solid(c) => {
            out.u8(0);
            out.u32(c.0);
        }
        Paint::Linear { x0, y0, x1, y1, stops: s } => {
            out.u8(1);
            for v in [x0, y0, x1, y1] {
                out.f32(*v);
            }
            stops(out, s);
        }
        Paint::Radial { cx, cy, r, stops: s } => {
            out.u8(2);
            for v in [cx, cy, r] {
                out.f32(*v);
            }
            stops(out, s);
        }
    }
}

fn read_paint(r: &mut In<'_>) -> Result<Paint, RecordingError> {
    let stops = |r: &mut In<'_>| -> Result<Vec<Stop>, RecordingError> {
        let n = r.count("gradient stops")?;
        (0..n).map(|_| Ok(Stop { offset: r.f32("stop offset")?, color: Color(r.u32("stop colour")?) })).collect()
    };
    Ok(match r.u8("paint")? {
        0 => Paint::Solid(Color(r.u32("colour")?)),
        1 => Paint::Linear { x0: r.f32("x0")?, y0: r.f32("y0")?, x1: r.f32("x1")?, y1: r.f32("y1")?, stops: stops(r)? },
        2 => Paint::Radial { cx: r.f32("cx")?, cy: r.f32("cy")?, r: r.f32("r")?, stops: stops(r)? },
        other => return Err(RecordingError::Corrupt(format!("unknown paint kind {other}"))),
    })
}

fn write_path(out: &mut Out, path: &PathData) {
    out.len(path.commands.len());
    for c in &path.commands {
        let (kind, points): (u8, &[f32]) = match c {
            PathCommand::MoveTo(x, y) => (0, &[*x, *y]),
            PathCommand::LineTo(x, y) => (1, &[*x, *y]),
            PathCommand::QuadTo(a, b, x, y) => (2, &[*a, *b, *x, *y]),
            PathCommand::CubicTo(a, b, c, d, x, y) => (3, &[*a, *b, *c, *d, *x, *y]),
            PathCommand::Close => (4, &[]),
        };
        out.u8(kind);
        for v in points {
            out.f32(*v);
        }
    }
}

fn read_path(r: &mut In<'_>) -> Result<PathData, RecordingError> {
    let n = r.count("path commands")?;
    let mut commands = Vec::with_capacity(n.min(MAX_ITEMS));
    for _ in 0..n {
        let c = match r.u8("path command")? {
            0 => PathCommand::MoveTo(r.f32("x")?, r.f32("y")?),
            1 => PathCommand::LineTo(r.f32("x")?, r.f32("y")?),
            2 => PathCommand::QuadTo(r.f32("x")?, r.f32("y")?, r.f32("x")?, r.f32("y")?),
            3 => PathCommand::CubicTo(r.f32("x")?, r.f32("y")?, r.f32("x")?, r.f32("y")?, r.f32("x")?, r.f32("y")?),
            4 => PathCommand::Close,
            other => return Err(RecordingError::Corrupt(format!("unknown path command {other}"))),
        };
        commands.push(c);
    }
    Ok(PathData { commands })
}

fn write_run(out: &mut Out, run: &GlyphRun) {
    out.uv(u64::from(run.units_per_em));
    out.len(run.glyphs.len());
    for g in &run.glyphs {
        out.uv(u64::from(*g));
    }
    out.len(run.placements.len());
    for p in &run.placements {
        out.iv(i64::from(p.offset_x));
        out.iv(i64::from(p.offset_y));
        out.iv(i64::from(p.advance_x));
        out.iv(i64::from(p.advance_y));
    }
    out.len(run.clusters.len());
    for c in &run.clusters {
        out.uv(u64::from(*c));
    }
}

fn read_run(r: &mut In<'_>) -> Result<GlyphRun, RecordingError> {
    let units_per_em = r.u32v("units per em")?;
    let n = r.count("glyphs")?;
    let glyphs = (0..n).map(|_| r.u32v("glyph")).collect::<Result<Vec<_>, _>>()?;
    let n = r.count("placements")?;
    let placements = (0..n)
        .map(|_| {
            Ok(GlyphPlacement {
                offset_x: r.i32("offset")?,
                offset_y: r.i32("offset")?,
                advance_x: r.i32("advance")?,
                advance_y: r.i32("advance")?,
            })
        })
        .collect::<Result<Vec<_>, RecordingError>>()?;
    let n = r.count("clusters")?;
    let clusters = (0..n).map(|_| r.u32v("cluster")).collect::<Result<Vec<_>, _>>()?;
    Ok(GlyphRun { glyphs, placements, clusters, units_per_em })
}
