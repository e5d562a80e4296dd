//! (engine: to be written)
