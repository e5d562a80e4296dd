//! Where the text screen's parts lie: two columns (the field and the area; the feature chips, the size slider,
//! the sample and the fallback demo) that Yoga wraps into one on a narrow window and mirrors for a right-to-left
//! UI.

use goldberry_natives::yoga::{Align, Direction, Edge, FlexDirection, Gutter, LayoutTree, Length, NodeId, Wrap};
use goldberry_natives::{Goldberry, NativeError};

use crate::flame::layouts::{self, Laid};
use crate::fonts::FontBook;
use crate::geom::Rect;
use crate::scene::layout::{LaidBox, Mount, outline};
use crate::screens::paging::content_viewport;
use crate::screens::text::TextFonts;
use crate::screens::text::state::{AREA_LINES, ids};
use crate::ui::router::{Cursor, Region};
use crate::ui::settings::Density;

/// A column's width to start from: two fit side by side from 820 units (two, the page's margins and the gap).
const COLUMN: f32 = 380.0;

/// The parts' boxes, in window pixels.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextLayout {
    /// The screen's title.
    pub title: Rect,
    /// The captions above the field, the area, the chips, the sample and the demo.
    pub captions: [Rect; 5],
    /// The field's box.
    pub field: Rect,
    /// The area's box.
    pub area: Rect,
    /// The hint under the area.
    pub hint: Rect,
    /// The feature chips' box (the kit's chips wrap inside it).
    pub chips: Rect,
    /// The size row: its label, its slider, its value.
    pub size: [Rect; 3],
    /// The sample's box.
    pub sample: Rect,
    /// The fallback and bidi demo's box.
    pub demo: Rect,
    /// The hit regions, in tab order, but for the chips' (the widget's own, which change without a layout).
    pub regions: Vec<Region>,
}

impl TextLayout {
    /// The layout moved down by `dy` (up when negative): the page scrolled.
    pub fn moved(&self, dy: f32) -> TextLayout {
        let m = |r: Rect| Rect { y: r.y + dy, ..r };
        TextLayout {
            title: m(self.title),
            captions: self.captions.map(m),
            field: m(self.field),
            area: m(self.area),
            hint: m(self.hint),
            chips: m(self.chips),
            size: self.size.map(m),
            sample: m(self.sample),
            demo: m(self.demo),
            regions: self.regions.iter().map(|r| Region { rect: m(r.rect), ..*r }).collect(),
        }
    }
}

/// The screen's Yoga tree, built once (the chips are the face's features, known when the fonts load).
#[derive(Debug)]
pub struct TextTree {
    tree: LayoutTree,
    root: NodeId,
    title: NodeId,
    captions: [NodeId; 5],
    field: NodeId,
    area: NodeId,
    hint: NodeId,
    chips: NodeId,
    size: [NodeId; 3],
    sample: NodeId,
    demo: NodeId,
    columns: [NodeId; 2],
    /// The editors' line height.
    edit_line: f32,
    /// The density the nodes' sizes and gaps are set for.
    density: Density,
}

/// Padding inside the field and the area at `density`, px: its sheet's `--edit-inset` (8, or 6 in compact
/// density: a 15 px line then makes a 31 px field where the regular one is 35).
pub fn inset(density: Density) -> f32 {
    density.sizes().edit_inset
}

impl TextTree {
    /// Every box of the last layout in `body` (see [`outline`]).
    pub fn outline(&self, body: Rect, into: &mut Vec<LaidBox>) {
        outline(&self.tree, self.root, Mount { origin: (body.x, body.y), depth: 2 }, "text", into);
    }

