//! What a screen reader may ask of an editable text besides AccessKit's own requests, by GTK 4's action names: each
//! one something goldberry's texts really do, with the key or press a person uses for it. They travel as AccessKit's
//! custom actions, the name as the description and the id to carry it out.

use crate::widgets::{Access, Role};

/// One editing action, as a person does it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Editing {
    /// Ctrl+C.
    Copy,
    /// Ctrl+X.
    Cut,
    /// Ctrl+V.
    Paste,
    /// Ctrl+A.
    SelectAll,
    /// Delete, with something selected: the selection goes.
    Delete,
    /// A click on a password field's eye, which shows or hides its characters.
    Peek,
}

impl Editing {
    /// Every one, in the order a node lists them.
    pub const ALL: [Editing; 6] =
        [Editing::Copy, Editing::Cut, Editing::Paste, Editing::SelectAll, Editing::Delete, Editing::Peek];

    /// Its id as AccessKit's custom action (from 1: AccessKit gives 0 no meaning, but a client's default is 0).
    pub fn id(self) -> i32 {
        Editing::ALL.iter().position(|e| *e == self).map_or(0, |i| i as i32 + 1)
    }

    /// The one with custom action id `id`.
    pub fn of_id(id: i32) -> Option<Editing> {
        Editing::ALL.into_iter().find(|e| e.id() == id)
    }

    /// GTK 4's name for it, as AT-SPI's Action interface lists it.
    pub fn name(self) -> &'static str {
        match self {
            Editing::Copy => "clipboard.copy",
            Editing::Cut => "clipboard.cut",
            Editing::Paste => "clipboard.paste",
            Editing::SelectAll => "selection.select-all",
            Editing::Delete => "selection.delete",
            Editing::Peek => "peek",
        }
    }

    /// What the text `access` describes really does: nothing disabled; a read-only one is selected and copied, not
    /// changed; a password is not copied or cut (its keys copy nothing) and has its eye. None is GTK's "activate":
    /// Enter in a goldberry field does nothing (no form submits on it). Any other role has none.
    pub fn offered(access: &Access) -> Vec<Editing> {
        let role = access.role;
        if access.has("disabled") || !matches!(role, Role::TextInput | Role::PasswordInput | Role::MultilineTextInput) {
            return Vec::new();
        }
        let password = role == Role::PasswordInput;
        let changes = !access.has("readonly");
        Editing::ALL
            .into_iter()
            .filter(|e| match e {
                Editing::Copy => !password,
                Editing::Cut => !password && changes,
                Editing::Paste | Editing::Delete => changes,
                Editing::SelectAll => true,
                Editing::Peek => password,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(access: &Access) -> Vec<&'static str> {
        Editing::offered(access).into_iter().map(Editing::name).collect()
    }

    #[test]
    fn each_text_offers_what_it_does() {
        let all = ["clipboard.copy", "clipboard.cut", "clipboard.paste", "selection.select-all", "selection.delete"];
        assert_eq!(names(&Access::new(Role::TextInput, "Name")), all);
        let password = names(&Access::new(Role::PasswordInput, "Password"));
        assert_eq!(password, ["clipboard.paste", "selection.select-all", "selection.delete", "peek"]);
        let read_only = names(&Access::new(Role::TextInput, "Id").state("readonly", true));
        assert_eq!(read_only, ["clipboard.copy", "selection.select-all"]);
        let area = names(&Access::new(Role::MultilineTextInput, "Notes"));
        assert_eq!(area, all);
        assert!(names(&Access::new(Role::TextInput, "Off").state("disabled", true)).is_empty());
        assert!(names(&Access::new(Role::Label, "Hello")).is_empty());
    }

    #[test]
    fn ids_come_back() {
        for e in Editing::ALL {
            assert_eq!(Editing::of_id(e.id()), Some(e));
        }
        assert_eq!(Editing::of_id(0), None);
    }
}
