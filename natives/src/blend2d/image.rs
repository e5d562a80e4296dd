//! [`Image`]: an owned Blend2D image; [`ImageView`]: a Blend2D image over caller-owned pixels; [`PixelRows`]:
//! the pixels read back.

use std::ffi::c_void;
use std::marker::PhantomData;
use std::ptr;

use goldberry_calls::blend2d::image::{blImageGetData, blImageInitAs, blImageInitAsFromData, blImageReset};
use goldberry_calls::blend2d::types::{BL_DATA_ACCESS_RW, BLImageCore, BLImageData, BLSizeI};

use super::{Blend2dCalls, Context, PixelFormat, bl, c_int_dimension};
use crate::{Goldberry, NativeError};

/// An image Blend2D allocated and owns: a retained layer, a blit source, a test target.
///
/// `Send + Sync`: see the module documentation ([`crate::blend2d`]); drawing into it takes `&mut`.
#[derive(Debug)]
pub struct Image {
    pub(crate) core: BLImageCore,
    calls: &'static Blend2dCalls,
    width: u32,
    height: u32,
    format: PixelFormat,
}

// SAFETY: the image's impl is reference-counted with atomics and only read through `&Image` (blit source,
// `blImageGetData`); writing takes `&mut Image` (a `Context` borrows it mutably). See the module documentation.
unsafe impl Send for Image {}
// SAFETY: as above: shared references only read the impl.
unsafe impl Sync for Image {}

impl Image {
    /// A `width` x `height` image of `format`, cleared (`blContextClearAll`: transparent for PRGB32, black for
    /// XRGB32), and the padding Blend2D 0.12 may end each row with zeroed. Blend2D allocates pixels
    /// uninitialised; initialising every byte once here is what lets [`Image::pixels`] hand out plain bytes.
    ///
    /// Blend2D refuses a zero or too large size (`BL_ERROR_INVALID_VALUE`, `BL_ERROR_IMAGE_TOO_LARGE`: both
    /// dimensions must be below 65535); the error names `blImageInitAs`.
    pub fn new(g: &'static Goldberry, width: u32, height: u32, format: PixelFormat) -> Result<Image, NativeError> {
        let calls = &g.blend2d;
        let (w, h) = (c_int_dimension(width, "image width")?, c_int_dimension(height, "image height")?);
        let mut image = Image { core: BLImageCore::default(), calls, width, height, format };
        // SAFETY: `image.core` is writable; `blImageInitAs` initialises it first (to the built-in empty image,
        // which `Drop`'s `blImageReset` accepts) whatever it returns.
        unsafe { bl!(calls.image, blImageInitAs(&mut image.core, w, h, format.to_bl())) }?;
        let mut clear = Context::begin(&mut image)?;
        clear.clear_all()?;
        clear.end()?;
        image.zero_row_padding()?;
        Ok(image)
    }

    /// Writes zeros into the bytes between one row's last pixel and the next row (rows are 16-byte aligned), which
    /// no drawing touches.
    fn zero_row_padding(&mut self) -> Result<(), NativeError> {
        let mut data = empty_image_data();
        // SAFETY: `self.core` is an initialised image and `data` a writable `BLImageData`.
        unsafe { bl!(self.calls.image, blImageGetData(&self.core, &mut data)) }?;
        let (Ok(stride), row) = (usize::try_from(data.stride), self.width as usize * self.format.bytes_per_pixel())
        else {
            return Ok(());
        };
        if data.pixelData.is_null() || stride <= row {
            return Ok(());
        }
        for y in 0..self.height as usize - 1 {
            // SAFETY: the image holds `height` rows `stride` bytes apart; the `stride - row` bytes after row `y`'s
            // pixels lie before row `y + 1`, inside the image's memory, and nothing else refers to them (`&mut`).
            unsafe { ptr::write_bytes((data.pixelData as *mut u8).add(y * stride + row), 0, stride - row) };
        }
        Ok(())
    }

    pub(crate) fn calls(&self) -> &'static Blend2dCalls {
        self.calls
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixel format.
    pub fn format(&self) -> PixelFormat {
        self.format
    }

