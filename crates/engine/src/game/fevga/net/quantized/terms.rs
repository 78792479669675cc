//! The integer first layer's terms from a Fevga position's
//! [`FevgaParts`]: all of them, or those that change from the previous
//! position of a batch. Two positions' parts are compared eight bytes at a
//! time (a play moves a few checkers: a few counts and closed points
//! ahead change, and a few globals); only the bytes and counts that differ
//! give terms.

use crate::eval::net::quantized::Changes;
use crate::eval::net::quantized::inputs::{
    Fixed, fixed, fixed_table, for_each_changed_byte, for_each_changed_global, tabled_fixed,
};
use crate::game::fevga::net::inputs::{AHEAD_6, POINTS, SIDE_INPUTS, global_input};
use crate::game::fevga::net::parts::{
    FevgaParts, GLOBALS, NEAR, SIDE_GLOBALS, SIDE_MAX_COUNT, global_value,
};

/// The [`Fixed`] value of `a` closed points ahead (`a / 6`, `a ≤ 6`).
const AHEAD_FIXED: [Fixed; 7] = {
    let mut table = [0; 7];
    let mut a = 0;
    while a < 7 {
        table[a] = fixed(a as f32 / 6.0);
        a += 1;
    }
    table
};

/// Counts tabled for every global (the pip counts have their own table).
const COUNTS: usize = 16;

/// Pip counts tabled (up to 360: fifteen checkers on the 24-point).
const PIP_COUNTS: usize = SIDE_MAX_COUNT[1] as usize + 1;

/// [`Fixed`] values of the pip count's globals by count.
static PIP_FIXED: [Fixed; PIP_COUNTS] = fixed_table!(global_value, row 1, PIP_COUNTS);

/// [`Fixed`] values of every global by count below [`COUNTS`] (the pip
/// counts have their own table).
static GLOBAL_FIXED: [[Fixed; COUNTS]; GLOBALS] = fixed_table!(global_value, GLOBALS, COUNTS);

/// The [`Fixed`] value of global `k` of count `count`.
#[inline(always)]
fn global_fixed(k: usize, count: u16) -> Fixed {
    let table: &[Fixed] = if k % SIDE_GLOBALS == 1 && k < 2 * SIDE_GLOBALS {
        &PIP_FIXED
    } else {
        &GLOBAL_FIXED[k]
    };
    tabled_fixed(table, count, || global_value(k, count))
}

/// Index of the first input of byte `byte` of side `side`'s point parts:
/// a point's four units, or its closed points ahead (which follow the
/// units in the same order in the inputs).
#[inline(always)]
fn byte_input(side: usize, byte: usize) -> u16 {
    let at = if byte < NEAR {
        POINTS + 4 * byte
    } else {
        AHEAD_6 + byte - NEAR
    };
    (side * SIDE_INPUTS + at) as u16
}

/// The terms that turn byte `byte` of side `side` from `from` into `to`.
#[inline(always)]
fn byte_terms(side: usize, byte: usize, from: u8, to: u8, changes: &mut Changes) {
    let at = byte_input(side, byte);
    if byte >= NEAR {
        let value = |a: u8| AHEAD_FIXED[usize::from(a)];
        changes.push_transition(at, value(from), value(to));
        return;
    }
    changes.push_point(at, from, to);
}

/// Makes `changes` the terms of every input of `parts`.
#[inline(always)]
pub fn all_terms(parts: &FevgaParts, changes: &mut Changes) {
    changes.clear();
    for (side, points) in parts.points.iter().enumerate() {
        for (byte, &v) in points.iter().enumerate() {
            if v != 0 {
                byte_terms(side, byte, 0, v, changes);
            }
        }
    }
    for (k, &count) in parts.globals.iter().enumerate() {
        if count != 0 {
            changes.push_add(global_input(k) as u16, global_fixed(k, count));
        }
    }
}

/// Makes `changes` the terms that turn the sums of `old`'s inputs into
/// those of `new`'s.
#[inline(always)]
pub fn terms_between(old: &FevgaParts, new: &FevgaParts, changes: &mut Changes) {
    changes.clear();
    for (side, (was, now)) in old.points.iter().zip(&new.points).enumerate() {
        for_each_changed_byte(was, now, |byte| {
            byte_terms(side, byte, was[byte], now[byte], changes);
        });
    }
    // A count of 0 is value 0: the input is absent.
    for_each_changed_global(&old.globals, &new.globals, |k| {
        changes.push_transition(
            global_input(k) as u16,
            global_fixed(k, old.globals[k]),
            global_fixed(k, new.globals[k]),
        );
    });
}
