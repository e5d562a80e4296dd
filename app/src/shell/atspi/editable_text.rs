//! `org.a11y.atspi.EditableText`: a field's whole text replaced (the translation's SetValue request); the other
//! edits are not offered, as AccessKit has no request for them.

use accesskit_atspi_common::PlatformNode;
use zbus::{fdo, interface};

use super::refused;

pub struct EditableText(pub PlatformNode);

fn not_offered() -> fdo::Error {
    fdo::Error::NotSupported("only the whole text can be set".into())
}

#[interface(name = "org.a11y.atspi.EditableText")]
impl EditableText {
    fn set_text_contents(&self, new_contents: &str) -> fdo::Result<bool> {
        self.0.set_text_contents(new_contents).map_err(refused)
    }

    fn insert_text(&self, _position: i32, _text: &str, _length: i32) -> fdo::Result<bool> {
        Err(not_offered())
    }

    fn copy_text(&self, _start_pos: i32, _end_pos: i32) -> fdo::Result<()> {
        Err(not_offered())
    }

    fn cut_text(&self, _start_pos: i32, _end_pos: i32) -> fdo::Result<bool> {
        Err(not_offered())
    }

    fn delete_text(&self, _start_pos: i32, _end_pos: i32) -> fdo::Result<bool> {
        Err(not_offered())
    }

    fn paste_text(&self, _position: i32) -> fdo::Result<bool> {
        Err(not_offered())
    }
}
