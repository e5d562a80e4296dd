//! The layout playground's state: the container's flexbox properties, its size and which boxes grow; what keys,
//! chips, a click on a box and a drag of the container's corner do to them; and their CSS words for the report.
//! The Reset button asks first, in a dialog the session opens ([`crate::popup`]); confirmed, it comes back as a
//! [`Message::Pick`] and the properties go back to where they started.

use goldberry_natives::yoga::{Align, FlexDirection, Justify, Length};
use serde_json::{Value, json};

use crate::geom::Rect;
use crate::popup::{CONFIRM_ITEM, Request};
use crate::screens::interface::{Input, ScreenState};
use crate::screens::paging::{self, Leaves, Paging, Sheet};
use crate::ui::input::{Key, Mods};
use crate::ui::router::{Message, Region, Target, WidgetId, region_of};
use crate::ui::settings::Settings;
use crate::widgets::Node;
use crate::widgets::choice::choose;
use crate::widgets::{Access, Role};

/// The widgets' stable ids, as the report prints them.
pub mod ids {
    use crate::ui::router::WidgetId;

    /// The area the container lives in (its corner is dragged within it).
    pub const STAGE: WidgetId = "playground.stage";
    /// The flex container; the report gives its properties here.
    pub const CONTAINER: WidgetId = "playground.container";
    /// The twelve boxes, parts 0 to 11: a click toggles a box's flex-grow.
    pub const BOXES: WidgetId = "playground.boxes";
    /// The container's bottom-right corner: drag it to size the container.
    pub const CORNER: WidgetId = "playground.corner";
    /// The flex-direction chips.
    pub const DIRECTION: WidgetId = "playground.direction";
    /// The flex-wrap chips (nowrap, wrap).
    pub const WRAP: WidgetId = "playground.wrap";
    /// The justify-content chips.
    pub const JUSTIFY: WidgetId = "playground.justify";
    /// The align-items chips.
    pub const ALIGN_ITEMS: WidgetId = "playground.align_items";
    /// The align-content chips.
    pub const ALIGN_CONTENT: WidgetId = "playground.align_content";
    /// The gap chips.
    pub const GAP: WidgetId = "playground.gap";
    /// The button that resets every property, once its dialog is confirmed.
    pub const RESET: WidgetId = "playground.reset";
}

/// How many boxes the container holds.
pub const BOX_COUNT: usize = 12;

/// The flex directions `d` cycles through.
pub const DIRECTIONS: [FlexDirection; 4] =
    [FlexDirection::Row, FlexDirection::RowReverse, FlexDirection::Column, FlexDirection::ColumnReverse];
/// The justify-content values `j` cycles through.
pub const JUSTIFIES: [Justify; 6] = [
    Justify::FlexStart,
    Justify::Center,
    Justify::FlexEnd,
    Justify::SpaceBetween,
    Justify::SpaceAround,
    Justify::SpaceEvenly,
];
/// The align-items values `a` cycles through.
pub const ALIGN_ITEMS: [Align; 5] = [Align::FlexStart, Align::Center, Align::FlexEnd, Align::Stretch, Align::Baseline];
/// The align-content values `c` cycles through.
pub const ALIGN_CONTENTS: [Align; 7] = [
    Align::FlexStart,
    Align::Center,
    Align::FlexEnd,
    Align::Stretch,
    Align::SpaceBetween,
    Align::SpaceAround,
    Align::SpaceEvenly,
];
/// The gaps `g` cycles through: 0, 8, 16 and 32 px, and 5 % of the container.
pub const GAPS: [Length; 5] =
    [Length::Points(0.0), Length::Points(8.0), Length::Points(16.0), Length::Points(32.0), Length::Percent(5.0)];

/// The smallest share of the stage the container keeps on either side.
pub const MIN_SIZE: f32 = 0.2;
/// What Left and Right change the container's width by, as a share of the stage.
const SIZE_STEP: f32 = 0.1;

/// The flex direction's CSS word.
pub fn direction_word(d: FlexDirection) -> &'static str {
    match d {
        FlexDirection::Row => "row",
        FlexDirection::RowReverse => "row-reverse",
        FlexDirection::Column => "column",
        FlexDirection::ColumnReverse => "column-reverse",
    }
}

