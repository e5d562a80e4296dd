//! SDL's events, in the app's vocabulary: quit, close, resize, window focus, the mouse, keys, text and an input
//! method's composition.

use std::ffi::{CStr, CString, c_char};

use goldberry_calls::sdl::events::{SDL_PushEvent, SDL_strdup};
use goldberry_calls::sdl::types::{
    KMOD_ALT, KMOD_CTRL, KMOD_GUI, KMOD_LALT, KMOD_LCTRL, KMOD_LGUI, KMOD_LSHIFT, KMOD_NONE, KMOD_RALT, KMOD_RCTRL,
    KMOD_RGUI, KMOD_RSHIFT, KMOD_SHIFT, SDL_BUTTON_LEFT, SDL_BUTTON_MIDDLE, SDL_BUTTON_RIGHT, SDL_BUTTON_X1,
    SDL_BUTTON_X2, SDL_Event, SDL_EventType, SDL_KEYDOWN, SDL_KEYUP, SDL_KeyboardEvent, SDL_Keysym,
    SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP, SDL_MOUSEMOTION, SDL_MOUSEWHEEL, SDL_MOUSEWHEEL_FLIPPED,
    SDL_MOUSEWHEEL_NORMAL, SDL_MouseButtonEvent, SDL_MouseMotionEvent, SDL_MouseWheelEvent, SDL_PRESSED, SDL_QUIT,
    SDL_RELEASED, SDL_Scancode, SDL_TEXTEDITING, SDL_TEXTEDITING_EXT, SDL_TEXTEDITINGEVENT_TEXT_SIZE, SDL_TEXTINPUT,
    SDL_TEXTINPUTEVENT_TEXT_SIZE, SDL_TextEditingEvent, SDL_TextEditingExtEvent, SDL_TextInputEvent, SDL_USEREVENT,
    SDL_UserEvent, SDL_WINDOWEVENT, SDL_WINDOWEVENT_CLOSE, SDL_WINDOWEVENT_DISPLAY_CHANGED, SDL_WINDOWEVENT_ENTER,
    SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_LEAVE,
    SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WindowEvent, SDL_WindowEventID, SDLK_BACKSPACE,
    SDLK_DELETE, SDLK_DOWN, SDLK_END, SDLK_ESCAPE, SDLK_F1, SDLK_HOME, SDLK_KP_ENTER, SDLK_KP_MINUS, SDLK_KP_PLUS,
    SDLK_LEFT, SDLK_PAGEDOWN, SDLK_PAGEUP, SDLK_RETURN, SDLK_RIGHT, SDLK_SPACE, SDLK_TAB, SDLK_UP,
};

use super::Video;
use crate::error::NativeError;

