//! The `goldberry` binary: parses the command line and runs the showcase.
//!
//! Every failure is one line on stderr (`goldberry: <cause>`, or `FILE:LINE:COL: message` for a document) and an
//! exit code per class (see `goldberry::shell::cli`).

#![forbid(unsafe_code)]

use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let started = Instant::now();
    // Every line is written with its error ignored: `println!` and `eprintln!` panic when stdout or stderr is closed
    // or full (`2>/dev/full`, `| head -1`), and a panic while printing a panic aborts the process (exit 134).
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string().lines().map(str::trim).collect::<Vec<_>>().join(" ");
        let _ = writeln!(std::io::stderr(), "goldberry: internal error: {text}");
    }));
    // `goldberry replay FILE ...` is its own command line; anything else is a run.
    let result = if std::env::args_os().nth(1).is_some_and(|first| first == "replay") {
        goldberry::shell::replay::parse(std::env::args_os().skip(1)).and_then(|args| match args {
            Some(args) => goldberry::shell::replay::replay(&args).map(Some),
            None => Ok(None),
        })
    } else {
        goldberry::shell::cli::parse(std::env::args_os()).and_then(|args| match args {
            Some(args) => goldberry::shell::run::run(&args, started).map(Some),
            None => Ok(None),
        })
    };
    match result {
        Ok(Some(summary)) => {
            let _ = writeln!(std::io::stdout(), "{summary}");
            ExitCode::SUCCESS
        }
        Ok(None) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "{}", e.printed());
            ExitCode::from(e.exit_code())
        }
    }
}
