//! The text screen: a single-line field and a six-line area to edit (carets at HarfBuzz's cluster boundaries,
//! bidirectional runs, font fallback), the primary face's OpenType features as toggles over a sample at a size
//! from 8 to 72 px, and a paragraph of scripts the primary face lacks. Each of these is the kit's own widget (a
//! [`Field`](crate::widgets::field::Field), an [`Area`](crate::widgets::area::Area), [`Chips`], a slider and
//! [`Paragraph`]s), drawn by its own pen; the screen lays them out in two columns and writes their captions.

pub mod layout;
pub mod state;
pub mod xray;

use std::borrow::Cow;

use goldberry_natives::yoga::Align;
use goldberry_natives::{Goldberry, NativeError};

use self::layout::{TextLayout, TextTree};
use self::state::{EDIT_FACE, Editor, Laid, TextFields, TextGeometry, XrayAim, XrayShown, default_on, ids};
use crate::display_list::DisplayList;
use crate::fonts::{Face, FontBook};
use crate::geom::{FontId, Rect};
use crate::scene::draw::widgets::text;
use crate::scene::layout::{LaidBox, LayoutError};
use crate::scene::shaping::Timed;
use crate::screens::interface::{Page, Recorded, Room, Screen};
use crate::screens::paging::{self, Sheet};
use crate::text::TextStyle;
use crate::ui::router::{Region, Router, WidgetId};
use crate::ui::theme::Palette;
use crate::widgets::chips::Chips;
use crate::widgets::paragraph::Drawn;
use crate::widgets::paragraph::Paragraph;
use crate::widgets::pen::{Density, KitFonts};
use crate::widgets::{Measure, Node, Pen, Widget};

/// The features offered as toggles, in this order, when the face has them (a face's own list also holds features
/// that only make sense on their own, such as `ccmp`, `locl` or `mark`, which are not toggles).
pub const TOGGLES: [&[u8; 4]; 22] = [
    b"liga", b"kern", b"calt", b"dlig", b"tnum", b"pnum", b"zero", b"frac", b"sups", b"subs", b"case", b"ss01",
    b"ss02", b"ss03", b"ss04", b"ss05", b"ss06", b"ss07", b"cv01", b"cv05", b"cv08", b"cv11",
];

/// What the sample shows: ligatures, figures, a fraction, case-sensitive punctuation and the stylistic sets' letters.
pub const SAMPLE: &str = "Office affine flow 0123456789 1/2 3/4 (HELLO) [A-Z] → a g 1 l I 4 6 9";

/// The hint under the area: the keys an editor takes besides typing.
const HINT: &str = "Ctrl+C X V copy, cut, paste; Ctrl+Z undo, Ctrl+Y redo; double-click a word, triple-click a line; \
                    Ctrl+R mirrors every screen";

/// The fallback paragraph: scripts Inter does not cover, each drawn by the first face down the chain that does, and
/// a row of colour emoji (a family, a skin-toned ZWJ sequence, skin tones, flags, a keycap), each one glyph, and
/// the COLR v1 sample face's six glyphs (`Face::ColourSample`), each a paint graph HarfBuzz walks.
pub const DEMO: &str = "Inter draws Latin; the chain finds faces for العربية and עברית (right to left), हिन्दी and \
                    ภาษาไทย (left to right), in one paragraph.\nIn colour: \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \
                    \u{1F469}\u{1F3FD}\u{200D}\u{1F4BB} \u{1F44D}\u{1F3FB}\u{1F44D}\u{1F3FF} \u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1E6} \
                    \u{1F3F3}\u{FE0F}\u{200D}\u{1F308} 1\u{FE0F}\u{20E3} \u{1F600}\u{2764}\u{FE0F}\nCOLR v1 through HarfBuzz: \
                    \u{F0000}\u{F0001}\u{F0002}\u{F0003}\u{F0004}\u{F0005}";

/// The fonts the screen writes with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextFonts {
    /// The screen's title.
    pub title: FontId,
    /// The captions.
    pub caption: FontId,
    /// The field and the area.
    pub edit: FontId,
    /// The hint under the area.
    pub hint: FontId,
    /// The size slider's figure.
    pub figure: FontId,
    /// The fallback demo.
    pub demo: FontId,
}

impl TextFonts {
    fn new(fonts: &FontBook) -> TextFonts {
        TextFonts {
            title: fonts.id(Face::SansBold, 18.0),
            caption: fonts.id(Face::SansBold, 12.0),
            edit: fonts.id(Face::Sans, 15.0),
            hint: fonts.id(Face::Mono, 11.0),
            figure: fonts.id(Face::Mono, 12.0),
            demo: fonts.id(Face::Sans, 15.0),
        }
    }
}

