//! A page of the widget kit as a screen: sections of labelled rows of widgets, laid out by Yoga (rows wrap in a
//! narrow window; what a row or a widget states of its own layout, [`crate::document::flex`], stands over the kit's), scrolled when the page does not fit (a wheel, the Page keys, Home and End, the scrollbar, and
//! a Tab to a widget below the fold), and drawn through each widget's own
//! [`Widget::draw`](crate::widgets::Widget::draw). The gallery's value, form, panel and menu screens and the controls
//! screen are each a [`PageSpec`] over this one screen.
//!
//! The page's rows are recorded under one translation by the offset, and the list says so ([`ScrollHint`]): raster
//! moves the pixels already drawn and draws only what a scroll uncovers. The scrollbar stands in a gutter outside
//! the scrolled viewport (record 18).

pub mod state;

use std::marker::PhantomData;

use goldberry_natives::yoga::{Align, Direction, Edge, FlexDirection, Gutter, LayoutTree, Length, NodeId, Wrap};
use goldberry_natives::{Goldberry, NativeError};

use self::state::{KitState, PageLaid, PageSpec};
use crate::display_list::ScrollHint;
use crate::document::flex::{ItemFlex, RowFlex};
use crate::document::page::KitPage;
use crate::flame::layouts::{self, Laid};
use crate::fonts::FontBook;
use crate::geom::{Color, Rect};
use crate::scene::draw::widgets as looks;
use crate::scene::layout::{LaidBox, LayoutError};
use crate::screens::interface::{Page, Recorded, Room, Screen};
use crate::screens::paging::{self, Sheet, content_viewport};
use crate::ui::router::{Cursor, Region, WidgetId};
use crate::ui::settings::Density;
use crate::widgets::pen::KitFonts;
use crate::widgets::{Extent, LABEL_PART, Measure, Pen, Size};

const LABEL_W: f32 = 140.0;
const MAX_W: f32 = 860.0;
const TITLE_H: f32 = 30.0;
const INTRO_H: f32 = 20.0;
const HEADER_H: f32 = 24.0;
/// The error banner's height, and its colours: the field rule's red, so an error reads as one wherever it is.
const BANNER_H: f32 = 34.0;
const BANNER_FILL: Color = Color::rgb(0xe0, 0x4f, 0x5f);
const BANNER_TEXT: Color = Color::rgb(0xff, 0xff, 0xff);

/// Where everything on the page lies, in page coordinates (0 at the page's top, before scrolling).
#[derive(Debug, Clone, Default)]
struct Layout {
    title: Rect,
    intro: Rect,
    sections: Vec<Rect>,
    headers: Vec<Rect>,
    /// Each row's label box, and the widget it names.
    labels: Vec<(Rect, &'static str, WidgetId)>,
    widgets: Vec<Rect>,
    height: f32,
}

/// What a layout was made for: the viewport's size, the direction, the density and the page's generation.
type LayoutKey = (u32, u32, bool, Density, u64);

/// A kit page's screen (see the module docs).
#[derive(Debug)]
pub struct KitScreen<P: PageSpec> {
    g: &'static Goldberry,
    fonts: KitFonts,
    laid: Option<(LayoutKey, Layout)>,
    /// What that layout was made from.
    shape: Option<Shape>,
    /// The focus and offset the last frame drew, so that a new focus below the fold scrolls into view once.
    drawn: Option<(Option<WidgetId>, f32)>,
    /// The text-taking widgets' reports when their texts were last laid out.
    texts: Vec<serde_json::Value>,
    /// The page was laid out anew since the last recording (its regions are new).
    relaid: bool,
    /// The regions the last frame handed over: a widget's parts can change without a new layout (a tab added, a
    /// radio option selected), so each frame's are compared with them and handed over when they differ.
    regions: Vec<Region>,
    spec: PhantomData<fn() -> P>,
}

impl<P: PageSpec> Screen for KitScreen<P> {
    type State = KitState<P>;

    const NAME: &'static str = P::NAME;
    const TITLE: &'static str = P::TITLE;

