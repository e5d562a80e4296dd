//! SDL2's video surface (SDL_video.h, SDL_surface.h): drivers, windows, their surfaces and display modes.

use std::ffi::{c_char, c_int};

use super::types::{SDL_DisplayMode, SDL_Rect, SDL_Surface, SDL_Window};

crate::holders! {
    /// Video drivers, windows, window surfaces and display modes.
    pub struct VideoCalls in "libSDL2-2.0.so.0" {
        /// `int SDL_GetNumVideoDrivers(void)`: how many video drivers this SDL was built with.
        fn SDL_GetNumVideoDrivers() -> c_int;
        /// `const char* SDL_GetVideoDriver(int index)`: the name of one built-in driver, or NULL.
        fn SDL_GetVideoDriver(index: c_int) -> *const c_char;
        /// `const char* SDL_GetCurrentVideoDriver(void)`: the initialised driver's name, or NULL.
        fn SDL_GetCurrentVideoDriver() -> *const c_char;
        /// `SDL_Window* SDL_CreateWindow(const char* title, int x, int y, int w, int h, Uint32 flags)`: NULL on failure.
        fn SDL_CreateWindow(title: *const c_char, x: c_int, y: c_int, w: c_int, h: c_int, flags: u32) -> *mut SDL_Window;
        /// `void SDL_DestroyWindow(SDL_Window* window)`
        fn SDL_DestroyWindow(window: *mut SDL_Window);
        /// `Uint32 SDL_GetWindowID(SDL_Window* window)`: 0 on failure.
        fn SDL_GetWindowID(window: *mut SDL_Window) -> u32;
        /// `void SDL_GetWindowSize(SDL_Window* window, int* w, int* h)`
        fn SDL_GetWindowSize(window: *mut SDL_Window, w: *mut c_int, h: *mut c_int);
        /// `void SDL_GetWindowSizeInPixels(SDL_Window* window, int* w, int* h)` (SDL 2.26): the size in the
        /// display's pixels, which differs from the window size where the platform scales windows.
        fn SDL_GetWindowSizeInPixels(window: *mut SDL_Window, w: *mut c_int, h: *mut c_int);
        /// `void SDL_GetWindowPosition(SDL_Window* window, int* x, int* y)`: the client area's top left, screen
        /// coordinates.
        fn SDL_GetWindowPosition(window: *mut SDL_Window, x: *mut c_int, y: *mut c_int);
        /// `int SDL_GetWindowBordersSize(SDL_Window* window, int* top, int* left, int* bottom, int* right)`: the
        /// window manager's decorations; negative where the platform cannot tell.
        fn SDL_GetWindowBordersSize(window: *mut SDL_Window, top: *mut c_int, left: *mut c_int, bottom: *mut c_int, right: *mut c_int) -> c_int;
        /// `void SDL_SetWindowSize(SDL_Window* window, int w, int h)`
        fn SDL_SetWindowSize(window: *mut SDL_Window, w: c_int, h: c_int);
        /// `void SDL_SetWindowTitle(SDL_Window* window, const char* title)`
        fn SDL_SetWindowTitle(window: *mut SDL_Window, title: *const c_char);
        /// `int SDL_GetWindowDisplayIndex(SDL_Window* window)`: negative on failure.
        fn SDL_GetWindowDisplayIndex(window: *mut SDL_Window) -> c_int;
        /// `int SDL_GetWindowDisplayMode(SDL_Window* window, SDL_DisplayMode* mode)`: the mode used when fullscreen; negative on failure.
        fn SDL_GetWindowDisplayMode(window: *mut SDL_Window, mode: *mut SDL_DisplayMode) -> c_int;
        /// `int SDL_GetCurrentDisplayMode(int displayIndex, SDL_DisplayMode* mode)`: negative on failure.
        fn SDL_GetCurrentDisplayMode(display_index: c_int, mode: *mut SDL_DisplayMode) -> c_int;
        /// `SDL_Surface* SDL_GetWindowSurface(SDL_Window* window)`: owned by the window; NULL on failure.
        fn SDL_GetWindowSurface(window: *mut SDL_Window) -> *mut SDL_Surface;
        /// `int SDL_UpdateWindowSurface(SDL_Window* window)`: copies the window surface to the screen; negative on failure.
        fn SDL_UpdateWindowSurface(window: *mut SDL_Window) -> c_int;
        /// `int SDL_UpdateWindowSurfaceRects(SDL_Window* window, const SDL_Rect* rects, int numrects)`: copies only those rectangles of the window surface to the screen; negative on failure.
        fn SDL_UpdateWindowSurfaceRects(window: *mut SDL_Window, rects: *const SDL_Rect, numrects: c_int) -> c_int;
        /// `int SDL_LockSurface(SDL_Surface* surface)`: needed only when `SDL_MUSTLOCK(surface)`; negative on failure.
        fn SDL_LockSurface(surface: *mut SDL_Surface) -> c_int;
        /// `void SDL_UnlockSurface(SDL_Surface* surface)`
        fn SDL_UnlockSurface(surface: *mut SDL_Surface);
    }
}
