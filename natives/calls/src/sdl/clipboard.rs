//! SDL2's clipboard (SDL_clipboard.h), and `SDL_free` for the copy `SDL_GetClipboardText` hands out.
//!
//! Without a windowing system (the dummy driver) SDL keeps the clipboard in the process, so copy and paste still
//! round-trip headless.

use std::ffi::{c_char, c_int, c_void};

use super::types::SDL_bool;

crate::holders! {
    /// The clipboard: put text on it, read it back.
    pub struct ClipboardCalls in "libSDL2-2.0.so.0" {
        /// `int SDL_SetClipboardText(const char* text)`: 0 on success, negative on failure (see `SDL_GetError`).
        fn SDL_SetClipboardText(text: *const c_char) -> c_int;
        /// `char* SDL_GetClipboardText(void)`: a copy the caller frees with `SDL_free`; "" (still to free) when the
        /// clipboard is empty or cannot be read, null when out of memory.
        fn SDL_GetClipboardText() -> *mut c_char;
        /// `SDL_bool SDL_HasClipboardText(void)`: whether the clipboard holds non-empty text.
        fn SDL_HasClipboardText() -> SDL_bool;
        /// `void SDL_free(void* mem)`: frees memory SDL allocated.
        fn SDL_free(mem: *mut c_void);
    }
}
