//! The safe layer over harfbuzz (to be filled in).

use goldberry_calls::{MissingSymbols, SymbolSource};

/// Every harfbuzz holder group, bound.
#[derive(Debug, Clone, Copy)]
pub struct HarfBuzzCalls {}

impl HarfBuzzCalls {
    /// Binds every harfbuzz group, naming every missing symbol.
    pub fn bind(_source: &dyn SymbolSource) -> Result<Self, MissingSymbols> {
        Ok(Self {})
    }
}
