//! Running cases in a child process, so that a crash of the native code (a segmentation fault, an abort) ends
//! only the child and names its seed. The test binary starts itself again running its ignored `worker` test,
//! told what to do by `GOLDBERRY_FUZZ_WORKER` (`seeds:FIRST:COUNT`, or `replay:PATH` for one case file); the
//! worker prints `fuzz: ` lines on stdout and the driver here reads them.
//!
//! A worker shrinks its own findings (a disagreement, an error, a panic) and saves them; the driver shrinks a
//! crash itself, replaying each candidate in a child of its own, then starts a new worker after the seed.

use std::io::{BufRead, BufReader, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::case::{self, Case};
use crate::generate;
use crate::judge::{Finding, Judge, Kind, Oracle};
use crate::shrink::shrink;

/// Cases per worker: a crash loses at most the start-up of one more.
const CHUNK: u64 = 20_000;

/// Candidates a worker tries when it shrinks a finding (each one draws the case five times), unless
/// `GOLDBERRY_FUZZ_SHRINK` says how many (0: findings are saved as drawn, for a long run that finds many).
const SHRINK_BUDGET: usize = 3000;

/// Candidates the driver tries at most when it shrinks a crash (each one a child process).
const CRASH_SHRINK_BUDGET: usize = 400;

/// The seeds whose findings a worker does not shrink, comma-separated (see [`run`]).
const OPEN_ENV: &str = "GOLDBERRY_FUZZ_OPEN";

fn shrink_budget() -> usize {
    std::env::var("GOLDBERRY_FUZZ_SHRINK").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(SHRINK_BUDGET)
}

/// What a run of the fuzz did.
#[derive(Debug, Default)]
pub struct Report {
    pub cases: u64,
    pub by_vello: u64,
    pub by_one_thread: u64,
    /// The largest channel difference seen between a banded picture and the 1-thread one.
    pub band_max: u8,
    /// How many cases each rule of the judge decided (see [`crate::judge::Rule`]), by its name.
    pub by_rule: std::collections::BTreeMap<String, u64>,
    /// One line per finding: its seed, kind, where its shrunk case was saved, and what it was.
    pub findings: Vec<String>,
    pub elapsed: Duration,
}

/// Where findings are saved: `GOLDBERRY_FUZZ_SAVE`, or a folder in cargo's test scratch space.
pub fn save_dir() -> PathBuf {
    std::env::var_os("GOLDBERRY_FUZZ_SAVE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-findings"))
}

/// A worker's address space, in KiB: a case that makes the native code allocate without end fails there (an
/// error, or a crash) instead of taking the machine's memory (measured: a NaN in a filled path took 24 GiB).
const WORKER_MEMORY_KIB: u64 = 4 << 20;

/// How long a worker may go without a word before it is taken to hang, and killed.
const SILENCE: Duration = Duration::from_secs(60);

