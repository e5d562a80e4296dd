//! `org.a11y.atspi.Action` on every node: the node's actions by GTK's names ([`super::extras::doings`]), each
//! carried out as an AccessKit request to the app (a custom action's with its id), and the first one's key binding from the node's keyboard
//! shortcut. (The translation offers a clickable node's "click" alone, with no key binding.)

use std::sync::Arc;

use accesskit::{ActionData, ActionRequest, NodeId, TreeId};
use accesskit_atspi_common::{Action as Listed, PlatformNode};
use zbus::{fdo, interface};

use super::Shared;
use super::extras::{Doing, local};

pub struct Action {
    pub node: PlatformNode,
    pub shared: Arc<Shared>,
}

impl Action {
    fn id(&self) -> NodeId {
        local(u128::from(self.node.id()))
    }

    /// The node's actions and its shortcut, as last sent.
    fn doings(&self) -> (Vec<Doing>, String) {
        let extras = self.shared.extras_read();
        let extra = extras.of(u128::from(self.node.id()));
        let doings = extra.map(|e| e.actions.clone()).unwrap_or_default();
        (doings, extra.and_then(|e| e.shortcut.clone()).unwrap_or_default())
    }

    /// The key binding of action `i`: the node's shortcut goes with its first action (the one its keys do).
    fn binding(&self, i: i32) -> String {
        let (_, shortcut) = self.doings();
        if i == 0 { shortcut } else { String::new() }
    }

    fn nth(&self, i: i32) -> fdo::Result<Doing> {
        let (doings, _) = self.doings();
        usize::try_from(i)
            .ok()
            .and_then(|i| doings.get(i).cloned())
            .ok_or_else(|| fdo::Error::InvalidArgs(format!("no action {i}: the node has {}", doings.len())))
    }
}

#[interface(name = "org.a11y.atspi.Action")]
impl Action {
    #[zbus(property)]
    fn n_actions(&self) -> i32 {
        self.doings().0.len() as i32
    }

    fn get_description(&self, _index: i32) -> &str {
        ""
    }

    fn get_name(&self, i: i32) -> fdo::Result<String> {
        Ok(self.nth(i)?.name)
    }

    fn get_localized_name(&self, i: i32) -> fdo::Result<String> {
        Ok(self.nth(i)?.name)
    }

    fn get_key_binding(&self, i: i32) -> String {
        self.binding(i)
    }

    fn get_actions(&self) -> Vec<Listed> {
        let (doings, shortcut) = self.doings();
        doings
            .iter()
            .enumerate()
            .map(|(i, d)| Listed {
                localized_name: d.name.clone(),
                description: String::new(),
                key_binding: if i == 0 { shortcut.clone() } else { String::new() },
            })
            .collect()
    }

    /// Asks the app to carry out action `i`; false for an index the node does not have.
    fn do_action(&self, i: i32) -> bool {
        let Ok(doing) = self.nth(i) else { return false };
        let data = doing.custom.map(ActionData::CustomAction);
        let request = ActionRequest { action: doing.action, target_tree: TreeId::ROOT, target_node: self.id(), data };
        self.shared.actions.do_action(request);
        true
    }
}
