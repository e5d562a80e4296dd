//! The flame's strip: the frame looked at as rows of spans along its time, across the bottom of the frame, kept as
//! one retained layer redrawn only when the frame looked at, the span under the pointer or the strip's size change;
//! the span under the pointer is outlined, and so is what it belongs to in the frame (a band's rows, a run's box).

use std::collections::VecDeque;
use std::sync::Arc;

use super::{FlameFrame, Library, Span, Target};
use crate::display_list::{DisplayList, LayerKey, Op, Step, walk};
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId, Rect};

const FLAME_LAYER: LayerKey = LayerKey(0x464c_414d_0000_0001);
const FONT_PX: f32 = 11.0;
const ROW_H: f32 = 16.0;
/// The header and five rows of spans (the frame, its phases, runs and bands, stages and other threads' bands, kinds of op).
const ROWS: usize = 6;
const MARGIN: f32 = 8.0;
const PAD: f32 = 4.0;
/// The width of the header's chart of the last frames.
const HISTORY_W: f32 = 180.0;
/// A monospaced character's advance at [`FONT_PX`], for cutting labels.
const CHAR_W: f32 = FONT_PX * 0.6;

/// What a drawing of the strip shows: the frame, the pick, the span pointed at and the frame's size.
type Drawn = (u64, usize, Option<usize>, (u32, u32));

/// What the strip last drew, and its font.
#[derive(Debug)]
pub struct Strip {
    font: FontId,
    content: Option<Arc<DisplayList>>,
    version: u64,
    /// The frame, pick, hovered span and size last drawn.
    drawn: Option<Drawn>,
    rect: Rect,
    /// The span under the pointer when last drawn, and the box it outlined in the frame.
    pointed: Option<(Span, Option<Rect>)>,
}

impl Strip {
    pub fn new(fonts: &FontBook) -> Strip {
        Strip {
            font: fonts.id(Face::Mono, FONT_PX),
            content: None,
            version: 0,
            drawn: None,
            rect: Rect::default(),
            pointed: None,
        }
    }

    /// The strip's box in a frame of logical `size`.
    pub fn rect_of(size: (f32, f32)) -> Rect {
        Strip::rect_in(size)
    }

    fn rect_in(size: (f32, f32)) -> Rect {
        let h = ROW_H * ROWS as f32 + 2.0 * PAD;
        Rect::new(MARGIN, (size.1 - h - MARGIN).max(0.0), (size.0 - 2.0 * MARGIN).max(0.0), h)
    }

    /// The span under the pointer when last drawn, and the box it outlined in the frame.
    pub fn pointed(&self) -> Option<(Span, Option<Rect>)> {
        self.pointed
    }

    /// Where it was last drawn.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// The span of `frame` under `pointer` in a strip at `rect`.
    fn hovered(frame: &FlameFrame, rect: Rect, pointer: Option<(f32, f32)>) -> Option<usize> {
        let (x, y) = pointer?;
        if !rect.contains(x, y) {
            return None;
        }
        let (lx, ly) = (x - rect.x, y - rect.y);
        let row = ((ly - PAD) / ROW_H).floor() as i32 - 1;
        let scale = Scale::of(frame, rect.w);
        frame
            .spans
            .iter()
            .position(|s| i32::from(s.depth) == row && scale.x_range(s).is_some_and(|(a, b)| lx >= a && lx < b))
    }

    fn key(frame: &FlameFrame, pick: usize, hovered: Option<usize>, size: (f32, f32)) -> Drawn {
        (frame.index, pick, hovered, (size.0 as u32, size.1 as u32))
    }

    /// Whether the strip would draw other than it last did.
    pub fn stale(&self, frame: &FlameFrame, pick: usize, pointer: Option<(f32, f32)>, size: (f32, f32)) -> bool {
        let hovered = Strip::hovered(frame, Strip::rect_in(size), pointer);
        self.content.is_some() && self.drawn != Some(Strip::key(frame, pick, hovered, size))
    }

