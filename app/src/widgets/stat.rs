//! A statistic: a label, a big figure and its change since the last period, green up or red down.

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::{Color, Rect};
use crate::ui::router::{Message, Region, WidgetId};

/// A statistic.
#[derive(Debug, Clone, PartialEq)]
pub struct Statistic {
    id: WidgetId,
    label: &'static str,
    /// The figure as shown.
    pub figure: String,
    /// Its change, percent.
    pub delta: f32,
}

impl Statistic {
    /// A statistic.
    pub fn new(id: WidgetId, label: &'static str, figure: impl Into<String>, delta: f32) -> Statistic {
        Statistic { id, label, figure: figure.into(), delta }
    }

    fn delta_text(&self) -> String {
        let arrow = if self.delta >= 0.0 { "▲" } else { "▼" };
        format!("{arrow} {:.1}%", self.delta.abs())
    }
}

impl Widget for Statistic {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, _m: &Measure<'_>) -> Size {
        Size::fixed(150.0, 76.0)
    }

    fn regions(&self, _rect: Rect, _mirrored: bool, _out: &mut Vec<Region>) {}

    fn handle(&mut self, _message: &Message, _cx: &mut Cx<'_>) -> Response {
        Response::NONE
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        pen.panel(rect, 8.0);
        let inner = Rect { x: rect.x + 12.0, w: rect.w - 24.0, ..rect };
        pen.text_in(pen.f.small, Rect { y: rect.y + 6.0, h: 18.0, ..inner }, self.label, p.muted, Align::FlexStart);
        pen.text_in(pen.f.big, Rect { y: rect.y + 24.0, h: 30.0, ..inner }, &self.figure, p.text, Align::FlexStart);
        let hue = if self.delta >= 0.0 { Color::rgb(0x2f, 0xb8, 0x6e) } else { Color::rgb(0xe0, 0x4f, 0x5f) };
        pen.text_in(
            pen.f.small,
            Rect { y: rect.y + 54.0, h: 16.0, ..inner },
            &self.delta_text(),
            hue,
            Align::FlexStart,
        );
    }

    fn states(&self) -> Vec<&'static str> {
        Vec::new()
    }

    fn access(&self) -> Access {
        Access::new(Role::Status, self.label).value(format!("{} ({})", self.figure, self.delta_text()))
    }

    fn report(&self) -> Value {
        json!({ "figure": self.figure, "delta": self.delta })
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Figure { text: self.figure.clone(), delta: self.delta })
    }

    /// Its figure and change, or its figure alone as text or as a number written as a person reads it.
    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        match value {
            super::Held::Figure { text, delta } => {
                self.figure = text.clone();
                self.delta = *delta;
            }
            other => self.figure = other.words().ok_or_else(|| other.refused("a figure"))?,
        }
        Ok(super::Reached::Exactly)
    }

    fn follows(&self) -> bool {
        true
    }

    clone_box!();
}
