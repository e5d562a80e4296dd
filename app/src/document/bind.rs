//! Bindings between a document's widgets: a widget with `bind=ID` follows the value of widget ID (a progress bar
//! follows a slider, a statistic shows a button's count, a skeleton shimmers while a switch is on), `scale=N`
//! multiplies the number it shows and a statistic's `delta-step=D` moves its delta by D for each step of the
//! source from where the document put it; a tri-state checkbox with `governs="a b"` sets its children and shows
//! whether all, none or some of them are ticked. Values pass as a number and, where the source has a range, the
//! fraction of it.

use std::collections::{HashMap, HashSet};

use crate::document::page::KitPage;
use crate::ui::router::WidgetId;
use crate::widgets::{Held, Role, Widget};

/// One binding: `follower` shows `source`'s value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Follow {
    /// The widget followed.
    pub source: WidgetId,
    /// The widget that shows its value.
    pub follower: WidgetId,
    /// What the number shown is multiplied by (1 when the document says nothing).
    pub scale: f64,
    /// A statistic's delta as it moves with the source.
    pub delta: Option<Delta>,
}

/// A statistic's delta that moves with its source: `base` at the source's number `from`, `step` more for each 1
/// the source moves from there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Delta {
    /// The source's number where the delta is `base`.
    pub from: f64,
    /// The delta there.
    pub base: f32,
    /// The delta's change for each 1 of the source.
    pub step: f32,
}

/// A widget's value as a follower reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    /// The number it holds (a count, a value, 1 for on).
    pub number: f64,
    /// How far along its range, 0 to 1, where it has one.
    pub fraction: Option<f32>,
}

/// What `w` holds, if it holds a value others may follow: a number, on or off, or a choice's place.
pub fn reading(w: &dyn Widget) -> Option<Reading> {
    let number = w.value()?.number()?;
    let fraction = match w.range() {
        Some(r) if r.max > r.min => Some(((number - r.min) / (r.max - r.min)) as f32),
        _ if matches!(w.value(), Some(Held::On(_))) => Some(number as f32),
        _ => None,
    };
    Some(Reading { number, fraction })
}

/// Whether `w` can follow another's value.
pub fn can_follow(w: &dyn Widget) -> bool {
    w.follows()
}

/// Makes `w` show `r`; true when something it shows changed. A widget with a range takes the source's fraction of
/// it where the source has one (a slider follows a knob across their ranges), else the number; one that is on or
/// off is on for any number but 0; one that shows text writes the number.
pub fn follow(w: &mut dyn Widget, r: Reading) -> bool {
    let before = w.value();
    let want = match (&before, w.range(), r.fraction) {
        (Some(Held::On(_)), ..) => Held::On(r.number != 0.0),
        (Some(Held::Number(_)), Some(span), Some(t)) => Held::Number(span.min + f64::from(t) * (span.max - span.min)),
        _ => Held::Number(r.number),
    };
    let _ = w.set_value(&want);
    w.value() != before
}

/// Makes `w` show `r` as binding `link` says: scaled, and with a statistic's delta moved.
fn follow_link(w: &mut dyn Widget, r: Reading, link: &Follow) -> bool {
    let scaled = Reading { number: r.number * link.scale, ..r };
    let mut changed = follow(w, scaled);
    if let (Some(d), Some(Held::Figure { text, delta: was })) = (link.delta, w.value()) {
        let delta = d.base + (r.number - d.from) as f32 * d.step;
        if delta != was {
            changed |= w.set_value(&Held::Figure { text, delta }).is_ok();
        }
    }
    changed
}

/// Brings every widget that follows `source`, directly or through others, up to its value.
pub fn follow_from(page: &mut KitPage, source: WidgetId, follows: &[Follow]) {
    follow_all(page, &[source], follows);
}

/// [`follow_from`] each of `sources` in turn, the page's widgets and the bindings looked up by id through maps
/// made once: a 1,000-widget page searched one widget at a time for each of its 200 bindings was most of a
/// reload's carrying over (record 23).
pub fn follow_all(page: &mut KitPage, sources: &[WidgetId], follows: &[Follow]) {
    let mut links: HashMap<WidgetId, Vec<&Follow>> = HashMap::new();
    for link in follows {
        links.entry(link.source).or_default().push(link);
    }
    // A message to a widget nothing follows (most of them) costs no map of the page.
    if !sources.iter().any(|s| links.contains_key(s)) {
        return;
    }
    let at: HashMap<WidgetId, usize> = page.widgets.iter().enumerate().map(|(i, w)| (w.id(), i)).collect();
    for &source in sources {
        let mut queue = vec![source];
        let mut seen = HashSet::from([source]);
        while let Some(from) = queue.pop() {
            let Some(reading) = at.get(from).and_then(|&i| reading(&*page.widgets[i])) else { continue };
            for link in links.get(from).map_or(&[][..], Vec::as_slice) {
                let to = link.follower;
                if let Some(&i) = at.get(to) {
                    follow_link(&mut *page.widgets[i], reading, link);
                }
                // A binding cycle visits each widget once.
                if seen.insert(to) {
                    queue.push(to);
                }
            }
        }
    }
}

/// A tri-state checkbox and the checkboxes it governs: any message to the parent sets every child to its state,
/// and a mixed parent is first cleared (so a press on a mixed parent clears it, and the click that ends the press
/// ticks them all; a click never leaves it mixed); a message to a child shows in the parent whether all, none or
/// some are ticked. `id` is the widget the message was for.
pub fn govern(page: &mut KitPage, id: WidgetId, governs: &[(WidgetId, Vec<WidgetId>)]) {
    for (parent, children) in governs {
        if *parent == id {
            if page.value(parent) == Some(Held::Mixed) {
                let _ = page.set_value(parent, &Held::On(false));
            }
            let Some(state) = page.value(parent) else { continue };
            for child in children {
                let _ = page.set_value(child, &state);
            }
        } else if children.contains(&id) {
            show_children(page, parent, children);
        }
    }
}

/// Sets `parent` to whether all, none or some of `children` are ticked.
pub fn show_children(page: &mut KitPage, parent: WidgetId, children: &[WidgetId]) {
    let ticked = children.iter().filter(|c| page.value(c) == Some(Held::On(true))).count();
    let state = match ticked {
        0 => Held::On(false),
        n if n == children.len() => Held::On(true),
        _ => Held::Mixed,
    };
    let _ = page.set_value(parent, &state);
}

/// Whether `w` is a checkbox (governed, or governing), and whether it has a mixed state (it may govern).
pub fn checkbox(w: &dyn Widget) -> Option<bool> {
    (w.access().role == Role::CheckBox).then(|| w.clone_box().set_value(&Held::Mixed).is_ok())
}
