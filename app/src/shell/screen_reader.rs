//! The accessibility tree on the desktop: goldberry's AT-SPI layer ([`crate::shell::atspi`]) carries it to
//! assistive technology over D-Bus. Nothing is built while no screen reader listens (the adapter stays inactive and
//! never calls back for a tree); once one does, each frame sends the nodes that changed. A screen reader's action
//! (press, focus, expand or collapse, increment, set a value, a field's caret or selection, a text's copy, cut,
//! paste, select-all, delete or context menu, a password's peek) arrives on the bus
//! thread and is queued; the loop turns it into real SDL events at the widget, as a script's named line does, so it
//! takes the path a person's input takes. The adapter is told where the window stands on the screen whenever it
//! moves, so a screen reader's coordinates are the screen's.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

use accesskit::{
    Action, ActionData, ActionHandler, ActionRequest, ActivationHandler, DeactivationHandler, Rect, TextPosition,
    TextSelection, TreeUpdate,
};
use goldberry_natives::sdl::{Event, Key, Modifiers, MouseButton, Video, Window};

use crate::access::KitTree;
use crate::access::editing::Editing;
use crate::access::kit::id_of;
use crate::session::Session;
use crate::shell::atspi::Adapter;
use crate::shell::cli::RunError;
use crate::shell::script::Verb;
use crate::shell::script::named::{self, Keys};
use crate::widgets::{Node, Role};

/// The adapter, what it was last told, and the actions asked of it.
pub struct ScreenReader {
    adapter: Adapter,
    tree: KitTree,
    requests: Receiver<ActionRequest>,
    /// Set when the screen reader went away: the next one is sent the whole tree.
    gone: Arc<AtomicBool>,
    keys: Keys,
    /// The keys a text's editing actions press.
    editing: EditKeys,
    /// The arrows that open and shut a tree's row (Right and Left, swapped when mirrored).
    arrows: (Key, Key),
    /// Where the window stood on the screen when the adapter was last told: its client area and its frame.
    placed: Option<(Rect, Rect)>,
    /// Requests carried out in the frame after: one whose widget was out of view (scrolled to first), and an edit
    /// behind other requests' events (its Tabs count from where they leave the focus).
    scrolled: Vec<ActionRequest>,
}

impl std::fmt::Debug for ScreenReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScreenReader").finish_non_exhaustive()
    }
}

/// Hands the adapter no tree of its own: the loop sends the whole tree with the next frame after activation.
struct Activation;

impl ActivationHandler for Activation {
    fn request_initial_tree(&mut self) -> Option<TreeUpdate> {
        None
    }
}

/// Queues a screen reader's action for the loop.
struct Actions(Sender<ActionRequest>);

impl ActionHandler for Actions {
    fn do_action(&mut self, request: ActionRequest) {
        // The loop is gone only when the window closes; an action then has nothing left to act on.
        let _ = self.0.send(request);
    }
}

/// Marks the tree to be sent whole to the next screen reader.
struct Deactivation(Arc<AtomicBool>);

