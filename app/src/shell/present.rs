//! Presenting through SDL2: the video driver, the window, its surface as the raster target, pacing. SDL's events
//! are read in [`crate::shell::events`].
//!
//! The frame is rasterized straight into the window surface's pixels (an XRGB32 `SDL_PIXELFORMAT_RGB888`
//! surface is Blend2D's `BL_FORMAT_XRGB32`), then `SDL_UpdateWindowSurface` shows it: the frame is never copied.

use std::path::Path;
use std::time::{Duration, Instant};

use goldberry_natives::sdl::{Rect as SdlRect, Sdl, SurfaceFormat, Video, Window};

use crate::shell::cli::{HEADLESS_COMMAND, RunError};
use crate::surface::Canvas;

/// Fails fast when nothing could show a window: no `--video-driver` (nor `SDL_VIDEODRIVER`) and neither
/// `DISPLAY` nor `WAYLAND_DISPLAY` set.
pub fn check_display(video_driver: Option<&str>) -> Result<(), RunError> {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if video_driver.is_none() && !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
        return Err(RunError::Display(format!(
            "no display found (DISPLAY and WAYLAND_DISPLAY are unset); run headless: {HEADLESS_COMMAND}"
        )));
    }
    Ok(())
}

/// SDL's video subsystem, started with the requested driver.
#[derive(Debug)]
pub struct Display {
    video: Video,
}

impl Display {
    /// Loads SDL2 and starts its video subsystem with `driver` (SDL's choice when `None`).
    pub fn open(natives_dir: Option<&Path>, driver: Option<&str>) -> Result<Display, RunError> {
        let sdl = Sdl::load(natives_dir)?;
        let video = sdl.init_video(driver).map_err(|e| match driver {
            Some(name) => RunError::Display(format!("the video driver `{name}` could not start: {e}")),
            None => RunError::Display(format!("no video driver could start: {e}; run headless: {HEADLESS_COMMAND}")),
        })?;
        Ok(Display { video })
    }

    /// The driver SDL runs (`dummy`, `x11`, `wayland` ...).
    pub fn driver(&self) -> String {
        self.video.driver()
    }

    /// Opens the window (resizable on a desktop).
    pub fn window(&self, width: u32, height: u32, resizable: bool) -> Result<Window<'_>, RunError> {
        self.video
            .create_window("goldberry", width, height, resizable)
            .map_err(|e| RunError::Display(format!("cannot open a {width}x{height} window: {e}")))
    }

    /// SDL's video subsystem: its events, cursors and keys.
    pub fn video(&self) -> &Video {
        &self.video
    }
}

/// Runs `draw` on the window surface's pixels as a raster target at `scale` device pixels per logical unit
/// (XRGB32 only: any other format is an error naming it).
pub fn draw_into_window<R>(
    window: &mut Window<'_>,
    scale: f32,
    draw: impl FnOnce(Canvas<'_>) -> Result<R, RunError>,
) -> Result<R, RunError> {
    let mut surface = window.surface().map_err(RunError::sdl("the window's surface"))?;
    match surface.pixel_format() {
        SurfaceFormat::Xrgb8888 => {}
        other => {
            return Err(RunError::Display(format!(
                "the window surface is {other:?}, goldberry draws into SDL_PIXELFORMAT_RGB888 (XRGB8888) only"
            )));
        }
    }
    let (width, height, stride) = (surface.width(), surface.height(), surface.pitch());
    draw(Canvas { pixels: surface.pixels_mut(), width, height, stride, scale })
}

/// Reads the window surface (for the screenshot): `f(pixels, width, height, stride)`.
pub fn read_window<R>(window: &mut Window<'_>, f: impl FnOnce(&[u8], u32, u32, usize) -> R) -> Result<R, RunError> {
    let mut surface = window.surface().map_err(RunError::sdl("the window's surface"))?;
    let (width, height, stride) = (surface.width(), surface.height(), surface.pitch());
    Ok(f(surface.pixels_mut(), width, height, stride))
}

/// Shows the whole surface (`SDL_UpdateWindowSurface`) and returns how long it took.
pub fn present(window: &mut Window<'_>) -> Result<Duration, RunError> {
    let _span = tracing::info_span!("present").entered();
    let start = Instant::now();
    window.present().map_err(RunError::sdl("presenting"))?;
    Ok(start.elapsed())
}

/// Shows only `rects` of the surface (`SDL_UpdateWindowSurfaceRects`; nothing when there are none) and returns
/// how long it took.
pub fn present_rects(window: &mut Window<'_>, rects: &[SdlRect]) -> Result<Duration, RunError> {
    let _span = tracing::info_span!("present", rects = rects.len()).entered();
    let start = Instant::now();
    window.update_surface_rects(rects).map_err(RunError::sdl("presenting"))?;
    Ok(start.elapsed())
}

/// Paces frames to a rate: sleeps until the next frame's slot (no-op when unpaced).
#[derive(Debug)]
pub struct Pacer {
    period: Option<Duration>,
    next: Instant,
}

impl Pacer {
    /// A pacer for `fps` frames a second (0 or `None`: unpaced).
    pub fn new(fps: Option<u32>) -> Pacer {
        let period = fps.filter(|f| *f > 0).map(|f| Duration::from_secs_f64(1.0 / f64::from(f)));
        Pacer { period, next: Instant::now() }
    }

    /// The frame period, `None` when unpaced.
    pub fn period(&self) -> Option<Duration> {
        self.period
    }

    /// Waits for the next frame's slot. A late frame does not make the following ones hurry.
    pub fn wait(&mut self) {
        let Some(period) = self.period else { return };
        self.next += period;
        let now = Instant::now();
        if self.next > now {
            std::thread::sleep(self.next - now);
        } else {
            self.next = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pacer_paces_and_unpaced_does_not_wait() {
        let mut unpaced = Pacer::new(Some(0));
        assert!(unpaced.period().is_none());
        let start = Instant::now();
        unpaced.wait();
        assert!(start.elapsed() < Duration::from_millis(5));
        let mut paced = Pacer::new(Some(100));
        let start = Instant::now();
        for _ in 0..3 {
            paced.wait();
        }
        assert!(start.elapsed() >= Duration::from_millis(29), "{:?}", start.elapsed());
    }

    #[test]
    fn a_driver_means_no_display_check() {
        assert!(check_display(Some("dummy")).is_ok());
    }
}
