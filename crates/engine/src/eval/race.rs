//! The exact race database: bear-off outcomes once the two sides can never
//! meet again.
//!
//! When nothing is pinned and every checker of each side is in its own home
//! board (points 1–6) the game is a pure race of two independent bear-offs
//! (R12–R14): no landing, no pin, no mother win is possible any more. Each
//! side's future is then described by its **one-sided** distributions, for
//! its home-board layout alone (54,264 layouts of up to 15 checkers on six
//! points):
//!
//! - `T`: the chance of bearing off the last checker on each of its turns;
//! - `F`: the chance of bearing off its first checker on each turn (what a
//!   double, R17, depends on).
//!
//! Both are computed by one dynamic programme over layouts in order of pip
//! count (every step lowers it), each roll played the way that minimises
//! the expected number of turns to finish (R13 bear-off rules, R10: every
//! die is always usable in a bear-off). The two sides' choices are then
//! independent, so with the side on roll finishing first on ties:
//!
//! - win = Σₜ Tₐ(t) · P(T_b ≥ t); double win = Σₜ Tₐ(t) · P(F_b ≥ t);
//! - loss and double loss likewise with the sides' turns offset by one.
//!
//! The tables take 14 MB. They are built once (about a second of CPU; see
//! `plakoto bench eval`) and cached on disk (written atomically, checked
//! by a checksum when read back); a process maps the cache file read-only
//! on first use or on a background thread started with the net
//! ([`RaceDb::warm_up`]), never on the way to `readyok`, and holds in
//! memory only the pages its lookups touch, handed back now and then
//! ([`release_mapped_pages`], `race_tables.rs`).
//!
//! Races with checkers still outside a home board are left to the net.

use std::path::PathBuf;
use std::sync::OnceLock;

use super::Probabilities;
use super::race_tables::{RaceTables, le_floats};
use crate::binary_file::{fnv1a, write_atomically};
use plakoto_rules::{Position, Rules, Variant};

/// Environment variable naming the directory of the race database cache.
pub const CACHE_DIR_ENV: &str = "PLAKOTO_CACHE_DIR";

/// Identifies the cache file format; bump with any change to the tables.
const CACHE_MAGIC: &[u8; 8] = b"PLKRACE1";

/// Where the tables are cached: `$PLAKOTO_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/plakoto`, else `~/.cache/plakoto`; `None` if none is
/// known (the tables are then built in every process).
pub fn cache_path() -> Option<PathBuf> {
    Some(cache_dir()?.join("race-onesided-v1.bin"))
}

/// The directory of the endgame databases' caches: `$PLAKOTO_CACHE_DIR`,
/// else `$XDG_CACHE_HOME/plakoto`, else `~/.cache/plakoto`.
pub fn cache_dir() -> Option<PathBuf> {
    std::env::var_os(CACHE_DIR_ENV)
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("XDG_CACHE_HOME").map(|d| PathBuf::from(d).join("plakoto")))
        .or_else(|| {
            std::env::var_os("HOME").map(|d| PathBuf::from(d).join(".cache").join("plakoto"))
        })
}

/// Checkers per side.
const CHECKERS: usize = 15;
/// Number of home-board layouts: 15 checkers over 6 points and "off".
pub const LAYOUTS: usize = 54_264;
/// Turns tracked per distribution; the (vanishing) tail beyond is folded
/// into the last bin.
pub const MAX_TURNS: usize = 32;

/// `WAYS[k][n]`: ways to put `n` checkers into `k` bins.
const WAYS: [[u32; CHECKERS + 1]; 8] = {
    let mut w = [[0u32; CHECKERS + 1]; 8];
    let mut n = 0;
    while n <= CHECKERS {
        w[1][n] = 1;
        n += 1;
    }
    let mut k = 2;
    while k < 8 {
        let mut n = 0;
        while n <= CHECKERS {
            let mut s = 0;
            let mut j = 0;
            while j <= n {
                s += w[k - 1][n - j];
                j += 1;
            }
            w[k][n] = s;
            n += 1;
        }
        k += 1;
    }
    w
};

/// A home-board layout: checkers on points 1–6 (index 0–5).
pub type Layout = [u8; 6];

/// The layout's place in the tables (lexicographic among all layouts).
pub fn layout_index(l: &Layout) -> usize {
    let mut rank = 0u32;
    let mut rest = CHECKERS;
    for (i, &c) in l.iter().enumerate() {
        let bins_after = 7 - i - 1;
        for j in 0..usize::from(c) {
            rank += WAYS[bins_after][rest - j];
        }
        rest -= usize::from(c);
    }
    rank as usize
}

