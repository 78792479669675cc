//! What the arena needs of a game beyond [`TavliGame`], apart from the
//! referee and the players that use it (both name it): the Match ID of a
//! turn, how a written play's error is classed, and the game's switches
//! (told to engines, written in results files); its Portes, Plakoto and
//! Fevga implementations.

use plakoto_rules::fevga::{FevgaNotationError, FevgaRules};
use plakoto_rules::portes::{PortesGameState, PortesMatchId, PortesNotationError};
use plakoto_rules::tavli::{Fevga, Plakoto, Portes};
use plakoto_rules::{Dice, IllegalPlay, MatchId, MatchScore, Phase, Side, TavliGame};

/// What the arena needs of a game beyond [`TavliGame`]: the Match ID that
/// goes with a Position ID in `set position`, how a written play's error
/// is classed, and the switches the game is played under.
pub trait RefereedGame: TavliGame {
    /// The Match ID of a turn: `side` on roll with `dice`, at `score` (X's
    /// and O's points and the match's length; length 0 in a single game,
    /// the Tavli target in a Tavli match).
    fn turn_match_id(&self, side: Side, dice: Dice, score: MatchScore) -> String;

    /// Whether `error` means the text is no play at all (garbage), rather
    /// than a readable play that is not legal.
    fn is_garbage(&self, error: &Self::PlayError) -> bool;

    /// The commands that set an engine, fresh after `set game`, to play
    /// this game's switches (`set fevga.release reach_quarter`). Only the
    /// switches that differ from the specification's defaults are sent:
    /// `set game` starts an engine at the defaults, so an engine that
    /// plays only the default game can still play a default run.
    fn engine_setup(&self) -> Vec<String> {
        Vec::new()
    }

    /// The switches as `name=value` words, defaults included, for results
    /// files and reports; `None` for a game without switches.
    fn switches(&self) -> Option<String> {
        None
    }
}

/// GNU Backgammon's Match ID of a turn: the layout Portes uses, its cube
/// fields fixed, and Fevga too (F13: no cube either); its length and score
/// fields carry the match's (a Tavli match's target and score).
fn gnubg_turn_match_id(side: Side, dice: Dice, score: MatchScore) -> String {
    let clamp = |points: u32| points.min(u32::from(u16::MAX >> 1)) as u16;
    PortesMatchId {
        match_length: u16::from(score.length),
        score: score.score.map(clamp),
        turn: side,
        dice_owner: side,
        dice: Some(dice),
        state: PortesGameState::Playing,
        resignation: None,
    }
    .to_string()
}

impl RefereedGame for Portes {
    fn turn_match_id(&self, side: Side, dice: Dice, score: MatchScore) -> String {
        gnubg_turn_match_id(side, dice, score)
    }

    fn is_garbage(&self, error: &PortesNotationError) -> bool {
        matches!(error, PortesNotationError::Syntax(_))
    }
}

/// Plakoto through the game layer (its games in a Tavli match): its own
/// Match ID (protocol.md), with the rule set, and no switches beyond the
/// rule set (`set rules`/`set scoring` are not sent: a Tavli run plays
/// Plakoto's standard rules, and its scoring is told in the Match ID).
impl RefereedGame for Plakoto {
    fn turn_match_id(&self, side: Side, dice: Dice, score: MatchScore) -> String {
        let clamp = |points: u32| points.min(127) as u8;
        MatchId {
            rules: self.rules,
            match_length: score.length,
            score: score.score.map(clamp),
            on_roll: side,
            dice: Some(dice),
            phase: Phase::Playing,
            pending: None,
        }
        .to_string()
    }

    fn is_garbage(&self, error: &IllegalPlay) -> bool {
        matches!(error, IllegalPlay::Notation(_))
    }
}

impl RefereedGame for Fevga {
    fn turn_match_id(&self, side: Side, dice: Dice, score: MatchScore) -> String {
        gnubg_turn_match_id(side, dice, score)
    }

    fn is_garbage(&self, error: &FevgaNotationError) -> bool {
        matches!(error, FevgaNotationError::Syntax(_))
    }

    fn engine_setup(&self) -> Vec<String> {
        fevga_switch_commands(&self.rules)
    }

    fn switches(&self) -> Option<String> {
        Some(self.rules.describe())
    }
}

/// `set fevga.<switch> <value>` for each switch of `rules` that is not the
/// specification's default (docs/rules.md, variant switches), in its order.
pub fn fevga_switch_commands(rules: &FevgaRules) -> Vec<String> {
    let default = FevgaRules::default();
    let differ = [
        rules.release != default.release,
        rules.quarter_rule != default.quarter_rule,
        rules.quarter_check != default.quarter_check,
        rules.prime_rule != default.prime_rule,
    ];
    rules
        .describe()
        .split_whitespace()
        .zip(differ)
        .filter(|(_, differs)| *differs)
        .map(|(word, _)| format!("set {}", word.replacen('=', " ", 1)))
        .collect()
}
