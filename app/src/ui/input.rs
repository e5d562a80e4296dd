//! The input the app acts on, in its own words: SDL's events translated once, at the edge (`present`).

/// A mouse button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Button {
    /// The primary button.
    Left,
    /// The wheel button.
    Middle,
    /// The secondary button.
    Right,
}

/// Modifier keys held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mods {
    /// Either Control.
    pub ctrl: bool,
    /// Either Shift.
    pub shift: bool,
    /// Either Alt.
    pub alt: bool,
    /// Either GUI (Super, Command).
    pub gui: bool,
}

impl Mods {
    /// No modifier held.
    pub const NONE: Mods = Mods { ctrl: false, shift: false, alt: false, gui: false };
    /// Control alone.
    pub const CTRL: Mods = Mods { ctrl: true, shift: false, alt: false, gui: false };
    /// Shift alone.
    pub const SHIFT: Mods = Mods { ctrl: false, shift: true, alt: false, gui: false };
}

/// A key, by meaning. Letters are lower case whatever Shift says (text comes as [`UiEvent::Text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// Tab.
    Tab,
    /// Return (Enter).
    Return,
    /// The space bar.
    Space,
    /// Escape.
    Escape,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// A function key, F1 to F24.
    F(u8),
    /// A key that types a character (a letter in lower case, a digit, punctuation).
    Char(char),
    /// Any other key, by SDL's key code.
    Other(i32),
}

/// One input event, in window pixels.
#[derive(Debug, Clone, PartialEq)]
pub enum UiEvent {
    /// The pointer moved to (x, y).
    PointerMoved {
        /// Window x.
        x: f32,
        /// Window y.
        y: f32,
    },
    /// A button went down at (x, y).
    ButtonDown {
        /// Which.
        button: Button,
        /// Window x.
        x: f32,
        /// Window y.
        y: f32,
        /// 1 for a single click, 2 for a double click, and so on.
        clicks: u8,
    },
    /// A button came up at (x, y).
    ButtonUp {
        /// Which.
        button: Button,
        /// Window x.
        x: f32,
        /// Window y.
        y: f32,
    },
    /// The wheel turned; `dy > 0` scrolls up (away from the user).
    Wheel {
        /// Horizontal amount.
        dx: f32,
        /// Vertical amount.
        dy: f32,
    },
    /// A key went down (or repeats).
    KeyDown {
        /// Which.
        key: Key,
        /// Modifiers held.
        mods: Mods,
        /// Whether this is the key's auto-repeat.
        repeat: bool,
    },
    /// Text typed.
    Text(String),
    /// An input method's composition (the preedit) is now `text`, its cursor at byte `cursor`; "" when it ended.
    Preedit {
        /// The composition.
        text: String,
        /// Its cursor, a byte offset at a character boundary of `text`.
        cursor: usize,
    },
    /// The pointer left the window.
    PointerLeft,
    /// The window lost the keyboard focus.
    FocusLost,
    /// A Shift key went down or up: the modifiers now held, which a press carries (Shift+click extends a
    /// selection). SDL's mouse events carry no modifiers.
    Held(Mods),
}

/// Reads and writes the clipboard (SDL's, in the app).
pub trait Clipboard {
    /// The clipboard's text (None when it cannot be read).
    fn get(&mut self) -> Option<String>;
    /// Puts `text` on the clipboard.
    fn set(&mut self, text: &str);
}

/// An in-process clipboard: what the unit tests copy to and paste from.
impl Clipboard for String {
    fn get(&mut self) -> Option<String> {
        Some(self.clone())
    }

    fn set(&mut self, text: &str) {
        text.clone_into(self);
    }
}
