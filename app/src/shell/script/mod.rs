//! `--script PATH`: a file of timed input that the run pushes onto SDL's queue as real SDL events. [`parse`] reads
//! and checks the file (a bad line is one error naming its line); [`player`] plays it, frame by frame.

pub mod named;
pub mod parse;
pub mod player;

pub use self::parse::{Action, Chord, Script, ScriptError, Verb};
pub use self::player::Player;
