//! A window, its surface, and putting the surface on screen.

use std::ffi::c_int;
use std::marker::PhantomData;
use std::ptr::NonNull;

use goldberry_calls::sdl::types::{
    SDL_DisplayMode, SDL_PIXELFORMAT_ARGB8888, SDL_PIXELFORMAT_RGB888, SDL_PixelFormatEnum, SDL_Rect, SDL_Surface,
    SDL_WINDOW_ALLOW_HIGHDPI, SDL_WINDOW_RESIZABLE, SDL_WINDOW_SHOWN, SDL_WINDOWPOS_UNDEFINED, SDL_Window,
    sdl_mustlock,
};
use goldberry_calls::sdl::video::{
    SDL_CreateWindow, SDL_GetWindowSurface, SDL_LockSurface, SDL_UpdateWindowSurface, SDL_UpdateWindowSurfaceRects,
};

use super::{Video, c_string_lossy};
use crate::error::NativeError;

/// A surface's pixel layout, as far as the app cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurfaceFormat {
    /// `SDL_PIXELFORMAT_RGB888` (= `SDL_PIXELFORMAT_XRGB8888`): 4 bytes a pixel, `0xXXRRGGBB` native-endian;
    /// Blend2D's `BL_FORMAT_XRGB32`.
    Xrgb8888,
    /// `SDL_PIXELFORMAT_ARGB8888`: 4 bytes a pixel, `0xAARRGGBB` native-endian.
    Argb8888,
    /// Any other `SDL_PIXELFORMAT_*` value.
    Other(u32),
}

impl SurfaceFormat {
    fn from_sdl(format: u32) -> SurfaceFormat {
        match SDL_PixelFormatEnum(format) {
            SDL_PIXELFORMAT_RGB888 => SurfaceFormat::Xrgb8888,
            SDL_PIXELFORMAT_ARGB8888 => SurfaceFormat::Argb8888,
            _ => SurfaceFormat::Other(format),
        }
    }
}

/// A rectangle of window pixels, as SDL takes it: `x`, `y` its top-left corner, `w`, `h` its size. Laid out
/// exactly as `SDL_Rect`, so a slice of them is handed to SDL as it is.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
}

// `update_surface_rects` passes `&[Rect]` to SDL as `const SDL_Rect*`: the two must be laid out alike.
const _: () = {
    use std::mem::{align_of, offset_of, size_of};
    assert!(size_of::<Rect>() == size_of::<SDL_Rect>() && align_of::<Rect>() == align_of::<SDL_Rect>());
    assert!(offset_of!(Rect, x) == offset_of!(SDL_Rect, x) && offset_of!(Rect, y) == offset_of!(SDL_Rect, y));
    assert!(offset_of!(Rect, w) == offset_of!(SDL_Rect, w) && offset_of!(Rect, h) == offset_of!(SDL_Rect, h));
};

impl Rect {
    /// A rectangle from its left, top, width and height.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }
}

/// An SDL window. `SDL_DestroyWindow` in `Drop`; borrows the [`Video`] it was created on.
#[derive(Debug)]
pub struct Window<'v> {
    video: &'v Video,
    window: NonNull<SDL_Window>,
}

fn dimension(what: &str, value: u32) -> Result<c_int, NativeError> {
    match c_int::try_from(value) {
        Ok(value) if value > 0 => Ok(value),
        _ => Err(NativeError::InvalidArgument(format!("window {what} must be 1..={}, not {value}", c_int::MAX))),
    }
}

