use goldberry::display_list::Op;
use goldberry::fonts::FontBook;
use goldberry::frame::{FrameInput, Painter};
use goldberry::raster::FrameBuffer;
use goldberry_natives::Goldberry;
fn main() {
    let g = Goldberry::load(None).unwrap();
    let fonts = FontBook::load(g).unwrap();
    let mut p = Painter::new(g, &fonts, 1, true).unwrap();
    let mut fb = FrameBuffer::new(960, 640);
    for i in 0..3 { p.paint(&FrameInput::headless(i, 960, 640), &fonts, fb.target()).unwrap(); }
    for op in &p.list().ops {
        let s = match op {
            Op::Layer { key, rect, version, .. } => format!("Layer {:x} {}x{} v{}", key.0, rect.w, rect.h, version),
            Op::Glyphs { run, .. } => format!("Glyphs {}", run.len()),
            other => format!("{other:?}").chars().take(60).collect(),
        };
        println!("{s}");
    }
}