    /// Records the strip for `frame` into `list` (see the module docs).
    pub fn record(
        &mut self,
        (frame, pick, history): (&FlameFrame, usize, &VecDeque<(u64, f32)>),
        fonts: &FontBook,
        size: (f32, f32),
        pointer: Option<(f32, f32)>,
        current: &[super::runs::Run],
        list: &mut DisplayList,
    ) {
        let rect = Strip::rect_in(size);
        let hovered = Strip::hovered(frame, rect, pointer);
        let key = Strip::key(frame, pick, hovered, size);
        if self.content.is_none() || self.drawn != Some(key) {
            self.content = Some(Arc::new(self.draw((frame, pick, history), hovered, rect, fonts)));
            self.version += 1;
            self.drawn = Some(key);
        }
        self.rect = rect;
        self.pointed = hovered.and_then(|i| frame.spans.get(i)).map(|s| (*s, target_box(s, size, current, list)));
        if let Some((_, Some(target))) = self.pointed {
            list.hairline(target, 0.0, Color::rgb(0xff, 0xd8, 0x4a));
        }
        if let Some(content) = &self.content {
            list.layer(FLAME_LAYER, rect, self.version, Arc::clone(content));
        }
    }

    fn draw(
        &self,
        (frame, pick, history): (&FlameFrame, usize, &VecDeque<(u64, f32)>),
        hovered: Option<usize>,
        rect: Rect,
        fonts: &FontBook,
    ) -> DisplayList {
        let mut list = DisplayList::new();
        let r = Rect::new(0.0, 0.0, rect.w, rect.h);
        list.fill_round_rect(r, 6.0, Color(0xec_10_14_1c));
        list.hairline(r, 6.0, Color(0x60_ff_ff_ff));
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
        let looking = if pick == 0 { "last frame".to_owned() } else { format!("slowest {pick}/10") };
        let header = match hovered.and_then(|i| frame.spans.get(i)) {
            Some(s) => format!("{} {} {:.3} ms", s.library.name(), s.what.as_str(), ms(s.time)),
            None => format!(
                "flame F5 {looking} frame {} paint {:.3} ms {} spans",
                frame.index,
                ms(frame.paint),
                frame.spans.len()
            ),
        };
        let chart_x = (r.w - PAD - HISTORY_W).max(PAD);
        self.label(fonts, &mut list, &header, (PAD, PAD, chart_x - 2.0 * PAD), Color::rgb(0xe6, 0xea, 0xf0));
        history_chart(&mut list, history, frame.index, Rect::new(chart_x, PAD + 1.0, HISTORY_W, ROW_H - 2.0));
        let scale = Scale::of(frame, r.w);
        for (i, span) in frame.spans.iter().enumerate() {
            let Some((a, b)) = scale.x_range(span) else { continue };
            let y = PAD + ROW_H * (f32::from(span.depth) + 1.0);
            if y + ROW_H > r.h {
                continue;
            }
            let bar = Rect::new(a, y + 1.0, (b - a - 1.0).max(1.0), ROW_H - 2.0);
            list.fill_rect(bar, colour(span.library));
            if hovered == Some(i) {
                list.hairline(bar, 0.0, Color::rgb(0xff, 0xff, 0xff));
            }
            self.label(
                fonts,
                &mut list,
                span.what.as_str(),
                (bar.x + 2.0, y, bar.w - 4.0),
                Color::rgb(0x10, 0x14, 0x1c),
            );
        }
        list
    }

    /// `text` at (x, y) (its row's top), cut to the characters that fit in `w`.
    fn label(&self, fonts: &FontBook, list: &mut DisplayList, text: &str, (x, y, w): (f32, f32, f32), color: Color) {
        let fit = (w / CHAR_W).floor().max(0.0) as usize;
        let end = text.char_indices().nth(fit).map_or(text.len(), |(i, _)| i);
        if end == 0 {
            return;
        }
        let run = fonts.compose(self.font, &text[..end]);
        if !run.is_empty() {
            list.glyphs(self.font, x, y + FONT_PX, run, color);
        }
    }
}

