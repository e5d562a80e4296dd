//! The text screen's widgets as state: the single-line field and the multi-line area (the kit's [`Field`] and
//! [`Area`], whose editing, layout, drawing and blink are every field's and area's), the OpenType feature toggles
//! and the sample's size; and what each [`Message`] does to them. A right click on the
//! field or the area opens its context menu ([`Command`]), a popup the session opens; what is picked in it comes
//! back as a [`Message::Pick`] and does what its key does.
//!
//! Where the pointer lands in the text, and which byte lies a line above the caret, depends on how the last frame
//! laid the text out: the screen hands that back as a [`TextGeometry`] after each frame (as a layout hands the
//! router its regions), and each editor takes its own ([`Widget::take_laid`]), as a kit page's do.

use std::ops::{Deref, DerefMut};

use crate::fonts::{Face, FontBook};
use crate::geom::Rect;
use crate::popup::{Item, Request};
use crate::screens::interface::{Input, ScreenState};
use crate::screens::paging::{self, Leaves, Paging, Sheet};
use crate::text::Features;
use crate::text::TextStyle;
use crate::ui::edit::TextEdit;
use crate::ui::input::{Clipboard, Key, Mods};
use crate::ui::router::{Message, Region, Target, WidgetId};
use crate::ui::settings::Settings;
use crate::widgets::area::Area;
pub use crate::widgets::blink::BLINK_S;
use crate::widgets::chips::Chips;
pub use crate::widgets::editor::{Laid, line_index};
use crate::widgets::field::Field;
use crate::widgets::paragraph::Drawn;
use crate::widgets::slider::Slider;
use crate::widgets::value::Ranged;
use crate::widgets::{Access, Node, Role};
use crate::widgets::{Cx, Widget, blink};

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
    /// The hint under the area.
    pub const HINT: WidgetId = "text.hint";
    /// The sample the features and the size apply to.
    pub const SAMPLE: WidgetId = "text.sample";
    /// The fallback paragraph (not interactive: the report says where its lines were drawn).
    pub const FALLBACK: WidgetId = "text.fallback";
    /// The shaping X-ray's panel (F6): the report gives what it shows.
    pub const XRAY: WidgetId = "text.xray";
    /// Its "Copy as hb-shape" button (Shift+F6 too).
    pub const XRAY_COPY: WidgetId = "text.xray.copy";
}

/// What the shaping X-ray (F6) looks at.
#[derive(Debug, Clone, PartialEq)]
pub enum XrayAim {
    /// F6 was pressed: the frame after aims it at the run under the pointer, else at the caret's.
    Asked,
    /// The run of a hard line of the fallback paragraph that holds byte `at` of it.
    Text { line: String, at: usize },
    /// The run of the sample that holds byte `at` of it (shaped with the features the chips hold, at its size).
    Sample { line: String, at: usize },
    /// The run the focused editor's caret is in (it follows the caret).
    Caret,
}

/// The X-ray a frame drew: where it was aimed, what it found, and which of the line's runs it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct XrayShown {
    pub aim: XrayAim,
    pub xray: super::xray::Xray,
    pub run: usize,
    /// The number of the glyph cache's answer its glyphs' cells show ([`crate::glyph_cache::watch`]).
    pub cells: Option<u64>,
}

impl XrayShown {
    /// The run shown.
    pub fn shown_run(&self) -> Option<&super::xray::XrayRun> {
        self.xray.runs.get(self.run)
    }

    /// The panel's words, line by line (what it draws and what assistive technology reads).
    pub fn lines(&self) -> Vec<String> {
        let Some(run) = self.shown_run() else { return vec!["X-ray: no run here".to_owned()] };
        let mut lines = vec![
            format!(
                "X-ray (F6): run {} of {} {:?}: {} level {} ({}) language {}",
                self.run + 1,
                self.xray.runs.len(),
                run.text,
                run.script,
                run.level,
                run.direction,
                if run.language.is_empty() { "none" } else { &run.language }
            ),
            format!("face {}: {}", run.face, run.why),
            format!(
                "features {} | line shaped {} | {} upem",
                run.features.join(" "),
                if self.xray.from_cache { "from the cache" } else { "now" },
                run.units_per_em
            ),
            format!("glyph images from {}", run.glyph_images),
        ];
        const CLUSTERS: usize = 8;
        for cluster in run.clusters.iter().take(CLUSTERS) {
            let glyphs: Vec<String> = cluster
                .glyphs
                .iter()
                .map(|g| {
                    let cell = g.cell.map_or(String::new(), |c| format!(" {}", c.name()));
                    format!("g{} adv {} off {},{}{cell}", g.id, g.advance, g.offset.0, g.offset.1)
                })
                .collect();
            lines.push(format!("  @{} {} -> {}", cluster.at, cluster.code_points.join(" "), glyphs.join("; ")));
        }
        if run.clusters.len() > CLUSTERS {
            lines.push(format!("  ... {} clusters more (the report has them all)", run.clusters.len() - CLUSTERS));
        }
        let stops: Vec<String> = run.caret_stops.iter().map(u32::to_string).collect();
        lines.push(format!("caret stops {}", stops.join(" ")));
        lines
    }

