//! HarfBuzz's paint API through its callbacks, against a COLR font built at test time with fontTools
//! (`tests/paint/build_font.py`): every paint operation comes back to Rust as the font says, a bad paint graph (a
//! cycle, a chain too deep) ends without a hang or a panic, and a sink that panics stops that glyph only.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use goldberry_natives::Goldberry;
use goldberry_natives::harfbuzz::{Extend, Face, Font, PaintFault, PaintOp, PaintSink, Painted};

fn goldberry() -> &'static Goldberry {
    static GOLDBERRY: OnceLock<&'static Goldberry> = OnceLock::new();
    GOLDBERRY.get_or_init(|| Goldberry::load(None).expect("the built libgoldberry loads"))
}

/// The test font, built once per run into the target's temp dir.
fn font_path() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let out = std::env::temp_dir().join(format!("goldberry-paint-test-{}.ttf", std::process::id()));
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/paint/build_font.py");
        let status = Command::new("python3").arg(&script).arg(&out).status();
        match status {
            Ok(s) if s.success() => out,
            other => panic!("building the COLR test font failed ({other:?}): ci/setup --for test installs fontTools"),
        }
    })
}

fn font() -> (Face, Font) {
    let face = Face::from_file(goldberry(), font_path(), 0).expect("the test font loads");
    let font = Font::new(&face).expect("a font");
    (face, font)
}

/// Asserts that every push has its pop, in order.
fn balanced(ops: &[PaintOp]) {
    let mut stack = Vec::new();
    for op in ops {
        match op {
            PaintOp::PushTransform(_) => stack.push('t'),
            PaintOp::PushClipGlyph(_) | PaintOp::PushClipRectangle(_) => stack.push('c'),
            PaintOp::PushGroup => stack.push('g'),
            PaintOp::PopTransform => assert_eq!(stack.pop(), Some('t'), "{ops:?}"),
            PaintOp::PopClip => assert_eq!(stack.pop(), Some('c'), "{ops:?}"),
            PaintOp::PopGroup(_) => assert_eq!(stack.pop(), Some('g'), "{ops:?}"),
            _ => {}
        }
    }
    assert!(stack.is_empty(), "{ops:?}");
}

/// Records every operation.
#[derive(Default)]
struct Record(Vec<PaintOp>);

impl PaintSink for Record {
    fn paint(&mut self, op: PaintOp) {
        self.0.push(op);
    }
}

fn paint(font: &Font, c: char) -> (Vec<PaintOp>, Painted) {
    let glyph = font.nominal_glyph(c).expect("mapped");
    let mut record = Record::default();
    let painted = font.paint_glyph(glyph, 0, 0xff00_0000, &mut record);
    (record.0, painted)
}

const RED: u32 = 0xffff_0000;
const BLUE: u32 = 0xff00_00ff;

#[test]
fn the_face_says_it_has_colr_v0_and_v1() {
    let (face, _) = font();
    assert!(face.has_paint() && face.has_layers() && !face.has_png());
}

#[test]
fn a_solid_glyph_is_a_clip_to_its_outline_filled_with_its_palette_colour() {
    let (_, font) = font();
    let (ops, painted) = paint(&font, 'A');
    assert_eq!(painted, Painted { ops: ops.len(), fault: None });
    // HarfBuzz clips to the glyph's box and wraps the paint in the font's transform first.
    assert!(ops.contains(&PaintOp::PushClipGlyph(1)), "the box glyph's outline: {ops:?}");
    assert!(ops.contains(&PaintOp::Solid { foreground: false, argb: RED }), "{ops:?}");
    balanced(&ops);
}

#[test]
fn gradients_come_with_their_colour_lines_and_extend_modes() {
    let (_, font) = font();
    let line_of = |ops: &[PaintOp]| {
        ops.iter()
            .find_map(|op| match op {
                PaintOp::LinearGradient { line, .. }
                | PaintOp::RadialGradient { line, .. }
                | PaintOp::SweepGradient { line, .. } => Some(line.clone()),
                _ => None,
            })
            .expect("a gradient")
    };
    let (b, _) = paint(&font, 'B');
    let line = line_of(&b);
    assert_eq!(line.extend, Extend::Repeat);
    assert_eq!(line.stops.iter().map(|s| (s.offset, s.argb)).collect::<Vec<_>>(), [(0.0, RED), (1.0, BLUE)]);
    assert!(
        b.iter()
            .any(|op| matches!(op, PaintOp::LinearGradient { points, .. } if points[..4] == [100.0, 0.0, 900.0, 0.0]))
    );
    let (c, _) = paint(&font, 'C');
    assert_eq!(line_of(&c).extend, Extend::Reflect);
    assert!(c.iter().any(|op| matches!(op, PaintOp::RadialGradient { circles, .. } if circles[5] == 300.0)));
    let (d, _) = paint(&font, 'D');
    assert_eq!(line_of(&d).extend, Extend::Pad);
    assert!(d.iter().any(|op| matches!(op, PaintOp::SweepGradient { centre: [500.0, 400.0], .. })));
}

