//! The caret's blink, every editor's: it shows for [`BLINK_S`] from the moment it last moved, then hides as long,
//! and so on, so that a caret a person just moved is always seen.

/// How long the caret shows, then hides, seconds.
pub const BLINK_S: f64 = 0.53;

/// Whether a caret that last moved at `since` shows at `now`.
pub fn on(since: f64, now: f64) -> bool {
    (((now - since).max(0.0) / BLINK_S) as u64).is_multiple_of(2)
}

/// When a caret that last moved at `since` next turns on or off after `now`.
pub fn after(since: f64, now: f64) -> f64 {
    let elapsed = (now - since).max(0.0);
    since + ((elapsed / BLINK_S).floor() + 1.0) * BLINK_S
}
