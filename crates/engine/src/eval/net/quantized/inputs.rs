//! The net's sparse inputs in integers, and the changes between two
//! positions' inputs that the integer first layer adds.
//!
//! An input value `v` becomes `whole + frac / 32768` (`frac` in
//! `0..32768`), so its first-layer term for an integer weight `w` is
//! `w * whole + round(w * frac / 32768)` ([`term`]): a
//! function of the input's index and value alone. That is what makes the
//! incremental update exact: removing an input's old term and adding its
//! new one leaves the same sum as adding every term afresh. Inputs of value
//! exactly 1 (most of them: the 0/1 flags) are kept apart, because their
//! term is the weight itself, one integer addition a lane.

use crate::eval::game_net::inputs::count_inputs;

/// `frac` of [`Scaled`] is in units of `1 / FRAC_ONE`.
pub const FRAC_ONE: i32 = 1 << 15;

/// The first-layer term of weight `w` for an input of value
/// `whole + frac / FRAC_ONE`: `w * whole + round(w * frac / FRAC_ONE)`
/// (halves rounded up, the rounding of `pmulhrsw`), wrapping.
#[inline(always)]
pub fn term(w: i16, whole: i16, frac: i16) -> i16 {
    let scaled = (i32::from(w) * i32::from(frac) + FRAC_ONE / 2) >> 15;
    w.wrapping_mul(whole).wrapping_add(scaled as i16)
}

/// One non-zero input in integers: value `whole + frac / FRAC_ONE`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scaled {
    /// The input's index.
    pub index: u16,
    /// Integer part of the value.
    pub whole: i16,
    /// Fractional part of the value, `0..FRAC_ONE`.
    pub frac: i16,
}

impl Scaled {
    /// Input `index` of value `v`, in [`Fixed`] form.
    #[inline(always)]
    pub fn new(index: u16, v: Fixed) -> Scaled {
        Scaled {
            index,
            whole: (v >> 15) as i16,
            frac: (v & (FRAC_ONE as u32 - 1)) as i16,
        }
    }
}

/// An input value as one integer, `whole << 15 | frac` ([`Scaled`]'s two
/// parts): equal values have equal [`Fixed`] forms, so comparing inputs is
/// comparing integers. An absent input is 0.
pub type Fixed = u32;

/// The [`Fixed`] form of 1, the value of every flag.
pub const FIXED_ONE: Fixed = FRAC_ONE as u32;

/// The [`Fixed`] form of `v` (at least 0): [`quantize_value`]'s rounding,
/// as one number.
#[inline]
pub const fn fixed(v: f32) -> Fixed {
    // Exact product (a power of two); adding ½ and truncating rounds to
    // the nearest without `f32::round`, a library call on the baseline CPU.
    (v * FRAC_ONE as f32 + 0.5) as Fixed
}

/// The [`Fixed`] value of count `count` from `table` (a
/// [`fixed_table!`]'s row), or from `value` where the count lies beyond
/// the table.
#[inline(always)]
pub fn tabled_fixed(table: &[Fixed], count: u16, value: impl FnOnce() -> f32) -> Fixed {
    match table.get(usize::from(count)) {
        Some(&v) => v,
        None => fixed(value()),
    }
}

/// Checkers a point can hold, plus one: the counts a point's units are
/// tabled for.
const POINT_COUNTS: usize = 16;

/// The excess unit of a point's four ([`count_inputs`]), `(n − 3) / 2`:
/// not a flag.
const EXCESS: usize = 3;

/// Bit `k`: flag unit `k` of a point holding `n` checkers is set.
const COUNT_FLAGS: [u8; POINT_COUNTS] = {
    let mut table = [0; POINT_COUNTS];
    let mut n = 0;
    while n < POINT_COUNTS {
        let units = count_inputs(n as u8);
        let mut k = 0;
        while k < EXCESS {
            if units[k] != 0.0 {
                table[n] |= 1 << k;
            }
            k += 1;
        }
        n += 1;
    }
    table
};

/// The [`Fixed`] excess unit of a point holding `n` checkers.
const COUNT_EXCESS: [Fixed; POINT_COUNTS] = {
    let mut table = [0; POINT_COUNTS];
    let mut n = 0;
    while n < POINT_COUNTS {
        table[n] = fixed(count_inputs(n as u8)[EXCESS]);
        n += 1;
    }
    table
};

