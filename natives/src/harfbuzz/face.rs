//! [`Face`]: one face of a font file, as HarfBuzz reads it.

use std::ffi::{c_char, c_uint, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::ptr::NonNull;

use goldberry_calls::harfbuzz::types::{HB_MEMORY_MODE_READONLY, hb_face_t};

use crate::{Goldberry, NativeError};

/// One face of a font file (`hb_face_t`), read from the file's bytes.
///
/// The bytes are read once into memory owned by HarfBuzz's blob, which frees them when the last face or font
/// using them is gone, so a [`crate::harfbuzz::Font`] made from this face may outlive it.
pub struct Face {
    pub(crate) g: &'static Goldberry,
    pub(crate) face: NonNull<hb_face_t>,
    units_per_em: u32,
    glyph_count: u32,
}

// SAFETY: an `hb_face_t` has no thread affinity: its reference count is atomic, it is made immutable before it is
// shared (`hb_face_make_immutable` here, and again by `hb_font_create`), and the tables it loads lazily are
// published with atomic compare-and-swap, which is what HarfBuzz documents as safe to use from several threads.
unsafe impl Send for Face {}
// SAFETY: see `Send`: every method takes `&self` and only reads the immutable face.
unsafe impl Sync for Face {}

/// `hb_destroy_func_t` for the blob's bytes: frees the `Vec<u8>` boxed into `user_data`.
unsafe extern "C" fn release_bytes(user_data: *mut c_void) {
    // Dropping a `Vec<u8>` cannot panic, but a panic must never unwind into C: catch it regardless.
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `user_data` is the `Box<Vec<u8>>` leaked in `Face::from_bytes`, and HarfBuzz calls this exactly
        // once, when the blob no longer needs the bytes.
        drop(unsafe { Box::from_raw(user_data as *mut Vec<u8>) });
    }));
}

impl Face {
    /// Reads face `index` (0 unless the file is a collection) of the font file at `path`. As in HarfBuzz, the
    /// high 16 bits of `index` may name a variable font's named instance (plus one).
    ///
    /// A file that cannot be read gives [`NativeError::File`] with the OS's reason; so does a file that is not a
    /// font HarfBuzz can read (`hb_face_count` finds no face in it), or has no face `index`.
    pub fn from_file(g: &'static Goldberry, path: &Path, index: u32) -> Result<Face, NativeError> {
        let file_error = |reason: String| NativeError::File { path: path.to_owned(), reason };
        let bytes = std::fs::read(path).map_err(|e| file_error(e.to_string()))?;
        Self::from_bytes(g, bytes, index).map_err(file_error)
    }

    /// Makes the face from the bytes of a font file; the error is the reason they are not a usable face.
    fn from_bytes(g: &'static Goldberry, bytes: Vec<u8>, index: u32) -> Result<Face, String> {
        let calls = &g.harfbuzz;
        let Ok(length) = c_uint::try_from(bytes.len()) else {
            return Err("the file is larger than the 4 GiB a HarfBuzz blob can hold".to_owned());
        };
        let data = bytes.as_ptr() as *const c_char;
        let user_data = Box::into_raw(Box::new(bytes)) as *mut c_void;
        // SAFETY: `data` points to `length` bytes owned by the boxed Vec behind `user_data`, which moves nowhere
        // and is freed only by `release_bytes`, which HarfBuzz calls once when the blob is done with the bytes
        // (also when creation fails). READONLY: nothing writes to them while the blob lives.
        let blob = unsafe {
            calls.blob.hb_blob_create.call(data, length, HB_MEMORY_MODE_READONLY, user_data, Some(release_bytes))
        };
        if blob.is_null() {
            return Err("hb_blob_create returned null".to_owned());
        }
        // SAFETY: `blob` is a live blob.
        let face_count = unsafe { calls.face.hb_face_count.call(blob) };
        // HarfBuzz ignores the index of a single-face file and gives an empty face for one past a collection's
        // end: refuse both here, so that `index` always means the face asked for.
        let face_index = index & 0xFFFF;
        if face_index >= face_count {
            // SAFETY: drops our only reference to `blob`.
            unsafe { calls.blob.hb_blob_destroy.call(blob) };
            return Err(if face_count == 0 {
                "not a font HarfBuzz can read".to_owned()
            } else {
                format!("the file has {face_count} face(s), so no face {face_index}")
            });
        }
        // SAFETY: `blob` is a live blob; the face takes its own reference to it.
        let face = unsafe { calls.face.hb_face_create.call(blob, index) };
        // SAFETY: drops our reference to `blob`; the face keeps its own.
        unsafe { calls.blob.hb_blob_destroy.call(blob) };
        let face = NonNull::new(face).ok_or_else(|| "hb_face_create returned null".to_owned())?;
        // SAFETY: `face` is a live face we own one reference to.
        let glyph_count = unsafe {
            calls.face.hb_face_make_immutable.call(face.as_ptr());
            calls.face.hb_face_get_glyph_count.call(face.as_ptr())
        };
        // SAFETY: as above.
        let units_per_em = unsafe { calls.face.hb_face_get_upem.call(face.as_ptr()) };
        let face = Face { g, face, units_per_em, glyph_count };
        if face.glyph_count == 0 {
            // Dropping `face` releases it.
            return Err("not a font HarfBuzz can read: the face has no glyphs".to_owned());
        }
        Ok(face)
    }

    /// The face's units per em: the scale of every position a [`crate::harfbuzz::Font`] of it gives.
    pub fn units_per_em(&self) -> u32 {
        self.units_per_em
    }

    /// The OpenType feature tags of the face's GSUB and GPOS tables, sorted and deduplicated
    /// (`hb_ot_layout_table_get_feature_tags`): the features shaping with this face can turn on or off.
    pub fn feature_tags(&self) -> Vec<[u8; 4]> {
        let calls = &self.g.harfbuzz.face;
        let mut tags = Vec::new();
        for table in [*b"GSUB", *b"GPOS"] {
            let table = u32::from_be_bytes(table);
            let mut chunk = [0u32; 64];
            let mut offset: c_uint = 0;
            loop {
                let mut count = chunk.len() as c_uint;
                // SAFETY: a live, immutable face; `count` says how many tags `chunk` holds, and HarfBuzz writes at
                // most that many and sets `count` to how many it wrote.
                let total = unsafe {
                    calls.hb_ot_layout_table_get_feature_tags.call(
                        self.face.as_ptr(),
                        table,
                        offset,
                        &mut count,
                        chunk.as_mut_ptr(),
                    )
                };
                let written = (count as usize).min(chunk.len());
                tags.extend(chunk[..written].iter().map(|tag| tag.to_be_bytes()));
                offset += written as c_uint;
                if written == 0 || offset >= total {
                    break;
                }
            }
        }
        tags.sort_unstable();
        tags.dedup();
        tags
    }

    /// The number of glyphs in the face.
    pub fn glyph_count(&self) -> u32 {
        self.glyph_count
    }
}

impl Drop for Face {
    fn drop(&mut self) {
        // SAFETY: we own one reference to the face and give it up exactly once.
        unsafe { self.g.harfbuzz.face.hb_face_destroy.call(self.face.as_ptr()) };
    }
}

impl std::fmt::Debug for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Face")
            .field("units_per_em", &self.units_per_em)
            .field("glyph_count", &self.glyph_count)
            .finish()
    }
}
