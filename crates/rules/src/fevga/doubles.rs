//! The search of a Fevga double: four steps of one number, each play
//! found by the line the generator's results name it by, and (in most
//! turns) by no other.
//!
//! The generator's results are defined by a depth-first search that tries
//! source points from 1 up at every step and keeps, for each position,
//! the first line that reaches it: the lexicographically first legal
//! order of its steps. In a double the steps of a play are fixed by its
//! position (along each chain of points `n` apart the position fixes how
//! many checkers left each point), so that line is the first legal order
//! of one multiset of source points. This search cuts the other orders:
//!
//! When the line takes source `x` while a smaller source `m` was also
//! legal, `m` is barred for as long as it stays legal. A line that then
//! takes `m` could have taken it at that step instead, with every step
//! between still legal: the opponent never moves, the checker on `m` is
//! still there (no step between left `m`), release (F7) is only earned
//! sooner, a checker home sooner only helps bearing off (F10), no step
//! between bore off past `m` with a larger number (F11: `m`'s checker
//! stood higher), and each position between, which differs by `m`'s step,
//! is one the rules allowed (F8, `ahead_required`), since `m` stayed
//! legal. That line is smaller and reaches the same position, so the cut
//! line is never the first, and every position's first line survives.
//!
//! Without position tests on every step a legal step stays legal, no bar
//! is ever lifted, and every line that survives is its position's first:
//! no table is needed. A lifted bar (a quarter about to close, F8, or a
//! prime, `ahead_required`) lets a later line reach a position again, so
//! in turns where a step's position can be refused the collector keeps a
//! table of positions (the first line still comes first).

use super::collect::Collector;
use super::steps::FevgaSteps;
use super::turn::{Node, Turn, up_to};

/// Whether a double's search from `turn` may reach a position twice: the
/// collector then needs a table of positions.
pub(crate) fn may_repeat(turn: &Turn<'_>) -> bool {
    turn.check_each_step
}

/// One double's search.
struct Doubles<'a, 'c> {
    turn: &'a Turn<'a>,
    pips: u8,
    collector: &'c mut Collector<'a>,
}

/// Searches every line of four `pips` from `root` into `collector`, which
/// has a table of positions when [`may_repeat`].
pub(crate) fn search_double<'a>(
    turn: &'a Turn<'a>,
    pips: u8,
    root: Node,
    collector: &mut Collector<'a>,
) {
    Doubles {
        turn,
        pips,
        collector,
    }
    .explore(root, FevgaSteps::NONE, 4, 0);
}

impl Doubles<'_, '_> {
    /// Searches on from `node`, reached by `steps`, with `left` numbers
    /// still to play (at least one) and the sources `barred`.
    fn explore(&mut self, node: Node, steps: FevgaSteps, left: u8, barred: u32) {
        let legal = self.turn.legal(&node, self.pips);
        // A line that can go on is shorter than one that does (R10),
        // unless that one ends where `end_of_play` forbids.
        if legal == 0 || self.turn.check_final {
            self.collector.keep(&node, steps);
        }
        // A barred source no longer legal here is free again.
        let barred = barred & legal;
        let mut sources = legal & !barred;
        if left == 1 {
            // The last number: each step ends a line.
            while sources != 0 {
                let from = sources.trailing_zeros() as u8 + 1;
                sources &= sources - 1;
                let line = steps.pushed(from, self.pips);
                self.collector.keep(&node.step(from, self.pips), line);
            }
            return;
        }
        while sources != 0 {
            let from = sources.trailing_zeros() as u8 + 1;
            sources &= sources - 1;
            let child = node.step(from, self.pips);
            let line = steps.pushed(from, self.pips);
            let passed = legal & up_to(from - 1);
            self.explore(child, line, left - 1, barred | passed);
        }
    }
}
