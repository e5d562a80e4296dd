//! The frame's scale, device pixels per logical unit: `--scale` when given, else the platform's (the window's
//! pixels per point, as SDL reports them where the platform scales windows, times `GDK_SCALE` where it does not),
//! times the session's zoom. The app lays out, records and hit-tests in logical units; this module turns SDL's
//! window coordinates into them and back.

use goldberry_natives::sdl::Window;

use crate::shell::cli::Scale;

/// The environment variable a desktop without window scaling (X11) sets for its scale factor, as GTK reads it.
const SCALE_ENV: &str = "GDK_SCALE";

/// How the window's coordinates, its pixels and the app's logical units relate (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scaling {
    /// The scale at zoom 1: `--scale`, or the platform's.
    base: f32,
    /// The window's pixels per window coordinate (SDL's points): 1 on X11 and headless.
    platform: f32,
    /// `--scale`, which wins over the platform's.
    flag: Option<Scale>,
}

impl Scaling {
    /// The scale before the window opens, when the platform's pixels per point are not known yet: `--scale`, else
    /// the environment's.
    pub fn requested(flag: Option<Scale>) -> Scaling {
        Scaling { base: flag.map_or_else(environment_scale, Scale::get), platform: 1.0, flag }
    }

    /// The scaling of `window` as it is now (once it is open, or on another display). Returns the scaling and
    /// whether the window must take a new size in points for `--scale` to hold.
    pub fn measure(self, window: &Window<'_>) -> (Scaling, bool) {
        let ((pixels_wide, _), (points_wide, _)) = (window.size_in_pixels(), window.size());
        self.measured(pixels_wide, points_wide)
    }

    /// [`Scaling::measure`] of a window `pixels_wide` pixels over `points_wide` coordinates.
    fn measured(self, pixels_wide: u32, points_wide: u32) -> (Scaling, bool) {
        let platform = if pixels_wide > 0 && points_wide > 0 { pixels_wide as f32 / points_wide as f32 } else { 1.0 };
        let flag = self.flag;
        match flag {
            Some(scale) => (Scaling { base: scale.get(), platform, flag }, platform != self.platform),
            None => (Scaling { base: environment_scale() * platform, platform, flag }, false),
        }
    }

    /// Device pixels per logical unit at `zoom`.
    pub fn device(&self, zoom: f32) -> f32 {
        self.base * zoom
    }

    /// Window coordinates per logical unit at `zoom`: what a logical position is multiplied by to become SDL's.
    pub fn window_per_logical(&self, zoom: f32) -> f32 {
        self.device(zoom) / self.platform
    }

    /// Logical units per window coordinate at `zoom`: what SDL's pointer positions are multiplied by.
    pub fn logical_per_window(&self, zoom: f32) -> f32 {
        self.platform / self.device(zoom)
    }

    /// A logical size in window coordinates at `zoom` (at least 1 each way).
    pub fn window_size(&self, width: u32, height: u32, zoom: f32) -> (u32, u32) {
        let side = |v: u32| ((v as f32 * self.window_per_logical(zoom)).round() as u32).max(1);
        (side(width), side(height))
    }
}

/// `GDK_SCALE`, a whole factor from 1 to 4 (anything else is ignored, as GTK ignores it).
fn environment_scale() -> f32 {
    std::env::var(SCALE_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u8>().ok())
        .filter(|v| (1..=4).contains(v))
        .map_or(1.0, f32::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_wins_and_a_scaling_platform_halves_the_window_coordinates() {
        let two: Scale = "2".parse().expect("2");
        let (x11, resize) = Scaling::requested(Some(two)).measured(1920, 1920);
        assert!(!resize);
        assert_eq!((x11.device(1.0), x11.window_per_logical(1.0)), (2.0, 2.0));
        assert_eq!(x11.window_size(960, 640, 1.0), (1920, 1280));
        // A platform with two pixels a point: the window opened at 2x points must shrink to 1x points.
        let (hidpi, resize) = Scaling::requested(Some(two)).measured(3840, 1920);
        assert!(resize);
        assert_eq!((hidpi.device(1.0), hidpi.window_per_logical(1.0)), (2.0, 1.0));
        assert_eq!(hidpi.window_size(960, 640, 1.5), (1440, 960));
    }
}
