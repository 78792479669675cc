//! The pin endgame database: exact outcomes of bear-offs against a pin
//! that still stands (after Papahristou & Refanidis, "Constructing Pin
//! Endgame Databases for the Backgammon Variant Plakoto", ACG 2015, which
//! solved this family of endgames; this is our own construction).
//!
//! **Coverage.** A side, the *pinner*, has between 1 and 6 checkers on the
//! board, all on its points 1..=k, and pins an opposing checker on k
//! (2..=6); the other side has its 14 other checkers in its home board
//! (so it has borne off none, and may not until its checker is freed,
//! R12); nothing else is pinned; standard movement and standard scoring.
//! That is 917 pinner layouts × 11,628 home layouts = 10.7 million
//! positions with the pinner on roll; the other side's turn is solved at
//! lookup by one ply over the stored ones. Positions with a pinner checker
//! above the pin point are not covered: once freed, that checker could
//! still be hit or hit (its outcomes are left to the net).
//!
//! **What is exact.** While the pin stands, every roll of both sides is
//! played for the best equity (R17) and every outcome is counted exactly:
//! the pinner wins a double if it bears off its last checker while the
//! pin stands or before the other side bears any off. Once the pin is let
//! go the sides can never meet again, and the rest is the race of the
//! race database ([`super::race`]), with the same convention: each side's
//! bear-off (for the freed side, its checker's way home first) is played
//! for the fewest expected turns.
//!
//! **Size and cost.** Two 16-bit chances per position (42.6 MB; read back
//! from the cache file by a memory map, so a process holds only the pages
//! its lookups touch), built on
//! first use (about a minute of one core; `plakoto bench pindb` measures
//! it; `plakoto prepare` builds it ahead), waited for, and cached beside the race database, written atomically and
//! checked by a checksum when read back.

mod layouts;
mod positions;
mod runner;
mod solve;
mod stored;

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

pub use layouts::{LayoutIndex, MAX_PINNER, PinnerState};
pub use positions::PinEndgame;

use super::Probabilities;
use super::race::RaceDb;
use crate::binary_file::{fnv1a, write_atomically};
use crate::progress::{NoProgress, Progress};
use plakoto_rules::{Dice, MoveGenerator, PlayList, Position, Rules, Scoring, Variant};
use solve::{Chances, equity};
use stored::StoredChances;

/// Identifies the cache file format; bump with any change to the tables.
const CACHE_MAGIC: &[u8; 8] = b"PLKPIN01";

/// Where the tables are cached (beside the race database's cache).
pub fn cache_path() -> Option<PathBuf> {
    Some(super::race::cache_dir()?.join("pin-endgame-v1.bin"))
}

/// The solved tables.
pub struct PinDb {
    index: LayoutIndex,
    /// The pinner's chances with the pinner on roll, 16-bit fixed point
    /// (65,535 is 1): winning, and winning a double. Row-major, pinner
    /// states × home layouts. Mapped from the cache file when read from
    /// it: only the pages lookups touch take memory.
    pinner_to_roll: StoredChances,
    homes: usize,
}

impl PinDb {
    /// Solves the tables (about a minute of one core).
    pub fn build() -> PinDb {
        PinDb::build_with(&NoProgress)
    }

    /// [`PinDb::build`], reporting to `progress` a step a pinner state
    /// solved.
    pub fn build_with(progress: &dyn Progress) -> PinDb {
        let index = LayoutIndex::new();
        let states = index.pinner_states().len() as u64;
        progress.start("pin endgame database", states, "pinner states");
        let solution = solve::solve(&index, RaceDb::global(), &|_, _| progress.advance(1));
        progress.finish();
        let pinner_to_roll = StoredChances::Heap(
            solution
                .pinner_to_roll
                .iter()
                .map(|c| [to_fixed(c[0]), to_fixed(c[1].min(c[0]))])
                .collect(),
        );
        PinDb {
            index,
            pinner_to_roll,
            homes: solution.homes,
        }
    }

