//! Bindings between a document's widgets: a widget with `bind=ID` follows the value of widget ID (a progress bar
//! follows a slider, a statistic shows a button's count, a skeleton shimmers while a switch is on), `scale=N`
//! multiplies the number it shows and a statistic's `delta-step=D` moves its delta by D for each step of the
//! source from where the document put it; a tri-state checkbox with `governs="a b"` sets its children and shows
//! whether all, none or some of them are ticked. Values pass as a number and, where the source has a range, the
//! fraction of it.

use crate::screens::kit::page::KitPage;
use crate::ui::router::WidgetId;
use crate::widgets::Widget;
use crate::widgets::badge::Badge;
use crate::widgets::button::Button;
use crate::widgets::checkbox::{Check, Checkbox};
use crate::widgets::fader::Fader;
use crate::widgets::knob::Knob;
use crate::widgets::note::Note;
use crate::widgets::progress::Progress;
use crate::widgets::radio::RadioGroup;
use crate::widgets::rating::Rating;
use crate::widgets::segmented::Segmented;
use crate::widgets::skeleton::Skeleton;
use crate::widgets::slider::Slider;
use crate::widgets::spinner::Spinner;
use crate::widgets::stat::Statistic;
use crate::widgets::toggle::Toggle;
use crate::widgets::value::Ranged;

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

/// What `w` holds, if it holds a value others may follow.
pub fn reading(w: &dyn Widget) -> Option<Reading> {
    let any = w.as_any();
    let ranged = |r: &Ranged| Reading { number: f64::from(r.get()), fraction: Some(r.fraction()) };
    if let Some(s) = any.downcast_ref::<Slider>() {
        return Some(ranged(&s.value));
    }
    if let Some(k) = any.downcast_ref::<Knob>() {
        return Some(ranged(&k.value));
    }
    if let Some(f) = any.downcast_ref::<Fader>() {
        return Some(ranged(&f.value));
    }
    if let Some(s) = any.downcast_ref::<Spinner>() {
        return Some(Reading { number: s.value as f64, fraction: None });
    }
    if let Some(b) = any.downcast_ref::<Button>() {
        return Some(Reading { number: f64::from(b.presses), fraction: None });
    }
    if let Some(r) = any.downcast_ref::<Rating>() {
        return Some(Reading { number: r.stars as f64, fraction: Some(r.stars as f32 / 5.0) });
    }
    if let Some(p) = any.downcast_ref::<Progress>() {
        return Some(Reading { number: f64::from(p.fraction) * 100.0, fraction: Some(p.fraction) });
    }
    let on = |on: bool| Reading { number: f64::from(u8::from(on)), fraction: Some(f32::from(u8::from(on))) };
    if let Some(t) = any.downcast_ref::<Toggle>() {
        return Some(on(t.on));
    }
    if let Some(c) = any.downcast_ref::<Checkbox>() {
        return Some(on(c.checked()));
    }
    if let Some(r) = any.downcast_ref::<RadioGroup>() {
        return Some(Reading { number: r.choice.selected as f64, fraction: None });
    }
    if let Some(s) = any.downcast_ref::<Segmented>() {
        return Some(Reading { number: s.choice.selected as f64, fraction: None });
    }
    None
}

/// Whether `w` can follow another's value.
pub fn can_follow(w: &dyn Widget) -> bool {
    let any = w.as_any();
    any.is::<Progress>()
        || any.is::<Statistic>()
        || any.is::<Badge>()
        || any.is::<Note>()
        || any.is::<Slider>()
        || any.is::<Knob>()
        || any.is::<Fader>()
        || any.is::<Rating>()
        || any.is::<Skeleton>()
}

