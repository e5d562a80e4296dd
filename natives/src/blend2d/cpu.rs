//! Pinning Blend2D's pipelines to one x86 feature level, so that a picture can be drawn as a CPU with fewer
//! features draws it (record 19).
//!
//! Blend2D compiles each fill pipeline at run time for the features of the CPU it runs on. A context created with
//! `BL_CONTEXT_CREATE_FLAG_ISOLATED_JIT_RUNTIME | BL_CONTEXT_CREATE_FLAG_OVERRIDE_CPU_FEATURES` compiles its
//! pipelines into a JIT runtime of its own, for the features in `BLContextCreateInfo::cpuFeatures` only. Such a
//! runtime is destroyed with its context, so every context compiles its pipelines again: a pinned level is for
//! tests and comparisons, not for speed.
//!
//! Not pinned by it: Blend2D's C++ code (compiled for SSE2, with per-level variants it picks by the CPU it
//! detects: the pixel converters, the glyph decoders).

use std::sync::atomic::{AtomicU32, Ordering};

use goldberry_calls::blend2d::types::{
    BL_CONTEXT_CREATE_FLAG_ISOLATED_JIT_RUNTIME, BL_CONTEXT_CREATE_FLAG_OVERRIDE_CPU_FEATURES,
    BL_RUNTIME_CPU_FEATURE_X86_AVX, BL_RUNTIME_CPU_FEATURE_X86_AVX2, BL_RUNTIME_CPU_FEATURE_X86_AVX512,
    BL_RUNTIME_CPU_FEATURE_X86_SSE2, BL_RUNTIME_CPU_FEATURE_X86_SSE3, BL_RUNTIME_CPU_FEATURE_X86_SSE4_1,
    BL_RUNTIME_CPU_FEATURE_X86_SSE4_2, BL_RUNTIME_CPU_FEATURE_X86_SSSE3,
};

use super::runtime::system_features;
use crate::{Goldberry, NativeError};

/// The x86 feature level Blend2D's pipelines are compiled for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CpuLevel {
    /// Whatever the CPU has (Blend2D's shared JIT runtime: no pipeline compiled twice).
    #[default]
    Native,
    /// SSE2, which every x86-64 CPU has: the baseline.
    Sse2,
    /// SSE3.
    Sse3,
    /// SSSE3.
    Ssse3,
    /// SSE4.1.
    Sse41,
    /// SSE4.2.
    Sse42,
    /// AVX.
    Avx,
    /// AVX2.
    Avx2,
    /// AVX-512 (F, BW, DQ, CD and VL).
    Avx512,
}

impl CpuLevel {
    /// Every level, the lowest first, `Native` last.
    pub const ALL: [CpuLevel; 9] = [
        CpuLevel::Sse2,
        CpuLevel::Sse3,
        CpuLevel::Ssse3,
        CpuLevel::Sse41,
        CpuLevel::Sse42,
        CpuLevel::Avx,
        CpuLevel::Avx2,
        CpuLevel::Avx512,
        CpuLevel::Native,
    ];

    /// Its name on the command line: `sse2`, `sse3`, `ssse3`, `sse4.1`, `sse4.2`, `avx`, `avx2`, `avx512`,
    /// `native`.
    pub fn name(self) -> &'static str {
        match self {
            CpuLevel::Native => "native",
            CpuLevel::Sse2 => "sse2",
            CpuLevel::Sse3 => "sse3",
            CpuLevel::Ssse3 => "ssse3",
            CpuLevel::Sse41 => "sse4.1",
            CpuLevel::Sse42 => "sse4.2",
            CpuLevel::Avx => "avx",
            CpuLevel::Avx2 => "avx2",
            CpuLevel::Avx512 => "avx512",
        }
    }

    /// The level named `name` (see [`CpuLevel::name`]).
    pub fn from_name(name: &str) -> Option<CpuLevel> {
        CpuLevel::ALL.into_iter().find(|level| level.name() == name)
    }

    /// The `BL_RUNTIME_CPU_FEATURE_X86_*` mask of the level: it and every level below it (`None` for `Native`).
    pub fn features(self) -> Option<u32> {
        let below = [
            BL_RUNTIME_CPU_FEATURE_X86_SSE2,
            BL_RUNTIME_CPU_FEATURE_X86_SSE3,
            BL_RUNTIME_CPU_FEATURE_X86_SSSE3,
            BL_RUNTIME_CPU_FEATURE_X86_SSE4_1,
            BL_RUNTIME_CPU_FEATURE_X86_SSE4_2,
            BL_RUNTIME_CPU_FEATURE_X86_AVX,
            BL_RUNTIME_CPU_FEATURE_X86_AVX2,
            BL_RUNTIME_CPU_FEATURE_X86_AVX512,
        ];
        let rank = CpuLevel::ALL.iter().position(|&level| level == self)?;
        (self != CpuLevel::Native).then(|| below[..=rank].iter().fold(0, |mask, feature| mask | feature.0))
    }
}

impl std::fmt::Display for CpuLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The mask every new context is pinned to (0: not pinned).
static PINNED: AtomicU32 = AtomicU32::new(0);

/// The levels this CPU runs, as Blend2D detects its features, the lowest first, `Native` last.
pub fn available_cpu_levels(g: &'static Goldberry) -> Result<Vec<CpuLevel>, NativeError> {
    let has = system_features(g)?;
    Ok(CpuLevel::ALL.into_iter().filter(|level| level.features().is_none_or(|mask| has & mask == mask)).collect())
}

/// Pins the pipelines of every context created from now on, in the whole process, to `level` (`Native` unpins).
/// Fails, pinning nothing, when this CPU lacks a feature of the level.
pub fn pin_cpu_level(g: &'static Goldberry, level: CpuLevel) -> Result<(), NativeError> {
    if !available_cpu_levels(g)?.contains(&level) {
        let names: Vec<&str> = available_cpu_levels(g)?.into_iter().map(CpuLevel::name).collect();
        return Err(NativeError::InvalidArgument(format!(
            "this CPU cannot run Blend2D's pipelines at {level}: it runs {}",
            names.join(", ")
        )));
    }
    PINNED.store(level.features().unwrap_or(0), Ordering::Relaxed);
    Ok(())
}

/// The level contexts are pinned to now.
pub fn cpu_level() -> CpuLevel {
    let mask = PINNED.load(Ordering::Relaxed);
    CpuLevel::ALL.into_iter().find(|level| level.features().unwrap_or(0) == mask).unwrap_or_default()
}

/// `(flags, cpuFeatures)` of a new context's `BLContextCreateInfo`.
pub(super) fn create_flags() -> (u32, u32) {
    match PINNED.load(Ordering::Relaxed) {
        0 => (0, 0),
        mask => (BL_CONTEXT_CREATE_FLAG_ISOLATED_JIT_RUNTIME.0 | BL_CONTEXT_CREATE_FLAG_OVERRIDE_CPU_FEATURES.0, mask),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_is_named_and_holds_the_levels_below_it() {
        for level in CpuLevel::ALL {
            assert_eq!(CpuLevel::from_name(level.name()), Some(level));
        }
        assert_eq!(CpuLevel::from_name("avx512f"), None);
        assert_eq!(CpuLevel::Native.features(), None);
        assert_eq!(CpuLevel::Sse2.features(), Some(0x01));
        assert_eq!(CpuLevel::Sse41.features(), Some(0x0f));
        assert_eq!(CpuLevel::Avx2.features(), Some(0x7f));
        assert_eq!(CpuLevel::Avx512.features(), Some(0xff));
    }
}
