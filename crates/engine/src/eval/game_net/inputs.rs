//! The non-zero inputs of one position, in increasing index order, as a
//! game's encoder writes them and the first layer's kernel reads them
//! (a few dozen of a few hundred inputs are not zero).

/// The four units of a point holding `n` checkers, as the Portes and Fevga
/// nets see a point (Tesauro's TD-Gammon units): `n ≥ 1`, `n ≥ 2`,
/// `n ≥ 3` and `(n − 3) / 2` beyond three, so a blot, a made point and a
/// spare stand apart.
#[inline]
pub const fn count_inputs(n: u8) -> [f32; 4] {
    let excess = if n > 3 { (n - 3) as f32 / 2.0 } else { 0.0 };
    [
        (n >= 1) as u8 as f32,
        (n >= 2) as u8 as f32,
        (n >= 3) as u8 as f32,
        excess,
    ]
}

/// The non-zero inputs of one position among `N`, in increasing index
/// order.
#[derive(Clone, Debug)]
pub struct SparseInputs<const N: usize> {
    len: usize,
    index: [u16; N],
    value: [f32; N],
}

impl<const N: usize> Default for SparseInputs<N> {
    fn default() -> Self {
        SparseInputs {
            len: 0,
            index: [0; N],
            value: [0.0; N],
        }
    }
}

impl<const N: usize> SparseInputs<N> {
    /// Forgets every input: the start of a position's encoding.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends input `index` if `value` is not zero (indices must come in
    /// increasing order).
    #[inline]
    pub(crate) fn push(&mut self, index: usize, value: f32) {
        if value != 0.0 {
            self.index[self.len] = index as u16;
            self.value[self.len] = value;
            self.len += 1;
        }
    }

    /// Appends input `index` with `value` when `keep` (indices must come
    /// in increasing order, and `value` must not be zero when kept):
    /// written either way and counted only when kept, so an encoder's
    /// unpredictable conditions cost no branch.
    #[inline]
    pub(crate) fn push_if(&mut self, keep: bool, index: usize, value: f32) {
        debug_assert!(!keep || value != 0.0, "input {index} kept at zero");
        if self.len < N {
            self.index[self.len] = index as u16;
            self.value[self.len] = value;
        }
        self.len += usize::from(keep);
    }

    /// Indices of the non-zero inputs, increasing.
    pub fn indices(&self) -> &[u16] {
        &self.index[..self.len]
    }

    /// Values of the non-zero inputs, in the order of [`Self::indices`].
    pub fn values(&self) -> &[f32] {
        &self.value[..self.len]
    }

    /// The non-zero inputs as (index, value) pairs.
    pub fn iter(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.indices()
            .iter()
            .zip(self.values())
            .map(|(&i, &v)| (usize::from(i), v))
    }

    /// All inputs, zeros included (tests, inspection).
    pub fn dense(&self) -> Vec<f32> {
        let mut out = vec![0.0; N];
        for (i, v) in self.iter() {
            out[i] = v;
        }
        out
    }

    /// Number of non-zero inputs.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether every input is zero.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Makes `self` the inputs that differ between `old` and `new`, with
    /// value `new - old` (a merge of the two sorted lists).
    pub fn set_difference(&mut self, old: &Self, new: &Self) {
        self.len = 0;
        let (oi, ov) = (old.indices(), old.values());
        let (ni, nv) = (new.indices(), new.values());
        let (mut a, mut b) = (0, 0);
        while a < oi.len() && b < ni.len() {
            if oi[a] == ni[b] {
                self.push(usize::from(ni[b]), nv[b] - ov[a]);
                a += 1;
                b += 1;
            } else if oi[a] < ni[b] {
                self.push(usize::from(oi[a]), -ov[a]);
                a += 1;
            } else {
                self.push(usize::from(ni[b]), nv[b]);
                b += 1;
            }
        }
        for k in a..oi.len() {
            self.push(usize::from(oi[k]), -ov[k]);
        }
        for k in b..ni.len() {
            self.push(usize::from(ni[k]), nv[k]);
        }
    }

    /// Makes `self` a copy of `other` (only its non-zero part is copied).
    pub fn copy_from(&mut self, other: &Self) {
        self.index[..other.len].copy_from_slice(other.indices());
        self.value[..other.len].copy_from_slice(other.values());
        self.len = other.len;
    }
}