impl Video {
    /// `SDL_CreateWindow`: a shown window of `width` x `height` pixels, placed where SDL chooses, resizable by
    /// the user when `resizable`. A title with a NUL byte is cut there.
    pub fn create_window(
        &self,
        title: &str,
        width: u32,
        height: u32,
        resizable: bool,
    ) -> Result<Window<'_>, NativeError> {
        let (w, h) = (dimension("width", width)?, dimension("height", height)?);
        let title = c_string_lossy(title);
        // Where the platform scales windows, the surface gets the display's pixels and the app draws at their
        // scale; elsewhere (X11, dummy) the flag changes nothing.
        let mut flags = SDL_WINDOW_SHOWN.0 | SDL_WINDOW_ALLOW_HIGHDPI.0;
        if resizable {
            flags |= SDL_WINDOW_RESIZABLE.0;
        }
        let position = SDL_WINDOWPOS_UNDEFINED.0;
        // SAFETY: `title` is NUL-terminated and outlives the call (SDL copies it); video is running.
        let window =
            unsafe { self.sdl.calls.video.SDL_CreateWindow.call(title.as_ptr(), position, position, w, h, flags) };
        match NonNull::new(window) {
            Some(window) => Ok(Window { video: self, window }),
            None => Err(self.sdl.error(SDL_CreateWindow::SYMBOL)),
        }
    }
}

