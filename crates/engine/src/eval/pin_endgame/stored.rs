//! Where the pin tables' chances live: on the heap after a build, or
//! mapped from the cache file, so that a process holds in memory only the
//! pages its lookups touch (a game reaches a few of the 42.6 MB) rather
//! than all of them.
//!
//! Mapped pages stay in the process's resident set once touched, and a
//! touch maps more than its page: Linux maps the cached pages around a
//! faulting one too (64 KB by default, whatever `MADV_RANDOM` says). A long
//! session's lookups touched the whole map that way (36 MB of a fuzz
//! session's peak). So the map's pages are handed back now and then
//! ([`StoredChances::release_pages`]): the file's bytes stay in the
//! system's page cache, and a later lookup maps them again without
//! reading the disk.

use std::path::Path;

/// The chances, 16-bit fixed point pairs (winning, winning a double), in
/// the order of the tables.
pub(super) enum StoredChances {
    /// Solved in this process.
    Heap(Vec<[u16; 2]>),
    /// The cache file mapped read-only; the pairs start at `offset`, little
    /// endian.
    Mapped {
        map: memmap2::Mmap,
        offset: usize,
        count: usize,
    },
}

impl StoredChances {
    /// Pairs stored.
    pub fn len(&self) -> usize {
        match self {
            StoredChances::Heap(v) => v.len(),
            StoredChances::Mapped { count, .. } => *count,
        }
    }

    /// Pair `i`.
    #[inline]
    pub fn get(&self, i: usize) -> [u16; 2] {
        match self {
            StoredChances::Heap(v) => v[i],
            StoredChances::Mapped { map, offset, .. } => {
                let at = offset + 4 * i;
                let c = &map[at..at + 4];
                [
                    u16::from_le_bytes([c[0], c[1]]),
                    u16::from_le_bytes([c[2], c[3]]),
                ]
            }
        }
    }

    /// Drops the mapped pages from the process's resident set (no-op on
    /// the heap, or off Unix); the next lookups map them again from the
    /// file, whose bytes they still read.
    pub fn release_pages(&self) {
        #[cfg(unix)]
        if let StoredChances::Mapped { map, .. } = self {
            // SAFETY: the map is a read-only shared mapping of a file that
            // is never written in place (see `map_file`): MADV_DONTNEED
            // only unmaps its pages, and any later read, on any thread,
            // maps the file's unchanged bytes again. Nothing ever writes
            // through the map, so no change can be lost. A failure leaves
            // the pages mapped, which costs memory only.
            let _ = unsafe { map.unchecked_advise(memmap2::UncheckedAdvice::DontNeed) };
        }
    }

    /// Every pair, in order.
    pub fn iter(&self) -> impl Iterator<Item = [u16; 2]> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// `count` pairs mapped from the file at `path` at `offset`, once its
    /// length is `offset + 4 * count + 8` and `check(header, sum)` accepts
    /// its first `offset` bytes and the FNV-1a of all but its last 8 bytes
    /// (which must hold that sum). The file is read through a small buffer
    /// to check it, not mapped, so checking it costs no memory.
    pub fn map_file(
        path: &Path,
        offset: usize,
        count: usize,
        check: impl Fn(&[u8]) -> bool,
    ) -> Option<StoredChances> {
        let map = crate::checked_map::map_checked(path, offset, count, check)?;
        Some(StoredChances::Mapped { map, offset, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mapped_file_reads_its_pairs_and_a_damaged_one_is_refused() {
        let pairs: Vec<[u16; 2]> = (0..5000u16).map(|i| [i, 65_535 - i]).collect();
        let mut bytes = b"HEADER!!".to_vec();
        for p in &pairs {
            bytes.extend_from_slice(&p[0].to_le_bytes());
            bytes.extend_from_slice(&p[1].to_le_bytes());
        }
        let sum = crate::binary_file::fnv1a(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        let dir = std::env::temp_dir().join(format!("plakoto-stored-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("pairs.bin");
        std::fs::write(&path, &bytes).unwrap();
        let header_fits = |h: &[u8]| h == b"HEADER!!";
        let mapped = StoredChances::map_file(&path, 8, pairs.len(), header_fits).unwrap();
        assert!(matches!(mapped, StoredChances::Mapped { .. }));
        assert_eq!(mapped.len(), pairs.len());
        assert!(mapped.iter().eq(pairs.iter().copied()));
        // Handing the pages back changes no pair: they are read again.
        mapped.release_pages();
        assert!(mapped.iter().eq(pairs.iter().copied()));
        // Another header, another length, a changed pair: refused.
        assert!(StoredChances::map_file(&path, 8, pairs.len(), |h| h == b"OTHER!!!").is_none());
        assert!(StoredChances::map_file(&path, 8, pairs.len() - 1, header_fits).is_none());
        drop(mapped);
        bytes[100] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(StoredChances::map_file(&path, 8, pairs.len(), header_fits).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
