//! The clipboard: copy text to it and paste text from it (the system's under X11, SDL's own in-process one under
//! the dummy driver).

use std::ffi::{CStr, CString};

use goldberry_calls::sdl::clipboard::{SDL_GetClipboardText, SDL_SetClipboardText};

use super::Video;
use crate::error::NativeError;

impl Video {
    /// `SDL_SetClipboardText`: puts `text` on the clipboard. Text holding a NUL cannot cross the C API and is
    /// refused with [`NativeError::InvalidArgument`]; SDL's own failure is [`NativeError::Sdl`].
    pub fn set_clipboard_text(&self, text: &str) -> Result<(), NativeError> {
        let text = CString::new(text)
            .map_err(|_| NativeError::InvalidArgument("SDL_SetClipboardText: the text holds a NUL character".into()))?;
        // SAFETY: `text` is NUL-terminated and lives for the call; SDL copies it.
        if unsafe { self.sdl.calls.clipboard.SDL_SetClipboardText.call(text.as_ptr()) } < 0 {
            return Err(self.sdl.error(SDL_SetClipboardText::SYMBOL));
        }
        Ok(())
    }

    /// `SDL_GetClipboardText`: the clipboard's text ("" when it holds none). Bytes that are not UTF-8 are
    /// replaced with U+FFFD, so a paste never fails on them.
    pub fn clipboard_text(&self) -> Result<String, NativeError> {
        let calls = &self.sdl.calls.clipboard;
        // SAFETY: takes nothing; video is running on this thread. The result is SDL's allocation, freed below.
        let pointer = unsafe { calls.SDL_GetClipboardText.call() };
        if pointer.is_null() {
            return Err(self.sdl.error(SDL_GetClipboardText::SYMBOL));
        }
        // SAFETY: a non-null result is a NUL-terminated string SDL allocated for us; copied before it is freed.
        let text = unsafe { CStr::from_ptr(pointer) }.to_string_lossy().into_owned();
        // SAFETY: `pointer` came from SDL_GetClipboardText, is freed exactly once and not used afterwards.
        unsafe { calls.SDL_free.call(pointer.cast()) };
        Ok(text)
    }

    /// `SDL_HasClipboardText`: whether the clipboard holds non-empty text.
    pub fn has_clipboard_text(&self) -> bool {
        // SAFETY: takes nothing; video is running on this thread.
        unsafe { self.sdl.calls.clipboard.SDL_HasClipboardText.call() }.0 != 0
    }
}
