//! Output files written atomically: a temporary file beside the target, then a rename, so a failed run leaves
//! no half-written file (the screenshot, the report, the trace).

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::shell::cli::RunError;

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, then a rename. No partial
/// file is left behind on failure.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), RunError> {
    let tmp = temp_path(path);
    let result = std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(RunError::output(path, e));
    }
    Ok(())
}

/// The temporary name `path` is written under before the rename.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp{}", std::process::id()))
}

/// Whether `a` and `b` name one file, as they resolve: relative to the current folder, through the symlinks of the
/// folders that hold them (the files themselves need not exist yet).
pub fn same_file(a: &Path, b: &Path) -> bool {
    let resolved = |p: &Path| {
        let absolute = std::path::absolute(p).unwrap_or_else(|_| p.to_owned());
        let folder = absolute.parent().and_then(|f| std::fs::canonicalize(f).ok());
        match (folder, absolute.file_name()) {
            (Some(folder), Some(name)) => folder.join(name),
            _ => absolute,
        }
    };
    resolved(a) == resolved(b)
}

/// Fails unless a file can be created at `path` (checked before anything is rendered): creates and removes the
/// temporary file the atomic write will use.
pub fn check_writable(path: &Path) -> Result<(), RunError> {
    if path.is_dir() {
        return Err(RunError::output(path, "it is a directory"));
    }
    let tmp = temp_path(path);
    std::fs::File::create(&tmp).map_err(|e| RunError::output(path, e))?;
    let _ = std::fs::remove_file(&tmp);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_leaves_no_partial_file() {
        let dir = std::env::temp_dir().join(format!("goldberry-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.json");
        write_atomically(&path, b"{}").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"{}");
        let missing = dir.join("no/such/dir/r.json");
        assert_eq!(write_atomically(&missing, b"x").unwrap_err().exit_code(), 6);
        assert!(check_writable(&missing).is_err());
        assert!(check_writable(&dir).is_err());
        assert!(same_file(&dir.join("out"), &dir.join(".").join("out")));
        assert!(!same_file(&dir.join("out"), &dir.join("out.png")));
        let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
        assert_eq!(leftovers.len(), 1, "{leftovers:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
