//! When a tooltip shows: the widget part under the pointer, since when, and whether a press or a key dismissed it.
//! A tooltip shows once the pointer has rested on the same part for [`TOOLTIP_DELAY_S`]; the frame loop sleeps
//! until then rather than polling ([`Hover::next`]).

use crate::geom::Rect;
use crate::ui::router::Target;

/// How long the pointer rests on a widget before its tooltip shows, s.
pub const TOOLTIP_DELAY_S: f64 = 0.5;

/// A tooltip to draw: its words, under the box of the part it is for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tip {
    /// What it says.
    pub text: &'static str,
    /// The hovered part's box, window pixels.
    pub anchor: Rect,
    /// The part it is for.
    pub target: Target,
}

/// The hover a tooltip waits on (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Hover {
    /// The part hovered and the frame time it became so.
    on: Option<(Target, f64)>,
    /// A press or a key since: no tooltip until the pointer moves onto another part.
    dismissed: bool,
    /// The part whose tooltip the last frame painted showed.
    shown: Option<Target>,
}

impl Hover {
    /// The pointer is over `hovered` at `now`: a new part starts the wait again.
    pub fn follow(&mut self, hovered: Option<Target>, now: f64) {
        if self.on.map(|(t, _)| t) != hovered {
            self.on = hovered.map(|t| (t, now));
            self.dismissed = false;
        }
    }

    /// The part a tooltip waits on, or shows.
    pub fn waiting(&self) -> Option<Target> {
        self.on.map(|(t, _)| t)
    }

    /// A press or a key: the tooltip goes, and stays away while the pointer stays.
    pub fn dismiss(&mut self) {
        self.dismissed = true;
    }

    /// The part whose tooltip is due at `now`, if the wait is over and nothing dismissed it.
    pub fn due(&self, now: f64) -> Option<Target> {
        self.on.filter(|(_, since)| !self.dismissed && now >= since + TOOLTIP_DELAY_S).map(|(t, _)| t)
    }

    /// When the waiting tooltip shows, if one waits and has not shown yet.
    pub fn next(&self, now: f64) -> Option<f64> {
        self.on.filter(|_| !self.dismissed).map(|(_, since)| since + TOOLTIP_DELAY_S).filter(|at| *at > now)
    }

    /// The part whose tooltip the last frame painted showed.
    pub fn shown(&self) -> Option<Target> {
        self.shown
    }

    /// Remembers that the frame about to be painted shows `tip`'s part; true when that differs from the last.
    pub fn changed(&mut self, tip: Option<Target>) -> bool {
        std::mem::replace(&mut self.shown, tip) != tip
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Target = Target { id: "a", part: 0 };
    const B: Target = Target { id: "b", part: 0 };

    #[test]
    fn a_tooltip_waits_for_the_delay_restarts_on_another_part_and_a_press_dismisses_it() {
        let mut h = Hover::default();
        h.follow(Some(A), 1.0);
        assert_eq!(h.due(1.4), None);
        assert_eq!(h.next(1.4), Some(1.5));
        assert_eq!(h.due(1.5), Some(A));
        assert_eq!(h.next(1.5), None, "it has shown: nothing to wake for");
        h.follow(Some(A), 1.6);
        assert_eq!(h.due(1.6), Some(A), "the same part keeps its time");
        h.follow(Some(B), 2.0);
        assert_eq!(h.due(2.2), None);
        h.dismiss();
        assert_eq!((h.due(9.0), h.next(2.2)), (None, None));
        h.follow(None, 3.0);
        assert_eq!(h.due(9.0), None);
        assert!(!h.changed(None));
        assert!(h.changed(Some(A)));
    }
}
