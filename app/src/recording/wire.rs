//! The recording's primitive values as bytes: unsigned LEB128 varints, zigzag signed varints, little-endian
//! floats, length-prefixed strings; and the reader that takes them back, failing on a value cut short.

use super::RecordingError;

/// Bytes being written.
#[derive(Debug, Default, Clone)]
pub struct Out {
    pub bytes: Vec<u8>,
}

impl Out {
    /// A byte.
    pub fn u8(&mut self, v: u8) {
        self.bytes.push(v);
    }

    /// An unsigned varint (7 bits a byte, the high bit set on every byte but the last).
    pub fn uv(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.bytes.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.bytes.push(v as u8);
    }

    /// A `usize` as an unsigned varint.
    pub fn len(&mut self, v: usize) {
        self.uv(v as u64);
    }

    /// A signed varint, zigzagged (small magnitudes of either sign take one byte).
    pub fn iv(&mut self, v: i64) {
        self.uv(((v << 1) ^ (v >> 63)) as u64);
    }

    /// An `f32`, its four bytes as they are (NaNs and signed zeros kept, so a list reads back bit for bit).
    pub fn f32(&mut self, v: f32) {
        self.bytes.extend_from_slice(&v.to_bits().to_le_bytes());
    }

    /// A `u32` in four bytes (colours: varints would take five for most).
    pub fn u32(&mut self, v: u32) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }

    /// A boolean as one byte.
    pub fn bool(&mut self, v: bool) {
        self.bytes.push(u8::from(v));
    }

    /// A string: its byte length, then its UTF-8.
    pub fn str(&mut self, v: &str) {
        self.len(v.len());
        self.bytes.extend_from_slice(v.as_bytes());
    }
}

/// Bytes being read, from `at`.
#[derive(Debug, Clone)]
pub struct In<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl<'b> In<'b> {
    /// A reader from the first byte.
    pub fn new(bytes: &'b [u8]) -> In<'b> {
        In { bytes, at: 0 }
    }

    /// How many bytes were read.
    pub fn position(&self) -> usize {
        self.at
    }

    /// Whether every byte was read.
    pub fn done(&self) -> bool {
        self.at >= self.bytes.len()
    }

    fn short(&self, what: &'static str) -> RecordingError {
        RecordingError::Corrupt(format!("{what} cut short at byte {} of {}", self.at, self.bytes.len()))
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize, what: &'static str) -> Result<&'b [u8], RecordingError> {
        let end = self.at.checked_add(n).filter(|end| *end <= self.bytes.len()).ok_or_else(|| self.short(what))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    /// A byte.
    pub fn u8(&mut self, what: &'static str) -> Result<u8, RecordingError> {
        Ok(self.take(1, what)?[0])
    }

    /// An unsigned varint.
    pub fn uv(&mut self, what: &'static str) -> Result<u64, RecordingError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.u8(what)?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(RecordingError::Corrupt(format!("{what}: a varint longer than 64 bits at byte {}", self.at)))
    }

    /// A count or index, refused past `max` (so a corrupt count cannot ask for gigabytes).
    pub fn len(&mut self, max: usize, what: &'static str) -> Result<usize, RecordingError> {
        let v = self.uv(what)?;
        usize::try_from(v)
            .ok()
            .filter(|v| *v <= max)
            .ok_or_else(|| RecordingError::Corrupt(format!("{what}: {v} is more than the {max} possible here")))
    }

    /// A count of items each at least one byte long: at most the bytes left.
    pub fn count(&mut self, what: &'static str) -> Result<usize, RecordingError> {
        let left = self.bytes.len() - self.at;
        self.len(left, what)
    }

    /// A signed varint.
    pub fn iv(&mut self, what: &'static str) -> Result<i64, RecordingError> {
        let v = self.uv(what)?;
        Ok(((v >> 1) as i64) ^ -((v & 1) as i64))
    }

    /// An `i32` from a signed varint.
    pub fn i32(&mut self, what: &'static str) -> Result<i32, RecordingError> {
        let v = self.iv(what)?;
        i32::try_from(v).map_err(|_| RecordingError::Corrupt(format!("{what}: {v} is not a 32-bit number")))
    }

    /// A `u32` from an unsigned varint.
    pub fn u32v(&mut self, what: &'static str) -> Result<u32, RecordingError> {
        let v = self.uv(what)?;
        u32::try_from(v).map_err(|_| RecordingError::Corrupt(format!("{what}: {v} is not a 32-bit number")))
    }

    /// An `f32`.
    pub fn f32(&mut self, what: &'static str) -> Result<f32, RecordingError> {
        let b = self.take(4, what)?;
        Ok(f32::from_bits(u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
    }

    /// A `u32` in four bytes.
    pub fn u32(&mut self, what: &'static str) -> Result<u32, RecordingError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A boolean (a byte of 0 or 1).
    pub fn bool(&mut self, what: &'static str) -> Result<bool, RecordingError> {
        match self.u8(what)? {
            0 => Ok(false),
            1 => Ok(true),
            b => Err(RecordingError::Corrupt(format!("{what}: {b} is not a boolean"))),
        }
    }

    /// A string.
    pub fn str(&mut self, what: &'static str) -> Result<String, RecordingError> {
        let n = self.count(what)?;
        let b = self.take(n, what)?;
        String::from_utf8(b.to_vec()).map_err(|_| RecordingError::Corrupt(format!("{what}: not UTF-8")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_as_written_and_a_cut_value_fails() {
        let mut out = Out::default();
        for v in [0u64, 1, 127, 128, 300, u64::MAX] {
            out.uv(v);
        }
        for v in [0i64, -1, 1, -64, 64, i64::MIN, i64::MAX] {
            out.iv(v);
        }
        out.f32(f32::NAN);
        out.f32(-0.0);
        out.str("dots •••");
        let mut r = In::new(&out.bytes);
        for v in [0u64, 1, 127, 128, 300, u64::MAX] {
            assert_eq!(r.uv("u").unwrap(), v);
        }
        for v in [0i64, -1, 1, -64, 64, i64::MIN, i64::MAX] {
            assert_eq!(r.iv("i").unwrap(), v);
        }
        assert!(r.f32("f").unwrap().is_nan());
        assert_eq!(r.f32("f").unwrap().to_bits(), (-0.0f32).to_bits());
        assert_eq!(r.str("s").unwrap(), "dots •••");
        assert!(r.done());
        let cut = &out.bytes[..out.bytes.len() - 1];
        let mut r = In::new(cut);
        let mut last = Ok(String::new());
        for _ in 0..13 {
            let _ = r.uv("v");
        }
        for _ in 0..2 {
            let _ = r.f32("f");
        }
        if let Err(e) = r.str("s") {
            last = Err(e);
        }
        assert!(matches!(last, Err(RecordingError::Corrupt(_))), "{last:?}");
    }
}
