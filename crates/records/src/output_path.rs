//! Output paths made ready before a command's work starts: the parent
//! folders created (as `arena --records DIR` always did) and a file tried
//! in the folder, so that an unwritable `--out`, `--html` or `--plot` fails
//! at once rather than after minutes of work. The files themselves are still
//! written atomically by their writers (a temporary file renamed into place).
//! The probes are created exclusively at unpredictable names
//! ([`tempfile`]), so a link planted in the folder is never followed.

use std::io;
use std::path::Path;

/// Makes `path` ready to be written: creates its parent folders and checks
/// that a file can be created beside it (a probe at a random name, created
/// exclusively and removed again; `path` itself is not touched). Fails
/// when `path` is a folder.
pub fn prepare_file(path: &Path) -> io::Result<()> {
    if path.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a folder, not a file",
        ));
    }
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "names no file"))?;
    let parent = path.parent().filter(|d| !d.as_os_str().is_empty());
    let parent = parent.unwrap_or(Path::new("."));
    prepare_dir(parent)?;
    probe_in(parent, &format!(".{}.probe-", name.to_string_lossy()))
}

/// Makes the folder `dir` ready to hold new files: creates it and its
/// parents, and checks that a file can be created in it.
pub fn prepare_dir(dir: &Path) -> io::Result<()> {
    // A file where a folder must be would otherwise read "File exists".
    if let Some(file) = dir
        .ancestors()
        .find(|a| !a.as_os_str().is_empty() && a.exists())
        .filter(|a| !a.is_dir())
    {
        return Err(io::Error::new(
            io::ErrorKind::NotADirectory,
            format!("{} is a file, not a folder", file.display()),
        ));
    }
    std::fs::create_dir_all(dir)?;
    probe_in(dir, ".plakoto-probe-")
}

/// Creates a file named `prefix` and random characters in `dir`,
/// exclusively, and removes it: whether files can be made there.
fn probe_in(dir: &Path, prefix: &str) -> io::Result<()> {
    tempfile::Builder::new()
        .prefix(prefix)
        .tempfile_in(dir)?
        .close()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("plakoto-output-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn parent_folders_are_created_and_nothing_is_left_behind() {
        let dir = scratch("create");
        let file = dir.join("a/b/out.jsonl");
        prepare_file(&file).unwrap();
        assert!(dir.join("a/b").is_dir());
        assert!(!file.exists(), "the file itself is not created");
        assert_eq!(std::fs::read_dir(dir.join("a/b")).unwrap().count(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_or_a_file_in_the_way_is_refused() {
        let dir = scratch("refuse");
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(
            prepare_file(&dir).unwrap_err().kind(),
            io::ErrorKind::IsADirectory
        );
        let blocker = dir.join("plain");
        std::fs::write(&blocker, "").unwrap();
        assert!(prepare_file(&blocker.join("x.html")).is_err());
        assert!(prepare_dir(&blocker.join("records")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
