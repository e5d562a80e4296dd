//! The safe layer over SDL2 (to be filled in).
