//! The shaping X-ray (F6 on the text screen): what HarfBuzz did with one run of a text, in the words a person
//! checks it by: the itemization (script, bidi level, language), the face the fallback chain chose and why, the
//! features asked for, each cluster's code points and glyphs (ids, advances, offsets in the face's units), the
//! caret stops, whether the shaped line came from the shaping cache, where the run's glyph images come from (the
//! glyph cache's cells, its colour cells, or the outlines every frame, as the frame's scale decides) and, glyph by
//! glyph, whether the last frame that drew the run found its cell in the cache or made it (as the cache said,
//! [`crate::glyph_cache::watch`]), and the `hb-shape` command that shapes the same run outside the app.
//!
//! It reads the app's own pipeline ([`crate::text`]): the line is resolved and itemized as layout does it, and the
//! runs are the ones layout drew (taken from the shaping cache), so the X-ray cannot show a run the app did not use.

use std::fmt::Write as _;
use std::ops::Range;

use goldberry_natives::NativeError;
use serde::{Deserialize, Serialize};

use crate::fonts::FontBook;
use crate::geom::FontId;
use crate::glyph_cache;
use crate::glyph_cache::watch::Source;
use crate::text::itemize::{self, is_emoji, is_ignorable, language_of};
use crate::text::{DEFAULT_FEATURES, FaceIndex, FaceSet, TextStyle, bidi};

/// One glyph of a cluster, in the face's units (y up, as HarfBuzz gives it), and where the last frame that looked
/// it up took its image from, as the glyph cache said then (none for a glyph drawn from its outline, or before a
/// frame drew the run).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct XrayGlyph {
    pub id: u32,
    pub advance: i32,
    pub offset: (i32, i32),
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<Source>,
}

/// One cluster: where it starts in the run's text (bytes), its code points and its glyphs in visual order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct XrayCluster {
    pub at: u32,
    pub code_points: Vec<String>,
    pub glyphs: Vec<XrayGlyph>,
}

/// One run of a line: an item of the itemization, shaped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct XrayRun {
    /// Its bytes in the line, and its text.
    pub bytes: Range<usize>,
    pub text: String,
    /// ISO 15924 script tag, UAX #9 level, the direction it follows from, and the BCP 47 language HarfBuzz is told.
    pub script: String,
    pub level: u8,
    pub direction: String,
    pub language: String,
    /// The face's family and file, and why the fallback chain chose it.
    pub face: String,
    pub file: String,
    pub why: String,
    /// The features HarfBuzz was given, in order (`-tag` off), a later one winning.
    pub features: Vec<String>,
    /// The face's units per em: every advance and offset is in them.
    pub units_per_em: u32,
    /// Clusters in visual order.
    pub clusters: Vec<XrayCluster>,
    /// The byte offsets (in the run's text) a caret can stand at: cluster starts and the run's end.
    pub caret_stops: Vec<u32>,
    /// The command that shapes the same run with HarfBuzz's own tool, glyph ids and positions as JSON.
    pub hb_shape: String,
    /// Where every glyph image of the run comes from at the frame's scale: the glyph cache's cells, its colour
    /// cells, or the glyphs' outlines each frame (a font past the cache's size), with the sizes that decide it.
    pub glyph_images: String,
    /// The font the run is drawn in (what the glyph cache is asked about it by).
    #[serde(skip)]
    pub font: Option<FontId>,
}

/// The X-ray of one hard line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Xray {
    pub line: String,
    /// The line's shaped pieces were in the shaping cache already (the X-ray shaped nothing itself).
    pub from_cache: bool,
    pub runs: Vec<XrayRun>,
}

/// The X-ray of `line` (one hard line) as `fonts` lays it out in `style`, drawn at `scale` device pixels a unit.
pub fn xray(fonts: &FontBook, style: &TextStyle, line: &str, scale: f32) -> Result<Xray, NativeError> {
    let before = fonts.cached_pieces();
    let pieces = fonts.shaped_pieces(style, line)?;
    let from_cache = fonts.cached_pieces() == before;
    let (primary, _) = fonts.face_of(style.font);
    let levels = bidi::resolve(line, style.direction);
    let chain = fonts.chain(primary);
    let has = |face: FaceIndex, c: char| fonts.harfbuzz(face).is_some_and(|font| font.nominal_glyph(c).is_some());
    let items = itemize::itemize(line, &levels.levels, (&chain, fonts.emoji()), has, |c| fonts.script_of(c));
    // What `Features::to_harfbuzz` gives HarfBuzz: the defaults, then the style's settings.
    let asked = DEFAULT_FEATURES.iter().map(|&tag| (tag, true)).chain(style.features.settings().iter().copied());
    let features: Vec<String> =
        asked.map(|(tag, on)| format!("{}{}", if on { "" } else { "-" }, String::from_utf8_lossy(&tag))).collect();
    let mut runs = Vec::new();
    for piece in pieces.iter().filter(|piece| &*piece.text == line) {
        for shaped in &piece.items {
            let Some(item) = items.iter().find(|item| item.bytes == shaped.bytes) else { continue };
            let text = &line[item.bytes.clone()];
            let run = &shaped.run;
            let start = item.bytes.start as u32;
            let mut clusters: Vec<XrayCluster> = Vec::new();
            for ((glyph, placement), cluster) in run.glyphs.iter().zip(&run.placements).zip(&run.clusters) {
                let at = (cluster + shaped.base).saturating_sub(start);
                let glyph = XrayGlyph {
                    id: *glyph,
                    advance: placement.advance_x,
                    offset: (placement.offset_x, placement.offset_y),
                    cell: None,
                };
                match clusters.last_mut() {
                    Some(last) if last.at == at => last.glyphs.push(glyph),
                    _ => clusters.push(XrayCluster { at, code_points: Vec::new(), glyphs: vec![glyph] }),
                }
            }
            let mut stops: Vec<u32> = clusters.iter().map(|c| c.at).chain([text.len() as u32]).collect();
            stops.sort_unstable();
            stops.dedup();
            for cluster in &mut clusters {
                let start = cluster.at as usize;
                let end = stops.iter().map(|&s| s as usize).find(|&s| s > start).unwrap_or(text.len());
                cluster.code_points =
                    text.get(start..end).unwrap_or("").chars().map(|c| format!("U+{:04X}", c as u32)).collect();
            }
            let file = fonts.path_of(item.face).map(|p| p.display().to_string()).unwrap_or_default();
            let rtl = item.level % 2 == 1;
            let script = String::from_utf8_lossy(&item.script).into_owned();
            let language = language_of(item.script);
            let hb_shape = hb_shape_command(&file, text, rtl, &script, language, &features);
            let font = FaceSet::font_id(fonts, item.face, fonts.size_px(style.font));
            runs.push(XrayRun {
                bytes: item.bytes.clone(),
                text: text.to_owned(),
                script,
                level: item.level,
                direction: (if rtl { "rtl" } else { "ltr" }).to_owned(),
                language: language.to_owned(),
                face: FaceSet::family(fonts, item.face).to_owned(),
                file,
                why: why(fonts, &chain, item.face, text),
                features: features.clone(),
                units_per_em: run.units_per_em,
                clusters,
                caret_stops: stops,
                hb_shape,
                glyph_images: glyph_images(fonts, font, scale),
                font: Some(font),
            });
        }
    }
    Ok(Xray { line: line.to_owned(), from_cache, runs })
}

