//! The session's global keys, screen switching and report, without natives.

use super::*;
use crate::screens::controls::state::Controls;
use crate::ui::input::Button;

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
    assert_eq!(s.screen(), named("playground"));
    s.handle(&key(Key::Tab, Mods::CTRL), 0.0, &mut String::new());
    assert_eq!(s.screen(), named("controls"));
    s.set_regions(tabs());
    s.handle(&UiEvent::ButtonDown { button: Button::Left, x: 105.0, y: 10.0, clicks: 1 }, 0.0, &mut String::new());
    s.handle(&UiEvent::ButtonUp { button: Button::Left, x: 105.0, y: 10.0 }, 0.0, &mut String::new());
    assert_eq!(s.screen(), named("text"));
    assert_eq!(s.router.focus(), Some("text.field"), "the text screen opens with its field focused");
}

#[test]
fn a_ctrl_digit_past_the_last_screen_is_no_global_key() {
    let mut s = Session::new(named("overview"), true);
    s.take_changed();
    s.handle(&key(Key::Char('9'), Mods::CTRL), 0.0, &mut String::new());
    assert_eq!(s.screen(), named("overview"));
    assert!(!s.take_changed());
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
    if let Some(controls) = s.state_of_mut::<Controls>() {
        controls.value = 70;
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
