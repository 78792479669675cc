//! Runs the units of an arena run on worker threads ([`schedule`], for
//! every game and for Tavli matches): each worker has its own pair of
//! players (its own engine processes) and move generator. The seeds and
//! records of a unit's games are derived here ([`game_seeds`],
//! [`game_record`]); a run of one game plays its units by
//! [`super::tavli_runner`].
//!
//! Everything a game depends on is derived from the run's seed and the
//! game's place (unit, game number), never from scheduling: the same seed
//! gives the same games with any `--jobs` and across `--resume`.
//!
//! **Duplicate dice.** Units `2k` and `2k+1` form pair `k`. Game `g` of
//! both units rolls from the same dice stream (opening roll included),
//! with A playing X in unit `2k` and O in unit `2k+1`: each engine gets
//! the dice the other one got.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;

use super::error::{ArenaError, PlayerError};
use super::player::PlayerOptions;
use super::record::{Contestant, FaultRecord, GameRecord};
use super::referee::{GameOutcome, mix_seed};
use plakoto_rules::{Position, Rules, Side};

/// Most games in one match (a match of endless draws must still end).
pub const MAX_MATCH_GAMES: u32 = 1_000;
/// Default turn cap per game.
pub const DEFAULT_TURN_CAP: u32 = 2_000;

/// Stream tags, so dice and players never share a seed.
pub(super) const DICE_STREAM: u64 = 0xD1CE;
pub(super) const PLAYER_STREAM: [u64; 2] = [0xA, 0xB];

/// What the units of a run depend on, as the command line gives them
/// (the rules, scoring and start positions are Plakoto's, the default
/// game's).
#[derive(Clone, Debug)]
pub struct RunSpec {
    /// Engine A's spec (`builtin:NAME` or a command).
    pub a: String,
    /// Engine B's spec.
    pub b: String,
    /// Rules.
    pub rules: Rules,
    /// Match length; `None` for single games.
    pub match_to: Option<u8>,
    /// The run's seed.
    pub seed: u64,
    /// Turn cap per game.
    pub turn_cap: u32,
    /// Player settings (timeouts).
    pub options: PlayerOptions,
    /// Positions the games start from, X on roll: duplicate pair `p`
    /// starts from `start_positions[p % len]`; empty: the initial position.
    pub start_positions: Vec<Position>,
}

/// The side A plays in `unit`.
pub fn a_side(unit: u64) -> Side {
    if unit.is_multiple_of(2) {
        Side::X
    } else {
        Side::O
    }
}

/// The seeds of game `game` of `unit`, A playing `a_side`: its dice
/// stream's (the same in both units of a duplicate pair) and X's and O's
/// players' (each engine's own, whichever side it plays).
pub fn game_seeds(seed: u64, unit: u64, game: u32, a_side: Side) -> (u64, [u64; 2]) {
    let g = u64::from(game);
    let engine_seeds = PLAYER_STREAM.map(|tag| mix_seed(&[seed, unit, g, tag]));
    let player_seeds = if a_side == Side::X {
        engine_seeds
    } else {
        [engine_seeds[1], engine_seeds[0]]
    };
    (mix_seed(&[seed, unit / 2, g, DICE_STREAM]), player_seeds)
}

/// The record of game `game` of `unit`, A playing `a_side`: `outcome`
/// (in X and O terms) turned into A's and B's terms, with the match
/// `score` after it and whether it ends its unit.
pub fn game_record(
    unit: u64,
    game: u32,
    a_side: Side,
    outcome: GameOutcome,
    score: [u8; 2],
    over: bool,
) -> GameRecord {
    let winner = outcome.winner.map(|s| Contestant::playing(s, a_side));
    let a_points = match winner {
        Some(Contestant::A) => i32::from(outcome.points),
        Some(Contestant::B) => -i32::from(outcome.points),
        None => 0,
    };
    let x_engine = Contestant::playing(Side::X, a_side);
    let per_engine = |v: [f64; 2]| {
        if x_engine == Contestant::A {
            v
        } else {
            [v[1], v[0]]
        }
    };
    GameRecord {
        unit,
        game,
        a_side,
        kind: outcome.kind,
        winner,
        points: outcome.points,
        a_points,
        fault: outcome
            .fault
            .as_ref()
            .map(|(side, f)| FaultRecord::new(Contestant::playing(*side, a_side), f)),
        score,
        unit_over: over,
        turns: outcome.moves.len() as u32,
        opening: outcome.opening,
        moves: outcome.moves,
        think_ms: per_engine(outcome.think_time.map(|d| d.as_secs_f64() * 1e3)),
        decisions: {
            let d = outcome.decisions;
            if x_engine == Contestant::A {
                d
            } else {
                [d[1], d[0]]
            }
        },
        game_kind: None,
    }
}

/// The worker threads of a run, whatever the game: each worker takes
/// `ready` (the first one) or makes its players with `make`, makes its own
/// generator with `generator`, and plays units from the queue with `play`
/// until the queue is empty or `on_record` (called on this thread, as
/// games end) fails; its error is then returned.
pub fn schedule<P: Send, G>(
    units: &[u64],
    jobs: usize,
    ready: Option<P>,
    make: impl Fn() -> Result<P, PlayerError> + Sync,
    play: impl Fn(&mut P, &mut G, u64, &mut dyn FnMut(GameRecord) -> bool) + Sync,
    generator: impl Fn() -> G + Sync,
    mut on_record: impl FnMut(GameRecord) -> Result<(), ArenaError>,
) -> Result<(), ArenaError> {
    let ready = Mutex::new(ready);
    let queue = Mutex::new(units.iter().copied());
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<Result<GameRecord, ArenaError>>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(units.len().max(1)) {
            let tx = tx.clone();
            let (queue, stop, ready) = (&queue, &stop, &ready);
            let (make, play, generator) = (&make, &play, &generator);
            scope.spawn(move || {
                let taken = ready.lock().ok().and_then(|mut r| r.take());
                let players = match taken {
                    Some(pair) => Ok(pair),
                    None => make(),
                };
                let mut players = match players {
                    Ok(p) => p,
                    Err(e) => {
                        let _ = tx.send(Err(ArenaError::Player(e)));
                        return;
                    }
                };
                let mut generator = generator();
                while !stop.load(Ordering::Relaxed) {
                    let next = queue.lock().map(|mut q| q.next()).unwrap_or(None);
                    let Some(unit) = next else { break };
                    play(&mut players, &mut generator, unit, &mut |r| {
                        tx.send(Ok(r)).is_ok() && !stop.load(Ordering::Relaxed)
                    });
                }
            });
        }
        drop(tx);
        let mut error = None;
        for msg in rx {
            if error.is_some() {
                continue;
            }
            let result = msg.and_then(&mut on_record);
            if let Err(e) = result {
                stop.store(true, Ordering::Relaxed);
                error.get_or_insert(e);
            }
        }
        error.map_or(Ok(()), Err)
    })
}
