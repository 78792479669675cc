//! The Tavli match (T1–T10): Portes, Plakoto and Fevga played in turn to
//! a target of points. [`TavliRules`] holds the match's switches
//! (`tavli.target`, `tavli.sequence`, `tavli.after_draw`, docs/rules.md
//! section 5); [`TavliMatch`] the score, the games played and what comes
//! next: which game (T1), who starts it (T5–T7) and whether the match is
//! won (T4). There is no cube and no Crawford game (T8). Pure data: the
//! protocol and the records drive it.

use std::fmt;
use std::str::FromStr;

use super::GameKind;
use crate::game_state::FinalResult;
use crate::point::Side;

/// Who starts the game after a draw (T7, `tavli.after_draw`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AfterDraw {
    /// An opening roll decides, as for the first game (R19's decision).
    #[default]
    OpeningRoll,
    /// The starter of the drawn game starts again.
    SameStarter,
}

impl AfterDraw {
    /// The switch's word.
    pub fn as_str(self) -> &'static str {
        match self {
            AfterDraw::OpeningRoll => "opening_roll",
            AfterDraw::SameStarter => "same_starter",
        }
    }
}

impl fmt::Display for AfterDraw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for AfterDraw {
    type Err = TavliRulesError;

    fn from_str(s: &str) -> Result<AfterDraw, TavliRulesError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "opening_roll" => Ok(AfterDraw::OpeningRoll),
            "same_starter" => Ok(AfterDraw::SameStarter),
            _ => Err(TavliRulesError::AfterDraw(s.trim().to_string())),
        }
    }
}

/// The games of a match in their order (T1, `tavli.sequence`): never
/// empty. Written `portes,plakoto,fevga`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sequence(Vec<GameKind>);

impl Sequence {
    /// A sequence of `games`, refused when empty.
    pub fn new(games: Vec<GameKind>) -> Result<Sequence, TavliRulesError> {
        if games.is_empty() {
            return Err(TavliRulesError::EmptySequence);
        }
        Ok(Sequence(games))
    }

    /// The games, in order.
    pub fn games(&self) -> &[GameKind] {
        &self.0
    }

    /// The game played as the match's game `number` (1-based; the
    /// sequence cycles, T1).
    pub fn game(&self, number: u32) -> GameKind {
        let index = (number.max(1) - 1) as usize % self.0.len();
        self.0[index]
    }
}

impl Default for Sequence {
    /// Portes, Plakoto, Fevga (T1).
    fn default() -> Sequence {
        Sequence(GameKind::ALL.to_vec())
    }
}

impl fmt::Display for Sequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.0.iter().map(|k| k.as_str()).collect();
        f.write_str(&names.join(","))
    }
}

impl FromStr for Sequence {
    type Err = TavliRulesError;

    /// Reads `portes,plakoto,fevga` (game names, in any case, separated
    /// by commas).
    fn from_str(s: &str) -> Result<Sequence, TavliRulesError> {
        let games = s
            .split(',')
            .map(|name| {
                name.parse::<GameKind>()
                    .map_err(|e| TavliRulesError::Sequence(e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Sequence::new(games)
    }
}

/// Why a switch value of the Tavli match is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TavliRulesError {
    /// `tavli.target` out of 1–127.
    Target(String),
    /// A name in `tavli.sequence` is no game.
    Sequence(String),
    /// `tavli.sequence` with no game.
    EmptySequence,
    /// `tavli.after_draw` not one of its words.
    AfterDraw(String),
}

impl fmt::Display for TavliRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TavliRulesError::Target(t) => {
                write!(f, "'{t}' is not a target: a number of points 1-127")
            }
            TavliRulesError::Sequence(e) => write!(
                f,
                "tavli.sequence: {e}; write the games separated by commas, e.g. portes,plakoto,fevga"
            ),
            TavliRulesError::EmptySequence => f.write_str("tavli.sequence names at least one game"),
            TavliRulesError::AfterDraw(a) => {
                write!(
                    f,
                    "'{a}' is no tavli.after_draw: opening_roll or same_starter"
                )
            }
        }
    }
}

impl std::error::Error for TavliRulesError {}

/// The most points a match is played to (the Match ID's 7-bit field).
pub const MAX_TARGET: u8 = 127;

/// Reads a `tavli.target` (1–127).
pub fn parse_target(text: &str) -> Result<u8, TavliRulesError> {
    text.trim()
        .parse::<u8>()
        .ok()
        .filter(|n| (1..=MAX_TARGET).contains(n))
        .ok_or_else(|| TavliRulesError::Target(text.trim().to_string()))
}

