//! HarfBuzz blobs (hb-blob.h): the bytes of a font file.

use std::ffi::{c_char, c_uint, c_void};

use super::types::{hb_blob_t, hb_destroy_func_t, hb_memory_mode_t};

crate::holders! {
    /// The surface of an `hb_blob_t`: a reference-counted span of bytes.
    pub struct BlobCalls in "libgoldberry" {
        /// `hb_blob_t* hb_blob_create(const char* data, unsigned int length, hb_memory_mode_t mode, void* user_data, hb_destroy_func_t destroy)`: never null (the empty blob on failure); `destroy(user_data)` runs when the blob no longer needs `data`, also on failure.
        fn hb_blob_create(data: *const c_char, length: c_uint, mode: hb_memory_mode_t, user_data: *mut c_void, destroy: hb_destroy_func_t) -> *mut hb_blob_t;
        /// `hb_blob_t* hb_blob_create_from_file(const char* file_name)`: the empty blob when the file cannot be read.
        fn hb_blob_create_from_file(file_name: *const c_char) -> *mut hb_blob_t;
        /// `hb_blob_t* hb_blob_create_from_file_or_fail(const char* file_name)`: null when the file cannot be read.
        fn hb_blob_create_from_file_or_fail(file_name: *const c_char) -> *mut hb_blob_t;
        /// `void hb_blob_destroy(hb_blob_t* blob)`: drops one reference.
        fn hb_blob_destroy(blob: *mut hb_blob_t);
        /// `unsigned int hb_blob_get_length(hb_blob_t* blob)`
        fn hb_blob_get_length(blob: *mut hb_blob_t) -> c_uint;
        /// `const char* hb_blob_get_data(hb_blob_t* blob, unsigned int* length)`: the blob's bytes (null and 0 for the empty blob), valid while the blob lives.
        fn hb_blob_get_data(blob: *mut hb_blob_t, length: *mut c_uint) -> *const c_char;
    }
}
