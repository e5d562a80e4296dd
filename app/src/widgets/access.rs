//! What a widget tells a screen reader and the report: its role (AccessKit's names, in lower case), its name (its
//! visible label), its value and its states.

use std::borrow::Cow;

use serde_json::{Value, json};

use crate::geom::Rect;
use crate::ui::edit::lines::Lines;
use crate::widgets::editor::Laid;

/// A widget's role, by AccessKit's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Button,
    CheckBox,
    RadioGroup,
    Switch,
    Slider,
    SpinButton,
    ProgressIndicator,
    Meter,
    TextInput,
    PasswordInput,
    ComboBox,
    MenuBar,
    MenuButton,
    TabList,
    Group,
    Article,
    Status,
    Splitter,
    Label,
    Image,
    Tab,
    MenuItem,
    List,
    MultilineTextInput,
    RadioButton,
    ListItem,
    Tree,
    TreeItem,
    Menu,
    Dialog,
}

impl Role {
    /// The role's name as scripts and the report spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Button => "button",
            Role::CheckBox => "checkbox",
            Role::RadioGroup => "radiogroup",
            Role::Switch => "switch",
            Role::Slider => "slider",
            Role::SpinButton => "spinbutton",
            Role::ProgressIndicator => "progressindicator",
            Role::Meter => "meter",
            Role::TextInput => "textinput",
            Role::PasswordInput => "passwordinput",
            Role::ComboBox => "combobox",
            Role::MenuBar => "menubar",
            Role::MenuButton => "menubutton",
            Role::TabList => "tablist",
            Role::Group => "group",
            Role::Article => "article",
            Role::Status => "status",
            Role::Splitter => "splitter",
            Role::Label => "label",
            Role::Image => "image",
            Role::Tab => "tab",
            Role::MenuItem => "menuitem",
            Role::List => "list",
            Role::MultilineTextInput => "multilinetextinput",
            Role::RadioButton => "radiobutton",
            Role::ListItem => "listitem",
            Role::Tree => "tree",
            Role::TreeItem => "treeitem",
            Role::Menu => "menu",
            Role::Dialog => "dialog",
        }
    }

    /// Every role, for the scripts' check of a role's name.
    pub const ALL: [Role; 30] = [
        Role::Button,
        Role::CheckBox,
        Role::RadioGroup,
        Role::Switch,
        Role::Slider,
        Role::SpinButton,
        Role::ProgressIndicator,
        Role::Meter,
        Role::TextInput,
        Role::PasswordInput,
        Role::ComboBox,
        Role::MenuBar,
        Role::MenuButton,
        Role::TabList,
        Role::Group,
        Role::Article,
        Role::Status,
        Role::Splitter,
        Role::Label,
        Role::Image,
        Role::Tab,
        Role::MenuItem,
        Role::List,
        Role::MultilineTextInput,
        Role::RadioButton,
        Role::ListItem,
        Role::Tree,
        Role::TreeItem,
        Role::Menu,
        Role::Dialog,
    ];

    /// The role a script or the report names `name` (AccessKit's name in lower case).
    pub fn named(name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == name)
    }

    /// Whether a person can act on a widget of this role (it must have a name).
    pub fn interactive(self) -> bool {
        !matches!(
            self,
            Role::ProgressIndicator
                | Role::Meter
                | Role::Status
                | Role::Label
                | Role::Image
                | Role::Article
                | Role::ListItem
        )
    }
}

/// A widget as assistive technology sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Access {
    /// What it is.
    pub role: Role,
    /// Its visible label.
    pub name: String,
    /// Its value, where it has one ("40", "Medium", "3 of 5").
    pub value: Option<String>,
    /// An editable text's content, as its editor's lines (shared, not copied: an area may hold 1 MiB), where it
    /// gives them instead of a `value`.
    pub text: Option<Lines>,
    /// Its states: "checked", "mixed", "disabled", "expanded", "collapsed", "selected", "invalid", "required",
    /// "readonly", "busy", "multiline", "haspopup".
    pub states: Vec<&'static str>,
    /// Where its value stands in its range, for a slider, a knob, a spinner or a progress bar.
    pub range: Option<Span>,
    /// An editable text's selection as (anchor, caret), bytes of `value`: equal when nothing is selected.
    pub selection: Option<(usize, usize)>,
    /// An item's place in its set as (position from 1, the set's size): a list's row, a tab, a page.
    pub set: Option<(usize, usize)>,
    /// A tree item's depth, 1 for a root.
    pub level: Option<usize>,
    /// What more there is to say of it: its tooltip, or the message of the rule it breaks.
    pub description: Option<String>,
    /// The keys that do what it does from anywhere (a menu item's `Ctrl+C`).
    pub shortcut: Option<&'static str>,
    /// Where a one-line text's characters stand as the last frame drew them, where it knows.
    pub placed: Option<Placed>,
    /// Where a text of lines (an area) stands as the last frame drew it, when that layout is of its text: its
    /// wrapped rows and each character's place.
    pub rows: Option<Laid>,
    /// A right click on it opens its context menu (the text screen's editors: Cut, Copy, Paste, Select all).
    pub context_menu: bool,
    /// A password whose characters are shown (its eye is open): a screen reader reads them as drawn, not as dots.
    pub revealed: bool,
}

