//! The HarfBuzz binding against the real library: faces, fonts, features, shaping with ligatures and kerning,
//! clusters, errors, threads, and the C layout of every harfbuzz struct and constant.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use goldberry_natives::harfbuzz::{Buffer, ClusterLevel, Face, Feature, Font};
use goldberry_natives::{Goldberry, NativeError};

const DEJAVU_SANS: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const INTER: &str = "/usr/share/fonts/opentype/inter/Inter-Regular.otf";

fn goldberry() -> &'static Goldberry {
    static GOLDBERRY: OnceLock<&'static Goldberry> = OnceLock::new();
    GOLDBERRY.get_or_init(|| Goldberry::load(None).expect("the built libgoldberry loads"))
}

fn font(path: &str) -> Font {
    let face = Face::from_file(goldberry(), Path::new(path), 0).expect("the system font loads");
    Font::new(&face).expect("a font over the face")
}

fn features(texts: &[&str]) -> Vec<Feature> {
    texts.iter().map(|text| Feature::parse(goldberry(), text).expect("a valid feature")).collect()
}

fn shape(font: &Font, text: &str, feature_texts: &[&str]) -> goldberry_natives::glyphs::GlyphRun {
    let mut buffer = Buffer::new(goldberry()).expect("a buffer");
    font.shape(&mut buffer, text, &features(feature_texts)).expect("shaping succeeds")
}

fn unkerned_sum(font: &Font, glyphs: &[u32]) -> i64 {
    glyphs.iter().map(|&glyph| i64::from(font.glyph_advance(glyph))).sum()
}

#[test]
fn a_face_reports_its_units_per_em_and_glyphs_and_its_font_is_scaled_to_them() {
    let face = Face::from_file(goldberry(), Path::new(DEJAVU_SANS), 0).expect("DejaVu Sans loads");
    assert_eq!(face.units_per_em(), 2048, "DejaVu Sans is a TrueType font of 2048 units per em");
    assert!(face.glyph_count() > 1000, "DejaVu Sans has thousands of glyphs, got {}", face.glyph_count());
    let font = Font::new(&face).expect("a font");
    assert_eq!(font.units_per_em(), 2048);
    assert_eq!(font.scale(), (2048, 2048));
    // The font keeps its own reference to the face.
    drop(face);
    let (ascender, descender, line_gap) = font.extents();
    assert!(ascender > 0 && descender < 0 && line_gap >= 0, "extents {ascender} {descender} {line_gap}");
    assert!(ascender - descender > 2048 / 2 && ascender - descender < 2048 * 2);

    let inter = Face::from_file(goldberry(), Path::new(INTER), 0).expect("Inter loads");
    assert!(inter.units_per_em() > 0 && inter.glyph_count() > 100);
    assert_eq!(Font::new(&inter).expect("a font").scale().0, inter.units_per_em() as i32);
}

#[test]
fn nominal_glyphs_and_advances_come_from_the_face() {
    let font = font(DEJAVU_SANS);
    let a = font.nominal_glyph('a').expect("DejaVu Sans maps 'a'");
    let b = font.nominal_glyph('b').expect("DejaVu Sans maps 'b'");
    assert_ne!(a, b);
    assert!(font.nominal_glyph('\u{FB03}').is_some(), "DejaVu Sans has the ffi ligature");
    assert_eq!(font.nominal_glyph('\u{10FFFD}'), None, "a private-use plane-16 code point is not in DejaVu Sans");
    let space = font.glyph_advance(font.nominal_glyph(' ').expect("a space"));
    let m = font.glyph_advance(font.nominal_glyph('M').expect("an M"));
    assert!(space > 0 && m > space, "space {space}, M {m}");
}

#[test]
fn office_shapes_into_four_glyphs_with_the_ffi_ligature() {
    let font = font(DEJAVU_SANS);
    let run = shape(&font, "office", &[]);
    assert_eq!(run.len(), 4, "o, ffi, c, e: {:?}", run.glyphs);
    assert_eq!(run.units_per_em, 2048);
    let expected: Vec<u32> =
        ['o', '\u{FB03}', 'c', 'e'].iter().map(|&c| font.nominal_glyph(c).expect("DejaVu Sans maps it")).collect();
    assert_eq!(run.glyphs, expected);
    // Clusters are byte offsets: the ligature covers "ffi" from byte 1, then c at 4 and e at 5.
    assert_eq!(run.clusters, vec![0, 1, 4, 5]);
    assert_eq!(run.placements.len(), 4);
    assert!(run.placements.iter().all(|p| p.advance_y == 0 && p.advance_x > 0));
}

