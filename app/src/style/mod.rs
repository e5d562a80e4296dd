//! Stylesheets: a subset of CSS, read with Servo's `cssparser`, that colours a document screen (record 23).
//!
//! The stages, one a file: [`sheet`] reads the rules and their declarations (a declaration that cannot be used is
//! skipped with a `FILE:LINE:COL: message` warning, as CSS does, and the sheet otherwise loads); [`selector`]
//! matches an [`Element`] and gives each selector its specificity; [`colour`] and [`value`] read what a
//! declaration says; [`vars`] substitutes `var()`; [`cascade`] computes an element's [`Computed`] style from the
//! rules that match it, its parent's style and its state, and caches what it computed per widget and state, so a
//! hover restyles one widget. [`transition`] reads how a colour changes, and [`animate`] eases it there on the
//! frame clock, in OKLCH. [`theme_sheet`] reads the themes' and densities' sheets, whose custom properties the
//! Rust screens draw with.

pub mod animate;
pub mod cascade;
pub mod colour;
pub mod prop;
pub mod selector;
pub mod sheet;
pub mod theme_sheet;
pub mod transition;
pub mod value;
pub mod vars;

#[cfg(test)]
mod tests;

pub use self::cascade::{Computed, Styler};
pub use self::selector::{Element, States};
pub use self::sheet::Stylesheet;
