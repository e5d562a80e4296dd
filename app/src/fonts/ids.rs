//! [`FontId`]s: a face at a pixel size, and the Blend2D fonts behind them.
//!
//! An id *is* its face and size: the face's [`Face::index`] in the top 8 bits, the size in 1/64 px below (1 to
//! 1024 px: at most 17 bits). So an id names the same font for the life of the process, and nothing keyed by an id
//! (the glyph cache's cells and run images, laid-out text, a retained display list, a frame's damage print) can
//! ever find it naming another size or face: there is no table of ids to fill, and no size is ever refused.
//!
//! What is bounded is the Blend2D fonts made for ids: the book keeps the [`MAX_FONTS`] used last, and makes a
//! font again (from its face, a few microseconds) when an id whose font made room is drawn again. A font handed
//! out is an [`Arc`], so a raster thread drawing with a font the frame thread evicts meanwhile keeps it alive
//! until it is done.

use std::collections::HashMap;
use std::sync::{Arc, PoisonError};

use goldberry_natives::{NativeError, blend2d};

use super::{Face, FontBook};
use crate::geom::FontId;

/// How many Blend2D fonts a book keeps; past that, the least recently used one makes room. A font is about 200
/// bytes of Blend2D's and the map's, so the bound is under 20 KiB (record 20).
pub const MAX_FONTS: usize = 64;

/// The bits of an id below the face's index.
const FACE_SHIFT: u32 = 24;

/// Sizes are kept to 1/64 px.
const STEPS_PER_PX: f32 = 64.0;

/// The smallest and largest sizes an id names, px.
const SIZES_PX: (f32, f32) = (1.0, 1024.0);

fn quantize(size_px: f32) -> u32 {
    let size = if size_px.is_nan() { Face::Sans.default_size() } else { size_px };
    (size.clamp(SIZES_PX.0, SIZES_PX.1) * STEPS_PER_PX).round() as u32
}

/// The Blend2D fonts made for ids, the [`MAX_FONTS`] used last (see the module docs).
#[derive(Debug, Default)]
pub(super) struct Fonts {
    /// Each font with the tick it was last asked for.
    by_id: HashMap<FontId, (Arc<blend2d::Font>, u64)>,
    /// Counts every request: the recency of each font.
    tick: u64,
    /// How many fonts were made, and how many made room for another, since the book was loaded.
    made: u64,
    evicted: u64,
}

impl FontId {
    /// The id of `face` at `size_px` pixels per em, kept to 1/64 px within 1 to 1024 px (a NaN size: the face's
    /// default).
    pub fn of(face: Face, size_px: f32) -> FontId {
        FontId((face.index() as u32) << FACE_SHIFT | quantize(size_px))
    }

    /// The face it names (Inter for an index no face has).
    pub fn face(self) -> Face {
        Face::EVERY.get((self.0 >> FACE_SHIFT) as usize).copied().unwrap_or(Face::Sans)
    }

    /// The size it names, px (within 1 to 1024 px whatever the bits).
    pub fn size_px(self) -> f32 {
        let steps = self.0 & ((1 << FACE_SHIFT) - 1);
        (steps as f32 / STEPS_PER_PX).clamp(SIZES_PX.0, SIZES_PX.1)
    }
}

impl FontBook {
    /// The id of `face` at `size_px` pixels per em (sizes are kept to 1/64 px): see [`FontId::of`]. Every size
    /// has its own id; the Blend2D font is made when the id is first drawn.
    pub fn id(&self, face: Face, size_px: f32) -> FontId {
        FontId::of(face, size_px)
    }

    /// Makes the font `id` names now, keeping it as the most recently used (the book's default fonts at load).
    pub(super) fn make(&self, id: FontId) -> Result<Arc<blend2d::Font>, NativeError> {
        let mut fonts = self.fonts.lock().unwrap_or_else(PoisonError::into_inner);
        fonts.tick += 1;
        let tick = fonts.tick;
        if let Some((font, used)) = fonts.by_id.get_mut(&id) {
            *used = tick;
            return Ok(Arc::clone(font));
        }
        // Made under the lock: two threads asking for the same new size make it once.
        let font = Arc::new(blend2d::Font::new(&self.loaded_or_sans(id.face()).blend2d, id.size_px())?);
        if fonts.by_id.len() >= MAX_FONTS
            && let Some(oldest) = fonts.by_id.iter().min_by_key(|(_, (_, used))| *used).map(|(id, _)| *id)
        {
            fonts.by_id.remove(&oldest);
            fonts.evicted += 1;
        }
        fonts.by_id.insert(id, (Arc::clone(&font), tick));
        fonts.made += 1;
        Ok(font)
    }

