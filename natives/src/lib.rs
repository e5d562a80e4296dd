//! goldberry-natives: loads libgoldberry and SDL2, binds their holders, and wraps them in a safe layer.
//!
//! Nothing outside this crate sees a pointer, a `BLResult` or a holder: the safe types ([`blend2d::Image`],
//! [`blend2d::Context`], [`yoga::LayoutTree`], [`harfbuzz::Font`], [`sdl::Window`] ...) each own one native object,
//! release it in `Drop`, and return [`NativeError`]s that name the C function that failed.

pub mod blend2d;
pub mod error;
pub mod glyphs;
pub mod harfbuzz;
pub mod loader;
pub mod sdl;
pub mod shim;
pub mod yoga;

use std::path::Path;

use goldberry_calls::MissingSymbols;
use goldberry_calls::shim::{ABI_VERSION, AbiCalls, HeapCalls, ShimCalls};

pub use error::{LoadError, NativeError};
pub use loader::{LIBGOLDBERRY, LIBSDL2, LoadedLibrary};

/// Every holder group as natives/build.rs read it from the declaration lines (it generates the export list
/// from the same reading). Tests compare it with [`goldberry_calls::all_groups`].
#[doc(hidden)]
pub mod declared {
    include!(concat!(env!("OUT_DIR"), "/declared_groups.rs"));
}

/// libgoldberry, loaded and bound: every holder group of the shim, Blend2D, Yoga and HarfBuzz.
#[derive(Debug)]
pub struct Goldberry {
    library: LoadedLibrary,
    pub(crate) abi: AbiCalls,
    pub(crate) shim: ShimCalls,
    pub(crate) heap: HeapCalls,
    pub(crate) blend2d: blend2d::Blend2dCalls,
    pub(crate) yoga: yoga::YogaCalls,
    pub(crate) harfbuzz: harfbuzz::HarfBuzzCalls,
}

impl Goldberry {
    /// Finds libgoldberry (see [`loader`] for the order), checks its ABI version and binds every holder.
    /// The result lives for the rest of the process.
    pub fn load(natives_dir: Option<&Path>) -> Result<&'static Goldberry, LoadError> {
        Self::bind(loader::open(&LIBGOLDBERRY, natives_dir)?)
    }

    /// Loads exactly the file at `path`, with no search: for tests and tools.
    pub fn load_file(path: &Path) -> Result<&'static Goldberry, LoadError> {
        Self::bind(loader::open_exact(&LIBGOLDBERRY, path)?)
    }

    fn bind(library: LoadedLibrary) -> Result<&'static Goldberry, LoadError> {
        // The ABI version alone first, so a mismatched library is refused by its version rather than by the symbols
        // it lacks.
        let abi = AbiCalls::bind(&library)?;
        // SAFETY: `goldberry_abi_version` takes nothing and returns a constant.
        let found = unsafe { abi.goldberry_abi_version.call() };
        if found != ABI_VERSION {
            return Err(LoadError::AbiMismatch { path: library.path().to_owned(), found, expected: ABI_VERSION });
        }
        let goldberry = crate::bind_groups!(
            &library,
            Goldberry {
                shim: ShimCalls,
                heap: HeapCalls,
                blend2d: blend2d::Blend2dCalls,
                yoga: yoga::YogaCalls,
                harfbuzz: harfbuzz::HarfBuzzCalls,
            } with library, abi
        )?;
        Ok(Box::leak(Box::new(goldberry)))
    }

    /// The file libgoldberry was loaded from.
    pub fn path(&self) -> &'static str {
        self.library.path()
    }

    /// The library itself, as a symbol source (for tests that walk every holder group).
    pub fn library(&self) -> LoadedLibrary {
        self.library
    }
}

/// One error naming every missing symbol of several groups of one library.
pub(crate) fn merge_missing(errors: impl IntoIterator<Item = MissingSymbols>) -> MissingSymbols {
    let mut errors = errors.into_iter();
    let mut first =
        errors.next().unwrap_or(MissingSymbols { library: String::new(), path: String::new(), missing: vec![] });
    for error in errors {
        first.merge(error);
    }
    first
}

/// Binds several groups of one library into the struct `$name`, reporting every missing symbol of all of them in
/// one error. Fields already in hand (the library, a group bound earlier) follow `with`.
#[macro_export]
#[doc(hidden)]
macro_rules! bind_groups {
    ($source:expr, $name:ident { $($field:ident: $group:ty),* $(,)? } $(with $($known:ident),+)?) => {{
        $( let $field = <$group>::bind($source); )*
        match ($($field,)*) {
            ($(Ok($field),)*) => Ok($name { $($field,)* $($($known),+)? }),
            ($($field,)*) => Err($crate::merge_missing([$($field.err()),*].into_iter().flatten())),
        }
    }};
}
