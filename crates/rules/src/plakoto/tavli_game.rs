//! Plakoto (R1–R23) through the game layer: the rules of
//! [`crate::plakoto`], with its rule set (variant and scoring) as the game's
//! switches. Express's passed numbers (R21) are the game's carry.

use super::{
    BoardTextError, Game, GenLimits, IllegalPlay, MoveGenerator, Numbers, ParsedPlay, Play,
    PlayList, Position, PositionIdError, Rules, Variant, format_play, game_result,
    parse_board_text, parse_position_id, position_id, resolve_play, to_board_text,
};
use crate::GameKind;
use crate::dice::Dice;
use crate::game_state::Phase;
use crate::outcome::GameResult;
use crate::result_kind::ResultKind;
use crate::tavli::{Opening, TableGame, TavliGame, ToPlay};

/// Plakoto under a rule set (standard or Express, standard or Tzannes
/// scoring).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Plakoto {
    /// The variant and scoring played.
    pub rules: Rules,
}

impl Plakoto {
    /// Plakoto under `rules`.
    pub fn new(rules: Rules) -> Plakoto {
        Plakoto { rules }
    }

    /// The numbers `to_play` plays: the dice's under the rule set (an
    /// Express double's escalation, R20), or the numbers carried (R21).
    pub fn numbers_of(&self, to_play: &ToPlay<Numbers>) -> Numbers {
        match to_play {
            ToPlay::Dice(dice) => dice.numbers(self.rules.variant),
            ToPlay::Carried(numbers) => *numbers,
        }
    }
}

impl TableGame<Plakoto> {
    /// The rules core's `game` as a game of the table: the same rules,
    /// board, turn, dice and passed numbers ([`Self::to_plakoto_game`]
    /// gives it back).
    pub fn of_plakoto_game(game: &Game) -> TableGame<Plakoto> {
        let plakoto = Plakoto::new(game.rules());
        // A game before its opening roll has the initial board (the rules
        // core starts play when another is set).
        if game.phase() == Phase::Opening {
            return TableGame::before_opening(plakoto, Opening::Greek, game.on_roll());
        }
        TableGame::from_parts(
            plakoto,
            Opening::Greek,
            *game.position(),
            game.on_roll(),
            game.dice(),
            game.phase() == Phase::Over,
        )
        .and_then(|table| table.with_carried(game.passed()))
        .expect("the rules core's game holds dice and passed numbers only in play, and passed numbers only in Express, as the table does")
    }

    /// The same game as the rules core's [`Game`], for the code that still
    /// plays Plakoto through it (the protocol's Plakoto session, its
    /// Match ID).
    pub fn to_plakoto_game(&self) -> Game {
        Game::from_parts(
            self.game().rules,
            *self.position(),
            self.on_roll(),
            self.dice(),
            self.carried(),
            self.phase(),
        )
        .expect("a game of the table holds no dice with carried numbers, nor numbers outside Express or play")
    }
}

impl TavliGame for Plakoto {
    type Position = Position;
    type Play = Play;
    type PlayList = PlayList;
    type Generator = MoveGenerator;
    type IdError = PositionIdError;
    type BoardTextError = BoardTextError;
    type PlayError = IllegalPlay;
    type Carried = Numbers;

    const KIND: GameKind = GameKind::Plakoto;

    fn start(&self) -> Position {
        Position::initial()
    }

    #[inline]
    fn flip(&self, position: &Position) -> Position {
        position.flip()
    }

    fn generator(&self) -> MoveGenerator {
        MoveGenerator::default()
    }

    fn generator_listing_at_most(&self, max_plays: usize) -> MoveGenerator {
        MoveGenerator::new(GenLimits {
            max_positions: max_plays,
        })
    }

    #[inline]
    fn generate(
        &self,
        generator: &mut MoveGenerator,
        position: &Position,
        dice: Dice,
        out: &mut PlayList,
    ) {
        generator.generate(position, &dice.numbers(self.rules.variant), out);
    }

    #[inline]
    fn may_carry(&self) -> bool {
        self.rules.variant == Variant::Express
    }

    #[inline]
    fn carried_after(&self, dice: Dice, play: &Play) -> Option<Numbers> {
        if !self.may_carry() {
            return None;
        }
        play.numbers_left(&dice.numbers(self.rules.variant))
    }

    #[inline]
    fn generate_carried(
        &self,
        generator: &mut MoveGenerator,
        position: &Position,
        carried: &Numbers,
        out: &mut PlayList,
    ) {
        generator.generate(position, carried, out);
    }

    #[inline]
    fn plays<'a>(&self, list: &'a PlayList) -> &'a [Play] {
        &list.plays
    }

    #[inline]
    fn truncated(&self, list: &PlayList) -> bool {
        list.truncated
    }

    fn surely_legal(&self, turn: &ToPlay<Numbers>, play: &Play) -> bool {
        play.is_surely_legal(&self.numbers_of(turn))
    }

    #[inline]
    fn after(&self, play: &Play) -> Position {
        play.position
    }

    #[inline]
    fn numbers_used(&self, play: &Play) -> usize {
        play.steps.len()
    }

    #[inline]
    fn result(&self, position: &Position) -> Option<GameResult> {
        game_result(position, self.rules.scoring)
    }

    #[inline]
    fn points(&self, kind: ResultKind) -> u8 {
        self.rules.scoring.points(kind)
    }

    fn position_id(&self, position: &Position) -> String {
        position_id(position)
    }

    fn parse_position_id(&self, text: &str) -> Result<Position, PositionIdError> {
        parse_position_id(text)
    }

    fn board_text(&self, position: &Position) -> String {
        to_board_text(position)
    }

    fn parse_board_text(&self, text: &str) -> Result<Position, BoardTextError> {
        parse_board_text(text)
    }

    fn format_play(&self, before: &Position, play: &Play) -> String {
        format_play(before, play)
    }

    fn resolve_play(
        &self,
        before: &Position,
        dice: Dice,
        list: &PlayList,
        text: &str,
    ) -> Result<Play, IllegalPlay> {
        let written: ParsedPlay = text.parse().map_err(IllegalPlay::Notation)?;
        resolve_play(before, &dice.numbers(self.rules.variant), list, &written)
    }

    fn resolve_carried(
        &self,
        before: &Position,
        carried: &Numbers,
        list: &PlayList,
        text: &str,
    ) -> Result<Play, IllegalPlay> {
        let written: ParsedPlay = text.parse().map_err(IllegalPlay::Notation)?;
        resolve_play(before, carried, list, &written)
    }
}
