//! The screens a person switches between with the title bar's tabs, Ctrl+1 … Ctrl+5 or `--screen`.

pub mod controls;