/// Calls `changed(i)` for each `i` where `old[i]` and `new[i]` differ, in
/// order, comparing eight bytes at a time (a play changes a few of a
/// position's point counts); the lengths are equal multiples of 8.
#[inline(always)]
pub(crate) fn for_each_changed_byte(old: &[u8], new: &[u8], mut changed: impl FnMut(usize)) {
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
    for (w, (a, b)) in old.chunks_exact(8).zip(new.chunks_exact(8)).enumerate() {
        let mut differ = word(a) ^ word(b);
        while differ != 0 {
            let byte_in_word = differ.trailing_zeros() as usize / 8;
            differ &= !(0xff << (8 * byte_in_word));
            changed(w * 8 + byte_in_word);
        }
    }
}

/// Calls `changed(k)` for each of at most 32 global counts `k` where `old`
/// and `new` differ, in order.
#[inline(always)]
pub(crate) fn for_each_changed_global(old: &[u16], new: &[u16], mut changed: impl FnMut(usize)) {
    // Which differ, as a mask built without branches.
    let mut differ = 0u32;
    for (k, (a, b)) in old.iter().zip(new).enumerate() {
        differ |= u32::from(a != b) << k;
    }
    while differ != 0 {
        let k = differ.trailing_zeros() as usize;
        differ &= differ - 1;
        changed(k);
    }
}

/// A table of [`Fixed`] values built at compile time from a game's
/// `const fn value(k: usize, count: u16) -> f32` (the value of input `k`
/// of that count): `fixed_table!(value, K, COUNTS)` is the
/// `[[Fixed; COUNTS]; K]` of every input below `K` and count below
/// `COUNTS`, and `fixed_table!(value, row k, COUNTS)` the
/// `[Fixed; COUNTS]` of input `k` alone. A macro because stable Rust
/// cannot hand a `const fn` to a generic `const` builder.
macro_rules! fixed_table {
    ($value:path, row $k:expr, $counts:expr) => {{
        let mut table = [0; $counts];
        let mut count = 0;
        while count < $counts {
            table[count] = $crate::eval::net::quantized::inputs::fixed($value($k, count as u16));
            count += 1;
        }
        table
    }};
    ($value:path, $rows:expr, $counts:expr) => {{
        let mut table = [[0; $counts]; $rows];
        let mut k = 0;
        while k < $rows {
            let mut count = 0;
            while count < $counts {
                table[k][count] =
                    $crate::eval::net::quantized::inputs::fixed($value(k, count as u16));
                count += 1;
            }
            k += 1;
        }
        table
    }};
}
pub(crate) use fixed_table;

/// `v` (at least 0) as `(whole, frac)`: `whole + frac / FRAC_ONE`,
/// rounded to the nearest multiple of `1 / FRAC_ONE`, halves up. Input
/// values are between 0 and 4 ([`crate::eval::features::GLOBAL_MAX`]),
/// far inside the range.
#[inline]
pub fn quantize_value(v: f32) -> (i16, i16) {
    debug_assert!((0.0..16.0).contains(&v), "input value {v}");
    let s = Scaled::new(0, fixed(v));
    (s.whole, s.frac)
}

/// Terms to add to and subtract from the first layer's sums: rows of
/// inputs of value 1, and scaled rows of the others.
#[derive(Clone, Debug, Default)]
pub struct Changes {
    /// Rows added whole.
    pub add: Vec<u16>,
    /// Rows subtracted whole.
    pub sub: Vec<u16>,
    /// Rows added scaled by their value.
    pub add_scaled: Vec<Scaled>,
    /// Rows subtracted scaled by their value.
    pub sub_scaled: Vec<Scaled>,
    /// Rows of inputs whose value changed but neither value is 0 or 1:
    /// the new value's term added and the old one's subtracted, in one
    /// pass over the row.
    pub changed: Vec<Change>,
}

/// An input whose value changed from `old` to `new` (same index).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Change {
    /// The old value.
    pub old: Scaled,
    /// The new value.
    pub new: Scaled,
}