/// One event from SDL's queue.
///
/// Every variant but [`Event::Other`] can be pushed back with [`Video::push_event`] and polls back equal. Not
/// `Copy`: a composition may be longer than an event's inline text.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// `SDL_QUIT`: the user asked the program to quit (last window closed, a signal, ...).
    Quit,
    /// `SDL_WINDOWEVENT_CLOSE`: the window manager asks a window to close.
    CloseRequested,
    /// `SDL_WINDOWEVENT_RESIZED` or `SDL_WINDOWEVENT_SIZE_CHANGED`: a window is now `width` x `height`.
    /// SDL sends both for a resize by the user, so the same size may arrive twice.
    Resized {
        /// The new width in pixels.
        width: u32,
        /// The new height in pixels.
        height: u32,
    },
    /// `SDL_WINDOWEVENT_ENTER`: the pointer entered the window.
    MouseEntered,
    /// `SDL_WINDOWEVENT_LEAVE`: the pointer left the window.
    MouseLeft,
    /// `SDL_WINDOWEVENT_FOCUS_GAINED`: the window gained keyboard focus.
    FocusGained,
    /// `SDL_WINDOWEVENT_FOCUS_LOST`: the window lost keyboard focus.
    FocusLost,
    /// `SDL_WINDOWEVENT_EXPOSED`: the window was uncovered and its pixels must be presented again.
    Exposed,
    /// `SDL_WINDOWEVENT_DISPLAY_CHANGED`: the window moved to another display (whose scale may differ).
    DisplayChanged,
    /// `SDL_MOUSEMOTION`: the pointer is now at `x`, `y` (window pixels).
    MouseMotion {
        /// X relative to the window's left edge.
        x: i32,
        /// Y relative to the window's top edge.
        y: i32,
    },
    /// `SDL_MOUSEBUTTONDOWN`: `button` was pressed with the pointer at `x`, `y`.
    MouseButtonDown {
        /// Which button.
        button: MouseButton,
        /// X relative to the window.
        x: i32,
        /// Y relative to the window.
        y: i32,
        /// 1 for a single click, 2 for a double click, ...
        clicks: u8,
    },
    /// `SDL_MOUSEBUTTONUP`: `button` was released with the pointer at `x`, `y`.
    MouseButtonUp {
        /// Which button.
        button: MouseButton,
        /// X relative to the window.
        x: i32,
        /// Y relative to the window.
        y: i32,
        /// 1 for a single click, 2 for a double click, ...
        clicks: u8,
    },
    /// `SDL_MOUSEWHEEL`: scrolled by `dx`, `dy` (SDL's precise amounts, in wheel steps). `SDL_MOUSEWHEEL_FLIPPED`
    /// is already undone, so `dy > 0` always means up (away from the user) and `dx > 0` right.
    MouseWheel {
        /// Horizontal amount, positive to the right.
        dx: f32,
        /// Vertical amount, positive up.
        dy: f32,
    },
    /// `SDL_KEYDOWN`: a key was pressed, or repeats while held.
    KeyDown {
        /// The key, by meaning.
        key: Key,
        /// The modifiers held.
        modifiers: Modifiers,
        /// Whether this is the keyboard's auto-repeat.
        repeat: bool,
    },
    /// `SDL_KEYUP`: a key was released.
    KeyUp {
        /// The key, by meaning.
        key: Key,
        /// The modifiers held.
        modifiers: Modifiers,
        /// Whether SDL marked it a repeat.
        repeat: bool,
    },
    /// `SDL_TEXTINPUT`: text was typed (SDL's drivers send it between [`Video::start_text_input`] and
    /// [`Video::stop_text_input`]; SDL starts with it on).
    TextInput(Text),
    /// `SDL_TEXTEDITING`, or `SDL_TEXTEDITING_EXT` for a composition of 32 bytes or more: an input method's
    /// composition (the preedit) is now `text`, not yet typed; "" when it ended or was cancelled. SDL sends these
    /// between [`Video::start_text_input`] and [`Video::stop_text_input`]; the long form only with the
    /// `SDL_IME_SUPPORT_EXTENDED_TEXT` hint on, which [`super::Sdl::init_video`] sets.
    TextEditing {
        /// The composition.
        text: String,
        /// Where the input method's cursor stands in it, in characters (Unicode scalar values).
        start: i32,
        /// How many characters from `start` the input method has selected (0 or -1: none).
        length: i32,
    },
    /// `SDL_USEREVENT`: the application woke its own loop (another thread's [`Waker::wake`]), with `code`.
    User {
        /// What the waker said.
        code: i32,
    },
    /// Any other event (window moved or shown, joysticks, ...).
    Other,
}

/// A key, by what it means: SDL's virtual key code (`SDL_Keycode`). A printable key's code is its unshifted
/// character (`Key::from_char('z')`); [`Video::key_from_name`] finds any key by SDL's name for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key(pub i32);

