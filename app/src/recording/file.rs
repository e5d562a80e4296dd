//! A recording on disk: the [`Writer`] appends whole records to `FILE.part` and renames it to `FILE` when the run
//! ends; [`read`] takes a file back, up to its last whole frame when it was cut short.

use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::{Path, PathBuf};

use super::frames::{Decoder, Encoder};
use super::wire::In;
use super::{Frame, Header, MAGIC, RecordingError, VERSION, WarmUp};

/// The records' kinds.
const HEADER: u8 = 1;
const WARM_UP: u8 = 2;
const FRAME: u8 = 3;

/// FNV-1a, 32 bits: a record's checksum (it tells a corrupt record from a whole one, not an attack).
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(*b)).wrapping_mul(0x0100_0193))
}

/// `FILE.part`, where a recording is written until its run ends.
pub fn part_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".part");
    PathBuf::from(name)
}

/// A recording being written (see the module docs).
#[derive(Debug)]
pub struct Writer {
    path: PathBuf,
    part: PathBuf,
    file: BufWriter<File>,
    encoder: Encoder,
    frames: u64,
    bytes: u64,
}

impl Writer {
    /// Creates `FILE.part` and writes the signature, the version and `header`.
    pub fn create(path: &Path, header: &Header) -> Result<Writer, RecordingError> {
        let part = part_path(path);
        let io = |source| RecordingError::Io { path: part.display().to_string(), source };
        let file = File::create(&part).map_err(io)?;
        let mut writer = Writer {
            path: path.to_owned(),
            part: part.clone(),
            file: BufWriter::with_capacity(1 << 16, file),
            encoder: Encoder::default(),
            frames: 0,
            bytes: 0,
        };
        writer.write_bytes(&MAGIC)?;
        writer.write_bytes(&VERSION.to_le_bytes())?;
        let payload = writer.encoder.header(header);
        writer.record(HEADER, &payload)?;
        Ok(writer)
    }

    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), RecordingError> {
        self.bytes += bytes.len() as u64;
        self.file
            .write_all(bytes)
            .map_err(|source| RecordingError::Io { path: self.part.display().to_string(), source })
    }

    fn record(&mut self, kind: u8, payload: &[u8]) -> Result<(), RecordingError> {
        let mut head = super::wire::Out::default();
        head.u8(kind);
        head.len(payload.len());
        self.write_bytes(&head.bytes)?;
        self.write_bytes(payload)?;
        self.write_bytes(&fnv1a(payload).to_le_bytes())?;
        // Each record reaches the file whole before the next frame: a killed run loses at most the frame it was in.
        self.file.flush().map_err(|source| RecordingError::Io { path: self.part.display().to_string(), source })
    }

    /// Writes the glyph cache's warm-up.
    pub fn warm_up(&mut self, warm: &WarmUp) -> Result<(), RecordingError> {
        let payload = self.encoder.warm_up(warm);
        self.record(WARM_UP, &payload)
    }

    /// Writes a frame.
    pub fn frame(&mut self, frame: &Frame) -> Result<(), RecordingError> {
        let payload = self.encoder.frame(frame);
        self.frames += 1;
        self.record(FRAME, &payload)
    }

    /// The frames written so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// The bytes written so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Flushes and renames `FILE.part` to `FILE`; returns the file's path.
    pub fn finish(mut self) -> Result<PathBuf, RecordingError> {
        let io = |path: &Path| {
            let path = path.display().to_string();
            move |source| RecordingError::Io { path, source }
        };
        self.file.flush().map_err(io(&self.part))?;
        self.file.get_ref().sync_all().map_err(io(&self.part))?;
        std::fs::rename(&self.part, &self.path).map_err(io(&self.path))?;
        Ok(self.path)
    }
}

/// A recording read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Recording {
    pub header: Header,
    pub warm_up: Option<WarmUp>,
    pub frames: Vec<Frame>,
    /// Where a file cut short stopped being read, said as the warning printed; `None` for a whole file.
    pub cut: Option<String>,
    /// The file's size.
    pub bytes: u64,
}

/// Reads the recording at `path` (see [`Reader`]).
pub fn read(path: &Path) -> Result<Recording, RecordingError> {
    let bytes =
        std::fs::read(path).map_err(|source| RecordingError::Io { path: path.display().to_string(), source })?;
    Reader::new(&path.display().to_string()).read(&bytes)
}

/// Reads a recording's bytes; named for its messages.
#[derive(Debug)]
pub struct Reader {
    name: String,
}

impl Reader {
    /// A reader whose messages name `name`.
    pub fn new(name: &str) -> Reader {
        Reader { name: name.to_owned() }
    }

    /// Reads every whole record of `bytes`. A last record cut short ends the reading with a warning, kept in
    /// [`Recording::cut`] for the caller to say; a whole record that does not read is an error.
    pub fn read(&self, bytes: &[u8]) -> Result<Recording, RecordingError> {
        if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
            return Err(RecordingError::NotARecording(self.name.clone()));
        }
        let Some(version) = bytes.get(8..10) else {
            return Err(RecordingError::Corrupt(format!("{} ends inside its version", self.name)));
        };
        let found = u16::from_le_bytes([version[0], version[1]]);
        if found != VERSION {
            return Err(RecordingError::Version { path: self.name.clone(), found });
        }
        let mut decoder = Decoder::default();
        let mut r = In::new(&bytes[10..]);
        let mut header = None;
        let mut warm_up = None;
        let mut frames = Vec::new();
        let mut cut = None;
        while !r.done() {
            let at = 10 + r.position();
            let Some((kind, payload)) = whole_record(&mut r, at)? else {
                let last = frames.last().map_or("none".to_owned(), |f: &Frame| format!("frame {}", f.index));
                let said = format!(
                    "{} is cut short: its record at byte {at} runs past its end ({} bytes); read {} whole frames \
                     (the last: {last})",
                    self.name,
                    bytes.len(),
                    frames.len()
                );
                cut = Some(said);
                break;
            };
            match kind {
                HEADER => header = Some(decoder.header(payload)?),
                WARM_UP => warm_up = Some(decoder.warm_up(payload)?),
                FRAME => frames.push(decoder.frame(payload)?),
                other => return Err(RecordingError::Corrupt(format!("unknown record kind {other} at byte {at}"))),
            }
        }
        let header = header.ok_or_else(|| RecordingError::Corrupt(format!("{} has no header", self.name)))?;
        Ok(Recording { header, warm_up, frames, cut, bytes: bytes.len() as u64 })
    }
}

/// The next record's kind and payload; `None` when the bytes end inside it, an error when it is whole and its
/// checksum fails.
fn whole_record<'b>(r: &mut In<'b>, at: usize) -> Result<Option<(u8, &'b [u8])>, RecordingError> {
    let mut whole = || -> Option<(u8, &'b [u8], u32)> {
        let kind = r.u8("record kind").ok()?;
        let len = r.count("record length").ok()?;
        let payload = r.take(len, "record").ok()?;
        Some((kind, payload, r.u32("record checksum").ok()?))
    };
    match whole() {
        Some((kind, payload, sum)) if fnv1a(payload) == sum => Ok(Some((kind, payload))),
        Some(_) => Err(RecordingError::Corrupt(format!("the record at byte {at} fails its checksum"))),
        None => Ok(None),
    }
}
