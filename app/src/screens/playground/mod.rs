//! The playground: Yoga at work. A container of twelve boxes laid out by Yoga from the properties the
//! panel's chips and the keys set (see [`state`]); each change re-lays out the container, counts the Yoga calls it
//! made and times them, and the boxes glide to their new places ([`glide`]).

pub mod glide;
pub mod panel;
pub mod state;

use std::time::{Duration, Instant};

use goldberry_natives::yoga::{Direction, Gutter, LayoutTree, Length, NodeId, Wrap};
use goldberry_natives::{Goldberry, NativeError};

use self::glide::Glide;
use self::panel::{PANEL_WIDTH, Panel, PanelFonts, PanelLayout, PanelView};
use self::state::{BOX_COUNT, PlaygroundState, Props, ids};
use crate::display_list::{DisplayList, Stroke};
use crate::flame::layouts::{self, Laid};
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, Rect};
use crate::scene::draw::widgets::{Ink, State, button, start, text};
use crate::scene::layout::{LaidBox, LayoutError, Mount, outline};
use crate::screens::interface::{Page, Recorded, Room, Screen};
use crate::screens::paging::{self, Sheet};
use crate::ui::router::{Cursor, Region, Router, Target, WidgetId};
use crate::ui::theme::Palette;
use goldberry_natives::yoga::Align;

/// The twelve boxes: width, height (px) and the text some of them hold.
pub const BOXES: [(f32, f32, &str); BOX_COUNT] = [
    (96.0, 64.0, "Yoga"),
    (64.0, 40.0, ""),
    (120.0, 88.0, "flex"),
    (56.0, 56.0, ""),
    (88.0, 36.0, "wrap"),
    (72.0, 96.0, ""),
    (136.0, 48.0, "justify"),
    (48.0, 72.0, ""),
    (80.0, 80.0, "gap"),
    (104.0, 44.0, ""),
    (60.0, 60.0, "align"),
    (112.0, 68.0, ""),
];

/// The boxes' fill colours, in turn.
const HUES: [Color; 6] = [
    Color::rgb(0x4f, 0x8c, 0xf7),
    Color::rgb(0x35, 0xc0, 0xa8),
    Color::rgb(0xf2, 0xa1, 0x3b),
    Color::rgb(0xe0, 0x5d, 0x7a),
    Color::rgb(0x9b, 0x7c, 0xf0),
    Color::rgb(0x6c, 0xb8, 0x4e),
];

const MARGIN: f32 = 16.0;
const STATS_HEIGHT: f32 = 28.0;
/// The narrowest stage the panel stands beside: a narrower page stacks the panel above the stage, whose boxes would
/// otherwise overflow a stage of no width (the widget sweep's finding at 285 to 355 units).
const STAGE_MIN_W: f32 = 240.0;
/// A stacked stage's height on a page that scrolls (a taller window gives it the rest).
const STACKED_STAGE_H: f32 = 320.0;

/// Whether a page `width` wide stacks the panel above the stage.
fn stacked(width: f32) -> bool {
    width < PANEL_WIDTH + STAGE_MIN_W + 3.0 * MARGIN
}

/// The panel's width on a page `width` wide: its own beside the stage, the page's stacked above it.
fn panel_width(width: f32) -> f32 {
    if stacked(width) { (width - 2.0 * MARGIN).max(0.0) } else { PANEL_WIDTH }
}
const RESET_WIDTH: f32 = 72.0;

/// Where the page's parts lie, and the boxes' glide.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaygroundLayout {
    /// The body the page was laid out in.
    pub body: Rect,
    /// The properties the container was laid out from.
    pub props: Props,
    /// The panel.
    pub panel: PanelLayout,
    /// The area the container may fill.
    pub stage: Rect,
    /// The container.
    pub container: Rect,
    /// The boxes, gliding (window pixels).
    pub glide: Glide,
    /// The Yoga calls the last change made.
    pub calls: u64,
    /// Whether a change was made since the page was laid out (the figures show then).
    pub changed: bool,
    /// The time the last change's layout took (setters, the pass, reading the boxes).
    pub time: Duration,
}