/// The switches of a Tavli match (docs/rules.md, variant switches).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TavliRules {
    /// Points to win (T2; default 5).
    pub target: u8,
    /// The games in turn (T1).
    pub sequence: Sequence,
    /// Who starts after a draw (T7).
    pub after_draw: AfterDraw,
}

impl Default for TavliRules {
    fn default() -> TavliRules {
        TavliRules {
            target: 5,
            sequence: Sequence::default(),
            after_draw: AfterDraw::default(),
        }
    }
}

/// One game of a match, once over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// Which game it was.
    pub kind: GameKind,
    /// How it ended.
    pub result: FinalResult,
    /// Who started it (`None`: not known, a game set by hand).
    pub starter: Option<Side>,
}

/// Why a game does not fit the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TavliMatchError {
    /// The match is already won.
    Over(Side),
    /// Another game than the sequence's next.
    WrongGame {
        /// The game's number in the match.
        number: u32,
        /// The game the sequence plays there.
        expected: GameKind,
        /// The game offered.
        found: GameKind,
    },
}

impl fmt::Display for TavliMatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TavliMatchError::Over(side) => write!(f, "the Tavli match is over: {side} won it"),
            TavliMatchError::WrongGame {
                number,
                expected,
                found,
            } => write!(
                f,
                "game {number} of the Tavli match is {expected}, not {found}"
            ),
        }
    }
}

impl std::error::Error for TavliMatchError {}

/// A Tavli match in progress (or won): the score and the games played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TavliMatch {
    rules: TavliRules,
    score: [u32; 2],
    /// Games finished before the first of `games` (a match resumed at a
    /// score, whose earlier games are not known one by one).
    earlier: u32,
    games: Vec<PlayedGame>,
}

impl TavliMatch {
    /// A match from its first game at 0-0.
    pub fn new(rules: TavliRules) -> TavliMatch {
        TavliMatch::resume(rules, [0, 0], 0)
    }

    /// A match resumed at `score` after `finished` games (their results
    /// not known one by one): its next game is game `finished + 1`.
    pub fn resume(rules: TavliRules, score: [u32; 2], finished: u32) -> TavliMatch {
        TavliMatch {
            rules,
            score,
            earlier: finished,
            games: Vec::new(),
        }
    }

    /// The match's switches.
    pub fn rules(&self) -> &TavliRules {
        &self.rules
    }

    /// The same match under other switches (the games played kept).
    pub fn set_rules(&mut self, rules: TavliRules) {
        self.rules = rules;
    }

    /// X's and O's points.
    pub fn score(&self) -> [u32; 2] {
        self.score
    }

    /// The games played and known one by one, in order.
    pub fn games(&self) -> &[PlayedGame] {
        &self.games
    }

    /// How many games are over, known one by one or not.
    pub fn finished(&self) -> u32 {
        self.earlier + self.games.len() as u32
    }

    /// The number in the match of the game now played (or, once the match
    /// is won, of the game that would come next).
    pub fn game_number(&self) -> u32 {
        self.finished() + 1
    }

    /// The game played next (T1: the sequence cycles; a draw also moves
    /// on to the next game).
    pub fn next_kind(&self) -> GameKind {
        self.rules.sequence.game(self.game_number())
    }

    /// Who starts the next game: the last winner (T6); after a draw, an
    /// opening roll (`None`, T7) or the drawn game's starter
    /// (`same_starter`, when known); for the first game, an opening roll
    /// (T5).
    pub fn next_starter(&self) -> Option<Side> {
        let last = self.games.last()?;
        match (last.result.winner, self.rules.after_draw) {
            (Some(winner), _) => Some(winner),
            (None, AfterDraw::OpeningRoll) => None,
            (None, AfterDraw::SameStarter) => last.starter,
        }
    }

    /// Adds a finished game of `kind`, started by `starter`: its points go
    /// to its winner, never capped (T4). Refused when the match is won or
    /// `kind` is not the sequence's next game.
    pub fn record(
        &mut self,
        kind: GameKind,
        result: FinalResult,
        starter: Option<Side>,
    ) -> Result<(), TavliMatchError> {
        if let Some(winner) = self.winner() {
            return Err(TavliMatchError::Over(winner));
        }
        let expected = self.next_kind();
        if kind != expected {
            return Err(TavliMatchError::WrongGame {
                number: self.game_number(),
                expected,
                found: kind,
            });
        }
        if let Some(winner) = result.winner {
            let points = &mut self.score[winner.index()];
            *points = points.saturating_add(u32::from(result.points));
        }
        self.games.push(PlayedGame {
            kind,
            result,
            starter,
        });
        Ok(())
    }

