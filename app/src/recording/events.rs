//! A frame's input events as bytes and back (one exhaustive `match` over [`UiEvent`] each way), and what is
//! written of an event typed into a password field: a dot for each character, never the character.

use super::RecordingError;
use super::wire::{In, Out};
use crate::ui::input::{Button, Key, Mods, UiEvent};

/// What stands for each character typed into a hidden field, as the field itself draws it.
const DOT: char = '•';

/// `event` as a recording may keep it when the focus is in a password field (`secret`): text and character keys
/// become dots, one a character; every other event is kept as it is.
pub fn redacted(event: &UiEvent, secret: bool) -> UiEvent {
    let dots = |text: &str| DOT.to_string().repeat(text.chars().count());
    match event {
        UiEvent::Text(text) if secret => UiEvent::Text(dots(text)),
        UiEvent::Preedit { text, cursor } if secret => {
            let chars_before = text.get(..*cursor).map_or(0, |t| t.chars().count());
            UiEvent::Preedit { text: dots(text), cursor: chars_before * DOT.len_utf8() }
        }
        UiEvent::KeyDown { key: Key::Char(_), mods, repeat } if secret => {
            UiEvent::KeyDown { key: Key::Char(DOT), mods: *mods, repeat: *repeat }
        }
        other => other.clone(),
    }
}

/// Writes one event.
pub fn write_event(out: &mut Out, event: &UiEvent) {
    match event {
        UiEvent::PointerMoved { x, y } => {
            out.u8(0);
            out.f32(*x);
            out.f32(*y);
        }
        UiEvent::ButtonDown { button, x, y, clicks } => {
            out.u8(1);
            out.u8(button_code(*button));
            out.f32(*x);
            out.f32(*y);
            out.u8(*clicks);
        }
        UiEvent::ButtonUp { button, x, y } => {
            out.u8(2);
            out.u8(button_code(*button));
            out.f32(*x);
            out.f32(*y);
        }
        UiEvent::Wheel { dx, dy } => {
            out.u8(3);
            out.f32(*dx);
            out.f32(*dy);
        }
        UiEvent::KeyDown { key, mods, repeat } => {
            out.u8(4);
            write_key(out, *key);
            out.u8(mods_bits(*mods));
            out.bool(*repeat);
        }
        UiEvent::Text(text) => {
            out.u8(5);
            out.str(text);
        }
        UiEvent::Preedit { text, cursor } => {
            out.u8(6);
            out.str(text);
            out.len(*cursor);
        }
        UiEvent::PointerLeft => out.u8(7),
        UiEvent::FocusLost => out.u8(8),
        UiEvent::Held(mods) => {
            out.u8(9);
            out.u8(mods_bits(*mods));
        }
    }
}

/// Reads one event written by [`write_event`].
pub fn read_event(r: &mut In<'_>) -> Result<UiEvent, RecordingError> {
    Ok(match r.u8("an event's kind")? {
        0 => UiEvent::PointerMoved { x: r.f32("x")?, y: r.f32("y")? },
        1 => UiEvent::ButtonDown { button: read_button(r)?, x: r.f32("x")?, y: r.f32("y")?, clicks: r.u8("clicks")? },
        2 => UiEvent::ButtonUp { button: read_button(r)?, x: r.f32("x")?, y: r.f32("y")? },
        3 => UiEvent::Wheel { dx: r.f32("dx")?, dy: r.f32("dy")? },
        4 => UiEvent::KeyDown { key: read_key(r)?, mods: read_mods(r)?, repeat: r.bool("repeat")? },
        5 => UiEvent::Text(r.str("text")?),
        6 => UiEvent::Preedit { text: r.str("composition")?, cursor: r.len(usize::MAX, "composition cursor")? },
        7 => UiEvent::PointerLeft,
        8 => UiEvent::FocusLost,
        9 => UiEvent::Held(read_mods(r)?),
        other => return Err(RecordingError::Corrupt(format!("unknown event kind {other}"))),
    })
}

fn button_code(button: Button) -> u8 {
    match button {
        Button::Left => 0,
        Button::Middle => 1,
        Button::Right => 2,
    }
}

fn read_button(r: &mut In<'_>) -> Result<Button, RecordingError> {
    Ok(match r.u8("button")? {
        0 => Button::Left,
        1 => Button::Middle,
        2 => Button::Right,
        other => return Err(RecordingError::Corrupt(format!("unknown button {other}"))),
    })
}

fn mods_bits(m: Mods) -> u8 {
    u8::from(m.ctrl) | u8::from(m.shift) << 1 | u8::from(m.alt) << 2 | u8::from(m.gui) << 3
}

fn read_mods(r: &mut In<'_>) -> Result<Mods, RecordingError> {
    let b = r.u8("modifiers")?;
    Ok(Mods { ctrl: b & 1 != 0, shift: b & 2 != 0, alt: b & 4 != 0, gui: b & 8 != 0 })
}

fn write_key(out: &mut Out, key: Key) {
    let plain = |out: &mut Out, code: u8| out.u8(code);
    match key {
        Key::Tab => plain(out, 0),
        Key::Return => plain(out, 1),
        Key::Space => plain(out, 2),
        Key::Escape => plain(out, 3),
        Key::Backspace => plain(out, 4),
        Key::Delete => plain(out, 5),
        Key::Left => plain(out, 6),
        Key::Right => plain(out, 7),
        Key::Up => plain(out, 8),
        Key::Down => plain(out, 9),
        Key::Home => plain(out, 10),
        Key::End => plain(out, 11),
        Key::PageUp => plain(out, 12),
        Key::PageDown => plain(out, 13),
        Key::F(n) => {
            out.u8(14);
            out.u8(n);
        }
        Key::Char(c) => {
            out.u8(15);
            out.uv(u64::from(u32::from(c)));
        }
        Key::Other(code) => {
            out.u8(16);
            out.iv(i64::from(code));
        }
    }
}

fn read_key(r: &mut In<'_>) -> Result<Key, RecordingError> {
    Ok(match r.u8("key")? {
        0 => Key::Tab,
        1 => Key::Return,
        2 => Key::Space,
        3 => Key::Escape,
        4 => Key::Backspace,
        5 => Key::Delete,
        6 => Key::Left,
        7 => Key::Right,
        8 => Key::Up,
        9 => Key::Down,
        10 => Key::Home,
        11 => Key::End,
        12 => Key::PageUp,
        13 => Key::PageDown,
        14 => Key::F(r.u8("function key")?),
        15 => {
            let code = r.u32v("character")?;
            Key::Char(
                char::from_u32(code).ok_or_else(|| RecordingError::Corrupt(format!("{code:#x} is not a character")))?,
            )
        }
        16 => Key::Other(r.i32("key code")?),
        other => return Err(RecordingError::Corrupt(format!("unknown key {other}"))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_fields_text_is_written_as_dots() {
        let typed = UiEvent::Text("hunter2".into());
        assert_eq!(redacted(&typed, true), UiEvent::Text("•••••••".into()));
        assert_eq!(redacted(&typed, false), typed);
        let key = UiEvent::KeyDown { key: Key::Char('h'), mods: Mods::default(), repeat: false };
        assert_eq!(
            redacted(&key, true),
            UiEvent::KeyDown { key: Key::Char('•'), mods: Mods::default(), repeat: false }
        );
        let preedit = UiEvent::Preedit { text: "にほ".into(), cursor: 3 };
        assert_eq!(redacted(&preedit, true), UiEvent::Preedit { text: "••".into(), cursor: 3 });
    }
}
