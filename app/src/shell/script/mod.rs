//! `--script PATH`: a file of timed input that the run pushes onto SDL's queue as real SDL events. [`parse`] reads
//! and checks the file (a bad line is one error at its place, `FILE:LINE:COL`); [`player`] plays it, frame by frame.

pub mod named;
pub mod parse;
pub mod player;

pub use self::parse::{Action, Chord, Script, Verb, Who};
pub use self::player::Player;