impl Key {
    /// `SDLK_ESCAPE`.
    pub const ESCAPE: Key = Key(SDLK_ESCAPE.0);
    /// `SDLK_F1`.
    pub const F1: Key = Key(SDLK_F1.0);
    /// `SDLK_RETURN`.
    pub const RETURN: Key = Key(SDLK_RETURN.0);
    /// `SDLK_TAB`.
    pub const TAB: Key = Key(SDLK_TAB.0);
    /// `SDLK_SPACE`.
    pub const SPACE: Key = Key(SDLK_SPACE.0);
    /// `SDLK_BACKSPACE`.
    pub const BACKSPACE: Key = Key(SDLK_BACKSPACE.0);
    /// `SDLK_DELETE`.
    pub const DELETE: Key = Key(SDLK_DELETE.0);
    /// `SDLK_HOME`.
    pub const HOME: Key = Key(SDLK_HOME.0);
    /// `SDLK_END`.
    pub const END: Key = Key(SDLK_END.0);
    /// `SDLK_PAGEUP`.
    pub const PAGE_UP: Key = Key(SDLK_PAGEUP.0);
    /// `SDLK_PAGEDOWN`.
    pub const PAGE_DOWN: Key = Key(SDLK_PAGEDOWN.0);
    /// `SDLK_LEFT`.
    pub const LEFT: Key = Key(SDLK_LEFT.0);
    /// `SDLK_RIGHT`.
    pub const RIGHT: Key = Key(SDLK_RIGHT.0);
    /// `SDLK_UP`.
    pub const UP: Key = Key(SDLK_UP.0);
    /// `SDLK_KP_ENTER`: the keypad's Enter.
    pub const KP_ENTER: Key = Key(SDLK_KP_ENTER.0);
    /// `SDLK_KP_PLUS`: the keypad's `+`.
    pub const KP_PLUS: Key = Key(SDLK_KP_PLUS.0);
    /// `SDLK_KP_MINUS`: the keypad's `-`.
    pub const KP_MINUS: Key = Key(SDLK_KP_MINUS.0);
    /// `SDLK_DOWN`.
    pub const DOWN: Key = Key(SDLK_DOWN.0);

    /// The key whose unshifted character is `c` (`'1'`, `'t'`, `'z'`): SDL's code for a printable key is the
    /// character itself, lower case for letters.
    pub fn from_char(c: char) -> Key {
        Key(c.to_ascii_lowercase() as i32)
    }
}

/// The modifier keys held with a key (`SDL_Keymod`, as SDL's `Uint16 mod` carries it). Lock keys (Num, Caps,
/// Scroll) are bits too, so test a modifier with [`Modifiers::ctrl`] and its kin, not with `==`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Modifiers(pub u16);

impl Modifiers {
    /// `KMOD_NONE`.
    pub const NONE: Modifiers = Modifiers::of(KMOD_NONE.0);
    /// `KMOD_LSHIFT`.
    pub const LSHIFT: Modifiers = Modifiers::of(KMOD_LSHIFT.0);
    /// `KMOD_RSHIFT`.
    pub const RSHIFT: Modifiers = Modifiers::of(KMOD_RSHIFT.0);
    /// `KMOD_LCTRL`.
    pub const LCTRL: Modifiers = Modifiers::of(KMOD_LCTRL.0);
    /// `KMOD_RCTRL`.
    pub const RCTRL: Modifiers = Modifiers::of(KMOD_RCTRL.0);
    /// `KMOD_LALT`.
    pub const LALT: Modifiers = Modifiers::of(KMOD_LALT.0);
    /// `KMOD_RALT`.
    pub const RALT: Modifiers = Modifiers::of(KMOD_RALT.0);
    /// `KMOD_LGUI`.
    pub const LGUI: Modifiers = Modifiers::of(KMOD_LGUI.0);
    /// `KMOD_RGUI`.
    pub const RGUI: Modifiers = Modifiers::of(KMOD_RGUI.0);
    /// `KMOD_SHIFT`: either Shift.
    pub const SHIFT: Modifiers = Modifiers::of(KMOD_SHIFT.0);
    /// `KMOD_CTRL`: either Ctrl.
    pub const CTRL: Modifiers = Modifiers::of(KMOD_CTRL.0);
    /// `KMOD_ALT`: either Alt.
    pub const ALT: Modifiers = Modifiers::of(KMOD_ALT.0);
    /// `KMOD_GUI`: either GUI (Windows, Command) key.
    pub const GUI: Modifiers = Modifiers::of(KMOD_GUI.0);

    /// SDL's `SDL_Keymod` values all fit SDL's `Uint16 mod`.
    const fn of(keymod: i32) -> Modifiers {
        Modifiers(keymod as u16)
    }

    /// Whether any bit of `other` is held (`m.intersects(Modifiers::CTRL)`: either Ctrl).
    pub const fn intersects(self, other: Modifiers) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every bit of `other` is held.
    pub const fn contains(self, other: Modifiers) -> bool {
        self.0 & other.0 == other.0
    }

    /// Either Shift is held.
    pub const fn shift(self) -> bool {
        self.intersects(Modifiers::SHIFT)
    }

    /// Either Ctrl is held.
    pub const fn ctrl(self) -> bool {
        self.intersects(Modifiers::CTRL)
    }