/// The screen's Yoga tree (the container and its boxes, and the panel as a root of its own) and its last layout.
#[derive(Debug)]
pub struct Playground {
    tree: LayoutTree,
    container: NodeId,
    boxes: Vec<NodeId>,
    panel: Panel,
    fonts: PanelFonts,
    laid: Option<PlaygroundLayout>,
    /// How tall the page is (the panel and its margins), measured when the body is new.
    page_h: Option<f32>,
    /// The focus the last frame drew, so that a new focus below the fold scrolls into view once.
    drawn_focus: Option<WidgetId>,
    /// The page's sheet and the offset the last layout placed it at.
    sheet: (Sheet, f32),
    /// The boxes moved since the last recording (its regions are new).
    moved: bool,
    /// The regions the last frame handed over: a scroll moves them without moving the boxes, so each frame's are
    /// compared with them and handed over when they differ.
    handed: Vec<Region>,
    /// Which way the container's rows run (right to left in a mirrored UI).
    direction: Direction,
}

impl Screen for Playground {
    type State = PlaygroundState;

    const NAME: &'static str = "layout";
    const TITLE: &'static str = "Layout";

    fn new(g: &'static Goldberry, fonts: &FontBook) -> Result<Playground, NativeError> {
        Playground::build(g, fonts)
    }

    fn forget(&mut self) {
        self.laid = None;
        self.page_h = None;
        self.drawn_focus = None;
        self.handed.clear();
    }

    /// Brings the layout up to date (the whole page when it is fresh, the container when the properties
    /// changed) and records the page; new regions whenever the boxes move.
    fn lay_out(&mut self, room: &Room<'_>, state: &PlaygroundState) -> Result<(), LayoutError> {
        if room.fresh {
            self.laid = None;
            self.page_h = None;
            self.panel.set_density(&mut self.tree, room.settings.density);
        }
        self.set_direction(room.direction);
        let (body, now, mirrored) = (room.body, room.now(), room.mirrored());
        // The page is as tall as the panel needs; a shorter body scrolls it.
        let content_h = match self.page_h {
            Some(h) => h,
            None => {
                // Measured in the viewport a scrolled page leaves: a page that turns out to fit is laid out in the
                // whole body, no taller than this.
                let width = paging::content_viewport(body, mirrored).w;
                let panel = self.panel.lay_out(&mut self.tree, (0.0, 0.0), panel_width(width), self.direction)?;
                let below = if stacked(width) { MARGIN + STATS_HEIGHT + STACKED_STAGE_H } else { 0.0 };
                let h = panel.rect.h + below + 2.0 * MARGIN;
                self.page_h = Some(h);
                h
            }
        };
        let sheet = Sheet { viewport: body, content_h: content_h.max(body.h), mirrored };
        let scrolls = sheet.scrollbar(0.0).is_some();
        // A focus that moved onto a chip row or Reset outside the view brings it into view. The focus drawn is
        // followed on every frame, scrolled or not, so a move made while the page fitted is not taken for new.
        let focus = room.router.focus();
        let moved_focus = std::mem::replace(&mut self.drawn_focus, focus) != focus;
        let offset = if scrolls {
            let reveal = match (&self.laid, focus) {
                (Some(laid), Some(id)) if moved_focus => paging::reveal(&self.regions(), id, laid.body.y),
                _ => None,
            };
            paging::offset_to_draw(state.paging.offset, content_h, body, reveal)
        } else {
            0.0
        };
        let viewport = paging::content_viewport(body, mirrored);
        let page_body = if scrolls { Rect { y: body.y - offset, h: content_h, ..viewport } } else { body };
        self.moved |= self.update(page_body, &state.props, now)?;
        self.sheet = (sheet, offset);
        Ok(())
    }

