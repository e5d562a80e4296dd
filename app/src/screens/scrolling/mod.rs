//! The scrolling screen: ten thousand rows (an icon, a title in Inter, a monospace figure, a tag pill; two
//! heights), virtualized: only the rows the viewport shows are Yoga nodes (a pool, attached as they show) and
//! display-list ops. Section headers stick to the viewport's top; a scrollbar fades when idle.
//!
//! The rows are recorded at their place in the list under one translation by the offset, and the list says so
//! ([`ScrollHint`]): raster then moves the pixels already drawn by the scroll and draws only what it uncovers.

pub mod model;
pub mod state;

use std::ops::Range;

use goldberry_natives::yoga::{Align, Direction, Edge, FlexDirection, Gutter, LayoutTree, Length, NodeId};
use goldberry_natives::{Goldberry, NativeError};

use self::model::{HEADER_H, SECTION_ROWS};
use self::state::{ScrollState, ids};
use crate::display_list::{DisplayList, ScrollHint};
use crate::flame::layouts::{self, Laid};
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId, Rect};
use crate::scene::draw::widgets::{start as text_start, text as text_in};
use crate::scene::layout::{LaidBox, LayoutError};
use crate::screens::interface::{Page, Recorded, Room, Screen};
use crate::ui::router::{Cursor, Region};
use crate::ui::settings::Density;
use crate::ui::theme::Palette;

const MARGIN: f32 = 16.0;
const TITLE_H: f32 = 32.0;
/// The list's widest.
const MAX_WIDTH: f32 = 880.0;
const BAR_W: f32 = 10.0;
const ICON: f32 = 20.0;
const FIGURE_W: f32 = 84.0;

const WORDS_A: [&str; 12] = [
    "Amber", "Brisk", "Cobalt", "Dusky", "Ember", "Fennel", "Granite", "Hazel", "Indigo", "Juniper", "Kestrel", "Lumen",
];
const WORDS_B: [&str; 10] =
    ["ledger", "harbour", "lantern", "meadow", "orbit", "quarry", "signal", "thicket", "valley", "whistle"];
const TAGS: [&str; 5] = ["new", "review", "shipped", "blocked", "draft"];
const HUES: [Color; 5] = [
    Color::rgb(0x4f, 0x8c, 0xf7),
    Color::rgb(0x35, 0xc0, 0xa8),
    Color::rgb(0xf2, 0xa1, 0x3b),
    Color::rgb(0xe0, 0x5d, 0x7a),
    Color::rgb(0x9b, 0x7c, 0xf0),
];

/// Where the list is scrolled at `now` in a viewport `viewport_h` tall: the state learns a new viewport's height
/// after the frame that laid it out, which already shows the list within its end.
fn shown_offset(state: &ScrollState, now: f64, viewport_h: f32) -> f32 {
    state.offset_at(now).min(model::max_offset(viewport_h))
}

/// Row `i`'s title.
pub fn title(i: usize) -> String {
    format!("{} {}", WORDS_A[i % WORDS_A.len()], WORDS_B[(i / 3) % WORDS_B.len()])
}

/// Row `i`'s figure.
fn figure(i: usize) -> String {
    let v = (i as u64 * 7_919 + 13) % 1_000_000;
    format!("{:>3}.{:02}", v / 1_000 % 1_000, v % 100)
}

/// The fonts the screen writes with.
#[derive(Debug, Clone, Copy)]
struct ListFonts {
    title: FontId,
    row: FontId,
    figure: FontId,
    tag: FontId,
    header: FontId,
}

/// One pooled row's nodes.
#[derive(Debug, Clone, Copy)]
struct RowNodes {
    row: NodeId,
    icon: NodeId,
    title: NodeId,
    figure: NodeId,
    pill: NodeId,
}

/// A visible row, laid out: its index and its parts' boxes in list coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
struct RowBoxes {
    index: usize,
    row: Rect,
    icon: Rect,
    title: Rect,
    figure: Rect,
    pill: Rect,
}

/// Where the page's parts lie.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ListPage {
    /// The body it was laid out in.
    pub body: Rect,
    /// The title line.
    pub title: Rect,
    /// The list's viewport (whole pixels).
    pub viewport: Rect,
    /// The scrollbar's track.
    pub track: Rect,
    /// Laid out right to left: the scrollbar at the list's left, each row's parts in reverse order.
    pub mirrored: bool,
}

/// The screen: its pool of row nodes, the rows attached now, and the page.
#[derive(Debug)]
pub struct ScrollingScreen {
    tree: LayoutTree,
    root: NodeId,
    /// The pooled rows, each with the row it is attached for (None: detached).
    pool: Vec<(RowNodes, Option<usize>)>,
    attached: usize,
    /// Each tag's pill width: the same five words on every row.
    tag_widths: [f32; 5],
    /// The rows laid out last (first row, one past the last) and their boxes.
    rows: (Range<usize>, Vec<RowBoxes>),
    page: Option<ListPage>,
    fonts: ListFonts,
    /// The page was laid out anew since the last recording (its regions are new).
    relaid: bool,
}

