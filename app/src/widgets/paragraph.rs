//! A paragraph: text to read, wrapped (UAX #14) to its box's width in a face, size and OpenType features of its
//! own, as many lines as its box holds; the last one ends with "…" when lines are left over. A line stands against
//! the right edge when it runs right to left or the page is mirrored. Optionally on a panel. It takes no input; the
//! report says where each of its lines was drawn, so a script can check that it wraps inside its box.

use std::sync::Mutex;

use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::fonts::Face;
use crate::geom::Rect;
use crate::scene::draw::text::line_runs;
use crate::scene::draw::widgets as looks;
use crate::text::{Features, TextStyle};
use crate::ui::router::{Message, Region, WidgetId};

/// Where a paragraph was drawn: its box and each line's, window units, and whether lines were left over (the last
/// one drawn then ends with an ellipsis).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Drawn {
    /// The text's box.
    pub rect: Rect,
    /// Each line drawn: from its pen's x, its top, its width and its line's height.
    pub lines: Vec<Rect>,
    /// Some lines did not fit the box.
    pub cut: bool,
    /// The last line drawn was ellipsized.
    pub ellipsis: bool,
}

impl Drawn {
    /// The report's entry.
    pub fn report(&self) -> Value {
        let r = |r: &Rect| json!([r.x, r.y, r.w, r.h]);
        let lines: Vec<_> = self.lines.iter().map(r).collect();
        json!({ "text_box": r(&self.rect), "lines": lines, "cut": self.cut, "ellipsis": self.ellipsis })
    }
}

/// A paragraph (see the module docs).
#[derive(Debug)]
pub struct Paragraph {
    id: WidgetId,
    text: &'static str,
    face: (Face, f32),
    /// The features it is shaped with, over the defaults.
    pub features: Features,
    /// How tall its box is, px.
    height: f32,
    /// Drawn on a panel, the text this far inside its border, px.
    panel: Option<f32>,
    /// Written in the muted colour (a hint), not the text's.
    muted: bool,
    /// Where the last drawing put its lines, for the report (drawing has only a shared borrow).
    drawn: Mutex<Drawn>,
}

impl Clone for Paragraph {
    fn clone(&self) -> Paragraph {
        let drawn = self.drawn.lock().map(|d| d.clone()).unwrap_or_default();
        Paragraph { features: self.features.clone(), drawn: Mutex::new(drawn), ..*self }
    }
}

impl PartialEq for Paragraph {
    fn eq(&self, other: &Paragraph) -> bool {
        (self.id, self.text, self.face, &self.features, self.height)
            == (other.id, other.text, other.face, &other.features, other.height)
    }
}

impl Paragraph {
    /// `text` in `face` at `px`, in a box `height` px tall as wide as its row.
    pub fn new(id: WidgetId, text: &'static str, face: Face, px: f32, height: f32) -> Paragraph {
        let (features, drawn) = (Features::default(), Mutex::new(Drawn::default()));
        Paragraph { id, text, face: (face, px), features, height, panel: None, muted: false, drawn }
    }

    /// On a panel, the text `inset` px inside its border.
    pub fn panel(mut self, inset: f32) -> Paragraph {
        self.panel = Some(inset);
        self
    }

    /// In the muted colour.
    pub fn muted(mut self) -> Paragraph {
        self.muted = true;
        self
    }

    /// Written at `px`.
    pub fn set_px(&mut self, px: f32) {
        self.face.1 = px;
    }

    /// Where the last drawing put its lines.
    pub fn drawn(&self) -> Drawn {
        self.drawn.lock().map(|d| d.clone()).unwrap_or_default()
    }
}

impl Widget for Paragraph {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        Size::fill(120.0, self.height)
    }

    fn regions(&self, _rect: Rect, _mirrored: bool, _out: &mut Vec<Region>) {}

    fn handle(&mut self, _message: &Message, _cx: &mut Cx<'_>) -> Response {
        Response::NONE
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let inner = match self.panel {
            Some(inset) => {
                pen.list.fill_round_rect(rect, 6.0, p.surface);
                looks::stroke_round(pen.list, rect, 6.0, 1.0, p.border);
                rect.inset(inset)
            }
            None => rect,
        };
        let font = pen.fonts.id(self.face.0, self.face.1);
        let style = TextStyle { features: self.features.clone(), ..TextStyle::new(font) };
        let drawn = paragraph_in(pen, &style, self.text, inner, if self.muted { p.muted } else { p.text });
        if let Ok(mut kept) = self.drawn.lock() {
            *kept = drawn;
        }
    }

    fn access(&self) -> Access {
        // A label, as GTK gives a wrapped text: the role whose words a screen reader reads as text.
        Access::new(Role::Label, self.text)
    }

    fn report(&self) -> Value {
        self.drawn().report()
    }

    clone_box!();
}

/// `content` laid out in `style`, wrapped to `rect`'s width, as many lines as fit (the last one ellipsized when
/// some are left over); a line stands against the right edge when it runs right to left or the UI is mirrored.
/// Returns where its lines were drawn.
fn paragraph_in(pen: &mut Pen<'_>, style: &TextStyle, content: &str, rect: Rect, color: crate::geom::Color) -> Drawn {
    let (fonts, mirrored) = (pen.fonts, pen.mirrored);
    let mut drawn = Drawn { rect, ..Drawn::default() };
    let Ok(paragraph) = fonts.layout(style, content, Some(rect.w)) else { return drawn };
    let m = fonts.metrics(style.font);
    // Half a pixel of slack: a box laid out for n lines may come out a hair shorter on the pixel grid.
    let fit = ((rect.h + 0.5) / m.line_height).floor().max(1.0) as usize;
    drawn.cut = paragraph.lines.len() > fit;
    pen.list.clip(rect, |list| {
        for (i, line) in paragraph.lines.iter().take(fit).enumerate() {
            let top = rect.y + i as f32 * m.line_height;
            // The last line that fits ends with "…" when lines are left over.
            let last =
                (drawn.cut && i + 1 == fit).then(|| fonts.ellipsized(style, &content[line.bytes.start..], rect.w).ok());
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
