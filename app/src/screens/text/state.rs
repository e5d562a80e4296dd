//! The text screen's widgets as state: the single-line field and the multi-line area (each a [`TextEdit`]), the
//! OpenType feature toggles and the sample's size; and what each [`Message`] does to them. A right click on the
//! field or the area opens its context menu ([`Command`]), a popup the session opens; what is picked in it comes
//! back as a [`Message::Pick`] and does what its key does.
//!
//! Where the pointer lands in the text, and which byte lies a line above the caret, depends on how the last frame
//! laid the text out: the screen hands that back as a [`TextGeometry`] after each frame (as a layout hands the
//! router its regions), and the keys and clicks that need it read it from there.

use crate::geom::Rect;
use crate::popup::{Item, Request};
use crate::screens::interface::{Input, ScreenState};
use crate::screens::paging::{self, Leaves, Paging, Sheet};
use crate::text::Features;
use crate::ui::edit::TextEdit;
use crate::ui::input::{Clipboard, Key, Mods};
use crate::ui::router::{Message, Region, Target, WidgetId};
use crate::ui::settings::Settings;
use crate::widgets::Cx;
use crate::widgets::Widget;
use crate::widgets::edit_keys::{self, Keyed};
pub use crate::widgets::editor::{Laid, line_index};
use crate::widgets::slider::Slider;
use crate::widgets::value::Ranged;
use crate::widgets::{Access, Node, Role};

/// The text screen's stable ids, as the report prints them.
pub mod ids {
    use crate::ui::router::WidgetId;

    /// The single-line field (focused when the screen opens).
    pub const FIELD: WidgetId = "text.field";
    /// The multi-line area.
    pub const AREA: WidgetId = "text.area";
    /// The OpenType feature toggles; chip `i` is part `i`.
    pub const FEATURES: WidgetId = "text.features";
    /// The sample's size slider.
    pub const SIZE: WidgetId = "text.size";
    /// The fallback paragraph (not interactive: the report says where its lines were drawn).
    pub const FALLBACK: WidgetId = "text.fallback";
}

/// The sample's size range, px.
pub const SIZES: std::ops::RangeInclusive<u8> = 8..=72;

/// How long the caret shows, then hides, seconds.
pub const BLINK_S: f64 = 0.53;

/// The lines the area shows at once.
pub const AREA_LINES: usize = 6;

/// What the field holds when the screen first opens: Latin, Arabic and Hebrew, so the bidi runs show at once.
const FIELD_TEXT: &str = "Type here: مرحبا بالعالم and שלום too";

/// What the area holds when the screen first opens.
const AREA_TEXT: &str = "Goldberry shapes every run with HarfBuzz. Arabic: النص العربي يتدفق من اليمين إلى اليسار، \
                         and Hebrew: עברית נכתבת מימין לשמאל.\nThai has no spaces between words: ภาษาไทยไม่มีช่องว่างระหว่างคำ \
                         and Devanagari joins its letters: हिन्दी देवनागरी।\nEmoji families stay whole: \
                         👨\u{200D}👩\u{200D}👧\u{200D}👦, accents too: e\u{301}te\u{301}.";

/// What a text widget's context menu offers, in its order (item `i` is `Command::ALL[i]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// The selection to the clipboard, and out of the text (Ctrl+X).
    Cut,
    /// The selection to the clipboard (Ctrl+C).
    Copy,
    /// The clipboard's text in place of the selection (Ctrl+V).
    Paste,
    /// Every byte selected (Ctrl+A).
    SelectAll,
}

impl Command {
    /// Every command, in the menu's order.
    pub const ALL: [Command; 4] = [Command::Cut, Command::Copy, Command::Paste, Command::SelectAll];

    /// The menu's words for it, and its key.
    pub fn label(self) -> (&'static str, &'static str) {
        match self {
            Command::Cut => ("Cut", "Ctrl+X"),
            Command::Copy => ("Copy", "Ctrl+C"),
            Command::Paste => ("Paste", "Ctrl+V"),
            Command::SelectAll => ("Select all", "Ctrl+A"),
        }
    }

    /// Does it to `edit` (widget `id`), through `clipboard`.
    fn run(self, edit: &mut TextEdit, id: WidgetId, clipboard: &mut dyn Clipboard) {
        match self {
            Command::SelectAll => edit.select_all(),
            Command::Copy => {
                if !edit.selected_text().is_empty() {
                    clipboard.set(edit.selected_text());
                }
            }
            Command::Cut => {
                if let Some(text) = edit.cut() {
                    clipboard.set(&text);
                }
            }
            Command::Paste => {
                if let Some(text) = clipboard.get()
                    && let Err(e) = edit.insert(&text, false)
                {
                    tracing::warn!("{id}: paste: {e}");
                }
            }
        }
    }

