//! The flame of each frame (F5): the spans of the last painted frame per library (Yoga's layout per pass and
//! widget, HarfBuzz's shaping per run, Blend2D's raster per band, SDL's present), each sized by its time, kept in
//! fixed-capacity buffers for the last [`RECENT`] frames, beside the last 60 frames' times; the ten slowest frames
//! of the session are kept to look at afterwards.
//!
//! Nothing is collected while the strip is hidden: the shaping and layout logs ([`runs`], [`layouts`]) are off, and
//! the frame's other spans are figures the frame measures anyway (its phases, its bands' times). A frame is taken
//! into the flame only when the HUD counts it ([`Flame::keep`]); a frame painted only for the flame or the HUD is
//! dropped ([`Flame::drop_frame`]), so showing the flame never makes the flame change, and a still window goes
//! idle. [`strip`] draws it.

pub mod layouts;
pub mod runs;
pub mod strip;

use std::collections::VecDeque;
#[cfg(test)]
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::geom::Rect;
use crate::raster::{BandTime, Drawer, OpKindTimes};
use crate::ui::router::Region;

/// How many spans a frame keeps; the rest are counted in [`FlameFrame::dropped`].
pub const SPANS: usize = 128;

/// How many of the last frames' paint + present the strip's header charts.
pub const HISTORY: usize = 60;

/// How many of the last frames are kept, for the strip's slots.
pub const RECENT: usize = 10;

/// How many of the session's slowest frames are kept.
pub const SLOWEST: usize = 10;

/// How many bytes of a span's label are kept (cut at a character boundary).
const LABEL: usize = 40;

/// A short label kept inline, so a span costs no allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label {
    bytes: [u8; LABEL],
    len: u8,
}

impl Label {
    /// `text`, cut to at most `LABEL` bytes at a character boundary, its line breaks as spaces.
    pub fn new(text: &str) -> Label {
        let mut end = text.len().min(LABEL);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut bytes = [0; LABEL];
        for (to, from) in bytes.iter_mut().zip(text[..end].bytes()) {
            *to = if from == b'\n' || from == b'\t' { b' ' } else { from };
        }
        Label { bytes, len: end as u8 }
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

/// Whose work a span is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Library {
    /// The app's own: the frame as a whole.
    App,
    Yoga,
    HarfBuzz,
    Blend2D,
    Sdl,
}

impl Library {
    pub fn name(self) -> &'static str {
        match self {
            Library::App => "goldberry",
            Library::Yoga => "Yoga",
            Library::HarfBuzz => "HarfBuzz",
            Library::Blend2D => "Blend2D",
            Library::Sdl => "SDL",
        }
    }
}

/// What in the frame a span belongs to, for highlighting it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Target {
    None,
    /// A band's rows, in logical units.
    Band {
        top: f32,
        bottom: f32,
    },
    /// A shaped run, by the address of the run it gave (found in the frame's list by that address).
    Run(usize),
    /// A widget's box as its frame laid it out, in logical units.
    Widget(Rect),
}

/// One span of a frame: whose, what, its row in the strip, when it started after the paint did and how long it took.
#[derive(Debug, Clone, Copy)]
pub struct Span {
    pub library: Library,
    pub what: Label,
    /// 0: the frame; 1: its phases; 2 and below: runs, layout passes and bands.
    pub depth: u8,
    pub start: Duration,
    pub time: Duration,
    pub target: Target,
}

/// One frame's spans.
#[derive(Debug, Clone, Default)]
pub struct FlameFrame {
    pub index: u64,
    pub paint: Duration,
    pub present: Duration,
    /// At most [`SPANS`], in the order they were measured.
    pub spans: Vec<Span>,
    /// Spans that did not fit.
    pub dropped: u32,
}