    fn new(g: &'static Goldberry, fonts: &FontBook) -> Result<KitScreen<P>, NativeError> {
        Ok(KitScreen {
            g,
            fonts: KitFonts::new(fonts),
            laid: None,
            shape: None,
            drawn: None,
            texts: Vec::new(),
            relaid: false,
            regions: Vec::new(),
            spec: PhantomData,
        })
    }

    fn forget(&mut self) {
        self.laid = None;
        self.shape = None;
        self.drawn = None;
        self.texts.clear();
        self.regions.clear();
    }

    fn lay_out(&mut self, room: &Room<'_>, state: &KitState<P>) -> Result<(), LayoutError> {
        let (viewport, density, direction) = (room.body, room.settings.density, room.direction);
        let key = (viewport.w.to_bits(), viewport.h.to_bits(), room.mirrored(), density, state.generation);
        if room.fresh || self.laid.as_ref().is_none_or(|(k, _)| *k != key) {
            let measure = Measure { fonts: room.fonts, f: self.fonts, density };
            let shape = Shape::of(&state.page, &measure);
            // Only the page's generation moved, and its shape did not: the boxes stand (a reload of the same rows).
            let kept = match (&mut self.laid, &self.shape) {
                (Some((k, _)), Some(was))
                    if !room.fresh && (k.0, k.1, k.2, k.3) == (key.0, key.1, key.2, key.3) && *was == shape =>
                {
                    k.4 = key.4;
                    true
                }
                _ => false,
            };
            if !kept {
                let layout = lay_out_shape(self.g, &shape, viewport, direction)?;
                self.laid = Some((key, layout));
                self.shape = Some(shape);
            }
            self.relaid = true;
        }
        Ok(())
    }

