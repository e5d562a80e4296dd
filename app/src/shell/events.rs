//! SDL's events in the app's words: the one place that knows SDL's key codes, mouse buttons and modifiers.

use goldberry_natives::sdl::{Event, Key as SdlKey, Modifiers, MouseButton};

use crate::ui::input::{Button, Key, Mods, UiEvent};

/// What one SDL event means to the run.
#[derive(Debug, Clone, PartialEq)]
pub enum WindowEvent {
    /// Input for the session.
    Input(UiEvent),
    /// The window was closed, or the program asked to quit.
    Quit,
    /// The window has a new size (its surface will be a new one), or moved to another display (whose scale may
    /// differ).
    Resized,
    /// The window was uncovered: its pixels must be presented again.
    Exposed,
    /// Another thread of the app woke the loop (`code`: a watched file changed, see
    /// [`crate::document::watch`]).
    Woken(i32),
    /// Nothing the app acts on (a key release, a window moved ...).
    Ignored,
}

/// Translates one SDL event; a pointer's window coordinates are multiplied by `to_logical` (the logical units per
/// window coordinate, see [`crate::shell::scaling`]).
pub fn translate(event: Event, to_logical: f32) -> WindowEvent {
    let input = |e| WindowEvent::Input(e);
    let at = |v: i32| v as f32 * to_logical;
    match event {
        Event::Quit | Event::CloseRequested => WindowEvent::Quit,
        Event::Resized { .. } | Event::DisplayChanged => WindowEvent::Resized,
        Event::Exposed => WindowEvent::Exposed,
        Event::MouseLeft => input(UiEvent::PointerLeft),
        Event::FocusLost => input(UiEvent::FocusLost),
        Event::MouseMotion { x, y } => input(UiEvent::PointerMoved { x: at(x), y: at(y) }),
        Event::MouseButtonDown { button, x, y, clicks } => match self::button(button) {
            Some(button) => input(UiEvent::ButtonDown { button, x: at(x), y: at(y), clicks }),
            None => WindowEvent::Ignored,
        },
        Event::MouseButtonUp { button, x, y, .. } => match self::button(button) {
            Some(button) => input(UiEvent::ButtonUp { button, x: at(x), y: at(y) }),
            None => WindowEvent::Ignored,
        },
        Event::MouseWheel { dx, dy } => input(UiEvent::Wheel { dx, dy }),
        // A Shift key's own press and release say what a click holds (SDL's mouse events carry no modifiers).
        Event::KeyDown { key: code, modifiers, .. } if is_shift(code) => {
            input(UiEvent::Held(Mods { shift: true, ..mods(modifiers) }))
        }
        Event::KeyUp { key: code, modifiers, .. } if is_shift(code) => {
            input(UiEvent::Held(Mods { shift: false, ..mods(modifiers) }))
        }
        Event::KeyDown { key: code, modifiers, repeat } => {
            input(UiEvent::KeyDown { key: key(code), mods: mods(modifiers), repeat })
        }
        Event::TextInput(text) => input(UiEvent::Text(text.as_str().to_owned())),
        Event::TextEditing { text, start, .. } => {
            let cursor = preedit_cursor(&text, start);
            input(UiEvent::Preedit { text, cursor })
        }
        Event::User { code } => WindowEvent::Woken(code),
        Event::KeyUp { .. } | Event::MouseEntered | Event::FocusGained | Event::Other => WindowEvent::Ignored,
    }
}

/// SDL's cursor in a composition, in characters, as a byte offset into it; out of range (IBus sends -1 for none)
/// puts it at the end.
fn preedit_cursor(text: &str, start: i32) -> usize {
    usize::try_from(start).ok().and_then(|n| text.char_indices().nth(n).map(|(at, _)| at)).unwrap_or(text.len())
}

fn button(button: MouseButton) -> Option<Button> {
    match button {
        MouseButton::LEFT => Some(Button::Left),
        MouseButton::MIDDLE => Some(Button::Middle),
        MouseButton::RIGHT => Some(Button::Right),
        _ => None,
    }
}

/// Whether `code` is a Shift key (`SDLK_LSHIFT`, `SDLK_RSHIFT`: scancodes 225 and 229 as keycodes).
fn is_shift(code: SdlKey) -> bool {
    const SCANCODE_BIT: i32 = 1 << 30;
    matches!(code, SdlKey(c) if c == SCANCODE_BIT | 225 || c == SCANCODE_BIT | 229)
}

