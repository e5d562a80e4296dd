//! `--record FILE`: the frame loop's recorder. It keeps the input events a frame handled (a password field's text
//! as dots) and, once the frame is presented, hands the frame (its list taken from the painter, not copied) to a
//! thread of its own, which encodes it and writes it through [`crate::recording::Writer`]. A write
//! that fails stops the recording with one warning and leaves `FILE.part` readable up to its last whole frame; the
//! run goes on.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
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
    /// The recorder's thread and the way to it; `None` once a write failed.
    thread: Option<(Sender<Frame>, JoinHandle<Written>)>,
    path: PathBuf,
    /// The events handled since the last frame handed over.
    events: Vec<UiEvent>,
    /// What handing the last frame over cost, written with the next.
    cost: Duration,
}

/// What the recorder's thread leaves: the writer, unless a write failed (said on stderr when it did).
type Written = Option<Writer>;

impl Recorder {
    /// Starts `FILE.part` with the run's header and the painter's warm-up (exit 6 when it cannot be created), and
    /// the thread that writes the frames.
    pub fn start(path: &Path, header: &Header, warm: WarmUp) -> Result<Recorder, RunError> {
        let mut writer = Writer::create(path, header).map_err(|e| RunError::output(path, e))?;
        writer.warm_up(&warm).map_err(|e| RunError::output(path, e))?;
        let (to_thread, frames) = channel();
        let shown = path.to_owned();
        let thread = std::thread::Builder::new()
            .name("recorder".into())
            .spawn(move || write_frames(writer, &frames, &shown))
            .map_err(|e| RunError::output(path, format!("cannot start the recorder's thread: {e}")))?;
        Ok(Recorder {
            thread: Some((to_thread, thread)),
            path: path.to_owned(),
            events: Vec::new(),
            cost: Duration::ZERO,
        })
    }

    /// Keeps an event the frame handles; `secret`: the focus is in a password field.
    pub fn event(&mut self, event: &UiEvent, secret: bool) {
        if self.thread.is_some() {
            self.events.push(crate::recording::events::redacted(event, secret));
        }
    }

    /// Hands a painted frame over: `at` is its index, its scale and whether its target was new; `times` its
    /// phases, present included.
    pub fn painted(&mut self, at: (u64, f32, bool), painter: &mut Painter, painted: &PaintedFrame, times: &FrameTimes) {
        if self.thread.is_none() {
            return;
        }
        let (index, scale, fresh) = at;
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
            list: painter.take_list(),
        };
        let frame = self.frame(index, times, Some(shown));
        self.send(frame);
        self.cost = start.elapsed();
    }

    /// Hands an idle frame (its events only) over.
    pub fn idle(&mut self, index: u64) {
        if self.thread.is_none() {
            return;
        }
        let start = Instant::now();
        let frame = self.frame(index, &FrameTimes::default(), None);
        self.send(frame);
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
            writing: Duration::ZERO,
        };
        Frame { index, events: std::mem::take(&mut self.events), timings, painted }
    }

    fn send(&mut self, frame: Frame) {
        let gone = self.thread.as_ref().is_some_and(|(to_thread, _)| to_thread.send(frame).is_err());
        if gone {
            // The thread stopped at a failed write (and said so): nothing more is recorded.
            self.thread = None;
        }
    }

    /// Waits for the recorder's thread, renames `FILE.part` to `FILE` and says what it holds; `None` when a failed
    /// write stopped it.
    pub fn finish(self) -> Result<Option<RecordingEntry>, RunError> {
        let Some((to_thread, thread)) = self.thread else { return Ok(None) };
        drop(to_thread);
        let Ok(Some(writer)) = thread.join() else { return Ok(None) };
        let (frames, bytes) = (writer.frames(), writer.bytes());
        let path = writer.finish().map_err(|e| RunError::output(&self.path, e))?;
        Ok(Some(RecordingEntry { path: path.display().to_string(), frames, bytes }))
    }
}

/// The recorder's thread: encodes and writes each frame as it comes, each with what the one before cost it; stops
/// at the first write that fails, saying so.
fn write_frames(mut writer: Writer, frames: &Receiver<Frame>, path: &Path) -> Written {
    let mut writing = Duration::ZERO;
    for mut frame in frames {
        let start = Instant::now();
        frame.timings.writing = writing;
        if let Err(e) = writer.frame(&frame) {
            let _ = writeln!(
                std::io::stderr(),
                "goldberry: the recording stops at frame {}: {e}; {}.part keeps the frames before",
                frame.index,
                path.display()
            );
            return None;
        }
        writing = start.elapsed();
    }
    Some(writer)
}
