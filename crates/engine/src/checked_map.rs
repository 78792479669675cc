//! A cache file mapped read-only once it has been checked whole: a header,
//! a body of 4-byte values, then the FNV-1a of both (8 bytes, little
//! endian). The endgame databases (pin and race tables) are stored so.
//! The file is read through a small buffer to check it, not mapped, so
//! checking it costs no memory.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

use crate::stream_checksum::Fnv1a;

/// The file at `path` mapped read-only, once its length is `header_len + 4
/// * values + 8`, `header_fits` accepts its first `header_len` bytes, and
/// its last 8 bytes hold the FNV-1a of all before them. `None` otherwise.
pub(crate) fn map_checked(
    path: &Path,
    header_len: usize,
    values: usize,
    header_fits: impl Fn(&[u8]) -> bool,
) -> Option<memmap2::Mmap> {
    let file = File::open(path).ok()?;
    let end = header_len + 4 * values;
    if file.metadata().ok()?.len() != (end + 8) as u64 {
        return None;
    }
    let mut reader = BufReader::with_capacity(1 << 16, &file);
    let mut header = vec![0u8; header_len];
    reader.read_exact(&mut header).ok()?;
    if !header_fits(&header) {
        return None;
    }
    let mut sum = Fnv1a::default();
    sum.add(&header);
    let mut left = end - header_len;
    let mut buffer = vec![0u8; 1 << 16];
    while left > 0 {
        let n = left.min(buffer.len());
        reader.read_exact(&mut buffer[..n]).ok()?;
        sum.add(&buffer[..n]);
        left -= n;
    }
    let mut stored = [0u8; 8];
    reader.read_exact(&mut stored).ok()?;
    if u64::from_le_bytes(stored) != sum.sum() {
        return None;
    }
    // SAFETY: the cache files are only ever replaced whole, by a rename
    // (`write_atomically`), never written in place, so the mapped bytes do
    // not change under the map; they were checked just above.
    let map = unsafe { memmap2::Mmap::map(&file) }.ok()?;
    (map.len() == end + 8).then_some(map)
}
