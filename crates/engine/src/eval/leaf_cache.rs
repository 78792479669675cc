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

use super::Probabilities;
use plakoto_rules::Position;

/// Slots in the table (a power of two): 2^18 holds the distinct leaves of
/// a typical 3-ply search (about 160,000) with few overwrites; 72 bytes a
/// slot, 19 MB, allocated on first use.
const SLOTS: usize = 1 << 18;

#[derive(Clone, Copy)]
struct Slot {
    position: Position,
    /// The search this slot was written in; 0 never is one.
    generation: u32,
    value: Probabilities,
}

/// Static evaluations of positions (side on roll) already made in the
/// current search. The caller starts each search with [`LeafCache::clear`]
/// and keeps the evaluator and the rules fixed within it.
#[derive(Default)]
pub struct LeafCache {
    slots: Vec<Slot>,
    generation: u32,
}

impl LeafCache {
    /// Forgets every entry (in constant time).
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 searches, old slots could look current again.
            self.slots.clear();
            self.generation = 1;
        }
    }

    fn index(position: &Position) -> usize {
        (position.fast_hash() as usize) & (SLOTS - 1)
    }

    /// The value stored for `position` in this search, if any.
    #[inline]
    pub fn get(&self, position: &Position) -> Option<Probabilities> {
        let slot = self.slots.get(Self::index(position))?;
        (slot.generation == self.generation && slot.position == *position).then_some(slot.value)
    }

    /// Asks the CPU to fetch `position`'s slot now, so that the
    /// [`Self::get`] that follows does not wait for memory: a search's
    /// lookups miss the CPU caches (the table is larger than they are), and
    /// fetching a roll's slots together overlaps those waits.
    #[inline]
    pub fn prefetch(&self, position: &Position) {
        #[cfg(target_arch = "x86_64")]
        if let Some(slot) = self.slots.get(Self::index(position)) {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: a prefetch is only a hint; it never faults, whatever
            // the address, and `slot` is a valid reference anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((slot as *const Slot).cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = position;
    }

    /// Stores `value` for `position`, replacing whatever held its slot.
    #[inline]
    pub fn insert(&mut self, position: &Position, value: Probabilities) {
        if self.generation == 0 {
            self.generation = 1;
        }
        if self.slots.is_empty() {
            self.slots = vec![
                Slot {
                    position: Position::initial(),
                    generation: 0,
                    value: Probabilities::default(),
                };
                SLOTS
            ];
        }
        self.slots[Self::index(position)] = Slot {
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
}
