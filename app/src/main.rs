//! The `goldberry` binary: parses the command line and runs the showcase.
//!
//! Every failure is one line on stderr (`goldberry: <cause>`, or `FILE:LINE:COL: message` for a document) and an
//! exit code per class (see `goldberry::shell::cli`).

#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let started = Instant::now();
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string().lines().map(str::trim).collect::<Vec<_>>().join(" ");
        eprintln!("goldberry: internal error: {text}");
    }));
    let result = goldberry::shell::cli::parse(std::env::args_os()).and_then(|args| match args {
        Some(args) => goldberry::shell::run::run(&args, started).map(Some),
        None => Ok(None),
    });
    match result {
        Ok(Some(summary)) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Ok(None) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}", e.printed());
            ExitCode::from(e.exit_code())
        }
    }
}
