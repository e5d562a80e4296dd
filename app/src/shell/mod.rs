//! The program's shell, on top of the engine: the command line and its errors ([`cli`]), the run from the command
//! line to the summary line ([`run`]) and its frame loop ([`frame_loop`]), scripted input ([`script`]), SDL's
//! events, window and presenting ([`events`], [`present`]), and what a run writes: the report, screenshots and
//! traces, each written whole or not at all ([`report`], [`screenshot`], [`atomic_file`]), and which native
//! libraries run ([`libraries`]).
//!
//! The engine (screens, scene, raster, HUD, frame) never imports the shell; the shell maps the engine's typed
//! errors to exit codes ([`cli::RunError`]).

#[cfg(feature = "vello")]
pub mod against_vello;
pub mod atomic_file;
pub mod atspi;
pub mod cli;
pub mod events;
pub mod frame_loop;
pub mod libraries;
pub mod memory;
pub mod present;
pub mod record;
pub mod replay;
pub mod report;
pub mod run;
pub mod scaling;
pub mod screen_reader;
pub mod screenshot;
pub mod script;
