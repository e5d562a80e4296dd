//! Text at the size it asks for: the text screen's size slider dragged end to end, twice, through real SDL events,
//! draws its sample at 72 px at the end exactly as a fresh run that only goes to 72 px does. Each size of the
//! sweep is a font of its own, in every face the sample uses, so the sweeps ask for more sizes than the font book
//! keeps Blend2D fonts for ([`goldberry::fonts::MAX_FONTS`]): the sizes used least recently make room, and no size
//! is ever drawn at another (the book once drew "72 px" at the nearest size it had room for, about 54).
//! Neither run may print a warning.

#[path = "support/process.rs"]
mod process;
#[path = "support/scripts.rs"]
mod scripts;

use goldberry::fonts::MAX_FONTS;
use goldberry::shell::screenshot::RgbImage;
use process::temp_dir;
use scripts::{Box, goldberry, output};
use serde_json::Value;

/// The frame both runs end on: the same frame clock, so the caret's blink and any fade are the same.
const LAST_FRAME: u64 = 300;

/// How far right of the slider's box the drags end: a drag off the track still drives it (to its end).
const PAST_THE_END: i64 = 40;

/// How far the focus ring reaches outside the slider's box, logical px.
const RING: f64 = 4.0;

/// How far right of the slider's box its value ("72 px") is written, logical px.
const VALUE: f64 = 64.0;

/// How many levels a pixel of the slider, its ring and its value may differ by: none. (With the beta, 4: a glyph
/// cell's coverage rounded with its place in the atlas, and a frame drawn over the drag's damage differed at the
/// ring's corners; Blend2D 0.12 draws both alike.)
const SLIDER_LEVELS: u8 = 0;

/// Runs `script` on the text screen at `scale` for [`LAST_FRAME`] frames; returns the report, the last frame and
/// what the run printed on stderr.
fn run(name: &str, scale: &str, script: &[String]) -> (Value, RgbImage, String) {
    let dir = temp_dir("font-sizes", name);
    let (script_path, shot, report) = (dir.join("script.txt"), dir.join("last.png"), dir.join("report.json"));
    std::fs::write(&script_path, script.join("\n")).expect("write the script");
    let mut cmd = goldberry();
    cmd.args(["--screen", "text", "--scale", scale, "--frames", &LAST_FRAME.to_string()]);
    cmd.arg("--script").arg(&script_path).arg("--screenshot").arg(&shot).arg("--report").arg(&report);
    let out = output(cmd);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "exit {:?}: {stderr}", out.status.code());
    let report: Value = serde_json::from_slice(&std::fs::read(&report).expect("the report")).expect("JSON");
    let image = RgbImage::read_png(&shot).unwrap_or_else(|e| panic!("{e}"));
    let _ = std::fs::remove_dir_all(&dir);
    (report, image, stderr)
}

/// The slider's box at `scale`, from a run of one frame.
fn slider(scale: &str) -> Box {
    let (report, _, _) = run(&format!("probe-{scale}"), scale, &[]);
    Box::of(&report["widgets"]["text.size"]["rect"])
}

/// Two drags from the slider's left end to past its right one, a few pixels a frame, then the pointer rests where
/// the drags ended.
fn two_sweeps(track: Box) -> Vec<String> {
    let (x0, y) = track.at(0.0, 0.5);
    let x1 = (track.x + track.w) as i64 + PAST_THE_END;
    let mut script = Vec::new();
    let mut frame = 1;
    for _ in 0..2 {
        script.push(format!("{frame} move {x0} {y}"));
        script.push(format!("{frame} press left"));
        let mut x = x0;
        while x < x1 {
            frame += 1;
            x = (x + 3).min(x1);
            script.push(format!("{frame} move {x} {y}"));
        }
        frame += 1;
        script.push(format!("{frame} release left"));
        frame += 1;
    }
    assert!(frame < LAST_FRAME - 10, "the sweeps end {frame}, before the last frame");
    script
}

