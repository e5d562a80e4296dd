//! SDL2's keyboard (SDL_keyboard.h): text input and the input method's place, key names and the modifier state.

use std::ffi::c_char;

use super::types::{SDL_Keymod, SDL_Rect};

crate::holders! {
    /// The keyboard: text input on and off, key names, modifiers.
    pub struct KeyboardCalls in "libSDL2-2.0.so.0" {
        /// `void SDL_StartTextInput(void)`: enables `SDL_TEXTINPUT` (and `SDL_TEXTEDITING`) events.
        fn SDL_StartTextInput();
        /// `void SDL_StopTextInput(void)`: the drivers stop sending `SDL_TEXTINPUT` (pushed events still arrive).
        fn SDL_StopTextInput();
        /// `void SDL_SetTextInputRect(const SDL_Rect* rect)`: where the text being composed is, in window coordinates,
        /// so the input method puts its candidate window beside it.
        fn SDL_SetTextInputRect(rect: *const SDL_Rect);
        /// `void SDL_ClearComposition(void)`: the input method drops the composition it holds.
        fn SDL_ClearComposition();
        /// `SDL_Keycode SDL_GetKeyFromName(const char* name)`: `SDLK_UNKNOWN` (0) for a name SDL does not know.
        fn SDL_GetKeyFromName(name: *const c_char) -> i32;
        /// `const char* SDL_GetKeyName(SDL_Keycode key)`: "" for an unknown key; valid until the next call.
        fn SDL_GetKeyName(key: i32) -> *const c_char;
        /// `SDL_Keymod SDL_GetModState(void)`: the modifier keys SDL's keyboard state holds now.
        fn SDL_GetModState() -> SDL_Keymod;
    }
}
