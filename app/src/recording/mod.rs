//! The frame recorder's file format (`--record FILE`, read back by `goldberry replay FILE`): every frame's display
//! list, input events and timings, in a versioned binary format of goldberry's own.
//!
//! ## The format, version 1
//!
//! All numbers are little-endian; `uv` is an unsigned LEB128 varint, `iv` a zigzagged signed one, `f32` four bytes
//! (bit for bit), `str` a `uv` byte length and UTF-8 ([`wire`]).
//!
//! ```text
//! file    = magic "GBREC\r\n\x1a" (8 bytes), version u16, record*
//! record  = kind u8, length uv, payload (length bytes), FNV-1a 32 of the payload (4 bytes)
//! kind 1  = the header: threads uv, cpu level str, font dirs (uv count, str each)
//! kind 2  = the warm-up: width uv, height uv, scale f32, list          (the glyph cache's warm-up frame)
//! kind 3  = a frame: index uv, painted u8, events (uv count, event each), timings (uv ns each: layout, shape,
//!           raster, paint, present, recording, writing), and when painted: width uv, height uv, scale f32, fresh u8,
//!           cold u8, the HUD's ops (start uv, end uv), damage, frame damage (uv count, x y w h uv each),
//!           moved (u8, x y w h), band edges (uv count, uv each), layer fates (uv count, key uv, fate u8 each),
//!           list flags, then the ops as a difference from the last painted frame's:
//!           uv count of steps, each 0 = copy (start uv, count uv: that run of the last frame's ops) or 1 = an op
//! op      = tag u8 and its fields (ops.rs, one arm an op); a layer's content is written in full the first
//!           time its key shows that version and content, then referred to (a flag byte)
//! ```
//!
//! A file is written to `FILE.part`, one whole record at a time, and renamed to `FILE` when the run ends: a run
//! killed or a disk full leaves `FILE.part` with its last record cut short, and a reader takes every whole frame
//! before it and says where it stopped. A version other than [`VERSION`] is refused with both numbers.
//!
//! What is never written: a password field's text. The display list draws a hidden password as dots (the
//! field's glyph runs are the dots' glyphs, their clusters offsets into the dots), so its runs are recorded as
//! drawn; a revealed password's runs are marked secret by the field ([`crate::display_list::DisplayList::secret`])
//! and written with no glyphs ([`redact`]); an event typed while the focus is in a password field is written with
//! a dot for each character ([`events::redacted`]).

pub mod align;
pub mod events;
pub mod file;
pub mod frames;
pub mod ops;
pub mod redact;
pub mod wire;

use std::ops::Range;
use std::time::Duration;

use crate::display_list::{DisplayList, LayerKey};
use crate::geom::PixelRect;
use crate::raster::LayerFate;
use crate::ui::input::UiEvent;

pub use file::{Reader, Recording, Writer, read};
pub use frames::{Decoder, Encoder};

/// The format's version: a reader refuses any other.
pub const VERSION: u16 = 1;

/// The file's first bytes (a PNG-like signature: a text transfer or a truncation to 7 bits shows).
pub const MAGIC: [u8; 8] = *b"GBREC\r\n\x1a";

/// A recording cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum RecordingError {
    /// The file could not be opened, read or written.
    #[error("{path}: {source}")]
    Io {
        /// Which file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Not a recording at all.
    #[error("{0} is not a goldberry recording (it does not start with GBREC)")]
    NotARecording(String),
    /// A recording of another version of the format.
    #[error("{path} is a version {found} recording; this goldberry reads version {VERSION}")]
    Version {
        /// Which file.
        path: String,
        /// The file's version.
        found: u16,
    },
    /// A record that is whole but does not read (its checksum or its fields).
    #[error("corrupt recording: {0}")]
    Corrupt(String),
}

/// What the recording run was: what a replay needs to draw the same frames.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Header {
    /// The raster threads (bands) of the run.
    pub threads: u32,
    /// Blend2D's CPU level of the run (`--cpu-level`'s name).
    pub cpu_level: String,
    /// The `--font-dir`s of the run (empty: the system's).
    pub font_dirs: Vec<String>,
}

/// The glyph cache's warm-up before the first frame ([`crate::frame::Painter::warm_up`]): a replay warms the same.
#[derive(Debug, Clone, PartialEq)]
pub struct WarmUp {
    pub width: u32,
    pub height: u32,
    pub scale: f32,
    pub list: DisplayList,
}

/// One frame as recorded.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// The frame's index in the run.
    pub index: u64,
    /// The input events it handled (a password field's text as dots).
    pub events: Vec<UiEvent>,
    /// Its phases as measured live.
    pub timings: Timings,
    /// What it painted; `None` for an idle frame.
    pub painted: Option<Painted>,
}

/// A frame's measured phases, and what recording it cost.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Timings {
    pub layout: Duration,
    pub shape: Duration,
    pub raster: Duration,
    pub paint: Duration,
    pub present: Duration,
    /// What handing the previous frame to the recorder's thread cost the frame loop, after present.
    pub recording: Duration,
    /// What encoding and writing the previous frame's record cost the recorder's own thread.
    pub writing: Duration,
}

/// What a painted frame drew and how.
#[derive(Debug, Clone, PartialEq)]
pub struct Painted {
    /// The frame's size in device pixels, and its scale.
    pub width: u32,
    pub height: u32,
    pub scale: f32,
    /// The target did not hold the last frame (a new surface): drawn whole.
    pub fresh: bool,
    /// Nothing was cached (a new size or scale): the renderer's layers were dropped first.
    pub cold: bool,
    /// The HUD's ops in the list (a cold frame rasterizes its layer ahead).
    pub hud: Range<usize>,
    /// The pixels the frame wrote, and of them the frame's own (the overlay's left out).
    pub damage: Vec<PixelRect>,
    pub frame_damage: Vec<PixelRect>,
    /// The pixels a blit-scroll moved.
    pub moved: Option<PixelRect>,
    /// The band plan: band `i` was rows `bands[i]..bands[i + 1]`.
    pub bands: Vec<usize>,
    /// What raster did with each top-level layer: the retained layers' fates.
    pub layers: Vec<(LayerKey, LayerFate)>,
    /// The display list.
    pub list: DisplayList,
}
