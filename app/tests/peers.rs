//! The pure-Rust peers as oracles of ours: taffy checks Yoga's boxes of the scene's frame tree, harfrust checks
//! HarfBuzz's glyphs for every text of the scene, vello_cpu checks Blend2D's picture of the overview.

#[path = "../benches/peers/mod.rs"]
mod peers;

use goldberry::fonts::FontBook;
use goldberry_natives::Goldberry;

use peers::layout::{TaffyTree, YogaTree, scene_frame, synthetic};
use peers::shaping::{HarfBuzz, HarfRust, mixed_paragraph, scene_texts};

fn natives() -> (&'static Goldberry, FontBook) {
    let g = Goldberry::load(None).unwrap_or_else(|e| panic!("libgoldberry must load (cargo build builds it): {e}"));
    let fonts = FontBook::load(g).unwrap_or_else(|e| panic!("the fonts must be installed: {e}"));
    (g, fonts)
}

/// Every node's box from Yoga and from taffy, equal within half a pixel, at several window sizes: each tree laid
/// out again at every size in turn (960x640, then 1920x1080, where the grid's percent flex bases exceed the card
/// slots' minimum width, then 700x500, then 1920x1080 again), as the app lays out its scene when the window is
/// resized, and a fresh tree at 1920x1080.
#[test]
fn taffy_boxes_equal_yogas_on_the_scene_frame_and_synthetic_trees() {
    let (g, fonts) = natives();
    let heights: Vec<f32> = (0..12).map(|i| 150.0 + (i % 4) as f32 * 37.5).collect();
    let trees = [
        ("scene", scene_frame(&fonts, &heights)),
        ("wide", synthetic("wide", 300)),
        ("nested", synthetic("nested", 300)),
        ("deep", synthetic("deep", 300)),
    ];
    for (name, tree) in &trees {
        let mut yoga = YogaTree::build(g, tree).unwrap_or_else(|e| panic!("{e}"));
        let mut taffy = TaffyTree::build(tree).unwrap_or_else(|e| panic!("{e}"));
        let sizes = [(960.0, 640.0), (1920.0, 1080.0), (700.0, 500.0), (1920.0, 1080.0)];
        for (w, h) in sizes {
            yoga.calculate(w, h).unwrap_or_else(|e| panic!("{e}"));
            taffy.calculate(w, h).unwrap_or_else(|e| panic!("{e}"));
            let boxes = taffy.boxes(tree).unwrap_or_else(|e| panic!("{e}"));
            same_boxes(&format!("{name} tree at {w}x{h}"), &yoga.boxes(), &boxes);
        }
        let mut fresh = YogaTree::build(g, tree).unwrap_or_else(|e| panic!("{e}"));
        fresh.calculate(1920.0, 1080.0).unwrap_or_else(|e| panic!("{e}"));
        same_boxes(
            &format!("{name} tree, fresh, at 1920x1080"),
            &fresh.boxes(),
            &taffy.boxes(tree).unwrap_or_else(|e| panic!("{e}")),
        );
    }
}

/// Asserts that Yoga's and taffy's boxes, node by node, are within half a pixel.
fn same_boxes(what: &str, yoga: &[[f32; 4]], taffy: &[[f32; 4]]) {
    assert_eq!(yoga.len(), taffy.len(), "{what}: node counts");
    for (i, (ya, tb)) in yoga.iter().zip(taffy).enumerate() {
        // Known Yoga/web differences, bridged in the taffy tree rather than excused here: Yoga's defaults (column,
        // shrink 0, align-content flex-start) are set explicitly in both engines, and a flex item's automatic
        // minimum size (`min-size: auto`, the content's size on the web, none in Yoga: the scene's grid shrinks
        // below its cards only in Yoga) is given as 0 to taffy. Yoga's habit of keeping a child's computed
        // percent flex basis until the child is dirtied (the web resolves it at every layout) is met the way the
        // app meets it: `YogaTree::calculate` dirties the measured leaves first.
        let apart = ya.iter().zip(tb).map(|(p, q)| (p - q).abs()).fold(0.0f32, f32::max);
        assert!(apart <= 0.5, "{what}, node {i}: Yoga {ya:?}, taffy {tb:?}");
    }
}

