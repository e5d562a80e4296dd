//! The frame's own words: the title bar's and the status bar's. Layout measures them and drawing records them, so
//! both read them here.

/// The title bar's title.
pub const TITLE: &str = "goldberry";

/// The title bar's subtitle.
pub const SUBTITLE: &str = "Blend2D \u{b7} Yoga \u{b7} HarfBuzz \u{b7} SDL2";

/// The status bar's items, left to right; the second is a template as wide as the figures it shows
/// ([`status_figures`]).
pub const STATUS_ITEMS: [&str; 3] = [
    "ready \u{b7} 12 cards in 3 rows \u{b7} Inter 10 px, JetBrains Mono 9.5 px",
    "layers 00 \u{b7} threads 0 \u{b7} budget 16.7 ms",
    "libgoldberry: Blend2D beta, Yoga 3, HarfBuzz 8.4 \u{b7} SDL 2",
];

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
