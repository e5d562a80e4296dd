//! The mouse and keyboard beyond the event queue: system cursors, pointer capture, the pointer's and the
//! modifiers' state, text input on and off, and key names.

use std::ffi::{CString, c_int};
use std::ptr::NonNull;

use goldberry_calls::sdl::mouse::{SDL_CaptureMouse, SDL_CreateSystemCursor};
use goldberry_calls::sdl::types::{
    SDL_BUTTON_LMASK, SDL_BUTTON_MMASK, SDL_BUTTON_RMASK, SDL_BUTTON_X1MASK, SDL_BUTTON_X2MASK, SDL_Cursor, SDL_FALSE,
    SDL_Rect, SDL_SYSTEM_CURSOR_ARROW, SDL_SYSTEM_CURSOR_CROSSHAIR, SDL_SYSTEM_CURSOR_HAND, SDL_SYSTEM_CURSOR_IBEAM,
    SDL_SYSTEM_CURSOR_NO, SDL_SYSTEM_CURSOR_SIZEALL, SDL_SYSTEM_CURSOR_SIZENESW, SDL_SYSTEM_CURSOR_SIZENS,
    SDL_SYSTEM_CURSOR_SIZENWSE, SDL_SYSTEM_CURSOR_SIZEWE, SDL_SYSTEM_CURSOR_WAIT, SDL_SYSTEM_CURSOR_WAITARROW,
    SDL_SystemCursor, SDL_TRUE, SDLK_UNKNOWN,
};

use super::events::{Key, Modifiers, MouseButton};
use super::video::Rect;
use super::{Video, text};
use crate::error::NativeError;

/// A cursor the system draws (`SDL_SystemCursor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SystemCursor {
    /// `SDL_SYSTEM_CURSOR_ARROW`.
    Arrow,
    /// `SDL_SYSTEM_CURSOR_IBEAM`: over text.
    IBeam,
    /// `SDL_SYSTEM_CURSOR_WAIT`.
    Wait,
    /// `SDL_SYSTEM_CURSOR_CROSSHAIR`.
    Crosshair,
    /// `SDL_SYSTEM_CURSOR_WAITARROW`: a small wait cursor.
    WaitArrow,
    /// `SDL_SYSTEM_CURSOR_SIZENWSE`: resize northwest-southeast.
    SizeNwse,
    /// `SDL_SYSTEM_CURSOR_SIZENESW`: resize northeast-southwest.
    SizeNesw,
    /// `SDL_SYSTEM_CURSOR_SIZEWE`: resize west-east.
    SizeWe,
    /// `SDL_SYSTEM_CURSOR_SIZENS`: resize north-south.
    SizeNs,
    /// `SDL_SYSTEM_CURSOR_SIZEALL`: move.
    SizeAll,
    /// `SDL_SYSTEM_CURSOR_NO`: not allowed.
    No,
    /// `SDL_SYSTEM_CURSOR_HAND`: over something clickable.
    Hand,
}

impl SystemCursor {
    fn to_sdl(self) -> SDL_SystemCursor {
        match self {
            SystemCursor::Arrow => SDL_SYSTEM_CURSOR_ARROW,
            SystemCursor::IBeam => SDL_SYSTEM_CURSOR_IBEAM,
            SystemCursor::Wait => SDL_SYSTEM_CURSOR_WAIT,
            SystemCursor::Crosshair => SDL_SYSTEM_CURSOR_CROSSHAIR,
            SystemCursor::WaitArrow => SDL_SYSTEM_CURSOR_WAITARROW,
            SystemCursor::SizeNwse => SDL_SYSTEM_CURSOR_SIZENWSE,
            SystemCursor::SizeNesw => SDL_SYSTEM_CURSOR_SIZENESW,
            SystemCursor::SizeWe => SDL_SYSTEM_CURSOR_SIZEWE,
            SystemCursor::SizeNs => SDL_SYSTEM_CURSOR_SIZENS,
            SystemCursor::SizeAll => SDL_SYSTEM_CURSOR_SIZEALL,
            SystemCursor::No => SDL_SYSTEM_CURSOR_NO,
            SystemCursor::Hand => SDL_SYSTEM_CURSOR_HAND,
        }
    }
}

/// A system cursor. `SDL_FreeCursor` in `Drop` (SDL puts its default cursor back first if this one is active);
/// borrows the [`Video`] it was created on, since `SDL_Quit` frees every cursor left.
#[derive(Debug)]
pub struct Cursor<'v> {
    video: &'v Video,
    cursor: NonNull<SDL_Cursor>,
    kind: SystemCursor,
}

impl Cursor<'_> {
    /// Which system cursor this is.
    pub fn kind(&self) -> SystemCursor {
        self.kind
    }
}

impl Drop for Cursor<'_> {
    fn drop(&mut self) {
        // SAFETY: the cursor is alive and ours; SDL replaces it with the default first when it is active.
        unsafe { self.video.sdl.calls.mouse.SDL_FreeCursor.call(self.cursor.as_ptr()) };
    }
}

/// Where the pointer is and which buttons are held, by SDL's own state (`SDL_GetMouseState`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MouseState {
    /// X relative to the window with mouse focus.
    pub x: i32,
    /// Y relative to the window with mouse focus.
    pub y: i32,
    buttons: u32,
}

impl MouseState {
    /// Whether `button` is held.
    pub fn held(&self, button: MouseButton) -> bool {
        let mask = match button {
            MouseButton::LEFT => SDL_BUTTON_LMASK.0,
            MouseButton::MIDDLE => SDL_BUTTON_MMASK.0,
            MouseButton::RIGHT => SDL_BUTTON_RMASK.0,
            MouseButton::X1 => SDL_BUTTON_X1MASK.0,
            MouseButton::X2 => SDL_BUTTON_X2MASK.0,
            _ => 0,
        };
        self.buttons & mask != 0
    }
}

