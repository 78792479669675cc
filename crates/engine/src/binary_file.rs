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

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// directory, synced, then renamed over the target.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), PathError> {
    use std::io::Write;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).map_err(PathError::at(dir))?;
    }
    let name = path.file_name().ok_or_else(|| {
        PathError::new(
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"),
        )
    })?;
    let tmp = path.with_file_name(format!(
        ".{}.tmp{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| -> std::io::Result<()> {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|source| {
        let _ = std::fs::remove_file(&tmp);
        PathError::new(path, source)
    })
}
