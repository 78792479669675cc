//! What the protocol needs of a game beyond the game layer: its Match ID,
//! the board as a picture to draw, its scoring word, its `legal steps`,
//! where the session keeps its game (on the session's shelf of games,
//! [`crate::game_session::GameShelf`]), and the commands it answers in
//! words of its own. Each game's impl is in its file of `games/`; the
//! session reaches them through [`GameFns`](crate::session_game::GameFns).

use plakoto_records::record::GameOnRecord;
use plakoto_records::record::Record;
use plakoto_rules::portes::{PortesGameState, PortesMatchId};
use plakoto_rules::tavli::TableGame;
use plakoto_rules::{Dice, GameKind, Side, TavliGame};

use crate::board_picture::BoardPicture;
use crate::command::Command;
use crate::reply::{ErrorCode, ProtoError, Reply};
use crate::state::SessionState;
use crate::tools::Tools;

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

/// A game the protocol plays: through `super::execute_game`, the
/// commands [`TableProtocol::own_command`] leaves to it aside. Its
/// Match ID, records and their analysis come from the records crate
/// ([`GameOnRecord`]).
pub trait TableProtocol: TavliGame + GameOnRecord {
    /// Whether the game speaks the words the protocol was first written
    /// in (Plakoto's): its lines read their boards, positions, Match IDs
    /// and scorings as they are parsed, its JSON replies name no game,
    /// and [`TableProtocol::own_command`] answers its commands.
    const OWN_WORDS: bool = false;

    /// Applies `command` where the game answers it in words of its own,
    /// before the table's executor: `None` leaves it to the executor (or,
    /// for a command about the session, to the session).
    fn own_command(
        _state: &mut SessionState,
        _tools: &mut Tools,
        _command: &Command,
    ) -> Option<Result<Reply, ProtoError>> {
        None
    }

    /// The session's game of this kind.
    fn table(state: &SessionState) -> &TableGame<Self> {
        &state.games.get::<Self>().table
    }

    /// The session's record of the games of this kind.
    fn history(state: &SessionState) -> &Record {
        &state.games.get::<Self>().history
    }

    /// The session's record of the games of this kind, to change.
    fn history_mut(state: &mut SessionState) -> &mut Record {
        &mut state.games.get_mut::<Self>().history
    }

    /// The session's game of this kind, to change.
    fn table_mut(state: &mut SessionState) -> &mut TableGame<Self> {
        &mut state.games.get_mut::<Self>().table
    }

    /// Reads a Match ID.
    fn read_match_id(&self, text: &str) -> Result<MatchParts, ProtoError>;

    /// Reads a FIBS board (`set board fibs board:…`) as this game's
    /// state; only Portes, a backgammon, has FIBS boards.
    fn read_fibs_board(&self, _text: &str) -> Result<super::FibsSetup<Self::Position>, ProtoError> {
        Err(ProtoError::new(
            ErrorCode::NotInGame,
            format!(
                "set board fibs: a FIBS board is a backgammon (Portes) board, not a {} board",
                Self::KIND
            ),
        ))
    }

    /// The board as a picture, seen from the side on roll (its points in
    /// that side's numbering; `show board` draws it from X's side).
    fn picture(&self, position: &Self::Position) -> BoardPicture;

    /// The same game scored by `word` (`set scoring`).
    fn with_scoring(&self, word: &str) -> Result<Self, ProtoError>;

    /// The scoring's word, as `show options` and `new game` write it.
    fn scoring_word(&self) -> String;

    /// The same game with the switch `name` set to `value`
    /// (`set fevga.release reach_quarter`); games without switches refuse.
    fn with_switch(&self, name: &str, _value: &str) -> Result<Self, ProtoError> {
        Err(ProtoError::new(
            ErrorCode::NotInGame,
            format!(
                "set {name}: {} has no such switch ('set game' picks the game)",
                Self::KIND
            ),
        ))
    }

    /// `legal steps <made>` (protocol.md): after the steps `made` (written
    /// as a play) in the turn of `table`, the legal next steps and whether
    /// the turn may end, or why the steps are part of no legal play
    /// (Portes and Fevga answer it through `steps.rs`, Plakoto through the
    /// rules core). Games without it refuse with `not_in_game`; their
    /// clients build a play's steps from `legal`'s list.
    fn legal_steps(_table: &TableGame<Self>, _made: &str) -> Result<Reply, ProtoError> {
        Err(ProtoError::new(
            ErrorCode::NotInGame,
            format!(
                "legal steps: not in a game of {} ('set game' picks the game)",
                Self::KIND
            ),
        ))
    }

    /// Why `move <written>` names no legal play in the turn of `table`, in
    /// the game's terms, where the game can say more than its notation's
    /// refusal (Portes and Fevga, through `steps.rs`, the reasons `legal
    /// steps` gives); `None` to keep the notation's refusal.
    fn move_refusal(_table: &TableGame<Self>, _written: &str) -> Option<String> {
        None
    }
}

/// Reads GNU Backgammon's Match ID for a game of the table (`game` names it
/// in errors): Portes' layout with its cube fields fixed, which Fevga uses
/// too (it has no cube either, F13).
pub(crate) fn read_gnubg_match_id(text: &str, game: GameKind) -> Result<MatchParts, ProtoError> {
    let id: PortesMatchId = text.parse().map_err(|e| {
        ProtoError::new(
            ErrorCode::InvalidPosition,
            format!("'{text}' is no {game} Match ID: {e}"),
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
