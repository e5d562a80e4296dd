//! The session's global keys, screen switching and report, without natives.

use super::*;
use crate::screens::SCREENS;
use crate::screens::controls::{Controls, ids};
use crate::ui::input::Button;
use crate::widgets::button::Button as PushButton;
use crate::widgets::slider::Slider;

fn key(key: Key, mods: Mods) -> UiEvent {
    UiEvent::KeyDown { key, mods, repeat: false }
}

fn named(name: &str) -> ScreenId {
    ScreenId::named(name).unwrap_or_else(|| panic!("no screen {name}"))
}

fn tabs() -> Vec<Region> {
    (0..SCREENS.len() as u8)
        .map(|i| Region {
            target: Target { id: TABS, part: i },
            rect: Rect::new(100.0 * f32::from(i), 0.0, 90.0, 30.0),
            cursor: Cursor::Hand,
            focusable: false,
            enabled: true,
        })
        .collect()
}

#[test]
fn ctrl_digits_ctrl_tab_and_the_tabs_switch_screens() {
    let mut s = Session::new(named("overview"), true);
    s.set_regions(tabs());
    s.handle(&key(Key::Char('4'), Mods::CTRL), 0.0, &mut String::new());
    assert_eq!(s.screen(), named("controls"));
    assert!(s.needs_layout());
    s.handle(&key(Key::Tab, Mods { ctrl: true, shift: true, ..Mods::NONE }), 0.0, &mut String::new());
    assert_eq!(s.screen(), named("layout"));
    s.handle(&key(Key::Tab, Mods::CTRL), 0.0, &mut String::new());
    assert_eq!(s.screen(), named("controls"));
    s.set_regions(tabs());
    s.handle(&UiEvent::ButtonDown { button: Button::Left, x: 105.0, y: 10.0, clicks: 1 }, 0.0, &mut String::new());
    s.handle(&UiEvent::ButtonUp { button: Button::Left, x: 105.0, y: 10.0 }, 0.0, &mut String::new());
    assert_eq!(s.screen(), named("text"));
    assert_eq!(s.router.focus(), Some("text.field"), "the text screen opens with its field focused");
}

#[test]
fn ctrl_digits_reach_every_screen_and_none_past_the_last() {
    let mut s = Session::new(named("overview"), true);
    for screen in ScreenId::all().take(9) {
        let digit = char::from_digit(screen.index() as u32 + 1, 10).unwrap_or('1');
        s.handle(&key(Key::Char(digit), Mods::CTRL), 0.0, &mut String::new());
        assert_eq!(s.screen(), screen);
    }
    if SCREENS.len() < 9 {
        s.take_changed();
        s.handle(&key(Key::Char('9'), Mods::CTRL), 0.0, &mut String::new());
        assert!(!s.take_changed(), "no screen there");
    }
}

#[test]
fn ctrl_t_f1_and_escape_work_anywhere_and_count_as_changes() {
    let mut s = Session::new(named("text"), true);
    s.take_changed();
    s.handle(&key(Key::Char('t'), Mods::CTRL), 2.0, &mut String::new());
    assert_eq!(s.theme().name().as_str(), "light");
    assert!(s.animating(2.1));
    assert!(s.take_changed());
    s.handle(&key(Key::F(1), Mods::NONE), 2.0, &mut String::new());
    assert!(!s.hud());
    // The field has the focus: Escape unwinds it first, and quits only when nothing is left.
    s.handle(&key(Key::Escape, Mods::NONE), 2.0, &mut String::new());
    assert!(!s.quit() && s.focus().is_none(), "the first Escape takes the focus away");
    assert!(s.take_changed());
    s.handle(&key(Key::Escape, Mods::NONE), 2.0, &mut String::new());
    assert!(s.quit());
}

#[test]
fn a_pointer_move_over_nothing_changes_nothing() {
    let mut s = Session::new(named("text"), true);
    s.set_regions(tabs());
    s.take_changed();
    s.handle(&UiEvent::PointerMoved { x: 300.0, y: 700.0 }, 0.0, &mut String::new());
    assert!(!s.take_changed());
    s.handle(&UiEvent::PointerMoved { x: 10.0, y: 10.0 }, 0.0, &mut String::new());
    assert!(s.take_changed(), "hovering a tab is a change a person sees");
}

#[test]
fn only_the_overview_moves_by_itself() {
    for screen in ScreenId::all() {
        let s = Session::new(screen, false);
        // (The list's scrollbar shows for a moment when the screen opens: long gone at 100 s.)
        assert_eq!(s.animating(100.0), screen == named("overview"), "{screen}");
    }
}

#[test]
fn the_report_names_every_control_and_the_focus() {
    let mut s = Session::new(named("controls"), true);
    let widgets = s.widgets();
    assert_eq!(widgets["controls.slider"]["value"], 40);
    assert_eq!(widgets["controls.theme"]["theme"], "dark");
    assert!(widgets["focus"].is_null());
    if let Some(slider) = s.state_of_mut::<Controls>().and_then(|c| c.page.widget_mut::<Slider>(ids::SLIDER)) {
        slider.value.set(70.0);
    }
    assert_eq!(s.widgets()["controls.slider"]["value"], 70);
}