    fn record(
        &mut self,
        page: &mut Page<'_>,
        _state: &PlaygroundState,
    ) -> Result<Recorded<(Sheet, f32, Option<Rect>)>, NativeError> {
        let (sheet, offset) = self.sheet;
        let (body, now) = (page.body, page.now());
        let viewport = paging::content_viewport(body, sheet.mirrored);
        let (fonts, router, palette) = (page.fonts, page.router, page.palette);
        if sheet.scrollbar(offset).is_some() {
            page.list.clip(viewport, |list| self.draw(list, fonts, now, router, &palette));
            paging::draw_scrollbar(page.list, router, palette, sheet, offset);
        } else {
            self.draw(page.list, fonts, now, router, &palette);
        }
        let mut regions = vec![paging::page_region(body)];
        // A scrolled page cuts its regions to its viewport. One that fits lets boxes overflow the stage (a nowrap
        // row; the report gives every box Yoga placed), but not up under the title bar, whose tabs are drawn over
        // them.
        let scrolls = sheet.scrollbar(offset).is_some();
        let below_bar = Rect { y: body.y, h: f32::MAX / 4.0, x: -f32::MAX / 8.0, w: f32::MAX / 4.0 };
        let shown = if scrolls { viewport } else { below_bar };
        // A box cut out of view keeps an empty region, so the report's boxes stay one a box, in order.
        let kept = |r: Region| {
            let cut = r.rect.intersection(shown).unwrap_or(Rect { w: 0.0, h: 0.0, ..r.rect });
            Some(Region { rect: cut, ..r })
        };
        regions.extend(
            self.regions()
                .into_iter()
                .filter_map(|r| if r.target.id == ids::BOXES { kept(r) } else { paging::cut(r, shown) }),
        );
        paging::scrollbar_regions(sheet, offset, &mut regions);
        let fresh = std::mem::take(&mut self.moved) || regions != self.handed;
        let regions = fresh.then(|| {
            self.handed.clone_from(&regions);
            regions
        });
        let stage = self.laid.as_ref().map(|l| l.stage);
        Ok(Recorded { regions, laid: Some((sheet, offset, stage)) })
    }

    fn outline(&self, _body: Rect, into: &mut Vec<LaidBox>) {
        if let Some(laid) = &self.laid {
            let panel = Mount { origin: (laid.panel.rect.x, laid.panel.rect.y), depth: 2 };
            outline(&self.tree, self.panel.root(), panel, "panel", into);
            let container = Mount { origin: (laid.container.x, laid.container.y), depth: 2 };
            outline(&self.tree, self.container, container, "container", into);
        }
    }
}

impl Playground {
    /// Builds the tree: the container and its twelve fixed-size boxes, and the panel.
    fn build(g: &'static Goldberry, fonts: &FontBook) -> Result<Playground, NativeError> {
        let f = PanelFonts {
            title: fonts.id(Face::SansBold, 18.0),
            label: fonts.id(Face::Sans, 12.0),
            chip: fonts.id(Face::Mono, 11.0),
        };
        let mut tree = LayoutTree::new(g)?;
        let container = tree.add_node()?;
        let mut boxes = Vec::with_capacity(BOX_COUNT);
        for (w, h, _) in BOXES {
            let b = tree.add_node()?;
            tree.add_child(container, b)?;
            tree.set_width(b, Length::Points(w));
            tree.set_height(b, Length::Points(h));
            boxes.push(b);
        }
        let panel = Panel::new(&mut tree, fonts, f)?;
        Ok(Playground {
            tree,
            container,
            boxes,
            panel,
            fonts: f,
            laid: None,
            page_h: None,
            drawn_focus: None,
            sheet: (Sheet::default(), 0.0),
            moved: false,
            handed: Vec::new(),
            direction: Direction::Ltr,
        })
    }

    /// The last layout.
    pub fn laid(&self) -> Option<&PlaygroundLayout> {
        self.laid.as_ref()
    }

    /// Whether the page runs right to left (a mirrored UI).
    fn mirrored(&self) -> bool {
        self.direction == Direction::Rtl
    }

    /// Lays the container out right to left (a mirrored UI) or left to right from the next update on.
    pub fn set_direction(&mut self, direction: Direction) {
        if direction != self.direction {
            self.direction = direction;
            self.laid = None;
        }
    }

