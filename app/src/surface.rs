//! The pixels a frame is rasterized into: a window surface's, or an offscreen [`FrameBuffer`]'s. The renderer
//! draws into a [`Canvas`]; present hands it the window surface as one, and says with [`Pixels`] whether it still
//! holds the frame drawn before.

/// The pixels a frame is rasterized into: XRGB32 rows `stride` bytes apart (an SDL window surface, or an
/// offscreen [`FrameBuffer`]).
#[derive(Debug)]
pub struct Canvas<'a> {
    /// At least `stride * height` bytes.
    pub pixels: &'a mut [u8],
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Bytes from one row to the next.
    pub stride: usize,
    /// Device pixels per display-list pixel (1 on a normal display).
    pub scale: f32,
}

/// What a [`Canvas`] holds when a frame is rendered into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pixels {
    /// The pixels of the last frame rendered into it by the same renderer: only what changed is drawn.
    Kept,
    /// Anything else (a new surface: the first frame, a resize, a window surface SDL lost): drawn whole.
    Fresh,
}

/// An offscreen XRGB32 frame (benches, golden tests), rows packed.
#[derive(Debug, Clone)]
pub struct FrameBuffer {
    /// `width * height * 4` bytes.
    pub pixels: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl FrameBuffer {
    /// A black frame.
    pub fn new(width: u32, height: u32) -> FrameBuffer {
        FrameBuffer { pixels: vec![0; width as usize * height as usize * 4], width, height }
    }

    /// The bytes from one row to the next.
    pub fn stride(&self) -> usize {
        self.width as usize * 4
    }

    /// The frame as a raster target at one device pixel a unit.
    pub fn canvas(&mut self) -> Canvas<'_> {
        self.canvas_at(1.0)
    }

    /// The frame as a raster target at `scale` device pixels a logical unit.
    pub fn canvas_at(&mut self, scale: f32) -> Canvas<'_> {
        let stride = self.stride();
        Canvas { pixels: &mut self.pixels, width: self.width, height: self.height, stride, scale }
    }
}
