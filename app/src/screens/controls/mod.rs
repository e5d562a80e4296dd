//! The controls screen: a kit page (see [`crate::screens::kit`]) of a counting button, a checkbox, a radio group,
//! a toggle, a slider with a progress bar bound to it, a disabled button, the theme switch and the overlay's
//! dropdown. The checkbox, the radio group, the theme switch and the dropdown show and set what every screen
//! follows ([`Settings`]: the cards' shadows, what the inspector shows, the theme, the overlay), which a global key
//! may change behind the page too, so the page is synced to them ([`PageSpec::sync`]).

use serde_json::{Map, Value, json};

use crate::document::page::{KitPage, PageBuilder};
use crate::screens::interface::Input;
use crate::screens::kit::KitScreen;
use crate::screens::kit::state::{KitState, PageSpec};
use crate::ui::router::{Message, Target, WidgetId};
use crate::ui::settings::{Inspect, Overlay, Settings};
use crate::ui::theme::ThemeName;
use crate::widgets::Held;
use crate::widgets::button::Button;
use crate::widgets::checkbox::Checkbox;
use crate::widgets::dropdown::Dropdown;
use crate::widgets::note::Note;
use crate::widgets::progress::Progress;
use crate::widgets::radio::RadioGroup;
use crate::widgets::slider::Slider;
use crate::widgets::toggle::Toggle;
use crate::widgets::value::Ranged;

/// The controls' stable ids, as the report prints them.
pub mod ids {
    use crate::ui::router::WidgetId;

    /// The button that counts its presses.
    pub const BUTTON: WidgetId = "controls.button";
    /// What the button has counted.
    pub const PRESSES: WidgetId = "controls.presses";
    /// The checkbox.
    pub const CHECKBOX: WidgetId = "controls.checkbox";
    /// The radio group; its options are parts 0, 1 and 2.
    pub const RADIO: WidgetId = "controls.radio";
    /// The toggle switch.
    pub const TOGGLE: WidgetId = "controls.toggle";
    /// The slider.
    pub const SLIDER: WidgetId = "controls.slider";
    /// The progress bar the slider drives.
    pub const PROGRESS: WidgetId = "controls.progress";
    /// The button that cannot be pressed.
    pub const DISABLED: WidgetId = "controls.disabled";
    /// The theme switch.
    pub const THEME: WidgetId = "controls.theme";
    /// The dropdown that chooses the overlay drawn over the frame; its list is a popup of [`super::Overlay::ALL`].
    pub const OVERLAY: WidgetId = "controls.overlay";
}

/// The radio group's options: what the inspector shows, in [`Inspect::ALL`]'s order.
const INSPECTS: &[&str] = &["Bands", "Layers", "Glyph cache"];
/// The dropdown's options, in [`Overlay::ALL`]'s order.
const OVERLAYS: &[&str] = &["No overlay", "Paint flashing", "Bands", "Layers", "Glyph cache", "Layout bounds"];
const CHECKBOX_TEXT: &str = "Draw the card shadows";

/// The controls page.
#[derive(Debug)]
pub struct ControlsPage;

/// The controls screen.
pub type ControlsScreen = KitScreen<ControlsPage>;
/// The controls screen's state.
pub type Controls = KitState<ControlsPage>;

/// "pressed once", "pressed 3 times".
fn pressed(n: u32) -> String {
    match n {
        1 => "pressed once".to_owned(),
        n => format!("pressed {n} times"),
    }
}

impl PageSpec for ControlsPage {
    const NAME: &'static str = "controls";
    const TITLE: &'static str = "Controls";
    const SYNCS: bool = true;

