//! What the Blend2D runtime reports about its build and the machine (`blRuntimeQueryInfo`).

use std::ffi::{CStr, c_void};

use goldberry_calls::blend2d::runtime::blRuntimeQueryInfo;
use goldberry_calls::blend2d::types::{
    BL_RUNTIME_INFO_TYPE_BUILD, BL_RUNTIME_INFO_TYPE_SYSTEM, BLRuntimeBuildInfo, BLRuntimeSystemInfo,
};

use super::bl;
use crate::{Goldberry, NativeError};

/// How the Blend2D in libgoldberry was built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildInfo {
    /// `(major, minor, patch)`.
    pub version: (u32, u32, u32),
    /// Whether it is a debug build.
    pub debug: bool,
    /// Largest image width or height plus one (`BL_RUNTIME_MAX_IMAGE_SIZE`).
    pub max_image_size: u32,
    /// Largest thread count of a multi-threaded context.
    pub max_thread_count: u32,
    /// The C++ compiler that built it.
    pub compiler: String,
}

/// What Blend2D detected about the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SystemInfo {
    /// CPU cores.
    pub core_count: u32,
    /// Hardware threads.
    pub thread_count: u32,
}

/// `blRuntimeQueryInfo(BL_RUNTIME_INFO_TYPE_BUILD)`.
pub fn build_info(g: &'static Goldberry) -> Result<BuildInfo, NativeError> {
    let mut info = BLRuntimeBuildInfo {
        majorVersion: 0,
        minorVersion: 0,
        patchVersion: 0,
        buildType: 0,
        baselineCpuFeatures: 0,
        supportedCpuFeatures: 0,
        maxImageSize: 0,
        maxThreadCount: 0,
        reserved: [0; 2],
        compilerInfo: [0; 32],
    };
    // SAFETY: `info` is the struct `BL_RUNTIME_INFO_TYPE_BUILD` fills, writable for the call.
    unsafe {
        bl!(
            g.blend2d.runtime,
            blRuntimeQueryInfo(BL_RUNTIME_INFO_TYPE_BUILD, &mut info as *mut BLRuntimeBuildInfo as *mut c_void)
        )
    }?;
    let bytes: Vec<u8> = info.compilerInfo.iter().map(|&c| c as u8).collect();
    let compiler = CStr::from_bytes_until_nul(&bytes)
        .map(|text| text.to_string_lossy().into_owned())
        .unwrap_or_else(|_| String::from_utf8_lossy(&bytes).into_owned());
    Ok(BuildInfo {
        version: (info.majorVersion, info.minorVersion, info.patchVersion),
        debug: info.buildType == 0,
        max_image_size: info.maxImageSize,
        max_thread_count: info.maxThreadCount,
        compiler,
    })
}

/// `blRuntimeQueryInfo(BL_RUNTIME_INFO_TYPE_SYSTEM)`.
pub fn system_info(g: &'static Goldberry) -> Result<SystemInfo, NativeError> {
    let info = query_system(g)?;
    Ok(SystemInfo { core_count: info.coreCount, thread_count: info.threadCount })
}

/// The `BL_RUNTIME_CPU_FEATURE_*` mask Blend2D detected on this CPU.
pub(super) fn system_features(g: &'static Goldberry) -> Result<u32, NativeError> {
    Ok(query_system(g)?.cpuFeatures)
}

fn query_system(g: &'static Goldberry) -> Result<BLRuntimeSystemInfo, NativeError> {
    let mut info = BLRuntimeSystemInfo {
        cpuArch: 0,
        cpuFeatures: 0,
        coreCount: 0,
        threadCount: 0,
        threadStackSize: 0,
        removed: 0,
        allocationGranularity: 0,
        reserved: [0; 5],
        cpuVendor: [0; 16],
        cpuBrand: [0; 64],
    };
    // SAFETY: `info` is the struct `BL_RUNTIME_INFO_TYPE_SYSTEM` fills, writable for the call.
    unsafe {
        bl!(
            g.blend2d.runtime,
            blRuntimeQueryInfo(BL_RUNTIME_INFO_TYPE_SYSTEM, &mut info as *mut BLRuntimeSystemInfo as *mut c_void)
        )
    }?;
    Ok(info)
}
