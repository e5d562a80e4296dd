//! goldberry, the showcase: a UI-like scene laid out by Yoga, shaped by HarfBuzz, painted by Blend2D and
//! presented by SDL2, with a HUD that shows where each frame's time goes against a 16.7 ms budget.
//!
//! The app knows nothing of C: every native call goes through `goldberry-natives`' safe layer.

#![forbid(unsafe_code)]

pub mod access;
pub mod chrome;
pub mod clock;
pub mod display_list;
pub mod distance;
pub mod document;
pub mod flame;
pub mod fonts;
pub mod frame;
pub mod geom;
pub mod glyph_cache;
pub mod hud;
pub mod located;
pub mod overlay;
pub mod popup;
pub mod raster;
pub mod recording;
pub mod render_error;
pub mod scene;
pub mod screens;
pub mod session;
pub mod shell;
pub mod stage;
pub mod style;
pub mod surface;
#[cfg(test)]
mod test_support;
pub mod text;
pub mod ui;
pub mod widgets;
