//! Record files: reading one (bounded in size) and writing any text file
//! atomically (a temporary file beside it, then a rename), so a reader
//! never sees half a file.

use std::io::{Read, Write};
use std::path::Path;

use super::Record;

/// Largest record file read (a 1,000-game match is far below it).
pub const MAX_RECORD_BYTES: u64 = 64 * 1024 * 1024;

/// Why a record file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be read (the message names it).
    #[error("{0}")]
    Io(String),
    /// The file was read but is not a valid record: the error names its
    /// line, or says the whole file (too large, no header, no game).
    #[error(transparent)]
    Record(#[from] super::RecordError),
}

/// Reads a record file in either form (text or JSON); not replayed yet.
/// Only a file that cannot be opened or read is an [`ReadError::Io`]; any
/// content refused (too large, not UTF-8, not a record) is a
/// [`ReadError::Record`] with a line or the whole file.
pub fn read_record_file(path: &Path) -> Result<Record, ReadError> {
    let shown = path.display();
    let io = |e: std::io::Error| ReadError::Io(format!("cannot read {shown}: {e}"));
    let meta = std::fs::metadata(path).map_err(io)?;
    let too_large = || {
        super::RecordError::whole_file(super::RecordErrorKind::TooLarge {
            limit: MAX_RECORD_BYTES,
        })
    };
    if meta.len() > MAX_RECORD_BYTES {
        return Err(too_large().into());
    }
    // Read at most one byte past the limit: a file that grew since is
    // refused the same way.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
        .map_err(io)?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(too_large().into());
    }
    let text = record_text(bytes)?;
    Record::read(&text).map_err(ReadError::Record)
}

/// The file's bytes as text; bytes that are not UTF-8 are refused at
/// their line, with their column (in bytes) and value.
pub fn record_text(bytes: Vec<u8>) -> Result<String, super::RecordError> {
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let before = &bytes[..at];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = at - line_start + 1;
        let value = bytes[at];
        super::RecordError::at_line(
            line,
            super::RecordErrorKind::Encoding(format!(
                "byte {column} of the line is 0x{value:02X}, which begins no UTF-8 character here"
            )),
        )
    })
}

/// Writes `contents` to `path` atomically: a temporary file in the same
/// directory, synced, then renamed over `path` ([`temp_file_beside`]).
/// Missing parent folders are created first. On any error the file at
/// `path`, if there was one, is left as it was, and the temporary file is
/// removed. A symlink at `path` is replaced, never written through.
pub fn write_atomic(path: &Path, contents: &str) -> std::io::Result<()> {
    let mut file = temp_file_beside(path)?;
    file.write_all(contents.as_bytes())?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

pub use plakoto_engine::binary_file::temp_file_beside;

/// Today's date (UTC) as `YYYY-MM-DD`, for record headers.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01
/// (Howard Hinnant's civil-from-days algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name the old scheme (`.NAME.tmp-PID-N`, N counted from 0 in
    /// each process) would have written through, for the first writes.
    fn old_temporary_names(path: &Path) -> Vec<std::path::PathBuf> {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        (0..64)
            .map(|n| path.with_file_name(format!(".{name}.tmp-{}-{n}", std::process::id())))
            .collect()
    }

    #[cfg(unix)]
    #[test]
    fn planted_links_and_files_are_never_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let target = outside.path().join("precious.txt");
        std::fs::write(&target, "precious").unwrap();
        let record = dir.path().join("game.txt");
        let names = old_temporary_names(&record);
        // Links at every old name but the last, a plain file there.
        let (linked, plain) = names.split_at(names.len() - 1);
        for name in linked {
            std::os::unix::fs::symlink(&target, name).unwrap();
        }
        std::fs::write(&plain[0], "planted").unwrap();
        // A link at the record's own name too: it is replaced, not followed.
        let other_target = outside.path().join("other.txt");
        std::fs::write(&other_target, "other").unwrap();
        std::os::unix::fs::symlink(&other_target, &record).unwrap();

        for i in 0..8 {
            write_atomic(&record, &format!("record {i}\n")).unwrap();
        }
        assert_eq!(std::fs::read_to_string(&record).unwrap(), "record 7\n");
        assert!(!record.symlink_metadata().unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
        assert_eq!(std::fs::read_to_string(&other_target).unwrap(), "other");
        assert_eq!(std::fs::read_to_string(&plain[0]).unwrap(), "planted");
        for name in linked {
            assert!(name.symlink_metadata().unwrap().is_symlink());
        }
        // Nothing else is left in the folder: the planted names and the record.
        let left = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(left, names.len() + 1);
    }

    #[cfg(unix)]
    #[test]
    fn written_files_have_a_plain_creates_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let written = dir.path().join("a/b/record.txt");
        write_atomic(&written, "x").unwrap();
        let plain = dir.path().join("plain.txt");
        std::fs::write(&plain, "x").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&written), mode(&plain));
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let record = dir.path().join("game.txt");
        write_atomic(&record, "old").unwrap();
        // Renaming over a folder fails: the old file in a folder is kept.
        let blocked = dir.path().join("folder");
        std::fs::create_dir(&blocked).unwrap();
        std::fs::write(blocked.join("inside"), "x").unwrap();
        assert!(write_atomic(&blocked, "new").is_err());
        assert_eq!(std::fs::read_to_string(&record).unwrap(), "old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_415), (2025, 11, 23));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