/// Pip count of a home-board layout.
pub(crate) fn pips(l: &Layout) -> u32 {
    l.iter()
        .enumerate()
        .map(|(i, &c)| u32::from(c) * (i as u32 + 1))
        .sum()
}

/// Checkers left in a home-board layout.
pub(crate) fn checkers(l: &Layout) -> u8 {
    l.iter().sum()
}

/// Every layout a single die `d` can lead to (R13): a normal move of a
/// checker above `d`, bearing off from point `d`, or, with `d` empty and
/// nothing above it, bearing off from the highest occupied point.
fn die_moves(l: &Layout, d: usize, out: &mut Vec<Layout>) {
    let highest = (0..6).rev().find(|&i| l[i] > 0);
    let Some(highest) = highest else {
        return;
    };
    for from in d..6 {
        if l[from] > 0 {
            let mut n = *l;
            n[from] -= 1;
            n[from - d] += 1;
            out.push(n);
        }
    }
    if l[d - 1] > 0 {
        let mut n = *l;
        n[d - 1] -= 1;
        out.push(n);
    } else if highest < d - 1 {
        let mut n = *l;
        n[highest] -= 1;
        out.push(n);
    }
}

/// Reusable buffers of [`roll_results`].
#[derive(Default)]
pub struct RollScratch {
    frontier: Vec<Layout>,
    next: Vec<Layout>,
}

/// The distinct layouts after playing `dice` (a double four times) from
/// `l`; play stops when the last checker is off (R14).
pub fn roll_results(
    l: &Layout,
    dice: (usize, usize),
    out: &mut Vec<Layout>,
    scratch: &mut RollScratch,
) {
    out.clear();
    let sequences: &[&[usize]] = if dice.0 == dice.1 {
        &[&[dice.0; 4]]
    } else {
        &[&[dice.0, dice.1], &[dice.1, dice.0]]
    };
    let RollScratch { frontier, next } = scratch;
    for seq in sequences {
        frontier.clear();
        frontier.push(*l);
        for &d in seq.iter() {
            next.clear();
            for f in frontier.iter() {
                if checkers(f) == 0 {
                    next.push(*f);
                } else {
                    die_moves(f, d, next);
                }
            }
            next.sort_unstable();
            next.dedup();
            std::mem::swap(frontier, next);
        }
        out.extend_from_slice(frontier);
    }
    out.sort_unstable();
    out.dedup();
}

/// The 21 distinct rolls, higher die first, with their weight out of 36.
fn rolls() -> impl Iterator<Item = ((usize, usize), f32)> {
    (1..=6).flat_map(|a| (1..=a).map(move |b| ((a, b), if a == b { 1.0 } else { 2.0 } / 36.0)))
}

/// The one-sided tables: `finish`, `LAYOUTS × MAX_TURNS`, the chance of
/// finishing on turn `t` (bin 0: no checker left); `first`, likewise, the
/// chance of bearing off the first checker on turn `t` (bin 0: a checker is
/// already off, i.e. the layout holds fewer than 15); `expected`, the
/// expected turns to finish, per layout.
pub struct RaceDb {
    tables: RaceTables,
}

/// Floats in each of the `finish` and `first` tables.
const ROWS: usize = LAYOUTS * MAX_TURNS;

/// Whether a cache file's 16-byte header is this format's.
fn header_fits(header: &[u8; 16]) -> bool {
    &header[..8] == CACHE_MAGIC
        && header[8..12] == (LAYOUTS as u32).to_le_bytes()
        && header[12..16] == (MAX_TURNS as u32).to_le_bytes()
}

/// The process-wide tables, once read or built ([`RaceDb::global`]).
static DB: OnceLock<RaceDb> = OnceLock::new();

/// Hands the mapped pages of the process-wide tables back (when mapped
/// from the cache file): their bytes stay in the system's page cache, and
/// the next lookups map what they need again. For a long-lived process
/// between its commands, so that what one command touched does not stay
/// resident.
pub fn release_mapped_pages() {
    if let Some(db) = DB.get() {
        db.tables.release_pages();
    }
}

