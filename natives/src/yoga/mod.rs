//! The safe layer over yoga (to be filled in).

use goldberry_calls::{MissingSymbols, SymbolSource};

/// Every yoga holder group, bound.
#[derive(Debug, Clone, Copy)]
pub struct YogaCalls {}

impl YogaCalls {
    /// Binds every yoga group, naming every missing symbol.
    pub fn bind(_source: &dyn SymbolSource) -> Result<Self, MissingSymbols> {
        Ok(Self {})
    }
}