    /// The match winner: the first to reach the target, wherever in the
    /// sequence (T4). No Crawford game or other rule of the cube (T8).
    pub fn winner(&self) -> Option<Side> {
        let target = u32::from(self.rules.target);
        [Side::X, Side::O]
            .into_iter()
            .find(|side| self.score[side.index()] >= target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ResultKind;

    fn win(side: Side, points: u8) -> FinalResult {
        FinalResult {
            kind: if points == 1 {
                ResultKind::Single
            } else {
                ResultKind::Double
            },
            winner: Some(side),
            points,
        }
    }

    fn draw() -> FinalResult {
        FinalResult {
            kind: ResultKind::Draw,
            winner: None,
            points: 0,
        }
    }

    #[test]
    fn t1_the_sequence_cycles_portes_plakoto_fevga() {
        let mut m = TavliMatch::new(TavliRules {
            target: 127,
            ..TavliRules::default()
        });
        let mut kinds = Vec::new();
        for _ in 0..7 {
            let kind = m.next_kind();
            kinds.push(kind);
            m.record(kind, win(Side::X, 1), Some(Side::X)).unwrap();
        }
        use GameKind::*;
        assert_eq!(
            kinds,
            [Portes, Plakoto, Fevga, Portes, Plakoto, Fevga, Portes]
        );
    }

    #[test]
    fn t1_a_casual_sequence_is_followed() {
        let rules = TavliRules {
            sequence: "fevga,PORTES".parse().unwrap(),
            ..TavliRules::default()
        };
        let mut m = TavliMatch::new(rules);
        assert_eq!(m.next_kind(), GameKind::Fevga);
        m.record(GameKind::Fevga, win(Side::O, 1), None).unwrap();
        assert_eq!(m.next_kind(), GameKind::Portes);
        m.record(GameKind::Portes, win(Side::O, 1), None).unwrap();
        assert_eq!(m.next_kind(), GameKind::Fevga);
    }

    #[test]
    fn t1_a_game_out_of_the_sequence_is_refused() {
        let mut m = TavliMatch::new(TavliRules::default());
        let error = m
            .record(GameKind::Plakoto, win(Side::X, 1), None)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "game 1 of the Tavli match is portes, not plakoto"
        );
        assert_eq!(m, TavliMatch::new(TavliRules::default()));
    }

    #[test]
    fn t4_the_match_ends_as_soon_as_the_target_is_reached_and_values_are_not_capped() {
        let mut m = TavliMatch::new(TavliRules {
            target: 3,
            ..TavliRules::default()
        });
        m.record(GameKind::Portes, win(Side::X, 2), Some(Side::X))
            .unwrap();
        assert_eq!(m.winner(), None);
        m.record(GameKind::Plakoto, win(Side::X, 2), Some(Side::X))
            .unwrap();
        assert_eq!(m.score(), [4, 0], "a double counts 2 even at 2-away");
        assert_eq!(m.winner(), Some(Side::X));
        let error = m
            .record(GameKind::Fevga, win(Side::O, 1), Some(Side::X))
            .unwrap_err();
        assert_eq!(error, TavliMatchError::Over(Side::X));
    }

    #[test]
    fn t4_plakoto_draws_lengthen_the_match_beyond_2n_minus_1_games() {
        let mut m = TavliMatch::new(TavliRules {
            target: 3,
            sequence: "plakoto".parse().unwrap(),
            ..TavliRules::default()
        });
        for _ in 0..10 {
            m.record(GameKind::Plakoto, draw(), Some(Side::X)).unwrap();
        }
        for side in [Side::X, Side::O, Side::X, Side::O] {
            m.record(GameKind::Plakoto, win(side, 1), Some(side))
                .unwrap();
        }
        assert_eq!(m.winner(), None);
        m.record(GameKind::Plakoto, win(Side::O, 1), Some(Side::O))
            .unwrap();
        assert_eq!(m.winner(), Some(Side::O));
        assert!(m.finished() > 2 * 3 - 1);
        assert_eq!(m.finished(), 15);
    }

    #[test]
    fn t4_draws_in_the_default_sequence_move_on_to_the_next_game() {
        let mut m = TavliMatch::new(TavliRules::default());
        m.record(GameKind::Portes, win(Side::O, 1), Some(Side::X))
            .unwrap();
        m.record(GameKind::Plakoto, draw(), Some(Side::O)).unwrap();
        assert_eq!(m.next_kind(), GameKind::Fevga);
        assert_eq!(m.score(), [0, 1]);
    }

    #[test]
    fn t5_the_first_game_starts_with_an_opening_roll() {
        let m = TavliMatch::new(TavliRules::default());
        assert_eq!(m.next_starter(), None);
        assert_eq!(m.game_number(), 1);
        assert_eq!(m.next_kind(), GameKind::Portes);
    }

    #[test]
    fn t6_the_winner_starts_the_next_game() {
        let mut m = TavliMatch::new(TavliRules::default());
        m.record(GameKind::Portes, win(Side::O, 1), Some(Side::X))
            .unwrap();
        assert_eq!(m.next_starter(), Some(Side::O));
        m.record(GameKind::Plakoto, win(Side::X, 2), Some(Side::O))
            .unwrap();
        assert_eq!(m.next_starter(), Some(Side::X));
    }

    #[test]
    fn t7_after_a_draw_an_opening_roll_decides_by_default() {
        let mut m = TavliMatch::new(TavliRules::default());
        m.record(GameKind::Portes, win(Side::O, 1), Some(Side::X))
            .unwrap();
        m.record(GameKind::Plakoto, draw(), Some(Side::O)).unwrap();
        assert_eq!(m.next_starter(), None);
    }

    #[test]
    fn t7_same_starter_lets_the_drawn_games_starter_start_again() {
        let mut m = TavliMatch::new(TavliRules {
            after_draw: AfterDraw::SameStarter,
            ..TavliRules::default()
        });
        m.record(GameKind::Portes, win(Side::X, 1), Some(Side::X))
            .unwrap();
        m.record(GameKind::Plakoto, draw(), Some(Side::X)).unwrap();
        assert_eq!(m.next_starter(), Some(Side::X));
        // A drawn game whose starter is not known: an opening roll.
        m.record(GameKind::Fevga, win(Side::O, 1), Some(Side::X))
            .unwrap();
        m.record(GameKind::Portes, win(Side::X, 1), Some(Side::O))
            .unwrap();
        m.record(GameKind::Plakoto, draw(), None).unwrap();
        assert_eq!(m.next_starter(), None);
    }

    #[test]
    fn t8_no_crawford_a_player_one_away_still_plays_full_games() {
        let mut m = TavliMatch::new(TavliRules {
            target: 3,
            ..TavliRules::default()
        });
        m.record(GameKind::Portes, win(Side::X, 2), Some(Side::X))
            .unwrap();
        m.record(GameKind::Plakoto, win(Side::O, 2), Some(Side::X))
            .unwrap();
        // Both 1 away: nothing special, the next game is the sequence's.
        assert_eq!(m.next_kind(), GameKind::Fevga);
        assert_eq!(m.next_starter(), Some(Side::O));
        assert_eq!(m.winner(), None);
    }

    #[test]
    fn a_resumed_match_counts_its_earlier_games() {
        let m = TavliMatch::resume(TavliRules::default(), [2, 1], 4);
        assert_eq!(m.game_number(), 5);
        assert_eq!(m.next_kind(), GameKind::Plakoto);
        assert_eq!(m.next_starter(), None);
        assert_eq!(m.score(), [2, 1]);
    }

    #[test]
    fn switch_values_read_and_write() {
        let s: Sequence = " Portes,plakoto,FEVGA".parse().unwrap();
        assert_eq!(s.to_string(), "portes,plakoto,fevga");
        assert_eq!(s, Sequence::default());
        assert_eq!(
            "".parse::<Sequence>().unwrap_err().to_string(),
            "tavli.sequence: unknown game '' (portes, plakoto or fevga); write the games separated by commas, e.g. portes,plakoto,fevga"
        );
        assert!("portes,,fevga".parse::<Sequence>().is_err());
        for a in [AfterDraw::OpeningRoll, AfterDraw::SameStarter] {
            assert_eq!(a.to_string().parse::<AfterDraw>(), Ok(a));
        }
        assert!("coin".parse::<AfterDraw>().is_err());
        assert_eq!(parse_target("7"), Ok(7));
        assert!(parse_target("0").is_err());
        assert!(parse_target("128").is_err());
        assert!(parse_target("five").is_err());
    }
}
