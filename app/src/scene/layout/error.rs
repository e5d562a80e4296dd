//! What can go wrong laying a tree out.

use goldberry_natives::NativeError;

/// Laying a tree out failed.
#[derive(Debug, thiserror::Error)]
pub enum LayoutError {
    /// Yoga (or the safe layer) refused a call.
    #[error(transparent)]
    Native(#[from] NativeError),
    /// The thread laying card `card` out panicked (the card's tree is left whole: see `card_trees::lock`).
    #[error("laying card {card} out panicked")]
    CardThreadPanicked {
        /// The card's index in [`CARDS`](crate::screens::overview::model::CARDS).
        card: usize,
    },
}
