//! The bus thread: it follows the session's accessibility switch (`org.a11y.Status.IsEnabled`), joins the
//! accessibility bus at the address `org.a11y.Bus.GetAddress` gives, embeds the application in the registry's
//! desktop (`org.a11y.atspi.Socket.Embed`), serves each node's interfaces at its path, and sends the events the
//! translation and [`super::extras`] raise. zbus answers calls on its own executor thread; this one only carries out
//! messages in order, so a frame never waits on the bus.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, OnceLock};

use accesskit_atspi_common::{
    DocumentEvent, InterfaceSet, ObjectEvent, PlatformNode, PlatformRoot, Property, WindowEvent,
};
use atspi_common::events::EventBodyBorrowed;
use atspi_common::{Interface, ObjectRefOwned};
use futures_lite::StreamExt;
use futures_lite::future::block_on;
use zbus::Connection;
use zbus::connection::Builder;
use zbus::zvariant::{Str, Value};

use super::Shared;
use super::paths::{CACHE, ROOT, Target};
use super::{accessible, action, application, cache, component, editable_text, image, selection, text, value};

/// What the bus thread is asked to do, in order.
pub enum Message {
    /// Accessibility was switched on or off for the session.
    Enabled(bool),
    Register {
        node: PlatformNode,
        interfaces: InterfaceSet,
    },
    Unregister {
        node: u128,
        interfaces: InterfaceSet,
    },
    Added(PlatformNode),
    Removed(u128),
    Event {
        target: Target,
        event: ObjectEvent,
    },
    Window {
        node: u128,
        name: String,
        event: WindowEvent,
    },
    Document {
        node: u128,
        event: DocumentEvent,
    },
    /// The adapter is gone.
    Stop,
}

/// Starts the bus thread for `shared`; the sender is how the adapter and the translation reach it.
pub fn start(shared: Arc<Shared>) -> Sender<Message> {
    let (send, messages) = channel();
    let me = send.clone();
    let spawned = std::thread::Builder::new().name("goldberry-atspi".into()).spawn(move || {
        if let Err(e) = block_on(run(&shared, messages, me)) {
            tracing::info!("goldberry: the screen reader's bus: {e}");
        }
    });
    if let Err(e) = spawned {
        tracing::info!("goldberry: the screen reader's bus thread did not start: {e}");
    }
    send
}

