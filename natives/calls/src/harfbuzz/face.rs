//! HarfBuzz faces (hb-face.h): one face of a font file.

use std::ffi::c_uint;

use super::types::{hb_blob_t, hb_face_t, hb_tag_t};

crate::holders! {
    /// The surface of an `hb_face_t`.
    pub struct FaceCalls in "libgoldberry" {
        /// `unsigned int hb_face_count(hb_blob_t* blob)`: the number of faces in a font file (0 when it is not one HarfBuzz reads).
        fn hb_face_count(blob: *mut hb_blob_t) -> c_uint;
        /// `hb_face_t* hb_face_create(hb_blob_t* blob, unsigned int index)`: takes its own reference to `blob`; never null (an empty face with no glyphs when the blob is not a font); the low 16 bits of `index` pick the face of a collection (ignored for a single-face file), the high 16 bits a named instance).
        fn hb_face_create(blob: *mut hb_blob_t, index: c_uint) -> *mut hb_face_t;
        /// `void hb_face_destroy(hb_face_t* face)`: drops one reference.
        fn hb_face_destroy(face: *mut hb_face_t);
        /// `void hb_face_make_immutable(hb_face_t* face)`: no setter changes it afterwards.
        fn hb_face_make_immutable(face: *mut hb_face_t);
        /// `unsigned int hb_face_get_upem(const hb_face_t* face)`
        fn hb_face_get_upem(face: *const hb_face_t) -> c_uint;
        /// `unsigned int hb_face_get_glyph_count(const hb_face_t* face)`
        fn hb_face_get_glyph_count(face: *const hb_face_t) -> c_uint;
        /// `unsigned int hb_ot_layout_table_get_feature_tags(hb_face_t* face, hb_tag_t table_tag, unsigned int start_offset, unsigned int* feature_count, hb_tag_t* feature_tags)`: the total count of the table's feature records; fills up to `*feature_count` tags from `start_offset` and sets `*feature_count` to how many it wrote.
        fn hb_ot_layout_table_get_feature_tags(face: *mut hb_face_t, table_tag: hb_tag_t, start_offset: c_uint, feature_count: *mut c_uint, feature_tags: *mut hb_tag_t) -> c_uint;
    }
}
