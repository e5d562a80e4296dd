//! The safe layer over blend2d (to be filled in).

use goldberry_calls::{MissingSymbols, SymbolSource};

/// Every blend2d holder group, bound.
#[derive(Debug, Clone, Copy)]
pub struct Blend2dCalls {}

impl Blend2dCalls {
    /// Binds every blend2d group, naming every missing symbol.
    pub fn bind(_source: &dyn SymbolSource) -> Result<Self, MissingSymbols> {
        Ok(Self {})
    }
}