/// Carries out messages until the adapter is gone (or the session bus fails); `me` sends to this thread.
async fn run(shared: &Arc<Shared>, messages: Receiver<Message>, me: Sender<Message>) -> zbus::Result<()> {
    let session = Builder::session()?.build().await?;
    let switch = zbus::Proxy::new(&session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Status").await?;
    let mut changes = switch.receive_property_changed::<bool>("IsEnabled").await;
    // The switch as it stands comes first, as a message like its changes.
    let enabled = switch.get_property::<bool>("IsEnabled").await.unwrap_or(false);
    // The receiver is this thread's own loop below, so the send cannot fail.
    let _ = me.send(Message::Enabled(enabled));
    let status = me.clone();
    let watcher = std::thread::Builder::new().name("goldberry-atspi-status".into()).spawn(move || {
        block_on(async {
            while let Some(change) = changes.next().await {
                let Ok(now) = change.get().await else { continue };
                if status.send(Message::Enabled(now)).is_err() {
                    break;
                }
            }
        })
    });
    if let Err(e) = watcher {
        tracing::info!("goldberry: the screen reader's switch is not followed: {e}");
    }
    let mut bus: Option<Bus> = None;
    for message in messages {
        match message {
            Message::Stop => break,
            Message::Enabled(true) if bus.is_none() => match Bus::join(&session, shared).await {
                Ok(joined) => {
                    bus = Some(joined);
                    shared.activate(&me);
                }
                Err(e) => tracing::info!("goldberry: AT-SPI: the accessibility bus: {e}"),
            },
            Message::Enabled(true) => {}
            Message::Enabled(false) => {
                bus = None;
                shared.deactivate();
            }
            other => {
                if let Some(bus) = &bus {
                    // A client gone mid-call, or an object already withdrawn, costs only that message.
                    if let Err(e) = bus.carry_out(other).await {
                        tracing::debug!("goldberry: AT-SPI: {e}");
                    }
                }
            }
        }
    }
    Ok(())
}

/// Our connection to the accessibility bus, with the application embedded in the desktop.
struct Bus {
    conn: Connection,
    shared: Arc<Shared>,
}

impl Bus {
    /// Joins the accessibility bus, serves the application's root and the cache, and embeds the root in the
    /// registry's desktop.
    async fn join(session: &Connection, shared: &Arc<Shared>) -> zbus::Result<Bus> {
        let address = match std::env::var("AT_SPI_BUS_ADDRESS") {
            Ok(a) if !a.is_empty() => a,
            _ => {
                let reply = session
                    .call_method(Some("org.a11y.Bus"), "/org/a11y/bus", Some("org.a11y.Bus"), "GetAddress", &())
                    .await?;
                reply.body().deserialize::<String>()?
            }
        };
        let conn = Builder::address(address.as_str())?.build().await?;
        let name: zbus::names::UniqueName<'static> = conn
            .unique_name()
            .map(|n| n.inner().to_owned())
            .ok_or_else(|| zbus::Error::Failure("the accessibility bus gave no name".into()))?;
        let root = PlatformRoot::new(&shared.app);
        let desktop = Arc::new(OnceLock::new());
        let server = conn.object_server();
        server.at(ROOT, application::Application(root.clone())).await?;
        server
            .at(ROOT, accessible::Root { bus: name.clone(), root: root.clone(), desktop: Arc::clone(&desktop) })
            .await?;
        server
            .at(
                CACHE,
                cache::Cache { bus: name.clone(), root, desktop: Arc::clone(&desktop), shared: Arc::clone(shared) },
            )
            .await?;
        let plug = (name.as_str(), zbus::zvariant::ObjectPath::from_static_str_unchecked(ROOT));
        let reply = conn
            .call_method(Some("org.a11y.atspi.Registry"), ROOT, Some("org.a11y.atspi.Socket"), "Embed", &(plug,))
            .await?;
        let _ = desktop.set(reply.body().deserialize::<ObjectRefOwned>()?);
        Ok(Bus { conn, shared: Arc::clone(shared) })
    }

    fn name(&self) -> zbus::names::UniqueName<'static> {
        // Set once the connection is built, and the connection is built before a Bus exists.
        self.conn
            .unique_name()
            .map(|n| n.inner().to_owned())
            .unwrap_or_else(|| zbus::names::UniqueName::from_static_str_unchecked(":0.0"))
    }

    async fn carry_out(&self, message: Message) -> zbus::Result<()> {
        match message {
            Message::Register { node, interfaces } => self.register(node, interfaces).await,
            Message::Unregister { node, interfaces } => self.unregister(node, interfaces).await,
            Message::Added(node) => {
                let Ok(item) = cache::item_of(&self.name(), &node, &self.shared) else { return Ok(()) };
                self.conn.emit_signal(None::<&str>, CACHE, "org.a11y.atspi.Cache", "AddAccessible", &(item,)).await
            }
            Message::Removed(node) => {
                let gone = Target::Node(node).at(&self.name());
                self.conn.emit_signal(None::<&str>, CACHE, "org.a11y.atspi.Cache", "RemoveAccessible", &(gone,)).await
            }
            Message::Event { target, event } => self.object_event(target, event).await,
            Message::Window { node, name, event } => {
                let signal = match event {
                    WindowEvent::Activated => "Activate",
                    WindowEvent::Deactivated => "Deactivate",
                };
                self.emit(Target::Node(node), "org.a11y.atspi.Event.Window", signal, body("", 0, 0, name.into())).await
            }
            Message::Document { node, event } => {
                let signal = match event {
                    DocumentEvent::LoadComplete => "LoadComplete",
                };
                self.emit(
                    Target::Node(node),
                    "org.a11y.atspi.Event.Document",
                    signal,
                    body("", 0, 0, Value::from(0u32)),
                )
                .await
            }
            Message::Enabled(_) | Message::Stop => Ok(()),
        }
    }

    /// Serves `node`'s interfaces at its path. Every node gets the Action interface, as GTK gives every widget one
    /// (an empty list where it has nothing to do); a node the translation gives no Component (one without bounds)
    /// gets none.
    async fn register(&self, node: PlatformNode, interfaces: InterfaceSet) -> zbus::Result<()> {
        let path = Target::Node(u128::from(node.id())).path();
        let name = self.name();
        let s = self.conn.object_server();
        let has = |i| interfaces.contains(i);
        if has(Interface::Accessible) {
            let shared = Arc::clone(&self.shared);
            s.at(&path, accessible::Node { bus: name.clone(), node: node.clone(), shared }).await?;
            s.at(&path, action::Action { node: node.clone(), shared: Arc::clone(&self.shared) }).await?;
        }
        if has(Interface::Component) {
            s.at(&path, component::Component { bus: name.clone(), node: node.clone() }).await?;
        }
        if has(Interface::EditableText) {
            s.at(&path, editable_text::EditableText(node.clone())).await?;
        }
        if has(Interface::Image) {
            s.at(&path, image::Image(node.clone())).await?;
        }
        if has(Interface::Selection) {
            s.at(&path, selection::Selection { bus: name.clone(), node: node.clone() }).await?;
        }
        if has(Interface::Text) {
            s.at(&path, text::Text(node.clone())).await?;
        }
        if has(Interface::Value) {
            s.at(&path, value::Value(node.clone())).await?;
        }
        Ok(())
    }

    /// Withdraws the interfaces `node` no longer has (all of them when it left the tree).
    async fn unregister(&self, node: u128, interfaces: InterfaceSet) -> zbus::Result<()> {
        let path = Target::Node(node).path();
        let s = self.conn.object_server();
        let has = |i| interfaces.contains(i);
        if has(Interface::Accessible) {
            s.remove::<accessible::Node, _>(&path).await?;
            s.remove::<action::Action, _>(&path).await?;
        }
        if has(Interface::Component) {
            s.remove::<component::Component, _>(&path).await?;
        }
        if has(Interface::EditableText) {
            s.remove::<editable_text::EditableText, _>(&path).await?;
        }
        if has(Interface::Image) {
            s.remove::<image::Image, _>(&path).await?;
        }
        if has(Interface::Selection) {
            s.remove::<selection::Selection, _>(&path).await?;
        }
        if has(Interface::Text) {
            s.remove::<text::Text, _>(&path).await?;
        }
        if has(Interface::Value) {
            s.remove::<value::Value, _>(&path).await?;
        }
        Ok(())
    }

    /// An `org.a11y.atspi.Event.Object` signal: its member and body as AT-SPI lays them out for each event.
    async fn object_event(&self, target: Target, event: ObjectEvent) -> zbus::Result<()> {
        let bus = self.name();
        let node = |id: accesskit_atspi_common::FullNodeId| Value::from(Target::Node(u128::from(id)).at(&bus));
        let none = || Value::from(0u32);
        let (signal, body) = match event {
            ObjectEvent::ActiveDescendantChanged(child) => ("ActiveDescendantChanged", body("", 0, 0, node(child))),
            ObjectEvent::Announcement(message, politeness) => {
                ("Announcement", body("", politeness as i32, 0, message.into()))
            }
            ObjectEvent::BoundsChanged(bounds) => ("BoundsChanged", body("", 0, 0, bounds.into())),
            ObjectEvent::CaretMoved(offset) => ("TextCaretMoved", body("", offset, 0, none())),
            ObjectEvent::ChildAdded(index, child) => ("ChildrenChanged", body("add", index as i32, 0, node(child))),
            ObjectEvent::ChildRemoved(child) => ("ChildrenChanged", body("remove", -1, 0, node(child))),
            ObjectEvent::PropertyChanged(property) => {
                let (kind, any_data) = match property {
                    Property::Name(v) => ("accessible-name", Value::from(Str::from(v))),
                    Property::Description(v) => ("accessible-description", Value::from(Str::from(v))),
                    Property::Parent(p) => ("accessible-parent", Value::from(Target::from(p).at(&bus))),
                    Property::Role(r) => ("accessible-role", Value::U32(r as u32)),
                    Property::Value(v) => ("accessible-value", Value::F64(v)),
                };
                ("PropertyChange", body(kind, 0, 0, any_data))
            }
            ObjectEvent::SelectionChanged => ("SelectionChanged", body("", 0, 0, none())),
            ObjectEvent::StateChanged(state, on) => {
                ("StateChanged", body(state.to_static_str(), i32::from(on), 0, none()))
            }
            ObjectEvent::TextInserted { start_index, length, content } => {
                ("TextChanged", body("insert", start_index, length, content.into()))
            }
            ObjectEvent::TextRemoved { start_index, length, content } => {
                ("TextChanged", body("delete", start_index, length, content.into()))
            }
            ObjectEvent::TextSelectionChanged => ("TextSelectionChanged", body("", 0, 0, none())),
        };
        self.emit(target, "org.a11y.atspi.Event.Object", signal, body).await
    }

    async fn emit(
        &self,
        target: Target,
        interface: &str,
        signal: &str,
        body: EventBodyBorrowed<'_>,
    ) -> zbus::Result<()> {
        self.conn.emit_signal(None::<&str>, target.path(), interface, signal, &body).await
    }
}

/// An event's body: its kind (the event's third part, as "insert" in "object:text-changed:insert"), its two
/// numbers and its datum. (atspi_common's body has a private field, so it is filled in place.)
fn body<'a>(kind: &'a str, detail1: i32, detail2: i32, any_data: Value<'a>) -> EventBodyBorrowed<'a> {
    let mut b = EventBodyBorrowed::default();
    b.kind = kind;
    b.detail1 = detail1;
    b.detail2 = detail2;
    b.any_data = any_data;
    b
}
