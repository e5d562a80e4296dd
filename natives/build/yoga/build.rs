//! Compiles Yoga's C++ from the source the yoga crate vendors, with the flags that crate's own build gives it, into
//! one static archive.
//!
//! The crate itself is never built: its build script also runs bindgen for Rust bindings goldberry does not use
//! (the holders bind Yoga), which needs libclang and costs more CPU than Yoga (record 5). natives/build.rs names the
//! crate's `src/yoga` folder, as cargo unpacked it, in `GOLDBERRY_YOGA_SOURCE`.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    if let Err(message) = run() {
        eprintln!("error: compiling Yoga failed: {message}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    println!("cargo:rerun-if-env-changed=GOLDBERRY_YOGA_SOURCE");
    println!("cargo:rerun-if-env-changed=CXXFLAGS");
    println!("cargo:rerun-if-changed=build.rs");
    let root = PathBuf::from(
        env::var_os("GOLDBERRY_YOGA_SOURCE").ok_or("GOLDBERRY_YOGA_SOURCE is not set (natives/build.rs sets it)")?,
    );
    println!("cargo:rerun-if-changed={}", root.display());
    let files = cpp_files(&root.join("yoga"))?;
    if files.is_empty() {
        return Err(format!("{} holds no Yoga sources", root.display()));
    }
    // The yoga crate's flags (after Yoga's own CMake defaults): C++20, exceptions on, frame pointers kept, -O3.
    cc::Build::new()
        .cpp(true)
        .std("c++20")
        .opt_level(3)
        .flag("-fno-omit-frame-pointer")
        .flag("-fexceptions")
        .warnings(false)
        .cargo_warnings(false)
        .include(&root)
        .files(&files)
        .try_compile("yoga")
        .map_err(|e| e.to_string())
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
