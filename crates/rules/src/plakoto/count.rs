//! Counting and paging the legal plays of a roll too large to list (R11,
//! R20 size warning): Express 1-1 from the start has 4,148,343 of them.
//!
//! How the count stays exact in bounded memory ([`CountLimits`]):
//! - The numbers are played group by group as the generator does (equal
//!   numbers merged after each group), up to the last group. That frontier
//!   (and the lines that stopped or ended the game before it) is kept whole:
//!   for Express 1-1 from the start, 306,963 positions before the 6s, about
//!   20 MB.
//! - The last group is then played from the whole frontier once per *pass*.
//!   A pass keeps only the resulting positions whose hash falls in the
//!   pass's share, in a table of exact keys: each position of the turn
//!   packed without loss into 63 bits ([`turn_key`]), 9 bytes a slot with
//!   its flags. One run before the passes estimates how many positions the
//!   last group reaches (a HyperLogLog sketch of 16 KB, error under 1%);
//!   the table is sized and the number of passes chosen from it so that
//!   each pass's share fits with 15% to spare (a pass that still overflows
//!   starts the count again with one pass more). Keys are exact, so no two
//!   positions are ever merged by mistake.
//! - The frontier is stored in chunks that are emptied as the next group is
//!   played from them and refilled with its results, so two levels never
//!   hold their memory twice and no vector of millions is ever copied.
//! - Beside each key the table keeps the most numbers used by a line
//!   reaching its position and whether the game ends there, so R10 and its
//!   decision are applied exactly as
//!   [`retain_max_usage`](super::retain_max_usage) does: a position counts
//!   if the game ends on it or it uses M numbers, M being the most any line
//!   uses (every pass sees every line, so M is known at the end of each
//!   pass).
//! - Plays are ordered by pass, then by key. A page is found from the
//!   passes' counts; for each pass it touches, that pass is played again
//!   (not for the first pass right after the count: the passes run last to
//!   first, so the table still holds it), its legal keys sorted in the
//!   table itself, and the last group played once more to pick up a line
//!   of steps for each key of the page.

use super::movegen::{Emit, Node, Play, dfs, ends_game, landable_mask};
use super::numbers::Numbers;
use super::position::{Position, StepList};

/// Memory and time bounds of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountLimits {
    /// Most bytes the frontier before the last group of numbers may hold
    /// while it is built (64 bytes a position, with its merging index).
    pub frontier_bytes: usize,
    /// Bytes of one pass's table: 9 a slot (key and flags), filled to
    /// three quarters at most, so it decides the number of passes.
    pub table_bytes: usize,
    /// Most passes over the last group (each plays it from the whole
    /// frontier): bounds the time a count takes.
    pub max_passes: usize,
}

impl Default for CountLimits {
    /// 28 MB of frontier, 12 MB of table (a million positions a pass) and
    /// 16 passes: Express 1-1 from the start (20 MB of frontier, 4,148,343
    /// plays) is counted in five passes, and the engine stays under 64 MB
    /// resident.
    fn default() -> Self {
        CountLimits {
            frontier_bytes: 28 << 20,
            table_bytes: 12 << 20,
            max_passes: 16,
        }
    }
}

/// The exact count of a roll's legal plays and one page of them.
#[derive(Clone, Debug, Default)]
pub struct CountedPage {
    /// Number of legal plays (distinct resulting positions, R11).
    pub total: usize,
    /// The plays at the page's offsets, in the count's order.
    pub plays: Vec<Play>,
}

/// Counts and pages the legal plays of a roll; keeps the frontier and the
/// per-pass counts of the last roll asked about, so that paging does not
/// count again.
#[derive(Default)]
pub struct PlayCounter {
    limits: CountLimits,
    key: Option<(Position, Numbers)>,
    /// `None` when the roll cannot be counted within the limits.
    state: Option<Census>,
    table: Table,
    /// The most bytes the last count's frontier held at once, as
    /// accounted against [`CountLimits::frontier_bytes`].
    frontier_peak: usize,
}

/// What is known of the roll asked about.
struct Census {
    /// Complete lines after all groups but the last.
    frontier: Chunked,
    /// Lines that stopped or ended the game before the last group.
    early: Chunked,
    /// The last group of numbers.
    last: Vec<u8>,
    landable: u32,
    /// Each pass's count of legal plays (their number is the passes').
    pass_counts: Vec<usize>,
    /// M of R10.
    most: usize,
}

/// Flags of a table entry: whether the game ends on the position, and
/// (below) the most numbers used by a line reaching it.
const ENDING: u8 = 1 << 5;
const USED: u8 = 0x1F;
/// Set in every key, so that no key is 0 (an empty slot).
const FILLED: u64 = 1 << 63;
/// Bytes of a table slot: key and flags.
const SLOT_BYTES: usize = 9;

