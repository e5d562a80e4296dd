//! What the overview shows: its twelve cards, as data. Its layout, recording and animation read it.

use crate::scene::icons::IconName;
use crate::scene::palette::Hue;

/// What sits between a card's header and its text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Visual {
    /// Nothing.
    None,
    /// A line chart of a wave scrolling at `speed` samples a second (0: still); `seed` picks the wave.
    LineChart {
        /// Samples scrolled per second.
        speed: f32,
        /// Which wave.
        seed: u32,
    },
    /// A bar chart whose bars breathe at `speed` (0: still).
    BarChart {
        /// Radians per second.
        speed: f32,
        /// Which heights.
        seed: u32,
    },
    /// A progress ring going round once every `period` seconds, with a few lines of monospaced figures beside it.
    Ring {
        /// Seconds per turn.
        period: f32,
        /// The figures beside it (label and value).
        stats: &'static [&'static str],
    },
    /// Labels laid out as a wrapping row of chips.
    Chips(&'static [&'static str]),
    /// Gradient swatches (linear and radial).
    Swatches,
}

/// How a card's text is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    /// Prose in Inter, wrapped.
    Prose(&'static str),
    /// Code in JetBrains Mono on a panel, wrapped at spaces, one source line per hard break.
    Code(&'static str),
}

/// The animated figure in a card's header: `base + rate * t`, shown with `decimals` and `unit`, at most
/// `width` characters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Counter {
    /// The value at t = 0.
    pub base: f64,
    /// Change per second.
    pub rate: f64,
    /// Amplitude of a wobble added on top (makes figures like frame times move both ways).
    pub wobble: f64,
    /// Decimals shown.
    pub decimals: usize,
    /// Unit after the number (monospaced, may be empty).
    pub unit: &'static str,
    /// The widest the text gets, in characters (the badge is laid out for this many).
    pub width: usize,
}

impl Counter {
    /// The figure at time `t`, right-aligned in `width` characters.
    pub fn text(&self, t: f64) -> String {
        let value = self.base + self.rate * t + self.wobble * (t * 2.3).sin();
        let number = format!("{value:.*}", self.decimals);
        let text = if self.unit.is_empty() { number } else { format!("{number} {}", self.unit) };
        format!("{text:>width$}", width = self.width)
    }
}

/// One card.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardSpec {
    pub title: &'static str,
    pub icon: IconName,
    /// Its accent's hue (its colour depends on the theme: [`crate::scene::colors::CardColors::accent`]).
    pub hue: Hue,
    /// Between header and text.
    pub visual: Visual,
    pub body: Body,
    /// The header figure.
    pub counter: Counter,
    /// A monospaced last line.
    pub footer: &'static str,
}

const fn counter(base: f64, rate: f64, wobble: f64, decimals: usize, unit: &'static str, width: usize) -> Counter {
    Counter { base, rate, wobble, decimals, unit, width }
}