impl Window<'_> {
    /// `SDL_GetWindowSize`: the window's size in pixels (screen coordinates).
    pub fn size(&self) -> (u32, u32) {
        let (mut w, mut h): (c_int, c_int) = (0, 0);
        // SAFETY: the window is alive; `w` and `h` are valid out-pointers for the call.
        unsafe { self.video.sdl.calls.video.SDL_GetWindowSize.call(self.window.as_ptr(), &mut w, &mut h) };
        (u32::try_from(w).unwrap_or(0), u32::try_from(h).unwrap_or(0))
    }

    /// `SDL_GetWindowSizeInPixels`: the window's size in the display's pixels, larger than [`Window::size`]
    /// where the platform scales windows.
    pub fn size_in_pixels(&self) -> (u32, u32) {
        let (mut w, mut h): (c_int, c_int) = (0, 0);
        // SAFETY: the window is alive; `w` and `h` are valid out-pointers for the call.
        unsafe { self.video.sdl.calls.video.SDL_GetWindowSizeInPixels.call(self.window.as_ptr(), &mut w, &mut h) };
        (u32::try_from(w).unwrap_or(0), u32::try_from(h).unwrap_or(0))
    }

    /// `SDL_GetWindowPosition`: where the window's client area's top left stands on the screen (screen
    /// coordinates; a window manager may still move it, and SDL says so with a window event).
    pub fn position(&self) -> (i32, i32) {
        let (mut x, mut y): (c_int, c_int) = (0, 0);
        // SAFETY: the window is alive; `x` and `y` are valid out-pointers for the call.
        unsafe { self.video.sdl.calls.video.SDL_GetWindowPosition.call(self.window.as_ptr(), &mut x, &mut y) };
        (x, y)
    }

    /// `SDL_GetWindowBordersSize`: the decorations around the client area as (top, left, bottom, right), None
    /// where the platform cannot tell (no window manager, or a driver without decorations).
    pub fn borders(&self) -> Option<(i32, i32, i32, i32)> {
        let (mut top, mut left, mut bottom, mut right): (c_int, c_int, c_int, c_int) = (0, 0, 0, 0);
        // SAFETY: the window is alive; the four are valid out-pointers for the call.
        let result = unsafe {
            self.video.sdl.calls.video.SDL_GetWindowBordersSize.call(
                self.window.as_ptr(),
                &mut top,
                &mut left,
                &mut bottom,
                &mut right,
            )
        };
        (result == 0).then_some((top, left, bottom, right))
    }

    /// `SDL_SetWindowSize`: asks for a new size; SDL reports the size it got as an [`Event::Resized`](super::Event).
    /// The next [`Window::surface`] has the new size.
    pub fn set_size(&mut self, width: u32, height: u32) -> Result<(), NativeError> {
        let (w, h) = (dimension("width", width)?, dimension("height", height)?);
        // SAFETY: the window is alive, and no surface borrows it (`&mut self`), so SDL may replace the surface.
        unsafe { self.video.sdl.calls.video.SDL_SetWindowSize.call(self.window.as_ptr(), w, h) };
        Ok(())
    }

    /// The refresh rate, in Hz, of the display the window is on: the window's display mode's
    /// (`SDL_GetWindowDisplayMode`), else the display's current mode (`SDL_GetCurrentDisplayMode`); `None`
    /// when SDL does not know it (0, as with the dummy driver).
    pub fn refresh_rate(&self) -> Option<u32> {
        let calls = &self.video.sdl.calls.video;
        let mut mode = empty_mode();
        // SAFETY: the window is alive; `mode` is a valid out-pointer for the call.
        let found = unsafe { calls.SDL_GetWindowDisplayMode.call(self.window.as_ptr(), &mut mode) };
        if found == 0 && mode.refresh_rate > 0 {
            return u32::try_from(mode.refresh_rate).ok();
        }
        // SAFETY: the window is alive.
        let display = unsafe { calls.SDL_GetWindowDisplayIndex.call(self.window.as_ptr()) };
        if display < 0 {
            return None;
        }
        let mut mode = empty_mode();
        // SAFETY: `display` is an index SDL just gave; `mode` is a valid out-pointer.
        let found = unsafe { calls.SDL_GetCurrentDisplayMode.call(display, &mut mode) };
        (found == 0 && mode.refresh_rate > 0).then(|| u32::try_from(mode.refresh_rate).ok()).flatten()
    }

    /// `SDL_SetWindowTitle`. A title with a NUL byte is cut there.
    pub fn set_title(&self, t: &str) {
        let title = c_string_lossy(t);
        // SAFETY: the window is alive; `title` is NUL-terminated and SDL copies it.
        unsafe { self.video.sdl.calls.video.SDL_SetWindowTitle.call(self.window.as_ptr(), title.as_ptr()) };
    }

    /// `SDL_GetWindowSurface`: the window's pixels, locked (`SDL_LockSurface`) when `SDL_MUSTLOCK` says so.
    /// The surface borrows the window: get it again after a resize, it then has the new size.
    pub fn surface(&mut self) -> Result<Surface<'_>, NativeError> {
        let sdl = self.video.sdl;
        // SAFETY: the window is alive; the surface it returns belongs to the window.
        let surface = unsafe { sdl.calls.video.SDL_GetWindowSurface.call(self.window.as_ptr()) };
        let Some(surface) = NonNull::new(surface) else {
            return Err(sdl.error(SDL_GetWindowSurface::SYMBOL));
        };
        // SAFETY: SDL returned a valid surface; its flags are plain data.
        let must_lock = sdl_mustlock(unsafe { surface.as_ref() }.flags);
        if must_lock {
            // SAFETY: a valid surface, not yet locked by us.
            if unsafe { sdl.calls.video.SDL_LockSurface.call(surface.as_ptr()) } < 0 {
                return Err(sdl.error(SDL_LockSurface::SYMBOL));
            }
        }
        Ok(Surface { video: self.video, surface, locked: must_lock, _window: PhantomData })
    }

    /// `SDL_UpdateWindowSurface`: puts the window surface's pixels on screen.
    pub fn present(&mut self) -> Result<(), NativeError> {
        let sdl = self.video.sdl;
        // SAFETY: the window is alive, and no surface borrows it (`&mut self`), so it is unlocked.
        if unsafe { sdl.calls.video.SDL_UpdateWindowSurface.call(self.window.as_ptr()) } < 0 {
            return Err(sdl.error(SDL_UpdateWindowSurface::SYMBOL));
        }
        Ok(())
    }

    /// `SDL_UpdateWindowSurfaceRects`: puts only `rects` of the window surface's pixels on screen; the rest of
    /// the screen keeps what it showed. An empty slice presents nothing and makes no call. Like
    /// [`Window::present`], it needs the window's surface to have been taken ([`Window::surface`]) since the
    /// last resize, or SDL refuses.
    pub fn update_surface_rects(&mut self, rects: &[Rect]) -> Result<(), NativeError> {
        if rects.is_empty() {
            return Ok(());
        }
        let Ok(count) = c_int::try_from(rects.len()) else {
            return Err(NativeError::InvalidArgument(format!(
                "{} rectangles to present: at most {}",
                rects.len(),
                c_int::MAX
            )));
        };
        let sdl = self.video.sdl;
        // SAFETY: the window is alive and unlocked (`&mut self`); `rects` holds `count` rectangles laid out as
        // `SDL_Rect` (checked above at compile time), which SDL only reads during the call.
        let updated = unsafe {
            sdl.calls.video.SDL_UpdateWindowSurfaceRects.call(self.window.as_ptr(), rects.as_ptr().cast(), count)
        };
        if updated < 0 {
            return Err(sdl.error(SDL_UpdateWindowSurfaceRects::SYMBOL));
        }
        Ok(())
    }

    /// `SDL_GetWindowID`: the id SDL's window events carry.
    pub fn id(&self) -> u32 {
        // SAFETY: the window is alive.
        unsafe { self.video.sdl.calls.video.SDL_GetWindowID.call(self.window.as_ptr()) }
    }
}