impl RaceDb {
    /// Computes the tables (a few hundred milliseconds).
    pub fn build() -> RaceDb {
        let mut layouts: Vec<Layout> = Vec::with_capacity(LAYOUTS);
        let mut l = [0u8; 6];
        enumerate(0, CHECKERS as u8, &mut l, &mut layouts);
        debug_assert_eq!(layouts.len(), LAYOUTS);
        layouts.sort_by_key(pips);
        // The three tables in one run, as `RaceTables` holds them.
        let mut tables = vec![0.0f32; 2 * ROWS + LAYOUTS];
        let (finish, rest) = tables.split_at_mut(ROWS);
        let (first, expected_turns) = rest.split_at_mut(ROWS);
        let mut results = Vec::new();
        let mut scratch = RollScratch::default();
        let mut t_acc = [0.0f32; MAX_TURNS];
        let mut f_acc = [0.0f32; MAX_TURNS];
        for l in &layouts {
            let at = layout_index(l);
            let n = checkers(l);
            if n == 0 {
                finish[at * MAX_TURNS] = 1.0;
                first[at * MAX_TURNS] = 1.0;
                continue;
            }
            t_acc.fill(0.0);
            f_acc.fill(0.0);
            let mut expected = 1.0;
            for (dice, w) in rolls() {
                roll_results(l, dice, &mut results, &mut scratch);
                let best = results
                    .iter()
                    .map(|r| (expected_turns[layout_index(r)], r))
                    .min_by(|a, b| a.0.total_cmp(&b.0))
                    .map(|(_, r)| *r)
                    .expect("a bear-off always has a play");
                let b = layout_index(&best);
                expected += w * expected_turns[b];
                shift_add(&mut t_acc, &finish[b * MAX_TURNS..(b + 1) * MAX_TURNS], w);
                if usize::from(n) < CHECKERS || checkers(&best) < n {
                    f_acc[1] += w;
                } else {
                    shift_add(&mut f_acc, &first[b * MAX_TURNS..(b + 1) * MAX_TURNS], w);
                }
            }
            expected_turns[at] = expected;
            finish[at * MAX_TURNS..(at + 1) * MAX_TURNS].copy_from_slice(&t_acc);
            if usize::from(n) < CHECKERS {
                first[at * MAX_TURNS] = 1.0;
            } else {
                first[at * MAX_TURNS..(at + 1) * MAX_TURNS].copy_from_slice(&f_acc);
            }
        }
        RaceDb {
            tables: RaceTables::on_heap(tables, ROWS),
        }
    }