/// Glyph ids and clusters equal, advances and offsets within one design unit, for every text of the scene and
/// the mixed-script paragraph.
#[test]
fn harfrust_shapes_every_scene_text_as_harfbuzz_does() {
    let (g, fonts) = natives();
    let files = peers::FontFiles::read(&fonts).unwrap_or_else(|e| panic!("{e}"));
    let mut hb = HarfBuzz::new(g, &fonts).unwrap_or_else(|e| panic!("{e}"));
    let mut hr = HarfRust::new(&files).unwrap_or_else(|e| panic!("{e}"));
    let mut texts = scene_texts(&fonts);
    texts.push((goldberry::fonts::Face::Sans, mixed_paragraph()));
    assert!(texts.len() > 80, "the scene has more texts than {}", texts.len());
    for (face, text) in &texts {
        let (a, b) = (
            hb.shape(*face, text).unwrap_or_else(|e| panic!("{e}")),
            hr.shape(*face, text).unwrap_or_else(|e| panic!("{e}")),
        );
        assert_eq!(a.glyphs, b.glyphs, "glyph ids of {text:?} in {face:?}");
        assert_eq!(a.clusters, b.clusters, "clusters of {text:?} in {face:?}");
        for (i, (p, q)) in a.placements.iter().zip(&b.placements).enumerate() {
            let apart = [
                p.advance_x - q.advance_x,
                p.advance_y - q.advance_y,
                p.offset_x - q.offset_x,
                p.offset_y - q.offset_y,
            ]
            .iter()
            .map(|d| d.abs())
            .max()
            .unwrap_or(0);
            assert!(apart <= 1, "glyph {i} of {text:?} in {face:?}: HarfBuzz {p:?}, harfrust {q:?}");
        }
    }
}

/// vello_cpu's picture of the overview's flat list against Blend2D's: a few pixels may differ a lot (text edges,
/// where two rasterizers' coverage of a stem differs by up to a whole pixel), few may differ at all.
#[test]
fn vello_cpus_picture_of_the_overview_matches_blend2ds() {
    let (g, fonts) = natives();
    let files = peers::FontFiles::read(&fonts).unwrap_or_else(|e| panic!("{e}"));
    let (w, h) = (960, 640);
    let flat = peers::flatten(&peers::overview(g, &fonts, w, h).unwrap_or_else(|e| panic!("{e}")));
    let mut b2d = peers::Blend2d::new(g, 1, w, h);
    b2d.draw(&flat, &fonts).unwrap_or_else(|e| panic!("{e}"));
    let mut vello = peers::vello::Vello::new(w as u16, h as u16, 0, &fonts, &files, &flat);
    vello.draw(&flat, &fonts);
    let (a, b) = (b2d.rgb(), vello.rgb());
    let (max, share, diff) = peers::compare(&a, &b, TOLERANCE);
    let shown = peers::compare(&a, &b, 2).1;
    eprintln!(
        "vello_cpu vs Blend2D: max channel difference {max}, {:.3} % of pixels beyond {TOLERANCE}, {:.3} % beyond 2",
        share * 100.0,
        shown * 100.0
    );
    if share > MAX_SHARE {
        let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        let path = dir.join("peers-vello_cpu-vs-blend2d-diff.png");
        let written = peers::write_png(&path, w, h, &diff);
        panic!(
            "vello_cpu's picture differs from Blend2D's beyond {TOLERANCE} on {:.3} % of pixels (at most {:.3} % allowed); diff image: {} ({written:?})",
            share * 100.0,
            MAX_SHARE * 100.0,
            path.display()
        );
    }
}

/// A channel difference that counts as "differs": above what two correct rasterizers' anti-aliasing of the same
/// edge gives (a quarter of full scale).
const TOLERANCE: u8 = 64;
/// The share of pixels that may differ by more than [`TOLERANCE`] (0.1 %): a few glyph edges, where coverage of a
/// thin stem may differ by most of a pixel; a wrong colour, gradient, clip or offset shows on far more.
const MAX_SHARE: f64 = 0.001;
