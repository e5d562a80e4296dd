//! The values page: every widget that holds a number or a choice, and the bindings between them (the volume
//! slider drives a progress bar and a ring; the spinner drives the statistic).

use crate::screens::interface::Input;
use crate::screens::kit::page::{KitPage, PageBuilder};
use crate::screens::kit::state::PageSpec;
use crate::ui::router::{Message, WidgetId};
use crate::widgets::badge::{Badge, Variant};
use crate::widgets::checkbox::Checkbox;
use crate::widgets::chips::Chips;
use crate::widgets::fader::Fader;
use crate::widgets::knob::Knob;
use crate::widgets::progress::Progress;
use crate::widgets::radio::RadioGroup;
use crate::widgets::rating::Rating;
use crate::widgets::segmented::Segmented;
use crate::widgets::slider::Slider;
use crate::widgets::spinner::Spinner;
use crate::widgets::stat::Statistic;
use crate::widgets::toggle::Toggle;
use crate::widgets::value::Ranged;

/// The values page's ids.
pub mod ids {
    use crate::ui::router::WidgetId;

    pub const VOLUME: WidgetId = "values.volume";
    pub const STEPPED: WidgetId = "values.stepped";
    pub const BAR: WidgetId = "values.bar";
    pub const RING: WidgetId = "values.ring";
    pub const GAIN: WidgetId = "values.gain";
    pub const PAN: WidgetId = "values.pan";
    pub const LOW: WidgetId = "values.low";
    pub const MID: WidgetId = "values.mid";
    pub const HIGH: WidgetId = "values.high";
    pub const COPIES: WidgetId = "values.copies";
    pub const ORDERS: WidgetId = "values.orders";
    pub const QUALITY: WidgetId = "values.quality";
    pub const VIEW: WidgetId = "values.view";
    pub const LIVE: WidgetId = "values.live";
    pub const ALL: WidgetId = "values.all";
    pub const ONE: WidgetId = "values.one";
    pub const TWO: WidgetId = "values.two";
    pub const LOCKED: WidgetId = "values.locked";
    pub const RATING: WidgetId = "values.rating";
    pub const FILTERS: WidgetId = "values.filters";
}

/// The values page.
#[derive(Debug)]
pub struct Values;

const QUALITIES: &[&str] = &["Draft", "Good", "Best"];
const VIEWS: &[&str] = &["Day", "Week", "Month", "Year"];
const FILTERS: &[&str] = &["Open", "Mine", "Urgent", "Blocked", "Done", "This week"];

impl PageSpec for Values {
    const NAME: &'static str = "values";
    const TITLE: &'static str = "Values";