#[test]
fn the_report_gives_every_widget_its_box_and_each_part_its_own() {
    let mut s = Session::new(named("text"), true);
    s.set_regions(tabs());
    let widgets = s.widgets();
    let right = 100.0 * (SCREENS.len() - 1) as f32 + 90.0;
    assert_eq!(widgets["tabs"]["rect"], json!([0.0, 0.0, right, 30.0]));
    assert_eq!(widgets["tabs"]["parts"][4], json!([400.0, 0.0, 90.0, 30.0]));
    assert!(widgets["controls.button"].get("rect").is_none(), "not on this screen");
}

fn press(s: &mut Session, x: f32, y: f32, button: Button) {
    s.handle(&UiEvent::ButtonDown { button, x, y, clicks: 1 }, 0.0, &mut String::new());
    s.handle(&UiEvent::ButtonUp { button, x, y }, 0.0, &mut String::new());
}

/// The controls screen with its dropdown at (100, 100) 200 x 30 and its button at (100, 300), in an 800 x 600 window.
fn controls_with_dropdown() -> Session {
    let mut s = Session::new(named("controls"), false);
    let at = |id, y| Region { focusable: true, ..Region::at(id, 0, Rect::new(100.0, y, 200.0, 30.0), Cursor::Hand) };
    let regions = vec![at("controls.overlay", 100.0), at("controls.button", 300.0)];
    s.take_feedback(Feedback { regions: Some(regions), laid: None, viewport: Some(Rect::new(0.0, 0.0, 800.0, 600.0)) });
    s
}

#[test]
fn an_open_popup_takes_escape_first_and_the_screen_is_not_hit_under_it() {
    let mut s = controls_with_dropdown();
    press(&mut s, 150.0, 110.0, Button::Left);
    assert_eq!(s.popups().open().map(|p| p.owner), Some("controls.overlay"));
    assert_eq!(s.router.focus(), Some("controls.overlay"));
    // The list's six rows run from y 134 to 310, over the top of the button's box: a click there is the list's.
    press(&mut s, 150.0, 305.0, Button::Left);
    assert_eq!(s.settings().overlay(), crate::ui::settings::Overlay::Bounds, "the last row picked");
    let presses = s.state_of::<Controls>().and_then(|c| c.page.widget::<PushButton>(ids::BUTTON)).map(|b| b.presses);
    assert_eq!(presses, Some(0), "the button under it was not pressed");
    press(&mut s, 150.0, 110.0, Button::Left);
    s.handle(&key(Key::Tab, Mods::NONE), 0.0, &mut String::new());
    assert_eq!(s.router.focus(), Some("controls.overlay"), "Tab does nothing in a menu");
    s.handle(&key(Key::Escape, Mods::NONE), 0.0, &mut String::new());
    assert!(!s.quit() && !s.popups().is_open(), "Escape closed the list and did not quit");
    assert_eq!(s.router.focus(), Some("controls.overlay"));
    s.handle(&key(Key::Escape, Mods::NONE), 0.0, &mut String::new());
    assert!(!s.quit() && s.focus().is_none(), "then Escape takes the focus away");
    s.handle(&key(Key::Escape, Mods::NONE), 0.0, &mut String::new());
    assert!(s.quit(), "with nothing open or focused Escape quits");
}

#[test]
fn a_press_outside_a_menu_closes_it_and_does_nothing_else_and_a_global_key_closes_it_first() {
    let mut s = controls_with_dropdown();
    press(&mut s, 150.0, 110.0, Button::Left);
    press(&mut s, 700.0, 500.0, Button::Right);
    assert!(!s.popups().is_open());
    assert_eq!(s.router.focus(), Some("controls.overlay"), "the press outside did not take the focus away");
    press(&mut s, 150.0, 110.0, Button::Left);
    s.handle(&key(Key::Char('1'), Mods::CTRL), 0.0, &mut String::new());
    assert!(!s.popups().is_open());
    assert_eq!(s.screen(), named("overview"));
}

#[test]
fn a_tooltip_waits_for_the_pointer_to_rest_and_wakes_the_loop_when_due() {
    let mut s = controls_with_dropdown();
    s.handle(&UiEvent::PointerMoved { x: 150.0, y: 310.0 }, 1.0, &mut String::new());
    assert_eq!(s.tooltip(1.2), None);
    assert_eq!(s.next_tooltip(1.2), Some(1.0 + crate::popup::TOOLTIP_DELAY_S));
    assert_eq!(s.tooltip(1.5).map(|t| t.text), Some("Counts its presses"));
    assert!(s.tooltip_changed(1.5));
    assert!(!s.tooltip_changed(1.6), "already shown");
    assert_eq!(s.next_tooltip(1.6), None, "nothing to wake for once it shows");
    assert_eq!(s.widgets()["tooltip"]["shown"], "Counts its presses");
}
