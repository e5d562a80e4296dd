//! The HUD: where each frame's time went, drawn into the frame with the same stack as the scene.
//!
//! [`HudStats`] keeps a ring of the last [`RING`] frames per [`Phase`] and gives min / median / max in ms, each
//! with a [`Level`] against the phase's share of the 16.7 ms budget: paint ½, raster ¼, layout ⅛, shape ⅛.
//! **present has no level**: on a desktop it can include the compositor's wait, which is not the app's work,
//! so it is shown in a neutral colour and only the frame time (paint + present) is set against the whole budget
//! in the sparkline.
//!
//! [`Hud`] records the panel as one retained layer, in the top-right corner, or the top-left one while the pointer
//! or the focused widget is under it (it never hides what a person points at or types into). It is refreshed on
//! every painted frame whose figures it lacks: a frame counted in the statistics is followed by one painted for the
//! HUD alone, which the statistics do not count (so a still window shows its last frame's figures, then goes idle).
//! The figures are built from glyph runs of single characters shaped once (JetBrains Mono is monospaced, so no
//! kerning is lost), so a refresh costs no shaping and the shaping cache does not grow with every new number.

use std::sync::Arc;
use std::time::Duration;

use crate::clock::BUDGET_MS;
use crate::display_list::{DisplayList, LayerKey, PathCommand, PathData, Stroke};
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId, Rect};

/// How many frames the statistics cover.
pub const RING: usize = 60;

/// A measured phase of a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// layout + shape + raster: everything it takes to have the frame's pixels.
    Paint,
    /// Yoga computing the boxes.
    Layout,
    /// HarfBuzz shaping text.
    Shape,
    /// Blend2D drawing the frame.
    Raster,
    /// SDL putting the frame on screen.
    Present,
}

impl Phase {
    /// Every phase, in HUD row order.
    pub const ALL: [Phase; 5] = [Phase::Paint, Phase::Layout, Phase::Shape, Phase::Raster, Phase::Present];

    /// The row label.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Paint => "paint",
            Phase::Layout => "layout",
            Phase::Shape => "shape",
            Phase::Raster => "raster",
            Phase::Present => "present",
        }
    }

    /// The phase's share of [`BUDGET_MS`] in ms, or `None` for present (no level: see the module docs).
    pub fn budget_ms(self) -> Option<f64> {
        match self {
            Phase::Paint => Some(BUDGET_MS / 2.0),
            Phase::Raster => Some(BUDGET_MS / 4.0),
            Phase::Layout | Phase::Shape => Some(BUDGET_MS / 8.0),
            Phase::Present => None,
        }
    }

    fn index(self) -> usize {
        match self {
            Phase::Paint => 0,
            Phase::Layout => 1,
            Phase::Shape => 2,
            Phase::Raster => 3,
            Phase::Present => 4,
        }
    }
}

/// How a time compares with its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Under 75 % of the budget.
    Ok,
    /// At least 75 % of the budget, not over it.
    Near,
    /// Over the budget.
    Over,
    /// No budget applies (present).
    Neutral,
}

impl Level {
    /// The level of `ms` against `budget_ms` (`None`: [`Level::Neutral`]).
    pub fn of(ms: f64, budget_ms: Option<f64>) -> Level {
        match budget_ms {
            None => Level::Neutral,
            Some(b) if ms > b => Level::Over,
            Some(b) if ms >= 0.75 * b => Level::Near,
            Some(_) => Level::Ok,
        }
    }

    /// The HUD colour of the level.
    pub fn color(self) -> Color {
        match self {
            Level::Ok => Color::rgb(0x6e, 0xe7, 0x8a),
            Level::Near => Color::rgb(0xff, 0xc8, 0x4a),
            Level::Over => Color::rgb(0xff, 0x5c, 0x5c),
            Level::Neutral => Color::rgb(0xc8, 0xd0, 0xdc),
        }
    }
}

/// A fixed-size ring of the last [`RING`] values.
#[derive(Debug, Clone, Default)]
pub struct Ring {
    values: Vec<f64>,
    next: usize,
}

impl Ring {
    /// Adds a value, dropping the oldest once [`RING`] are held.
    pub fn push(&mut self, v: f64) {
        if self.values.len() < RING {
            self.values.push(v);
        } else {
            self.values[self.next] = v;
        }
        self.next = (self.next + 1) % RING;
    }