    /// The process-wide tables: read from the disk cache on first use, or
    /// built and then cached there (see [`cache_path`]); waits for them,
    /// so that no answer depends on whether a build has finished (a first
    /// build says so to the process-wide [`crate::progress::global`] sink:
    /// on stderr with a bar, at the terminal of the `plakoto` binary).
    pub fn global() -> &'static PinDb {
        DB.get_or_init(|| match cache_path() {
            Some(path) => load_or_build(&path),
            None => build_noted(),
        })
    }

    /// Positions stored (the pinner on roll).
    pub fn positions(&self) -> usize {
        self.pinner_to_roll.len()
    }

    /// The tables as bytes: magic, sizes, the chances (u16, little endian),
    /// FNV-1a of everything before it.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 4 * self.pinner_to_roll.len() + 8);
        out.extend_from_slice(CACHE_MAGIC);
        out.extend_from_slice(&(self.index.pinner_states().len() as u32).to_le_bytes());
        out.extend_from_slice(&(self.homes as u32).to_le_bytes());
        for c in self.pinner_to_roll.iter() {
            out.extend_from_slice(&c[0].to_le_bytes());
            out.extend_from_slice(&c[1].to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads [`Self::to_bytes`]' output; `None` if it is not exactly that.
    pub fn from_bytes(bytes: &[u8]) -> Option<PinDb> {
        let index = LayoutIndex::new();
        let (states, homes) = (index.pinner_states().len(), index.homes().len());
        let end = 16 + 4 * states * homes;
        if bytes.len() != end + 8
            || &bytes[..8] != CACHE_MAGIC
            || bytes[8..12] != (states as u32).to_le_bytes()
            || bytes[12..16] != (homes as u32).to_le_bytes()
            || bytes[end..] != fnv1a(&bytes[..end]).to_le_bytes()
        {
            return None;
        }
        let pinner_to_roll = StoredChances::Heap(
            bytes[16..end]
                .chunks_exact(4)
                .map(|c| {
                    [
                        u16::from_le_bytes([c[0], c[1]]),
                        u16::from_le_bytes([c[2], c[3]]),
                    ]
                })
                .collect(),
        );
        Some(PinDb {
            index,
            pinner_to_roll,
            homes,
        })
    }

    /// The tables of [`Self::to_bytes`]' output in the file at `path`,
    /// mapped rather than read: checked whole first (read through a small
    /// buffer), then each lookup reads its page from the map. `None` if
    /// the file is not exactly such output.
    pub fn map_file(path: &Path) -> Option<PinDb> {
        let index = LayoutIndex::new();
        let (states, homes) = (index.pinner_states().len(), index.homes().len());
        let header_fits = |header: &[u8]| {
            header[..8] == CACHE_MAGIC[..]
                && header[8..12] == (states as u32).to_le_bytes()
                && header[12..16] == (homes as u32).to_le_bytes()
        };
        let pinner_to_roll = StoredChances::map_file(path, 16, states * homes, header_fits)?;
        Some(PinDb {
            index,
            pinner_to_roll,
            homes,
        })
    }

    /// Every stored entry as the pinner's chances (winning, winning a
    /// double), for checks.
    pub fn entries(&self) -> impl Iterator<Item = Chances> + '_ {
        self.pinner_to_roll.iter().map(|c| from_fixed(&c))
    }

    /// The pinner's chances (winning, winning a double) in `endgame`, with
    /// the side the endgame says on roll. `position` is the position the
    /// endgame was read from (its moves give the pinned side's turn).
    pub fn pinner_chances(&self, endgame: &PinEndgame, position: &Position) -> Chances {
        let row = self
            .index
            .pinner_place(endgame.pinner.pin, &endgame.pinner.layout)
            .expect("a covered pinner state")
            * self.homes;
        self.note_row(row);
        let stored = |home: &[u8; 6]| {
            from_fixed(
                &self
                    .pinner_to_roll
                    .get(row + self.index.home_place(home).expect("14 at home")),
            )
        };
        if endgame.pinner_on_roll {
            return stored(&endgame.home);
        }
        // The pinned side on roll: its best play of each roll, one ply
        // over the stored positions (its runner is pinned: only home
        // checkers move, R7, R12).
        GENERATOR.with(|cell| {
            let (generator, plays) = &mut *cell.borrow_mut();
            let mut chances = [0.0f32; 2];
            for (dice, weight) in Dice::all_rolls() {
                generator.generate(position, &dice.numbers(Variant::Standard), plays);
                let best = plays
                    .plays
                    .iter()
                    .map(|play| stored(&positions::mover_layout(&play.position).0))
                    .min_by(|a, b| equity(a).total_cmp(&equity(b)))
                    .expect("a pass is a play");
                let w = f32::from(weight) / 36.0;
                chances[0] += w * best[0];
                chances[1] += w * best[1];
            }
            chances
        })
    }
}