    /// The Blend2D font `id` names, to draw with: made again if it made room for others since. Should Blend2D fail
    /// to make it (it only does out of memory), the error is logged and the book's default font stands in.
    pub fn blend2d_font(&self, id: FontId) -> Arc<blend2d::Font> {
        self.make(id).unwrap_or_else(|error| {
            tracing::warn!(
                "cannot make the {:?} font at {} px ({error}); drawing with the default font",
                id.face(),
                id.size_px()
            );
            Arc::clone(&self.fallback)
        })
    }

    /// The face `id` names.
    pub fn face(&self, id: FontId) -> Face {
        id.face()
    }

    /// The pixel size `id` names.
    pub fn size_px(&self, id: FontId) -> f32 {
        id.size_px()
    }

    /// How many Blend2D fonts the book holds (at most [`MAX_FONTS`]), how many it made since it was loaded, and
    /// how many of those made room for another.
    pub fn font_counts(&self) -> (usize, u64, u64) {
        let fonts = self.fonts.lock().unwrap_or_else(PoisonError::into_inner);
        (fonts.by_id.len(), fonts.made, fonts.evicted)
    }
}

#[cfg(test)]
mod tests {
    use crate::fonts::{Face, MAX_FONTS};
    use crate::geom::FontId;
    use crate::test_support::book;

    #[test]
    fn an_id_is_its_face_and_size() {
        let book = book();
        let a = book.id(Face::Sans, 12.0);
        let b = book.id(Face::Mono, 12.0);
        assert_ne!(a, b);
        assert_eq!(book.id(Face::Sans, 12.0), a);
        assert_eq!(book.id(Face::Sans, 12.001), a, "sizes are kept to 1/64 px");
        assert_ne!(book.id(Face::Sans, 12.0 + 1.0 / 64.0), a);
        assert_eq!(book.face(b), Face::Mono);
        assert_eq!(book.size_px(a), 12.0);
        for face in Face::EVERY {
            for size in [1.0, 8.5, 72.0, 1024.0] {
                let id = FontId::of(face, size);
                assert_eq!((id.face(), id.size_px()), (face, size), "{id:?}");
            }
        }
        assert_eq!(FontId::of(Face::Sans, 5000.0).size_px(), 1024.0, "sizes are clamped");
        assert_eq!(FontId(0).size_px(), 1.0, "an id the book did not give out still names a size");
        let m = book.metrics(a);
        assert!(m.ascent > 8.0 && m.ascent < 14.0 && m.descent > 1.0 && m.line_height >= m.ascent + m.descent, "{m:?}");
    }

    #[test]
    fn every_size_is_drawn_at_its_own_size_and_the_fonts_stay_bounded() {
        let book = book();
        let first = book.id(Face::Sans, 8.0);
        assert_eq!(book.blend2d_font(first).size(), 8.0);
        // Twice the book's room of sizes, in three faces, twice over: the least recently used make room.
        for _ in 0..2 {
            for step in 0..2 * MAX_FONTS {
                for face in [Face::Sans, Face::SansBold, Face::Mono] {
                    let size = 8.0 + step as f32 * 0.5;
                    let font = book.blend2d_font(book.id(face, size));
                    assert_eq!(font.size(), size, "{face:?} at {size} px");
                    let (held, _, _) = book.font_counts();
                    assert!(held <= MAX_FONTS, "{held} fonts held");
                }
            }
        }
        let (held, made, evicted) = book.font_counts();
        assert_eq!(held, MAX_FONTS);
        assert!(evicted > 0 && made == held as u64 + evicted, "{made} made, {evicted} evicted");
        // The first size made room long ago; its id still names 8 px, and its font is made again at 8 px.
        assert_eq!(book.blend2d_font(first).size(), 8.0);
        assert_eq!(book.face(first), Face::Sans);
        // A font in use keeps living after it made room (a raster thread may hold it while the frame thread asks
        // for other sizes).
        let held = book.blend2d_font(book.id(Face::Mono, 30.0));
        for step in 0..MAX_FONTS {
            book.blend2d_font(book.id(Face::Sans, 100.0 + step as f32));
        }
        assert_eq!(held.size(), 30.0);
    }
}