/// The test binary again, running `worker` for `task`, its memory bounded by the shell's `ulimit`.
fn worker_command(task: &str) -> Command {
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("the test binary's path: {e}"));
    // Under AddressSanitizer (ci/sanitize) the cap is its `hard_rss_limit_mb`: its shadow memory alone is
    // terabytes of address space, which `ulimit -v` refuses.
    let limit = if std::env::var_os("ASAN_OPTIONS").is_some() { "true" } else { "ulimit -v $GOLDBERRY_FUZZ_KIB" };
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("{limit} && exec \"$0\" \"$@\""))
        .env("GOLDBERRY_FUZZ_KIB", WORKER_MEMORY_KIB.to_string())
        .arg(exe)
        .args(["worker", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        .env("GOLDBERRY_FUZZ_WORKER", task)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs seeds `first..first + count`, in workers of [`CHUNK`] cases, printing progress every `every` cases; the
/// findings of the seeds in `open` (known already) are saved as drawn, not shrunk.
pub fn run(first: u64, count: u64, every: u64, open: &[u64]) -> Report {
    let open = open.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    let start = Instant::now();
    let mut report = Report::default();
    let end = first.saturating_add(count);
    let mut next = first;
    let mut printed = 0;
    while next < end {
        let chunk = (end - next).min(CHUNK);
        let mut current = None;
        let mut shrinking = false;
        let mut done = false;
        let mut command = worker_command(&format!("seeds:{next}:{chunk}"));
        command.env(OPEN_ENV, &open);
        let outcome = watch(command, |line| {
            // libtest may have started the line with the test's name.
            let Some(words) = line.find("fuzz: ").map(|at| &line[at + "fuzz: ".len()..]) else { return };
            let mut words = words.splitn(2, ' ');
            match (words.next(), words.next()) {
                (Some("case"), Some(seed)) => (current, shrinking) = (seed.parse::<u64>().ok(), false),
                (Some("shrinking"), _) => shrinking = true,
                (Some("passed"), Some(rest)) => {
                    current = None;
                    report.cases += 1;
                    let mut rest = rest.split(' ');
                    match rest.next() {
                        Some("Vello") => report.by_vello += 1,
                        _ => report.by_one_thread += 1,
                    }
                    let band = rest.next().and_then(|b| b.parse().ok()).unwrap_or(0);
                    report.band_max = report.band_max.max(band);
                    if let Some(rule) = rest.next().filter(|r| *r != "none") {
                        *report.by_rule.entry(rule.to_string()).or_default() += 1;
                    }
                }
                (Some("finding"), Some(rest)) => {
                    current = None;
                    report.cases += 1;
                    println!("fuzz: finding {rest}");
                    report.findings.push(rest.to_string());
                }
                (Some("done"), _) => done = true,
                _ => {}
            }
            if every > 0 && report.cases >= printed + every {
                printed = report.cases - report.cases % every;
                let rate = report.cases as f64 / start.elapsed().as_secs_f64();
                println!(
                    "fuzz: {} cases (seeds {first}..{}), {rate:.0} a second, {} finding(s)",
                    report.cases,
                    first + report.cases,
                    report.findings.len()
                );
                let _ = std::io::stdout().flush();
            }
        });
        if done && outcome.success {
            next += chunk;
            continue;
        }
        let Some(seed) = current else {
            panic!("a fuzz worker failed outside any case ({}):\n{}", outcome.status, outcome.stderr);
        };
        report.cases += 1;
        // A crash while a finding shrank is the crash of the candidate it was drawing (the case itself when it
        // crashed drawn again, with no candidate written).
        let candidate = shrinking.then(|| std::fs::read_to_string(candidate_path(seed)).ok()).flatten();
        let crashed = match candidate {
            Some(text) => case::parse(&text).unwrap_or_else(|e| panic!("seed {seed}'s candidate: {e}")),
            None => generate::case(seed),
        };
        let line = crash(seed, &crashed, &outcome.status);
        println!("fuzz: finding {line}");
        report.findings.push(line);
        next = seed + 1;
    }
    report.elapsed = start.elapsed();
    report
}

/// How a worker ended.
struct Outcome {
    success: bool,
    /// Its exit status, or that it was killed for its silence.
    status: String,
    /// The end of what it wrote on stderr.
    stderr: String,
}

/// Runs `command`, handing each line it prints to `on_line`; kills it when it stays silent for [`SILENCE`].
fn watch(mut command: Command, mut on_line: impl FnMut(&str)) -> Outcome {
    let mut child = command.spawn().unwrap_or_else(|e| panic!("starting a fuzz worker: {e}"));
    let (Some(stdout), Some(mut stderr)) = (child.stdout.take(), child.stderr.take()) else {
        panic!("a fuzz worker's stdout and stderr are piped");
    };
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let (lines, received) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if line.is_err() || lines.send(line.unwrap_or_default()).is_err() {
                break;
            }
        }
    });
    let mut hung = false;
    loop {
        match received.recv_timeout(SILENCE) {
            Ok(line) => on_line(&line),
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                hung = true;
                break;
            }
        }
    }
    let status = child.wait().unwrap_or_else(|e| panic!("waiting for a fuzz worker: {e}"));
    let _ = reader.join();
    let stderr = errors.join().unwrap_or_default();
    let tail = stderr.char_indices().rev().nth(4000).map_or(0, |(i, _)| i);
    Outcome {
        success: status.success() && !hung,
        status: if hung { format!("silent for {} s, killed", SILENCE.as_secs()) } else { status.to_string() },
        stderr: stderr[tail..].to_string(),
    }
}

/// Where the candidate a worker draws while it shrinks the finding of `seed` is written.
fn candidate_path(seed: u64) -> PathBuf {
    save_dir().join(format!("seed-{seed}.candidate"))
}

