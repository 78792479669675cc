//! Where the race database's three tables live: on the heap after a build,
//! or mapped read-only from the cache file, so that a process holds in
//! memory only the pages its lookups touch (a game reaches a few of the
//! 14 MB) rather than all of them, as the pin tables do
//! (`pin_endgame/stored.rs`).
//!
//! The file stores the tables as little-endian `f32` right after a 16-byte
//! header, so on a little-endian machine the mapped bytes *are* the tables:
//! they are viewed as `&[f32]` in place (the map starts on a page, the
//! header keeps the 4-byte alignment, and the view is checked anyway). On a
//! big-endian machine the bytes are not native floats, and the tables are
//! read onto the heap instead.
//!
//! Touched pages stay resident (Linux maps 64 KB around each faulting
//! page), so they are handed back now and then
//! ([`RaceTables::release_pages`]): between protocol commands, and after
//! every [`LOOKUPS_BETWEEN_RELEASES`] lookups of a thread within one.

use std::cell::Cell;
use std::path::Path;

/// Race lookups a thread makes between two hand-backs of the mapped pages:
/// a lookup reads two layouts' rows of two tables (four 64 KB fault-around
/// windows at most), so a thread maps at most about 16 MB between
/// hand-backs in the worst case, and in practice far less (a game's race
/// positions reuse their layouts), while a hand-back costs one system call
/// and the next lookups a page fault per window.
pub const LOOKUPS_BETWEEN_RELEASES: u32 = 64;

thread_local! {
    /// Race lookups this thread made since it last handed the pages back.
    static LOOKUPS: Cell<u32> = const { Cell::new(0) };
}

/// The three tables (see `RaceDb`): `finish` and `first` of
/// `layouts × turns` floats each, then `expected` of `layouts`.
pub(super) enum RaceTables {
    /// Built or read in this process.
    Heap {
        finish: Vec<f32>,
        first: Vec<f32>,
        expected: Vec<f32>,
    },
    /// The cache file mapped read-only; the floats start at `offset`.
    Mapped {
        map: memmap2::Mmap,
        offset: usize,
        rows: usize,
        layouts: usize,
    },
}

impl RaceTables {
    /// Every float of the file after its header, in place (see
    /// [`Self::map_file`], which only makes a map this view accepts).
    fn mapped_floats(map: &memmap2::Mmap, offset: usize, floats: usize) -> &[f32] {
        let bytes = &map[offset..offset + 4 * floats];
        // SAFETY: every bit pattern is a valid f32, and `align_to` itself
        // hands back only whole, aligned f32s; `map_file` checked that
        // nothing is left over on either side, so this is all of them.
        let (before, floats, after) = unsafe { bytes.align_to::<f32>() };
        debug_assert!(before.is_empty() && after.is_empty());
        floats
    }

    /// The chance of finishing on each turn, for every layout.
    #[inline]
    pub fn finish(&self) -> &[f32] {
        match self {
            RaceTables::Heap { finish, .. } => finish,
            RaceTables::Mapped {
                map, offset, rows, ..
            } => Self::mapped_floats(map, *offset, *rows),
        }
    }

    /// The chance of bearing off the first checker on each turn.
    #[inline]
    pub fn first(&self) -> &[f32] {
        match self {
            RaceTables::Heap { first, .. } => first,
            RaceTables::Mapped {
                map, offset, rows, ..
            } => Self::mapped_floats(map, offset + 4 * rows, *rows),
        }
    }

    /// The expected turns to finish, per layout.
    #[inline]
    pub fn expected(&self) -> &[f32] {
        match self {
            RaceTables::Heap { expected, .. } => expected,
            RaceTables::Mapped {
                map,
                offset,
                rows,
                layouts,
            } => Self::mapped_floats(map, offset + 8 * rows, *layouts),
        }
    }

    /// Whether the tables are the cache file's pages.
    pub fn is_mapped(&self) -> bool {
        matches!(self, RaceTables::Mapped { .. })
    }

    /// Drops the mapped pages from the process's resident set (no-op on
    /// the heap, or off Unix); later lookups map them again from the file,
    /// whose bytes they still read.
    pub fn release_pages(&self) {
        #[cfg(unix)]
        if let RaceTables::Mapped { map, .. } = self {
            // SAFETY: a read-only shared mapping of a file that is only
            // ever replaced by a rename, never written in place (see
            // `map_file`): MADV_DONTNEED only unmaps its pages, and a later
            // read, on any thread, maps the same bytes again. Nothing is
            // ever written through the map. A failure leaves the pages
            // mapped, which costs memory only.
            let _ = unsafe { map.unchecked_advise(memmap2::UncheckedAdvice::DontNeed) };
        }
    }

    /// Counts one lookup of this thread, handing the pages back every
    /// [`LOOKUPS_BETWEEN_RELEASES`] (mapped tables only).
    #[inline]
    pub fn note_lookup(&self) {
        if !self.is_mapped() {
            return;
        }
        LOOKUPS.with(|count| {
            let n = count.get() + 1;
            if n >= LOOKUPS_BETWEEN_RELEASES {
                self.release_pages();
                count.set(0);
            } else {
                count.set(n);
            }
        });
    }

    /// The tables mapped from the file at `path`, whose layout is: a
    /// 16-byte header that `header_fits` accepts, `2 × rows + layouts`
    /// little-endian floats, and the FNV-1a of all that, 8 bytes little
    /// endian. `None` if the file is not exactly that, or if this machine
    /// cannot view its floats in place (big endian): the caller then reads
    /// it onto the heap. The file is read through a small buffer to check
    /// it, not mapped, so checking it costs no memory.
    pub fn map_file(
        path: &Path,
        rows: usize,
        layouts: usize,
        header_fits: impl Fn(&[u8; 16]) -> bool,
    ) -> Option<RaceTables> {
        if cfg!(target_endian = "big") {
            return None;
        }
        const OFFSET: usize = 16;
        let end = OFFSET + 4 * (2 * rows + layouts);
        let map = crate::checked_map::map_checked(path, OFFSET, 2 * rows + layouts, |header| {
            <&[u8; OFFSET]>::try_from(header).is_ok_and(&header_fits)
        })?;
        // The floats must view in place whole: a page-aligned map and a
        // 16-byte header make it so, but a view that would skip a byte is
        // refused rather than trusted.
        // SAFETY: as in `mapped_floats`; only the lengths are used here.
        let (before, _, after) = unsafe { map[OFFSET..end].align_to::<f32>() };
        (before.is_empty() && after.is_empty()).then_some(RaceTables::Mapped {
            map,
            offset: OFFSET,
            rows,
            layouts,
        })
    }
}
