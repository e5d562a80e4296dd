//! What a message to one of a document's widgets does to the others: a button's action (reset one widget, clear
//! the page, submit the form), a governing checkbox's children, and the widgets bound to it. The document screen
//! and the gallery's pages served from documents answer their widgets through this one function.

use super::bind;
use super::read::{Built, Submit};
use crate::document::page::KitPage;
use crate::ui::router::{Message, WidgetId};
use crate::widgets::Held;
use crate::widgets::badge::Variant;

/// Widget `id` of `page` (a page of `built`) took `message`.
pub fn react(built: &Built, page: &mut KitPage, id: WidgetId, message: &Message) {
    if matches!(message, Message::Activate(_)) {
        if built.clears.contains(&id) {
            *page = (*built.page).clone();
            return;
        }
        for (_, target) in built.resets.iter().filter(|(button, _)| *button == id) {
            if let (Some(i), Some(first)) = (page.index(target), built.page.get(target)) {
                page.widgets[i] = first.clone_box();
                bind::follow_from(page, target, &built.follows);
            }
        }
        for submit in built.submits.iter().filter(|s| s.button == id) {
            self::submit(page, submit);
        }
    }
    bind::govern(page, id, &built.governs);
    bind::follow_from(page, id, &built.follows);
}

/// Checks every widget's rule (each field says what is wrong under it, each required checkbox left unticked is
/// marked invalid), and says in the summary how many things are left to fix, or that the form was sent.
fn submit(page: &mut KitPage, submit: &Submit) {
    let wrong = page.widgets.iter_mut().map(|w| w.check()).filter(|holds| !holds).count();
    let (text, tone) = match wrong {
        0 => (submit.sent.to_owned(), Variant::Success),
        1 => ("1 thing to fix".to_owned(), Variant::Danger),
        n => (format!("{n} things to fix"), Variant::Danger),
    };
    let _ = page.set_value(submit.summary, &Held::Said { text, tone });
}