    /// The context menu of `edit` (widget `id`) at window point (x, y): Cut and Copy disabled with nothing
    /// selected.
    fn menu(edit: &TextEdit, id: WidgetId, x: f32, y: f32) -> Request {
        let selected = !edit.selection().is_empty();
        let items = Command::ALL
            .iter()
            .map(|c| {
                let (label, key) = c.label();
                let enabled = selected || !matches!(c, Command::Cut | Command::Copy);
                Item { enabled, shortcut: Some(key), ..Item::new(label) }
            })
            .collect();
        Request::Menu {
            owner: id,
            anchor: Rect::new(x, y, 0.0, 0.0),
            items,
            highlighted: 0,
            min_width: 200.0,
            bar: false,
        }
    }
}

/// The field and the area as the last frame laid them out, and the chips' and the slider's places.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextGeometry {
    /// The field.
    pub field: Laid,
    /// The area.
    pub area: Laid,
    /// The feature tag each chip toggles, in part order.
    pub chips: Vec<[u8; 4]>,
    /// The size slider's track.
    pub size_track: Rect,
    /// Laid out right to left: the slider's smallest size is at its right edge.
    pub mirrored: bool,
    /// The body the page scrolls in, and the page's height.
    pub sheet: Sheet,
    /// The page's offset drawn (a Tab below the fold moves it).
    pub offset: f32,
    /// Where the fallback paragraph's lines were drawn.
    pub fallback: Drawn,
}

/// Where a paragraph was drawn: its box and each line's, window units, and whether lines were left over (the last
/// one drawn then ends with an ellipsis).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Drawn {
    /// The paragraph's box.
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
    pub fn report(&self) -> serde_json::Value {
        let r = |r: &Rect| serde_json::json!([r.x, r.y, r.w, r.h]);
        let lines: Vec<_> = self.lines.iter().map(r).collect();
        serde_json::json!({ "box": r(&self.rect), "lines": lines, "cut": self.cut, "ellipsis": self.ellipsis })
    }
}

/// The text screen's state (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct TextFields {
    /// The single-line field.
    pub field: TextEdit,
    /// The multi-line area.
    pub area: TextEdit,
    /// The features toggled away from their defaults for the sample.
    pub features: Features,
    /// The sample's size slider, px (the kit's slider: its keys, wheel and drag are every slider's).
    pub size: Slider,
    /// The chip the keyboard is on (part of [`ids::FEATURES`]): the arrows, Home and End move it, Space toggles it.
    pub chip: usize,
    /// When the caret last moved: it shows for [`BLINK_S`] from then, then blinks.
    blink_epoch: f64,
    /// The x an Up or Down keeps to, across lines shorter than it.
    goal_x: Option<f32>,
    /// The field's x scroll and the area's y scroll the next frame starts from.
    pub scroll: [f32; 2],
    /// The caret moved: the next frame scrolls it into view.
    pub reveal: bool,
    /// A press in a text is selecting: where the drag goes, the selection follows.
    selecting: Option<WidgetId>,
    /// The page's scroll, when the window is too short for it.
    pub paging: Paging,
    geometry: TextGeometry,
}

impl Default for TextFields {
    fn default() -> TextFields {
        TextFields {
            field: TextEdit::new(FIELD_TEXT, false),
            area: TextEdit::at_start(AREA_TEXT, true),
            features: Features::default(),
            size: Slider::new(
                ids::SIZE,
                "Size",
                Ranged::new(28.0, f32::from(*SIZES.start()), f32::from(*SIZES.end()), 1.0),
                0.0,
            )
            .bare(),
            chip: 0,
            blink_epoch: 0.0,
            goal_x: None,
            scroll: [0.0; 2],
            reveal: true,
            selecting: None,
            paging: Paging::default(),
            geometry: TextGeometry::default(),
        }
    }
}

impl TextFields {
    /// Whether the caret shows at `now`.
    pub fn blink_on(&self, now: f64) -> bool {
        (((now - self.blink_epoch).max(0.0) / BLINK_S) as u64).is_multiple_of(2)
    }