/// The last frames' paint + present as bars against the slowest of them, the frame looked at in white, a frame over
/// the budget in red.
fn history_chart(list: &mut DisplayList, history: &VecDeque<(u64, f32)>, looked_at: u64, area: Rect) {
    list.fill_rect(area, Color(0x40_00_00_00));
    let top = history.iter().map(|&(_, ms)| ms).fold(0.1, f32::max);
    let step = area.w / super::HISTORY as f32;
    for (i, &(index, ms)) in history.iter().enumerate() {
        let h = (ms / top * area.h).max(1.0);
        let bar = Rect::new(area.x + step * i as f32, area.bottom() - h, (step - 1.0).max(1.0), h);
        let colour = if index == looked_at {
            Color::rgb(0xff, 0xff, 0xff)
        } else if f64::from(ms) > crate::clock::BUDGET_MS {
            Color::rgb(0xff, 0x5c, 0x5c)
        } else {
            Color::rgb(0x6e, 0xe7, 0x8a)
        };
        list.fill_rect(bar, colour);
    }
}

/// The strip's time axis: the frame's paint and present across its width.
struct Scale {
    per_ms: f32,
}

impl Scale {
    fn of(frame: &FlameFrame, width: f32) -> Scale {
        let end = frame.spans.iter().map(|s| s.start + s.time).max().unwrap_or_default();
        let total = end.max(frame.paint + frame.present).as_secs_f64() * 1000.0;
        Scale { per_ms: if total > 0.0 { (width - 2.0 * PAD) / total as f32 } else { 0.0 } }
    }

    /// A span's left and right in the strip, `None` when it has no width to draw.
    fn x_range(&self, span: &Span) -> Option<(f32, f32)> {
        let a = PAD + span.start.as_secs_f32() * 1000.0 * self.per_ms;
        let b = a + span.time.as_secs_f32() * 1000.0 * self.per_ms;
        (b - a >= 1.0 || self.per_ms > 0.0 && span.time > std::time::Duration::ZERO).then_some((a, b.max(a + 1.0)))
    }
}

fn colour(library: Library) -> Color {
    match library {
        Library::App => Color::rgb(0x9a, 0xa4, 0xb6),
        Library::Yoga => Color::rgb(0x6e, 0xb5, 0xff),
        Library::HarfBuzz => Color::rgb(0xc7, 0x92, 0xea),
        Library::Blend2D => Color::rgb(0xff, 0xa8, 0x5c),
        Library::Sdl => Color::rgb(0x6e, 0xe7, 0x8a),
    }
}

/// The box in the frame (logical units) of what `span` belongs to: a band's rows across the frame, or the box of
/// the glyph run it shaped, found in `list` (its layers' content too) by its address, or by the address of the run
/// this frame shaped from the same text (a figure is a new run each frame).
fn target_box(span: &Span, size: (f32, f32), current: &[super::runs::Run], list: &DisplayList) -> Option<Rect> {
    match span.target {
        Target::None => None,
        Target::Band { top, bottom } => Some(Rect::new(0.0, top, size.0, (bottom - top).max(1.0))),
        Target::Run(address) => (address != 0).then(|| find_run(list, address, (0.0, 0.0))).flatten().or_else(|| {
            let now = current.iter().find(|r| r.run != 0 && r.run != address && r.text == span.what)?;
            find_run(list, now.run, (0.0, 0.0))
        }),
    }
}

/// The box of the glyph op drawing the run at `address` in `list` drawn at `origin`.
fn find_run(list: &DisplayList, address: usize, origin: (f32, f32)) -> Option<Rect> {
    for visit in walk(list) {
        let Step::Draw(op) = visit.step else { continue };
        let (tx, ty) = (origin.0 + visit.place.translation.0, origin.1 + visit.place.translation.1);
        match op {
            Op::Glyphs { run, x, y, font, .. } if Arc::as_ptr(run) as usize == address => {
                let px = font.size_px();
                return Some(Rect::new(tx + x, ty + y - px, run.width_px(px).max(1.0), px * 1.3));
            }
            Op::Layer { rect, content, .. } => {
                if let Some(found) = find_run(content, address, (tx + rect.x, ty + rect.y)) {
                    return Some(found);
                }
            }
            // Another run, a shape or a state change.
            Op::Glyphs { .. } => {}
            Op::FillRect { .. }
            | Op::FillRoundRect { .. }
            | Op::StrokeRoundRect { .. }
            | Op::Hairline { .. }
            | Op::FillCircle { .. }
            | Op::FillPath { .. }
            | Op::StrokePath { .. } => {}
            Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => {}
        }
    }
    None
}
