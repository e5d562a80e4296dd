//! What a message to one of a document's widgets does to the others: a button's action (reset one widget, clear
//! the page, submit the form), a governing checkbox's children, and the widgets bound to it. The document screen
//! and the gallery's pages served from documents answer their widgets through this one function.

use super::bind;
use super::read::{Built, Submit};
use crate::screens::kit::page::KitPage;
use crate::ui::router::{Message, WidgetId};
use crate::widgets::badge::{Badge, Variant};
use crate::widgets::checkbox::Checkbox;
use crate::widgets::field::Field;

/// Widget `id` of `page` (a page of `built`) took `message`.
pub fn react(built: &Built, page: &mut KitPage, id: WidgetId, message: &Message) {
    if matches!(message, Message::Activate(_)) {
        if built.clears.contains(&id) {
            *page = built.page.clone();
            return;
        }
        for (_, target) in built.resets.iter().filter(|(button, _)| *button == id) {
            if let (Some(i), Some(first)) = (page.index(target), built.page.get(target)) {
                page.widgets[i] = first.clone_box();
                bind::follow_from(page, target, &built.follows);
            }
        }
        for submit in built.submits.iter().filter(|s| s.button == id) {
            self::submit(built, page, submit);
        }
    }
    bind::govern(page, id, &built.governs);
    bind::follow_from(page, id, &built.follows);
}

/// Checks every field's rule (each says what is wrong under it) and every required checkbox, and says in the
/// summary how many things are left to fix, or that the form was sent.
fn submit(built: &Built, page: &mut KitPage, submit: &Submit) {
    let mut wrong = 0;
    for w in &mut page.widgets {
        if let Some(f) = w.as_any_mut().downcast_mut::<Field>()
            && !f.check()
        {
            wrong += 1;
        }
    }
    wrong += built.required.iter().filter(|id| !page.widget::<Checkbox>(id).is_some_and(Checkbox::checked)).count();
    let (text, variant) = match wrong {
        0 => (submit.sent.to_owned(), Variant::Success),
        1 => ("1 thing to fix".to_owned(), Variant::Danger),
        n => (format!("{n} things to fix"), Variant::Danger),
    };
    if let Some(summary) = page.widget_mut::<Badge>(submit.summary) {
        summary.text = text;
        summary.variant = variant;
    }
}