    /// Brings the layout up to date with `props` in `body` at frame time `now`: the whole page when the body is
    /// new (the boxes then rest where Yoga puts them), only the container when the properties changed (the boxes
    /// then glide from where they are shown). Returns whether anything moved (the regions are new).
    pub fn update(&mut self, body: Rect, props: &Props, now: f64) -> Result<bool, NativeError> {
        let laid = match self.laid.take() {
            Some(laid) if laid.body == body => {
                if laid.props == *props {
                    self.laid = Some(laid);
                    return Ok(false);
                }
                let (container, boxes, calls, time) = self.lay_out_container(laid.stage, Some(&laid.props), props)?;
                let glide = laid.glide.retarget(boxes, now);
                PlaygroundLayout { props: *props, container, glide, calls, time, changed: true, ..laid }
            }
            _ => {
                // Mirrored, the panel stands at the right and the stage to its left; on a narrow page the panel
                // stands above the stage, both as wide as the page.
                let mirrored = self.direction == Direction::Rtl;
                let width = panel_width(body.w);
                let panel_x = if mirrored { body.right() - MARGIN - width } else { body.x + MARGIN };
                let panel = self.panel.lay_out(&mut self.tree, (panel_x, body.y + MARGIN), width, self.direction)?;
                let (x, right, top) = if stacked(body.w) {
                    (body.x + MARGIN, body.right() - MARGIN, panel.rect.bottom() + MARGIN)
                } else if mirrored {
                    (body.x + MARGIN, panel.rect.x - MARGIN, body.y + MARGIN)
                } else {
                    (panel.rect.right() + MARGIN, body.right() - MARGIN, body.y + MARGIN)
                };
                let y = top + STATS_HEIGHT;
                let stage = Rect::new(x, y, (right - x).max(0.0), (body.bottom() - MARGIN - y).max(0.0));
                let (container, boxes, calls, time) = self.lay_out_container(stage, None, props)?;
                let glide = Glide::settled(boxes);
                PlaygroundLayout { body, props: *props, panel, stage, container, glide, calls, time, changed: false }
            }
        };
        self.laid = Some(laid);
        Ok(true)
    }

    /// Sets the container's style where `props` differ from `was` (everything when there is no `was`), lays it out
    /// in `stage` and reads the boxes back: the container, the boxes in window pixels, the Yoga calls and the time.
    fn lay_out_container(
        &mut self,
        stage: Rect,
        was: Option<&Props>,
        p: &Props,
    ) -> Result<(Rect, Vec<Rect>, u64, Duration), NativeError> {
        let start = Instant::now();
        let calls = self.tree.yoga_calls();
        let (t, c) = (&mut self.tree, self.container);
        let differs = |f: &dyn Fn(&Props) -> bool| was.is_none_or(|w| f(w) != f(p));
        let (w, h) = ((stage.w * p.width).round(), (stage.h * p.height).round());
        if was.is_none_or(|was| was.width != p.width || was.height != p.height) {
            t.set_width(c, Length::Points(w));
            t.set_height(c, Length::Points(h));
        }
        if was.is_none_or(|was| was.direction != p.direction) {
            t.set_flex_direction(c, p.direction());
        }
        if differs(&|q| q.wrap) {
            t.set_flex_wrap(c, if p.wrap { Wrap::Wrap } else { Wrap::NoWrap });
        }
        if was.is_none_or(|was| was.justify != p.justify) {
            t.set_justify_content(c, p.justify());
        }
        if was.is_none_or(|was| was.align_items != p.align_items) {
            t.set_align_items(c, p.align_items());
        }
        if was.is_none_or(|was| was.align_content != p.align_content) {
            t.set_align_content(c, p.align_content());
        }
        if was.is_none_or(|was| was.gap != p.gap) {
            t.set_gap_length(c, Gutter::All, p.gap());
        }
        for (i, node) in self.boxes.iter().enumerate() {
            if was.is_none_or(|was| was.grow[i] != p.grow[i]) {
                t.set_flex_grow(*node, if p.grow[i] { 1.0 } else { 0.0 });
            }
        }
        layouts::timed(Laid::Part("layout stage"), || t.calculate(c, w, h, self.direction))?;
        // The container stands at the stage's start corner: its right one mirrored, so that it grows toward the
        // left as its boxes flow from the right.
        let x0 = if self.direction == Direction::Rtl { stage.right() - w } else { stage.x };
        let at = |r: goldberry_natives::yoga::Rect| Rect::new(x0 + r.x, stage.y + r.y, r.w, r.h);
        let container = at(t.layout(c));
        // The container is the root, at the origin: each box's own offset is its place in it.
        let boxes = self.boxes.iter().map(|n| at(t.local_layout(*n))).collect();
        Ok((container, boxes, self.tree.yoga_calls() - calls, start.elapsed()))
    }

