//! The safe layer over SDL2: load and bind the system library ([`Sdl`]), start its video ([`Video`]), open a
//! [`Window`], paint into its [`Surface`] and present it (whole, or only some [`Rect`]s), read and push
//! [`Event`]s, and drive the mouse and keyboard ([`Cursor`], text input, key names, pointer capture).
//!
//! SDL's state is process-global and its video belongs to one thread: there is at most one [`Video`] at a time
//! (a second `init_video` is refused until the first is dropped), `Video` is not `Send`, and every window and
//! surface borrows it, so nothing outlives the `SDL_Quit` its `Drop` calls.

mod clipboard;
mod events;
mod input;
mod video;

use std::ffi::{CStr, CString, c_char};
use std::marker::PhantomData;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use goldberry_calls::sdl::hints::{
    SDL_HINT_FRAMEBUFFER_ACCELERATION, SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, SDL_HINT_VIDEODRIVER,
    SDL_SetHintWithPriority,
};
use goldberry_calls::sdl::system::SDL_Init;
use goldberry_calls::sdl::types::{
    SDL_HINT_DEFAULT, SDL_HINT_OVERRIDE, SDL_INIT_EVENTS, SDL_INIT_TIMER, SDL_INIT_VIDEO, SDL_TRUE, SDL_version,
};
use goldberry_calls::sdl::{ClipboardCalls, EventCalls, HintCalls, KeyboardCalls, MouseCalls, SystemCalls, VideoCalls};

use crate::error::{LoadError, NativeError};
use crate::loader::{self, LIBSDL2, LoadedLibrary};

pub use events::{Event, Key, Modifiers, MouseButton, Text, Waker};
pub use input::{Cursor, MouseState, SystemCursor};
pub use video::{Rect, Surface, SurfaceFormat, Window};

/// Every SDL2 holder group, bound together.
#[derive(Debug)]
pub(crate) struct SdlCalls {
    pub(crate) system: SystemCalls,
    pub(crate) video: VideoCalls,
    pub(crate) events: EventCalls,
    pub(crate) hints: HintCalls,
    pub(crate) mouse: MouseCalls,
    pub(crate) keyboard: KeyboardCalls,
    pub(crate) clipboard: ClipboardCalls,
}

/// SDL2, loaded and bound: the system's `libSDL2-2.0.so.0` (or one in the natives directory), never unloaded.
#[derive(Debug)]
pub struct Sdl {
    library: LoadedLibrary,
    calls: SdlCalls,
}

/// Whether a [`Video`] is alive: SDL's video state is global, so only one may exist at a time.
static VIDEO_ACTIVE: AtomicBool = AtomicBool::new(false);

