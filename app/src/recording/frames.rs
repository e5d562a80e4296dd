//! Frames as records: the [`Encoder`] writes each frame's list as a difference from the last painted frame's
//! (runs of unchanged ops referred to by place, the others written), and the [`Decoder`] rebuilds the lists.

use std::collections::HashMap;
use std::time::Duration;

use super::events::{read_event, write_event};
use super::ops::{Layers, read_list, read_list_flags, read_op, write_list, write_list_flags, write_op};
use super::wire::{In, Out};
use super::{Frame, Header, Painted, RecordingError, Timings, WarmUp};
use crate::display_list::{DisplayList, LayerKey, Op, Paint};
use crate::geom::PixelRect;
use crate::raster::LayerFate;

/// A step of a list's difference: a run of the last frame's ops, or a new op.
const STEP_COPY: u8 = 0;
const STEP_OP: u8 = 1;

/// Encodes records, keeping what the next frame's difference is taken from.
#[derive(Debug, Default)]
pub struct Encoder {
    layers: Layers,
    /// The last painted frame's ops, each op's print, and the first place of each print.
    last: Vec<Op>,
    prints: Vec<u64>,
    places: HashMap<u64, usize>,
}

impl Encoder {
    /// The header's payload.
    pub fn header(&mut self, header: &Header) -> Vec<u8> {
        let mut out = Out::default();
        out.uv(u64::from(header.threads));
        out.str(&header.cpu_level);
        out.len(header.font_dirs.len());
        for dir in &header.font_dirs {
            out.str(dir);
        }
        out.bytes
    }

    /// The warm-up's payload.
    pub fn warm_up(&mut self, warm: &WarmUp) -> Vec<u8> {
        let mut out = Out::default();
        out.uv(u64::from(warm.width));
        out.uv(u64::from(warm.height));
        out.f32(warm.scale);
        write_list(&mut out, &mut self.layers, &warm.list);
        out.bytes
    }

    /// A frame's payload; a painted one's list becomes the base of the next difference.
    pub fn frame(&mut self, frame: &Frame) -> Vec<u8> {
        let mut out = Out::default();
        out.uv(frame.index);
        out.bool(frame.painted.is_some());
        out.len(frame.events.len());
        for event in &frame.events {
            write_event(&mut out, event);
        }
        let t = &frame.timings;
        for d in [t.layout, t.shape, t.raster, t.paint, t.present, t.recording, t.writing] {
            out.uv(u64::try_from(d.as_nanos()).unwrap_or(u64::MAX));
        }
        if let Some(p) = &frame.painted {
            self.painted(&mut out, p);
        }
        out.bytes
    }

    fn painted(&mut self, out: &mut Out, p: &Painted) {
        out.uv(u64::from(p.width));
        out.uv(u64::from(p.height));
        out.f32(p.scale);
        out.bool(p.fresh);
        out.bool(p.cold);
        out.len(p.hud.start);
        out.len(p.hud.end);
        for rects in [&p.damage, &p.frame_damage] {
            out.len(rects.len());
            for r in rects.iter() {
                write_pixel_rect(out, r);
            }
        }
        match &p.moved {
            Some(r) => {
                out.u8(1);
                write_pixel_rect(out, r);
            }
            None => out.u8(0),
        }
        out.len(p.bands.len());
        for edge in &p.bands {
            out.len(*edge);
        }
        out.len(p.layers.len());
        for (key, fate) in &p.layers {
            out.uv(key.0);
            out.u8(match fate {
                LayerFate::InBase => 0,
                LayerFate::Kept => 1,
                LayerFate::Redrawn => 2,
            });
        }
        write_list_flags(out, &p.list);
        self.ops(out, &p.list.ops);
    }

    /// The ops as steps: each op whose print and value match the last frame's op at the place the last run
    /// continues to (or, failing that, the first place of its print) extends or starts a copy; any other is written.
    fn ops(&mut self, out: &mut Out, ops: &[Op]) {
        let prints: Vec<u64> = ops.iter().map(|op| self.print(op)).collect();
        let mut steps = Out::default();
        let mut count = 0usize;
        // The copy being extended: its start in the last frame's ops and its length.
        let mut run: Option<(usize, usize)> = None;
        let flush = |steps: &mut Out, run: &mut Option<(usize, usize)>, count: &mut usize| {
            if let Some((start, len)) = run.take() {
                steps.u8(STEP_COPY);
                steps.len(start);
                steps.len(len);
                *count += 1;
            }
        };
        for (op, print) in ops.iter().zip(&prints) {
            let next = run.map(|(start, len)| start + len);
            let same_at = |at: usize| {
                self.prints.get(at) == Some(print) && self.last.get(at).is_some_and(|last| same_op(last, op))
            };
            if next.is_some_and(same_at) {
                run = run.map(|(start, len)| (start, len + 1));
                continue;
            }
            flush(&mut steps, &mut run, &mut count);
            match self.places.get(print).copied().filter(|at| same_at(*at)) {
                Some(at) => run = Some((at, 1)),
                None => {
                    steps.u8(STEP_OP);
                    write_op(&mut steps, &mut self.layers, op);
                    count += 1;
                }
            }
        }
        flush(&mut steps, &mut run, &mut count);
        out.len(count);
        out.bytes.extend_from_slice(&steps.bytes);
        self.places.clear();
        for (i, print) in prints.iter().enumerate() {
            self.places.entry(*print).or_insert(i);
        }
        self.prints = prints;
        self.last.clear();
        self.last.extend_from_slice(ops);
    }