impl Drop for Window<'_> {
    fn drop(&mut self) {
        // SAFETY: the window is alive and ours; no surface borrows it any more. Its surface goes with it.
        unsafe { self.video.sdl.calls.video.SDL_DestroyWindow.call(self.window.as_ptr()) };
    }
}

fn empty_mode() -> SDL_DisplayMode {
    SDL_DisplayMode { format: 0, w: 0, h: 0, refresh_rate: 0, driverdata: std::ptr::null_mut() }
}

/// A window's surface: its pixels, writable. Borrows the window; unlocks (`SDL_UnlockSurface`) in `Drop`
/// when it was locked.
#[derive(Debug)]
pub struct Surface<'w> {
    video: &'w Video,
    surface: NonNull<SDL_Surface>,
    locked: bool,
    _window: PhantomData<&'w mut ()>,
}

impl Surface<'_> {
    fn raw(&self) -> &SDL_Surface {
        // SAFETY: the surface belongs to the window this borrows mutably, so SDL keeps it alive and unchanged
        // (no resize, no other surface call) for as long as `self` lives.
        unsafe { self.surface.as_ref() }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        u32::try_from(self.raw().w).unwrap_or(0)
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        u32::try_from(self.raw().h).unwrap_or(0)
    }

    /// Bytes from the start of one row to the next (at least `width * 4` for the 4-byte formats).
    pub fn pitch(&self) -> usize {
        usize::try_from(self.raw().pitch).unwrap_or(0)
    }

    /// The pixel format.
    pub fn pixel_format(&self) -> SurfaceFormat {
        let format = self.raw().format;
        if format.is_null() {
            return SurfaceFormat::Other(0);
        }
        // SAFETY: a surface's format is allocated with it and read-only while it lives.
        SurfaceFormat::from_sdl(unsafe { (*format).format })
    }

    /// The surface's memory: `pitch * height` bytes, rows top to bottom. Empty when SDL gave no pixels.
    pub fn pixels_mut(&mut self) -> &mut [u8] {
        let length = self.pitch() * self.height() as usize;
        let pixels = self.raw().pixels as *mut u8;
        if pixels.is_null() || length == 0 {
            return &mut [];
        }
        // SAFETY: SDL allocated `pitch * h` bytes at `pixels` for this surface; they are locked when SDL
        // requires it, and `&mut self` makes this the only view of them while it lives.
        unsafe { std::slice::from_raw_parts_mut(pixels, length) }
    }
}

impl Drop for Surface<'_> {
    fn drop(&mut self) {
        if self.locked {
            // SAFETY: the surface is alive and was locked by `Window::surface`.
            unsafe { self.video.sdl.calls.video.SDL_UnlockSurface.call(self.surface.as_ptr()) };
        }
    }
}
