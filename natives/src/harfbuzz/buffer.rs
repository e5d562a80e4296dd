//! [`Buffer`]: a reusable HarfBuzz buffer to shape text in.

use std::ffi::{c_char, c_int};
use std::ptr::NonNull;

use goldberry_calls::harfbuzz::types::{
    HB_BUFFER_CLUSTER_LEVEL_CHARACTERS, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS,
    HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES, hb_buffer_t, hb_language_impl_t,
};

use crate::{Goldberry, NativeError};

/// How shaping groups glyphs into clusters (`hb_buffer_cluster_level_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ClusterLevel {
    /// Clusters grouped by grapheme, in monotone order (HarfBuzz's default).
    #[default]
    MonotoneGraphemes,
    /// Clusters grouped by character, in monotone order.
    MonotoneCharacters,
    /// Clusters not grouped.
    Characters,
}

/// A reusable `hb_buffer_t`: [`crate::harfbuzz::Font::shape`] clears and refills it on every call, keeping its
/// allocation. `Send` but not `Sync`: each thread that shapes uses its own.
pub struct Buffer {
    pub(crate) g: &'static Goldberry,
    pub(crate) buffer: NonNull<hb_buffer_t>,
    /// The language every shape sets, or `None` to let `hb_buffer_guess_segment_properties` take the locale's.
    pub(crate) language: Option<NonNull<hb_language_impl_t>>,
}

// SAFETY: an `hb_buffer_t` has no thread affinity, and this is the only reference to it, so moving it to another
// thread is sound. The language pointer is an interned, immutable HarfBuzz string that lives for the process.
// Not `Sync`: shaping mutates the buffer, and `&mut self` already serialises that.
unsafe impl Send for Buffer {}

impl Buffer {
    /// Creates an empty buffer.
    pub fn new(g: &'static Goldberry) -> Result<Buffer, NativeError> {
        let calls = &g.harfbuzz.buffer;
        // SAFETY: takes nothing; returns a new buffer (or HarfBuzz's inert empty one).
        let buffer = unsafe { calls.hb_buffer_create.call() };
        let buffer = NonNull::new(buffer)
            .ok_or_else(|| NativeError::Null { function: "hb_buffer_create", context: "a shaping buffer".into() })?;
        let buffer = Buffer { g, buffer, language: None };
        // SAFETY: `buffer` is a live buffer.
        if unsafe { calls.hb_buffer_allocation_successful.call(buffer.buffer.as_ptr()) } == 0 {
            return Err(NativeError::Null {
                function: "hb_buffer_create",
                context: "HarfBuzz gave its inert empty buffer: out of memory".into(),
            });
        }
        Ok(buffer)
    }

    /// Sets the language (a BCP 47 tag such as `"en"` or `"tr"`) every shape in this buffer uses, instead of the
    /// one `hb_buffer_guess_segment_properties` takes from the process locale. Makes shaping independent of the
    /// environment, which matters for fonts with language-specific forms (`locl`).
    pub fn set_language(&mut self, tag: &str) -> Result<(), NativeError> {
        let invalid =
            || NativeError::InvalidArgument(format!("hb_language_from_string cannot use {tag:?} as a language"));
        let length = c_int::try_from(tag.len()).map_err(|_| invalid())?;
        // SAFETY: `tag` is valid for `length` bytes for the call; the result is interned for the process.
        let language =
            unsafe { self.g.harfbuzz.buffer.hb_language_from_string.call(tag.as_ptr() as *const c_char, length) };
        self.language = Some(NonNull::new(language.cast_mut()).ok_or_else(invalid)?);
        Ok(())
    }

    /// Sets how the following shapes group clusters (it persists across shapes).
    pub fn set_cluster_level(&mut self, level: ClusterLevel) {
        let level = match level {
            ClusterLevel::MonotoneGraphemes => HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES,
            ClusterLevel::MonotoneCharacters => HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS,
            ClusterLevel::Characters => HB_BUFFER_CLUSTER_LEVEL_CHARACTERS,
        };
        // SAFETY: a live buffer we own exclusively (`&mut self`) and a valid cluster level.
        unsafe { self.g.harfbuzz.buffer.hb_buffer_set_cluster_level.call(self.buffer.as_ptr(), level) };
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        // SAFETY: we own the buffer's only reference and give it up exactly once.
        unsafe { self.g.harfbuzz.buffer.hb_buffer_destroy.call(self.buffer.as_ptr()) };
    }
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Buffer").field("language_set", &self.language.is_some()).finish()
    }
}
