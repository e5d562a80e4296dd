//! What survives a reload: a widget of the new version whose id and kind are an old widget's takes what a person
//! did to that widget ([`Widget::carry_from`](crate::widgets::Widget::carry_from): a slider moved, a box ticked,
//! text typed, a tab closed, a section opened), and everything else (label, range, options, looks) from the file. A value the person never changed
//! takes the file's new one; a value they changed that the new version cannot hold is clamped to it (a spinner at 9
//! under a new `max=5` shows 5), and a selection is kept by what it selects (a tab by its name, a slide by its
//! caption), not by its place.

use std::collections::HashMap;

use super::bind;
use crate::document::page::KitPage;
use crate::ui::router::WidgetId;

/// Carries what a person did on `old` into `new`, where id and kind match, then brings the widgets bound to them up
/// to date (`follows`, the new version's bindings). `first` is the page as the old version's file made it: a
/// widget whose value is still the one it started with was not touched, and takes the new file's. Returns the ids
/// of `old`'s widgets that did not survive (gone, or now another kind): a focus on one of them is dropped.
pub fn carry(first: &KitPage, old: &KitPage, new: &mut KitPage, follows: &[bind::Follow]) -> Vec<WidgetId> {
    // Found by id through a map: a 1,000-widget page searched one widget at a time was a million comparisons a save.
    let by_id = |page: &KitPage| -> HashMap<WidgetId, usize> {
        page.widgets.iter().enumerate().map(|(i, w)| (w.id(), i)).collect()
    };
    let (in_new, in_first) = (by_id(new), by_id(first));
    let mut lost = Vec::new();
    for before in &old.widgets {
        let id = before.id();
        let Some(after) = in_new.get(id).map(|&i| &mut new.widgets[i]).filter(|w| w.kind() == before.kind()) else {
            lost.push(id);
            continue;
        };
        let touched = in_first.get(id).is_none_or(|&i| first.widgets[i].value() != before.value());
        if touched {
            after.carry_from(before.as_ref());
        }
    }
    // Each source once, in the order its bindings are written.
    let mut sources: Vec<WidgetId> = Vec::new();
    for f in follows {
        if !sources.contains(&f.source) {
            sources.push(f.source);
        }
    }
    bind::follow_all(new, &sources, follows);
    lost
}
