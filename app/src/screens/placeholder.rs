//! The page a screen shows until its own issue builds it: what it will show, said plainly.

use std::sync::Arc;

use crate::display_list::{DisplayList, Op, Paint, Rect, Stroke};
use crate::fonts::{Face, FontBook};
use crate::screens::ScreenName;
use crate::text::TextStyle;
use crate::ui::theme::Palette;

/// What each unbuilt screen will hold.
fn promise(screen: ScreenName) -> &'static str {
    match screen {
        ScreenName::Text => {
            "Editing with carets at HarfBuzz's cluster boundaries, bidirectional runs, font fallback and live \
             OpenType features are built next."
        }
        ScreenName::Overview | ScreenName::Layout | ScreenName::Controls | ScreenName::Scrolling => "",
    }
}

/// Records the placeholder page of `screen` centred in `body`.
pub fn record(list: &mut DisplayList, fonts: &FontBook, body: Rect, screen: ScreenName, palette: &Palette) {
    let panel_w = (body.w - 48.0).clamp(0.0, 560.0);
    let panel = Rect::new(body.x + (body.w - panel_w) / 2.0, body.y + 24.0, panel_w, 132.0);
    list.push(Op::FillRoundRect { rect: panel, radius: 10.0, paint: Paint::Solid(palette.surface) });
    list.push(Op::StrokeRoundRect {
        rect: panel.inset(0.5),
        radius: 10.0,
        stroke: Stroke { width: 1.0, round: false },
        paint: Paint::Solid(palette.border),
    });
    let title = fonts.id(Face::SansBold, 18.0);
    let body_font = fonts.id(Face::Sans, 13.0);
    let (tm, bm) = (fonts.metrics(title), fonts.metrics(body_font));
    let x = panel.x + 20.0;
    let heading = format!("{}: not built yet", screen.title());
    list.push(Op::Glyphs {
        font: title,
        x,
        y: (panel.y + 20.0 + tm.ascent).round(),
        run: fonts.shape(title, &heading),
        color: palette.text,
    });
    let text = promise(screen);
    let style = TextStyle::new(body_font);
    let Ok(paragraph) = fonts.layout(&style, text, Some(panel.w - 40.0)) else { return };
    let top = panel.y + 20.0 + tm.line_height + 12.0;
    for (i, line) in paragraph.lines.iter().take(3).enumerate() {
        let y = (top + bm.ascent + i as f32 * bm.line_height).round();
        // The third line ends with "…" when the promise goes on past it.
        let cut = (i == 2 && paragraph.lines.len() > 3)
            .then(|| fonts.ellipsized(&style, &text[line.bytes.start..], panel.w - 40.0).ok())
            .flatten();
        for run in &cut.as_ref().unwrap_or(line).runs {
            let run_x = (x + run.x).round();
            list.push(Op::Glyphs { font: run.font, x: run_x, y, run: Arc::clone(&run.glyphs), color: palette.muted });
        }
    }
}
