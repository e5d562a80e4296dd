//! What AccessKit's translation drops from goldberry's nodes, kept per node from each update: the expanded and
//! invalid states, the tree level, the keyboard shortcut and the actions by GTK's names; and the state-changed
//! events a change of them raises (the translation raises none for states it does not map).

use std::collections::HashMap;

use accesskit::{Action, Invalid, Node, NodeId, Role, TreeUpdate};
use accesskit_atspi_common::{ObjectEvent, State, StateSet};

/// One action as AT-SPI's Action interface lists it: GTK's name for it and the request that carries it out (with
/// its id, for one of the node's custom actions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doing {
    pub name: String,
    pub action: Action,
    pub custom: Option<i32>,
}

/// What the translation drops from one node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extra {
    /// Open (true) or shut (false), for a node that opens; None for one that does not.
    pub expanded: Option<bool>,
    pub invalid: bool,
    /// A tree item's depth, from 1.
    pub level: Option<usize>,
    /// The keys that carry out its first action from anywhere (a menu item's accelerator).
    pub shortcut: Option<String>,
    pub actions: Vec<Doing>,
    /// A password shown as its characters, sent as a text input so that the translation does not read it as dots:
    /// its role is served as a password's.
    pub password: bool,
}

impl Extra {
    /// `node`'s extras.
    pub fn of(node: &Node) -> Extra {
        Extra {
            expanded: node.is_expanded(),
            invalid: node.invalid().is_some_and(|i| i == Invalid::True),
            level: node.level(),
            shortcut: node.keyboard_shortcut().map(str::to_owned),
            actions: doings(node),
            password: node.class_name() == Some(crate::access::kit::REVEALED_PASSWORD),
        }
    }

    /// The states the translation leaves out, added to `states`.
    pub fn add_states(&self, states: &mut StateSet) {
        if let Some(open) = self.expanded {
            states.insert(State::Expandable);
            states.insert(if open { State::Expanded } else { State::Collapsed });
        }
        if self.invalid {
            states.insert(State::InvalidEntry);
        }
    }

    /// The state-changed events that say how `self` became `now`.
    fn changes(&self, now: &Extra) -> Vec<ObjectEvent> {
        let mut events = Vec::new();
        if self.expanded != now.expanded {
            if self.expanded.is_some() != now.expanded.is_some() {
                events.push(ObjectEvent::StateChanged(State::Expandable, now.expanded.is_some()));
            }
            let open = |e: Option<bool>| e == Some(true);
            let shut = |e: Option<bool>| e == Some(false);
            if open(self.expanded) != open(now.expanded) {
                events.push(ObjectEvent::StateChanged(State::Expanded, open(now.expanded)));
            }
            if shut(self.expanded) != shut(now.expanded) {
                events.push(ObjectEvent::StateChanged(State::Collapsed, shut(now.expanded)));
            }
        }
        if self.invalid != now.invalid {
            events.push(ObjectEvent::StateChanged(State::InvalidEntry, now.invalid));
        }
        events
    }
}

/// The actions `node` offers, by GTK 4's names where GTK has the action: "click" for a press (AccessKit's name,
/// and GTK's for a button), "toggle" for a check box's or a switch's press, "activate" for an expander's, one of
/// "expand" and "collapse" (whichever the node would do now), "increment" and "decrement" for a value, "menu.popup"
/// for a context menu, then the node's custom actions, each by its description (a text's "clipboard.copy").
pub fn doings(node: &Node) -> Vec<Doing> {
    let mut out = Vec::new();
    let mut add = |name: &str, action| out.push(Doing { name: name.to_owned(), action, custom: None });
    if node.supports_action(Action::Click) {
        add("click", Action::Click);
        match node.role() {
            Role::CheckBox | Role::Switch => add("toggle", Action::Click),
            Role::Button if node.is_expanded().is_some() => add("activate", Action::Click),
            _ => {}
        }
    }
    match node.is_expanded() {
        Some(true) => add("collapse", Action::Collapse),
        Some(false) => add("expand", Action::Expand),
        None => {}
    }
    if node.supports_action(Action::Increment) {
        add("increment", Action::Increment);
    }
    if node.supports_action(Action::Decrement) {
        add("decrement", Action::Decrement);
    }
    if node.supports_action(Action::ShowContextMenu) {
        add("menu.popup", Action::ShowContextMenu);
    }
    let custom = node.custom_actions().iter();
    out.extend(custom.map(|c| Doing { name: c.description.clone(), action: Action::CustomAction, custom: Some(c.id) }));
    out
}

/// Every node's extras as last sent, by AccessKit's id.
#[derive(Debug, Default)]
pub struct Extras {
    nodes: HashMap<NodeId, Extra>,
    /// The tree's part of every full id (`u128::from` of AccessKit's full id: the node's id above, the tree's
    /// below), to name a node's object from its id.
    tree: u128,
}

