//! Runs the units of a run of one game (`--game portes|plakoto|fevga`):
//! single games, or matches of the game with `--match-to`, on the worker
//! threads of [`super::runner`], with the same seeds, duplicate pairs and
//! records for every game.
//!
//! **Duplicate dice.** Units `2k` and `2k+1` form pair `k`. Game `g` of
//! both units rolls from the same dice stream (opening roll included),
//! with A playing X in unit `2k` and O in unit `2k+1`: each engine gets
//! the dice the other one got.

use super::error::ArenaError;
use super::player::PlayerOptions;
use super::record::Contestant;
use super::record::GameRecord;
use super::runner::{MAX_MATCH_GAMES, RunSpec, a_side, game_record, game_seeds, schedule};
use super::tavli_player::{BoxedPlayer, TavliPlayer};
use super::tavli_players::make_tavli_player;
use super::tavli_referee::{Opening, TavliSetup, play_game_from};
use crate::ToolsGame;
use plakoto_rules::Plakoto;
use plakoto_rules::{MatchScore, Side, TavliGame};

/// What the units of a run depend on.
#[derive(Clone, Debug)]
pub struct TavliRunSpec<G: TavliGame> {
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
    /// Match length; `None` for single games.
    pub match_to: Option<u8>,
    /// Positions the games start from, X on roll: duplicate pair `p`
    /// starts from `start_positions[p % len]`; empty: the game's start.
    pub start_positions: Vec<G::Position>,
}

/// Plays one unit (a single game, or a match with `match_to`), giving
/// each finished game to `emit`; stops early (the unit unfinished) when
/// `emit` returns `false`.
pub fn play_tavli_unit<G: ToolsGame>(
    spec: &TavliRunSpec<G>,
    unit: u64,
    a: &mut dyn TavliPlayer<G>,
    b: &mut dyn TavliPlayer<G>,
    generator: &mut G::Generator,
    emit: &mut dyn FnMut(GameRecord) -> bool,
) {
    let a_side = a_side(unit);
    let pair = unit / 2;
    let by_side = |v: [u8; 2]| {
        [
            v[Contestant::playing(Side::X, a_side).index()],
            v[Contestant::playing(Side::O, a_side).index()],
        ]
    };
    let start = (!spec.start_positions.is_empty())
        .then(|| spec.start_positions[(pair % spec.start_positions.len() as u64) as usize]);
    let mut score = [0u8; 2];
    let mut starter = None;
    for game in 0..MAX_MATCH_GAMES {
        let (dice_seed, player_seeds) = game_seeds(spec.seed, unit, game, a_side);
        let setup = TavliSetup {
            opening: spec.opening,
            dice_seed,
            player_seeds,
            turn_cap: spec.turn_cap,
            starter,
            score: MatchScore {
                length: spec.match_to.unwrap_or(0),
                score: by_side(score).map(u32::from),
            },
            tavli: None,
        };
        let players: [&mut dyn TavliPlayer<G>; 2] = if a_side == Side::X {
            [&mut *a, &mut *b]
        } else {
            [&mut *b, &mut *a]
        };
        let outcome = play_game_from(&spec.game, &setup, start, players, generator);
        let winner = outcome.winner.map(|s| Contestant::playing(s, a_side));
        let over = match spec.match_to {
            None => true,
            Some(length) => {
                if let Some(w) = winner {
                    let s = &mut score[w.index()];
                    *s = s.saturating_add(outcome.points).min(127);
                }
                score.iter().any(|&s| s >= length) || game + 1 >= MAX_MATCH_GAMES
            }
        };
        // R19: the winner starts the next game; after a draw (or a game
        // without result) the opening roll decides.
        starter = outcome.winner;
        let record = game_record(unit, game, a_side, outcome, score, over);
        if !emit(record) || over {
            return;
        }
    }
}

/// Plays `units` on `jobs` threads, making players by their specs (the
/// first worker plays with `ready` when given), handing each finished game
/// to `on_record` on the calling thread as games end.
pub fn run_tavli_units<G: ToolsGame>(
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
        || spec.game.referee_generator(),
        on_record,
    )
}

/// Plays the Plakoto run `spec` (the default game, under its rules):
/// `units` on `jobs` threads, handing each finished game to `on_record`
/// on the calling thread, as games end. If `on_record` fails, workers
/// stop after their current game and the error is returned.
pub fn run_units(
    spec: &RunSpec,
    units: &[u64],
    jobs: usize,
    on_record: impl FnMut(GameRecord) -> Result<(), ArenaError>,
) -> Result<(), ArenaError> {
    run_tavli_units(&plakoto_run(spec), units, jobs, None, on_record)
}

/// The run of Plakoto under `spec`'s rules that `spec` describes (R19:
/// Plakoto opens with the Greek opening roll).
pub fn plakoto_run(spec: &RunSpec) -> TavliRunSpec<Plakoto> {
    let game = Plakoto::new(spec.rules);
    TavliRunSpec::of_run(game, Opening::Greek, spec, spec.start_positions.clone())
}

impl<G: TavliGame> TavliRunSpec<G> {
    /// The run of `game` opening by `opening` from `start_positions` that
    /// the command line's `spec` describes (players, seed, turn cap,
    /// match length).
    pub fn of_run(
        game: G,
        opening: Opening,
        spec: &RunSpec,
        start_positions: Vec<G::Position>,
    ) -> TavliRunSpec<G> {
        TavliRunSpec {
            game,
            opening,
            a: spec.a.clone(),
            b: spec.b.clone(),
            seed: spec.seed,
            turn_cap: spec.turn_cap,
            options: spec.options.clone(),
            match_to: spec.match_to,
            start_positions,
        }
    }
}
