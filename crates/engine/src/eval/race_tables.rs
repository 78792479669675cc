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
//! read from the map onto the heap instead.
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

/// The size of the cache file's header, before its floats.
const HEADER: usize = 16;

/// The three tables (see `RaceDb`), one run of floats: `finish` and
/// `first` of `rows` (`layouts × turns`) floats each, then `expected`, one
/// a layout.
pub(super) struct RaceTables {
    floats: Floats,
    rows: usize,
}

/// Where the floats are.
enum Floats {
    /// Built or read in this process.
    Heap(Vec<f32>),
    /// The cache file mapped read-only: header, floats, checksum.
    Mapped(memmap2::Mmap),
}

impl RaceTables {
    /// Tables built or read onto the heap: `floats` holds `finish` and
    /// `first` (`rows` each), then `expected`.
    pub fn on_heap(floats: Vec<f32>, rows: usize) -> RaceTables {
        RaceTables {
            floats: Floats::Heap(floats),
            rows,
        }
    }

    /// The floats of a mapped cache file, in place: none if its bytes
    /// cannot be viewed so whole (see [`Self::map_file`], which maps only
    /// files this view accepts).
    fn view(map: &memmap2::Mmap) -> &[f32] {
        let bytes = &map[HEADER..map.len() - 8];
        if cfg!(target_endian = "big") {
            return &[];
        }
        // SAFETY: every bit pattern is a valid f32, and `align_to` itself
        // hands back only whole, aligned f32s; a view that would skip a
        // byte on either side is refused.
        match unsafe { bytes.align_to::<f32>() } {
            ([], floats, []) => floats,
            _ => &[],
        }
    }

    /// All the floats: `finish`, `first`, then `expected`.
    #[inline]
    pub fn floats(&self) -> &[f32] {
        match &self.floats {
            Floats::Heap(floats) => floats,
            Floats::Mapped(map) => Self::view(map),
        }
    }

    /// The chance of finishing on each turn, for every layout.
    #[inline]
    pub fn finish(&self) -> &[f32] {
        &self.floats()[..self.rows]
    }

    /// The chance of bearing off the first checker on each turn.
    #[inline]
    pub fn first(&self) -> &[f32] {
        &self.floats()[self.rows..2 * self.rows]
    }

    /// The expected turns to finish, per layout.
    #[inline]
    pub fn expected(&self) -> &[f32] {
        &self.floats()[2 * self.rows..]
    }

    /// Whether the tables are the cache file's pages.
    pub fn is_mapped(&self) -> bool {
        matches!(self.floats, Floats::Mapped(_))
    }

    /// Drops the mapped pages from the process's resident set (no-op on
    /// the heap, or off Unix); later lookups map them again from the file,
    /// whose bytes they still read.
    pub fn release_pages(&self) {
        #[cfg(unix)]
        if let Floats::Mapped(map) = &self.floats {
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

    /// The tables of the file at `path`, whose layout is: a 16-byte header
    /// that `header_fits` accepts, `2 × rows + layouts` little-endian
    /// floats, and the FNV-1a of all that, 8 bytes little endian; `None` if
    /// the file is not exactly that. The file is checked whole through a
    /// small buffer, then mapped read-only; where its floats cannot be
    /// viewed in place (a big-endian machine), they are read from the map
    /// onto the heap.
    pub fn map_file(
        path: &Path,
        rows: usize,
        layouts: usize,
        header_fits: impl Fn(&[u8; 16]) -> bool,
    ) -> Option<RaceTables> {
        let floats = 2 * rows + layouts;
        let map = crate::checked_map::map_checked(path, HEADER, floats, |header| {
            <&[u8; HEADER]>::try_from(header).is_ok_and(&header_fits)
        })?;
        if Self::view(&map).len() == floats {
            return Some(RaceTables {
                floats: Floats::Mapped(map),
                rows,
            });
        }
        let values = le_floats(&map[HEADER..map.len() - 8]).collect();
        Some(RaceTables::on_heap(values, rows))
    }
}

/// The little-endian floats of `bytes`, as the cache file stores them
/// (a trailing part of fewer than 4 bytes is not a float).
pub(super) fn le_floats(bytes: &[u8]) -> impl Iterator<Item = f32> + '_ {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
}
