//! The Blend2D runtime: build and system information.

use std::ffi::c_void;

use super::result::BLResult;
use super::types::BLRuntimeInfoType;

crate::holders! {
    /// The surface of the Blend2D runtime.
    pub struct RuntimeCalls in "libgoldberry" {
        /// `BLResult blRuntimeQueryInfo(BLRuntimeInfoType infoType, void* infoOut)`
        fn blRuntimeQueryInfo(info_type: BLRuntimeInfoType, info_out: *mut c_void) -> BLResult;
    }
}