    fn record(&mut self, page: &mut Page<'_>, state: &KitState<P>) -> Result<Recorded<PageLaid>, NativeError> {
        let viewport = page.body;
        let (density, settings) = (page.settings.density, page.settings);
        let mirrored = page.mirrored();
        let fresh = std::mem::take(&mut self.relaid);
        let Some((_, layout)) = &self.laid else { return Ok(Recorded::default()) };
        // A page bound to the settings shows them as they are now (a global key may have changed them).
        let synced = state.synced(&settings);
        let state_page = &*synced;
        // The page scrolls in the body less a gutter at its end edge for the scrollbar, which is drawn outside the
        // moved pixels so that a scroll damages only the rows it uncovers.
        let body = viewport;
        let viewport = content_viewport(body, mirrored);
        let focus = page.router.focus();
        // What the fields and areas hold: when the focused one's text or caret changed, it is followed into view.
        let texts: Vec<serde_json::Value> =
            state_page.widgets.iter().filter(|w| w.takes_text()).map(|w| w.seen()).collect();
        let typed = texts != self.texts && focus.and_then(|id| state_page.get(id)).is_some_and(|w| w.takes_text());
        // A focus that moved onto a widget outside the viewport brings it into view (Tab below the fold), and so
        // does typing into one (an area that grew a line keeps its caret's line on screen).
        let reveal = if self.drawn.is_none_or(|(f, _)| f != focus) || typed {
            focus.and_then(|id| state_page.index(id)).and_then(|i| layout.widgets.get(i)).copied()
        } else {
            None
        };
        let offset = paging::offset_to_draw(state.paging.offset, layout.height, viewport, reveal);
        let moved = self.drawn.is_none_or(|(_, o)| o != offset);
        let origin = (viewport.x, viewport.y - offset);
        let at = |r: Rect| Rect { x: r.x + origin.0, y: r.y + origin.1, ..r };
        // What lies under the page is one colour, so that moving its pixels moves nothing else (ScrollHint).
        // A page may bring its own colours (a document's stylesheet); the built-in pages draw with the theme's.
        let p = P::palette(&page.palette).unwrap_or(page.palette);
        page.list.fill_rect(body, p.background);
        let start = page.list.ops.len();
        let (fonts, f, router, now) = (page.fonts, self.fonts, page.router, page.now());
        page.list.clip(viewport, |list| {
            list.translate(origin.0, origin.1, |list| {
                let mut pen = Pen { list, fonts, f, palette: p, router, mirrored, density, now };
                pen.text_in(f.title, layout.title, state_page.title, p.text, Align::FlexStart);
                pen.text_in(f.small, layout.intro, state_page.intro, p.muted, Align::FlexStart);
                for (i, ((section, header), spec)) in
                    layout.sections.iter().zip(&layout.headers).zip(&state_page.sections).enumerate()
                {
                    // Only what the viewport shows is recorded.
                    if section.bottom() < offset || section.y > offset + viewport.h {
                        continue;
                    }
                    let s = P::section_palette(i, &p).unwrap_or(p);
                    pen.list.fill_round_rect(*section, 10.0, s.surface);
                    looks::stroke_round(pen.list, *section, 10.0, 1.0, s.border);
                    pen.text_in(f.small, *header, &spec.title.to_uppercase(), s.muted, Align::FlexStart);
                }
                for (rect, label, _) in &layout.labels {
                    if rect.bottom() >= offset && rect.y <= offset + viewport.h {
                        pen.text_in(f.label, *rect, label, p.text, Align::FlexStart);
                    }
                }
                for (i, (w, rect)) in state_page.widgets.iter().zip(&layout.widgets).enumerate() {
                    if rect.bottom() + 20.0 >= offset && rect.y - 20.0 <= offset + viewport.h {
                        let look = looks::State::of(router, w.id());
                        pen.palette = P::widget_palette(i, &**w, look, &p, now).unwrap_or(p);
                        w.draw(&mut pen, *rect);
                    }
                }
            })
        });
        let ops = start..page.list.ops.len();
        let sheet = Sheet { viewport: body, content_h: layout.height, mirrored };
        paging::draw_scrollbar(page.list, router, p, sheet, offset);
        page.list.scroll = Some(ScrollHint { viewport, offset, ops });
        // While the page's source has an error, a banner over the top of the last good page names it. It stands
        // over the scrolled pixels, so a scroll is painted in full rather than moved (a moved banner would smear).
        if let Some(message) = P::banner() {
            let rect = Rect::new(viewport.x + 8.0, viewport.y + 8.0, (viewport.w - 16.0).max(0.0), BANNER_H);
            page.list.fill_round_rect(rect, 6.0, BANNER_FILL);
            let inner = Rect::new(rect.x + 10.0, rect.y, (rect.w - 20.0).max(0.0), rect.h);
            let mut pen = Pen { list: page.list, fonts, f, palette: p, router, mirrored, density, now };
            pen.text_in(f.mono, inner, &message, BANNER_TEXT, Align::FlexStart);
            page.list.scroll = None;
        }
        self.drawn = Some((focus, offset));

        let mut recorded = Recorded::default();
        {
            let rects: Vec<Rect> = layout.widgets.iter().map(|r| at(*r)).collect();
            let mut regions = vec![paging::page_region(body)];
            let mut own = Vec::new();
            for (w, rect) in state_page.widgets.iter().zip(&rects) {
                own.clear();
                w.regions(*rect, mirrored, &mut own);
                // A region the viewport cuts is cut with it; one it hides is no region (but keeps its Tab stop).
                regions.extend(own.drain(..).filter_map(|region| paging::cut(region, viewport)));
            }
            // The labels come after the widgets: a widget's first region is its own (Space activates that part).
            for (rect, _, id) in &layout.labels {
                if let Some(r) = at(*rect).intersection(viewport) {
                    regions.push(Region::at(id, usize::from(LABEL_PART), r, Cursor::Arrow));
                }
            }
            paging::scrollbar_regions(sheet, offset, &mut regions);
            // Parts change without a layout (a tab added, the stop moving within a radio group): what is drawn is
            // what a click reaches, every frame.
            if fresh || moved || regions != self.regions {
                self.regions.clone_from(&regions);
                recorded.regions = Some(regions);
            }
        }
        // The texts of the fields and areas, laid out again when their text (or the layout) changed.
        if fresh || moved || texts != self.texts {
            let measure = Measure { fonts, f, density };
            let rects: Vec<Rect> = layout.widgets.iter().map(|r| at(*r)).collect();
            let laid = state_page
                .widgets
                .iter()
                .zip(&rects)
                .enumerate()
                .filter_map(|(i, (w, rect))| Some((i, w.lay_text(&measure, *rect, mirrored)?)))
                .collect();
            recorded.laid = Some(PageLaid { rects, sheet, offset, texts: laid });
            self.texts = texts;
        }
        Ok(recorded)
    }

