//! The stylesheet's stages against tables: specificity, matching, pseudo-classes, `var()`, colours and what a
//! bad declaration does.

use std::path::Path;
use std::sync::Arc;

use super::cascade::{Node, Styler};
use super::selector::States;
use super::sheet::Stylesheet;
use super::value::{self, Length, Prop, Value};
use super::vars;
use crate::geom::Color;

fn sheet(css: &str) -> Stylesheet {
    let (sheet, warnings) = Stylesheet::parse(Path::new("t.css"), css);
    assert!(warnings.is_empty(), "{warnings:?}");
    sheet
}

fn colour(text: &str) -> Color {
    match value::parse(Prop::Color, text) {
        Ok(Value::Colour(c)) => c,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn specificity_follows_ids_then_classes_and_pseudo_classes_then_types() {
    let table = [
        ("*", (0, 0, 0)),
        ("slider", (0, 0, 1)),
        ("row slider", (0, 0, 2)),
        (".loud", (0, 1, 0)),
        ("button:hover", (0, 1, 1)),
        ("section > row .x:focus", (0, 2, 2)),
        ("#volume", (1, 0, 0)),
        ("page #volume.big:hover", (1, 2, 1)),
    ];
    for (text, (a, b, c)) in table {
        let s = sheet(&format!("{text} {{ color: red }}"));
        let (_, spec) = &s.rules[0].selectors[0];
        assert_eq!((spec.0, spec.1, spec.2), (a, b, c), "{text}");
    }
}

fn styler(css: &str) -> Styler {
    // page > section > row > (slider#volume.big, button#go)
    let node = |kind: &str, id: Option<&str>, classes: &[&str], parent: Option<usize>, states| Node {
        kind: kind.to_owned(),
        id: id.map(str::to_owned),
        classes: classes.iter().map(|c| (*c).to_owned()).collect(),
        parent,
        states,
    };
    let nodes = vec![
        node("page", None, &[], None, States::ROOT),
        node("section", None, &["main"], Some(0), States::NONE),
        node("row", None, &[], Some(1), States::NONE),
        node("slider", Some("volume"), &["big"], Some(2), States::NONE),
        node("button", Some("go"), &[], Some(2), States::NONE),
    ];
    Styler::new(Arc::new(sheet(css)), nodes)
}

#[test]
fn the_cascade_orders_by_specificity_then_source_order() {
    let mut s = styler(
        "#volume { color: #010101 }
         slider { color: #020202 }
         .big { background: #030303 }
         slider.big { background: #040404 }
         button { color: #050505 } button { color: #060606 }",
    );
    let mut w = Vec::new();
    let v = s.style(3, States::NONE, &mut w);
    assert_eq!(v.color, Some(Color::rgb(1, 1, 1)), "the id wins over a later type");
    assert_eq!(v.background, Some(Color::rgb(4, 4, 4)), "(0,1,1) over (0,1,0)");
    assert_eq!(s.style(4, States::NONE, &mut w).color, Some(Color::rgb(6, 6, 6)), "the later of equals");
}

#[test]
fn combinators_and_pseudo_classes_match_as_written() {
    let mut s = styler(
        "section > row > slider { color: #010101 }
         page > slider { color: #ffffff }
         .main slider { background: #020202 }
         button:hover { background: #030303 }
         button:active:hover { background: #040404 }
         button:disabled { border-color: #050505 }
         :root { accent-color: #060606 }
         slider:checked, slider:indeterminate, slider:invalid, slider:focus-visible { border-color: #070707 }",
    );
    let mut w = Vec::new();
    let v = s.style(3, States::NONE, &mut w);
    assert_eq!(v.color, Some(Color::rgb(1, 1, 1)), "a child chain, not `page > slider`");
    assert_eq!(v.background, Some(Color::rgb(2, 2, 2)), "a descendant two levels up");
    assert_eq!(v.accent, Some(Color::rgb(6, 6, 6)), "inherited from :root");
    assert_eq!(s.style(4, States::NONE, &mut w).background, None);
    assert_eq!(s.style(4, States::HOVER, &mut w).background, Some(Color::rgb(3, 3, 3)));
    assert_eq!(s.style(4, States::HOVER.with(States::ACTIVE), &mut w).background, Some(Color::rgb(4, 4, 4)));
    assert_eq!(s.style(4, States::DISABLED, &mut w).border, Some(Color::rgb(5, 5, 5)));
    for state in [States::CHECKED, States::INDETERMINATE, States::INVALID, States::FOCUS_VISIBLE] {
        assert_eq!(s.style(3, state, &mut w).border, Some(Color::rgb(7, 7, 7)), "{state:?}");
    }
    assert_eq!(s.style(3, States::FOCUS, &mut w).border, None);
}

#[test]
fn a_hover_computes_one_style_and_the_rest_come_from_the_cache() {
    let mut s = styler("button:hover { background: #030303 } row { color: #111111 }");
    let mut w = Vec::new();
    for i in 0..5 {
        s.style(i, States::NONE, &mut w);
    }
    let cold = s.computed;
    assert_eq!(cold, 5);
    s.style(4, States::HOVER, &mut w);
    for i in 0..4 {
        s.style(i, States::NONE, &mut w);
    }
    assert_eq!(s.computed, cold + 1, "the hovered button alone");
}

#[test]
fn var_takes_the_property_or_its_fallback_and_refuses_cycles() {
    let mut customs = vars::Customs::new();
    customs.insert("--accent".into(), "#123456".into());
    customs.insert("--alias".into(), "var(--accent)".into());
    customs.insert("--a".into(), "var(--b)".into());
    customs.insert("--b".into(), "var(--a)".into());
    customs.insert("--self".into(), "var(--self, red)".into());
    assert_eq!(vars::substitute("var(--accent)", &customs).as_deref(), Ok("#123456"));
    assert_eq!(vars::substitute("var(--alias)", &customs).as_deref(), Ok("#123456"));
    assert_eq!(vars::substitute("var(--none, rgb(1, 2, 3))", &customs).as_deref(), Ok("rgb(1, 2, 3)"));
    assert_eq!(vars::substitute("var(--none, var(--accent))", &customs).as_deref(), Ok("#123456"));
    let e = vars::substitute("var(--a)", &customs).unwrap_err();
    assert!(e.contains("cycle: --a → --b → --a"), "{e}");
    assert!(vars::substitute("var(--self)", &customs).unwrap_err().contains("cycle"));
    assert!(vars::substitute("var(--none)", &customs).unwrap_err().contains("no fallback"));
    // Doubling ten times over is a megabyte: the cap stops it.
    let mut big = vars::Customs::new();
    big.insert("--x0".into(), "a".repeat(1024));
    for i in 1..12 {
        big.insert(format!("--x{i}"), format!("var(--x{}) var(--x{})", i - 1, i - 1));
    }
    assert!(vars::substitute("var(--x11)", &big).unwrap_err().contains("64 KiB"));
}

#[test]
fn custom_properties_inherit_and_a_bad_var_is_skipped_with_one_warning() {
    let css = "page { --accent: #00ff00; --bad: 12px }\n\
               slider { accent-color: var(--accent); color: var(--bad); background: var(--missing, #0000ff) }";
    let mut s = styler(css);
    let mut w = Vec::new();
    let v = s.style(3, States::NONE, &mut w);
    assert_eq!(v.accent, Some(Color::rgb(0, 255, 0)));
    assert_eq!(v.background, Some(Color::rgb(0, 0, 255)));
    assert_eq!(v.color, None);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].to_string().starts_with("t.css:2:"), "{}", w[0]);
    s.style(3, States::HOVER, &mut w);
    assert_eq!(w.len(), 1, "warned once, not on every restyle");
}

#[test]
fn colours_parse_in_every_form_the_subset_takes() {
    assert_eq!(colour("#fff"), Color::rgb(255, 255, 255));
    assert_eq!(colour("#11223380"), Color::rgb(0x11, 0x22, 0x33).with_alpha(0x80));
    assert_eq!(colour("#0a0b0c"), Color::rgb(10, 11, 12));
    assert_eq!(colour("rgb(1, 2, 3)"), Color::rgb(1, 2, 3));
    assert_eq!(colour("rgb(1 2 3 / 50%)"), Color::rgb(1, 2, 3).with_alpha(128));
    assert_eq!(colour("rgba(255, 0, 0, 0.5)"), Color::rgb(255, 0, 0).with_alpha(128));
    assert_eq!(colour("rgb(100% 0% 0%)"), Color::rgb(255, 0, 0));
    // OKLCH: white, black, and sRGB red (oklch(62.8% 0.2577 29.23) in CSS Color 4's tables).
    assert_eq!(colour("oklch(1 0 0)"), Color::rgb(255, 255, 255));
    assert_eq!(colour("oklch(0% 0 0)"), Color::rgb(0, 0, 0));
    let red = colour("oklch(62.8% 0.2577 29.23deg)").0;
    let (r, g, b) = ((red >> 16) & 0xff, (red >> 8) & 0xff, red & 0xff);
    assert!(r >= 253 && g <= 3 && b <= 3, "{r} {g} {b}");
    for bad in ["#12", "#ggg", "rgb(1, 2)", "oklch(1 2)", "hsl(1 2 3)", "12px", "red blue"] {
        assert!(value::parse(Prop::Color, bad).is_err(), "{bad}");
    }
    assert_eq!(value::parse(Prop::Gap, "12px"), Ok(Value::Length(Length::Px(12.0))));
    assert_eq!(value::parse(Prop::Width, "1.5em"), Ok(Value::Length(Length::Em(1.5))));
    assert_eq!(value::parse(Prop::Width, "50%"), Ok(Value::Length(Length::Percent(50.0))));
    assert!(value::parse(Prop::Width, "3pt").is_err());
}

#[test]
fn a_bad_declaration_is_skipped_with_a_located_warning_and_the_sheet_loads() {
    let css = "button {\n  color: #zzz;\n  background: #102030;\n  frobnicate: 1px;\n}\nbutton:bogus { color: red }\nrow { gap: 4px }\n";
    let (sheet, warnings) = Stylesheet::parse(Path::new("look.css"), css);
    let lines: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(lines.len(), 3, "{lines:#?}");
    assert!(lines[0].starts_with("look.css:2:10: "), "{}", lines[0]);
    assert!(lines[1].starts_with("look.css:4:3: unknown property `frobnicate`"), "{}", lines[1]);
    assert!(lines[2].starts_with("look.css:6:7: unknown pseudo-class `:bogus`"), "{}", lines[2]);
    assert_eq!(sheet.rules.len(), 2, "the bad rule alone is skipped");
    assert_eq!(sheet.rules[0].declarations.len(), 1);
}

#[test]
fn broken_sheets_never_panic() {
    for css in [
        "",
        "{",
        "}",
        "a {",
        "a { color",
        "a { color: }",
        ">a{}",
        "a > {}",
        "a,{}",
        "@media x { a {} }",
        "a{--:1}",
        "a{color:var(}",
        "#1 {}",
        "a{color:rgb(1,2,3,4,5)}",
        ":{}",
        ".{}",
        "a{;;;}",
        "\u{0}",
    ] {
        let _ = Stylesheet::parse(Path::new("x.css"), css);
    }
}

mod transitions {
    use std::path::Path;

    use super::{sheet, styler};
    use crate::geom::Color;
    use crate::style::animate::Animator;
    use crate::style::colour::mix_oklch;
    use crate::style::selector::States;
    use crate::style::sheet::Stylesheet;
    use crate::style::transition::{Easing, Target, Timing};
    use crate::style::value::Prop;

    const BLACK: Color = Color::rgb(0, 0, 0);
    const WHITE: Color = Color::rgb(255, 255, 255);

    fn near(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn the_midpoint_of_a_known_pair_is_oklchs() {
        // Black to white: OKLab's L 0.5 is sRGB 99, not the 128 an sRGB mix gives.
        assert_eq!(mix_oklch(BLACK, WHITE, 0.5), Color::rgb(99, 99, 99));
        // Red (hue 29°) to blue (hue 264°) the short way, through magenta (hue 326.6°), never through green.
        assert_eq!(mix_oklch(Color::rgb(255, 0, 0), Color::rgb(0, 0, 255), 0.5), Color::rgb(186, 0, 194));
        // A grey takes the other end's hue: grey to red passes through pinks, not through a hue of 0.
        let m = mix_oklch(Color::rgb(128, 128, 128), Color::rgb(255, 0, 0), 0.5);
        let (r, g, b) = ((m.0 >> 16) & 0xff, (m.0 >> 8) & 0xff, m.0 & 0xff);
        assert!(r > g && r > b && g.abs_diff(b) < 24, "{r} {g} {b}");
        // Premultiplied: white fading from transparent black stays white on its way, only its alpha changes.
        let fade = mix_oklch(BLACK.with_alpha(0), WHITE, 0.5);
        assert_eq!(fade, WHITE.with_alpha(128));
        assert_eq!(mix_oklch(BLACK, WHITE, 0.0), BLACK);
        assert_eq!(mix_oklch(BLACK, WHITE, 1.0), WHITE);
    }

    #[test]
    fn the_easings_follow_their_curves() {
        let ease_in = Easing::Bezier(0.42, 0.0, 1.0, 1.0);
        let ease_out = Easing::Bezier(0.0, 0.0, 0.58, 1.0);
        let ease_in_out = Easing::Bezier(0.42, 0.0, 0.58, 1.0);
        for e in [Easing::Linear, Easing::EASE, ease_in, ease_out, ease_in_out] {
            assert!(near(e.at(0.0), 0.0) && near(e.at(1.0), 1.0), "{e:?}");
            let mut last = 0.0;
            for i in 1..=20 {
                let v = e.at(i as f32 / 20.0);
                assert!(v >= last - 1e-5, "{e:?} goes back at {i}");
                last = v;
            }
        }
        assert!(near(Easing::Linear.at(0.25), 0.25));
        // The values browsers give (WebKit's UnitBezier solves the same curves).
        assert!(near(Easing::EASE.at(0.5), 0.8024), "{}", Easing::EASE.at(0.5));
        assert!(near(ease_in.at(0.5), 0.3153), "{}", ease_in.at(0.5));
        assert!(near(ease_out.at(0.5), 0.6847), "{}", ease_out.at(0.5));
        assert!(near(ease_in_out.at(0.5), 0.5));
        // A y beyond 0..1 overshoots, as a "back" curve does.
        assert!(Easing::Bezier(0.3, 1.5, 0.7, 1.5).at(0.7) > 1.0);
    }

    #[test]
    fn a_transition_reversed_midway_starts_from_the_colour_shown() {
        let linear = Some(timing(1.0, 0.0, Easing::Linear));
        let mut a = Animator::default();
        assert_eq!(a.colour(0, BLACK, linear, 0.0), BLACK, "a first look shows its colour at once");
        assert_eq!(a.colour(0, WHITE, linear, 0.0), BLACK, "a change starts where it stands");
        let half = a.colour(0, WHITE, linear, 0.5);
        assert_eq!(half, mix_oklch(BLACK, WHITE, 0.5));
        assert_eq!(a.colour(0, BLACK, linear, 0.5), half, "no jump when it turns back");
        assert_eq!(a.colour(0, BLACK, linear, 1.0), mix_oklch(half, BLACK, 0.5));
        assert!(a.running(1.0));
        assert_eq!(a.colour(0, BLACK, linear, 1.5), BLACK);
        assert!(!a.running(1.5), "idle when none runs");
    }

    fn timing(duration: f32, delay: f32, easing: Easing) -> Timing {
        Timing { duration, delay, easing }
    }

    #[test]
    fn a_delay_holds_the_colour_shown_then_the_change_runs_on_the_frame_clock() {
        let mut s = styler(
            "button { background: #000000; transition: background 100ms linear 200ms } \
             button:hover { background: #ffffff } \
             slider { transition-property: color; transition-duration: 0s; transition-delay: 50ms } \
             row { transition: color 1s linear; transition-delay: -500ms }",
        );
        let mut w = Vec::new();
        let rest = s.style(4, States::NONE, &mut w);
        let hover = s.style(4, States::HOVER, &mut w);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(rest.transition.of(Prop::Background), Some(timing(0.1, 0.2, Easing::Linear)));
        let how = hover.transition.of(Prop::Background);
        let mut a = Animator::default();
        a.colour(4, BLACK, how, 1.0);
        // The pointer arrives at 1.0 s: black holds for 200 ms, then 100 ms of linear change, then white.
        assert_eq!(a.colour(4, WHITE, how, 1.0), BLACK);
        assert_eq!(a.colour(4, WHITE, how, 1.15), BLACK, "still waiting");
        assert!(a.running(1.15), "a wait is a transition under way: the frames go on");
        assert_eq!(a.colour(4, WHITE, how, 1.25), mix_oklch(BLACK, WHITE, 0.5));
        assert_eq!(a.colour(4, WHITE, how, 1.3), WHITE);
        assert!(!a.running(1.3));
        // No duration and a delay: the colour holds, then snaps, as CSS's combined duration says.
        let snap = s.style(3, States::NONE, &mut w).transition.of(Prop::Color);
        assert_eq!(snap, Some(timing(0.0, 0.05, Easing::EASE)));
        a.colour(7, BLACK, snap, 0.0);
        assert_eq!(a.colour(7, WHITE, snap, 0.0), BLACK);
        assert_eq!(a.colour(7, WHITE, snap, 0.04), BLACK);
        assert_eq!(a.colour(7, WHITE, snap, 0.05), WHITE);
        // A negative delay starts the change that far in.
        let ahead = s.style(2, States::NONE, &mut w).transition.of(Prop::Color);
        assert_eq!(ahead, Some(timing(1.0, -0.5, Easing::Linear)), "the longhand after the shorthand counts");
        a.colour(9, BLACK, ahead, 0.0);
        assert_eq!(a.colour(9, WHITE, ahead, 0.0), mix_oklch(BLACK, WHITE, 0.5));
        assert_eq!(a.colour(9, WHITE, ahead, 0.5), WHITE);
    }

    #[test]
    fn transition_none_snaps() {
        let mut s = styler(
            "button { background: #000000; transition: background 1s ease } \
             button:hover { background: #ffffff; transition: none }",
        );
        let mut w = Vec::new();
        let rest = s.style(4, States::NONE, &mut w);
        let hover = s.style(4, States::HOVER, &mut w);
        assert_eq!(rest.transition.of(Prop::Background), Some(timing(1.0, 0.0, Easing::EASE)));
        assert_eq!(hover.transition.of(Prop::Background), None);
        let mut a = Animator::default();
        a.colour(4, BLACK, rest.transition.of(Prop::Background), 0.0);
        // The hover's style is the new one, and it says none: the colour snaps.
        assert_eq!(a.colour(4, WHITE, hover.transition.of(Prop::Background), 0.1), WHITE);
        assert!(!a.running(0.1));
    }

    #[test]
    fn the_shorthand_and_the_longhands_read_as_css_does() {
        let mut s = styler(
            "button { transition: color 200ms linear, all 0.5s cubic-bezier(0.1, 0.7, 1.0, 0.1) } \
             slider { transition-property: background, border-color; transition-duration: 1s, 2s; \
                      transition-timing-function: ease-out }",
        );
        let mut w = Vec::new();
        let b = s.style(4, States::NONE, &mut w).transition;
        assert_eq!(b.properties.as_deref(), Some(&[Target::Prop(Prop::Color), Target::All][..]));
        // The last entry naming it counts: `all` is after `color`.
        assert_eq!(b.of(Prop::Color), Some(timing(0.5, 0.0, Easing::Bezier(0.1, 0.7, 1.0, 0.1))));
        let sl = s.style(3, States::NONE, &mut w).transition;
        let out = Easing::Bezier(0.0, 0.0, 0.58, 1.0);
        assert_eq!(sl.of(Prop::Background), Some(timing(1.0, 0.0, out)));
        assert_eq!(sl.of(Prop::BorderColor), Some(timing(2.0, 0.0, out)), "the easings repeat to the list's length");
        assert_eq!(sl.of(Prop::Color), None, "not named");
        assert!(w.is_empty(), "{w:?}");
        let plain = sheet("a { transition: background }");
        assert_eq!(plain.rules[0].declarations.len(), 1, "a duration of 0 is allowed, and snaps");
    }

    #[test]
    fn a_bad_transition_is_skipped_with_a_located_warning() {
        let css = "button {\n  transition: background -1s;\n  transition: frob 1s;\n  transition: color 1s 2s 3s;\n  \
                   transition-timing-function: cubic-bezier(2, 0, 1, 1);\n  transition-duration: 3px;\n  \
                   transition: none, color 1s;\n  transition: color 1s bounce;\n  transition: background 1s;\n}\n";
        let (sheet, warnings) = Stylesheet::parse(Path::new("t.css"), css);
        let lines: Vec<String> = warnings.iter().map(ToString::to_string).collect();
        assert_eq!(lines.len(), 7, "{lines:#?}");
        for (i, (line, says)) in lines
            .iter()
            .zip(["0 or more", "`frob`", "delay", "x values", "unknown time unit `px`", "stand alone", "`bounce`"])
            .enumerate()
        {
            assert!(line.starts_with(&format!("t.css:{}:", i + 2)), "{line}");
            assert!(line.contains(says), "{line}");
        }
        assert_eq!(sheet.rules[0].declarations.len(), 1, "the good one stays");
    }
}

#[test]
fn layout_properties_read_their_lengths_numbers_and_keywords_and_skip_a_bad_one() {
    let table: [(Prop, &str, Value); 5] = [
        (Prop::Height, "2em", Value::Length(Length::Em(2.0))),
        (Prop::FlexGrow, "1.5", Value::Number(1.5)),
        (Prop::JustifyContent, "Space-Between", Value::Keyword("space-between")),
        (Prop::AlignSelf, "auto", Value::Keyword("auto")),
        (Prop::FlexWrap, "nowrap", Value::Keyword("nowrap")),
    ];
    for (prop, text, want) in table {
        assert_eq!(value::parse(prop, text), Ok(want), "{text}");
    }
    let (sheet, warnings) =
        Stylesheet::parse(Path::new("t.css"), "row {\n  justify-content: middle;\n  flex-grow: -1;\n  gap: 4px }");
    let said: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(said[0].starts_with("t.css:2:") && said[0].contains("flex-start, center"), "{said:?}");
    assert!(said[1].starts_with("t.css:3:") && said[1].contains("0 to 1000"), "{said:?}");
    assert_eq!(sheet.rules[0].declarations.len(), 1, "the gap stays");
}

/// Lengths are held to a document's ranges: no negative size or space, nothing past a page's size (a padding of
/// 99999999px put widgets at y = 700,000,704), each refused at its value with the range it takes.
#[test]
fn lengths_out_of_range_are_skipped_with_a_located_warning() {
    let css = "row {\n  padding: 99999999px;\n  gap: -4px;\n  margin: -8px;\n  width: -1em;\n  height: 20000%;\n  font-size: 0px;\n  row-gap: 3px;\n}\n";
    let (sheet, warnings) = Stylesheet::parse(Path::new("t.css"), css);
    let said: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(said.len(), 5, "{said:#?}");
    assert!(said[0].starts_with("t.css:2:12: the length must be from 0px to 1000px, not 1"), "{said:#?}");
    assert!(said[1].starts_with("t.css:3:8: the length must be from 0px to 1000px, not -4px"), "{said:#?}");
    assert!(said[2].starts_with("t.css:5:10: ") && said[2].contains("from 0em to 250em"), "{said:#?}");
    assert!(said[3].starts_with("t.css:6:11: ") && said[3].contains("not 20000%"), "{said:#?}");
    assert!(said[4].starts_with("t.css:7:14: ") && said[4].contains("from 1px to 400px"), "{said:#?}");
    // A margin may be negative, as the document's may; the row gap is in range.
    assert_eq!(sheet.rules[0].declarations.len(), 2);
}

/// A byte order mark is not part of the first selector (it dropped the first rule), `!important` is said to have
/// no weight at its `!`, and a misspelt type is refused naming the nearest the document has.
#[test]
fn a_bom_important_and_a_misspelt_type_are_each_said_where_they_stand() {
    let (sheet, warnings) = Stylesheet::parse(Path::new("t.css"), "\u{feff}button { color: red }\nrow { gap: 2px }");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(sheet.rules.len(), 2);
    assert_eq!(sheet.rules[0].selectors[0].0.first.kind.as_deref(), Some("button"));

    let (sheet, warnings) = Stylesheet::parse(Path::new("t.css"), "button {\n  color: red !important;\n}");
    let said: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(said, ["t.css:2:14: `!important` is not supported: `color` counts as if it were not there"]);
    assert_eq!(sheet.rules[0].declarations.len(), 1, "the declaration still counts");

    let types = ["page", "section", "row", "button", "badge", "slider"];
    let css = "buton { color: red }\nbutton { color: blue }\n";
    let (sheet, warnings) = Stylesheet::read(Path::new("t.css"), css, &types).unwrap_or_else(|e| panic!("{e}"));
    let said: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("t.css:1:1: no element is a `buton` (nearest: `button`"), "{said:?}");
    assert_eq!(sheet.rules.len(), 1);
}

/// Selectors past the subset are named in their message, not "expected a pseudo-class".
#[test]
fn unsupported_selectors_are_named() {
    for (css, said) in [
        ("button:nth-child(2) { color: red }", "t.css:1:7: `:nth-child()` is not supported"),
        ("button:not(.x) { color: red }", "t.css:1:7: `:not()` is not supported"),
        ("button::before { color: red }", "t.css:1:7: the pseudo-element `::before` is not supported"),
    ] {
        let (sheet, warnings) = Stylesheet::parse(Path::new("t.css"), css);
        let line = warnings.first().map(ToString::to_string).unwrap_or_default();
        assert!(line.starts_with(said), "{css}: {line}");
        assert!(sheet.rules.is_empty(), "{css}");
    }
}

/// A stylesheet nested past the limit, or longer than it may be, is refused whole at its place; `Stylesheet::parse`
/// itself never recurses by nesting, so a fuzzed sheet cannot overflow the stack either.
#[test]
fn a_stylesheet_nested_too_deep_or_too_long_is_refused_at_its_place() {
    use super::sheet::{MAX_BYTES, MAX_DEPTH};
    let deep = format!("a {{\n color: {} }}", "var(--x, ".repeat(5_000));
    let e = Stylesheet::read(Path::new("t.css"), &deep, &["a"]).err().unwrap_or_else(|| panic!("read"));
    // ` color: ` is eight characters, and each `var(--x, ` nine, the fourth of them its `(`.
    assert_eq!((e.line, e.col), (2, 12 + 9 * (MAX_DEPTH - 1)), "{e}");
    assert!(e.message.contains("nest deeper than 32"), "{e}");
    let _ = Stylesheet::parse(Path::new("t.css"), &deep);
    let _ = Stylesheet::parse(Path::new("t.css"), &"{".repeat(100_000));
    let _ = Stylesheet::parse(Path::new("t.css"), &format!("a {{ color: {} }}", "(".repeat(100_000)));
    let long = format!("a {{ color: red }}/*{}*/", " ".repeat(MAX_BYTES));
    let e = Stylesheet::read(Path::new("t.css"), &long, &["a"]).err().unwrap_or_else(|| panic!("read"));
    assert!(e.message.contains("longer than the 1024 KiB"), "{e}");
}