    /// The pixels, read-only (`blImageGetData`).
    pub fn pixels(&self) -> Result<PixelRows<'_>, NativeError> {
        let (pixels, stride, len) = self.pixel_memory()?;
        let bytes = if len == 0 {
            &[][..]
        } else {
            // SAFETY: `pixel_memory` checked that the `len` bytes from `pixels` are the image's own rows, every
            // byte initialised by the clear in `new` or drawn since; they stay valid and unchanged while `&self`
            // is borrowed (drawing needs `&mut Image`).
            unsafe { std::slice::from_raw_parts(pixels as *const u8, len) }
        };
        Ok(PixelRows { data: bytes, stride, width: self.width, height: self.height, format: self.format })
    }

    /// The pixels, writable: for drawing one image with several contexts at once, each through an
    /// [`ImageView`] over its own rows (a large layer rasterized in bands). The exclusive borrow means no
    /// [`Context`](super::Context) draws into the image meanwhile, and an `Image` is never shared (it is not
    /// `Clone`), so these bytes are nobody else's.
    pub fn pixels_mut(&mut self) -> Result<PixelRowsMut<'_>, NativeError> {
        let (pixels, stride, len) = self.pixel_memory()?;
        let bytes = if len == 0 {
            &mut [][..]
        } else {
            // SAFETY: as in `pixels`, and the `&mut self` borrow makes this the only access to those bytes for
            // its lifetime: no context is attached (drawing borrows the image mutably) and no other `Image`
            // shares the impl.
            unsafe { std::slice::from_raw_parts_mut(pixels as *mut u8, len) }
        };
        Ok(PixelRowsMut { data: bytes, stride, width: self.width, height: self.height, format: self.format })
    }

    /// The image's pixel memory from `blImageGetData`: (first byte, stride, length in bytes), rows at least a
    /// row of pixels apart (the padding between them zeroed by [`Image::new`]); a null pointer only with length 0.
    fn pixel_memory(&self) -> Result<(*mut std::ffi::c_void, usize, usize), NativeError> {
        let mut data = empty_image_data();
        // SAFETY: `self.core` is an initialised image and `data` a writable `BLImageData`.
        unsafe { bl!(self.calls.image, blImageGetData(&self.core, &mut data)) }?;
        let stride = usize::try_from(data.stride).map_err(|_| {
            NativeError::InvalidArgument(format!("blImageGetData gave a negative stride {}", data.stride))
        })?;
        let row = self.width as usize * self.format.bytes_per_pixel();
        if stride < row {
            return Err(NativeError::InvalidArgument(format!(
                "blImageGetData gave stride {stride} for rows of {row} bytes"
            )));
        }
        let len = pixel_bytes(self.width, self.height, stride, self.format)?;
        if data.pixelData.is_null() {
            return Ok((data.pixelData, stride, 0));
        }
        Ok((data.pixelData, stride, len))
    }
}

impl Drop for Image {
    fn drop(&mut self) {
        // SAFETY: `self.core` is an initialised image, released exactly once here.
        if let Err(error) = unsafe { bl!(self.calls.image, blImageReset(&mut self.core)) } {
            tracing::warn!(%error, "releasing a Blend2D image failed");
        }
    }
}

/// A Blend2D image over pixel memory the caller owns (an SDL surface, a band of one): drawing into it writes
/// straight into that memory, no copy.
///
/// `Send`: the view is the only Blend2D reference to its impl, created over memory borrowed mutably for `'a`.
#[derive(Debug)]
pub struct ImageView<'a> {
    pub(crate) core: BLImageCore,
    calls: &'static Blend2dCalls,
    width: u32,
    /// The rows the view holds, from `top`: the rows above it are the frame's, not the view's.
    height: u32,
    top: u32,
    stride: usize,
    format: PixelFormat,
    _pixels: PhantomData<&'a mut [u8]>,
}

// SAFETY: the view owns the only reference to its Blend2D impl (it is never cloned), and the memory it points
// into is borrowed `&'a mut [u8]`, which is itself `Send`.
unsafe impl Send for ImageView<'_> {}