    /// Builds the tree.
    pub fn new(g: &'static Goldberry, fonts: &FontBook, f: &TextFonts) -> Result<Self, NativeError> {
        let mut t = LayoutTree::new(g)?;
        let line = |font| fonts.metrics(font).line_height;
        let root = t.add_node()?;
        t.set_flex_direction(root, FlexDirection::Row);
        t.set_flex_wrap(root, Wrap::Wrap);
        t.set_align_content(root, Align::FlexStart);
        t.set_padding(root, Edge::All, Length::Points(20.0));
        t.set_gap(root, Gutter::All, 20.0);
        let column = |t: &mut LayoutTree| -> Result<NodeId, NativeError> {
            let c = t.add_node()?;
            t.add_child(root, c)?;
            t.set_flex_grow(c, 1.0);
            // A column shrinks to the page's width when one column is all that fits (3x zoom leaves 320 units), so
            // nothing in it runs under the scrollbar's gutter.
            t.set_flex_shrink(c, 1.0);
            t.set_flex_basis(c, Length::Points(COLUMN));
            t.set_gap(c, Gutter::Row, 8.0);
            Ok(c)
        };
        let left = column(&mut t)?;
        let right = column(&mut t)?;
        let leaf = |t: &mut LayoutTree, parent: NodeId, h: f32| -> Result<NodeId, NativeError> {
            let n = t.add_node()?;
            t.add_child(parent, n)?;
            t.set_height(n, Length::Points(h));
            Ok(n)
        };
        let caption_h = line(f.caption) + 2.0;
        let title = leaf(&mut t, left, line(f.title) + 6.0)?;
        let c0 = leaf(&mut t, left, caption_h)?;
        let field = leaf(&mut t, left, line(f.edit) + 2.0 * inset(Density::Regular))?;
        let c1 = leaf(&mut t, left, caption_h)?;
        let area = leaf(&mut t, left, AREA_LINES as f32 * line(f.edit) + 2.0 * inset(Density::Regular))?;
        let hint = leaf(&mut t, left, 2.0 * line(f.hint))?;
        let c2 = leaf(&mut t, right, caption_h)?;
        // The chips' height is set for the column's width when the page is laid out.
        let chips = leaf(&mut t, right, 0.0)?;
        let size = size_row(&mut t, right)?;
        let sample = leaf(&mut t, right, 130.0)?;
        let c3 = leaf(&mut t, right, caption_h)?;
        let demo = leaf(&mut t, right, 4.0 * line(f.demo) + 8.0)?;
        let _ = c3;
        Ok(TextTree {
            tree: t,
            root,
            title,
            captions: [c0, c1, c2, c3, c3],
            field,
            area,
            hint,
            chips,
            size,
            sample,
            demo,
            columns: [left, right],
            edit_line: line(f.edit),
            density: Density::Regular,
        })
    }

    /// Sets the nodes' sizes and gaps for `density`: compact takes 6 px from the page's margins and gaps, 2 from
    /// the columns' gaps, the chips and the size row, 4 from the field and the area, 20 from the sample.
    fn set_density(&mut self, density: Density) {
        if density == self.density {
            return;
        }
        self.density = density;
        let compact = density == Density::Compact;
        let (t, by) = (&mut self.tree, |regular: f32, less: f32| if compact { regular - less } else { regular });
        t.set_padding(self.root, Edge::All, Length::Points(by(20.0, 6.0)));
        t.set_gap(self.root, Gutter::All, by(20.0, 6.0));
        for c in self.columns {
            t.set_gap(c, Gutter::Row, by(8.0, 2.0));
        }
        t.set_height(self.field, Length::Points(self.edit_line + 2.0 * inset(density)));
        t.set_height(self.area, Length::Points(AREA_LINES as f32 * self.edit_line + 2.0 * inset(density)));
        for n in self.size {
            t.set_height(n, Length::Points(by(24.0, 2.0)));
        }
        t.set_height(self.sample, Length::Points(by(130.0, 20.0)));
    }

