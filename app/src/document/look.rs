//! A document's looks: the stylesheet's computed styles of its elements turned into the kit's palettes, the page's
//! over the theme's, a section's and a widget's over the page's. A widget's palette is made from three styles,
//! its own state's, with the pointer over it and with it held, because the kit's widgets pick their body from
//! the palette's surface, hover and pressed colours themselves.
//!
//! A widget's colours change through the stylesheet's transitions ([`crate::style::animate`]) on the frame clock:
//! the body the kit would pick for the widget's look, its text, muted text, accent, border and focus ring each ease
//! from what was shown to what its style now says. While its body is on its way, the palette's three body colours
//! are that one colour, so the kit's widget draws it whichever it picks.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::read::Built;
use crate::geom::Color;
use crate::scene::draw::widgets::{State, body_color};

use crate::style::animate::Animator;
use crate::style::transition::{Timing, Transitions};
use crate::style::value::Prop;
use crate::style::{Computed, States, Styler, Stylesheet};
use crate::ui::theme::{Palette, ThemeName, sheet};
use crate::widgets::Widget;

/// Time spent computing a document's styles since it was last taken, ns (the HUD's style row).
static STYLE_NANOS: AtomicU64 = AtomicU64::new(0);

/// The time spent computing the document's styles since the last call (a frame's, when called once a frame).
pub fn take_style_time() -> Duration {
    Duration::from_nanos(STYLE_NANOS.swap(0, Ordering::AcqRel))
}

/// The styles of one document's elements.
#[derive(Debug)]
pub struct Look {
    styler: Styler,
    widget_nodes: Vec<usize>,
    section_nodes: Vec<usize>,
    /// The widgets' colours on their way to a new style, by widget and which of its colours (widget `i`'s
    /// colour `k` of [`EASED`] is slot `i * 6 + k`).
    fades: Animator,
    /// Each widget's palettes by its states and look, over the page palette each was made over, with the timings
    /// its style gives each eased colour: a frame draws every widget in view, and most are as they were. By widget
    /// index, each a few entries (rest, hover, held ...), found by a scan: no hashing, nothing cloned.
    targets: Vec<Vec<Target>>,
    /// The page's palette and each section's, over the palette each was made over: asked every frame, made when
    /// the theme's palette moves.
    boxes: Vec<Option<(Palette, Palette)>>,
    /// Whether a rule asks about a state the widget's accessible description tells (`:disabled`, `:checked`,
    /// `:indeterminate`, `:invalid`): when none does, a frame does not build that description for every widget.
    asks_access: bool,
}

/// A widget's palette in one look: its states and whether it is under the pointer and held, the page palette it
/// was made over, and how each of [`EASED`] changes.
#[derive(Debug, Clone, Copy)]
struct Target {
    key: (States, bool, bool),
    page: Palette,
    palette: Palette,
    timings: [Option<Timing>; EASED.len()],
}

/// The colours of a widget that transitions move, each an animator's slot.
const EASED: [Prop; 6] =
    [Prop::Background, Prop::Color, Prop::Muted, Prop::Accent, Prop::BorderColor, Prop::OutlineColor];

impl Look {
    /// The looks `sheet` gives `built`.
    pub fn new(sheet: Stylesheet, built: &Built) -> Look {
        let described = States::DISABLED.with(States::CHECKED).with(States::INDETERMINATE).with(States::INVALID);
        let asks_access = sheet.states_asked().0 & described.0 != 0;
        Look {
            asks_access,
            styler: Styler::new(std::sync::Arc::new(sheet), built.nodes.clone()),
            widget_nodes: built.widget_nodes.clone(),
            section_nodes: built.section_nodes.clone(),
            fades: Animator::default(),
            targets: Vec::new(),
            boxes: Vec::new(),
        }
    }

    /// The styler (the bench times it).
    pub fn styler(&mut self) -> &mut Styler {
        &mut self.styler
    }

    fn style(&mut self, node: usize, states: States) -> Computed {
        let mut warnings = Vec::new();
        let start = Instant::now();
        let style = self.styler.style(node, states, &mut warnings);
        let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        STYLE_NANOS.fetch_add(nanos, Ordering::Relaxed);
        // A value that a var() made bad is said once, when first computed.
        for w in warnings {
            w.say();
        }
        style
    }

    /// Node `node`'s style at rest (no pointer, no focus): what lays it out.
    pub fn resting(&mut self, node: usize) -> Computed {
        self.style(node, States::NONE)
    }

    /// The page's palette over the theme's; the page's custom properties start from the theme's sheet, so a
    /// document's `var(--accent)` is the theme's accent.
    pub fn page(&mut self, theme: &Palette) -> Palette {
        if let Some(Some((over, page))) = self.boxes.first()
            && over == theme
        {
            return *page;
        }
        self.styler.set_root_customs(sheet(ThemeName::nearest(theme)).customs());
        let s = self.style(0, States::NONE);
        let page = Palette { background: s.background.unwrap_or(theme.background), ..over(theme, &s) };
        self.keep_box(0, theme, page)
    }

