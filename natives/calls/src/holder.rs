//! The one mechanism behind every holder: the `holders!` macro and its non-generic symbol resolver.
//!
//! A holder is a small struct holding one C function's address as a typed `unsafe extern "C" fn`, with a
//! `call` whose parameters are named after the C prototype's. `holders!` generates, from one declaration line
//! per prototype, one holder struct per function and one group struct per subject whose `bind` resolves every
//! symbol of the group at once and reports every missing one.
//!
//! The declaration lines are also read as text by `natives/build.rs`, which turns them into libgoldberry's export
//! list (a linker version script). So each declaration must stay on one line:
//! `fn NAME(param: Type, ...) -> Ret;` or, for a variadic C function, `fn NAME(param: Type, ...; ...) -> Ret;`.

use std::ffi::{CStr, c_void};

/// Where symbols come from: a loaded shared library, as seen by the resolver.
///
/// Implemented by the loader in `goldberry-natives`; the calls crate knows nothing of how a library is found.
pub trait SymbolSource {
    /// The library's short name, e.g. `libgoldberry` or `libSDL2-2.0.so.0`.
    fn library_name(&self) -> &str;
    /// The file the library was loaded from, for error messages.
    fn library_path(&self) -> &str;
    /// The address of `symbol`, or null when the library does not export it.
    fn find(&self, symbol: &CStr) -> *mut c_void;
}

/// Binding a group failed: the library lacks one or more of the group's functions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{library} at {path} lacks {} bound function{}: {}",
    missing.len(),
    if missing.len() == 1 { "" } else { "s" },
    missing.join(", ")
)]
pub struct MissingSymbols {
    /// The library's short name.
    pub library: String,
    /// The file it was loaded from.
    pub path: String,
    /// Every symbol the group binds that the library does not export, in declaration order.
    pub missing: Vec<&'static str>,
}

impl MissingSymbols {
    /// Merges the missing symbols of another group of the same library into this one.
    pub fn merge(&mut self, other: MissingSymbols) {
        self.missing.extend(other.missing);
    }
}

/// Resolves every symbol in `symbols` from `source` into `addresses`, collecting all the missing ones.
///
/// Deliberately not generic: every group's `bind` calls this one function, so the declarations stay cheap to
/// compile and the resolution logic exists once.
pub fn resolve(
    source: &dyn SymbolSource,
    symbols: &[&'static CStr],
    addresses: &mut [*mut c_void],
) -> Result<(), MissingSymbols> {
    debug_assert_eq!(symbols.len(), addresses.len());
    let mut missing = Vec::new();
    for (symbol, slot) in symbols.iter().zip(addresses.iter_mut()) {
        *slot = source.find(symbol);
        if slot.is_null() {
            // Symbols are declared from Rust identifiers, so they are always valid UTF-8.
            missing.push(symbol.to_str().unwrap_or("<non-UTF-8 symbol>"));
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        Err(MissingSymbols {
            library: source.library_name().to_owned(),
            path: source.library_path().to_owned(),
            missing,
        })
    }
}

/// What a test or a tool needs to know of one group, without naming its type.
#[derive(Clone, Copy)]
pub struct GroupInfo {
    /// The group struct's name, e.g. `ContextCalls`.
    pub name: &'static str,
    /// The library the group is bound from: `libgoldberry` or `libSDL2-2.0.so.0`.
    pub library: &'static str,
    /// Every C symbol the group binds, in declaration order.
    pub symbols: &'static [&'static str],
    /// Binds the whole group against `source` and drops it: `Ok` when every symbol resolved.
    pub check: fn(&dyn SymbolSource) -> Result<(), MissingSymbols>,
}

impl std::fmt::Debug for GroupInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroupInfo")
            .field("name", &self.name)
            .field("library", &self.library)
            .field("symbols", &self.symbols.len())
            .finish()
    }
}