    /// How many values are held.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether nothing has been measured yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The values oldest first.
    pub fn chronological(&self) -> impl Iterator<Item = f64> + '_ {
        let split = if self.values.len() < RING { 0 } else { self.next };
        self.values[split..].iter().chain(&self.values[..split]).copied()
    }

    /// min / median / max, or `None` until a value was pushed. The median of an even count is the mean of the
    /// two middle values.
    pub fn summary(&self) -> Option<Summary> {
        if self.values.is_empty() {
            return None;
        }
        let mut sorted = self.values.clone();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let median = if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 };
        Some(Summary { min: sorted[0], median, max: sorted[n - 1] })
    }
}

/// min / median / max of a ring, in ms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    pub min: f64,
    pub median: f64,
    pub max: f64,
}

/// One frame's measured phases.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FrameTimes {
    /// Yoga.
    pub layout: Duration,
    /// HarfBuzz.
    pub shape: Duration,
    /// Blend2D.
    pub raster: Duration,
    /// layout + shape + raster (and the recording around them).
    pub paint: Duration,
    /// SDL.
    pub present: Duration,
}

impl FrameTimes {
    /// The duration of one phase.
    pub fn get(&self, phase: Phase) -> Duration {
        match phase {
            Phase::Paint => self.paint,
            Phase::Layout => self.layout,
            Phase::Shape => self.shape,
            Phase::Raster => self.raster,
            Phase::Present => self.present,
        }
    }
}

/// The HUD's statistics: a ring per phase, frame times and frame intervals for fps.
#[derive(Debug, Clone, Default)]
pub struct HudStats {
    phases: [Ring; 5],
    frame_ms: Ring,
    interval_ms: Ring,
    /// The share of the window each painted frame rasterized, in percent.
    damage_pct: Ring,
    /// From the oldest input event a frame handled to that frame presented, ms.
    latency_ms: Ring,
    /// The time a document screen's frame spent computing styles, ms.
    style_ms: Ring,
    /// Counts the frames recorded: the HUD refreshes only when its figures may have changed.
    frames: u64,
}

/// The top corner the HUD stands in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Corner {
    /// Its home.
    #[default]
    TopRight,
    /// While the pointer or the focus is under the top-right one.
    TopLeft,
}