/// What the screen is drawn from besides its layout.
#[derive(Clone, Copy)]
struct TextView<'a> {
    /// The widgets' values.
    pub texts: &'a TextFields,
    /// Hover, press and focus.
    pub router: &'a Router,
    /// The colours.
    pub palette: Palette,
    /// Frame time, s (the caret blinks on it).
    pub now: f64,
    /// Laid out right to left: labels and paragraphs stand against their boxes' right edges.
    pub mirrored: bool,
    /// The frame's shaping clock: the editors' layout counts in the HUD's shape row.
    pub shaping: &'a Timed<'a>,
    /// How tight the fields are.
    pub density: Density,
}

/// The text screen (see the module docs).
#[derive(Debug)]
pub struct TextScreen {
    tree: TextTree,
    fonts: TextFonts,
    /// The toggles' tags, in chip order: [`TOGGLES`] the primary face has.
    chips: Vec<[u8; 4]>,
    /// The hint under the area, the sample and the fallback paragraph, the kit's paragraphs.
    hint: Paragraph,
    sample: Paragraph,
    fallback: Paragraph,
    /// The last layout, unscrolled, and the page's height (None: lay out before the next frame).
    laid: Option<(TextLayout, f32)>,
    /// The focus and offset the last frame drew, so that a new focus below the fold scrolls into view once.
    drawn: Option<(Option<WidgetId>, f32)>,
    /// The page was laid out anew since the last recording (its regions are new).
    relaid: bool,
    /// The chips as they stand before the state has taken the face's toggles from the first frame's geometry.
    first_chips: Chips,
    /// The regions the last frame handed over: the chips' change without a layout (the keyboard's mark moves).
    regions: Vec<Region>,
}

impl Screen for TextScreen {
    type State = TextFields;

    const NAME: &'static str = "text";
    const TITLE: &'static str = "Text";

    /// Builds the screen's tree, with a chip for each toggle the primary face has.
    fn new(g: &'static Goldberry, fonts: &FontBook) -> Result<TextScreen, NativeError> {
        let f = TextFonts::new(fonts);
        let has = fonts.feature_tags(f.edit);
        let chips: Vec<[u8; 4]> = TOGGLES.iter().map(|t| **t).filter(|t| has.contains(t)).collect();
        let labels: Vec<&'static str> =
            TOGGLES.iter().filter(|t| has.contains(*t)).filter_map(|t| std::str::from_utf8(&t[..]).ok()).collect();
        let on: Vec<bool> = chips.iter().map(|t| default_on(*t)).collect();
        Ok(TextScreen {
            tree: TextTree::new(g, fonts, &f)?,
            first_chips: Chips::new(ids::FEATURES, "OpenType features", &labels).with_on(&on),
            regions: Vec::new(),
            fonts: f,
            chips,
            hint: Paragraph::new(ids::HINT, HINT, Face::Mono, 11.0, 0.0).muted(),
            sample: Paragraph::new(ids::SAMPLE, SAMPLE, Face::Sans, 28.0, 0.0).panel(10.0),
            fallback: Paragraph::new(ids::FALLBACK, DEMO, Face::Sans, 15.0, 0.0).panel(4.0),
            laid: None,
            drawn: None,
            relaid: false,
        })
    }

    fn forget(&mut self) {
        self.laid = None;
        self.drawn = None;
    }

    fn lay_out(&mut self, room: &Room<'_>, _texts: &TextFields) -> Result<(), LayoutError> {
        if room.fresh || self.laid.is_none() {
            let chips = &self.first_chips;
            let laid = self.tree.lay_out(room.body, room.direction, room.settings.density, |w| chips.height_for(w))?;
            self.laid = Some(laid);
            self.relaid = true;
        }
        Ok(())
    }