impl PinDb {
    /// Counts the rows this thread reads (a row: one pinner state's home
    /// layouts, 46.5 KB) and hands the mapped pages back every
    /// [`ROWS_BETWEEN_RELEASES`] new rows, so that one long command (a
    /// rollout of thousands of games) keeps few of them resident.
    fn note_row(&self, row: usize) {
        ROWS_READ.with(|read| {
            let (last, count) = read.get();
            if last == row {
                return;
            }
            if count + 1 >= ROWS_BETWEEN_RELEASES {
                self.pinner_to_roll.release_pages();
                read.set((row, 0));
            } else {
                read.set((row, count + 1));
            }
        });
    }
}

/// New rows a thread reads between two hand-backs of the mapped pages: a
/// row's lookups touch at most two of Linux's 64 KB fault-around windows,
/// so a thread maps at most about 4 MB of the tables between them, while
/// a search that stays in a few rows releases rarely (a release costs a
/// system call, and the next lookups a page fault per window).
const ROWS_BETWEEN_RELEASES: u32 = 32;

/// Hands the mapped pages of the process-wide tables back (when read from
/// the cache file): their bytes stay in the system's page cache, and the
/// next lookups map what they need again. For a long-lived process between
/// its commands, so that what one command touched does not stay resident.
pub fn release_mapped_pages() {
    if let Some(db) = DB.get() {
        db.pinner_to_roll.release_pages();
    }
}

static DB: OnceLock<PinDb> = OnceLock::new();

thread_local! {
    /// The last row this thread read and the new rows it read since the
    /// mapped pages were last handed back ([`PinDb::note_row`]).
    static ROWS_READ: std::cell::Cell<(usize, u32)> = const { std::cell::Cell::new((usize::MAX, 0)) };

    /// The move generator of lookups with the pinned side on roll, kept
    /// so that a search's many lookups allocate nothing.
    static GENERATOR: RefCell<(MoveGenerator, PlayList)> = RefCell::default();
}

/// How long a build lock keeps other processes waiting before they build
/// the tables themselves (its builder may have died).
const LOCK_PATIENCE: Duration = Duration::from_secs(300);

/// The cached tables at `path`, or built and cached there. Processes that
/// start together (a test suite, an arena of engines) build them once: the
/// first takes a lock file beside the cache, the others wait for the cache
/// to appear.
fn load_or_build(path: &Path) -> PinDb {
    let read = || PinDb::map_file(path);
    if let Some(db) = read() {
        return db;
    }
    let lock = path.with_extension("lock");
    let _ = std::fs::create_dir_all(path.parent().unwrap_or(Path::new(".")));
    let locked = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&lock)
        .and_then(|mut f| {
            use std::io::Write;
            write!(f, "{}", std::process::id())
        })
        .is_ok();
    if !locked {
        if builder_is_at_work(&lock) {
            crate::progress::global()
                .note("waiting for another process building the pin endgame database");
        }
        while builder_is_at_work(&lock) {
            std::thread::sleep(Duration::from_millis(200));
        }
        if let Some(db) = read() {
            return db;
        }
    }
    let db = build_noted();
    if let Err(e) = write_atomically(path, &db.to_bytes()) {
        log::warn!("pin endgame database not cached: {e}");
    }
    if locked {
        let _ = std::fs::remove_file(&lock);
    }
    db
}