impl Sdl {
    /// Finds SDL2 (see [`loader`] for the order: `natives_dir`, the executable's directory, the build's
    /// natives directory, then the system loader by soname) and binds every SDL holder group.
    pub fn load(natives_dir: Option<&Path>) -> Result<&'static Sdl, LoadError> {
        let library = loader::open(&LIBSDL2, natives_dir)?;
        let calls = crate::bind_groups!(
            &library,
            SdlCalls {
                system: SystemCalls,
                video: VideoCalls,
                events: EventCalls,
                hints: HintCalls,
                mouse: MouseCalls,
                keyboard: KeyboardCalls,
                clipboard: ClipboardCalls,
            }
        )?;
        Ok(Box::leak(Box::new(Sdl { library, calls })))
    }

    /// The file SDL2 was loaded from (or the soname the system loader resolved).
    pub fn path(&self) -> &'static str {
        self.library.path()
    }

    /// `SDL_GetVersion`: the version of the SDL library linked at run time, as (major, minor, patch).
    pub fn version(&self) -> (u8, u8, u8) {
        let mut version = SDL_version::default();
        // SAFETY: `version` is a valid, writable SDL_version for the duration of the call.
        unsafe { self.calls.system.SDL_GetVersion.call(&mut version) };
        (version.major, version.minor, version.patch)
    }

    /// `SDL_GetTicks64`: milliseconds since SDL's timer started (it starts on first use).
    pub fn ticks_ms(&self) -> u64 {
        // SAFETY: takes nothing; SDL starts its tick counter itself when it is not yet running.
        unsafe { self.calls.system.SDL_GetTicks64.call() }
    }

    /// `SDL_GetPerformanceCounter`: the high-resolution counter, in units of [`Sdl::performance_frequency`].
    pub fn performance_counter(&self) -> u64 {
        // SAFETY: takes nothing, reads a clock.
        unsafe { self.calls.system.SDL_GetPerformanceCounter.call() }
    }

    /// `SDL_GetPerformanceFrequency`: counts per second of [`Sdl::performance_counter`].
    pub fn performance_frequency(&self) -> u64 {
        // SAFETY: takes nothing, returns a constant of the platform.
        unsafe { self.calls.system.SDL_GetPerformanceFrequency.call() }
    }

    /// `SDL_Delay`: sleeps at least `ms` milliseconds.
    pub fn delay(&self, ms: u32) {
        // SAFETY: takes a plain integer.
        unsafe { self.calls.system.SDL_Delay.call(ms) }
    }

    /// The video drivers this SDL was built with, in the order SDL tries them (`SDL_GetNumVideoDrivers`,
    /// `SDL_GetVideoDriver`). Works before [`Sdl::init_video`].
    pub fn video_drivers(&self) -> Vec<String> {
        // SAFETY: takes nothing, reads SDL's static driver table.
        let count = unsafe { self.calls.video.SDL_GetNumVideoDrivers.call() };
        (0..count.max(0))
            // SAFETY: `index` is within 0..count; SDL returns a static string or NULL.
            .map(|index| text(unsafe { self.calls.video.SDL_GetVideoDriver.call(index) }))
            .filter(|name| !name.is_empty())
            .collect()
    }

    /// `SDL_GetError`: the calling thread's last SDL error message ("" when none).
    pub fn last_error(&self) -> String {
        // SAFETY: takes nothing; returns SDL's thread-local message buffer (never NULL), copied at once.
        text(unsafe { self.calls.system.SDL_GetError.call() })
    }

    /// `SDL_SetError("%s", message)`: sets the calling thread's SDL error message (the text is passed as an
    /// argument, never as the format, so `%` in it is kept as is). A NUL in `message` ends the text there.
    pub fn set_error(&self, message: &str) {
        let message = c_string_lossy(message);
        let set_error = self.calls.system.SDL_SetError.function();
        // SAFETY: the format "%s" takes exactly one `const char*`, which `message` is, valid for the call.
        unsafe { set_error(c"%s".as_ptr(), message.as_ptr()) };
    }

    /// Starts SDL's video, events and timer subsystems (`SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS |
    /// SDL_INIT_TIMER)`). With `driver`, the `SDL_VIDEODRIVER` hint is set first, at override priority, so it
    /// wins over an `SDL_VIDEODRIVER` environment variable; `Some("dummy")` runs without a display.
    ///
    /// An unknown driver, or no usable display, fails with [`NativeError::Sdl`] carrying SDL's own message
    /// (`"nosuchdriver not available"`, `"x11 not available"`) followed by the drivers this SDL has. With no
    /// driver named and no display reachable, SDL 2.26 itself falls back to its `offscreen` driver (see
    /// [`Video::driver`]).
    /// Only one `Video` may exist at a time: a second call while one is alive fails with
    /// [`NativeError::InvalidArgument`].
    pub fn init_video(&'static self, driver: Option<&str>) -> Result<Video, NativeError> {
        if VIDEO_ACTIVE.swap(true, Ordering::AcqRel) {
            return Err(NativeError::InvalidArgument(
                "SDL video is already initialised: drop the other Video before starting another".to_owned(),
            ));
        }
        match self.start_video(driver) {
            Ok(()) => Ok(Video { sdl: self, _main_thread: PhantomData }),
            Err(error) => {
                VIDEO_ACTIVE.store(false, Ordering::Release);
                Err(error)
            }
        }
    }

    fn start_video(&self, driver: Option<&str>) -> Result<(), NativeError> {
        let system = &self.calls.system;
        if let Some(driver) = driver {
            let value = CString::new(driver).map_err(|_| {
                NativeError::InvalidArgument(format!("video driver name {driver:?} contains a NUL byte"))
            })?;
            // SAFETY: both strings are NUL-terminated and live for the call; SDL copies them.
            let set = unsafe {
                self.calls.hints.SDL_SetHintWithPriority.call(
                    SDL_HINT_VIDEODRIVER.as_ptr(),
                    value.as_ptr(),
                    SDL_HINT_OVERRIDE,
                )
            };
            if set != SDL_TRUE {
                return Err(self.error(SDL_SetHintWithPriority::SYMBOL));
            }
        }
        // The window surface is shown through the driver's own framebuffer (X11: XShmPutImage of each rectangle),
        // not through an SDL_Renderer texture: SDL's texture path re-presents the whole window through OpenGL
        // (Mesa's software GL under Xvfb) whatever rectangles are asked for (record 12). At default priority, so
        // SDL_FRAMEBUFFER_ACCELERATION in the environment still wins.
        // SAFETY: both strings are NUL-terminated statics; SDL copies them.
        unsafe {
            self.calls.hints.SDL_SetHintWithPriority.call(
                SDL_HINT_FRAMEBUFFER_ACCELERATION.as_ptr(),
                c"0".as_ptr(),
                SDL_HINT_DEFAULT,
            )
        };
        // An input method's composition longer than SDL_TEXTEDITING's 32 bytes arrives whole, as one
        // SDL_TEXTEDITING_EXT, rather than cut (SDL reads the hint each time it sends one).
        // SAFETY: both strings are NUL-terminated statics; SDL copies them.
        unsafe {
            self.calls.hints.SDL_SetHintWithPriority.call(
                SDL_HINT_IME_SUPPORT_EXTENDED_TEXT.as_ptr(),
                c"1".as_ptr(),
                SDL_HINT_DEFAULT,
            )
        };
        let flags = SDL_INIT_VIDEO.0 | SDL_INIT_EVENTS.0 | SDL_INIT_TIMER.0;
        // SAFETY: plain flags; SDL_Init may be called from any state.
        if unsafe { system.SDL_Init.call(flags) } >= 0 {
            return Ok(());
        }
        let mut message = self.last_error();
        if message.is_empty() {
            // SDL 2.26 loses the message of the first failed video start (its error buffer is reset on the way
            // out); a second attempt fails the same way and keeps it.
            // SAFETY: plain flags.
            let retried = unsafe { system.SDL_InitSubSystem.call(SDL_INIT_VIDEO.0) };
            message = if retried < 0 { self.last_error() } else { String::new() };
        }
        if message.is_empty() {
            message = "SDL gave no reason".to_owned();
        }
        let drivers = self.video_drivers();
        if !drivers.is_empty() {
            message = format!("{message} (this SDL's video drivers: {})", drivers.join(", "));
        }
        // SAFETY: takes nothing; shuts down whatever part started and clears the driver hint set above.
        unsafe { system.SDL_Quit.call() };
        Err(NativeError::Sdl { function: SDL_Init::SYMBOL, message })
    }

    /// The error of an SDL function that just failed: its name and `SDL_GetError()`.
    pub(crate) fn error(&self, function: &'static str) -> NativeError {
        let message = self.last_error();
        NativeError::Sdl {
            function,
            message: if message.is_empty() { "SDL gave no reason".to_owned() } else { message },
        }
    }
}

