//! The controls screen: a panel of labelled rows (button, checkbox, radio group, toggle, slider, progress bar,
//! disabled button, theme switch, the overlay's dropdown), laid out by Yoga once per size, drawn from the controls' state ([`state`]) and
//! the router's hover, press and focus.

pub mod state;

use goldberry_natives::yoga::{Align, Direction, Edge, FlexDirection, Gutter, Justify, LayoutTree, Length, NodeId};
use goldberry_natives::{Goldberry, NativeError};

use self::state::{Controls, RADIO_OPTIONS, Tracks, ids};
use crate::display_list::DisplayList;
use crate::fonts::{Face, FontBook};
use crate::geom::{FontId, Rect};
use crate::scene::draw::widgets::{
    BOX, Ink, State, button, checkbox, dropdown, focus_ring, progress, radio, slider, stroke_round, text, toggle,
};
use crate::scene::layout::{LaidBox, Mount, outline};
use crate::screens::interface::{Page, Recorded, Screen};
use crate::ui::router::{Cursor, Region, Router, Target, WidgetId};
use crate::ui::settings::Settings;
use crate::ui::theme::Palette;

/// The rows, top to bottom: a label, and the widget it names.
const ROWS: [(&str, WidgetId); 9] = [
    ("Button", ids::BUTTON),
    ("Checkbox", ids::CHECKBOX),
    ("Radio group", ids::RADIO),
    ("Toggle", ids::TOGGLE),
    ("Slider", ids::SLIDER),
    ("Progress", "controls.progress"),
    ("Disabled", ids::DISABLED),
    ("Theme", ids::THEME),
    ("Overlay", ids::OVERLAY),
];

const ROW_HEIGHT: f32 = 40.0;
const LABEL_WIDTH: f32 = 132.0;
const BUTTON: (f32, f32) = (136.0, 32.0);
const TOGGLE: (f32, f32) = (46.0, 24.0);
const SLIDER: (f32, f32) = (260.0, 24.0);
const DROPDOWN: (f32, f32) = (200.0, 32.0);

/// The fonts the screen writes with.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ControlsFonts {
    title: FontId,
    label: FontId,
    value: FontId,
}

impl ControlsFonts {
    fn new(fonts: &FontBook) -> ControlsFonts {
        ControlsFonts {
            title: fonts.id(Face::SansBold, 18.0),
            label: fonts.id(Face::Sans, 13.0),
            value: fonts.id(Face::Mono, 12.0),
        }
    }
}

/// Where everything on the screen lies after a layout.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ControlsLayout {
    /// The panel the rows sit on.
    pub panel: Rect,
    /// The screen's title.
    pub title: Rect,
    /// Each row's label box, top to bottom (button, checkbox, radio group, toggle, slider, progress, disabled, theme,
    /// overlay).
    pub labels: Vec<Rect>,
    /// Each row's widget box, in the same order (the radio group's is the whole group).
    pub widgets: Vec<Rect>,
    /// The radio options' boxes (circle and text).
    pub options: Vec<Rect>,
    /// The hit regions, in tab order.
    pub regions: Vec<Region>,
    /// The tracks a drag follows.
    pub tracks: Tracks,
}

/// The screen's Yoga tree, built once.
#[derive(Debug)]
pub struct ControlsScreen {
    tree: LayoutTree,
    root: NodeId,
    panel: NodeId,
    title: NodeId,
    rows: Vec<(NodeId, NodeId)>,
    options: Vec<NodeId>,
    fonts: ControlsFonts,
    /// The last layout (None: lay out before the next frame).
    laid: Option<ControlsLayout>,
}

impl Screen for ControlsScreen {
    type State = Controls;

    const NAME: &'static str = "controls";
    const TITLE: &'static str = "Controls";

    fn new(g: &'static Goldberry, fonts: &FontBook) -> Result<ControlsScreen, NativeError> {
        ControlsScreen::build(g, fonts)
    }

    fn forget(&mut self) {
        self.laid = None;
    }

    fn record(&mut self, page: &mut Page<'_>, controls: &Controls) -> Result<Recorded<Tracks>, NativeError> {
        let mut recorded = Recorded::default();
        if page.fresh || self.laid.is_none() {
            let laid = self.lay_out(page.body, page.direction)?;
            recorded = Recorded { regions: Some(laid.regions.clone()), laid: Some(laid.tracks) };
            self.laid = Some(laid);
        }
        if let Some(laid) = &self.laid {
            let view = ControlsView {
                controls,
                router: page.router,
                palette: page.palette,
                settings: page.settings,
                mirrored: page.mirrored(),
            };
            self.draw(page.list, page.fonts, laid, &view);
        }
        Ok(recorded)
    }

