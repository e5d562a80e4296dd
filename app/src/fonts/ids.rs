//! [`FontId`]s: a face at a pixel size, its Blend2D font created once for the book's life, and what an id
//! names.

use std::sync::{OnceLock, PoisonError};

use goldberry_natives::{NativeError, blend2d};

use super::{Face, FontBook, SizedFont};
use crate::geom::FontId;

/// How many (face, size) fonts a book holds at most; past that, [`FontBook::id`] reuses the nearest size.
pub const MAX_FONTS: usize = 64;

fn quantize(size_px: f32) -> u32 {
    (size_px.clamp(1.0, 1024.0) * 64.0).round() as u32
}

impl FontBook {
    /// Creates the font for (face, size) in the next slot.
    pub(super) fn create(&self, face: Face, size_px: f32) -> Result<FontId, NativeError> {
        let mut ids = self.ids.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (face, quantize(size_px));
        if let Some(i) = ids.iter().position(|&k| k == key) {
            return Ok(FontId(i as u16));
        }
        let i = ids.len();
        let slot = self
            .slots
            .get(i)
            .ok_or_else(|| NativeError::InvalidArgument(format!("the font book is full ({MAX_FONTS} fonts)")))?;
        let size_px = key.1 as f32 / 64.0;
        let font = blend2d::Font::new(&self.loaded_or_sans(face).blend2d, size_px)?;
        // The lock is held, so nobody else fills slot `i`.
        let _ = slot.set(SizedFont { face, size_px, font });
        ids.push(key);
        Ok(FontId(i as u16))
    }

    /// The id of `face` at `size_px` pixels per em (sizes are kept to 1/64 px), creating its Blend2D font the
    /// first time. Should creating it fail (or the book be full), the id of the same face's nearest size is
    /// returned and a warning logged.
    pub fn id(&self, face: Face, size_px: f32) -> FontId {
        {
            let ids = self.ids.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(i) = ids.iter().position(|&k| k == (face, quantize(size_px))) {
                return FontId(i as u16);
            }
        }
        match self.create(face, size_px) {
            Ok(id) => id,
            Err(error) => {
                tracing::warn!("no {face:?} font at {size_px} px ({error}); using the nearest size");
                let ids = self.ids.lock().unwrap_or_else(PoisonError::into_inner);
                let wanted = quantize(size_px);
                let nearest = ids
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| k.0 == face)
                    .min_by_key(|(_, k)| k.1.abs_diff(wanted))
                    .map_or(0, |(i, _)| i);
                FontId(nearest as u16)
            }
        }
    }

    fn slot(&self, id: FontId) -> Option<&SizedFont> {
        self.slots.get(usize::from(id.0)).and_then(OnceLock::get)
    }

    /// The Blend2D font `id` names, to draw with (an id this book did not give out gets a default font).
    pub fn blend2d_font(&self, id: FontId) -> &blend2d::Font {
        self.slot(id).map_or(&self.fallback, |slot| &slot.font)
    }

    /// The face `id` names.
    pub fn face(&self, id: FontId) -> Face {
        self.slot(id).map_or(Face::Sans, |slot| slot.face)
    }

    /// The pixel size `id` names.
    pub fn size_px(&self, id: FontId) -> f32 {
        self.slot(id).map_or(Face::Sans.default_size(), |slot| slot.size_px)
    }
}

#[cfg(test)]
mod tests {
    use crate::fonts::Face;
    use crate::test_support::book;

    #[test]
    fn ids_are_created_once_per_face_and_size() {
        let book = book();
        let a = book.id(Face::Sans, 12.0);
        let b = book.id(Face::Mono, 12.0);
        assert_ne!(a, b);
        assert_eq!(book.id(Face::Sans, 12.0), a);
        assert_eq!(book.id(Face::Sans, 12.001), a, "sizes are kept to 1/64 px");
        assert_eq!(book.face(b), Face::Mono);
        assert_eq!(book.size_px(a), 12.0);
        let m = book.metrics(a);
        assert!(m.ascent > 8.0 && m.ascent < 14.0 && m.descent > 1.0 && m.line_height >= m.ascent + m.descent, "{m:?}");
    }
}
