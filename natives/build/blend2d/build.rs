//! Compiles Blend2D 0.12 and the AsmJit it embeds into one static archive, with the flags Blend2D's own CMake
//! build gives a release build on x86-64 with GCC or Clang.
//!
//! The source is the blend2d-python 1.0.0 archive that natives/build.rs checked and unpacked; it names the folder
//! in `GOLDBERRY_BLEND2D_SOURCE` (the archive's top folder, which holds `3rdparty/blend2d` and `3rdparty/asmjit`).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

/// The instruction-set suffixes of Blend2D's per-level source files, and the flags CMake compiles each with.
const LEVELS: &[(&str, &[&str])] = &[
    ("sse2", &["-msse2"]),
    ("sse3", &["-msse3"]),
    ("ssse3", &["-mssse3"]),
    ("sse4_1", &["-msse4.1"]),
    ("sse4_2", &["-msse4.2", "-mpclmul"]),
    ("avx", &["-mavx"]),
    ("avx2", &["-mavx2", "-mbmi", "-mbmi2", "-mpopcnt", "-DBLEND2D_TARGET_OPT_BMI2", "-DBLEND2D_TARGET_OPT_POPCNT"]),
    (
        "avx2fma",
        &["-mavx2", "-mfma", "-mbmi", "-mbmi2", "-mpopcnt", "-DBLEND2D_TARGET_OPT_BMI2", "-DBLEND2D_TARGET_OPT_POPCNT"],
    ),
    (
        "avx512",
        &[
            "-mavx512f",
            "-mavx512bw",
            "-mavx512dq",
            "-mavx512cd",
            "-mavx512vl",
            "-mbmi",
            "-mbmi2",
            "-mpopcnt",
            "-DBLEND2D_TARGET_OPT_BMI2",
            "-DBLEND2D_TARGET_OPT_POPCNT",
        ],
    ),
];

/// Suffixes of files for other architectures: CMake compiles them everywhere, where they are empty; so do we.
const FOREIGN: &[&str] = &["asimd", "asimd_crypto"];

/// Flags every file gets: CMake's private release flags (with `NDEBUG`, as its release configuration), the embedded
/// AsmJit's settings, and the SSE2 baseline.
/// No `BL_STATIC`: then `BL_API` marks the API with default visibility and everything else stays hidden, so the
/// version script natives/build.rs writes can export the bound functions and nothing of the internals.
const COMMON: &[&str] = &[
    "-fno-exceptions",
    "-fno-rtti",
    "-fno-math-errno",
    "-fno-trapping-math",
    "-fno-finite-math-only",
    "-fno-threadsafe-statics",
    "-fno-semantic-interposition",
    "-fmerge-all-constants",
    "-ftree-vectorize",
    "-fvisibility=hidden",
    // CMake's release configuration: Blend2D's own assertions (`BL_ASSERT`) are for its debug builds.
    "-DNDEBUG",
    "-msse2",
    "-mfpmath=sse",
    "-DBL_BUILD_OPT_AVX512",
    "-DASMJIT_STATIC",
    "-DASMJIT_NO_STDCXX",
    "-DASMJIT_NO_FOREIGN",
    "-DASMJIT_ABI_NAMESPACE=abi_bl",
];

