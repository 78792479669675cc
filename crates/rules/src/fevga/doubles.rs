//! The search of a Fevga double: four steps of one number, each play
//! found once, by the line the generator's results name it by.
//!
//! The generator's results are defined by a depth-first search that tries
//! source points from 1 up at every step and keeps, for each position,
//! the first line that reaches it: the lexicographically first legal
//! order of its steps. In a double the steps of a play are determined by
//! its position (each residue class of points mod the number is a chain
//! whose flow the position fixes), so that line is the first legal order
//! of one multiset of source points. This search builds only those
//! lines, with no table of positions:
//!
//! When the line takes source `x` while a smaller source `m` was also
//! legal, `m` is barred for the rest of the line. A line that took `m`
//! later could take it at that step instead: the opponent never moves,
//! the checker on `m` is still there (no step between left `m`), release
//! (F7) is only earned sooner, an earlier checker home only helps bearing
//! off (F10), and no step between bore off past `m` with a larger number
//! (F11: the checker on `m` stood higher). That line is legal, smaller,
//! and reaches the same position, so the barred line is never the first;
//! and every line the bar cuts is so, so each position's first line
//! survives, and is the only line to it that does.
//!
//! F8 tested on every step is the exception: moving `m`'s checker down
//! earlier adds a point held at `m - n` to the steps between, which can
//! close a starting quarter. So a source landing in a quarter the mover
//! could close this turn is not barred; then two lines can reach one
//! position and the positions seen are kept in a table (the first line
//! still comes first), as they are under `ahead_required` tested on every
//! step (a prime, unlike a quarter, can be made by the extra checker in
//! ways masks do not follow), where nothing is barred and the states with
//! numbers left already searched are skipped too.

use super::collect::Collector;
use super::stamp_set::StampSet;
use super::steps::FevgaSteps;
use super::turn::{Node, Turn, up_to};

/// One double's search.
pub(crate) struct Doubles<'a, 'c> {
    turn: &'a Turn<'a>,
    pips: u8,
    /// The sources that a smaller legal source's step bars (see the
    /// module doc).
    barrable: u32,
    collector: &'c mut Collector<'a>,
    /// The states with numbers left already searched, when a state can be
    /// reached twice.
    visited: Option<&'c mut StampSet>,
}

impl<'a, 'c> Doubles<'a, 'c> {
    /// Whether the search of `pips` reaches every position once: when it
    /// does not, the collector needs a table of positions.
    pub(crate) fn reaches_each_once(turn: &Turn<'_>, pips: u8) -> bool {
        Self::barrable_of(turn, pips) == up_to(24)
    }

    fn barrable_of(turn: &Turn<'_>, pips: u8) -> u32 {
        if turn.tests_primes_each_step() {
            0
        } else if turn.check_each_step {
            up_to(24) & !(turn.closable_points() << pips)
        } else {
            up_to(24)
        }
    }

    /// Searches every line of four `pips` from `root` into `collector`;
    /// `visited` (cleared here) unless [`Self::reaches_each_once`].
    pub(crate) fn run(
        turn: &'a Turn<'a>,
        pips: u8,
        root: Node,
        collector: &'c mut Collector<'a>,
        mut visited: Option<&'c mut StampSet>,
    ) {
        if let Some(visited) = visited.as_deref_mut() {
            visited.clear();
        }
        let mut search = Doubles {
            turn,
            pips,
            barrable: Self::barrable_of(turn, pips),
            collector,
            visited,
        };
        search.explore(root, FevgaSteps::NONE, 4, 0);
    }

    /// Searches on from `node`, reached by `steps`, with `left` numbers
    /// still to play (at least one) and the sources `barred`.
    fn explore(&mut self, node: Node, steps: FevgaSteps, left: u8, barred: u32) {
        if let Some(visited) = self.visited.as_deref_mut()
            && !visited.insert(node.counts | u128::from(left) << 96)
        {
            return;
        }
        let legal = self.turn.legal(&node, self.pips);
        // A line that can go on is shorter than one that does (R10),
        // unless that one ends where `end_of_play` forbids.
        if legal == 0 || self.turn.check_final {
            self.collector.keep(&node, steps);
        }
        let barrable = legal & self.barrable;
        let mut sources = legal & !barred;
        while sources != 0 {
            let from = sources.trailing_zeros() as u8 + 1;
            sources &= sources - 1;
            let child = node.step(from, self.pips);
            let line = steps.pushed(from, self.pips);
            if left == 1 {
                self.collector.keep(&child, line);
            } else {
                let bars = barrable & up_to(from - 1);
                self.explore(child, line, left - 1, barred | bars);
            }
        }
    }
}