    /// Records the screen as `texts` shows it, and hands back where its text lies for the next input.
    fn record(&mut self, page: &mut Page<'_>, texts: &TextFields) -> Result<Recorded<TextGeometry>, NativeError> {
        let fresh = std::mem::take(&mut self.relaid);
        // The sample shows the features and the size the chips and the slider hold.
        self.sample.features = texts.features.clone();
        self.sample.set_px(f32::from(texts.size_px()));
        let Some((laid, content_h)) = &self.laid else { return Ok(Recorded::default()) };
        let (body, mirrored) = (page.body, page.mirrored());
        let sheet = Sheet { viewport: body, content_h: *content_h, mirrored };
        // A focus that moved onto a widget outside the body brings it into view (Tab below the fold).
        let focus = page.router.focus();
        let reveal = match focus {
            Some(ids::FEATURES) if self.drawn.is_none_or(|(f, _)| f != focus) => {
                Some(Rect { y: laid.chips.y - body.y, ..laid.chips })
            }
            Some(id) if self.drawn.is_none_or(|(f, _)| f != focus) => paging::reveal(&laid.regions, id, body.y),
            _ => None,
        };
        let offset = paging::offset_to_draw(texts.paging.offset, *content_h, body, reveal);
        let moved = self.drawn.is_none_or(|(_, o)| o != offset);
        self.drawn = Some((focus, offset));
        // Unscrolled, the layout is drawn as it is; scrolled, a copy moved by the offset.
        let shown = if offset == 0.0 { Cow::Borrowed(laid) } else { Cow::Owned(laid.moved(-offset)) };
        let view = TextView {
            texts,
            router: page.router,
            palette: page.palette,
            now: page.now(),
            mirrored,
            shaping: page.text,
            density: page.settings.density,
        };
        let (fonts, palette, router) = (page.fonts, page.palette, page.router);
        let mut geometry = if sheet.scrollbar(offset).is_some() {
            let geometry =
                page.list.clip(paging::content_viewport(body, mirrored), |list| self.draw(list, fonts, &shown, &view));
            paging::draw_scrollbar(page.list, router, palette, sheet, offset);
            geometry
        } else {
            self.draw(page.list, fonts, &shown, &view)
        };
        geometry.sheet = sheet;
        geometry.offset = offset;
        let xray_panel = match &texts.xray {
            Some(aim) => {
                let shown = self.xray_for(aim, (fonts, page.frame.scale), texts, &geometry, router);
                let panel = shown.as_ref().map(|shown| draw_xray(page.list, fonts, body, shown, &view));
                geometry.xray = shown;
                panel
            }
            None => {
                crate::glyph_cache::watch::stop();
                None
            }
        };
        let mut regions = vec![paging::page_region(body)];
        // The chips come before the size slider in Tab order, as they are drawn.
        let mut chips = Vec::new();
        self.chips(texts).regions(shown.chips, mirrored, &mut chips);
        let mut own = shown.regions.clone();
        let at = own.iter().position(|r| r.target.id == ids::SIZE).unwrap_or(own.len());
        own.splice(at..at, chips);
        if sheet.scrollbar(offset).is_some() {
            let viewport = paging::content_viewport(body, mirrored);
            regions.extend(own.into_iter().filter_map(|r| paging::cut(r, viewport)));
        } else {
            regions.extend(own);
        }
        paging::scrollbar_regions(sheet, offset, &mut regions);
        // Over everything: the X-ray's panel and its button (hit last-painted first).
        if let Some((panel, copy)) = xray_panel {
            regions.push(Region::at(ids::XRAY, 0, panel, crate::ui::router::Cursor::Arrow));
            regions.push(Region::at(ids::XRAY_COPY, 0, copy, crate::ui::router::Cursor::Hand));
        }
        // The chips' parts change without a layout (the keyboard's mark is the Tab stop): what is drawn is what a
        // click reaches, every frame.
        let regions = (fresh || moved || regions != self.regions).then(|| {
            self.regions.clone_from(&regions);
            regions
        });
        Ok(Recorded { regions, laid: Some(geometry) })
    }

    fn outline(&self, body: Rect, into: &mut Vec<LaidBox>) {
        if self.laid.is_some() {
            let offset = self.drawn.map_or(0.0, |(_, o)| o);
            self.tree.outline(Rect { y: body.y - offset, ..body }, into);
        }
    }
}

