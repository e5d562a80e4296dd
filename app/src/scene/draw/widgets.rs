//! The widgets' looks, shared by the screens: how a button, a checkbox, a radio option, a toggle, a slider, a
//! progress bar, a chip, a dropdown and a focus ring are drawn in a palette, and a line of text placed in a box.

use goldberry_natives::yoga::Align;

use crate::display_list::{DisplayList, PathCommand, PathData, Stroke};
use crate::fonts::FontBook;
use crate::geom::{Color, FontId, Rect};
use crate::scene::draw::text::line_in;
use crate::text::TextStyle;
use crate::ui::router::{Router, Target, WidgetId};
use crate::ui::theme::Palette;

/// The side of a checkbox's square and a radio option's circle.
pub const BOX: f32 = 18.0;

/// How one widget looks at the moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Under the pointer.
    pub hovered: bool,
    /// Held down.
    pub pressed: bool,
    /// Has the keyboard focus.
    pub focused: bool,
    /// Has the focus and shows it (CSS's `:focus-visible`: it came by the keyboard, or the widget edits text).
    pub focus_visible: bool,
    /// Takes no input.
    pub disabled: bool,
}

impl State {
    /// A disabled widget's look.
    pub const DISABLED: State =
        State { hovered: false, pressed: false, focused: false, focus_visible: false, disabled: true };
}

impl State {
    /// How widget `id` looks with `router`'s hover, press and focus.
    pub fn of(router: &Router, id: WidgetId) -> State {
        State {
            hovered: router.hovered().is_some_and(|t| t.id == id),
            pressed: router.pressed().is_some_and(|t| t.id == id) && router.hovered().is_some_and(|t| t.id == id),
            focused: router.focus() == Some(id),
            focus_visible: router.focus() == Some(id) && router.focus_visible(),
            disabled: false,
        }
    }

    /// How part `part` of widget `id` looks (focus belongs to the whole widget).
    pub fn of_part(router: &Router, id: WidgetId, part: u8) -> State {
        let target = Target { id, part };
        State {
            hovered: router.hovered() == Some(target),
            pressed: router.pressed() == Some(target) && router.hovered() == Some(target),
            focused: false,
            focus_visible: false,
            disabled: false,
        }
    }
}

/// The box of the label beside a checkbox's square or a radio option's circle in `rect`.
fn label_box(rect: Rect, mirrored: bool) -> Rect {
    let x = if mirrored { rect.x } else { rect.x + BOX + 8.0 };
    Rect::new(x, rect.y, rect.w - BOX - 8.0, rect.h)
}

/// Where text starts in its box: the left edge, or the right when `mirrored`.
pub fn start(mirrored: bool) -> Align {
    if mirrored { Align::FlexEnd } else { Align::FlexStart }
}

/// What a widget's label is written with.
#[derive(Clone, Copy)]
pub struct Ink<'a> {
    /// The font book.
    pub fonts: &'a FontBook,
    /// The label's font.
    pub font: FontId,
    /// The colours.
    pub palette: &'a Palette,
    /// Laid out right to left: a checkbox's square and a radio option's circle stand after their labels.
    pub mirrored: bool,
}

/// A border `width` wide just inside `rect`, its centre line's corners rounded to `radius`.
pub fn stroke_round(list: &mut DisplayList, rect: Rect, radius: f32, width: f32, color: Color) {
    list.stroke_round_rect(rect.inset(width / 2.0), radius, Stroke { width, round: false }, color);
}

/// The keyboard focus ring: 2 px, just outside the widget.
pub fn focus_ring(list: &mut DisplayList, rect: Rect, radius: f32, p: &Palette) {
    let ring = Rect::new(rect.x - 4.0, rect.y - 4.0, rect.w + 8.0, rect.h + 8.0);
    stroke_round(list, ring, radius + 4.0, 2.0, p.focus);
}

/// One line of text in `rect`, vertically centred, at its start, centre or end.
pub fn text(
    list: &mut DisplayList,
    fonts: &FontBook,
    font: FontId,
    rect: Rect,
    content: &str,
    color: Color,
    align: Align,
) {
    // Laid out by the text engine (fallback faces, runs in visual order), ending with "…" where the box cuts it.
    if let Ok(line) = fonts.ellipsized(&TextStyle::new(font), content, rect.w + 0.5) {
        line_in(list, fonts, font, rect, &line, color, align);
    }
}

pub fn body_color(p: &Palette, state: State) -> Color {
    match state {
        State { disabled: true, .. } => p.background,
        State { pressed: true, .. } => p.surface_pressed,
        State { hovered: true, .. } => p.surface_hover,
        _ => p.surface,
    }
}

pub fn button(list: &mut DisplayList, ink: Ink<'_>, rect: Rect, label: &str, state: State) {
    let Ink { fonts, font, palette: p, .. } = ink;
    list.fill_round_rect(rect, 6.0, body_color(p, state));
    stroke_round(list, rect, 6.0, 1.0, if state.hovered { p.accent } else { p.border });
    text(list, fonts, font, rect, label, if state.disabled { p.muted } else { p.text }, Align::Center);
    if state.focused {
        focus_ring(list, rect, 6.0, p);
    }
}