    /// Lays the screen out in `body`, mirrored when `direction` is right-to-left, the chips as tall as
    /// `chips_h(width)` says they wrap, and says how tall the page is: when it is taller than the body, it is laid
    /// out in the body less the scrollbar's gutter, from the body's top, to be scrolled (the caller moves it by the
    /// offset).
    pub fn lay_out(
        &mut self,
        body: Rect,
        direction: Direction,
        density: Density,
        chips_h: impl Fn(f32) -> f32,
    ) -> Result<(TextLayout, f32), NativeError> {
        self.set_density(density);
        // Laid out at a width, the column tells the chips' width, and the chips how tall they wrap: then again.
        let margin = if density == Density::Compact { 14.0 } else { 20.0 };
        let calculate = |t: &mut LayoutTree, w: f32, h: f32| -> Result<(), NativeError> {
            // Two columns that fit side by side take the same whole width each: grown from their basis, Yoga rounds
            // half a unit of an odd width to one side, and the chips wrapped one row fewer mirrored (the sweep).
            let free = w - 3.0 * margin;
            let (basis, grow) = if free >= 2.0 * COLUMN { ((free / 2.0).floor(), 0.0) } else { (COLUMN, 1.0) };
            for c in self.columns {
                t.set_flex_basis(c, Length::Points(basis));
                t.set_flex_grow(c, grow);
            }
            t.calculate(self.root, w, h, direction)?;
            let wrapped = chips_h(t.layout(self.chips).w);
            if (t.layout(self.chips).h - wrapped).abs() > 0.5 {
                t.set_height(self.chips, Length::Points(wrapped));
                t.calculate(self.root, w, h, direction)?;
            }
            Ok(())
        };
        layouts::timed(Laid::Part("text page"), || calculate(&mut self.tree, body.w, f32::NAN))?;
        let natural = self.tree.layout(self.root).h;
        let (body, height) = if natural <= body.h {
            calculate(&mut self.tree, body.w, body.h)?;
            (body, body.h)
        } else {
            let viewport = content_viewport(body, direction == Direction::Rtl);
            calculate(&mut self.tree, viewport.w, f32::NAN)?;
            (viewport, self.tree.layout(self.root).h)
        };
        let at = |r: goldberry_natives::yoga::Rect| Rect::new(body.x + r.x, body.y + r.y, r.w, r.h);
        let boxed = |n: NodeId| at(self.tree.layout(n));
        let layout = TextLayout {
            title: boxed(self.title),
            captions: self.captions.map(boxed),
            field: boxed(self.field),
            area: boxed(self.area),
            hint: boxed(self.hint),
            size: self.size.map(boxed),
            sample: boxed(self.sample),
            demo: boxed(self.demo),
            regions: Vec::new(),
            chips: boxed(self.chips),
        };
        let region = |id, part, rect, cursor| Region { focusable: true, ..Region::at(id, part, rect, cursor) };
        let mut regions =
            vec![region(ids::FIELD, 0, layout.field, Cursor::IBeam), region(ids::AREA, 0, layout.area, Cursor::IBeam)];
        // The chips' regions are the widget's own, handed over as its parts change (the screen's record).
        regions.push(region(ids::SIZE, 0, layout.size[1], Cursor::Hand));
        Ok((TextLayout { regions, ..layout }, height))
    }
}

/// The size row under `parent`: its label, the slider (growing) and the figure.
fn size_row(t: &mut LayoutTree, parent: NodeId) -> Result<[NodeId; 3], NativeError> {
    let row = t.add_node()?;
    t.add_child(parent, row)?;
    t.set_flex_direction(row, FlexDirection::Row);
    t.set_align_items(row, Align::Center);
    t.set_gap(row, Gutter::Column, 12.0);
    let mut size = [row; 3];
    for (i, (w, grow)) in [(40.0, 0.0), (0.0, 1.0), (52.0, 0.0)].into_iter().enumerate() {
        let n = t.add_node()?;
        t.add_child(row, n)?;
        t.set_height(n, Length::Points(24.0));
        if grow > 0.0 {
            t.set_flex_grow(n, grow);
        } else {
            t.set_width(n, Length::Points(w));
        }
        size[i] = n;
    }
    Ok(size)
}
