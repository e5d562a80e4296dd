//! Resident memory, as `--report-rss` prints it: the soaks in ci/test read these lines to catch a leak.

/// The resident set size of this process in MiB, from /proc/self/statm (4 KiB pages).
pub fn rss_mib() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages as f64 * 4096.0 / (1024.0 * 1024.0))
}

/// The most this process has held resident so far, in MiB (`VmHWM` in /proc/self/status). The resident set swings
/// with what the caches hold at the moment (they fill to their bounds and start over) and with the window's size;
/// its peak stops rising once every state has been seen, unless memory leaks.
pub fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}
