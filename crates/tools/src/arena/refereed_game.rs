//! What the arena needs of a game beyond [`TavliGame`], apart from the
//! referee and the players that use it (both name it): the Match ID of a
//! turn, how a play is checked and its error classed, and the game's
//! switches (told to engines, written in results files); its Portes and
//! Fevga implementations (Plakoto's is in `plakoto_players.rs`).

use plakoto_records::record::Roll;
use plakoto_rules::fevga::{FevgaNotationError, FevgaRules};
use plakoto_rules::portes::{PortesGameState, PortesMatchId, PortesNotationError};
use plakoto_rules::tavli::{Fevga, Portes, ToPlay};
use plakoto_rules::{Dice, MatchScore, Side, TavliGame};

/// What the arena needs of a game beyond [`TavliGame`]: the Match ID that
/// goes with a Position ID in `set position`, how a written play's error
/// is classed, and the switches the game is played under.
pub trait RefereedGame: TavliGame {
    /// Whether engines play this game without being told (`set game` is
    /// not sent in a run of it alone), so that engines from before
    /// `set game`, and from before `set position`, still play it: the
    /// protocol's default game, Plakoto.
    const ENGINE_DEFAULT: bool = false;

    /// The Match ID of a turn: `side` on roll with the numbers `to_play`,
    /// at `score` (X's and O's points and the match's length; length 0 in
    /// a single game, the Tavli target in a Tavli match). The default is
    /// GNU Backgammon's, which Portes and Fevga use; its layout has no
    /// place for numbers carried, so a game that carries them has its own.
    fn turn_match_id(
        &self,
        side: Side,
        to_play: &ToPlay<Self::Carried>,
        score: MatchScore,
    ) -> String {
        let dice = match to_play {
            ToPlay::Dice(dice) => Some(*dice),
            ToPlay::Carried(_) => None,
        };
        gnubg_turn_match_id(side, dice, score)
    }

    /// Whether `error` means the text is no play at all (garbage), rather
    /// than a readable play that is not legal.
    fn is_garbage(&self, error: &Self::PlayError) -> bool;

    /// Why a play was refused, as a fault says it.
    fn refusal(&self, error: &Self::PlayError) -> String {
        error.to_string()
    }

    /// The move generator the referee lists plays with (a game whose
    /// lists can be huge bounds them here).
    fn referee_generator(&self) -> Self::Generator {
        self.generator()
    }

    /// Checks a play a built-in player chose from `list` (the plays of
    /// `to_play` in `before`), where the list alone cannot tell whether it
    /// is legal (a list cut short); the play to make, or why it is not
    /// legal. The default takes the play: a complete list holds only
    /// legal plays.
    fn check_play(
        &self,
        before: &Self::Position,
        to_play: &ToPlay<Self::Carried>,
        list: &Self::PlayList,
        play: &Self::Play,
    ) -> Result<Self::Play, Self::PlayError> {
        let _ = (before, to_play, list);
        Ok(*play)
    }

    /// The numbers `carried` to a turn as the turn's record writes them:
    /// the words of their text (`3 3`), as numbers.
    fn carried_roll(&self, carried: &Self::Carried) -> Roll {
        Roll::Passed(
            carried
                .to_string()
                .split_whitespace()
                .filter_map(|word| word.parse().ok())
                .collect(),
        )
    }

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
fn gnubg_turn_match_id(side: Side, dice: Option<Dice>, score: MatchScore) -> String {
    let clamp = |points: u32| points.min(u32::from(u16::MAX >> 1)) as u16;
    PortesMatchId {
        match_length: u16::from(score.length),
        score: score.score.map(clamp),
        turn: side,
        dice_owner: side,
        dice,
        state: PortesGameState::Playing,
        resignation: None,
    }
    .to_string()
}

impl RefereedGame for Portes {
    fn is_garbage(&self, error: &PortesNotationError) -> bool {
        matches!(error, PortesNotationError::Syntax(_))
    }
}

impl RefereedGame for Fevga {
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