impl PlayCounter {
    /// A counter within `limits`.
    pub fn new(limits: CountLimits) -> PlayCounter {
        PlayCounter {
            limits,
            ..PlayCounter::default()
        }
    }

    /// The exact number of legal plays of `numbers` from `position` and the
    /// plays at offsets `offset..offset + limit` in the count's order, or
    /// `None` when the count does not fit the limits.
    pub fn page(
        &mut self,
        position: &Position,
        numbers: &Numbers,
        offset: usize,
        limit: usize,
    ) -> Option<CountedPage> {
        if !self.holds(position, numbers) {
            self.state = None;
            self.key = None;
            self.table = Table::default();
            let census = self.census(position, numbers);
            self.state = census;
            self.key = Some((*position, *numbers));
        }
        let census = self.state.as_ref()?;
        let total = census.pass_counts.iter().sum();
        let mut plays = Vec::new();
        let end = offset.saturating_add(limit).min(total);
        let mut before = 0;
        for (pass, &count) in census.pass_counts.iter().enumerate() {
            let (lo, hi) = (offset.max(before), end.min(before + count));
            if lo < hi {
                plays.extend(capture(
                    census,
                    &mut self.table,
                    pass,
                    lo - before,
                    hi - before,
                ));
            }
            before += count;
        }
        Some(CountedPage { total, plays })
    }

    /// The exact number of legal plays of `numbers` from `position`, or
    /// `None` when the count does not fit the limits.
    pub fn total(&mut self, position: &Position, numbers: &Numbers) -> Option<usize> {
        self.page(position, numbers, 0, 0).map(|p| p.total)
    }

    /// Whether the last roll asked about (counted or found too large) is
    /// `numbers` from `position`: asking again costs no new count.
    pub fn holds(&self, position: &Position, numbers: &Numbers) -> bool {
        self.key == Some((*position, *numbers))
    }

    /// The number of passes the last count took (0 when there is none).
    pub fn passes(&self) -> usize {
        self.state.as_ref().map_or(0, |c| c.pass_counts.len())
    }

    /// The most bytes the frontier of the last count held at once (a count
    /// found too large included), as accounted against
    /// [`CountLimits::frontier_bytes`]: never past it.
    pub fn frontier_peak(&self) -> usize {
        self.frontier_peak
    }

    /// Frees the memory of the last count.
    pub fn trim(&mut self) {
        *self = PlayCounter::new(self.limits);
    }

    /// Plays all groups but the last, then counts the last pass by pass.
    fn census(&mut self, position: &Position, numbers: &Numbers) -> Option<Census> {
        let groups: Vec<&[u8]> = match numbers {
            Numbers::Sequence(seq) => seq.runs().collect(),
            // Two dice have a few dozen plays: the generator lists them.
            Numbers::Pair(..) => return None,
        };
        let (last, before) = groups.split_last()?;
        self.frontier_peak = 0;
        let mut census = frontier(
            position,
            before,
            self.limits.frontier_bytes,
            &mut self.frontier_peak,
        )?;
        census.last = last.to_vec();
        // One run first to estimate the positions the passes will hold;
        // the table is sized and the passes chosen from it, with a margin
        // of 15% (the estimate's error is under 1%).
        let estimate = estimate_positions(&census);
        let max_slots = (self.limits.table_bytes / SLOT_BYTES).max(16);
        let wanted = estimate * 1.15;
        let slots = max_slots.min((wanted / 0.75) as usize + 16);
        self.table = Table::with_slots(slots);
        let mut passes = ((wanted / self.table.capacity() as f64).ceil() as usize).max(1);
        while passes <= self.limits.max_passes {
            match count_passes(&mut census, &mut self.table, passes) {
                Ok(counts) => {
                    census.pass_counts = counts;
                    return Some(census);
                }
                // Unlucky: a pass overflowed the table; try with more.
                Err(()) => passes += 1,
            }
        }
        None
    }
}

/// Counts the legal plays of each of `passes` passes, the last pass first
/// (the table then ends holding pass 0, where the first page is); `Err`
/// when a pass overflows the table.
fn count_passes(census: &mut Census, table: &mut Table, passes: usize) -> Result<Vec<usize>, ()> {
    let mut counts = Vec::with_capacity(passes);
    for pass in (0..passes).rev() {
        let (fitted, most) = fill(census, table, passes, pass);
        census.most = most;
        if !fitted {
            return Err(());
        }
        counts.push(table.legal(census.most));
    }
    counts.reverse();
    Ok(counts)
}

