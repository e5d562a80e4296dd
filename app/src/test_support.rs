//! What the unit tests that need the real natives share: libgoldberry and the fonts, or a panic that says how to
//! get them.

use std::sync::OnceLock;

use goldberry_natives::Goldberry;

use crate::fonts::FontBook;

/// libgoldberry, loaded once.
pub fn natives() -> &'static Goldberry {
    match Goldberry::load(None) {
        Ok(g) => g,
        Err(e) => panic!("libgoldberry must load for these tests (cargo build builds it): {e}"),
    }
}

/// A font book of its own, for a test that changes what a book caches.
pub fn book() -> FontBook {
    match FontBook::load(natives()) {
        Ok(book) => book,
        Err(e) => panic!("the fonts must be installed for these tests (ci/setup installs them): {e}"),
    }
}

/// One font book every test shares.
pub fn fonts() -> &'static FontBook {
    static FONTS: OnceLock<FontBook> = OnceLock::new();
    FONTS.get_or_init(book)
}

/// Whether `inner` lies inside `outer`, within a hundredth of a pixel (boxes read back from Yoga in floats).
pub fn inside(inner: crate::geom::Rect, outer: crate::geom::Rect) -> bool {
    inner.x >= outer.x - 0.01
        && inner.y >= outer.y - 0.01
        && inner.right() <= outer.right() + 0.01
        && inner.bottom() <= outer.bottom() + 0.01
}
