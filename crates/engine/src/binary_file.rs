//! What the engine's binary files share (the weight files, the race and
//! pin endgame databases, the trainer's checkpoints): the FNV-1a checksum
//! that ends each, and the atomic write that leaves either the old file or
//! the whole new one.

use std::path::Path;

use crate::path_error::PathError;

/// FNV-1a, 64 bits: the file checksum and the weights' identity.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Writes `bytes` to `path` atomically: a temporary file beside it
/// ([`temp_file_beside`]), synced, then renamed over the target.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), PathError> {
    use std::io::Write;
    let result = (|| -> std::io::Result<()> {
        let mut file = temp_file_beside(path)?;
        file.write_all(bytes)?;
        file.as_file().sync_all()?;
        file.persist(path).map_err(|e| e.error)?;
        Ok(())
    })();
    result.map_err(|source| PathError::new(path, source))
}

/// A new temporary file in the folder of `path` (created first, with its
/// parents), to be written and then renamed over `path`
/// ([`tempfile::NamedTempFile::persist`]); dropped unrenamed, it is
/// removed. It is created exclusively (`O_EXCL`: never through a symlink
/// or over a file already there) at an unpredictable name (`.NAME.` and
/// random characters), so that nobody can plant a link where it will be;
/// its mode is what a plain create gives (0666 less the umask), so the
/// renamed file is readable as before.
pub fn temp_file_beside(path: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => {
            std::fs::create_dir_all(dir)?;
            dir
        }
        None => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A link planted at the name the old scheme used (`.NAME.tmpPID`) is
    /// never written through, and the target gets the whole new contents.
    #[test]
    fn a_planted_link_is_never_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, b"keep").unwrap();
        let target = dir.path().join("race.db");
        let old_name = dir
            .path()
            .join(format!(".race.db.tmp{}", std::process::id()));
        #[cfg(unix)]
        std::os::unix::fs::symlink(&victim, &old_name).unwrap();
        write_atomically(&target, b"new contents").unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        assert_eq!(std::fs::read(&target).unwrap(), b"new contents");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    }
}