#[test]
fn transforms_groups_clip_boxes_colr_glyphs_and_layers_each_come_back() {
    let (_, font) = font();
    // Translate, rotate, scale, skew and a full transform: five pushes, five pops, balanced.
    let (e, _) = paint(&font, 'E');
    let pushes = e.iter().filter(|op| matches!(op, PaintOp::PushTransform(_))).count();
    let pops = e.iter().filter(|op| matches!(op, PaintOp::PopTransform)).count();
    assert!(pushes >= 5 && pushes == pops, "{e:?}");
    assert!(e.iter().any(|op| matches!(op, PaintOp::PushTransform([1.0, 0.0, 0.0, 1.0, 100.0, 50.0]))), "{e:?}");
    balanced(&e);
    // A composite: the backdrop, then the source in a group popped with multiply
    // (HB_PAINT_COMPOSITE_MODE_MULTIPLY, 23).
    let (f, _) = paint(&font, 'F');
    assert!(f.contains(&PaintOp::PushGroup) && f.contains(&PaintOp::PopGroup(23)), "{f:?}");
    balanced(&f);
    // A COLR glyph with a clip box: the box, then glyph A's paint.
    let (g, _) = paint(&font, 'G');
    assert!(g.contains(&PaintOp::PushClipRectangle([0.0, 0.0, 500.0, 500.0])), "{g:?}");
    assert!(g.contains(&PaintOp::Solid { foreground: false, argb: RED }), "{g:?}");
    // Layers: two clips, the second half transparent blue.
    let (h, _) = paint(&font, 'H');
    assert_eq!(h.iter().filter(|op| matches!(op, PaintOp::PushClipGlyph(_))).count(), 2, "{h:?}");
    // Alpha 0.5 is 127 of 255 in the font's F2Dot14 times the palette's opaque blue.
    assert!(h.contains(&PaintOp::Solid { foreground: false, argb: 0x7f00_00ff }), "{h:?}");
    balanced(&h);
    // COLR v0: one clip and one solid per layer.
    let (v, _) = paint(&font, 'V');
    assert_eq!(v.iter().filter(|op| matches!(op, PaintOp::Solid { .. })).count(), 2, "{v:?}");
}

#[test]
fn a_paint_cycle_and_a_chain_too_deep_end_without_a_hang() {
    let (_, font) = font();
    for c in ['x', 'y'] {
        let start = std::time::Instant::now();
        let (ops, painted) = paint(&font, c);
        assert!(start.elapsed().as_secs() < 5, "{c}: painting ended");
        assert!(painted.fault.is_none(), "{c}: {painted:?}");
        balanced(&ops);
        // HarfBuzz stops following a cycle, and a chain of 100 COLR glyphs, at its nesting limit: the solid at the
        // chain's end is never reached.
        assert!(!ops.iter().any(|op| matches!(op, PaintOp::Solid { .. })), "{c}: {ops:?}");
    }
}

/// Panics on its `at`-th operation.
struct Panics {
    at: usize,
    seen: usize,
}

impl PaintSink for Panics {
    fn paint(&mut self, _: PaintOp) {
        self.seen += 1;
        assert!(self.seen < self.at, "the sink fails on purpose");
    }
}

#[test]
fn a_sink_that_panics_stops_that_glyph_only_and_never_unwinds_into_harfbuzz() {
    let (_, font) = font();
    let glyph = font.nominal_glyph('H').expect("mapped");
    let mut sink = Panics { at: 2, seen: 0 };
    let painted = font.paint_glyph(glyph, 0, 0xff00_0000, &mut sink);
    assert_eq!(painted.fault, Some(PaintFault::Panicked));
    assert_eq!(sink.seen, 2, "no callback reached the sink after the fault");
    // The next glyph paints whole.
    let (ops, painted) = paint(&font, 'H');
    assert!(painted.fault.is_none() && ops.len() > 4);
}