impl DeactivationHandler for Deactivation {
    fn deactivate_accessibility(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

impl ScreenReader {
    /// Registers the window with AT-SPI (in the background: without a session bus it stays inactive).
    pub fn new(video: &Video) -> Option<ScreenReader> {
        let keys = Keys::resolve(video)?;
        let arrows = (video.key_from_name("Right")?, video.key_from_name("Left")?);
        let editing = EditKeys::resolve(video)?;
        let (send, requests) = channel();
        let gone = Arc::new(AtomicBool::new(false));
        let adapter = Adapter::new(Activation, Actions(send), Deactivation(Arc::clone(&gone)));
        Some(ScreenReader {
            adapter,
            tree: KitTree::default(),
            requests,
            gone,
            keys,
            editing,
            arrows,
            placed: None,
            scrolled: Vec::new(),
        })
    }

    /// After a frame: where the window stands, then what changed, sent if a screen reader listens (the tree is not
    /// built otherwise).
    pub fn frame(&mut self, session: &Session, scale: f32, window: &Window<'_>) {
        if self.gone.swap(false, Ordering::AcqRel) {
            self.tree = KitTree::default();
        }
        let size = window.size_in_pixels();
        let placed = placed(window.position(), size, window.borders());
        if self.placed != Some(placed) {
            self.placed = Some(placed);
            self.adapter.set_root_window_bounds(placed.1, placed.0);
        }
        let tree = &mut self.tree;
        self.adapter.update_if_active(|| {
            let nodes = crate::access::nodes(session);
            tree.update(session.screen().title(), &nodes, scale, size).unwrap_or_else(|| tree.unchanged())
        });
    }

    /// Whether the window has the keyboard focus (a screen reader follows the focused window).
    pub fn window_focused(&mut self, focused: bool) {
        self.adapter.update_window_focus_state(focused);
    }

    /// The actions a screen reader asked since the last frame, pushed as SDL events.
    pub fn act(&mut self, session: &Session, video: &Video, per_logical: f32) -> Result<(), RunError> {
        // The requests of one frame act on the same tree: the events they push are handled after them.
        let mut nodes = None;
        let again = std::mem::take(&mut self.scrolled);
        let fresh = std::iter::from_fn(|| self.requests.try_recv().ok()).map(|r| (r, false));
        let requests: Vec<(ActionRequest, bool)> = again.into_iter().map(|r| (r, true)).chain(fresh).collect();
        // Whether this frame's requests pushed events yet: an edit's Tabs count from where the focus is, which the
        // events before it may move, so it waits for the frame after them.
        let mut pushed = false;
        for (request, again) in requests {
            if pushed && self.editing_of(&request).is_some() {
                self.scrolled.push(request);
                continue;
            }
            let nodes = nodes.get_or_insert_with(|| crate::access::nodes(session));
            let Some(node) = nodes.iter().find(|n| id_of(n) == request.target_node) else { continue };
            if let (Action::SetTextSelection, Some(ActionData::SetTextSelection(selection))) =
                (request.action, &request.data)
            {
                match selecting(&self.tree, node, selection, per_logical) {
                    Ok(events) => {
                        for event in events {
                            video.push_event(event).map_err(RunError::sdl("a screen reader's selection"))?;
                            pushed = true;
                        }
                    }
                    // As a person's pointer could not, a place out of view is not selected.
                    Err(why) => {
                        tracing::info!("goldberry: the screen reader: no selection in {:?}: {why}", node.access.name)
                    }
                }
                continue;
            }
            if let Some(doing) = self.editing_of(&request) {
                let events = match doing {
                    Ok(edit) => self.edit(edit, node, session, per_logical),
                    Err(()) => menu(node, per_logical),
                };
                match events {
                    Ok(events) => {
                        for event in events {
                            video.push_event(event).map_err(RunError::sdl("a screen reader's edit"))?;
                            pushed = true;
                        }
                    }
                    // As a person's would, a text out of reach or with nothing to act on is left alone.
                    Err(why) => tracing::info!("goldberry: the screen reader: {why}"),
                }
                continue;
            }
            // A node opens or shuts as a person's press does: an accordion's header or a combo box by a click, a
            // tree's row by a click that selects it and the arrow that opens or shuts the row selected. A node
            // already as asked is left alone.
            let opening = match request.action {
                Action::Expand => Some(true),
                Action::Collapse => Some(false),
                _ => None,
            };
            let mut then = None;
            if let Some(open) = opening {
                let (now_open, now_shut) = (node.access.has("expanded"), node.access.has("collapsed"));
                if (open && !now_shut) || (!open && !now_open) {
                    continue;
                }
                if node.access.role == Role::TreeItem {
                    let (right, left) = self.arrows;
                    let (opens, shuts) = if session.mirrored() { (left, right) } else { (right, left) };
                    then = Some(if open { opens } else { shuts });
                }
            }
            let step = |by: f64| {
                node.access.range.map(|r| Verb::Set(format!("{}", (r.value + by * r.step).clamp(r.min, r.max))))
            };
            let verb = match (request.action, &request.data) {
                (Action::Click | Action::Expand | Action::Collapse, _) => Some(Verb::Click),
                (Action::Focus, _) => Some(Verb::Focus),
                (Action::Increment, _) => step(1.0),
                (Action::Decrement, _) => step(-1.0),
                (Action::SetValue, Some(ActionData::Value(v))) => Some(Verb::Set(v.to_string())),
                (Action::SetValue, Some(ActionData::NumericValue(v))) => Some(Verb::Set(format!("{v}"))),
                _ => None,
            };
            let Some(verb) = verb else { continue };
            // A request the frame cannot carry out (a widget gone, or still out of view once scrolled to) is dropped,
            // as a person's would be.
            match named::act(&verb, node, session, self.keys, per_logical, "goldberry: the screen reader", again) {
                Ok(played) => {
                    if played.again {
                        self.scrolled.push(request.clone());
                    }
                    let arrow = then.filter(|_| !played.again && !played.events.is_empty());
                    let pressed = arrow.into_iter().flat_map(|key| {
                        let modifiers = Modifiers::NONE;
                        [
                            Event::KeyDown { key, modifiers, repeat: false },
                            Event::KeyUp { key, modifiers, repeat: false },
                        ]
                    });
                    for event in played.events.into_iter().chain(pressed) {
                        video.push_event(event).map_err(RunError::sdl("a screen reader's action"))?;
                        pushed = true;
                    }
                }
                Err(e) => tracing::info!("{e}"),
            }
        }
        Ok(())
    }
}

/// The keys of a text's editing actions.
#[derive(Clone, Copy)]
struct EditKeys {
    c: Key,
    x: Key,
    v: Key,
    a: Key,
    delete: Key,
}

impl EditKeys {
    fn resolve(video: &Video) -> Option<EditKeys> {
        let key = |name| video.key_from_name(name);
        Some(EditKeys { c: key("C")?, x: key("X")?, v: key("V")?, a: key("A")?, delete: key("Delete")? })
    }
}

impl ScreenReader {
    /// A text's editing action `request` asks for (Err for its context menu); None for any other request.
    fn editing_of(&self, request: &ActionRequest) -> Option<Result<Editing, ()>> {
        match (request.action, &request.data) {
            (Action::ShowContextMenu, _) => Some(Err(())),
            (Action::CustomAction, Some(ActionData::CustomAction(id))) => Editing::of_id(*id).map(Ok),
            _ => None,
        }
    }

    /// The events a person makes to do `edit` to the text of `node`: the Tabs that bring the keyboard to it, then
    /// its key (Ctrl+C, X, V, A; Delete only with something selected, as a lone Delete takes a character); a click
    /// on a password's eye. Or why it cannot be done.
    fn edit(&self, edit: Editing, node: &Node, session: &Session, per_logical: f32) -> Result<Vec<Event>, String> {
        let said = || format!("{} {:?}", node.access.role.as_str(), node.access.name);
        if !Editing::offered(&node.access).contains(&edit) {
            return Err(format!("{} does not {}", said(), edit.name()));
        }
        let k = self.editing;
        let (key, modifiers) = match edit {
            Editing::Peek => {
                let eye = session.regions().iter().find(|r| r.target.id == node.widget && r.target.part == 1);
                let eye = eye.map(|r| r.rect).filter(|r| r.w > 0.0 && r.h > 0.0);
                let eye = eye.ok_or_else(|| format!("the eye of {} is not in view", said()))?;
                let (x, y) = ((eye.x + eye.w / 2.0) * per_logical, (eye.y + eye.h / 2.0) * per_logical);
                return Ok(clicked(MouseButton::LEFT, x.round() as i32, y.round() as i32));
            }
            Editing::Delete if node.access.selection.is_none_or(|(anchor, caret)| anchor == caret) => {
                return Err(format!("{} has nothing selected to delete", said()));
            }
            Editing::Delete => (k.delete, Modifiers::NONE),
            Editing::Copy => (k.c, Modifiers::LCTRL),
            Editing::Cut => (k.x, Modifiers::LCTRL),
            Editing::Paste => (k.v, Modifiers::LCTRL),
            Editing::SelectAll => (k.a, Modifiers::LCTRL),
        };
        let at = "goldberry: the screen reader";
        let mut events = named::act(&Verb::Focus, node, session, self.keys, per_logical, at, false)
            .map_err(|e| e.to_string())?
            .events;
        events.push(Event::KeyDown { key, modifiers, repeat: false });
        events.push(Event::KeyUp { key, modifiers, repeat: false });
        Ok(events)
    }
}

/// A right click in the middle of `node`, where a person opens its context menu.
fn menu(node: &Node, per_logical: f32) -> Result<Vec<Event>, String> {
    if !node.access.context_menu {
        return Err(format!("{} {:?} has no context menu", node.access.role.as_str(), node.access.name));
    }
    let (x, y) = node.centre();
    Ok(clicked(MouseButton::RIGHT, (x * per_logical).round() as i32, (y * per_logical).round() as i32))
}

/// The pointer moved to (x, y) and `button` pressed and released there.
fn clicked(button: MouseButton, x: i32, y: i32) -> Vec<Event> {
    vec![
        Event::MouseMotion { x, y },
        Event::MouseButtonDown { button, x, y, clicks: 1 },
        Event::MouseButtonUp { button, x, y, clicks: 1 },
    ]
}

/// The pointer's press at `selection`'s anchor and its release at its focus in the text of `node` (a field's line,
/// or an area's rows), as a person drags a selection (a click, where the two are one place, puts the caret there);
/// or why it cannot be done: a text whose characters are not placed (an area not laid out since its text changed),
/// or a place outside its box (scrolled out of view).
fn selecting(
    tree: &KitTree,
    node: &Node,
    selection: &TextSelection,
    per_logical: f32,
) -> Result<Vec<Event>, &'static str> {
    let b = node.bounds;
    // A field's characters stand on its one line; an area's row by row, as its tree was last sent.
    let point = |at: &TextPosition| -> Result<(i32, i32), &'static str> {
        let (x, y) = match node.access.placed.as_ref() {
            Some(placed) => {
                tree.line_of_run(id_of(node), at.node).ok_or("the place is not in its text")?;
                placed.caret_point(at.character_index).ok_or("it has no characters placed")?
            }
            None => tree
                .area_caret(id_of(node), at.node, at.character_index)
                .ok_or("its characters' places are not known")?,
        };
        if !(b.x..=b.x + b.w).contains(&x) || !(b.y..=b.y + b.h).contains(&y) {
            return Err("the place is scrolled out of view");
        }
        Ok(((x * per_logical).round() as i32, (y * per_logical).round() as i32))
    };
    let ((ax, ay), (fx, fy)) = (point(&selection.anchor)?, point(&selection.focus)?);
    let button = MouseButton::LEFT;
    let mut events =
        vec![Event::MouseMotion { x: ax, y: ay }, Event::MouseButtonDown { button, x: ax, y: ay, clicks: 1 }];
    if (ax, ay) != (fx, fy) {
        events.push(Event::MouseMotion { x: fx, y: fy });
    }
    events.push(Event::MouseButtonUp { button, x: fx, y: fy, clicks: 1 });
    Ok(events)
}

/// The window's client area at `at` (its top left, screen coordinates) `size` pixels, and its frame around it with
/// the window manager's `borders` (top, left, bottom, right; the client area where they are not known).
fn placed(at: (i32, i32), size: (u32, u32), borders: Option<(i32, i32, i32, i32)>) -> (Rect, Rect) {
    let (x, y) = (f64::from(at.0), f64::from(at.1));
    let inner = Rect { x0: x, y0: y, x1: x + f64::from(size.0), y1: y + f64::from(size.1) };
    let (top, left, bottom, right) = borders.unwrap_or_default();
    let outer = Rect {
        x0: inner.x0 - f64::from(left),
        y0: inner.y0 - f64::from(top),
        x1: inner.x1 + f64::from(right),
        y1: inner.y1 + f64::from(bottom),
    };
    (inner, outer)
}
