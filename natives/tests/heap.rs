//! Heap retention and trimming (`Goldberry::retain_freed_memory`, `Goldberry::trim_freed_memory`): memory the
//! process frees stays mapped and is reused, and a trim is glibc's `malloc_trim(0)` with its answer passed on.
//!
//! One test in its own test binary: no other test allocates while it reads the resident set size, and the
//! `malloc_trim` this binary defines, which stands in for glibc's in the whole process, reaches no other test.

use std::ffi::c_int;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

use goldberry_natives::{Goldberry, NativeError};

/// The resident set size of this process in bytes, from /proc/self/statm (in pages).
fn resident_bytes() -> i64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: i64 = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).expect("statm's second field");
    pages * 4096
}

const MIB: i64 = 1024 * 1024;

/// What this binary's `malloc_trim` answers.
static TRIM_ANSWER: AtomicI32 = AtomicI32::new(0);
/// How many times it was called.
static TRIM_CALLS: AtomicUsize = AtomicUsize::new(0);
/// The `pad` of its last call.
static TRIM_PAD: AtomicUsize = AtomicUsize::new(usize::MAX);

/// `int malloc_trim(size_t pad)`, in place of glibc's: counts the call, keeps `pad` and answers `TRIM_ANSWER`.
///
/// Whether a trim gives memory back is glibc's business; that the shim calls `malloc_trim(0)` and passes its answer
/// on is ours. libgoldberry's reference binds to this definition when the loader opens it: the linker exports it
/// without being asked, because libc.so.6 on the link line defines the same symbol (as it would a program's own
/// `malloc`), and the executable comes first in the global scope.
// SAFETY: the signature is glibc's; the body only touches atomics, so any thread may call it at any time, and
// nothing in this binary counts on a trim giving memory back.
#[unsafe(no_mangle)]
extern "C" fn malloc_trim(pad: usize) -> c_int {
    TRIM_CALLS.fetch_add(1, Ordering::SeqCst);
    TRIM_PAD.store(pad, Ordering::SeqCst);
    TRIM_ANSWER.load(Ordering::SeqCst)
}

#[test]
fn freed_memory_is_reused_and_trimming_is_malloc_trim() {
    let g = Goldberry::load(None).expect("the built libgoldberry loads");
    match g.retain_freed_memory(usize::MAX) {
        Err(NativeError::InvalidArgument(message)) => assert!(message.contains("goldberry_heap_retain"), "{message}"),
        other => panic!("an impossible threshold must be refused, got {other:?}"),
    }
    g.retain_freed_memory(64 << 20).expect("malloc takes a 64 MiB threshold");

    // 16 MiB, every page written: by default glibc maps a block this large on its own and unmaps it on free.
    let size = 16 << 20;
    let block = vec![1u8; size];
    assert_eq!(block.iter().step_by(4096).map(|&b| usize::from(b)).sum::<usize>(), size / 4096);
    let peak = resident_bytes();
    drop(block);
    let after_free = resident_bytes();
    assert!(peak - after_free < MIB, "freeing 16 MiB gave {} MiB back to the kernel", (peak - after_free) / MIB);

    // The same size again lands in the pages already resident: no new memory is faulted in.
    let again = vec![2u8; size];
    assert_eq!(again.iter().step_by(4096).map(|&b| usize::from(b)).sum::<usize>(), 2 * size / 4096);
    let grown = resident_bytes() - after_free;
    assert!(grown < MIB, "allocating the freed 16 MiB again grew the resident set by {} MiB", grown / MIB);
    drop(again);

    // A trim is one malloc_trim(0), and says whether memory was released exactly when malloc_trim does (1).
    for (answer, released) in [(1, true), (0, false)] {
        TRIM_ANSWER.store(answer, Ordering::SeqCst);
        TRIM_PAD.store(usize::MAX, Ordering::SeqCst);
        let before = TRIM_CALLS.load(Ordering::SeqCst);
        let trimmed = g.trim_freed_memory();
        let calls = TRIM_CALLS.load(Ordering::SeqCst) - before;
        assert_eq!(
            calls, 1,
            "goldberry_heap_trim called malloc_trim {calls} times (0: it did not bind to this binary's)"
        );
        assert_eq!(TRIM_PAD.load(Ordering::SeqCst), 0, "goldberry_heap_trim's malloc_trim pad");
        assert_eq!(trimmed, released, "trim_freed_memory when malloc_trim answered {answer}");
    }
}
