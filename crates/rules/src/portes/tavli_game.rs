//! Portes (P1–P16) through the game layer: the `portes` module's rules
//! with its scoring switch (P11) as the game's.

use std::convert::Infallible;

use super::{
    PortesBoardTextError, PortesIdError, PortesMoveGenerator, PortesNotation, PortesNotationError,
    PortesPlay, PortesPlayList, PortesPosition, PortesScoring, format_portes_play,
    parse_portes_board_text, parse_portes_position_id, portes_board_text, portes_position_id,
    portes_result, resolve_portes_play,
};
use crate::GameKind;
use crate::dice::Dice;
use crate::outcome::GameResult;
use crate::result_kind::ResultKind;
use crate::tavli::TavliGame;

/// Portes under a scoring (P11: standard, or `triple` for a Western
/// backgammon).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Portes {
    /// How a win is scored.
    pub scoring: PortesScoring,
}

impl Portes {
    /// Portes scored by `scoring`.
    pub fn new(scoring: PortesScoring) -> Portes {
        Portes { scoring }
    }
}

impl TavliGame for Portes {
    type Position = PortesPosition;
    type Play = PortesPlay;
    type PlayList = PortesPlayList;
    type Generator = PortesMoveGenerator;
    type IdError = PortesIdError;
    type BoardTextError = PortesBoardTextError;
    type PlayError = PortesNotationError;

    type Carried = Infallible;

    const KIND: GameKind = GameKind::Portes;

    fn start(&self) -> PortesPosition {
        PortesPosition::start()
    }

    #[inline]
    fn flip(&self, position: &PortesPosition) -> PortesPosition {
        position.flipped()
    }

    fn generator(&self) -> PortesMoveGenerator {
        PortesMoveGenerator::default()
    }

    #[inline]
    fn generate(
        &self,
        generator: &mut PortesMoveGenerator,
        position: &PortesPosition,
        dice: Dice,
        out: &mut PortesPlayList,
    ) {
        generator.generate(position, dice, out);
    }

    #[inline]
    fn plays<'a>(&self, list: &'a PortesPlayList) -> &'a [PortesPlay] {
        &list.plays
    }

    #[inline]
    fn after(&self, play: &PortesPlay) -> PortesPosition {
        play.position
    }

    #[inline]
    fn numbers_used(&self, play: &PortesPlay) -> usize {
        play.steps.len()
    }

    #[inline]
    fn result(&self, position: &PortesPosition) -> Option<GameResult> {
        portes_result(position, self.scoring)
    }

    #[inline]
    fn points(&self, kind: ResultKind) -> u8 {
        self.scoring.points(kind)
    }

    fn position_id(&self, position: &PortesPosition) -> String {
        portes_position_id(position)
    }

    fn parse_position_id(&self, text: &str) -> Result<PortesPosition, PortesIdError> {
        parse_portes_position_id(text)
    }

    fn board_text(&self, position: &PortesPosition) -> String {
        portes_board_text(position)
    }

    fn parse_board_text(&self, text: &str) -> Result<PortesPosition, PortesBoardTextError> {
        parse_portes_board_text(text)
    }

    fn format_play(&self, before: &PortesPosition, play: &PortesPlay) -> String {
        format_portes_play(before, play)
    }

    fn resolve_play(
        &self,
        before: &PortesPosition,
        _dice: Dice,
        list: &PortesPlayList,
        text: &str,
    ) -> Result<PortesPlay, PortesNotationError> {
        let written: PortesNotation = text.parse()?;
        resolve_portes_play(before, &list.plays, &written).copied()
    }

    #[inline]
    fn generate_carried(
        &self,
        _generator: &mut PortesMoveGenerator,
        _position: &PortesPosition,
        carried: &Infallible,
        _out: &mut PortesPlayList,
    ) {
        match *carried {}
    }

    fn resolve_carried(
        &self,
        _before: &PortesPosition,
        carried: &Infallible,
        _list: &PortesPlayList,
        _text: &str,
    ) -> Result<PortesPlay, PortesNotationError> {
        match *carried {}
    }
}