    /// An op's print, cheap to take: its small fields hashed, a glyph run, path or layer content by its address (an
    /// equal op behind another `Arc` prints apart and is written again: larger, never wrong, as a match is
    /// checked with [`same_op`]).
    fn print(&mut self, op: &Op) -> u64 {
        let mut h = Print::default();
        let rect = |h: &mut Print, r: &crate::geom::Rect| {
            for v in [r.x, r.y, r.w, r.h] {
                h.u64(u64::from(v.to_bits()));
            }
        };
        let paint = |h: &mut Print, p: &Paint| match p {
            Paint::Solid(c) => h.u64(u64::from(c.0)),
            Paint::Linear { x0, y0, x1, y1, stops } => {
                [x0, y0, x1, y1].iter().for_each(|v| h.u64(u64::from(v.to_bits())));
                stops.iter().for_each(|s| h.u64(u64::from(s.offset.to_bits()) << 32 | u64::from(s.color.0)));
            }
            Paint::Radial { cx, cy, r, stops } => {
                [cx, cy, r].iter().for_each(|v| h.u64(u64::from(v.to_bits())));
                stops.iter().for_each(|s| h.u64(u64::from(s.offset.to_bits()) << 32 | u64::from(s.color.0)));
            }
        };
        let f = |h: &mut Print, v: f32| h.u64(u64::from(v.to_bits()));
        match op {
            Op::FillRect { rect: r, paint: p } => {
                h.u64(1);
                rect(&mut h, r);
                paint(&mut h, p);
            }
            Op::FillRoundRect { rect: r, radius, paint: p } => {
                h.u64(2);
                rect(&mut h, r);
                f(&mut h, *radius);
                paint(&mut h, p);
            }
            Op::StrokeRoundRect { rect: r, radius, stroke, paint: p } => {
                h.u64(3);
                rect(&mut h, r);
                f(&mut h, *radius);
                f(&mut h, stroke.width);
                paint(&mut h, p);
            }
            Op::Hairline { rect: r, radius, color } => {
                h.u64(4);
                rect(&mut h, r);
                f(&mut h, *radius);
                h.u64(u64::from(color.0));
            }
            Op::FillCircle { cx, cy, r, paint: p } => {
                h.u64(5);
                [cx, cy, r].iter().for_each(|v| f(&mut h, **v));
                paint(&mut h, p);
            }
            Op::FillPath { path, paint: p } => {
                h.u64(6);
                h.u64(std::sync::Arc::as_ptr(path) as usize as u64);
                paint(&mut h, p);
            }
            Op::StrokePath { path, stroke, paint: p } => {
                h.u64(7);
                h.u64(std::sync::Arc::as_ptr(path) as usize as u64);
                f(&mut h, stroke.width);
                paint(&mut h, p);
            }
            Op::Glyphs { font, x, y, run, color } => {
                h.u64(8);
                h.u64(u64::from(font.0));
                f(&mut h, *x);
                f(&mut h, *y);
                h.u64(std::sync::Arc::as_ptr(run) as usize as u64);
                h.u64(u64::from(color.0));
            }
            Op::PushClip(r) => {
                h.u64(9);
                rect(&mut h, r);
            }
            Op::PopClip => h.u64(10),
            Op::PushTranslate(dx, dy) => {
                h.u64(11);
                f(&mut h, *dx);
                f(&mut h, *dy);
            }
            Op::PopTranslate => h.u64(12),
            Op::Layer { key, rect: r, version, content } => {
                h.u64(13);
                h.u64(key.0);
                rect(&mut h, r);
                h.u64(*version);
                h.u64(std::sync::Arc::as_ptr(content) as usize as u64);
            }
        }
        h.0
    }
}

/// A small multiplicative hash (prints are compared, never trusted: a match is checked with [`same_op`]).
#[derive(Default)]
struct Print(u64);