/// Registers of the estimate's sketch (16 KB: standard error 0.8%).
const SKETCH_BITS: u32 = 14;

/// The number of distinct positions the lines reach, estimated in one
/// run over them with a HyperLogLog sketch (Flajolet et al., 2007): each
/// position's hash picks a register, which keeps the longest run of
/// leading zeros seen in the rest of the hash.
fn estimate_positions(census: &Census) -> f64 {
    let m = 1usize << SKETCH_BITS;
    let mut registers = vec![0u8; m];
    each_line(census, |p| {
        let h = mix(spread(&p.position) ^ 0x5851_F42D_4C95_7F2D);
        let r = &mut registers[(h >> (64 - SKETCH_BITS)) as usize];
        let rank = ((h << SKETCH_BITS) | 1 << (SKETCH_BITS - 1)).leading_zeros() as u8 + 1;
        *r = (*r).max(rank);
        true
    });
    let m = m as f64;
    let sum: f64 = registers.iter().map(|&r| (-f64::from(r)).exp2()).sum();
    let raw = 0.7213 / (1.0 + 1.079 / m) * m * m / sum;
    let zeros = registers.iter().filter(|&&r| r == 0).count();
    if raw < 2.5 * m && zeros > 0 {
        // Few positions: count the empty registers instead.
        m * (m / zeros as f64).ln()
    } else {
        raw
    }
}

/// One pass's table: exact keys (0 marks an empty slot), open addressing
/// with linear probing, and beside each key its flags.
#[derive(Default)]
struct Table {
    keys: Vec<u64>,
    flags: Vec<u8>,
    /// The pass whose positions the table holds, when it holds one whole.
    holds: Option<usize>,
}

impl Table {
    fn with_slots(slots: usize) -> Table {
        Table {
            keys: vec![0; slots],
            flags: vec![0; slots],
            holds: None,
        }
    }

    /// Most positions a pass may put in it: three quarters of the slots.
    fn capacity(&self) -> usize {
        Table::capacity_of(self.keys.len())
    }

    fn capacity_of(slots: usize) -> usize {
        slots / 4 * 3
    }

    fn clear(&mut self) {
        self.keys.fill(0);
        self.flags.fill(0);
        self.holds = None;
    }

    /// Adds a position (`key`, `hash`) reached by a line with `flags`,
    /// keeping the most numbers used; `false` when it is new and the table
    /// already holds `capacity` positions.
    #[inline]
    fn insert(&mut self, hash: u64, key: u64, flags: u8, len: &mut usize) -> bool {
        let slots = self.keys.len();
        let mut i = (((hash & 0xFFFF_FFFF) * slots as u64) >> 32) as usize;
        loop {
            let k = self.keys[i];
            if k == key {
                if flags & USED > self.flags[i] & USED {
                    self.flags[i] = flags;
                }
                return true;
            }
            if k == 0 {
                if *len >= self.capacity() {
                    return false;
                }
                self.keys[i] = key;
                self.flags[i] = flags;
                *len += 1;
                return true;
            }
            i += 1;
            if i == slots {
                i = 0;
            }
        }
    }

    /// The number of legal plays held when M is `most`.
    fn legal(&self, most: usize) -> usize {
        (0..self.keys.len())
            .filter(|&i| self.keys[i] != 0 && is_legal(self.flags[i], most))
            .count()
    }
}

/// Plays stored in chunks of fixed size: growing never copies (nor
/// leaves a freed block behind, as doubling a vector of millions of
/// plays would: the allocator keeps it resident).
#[derive(Default)]
struct Chunked {
    chunks: Vec<Vec<Play>>,
    len: usize,
    /// Emptied chunks to fill before allocating new ones.
    spare: Vec<Vec<Play>>,
    /// Plays' worth of memory the spare chunks had written (resident).
    spare_written: usize,
}

/// Plays a chunk holds (1 MB).
const CHUNK: usize = 1 << 14;

impl Chunked {
    fn push(&mut self, play: Play) {
        if self.len.is_multiple_of(CHUNK) {
            let chunk = self.spare.pop();
            if chunk.is_some() {
                self.spare_written = self.spare_written.saturating_sub(CHUNK);
            }
            self.chunks
                .push(chunk.unwrap_or_else(|| Vec::with_capacity(CHUNK)));
        }
        if let Some(chunk) = self.chunks.last_mut() {
            chunk.push(play);
        }
        self.len += 1;
    }

    fn get_mut(&mut self, i: usize) -> &mut Play {
        &mut self.chunks[i / CHUNK][i % CHUNK]
    }

