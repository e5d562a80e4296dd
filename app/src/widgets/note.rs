//! A note: a line of secondary text beside a widget, that a page's bindings rewrite ("pressed 3 times").

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::geom::Rect;
use crate::ui::router::{Message, Region, WidgetId};

/// A note.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    id: WidgetId,
    /// What it says.
    pub text: String,
    width: f32,
}

impl Note {
    /// A note `width` px wide saying `text`.
    pub fn new(id: WidgetId, text: impl Into<String>, width: f32) -> Note {
        Note { id, text: text.into(), width }
    }
}

impl Widget for Note {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        Size::fixed(self.width, m.control())
    }

    fn regions(&self, _rect: Rect, _mirrored: bool, _out: &mut Vec<Region>) {}

    fn handle(&mut self, _message: &Message, _cx: &mut Cx<'_>) -> Response {
        Response::NONE
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let muted = pen.palette.muted;
        pen.text_in(pen.f.mono, rect, &self.text, muted, Align::FlexStart);
    }

    fn access(&self) -> Access {
        Access::new(Role::Label, self.text.clone())
    }

    fn report(&self) -> Value {
        json!({ "text": self.text })
    }

    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Text(self.text.clone()))
    }

    /// Text, or a number it writes as a person reads it (a bound count).
    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        self.text = value.words().ok_or_else(|| value.refused("text"))?;
        Ok(super::Reached::Exactly)
    }

    fn follows(&self) -> bool {
        true
    }

    clone_box!();
}