impl TextScreen {
    /// The X-ray `aim` asks for: F6 just pressed aims at the run under the pointer in the fallback paragraph or
    /// the sample, else at the focused editor's caret (`None`: the line could not be shaped).
    fn xray_for(
        &self,
        aim: &XrayAim,
        (fonts, scale): (&FontBook, f32),
        texts: &TextFields,
        geometry: &TextGeometry,
        router: &Router,
    ) -> Option<XrayShown> {
        let demo_style = TextStyle::new(fonts.id(Face::Sans, 15.0));
        // The sample as it is drawn: the features the chips hold, at the slider's size.
        let sample_style = TextStyle {
            features: texts.features.clone(),
            ..TextStyle::new(fonts.id(Face::Sans, f32::from(texts.size_px())))
        };
        let aim = match aim {
            XrayAim::Asked => {
                let pointer = router.pointer();
                let on = |text: &'static str, style: &TextStyle, drawn: &Drawn| {
                    pointer.and_then(|(x, y)| paragraph_byte(fonts, text, style, drawn, x, y))
                };
                if let Some(byte) = on(DEMO, &demo_style, &geometry.fallback) {
                    let (line, at) = hard_line(DEMO, byte);
                    XrayAim::Text { line: line.to_owned(), at }
                } else if let Some(byte) = on(SAMPLE, &sample_style, &geometry.sample) {
                    let (line, at) = hard_line(SAMPLE, byte);
                    XrayAim::Sample { line: line.to_owned(), at }
                } else {
                    XrayAim::Caret
                }
            }
            aim => aim.clone(),
        };
        let (line, at, style) = match &aim {
            XrayAim::Text { line, at } => (line.clone(), *at, demo_style),
            XrayAim::Sample { line, at } => (line.clone(), *at, sample_style),
            XrayAim::Asked | XrayAim::Caret => {
                let editor = match router.focus() {
                    Some(ids::AREA) => &texts.area,
                    _ => &texts.field,
                };
                let (line, at) = hard_line(editor.text(), editor.caret());
                (line.to_owned(), at, TextStyle::new(fonts.id(EDIT_FACE.0, EDIT_FACE.1)))
            }
        };
        let mut xray =
            xray::xray(fonts, &style, &line, scale).map_err(|e| tracing::warn!("X-ray of {line:?}: {e}")).ok()?;
        let run = xray
            .runs
            .iter()
            .position(|r| r.bytes.contains(&at))
            .or_else(|| xray.runs.len().checked_sub(1))
            .unwrap_or(0);
        let cells = xray.runs.get_mut(run).and_then(xray::watch_cells);
        Some(XrayShown { aim, xray, run, cells })
    }

    /// The chips as `texts` holds them, or as they first stand until it has taken the face's toggles.
    fn chips<'a>(&'a self, texts: &'a TextFields) -> &'a Chips {
        if texts.chips.labels() == self.first_chips.labels() { &texts.chips } else { &self.first_chips }
    }

    /// Records the screen as `view` shows it, and returns where its text lies for the next input.
    fn draw(&self, list: &mut DisplayList, fonts: &FontBook, l: &TextLayout, view: &TextView<'_>) -> TextGeometry {
        let (p, f) = (&view.palette, self.fonts);
        let start = if view.mirrored { Align::FlexEnd } else { Align::FlexStart };
        text(list, fonts, f.title, l.title, "Text", p.text, start);
        let captions = [
            "Single line",
            "Multi-line: wraps by UAX #14, scrolls",
            "OpenType features of Inter: click or Space to toggle",
            "Fallback and bidirectional runs",
        ];
        for (rect, caption) in [l.captions[0], l.captions[1], l.captions[2], l.captions[3]].iter().zip(captions) {
            text(list, fonts, f.caption, *rect, caption, p.muted, start);
        }
        // The paragraphs, the chips' and the editors are the kit's widgets, drawn by their own pens.
        self.hint.draw(&mut kit_pen(list, fonts, view), l.hint);
        let hint = self.hint.drawn();

        let field = edit_box(list, fonts, l.field, &view.texts.field, view);
        let area = edit_box(list, fonts, l.area, &view.texts.area, view);

        self.chips(view.texts).draw(&mut kit_pen(list, fonts, view), l.chips);
        text(list, fonts, f.caption, l.size[0], "Size", p.text, start);
        view.texts.size.draw(&mut Pen { now: 0.0, ..kit_pen(list, fonts, view) }, l.size[1]);
        text(list, fonts, f.figure, l.size[2], &format!("{} px", view.texts.size_px()), p.text, start);

        self.sample.draw(&mut kit_pen(list, fonts, view), l.sample);
        let sample = self.sample.drawn();
        self.fallback.draw(&mut kit_pen(list, fonts, view), l.demo);
        let fallback = self.fallback.drawn();
        // The paragraphs a person reads are nodes where they were drawn, so a screen reader reads them too.
        let paragraphs = [&self.hint, &self.sample, &self.fallback]
            .map(|p| Node { widget: p.id(), part: None, access: p.access(), bounds: p.drawn().rect, focused: false })
            .to_vec();

        let size_track = l.size[1];
        TextGeometry {
            field,
            area,
            chips: self.chips.clone(),
            chips_box: l.chips,
            size_track,
            mirrored: view.mirrored,
            fallback,
            sample,
            hint,
            paragraphs,
            ..Default::default()
        }
    }
}