impl Video {
    /// `SDL_CreateSystemCursor`: one of the cursors the system draws. A driver without cursors (the dummy
    /// driver) fails with [`NativeError::Sdl`] naming `SDL_CreateSystemCursor` and SDL's reason.
    pub fn system_cursor(&self, kind: SystemCursor) -> Result<Cursor<'_>, NativeError> {
        // SAFETY: a plain enum value; video is running on this thread.
        let cursor = unsafe { self.sdl.calls.mouse.SDL_CreateSystemCursor.call(kind.to_sdl()) };
        match NonNull::new(cursor) {
            Some(cursor) => Ok(Cursor { video: self, cursor, kind }),
            None => Err(self.sdl.error(SDL_CreateSystemCursor::SYMBOL)),
        }
    }

    /// `SDL_SetCursor`: makes `cursor` the one drawn over SDL's windows.
    pub fn set_cursor(&self, cursor: &Cursor<'_>) {
        // SAFETY: the cursor is alive; SDL keeps only the pointer, and drops it again when the cursor is freed.
        unsafe { self.sdl.calls.mouse.SDL_SetCursor.call(cursor.cursor.as_ptr()) };
    }

    /// `SDL_CaptureMouse`: while on, the focused window keeps getting mouse events when the pointer leaves it
    /// (a drag that leaves a control still drives it). Fails with [`NativeError::Sdl`] where the driver cannot
    /// capture (the dummy driver) or no window has keyboard focus.
    pub fn capture_mouse(&self, on: bool) -> Result<(), NativeError> {
        let enabled = if on { SDL_TRUE } else { SDL_FALSE };
        // SAFETY: a plain enum value; video is running on this thread.
        if unsafe { self.sdl.calls.mouse.SDL_CaptureMouse.call(enabled) } < 0 {
            return Err(self.sdl.error(SDL_CaptureMouse::SYMBOL));
        }
        Ok(())
    }

    /// `SDL_GetMouseState`: the pointer's position in the window with mouse focus and the buttons held, as SDL's
    /// drivers last reported them (events pushed with [`Video::push_event`] do not move it).
    pub fn mouse_state(&self) -> MouseState {
        let (mut x, mut y): (c_int, c_int) = (0, 0);
        // SAFETY: `x` and `y` are valid out-pointers for the call.
        let buttons = unsafe { self.sdl.calls.mouse.SDL_GetMouseState.call(&mut x, &mut y) };
        MouseState { x, y, buttons }
    }

    /// `SDL_StartTextInput`: turns `SDL_TEXTINPUT` events on (SDL starts with them on where there is no screen
    /// keyboard).
    pub fn start_text_input(&self) {
        // SAFETY: takes nothing; video is running on this thread.
        unsafe { self.sdl.calls.keyboard.SDL_StartTextInput.call() };
    }

    /// `SDL_SetTextInputRect`: where the text being composed stands (window coordinates), so the input method
    /// puts its candidate window beside it rather than where the platform would.
    pub fn set_text_input_rect(&self, rect: Rect) {
        let rect = SDL_Rect { x: rect.x, y: rect.y, w: rect.w, h: rect.h };
        // SAFETY: `rect` is a whole SDL_Rect that lives for the call; SDL copies it.
        unsafe { self.sdl.calls.keyboard.SDL_SetTextInputRect.call(&rect) };
    }

    /// `SDL_ClearComposition`: the input method drops the composition it holds (the app committed or cancelled
    /// it itself).
    pub fn clear_composition(&self) {
        // SAFETY: takes nothing; video is running on this thread.
        unsafe { self.sdl.calls.keyboard.SDL_ClearComposition.call() };
    }

    /// `SDL_StopTextInput`: SDL's drivers stop sending `SDL_TEXTINPUT` events (one pushed with
    /// [`Video::push_event`] still arrives).
    pub fn stop_text_input(&self) {
        // SAFETY: takes nothing; video is running on this thread.
        unsafe { self.sdl.calls.keyboard.SDL_StopTextInput.call() };
    }

    /// `SDL_GetModState`: the modifier keys SDL's keyboard state holds now (events pushed with
    /// [`Video::push_event`] do not change it).
    pub fn mod_state(&self) -> Modifiers {
        // SAFETY: takes nothing, reads SDL's keyboard state.
        let keymod = unsafe { self.sdl.calls.keyboard.SDL_GetModState.call() };
        // SDL_Keymod's values all fit the Uint16 its key events carry.
        Modifiers(keymod.0 as u16)
    }

    /// `SDL_GetKeyFromName`: the key SDL calls `name` ("Return", "F1", "PageDown", "z"; case-insensitive), or
    /// `None` for a name SDL does not know.
    pub fn key_from_name(&self, name: &str) -> Option<Key> {
        let name = CString::new(name).ok()?;
        // SAFETY: `name` is NUL-terminated and lives for the call; SDL only reads it.
        let code = unsafe { self.sdl.calls.keyboard.SDL_GetKeyFromName.call(name.as_ptr()) };
        (code != SDLK_UNKNOWN.0).then_some(Key(code))
    }

    /// `SDL_GetKeyName`: SDL's name for `key` ("Return", "F1", "Z"), "" for a key it has no name for.
    pub fn key_name(&self, key: Key) -> String {
        // SAFETY: a plain integer; SDL returns a static string or its own buffer, copied at once by `text`.
        text(unsafe { self.sdl.calls.keyboard.SDL_GetKeyName.call(key.0) })
    }
}
