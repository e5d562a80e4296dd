//! The pens every part of the design draws with: text, icons, geometry and the widgets' looks (the screens' and the
//! popups'). Each records into a display list from the boxes a layout gave; nothing here lays out or keeps state
//! between frames.

pub mod geometry;
pub mod icon;
pub mod text;
pub mod widgets;
