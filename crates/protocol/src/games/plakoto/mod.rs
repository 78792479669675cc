//! Plakoto in the protocol: the game the protocol was first written for,
//! kept on the session's shelf of games and searched as every game is.
//! What the protocol knows of it stands in this folder: its
//! [`TableProtocol`] impl (here), the commands it answers in its own
//! words (`commands.rs`: `new game` naming its rules, its `set` commands,
//! `move`; `eval.rs`; `legal.rs`, paged with exact counts; `set_position.rs`)
//! and its board as text (`board.rs`). Its `hint`, `rollout`, `play`,
//! records and IDs are the table's executor's, as every game's.

mod board;
mod commands;
mod eval;
mod legal;
mod set_position;

use plakoto_rules::Plakoto;
use plakoto_rules::tavli::TableGame;
use plakoto_rules::{Game, MatchId, Phase, Rules, Scoring};

use crate::board_picture::BoardPicture;
use crate::command::Command;
use crate::game_session::GameShelf;
use crate::reply::{ProtoError, Reply};
use crate::state::SessionState;
use crate::table::{MatchParts, TableProtocol};
use crate::tools::Tools;
use board::plakoto_picture;

impl GameShelf {
    /// The session's game of Plakoto, as the rules core's game, which
    /// Plakoto's own commands play.
    pub fn plakoto(&self) -> Game {
        self.get::<Plakoto>().table.to_plakoto_game()
    }

    /// Makes `game` the session's game of Plakoto.
    pub fn set_plakoto(&mut self, game: &Game) {
        self.get_mut::<Plakoto>().table = TableGame::of_plakoto_game(game);
    }
}

impl TableProtocol for Plakoto {
    const OWN_WORDS: bool = true;

    fn own_command(
        state: &mut SessionState,
        tools: &mut Tools,
        command: &Command,
    ) -> Option<Result<Reply, ProtoError>> {
        commands::execute(state, tools, command)
    }

    /// The parts of Plakoto's own Match ID a game of the table has; its
    /// rules and the numbers it passes on are Plakoto's alone (`set
    /// matchid` reads them all).
    fn read_match_id(&self, text: &str) -> Result<MatchParts, ProtoError> {
        let id: MatchId = text.parse()?;
        Ok(MatchParts {
            match_length: id.match_length,
            score: id.score.map(u32::from),
            on_roll: id.on_roll,
            dice: id.dice,
            over: id.phase == Phase::Over,
        })
    }

    fn picture(&self, position: &plakoto_rules::Position) -> BoardPicture {
        plakoto_picture(position)
    }

    fn with_scoring(&self, word: &str) -> Result<Plakoto, ProtoError> {
        let scoring: Scoring = word.parse()?;
        Ok(Plakoto::new(Rules::new(self.rules.variant, scoring)?))
    }

    fn scoring_word(&self) -> String {
        self.rules.scoring.to_string()
    }

    /// Plakoto's steps, read by the rules core (`legal.rs`).
    fn legal_steps(table: &TableGame<Plakoto>, made: &str) -> Result<Reply, ProtoError> {
        legal::legal_steps_reply(&table.to_plakoto_game(), made)
    }
}