/// The overview's cards, in reading order.
pub const CARDS: [CardSpec; 12] = [
    CardSpec {
        title: "Frame time",
        icon: IconName::Clock,
        hue: Hue::Sky,
        visual: Visual::LineChart { speed: 6.0, seed: 1 },
        body: Body::Prose(
            "Every frame has 16.7 ms. Painting may take half of it: layout an eighth, shaping an eighth, raster a \
             quarter. The line above scrolls with the frame clock, so frame 30 looks the same on every run, on \
             every machine that draws it.",
        ),
        counter: counter(16.7, 0.0, 0.0, 1, "ms", 7),
        footer: "paint 1/2  raster 1/4  layout 1/8",
    },
    CardSpec {
        title: "Raster bands",
        icon: IconName::Threads,
        hue: Hue::Violet,
        visual: Visual::BarChart { speed: 1.7, seed: 2 },
        body: Body::Prose(
            "With two threads the frame is cut into bands of rows, one a thread or three when it is heavy. Each \
             band gets its own synchronous Blend2D context over the same pixels and replays the same display list.",
        ),
        counter: counter(60.0, 0.0, 0.0, 0, "fps", 6),
        footer: "--threads N: N band threads",
    },
    CardSpec {
        title: "Retained layers",
        icon: IconName::Layers,
        hue: Hue::Teal,
        visual: Visual::Ring { period: 8.0, stats: &["key     card", "version  +1", "settled copy", "stale damage"] },
        body: Body::Prose(
            "A cold frame draws every card's chrome and text straight into the frame and keeps no copy; later \
             frames draw the base they start from where they first need it, then only what moves. A changed card \
             redraws its own rectangle.",
        ),
        counter: counter(0.0, 1.0, 0.0, 0, "f", 6),
        footer: "LayerKey + version + size",
    },
    CardSpec {
        title: "Shaping",
        icon: IconName::Text,
        hue: Hue::Amber,
        visual: Visual::None,
        body: Body::Prose(
            "HarfBuzz turns text into positioned glyphs: the office waffle affords fine ligatures, while AVATAR, \
             Type and WAVE tighten their kerning pairs. Runs are cached per face and text, so a settled frame \
             shapes almost nothing. A paragraph is shaped once and cut at its spaces into lines that fit the box, \
             each line a slice of the whole run, so ligatures and kerning stay exactly as HarfBuzz set them. \
             Positions stay in design units; Blend2D scales them to the font's size when it fills the run. The \
             first line of every card sits one ascent below its box, and the lines below it follow at the face's \
             own line height, which Inter and JetBrains Mono both define in their tables.",
        ),
        counter: counter(4.0, 0.0, 0.0, 0, "B/glyph", 11),
        footer: "features: kern liga calt",
    },
    CardSpec {
        title: "Display list",
        icon: IconName::Code,
        hue: Hue::Lime,
        visual: Visual::None,
        body: Body::Code(
            "let list = scene.paint(&frame, &fonts)?;\nfor op in &list.ops {\n  match op {\n    Op::Layer { key, \
             version, .. } => blit(key),\n    Op::Glyphs { run, .. } => fill(run),\n    _ => replay(op)?,\n  }\n}\n\
             // -> every band, same list\nassert!(diff <= 1 && ok != false);\nlet fps = 1000.0 / ms; // => 60",
        ),
        counter: counter(12.0, 0.0, 0.0, 0, "kinds", 8),
        footer: "fn paint(&mut self) -> Result",
    },
    CardSpec {
        title: "Flexbox",
        icon: IconName::Grid,
        hue: Hue::Rose,
        visual: Visual::Chips(&[
            "row",
            "wrap",
            "gap 12",
            "padding 14",
            "basis 22%",
            "grow 1",
            "min 200",
            "max 480",
            "stretch",
        ]),
        body: Body::Prose(
            "Yoga lays the grid out as a wrapping row: each card starts at 22 % of the width, grows to fill its \
             line, and never gets narrower than 200 px or wider than 480 px.",
        ),
        counter: counter(12.0, 0.0, 0.0, 0, "cards", 8),
        footer: "align-content: stretch",
    },
    CardSpec {
        title: "Sample series",
        icon: IconName::Memory,
        hue: Hue::Sky,
        visual: Visual::LineChart { speed: 2.0, seed: 3 },
        body: Body::Prose(
            "Sample data, not a measurement: a series that scrolls with the frame clock, so the same frame index \
             draws the same curve on every run. Memory is measured by the soak run (goldberry --report-rss).",
        ),
        counter: counter(50.0, 0.0, 20.0, 0, "sample", 10),
        footer: "soak target: drift <= 2 MiB",
    },
    CardSpec {
        title: "Bar chart",
        icon: IconName::Bars,
        hue: Hue::Amber,
        visual: Visual::BarChart { speed: 0.0, seed: 5 },
        body: Body::Prose(
            "Sample data on the frame clock: each bar is a path filled with a vertical gradient and clipped to \
             its panel. Blend2D fills whole glyph runs in one call, with 4-byte glyph ids and advance-offset \
             placements.",
        ),
        counter: counter(500.0, 0.0, 120.0, 0, "sample", 10),
        footer: "targets: cold <= 4 ms",
    },
    CardSpec {
        title: "Gradients",
        icon: IconName::Palette,
        hue: Hue::Violet,
        visual: Visual::Swatches,
        body: Body::Prose(
            "Linear gradients fill the background, the title bar and each card's header; radial ones light the \
             corners of the window and the swatches above. Every shadow is a nine-patch of both: linear along its \
             edges, radial round its corners. Stops are plain colours, not premultiplied.",
        ),
        counter: counter(6.0, 0.0, 0.0, 0, "stops", 8),
        footer: "shadow: 4 linear, 4 radial",
    },
    CardSpec {
        title: "Notes",
        icon: IconName::Note,
        hue: Hue::Teal,
        visual: Visual::None,
        body: Body::Prose(
            "The scene is the app's own design: a title bar, a grid of twelve cards, text in two faces, gradients, \
             rounded rectangles with strokes and shadows, a line chart and a bar chart built as paths, icons read \
             from path data and a ring that fills as the clock runs. A shadow is a nine-patch of gradients that \
             fades out past the card's edge. Charts are clipped to their panels, so a curve that \
             overshoots never spills onto the card. Resizing the window lays everything out again: new sizes, new \
             lines of text, new layers, one cold frame, then settled frames again.",
        ),
        counter: counter(0.0, 0.5, 0.0, 1, "s", 7),
        footer: "assets/icons/*.path",
    },
    CardSpec {
        title: "Threads",
        icon: IconName::Cpu,
        hue: Hue::Rose,
        visual: Visual::Ring { period: 5.0, stats: &["pool   rayon", "bands  N..3N", "split  work ", "diff   <= 1 "] },
        body: Body::Prose(
            "Each band replays the frame over its own rows and skips what lies outside them; the edges follow \
             the estimated work, and a free thread takes the next band.",
        ),
        counter: counter(50.0, 0.0, 9.0, 0, "%", 5),
        footer: "rayon pool, one band queue",
    },
    CardSpec {
        title: "Sample log",
        icon: IconName::List,
        hue: Hue::Lime,
        visual: Visual::None,
        body: Body::Code(
            "00.000 init video driver=dummy\n00.004 window 960x640 XRGB32\n00.011 fonts Inter JetBrains Mono\n\
             00.019 layout 12 cards, 3 rows\n00.021 shape 3480 glyphs\n00.024 raster cold 6 bands\n00.031 present \
             frame 0\n00.047 present frame 1 settled\n00.064 present frame 2 settled\n00.081 present frame 3 \
             settled\n00.097 present frame 4 settled",
        ),
        counter: counter(0.0, 60.0, 0.0, 0, "ev", 8),
        footer: "tracing span per phase",
    },
];

/// The number shown at the right of card `index`'s footer.
pub fn card_tag(index: usize) -> String {
    format!("{:02}/{}", index + 1, CARDS.len())
}
