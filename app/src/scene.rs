//! (scene: to be written)