    /// The regions of the last layout: the stage and the container (they take no input; the report gives their
    /// boxes), the boxes where they come to rest, the corner, and the panel's chips.
    pub fn regions(&self) -> Vec<Region> {
        let Some(laid) = &self.laid else { return Vec::new() };
        let region = |id, part: usize, rect, cursor, enabled| Region {
            target: Target { id, part: part as u8 },
            rect,
            cursor,
            focusable: false,
            enabled,
        };
        let mut regions = vec![
            region(ids::STAGE, 0, laid.stage, Cursor::Arrow, false),
            region(ids::CONTAINER, 0, laid.container, Cursor::Arrow, false),
        ];
        // A box is drawn clipped to the stage, so it is clicked there only: beyond it (a nowrap row run past the
        // stage) it would take clicks meant for the panel's chips it is not drawn over.
        for (i, rect) in laid.glide.target().iter().enumerate() {
            let shown = rect.intersection(laid.stage).unwrap_or(Rect { w: 0.0, h: 0.0, ..*rect });
            regions.push(region(ids::BOXES, i, shown, Cursor::Hand, true));
        }
        regions.push(region(ids::CORNER, 0, corner(laid.container, self.mirrored()), Cursor::Hand, true));
        let reset = reset_button(laid.stage, self.mirrored());
        regions.push(Region { focusable: true, ..region(ids::RESET, 0, reset, Cursor::Hand, true) });
        regions.extend(self.panel.regions(&laid.panel));
        regions
    }

    /// Records the page at frame time `now`: the panel, the Yoga figures, the stage, the container and the boxes
    /// where the glide has them.
    pub fn draw(&self, list: &mut DisplayList, fonts: &FontBook, now: f64, router: &Router, palette: &Palette) {
        let Some(laid) = &self.laid else { return };
        let p = palette;
        let mirrored = self.mirrored();
        let view = PanelView { props: &laid.props, router, palette: p, fonts: self.fonts, mirrored };
        self.panel.record(list, fonts, &laid.panel, &view);
        let reset = reset_button(laid.stage, mirrored);
        // The figures' line runs from the stage's start to the Reset button at its end.
        let (x, right) =
            if mirrored { (reset.right() + 12.0, laid.stage.right()) } else { (laid.stage.x, reset.x - 12.0) };
        let stats = Rect::new(x, laid.stage.y - STATS_HEIGHT, right - x, STATS_HEIGHT - 6.0);
        // Before the first change the line says what it will show: a first frame's picture holds no timing.
        let figures = if laid.changed {
            format!("{} Yoga calls for the last change   layout {:.3} ms", laid.calls, laid.time.as_secs_f64() * 1000.0)
        } else {
            "Change a property: the Yoga calls it makes and the layout time show here".to_owned()
        };
        text(list, fonts, self.fonts.label, stats, &figures, p.muted, start(mirrored));
        list.fill_round_rect(laid.stage, 8.0, p.surface_pressed);
        let c = laid.container;
        list.fill_rect(c, p.surface);
        list.hairline(c, 2.0, p.border);
        list.clip(laid.stage, |list| {
            for (i, (rect, (_, _, label))) in laid.glide.at(now).iter().zip(BOXES).enumerate() {
                let hovered = router.hovered() == Some(Target { id: ids::BOXES, part: i as u8 });
                let hue = HUES[i % HUES.len()];
                list.fill_round_rect(*rect, 6.0, hue.with_alpha(0xd8));
                if laid.props.grow[i] || hovered {
                    let edge = if hovered { p.focus } else { p.text };
                    list.stroke_round_rect(rect.inset(1.0), 5.0, Stroke { width: 2.0, round: false }, edge);
                }
                if !label.is_empty() {
                    text(list, fonts, self.fonts.label, *rect, label, Color::rgb(0xff, 0xff, 0xff), Align::Center);
                }
            }
        });
        let handle = corner(c, mirrored);
        list.fill_round_rect(handle, 3.0, p.accent);
        let ink = Ink { fonts, font: self.fonts.label, palette: p, mirrored };
        button(list, ink, reset, "Reset…", State::of(router, ids::RESET));
    }
}

/// The Reset button: at the end of the figures' line above the stage (its left end when `mirrored`).
fn reset_button(stage: Rect, mirrored: bool) -> Rect {
    let x = if mirrored { stage.x } else { stage.right() - RESET_WIDTH };
    Rect::new(x, stage.y - STATS_HEIGHT, RESET_WIDTH, STATS_HEIGHT - 6.0)
}

/// The container's corner handle.
fn corner(container: Rect, mirrored: bool) -> Rect {
    let x = if mirrored { container.x } else { container.right() };
    Rect::new(x - 7.0, container.bottom() - 7.0, 14.0, 14.0)
}
