//! The safe layer over HarfBuzz: a [`Face`] read from a font file, a [`Font`] scaled to its units per em that
//! shapes text into a [`crate::glyphs::GlyphRun`], a reusable [`Buffer`] to shape in, and parsed [`Feature`]s.
//!
//! ```
//! # use std::path::Path;
//! # use goldberry_natives::Goldberry;
//! # use goldberry_natives::harfbuzz::{Buffer, Face, Feature, Font};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let g = Goldberry::load(None)?;
//! let face = Face::from_file(g, Path::new("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), 0)?;
//! let font = Font::new(&face)?;
//! let mut buffer = Buffer::new(g)?;
//! let run = font.shape(&mut buffer, "office", &[Feature::parse(g, "liga=0")?])?;
//! assert_eq!(run.len(), 6);
//! # Ok(())
//! # }
//! ```
//!
//! Threads: [`Face`] and [`Font`] are `Send + Sync` (HarfBuzz objects are immutable once set up and safe to read
//! from several threads); a [`Buffer`] is `Send` but not `Sync`: each thread shapes in its own.

mod buffer;
mod color;
mod face;
mod feature;
mod font;
mod paint;

use goldberry_calls::harfbuzz::blob::BlobCalls;
use goldberry_calls::harfbuzz::buffer::BufferCalls;
use goldberry_calls::harfbuzz::color::ColorCalls;
use goldberry_calls::harfbuzz::face::FaceCalls;
use goldberry_calls::harfbuzz::font::FontCalls;
use goldberry_calls::harfbuzz::paint::PaintCalls;
use goldberry_calls::{MissingSymbols, SymbolSource};

pub use buffer::{Buffer, ClusterLevel};
pub use color::{ColourBitmap, GlyphExtents};
pub use face::Face;
pub use feature::Feature;
pub use font::{Direction, Font, Segment};
pub use paint::{ColorLine, ColorStop, Extend, MAX_PAINT_OPS, PaintFault, PaintOp, PaintSink, Painted};

use crate::Goldberry;

/// The Unicode Script property of `c` as an ISO 15924 tag (`*b"Latn"`, `*b"Arab"`, `*b"Zyyy"` for common
/// characters, `*b"Zinh"` for inherited ones), from HarfBuzz's built-in Unicode data (`hb_unicode_script`).
pub fn script_of(g: &Goldberry, c: char) -> [u8; 4] {
    let calls = &g.harfbuzz.buffer;
    // SAFETY: takes nothing; returns HarfBuzz's static default functions, alive for the process.
    let funcs = unsafe { calls.hb_unicode_funcs_get_default.call() };
    // SAFETY: `funcs` is HarfBuzz's static default object (never null: it is a static) and any code point is valid.
    let script = unsafe { calls.hb_unicode_script.call(funcs, u32::from(c)) };
    script.0.to_be_bytes()
}

/// Every harfbuzz holder group, bound.
#[derive(Debug, Clone, Copy)]
pub struct HarfBuzzCalls {
    pub(crate) blob: BlobCalls,
    pub(crate) face: FaceCalls,
    pub(crate) font: FontCalls,
    pub(crate) buffer: BufferCalls,
    pub(crate) color: ColorCalls,
    pub(crate) paint: PaintCalls,
}

impl HarfBuzzCalls {
    /// Binds every harfbuzz group, naming every missing symbol.
    pub fn bind(source: &dyn SymbolSource) -> Result<Self, MissingSymbols> {
        crate::bind_groups!(
            source,
            HarfBuzzCalls {
                blob: BlobCalls,
                face: FaceCalls,
                font: FontCalls,
                buffer: BufferCalls,
                color: ColorCalls,
                paint: PaintCalls
            }
        )
    }
}