impl Screen for ScrollingScreen {
    type State = ScrollState;

    const NAME: &'static str = "scrolling";
    const TITLE: &'static str = "Scrolling";

    fn new(g: &'static Goldberry, fonts: &FontBook) -> Result<ScrollingScreen, NativeError> {
        ScrollingScreen::build(g, fonts)
    }

    fn forget(&mut self) {
        self.page = None;
        self.rows = (0..0, Vec::new());
    }

    /// Lays the page out when it is fresh, then the rows the viewport shows at the frame's offset.
    fn lay_out(&mut self, room: &Room<'_>, state: &ScrollState) -> Result<(), LayoutError> {
        if room.fresh {
            Screen::forget(self);
        }
        self.relaid |= self.update_page(room.body, room.mirrored(), room.settings.density);
        if let Some(page) = self.page {
            self.lay_out_rows(shown_offset(state, room.now(), page.viewport.h))?;
        }
        Ok(())
    }

    /// Records the rows laid out, and tells the list which ops scroll.
    fn record(&mut self, page: &mut Page<'_>, state: &ScrollState) -> Result<Recorded<f32>, NativeError> {
        let regions = std::mem::take(&mut self.relaid).then(|| self.regions());
        // A new viewport's height goes back to the state, which keeps the list within its end from then on.
        let laid = regions.as_ref().and(self.page.map(|p| p.viewport.h));
        page.list.scroll = self.draw(page.list, page.fonts, state, page.frame.time_s, &page.palette);
        Ok(Recorded { regions, laid })
    }

    /// The page's boxes; the rows are Yoga boxes too, but they lie where the scroll offset puts them, which the
    /// state holds, not the screen.
    fn outline(&self, _body: Rect, into: &mut Vec<LaidBox>) {
        if let Some(page) = &self.page {
            into.push(LaidBox::plain("scrolling".to_owned(), page.body, 2));
            for (name, rect) in [("title", page.title), ("viewport", page.viewport), ("scrollbar", page.track)] {
                into.push(LaidBox::plain(format!("scrolling/{name}"), rect, 3));
            }
        }
    }
}

impl ScrollingScreen {
    /// An empty pool under a column root.
    fn build(g: &'static Goldberry, book: &FontBook) -> Result<ScrollingScreen, NativeError> {
        let mut tree = LayoutTree::new(g)?;
        let root = tree.add_node()?;
        let fonts = ListFonts {
            title: book.id(Face::SansBold, 18.0),
            row: book.id(Face::Sans, 13.0),
            figure: book.id(Face::Mono, 12.0),
            tag: book.id(Face::Sans, 11.0),
            header: book.id(Face::SansBold, 12.0),
        };
        let tag_widths = TAGS.map(|tag| (book.width_px(fonts.tag, tag) + 16.0).ceil());
        Ok(ScrollingScreen {
            tree,
            root,
            pool: Vec::new(),
            attached: 0,
            tag_widths,
            rows: (0..0, Vec::new()),
            page: None,
            fonts,
            relaid: false,
        })
    }

    /// The page, once laid out.
    pub fn page(&self) -> Option<ListPage> {
        self.page
    }

    /// How many rows exist as Yoga nodes now (attached under the root).
    pub fn rows_as_nodes(&self) -> usize {
        self.attached
    }

    /// Lays the page out in `body`, right to left when `mirrored`, with `density`'s margins when it is new;
    /// returns whether it was (the regions are new). A new density forgets the page first (the frame is fresh).
    pub fn update_page(&mut self, body: Rect, mirrored: bool, density: Density) -> bool {
        if self.page.is_some_and(|p| p.body == body && p.mirrored == mirrored) {
            return false;
        }
        // Compact density takes 6 px from the margins, 4 from the title and 2 from the gap under it.
        let (margin, title_h, gap) = match density {
            Density::Regular => (MARGIN, TITLE_H, 8.0),
            Density::Compact => (MARGIN - 6.0, TITLE_H - 4.0, 6.0),
        };
        let w = (body.w - 2.0 * margin - BAR_W - 4.0).clamp(0.0, MAX_WIDTH).floor();
        // The list and its scrollbar, centred together; mirrored, the scrollbar comes first from the left.
        let x = (body.x + (body.w - w - BAR_W - 4.0) / 2.0).round();
        let (list_x, bar_x) = if mirrored { (x + BAR_W + 4.0, x) } else { (x, x + w + 4.0) };
        let title = Rect::new(list_x, body.y + margin, w, title_h);
        let y = (title.bottom() + gap).round();
        let h = (body.bottom() - margin - y).max(0.0).floor();
        let viewport = Rect::new(list_x, y, w, h);
        let track = Rect::new(bar_x, y, BAR_W, h);
        self.page = Some(ListPage { body, title, viewport, track, mirrored });
        self.rows = (0..0, Vec::new());
        true
    }

