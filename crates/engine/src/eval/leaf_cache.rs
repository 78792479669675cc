//! A cache of static evaluations for one search: the same position recurs
//! many times inside a deep search tree (a third of the leaves of a 3-ply
//! search, a fifth at 2 ply, measured on the hint bench's suite), reached
//! by different plays, rolls and candidates. Looking one up costs a few
//! tens of nanoseconds against most of a microsecond for the net.
//!
//! Direct-mapped: each position has one slot, chosen by its hash, and a
//! newer position takes the slot of an older one. The full position is
//! kept as the key, so a hit is never another position's value. Emptying
//! it between searches is a generation counter, not a sweep of the table:
//! a search of 0 or 1 ply must not pay for clearing megabytes.
//!
//! The table serves any game's positions, each placed by the hash its
//! search gives it (the game's `EngineGame::leaf_hash`): a Plakoto
//! [`Position`] by its own `fast_hash`, another game's by [`hash_of`]
//! ([`super::mix_hash`]).

use super::Probabilities;
pub use super::mix_hash::hash_of;
use plakoto_rules::Position;

/// Slots in the table unless a budget says otherwise ([`LeafCache::fit`]):
/// those of the default cache budget's half, a power of two. 2^18 slots
/// (72 bytes each, 19 MB) hold the distinct leaves of a typical 3-ply
/// search (about 160,000) with few overwrites; fewer only cost speed.
fn default_slots<P>() -> usize {
    slots_within::<P>(budget_bytes(DEFAULT_CACHE_MB) / 2)
}

/// The cache budget of a session that sets none (`set cache MB`): enough
/// for the default 2-ply searches to find most transpositions, small
/// enough that a session of all three games stays within 64 MB.
pub const DEFAULT_CACHE_MB: u32 = 8;

/// Bytes of a cache budget of `mb` megabytes.
pub fn budget_bytes(mb: u32) -> usize {
    (mb as usize) << 20
}

/// The most slots (a power of two, at least 1,024) that fit in `bytes`.
fn slots_within<P>(bytes: usize) -> usize {
    let fit = (bytes / std::mem::size_of::<Slot<P>>()).max(1 << 10);
    1 << fit.ilog2()
}

#[derive(Clone, Copy)]
struct Slot<P> {
    position: P,
    /// The search this slot was written in; 0 never is one.
    generation: u32,
    value: Probabilities,
}

/// Static evaluations of positions (side on roll) already made in the
/// current search. The caller starts each search with [`LeafCache::clear`]
/// and keeps the evaluator and the rules fixed within it.
pub struct LeafCache<P = Position> {
    slots: Vec<Slot<P>>,
    /// Slots the table has once allocated (a power of two).
    size: usize,
    generation: u32,
    /// Places a position in the table (its low bits pick the slot).
    hash: fn(&P) -> u64,
}

impl Default for LeafCache<Position> {
    fn default() -> Self {
        LeafCache::hashed_by(Position::fast_hash)
    }
}

/// A position's slot in a [`LeafCache`] ([`LeafCache::slot_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotIndex(usize);

impl<P: Copy + Eq> LeafCache<P> {
    /// An empty cache placing positions by `hash`.
    pub fn hashed_by(hash: fn(&P) -> u64) -> Self {
        LeafCache {
            slots: Vec::new(),
            size: default_slots::<P>(),
            generation: 0,
            hash,
        }
    }

    /// Sizes the table to the most slots that fit in `bytes` (a power of
    /// two, at least 1,024), freeing it when that changes its size: the
    /// session's cache budget. Only the speed depends on it: a slot holds
    /// its full position, so a smaller table forgets more, never mixes.
    pub fn fit(&mut self, bytes: usize) {
        let size = slots_within::<P>(bytes);
        if size != self.size {
            self.size = size;
            self.slots = Vec::new();
        }
    }

