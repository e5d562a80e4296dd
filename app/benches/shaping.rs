//! Shaping time per 1,000 characters: Latin, Arabic and mixed (Latin, Arabic, Hebrew, Devanagari, Thai) text
//! through the whole text pipeline (bidi, itemizing with fallback, HarfBuzz), the cache bypassed by a fresh
//! variant of the text every time. Prints its figures.
//!
//! Run with: `cargo bench -p goldberry --bench shaping`.

fn main() {}