    /// When the caret next turns on or off after `now`.
    pub fn blink_after(&self, now: f64) -> f64 {
        let since = (now - self.blink_epoch).max(0.0);
        self.blink_epoch + ((since / BLINK_S).floor() + 1.0) * BLINK_S
    }

    /// The geometry of the last frame.
    pub fn geometry(&self) -> &TextGeometry {
        &self.geometry
    }

    /// Takes the last frame's geometry; its scroll positions become the ones the next frame starts from.
    pub fn set_geometry(&mut self, geometry: TextGeometry) {
        self.scroll = [geometry.field.scroll, geometry.area.scroll];
        self.paging.laid_out(geometry.sheet, geometry.offset);
        self.reveal = false;
        self.geometry = geometry;
    }

    /// The edit and the layout of text widget `id`.
    fn widget(&mut self, id: WidgetId) -> Option<(&mut TextEdit, &Laid)> {
        match id {
            ids::FIELD => Some((&mut self.field, &self.geometry.field)),
            ids::AREA => Some((&mut self.area, &self.geometry.area)),
            _ => None,
        }
    }

    /// Applies one message at frame time `now`; returns whether anything a person sees changed.
    pub fn apply(&mut self, message: &Message, clipboard: &mut dyn Clipboard, now: f64) -> bool {
        let before = self.seen();
        match message {
            Message::Press { target: Target { id: id @ (ids::FIELD | ids::AREA), .. }, x, y, clicks, mods } => {
                let horizontal = *id == ids::FIELD;
                if let Some((edit, laid)) = self.widget(id) {
                    let at = laid.byte_at(*x, *y, horizontal);
                    edit_keys::press(edit, at, *clicks, *mods);
                }
                self.selecting = (*clicks <= 1).then_some(*id);
                self.moved(now);
            }
            Message::Drag { target, x, y } if self.selecting == Some(target.id) => {
                let horizontal = target.id == ids::FIELD;
                if let Some((edit, laid)) = self.widget(target.id) {
                    let at = laid.byte_at(*x, *y, horizontal);
                    edit.move_to(at, true);
                }
                self.moved(now);
            }
            Message::Release { .. } => self.selecting = None,
            Message::Press { target: Target { id: ids::SIZE, .. }, .. }
            | Message::Drag { target: Target { id: ids::SIZE, .. }, .. }
            | Message::Wheel { target: Target { id: ids::SIZE, .. }, .. }
            | Message::Key { id: ids::SIZE, .. } => {
                let mut popup = None;
                let (rect, mirrored) = (self.geometry.size_track, self.geometry.mirrored);
                let mut cx = Cx { rect, now, mirrored, clipboard: &mut *clipboard, popup: &mut popup };
                self.size.handle(message, &mut cx);
            }
            Message::Wheel { target: Target { id: ids::AREA, .. }, dy, .. } => {
                self.scroll[1] -= dy * 3.0 * self.geometry.area.line_height;
            }
            // A press puts the keyboard's mark on the chip, so the click's activation and a later Space (which
            // the router sends for the part the keyboard is on) both toggle the chip that has the mark.
            Message::Press { target: Target { id: ids::FEATURES, part }, .. } => self.chip = usize::from(*part),
            Message::Activate(Target { id: ids::FEATURES, .. }) => {
                if let Some(&tag) = self.geometry.chips.get(self.chip) {
                    let on = self.features.is_on(tag).unwrap_or(default_on(tag));
                    self.features.set(tag, !on);
                }
            }
            Message::Key { id: ids::FEATURES, key, .. } => {
                let last = self.geometry.chips.len().saturating_sub(1);
                // Left goes to the chip drawn on the left: the one before, or after when the row is mirrored.
                let (left, right) = if self.geometry.mirrored { (1, -1) } else { (-1, 1) };
                let by = |chip: usize, by: isize| chip.saturating_add_signed(by).min(last);
                self.chip = match key {
                    Key::Left => by(self.chip, left),
                    Key::Right => by(self.chip, right),
                    Key::Up => by(self.chip, -1),
                    Key::Down => by(self.chip, 1),
                    Key::Home => 0,
                    Key::End => last,
                    _ => self.chip,
                };
            }
            Message::Text { id, text } => {
                if let Some((edit, _)) = self.widget(id)
                    && let Err(e) = edit.insert(text, true)
                {
                    tracing::warn!("{id}: {e}");
                }
                self.moved(now);
            }
            Message::Preedit { id, text, cursor } => {
                if let Some((edit, _)) = self.widget(id) {
                    edit.set_preedit(text, *cursor);
                }
                self.moved(now);
            }
            Message::Key { id, key, mods } if self.key(id, *key, *mods, clipboard) => self.moved(now),
            Message::Pick { id, item } => {
                if let (Some((edit, _)), Some(command)) = (self.widget(id), Command::ALL.get(*item)) {
                    command.run(edit, id, clipboard);
                    self.moved(now);
                }
            }
            _ => {}
        }
        self.seen() != before
    }