    /// The process-wide tables: mapped from the disk cache on first use
    /// (read onto the heap where they cannot be viewed in place), or built
    /// and then cached there and mapped (see [`cache_path`]).
    pub fn global() -> &'static RaceDb {
        DB.get_or_init(|| {
            let Some(path) = cache_path() else {
                return RaceDb::build();
            };
            if let Some(db) = RaceDb::map_file(&path) {
                return db;
            }
            let db = RaceDb::build();
            if let Err(e) = write_atomically(&path, &db.to_bytes()) {
                log::warn!("race database not cached: {e}");
                return db;
            }
            // The built tables are dropped for the file's pages.
            RaceDb::map_file(&path).unwrap_or(db)
        })
    }

    /// The tables mapped read-only from the file at `path` (as written by
    /// [`Self::to_bytes`], checked whole first), or read from the map onto
    /// the heap on a machine that cannot view its little-endian floats in
    /// place; `None` if the file is not exactly that.
    pub fn map_file(path: &std::path::Path) -> Option<RaceDb> {
        let tables = RaceTables::map_file(path, ROWS, LAYOUTS, header_fits)?;
        Some(RaceDb { tables })
    }

    /// Whether the tables are a cache file's pages rather than on the heap.
    pub fn is_mapped(&self) -> bool {
        self.tables.is_mapped()
    }

    /// Starts reading or building the process-wide tables on a background
    /// thread, so the first race evaluation does not wait for them.
    pub fn warm_up() {
        std::thread::spawn(|| {
            RaceDb::global();
        });
    }

    /// The tables as bytes: magic, sizes, the three tables (f32, little
    /// endian), FNV-1a of everything before it.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 4 * (ROWS * 2 + LAYOUTS) + 8);
        out.extend_from_slice(CACHE_MAGIC);
        out.extend_from_slice(&(LAYOUTS as u32).to_le_bytes());
        out.extend_from_slice(&(MAX_TURNS as u32).to_le_bytes());
        for x in self.tables.floats() {
            out.extend_from_slice(&x.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads [`Self::to_bytes`]' output; `None` if it is not exactly that.
    pub fn from_bytes(bytes: &[u8]) -> Option<RaceDb> {
        let floats = LAYOUTS * MAX_TURNS * 2 + LAYOUTS;
        let end = 16 + 4 * floats;
        if bytes.len() != end + 8
            || &bytes[..8] != CACHE_MAGIC
            || bytes[8..12] != (LAYOUTS as u32).to_le_bytes()
            || bytes[12..16] != (MAX_TURNS as u32).to_le_bytes()
            || bytes[end..] != fnv1a(&bytes[..end]).to_le_bytes()
        {
            return None;
        }
        let values = le_floats(&bytes[16..end]).collect();
        Some(RaceDb {
            tables: RaceTables::on_heap(values, ROWS),
        })
    }

    /// Expected turns for `layout` to bear off everything.
    pub fn expected_turns(&self, layout: &Layout) -> f32 {
        self.tables.expected()[layout_index(layout)]
    }

    /// Chance of finishing on each turn (bin 0: nothing left) for `l`.
    pub(crate) fn finish_of(&self, l: &Layout) -> &[f32] {
        let i = layout_index(l);
        &self.tables.finish()[i * MAX_TURNS..(i + 1) * MAX_TURNS]
    }

    /// Chance of bearing off the first checker on each turn (bin 0: a
    /// checker is already off) for `l`.
    pub(crate) fn first_of(&self, l: &Layout) -> &[f32] {
        let i = layout_index(l);
        &self.tables.first()[i * MAX_TURNS..(i + 1) * MAX_TURNS]
    }

    /// Outcome chances of a bear-off race for the side on roll with
    /// `own`, against `opp` (each in its own numbering); neither is empty.
    pub fn race(&self, own: &Layout, opp: &Layout) -> Probabilities {
        self.tables.note_lookup();
        race_chances(
            self.finish_of(own),
            self.first_of(own),
            self.finish_of(opp),
            self.first_of(opp),
        )
    }
}

/// Outcome chances of two independent bear-offs, the side on roll (`a`)
/// finishing first on ties, from each side's turn distributions: `t*` of
/// finishing, `f*` of bearing off the first checker (bins as in
/// [`RaceDb`]).
pub(crate) fn race_chances(ta: &[f32], fa: &[f32], tb: &[f32], fb: &[f32]) -> Probabilities {
    // Survival functions: P(X >= t).
    let tail = |d: &[f32]| -> [f32; MAX_TURNS + 1] {
        let mut s = [0.0f32; MAX_TURNS + 1];
        for t in (0..MAX_TURNS).rev() {
            s[t] = s[t + 1] + d[t];
        }
        s
    };
    let (sta, sfa, stb, sfb) = (tail(ta), tail(fa), tail(tb), tail(fb));
    let (mut win, mut win_double, mut lose, mut lose_double) = (0.0, 0.0, 0.0, 0.0);
    for t in 1..MAX_TURNS {
        win += ta[t] * stb[t];
        win_double += ta[t] * sfb[t];
        lose += tb[t] * sta[(t + 1).min(MAX_TURNS)];
        lose_double += tb[t] * sfa[(t + 1).min(MAX_TURNS)];
    }
    // Renormalise away float drift (the two sum to 1 exactly in
    // theory).
    let total = win + lose;
    let (win, lose) = (win / total, lose / total);
    let win_double = (win_double / total).min(win);
    let lose_double = (lose_double / total).min(lose);
    Probabilities {
        win_single: win - win_double,
        win_double,
        lose_single: lose - lose_double,
        lose_double,
        ..Default::default()
    }
}

/// Appends every layout of at most `left` checkers on points `point + 1..=6`
/// (the points below `point` as `l` holds them) to `out`.
pub(crate) fn enumerate(point: usize, left: u8, l: &mut Layout, out: &mut Vec<Layout>) {
    if point == 6 {
        out.push(*l);
        return;
    }
    for c in 0..=left {
        l[point] = c;
        enumerate(point + 1, left - c, l, out);
    }
    l[point] = 0;
}

/// Adds `w × d`, one turn later, into `acc` (the last bin keeps the tail).
pub(crate) fn shift_add(acc: &mut [f32; MAX_TURNS], d: &[f32], w: f32) {
    for (t, x) in d.iter().enumerate().take(MAX_TURNS) {
        acc[(t + 1).min(MAX_TURNS - 1)] += w * x;
    }
}

/// The two home-board layouts if `p` is a bear-off race this database
/// covers: nothing pinned, every checker of each side in its home board,
/// and checkers left on both sides.
pub fn race_layouts(p: &Position) -> Option<(Layout, Layout)> {
    if p.own_pinned_mask() != 0 || p.opp_pinned_mask() != 0 {
        return None;
    }
    let b = p.raw_board();
    if b[6..18].iter().any(|&v| v != 0)
        || b[..6].iter().any(|&v| v < 0)
        || b[18..].iter().any(|&v| v > 0)
    {
        return None;
    }
    let mut own = [0u8; 6];
    let mut opp = [0u8; 6];
    for i in 0..6 {
        own[i] = b[i] as u8;
        opp[i] = (-b[23 - i]) as u8;
    }
    (checkers(&own) > 0 && checkers(&opp) > 0).then_some((own, opp))
}

/// Exact outcome chances of `p` (side on roll, before rolling) when it is a
/// bear-off race under standard movement; `None` otherwise. Express is left
/// to the net: its escalating doubles and passed numbers (R20, R21) change
/// the bear-off.
pub fn evaluate(p: &Position, rules: Rules) -> Option<Probabilities> {
    if rules.variant != Variant::Standard {
        return None;
    }
    let (own, opp) = race_layouts(p)?;
    let mut r = RaceDb::global().race(&own, &opp);
    // A double needs the loser to have borne off nothing (R17).
    no_double_once_off(&mut r, p.own_off(), p.opp_off());
    Some(r)
}

/// The exact chances of a bear-off race in a game of the table whose sides
/// (each in its own numbering, its home board at indices 0 to 5, any bar
/// after its 24 points) have `own_off` and `opp_off` checkers off: the
/// one-sided tables answer it once every checker of each side is in its
/// home board and both sides have checkers left; `None` otherwise. A
/// double needs the loser to have borne off nothing (P11, F13).
pub(crate) fn home_board_race(
    own: &[u8],
    opp: &[u8],
    own_off: u8,
    opp_off: u8,
) -> Option<Probabilities> {
    let outside = |side: &[u8]| side[6..].iter().any(|&c| c > 0);
    if outside(own) || outside(opp) {
        return None;
    }
    let layout = |side: &[u8]| -> Layout { std::array::from_fn(|i| side[i]) };
    let (own, opp) = (layout(own), layout(opp));
    if checkers(&own) == 0 || checkers(&opp) == 0 {
        return None;
    }
    let mut chances = RaceDb::global().race(&own, &opp);
    no_double_once_off(&mut chances, own_off, opp_off);
    Some(chances)
}

/// Moves the double wins (losses) of race chances into single ones when
/// the loser has already borne a checker off: a double needs a loser with
/// none off (R17, P11). `own_off` and `opp_off` are the checkers off of
/// the side on roll and of its opponent.
pub(crate) fn no_double_once_off(chances: &mut Probabilities, own_off: u8, opp_off: u8) {
    if opp_off > 0 {
        chances.win_single += chances.win_double;
        chances.win_double = 0.0;
    }
    if own_off > 0 {
        chances.lose_single += chances.lose_double;
        chances.lose_double = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapped_tables_read_the_built_values_in_place_and_a_damaged_file_is_refused() {
        let db = RaceDb::build();
        let mut bytes = db.to_bytes();
        let dir = std::env::temp_dir().join(format!("plakoto-race-map-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("race.bin");
        std::fs::write(&path, &bytes).unwrap();
        let mapped = RaceDb::map_file(&path).expect("the tables map");
        assert!(mapped.is_mapped() && !db.is_mapped());
        // Every value, bit for bit, through the map.
        assert!(mapped.to_bytes() == bytes);
        // Known values: nothing left has finished (bin 0); one checker on
        // the ace point finishes on the next turn whatever the roll (the
        // 21 rolls' weights summed in f32: within rounding of 1).
        let empty = [0u8; 6];
        assert_eq!(mapped.finish_of(&empty)[0], 1.0);
        assert!((mapped.expected_turns(&[1, 0, 0, 0, 0, 0]) - 1.0).abs() < 1e-5);
        assert!((mapped.finish_of(&[1, 0, 0, 0, 0, 0])[1] - 1.0).abs() < 1e-5);
        // Lookups past many hand-backs of the pages read the same chances.
        let (own, opp) = ([3, 2, 2, 2, 3, 3], [0, 4, 4, 1, 3, 3]);
        let before = db.race(&own, &opp);
        for _ in 0..3 * super::super::race_tables::LOOKUPS_BETWEEN_RELEASES {
            assert_eq!(mapped.race(&own, &opp), before);
        }
        drop(mapped);
        bytes[1000] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(RaceDb::map_file(&path).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