    fn build() -> KitPage {
        let theme = Button::new(ids::THEME, "Theme: dark");
        PageBuilder::new("Controls", "Tab and Shift+Tab move the focus ring; Space or Return activate.")
            .section("Controls")
            .row(
                Some("Button"),
                vec![
                    Box::new(Button::new(ids::BUTTON, "Press me")),
                    Box::new(Note::new(ids::PRESSES, pressed(0), 200.0)),
                ],
            )
            .row(Some("Checkbox"), vec![Box::new(Checkbox::new(ids::CHECKBOX, CHECKBOX_TEXT, true))])
            .row(Some("Inspector shows"), vec![Box::new(RadioGroup::new(ids::RADIO, "Inspector shows", INSPECTS, 0))])
            .row(Some("Toggle"), vec![Box::new(Toggle::new(ids::TOGGLE, "Toggle", false))])
            .row(
                Some("Slider"),
                vec![Box::new(Slider::new(ids::SLIDER, "Slider", Ranged::new(40.0, 0.0, 100.0, 1.0), 260.0))],
            )
            .row(Some("Progress"), vec![Box::new(Progress::bar(ids::PROGRESS, "Progress", 0.4, 260.0))])
            .row(Some("Disabled"), vec![Box::new(Button::disabled(ids::DISABLED, "Unavailable"))])
            .row(
                Some("Theme"),
                vec![Box::new(theme), Box::new(Note::new("controls.theme-hint", "Ctrl+T anywhere", 200.0))],
            )
            .row(
                Some("Overlay"),
                vec![
                    Box::new(Dropdown::new(ids::OVERLAY, "Overlay", OVERLAYS, 0)),
                    Box::new(Note::new("controls.overlay-hint", "or F2, F3, F4", 160.0)),
                ],
            )
            .build()
    }

    fn sync(page: &mut KitPage, settings: &Settings) {
        let _ = page.set_value(ids::CHECKBOX, &Held::On(settings.shadows));
        let _ = page.set_value(ids::RADIO, &Held::Number(settings.inspect.index() as f64));
        if let Some(b) = page.widget_mut::<Button>(ids::THEME) {
            b.set_label(match settings.theme.name() {
                ThemeName::Dark => "Theme: dark",
                ThemeName::Light => "Theme: light",
            });
        }
        let _ = page.set_value(ids::OVERLAY, &Held::Number(settings.overlay().index() as f64));
    }

    fn react(page: &mut KitPage, id: WidgetId, message: &Message, input: &mut Input<'_>) {
        let settings = &mut *input.settings;
        match (id, message) {
            (ids::BUTTON, _) => {
                let n = page.value(ids::BUTTON).and_then(|v| v.number()).unwrap_or(0.0) as u32;
                let _ = page.set_value(ids::PRESSES, &Held::Text(pressed(n)));
            }
            (ids::CHECKBOX, _) => settings.shadows = page.value(ids::CHECKBOX) == Some(Held::On(true)),
            (ids::RADIO, _) => {
                let chosen = page.value(ids::RADIO).and_then(|v| v.number()).unwrap_or(0.0) as usize;
                settings.inspect = Inspect::at(chosen);
            }
            (ids::THEME, Message::Activate(_)) => settings.theme.toggle(input.now),
            (ids::OVERLAY, Message::Pick { item, .. }) => settings.set_overlay(Overlay::at(*item)),
            (ids::SLIDER, _) => {
                // The bar's percent is the slider's place in its range.
                let place = page.get(ids::SLIDER).and_then(|s| s.range()).map(|r| (r.value - r.min) / (r.max - r.min));
                let _ = page.set_value(ids::PROGRESS, &Held::Number(place.unwrap_or(0.0) * 100.0));
            }
            _ => {}
        }
        ControlsPage::sync(page, settings);
    }

    fn tooltip(target: Target) -> Option<&'static str> {
        Some(match target.id {
            ids::BUTTON => "Counts its presses",
            ids::CHECKBOX => "Draws or removes the overview's card shadows",
            ids::RADIO => "What the inspector (F3) shows",
            ids::TOGGLE => "Click, drag or press Space",
            ids::SLIDER => "0 to 100: drag, arrows, Page keys, the wheel",
            ids::THEME => "Dark or light; Ctrl+T anywhere",
            ids::OVERLAY => "What is drawn over the frame",
            _ => return None,
        })
    }

    fn report(settings: &Settings, into: &mut Map<String, Value>) {
        let mut add = |id: WidgetId, key: &str, value: Value| {
            if let Some(Value::Object(entry)) = into.get_mut(id) {
                entry.insert(key.to_owned(), value);
            }
        };
        add(ids::THEME, "theme", json!(settings.theme.name().as_str()));
        add(ids::RADIO, "shows", json!(settings.inspect.label()));
        add(ids::OVERLAY, "index", json!(settings.overlay().index()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_name_what_the_settings_offer() {
        let inspects: Vec<&str> = Inspect::ALL.iter().map(|i| i.label()).collect();
        assert_eq!(inspects, INSPECTS);
        let overlays: Vec<&str> = Overlay::ALL.iter().map(|o| o.label()).collect();
        assert_eq!(overlays, OVERLAYS);
    }
}
