//! Bindings between a document's widgets: a widget with `bind=ID` follows the value of widget ID (a progress bar
//! follows a slider, a statistic shows a button's count), and a button with `action="reset" target=ID` puts
//! that widget back as the document made it. Values pass as a number and, where the source has a range, the
//! fraction of it.

use crate::screens::kit::page::KitPage;
use crate::ui::router::WidgetId;
use crate::widgets::Widget;
use crate::widgets::badge::Badge;
use crate::widgets::button::Button;
use crate::widgets::checkbox::Checkbox;
use crate::widgets::fader::Fader;
use crate::widgets::knob::Knob;
use crate::widgets::note::Note;
use crate::widgets::progress::Progress;
use crate::widgets::radio::RadioGroup;
use crate::widgets::rating::Rating;
use crate::widgets::segmented::Segmented;
use crate::widgets::slider::Slider;
use crate::widgets::spinner::Spinner;
use crate::widgets::stat::Statistic;
use crate::widgets::toggle::Toggle;
use crate::widgets::value::Ranged;

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
    false
}

fn replace(text: &mut String, new: String) -> bool {
    if *text == new {
        return false;
    }
    *text = new;
    true
}

/// A number as a person reads it: whole numbers without a point, others to one decimal.
pub fn figure(n: f64) -> String {
    if (n - n.round()).abs() < 1e-6 { format!("{}", n.round() as i64) } else { format!("{n:.1}") }
}

/// Brings every widget that follows `source`, directly or through others, up to its value.
pub fn follow_from(page: &mut KitPage, source: WidgetId, follows: &[(WidgetId, WidgetId)]) {
    let mut queue = vec![source];
    let mut seen = vec![source];
    while let Some(from) = queue.pop() {
        let Some(reading) = page.get(from).and_then(reading) else { continue };
        for (_, to) in follows.iter().filter(|(s, _)| *s == from) {
            if let Some(i) = page.index(to) {
                follow(&mut *page.widgets[i], reading);
            }
            // A binding cycle visits each widget once.
            if !seen.contains(to) {
                seen.push(to);
                queue.push(to);
            }
        }
    }
}
