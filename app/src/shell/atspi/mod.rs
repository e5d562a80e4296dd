//! goldberry's own AT-SPI layer: the tree AccessKit translates (`accesskit_atspi_common`), served on the desktop's
//! accessibility bus by our code, with what that translation drops added back.
//!
//! AccessKit's Unix adapter (`accesskit_unix`) served the same translation, but the states, actions, attributes
//! and key bindings goldberry sets on its nodes stopped at it: `NodeWrapper::state` adds no Expandable, Expanded,
//! Collapsed or InvalidEntry, the Action interface offers one "click", `NodeWrapper::attributes` has no `level`,
//! and `get_key_binding` answers "". Here [`extras`] keeps those from each update and the interfaces serve them
//! beside the translation's answers.
//!
//! [`Adapter`] is what the frame loop holds: it is inactive (and builds nothing) until a screen reader turns
//! accessibility on, is told the tree on the next frame, then takes each frame's update. [`bus`] runs on a thread of
//! its own: it follows the session's accessibility switch, joins the accessibility bus, embeds the application in
//! the registry's desktop, puts each node's interfaces on the bus and sends the events.

pub mod accessible;
pub mod action;
pub mod application;
pub mod bus;
pub mod cache;
pub mod component;
pub mod editable_text;
pub mod extras;
pub mod image;
pub mod paths;
pub mod selection;
pub mod text;
pub mod value;

use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock, Weak};

use accesskit::{ActionHandler, ActivationHandler, DeactivationHandler, Rect, TreeUpdate};
use accesskit_atspi_common::{
    ActionHandlerNoMut, ActionHandlerWrapper, Adapter as Translation, AdapterCallback, AppContext, CacheEvent, Event,
    FullNodeId, InterfaceSet, NodeIdOrRoot, ObjectEvent, Property, WindowBounds, next_adapter_id,
};

use bus::Message;
use extras::Extras;

/// The window's tree as a screen reader is served it (see the module's comment).
pub struct Adapter {
    shared: Arc<Shared>,
    messages: Sender<Message>,
}

impl std::fmt::Debug for Adapter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Adapter").finish_non_exhaustive()
    }
}

/// What the frame loop's thread and the bus thread both reach.
pub struct Shared {
    pub(crate) id: usize,
    pub(crate) app: Arc<RwLock<AppContext>>,
    pub(crate) state: Mutex<State>,
    /// What AccessKit's translation drops, per node, as last sent.
    pub(crate) extras: RwLock<Extras>,
    /// The app's handler, shared by the translation's actions and ours.
    pub(crate) actions: Arc<dyn ActionHandlerNoMut + Send + Sync>,
    pub(crate) activation: Mutex<Box<dyn ActivationHandler + Send>>,
    pub(crate) deactivation: Mutex<Box<dyn DeactivationHandler + Send>>,
}

/// Where the adapter is: no screen reader; one, and the tree not yet built; or serving the tree.
pub(crate) enum State {
    Inactive { focused: bool, bounds: WindowBounds },
    Pending { focused: bool, bounds: WindowBounds },
    Active(Box<Translation>),
}

/// A lock whose holder panicked still guards data that is whole: every writer here replaces values whole.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Adapter {
    /// Starts the bus thread (which stays idle without a session bus or while accessibility is off). All the
    /// handlers are called from other threads.
    pub fn new(
        activation: impl 'static + ActivationHandler + Send,
        actions: impl 'static + ActionHandler + Send,
        deactivation: impl 'static + DeactivationHandler + Send,
    ) -> Adapter {
        let name = std::env::current_exe().ok().and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()));
        let shared = Arc::new(Shared {
            id: next_adapter_id(),
            app: AppContext::new(name),
            state: Mutex::new(State::Inactive { focused: false, bounds: WindowBounds::default() }),
            extras: RwLock::new(Extras::default()),
            actions: Arc::new(ActionHandlerWrapper::new(actions)),
            activation: Mutex::new(Box::new(activation)),
            deactivation: Mutex::new(Box::new(deactivation)),
        });
        let messages = bus::start(Arc::clone(&shared));
        Adapter { shared, messages }
    }

    /// Where the window stands on the screen: `outer` with the window manager's frame, `inner` its client area.
    pub fn set_root_window_bounds(&mut self, outer: Rect, inner: Rect) {
        let new = WindowBounds::new(outer, inner);
        match &mut *lock(&self.shared.state) {
            State::Inactive { bounds, .. } | State::Pending { bounds, .. } => *bounds = new,
            State::Active(t) => t.set_root_window_bounds(new),
        }
    }

    /// Calls `update` for the tree only while a screen reader listens, and serves what it returns; the first update
    /// after one arrives must hold the whole tree.
    pub fn update_if_active(&mut self, update: impl FnOnce() -> TreeUpdate) {
        let mut state = lock(&self.shared.state);
        match &mut *state {
            State::Inactive { .. } => {}
            State::Pending { focused, bounds } => {
                *state = self.shared.translating(update(), *focused, *bounds, &self.messages);
            }
            State::Active(translation) => {
                let update = update();
                let events = self.shared.extras_write().take(&update);
                translation.update(update);
                for (node, event) in events {
                    // The bus thread is gone only when its session bus failed; then no one hears events.
                    let _ = self.messages.send(Message::Event { target: paths::Target::Node(node), event });
                }
            }
        }
    }

    /// Whether the window has the keyboard focus (the frame's Active state follows it).
    pub fn update_window_focus_state(&mut self, now: bool) {
        match &mut *lock(&self.shared.state) {
            State::Inactive { focused, .. } | State::Pending { focused, .. } => *focused = now,
            State::Active(t) => t.update_window_focus_state(now),
        }
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        // The bus thread is gone only when its session bus failed; then there is nothing to stop.
        let _ = self.messages.send(Message::Stop);
    }
}

