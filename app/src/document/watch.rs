//! Watching a document's files for live reload (record 23): the `notify` crate watches the folders that hold
//! them, since an editor saves by writing a new file and renaming it over the old (a watch on the file itself
//! would follow the old one away), and events are kept only for the files' names.
//!
//! notify names a changed file by the watched folder made absolute, so each file is matched as the path it was
//! given made absolute (`--doc docs/t.kdl` run in `/home/me` is `/home/me/docs/t.kdl`) and as what that path
//! resolves to through symlinks: a link's own folder sees the link replaced, its target's folder an editor's save
//! through it. The run says once, at start, what it watches (`--log info`).
//!
//! The watcher's thread never touches the app: after a burst of events has been quiet for [`QUIET`] it queues
//! one SDL user event through a [`Waker`], and the frame loop reloads on its own thread, as it handles input.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use goldberry_natives::sdl::Waker;
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher as _};

/// The code the SDL user event carries: "a watched file changed".
pub const RELOAD: i32 = 23;

/// How long a burst of file events must be quiet before the files are read: one editor's save is several events
/// (write, rename, change of mode) within a few milliseconds, and reading between them could see a half-written
/// file. Short, because it is part of the time from save to new pixels (the target is 50 ms).
pub const QUIET: Duration = Duration::from_millis(8);

/// The longest a burst may hold the reload back (a file written line by line for a while still shows).
const MOST: Duration = Duration::from_millis(100);

/// Why the files cannot be watched.
#[derive(Debug, thiserror::Error)]
pub enum WatchError {
    /// The folder holding a file cannot be watched (gone, unreadable, or inotify's watch limit reached).
    #[error("cannot watch {}: {source}", folder.display())]
    Folder {
        /// The folder.
        folder: PathBuf,
        /// What notify said.
        source: notify::Error,
    },
    /// The watcher itself could not start (no inotify instance left).
    #[error("cannot start a file watcher: {0}")]
    Start(notify::Error),
    /// The debounce thread could not start.
    #[error("cannot start the file watcher's thread: {0}")]
    Thread(std::io::Error),
}

/// The files being watched; dropping it stops the watch and its thread.
pub struct FileWatch {
    watcher: Option<RecommendedWatcher>,
    thread: Option<JoinHandle<()>>,
    /// When the first event of the burst that led to the last wake-up came: the save that the next frame shows.
    saved_at: Arc<Mutex<Option<Instant>>>,
}

impl std::fmt::Debug for FileWatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileWatch").finish_non_exhaustive()
    }
}

impl FileWatch {
    /// Watches `files` (their folders, filtered by name) and calls `wake` once per quiet burst of changes.
    pub fn start(files: &[PathBuf], wake: impl Fn() + Send + 'static) -> Result<FileWatch, WatchError> {
        let (send, receive) = mpsc::channel::<Instant>();
        let mut wanted: Vec<(PathBuf, std::ffi::OsString)> =
            files.iter().flat_map(resolved).filter_map(|f| Some((folder_of(&f), f.file_name()?.to_owned()))).collect();
        wanted.sort();
        wanted.dedup();
        let files: Vec<PathBuf> = wanted.iter().map(|(folder, name)| folder.join(name)).collect();
        let said: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let Ok(event) = event else { return };
            // Reading the files (the reload itself) must not count as a change.
            if matches!(event.kind, EventKind::Access(_)) {
                return;
            }
            // notify names a file as the folder watched joined with its name, so the paths compare as written.
            if event.paths.iter().any(|p| files.contains(p)) {
                let _ = send.send(Instant::now());
            }
        })
        .map_err(WatchError::Start)?;
        let mut folders: Vec<&PathBuf> = wanted.iter().map(|(f, _)| f).collect();
        folders.dedup();
        for folder in folders {
            watcher
                .watch(folder, RecursiveMode::NonRecursive)
                .map_err(|source| WatchError::Folder { folder: folder.clone(), source })?;
        }
        tracing::info!("live reload watches {} (their folders, for an editor's rename)", said.join(", "));
        let saved_at = Arc::new(Mutex::new(None));
        let saved = Arc::clone(&saved_at);
        let thread = std::thread::Builder::new()
            .name("goldberry-watch".to_owned())
            .spawn(move || debounce(&receive, &saved, wake))
            .map_err(WatchError::Thread)?;
        Ok(FileWatch { watcher: Some(watcher), thread: Some(thread), saved_at })
    }

    /// When the save that led to the last wake-up happened (taken: a second call says None).
    pub fn take_saved_at(&self) -> Option<Instant> {
        self.saved_at.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

impl Drop for FileWatch {
    fn drop(&mut self) {
        // Dropping the watcher drops the channel's sender, which ends the thread's wait.
        self.watcher = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Waits for a burst, waits for it to be quiet, notes when it began, wakes; until the watcher is gone.
fn debounce(receive: &mpsc::Receiver<Instant>, saved_at: &Mutex<Option<Instant>>, wake: impl Fn()) {
    while let Ok(first) = receive.recv() {
        loop {
            let left = MOST.saturating_sub(first.elapsed());
            match receive.recv_timeout(QUIET.min(left)) {
                Ok(_) if !left.is_zero() => continue,
                Ok(_) | Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
        *saved_at.lock().unwrap_or_else(PoisonError::into_inner) = Some(first);
        wake();
    }
}

/// The names `file` changes under in notify's events: the path as given made absolute (from the current folder,
/// as notify makes a watched folder absolute), and, when it differs, what it resolves to through symlinks.
fn resolved(file: &PathBuf) -> Vec<PathBuf> {
    let absolute = std::path::absolute(file).unwrap_or_else(|_| file.clone());
    let mut names = vec![absolute];
    // A file that is not there now (an editor's delete before its write) resolves to nothing more.
    if let Ok(real) = std::fs::canonicalize(file)
        && !names.contains(&real)
    {
        names.push(real);
    }
    names
}

/// The folder a file stands in ("." for a bare name).
fn folder_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    }
}

/// Watches the loaded document's files, waking the loop through `waker` (None when no document is loaded).
pub fn watch_loaded(waker: Waker) -> Option<Result<FileWatch, WatchError>> {
    let live = super::loaded()?;
    let files: Vec<PathBuf> = std::iter::once(live.file.clone()).chain(live.style.clone()).collect();
    Some(FileWatch::start(&files, move || {
        if let Err(e) = waker.wake(RELOAD) {
            tracing::debug!("the file watcher could not wake the loop: {e}");
        }
    }))
}