/// The modifiers the app tells apart (lock keys are ignored).
pub fn mods(m: Modifiers) -> Mods {
    Mods { ctrl: m.ctrl(), shift: m.shift(), alt: m.alt(), gui: m.gui() }
}

/// A key by meaning. SDL's F1 to F12 codes are consecutive (they are their scancodes, 58 to 69, with the
/// "scancode" bit), and a printable key's code is its character.
pub fn key(code: SdlKey) -> Key {
    match code {
        SdlKey::TAB => Key::Tab,
        // The keypad's Enter is Return to a person, and its + and - are the zoom keys' characters (Ctrl+Plus).
        SdlKey::RETURN | SdlKey::KP_ENTER => Key::Return,
        SdlKey::KP_PLUS => Key::Char('+'),
        SdlKey::KP_MINUS => Key::Char('-'),
        SdlKey::SPACE => Key::Space,
        SdlKey::ESCAPE => Key::Escape,
        SdlKey::BACKSPACE => Key::Backspace,
        SdlKey::DELETE => Key::Delete,
        SdlKey::LEFT => Key::Left,
        SdlKey::RIGHT => Key::Right,
        SdlKey::UP => Key::Up,
        SdlKey::DOWN => Key::Down,
        SdlKey::HOME => Key::Home,
        SdlKey::END => Key::End,
        SdlKey::PAGE_UP => Key::PageUp,
        SdlKey::PAGE_DOWN => Key::PageDown,
        SdlKey(code) if (SdlKey::F1.0..SdlKey::F1.0 + 12).contains(&code) => Key::F((code - SdlKey::F1.0 + 1) as u8),
        SdlKey(code) => match u32::try_from(code).ok().and_then(char::from_u32) {
            Some(c) if !c.is_control() => Key::Char(c.to_ascii_lowercase()),
            _ => Key::Other(code),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_buttons_and_modifiers_read_as_the_app_names_them() {
        assert_eq!(key(SdlKey::from_char('T')), Key::Char('t'));
        assert_eq!(key(SdlKey::from_char('4')), Key::Char('4'));
        assert_eq!(key(SdlKey::F1), Key::F(1));
        assert_eq!(key(SdlKey(SdlKey::F1.0 + 11)), Key::F(12));
        assert_eq!(key(SdlKey::PAGE_DOWN), Key::PageDown);
        assert_eq!(key(SdlKey::KP_ENTER), Key::Return, "the keypad's Enter activates as Return does");
        assert_eq!((key(SdlKey::KP_PLUS), key(SdlKey::KP_MINUS)), (Key::Char('+'), Key::Char('-')));
        assert_eq!(mods(Modifiers::LCTRL | Modifiers::RSHIFT), Mods { ctrl: true, shift: true, ..Mods::NONE });
        let down = Event::MouseButtonDown { button: MouseButton::RIGHT, x: 3, y: 4, clicks: 2 };
        assert_eq!(
            translate(down, 1.0),
            WindowEvent::Input(UiEvent::ButtonDown { button: Button::Right, x: 3.0, y: 4.0, clicks: 2 })
        );
        assert_eq!(translate(Event::CloseRequested, 1.0), WindowEvent::Quit);
        assert_eq!(translate(Event::User { code: 23 }, 1.0), WindowEvent::Woken(23));
        // A composition's cursor comes in characters and goes on in bytes.
        let editing = |start| Event::TextEditing { text: "にほん".into(), start, length: 0 };
        let preedit = |cursor| WindowEvent::Input(UiEvent::Preedit { text: "にほん".into(), cursor });
        assert_eq!(translate(editing(1), 1.0), preedit(3));
        assert_eq!(translate(editing(-1), 1.0), preedit(9));
        assert_eq!(translate(editing(7), 1.0), preedit(9));
        // At 2 window pixels a logical unit, the pointer's pixel (3, 5) is at logical (1.5, 2.5).
        assert_eq!(
            translate(Event::MouseMotion { x: 3, y: 5 }, 0.5),
            WindowEvent::Input(UiEvent::PointerMoved { x: 1.5, y: 2.5 })
        );
    }
}
