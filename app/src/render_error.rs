//! How rendering a frame fails: a native call, a thread of the renderer or the glyph cache that panicked, or a
//! target too short for its size. Shared by the renderer and the glyph cache, which imports nothing of it.

use goldberry_natives::NativeError;

/// A frame (or a glyph cache fill) that could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A Blend2D call failed.
    #[error(transparent)]
    Native(#[from] NativeError),
    /// A thread drawing part of the frame panicked; names which kind of thread.
    #[error("{0} panicked")]
    ThreadPanicked(&'static str),
    /// The target holds fewer bytes than its size and stride need.
    #[error("raster target of {width}x{height} with stride {stride} needs {needed} bytes, has {len}")]
    ShortTarget {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
        /// Its stride in bytes.
        stride: usize,
        /// The bytes it needs.
        needed: usize,
        /// The bytes it has.
        len: usize,
    },
}
