//! What the benches share: loading the natives and the fonts, and reading their settings from the environment.

pub mod rig;

use goldberry::fonts::FontBook;
use goldberry_natives::Goldberry;

/// libgoldberry and the fonts, or a one-line error naming `bench` and an exit: 3 when libgoldberry cannot be
/// loaded, 5 when the fonts cannot.
pub fn natives_and_fonts(bench: &str) -> (&'static Goldberry, FontBook) {
    let g = Goldberry::load(None).unwrap_or_else(|e| {
        eprintln!("{bench} bench: {e}");
        std::process::exit(3);
    });
    let fonts = FontBook::load(g).unwrap_or_else(|e| {
        eprintln!("{bench} bench: {e}");
        std::process::exit(5);
    });
    (g, fonts)
}

/// The number in environment variable `name`, if it is set and parses.
pub fn env_number<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}