    /// What a person sees of the widgets: each text's revision, caret and anchor (not a copy of the texts, which may
    /// be long), the features, the size and the scroll.
    fn seen(&self) -> impl PartialEq + use<> {
        let edit = |e: &TextEdit| (e.revision(), e.caret(), e.anchor());
        let scroll = self.scroll.map(f32::to_bits);
        (edit(&self.field), edit(&self.area), self.features.clone(), self.size_px(), self.chip, scroll)
    }

    /// The caret moved or the text changed: it shows at once and is scrolled into view.
    fn moved(&mut self, now: f64) {
        self.blink_epoch = now;
        self.reveal = true;
    }

    /// The sample's size, px.
    pub fn size_px(&self) -> u8 {
        self.size.value.get() as u8
    }

    /// An editing key on text widget `id`; true when it was one. The keys are every editor's
    /// ([`edit_keys::key`]); the clipboard's go through the context menu's commands.
    fn key(&mut self, id: WidgetId, key: Key, mods: Mods, clipboard: &mut dyn Clipboard) -> bool {
        let (edit, laid, goal) = match id {
            ids::FIELD => (&mut self.field, &self.geometry.field, &mut self.goal_x),
            ids::AREA => (&mut self.area, &self.geometry.area, &mut self.goal_x),
            _ => return false,
        };
        let command = match (key, mods.ctrl) {
            (Key::Char('c'), true) => Some(Command::Copy),
            (Key::Char('x'), true) => Some(Command::Cut),
            (Key::Char('v'), true) => Some(Command::Paste),
            _ => None,
        };
        if let Some(command) = command {
            goal.take();
            command.run(edit, id, clipboard);
            return true;
        }
        edit_keys::key(Keyed { edit, laid, goal, editable: true, page: AREA_LINES }, key, mods)
    }
}

impl ScreenState for TextFields {
    type Laid = TextGeometry;

    fn current_part(&self, id: WidgetId) -> Option<u8> {
        (id == ids::FEATURES).then(|| self.chip.min(255) as u8)
    }

    fn key(&mut self, key: Key, mods: Mods, input: &mut Input<'_>) -> bool {
        // The page's keys, where the focused widget does not use them: all with nothing focused, the Page keys
        // on the chips.
        let leaves = match input.focus {
            None => Leaves::ALL,
            Some(ids::FEATURES) => Leaves { pages: true, ends: false, arrows: false },
            Some(_) => return false,
        };
        mods == Mods::NONE && self.paging.key(key, leaves)
    }

    fn handle(&mut self, message: &Message, input: &mut Input<'_>) -> bool {
        match message {
            Message::Wheel { target: Target { id, .. }, .. } => {
                // A wheel scrolls the page unless it is over the area (a scroll view) or the focused slider.
                let own = *id == ids::AREA || (*id == ids::SIZE && input.focus == Some(ids::SIZE));
                if !own {
                    return self.paging.message(message);
                }
            }
            m if matches!(m.id(), paging::ids::PAGE | paging::ids::SCROLLBAR) => return self.paging.message(message),
            _ => {}
        }
        if let Message::Context { target, x, y } = *message
            && let Some((edit, laid)) = self.widget(target.id)
        {
            // A right click outside the selection moves the caret there first, as GTK and browsers do, so that
            // Paste puts the text where the person clicked; inside it, the selection stays for Cut and Copy.
            let at = laid.byte_at(x, y, target.id == ids::FIELD);
            let selection = edit.selection();
            let moved = selection.is_empty() || !selection.contains(&at) && at != selection.end;
            if moved {
                edit.move_to(at, false);
            }
            *input.popup = Some(Command::menu(edit, target.id, x, y));
            if moved {
                self.moved(input.now);
            }
            return moved;
        }
        self.apply(message, input.clipboard, input.now)
    }

    fn focus_on_show(&self) -> Option<WidgetId> {
        // The screen opens ready to type into its field.
        Some(ids::FIELD)
    }