/// The byte of `text` (a paragraph laid out in `style` and `drawn` so) where the run under (`x`, `y`) starts.
fn paragraph_byte(fonts: &FontBook, text: &str, style: &TextStyle, drawn: &Drawn, x: f32, y: f32) -> Option<usize> {
    let i = drawn.lines.iter().position(|r| y >= r.y && y < r.bottom() && x >= r.x && x < r.right())?;
    let paragraph = fonts.layout(style, text, Some(drawn.rect.w)).ok()?;
    let line = paragraph.lines.get(i)?;
    let along = x - drawn.lines[i].x;
    line.runs.iter().find(|run| along >= run.x && along < run.x + run.width_px).map(|run| run.bytes.start)
}

/// The hard line of `text` that holds byte `byte`, and where in it the byte is.
fn hard_line(text: &str, byte: usize) -> (&str, usize) {
    let start = text[..byte.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    (&text[start..end], byte.saturating_sub(start))
}

/// Draws the X-ray's panel over `body`, clear of what it looks at (at the top for the fallback paragraph, which
/// stands low, at the bottom for the sample's run or an editor's caret); returns its box and its "Copy as
/// hb-shape" button's.
fn draw_xray(
    list: &mut DisplayList,
    fonts: &FontBook,
    body: Rect,
    shown: &XrayShown,
    view: &TextView<'_>,
) -> (Rect, Rect) {
    const LINE_H: f32 = 15.0;
    const PAD: f32 = 8.0;
    let p = &view.palette;
    let lines = shown.lines();
    let font = fonts.id(Face::Mono, 11.0);
    let w = (body.w - 24.0).clamp(0.0, 760.0);
    let h = PAD * 2.0 + LINE_H * (lines.len() + 1) as f32 + 8.0;
    let y = match shown.aim {
        XrayAim::Text { .. } => body.y + 12.0,
        _ => (body.bottom() - h - 12.0).max(body.y),
    };
    let panel = Rect::new(body.x + 12.0, y, w, h);
    list.fill_round_rect(panel, 8.0, p.surface);
    list.hairline(panel, 8.0, p.border);
    for (i, line) in lines.iter().enumerate() {
        let rect = Rect::new(panel.x + PAD, panel.y + PAD + LINE_H * i as f32, panel.w - 2.0 * PAD, LINE_H);
        text(list, fonts, font, rect, line, if i == 0 { p.text } else { p.muted }, Align::FlexStart);
    }
    let label = "Copy as hb-shape (Shift+F6)";
    let copy =
        Rect::new(panel.x + PAD, panel.bottom() - PAD - LINE_H - 4.0, fonts.width_px(font, label) + 16.0, LINE_H + 4.0);
    list.fill_round_rect(copy, 4.0, p.border);
    text(
        list,
        fonts,
        font,
        Rect::new(copy.x + 8.0, copy.y + 2.0, copy.w - 16.0, LINE_H),
        label,
        p.text,
        Align::FlexStart,
    );
    (panel, copy)
}

/// The pen a kit widget draws the screen's parts with.
fn kit_pen<'a>(list: &'a mut DisplayList, fonts: &'a FontBook, view: &TextView<'a>) -> Pen<'a> {
    Pen {
        list,
        fonts,
        f: KitFonts::new(fonts),
        palette: view.palette,
        router: view.router,
        mirrored: view.mirrored,
        density: view.density,
        now: view.now,
    }
}

/// Draws a field or the area, the kit's widget, in `rect`; returns how its text was laid out.
fn edit_box(list: &mut DisplayList, fonts: &FontBook, rect: Rect, editor: &Editor, view: &TextView<'_>) -> Laid {
    let f = KitFonts::new(fonts);
    let measure = Measure { fonts, f, density: view.density };
    // Shaping and wrapping a long text is most of a keystroke's cost: the HUD's shape row shows it (issue 35).
    let laid = view.shaping.timed(|| editor.widget().lay_text(&measure, rect, view.mirrored)).unwrap_or_default();
    editor.widget().draw(&mut kit_pen(list, fonts, view), rect);
    laid
}

/// The field and the area of `texts` laid out as the next frame lays them out, in `style`, in the content boxes
/// `field` and `area`, without drawing: the editing fuzz steps against this.
pub fn lay_out_texts(fonts: &FontBook, style: &TextStyle, field: Rect, area: Rect, texts: &TextFields) -> (Laid, Laid) {
    (texts.field.lay_out_in(fonts, style, field), texts.area.lay_out_in(fonts, style, area))
}
