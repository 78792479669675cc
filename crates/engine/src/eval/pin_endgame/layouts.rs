//! The two sides' layouts in a pin endgame and their places in the tables.
//!
//! - The **pinner** (P) has every checker on its points 1..=k, at least one
//!   of them on k, the point where it pins the opposing checker; at most
//!   [`MAX_PINNER`] on the board. A [`PinnerState`] is `k` and that layout.
//! - The **pinned side** (O) has its other 14 checkers in its home board
//!   (none off: a side with a checker outside its home board has never
//!   borne off, R12), a *home* layout.
//!
//! Both lists are sorted by pip count, the order the solver fills the
//! tables in (every move lowers the mover's pips).

use crate::eval::race::{LAYOUTS, Layout, checkers, enumerate, layout_index, pips};

/// Most pinner checkers on the board that the database covers.
pub const MAX_PINNER: u8 = 6;
/// Fewest checkers the pinner has borne off (15 a side, R1).
pub const MIN_PINNER_OFF: u8 = 15 - MAX_PINNER;
/// The pinned side's checkers other than the pinned one.
pub const PINNED_SIDE_HOME: u8 = 14;
/// The pin points the database covers, in the pinner's numbering. A
/// checker pinned on the pinner's 1-point is the opposing mother, and the
/// game ended when it was pinned (R16).
pub const PIN_POINTS: std::ops::RangeInclusive<u8> = 2..=6;

/// Marks a layout outside a list.
const NONE: u32 = u32::MAX;

/// The pinner's side of a pin endgame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PinnerState {
    /// The pin point (2..=6), in the pinner's numbering.
    pub pin: u8,
    /// Checkers on the pinner's points 1..=6 (nothing above `pin`).
    pub layout: Layout,
}

/// The pinner states and home layouts, numbered.
pub struct LayoutIndex {
    pinner: Vec<PinnerState>,
    /// `(pin - 2) * LAYOUTS + layout_index` → place in `pinner`.
    pinner_place: Vec<u32>,
    home: Vec<Layout>,
    /// `layout_index` → place in `home`.
    home_place: Vec<u32>,
}

impl LayoutIndex {
    /// Enumerates both lists (a few milliseconds).
    pub fn new() -> LayoutIndex {
        let mut all = Vec::new();
        enumerate(0, 15, &mut [0u8; 6], &mut all);
        let mut pinner: Vec<PinnerState> = PIN_POINTS
            .flat_map(|pin| {
                all.iter()
                    .filter(move |l| is_pinner_layout(l, pin))
                    .map(move |&layout| PinnerState { pin, layout })
            })
            .collect();
        pinner.sort_by_key(|s| (pips(&s.layout), s.pin, s.layout));
        let mut pinner_place = vec![NONE; PIN_POINTS.count() * LAYOUTS];
        for (i, s) in pinner.iter().enumerate() {
            pinner_place[pinner_key(s.pin, &s.layout)] = i as u32;
        }
        let mut home: Vec<Layout> = all
            .into_iter()
            .filter(|l| checkers(l) == PINNED_SIDE_HOME)
            .collect();
        home.sort_by_key(|l| (pips(l), *l));
        let mut home_place = vec![NONE; LAYOUTS];
        for (i, l) in home.iter().enumerate() {
            home_place[layout_index(l)] = i as u32;
        }
        LayoutIndex {
            pinner,
            pinner_place,
            home,
            home_place,
        }
    }

    /// The pinner states, fewest pips first.
    pub fn pinner_states(&self) -> &[PinnerState] {
        &self.pinner
    }

    /// The home layouts, fewest pips first.
    pub fn homes(&self) -> &[Layout] {
        &self.home
    }

    /// The place of a pinner state, if the database covers it.
    pub fn pinner_place(&self, pin: u8, layout: &Layout) -> Option<usize> {
        if !is_pinner_layout(layout, pin) {
            return None;
        }
        let place = self.pinner_place[pinner_key(pin, layout)];
        (place != NONE).then_some(place as usize)
    }

    /// The place of a home layout of 14 checkers.
    pub fn home_place(&self, layout: &Layout) -> Option<usize> {
        if checkers(layout) != PINNED_SIDE_HOME {
            return None;
        }
        let place = self.home_place[layout_index(layout)];
        (place != NONE).then_some(place as usize)
    }
}

impl Default for LayoutIndex {
    fn default() -> Self {
        LayoutIndex::new()
    }
}

/// Whether `layout` is a pinner's: at least one checker on `pin`, none
/// above it, between 1 and [`MAX_PINNER`] in all.
fn is_pinner_layout(layout: &Layout, pin: u8) -> bool {
    let k = usize::from(pin);
    PIN_POINTS.contains(&pin)
        && layout[k - 1] > 0
        && layout[k..].iter().all(|&c| c == 0)
        && checkers(layout) <= MAX_PINNER
}

fn pinner_key(pin: u8, layout: &Layout) -> usize {
    usize::from(pin - 2) * LAYOUTS + layout_index(layout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_are_complete_and_numbered_both_ways() {
        let index = LayoutIndex::new();
        // 14 checkers on 6 points: C(19, 5).
        assert_eq!(index.homes().len(), 11_628);
        // Pin on k with at most 6 in all: at most 5 more on points 1..=k.
        // Σ over k = 2..=6 of C(5 + k, k).
        assert_eq!(index.pinner_states().len(), 21 + 56 + 126 + 252 + 462);
        for (i, s) in index.pinner_states().iter().enumerate() {
            assert_eq!(index.pinner_place(s.pin, &s.layout), Some(i));
        }
        for (i, h) in index.homes().iter().enumerate() {
            assert_eq!(index.home_place(h), Some(i));
        }
        assert_eq!(index.pinner_place(3, &[0, 0, 1, 1, 0, 0]), None);
        assert_eq!(index.pinner_place(6, &[1, 1, 1, 1, 1, 2]), None);
        assert_eq!(index.pinner_place(1, &[1, 0, 0, 0, 0, 0]), None);
    }
}