    fn outline(&self, body: Rect, into: &mut Vec<LaidBox>) {
        if self.laid.is_some() {
            outline(&self.tree, self.root, Mount { origin: (body.x, body.y), depth: 2 }, "controls", into);
        }
    }
}

impl ControlsScreen {
    /// Builds the tree: a centred panel of fixed-height rows, each a label and its widget.
    fn build(g: &'static Goldberry, fonts: &FontBook) -> Result<ControlsScreen, NativeError> {
        let f = ControlsFonts::new(fonts);
        let mut tree = LayoutTree::new(g)?;
        let root = tree.add_node()?;
        tree.set_align_items(root, Align::Center);
        tree.set_justify_content(root, Justify::FlexStart);
        tree.set_padding(root, Edge::All, Length::Points(24.0));
        let panel = tree.add_node()?;
        tree.add_child(root, panel)?;
        tree.set_width(panel, Length::Percent(100.0));
        tree.set_max_width(panel, Length::Points(600.0));
        tree.set_padding(panel, Edge::All, Length::Points(20.0));
        tree.set_gap(panel, Gutter::Row, 4.0);
        let title = tree.add_node()?;
        tree.add_child(panel, title)?;
        tree.set_height(title, Length::Points(fonts.metrics(f.title).line_height + 12.0));
        let mut rows = Vec::with_capacity(ROWS.len());
        let mut options = Vec::new();
        for (_, id) in ROWS {
            let row = tree.add_node()?;
            tree.add_child(panel, row)?;
            tree.set_flex_direction(row, FlexDirection::Row);
            tree.set_align_items(row, Align::Center);
            tree.set_height(row, Length::Points(ROW_HEIGHT));
            let label = tree.add_node()?;
            tree.add_child(row, label)?;
            tree.set_width(label, Length::Points(LABEL_WIDTH));
            tree.set_flex_shrink(label, 0.0);
            tree.set_height(label, Length::Points(ROW_HEIGHT));
            let widget = tree.add_node()?;
            tree.add_child(row, widget)?;
            tree.set_flex_shrink(widget, 1.0);
            let (w, h) = match id {
                ids::BUTTON | ids::DISABLED | ids::THEME => BUTTON,
                ids::CHECKBOX => (BOX + 8.0 + fonts.width_px(f.label, CHECKBOX_TEXT), BOX),
                ids::TOGGLE => TOGGLE,
                ids::SLIDER | "controls.progress" => SLIDER,
                ids::OVERLAY => DROPDOWN,
                _ => (0.0, BOX),
            };
            if id == ids::RADIO {
                tree.set_flex_direction(widget, FlexDirection::Row);
                tree.set_gap(widget, Gutter::Column, 18.0);
                for option in RADIO_OPTIONS {
                    let node = tree.add_node()?;
                    tree.add_child(widget, node)?;
                    tree.set_width(node, Length::Points(BOX + 8.0 + fonts.width_px(f.label, option.label())));
                    tree.set_height(node, Length::Points(BOX + 6.0));
                    options.push(node);
                }
            } else {
                tree.set_width(widget, Length::Points(w));
                tree.set_height(widget, Length::Points(h));
            }
            rows.push((label, widget));
        }
        Ok(ControlsScreen { tree, root, panel, title, rows, options, fonts: f, laid: None })
    }

    /// Lays the screen out in `body` (window pixels).
    pub fn lay_out(&mut self, body: Rect, direction: Direction) -> Result<ControlsLayout, NativeError> {
        self.tree.calculate(self.root, body.w, body.h, direction)?;
        let at = |r: goldberry_natives::yoga::Rect| Rect::new(body.x + r.x, body.y + r.y, r.w, r.h);
        let panel = at(self.tree.layout(self.panel));
        let title = at(self.tree.layout(self.title));
        let labels: Vec<Rect> = self.rows.iter().map(|(label, _)| at(self.tree.layout(*label))).collect();
        let widgets: Vec<Rect> = self.rows.iter().map(|(_, widget)| at(self.tree.layout(*widget))).collect();
        let options: Vec<Rect> = self.options.iter().map(|n| at(self.tree.layout(*n))).collect();
        let mut regions = Vec::new();
        for ((_, id), rect) in ROWS.iter().zip(&widgets) {
            let region = |part: u8, rect: Rect, focusable: bool, enabled: bool| Region {
                target: Target { id, part },
                rect,
                cursor: if enabled { Cursor::Hand } else { Cursor::Arrow },
                focusable,
                enabled,
            };
            match *id {
                ids::RADIO => {
                    regions.extend(options.iter().enumerate().map(|(i, r)| region(i as u8, *r, true, true)));
                }
                "controls.progress" => {}
                ids::DISABLED => regions.push(region(0, *rect, false, false)),
                _ => regions.push(region(0, *rect, true, true)),
            }
        }
        let tracks = Tracks { slider: widgets[4], toggle: widgets[3], mirrored: direction == Direction::Rtl };
        Ok(ControlsLayout { panel, title, labels, widgets, options, regions, tracks })
    }

