//! Results counted by how games ended ([`KindCounts`]) and by who
//! started each game, the side of its first turn, whichever engine that
//! was ([`StarterCounts`]): the first-move advantage and the gammon rates
//! of starter and follower, which a Tavli match equity table needs (the
//! winner of a game starts the next one, T6).

use super::record::GameRecord;
use plakoto_records::record::Ending;
use plakoto_rules::ResultKind;

/// Counts by how a game ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct KindCounts {
    /// Race wins with the loser having borne off.
    pub single: u64,
    /// Race wins with the loser having borne off nothing.
    pub double: u64,
    /// Tzannes triples.
    pub triple: u64,
    /// Mother wins.
    pub mother: u64,
    /// Wins because the other engine faulted.
    pub forfeit: u64,
}

impl KindCounts {
    /// Counts a win that ended so (draws and unfinished games are not wins).
    pub(super) fn add(&mut self, kind: Ending) {
        match kind {
            Ending::Board(ResultKind::Single) => self.single += 1,
            Ending::Board(ResultKind::Double) => self.double += 1,
            Ending::Board(ResultKind::Triple) => self.triple += 1,
            Ending::Board(ResultKind::Mother) => self.mother += 1,
            Ending::Forfeit => self.forfeit += 1,
            Ending::Board(ResultKind::Draw) | Ending::Unfinished => {}
        }
    }

    /// All wins counted.
    pub fn total(&self) -> u64 {
        self.single + self.double + self.triple + self.mother + self.forfeit
    }
}

/// Games by their starter's result.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct StarterCounts {
    /// Wins of the side that played the first turn, by kind.
    pub starter_wins: KindCounts,
    /// Wins of the other side, by kind.
    pub other_wins: KindCounts,
    /// Draws (both mothers pinned).
    pub draws: u64,
}

impl StarterCounts {
    /// Counts `record`; a game without a turn (a start fault) or
    /// unfinished has no starter's result and is left out.
    pub fn add(&mut self, record: &GameRecord) {
        let Some(starter) = record.moves.first().map(|turn| turn.side) else {
            return;
        };
        match record.winner {
            Some(winner) if winner.side(record.a_side) == starter => {
                self.starter_wins.add(record.kind)
            }
            Some(_) => self.other_wins.add(record.kind),
            None if record.kind == Ending::Board(ResultKind::Draw) => self.draws += 1,
            None => {}
        }
    }

    /// `starter wins 10 (single 6 double 4 …), other wins 8 (…), draws 0`.
    pub fn to_text(&self) -> String {
        let kinds = |k: &KindCounts| {
            format!(
                "{} (single {} double {} triple {} mother {} forfeit {})",
                k.total(),
                k.single,
                k.double,
                k.triple,
                k.mother,
                k.forfeit
            )
        };
        format!(
            "starter wins {}, other wins {}, draws {}",
            kinds(&self.starter_wins),
            kinds(&self.other_wins),
            self.draws
        )
    }
}