impl Changes {
    /// Empties every list.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.add.clear();
        self.sub.clear();
        self.add_scaled.clear();
        self.sub_scaled.clear();
        self.changed.clear();
    }

    /// Adds the term of input `index` of value `v` (not 0).
    #[inline(always)]
    pub(crate) fn push_add(&mut self, index: u16, v: Fixed) {
        if v == FIXED_ONE {
            self.add.push(index);
        } else {
            self.add_scaled.push(Scaled::new(index, v));
        }
    }

    /// Subtracts the term of input `index` of value `v` (not 0).
    #[inline(always)]
    pub(crate) fn push_sub(&mut self, index: u16, v: Fixed) {
        if v == FIXED_ONE {
            self.sub.push(index);
        } else {
            self.sub_scaled.push(Scaled::new(index, v));
        }
    }

    /// Turns a run of flags (inputs of value 0 or 1, bit `k` of `from` and
    /// `to` being input `at + k`) from `from` into `to`: the rows of the
    /// flags set only in `to` added, those set only in `from` subtracted.
    #[inline(always)]
    pub(crate) fn push_flags(&mut self, at: u16, from: u8, to: u8) {
        let (mut added, mut removed) = (to & !from, from & !to);
        while added != 0 {
            self.add.push(at + added.trailing_zeros() as u16);
            added &= added - 1;
        }
        while removed != 0 {
            self.sub.push(at + removed.trailing_zeros() as u16);
            removed &= removed - 1;
        }
    }

    /// Turns the four units ([`count_inputs`]) of a point whose first
    /// unit is input `at` from holding `from` checkers into holding `to`
    /// (the Portes and Fevga points).
    #[inline(always)]
    pub(crate) fn push_point(&mut self, at: u16, from: u8, to: u8) {
        let flags = |n: u8| COUNT_FLAGS[usize::from(n)];
        self.push_flags(at, flags(from), flags(to));
        let excess = |n: u8| COUNT_EXCESS[usize::from(n)];
        self.push_transition(at + EXCESS as u16, excess(from), excess(to));
    }

    /// Turns the term of input `index` of value `old` into that of `new`
    /// (either may be 0: the input is absent).
    #[inline(always)]
    pub(crate) fn push_transition(&mut self, index: u16, old: Fixed, new: Fixed) {
        if old == new {
        } else if old == 0 {
            self.push_add(index, new);
        } else if new == 0 {
            self.push_sub(index, old);
        } else if old == FIXED_ONE || new == FIXED_ONE {
            self.push_sub(index, old);
            self.push_add(index, new);
        } else {
            self.changed.push(Change {
                old: Scaled::new(index, old),
                new: Scaled::new(index, new),
            });
        }
    }

    /// Rows this adds or subtracts.
    #[inline]
    pub fn len(&self) -> usize {
        self.add.len()
            + self.sub.len()
            + self.add_scaled.len()
            + self.sub_scaled.len()
            + self.changed.len()
    }
}

#[cfg(test)]
impl Changes {
    /// What the changes do to the sums, by input: its (fixed) value added
    /// minus the value subtracted (the games' tests compare it with their
    /// sparse inputs).
    pub(crate) fn effect(&self) -> std::collections::BTreeMap<u16, i64> {
        let mut m = std::collections::BTreeMap::new();
        let one = i64::from(FIXED_ONE);
        let value = |s: &Scaled| i64::from(s.whole) * one + i64::from(s.frac);
        for &i in &self.add {
            *m.entry(i).or_default() += one;
        }
        for &i in &self.sub {
            *m.entry(i).or_default() -= one;
        }
        for s in &self.add_scaled {
            *m.entry(s.index).or_default() += value(s);
        }
        for s in &self.sub_scaled {
            *m.entry(s.index).or_default() -= value(s);
        }
        for c in &self.changed {
            assert_eq!(c.old.index, c.new.index);
            *m.entry(c.new.index).or_default() += value(&c.new) - value(&c.old);
        }
        m.retain(|_, v| *v != 0);
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_split_into_whole_and_rounded_fraction() {
        assert_eq!(quantize_value(1.0), (1, 0));
        assert_eq!(quantize_value(0.0), (0, 0));
        assert_eq!(quantize_value(0.25), (0, 8192));
        assert_eq!(quantize_value(2.25), (2, 8192));
        assert_eq!(quantize_value(3.0), (3, 0));
        assert_eq!(fixed(1.0), FIXED_ONE);
        assert_eq!(fixed(2.25), 2 * FIXED_ONE + 8192);
        // 1 - 2^-17 rounds up to the next whole value, not to frac 32768.
        assert_eq!(quantize_value(1.0 - 1.0 / 131072.0), (1, 0));
        let (w, f) = quantize_value(1.0 / 3.0);
        assert_eq!(w, 0);
        assert!((f32::from(f) / FRAC_ONE as f32 - 1.0 / 3.0).abs() <= 0.5 / FRAC_ONE as f32);
    }
}