impl Shared {
    pub(crate) fn extras_read(&self) -> std::sync::RwLockReadGuard<'_, Extras> {
        self.extras.read().unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn extras_write(&self) -> std::sync::RwLockWriteGuard<'_, Extras> {
        self.extras.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// The bus is up: the tree is asked for (now, or with the next frame when the app has none to hand).
    pub(crate) fn activate(self: &Arc<Self>, messages: &Sender<Message>) {
        let mut state = lock(&self.state);
        let State::Inactive { focused, bounds } = *state else { return };
        *state = match lock(&self.activation).request_initial_tree() {
            Some(update) => self.translating(update, focused, bounds, messages),
            None => State::Pending { focused, bounds },
        };
    }

    /// Active with the whole tree `update`: the translation made, its extras kept.
    fn translating(
        self: &Arc<Self>,
        update: TreeUpdate,
        focused: bool,
        bounds: WindowBounds,
        messages: &Sender<Message>,
    ) -> State {
        self.extras_write().replace(&update);
        let callback = Callback { shared: Arc::downgrade(self), messages: messages.clone() };
        let actions = Arc::clone(&self.actions);
        let t =
            Translation::with_wrapped_action_handler(self.id, &self.app, callback, update, focused, bounds, actions);
        self.extras_write().root_tree(t.root_id());
        State::Active(Box::new(t))
    }

    /// The screen reader went away: the tree is dropped, and the app told.
    pub(crate) fn deactivate(&self) {
        let mut state = lock(&self.state);
        let (focused, bounds) = match &*state {
            State::Inactive { .. } => return,
            State::Pending { focused, bounds } => (*focused, *bounds),
            State::Active(t) => (t.is_window_focused(), t.root_window_bounds()),
        };
        *state = State::Inactive { focused, bounds };
        drop(state);
        lock(&self.deactivation).deactivate_accessibility();
    }
}

/// What the translation tells the bus thread: interfaces to serve or withdraw, and events.
struct Callback {
    /// Weak: the translation, which holds the callback, is itself held by `Shared`.
    shared: Weak<Shared>,
    messages: Sender<Message>,
}

impl AdapterCallback for Callback {
    fn register_interfaces(&self, adapter: &Translation, id: FullNodeId, interfaces: InterfaceSet) {
        let _ = self.messages.send(Message::Register { node: adapter.platform_node(id), interfaces });
    }

    fn unregister_interfaces(&self, _: &Translation, id: FullNodeId, interfaces: InterfaceSet) {
        let _ = self.messages.send(Message::Unregister { node: u128::from(id), interfaces });
    }

    fn emit_event(&self, adapter: &Translation, event: Event) {
        let message = match event {
            Event::Cache(CacheEvent::Added(id)) => Message::Added(adapter.platform_node(id)),
            Event::Cache(CacheEvent::Removed(id)) => {
                if let Some(shared) = self.shared.upgrade() {
                    shared.extras_write().remove(u128::from(id));
                }
                Message::Removed(u128::from(id))
            }
            // A shown password is sent as a text input: the role it changes to is not its role on the bus.
            Event::Object {
                target: NodeIdOrRoot::Node(id),
                event: ObjectEvent::PropertyChanged(Property::Role(_)),
            } if self
                .shared
                .upgrade()
                .is_some_and(|s| s.extras_read().of(u128::from(id)).is_some_and(|e| e.password)) =>
            {
                return;
            }
            Event::Object { target, event } => Message::Event { target: paths::Target::from(target), event },
            Event::Window { target, name, event } => Message::Window { node: u128::from(target), name, event },
            Event::Document { target, event } => Message::Document { node: u128::from(target), event },
        };
        let _ = self.messages.send(message);
    }
}

/// The translation's error as the D-Bus error a client is answered with.
pub(crate) fn refused(e: accesskit_atspi_common::Error) -> zbus::fdo::Error {
    use accesskit_atspi_common::Error;
    match e {
        Error::Defunct | Error::UnsupportedInterface => zbus::fdo::Error::UnknownObject("no such object".into()),
        Error::TooManyChildren => zbus::fdo::Error::Failed("too many children".into()),
        Error::IndexOutOfRange => zbus::fdo::Error::Failed("the index is out of range".into()),
        Error::TooManyCharacters => zbus::fdo::Error::Failed("too many characters".into()),
        Error::UnsupportedTextGranularity => zbus::fdo::Error::Failed("that text granularity is not supported".into()),
    }
}

/// A child's index as the translation takes it: a negative one is the client's mistake.
pub(crate) fn index(i: i32) -> zbus::fdo::Result<usize> {
    usize::try_from(i).map_err(|_| zbus::fdo::Error::InvalidArgs("an index cannot be negative".into()))
}