/// The justify-content value's CSS word.
pub fn justify_word(j: Justify) -> &'static str {
    match j {
        Justify::FlexStart => "flex-start",
        Justify::Center => "center",
        Justify::FlexEnd => "flex-end",
        Justify::SpaceBetween => "space-between",
        Justify::SpaceAround => "space-around",
        Justify::SpaceEvenly => "space-evenly",
    }
}

/// The align value's CSS word.
pub fn align_word(a: Align) -> &'static str {
    match a {
        Align::Auto => "auto",
        Align::FlexStart => "flex-start",
        Align::Center => "center",
        Align::FlexEnd => "flex-end",
        Align::Stretch => "stretch",
        Align::Baseline => "baseline",
        Align::SpaceBetween => "space-between",
        Align::SpaceAround => "space-around",
        Align::SpaceEvenly => "space-evenly",
    }
}

/// The words of property group `id`'s chips, in part order (the panel draws them; the accessibility tree names its
/// options by them).
pub fn option_words(id: WidgetId) -> Vec<String> {
    let words = |w: &[&str]| w.iter().map(|s| (*s).to_owned()).collect();
    match id {
        ids::DIRECTION => words(&DIRECTIONS.map(direction_word)),
        ids::WRAP => words(&["nowrap", "wrap"]),
        ids::JUSTIFY => JUSTIFIES.iter().map(|j| justify_word(*j).to_owned()).collect(),
        ids::ALIGN_ITEMS => ALIGN_ITEMS.iter().map(|a| align_word(*a).to_owned()).collect(),
        ids::ALIGN_CONTENT => ALIGN_CONTENTS.iter().map(|a| align_word(*a).to_owned()).collect(),
        ids::GAP => GAPS.iter().map(|g| gap_word(*g)).collect(),
        _ => Vec::new(),
    }
}

/// The gap's CSS words: `8px`, `5%`.
pub fn gap_word(g: Length) -> String {
    match g {
        Length::Points(p) => format!("{p}px"),
        Length::Percent(p) => format!("{p}%"),
        Length::Auto => "auto".to_owned(),
    }
}

/// What Yoga lays the container out from: each property as an index into its list of values, the size as shares
/// of the stage, and which boxes grow.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Props {
    /// Into [`DIRECTIONS`].
    pub direction: usize,
    /// `flex-wrap: wrap` (else `nowrap`).
    pub wrap: bool,
    /// Into [`JUSTIFIES`].
    pub justify: usize,
    /// Into [`ALIGN_ITEMS`].
    pub align_items: usize,
    /// Into [`ALIGN_CONTENTS`].
    pub align_content: usize,
    /// Into [`GAPS`].
    pub gap: usize,
    /// The container's width as a share of the stage's, [`MIN_SIZE`] to 1.
    pub width: f32,
    /// The container's height as a share of the stage's, [`MIN_SIZE`] to 1.
    pub height: f32,
    /// Each box's `flex-grow: 1` (else 0).
    pub grow: [bool; BOX_COUNT],
}

impl Props {
    /// A row that wraps, packed at the start, 8 px apart, filling the stage.
    pub const fn new() -> Props {
        Props {
            direction: 0,
            wrap: true,
            justify: 0,
            align_items: 0,
            align_content: 0,
            gap: 1,
            width: 1.0,
            height: 1.0,
            grow: [false; BOX_COUNT],
        }
    }

    /// The flex direction.
    pub fn direction(&self) -> FlexDirection {
        DIRECTIONS[self.direction % DIRECTIONS.len()]
    }

    /// The justify-content value.
    pub fn justify(&self) -> Justify {
        JUSTIFIES[self.justify % JUSTIFIES.len()]
    }

    /// The align-items value.
    pub fn align_items(&self) -> Align {
        ALIGN_ITEMS[self.align_items % ALIGN_ITEMS.len()]
    }

    /// The align-content value.
    pub fn align_content(&self) -> Align {
        ALIGN_CONTENTS[self.align_content % ALIGN_CONTENTS.len()]
    }

    /// The gap.
    pub fn gap(&self) -> Length {
        GAPS[self.gap % GAPS.len()]
    }
}

impl Default for Props {
    fn default() -> Props {
        Props::new()
    }
}

