//! Interaction: the vocabulary of input the app acts on, the router that turns pointer and key events into what
//! happens to which widget (hover, press and capture, focus), and the widgets' own state.
//!
//! Data flows one way: SDL events become [`input::UiEvent`]s (in `present`), the [`router::Router`] routes them
//! against the regions the last layout left, widgets update their state, and a changed state is what the next
//! display list shows.

pub mod controls;
pub mod edit;
pub mod input;
pub mod router;
pub mod texts;
pub mod theme;