    /// Keeps box `b`'s palette (0: the page, 1 + i: section i) made over `under`.
    fn keep_box(&mut self, b: usize, under: &Palette, made: Palette) -> Palette {
        if self.boxes.len() <= b {
            self.boxes.resize(b + 1, None);
        }
        self.boxes[b] = Some((*under, made));
        made
    }

    /// Section `i`'s palette over the page's: its background is the section's surface.
    pub fn section(&mut self, i: usize, page: &Palette) -> Palette {
        let Some(&node) = self.section_nodes.get(i) else { return *page };
        if let Some(Some((over, section))) = self.boxes.get(1 + i)
            && over == page
        {
            return *section;
        }
        let s = self.style(node, States::NONE);
        let section = Palette { surface: s.background.unwrap_or(page.surface), ..over(page, &s) };
        self.keep_box(1 + i, page, section)
    }

    /// Whether a widget's colour is still on its way at `now` (the frame after needs painting).
    pub fn transitioning(&self, now: f64) -> bool {
        self.fades.running(now)
    }

    /// Widget `i`'s palette in `look` over the page's, at `now` on the frame clock.
    pub fn widget(&mut self, i: usize, widget: &dyn Widget, look: State, page: &Palette, now: f64) -> Palette {
        let Some(&node) = self.widget_nodes.get(i) else { return *page };
        let mut states = States::NONE;
        if self.asks_access {
            let said = widget.states();
            for (name, state) in [
                ("disabled", States::DISABLED),
                ("checked", States::CHECKED),
                ("mixed", States::INDETERMINATE),
                ("invalid", States::INVALID),
            ] {
                if said.contains(&name) {
                    states = states.with(state);
                }
            }
        }
        if look.disabled {
            states = states.with(States::DISABLED);
        }
        if look.focused {
            states = states.with(States::FOCUS);
        }
        if look.focus_visible {
            states = states.with(States::FOCUS_VISIBLE);
        }
        let key = (states, look.hovered, look.pressed);
        if self.targets.len() <= i {
            self.targets.resize(i + 1, Vec::new());
        }
        let found = self.targets[i].iter().position(|t| t.key == key);
        let Target { palette: target, timings, .. } = match found {
            Some(at) if self.targets[i][at].page == *page => self.targets[i][at],
            _ => {
                let (palette, how) = self.target(node, states, look, page);
                let made = Target { key, page: *page, palette, timings: EASED.map(|prop| how.of(prop)) };
                // A look made over another page palette (a theme's fade) is replaced, so the entries stay few.
                match found {
                    Some(at) => self.targets[i][at] = made,
                    None => self.targets[i].push(made),
                }
                made
            }
        };
        let mut ease = |prop: Prop, c: Color| {
            let k = EASED.iter().position(|p| *p == prop).unwrap_or(0);
            self.fades.colour(i * EASED.len() + k, c, timings[k], now)
        };
        let body = body_color(&target, look);
        let shown_body = ease(Prop::Background, body);
        let mut shown = Palette {
            text: ease(Prop::Color, target.text),
            muted: ease(Prop::Muted, target.muted),
            accent: ease(Prop::Accent, target.accent),
            border: ease(Prop::BorderColor, target.border),
            focus: ease(Prop::OutlineColor, target.focus),
            ..target
        };
        // A disabled widget's body is the page's background, which no transition of its own moves.
        if shown_body != body && !look.disabled {
            (shown.surface, shown.surface_hover, shown.surface_pressed) = (shown_body, shown_body, shown_body);
        }
        shown
    }

    /// Node `node`'s palette in `states` and `look` over `page`, and the transitions its style in that look gives
    /// (the new style's, as in CSS).
    fn target(&mut self, node: usize, states: States, look: State, page: &Palette) -> (Palette, Transitions) {
        let rest = self.style(node, states);
        let hover = self.style(node, states.with(States::HOVER));
        let held = self.style(node, states.with(States::HOVER).with(States::ACTIVE));
        let current = match (look.hovered, look.pressed) {
            (_, true) => &held,
            (true, false) => &hover,
            _ => &rest,
        };
        let target = Palette {
            surface: rest.background.unwrap_or(page.surface),
            // A hover or press rule shows; without one, the theme's hover and press colours still answer the pointer.
            surface_hover: hover.background.filter(|b| Some(*b) != rest.background).unwrap_or(page.surface_hover),
            surface_pressed: held.background.filter(|b| Some(*b) != rest.background).unwrap_or(page.surface_pressed),
            ..over(page, current)
        };
        (target, current.transition.clone())
    }
}

/// `base` with what `s` sets: text, muted text, accent, border and focus ring.
fn over(base: &Palette, s: &Computed) -> Palette {
    Palette {
        text: s.color.unwrap_or(base.text),
        muted: s.muted.unwrap_or(base.muted),
        accent: s.accent.unwrap_or(base.accent),
        border: s.border.unwrap_or(base.border),
        focus: s.outline.unwrap_or(base.focus),
        ..*base
    }
}
