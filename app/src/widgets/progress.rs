//! Progress: a bar and a ring, each showing a fraction a page binds to something (a slider, a task's steps).

use goldberry_natives::yoga::Align;
use serde_json::{Value, json};

use super::{Access, Cx, Measure, Pen, Response, Role, Size, Widget};
use crate::clone_box;
use crate::display_list::{PathData, Stroke};
use crate::geom::Rect;
use crate::scene::draw::geometry::arc;
use crate::scene::draw::widgets as looks;
use crate::ui::router::{Message, Region, WidgetId};

/// What a progress widget looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A horizontal bar.
    Bar,
    /// A ring with the percentage inside.
    Ring,
}

/// A progress bar or ring.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    id: WidgetId,
    name: &'static str,
    shape: Shape,
    /// How far, 0 to 1.
    pub fraction: f32,
    width: f32,
}

impl Progress {
    /// A bar `width` px wide.
    pub fn bar(id: WidgetId, name: &'static str, fraction: f32, width: f32) -> Progress {
        Progress { id, name, shape: Shape::Bar, fraction: fraction.clamp(0.0, 1.0), width }
    }

    /// A ring.
    pub fn ring(id: WidgetId, name: &'static str, fraction: f32) -> Progress {
        Progress { shape: Shape::Ring, ..Progress::bar(id, name, fraction, 56.0) }
    }

    /// Sets the fraction; true when it changed.
    pub fn set(&mut self, fraction: f32) -> bool {
        let f = fraction.clamp(0.0, 1.0);
        std::mem::replace(&mut self.fraction, f) != f
    }

    fn percent(&self) -> u8 {
        (self.fraction * 100.0).round() as u8
    }
}

impl Widget for Progress {
    fn id(&self) -> WidgetId {
        self.id
    }

    fn size(&self, m: &Measure<'_>) -> Size {
        match self.shape {
            Shape::Bar => Size::fixed(self.width, m.control().min(24.0)),
            Shape::Ring => Size::fixed(56.0, 56.0),
        }
    }

    fn regions(&self, _rect: Rect, _mirrored: bool, _out: &mut Vec<Region>) {}

    fn handle(&mut self, _message: &Message, _cx: &mut Cx<'_>) -> Response {
        Response::NONE
    }

    fn draw(&self, pen: &mut Pen<'_>, rect: Rect) {
        let p = pen.palette;
        match self.shape {
            Shape::Bar => looks::progress(pen.list, rect, self.percent(), pen.mirrored, &p),
            Shape::Ring => {
                let (cx, cy) = (rect.x + rect.w / 2.0, rect.y + rect.h / 2.0);
                let r = rect.w.min(rect.h) / 2.0 - 4.0;
                pen.list.stroke_path(
                    PathData { commands: crate::scene::draw::geometry::circle(cx, cy, r) },
                    Stroke { width: 6.0, round: false },
                    p.border,
                );
                if self.fraction > 0.0 {
                    let top = -std::f32::consts::FRAC_PI_2;
                    let sweep = std::f32::consts::TAU * self.fraction * if pen.mirrored { -1.0 } else { 1.0 };
                    let filled = PathData { commands: arc(cx, cy, r, top, top + sweep, true) };
                    pen.list.stroke_path(filled, Stroke { width: 6.0, round: true }, p.accent);
                }
                pen.text_in(pen.f.mono, rect, &format!("{}%", self.percent()), p.text, Align::Center);
            }
        }
    }

    fn states(&self) -> Vec<&'static str> {
        Vec::new()
    }

    fn access(&self) -> Access {
        Access::new(Role::ProgressIndicator, self.name).value(format!("{}%", self.percent())).range(
            f64::from(self.percent()),
            0.0,
            100.0,
            1.0,
        )
    }

    fn report(&self) -> Value {
        json!({ "percent": self.percent() })
    }

    /// Its percent.
    fn value(&self) -> Option<super::Held> {
        Some(super::Held::Number(f64::from(self.fraction) * 100.0))
    }

    fn range(&self) -> Option<super::Span> {
        Some(super::Span { value: f64::from(self.fraction) * 100.0, min: 0.0, max: 100.0, step: 1.0 })
    }

    fn set_value(&mut self, value: &super::Held) -> Result<super::Reached, super::Refused> {
        let super::Held::Number(n) = value else { return Err(value.refused("a percent")) };
        self.set((n / 100.0) as f32);
        Ok(super::held::reached(value, super::Held::Number(f64::from(self.fraction) * 100.0)))
    }

    fn follows(&self) -> bool {
        true
    }

    clone_box!();
}