    /// The report's entry: where it is aimed, the run shown, and the whole line's X-ray.
    pub fn report(&self) -> serde_json::Value {
        let aim = match &self.aim {
            XrayAim::Asked => serde_json::json!("asked"),
            XrayAim::Caret => serde_json::json!("caret"),
            XrayAim::Text { line, at } => serde_json::json!({ "paragraph": "fallback", "line": line, "at": at }),
            XrayAim::Sample { line, at } => serde_json::json!({ "paragraph": "sample", "line": line, "at": at }),
        };
        serde_json::json!({ "aim": aim, "run": self.run, "xray": self.xray, "lines": self.lines() })
    }
}

/// The sample's size range, px.
pub const SIZES: std::ops::RangeInclusive<u8> = 8..=72;

/// The lines the area shows at once.
pub const AREA_LINES: usize = 6;

/// The editors' face and size, px.
pub const EDIT_FACE: (Face, f32) = (Face::Sans, 15.0);

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

/// One of the screen's two editors, the kit's own widget: one type, so that what reads both alike (the report, the
/// editing fuzz) walks them as one. Its text, caret and selection are its edit's ([`TextEdit`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Editor {
    /// The single-line field.
    Field(Field),
    /// The multi-line area.
    Area(Area),
}

impl Editor {
    /// The widget, as a page holds it.
    pub fn widget(&self) -> &dyn Widget {
        match self {
            Editor::Field(f) => f,
            Editor::Area(a) => a,
        }
    }

    /// The widget, to change.
    pub fn widget_mut(&mut self) -> &mut dyn Widget {
        match self {
            Editor::Field(f) => f,
            Editor::Area(a) => a,
        }
    }

    /// Its text as the last frame laid it out.
    pub fn laid(&self) -> &Laid {
        match self {
            Editor::Field(f) => f.laid(),
            Editor::Area(a) => a.laid(),
        }
    }

    /// Its text laid out in `style` in the content box `content`, as its drawing lays it out inside its padding.
    pub fn lay_out_in(&self, fonts: &FontBook, style: &TextStyle, content: Rect) -> Laid {
        match self {
            Editor::Field(f) => f.lay_out_in(fonts, style, content),
            Editor::Area(a) => a.lay_out_in(fonts, style, content, fonts.metrics(style.font).line_height.ceil()),
        }
    }
}

impl Deref for Editor {
    type Target = TextEdit;

    fn deref(&self) -> &TextEdit {
        match self {
            Editor::Field(f) => &f.edit,
            Editor::Area(a) => &a.edit,
        }
    }
}