    /// Either Alt is held.
    pub const fn alt(self) -> bool {
        self.intersects(Modifiers::ALT)
    }

    /// Either GUI key is held.
    pub const fn gui(self) -> bool {
        self.intersects(Modifiers::GUI)
    }
}

impl std::ops::BitOr for Modifiers {
    type Output = Modifiers;

    fn bitor(self, other: Modifiers) -> Modifiers {
        Modifiers(self.0 | other.0)
    }
}

/// A mouse button, by SDL's number for it (`SDL_BUTTON_LEFT` = 1 ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MouseButton(pub u8);

impl MouseButton {
    /// `SDL_BUTTON_LEFT`.
    pub const LEFT: MouseButton = MouseButton(SDL_BUTTON_LEFT.0);
    /// `SDL_BUTTON_MIDDLE`.
    pub const MIDDLE: MouseButton = MouseButton(SDL_BUTTON_MIDDLE.0);
    /// `SDL_BUTTON_RIGHT`.
    pub const RIGHT: MouseButton = MouseButton(SDL_BUTTON_RIGHT.0);
    /// `SDL_BUTTON_X1`.
    pub const X1: MouseButton = MouseButton(SDL_BUTTON_X1.0);
    /// `SDL_BUTTON_X2`.
    pub const X2: MouseButton = MouseButton(SDL_BUTTON_X2.0);
}

/// The text of one `SDL_TEXTINPUT` event: UTF-8 of at most [`Text::MAX_BYTES`] bytes, held inline so an event
/// stays `Copy` and polling allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Text {
    bytes: [u8; Text::MAX_BYTES],
    len: u8,
}

impl Text {
    /// The most bytes one `SDL_TEXTINPUT` event holds: `SDL_TEXTINPUTEVENT_TEXT_SIZE` (32) less its NUL.
    pub const MAX_BYTES: usize = SDL_TEXTINPUTEVENT_TEXT_SIZE.0 - 1;

    /// `text` as one event's text. Longer than [`Text::MAX_BYTES`], or holding a NUL (SDL's text ends at the
    /// first), is refused with [`NativeError::InvalidArgument`] naming the limit: never cut silently.
    pub fn new(text: &str) -> Result<Text, NativeError> {
        if text.len() > Text::MAX_BYTES {
            return Err(NativeError::InvalidArgument(format!(
                "text input of {} bytes is longer than the {} bytes one SDL_TEXTINPUT event holds: split it",
                text.len(),
                Text::MAX_BYTES
            )));
        }
        if text.contains('\0') {
            return Err(NativeError::InvalidArgument(
                "text input cannot hold a NUL byte: SDL_TEXTINPUT's text ends at the first".to_owned(),
            ));
        }
        let mut bytes = [0; Text::MAX_BYTES];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Ok(Text { bytes, len: text.len() as u8 })
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Always valid: `new` takes a `&str` and `from_c` keeps only a valid prefix.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }

    /// The text of a C `char[32]` SDL wrote: up to its NUL (or 31 bytes), and of those the longest valid UTF-8
    /// start (SDL itself only cuts text at character boundaries).
    fn from_c(text: &[c_char; SDL_TEXTINPUTEVENT_TEXT_SIZE.0]) -> Text {
        let mut bytes = [0; Text::MAX_BYTES];
        let mut len = 0;
        for (to, from) in bytes.iter_mut().zip(text) {
            if *from == 0 {
                break;
            }
            *to = *from as u8;
            len += 1;
        }
        let valid = match std::str::from_utf8(&bytes[..len]) {
            Ok(_) => len,
            Err(error) => error.valid_up_to(),
        };
        bytes[valid..].fill(0);
        Text { bytes, len: valid as u8 }
    }

