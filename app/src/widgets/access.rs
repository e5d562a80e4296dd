//! What a widget tells a screen reader and the report: its role (AccessKit's names, in lower case), its name (its
//! visible label), its value and its states.

use serde_json::{Value, json};

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
        }
    }

    /// Whether a person can act on a widget of this role (it must have a name).
    pub fn interactive(self) -> bool {
        !matches!(
            self,
            Role::ProgressIndicator | Role::Meter | Role::Status | Role::Label | Role::Image | Role::Article
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
    /// Its states: "checked", "mixed", "disabled", "expanded", "selected", "invalid", "readonly".
    pub states: Vec<&'static str>,
}

impl Access {
    /// A widget of `role` named `name`, with no value and no state.
    pub fn new(role: Role, name: impl Into<String>) -> Access {
        Access { role, name: name.into(), value: None, states: Vec::new() }
    }

    /// With `value`.
    pub fn value(mut self, value: impl Into<String>) -> Access {
        self.value = Some(value.into());
        self
    }

    /// With `state` when `on`.
    pub fn state(mut self, state: &'static str, on: bool) -> Access {
        if on {
            self.states.push(state);
        }
        self
    }

    /// As the report prints it.
    pub fn to_json(&self) -> Value {
        json!({ "role": self.role.as_str(), "name": self.name, "value": self.value, "states": self.states })
    }
}