/// The playground's state: the properties, when they last changed (the boxes glide from then), and a corner drag.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaygroundState {
    /// What the container is laid out from.
    pub props: Props,
    /// The frame time of the last change (the boxes glide for [`GLIDE_S`] from it).
    pub changed_at: f64,
    /// The page's scroll, when the window is too short for the panel.
    pub paging: Paging,
    /// The stage's whole box in the last frame (its region is cut by the viewport when the page scrolls; a corner
    /// drag measures against the whole).
    stage: Option<Rect>,
}

/// How long the boxes take to glide to their new places.
pub const GLIDE_S: f64 = 0.2;

impl Default for PlaygroundState {
    fn default() -> PlaygroundState {
        PlaygroundState::new()
    }
}

impl PlaygroundState {
    /// The default properties, settled.
    pub fn new() -> PlaygroundState {
        PlaygroundState { props: Props::new(), changed_at: f64::NEG_INFINITY, paging: Paging::default(), stage: None }
    }

    /// Whether the boxes are still gliding at `now`.
    pub fn gliding(&self, now: f64) -> bool {
        now < self.changed_at + GLIDE_S
    }

    /// Applies the playground's keys (`d`, `w`, `j`, `a`, `c`, `g`, Left, Right) at frame time `now`; true when
    /// `key` was one of them.
    pub fn press_key(&mut self, key: Key, mods: Mods, now: f64) -> bool {
        if mods != Mods::NONE {
            return false;
        }
        let p = &mut self.props;
        match key {
            Key::Char('d') => p.direction = (p.direction + 1) % DIRECTIONS.len(),
            Key::Char('w') => p.wrap = !p.wrap,
            Key::Char('j') => p.justify = (p.justify + 1) % JUSTIFIES.len(),
            Key::Char('a') => p.align_items = (p.align_items + 1) % ALIGN_ITEMS.len(),
            Key::Char('c') => p.align_content = (p.align_content + 1) % ALIGN_CONTENTS.len(),
            Key::Char('g') => p.gap = (p.gap + 1) % GAPS.len(),
            Key::Left => p.width = step_size(p.width, -SIZE_STEP),
            Key::Right => p.width = step_size(p.width, SIZE_STEP),
            _ => return false,
        }
        self.changed_at = now;
        true
    }

    /// The chip group `id`'s choice and its number of chips (None: `id` is no chip group).
    fn chosen(&self, id: WidgetId) -> Option<(usize, usize)> {
        let p = &self.props;
        Some(match id {
            ids::DIRECTION => (p.direction, DIRECTIONS.len()),
            ids::WRAP => (usize::from(p.wrap), 2),
            ids::JUSTIFY => (p.justify, JUSTIFIES.len()),
            ids::ALIGN_ITEMS => (p.align_items, ALIGN_ITEMS.len()),
            ids::ALIGN_CONTENT => (p.align_content, ALIGN_CONTENTS.len()),
            ids::GAP => (p.gap, GAPS.len()),
            _ => return None,
        })
    }

    /// Chooses chip `i` of group `id`.
    fn choose_in(&mut self, id: WidgetId, i: usize) {
        let p = &mut self.props;
        match id {
            ids::DIRECTION => p.direction = i % DIRECTIONS.len(),
            ids::WRAP => p.wrap = i == 1,
            ids::JUSTIFY => p.justify = i % JUSTIFIES.len(),
            ids::ALIGN_ITEMS => p.align_items = i % ALIGN_ITEMS.len(),
            ids::ALIGN_CONTENT => p.align_content = i % ALIGN_CONTENTS.len(),
            ids::GAP => p.gap = i % GAPS.len(),
            _ => {}
        }
    }

