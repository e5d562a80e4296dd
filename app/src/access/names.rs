//! The names a script may give a widget (`click button "Submit"`), known before the run: every screen's widgets
//! as a fresh session lays them out, the screens' tabs and the text screen's feature chips. A menu's items and a
//! dialog's buttons exist only while they are open, so lines naming a `menuitem` are checked when they play.

use crate::distance::levenshtein;
use crate::screens::{ScreenId, titles};
use crate::ui::settings::Settings;
use crate::widgets::{Node, Role};

/// Every role and name a script can find on some screen.
pub fn known() -> Vec<(Role, String)> {
    let mut nodes: Vec<Node> = Vec::new();
    for screen in ScreenId::all() {
        (screen.entry().state)().access(&[], &Settings::default(), &mut nodes);
    }
    let mut names: Vec<(Role, String)> = nodes.into_iter().map(|n| (n.access.role, n.access.name)).collect();
    names.extend(titles().iter().map(|t| (Role::Tab, (*t).to_owned())));
    names.push((Role::MenuButton, "More screens".to_owned()));
    let chips =
        crate::screens::text::TOGGLES.iter().map(|t| (Role::CheckBox, String::from_utf8_lossy(*t).into_owned()));
    names.extend(chips);
    names.sort_by(|a, b| (a.0.as_str(), &a.1).cmp(&(b.0.as_str(), &b.1)));
    names.dedup();
    names
}

/// Whether a line may name `role` "`name`": a known name, or a menu item (checked when it plays).
pub fn allowed(known: &[(Role, String)], role: Role, name: &str) -> bool {
    role == Role::MenuItem || known.iter().any(|(r, n)| *r == role && n == name)
}

/// The three known names nearest `name`, those of `role` first, by edit distance: what an unknown name's error
/// offers.
pub fn nearest(known: &[(Role, String)], role: Role, name: &str) -> Vec<String> {
    let mut scored: Vec<(bool, usize, String)> = known
        .iter()
        .map(|(r, n)| {
            (*r != role, levenshtein(&name.to_lowercase(), &n.to_lowercase()), format!("{} \"{n}\"", r.as_str()))
        })
        .collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, _, n)| n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_screen_s_widgets_are_known_by_name_and_a_misspelling_finds_its_neighbours() {
        let known = known();
        assert!(allowed(&known, Role::Button, "Submit"), "the form's submit button");
        assert!(allowed(&known, Role::Tab, "Scrolling"));
        assert!(allowed(&known, Role::Slider, "Size"), "the text screen's size slider");
        assert!(!allowed(&known, Role::Button, "Sumbit"));
        assert_eq!(nearest(&known, Role::Button, "Sumbit")[0], "button \"Submit\"");
    }
}