pub fn checkbox(list: &mut DisplayList, ink: Ink<'_>, rect: Rect, label: &str, checked: bool, state: State) {
    let Ink { fonts, font, palette: p, mirrored } = ink;
    let square_x = if mirrored { rect.right() - BOX } else { rect.x };
    let square = Rect::new(square_x, rect.y + (rect.h - BOX) / 2.0, BOX, BOX);
    if checked {
        list.fill_round_rect(square, 4.0, p.accent);
        let (x, y) = (square.x, square.y);
        let tick = PathData {
            commands: vec![
                PathCommand::MoveTo(x + 4.0, y + 9.5),
                PathCommand::LineTo(x + 7.5, y + 13.0),
                PathCommand::LineTo(x + 14.0, y + 5.5),
            ],
        };
        list.stroke_path(tick, Stroke { width: 2.2, round: true }, p.on_accent);
    } else {
        list.fill_round_rect(square, 4.0, body_color(p, state));
        stroke_round(list, square, 4.0, 1.5, if state.hovered { p.accent } else { p.border });
    }
    text(list, fonts, font, label_box(rect, mirrored), label, p.text, start(mirrored));
    if state.focused {
        focus_ring(list, rect, 4.0, p);
    }
}

pub fn radio(list: &mut DisplayList, ink: Ink<'_>, rect: Rect, label: &str, selected: bool, state: State) {
    let Ink { fonts, font, palette: p, mirrored } = ink;
    let r = BOX / 2.0;
    let cx = if mirrored { rect.right() - r } else { rect.x + r };
    let cy = rect.y + rect.h / 2.0;
    list.fill_circle(cx, cy, r, if selected { p.accent } else { p.border });
    list.fill_circle(cx, cy, r - 1.5, body_color(p, state));
    if selected {
        list.fill_circle(cx, cy, r - 5.0, p.accent);
    }
    text(list, fonts, font, label_box(rect, mirrored), label, p.text, start(mirrored));
}

pub fn toggle(list: &mut DisplayList, rect: Rect, on: bool, mirrored: bool, p: &Palette, state: State) {
    let r = rect.h / 2.0;
    list.fill_round_rect(rect, r, if on { p.accent } else { p.border });
    // On is toward the end edge: the right, or the left when mirrored.
    let cx = if on != mirrored { rect.right() - r } else { rect.x + r };
    let knob = if state.pressed { p.surface_pressed } else { p.surface };
    list.fill_circle(cx, rect.y + r, r - 3.0, knob);
    if state.focused {
        focus_ring(list, rect, r, p);
    }
}

pub fn slider(list: &mut DisplayList, rect: Rect, value: u8, mirrored: bool, p: &Palette, state: State) {
    let cy = rect.y + rect.h / 2.0;
    let track = Rect::new(rect.x, cy - 2.0, rect.w, 4.0);
    list.fill_round_rect(track, 2.0, p.border);
    let filled = rect.w * f32::from(value) / 100.0;
    // The fill grows from the start edge: the left, or the right when mirrored.
    let (x, fill_x) = if mirrored { (rect.right() - filled, rect.right() - filled) } else { (rect.x + filled, rect.x) };
    list.fill_round_rect(Rect::new(fill_x, cy - 2.0, filled, 4.0), 2.0, p.accent);
    let r = if state.pressed || state.hovered { 9.0 } else { 8.0 };
    list.fill_circle(x, cy, r, p.accent);
    list.fill_circle(x, cy, r - 3.0, p.surface);
    if state.focused {
        focus_ring(list, rect, rect.h / 2.0, p);
    }
}

pub fn progress(list: &mut DisplayList, rect: Rect, value: u8, mirrored: bool, p: &Palette) {
    let bar = Rect::new(rect.x, rect.y + rect.h / 2.0 - 4.0, rect.w, 8.0);
    list.fill_round_rect(bar, 4.0, p.border);
    let filled = bar.w * f32::from(value) / 100.0;
    if filled > 0.0 {
        let x = if mirrored { bar.right() - filled } else { bar.x };
        list.fill_round_rect(Rect::new(x, bar.y, filled, bar.h), 4.0, p.accent);
    }
}

/// A chip: a pill labelled `label`, filled when on, outlined (in the accent colour under the pointer) when off.
pub fn chip(list: &mut DisplayList, ink: Ink<'_>, rect: Rect, label: &str, on: bool, state: State) {
    let p = ink.palette;
    let r = rect.h / 2.0;
    let body = if on {
        p.accent
    } else if state.hovered {
        p.surface_hover
    } else {
        p.surface
    };
    list.fill_round_rect(rect, r, body);
    if !on {
        stroke_round(list, rect, r, 1.0, if state.hovered { p.accent } else { p.border });
    }
    text(list, ink.fonts, ink.font, rect, label, if on { p.on_accent } else { p.text }, Align::Center);
}

/// A dropdown, closed: its value at the start, a chevron at the end (its list is a popup, [`crate::popup`]).
pub fn dropdown(list: &mut DisplayList, ink: Ink<'_>, rect: Rect, value: &str, state: State) {
    let Ink { fonts, font, palette: p, mirrored } = ink;
    list.fill_round_rect(rect, 6.0, body_color(p, state));
    stroke_round(list, rect, 6.0, 1.0, if state.hovered { p.accent } else { p.border });
    let cx = if mirrored { rect.x + 16.0 } else { rect.right() - 16.0 };
    let cy = rect.y + rect.h / 2.0;
    let chevron = PathData {
        commands: vec![
            PathCommand::MoveTo(cx - 4.5, cy - 2.0),
            PathCommand::LineTo(cx, cy + 2.5),
            PathCommand::LineTo(cx + 4.5, cy - 2.0),
        ],
    };
    list.stroke_path(chevron, Stroke { width: 1.8, round: true }, p.muted);
    let x = if mirrored { rect.x + 32.0 } else { rect.x + 12.0 };
    let label = Rect::new(x, rect.y, rect.w - 44.0, rect.h);
    text(list, fonts, font, label, value, p.text, start(mirrored));
    if state.focused {
        focus_ring(list, rect, 6.0, p);
    }
}
