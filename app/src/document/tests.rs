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
    if let Some(s) = std::sync::Arc::make_mut(&mut built.page).widget_mut::<Slider>("doc.v") {
        s.value.set(10.0);
    }
    bind::follow_from(std::sync::Arc::make_mut(&mut built.page), "doc.v", &built.follows);
    assert_eq!(built.page.widget::<Progress>("doc.p").map(|p| p.fraction), Some(1.0));
}

#[test]
fn what_is_wrong_is_refused_at_its_place() {
    let cases = [
        ("", "d.kdl:1:1: an empty document"),
        // The kdl crate places this one at the page's start: it is said at the value.
        ("page title=\"t\" {\n section {\n  row { slider \"a\" min=1. }\n }\n}\n", "d.kdl:3:24: `1.` is not a number"),
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
    // The gallery's own documents are read as `--doc` reads them, as well as by their screens.
    for name in ["tutorial.kdl", "gallery/values.kdl", "gallery/forms.kdl", "gallery/panels.kdl"] {
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
    let rest = State::default();
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
fn a_documents_var_reads_the_themes_custom_properties_in_either_theme() {
    use super::look::Look;
    use crate::style::Stylesheet;
    use crate::ui::theme::{Palette, Theme, ThemeName};

    let built = read(Path::new("d.kdl"), "page title=\"t\" { section { row { button \"a\" id=a } } }")
        .unwrap_or_else(|e| panic!("{e}"));
    let (sheet, warnings) =
        Stylesheet::parse(Path::new("d.css"), ":root { color: var(--rose); muted-color: var(--nothing, var(--sky)) }");
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut look = Look::new(sheet, &built);
    for name in ThemeName::BOTH {
        let theme = crate::ui::theme::sheet(name);
        let page = look.page(&Palette::of(name));
        assert_eq!(Ok(page.text), theme.colour("--rose"), "{name:?}");
        assert_eq!(Ok(page.muted), theme.colour("--sky"), "{name:?}: a fallback reads the theme too");
    }
    // Halfway through a fade the page takes the custom properties of the theme it is going to.
    let mut fading = Theme::new(ThemeName::Dark);
    fading.toggle(0.0);
    let late = look.page(&fading.palette(Theme::FADE_S * 0.9));
    assert_eq!(Ok(late.text), crate::ui::theme::sheet(ThemeName::Light).colour("--rose"));
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
    let rest = State::default();
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

/// `d.kdl:1:COL:` where COL is `needle`'s column in the one-line `text`.
fn at(text: &str, needle: &str) -> String {
    let col = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in `{text}`")) + 1;
    format!("d.kdl:1:{col}:")
}

fn built(text: &str) -> super::read::Built {
    read(Path::new("d.kdl"), text).unwrap_or_else(|e| panic!("{e}"))
}

fn activate(id: &'static str) -> crate::ui::router::Message {
    crate::ui::router::Message::Activate(crate::ui::router::Target { id, part: 0 })
}

#[test]
fn a_scaled_binding_multiplies_the_figure_and_steps_the_statistics_delta() {
    use crate::widgets::spinner::Spinner;
    use crate::widgets::stat::Statistic;
    let mut b = built(
        "page title=\"t\" { section { spinner \"c\" id=c value=3 min=1 max=99; \
         stat \"o\" id=o delta=4.2 bind=c scale=412 delta-step=1.4 } }",
    );
    let stat = |b: &super::read::Built| b.page.widget::<Statistic>("doc.o").map(|s| (s.figure.clone(), s.delta));
    assert_eq!(stat(&b), Some(("1,236".to_owned(), 4.2)), "starts where the spinner stands, thousands apart");
    if let Some(s) = std::sync::Arc::make_mut(&mut b.page).widget_mut::<Spinner>("doc.c") {
        s.value = 5;
    }
    bind::follow_from(std::sync::Arc::make_mut(&mut b.page), "doc.c", &b.follows);
    let (figure, delta) = stat(&b).unwrap_or_default();
    assert_eq!(figure, "2,060");
    assert!((delta - 7.0).abs() < 1e-4, "4.2 + 2 steps of 1.4: {delta}");
}

#[test]
fn a_governing_checkbox_sets_its_children_and_shows_them() {
    use crate::widgets::checkbox::{Check, Checkbox};
    let b = built(
        "page title=\"t\" { section { checkbox \"All\" id=all tristate=#true governs=\"one two\"; \
         checkbox \"1\" id=one checked=#true; checkbox \"2\" id=two } }",
    );
    let mut page = (*b.page).clone();
    let check = |p: &crate::document::page::KitPage, id| p.widget::<Checkbox>(id).map(|c| c.check);
    assert_eq!(check(&page, "doc.all"), Some(Check::Mixed), "one of two ticked");
    if let Some(c) = page.widget_mut::<Checkbox>("doc.two") {
        c.check = Check::Checked;
    }
    super::act::react(&b, &mut page, "doc.two", &activate("doc.two"));
    assert_eq!(check(&page, "doc.all"), Some(Check::Checked));
    if let Some(c) = page.widget_mut::<Checkbox>("doc.all") {
        c.check = Check::Unchecked;
    }
    super::act::react(&b, &mut page, "doc.all", &activate("doc.all"));
    assert_eq!((check(&page, "doc.one"), check(&page, "doc.two")), (Some(Check::Unchecked), Some(Check::Unchecked)));
    if let Some(c) = page.widget_mut::<Checkbox>("doc.all") {
        c.check = Check::Mixed;
    }
    super::act::react(&b, &mut page, "doc.all", &activate("doc.all"));
    assert_eq!(check(&page, "doc.all"), Some(Check::Unchecked), "never left mixed");
}

#[test]
fn a_skeleton_shimmers_while_its_switch_is_on() {
    use crate::widgets::skeleton::Skeleton;
    use crate::widgets::toggle::Toggle;
    let mut b = built("page title=\"t\" { section { toggle \"s\" id=s on=#true; skeleton id=k lines=2 bind=s } }");
    assert_eq!(b.page.widget::<Skeleton>("doc.k").map(|k| k.running), Some(true));
    if let Some(t) = std::sync::Arc::make_mut(&mut b.page).widget_mut::<Toggle>("doc.s") {
        t.on = false;
    }
    bind::follow_from(std::sync::Arc::make_mut(&mut b.page), "doc.s", &b.follows);
    assert_eq!(b.page.widget::<Skeleton>("doc.k").map(|k| k.running), Some(false));
}

#[test]
fn a_form_checks_its_rules_on_submit_and_clears() {
    use crate::widgets::field::Field;
    let b = built(
        "page title=\"t\" { section { field \"n\" id=n required=#true; field \"e\" id=e email=#true required=\"Say it\"; \
         field \"p\" id=p password=#true min-chars=8; field \"ph\" id=ph digits=#true optional=#true min-chars=6 \
         too-short=\"6 or none\"; field \"r\" id=r readonly=#true text=\"x\"; checkbox \"T\" id=t required=#true; \
         button \"Go\" id=go action=\"submit\" summary=sum sent=\"Off it goes\"; button \"C\" id=c action=\"clear\"; \
         badge \"Not yet\" id=sum } }",
    );
    let mut page = (*b.page).clone();
    super::act::react(&b, &mut page, "doc.go", &activate("doc.go"));
    let error = |p: &crate::document::page::KitPage, id| p.widget::<Field>(id).and_then(|f| f.error);
    assert_eq!(error(&page, "doc.n"), Some("Required"));
    assert_eq!(error(&page, "doc.e"), Some("Say it"));
    assert_eq!(error(&page, "doc.p"), Some("At least 8 characters"));
    assert_eq!(error(&page, "doc.ph"), None, "optional: empty holds");
    let summary = |p: &crate::document::page::KitPage| p.widget::<Badge>("doc.sum").map(|b| b.text.clone());
    assert_eq!(summary(&page).as_deref(), Some("4 things to fix"), "three fields and the checkbox");
    for (id, text) in [("doc.n", "Ada"), ("doc.e", "a@b.org"), ("doc.p", "12345678")] {
        if let Some(f) = page.widget_mut::<Field>(id) {
            f.edit = crate::ui::edit::TextEdit::new(text, false);
        }
    }
    if let Some(c) = page.widget_mut::<crate::widgets::checkbox::Checkbox>("doc.t") {
        c.check = crate::widgets::checkbox::Check::Checked;
    }
    super::act::react(&b, &mut page, "doc.go", &activate("doc.go"));
    assert_eq!(summary(&page).as_deref(), Some("Off it goes"));
    super::act::react(&b, &mut page, "doc.c", &activate("doc.c"));
    assert_eq!(summary(&page).as_deref(), Some("Not yet"), "clear puts the page back as the document made it");
    assert_eq!(page.widget::<Field>("doc.n").map(|f| f.text().to_owned()).as_deref(), Some(""));
}

#[test]
fn panels_and_dotted_ids_read_and_a_screen_names_its_own_ids() {
    let text = "page title=\"t\" { section { accordion \"A\" \"a\" \"B\" \"b\" id=acc; collapsible \"More\" \"m\" id=more; \
                carousel \"One\" \"#3b6ed8\" \"Two\" \"#1f9e89\" id=car; badge \"x\" id=badge.info } }";
    let b = super::read::read_as(Path::new("d.kdl"), text, "panels").unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<&str> = b.page.widgets.iter().map(|w| w.id()).collect();
    assert_eq!(ids, ["panels.acc", "panels.more", "panels.car", "panels.badge.info"]);
}

#[test]
fn the_new_properties_are_refused_at_their_place_when_misused() {
    let cases = [
        (
            "page title=\"t\" { section { slider \"v\" id=v; progress \"p\" scale=2 } }",
            "scale=2",
            "`scale` applies to a binding",
        ),
        (
            "page title=\"t\" { section { slider \"v\" id=v; progress \"p\" bind=v delta-step=1 } }",
            "delta-step",
            "only a `stat`",
        ),
        (
            "page title=\"t\" { section { slider \"v\" id=v; stat \"s\" bind=v scale=\"x\" } }",
            "scale=",
            "`scale` must be a number",
        ),
        (
            "page title=\"t\" { section { checkbox \"a\" id=a governs=\"b\"; checkbox \"b\" id=b } }",
            "governs",
            "only a checkbox with tristate",
        ),
        (
            "page title=\"t\" { section { checkbox \"a\" tristate=#true governs=\"zz\" } }",
            "governs",
            "`governs` names `zz`",
        ),
        (
            "page title=\"t\" { section { checkbox \"a\" id=a tristate=#true governs=\"s\"; slider \"s\" id=s } }",
            "governs",
            "`s` is not another checkbox",
        ),
        (
            "page title=\"t\" { section { button \"b\" action=\"submit\" } }",
            "action",
            "action=\"submit\" needs summary=ID",
        ),
        (
            "page title=\"t\" { section { button \"b\" action=\"submit\" summary=s; slider \"s\" id=s } }",
            "summary",
            "a submit's `summary` is a badge",
        ),
        (
            "page title=\"t\" { section { button \"b\" action=\"fly\" } }",
            "action",
            "unknown action `fly`: expected count, reset, clear or submit",
        ),
        ("page title=\"t\" { section { field \"f\" password=#true readonly=#true } }", "readonly", "a field is one of"),
        (
            "page title=\"t\" { section { field \"f\" too-short=\"x\" } }",
            "too-short",
            "`too-short` is the message of `min-chars=N`",
        ),
        (
            "page title=\"t\" { section { field \"f\" required=3 } }",
            "required",
            "`required` must be #true, #false or its message",
        ),
        (
            "page title=\"t\" { section { field \"f\" min-chars=0 } }",
            "min-chars",
            "`min-chars` must be a whole number from 1",
        ),
        (
            "page title=\"t\" { section { slider \"s\" required=#true } }",
            "required",
            "unknown property `required` of `slider`",
        ),
        (
            "page title=\"t\" { section { accordion \"A\" \"a\" \"B\" } }",
            "accordion",
            "a `accordion` takes 1 to 64 sections",
        ),
        (
            "page title=\"t\" { section { collapsible \"A\" \"a\" \"B\" \"b\" } }",
            "collapsible",
            "a `collapsible` takes one section",
        ),
        (
            "page title=\"t\" { section { carousel \"A\" \"blue\" } }",
            "\"blue\"",
            "a slide's colour is #rrggbb, not `blue`",
        ),
        ("page title=\"t\" { section { carousel \"A\" } }", "carousel", "a `carousel` takes its slides as pairs"),
        ("page title=\"t\" { section { badge \"b\" id=\"a..b\" } }", "id=", "the id `a..b` must be"),
        ("page title=\"t\" { section { badge \"b\" id=\"a.\" } }", "id=", "the id `a.` must be"),
    ];
    for (text, place, message) in cases {
        let e = error(text);
        let start = format!("{} {message}", at(text, place));
        assert!(e.starts_with(&start), "`{text}`: `{e}` does not start with `{start}`");
    }
}

/// Each widget's box as the kit lays `text` out in an 800 x 600 window.
fn boxes(text: &str) -> (super::read::Built, Vec<crate::geom::Rect>) {
    let built = built(text);
    let boxes = laid_out(&built);
    (built, boxes)
}

/// Each widget's box as the kit lays `built` out in an 800 x 600 window.
fn laid_out(built: &super::read::Built) -> Vec<crate::geom::Rect> {
    use crate::widgets::Measure;
    use crate::widgets::pen::KitFonts;

    let fonts = crate::test_support::fonts();
    let m = Measure { fonts, f: KitFonts::new(fonts), density: crate::ui::settings::Density::Regular };
    let viewport = crate::geom::Rect::new(0.0, 0.0, 800.0, 600.0);
    crate::screens::kit::widget_boxes(crate::test_support::natives(), &built.page, &m, viewport)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_rows_and_a_widgets_layout_properties_place_the_widgets_where_yoga_says() {
    // The card fills its row, so its right edge is the rows' right edge.
    let (built, b) = boxes(
        "page title=\"t\" { section {
            row justify-content=\"flex-end\" { badge \"a\"; badge \"b\" }
            row { badge \"c\" flex-grow=1; badge \"d\" }
            card \"t\" \"b\"
            row column-gap=40 { badge \"e\" width=100; slider \"s\" width=300 margin=5 }
            row direction=\"column\" align-items=\"flex-end\" { badge \"f\"; badge \"g\" align-self=\"flex-start\" }
        } }",
    );
    assert_eq!(built.page.widgets.len(), 9);
    let right = b[4].right();
    assert!(b[4].w > 500.0, "the card fills its row: {:?}", b[4]);
    assert!((b[1].right() - right).abs() < 0.5, "flex-end: {:?} ends at {right}", b[1]);
    assert!((b[1].x - 14.0 - b[0].right()).abs() < 0.5, "the kit's gap stays between them: {b:?}");
    assert!((b[3].right() - right).abs() < 0.5, "the grown badge pushes the other to the end: {:?}", b[3]);
    assert!(b[2].w > b[0].w + 300.0, "flex-grow widens the badge: {:?} against {:?}", b[2], b[0]);
    assert_eq!(b[5].w, 100.0, "a badge takes the width it states");
    assert_eq!(built.page.flex[6].width, None, "a slider's own width keeps its meaning: its track's");
    assert!(b[6].w > 300.0, "the track, its thumb and its figure: {:?}", b[6]);
    assert!((b[6].x - 5.0 - 40.0 - b[5].right()).abs() < 0.5, "column-gap and margin: {:?} {:?}", b[5], b[6]);
    assert!((b[7].right() - right).abs() < 0.5, "a column's items at its end: {:?}", b[7]);
    assert!(b[8].y > b[7].bottom(), "one under the other: {:?} {:?}", b[7], b[8]);
    assert!((b[8].x - b[4].x).abs() < 0.5, "align-self puts one back at the start: {:?}", b[8]);
}

#[test]
fn a_stylesheet_lays_rows_and_widgets_out_under_what_the_document_states() {
    use crate::style::Stylesheet;

    let text = "page title=\"t\" { section {
        row class=end { badge \"a\"; badge \"b\" }
        row { badge \"c\" id=c; badge \"d\" width=90 class=wide }
        row { slider \"s\" width=200 class=wide; card \"t\" \"b\" }
    } }";
    let css = "row.end { justify-content: flex-end; column-gap: 2em } #c { flex-grow: 1; height: 40px } \
               .wide { width: 300px } badge { margin: 0 }";
    let (sheet, warnings) = Stylesheet::parse(Path::new("d.css"), css);
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut built = built(text);
    let mut look = super::look::Look::new(sheet, &built);
    super::sheet_layout::by_sheet(&mut built, &mut look);
    let b = laid_out(&built);
    let right = b[5].right();
    assert!((b[1].right() - right).abs() < 0.5, "justify-content from the sheet: {b:?}");
    assert!((b[1].x - 26.0 - b[0].right()).abs() < 0.5, "2em of 13 px between them: {b:?}");
    assert!(b[2].w > b[0].w + 300.0 && b[2].h == 40.0, "flex-grow and height from the sheet: {:?}", b[2]);
    assert_eq!(b[3].w, 90.0, "the document's width wins over the sheet's, as an inline style does");
    assert!(b[4].w < 300.0, "a slider's width is its track's, the document's: {:?}", b[4]);
}

#[test]
fn a_page_that_states_no_layout_lays_out_as_before() {
    let plain = "page title=\"t\" { section { row \"R\" { badge \"a\"; card \"t\" \"b\" }; slider \"s\" } }";
    let stated = "page title=\"t\" { section { row \"R\" wrap=#true direction=\"row\" align-items=\"center\" \
                  { badge \"a\"; card \"t\" \"b\" }; slider \"s\" } }";
    assert_eq!(boxes(plain).1, boxes(stated).1, "the kit's defaults, stated");
    let built = built(plain);
    assert_eq!(built.page.sections[0].rows[0].flex, crate::document::flex::RowFlex::default());
    assert!(built.page.flex.iter().all(|f| *f == crate::document::flex::ItemFlex::default()));
}

#[test]
fn a_bad_layout_property_is_refused_at_its_place_naming_what_is_accepted() {
    let cases = [
        (
            "page title=\"t\" { section { row justify-content=\"middle\" { badge \"b\" } } }",
            "justify-content",
            "`justify-content` must be flex-start, center, flex-end, space-between, space-around or space-evenly, \
             not `middle`",
        ),
        (
            "page title=\"t\" { section { row align-items=3 { badge \"b\" } } }",
            "align-items",
            "`align-items` must be flex-start, center, flex-end, stretch or baseline, not 3",
        ),
        (
            "page title=\"t\" { section { row direction=\"rtl\" { badge \"b\" } } }",
            "direction",
            "`direction` must be row or column, not `rtl`",
        ),
        ("page title=\"t\" { section { row gap=-4 { badge \"b\" } } }", "gap", "`gap` must be from 0 to 1000, not -4"),
        ("page title=\"t\" { section { row wrap=\"yes\" { badge \"b\" } } }", "wrap", "`wrap` must be #true or #false"),
        (
            "page title=\"t\" { section { badge \"b\" flex-grow=-1 } }",
            "flex-grow",
            "`flex-grow` must be from 0 to 1000",
        ),
        (
            "page title=\"t\" { section { badge \"b\" align-self=\"left\" } }",
            "align-self",
            "`align-self` must be auto, flex-start, center, flex-end, stretch or baseline, not `left`",
        ),
        ("page title=\"t\" { section { badge \"b\" width=5000 } }", "width", "`width` must be from 0 to 4000"),
        ("page title=\"t\" { section { slider \"s\" width=8 } }", "width", "`width` must be from 16 to 4000"),
        ("page title=\"t\" { section { badge \"b\" margin=\"auto\" } }", "margin", "`margin` must be a number"),
        ("page title=\"t\" { section { badge \"b\" justify-content=\"center\" } }", "justify", "unknown property"),
        ("page title=\"t\" { section { row flex-grow=1 { badge \"b\" } } }", "flex-grow", "unknown property"),
    ];
    for (text, place, message) in cases {
        let e = error(text);
        let start = format!("{} {message}", at(text, place));
        assert!(e.starts_with(&start), "`{text}`: `{e}` does not start with `{start}`");
    }
    // On a later line, the line and column are that entry's.
    let text = "page title=\"t\" {\n section {\n  row \"R\" {\n    badge \"b\" flex-shrink=\"x\"\n  }\n }\n}\n";
    assert!(error(text).starts_with("d.kdl:4:15: `flex-shrink` must be a number"), "{}", error(text));
}

#[test]
fn a_pressed_focus_matches_focus_and_a_tabbed_one_focus_visible_too() {
    use super::look::Look;
    use crate::geom::{Color, Rect};
    use crate::scene::draw::widgets::State;
    use crate::style::Stylesheet;
    use crate::ui::input::{Button, Key, Mods, UiEvent};
    use crate::ui::router::{Cursor, Region, Router, Target};
    use crate::ui::theme::{Palette, ThemeName};

    let built = built("page title=\"t\" { section { row { button \"a\" id=a } } }");
    let css = "button:focus { outline-color: #111111 } button:focus-visible { outline-color: #222222 }";
    let (sheet, warnings) = Stylesheet::parse(std::path::Path::new("d.css"), css);
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut look = Look::new(sheet, &built);
    let page = look.page(&Palette::of(ThemeName::Dark));
    let w = &*built.page.widgets[0];
    let region = Region {
        target: Target { id: "doc.a", part: 0 },
        rect: Rect::new(0.0, 0.0, 10.0, 10.0),
        cursor: Cursor::Hand,
        focusable: true,
        enabled: true,
    };
    let mut router = Router::new();
    let mut out = Vec::new();
    router.route(&UiEvent::ButtonDown { button: Button::Left, x: 5.0, y: 5.0, clicks: 1 }, &[region], &mut out);
    router.route(&UiEvent::ButtonUp { button: Button::Left, x: 5.0, y: 5.0 }, &[region], &mut out);
    let pressed = State::of(&router, "doc.a");
    assert!(pressed.focused && !pressed.focus_visible);
    assert_eq!(look.widget(0, w, pressed, &page, 0.0).focus, Color::rgb(0x11, 0x11, 0x11), "only :focus");
    router.route(&UiEvent::KeyDown { key: Key::Tab, mods: Mods::NONE, repeat: false }, &[region], &mut out);
    let tabbed = State::of(&router, "doc.a");
    assert!(tabbed.focused && tabbed.focus_visible);
    assert_eq!(look.widget(0, w, tabbed, &page, 0.0).focus, Color::rgb(0x22, 0x22, 0x22), ":focus-visible");
}

#[test]
fn a_widgets_states_are_what_its_accessible_description_says() {
    // The look asks each widget for its states every frame; a widget that says them without its description must
    // say the same. Every kind the kit has, as a document makes it, and each shipped document's widgets.
    let every = "page title=\"t\" { section {
        row { slider \"s\"; knob \"k\"; fader \"f\"; progress \"p\"; progress \"r\" ring=#true; spinner \"n\" }
        row { stat \"S\" figure=\"3\"; badge \"b\"; rating \"R\" stars=2; stepper \"a\" \"b\"; checkbox \"c\" checked=#true }
        row { checkbox \"m\" tristate=#true; toggle \"t\" on=#true; field \"F\" required=#true; button \"x\" disabled=#true }
    } }";
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/docs");
    let mut texts = vec![every.to_owned()];
    for file in ["tutorial.kdl", "gallery/values.kdl", "gallery/forms.kdl", "gallery/panels.kdl"] {
        texts.push(std::fs::read_to_string(assets.join(file)).unwrap_or_else(|e| panic!("{file}: {e}")));
    }
    let mut seen = 0;
    let mut kinds = std::collections::HashSet::new();
    for text in &texts {
        for w in &built(text).page.widgets {
            assert_eq!(w.states(), w.access().states, "{:?}", w.report());
            kinds.insert(w.kind().rsplit("::").next().unwrap_or_default());
            seen += 1;
        }
    }
    assert!(seen > 60, "{seen} widgets");
    // The default `states()` is `access().states`, so the comparison says something only of a kind that says its
    // states itself: each of those must be among the widgets compared.
    let own =
        ["Area", "Badge", "Fader", "Field", "Knob", "Progress", "Rating", "Slider", "Spinner", "Statistic", "Stepper"];
    let missing: Vec<&str> = own.into_iter().filter(|k| !kinds.contains(k)).collect();
    assert!(missing.is_empty(), "kinds that say their own states, not compared: {missing:?}");
}

#[test]
fn a_required_checkbox_a_submit_finds_unticked_is_marked_invalid_until_ticked() {
    let b = built(
        "page title=\"t\" { section { checkbox \"T\" id=t required=#true; checkbox \"U\" id=u; \
         button \"Go\" id=go action=\"submit\" summary=sum; badge \"Not yet\" id=sum } }",
    );
    let mut page = (*b.page).clone();
    let invalid = |p: &crate::document::page::KitPage, id| p.get(id).is_some_and(|w| w.states().contains(&"invalid"));
    assert!(!invalid(&page, "doc.t"), "not before a submit");
    super::act::react(&b, &mut page, "doc.go", &activate("doc.go"));
    assert!(invalid(&page, "doc.t"), "a submit marks the unticked required box");
    assert!(!invalid(&page, "doc.u"), "one not required is never invalid");
    let t = page.index("doc.t").unwrap_or_else(|| panic!("no doc.t"));
    assert_eq!(page.widgets[t].set_value(&crate::widgets::Held::On(true)), Ok(crate::widgets::Reached::Exactly));
    assert!(!invalid(&page, "doc.t"), "ticking it clears the mark");
    super::act::react(&b, &mut page, "doc.go", &activate("doc.go"));
    assert_eq!(page.get("doc.sum").and_then(|w| w.value()).map(|v| v.to_string()).as_deref(), Some("\"Sent\""));
}

/// One of every kind a document makes, each with what it may hold set away from its default.
const EVERY_KIND: &str = r##"page title="t" { section {
    accordion "A" "a" "B" "b"; area "Notes" text="two\nlines"; badge "new"; breadcrumb "Home" "Docs"
    button "Add" action="count"; card "C" "body"; carousel "One" "#3b6ed8" "Two" "#1f9e89"; checkbox "T" checked=#true
    chips "Tags" "x" "y"; collapsible "More" "m"; doc-tabs "a" "b"; dropdown "D" "p" "q" selected=1; fader "F" value=30
    field "Name" text="Ada"; knob "K" value=70 step=5; note "said"; pager pages=4; progress "P" value=0.25
    radio "R" "r" "s" selected=1; rating "Stars" stars=2; segmented "S" "u" "v"; skeleton; slider "L" value=40 step=5
    spinner "N" value=7; split "one" "two"; stat "Orders" figure="412" delta=2.5; stepper "a" "b" "c"
    toggle "On" on=#true
} }"##;

#[test]
fn every_widget_holds_its_own_value_again_and_carries_it_to_a_copy() {
    let b = built(EVERY_KIND);
    let mut held = 0;
    for w in &b.page.widgets {
        let Some(value) = w.value() else { continue };
        held += 1;
        let mut copy = w.clone_box();
        assert_eq!(copy.set_value(&value), Ok(crate::widgets::Reached::Exactly), "{}: {value:?}", w.kind());
        assert_eq!(copy.value().as_ref(), Some(&value), "{} changed setting its own value", w.kind());
        // A fresh one of the same document takes a changed one's value on a reload.
        use crate::widgets::Held;
        let changed = match (&value, w.range()) {
            (Held::Number(_), Some(span)) => Some(Held::Number(span.max)),
            (Held::Number(n), None) => Some(Held::Number(n + 1.0)),
            (Held::On(on), _) => Some(Held::On(!on)),
            (Held::Text(_) | Held::Said { .. } | Held::Figure { .. }, _) => Some(Held::Text("changed".to_owned())),
            _ => None,
        };
        if let Some(changed) = changed {
            assert!(copy.set_value(&changed).is_ok(), "{}", w.kind());
            assert_ne!(copy.value().as_ref(), Some(&value), "{} did not change", w.kind());
            let mut fresh = w.clone_box();
            fresh.carry_from(copy.as_ref());
            assert_eq!(fresh.value(), copy.value(), "{} did not carry its value", w.kind());
        }
        if let Some(span) = w.range() {
            let past = crate::widgets::Held::Number(span.max + span.step.max(1.0) * 3.0);
            let reached = copy.set_value(&past);
            assert_eq!(
                reached,
                Ok(crate::widgets::Reached::Nearest(crate::widgets::Held::Number(span.max))),
                "{} past its range",
                w.kind()
            );
        }
    }
    // Every kind but the card and the breadcrumb (which hold nothing a person sets) holds a value.
    assert_eq!(held, super::make::KINDS.len() - 2, "kinds without a value");
}

/// A document nested past what a stack holds is refused at the first block past the limit, before the kdl crate
/// (which overflowed the main thread's stack at about 2,000 levels) sees it; so are nested comments, while braces
/// in strings, raw strings and comments count for nothing.
#[test]
fn a_document_nested_past_the_limit_is_refused_at_its_place_without_overflowing() {
    use super::read::MAX_DEPTH;
    let repeats = format!(
        "page title=\"t\" {{\n section \"s\" {{\n{}{}\n }}\n}}\n",
        "repeat count=1 {\n".repeat(2_000),
        "}".repeat(2_000)
    );
    let e = error(&repeats);
    // The page and the section are two levels: the limit is passed by repeat number MAX_DEPTH - 1, on its line.
    assert!(e.starts_with(&format!("d.kdl:{}:16: blocks nest deeper than {MAX_DEPTH}", MAX_DEPTH + 1)), "{e}");
    let unclosed = "x {".repeat(5_000);
    assert!(error(&unclosed).starts_with("d.kdl:1:195: blocks nest deeper"), "{}", error(&unclosed));
    let comments = format!("page title=\"t\" {{ {} }}", "/*".repeat(5_000));
    assert!(error(&comments).starts_with("d.kdl:1:"), "{}", error(&comments));
    assert!(error(&comments).contains("nest deeper"), "{}", error(&comments));
    // Braces that are text, not blocks.
    let braces = "{".repeat(200);
    let text = format!(
        "page title=\"{braces}\" intro=#\"{braces}\"# {{ // {braces}\n /* {braces} */ section \"\"\"\n{braces}\n\"\"\" {{ badge \"b\" }} }}"
    );
    read(Path::new("d.kdl"), &text).unwrap_or_else(|e| panic!("{e}"));
    // At the limit, a document reads, on a test thread's 2 MiB stack in a debug build: the reader and the kdl
    // crate recurse once a level, and the limit leaves them room.
    let at_limit = format!(
        "page title=\"t\" {{ section \"s\" {{ {} badge \"b\" {} }} }}",
        "repeat count=1 { ".repeat(MAX_DEPTH - 2),
        "} ".repeat(MAX_DEPTH - 2)
    );
    let built = read(Path::new("d.kdl"), &at_limit).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(built.page.widgets.len(), 1);
    let long = format!("page title=\"t\" {{ }} // {}", "x".repeat(super::read::MAX_BYTES));
    assert!(error(&long).contains("longer than the 4096 KiB"), "{}", error(&long));
}