#[test]
fn liga_off_gives_six_glyphs_and_with_kern_off_the_font_s_own_advances() {
    let font = font(DEJAVU_SANS);
    let run = shape(&font, "office", &["liga=0"]);
    assert_eq!(run.len(), 6);
    let nominal: Vec<u32> = "office".chars().map(|c| font.nominal_glyph(c).expect("mapped")).collect();
    assert_eq!(run.glyphs, nominal);
    assert_eq!(run.clusters, vec![0, 1, 2, 3, 4, 5]);

    let plain = shape(&font, "office", &["liga=0", "kern=0"]);
    assert_eq!(plain.glyphs, nominal);
    assert_eq!(plain.advance_units(), unkerned_sum(&font, &plain.glyphs));
    for (glyph, placement) in plain.glyphs.iter().zip(&plain.placements) {
        assert_eq!(placement.advance_x, font.glyph_advance(*glyph));
        assert_eq!((placement.offset_x, placement.offset_y), (0, 0));
    }
}

#[test]
fn inter_kerns_av_unless_kern_is_off() {
    let font = font(INTER);
    let kerned = shape(&font, "AV", &[]);
    assert_eq!(kerned.len(), 2);
    let unkerned = unkerned_sum(&font, &kerned.glyphs);
    assert!(
        kerned.advance_units() < unkerned,
        "A and V kern closer: kerned {} vs unkerned {unkerned}",
        kerned.advance_units()
    );
    let plain = shape(&font, "AV", &["kern=0"]);
    assert_eq!(plain.glyphs, kerned.glyphs);
    assert_eq!(plain.advance_units(), unkerned_sum(&font, &plain.glyphs));
}

#[test]
fn the_design_s_measurement_sixteen_glyphs_for_twenty_characters() {
    let font = font(DEJAVU_SANS);
    let text = "office AVATAR Waffle";
    assert_eq!(text.chars().count(), 20);
    let run = shape(&font, text, &[]);
    assert_eq!(run.len(), 16, "ffi and ffl ligatures: {:?}", run.glyphs);
    assert!(run.glyphs.contains(&font.nominal_glyph('\u{FB04}').expect("DejaVu Sans has the ffl ligature")));
    assert!(run.clusters.windows(2).all(|pair| pair[0] < pair[1]), "clusters ascend: {:?}", run.clusters);
    assert!(run.clusters.iter().all(|&c| (c as usize) < text.len()));
    // Kerning in AVATAR makes the run narrower than its glyphs' own advances.
    assert!(run.advance_units() < unkerned_sum(&font, &run.glyphs));
}

#[test]
fn clusters_are_byte_offsets_in_multibyte_text() {
    let font = font(DEJAVU_SANS);
    let text = "é€a";
    let mut buffer = Buffer::new(goldberry()).expect("a buffer");
    buffer.set_cluster_level(ClusterLevel::Characters);
    buffer.set_language("en").expect("a language");
    let run = font.shape(&mut buffer, text, &[]).expect("shaped");
    assert_eq!(run.clusters, vec![0, 2, 5]);
    assert_eq!(run.glyphs[2], font.nominal_glyph('a').expect("mapped"));
}

#[test]
fn a_buffer_is_reused_and_empty_text_gives_an_empty_run() {
    let font = font(DEJAVU_SANS);
    let mut buffer = Buffer::new(goldberry()).expect("a buffer");
    let first = font.shape(&mut buffer, "office", &[]).expect("shaped");
    let other = font.shape(&mut buffer, "AVATAR", &[]).expect("shaped");
    let again = font.shape(&mut buffer, "office", &[]).expect("shaped");
    assert_eq!(first, again);
    assert_eq!(other.len(), 6);
    let empty = font.shape(&mut buffer, "", &[]).expect("shaped");
    assert!(empty.is_empty());
    assert_eq!(empty.units_per_em, 2048);
}

#[test]
fn features_parse_in_harfbuzz_syntax_and_bad_text_is_refused() {
    let g = goldberry();
    let off = Feature::parse(g, "liga=0").expect("valid");
    assert_eq!((off.tag().as_str(), off.value(), off.is_global()), ("liga", 0, true));
    assert_eq!(Feature::parse(g, "-liga").expect("valid"), off);
    let kern = Feature::parse(g, "kern").expect("valid");
    assert_eq!((kern.tag().as_str(), kern.value()), ("kern", 1));
    assert!(!Feature::parse(g, "kern[3:5]=0").expect("valid").is_global());
    for bad in ["", "=1", "liga=", "li ga=x"] {
        match Feature::parse(g, bad) {
            Err(NativeError::InvalidArgument(message)) => {
                assert!(message.contains("hb_feature_from_string"), "{message}")
            }
            other => panic!("{bad:?} should be refused, got {other:?}"),
        }
    }
}

