//! Runs the units of a run of a game played through the game layer
//! (`--game portes|fevga`): single games, on the worker threads of
//! [`super::runner`], with the same seeds, duplicate pairs and records.
//!
//! **Duplicate dice.** Units `2k` and `2k+1` roll from the same dice
//! stream (the opening included), A playing X in unit `2k` and O in unit
//! `2k+1`: each engine gets the dice the other one got.

use super::error::ArenaError;
use super::player::PlayerOptions;
use super::record::GameRecord;
use super::refereed_game::RefereedGame;
use super::runner::{a_side, game_record, game_seeds, schedule};
use super::tavli_player::{BoxedPlayer, TavliPlayer};
use super::tavli_players::{BuiltinPlayers, make_tavli_player};
use super::tavli_referee::{Opening, TavliSetup, play_tavli_game};
use plakoto_rules::{MatchScore, Side};

/// What the units of a run depend on.
#[derive(Clone, Debug)]
pub struct TavliRunSpec<G> {
    /// The game with its switches (Portes' scoring, Fevga's rules).
    pub game: G,
    /// How games open (P13).
    pub opening: Opening,
    /// Engine A's spec (`builtin:NAME` or a command).
    pub a: String,
    /// Engine B's spec.
    pub b: String,
    /// The run's seed.
    pub seed: u64,
    /// Turn cap per game.
    pub turn_cap: u32,
    /// Player settings (timeouts).
    pub options: PlayerOptions,
}

/// Plays the single game of `unit`, giving it to `emit`.
pub fn play_tavli_unit<G: RefereedGame>(
    spec: &TavliRunSpec<G>,
    unit: u64,
    a: &mut dyn TavliPlayer<G>,
    b: &mut dyn TavliPlayer<G>,
    generator: &mut G::Generator,
    emit: &mut dyn FnMut(GameRecord) -> bool,
) {
    let a_side = a_side(unit);
    let (dice_seed, player_seeds) = game_seeds(spec.seed, unit, 0, a_side);
    let setup = TavliSetup {
        opening: spec.opening,
        dice_seed,
        player_seeds,
        turn_cap: spec.turn_cap,
        starter: None,
        score: MatchScore::default(),
        tavli: None,
    };
    let players: [&mut dyn TavliPlayer<G>; 2] = if a_side == Side::X { [a, b] } else { [b, a] };
    let outcome = play_tavli_game(&spec.game, &setup, players, generator);
    emit(game_record(unit, 0, a_side, outcome, [0, 0], true));
}

/// Plays `units` on `jobs` threads, making players by their specs (the
/// first worker plays with `ready` when given), handing each finished game
/// to `on_record` on the calling thread as games end.
pub fn run_tavli_units<G: BuiltinPlayers>(
    spec: &TavliRunSpec<G>,
    units: &[u64],
    jobs: usize,
    ready: Option<(BoxedPlayer<G>, BoxedPlayer<G>)>,
    on_record: impl FnMut(GameRecord) -> Result<(), ArenaError>,
) -> Result<(), ArenaError> {
    schedule(
        units,
        jobs,
        ready,
        || {
            Ok((
                make_tavli_player(&spec.game, &spec.a, &spec.options)?,
                make_tavli_player(&spec.game, &spec.b, &spec.options)?,
            ))
        },
        |(a, b), generator, unit, emit| {
            play_tavli_unit(spec, unit, a.as_mut(), b.as_mut(), generator, emit)
        },
        || spec.game.generator(),
        on_record,
    )
}
