//! sdl: the C types its prototypes name, and its holder groups (one file per subject).
//!
//! SDL2 is the system library (`libSDL2-2.0.so.0`), not part of libgoldberry: its groups are bound from the
//! library goldberry-natives' loader opens as `LIBSDL2`, and natives/build.rs leaves them out of libgoldberry's
//! export list. Seven groups: [`SystemCalls`] (init, quit, errors, version, timers: SDL itself), [`VideoCalls`],
//! [`EventCalls`], [`HintCalls`], [`MouseCalls`] (cursors, capture, pointer state) and [`KeyboardCalls`] (text
//! input, key names, modifiers) and [`ClipboardCalls`].

pub mod clipboard;
pub mod events;
pub mod hints;
pub mod keyboard;
pub mod mouse;
pub mod system;
pub mod types;
pub mod video;

pub use clipboard::ClipboardCalls;
pub use events::EventCalls;
pub use hints::HintCalls;
pub use keyboard::KeyboardCalls;
pub use mouse::MouseCalls;
pub use system::SystemCalls;
pub use video::VideoCalls;

use crate::{ConstantValue, GroupInfo, StructLayout};

/// Every holder group of sdl.
pub const GROUPS: &[GroupInfo] = &[
    SystemCalls::INFO,
    VideoCalls::INFO,
    EventCalls::INFO,
    HintCalls::INFO,
    MouseCalls::INFO,
    KeyboardCalls::INFO,
    ClipboardCalls::INFO,
];
/// Rust's layout tables of the sdl structs (the `c_structs!` invocation, and the `SDL_Event` union's table).
pub const STRUCT_LAYOUT_TABLES: &[&[StructLayout]] = &[types::STRUCT_LAYOUTS];
/// Rust's values of the sdl constants (one per `c_enums!` invocation).
pub const CONSTANT_TABLES: &[&[ConstantValue]] = &[types::CONSTANT_VALUES];
