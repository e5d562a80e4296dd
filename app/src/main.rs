//! The `goldberry` binary: parses the command line and runs the showcase.

fn main() {}
