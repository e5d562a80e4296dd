//! SDL2's mouse (SDL_mouse.h): the system cursors, pointer capture and the pointer's state.

use std::ffi::c_int;

use super::types::{SDL_Cursor, SDL_SystemCursor, SDL_bool};

crate::holders! {
    /// The mouse: cursors, capture, the pointer's position and buttons.
    pub struct MouseCalls in "libSDL2-2.0.so.0" {
        /// `SDL_Cursor* SDL_CreateSystemCursor(SDL_SystemCursor id)`: NULL on failure (the dummy driver has no cursors).
        fn SDL_CreateSystemCursor(id: SDL_SystemCursor) -> *mut SDL_Cursor;
        /// `void SDL_SetCursor(SDL_Cursor* cursor)`: makes `cursor` the active cursor; NULL redraws the current one.
        fn SDL_SetCursor(cursor: *mut SDL_Cursor);
        /// `void SDL_FreeCursor(SDL_Cursor* cursor)`: frees a cursor; the active one is replaced by the default first.
        fn SDL_FreeCursor(cursor: *mut SDL_Cursor);
        /// `int SDL_CaptureMouse(SDL_bool enabled)`: 0 on success, negative when capture is not supported.
        fn SDL_CaptureMouse(enabled: SDL_bool) -> c_int;
        /// `Uint32 SDL_GetMouseState(int* x, int* y)`: the buttons held (`SDL_BUTTON_LMASK` ...); `x`, `y` may be NULL.
        fn SDL_GetMouseState(x: *mut c_int, y: *mut c_int) -> u32;
    }
}
