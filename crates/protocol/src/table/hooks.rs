//! What the protocol needs of a game beyond the game layer: its Match ID,
//! the board as a picture to draw, its scoring word, and where the
//! session keeps its game. One impl per game, here; nothing else in the
//! protocol names a game.

use plakoto_records::analysis::table::AnalysedGame;
use plakoto_records::record::Record;
use plakoto_rules::portes::{PortesGameState, PortesMatchId, PortesPosition, PortesScoring};
use plakoto_rules::tavli::{Portes, TableGame};
use plakoto_rules::{Dice, Seat, Side, TavliGame};

use super::board::BoardPicture;
use crate::reply::{ErrorCode, ProtoError};
use crate::state::SessionState;
use crate::table_search::TableSearch;
use plakoto_engine::game::{GameEvaluator, GameSearch};

/// A Match ID read: everything about a game the Position ID does not say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchParts {
    /// Points to win the match; 0 for single games.
    pub match_length: u8,
    /// X's and O's points.
    pub score: [u32; 2],
    /// The side on roll (the Position ID is seen from it).
    pub on_roll: Side,
    /// The dice rolled for the turn.
    pub dice: Option<Dice>,
    /// Whether the game is over.
    pub over: bool,
}

/// A game the protocol can play through [`super::execute_table`]; its
/// Match ID, records and their analysis come from the records crate
/// ([`AnalysedGame`]).
pub trait TableProtocol: TavliGame + AnalysedGame {
    /// The session's game of this kind.
    fn table(state: &SessionState) -> &TableGame<Self>;

    /// The session's record of the games of this kind.
    fn history(state: &SessionState) -> &Record;

    /// The session's record of the games of this kind, to change.
    fn history_mut(state: &mut SessionState) -> &mut Record;

    /// The session's game of this kind, to change.
    fn table_mut(state: &mut SessionState) -> &mut TableGame<Self>;

    /// Reads a Match ID.
    fn read_match_id(&self, text: &str) -> Result<MatchParts, ProtoError>;

    /// The board as a picture, seen from the side on roll.
    fn picture(&self, position: &Self::Position) -> BoardPicture;

    /// The same game scored by `word` (`set scoring`).
    fn with_scoring(&self, word: &str) -> Result<Self, ProtoError>;

    /// The scoring's word, as `show options` and `new game` write it.
    fn scoring_word(&self) -> String;

    /// This game's searcher and evaluator.
    fn searcher(search: &mut TableSearch) -> (&mut GameSearch<Self>, &dyn GameEvaluator<Self>);

    /// This game's evaluator.
    fn evaluator(search: &TableSearch) -> &dyn GameEvaluator<Self>;

    /// Where this game's evaluator is kept, to replace it.
    fn evaluator_slot(search: &mut TableSearch) -> &mut Box<dyn GameEvaluator<Self>>;

    /// The names `set evaluator` takes in this game.
    const EVALUATOR_NAMES: &'static [&'static str];

    /// This game's evaluator of that name (`None`: no such evaluator, or
    /// its weights do not load).
    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Self>>>;
}

impl TableProtocol for Portes {
    fn table(state: &SessionState) -> &TableGame<Portes> {
        &state.portes
    }

    fn table_mut(state: &mut SessionState) -> &mut TableGame<Portes> {
        &mut state.portes
    }

    fn history(state: &SessionState) -> &Record {
        &state.portes_history
    }

    fn history_mut(state: &mut SessionState) -> &mut Record {
        &mut state.portes_history
    }

    fn read_match_id(&self, text: &str) -> Result<MatchParts, ProtoError> {
        let id: PortesMatchId = text.parse().map_err(|e| {
            ProtoError::new(
                ErrorCode::InvalidPosition,
                format!("'{text}' is no Portes Match ID: {e}"),
            )
        })?;
        let match_length = u8::try_from(id.match_length)
            .ok()
            .filter(|n| *n <= 127)
            .ok_or_else(|| {
                ProtoError::new(
                    ErrorCode::InvalidArgument,
                    format!("a match of {} points: at most 127", id.match_length),
                )
            })?;
        if id.resignation.is_some() || id.state == PortesGameState::Resigned {
            return Err(ProtoError::new(
                ErrorCode::InvalidPosition,
                "the Match ID holds a resignation: the engine does not play resignations",
            ));
        }
        Ok(MatchParts {
            match_length,
            score: id.score.map(u32::from),
            on_roll: id.turn,
            dice: id.dice,
            over: id.state == PortesGameState::Over,
        })
    }

    fn picture(&self, position: &PortesPosition) -> BoardPicture {
        let (own, opp) = position.sides();
        let mut points = [(None, 0u8); 24];
        for (index, slot) in points.iter_mut().enumerate() {
            // The opponent's point p is the side on roll's 25 - p.
            let (mine, theirs) = (own[index], opp[23 - index]);
            *slot = if mine > 0 {
                (Some(Seat::OnRoll), mine)
            } else if theirs > 0 {
                (Some(Seat::Opponent), theirs)
            } else {
                (None, 0)
            };
        }
        let (own_pips, opp_pips) = position.pip_counts();
        BoardPicture {
            points,
            bar: [own[24], opp[24]],
            off: [position.own_off(), position.opp_off()],
            pips: [own_pips, opp_pips],
        }
    }

    fn with_scoring(&self, word: &str) -> Result<Portes, ProtoError> {
        match word {
            "standard" => Ok(Portes::new(PortesScoring::Standard)),
            "triple" => Ok(Portes::new(PortesScoring::Triple)),
            other => Err(ProtoError::new(
                ErrorCode::InvalidArgument,
                format!("'{other}' is not a Portes scoring: standard or triple (P11)"),
            )),
        }
    }

    fn searcher(search: &mut TableSearch) -> (&mut GameSearch<Portes>, &dyn GameEvaluator<Portes>) {
        (&mut search.portes, search.portes_evaluator.as_ref())
    }

    fn evaluator(search: &TableSearch) -> &dyn GameEvaluator<Portes> {
        search.portes_evaluator.as_ref()
    }

    fn evaluator_slot(search: &mut TableSearch) -> &mut Box<dyn GameEvaluator<Portes>> {
        &mut search.portes_evaluator
    }

    const EVALUATOR_NAMES: &'static [&'static str] = &plakoto_engine::game::PORTES_EVALUATORS;

    fn evaluator_named(name: &str) -> Option<Box<dyn GameEvaluator<Portes>>> {
        plakoto_engine::game::portes_evaluator(name)
    }

    fn scoring_word(&self) -> String {
        match self.scoring {
            PortesScoring::Standard => "standard",
            PortesScoring::Triple => "triple",
        }
        .to_string()
    }
}
