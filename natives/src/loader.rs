//! Finding and opening the native libraries: libgoldberry and SDL2.
//!
//! Each library is looked for in this order, stopping at the first place that holds it:
//! 1. an explicit directory (`--natives-dir`, or `GOLDBERRY_NATIVES_DIR`);
//! 2. the executable's own directory;
//! 3. the build's output directory, recorded at compile time;
//! 4. the system loader, by soname before dev names.
//!
//! A file that exists is a hit: if it then fails to open, the search stops there and the error lists every
//! place tried with the OS's reason (silently loading another copy would hide the broken one). Libraries are
//! opened with `RTLD_NOW` and never unloaded.

use std::ffi::{CStr, c_void};
use std::path::{Path, PathBuf};

use goldberry_calls::SymbolSource;
use libloading::os::unix::{Library, RTLD_LOCAL, RTLD_NOW};

use crate::error::LoadError;

/// The environment variable that names the directory holding libgoldberry (same as `--natives-dir`).
pub const NATIVES_DIR_ENV: &str = "GOLDBERRY_NATIVES_DIR";

/// Where libgoldberry.so was built, recorded at compile time by natives/build.rs.
pub const BUILD_NATIVES_DIR: &str = env!("GOLDBERRY_BUILD_NATIVES_DIR");

/// A native library the loader knows how to find.
#[derive(Debug, Clone, Copy)]
pub struct LibrarySpec {
    /// The short name used in messages and holder declarations.
    pub name: &'static str,
    /// The file name looked for in directories.
    pub file_name: &'static str,
    /// Names handed to the system loader, soname first; empty when the system is not searched.
    pub system_names: &'static [&'static str],
    /// What the user should do when the library cannot be found.
    pub fix: &'static str,
}

/// libgoldberry: the shim, Blend2D, Yoga and HarfBuzz, built by natives/build.rs.
pub const LIBGOLDBERRY: LibrarySpec = LibrarySpec {
    name: "libgoldberry",
    file_name: "libgoldberry.so",
    system_names: &[],
    fix: "set GOLDBERRY_NATIVES_DIR or pass --natives-dir to the folder that holds it; `cargo build` builds it",
};

/// SDL2, from the system (Debian's libsdl2-2.0-0).
pub const LIBSDL2: LibrarySpec = LibrarySpec {
    name: "libSDL2-2.0.so.0",
    file_name: "libSDL2-2.0.so.0",
    system_names: &["libSDL2-2.0.so.0", "libSDL2.so"],
    fix: "install SDL2 with ci/setup (or `apt-get install libsdl2-2.0-0`)",
};

/// An opened native library, alive for the rest of the process.
#[derive(Debug, Clone, Copy)]
pub struct LoadedLibrary {
    name: &'static str,
    path: &'static str,
    library: &'static Library,
}

impl LoadedLibrary {
    /// The library's short name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The file it was opened from (or the soname the system loader resolved).
    pub fn path(&self) -> &'static str {
        self.path
    }
}

impl SymbolSource for LoadedLibrary {
    fn library_name(&self) -> &str {
        self.name
    }

    fn library_path(&self) -> &str {
        self.path
    }

    fn find(&self, symbol: &CStr) -> *mut c_void {
        // SAFETY: the symbol is looked up as an untyped address; the holders give it its type from the C
        // prototype declared for that very name.
        match unsafe { self.library.get::<*mut c_void>(symbol.to_bytes_with_nul()) } {
            Ok(address) => *address,
            Err(_) => std::ptr::null_mut(),
        }
    }
}

/// The directories searched before the system loader, in order, for an optional explicit directory.
pub fn search_dirs(explicit: Option<&Path>) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    dirs.extend(explicit.map(Path::to_path_buf));
    if let Some(exe_dir) = std::env::current_exe().ok().and_then(|exe| exe.parent().map(Path::to_path_buf)) {
        dirs.push(exe_dir);
    }
    dirs.push(PathBuf::from(BUILD_NATIVES_DIR));
    dirs.dedup();
    dirs
}

/// Finds and opens `spec`, searching `explicit` first when given.
pub fn open(spec: &LibrarySpec, explicit: Option<&Path>) -> Result<LoadedLibrary, LoadError> {
    if let Some(dir) = explicit
        && !dir.is_dir()
    {
        return Err(LoadError::NativesDirMissing { dir: dir.to_path_buf() });
    }
    let mut tried = Vec::new();
    for dir in search_dirs(explicit) {
        let path = dir.join(spec.file_name);
        if !path.exists() {
            tried.push((path.display().to_string(), "no such file".to_owned()));
            continue;
        }
        return match open_path(&path) {
            Ok(library) => Ok(loaded(spec, path.display().to_string(), library)),
            Err(reason) => {
                tried.push((path.display().to_string(), reason));
                Err(LoadError::NotLoadable { library: spec.name, tried, fix: spec.fix })
            }
        };
    }
    for name in spec.system_names {
        match open_path(Path::new(name)) {
            Ok(library) => return Ok(loaded(spec, (*name).to_owned(), library)),
            Err(reason) => tried.push((format!("{name} (system loader)"), reason)),
        }
    }
    Err(LoadError::NotLoadable { library: spec.name, tried, fix: spec.fix })
}

/// Opens exactly `path` (a file, or a bare soname for the system loader), with no search.
pub fn open_exact(spec: &LibrarySpec, path: &Path) -> Result<LoadedLibrary, LoadError> {
    open_path(path).map(|library| loaded(spec, path.display().to_string(), library)).map_err(|reason| {
        LoadError::NotLoadable { library: spec.name, tried: vec![(path.display().to_string(), reason)], fix: spec.fix }
    })
}

fn loaded(spec: &LibrarySpec, path: String, library: Library) -> LoadedLibrary {
    // Never unloaded: holders keep raw function addresses for the life of the process.
    LoadedLibrary { name: spec.name, path: Box::leak(path.into_boxed_str()), library: Box::leak(Box::new(library)) }
}

fn open_path(path: &Path) -> Result<Library, String> {
    // SAFETY: opening a shared object runs its initialisers. libgoldberry's and SDL2's do nothing but set up
    // their own static state; no other library is opened through this function.
    unsafe { Library::open(Some(path), RTLD_NOW | RTLD_LOCAL) }.map_err(|error| os_reason(path, &error.to_string()))
}

/// dlerror's text with the path prefix it repeats trimmed off: "invalid ELF header", "wrong ELF class".
fn os_reason(path: &Path, message: &str) -> String {
    let path_text = path.display().to_string();
    let reason = message.rsplit_once(&format!("{path_text}: ")).map(|(_, rest)| rest).unwrap_or(message);
    reason.trim().to_owned()
}
