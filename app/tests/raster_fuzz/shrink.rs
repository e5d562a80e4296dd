//! Shrinking a failing case to a minimal one: drop an item, unwrap a group, halve the canvas, make a gradient
//! solid, drop a stop, a path command or half the text, round or halve an item's numbers; keep each change
//! that still fails the same way and that makes the case simpler, until no change does or the budget is spent.
//!
//! What a change can reach of an op ([`details`], [`numbers`], [`paint_mut`], [`simpler`]) is matched over every
//! op of the list, so that a new op is named here by the compiler.

use std::sync::Arc;

use goldberry::display_list::{Op, Paint, PathCommand};

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
    let details = items.iter().map(|item| details(item)).sum();
    let mut digits = 0;
    let mut size = 0.0;
    for item in &items {
        let mut item = (*item).clone();
        numbers(&mut item, &mut |v| {
            digits += format!("{v:?}").len();
            size += if v.is_finite() { f64::from(v.abs()) } else { 1e40 };
        });
    }
    (items.len(), details, u64::from(case.width) * u64::from(case.height), digits, size)
}

/// How many stops, path commands and characters the item has (not counting the items a group holds).
fn details(item: &Item) -> usize {
    let stops = |p: &Paint| match p {
        Paint::Solid(_) => 0,
        Paint::Linear { stops, .. } | Paint::Radial { stops, .. } => 1 + stops.len(),
    };
    match &item.op {
        Op::FillRect { paint, .. }
        | Op::FillRoundRect { paint, .. }
        | Op::StrokeRoundRect { paint, .. }
        | Op::FillCircle { paint, .. } => stops(paint),
        Op::FillPath { path, paint } | Op::StrokePath { path, paint, .. } => path.commands.len() + stops(paint),
        Op::Glyphs { .. } => item.text.chars().count(),
        Op::Hairline { .. } | Op::PushClip(_) | Op::PushTranslate(..) | Op::Layer { .. } => 0,
        Op::PopClip | Op::PopTranslate => 0,
    }
}

/// Calls `f` on every number of the item itself (not of the items a group holds; a glyph run's place, not its
/// size).
fn numbers(item: &mut Item, f: &mut dyn FnMut(&mut f32)) {
    fn paint(p: &mut Paint, f: &mut dyn FnMut(&mut f32)) {
        match p {
            Paint::Solid(_) => {}
            Paint::Linear { x0, y0, x1, y1, stops } => {
                [x0, y0, x1, y1].into_iter().for_each(&mut *f);
                stops.iter_mut().for_each(|s| f(&mut s.offset));
            }
            Paint::Radial { cx, cy, r, stops } => {
                [cx, cy, r].into_iter().for_each(&mut *f);
                stops.iter_mut().for_each(|s| f(&mut s.offset));
            }
        }
    }
    fn rect(r: &mut goldberry::geom::Rect, f: &mut dyn FnMut(&mut f32)) {
        [&mut r.x, &mut r.y, &mut r.w, &mut r.h].into_iter().for_each(f);
    }
    fn path(commands: &mut [PathCommand], f: &mut dyn FnMut(&mut f32)) {
        for c in commands {
            match c {
                PathCommand::MoveTo(x, y) | PathCommand::LineTo(x, y) => [x, y].into_iter().for_each(&mut *f),
                PathCommand::QuadTo(a, b, x, y) => [a, b, x, y].into_iter().for_each(&mut *f),
                PathCommand::CubicTo(a, b, c2, d, x, y) => [a, b, c2, d, x, y].into_iter().for_each(&mut *f),
                PathCommand::Close => {}
            }
        }
    }
    match &mut item.op {
        Op::FillRect { rect: r, paint: p } => {
            rect(r, f);
            paint(p, f);
        }
        Op::FillRoundRect { rect: r, radius, paint: p } => {
            rect(r, f);
            f(radius);
            paint(p, f);
        }
        Op::StrokeRoundRect { rect: r, radius, stroke, paint: p } => {
            rect(r, f);
            f(radius);
            f(&mut stroke.width);
            paint(p, f);
        }
        Op::Hairline { rect: r, radius, .. } => {
            rect(r, f);
            f(radius);
        }
        Op::FillCircle { cx, cy, r, paint: p } => {
            [cx, cy, r].into_iter().for_each(&mut *f);
            paint(p, f);
        }
        Op::FillPath { path: data, paint: p } => {
            path(&mut Arc::make_mut(data).commands, f);
            paint(p, f);
        }
        Op::StrokePath { path: data, stroke, paint: p } => {
            f(&mut stroke.width);
            path(&mut Arc::make_mut(data).commands, f);
            paint(p, f);
        }
        Op::Glyphs { x, y, .. } => [x, y].into_iter().for_each(f),
        Op::PushClip(r) | Op::Layer { rect: r, .. } => rect(r, f),
        Op::PushTranslate(dx, dy) => [dx, dy].into_iter().for_each(f),
        Op::PopClip | Op::PopTranslate => {}
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
    if let Some(p) = item.op.paint() {
        for new in solid(p).into_iter().chain(fewer_stops(p)) {
            let mut item = item.clone();
            if let Some(p) = paint_mut(&mut item.op) {
                *p = new;
            }
            out.push(item);
        }
    }
    match &item.op {
        Op::FillPath { path, .. } | Op::StrokePath { path, .. } => {
            for i in 0..path.commands.len() {
                let mut item = item.clone();
                if let Op::FillPath { path, .. } | Op::StrokePath { path, .. } = &mut item.op {
                    Arc::make_mut(path).commands.remove(i);
                }
                out.push(item);
            }
        }
        Op::Glyphs { .. } if !item.text.is_empty() => {
            let chars: Vec<char> = item.text.chars().collect();
            for part in [&chars[..chars.len() / 2], &chars[chars.len() / 2..]] {
                out.push(Item { text: part.iter().collect(), ..item.clone() });
            }
        }
        // Nothing to take out but numbers (a glyph run of no text has none to halve).
        Op::Glyphs { .. }
        | Op::FillRect { .. }
        | Op::FillRoundRect { .. }
        | Op::StrokeRoundRect { .. }
        | Op::Hairline { .. }
        | Op::FillCircle { .. }
        | Op::PushClip(_)
        | Op::PushTranslate(..)
        | Op::Layer { .. }
        | Op::PopClip
        | Op::PopTranslate => {}
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

/// The paint an op fills or strokes with, to make simpler (a hairline's plain colour is not one).
fn paint_mut(op: &mut Op) -> Option<&mut Paint> {
    match op {
        Op::FillRect { paint, .. }
        | Op::FillRoundRect { paint, .. }
        | Op::StrokeRoundRect { paint, .. }
        | Op::FillCircle { paint, .. }
        | Op::FillPath { paint, .. }
        | Op::StrokePath { paint, .. } => Some(paint),
        Op::Hairline { .. } | Op::Glyphs { .. } | Op::Layer { .. } => None,
        Op::PushClip(_) | Op::PopClip | Op::PushTranslate(..) | Op::PopTranslate => None,
    }
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