    /// Bytes the table holds now (0 until a search stores a value).
    pub fn held_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Slot<P>>()
    }

    /// Frees the table (its size stays): an engine that waits for its next
    /// command holds nothing of it, and the next search allocates it again.
    pub fn release(&mut self) {
        self.slots = Vec::new();
    }

    /// Forgets every entry (in constant time).
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 searches, old slots could look current again.
            self.slots.clear();
            self.generation = 1;
        }
    }

    /// Where `position` is kept: hashed once, for the `…_at` calls that
    /// follow (a search that prefetches, looks up and stores the same
    /// position hashes it once instead of three times).
    #[inline]
    pub fn slot_of(&self, position: &P) -> SlotIndex {
        SlotIndex(((self.hash)(position) as usize) & (self.size - 1))
    }

    /// The value stored for `position` in this search, if any.
    #[inline]
    pub fn get(&self, position: &P) -> Option<Probabilities> {
        self.get_at(self.slot_of(position), position)
    }

    /// [`Self::get`] of `position`, kept at `slot` ([`Self::slot_of`]).
    #[inline]
    pub fn get_at(&self, slot: SlotIndex, position: &P) -> Option<Probabilities> {
        let slot = self.slots.get(slot.0)?;
        (slot.generation == self.generation && slot.position == *position).then_some(slot.value)
    }

    /// Asks the CPU to fetch `position`'s slot now, so that the
    /// [`Self::get`] that follows does not wait for memory: a search's
    /// lookups miss the CPU caches (the table is larger than they are), and
    /// fetching a roll's slots together overlaps those waits.
    #[inline]
    pub fn prefetch(&self, position: &P) {
        self.prefetch_at(self.slot_of(position));
    }

    /// [`Self::prefetch`] of the position kept at `slot`.
    #[inline]
    pub fn prefetch_at(&self, slot: SlotIndex) {
        #[cfg(target_arch = "x86_64")]
        if let Some(slot) = self.slots.get(slot.0) {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: a prefetch is only a hint; it never faults, whatever
            // the address, and `slot` is a valid reference anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((slot as *const Slot<P>).cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// Stores `value` for `position`, replacing whatever held its slot.
    #[inline]
    pub fn insert(&mut self, position: &P, value: Probabilities) {
        self.insert_at(self.slot_of(position), position, value);
    }

    /// [`Self::insert`] of `position`, kept at `slot` ([`Self::slot_of`]).
    #[inline]
    pub fn insert_at(&mut self, slot: SlotIndex, position: &P, value: Probabilities) {
        if self.generation == 0 {
            self.generation = 1;
        }
        if self.slots.is_empty() {
            // Any position fills the empty slots: generation 0 never
            // matches.
            self.slots = vec![
                Slot {
                    position: *position,
                    generation: 0,
                    value: Probabilities::default(),
                };
                self.size
            ];
        }
        self.slots[slot.0] = Slot {
            position: *position,
            generation: self.generation,
            value,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(w: f32) -> Probabilities {
        Probabilities {
            win_single: w,
            lose_single: 1.0 - w,
            ..Probabilities::default()
        }
    }

    fn another_position() -> Position {
        use plakoto_rules::{Dice, MoveGenerator, PlayList, Variant};
        let mut plays = PlayList::default();
        let numbers = Dice::new(3, 1).unwrap().numbers(Variant::Standard);
        MoveGenerator::default().generate(&Position::initial(), &numbers, &mut plays);
        plays.plays[0].position
    }

    #[test]
    fn a_stored_value_is_found_until_the_cache_is_cleared() {
        let mut cache = LeafCache::default();
        let a = Position::initial();
        let b = another_position();
        assert_ne!(a, b);
        assert_eq!(cache.get(&a), None);
        cache.clear();
        cache.insert(&a, value(0.25));
        assert_eq!(cache.get(&a), Some(value(0.25)));
        assert_eq!(cache.get(&b), None, "only the exact key answers");
        cache.insert(&b, value(0.75));
        assert_eq!(cache.get(&b), Some(value(0.75)));
        cache.clear();
        assert_eq!(cache.get(&a), None);
        assert_eq!(cache.get(&b), None);
        cache.insert(&a, value(0.5));
        assert_eq!(cache.get(&a), Some(value(0.5)));
    }

    #[test]
    fn the_generation_wrapping_round_forgets_everything() {
        let mut cache = LeafCache::default();
        cache.insert(&Position::initial(), value(0.1));
        cache.generation = u32::MAX;
        cache.insert(&Position::initial(), value(0.2));
        cache.clear();
        assert_eq!(cache.generation, 1);
        assert_eq!(cache.get(&Position::initial()), None);
    }

    #[test]
    fn a_fitted_table_never_outgrows_its_budget() {
        // Keys spread over the slots by a multiplicative hash; far more
        // distinct keys than the budget's slots.
        let mut cache =
            LeafCache::<u64>::hashed_by(|key| key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 17);
        let budget = 1 << 20;
        cache.fit(budget);
        cache.clear();
        for key in 0..200_000u64 {
            cache.insert(&key, value(0.5));
        }
        let held = cache.slots.capacity() * std::mem::size_of::<Slot<u64>>();
        assert!(held <= budget, "{held} bytes held for a budget of {budget}");
        assert!(
            held > budget / 2,
            "the table uses its budget: {held} of {budget}"
        );
        assert_eq!(
            cache.get(&199_999),
            Some(value(0.5)),
            "the newest key is kept"
        );
        // A smaller budget frees the table; the next insert allocates the smaller one.
        cache.fit(budget / 4);
        cache.insert(&7, value(0.25));
        let held = cache.slots.capacity() * std::mem::size_of::<Slot<u64>>();
        assert!(
            held <= budget / 4,
            "{held} bytes held for a budget of {}",
            budget / 4
        );
    }
}
