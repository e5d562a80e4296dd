//! The forms page: a sign-up form whose fields check their rules as the person leaves each, a summary of what is
//! left to fix, and a submit that is refused until every rule holds. A click on a label focuses its field.

use crate::screens::interface::Input;
use crate::screens::kit::page::{KitPage, PageBuilder};
use crate::screens::kit::state::PageSpec;
use crate::ui::router::{Message, WidgetId};
use crate::widgets::area::Area;
use crate::widgets::badge::{Badge, Variant};
use crate::widgets::button::Button;
use crate::widgets::checkbox::Checkbox;
use crate::widgets::field::{Field, Kind};
use crate::widgets::rule::{self, Rule};

/// The forms page's ids.
pub mod ids {
    use crate::ui::router::WidgetId;

    pub const NAME: WidgetId = "forms.name";
    pub const EMAIL: WidgetId = "forms.email";
    pub const PASSWORD: WidgetId = "forms.password";
    pub const PHONE: WidgetId = "forms.phone";
    pub const NICK: WidgetId = "forms.nick";
    pub const ACCOUNT: WidgetId = "forms.account";
    pub const REFERRAL: WidgetId = "forms.referral";
    pub const TERMS: WidgetId = "forms.terms";
    pub const MESSAGE: WidgetId = "forms.message";
    pub const SUBMIT: WidgetId = "forms.submit";
    pub const RESET: WidgetId = "forms.reset";
    pub const SUMMARY: WidgetId = "forms.summary";
}

/// The fields a submit checks, in the form's order.
const CHECKED: [WidgetId; 5] = [ids::NAME, ids::EMAIL, ids::PASSWORD, ids::PHONE, ids::NICK];

const REQUIRED: Rule = Rule { required: Some(rule::REQUIRED), optional: false, email: None, min_chars: None };
const EMAIL: Rule = Rule { email: Some(rule::EMAIL), ..REQUIRED };
const PASSWORD: Rule =
    Rule { required: None, optional: false, email: None, min_chars: Some((8, "At least 8 characters")) };
const PHONE: Rule = Rule { optional: true, min_chars: Some((6, "At least 6 digits, or none")), ..PASSWORD };

/// The forms page.
#[derive(Debug)]
pub struct Forms;

impl PageSpec for Forms {
    const NAME: &'static str = "forms";
    const TITLE: &'static str = "Forms";

    fn build() -> KitPage {
        PageBuilder::new("Forms", "Each field checks its rule as you leave it; Submit is refused until all hold.")
            .section("Account")
            .row(
                Some("Name"),
                vec![Box::new(Field::new(ids::NAME, "Name", "", 280.0).placeholder("Ada Lovelace").rule(REQUIRED))],
            )
            .row(
                Some("Email"),
                vec![Box::new(Field::new(ids::EMAIL, "Email", "", 280.0).placeholder("name@example.org").rule(EMAIL))],
            )
            .row(
                Some("Password"),
                vec![Box::new(
                    Field::new(ids::PASSWORD, "Password", "", 280.0)
                        .kind(Kind::Password { revealed: false })
                        .rule(PASSWORD),
                )],
            )
            .section("Details")
            .row(
                Some("Phone"),
                vec![Box::new(
                    Field::new(ids::PHONE, "Phone", "", 200.0)
                        .digits()
                        .max_chars(12)
                        .placeholder("digits only")
                        .rule(PHONE),
                )],
            )
            .row(
                Some("Nickname"),
                vec![Box::new(
                    Field::new(ids::NICK, "Nickname", "", 200.0).max_chars(12).placeholder("up to 12 characters"),
                )],
            )
            .row(
                Some("Account id"),
                vec![Box::new(Field::new(ids::ACCOUNT, "Account id", "GB-2026-0417", 200.0).kind(Kind::ReadOnly))],
            )
            .row(
                Some("Referral code"),
                vec![Box::new(
                    Field::new(ids::REFERRAL, "Referral code", "", 200.0)
                        .kind(Kind::Disabled)
                        .placeholder("not offered"),
                )],
            )
            .row(Some("Message"), vec![Box::new(Area::new(ids::MESSAGE, "Message", "", 360.0))])
            .row(Some("Terms"), vec![Box::new(Checkbox::new(ids::TERMS, "I accept the terms", false))])
            .section("Send")
            .row(
                None,
                vec![
                    Box::new(Button::primary(ids::SUBMIT, "Submit").tip("Checks every field first")),
                    Box::new(Button::new(ids::RESET, "Clear")),
                    Box::new(Badge::new(ids::SUMMARY, "Not sent yet", Variant::Neutral)),
                ],
            )
            .build()
    }

    fn react(page: &mut KitPage, id: WidgetId, message: &Message, _input: &mut Input<'_>) {
        if !matches!(message, Message::Activate(_)) {
            return;
        }
        match id {
            ids::SUBMIT => {
                let mut wrong = 0;
                for field in CHECKED {
                    if let Some(f) = page.widget_mut::<Field>(field)
                        && !f.check()
                    {
                        wrong += 1;
                    }
                }
                if !page.widget::<Checkbox>(ids::TERMS).is_some_and(Checkbox::checked) {
                    wrong += 1;
                }
                let (text, variant) = match wrong {
                    0 => ("Sent".to_owned(), Variant::Success),
                    1 => ("1 thing to fix".to_owned(), Variant::Danger),
                    n => (format!("{n} things to fix"), Variant::Danger),
                };
                if let Some(summary) = page.widget_mut::<Badge>(ids::SUMMARY) {
                    summary.text = text;
                    summary.variant = variant;
                }
            }
            ids::RESET => *page = Forms::build(),
            _ => {}
        }
    }
}
