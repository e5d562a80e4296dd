//! Records the popup layer: the open popup (a menu's rows with the highlighted one lifted, or a dialog with its
//! two buttons) and the tooltip, each with a soft shadow, in the frame's palette. Appended after every other op of
//! the frame, so what it adds or takes away damages only its own ink.

use goldberry_natives::yoga::Align;

use crate::display_list::DisplayList;
use crate::fonts::{Face, FontBook};
use crate::geom::{Color, FontId, Rect};
use crate::popup::layer::{Kind, MODAL_PAD, Popup};
use crate::popup::{Tip, ids};
use crate::scene::draw::widgets::{Ink, State, button, stroke_round, text};
use crate::ui::router::Router;
use crate::ui::theme::Palette;

/// What the popup layer is drawn from: the popup open, the tooltip showing and the window they are kept in.
#[derive(Debug, Clone, Copy, Default)]
pub struct PopupView<'a> {
    /// The popup open.
    pub open: Option<&'a Popup>,
    /// The tooltip showing.
    pub tip: Option<Tip>,
    /// The window, window pixels.
    pub viewport: Rect,
}

/// Records `view` into `list` in `palette`, with `router`'s hover, press and focus on a dialog's buttons.
pub fn record(view: &PopupView<'_>, router: &Router, palette: &Palette, fonts: &FontBook, list: &mut DisplayList) {
    let p = palette;
    if let Some(popup) = view.open {
        match &popup.kind {
            Kind::Menu { items, highlighted, rows } => {
                let font = fonts.id(Face::Sans, 13.0);
                let keys = fonts.id(Face::Mono, 11.0);
                panel(list, popup.rect, 8.0, p);
                for (i, (item, row)) in items.iter().zip(rows).enumerate() {
                    let lit = *highlighted == Some(i);
                    if lit {
                        list.fill_round_rect(*row, 5.0, p.accent);
                    }
                    let ink = match (item.enabled, lit) {
                        (false, _) => p.muted,
                        (true, true) => p.on_accent,
                        (true, false) => p.text,
                    };
                    // Mirrored, the row reads from the right: the dot at its right end, the label right-aligned
                    // before it, the shortcut at its left end.
                    let m = popup.mirrored;
                    if item.checked {
                        list.fill_circle(
                            if m { row.right() - 12.0 } else { row.x + 12.0 },
                            row.y + row.h / 2.0,
                            3.5,
                            if lit { p.on_accent } else { p.accent },
                        );
                    }
                    let label = Rect::new(if m { row.x + 8.0 } else { row.x + 24.0 }, row.y, row.w - 32.0, row.h);
                    let (start, end) =
                        if m { (Align::FlexEnd, Align::FlexStart) } else { (Align::FlexStart, Align::FlexEnd) };
                    text(list, fonts, font, label, item.label, ink, start);
                    if let Some(shortcut) = item.shortcut {
                        let muted = if lit { p.on_accent } else { p.muted };
                        text(list, fonts, keys, label, shortcut, if item.enabled { muted } else { p.muted }, end);
                    }
                }
            }
            Kind::Modal { title, body, confirm, cancel_rect, confirm_rect } => {
                panel(list, popup.rect, 10.0, p);
                let r = popup.rect;
                let align = if popup.mirrored { Align::FlexEnd } else { Align::FlexStart };
                let title_box = Rect::new(r.x + MODAL_PAD, r.y + MODAL_PAD, r.w - 2.0 * MODAL_PAD, 24.0);
                text(list, fonts, fonts.id(Face::SansBold, 16.0), title_box, title, p.text, align);
                // A narrow dialog (a small window) breaks its line in two rather than cut it.
                let body_font = fonts.id(Face::Sans, 13.0);
                let mut body_box = Rect { y: title_box.bottom() + 8.0, h: 20.0, ..title_box };
                for line in two_lines(fonts, body_font, body, body_box.w) {
                    text(list, fonts, body_font, body_box, line, p.muted, align);
                    body_box.y += body_box.h;
                }
                let ink = Ink { fonts, font: fonts.id(Face::Sans, 13.0), palette: p, mirrored: popup.mirrored };
                button(list, ink, *cancel_rect, "Cancel", State::of(router, ids::CANCEL));
                button(list, ink, *confirm_rect, confirm, State::of(router, ids::CONFIRM));
            }
        }
    }
    if let Some(tip) = view.tip {
        tooltip(list, fonts, &tip, view.viewport, p);
    }
}

/// `text` as one line when it fits `width`, else cut at the last space that lets the first line fit (the second
/// is ellipsized by whoever draws it when it is still too long).
fn two_lines<'t>(fonts: &FontBook, font: FontId, text: &'t str, width: f32) -> Vec<&'t str> {
    if fonts.width_px(font, text) <= width {
        return vec![text];
    }
    let cut = text.match_indices(' ').map(|(i, _)| i).rev().find(|&i| fonts.width_px(font, &text[..i]) <= width);
    match cut {
        Some(i) => vec![&text[..i], &text[i + 1..]],
        None => vec![text],
    }
}

/// A popup's body: a soft shadow under a surface with a border.
fn panel(list: &mut DisplayList, rect: Rect, radius: f32, p: &Palette) {
    shadow(list, rect, radius);
    list.fill_round_rect(rect, radius, p.surface);
    stroke_round(list, rect, radius, 1.0, p.border);
}

/// A shadow a few pixels past `rect`, darker toward it and a little lower, as light from above casts.
fn shadow(list: &mut DisplayList, rect: Rect, radius: f32) {
    for (spread, alpha) in [(6.0, 0x14), (3.0, 0x22), (1.0, 0x30)] {
        let r = Rect { y: rect.y + 2.0, ..rect }.inset(-spread);
        list.fill_round_rect(r, radius + spread, Color(0).with_alpha(alpha));
    }
}

/// The tooltip: one line in the palette's text colour on its reverse, under its part (over it when the window
/// has no room below), kept inside the window.
fn tooltip(list: &mut DisplayList, fonts: &FontBook, tip: &Tip, viewport: Rect, p: &Palette) {
    let font = fonts.id(Face::Sans, 12.0);
    let (w, h) = ((fonts.width_px(font, tip.text) + 16.0).ceil(), 24.0);
    let a = tip.anchor;
    let below = a.bottom() + 6.0;
    let y = if below + h <= viewport.bottom() { below } else { a.y - 6.0 - h };
    let x = a.x.min(viewport.right() - w).max(viewport.x);
    let rect = Rect::new(x.round(), y.round(), w, h);
    shadow(list, rect, 5.0);
    list.fill_round_rect(rect, 5.0, p.text);
    text(list, fonts, font, rect, tip.text, p.surface, Align::Center);
}
