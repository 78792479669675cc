//! [`StampSet`]: the move generator's set of `u128` keys (a position's
//! packed counts), emptied for every call in constant time.
//!
//! The generator needs it only in the turns where a line can reach a
//! position another line already reached (about 6% of doubles, where a
//! step's position can be refused): a few dozen keys a call, many calls a
//! second, and a general hash set spends more on hashing, probing metadata and
//! clearing than the search spends around it. Here a slot belongs to the
//! set only while its stamp is the current one, so emptying is a new
//! stamp; keys are hashed with two multiplies and probed linearly in one
//! array.

/// One slot: a key and the stamp of the call that put it there.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u128,
    stamp: u32,
}

/// A set of `u128` keys, emptied by [`StampSet::clear`] in constant time.
#[derive(Clone, Debug)]
pub(crate) struct StampSet {
    slots: Vec<Slot>,
    /// The stamp of the slots in the set; never 0 once used, so the
    /// zeroed slots of a grown table are empty.
    stamp: u32,
    len: usize,
}

impl Default for StampSet {
    fn default() -> StampSet {
        StampSet {
            slots: Vec::new(),
            stamp: 1,
            len: 0,
        }
    }
}

impl std::fmt::Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:x}@{}", self.key, self.stamp)
    }
}

/// Slots of a fresh table (a power of two).
const FIRST_CAPACITY: usize = 64;

#[inline]
fn hash(key: u128) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let (low, high) = (key as u64, (key >> 64) as u64);
    (low.wrapping_mul(K) ^ high).wrapping_mul(K)
}

impl StampSet {
    /// Empties the set.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // After 2^32 calls: forget every old stamp at once.
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
    }

    /// Adds `key`; whether it was not in the set yet.
    #[inline]
    pub(crate) fn insert(&mut self, key: u128) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        // The high bits of the product are its best mixed.
        let mut i = (hash(key) >> 32) as usize & mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.stamp != self.stamp {
                *slot = Slot {
                    key,
                    stamp: self.stamp,
                };
                self.len += 1;
                return true;
            }
            if slot.key == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table, keeping the keys of the current stamp.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let capacity = (old.len() * 2).max(FIRST_CAPACITY);
        self.slots = vec![Slot::default(); capacity];
        self.len = 0;
        for slot in old {
            if slot.stamp == self.stamp {
                self.insert(slot.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_kept_once_until_cleared_also_across_growth() {
        let mut set = StampSet::default();
        for round in 0..3u128 {
            set.clear();
            for k in 0..1_000u128 {
                assert!(set.insert(k * 0x1_0000_0001 + round));
            }
            for k in 0..1_000u128 {
                assert!(!set.insert(k * 0x1_0000_0001 + round));
            }
        }
        set.clear();
        assert!(set.insert(2));
        set.stamp = u32::MAX;
        set.clear();
        assert!(set.insert(2), "a cleared set holds nothing");
    }
}
