//! Transitions running on the frame clock: a colour that a restyle changes eases from what was shown to the new
//! value over the duration its new style gives ([`super::transition`]), interpolated in OKLCH
//! ([`super::colour::mix_oklch`]), after the delay it gives (the colour shown holds until then). Time is the frame's (`index / 60` s headless), never the wall clock, so a golden
//! or a test sees the same colour at the same frame on every run. A change in the middle of a transition starts
//! from the colour shown, so a pointer that leaves mid-fade fades back without a jump.

use super::colour::mix_oklch;
use super::transition::{Easing, Timing};
use crate::geom::Color;

/// One colour on its way.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Running {
    from: Color,
    start: f64,
    /// How long it holds `from` first, s (negative: it starts that far in).
    delay: f64,
    duration: f64,
    easing: Easing,
}

impl Running {
    /// Whether it has ended at `now` (a microsecond's slack: durations are read as f32 and frame times are sums of
    /// floats, so 1.0 + 0.1 s is a hair over 1.1).
    fn done(&self, now: f64) -> bool {
        now - self.start >= self.delay + self.duration.max(0.0) - 1e-6
    }
}

/// The colours a page shows in slots of its choosing (a widget's colours, each a slot), and those on their way to a
/// new value. Slots are indices, not hashed keys: a frame asks for every colour of every widget it draws.
#[derive(Debug, Clone, Default)]
pub struct Animator {
    /// The value each slot was last asked to show, and its transition if one runs.
    shown: Vec<Option<(Color, Option<Running>)>>,
}

impl Animator {
    /// The colour to draw `key` with at `now`, its style now saying `to` and changing as `how` says (None: it
    /// snaps). The first time a key is asked, it shows `to` at once.
    pub fn colour(&mut self, slot: usize, to: Color, how: Option<Timing>, now: f64) -> Color {
        if self.shown.len() <= slot {
            self.shown.resize(slot + 1, None);
        }
        let entry = &mut self.shown[slot];
        let Some((target, running)) = entry else {
            *entry = Some((to, None));
            return to;
        };
        if *target != to {
            // Where it stands now is where the new transition starts from.
            let from = value(*target, *running, now);
            *running = how.map(|t| Running {
                from,
                start: now,
                delay: f64::from(t.delay),
                duration: f64::from(t.duration),
                easing: t.easing,
            });
            *target = to;
        }
        if running.is_some_and(|r| r.done(now)) {
            *running = None;
        }
        value(to, *running, now)
    }

    /// Whether a transition still runs at `now` (the frame after needs painting).
    pub fn running(&self, now: f64) -> bool {
        self.shown.iter().flatten().any(|(_, r)| r.is_some_and(|r| !r.done(now)))
    }

    /// Forgets every slot (a new version of the page).
    pub fn clear(&mut self) {
        self.shown.clear();
    }
}

/// The colour shown at `now` of a key going to `to`.
fn value(to: Color, running: Option<Running>, now: f64) -> Color {
    match running {
        Some(r) if !r.done(now) => {
            let gone = now - r.start - r.delay;
            if gone <= 0.0 || r.duration <= 0.0 {
                return r.from;
            }
            mix_oklch(r.from, to, r.easing.at((gone / r.duration) as f32))
        }
        _ => to,
    }
}
