//! Reading documents: what a repeat makes, what a binding does, and what is refused where.

use std::path::Path;

use super::bind;
use super::read::read;
use crate::widgets::badge::Badge;
use crate::widgets::progress::Progress;
use crate::widgets::slider::Slider;

fn error(text: &str) -> String {
    match read(Path::new("d.kdl"), text) {
        Ok(_) => panic!("read: {text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn repeats_number_their_copies_and_their_ids() {
    let built = read(
        Path::new("d.kdl"),
        "page title=\"t\" {\n section \"s\" {\n  repeat count=2 { row \"Row {n}\" { badge \"B{n}\" id=b; badge \"C\" id=\"c{n}\" } }\n }\n}",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<&str> = built.page.widgets.iter().map(|w| w.id()).collect();
    assert_eq!(ids, ["doc.b.1", "doc.c1", "doc.b.2", "doc.c2"]);
    let labels: Vec<Option<&str>> = built.page.sections[0].rows.iter().map(|r| r.label).collect();
    assert_eq!(labels, [Some("Row 1"), Some("Row 2")]);
    assert_eq!(built.page.widget::<Badge>("doc.b.2").map(|b| b.text.as_str()), Some("B2"));
    // page, section, two rows, four widgets: parents first.
    assert_eq!(built.nodes.len(), 8);
    assert!(built.nodes.iter().enumerate().all(|(i, n)| n.parent.is_none_or(|p| p < i)));
}

#[test]
fn a_follower_starts_at_its_source_and_follows_it() {
    let mut built = read(
        Path::new("d.kdl"),
        "page title=\"t\" { section \"s\" { slider \"v\" id=v max=10 value=5; progress \"p\" id=p bind=v; badge \"?\" id=n bind=v } }",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(built.page.widget::<Progress>("doc.p").map(|p| p.fraction), Some(0.5));
    assert_eq!(built.page.widget::<Badge>("doc.n").map(|b| b.text.as_str()), Some("5"));
    if let Some(s) = built.page.widget_mut::<Slider>("doc.v") {
        s.value.set(10.0);
    }
    bind::follow_from(&mut built.page, "doc.v", &built.follows);
    assert_eq!(built.page.widget::<Progress>("doc.p").map(|p| p.fraction), Some(1.0));
}

#[test]
fn what_is_wrong_is_refused_at_its_place() {
    let cases = [
        ("", "d.kdl:1:1: an empty document"),
        // The kdl crate places this one at the page's start; the innermost block that fails alone is line 3.
        ("page title=\"t\" {\n section {\n  row { slider \"a\" min=1. }\n }\n}\n", "d.kdl:3:9: Non-digit character"),
        ("page title=\"t\" {\n section {\n  row { slider \"a\" min=#bogus }\n }\n}\n", "d.kdl:3:"),
        ("section \"s\"", "d.kdl:1:1: the document's root is `page`"),
        ("page { }", "d.kdl:1:1: a `page` needs title"),
        ("page title=\"t\" { slider \"v\" }", "d.kdl:1:18: a `slider` stands in a section or a row"),
        ("page title=\"t\" { section { row { row } } }", "d.kdl:1:34: a `row` stands in a section"),
        ("page title=\"t\" { section { slider } }", "d.kdl:1:28: a `slider` needs its name"),
        (
            "page title=\"t\" { section { slider \"v\" min=5 max=1 } }",
            "d.kdl:1:28: `max` (1) must be more than `min` (5)",
        ),
        ("page title=\"t\" { section { badge \"b\" id=\"a b\" } }", "d.kdl:1:38: the id `a b` must be"),
        ("page title=\"t\" { section { badge \"b\" id=b; badge \"c\" bind=b } }", "d.kdl:1:54: `b` holds no value"),
        (
            "page title=\"t\" { section { button \"b\" id=b; badge \"c\" bind=b } }",
            "d.kdl:1:55: the button `b` does not count",
        ),
        (
            "page title=\"t\" { section { button \"b\" action=\"reset\" } }",
            "d.kdl:1:39: action=\"reset\" needs target=ID",
        ),
        ("page title=\"t\" { section { repeat count=1001 { } } }", "d.kdl:1:35: `count` must be a whole number"),
        (
            "page title=\"t\" { section { radio \"r\" \"a\" selected=1 } }",
            "d.kdl:1:42: `selected` must be a whole number from 0 to 0",
        ),
    ];
    for (text, start) in cases {
        let e = error(text);
        assert!(e.starts_with(start), "`{text}`: `{e}` does not start with `{start}`");
    }
}

#[test]
fn the_assets_read() {
    for name in ["tutorial.kdl", "values.kdl"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs").join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        read(&path, &text).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_stylesheet_colours_a_widget_by_its_state_and_a_hover_restyles_it_alone() {
    use super::look::Look;
    use crate::geom::Color;
    use crate::scene::draw::widgets::State;
    use crate::style::Stylesheet;
    use crate::ui::theme::{Palette, ThemeName};

    let built = read(
        Path::new("d.kdl"),
        "page title=\"t\" { section { row { button \"a\" id=a; button \"b\" id=b class=loud } } }",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let css = ":root { --ink: #010203; color: var(--ink) } button { background: #101010 } \
               button:hover { background: #202020 } .loud:active { background: #303030 } section { background: #404040 }";
    let (sheet, warnings) = Stylesheet::parse(Path::new("d.css"), css);
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut look = Look::new(sheet, &built);
    let theme = Palette::of(ThemeName::Dark);
    let page = look.page(&theme);
    assert_eq!(page.text, Color::rgb(1, 2, 3));
    assert_eq!(page.background, theme.background, "the page sets none");
    assert_eq!(look.section(0, &page).surface, Color::rgb(0x40, 0x40, 0x40));
    let rest = State { hovered: false, pressed: false, focused: false, disabled: false };
    let widgets = &built.page.widgets;
    let a = look.widget(0, &*widgets[0], rest, &page, 0.0);
    assert_eq!((a.surface, a.surface_hover), (Color::rgb(0x10, 0x10, 0x10), Color::rgb(0x20, 0x20, 0x20)));
    assert_eq!(
        a.surface_pressed,
        Color::rgb(0x20, 0x20, 0x20),
        "no :active rule for `a`: held is hovered too, as in CSS"
    );
    assert_eq!(a.text, Color::rgb(1, 2, 3), "color is inherited");
    let b = look.widget(1, &*widgets[1], rest, &page, 0.0);
    assert_eq!(b.surface_pressed, Color::rgb(0x30, 0x30, 0x30));
    let before = look.styler().computed;
    let hovered = State { hovered: true, ..rest };
    look.widget(1, &*widgets[1], hovered, &page, 0.0);
    look.widget(0, &*widgets[0], rest, &page, 0.0);
    assert_eq!(look.styler().computed, before, "a hover reads the styles made for the widget, and no other's");
}

#[test]
fn a_hover_fades_the_body_on_the_frame_clock_and_the_frames_go_idle_after() {
    use super::look::Look;
    use crate::geom::Color;
    use crate::scene::draw::widgets::State;
    use crate::style::Stylesheet;
    use crate::style::colour::mix_oklch;
    use crate::ui::theme::{Palette, ThemeName};

    let built = read(Path::new("d.kdl"), "page title=\"t\" { section { row { button \"a\" id=a } } }")
        .unwrap_or_else(|e| panic!("{e}"));
    let css = "button { background: #000000; transition: background 100ms linear } \
               button:hover { background: #ffffff }";
    let (sheet, warnings) = Stylesheet::parse(Path::new("d.css"), css);
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut look = Look::new(sheet, &built);
    let page = look.page(&Palette::of(ThemeName::Dark));
    let w = &*built.page.widgets[0];
    let rest = State { hovered: false, pressed: false, focused: false, disabled: false };
    let hovered = State { hovered: true, ..rest };
    let body = |p: Palette, s: State| crate::scene::draw::widgets::body_color(&p, s);
    assert_eq!(body(look.widget(0, w, rest, &page, 1.0), rest), Color::rgb(0, 0, 0));
    assert!(!look.transitioning(1.0), "nothing runs at rest");
    // The pointer arrives at 1.0 s: that frame still shows black, 50 ms on is the midpoint in OKLCH, 100 ms on white.
    assert_eq!(body(look.widget(0, w, hovered, &page, 1.0), hovered), Color::rgb(0, 0, 0));
    assert!(look.transitioning(1.0));
    let mid = look.widget(0, w, hovered, &page, 1.05);
    assert_eq!(body(mid, hovered), mix_oklch(Color::rgb(0, 0, 0), Color::rgb(255, 255, 255), 0.5));
    assert_eq!(body(mid, hovered), Color::rgb(99, 99, 99), "OKLab's L 0.5, not sRGB's 128");
    assert_eq!(body(look.widget(0, w, hovered, &page, 1.1), hovered), Color::rgb(255, 255, 255));
    assert!(!look.transitioning(1.1), "idle once it ends");
}
