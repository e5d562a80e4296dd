//! The shaping runs of the frame being painted, logged for the flame (F5): off unless the strip shows, so a shaping
//! call while it is hidden pays one relaxed load.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::Label;

/// How many runs one frame logs; the rest are counted, not kept.
pub const RUNS: usize = 48;

/// One shaping call: its text, when it started, how long it took and the run it gave (its address, to find where it
/// is drawn; 0 when the call gave lines rather than one run).
#[derive(Debug, Clone, Copy)]
pub struct Run {
    pub text: Label,
    pub started: Instant,
    pub time: Duration,
    pub run: usize,
}

/// Whether runs are logged.
static ON: AtomicBool = AtomicBool::new(false);

/// The runs logged since [`start`], and how many did not fit.
static LOG: Mutex<(Vec<Run>, u32)> = Mutex::new((Vec::new(), 0));

/// Starts logging the runs of one frame (earlier ones are dropped).
pub fn start() {
    let mut log = LOG.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    log.0.clear();
    log.0.reserve(RUNS);
    log.1 = 0;
    ON.store(true, Ordering::Relaxed);
}

/// Stops logging and moves the frame's runs into `into` (cleared first); returns how many did not fit.
pub fn stop(into: &mut Vec<Run>) -> u32 {
    ON.store(false, Ordering::Relaxed);
    let mut log = LOG.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    into.clear();
    into.extend_from_slice(&log.0);
    let dropped = log.1;
    log.0.clear();
    dropped
}

/// Whether a shaping call should log itself (the one check a call pays while the strip is hidden).
#[inline]
pub fn on() -> bool {
    ON.load(Ordering::Relaxed)
}

/// Logs one shaping call (only while [`on`]).
pub fn log(text: &str, started: Instant, time: Duration, run: usize) {
    let mut log = LOG.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if log.0.len() < RUNS {
        log.0.push(Run { text: Label::new(text), started, time, run });
    } else {
        log.1 += 1;
    }
}