/// Has the glyph cache watch `run` as drawn from now on, and marks each of its glyphs with what the cache last said
/// of it; returns the number of that answer (none before a frame looked the run up).
pub fn watch_cells(run: &mut XrayRun) -> Option<u64> {
    let font = run.font?;
    let glyphs: Vec<u32> = run.clusters.iter().flat_map(|c| c.glyphs.iter().map(|g| g.id)).collect();
    let (sources, number) = glyph_cache::watch::watch(font, &glyphs)?;
    // Clusters hold the run's glyphs in its own order, so the answer's order is theirs.
    let mut sources = sources.into_iter();
    for glyph in run.clusters.iter_mut().flat_map(|c| c.glyphs.iter_mut()) {
        glyph.cell = sources.next();
    }
    Some(number)
}

/// Where the glyph images of `font` drawn at `scale` come from, as the glyph cache decides it
/// ([`glyph_cache::caches`]), with the sizes that decide it.
fn glyph_images(fonts: &FontBook, font: crate::geom::FontId, scale: f32) -> String {
    let px = fonts.size_px(font);
    if fonts.is_colour(font) {
        format!("the glyph cache's colour cells ({px} px at {scale}x)")
    } else if glyph_cache::caches(fonts, font, f64::from(scale)) {
        format!("the glyph cache's cells ({px} px at {scale}x)")
    } else {
        format!(
            "their outlines, each frame ({px} px at {scale}x: past the cache's {} px, or {} device px)",
            glyph_cache::MAX_CACHED_PX,
            glyph_cache::MAX_CACHED_DEVICE_PX
        )
    }
}

/// Why the fallback chain gave `text` (one item) the face `chosen`: the colour emoji face for emoji, else the faces
/// before it that lack one of its characters.
fn why(fonts: &FontBook, chain: &[FaceIndex], chosen: FaceIndex, text: &str) -> String {
    let has = |face: FaceIndex, c: char| fonts.harfbuzz(face).is_some_and(|font| font.nominal_glyph(c).is_some());
    if Some(chosen) == fonts.emoji() && is_emoji(text) {
        return "an emoji cluster goes to the colour emoji face first".to_owned();
    }
    let mut why = String::new();
    for &face in chain.iter().take_while(|&&face| face != chosen) {
        if let Some(c) = text.chars().filter(|&c| !is_ignorable(c)).find(|&c| !has(face, c)) {
            let _ = write!(why, "{} lacks U+{:04X}; ", FaceSet::family(fonts, face), c as u32);
        } else {
            let _ =
                write!(why, "{} has it but the cluster stays in the face before it; ", FaceSet::family(fonts, face));
        }
    }
    if why.is_empty() {
        "the primary face has every character".to_owned()
    } else {
        why + &format!("{} has every character", FaceSet::family(fonts, chosen))
    }
}

/// The `hb-shape` command that shapes `text` as the app did: the same file, direction, script, language and
/// features, no context; code points (no quoting of the text), UTF-8 clusters (the app's byte offsets), JSON out.
pub fn hb_shape_command(
    file: &str,
    text: &str,
    rtl: bool,
    script: &str,
    language: &str,
    features: &[String],
) -> String {
    let unicodes: Vec<String> = text.chars().map(|c| format!("U+{:04X}", c as u32)).collect();
    let mut command = format!(
        "hb-shape --font-file='{}' --direction={} --script={script}",
        file.replace('\'', r"'\''"),
        if rtl { "rtl" } else { "ltr" }
    );
    if !language.is_empty() {
        let _ = write!(command, " --language={language}");
    }
    let _ = write!(
        command,
        " --features={} --no-glyph-names --utf8-clusters --output-format=json --unicodes={}",
        features.join(","),
        unicodes.join(",")
    );
    command
}
