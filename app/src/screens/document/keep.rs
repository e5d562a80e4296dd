//! What survives a reload: a widget of the new version whose id and type are an old widget's takes that widget's
//! value (what a person did to it: a slider moved, a box ticked, text typed, a button's count), and everything
//! else (label, range, options, looks) from the file. A value the new version cannot hold (a selection past its
//! options, a number outside its range) is clamped to it or left as the file says.

use std::any::Any;

use super::bind;
use crate::screens::kit::page::KitPage;
use crate::ui::router::WidgetId;
use crate::widgets::Widget;
use crate::widgets::area::Area;
use crate::widgets::button::Button;
use crate::widgets::checkbox::Checkbox;
use crate::widgets::chips::Chips;
use crate::widgets::doc_tabs::DocTabs;
use crate::widgets::dropdown::Dropdown;
use crate::widgets::fader::Fader;
use crate::widgets::field::Field;
use crate::widgets::knob::Knob;
use crate::widgets::pager::Pager;
use crate::widgets::radio::RadioGroup;
use crate::widgets::rating::Rating;
use crate::widgets::segmented::Segmented;
use crate::widgets::slider::Slider;
use crate::widgets::spinner::Spinner;
use crate::widgets::split::Split;
use crate::widgets::stepper::Stepper;
use crate::widgets::toggle::Toggle;

/// Carries the values of `old`'s widgets into `new`'s where id and type match, then brings the widgets bound to
/// them up to date (`follows`, the new version's bindings). Returns the ids of `old`'s widgets that did not
/// survive (gone, or now another type): a focus on one of them is dropped.
pub fn carry(old: &KitPage, new: &mut KitPage, follows: &[bind::Follow]) -> Vec<WidgetId> {
    let mut lost = Vec::new();
    for before in &old.widgets {
        let same = new.widgets.iter_mut().find(|w| w.id() == before.id() && same_type(w.as_ref(), before.as_ref()));
        match same {
            Some(after) => keep(after.as_mut(), before.as_ref()),
            None => lost.push(before.id()),
        }
    }
    let sources: Vec<WidgetId> = follows.iter().map(|f| f.source).collect();
    for source in sources {
        bind::follow_from(new, source, follows);
    }
    lost
}

fn same_type(a: &dyn Widget, b: &dyn Widget) -> bool {
    a.as_any().type_id() == b.as_any().type_id()
}

/// `old`'s value into `new` (of the same type); a widget without a value of its own (a badge, a note, a
/// progress bar that follows another) is taken from the file as it is.
fn keep(new: &mut dyn Widget, old: &dyn Widget) {
    let old = old.as_any();
    let new = new.as_any_mut();
    fn pair<'a, T: 'static>(new: &'a mut dyn Any, old: &'a dyn Any) -> Option<(&'a mut T, &'a T)> {
        Some((new.downcast_mut::<T>()?, old.downcast_ref::<T>()?))
    }
    if let Some((n, o)) = pair::<Slider>(new, old) {
        n.value.set(o.value.get());
    } else if let Some((n, o)) = pair::<Knob>(new, old) {
        n.value.set(o.value.get());
    } else if let Some((n, o)) = pair::<Fader>(new, old) {
        n.value.set(o.value.get());
    } else if let Some((n, o)) = pair::<Checkbox>(new, old) {
        n.check = o.check;
    } else if let Some((n, o)) = pair::<Toggle>(new, old) {
        n.on = o.on;
    } else if let Some((n, o)) = pair::<Field>(new, old) {
        n.edit = o.edit.clone();
        n.error = o.error;
    } else if let Some((n, o)) = pair::<Area>(new, old) {
        n.edit = o.edit.clone();
    } else if let Some((n, o)) = pair::<RadioGroup>(new, old) {
        if o.choice.selected < n.choice.options.len() {
            n.choice.selected = o.choice.selected;
        }
    } else if let Some((n, o)) = pair::<Segmented>(new, old) {
        if o.choice.selected < n.choice.options.len() {
            n.choice.selected = o.choice.selected;
        }
    } else if let Some((n, o)) = pair::<Dropdown>(new, old) {
        if o.selected < n.options().len() {
            n.selected = o.selected;
        }
    } else if let Some((n, o)) = pair::<Stepper>(new, old) {
        n.current = o.current.min(n.steps().len());
    } else if let Some((n, o)) = pair::<Rating>(new, old) {
        n.stars = o.stars;
    } else if let Some((n, o)) = pair::<Spinner>(new, old) {
        n.value = o.value;
    } else if let Some((n, o)) = pair::<Button>(new, old) {
        n.presses = o.presses;
    } else if let Some((n, o)) = pair::<Chips>(new, old) {
        if o.on.len() == n.on.len() {
            n.on = o.on.clone();
            n.current = o.current;
        }
    } else if let Some((n, o)) = pair::<Pager>(new, old) {
        if o.page < n.pages() {
            n.page = o.page;
        }
    } else if let Some((n, o)) = pair::<Split>(new, old) {
        n.ratio = o.ratio;
    } else if let Some((n, o)) = pair::<DocTabs>(new, old)
        && o.selected < n.docs.len()
    {
        n.selected = o.selected;
    }
}