impl DerefMut for Editor {
    fn deref_mut(&mut self) -> &mut TextEdit {
        match self {
            Editor::Field(f) => &mut f.edit,
            Editor::Area(a) => &mut a.edit,
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
    /// The chips' box.
    pub chips_box: Rect,
    /// Laid out right to left: the slider's smallest size is at its right edge.
    pub mirrored: bool,
    /// The body the page scrolls in, and the page's height.
    pub sheet: Sheet,
    /// The page's offset drawn (a Tab below the fold moves it).
    pub offset: f32,
    /// Where the fallback paragraph's lines were drawn.
    pub fallback: Drawn,
    /// Where the sample's lines were drawn.
    pub sample: Drawn,
    /// Where the hint's lines were drawn.
    pub hint: Drawn,
    /// The shaping X-ray drawn (F6).
    pub xray: Option<XrayShown>,
    /// The hint, the sample and the fallback paragraph as nodes, where they were drawn.
    pub paragraphs: Vec<Node>,
}

/// The text screen's state (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct TextFields {
    /// The single-line field, the kit's.
    pub field: Editor,
    /// The multi-line area, the kit's.
    pub area: Editor,
    /// The features toggled away from their defaults for the sample.
    pub features: Features,
    /// The sample's size slider, px (the kit's slider: its keys, wheel and drag are every slider's).
    pub size: Slider,
    /// The feature toggles, the kit's chips: one for each of the screen's toggles the primary face has (known once
    /// the screen has read its fonts: [`TextGeometry::chips`]). Each turns its feature on or off in `features`.
    pub chips: Chips,
    /// The caret moved: the next frame scrolls it into view.
    pub reveal: bool,
    /// A press in a text is selecting: where the drag goes, the selection follows.
    selecting: Option<WidgetId>,
    /// The editor the last message was for: a message for the other one leaves it, as the focus would.
    last: Option<WidgetId>,
    /// The page's scroll, when the window is too short for it.
    pub paging: Paging,
    /// The shaping X-ray, when F6 turned it on, and where it looks.
    pub xray: Option<XrayAim>,
    geometry: TextGeometry,
}

impl Default for TextFields {
    fn default() -> TextFields {
        TextFields {
            field: Editor::Field(
                Field::new(ids::FIELD, "Single line", FIELD_TEXT, 0.0).face(EDIT_FACE.0, EDIT_FACE.1).sheet_inset(),
            ),
            area: Editor::Area(
                Area::new(ids::AREA, "Multi-line", AREA_TEXT, 0.0)
                    .at_start()
                    .face(EDIT_FACE.0, EDIT_FACE.1)
                    .rows_at_least(AREA_LINES),
            ),
            features: Features::default(),
            size: Slider::new(
                ids::SIZE,
                "Size",
                Ranged::new(28.0, f32::from(*SIZES.start()), f32::from(*SIZES.end()), 1.0),
                0.0,
            )
            .bare(),
            chips: Chips::new(ids::FEATURES, "OpenType features", &[]),
            reveal: true,
            selecting: None,
            last: None,
            paging: Paging::default(),
            xray: None,
            geometry: TextGeometry::default(),
        }
    }
}

impl TextFields {
    /// The geometry of the last frame.
    pub fn geometry(&self) -> &TextGeometry {
        &self.geometry
    }

    /// Takes the last frame's geometry: each editor takes its layout, whose scroll the next frame starts from.
    pub fn set_geometry(&mut self, geometry: TextGeometry) {
        // The chips are the face's toggles, which the screen read from its fonts.
        let tags: Vec<&'static str> = geometry.chips.iter().filter_map(|t| toggle_name(*t)).collect();
        if self.chips.labels() != tags.as_slice() {
            let on: Vec<bool> =
                geometry.chips.iter().map(|t| self.features.is_on(*t).unwrap_or(default_on(*t))).collect();
            self.chips = Chips::new(ids::FEATURES, "OpenType features", &tags).with_on(&on);
        }
        self.field.widget_mut().take_laid(geometry.field.clone());
        self.area.widget_mut().take_laid(geometry.area.clone());
        self.paging.laid_out(geometry.sheet, geometry.offset);
        // F6's aim, resolved by the frame after it (the pointer's run or the caret's), is kept.
        if let (Some(_), Some(shown)) = (&self.xray, &geometry.xray) {
            self.xray = Some(shown.aim.clone());
        }
        self.reveal = false;
        self.geometry = geometry;
    }

    /// Text widget `id`.
    fn editor(&self, id: WidgetId) -> Option<&Editor> {
        match id {
            ids::FIELD => Some(&self.field),
            ids::AREA => Some(&self.area),
            _ => None,
        }
    }

    /// Text widget `id`, to change.
    fn editor_mut(&mut self, id: WidgetId) -> Option<&mut Editor> {
        match id {
            ids::FIELD => Some(&mut self.field),
            ids::AREA => Some(&mut self.area),
            _ => None,
        }
    }

    /// `message` for text widget `id`, handled by the kit's widget as on every page; true when a person sees a
    /// change.
    fn for_editor(&mut self, id: WidgetId, message: &Message, clipboard: &mut dyn Clipboard, now: f64) -> bool {
        // A message for the other editor leaves the last one (its Up and Down forget their column), as the focus
        // moving between them does on a page.
        if self.last != Some(id)
            && let Some(left) = self.last.and_then(|last| self.editor_mut(last))
        {
            left.widget_mut().left();
        }
        self.last = Some(id);
        let mirrored = self.geometry.mirrored;
        let Some(editor) = self.editor_mut(id) else { return false };
        let stamp = |e: &Editor| (e.revision(), e.caret(), e.anchor());
        let before = stamp(editor);
        // The editors ask for no popup of their own: the context menu is the screen's (`Message::Context`).
        let mut popup = None;
        let mut cx = Cx { rect: editor.laid().content, now, mirrored, clipboard, popup: &mut popup };
        let response = editor.widget_mut().handle(message, &mut cx);
        if stamp(editor) != before {
            self.reveal = true;
        }
        response.changed
    }

