//! What one call across the boundary costs: `goldberry_abi_version()` called five ways, interleaved in one
//! process so that machine noise hits every variant alike.
//!
//! - holder: through its holder (an address bound at load time, called as a typed `extern "C" fn`);
//! - direct: linked at build time against libgoldberry.so (`-lgoldberry`), the way a Rust program normally calls
//!   a C library (through the PLT);
//! - static: the shim's object linked statically into this binary, the floor;
//! - lookup: the symbol resolved with libloading on every call, the control that shows why holders bind once;
//! - libffi: through libffi's prepared `ffi_call` (crate `libffi`, a Cif built once).
//!
//! One more row, not in the scripted line: `static-ptr`, the static copy called through a function pointer the
//! optimiser cannot see through. It separates the cost of an indirect call from the cost of crossing into a shared
//! object: a holder, like a build-time-linked call (`call *GOT`), is an indirect call.
//!
//! Run: `cargo bench -p goldberry-natives --bench crossing`. The last line is for scripts, in the form
//! `crossing: holder <ns> ns, direct <ns> ns, static <ns> ns, lookup <ns> ns, libffi <ns> ns, holder/direct <ratio>`;
//! what it showed, and the decision it backs, are in book/src/decisions/0001-run-time-loading.md.

use std::hint::black_box;
use std::time::Instant;

use goldberry_calls::shim::AbiCalls;
use goldberry_natives::{LIBGOLDBERRY, loader};
use libffi::middle::{Cif, CodePtr, Type};

#[link(name = "goldberry")]
unsafe extern "C" {
    /// `uint32_t goldberry_abi_version(void)`, linked at build time from libgoldberry.so.
    fn goldberry_abi_version() -> u32;
}

#[link(name = "goldberry_shim_static", kind = "static")]
unsafe extern "C" {
    /// The same function from the shim's object, linked into this binary (renamed by natives/build.rs).
    fn goldberry_abi_version_static() -> u32;
}

const CALLS_PER_ROUND: u32 = 1_000_000;
const ROUNDS: usize = 9;
const LOOKUP_CALLS_PER_ROUND: u32 = 100_000;

/// Times `calls` calls of `call`, returning ns per call.
#[inline(never)]
fn time_ns(calls: u32, mut call: impl FnMut() -> u32) -> f64 {
    let start = Instant::now();
    let mut sum = 0u32;
    for _ in 0..calls {
        sum = sum.wrapping_add(black_box(call()));
    }
    black_box(sum);
    start.elapsed().as_nanos() as f64 / f64::from(calls)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let library = match loader::open(&LIBGOLDBERRY, None) {
        Ok(library) => library,
        Err(error) => {
            eprintln!("crossing: {error}");
            std::process::exit(1);
        }
    };
    let holders = match AbiCalls::bind(&library) {
        Ok(holders) => holders,
        Err(error) => {
            eprintln!("crossing: {error}");
            std::process::exit(1);
        }
    };
    let holder = black_box(holders.goldberry_abi_version);
    // SAFETY: the path is the library the loader just opened; it stays loaded (the loader never unloads).
    let lookup_library = match unsafe { libloading::Library::new(library.path()) } {
        Ok(lib) => lib,
        Err(error) => {
            eprintln!("crossing: cannot reopen {}: {error}", library.path());
            std::process::exit(1);
        }
    };
    let cif = Cif::new(Vec::<Type>::new(), Type::u32());
    let code = CodePtr::from_ptr(holder.address());

    let static_pointer: unsafe extern "C" fn() -> u32 = black_box(goldberry_abi_version_static);
    let names = ["holder", "direct", "static", "lookup", "libffi", "static-ptr"];
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(ROUNDS); names.len()];
    for _ in 0..ROUNDS {
        // SAFETY: `goldberry_abi_version` takes nothing and returns a constant; the holder is bound to it.
        samples[0].push(time_ns(CALLS_PER_ROUND, || unsafe { holder.call() }));
        // SAFETY: the same function, linked at build time.
        samples[1].push(time_ns(CALLS_PER_ROUND, || unsafe { goldberry_abi_version() }));
        // SAFETY: the same code, linked statically.
        samples[2].push(time_ns(CALLS_PER_ROUND, || unsafe { goldberry_abi_version_static() }));
        samples[3].push(time_ns(LOOKUP_CALLS_PER_ROUND, || {
            // SAFETY: the symbol's C type is `uint32_t (void)`, which is the type asked for.
            match unsafe { lookup_library.get::<unsafe extern "C" fn() -> u32>(b"goldberry_abi_version\0") } {
                // SAFETY: as above.
                Ok(function) => unsafe { function() },
                Err(_) => 0,
            }
        }));
        // SAFETY: the Cif describes `uint32_t (void)` and `code` is that function's address.
        samples[4].push(time_ns(CALLS_PER_ROUND, || unsafe { cif.call::<u32>(code, &[]) }));
        // SAFETY: the static copy, through an opaque pointer.
        samples[5].push(time_ns(CALLS_PER_ROUND, || unsafe { static_pointer() }));
    }
    let expected = goldberry_calls::shim::ABI_VERSION;
    // SAFETY: as above; a final check that every variant called the real function.
    let results =
        unsafe { [holder.call(), goldberry_abi_version(), goldberry_abi_version_static(), cif.call::<u32>(code, &[])] };
    if results.iter().any(|&r| r != expected) {
        eprintln!("crossing: a variant returned {results:?}, expected {expected} from each");
        std::process::exit(1);
    }

    let medians: Vec<f64> = samples.iter_mut().map(|s| median(s)).collect();
    let [holder_ns, direct_ns, static_ns, lookup_ns, libffi_ns] =
        [medians[0], medians[1], medians[2], medians[3], medians[4]];
    println!(
        "goldberry_abi_version(), median of {ROUNDS} interleaved rounds ({CALLS_PER_ROUND} calls each; lookup {LOOKUP_CALLS_PER_ROUND})"
    );
    println!("{:<8} {:>10} {:>12}", "variant", "ns/call", "vs holder");
    for (name, ns) in names.iter().zip(&medians) {
        println!("{name:<8} {ns:>10.2} {:>11.2}x", ns / holder_ns);
    }
    println!(
        "targets: holder/direct {:.2} (<= 1.05), holder/static {:.2} (<= 1.25), libffi/holder {:.1} (>= 8)",
        holder_ns / direct_ns,
        holder_ns / static_ns,
        libffi_ns / holder_ns
    );
    println!(
        "crossing: holder {holder_ns:.1} ns, direct {direct_ns:.1} ns, static {static_ns:.1} ns, lookup {lookup_ns:.1} ns, libffi {libffi_ns:.1} ns, holder/direct {:.2}",
        holder_ns / direct_ns
    );
}