/// The box of widget `id` in `regions` (of its part `part`, or around all its regions): what a layout pass over it
/// outlines.
fn widget_box(regions: &[Region], id: crate::ui::router::WidgetId, part: Option<u8>) -> Option<Rect> {
    let mut boxes = regions
        .iter()
        .filter(|r| r.target.id == id && part.is_none_or(|p| r.target.part == p) && r.rect.w > 0.0 && r.rect.h > 0.0)
        .map(|r| r.rect);
    let first = boxes.next()?;
    Some(boxes.fold(first, Rect::union))
}

/// The frame looked at before any is kept.
static NO_FRAME: FlameFrame =
    FlameFrame { index: 0, paint: Duration::ZERO, present: Duration::ZERO, spans: Vec::new(), dropped: 0 };

impl FlameFrame {
    fn push(&mut self, span: Span) {
        if self.spans.len() < SPANS {
            self.spans.push(span);
        } else {
            self.dropped += 1;
        }
    }

    fn clear(&mut self) {
        self.spans.clear();
        self.dropped = 0;
    }
}

/// What a frame measured, handed to [`Flame::gather`].
#[derive(Debug, Clone, Copy)]
pub struct Measured<'a> {
    pub index: u64,
    /// When the paint started.
    pub start: Instant,
    pub layout: Duration,
    pub shape: Duration,
    /// When the raster started, after the paint did.
    pub raster_start: Duration,
    pub raster: Duration,
    pub paint: Duration,
    pub bands: &'a [BandTime],
    /// The renderer's work outside the bands: glyphs cached, layers rasterized apart, the base's damage redrawn.
    pub outside_bands: [(&'static str, Duration); 3],
    /// Device pixels per logical unit.
    pub scale: f32,
    /// The frame's regions (logical units), where its layout passes' widgets lie.
    pub regions: &'a [Region],
}

/// The flame: whether it shows, the frame being gathered, the last frame kept, the session's slowest, and what the
/// strip last drew.
#[derive(Debug)]
pub struct Flame {
    shown: bool,
    /// 0: the last frame; k: the k-th slowest.
    pick: usize,
    gathering: FlameFrame,
    /// The last [`RECENT`] frames kept, oldest first; their buffers are reused.
    recent: VecDeque<FlameFrame>,
    /// How many frames were ever kept (the strip's slot of the newest follows from it).
    kept: u64,
    /// Slowest first.
    slowest: Vec<FlameFrame>,
    runs: Vec<runs::Run>,
    passes: Vec<layouts::Pass>,
    /// The last [`HISTORY`] frames kept: their index and paint + present, ms, oldest first.
    history: VecDeque<(u64, f32)>,
    strip: strip::Strip,
}

impl Flame {
    /// A hidden flame, its label font from `fonts`.
    pub fn new(fonts: &crate::fonts::FontBook) -> Flame {
        Flame {
            shown: false,
            pick: 0,
            gathering: FlameFrame { spans: Vec::with_capacity(SPANS), ..FlameFrame::default() },
            recent: VecDeque::with_capacity(RECENT),
            kept: 0,
            slowest: Vec::with_capacity(SLOWEST),
            runs: Vec::with_capacity(runs::RUNS),
            passes: Vec::with_capacity(layouts::PASSES),
            history: VecDeque::with_capacity(HISTORY),
            strip: strip::Strip::new(fonts),
        }
    }

    /// Whether the strip shows.
    pub fn shown(&self) -> bool {
        self.shown
    }

    /// Shows or hides the strip (F5), on the `pick`-th slowest frame (0: the last frame).
    pub fn show(&mut self, on: bool, pick: usize) {
        self.shown = on;
        self.pick = pick;
    }

    /// The frame the strip shows: the last one kept, or one of the slowest.
    pub fn looked_at(&self) -> &FlameFrame {
        match self.pick.checked_sub(1).and_then(|k| self.slowest.get(k)) {
            Some(frame) => frame,
            None => self.last(),
        }
    }

    /// The last frame kept.
    fn last(&self) -> &FlameFrame {
        self.recent.back().unwrap_or(&NO_FRAME)
    }

    /// What the strip shows.
    fn view(&self) -> strip::View<'_> {
        strip::View {
            pick: self.pick,
            looked_at: self.looked_at(),
            recent: &self.recent,
            kept: self.kept,
            history: &self.history,
        }
    }

    /// The session's slowest frames kept, slowest first.
    pub fn slowest(&self) -> &[FlameFrame] {
        &self.slowest
    }

    /// Starts gathering a frame's spans (nothing while hidden).
    pub fn begin(&mut self) {
        if self.shown {
            runs::start();
            layouts::start();
        }
    }

    /// Ends the shaping log once the scene is recorded (its runs are taken at [`Flame::gather`]).
    pub fn scene_done(&mut self) {
        if self.shown {
            let dropped = runs::stop(&mut self.runs) + layouts::stop(&mut self.passes);
            self.gathering.clear();
            self.gathering.dropped = dropped;
        }
    }

    /// Gathers the frame's spans from what it measured (nothing while hidden).
    pub fn gather(&mut self, m: &Measured<'_>) {
        if !self.shown {
            return;
        }
        let frame = &mut self.gathering;
        frame.index = m.index;
        frame.paint = m.paint;
        frame.present = Duration::ZERO;
        let span = |library, what: &str, depth, start, time, target| Span {
            library,
            what: Label::new(what),
            depth,
            start,
            time,
            target,
        };
        frame.push(span(Library::App, "paint", 0, Duration::ZERO, m.paint, Target::None));
        // Yoga's and HarfBuzz's work interleave (text is shaped from measure functions): their totals stand end to
        // end on the phase row, and the runs below at the times they ran.
        frame.push(span(Library::Yoga, "layout", 1, Duration::ZERO, m.layout, Target::None));
        frame.push(span(Library::HarfBuzz, "shape", 1, m.layout, m.shape, Target::None));
        frame.push(span(Library::Blend2D, "raster", 1, m.raster_start, m.raster, Target::None));
        for run in &self.runs {
            let start = run.started.saturating_duration_since(m.start);
            frame.push(Span {
                library: Library::HarfBuzz,
                what: run.text,
                depth: 2,
                start,
                time: run.time,
                target: Target::Run(run.run),
            });
        }
        // Yoga's passes, each a widget's tree (or the chrome's, or a page's), under the shaping runs they may ask for:
        // a pass another thread ran (a card a pool thread took) on a row of its own.
        for pass in &self.passes {
            let (what, target) = match pass.laid {
                layouts::Laid::Widget(id, part) => {
                    let name = match part {
                        Some(part) => Label::new(&format!("{id}#{part}")),
                        None => Label::new(id),
                    };
                    (name, widget_box(m.regions, id, part).map_or(Target::None, Target::Widget))
                }
                layouts::Laid::Part(name) => (Label::new(name), Target::None),
            };
            frame.push(Span {
                library: Library::Yoga,
                what,
                depth: if pass.other_thread { 4 } else { 3 },
                start: pass.started.saturating_duration_since(m.start),
                time: pass.time,
                target,
            });
        }
        // The renderer's stages outside the bands have totals, not times: they stand end to end under the raster.
        let mut at = m.raster_start;
        for (what, time) in m.outside_bands.into_iter().filter(|(_, t)| !t.is_zero()) {
            frame.push(span(Library::Blend2D, what, 3, at, time, Target::None));
            at += time;
        }
        let s = m.scale.max(f32::MIN_POSITIVE);
        for band in m.bands {
            // Bands drawn at once by other threads stand on rows of their own.
            let depth = match band.drawer {
                Drawer::Caller => 2,
                Drawer::Pool(_) => 3,
            };
            let rows = format!("band {}..{}", band.top, band.top + band.height);
            let target = Target::Band { top: band.top as f32 / s, bottom: (band.top + band.height) as f32 / s };
            let start = band.started.saturating_duration_since(m.start);
            frame.push(span(Library::Blend2D, &rows, depth, start, band.time, target));
            // A band's kinds of op have totals: they stand end to end under it.
            let mut at = start;
            for (what, time) in OpKindTimes::NAMES.into_iter().zip(band.kinds.unwrap_or_default()) {
                if !time.is_zero() {
                    frame.push(span(Library::Blend2D, what, 4, at, time, target));
                    at += time;
                }
            }
        }
    }

    /// The frame gathered was counted by the HUD: it becomes the last frame (with its present), and one of the
    /// slowest if it is.
    pub fn keep(&mut self, present: Duration) {
        if !self.shown || self.gathering.spans.is_empty() {
            return;
        }
        let frame = &mut self.gathering;
        frame.present = present;
        let span = Span {
            library: Library::Sdl,
            what: Label::new("present"),
            depth: 1,
            start: frame.paint,
            time: present,
            target: Target::None,
        };
        frame.push(span);
        // The oldest frame's buffer gathers the next one.
        let spare = match self.recent.len() {
            RECENT => self.recent.pop_front().unwrap_or_default(),
            _ => FlameFrame { spans: Vec::with_capacity(SPANS), ..FlameFrame::default() },
        };
        self.recent.push_back(std::mem::replace(&mut self.gathering, spare));
        self.kept += 1;
        self.gathering.clear();
        let last = self.last();
        let (index, paint) = (last.index, last.paint);
        if self.history.len() == HISTORY {
            self.history.pop_front();
        }
        self.history.push_back((index, ((paint + present).as_secs_f64() * 1000.0) as f32));
        if self.slowest.len() < SLOWEST || self.slowest.last().is_some_and(|f| f.paint < paint) {
            let at = self.slowest.partition_point(|f| f.paint >= paint);
            let copy = self.last().clone();
            self.slowest.insert(at, copy);
            self.slowest.truncate(SLOWEST);
        }
    }

    /// The frame gathered was painted only for the flame or the HUD: it is not shown (that would be a change to
    /// show, and so on).
    pub fn drop_frame(&mut self) {
        self.gathering.clear();
    }

    /// Whether the strip shows other than it last drew (another frame, another span under the pointer, another
    /// place): the loop paints a frame for it, which nothing counts.
    pub fn due(&self, pointer: Option<(f32, f32)>, size: (f32, f32)) -> bool {
        self.shown && self.strip.stale(&self.view(), pointer, size)
    }

    /// Records the strip at the bottom of a frame of logical `size` into `list` (nothing while hidden), and the
    /// outline of what the span under `pointer` belongs to.
    pub fn record(
        &mut self,
        fonts: &crate::fonts::FontBook,
        size: (f32, f32),
        pointer: Option<(f32, f32)>,
        list: &mut crate::display_list::DisplayList,
    ) {
        if !self.shown {
            return;
        }
        let view = strip::View {
            pick: self.pick,
            looked_at: match self.pick.checked_sub(1).and_then(|k| self.slowest.get(k)) {
                Some(frame) => frame,
                None => self.recent.back().unwrap_or(&NO_FRAME),
            },
            recent: &self.recent,
            kept: self.kept,
            history: &self.history,
        };
        self.strip.record(&view, fonts, size, pointer, &self.runs, list);
    }

    /// The strip's box where it was last drawn (logical units), if it shows.
    pub fn rect(&self) -> Option<Rect> {
        self.shown.then(|| self.strip.rect())
    }

    /// What the strip shows, in words (its accessible name), or `None` while hidden.
    pub fn describe(&self) -> Option<(Rect, String)> {
        if !self.shown {
            return None;
        }
        let frame = self.looked_at();
        let which = if self.pick == 0 { "the last frame".to_owned() } else { format!("slowest frame {}", self.pick) };
        let name = format!(
            "Flame of {which} ({}): paint {:.2} ms in {} spans: Yoga's layout per pass and widget, HarfBuzz's shaping \
             per run, Blend2D's raster per band, SDL's present",
            frame.index,
            frame.paint.as_secs_f64() * 1000.0,
            frame.spans.len()
        );
        Some((self.strip.rect(), name))
    }

    /// The flame as the report prints it: shown, the frame looked at with its spans, and the slowest frames' paint.
    pub fn report(&self) -> serde_json::Value {
        let ms = |d: Duration| (d.as_secs_f64() * 1e6).round() / 1e3;
        let frame = self.looked_at();
        let spans: Vec<_> = frame
            .spans
            .iter()
            .map(|s| {
                let mut span = serde_json::json!({
                    "library": s.library.name(),
                    "what": s.what.as_str(),
                    "depth": s.depth,
                    "start_ms": ms(s.start),
                    "ms": ms(s.time),
                });
                if let (Target::Widget(r), Some(map)) = (s.target, span.as_object_mut()) {
                    map.insert("widget_box".to_owned(), serde_json::json!([r.x, r.y, r.w, r.h]));
                }
                span
            })
            .collect();
        let slowest: Vec<_> =
            self.slowest.iter().map(|f| serde_json::json!({ "frame": f.index, "paint_ms": ms(f.paint) })).collect();
        let pointed = match self.strip.pointed().filter(|_| self.shown) {
            Some((span, outlined)) => serde_json::json!({
                "library": span.library.name(),
                "what": span.what.as_str(),
                "outlined": outlined.map(|r| [r.x, r.y, r.w, r.h]),
            }),
            None => serde_json::Value::Null,
        };
        let rect = self.rect().map(|r| [r.x, r.y, r.w, r.h]);
        serde_json::json!({
            "shown": self.shown,
            "rect": rect,
            "pointed": pointed,
            "looking_at": if self.pick == 0 { "last".to_owned() } else { format!("slowest {}", self.pick) },
            "frame": frame.index,
            "paint_ms": ms(frame.paint),
            "spans_per_frame": frame.spans.len(),
            "spans_dropped": frame.dropped,
            "spans": spans,
            "slowest": slowest,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display_list::DisplayList;
    use crate::test_support::fonts;

    /// The shaping log is one for the process: the tests that use it take turns.
    static LOG_USERS: std::sync::Mutex<()> = std::sync::Mutex::new(());

    fn take_turn() -> std::sync::MutexGuard<'static, ()> {
        LOG_USERS.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The widget whose layout pass [`kept`] logs, and where its frame's regions put its part 2.
    const LAID: crate::ui::router::WidgetId = "overview.cards";
    const LAID_BOX: Rect = Rect::new(40.0, 60.0, 120.0, 80.0);

    /// A flame shown that kept one frame of two bands (one per half of a 960x640 frame at scale 2), one run and one
    /// layout pass (of part 2 of [`LAID`]).
    fn kept(list: &mut DisplayList) -> (Flame, Instant) {
        let mut flame = Flame::new(fonts());
        flame.show(true, 0);
        let start = Instant::now();
        flame.begin();
        let font = fonts().id(crate::fonts::Face::Sans, 14.0);
        let run = fonts().shape(font, "a run to point at");
        runs::log("a run to point at", start, Duration::from_micros(300), Arc::as_ptr(&run) as usize);
        // A pass long enough to be drawn at least a unit wide.
        layouts::timed(layouts::Laid::Widget(LAID, Some(2)), || std::thread::sleep(Duration::from_micros(400)));
        flame.scene_done();
        list.glyphs(font, 100.0, 50.0, run, crate::geom::Color::rgb(0, 0, 0));
        let ms = Duration::from_millis;
        let kinds = Some([ms(1), Duration::ZERO, Duration::ZERO]);
        let band = |top, at| BandTime {
            top,
            height: 640,
            drawer: Drawer::Caller,
            started: start + ms(at),
            time: ms(2),
            kinds,
        };
        let bands = [band(0, 4), band(640, 6)];
        flame.gather(&Measured {
            index: 7,
            start,
            layout: ms(1),
            shape: ms(1),
            raster_start: ms(3),
            raster: ms(6),
            paint: ms(9),
            bands: &bands,
            outside_bands: [("glyph cache", ms(1)), ("layers", Duration::ZERO), ("base", Duration::ZERO)],
            scale: 2.0,
            regions: &[
                Region::at(LAID, 1, Rect::new(0.0, 0.0, 10.0, 10.0), crate::ui::router::Cursor::Arrow),
                Region::at(LAID, 2, LAID_BOX, crate::ui::router::Cursor::Arrow),
            ],
        });
        flame.keep(ms(1));
        (flame, start)
    }

    /// Where the pointer goes to point at the span `what` of the strip (in a 480x320 logical frame).
    fn at(flame: &Flame, what: &str) -> (f32, f32) {
        let index = flame.looked_at().spans.iter().position(|s| s.what.as_str() == what).expect("the span");
        strip::Strip::centre_of(&flame.view(), (480.0, 320.0), index).expect("the span is drawn")
    }

    /// Pointing at a band's span outlines its rows in the frame (logical units); at a run's, the box of the glyph op
    /// that draws the run; at a layout pass's, the box of the widget (here a part of one) it laid out.
    #[test]
    fn pointing_at_a_span_outlines_what_it_belongs_to() {
        let _turn = take_turn();
        let mut list = DisplayList::new();
        let (mut flame, _) = kept(&mut list);
        let before = list.ops.len();
        let p = at(&flame, "band 640..1280");
        flame.record(fonts(), (480.0, 320.0), Some(p), &mut list);
        let pointed = flame.report()["pointed"].clone();
        assert_eq!(pointed["what"], "band 640..1280", "{pointed}");
        assert_eq!(pointed["outlined"], serde_json::json!([0.0, 320.0, 480.0, 320.0]), "{pointed}");
        // The panel and its rim, the slot's layer (one frame kept), the sweep's marker and the outline.
        assert_eq!(list.ops.len(), before + 5, "{:?}", &list.ops[before..]);
        let mut list2 = DisplayList::new();
        let (mut flame, _) = kept(&mut list2);
        flame.record(fonts(), (480.0, 320.0), Some(at(&flame, "a run to point at")), &mut list2);
        let pointed = flame.report()["pointed"].clone();
        assert_eq!(pointed["library"], "HarfBuzz", "{pointed}");
        let outlined = pointed["outlined"].as_array().expect("an outline");
        assert_eq!((outlined[0].as_f64(), outlined[1].as_f64()), (Some(100.0), Some(36.0)), "{pointed}");
        let mut list3 = DisplayList::new();
        let (mut flame, _) = kept(&mut list3);
        let before = list3.ops.len();
        flame.record(fonts(), (480.0, 320.0), Some(at(&flame, "overview.cards#2")), &mut list3);
        let pointed = flame.report()["pointed"].clone();
        assert_eq!((&pointed["library"], &pointed["what"]), (&"Yoga".into(), &"overview.cards#2".into()), "{pointed}");
        let b = LAID_BOX;
        assert_eq!(pointed["outlined"], serde_json::json!([b.x, b.y, b.w, b.h]), "{pointed}");
        let outline = list3.ops[before..].last();
        assert!(
            matches!(outline, Some(crate::display_list::Op::Hairline { rect, .. }) if *rect == LAID_BOX),
            "the widget's box is outlined in the frame: {outline:?}"
        );
    }

    /// The kept frame's spans: the frame, its phases and present, the run, the stage outside the bands and both
    /// bands; hidden, a frame gathers nothing.
    #[test]
    fn a_kept_frame_has_a_span_per_phase_run_and_band_and_a_hidden_one_none() {
        let _turn = take_turn();
        let (flame, _) = kept(&mut DisplayList::new());
        // Other tests shaping meanwhile may log runs of their own into the frame: ours are looked for in order.
        let whats: Vec<&str> = flame.looked_at().spans.iter().map(|s| s.what.as_str()).collect();
        let expected = [
            "paint",
            "layout",
            "shape",
            "raster",
            "a run to point at",
            "overview.cards#2",
            "glyph cache",
            "band 0..640",
            "fills",
            "band 640..1280",
            "fills",
            "present",
        ];
        let mut rest = whats.iter();
        assert!(expected.iter().all(|e| rest.any(|w| w == e)), "{whats:?}");
        assert_eq!(whats.last(), Some(&"present"), "{whats:?}");
        let mut hidden = Flame::new(fonts());
        hidden.begin();
        hidden.scene_done();
        assert!(!runs::on());
        hidden.keep(Duration::from_millis(1));
        assert!(hidden.looked_at().spans.is_empty() && hidden.slowest().is_empty());
    }

    /// Keeps frame `index` into a shown `flame`: a paint of 0.2 ms, no band, no run.
    fn keep_frame(flame: &mut Flame, index: u64) {
        let start = Instant::now();
        flame.begin();
        flame.scene_done();
        let us = Duration::from_micros;
        let outside_bands = [("glyph cache", Duration::ZERO), ("layers", Duration::ZERO), ("base", Duration::ZERO)];
        let (layout, shape, raster, paint) = (us(20), us(30), us(100), us(200));
        let raster_start = us(90);
        let bands = &[];
        flame.gather(&Measured {
            index,
            start,
            layout,
            shape,
            raster_start,
            raster,
            paint,
            bands,
            outside_bands,
            scale: 1.0,
            regions: &[],
        });
        flame.keep(us(10));
    }

    /// The strip's layers in a recording of `flame` at 1920x1080: each one's key and version.
    fn layers(flame: &mut Flame) -> Vec<(u64, u64)> {
        let mut list = DisplayList::new();
        flame.record(fonts(), (1920.0, 1080.0), None, &mut list);
        let layer = |op: &crate::display_list::Op| match op {
            crate::display_list::Op::Layer { key, version, .. } => Some((key.0, *version)),
            _ => None,
        };
        list.ops.iter().filter_map(layer).collect()
    }

    /// A frame kept draws its own slot and no other layer of the strip; a recording with nothing new to show draws
    /// none, and the strip is not due a frame; once the ring is full, the newest frame takes the oldest's slot.
    #[test]
    fn a_new_frame_draws_its_own_slot_and_nothing_else() {
        let _turn = take_turn();
        let mut flame = Flame::new(fonts());
        flame.show(true, 0);
        for index in 0..3 {
            keep_frame(&mut flame, index);
        }
        let three = layers(&mut flame);
        assert_eq!(three.len(), 3, "{three:?}");
        assert!(!flame.due(None, (1920.0, 1080.0)), "nothing new to show");
        assert_eq!(layers(&mut flame), three, "a recording with nothing new draws no layer again");
        keep_frame(&mut flame, 3);
        assert!(flame.due(None, (1920.0, 1080.0)), "a new frame to show");
        let four = layers(&mut flame);
        let drawn: Vec<_> = four.iter().filter(|layer| !three.contains(layer)).collect();
        assert_eq!((four.len(), drawn.len()), (4, 1), "{three:?} then {four:?}");
        // 1904 units hold 8 slots: from the ninth frame on, each takes the oldest frame's slot.
        for index in 4..9 {
            keep_frame(&mut flame, index);
        }
        let before = layers(&mut flame);
        keep_frame(&mut flame, 9);
        let after = layers(&mut flame);
        let drawn: Vec<_> = after.iter().filter(|layer| !before.contains(layer)).collect();
        assert_eq!((after.len(), drawn.len()), (8, 1), "{before:?} then {after:?}");
    }

    #[test]
    fn a_label_is_cut_at_a_character_boundary() {
        let long = "é".repeat(30);
        let label = Label::new(&long);
        assert_eq!(label.as_str(), "é".repeat(20));
        assert_eq!(Label::new("a\nb").as_str(), "a b");
    }
}
