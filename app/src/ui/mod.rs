//! Interaction: the vocabulary of input the app acts on, the router that turns pointer and key events into what
//! happens to which widget (hover, press and capture, focus), the editing model and the theme. Each screen keeps
//! its widgets' state in its own folder (`crate::screens`).
//!
//! Data flows one way: SDL events become [`input::UiEvent`]s (in `present`), the [`router::Router`] routes them
//! against the regions the last layout left, widgets update their state, and a changed state is what the next
//! display list shows.

pub mod edit;
pub mod input;
pub mod router;
pub mod settings;
pub mod sizes;
pub mod theme;