    fn iter(&self) -> impl Iterator<Item = &Play> {
        self.chunks.iter().flatten()
    }

    /// Bytes written, spare chunks included (a chunk's unwritten tail is
    /// not resident).
    fn bytes(&self) -> usize {
        (self.len + self.spare_written) * size_of::<Play>()
    }
}

/// A set of plays with equal positions merged (keeping the line that used
/// more numbers), indexed by an open-addressing table of indices.
#[derive(Default)]
struct Distinct {
    plays: Chunked,
    /// Index + 1 into `plays`; 0 marks an empty slot.
    index: Vec<u32>,
}

impl Distinct {
    fn insert(&mut self, play: &Play) {
        if self.must_grow() {
            self.grow();
        }
        let mask = self.index.len() - 1;
        let mut i = play.position.fast_hash() as usize & mask;
        loop {
            match self.index[i] {
                0 => break,
                at => {
                    let existing = self.plays.get_mut(at as usize - 1);
                    if existing.position == play.position {
                        if play.steps.len() > existing.steps.len() {
                            existing.steps = play.steps;
                        }
                        return;
                    }
                }
            }
            i = (i + 1) & mask;
        }
        self.plays.push(*play);
        self.index[i] = self.plays.len as u32;
    }

    /// Whether one more play would fill the index past half.
    #[inline]
    fn must_grow(&self) -> bool {
        (self.plays.len + 1) * 2 > self.index.len()
    }

    /// The index's slots once it grows.
    #[inline]
    fn grown_slots(&self) -> usize {
        (self.index.len() * 2).max(256)
    }

    #[cold]
    fn grow(&mut self) {
        let slots = self.grown_slots();
        self.index = Vec::new();
        self.index = vec![0; slots];
        let mask = slots - 1;
        for (at, play) in self.plays.iter().enumerate() {
            let mut i = play.position.fast_hash() as usize & mask;
            while self.index[i] != 0 {
                i = (i + 1) & mask;
            }
            self.index[i] = at as u32 + 1;
        }
    }

    /// Bytes held.
    fn bytes(&self) -> usize {
        self.plays.bytes() + self.index.len() * size_of::<u32>()
    }

    /// Bytes held once one more play is inserted, at most: one play more,
    /// and the index doubled if it must grow (the old one is freed first).
    fn bytes_after_insert(&self) -> usize {
        let index = if self.must_grow() {
            self.grown_slots()
        } else {
            self.index.len()
        };
        self.plays.bytes() + size_of::<Play>() + index * size_of::<u32>()
    }
}

/// Plays every group but the last from `position`, merging equal
/// positions after each group; `None` past `max_bytes`. `peak` is raised
/// to the most bytes held at once, as accounted (never past `max_bytes`).
fn frontier(
    position: &Position,
    groups: &[&[u8]],
    max_bytes: usize,
    peak: &mut usize,
) -> Option<Census> {
    let landable = landable_mask(position);
    let mut frontier = Distinct::default();
    let mut early = Distinct::default();
    frontier.insert(&Play {
        position: *position,
        steps: StepList::EMPTY,
    });
    for group in groups {
        let mut next = Distinct::default();
        // The positions played from are emptied chunk by chunk and their
        // chunks filled again with the next positions: the memory of the
        // two levels is not held twice.
        frontier.index = Vec::new();
        let mut rest = frontier.plays.len;
        for mut chunk in std::mem::take(&mut frontier.plays.chunks) {
            // The budget is checked before every line is kept, not once a
            // chunk: one chunk of positions can reach millions of new ones
            // in a single group, and each is refused before its memory is
            // taken (a group's index doubling included).
            let held = rest * size_of::<Play>();
            let mut over = false;
            for cand in &chunk {
                dfs(&Node::root(cand), group, 0, 24, landable, &mut |p, e| {
                    if over {
                        return;
                    }
                    let (into, other) = if e == Emit::Complete {
                        (&mut next, &early)
                    } else {
                        (&mut early, &next)
                    };
                    let after = held + other.bytes() + into.bytes_after_insert();
                    if after > max_bytes {
                        over = true;
                        return;
                    }
                    into.insert(p);
                    *peak = (*peak).max(held + next.bytes() + early.bytes());
                });
                if over {
                    return None;
                }
            }
            rest -= chunk.len();
            next.plays.spare_written += chunk.len();
            chunk.clear();
            next.plays.spare.push(chunk);
            *peak = (*peak).max(rest * size_of::<Play>() + next.bytes() + early.bytes());
        }
        frontier = next;
    }
    frontier.index = Vec::new();
    frontier.plays.spare = Vec::new();
    let most = early.plays.iter().map(|p| p.steps.len()).max().unwrap_or(0);
    Some(Census {
        frontier: frontier.plays,
        early: early.plays,
        last: Vec::new(),
        landable,
        pass_counts: Vec::new(),
        most,
    })
}