/// [`PinDb::build_with`] reporting to the process-wide sink (a note and a
/// bar at the terminal of a binary that installed one).
fn build_noted() -> PinDb {
    let progress = crate::progress::global();
    progress.note(
        "building the pin endgame database (once a machine, about a minute; `plakoto prepare` builds it ahead)",
    );
    PinDb::build_with(progress)
}

/// `count` positions the database covers, drawn uniformly (seeded) over
/// its pinner states and home layouts, the pinner on roll: starting
/// positions for matches that measure what the database adds.
pub fn sample_positions(count: usize, seed: u64) -> Vec<Position> {
    use rand::{Rng, SeedableRng};
    let index = LayoutIndex::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let pinner = index.pinner_states()[rng.gen_range(0..index.pinner_states().len())];
            let home = index.homes()[rng.gen_range(0..index.homes().len())];
            positions::pinner_on_roll(&pinner, &home)
        })
        .collect()
}

/// Whether the process that took `lock` may still be building: the lock
/// stands, younger than [`LOCK_PATIENCE`], and (where `/proc` tells) the
/// process named in it is alive. A builder that was stopped leaves its
/// lock behind; this keeps it from holding up everyone after it.
fn builder_is_at_work(lock: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(lock) else {
        return false;
    };
    let young = meta
        .modified()
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age < LOCK_PATIENCE);
    let proc = Path::new("/proc");
    let alive = match std::fs::read_to_string(lock) {
        Ok(pid) if proc.is_dir() && !pid.trim().is_empty() => proc.join(pid.trim()).exists(),
        _ => true,
    };
    young && alive
}

fn to_fixed(x: f32) -> u16 {
    (x.clamp(0.0, 1.0) * 65_535.0).round() as u16
}

fn from_fixed(c: &[u16; 2]) -> Chances {
    [f32::from(c[0]) / 65_535.0, f32::from(c[1]) / 65_535.0]
}

/// Exact outcome chances of `p` (side on roll, before rolling) when the
/// database covers it (see the module documentation); `None` otherwise.
/// The first lookup of a covered position waits for the tables (see
/// [`PinDb::global`]): the same question always gets the same answer.
/// Express movement and Tzannes scoring are left to the net (a win while
/// the pin stands would be a Tzannes backgammon).
pub fn evaluate(p: &Position, rules: Rules) -> Option<Probabilities> {
    if rules.variant != Variant::Standard || rules.scoring != Scoring::Standard {
        return None;
    }
    let endgame = PinEndgame::of(p)?;
    let [win, double] = PinDb::global().pinner_chances(&endgame, p);
    // Sums of 21 rolls drift by a few ulps: keep a distribution.
    let win = win.clamp(0.0, 1.0);
    let double = double.clamp(0.0, win);
    let pinner = Probabilities {
        win_single: (win - double).max(0.0),
        win_double: double,
        lose_single: 1.0 - win,
        ..Default::default()
    };
    Some(if endgame.pinner_on_roll {
        pinner
    } else {
        pinner.flipped()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_left_by_a_stopped_builder_holds_nobody_up() {
        let dir = std::env::temp_dir().join(format!("plakoto-pin-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let lock = dir.join("pin.lock");
        assert!(!builder_is_at_work(&lock), "no lock");
        std::fs::write(&lock, std::process::id().to_string()).unwrap();
        assert!(builder_is_at_work(&lock), "a live builder");
        if Path::new("/proc").is_dir() {
            // No process has a PID this large (Linux caps them at 2^22).
            std::fs::write(&lock, "4294967295").unwrap();
            assert!(!builder_is_at_work(&lock), "a builder that is gone");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
