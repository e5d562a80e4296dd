//! The cards' own trees (see [`SceneTree`](super::SceneTree)): each card a Yoga tree of its own, laid out in its
//! slot of the frame's grid, its two passes shared between the calling thread and a pool thread (record 10).

use std::collections::HashSet;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::Thread;

use goldberry_natives::NativeError;
use goldberry_natives::yoga::{Direction, LayoutTree, Length, NodeId};

use super::super::model::CardSpec;
use super::build::{self, CardNodes};
use crate::flame::layouts::{self, Laid};
use crate::scene::layout::Builder;
use crate::scene::layout::LayoutError;
use crate::scene::styles::Styles;

/// One card laid out on its own.
pub(super) struct CardTree {
    /// The card's tree: `nodes.card` is its root.
    pub(super) tree: LayoutTree,
    /// The nodes of `tree` that measure text.
    pub(super) texts: HashSet<NodeId>,
    pub(super) nodes: CardNodes,
    /// The card's leaf in the frame's grid.
    pub(super) slot: NodeId,
    /// The height the card's content asks for (`f32` bits), which the slot's measure function reports.
    asks: Arc<AtomicU32>,
    /// The width (and, for [`CardPass::Fit`], height) the next pass lays the card out at.
    pub(super) size: (f32, f32),
    /// What the last pass of this card returned.
    outcome: Result<(), LayoutError>,
}

/// The two passes of a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CardPass {
    /// At its width, its height free: the height its content asks for.
    Ask,
    /// In its box.
    Fit,
}

/// The cards' trees, shared with the pool thread that helps lay them out.
pub(super) type SharedCards = Arc<[Mutex<CardTree>]>;

impl CardTree {
    /// Card `index`: its slot in `frame`'s `grid`, and its own tree, built with `frame`'s scale and shaping.
    pub(super) fn build(
        frame: &mut Builder<'_>,
        grid: NodeId,
        index: usize,
        spec: &CardSpec,
        styles: &Styles,
    ) -> Result<Mutex<CardTree>, NativeError> {
        let slot = frame.child(grid)?;
        build::place_in_grid(frame, slot);
        let asks = Arc::new(AtomicU32::new(0));
        let height = Arc::clone(&asks);
        frame.tree.set_measure(slot, move |input| {
            let width = if input.width.is_finite() { input.width } else { 0.0 };
            (width, f32::from_bits(height.load(Ordering::Relaxed)))
        });
        let mut own = frame.another()?;
        own.tree.set_point_scale_factor(0.0)?;
        let nodes = build::card(&mut own, None, index, spec, styles)?;
        let (tree, texts) = (own.tree, own.texts);
        Ok(Mutex::new(CardTree { tree, texts, nodes, slot, asks, size: (0.0, 0.0), outcome: Ok(()) }))
    }

    /// Has the slot ask for no height, for the pass that gives the cards their widths.
    pub(super) fn ask_nothing(&self) {
        self.asks.store(0f32.to_bits(), Ordering::Relaxed);
    }

    /// Runs `pass` on the card at its `size`.
    fn run(&mut self, pass: CardPass, direction: Direction) -> Result<(), NativeError> {
        let (root, (width, height)) = (self.nodes.card, self.size);
        self.tree.set_width(root, Length::Points(width));
        match pass {
            // The card's texts are not dirtied, unlike the frame's: no node of a card has a percent flex basis
            // for Yoga to keep, so a new width alone lays the card out again, and Yoga keeps what it measured in
            // the pass before (record 10).
            CardPass::Ask => {
                self.tree.set_height(root, Length::Auto);
                self.tree.calculate(root, width, f32::NAN, direction)?;
                self.asks.store(self.tree.local_layout(root).h.to_bits(), Ordering::Relaxed);
                Ok(())
            }
            CardPass::Fit => {
                self.tree.set_height(root, Length::Points(height));
                self.tree.calculate(root, width, height, direction)
            }
        }
    }
}

/// A card's lock, whether or not a thread panicked while holding it (a pass leaves a card's tree whole: Yoga does
/// not unwind, and a measure function's panic is caught at the boundary).
pub(super) fn lock(card: &Mutex<CardTree>) -> MutexGuard<'_, CardTree> {
    card.lock().unwrap_or_else(PoisonError::into_inner)
}

/// How many times the caller checks for the helper's last card before it parks: a card takes a helper a short
/// while, so it usually spins, but a descheduled helper must not keep a core busy.
const SPINS_BEFORE_PARKING: u32 = 1 << 14;

/// One pass over the cards, shared by the threads that take part.
struct Progress {
    /// The next card nobody has taken.
    next: AtomicUsize,
    /// How many cards are laid out.
    done: AtomicUsize,
    /// The thread that waits for every card, woken when the helper is through.
    caller: Thread,
}

/// Runs `pass` on every card. With `helped`, a pool thread (awake by then, see
/// [`crate::raster::Renderer::wake_band_threads`]) takes cards too: each thread takes the next card nobody has
/// taken, so the calling thread never waits for a helper that has not started (a busy or descheduled core), only
/// for a card a helper is laying out. Returns the first error, in card order.
pub(super) fn lay_out_cards(
    cards: &SharedCards,
    pass: CardPass,
    direction: Direction,
    helped: bool,
) -> Result<(), LayoutError> {
    let progress =
        Arc::new(Progress { next: AtomicUsize::new(0), done: AtomicUsize::new(0), caller: std::thread::current() });
    if helped {
        let (cards, progress) = (Arc::clone(cards), Arc::clone(&progress));
        rayon::spawn(move || {
            take_cards(&cards, pass, direction, &progress);
            // After its last card; a wake-up the caller no longer needs only ends a later park early, which every
            // park loop allows.
            progress.caller.unpark();
        });
    }
    take_cards(cards, pass, direction, &progress);
    let mut spins = 0;
    while progress.done.load(Ordering::Acquire) < cards.len() {
        if spins < SPINS_BEFORE_PARKING {
            spins += 1;
            std::hint::spin_loop();
        } else {
            std::thread::park();
        }
    }
    cards.iter().try_for_each(|card| std::mem::replace(&mut lock(card).outcome, Ok(())))
}

/// Takes cards from `progress` and runs `pass` on each until none is left, counting each one done.
fn take_cards(cards: &[Mutex<CardTree>], pass: CardPass, direction: Direction, progress: &Progress) {
    loop {
        let index = progress.next.fetch_add(1, Ordering::Relaxed);
        let Some(card) = cards.get(index) else { return };
        let mut card = lock(card);
        // A panic must not leave the card uncounted (the caller waits for every card): it becomes the outcome.
        // Each card's pass is its own span in the flame, outlining that card.
        let part = u8::try_from(index).ok();
        let run = || layouts::timed(Laid::Widget(crate::screens::overview::CARDS, part), || card.run(pass, direction));
        card.outcome = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
            Ok(outcome) => outcome.map_err(LayoutError::from),
            Err(_) => Err(LayoutError::CardThreadPanicked { card: index }),
        };
        drop(card);
        progress.done.fetch_add(1, Ordering::Release);
    }
}
