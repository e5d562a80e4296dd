//! The pixel grid: the boxes Yoga computed, rounded to whole pixels exactly as Yoga 3's own pass
//! (`roundLayoutResultsToPixelGrid`, at one point per pixel) would have rounded them, which the scene does itself
//! as it reads them back instead of having Yoga visit every node.

use std::collections::HashSet;

use goldberry_natives::yoga::{LayoutTree, NodeId};

use crate::geom::Rect;

/// `rect` with its edges rounded to whole pixels.
pub fn snap(rect: Rect) -> Rect {
    let (x, y) = (rect.x.round(), rect.y.round());
    Rect::new(x, y, (rect.right().round() - x).max(0.0), (rect.bottom().round() - y).max(0.0))
}

/// Yoga's test for values equal within rounding noise.
fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.0001
}

/// Which way [`on_pixel_grid`] rounds a value that is not within noise of a whole pixel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Toward {
    /// The nearest whole pixel, a half up.
    Nearest,
    /// Up (Yoga's `forceCeil`).
    Up,
    /// Down (Yoga's `forceFloor`).
    Down,
}

impl Toward {
    /// A text's box is floored at its start (its lines keep the room they were measured in).
    fn start_of(text: bool) -> Toward {
        if text { Toward::Down } else { Toward::Nearest }
    }
}

/// Yoga 3's `roundValueToPixelGrid` at one point per pixel: `value` to a whole pixel `toward` one side; a value
/// within noise of a whole pixel is that pixel.
fn on_pixel_grid(value: f64, toward: Toward) -> f32 {
    // Yoga's `fmod` and a turn up for a negative value, without the call: `fmod` is most of this function.
    let fraction = value - value.floor();
    let whole = value - fraction;
    let rounded = if near(fraction, 0.0) {
        whole
    } else if near(fraction, 1.0) || toward == Toward::Up {
        whole + 1.0
    } else if toward == Toward::Down {
        whole
    } else if fraction > 0.5 || near(fraction, 0.5) {
        whole + 1.0
    } else {
        whole
    };
    rounded as f32
}

/// Every node's place after a pass, from `root` down: its box relative to its parent, and its left and top edges
/// in the window, unrounded and as Yoga 3's own pass (`roundLayoutResultsToPixelGrid`, at one point per pixel)
/// would have rounded them: each position on the way down rounded relative to its parent. `root_place` is the
/// root's own place when the tree is laid out on its own in a box of another's (a card in its slot, the overview's
/// grid in the body: see [`Placement::at`]).
pub(crate) fn placements(
    tree: &LayoutTree,
    texts: &HashSet<NodeId>,
    root: NodeId,
    root_place: Option<Placement>,
) -> Vec<Placement> {
    let mut placed = vec![Placement::default(); tree.len()];
    let mut stack = Vec::new();
    match root_place {
        Some(p) => {
            if let Some(slot) = placed.get_mut(root.index()) {
                *slot = p;
            }
            stack.extend(tree.children(root).iter().map(|&child| (child, p.left, p.top)));
        }
        None => stack.push((root, (0.0, 0.0), (0.0, 0.0))),
    }
    while let Some((n, (left, rounded_left), (top, rounded_top))) = stack.pop() {
        let local = tree.local_layout(n);
        let text = texts.contains(&n);
        let (x, y) = (f64::from(local.x), f64::from(local.y));
        let p = Placement {
            local,
            text,
            left: (left + x, rounded_left + on_pixel_grid(x, Toward::start_of(text))),
            top: (top + y, rounded_top + on_pixel_grid(y, Toward::start_of(text))),
        };
        if let Some(slot) = placed.get_mut(n.index()) {
            *slot = p;
        }
        stack.extend(tree.children(n).iter().map(|&child| (child, p.left, p.top)));
    }
    placed
}

/// A node's place after a pass (see [`placements`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Placement {
    local: goldberry_natives::yoga::Rect,
    /// Whether the node measures text.
    text: bool,
    /// The left edge in the window: (unrounded, rounded).
    left: (f64, f32),
    /// The top edge in the window: (unrounded, rounded).
    top: (f64, f32),
}

impl Placement {
    /// Where the root of a tree laid out on its own goes: its box `local` (its own layout, at the origin) with its
    /// top-left corner at `(x, y)` in the window, whole pixels there as in the tree it stands for.
    pub(crate) fn at(local: goldberry_natives::yoga::Rect, x: f32, y: f32) -> Placement {
        Placement { local, text: false, left: (f64::from(x), x), top: (f64::from(y), y) }
    }
}

/// `n`'s box on whole pixels (boxes Yoga rounded stay as they are), rounded exactly as Yoga 3's own pass
/// would have rounded it: its position as placed, its size from its unrounded edges; a text's box floored at
/// its start and grown at its end (its lines keep the room they were measured in).
pub(crate) fn rect(placed: &[Placement], n: NodeId) -> Rect {
    let Some(&Placement { local, text, left, top }) = placed.get(n.index()) else { return Rect::default() };
    let size = |start: f64, length: f32| {
        let fraction = f64::from(length) - f64::from(length).floor();
        let fractional = !(near(fraction, 0.0) || near(fraction, 1.0));
        // Yoga grows a text's box with a fraction at its end and floors one without.
        let end_toward = match (text, fractional) {
            (false, _) => Toward::Nearest,
            (true, true) => Toward::Up,
            (true, false) => Toward::Down,
        };
        on_pixel_grid(start + f64::from(length), end_toward) - on_pixel_grid(start, Toward::start_of(text))
    };
    Rect::new(left.1, top.1, size(left.0, local.w), size(top.0, local.h))
}
