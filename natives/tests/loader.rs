//! The loader's failures: each names the library, every place tried with the OS's reason, and the fix.

use std::fs;
use std::path::Path;
use std::process::Command;

use goldberry_natives::loader::{self, LibrarySpec};
use goldberry_natives::{Goldberry, LoadError};

/// Compiles `source` (C) into `dir/libgoldberry.so` with the system C compiler.
fn build_fake_libgoldberry(dir: &Path, source: &str) {
    let c_file = dir.join("fake.c");
    fs::write(&c_file, source).expect("write the C source");
    let status = Command::new("cc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(dir.join("libgoldberry.so"))
        .arg(&c_file)
        .status()
        .expect("cc runs");
    assert!(status.success(), "cc built the fake library");
}

#[test]
fn a_missing_library_lists_every_place_tried_and_the_fix() {
    let dir = tempfile::tempdir().expect("temp dir");
    let spec = LibrarySpec {
        name: "libgoldberry-absent",
        file_name: "libgoldberry-absent.so",
        system_names: &["libgoldberry-absent.so"],
        fix: "run the fix",
    };
    let error = loader::open(&spec, Some(dir.path())).expect_err("nothing to load");
    let message = error.to_string();
    assert!(message.starts_with("cannot load libgoldberry-absent: tried\n"), "{message}");
    assert!(message.contains(&format!("{}: no such file", dir.path().join("libgoldberry-absent.so").display())));
    assert!(message.contains(&format!(
        "{}: no such file",
        Path::new(loader::BUILD_NATIVES_DIR).join("libgoldberry-absent.so").display()
    )));
    assert!(message.contains("libgoldberry-absent.so (system loader): "), "{message}");
    assert!(message.ends_with("\nrun the fix"), "{message}");
}

#[test]
fn a_natives_dir_that_does_not_exist_is_named() {
    let error = Goldberry::load(Some(Path::new("/nonexistent/goldberry-natives"))).expect_err("no such dir");
    assert!(matches!(error, LoadError::NativesDirMissing { .. }));
    assert!(error.to_string().contains("/nonexistent/goldberry-natives does not exist"), "{error}");
}

#[test]
fn a_corrupt_library_is_refused_with_the_os_reason() {
    let dir = tempfile::tempdir().expect("temp dir");
    let garbage: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
    fs::write(dir.path().join("libgoldberry.so"), garbage).expect("write garbage");
    let error = Goldberry::load(Some(dir.path())).expect_err("garbage does not load");
    let message = error.to_string();
    assert!(matches!(error, LoadError::NotLoadable { .. }), "{message}");
    // Found in the explicit dir, so the search stops there rather than loading another copy.
    assert!(message.contains(&format!("{}: ", dir.path().join("libgoldberry.so").display())), "{message}");
    assert!(message.contains("invalid ELF header") || message.contains("too short"), "{message}");
    assert!(!message.contains(loader::BUILD_NATIVES_DIR), "{message}");
}

#[test]
fn another_abi_version_is_refused_naming_both_versions() {
    let dir = tempfile::tempdir().expect("temp dir");
    build_fake_libgoldberry(dir.path(), "unsigned goldberry_abi_version(void) { return 999; }\n");
    let error = Goldberry::load(Some(dir.path())).expect_err("ABI 999 is refused");
    match &error {
        LoadError::AbiMismatch { found, expected, .. } => {
            assert_eq!(*found, 999);
            assert_eq!(*expected, goldberry_calls::shim::ABI_VERSION);
        }
        other => panic!("expected an ABI mismatch, got {other}"),
    }
    let needs = format!("has ABI version 999, this goldberry needs {}", goldberry_calls::shim::ABI_VERSION);
    assert!(error.to_string().contains(&needs), "{error}");
}

#[test]
fn a_library_missing_symbols_names_every_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let version = goldberry_calls::shim::ABI_VERSION;
    build_fake_libgoldberry(
        dir.path(),
        &format!(
            "unsigned goldberry_abi_version(void) {{ return {version}; }}\n_Bool goldberry_probe_negate(_Bool v) {{ return !v; }}\n"
        ),
    );
    let error = Goldberry::load(Some(dir.path())).expect_err("an incomplete library is refused");
    let LoadError::MissingSymbols(missing) = &error else { panic!("expected missing symbols, got {error}") };
    let bound: Vec<&str> = goldberry_calls::all_groups()
        .filter(|g| g.library == "libgoldberry")
        .flat_map(|g| g.symbols.iter().copied())
        .collect();
    // Everything bound except the two functions the fake library defines.
    assert_eq!(missing.missing.len(), bound.len() - 2);
    assert!(!missing.missing.contains(&"goldberry_probe_negate"));
    assert!(missing.missing.contains(&"goldberry_layout_structs"));
    let message = error.to_string();
    assert!(
        message.starts_with(&format!(
            "libgoldberry at {} lacks {} bound functions: ",
            dir.path().join("libgoldberry.so").display(),
            bound.len() - 2
        )),
        "{message}"
    );
}

/// The loaded library names the versions compiled into it: Blend2D 0.12.0 from the pinned archive, Yoga 3.2.1
/// from the yoga crate (by the shim), HarfBuzz 8.4 from harfbuzz-sys.
#[test]
fn the_loaded_library_names_each_native_version() {
    let g = Goldberry::load(None).expect("libgoldberry");
    let versions = g.versions().expect("versions");
    assert_eq!(versions.blend2d, "0.12.0");
    assert_eq!(versions.yoga, "3.2.1");
    assert!(versions.harfbuzz.starts_with("8.4."), "{versions:?}");
    // A build without NDEBUG is Blend2D's debug mode: its assertions abort the process.
    let build = goldberry_natives::blend2d::build_info(g).expect("build info");
    assert!(!build.debug, "Blend2D was built in debug mode: {build:?}");
}
