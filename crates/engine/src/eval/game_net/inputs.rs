//! The non-zero inputs of one position, in increasing index order, as a
//! game's encoder writes them and the first layer's kernel reads them
//! (a few dozen of a few hundred inputs are not zero).

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
}