    /// The regions: the viewport and the scrollbar's track.
    pub fn regions(&self) -> Vec<Region> {
        let Some(page) = self.page else { return Vec::new() };
        vec![Region::at(ids::LIST, 0, page.viewport, Cursor::Arrow), Region::at(ids::BAR, 0, page.track, Cursor::Arrow)]
    }

    /// Lays out the rows the viewport shows at `offset` (when they are other rows than last time). Row `i` is
    /// bound to pooled slot `i % pool size`, so a row that stays in view keeps its nodes, its height and its pill:
    /// Yoga re-lays only the rows that came into view, and the boxes of the others are kept. Only the rows in view
    /// are attached under the root.
    fn lay_out_rows(&mut self, offset: f32) -> Result<(), NativeError> {
        let Some(page) = self.page else { return Ok(()) };
        let (first, end) = model::visible(offset, page.viewport.h);
        if self.rows.0 == (first..end) {
            return Ok(());
        }
        let count = end - first;
        if self.pool.len() < count {
            // A taller viewport: more slots, and every row bound anew to its slot.
            for (nodes, bound) in &mut self.pool {
                if bound.take().is_some() {
                    self.tree.remove_child(self.root, nodes.row)?;
                }
            }
            while self.pool.len() < count {
                let nodes = self.new_row()?;
                self.pool.push((nodes, None));
            }
            self.rows = (0..0, Vec::new());
        }
        let slots = self.pool.len();
        for (slot, (nodes, bound)) in self.pool.iter_mut().enumerate() {
            // The row in view that this slot serves, if any (rows in view are consecutive and fewer than slots).
            let i = first + (slot + slots - first % slots) % slots;
            let wanted = (i < end).then_some(i);
            if *bound == wanted {
                continue;
            }
            match (*bound, wanted) {
                (None, Some(_)) => self.tree.add_child(self.root, nodes.row)?,
                (Some(_), None) => self.tree.remove_child(self.root, nodes.row)?,
                _ => {}
            }
            if let Some(i) = wanted {
                self.tree.set_height(nodes.row, Length::Points(model::row_height(i)));
                self.tree.set_width(nodes.pill, Length::Points(self.tag_widths[i % TAGS.len()]));
            }
            *bound = wanted;
        }
        self.attached = count;
        let direction = if page.mirrored { Direction::Rtl } else { Direction::Ltr };
        let width = page.viewport.w;
        layouts::timed(Laid::Part("scrolling page"), || self.tree.calculate(self.root, width, f32::NAN, direction))?;
        let (was, old) = std::mem::take(&mut self.rows);
        let mut boxes = Vec::with_capacity(count);
        for i in first..end {
            if was.contains(&i) {
                boxes.push(old[i - was.start]);
                continue;
            }
            let n = self.pool[i % slots].0;
            let top = model::row_top(i);
            let row = self.tree.local_layout(n.row);
            let part = |node| {
                let r = self.tree.local_layout(node);
                Rect::new(r.x, top + r.y, r.w, r.h)
            };
            boxes.push(RowBoxes {
                index: i,
                row: Rect::new(0.0, top, row.w, row.h),
                icon: part(n.icon),
                title: part(n.title),
                figure: part(n.figure),
                pill: part(n.pill),
            });
        }
        self.rows = (first..end, boxes);
        Ok(())
    }

    /// A pooled row: icon, title (growing), figure, pill, centred in a row.
    fn new_row(&mut self) -> Result<RowNodes, NativeError> {
        let t = &mut self.tree;
        let row = t.add_node()?;
        t.set_flex_direction(row, FlexDirection::Row);
        t.set_align_items(row, Align::Center);
        t.set_padding(row, Edge::Horizontal, Length::Points(14.0));
        t.set_gap(row, Gutter::Column, 12.0);
        let mut leaf = |w: Length, h: f32| -> Result<NodeId, NativeError> {
            let n = t.add_node()?;
            t.add_child(row, n)?;
            t.set_width(n, w);
            t.set_height(n, Length::Points(h));
            Ok(n)
        };
        let icon = leaf(Length::Points(ICON), ICON)?;
        let title = leaf(Length::Auto, 20.0)?;
        let figure = leaf(Length::Points(FIGURE_W), 20.0)?;
        let pill = leaf(Length::Points(40.0), 20.0)?;
        t.set_flex_grow(title, 1.0);
        Ok(RowNodes { row, icon, title, figure, pill })
    }

