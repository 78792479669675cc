//! The Tavli match a session plays: the rules core's match and the
//! records of its games over, and where it stands as replies show it.

use plakoto_records::record::RecordedGame;
use plakoto_rules::GameKind;
use plakoto_rules::tavli::TavliMatch;

use crate::tavli_replies::TavliInfo;

/// A Tavli match being played: the rules core's match and the records of
/// its games over (one each of [`TavliMatch::games`], naming its kind);
/// the game in play is recorded in the session's record of its kind.
#[derive(Clone, Debug, PartialEq)]
pub struct TavliSession {
    /// The match: its switches, score and games played.
    pub tavli: TavliMatch,
    /// The records of the games over, in order.
    pub games: Vec<RecordedGame>,
}

impl TavliSession {
    /// A match and no game on record.
    pub fn new(tavli: TavliMatch) -> TavliSession {
        TavliSession {
            tavli,
            games: Vec::new(),
        }
    }

    /// Whether the game in play is the last one recorded: once the match
    /// is won by a game played in it.
    pub fn current_recorded(&self) -> bool {
        self.tavli.winner().is_some() && !self.tavli.games().is_empty()
    }

    /// The number in the match of the game in play (once the match is
    /// won: of its last game).
    pub fn current_number(&self) -> u32 {
        if self.current_recorded() {
            self.tavli.finished()
        } else {
            self.tavli.game_number()
        }
    }
}

impl TavliSession {
    /// Where the match stands, `game` being the game played now.
    pub fn info(&self, game: GameKind) -> TavliInfo {
        let tavli = &self.tavli;
        let number = self.current_number();
        let winner = tavli.winner();
        TavliInfo {
            target: tavli.rules().target,
            x: tavli.score()[0],
            o: tavli.score()[1],
            game,
            number,
            next: winner
                .is_none()
                .then(|| tavli.rules().sequence.game(number + 1)),
            winner,
        }
    }
}