/// Where the characters of a one-line text (a field's value) stand as drawn, from its shaped runs, in window
/// pixels: a screen reader's per-character extents, and where a click puts the caret before a character.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The line's top.
    pub y: f32,
    /// The line's height.
    pub h: f32,
    /// The caret's x before each character of the value, then after the last: one more than its characters.
    pub carets: Vec<f32>,
}

impl Placed {
    /// The line's box: from its leftmost caret to its rightmost.
    pub fn line(&self) -> Rect {
        let left = self.carets.iter().copied().fold(f32::INFINITY, f32::min);
        let right = self.carets.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        match left <= right {
            true => Rect::new(left, self.y, right - left, self.h),
            false => Rect::new(0.0, self.y, 0.0, self.h),
        }
    }

    /// Character `i`'s left and right edges: between the carets before and after it (at a change of direction the
    /// caret after it stands at the next run, so the box is that of the gap between the two).
    pub fn edges(&self, i: usize) -> Option<(f32, f32)> {
        let (a, b) = (*self.carets.get(i)?, *self.carets.get(i + 1)?);
        Some((a.min(b), a.max(b)))
    }

    /// Where a click puts the caret before character `i` (after the last when past it): the caret's x, mid-line.
    pub fn caret_point(&self, i: usize) -> Option<(f32, f32)> {
        let x = *self.carets.get(i.min(self.carets.len().checked_sub(1)?))?;
        Some((x, self.y + self.h / 2.0))
    }
}

/// A value in a range, as AccessKit carries it (numeric value, minimum, maximum, step).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Span {
    /// The value.
    pub value: f64,
    /// The smallest.
    pub min: f64,
    /// The largest.
    pub max: f64,
    /// What one step (an arrow key, an AT's increment) moves it by.
    pub step: f64,
}

impl Access {
    /// A widget of `role` named `name`, with no value and no state.
    pub fn new(role: Role, name: impl Into<String>) -> Access {
        Access {
            role,
            name: name.into(),
            value: None,
            text: None,
            states: Vec::new(),
            range: None,
            selection: None,
            set: None,
            level: None,
            description: None,
            shortcut: None,
            placed: None,
            rows: None,
            context_menu: false,
            revealed: false,
        }
    }

    /// With `value`.
    pub fn value(mut self, value: impl Into<String>) -> Access {
        self.value = Some(value.into());
        self
    }

    /// With the text of `lines` as its value, shared with its editor.
    pub fn text(mut self, lines: &Lines) -> Access {
        self.text = Some(lines.clone());
        self
    }

    /// Its value as text: the value, else the text's lines joined (a copy: for reports and scripts, not frames).
    pub fn value_text(&self) -> Option<Cow<'_, str>> {
        match (&self.value, &self.text) {
            (Some(value), _) => Some(Cow::Borrowed(value)),
            (None, Some(lines)) => Some(Cow::Owned(lines.to_string())),
            (None, None) => None,
        }
    }

    /// With `state` when `on`.
    pub fn state(mut self, state: &'static str, on: bool) -> Access {
        if on {
            self.states.push(state);
        }
        self
    }

    /// With its value standing at `value` in `min..=max`, by `step`.
    pub fn range(mut self, value: f64, min: f64, max: f64, step: f64) -> Access {
        self.range = Some(Span { value, min, max, step });
        self
    }

    /// With its selection running from byte `anchor` of its value to the caret at byte `caret`.
    pub fn selection(mut self, anchor: usize, caret: usize) -> Access {
        self.selection = Some((anchor, caret));
        self
    }

    /// As item `position` (from 1) of a set of `size`.
    pub fn item(mut self, position: usize, size: usize) -> Access {
        self.set = Some((position, size));
        self
    }

    /// At depth `level` of a tree (1 for a root).
    pub fn level(mut self, level: usize) -> Access {
        self.level = Some(level);
        self
    }

    /// Described as `description` when there is one.
    pub fn description(mut self, description: Option<impl Into<String>>) -> Access {
        self.description = description.map(Into::into);
        self
    }

    /// Done from anywhere by `shortcut` when there is one.
    pub fn shortcut(mut self, shortcut: Option<&'static str>) -> Access {
        self.shortcut = shortcut;
        self
    }

    /// With its characters standing where `placed` says, when it knows.
    pub fn placed(mut self, placed: Option<Placed>) -> Access {
        self.placed = placed;
        self
    }

    /// With its rows and characters standing where `laid` drew them, when it is of its text.
    pub fn rows(mut self, laid: Option<Laid>) -> Access {
        self.rows = laid;
        self
    }

    /// A password shown as its characters (`true`), not as dots.
    pub fn revealed(mut self, revealed: bool) -> Access {
        self.revealed = revealed;
        self
    }

    /// With a context menu a right click on it opens.
    pub fn context_menu(mut self) -> Access {
        self.context_menu = true;
        self
    }

    /// Whether it is in `state`.
    pub fn has(&self, state: &str) -> bool {
        self.states.contains(&state)
    }

    /// As the report prints it.
    pub fn to_json(&self) -> Value {
        let range = self.range.map(|r| json!({ "value": r.value, "min": r.min, "max": r.max, "step": r.step }));
        json!({ "role": self.role.as_str(), "name": self.name, "value": self.value_text(), "states": self.states, "range": range })
    }
}