    /// Applies one message at frame time `now`; returns whether anything a person sees changed.
    pub fn apply(&mut self, message: &Message, clipboard: &mut dyn Clipboard, now: f64) -> bool {
        let before = self.seen();
        let mut changed = false;
        match message {
            Message::Press { target: Target { id: id @ (ids::FIELD | ids::AREA), .. }, clicks, .. } => {
                // A press starts a selection that the drag extends; a double or triple press selected a word or a
                // line, which a drag leaves as it is.
                self.selecting = (*clicks <= 1).then_some(*id);
                changed = self.for_editor(id, message, clipboard, now);
            }
            Message::Drag { target: Target { id: ids::FIELD | ids::AREA, .. }, .. }
                if self.selecting != Some(message.id()) => {}
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
            // The chips are the kit's: a press puts the keyboard's mark on one, Space or the click's activation
            // toggles the one with the mark, the arrows, Home and End move it. A chip toggled sets its feature.
            Message::Press { target: Target { id: ids::FEATURES, .. }, .. }
            | Message::Activate(Target { id: ids::FEATURES, .. })
            | Message::Key { id: ids::FEATURES, .. } => {
                let before = self.chips.on.clone();
                let mut popup = None;
                let (rect, mirrored) = (self.geometry.chips_box, self.geometry.mirrored);
                let mut cx = Cx { rect, now, mirrored, clipboard: &mut *clipboard, popup: &mut popup };
                self.chips.handle(message, &mut cx);
                for ((tag, was), on) in self.geometry.chips.iter().zip(before).zip(&self.chips.on) {
                    if was != *on {
                        self.features.set(*tag, *on);
                    }
                }
            }
            Message::Pick { id, item } => {
                if let (Some(editor), Some(command)) = (self.editor_mut(id), Command::ALL.get(*item)) {
                    let before = (editor.revision(), editor.caret(), editor.anchor());
                    command.run(editor, id, clipboard);
                    changed = (editor.revision(), editor.caret(), editor.anchor()) != before;
                    self.reveal |= changed;
                }
            }
            Message::Activate(Target { id: ids::XRAY_COPY, .. })
            | Message::Press { target: Target { id: ids::XRAY_COPY, .. }, .. } => {
                self.copy_hb_shape(clipboard);
            }
            m if matches!(m.id(), ids::FIELD | ids::AREA) => changed = self.for_editor(m.id(), message, clipboard, now),
            _ => {}
        }
        changed || self.seen() != before
    }

    /// What a person sees of the widgets besides the editors (which say what changed in them): the features and
    /// the size.
    fn seen(&self) -> impl PartialEq + use<> {
        (self.features.clone(), self.size_px(), self.chips.current)
    }

    /// Puts on the clipboard the `hb-shape` command that reproduces the run the X-ray shows.
    fn copy_hb_shape(&self, clipboard: &mut dyn Clipboard) {
        if let Some(run) = self.geometry.xray.as_ref().and_then(XrayShown::shown_run) {
            clipboard.set(&run.hb_shape);
        }
    }

    /// The sample's size, px.
    pub fn size_px(&self) -> u8 {
        self.size.value.get() as u8
    }
}

impl ScreenState for TextFields {
    type Laid = TextGeometry;

    fn current_part(&self, id: WidgetId) -> Option<u8> {
        if id == ids::FEATURES { self.chips.current_part() } else { None }
    }

    fn key(&mut self, key: Key, mods: Mods, input: &mut Input<'_>) -> bool {
        // The X-ray's keys, wherever the focus is: F6 shows it aimed at the pointer's run (else the caret's) or hides
        // it; Shift+F6 copies the hb-shape command of the run it shows.
        match (key, mods) {
            (Key::F(6), Mods::NONE) => {
                self.xray = if self.xray.is_some() { None } else { Some(XrayAim::Asked) };
                return true;
            }
            (Key::F(6), Mods::SHIFT) => {
                self.copy_hb_shape(input.clipboard);
                return true;
            }
            _ => {}
        }
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
            && let Some(editor) = self.editor(target.id)
        {
            // A right click outside the selection moves the caret there first, as GTK and browsers do, so that
            // Paste puts the text where the person clicked (a press there, as the editor takes one); inside it, the
            // selection stays for Cut and Copy.
            let at = editor.laid().byte_at(x, y, target.id == ids::FIELD);
            let selection = editor.selection();
            let moved = selection.is_empty() || !selection.contains(&at) && at != selection.end;
            if moved {
                let press = Message::Press { target, x, y, clicks: 1, mods: Mods::NONE };
                self.for_editor(target.id, &press, input.clipboard, input.now);
            }
            if let Some(editor) = self.editor(target.id) {
                *input.popup = Some(Command::menu(editor, target.id, x, y));
            }
            return moved;
        }
        self.apply(message, input.clipboard, input.now)
    }