/// SDL's video, events and timer subsystems, running. `SDL_Quit` in `Drop`.
///
/// Not `Send`: SDL's video belongs to the thread that started it. Windows borrow it.
#[derive(Debug)]
pub struct Video {
    sdl: &'static Sdl,
    _main_thread: PhantomData<*const ()>,
}

impl Video {
    /// `SDL_GetCurrentVideoDriver`: the name of the driver SDL started ("dummy", "x11", "wayland" ...).
    pub fn driver(&self) -> String {
        // SAFETY: takes nothing; returns a static string of the running driver, or NULL.
        text(unsafe { self.sdl.calls.video.SDL_GetCurrentVideoDriver.call() })
    }

    /// The SDL this video runs on.
    pub fn sdl(&self) -> &'static Sdl {
        self.sdl
    }
}

impl Drop for Video {
    fn drop(&mut self) {
        // SAFETY: every window borrowed this Video and is gone; SDL_Quit shuts down what init_video started.
        unsafe { self.sdl.calls.system.SDL_Quit.call() };
        VIDEO_ACTIVE.store(false, Ordering::Release);
    }
}

/// A C string SDL handed back, copied; "" for NULL.
fn text(pointer: *const c_char) -> String {
    if pointer.is_null() {
        return String::new();
    }
    // SAFETY: SDL returns NUL-terminated strings that stay valid at least until the next call into SDL on this
    // thread; it is copied before anything else runs.
    unsafe { CStr::from_ptr(pointer) }.to_string_lossy().into_owned()
}

/// `text` as a C string, cut at its first NUL (for messages and titles, where a NUL cannot be meant).
fn c_string_lossy(text: &str) -> CString {
    let end = text.find('\0').unwrap_or(text.len());
    CString::new(&text[..end]).unwrap_or_default()
}
