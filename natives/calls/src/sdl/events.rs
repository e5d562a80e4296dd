//! SDL2's event queue (SDL_events.h).

use std::ffi::{c_char, c_int};

use super::types::SDL_Event;

crate::holders! {
    /// The event queue: poll, wait, push.
    pub struct EventCalls in "libSDL2-2.0.so.0" {
        /// `int SDL_PollEvent(SDL_Event* event)`: 1 and the next event written to `event`, or 0 when the queue is empty.
        fn SDL_PollEvent(event: *mut SDL_Event) -> c_int;
        /// `int SDL_WaitEventTimeout(SDL_Event* event, int timeout)`: 1 with an event, 0 on timeout or error.
        fn SDL_WaitEventTimeout(event: *mut SDL_Event, timeout: c_int) -> c_int;
        /// `int SDL_PushEvent(SDL_Event* event)`: 1 queued, 0 filtered out, negative on failure.
        fn SDL_PushEvent(event: *mut SDL_Event) -> c_int;
        /// `char* SDL_strdup(const char* str)`: a copy in SDL's heap, as a pushed `SDL_TEXTEDITING_EXT` carries its
        /// text (whoever polls it frees it with `SDL_free`); null when out of memory.
        fn SDL_strdup(str: *const c_char) -> *mut c_char;
    }
}