impl Extras {
    /// A whole tree: what was kept before is dropped.
    pub fn replace(&mut self, update: &TreeUpdate) {
        self.nodes = update.nodes.iter().map(|(id, node)| (*id, Extra::of(node))).collect();
    }

    /// An update's nodes taken in; the events that say what changed, each with its node's full id.
    pub fn take(&mut self, update: &TreeUpdate) -> Vec<(u128, ObjectEvent)> {
        let mut events = Vec::new();
        let tree = self.tree;
        for (id, node) in &update.nodes {
            let now = Extra::of(node);
            match self.nodes.get_mut(id) {
                Some(was) if *was != now => {
                    events.extend(was.changes(&now).into_iter().map(|e| (full(*id, tree), e)));
                    *was = now;
                }
                Some(_) => {}
                None => {
                    self.nodes.insert(*id, now);
                }
            }
        }
        events
    }

    /// The tree's part of the full ids, from the root's.
    pub fn root_tree(&mut self, root: impl Into<u128>) {
        self.tree = root.into() & u128::from(u64::MAX);
    }

    /// A node removed from the tree, by its full id.
    pub fn remove(&mut self, full: u128) {
        self.nodes.remove(&local(full));
    }

    /// The extras of the node with full id `full` (none for a node never sent).
    pub fn of(&self, full: u128) -> Option<&Extra> {
        self.nodes.get(&local(full))
    }
}

/// The full id of AccessKit's `id` in the tree whose part of full ids is `tree`.
fn full(id: NodeId, tree: u128) -> u128 {
    (u128::from(id.0) << 64) | tree
}

/// AccessKit's own id inside a full id.
pub fn local(full: u128) -> NodeId {
    NodeId((full >> 64) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(expanded: Option<bool>, invalid: bool) -> Node {
        let mut n = Node::new(Role::TreeItem);
        n.add_action(Action::Click);
        if let Some(e) = expanded {
            n.set_expanded(e);
        }
        if invalid {
            n.set_invalid(Invalid::True);
        }
        n
    }

    fn update(nodes: Vec<(NodeId, Node)>) -> TreeUpdate {
        TreeUpdate { nodes, tree: None, tree_id: accesskit::TreeId::ROOT, focus: NodeId(1) }
    }

    #[test]
    fn a_row_shut_then_opened_says_so_once() {
        let mut extras = Extras::default();
        extras.replace(&update(vec![(NodeId(7), row(Some(false), false))]));
        let names: Vec<_> =
            extras.of(7 << 64).map(|e| e.actions.iter().map(|d| d.name.clone()).collect()).unwrap_or_default();
        assert_eq!(names, ["click", "expand"]);
        let events = extras.take(&update(vec![(NodeId(7), row(Some(true), false))]));
        let said: Vec<_> = events
            .iter()
            .map(|(id, e)| match e {
                ObjectEvent::StateChanged(s, v) => (*id >> 64, *s, *v),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(said, [(7, State::Expanded, true), (7, State::Collapsed, false)]);
        assert!(extras.take(&update(vec![(NodeId(7), row(Some(true), false))])).is_empty());
    }

    #[test]
    fn states_the_translation_drops_are_added() {
        let mut states = StateSet::empty();
        Extra::of(&row(Some(true), true)).add_states(&mut states);
        assert!(states.contains(State::Expandable) && states.contains(State::Expanded));
        assert!(states.contains(State::InvalidEntry) && !states.contains(State::Collapsed));
        let mut plain = StateSet::empty();
        Extra::of(&row(None, false)).add_states(&mut plain);
        assert_eq!(plain, StateSet::empty());
    }

    #[test]
    fn a_check_box_toggles_and_a_slider_steps() {
        let mut check = Node::new(Role::CheckBox);
        check.add_action(Action::Click);
        assert_eq!(doings(&check).iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), ["click", "toggle"]);
        let mut slider = Node::new(Role::Slider);
        slider.add_action(Action::Increment);
        slider.add_action(Action::Decrement);
        assert_eq!(doings(&slider).iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), ["increment", "decrement"]);
    }

    #[test]
    fn a_text_offers_its_menu_then_its_custom_actions_by_their_ids() {
        let mut field = Node::new(Role::TextInput);
        field.add_action(Action::ShowContextMenu);
        field.set_custom_actions(vec![accesskit::CustomAction { id: 4, description: "clipboard.paste".into() }]);
        let listed: Vec<_> = doings(&field).into_iter().map(|d| (d.name, d.action, d.custom)).collect();
        assert_eq!(
            listed,
            [
                ("menu.popup".to_owned(), Action::ShowContextMenu, None),
                ("clipboard.paste".to_owned(), Action::CustomAction, Some(4))
            ]
        );
    }
}
