//! `--record FILE`: the frame loop's recorder. It keeps the input events a frame handled (a password field's text
//! as dots) and, once the frame is presented, writes the frame (its list lent by the painter, not copied) through
//! [`crate::recording::Writer`]. A write that fails stops the recording with one warning and leaves `FILE.part`
//! readable up to its last whole frame; the run goes on.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::frame::{PaintedFrame, Painter};
use crate::hud::FrameTimes;
use crate::recording::{Frame, Header, Painted, Timings, WarmUp, Writer};
use crate::shell::cli::RunError;
use crate::ui::input::UiEvent;

/// The report's `recording`: where it went, how many frames and bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RecordingEntry {
    pub path: String,
    pub frames: u64,
    pub bytes: u64,
}

/// A run's recorder (see the module docs).
#[derive(Debug)]
pub struct Recorder {
    writer: Option<Writer>,
    path: PathBuf,
    /// The events handled since the last frame written.
    events: Vec<UiEvent>,
    /// What writing the last frame cost, written with the next.
    cost: Duration,
}

impl Recorder {
    /// Starts `FILE.part` with the run's header and the painter's warm-up (exit 6 when it cannot be created).
    pub fn start(path: &Path, header: &Header, warm: WarmUp) -> Result<Recorder, RunError> {
        let mut writer = Writer::create(path, header).map_err(|e| RunError::output(path, e))?;
        writer.warm_up(&warm).map_err(|e| RunError::output(path, e))?;
        Ok(Recorder { writer: Some(writer), path: path.to_owned(), events: Vec::new(), cost: Duration::ZERO })
    }

    /// Keeps an event the frame handles; `secret`: the focus is in a password field.
    pub fn event(&mut self, event: &UiEvent, secret: bool) {
        if self.writer.is_some() {
            self.events.push(crate::recording::events::redacted(event, secret));
        }
    }

    /// Writes a painted frame: `at` is its index, its scale and whether its target was new; `times` its phases,
    /// present included. The painter's list is lent and put back.
    pub fn painted(&mut self, at: (u64, f32, bool), painter: &mut Painter, painted: &PaintedFrame, times: &FrameTimes) {
        let (index, scale, fresh) = at;
        if self.writer.is_none() {
            return;
        }
        let start = Instant::now();
        let (width, height) = painted.size;
        let raster = &painter.raster;
        let shown = Painted {
            width,
            height,
            scale,
            fresh,
            cold: painted.cold,
            hud: painter.hud_ops(),
            damage: painted.damage.rects().to_vec(),
            frame_damage: painted.frame_damage.rects().to_vec(),
            moved: painted.moved,
            bands: raster.band_edges().to_vec(),
            layers: raster.layer_fates().to_vec(),
            list: std::mem::take(painter.list_mut()),
        };
        let frame = self.frame(index, times, Some(shown));
        self.write(&frame);
        if let Some(p) = frame.painted {
            *painter.list_mut() = p.list;
        }
        self.cost = start.elapsed();
    }

    /// Writes an idle frame (its events only).
    pub fn idle(&mut self, index: u64) {
        if self.writer.is_none() {
            return;
        }
        let start = Instant::now();
        let frame = self.frame(index, &FrameTimes::default(), None);
        self.write(&frame);
        self.cost = start.elapsed();
    }

    fn frame(&mut self, index: u64, t: &FrameTimes, painted: Option<Painted>) -> Frame {
        let timings = Timings {
            layout: t.layout,
            shape: t.shape,
            raster: t.raster,
            paint: t.paint,
            present: t.present,
            recording: self.cost,
        };
        Frame { index, events: std::mem::take(&mut self.events), timings, painted }
    }

    fn write(&mut self, frame: &Frame) {
        let Some(writer) = self.writer.as_mut() else { return };
        if let Err(e) = writer.frame(frame) {
            let _ = writeln!(
                std::io::stderr(),
                "goldberry: the recording stops at frame {}: {e}; {}.part keeps the frames before",
                frame.index,
                self.path.display()
            );
            self.writer = None;
        }
    }

    /// Renames `FILE.part` to `FILE` and says what it holds; `None` when a failed write stopped it.
    pub fn finish(self) -> Result<Option<RecordingEntry>, RunError> {
        let Some(writer) = self.writer else { return Ok(None) };
        let (frames, bytes) = (writer.frames(), writer.bytes());
        let path = writer.finish().map_err(|e| RunError::output(&self.path, e))?;
        Ok(Some(RecordingEntry { path: path.display().to_string(), frames, bytes }))
    }
}
