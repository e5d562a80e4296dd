//! SDL2's process-wide surface (SDL.h, SDL_error.h, SDL_version.h, SDL_timer.h): start and stop subsystems,
//! the thread's error message, the linked version, and the clocks.
//!
//! Not one of the design's three SDL subjects (video, events, hints): these functions act on SDL itself, not on
//! a window, an event or a hint, so they are a fourth group, `SystemCalls`.

use std::ffi::{c_char, c_int};

use super::types::SDL_version;

crate::holders! {
    /// SDL itself: subsystems, errors, version, timers.
    pub struct SystemCalls in "libSDL2-2.0.so.0" {
        /// `int SDL_Init(Uint32 flags)`: 0 on success, negative on failure (see `SDL_GetError`).
        fn SDL_Init(flags: u32) -> c_int;
        /// `int SDL_InitSubSystem(Uint32 flags)`: 0 on success, negative on failure.
        fn SDL_InitSubSystem(flags: u32) -> c_int;
        /// `Uint32 SDL_WasInit(Uint32 flags)`: which of `flags` are initialised (all of them when `flags` is 0).
        fn SDL_WasInit(flags: u32) -> u32;
        /// `void SDL_Quit(void)`: shuts every subsystem down and clears the hints.
        fn SDL_Quit();
        /// `const char* SDL_GetError(void)`: the calling thread's last error message ("" when none).
        fn SDL_GetError() -> *const c_char;
        /// `int SDL_SetError(const char* fmt, ...)`: sets the message from a printf format; always returns -1.
        fn SDL_SetError(fmt: *const c_char; ...) -> c_int;
        /// `void SDL_ClearError(void)`
        fn SDL_ClearError();
        /// `void SDL_GetVersion(SDL_version* ver)`: the version of the SDL library linked at run time.
        fn SDL_GetVersion(ver: *mut SDL_version);
        /// `Uint64 SDL_GetTicks64(void)`: milliseconds since SDL's start.
        fn SDL_GetTicks64() -> u64;
        /// `Uint64 SDL_GetPerformanceCounter(void)`: the high-resolution counter.
        fn SDL_GetPerformanceCounter() -> u64;
        /// `Uint64 SDL_GetPerformanceFrequency(void)`: counts per second of `SDL_GetPerformanceCounter`.
        fn SDL_GetPerformanceFrequency() -> u64;
        /// `void SDL_Delay(Uint32 ms)`: sleeps at least `ms` milliseconds.
        fn SDL_Delay(ms: u32);
    }
}