/// Turns a `concat!(name, "\0")` literal into a `&'static CStr` at compile time.
#[doc(hidden)]
pub const fn c_symbol(bytes: &'static str) -> &'static CStr {
    match CStr::from_bytes_with_nul(bytes.as_bytes()) {
        Ok(symbol) => symbol,
        Err(_) => panic!("holder symbol is not NUL-terminated"),
    }
}

/// Declares holders, one line per C prototype, grouped in one struct per subject.
///
/// ```
/// use std::ffi::c_int;
///
/// goldberry_calls::holders! {
///     /// A function of the C library, as an example.
///     pub struct ExampleCalls in "libc.so.6" {
///         /// `int abs(int j)`
///         fn abs(j: c_int) -> c_int;
///     }
/// }
///
/// assert_eq!(ExampleCalls::SYMBOLS, ["abs"]);
/// assert_eq!(abs::SYMBOL, "abs");
/// ```
///
/// For each `fn` it generates a holder struct named after the C symbol, with `SYMBOL`, `address()` and an
/// `unsafe fn call(..)` that is `#[inline(always)]` and costs one indirect call. A variadic function
/// (`fn name(fixed: T; ...) -> R;`) gets `function()` instead of `call`, which hands back the typed
/// `unsafe extern "C" fn(T, ...) -> R` so that Rust's own C-variadic call sequence is used at the call site.
/// A function whose caller needs `errno` (`fn name(..) -> R => errno;`) gets a `call` that returns `(R, errno)`.
/// The group struct gets `SYMBOLS`, `INFO` and `bind`.
#[macro_export]
macro_rules! holders {
    (
        $(#[$group_meta:meta])*
        pub struct $group:ident in $library:literal {
            $(
                $(#[$fn_meta:meta])*
                fn $symbol:ident ( $($param:ident : $param_ty:ty),* $(; $variadic:tt)? ) $(-> $ret:ty)? $(=> $capture:ident)? ;
            )*
        }
    ) => {
        $(
            $crate::holders!(@holder [$(#[$fn_meta])*] $library, $symbol ( $($param : $param_ty),* ) [$($variadic)?] [$($ret)?] [$($capture)?]);
        )*

        $(#[$group_meta])*
        #[allow(non_snake_case)]
        #[derive(Clone, Copy, Debug)]
        pub struct $group {
            $(
                #[doc = concat!("The holder of `", stringify!($symbol), "`.")]
                pub $symbol: $symbol,
            )*
        }

        impl $group {
            /// Every C symbol this group binds, in declaration order.
            pub const SYMBOLS: &'static [&'static str] = &[$(stringify!($symbol)),*];

            /// The group as a test or tool sees it.
            pub const INFO: $crate::holder::GroupInfo = $crate::holder::GroupInfo {
                name: stringify!($group),
                library: $library,
                symbols: Self::SYMBOLS,
                check: |source| Self::bind(source).map(|_| ()),
            };

            /// Resolves every function of the group from `source`; the error names every missing symbol.
            pub fn bind(source: &dyn $crate::holder::SymbolSource) -> Result<Self, $crate::holder::MissingSymbols> {
                const C_SYMBOLS: &[&::std::ffi::CStr] = &[
                    $($crate::holder::c_symbol(concat!(stringify!($symbol), "\0"))),*
                ];
                let mut addresses = [::std::ptr::null_mut::<::std::ffi::c_void>(); C_SYMBOLS.len()];
                $crate::holder::resolve(source, C_SYMBOLS, &mut addresses)?;
                #[allow(unused_mut, unused_variables)]
                let mut next = addresses.into_iter();
                Ok(Self {
                    $(
                        // `resolve` succeeded, so every address is non-null and in declaration order.
                        $symbol: $symbol::from_address(next.next().unwrap_or(::std::ptr::null_mut())),
                    )*
                })
            }
        }
    };

    // The three kinds of holder differ only in their type and in what they offer the caller: `call`, a `call` that
    // also reads `errno`, or the typed C-variadic `function`. Everything else is made once, by `@shape`.
    (@holder $fn_meta:tt $library:literal, $symbol:ident ( $($param:ident : $param_ty:ty),* ) [] [$($ret:ty)?] []) => {
        $crate::holders!(@shape $fn_meta $library, $symbol: unsafe extern "C" fn($($param_ty),*) $(-> $ret)?, "" {
            #[doc = concat!("Calls `", stringify!($symbol), "`.")]
            ///
            /// # Safety
            /// The arguments must satisfy the C function's own contract (valid pointers, initialised objects).
            #[inline(always)]
            // A holder takes what its C function takes (`blImageInitAsFromData`: nine).
            #[allow(clippy::too_many_arguments)]
            pub unsafe fn call(&self, $($param: $param_ty),*) $(-> $ret)? {
                // SAFETY: forwarded to the caller, who upholds the C function's contract.
                unsafe { (self.function)($($param),*) }
            }
        });
    };

    (@holder $fn_meta:tt $library:literal, $symbol:ident ( $($param:ident : $param_ty:ty),* ) [] [$ret:ty] [errno]) => {
        $crate::holders!(@shape $fn_meta $library, $symbol: unsafe extern "C" fn($($param_ty),*) -> $ret, " (captures errno)" {
            #[doc = concat!("Calls `", stringify!($symbol), "` and hands back its result with the `errno` it left.")]
            ///
            /// `errno` is read immediately after the call returns, before anything else can overwrite it (the
            /// equivalent of Java FFM's `Linker.Option.captureCallState("errno")`).
            ///
            /// # Safety
            /// The arguments must satisfy the C function's own contract.
            #[inline(always)]
            pub unsafe fn call(&self, $($param: $param_ty),*) -> ($ret, i32) {
                // SAFETY: forwarded to the caller, who upholds the C function's contract.
                let result = unsafe { (self.function)($($param),*) };
                let errno = ::std::io::Error::last_os_error().raw_os_error().unwrap_or(0);
                (result, errno)
            }
        });
    };

    (@holder $fn_meta:tt $library:literal, $symbol:ident ( $($param:ident : $param_ty:ty),* ) [$variadic:tt] [$($ret:ty)?] []) => {
        $crate::holders!(@shape $fn_meta $library, $symbol: unsafe extern "C" fn($($param_ty,)* ...) $(-> $ret)?, " (variadic)" {
            /// The typed C-variadic function pointer: call it with the fixed arguments, then the variadic ones,
            /// each already promoted as C requires (`c_int` for small integers, `f64` for floats).
            #[inline(always)]
            pub fn function(&self) -> unsafe extern "C" fn($($param_ty,)* ...) $(-> $ret)? {
                self.function
            }
        });
    };

    // The shape every holder shares: the struct holding the typed address, `SYMBOL`, `LIBRARY`, `from_address`,
    // `address` and `Debug`, with the kind's own members inside the `impl`.
    (@shape [$(#[$fn_meta:meta])*] $library:literal, $symbol:ident: $function:ty, $note:literal { $($members:tt)* }) => {
        $(#[$fn_meta])*
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy)]
        pub struct $symbol {
            function: $function,
        }

        impl $symbol {
            /// The C symbol this holder is bound to.
            pub const SYMBOL: &'static str = stringify!($symbol);
            /// The library it is bound from.
            pub const LIBRARY: &'static str = $library;

            fn from_address(address: *mut ::std::ffi::c_void) -> Self {
                assert!(!address.is_null(), concat!("null address for ", stringify!($symbol)));
                // SAFETY: the address was resolved from the library by this symbol's name, and the declaration
                // line is the C prototype of that symbol, so the pointer has exactly this type.
                let function = unsafe { ::std::mem::transmute::<*mut ::std::ffi::c_void, $function>(address) };
                Self { function }
            }

            /// The function's address in the loaded library.
            pub fn address(&self) -> *const ::std::ffi::c_void {
                self.function as *const ::std::ffi::c_void
            }

            $($members)*
        }

        impl ::std::fmt::Debug for $symbol {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, concat!("{} @ {:p}", $note), Self::SYMBOL, self.address())
            }
        }
    };
}