#[test]
fn a_missing_font_file_is_a_file_error_naming_the_path() {
    let path = PathBuf::from("/nonexistent/goldberry/NoSuchFont.ttf");
    match Face::from_file(goldberry(), &path, 0) {
        Err(NativeError::File { path: reported, reason }) => {
            assert_eq!(reported, path);
            assert!(!reason.is_empty());
            let message = NativeError::File { path: reported, reason }.to_string();
            assert!(message.contains("/nonexistent/goldberry/NoSuchFont.ttf"), "{message}");
        }
        other => panic!("expected a file error, got {other:?}"),
    }
}

#[test]
fn a_file_that_is_not_a_font_or_a_face_index_past_the_end_is_refused() {
    let path = std::env::temp_dir().join(format!("goldberry-not-a-font-{}.ttf", std::process::id()));
    std::fs::write(&path, b"this is plain text, not an OpenType font file at all").expect("temp file");
    let result = Face::from_file(goldberry(), &path, 0);
    let _ = std::fs::remove_file(&path);
    match result {
        Err(NativeError::File { path: reported, reason }) => {
            assert_eq!(reported, path);
            assert!(reason.contains("not a font"), "{reason}");
        }
        other => panic!("expected a file error, got {other:?}"),
    }
    match Face::from_file(goldberry(), Path::new(DEJAVU_SANS), 7) {
        Err(NativeError::File { reason, .. }) => assert!(reason.contains("no face"), "{reason}"),
        other => panic!("DejaVu Sans is not a collection: face 7 should be refused, got {other:?}"),
    }
}

#[test]
fn a_bad_language_is_refused() {
    let mut buffer = Buffer::new(goldberry()).expect("a buffer");
    assert!(matches!(buffer.set_language(""), Err(NativeError::InvalidArgument(_))));
}

#[test]
fn one_font_shapes_on_several_threads_with_their_own_buffers() {
    fn assert_send_sync<T: Send + Sync>() {}
    fn assert_send<T: Send>() {}
    assert_send_sync::<Font>();
    assert_send_sync::<Face>();
    assert_send::<Buffer>();

    let font = font(DEJAVU_SANS);
    let texts = ["office AVATAR Waffle", "AV", "Typography", "fluffy affine"];
    let expected: Vec<_> = texts.iter().map(|text| shape(&font, text, &[])).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|worker| {
                let (font, texts, expected) = (&font, &texts, &expected);
                scope.spawn(move || {
                    let mut buffer = Buffer::new(goldberry()).expect("a buffer");
                    for round in 0..200 {
                        let index = (worker + round) % texts.len();
                        let run = font.shape(&mut buffer, texts[index], &[]).expect("shaped");
                        assert_eq!(run, expected[index]);
                    }
                })
            })
            .collect();
        for worker in workers {
            worker.join().expect("a worker thread");
        }
    });
}

