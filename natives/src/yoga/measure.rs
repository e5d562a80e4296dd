//! Measure functions: a Rust closure that sizes a leaf, called by Yoga through an `extern "C"` trampoline that
//! finds the closure through the node's context pointer and never lets a panic unwind into C.

use std::any::Any;
use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};

use goldberry_calls::yoga::node::YGNodeGetContext;
use goldberry_calls::yoga::types::{YGMeasureMode, YGMeasureModeAtMost, YGMeasureModeExactly, YGNodeConstRef, YGSize};

/// How the available size given to a measure function constrains it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeasureMode {
    /// No constraint: the size is NaN; return the content's natural size.
    Undefined,
    /// The node will be exactly this size.
    Exactly,
    /// The node may be at most this size.
    AtMost,
}

impl MeasureMode {
    fn from_raw(mode: YGMeasureMode) -> MeasureMode {
        if mode == YGMeasureModeExactly {
            MeasureMode::Exactly
        } else if mode == YGMeasureModeAtMost {
            MeasureMode::AtMost
        } else {
            MeasureMode::Undefined
        }
    }
}

/// What Yoga asks a measure function: the available width and height and how each constrains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeasureInput {
    /// The available width (NaN when `width_mode` is `Undefined`).
    pub width: f32,
    /// How `width` constrains.
    pub width_mode: MeasureMode,
    /// The available height (NaN when `height_mode` is `Undefined`).
    pub height: f32,
    /// How `height` constrains.
    pub height_mode: MeasureMode,
}

/// A boxed measure closure.
pub(crate) type MeasureFn = Box<dyn FnMut(MeasureInput) -> (f32, f32) + Send>;

/// What a node's context pointer points at: its closure, and the first panic it raised since the last
/// layout pass.
pub(crate) struct MeasureState {
    pub(crate) measure: MeasureFn,
    pub(crate) panic: Option<String>,
}

thread_local! {
    /// The `YGNodeGetContext` of the tree whose layout pass is running on this thread (the trampoline has only
    /// the node to go on). Set by [`LayoutPass::enter`], restored when the pass ends, so passes may nest.
    static GET_CONTEXT: Cell<Option<YGNodeGetContext>> = const { Cell::new(None) };
}

/// Marks a layout pass on this thread; restores the previous one when dropped.
pub(crate) struct LayoutPass {
    previous: Option<YGNodeGetContext>,
}

impl LayoutPass {
    pub(crate) fn enter(get_context: YGNodeGetContext) -> LayoutPass {
        LayoutPass { previous: GET_CONTEXT.with(|current| current.replace(Some(get_context))) }
    }
}

impl Drop for LayoutPass {
    fn drop(&mut self) {
        let previous = self.previous;
        let _ = GET_CONTEXT.try_with(|current| current.set(previous));
    }
}

/// A measured size Yoga can use: finite and not negative (NaN, infinities and negatives become 0).
fn usable(size: f32) -> f32 {
    if size.is_finite() && size > 0.0 { size } else { 0.0 }
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic with a non-text payload".to_owned()
    }
}

/// `YGSize (*YGMeasureFunc)(YGNodeConstRef node, float width, YGMeasureMode widthMode, float height,
/// YGMeasureMode heightMode)`: calls the node's Rust closure. A panic is caught here, recorded in the node's
/// state for `calculate` to report, and answered with a zero size.
pub(crate) unsafe extern "C" fn measure_trampoline(
    node: YGNodeConstRef,
    width: f32,
    width_mode: YGMeasureMode,
    height: f32,
    height_mode: YGMeasureMode,
) -> YGSize {
    const ZERO: YGSize = YGSize { width: 0.0, height: 0.0 };
    let Some(get_context) = GET_CONTEXT.try_with(Cell::get).ok().flatten() else {
        return ZERO;
    };
    // SAFETY: `node` is the live node Yoga is measuring; reading its context pointer has no other requirement.
    let state = unsafe { get_context.call(node) }.cast::<MeasureState>();
    if state.is_null() {
        return ZERO;
    }
    // SAFETY: a node's context is only ever set (by `LayoutTree::set_measure`) to a `MeasureState` the tree owns
    // and frees only after clearing the context; the tree is exclusively borrowed by `calculate` for the whole
    // layout pass, so this is the only reference to the state while the callback runs.
    let state = unsafe { &mut *state };
    let input = MeasureInput {
        width,
        width_mode: MeasureMode::from_raw(width_mode),
        height,
        height_mode: MeasureMode::from_raw(height_mode),
    };
    match catch_unwind(AssertUnwindSafe(|| (state.measure)(input))) {
        Ok((width, height)) => YGSize { width: usable(width), height: usable(height) },
        Err(payload) => {
            if state.panic.is_none() {
                state.panic = Some(panic_message(payload.as_ref()));
            }
            // Dropping a payload can itself panic; never let that unwind into C.
            if let Err(again) = catch_unwind(AssertUnwindSafe(move || drop(payload))) {
                std::mem::forget(again);
            }
            ZERO
        }
    }
}
