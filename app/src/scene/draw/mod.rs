//! Drawing the scene: each module records one part of the design into a display list, from the boxes a layout
//! gave and the model's data. Nothing here lays out or keeps state between frames.

pub mod cards;
pub mod charts;
pub mod chrome;
pub mod geometry;
pub mod icon;
pub mod ring;
pub mod text;
