//! The nearest names to one a script gave that the screen shown does not have (`click button "Sumbit"`): what its
//! error offers instead. Names are looked up when their line plays, since a widget may take its name later (a
//! counter's "2"), and a menu's items and a dialog's buttons exist only while they are open.

use crate::distance::levenshtein;
use crate::widgets::Role;

/// A widget as a script line names it, `role "name"`, its name's `"` and `\` escaped: what a message says, so a
/// person can copy it into a script.
pub fn as_written(role: Role, name: &str) -> String {
    format!("{} \"{}\"", role.as_str(), name.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The three names of `known` nearest `name`, those of `role` first, by edit distance: what an unknown name's
/// error offers.
pub fn nearest(known: &[(Role, String)], role: Role, name: &str) -> Vec<String> {
    let mut scored: Vec<(bool, usize, String)> = known
        .iter()
        .map(|(r, n)| (*r != role, levenshtein(&name.to_lowercase(), &n.to_lowercase()), as_written(*r, n)))
        .collect();
    scored.sort();
    scored.dedup();
    scored.into_iter().take(3).map(|(_, _, n)| n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelling_finds_its_neighbours_of_its_role_first() {
        let known: Vec<(Role, String)> =
            [(Role::Button, "Submit"), (Role::CheckBox, "Sumbit"), (Role::Button, "Reset")]
                .into_iter()
                .map(|(r, n)| (r, n.to_owned()))
                .collect();
        assert_eq!(
            nearest(&known, Role::Button, "Sumbit"),
            ["button \"Submit\"", "button \"Reset\"", "checkbox \"Sumbit\""]
        );
    }
}
