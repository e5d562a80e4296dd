//! A badge: a short status word in a pill, in one of five variants (neutral, info, success, warning, danger).

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::{Color, Rect};
use crate::ui::router::{Message, Region, WidgetId};

/// A badge's variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Neutral,
    Info,
    Success,
    Warning,
    Danger,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 5] =
        [Variant::Neutral, Variant::Info, Variant::Success, Variant::Warning, Variant::Danger];

    /// Its hue.
    fn hue(self) -> Option<Color> {
        match self {
            Variant::Neutral => None,
            Variant::Info => Some(Color::rgb(0x4f, 0x8c, 0xf7)),
            Variant::Success => Some(Color::rgb(0x2f, 0xb8, 0x6e)),
            Variant::Warning => Some(Color::rgb(0xf2, 0xa1, 0x3b)),
            Variant::Danger => Some(Color::rgb(0xe0, 0x4f, 0x5f)),
        }
    }

    /// As the report prints it.
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::Neutral => "neutral",
            Variant::Info => "info",
            Variant::Success => "success",
            Variant::Warning => "warning",
            Variant::Danger => "danger",
        }
    }
}

/// A badge.
#[derive(Debug, Clone, PartialEq)]
pub struct Badge {
    id: WidgetId,
    /// What it says.
    pub text: String,
    /// Its variant.
    pub variant: Variant,
}

impl Badge {
    /// A badge saying `text`.
    pub fn new(id: WidgetId, text: impl Into<String>, variant: Variant) -> Badge {
        Badge { id, text: text.into(), variant }
    }
}

impl Widget for Badge {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed((m.fonts.width_px(m.f.small, &self.text) + 20.0).ceil(), 22.0)
    }

    fn regions(&self, _rect: Rect, _mirrored: bool, _out: &mut Vec<Region>) {}

    fn handle(&mut self, _message: &Message, _cx: &mut Cx<'_>) -> Response {
        Response::NONE
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        let (fill, ink) = match self.variant.hue() {
            Some(hue) => (hue.with_alpha(0x38), hue),
            None => (p.surface_hover, p.text),
        };
        pen.list.fill_round_rect(rect, rect.h / 2.0, fill);
        let ink = if self.variant == Variant::Neutral { ink } else { crate::ui::theme::mix(ink, p.text, 0.35) };
        pen.text_in(pen.f.small, rect, &self.text, ink, Align::Center);
    }

    fn states(&self) -> Vec<&'static str> {
        Vec::new()
    }

    fn access(&self) -> Access {
        Access::new(Role::Status, self.text.clone()).value(self.variant.as_str())
    }

    fn report(&self) -> Value {
        json!({ "text": self.text, "variant": self.variant.as_str() })
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Said { text: self.text.clone(), tone: self.variant })
    }

    /// What it says and in which tone, or text (its tone stays), or a number it writes as a person reads it (a
    /// bound count).
    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        match value {
            super::Held::Said { text, tone } => {
                self.text = text.clone();
                self.variant = *tone;
            }
            other => self.text = other.words().ok_or_else(|| other.refused("text"))?,
        }
        Ok(super::Reached::Exactly)
    }

    fn follows(&self) -> bool {
        true
    }

    clone_box!();
}
