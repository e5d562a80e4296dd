//! The text screen: a single-line field and a six-line area to edit (carets at HarfBuzz's cluster boundaries,
//! bidirectional runs, font fallback), the primary face's OpenType features as toggles over a sample at a size
//! from 8 to 72 px, and a paragraph of scripts the primary face lacks.

pub mod layout;
pub mod state;

use std::borrow::Cow;

use goldberry_natives::yoga::Align;
use goldberry_natives::{Goldberry, NativeError};

use self::layout::{TextLayout, TextTree, inset};
use self::state::{Drawn, Laid, TextFields, TextGeometry, default_on, ids};
use crate::display_list::DisplayList;
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId, Rect};
use crate::scene::draw::text::line_runs;
use crate::scene::draw::widgets::{Ink, State, chip, focus_ring, stroke_round, text};
use crate::scene::layout::{LaidBox, LayoutError};
use crate::scene::shaping::Timed;
use crate::screens::interface::{Page, Recorded, Room, Screen};
use crate::screens::paging::{self, Sheet};
use crate::text::TextStyle;
use crate::ui::edit::TextEdit;
use crate::ui::router::{Router, WidgetId};
use crate::ui::theme::Palette;
use crate::widgets::editor::{self, Look, Scroll, Shown};
use crate::widgets::pen::{Density, KitFonts};
use crate::widgets::{Pen, Widget};

/// The features offered as toggles, in this order, when the face has them (a face's own list also holds features
/// that only make sense on their own, such as `ccmp`, `locl` or `mark`, which are not toggles).
pub const TOGGLES: [&[u8; 4]; 22] = [
    b"liga", b"kern", b"calt", b"dlig", b"tnum", b"pnum", b"zero", b"frac", b"sups", b"subs", b"case", b"ss01",
    b"ss02", b"ss03", b"ss04", b"ss05", b"ss06", b"ss07", b"cv01", b"cv05", b"cv08", b"cv11",
];

/// What the sample shows: ligatures, figures, a fraction, case-sensitive punctuation and the stylistic sets' letters.
const SAMPLE: &str = "Office affine flow 0123456789 1/2 3/4 (HELLO) [A-Z] → a g 1 l I 4 6 9";

