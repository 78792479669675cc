//! Hashing positions with the rules core's fast hash, for the sets and
//! maps of the search's hot loops (SipHash showed up in profiles): the
//! Express beam's set of positions seen ([`super::express`]).

use std::hash::{BuildHasherDefault, Hash, Hasher};

use plakoto_rules::Position;

/// A position hashed with the rules core's fast hash.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct PosKey(pub Position);

impl Hash for PosKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.fast_hash());
    }
}

/// A hash set of positions with the fast hash.
pub(crate) type PositionSet = std::collections::HashSet<PosKey, BuildHasherDefault<PassHasher>>;

/// Passes a precomputed 64-bit hash through.
#[derive(Default)]
pub(crate) struct PassHasher(u64);

impl Hasher for PassHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}