impl<'a> ImageView<'a> {
    /// A `width` x `height` image of `format` whose rows are `stride` bytes apart in `pixels`
    /// (`blImageInitAsFromData`, no destroy callback: the memory stays the caller's).
    ///
    /// Refuses with [`NativeError::InvalidArgument`] before calling C: a `stride` shorter than a row
    /// (`width * 4`), a buffer shorter than `stride * (height - 1) + width * 4` bytes (the last row needs no
    /// padding), or memory or a stride not aligned to 4 bytes (Blend2D reads pixels as 32-bit words).
    pub fn over_pixels(
        g: &'static Goldberry,
        pixels: &'a mut [u8],
        width: u32,
        height: u32,
        stride: usize,
        format: PixelFormat,
    ) -> Result<ImageView<'a>, NativeError> {
        Self::frame_rows(g, pixels, 0, width, height, stride, format)
    }

    /// Rows `top..top + height` of a frame, held in `rows`, as an image whose row 0 is the frame's: a context
    /// begun on it draws in the frame's own coordinates, clipped to these rows. A band drawn so works out every
    /// curve at the coordinates the whole frame does; a view shifted by its first row rounds some a level apart
    /// (raster fuzz seeds 19962 and 78549 of the 100,000 run).
    ///
    /// The rows above `top` are not the view's (another band's thread may be drawing them): nothing of Blend2D's
    /// is let near them. [`Context::begin_view`] clips to the view's rows before it returns, no call restores a
    /// clip beyond them, [`Context::target_pixels`] refuses such a target, and the view is never a blit source.
    /// The checks are [`ImageView::over_pixels`]' on `rows`, and the frame's height must fit a C `int`.
    pub fn frame_rows(
        g: &'static Goldberry,
        rows: &'a mut [u8],
        top: u32,
        width: u32,
        height: u32,
        stride: usize,
        format: PixelFormat,
    ) -> Result<ImageView<'a>, NativeError> {
        let calls = &g.blend2d;
        let frame_height = top.checked_add(height).ok_or_else(|| too_large(width, u32::MAX))?;
        let (w, h) = (c_int_dimension(width, "image width")?, c_int_dimension(frame_height, "image height")?);
        let row = (width as usize).checked_mul(format.bytes_per_pixel()).ok_or_else(|| too_large(width, height))?;
        if stride < row {
            return Err(NativeError::InvalidArgument(format!(
                "stride {stride} is shorter than a row of {width} pixels ({row} bytes)"
            )));
        }
        let needed = pixel_bytes(width, height, stride, format)?;
        if rows.len() < needed {
            return Err(NativeError::InvalidArgument(format!(
                "{} bytes cannot hold {width}x{height} pixels {stride} bytes apart: {needed} needed",
                rows.len()
            )));
        }
        if rows.as_ptr().align_offset(4) != 0 || !stride.is_multiple_of(4) {
            return Err(NativeError::InvalidArgument(format!(
                "pixels at {:p} with stride {stride} are not aligned to 4 bytes",
                rows.as_ptr()
            )));
        }
        let above = (top as usize).checked_mul(stride).ok_or_else(|| too_large(width, frame_height))?;
        let c_stride = isize::try_from(stride).map_err(|_| too_large(width, height))?;
        let mut view =
            ImageView { core: BLImageCore::default(), calls, width, height, top, stride, format, _pixels: PhantomData };
        // Where the frame's row 0 would be: only an address for Blend2D to count rows from, never read or written
        // through (see the doc comment), so it is formed without a claim on the memory above `rows`.
        let origin = rows.as_mut_ptr().wrapping_sub(above);
        // SAFETY: rows `top..top + height` of the image are `rows` (`needed` bytes, checked above, aligned to 4,
        // borrowed mutably for `'a`, which the view and any context drawing into it do not outlive); the rows
        // above are never touched, as the doc comment says why. No destroy callback: Blend2D never frees the
        // memory. `view.core` is initialised by the call whatever it returns.
        unsafe {
            bl!(
                calls.image,
                blImageInitAsFromData(
                    &mut view.core,
                    w,
                    h,
                    format.to_bl(),
                    origin as *mut c_void,
                    c_stride,
                    BL_DATA_ACCESS_RW,
                    None,
                    ptr::null_mut(),
                )
            )
        }?;
        Ok(view)
    }

    pub(crate) fn calls(&self) -> &'static Blend2dCalls {
        self.calls
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels: the rows the view holds.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The frame's row the view's first row is (0 but for [`ImageView::frame_rows`]).
    pub fn top(&self) -> u32 {
        self.top
    }

    /// Bytes from one row to the next.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The pixel format.
    pub fn format(&self) -> PixelFormat {
        self.format
    }
}

