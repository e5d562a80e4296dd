//! The pens every part of the design draws with: text, icons and geometry. Each records into a display list from
//! the boxes a layout gave; nothing here lays out or keeps state between frames.

pub mod geometry;
pub mod icon;
pub mod text;