/// Shrinks `original`, the case of `seed` that crashed, saves it, and returns its finding line.
fn crash(seed: u64, original: &Case, status: &str) -> String {
    let scratch = save_dir().join(format!("seed-{seed}.crash-candidate"));
    let crashes = |case: &Case| {
        write_file(&scratch, &case::write(case, "a candidate"));
        let mut verdict = false;
        let outcome = watch(worker_command(&format!("replay:{}", scratch.display())), |line| {
            verdict |= line.contains("fuzz: verdict");
        });
        !outcome.success && !verdict
    };
    let budget = CRASH_SHRINK_BUDGET.min(shrink_budget());
    let minimal = if budget > 0 && crashes(original) { shrink(original, budget, crashes) } else { original.clone() };
    let _ = std::fs::remove_file(&scratch);
    let finding = Finding { kind: Kind::Crash, detail: format!("the process died: {status}"), pictures: None };
    save(seed, &minimal, &finding)
}

/// Writes the case of a finding (and its pictures) into the save folder; returns the finding's line.
fn save(seed: u64, case: &Case, finding: &Finding) -> String {
    let dir = save_dir();
    let path = dir.join(format!("seed-{seed}.case"));
    let comment = format!("seed {seed}: {}: {}", finding.kind.name(), finding.detail);
    write_file(&path, &case::write(case, &comment));
    if let Some(rgb) = &finding.pictures {
        let png = dir.join(format!("seed-{seed}.png"));
        let _ = crate::peers::write_png(&png, case.width * 3, case.height, rgb);
    }
    format!("{seed} {} {}: {}", finding.kind.name(), path.display(), finding.detail)
}

fn write_file(path: &Path, text: &str) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}

/// The worker's side: does what `GOLDBERRY_FUZZ_WORKER` says (nothing when it is not set).
pub fn work() {
    let Ok(task) = std::env::var("GOLDBERRY_FUZZ_WORKER") else { return };
    let judge = Judge::new();
    let mut out = std::io::stdout().lock();
    if let Some(seed) = task.strip_prefix("print:") {
        let seed = seed.parse().unwrap_or_else(|_| panic!("print:SEED takes a whole number, not {seed:?}"));
        let _ = write!(out, "{}", case::write(&generate::case(seed), &format!("seed {seed}")));
        return;
    }
    if let Some(paths) = task.strip_prefix("replay:") {
        // Several files, comma-separated, are drawn in turn in this one process.
        for path in paths.split(',') {
            let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
            let case = case::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
            let verdict = match judge.judge(&case) {
                Ok(_) => "pass".to_string(),
                Err(f) => format!("{} {}", f.kind.name(), f.detail),
            };
            let _ = writeln!(out, "fuzz: verdict {verdict}");
        }
        return;
    }
    let mut words = task.strip_prefix("seeds:").unwrap_or_default().split(':').map(|w| w.parse::<u64>());
    let (Some(Ok(first)), Some(Ok(count))) = (words.next(), words.next()) else {
        panic!("GOLDBERRY_FUZZ_WORKER is `seeds:FIRST:COUNT` or `replay:PATH`, not {task:?}");
    };
    for seed in first..first.saturating_add(count) {
        // Written before the case is drawn, so that a crash names its seed.
        let _ = writeln!(out, "fuzz: case {seed}");
        let _ = out.flush();
        let case = generate::case(seed);
        match judge.judge(&case) {
            Ok(passed) => {
                let oracle = if passed.oracle == Oracle::Vello { "Vello" } else { "OneThread" };
                let rule = passed.rule.map_or("none", |r| r.name());
                let _ = writeln!(out, "fuzz: passed {oracle} {} {rule}", passed.band_max);
            }
            Err(finding) => {
                let kind = finding.kind;
                // Each candidate is written down before it is drawn: should one crash the process, the driver
                // takes it up from there.
                let _ = writeln!(out, "fuzz: shrinking {seed}");
                let _ = out.flush();
                let scratch = candidate_path(seed);
                let known = std::env::var(OPEN_ENV).is_ok_and(|v| v.split(',').any(|s| s == seed.to_string()));
                let budget = if known { 0 } else { shrink_budget() };
                let minimal = shrink(&case, budget, |c| {
                    write_file(&scratch, &case::write(c, "a candidate"));
                    judge.judge(c).err().is_some_and(|f| f.kind == kind)
                });
                let _ = std::fs::remove_file(&scratch);
                let finding = judge.judge(&minimal).err().unwrap_or(finding);
                let _ = writeln!(out, "fuzz: finding {}", save(seed, &minimal, &finding));
            }
        }
    }
    let _ = writeln!(out, "fuzz: done");
}