    /// Records the screen: `controls` as they are, shown in `palette`, with the router's hover, press and focus.
    fn draw(&self, list: &mut DisplayList, fonts: &FontBook, layout: &ControlsLayout, view: &ControlsView<'_>) {
        let (p, f) = (&view.palette, self.fonts);
        let start = if view.mirrored { Align::FlexEnd } else { Align::FlexStart };
        let ink = Ink { fonts, font: f.label, palette: p, mirrored: view.mirrored };
        list.fill_round_rect(layout.panel, 10.0, p.surface);
        stroke_round(list, layout.panel, 10.0, 1.0, p.border);
        text(list, fonts, f.title, layout.title, "Controls", p.text, start);
        for (i, ((label, id), rect)) in ROWS.iter().zip(&layout.widgets).enumerate() {
            let muted = *id == ids::DISABLED;
            text(list, fonts, f.label, layout.labels[i], label, if muted { p.muted } else { p.text }, start);
            let state = view.state(id);
            match *id {
                ids::BUTTON => {
                    button(list, ink, *rect, "Press me", state);
                    let count = match view.controls.presses {
                        1 => "pressed once".to_owned(),
                        n => format!("pressed {n} times"),
                    };
                    let after = beside(*rect, 220.0, view.mirrored);
                    text(list, fonts, f.value, after, &count, p.muted, start);
                }
                ids::DISABLED => button(list, ink, *rect, "Unavailable", State::DISABLED),
                ids::THEME => {
                    let name = view.settings.theme.name().as_str();
                    button(list, ink, *rect, &format!("Theme: {name}"), state);
                    let hint = beside(*rect, 220.0, view.mirrored);
                    text(list, fonts, f.value, hint, "Ctrl+T anywhere", p.muted, start);
                }
                ids::CHECKBOX => checkbox(list, ink, *rect, CHECKBOX_TEXT, view.settings.shadows, state),
                ids::RADIO => {
                    for (part, (option, r)) in RADIO_OPTIONS.iter().zip(&layout.options).enumerate() {
                        let state = view.part_state(id, part as u8);
                        radio(list, ink, *r, option.label(), view.settings.inspect.index() == part, state);
                    }
                    if state.focused {
                        let group = layout.options.iter().fold(layout.options[0], |a, b| a.union(*b));
                        focus_ring(list, group, 6.0, p);
                    }
                }
                ids::TOGGLE => toggle(list, *rect, view.controls.on, view.mirrored, p, state),
                ids::OVERLAY => {
                    dropdown(list, ink, *rect, view.settings.overlay().label(), state);
                    let hint = beside(*rect, 160.0, view.mirrored);
                    text(list, fonts, f.value, hint, "or F2, F3, F4", p.muted, start);
                }
                ids::SLIDER => {
                    slider(list, *rect, view.controls.value, view.mirrored, p, state);
                    let after = beside(*rect, 80.0, view.mirrored);
                    text(list, fonts, f.value, after, &view.controls.value.to_string(), p.text, start);
                }
                _ => progress(list, *rect, view.controls.value, view.mirrored, p),
            }
        }
    }
}

const CHECKBOX_TEXT: &str = "Draw the card shadows";

/// A box `w` wide for what follows a widget: after its end edge (its right, or its left when `mirrored`).
fn beside(rect: Rect, w: f32, mirrored: bool) -> Rect {
    let x = if mirrored { rect.x - 14.0 - w } else { rect.right() + 14.0 };
    Rect::new(x, rect.y, w, rect.h)
}

/// What the screen is drawn from besides its layout.
#[derive(Debug)]
struct ControlsView<'a> {
    /// The values.
    pub controls: &'a Controls,
    /// Hover, press and focus.
    pub router: &'a Router,
    /// The colours (mid-fade during a theme change).
    pub palette: Palette,
    /// What the checkbox, the radio group and the theme switch show.
    pub settings: Settings,
    /// Laid out right to left: labels stand against their boxes' right edges.
    pub mirrored: bool,
}

impl ControlsView<'_> {
    fn state(&self, id: WidgetId) -> State {
        State::of(self.router, id)
    }

    fn part_state(&self, id: WidgetId, part: u8) -> State {
        State::of_part(self.router, id, part)
    }
}
