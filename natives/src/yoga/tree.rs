//! [`LayoutTree`]: every Yoga node of one layout, owned by one value that frees them all in `Drop`.

use std::cell::Cell;
use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};

use goldberry_calls::yoga::config::YGConfigNew;
use goldberry_calls::yoga::node::{YGNodeCalculateLayout, YGNodeNewWithConfig};
use goldberry_calls::yoga::types::{YGConfigRef, YGNodeRef};

use super::YogaCalls;
use super::measure::{LayoutPass, MeasureInput, MeasureState, measure_trampoline};
use super::style::{Direction, Side};
use crate::{Goldberry, NativeError};

/// Gives every tree its own tag, so a [`NodeId`] from another tree is recognised instead of aliasing a node.
static NEXT_TREE: AtomicU32 = AtomicU32::new(1);

/// One node of a [`LayoutTree`]: an index into that tree, tagged with the tree it came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NodeId {
    tree: u32,
    index: u32,
}

impl NodeId {
    /// The node's position in its tree, in creation order (0 for the first node created).
    pub fn index(self) -> usize {
        self.index as usize
    }
}

/// A box: position and size in points.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// The four resolved sides of a computed margin, padding or border.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Insets {
    /// Left side.
    pub left: f32,
    /// Top side.
    pub top: f32,
    /// Right side.
    pub right: f32,
    /// Bottom side.
    pub bottom: f32,
}

pub(super) struct Slot {
    pub(super) node: YGNodeRef,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    /// The node's measure closure (also its context pointer), or null.
    measure: *mut MeasureState,
}

/// A tree of Yoga nodes sharing one Yoga config (point scale factor 1.0, Yoga's own defaults: column
/// direction, `flex-shrink: 0`), owned as a whole: every node lives until the tree is dropped.
///
/// Style setters take a [`NodeId`] and return nothing; a misuse they cannot act on (a node of another tree,
/// a measure function on a node that has children) is remembered and returned by the next
/// [`calculate`](LayoutTree::calculate). Reading a node of another tree gives a zero box.
///
/// A tree may move to another thread (it is `Send`, so its measure closures must be); it is used from one
/// thread at a time.
pub struct LayoutTree {
    pub(super) calls: &'static YogaCalls,
    id: u32,
    config: YGConfigRef,
    nodes: Vec<Slot>,
    /// The indices of the nodes that have a measure function, the only ones `calculate` checks afterwards.
    measured: Vec<u32>,
    misuse: Option<String>,
    /// Calls into Yoga made through this tree so far (see [`LayoutTree::yoga_calls`]).
    calls_made: Cell<u64>,
}

// SAFETY: the tree owns its config, its nodes and their measure states outright (no node is shared with another
// tree, nothing outside holds their pointers), the measure closures are `Send`, and Yoga keeps no per-thread state
// for a tree (its generation counter is atomic; the trampoline's context is set per pass on the calling thread).
// Not `Sync`: Yoga's calls on one tree must not overlap, and `&LayoutTree` reads layouts.
unsafe impl Send for LayoutTree {}

