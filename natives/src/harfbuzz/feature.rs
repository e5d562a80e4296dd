//! [`Feature`]: one OpenType feature setting, parsed by HarfBuzz.

use std::ffi::{c_char, c_int};

use goldberry_calls::harfbuzz::types::{HB_FEATURE_GLOBAL_END, HB_FEATURE_GLOBAL_START, hb_feature_t};

use crate::{Goldberry, NativeError};

/// One OpenType feature setting (`hb_feature_t`) to pass to [`crate::harfbuzz::Font::shape`]: `"kern"`,
/// `"liga=0"`, `"-liga"`, `"+kern"`, `"aalt=2"`, `"kern[3:5]=0"` ... in HarfBuzz's own syntax.
///
/// Transparent over `hb_feature_t`, so a `&[Feature]` is the C array `hb_shape` takes.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Feature(pub(crate) hb_feature_t);

impl Feature {
    /// Parses `text` with `hb_feature_from_string`; text HarfBuzz does not accept gives
    /// [`NativeError::InvalidArgument`] naming that function.
    pub fn parse(g: &Goldberry, text: &str) -> Result<Feature, NativeError> {
        let invalid = || {
            NativeError::InvalidArgument(format!(
                "hb_feature_from_string cannot parse {text:?} as a font feature (expected e.g. \"kern\", \"liga=0\", \"-liga\")"
            ))
        };
        let length = c_int::try_from(text.len()).map_err(|_| invalid())?;
        let mut feature = hb_feature_t { tag: 0, value: 0, start: 0, end: 0 };
        // SAFETY: `text` is valid for `length` bytes (no NUL needed when the length is given) and `feature` is a
        // valid out-pointer; both outlive the call.
        let parsed = unsafe {
            g.harfbuzz.font.hb_feature_from_string.call(text.as_ptr() as *const c_char, length, &mut feature)
        };
        if parsed == 0 { Err(invalid()) } else { Ok(Feature(feature)) }
    }

    /// The feature `tag` set to `value` (0 off, 1 on) over the whole text.
    pub fn new(tag: [u8; 4], value: u32) -> Feature {
        Feature(hb_feature_t {
            tag: u32::from_be_bytes(tag),
            value,
            start: HB_FEATURE_GLOBAL_START.0,
            end: HB_FEATURE_GLOBAL_END.0,
        })
    }

    /// The feature's four-letter tag, e.g. `"liga"`.
    pub fn tag(&self) -> String {
        self.0.tag.to_be_bytes().iter().map(|&b| char::from(b)).collect()
    }

    /// Its value: 0 off, 1 on, or a one-based alternate index.
    pub fn value(&self) -> u32 {
        self.0.value
    }

    /// Whether it applies to the whole text rather than a range of clusters.
    pub fn is_global(&self) -> bool {
        self.0.start == HB_FEATURE_GLOBAL_START.0 && self.0.end == HB_FEATURE_GLOBAL_END.0
    }
}