    fn caret_on(&self, focus: Option<WidgetId>, now: f64) -> Option<bool> {
        matches!(focus, Some(ids::FIELD | ids::AREA)).then(|| self.blink_on(now))
    }

    fn next_blink(&self, now: f64) -> Option<f64> {
        Some(self.blink_after(now))
    }

    fn caret_rect(&self, focus: Option<WidgetId>) -> Option<Rect> {
        let (edit, laid, horizontal) = match focus? {
            ids::FIELD => (&self.field, &self.geometry.field, true),
            ids::AREA => (&self.area, &self.geometry.area, false),
            _ => return None,
        };
        Some(laid.caret_bar(edit.shown_caret(), !horizontal))
    }

    fn laid_out(&mut self, geometry: TextGeometry) {
        self.set_geometry(geometry);
    }

    fn report(&self, _regions: &[Region], _settings: &Settings, into: &mut serde_json::Map<String, serde_json::Value>) {
        let g = self.geometry();
        let tags: Vec<_> = g.chips.iter().map(|t| String::from_utf8_lossy(t).into_owned()).collect();
        let set: serde_json::Map<_, _> = self
            .features
            .settings()
            .iter()
            .map(|(tag, on)| (String::from_utf8_lossy(tag).into_owned(), serde_json::json!(on)))
            .collect();
        into.insert(ids::FIELD.to_owned(), report(&self.field, &g.field));
        into.insert(ids::AREA.to_owned(), report(&self.area, &g.area));
        into.insert(ids::FEATURES.to_owned(), serde_json::json!({ "tags": tags, "set": set, "chip": self.chip }));
        into.insert(ids::SIZE.to_owned(), serde_json::json!({ "px": self.size_px() }));
        into.insert(ids::FALLBACK.to_owned(), g.fallback.report());
        into.insert("text.page".to_owned(), self.paging.report());
    }

    fn access(&self, regions: &[Region], _settings: &Settings, into: &mut Vec<Node>) {
        let field = Access::new(Role::TextInput, "Single line").value(self.field.text());
        into.push(Node::of(ids::FIELD, field, regions));
        let area = Access::new(Role::MultilineTextInput, "Multi-line").value(self.area.text());
        into.push(Node::of(ids::AREA, area, regions));
        for (i, tag) in self.geometry.chips.iter().enumerate() {
            let on = self.features.is_on(*tag).unwrap_or(default_on(*tag));
            let access = Access::new(Role::CheckBox, String::from_utf8_lossy(tag)).state("checked", on);
            into.push(Node::part_in(ids::FEATURES, i as u8, access, regions));
        }
        into.push(Node::of(ids::SIZE, self.size.access(), regions));
    }
}

/// What the report prints of a text widget: its text, caret and anchor (byte offsets), and the runs the last
/// frame laid out, in visual order line by line, each with its bytes in the text, direction, family and colour format
/// (`"CBDT"`, `"COLRv1"` or `"COLRv0"` for a run in a colour face, as its file has it; null for outlines).
pub fn report(edit: &TextEdit, laid: &Laid) -> serde_json::Value {
    let runs: Vec<serde_json::Value> = laid
        .paragraph
        .lines
        .iter()
        .flat_map(|line| &line.runs)
        .map(|run| {
            serde_json::json!({
                "start": laid.start + run.bytes.start,
                "end": laid.start + run.bytes.end,
                "rtl": run.rtl,
                "font": run.family,
                "colour": run.colour,
            })
        })
        .collect();
    // Each laid-out line's bytes, so a script can tell which line the caret stands on.
    let lines: Vec<[usize; 2]> =
        laid.paragraph.lines.iter().map(|line| [laid.start + line.bytes.start, laid.start + line.bytes.end]).collect();
    // An open composition, its cursor a byte offset into it; while one is open the runs and lines are of the text
    // as shown, the composition spliced in at the caret.
    let preedit = edit.preedit().map(|p| serde_json::json!({ "text": p.text, "cursor": p.cursor }));
    serde_json::json!({
        "text": edit.text(), "caret": edit.caret(), "anchor": edit.anchor(), "runs": runs, "lines": lines,
        "preedit": preedit
    })
}

/// Whether the shaper turns `tag` on when no toggle says otherwise.
pub fn default_on(tag: [u8; 4]) -> bool {
    matches!(&tag, b"kern" | b"liga" | b"calt")
}