    /// Records the page at frame time `now`; returns what raster needs to blit the scroll.
    pub fn draw(
        &self,
        list: &mut DisplayList,
        fonts: &FontBook,
        state: &ScrollState,
        now: f64,
        p: &Palette,
    ) -> Option<ScrollHint> {
        let page = self.page?;
        let offset = shown_offset(state, now, page.viewport.h);
        let f = self.fonts;
        let heading = format!("{} rows, virtualized: {} exist as Yoga nodes", model::ROWS, self.attached);
        let align = text_start(page.mirrored);
        text_in(list, fonts, f.title, page.title, "Scrolling", p.text, align);
        let note_x = if page.mirrored { page.title.x } else { page.title.x + 120.0 };
        let note = Rect { x: note_x, w: page.title.w - 120.0, ..page.title };
        text_in(list, fonts, f.row, note, &heading, p.muted, align);
        let v = page.viewport;
        // What lies under the rows is one colour, so that moving the rows' pixels moves nothing else (ScrollHint).
        list.fill_rect(v, p.surface);
        let start = list.ops.len();
        list.clip(v, |list| {
            list.translate(v.x, v.y - offset, |list| {
                let (first, end) = (self.rows.0.start, self.rows.0.end);
                for s in first / SECTION_ROWS..=(end.max(1) - 1) / SECTION_ROWS {
                    let top = model::section_top(s);
                    if top + HEADER_H > offset && top < offset + v.h {
                        self.header(list, fonts, s, Rect::new(0.0, top, v.w, HEADER_H), p);
                    }
                }
                for b in &self.rows.1 {
                    self.row(list, fonts, b, p);
                }
            })
        });
        let ops = start..list.ops.len();
        // The header of the section at the top sticks there, pushed up by the next one.
        let s = model::row_at(offset) / SECTION_ROWS;
        let next = model::section_top(s + 1) - offset;
        let y = v.y + (next - HEADER_H).min(0.0);
        list.clip(v, |list| self.header(list, fonts, s, Rect::new(v.x, y, v.w, HEADER_H), p));
        let alpha = state.bar_alpha(now);
        if alpha > 0.0 {
            let a = |c: Color, max: f32| c.with_alpha((alpha * max) as u8);
            let track = page.track;
            list.fill_round_rect(track, BAR_W / 2.0, a(p.border, 90.0));
            let thumb = model::thumb(track, offset, v.h);
            list.fill_round_rect(thumb, BAR_W / 2.0, a(p.muted, 255.0));
        }
        Some(ScrollHint { viewport: v, offset, ops })
    }

    fn header(&self, list: &mut DisplayList, fonts: &FontBook, s: usize, rect: Rect, p: &Palette) {
        list.fill_rect(rect, p.surface_hover);
        let text = format!("Section {}   rows {} to {}", s + 1, s * SECTION_ROWS + 1, (s + 1) * SECTION_ROWS);
        let inner = Rect { x: rect.x + 14.0, w: rect.w - 28.0, ..rect };
        let mirrored = self.page.is_some_and(|p| p.mirrored);
        text_in(list, fonts, self.fonts.header, inner, &text, p.muted, text_start(mirrored));
    }

    fn row(&self, list: &mut DisplayList, fonts: &FontBook, b: &RowBoxes, p: &Palette) {
        let f = self.fonts;
        let i = b.index;
        let hue = HUES[(i / 7) % HUES.len()];
        list.fill_rect(Rect::new(b.row.x + 14.0, b.row.bottom() - 1.0, b.row.w - 28.0, 1.0), p.border);
        list.fill_round_rect(b.icon, 5.0, hue);
        list.fill_circle(b.icon.x + ICON / 2.0, b.icon.y + ICON / 2.0, 4.0, Color::rgb(0xff, 0xff, 0xff));
        // Yoga laid the row out in the page's direction; the title and the figure read from its start.
        let mirrored = self.page.is_some_and(|p| p.mirrored);
        text_in(list, fonts, f.row, b.title, &title(i), p.text, text_start(mirrored));
        let run = fonts.compose(f.figure, &figure(i));
        let m = fonts.metrics(f.figure);
        let x = if mirrored { b.figure.x } else { b.figure.right() - run.width_px(fonts.size_px(f.figure)) };
        let y = b.figure.y + (b.figure.h - m.line_height) / 2.0 + m.ascent;
        list.glyphs(f.figure, x.round(), y.round(), run, p.muted);
        let tag = TAGS[i % TAGS.len()];
        list.fill_round_rect(b.pill, b.pill.h / 2.0, hue.with_alpha(0x40));
        text_in(list, fonts, f.tag, b.pill, tag, p.text, Align::Center);
    }
}
