//! `--record FILE`: the frame loop's recorder. It keeps the input events a frame handled (a password field's text
//! as dots) and, once the frame is presented, hands the frame (its list taken from the painter, not copied) to a
//! thread of its own, which encodes it and writes it through [`crate::recording::Writer`]. A write
//! that fails stops the recording with one warning and leaves `FILE.part` readable up to its last whole frame; the
//! run goes on.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
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

/// How long the recorder's thread sleeps between two looks at the frames handed over: it is never woken by the
/// frame loop, whose core a woken thread would take (measured: the hand-over then cost a frame the thread's whole
/// encoding), and a killed run loses at most this much of its end.
const LOOK_EVERY: Duration = Duration::from_millis(4);

/// The frames handed over and not yet written, and whether the run ended.
#[derive(Debug, Default)]
struct Queue {
    frames: Mutex<Vec<Frame>>,
    ended: AtomicBool,
    /// The thread stopped at a failed write.
    failed: AtomicBool,
}

/// A run's recorder (see the module docs).
#[derive(Debug)]
pub struct Recorder {
    /// The recorder's thread and the queue to it; `None` once a write failed.
    thread: Option<(Arc<Queue>, JoinHandle<Written>)>,
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
        let queue = Arc::new(Queue::default());
        let (theirs, shown) = (Arc::clone(&queue), path.to_owned());
        let thread = std::thread::Builder::new()
            .name("recorder".into())
            .spawn(move || write_frames(writer, &theirs, &shown))
            .map_err(|e| RunError::output(path, format!("cannot start the recorder's thread: {e}")))?;
        Ok(Recorder { thread: Some((queue, thread)), path: path.to_owned(), events: Vec::new(), cost: Duration::ZERO })
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
            list: crate::recording::redact::redacted(painter.take_list()),
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
        let Some((queue, _)) = &self.thread else { return };
        if queue.failed.load(Ordering::Relaxed) {
            // The thread stopped at a failed write (and said so): nothing more is recorded.
            self.thread = None;
            return;
        }
        queue.frames.lock().unwrap_or_else(PoisonError::into_inner).push(frame);
    }

    /// Waits for the recorder's thread, renames `FILE.part` to `FILE` and says what it holds; `None` when a failed
    /// write stopped it.
    pub fn finish(self) -> Result<Option<RecordingEntry>, RunError> {
        let Some((queue, thread)) = self.thread else { return Ok(None) };
        queue.ended.store(true, Ordering::Release);
        let Ok(Some(writer)) = thread.join() else { return Ok(None) };
        let (frames, bytes) = (writer.frames(), writer.bytes());
        let path = writer.finish().map_err(|e| RunError::output(&self.path, e))?;
        Ok(Some(RecordingEntry { path: path.display().to_string(), frames, bytes }))
    }
}

/// The recorder's thread: every [`LOOK_EVERY`] it takes the frames handed over and encodes and writes each, each
/// with what the one before cost it; it stops at the first write that fails, saying so, and when the run ended and
/// nothing is left.
fn write_frames(mut writer: Writer, queue: &Queue, path: &Path) -> Written {
    let mut writing = Duration::ZERO;
    let mut taken = Vec::new();
    loop {
        let ended = queue.ended.load(Ordering::Acquire);
        std::mem::swap(&mut *queue.frames.lock().unwrap_or_else(PoisonError::into_inner), &mut taken);
        for mut frame in taken.drain(..) {
            let start = Instant::now();
            frame.timings.writing = writing;
            if let Err(e) = writer.frame(&frame) {
                let _ = writeln!(
                    std::io::stderr(),
                    "goldberry: the recording stops at frame {}: {e}; {}.part keeps the frames before",
                    frame.index,
                    path.display()
                );
                queue.failed.store(true, Ordering::Relaxed);
                return None;
            }
            writing = start.elapsed();
        }
        if ended {
            return Some(writer);
        }
        std::thread::sleep(LOOK_EVERY);
    }
}