impl Drop for ImageView<'_> {
    fn drop(&mut self) {
        // SAFETY: `self.core` is an initialised image, released exactly once here; no context draws into it
        // any more (a context borrows the view mutably for its whole life).
        if let Err(error) = unsafe { bl!(self.calls.image, blImageReset(&mut self.core)) } {
            tracing::warn!(%error, "releasing a Blend2D image view failed");
        }
    }
}

/// An image's pixels, read-only: `height` rows `stride` bytes apart, each `width` 32-bit pixels
/// (`0xAARRGGBB` in native byte order; premultiplied for [`PixelFormat::Prgb32`]).
#[derive(Debug, Clone, Copy)]
pub struct PixelRows<'a> {
    /// The bytes, from the first pixel of the first row to the last pixel of the last row.
    pub data: &'a [u8],
    /// Bytes from one row to the next.
    pub stride: usize,
    /// Pixels per row.
    pub width: u32,
    /// The number of rows.
    pub height: u32,
    /// The pixel format.
    pub format: PixelFormat,
}

/// An image's pixels, writable (see [`Image::pixels_mut`]).
#[derive(Debug)]
pub struct PixelRowsMut<'a> {
    /// The bytes, from the first pixel of the first row to the last pixel of the last row.
    pub data: &'a mut [u8],
    /// Bytes from one row to the next.
    pub stride: usize,
    /// Pixels per row.
    pub width: u32,
    /// The number of rows.
    pub height: u32,
    /// The pixel format.
    pub format: PixelFormat,
}

impl<'a> PixelRows<'a> {
    /// Row `y`'s `width * 4` bytes, or `None` past the last row.
    pub fn row(&self, y: u32) -> Option<&'a [u8]> {
        if y >= self.height {
            return None;
        }
        let start = y as usize * self.stride;
        self.data.get(start..start + self.width as usize * self.format.bytes_per_pixel())
    }

    /// The pixel at (`x`, `y`) as `0xAARRGGBB`, or `None` outside the image.
    pub fn pixel(&self, x: u32, y: u32) -> Option<u32> {
        if x >= self.width {
            return None;
        }
        let row = self.row(y)?;
        let at = x as usize * 4;
        let bytes: [u8; 4] = row.get(at..at + 4)?.try_into().ok()?;
        Some(u32::from_ne_bytes(bytes))
    }
}

/// The bytes `height` rows of `width` pixels `stride` bytes apart span: `stride * (height - 1) + width * 4`.
fn pixel_bytes(width: u32, height: u32, stride: usize, format: PixelFormat) -> Result<usize, NativeError> {
    if width == 0 || height == 0 {
        return Ok(0);
    }
    let row = (width as usize).checked_mul(format.bytes_per_pixel());
    let rows = stride.checked_mul(height as usize - 1);
    row.zip(rows).and_then(|(row, rows)| rows.checked_add(row)).ok_or_else(|| too_large(width, height))
}

fn too_large(width: u32, height: u32) -> NativeError {
    NativeError::InvalidArgument(format!("{width}x{height} pixels do not fit in memory"))
}

fn empty_image_data() -> BLImageData {
    BLImageData { pixelData: ptr::null_mut(), stride: 0, size: BLSizeI { w: 0, h: 0 }, format: 0, flags: 0 }
}