    /// Applies one routed message at frame time `now` (`regions`: the last layout's, for the stage a corner drag
    /// measures against; `mirrored`: the arrows' reading direction); returns whether the properties changed.
    pub fn apply(&mut self, message: &Message, regions: &[Region], now: f64, mirrored: bool) -> bool {
        let before = self.props;
        match *message {
            Message::Activate(Target { id: ids::BOXES, part }) if usize::from(part) < BOX_COUNT => {
                self.props.grow[usize::from(part)] = !self.props.grow[usize::from(part)];
            }
            Message::Activate(Target { id, part }) => self.choose_in(id, usize::from(part)),
            Message::Key { id, key, mods: Mods::NONE } => {
                if let Some(i) = self.chosen(id).and_then(|(at, n)| choose(at, n, key, mirrored)) {
                    self.choose_in(id, i);
                }
            }
            Message::Pick { id: ids::RESET, item: CONFIRM_ITEM } => self.props = Props::new(),
            Message::Press { target: Target { id: ids::CORNER, .. }, x, y, .. }
            | Message::Drag { target: Target { id: ids::CORNER, .. }, x, y } => {
                // The container grows toward its end edge: the right, or the left mirrored.
                if let Some(stage) = self.stage.or_else(|| region_of(regions, ids::STAGE)) {
                    let across = if mirrored { stage.right() - x } else { x - stage.x };
                    self.props.width = share(across, stage.w);
                    self.props.height = share(y - stage.y, stage.h);
                }
            }
            _ => {}
        }
        let changed = self.props != before;
        if changed {
            self.changed_at = now;
        }
        changed
    }

    /// The report's `playground.container`: the properties in CSS words, and the container's size in pixels when
    /// `rect` (its box) is known.
    pub fn report_container(&self, rect: Option<Rect>) -> Value {
        let p = &self.props;
        json!({
            "direction": direction_word(p.direction()),
            "wrap": if p.wrap { "wrap" } else { "nowrap" },
            "justify": justify_word(p.justify()),
            "align_items": align_word(p.align_items()),
            "align_content": align_word(p.align_content()),
            "gap": gap_word(p.gap()),
            "width": rect.map(|r| r.w),
            "height": rect.map(|r| r.h),
        })
    }
}

impl ScreenState for PlaygroundState {
    /// The page's sheet and the offset drawn.
    type Laid = (Sheet, f32, Option<Rect>);

    fn key(&mut self, key: Key, mods: Mods, input: &mut Input<'_>) -> bool {
        // A chip group with the focus is a radio group: its arrows, Home and End choose within it (the router
        // sends them); elsewhere Left and Right are the container's width, and the page takes what is left.
        let in_group = input.focus.is_some_and(|id| self.chosen(id).is_some());
        if in_group && matches!(key, Key::Left | Key::Right | Key::Up | Key::Down | Key::Home | Key::End) {
            return false;
        }
        let leaves = Leaves { pages: true, ends: input.focus.is_none(), arrows: input.focus.is_none() };
        self.press_key(key, mods, input.now) || (mods == Mods::NONE && self.paging.key(key, leaves))
    }

    fn current_part(&self, id: WidgetId) -> Option<u8> {
        self.chosen(id).map(|(i, _)| i as u8)
    }

    fn laid_out(&mut self, (sheet, offset, stage): (Sheet, f32, Option<Rect>)) {
        self.stage = stage;
        self.paging.laid_out(sheet, offset);
    }

    fn handle(&mut self, message: &Message, input: &mut Input<'_>) -> bool {
        if matches!(message, Message::Wheel { .. })
            || matches!(message.id(), paging::ids::PAGE | paging::ids::SCROLLBAR)
        {
            return self.paging.message(message);
        }
        if let Message::Activate(Target { id: ids::RESET, .. }) = message {
            *input.popup = Some(Request::Modal {
                owner: ids::RESET,
                title: "Reset the playground?",
                body: "Every property goes back to where it started.",
                confirm: "Reset",
            });
            return false;
        }
        self.apply(message, input.regions, input.now, input.mirrored)
    }

