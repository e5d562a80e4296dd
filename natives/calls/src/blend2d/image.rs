//! Blend2D images: create (owned or over caller memory), read the pixels back, release.

use std::ffi::{c_int, c_void};

use super::result::BLResult;
use super::types::{BLDataAccessFlags, BLDestroyExternalDataFunc, BLFormat, BLImageCore, BLImageData};

crate::holders! {
    /// The surface of a Blend2D image.
    pub struct ImageCalls in "libgoldberry" {
        /// `BLResult blImageInit(BLImageCore* self)`
        fn blImageInit(image: *mut BLImageCore) -> BLResult;
        /// `BLResult blImageInitAs(BLImageCore* self, int w, int h, BLFormat format)`
        fn blImageInitAs(image: *mut BLImageCore, w: c_int, h: c_int, format: BLFormat) -> BLResult;
        /// `BLResult blImageInitAsFromData(BLImageCore* self, int w, int h, BLFormat format, void* pixelData, intptr_t stride, BLDataAccessFlags accessFlags, BLDestroyExternalDataFunc destroyFunc, void* userData)`
        fn blImageInitAsFromData(image: *mut BLImageCore, w: c_int, h: c_int, format: BLFormat, pixel_data: *mut c_void, stride: isize, access_flags: BLDataAccessFlags, destroy_func: BLDestroyExternalDataFunc, user_data: *mut c_void) -> BLResult;
        /// `BLResult blImageReset(BLImageCore* self)`
        fn blImageReset(image: *mut BLImageCore) -> BLResult;
        /// `BLResult blImageGetData(const BLImageCore* self, BLImageData* dataOut)`
        fn blImageGetData(image: *const BLImageCore, data_out: *mut BLImageData) -> BLResult;
    }
}