    fn outline(&self, body: Rect, into: &mut Vec<LaidBox>) {
        let Some((_, layout)) = &self.laid else { return };
        let offset = self.drawn.map_or(0.0, |(_, o)| o);
        for (i, r) in layout.widgets.iter().enumerate() {
            let rect = Rect { x: r.x + body.x, y: r.y + body.y - offset, ..*r };
            into.push(LaidBox {
                name: format!("{}/{i}", P::NAME),
                rect,
                margin: [0.0; 4],
                padding: [0.0; 4],
                depth: 3,
            });
        }
    }
}

/// Each widget's box, in page coordinates, as the kit lays `page` out in `viewport` left to right (the tests of
/// a page's layout and the document fuzz read it).
pub fn widget_boxes(
    g: &'static Goldberry,
    page: &KitPage,
    m: &Measure<'_>,
    viewport: Rect,
) -> Result<Vec<Rect>, NativeError> {
    Ok(lay_out_page(g, page, m, viewport, Direction::Ltr)?.widgets)
}

/// Everything a page's layout is made from, measured: its rows (their flex and label) and each widget's size and
/// flex, in the page's order. A page rebuilt with the same shape (a reload that changed a title or a value) keeps
/// its boxes: laying out a 1,000-widget page again was most of the frame after a reload.
#[derive(Debug, Clone, PartialEq)]
struct Shape {
    gap: f32,
    control: f32,
    widgets: usize,
    sections: Vec<Vec<RowShape>>,
}

/// A row as its layout sees it.
#[derive(Debug, Clone, PartialEq)]
struct RowShape {
    flex: RowFlex,
    /// The label, its box's width, and the widget it names.
    label: Option<(&'static str, f32, WidgetId)>,
    /// Each widget: its index in the page, its size and its own flex.
    items: Vec<(usize, Size, Option<ItemFlex>)>,
}

impl Shape {
    fn of(page: &KitPage, m: &Measure<'_>) -> Shape {
        let sections = page
            .sections
            .iter()
            .map(|section| {
                section
                    .rows
                    .iter()
                    .map(|row| RowShape {
                        flex: row.flex,
                        label: row.label.zip(row.items.first()).map(|(label, first)| {
                            let w = LABEL_W.min(m.fonts.width_px(m.f.label, label) + 16.0).max(LABEL_W);
                            (label, w, page.widgets[*first].id())
                        }),
                        items: row
                            .items
                            .iter()
                            .map(|&i| (i, page.widgets[i].size(m), page.flex.get(i).copied()))
                            .collect(),
                    })
                    .collect()
            })
            .collect();
        Shape { gap: m.density.gap(), control: m.control(), widgets: page.widgets.len(), sections }
    }
}

/// Lays the page out at the viewport's width; its height is what its content needs.
fn lay_out_page(
    g: &'static Goldberry,
    page: &KitPage,
    m: &Measure<'_>,
    viewport: Rect,
    direction: Direction,
) -> Result<Layout, NativeError> {
    lay_out_shape(g, &Shape::of(page, m), viewport, direction)
}

/// Lays a page of `shape` out (see [`lay_out_page`]).
fn lay_out_shape(
    g: &'static Goldberry,
    shape: &Shape,
    viewport: Rect,
    direction: Direction,
) -> Result<Layout, NativeError> {
    let gap = shape.gap;
    let mut tree = LayoutTree::new(g)?;
    let root = tree.add_node()?;
    tree.set_align_items(root, Align::Center);
    tree.set_padding(root, Edge::Horizontal, Length::Points(if viewport.w < 480.0 { 10.0 } else { 24.0 }));
    tree.set_padding(root, Edge::Vertical, Length::Points(gap + 6.0));
    tree.set_gap(root, Gutter::Row, gap);
    let column = |tree: &mut LayoutTree, parent: NodeId| -> Result<NodeId, NativeError> {
        let n = tree.add_node()?;
        tree.add_child(parent, n)?;
        tree.set_width(n, Length::Percent(100.0));
        tree.set_max_width(n, Length::Points(MAX_W));
        Ok(n)
    };
    let title = column(&mut tree, root)?;
    tree.set_height(title, Length::Points(TITLE_H));
    let intro = column(&mut tree, root)?;
    tree.set_height(intro, Length::Points(INTRO_H));
    let mut sections = Vec::new();
    let mut labels = Vec::new();
    let mut widget_nodes = vec![None; shape.widgets];
    for rows in &shape.sections {
        let s = column(&mut tree, root)?;
        tree.set_padding(s, Edge::All, Length::Points(gap + 4.0));
        tree.set_gap(s, Gutter::Row, gap);
        let header = tree.add_node()?;
        tree.add_child(s, header)?;
        tree.set_height(header, Length::Points(HEADER_H - 6.0));
        for row in rows {
            let r = tree.add_node()?;
            tree.add_child(s, r)?;
            tree.set_flex_direction(r, FlexDirection::Row);
            tree.set_flex_wrap(r, Wrap::Wrap);
            tree.set_align_items(r, Align::Center);
            tree.set_gap(r, Gutter::Column, 14.0);
            // Room under a row for what a widget says beneath itself (a field's rule, a spinner's hint).
            tree.set_gap(r, Gutter::Row, gap + 8.0);
            tree.set_padding(r, Edge::Bottom, Length::Points(8.0));
            row.flex.apply(&mut tree, r);
            if let Some((label, width, id)) = row.label {
                let l = tree.add_node()?;
                tree.add_child(r, l)?;
                tree.set_width(l, Length::Points(width));
                tree.set_height(l, Length::Points(shape.control));
                labels.push((l, label, id));
            }
            for &(i, size, flex) in &row.items {
                let n = tree.add_node()?;
                tree.add_child(r, n)?;
                match size.w {
                    Extent::Fixed(w) => {
                        tree.set_width(n, Length::Points(w));
                        tree.set_flex_shrink(n, 1.0);
                    }
                    Extent::Fill(min) => {
                        // It grows to its row, and shrinks below its basis down to what a narrow window leaves.
                        tree.set_flex_grow(n, 1.0);
                        tree.set_flex_shrink(n, 1.0);
                        tree.set_flex_basis(n, Length::Points(min));
                        tree.set_min_width(n, Length::Points(min.min(viewport.w - 60.0).max(40.0)));
                    }
                }
                tree.set_height(n, Length::Points(size.h));
                if let Some(flex) = flex {
                    flex.apply(&mut tree, n);
                }
                widget_nodes[i] = Some(n);
            }
        }
        sections.push((s, header));
    }
    let width = content_viewport(viewport, false).w;
    layouts::timed(Laid::Part("kit page"), || tree.calculate(root, width, f32::NAN, direction))?;
    let rect = |n: NodeId| {
        let r = tree.layout(n);
        Rect::new(r.x, r.y, r.w, r.h)
    };
    Ok(Layout {
        title: rect(title),
        intro: rect(intro),
        sections: sections.iter().map(|(s, _)| rect(*s)).collect(),
        headers: sections.iter().map(|(_, h)| rect(*h)).collect(),
        labels: labels.into_iter().map(|(n, label, id)| (rect(n), label, id)).collect(),
        widgets: widget_nodes.into_iter().map(|n| n.map(rect).unwrap_or_default()).collect(),
        height: rect(root).h,
    })
}