    fn tooltip(&self, target: Target) -> Option<&'static str> {
        (target.id == ids::RESET).then_some("Every property back to its start, after asking")
    }

    fn animating(&self, now: f64) -> bool {
        self.gliding(now)
    }

    fn report(&self, regions: &[Region], _settings: &Settings, into: &mut serde_json::Map<String, Value>) {
        into.insert(ids::CONTAINER.to_owned(), self.report_container(region_of(regions, ids::CONTAINER)));
        into.insert(ids::BOXES.to_owned(), json!({ "grow": self.props.grow.to_vec() }));
        into.insert(ids::RESET.to_owned(), json!({ "changed": self.props != Props::new() }));
        into.insert("layout.page".to_owned(), self.paging.report());
    }

    fn access(&self, regions: &[Region], _settings: &Settings, into: &mut Vec<Node>) {
        let words = self.report_container(None);
        let groups = [
            (ids::DIRECTION, "flex-direction", "direction"),
            (ids::WRAP, "flex-wrap", "wrap"),
            (ids::JUSTIFY, "justify-content", "justify"),
            (ids::ALIGN_ITEMS, "align-items", "align_items"),
            (ids::ALIGN_CONTENT, "align-content", "align_content"),
            (ids::GAP, "gap", "gap"),
        ];
        for (id, name, key) in groups {
            let value = words[key].as_str().unwrap_or_default();
            into.push(Node::of(id, Access::new(Role::RadioGroup, name).value(value), regions));
            // Each chip an option, named by its word (the panel draws them from the same words).
            for (i, word) in option_words(id).into_iter().enumerate() {
                let access = Access::new(Role::RadioButton, word.clone()).state("checked", word == value);
                into.push(Node::part_in(id, i as u8, access, regions));
            }
        }
        for (i, grow) in self.props.grow.iter().enumerate() {
            let access = Access::new(Role::CheckBox, format!("Box {} grows", i + 1)).state("checked", *grow);
            into.push(Node::part_in(ids::BOXES, i as u8, access, regions));
        }
        into.push(Node::of(ids::RESET, Access::new(Role::Button, "Reset…"), regions));
    }
}

fn step_size(size: f32, by: f32) -> f32 {
    // Whole tenths, so that ten steps come back exactly.
    ((size + by) * 10.0).round().clamp(MIN_SIZE * 10.0, 10.0) / 10.0
}

fn share(length: f32, of: f32) -> f32 {
    if of <= 0.0 { 1.0 } else { (length / of).clamp(MIN_SIZE, 1.0) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::router::Cursor;

    #[test]
    fn keys_cycle_every_property_and_each_change_starts_a_glide() {
        let mut s = PlaygroundState::new();
        assert!(!s.gliding(0.0));
        for (key, n) in [('d', 4), ('j', 6), ('a', 5), ('c', 7), ('g', 5)] {
            for _ in 0..n {
                assert!(s.press_key(Key::Char(key), Mods::NONE, 1.0));
            }
        }
        assert_eq!(s.props, Props::new(), "each cycle comes back to its start");
        assert!(s.gliding(1.1) && !s.gliding(1.2));
        s.press_key(Key::Char('w'), Mods::NONE, 2.0);
        assert_eq!(s.report_container(None)["wrap"], "nowrap");
        s.press_key(Key::Char('g'), Mods::NONE, 2.0);
        s.press_key(Key::Char('g'), Mods::NONE, 2.0);
        s.press_key(Key::Char('g'), Mods::NONE, 2.0);
        assert_eq!(s.report_container(None)["gap"], "5%");
        for _ in 0..12 {
            s.press_key(Key::Left, Mods::NONE, 2.0);
        }
        assert_eq!(s.props.width, MIN_SIZE);
        assert!(!s.press_key(Key::Char('d'), Mods::CTRL, 2.0), "ctrl+d is not the playground's");
    }

    #[test]
    fn chips_set_a_value_a_click_toggles_a_box_and_the_corner_sizes_the_container() {
        let mut s = PlaygroundState::new();
        let click = |id, part| Message::Activate(Target { id, part });
        assert!(s.apply(&click(ids::JUSTIFY, 3), &[], 0.0, false));
        assert_eq!(s.report_container(None)["justify"], "space-between");
        assert!(s.apply(&click(ids::BOXES, 4), &[], 0.0, false));
        assert!(s.props.grow[4]);
        assert!(!s.apply(&click(ids::JUSTIFY, 3), &[], 0.0, false), "already so");
        let stage = Region {
            target: Target { id: ids::STAGE, part: 0 },
            rect: Rect::new(100.0, 100.0, 400.0, 200.0),
            cursor: Cursor::Arrow,
            focusable: false,
            enabled: false,
        };
        let corner = Target { id: ids::CORNER, part: 0 };
        s.apply(&Message::Drag { target: corner, x: 300.0, y: 250.0 }, &[stage], 0.0, false);
        assert_eq!((s.props.width, s.props.height), (0.5, 0.75));
        s.apply(&Message::Drag { target: corner, x: 0.0, y: 900.0 }, &[stage], 0.0, false);
        assert_eq!((s.props.width, s.props.height), (MIN_SIZE, 1.0));
    }
}