impl Print {
    fn u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// Whether two ops draw the same: a layer by its key, place, version and content (the same `Arc` at once, else
/// compared), any other op by value.
fn same_op(a: &Op, b: &Op) -> bool {
    match (a, b) {
        (
            Op::Layer { key, rect, version, content },
            Op::Layer { key: key_b, rect: rect_b, version: version_b, content: content_b },
        ) => {
            key == key_b
                && rect == rect_b
                && version == version_b
                && (std::sync::Arc::ptr_eq(content, content_b) || content == content_b)
        }
        _ => a == b,
    }
}

fn write_pixel_rect(out: &mut Out, r: &PixelRect) {
    for v in [r.x, r.y, r.w, r.h] {
        out.uv(u64::from(v));
    }
}

fn read_pixel_rect(r: &mut In<'_>) -> Result<PixelRect, RecordingError> {
    Ok(PixelRect { x: r.u32v("rect")?, y: r.u32v("rect")?, w: r.u32v("rect")?, h: r.u32v("rect")? })
}

/// Decodes records in the order they were written, keeping the last painted frame's ops.
#[derive(Debug, Default)]
pub struct Decoder {
    layers: Layers,
    last: Vec<Op>,
}

impl Decoder {
    /// Reads a header's payload.
    pub fn header(&mut self, bytes: &[u8]) -> Result<Header, RecordingError> {
        let mut r = In::new(bytes);
        let threads = r.u32v("threads")?;
        let cpu_level = r.str("CPU level")?;
        let n = r.count("font dirs")?;
        let font_dirs = (0..n).map(|_| r.str("font dir")).collect::<Result<Vec<_>, _>>()?;
        Ok(Header { threads, cpu_level, font_dirs })
    }

    /// Reads a warm-up's payload.
    pub fn warm_up(&mut self, bytes: &[u8]) -> Result<WarmUp, RecordingError> {
        let mut r = In::new(bytes);
        let (width, height, scale) = (r.u32v("width")?, r.u32v("height")?, r.f32("scale")?);
        let list = read_list(&mut r, &mut self.layers, 0)?;
        Ok(WarmUp { width, height, scale, list })
    }

    /// Reads a frame's payload.
    pub fn frame(&mut self, bytes: &[u8]) -> Result<Frame, RecordingError> {
        let mut r = In::new(bytes);
        let index = r.uv("frame index")?;
        let painted = r.bool("painted")?;
        let n = r.count("events")?;
        let events = (0..n).map(|_| read_event(&mut r)).collect::<Result<Vec<_>, _>>()?;
        let mut ns = || r.uv("timing").map(Duration::from_nanos);
        let timings = Timings {
            layout: ns()?,
            shape: ns()?,
            raster: ns()?,
            paint: ns()?,
            present: ns()?,
            recording: ns()?,
            writing: ns()?,
        };
        let painted = if painted { Some(self.painted(&mut r)?) } else { None };
        Ok(Frame { index, events, timings, painted })
    }

    fn painted(&mut self, r: &mut In<'_>) -> Result<Painted, RecordingError> {
        let (width, height, scale) = (r.u32v("width")?, r.u32v("height")?, r.f32("scale")?);
        let (fresh, cold) = (r.bool("fresh")?, r.bool("cold")?);
        let hud = r.len(usize::MAX, "HUD ops")?..r.len(usize::MAX, "HUD ops")?;
        let rects = |r: &mut In<'_>| -> Result<Vec<PixelRect>, RecordingError> {
            let n = r.count("damage")?;
            (0..n).map(|_| read_pixel_rect(r)).collect()
        };
        let damage = rects(r)?;
        let frame_damage = rects(r)?;
        let moved = if r.bool("moved")? { Some(read_pixel_rect(r)?) } else { None };
        let n = r.count("band edges")?;
        let bands = (0..n).map(|_| r.len(usize::MAX, "band edge")).collect::<Result<Vec<_>, _>>()?;
        let n = r.count("layers")?;
        let mut layers = Vec::with_capacity(n);
        for _ in 0..n {
            let key = LayerKey(r.uv("layer key")?);
            let fate = match r.u8("layer fate")? {
                0 => LayerFate::InBase,
                1 => LayerFate::Kept,
                2 => LayerFate::Redrawn,
                other => return Err(RecordingError::Corrupt(format!("unknown layer fate {other}"))),
            };
            layers.push((key, fate));
        }
        let mut list = DisplayList::new();
        read_list_flags(r, &mut list)?;
        let steps = r.count("list steps")?;
        for _ in 0..steps {
            match r.u8("list step")? {
                STEP_COPY => {
                    let start = r.len(self.last.len(), "copied ops")?;
                    let len = r.len(self.last.len() - start, "copied ops")?;
                    list.ops.extend_from_slice(&self.last[start..start + len]);
                }
                STEP_OP => list.ops.push(read_op(r, &mut self.layers, 0)?),
                other => return Err(RecordingError::Corrupt(format!("unknown list step {other}"))),
            }
        }
        if !r.done() {
            return Err(RecordingError::Corrupt("a frame's record has bytes after its list".into()));
        }
        self.last.clone_from(&list.ops);
        Ok(Painted { width, height, scale, fresh, cold, hud, damage, frame_damage, moved, bands, layers, list })
    }
}