#[test]
fn harfbuzz_structs_and_constants_match_the_c_compiler() {
    let g = goldberry();
    let c_rows: BTreeMap<(String, String), (u64, u64, u64)> = g
        .c_struct_layouts()
        .into_iter()
        .map(|row| ((row.name, row.field), (row.size, row.offset, row.align)))
        .collect();
    let mut checked = 0;
    for table in goldberry_calls::harfbuzz::STRUCT_LAYOUT_TABLES {
        for rust in *table {
            let key = (rust.name.to_owned(), rust.field.to_owned());
            let c = c_rows.get(&key).unwrap_or_else(|| panic!("{}.{} has no C row", key.0, key.1));
            assert_eq!((rust.size as u64, rust.offset as u64, rust.align as u64), *c, "{}.{}", key.0, key.1);
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        7 + 6 + 6 + 5 + 13 + 5 + 4 + 14,
        "every row of hb_var_int_t, hb_glyph_info_t, hb_glyph_position_t, hb_feature_t, hb_font_extents_t, \
         hb_glyph_extents_t, hb_color_stop_t, hb_color_line_t"
    );

    let c_constants: BTreeMap<String, i64> = g.c_constants().into_iter().map(|c| (c.name, c.value)).collect();
    for table in goldberry_calls::harfbuzz::CONSTANT_TABLES {
        for rust in *table {
            assert_eq!(c_constants.get(rust.name), Some(&rust.value), "{}", rust.name);
        }
    }
    assert_eq!(c_constants.get("HB_SCRIPT_LATIN"), Some(&0x4C61_746E), "Latn as a 4-byte tag");
    assert_eq!(c_constants.get("HB_FEATURE_GLOBAL_END"), Some(&i64::from(u32::MAX)));
}

const NOTO_ARABIC: &str = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf";

#[test]
fn a_segment_shapes_right_to_left_with_its_script_and_language() {
    use goldberry_natives::harfbuzz::{Direction, Segment, script_of};

    let g = goldberry();
    assert_eq!(script_of(g, 'a'), *b"Latn");
    assert_eq!(script_of(g, '\u{627}'), *b"Arab");
    assert_eq!(script_of(g, ' '), *b"Zyyy");
    assert_eq!(script_of(g, '\u{301}'), *b"Zinh");
    let font = font(NOTO_ARABIC);
    let mut buffer = Buffer::new(g).expect("a buffer");
    // "salam": four letters that join; right to left, glyphs come out in visual order (clusters descending).
    let text = "\u{633}\u{644}\u{627}\u{645}";
    let segment = Segment { direction: Direction::Rtl, script: *b"Arab", language: "ar" };
    let run = font.shape_segment(&mut buffer, text, &features(&["kern"]), &segment).expect("shaping succeeds");
    assert!(!run.is_empty());
    assert!(run.clusters.windows(2).all(|w| w[0] >= w[1]), "{:?}", run.clusters);
    assert_eq!(run.clusters.last(), Some(&0));
    // The joining forms differ from the isolated ones shaped one letter at a time.
    let isolated = font.shape_segment(&mut buffer, "\u{633}", &[], &segment).expect("shaping succeeds");
    assert_ne!(run.glyphs.last(), isolated.glyphs.first(), "seen initial form");
    let ltr = Segment { direction: Direction::Ltr, ..segment };
    let forced = font.shape_segment(&mut buffer, text, &[], &ltr).expect("shaping succeeds");
    assert!(forced.clusters.windows(2).all(|w| w[0] <= w[1]), "{:?}", forced.clusters);
}

#[test]
fn a_face_lists_its_gsub_and_gpos_feature_tags() {
    let face = Face::from_file(goldberry(), Path::new(INTER), 0).expect("Inter loads");
    let tags = face.feature_tags();
    assert!(tags.contains(b"kern") && tags.contains(b"tnum") && tags.contains(b"case"), "{tags:?}");
    assert!(tags.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates");
    let feature = Feature::new(*b"tnum", 1);
    assert_eq!((feature.tag(), feature.value(), feature.is_global()), ("tnum".to_owned(), 1, true));
}

const NOTO_COLOR_EMOJI: &str = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf";

#[test]
fn a_cbdt_glyph_reads_as_png_bytes_with_its_box_and_an_outline_face_has_none() {
    let face = Face::from_file(goldberry(), Path::new(NOTO_COLOR_EMOJI), 0).expect("Noto Color Emoji loads");
    assert!(face.has_png(), "Noto Color Emoji keeps its glyphs as CBDT bitmaps");
    let emoji = Font::new(&face).expect("a font over the face");
    let glyph = emoji.nominal_glyph('\u{1F600}').expect("the grinning face is mapped");
    for ppem in [14, 28, 109, 300] {
        let bitmap = emoji.colour_png(glyph, ppem).expect("the glyph has a bitmap");
        assert_eq!(&bitmap.png[..8], b"\x89PNG\r\n\x1a\n", "PNG bytes, at ppem {ppem}");
        let e = bitmap.extents;
        assert!(e.width > 0 && e.height < 0, "a box below its top, in design units: {e:?}");
        // The bitmap covers about an em (Noto's emoji are 136 x 128 px at 109 ppem).
        let em = emoji.units_per_em() as i32;
        assert!((em * 8 / 10..em * 14 / 10).contains(&e.width), "about an em wide: {e:?}");
    }
    assert_eq!(emoji.glyph_extents(glyph).map(|e| e.width > 0), Some(true));
    let dejavu = font(DEJAVU_SANS);
    let a = dejavu.nominal_glyph('a').expect("a is mapped");
    assert!(dejavu.colour_png(a, 14).is_none(), "an outline glyph has no bitmap");
    assert!(!Face::from_file(goldberry(), Path::new(DEJAVU_SANS), 0).expect("loads").has_png());
}