    /// The X-ray wants a frame while the glyph cache has said of its run other than its panel shows.
    fn animating(&self, _now: f64) -> bool {
        let shown = self.geometry.xray.as_ref().filter(|_| self.xray.is_some());
        shown.is_some_and(|shown| shown.cells != crate::glyph_cache::watch::latest())
    }

    fn focus_on_show(&self) -> Option<WidgetId> {
        // The screen opens ready to type into its field.
        Some(ids::FIELD)
    }

    fn caret_on(&self, focus: Option<WidgetId>, now: f64) -> Option<bool> {
        let since = self.editor(focus?)?.widget().caret_since()?;
        Some(blink::on(since, now))
    }

    fn next_blink(&self, now: f64) -> Option<f64> {
        let after = |e: &Editor| e.widget().caret_since().map(|since| blink::after(since, now));
        [after(&self.field), after(&self.area)].into_iter().flatten().reduce(f64::min)
    }

    fn caret_rect(&self, focus: Option<WidgetId>) -> Option<Rect> {
        self.editor(focus?)?.widget().caret_rect(Rect::default())
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
        into.insert(ids::FIELD.to_owned(), report(&self.field, self.field.laid()));
        into.insert(ids::AREA.to_owned(), report(&self.area, self.area.laid()));
        into.insert(
            ids::FEATURES.to_owned(),
            serde_json::json!({ "tags": tags, "set": set, "chip": self.chips.current }),
        );
        into.insert(ids::SIZE.to_owned(), serde_json::json!({ "px": self.size_px() }));
        into.insert(ids::FALLBACK.to_owned(), g.fallback.report());
        into.insert(ids::SAMPLE.to_owned(), g.sample.report());
        into.insert(ids::HINT.to_owned(), g.hint.report());
        into.insert("text.page".to_owned(), self.paging.report());
        if let Some(shown) = g.xray.as_ref().filter(|_| self.xray.is_some()) {
            into.insert(ids::XRAY.to_owned(), shown.report());
        }
    }

    fn access(&self, regions: &[Region], _settings: &Settings, into: &mut Vec<Node>) {
        let field = Access::new(Role::TextInput, "Single line")
            .value(self.field.text())
            .placed(self.field.laid().placed(self.field.text()))
            .selection(self.field.anchor(), self.field.caret())
            .context_menu();
        into.push(Node::of(ids::FIELD, field, regions));
        let drawn = match &self.area {
            Editor::Area(area) => area.drawn().cloned(),
            Editor::Field(_) => None,
        };
        let area = Access::new(Role::MultilineTextInput, "Multi-line")
            .text(self.area.lines())
            .rows(drawn)
            .selection(self.area.anchor(), self.area.caret())
            .context_menu();
        into.push(Node::of(ids::AREA, area, regions));
        for (i, tag) in self.geometry.chips.iter().enumerate() {
            let on = self.features.is_on(*tag).unwrap_or(default_on(*tag));
            let access = Access::new(Role::CheckBox, String::from_utf8_lossy(tag)).state("checked", on);
            into.push(Node::part_in(ids::FEATURES, i as u8, access, regions));
        }
        into.push(Node::of(ids::SIZE, self.size.access(), regions));
        if let Some(shown) = self.geometry.xray.as_ref().filter(|_| self.xray.is_some()) {
            let panel = Access::new(Role::Status, "Shaping X-ray").value(shown.lines().join("\n"));
            into.push(Node::of(ids::XRAY, panel, regions));
            into.push(Node::of(ids::XRAY_COPY, Access::new(Role::Button, "Copy as hb-shape"), regions));
        }
        into.extend(self.geometry.paragraphs.iter().cloned());
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

/// The name of toggle `tag`, one of [`TOGGLES`](super::TOGGLES) (None for another).
fn toggle_name(tag: [u8; 4]) -> Option<&'static str> {
    super::TOGGLES.iter().find(|t| ***t == tag).and_then(|t| std::str::from_utf8(&t[..]).ok())
}

/// Whether the shaper turns `tag` on when no toggle says otherwise.
pub fn default_on(tag: [u8; 4]) -> bool {
    matches!(&tag, b"kern" | b"liga" | b"calt")
}
