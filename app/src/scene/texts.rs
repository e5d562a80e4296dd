//! The frame's own words: the title bar's and the status bar's. Layout measures them and drawing records them, so
//! both read them here.

use std::sync::OnceLock;

use goldberry_natives::Goldberry;
use goldberry_natives::sdl::Sdl;

/// The title bar's title.
pub const TITLE: &str = "goldberry";

/// The title bar's subtitle.
pub const SUBTITLE: &str = "Blend2D \u{b7} Yoga \u{b7} HarfBuzz \u{b7} SDL2";

/// The status bar's items, left to right; the second is a template as wide as the figures it shows
/// ([`status_figures`]), the third the template [`libraries_item`] fills.
pub const STATUS_ITEMS: [&str; 3] = [
    "ready \u{b7} 12 cards in 3 rows \u{b7} Inter 10 px, JetBrains Mono 9.5 px",
    "layers 00 \u{b7} threads 0 \u{b7} budget 16.7 ms",
    "libgoldberry: Blend2D {blend2d}, Yoga {yoga}, HarfBuzz {harfbuzz} \u{b7} SDL {sdl}",
];

/// The status bar's items with the third filled in ([`libraries_item`]).
pub fn status_items(g: &'static Goldberry) -> [&'static str; 3] {
    [STATUS_ITEMS[0], STATUS_ITEMS[1], libraries_item(g)]
}

/// The status bar's third item: each native library's version as the loaded library reports it (Yoga's through
/// the shim; SDL's from the system's libSDL2, "?" where it does not load), worked out once per process.
pub fn libraries_item(g: &'static Goldberry) -> &'static str {
    static ITEM: OnceLock<String> = OnceLock::new();
    ITEM.get_or_init(|| {
        let (blend2d, yoga, harfbuzz) = match g.versions() {
            Ok(v) => (v.blend2d, v.yoga, v.harfbuzz),
            Err(error) => {
                tracing::warn!(%error, "the native libraries did not say their versions");
                ("?".to_owned(), "?".to_owned(), "?".to_owned())
            }
        };
        let sdl = match Sdl::load(None) {
            Ok(sdl) => {
                let (major, minor, patch) = sdl.version();
                format!("{major}.{minor}.{patch}")
            }
            Err(_) => "?".to_owned(),
        };
        STATUS_ITEMS[2]
            .replace("{blend2d}", &blend2d)
            .replace("{yoga}", &yoga)
            .replace("{harfbuzz}", &harfbuzz)
            .replace("{sdl}", &sdl)
    })
}

/// The status bar's first item: on the overview (`screen` is `None`) [`STATUS_ITEMS`]' first with the grid's
/// `rows` at this size; on another screen, which screen it is (its tab's title) and the keys that leave it (one
/// Ctrl+digit for each of `screens`), never wider than the overview's item the layout measured.
pub fn status_first_item(screen: Option<&str>, screens: usize, rows: usize) -> String {
    match screen {
        None => STATUS_ITEMS[0].replace("in 3 rows", &format!("in {rows} rows")),
        Some(label) => format!("{label} screen \u{b7} Ctrl+1\u{2026}{screens} switch screens \u{b7} Ctrl+T theme"),
    }
}

/// The status bar's second item: the retained layers the frame holds, the threads that raster its bands
/// (`--threads`) and the frame budget.
pub fn status_figures(layers: usize, threads: usize) -> String {
    format!("layers {layers} \u{b7} threads {threads} \u{b7} budget {} ms", crate::clock::BUDGET_MS)
}

/// The template the title bar's status is laid out for (the animated text is never wider).
pub const STATUS_TEMPLATE: &str = "frame 000000  000.00 s  0000x0000";

/// The title bar's status text of frame `index` at time `t`, at `width` x `height`.
pub fn status_text(index: u64, t: f64, width: u32, height: u32) -> String {
    format!("frame {:06}  {:6.2} s  {width}x{height}", index % 1_000_000, t % 1000.0)
}