/// One click at the slider's right end, then the pointer where the sweeps leave it.
fn straight_to_72(track: Box) -> Vec<String> {
    let (x, y) = track.at(1.0, 0.5);
    let x1 = (track.x + track.w) as i64 + PAST_THE_END;
    vec![format!("1 click {} {y}", x - 2), format!("2 move {x1} {y}")]
}

/// The warning and error lines of a run's log (its default filter shows those two levels only).
fn warnings(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|line| line.contains(" WARN ") || line.contains(" ERROR ")).collect()
}

fn sweeps_end_as_a_fresh_run_at_72_px(scale: &str) {
    let track = slider(scale);
    let (swept, swept_image, swept_err) = run(&format!("swept-{scale}"), scale, &two_sweeps(track));
    let (fresh, fresh_image, fresh_err) = run(&format!("fresh-{scale}"), scale, &straight_to_72(track));
    assert_eq!(swept["widgets"]["text.size"]["px"], 72, "the sweeps end at 72 px");
    assert_eq!(fresh["widgets"]["text.size"]["px"], 72, "the click lands on 72 px");
    // The sweeps asked for more sizes than the book keeps fonts for, so some made room (else this checks nothing).
    let made_room = swept["fonts"]["made_room"].as_u64().unwrap_or(0);
    assert!(made_room > 0, "the sweeps made {} fonts, none made room: {}", swept["fonts"]["made"], swept["fonts"]);
    assert!(swept["fonts"]["held"].as_u64().is_some_and(|held| held <= MAX_FONTS as u64), "{}", swept["fonts"]);
    assert_eq!(warnings(&swept_err), Vec::<&str>::new(), "the sweeps warned");
    assert_eq!(warnings(&fresh_err), Vec::<&str>::new(), "the fresh run warned");
    assert_eq!((swept_image.width, swept_image.height), (fresh_image.width, fresh_image.height));
    // The slider's box, its focus ring and the value written after it, in device pixels.
    let s: f64 = scale.parse().expect("a number");
    let ring = |x: u32, y: u32| {
        let (x, y) = (f64::from(x) / s, f64::from(y) / s);
        x >= track.x - RING && x < track.x + track.w + VALUE && y >= track.y - RING && y < track.y + track.h + RING
    };
    let (mut outside, mut inside, mut worst_inside, mut within) = (0, 0, 0u8, None::<[u32; 4]>);
    let width = swept_image.width;
    for (i, (a, b)) in swept_image.data.chunks_exact(3).zip(fresh_image.data.chunks_exact(3)).enumerate() {
        if a == b {
            continue;
        }
        let (x, y) = (i as u32 % width, i as u32 / width);
        let box_ = within.get_or_insert([x, y, x, y]);
        *box_ = [box_[0].min(x), box_[1].min(y), box_[2].max(x), box_[3].max(y)];
        if ring(x, y) {
            inside += 1;
            worst_inside = worst_inside.max(a.iter().zip(b).map(|(p, q)| p.abs_diff(*q)).max().unwrap_or(0));
        } else {
            outside += 1;
        }
    }
    if outside > 0 || worst_inside > SLIDER_LEVELS {
        let dir = std::env::temp_dir();
        let (a, b) =
            (dir.join(format!("font-sizes-swept-{scale}.png")), dir.join(format!("font-sizes-fresh-{scale}.png")));
        let _ = swept_image.write_png(&a);
        let _ = fresh_image.write_png(&b);
        panic!(
            "at {scale}x, after the sweeps {outside} pixels outside the slider differ from a fresh run at 72 px, and {inside} \
             in it by up to {worst_inside} levels (x0, y0, x1, y1 of all: {within:?}): {} and {}",
            a.display(),
            b.display()
        );
    }
}

#[test]
fn two_sweeps_of_the_size_slider_end_exactly_as_a_fresh_run_at_72_px() {
    sweeps_end_as_a_fresh_run_at_72_px("1");
}

#[test]
fn at_twice_the_scale_too() {
    sweeps_end_as_a_fresh_run_at_72_px("2");
}
