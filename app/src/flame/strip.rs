//! The flame's strip, across the bottom of the frame: the last frames side by side, a slot each, the newest taking
//! the oldest's slot (a ring swept left to right, a marker after the newest), each frame as rows of spans along its
//! time on a scale the slots share. Each slot is a retained layer drawn again only when the frame it shows, the
//! span pointed at in it, the scale or its size change, so a new frame draws its own slot and nothing else of the
//! strip; the panel behind the slots is plain ops, unchanged from frame to frame. Shift+F5's slowest frames take
//! the whole strip, one layer, beside a chart of the last frames' times. The span under the pointer is outlined,
//! and so is what it belongs to in the frame (a band's rows, a run's box, a laid-out widget's box).

use std::collections::VecDeque;
use std::sync::Arc;

use super::{FlameFrame, Library, Span, Target};
use crate::display_list::{DisplayList, LayerKey, Op, OpKind, Step, walk};
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId, Rect};

/// The whole strip's layer (a slowest frame looked at); slot `i`'s is this plus 1 + `i`.
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
/// About how wide a slot is: a strip holds as many as fit, from one to [`super::RECENT`].
const SLOT_W: f32 = 240.0;
/// The narrowest time a slot spans, ms; it doubles until the slowest frame shown fits, so that it changes (and
/// every slot is drawn again) only when a frame twice as slow or as fast comes or goes.
const SLOT_MS: f64 = 0.125;

/// What the strip shows: the frame picked (0: the last frames; k: the k-th slowest), the frame looked at, the
/// last frames kept (oldest first) and how many were ever kept, and the last frames' paint + present.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    pub pick: usize,
    pub looked_at: &'a FlameFrame,
    pub recent: &'a VecDeque<FlameFrame>,
    pub kept: u64,
    pub history: &'a VecDeque<(u64, f32)>,
}

/// What a layer of the strip shows: the frame, the pick, the span pointed at in it, the layer's size and the time it
/// spans (the bits of its ms; 0 for the whole strip, which scales to its frame).
type Drawn = (u64, usize, Option<usize>, (u32, u32), u64);

/// What each layer of the strip would show: the whole strip's, or each slot's (by slot) with the frame it shows.
type Plan<'a> = (Option<Drawn>, [Option<(Drawn, &'a FlameFrame)>; super::RECENT]);

/// One layer of the strip as last drawn.
#[derive(Debug)]
struct Drawing {
    content: Arc<DisplayList>,
    version: u64,
    drawn: Drawn,
}

/// The strip laid out in a frame: its box, and for the last frames its slots' count and width and the ms a slot
/// spans.
#[derive(Debug, Clone, Copy)]
struct Layout {
    rect: Rect,
    slots: usize,
    slot_w: f32,
    slot_ms: f64,
}

impl Layout {
    fn of(view: &View<'_>, size: (f32, f32)) -> Layout {
        let rect = Strip::rect_in(size);
        let slots = ((rect.w / SLOT_W).round() as usize).clamp(1, super::RECENT);
        let slot_w = ((rect.w - 2.0 * PAD) / slots as f32).max(0.0);
        let slowest = view.recent.iter().rev().take(slots).map(|f| ms(frame_end(f))).fold(0.0, f64::max);
        let mut slot_ms = SLOT_MS;
        while slot_ms < slowest {
            slot_ms *= 2.0;
        }
        Layout { rect, slots, slot_w, slot_ms }
    }

    /// The frames shown in slots: each with its slot, newest first.
    fn slotted<'a>(&self, view: &View<'a>) -> impl Iterator<Item = (usize, &'a FlameFrame)> {
        let (slots, kept) = (self.slots as u64, view.kept);
        view.recent.iter().rev().take(self.slots).enumerate().map(move |(age, frame)| {
            let sequence = kept - 1 - age as u64;
            ((sequence % slots) as usize, frame)
        })
    }

    /// Slot `slot`'s box in the frame.
    fn slot_rect(&self, slot: usize) -> Rect {
        Rect::new(self.rect.x + PAD + self.slot_w * slot as f32, self.rect.y, self.slot_w, self.rect.h)
    }

    fn slot_scale(&self) -> Scale {
        // A slot narrower than its padding draws no span.
        let per_ms = if self.slot_ms > 0.0 { ((self.slot_w - 2.0 * PAD) / self.slot_ms as f32).max(0.0) } else { 0.0 };
        Scale { left: PAD, per_ms }
    }
}

