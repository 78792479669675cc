//! A short multiply-and-mix hash of a value's `Hash` bytes, for the
//! search's tables keyed by a game's positions: the leaf cache's slots
//! ([`hash_of`]) and the chance nodes' map ([`MixBuildHasher`]). The
//! standard map's SipHash resists crafted keys, which no search needs, and
//! costs several times as much on a position's few words.

use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Builds a [`MixHasher`] for a `HashMap` or `HashSet` keyed by positions.
pub type MixBuildHasher = BuildHasherDefault<MixHasher>;

/// A hash of `value`'s `Hash` bytes whose low bits are well mixed (they
/// choose a [`LeafCache`](super::LeafCache) slot): for the game layer's positions.
#[inline]
pub fn hash_of<P: Hash>(value: &P) -> u64 {
    let mut h = MixHasher(0);
    value.hash(&mut h);
    h.finish()
}

/// Eight bytes at a time, multiplied in; mixed at the end so that every
/// input bit reaches the low bits. Integers are taken whole (a position's
/// `Hash` writes a length, its board's bytes, a few counts), so a lookup
/// costs a handful of multiplications.
#[derive(Clone, Copy, Default)]
pub struct MixHasher(u64);

impl MixHasher {
    #[inline(always)]
    fn mix(&mut self, word: u64) {
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(K);
    }
}

impl Hasher for MixHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.mix(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.mix(u64::from(x));
    }

    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.mix(u64::from(x));
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.mix(u64::from(x));
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.mix(x);
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.mix(x as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 31;
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^ (h >> 32)
    }
}