/// The fallback paragraph: scripts Inter does not cover, each drawn by the first face down the chain that does, and
/// a row of colour emoji (a family, a skin-toned ZWJ sequence, skin tones, flags, a keycap), each one glyph, and
/// the COLR v1 sample face's six glyphs (`Face::ColourSample`), each a paint graph HarfBuzz walks.
const DEMO: &str = "Inter draws Latin; the chain finds faces for العربية and עברית (right to left), हिन्दी and \
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
    /// The chips' tags.
    pub chip: FontId,
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
            chip: fonts.id(Face::Mono, 12.0),
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
    /// The last layout, unscrolled, and the page's height (None: lay out before the next frame).
    laid: Option<(TextLayout, f32)>,
    /// The focus and offset the last frame drew, so that a new focus below the fold scrolls into view once.
    drawn: Option<(Option<WidgetId>, f32)>,
    /// The page was laid out anew since the last recording (its regions are new).
    relaid: bool,
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
        let labels: Vec<String> = chips.iter().map(|t| String::from_utf8_lossy(t).into_owned()).collect();
        Ok(TextScreen {
            tree: TextTree::new(g, fonts, &f, &labels)?,
            fonts: f,
            chips,
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
            self.laid = Some(self.tree.lay_out(room.body, room.direction, room.settings.density)?);
            self.relaid = true;
        }
        Ok(())
    }

    /// Records the screen as `texts` shows it, and hands back where its text lies for the next input.
    fn record(&mut self, page: &mut Page<'_>, texts: &TextFields) -> Result<Recorded<TextGeometry>, NativeError> {
        let fresh = std::mem::take(&mut self.relaid);
        let Some((laid, content_h)) = &self.laid else { return Ok(Recorded::default()) };
        let (body, mirrored) = (page.body, page.mirrored());
        let sheet = Sheet { viewport: body, content_h: *content_h, mirrored };
        // A focus that moved onto a widget outside the body brings it into view (Tab below the fold).
        let focus = page.router.focus();
        let reveal = match focus {
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
        let regions = (fresh || moved).then(|| {
            let mut regions = vec![paging::page_region(body)];
            if sheet.scrollbar(offset).is_some() {
                let viewport = paging::content_viewport(body, mirrored);
                regions.extend(shown.regions.iter().filter_map(|r| paging::cut(*r, viewport)));
            } else {
                regions.extend(shown.regions.iter().copied());
            }
            paging::scrollbar_regions(sheet, offset, &mut regions);
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
        let hint = "Ctrl+C X V copy, cut, paste; Ctrl+Z undo, Ctrl+Y redo; double-click a word, triple-click a line; \
                    Ctrl+R mirrors every screen";
        paragraph_in(list, fonts, &TextStyle::new(f.hint), hint, l.hint, p.muted, view.mirrored);

        let style = TextStyle::new(f.edit);
        let field = self.edit_box(list, fonts, &style, l.field, &view.texts.field, view, ids::FIELD);
        let area = self.edit_box(list, fonts, &style, l.area, &view.texts.area, view, ids::AREA);

        let ink = Ink { fonts, font: f.chip, palette: p, mirrored: view.mirrored };
        for (part, (rect, tag)) in l.chips.iter().zip(&self.chips).enumerate() {
            let on = view.texts.features.is_on(*tag).unwrap_or(default_on(*tag));
            let state = State::of_part(view.router, ids::FEATURES, part as u8);
            chip(list, ink, *rect, &String::from_utf8_lossy(tag), on, state);
        }
        // The keyboard's mark is on one chip, the one Space toggles.
        if view.router.focus() == Some(ids::FEATURES)
            && let Some(rect) = l.chips.get(view.texts.chip).or(l.chips.last())
        {
            focus_ring(list, *rect, rect.h / 2.0, p);
        }
        text(list, fonts, f.caption, l.size[0], "Size", p.text, start);
        // The kit's slider, drawn by its own pen as on every other screen.
        let mut pen = Pen {
            list: &mut *list,
            fonts,
            f: KitFonts::new(fonts),
            palette: *p,
            router: view.router,
            mirrored: view.mirrored,
            density: view.density,
            now: 0.0,
        };
        view.texts.size.draw(&mut pen, l.size[1]);
        text(list, fonts, f.chip, l.size[2], &format!("{} px", view.texts.size_px()), p.text, start);

        let sample_font = fonts.id(Face::Sans, f32::from(view.texts.size_px()));
        let sample = TextStyle { features: view.texts.features.clone(), ..TextStyle::new(sample_font) };
        panel(list, l.sample, p);
        paragraph_in(list, fonts, &sample, SAMPLE, l.sample.inset(10.0), p.text, view.mirrored);
        panel(list, l.demo, p);
        let fallback =
            paragraph_in(list, fonts, &TextStyle::new(f.demo), DEMO, l.demo.inset(4.0), p.text, view.mirrored);

        let size_track = l.size[1];
        TextGeometry {
            field,
            area,
            chips: self.chips.clone(),
            size_track,
            mirrored: view.mirrored,
            fallback,
            ..Default::default()
        }
    }

    /// Draws a field or the area with its text, selection and caret; returns how it was laid out.
    #[allow(clippy::too_many_arguments)]
    fn edit_box(
        &self,
        list: &mut DisplayList,
        fonts: &FontBook,
        style: &TextStyle,
        rect: Rect,
        edit: &TextEdit,
        view: &TextView<'_>,
        id: &'static str,
    ) -> Laid {
        let p = &view.palette;
        let state = State::of(view.router, id);
        list.fill_round_rect(rect, 6.0, p.surface);
        stroke_round(list, rect, 6.0, 1.0, if state.focused || state.hovered { p.accent } else { p.border });
        if state.focused {
            focus_ring(list, rect, 6.0, p);
        }
        let content = rect.inset(inset(view.density));
        let multiline = edit.multiline();
        let previous = if multiline { &view.texts.geometry().area } else { &view.texts.geometry().field };
        // Shaping and wrapping a long text is most of a keystroke's cost: the HUD's shape row shows it (issue 35).
        let laid = view.shaping.timed(|| lay_out_edit(fonts, style, content, edit, previous, view.texts));
        let m = fonts.metrics(style.font);
        let look = Look {
            ink: p.text,
            highlight: p.accent.with_alpha(80),
            selection: edit.shown_selection(),
            composing: edit.preedit_range(),
            caret: (state.focused && view.texts.blink_on(view.now)).then(|| edit.shown_caret()),
            ascent: m.ascent,
            face_line: m.line_height,
            size_px: fonts.size_px(style.font),
        };
        editor::draw(list, &laid, multiline, &look);
        // Where the six lines shown sit in the whole text, when it is longer.
        if multiline {
            editor::thumb(list, rect, &laid, p.muted.with_alpha(160));
        }
        laid
    }
}

/// The field and the area of `texts` laid out as the next frame lays them out, in `style`, in the content boxes
/// `field` and `area`, without drawing: the editing fuzz steps against this.
pub fn lay_out_texts(fonts: &FontBook, style: &TextStyle, field: Rect, area: Rect, texts: &TextFields) -> (Laid, Laid) {
    let g = texts.geometry();
    (
        lay_out_edit(fonts, style, field, &texts.field, &g.field, texts),
        lay_out_edit(fonts, style, area, &texts.area, &g.area, texts),
    )
}

/// Lays out `edit` in `content` as every editor does ([`editor::lay_out`]), from the scroll the screen keeps.
fn lay_out_edit(
    fonts: &FontBook,
    style: &TextStyle,
    content: Rect,
    edit: &TextEdit,
    previous: &Laid,
    texts: &TextFields,
) -> Laid {
    let shown = edit.shown();
    let multiline = edit.multiline();
    let scroll = Scroll { at: texts.scroll[usize::from(multiline)], reveal: texts.reveal };
    let line_height = fonts.metrics(style.font).line_height.ceil();
    let shown = Shown { text: &shown, caret: edit.shown_caret(), multiline, line_height };
    editor::lay_out(fonts, style, content, shown, previous, scroll)
}

fn panel(list: &mut DisplayList, rect: Rect, p: &Palette) {
    list.fill_round_rect(rect, 6.0, p.surface);
    stroke_round(list, rect, 6.0, 1.0, p.border);
}

/// `content` laid out in `style`, wrapped to `rect`'s width, as many lines as fit (the last one ellipsized when
/// some are left over); a line stands against the right edge
/// when it runs right to left or the UI is `mirrored`. Returns where its lines were drawn.
fn paragraph_in(
    list: &mut DisplayList,
    fonts: &FontBook,
    style: &TextStyle,
    content: &str,
    rect: Rect,
    color: Color,
    mirrored: bool,
) -> Drawn {
    let mut drawn = Drawn { rect, ..Drawn::default() };
    let Ok(paragraph) = fonts.layout(style, content, Some(rect.w)) else { return drawn };
    let m = fonts.metrics(style.font);
    // Half a pixel of slack: a box laid out for n lines may come out a hair shorter on the pixel grid.
    let fit = ((rect.h + 0.5) / m.line_height).floor().max(1.0) as usize;
    let cut = paragraph.lines.len() > fit;
    drawn.cut = cut;
    list.clip(rect, |list| {
        for (i, line) in paragraph.lines.iter().take(fit).enumerate() {
            let top = rect.y + i as f32 * m.line_height;
            // The last line that fits ends with "…" when lines are left over.
            let last =
                (cut && i + 1 == fit).then(|| fonts.ellipsized(style, &content[line.bytes.start..], rect.w).ok());
            let line = match &last {
                Some(Some(ellipsized)) => ellipsized,
                _ => line,
            };
            let x = if line.rtl || mirrored { rect.right() - line.width_px } else { rect.x };
            line_runs(list, line, x, top + m.ascent, color);
            drawn.lines.push(Rect::new(x, top, line.width_px, m.line_height));
            drawn.ellipsis = matches!(last, Some(Some(_)));
        }
    });
    drawn
}