/// A getter of one computed side set (margin, padding, border) as [`Insets`].
macro_rules! insets_getter {
    ($(#[$doc:meta])* $name:ident => $holder:ident) => {
        $(#[$doc])*
        pub fn $name(&self, n: NodeId) -> Insets {
            let Some(slot) = self.slot(n) else { return Insets::default() };
            self.count(4);
            // SAFETY: `slot.node` is a live node this tree owns; a `Side` is a single physical edge, which is
            // all the layout getters accept.
            let side = |side: Side| unsafe { self.calls.layout.$holder.call(slot.node, side.raw()) };
            Insets { left: side(Side::Left), top: side(Side::Top), right: side(Side::Right), bottom: side(Side::Bottom) }
        }
    };
}

impl LayoutTree {
    /// A new, empty tree with its own Yoga config (point scale factor 1.0: boxes are rounded to whole points).
    pub fn new(g: &'static Goldberry) -> Result<LayoutTree, NativeError> {
        let calls = &g.yoga;
        // SAFETY: takes nothing; returns a new config or null.
        let config = unsafe { calls.config.YGConfigNew.call() };
        if config.is_null() {
            return Err(NativeError::Null {
                function: YGConfigNew::SYMBOL,
                context: "the layout tree's config".into(),
            });
        }
        // SAFETY: `config` is the live config just created; 1.0 is a valid (non-negative) scale.
        unsafe { calls.config.YGConfigSetPointScaleFactor.call(config, 1.0) };
        let id = NEXT_TREE.fetch_add(1, Ordering::Relaxed);
        Ok(LayoutTree {
            calls,
            id,
            config,
            nodes: Vec::new(),
            measured: Vec::new(),
            misuse: None,
            calls_made: Cell::new(2),
        })
    }

    /// Sets how many physical pixels a point has, to which Yoga rounds every box (0 disables rounding).
    pub fn set_point_scale_factor(&mut self, pixels_in_point: f32) -> Result<(), NativeError> {
        if !(pixels_in_point.is_finite() && pixels_in_point >= 0.0) {
            return Err(NativeError::InvalidArgument(format!(
                "YGConfigSetPointScaleFactor: the point scale factor must be a finite number >= 0, not {pixels_in_point}"
            )));
        }
        self.count(1);
        // SAFETY: the config is live for the tree's life; the scale is finite and non-negative, as Yoga asserts.
        unsafe { self.calls.config.YGConfigSetPointScaleFactor.call(self.config, pixels_in_point) };
        Ok(())
    }

    /// The number of nodes created in this tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no node was created yet.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Creates a node with no parent and Yoga's default style.
    pub fn add_node(&mut self) -> Result<NodeId, NativeError> {
        let index = u32::try_from(self.nodes.len())
            .map_err(|_| NativeError::InvalidArgument("a layout tree holds at most 2^32 nodes".into()))?;
        self.count(1);
        // SAFETY: the config is live for the tree's life, and outlives every node (freed after them in Drop).
        let node = unsafe { self.calls.node.YGNodeNewWithConfig.call(self.config) };
        if node.is_null() {
            return Err(NativeError::Null { function: YGNodeNewWithConfig::SYMBOL, context: "a layout node".into() });
        }
        self.nodes.push(Slot { node, parent: None, children: Vec::new(), measure: std::ptr::null_mut() });
        Ok(NodeId { tree: self.id, index })
    }

    /// Appends `child` to `parent`'s children. Refused when `child` already has a parent, when `parent` has a
    /// measure function, or when it would make a cycle.
    pub fn add_child(&mut self, parent: NodeId, child: NodeId) -> Result<(), NativeError> {
        let (Some(owner), Some(slot)) = (self.slot(parent), self.slot(child)) else {
            return Err(self.foreign("add_child", if self.slot(parent).is_none() { parent } else { child }));
        };
        if let Some(current) = slot.parent {
            return Err(NativeError::InvalidArgument(format!(
                "YGNodeInsertChild: node {} is already a child of node {}; remove it first",
                child.index, current.index
            )));
        }
        if !owner.measure.is_null() {
            return Err(NativeError::InvalidArgument(format!(
                "YGNodeInsertChild: node {} has a measure function, so it cannot have children",
                parent.index
            )));
        }
        let mut ancestor = Some(parent);
        while let Some(up) = ancestor {
            if up == child {
                return Err(NativeError::InvalidArgument(format!(
                    "YGNodeInsertChild: node {} is node {}'s ancestor (or the node itself): a cycle",
                    child.index, parent.index
                )));
            }
            ancestor = self.slot(up).and_then(|s| s.parent);
        }
        let (owner_node, child_node, index) = (owner.node, slot.node, owner.children.len());
        self.count(1);
        // SAFETY: both nodes are live and owned by this tree; the child has no owner, the parent no measure
        // function, the insertion makes no cycle, and `index` is the parent's child count (an append): every
        // precondition Yoga asserts.
        unsafe { self.calls.node.YGNodeInsertChild.call(owner_node, child_node, index) };
        self.nodes[parent.index()].children.push(child);
        self.nodes[child.index()].parent = Some(parent);
        Ok(())
    }

    /// Detaches `child` from `parent`; it stays in the tree as a root of its own.
    pub fn remove_child(&mut self, parent: NodeId, child: NodeId) -> Result<(), NativeError> {
        let (Some(owner), Some(slot)) = (self.slot(parent), self.slot(child)) else {
            return Err(self.foreign("remove_child", if self.slot(parent).is_none() { parent } else { child }));
        };
        if slot.parent != Some(parent) {
            return Err(NativeError::InvalidArgument(format!(
                "YGNodeRemoveChild: node {} is not a child of node {}",
                child.index, parent.index
            )));
        }
        self.count(1);
        // SAFETY: both nodes are live and owned by this tree, and `child` is `parent`'s child.
        unsafe { self.calls.node.YGNodeRemoveChild.call(owner.node, slot.node) };
        self.nodes[parent.index()].children.retain(|c| *c != child);
        self.nodes[child.index()].parent = None;
        Ok(())
    }

    /// `n`'s children, in order (empty for a node of another tree).
    pub fn children(&self, n: NodeId) -> &[NodeId] {
        self.slot(n).map(|s| s.children.as_slice()).unwrap_or(&[])
    }

    /// `n`'s parent, if it has one.
    pub fn parent(&self, n: NodeId) -> Option<NodeId> {
        self.slot(n)?.parent
    }

    /// Makes `n` a leaf that Yoga sizes by calling `measure` (a text box, an image). Replaces any previous
    /// measure function. A panic in `measure` is caught and makes the next `calculate` fail. Refused (reported
    /// by the next `calculate`) when `n` has children.
    pub fn set_measure(&mut self, n: NodeId, measure: impl FnMut(MeasureInput) -> (f32, f32) + Send + 'static) {
        let calls = self.calls;
        let Some(slot) = self.slot(n) else {
            self.record(format!("set_measure: {n:?} is not a node of this layout tree"));
            return;
        };
        if !slot.children.is_empty() {
            self.record(format!(
                "YGNodeSetMeasureFunc: node {} has children, so it cannot have a measure function",
                n.index
            ));
            return;
        }
        let (node, previous) = (slot.node, slot.measure);
        let state = Box::into_raw(Box::new(MeasureState { measure: Box::new(measure), panic: None }));
        self.count(3);
        // SAFETY: `node` is live and has no children (Yoga's precondition for a measure function); its context
        // becomes the state this tree owns until `clear_measure` or `Drop` clears it, and the trampoline
        // matches `YGMeasureFunc` and never unwinds. The node now has a measure function, so marking it dirty
        // (for a changed measurement) is allowed.
        unsafe {
            calls.node.YGNodeSetContext.call(node, state.cast());
            calls.node.YGNodeSetMeasureFunc.call(node, Some(measure_trampoline));
            calls.node.YGNodeMarkDirty.call(node);
        }
        self.nodes[n.index()].measure = state;
        if previous.is_null() {
            self.measured.push(n.index);
        } else {
            // SAFETY: `previous` came from `Box::into_raw` here, and the node's context no longer points at it.
            drop(unsafe { Box::from_raw(previous) });
        }
    }

    /// Removes `n`'s measure function; it becomes an ordinary node again.
    pub fn clear_measure(&mut self, n: NodeId) {
        let Some(slot) = self.slot(n) else { return };
        let (node, state) = (slot.node, slot.measure);
        if state.is_null() {
            return;
        }
        self.count(3);
        // SAFETY: `node` is live and has a measure function (so it may be marked dirty); after these calls Yoga
        // holds no pointer to the state.
        unsafe {
            self.calls.node.YGNodeMarkDirty.call(node);
            self.calls.node.YGNodeSetMeasureFunc.call(node, None);
            self.calls.node.YGNodeSetContext.call(node, std::ptr::null_mut());
        }
        self.nodes[n.index()].measure = std::ptr::null_mut();
        self.measured.retain(|&index| index != n.index);
        // SAFETY: `state` came from `Box::into_raw` in `set_measure`, and nothing points at it any more.
        drop(unsafe { Box::from_raw(state) });
    }

    /// Tells Yoga that what `n`'s measure function returns has changed (its text did), so the next
    /// `calculate` measures it again. A node without a measure function is dirtied by Yoga itself whenever its
    /// style changes, so this does nothing for it.
    pub fn mark_dirty(&mut self, n: NodeId) {
        let Some(slot) = self.slot(n) else { return };
        if !slot.measure.is_null() {
            self.count(1);
            // SAFETY: `slot.node` is live and has a measure function, Yoga's precondition for marking it dirty.
            unsafe { self.calls.node.YGNodeMarkDirty.call(slot.node) };
        }
    }

    /// Whether `n` needs layout (its style or measurement changed since the last `calculate`).
    pub fn is_dirty(&self, n: NodeId) -> bool {
        let Some(slot) = self.slot(n) else { return false };
        self.count(1);
        // SAFETY: `slot.node` is a live node this tree owns.
        unsafe { self.calls.node.YGNodeIsDirty.call(slot.node) }
    }

    /// Lays out the tree under `root` (a node without a parent) in `width` x `height` points, starting from
    /// `direction` (what start and end mean, and which way a row runs). NaN for a dimension leaves it
    /// unconstrained (the content decides). Fails with the first misuse a setter recorded since the last call, or
    /// when a measure function panicked during this pass.
    pub fn calculate(
        &mut self,
        root: NodeId,
        width: f32,
        height: f32,
        direction: Direction,
    ) -> Result<(), NativeError> {
        if let Some(message) = self.misuse.take() {
            return Err(NativeError::InvalidArgument(message));
        }
        let Some(slot) = self.slot(root) else {
            return Err(self.foreign("calculate", root));
        };
        if let Some(parent) = slot.parent {
            return Err(NativeError::InvalidArgument(format!(
                "YGNodeCalculateLayout: node {} is a child of node {}; lay out the root",
                root.index, parent.index
            )));
        }
        for (name, value) in [("width", width), ("height", height)] {
            if !(value.is_nan() || (value.is_finite() && value >= 0.0)) {
                return Err(NativeError::InvalidArgument(format!(
                    "YGNodeCalculateLayout: the available {name} must be >= 0 and finite, or NaN, not {value}"
                )));
            }
        }
        let node = slot.node;
        self.count(1);
        {
            let _pass = LayoutPass::enter(self.calls.node.YGNodeGetContext);
            // SAFETY: `node` is a live root of this tree; the tree is acyclic (add_child refuses cycles); every
            // measure function's context is a live `MeasureState` this tree owns, which nothing else touches
            // while `self` is borrowed here; and the trampoline never unwinds into Yoga.
            unsafe { self.calls.node.YGNodeCalculateLayout.call(node, width, height, direction.raw()) };
        }
        let mut failure = None;
        for &index in &self.measured {
            let Some(slot) = self.nodes.get(index as usize) else { continue };
            if slot.measure.is_null() {
                continue;
            }
            // SAFETY: the state is owned by this tree and the layout pass is over, so no other reference exists.
            let state = unsafe { &mut *slot.measure };
            if let Some(message) = state.panic.take() {
                // SAFETY: the node is live and has a measure function. Dirtying it drops the zero size Yoga
                // cached for the failed measurement, so the next pass measures it again.
                unsafe { self.calls.node.YGNodeMarkDirty.call(slot.node) };
                failure.get_or_insert((index, message));
            }
        }
        match failure {
            None => Ok(()),
            Some((index, message)) => Err(NativeError::InvalidArgument(format!(
                "{}: the measure function of node {index} panicked: {message}",
                YGNodeCalculateLayout::SYMBOL
            ))),
        }
    }

    /// `n`'s box after the last `calculate`, in the coordinates of its root (offsets accumulated up the tree).
    pub fn layout(&self, n: NodeId) -> Rect {
        let Some(slot) = self.slot(n) else { return Rect::default() };
        let mut rect = self.local_rect(slot.node);
        let mut ancestor = slot.parent.and_then(|p| self.slot(p));
        while let Some(up) = ancestor {
            let offset = self.local_rect(up.node);
            rect.x += offset.x;
            rect.y += offset.y;
            ancestor = up.parent.and_then(|p| self.slot(p));
        }
        rect
    }

    /// `n`'s box after the last `calculate`, relative to its parent's box.
    pub fn local_layout(&self, n: NodeId) -> Rect {
        self.slot(n).map(|slot| self.local_rect(slot.node)).unwrap_or_default()
    }

    /// Whether `n`'s children overflowed it in the last `calculate`.
    pub fn had_overflow(&self, n: NodeId) -> bool {
        let Some(slot) = self.slot(n) else { return false };
        self.count(1);
        // SAFETY: `slot.node` is a live node this tree owns.
        unsafe { self.calls.layout.YGNodeLayoutGetHadOverflow.call(slot.node) }
    }

    insets_getter! {
        /// `n`'s computed margin (percentages resolved).
        layout_margin => YGNodeLayoutGetMargin
    }
    insets_getter! {
        /// `n`'s computed padding (percentages resolved).
        layout_padding => YGNodeLayoutGetPadding
    }
    insets_getter! {
        /// `n`'s computed border widths.
        layout_border => YGNodeLayoutGetBorder
    }

    /// `n`'s computed position as its insets from its parent's edges: left and top as in
    /// [`LayoutTree::local_layout`]; right and bottom from the parent's right and bottom edges, which Yoga fills
    /// only along a reversed axis (a right-to-left pass, `row-reverse`, `column-reverse`) and leaves 0 otherwise.
    pub fn layout_position(&self, n: NodeId) -> Insets {
        let Some(slot) = self.slot(n) else { return Insets::default() };
        self.count(4);
        let layout = &self.calls.layout;
        // SAFETY: `slot.node` is a live node this tree owns; the layout getters only read its computed layout.
        unsafe {
            Insets {
                left: layout.YGNodeLayoutGetLeft.call(slot.node),
                top: layout.YGNodeLayoutGetTop.call(slot.node),
                right: layout.YGNodeLayoutGetRight.call(slot.node),
                bottom: layout.YGNodeLayoutGetBottom.call(slot.node),
            }
        }
    }

    /// How many calls into Yoga this tree has made since it was created (each setter, getter, node creation and
    /// layout pass counts its C calls; a measure function's callbacks do not). The difference across a change
    /// is what that change cost in calls.
    pub fn yoga_calls(&self) -> u64 {
        self.calls_made.get()
    }

    pub(super) fn count(&self, calls: u64) {
        self.calls_made.set(self.calls_made.get() + calls);
    }

    fn local_rect(&self, node: YGNodeRef) -> Rect {
        self.count(4);
        let layout = &self.calls.layout;
        // SAFETY: `node` is a live node this tree owns; the layout getters only read its computed layout.
        unsafe {
            Rect {
                x: layout.YGNodeLayoutGetLeft.call(node),
                y: layout.YGNodeLayoutGetTop.call(node),
                w: layout.YGNodeLayoutGetWidth.call(node),
                h: layout.YGNodeLayoutGetHeight.call(node),
            }
        }
    }

    pub(super) fn slot(&self, n: NodeId) -> Option<&Slot> {
        if n.tree == self.id { self.nodes.get(n.index()) } else { None }
    }

    /// The native node of `n`, or `None` (with the misuse recorded for the next `calculate`).
    pub(super) fn node_for(&mut self, n: NodeId, method: &str) -> Option<YGNodeRef> {
        match self.slot(n) {
            Some(slot) => {
                self.count(1);
                Some(slot.node)
            }
            None => {
                self.record(format!("{method}: {n:?} is not a node of this layout tree"));
                None
            }
        }
    }

    fn record(&mut self, message: String) {
        self.misuse.get_or_insert(message);
    }

    fn foreign(&self, method: &str, n: NodeId) -> NativeError {
        NativeError::InvalidArgument(format!("{method}: {n:?} is not a node of this layout tree"))
    }
}

impl fmt::Debug for LayoutTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LayoutTree").field("id", &self.id).field("nodes", &self.nodes.len()).finish()
    }
}

impl Drop for LayoutTree {
    fn drop(&mut self) {
        for slot in &self.nodes {
            // SAFETY: every node is live and owned by this tree, and is freed exactly once, here. `YGNodeFree`
            // detaches the node from its owner and its children, so the order of freeing does not matter.
            unsafe { self.calls.node.YGNodeFree.call(slot.node) };
            if !slot.measure.is_null() {
                // SAFETY: the state came from `Box::into_raw` in `set_measure`; its node is freed, so nothing
                // points at it any more.
                drop(unsafe { Box::from_raw(slot.measure) });
            }
        }
        // SAFETY: the config is live, and every node created with it was freed above.
        unsafe { self.calls.config.YGConfigFree.call(self.config) };
    }
}
