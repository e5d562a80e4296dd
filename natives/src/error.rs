//! The errors of the natives: loading a library, and a native call that failed.

use std::path::PathBuf;

use goldberry_calls::MissingSymbols;

/// A native library could not be loaded or bound.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The library was not found, or a file found could not be opened.
    #[error("cannot load {library}: tried\n{}\n{fix}", format_tried(tried))]
    NotLoadable {
        /// The library's short name.
        library: &'static str,
        /// Every place tried, with the OS's reason.
        tried: Vec<(String, String)>,
        /// What to do about it.
        fix: &'static str,
    },
    /// The explicit natives directory does not exist.
    #[error(
        "the natives directory {} does not exist: pass --natives-dir (or GOLDBERRY_NATIVES_DIR) a folder that holds libgoldberry.so",
        dir.display()
    )]
    NativesDirMissing {
        /// The directory given.
        dir: PathBuf,
    },
    /// The library lacks functions the holders bind.
    #[error(transparent)]
    MissingSymbols(#[from] MissingSymbols),
    /// libgoldberry was built for another ABI version than this code.
    #[error(
        "libgoldberry at {path} has ABI version {found}, this goldberry needs {expected}: rebuild it with `cargo build`, or point --natives-dir at a matching build"
    )]
    AbiMismatch {
        /// The file loaded.
        path: String,
        /// What its `goldberry_abi_version()` returned.
        found: u32,
        /// What the Rust side expects.
        expected: u32,
    },
}

fn format_tried(tried: &[(String, String)]) -> String {
    tried.iter().map(|(path, reason)| format!("  {path}: {reason}")).collect::<Vec<_>>().join("\n")
}

/// A native call failed, or the safe layer refused its arguments.
#[derive(Debug, thiserror::Error)]
pub enum NativeError {
    /// A library could not be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A Blend2D function returned a `BLResult` other than success.
    #[error("{function} failed: {name} ({code:#x})")]
    Blend2d {
        /// The C function.
        function: &'static str,
        /// The `BLResult`.
        code: u32,
        /// The `BL_ERROR_*` name of the code.
        name: &'static str,
    },
    /// An SDL function reported failure; `message` is `SDL_GetError()`.
    #[error("{function} failed: {message}")]
    Sdl {
        /// The C function.
        function: &'static str,
        /// SDL's own message.
        message: String,
    },
    /// A function that creates an object returned null.
    #[error("{function} returned null: {context}")]
    Null {
        /// The C function.
        function: &'static str,
        /// What was being created.
        context: String,
    },
    /// A C function that reports failure only as false (no error code or message of its own) returned false.
    #[error("{function} failed: {context}")]
    Failed {
        /// The C function.
        function: &'static str,
        /// What was asked of it.
        context: String,
    },
    /// The safe layer refused an argument before calling C.
    #[error("{0}")]
    InvalidArgument(String),
    /// A file the natives read (a font) could not be read.
    #[error("cannot read {}: {reason}", path.display())]
    File {
        /// The file that could not be read.
        path: PathBuf,
        /// The OS's or the library's reason, as it worded it.
        reason: String,
    },
}
