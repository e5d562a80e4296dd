//! Heap retention (`Goldberry::retain_freed_memory`): memory the process frees stays mapped and is reused.
//!
//! One test in its own test binary, so that no other test allocates while it reads the resident set size.

use goldberry_natives::{Goldberry, NativeError};

/// The resident set size of this process in bytes, from /proc/self/statm (in pages).
fn resident_bytes() -> i64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: i64 = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).expect("statm's second field");
    pages * 4096
}

const MIB: i64 = 1024 * 1024;

#[test]
fn freed_memory_stays_resident_and_is_reused() {
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

    // Trimmed, a freed block goes back to the kernel after all. (A block below one still in use: a freed block
    // that merges with the top of a thread's arena is only given back when that arena shrinks.)
    drop(again);
    let freed = vec![3u8; size];
    let fence = vec![4u8; 4096];
    assert_eq!(freed.iter().step_by(4096).map(|&b| usize::from(b)).sum::<usize>(), 3 * size / 4096);
    drop(freed);
    let kept = resident_bytes();
    assert!(g.trim_freed_memory(), "malloc_trim released nothing of a freed 16 MiB block");
    drop(fence);
    let trimmed = kept - resident_bytes();
    assert!(trimmed >= 8 * MIB, "trimming gave back {} MiB of a freed 16 MiB block", trimmed / MIB);
}