/// What the strip last drew, and its font.
#[derive(Debug)]
pub struct Strip {
    font: FontId,
    /// The whole strip's layer, when a slowest frame was last looked at.
    whole: Option<Drawing>,
    /// Each slot's layer, when the last frames were.
    slots: Vec<Option<Drawing>>,
    /// The last version given to a layer.
    version: u64,
    rect: Rect,
    /// The span under the pointer when last drawn, and the box it outlined in the frame.
    pointed: Option<(Span, Option<Rect>)>,
}

impl Strip {
    pub fn new(fonts: &FontBook) -> Strip {
        Strip {
            font: fonts.id(Face::Mono, FONT_PX),
            whole: None,
            slots: (0..super::RECENT).map(|_| None).collect(),
            version: 0,
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

    /// Where in a frame of `size` the middle of span `index` of the newest frame (or of the slowest looked at) is
    /// drawn, for pointing at it.
    pub fn centre_of(view: &View<'_>, size: (f32, f32), index: usize) -> Option<(f32, f32)> {
        let layout = Layout::of(view, size);
        let (frame, left, scale) = if view.pick == 0 {
            let (slot, frame) = layout.slotted(view).next()?;
            (frame, layout.slot_rect(slot).x, layout.slot_scale())
        } else {
            (view.looked_at, layout.rect.x, Scale::of(view.looked_at, layout.rect.w))
        };
        let (a, b) = scale.x_range(frame.spans.get(index)?)?;
        let y = layout.rect.y + PAD + ROW_H * (f32::from(frame.spans[index].depth) + 1.5);
        Some((left + (a + b) / 2.0, y))
    }

    /// The span under `pointer`: its frame and its index there.
    fn hovered<'a>(view: &View<'a>, layout: &Layout, pointer: Option<(f32, f32)>) -> Option<(&'a FlameFrame, usize)> {
        let (x, y) = pointer?;
        if !layout.rect.contains(x, y) {
            return None;
        }
        let row = ((y - layout.rect.y - PAD) / ROW_H).floor() as i32 - 1;
        let (frame, lx, scale) = if view.pick == 0 {
            let (slot, frame) = layout.slotted(view).find(|&(slot, _)| layout.slot_rect(slot).contains(x, y))?;
            (frame, x - layout.slot_rect(slot).x, layout.slot_scale())
        } else {
            (view.looked_at, x - layout.rect.x, Scale::of(view.looked_at, layout.rect.w))
        };
        let at = frame
            .spans
            .iter()
            .position(|s| i32::from(s.depth) == row && scale.x_range(s).is_some_and(|(a, b)| lx >= a && lx < b))?;
        Some((frame, at))
    }

    /// What each layer of the strip would show: the whole strip's, or each slot's (by slot).
    fn plan<'a>(view: &View<'a>, layout: &Layout, pointer: Option<(f32, f32)>) -> Plan<'a> {
        let hovered = Strip::hovered(view, layout, pointer);
        let pointed_in = |frame: &FlameFrame| hovered.filter(|(f, _)| std::ptr::eq(*f, frame)).map(|(_, i)| i);
        let mut slots = [None; super::RECENT];
        if view.pick != 0 {
            let size = (layout.rect.w as u32, layout.rect.h as u32);
            let frame = view.looked_at;
            return (Some((frame.index, view.pick, pointed_in(frame), size, 0)), slots);
        }
        let size = (layout.slot_w as u32, layout.rect.h as u32);
        for (slot, frame) in layout.slotted(view) {
            slots[slot] = Some(((frame.index, 0, pointed_in(frame), size, layout.slot_ms.to_bits()), frame));
        }
        (None, slots)
    }

    /// Whether the strip would draw other than it last did.
    pub fn stale(&self, view: &View<'_>, pointer: Option<(f32, f32)>, size: (f32, f32)) -> bool {
        let drawn_any = self.whole.is_some() || self.slots.iter().any(Option::is_some);
        let (whole, slots) = Strip::plan(view, &Layout::of(view, size), pointer);
        let differs = |drawing: &Option<Drawing>, wanted: Option<Drawn>| drawing.as_ref().map(|d| d.drawn) != wanted;
        drawn_any
            && (differs(&self.whole, whole)
                || self.slots.iter().zip(slots).any(|(drawing, wanted)| differs(drawing, wanted.map(|(d, _)| d))))
    }

    /// Records the strip for `view` into `list` (see the module docs).
    pub fn record(
        &mut self,
        view: &View<'_>,
        fonts: &FontBook,
        size: (f32, f32),
        pointer: Option<(f32, f32)>,
        current: &[super::runs::Run],
        list: &mut DisplayList,
    ) {
        let layout = Layout::of(view, size);
        let rect = layout.rect;
        let (whole, slots) = Strip::plan(view, &layout, pointer);
        let hovered = Strip::hovered(view, &layout, pointer);
        list.fill_round_rect(rect, 6.0, Color(0xec_10_14_1c));
        list.hairline(rect, 6.0, Color(0x60_ff_ff_ff));
        match whole {
            Some(drawn) => {
                if self.whole.as_ref().map(|d| d.drawn) != Some(drawn) {
                    let content = self.draw_whole(view, hovered.map(|(_, i)| i), rect, fonts);
                    self.version += 1;
                    self.whole = Some(Drawing { content: Arc::new(content), version: self.version, drawn });
                }
                if let Some(d) = &self.whole {
                    list.layer(FLAME_LAYER, rect, d.version, Arc::clone(&d.content));
                }
            }
            None => self.whole = None,
        }
        for (slot, wanted) in slots.iter().enumerate() {
            let Some((drawn, frame)) = *wanted else {
                self.slots[slot] = None;
                continue;
            };
            if self.slots[slot].as_ref().map(|d| d.drawn) != Some(drawn) {
                let content = self.draw_slot(frame, drawn.2, &layout, fonts);
                self.version += 1;
                self.slots[slot] = Some(Drawing { content: Arc::new(content), version: self.version, drawn });
            }
            if let Some(d) = &self.slots[slot] {
                let key = LayerKey(FLAME_LAYER.0 + 1 + slot as u64);
                list.layer(key, layout.slot_rect(slot), d.version, Arc::clone(&d.content));
            }
        }
        // The sweep's marker, after the newest frame: ops of their own, so that a new frame moves two thin bars.
        if let Some((newest, _)) = layout.slotted(view).next() {
            let r = layout.slot_rect(newest);
            list.fill_rect(Rect::new(r.right() - 2.0, r.y + PAD, 2.0, r.h - 2.0 * PAD), Color::rgb(0xff, 0xff, 0xff));
        }
        self.rect = rect;
        self.pointed = hovered.map(|(frame, i)| frame.spans[i]).map(|s| (s, target_box(&s, size, current, list)));
        if let Some((_, Some(target))) = self.pointed {
            list.hairline(target, 0.0, Color::rgb(0xff, 0xd8, 0x4a));
        }
    }

    /// One slot's content: `frame`'s header and spans on the slots' scale, span `hovered` outlined and named.
    fn draw_slot(&self, frame: &FlameFrame, hovered: Option<usize>, layout: &Layout, fonts: &FontBook) -> DisplayList {
        let mut list = DisplayList::new();
        let r = Rect::new(0.0, 0.0, layout.slot_w, layout.rect.h);
        list.fill_rect(Rect::new(0.0, PAD, 1.0, r.h - 2.0 * PAD), Color(0x60_ff_ff_ff));
        let header = match hovered.and_then(|i| frame.spans.get(i)) {
            Some(s) => format!("{} {} {:.3} ms", s.library.name(), s.what.as_str(), ms(s.time)),
            None => format!("{} {:.3}/{} ms", frame.index, ms(frame.paint), layout.slot_ms),
        };
        self.label(fonts, &mut list, &header, (PAD, PAD, r.w - 2.0 * PAD), Color::rgb(0xe6, 0xea, 0xf0));
        self.spans(fonts, &mut list, frame, hovered, &layout.slot_scale(), r.h);
        list
    }

    /// The whole strip's content: the header, the chart of the last frames and the spans of the frame looked at.
    fn draw_whole(&self, view: &View<'_>, hovered: Option<usize>, rect: Rect, fonts: &FontBook) -> DisplayList {
        let mut list = DisplayList::new();
        let r = Rect::new(0.0, 0.0, rect.w, rect.h);
        let frame = view.looked_at;
        let header = match hovered.and_then(|i| frame.spans.get(i)) {
            Some(s) => format!("{} {} {:.3} ms", s.library.name(), s.what.as_str(), ms(s.time)),
            None => format!(
                "flame F5 slowest {}/10 frame {} paint {:.3} ms {} spans",
                view.pick,
                frame.index,
                ms(frame.paint),
                frame.spans.len()
            ),
        };
        let chart_x = (r.w - PAD - HISTORY_W).max(PAD);
        self.label(fonts, &mut list, &header, (PAD, PAD, chart_x - 2.0 * PAD), Color::rgb(0xe6, 0xea, 0xf0));
        history_chart(&mut list, view.history, frame.index, Rect::new(chart_x, PAD + 1.0, HISTORY_W, ROW_H - 2.0));
        self.spans(fonts, &mut list, frame, hovered, &Scale::of(frame, r.w), r.h);
        list
    }

    /// `frame`'s spans as bars on `scale`, a row a depth under the header, each labelled where it is wide enough.
    fn spans(
        &self,
        fonts: &FontBook,
        list: &mut DisplayList,
        frame: &FlameFrame,
        hovered: Option<usize>,
        scale: &Scale,
        height: f32,
    ) {
        for (i, span) in frame.spans.iter().enumerate() {
            let Some((a, b)) = scale.x_range(span) else { continue };
            let y = PAD + ROW_H * (f32::from(span.depth) + 1.0);
            if y + ROW_H > height {
                continue;
            }
            let bar = Rect::new(a, y + 1.0, (b - a - 1.0).max(1.0), ROW_H - 2.0);
            list.fill_rect(bar, colour(span.library));
            if hovered == Some(i) {
                list.hairline(bar, 0.0, Color::rgb(0xff, 0xff, 0xff));
            }
            let color = Color::rgb(0x10, 0x14, 0x1c);
            self.label(fonts, list, span.what.as_str(), (bar.x + 2.0, y, bar.w - 4.0), color);
        }
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

fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Where a frame's last span ends, or its paint and present if later.
fn frame_end(frame: &FlameFrame) -> std::time::Duration {
    let end = frame.spans.iter().map(|s| s.start + s.time).max().unwrap_or_default();
    end.max(frame.paint + frame.present)
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

/// A time axis: where the frame's start is drawn and how many units a ms takes.
struct Scale {
    left: f32,
    per_ms: f32,
}

impl Scale {
    /// The frame's paint and present across `width`.
    fn of(frame: &FlameFrame, width: f32) -> Scale {
        let total = ms(frame_end(frame));
        Scale { left: PAD, per_ms: if total > 0.0 { (width - 2.0 * PAD) / total as f32 } else { 0.0 } }
    }

    /// A span's left and right, `None` when it has no width to draw.
    fn x_range(&self, span: &Span) -> Option<(f32, f32)> {
        let a = self.left + span.start.as_secs_f32() * 1000.0 * self.per_ms;
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

/// The box in the frame (logical units) of what `span` belongs to: a band's rows across the frame, a widget's box as
/// its frame laid it out, or the box of
/// the glyph run it shaped, found in `list` (its layers' content too) by its address, or by the address of the run
/// this frame shaped from the same text (a figure is a new run each frame).
fn target_box(span: &Span, size: (f32, f32), current: &[super::runs::Run], list: &DisplayList) -> Option<Rect> {
    match span.target {
        Target::None => None,
        Target::Band { top, bottom } => Some(Rect::new(0.0, top, size.0, (bottom - top).max(1.0))),
        Target::Widget(rect) => Some(rect),
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
        // By kind, so that a new shape or state op is decided in `Op::kind` and not here.
        match op.kind() {
            OpKind::Glyphs => {
                if let Op::Glyphs { run, x, y, font, .. } = op
                    && Arc::as_ptr(run) as usize == address
                {
                    let px = font.size_px();
                    return Some(Rect::new(tx + x, ty + y - px, run.width_px(px).max(1.0), px * 1.3));
                }
            }
            OpKind::Layer => {
                if let Op::Layer { rect, content, .. } = op
                    && let Some(found) = find_run(content, address, (tx + rect.x, ty + rect.y))
                {
                    return Some(found);
                }
            }
            OpKind::Shape | OpKind::State => {}
        }
    }
    None
}
