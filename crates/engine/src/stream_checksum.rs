//! The files' checksum ([`crate::binary_file::fnv1a`]) over bytes read in
//! pieces, so that a large file is checked through a small buffer instead
//! of being held whole in memory.

/// FNV-1a, 64 bits, over bytes given in pieces: the same sum as
/// [`crate::binary_file::fnv1a`] of them joined.
pub(crate) struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// Adds the next piece.
    pub fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// The sum of every piece so far.
    pub fn sum(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_in_pieces_is_the_sum_of_the_whole() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut sum = Fnv1a::default();
        for piece in bytes.chunks(33) {
            sum.add(piece);
        }
        assert_eq!(sum.sum(), crate::binary_file::fnv1a(&bytes));
    }
}
