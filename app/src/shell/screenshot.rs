//! `--screenshot`: the last frame as a PNG, written atomically (temporary file + rename), with the path checked
//! for writability at startup, before anything is rendered.
//!
//! Frames are XRGB32 (SDL's `SDL_PIXELFORMAT_RGB888`, Blend2D's `BL_FORMAT_XRGB32`): each pixel is a
//! little-endian `0xXXRRGGBB`, bytes B, G, R, X in memory. The PNG is 8-bit RGB.

use std::path::Path;

use crate::shell::atomic_file::write_atomically;
use crate::shell::cli::RunError;
use crate::shell::present;
use goldberry_natives::sdl::Window;

/// An RGB image decoded from or encoded to PNG: 3 bytes a pixel, rows packed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RgbImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 3` bytes, R G B.
    pub data: Vec<u8>,
}

impl RgbImage {
    /// Converts XRGB32 rows (`stride` bytes apart) to RGB.
    pub fn from_xrgb32(pixels: &[u8], width: u32, height: u32, stride: usize) -> RgbImage {
        let (w, h) = (width as usize, height as usize);
        let mut data = Vec::with_capacity(w * h * 3);
        for row in pixels.chunks(stride).take(h) {
            for px in row[..w * 4].chunks_exact(4) {
                data.extend_from_slice(&[px[2], px[1], px[0]]);
            }
        }
        RgbImage { width, height, data }
    }

    /// The pixel at (x, y) as [r, g, b].
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let i = (y as usize * self.width as usize + x as usize) * 3;
        [self.data[i], self.data[i + 1], self.data[i + 2]]
    }

    /// Encodes the image as PNG.
    pub fn encode_png(&self) -> Result<Vec<u8>, png::EncodingError> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, self.width, self.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&self.data)?;
        writer.finish()?;
        Ok(out)
    }

    /// Decodes an 8-bit RGB or RGBA PNG (alpha is dropped).
    pub fn decode_png(bytes: &[u8]) -> Result<RgbImage, String> {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
        let mut buf = vec![0; reader.output_buffer_size().ok_or("the PNG is too large")?];
        let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
        if info.bit_depth != png::BitDepth::Eight {
            return Err(format!("expected 8-bit channels, found {:?}", info.bit_depth));
        }
        let data = match info.color_type {
            png::ColorType::Rgb => buf[..info.buffer_size()].to_vec(),
            png::ColorType::Rgba => {
                buf[..info.buffer_size()].chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect()
            }
            other => return Err(format!("expected an RGB PNG, found {other:?}")),
        };
        Ok(RgbImage { width: info.width, height: info.height, data })
    }

    /// Reads and decodes a PNG file.
    pub fn read_png(path: &Path) -> Result<RgbImage, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        RgbImage::decode_png(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Writes the image as a PNG file, atomically.
    pub fn write_png(&self, path: &Path) -> Result<(), RunError> {
        let bytes = self.encode_png().map_err(|e| RunError::output(path, e))?;
        write_atomically(path, &bytes)
    }
}

/// Writes an XRGB32 frame to `path` as PNG, atomically.
pub fn write_screenshot(path: &Path, pixels: &[u8], width: u32, height: u32, stride: usize) -> Result<(), RunError> {
    RgbImage::from_xrgb32(pixels, width, height, stride).write_png(path)
}

/// Writes the window's pixels as a PNG at `path`, atomically.
pub fn write_window(window: &mut Window<'_>, path: &Path) -> Result<(), RunError> {
    let image = present::read_window(window, RgbImage::from_xrgb32)?;
    image.write_png(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xrgb_round_trips_through_png() {
        // Two pixels a row, stride with 8 bytes of padding: red, green / blue, white.
        let mut pixels = vec![0u8; 16 * 2];
        pixels[..8].copy_from_slice(&[0, 0, 255, 255, 0, 255, 0, 255]);
        pixels[16..24].copy_from_slice(&[255, 0, 0, 255, 255, 255, 255, 255]);
        let image = RgbImage::from_xrgb32(&pixels, 2, 2, 16);
        assert_eq!(image.pixel(0, 0), [255, 0, 0]);
        assert_eq!(image.pixel(1, 0), [0, 255, 0]);
        assert_eq!(image.pixel(0, 1), [0, 0, 255]);
        let decoded = RgbImage::decode_png(&image.encode_png().unwrap()).unwrap();
        assert_eq!(decoded, image);
        assert!(RgbImage::decode_png(b"not a png").is_err());
    }
}