    /// The text as SDL's NUL-terminated `char[32]`.
    fn to_c(self) -> [c_char; SDL_TEXTINPUTEVENT_TEXT_SIZE.0] {
        let mut text = [0; SDL_TEXTINPUTEVENT_TEXT_SIZE.0];
        for (to, from) in text.iter_mut().zip(&self.bytes[..usize::from(self.len)]) {
            *to = *from as c_char;
        }
        text
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Event {
    /// Reads an event SDL wrote.
    fn from_sdl(event: &SDL_Event) -> Event {
        // SAFETY: every member of the union starts with `Uint32 type`, and SDL wrote a whole event.
        let event_type = SDL_EventType(unsafe { event.r#type });
        match event_type {
            SDL_QUIT => Event::Quit,
            // SAFETY: the type says the `user` member was written (by `Waker::wake` or `push_event`).
            SDL_USEREVENT => Event::User { code: unsafe { event.user.code } },
            SDL_WINDOWEVENT => {
                // SAFETY: the type says SDL wrote the `window` member.
                let window = unsafe { event.window };
                match SDL_WindowEventID(window.event) {
                    SDL_WINDOWEVENT_RESIZED | SDL_WINDOWEVENT_SIZE_CHANGED => Event::Resized {
                        width: u32::try_from(window.data1).unwrap_or(0),
                        height: u32::try_from(window.data2).unwrap_or(0),
                    },
                    SDL_WINDOWEVENT_CLOSE => Event::CloseRequested,
                    SDL_WINDOWEVENT_ENTER => Event::MouseEntered,
                    SDL_WINDOWEVENT_LEAVE => Event::MouseLeft,
                    SDL_WINDOWEVENT_FOCUS_GAINED => Event::FocusGained,
                    SDL_WINDOWEVENT_FOCUS_LOST => Event::FocusLost,
                    SDL_WINDOWEVENT_EXPOSED => Event::Exposed,
                    SDL_WINDOWEVENT_DISPLAY_CHANGED => Event::DisplayChanged,
                    _ => Event::Other,
                }
            }
            SDL_KEYDOWN | SDL_KEYUP => {
                // SAFETY: the type says SDL wrote the `key` member.
                let key = unsafe { event.key };
                let (code, modifiers, repeat) = (Key(key.keysym.sym), Modifiers(key.keysym.r#mod), key.repeat != 0);
                if event_type == SDL_KEYDOWN {
                    Event::KeyDown { key: code, modifiers, repeat }
                } else {
                    Event::KeyUp { key: code, modifiers, repeat }
                }
            }
            SDL_TEXTINPUT => {
                // SAFETY: the type says SDL wrote the `text` member.
                let text = unsafe { event.text };
                Event::TextInput(Text::from_c(&text.text))
            }
            SDL_TEXTEDITING => {
                // SAFETY: the type says SDL wrote the `edit` member.
                let edit = unsafe { event.edit };
                let text = Text::from_c(&edit.text);
                Event::TextEditing { text: text.as_str().to_owned(), start: edit.start, length: edit.length }
            }
            SDL_TEXTEDITING_EXT => {
                // SAFETY: the type says SDL wrote the `editExt` member.
                let edit = unsafe { event.editExt };
                let text = if edit.text.is_null() {
                    String::new()
                } else {
                    // SAFETY: SDL's text is NUL-terminated and ours to read until it is freed below.
                    unsafe { CStr::from_ptr(edit.text) }.to_string_lossy().into_owned()
                };
                Event::TextEditing { text, start: edit.start, length: edit.length }
            }
            SDL_MOUSEMOTION => {
                // SAFETY: the type says SDL wrote the `motion` member.
                let motion = unsafe { event.motion };
                Event::MouseMotion { x: motion.x, y: motion.y }
            }
            SDL_MOUSEBUTTONDOWN | SDL_MOUSEBUTTONUP => {
                // SAFETY: the type says SDL wrote the `button` member.
                let b = unsafe { event.button };
                let (button, x, y, clicks) = (MouseButton(b.button), b.x, b.y, b.clicks);
                if event_type == SDL_MOUSEBUTTONDOWN {
                    Event::MouseButtonDown { button, x, y, clicks }
                } else {
                    Event::MouseButtonUp { button, x, y, clicks }
                }
            }
            SDL_MOUSEWHEEL => {
                // SAFETY: the type says SDL wrote the `wheel` member.
                let wheel = unsafe { event.wheel };
                let (mut dx, mut dy) = (wheel.preciseX, wheel.preciseY);
                if dx == 0.0 && dy == 0.0 {
                    // An event pushed by code that knows only the whole steps.
                    (dx, dy) = (wheel.x as f32, wheel.y as f32);
                }
                if wheel.direction == SDL_MOUSEWHEEL_FLIPPED.0 {
                    (dx, dy) = (-dx, -dy);
                }
                Event::MouseWheel { dx, dy }
            }
            _ => Event::Other,
        }
    }

    /// The SDL event this event is, for `SDL_PushEvent`; `None` for [`Event::Other`].
    fn to_sdl(&self, timestamp: u32) -> Option<SDL_Event> {
        let window = |event: SDL_WindowEventID, data1: i32, data2: i32| SDL_Event {
            window: SDL_WindowEvent {
                r#type: SDL_WINDOWEVENT.0,
                timestamp,
                windowID: 0,
                event: event.0,
                padding1: 0,
                padding2: 0,
                padding3: 0,
                data1,
                data2,
            },
        };
        let key = |down: bool, code: Key, modifiers: Modifiers, repeat: bool| SDL_Event {
            key: SDL_KeyboardEvent {
                r#type: if down { SDL_KEYDOWN.0 } else { SDL_KEYUP.0 },
                timestamp,
                windowID: 0,
                state: if down { SDL_PRESSED.0 } else { SDL_RELEASED.0 },
                repeat: u8::from(repeat),
                padding2: 0,
                padding3: 0,
                // The scancode (where the key sits) is unknown for a key named by meaning.
                keysym: SDL_Keysym { scancode: SDL_Scancode(0), sym: code.0, r#mod: modifiers.0, unused: 0 },
            },
        };
        let button = |down: bool, button: MouseButton, x: i32, y: i32, clicks: u8| SDL_Event {
            button: SDL_MouseButtonEvent {
                r#type: if down { SDL_MOUSEBUTTONDOWN.0 } else { SDL_MOUSEBUTTONUP.0 },
                timestamp,
                windowID: 0,
                which: 0,
                button: button.0,
                state: if down { SDL_PRESSED.0 } else { SDL_RELEASED.0 },
                clicks,
                padding1: 0,
                x,
                y,
            },
        };
        let mut event = SDL_Event::zeroed();
        match *self {
            Event::Quit => event.common.r#type = SDL_QUIT.0,
            Event::CloseRequested => event = window(SDL_WINDOWEVENT_CLOSE, 0, 0),
            Event::Resized { width, height } => {
                let size = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
                event = window(SDL_WINDOWEVENT_SIZE_CHANGED, size(width), size(height));
            }
            Event::MouseEntered => event = window(SDL_WINDOWEVENT_ENTER, 0, 0),
            Event::MouseLeft => event = window(SDL_WINDOWEVENT_LEAVE, 0, 0),
            Event::FocusGained => event = window(SDL_WINDOWEVENT_FOCUS_GAINED, 0, 0),
            Event::FocusLost => event = window(SDL_WINDOWEVENT_FOCUS_LOST, 0, 0),
            Event::Exposed => event = window(SDL_WINDOWEVENT_EXPOSED, 0, 0),
            Event::DisplayChanged => event = window(SDL_WINDOWEVENT_DISPLAY_CHANGED, 0, 0),
            Event::MouseMotion { x, y } => {
                event.motion = SDL_MouseMotionEvent {
                    r#type: SDL_MOUSEMOTION.0,
                    timestamp,
                    windowID: 0,
                    which: 0,
                    state: 0,
                    x,
                    y,
                    xrel: 0,
                    yrel: 0,
                }
            }
            Event::MouseButtonDown { button: b, x, y, clicks } => event = button(true, b, x, y, clicks),
            Event::MouseButtonUp { button: b, x, y, clicks } => event = button(false, b, x, y, clicks),
            Event::MouseWheel { dx, dy } => {
                event.wheel = SDL_MouseWheelEvent {
                    r#type: SDL_MOUSEWHEEL.0,
                    timestamp,
                    windowID: 0,
                    which: 0,
                    // SDL's whole steps are the precise amounts truncated toward zero.
                    x: dx as i32,
                    y: dy as i32,
                    direction: SDL_MOUSEWHEEL_NORMAL.0,
                    preciseX: dx,
                    preciseY: dy,
                    mouseX: 0,
                    mouseY: 0,
                }
            }
            Event::KeyDown { key: code, modifiers, repeat } => event = key(true, code, modifiers, repeat),
            Event::KeyUp { key: code, modifiers, repeat } => event = key(false, code, modifiers, repeat),
            Event::TextInput(text) => {
                event.text = SDL_TextInputEvent { r#type: SDL_TEXTINPUT.0, timestamp, windowID: 0, text: text.to_c() }
            }
            // The short form only: a longer composition is pushed by `push_event` with its text in SDL's heap.
            Event::TextEditing { ref text, start, length } => {
                let mut inline = [0; SDL_TEXTEDITINGEVENT_TEXT_SIZE.0];
                for (to, from) in
                    inline.iter_mut().zip(text.as_bytes().iter().take(SDL_TEXTEDITINGEVENT_TEXT_SIZE.0 - 1))
                {
                    *to = *from as c_char;
                }
                event.edit = SDL_TextEditingEvent {
                    r#type: SDL_TEXTEDITING.0,
                    timestamp,
                    windowID: 0,
                    text: inline,
                    start,
                    length,
                };
            }
            Event::User { code } => event.user = user_event(code, timestamp),
            Event::Other => return None,
        }
        Some(event)
    }
}

/// An `SDL_USEREVENT` carrying `code` and no pointers (nothing is owned across threads).
fn user_event(code: i32, timestamp: u32) -> SDL_UserEvent {
    SDL_UserEvent {
        r#type: SDL_USEREVENT.0,
        timestamp,
        windowID: 0,
        code,
        data1: std::ptr::null_mut(),
        data2: std::ptr::null_mut(),
    }
}

/// Wakes the loop waiting in [`Video::wait_event`] from another thread: `SDL_PushEvent` is the one SDL call made
/// to be called from any thread, so a watcher never touches the app's state, it only queues an [`Event::User`]
/// that the video thread handles as it handles input.
#[derive(Debug, Clone, Copy)]
pub struct Waker {
    sdl: &'static super::Sdl,
}

impl Waker {
    /// Queues `Event::User { code }`. After the video has quit SDL refuses it (its queue is gone), which is
    /// returned as an error and harms nothing.
    pub fn wake(&self, code: i32) -> Result<(), NativeError> {
        let timestamp = u32::try_from(self.sdl.ticks_ms()).unwrap_or(u32::MAX);
        let mut raw = SDL_Event { user: user_event(code, timestamp) };
        // SAFETY: `raw` is a whole SDL_Event holding no pointers; SDL_PushEvent locks its queue and may be called
        // from any thread (SDL_events.h), and before init or after quit it refuses the event.
        match unsafe { self.sdl.calls.events.SDL_PushEvent.call(&mut raw) } {
            1 => Ok(()),
            0 => Err(NativeError::Sdl {
                function: SDL_PushEvent::SYMBOL,
                message: "an event filter dropped it".to_owned(),
            }),
            _ => Err(self.sdl.error(SDL_PushEvent::SYMBOL)),
        }
    }
}

impl Video {
    /// A [`Waker`] for this video's loop, to hand to another thread.
    pub fn waker(&self) -> Waker {
        Waker { sdl: self.sdl }
    }

    /// `SDL_PollEvent`: the next queued event, or `None` when the queue is empty. Never blocks.
    ///
    /// Poll until `None` once a frame: SDL (2.26 and later) marks the end of each polling pass with a sentinel
    /// it queues itself, so a pass that stops early reports that sentinel as `None` at the start of the next.
    pub fn poll_event(&self) -> Option<Event> {
        self.poll_timed().map(|(event, _)| event)
    }

    /// [`Video::poll_event`], with the time SDL queued the event (its `timestamp`, ms of [`super::Sdl::ticks_ms`]
    /// truncated to 32 bits as SDL keeps it): how long input waited is measured from there.
    pub fn poll_timed(&self) -> Option<(Event, u32)> {
        let mut event = SDL_Event::zeroed();
        // SAFETY: `event` is a whole, writable SDL_Event (56 bytes); video is running on this thread.
        let got = unsafe { self.sdl.calls.events.SDL_PollEvent.call(&mut event) };
        // SAFETY: every member of the union starts with `Uint32 type, Uint32 timestamp`, and SDL wrote a whole event.
        (got == 1).then(|| (self.read(&event), unsafe { event.common.timestamp }))
    }

    /// `SDL_WaitEventTimeout`: the next event, waiting up to `timeout_ms` milliseconds for one; `None` when
    /// none came in time.
    pub fn wait_event(&self, timeout_ms: i32) -> Option<Event> {
        let mut event = SDL_Event::zeroed();
        // SAFETY: as in `poll_event`.
        let got = unsafe { self.sdl.calls.events.SDL_WaitEventTimeout.call(&mut event, timeout_ms) };
        (got == 1).then(|| self.read(&event))
    }

    /// An event SDL handed out, read; the text of an `SDL_TEXTEDITING_EXT`, which the poller owns, freed.
    fn read(&self, event: &SDL_Event) -> Event {
        let read = Event::from_sdl(event);
        // SAFETY: every member of the union starts with `Uint32 type`.
        if SDL_EventType(unsafe { event.r#type }) == SDL_TEXTEDITING_EXT {
            // SAFETY: the type says SDL wrote `editExt`; its text was copied by `from_sdl`, is freed exactly once
            // (SDL_free takes null too) and never read again.
            unsafe { self.sdl.calls.clipboard.SDL_free.call(event.editExt.text.cast()) };
        }
        read
    }

    /// `SDL_PushEvent`: puts `event` on SDL's queue, as if SDL had received it; it polls back equal. Window and
    /// input events carry window id 0 and mouse id 0, a pushed key no scancode, a pushed wheel no pointer
    /// position. A pushed event goes through the queue only: SDL's own pointer and modifier state
    /// ([`Video::mouse_state`], [`Video::mod_state`]) do not follow it.
    ///
    /// Refused with [`NativeError::InvalidArgument`]: [`Event::Other`] (it names no event), and a wheel amount
    /// that is not finite, a composition holding a NUL. A pushed [`Event::TextInput`] or [`Event::TextEditing`]
    /// arrives even while text input is stopped (stopping it stops only the drivers' text). A composition of 32
    /// bytes or more is pushed as SDL's drivers send it with the extended-text hint on: an `SDL_TEXTEDITING_EXT`
    /// whose text is a copy in SDL's heap (`SDL_strdup`), which polling frees.
    pub fn push_event(&self, event: Event) -> Result<(), NativeError> {
        if let Event::MouseWheel { dx, dy } = event
            && !(dx.is_finite() && dy.is_finite())
        {
            return Err(NativeError::InvalidArgument(format!("wheel amounts must be finite, not {dx}, {dy}")));
        }
        let timestamp = u32::try_from(self.sdl.ticks_ms()).unwrap_or(u32::MAX);
        let Some(mut raw) = event.to_sdl(timestamp) else {
            return Err(NativeError::InvalidArgument("Event::Other names no SDL event to push".to_owned()));
        };
        let mut owned: *mut c_char = std::ptr::null_mut();
        if let Event::TextEditing { text, start, length } = &event {
            let c = CString::new(text.as_str()).map_err(|_| {
                NativeError::InvalidArgument(
                    "a composition cannot hold a NUL byte: SDL's text ends at the first".into(),
                )
            })?;
            if text.len() >= SDL_TEXTEDITINGEVENT_TEXT_SIZE.0 {
                // SAFETY: `c` is NUL-terminated and lives for the call; SDL copies it into its heap.
                owned = unsafe { self.sdl.calls.events.SDL_strdup.call(c.as_ptr()) };
                if owned.is_null() {
                    return Err(NativeError::Sdl { function: SDL_strdup::SYMBOL, message: "out of memory".to_owned() });
                }
                raw.editExt = SDL_TextEditingExtEvent {
                    r#type: SDL_TEXTEDITING_EXT.0,
                    timestamp,
                    windowID: 0,
                    text: owned,
                    start: *start,
                    length: *length,
                };
            }
        }
        // SAFETY: `raw` is a whole SDL_Event that SDL copies into its queue (an extended text's pointer with it).
        let queued = unsafe { self.sdl.calls.events.SDL_PushEvent.call(&mut raw) };
        if queued != 1 && !owned.is_null() {
            // SAFETY: the copy was not queued, so nothing else holds it; freed once.
            unsafe { self.sdl.calls.clipboard.SDL_free.call(owned.cast()) };
        }
        match queued {
            1 => Ok(()),
            0 => Err(NativeError::Sdl {
                function: SDL_PushEvent::SYMBOL,
                message: "an event filter dropped it".to_owned(),
            }),
            _ => Err(self.sdl.error(SDL_PushEvent::SYMBOL)),
        }
    }
}