/// Makes `w` show `r`; true when something it shows changed.
pub fn follow(w: &mut dyn Widget, r: Reading) -> bool {
    let any = w.as_any_mut();
    // An unbounded number fills a bar by the hundred (a count of 40 is 40 %).
    let fraction = r.fraction.unwrap_or((r.number / 100.0) as f32);
    if let Some(p) = any.downcast_mut::<Progress>() {
        return p.set(fraction);
    }
    if let Some(s) = any.downcast_mut::<Statistic>() {
        return replace(&mut s.figure, figure(r.number));
    }
    if let Some(b) = any.downcast_mut::<Badge>() {
        return replace(&mut b.text, figure(r.number));
    }
    if let Some(n) = any.downcast_mut::<Note>() {
        return replace(&mut n.text, figure(r.number));
    }
    let ranged = |v: &mut Ranged| match r.fraction {
        Some(t) => v.set_fraction(t),
        None => v.set(r.number as f32),
    };
    if let Some(s) = any.downcast_mut::<Slider>() {
        return ranged(&mut s.value);
    }
    if let Some(k) = any.downcast_mut::<Knob>() {
        return ranged(&mut k.value);
    }
    if let Some(f) = any.downcast_mut::<Fader>() {
        return ranged(&mut f.value);
    }
    if let Some(s) = any.downcast_mut::<Rating>() {
        let v = (fraction * 5.0).round().clamp(0.0, 5.0) as usize;
        return std::mem::replace(&mut s.stars, v) != v;
    }
    if let Some(s) = any.downcast_mut::<Skeleton>() {
        let on = r.number != 0.0;
        return std::mem::replace(&mut s.running, on) != on;
    }
    false
}

fn replace(text: &mut String, new: String) -> bool {
    if *text == new {
        return false;
    }
    *text = new;
    true
}

/// A number as a person reads it: whole numbers without a point and with their thousands apart (1,236), others to
/// one decimal.
pub fn figure(n: f64) -> String {
    if (n - n.round()).abs() < 1e-6 { thousands(n.round() as i64) } else { format!("{n:.1}") }
}

/// `n` with its thousands separated by commas.
fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// Makes `w` show `r` as binding `link` says: scaled, and with a statistic's delta moved.
fn follow_link(w: &mut dyn Widget, r: Reading, link: &Follow) -> bool {
    let scaled = Reading { number: r.number * link.scale, ..r };
    let mut changed = follow(w, scaled);
    if let (Some(d), Some(stat)) = (link.delta, w.as_any_mut().downcast_mut::<Statistic>()) {
        let delta = d.base + (r.number - d.from) as f32 * d.step;
        changed |= std::mem::replace(&mut stat.delta, delta) != delta;
    }
    changed
}

/// Brings every widget that follows `source`, directly or through others, up to its value.
pub fn follow_from(page: &mut KitPage, source: WidgetId, follows: &[Follow]) {
    let mut queue = vec![source];
    let mut seen = vec![source];
    while let Some(from) = queue.pop() {
        let Some(reading) = page.get(from).and_then(reading) else { continue };
        for link in follows.iter().filter(|f| f.source == from) {
            let to = link.follower;
            if let Some(i) = page.index(to) {
                follow_link(&mut *page.widgets[i], reading, link);
            }
            // A binding cycle visits each widget once.
            if !seen.contains(&to) {
                seen.push(to);
                queue.push(to);
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
            let Some(p) = page.widget_mut::<Checkbox>(parent) else { continue };
            if p.check == Check::Mixed {
                p.check = Check::Unchecked;
            }
            let check = p.check;
            for child in children {
                if let Some(c) = page.widget_mut::<Checkbox>(child) {
                    c.check = check;
                }
            }
        } else if children.contains(&id) {
            show_children(page, parent, children);
        }
    }
}

/// Sets `parent` to whether all, none or some of `children` are ticked.
pub fn show_children(page: &mut KitPage, parent: WidgetId, children: &[WidgetId]) {
    let ticked = children.iter().filter(|c| page.widget::<Checkbox>(c).is_some_and(Checkbox::checked)).count();
    if let Some(p) = page.widget_mut::<Checkbox>(parent) {
        p.check = match ticked {
            0 => Check::Unchecked,
            n if n == children.len() => Check::Checked,
            _ => Check::Mixed,
        };
    }
}
