//! SDL2's hints (SDL_hints.h): named string settings read when a subsystem starts.

use std::ffi::{CStr, c_char};

use super::types::{SDL_HintPriority, SDL_bool};

/// `#define SDL_HINT_VIDEODRIVER "SDL_VIDEODRIVER"`: the video driver(s) `SDL_Init` tries, comma-separated.
pub const SDL_HINT_VIDEODRIVER: &CStr = c"SDL_VIDEODRIVER";

/// `#define SDL_HINT_FRAMEBUFFER_ACCELERATION "SDL_FRAMEBUFFER_ACCELERATION"`: whether a window surface is shown
/// through an SDL_Renderer texture (`"1"`, or a renderer's name) or the video driver's own framebuffer (`"0"`).
pub const SDL_HINT_FRAMEBUFFER_ACCELERATION: &CStr = c"SDL_FRAMEBUFFER_ACCELERATION";

/// `#define SDL_HINT_IME_SUPPORT_EXTENDED_TEXT "SDL_IME_SUPPORT_EXTENDED_TEXT"`: `"1"` lets an input method's
/// composition longer than `SDL_TEXTEDITING`'s 32 bytes arrive whole, as one `SDL_TEXTEDITING_EXT` event.
pub const SDL_HINT_IME_SUPPORT_EXTENDED_TEXT: &CStr = c"SDL_IME_SUPPORT_EXTENDED_TEXT";

crate::holders! {
    /// Hints: set and read SDL's named settings.
    pub struct HintCalls in "libSDL2-2.0.so.0" {
        /// `SDL_bool SDL_SetHint(const char* name, const char* value)`: normal priority (an environment variable wins).
        fn SDL_SetHint(name: *const c_char, value: *const c_char) -> SDL_bool;
        /// `SDL_bool SDL_SetHintWithPriority(const char* name, const char* value, SDL_HintPriority priority)`
        fn SDL_SetHintWithPriority(name: *const c_char, value: *const c_char, priority: SDL_HintPriority) -> SDL_bool;
        /// `const char* SDL_GetHint(const char* name)`: the hint's value (or its environment variable's), or NULL.
        fn SDL_GetHint(name: *const c_char) -> *const c_char;
    }
}
