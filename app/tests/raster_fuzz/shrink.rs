//! Shrinking a failing case to a minimal one: drop an item, unwrap a group, halve the canvas, make a gradient
//! solid, drop a stop, a path command or half the text, round or halve an item's numbers; keep each change
//! that still fails the same way and that makes the case simpler, until no change does or the budget is spent.
//!
//! What a change can reach of an op (its numbers, its paint, its path: [`parts`]) is matched over every op of the
//! list, so that a new op is named here by the compiler.

use std::sync::Arc;

use goldberry::display_list::{Op, Paint, PathCommand};
use goldberry::geom::Rect;

use crate::case::{Case, Item};

/// The simplest case reached from `case` by single changes each of which `still_fails`, trying at most
/// `budget` candidates.
pub fn shrink(case: &Case, budget: usize, mut still_fails: impl FnMut(&Case) -> bool) -> Case {
    let mut best = case.clone();
    let mut tries = 0;
    'simpler: loop {
        let cost = cost(&best);
        for candidate in candidates(&best) {
            if !cost_lt(&self::cost(&candidate), &cost) {
                continue;
            }
            if tries >= budget {
                break 'simpler;
            }
            tries += 1;
            if still_fails(&candidate) {
                best = candidate;
                continue 'simpler;
            }
        }
        break;
    }
    best
}

/// How complex a case is, compared in order: items, their details (stops, commands, characters), canvas
/// pixels, digits of their numbers, size of their numbers.
type Cost = (usize, usize, u64, usize, f64);

fn cost_lt(a: &Cost, b: &Cost) -> bool {
    (a.0, a.1, a.2, a.3).cmp(&(b.0, b.1, b.2, b.3)).then(a.4.total_cmp(&b.4)).is_lt()
}

fn cost(case: &Case) -> Cost {
    let items = case.walk();
    let (mut details, mut digits, mut size) = (0, 0, 0.0);
    for item in &items {
        let mut item = (*item).clone();
        details += self::details(&mut item);
        numbers(&mut item, &mut |v| {
            digits += format!("{v:?}").len();
            size += if v.is_finite() { f64::from(v.abs()) } else { 1e40 };
        });
    }
    (items.len(), details, u64::from(case.width) * u64::from(case.height), digits, size)
}

/// What a change can reach of an op: its own numbers (not its paint's nor its path's), its paint (not a plain
/// colour of its own) and its path's commands.
struct Parts<'o> {
    numbers: Vec<&'o mut f32>,
    paint: Option<&'o mut Paint>,
    path: Option<&'o mut Vec<PathCommand>>,
}

/// The parts of `op` (a path it shares is copied first). A new op of the list is named here by the compiler.
fn parts(op: &mut Op) -> Parts<'_> {
    fn rect(r: &mut Rect) -> [&mut f32; 4] {
        let Rect { x, y, w, h } = r;
        [x, y, w, h]
    }
    let (numbers, paint, path): (Vec<&mut f32>, _, _) = match op {
        Op::FillRect { rect: r, paint } => (rect(r).into(), Some(paint), None),
        Op::FillRoundRect { rect: r, radius, paint } => {
            (rect(r).into_iter().chain([radius]).collect(), Some(paint), None)
        }
        Op::StrokeRoundRect { rect: r, radius, stroke, paint } => {
            (rect(r).into_iter().chain([radius, &mut stroke.width]).collect(), Some(paint), None)
        }
        Op::Hairline { rect: r, radius, .. } => (rect(r).into_iter().chain([radius]).collect(), None, None),
        Op::FillCircle { cx, cy, r, paint } => (vec![cx, cy, r], Some(paint), None),
        Op::FillPath { path, paint } => (Vec::new(), Some(paint), Some(&mut Arc::make_mut(path).commands)),
        Op::StrokePath { path, stroke, paint } => {
            (vec![&mut stroke.width], Some(paint), Some(&mut Arc::make_mut(path).commands))
        }
        // Its place; its size is its font's, and its text is the item's.
        Op::Glyphs { x, y, .. } => (vec![x, y], None, None),
        Op::PushClip(r) | Op::Layer { rect: r, .. } => (rect(r).into(), None, None),
        Op::PushTranslate(dx, dy) => (vec![dx, dy], None, None),
        Op::PopClip | Op::PopTranslate => (Vec::new(), None, None),
    };
    Parts { numbers, paint, path }
}

/// How many stops, path commands and characters the item has (not counting the items a group holds).
fn details(item: &mut Item) -> usize {
    let chars = item.text.chars().count();
    let parts = parts(&mut item.op);
    let stops = match parts.paint.as_deref() {
        None | Some(Paint::Solid(_)) => 0,
        Some(Paint::Linear { stops, .. } | Paint::Radial { stops, .. }) => 1 + stops.len(),
    };
    stops + parts.path.map_or(0, |commands| commands.len()) + chars
}