/// Calls `f` with every line's result (early lines, then the last group
/// played from each frontier position) until it returns `false`; returns
/// whether it went through them all.
fn each_line(census: &Census, mut f: impl FnMut(&Play) -> bool) -> bool {
    for p in census.early.iter() {
        if !f(p) {
            return false;
        }
    }
    let mut going = true;
    for cand in census.frontier.iter() {
        dfs(
            &Node::root(cand),
            &census.last,
            0,
            24,
            census.landable,
            &mut |p, _| going &= f(p),
        );
        if !going {
            return false;
        }
    }
    true
}

/// Fills the table with the positions of pass `pass` of `passes`;
/// returns whether they fitted its capacity, and M as far as the lines
/// played tell.
fn fill(census: &Census, table: &mut Table, passes: usize, pass: usize) -> (bool, usize) {
    table.clear();
    let mut len = 0;
    let mut most = census.most;
    let done = each_line(census, |p| {
        most = most.max(p.steps.len());
        let hash = spread(&p.position);
        pass_of(hash, passes) != pass
            || table.insert(hash, turn_key(&p.position), flags(p), &mut len)
    });
    if !done {
        return (false, most);
    }
    table.holds = Some(pass);
    (true, most)
}

/// The plays of pass `pass` at indices `lo..hi` of its order.
fn capture(census: &Census, table: &mut Table, pass: usize, lo: usize, hi: usize) -> Vec<Play> {
    let passes = census.pass_counts.len();
    if table.holds != Some(pass) && !fill(census, table, passes, pass).0 {
        // Cannot happen: the same pass fitted the same table when counted.
        return Vec::new();
    }
    // Sort the pass's legal keys in the table itself: no second buffer.
    table.holds = None;
    let mut legal = 0;
    for i in 0..table.keys.len() {
        if table.keys[i] != 0 && is_legal(table.flags[i], census.most) {
            table.keys[legal] = table.keys[i];
            legal += 1;
        }
    }
    let keys = &mut table.keys[..legal];
    keys.sort_unstable();
    let wanted = &keys[lo.min(legal)..hi.min(legal)];
    let mut found: Vec<Option<Play>> = vec![None; wanted.len()];
    each_line(census, |p| {
        if pass_of(spread(&p.position), passes) == pass
            && let Ok(i) = wanted.binary_search(&turn_key(&p.position))
            && found[i].is_none_or(|f| p.steps.len() > f.steps.len())
        {
            found[i] = Some(*p);
        }
        true
    });
    found.into_iter().flatten().collect()
}

/// Whether a position with `flags` is a legal play when M is `most`.
fn is_legal(flags: u8, most: usize) -> bool {
    flags & ENDING != 0 || usize::from(flags & USED) == most
}

/// The flags of a line's result: ending, numbers used.
fn flags(p: &Play) -> u8 {
    let ending = if ends_game(&p.position) { ENDING } else { 0 };
    ending | p.steps.len() as u8
}

/// A position of the turn being counted packed without loss into 63 bits
/// (bit 63 is [`FILLED`]): the mover's free checkers point by point in
/// unary (a one per checker, a zero closing each point: at most 15 + 24
/// bits), then from bit 39 one bit a point for a pinned checker there.
/// Within one turn the opponent's checkers do not move, so each point's
/// number of them is fixed; the pinned checker on a point is the
/// opponent's when the mover has free checkers there (on top of it) and
/// the mover's otherwise; the mover's checkers borne off are those of its
/// fixed total not on the board. So two positions of one turn with the
/// same key are the same.
fn turn_key(p: &Position) -> u64 {
    let mut key = 0u64;
    let mut at = 0;
    for &v in p.raw_board() {
        let n = u32::from(v.max(0) as u8);
        key |= ((1u64 << n) - 1) << at;
        at += n + 1;
    }
    FILLED | u64::from(p.own_pinned_mask() | p.opp_pinned_mask()) << 39 | key
}

/// A well-mixed hash of a position, choosing its pass (high half) and
/// its first slot (low half).
fn spread(p: &Position) -> u64 {
    mix(p.fast_hash())
}

/// The pass of a position's hash, of `passes`.
fn pass_of(hash: u64, passes: usize) -> usize {
    (((hash >> 32) * passes as u64) >> 32) as usize
}

/// The splitmix64 finalizer (a bijection on u64).
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
