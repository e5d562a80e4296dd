//! `BLResult`: the result code every Blend2D function returns, with `BL_SUCCESS` and every `BL_ERROR_*` code.
//!
//! Its own module (one `c_enums!` per module), so that [`CONSTANT_VALUES`] is exactly the table of result codes
//! and the safe layer can name any code it receives by looking it up there.

crate::c_enums! {
    /// `typedef uint32_t BLResult`, with the constants of `enum BLResultCode` (api.h).
    pub enum BLResult: u32 {
        /// Successful result code.
        BL_SUCCESS = 0,
        /// Out of memory (`ENOMEM`).
        BL_ERROR_OUT_OF_MEMORY = 0x10000,
        /// Invalid value/argument (`EINVAL`).
        BL_ERROR_INVALID_VALUE = 0x10001,
        /// Invalid state (`EFAULT`).
        BL_ERROR_INVALID_STATE = 0x10002,
        /// Invalid handle or file. (`EBADF`).
        BL_ERROR_INVALID_HANDLE = 0x10003,
        /// Invalid conversion.
        BL_ERROR_INVALID_CONVERSION = 0x10004,
        /// Value too large (`EOVERFLOW`).
        BL_ERROR_OVERFLOW = 0x10005,
        /// Not initialized (some instance is built-in none when it shouldn't be).
        BL_ERROR_NOT_INITIALIZED = 0x10006,
        /// Not implemented (`ENOSYS`).
        BL_ERROR_NOT_IMPLEMENTED = 0x10007,
        /// Operation not permitted (`EPERM`).
        BL_ERROR_NOT_PERMITTED = 0x10008,
        /// IO error (`EIO`).
        BL_ERROR_IO = 0x10009,
        /// Device or resource busy (`EBUSY`).
        BL_ERROR_BUSY = 0x1000a,
        /// Operation interrupted (`EINTR`).
        BL_ERROR_INTERRUPTED = 0x1000b,
        /// Try again (`EAGAIN`).
        BL_ERROR_TRY_AGAIN = 0x1000c,
        /// Timed out (`ETIMEDOUT`).
        BL_ERROR_TIMED_OUT = 0x1000d,
        /// Broken pipe (`EPIPE`).
        BL_ERROR_BROKEN_PIPE = 0x1000e,
        /// File is not seekable (`ESPIPE`).
        BL_ERROR_INVALID_SEEK = 0x1000f,
        /// Too many levels of symlinks (`ELOOP`).
        BL_ERROR_SYMLINK_LOOP = 0x10010,
        /// File is too large (`EFBIG`).
        BL_ERROR_FILE_TOO_LARGE = 0x10011,
        /// File/directory already exists (`EEXIST`).
        BL_ERROR_ALREADY_EXISTS = 0x10012,
        /// Access denied (`EACCES`).
        BL_ERROR_ACCESS_DENIED = 0x10013,
        /// Media changed (`Windows::ERROR_MEDIA_CHANGED`).
        BL_ERROR_MEDIA_CHANGED = 0x10014,
        /// The file/FS is read-only (`EROFS`).
        BL_ERROR_READ_ONLY_FS = 0x10015,
        /// Device doesn't exist (`ENXIO`).
        BL_ERROR_NO_DEVICE = 0x10016,
        /// Not found, no entry (fs) (`ENOENT`).
        BL_ERROR_NO_ENTRY = 0x10017,
        /// No media in drive/device (`ENOMEDIUM`).
        BL_ERROR_NO_MEDIA = 0x10018,
        /// No more data / end of file (`ENODATA`).
        BL_ERROR_NO_MORE_DATA = 0x10019,
        /// No more files (`ENMFILE`).
        BL_ERROR_NO_MORE_FILES = 0x1001a,
        /// No space left on device (`ENOSPC`).
        BL_ERROR_NO_SPACE_LEFT = 0x1001b,
        /// Directory is not empty (`ENOTEMPTY`).
        BL_ERROR_NOT_EMPTY = 0x1001c,
        /// Not a file (`EISDIR`).
        BL_ERROR_NOT_FILE = 0x1001d,
        /// Not a directory (`ENOTDIR`).
        BL_ERROR_NOT_DIRECTORY = 0x1001e,
        /// Not same device (`EXDEV`).
        BL_ERROR_NOT_SAME_DEVICE = 0x1001f,
        /// Not a block device (`ENOTBLK`).
        BL_ERROR_NOT_BLOCK_DEVICE = 0x10020,
        /// File/path name is invalid [n/a].
        BL_ERROR_INVALID_FILE_NAME = 0x10021,
        /// File/path name is too long (`ENAMETOOLONG`).
        BL_ERROR_FILE_NAME_TOO_LONG = 0x10022,
        /// Too many open files (`EMFILE`).
        BL_ERROR_TOO_MANY_OPEN_FILES = 0x10023,
        /// Too many open files by OS (`ENFILE`).
        BL_ERROR_TOO_MANY_OPEN_FILES_BY_OS = 0x10024,
        /// Too many symbolic links on FS (`EMLINK`).
        BL_ERROR_TOO_MANY_LINKS = 0x10025,
        /// Too many threads (`EAGAIN`).
        BL_ERROR_TOO_MANY_THREADS = 0x10026,
        /// Thread pool is exhausted and couldn't acquire the requested thread count.
        BL_ERROR_THREAD_POOL_EXHAUSTED = 0x10027,
        /// File is empty (not specific to any OS error).
        BL_ERROR_FILE_EMPTY = 0x10028,
        /// File open failed (`Windows::ERROR_OPEN_FAILED`).
        BL_ERROR_OPEN_FAILED = 0x10029,
        /// Not a root device/directory (`Windows::ERROR_DIR_NOT_ROOT`).
        BL_ERROR_NOT_ROOT_DEVICE = 0x1002a,
        /// Unknown system error that failed to translate to Blend2D result code.
        BL_ERROR_UNKNOWN_SYSTEM_ERROR = 0x1002b,
        /// Invalid data alignment.
        BL_ERROR_INVALID_ALIGNMENT = 0x1002c,
        /// Invalid data signature or header.
        BL_ERROR_INVALID_SIGNATURE = 0x1002d,
        /// Invalid or corrupted data.
        BL_ERROR_INVALID_DATA = 0x1002e,
        /// Invalid string (invalid data of either UTF8, UTF16, or UTF32).
        BL_ERROR_INVALID_STRING = 0x1002f,
        /// Invalid key or property.
        BL_ERROR_INVALID_KEY = 0x10030,
        /// Truncated data (more data required than memory/stream provides).
        BL_ERROR_DATA_TRUNCATED = 0x10031,
        /// Input data too large to be processed.
        BL_ERROR_DATA_TOO_LARGE = 0x10032,
        /// Decompression failed due to invalid data (RLE, Huffman, etc).
        BL_ERROR_DECOMPRESSION_FAILED = 0x10033,
        /// Invalid geometry (invalid path data or shape).
        BL_ERROR_INVALID_GEOMETRY = 0x10034,
        /// Returned when there is no matching vertex in path data.
        BL_ERROR_NO_MATCHING_VERTEX = 0x10035,
        /// Invalid create flags (BLContext).
        BL_ERROR_INVALID_CREATE_FLAGS = 0x10036,
        /// No matching cookie (BLContext).
        BL_ERROR_NO_MATCHING_COOKIE = 0x10037,
        /// No states to restore (BLContext).
        BL_ERROR_NO_STATES_TO_RESTORE = 0x10038,
        /// Cannot save state as the number of saved states reached the limit (BLContext).
        BL_ERROR_TOO_MANY_SAVED_STATES = 0x10039,
        /// The size of the image is too large.
        BL_ERROR_IMAGE_TOO_LARGE = 0x1003a,
        /// Image codec for a required format doesn't exist.
        BL_ERROR_IMAGE_NO_MATCHING_CODEC = 0x1003b,
        /// Unknown or invalid file format that cannot be read.
        BL_ERROR_IMAGE_UNKNOWN_FILE_FORMAT = 0x1003c,
        /// Image codec doesn't support reading the file format.
        BL_ERROR_IMAGE_DECODER_NOT_PROVIDED = 0x1003d,
        /// Image codec doesn't support writing the file format.
        BL_ERROR_IMAGE_ENCODER_NOT_PROVIDED = 0x1003e,
        /// Multiple IHDR chunks are not allowed (PNG).
        BL_ERROR_PNG_MULTIPLE_IHDR = 0x1003f,
        /// Invalid IDAT chunk (PNG).
        BL_ERROR_PNG_INVALID_IDAT = 0x10040,
        /// Invalid IEND chunk (PNG).
        BL_ERROR_PNG_INVALID_IEND = 0x10041,
        /// Invalid PLTE chunk (PNG).
        BL_ERROR_PNG_INVALID_PLTE = 0x10042,
        /// Invalid tRNS chunk (PNG).
        BL_ERROR_PNG_INVALID_TRNS = 0x10043,
        /// Invalid filter type (PNG).
        BL_ERROR_PNG_INVALID_FILTER = 0x10044,
        /// Unsupported feature (JPEG).
        BL_ERROR_JPEG_UNSUPPORTED_FEATURE = 0x10045,
        /// Invalid SOS marker or header (JPEG).
        BL_ERROR_JPEG_INVALID_SOS = 0x10046,
        /// Invalid SOF marker (JPEG).
        BL_ERROR_JPEG_INVALID_SOF = 0x10047,
        /// Multiple SOF markers (JPEG).
        BL_ERROR_JPEG_MULTIPLE_SOF = 0x10048,
        /// Unsupported SOF marker (JPEG).
        BL_ERROR_JPEG_UNSUPPORTED_SOF = 0x10049,
        /// Font doesn't have any data as it's not initialized.
        BL_ERROR_FONT_NOT_INITIALIZED = 0x1004a,
        /// Font or font face was not matched (BLFontManager).
        BL_ERROR_FONT_NO_MATCH = 0x1004b,
        /// Font has no character to glyph mapping data.
        BL_ERROR_FONT_NO_CHARACTER_MAPPING = 0x1004c,
        /// Font has missing an important table.
        BL_ERROR_FONT_MISSING_IMPORTANT_TABLE = 0x1004d,
        /// Font feature is not available.
        BL_ERROR_FONT_FEATURE_NOT_AVAILABLE = 0x1004e,
        /// Font has an invalid CFF data.
        BL_ERROR_FONT_CFF_INVALID_DATA = 0x1004f,
        /// Font program terminated because the execution reached the limit.
        BL_ERROR_FONT_PROGRAM_TERMINATED = 0x10050,
        /// Glyph substitution requires too much space and was terminated.
        BL_ERROR_GLYPH_SUBSTITUTION_TOO_LARGE = 0x10051,
        /// Invalid glyph identifier.
        BL_ERROR_INVALID_GLYPH = 0x10052,
    }
}