/// Calls `f` on every number of the item itself (not of the items a group holds): its own, its path's, its
/// paint's.
fn numbers(item: &mut Item, f: &mut dyn FnMut(&mut f32)) {
    let parts = parts(&mut item.op);
    parts.numbers.into_iter().for_each(&mut *f);
    for c in parts.path.into_iter().flatten() {
        match c {
            PathCommand::MoveTo(x, y) | PathCommand::LineTo(x, y) => [x, y].into_iter().for_each(&mut *f),
            PathCommand::QuadTo(a, b, x, y) => [a, b, x, y].into_iter().for_each(&mut *f),
            PathCommand::CubicTo(a, b, c2, d, x, y) => [a, b, c2, d, x, y].into_iter().for_each(&mut *f),
            PathCommand::Close => {}
        }
    }
    match parts.paint {
        None | Some(Paint::Solid(_)) => {}
        Some(Paint::Linear { x0, y0, x1, y1, stops }) => {
            [x0, y0, x1, y1].into_iter().for_each(&mut *f);
            stops.iter_mut().for_each(|s| f(&mut s.offset));
        }
        Some(Paint::Radial { cx, cy, r, stops }) => {
            [cx, cy, r].into_iter().for_each(&mut *f);
            stops.iter_mut().for_each(|s| f(&mut s.offset));
        }
    }
}

/// One kind of change to an item: what it may be replaced by, each a run of items (none: dropped).
type Edit = dyn Fn(&Item) -> Vec<Vec<Item>>;

/// Every case one change away from `case`, the bolder changes first.
fn candidates(case: &Case) -> Vec<Case> {
    let count = case.walk().len();
    let mut out = Vec::new();
    let mut halved = |width: u32, height: u32| out.push(Case { width, height, items: case.items.clone() });
    if case.width > 1 {
        halved(case.width / 2, case.height);
    }
    if case.height > 1 {
        halved(case.width, case.height / 2);
    }
    let edits: [&Edit; 3] =
        [&|_| vec![Vec::new()], &|item| item.children().map(|c| vec![c.to_vec()]).unwrap_or_default(), &|item| {
            simpler(item).into_iter().map(|i| vec![i]).collect()
        }];
    for edit in edits {
        for k in 0..count {
            for replacement in nth(&case.items, k).map(edit).unwrap_or_default() {
                let mut items = case.items.clone();
                replace(&mut items, &mut { k }, &replacement);
                out.push(Case { items, ..case.clone() });
            }
        }
    }
    out
}

/// The item made simpler in each way it can be.
fn simpler(item: &Item) -> Vec<Item> {
    let mut out = Vec::new();
    let solid = |p: &Paint| match p {
        Paint::Solid(_) => None,
        Paint::Linear { stops, .. } | Paint::Radial { stops, .. } => {
            Some(Paint::Solid(stops.first().map_or(goldberry::geom::Color(0xff00_0000), |s| s.color)))
        }
    };
    let fewer_stops = |p: &Paint| -> Vec<Paint> {
        let (Paint::Linear { stops, .. } | Paint::Radial { stops, .. }) = p else { return Vec::new() };
        (0..stops.len())
            .map(|i| {
                let mut p = p.clone();
                if let Paint::Linear { stops, .. } | Paint::Radial { stops, .. } = &mut p {
                    stops.remove(i);
                }
                p
            })
            .collect()
    };
    let mut probe = item.clone();
    let probe = parts(&mut probe.op);
    if let Some(p) = probe.paint.as_deref() {
        for new in solid(p).into_iter().chain(fewer_stops(p)) {
            let mut item = item.clone();
            if let Some(p) = parts(&mut item.op).paint {
                *p = new;
            }
            out.push(item);
        }
    }
    for i in 0..probe.path.map_or(0, |commands| commands.len()) {
        let mut item = item.clone();
        if let Some(commands) = parts(&mut item.op).path {
            commands.remove(i);
        }
        out.push(item);
    }
    // Only a glyph run has a text.
    if !item.text.is_empty() {
        let chars: Vec<char> = item.text.chars().collect();
        for part in [&chars[..chars.len() / 2], &chars[chars.len() / 2..]] {
            out.push(Item { text: part.iter().collect(), ..item.clone() });
        }
    }
    let map = |f: &dyn Fn(f32) -> f32| {
        let mut item = item.clone();
        numbers(&mut item, &mut |v| {
            if v.is_finite() {
                *v = f(*v);
            }
        });
        item
    };
    out.push(map(&|v| v.round()));
    out.push(map(&|v| (v * 4.0).round() / 4.0));
    out.push(map(&|v| v / 2.0));
    out
}

/// The `k`th item in preorder.
fn nth(items: &[Item], k: usize) -> Option<&Item> {
    fn find<'i>(items: &'i [Item], k: &mut usize) -> Option<&'i Item> {
        for item in items {
            if *k == 0 {
                return Some(item);
            }
            *k -= 1;
            if let Some(found) = item.children().and_then(|c| find(c, k)) {
                return Some(found);
            }
        }
        None
    }
    find(items, &mut { k })
}

/// Replaces the `k`th item in preorder by `with`; true once done.
fn replace(items: &mut Vec<Item>, k: &mut usize, with: &[Item]) -> bool {
    let mut i = 0;
    while i < items.len() {
        if *k == 0 {
            items.splice(i..=i, with.iter().cloned());
            return true;
        }
        *k -= 1;
        if let Some(children) = items[i].children_mut()
            && replace(children, k, with)
        {
            return true;
        }
        i += 1;
    }
    false
}
