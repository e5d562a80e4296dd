//! The Yoga layout passes of the frame being painted, logged for the flame (F5) with the widget each lays out: off
//! unless the strip shows, so a pass while it is hidden pays one relaxed load.
//!
//! A pass is one `calculate` over one Yoga tree: the frame's own (the chrome), a screen's page, and where a widget
//! has a tree of its own (each of the overview's cards), that widget's. Yoga lays a tree out in one call, so a
//! widget whose nodes share a tree with others (the kit's) is inside its page's span, not one of its own.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use crate::ui::router::WidgetId;

/// How many passes one frame logs; the rest are counted, not kept.
pub const PASSES: usize = 32;

/// What a pass laid out: a widget (or one part of it, a card of the cards), or a part of the frame no widget owns
/// (the chrome), which has no box to outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Laid {
    Widget(WidgetId, Option<u8>),
    Part(&'static str),
}

/// One layout pass: what it laid out, whether another thread than the frame's ran it (a card a pool thread took),
/// when it started and how long it took.
#[derive(Debug, Clone, Copy)]
pub struct Pass {
    pub laid: Laid,
    pub other_thread: bool,
    pub started: Instant,
    pub time: Duration,
}

/// The passes logged since [`start`], how many did not fit, and the thread that started the log (the frame's).
struct Log {
    passes: Vec<Pass>,
    dropped: u32,
    frame_thread: Option<ThreadId>,
}

/// Whether passes are logged.
static ON: AtomicBool = AtomicBool::new(false);

static LOG: Mutex<Log> = Mutex::new(Log { passes: Vec::new(), dropped: 0, frame_thread: None });

fn log() -> std::sync::MutexGuard<'static, Log> {
    LOG.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Starts logging the passes of one frame, painted on this thread (earlier ones are dropped).
pub fn start() {
    let mut log = log();
    log.passes.clear();
    log.passes.reserve(PASSES);
    log.dropped = 0;
    log.frame_thread = Some(std::thread::current().id());
    ON.store(true, Ordering::Relaxed);
}

/// Stops logging and moves the frame's passes into `into` (cleared first); returns how many did not fit.
pub fn stop(into: &mut Vec<Pass>) -> u32 {
    ON.store(false, Ordering::Relaxed);
    let mut log = log();
    into.clear();
    into.extend_from_slice(&log.passes);
    log.passes.clear();
    log.dropped
}

/// Runs `pass`, a layout pass over what `laid` names, timed and logged while the strip shows.
#[inline]
pub fn timed<T>(laid: Laid, pass: impl FnOnce() -> T) -> T {
    if !ON.load(Ordering::Relaxed) {
        return pass();
    }
    let started = Instant::now();
    let out = pass();
    let time = started.elapsed();
    let mut log = log();
    let other_thread = log.frame_thread != Some(std::thread::current().id());
    if log.passes.len() < PASSES {
        log.passes.push(Pass { laid, other_thread, started, time });
    } else {
        log.dropped += 1;
    }
    out
}