impl Corner {
    /// The report's word for it.
    pub fn name(self) -> &'static str {
        match self {
            Corner::TopRight => "top-right",
            Corner::TopLeft => "top-left",
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

impl HudStats {
    /// Empty statistics: every row shows dashes.
    pub fn new() -> HudStats {
        HudStats::default()
    }

    /// Records one frame's phases.
    pub fn record(&mut self, times: &FrameTimes) {
        for phase in Phase::ALL {
            self.phases[phase.index()].push(ms(times.get(phase)));
        }
        self.frame_ms.push(ms(times.paint + times.present));
        self.frames += 1;
    }

    /// Records the share of the window a painted frame rasterized, in percent.
    pub fn record_damage(&mut self, percent: f64) {
        self.damage_pct.push(percent);
    }

    /// Records how long a frame's oldest input event waited until the frame was presented.
    pub fn record_latency(&mut self, latency: Duration) {
        self.latency_ms.push(ms(latency));
    }

    /// Records the time a document screen's frame spent computing its styles.
    pub fn record_style(&mut self, style: Duration) {
        self.style_ms.push(ms(style));
    }

    /// min / median / max of the time spent computing styles, ms.
    pub fn style(&self) -> Option<Summary> {
        self.style_ms.summary()
    }

    /// min / median / max of the damaged share of the window, percent.
    pub fn damage(&self) -> Option<Summary> {
        self.damage_pct.summary()
    }

    /// min / median / max of input latency, ms.
    pub fn latency(&self) -> Option<Summary> {
        self.latency_ms.summary()
    }

    /// How many frames were recorded.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Records the wall-clock time since the previous frame started (for fps).
    pub fn record_interval(&mut self, interval: Duration) {
        self.interval_ms.push(ms(interval));
    }

    /// min / median / max of a phase over the last [`RING`] frames, `None` until measured.
    pub fn summary(&self, phase: Phase) -> Option<Summary> {
        self.phases[phase.index()].summary()
    }

    /// The levels of a phase's min, median and max.
    pub fn levels(&self, phase: Phase) -> Option<[Level; 3]> {
        let s = self.summary(phase)?;
        let b = phase.budget_ms();
        Some([Level::of(s.min, b), Level::of(s.median, b), Level::of(s.max, b)])
    }

    /// Frames per second over the recorded intervals, `None` until one is recorded.
    pub fn fps(&self) -> Option<f64> {
        if self.interval_ms.is_empty() {
            return None;
        }
        let total: f64 = self.interval_ms.chronological().sum();
        (total > 0.0).then(|| self.interval_ms.len() as f64 * 1000.0 / total)
    }

    /// The last [`RING`] frame times (paint + present) in ms, oldest first.
    pub fn frame_times(&self) -> Vec<f64> {
        self.frame_ms.chronological().collect()
    }
}

/// Formats a time for a HUD cell: "0.82", "12.3", "167" — always 4 characters wide; dashes when unmeasured.
pub fn format_ms(v: Option<f64>) -> String {
    match v {
        None => " -- ".to_owned(),
        Some(v) if v < 9.995 => format!("{v:4.2}"),
        Some(v) if v < 99.95 => format!("{v:4.1}"),
        Some(v) => format!("{:>4}", (v.round() as u64).min(9999)),
    }
}

const FONT_PX: f32 = 12.0;
const ROW_H: f32 = 16.0;
const PAD: f32 = 10.0;
const LABEL_W: f32 = 62.0;
const CELL_W: f32 = 42.0;
const SPARK_H: f32 = 36.0;
const PANEL_W: f32 = PAD * 2.0 + LABEL_W + CELL_W * 3.0;
const PANEL_H: f32 = PAD * 2.0 + ROW_H * 9.0 + 6.0 + SPARK_H;
const HUD_LAYER: LayerKey = LayerKey(0x4855_4400_0000_0001);

/// The gap between the panel and the window's edges.
const MARGIN: f32 = 12.0;

/// The HUD overlay: records itself into a display list.
///
/// The whole panel (chrome, figures, fps, sparkline) is one retained layer whose version changes when the
/// figures are refreshed: whenever the statistics counted a frame since the panel was recorded. A frame that
/// changes nothing the statistics count (one painted for the HUD's or the inspector's figures) costs a blit.
#[derive(Debug)]
pub struct Hud {
    font: FontId,
    visible: bool,
    content: Option<Arc<DisplayList>>,
    version: u64,
    /// The stats' frame count at the last refresh.
    stats_seen: u64,
    frac_x: f32,
    /// The corner the panel was last recorded in.
    corner: Corner,
    /// What the panel must not cover: the pointer and the focused widget's box, in logical units.
    avoid: (Option<(f32, f32)>, Option<Rect>),
    /// The style row is shown (a document screen is: the built-in screens compute no styles).
    styles: bool,
    /// Whether the content was recorded with the style row.
    styles_drawn: bool,
}

impl Hud {
    /// A HUD in JetBrains Mono from `fonts`, visible or hidden (`--no-hud`).
    pub fn new(fonts: &FontBook, visible: bool) -> Hud {
        let font = fonts.id(Face::Mono, FONT_PX);
        Hud {
            font,
            visible,
            content: None,
            version: 0,
            stats_seen: 0,
            frac_x: 0.0,
            corner: Corner::TopRight,
            avoid: (None, None),
            styles: false,
            styles_drawn: false,
        }
    }

    /// Whether the HUD is drawn.
    pub fn visible(&self) -> bool {
        self.visible
    }

    /// Shows or hides the HUD (F1).
    pub fn toggle(&mut self) {
        self.visible = !self.visible;
    }

    /// Shows the style row (the frame draws a document screen) or not.
    pub fn show_styles(&mut self, on: bool) {
        self.styles = on;
    }

    /// Tells the HUD where the pointer is and the focused widget's box (logical units): it leaves the corner they
    /// are under.
    pub fn avoid(&mut self, pointer: Option<(f32, f32)>, focus: Option<Rect>) {
        self.avoid = (pointer, focus);
    }

    /// The corner the panel takes in a frame `width` units wide: the top-right one unless the pointer or the focus
    /// is under it there; then the top-left one, unless they are under that one too.
    pub fn corner_for(&self, width: u32) -> Corner {
        let under = |corner| {
            let r = self.rect_in(corner, width);
            let (pointer, focus) = self.avoid;
            pointer.is_some_and(|(x, y)| r.contains(x, y)) || focus.is_some_and(|f| f.intersection(r).is_some())
        };
        if under(Corner::TopRight) && !under(Corner::TopLeft) { Corner::TopLeft } else { Corner::TopRight }
    }

    /// The panel's rectangle in `corner` of a frame `width` units wide, a row taller with the style row.
    pub fn rect_in(&self, corner: Corner, width: u32) -> Rect {
        let h = if self.styles { PANEL_H + ROW_H } else { PANEL_H };
        let x = match corner {
            Corner::TopRight => width as f32 - PANEL_W - MARGIN,
            Corner::TopLeft => MARGIN,
        };
        Rect::new(x, MARGIN, PANEL_W, h)
    }

    /// The panel's rectangle in a frame `width` units wide, where the next frame records it (the inspector's panel
    /// stands under it).
    pub fn panel(&self, width: u32) -> Rect {
        self.rect_in(self.corner_for(width), width)
    }

    /// The corner the panel was last recorded in.
    pub fn corner(&self) -> Corner {
        self.corner
    }

    /// How many frames of `stats` the panel last recorded shows (0 before its first frame).
    pub fn figures_of(&self) -> u64 {
        self.stats_seen
    }

    /// Whether the panel shows other figures than `stats` has, or stands in the corner it must leave in a frame
    /// `width` units wide: the loop paints a frame for it (which the statistics do not count).
    pub fn due(&self, stats: &HudStats, width: u32) -> bool {
        self.visible
            && self.content.is_some()
            && (stats.frames != self.stats_seen || self.corner_for(width) != self.corner)
    }

    /// Records the HUD for a frame `width` units wide with `stats` into `list` (nothing when hidden).
    pub fn record(&mut self, stats: &HudStats, fonts: &FontBook, width: u32, list: &mut DisplayList) {
        if !self.visible {
            return;
        }
        self.corner = self.corner_for(width);
        let panel = self.rect_in(self.corner, width);
        let stale = self.content.is_none()
            || stats.frames != self.stats_seen
            || panel.x.fract() != self.frac_x
            || self.styles != self.styles_drawn;
        if stale {
            self.content = Some(Arc::new(self.record_panel(stats, fonts)));
            self.version += 1;
            self.stats_seen = stats.frames;
            self.frac_x = panel.x.fract();
            self.styles_drawn = self.styles;
        }
        if let Some(content) = &self.content {
            list.layer(HUD_LAYER, panel, self.version, Arc::clone(content));
        }
    }

    /// The panel's content, relative to its top-left corner.
    fn record_panel(&self, stats: &HudStats, fonts: &FontBook) -> DisplayList {
        let mut list = DisplayList::new();
        let r = Rect::new(0.0, 0.0, PANEL_W, if self.styles { PANEL_H + ROW_H } else { PANEL_H });
        list.fill_round_rect(r, 8.0, Color(0xec_10_14_1c));
        list.hairline(r, 8.0, Color(0x60_ff_ff_ff));
        let ascent = FONT_PX * 0.8;
        let header = Color::rgb(0x8a, 0x94, 0xa6);
        for (col, name) in ["min", "med", "max"].into_iter().enumerate() {
            let run = fonts.shape(self.font, name);
            let x = PAD + LABEL_W + CELL_W * col as f32 + 4.0;
            list.glyphs(self.font, x, PAD + ascent, run, header);
        }
        let label = Color::rgb(0xe6, 0xea, 0xf0);
        let names = Phase::ALL.iter().map(|p| p.name()).chain(["damage %", "input", "fps"]);
        for (row, name) in names.enumerate() {
            let run = fonts.shape(self.font, name);
            let y = PAD + ROW_H * (row as f32 + 1.0) + ascent;
            list.glyphs(self.font, PAD, y, run, label);
        }
        for (row, phase) in Phase::ALL.into_iter().enumerate() {
            let y = PAD + ROW_H * (row as f32 + 1.0) + ascent;
            let summary = stats.summary(phase);
            let levels = stats.levels(phase);
            let values = [summary.map(|s| s.min), summary.map(|s| s.median), summary.map(|s| s.max)];
            for (col, value) in values.into_iter().enumerate() {
                let color = levels.map_or(Level::Neutral.color(), |l| l[col].color());
                let x = PAD + LABEL_W + CELL_W * col as f32;
                self.text(fonts, &mut list, &format_ms(value), x, y, color);
            }
        }
        // The damaged share of the window (percent), and input latency (ms) against one frame of the budget.
        let extra = [(stats.damage(), None), (stats.latency(), Some(BUDGET_MS))];
        for (row, (summary, budget)) in extra.into_iter().enumerate() {
            let y = PAD + ROW_H * (row as f32 + 6.0) + ascent;
            let values = [summary.map(|s| s.min), summary.map(|s| s.median), summary.map(|s| s.max)];
            for (col, value) in values.into_iter().enumerate() {
                let color = value.map_or(Level::Neutral.color(), |v| Level::of(v, budget).color());
                let x = PAD + LABEL_W + CELL_W * col as f32;
                self.text(fonts, &mut list, &format_ms(value), x, y, color);
            }
        }
        // A document's styles, under fps, against the share of the budget layout and shaping have.
        if self.styles {
            let y = PAD + ROW_H * 9.0 + ascent;
            self.text_run(fonts, &mut list, "style", PAD, y, label);
            let summary = stats.style();
            let values = [summary.map(|s| s.min), summary.map(|s| s.median), summary.map(|s| s.max)];
            for (col, value) in values.into_iter().enumerate() {
                let color = value.map_or(Level::Neutral.color(), |v| Level::of(v, Some(BUDGET_MS / 8.0)).color());
                let x = PAD + LABEL_W + CELL_W * col as f32;
                self.text(fonts, &mut list, &format_ms(value), x, y, color);
            }
        }
        let fps_y = PAD + ROW_H * 8.0 + ascent;
        let fps = stats.fps().map_or_else(|| " --".to_owned(), |f| format!("{:3}", f.round().min(999.0) as u32));
        self.text(fonts, &mut list, &fps, PAD + LABEL_W, fps_y, Level::Neutral.color());
        self.sparkline(stats, r, &mut list);
        list
    }

    /// Records the label `text`, shaped.
    fn text_run(&self, fonts: &FontBook, list: &mut DisplayList, text: &str, x: f32, y: f32, color: Color) {
        let run = fonts.shape(self.font, text);
        list.glyphs(self.font, x, y, run, color);
    }

    /// Records the figure `text` ([`FontBook::compose`]) at baseline (x, y).
    fn text(&self, fonts: &FontBook, list: &mut DisplayList, text: &str, x: f32, y: f32, color: Color) {
        let run = fonts.compose(self.font, text);
        if !run.is_empty() {
            list.glyphs(self.font, x, y, run, color);
        }
    }

    /// The sparkline of the last frames' times with the budget line, at the bottom of `panel`.
    fn sparkline(&self, stats: &HudStats, panel: Rect, list: &mut DisplayList) {
        let area = Rect::new(panel.x + PAD, panel.bottom() - PAD - SPARK_H, panel.w - 2.0 * PAD, SPARK_H);
        list.fill_rect(area, Color(0x40_00_00_00));
        let top = BUDGET_MS * 2.0;
        let y_of = |v: f64| area.bottom() - (v.min(top) / top) as f32 * area.h;
        let budget_y = y_of(BUDGET_MS);
        list.fill_rect(Rect::new(area.x, budget_y - 0.5, area.w, 1.0), Level::Over.color().with_alpha(0xb0));
        let times = stats.frame_times();
        if times.len() < 2 {
            return;
        }
        let step = area.w / (RING - 1) as f32;
        let x0 = area.right() - step * (times.len() - 1) as f32;
        let mut line = PathData::default();
        for (i, v) in times.iter().enumerate() {
            let p = (x0 + step * i as f32, y_of(*v));
            line.commands.push(if i == 0 { PathCommand::MoveTo(p.0, p.1) } else { PathCommand::LineTo(p.0, p.1) });
        }
        let worst = times.iter().copied().fold(0.0, f64::max);
        let color = Level::of(worst, Some(BUDGET_MS)).color();
        list.stroke_path(line, Stroke { width: 1.5, round: true }, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn times(paint_ms: f64) -> FrameTimes {
        let d = |ms: f64| Duration::from_secs_f64(ms / 1000.0);
        FrameTimes {
            layout: d(paint_ms / 8.0),
            shape: d(paint_ms / 8.0),
            raster: d(paint_ms / 2.0),
            paint: d(paint_ms),
            present: d(0.1),
        }
    }

    #[test]
    fn ring_keeps_the_last_sixty() {
        let mut ring = Ring::default();
        assert!(ring.summary().is_none());
        for v in 0..100 {
            ring.push(f64::from(v));
        }
        assert_eq!(ring.len(), RING);
        let s = ring.summary().unwrap();
        assert_eq!((s.min, s.max), (40.0, 99.0));
        assert_eq!(s.median, (69.0 + 70.0) / 2.0);
        let values: Vec<f64> = ring.chronological().collect();
        assert_eq!(values.first(), Some(&40.0));
        assert_eq!(values.last(), Some(&99.0));
        assert!(values.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn the_style_row_shows_dashes_until_a_document_frame_is_measured() {
        let mut stats = HudStats::new();
        assert_eq!(stats.style(), None);
        stats.record_style(Duration::from_micros(50));
        stats.record_style(Duration::from_micros(30));
        let s = stats.style().unwrap_or_else(|| panic!("no style summary"));
        assert!((s.min - 0.03).abs() < 1e-9 && (s.max - 0.05).abs() < 1e-9, "{s:?}");
    }

    #[test]
    fn median_of_odd_count() {
        let mut ring = Ring::default();
        for v in [5.0, 1.0, 3.0] {
            ring.push(v);
        }
        assert_eq!(ring.summary(), Some(Summary { min: 1.0, median: 3.0, max: 5.0 }));
    }

    #[test]
    fn levels_against_budget_shares() {
        // paint's share is 8.35 ms: 75 % is 6.2625 ms.
        assert_eq!(Level::of(6.0, Phase::Paint.budget_ms()), Level::Ok);
        assert_eq!(Level::of(6.3, Phase::Paint.budget_ms()), Level::Near);
        assert_eq!(Level::of(8.35, Phase::Paint.budget_ms()), Level::Near);
        assert_eq!(Level::of(8.4, Phase::Paint.budget_ms()), Level::Over);
        // raster's share is 4.175 ms, layout's and shape's 2.0875 ms.
        assert_eq!(Level::of(3.2, Phase::Raster.budget_ms()), Level::Near);
        assert_eq!(Level::of(3.0, Phase::Raster.budget_ms()), Level::Ok);
        assert_eq!(Level::of(2.1, Phase::Layout.budget_ms()), Level::Over);
        assert_eq!(Level::of(1.5, Phase::Shape.budget_ms()), Level::Ok);
        assert_eq!(Level::of(100.0, Phase::Present.budget_ms()), Level::Neutral);
    }

    #[test]
    fn stats_per_phase_and_dashes_until_measured() {
        let mut stats = HudStats::new();
        assert!(stats.summary(Phase::Paint).is_none());
        assert!(stats.fps().is_none());
        assert_eq!(format_ms(None), " -- ");
        for ms in [1.0, 2.0, 12.0] {
            stats.record(&times(ms));
            stats.record_interval(Duration::from_millis(20));
        }
        let paint = stats.summary(Phase::Paint).unwrap();
        assert!((paint.median - 2.0).abs() < 1e-9);
        assert_eq!(stats.levels(Phase::Paint), Some([Level::Ok, Level::Ok, Level::Over]));
        assert_eq!(stats.levels(Phase::Raster), Some([Level::Ok, Level::Ok, Level::Over]));
        assert!((stats.fps().unwrap() - 50.0).abs() < 1e-6);
        assert_eq!(stats.frame_times().len(), 3);
        assert!((stats.frame_times()[2] - 12.1).abs() < 1e-6);
    }

    #[test]
    fn cells_are_four_wide() {
        for v in [0.0, 0.824, 9.99, 12.34, 99.9, 167.0, 123_456.0] {
            assert_eq!(format_ms(Some(v)).chars().count(), 4, "{v}");
        }
        assert_eq!(format_ms(Some(0.824)), "0.82");
        assert_eq!(format_ms(Some(12.34)), "12.3");
    }
}
