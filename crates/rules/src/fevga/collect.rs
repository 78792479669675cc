//! [`Collector`]: where the searches put the lines they find, applying
//! as they go the rules that judge a whole play by its length and its
//! position: the `end_of_play` test (F8), R10's "as many numbers as
//! possible" and, where a search can reach a position twice, R11.
//!
//! A line shorter than the longest kept so far is dropped at once, and a
//! longer one empties the list: the longest lines all come after the
//! first of them, so the list ends as R10's filter over every line would
//! leave it, in the order the lines were found.

use super::play::FevgaPlay;
use super::stamp_set::StampSet;
use super::steps::FevgaSteps;
use super::turn::{Node, Turn};

/// The plays kept so far of one call.
pub(crate) struct Collector<'a> {
    turn: &'a Turn<'a>,
    plays: &'a mut Vec<FevgaPlay>,
    /// The most numbers a kept line uses.
    most: usize,
    /// The positions kept (the mover's counts), when the search may reach
    /// one twice; `None` when it reaches each once.
    seen: Option<&'a mut StampSet>,
}

impl<'a> Collector<'a> {
    /// A collector filling `plays` (emptied here); `seen` when the search
    /// may reach a position by two lines (the first is kept).
    pub(crate) fn new(
        turn: &'a Turn<'a>,
        plays: &'a mut Vec<FevgaPlay>,
        mut seen: Option<&'a mut StampSet>,
    ) -> Collector<'a> {
        plays.clear();
        if let Some(seen) = seen.as_deref_mut() {
            seen.clear();
        }
        Collector {
            turn,
            plays,
            most: 0,
            seen,
        }
    }

    /// The most numbers a kept line uses.
    pub(crate) fn most(&self) -> usize {
        self.most
    }

    /// The plays kept, for the filters that follow the search.
    pub(crate) fn plays(&mut self) -> &mut Vec<FevgaPlay> {
        self.plays
    }

    /// Offers the line of `steps` that ends in `node`.
    #[inline(always)]
    pub(crate) fn keep(&mut self, node: &Node, steps: FevgaSteps) {
        let len = steps.len();
        if len < self.most {
            return;
        }
        // Under `end_of_play` a line that ends where the rules forbid is no
        // play, and does not count for R10 (doing nothing always counts).
        if self.turn.check_final && len > 0 && !self.turn.allowed(node) {
            return;
        }
        if len > self.most {
            self.most = len;
            self.plays.clear();
            if let Some(seen) = self.seen.as_deref_mut() {
                seen.clear();
            }
        }
        if let Some(seen) = self.seen.as_deref_mut()
            && !seen.insert(node.counts)
        {
            return;
        }
        self.plays.push(FevgaPlay {
            position: self.turn.position(node),
            steps,
        });
    }
}
