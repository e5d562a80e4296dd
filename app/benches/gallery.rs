//! The gallery bench: what a frame of the widget kit's pages costs, offscreen, painted over the frame before as a
//! window's frames are.
//!
//! `cargo bench -p goldberry --bench gallery` prints:
//! - a hover on each kit page (values, forms, panels, menus) at 1920x1080, 1 thread: the pointer on and off its
//!   first widget, one move a frame; paint p50 / p95 and the damaged share of the window (target: paint p50 <=
//!   0.15 ms, damage <= 2 %);
//! - a knob and a fader dragged a pixel a frame at 1920x1080, 1 thread (target: paint p50 <= 0.2 ms);
//! - the longest page (the values page) scrolled by the wheel, a notch a frame down to its end and back, at
//!   1920x1080 in a window 600 units tall so that it scrolls, 1 thread (target: paint p95 <= 1 ms);
//! - a cold switch to the heaviest kit page at 1920x1080, 2 threads: every frame another page than the one before
//!   (target: paint p50 <= 4 ms).
//!
//! `GOLDBERRY_BENCH_FRAMES=N` changes the 300 frames a row.

mod support;

use goldberry::screens::ScreenId;
use goldberry::shell::report::Percentiles;
use goldberry::surface::Pixels;
use goldberry::ui::input::{Button, UiEvent};
use support::rig::Rig;

fn screen(name: &str) -> ScreenId {
    ScreenId::named(name).expect("a screen of the list")
}

fn met(ok: bool) -> &'static str {
    if ok { "met" } else { "MISSED" }
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let (g, fonts) = support::natives_and_fonts("gallery");
    let frames: usize = support::env_number("GOLDBERRY_BENCH_FRAMES").unwrap_or(300);
    println!("goldberry gallery bench: frames painted Kept over the frame before, offscreen, {frames} a row (ms)");
    let mut clipboard = String::new();

    for (page, widget) in
        [("values", "values.volume"), ("forms", "forms.name"), ("panels", "panels.open"), ("menus", "menus.font")]
    {
        let mut rig = Rig::new(g, &fonts, screen(page), (1920, 1080), 1);
        let (x, y) = rig.centre(widget);
        let (mut paint, mut damage) = (Vec::new(), Vec::new());
        for i in 0..frames {
            let at = if i % 2 == 0 { (x, y) } else { (x, y - 200.0) };
            rig.session.handle(&UiEvent::PointerMoved { x: at.0, y: at.1 }, 0.0, &mut clipboard);
            let (ms, share) = rig.frame(&fonts, Pixels::Kept);
            paint.push(ms);
            damage.push(share);
        }
        let (p, d) = (Percentiles::of(paint.iter().copied()), Percentiles::of(damage.iter().copied()));
        println!(
            "hover on {widget}, 1920x1080, 1 thr: paint p50 {:.3} p95 {:.3}; damage p50 {:.2} % max {:.2} % of the \
             window  target paint p50 <= 0.15 ({}), damage <= 2 % ({})",
            p.p50,
            p.p95,
            d.p50,
            d.max,
            met(p.p50 <= 0.15),
            met(d.max <= 2.0)
        );
    }

    for widget in ["values.gain", "values.mid"] {
        let mut rig = Rig::new(g, &fonts, screen("values"), (1920, 1080), 1);
        let (x, y) = rig.centre(widget);
        rig.session.handle(&UiEvent::PointerMoved { x, y }, 0.0, &mut clipboard);
        rig.session.handle(&UiEvent::ButtonDown { button: Button::Left, x, y, clicks: 1 }, 0.0, &mut clipboard);
        rig.frame(&fonts, Pixels::Kept);
        let mut paint = Vec::new();
        for i in 0..frames {
            // Up and down over 40 px: the value moves every frame.
            let dy = (i % 80) as f32;
            let dy = if dy < 40.0 { -dy } else { dy - 80.0 };
            rig.session.handle(&UiEvent::PointerMoved { x, y: y + dy }, 0.0, &mut clipboard);
            paint.push(rig.frame(&fonts, Pixels::Kept).0);
        }
        let p = Percentiles::of(paint.iter().copied());
        println!(
            "drag of {widget}, 1920x1080, 1 thr: paint p50 {:.3} p95 {:.3}  target p50 <= 0.2 ({})",
            p.p50,
            p.p95,
            met(p.p50 <= 0.2)
        );
    }

    let mut rig = Rig::new(g, &fonts, screen("values"), (1920, 600), 1);
    let (x, y) = rig.centre("page");
    rig.session.handle(&UiEvent::PointerMoved { x, y }, 0.0, &mut clipboard);
    let mut paint = Vec::new();
    for i in 0..frames {
        // Twelve notches down, then twelve back up.
        let dy = if (i / 12) % 2 == 0 { -1.0 } else { 1.0 };
        rig.session.handle(&UiEvent::Wheel { dx: 0.0, dy }, 0.0, &mut clipboard);
        paint.push(rig.frame(&fonts, Pixels::Kept).0);
    }
    let p = Percentiles::of(paint.iter().copied());
    println!(
        "page scroll of the values page by the wheel, 1920x600, 1 thr: paint p50 {:.3} p95 {:.3}  target p95 <= 1 ({})",
        p.p50,
        p.p95,
        met(p.p95 <= 1.0)
    );

    let mut rig = Rig::new(g, &fonts, screen("overview"), (1920, 1080), 2);
    let pages = ["values", "forms", "panels", "menus"];
    let mut by_page = vec![Vec::new(); pages.len()];
    for i in 0..frames.min(200) {
        let k = i % pages.len();
        rig.session.show(screen(pages[k]));
        by_page[k].push(rig.frame(&fonts, Pixels::Kept).0);
    }
    let medians: Vec<(f64, &str)> =
        by_page.iter().zip(pages).map(|(v, name)| (Percentiles::of(v.iter().copied()).p50, name)).collect();
    let (worst, name) = medians.iter().copied().fold((0.0, ""), |a, b| if b.0 > a.0 { b } else { a });
    let all: Vec<String> = medians.iter().map(|(ms, n)| format!("{n} {ms:.2}")).collect();
    println!(
        "cold switch to a kit page, 1920x1080, 2 thr: paint p50 {}; the heaviest, {name}: {worst:.2}  target <= 4 \
         ({})",
        all.join(", "),
        met(worst <= 4.0)
    );
}