fn main() {
    if let Err(message) = run() {
        eprintln!("error: compiling Blend2D failed: {message}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    println!("cargo:rerun-if-env-changed=GOLDBERRY_BLEND2D_SOURCE");
    println!("cargo:rerun-if-changed=build.rs");
    let root = PathBuf::from(
        env::var_os("GOLDBERRY_BLEND2D_SOURCE").ok_or("GOLDBERRY_BLEND2D_SOURCE is not set (natives/build.rs sets it)")?,
    );
    let blend2d = root.join("3rdparty").join("blend2d").join("src");
    let asmjit = root.join("3rdparty").join("asmjit").join("src");
    println!("cargo:rerun-if-changed={}", root.display());
    if env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("x86_64") {
        return Err("this build knows Blend2D's flags for x86-64 only".to_owned());
    }

    // One group per instruction-set level, each compiled with its own flags; the plain files and AsmJit are one.
    let mut groups: Vec<(&str, &[&str], Vec<PathBuf>)> = vec![("", &[], Vec::new())];
    groups.extend(LEVELS.iter().map(|(suffix, flags)| (*suffix, *flags, Vec::new())));
    for file in cpp_files(&blend2d.join("blend2d"))? {
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        if is_test(&stem) {
            continue;
        }
        let level = groups.iter().position(|(suffix, _, _)| !suffix.is_empty() && stem.ends_with(&format!("_{suffix}")));
        groups[level.unwrap_or(0)].2.push(file);
    }
    groups[0].2.extend(cpp_files(&asmjit.join("asmjit"))?);
    if groups[0].2.len() < 100 {
        return Err(format!("{} holds too few sources for Blend2D 0.12 and AsmJit", root.display()));
    }
    // Under AddressSanitizer (natives/build.rs passes its flags in CXXFLAGS), the JIT's x86 pipe compiler is compiled
    // without the use-after-scope check, which GCC 12 gets wrong there: it poisons a `constexpr` array local to a
    // block that it has given static storage, and the next pass through the block reads it "after its scope" (the
    // book's chapter "The raster fuzz", section on the sanitized build). Every other check stays on for it.
    println!("cargo:rerun-if-env-changed=CXXFLAGS");
    if env::var("CXXFLAGS").is_ok_and(|flags| flags.split_whitespace().any(is_address_sanitizer)) {
        let plain = &mut groups[0].2;
        let exempt: Vec<PathBuf> = plain.extract_if(.., |f| f.ends_with(SCOPE_MISREAD)).collect();
        if exempt.is_empty() {
            return Err(format!("{} has no {}", root.display(), SCOPE_MISREAD));
        }
        groups.push(("jit_x86", &["-fno-sanitize-address-use-after-scope"], exempt));
    }

    let out_dir = PathBuf::from(env::var_os("OUT_DIR").ok_or("OUT_DIR is not set (cargo sets it)")?);
    forget_earlier_units(&out_dir)?;
    // Every unit is written before the first compiles: natives/build.rs's progress line counts them as the total.
    let mut units = Vec::new();
    for (suffix, flags, files) in &groups {
        if !files.is_empty() {
            let name = if suffix.is_empty() { "blend2d".to_owned() } else { format!("blend2d_{suffix}") };
            units.push((unity_files(&out_dir, &name, files)?, name, *flags));
        }
    }
    for (files, name, flags) in &units {
        let mut build = cc::Build::new();
        build.cpp(true).std("c++17").opt_level(2).warnings(false).cargo_warnings(false);
        build.include(&blend2d).include(&asmjit);
        for flag in COMMON.iter().chain(flags.iter()) {
            build.flag(flag);
        }
        build.files(files);
        build.try_compile(name).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Removes the units and objects an earlier run of this script left in `out_dir`: this run compiles every unit
/// again, and the progress line counts the objects against the units.
fn forget_earlier_units(out_dir: &Path) -> Result<(), String> {
    let entries = fs::read_dir(out_dir).map_err(|e| format!("cannot read {}: {e}", out_dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let earlier = path.extension().is_some_and(|e| e == "o")
            || path.file_name().is_some_and(|n| n.to_string_lossy().contains(UNIT_MARK));
        if earlier && path.is_file() {
            fs::remove_file(&path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// What the name of every unit file holds ([`unity_files`]); natives/build.rs counts the files named so.
const UNIT_MARK: &str = "_unit";

/// At most this many of a folder's files go into one translation unit ([`unity_files`]).
const UNITY_FILES: usize = 12;

/// Translation units of up to [`UNITY_FILES`] files of one folder each, written into `out_dir` as files that include
/// them. Blend2D's and AsmJit's files include much the same headers: compiled once for a dozen files rather than
/// once for each, they took two fifths less of the compiler's time (record 24, "Unity translation units"), and the
/// exact goldens show the same pixels.
fn unity_files(out_dir: &Path, name: &str, files: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut units = Vec::new();
    for folder in files.chunk_by(|a, b| a.parent() == b.parent()) {
        for chunk in folder.chunks(UNITY_FILES) {
            let unit = out_dir.join(format!("{name}{UNIT_MARK}{}.cpp", units.len()));
            let text: String = chunk.iter().map(|file| format!("#include \"{}\"\n", file.display())).collect();
            fs::write(&unit, text).map_err(|e| format!("cannot write {}: {e}", unit.display()))?;
            units.push(unit);
        }
    }
    Ok(units)
}

/// The file whose use-after-scope check GCC gets wrong (see `run`).
const SCOPE_MISREAD: &str = "blend2d/pipeline/jit/pipecompiler_x86.cpp";

/// Whether a compiler flag turns AddressSanitizer on (`-fsanitize=address` or a list naming it).
fn is_address_sanitizer(flag: &str) -> bool {
    flag.strip_prefix("-fsanitize=").is_some_and(|kinds| kinds.split(',').any(|kind| kind == "address"))
}

/// Blend2D's unit tests live beside the code as `*_test.cpp` and `*_test_<level>.cpp`; CMake leaves them out.
fn is_test(stem: &str) -> bool {
    stem.ends_with("_test")
        || LEVELS.iter().map(|(s, _)| *s).chain(FOREIGN.iter().copied()).any(|s| stem.ends_with(&format!("_test_{s}")))
}

fn cpp_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            files.extend(cpp_files(&path)?);
        } else if path.extension().is_some_and(|e| e == "cpp") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}
