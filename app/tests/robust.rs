//! Robustness of scripted input: a flood of events in one frame reaches the app whole (none dropped), past what
//! SDL's queue holds at once (a burst of 1,000 is in interact.rs).

#[path = "support/process.rs"]
mod process;

use process::{goldberry, temp_dir};

/// Runs `script` headless at 320x200 and returns the report's events per frame.
fn events_per_frame(name: &str, script: &str) -> Vec<u64> {
    let dir = temp_dir("robust", name);
    std::fs::write(dir.join("s.txt"), script).expect("write the script");
    let out = goldberry()
        .current_dir(&dir)
        .args(["--video-driver=dummy", "--size=320x200", "--threads=1", "--script=s.txt", "--report=r.json"])
        .output()
        .expect("run goldberry");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exit {:?}\nstderr: {stderr}", out.status.code());
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("r.json")).expect("the report")).expect("JSON");
    let _ = std::fs::remove_dir_all(&dir);
    report["frames"].as_array().expect("frames").iter().map(|f| f["events"].as_u64().unwrap_or(0)).collect()
}

/// 60,000 clicks are 180,000 SDL events, more than SDL's queue holds (65,535): the player pushes them in chunks
/// and the frame polls between chunks, so all of them are handled in that frame.
#[test]
fn a_flood_past_sdls_queue_in_one_frame_loses_nothing() {
    let script: String = (0..60_000).map(|i| format!("1 click {} {}\n", i % 320, i % 200)).collect();
    let events = events_per_frame("flood", &script);
    assert_eq!(events.get(1), Some(&180_000), "{events:?}");
}