    fn build() -> KitPage {
        PageBuilder::new("Values", "Every widget here holds a number or a choice; Tab through them, or drag.")
            .section("Sliders and progress")
            .row(
                Some("Volume"),
                vec![Box::new(Slider::new(ids::VOLUME, "Volume", Ranged::new(40.0, 0.0, 100.0, 1.0), 240.0))],
            )
            .row(
                Some("Stepped"),
                vec![Box::new(
                    Slider::new(ids::STEPPED, "Stepped", Ranged::new(50.0, 0.0, 100.0, 10.0), 240.0).ticks(1),
                )],
            )
            .row(
                Some("Progress"),
                vec![
                    Box::new(Progress::bar(ids::BAR, "Volume progress", 0.4, 240.0)),
                    Box::new(Progress::ring(ids::RING, "Volume ring", 0.4)),
                ],
            )
            .section("Knobs and faders")
            .row(
                None,
                vec![
                    Box::new(Knob::new(ids::GAIN, "Gain", Ranged::new(6.0, 0.0, 12.0, 1.0))),
                    Box::new(Knob::new(ids::PAN, "Pan", Ranged::new(0.0, -50.0, 50.0, 10.0))),
                    Box::new(Fader::new(ids::LOW, "Low", Ranged::new(30.0, 0.0, 100.0, 1.0))),
                    Box::new(Fader::new(ids::MID, "Mid", Ranged::new(60.0, 0.0, 100.0, 1.0))),
                    Box::new(Fader::new(ids::HIGH, "High", Ranged::new(45.0, 0.0, 100.0, 1.0))),
                ],
            )
            .section("Numbers")
            .row(Some("Copies"), vec![Box::new(Spinner::new(ids::COPIES, "Copies", 3, 1, 99))])
            .row(None, vec![Box::new(Statistic::new(ids::ORDERS, "Orders (copies × 412)", "1,236", 4.2))])
            .section("Choices")
            .row(Some("Quality"), vec![Box::new(RadioGroup::new(ids::QUALITY, "Quality", QUALITIES, 1))])
            .row(Some("View"), vec![Box::new(Segmented::new(ids::VIEW, "View", VIEWS, 1))])
            .row(Some("Live updates"), vec![Box::new(Toggle::new(ids::LIVE, "Live updates", true))])
            .row(Some("Select all"), vec![Box::new(Checkbox::tristate(ids::ALL, "All channels"))])
            .row(
                None,
                vec![
                    Box::new(Checkbox::new(ids::ONE, "Channel one", true)),
                    Box::new(Checkbox::new(ids::TWO, "Channel two", false)),
                    Box::new(Checkbox::new(ids::LOCKED, "Locked", true).disabled()),
                ],
            )
            .row(Some("Rating"), vec![Box::new(Rating::new(ids::RATING, "Rating", 3))])
            .row(Some("Filters"), vec![Box::new(Chips::new(ids::FILTERS, "Filters", FILTERS))])
            .section("Badges")
            .row(
                None,
                Variant::ALL
                    .iter()
                    .zip([
                        "values.badge.neutral",
                        "values.badge.info",
                        "values.badge.success",
                        "values.badge.warning",
                        "values.badge.danger",
                    ])
                    .zip(["Draft", "Info", "Shipped", "Review", "Blocked"])
                    .map(|((v, id), text)| Box::new(Badge::new(id, text, *v)) as Box<dyn crate::widgets::Widget>)
                    .collect(),
            )
            .build()
    }

    fn react(page: &mut KitPage, id: WidgetId, _message: &Message, _input: &mut Input<'_>) {
        match id {
            ids::VOLUME => {
                let t = page.widget::<Slider>(ids::VOLUME).map_or(0.0, |s| s.value.fraction());
                for bar in [ids::BAR, ids::RING] {
                    if let Some(p) = page.widget_mut::<Progress>(bar) {
                        p.set(t);
                    }
                }
            }
            ids::COPIES => {
                let n = page.widget::<Spinner>(ids::COPIES).map_or(0, |s| s.value);
                if let Some(stat) = page.widget_mut::<Statistic>(ids::ORDERS) {
                    stat.figure = thousands(n * 412);
                    stat.delta = (n as f32 - 3.0) * 1.4 + 4.2;
                }
            }
            ids::ALL => {
                // The parent checkbox sets its children; it is never left mixed by a click.
                let Some(all) = page.widget_mut::<Checkbox>(ids::ALL) else { return };
                if all.check == crate::widgets::checkbox::Check::Mixed {
                    all.check = crate::widgets::checkbox::Check::Unchecked;
                }
                let on = all.checked();
                for child in [ids::ONE, ids::TWO] {
                    if let Some(c) = page.widget_mut::<Checkbox>(child) {
                        *c = Checkbox::new(child, if child == ids::ONE { "Channel one" } else { "Channel two" }, on);
                    }
                }
            }
            ids::ONE | ids::TWO => {
                let one = page.widget::<Checkbox>(ids::ONE).is_some_and(Checkbox::checked);
                let two = page.widget::<Checkbox>(ids::TWO).is_some_and(Checkbox::checked);
                if let Some(all) = page.widget_mut::<Checkbox>(ids::ALL) {
                    use crate::widgets::checkbox::Check;
                    all.check = match (one, two) {
                        (true, true) => Check::Checked,
                        (false, false) => Check::Unchecked,
                        _ => Check::Mixed,
                    };
                }
            }
            _ => {}
        }
    }
}

/// `n` with thousands separated by commas.
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
