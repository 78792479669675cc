//! Fevga (F1–F16) through the game layer: the `fevga` module's rules with
//! its four switches as the game's.

use std::convert::Infallible;

use super::SwitchError;
use super::{
    FevgaBoardTextError, FevgaIdError, FevgaMoveGenerator, FevgaNotationError, FevgaPlay,
    FevgaPlayList, FevgaPosition, FevgaRules, explain_fevga_refusal, fevga_board_text,
    fevga_points, fevga_position_id, fevga_result, format_fevga_play, parse_fevga_board_text,
    parse_fevga_position_id, resolve_fevga_play,
};
use crate::GameKind;
use crate::dice::Dice;
use crate::outcome::GameResult;
use crate::result_kind::ResultKind;
use crate::tavli::TavliGame;

/// Fevga under its switches (F7 release, F8 quarter rule and timing, F9
/// prime rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fevga {
    /// The switches.
    pub rules: FevgaRules,
}

impl Fevga {
    /// Fevga under `rules`.
    pub fn new(rules: FevgaRules) -> Fevga {
        Fevga { rules }
    }
}

impl TavliGame for Fevga {
    type Position = FevgaPosition;
    type Play = FevgaPlay;
    type PlayList = FevgaPlayList;
    type Generator = FevgaMoveGenerator;
    type IdError = FevgaIdError;
    type BoardTextError = FevgaBoardTextError;
    type PlayError = FevgaNotationError;

    type Carried = Infallible;

    const KIND: GameKind = GameKind::Fevga;

    fn switch_words(&self) -> Option<String> {
        Some(self.rules.describe())
    }

    fn with_switch_words(self, words: &str) -> Result<Fevga, String> {
        // Every switch is named or defaulted: nothing of `self` is kept.
        words
            .parse()
            .map(Fevga::new)
            .map_err(|e: SwitchError| e.to_string())
    }

    fn start(&self) -> FevgaPosition {
        FevgaPosition::start()
    }

    #[inline]
    fn flip(&self, position: &FevgaPosition) -> FevgaPosition {
        position.flipped()
    }

    fn generator(&self) -> FevgaMoveGenerator {
        FevgaMoveGenerator::default()
    }

    #[inline]
    fn generate(
        &self,
        generator: &mut FevgaMoveGenerator,
        position: &FevgaPosition,
        dice: Dice,
        out: &mut FevgaPlayList,
    ) {
        generator.generate(&self.rules, position, dice, out);
    }

    #[inline]
    fn plays<'a>(&self, list: &'a FevgaPlayList) -> &'a [FevgaPlay] {
        &list.plays
    }

    #[inline]
    fn after(&self, play: &FevgaPlay) -> FevgaPosition {
        play.position
    }

    #[inline]
    fn numbers_used(&self, play: &FevgaPlay) -> usize {
        play.steps.len()
    }

    #[inline]
    fn result(&self, position: &FevgaPosition) -> Option<GameResult> {
        fevga_result(position)
    }

    #[inline]
    fn points(&self, kind: ResultKind) -> u8 {
        fevga_points(kind)
    }

    fn position_id(&self, position: &FevgaPosition) -> String {
        fevga_position_id(position)
    }

    fn parse_position_id(&self, text: &str) -> Result<FevgaPosition, FevgaIdError> {
        parse_fevga_position_id(text)
    }

    fn board_text(&self, position: &FevgaPosition) -> String {
        fevga_board_text(position)
    }

    fn parse_board_text(&self, text: &str) -> Result<FevgaPosition, FevgaBoardTextError> {
        parse_fevga_board_text(text)
    }

    fn format_play(&self, _before: &FevgaPosition, play: &FevgaPlay) -> String {
        format_fevga_play(play)
    }

    fn resolve_play(
        &self,
        before: &FevgaPosition,
        dice: Dice,
        list: &FevgaPlayList,
        text: &str,
    ) -> Result<FevgaPlay, FevgaNotationError> {
        match resolve_fevga_play(before, &list.plays, text) {
            Ok(play) => Ok(*play),
            // Say which step the rules refuse, where the written paths show one.
            Err(FevgaNotationError::NotLegal { why: None }) => Err(FevgaNotationError::NotLegal {
                why: explain_fevga_refusal(before, &self.rules, dice, text),
            }),
            Err(other) => Err(other),
        }
    }

    #[inline]
    fn generate_carried(
        &self,
        _generator: &mut FevgaMoveGenerator,
        _position: &FevgaPosition,
        carried: &Infallible,
        _out: &mut FevgaPlayList,
    ) {
        match *carried {}
    }

    fn resolve_carried(
        &self,
        _before: &FevgaPosition,
        carried: &Infallible,
        _list: &FevgaPlayList,
        _text: &str,
    ) -> Result<FevgaPlay, FevgaNotationError> {
        match *carried {}
    }
}
