//! Record files: reading one (bounded in size) and writing any text file
//! atomically (a temporary file beside it, then a rename), so a reader
//! never sees half a file.

use std::io::Write;
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
    /// The file was read but is not a valid record.
    #[error(transparent)]
    Record(#[from] super::RecordError),
}

/// Reads a record file in either form (text or JSON); not replayed yet.
pub fn read_record_file(path: &Path) -> Result<Record, ReadError> {
    let shown = path.display();
    let meta =
        std::fs::metadata(path).map_err(|e| ReadError::Io(format!("cannot read {shown}: {e}")))?;
    if meta.len() > MAX_RECORD_BYTES {
        return Err(ReadError::Io(format!(
            "{shown} is larger than {MAX_RECORD_BYTES} bytes"
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| ReadError::Io(format!("cannot read {shown}: {e}")))?;
    Record::read(&text).map_err(ReadError::Record)
}

/// Writes `contents` to `path` atomically: a temporary file in the same
/// directory (named for this process and this write, so concurrent writes
/// never share one), synced, then renamed over `path`. Missing parent
/// folders are created first. On any error the file at `path`, if there
/// was one, is left as it was.
pub fn write_atomic(path: &Path, contents: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "record".into());
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = path.with_file_name(format!(".{name}.tmp-{}-{n}", std::process::id()));
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

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

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_415), (2025, 11, 23));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
